"""The answer as the checks read it: its text and sentences, once per ``ground_numeric`` call.

spaCy joins ``doc.text`` from the tokens on every read, and ``span.sent`` walks the tokens back
to the sentence start and on to its end: read per claim, either costs the square of the
answer's length (a pasted CSV line of 2,000 numbers, an answer of 2,000 short sentences).
``ground_numeric`` keeps an ``AnswerText`` in ``doc.user_data[TEXT_KEY]`` while it runs (and
removes it after, so nothing unserialisable stays on the Doc); ``doc_text`` and
``sentence_of`` read it, or fall back to spaCy's own reads outside a call.
"""

from __future__ import annotations

import bisect
from typing import Any, Callable, Dict, List, TypeVar

T = TypeVar("T")

TEXT_KEY = "spacy_ground.answer_text"  # doc.user_data, while ground_numeric runs: an AnswerText


class AnswerText:
    """An answer Doc's text and sentence bounds, read once."""

    def __init__(self, doc: Any):
        self.doc = doc
        self.text: str = doc.text
        self.has_sents: bool = doc.has_annotation("SENT_START")
        sents = list(doc.sents) if self.has_sents and len(doc) else []
        self.starts: List[int] = [s.start for s in sents]
        self.ends: List[int] = [s.end for s in sents]
        self._memo: Dict[Any, Any] = {}

    def memo(self, key: Any, compute: Callable[[], T]) -> T:
        """``compute()`` once per call under ``key`` (a sentence's words, read by every claim in it)."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def sentence(self, span: Any) -> Any:
        """What ``span.sent`` gives: from the start of the sentence of the span's first token to
        the end of the sentence of its last."""
        if not self.starts:
            return span.sent
        first = max(0, bisect.bisect_right(self.starts, span.start) - 1)
        last = max(first, bisect.bisect_right(self.starts, max(span.start, span.end - 1)) - 1)
        return self.doc[self.starts[first] : self.ends[last]]


def doc_text(doc: Any) -> str:
    """``doc.text``, read once per ``ground_numeric`` call."""
    ctx = doc.user_data.get(TEXT_KEY)
    return ctx.text if ctx is not None else doc.text


def answer_text(doc: Any) -> "AnswerText | None":
    """The ``AnswerText`` of a Doc while ``ground_numeric`` runs on it, else None."""
    return doc.user_data.get(TEXT_KEY)


def sentence_of(span: Any) -> Any:
    """The sentence of a claim (``span.sent``; the whole answer when it has no sentences),
    found once per ``ground_numeric`` call by bisection."""
    doc = span.doc
    ctx = doc.user_data.get(TEXT_KEY)
    if ctx is not None:
        return ctx.sentence(span) if ctx.has_sents else doc[:]
    return span.sent if doc.has_annotation("SENT_START") else doc[:]
