"""Long runs of symbols cut for spaCy's tokenizer, one character for one.

spaCy's tokenizer strips a word's prefixes and suffixes one at a time, slicing the rest of the
word each time, so a word of N punctuation marks ("$$$$...", "((((...", "&#&#...") costs N^2:
20 KB of them take over a minute. ``cut_symbol_runs`` puts a space every ``limit`` characters
inside such a run (the text keeps its length, so every offset is still one into the text as
given); no claim is written with hundreds of symbols in a row, so nothing is lost.
"""

from __future__ import annotations

import re
from functools import lru_cache

MAX_SYMBOL_RUN = 128  # the longest run of punctuation or symbols spaCy's tokenizer is given whole


def cut_symbol_runs(text: str, limit: int = MAX_SYMBOL_RUN) -> str:
    """``text`` with a space put in place of every ``limit``-th character of each run of more
    than ``limit`` characters that are neither letters, digits nor spaces (same length)."""
    if limit < 2:
        raise ValueError(f"limit must be at least 2, not {limit}")
    pattern = _runs(limit)
    if not pattern.search(text):
        return text
    chars = list(text)
    for m in pattern.finditer(text):
        for i in range(m.start() + limit - 1, m.end(), limit):
            chars[i] = " "
    return "".join(chars)


@lru_cache(maxsize=8)
def _runs(limit: int) -> "re.Pattern[str]":
    return re.compile(r"[^\w\s]{%d,}" % (limit + 1))  # one class, one quantifier: linear
