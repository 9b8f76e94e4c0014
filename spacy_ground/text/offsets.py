"""Character offsets between a text and a rewritten form of it (pure functions).

``ground_entail`` may read a sentence rewritten ("opens at 9 pm" read as "opens at 21:00",
leading and trailing whitespace dropped); what its token tagger says about a character of
the rewritten form is carried back to the sentence's own characters through these blocks.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import List, Sequence, Tuple

# (start, end) in the rewritten text, (start, end) in the original: the rewritten characters
# come from those original ones (equal runs character for character, a replaced run as a whole)
Block = Tuple[int, int, int, int]


def char_blocks(original: str, rewritten: str) -> List[Block]:
    """Blocks that map ``rewritten`` back onto ``original``: runs they share map one to one, a
    run replaced maps to the run it replaced; characters only one side has map to nothing.
    Quadratic in the worst case (difflib), so meant for sentences, not documents."""
    if rewritten == original:
        return [(0, len(original), 0, len(original))] if original else []
    stripped = original.strip()
    if rewritten == stripped:
        lead = len(original) - len(original.lstrip())
        return [(0, len(stripped), lead, lead + len(stripped))] if stripped else []
    blocks: List[Block] = []
    matcher = SequenceMatcher(None, original, rewritten, autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op in ("equal", "replace") and b1 > b0 and a1 > a0:
            blocks.append((b0, b1, a0, a1))
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
