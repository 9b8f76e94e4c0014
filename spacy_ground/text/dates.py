"""Date and clock-time normalisation: pure functions over text.

``find_dates(text)`` and ``find_times(text)`` return ``(start, end, ClaimValue)``
for every date or time expression. Dates become day intervals with a granularity
(day, month, quarter, half, year, decade); times become minutes after midnight.
dateparser is called only on candidates our patterns do not read themselves.
"""

from __future__ import annotations

import calendar
import datetime as _dt
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import List, Optional, Sequence, Tuple

from spacy_ground.text.values import ClaimValue

Found = Tuple[int, int, ClaimValue]

MONTHS = {
    "january": 1,
    "jan": 1,
    "february": 2,
    "feb": 2,
    "march": 3,
    "mar": 3,
    "april": 4,
    "apr": 4,
    "may": 5,
    "june": 6,
    "jun": 6,
    "july": 7,
    "jul": 7,
    "august": 8,
    "aug": 8,
    "september": 9,
    "sep": 9,
    "sept": 9,
    "october": 10,
    "oct": 10,
    "november": 11,
    "nov": 11,
    "december": 12,
    "dec": 12,
}
ORDINALS = {
    "first": 1,
    "1st": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
    "last": 4,
    "final": 4,
}
# a month's name, the full stop only after an abbreviation ("Mar.", not the "." that ends "in March.")
_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?)"
)
_WEEKDAY = r"(?:(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs)?|Fri|Sat(?:ur)?|Sun)(?:day)?\.?,?\s+)"
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"(?:1[6-9]\d\d|20\d\d|2100)"
_ORD = r"(?:first|second|third|fourth|1st|2nd|3rd|4th|last|final)"
# "fiscal 2024", "fiscal year 2024", "FY24", "FY 2024", "FY'24": the year a fiscal period is named after
_FISCAL_YEAR = r"(?:fiscal(?:\s+year)?\s*'?|FY\s*'?)(\d\d(?:\d\d)?)"

_DATE_PATTERNS: List[Tuple[str, "re.Pattern[str]"]] = [
    (
        "iso",
        re.compile(
            rf"(?<![\d/-])({_YEAR})(?:-(0[1-9]|1[0-2])-|/(0[1-9]|1[0-2])/)(0[1-9]|[12]\d|3[01])(?:[ T]\d\d:\d\d(?::\d\d)?)?(?!\d)"
        ),
    ),
    ("iso_month", re.compile(rf"(?<![\d-])({_YEAR})-(0[1-9]|1[0-2])(?![\d-])")),
    # "March 3-5, 2024", "between 3 and 5 March 2024"
    ("md_range", re.compile(rf"\b({_MONTH})\s+({_DAY})\s*(?:-|–|—|to|through|and)\s*({_DAY}),?\s+({_YEAR})\b", re.I)),
    ("dm_range", re.compile(rf"\b({_DAY})\s*(?:-|–|—|to|through|and)\s*({_DAY})\s+({_MONTH}),?\s+({_YEAR})\b", re.I)),
    ("slash", re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/((?:19|20)?\d\d)(?![\d/])")),
    # "on 3/15", "after 9/11": a day and month without a year (needs a cue, see _MD_CUE)
    (
        "slash_md",
        re.compile(
            r"(?<![\d/.,])(\d{1,2})/(\d{1,2})(?![\d/%]|[.,]\d|\s*(?:of\b|%|hours?\b|hrs?\b|"
            r"cups?\b|tsp\b|tbsp\b|teaspoons?\b|tablespoons?\b|inch|inches\b|miles?\b|stars?\b|scale\b|"
            r"points?\b|percent\b|pounds?\b|lbs?\b|oz\b|ounces?\b|kg\b|g\b|ml\b|cm\b|mm\b|m\b|km\b|ft\b))",
            re.I,
        ),
    ),
    ("dmy", re.compile(rf"\b{_WEEKDAY}?(?:the\s+)?({_DAY})(?:\s+of)?\s+({_MONTH}),?\s+({_YEAR})\b", re.I)),
    # a day range without a year: "3-5 March", "March 3 to 5" (not "March 3 to 5 percent")
    ("dm_range_ny", re.compile(rf"\b({_DAY})\s*(?:-|–|—|to|through)\s*({_DAY})\s+({_MONTH})(?![\w])", re.I)),
    (
        "md_range_ny",
        re.compile(
            rf"\b({_MONTH})\s+({_DAY})\s*(?:-|–|—|to|through)\s*({_DAY})"
            r"(?![\w:.,]\d|\d|\s*(?:%|percent|million|billion|[ap]\.?m\b|hours?\b|o'clock))",
            re.I,
        ),
    ),
    ("mdy", re.compile(rf"\b{_WEEKDAY}?({_MONTH})\s+({_DAY}),?\s+({_YEAR})\b", re.I)),
    ("dm", re.compile(rf"\b{_WEEKDAY}?(?:the\s+)?({_DAY})(?:\s+of)?\s+({_MONTH})(?![\w])", re.I)),
    ("md", re.compile(rf"\b{_WEEKDAY}?({_MONTH})\s+({_DAY})(?![\w:.,]\d|\d|\s*(?:%|percent|million|billion))", re.I)),
    ("my", re.compile(rf"\b(?:(early|mid|late)[-\s]+)?({_MONTH}),?\s+(?:of\s+)?({_YEAR})\b", re.I)),
    # fiscal periods ("Q4 fiscal 2024", "the fourth quarter of fiscal 2024", "FY24 Q4", "fiscal 2024"):
    # read as fiscal (dimension FISCAL), compared with calendar dates only through a fiscal calendar
    (
        "fy_part",
        re.compile(
            rf"\b{_FISCAL_YEAR}\s+(?:Q([1-4])|([1-4])Q|H([12])|([12])H|(?:the\s+)?({_ORD})\s+quarter"
            rf"|(?:the\s+)?(first|second|1st|2nd)\s+half)\b",
            re.I,
        ),
    ),
    (
        "quarter",
        re.compile(
            rf"\b(?:the\s+)?(fiscal\s+)?({_ORD})[-\s]+(fiscal\s+)?quarter"
            rf"(?:\s+(?:of\s+)?(?:{_FISCAL_YEAR}|({_YEAR})))?\b",
            re.I,
        ),
    ),
    (
        "qtr",
        re.compile(r"\b(fiscal\s+|FY\s*)?(?:Q([1-4])|([1-4])Q)(?:\s*(FY|fiscal)?\s*'?(\d\d(?:\d\d)?))?(?!\w)", re.I),
    ),
    (
        "half",
        re.compile(
            rf"\b(?:the\s+)?(fiscal\s+)?(first|second|1st|2nd)\s+half\s+of\s+(?:{_FISCAL_YEAR}|({_YEAR}))\b", re.I
        ),
    ),
    (
        "h",
        re.compile(r"\b((?i:fiscal)\s+|FY\s*)?(?:H([12])|([12])H)(?:\s*(FY|(?i:fiscal))?\s*'?(\d\d(?:\d\d)?))?(?!\w)"),
    ),
    ("season", re.compile(rf"(?<![\d/$£€.,])({_YEAR})/(\d\d|{_YEAR})(?![\d/%])")),  # "the 2019/20 season"
    ("fy", re.compile(r"\b(?:FY|fiscal(?:\s+year)?)\s*'?(\d\d(?:\d\d)?)\b", re.I)),
    ("year_fy", re.compile(rf"\b({_YEAR})\s+fiscal(?:\s+year)?\b", re.I)),  # "the 2024 fiscal year"
    (
        "year_range",
        re.compile(
            rf"(?<![\d$£€.,])(?:(?:from|between)\s+)?({_YEAR})\s*(?:-|–|—|to|and|through|until)\s*({_YEAR}|\d\d)(?![\d%]|-\d|\s*(?:%|percent|million|billion|people))",
            re.I,
        ),
    ),
    ("year_qual", re.compile(rf"\b(early|mid|late|end\s+of|start\s+of|beginning\s+of)[-\s]+({_YEAR})\b", re.I)),
    ("century", re.compile(r"(?<![\d$£€])(?:the\s+)?(?:(early|mid|late)[-\s]+)?(1[6-9]00|2000)'?s\b", re.I)),
    ("decade", re.compile(r"(?<![\d$£€])(?:the\s+)?(?:(early|mid|late)[-\s]+)?(1[6-9]\d0|20\d0)'?s\b", re.I)),
    (
        "relative",
        re.compile(
            r"\b(?:today|tonight|yesterday|tomorrow|recently|currently|nowadays"
            r"|(?:last|next|this|past|previous|coming|earlier\s+this|later\s+this)\s+(?:week|month|year|quarter|decade|century|spring|summer|autumn|fall|winter|weekend)"
            r"|(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|several|few|many)\s+(?:days?|weeks?|months?|years?|decades?)\s+(?:ago|earlier|later|before|from\s+now)"
            r")\b",
            re.I,
        ),
    ),
]


def _month(text: str) -> int:
    t = text.lower().rstrip(".")
    return MONTHS[t] if t in MONTHS else MONTHS[t[:3]]


def _day(text: str) -> int:
    return int(re.sub(r"\D", "", text))


def _year(text: str, base: Optional[int] = None) -> int:
    y = int(text)
    if len(text) == 2:
        if base is not None:
            y = base // 100 * 100 + y
            if y < base:
                y += 100
        else:
            y += 2000 if y < 50 else 1900
    return y


def date_interval(year: int, granularity: str, index: int = 1, day: int = 1) -> Tuple[float, float, str]:
    """Ordinal-day interval and ISO label of a calendar unit.

    ``index`` is the month (1-12), quarter (1-4) or half (1-2) as the granularity says.
    """
    if granularity == "day":
        d = _dt.date(year, index, day).toordinal()
        return d, d, f"{year:04d}-{index:02d}-{day:02d}"
    if granularity == "month":
        last = calendar.monthrange(year, index)[1]
        return _dt.date(year, index, 1).toordinal(), _dt.date(year, index, last).toordinal(), f"{year:04d}-{index:02d}"
    if granularity == "quarter":
        m0 = 3 * (index - 1) + 1
        lo, hi, _ = date_interval(year, "month", m0)
        _, hi, _ = date_interval(year, "month", m0 + 2)
        return lo, hi, f"{year:04d}-Q{index}"
    if granularity == "half":
        m0 = 6 * (index - 1) + 1
        lo, _, _ = date_interval(year, "month", m0)
        _, hi, _ = date_interval(year, "month", m0 + 5)
        return lo, hi, f"{year:04d}-H{index}"
    if granularity == "year":
        return _dt.date(year, 1, 1).toordinal(), _dt.date(year, 12, 31).toordinal(), f"{year:04d}"
    if granularity == "decade":
        return _dt.date(year, 1, 1).toordinal(), _dt.date(year + 9, 12, 31).toordinal(), f"{year:04d}s"
    raise ValueError(f"unknown granularity {granularity!r}")


def _date(text: str, year: int, granularity: str, index: int = 1, day: int = 1, **kw) -> Optional[ClaimValue]:
    try:
        lo, hi, iso = date_interval(year, granularity, index, day)
    except ValueError:  # 31 February and the like: a date, but not a real one
        return ClaimValue(
            kind="date", text=text, granularity=granularity, normalisable=False, note="not a valid calendar date"
        )
    return ClaimValue(
        kind="date", text=text, value=lo, low=lo, high=hi, granularity=granularity, iso=iso, precision=hi - lo + 1, **kw
    )


def month_day_claim(text: str, month: int, day: int) -> ClaimValue:
    """A day and month without a year ("February 27"): compared on month and day only."""
    if month < 1 or month > 12 or day < 1 or day > calendar.monthrange(2000, month)[1]:
        return _unanchored(text, "day", "not a valid calendar date")
    v = float(month * 100 + day)
    return ClaimValue(
        kind="date",
        text=text,
        value=v,
        low=v,
        high=v,
        granularity="day",
        dimension="month_day",
        iso=f"--{month:02d}-{day:02d}",
        precision=1.0,
        note="day and month without a year",
    )


FISCAL = "fiscal"  # ClaimValue.dimension of a fiscal period ("Q4 fiscal 2024", "FY24", "fiscal 2024")
FISCAL_NOTE = "a fiscal period: the months it covers depend on when the fiscal year ends"


def fiscal(value: Optional[ClaimValue]) -> Optional[ClaimValue]:
    """A date read as a fiscal period: its interval is the calendar one of the same name ("FY2024"
    as 2024), which only another fiscal period is compared with; calendar dates meet it through
    ``fiscal_as_calendar`` (the sources say when the fiscal year ends) or ``fiscal_envelope``."""
    if value is None or not value.normalisable:
        return value
    return replace(value, dimension=FISCAL, iso=f"FY{value.iso}", note=FISCAL_NOTE)


@dataclass(frozen=True)
class FiscalCalendar:
    """When a company's fiscal year ends: in ``end_month`` of calendar year N + ``offset`` for
    fiscal year N (0: named after the year it ends in, as most are; 1: after the year it begins
    in, as some retailers' January years are: "fiscal 2023 ended February 3, 2024")."""

    end_month: int
    offset: int = 0


def _fiscal_months(value: ClaimValue, cal: FiscalCalendar) -> Tuple[int, int]:
    """First and last month (as year * 12 + month - 1) of a fiscal period under ``cal``."""
    year = _dt.date.fromordinal(int(value.low)).year  # the year the period is named after
    start = (year + cal.offset - 1) * 12 + cal.end_month  # the fiscal year's first month
    length = {"quarter": 3, "half": 6}.get(value.granularity or "", 12)
    index = (_dt.date.fromordinal(int(value.low)).month - 1) // length if length < 12 else 0
    first = start + index * length
    return first, first + length - 1


def _months_interval(first: int, last: int) -> Tuple[float, float]:
    lo = _dt.date(first // 12, first % 12 + 1, 1)
    hi_year, hi_month = last // 12, last % 12 + 1
    hi = _dt.date(hi_year, hi_month, calendar.monthrange(hi_year, hi_month)[1])
    return float(lo.toordinal()), float(hi.toordinal())


def fiscal_as_calendar(value: ClaimValue, cal: Optional[FiscalCalendar]) -> ClaimValue:
    """A fiscal period as the calendar months it covers under ``cal`` ("Q1 fiscal 2025" with a
    year ending in June: July to September 2024); any other value, or no calendar, as it is."""
    if cal is None or value.dimension != FISCAL or value.low is None:
        return value
    lo, hi = _months_interval(*_fiscal_months(value, cal))
    month = calendar.month_name[cal.end_month]
    return replace(
        value,
        dimension=None,
        value=lo,
        low=lo,
        high=hi,
        precision=hi - lo + 1,
        iso=f"{value.iso} ({_dt.date.fromordinal(int(lo)):%Y-%m} to {_dt.date.fromordinal(int(hi)):%Y-%m})",
        note=f"a fiscal period, the sources' fiscal year ending in {month}",
    )


# the fiscal calendars a period's name allows: a year ending in any month of the year it is named
# after, or in January to March of the next (named after the year it begins in)
_ALL_CALENDARS = tuple(FiscalCalendar(m) for m in range(1, 13)) + tuple(FiscalCalendar(m, 1) for m in (1, 2, 3))


def fiscal_envelope(value: ClaimValue) -> Tuple[float, float]:
    """The first and last day a fiscal period can cover, whatever its company's fiscal calendar
    (for "fiscal 2024": February 2023 to March 2025); a calendar date outside it differs."""
    spans = [_months_interval(*_fiscal_months(value, cal)) for cal in _ALL_CALENDARS]
    return min(lo for lo, _ in spans), max(hi for _, hi in spans)


def fiscal_year_ended(day: ClaimValue, cal: Optional[FiscalCalendar]) -> Optional[ClaimValue]:
    """The fiscal year that ends on ``day`` ("Year Ended June 29, 2024": fiscal 2024), as the
    calendar ``cal`` maps it; None for a year ending in January to March when no calendar says
    whether it is named after the year it ends or begins in."""
    if day.kind != "date" or day.granularity != "day" or day.low is None or day.is_range or day.dimension:
        return None
    end = _dt.date.fromordinal(int(day.low))
    month, year = _end_month(calendar.month_name[end.month], str(end.day), end.year)
    if cal is None and month < 4:
        return None
    label = year - (cal.offset if cal is not None else 0)
    value = fiscal(_date(f"fiscal {label}", label, "year"))
    return fiscal_as_calendar(value, cal) if value is not None else None


_FY_ENDED = (
    re.compile(  # "fiscal 2023 ended February 3, 2024", "the fourth quarter of fiscal 2024 ended January 28, 2024"
        rf"\b(?:(?:fourth|last|final)\s+(?:fiscal\s+)?quarter\s+of\s+)?{_FISCAL_YEAR}\s*,?\s+(?:which\s+)?"
        rf"(?:ended|ending|ends|that\s+ended)\s+(?:on\s+)?({_MONTH})\s+({_DAY}),?\s+({_YEAR})\b",
        re.I,
    )
)
_YEAR_END_MONTH = re.compile(  # "fiscal year ended June 30", "Year Ended December 31, 2024", "fiscal year-end in June"
    rf"\b(?:(?:fiscal\s+)?years?\s+(?:ended|ending|ends)|fiscal\s+year[-\s]end(?:s|ed|ing)?(?:\s+(?:is|was|in|on|of))*"
    rf"|(?:fourth|last|final)\s+(?:fiscal\s+)?quarter\s+(?:ended|ending))\s+(?:on\s+)?({_MONTH})(?:\s+({_DAY}))?",
    re.I,
)


def _end_month(month: str, day: Optional[str], year: int = 0) -> Tuple[int, int]:
    """The month a fiscal year ending on this day ends in, and its year: a 52- or 53-week year
    ending in a month's first week ("October 1, 2022", "February 3, 2024") ends the month before."""
    m = _month(month)
    if day and _day(day) <= 7:
        return (12, year - 1) if m == 1 else (m - 1, year)
    return m, year


def fiscal_calendar(texts: Sequence[str]) -> Optional[FiscalCalendar]:
    """The fiscal calendar the sources state, if they state one and only one: a fiscal year named
    with the day it ended ("fiscal 2023 ended February 3, 2024"), else the month years or fourth
    quarters end in ("Fiscal Year Ended June 29, 2024", "the fourth quarter ended January 28,
    2024"), a year ending in April to December taken as named after the year it ends in (a year
    ending in January to March is named either way, so that alone gives no calendar)."""
    named, months = set(), set()
    for text in texts:
        if "end" not in text.lower():
            continue
        for m in _FY_ENDED.finditer(text):
            month, year = _end_month(m.group(2), m.group(3), int(m.group(4)))
            offset = year - _year(m.group(1))
            if offset in (0, 1):
                named.add(FiscalCalendar(month, offset))
        months.update(_end_month(m.group(1), m.group(2))[0] for m in _YEAR_END_MONTH.finditer(text))
    if named:
        return named.pop() if len(named) == 1 and {c.end_month for c in named} >= months else None
    if len(months) == 1:
        month = months.pop()
        return FiscalCalendar(month) if month >= 4 else None
    return None


_PART = {"early": 0, "start of": 0, "beginning of": 0, "mid": 1, "late": 2, "end of": 2}


def _narrow(value: Optional[ClaimValue], qualifier: Optional[str]) -> Optional[ClaimValue]:
    """ "early 2019" is the first third of 2019, "mid" the middle third, "late"/"end of" the last."""
    if value is None or not qualifier or value.low is None:
        return value
    q = re.sub(r"[\s-]+", " ", qualifier.lower()).strip()
    part = _PART.get(q)
    if part is None:
        return value
    length = (value.high - value.low + 1) / 3.0
    lo = value.low + int(round(part * length))
    hi = value.low + int(round((part + 1) * length)) - 1
    return ClaimValue(
        kind="date",
        text=value.text,
        value=lo,
        low=lo,
        high=hi,
        granularity=value.granularity,
        iso=f"{q} {value.iso}",
        precision=hi - lo + 1,
        approx=q,
    )


def _unanchored(text: str, granularity: Optional[str], note: str) -> ClaimValue:
    return ClaimValue(kind="date", text=text, granularity=granularity, normalisable=False, note=note)


@lru_cache(maxsize=2048)
def _dateparser_day(text: str) -> Optional[_dt.date]:
    import dateparser

    parsed = dateparser.parse(
        text,
        languages=["en"],
        settings={"PREFER_DAY_OF_MONTH": "first", "REQUIRE_PARTS": ["day", "month", "year"], "DATE_ORDER": "MDY"},
    )
    return parsed.date() if parsed else None


def _read_date(kind: str, m: "re.Match[str]") -> Optional[ClaimValue]:
    text = m.group(0)
    g = m.groups()
    if kind == "iso":
        return _date(text, int(g[0]), "day", int(g[1] or g[2]), int(g[3]))  # 2024-03-05 or 2024/03/05
    if kind == "iso_month":
        return _date(text, int(g[0]), "month", int(g[1]))
    if kind in ("md_range", "dm_range"):
        month = _month(g[0] if kind == "md_range" else g[2])
        d1, d2 = (_day(g[1]), _day(g[2])) if kind == "md_range" else (_day(g[0]), _day(g[1]))
        year = int(g[3])
        try:
            lo, hi = _dt.date(year, month, d1).toordinal(), _dt.date(year, month, d2).toordinal()
        except ValueError:
            return _unanchored(text, "day", "not a valid calendar date")
        if hi < lo:
            return None
        return ClaimValue(
            kind="date",
            text=text,
            value=lo,
            low=lo,
            high=hi,
            granularity="day",
            is_range=True,
            iso=f"{year:04d}-{month:02d}-{d1:02d}/{d2:02d}",
            precision=1.0,
        )
    if kind == "slash":
        a, b = int(g[0]), int(g[1])
        if (a, b) == (9, 11) and _year(g[2]) == 2001:
            return _date(text, 2001, "day", 9, 11)  # "9/11/2001": the attacks, written in the US order
        if a <= 12 and b <= 12 and a != b:
            return _unanchored(text, "day", "numeric date: day and month order is ambiguous")
        day = _dateparser_day(text)
        if day is None:
            return None
        return _date(text, day.year, "day", day.month, day.day)
    if kind == "slash_md":
        a, b = int(g[0]), int(g[1])
        if text == "9/11":
            return month_day_claim(text, 9, 11)  # the day of the 2001 attacks
        return month_day_claim(text, a, b) if a <= 12 else month_day_claim(text, b, a)
    if kind == "dmy":
        return _date(text, int(g[2]), "day", _month(g[1]), _day(g[0]))
    if kind == "mdy":
        return _date(text, int(g[2]), "day", _month(g[0]), _day(g[1]))
    if kind in ("dm", "md"):
        month, day = (_month(g[1]), _day(g[0])) if kind == "dm" else (_month(g[0]), _day(g[1]))
        return month_day_claim(text, month, day)
    if kind in ("dm_range_ny", "md_range_ny"):
        month = _month(g[2] if kind == "dm_range_ny" else g[0])
        d1, d2 = (_day(g[0]), _day(g[1])) if kind == "dm_range_ny" else (_day(g[1]), _day(g[2]))
        if d2 <= d1:
            return None
        first, last = month_day_claim(text, month, d1), month_day_claim(text, month, d2)
        invalid = next((c for c in (first, last) if not c.normalisable), None)  # "30-31 February"
        if invalid is not None:
            return invalid
        return replace(first, high=last.high, is_range=True, iso=f"--{month:02d}-{d1:02d}/{d2:02d}")
    if kind == "my":
        return _narrow(_date(text, int(g[2]), "month", _month(g[1])), g[0])
    if kind == "fy_part":
        year = _year(g[0])
        if g[1] or g[2] or g[5]:
            return fiscal(_date(text, year, "quarter", int(g[1] or g[2]) if not g[5] else ORDINALS[g[5].lower()]))
        return fiscal(_date(text, year, "half", int(g[3] or g[4]) if not g[6] else ORDINALS[g[6].lower()]))
    if kind == "quarter":
        q = ORDINALS[g[1].lower()]
        if not (g[3] or g[4]):
            return _unanchored(text, "quarter", "quarter without a year")
        value = _date(text, _year(g[3] or g[4]), "quarter", q)
        return fiscal(value) if g[0] or g[2] or g[3] else value
    if kind == "qtr":
        q = int(g[1] or g[2])
        if not g[4]:
            return _unanchored(text, "quarter", "quarter without a year")
        value = _date(text, _year(g[4]), "quarter", q)
        return fiscal(value) if g[0] or g[3] else value
    if kind == "half":
        value = _date(text, _year(g[2] or g[3]), "half", ORDINALS[g[1].lower()])
        return fiscal(value) if g[0] or g[2] else value
    if kind == "h":
        if not g[4]:
            return _unanchored(text, "half", "half-year without a year")
        value = _date(text, _year(g[4]), "half", int(g[1] or g[2]))
        return fiscal(value) if g[0] or g[3] else value
    if kind in ("fy", "year_fy"):
        return fiscal(_date(text, _year(g[0]), "year"))
    if kind == "season":
        y1 = int(g[0])
        if _year(g[1], base=y1) != y1 + 1:
            return None  # "2019/05" is no season
        lo, hi = date_interval(y1, "year")[0], date_interval(y1 + 1, "year")[1]
        return ClaimValue(
            kind="date",
            text=text,
            value=lo,
            low=lo,
            high=hi,
            granularity="year",
            is_range=True,
            iso=f"{y1:04d}/{y1 + 1:04d}",
            precision=366.0,
        )
    if kind == "year_range":
        y1 = int(g[0])
        y2 = _year(g[1], base=y1)
        if not y1 < y2 <= y1 + 200:
            return None
        if len(g[1]) == 2 and y2 >= y1 // 100 * 100 + 100 and y2 - y1 > 10:
            return None  # "1999-00" runs into the next century; "2024-13" (a month 13?) does not
        lo = date_interval(y1, "year")[0]
        hi = date_interval(y2, "year")[1]
        return ClaimValue(
            kind="date",
            text=text,
            value=lo,
            low=lo,
            high=hi,
            granularity="year",
            is_range=True,
            iso=f"{y1:04d}/{y2:04d}",
            precision=366.0,
        )
    if kind == "year_qual":
        return _narrow(_date(text, int(g[1]), "year"), g[0])
    if kind == "century":
        start = int(g[1])
        lo = _dt.date(start, 1, 1).toordinal()
        hi = _dt.date(start + 99, 12, 31).toordinal()
        century = _narrow(
            ClaimValue(
                kind="date",
                text=text,
                value=lo,
                low=lo,
                high=hi,
                granularity="century",
                iso=f"{start:04d}s",
                precision=hi - lo + 1,
            ),
            g[0],
        )
        decade = _narrow(_date(text, start, "decade"), g[0])
        if century is None or decade is None:
            return century
        # "the 2000s", "the mid-1900s": the decade or the century; a date in either is not refuted
        lo, hi = min(century.low, decade.low), max(century.high, decade.high)
        return replace(
            century, value=decade.value, low=lo, high=hi, precision=hi - lo + 1, note="the decade or the century"
        )
    if kind == "decade":
        return _narrow(_date(text, int(g[1]), "decade"), g[0])
    if kind == "relative":
        return _unanchored(text, None, "relative date with nothing to anchor it")
    return None


def year_claim(text: str, year: int) -> ClaimValue:
    """A bare year ("in 2019") as a date claim of year granularity."""
    return _date(text, year, "year")


def find_dates(text: str) -> List[Found]:
    """All date expressions in ``text``, longest first where they overlap."""
    found: List[Found] = []
    taken = [False] * (len(text) + 1)
    for kind, pattern in _DATE_PATTERNS:
        for m in pattern.finditer(text):
            s, e = m.span()
            if any(taken[s:e]):
                continue
            if kind in ("md", "dm", "my", "dm_range_ny", "md_range_ny") and not _month_is_month(m, text):
                continue
            reading = _slashed_day(m, text) if kind == "slash_md" else "day"
            if reading is None:
                continue  # "3/4 of", "on 1/2 power", "24/7" stay what they were; "due on 3/15", "after 9/11" are dates
            if reading == "ambiguous":  # "due on 5/1": a day, but May 1 or 5 January?
                value = _unanchored(m.group(0), "day", "numeric date: day and month order is ambiguous")
            else:
                value = _read_date(kind, m)
            if value is None:
                continue
            found.append((s, e, value))
            for i in range(s, e):
                taken[i] = True
    found.sort(key=lambda t: t[0])
    return found


_NINE_ELEVEN_AFTER = re.compile(
    r"\s+(?:attacks?|attackers|hijack\w*|commission|memorial|museum|era|terror\w*|"
    r"victims|responders|anniversary|truthers?|report|generation|world)\b",
    re.I,
)
_NOT_DAY_AFTER = re.compile(r"\s*(?:shooting|from\b|attempts?|free[ \t]+throws?|passing|completions?|for\b|/365)", re.I)


def _slashed_day(m: "re.Match[str]", text: str) -> Optional[str]:
    """Whether a slashed day and month without a year is a day.

    "day": after a cue ("due on 3/15", "until 25/12") when the order is clear (one number
    over 12), or the same number twice with nothing after it that it could count ("closes
    on 5/5."; "on 3/3 field goals" is a fraction); "9/11" after a cue or before a word that
    names the attacks. "ambiguous": both 12 or under, after a cue that names a date ("due on
    5/1.", "the deadline is 5/1", "starting 6/7,": 1 May or 5 January?) with nothing after it
    that it could count. None: no day ("24/7", "on 9/14 shooting", "on 1/2 power", "after
    1/2 minute", "until 2/3, then bake", "3/4 of", a ratio without a cue)."""
    a, b = int(m.group(1)), int(m.group(2))
    cue = _MD_CUE.search(text, max(0, m.start() - 32), m.start()) is not None
    if _NOT_DAY_AFTER.match(text, m.end()):
        return None
    if m.group(0) == "9/11":
        return "day" if cue or _NINE_ELEVEN_AFTER.match(text, m.end()) is not None else None
    if m.group(0) == "24/7" or max(a, b) > 31 or min(a, b) < 1 or (a > 12 and b > 12) or not cue:
        return None
    if a > 12 or b > 12:
        return "day"
    if not _AMBIGUOUS_DAY_AFTER.match(text, m.end()):
        return None  # "on 3/3 field goals", "after 1/2 minute", "until 1/4-inch thick": fractions
    if a == b:
        return "day"
    named = _MD_DATE_CUE.search(text, max(0, m.start() - 32), m.start()) is not None
    return "ambiguous" if named else None


_DEADLINE = r"\b(?:deadline|date|dated)\s+(?:(?:is|was|of|on|set\s+for)\s+){0,2}"
_MD_CUE = re.compile(
    r"(?:\b(?:on|until|till|since|before|after|due|through|thru|starting|effective|expir\w*|as\s+of)\s+"
    r"|\bpost-|\bpre-|" + _DEADLINE + r")$",
    re.I,
)
# what may follow a day ("due on 5/1." / ", and" / "at noon" / "- 5/3"), not a fraction's noun or unit
_AMBIGUOUS_DAY_AFTER = re.compile(
    r"\s*(?:$|[.,;:!?)\]](?!\d)|\s[-\u2013]\s|[-\u2013]\s*\d"
    r"|(?:and|or|at|when|but|this|next|each|every)\b|in\b(?!\.))",
    re.I,
)
# cues that name a date, for a day whose order is unclear ("until 2/3, then bake" is a fraction)
_MD_DATE_CUE = re.compile(
    r"(?:\b(?:due(?:\s+on)?|starting(?:\s+on)?|effective(?:\s+on)?|expir\w*(?:\s+on)?|as\s+of)\s+|" + _DEADLINE + r")$",
    re.I,
)


def _month_is_month(m: "re.Match[str]", text: str) -> bool:
    """'May' and 'march' are words too: require a capitalised month name."""
    for grp in m.groups():
        if grp and grp.lower().rstrip(".") in MONTHS:
            return grp[0].isupper()
    return True


# ---------------------------------------------------------------- clock times
_AMPM = r"(?:[ap]\.\s?m\.|(?:[ap]\.?\s?m|AM|PM)(?![a-z]))"
_CLOCK = (
    rf"(?:(?:[01]?\d|2[0-4]):[0-5]?\d(?::[0-5]\d)?(?:\s?{_AMPM})?|(?:1[0-2]|0?[1-9])\.[0-5]\d\s?{_AMPM}"
    rf"|(?:1[0-2]|0?[1-9])\s?{_AMPM}|\b(?:noon|midday|midnight)\b)"
)
_TIME_RANGE = re.compile(
    rf"(?:(?:from|between)\s+)?(?<![\d:])(?P<t1>{_CLOCK}|(?:1[0-2]|0?[1-9])(?=\s*(?:-|–|—|to|until|till|and)\s*(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s?{_AMPM}))"
    rf"(?:\s*(?:-|–|—|to|until|till|through|and)\s*(?P<t2>{_CLOCK}|(?:1[0-2]|0?[1-9])(?![\d:.,]\d)))?(?!\d|:\d)",
    re.I,
)


def clock_minutes(text: str, meridiem_hint: Optional[str] = None) -> Optional[int]:
    """Minutes after midnight of a clock time ("5:30 pm" -> 1050, "9:0" -> 540)."""
    t = text.strip().lower()
    if t in ("noon", "midday"):
        return 12 * 60
    if t == "midnight":
        return 0
    m = re.match(r"(\d{1,2})(?:[:.](\d{1,2}))?(?::\d\d)?\s?([ap])?", t)
    if not m:
        return None
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    mer = m.group(3) or meridiem_hint
    if mer == "p" and hour < 12:
        hour += 12
    elif mer == "a" and hour == 12:
        hour = 0
    if hour > 24 or minute > 59:
        return None
    return (hour % 24) * 60 + minute if not (hour == 24 and minute == 0) else 24 * 60


_CLOCK_WORDS = ("noon", "midday", "midnight")
AFTERNOON_GUESS = "no am or pm: the end read as the afternoon"


def _is_24_hour(*times: str) -> bool:
    """Times written as a 24-hour clock: an hour past 12, the hour 0 ("0:00", "00:30": no
    12-hour clock has it) or unpadded minutes ("16:0", "8:0-2:0" in a record's hours), so
    "2:0" after "8:0" is 2 am, not 2 pm, and "11:00 to 0:00" (or "11:00:00-00:00:00") ends at
    midnight; a padded hour with seconds ("09:00:00-02:00:00") is a machine's 24-hour clock
    too, unless am or pm is written."""
    if any(re.fullmatch(r"\s*(?:(?:1[3-9]|2[0-4]|0?0):\d{1,2}(?::\d\d)?|\d{1,2}:\d)\s*", t) for t in times):
        return True
    return not any(_meridiem(t) for t in times) and any(re.fullmatch(r"\s*0\d:\d\d:\d\d\s*", t) for t in times)


def _fmt(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _meridiem(text: str) -> Optional[str]:
    m = re.search(rf"{_AMPM}\s*$", text, re.I)
    return m.group(0).strip()[0].lower() if m else None


_RATIO_AFTER = re.compile(r"\s*(?:ratio|odds|aspect\s+ratio|split|mix)\b", re.I)  # "a 1:10 ratio"
_RATIO = re.compile(r"\b(?:ratio|odds|aspect|score[sd]?|scale|won|lost|beat|defeated)\b[^.]{0,6}$", re.I)


def find_times(text: str) -> List[Found]:
    """Clock times and time ranges ("17:30-23:00", "5:30 pm", "from 11 to 2 pm")."""
    found: List[Found] = []
    for m in _TIME_RANGE.finditer(text):
        t1, t2 = m.group("t1"), m.group("t2")
        if t2 is None and ":" not in t1 and _meridiem(t1) is None and t1.lower() not in ("noon", "midday", "midnight"):
            continue
        if (
            _RATIO.search(text[max(0, m.start() - 12) : m.start()])
            or _RATIO_AFTER.match(text, m.end())
            or (t2 is None and _meridiem(t1) is None and re.fullmatch(r"\d{1,2}:\d", t1))
        ):
            continue  # "a 16:9 ratio", "3:1 odds": not clock times
        if (
            t2 is not None
            and re.fullmatch(r"\d{1,2}", t2.strip())
            and not (_meridiem(t1) or t1.lower() in ("noon", "midday") or ":" in t1)
        ):
            continue  # "9 to 5" alone is too vague; "noon to 2", "10 am to 2", "8:30-5" are times
        if (
            t2 is not None
            and re.search(r"\band\b", text[m.end("t1") : m.start("t2")], re.I)
            and not m.group(0).lower().startswith("between")
        ):
            # "at 8.30 pm and 10.30 am": two times, not a range
            for g in ("t1", "t2"):
                v = clock_minutes(m.group(g))
                if v is not None and (_meridiem(m.group(g)) or ":" in m.group(g)):
                    found.append(
                        (
                            m.start(g),
                            m.end(g),
                            ClaimValue(
                                kind="time",
                                text=m.group(g),
                                value=float(v),
                                low=float(v),
                                high=float(v),
                                unit="minute",
                                dimension="time_of_day",
                                granularity="minute",
                                precision=1.0,
                                iso=_fmt(v),
                            ),
                        )
                    )
            continue
        hint2 = _meridiem(t2) if t2 else None
        a = clock_minutes(t1)
        if t2 is not None:
            b = clock_minutes(t2)
            if a is None or b is None:
                continue
            if _meridiem(t1) is None and hint2 == "p":
                # "5 to 9 pm" -> 17:00-21:00, "11 to 2 pm" stays 11:00-14:00
                a_pm = clock_minutes(t1, "p")
                if a_pm is not None and a_pm <= b:
                    a = a_pm
            guessed = None
            if (
                _meridiem(t2) is None
                and b < a
                and b + 12 * 60 > a
                and b < 12 * 60
                and not (_is_24_hour(t1, t2) or t2.strip().lower() in _CLOCK_WORDS)
            ):
                b += 12 * 60  # "noon to 2", "10 am to 2:30": the afternoon
                if _meridiem(t1) is None:  # "8:00 to 2:00": no am/pm at all, so past midnight is a reading too
                    guessed = AFTERNOON_GUESS
            if a == 0 and b == 0:
                found.append(
                    (
                        m.start("t1"),
                        m.end(),
                        ClaimValue(
                            kind="time",
                            text=m.group(0),
                            normalisable=False,
                            is_range=True,
                            note="0:00-0:00: closed, open all day or unknown",
                        ),
                    )
                )
                continue
            if b <= a:
                b += 24 * 60  # "17:00-2:00" runs past midnight
            value = ClaimValue(
                kind="time",
                text=m.group(0),
                value=float(a),
                low=float(a),
                high=float(b),
                unit="minute",
                dimension="time_of_day",
                granularity="minute",
                precision=1.0,
                is_range=True,
                iso=f"{_fmt(a)}-{_fmt(b % (24 * 60))}",
                note=guessed,
            )
        else:
            if a is None:
                continue
            value = ClaimValue(
                kind="time",
                text=t1,
                value=float(a),
                low=float(a),
                high=float(a),
                unit="minute",
                dimension="time_of_day",
                granularity="minute",
                precision=1.0,
                iso=_fmt(a),
            )
        s, e = m.span()
        # a leading "from"/"between" belongs to the range only when there is one
        if t2 is None:
            s = m.start("t1")
        found.append((s, e, value))
    return found


# ------------------------------------------------------------------ weekdays
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WD = r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day)?s?\.?|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?"
_WD_RANGE = re.compile(rf"\b({_WD})\s*(?:-|–|—|to|through|thru|until|till)\s*({_WD})(?![a-z])", re.I)
_WD_ONE = re.compile(rf"\b({_WD})(?![a-z])", re.I)
_WD_ALL = re.compile(r"\b(?:daily|every\s*day|(?:7|seven)\s+days\s+a\s+week|all\s+week|each\s+day)\b", re.I)
_WD_WEEKDAYS = re.compile(r"\bweek\s?days\b", re.I)
_WD_WEEKENDS = re.compile(r"\bweek\s?ends?\b", re.I)


def _weekday_index(word: str) -> int:
    w = word.lower().rstrip(".")
    for i, name in enumerate(WEEKDAYS):
        if name.startswith(w[:3]):
            return i
    raise ValueError(word)


def weekdays_in(text: str) -> frozenset:
    """Days of the week (0 = Monday) that ``text`` speaks of: "Monday through
    Friday", "Tue-Sat", "weekends", "daily", "seven days a week"."""
    days = set()
    taken = []
    for m in _WD_RANGE.finditer(text):
        a, b = _weekday_index(m.group(1)), _weekday_index(m.group(2))
        i = a
        while True:
            days.add(i)
            if i == b:
                break
            i = (i + 1) % 7
        taken.append(m.span())
    for m in _WD_ONE.finditer(text):
        if any(s <= m.start() < e for s, e in taken):
            continue
        word = m.group(1).lower()
        if word in ("sun", "sat", "wed", "mon") and not m.group(1)[0].isupper():
            continue  # "the sun", "sat down"
        days.add(_weekday_index(word))
    if _WD_ALL.search(text):
        days.update(range(7))
    if _WD_WEEKDAYS.search(text):
        days.update(range(5))
    if _WD_WEEKENDS.search(text):
        days.update((5, 6))
    return frozenset(days)
