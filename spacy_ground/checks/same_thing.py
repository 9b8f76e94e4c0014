"""The same thing: a value grounds a claim only where the source says it of what the claim
says it of. Each value, in the answer and in the sources, has its own words: those of its clause,
between the figures around it ("the basic plan costs $350" / "the premium plan costs $500"),
or its table row and column, or its record key. A claim whose value the sources state only of
other things, while they give another value with the claim's own words, is said of something
else.
"""

from __future__ import annotations

import re
from typing import Iterable, Optional, Sequence, Tuple

from spacy_ground.sources.words import content_words

# what ends a value's clause on either side ("and", "while", a comma, a semicolon, a line)
_BOUNDARY = re.compile(r"[;:\n()\[\]]|,(?!\d)|\.(?!\d)|\s(?:and|but|while|whereas|compared|versus|vs\.?|than)\s", re.I)
# what ends the phrase of the figure before on this side ("$22.3 million of operating cash flow
# less $8.7 million of capital expenditures": "of operating cash flow" is the first figure's)
_BEFORE_BOUNDARY = re.compile(r"\s(?:less|minus|plus|against|on|over|from|to|versus)\s", re.I)
WORDS_BEFORE = 60  # characters of a value's clause read before it
WORDS_AFTER = 40  # and after it
# words that say how a value is given, not what it is of
_GENERIC = frozenset(
    "total number amount figure value about approximately around nearly almost roughly over under "
    "least most more less than year month week day time also which were was is are had has have per "
    "cost costs price priced reported report reports said say says state states stated according "
    "respectively including include includes".split()
)


def own_words(text: str, start: int, end: int, others: Sequence[Tuple[int, int]] = ()) -> frozenset:
    """The content words a value at ``text[start:end]`` is said with: its clause, cut at the
    figures ``others`` (other values' offsets) and at clause boundaries, at most
    ``WORDS_BEFORE`` characters before it and ``WORDS_AFTER`` after it; the value's own words
    ("million", "percent") and generic words left out."""
    lo = max(0, start - WORDS_BEFORE)
    hi = min(len(text), end + WORDS_AFTER)
    for s, e in others:
        if e <= start and e > lo:
            lo = e
        if s >= end and s < hi:
            hi = s
    before = text[lo:start]
    if lo > max(0, start - WORDS_BEFORE):  # cut at the figure before: its words run up to the connective
        joins = list(_BEFORE_BOUNDARY.finditer(before))
        if joins:
            before = before[joins[-1].end() :]
        elif not _BOUNDARY.search(before):  # "$48.4 million of net income over 62.3 million": the first's
            before = ""
    cut = list(_BOUNDARY.finditer(before))
    if cut:
        before = before[cut[-1].end() :]
    after = text[end:hi]
    first = _BOUNDARY.search(after)
    if first:
        after = after[: first.start()]
    return frozenset(w for w in content_words(f"{before} {after}") if w not in _GENERIC and len(w) > 2)


def said_of_other(
    claim_words: frozenset,
    equal: Iterable[frozenset],
    differing: Iterable[Tuple[frozenset, object]],
    min_shared: int = 2,
) -> Optional[Tuple[object, frozenset]]:
    """Whether a claim said with ``claim_words`` is said of something else: the sources give
    another value (``differing``: (its own words, what to name it by)) with at least
    ``min_shared`` of the claim's words and more of them than any place the equal value stands
    (``equal``: the words around it at each, read generously: its whole sentence where no
    other value shares it); returns (that value's name, the shared words), or None."""
    if not claim_words:
        return None
    best_equal = max((len(claim_words & w) for w in equal), default=0)
    best: Optional[Tuple[int, object, frozenset]] = None
    for words, what in differing:
        shared = claim_words & words
        if len(shared) >= min_shared and len(shared) > best_equal and (best is None or len(shared) > best[0]):
            best = (len(shared), what, shared)
    return None if best is None else (best[1], best[2])
