"""Character offsets between a text and a rewritten form of it (pure functions).

``ground_entail`` may read a sentence rewritten ("opens at 9 pm" read as "opens at 21:00",
leading and trailing whitespace dropped); what its token tagger says about a character of
the rewritten form is carried back to the sentence's own characters through these blocks.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import List, Optional, Sequence, Tuple

# (start, end) in the rewritten text, (start, end) in the original: the rewritten characters
# come from those original ones (equal runs character for character, a replaced run as a whole)
Block = Tuple[int, int, int, int]


# the longest differing middle (after the shared start and end) matched character by character;
# difflib is quadratic in it, so a longer one gives no blocks
MAX_MIDDLE = 2000


def char_blocks(original: str, rewritten: str) -> Optional[List[Block]]:
    """Blocks that map ``rewritten`` back onto ``original``: runs they share map one to one, a
    run replaced maps to the run it replaced; characters only one side has map to nothing.
    The shared start and end are mapped directly and only the middle where they differ is
    matched (difflib); None where that middle is longer than ``MAX_MIDDLE`` characters."""
    if rewritten == original:
        return [(0, len(original), 0, len(original))] if original else []
    stripped = original.strip()
    lead = len(original) - len(original.lstrip())
    if rewritten == stripped:
        return [(0, len(stripped), lead, lead + len(stripped))] if stripped else []
    head = 0  # characters shared at the start, then at the end
    limit = min(len(original), len(rewritten))
    while head < limit and original[head] == rewritten[head]:
        head += 1
    tail = 0
    while tail < limit - head and original[-1 - tail] == rewritten[-1 - tail]:
        tail += 1
    a_mid, b_mid = original[head : len(original) - tail], rewritten[head : len(rewritten) - tail]
    if len(a_mid) > MAX_MIDDLE or len(b_mid) > MAX_MIDDLE:
        return None
    blocks: List[Block] = [(0, head, 0, head)] if head else []
    matcher = SequenceMatcher(None, a_mid, b_mid, autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op in ("equal", "replace") and b1 > b0 and a1 > a0:
            blocks.append((head + b0, head + b1, head + a0, head + a1))
    if tail:
        blocks.append((len(rewritten) - tail, len(rewritten), len(original) - tail, len(original)))
    return blocks


def project(blocks: Sequence[Block], start: int, end: int) -> Tuple[int, int]:
    """The original characters (start, end) behind rewritten characters ``start:end``; (0, 0)
    where none of them maps to the original."""
    lo, hi = -1, -1
    for b0, b1, a0, a1 in blocks:
        if b1 <= start or end <= b0:
            continue
        if b1 - b0 == a1 - a0:  # a shared run: character for character
            s, e = a0 + max(start, b0) - b0, a0 + min(end, b1) - b0
        else:  # a replaced run: all of what it replaced
            s, e = a0, a1
        lo = s if lo < 0 else min(lo, s)
        hi = max(hi, e)
    return (lo, hi) if lo >= 0 else (0, 0)
