"""The normalised value of a claim, shared by the normalisers and the components."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Dict, Optional

from spacy_ground.text.units import base_unit

KINDS = ("money", "percent", "date", "time", "quantity", "cardinal")  # ClaimValue.kind
SHARE_NOTE = "a share of a group"  # ClaimValue.note of "one in three", "half of": a percent nobody wrote
SPLIT_NOTE = "one side of a split"  # ClaimValue.note of 60 and 40 in "a 60/40 split": percents nobody wrote
# ClaimValue.note of "half a percent": said of percentage points as often as of percent
PERCENT_OR_POINTS = "percent or percentage points"
# nouns after a four-digit number that keep it a year ("the 2019 season", "2019 revenue")
YEAR_CONTEXT = frozenset(
    {
        "season",
        "election",
        "census",
        "edition",
        "model",
        "report",
        "survey",
        "budget",
        "world",
        "olympic",
        "olympics",
        "revenue",
        "sale",
        "result",
        "earning",
        "annual",
        "fiscal",
        "cup",
    }
)


@dataclass(frozen=True)
class ClaimValue:
    """A numeric, date or time claim with its normalised value as an interval.

    ``low``/``high`` bound what the text asserts (precision and approximation
    included); ``value`` is the stated point value. Dates use proleptic ordinal
    days (``datetime.date.toordinal``), times minutes after midnight, quantities
    the base unit of their dimension (see ``units.to_base``).
    """

    kind: str
    text: str
    value: Optional[float] = None
    low: Optional[float] = None
    high: Optional[float] = None
    unit: Optional[str] = None  # "USD", "%", "pp", quantulum3 unit name, "star"...
    dimension: Optional[str] = None  # unit family: "currency", "percent", "length"...
    currency: Optional[str] = None
    granularity: Optional[str] = None  # dates: day/month/quarter/half/year/decade
    precision: float = 1.0  # the step of the last stated digit, in base units
    number: Optional[float] = None  # the number as written, before unit conversion
    number_step: Optional[float] = None  # its precision step, before unit conversion
    approx: Optional[str] = None  # qualifier that widened the interval
    is_range: bool = False
    normalisable: bool = True
    iso: Optional[str] = None  # dates and times: "2019-03", "2024-Q3", "17:30-23:00"
    head: Optional[str] = None  # the word counted ("shares" in "3,000 shares")
    note: Optional[str] = None

    def to_dict(self) -> Dict[str, Any]:
        """JSON- and msgpack-serialisable form (what ``Span._.claim`` stores)."""
        d = {name: getattr(self, name) for name in self.__dataclass_fields__}  # every field a scalar
        for key in ("value", "low", "high", "precision"):
            v = d[key]
            if isinstance(v, float) and not math.isfinite(v):
                d[key] = None if math.isnan(v) else ("inf" if v > 0 else "-inf")
        return d

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "ClaimValue":
        """Inverse of ``to_dict``."""
        d = dict(data)
        for key in ("low", "high"):
            if d.get(key) == "inf":
                d[key] = math.inf
            elif d.get(key) == "-inf":
                d[key] = -math.inf
        return cls(**{k: v for k, v in d.items() if k in cls.__dataclass_fields__})


def claim_reading(claim: Dict[str, Any]) -> str:
    """How a claim (``Span._.claim``) was read, for people: dates and times in ISO form, other values with
    their unit, and a quantity as written and in the base unit it is compared in ("50 kilometre = 50000 metre")."""
    if claim.get("iso"):
        return str(claim["iso"])
    value, unit = claim.get("value"), claim.get("unit") or ""
    if not isinstance(value, (int, float)):
        return "not normalised"
    base = base_unit(claim.get("dimension")) if claim.get("kind") == "quantity" else None
    number = claim.get("number")
    if base and unit and unit != base and isinstance(number, (int, float)):
        return f"{number:.12g} {unit} = {value:.12g} {base}"
    return f"{value:.12g} {unit}".rstrip()
