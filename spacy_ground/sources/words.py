"""Words and sentences of source text: accents folded, content words, a record line as words,
the premise the cross-encoder reads, and a rule-based sentence splitter."""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Dict, List, Sequence, Tuple

from spacy.lang.en.stop_words import STOP_WORDS

_WORD = re.compile(r"[A-Za-z]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_SENT_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\n+")


# letters that do not decompose into a base letter and an accent
_LETTERS = str.maketrans(
    {
        "ø": "o",
        "Ø": "O",
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "ł": "l",
        "Ł": "L",
        "đ": "d",
        "Đ": "D",
        "ð": "d",
        "Ð": "D",
        "þ": "th",
        "Þ": "Th",
        "ı": "i",
    }
)


def fold_accents(text: str) -> str:
    """``text`` with accents and compatibility forms folded to plain letters ("Zürich", the
    same written with a combining diaeresis, and "Zurich" all read "Zurich"; "ﬁ" reads "fi",
    "Ørsted" "Orsted", "Straße" "Strasse"), for comparing words only: lengths can change, so
    never for offsets."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text.translate(_LETTERS)) if not unicodedata.combining(c))


def content_words(text: str) -> frozenset:
    """Lower-cased content words of ``text`` (camelCase and dotted paths split; accents folded)."""
    words = set()
    for w in _WORD.findall(_CAMEL.sub(" ", fold_accents(text))):
        lw = w.lower()
        if len(lw) > 1 and lw not in STOP_WORDS:
            words.add(lw[:-1] if lw.endswith("s") and len(lw) > 3 and not lw.endswith("ss") else lw)
    return frozenset(words)


_KEY_LINE = re.compile(r"^([A-Za-z_][\w.\[\]-]*):(?=\s|$)")


def readable_line(text: str) -> str:
    """A flattened record line as words for the models: ``attributes.OutdoorSeating: no``
    becomes ``attributes outdoor seating: no`` (plain text is returned unchanged)."""
    m = _KEY_LINE.match(text)
    if not m or not re.search(r"[._\[]|[a-z][A-Z]", m.group(1)):
        return text
    key = re.sub(r"\[\d+\]", " ", m.group(1)).replace(".", " ").replace("_", " ")
    return " ".join(_CAMEL.sub(" ", key).lower().split()) + text[m.end() - 1 :]


def evidence_text(evidence: Sequence[Dict[str, Any]], k: int) -> str:
    """The premise the cross-encoder reads: the top ``k`` evidence sentences best first
    (``evidence`` is ranked), a sentence repeated word for word read once, record lines
    made readable. Ranked, not in source order: the premise, and so the judgement, does not
    depend on the order the sources were given in."""
    seen, lines = set(), []
    for e in evidence[:k]:
        line = readable_line(e["text"].strip())
        if line not in seen:
            seen.add(line)
            lines.append(line)
    return " ".join(lines)


def split_sentences(text: str) -> List[Tuple[int, int]]:
    """Rule-based sentence offsets (used when the pipeline sets no sentence boundaries)."""
    spans, start = [], 0
    for m in _SENT_END.finditer(text):
        if m.start() > start:
            spans.append((start, m.start()))
        start = m.end()
    if start < len(text):
        spans.append((start, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]
