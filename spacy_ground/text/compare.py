"""Compare an answer claim with a source claim: pure functions, table-tested.

``compare(answer, source)`` says whether the source value grounds the answer
value ("equal"), contradicts it as a value of the same kind and unit family
("differs"), or says nothing about it ("incomparable"), with a short note.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from typing import NamedTuple, Optional, Tuple

from spacy_ground.text.dates import AFTERNOON_GUESS, FISCAL, fiscal_envelope
from spacy_ground.text.values import PERCENT_OR_POINTS, SHARE_NOTE, SPLIT_NOTE, YEAR_CONTEXT, ClaimValue

EQUAL, DIFFERS, INCOMPARABLE = "equal", "differs", "incomparable"
UNITLESS, YEAR_AS_NUMBER = "matched a number written without its unit", "year written as a number"
SIGN_IN_WORDS = "the same figure, its sign in the words (a loss, a fall)"
# "2019" against "fiscal 2019": how a paraphrase drops "fiscal", though the months may differ
SAME_PERIOD_NAME = "the same period's name, fiscal on one side"
WEAK_MATCHES = frozenset({UNITLESS, YEAR_AS_NUMBER})  # equal, but yield to a contradiction nearby
_EPS = 1e-9
_SCALE_WORD = re.compile(r"\b(?:thousand|million|billion|trillion)s?\b", re.I)


# the kinds of source value that can ground or contradict an answer value of each kind;
# ``compare`` says "incomparable" for every other pair (a bare number meets all but clock times)
COMPARABLE_KINDS = {
    "date": frozenset({"date", "cardinal"}),
    "time": frozenset({"time"}),
    "money": frozenset({"money", "cardinal"}),
    "percent": frozenset({"percent", "cardinal"}),
    "quantity": frozenset({"quantity", "cardinal"}),
    "cardinal": frozenset({"cardinal", "money", "percent", "quantity", "date"}),
}


class Comparison(NamedTuple):
    result: str
    note: Optional[str] = None


def _overlap(a: ClaimValue, s: ClaimValue) -> bool:
    # half-open: "3" (2.5-3.5) and "2" (1.5-2.5) touch but do not overlap
    # relative to the values compared (a floor of 1 would swamp nanometres, 1e-9 in metres) and
    # well inside the narrower interval (at 1e9 the float error of "999,999,999" is near its width)
    tol = _EPS * max(abs(a.value or 0.0), abs(s.value or 0.0))
    widths = [w for w in (a.high - a.low, s.high - s.low) if w > 0]
    if widths:
        tol = min(tol, 0.25 * min(widths))
    if a.high - a.low <= tol or s.high - s.low <= tol:
        return a.low - tol <= s.high and s.low - tol <= a.high
    return a.low + tol < s.high and s.low + tol < a.high


_ABOVE = {"over", "more than", "above", "at least", "upwards of", "in excess of", "exceeding", "just over", ">"}
_BELOW = {"under", "less than", "fewer than", "below", "at most", "up to", "nearly", "almost", "just under", "<"}


def _numbers(a: ClaimValue, s: ClaimValue) -> Comparison:
    if s.is_range and not (a.is_range or a.approx) and _overlap(a, s) and not (a.low <= s.low and s.high <= a.high):
        # "$6 million" is more precise than the source's "$5-7 million": not grounded, not refuted
        return Comparison(INCOMPARABLE, "the source gives only a range")
    if (
        s.approx
        and not a.approx
        and _overlap(a, s)
        and s.number is not None
        and a.number is not None
        and abs(a.number - s.number) > (a.number_step or 1.0) / 2
    ):
        # "3,100" against "about 3,000": inside the source's vagueness, but not what it says
        return Comparison(INCOMPARABLE, "the source gives only an approximation")
    if (
        a.approx
        and s.approx
        and a.value == s.value
        and ((a.approx in _ABOVE and s.approx in _BELOW) or (a.approx in _BELOW and s.approx in _ABOVE))
    ):
        return Comparison(DIFFERS, f"{a.approx!r} where the source says {s.approx!r}")
    return Comparison(EQUAL) if _overlap(a, s) else Comparison(DIFFERS)


def _stated(c: ClaimValue) -> ClaimValue:
    """The claim as written, before unit conversion ("350°F" -> 350)."""
    if c.number is None:
        return c
    half = (c.number_step or 1.0) / 2.0
    if c.approx or c.is_range:  # keep the widening, measured in stated units
        scale = (c.number / c.value) if c.value else 1.0
        lo, hi = (
            sorted((c.low * scale, c.high * scale))
            if c.dimension != "temperature"
            else (c.number - half, c.number + half)
        )
        return c.__class__(kind=c.kind, text=c.text, value=c.number, low=lo, high=hi)
    return c.__class__(kind=c.kind, text=c.text, value=c.number, low=c.number - half, high=c.number + half)


def _unitless_match(a: ClaimValue, s: ClaimValue) -> Comparison:
    """A bare number on one side ("price: 12.5", "350") grounds a value with a unit, never refutes it.
    A number that counts something ("12 rooms", "12 million customers") is not bare; one with a
    scale word is compared by its value ("184,322 thousand" grounds "$184.3 million")."""
    bare = a if a.kind == "cardinal" else s
    if bare.head:
        return Comparison(INCOMPARABLE, "different things counted")
    if SHARE_NOTE in (a.note, s.note):
        return Comparison(INCOMPARABLE, "a share's percent is not written")  # "1 in 3" does not ground "15-49"
    sa, ss = _stated(a), _stated(s)
    if _SCALE_WORD.search(bare.text or ""):
        # a bare number with a scale word ("184,322 thousand", a table's caption read in): its
        # value against the other's, each at its own precision ("$184.3 million")
        same = _overlap(a, s)
    elif a.approx or s.approx or a.is_range or s.is_range:
        same = _overlap(sa, ss)
    else:  # two exact numbers: equal at the finer of the two precisions
        step = min(a.number_step or 1.0, s.number_step or 1.0)
        same = abs(sa.value - ss.value) <= step / 2 * (1 + 1e-9)
    if same:
        return Comparison(EQUAL, UNITLESS)
    return Comparison(INCOMPARABLE)


def compare(answer: ClaimValue, source: ClaimValue) -> Comparison:
    """Does ``source`` ground ``answer``? See the module docstring for the three results."""
    a, s = answer, source
    if not (a.normalisable and s.normalisable) or a.low is None or s.low is None:
        return Comparison(INCOMPARABLE, "not normalisable")
    if a.kind == "date" or s.kind == "date":
        return _dates(a, s)
    if a.kind == "time" or s.kind == "time":
        if a.kind != s.kind:
            return Comparison(INCOMPARABLE)
        return _times(a, s)
    if (a.high < 0) != (s.high < 0) and (a.low < 0 or s.low < 0) and _signed(a, s):
        # "a net loss of $1.2 million" against a statement's "(1,234)" in thousands, "fell 3.2%"
        # against "-3.2%": the sign is in the words, so the figures are compared by their size
        seen = compare(_negated(a) if a.high < 0 else a, _negated(s) if s.high < 0 else s)
        return Comparison(EQUAL, SIGN_IN_WORDS) if seen.result == EQUAL else seen
    if a.kind == s.kind:
        if a.kind == "money":
            if a.currency and s.currency and a.currency != s.currency:
                return Comparison(DIFFERS, f"different currency ({a.currency} vs {s.currency})")
            return _numbers(a, s)
        if a.kind == "percent":
            if (
                a.note == SPLIT_NOTE
                and s.unit == "%"
                and a.unit == "%"
                and not _overlap(a, s)
                and _overlap(replace(a, low=100 - a.high, high=100 - a.low, value=100 - a.value), s)
            ):
                return Comparison(EQUAL, "the other side of the split")  # "60 %" grounds the 40 of "60/40"
            if a.unit != s.unit and PERCENT_OR_POINTS in (a.note, s.note):
                return _numbers(a, s)  # "rose half a percent" is said of 0.5 points too
            if a.unit != s.unit:
                if _overlap(a, s):
                    return Comparison(DIFFERS, "percent is not percentage points")
                return Comparison(INCOMPARABLE, "a change in points and a level in percent")
            return _numbers(a, s)
        if a.kind == "quantity":
            if "degree" in (a.dimension, s.dimension) and {a.dimension, s.dimension} <= {"degree", "temperature"}:
                # "64 degrees" next to "64°F": compare the numbers as written
                return Comparison(EQUAL) if _overlap(_stated(a), _stated(s)) else Comparison(DIFFERS)
            if a.dimension != s.dimension:
                return Comparison(INCOMPARABLE, "different dimension")
            return _numbers(a, s)
        return _numbers(a, s)  # cardinal vs cardinal
    if "cardinal" in (a.kind, s.kind):
        return _unitless_match(a, s)
    return Comparison(INCOMPARABLE)


_SIGNED = frozenset(("money", "percent", "cardinal"))


def _signed(a: ClaimValue, s: ClaimValue) -> bool:
    """Whether two values are amounts or percents whose sign may be in the words (a bare number
    on one side at most) and both have a value."""
    if a.value is None or s.value is None or a.kind not in _SIGNED or s.kind not in _SIGNED:
        return False
    return a.kind != "cardinal" or s.kind != "cardinal"


def _negated(c: ClaimValue) -> ClaimValue:
    """The claim with its sign turned ("-$1.2 million" -> "$1.2 million", its bounds too)."""
    return replace(c, value=-c.value, low=-c.high, high=-c.low, number=None if c.number is None else -c.number)


def _dates(a: ClaimValue, s: ClaimValue) -> Comparison:
    if a.kind != s.kind:
        # a year read as a bare number on the other side ("2019 revenue")
        other = s if a.kind == "date" else a
        date = a if a.kind == "date" else s
        if (
            other.kind == "cardinal"
            and date.granularity == "year"
            and not date.is_range
            and "," not in other.text
            and (other.head is None or other.head in YEAR_CONTEXT)
        ):
            import datetime as _dt

            year = _dt.date.fromordinal(int(date.low)).year
            if other.low <= year <= other.high:
                return Comparison(EQUAL, YEAR_AS_NUMBER)
        return Comparison(INCOMPARABLE)
    if "month_day" in (a.dimension, s.dimension):
        am, sm = _month_days(a), _month_days(s)
        if am is None or sm is None:
            return Comparison(INCOMPARABLE, "the source is less specific than the answer")
        if am[1] < sm[0] or sm[1] < am[0]:
            return Comparison(DIFFERS)
        if am != sm and not (am[0] <= sm[0] and sm[1] <= am[1]):
            # "March 4" against the source's "March 3-5": inside it, but not what it says
            return Comparison(INCOMPARABLE, "the source gives only a range")
        if s.dimension == "month_day" and a.dimension != "month_day":
            return Comparison(INCOMPARABLE, "the source gives no year")
        return Comparison(EQUAL)
    if _same_name(a, s):
        return Comparison(EQUAL, SAME_PERIOD_NAME)
    if (a.dimension == FISCAL) != (s.dimension == FISCAL):
        # a fiscal period against a calendar date, the fiscal calendar unknown: only a date it
        # cannot cover under any calendar differs ("fiscal 2024" is not "2019")
        period, date = (a, s) if a.dimension == FISCAL else (s, a)
        lo, hi = fiscal_envelope(period)
        if date.low is not None and (date.high < lo or date.low > hi):
            return Comparison(DIFFERS)
        return Comparison(
            INCOMPARABLE, "a fiscal period against calendar dates: the sources do not say when the fiscal year ends"
        )
    if s.low >= a.low and s.high <= a.high:
        return Comparison(EQUAL)
    if s.high < a.low or s.low > a.high:
        return Comparison(DIFFERS)
    return Comparison(INCOMPARABLE, "the source is less specific than the answer")


def _fiscal_name(c: ClaimValue) -> Optional[str]:
    """ "FY2024-Q4" for a fiscal period, read as its calendar months or not; None for others."""
    return c.iso.split(" ")[0] if c.iso and c.iso.startswith("FY") else None


def _same_name(a: ClaimValue, s: ClaimValue) -> bool:
    """A period and the fiscal period of the same name ("2019" and "fiscal 2019", "Q4 2024" and
    "the fourth quarter of fiscal 2024"): how a paraphrase drops the word "fiscal"."""
    fa, fs = _fiscal_name(a), _fiscal_name(s)
    if (fa is None) == (fs is None):
        return False
    calendar_name = s.iso if fa else a.iso
    return bool(calendar_name) and f"FY{calendar_name}" == (fa or fs)


def _month_days(c: ClaimValue) -> Optional[Tuple[int, int]]:
    """First and last day of a day or day range as month * 100 + day ("March 3-5" -> (303, 305));
    None for anything coarser, or a range that runs into another year."""
    if c.dimension == "month_day":
        return int(c.low), int(c.high)
    if c.granularity == "day" and c.low is not None and c.high is not None:
        import datetime as _dt

        lo, hi = _dt.date.fromordinal(int(c.low)), _dt.date.fromordinal(int(c.high))
        if lo.year != hi.year:
            return None
        return lo.month * 100 + lo.day, hi.month * 100 + hi.day
    return None


def _times(a: ClaimValue, s: ClaimValue) -> Comparison:
    day = 24 * 60
    a_ends = {a.low % day, a.high % day}
    s_ends = {s.low % day, s.high % day}
    if a.is_range and s.is_range:
        highs = {a.high % day}
        if a.note == AFTERNOON_GUESS:  # "8:00 to 2:00" may as well run to 2 am
            highs.add((a.high - 12 * 60) % day)
        same = a.low % day == s.low % day and s.high % day in highs
        return Comparison(EQUAL) if same else Comparison(DIFFERS)
    if a.is_range:
        # a single source time that is one end of the answer's range supports only that end
        if s_ends & a_ends:
            return Comparison(INCOMPARABLE, "the source gives only one end of the range")
        return Comparison(DIFFERS)
    if a_ends & s_ends:
        return Comparison(EQUAL)
    return Comparison(DIFFERS)


MAGNITUDE_KINDS = frozenset({"money", "percent", "quantity", "cardinal"})


def magnitude_spans(v: ClaimValue) -> Optional[Tuple[Tuple[float, float], ...]]:
    """The sizes (absolute values) at which ``compare`` can find ``v`` equal to another value
    when neither is a date or a time: its interval, its interval as written (``_stated``) and,
    for a percent, the other side of a split (100 - v), each as (smallest, largest) size; None
    when one is unbounded, not a number or takes in zero (then every value must be compared).
    Two values ``compare`` finds equal have spans that meet (within its tolerance)."""
    if v.kind not in MAGNITUDE_KINDS or v.low is None or v.high is None:
        return None
    intervals = [(v.low, v.high)]
    if v.number is not None:
        written = _stated(v)
        intervals.append((written.low, written.high))
    if v.kind == "percent":
        intervals.append((100 - v.high, 100 - v.low))
    spans = []
    for lo, hi in intervals:
        if not (math.isfinite(lo) and math.isfinite(hi)) or lo <= 0 <= hi or hi < lo:
            return None
        spans.append((min(abs(lo), abs(hi)), max(abs(lo), abs(hi))))
    return tuple(spans)


def scaled_by_thousands(a: ClaimValue, s: ClaimValue) -> bool:
    """Whether two values differ only by a power of 1,000 ("277.7 million" against a cell
    "277.7" under "(M)"): a unit left unsaid, not another figure."""
    if not a.value or not s.value or a.value * s.value <= 0:
        return False
    ratio = math.log10(abs(a.value / s.value))
    return abs(ratio - 3 * round(ratio / 3)) < 0.01 and round(ratio / 3) != 0


def distance(a: ClaimValue, s: ClaimValue) -> float:
    """How far a source value is from the answer value (relative, for 'nearest'); amounts and
    percents by their size ("-$2,010 thousand" is near "a loss of $2.4 million")."""
    if a.value is None or s.value is None:
        return float("inf")
    if a.kind == "time" and s.kind == "time":
        return min(abs(x - y) for x in (a.low, a.high) for y in (s.low, s.high))
    if (a.value < 0) != (s.value < 0) and _signed(a, s):
        return abs(abs(a.value) - abs(s.value)) / max(abs(a.value), 1e-9)
    return abs(a.value - s.value) / max(abs(a.value), 1e-9)


def _close(x: Optional[float], y: Optional[float]) -> bool:
    if x is None or y is None:
        return x is y
    if not (math.isfinite(x) and math.isfinite(y)):
        return x == y  # an open bound ("over 5 million") equals only the same open bound
    return abs(x - y) <= _EPS * max(1.0, abs(x), abs(y))


def _direction(qualifier: Optional[str]) -> Optional[str]:
    """Which way a qualifier widens a value: "above" ("over"), "below" ("up to"), "about"."""
    if not qualifier:
        return None
    return "above" if qualifier in _ABOVE else "below" if qualifier in _BELOW else "about"


def same_value(answer: ClaimValue, source: ClaimValue) -> bool:
    """Whether two claims state the very same value, perhaps written differently ("9 pm" and
    "21:00", "$2.85 billion" and "2,850 million dollars"): same kind, unit family, date
    granularity and point value, and the same bounds when either is a range or qualified
    ("about", "over", "up to": the same way). Looser matches that ``compare`` accepts ("a million" for 600,000,
    "March 2001" for "3/15/2001") are not the same value."""
    if not (answer.normalisable and source.normalisable) or answer.value is None or source.value is None:
        return False
    if (answer.kind, answer.dimension, answer.granularity, answer.is_range, _direction(answer.approx)) != (
        source.kind,
        source.dimension,
        source.granularity,
        source.is_range,
        _direction(source.approx),
    ):
        return False
    if (
        answer.kind in ("money", "percent", "quantity")
        and answer.unit != source.unit
        and (answer.kind != "quantity" or answer.dimension is None)
    ):
        return False
    if answer.kind == "money" and answer.currency != source.currency:
        return False
    if not _close(answer.value, source.value):
        return False
    return not (answer.is_range or answer.approx) or (
        _close(answer.low, source.low) and _close(answer.high, source.high)
    )
