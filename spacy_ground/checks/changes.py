"""Change claims against the statement rows they name: "Operating income grew 12%", "a $4.8
million increase in operating income", "gross margin expanded 130 basis points".

``ground_numeric`` calls ``table_change_check`` (numeric.py) for a percent or an amount that
its clause calls a change (a rise or fall word before it, "increase in ..." after it) when the
sources hold tables or sentences of prose comparing two figures ("Revenue was $210.0 million,
compared with $180.0 million", read as a row of two cells: ``prose_pairs``). The clause must name one table row, its name right before the figure or right
after "increase in" ("Operating income grew 12%", "Acme's revenue was up 17%", "a 12% increase
in operating income"; not "subscription revenue", "revenue from services", "revenue and
operating income ... respectively"). The figure is then checked against that row: against its
change column ("% Change", "$ Change", "Increase (Decrease)", "Y/Y") where it has one, else
against the change its period columns give (the later period against the same period a year
earlier or the one before it, at the precision the cells are written in). Grounded when one of
those changes is the figure; a mismatch, whose reason names the row, the cells and the change
they give, when none is or when the row went the other way ("fell 12%" where it rose). None
(the claim as ``ground_numeric`` read it) when the sources' prose states the figure, the
figure is on another basis ("organic", "constant currency", "adjusted") or a rate over several
periods ("12% a year", "over two years"), or the row gives no change of the figure's kind.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import lru_cache
from typing import Any, List, Optional, Sequence, Tuple

from spacy.tokens import Span

from spacy_ground.checks.context import doc_text, sentence_of
from spacy_ground.sources.index import SourceClaim
from spacy_ground.sources.tables import TableCell, months_of
from spacy_ground.text.compare import EQUAL, compare, distance, scaled_by_thousands
from spacy_ground.text.values import ClaimValue

RISE, FALL = "rise", "fall"
IMPROVE, WORSEN = "improve", "worsen"  # a rise or a fall, but of a loss a fall or a rise of its size

_RISE = re.compile(
    r"\b(?:rose|rise[sn]?|rising|grew|grow[sn]?|growing|growth|increas\w*|up|expand\w*|gain(?:ed|s)?|"
    r"climb\w*|jump\w*|higher|improv\w*|widen\w*|advanc\w*|surg\w*|soar\w*|accelerat\w*|"
    r"recover\w*|strengthen\w*)\b",
    re.I,
)
_FALL = re.compile(
    r"\b(?:fell|falls?|falling|declin\w*|decreas\w*|dropp?\w*|down|lower|reduc\w*|eas(?:ed|ing)|"
    r"slipp?\w*|dipp?\w*|slid\w*|contract\w*|shr[aiu]nk\w*|slump\w*|tumbl\w*|plung\w*|sank|sink\w*|"
    r"narrow\w*|lost|decelerat\w*|worsen\w*|deteriorat\w*|weaken\w*)\b",
    re.I,
)
# "made up 12% of sales", "ended up 5% higher": no rise in "up" itself
_MADE_UP = re.compile(
    r"\b(?:made|makes?|making|summ?(?:ed|s)?|ended|ends?|shows?|showed|turn(?:ed|s)?|picked|"
    r"takes?|taken|took|set|comes?|came|brings?|brought|sign(?:ed|s)?|back(?:ed|s)?)\s+up$",
    re.I,
)
RISE_OR_FALL = re.compile(f"{_RISE.pattern}|{_FALL.pattern}", re.I)  # a sentence that may state a change
_IMPROVE = re.compile(r"^(?:improv\w*|recover\w*|strengthen\w*)$", re.I)
_WORSEN = re.compile(r"^(?:worsen\w*|deteriorat\w*|weaken\w*)$", re.I)
# a figure the words before it make a level ("increased to 42.1%", "up from $41.1 million", "was $7 million")
_LEVEL_END = re.compile(
    r"\b(?:to|at|from|reached|totall?ed|stood|hit|was|were|is|are|be|been|of|with|versus|vs\.?|"
    r"against|compared\s+(?:with|to))\s*$",
    re.I,
)
_CHANGE_OF = re.compile(
    r"\b(?:growth|increase|rise|decline|decrease|drop|fall|gain|jump|reduction|improvement|"
    r"expansion|contraction|change)\s+(?:of|was|were|is|came\s+in\s+at|reached|stood\s+at)\s*$",
    re.I,
)
# "a 12% increase in operating income", "12% growth in revenue", "$4.8 million higher"
_CHANGE_AFTER = re.compile(
    r"\s*(?:(?:year[-\s]over[-\s]year|yoy|y/y|sequential|annual)\s+)?(increase|rise|growth|"
    r"gain|jump|improvement|expansion|decline|decrease|drop|fall|reduction|contraction|"
    r"higher|lower)\b(?:\s+(?:in|of)\s+(?:the\s+|its\s+|our\s+|their\s+|total\s+)?)?",
    re.I,
)
_CLAUSE = re.compile(r"[,;:(]|\b(?:and|while|whereas|but|although|though|as|with|which|after)\b", re.I)
# another basis than the reported row's, or a rate over several periods
OTHER_BASIS = re.compile(
    r"\b(?:organic\w*|constant[-\s]currency|currency[-\s]neutral|fx[-\s]neutral|adjusted|"
    r"non[-\s]?gaap|like[-\s]for[-\s]like|same[-\s]store|comparable|pro[-\s]forma|excluding|"
    r"ex[-\s]|cagr|compound\w*|annuali[sz]ed|annually|on\s+average|per\s+(?:year|annum)|"
    r"a\s+year(?!\s+(?:earlier|ago|before))|each\s+year|every\s+year|since|cumulative\w*|"
    r"combined|over\s+(?:the\s+)?(?:past\s+|last\s+|next\s+)?(?:\w+\s+)?(?:years|decades?|quarters|"
    r"months)|over\s+the\s+(?:year|decade)|between\s+(?:19|20)\d\d\s+and)\b",
    re.I,
)
_SEQUENTIAL = re.compile(
    r"\b(?:sequential\w*|quarter[-\s](?:over|on)[-\s]quarter|q/q|qoq|(?:prior|previous|"
    r"preceding|last|sequential)\s+quarter|(?:first|second|third|fourth)\s+quarter\s+of\s+"
    r"(?:the\s+)?(?:same|this)\s+year)\b",
    re.I,
)
_YEARLY = re.compile(
    r"\b(?:year[-\s](?:over|on)[-\s]year|yoy|y/y|a\s+year\s+(?:earlier|ago|before)|(?:prior|previous|"
    r"last)\s+year|same\s+(?:period|quarter)|from\s+(?:19|20)\d\d|over\s+(?:19|20)\d\d)\b",
    re.I,
)
# the word right before a row's name may be one of these (else "subscription revenue" is another row)
_LEAD = frozenset(
    "the its our their total quarterly annual full fiscal year years quarter quarters q1 q2 q3 q4 h1 h2 "
    "half first second third fourth reported posted delivered recorded generated saw had achieved "
    "in for during of s company group firm consolidated overall net".split()
)
_MONTH_WORDS = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec".split()
)
# the words between a row's name and its figure may be these ("Revenue for the third quarter of 2024 was up")
_BETWEEN = (
    _LEAD
    | _MONTH_WORDS
    | frozenset(
        "a an by was were has have had is are been be up down approximately about around nearly almost roughly some "
        "over on basis compared versus vs with to from prior previous last same period periods three six nine twelve "
        "month months ended ending fiscal or ago earlier before this million billion thousand also respectively "
        "sequentially yoy y on year-over-year expense expenses cost costs after following".split()
    )
)
_NUMBER = re.compile(r"^\d+$")
# column names of a change column; "% of revenue" and margins are shares, not changes
_CHANGE_COLUMN = re.compile(
    r"\bchange|\bchg\b|\bgrowth\b|\bincrease|\bdecrease|\bvariance\b|\bvar\b|\by/y\b|\byoy\b|"
    r"\bq/q\b|\bfavou?rable|\bunfavou?rable|\bvs\.?(?!\w)|\bversus\b|\binc\.?\s*\(dec",
    re.I,
)
_SHARE_COLUMN = re.compile(r"%\s*of\b|\bof\s+(?:total|revenue|sales)\b|\bmargin\b|\bmix\b|\bshare\b", re.I)
_FAVOURABLE = re.compile(r"\bfavou?rable|\bunfavou?rable|\bbetter|\bworse", re.I)
_LOSS_ROW = re.compile(r"\bloss(?:es)?\b|\bdeficit\b", re.I)
_EITHER_LOSS = re.compile(r"\(\s*loss(?:es)?\s*\)|\b(?:income|profit|earnings|gains?)\s*/\s*\(?loss", re.I)


def change_direction(before: str, after: str) -> Optional[str]:
    """``RISE`` or ``FALL`` when the words of a figure's own clause make it a change ("grew 12%",
    "down 5%", "a 12% increase in", "growth of 12%"), None when they make it a level ("increased to
    42.1%", "up from $41.1 million") or say nothing of a change."""
    m = _CHANGE_AFTER.match(after)
    if m:
        return FALL if _FALL.match(m.group(1)) or m.group(1).lower() in ("lower", "reduction", "contraction") else RISE
    clauses = _CLAUSE.split(before)
    clause = clauses[-1]
    if len(clauses) > 1 and re.fullmatch(
        r"\s*or\s*(?:about|approximately|nearly|roughly|almost|some)?\s*", clause, re.I
    ):
        clause = clauses[-2]  # "grew 22%, or $9.8 million": the clause of the figure before
    if _LEVEL_END.search(clause) and not _CHANGE_OF.search(clause) and not re.search(r"\bby\s*$", clause, re.I):
        return None
    found = [
        (m.start(), RISE, m.group(0)) for m in _RISE.finditer(clause) if not _MADE_UP.search(clause, 0, m.end())
    ] + [(m.start(), FALL, m.group(0)) for m in _FALL.finditer(clause)]
    if not found:
        return None
    _, way, word = max(found)
    return IMPROVE if _IMPROVE.match(word) else WORSEN if _WORSEN.match(word) else way


def _tokens(text: str) -> List[str]:
    return re.findall(r"[^\W_]+", text.lower())


@lru_cache(maxsize=8192)
def _key_pattern(key: str) -> "re.Pattern[str]":
    return re.compile(r"(?<![^\W_])" + r"[\W_]+".join(map(re.escape, key.split())) + r"(?![^\W_])", re.I)


def _lead_ok(prefix: str) -> bool:
    """Whether the words before a row's name leave it that row: nothing, a possessive ("Acme's"),
    a determiner, a date or a reporting verb right before it ("the", "Q3", "reported")."""
    clause = _CLAUSE.split(prefix)[-1]
    if re.search(r"(?:['’]s|s['’])\s*$", clause):
        return True
    words = _tokens(clause)
    return not words or words[-1] in _LEAD or _NUMBER.match(words[-1]) is not None or words[-1] in _MONTH_WORDS


def _between_ok(text: str) -> bool:
    """Whether the words between a row's name and the figure name nothing else ("for the third
    quarter of 2024 was up"; not "from services")."""
    return all(w in _BETWEEN or _NUMBER.match(w) or _RISE.fullmatch(w) or _FALL.fullmatch(w) for w in _tokens(text))


_INCOME_WORDS = re.compile(r"revenues?|sales|income|profits?|margins?|earnings|ebitda|bookings", re.I)  # a name's head


def named_row_keys(answer: str, start: int, end: int, keys: Sequence[str]) -> List[str]:
    """The row names (of ``keys``) written in ``answer[start:end]``, in order, each once; a name
    inside a longer one is that one's ("net income" in "net income per share")."""
    words = set(_tokens(answer[start:end]))
    hits = [
        (m.start(), m.end(), key)
        for key in keys
        if set(key.split()) <= words
        for m in _key_pattern(key).finditer(answer, start, end)
    ]
    hits = [
        h
        for h in hits
        if not any(o is not h and o[0] <= h[0] and h[1] <= o[1] and o[1] - o[0] > h[1] - h[0] for o in hits)
    ]
    return list(dict.fromkeys(k for _, _, k in sorted(hits)))


def named_row_key(
    answer: str, start: int, lo: int, claim_start: int, claim_end: int, keys: Sequence[str]
) -> Optional[str]:
    """The one row name (of ``keys``) a change figure's clause names: before the figure, from
    ``start`` (after the sentence's figure before it) or, when the words there name nothing but
    the change ("..., up 12%"), from the sentence start ``lo``; else right after it ("a 12%
    increase in operating income"). None when no row, or several, are named so."""
    after = _CHANGE_AFTER.match(answer, claim_end)
    if after and re.search(r"\b(?:in|of)\s+(?:(?:the|its|our|their|total)\s+)?$", after.group(0), re.I):
        rest = answer[after.end() : after.end() + 120]
        # the row's name must end the noun phrase: "revenue per user" is no revenue
        words = set(_tokens(rest))
        found = [
            k
            for k in keys
            if set(k.split()) <= words
            and (m := _key_pattern(k).match(rest))
            and not re.match(r"\s*(?:per|of|from)\b", rest[m.end() :], re.I)
        ]
        if found:
            return max(found, key=len)
    for begin in (start, lo) if start > lo else (lo,):
        before = answer[begin:claim_start]
        named = named_row_keys(before, 0, len(before), keys)
        if len(named) > 1:
            return None  # "Revenue and operating income grew 17% and 12%" (see respective_key)
        if named:
            last = max(_key_pattern(named[0]).finditer(before), key=lambda m: m.start())
            between = before[last.end() :]
            if re.search(r"\b(?:costs?|expenses?)\b", between, re.I) and _INCOME_WORDS.fullmatch(named[0].split()[-1]):
                return None  # "revenue costs" are no revenue
            if _lead_ok(before[: last.start()]) and _between_ok(between):
                return named[0]
            return None
        if not _between_ok(before):
            return None  # the clause is about something the tables do not name
    return None


def respective_key(
    answer: str, lo: int, figures: Sequence[Tuple[int, int]], nth: int, keys: Sequence[str]
) -> Optional[str]:
    """ "Revenue and net income grew 12% and 31%, respectively": the row named in the same place
    among the names before the first of ``figures`` (a sentence's figures of one kind, in
    order) as the figure among them; None unless names and figures are as many."""
    named = named_row_keys(answer, lo, figures[0][0], keys)
    if len(named) != len(figures) or not re.search(r"\brespectively\b", answer[figures[-1][1] : figures[-1][1] + 40]):
        return None
    return named[nth]


def ellipsis(text: str, after: str = "") -> bool:
    """Whether the words between two figures (``text``) and those after the second one up to
    the next clause (``after``) leave the second one the first one's change of the same row
    ("grew 23% in the quarter and 11% in the first nine months", "12% and 31%"; not "and 12% in
    Europe", "compared with 12% a year earlier")."""
    if re.search(r"\b(?:compared|versus|vs|against|than)\b", text, re.I):
        return False
    return (
        bool(
            re.search(
                r"(?:,|\band\b|\bwhile\b|\bwith\b)\s*(?:(?:about|approximately|nearly|roughly|some)\s*)?$", text, re.I
            )
        )
        and _between_ok(re.sub(r"\b(?:and|while|with)\b", " ", text))
        and _between_ok(after)
    )


def local_window(
    text: str, lo: int, hi: int, start: int, end: int, figures: Sequence[Tuple[int, int]]
) -> Tuple[int, int]:
    """The part of a sentence (``lo``-``hi``) that speaks of the figure at ``start``-``end``: from
    the last clause break before it (not before the figure before it) to the next figure after it
    or the next clause break, whichever comes first ("23% in the quarter" and "11% in the first
    nine months" of one sentence)."""
    prev_end = max([lo] + [e for s, e in figures if e <= start])
    next_start = min([hi] + [s for s, e in figures if s >= end])
    breaks = [m.end() for m in _CLAUSE.finditer(text, prev_end, start)]
    following = _CLAUSE.search(text, end, next_start)
    return (breaks[-1] if breaks else prev_end), (following.start() if following else next_start)


def _cell_value(cell: TableCell, claims: Sequence[SourceClaim]) -> Optional[SourceClaim]:
    """A cell's figure as the table's units read it ("45.2" under a caption "(in millions)" of a
    table in dollars: "$45.2 million", not the bare 45.2)."""
    inside = [
        c
        for c in claims
        if cell.start <= c.start
        and c.end <= cell.end
        and c.value.normalisable
        and c.value.kind in ("money", "percent", "cardinal", "quantity")
        and c.value.value is not None
        and not c.value.is_range
        and not c.value.approx  # "over 40.4", ">1%": no figure to compute with
        and None not in (c.value.low, c.value.high)
        and math.isfinite(c.value.low)
        and math.isfinite(c.value.high)
    ]
    if not inside:
        return None
    # "(5)" is read both 5 and -5: the bracket's
    return max(inside, key=lambda c: (c.value.kind != "cardinal", abs(c.value.value), c.value.value < 0))


def _end(names: Sequence[ClaimValue]) -> Optional[float]:
    ends = [v.high for v in names if v.kind == "date" and v.high is not None and math.isfinite(v.high)]
    return max(ends) if ends else None


def _dated(anchor: ClaimValue, name: ClaimValue) -> bool:
    """Whether a column's date is the sentence's: the same at the same granularity, or a day
    inside the year the sentence names ("2024" for "Nine Months Ended September 30, 2024")."""
    if anchor.granularity == name.granularity:
        return compare(anchor, name).result == EQUAL
    return (
        anchor.granularity == "year"
        and name.granularity == "day"
        and None not in (anchor.low, name.low)
        and anchor.low <= name.low <= anchor.high
    )


def magnitude(v: ClaimValue) -> ClaimValue:
    """A figure without its sign ("-3%" as 3%)."""
    if v.value is not None and v.value < 0:
        return replace(v, value=-v.value, low=-v.high, high=-v.low, number=None if v.number is None else -v.number)
    return v


def _money_text(amount: float, currency: Optional[str]) -> str:
    size = abs(amount)
    for scale, word in ((1e9, " billion"), (1e6, " million"), (1e3, " thousand"), (1.0, "")):
        if size >= scale or scale == 1.0:
            figure = f"{size / scale:,.3f}".rstrip("0").rstrip(".")
            break
    symbol = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥"}.get(currency or "USD", f"{currency} ")
    return f"{symbol}{figure}{word}"


class _Change:
    """A change a row gives: signed, as a ClaimValue, with where it is, how to say it, whether
    its sign is a direction, and its rank for naming it (a year's change and the shortest period
    first, a quarter-on-quarter one after)."""

    def __init__(
        self,
        value: ClaimValue,
        claim: SourceClaim,
        said: str,
        directed: bool,
        rank: Tuple[int, int] = (0, 0),
        derived: bool = False,
        basis: str = "",
        of_size: bool = False,
    ):
        self.value, self.claim, self.said, self.directed, self.rank = value, claim, said, directed, rank
        self.of_size = of_size  # the change of a loss's size ("narrowed", "improved": a fall)
        self.unitless = False  # computed from bare numbers no caption gave a unit: its scale is unknown
        self.derived = derived  # computed from two cells, not written in the sources
        self.basis = basis  # what it is read from, in words: "(% Change)", "from $40.4 million (2023) to ..."


def _computed(
    kind_unit: Tuple[str, str],
    cur: Tuple[str, SourceClaim],
    prior: Tuple[str, SourceClaim],
    sentence: int,
    loss: bool,
    rank: Tuple[int, int],
) -> Optional[_Change]:
    """The change from ``prior`` to ``cur`` (cells with their values) as the claim's kind reads it:
    a percent of the prior level, an amount, or points between two percents; bounds from the
    cells' precision. A loss's change is of its size ("the net loss narrowed 70%"); another
    figure below zero changes by its value ("free cash flow rose $7.0 million to -$3.0 million")."""
    (ccol, c), (pcol, p) = cur, prior  # column names ("" for a sentence of prose)
    a, b = c.value, p.value
    kind, unit = kind_unit
    directed, of_size = True, False
    if loss and unit != "pp":  # a loss's change is of its size: "narrowed 70%", "narrowed by $2.6 million"
        if (a.value > 0) != (b.value > 0) and a.value and b.value:
            if kind == "percent":
                return None  # from a loss to a profit: no percent says that
            directed = False  # an amount's change from a loss to a profit has no size's direction
        else:
            a, b, of_size = magnitude(a), magnitude(b), True
    elif unit == "%" and (a.value < 0 or b.value < 0):
        return None  # a percent of a negative figure ("free cash flow of -$10 million") says nothing plain
    if kind == "percent" and unit == "%":
        if a.kind == "percent" or b.kind == "percent" or not b.value or b.low * b.high <= 0:
            return None  # a margin's change in percent is ambiguous (points or relative); none from nothing
        corners = [(x - y) / abs(y) * 100 for x in (a.low, a.high) for y in (b.low, b.high)]
        value = (a.value - b.value) / abs(b.value) * 100
        text = f"{abs(value):.1f}%"
        new = ClaimValue(
            kind="percent", text=text, value=value, low=min(corners), high=max(corners), unit="%", dimension="percent"
        )
    elif kind == "percent" and unit == "pp":
        if a.kind != "percent" or b.kind != "percent" or a.unit != "%" or b.unit != "%":
            return None
        value = a.value - b.value
        text = f"{abs(value):.2f}".rstrip("0").rstrip(".") + " percentage points"
        new = ClaimValue(
            kind="percent",
            text=text,
            value=value,
            low=a.low - b.high,
            high=a.high - b.low,
            unit="pp",
            dimension="percent",
        )
    elif kind == "money":  # a statement without a currency gives its amounts as bare numbers
        if {a.kind, b.kind} - {"money", "cardinal"} or (a.currency and b.currency and a.currency != b.currency):
            return None
        value = a.value - b.value
        currency = a.currency or b.currency
        new = ClaimValue(
            kind="money",
            text=_money_text(value, currency),
            value=value,
            low=a.low - b.high,
            high=a.high - b.low,
            currency=currency,
            dimension="currency",
        )
    else:
        return None
    way = "a rise" if value > 0 else "a fall" if value < 0 else "no change"
    cells = (
        f"{c.value.text!r} under {ccol!r} against {p.value.text!r} under {pcol!r}"
        if ccol or pcol
        else f"{c.value.text!r} against {p.value.text!r}"
    )
    said = f"{way} of {new.text} ({cells})" if value else f"no change ({cells})"
    where = SourceClaim(c.source, min(c.start, p.start), max(c.end, p.end), sentence, new)
    basis = (
        f" from {p.value.text} ({pcol}) to {c.value.text} ({ccol})"
        if ccol or pcol
        else f" from {p.value.text} to {c.value.text}"
    )
    change = _Change(new, where, said, directed, rank, derived=True, basis=basis, of_size=of_size)
    change.unitless = c.value.kind == p.value.kind == "cardinal" and not _SCALE.search(c.value.text + p.value.text)
    return change


def row_changes(
    row: Any,
    claims: Sequence[SourceClaim],
    kind_unit: Tuple[str, str],
    anchors: Sequence[ClaimValue],
    period: Optional[int],
    sentence_text: str,
) -> List[_Change]:
    """The changes a statement row gives of the claim's kind (``kind_unit``: ("percent", "%"),
    ("percent", "pp") or ("money", "")): its change column's cells where it has one, else the
    change between its period columns (``anchors``: the sentence's dates, which pick the later
    period or both; ``period``: the months the sentence names, which pick the columns). A
    change cell whose sign is no direction (a loss's, or under "Favorable (Unfavorable)") takes
    its direction from the row's period columns when it has them."""
    # "Net loss": its changes are of its size; "Operating income (loss)" only where it is one
    loss = bool(_LOSS_ROW.search(row.label)) and (
        not _EITHER_LOSS.search(row.label)
        or any(
            (v := _cell_value(cell, claims)) is not None and v.value.value < 0
            for cell, _, _ in row.cells
            if not _CHANGE_COLUMN.search(cell.column)
        )
    )
    levels = []
    for cell, names, _ in row.cells:
        if _CHANGE_COLUMN.search(cell.column) or _SHARE_COLUMN.search(cell.column) and "%" in cell.column:
            continue
        end, v = _end(names), _cell_value(cell, claims)
        if end is not None and v is not None:
            levels.append((end, months_of(cell.column), cell, v, names))
    # a change column gives the latest period's change: a sentence about an earlier period, or
    # between two it names ("from 2022 to 2024"), is read from the period columns
    named = {t[0] for t in levels if any(_dated(a, d) for a in anchors for d in t[4] if d.kind == "date")}
    latest = named and max(named) == max(t[0] for t in levels) and len(named) == 1
    columns = _column_changes(row, claims, kind_unit, anchors, period, loss, levels) if latest or not named else []
    if columns:
        return columns
    if period:
        levels = [t for t in levels if t[1] in (period, None)]
    out = []
    for c, p, rank in _level_pairs(levels, anchors, sentence_text):
        change = _computed(kind_unit, (c[2].column, c[3]), (p[2].column, p[3]), row.sentence, loss, rank)
        if change is not None:
            out.append(change)
    return out


def _column_changes(
    row: Any,
    claims: Sequence[SourceClaim],
    kind_unit: Tuple[str, str],
    anchors: Sequence[ClaimValue],
    period: Optional[int],
    loss: bool,
    levels: Sequence[tuple],
) -> List[_Change]:
    """The cells of a row's change columns that are of the claim's kind ("1.4 pts" and "+140 bps"
    are points; a bare number under a "%" column a percent)."""
    kind, unit = kind_unit
    out = []
    level_cells = [t[2] for t in levels]
    for n, (cell, names, _) in enumerate(row.cells):
        if not _CHANGE_COLUMN.search(cell.column) and not re.fullmatch(r"\W*%\W*", cell.column.strip() or "x"):
            continue
        if not _CHANGE_COLUMN.search(cell.column) and not (
            n >= 2 and row.cells[n - 1][0] in level_cells and row.cells[n - 2][0] in level_cells
        ):
            continue  # a bare "%" follows the two periods it compares; "| 2024 | % | 2023 | % |" gives shares
        months = months_of(cell.column)
        if period and months not in (period, None):
            continue
        v = _cell_value(cell, claims)
        if v is None:
            continue
        value = v.value
        if value.kind == "cardinal" and re.search(r"\d\s*\)?\s*(?:pts?|points?|bps?)\b", cell.text, re.I):
            # "1.4 pts", "(1.8) pts", "+140 bps" in a change column: points
            scale = 100 if re.search(r"bps?\b", cell.text, re.I) else 1
            size = value.value / scale
            size = -abs(size) if re.search(r"[(\-–−]", cell.text) else size
            half = abs(value.high - value.low) / 2 / scale
            value = replace(
                value, kind="percent", unit="pp", dimension="percent", value=size, low=size - half, high=size + half
            )
        elif value.kind == "cardinal" and "%" in cell.column and not _SHARE_COLUMN.search(cell.column):
            # a bare number under "% chg": a percent, but points where the row's levels are percents
            points = bool(levels) and all(t[3].value.kind == "percent" for t in levels)
            value = replace(value, kind="percent", unit="pp" if points else "%", dimension="percent")
        if value.kind != kind or (kind == "percent" and (value.unit or "%") != unit):
            continue
        dated = [d for d in names if d.kind == "date" and d.normalisable and d.low is not None]  # not "Fourth Quarter"
        later = [d for d in dated if d.high == max(x.high for x in dated)]  # "2024 vs 2023": 2024's change
        if anchors and dated and not any(_dated(a, d) for a in anchors for d in later):
            continue  # "2023 vs 2022 % change" for a sentence about 2024
        directed, of_size = not loss and not _FAVOURABLE.search(cell.column), False
        if not directed:  # the direction the row's period columns give: the size of a loss, an expense's rise
            alike = [t for t in levels if t[1] == months] or (
                list(levels) if months is None and len({t[1] for t in levels}) == 1 else []
            )
            pairs = _level_pairs(alike, anchors, "")
            ways = {_way(c[3].value, p[3].value, loss) for c, p, _ in pairs if _way(c[3].value, p[3].value, loss)}
            if len(ways) == 1:
                size = abs(value.value)
                value = (
                    replace(value, value=size, low=abs(value.low), high=abs(value.high))
                    if ways == {1}
                    else replace(
                        value,
                        value=-size,
                        low=-max(abs(value.low), abs(value.high)),
                        high=-min(abs(value.low), abs(value.high)),
                    )
                )
                directed, of_size = True, loss
        out.append(
            _Change(
                value,
                replace(v, value=value),
                f"{v.value.text!r} under {cell.column!r}",
                directed,
                (0, months or 0),
                basis=f" ({cell.column})",
                of_size=of_size,
            )
        )
    return out


def _way(later: ClaimValue, earlier: ClaimValue, loss: bool) -> int:
    """1 for a rise from ``earlier`` to ``later``, -1 for a fall, 0 for none (a loss: of its size)."""
    a, b = (abs(later.value), abs(earlier.value)) if loss else (later.value, earlier.value)
    return (a > b) - (a < b)


def _level_pairs(levels: Sequence[tuple], anchors: Sequence[ClaimValue], sentence_text: str) -> List[tuple]:
    """(later, earlier, rank) pairs of a row's period cells (``levels``: (end date, months, cell,
    figure, column dates)) a change is read between: the two the sentence's dates name, else the
    latest period (or the one the dates name) against the same period a year earlier and the one
    before it ("sequentially": that one only; "year over year": the other only)."""
    if len(levels) < 2:
        return []
    picked = [t for t in levels if any(_dated(a, d) for a in anchors for d in t[4] if d.kind == "date")]
    if anchors and not picked:
        return []  # the sentence's date is no column of the row
    ends = sorted({t[0] for t in picked})
    if len(ends) >= 2:  # "in 2024, compared with 2023": those two
        return [
            (c, p, (0, c[1] or 0))
            for c in picked
            if c[0] == ends[-1]
            for p in picked
            if p[0] == ends[0] and p[1] == c[1]
        ]
    pairs = []
    currents = picked or [t for t in levels if t[0] == max(x[0] for x in levels if x[1] == t[1])]
    for c in currents:
        earlier = sorted((t for t in levels if t[1] == c[1] and t[0] < c[0]), key=lambda t: -t[0])
        if not earlier:
            continue
        yearly = [t for t in earlier if abs(c[0] - t[0] - 365.25) <= 20]
        sequential = earlier[:1]
        if _SEQUENTIAL.search(sentence_text):
            chosen = sequential if not yearly or sequential[0] is not yearly[0] else []
        elif _YEARLY.search(sentence_text):
            chosen = yearly
        else:
            chosen = yearly + [t for t in sequential if not yearly or t is not yearly[0]]
        pairs += [(c, p, (int(not yearly or p is not yearly[0]), c[1] or 0)) for p in chosen]
    return pairs


def judge_change(
    value: ClaimValue, direction: str, label: str, changes: Sequence[_Change], where: str = "the table row {label!r}"
) -> Optional[Tuple[str, str, _Change, str]]:
    """(status, reason, the change it is judged by, that change as a sentence) for a change claim
    against the changes of its row: grounded when one is its size and goes its way, else a
    mismatch naming the nearest. The sentence ("Revenue rose 17% from $130.2 million (2023) to
    $152.4 million (2024).") is what the cross-encoder reads before the evidence: it cannot
    compute a change from a row's figures; a grounded figure is written as the answer writes it."""
    row = where.format(label=label)
    size = magnitude(value)
    # "fell -10.5%" is a fall, "grew -5%" one too
    said_way = FALL if direction == FALL or (value.value is not None and value.value < 0) else RISE
    if direction in (IMPROVE, WORSEN):  # of a loss: its size; else the figure
        said_way = direction
    same = [
        c
        for c in changes
        if compare(size, magnitude(c.value)).result == EQUAL
        or (c.unitless and size.kind == "money" and scaled_by_thousands(size, magnitude(c.value)))
    ]

    def wanted(c: _Change) -> str:  # "improved" is a fall of a loss's size, a rise of anything else
        if said_way in (IMPROVE, WORSEN):
            return RISE if (said_way == IMPROVE) != c.of_size else FALL
        return said_way

    right_way = [c for c in same if not c.directed or c.value.value == 0 or (c.value.value > 0) == (wanted(c) == RISE)]
    if right_way:
        c = right_way[0]
        return "grounded", f"the change {row} gives: {c.said}", c, _statement(label, c, size.text)
    if same:
        c = same[0]
        verb = {IMPROVE: "improve", WORSEN: "worsen"}.get(said_way, "rise" if wanted(c) == RISE else "fall")
        return (
            "mismatch",
            f"said to {verb} where {row} gives {c.said}",
            c,
            _statement(label, c, magnitude(c.value).text),
        )
    if not changes:
        return None
    c = min(changes, key=lambda c: (c.rank, distance(size, magnitude(c.value))))
    return "mismatch", f"{row} gives {c.said}", c, _statement(label, c, magnitude(c.value).text)


_SCALE = re.compile(r"\b(?:thousand|million|billion|trillion)s?\b|\d\s*[kmb]n?\b", re.I)


def _statement(label: str, change: _Change, figure: str) -> str:
    v = change.value.value or 0
    verb = "changed by" if not change.directed else "rose" if v > 0 else "fell" if v < 0 else "was unchanged at"
    return f"{label} {verb} {figure.lstrip('+-')}{change.basis}."


# "Revenue was $210.0 million, compared with $180.0 million", "net income rose to $33.9 million
# from $30.5 million", "Acme reported revenue of $210.0 million, up from $180.0 million"
_PROSE_LEVEL = re.compile(
    r"(?:\b(?:was|were|totall?ed|reached|amounted\s+to|came\s+in\s+at|stood\s+at|"
    r"(?:rose|increased|grew|climbed|jumped|improved|fell|decreased|declined|dropped|narrowed|"
    r"widened)\s+to)|\bof)\s*$",
    re.I,
)
# ("\s*(?:,\s*)?": "\s*,?\s*" tried every split of a long run of white space, quadratic)
_PROSE_PRIOR = re.compile(
    r"^\s*(?:,\s*)?(?:(?:up|down)\s+from|compared\s+(?:with|to)|versus|vs\.?|against|from)"
    r"(?:\s+(?:a|an)\s+[\w-]+\s+of)?\s*$",
    re.I,
)
_PROSE_LEAD = re.compile(
    r"^(?:.*\b(?:reported|posted|recorded|generated|delivered|had|achieved)\s+)?"
    r"(?:(?:the|its|our|their)\s+)?(?:company['’]s\s+|group['’]s\s+)?",
    re.I,
)
_PERIOD_WORDS = re.compile(
    r"^(?:(?:first|second|third|fourth|full|fiscal|[1-4]q|q[1-4]|h[12])[-\s]+)*"
    r"(?:(?:quarter|year|half|quarterly|annual)[-\s]+)?",
    re.I,
)


_PER_SHARE_AFTER = re.compile(r"\s*(?:per|a)\s+(?:\w+\s+){0,2}share\b", re.I)
# ("(?:,|(?<!\s))\s*or": from a comma or the first space of a run only, where it matches if from
# any of them; a long run of spaces was read again from each of them, quadratic in its length)
_PER_SHARE_ASIDE = re.compile(r"(?:,|(?<!\s))\s*or\s+[^,;]{0,60}?\s(?:per|a)\s+(?:\w+\s+){0,2}share\b", re.I)


def prose_pairs(text: str, figures: Sequence[Tuple[int, int]]) -> List[Tuple[str, int, int]]:
    """(what is measured, the later figure's index, the earlier figure's index) for each sentence
    of prose that gives a figure and the one it is compared with ("Revenue was $210.0 million,
    compared with $180.0 million a year earlier": ("Revenue", 0, 1)); ``figures`` are the
    (start, end) of the sentence's figures in order. What is measured is the words before the
    level's verb, less a lead ("Acme reported", "the company's") and period words ("third-quarter")
    and what follows a preposition ("for the quarter")."""
    out = []
    # "$33.9 million, or $0.82 per diluted share, compared with $30.6 million": the per-share
    # figures compare with each other, the amounts with each other
    kept = [i for i, (s, e) in enumerate(figures) if not _PER_SHARE_AFTER.match(text, e)]
    for a, b in zip(kept, kept[1:]):
        (s1, e1), (s2, _) = figures[a], figures[b]
        between = _PER_SHARE_ASIDE.sub("", text[e1:s2]) if b > a + 1 else text[e1:s2]
        if not _PROSE_PRIOR.match(between):
            continue
        i = a
        before = text[max([0] + [e for _, e in figures[:i]]) : s1]
        level = _PROSE_LEVEL.search(before)
        if not level:
            continue
        clause = re.split(r"[,;:]|\b(?:and|while|whereas|but)\b", before[: level.start()])[-1]
        named, *rest = re.split(r"\b(?:for|in|during|at|over|of)\b", clause, maxsplit=1)
        if rest and not _between_ok(rest[0]):
            continue  # "Revenue in Europe was ...": Europe's, not revenue's
        clause = named.strip()
        clause = _PROSE_LEAD.sub("", clause, count=1).strip()
        clause = _PERIOD_WORDS.sub("", clause, count=1).strip()
        if re.search(r"[^\W\d_]{2}", clause) and len(clause.split()) <= 6:
            out.append((clause, a, b))
    return out


_REPORTED = re.compile(
    r"^.*\b(?:said|says|reported|reports|announced|posted|recorded|noted|showed|shows|"
    r"expects?|that)\s+",
    re.I,
)
_DETERMINERS = frozenset("the its our their a an".split())
_NAME_WORDS = frozenset("net total consolidated overall".split())  # of a name, though a row's name may follow them
_PRONOUNS = frozenset("it they this that these those which who he she we".split())
_OWNERS = frozenset("company firm group business bank".split())  # "the company's revenue" is the revenue
# the words that may stand for the name of the change before ("... and was up 3% sequentially")
_ELIDED = frozenset("and was were is are has have had been be also then by".split())
# a comparison: the figure is what the change is measured against ("lower than 12% in 2023")
_COMPARED = re.compile(
    r"\b(?:than|compared\s+(?:with|to)|versus|vs\.?|against|from|expected|estimated?|"
    r"forecast|consensus)\s+(?:(?:the|a|an)\s+)?$",
    re.I,
)
# a place or a part named before the clause ("In China, revenue fell 5%"), not a period
_PLACE_FIRST = re.compile(
    r"^\s*(?:In|At|Outside|Across|Among|Within|For)\s+(?:the\s+)?(?!(?:first|second|third|"
    r"fourth|last|final|full|fiscal|quarter|year|half|period|month|week|day)\b|Q[1-4]\b|FY|"
    r"H[12]\b|\d|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b)[A-Z]"
)
# names of the same thing, which a stated change of the one does not make another's
METRICS = tuple(
    frozenset(g.split("|"))
    for g in (
        "revenue|revenues|sales|net sales|total revenue|total revenues|turnover|top line",
        "net income|net profit|profit|profits|earnings|net earnings|bottom line",
        "operating income|operating profit|ebit|income from operations|operating earnings",
        "operating margin|operating margins",
        "gross margin|gross margins",
        "gross profit",
        "ebitda|adjusted ebitda",
        "eps|earnings per share|diluted eps",
        "free cash flow",
        "operating cash flow",
        "shares|stock|share price|stock price",
        "dividend|dividends",
        "expenses|costs|operating expenses",
        "orders|bookings",
        "backlog",
        "headcount|employees|workforce",
        "net loss|loss|losses",
    )
)


def metric_group(name: str) -> Optional[int]:
    """The index of the group of ``METRICS`` a name is of, or None when it is not a known measure."""
    return next((i for i, g in enumerate(METRICS) if name in g), None)


def _stated_name(words_before: str) -> Optional[str]:
    """What a stated change is of: the words before its rise or fall word, less a lead ("Acme
    said", "the company's"), period words ("third-quarter") and what follows its name ("for the
    quarter", "was"); None when they name nothing, too much to be a name (over four words), a
    pronoun ("it"), an owner's ("Samsung's sales"), or a part ("sales in China", "revenue from
    services")."""
    text = _REPORTED.sub("", words_before)
    parts = re.split(r"['’]s\b|s['’](?=\s)", text)
    if len(parts) > 1 and not set(_tokens(parts[-2])[-1:]) <= _OWNERS | _DETERMINERS:
        return None  # "Samsung's sales": another company's, perhaps
    words = _tokens(parts[-1])
    while words and words[0] in _DETERMINERS:
        words = words[1:]
    words = _PERIOD_WORDS.sub("", " ".join(words), count=1).split()
    if words[:1] and words[0] in _PRONOUNS:
        return None
    name: List[str] = []
    for n, word in enumerate(words):
        if (
            (word in _BETWEEN and word not in _NAME_WORDS)
            or _NUMBER.match(word)
            or _RISE.fullmatch(word)
            or _FALL.fullmatch(word)
        ):
            rest = words[n:]
            if rest[0] in ("in", "from", "of", "for", "at", "by", "on", "outside", "excluding") and not _between_ok(
                " ".join(rest)
            ):
                return None  # "sales in China", "revenue for the cloud unit"
            break
        name.append(word)
    if not name or len(name) > 4 or not any(len(w) > 1 and not w.isdigit() for w in name):
        return None
    return " ".join(name)


def stated_changes(text: str, figures: Sequence[Tuple[int, int]]) -> List[Tuple[str, int, str]]:
    """(what changed, the figure's index, RISE or FALL) for each figure of a sentence of prose
    that its clause states as a change of something it names ("Operating income rose 14% to
    $310 million, and operating margin expanded 90 basis points": ("operating income", 0, RISE)
    and ("operating margin", 2, RISE)); a change whose clause names nothing but "and was" is the
    one named before it ("Revenue rose 9% year over year and was up 3% sequentially"). Left out,
    as changes of something the words do not name plainly: a sentence with "respectively",
    another basis ("organic", "excluding currency") or a place first ("In China, ..."); a
    figure compared with ("lower than 12%", "higher than the 7% analysts expected"); a clause
    after "which", "while", "as" naming nothing. ``figures``: the (start, end) of the sentence's
    figures in order."""
    if re.search(r"\brespectively\b", text, re.I) or _PLACE_FIRST.match(text):
        return []
    out: List[Tuple[str, int, str]] = []
    name: Optional[str] = None
    for i, (start, end) in enumerate(figures):
        before, after = text[max(0, start - 80) : start], text[end : end + 60]
        direction = change_direction(before, after)
        if direction not in (RISE, FALL):
            continue
        if (
            _COMPARED.search(before)
            or OTHER_BASIS.search(_CLAUSE.split(before)[-1] + after.split(",")[0])
            or OTHER_BASIS.search(text[max(0, start - 120) : start].split(".")[-1].split(",")[0])
        ):
            name = None
            continue
        m = _CHANGE_AFTER.match(after)
        if m and re.search(r"\b(?:in|of)\s+(?:(?:the|its|our|their)\s+)?$", m.group(0), re.I):
            found = _stated_name(
                re.split(
                    r"[,;:(]|\b(?:to|from|compared|versus|during|and)\b", text[end + m.end() : end + m.end() + 60]
                )[0]
            )  # "a 12% increase in revenue"
        elif m:
            continue  # "up 12% from a year earlier", "12% higher": what rose is not named after it
        else:
            lead = text[max([0] + [e for _, e in figures[:i]]) : start]
            cuts = list(_CLAUSE.finditer(lead))
            clause = lead[cuts[-1].end() :] if cuts else lead
            words = list(_RISE.finditer(clause)) + list(_FALL.finditer(clause))
            if not words:
                continue
            head = clause[: min(w.start() for w in words)]
            found = _stated_name(head)
            elided = set(_tokens(head)) <= _ELIDED and (not cuts or cuts[-1].group(0).lower() in (",", ";", "and"))
            if found is None and not elided:
                name = None  # the clause names something, not plainly: no change of the one before
                continue
        name = found or name
        if name:
            out.append((name, i, direction))
    return out


def pair_change(kind_unit: Tuple[str, str], later: SourceClaim, earlier: SourceClaim, label: str) -> Optional[_Change]:
    """The change between two figures a sentence of prose compares (see ``prose_pairs``)."""
    loss = bool(_LOSS_ROW.search(label))
    return _computed(kind_unit, ("", later), ("", earlier), later.sentence, loss, (0, 0))


def checked_words(text: str, lo: int, hi: int, start: int, end: int) -> List[Tuple[int, int]]:
    """The offsets of the words a change check read besides the figure (``start``-``end`` in
    ``text``, its sentence ``lo``-``hi``): the rise or fall word of its clause ("grew", "up", "a
    ... increase") and a period it names for the comparison ("year over year", "sequentially")."""
    out = []
    after = _CHANGE_AFTER.match(text, end, hi)
    if after:
        out.append(after.span(1))
    else:
        window = text[max(lo, start - 80) : start]
        clause_start = max(lo, start - 80) + ([m.end() for m in _CLAUSE.finditer(window)] or [0])[-1]
        found = list(_RISE.finditer(text, clause_start, start)) + list(_FALL.finditer(text, clause_start, start))
        if found:
            out.append(max(found, key=lambda m: m.start()).span())
    following = _CLAUSE.search(text, end, hi)
    for pattern in (_YEARLY, _SEQUENTIAL):
        out += [m.span() for m in pattern.finditer(text, end, following.start() if following else hi)]
    return out


def change_claim_context(span: Span) -> Tuple[int, int, str, str]:
    """The sentence bounds of a claim and the text of its clause before and after it."""
    doc = span.doc
    text = doc_text(doc)
    sent = sentence_of(span)
    return (
        sent.start_char,
        sent.end_char,
        text[max(sent.start_char, span.start_char - 80) : span.start_char],
        text[span.end_char : min(sent.end_char, span.end_char + 60)],
    )


def check_kind(value: ClaimValue) -> Optional[Tuple[str, str]]:
    """The kind of change a claim can be checked as: a percent ("%" or points) or an amount."""
    if not value.normalisable or value.value is None or value.is_range:
        return None
    if value.kind == "percent" and value.unit in ("%", "pp"):
        return ("percent", value.unit)
    if value.kind == "money":
        return ("money", "")
    return None
