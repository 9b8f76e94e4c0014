"""``ground_align``: link every answer sentence to the source sentences that best support it.

Hybrid score = ``semantic_weight`` x cosine similarity of all-MiniLM-L6-v2 embeddings
+ (1 - ``semantic_weight``) x idf-weighted share of the answer sentence's content
words found in the source sentence; ``semantic_weight_by_source`` sets the weight per kind
of sources (``{"passages": 0.0}``: an answer drawn from retrieved passages is aligned by its
words alone, and nothing is embedded for it; by default every kind uses ``semantic_weight``).
Sets ``doc.spans[spans_key]`` (the answer sentences) and, on each, ``Span._.evidence``: the
top-k source sentences with source index, character offsets, text and scores. Source sentences, their idf table and
their embeddings are computed once per set of sources (on the cached source index).
"""

from __future__ import annotations

import math
import re
from typing import Any, Dict, List, Optional, Sequence

import numpy
from spacy.language import Language
from spacy.tokens import Doc, Span

from spacy_ground.nn.threads import check_workers, torch_threads_for
from spacy_ground.pipeline.extensions import guarded, register_extensions, source_index
from spacy_ground.sources.index import SourceIndex
from spacy_ground.sources.readers import check_source_kinds, source_kind
from spacy_ground.sources.tables import is_table_separator
from spacy_ground.sources.words import content_words, readable_line, split_sentences


@Language.factory(
    "ground_align",
    requires=["doc.sents"],
    assigns=["doc.spans", "span._.evidence"],
    default_config={
        "claims_component": "ground_claims",
        "spans_key": "ground_sentences",
        "top_k": 3,
        "semantic_weight": 0.6,
        # per kind of sources (record / passages / document); 0: by words alone, nothing embedded
        "semantic_weight_by_source": {},
        "use_embeddings": True,
        "quantize": True,
        "max_length": 128,
        "batch_size": 16,  # sentences sorted by length, 16 at a time: 2.5x faster than 64 (less padding)
        # batches embedded at once, each on a thread running torch on one thread (0: in the calling thread, on torch_threads)
        "workers": 2,
        # torch threads for work in the calling thread; None: SPACY_GROUND_TORCH_THREADS, else 1
        "torch_threads": None,
    },
)
def make_ground_align(
    nlp: Language,
    name: str,
    claims_component: str,
    spans_key: str,
    top_k: int,
    semantic_weight: float,
    semantic_weight_by_source: Dict[str, float],
    use_embeddings: bool,
    quantize: bool,
    max_length: int,
    batch_size: int,
    workers: int,
    torch_threads: Optional[int] = None,
) -> "EvidenceAligner":
    return EvidenceAligner(
        nlp,
        name,
        claims_component=claims_component,
        spans_key=spans_key,
        top_k=top_k,
        semantic_weight=semantic_weight,
        semantic_weight_by_source=semantic_weight_by_source,
        use_embeddings=use_embeddings,
        quantize=quantize,
        max_length=max_length,
        batch_size=batch_size,
        workers=workers,
        torch_threads=torch_threads,
    )


class EvidenceAligner:
    """Finds the evidence for each answer sentence among the source sentences."""

    def __init__(
        self,
        nlp: Language,
        name: str = "ground_align",
        *,
        claims_component: str = "ground_claims",
        spans_key: str = "ground_sentences",
        top_k: int = 3,
        semantic_weight: float = 0.6,
        semantic_weight_by_source: Optional[Dict[str, float]] = None,
        use_embeddings: bool = True,
        quantize: bool = True,
        max_length: int = 128,
        batch_size: int = 16,
        workers: int = 2,
        torch_threads: Optional[int] = None,
    ):
        if top_k < 1 or batch_size < 1:
            raise ValueError("ground_align: top_k and batch_size must be at least 1")
        check_workers("ground_align", workers)
        self.torch_threads = torch_threads_for("ground_align", torch_threads)
        by_source = dict(semantic_weight_by_source or {})
        check_source_kinds(by_source, "ground_align: semantic_weight_by_source")
        for key, weight in [("semantic_weight", semantic_weight)] + [
            (f"semantic_weight_by_source[{kind!r}]", w) for kind, w in by_source.items()
        ]:
            if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0.0 <= weight <= 1.0:
                raise ValueError(f"ground_align: {key} must be a number in [0, 1], not {weight!r}")
        register_extensions()
        self.nlp = nlp
        self.name = name
        self.claims_component = claims_component
        self.spans_key = spans_key
        self.top_k = top_k
        self.semantic_weight = float(semantic_weight) if use_embeddings else 0.0
        self.semantic_weight_by_source = {kind: float(w) if use_embeddings else 0.0 for kind, w in by_source.items()}
        self.use_embeddings = use_embeddings
        self.quantize = quantize
        self.max_length = max_length
        self.batch_size = batch_size
        self.workers = workers
        self._encoder = None

    @property
    def encoder(self):
        if self._encoder is None:
            from spacy_ground.nn.embed import shared_encoder

            self._encoder = shared_encoder(
                self.max_length, self.quantize, self.batch_size, self.workers, self.torch_threads
            )
        return self._encoder

    @guarded
    def __call__(self, doc: Doc) -> Doc:
        sents = answer_sentences(doc)
        doc.spans[self.spans_key] = sents
        sources = doc._.ground_sources
        if not sources or not sents:
            for s in sents:
                s._.evidence = []
            return doc
        index = source_index(doc, self.claims_component, self.name)
        if index is None:  # too large to read: no evidence (the verdict says why)
            for s in sents:
                s._.evidence = []
            return doc
        weight = self.weight_for(sources)
        for s, evidence in zip(sents, self.align([s.text for s in sents], index, weight)):
            s._.evidence = evidence
        return doc

    def weight_for(self, sources: Any) -> float:
        """The semantic weight for an answer with these sources: ``semantic_weight_by_source``
        for their kind (see ``sources.source_kind``), else ``semantic_weight``."""
        return self.semantic_weight_by_source.get(source_kind(sources), self.semantic_weight)

    def align(
        self, texts: Sequence[str], index: SourceIndex, semantic_weight: Optional[float] = None
    ) -> List[List[Dict[str, Any]]]:
        """Top-k evidence (dicts) for each answer sentence text (``semantic_weight``: the
        component's ``semantic_weight`` when None; 0 embeds nothing)."""
        weight = self.semantic_weight if semantic_weight is None else semantic_weight
        n = len(index.sentences)
        if n == 0:
            return [[] for _ in texts]
        idf = _idf(index)
        lex = numpy.zeros((len(texts), n), dtype="float32")
        for i, text in enumerate(texts):
            words = content_words(text)
            total = sum(idf.get(w, idf["__unseen__"]) for w in words)
            if total <= 0:
                continue
            for j, sent in enumerate(index.sentences):
                shared = words & sent.words
                if shared:
                    lex[i, j] = sum(idf[w] for w in shared) / total
        if weight > 0:
            sem = self.encoder.encode(list(texts)) @ self._source_vectors(index).T
            score = weight * sem + (1 - weight) * lex
        else:
            sem, score = None, lex
        out = []
        k = min(self.top_k, n)
        for i in range(len(texts)):
            best = numpy.argsort(-score[i], kind="stable")[:k]
            ev = []
            for j in best:
                sent = index.sentences[int(j)]
                ev.append(
                    {
                        "source": sent.source,
                        "start": sent.start,
                        "end": sent.end,
                        "text": sent.text,
                        "score": float(score[i, j]),
                        "lexical": float(lex[i, j]),
                        "semantic": float(sem[i, j]) if sem is not None else None,
                    }
                )
            out.append(ev)
        return out

    def _source_vectors(self, index: SourceIndex) -> numpy.ndarray:
        """Source sentence embeddings, computed once per index and encoder setting."""
        return index.memo(
            f"align.embeddings:{self.max_length}:{self.quantize}:{self.batch_size}",
            lambda: self.encoder.encode([readable_line(s.text) for s in index.sentences]),
        )


_LIST_MARKER = re.compile(
    r"[-*\u2022\u00b7\u2013\u2014>#]+"  # bullets, dashes, quote and heading marks
    r"|\[\d{1,3}\]|[\u2460-\u2473]"  # [1], circled digits
    r"|\d{1,3}(?:\.\d{1,3})+\.?"  # section numbers: 1.1, 1.2.3.
    r"|\(?(?:\d{1,3}|[A-Za-z]|[ivxlc]{1,6}|[IVXLC]{1,6})[.):]{1,2}"  # 2.  (b)  iv.  C)  2.)
)


def is_list_marker(text: str) -> bool:
    """Whether a line or sentence looks like a list marker ("2.", "(b)", "iv.", "[1]", "1.2",
    "*"): it joins the text it opens. A bare number, date or amount ("2006", "17%") is not."""
    t = text.strip()
    return bool(t) and (not any(c.isalnum() for c in t) or bool(_LIST_MARKER.fullmatch(t)))


def answer_sentences(doc: Doc) -> List[Span]:
    """The answer's sentences (the pipeline's own, or rule-based ones on a bare tokenizer),
    also cut at line breaks, without surrounding whitespace or a table's ``|---|`` line; a
    bare list marker ("2.", "*")
    joins the text it opens (or, with nothing after it, is a sentence itself), while a bare
    number or date ("2006") is a sentence."""
    if doc.has_annotation("SENT_START"):
        raw = [(s.start, s.end) for s in doc.sents]
    else:
        raw = []
        for s, e in split_sentences(doc.text):
            span = doc.char_span(s, e, alignment_mode="expand")
            if span is not None and len(span):
                raw.append((span.start, span.end))
    lines = []
    for start, end in raw:
        for i in range(start, end):
            if doc[i].is_space and "\n" in doc[i].text:
                lines.append((start, i))
                start = i + 1
        lines.append((start, end))
    out: List[Span] = []
    carry: Optional[int] = None
    carry_end = 0
    for start, end in lines:
        while start < end and doc[start].is_space:
            start += 1
        while end > start and doc[end - 1].is_space:
            end -= 1
        if start >= end or is_table_separator(doc[start:end].text):
            continue  # blank, or the |---|---| line of a table: nothing to check
        if is_list_marker(doc[start:end].text):
            carry = start if carry is None else carry  # a bare marker: glue it to what follows
            carry_end = end
            continue
        out.append(doc[carry if carry is not None else start : end])
        carry = None
    if carry is not None:  # nothing follows: what looked like a marker is the answer's last words ("5.", "(b)")
        out.append(doc[carry:carry_end])
    return out


def _idf(index: SourceIndex) -> Dict[str, float]:
    """Inverse sentence frequency of each source word, once per index."""
    return index.memo("align.idf", lambda: _read_idf(index))


def _read_idf(index: SourceIndex) -> Dict[str, float]:
    df: Dict[str, int] = {}
    for sent in index.sentences:
        for w in sent.words:
            df[w] = df.get(w, 0) + 1
    n = len(index.sentences)
    idf = {w: math.log(1 + n / c) for w, c in df.items()}
    idf["__unseen__"] = math.log(1 + n)
    return idf
