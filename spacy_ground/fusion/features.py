"""Answer-level features for ``ground_verdict`` and the baselines: pure functions of a checked Doc.

Every feature is a number in a known range, computed from what the other components
stored (entailment, evidence, numeric grounding) and from the answer, sources and
question texts. The seed's four statistical signals are here too.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Tuple

from spacy.tokens import Doc

from spacy_ground.sources.readers import is_record, source_text
from spacy_ground.sources.words import content_words, fold_accents

FEATURES = (
    "min_support",
    "mean_support",
    "max_contradiction",
    "max_unsupported",
    "min_evidence",
    "numeric_mismatch",
    "numeric_unsupported",
    "absent_words",
    "new_names",
    "length_ratio",
    "unknown_word_rate",
    "question_overlap",
    "numeric_inconsistency",
    "record_source",
    "record_conflict",
    "record_unsupported",
    "absent_count",
)
# The direction each feature may push the verdict's score (+1: a higher value may only raise
# the probability of a hallucination, -1: only lower it; 0 or absent: either way). The verdict
# is fit under these signs (``LogisticModel.fit``), so that more contradiction or less support
# never makes an answer look better, whatever the correlations between features.
FEATURE_SIGNS = {
    "min_support": -1,
    "mean_support": -1,
    "max_contradiction": 1,
    "max_unsupported": 1,
    "min_evidence": -1,
    "numeric_mismatch": 1,
    "numeric_unsupported": 1,
    "absent_words": 1,
    "new_names": 1,
    "unknown_word_rate": 1,
    "numeric_inconsistency": 1,
    "record_conflict": 1,
    "record_unsupported": 1,
    "absent_count": 1,
}
_TOKEN = re.compile(r"[A-Za-z]+|\d+(?:[.,]\d+)?")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*")
_REFUSAL = re.compile(
    r"\b(?:(?:do|does|did)(?:\s+not|n['’]t)\s+(?:mention|provide|contain|include|specify|say|state|give|discuss|"
    r"address|indicate|list)|"
    r"(?:is|are|was|were)(?:\s+not|n['’]t)\s+(?:mentioned|provided|specified|stated|given|available|included|"
    r"discussed|indicated|listed)|"
    r"no\s+(?:information|mention|details?)\s+(?:about|on|regarding|of)|"
    r"(?:cannot|can['’]t|can\s+not|unable\s+to|not\s+(?:possible|able)\s+to)\s+(?:answer|determine|find|provide|tell|"
    r"know|be\s+(?:determined|answered))|"
    r"(?:answer|information)\s+(?:cannot|can['’]t|could\s+not)\s+be\s+found|"
    r"(?:don['’]t|do\s+not)\s+know|"
    r"(?:it\s+is|it['’]s)\s+(?:unclear|not\s+clear)\s+(?:from|based|whether|what|how|which|who|when))\b",
    re.I,
)


_LIST_ITEM = re.compile(r"\s*(?:[-*•]|\d+[.)])\s")


def source_texts(doc: Doc) -> List[str]:
    return [source_text(s) for s in (doc._.ground_sources or []) if s is not None]


def is_refusal(answer: str) -> bool:
    """An answer that declines ("the passages do not mention ...") and says little else."""
    sentences = [s for line in _lines(answer) for s in re.split(r"(?<=[.!?])\s+", line) if s.strip()]
    if not sentences:
        return False
    # a declining sentence with a contrast ("does not mention the CEO, but revenue was $9
    # billion") is judged clause by clause: what follows the contrast states something
    parts = [p for s in sentences for p in (_CONTRAST.split(s) if _REFUSAL.search(s) else [s]) if p.strip()]
    hits = [bool(_REFUSAL.search(p)) for p in parts]
    # every part declines, or says nothing checkable: a short heading that ends in ":", or
    # fewer than four content words and no number outside a list item (an item states something)
    return any(hits) and all(
        h or _is_heading(p) or (len(content_words(p)) < 4 and not re.search(r"\d", p) and not _LIST_ITEM.match(p))
        for h, p in zip(hits, parts)
    )


_CONTRAST = re.compile(r"[,;]?\s*\b(?:but|however|although|though|whereas|yet)\b|;", re.I)


def _lines(text: str) -> List[str]:
    """The lines of a text, a wrapped line (the next one starts in lower case after no full
    stop: "do not\nmention") joined to the one before: a list without full stops is many
    statements, not one."""
    out: List[str] = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        if out and line[0].islower() and not out[-1].endswith((".", "!", "?", ":")):
            out[-1] += " " + line
        else:
            out.append(line)
    return out


def _is_heading(sentence: str) -> bool:
    """A line that introduces what follows ("Based on the information provided in the
    passages, here is what I can tell you:"), stating no amount of its own."""
    return sentence.rstrip().endswith(":") and len(sentence.split()) <= 20 and not re.search(r"\d{2,}|[$€£%]", sentence)


class SourceVocabulary(NamedTuple):
    content: FrozenSet[str]  # content words (as absent_words counts them)
    tokens: FrozenSet[str]  # lower-cased word and number tokens (the seed's unknown-word rate)
    numbers: FrozenSet[str]  # digit strings (the seed's numeric inconsistency)


@lru_cache(maxsize=64)
def source_vocabulary(sources: Tuple[str, ...]) -> SourceVocabulary:
    """The word sets of a set of sources, computed once per set (answers share sources)."""
    content: set = set()
    for text in sources:
        content |= content_words(text)
    src = fold_accents(" ".join(sources))
    return SourceVocabulary(
        frozenset(content), frozenset(t.lower() for t in _TOKEN.findall(src)), frozenset(_NUMBER.findall(src))
    )


def source_chars(sources: Sequence[str]) -> int:
    """How long the sources are as read: their characters, one between each two."""
    return max(0, sum(map(len, sources)) + len(sources) - 1)


def seed_signals(answer: str, sources: Sequence[str], question: Optional[str]) -> Dict[str, float]:
    """The seed's four statistical signals."""
    vocab = source_vocabulary(tuple(sources))
    a_tokens = [t.lower() for t in _TOKEN.findall(fold_accents(answer))]
    s_vocab = vocab.tokens
    unknown = sum(t not in s_vocab for t in a_tokens) / len(a_tokens) if a_tokens else 0.0
    q_words = content_words(question or "")
    overlap = len(q_words & content_words(answer)) / len(q_words) if q_words else 1.0
    numbers = _NUMBER.findall(fold_accents(answer))
    src_numbers = vocab.numbers
    inconsistent = sum(n not in src_numbers for n in numbers) / len(numbers) if numbers else 0.0
    return {
        "length_ratio": math.log1p(len(answer) / max(1, source_chars(sources))),
        "unknown_word_rate": unknown,
        "question_overlap": overlap,
        "numeric_inconsistency": inconsistent,
    }


def absent_words(answer: str, sources: Sequence[str]) -> float:
    """Share of the answer's content words that no source contains (a strong simple baseline)."""
    absent, total = absent_word_counts(answer, sources)
    return absent / total if total else 0.0


def absent_word_counts(answer: str, sources: Sequence[str]) -> Tuple[int, int]:
    """(content words of the answer that no source contains, content words of the answer)."""
    a = content_words(answer)
    if not a:
        return 0, 0
    absent = a - source_vocabulary(tuple(sources)).content
    return len(absent), len(a)


def without_grounded_claims(doc: Doc, claims_key: str = "ground_claims") -> str:
    """The answer text with the claims the numeric check grounded blanked out: "2,850 million
    dollars" grounded by "$2.85 billion" has no absent words ("million", "dollars"); the
    words of a claim that is not grounded still count; nor do the words a grounded change was
    read with ("grew" and "year over year" of "grew 17% year over year", ``checked_words``)."""
    text = list(doc.text)
    for span in doc.spans.get(claims_key, []):
        result = span._.ground_numeric or {}
        if result.get("status") == "grounded":
            for start, end in [(span.start_char, span.end_char)] + [
                tuple(w) for w in result.get("checked_words") or ()
            ]:
                text[start:end] = " " * (end - start)
    return "".join(text)


def new_names(answer: str, sources: Sequence[str]) -> float:
    """Share of capitalised names in the answer that appear in no source."""
    names = {m.group(0) for m in _NAME.finditer(fold_accents(answer))}
    if not names:
        return 0.0
    src = fold_accents(" ".join(sources))
    return sum(n not in src for n in names) / len(names)


def answer_features(doc: Doc, sentences_key: str = "ground_sentences") -> Dict[str, float]:
    """All features of a checked answer (see FEATURES)."""
    sources = source_texts(doc)
    sents = list(doc.spans.get(sentences_key, []))
    ent = [s._.entailment for s in sents if s._.entailment]
    support = [e["supported"] for e in ent] or [1.0]
    evidence = [s._.evidence[0]["score"] for s in sents if s._.evidence] or [1.0]
    numeric = doc._.numeric_grounding or {}
    facts = [f for f in doc._.record_facts or [] if "check" not in f]  # the record's and hours' facts
    read = without_grounded_claims(doc)
    n_absent, n_words = absent_word_counts(read, sources)
    f = {
        "min_support": min(support),
        "mean_support": sum(support) / len(support),
        "max_contradiction": max([e["contradicted"] for e in ent] or [0.0]),
        "max_unsupported": max([e["unsupported"] for e in ent] or [0.0]),
        "min_evidence": min(evidence),
        "numeric_mismatch": math.log1p(numeric.get("n_mismatch", 0)),
        "numeric_unsupported": math.log1p(numeric.get("n_unsupported", 0)),
        "absent_words": n_absent / n_words if n_words else 0.0,
        "new_names": new_names(doc.text, sources),
        "record_source": float(any(is_record(s) for s in (doc._.ground_sources or []))),
        "record_conflict": math.log1p(sum(f["status"] == "conflict" for f in facts)),
        "record_unsupported": math.log1p(sum(f["status"] == "unsupported" for f in facts)),
        "absent_count": math.log1p(n_absent),
    }
    f.update(seed_signals(doc.text, sources, doc._.ground_question))
    if read != doc.text:  # a figure the numeric check grounded ("2,850 million" by "$2.85 billion") is no unknown
        unread = seed_signals(read, sources, doc._.ground_question)
        f["numeric_inconsistency"] = unread["numeric_inconsistency"]
        f["unknown_word_rate"] = unread["unknown_word_rate"]
    return f
