"""``ground_entail``: does the evidence support each answer sentence?

Runs the project's cross-encoder on (evidence, answer sentence) pairs, the evidence
being the top-k source sentences ``ground_align`` found, and sets
``Span._.entailment`` on every sentence in ``doc.spans[sentences_key]``:
``{"supported": p, "unsupported": p, "contradicted": p, "label": ..., "evidence": i}``,
``i`` being the index in ``Span._.evidence`` of the evidence sentence that was judged
(with ``evidence_mode = "best"`` each of the top ``evidence_k`` sentences is read on its
own and the one that supports the sentence most is kept, unless another contradicts it
more strongly; the lower-ranked ones are read only when the top one gives less than
``enough_support``; with ``"concat"`` they are read together
as one premise and ``i`` is 0; ``"read_as"``: the sentence as the model read it, when that
differs from its text, see below). ``evidence_k_by_source`` sets ``evidence_k`` per kind of
sources (``{"passages": 3}``: an answer drawn from several retrieved passages is read
against its top 3 evidence sentences at once, one from a single document or a JSON
record against its best one).

With ``grounded_values_as_sources`` (the default), each claim of the sentence that
``ground_numeric`` (placed before this component) grounded is read written as its source
writes it: "opens at 9 pm" against "opens at 21:00" is read as "opens at 21:00". The
numeric check knows the two are the same value; the cross-encoder, reading text, would
call the sentence contradicted.

The model is a thinc ``Model`` built by the registered architecture
``spacy_ground.CrossEncoder.v1`` (a torch module behind thinc's PyTorchWrapper), set
in config under ``[components.ground_entail.model]`` like any spaCy model. The
trained weights ship in the package as safetensors (no pickle) and are saved with
``nlp.to_disk`` / ``to_bytes``.
"""

from __future__ import annotations

import functools
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from spacy.language import Language
from spacy.tokens import Doc
from spacy.training import Example
from spacy.util import ensure_path, registry
from thinc.api import Config, Model
from thinc.types import Floats2d

from spacy_ground.nn.threads import check_workers, map_in_threads, torch_threads, torch_threads_for
from spacy_ground.pipeline.extensions import FAILED, JUDGED_BY, KEEP_GOING, describe_error, register_extensions
from spacy_ground.sources.readers import check_source_kinds, source_kind
from spacy_ground.sources.tables import markdown_table_rows
from spacy_ground.sources.words import evidence_text
from spacy_ground.text.compare import DIFFERS, compare
from spacy_ground.text.normalize import find_claims
from spacy_ground.text.values import ClaimValue

MODEL_FILE = "entail.safetensors"
TAGGER_FILE = "tagger.safetensors"
EMBEDDED_MODEL = Path(__file__).parent.parent / "models" / MODEL_FILE
EMBEDDED_TAGGER = Path(__file__).parent.parent / "models" / TAGGER_FILE
DEFAULT_MODEL_CONFIG = """
[model]
@architectures = "spacy_ground.CrossEncoder.v1"
weights = ""
max_length = 256
quantize = true
tag_tokens = true
tagger_weights = ""
"""


DEFAULT_MODEL = Config().from_str(DEFAULT_MODEL_CONFIG)["model"]


@registry.architectures("spacy_ground.CrossEncoder.v1")
def build_cross_encoder(
    weights: str = "",
    max_length: int = 256,
    quantize: bool = True,
    tag_tokens: bool = True,
    tagger_weights: str = "",
) -> Model[List[Tuple[str, str]], Floats2d]:
    """The trained cross-encoder as a thinc model. ``weights``: a safetensors file of
    trained tensors ("" = the one shipped in the package); ``quantize``: dynamic int8
    (the default: about twice as fast on CPU at the same accuracy, see BENCHMARKS.md;
    activations are scaled per forward pass, which is why ``ground_entail`` reads one pair
    at a time by default); ``tag_tokens``: attach the token tagger (``nn.tagger``; its
    weights: ``tagger_weights``, "" = the one shipped), so that each pair read also says
    which of the sentence's words the evidence does not support."""
    from spacy_ground.nn.entail_model import cross_encoder_model, load_tokenizer

    if quantize and on_gpu():
        import warnings

        warnings.warn(
            "ground_entail: dynamic int8 runs on the CPU only; on the GPU the float32 weights run", stacklevel=2
        )
        quantize = False
    path = Path(weights) if weights else EMBEDDED_MODEL
    tagger = (Path(tagger_weights) if tagger_weights else EMBEDDED_TAGGER) if tag_tokens else None
    if tagger is not None and not tagger.exists():
        raise FileNotFoundError(
            f"ground_entail: no token tagger at {tagger}; train one with `spacy project run train`, "
            "set components.ground_entail.model.tagger_weights, or set tag_tokens = false"
        )
    model = cross_encoder_model(_load_torch(path, quantize, tagger), load_tokenizer(), max_length)
    model.attrs["weights"] = str(path)
    model.attrs["tagger_weights"] = str(tagger) if tagger is not None else ""
    model.attrs["tag_tokens"] = bool(tag_tokens)
    model.attrs["quantize"] = quantize
    return model


def on_gpu() -> bool:
    """Whether thinc puts torch modules on an accelerator (after ``spacy.require_gpu()``:
    CUDA, or Apple's MPS)."""
    from thinc.api import get_torch_default_device

    return get_torch_default_device().type != "cpu"


def inference_only(module):
    """Keep a torch module in eval mode for good. thinc's PyTorchShim.predict switches the
    module back to ``train()`` after every call; with answers checked from several threads
    that would switch dropout on in the middle of another thread's forward pass."""
    module.eval()
    module.train = functools.partial(_stay_in_eval, module)  # the instance attribute shadows nn.Module.train
    return module


def _stay_in_eval(module, mode: bool = True):
    """``train()`` of an inference-only module: it stays as it is (a function, not a lambda,
    so that the module pickles)."""
    return module


def _load_torch(path: Path, quantize: bool, tagger: Optional[Path] = None):
    """The cross-encoder of ``path`` (with the token tagger of ``tagger`` attached as its
    ``tagger`` module), in eval mode for good, int8 where ``quantize``."""
    from spacy_ground.nn.entail_model import load_trained

    if not path.exists():
        raise FileNotFoundError(
            f"ground_entail: no trained model at {path}; train one with "
            "`spacy project run train` or set components.ground_entail.model.weights"
        )
    module = load_trained(path)
    if tagger is not None:
        from spacy_ground.nn.tagger import load_tagger

        module.tagger = load_tagger(tagger, module)
    module = inference_only(module)
    if quantize:
        import warnings

        import torch

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            module = torch.ao.quantization.quantize_dynamic(module, {torch.nn.Linear}, dtype=torch.qint8)
    return module


@Language.factory(
    "ground_entail",
    requires=["doc.spans", "span._.evidence", "span._.ground_numeric"],
    assigns=["span._.entailment"],
    default_config={
        "sentences_key": "ground_sentences",
        "model": DEFAULT_MODEL,
        "evidence_k": 1,
        "evidence_k_by_source": {"passages": 3},  # as the shipped model was trained (stage 3)
        "evidence_mode": "concat",
        "enough_support": 1.0,
        "claims_key": "ground_claims",
        "grounded_values_as_sources": True,
        "batch_size": 1,  # one pair per forward pass: a sentence's probabilities depend on its own pair only
        "workers": 2,  # pairs read at once, each on a thread running torch on one thread (0: in the calling thread)
        "torch_threads": None,  # torch threads in the calling thread; None: SPACY_GROUND_TORCH_THREADS, else 1
        # the token tagger reads a sentence only when its support is under this (1.0: always)
        "tag_if_support_below": 0.8,
        "scorer": {
            "@scorers": "spacy_ground.entailment_scorer.v1",
            "label": "hallucinated",
            "gold_spans_key": "ground_unsupported",
        },
    },
    default_score_weights={"entail_answer_auroc": 0.0, "entail_sentence_auroc": 0.0},
)
def make_ground_entail(
    nlp: Language,
    name: str,
    model: Model,
    sentences_key: str,
    evidence_k: int,
    evidence_k_by_source: Dict[str, int],
    evidence_mode: str,
    enough_support: float,
    claims_key: str,
    grounded_values_as_sources: bool,
    batch_size: int,
    workers: int,
    scorer: Optional[Callable],
    torch_threads: Optional[int] = None,
    tag_if_support_below: float = 1.0,
) -> "Entailer":
    check_aligner_keeps_enough(nlp, sentences_key, evidence_k, evidence_k_by_source or {})
    return Entailer(
        nlp,
        name,
        model=model,
        sentences_key=sentences_key,
        evidence_k=evidence_k,
        evidence_k_by_source=evidence_k_by_source,
        evidence_mode=evidence_mode,
        enough_support=enough_support,
        claims_key=claims_key,
        grounded_values_as_sources=grounded_values_as_sources,
        batch_size=batch_size,
        workers=workers,
        scorer=scorer,
        torch_threads=torch_threads,
        tag_if_support_below=tag_if_support_below,
    )


@registry.scorers("spacy_ground.entailment_scorer.v1")
def make_entailment_scorer(
    label: str = "hallucinated", gold_spans_key: str = "ground_unsupported"
) -> "EntailmentScorer":
    """The cross-encoder alone against gold answers, for ``nlp.evaluate`` (see ``EntailmentScorer``)."""
    return EntailmentScorer(label, gold_spans_key)


class EntailmentScorer:
    """The cross-encoder alone, as ``spacy project run evaluate`` measures it ("entailment
    only"): ``entail_answer_auroc``, the AUROC of 1 - the lowest support among an answer's
    judged sentences (1 when none was judged) over the labelled answers, and
    ``entail_sentence_auroc``, the AUROC of each judged sentence's 1 - support against
    whether it overlaps a gold span, over the answers whose spans are known (a gold span, or
    labelled clean). Gold labels as ``ground_verdict``'s scorer reads them (the reference's
    category ``label``, else its spans under ``gold_spans_key``); None where a figure cannot
    be computed. (A class, not a closure, so that a pipeline holding it pickles.)"""

    def __init__(self, label: str = "hallucinated", gold_spans_key: str = "ground_unsupported"):
        self.label = label
        self.gold_spans_key = gold_spans_key

    def __call__(
        self, examples: Iterable[Example], *, sentences_key: str = "ground_sentences", **kwargs
    ) -> Dict[str, Any]:
        from spacy_ground.fusion.metrics import auroc
        from spacy_ground.pipeline.scoring import GroundingScorer, known_gold

        gold_label = GroundingScorer(self.label).gold
        answer_scores, answer_labels, sentence_scores, sentence_labels = [], [], [], []
        for eg in examples:
            y = gold_label(eg.reference, self.gold_spans_key)
            if y is None:
                continue
            judged = [(s, s._.entailment) for s in eg.predicted.spans.get(sentences_key, []) if s._.entailment]
            answer_scores.append(1.0 - min([e["supported"] for _, e in judged] or [1.0]))
            answer_labels.append(y)
            known = known_gold(eg, self.gold_spans_key, y)
            if known is not None:
                gold, to_reference = known
                for sent, e in judged:
                    chars = {to_reference[i] for i in range(sent.start_char, sent.end_char)} - {None}
                    sentence_scores.append(1.0 - e["supported"])
                    sentence_labels.append(bool(chars & gold))
        return {
            "entail_answer_auroc": auroc(answer_scores, answer_labels) if answer_labels else None,
            "entail_sentence_auroc": auroc(sentence_scores, sentence_labels) if sentence_labels else None,
        }


def read_as(sent, claims: Sequence[Any], premise: str = "") -> str:
    """The sentence as the cross-encoder reads it: each of ``claims`` (claim spans) inside it
    that ``ground_numeric`` grounded by the very same value (``nearest["same_value"]``) is
    written as the source writes that value, unless the ``premise`` holds a value of the same
    kind that differs from it ("opens at 9 pm" against "opens at 22:00, the bar next door at
    21:00" stays as written). Bare numbers ("three", "3)") and numbers joined to words
    ("four-point-five") stay as written."""
    text, base, pos, out = sent.text, sent.start_char, 0, []
    in_premise: Optional[List[ClaimValue]] = None
    for claim in sorted(claims, key=lambda c: c.start_char):
        if claim.start_char < base + pos or claim.end_char > sent.end_char:
            continue  # outside the sentence, or overlapping a claim already rewritten
        result, value = claim._.ground_numeric or {}, claim._.claim or {}
        nearest = (result.get("nearest") or {}) if result.get("status") == "grounded" else {}
        source_text = nearest.get("text") if nearest.get("same_value") else None
        if (
            not source_text
            or source_text.lower() == claim.text.lower()
            or value.get("text") != claim.text
            or value.get("kind") == "cardinal"
            or _joined_to_words(claim)
        ):
            continue  # written alike, the span holds more than the claim ("5'11" for 5), a bare number
        if in_premise is None:
            in_premise = [v for _, _, v in find_claims(premise)] if premise else []
        answer_value = ClaimValue.from_dict(value)
        if any(compare(answer_value, v).result == DIFFERS for v in in_premise):
            continue  # the evidence says something else too: let the model read the answer's words
        if claim.start_char > base and source_text[:1].isupper() and source_text[1:2].islower():
            source_text = source_text[0].lower() + source_text[1:]  # "Around 5 million" mid-sentence
        out += [text[pos : claim.start_char - base], source_text]
        pos = claim.end_char - base
    return ("".join(out) + text[pos:]).strip()


def _statements(sent, claims: Sequence[Any]) -> str:
    """The changes ``ground_numeric`` read off table rows for the claims of ``sent``, as
    sentences to read before its evidence ("" when none)."""
    said = [
        (c._.ground_numeric or {}).get("statement")
        for c in claims
        if sent.start_char <= c.start_char and c.end_char <= sent.end_char
    ]
    said = list(dict.fromkeys(s for s in said if s))
    return " ".join(said) + " " if said else ""


def table_rows(doc: Doc) -> Dict[Tuple[int, int], Optional[str]]:
    """A Markdown table in the answer: (start, end) of each row line and its reading with the
    column names, as the sources' rows are read (None for the line of column names, which
    states nothing to judge)."""
    return {(r.start, r.end): r.reading for r in markdown_table_rows(doc.text) if not r.separator}


def _table_line(rows: Dict[Tuple[int, int], Optional[str]], sent) -> Optional[Tuple[int, int]]:
    """The (start, end) of the answer's table line that ``sent`` is, if it is one."""
    if not rows:
        return None
    text = sent.doc.text
    start = text.rfind("\n", 0, sent.start_char) + 1
    end = text.find("\n", sent.end_char)
    key = (start, len(text) if end < 0 else end)
    line = text[key[0] : key[1]]
    # the sentence is the whole line, as written (the splitter cut it nowhere else)
    return key if key in rows and sent.text.strip() == line.strip() else None


def _joined_to_words(span) -> bool:
    """Whether a claim span is glued to the words around it ("four-point-five-star")."""
    text = span.doc.text
    before = text[span.start_char - 1] if span.start_char > 0 else " "
    after = text[span.end_char] if span.end_char < len(text) else " "
    return before == "-" or before.isalnum() or after == "-" or after.isalnum()


def check_aligner_keeps_enough(
    nlp: Language, sentences_key: str, evidence_k: int, evidence_k_by_source: Dict[str, int]
) -> None:
    """Warn when ``evidence_k`` (or a value of ``evidence_k_by_source``) is above the ``top_k``
    of the aligner already in the pipeline that writes the same sentences: it keeps only
    ``top_k`` evidence sentences, so only those are read."""
    import warnings

    from spacy_ground.pipeline.align import EvidenceAligner

    for pipe_name, pipe in nlp.pipeline:
        if isinstance(pipe, EvidenceAligner) and pipe.spans_key == sentences_key:
            wanted = {
                "evidence_k": evidence_k,
                **{f"evidence_k_by_source.{kind}": k for kind, k in (evidence_k_by_source or {}).items()},
            }
            over = {key: k for key, k in wanted.items() if isinstance(k, int) and k > pipe.top_k}
            if over:
                settings = ", ".join(f"{key} = {k}" for key, k in over.items())
                warnings.warn(
                    f"ground_entail: {settings} asks for more evidence sentences than {pipe_name!r} keeps "
                    f"(top_k = {pipe.top_k}), so only {pipe.top_k} are read; raise "
                    f"components.{pipe_name}.top_k or lower ground_entail's setting to match",
                    UserWarning,
                    stacklevel=2,
                )


def sentence_tokens(sent, hypothesis: str, pieces: Sequence[Tuple[int, int, float]]) -> Optional[List[List[Any]]]:
    """The sentence's tokens (whitespace left out) as [start, end, probability not supported]
    in the Doc's characters, from the tagger's word pieces of ``hypothesis`` (the sentence as
    the model read it: a rewritten part's pieces count for all of what it replaced; a token
    no piece reached, cut off by the length limit, has probability None). None where the
    hypothesis cannot be mapped back (``text.offsets.char_blocks``)."""
    from spacy_ground.fusion.spans import mapped_token_probabilities
    from spacy_ground.text.offsets import char_blocks

    blocks = char_blocks(sent.text, hypothesis)
    if blocks is None:
        return None
    tokens = [(t.idx, t.idx + len(t.text)) for t in sent if not t.is_space]
    probs = mapped_token_probabilities(tokens, pieces, blocks, sent.start_char)
    return [[s, e, None if p is None else round(float(p), 4)] for (s, e), p in zip(tokens, probs)]


EVIDENCE_MODES = ("concat", "best")


def judge(premises: Sequence[Tuple[int, List[float]]]) -> Tuple[int, List[float]]:
    """Of the (evidence index, probabilities) read for one sentence, the one that speaks most
    strongly for or against it: the most supportive premise, unless another contradicts the
    sentence more strongly than any supports it."""
    support = max(premises, key=lambda t: t[1][0])
    against = max(premises, key=lambda t: t[1][2])
    return against if against[1][2] > support[1][0] else support


class Entailer:
    """Cross-encoder entailment of answer sentences by their evidence."""

    def __init__(
        self,
        nlp: Language,
        name: str = "ground_entail",
        *,
        model: Model,
        sentences_key: str = "ground_sentences",
        evidence_k: int = 1,
        evidence_k_by_source: Optional[Dict[str, int]] = None,
        evidence_mode: str = "concat",
        enough_support: float = 1.0,
        claims_key: str = "ground_claims",
        grounded_values_as_sources: bool = True,
        batch_size: int = 1,
        workers: int = 2,
        scorer: Optional[Callable] = None,
        torch_threads: Optional[int] = None,
        tag_if_support_below: float = 1.0,
    ):
        if evidence_k < 1 or batch_size < 1:
            raise ValueError("ground_entail: evidence_k and batch_size must be >= 1")
        check_workers("ground_entail", workers)
        self.torch_threads = torch_threads_for("ground_entail", torch_threads)
        evidence_k_by_source = dict(evidence_k_by_source or {})
        check_source_kinds(evidence_k_by_source, "ground_entail: evidence_k_by_source")
        for kind, k in evidence_k_by_source.items():
            if not isinstance(k, int) or isinstance(k, bool) or k < 1:
                raise ValueError(f"ground_entail: evidence_k_by_source[{kind!r}] must be an integer >= 1, not {k!r}")
        if evidence_mode not in EVIDENCE_MODES:
            raise ValueError(f"ground_entail: evidence_mode must be one of {EVIDENCE_MODES}, not {evidence_mode!r}")
        if not 0.0 <= enough_support <= 1.0:
            raise ValueError(f"ground_entail: enough_support must be between 0 and 1, not {enough_support}")
        if isinstance(tag_if_support_below, bool) or not isinstance(tag_if_support_below, (int, float)):
            raise ValueError(f"ground_entail: tag_if_support_below must be a number, not {tag_if_support_below!r}")
        if not 0.0 < tag_if_support_below <= 1.0:
            raise ValueError(
                f"ground_entail: tag_if_support_below is a probability in (0, 1], not {tag_if_support_below}"
            )
        if enough_support < 1.0 and evidence_mode != "best":
            raise ValueError(
                "ground_entail: enough_support (the cascade) applies to evidence_mode = 'best' only; "
                f"with {evidence_mode!r} leave it at 1.0"
            )
        register_extensions()
        self.nlp = nlp
        self.name = name
        self.model = model
        self._weights: Optional[bytes] = None  # the weights' safetensors bytes, once read
        self.sentences_key = sentences_key
        self.evidence_k = evidence_k
        self.evidence_k_by_source = evidence_k_by_source
        self.evidence_mode = evidence_mode
        self.enough_support = float(enough_support)
        self.claims_key = claims_key
        self.grounded_values_as_sources = bool(grounded_values_as_sources)
        self._order_checked = False  # _check_order warns once
        self.batch_size = batch_size
        self.workers = workers
        self.scorer = scorer
        self.tag_if_support_below = float(tag_if_support_below)

    def score(self, examples: Iterable[Example], **kwargs) -> Dict[str, Any]:
        """The cross-encoder alone against gold answers (``nlp.evaluate``; see ``EntailmentScorer``)."""
        if self.scorer is None:
            return {}
        return self.scorer(examples, **{**kwargs, "sentences_key": self.sentences_key})

    @property
    def model_path(self) -> Path:
        """The safetensors file the current weights came from."""
        return Path(self.model.attrs["weights"])

    # ----------------------------------------------------------------- call
    def __call__(self, doc: Doc) -> Doc:
        return next(iter(self.pipe([doc])))

    def pipe(self, stream: Iterable[Doc], batch_size: int = 64) -> Iterable[Doc]:
        """One answer at a time: its pairs are batched together, never with another
        answer's, so a score does not depend on what else is in the stream (padding to
        a longer neighbour changes the last bits of the floats)."""
        for doc in stream:
            if not doc.user_data.get(KEEP_GOING):
                self._check_order(doc)
                yield from self._process([doc])
                continue
            if not doc.user_data.get(FAILED):  # a batch's Doc: an error is its reason (extensions.guarded)
                try:
                    self._check_order(doc)
                    self._process([doc])
                except Exception as e:
                    doc.user_data[FAILED] = describe_error(self.name, e)
            yield doc

    def _check_order(self, doc: Doc) -> None:
        """Warn (once) when ``grounded_values_as_sources`` cannot work: the Doc holds claims
        under ``claims_key`` that no numeric grounding has read yet."""
        if not self.grounded_values_as_sources or self._order_checked:
            return
        if doc._.numeric_grounding is None and len(doc.spans.get(self.claims_key, [])):
            import warnings

            self._order_checked = True
            warnings.warn(
                f"{self.name}: the claims under {self.claims_key!r} have not been grounded yet, so "
                f"grounded values cannot be read as the sources write them; put ground_numeric before "
                f"{self.name!r} or set components.{self.name}.grounded_values_as_sources = false",
                UserWarning,
                stacklevel=3,
            )

    def pairs(
        self, doc: Doc, ranks: Optional[range] = None, rows: Optional[Dict[Tuple[int, int], Optional[str]]] = None
    ) -> List[Tuple[Any, int, Tuple[str, str]]]:
        """(sentence span, evidence index, (premise, sentence)) for each answer sentence with
        evidence: one premise of the top ``evidence_k`` sentences ("concat"), or one pair
        per evidence sentence ("best"; ``ranks``: which of the top ``evidence_k``). ``rows``:
        the answer's ``table_rows``, where the caller has them already."""
        k = self.evidence_k_for(doc)
        out = []
        seen = set()
        claims = list(doc.spans.get(self.claims_key, [])) if self.grounded_values_as_sources else []
        if rows is None:
            rows = table_rows(doc)
        for sent in doc.spans.get(self.sentences_key, []):
            if (sent.start_char, sent.end_char) in seen:  # a repeated span shares its extension values
                continue
            seen.add((sent.start_char, sent.end_char))
            evidence = sent._.evidence or []
            row = _table_line(rows, sent)
            if not evidence or (row is not None and rows[row] is None):
                sent._.entailment = None  # nothing to judge against, or nothing to judge
                continue
            if row is not None:
                hypothesis = rows[row]
            else:
                hypothesis = read_as(sent, claims, evidence_text(evidence, k)) if claims else sent.text.strip()
            # a change the numeric check read off a table row ("Revenue rose 17% from ... to ..."),
            # which the model cannot compute from the row's figures, is read first
            stated = _statements(sent, claims)
            if self.evidence_mode == "best":
                for i in ranks if ranks is not None else range(k):
                    if i < min(len(evidence), k):
                        out.append((sent, i, (stated + evidence_text([evidence[i]], 1), hypothesis)))
            else:
                out.append((sent, 0, (stated + evidence_text(evidence, k), hypothesis)))
        return out

    def evidence_k_for(self, doc: Doc) -> int:
        """How many evidence sentences this answer's sentences are read with: ``evidence_k``,
        or ``evidence_k_by_source`` for the kind of its sources (see ``sources.source_kind``)."""
        return self.evidence_k_by_source.get(source_kind(doc._.ground_sources), self.evidence_k)

    @property
    def tags_tokens(self) -> bool:
        """Whether the model has a token tagger attached (``tag_tokens``)."""
        return getattr(self.model.shims[0]._model, "tagger", None) is not None

    def predict_tagged(
        self, pairs: Sequence[Tuple[str, str]]
    ) -> List[Tuple[List[float], List[Tuple[int, int, float]]]]:
        """Per pair, the probabilities (supported, unsupported, contradicted) and, per word
        piece of the hypothesis, (start, end, probability it is not supported) in the
        hypothesis' characters. Batched and threaded as ``predict``; pairs are tokenised in
        the calling thread."""
        from spacy_ground.nn.entail_model import module_device
        from spacy_ground.nn.tagger import decode_tagged, encode_for_tagging, run_tagged

        module = self.model.shims[0]._model
        max_length = int(self.model.attrs.get("max_length", 256))
        tokenizer = self.model.attrs["tokenizer"]
        batches = self._length_batches(pairs)
        encoded = [
            encode_for_tagging(tokenizer, [pairs[i][0] for i in idx], [pairs[i][1] for i in idx], max_length)
            for idx in batches
        ]
        run = functools.partial(run_tagged, module, support_below=self.tag_if_support_below)
        workers = self.workers if module_device(module).type == "cpu" else 0
        results = map_in_threads(run, encoded, workers, self.torch_threads)
        out: List[Any] = [None] * len(pairs)
        for idx, enc, (probs, tags) in zip(batches, encoded, results):
            for row, (i, p) in enumerate(zip(idx, probs)):
                out[i] = (p, decode_tagged(enc, tags, row))
        return out

    def _length_batches(self, pairs: Sequence[Tuple[str, str]]) -> List[List[int]]:
        """The pairs' indices in batches of ``batch_size``, by length (then text, so that the
        order does not depend on the order given)."""
        order = sorted(range(len(pairs)), key=lambda i: (len(pairs[i][0]) + len(pairs[i][1]), pairs[i]))
        return [order[b : b + self.batch_size] for b in range(0, len(order), self.batch_size)]

    def predict(self, pairs: Sequence[Tuple[str, str]]) -> List[List[float]]:
        """Probabilities (supported, unsupported, contradicted) per pair, in batches of
        similar length."""
        from spacy_ground.nn.entail_model import module_device, predict_in_threads

        batches = self._length_batches(pairs)
        out: List[List[float]] = [[]] * len(pairs)
        if (
            self.workers > 1
            and batches
            and "tokenizer" in self.model.attrs
            and module_device(self.model.shims[0]._model).type == "cpu"
        ):
            results = predict_in_threads(self.model, [[pairs[i] for i in idx] for idx in batches], self.workers)
        else:
            with torch_threads(self.torch_threads):
                results = [self.model.predict([pairs[i] for i in idx]).tolist() for idx in batches]
        for idx, probs in zip(batches, results):
            for i, p in zip(idx, probs):
                out[i] = p
        return out

    def _process(self, docs: Sequence[Doc]) -> List[Doc]:
        from spacy_ground.nn.entail_model import LABELS

        predict = self._predict_with_tags if self.tags_tokens else self._predict_found
        tags: Dict[Tuple[int, int, int], List[Tuple[int, int, float]]] = {}  # (sentence start, end, evidence) -> pieces
        rows = [table_rows(doc) for doc in docs]  # read once, for the pairs and for the tagger
        # sentences that are table rows of the answer (read as their rows' readings): not tagged
        table_lines = {
            (s.start_char, s.end_char)
            for doc, these in zip(docs, rows)
            if these
            for s in doc.spans.get(self.sentences_key, [])
            if _table_line(these, s) is not None
        }
        if self.evidence_mode == "best" and self.enough_support < 1.0:
            # a cascade: the top evidence sentence first; the lower-ranked ones only for
            # sentences it does not support well enough
            found = [t for doc, these in zip(docs, rows) for t in self.pairs(doc, range(1), these)]
            probs = predict(found, tags)
            weak = {(s.start_char, s.end_char) for (s, _, _), p in zip(found, probs) if p[0] < self.enough_support}
            more = [
                t
                for doc, these in zip(docs, rows)
                for t in self.pairs(doc, range(1, self.evidence_k_for(doc)), these)
                if (t[0].start_char, t[0].end_char) in weak
            ]
            found, probs = found + more, probs + predict(more, tags)
        else:
            found = [t for doc, these in zip(docs, rows) for t in self.pairs(doc, rows=these)]
            probs = predict(found, tags)
        # one Doc at a time (see pipe), so a sentence is known by its character offsets
        read: Dict[Tuple[int, int], Tuple[Any, List[Tuple[int, List[float]]]]] = {}
        hypotheses: Dict[Tuple[int, int], str] = {}
        for (sent, i, (_, hypothesis)), p in sorted(zip(found, probs), key=lambda t: t[0][1]):
            read.setdefault((sent.start_char, sent.end_char), (sent, []))[1].append((i, [float(x) for x in p]))
            hypotheses[(sent.start_char, sent.end_char)] = hypothesis
        for key, (sent, premises) in read.items():
            i, p = judge(premises)
            result: Dict[str, Any] = dict(zip(LABELS, p))
            result["label"] = LABELS[max(range(len(LABELS)), key=lambda k: p[k])]
            result["evidence"] = i
            if hypotheses[key] != sent.text.strip():
                result["read_as"] = hypotheses[key]
            if self.evidence_mode == "best":  # the probabilities of each premise read, in evidence order
                result["per_evidence"] = [q for _, q in premises]
            pieces = tags.get((key[0], key[1], i))
            # a table row of the answer is read as "column: value" text, whose words are not the
            # row's: its tokens stay untagged (the sentence is judged as a whole)
            if pieces is not None and key not in table_lines:
                tokens = sentence_tokens(sent, hypotheses[key], pieces)
                if tokens is not None:
                    result["tokens"] = tokens
            sent._.entailment = result
        for doc in docs:
            if self.sentences_key in doc.spans:  # what ground_verdict checks (extensions.judged)
                doc.spans[self.sentences_key].attrs[JUDGED_BY] = self.name
        return list(docs)

    def _predict_found(self, found, tags: Dict[Tuple[int, int, int], Any]) -> List[List[float]]:
        """``predict`` for ``pairs``' (sentence, evidence index, pair) rows (no tagger: ``tags``
        stays empty)."""
        return self.predict([pair for _, _, pair in found])

    def _predict_with_tags(self, found, tags: Dict[Tuple[int, int, int], Any]) -> List[List[float]]:
        """``predict`` for ``pairs``' (sentence, evidence index, pair) rows, the tagger's word
        pieces of each kept in ``tags``."""
        results = self.predict_tagged([pair for _, _, pair in found])
        for (sent, i, _), (_, pieces) in zip(found, results):
            if pieces is not None:  # not tagged: supported with tag_if_support_below or more
                tags[(sent.start_char, sent.end_char, i)] = pieces
        return [p for p, _ in results]

    # ----------------------------------------------------------------- serialisation
    def _use_weights(
        self,
        path: Path,
        data: Optional[bytes] = None,
        tagger: Optional[Path] = None,
        tagger_data: Optional[bytes] = None,
    ) -> None:
        from spacy_ground.nn.entail_model import set_torch_module

        set_torch_module(self.model, _load_torch(path, bool(self.model.attrs.get("quantize")), tagger))
        self.model.attrs["weights"] = str(path)
        self.model.attrs["tagger_weights"] = str(tagger) if tagger is not None else ""
        self._weights = data if data is not None else path.read_bytes()
        self._tagger_weights = tagger_data if tagger_data is not None or tagger is None else tagger.read_bytes()

    @property
    def tagger_path(self) -> Optional[Path]:
        """The safetensors file the token tagger came from (None without a tagger)."""
        path = self.model.attrs.get("tagger_weights")
        return Path(path) if path else None

    def tagger_bytes(self) -> Optional[bytes]:
        """The safetensors bytes of the token tagger (None without one), kept once read."""
        if self.tagger_path is None:
            return None
        if getattr(self, "_tagger_weights", None) is None:
            self._tagger_weights = self.tagger_path.read_bytes()
        return self._tagger_weights

    def weights_bytes(self) -> bytes:
        """The safetensors bytes of the current weights (kept in memory once read, so
        saving works even after the folder they were loaded from is gone)."""
        if getattr(self, "_weights", None) is None:
            self._weights = self.model_path.read_bytes()
        return self._weights

    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = tuple()) -> None:
        path = ensure_path(path)
        path.mkdir(parents=True, exist_ok=True)
        target = path / MODEL_FILE
        data = self.weights_bytes()
        if not (target.exists() and target.resolve() == self.model_path.resolve()):
            target.write_bytes(data)
        meta = self.model_path.with_suffix(".json")
        if meta.exists() and meta.resolve() != (path / "entail.json").resolve():
            shutil.copyfile(meta, path / "entail.json")
        tagger = self.tagger_path
        if tagger is not None:
            target = path / TAGGER_FILE
            data = self.tagger_bytes()
            if not (target.exists() and target.resolve() == tagger.resolve()):
                target.write_bytes(data)
            meta = tagger.with_suffix(".json")
            if meta.exists() and meta.resolve() != (path / "tagger.json").resolve():
                shutil.copyfile(meta, path / "tagger.json")
        else:  # no tagger: none from an earlier save may stay behind to be loaded
            for name in (TAGGER_FILE, "tagger.json"):
                (path / name).unlink(missing_ok=True)

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = tuple()) -> "Entailer":
        path = ensure_path(path)
        weights, tagger = path / MODEL_FILE, path / TAGGER_FILE
        new_weights = weights.exists() and weights.resolve() != self.model_path.resolve()
        new_tagger = (
            self.wants_tagger
            and tagger.exists()
            and (self.tagger_path is None or tagger.resolve() != self.tagger_path.resolve())
        )
        if new_weights or new_tagger:
            saved = tagger if tagger.exists() and self.wants_tagger else None
            self._load(
                weights.read_bytes() if new_weights else self.weights_bytes(),
                saved.read_bytes() if saved is not None else None,
                weights if new_weights else self.model_path,
                saved,
            )
        return self

    def to_bytes(self, *, exclude: Iterable[str] = tuple()) -> bytes:
        import srsly

        return srsly.msgpack_dumps({"model": self.weights_bytes(), "tagger": self.tagger_bytes()})

    def from_bytes(self, data: bytes, *, exclude: Iterable[str] = tuple()) -> "Entailer":
        import srsly

        stored = srsly.msgpack_loads(data)
        if stored["model"]:
            self._load(stored["model"], stored.get("tagger") if self.wants_tagger else None)
        return self

    @property
    def wants_tagger(self) -> bool:
        """Whether the config asks for the token tagger (``model.tag_tokens``)."""
        return bool(self.model.attrs.get("tag_tokens", True))

    def _load(
        self,
        weights: bytes,
        tagger: Optional[bytes],
        weights_path: Optional[Path] = None,
        tagger_path: Optional[Path] = None,
    ) -> None:
        """Use these cross-encoder weights and this tagger (safetensors bytes; the paths they
        were read from, if any). Weights that come without a tagger keep the current one only
        if they are the current weights: a tagger reads the hidden states of the cross-encoder
        it was trained on, so other weights are used without one (and a warning says so)."""
        if tagger is None and self.wants_tagger and self.tagger_path is not None:
            if weights == self.weights_bytes():
                tagger, tagger_path = self.tagger_bytes(), self.tagger_path
            else:
                import warnings

                warnings.warn(
                    f"{self.name}: these cross-encoder weights come without a token tagger, and the one "
                    "in use was trained on other weights: the tagger is left out (flagged spans are whole "
                    "sentences; train one with spacy_ground.training.train_tagger)",
                    UserWarning,
                    stacklevel=3,
                )
        with tempfile.TemporaryDirectory(prefix="spacy_ground_") as tmp:
            if weights_path is None or not weights_path.exists():
                weights_path = Path(tmp) / MODEL_FILE
                weights_path.write_bytes(weights)
            if tagger is not None and (tagger_path is None or not tagger_path.exists()):
                tagger_path = Path(tmp) / TAGGER_FILE
                tagger_path.write_bytes(tagger)
            self._use_weights(weights_path, weights, tagger_path if tagger is not None else None, tagger)
