"""``ground_verdict``: fuse the signals into a calibrated, explained document verdict.

A logistic regression over ``features.FEATURES`` (fit on the train split, stored as
JSON with the component) gives the probability that the answer is hallucinated.
Thresholds from config turn it into an action (pass / flag / block) without
retraining. Sets ``doc._.grounding`` (a read-only view of the plain-data record in
``doc._.ground_record``) and ``doc.spans["ground_unsupported"]``. Its scorer
(``spacy_ground.grounding_scorer.v1``) gives ``nlp.evaluate`` the answer-level and span-level
figures against gold answers; ``initialize(..., refit=True)`` fits the model and its
thresholds again on labelled examples.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from datetime import date
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from spacy.language import Language
from spacy.tokens import Doc
from spacy.training import Example
from spacy.util import ensure_path, registry

from spacy_ground.fusion.features import answer_features, is_refusal, source_chars, source_texts
from spacy_ground.fusion.model import EMBEDDED_MODEL, MODEL_FILE, LogisticModel, VerdictModel, shape_of_kind
from spacy_ground.fusion.spans import token_runs
from spacy_ground.pipeline.extensions import FAILED, KEEP_GOING, describe_error, judged, register_extensions
from spacy_ground.pipeline.scoring import GroundingScorer, char_map
from spacy_ground.render import judged_evidence
from spacy_ground.sources.index import SOURCES_ERROR, sources_key
from spacy_ground.sources.readers import check_source_kinds, source_kind


@Language.factory(
    "ground_verdict",
    requires=[
        "span._.evidence",
        "span._.entailment",
        "span._.ground_numeric",
        "doc._.numeric_grounding",
        "doc._.record_facts",
    ],
    assigns=["doc._.ground_record", "doc._.grounding", "doc.spans"],
    default_config={
        "sentences_key": "ground_sentences",
        "claims_key": "ground_claims",
        "spans_key": "ground_unsupported",
        "model": "",  # "" = the model shipped in the package
        "flag_threshold": 0.41,  # F1-best on 5-fold train predictions (5 shuffles, folds grouped by source document)
        "block_threshold": 0.8,
        "require_entailment": True,
        "flag_on_mismatch": True,
        # a sentence is a flagged span from this 1 - support on, for kinds of sources that
        # sentence_threshold_by_source does not list (the default lists all three; evaluate fit
        # prints both). A config override of the dict changes the kinds it names, keeps the others.
        "sentence_threshold": 0.7,
        "sentence_threshold_by_source": {"document": 0.6, "passages": 0.55, "record": 0.85},
        "spans_if_flagged": True,  # flagged spans only in answers whose action is flag or block
        # a token the tagger (ground_entail's tag_tokens) finds unsupported with this probability
        # is part of a flagged span; per kind of sources as the tagger's training chose them on
        # the held-out part of the train sets (spacy_ground/models/tagger.json)
        "token_threshold": 0.15,
        "token_threshold_by_source": {"document": 0.2, "passages": 0.1, "record": 0.25},
        "flag_on_contradiction": True,  # a sentence contradicted with contradiction_threshold flags the answer
        "contradiction_threshold": 0.95,  # the lowest with the best grouped-CV F1 on RAGTruth train (0.95-0.99 tie)
        "scorer": {"@scorers": "spacy_ground.grounding_scorer.v1", "label": "hallucinated"},
    },
    default_score_weights={
        "grounding_auroc": 1.0,
        "grounding_p": 0.0,
        "grounding_r": 0.0,
        "grounding_f": 0.0,
        "grounding_ece": None,
        "grounding_span_p": 0.0,
        "grounding_span_r": 0.0,
        "grounding_span_f": 0.0,
        "grounding_not_checkable": None,
    },
)
def make_ground_verdict(
    nlp: Language,
    name: str,
    sentences_key: str,
    claims_key: str,
    spans_key: str,
    model: str,
    flag_threshold: float,
    block_threshold: float,
    require_entailment: bool,
    flag_on_mismatch: bool,
    sentence_threshold: float,
    sentence_threshold_by_source: Dict[str, float],
    spans_if_flagged: bool,
    flag_on_contradiction: bool,
    contradiction_threshold: float,
    scorer: Optional[Callable],
    token_threshold: float = 0.5,
    token_threshold_by_source: Optional[Dict[str, float]] = None,
) -> "Verdict":
    return Verdict(
        nlp,
        name,
        sentences_key=sentences_key,
        claims_key=claims_key,
        spans_key=spans_key,
        model=model,
        flag_threshold=flag_threshold,
        block_threshold=block_threshold,
        require_entailment=require_entailment,
        flag_on_mismatch=flag_on_mismatch,
        sentence_threshold=sentence_threshold,
        sentence_threshold_by_source=sentence_threshold_by_source,
        spans_if_flagged=spans_if_flagged,
        flag_on_contradiction=flag_on_contradiction,
        contradiction_threshold=contradiction_threshold,
        scorer=scorer,
        token_threshold=token_threshold,
        token_threshold_by_source=token_threshold_by_source,
    )


@registry.scorers("spacy_ground.grounding_scorer.v1")
def make_grounding_scorer(label: str = "hallucinated") -> "GroundingScorer":
    """``ground_verdict``'s figures for ``nlp.evaluate`` (see ``GroundingScorer``)."""
    return GroundingScorer(label)


def _mostly_other_script(text: str) -> bool:
    """More than half the letters outside the Latin alphabet (Chinese, Cyrillic, Arabic...):
    the English rules and models would read it as noise and still give a score."""
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 4 and sum(ord(c) > 0x24F for c in letters) > len(letters) / 2


# the commonest short words of languages written in Latin letters that are not English ones
# too ("in", "an", "was", "no", "a" are left out): their share tells an answer in another
# language from an English answer that names "El Pollo Loco" or "Les Misérables"
_FUNCTION_WORDS = {
    "German": "der das und ist nicht mit von den dem zu auf für ein eine einen sich auch wird sind wurde "
    "bei nach aus oder wie aber noch nur über vom zum zur im es sie wir ich er die hat ihr ihre ihren "
    "sein seine davon dass werden haben kann beim einer eines einem",
    "French": "d l qu de en le la les et est des du une pour dans avec que qui pas sur au aux ce cette sont par "
    "il elle nous vous ils ont été plus ou mais",
    "Spanish": "de en el los las y es del una para con que por se su sus al lo como más pero fue son está este esta",
    "Italian": "il di che è per con della delle del una sono gli nel nella alla anche non si le",
    "Dutch": "de het een en van niet met voor op zijn dat er ook aan bij werd wordt naar dan daarmee maar nog "
    "om te door tot uit deze dit wat",
    "Portuguese": "de o os um uma não com para do da dos das em que se por foi são mais",
}
_FUNCTION_SETS = {lang: frozenset(words.split()) for lang, words in _FUNCTION_WORDS.items()}
_ENGLISH_WORDS = frozenset(
    "the of and to in is was for on that with as by it are from at be this which has "
    "have an or not were their its also had been will can but they he she we you".split()
)
_LATIN_WORD = re.compile(r"[^\W\d_]+")


def _opens_sentence(text: str, start: int) -> bool:
    """Whether the word at ``start`` opens a sentence: it starts the text, or the white space
    right before it follows a full stop, a question or exclamation mark, or holds a line break.
    Reads back over that white space only (a word before it is not white space), so the words
    of a text cost one pass in all (searching ``text[:start]`` for each word was quadratic)."""
    if start == 0:
        return True
    i = start
    while i > 0 and text[i - 1].isspace():
        i -= 1
    return "\n" in text[i:start] or (i < start and i > 0 and text[i - 1] in ".!?")


def _other_language(text: str) -> Optional[str]:
    """The language an answer in Latin letters reads as when it is not English: of its eight
    or more words a fifth are common short words of German, French, Spanish, Italian, Dutch
    or Portuguese, four of them different, three times as many as English ones; else None.
    A capitalised word counts only at the start of a sentence, so names and titles ("Los
    Angeles", "Le Monde", "Guillermo del Toro") do not make an English answer foreign."""
    words = []
    for m in _LATIN_WORD.finditer(text):
        w = m.group(0)
        if w[0].isupper() and not _opens_sentence(text, m.start()):
            w = "_" + w  # a name, not a function word
        words.append(w.lower())
    if len(words) < 8:
        return None
    english = sum(w.lstrip("_") in _ENGLISH_WORDS for w in words)
    best, hits, distinct = None, 0, 0
    for lang, ws in _FUNCTION_SETS.items():
        found = [w for w in words if w in ws]
        if len(found) > hits:
            best, hits, distinct = lang, len(found), len(set(found))
    return best if distinct >= 4 and hits >= 3 * english and hits >= len(words) / 5 else None


def _shown(text: str) -> str:
    """Answer text as a reason quotes it: white space one space (an HTML answer's tags are
    blanked out, "was    $7.1 million")."""
    return " ".join(text.split())


def _read_as(sentence: Dict[str, Any]) -> str:
    """' (read as ...)' when the cross-encoder read the sentence with grounded values written
    as the sources write them (``ground_entail``'s ``read_as``), else ''."""
    read = (sentence.get("entailment") or {}).get("read_as")
    return f" (read as {read!r})" if read else ""


def not_checkable_reason(doc: Doc, sents: Sequence) -> Optional[str]:
    """Why the answer cannot be checked (``sents``: its sentence spans after ground_align), or
    None: the reason a not_checkable verdict gives."""
    sources = doc._.ground_sources or []
    if not any(s is not None and str(s).strip() for s in sources):
        return "no sources to check against"
    if doc.user_data.get(SOURCES_ERROR):
        return doc.user_data[SOURCES_ERROR]
    if not doc.text.strip():
        return "the answer is empty"
    if not re.search(r"[^\W_]", doc.text):
        return "the answer has no words or numbers to check"
    if _mostly_other_script(doc.text):
        return "the answer is mostly in a script other than the Latin alphabet; the rules and models read English"
    other = _other_language(doc.text)
    if other:
        return f"the answer reads as {other}, not English; the rules and models read English"
    if is_refusal(doc.text):
        return "the answer declines to answer (it says the sources do not cover the question)"
    if not sents or not any(s._.evidence for s in sents):
        return "no answer sentence has evidence in the sources"
    return None


class Verdict:
    """Document verdict from sentence entailment, numeric grounding and simple signals."""

    def __init__(
        self,
        nlp: Language,
        name: str = "ground_verdict",
        *,
        sentences_key: str = "ground_sentences",
        claims_key: str = "ground_claims",
        spans_key: str = "ground_unsupported",
        model: str = "",
        flag_threshold: float = 0.5,
        block_threshold: float = 0.8,
        require_entailment: bool = True,
        flag_on_mismatch: bool = True,
        sentence_threshold: float = 0.75,
        sentence_threshold_by_source: Optional[Dict[str, float]] = None,
        spans_if_flagged: bool = True,
        flag_on_contradiction: bool = True,
        contradiction_threshold: float = 0.95,
        scorer: Optional[Callable] = None,
        token_threshold: float = 0.5,
        token_threshold_by_source: Optional[Dict[str, float]] = None,
    ):
        for key, value in (
            ("flag_threshold", flag_threshold),
            ("block_threshold", block_threshold),
            ("contradiction_threshold", contradiction_threshold),
        ):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(f"ground_verdict: {key} must be a number, not {value!r}")
        if not 0.0 <= flag_threshold <= block_threshold <= 1.0:
            raise ValueError(
                f"ground_verdict: need 0 <= flag_threshold <= block_threshold <= 1 "
                f"(flag_threshold = {flag_threshold!r}, block_threshold = {block_threshold!r})"
            )
        by_source = dict(sentence_threshold_by_source or {})
        tokens_by_source = dict(token_threshold_by_source or {})
        for key, value in (
            [("sentence_threshold", sentence_threshold), ("token_threshold", token_threshold)]
            + [(f"sentence_threshold_by_source[{k!r}]", v) for k, v in by_source.items()]
            + [(f"token_threshold_by_source[{k!r}]", v) for k, v in tokens_by_source.items()]
        ):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 < value <= 1.0:
                raise ValueError(f"ground_verdict: {key} is a share of probability in (0, 1], not {value!r}")
        check_source_kinds(by_source, "ground_verdict: sentence_threshold_by_source")
        check_source_kinds(tokens_by_source, "ground_verdict: token_threshold_by_source")
        if not 0.0 < contradiction_threshold <= 1.0:
            raise ValueError(
                f"ground_verdict: contradiction_threshold is a probability in (0, 1], not {contradiction_threshold!r}"
            )
        register_extensions()
        self.nlp = nlp
        self.name = name
        self.require_entailment = require_entailment
        self.flag_on_mismatch = flag_on_mismatch
        self.sentence_threshold = sentence_threshold
        self.sentence_threshold_by_source = {k: float(v) for k, v in by_source.items()}
        self.token_threshold = float(token_threshold)
        self.token_threshold_by_source = {k: float(v) for k, v in tokens_by_source.items()}
        self.spans_if_flagged = spans_if_flagged
        self.flag_on_contradiction = flag_on_contradiction
        self.contradiction_threshold = contradiction_threshold
        self.sentences_key = sentences_key
        self.claims_key = claims_key
        self.spans_key = spans_key
        self.model_path = Path(model) if model else EMBEDDED_MODEL
        self.flag_threshold = flag_threshold
        self.block_threshold = block_threshold
        self._model: Optional[VerdictModel] = None
        self._meta: Dict[str, Any] = {}  # how the model was fit (train file, date, thresholds chosen)
        self.scorer = scorer

    def score(self, examples: Iterable[Example], **kwargs) -> Dict[str, Any]:
        """The verdict against gold answers (``nlp.evaluate``; see ``GroundingScorer``)."""
        if self.scorer is None:
            return {}
        return self.scorer(examples, **{**kwargs, "spans_key": self.spans_key, "rank_score": self.rank_score})

    def shape_of(self, doc: Doc) -> str:
        """The shape of a checked answer's sources that picks the verdict model
        (``VerdictModel.shape``); the sources are read for their length only where it decides."""
        kind = source_kind(doc._.ground_sources)
        return self.lr_model.shape(kind, source_chars(source_texts(doc)) if self.lr_model.reads_length(kind) else 0)

    def rank_score(self, doc: Doc) -> float:
        """The score that ranks a checked answer: its verdict's, or for a not_checkable one the
        model's score of its features (as ``evaluate`` ranks it); always a finite number."""
        g = doc._.grounding
        if g is not None and g.score is not None:
            return g.score
        shape = self.shape_of(doc)
        feats = answer_features(doc, self.sentences_key)
        model = self.lr_model.model_for(shape)
        # a feature that is not a number (the answer's reason says so) counts as its train
        # mean, adding nothing; infinities are clipped to the train range like any value
        mean = dict(zip(model.features, model.mean))
        feats = {f: mean.get(f, 0.0) if math.isnan(v) else v for f, v in feats.items()}
        return self.lr_model.score(feats, shape)

    def initialize(
        self,
        get_examples: Optional[Callable[[], Iterable[Example]]] = None,
        *,
        nlp: Optional[Language] = None,
        refit: bool = False,
        l2: float = 1.0,
        min_per_class: int = 10,
    ) -> None:
        """Called by ``nlp.initialize``. Loads the fitted model (a missing file is an error here,
        not at the first answer). With ``refit`` (``[initialize.components.ground_verdict]
        refit = true``, or passed directly), fits the model again on the labelled examples of
        ``get_examples`` (predicted docs made by ``spacy_ground.make_doc``, so they carry their
        sources; gold labels as the scorer reads them; the components before this one run on
        them, disabled or not) as ``evaluate fit`` does: one logistic
        regression per source shape over the answers' features, each coefficient held to its
        feature's sign; ``flag_threshold`` (and ``block_threshold`` when below it) and, with span
        labels, ``sentence_threshold`` and the ``sentence_threshold_by_source`` of the kinds of
        sources among the examples (other kinds keep theirs) become the F1-best of 5-fold
        predictions repeated over 5 shuffles, in this component and in ``nlp``'s config, so
        ``nlp.to_disk`` keeps them. Answers found not checkable are left out; fewer than
        ``min_per_class`` (at least 5) checkable answers of either label is a ValueError, which
        names why answers were left out."""
        if not refit:
            self.lr_model  # noqa: B018 - loads it, or says which file is missing
            return
        if get_examples is None or nlp is None:
            raise ValueError(
                "ground_verdict: initialize(refit=True) needs get_examples and nlp (nlp.initialize passes both)"
            )
        if isinstance(min_per_class, bool) or not isinstance(min_per_class, int) or min_per_class < 5:
            raise ValueError(
                f"ground_verdict: min_per_class must be an integer >= 5 (the folds), not {min_per_class!r}"
            )
        if isinstance(l2, bool) or not isinstance(l2, (int, float)) or not 0 < l2 < float("inf"):
            raise ValueError(f"ground_verdict: l2 must be a finite number > 0, not {l2!r}")
        names = list(nlp.component_names)
        # every component before this one runs, disabled or not: spacy train disables the
        # frozen and sourced ones while it initialises, and the features are those of the pipeline
        before = (
            [(n, nlp.get_pipe(n)) for n in names[: names.index(self.name)]]
            if self.name in names
            else [(n, p) for n, p in nlp.pipeline if n != self.name]
        )
        from spacy_ground.fusion.fit import cross_validated, fit_verdict, sentence_rows

        rows, left_out = [], Counter()
        reader = GroundingScorer(getattr(self.scorer, "label", "hallucinated"))
        for eg in get_examples():
            y = reader.gold(eg.reference, self.spans_key)
            if y is None:
                left_out["no label"] += 1
                continue
            doc = eg.predicted.copy()
            for _, proc in before:
                doc = proc(doc)
            why = not_checkable_reason(doc, list(doc.spans.get(self.sentences_key, [])))
            if why:
                left_out[why] += 1
                continue
            kind = source_kind(doc._.ground_sources)
            to_predicted = char_map(eg.reference.text, doc.text)
            spans = []
            for span in eg.reference.spans.get(self.spans_key, []):
                mapped = [to_predicted[i] for i in range(span.start_char, span.end_char) if to_predicted[i] is not None]
                if mapped:
                    spans.append({"start": min(mapped), "end": max(mapped) + 1})
            rows.append(
                {
                    "features": answer_features(doc, self.sentences_key),
                    "shape": shape_of_kind(kind),
                    "source_kind": kind,
                    "source_chars": source_chars(source_texts(doc)),
                    "group": sources_key(list(doc._.ground_sources or []))[:16],  # one document: one fold
                    "hallucinated": y,
                    "spans": spans,
                    "sentences": sentence_rows(doc, self.sentences_key),
                }
            )
        n_pos = sum(r["hallucinated"] for r in rows)
        if min(n_pos, len(rows) - n_pos) < min_per_class:
            why = "; ".join(f"{n} {reason}" for reason, n in left_out.most_common())
            raise ValueError(
                f"ground_verdict: refit needs at least {min_per_class} checkable labelled answers of "
                f"each label; got {n_pos} hallucinated and {len(rows) - n_pos} not (a label is the "
                f"reference's cats[{reader.label!r}], else its {self.spans_key!r} spans)"
                + (f"; left out: {why}" if why else "")
            )
        cv = cross_validated(rows, l2)
        self.set_model(
            fit_verdict(rows, l2),
            meta={
                "fit": "ground_verdict.initialize(refit=True)",
                "answers": len(rows),
                "hallucinated": n_pos,
                "left_out": dict(left_out),
                "l2": l2,
                "date": date.today().isoformat(),
                "cross_validated": cv,
            },
        )
        settings: Dict[str, Any] = {
            "flag_threshold": cv["f1_threshold"],
            "block_threshold": max(self.block_threshold, cv["f1_threshold"]),
        }
        if "sentence_threshold" in cv:
            settings["sentence_threshold"] = cv["sentence_threshold"]
        if cv.get("sentence_threshold_by_source"):
            settings["sentence_threshold_by_source"] = {
                **self.sentence_threshold_by_source,
                **cv["sentence_threshold_by_source"],
            }
        for key, value in settings.items():
            setattr(self, key, value)
        if self.name in names:
            nlp.get_pipe_config(self.name).update(settings)  # what nlp.to_disk writes

    @property
    def lr_model(self) -> "VerdictModel":
        """The fitted logistic regression (loaded on first use; not named ``model``, which
        spaCy reserves for thinc models)."""
        if self._model is None:
            if not self.model_path.exists():
                raise FileNotFoundError(
                    f"ground_verdict: no fitted model at {self.model_path}; fit one with `spacy project run train`"
                )
            data = json.loads(self.model_path.read_text(encoding="utf8"))
            self._model, self._meta = VerdictModel.from_dict(data), dict(data.get("meta") or {})
        return self._model

    @property
    def model_meta(self) -> Dict[str, Any]:
        """How the model was fit, as stored with it (``evaluate fit``: train file, date,
        cross-validated thresholds; ``recalibrate``: its report)."""
        self.lr_model
        return self._meta

    def sentence_threshold_for(self, kind: str) -> float:
        """The 1 - support from which a sentence is a flagged span, for answers whose sources
        are of this kind: ``sentence_threshold_by_source``, else ``sentence_threshold``."""
        return self.sentence_threshold_by_source.get(kind, self.sentence_threshold)

    def token_threshold_for(self, kind: str) -> float:
        """The probability from which a token the tagger read is part of a flagged span, for
        answers whose sources are of this kind."""
        return self.token_threshold_by_source.get(kind, self.token_threshold)

    def set_model(self, model: Union[LogisticModel, "VerdictModel"], meta: Optional[Dict[str, Any]] = None) -> None:
        """Use this fitted model (and record ``meta`` with it)."""
        self._model = model if isinstance(model, VerdictModel) else VerdictModel({"*": model})
        self._meta = dict(meta or {})

    def _stored(self) -> Dict[str, Any]:
        data = self.lr_model.to_dict()
        if self._meta:
            data["meta"] = self._meta
        return data

    def __call__(self, doc: Doc) -> Doc:
        failed = doc.user_data.get(FAILED)
        if failed is None:
            try:
                return self._judge(doc)
            except Exception as e:
                if not doc.user_data.get(KEEP_GOING):
                    raise
                failed = doc.user_data[FAILED] = describe_error(self.name, e)
        return self._not_checked(doc, failed)

    def _not_checked(self, doc: Doc, reason: str) -> Doc:
        """The verdict of an answer a component could not check (a batch's Doc; see
        ``extensions.guarded``): not_checkable, with the error as its reason."""
        try:
            kind = source_kind(doc._.ground_sources)
        except Exception:
            kind = "document"
        doc.spans[self.spans_key] = []
        doc._.ground_record = {
            "sentences": [],
            "claims": [],
            "facts": [],
            "spans": [],
            "sources_kind": kind,
            "sentence_threshold": self.sentence_threshold_for(kind),
            "flag_threshold": self.flag_threshold,
            "block_threshold": self.block_threshold,
            "score": None,
            "verdict": "not_checkable",
            "action": "flag",
            "reasons": [reason],
            "features": {},
            "flagged_by_rule": False,
        }
        return doc

    def _judge(self, doc: Doc) -> Doc:
        if doc._.numeric_grounding is None:
            raise ValueError(
                "ground_verdict needs ground_claims and ground_numeric before it: its model reads the "
                "numeric grounding of the claims, and without it every number would count as grounded "
                "(this Doc has no doc._.numeric_grounding)"
            )
        if self.require_entailment and not judged(doc.spans.get(self.sentences_key)):
            raise ValueError(
                "ground_verdict needs ground_align and ground_entail before it (or set "
                "require_entailment = false to score without sentence entailment): the Doc's "
                f"sentences under {self.sentences_key!r} have not been judged"
            )
        sents = list(doc.spans.get(self.sentences_key, []))
        claims = list(doc.spans.get(self.claims_key, []))
        sentence_rows = [self._sentence_row(s) for s in sents]
        claim_rows = [self._claim_row(c) for c in claims]
        kind = source_kind(doc._.ground_sources)  # decides the span threshold and the verdict model
        sentence_threshold = self.sentence_threshold_for(kind)
        facts = list(doc._.record_facts or [])
        unsupported = self._flagged_spans(doc, sentence_rows, claim_rows, facts, kind)
        record: Dict[str, Any] = {
            "sentences": sentence_rows,
            "claims": claim_rows,
            "facts": facts,
            "sources_kind": kind,
            "sentence_threshold": sentence_threshold,
            "flag_threshold": self.flag_threshold,
            "block_threshold": self.block_threshold,
        }
        reason = not_checkable_reason(doc, sents)
        # the rule checks ran past ground_numeric's time budget: said, and never a pass
        out_of_time = doc._.numeric_grounding.get("out_of_time")
        if out_of_time and not reason and not doc._.numeric_grounding.get("n_checked"):
            reason = out_of_time
        feats = answer_features(doc, self.sentences_key) if not reason else {}
        broken = [name for name, v in feats.items() if not math.isfinite(v)]
        if broken:  # a bug upstream, never a NaN score
            reason = f"the features {', '.join(broken)} could not be computed (not a finite number)"
        if reason:
            unsupported = []  # nothing was checked, so nothing is judged hallucinated
            record.update(
                score=None, verdict="not_checkable", action="flag", reasons=[reason], features={}, flagged_by_rule=False
            )
        else:
            score = self.lr_model.score(feats, self.shape_of(doc))
            ruled = self._must_flag(sentence_rows, claim_rows, facts)
            action = "block" if score >= self.block_threshold else "flag" if score >= self.flag_threshold else "pass"
            if action == "pass" and (ruled or out_of_time):
                action = "flag"  # a number, record fact or sentence the sources contradict is always worth a look
            record.update(
                score=score,
                flagged_by_rule=ruled,
                verdict=self._label(score, sentence_rows, claim_rows, facts),
                action=action,
                reasons=([out_of_time] if out_of_time else [])
                + self._reasons(score, sentence_rows, claim_rows, feats, facts),
                features=feats,
            )
            if self.spans_if_flagged and action == "pass":
                unsupported = []  # the answer is judged grounded: no part of it is judged hallucinated
        merged = merge_flagged(unsupported)
        group = []
        for start, end, info in merged:
            span = doc.char_span(start, end, alignment_mode="expand")
            if span is not None and len(span):
                span._.ground_span = info
                group.append(span)
        doc.spans[self.spans_key] = group
        record["spans"] = [{"start": s.start_char, "end": s.end_char, "text": s.text, **s._.ground_span} for s in group]
        doc._.ground_record = record
        return doc

    def _flagged_spans(
        self,
        doc: Optional[Doc],
        sentences: List[Dict],
        claims: List[Dict],
        facts: Sequence[Dict],
        kind: str,
        token_threshold: Optional[float] = None,
    ) -> List[Tuple[int, int, Dict[str, Any]]]:
        """(start, end, info) of every part of the answer judged unsupported: the tagger's runs of
        tokens (``token_threshold_for(kind)``) in the sentences it read (a run over a value
        ``ground_numeric`` grounded says so in its reason), whole sentences where it
        read none (``sentence_threshold_for(kind)``) or none of a strongly contradicted sentence's
        tokens, mismatched or unsupported numbers, and record facts the sources contradict or lack.
        ``info``: ``p`` (the probability it is unsupported; 1.0 for a value the sources
        contradict), ``kind`` (number / entity / other), ``source`` (tagger / sentence / number /
        record) and ``reason``. ``token_threshold``: another threshold than the configured one
        (training tries several); ``doc`` is needed only for sentences the tagger read."""
        out: List[Tuple[int, int, Dict[str, Any]]] = []
        claim_ranges = [(c["start"], c["end"]) for c in claims]
        # a value ground_numeric grounded may still be flagged (a value the sources give for another
        # thing: leaving such runs out cost 0.04 of held-out span F1), and the reason says so
        grounded = [c for c in claims if c["status"] == "grounded"]
        if token_threshold is None:
            token_threshold = self.token_threshold_for(kind)
        sentence_threshold = self.sentence_threshold_for(kind)
        for row in sentences:
            ent = row["entailment"]
            if not ent:
                continue
            ev = row["evidence"]["text"].strip() if row["evidence"] else ""
            tokens = ent.get("tokens")
            tagged = bool(tokens) and any(p is not None for _, _, p in tokens)  # the tagger read it
            runs = token_runs(tokens, token_threshold) if tagged else []
            for start, end, p in runs:
                text = doc.text[start:end]
                found = [c for c in grounded if c["start"] < end and start < c["end"]]
                also = ""
                if found and found[0].get("derived"):
                    also = f" (the sources give it by computation: {found[0]['derived']['formula']})"
                elif found:
                    written = (found[0].get("nearest") or {}).get("text") or ""
                    as_written = f" as {written!r}" if written and written.lower() != found[0]["text"].lower() else ""
                    also = f" (the sources state {_shown(found[0]['text'])!r}{as_written}: check what they say it of)"
                out.append(
                    (
                        start,
                        end,
                        {
                            "p": round(p, 4),
                            "kind": _span_kind(doc, start, end, row["start"], claim_ranges),
                            "source": "tagger",
                            "reason": (
                                f"{_shown(text)!r} is not supported by the evidence it was read against: {_shown(ev)!r}"
                                if ev
                                else f"{_shown(text)!r}: no evidence for it in the sources"
                            )
                            + also,
                        },
                    )
                )
            strong = self._strongly_contradicted(row)
            weak = not tagged and 1.0 - ent["supported"] >= sentence_threshold
            if (strong and not runs) or weak:
                p = ent["contradicted"] if strong else 1.0 - ent["supported"]
                what = "contradicted by" if strong else "not supported by"
                out.append(
                    (
                        row["start"],
                        row["end"],
                        {
                            "p": round(float(p), 4),
                            "kind": "other",
                            "source": "sentence",
                            "reason": f"the sentence is {what} its evidence ({p:.2f}): {_shown(ev)!r}",
                        },
                    )
                )
        for c in claims:
            if c["status"] in ("mismatch", "unsupported"):
                near = (c.get("nearest") or {}).get("text")
                reason = (
                    f"{_shown(c['text'])!r} does not match the sources, which say {near!r}"
                    if c["status"] == "mismatch" and near
                    else f"{_shown(c['text'])!r}: {c['reason']}"
                )
                p = 1.0 if c["status"] == "mismatch" else _tokens_p(sentences, c["start"], c["end"])
                out.append((c["start"], c["end"], {"p": p, "kind": "number", "source": "number", "reason": reason}))
        for f in facts:
            if f["status"] in ("conflict", "unsupported"):
                start, end = f["clause"][0], f["clause"][1]
                p = 1.0 if f["status"] == "conflict" else _tokens_p(sentences, start, end)
                out.append((start, end, {"p": p, "kind": "other", "source": "record", "reason": f["reason"]}))
        return out

    def shows_spans(self, record: Dict[str, Any]) -> bool:
        """Whether a verdict record's answer gets flagged spans: it was checked, and flagged or
        blocked where ``spans_if_flagged``."""
        return record.get("score") is not None and not (self.spans_if_flagged and record.get("action") == "pass")

    def sentence_level_spans(self, record: Dict[str, Any]) -> List[Tuple[int, int]]:
        """The flagged spans of a verdict record as they were before the token tagger (whole
        sentences from ``sentence_threshold``, numbers and record facts; none in an answer that
        passes): the baseline beside which span figures are reported."""
        if not self.shows_spans(record):
            return []
        sentences = [untagged(r) for r in record.get("sentences", [])]
        kind = record.get("sources_kind", "document")
        found = self._flagged_spans(None, sentences, record.get("claims", []), record.get("facts", []), kind)
        return [(s, e) for s, e, _ in merge_flagged(found)]

    # ------------------------------------------------------------------ parts
    def _sentence_row(self, sent) -> Dict[str, Any]:
        ent = sent._.entailment
        ev = judged_evidence(sent)
        label = ent["label"] if ent else "not_checked"  # the most probable of the three
        return {
            "start": sent.start_char,
            "end": sent.end_char,
            "text": sent.text,
            "label": label,
            "entailment": ent,
            "evidence": ev,
        }

    @staticmethod
    def _claim_row(span) -> Dict[str, Any]:
        g = span._.ground_numeric or {"status": "not_checkable", "reason": "not grounded", "nearest": None}
        return {
            "start": span.start_char,
            "end": span.end_char,
            "text": span.text,
            "kind": span._.claim["kind"],
            "value": span._.claim.get("iso") or span._.claim.get("value"),
            "status": g["status"],
            "reason": g["reason"],
            "nearest": g.get("nearest"),
            "derived": g.get("derived"),
            "explained": bool(g.get("explained")),
        }

    def _must_flag(self, sentences: List[Dict], claims: List[Dict], facts: Sequence[Dict] = ()) -> bool:
        """A mismatched number, record field or fact, a name, role or denial the sources
        contradict, a made-up name (several words, none in the sources), or a sentence the
        cross-encoder finds strongly contradicted, flags the answer whatever its score (each
        can be switched off: ``flag_on_mismatch``, ``flag_on_contradiction``)."""
        if self.flag_on_mismatch and (_contradicts(claims, facts) or any(f.get("invented") for f in facts)):
            return True
        return any(self._strongly_contradicted(s) for s in sentences)

    def _strongly_contradicted(self, sentence: Dict) -> bool:
        """A sentence row the cross-encoder contradicts at ``contradiction_threshold`` (when
        ``flag_on_contradiction``)."""
        ent = sentence["entailment"]
        return bool(self.flag_on_contradiction and ent and ent["contradicted"] >= self.contradiction_threshold)

    def _label(self, score: float, sentences: List[Dict], claims: List[Dict], facts: Sequence[Dict] = ()) -> str:
        if score < self.flag_threshold and not self._must_flag(sentences, claims, facts):
            return "supported"
        contradicted = _contradicts(claims, facts) or any(s["label"] == "contradicted" for s in sentences)
        return "contradicted" if contradicted else "unsupported"

    def _reasons(
        self,
        score: float,
        sentences: List[Dict],
        claims: List[Dict],
        feats: Dict[str, float],
        facts: Sequence[Dict] = (),
    ) -> List[str]:
        reasons = []
        checked = [s for s in sentences if s["entailment"]]
        strong = [s for s in checked if self._strongly_contradicted(s)]
        for s in strong:
            ev = s["evidence"]["text"].strip() if s["evidence"] else "none"
            reasons.append(
                f"contradicted by the sources ({s['entailment']['contradicted']:.2f}): "
                f"{_shown(s['text'])!r}{_read_as(s)}; evidence: {ev!r}"
            )
        if checked:
            worst = min(checked, key=lambda s: s["entailment"]["supported"])
            ev = worst["evidence"]["text"].strip() if worst["evidence"] else "none"
            if not any(worst is s for s in strong):  # a sentence judged contradicted says so, flagged or not
                against = (
                    f", {worst['entailment']['contradicted']:.2f} contradicted"
                    if worst["label"] == "contradicted"
                    else ""
                )
                reasons.append(
                    f"weakest sentence ({worst['entailment']['supported']:.2f} supported{against}): "
                    f"{_shown(worst['text'])!r}{_read_as(worst)}; best evidence: {ev!r}"
                )
            judged = [s for s in checked if s["label"] == "contradicted"]
            if judged and not any(s is worst or s in strong for s in judged):
                # a sentence the cross-encoder judges contradicted (its most probable label, which
                # makes the verdict "contradicted") is named even when another one is weaker
                most = max(judged, key=lambda s: s["entailment"]["contradicted"])
                ev = most["evidence"]["text"].strip() if most["evidence"] else "none"
                reasons.append(
                    f"judged contradicted ({most['entailment']['contradicted']:.2f} contradicted): "
                    f"{_shown(most['text'])!r}{_read_as(most)}; evidence: {ev!r}"
                )
        for c in claims:
            near = c["nearest"] or {}
            if c["status"] == "mismatch" and (near.get("derived") or near.get("stated_of") or c.get("explained")):
                # a change the sources imply, from two figures, or state of another name: the reason names them
                reasons.append(f"{_shown(c['text'])!r} does not match the sources: {c['reason']}")
            elif c["status"] == "mismatch":
                reasons.append(f"{_shown(c['text'])!r} does not match the sources, which say {near.get('text', '?')!r}")
            elif c["status"] == "unsupported":
                reasons.append(f"{_shown(c['text'])!r}: {c['reason']}")
            elif c["status"] == "grounded" and c.get("derived"):  # the formula, for a person to check
                reasons.append(f"{_shown(c['text'])!r}: {c['reason']}")
        reasons += [f["reason"] for f in facts if f["status"] in ("conflict", "unsupported")]
        if feats.get("absent_words", 0) > 0.3:
            reasons.append(f"{feats['absent_words']:.0%} of the answer's content words are not in the sources")
        return list(dict.fromkeys(reasons))  # a wrong value repeated in the answer is one reason

    # ------------------------------------------------------------------ serialisation
    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = tuple()) -> None:
        path = ensure_path(path)
        path.mkdir(parents=True, exist_ok=True)
        if self._model is not None or self.model_path.exists():
            (path / MODEL_FILE).write_text(json.dumps(self._stored(), indent=1), encoding="utf8")

    def to_bytes(self, *, exclude: Iterable[str] = tuple()) -> bytes:
        return (
            json.dumps(self._stored()).encode("utf8")
            if (self._model is not None or self.model_path.exists())
            else b"{}"
        )

    def from_bytes(self, data: bytes, *, exclude: Iterable[str] = tuple()) -> "Verdict":
        d = json.loads(data.decode("utf8"))
        if d:
            self._model, self._meta = VerdictModel.from_dict(d), dict(d.get("meta") or {})
        return self

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = tuple()) -> "Verdict":
        path = ensure_path(path)
        if (path / MODEL_FILE).exists():
            self.model_path = path / MODEL_FILE
            self._model = None
        return self


_KIND_ORDER = {"number": 0, "entity": 1, "other": 2}


def untagged(row: Dict[str, Any]) -> Dict[str, Any]:
    """A verdict record's sentence row as it is when the token tagger did not read it."""
    ent = {k: v for k, v in (row.get("entailment") or {}).items() if k != "tokens"}
    return dict(row, entailment=ent or None)


def merge_flagged(spans: Sequence[Tuple[int, int, Dict[str, Any]]]) -> List[Tuple[int, int, Dict[str, Any]]]:
    """Overlapping flagged spans as one, in order: the highest ``p``, the most specific
    ``kind`` (number, then entity, then other), each part's ``source`` (joined with "; ", each
    once) and the reasons of the exact checks (numbers, record facts) where a part has one,
    else every part's reason."""
    groups: List[Tuple[int, int, List[Dict[str, Any]]]] = []
    for start, end, info in sorted(spans, key=lambda t: (t[0], -t[1])):
        if end <= start:
            continue
        if groups and start < groups[-1][1]:
            s0, e0, parts = groups[-1]
            groups[-1] = (s0, max(e0, end), parts + [info])
        else:
            groups.append((start, end, [info]))
    out = []
    for start, end, parts in groups:
        exact = [i for i in parts if i.get("source") in _EXACT]
        merged = {
            "p": max(i.get("p", 0.0) for i in parts),
            "kind": min((i.get("kind", "other") for i in parts), key=lambda k: _KIND_ORDER.get(k, 3)),
        }
        for key, among in (("source", parts), ("reason", exact or parts)):
            values = [i.get(key) for i in among if i.get(key)]
            if values:
                merged[key] = "; ".join(dict.fromkeys(v for value in values for v in value.split("; ")))
        out.append((start, end, merged))
    return out


_EXACT = ("number", "record")  # sources of flagged spans whose reason names the value the sources give


def _span_kind(doc: Doc, start: int, end: int, sentence_start: int, claims: Sequence[Tuple[int, int]]) -> str:
    """number (it holds a claim of ground_claims), entity (a capitalised word that does not
    open the sentence) or other."""
    if any(s < end and start < e for s, e in claims):
        return "number"
    span = doc.char_span(start, end, alignment_mode="expand")
    for token in span if span is not None else ():
        if token.idx > sentence_start and token.text[:1].isupper() and token.is_alpha:
            return "entity"
    return "other"


def _tokens_p(sentences: Sequence[Dict], start: int, end: int) -> float:
    """For a value no source states: the higher of the tagger's probability for a token inside
    ``start:end`` and 1 - the support of the sentence holding it (0.5 when no sentence holding
    it was judged)."""
    best = None
    for row in sentences:
        ent = row["entailment"]
        if not ent or not (row["start"] < end and start < row["end"]):
            continue
        ps = [p for s, e, p in ent.get("tokens") or [] if p is not None and s < end and start < e]
        ps.append(1.0 - ent["supported"])
        best = max(ps) if best is None else max(best, *ps)
    return round(float(best), 4) if best is not None else 0.5


def _contradicts(claims: Sequence[Dict], facts: Sequence[Dict]) -> bool:
    """A number that does not match the sources, or a record fact they contradict."""
    return any(c["status"] == "mismatch" for c in claims) or any(f["status"] == "conflict" for f in facts)
