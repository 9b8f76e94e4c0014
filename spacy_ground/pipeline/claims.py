"""``ground_claims``: tag money, percent, date, time, quantity and cardinal claims.

Sets ``doc.spans[spans_key]`` (label = kind) and ``Span._.claim`` (the normalised
value as a dict, see ``ClaimValue``). Uses the pipeline's NER where there is one
and the rules of ``normalize`` always, so it works on ``spacy.blank("en")``. It also
owns the source index: sources go through the same tokenizer, sentence splitter,
NER and rules once per distinct list of sources. The index is handed on the Doc
(``doc._.ground_index``; the claims group's ``attrs`` say where it is), so the
components after this one never look this one up.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import replace
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from spacy.language import Language
from spacy.scorer import Scorer
from spacy.tokens import Doc, Span
from spacy.training import Example
from spacy.util import registry

from spacy_ground.pipeline.extensions import guarded, mark_claims, register_extensions
from spacy_ground.sources.index import SourceIndexer
from spacy_ground.sources.words import split_sentences
from spacy_ground.text.dates import weekdays_in
from spacy_ground.text.normalize import NER_KINDS, find_claims, parse_claim
from spacy_ground.text.runs import cut_symbol_runs
from spacy_ground.text.values import ClaimValue

Found = Tuple[int, int, ClaimValue]


class ClaimsScorer:
    """Span P/R/F of ``doc.spans[spans_key]`` against gold spans under the same key: the
    component's key, which its ``score`` passes, else the one configured here (a class, not a
    closure, so that a pipeline holding it pickles)."""

    def __init__(self, spans_key: str = "ground_claims"):
        self.spans_key = spans_key

    def __call__(self, examples: Iterable[Example], *, spans_key: Optional[str] = None, **kwargs) -> Dict[str, Any]:
        key = spans_key or self.spans_key
        return Scorer.score_spans(
            examples,
            attr=f"spans_{key}",
            getter=_spans_of,
            has_annotation=lambda doc: key in doc.spans,
            labeled=True,
            allow_overlap=True,
        )


def _claim_span(doc: Doc, start: int, end: int, label: str) -> Optional[Span]:
    """The claim's span: exact where the tokens allow; else the tokens around it when what they add is
    punctuation only ("$1.2m." is tokenised "$", "1.2", "m.": the span keeps the "m"); else the tokens
    inside it; else, when no token lies inside, the tokens around it."""
    span = doc.char_span(start, end, label=label)
    if span is not None:
        return span
    around = doc.char_span(start, end, label=label, alignment_mode="expand")
    if around is not None and not any(
        ch.isalnum() for ch in doc.text[around.start_char : start] + doc.text[end : around.end_char]
    ):
        return around
    inside = doc.char_span(start, end, label=label, alignment_mode="contract")
    return inside if inside is not None and len(inside) else around


def _spans_of(doc: Doc, attr: str) -> List[Span]:
    return list(doc.spans.get(attr[len("spans_") :], []))


@registry.scorers("spacy_ground.claims_scorer.v1")
def make_claims_scorer(spans_key: str = "ground_claims") -> Callable[..., Dict[str, Any]]:
    """Span scorer for ``doc.spans[spans_key]`` against gold spans under the same key."""
    return ClaimsScorer(spans_key)


@Language.factory(
    "ground_claims",
    requires=["doc.sents"],
    assigns=["doc.spans", "span._.claim"],
    default_config={
        "spans_key": "ground_claims",
        "use_ner": True,
        "ner_labels": ["MONEY", "PERCENT", "DATE", "TIME", "QUANTITY", "CARDINAL"],
        "source_skip_pipes": [
            "tagger",
            "morphologizer",
            "lemmatizer",
            "trainable_lemmatizer",
            "attribute_ruler",
            "textcat",
            "textcat_multilabel",
        ],
        "source_cache_size": 64,
        "source_cache_bytes": 500_000_000,
        "max_source_chars": 2_000_000,
        "scorer": {"@scorers": "spacy_ground.claims_scorer.v1", "spans_key": "ground_claims"},
    },
    default_score_weights={"spans_ground_claims_f": 1.0, "spans_ground_claims_p": 0.0, "spans_ground_claims_r": 0.0},
)
def make_ground_claims(
    nlp: Language,
    name: str,
    spans_key: str,
    use_ner: bool,
    ner_labels: List[str],
    source_skip_pipes: List[str],
    source_cache_size: int,
    source_cache_bytes: int,
    max_source_chars: int,
    scorer: Optional[Callable],
) -> "ClaimTagger":
    return ClaimTagger(
        nlp,
        name,
        spans_key=spans_key,
        use_ner=use_ner,
        ner_labels=ner_labels,
        source_skip_pipes=source_skip_pipes,
        source_cache_size=source_cache_size,
        source_cache_bytes=source_cache_bytes,
        max_source_chars=max_source_chars,
        scorer=scorer,
    )


class ClaimTagger:
    """Finds and normalises numeric and date claims; indexes sources the same way."""

    def __init__(
        self,
        nlp: Language,
        name: str = "ground_claims",
        *,
        spans_key: str = "ground_claims",
        use_ner: bool = True,
        ner_labels: Sequence[str] = ("MONEY", "PERCENT", "DATE", "TIME", "QUANTITY", "CARDINAL"),
        source_skip_pipes: Sequence[str] = (),
        source_cache_size: int = 64,
        source_cache_bytes: int = 500_000_000,
        max_source_chars: int = 2_000_000,
        scorer: Optional[Callable] = None,
    ):
        for key, value, least in (
            ("source_cache_size", source_cache_size, 0),
            ("source_cache_bytes", source_cache_bytes, 0),
            ("max_source_chars", max_source_chars, 1),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise ValueError(f"ground_claims: {key} must be an integer >= {least}, not {value!r}")
        unknown = [label for label in ner_labels if label not in NER_KINDS]
        if unknown:
            raise ValueError(f"ground_claims: unknown ner_labels {unknown}; choose from {sorted(NER_KINDS)}")
        register_extensions()
        self.nlp = nlp
        self.name = name
        self.spans_key = spans_key
        self.use_ner = use_ner
        self.ner_labels = list(ner_labels)
        self.source_skip_pipes = set(source_skip_pipes)
        self.scorer = scorer
        self.index_sources = SourceIndexer(
            self._process_source,
            cache_size=source_cache_size,
            max_chars=max_source_chars,
            cache_bytes=source_cache_bytes,
        )
        self.indexer_id = uuid.uuid4().hex  # how the components after this one find index_sources

    # ------------------------------------------------------------------ answer
    @guarded
    def __call__(self, doc: Doc) -> Doc:
        spans: List[Span] = []
        seen = set()
        for start, end, value in self.find(doc):
            span = _claim_span(doc, start, end, value.kind)
            if span is None or (span.start_char, span.end_char) in seen:
                continue
            seen.add((span.start_char, span.end_char))
            span._.claim = value.to_dict()
            spans.append(span)
        doc.spans[self.spans_key] = spans
        mark_claims(doc.spans[self.spans_key], self.name, self.indexer_id, self.index_sources)
        return doc

    def score(self, examples: Iterable[Example], **kwargs) -> Dict[str, Any]:
        """Span P/R/F of the claims against gold spans under the same key (``nlp.evaluate``)."""
        return self.scorer(examples, **{**kwargs, "spans_key": self.spans_key}) if self.scorer is not None else {}

    def find(self, doc: Doc) -> List[Found]:
        """Claims in a processed Doc: rule claims, plus NER spans the rules missed."""
        found = find_claims(doc.text)
        if self.use_ner and self.ner_labels and doc.has_annotation("ENT_IOB"):
            for ent in doc.ents:
                if ent.label_ not in self.ner_labels:
                    continue
                inside = [i for i, (s, e, _) in enumerate(found) if s < ent.end_char and ent.start_char < e]
                if inside:
                    # the NER knows "500 pesos" is money where the rules saw a bare 500
                    if ent.label_ == "MONEY" and len(inside) == 1 and found[inside[0]][2].kind == "cardinal":
                        s, e, v = found[inside[0]]
                        word = re.sub(r"[\d\s.,]+", " ", ent.text).strip().split()
                        found[inside[0]] = (
                            s,
                            e,
                            replace(
                                v, kind="money", dimension="currency", currency=(word[-1].upper() if word else None)
                            ),
                        )
                    continue
                if ent.label_ == "CARDINAL":
                    continue  # a number the rules rejected (list marker, "one", identifier) stays rejected
                if weekdays_in(doc.text[ent.start_char : ent.end_char + 8]):
                    continue  # "Monday", "seven days a week": weekdays, checked with the hours
                value = parse_claim(ent.text, ent.label_)
                if value is None:
                    continue
                found.append((ent.start_char, ent.end_char, value))
            found.sort(key=lambda t: t[0])
        return found

    # ----------------------------------------------------------------- sources
    def _process_source(self, text: str, record: bool = False) -> Tuple[List[Tuple[int, int]], List[Found]]:
        limit = self.nlp.max_length
        if len(text) > limit:  # spaCy refuses longer texts: process in chunks cut at line ends
            sents: List[Tuple[int, int]] = []
            claims: List[Found] = []
            for offset, chunk in _chunks(text, limit):
                c_sents, c_claims = self._process_source(chunk, record)
                sents += [(s + offset, e + offset) for s, e in c_sents]
                claims += [(s + offset, e + offset, v) for s, e, v in c_claims]
            return sents, claims
        doc = self.nlp.make_doc(cut_symbol_runs(text))  # offsets one for one
        for name, proc in self.nlp.pipeline:
            if name == self.name:
                break
            if name not in self.source_skip_pipes:
                doc = proc(doc)
        if record:  # a flattened JSON record: one "path: value" fact a line
            sents = split_lines(text, 0, len(text))
        elif doc.has_annotation("SENT_START"):
            sents = []
            for sent in doc.sents:
                for s, e in split_lines(text, sent.start_char, sent.end_char):
                    sents.append((s, e))
        else:
            sents = split_sentences(text)
        return sents, self.find(doc)


def _chunks(text: str, size: int) -> Iterable[Tuple[int, str]]:
    """(offset, chunk) pieces of at most ``size`` characters, cut after a newline or full stop."""
    start = 0
    while start < len(text):
        end = min(len(text), start + size)
        if end < len(text):
            cut = max(text.rfind("\n", start, end), text.rfind(". ", start, end))
            if cut > start:
                end = cut + 1
        yield start, text[start:end]
        start = end


def split_lines(text: str, start: int, end: int) -> List[Tuple[int, int]]:
    """Split [start, end) further at newlines (flattened JSON records are one fact a line)."""
    out, s = [], start
    while True:
        nl = text.find("\n", s, end)
        if nl < 0:
            break
        if text[s:nl].strip():
            out.append((s, nl))
        s = nl + 1
    if text[s:end].strip():
        out.append((s, end))
    return out
