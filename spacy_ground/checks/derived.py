"""Derived values: a figure no source states that equals, at its stated precision, a simple
computation over a few values the evidence states about what the sentence names (a sum, a
difference, a ratio, a percentage, a percentage-point change, a growth rate, an average, an
amount per share or per unit).

The search is bounded so that a wrong figure is rarely "derived" by chance: operands come in
small groups (one table row, one table column, one source sentence, the figures the answer's
own sentence states), only values of one group combine, and each kind of answer figure meets
only the operations that can give it (an amount: sum, difference, average, per unit; a percent:
percentage, growth, point change; a bare number: ratio). ``derive`` is pure: the pipeline
gathers the operands (``pipeline/numeric.py``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Iterable, Optional, Sequence, Tuple

OPERATIONS = ("sum", "difference", "average", "per_unit", "percentage", "growth", "point_change", "ratio")
MAX_GROUP = 8  # operands of one group that combine (the first, most named, ones)
MAX_TRIPLE_GROUP = 5  # groups this small also sum or average three of their values


@dataclass(frozen=True)
class Operand:
    """A value an answer figure may be computed from: ``value`` in the unit it is compared in
    (an amount in its currency, a percent in percent), ``kind`` and ``unit`` as ``ClaimValue``
    gives them, ``text`` as the source writes it, ``name`` what it is of (a row and column, or
    the words around it) and ``groups`` the groups it belongs to (only values of one group
    combine)."""

    value: float
    kind: str
    unit: Optional[str]
    text: str
    name: str
    groups: Tuple[str, ...]
    ref: object = None  # where it stands (a source claim), for the caller
    when: Optional[float] = None  # its period's place in time, where known: a later one is greater
    signed: Optional[float] = None  # the value with its sign, where ``value`` is its size


@dataclass(frozen=True)
class Derivation:
    """A computation that gives the answer's figure: its operation, operands and formula."""

    operation: str
    operands: Tuple[Operand, ...]
    result: float
    formula: str
    conflict: Optional[str] = None  # the way the figures moved, where it is not the way the sentence says


RISE, FALL = "rise", "fall"


def moved(earlier: Operand, later: Operand) -> Optional[str]:
    """RISE or FALL from ``earlier`` to ``later`` (a loss that shrinks falls: both negative, by
    size), None when they are equal."""
    a = earlier.value if earlier.signed is None else earlier.signed
    b = later.value if later.signed is None else later.signed
    if a < 0 and b < 0:
        a, b = -a, -b
    return None if a == b else RISE if b > a else FALL


def _conflict(d: "Derivation", direction: Optional[str]) -> "Derivation":
    """``d`` with its ``conflict`` set where its two operands' periods are known and they moved
    the other way than ``direction``."""
    if direction is None or d.operation not in ("growth", "difference", "point_change") or len(d.operands) != 2:
        return d
    x, y = d.operands
    if x.when is None or y.when is None or x.when == y.when:
        return d
    earlier, later = (x, y) if x.when < y.when else (y, x)
    way = moved(earlier, later)
    if way is not None and way != direction:
        return Derivation(d.operation, d.operands, d.result, d.formula, way)
    return d


def _same_unit(ops: Sequence[Operand]) -> bool:
    return len({(o.kind, o.unit) for o in ops}) == 1


def _fmt(x: float) -> str:
    return f"{x:,.6g}" if abs(x) < 1e6 else f"{x:,.0f}"


def _size(o: Operand) -> Operand:
    """``o`` by its size, its signed value kept in ``signed``."""
    return o if o.value >= 0 else Operand(-o.value, o.kind, o.unit, o.text, o.name, o.groups, o.ref, o.when, o.value)


def _candidates(
    kind: str, unit: Optional[str], group: Sequence[Operand], direction: Optional[str] = None, change: bool = False
) -> Iterable[Derivation]:
    """Every computation of the operations that can give a figure of ``kind`` / ``unit`` over
    two (or, in a small group, three or all) values of one group. A growth rate needs a change
    said (``change``); its base is the smaller value of a rise and the larger of a fall."""
    signed = [o for o in group if o.kind in ("money", "quantity", "cardinal")]
    group = [_size(o) for o in group]  # a rate or a share is of sizes; sums and differences keep the signs
    amounts = [o for o in group if o.kind in ("money", "quantity", "cardinal")]
    if kind in ("money", "quantity", "cardinal") and unit != "pp":
        like = [o for o in signed if o.kind == kind and o.unit == unit]
        if 3 < len(like) <= MAX_TRIPLE_GROUP + 1:  # a whole row or column: four quarters, six segments
            total = abs(sum(o.value for o in like))
            formula = " + ".join(o.text for o in like)
            yield Derivation("sum", tuple(like), total, formula)
            yield Derivation("average", tuple(like), total / len(like), f"({formula}) / {len(like)}")
        for a, b in combinations(like, 2):
            yield Derivation("sum", (a, b), abs(a.value + b.value), f"{a.text} + {b.text}")
            yield Derivation("average", (a, b), abs(a.value + b.value) / 2, f"({a.text} + {b.text}) / 2")
        for a, b in permutations(like, 2):
            if a.value > b.value:
                yield Derivation("difference", (a, b), a.value - b.value, f"{a.text} - {b.text}")
        if len(like) <= MAX_TRIPLE_GROUP:
            for a, b, c in combinations(like, 3):
                total = abs(a.value + b.value + c.value)
                yield Derivation("sum", (a, b, c), total, f"{a.text} + {b.text} + {c.text}")
                yield Derivation("average", (a, b, c), total / 3, f"({a.text} + {b.text} + {c.text}) / 3")
        like = [o for o in amounts if o.kind == kind and o.unit == unit]
        if kind == "money":  # per share, per unit: an amount over a count
            counts = [o for o in amounts if o.kind == "cardinal"]
            for a in (o for o in amounts if o.kind == "money" and o.unit == unit):
                for n in counts:
                    if n.value > 0:
                        yield Derivation("per_unit", (a, n), a.value / n.value, f"{a.text} / {n.text}")
        if kind == "cardinal":  # a ratio of two amounts of one unit ("1.85", "7.45 times")
            for a, b in permutations(amounts, 2):
                stated_order = "answer" in a.groups and "answer" in b.groups
                if stated_order and group.index(a) > group.index(b):
                    continue  # "$688 million against $92.4 million": the first over the second
                if b.value and _same_unit((a, b)):
                    yield Derivation("ratio", (a, b), a.value / b.value, f"{a.text} / {b.text}")
    elif kind == "percent" and unit != "pp":
        for a, b in permutations(amounts, 2):
            if not b.value or not _same_unit((a, b)):
                continue
            if abs(a.value) <= abs(b.value):
                yield Derivation("percentage", (a, b), 100 * a.value / b.value, f"{a.text} / {b.text}")
            base_ok = (
                direction is None
                or (direction == RISE and abs(b.value) <= abs(a.value))
                or (direction == FALL and abs(b.value) >= abs(a.value))
            )
            if change and base_ok:
                yield Derivation(
                    "growth", (a, b), 100 * abs(a.value - b.value) / abs(b.value), f"({a.text} - {b.text}) / {b.text}"
                )
    if unit == "pp":  # a change in percentage points: of two percents
        shares = [o for o in group if o.kind == "percent" and o.unit == "%"]
        for a, b in permutations(shares, 2):
            if a.value > b.value:
                yield Derivation("point_change", (a, b), a.value - b.value, f"{a.text} - {b.text}")


def derive(
    kind: str,
    unit: Optional[str],
    low: float,
    high: float,
    operands: Sequence[Operand],
    operations: Sequence[str] = OPERATIONS,
    direction: Optional[str] = None,
    change: bool = False,
    only: Optional[str] = None,
) -> Optional[Derivation]:
    """The first computation over ``operands`` (values of one group only; groups in the order
    their first operand comes) that falls within ``[low, high]`` (the answer figure's stated
    precision) and gives a figure of ``kind`` and ``unit``, or None. A figure in percentage
    points (``unit`` "pp") is met by point changes only; a growth rate only where the sentence
    says a change (``change``; ``direction`` RISE or FALL where it says which way). Where the
    periods of a change's two values are known and they moved the other way than
    ``direction``, the derivation says so (``conflict``). ``only``: the one group to read,
    where it is there (the figures a sentence computes from, when it states them)."""
    if not (math.isfinite(low) and math.isfinite(high)) or low > high:
        return None
    slack = 1e-9 * max(1.0, abs(low), abs(high))
    groups: dict = {}
    for o in operands:
        if not math.isfinite(o.value):
            continue
        for g in o.groups:
            members = groups.setdefault(g, [])
            if len(members) < MAX_GROUP:
                members.append(o)
    want_unit = "%" if kind == "percent" else unit
    if only is not None and only in groups:
        groups = {only: groups[only]}
    for members in groups.values():
        for d in _candidates(kind, "pp" if unit == "pp" else want_unit, members, direction, change):
            if d.operation not in operations:
                continue
            if low - slack <= d.result <= high + slack:
                return _conflict(d, direction)
    return None


def nearest(
    kind: str,
    unit: Optional[str],
    target: float,
    operands: Sequence[Operand],
    operations: Sequence[str] = OPERATIONS,
    direction: Optional[str] = None,
    change: bool = False,
) -> Optional[Derivation]:
    """Of the computations ``derive`` would try over ``operands`` (one group), the one whose
    result is nearest ``target`` in ratio, or None."""
    best: Optional[Tuple[float, Derivation]] = None
    for d in _candidates(kind, unit, list(operands), direction, change):
        if d.operation not in operations or not d.result or not math.isfinite(d.result):
            continue
        off = abs(math.log(abs(d.result) / abs(target))) if target else math.inf
        if best is None or off < best[0]:
            best = (off, d)
    return best[1] if best else None


def describe(figure: str, d: Derivation) -> str:
    """A reason for people: the figure, its formula and what each operand is of."""
    names = "; ".join(f"{o.text}: {o.name}" for o in d.operands if o.name)
    shown = {"percentage": " x 100", "growth": " x 100"}.get(d.operation, "")
    return f"derived ({d.operation.replace('_', ' ')}): {figure} = {d.formula}{shown}" + (
        f" ({names})" if names else ""
    )
