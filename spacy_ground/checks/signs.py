"""Sign and direction are part of a figure's value: an operating loss of $5 million is not
grounded by operating income of $5 million, "-5%" not by "rose 5%", and "grew from $4 million to
$5 million" not by "fell from $5 million to $4 million". Pure functions over the words of a
figure's clause, in the answer and in the source.
"""

from __future__ import annotations

import re
from typing import Optional

GAIN, LOSS = "gain", "loss"
RISE, FALL = "rise", "fall"

# what an amount is called: a gain (income, profit) or a loss (loss, deficit)
_GAIN_WORDS = re.compile(r"\b(?:income(?!\s+tax)|profits?|profitable|earnings|earned|surplus|gains?)\b", re.I)
_LOSS_WORDS = re.compile(r"\b(?:loss(?:es)?|lost|deficit|shortfall)\b", re.I)
# either in one label ("net income (loss)", "profit/loss"): nothing said
_EITHER = re.compile(r"\b(?:income|profit|earnings|gains?)\s*(?:/|\(|or)\s*\(?\s*loss", re.I)
_RISE_WORDS = re.compile(
    r"\b(?:rose|rise[sn]?|rising|grew|grow[sn]?|growing|growth|increas\w*|climb\w*|jump\w*|gain(?:ed|s)?|"
    r"expand\w*|surg\w*|soar\w*|up)\b",
    re.I,
)
_FALL_WORDS = re.compile(
    r"\b(?:fell|falls?|falling|declin\w*|decreas\w*|dropp?\w*|down|reduc\w*|shr[aiu]nk\w*|slump\w*|"
    r"tumbl\w*|plung\w*|sank|sink\w*|contract\w*|cut)\b",
    re.I,
)
# a clause's edge: punctuation or a conjunction
_EDGE = re.compile(r"[,;:()]|\b(?:but|while|whereas|although|though|and|compared|versus)\b", re.I)
WINDOW = 60  # characters of a clause read before a figure


def clause_before(text: str, start: int, window: int = WINDOW) -> str:
    """The words of ``text`` before ``start`` back to the clause's edge, at most ``window`` characters."""
    before = text[max(0, start - window) : start]
    cut = list(_EDGE.finditer(before))
    return before[cut[-1].end() :] if cut else before


def called(before: str) -> Optional[str]:
    """GAIN or LOSS when the words before a figure call it income or a loss ("an operating loss
    of", "net income was"), None when they say neither or both ("net income (loss)")."""
    if _EITHER.search(before):
        return None
    gain, loss = _GAIN_WORDS.search(before), _LOSS_WORDS.search(before)
    if bool(gain) == bool(loss):
        return None
    return GAIN if gain else LOSS


def moved(before: str) -> Optional[str]:
    """RISE or FALL when the words before a figure say a change ("grew", "fell by"), else None."""
    rise, fall = list(_RISE_WORDS.finditer(before)), list(_FALL_WORDS.finditer(before))
    if not rise and not fall:
        return None
    last_rise = rise[-1].start() if rise else -1
    last_fall = fall[-1].start() if fall else -1
    return RISE if last_rise > last_fall else FALL


def other_sense(answer_before: str, source_before: str, answer_negative: bool = False) -> Optional[str]:
    """A reason when the answer's words call a figure the opposite of what the source's words
    call the same figure (a loss for income, a fall for a rise), else None. An answer's
    negative figure says its own direction ("growth was -3%")."""
    said, stated = called(answer_before), called(source_before)
    if said and stated and said != stated:
        return f"called {'a loss' if said == LOSS else 'income or a profit'} where the sources call it " + (
            "a loss" if stated == LOSS else "income or a profit"
        )
    said, stated = moved(answer_before), moved(source_before)
    if said and stated and said != stated and not answer_negative:
        return f"said to {'rise' if said == RISE else 'fall'} where the sources say it " + (
            "rose" if stated == RISE else "fell"
        )
    return None


def negative_for_positive(answer_value: float, source_value: float, source_before: str) -> bool:
    """Whether an answer's negative figure ("-5%", "-$5 million") stands against the same
    figure with no minus in the sources whose words say no fall and no loss ("rose 5%")."""
    return answer_value < 0 < source_value and moved(source_before) != FALL and called(source_before) != LOSS


_FROM_TO = re.compile(r"\bfrom\s*$", re.I)
_TO = re.compile(r"^\s*to\s*$", re.I)


def from_to(text: str, first: tuple, second: tuple) -> bool:
    """Whether two figures at ``first`` and ``second`` ((start, end) offsets) read "from
    <first> to <second>" in ``text``."""
    return bool(_FROM_TO.search(text[max(0, first[0] - 12) : first[0]])) and bool(_TO.match(text[first[1] : second[0]]))
