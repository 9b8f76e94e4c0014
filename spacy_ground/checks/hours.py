"""Which days a record's opening hours cover, and what an answer says about them: "open
seven days a week", "Monday through Sunday", "closed on Mondays", "with extended hours on
weekends". Pure functions; ``ground_numeric`` adds the results to ``doc._.record_facts``
(path ``hours``).

A record's hours are a mapping of weekday names to ranges ("Monday": "9:0-21:0"). A day
the mapping leaves out is a day the business is closed, and so is "0:0-0:0" (or "Closed")
when another day has a real range (it is the same record's way of writing "no hours that
day"; when every day is "0:0-0:0" nothing is known); a value that is no clock range ("24
hours", null) is unknown; a day with several ranges runs from the first opening to the last
closing. With several records, a statement is grounded when any record's hours agree and a
conflict only when none does. Statements, each judged in its sentence:

- open on a set of days ("every day", "daily", "seven days a week", "Monday to Sunday",
  "Tuesday through Saturday"), less the days the sentence excepts ("except Mondays",
  "but closed on Mon/Wed"): a conflict when the record has a closed day among them (the
  first such statement of a sentence is judged);
- closed on some days ("closed on Mondays and Tuesdays"): a conflict when the record
  gives one of them a real range; not said of part of a day, a season, a part of the
  business or a visit ("closed on Sundays after 3 pm", "the patio is closed on weekends",
  "found it closed on Tuesday");
- hours that vary ("the hours vary depending on the day", "varying hours"): a conflict when
  the record gives the same range on every day it opens (not "hours vary by season");
- longer, shorter, earlier or later hours on some days ("with extended hours on weekends",
  "slightly shorter hours on Sundays"): a conflict when none of those days opens earlier,
  closes later or stays open longer (or the reverse, and so on) than the median of the
  other days.

A statement states nothing when it is negated, hedged, past, wished or asked ("not open
every day", "may be closed on Mondays", "used to be open daily", "Is it open every day?"),
or when it speaks of something with hours of its own ("happy hour runs daily", "takeout
is available every day"); "the hours vary each day" says that the hours vary, not which days
are open. Without a record that has weekday hours, a statement about the days is
``unsupported``.
"""

from __future__ import annotations

import bisect
import re
from statistics import median
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from spacy_ground.checks.records import clause_around, clause_bounds, parse_records
from spacy_ground.text.dates import WEEKDAYS, find_times, weekdays_in

Range = Optional[Tuple[float, float]]  # (open, close) in minutes after midnight; None: closed

# (one way to read each abbreviation: "tues?" then "s?" read "tues" two ways, so a list of
# them that failed to match was tried 2^n times over)
_DAY = (
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
    r"|(?:(?:mon|fri|sat|sun)s?|tues{0,2}|weds{0,2}|thu(?:s|rs{0,2})?)\.?)"
    r"(?![a-z])"
)
_DAYS = rf"(?:{_DAY}|week\s?ends?|week\s?days)"
_DAY_RANGE = rf"{_DAY}\s*(?:-|‑|–|—|to|through|thru|until|till)\s*{_DAY}"
_DAY_SEP = r"\s*(?:,|/|and|&|or|as\s+well\s+as)\s*"
_DAY_LIST = rf"(?:{_DAY_RANGE}|{_DAYS})(?:{_DAY_SEP}(?:{_DAY_RANGE}|{_DAYS}))*"
_WEEKDAY_RANGE = re.compile(rf"\b{_DAY_RANGE}", re.I)
_EVERY_DAY = re.compile(
    r"\b(?:every\s*day(?:\s+of\s+the\s+week)?|each\s+day(?:\s+of\s+the\s+week)?|"
    r"(?:7|seven)\s+days\s+(?:a|per|each|of\s+the)\s+week|all\s+week(?:\s+long)?|"
    r"daily(?=\s*(?:[,.;:!?)]|$|from|between|at|until|till|\d|with|except|but|and|for)))",
    re.I,
)
_OPENING = re.compile(r"\b(?:open\w*|operat\w*|hours)\b", re.I)
# hours of something other than the business itself
_OTHER_HOURS = re.compile(
    r"\b(?:happy[\s-]+hours?|specials?|deliver\w*|kitchen|brunch|breakfast|lunch|dinner|"
    r"buffet|bar\s+hours|drive[\s-]thru|take-?out|pick-?up|patio|menu|parking)\b",
    re.I,
)
# "open for breakfast, lunch and dinner seven days a week" is about the business's own hours
_OPEN_FOR_MEALS = re.compile(
    r"\bopen\s+(?:daily\s+|every\s*day\s+)?for\s+(?:(?:breakfast|brunch|lunch|dinner)"
    r"(?:\s*,?\s*(?:and|&)?\s*)?)+",
    re.I,
)
# a part of the business or a one-off visit: "the patio is closed on weekends", "found it closed on Tuesday"
_PART_OR_VISIT = re.compile(
    r"\b(?:patio|dining\s+room|bar|lot|parking|garage|kitchen|drive[\s-]thru|pool|terrace|"
    r"rooftop|deck|lounge|was|were|found|find|finding|visit\w*|stopped|went|arrived)\b",
    re.I,
)
_NEGATED = re.compile(
    r"\b(?:not|never|no\s+longer|isn['’]t|aren['’]t|wasn['’]t|weren['’]t|don['’]t|doesn['’]t)\b", re.I
)
_NOT_NEGATING = re.compile(r"\bnot\s+only\b", re.I)
_HEDGED = re.compile(
    r"\b(?:may|might|could|would|will|wish\w*|used\s+to|soon|plans?\s+to|if|possibly|perhaps|"
    r"probably|likely|unclear|unknown|not\s+sure|appears?|seems?|check|confirm|verify|call\s+ahead|"
    r"subject\s+to|whether|uncertain|unlike|no\s+(?:information|indication|mention|data|details?)|"
    r"cannot\s+(?:tell|say|confirm))\b",
    re.I,
)
_PAST = re.compile(r"\b(?:was|were)\b", re.I)
# a closed statement about part of a day or a season: "closed on Sundays after 3 pm"
_CLOSED_QUALIFIED = re.compile(
    r"\s*(?:(?:after|before|until|till|from|between|by)\s+(?:\d|noon|midnight)|"
    r"(?:in|during)\s+(?:the\s+)?(?:summer|winter|spring|fall|autumn|off-?season))",
    re.I,
)
# the words a statement's clause may open with when the opening word is in the clause before
# ("operates from 10:30 am to 4 pm, Monday through Saturday")
_LEAD_OK = re.compile(
    r"[\W\d]*(?:(?:from|on|between|at|until|till|to|and|is|are|it|they|open|ranging|with|"
    r"[ap]\.?m\.?|noon|midnight)\b[\W\d]*)*",
    re.I,
)
_EXCEPTED = re.compile(
    rf"\b(?:except(?:\s+for)?|other\s+than|apart\s+from|aside\s+from|besides|but\s+not|"
    rf"with\s+the\s+exceptions?\s+of|excluding|(?<=day\s)but|(?<=week\s)but|(?:but\s+)?closed)\s+"
    rf"(?:on\s+|for\s+|from\s+|every\s+|all\s+day\s+(?:on\s+)?)?(?:the\s+)?({_DAY_LIST})",
    re.I,
)
# an excepted day that is open at other times: "except for Friday, when it closes at 11 pm"
_STILL_OPEN = re.compile(
    r"\W*(?:(?:when|where|on\s+which)\s+(?:it|they)\s+(?:is\s+|are\s+)?(?:opens?|closes?|open)\b|"
    r"(?:it|they)\s+(?:is\s+|are\s+)?(?:opens?|closes?|open)\s+(?:until|till|from|at|\d)|"
    r"until\b|till\b)",
    re.I,
)
# "hours vary", "varying hours", "hours of operation are varied"
_VARIES = re.compile(
    r"\b(?:hours\s+(?:of\s+operation\s+)?(?:that\s+)?(?:vary|varies|varying|varied|differ|differs|"
    r"differing)|(?:varying|varied|variable|different|differing)\s+(?:opening\s+|operating\s+|"
    r"business\s+)?hours|hours\s+(?:of\s+operation\s+)?(?:are|is)\s+(?:varied|variable|different))\b",
    re.I,
)
# hours that vary with something other than the day: "hours vary by season", "... on holidays"
_VARIES_OTHER = re.compile(
    r"\s+(?:\w+\s+){0,2}?(?:by|with|depending\s+on|during|on|for|around|over)\s+(?:the\s+)?"
    r"(?:seasons?|seasonally|holidays?|time\s+of\s+(?:the\s+)?year|locations?|events?|weather)\b"
    r"|\s+seasonally\b",
    re.I,
)
# days named right after an every-day phrase: "every day from Tuesday to Sunday", "daily except"
# ("\s*(?:,\s*)?", as in _ON_A_DATE: "\s*,?\s*" tried every split of a long run of white space)
_DAYS_NAMED_AFTER = re.compile(
    rf"\s*(?:,\s*)?(?:from\s+|on\s+|between\s+)?{_DAY}"
    rf"(?!(?:\s*(?:,|and|&|or)\s*{_DAY})*\s+(?:excluded|excepted|being)\b)",
    re.I,
)
# days excepted after they are named: "Monday excluded", "with Monday and Wednesday being its days off"
# (a list of nine items at most, the seven days, weekdays and weekends: a long list that is not
# followed by "excluded" was read again from each of its days, quadratic in its length)
_EXCEPTED_AFTER = re.compile(
    rf"\b((?:{_DAY_RANGE}|{_DAYS})(?:{_DAY_SEP}(?:{_DAY_RANGE}|{_DAYS})){{0,8}})"
    r"\s+(?:excluded|excepted|being\s+(?:its|their|the)\s+days?\s+off)\b",
    re.I,
)
# a closing on a date, not every week: "closed on Monday, September 1"
_ON_A_DATE = re.compile(
    r"\s*(?:,\s*)?(?:the\s+)?(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d)", re.I
)
_CLOSED = re.compile(rf"\bclosed\s+(?:on\s+|from\s+|every\s+|all\s+day\s+(?:on\s+)?)?(?:the\s+)?({_DAY_LIST})", re.I)
# what a day's hours must do, against the median of the other days, for each word
_LENGTH_KIND = {
    "extended": "longer",
    "longer": "longer",
    "late": "longer",
    "late-night": "longer",
    "shorter": "shorter",
    "reduced": "shorter",
    "limited": "shorter",
    "earlier": "earlier",
    "later": "later",
}
_LENGTH = re.compile(
    r"\b(?:(?:slightly|much|even|a\s+bit|somewhat)\s+)?(extended|longer|later|late-night|late|shorter|"
    r"reduced|earlier|limited)\s+(?:opening\s+|business\s+|operating\s+)?hours\b"
    rf"(?P<rest>(?:\s+(?:until|till|to)\s+[\d:.]+\s*(?:[ap]\.?m\.?)?)?\s+(?:on|during|over|for|at)\s+"
    rf"(?:the\s+)?({_DAY_LIST}))",
    re.I,
)
_PART_OF_DAY = re.compile(r"\s*(?:mornings?|afternoons?|evenings?|nights?|lunch|dinner)\b", re.I)
# a sentence ends before a capital, a digit or a quote; not inside "11 a.m. to", "Mon. and", nor
# after "a.m." before what still belongs to the hours ("11 a.m. Tuesday through Sunday")
_SENTENCE_END = re.compile(
    rf"(?:(?<![aApP]\.[mM])[.!?]|(?<=[aApP]\.[mM])\."
    rf"(?!\s+(?i:{_DAYS}|daily|every|except|closed|\d)))(?=\s+[A-Z0-9\"“‘*•]|\s*$)|\n"
)
# "hours vary each day", "different hours every day", "hours listed for each day": not a set of open days
_VARYING = re.compile(
    r"\b(?:(?:var(?:y|ies|ying|ied)|differ\w*|chang\w*|for|listed)\W+(?:\w+\W+){0,3}|"
    r"hours\s+(?:on\s+)?)$",
    re.I,
)


def weekly_hours(records: Sequence[Dict[str, Any]]) -> Optional[Dict[int, Range]]:
    """Weekday (0 = Monday) -> (open, close) in minutes, or None for a closed day, from the
    first record with a mapping of weekday names to hours that gives a real range (see
    ``record_weeks``); None when there is none."""
    weeks = record_weeks(records)
    return weeks[0] if weeks else None


def record_weeks(records: Sequence[Dict[str, Any]]) -> List[Dict[int, Range]]:
    """The weekday hours of each record that has a mapping of weekday names to hours. A day
    left out of the mapping, or given as "0:0-0:0" (or "Closed"), is closed; a day whose value
    is no clock range ("24 hours", null) is unknown and left out; a day with several ranges
    ("9:0-14:0, 17:0-22:0") runs from the first opening to the last closing. A record that
    gives no real range at all (every day "0:0-0:0": nothing is known) is left out."""
    weeks = []
    for record in records:
        table = _hours_table(record)
        if table is None:
            continue
        days: Dict[int, Range] = {d: None for d in range(7)}  # a day left out is a closed day
        for name, value in table.items():
            day = WEEKDAYS.index(name)
            found = [v for _, _, v in find_times(str(value))] if isinstance(value, str) else []
            ranges = [v for v in found if v.normalisable and v.low is not None]
            if ranges:
                days[day] = (ranges[0].low, ranges[-1].high if ranges[-1].high is not None else ranges[-1].low)
            elif not (found and found[0].note and "closed" in found[0].note) and not (
                isinstance(value, str) and value.strip().lower() == "closed"
            ):
                del days[day]  # neither a range nor "0:0-0:0": unknown
        if any(days.values()):
            weeks.append(days)
    return weeks


def _across(
    weeks: Sequence[Dict[int, Range]],
    t: "_Text",
    m: "re.Match[str]",
    claim: str,
    judge: Callable[[Dict[int, Range]], Dict[str, Any]],
) -> Dict[str, Any]:
    """One statement judged against several records' hours: grounded when any record agrees,
    a conflict only when none does (as for other record facts); unsupported without any."""
    if not weeks:
        return _no_hours(t, m, claim)
    results = [judge(week) for week in weeks]
    for status in ("grounded", "conflict"):
        for r in results:
            if r["status"] == status:
                return r
    return results[0]


def _hours_table(obj: Any, depth: int = 0) -> Optional[Dict[str, Any]]:
    """The first mapping (at most 3 levels down) whose keys are all weekday names."""
    if depth > 3 or not isinstance(obj, dict):
        return None
    keys = {str(k).strip().lower(): v for k, v in obj.items()}
    if keys and all(k in WEEKDAYS for k in keys):
        return keys
    for v in obj.values():
        found = _hours_table(v, depth + 1)
        if found is not None:
            return found
    return None


class _Text:
    """The answer with its sentence ends, clause boundaries and question marks, found once,
    and whether a span speaks of opening hours, found once for each span asked about (the
    statements of one clause ask about the same: read again for each, a clause of many
    weekdays, "Monday-Tuesday-Monday-...", took quadratic time)."""

    def __init__(self, text: str):
        self.text = text
        self.ends = [m.start() for m in _SENTENCE_END.finditer(text)]
        self.bounds = clause_bounds(text)
        self.questions = [i for i, ch in enumerate(text) if ch == "?"]
        self._opening: Dict[Tuple[int, int], bool] = {}

    def asks(self, start: int, end: int) -> bool:
        """Whether text[start:end] holds a question mark."""
        i = bisect.bisect_left(self.questions, start)
        return i < len(self.questions) and self.questions[i] < end

    def opening(self, start: int, end: int) -> bool:
        """Whether ``_OPENING`` is found in text[start:end] (``_OPENING.search(text, start, end)``)."""
        if (start, end) not in self._opening:
            self._opening[start, end] = _OPENING.search(self.text, start, end) is not None
        return self._opening[start, end]

    def sentence(self, start: int, end: int) -> Tuple[int, int]:
        i = bisect.bisect_left(self.ends, start)
        left = self.ends[i - 1] + 1 if i > 0 else 0
        j = bisect.bisect_left(self.ends, end)
        return left, self.ends[j] if j < len(self.ends) else len(self.text)

    def clause(self, start: int, end: int) -> Tuple[int, int]:
        return clause_around(self.text, start, end, self.bounds)


def _said(t: _Text, start: int, end: int, about_hours: bool = False, whole: bool = True) -> bool:
    """The statement at text[start:end] is made: its clause or the one before speaks of opening
    hours (or the statement does itself, ``about_hours``: "closed on Mondays"), not of something
    with hours of its own (a happy hour, takeout; ``whole``: nor of a part of the business or a
    visit, "the patio is closed on weekends"), and the words around it in its clause neither
    negate nor hedge it."""
    text = t.text
    s_start, s_end = t.sentence(start, end)
    c_start, c_end = t.clause(start, end)
    meals = [
        m for m in _OPEN_FOR_MEALS.finditer(text, max(s_start, start - 80), start) if not text[m.end() : start].strip()
    ]
    if t.asks(end, s_end + 1):
        return False  # a question
    clause_end = min(s_end, max(c_end, end))
    if not (about_hours or meals or t.opening(max(s_start, c_start), clause_end)):
        # the opening word may stand in the clause before, when this clause only names the
        # days and times ("operates from 10:30 am to 4 pm, Monday through Saturday"), not in
        # one about something else ("opens at 11 and offers fresh fish daily")
        before_clause = t.clause(c_start - 2, c_start - 1)[0] if c_start - 2 > s_start else c_start
        if not (
            t.opening(max(s_start, before_clause), clause_end)
            and _LEAD_OK.fullmatch(text[max(s_start, c_start) : start])
        ):
            return False
    near = max(s_start, c_start, start - 60)
    if _common_word(_OTHER_HOURS, text, start if meals else near, min(c_end, end + 30), s_start):
        return False  # "happy hour runs daily", "breakfast is served every day"
    before = _NOT_NEGATING.sub(" ", text[max(s_start, c_start, start - 80) : start])
    if not whole and _common_word(_PART_OR_VISIT, text, max(s_start, c_start, start - 80), start, s_start):
        return False
    return not (
        _PAST.search(before)
        or _NEGATED.search(before)
        or _HEDGED.search(before)
        or _HEDGED.search(text, end, min(c_end, end + 30))
    )


def _common_word(pattern: "re.Pattern[str]", text: str, start: int, end: int, sentence_start: int) -> bool:
    """Whether ``pattern`` matches text[start:end] in a word that is no name: lower-case, or at
    the sentence's start ("Kyle's Kitchen operates daily" names no kitchen hours)."""
    return any(
        m.group(0)[:1].islower() or not text[sentence_start : m.start()].strip()
        for m in pattern.finditer(text, start, end)
    )


def _names(days: Sequence[int]) -> str:
    names = [WEEKDAYS[d].title() for d in sorted(days)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _clock(minutes: float) -> str:
    m = int(minutes) % (24 * 60)
    return f"{m // 60}:{m % 60:02d}"


def _show(days: Dict[int, Range], which: Sequence[int]) -> Dict[str, Optional[str]]:
    """The record's hours of these days as text (None: closed; a day it gives no clock times
    for is left out)."""
    return {
        WEEKDAYS[d].title(): (f"{_clock(r[0])}-{_clock(r[1])}" if r else None)
        for d in sorted(which)
        if d in days
        for r in [days[d]]
    }


def _fact(t: _Text, start: int, end: int, claim: str, status: str, value: Any, reason: str) -> Dict[str, Any]:
    c_start, c_end = t.clause(start, end)
    return {
        "start": start,
        "end": end,
        "text": t.text[start:end],
        "path": "hours",
        "claim": claim,
        "clause": [c_start, c_end],
        "status": status,
        "value": value,
        "reason": reason,
    }


def check_hours_facts(answer: str, sources: Sequence[Any]) -> List[Dict[str, Any]]:
    """Every statement the answer makes about which days are open, closed, open longer or
    shorter, or with varying hours, judged against the records' weekday hours (see the module
    docstring). Each result has start, end, text, path ("hours"), claim ("open" / "closed" /
    "longer" / "shorter" / "earlier" / "later" / "varies"), clause, status (grounded /
    conflict / unsupported), value and reason. Returns [] when no source is a JSON record."""
    if not answer or not sources:
        return []
    records = [r for s in sources for r in parse_records(s)]
    if not records:
        return []
    weeks = record_weeks(records)
    t = _Text(answer)
    results: List[Dict[str, Any]] = []
    taken = bytearray(len(answer))  # characters a statement already covers
    opened: set = set()  # sentences whose open days are judged already

    def free(m: "re.Match[str]") -> bool:
        return not any(taken[m.start() : m.end()])

    def take(start: int, end: int) -> None:
        taken[start:end] = b"\x01" * (end - start)

    for m in _LENGTH.finditer(answer):
        days = weekdays_in(m.group(3))
        if not days or _PART_OF_DAY.match(answer, m.end()) or not _said(t, m.start(), m.end(), whole=False):
            continue
        take(*m.span())
        kind = _LENGTH_KIND[m.group(1).lower()]
        results.append(_across(weeks, t, m, kind, lambda w: _judge_length(t, m, sorted(days), kind, w)))
    for m in _CLOSED.finditer(answer):
        days = weekdays_in(m.group(1))
        if (
            not days
            or not free(m)
            or _PART_OF_DAY.match(answer, m.end())
            or _CLOSED_QUALIFIED.match(answer, m.end())
            or _ON_A_DATE.match(answer, m.end())
            or not _said(t, m.start(), m.end(), about_hours=True, whole=False)
        ):
            continue  # "closed on Tuesday mornings", "closed Sundays after 3 pm": not the whole day
        take(*m.span())
        results.append(_across(weeks, t, m, "closed", lambda w: _judge_closed(t, m, sorted(days), w)))
    for m in _VARIES.finditer(answer):
        if not free(m) or _VARIES_OTHER.match(answer, m.end()) or not _said(t, m.start(), m.end()):
            continue
        take(*m.span())
        results.append(_across(weeks, t, m, "varies", lambda w: _judge_varies(t, m, w)))
    found = sorted(
        ((m, p) for p in (_WEEKDAY_RANGE, _EVERY_DAY) for m in p.finditer(answer)), key=lambda x: x[0].start()
    )
    for m, pattern in found:  # the first statement of a sentence, whichever pattern found it
        s_start, s_end = t.sentence(m.start(), m.end())
        if (s_start, s_end) in opened or not free(m) or not _said(t, m.start(), m.end()):
            continue  # "from Monday to Sunday, with varying hours each day" says it once
        if _VARYING.search(answer, max(s_start, t.clause(m.start(), m.end())[0], m.start() - 40), m.start()):
            continue  # "hours vary each day", "different hours every day", "hours for each day"
        if pattern is _EVERY_DAY and _DAYS_NAMED_AFTER.match(answer, m.end()):
            continue  # "open every day from Tuesday to Sunday": the days named after it say which
        days = set(range(7)) if pattern is _EVERY_DAY else set(weekdays_in(m.group(0)))
        for e in _EXCEPTED.finditer(answer, s_start, s_end):
            take(*e.span())
            if not _STILL_OPEN.match(answer, e.end()):
                days -= weekdays_in(e.group(1))  # not "except for Friday, when it closes at 11 pm"
        for e in _EXCEPTED_AFTER.finditer(answer, s_start, s_end):
            take(*e.span())
            days -= weekdays_in(e.group(1))  # "every day, Monday excluded"
        opened.add((s_start, s_end))
        if len(days) < 2:
            continue
        take(*m.span())
        results.append(_across(weeks, t, m, "open", lambda w: _judge_open(t, m, sorted(days), w)))
    results.sort(key=lambda r: r["start"])
    return results


def _no_hours(t: _Text, m: "re.Match[str]", claim: str) -> Dict[str, Any]:
    return _fact(
        t,
        m.start(),
        m.end(),
        claim,
        "unsupported",
        None,
        f"says '{m.group(0)}', but the record gives no opening hours by weekday",
    )


def _judge_open(t: _Text, m: "re.Match[str]", days: List[int], week: Dict[int, Range]) -> Dict[str, Any]:
    closed = [d for d in days if d in week and week[d] is None]
    value = _show(week, days)
    if closed:
        return _fact(
            t,
            m.start(),
            m.end(),
            "open",
            "conflict",
            value,
            f"says open '{m.group(0)}', but the record's hours have no opening time for {_names(closed)}",
        )
    if any(d not in week for d in days):
        return _fact(
            t,
            m.start(),
            m.end(),
            "open",
            "unsupported",
            value,
            f"says open '{m.group(0)}', but the record's hours for "
            f"{_names([d for d in days if d not in week])} are no clock times",
        )
    return _fact(
        t,
        m.start(),
        m.end(),
        "open",
        "grounded",
        value,
        f"'{m.group(0)}' agrees with the record's hours: open on {_names(days)}",
    )


def _judge_closed(t: _Text, m: "re.Match[str]", days: List[int], week: Dict[int, Range]) -> Dict[str, Any]:
    open_days = [d for d in days if week.get(d) is not None]
    value = _show(week, days)
    if open_days:
        return _fact(
            t,
            m.start(),
            m.end(),
            "closed",
            "conflict",
            value,
            f"says '{m.group(0)}', but the record has hours for {_names(open_days)}: "
            + ", ".join(f"{k} {v}" for k, v in _show(week, open_days).items()),
        )
    if any(d not in week for d in days):
        return _fact(
            t,
            m.start(),
            m.end(),
            "closed",
            "unsupported",
            value,
            f"says '{m.group(0)}', but the record's hours for "
            f"{_names([d for d in days if d not in week])} are no clock times",
        )
    return _fact(
        t,
        m.start(),
        m.end(),
        "closed",
        "grounded",
        value,
        f"'{m.group(0)}' agrees with the record: no opening time for {_names(days)}",
    )


def _judge_varies(t: _Text, m: "re.Match[str]", week: Dict[int, Range]) -> Dict[str, Any]:
    """Hours that vary conflict with a record that gives the same range on every day it opens
    (a closed day is no variation of the hours)."""
    value = _show(week, [d for d in range(7) if d in week])
    if any(d not in week for d in range(7)):
        return _fact(
            t,
            m.start(),
            m.end(),
            "varies",
            "unsupported",
            value,
            f"says '{m.group(0)}', but the record's hours for some days are no clock times",
        )
    open_days = [d for d in range(7) if week[d] is not None]
    if len(open_days) > 1 and len({week[d] for d in open_days}) == 1:
        shown = next(iter(_show(week, open_days[:1]).values()))
        return _fact(
            t,
            m.start(),
            m.end(),
            "varies",
            "conflict",
            value,
            f"says '{m.group(0)}', but the record gives {shown} on every day it opens ({_names(open_days)})",
        )
    return _fact(t, m.start(), m.end(), "varies", "grounded", value, f"'{m.group(0)}' agrees with the record's hours")


def _differs(r: Range, kind: str, opens: float, closes: float, length: float) -> bool:
    """Whether one day's hours (None: closed) are longer / shorter / earlier / later than the
    medians of the other days."""
    if r is None:
        return kind == "shorter"  # a closed day is open less, and neither longer, earlier nor later
    if kind == "longer":
        return r[0] < opens or r[1] > closes or r[1] - r[0] > length
    if kind == "shorter":
        return r[0] > opens or r[1] < closes or r[1] - r[0] < length
    if kind == "earlier":
        return r[0] < opens or r[1] < closes
    return r[0] > opens or r[1] > closes  # later


def _judge_length(t: _Text, m: "re.Match[str]", days: List[int], kind: str, week: Dict[int, Range]) -> Dict[str, Any]:
    others = [week[d] for d in range(7) if d not in days and week.get(d) is not None]
    named = [d for d in days if d in week]
    value = _show(week, [d for d in range(7) if d in week])
    if not others or not named:
        return _fact(
            t,
            m.start(),
            m.end(),
            kind,
            "unsupported",
            value,
            f"says '{m.group(0)}', but the record's hours give nothing to compare",
        )
    opens = median(r[0] for r in others)
    closes = median(r[1] for r in others)
    length = median(r[1] - r[0] for r in others)
    if any(_differs(week[d], kind, opens, closes, length) for d in named):
        return _fact(t, m.start(), m.end(), kind, "grounded", value, f"'{m.group(0)}' agrees with the record's hours")
    if len(named) < len(days):
        return _fact(
            t,
            m.start(),
            m.end(),
            kind,
            "unsupported",
            value,
            f"says '{m.group(0)}', but the record's hours for some of those days are no clock times",
        )
    shown = ", ".join(f"{k} {v or 'closed'}" for k, v in _show(week, named).items())
    return _fact(
        t,
        m.start(),
        m.end(),
        kind,
        "conflict",
        value,
        f"says '{m.group(0)}', but the record gives {shown}, no {kind} than the other days "
        f"(median {_clock(opens)}-{_clock(closes)})",
    )
