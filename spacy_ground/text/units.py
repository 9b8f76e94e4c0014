"""Unit recognition (quantulum3) and conversion to a base unit per dimension.

Pure functions: ``parse_unit(number_text, following_text)`` finds the unit that
follows a number, ``to_base(value, unit)`` converts it to the base unit of its
dimension (metre, kilogram, kelvin, second, litre, square metre, metre/second).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Dict, Optional, Tuple

from spacy.lang.en.stop_words import STOP_WORDS

# Conversion table: quantulum3 unit name -> (dimension, factor to base) or an affine
# function for temperatures. Units that are not listed are compared by name only.
_LINEAR: Dict[str, Tuple[str, float]] = {
    # length (metre)
    "metre": ("length", 1.0),
    "kilometre": ("length", 1e3),
    "centimetre": ("length", 1e-2),
    "millimetre": ("length", 1e-3),
    "micrometre": ("length", 1e-6),
    "nanometre": ("length", 1e-9),
    "mile": ("length", 1609.344),
    "nautical mile": ("length", 1852.0),
    "yard": ("length", 0.9144),
    "foot": ("length", 0.3048),
    "inch": ("length", 0.0254),
    "light-year": ("length", 9.4607e15),
    # mass (kilogram)
    "kilogram": ("mass", 1.0),
    "gram": ("mass", 1e-3),
    "milligram": ("mass", 1e-6),
    "microgram": ("mass", 1e-9),
    "tonne": ("mass", 1e3),
    "pound-mass": ("mass", 0.45359237),
    "ounce": ("mass", 0.028349523125),
    "stone": ("mass", 6.35029318),
    "short ton": ("mass", 907.18474),
    "long ton": ("mass", 1016.0469088),
    # volume (litre)
    "litre": ("volume", 1.0),
    "millilitre": ("volume", 1e-3),
    "centilitre": ("volume", 1e-2),
    "cubic metre": ("volume", 1e3),
    "cubic centimetre": ("volume", 1e-3),
    "gallon": ("volume", 3.785411784),
    "US liquid gallon": ("volume", 3.785411784),
    "imperial gallon": ("volume", 4.54609),
    "US liquid quart": ("volume", 0.946352946),
    "US liquid pint": ("volume", 0.473176473),
    "US fluid ounce": ("volume", 0.0295735295625),
    "barrel": ("volume", 158.987294928),
    "cup": ("volume", 0.2365882365),
    "teaspoon": ("volume", 0.00492892159375),
    "tablespoon": ("volume", 0.01478676478125),
    # area (square metre)
    "square metre": ("area", 1.0),
    "square kilometre": ("area", 1e6),
    "square foot": ("area", 0.09290304),
    "square mile": ("area", 2589988.110336),
    "square inch": ("area", 0.00064516),
    "square yard": ("area", 0.83612736),
    "acre": ("area", 4046.8564224),
    "hectare": ("area", 1e4),
    # duration (second)
    "second": ("duration", 1.0),
    "millisecond": ("duration", 1e-3),
    "minute": ("duration", 60.0),
    "hour": ("duration", 3600.0),
    "day": ("duration", 86400.0),
    "week": ("duration", 604800.0),
    "month": ("duration", 2629800.0),
    "year": ("duration", 31557600.0),
    "decade": ("duration", 315576000.0),
    "century": ("duration", 3155760000.0),
    # speed (metre per second)
    "metre per second": ("speed", 1.0),
    "kilometre per hour": ("speed", 1 / 3.6),
    "mile per hour": ("speed", 0.44704),
    "knot": ("speed", 0.514444),
    # data (byte)
    "byte": ("data", 1.0),
    "kilobyte": ("data", 1e3),
    "megabyte": ("data", 1e6),
    "gigabyte": ("data", 1e9),
    "terabyte": ("data", 1e12),
    "bit": ("data", 0.125),
    "megabit": ("data", 1.25e5),
    "gigabit": ("data", 1.25e8),
    # energy (joule) and power (watt)
    "joule": ("energy", 1.0),
    "kilojoule": ("energy", 1e3),
    "calorie": ("energy", 4.184),
    "kilocalorie": ("energy", 4184.0),
    "kilowatt hour": ("energy", 3.6e6),
    "watt": ("power", 1.0),
    "kilowatt": ("power", 1e3),
    "megawatt": ("power", 1e6),
    "gigawatt": ("power", 1e9),
    "horsepower": ("power", 745.699872),
}

_AFFINE: Dict[str, Callable[[float], float]] = {
    "kelvin": lambda v: v,
    "degree Celsius": lambda v: v + 273.15,
    "degree fahrenheit": lambda v: (v - 32.0) * 5.0 / 9.0 + 273.15,
}
_AFFINE_SCALE = {"kelvin": 1.0, "degree Celsius": 1.0, "degree fahrenheit": 5.0 / 9.0}

# Words quantulum3 knows as unit surfaces but that are ordinary English after a number.
_NOT_UNITS = set(STOP_WORDS) | {
    "a",
    "an",
    "at",
    "in",
    "s",
    "h",
    "am",
    "pm",
    "b",
    "pc",
    "set",
    "sets",
    "pair",
    "pairs",
    "pack",
    "packs",
    "piece",
    "pieces",
    "point",
    "points",
    "dimensionless",
    "percent",
    "percentage",
    "pct",
    "bp",
    "st",
    "ft.",
    "per",
    "to",
    "x",
    "c",
    "f",
    "p",
    "t",
    "l",
    "mb",
    "pound",
    "pounds",
    "ton",
    "tons",
    "star",
    "stars",
    "g",
    "ly",
    "au",
    "ua",
    "day",
    "days",
    "year",
    "years",
    "month",
    "months",
    "week",
    "weeks",
    "minute",
    "minutes",
    "hour",
    "hours",
    "second",
    "seconds",
    "decade",
    "decades",
    "century",
    "centuries",
    "cup",
    "cups",
    "barrel",
    "barrels",
    "calorie",
    "calories",
    "st",
    "nd",
    "rd",
    "th",
    "quarter",
    "quarters",
}
# Duration and a few everyday units are listed here so the fast path recognises them.
_OWN_SURFACES: Dict[str, str] = {
    "day": "day",
    "days": "day",
    "week": "week",
    "weeks": "week",
    "month": "month",
    "months": "month",
    "year": "year",
    "years": "year",
    "minute": "minute",
    "minutes": "minute",
    "min": "minute",
    "mins": "minute",
    "hour": "hour",
    "hours": "hour",
    "hr": "hour",
    "hrs": "hour",
    "second": "second",
    "seconds": "second",
    "sec": "second",
    "secs": "second",
    "decade": "decade",
    "decades": "decade",
    "century": "century",
    "centuries": "century",
    "pound": "pound-mass",
    "pounds": "pound-mass",
    "lb": "pound-mass",
    "lbs": "pound-mass",
    "ton": "short ton",
    "tons": "short ton",
    "tonne": "tonne",
    "tonnes": "tonne",
    "calorie": "kilocalorie",
    "calories": "kilocalorie",
    "kcal": "kilocalorie",
    "cup": "cup",
    "cups": "cup",
    "c": "cup",
    "barrel": "barrel",
    "barrels": "barrel",
    "tsp": "teaspoon",
    "tsps": "teaspoon",
    "teaspoon": "teaspoon",
    "teaspoons": "teaspoon",
    "tbsp": "tablespoon",
    "tbsps": "tablespoon",
    "tablespoon": "tablespoon",
    "tablespoons": "tablespoon",
    "degree": "degree",
    "degrees": "degree",
    "deg": "degree",
    "hectare": "hectare",
    "hectares": "hectare",
    "fps": "frame per second",
}
# Surfaces whose case decides: "500 MB" is megabytes ("mb" may be millibars)
_CASED_SURFACES: Dict[str, str] = {
    "MB": "megabyte",
    "Mb": "megabit",
    "Gb": "gigabit",
    # areas and volumes written with a power, in lower case ("9.8 km²", "500 m2", "2 m³"; "3 M2 slots" is a name)
    "m²": "square metre",
    "m2": "square metre",
    "km²": "square kilometre",
    "km2": "square kilometre",
    "ft²": "square foot",
    "ft2": "square foot",
    "mi²": "square mile",
    "mi2": "square mile",
    "in²": "square inch",
    "yd²": "square yard",
    "yd2": "square yard",
    "m³": "cubic metre",
    "m3": "cubic metre",
    "cm³": "cubic centimetre",
    "cm3": "cubic centimetre",
}
# "350 F", "350° F", "160F", "20 °C": temperatures written with a bare letter
_TEMPERATURE = re.compile(r"\s?(?:°|º|degrees?\s+|deg\.?\s*)?\s?([CFcf])(?:ahrenheit|elsius)?(?![\w])")
# "60 frames per second", "240 frames/second", "30 frames each second" (not "a second time")
_FRAME_RATE = re.compile(r"\s*frames?\s*(?:per\s+second|/\s*s(?:ec(?:ond)?)?\b|(?:a|each)\s+second\b(?!\s+time))", re.I)
_BARE_DEGREE = re.compile(r"\s?(?:°|º)(?![\w])")

_G_FORCE = re.compile(r"(?:['’]s\b|-?\s*forces?\b|\s+of\s+(?:force|acceleration)\b)", re.I)
# after a glued "g": a mobile network ("5g network", "4g/LTE") or a g-force ("pulls 9g")
_NOT_GRAMS_GLUED = re.compile(
    r"(?:\s*[/-]\s*LTE\b|\s+(?:networks?|signals?|speeds?|connection|connectivity|"
    r"coverage|phones?|mobile|data|internet|service|technology|enabled|capable|"
    r"towers?|turns?|loads?)\b|-(?:enabled|capable|ready)\b)",
    re.I,
)
# after a power written with a digit and a space before it ("500 m2."): "2 m2 slots", "4 m3
# instances" are names; glued ("500m2 flat") or with a superscript ("500 m² flat") it is the unit
_AFTER_POWER_UNIT = re.compile(
    r"\s*(?:$|[.,;:!?)\]/]|(?:of|per|in|at|for|with|to|from|on|and|or|is|are|was|were"
    r"|each|total)\b)",
    re.I,
)
_WORD_AFTER = re.compile(r"\s*(?:-\s*)?(°\s?[CFcf]\b|°|[^\W\d_][\w.\-/²³]*)")


@dataclass(frozen=True)
class UnitMatch:
    """A unit found after a number: its canonical name, dimension and character length."""

    name: str
    dimension: str
    length: int  # characters consumed after the number text, including spaces


@lru_cache(maxsize=1)
def _quantulum_units():
    import warnings

    with warnings.catch_warnings():  # it warns that its optional classifier is missing
        warnings.simplefilter("ignore")
        from quantulum3 import classifier, load

    # The pickled scikit-learn disambiguator breaks across scikit-learn releases and
    # loads pickle: use quantulum3's dictionary disambiguation instead.
    classifier.USE_CLF = False
    units = load.units("en_US")
    known = set()
    for table in (units.surfaces, units.symbols):
        for key in table:
            first = key.split()[0].lower() if key.split() else key
            if first and first not in _NOT_UNITS:
                known.add(first)
    return known


# The base unit of each dimension: the unit whose factor is 1 (kelvin for temperatures).
_BASE_UNITS: Dict[str, str] = {dim: name for name, (dim, factor) in _LINEAR.items() if factor == 1.0}
_BASE_UNITS["temperature"] = "kelvin"


def base_unit(dimension: Optional[str]) -> Optional[str]:
    """The unit that ``to_base`` converts a value of ``dimension`` to ("length" -> "metre"), or None."""
    return _BASE_UNITS.get(dimension or "")


def dimension_of(unit: Optional[str]) -> Optional[str]:
    """Dimension (unit family) of a quantulum3 unit name, or None if unknown."""
    if unit is None:
        return None
    if unit in _LINEAR:
        return _LINEAR[unit][0]
    if unit in _AFFINE:
        return "temperature"
    return None


def to_base(value: float, unit: Optional[str]) -> Tuple[float, Optional[str]]:
    """Convert ``value`` in ``unit`` to the base unit of its dimension.

    Returns (converted value, dimension); units without a conversion are returned
    unchanged with the unit name as their own dimension.
    """
    if unit in _LINEAR:
        dim, factor = _LINEAR[unit]
        return value * factor, dim
    if unit in _AFFINE:
        return _AFFINE[unit](value), "temperature"
    return value, ("unit:" + unit) if unit else None


def scale_to_base(step: float, unit: Optional[str]) -> float:
    """Convert a precision step (a difference, not a value) to the base unit."""
    if unit in _LINEAR:
        return step * _LINEAR[unit][1]
    if unit in _AFFINE:
        return step * _AFFINE_SCALE[unit]
    return step


def parse_unit(following: str) -> Optional[UnitMatch]:
    """Find a unit at the start of ``following`` (the text right after a number).

    Uses a small table for everyday units and quantulum3 for the rest; returns
    None when the next word is not a unit (so "3 in a row" is not three inches).
    A hyphen is allowed between ("a 3.8-mile circuit").
    """
    if following.startswith("-") and following[1:2].isalpha():
        found = _parse_unit(following[1:])
        return UnitMatch(found.name, found.dimension, found.length + 1) if found else None
    return _parse_unit(following)


@lru_cache(maxsize=4096)
def _parse_unit(following: str) -> Optional[UnitMatch]:
    found = _unit_at(following)
    if found is None:
        # scraped text glues sentences together ("let rest for 10 min.Remove", "3 GB.Download"):
        # a unit before a full stop that runs into a capitalised word, or into a word that is
        # no unit ("min.nstructions"); not an abbreviation ("19.7 million U.S. seats", "3
        # Ft.Worth locations") nor a compound unit ("25 ft.lbs")
        m = _WORD_AFTER.match(following)
        glued = (
            m
            and "\n" not in following[: m.start(1)]
            and re.fullmatch(r"([a-z][A-Za-z]+|[A-Z]{2,})\.([^\W\d_]{2,})\S*", m.group(1))
        )
        if glued and (glued.group(2)[0].isupper() or _unit_at(" " + glued.group(2)) is None):
            found = _unit_at(following[: m.start(1) + len(glued.group(1))])
    return found


def _unit_at(following: str) -> Optional[UnitMatch]:
    t = _TEMPERATURE.match(following)
    if t and (t.group(1).isupper() or "°" in t.group(0) or "deg" in t.group(0)):
        name = "degree Celsius" if t.group(1).lower() == "c" else "degree fahrenheit"
        return UnitMatch(name, "temperature", t.end())
    t = _FRAME_RATE.match(following)
    if t:
        return UnitMatch("frame per second", dimension_of("frame per second") or "frame per second", t.end())
    t = _BARE_DEGREE.match(following)
    if t:
        return UnitMatch("degree", "degree", t.end())
    m = _WORD_AFTER.match(following)
    if not m:
        return None
    word = m.group(1)
    low = word.lower().rstrip(".")
    if low == "times":
        return None  # "7.45 times in fiscal 2024", "0.54 times equity": a ratio, no unit
    if m.start(1) == 0 and len(word.rstrip(".")) == 1 and word[0] not in "mgl":
        return None  # "3D", "4K", "5G": a name, not a unit
    if word.rstrip(".") == "g":
        # "450 g of flour", "450g of flour": grams in lower case on the same line ("5G", "Grade 3
        # G", g-forces such as "9 g's", "9 g of force", "pulls 9g" and mobile networks such as
        # "5g network" are not)
        if "\n" in following[: m.start(1)] or _G_FORCE.match(following[m.end(1) :]):
            return None
        if m.start(1) == 0 and _NOT_GRAMS_GLUED.match(following[m.end(1) :]):
            return None
        return UnitMatch("gram", dimension_of("gram") or "mass", m.end(1) - (len(word) - len(word.rstrip("."))))
    if word.rstrip(".") in _CASED_SURFACES and not (
        word.rstrip(".")[-1] in "23" and m.start(1) > 0 and not _AFTER_POWER_UNIT.match(following, m.end(1))
    ):
        name = _CASED_SURFACES[word.rstrip(".")]
        return UnitMatch(name, dimension_of(name) or name, m.end(1) - (len(word) - len(word.rstrip("."))))
    if low in _OWN_SURFACES and (low != "c" or word.endswith(".")):
        name = _OWN_SURFACES[low]
        return UnitMatch(name, dimension_of(name) or name, m.end(1) - (len(word) - len(word.rstrip("."))))
    if not word.startswith("°") and low.split("/")[0] not in _quantulum_units():
        return None
    words = list(re.finditer(r"\S+", following))[:2]
    # Try the two next words ("square feet", "degrees Celsius"), then the first alone,
    # so that "3.5 kg at noon" is not read as kilogram ampere-turns.
    for n in (2, 1):
        window = " ".join(w.group(0) for w in words[:n])
        found = _quantulum_unit(window)
        if found is None:
            continue
        name, consumed = found
        if consumed < len(word.rstrip(".")):
            continue
        # map the characters used in the space-joined window back onto ``following``
        end, used = words[0].start(), 0
        for w in words[:n]:
            take = min(len(w.group(0)), consumed - used)
            end = w.start() + take
            used += take + 1
            if used >= consumed:
                break
        return UnitMatch(name, dimension_of(name) or ("unit:" + name), end)
    return None


@lru_cache(maxsize=4096)
def _quantulum_unit(window: str) -> Optional[Tuple[str, int]]:
    """quantulum3's reading of "1 <window>": (unit name, characters of window used)."""
    from quantulum3 import parser as qparser

    _quantulum_units()  # switches quantulum3 to its dictionary disambiguation first
    text = "1 " + window
    try:
        quants = qparser.parse(text, lang="en_US")
    except Exception:  # quantulum3 raises on some odd inputs: no unit then
        return None
    for q in quants:
        if q.span[0] != 0 or q.unit.entity.name in ("dimensionless", "unknown"):
            continue
        return q.unit.name, q.span[1] - 2
    return None
