"""Find and normalise numeric claims in text: pure functions, no spaCy objects.

``find_claims(text)`` returns ``(start, end, ClaimValue)`` for every money, percent,
date, time, quantity and cardinal expression. ``parse_claim(text, kind_hint)``
normalises one given span (for spans an NER found). Values are intervals that
respect the stated precision ("$2.85 billion" is 2.845e9..2.855e9) and widen with
approximation words ("about", "over", "nearly").
"""

from __future__ import annotations

import bisect
import math
import re
from dataclasses import replace
from functools import lru_cache
from typing import Dict, List, Optional, Tuple

from spacy.lang.en.stop_words import STOP_WORDS

from spacy_ground.text import dates, units
from spacy_ground.text.values import PERCENT_OR_POINTS, SHARE_NOTE, SPLIT_NOTE, YEAR_CONTEXT, ClaimValue

Found = Tuple[int, int, ClaimValue]

# ------------------------------------------------------------------ number words
SMALL = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
SCALES = {"hundred": 100, "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
MAGNITUDES = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "mn": 1e6,
    "mln": 1e6,
    "m": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "bln": 1e9,
    "b": 1e9,
    "trillion": 1e12,
    "tn": 1e12,
    "t": 1e12,
    "lakh": 1e5,
    "lakhs": 1e5,
    "crore": 1e7,
    "crores": 1e7,  # Indian English
    "mio": 1e6,
    "mrd": 1e9,  # "€2,85 Mrd.", as European sources write them
}
CURRENCY_SYMBOLS = {
    "us$": "USD",
    "$": "USD",
    "a$": "AUD",
    "au$": "AUD",
    "c$": "CAD",
    "ca$": "CAD",
    "nz$": "NZD",
    "hk$": "HKD",
    "s$": "SGD",
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "₹": "INR",
    "₩": "KRW",
    "rs": "INR",
    "rs.": "INR",
}
CURRENCY_CODES = (
    "USD",
    "EUR",
    "GBP",
    "JPY",
    "CNY",
    "RMB",
    "INR",
    "AUD",
    "CAD",
    "CHF",
    "HKD",
    "SGD",
    "NZD",
    "SEK",
    "NOK",
    "DKK",
    "KRW",
)
CURRENCY_WORDS = {
    "dollar": "USD",
    "dollars": "USD",
    "us dollars": "USD",
    "euro": "EUR",
    "euros": "EUR",
    "pounds sterling": "GBP",
    "sterling": "GBP",
    "yen": "JPY",
    "yuan": "CNY",
    "renminbi": "CNY",
    "rupee": "INR",
    "rupees": "INR",
    "cent": "USD",
    "cents": "USD",
    "¢": "USD",
    "pence": "GBP",
    "penny": "GBP",
    "pennies": "GBP",
    "p": "GBP",  # "5p", after at most two digits (not "720p")
}
_SUB_UNITS = frozenset({"¢", "pence", "penny", "pennies", "p"})  # a hundredth of the currency, as "cents"
# qualifier -> how it widens the interval: (below, above) in units of max(step, 10 % of value)
APPROX = {
    "about": "around",
    "around": "around",
    "approximately": "around",
    "approx.": "around",
    "approx": "around",
    "roughly": "around",
    "some": "around",
    "circa": "around",
    "c.": "around",
    "an estimated": "around",
    "estimated": "around",
    "~": "around",
    "≈": "around",
    "close to": "nearly",
    "nearly": "nearly",
    "almost": "nearly",
    "just under": "nearly",
    "over": "over",
    "more than": "over",
    "above": "over",
    "at least": "over",
    "upwards of": "over",
    "in excess of": "over",
    "exceeding": "over",
    "just over": "just_over",
    "over a": "over",
    ">": "over",
    "under": "under",
    "less than": "under",
    "fewer than": "under",
    "below": "under",
    "at most": "under",
    "up to": "under",
    "<": "under",
}

_DOTTED = r"\d{1,3}(?:\.\d{3}){2,}"  # "1.000.000": dots between the thousands (European)
_DOTTED_THOUSANDS = rf"(?<![\d.,]){_DOTTED}(?![.,]?\d)"
# a decimal comma ("€2,5 million", "12,50 €", "1.234,56 euros", "2,5%", "3,4 per cent"): one or
# two digits after the comma (three would be English thousands: "2,500"), and a currency
# before it or a percent, currency or magnitude after it, so "pages 1,5 and 7" stay a list;
# thousands grouped by spaces {1,5}: up to 10^18 (a number may start after a space, so an
# unbounded run of "123 123 123 ..." was read again from each of its groups: quadratic)
_DECIMAL_COMMA_NUM = r"\d{1,3}(?:(?:\.\d{3})+|(?:[ \u00a0\u2009\u202f]\d{3}){1,5})?,\d{1,2}"
_DC_END = r"(?![\d,.]?\d)"  # no more digits: "1,5,10" is a list
# the cue after a decimal comma
# currency codes as written, upper case ("CHF 2,50", "2,99 USD")
_DC_CODES = "(?-i:" + "|".join(CURRENCY_CODES) + ")"  # three letters each: fixed-width lookbehinds
_DC_CUE = (
    r"(?:[ \u00a0\u202f]?(?:%|€|£)|\s?(?:thousand|million|billion|trillion|(?-i:[Mm]rd|[Mm]io)|bn|mn|mln|bln"
    r"|per\s?cent|percent|pct|euros?|EUR|" + _DC_CODES + r"|pp|percentage[-\s]points?)\b)"
)
# after a symbol, "EUR" in any case (as before), or another code in upper case
_DC_AFTER_CURRENCY = (
    r"(?:(?<=[$€£¥])|(?<=[$€£¥][ \u00a0])|(?<=\bEUR[ \u00a0])|(?<=\bEUR)"
    r"|(?<=\b" + _DC_CODES + r"[ \u00a0])|(?<=\b" + _DC_CODES + r"))(?<![\d.,])"
)
# a range's first number takes the cue of its second ("2,5-3,5%", "between 1,5 and 2,5 million")
_DC_RANGE_REST = r"\s*(?:-|–|—|\bto\b|\band\b)\s*[$€£¥]?\s?" + _DECIMAL_COMMA_NUM + _DC_END + _DC_CUE
_DECIMAL_COMMA = (
    _DC_AFTER_CURRENCY
    + _DECIMAL_COMMA_NUM
    + _DC_END
    + r"|(?<![\d.,$€£¥])"
    + _DECIMAL_COMMA_NUM
    + _DC_END
    + "(?="
    + _DC_CUE
    + "|"
    + _DC_RANGE_REST
    + ")"
)
# thousands grouped by spaces {1,5}: up to 10^18, as in _DECIMAL_COMMA_NUM
_DIGITS = (
    "(?:" + _DECIMAL_COMMA + "|(?:" + _DOTTED_THOUSANDS + r"|(?<![\d.,])\d{1,3}(?:,\d{3})+"
    r"|(?<![\d.,])\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3}){1,5}(?![\d,]|\.\d)|\d+)(?:\.\d+)?|\.\d+)"
)
# a whole number before a fraction {1,18} digits: up to 10^18 (unbounded, a long run of digits
# before a fraction another rule takes, "111...1 60/40 split", was read again from each digit)
_FRACTION = r"(?:(?:\d{1,18}[\s\u00a0])?(?<![\d/])\d{1,2}/\d{1,2}(?![/\d])|(?:\d{1,18})?[½¼¾⅓⅔⅛])"
_WORD_CORE = "|".join(
    sorted(list(SMALL) + ["hundred", "thousand", "million", "billion", "trillion"], key=len, reverse=True)
)
# a number in words {0,29} words after its first: one has 24 at most ("nine hundred ninety-nine
# trillion ... nine hundred ninety-nine"); unbounded, a long run of number words before one another
# rule takes ("twenty twenty ... one in four adults") was read again from each of its words
_SPELLED = (
    rf"(?:(?:a|an)\s+(?:dozen|hundred|thousand|million|billion|trillion)"
    rf"|(?:{_WORD_CORE})(?:(?:\s+|-)(?:and\s+)?(?:{_WORD_CORE})){{0,29}}(?:\s+and\s+a\s+half(?:\s+(?:thousand|million|billion))?)?(?:\s+dozen)?"
    rf"|(?:a\s+)?dozen)"
)
# "Mio"/"Mrd" as written (not "MRD", a medical term), the dot of "Mrd." kept before a currency
_MAG_WORD = r"\s*(?:thousand|million|billion|trillion|lakhs?|crores?)\b"
_MAG_SHORT = (
    r"\s?(?:bn|mn|mln|bln|tn)\b"
    r"|\s?(?-i:[Mm]io|[Mm]rd)\b(?![-+])(?:\.(?=\s?(?:€|EUR\b|[Ee]uros?\b)))?|(?:k|m|b|t)(?![\w])"
)
_MAG = rf"(?:{_MAG_WORD}|{_MAG_SHORT})"
_NUMBER = rf"(?:{_FRACTION}(?:\s+(?:thousand|million|billion|trillion)\b)?|(?:{_DIGITS})(?:{_MAG})?|\b(?:{_SPELLED})\b)"
_CUR_BEFORE = (
    r"(?:(?:US\$|AU?\$|CA?\$|NZ\$|HK\$|S\$|\$|€|£|¥|₹|₩|\bRs\.?(?=\s?\d))\s?|\b(?:"
    + "|".join(CURRENCY_CODES)
    + r")\s?)"
)
_QUAL = "|".join(re.escape(q) for q in sorted(APPROX, key=len, reverse=True))
_PCT = r"(?:\s?%|[\s-]?(?:per\s?cent\b|percent\b|pct\b|percentage\b(?!\s+points?)))"
_PP = r"\s?(?:percentage[-\s]points?\b|pct\.?\s+points?\b|pp\b|ppts?\b|basis\s+points?\b|bps\b)"
_CUR_AFTER = (
    r"\s?(?:€|£|\$|(?:"
    + "|".join(CURRENCY_CODES)
    + r")\b|(?:US\s+)?dollars?\b|euros?\b|pounds\s+sterling\b|sterling\b|yen\b|yuan\b|renminbi\b|rupees?\b|cents?\b|pence\b|penny\b|pennies\b|(?<=\d)(?<!\d\d\d)p(?![\w'’])|(?<=\d)¢)"
)

_NUMERIC = re.compile(
    rf"(?:(?P<approx>{_QUAL})\s*)?(?P<between>\b(?:between|from)\s+)?"
    rf"(?P<neg>(?<![\w.,)\]\-–])[-−](?=[$€£\d])|(?<!\d\s)\bminus\s+(?=[$€£\d]))?(?P<cur>{_CUR_BEFORE})?(?P<n1>{_NUMBER})(?P<plus>\+(?![\d]))?(?P<u1>{_PP}|{_PCT})?"
    rf"(?:\s*(?P<sep>-|–|—|\bto\b|\band\b|\bthrough\b)\s*(?P<cur2>{_CUR_BEFORE})?(?P<n2>{_NUMBER}))?"
    rf"(?P<post>{_PP}|{_PCT}|{_CUR_AFTER}(?!\s?[$€£\d]))?",
    re.I,
)
# a number's text (stripped) and its magnitude: "(?<!\s)" tries a magnitude word only where the
# number does not end in white space, from the first blank of a run (where it matches if it does
# from any later blank of that run); "five    hundred" tried it after each blank, quadratic
_NUM_SPLIT = re.compile(rf"^(?P<num>{_DIGITS}|.+?)(?P<mag>(?<!\s){_MAG_WORD}|{_MAG_SHORT})?$", re.I | re.S)
# per-claim patterns, compiled once
_FRACTION = re.compile(r"(?:(\d+)[\s\u00a0])?(\d{1,2})/(\d{1,2})|(\d+)?([½¼¾⅓⅔⅛])")
_MRD_DOT = re.compile(r"((?-i:[Mm]rd|[Mm]io))\.$")
_DECIMAL_COMMA_FULL = re.compile(_DECIMAL_COMMA_NUM)
_DIGITS_FULL = re.compile(_DIGITS)
_DOTTED_FULL = re.compile(_DOTTED)
_DOTS_AND_BLANKS = re.compile(r"[.\s\u00a0\u2009\u202f]")
_COMMAS_AND_BLANKS = re.compile(r"[,\s\u00a0\u2009\u202f]")
_PERCENT_WORD = re.compile("%|per|pct|point|pp|bps", re.I)
_POINTS_WORD = re.compile(r"point|pp|bps")
_EURO_THOUSANDS = re.compile(r"\d{1,3}\.\d{3}")
_OUT_OF_END = re.compile(r"out\s+of\s*$")
_A_WEEK = re.compile(r"\s+a\s+week\b")
_LIST_MARKER = re.compile(r"\d{1,2}[.)](\s|$)")
_DIGIT_RUN = re.compile(r"\d+")
_A_OR_AN = re.compile(r"an?\s", re.I)
_FOUR_DIGITS = re.compile(r"\d{4}")
_MAGNITUDE_LETTER_END = re.compile(r"\d[KMBT]$")
_NAME_AFTER_LETTER = re.compile(r"[A-Za-z]|\s[A-Z]")
_BASIS_WORD = re.compile(r"basis|bps")
# invisible format characters (direction marks and isolates, zero-width spaces, the BOM): read as
# a space, one for one, so that "$5\u200f million" is one amount and offsets stay
_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u061c\ufeff]")
# what stands before a time zone's offset: "UTC+", "GMT -"; before a clock time also an ISO
# timestamp's "T10:00:00+" and a lone "+" (no time of day is written "+05:30")
_TZ_NAMED_BEFORE = re.compile(r"\b(?:UTC|GMT|UT)[ \t]?[+\-\u2212\u00b1][ \t]?\Z")
_TZ_OFFSET_BEFORE = re.compile(
    r"(?:\b(?:UTC|GMT|UT)[ \t]?[+\-\u2212\u00b1][ \t]?|T\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?[+\-\u2212]"
    r"|(?<![\w+\-\u2212\u00b1])[+\u00b1])\Z"
)
_LOOK_BACK = 2000  # characters before a number any rule reads (all read under 100)
_HEAD = re.compile(r"[ \t]*(?:-[ \t]*)?([A-Za-z][A-Za-z'-]*)")
_STRUCTURAL = re.compile(
    r"(?:passage|passages|step|steps|option|item|point|no\.|number|#|chapter|section|page|table|figure|fig\.|question|answer|review|source|document|doc|reference|ref\.)\s*$",
    re.I,
)
_NOT_HEADS = {
    "and",
    "or",
    "to",
    "of",
    "the",
    "a",
    "an",
    "in",
    "on",
    "at",
    "for",
    "with",
    "by",
    "from",
    "is",
    "are",
    "was",
    "were",
    "out",
    "per",
    "than",
    "as",
    "more",
    "less",
    "times",
}


def words_to_number(text: str) -> Optional[Tuple[float, float]]:
    """Value and precision step of a spelled-out number ("three million" -> (3e6, 1e6)).

    Returns None for sequences that are not one number ("nineteen eighty-four").
    """
    words = [w for w in re.split(r"[\s-]+", text.lower().strip()) if w]
    if not words:
        return None
    total, current, step, seen = 0.0, 0.0, 1.0, False
    i = 0
    while i < len(words):
        w = words[i]
        if w == "and" and words[i + 1 : i + 3] == ["a", "half"]:
            current, step, i = current + 0.5, 0.5, i + 3
            continue
        if w == "and":
            i += 1
            continue
        if w in ("a", "an") and i == 0:
            current, seen = 1.0, True
        elif w in SMALL:
            v = SMALL[w]
            below_hundred = current % 100
            if below_hundred and not (v < 10 and below_hundred % 10 == 0 and below_hundred >= 20):
                return None  # "nineteen eighty", "five six": not one number
            current += v
            seen, step = True, 1.0
        elif w == "dozen":
            current = (current or 1.0) * 12
            seen, step = True, 1.0
        elif w == "hundred":
            if current >= 100:
                return None
            current = (current or 1.0) * 100
            seen, step = True, 100.0
        elif w in SCALES:
            total += (current or 1.0) * SCALES[w]
            current, seen = 0.0, True
            step = SCALES[w] * (0.5 if step == 0.5 else 1.0)
        else:
            return None
        i += 1
    return (total + current, step) if seen else None


FRACTIONS = {"½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3, "⅛": 0.125}


def _fraction(text: str) -> Optional[Tuple[float, float]]:
    """ "3/4", "1 1/2", "1½" -> (value, step); None unless a proper fraction."""
    m = _FRACTION.fullmatch(text.strip())
    if not m:
        return None
    if m.group(5):
        frac = FRACTIONS[m.group(5)]  # stated to the fraction, as "1 1/2" is
        return (int(m.group(4)) if m.group(4) else 0) + frac, min(frac, 1 - frac) / 2 if frac != 0.5 else 0.25
    whole = int(m.group(1)) if m.group(1) else 0
    num, den = int(m.group(2)), int(m.group(3))
    if den == 0 or num >= den:
        return None  # "24/7" is not a fraction
    return whole + num / den, 1.0 / den / 2


def parse_number(text: str, money_context: bool = False) -> Optional[Tuple[float, float, bool]]:
    """Value, precision step and whether a magnitude suffix was used.

    "2.85 billion" -> (2.85e9, 1e7, True); "3,000" -> (3000, 1, False); "$5m" needs
    ``money_context`` for the single-letter suffixes m/b/t (otherwise metres...).
    """
    t = _MRD_DOT.sub(r"\1", text.strip())  # "2,85 Mrd." as read before "€"
    m = _NUM_SPLIT.match(t)
    if m is None:
        return None
    num, mag = m.group("num").strip(), (m.group("mag") or "").strip().lower()
    if mag in ("m", "b", "t") and not money_context and not m.group("mag").strip().isupper():
        return None
    factor = MAGNITUDES.get(mag, 1.0) if mag else 1.0
    frac = _fraction(num)
    if frac is not None:
        return frac[0] * factor, frac[1] * factor, bool(mag)
    if _DECIMAL_COMMA_FULL.fullmatch(num):  # only matched beside a currency, percent or magnitude
        whole, decimals = _DOTS_AND_BLANKS.sub("", num).split(",")
        value = float(f"{whole}.{decimals}") * factor
        return value, 10.0 ** (-len(decimals)) * factor, bool(mag)
    if _DIGITS_FULL.fullmatch(num):
        clean = _COMMAS_AND_BLANKS.sub("", num)
        if _DOTTED_FULL.fullmatch(clean):
            clean = clean.replace(".", "")  # "1.234.567": dots that separate thousands (European)
        decimals = len(clean.split(".")[1]) if "." in clean else 0
        value = float(clean) * factor
        if not math.isfinite(value) or abs(value) > 1e30:
            return None  # not a quantity anyone states
        return value, 10.0 ** (-decimals) * factor, bool(mag)
    spelled = words_to_number(num + (" " + mag if mag else ""))
    if spelled is None:
        return None
    return spelled[0], spelled[1], bool(mag)


APPROX_SHARE = 0.1  # "about 3 million" covers 10 % either side (or half a step, if wider)


def widen(value: float, step: float, approx: Optional[str]) -> Tuple[float, float]:
    """Interval a stated value covers: half a step either side, widened by a qualifier
    ("about": 10 % either side; "over": from the value up; "under": up to the value)."""
    half = step / 2.0
    slack = max(half, APPROX_SHARE * abs(value))
    mode = APPROX.get(approx.lower(), "around") if approx else None
    if mode is None:
        return value - half, value + half
    if mode == "around":
        return value - slack, value + slack
    if mode == "nearly":
        return value - slack, value + half
    if mode == "just_over":
        return value - half, value + slack
    if mode == "over":
        return value - half, math.inf
    if mode == "under":
        return -math.inf, value + half
    return value - half, value + half


def _currency(symbol: Optional[str]) -> Optional[str]:
    if not symbol:
        return None
    s = symbol.strip()
    if s.upper() in CURRENCY_CODES:
        return "CNY" if s.upper() == "RMB" else s.upper()
    if s.lower() in CURRENCY_SYMBOLS:
        return CURRENCY_SYMBOLS[s.lower()]
    words = re.sub(r"\s+", " ", s.lower())
    return CURRENCY_WORDS.get(words)


def _head_after(text: str, end: int) -> Optional[str]:
    m = _HEAD.match(text, end)
    if not m:
        return None
    word = m.group(1).lower()
    if word in _NOT_HEADS or word in STOP_WORDS:
        return None
    return word[:-1] if word.endswith("s") and len(word) > 3 and not word.endswith("ss") else word


def _is_year(value: float, num_text: str) -> bool:
    return _FOUR_DIGITS.fullmatch(num_text.strip()) is not None and 1600 <= value <= 2100


_SCORE_BEFORE = re.compile(
    r"\b(?:won|win|wins|winning|lost|lose|loses|losing|beat|beats|beating|defeated|defeating|"
    r"drew|tied|trailed|trailing|led|leading|edged|score[sd]?|scoreline)\s+(?:\w+\s+){0,3}$",
    re.I,
)
_SCORE_AFTER = re.compile(r"\s+(?:win|victory|loss|defeat|draw|lead|scoreline|home\s+win|away\s+win)\b", re.I)
_CHANGE = re.compile(
    r"\b(?:rose|rise[sn]?|rising|fell|fall(?:s|en|ing)?|grew|grow(?:s|n|ing)?|increas\w*|decreas\w*"
    r"|drop\w*|climb\w*|jump\w*|declin\w*|went|go(?:es|ne)?|up|down|cut|rais\w*|lower\w*|boost\w*"
    r"|soar\w*|slid\w*|slump\w*|chang\w*|mov\w*|shift\w*)\W+(?:\w+\W+){0,2}$",
    re.I,
)
_PAST_CHANGE = re.compile(
    r"\b(?:rose|fell|grew|increased|decreased|dropped|declined|climbed|jumped|slid|slipped|"
    r"soared|surged|plunged|plummeted|tumbled|gained|lost|sank|shrank|expanded|improved|"
    r"contracted|widened|narrowed|advanced|accelerated|eased|dipped|retreated|rebounded|"
    r"recovered|(?:edged|ticked|was|were|"
    r"is|are)\s+(?:up|down))(?:\s+by)?\s+$"
    # informal verbs with "by" only: "went up by $0.50 to $3.25"; "have gone up
    # 20% to 30% at most stores" is a range
    r"|\b(?:went|gone|came|moved)\s+(?:up|down)\s+by\s+$",
    re.I,
)
_PER_PERIOD = re.compile(r"\s*(?:a|per|each|every)\s+(?:year|month|quarter|week|day|annum)\b|\s*annually\b", re.I)
_RATED = re.compile(r"(\d|10)/(5|10)")  # a rating written as a fraction: "4/5 stars", "rated 8/10"
_RATING_CUES = r"rated|rating|ratings|rates|score[sd]?|gave\s+it|gives\s+it"
_RATING_BEFORE = re.compile(rf"\b(?:{_RATING_CUES}|reviews?)\W+(?:\w+\W+){{0,2}}$", re.I)
_RATING_AFTER = re.compile(r"\s+(?:scores?|ratings?|reviews?|verdict)\b", re.I)  # "a 7/10 score"
# "costs 20 pounds", "a fine of 500 pounds", "paid 5 million pounds": pounds sterling, not mass
_POUNDS_MONEY_WORD = re.compile(
    r"\b(?:costs?|costing|priced?|prices|pay|pays|paid|paying|spen[dt]|spending|worth|"
    r"fees?|fined?|salary|salaries|wages?|earn(?:s|ed|ing)?|charged?|charges|sold\s+for|"
    r"bought\s+for|tickets?|budget|funding|grant|bonus|donated|raised|prize|compensation|"
    r"pounds?\s+sterling)\b",
    re.I,
)
_POUNDS_AS_MASS = re.compile(
    r"\b(?:weigh\w*|weight\w*|heav\w*|light\w*|los[et]|losing|gain\w*|put\s+on|lift\w*|"
    r"bags?|luggage|baggage|suitcases?|load\w*|carr\w*|dumbbells?|mass|scales?|limit\w*|"
    r"overweight|pounds?\s+of)\b",
    re.I,
)
_POUNDS_MASS_AFTER = re.compile(
    r"\s?pounds?\s+(?:of|heavier|lighter|bags?|sacks?|weights?|overweight|underweight|"
    r"dumbbells?|box(?:es)?|packs?)\b",
    re.I,
)


def _pounds_sterling(text: str, start: int, number_end: int) -> bool:
    """ "costs 20 pounds" (sterling) against "weighs 20 pounds", "paid off his debt and lost 30
    pounds", "a 10 pounds bag of rice" (mass): the nearest cue before the number decides."""
    if _POUNDS_MASS_AFTER.match(text, number_end):
        return False
    window = text[max(0, start - 40) : start]
    money = [m.end() for m in _POUNDS_MONEY_WORD.finditer(window)]
    mass = [m.end() for m in _POUNDS_AS_MASS.finditer(window)]
    return bool(money) and (not mass or money[-1] > mass[-1]) and not re.search(r"[.!?;]", window[money[-1] :])


# what a count in millions or billions ("2.3m", "5b") counts, right after it or after one of a
# few adjectives: "m" before these is not metres ("within 500m of homes", "3m tall trees" are)
_COUNT_NOUN_AFTER = re.compile(
    r"[ \t]+(?:(?:new|active|monthly|daily|weekly|unique|paying|registered|total|additional|more|fewer|"
    r"regular|online|mobile|global|annual|international|foreign)[ \t]+)?"
    r"(?:people|persons|users|customers|clients|subscribers|viewers|visitors|readers|listeners|"
    r"followers|fans|downloads|installs|copies|units|shares|jobs|barrels|votes|voters|residents|citizens|members|"
    r"players|patients|cases|deaths|infections|vehicles|cars|devices|phones|homes|households|passengers|tickets|"
    r"students|employees|workers|children|adults|accounts|transactions|items|products|books|songs|streams|views|"
    r"plays|orders|images|websites|tourists|migrants|refugees|doses|tests|acres|hectares|trees)\b"
)


_VAGUE = re.compile(r"\b(?:several|a\s+few|few|many|some|tens\s+of|hundreds\s+of|thousands\s+of)\s*$", re.I)


def _claim_from_match(text: str, m: "re.Match[str]") -> Optional[Found]:
    approx = m.group("approx")
    if m.group("plus") and not approx:
        approx = "over"  # "1,000+ employees"
    cur_text = m.group("cur") or m.group("cur2")
    post = (m.group("post") or "").strip()
    u1 = (m.group("u1") or "").strip()
    n1, n2 = m.group("n1"), m.group("n2")
    sep = (m.group("sep") or "").lower()
    start, end = m.span()
    between = (m.group("between") or "").strip().lower()
    if n2 is not None and between == "from" and _CHANGE.search(text[max(0, m.start() - 40) : m.start()]):
        # "rose from 12% to 14%": two levels, not a range of possible values
        start = m.start("between") + len(m.group("between"))
        end = m.end("u1") if u1 else m.end("plus") if m.group("plus") else m.end("n1")
        n2, post = None, u1
    elif (
        n2 is not None
        and sep == "to"
        and not between
        and (u1 or (m.group("cur") and m.group("cur2")))
        and _PAST_CHANGE.search(text, max(0, m.start() - 40), m.start())
        and not _PER_PERIOD.match(text, m.end())
    ):
        # "rose 8% to 20%", "fell 2% to 4.1%", "rose $5 million to $20 million": a change and the
        # level it reached, not a range ("is expected to grow 4% to 6%", "grew 3% to 5% a year" are)
        end = m.end("u1") if u1 else m.end("n1")
        n2, post = None, u1
    elif n2 is not None and u1 and (m.group("cur2") or (post and _unit_family(u1) != _unit_family(post))):
        # "by 1.5 percentage points to 14%": a change and a level, not a range
        end = m.end("u1")
        n2, post = None, u1
    elif (
        n2 is not None
        and sep in ("-", "–", "—")
        and not m.group("between")
        and (
            _SCORE_BEFORE.search(text[max(0, m.start() - 30) : m.start()])
            or _SCORE_AFTER.match(text, m.end())
            or _descending(n1, n2)
        )
    ):
        # "lost 1-3", "a 3-1 win", "beat them 81-61": a score, two numbers, not a range of values
        end = m.end("n1")
        n2, post = None, ""
    elif n2 is not None and sep == "and" and not m.group("between"):
        # "5 and 7 people" is two numbers, not a range: keep the first one only
        end = m.end("n1") if not u1 else m.end("u1")
        n2, post = None, u1
    elif n2 is None and m.group("between"):
        start = m.start("cur") if m.group("cur") else m.start("n1")
        if approx:
            approx = None
    unit_text = post or u1
    if n2 is None:
        cur_text = m.group("cur")  # a currency before a number we dropped is not ours
    currency = _currency(cur_text) or (
        _currency(unit_text) if unit_text and not _PERCENT_WORD.search(unit_text) else None
    )
    money = currency is not None
    # "sold 2.3m units", "5m active users": a count in millions, not metres
    counted = not money and n1[-1:] in "mMbB" and _COUNT_NOUN_AFTER.match(text, m.end("n1")) is not None
    p1 = parse_number(n1, money_context=money or counted)
    if p1 is None and _RATED.fullmatch(n1.strip()):
        p1 = (float(_RATED.fullmatch(n1.strip()).group(1)), 1.0, False)  # "5/5 stars", "10/10"
    if p1 is None:
        # "5m" without a currency: the number is 5, the "m" a unit (metres...)
        inner = _DIGITS_FULL.match(n1)
        if inner is None:
            return None
        n1_end = m.start("n1") + inner.end()
        p1 = parse_number(inner.group(0))
        end, n2, unit_text, post = n1_end, None, "", ""
        if p1 is None:
            return None
    if currency == "EUR" and _EURO_THOUSANDS.fullmatch(n1.strip()):
        p1 = (p1[0] * 1000, 1.0, False)  # "€250.000": euros with a dot between the thousands, not 250
    v1, step, _ = p1
    if m.group("neg"):
        v1 = -v1
    if not money and _MAGNITUDE_LETTER_END.search(n1) and _NAME_AFTER_LETTER.match(text, m.end("n1"), m.end("n1") + 2):
        return None  # "221B Baker Street", "4K TV": names, not magnitudes
    v2 = None
    if n2 is not None:
        p2 = parse_number(n2, money_context=money)
        if p2 is not None and currency == "EUR" and _EURO_THOUSANDS.fullmatch(n2.strip()):
            p2 = (p2[0] * 1000, 1.0, False)
        if p2 is None:
            end = m.end("n1") if not u1 else m.end("u1")
            unit_text = u1
        else:
            v2, step2, mag2 = p2
            # "$5-7 million": the magnitude of the second number applies to the first
            factor = _magnitude_factor(n2)
            if mag2 and not p1[2] and v1 * factor <= v2:
                v1, step = v1 * factor, step * factor
            step = min(step, step2)
            if v2 <= v1:
                # "29-3" (a score), "2022-01": not a range, keep the first number only
                end = m.end("n1") if not u1 else m.end("u1")
                unit_text, post, v2 = u1, u1, None
    if unit_text.lower().startswith("cent") or unit_text.strip().lower() in _SUB_UNITS:
        v1, step = v1 / 100, step / 100
        v2 = v2 / 100 if v2 is not None else None
    # what kind of claim is it?
    low_unit = unit_text.lower()
    if money:
        kind, unit, dimension = "money", currency, "currency"
    elif _POINTS_WORD.search(low_unit):
        kind, unit, dimension = "percent", "pp", "percent"
        if _BASIS_WORD.search(low_unit):
            v1, step = v1 / 100, step / 100
            v2 = v2 / 100 if v2 is not None else None
    elif low_unit:
        kind, unit, dimension = "percent", "%", "percent"
    else:
        kind, unit, dimension = "cardinal", None, None
    head = None
    if (
        kind == "cardinal"
        and _RATED.fullmatch(n1.strip())
        and (_RATING_BEFORE.search(text[max(0, start - 24) : start]) or _RATING_AFTER.match(text, m.end("n1")))
    ):
        v1, step = float(_RATED.fullmatch(n1.strip()).group(1)), 1.0  # "rated 4/5": four on a scale of five
    if kind == "cardinal":
        found_unit = units.parse_unit(text[end : end + 40])
        if found_unit is not None:
            kind, unit, dimension = "quantity", found_unit.name, found_unit.dimension
            end += found_unit.length
        else:
            head = _head_after(text, end)
            if head in ("star", "stars"):
                kind, unit, dimension = "quantity", "star", "rating"
                rated = _RATED.fullmatch(n1.strip())
                if rated and rated.group(2) == "5":  # "4/5 stars" is four stars, not 0.8
                    v1, step = float(rated.group(1)), 1.0
    if kind == "quantity" and unit == "pound-mass" and _pounds_sterling(text, start, m.end("n1")):
        kind, unit, dimension, currency, money = "money", "GBP", "currency", "GBP", True  # "costs 20 pounds"
    lo, hi = widen(v1, step, approx)
    if v2 is not None:
        lo2, hi2 = widen(v2, step, approx)
        lo, hi = min(lo, lo2), max(hi, hi2)
    value, number, number_step = v1, v1, step
    if kind == "quantity" and dimension and not dimension.startswith("unit:") and unit not in ("star",):
        base_lo, _ = units.to_base(lo, unit)
        base_hi, _ = units.to_base(hi, unit)
        value, _ = units.to_base(v1, unit)
        step = units.scale_to_base(step, unit)
        lo, hi = base_lo, base_hi
    normalisable, note = True, None
    if re.fullmatch(r"(?:a\s+)?(?:hundred|thousand|million|billion|dozen)", n1.strip(), re.I) and _VAGUE.search(
        text[max(0, start - 14) : start]
    ):
        normalisable, note = False, "vague quantity"  # "several hundred people"
    claim_text = text[start:end]
    return (
        start,
        end,
        ClaimValue(
            kind=kind,
            text=claim_text,
            value=value,
            low=lo,
            high=hi,
            unit=unit,
            dimension=dimension,
            currency=currency,
            precision=step,
            approx=approx.lower() if approx else None,
            is_range=v2 is not None,
            head=head,
            number=number,
            number_step=number_step,
            normalisable=normalisable,
            note=note,
        ),
    )


def _unit_family(unit_text: str) -> str:
    u = unit_text.strip().lower()
    if re.search(r"point|pp|bps", u):
        return "pp"
    if re.search(r"%|cent|pct|percent", u):
        return "%"
    return u


def _magnitude_factor(num_text: str) -> float:
    m = _NUM_SPLIT.match(num_text.strip())
    mag = (m.group("mag") or "").strip().lower() if m else ""
    return MAGNITUDES.get(mag, 1.0)


def _structural(text: str, start: int) -> bool:
    """ "Passage 2", "Step 3", "#4": a reference, not a claim."""
    return bool(_STRUCTURAL.search(text[max(0, start - 12) : start]))


_IPV4 = re.compile(r"(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|[01]?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d?\d)(?![\d]|\.\d)")
# "open 24/7", "24x7 support", "24/7/365": always, not a number
_IDIOMS = re.compile(
    r"(?<![\d/.,$€£])24(?:/7(?:/365)?|x7)(?![\d/.,]\d|\d)"
    # "version 10.100.200", "build 2.1.3": names, not numbers
    r"|\b(?:version|ver\.?|build|firmware|release|rev\.?)[ \t]*\d+(?:\.\d+){2,}|\bv\d+(?:\.\d+)+",
    re.I,
)
# "in 2021 dollars", "in constant 2010 US dollars": the year prices are given in
_YEAR_OF_CURRENCY = re.compile(
    r"(?:\bin|\b(?:converted|adjusted|deflated|restated|expressed)\s+(?:in)?to)\s+"
    r"(?:(?:constant|real|current|nominal|inflation[- ]adjusted|today's|chained|base[- ]year)\s+)?$",
    re.I,
)


def _year_of_currency(text: str, start: int, m: "re.Match[str]") -> bool:
    """ "in 2021 dollars" (a year) against "paid 2021 dollars" and "$2021" (amounts)."""
    n1 = m.group("n1").strip()
    return (
        not m.group("cur")
        and m.group("n2") is None
        and not m.group("approx")
        and start == m.start("n1")
        and re.fullmatch(r"\d{4}", n1) is not None
        and 1800 <= int(n1) <= 2100
        and _YEAR_OF_CURRENCY.search(text, max(0, start - 40), start) is not None
    )


_PHONE = re.compile(
    r"(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?|\b\d{1,4}[\s.-])\d{2,4}[\s.-]\d{3,4}\b|\b\d{1,4}(?:-\d{2,4}){2,}\b"
)

_SPACE_GROUPED = re.compile(r"[1-9]\d{0,2}(?:[ \u00a0\u2009\u202f]\d{3})+")
_AMOUNT_CUE_AFTER = re.compile(r"(?:,\d{1,2})?" + _DC_END + _DC_CUE, re.I)


_CURRENCY_BEFORE_GROUPED = re.compile(r"(?:US\$|[$€£¥])[ \u00a0]?$")
_MONEY_WORD_AFTER = re.compile(r"[ \u00a0]?(?:dollars?|pounds?|yen|francs?|rupees?|yuan|pesos?)\b", re.I)


def _grouped_amount(text: str, m: "re.Match[str]") -> bool:
    """Whether a phone-number-like match is thousands grouped by spaces after a currency sign
    or before a currency, percent or magnitude ("$5 000 000", "1 234 567,89 euros", "2 500 000
    EUR", "5 000 000 dollars")."""
    if _SPACE_GROUPED.fullmatch(m.group(0)) is None:
        return False
    return bool(
        _AMOUNT_CUE_AFTER.match(text, m.end())
        or _MONEY_WORD_AFTER.match(text, m.end())
        or _CURRENCY_BEFORE_GROUPED.search(text, max(0, m.start() - 4), m.start())
    )


def find_claims(text: str) -> List[Found]:
    """Every money, percent, date, time, quantity and cardinal claim in ``text``.

    Dates and times are found first and win over numbers inside them; list
    markers ("1.", "Passage 2") and lone "one"/"a" are not claims.
    """
    if _INVISIBLE.search(text):
        text = _INVISIBLE.sub(" ", text)  # "$5\u200f million": a direction mark splits no amount
    found: List[Found] = []
    taken = bytearray(len(text) + 1)
    for s, e, v in _durations(text) + dates.find_dates(text) + dates.find_times(text):
        if any(taken[s:e]):
            continue
        taken[s:e] = b"\x01" * (e - s)
        if v.kind == "time" and _TZ_OFFSET_BEFORE.search(text, max(0, s - 24), s):
            continue  # "UTC+14:00", "T10:00:00+02:00": a time zone's offset, no time of day
        found.append((s, e, v))
    for s, e, v in _compound_measures(text) + _shares(text) + _shares_of_a_percent(text) + _splits(text):
        if not any(taken[s:e]):
            found.append((s, e, v))
            taken[s:e] = b"\x01" * (e - s)
    for pattern in (_PHONE, _IPV4, _IDIOMS):  # phone numbers, IP addresses, "24/7": not claims
        for m in pattern.finditer(text):
            if pattern is _PHONE and (_DOTTED_FULL.fullmatch(m.group(0)) or _grouped_amount(text, m)):
                continue  # "1.000.000", "1 234 567,89 euros": an amount with its thousands grouped
            if pattern is _IDIOMS and m.group(0).lower() == "24x7" and units.parse_unit(text[m.end() : m.end() + 40]):
                continue  # "24x7 inches": a size
            if not any(taken[m.start() : m.end()]):
                taken[m.start() : m.end()] = b"\x01" * (m.end() - m.start())
    pos = 0
    while True:
        m = _NUMERIC.search(text, pos)
        if m is None:
            break
        pos = m.end() if m.end() > m.start() else m.start() + 1
        if any(taken[m.start("n1") : m.end("n1")]):
            pos = max(m.start("n1") + 1, m.start() + 1)
            continue
        # never run into a date/time that follows
        item = _claim_from_match(text, m)
        if item is None:
            continue
        s, e, v = item
        if any(taken[s:e]):
            # trim back to the first number only
            e = m.end("n1")
            if any(taken[s:e]):
                continue
            # read again as if the text ended there (a window: every look back is under 100 characters)
            lo = max(0, m.start() - _LOOK_BACK)
            window = text[lo:e]
            m2 = _NUMERIC.match(window, m.start() - lo)
            item2 = _claim_from_match(window, m2) if m2 is not None else None
            if item2 is None:
                continue
            s, e, v = item2[0] + lo, item2[1] + lo, item2[2]
        pos = e if e > m.start() else m.start() + 1
        if not _keep(text, s, e, v, m) or _glued_to_number(text, s, e):
            continue
        s, v = _share_of(text, s, e, v)
        if (v.kind == "money" or v.unit == "pound-mass" or "dollar" in (v.unit or "")) and _year_of_currency(
            text, s, m
        ):
            e = m.end("n1")  # "in 2021 dollars": the year prices are given in, not an amount
            v = replace(dates.year_claim(text[s:e], int(float(m.group("n1")))), head=None)
        if (
            v.kind == "cardinal"
            and not v.is_range
            and _is_year(v.value, m.group("n1"))
            and not v.approx
            and not (_counts_something(text, e) and not _year_by_preposition(text, s, e))
            and not m.group("neg")
        ):
            v = replace(dates.year_claim(v.text, int(v.value)), head=None)  # "in 2019"; "2000 people" stays a count
        if _TZ_NAMED_BEFORE.search(text, max(0, s - 8), s):
            continue  # "(UTC+2)": a time zone, not a count
        found.append((s, e, v))
        taken[s:e] = b"\x01" * (e - s)
    found.sort(key=lambda t: (t[0], -t[1]))
    return found


_YEAR_FOLLOWERS = YEAR_CONTEXT
_NUMERATORS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
}
_DENOMINATORS = {
    "half": 2,
    "halve": 2,
    "third": 3,
    "quarter": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
}
_SHARE_BEFORE = re.compile(
    r"\b(?:(?P<half>half)|(?P<num>"
    + "|".join(_NUMERATORS)
    + r")[ \t-](?P<den>"
    + "|".join(_DENOMINATORS)
    + r")s?[ \t]+of)[ \t]+$",
    re.I,
)


def _share_of(text: str, start: int, end: int, v: ClaimValue) -> Tuple[int, ClaimValue]:
    """ "half a million", "three quarters of a billion dollars": a claim that starts with "a" or
    "an" after a fraction is that share of it (the claim then starts at the fraction)."""
    if not _A_OR_AN.match(v.text):
        return start, v
    m = _SHARE_BEFORE.search(text, max(0, start - 40), start)
    if m is None:
        return start, v
    share = 0.5 if m.group("half") else _NUMERATORS[m.group("num").lower()] / _DENOMINATORS[m.group("den").lower()]

    def scaled(x: Optional[float]) -> Optional[float]:
        return None if x is None or not math.isfinite(x) else x * share

    return m.start(), replace(
        v,
        text=text[m.start() : end],
        value=scaled(v.value),
        low=scaled(v.low),
        high=scaled(v.high),
        number=scaled(v.number),
        number_step=scaled(v.number_step),
        precision=v.precision * share,
    )


def _glued_to_number(text: str, start: int, end: int) -> bool:
    """Whether a number is cut out of a longer string of digits: "1,5" (a decimal comma, or a
    list?), "1e6", "1.5.2", "€3,5 Mio": no claim can be read from a part of it."""
    before, after = text[max(0, start - 2) : start], text[end : end + 2]
    cut_before = bool(before) and (
        before[-1].isdigit() or (len(before) == 2 and before[-1] in ".,eE" and before[0].isdigit())
    )
    cut_after = bool(after) and (after[0].isdigit() or (len(after) == 2 and after[0] in ".," and after[1].isdigit()))
    if not (cut_before or cut_after):
        return False
    if (not cut_before or before[-1] == ",") and (not cut_after or after[0] == ","):
        # "boxes 1,2,3 and 5": a list of three numbers or more, each a claim of its own
        if _is_comma_list(text, *_digits_and_commas_around(text, start, end)):
            return False
    return True


_COMMA_LIST = re.compile(r"\d{1,3}(?:,\d{1,3}){2,}")
_DIGITS_AND_COMMAS = re.compile(r"[\d,]+")


def _digits_and_commas_around(text: str, start: int, end: int) -> Tuple[int, int]:
    """Where the run of digits and commas that touches ``text[start:end]`` on either side
    begins and ends (each side found once per text, so a long list costs linear time)."""
    starts, runs = _digit_comma_runs(text)

    def run_at(pos: int) -> Optional[Tuple[int, int]]:
        k = bisect.bisect_right(starts, pos) - 1
        return runs[k] if k >= 0 and runs[k][0] <= pos < runs[k][1] else None

    left = run_at(start - 1) if start > 0 else None
    right = run_at(end) if end < len(text) else None
    return (left[0] if left else start), (right[1] if right else end)


@lru_cache(maxsize=64)
def _is_comma_list(text: str, i: int, j: int) -> bool:
    """Whether ``text[i:j]`` is a list of three numbers or more ("1,2,3"), once per run."""
    return _COMMA_LIST.fullmatch(text[i:j].strip(",")) is not None


@lru_cache(maxsize=8)
def _digit_comma_runs(text: str) -> Tuple[List[int], List[Tuple[int, int]]]:
    runs = [m.span() for m in _DIGITS_AND_COMMAS.finditer(text)]
    return [r[0] for r in runs], runs


# "in 150 words", "3 bullet points": the answer talking about itself, not a claim
_META_HEADS = {"word", "sentence", "paragraph", "bullet", "passage", "character", "line"}


_COUNT_NOUNS = {"people", "men", "women", "children", "staff", "personnel", "police", "cattle", "sheep", "fish"}
# a number that is the numerator of a fraction: "two-thirds", "three quarters of the vote"
# ("three quarters in a row" counts quarters of a year, a claim like any other)
_DENOMINATOR = r"(?:halves|thirds?|quarters?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?)\b"
_NUMERATOR_OF = re.compile(rf"(?:-{_DENOMINATOR}|[ \t]+{_DENOMINATOR}(?=[ \t]+of\b))", re.I)


_TIME_PREPOSITION = re.compile(r"\b(?:in|since|during|until|till|before|after|as\s+of)\s+$", re.I)
_OPENING_PREPOSITION = re.compile(r"(?:^|[.!?;:\n]\s*)(?:In|Since|During|Until|Till|Before|After|By|From|As\s+of)\s+$")


def _year_by_preposition(text: str, start: int, end: int) -> bool:
    """ "In 2020 people stayed home", "since 2019 prices rose", "as of 2023 households": a year,
    though a plural follows; "spread in 2000 people" stays a count."""
    if _OPENING_PREPOSITION.search(text, max(0, start - 12), start) or re.search(
        r"\bas\s+of\s+$", text[max(0, start - 7) : start], re.I
    ):
        return True  # a sentence that opens with a year
    head = _HEAD.match(text, end)
    return bool(_TIME_PREPOSITION.search(text, max(0, start - 8), start)) and not (
        head and head.group(1).lower() in _COUNT_NOUNS
    )


def _counts_something(text: str, end: int) -> bool:
    """ "2000 people", "1600 Pennsylvania Avenue": a count or an address, not a year."""
    m = _HEAD.match(text, end)
    if not m:
        return False
    word = m.group(1)
    if word.lower() in _YEAR_FOLLOWERS:
        return False
    return (
        word[0].isupper()
        or word.lower() in _COUNT_NOUNS
        or (word.lower().endswith("s") and not word.lower().endswith("ss") and word.lower() not in STOP_WORDS)
    )


_NAMED_NUMBER = re.compile(r"(?:401|403|457)\s?\(?[kb]\)?", re.I)  # retirement plans
_NAME_K = re.compile(r"\d{1,2}K")  # "4K", "8K", "5K", "10K" as names of a resolution or a race
_NAME_K_AFTER = re.compile(
    r"[\s-]+(?:monitors?|tvs?|televisions?|videos?|displays?|resolution|screens?|cameras?|"
    r"content|streaming|hdr|uhd|ultra|gaming|runs?|races?|walks?|fun\s+run)\b",
    re.I,
)


_FEET_INCHES = re.compile(
    r"(?<![\d.,])(?P<a>\d{1,2})\s*(?:feet|foot|ft\.?|'|’|′)\s*(?:and\s+)?(?P<b>\d{1,2}(?:\.\d)?)"
    r"(?:\s*(?:inches|inch|in\b|\"|”|″|''))?(?![\d'’′])",
    re.I,
)
_POUNDS_OUNCES = re.compile(
    r"(?<![\d.,])(?P<a>\d{1,3})\s*(?:pounds?|lbs?\.?)\s*(?:and\s+)?(?P<b>\d{1,2}(?:\.\d)?)\s*(?:ounces?|oz)\b", re.I
)


_H, _MIN, _S = (
    r"(?:h|hrs?\.?|hours?)(?![a-z])",
    r"(?:m|mins?\.?|minutes?)(?![a-z])",
    r"(?:s|secs?\.?|seconds?)(?![a-z])",
)
_AND = r"(?:\s*,?\s*(?:and\s+)?)"
_DURATION = re.compile(
    rf"(?<![\d.,])(?:(?P<h>\d{{1,3}})\s*{_H}{_AND}(?P<hm>\d{{1,2}})\s*{_MIN}(?:{_AND}(?P<hms>\d{{1,2}}(?:\.\d+)?)\s*{_S})?"
    rf"|(?P<m>\d{{1,3}})\s*{_MIN}{_AND}(?P<ms>\d{{1,2}}(?:\.\d+)?)\s*{_S}"
    rf"|(?P<gh>\d{{1,2}})h(?P<gm>[0-5]\d)(?![\w]))",
    re.I,
)
# a race or a record time: "in 2:03:59", "a time of 3:43.13"; a clock reading is a time of day instead
_ELAPSED = re.compile(
    r"(?<![\d:.])(?:(?P<h>\d{1,2}):(?P<m>[0-5]\d):(?P<s>[0-5]\d(?:\.\d{1,3})?)"
    r"|(?P<m2>\d{1,2}):(?P<s2>[0-5]\d\.\d{1,3}))(?![\d:])"
)
_ELAPSED_BEFORE = re.compile(
    r"\b(?:in|time|times|timed|ran|runs?|running|clocked|clocking|finish\w*|record|best|pb|"
    r"won|win|wins|marathon|race|lasted|lasts|lasting|runtime|duration|video|film|movie)\b",
    re.I,
)
_ELAPSED_AFTER = re.compile(r"\s+(?:world\s+record|record|finish|marathon|time|personal\s+best|pb|long)\b", re.I)
_CLOCK_BEFORE = re.compile(
    r"(?:\b(?:at|from|until|till|by|before|after|around|between|opens?|closes?|starts?|ends?|to)"
    r"|[-–—]|\bhours?:)\s*$",
    re.I,
)
# "ran the 800m in 1:57", "won the 10k in 27:40": minutes and seconds after "in" in a race
_RACE_TIME = re.compile(r"(?<=\bin\s)(?P<m>\d{1,2}):(?P<s>[0-5]\d)(?![\d:]|\s?(?:[ap]\.?m\b|[AP]M))")
_RACE_BEFORE = re.compile(
    r"\b(?:ran|run|runs|race[sd]?|won|win|wins|finish\w*|clocked|marathon|miles?|km|\d+\s?[mk]|"
    r"laps?|sprint\w*|swim\w*|record|metres|meters)\b",
    re.I,
)
# a glued "2h15" is a duration only where one is spoken of ("a 2h15 drive", "takes 2h15"); "opens at 8h30"
# and "the 10h30 train" are clock times
_GLUED_DURATION_BEFORE = re.compile(
    r"\b(?:takes?|took|taking|lasts?|lasted|lasting|for|in|an?|about|around|over|"
    r"under|nearly|approximately|just)\s+$",
    re.I,
)
_GLUED_DURATION_AFTER = re.compile(
    r"\s+(?:drive|flight|walk|ride|journey|trip|run|movie|film|long|wait|trek|hike|"
    r"layover|delay|commute|session|show)\b",
    re.I,
)


def _duration(text: str, start: int, end: int, seconds: float, step: float) -> Found:
    value, dimension = units.to_base(seconds, "second")
    return (
        start,
        end,
        ClaimValue(
            kind="quantity",
            text=text[start:end],
            value=value,
            low=value - step / 2,
            high=value + step / 2,
            unit="second",
            dimension=dimension,
            precision=step,
        ),
    )


def _durations(text: str) -> List[Found]:
    """ "7h 30m", "2 hours, 3 minutes and 59 seconds", "2h15", a race time "in 2:03:59" or
    "3:43.13": one duration, not two or three numbers (nor thirty metres)."""
    out: List[Found] = []
    for m in _DURATION.finditer(text):
        if m.group("h") is not None:
            hours, minutes, secs = int(m.group("h")), int(m.group("hm")), m.group("hms")
        elif m.group("m") is not None:
            hours, minutes, secs = 0, int(m.group("m")), m.group("ms")
        else:
            hours, minutes, secs = int(m.group("gh")), int(m.group("gm")), None
            if not (
                _GLUED_DURATION_BEFORE.search(text, max(0, m.start() - 16), m.start())
                and not _CLOCK_BEFORE.search(text, max(0, m.start() - 10), m.start())
                or _GLUED_DURATION_AFTER.match(text, m.end())
            ):
                continue  # "opens at 8h30", "the 10h30 train": a clock time
        if (hours and minutes >= 60) or (secs is not None and float(secs) >= 60):
            continue
        step = _seconds_step(secs) if secs is not None else 60.0
        end = m.end() - 1 if m.group(0).endswith(".") else m.end()  # "1 hr 45 min." ends a sentence
        out.append(_duration(text, m.start(), end, hours * 3600 + minutes * 60 + float(secs or 0), step))
    for m in _ELAPSED.finditer(text):
        if m.group("h") is not None:
            if (
                _CLOCK_BEFORE.search(text, max(0, m.start() - 10), m.start())
                or re.match(r"\s?(?:[ap]\.?m\b|[AP]M)", text[m.end() : m.end() + 5])
                or not (
                    _ELAPSED_BEFORE.search(text, max(0, m.start() - 40), m.start())
                    or _ELAPSED_AFTER.match(text, m.end())
                    or not m.group("h").startswith("0")
                    and len(m.group("h")) == 1
                )
            ):
                continue  # "at 14:30:00", "14:30:00" alone: a time of day; "2:03:59" alone a race time
            secs, total = m.group("s"), int(m.group("h")) * 3600 + int(m.group("m")) * 60 + float(m.group("s"))
        else:
            secs, total = m.group("s2"), int(m.group("m2")) * 60 + float(m.group("s2"))
        out.append(_duration(text, m.start(), m.end(), total, _seconds_step(secs)))
    for m in _RACE_TIME.finditer(text):
        if _RACE_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            out.append(_duration(text, m.start(), m.end(), int(m.group("m")) * 60 + int(m.group("s")), 1.0))
    return out


_SHARE_NUM = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|\d{1,4})"
_SHARE_DEN = (
    r"(?:\d{1,3}(?:,\d{3})+|\d{1,7}|(?:a|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty)"
    r"(?:\s+(?:hundred|thousand|million))?)"
)
_IN_EVERY = re.compile(
    rf"\b(?P<n>{_SHARE_NUM})\s+(?P<sep>in|out\s+of)\s+(?:every\s+)?(?P<d>{_SHARE_DEN})\b"
    r"(?=\s+(?P<noun>[A-Za-z][a-z'-]*))",
    re.I,
)
# "scored 3 in 10 minutes", "4 in 6 matches": a rate, not a share
_RATE_NOUNS = {
    "second",
    "seconds",
    "minute",
    "minutes",
    "hour",
    "hours",
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "season",
    "seasons",
    "match",
    "matches",
    "game",
    "games",
    "race",
    "races",
    "start",
    "starts",
    "appearance",
    "appearances",
    "outing",
    "outings",
    "innings",
    "attempts",
    "tries",
}
_RATING_WORDS = re.compile(
    rf"\b(?:{_RATING_CUES}|scoring|got|gets|earned|earns|received|receives|awarded)"
    r"\W+(?:\w+\W+){0,2}$",
    re.I,
)
_FRACTION_OF = re.compile(
    r"\b(?:(?P<num>an?|one|two|three|four|five|six|seven|eight|nine)[ \t-]"
    r"(?P<den>half|third|quarter|fifth|sixth|eighth|tenth)s?|(?P<half>half))[ \t]+of\b",
    re.I,
)
_NOT_SHARE_BEFORE = re.compile(
    r"\b(?:first|second|third|fourth|1st|2nd|3rd|4th|last|final|latter|former|other|"
    r"back|front|top|bottom|better|bigger|larger|greater|lower|upper|opening|closing)\s+$",
    re.I,
)
_NOT_SHARE_AFTER = re.compile(
    r"[ \t]+(?:an?\b|the\s+\d|\$|€|£|\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|"
    r"twenty|hundred|thousand|million|billion)\b)",
    re.I,
)
_QUAL_BEFORE = re.compile(rf"(?<!\w)(?:{_QUAL})\s+$", re.I)  # "about" in "about half of"
_SCALE_NOUNS = {"star", "stars", "point", "points", "rating", "scale", "possible", "and", "or", "to"}


def _shares(text: str) -> List[Found]:
    """ "one in four adults", "seven out of ten dentists", "a third of", "two-thirds of", "half of
    the staff": a share of a group, a percent ("one in four" is 25 %), so "25%" grounds it."""
    out: List[Found] = []
    for m in _IN_EVERY.finditer(text):
        n, d = (_share_count(m.group(g)) for g in ("n", "d"))
        noun = m.group("noun").lower()
        if (
            n is None
            or d is None
            or not 0 < n < d
            or (m.group("d").isdigit() and _is_year(d, m.group("d")))
            or noun in _SCALE_NOUNS
            or noun in STOP_WORDS
        ):
            continue  # "600 in 2024", "4 out of 5 stars", "4 out of 5 on TripAdvisor": a year, a rating
        if m.group("d").lower() == "a million":
            continue  # "a one in a million chance": an idiom
        if (m.group("sep").lower() == "in" and noun in _RATE_NOUNS) or _RATING_WORDS.search(
            text, max(0, m.start() - 30), m.start()
        ):
            continue  # "scored 3 in 10 minutes" is a rate; "rated 4 out of 5 by critics" a rating
        exact = bool(re.fullmatch(r"[\d,]+", m.group("d"))) and d not in (2, 3, 4, 5, 10)
        out.append(_share(text, m, 100.0 * n / d, 100.0 / d if exact else 0.0))
    for m in _FRACTION_OF.finditer(text):
        if (
            _NOT_SHARE_BEFORE.search(text, max(0, m.start() - 12), m.start())
            or _NOT_SHARE_AFTER.match(text, m.end())
            or (m.group("den") or m.group("half") or "").lower() == "half"
            and re.search(r"\band\s+$", text[max(0, m.start() - 5) : m.start()], re.I)
        ):
            continue  # "the second half of", "half of 300 members", "a third of a mile", "an hour and a half of"
        if m.group("half"):
            share = 0.5
        else:
            share = _NUMERATORS[m.group("num").lower()] / _DENOMINATORS[m.group("den").lower()]
            if share >= 1:
                continue
        out.append(_share(text, m, 100.0 * share, 0.0))
    return out


_PERCENT_SHARE = re.compile(
    r"\b(?:(?:(?P<half>half)|(?P<num>an?|one|two|three)[ \t-](?P<den>quarter|third|fifth|eighth|tenth)s?)(?:[ \t]+of)?[ \t]+"
    r"(?:an?|one|1)[ \t]*|(?P<ahalf>a[ \t]+half)[ \t-]+)"
    r"(?:(?P<pp>percentage[ \t-]points?\b)|%|per[ \t-]?cent\b|percent\b)",
    re.I,
)

# a number and "and" before "a half percent": "one and a half percent", "2 and a half percent"
# are 1.5 % and 2.5 % ("rose 1% in 2022 and a half percent in 2023": a year takes no half)
_AND_BEFORE = re.compile(r"(?:(?<![\w.,%])(?P<digits>\d{1,2})|\b(?:" + "|".join(SMALL) + r"))[ \t]+and[ \t]+$", re.I)


def _shares_of_a_percent(text: str) -> List[Found]:
    """ "half a percent", "half of one percent", "a quarter of a percentage point": 0.5 %,
    0.5 %, 0.25 pp (stated to a tenth of their value)."""
    out: List[Found] = []
    for m in _PERCENT_SHARE.finditer(text):
        whole = _AND_BEFORE.search(text, max(0, m.start() - 16), m.start()) if m.group("ahalf") else None
        if whole and not whole.group("digits"):
            continue  # "one and a half percent": 1.5 %, read as a spelled number
        if whole:  # "2 and a half percent": 2.5 %, stated to the half
            value, step = int(whole.group("digits")) + 0.5, 0.5
        else:
            value = (
                0.5
                if m.group("half") or m.group("ahalf")
                else _NUMERATORS[m.group("num").lower()] / _DENOMINATORS[m.group("den").lower()]
            )
            # stated as precisely as the decimal it is: "half a percent" as "0.5%", "a quarter" as "0.25%"
            step = next((st for st in (0.1, 0.01, 0.001) if abs(value / st - round(value / st)) < 1e-9), None)
        first = whole.start() if whole else m.start()
        q = _QUAL_BEFORE.search(text, max(0, first - 24), first)
        start, approx = (q.start(), re.sub(r"\s+$", "", q.group(0)).lower()) if q else (first, None)
        if step is None:  # "a third of a percent"
            step, approx = 0.0, approx or "about"
        lo, hi = widen(value, step, approx)
        unit = "pp" if m.group("pp") else "%"
        out.append(
            (
                start,
                m.end(),
                ClaimValue(
                    kind="percent",
                    text=text[start : m.end()],
                    value=value,
                    low=lo,
                    high=hi,
                    unit=unit,
                    dimension="percent",
                    precision=step,
                    approx=approx,
                    number=value,
                    number_step=step,
                    note=PERCENT_OR_POINTS,
                ),
            )
        )
    return out


# "a 60/40 split", "50-50 odds", "split 70:30": two shares that make up a whole
_SPLIT = re.compile(r"(?<![\d/.,:-])(?P<a>\d{1,2})[ \t]?(?P<sep>/|-|–|:)[ \t]?(?P<b>\d{1,2})(?![\d/%]|[.,:]\d|[ \t]?%)")
_SPLIT_AFTER = re.compile(
    r"[ \t]+(?:split|chance|chances|odds|ratio|mix|blend|partnership|joint[ \t]+venture|"
    r"proposition|basis)\b",
    re.I,
)
# "split the profits 60/40", "the odds are 50-50"; not "split into 30-70 segments"
_SPLIT_BEFORE = re.compile(
    r"\b(?:(?:split|divided|shared)(?:[ \t]+(?!into\b|in\b)\w+){0,2}|(?:odds|ratio|split)[ \t]+"
    r"(?:is|are|was|were|of))[ \t,]+$",
    re.I,
)


def _splits(text: str) -> List[Found]:
    """ "a 60/40 split": 60 % and 40 %, two shares of a whole (the two numbers add to 100)."""
    out: List[Found] = []
    for m in _SPLIT.finditer(text):
        a, b = int(m.group("a")), int(m.group("b"))
        if a + b != 100 or not (
            _SPLIT_AFTER.match(text, m.end()) or _SPLIT_BEFORE.search(text, max(0, m.start() - 30), m.start())
        ):
            continue
        for g, value in (("a", a), ("b", b)):
            s, e = m.span(g)
            lo, hi = widen(float(value), 1.0, None)
            out.append(
                (
                    s,
                    e,
                    ClaimValue(
                        kind="percent",
                        text=text[s:e],
                        value=float(value),
                        low=lo,
                        high=hi,
                        unit="%",
                        dimension="percent",
                        precision=1.0,
                        number=float(value),
                        number_step=1.0,
                        note=SPLIT_NOTE,
                    ),
                )
            )
    return out


def _share_count(text: str) -> Optional[float]:
    """ "4" -> 4, "10,000" -> 10000, "ten thousand" -> 10000, "a million" -> 1e6."""
    if re.fullmatch(r"[\d,]+", text):
        return float(text.replace(",", ""))
    spelled = words_to_number(text)
    return spelled[0] if spelled else None


def _share(text: str, m: "re.Match[str]", value: float, step: float) -> Found:
    end = m.end("d") if "noun" in m.groupdict() else m.start() + len(re.sub(r"[ \t]+of$", "", m.group(0)))
    q = _QUAL_BEFORE.search(text, max(0, m.start() - 24), m.start())
    start, approx = (q.start(), re.sub(r"\s+$", "", q.group(0))) if q else (m.start(), None)
    qualifier = approx or ("about" if step == 0.0 else None)  # "a third" is said of 31 % to 35 % alike
    lo, hi = widen(value, step, qualifier)
    return (
        start,
        end,
        ClaimValue(
            kind="percent",
            text=text[start:end],
            value=value,
            low=lo,
            high=hi,
            unit="%",
            dimension="percent",
            precision=step,
            approx=qualifier.lower() if qualifier else None,
            number=value,
            number_step=step,
            note=SHARE_NOTE,
        ),
    )


def _seconds_step(secs: str) -> float:
    return 10.0 ** -(len(secs.split(".")[1]) if "." in secs else 0)


def _compound_measures(text: str) -> List[Found]:
    """ "5 feet 11 inches", "5'11\"", "7 lb 8 oz": one length or mass, not two numbers."""
    out: List[Found] = []
    for pattern, unit, per in ((_FEET_INCHES, "inch", 12), (_POUNDS_OUNCES, "ounce", 16)):
        for m in pattern.finditer(text):
            a, b = int(m.group("a")), float(m.group("b"))
            worded = re.search(r"[a-z\"”″]|''", m.group(0)[len(m.group("a")) :], re.I)
            if b >= per or (pattern is _FEET_INCHES and not worded and not 3 <= a <= 8):
                continue  # "5'13", or "12'6" without a word: not a height
            value, dimension = units.to_base(a * per + b, unit)
            small = units.scale_to_base(1.0, unit)
            out.append(
                (
                    m.start(),
                    m.end(),
                    ClaimValue(
                        kind="quantity",
                        text=m.group(0),
                        value=value,
                        low=value - small / 2,
                        high=value + small / 2,
                        unit=unit,
                        dimension=dimension,
                        precision=small,
                    ),
                )
            )
    return out


def _descending(n1: str, n2: str) -> bool:
    """ "81-61": two whole numbers, the second smaller, so not a range (a score, a record)."""
    return bool(re.fullmatch(r"\d{1,3}", n1.strip()) and re.fullmatch(r"\d{1,3}", n2.strip())) and int(n2) < int(n1)


def _second_score(text: str, s: int) -> bool:
    """The second number of a score ("lost 1-3", "81-61"), which follows a hyphen."""
    m = re.search(r"(?<![\d.,])(\d+)[-–—]$", text[max(0, s - 6) : s])
    if not m:
        return False
    own_match = _DIGIT_RUN.match(text, s)
    if own_match is None:
        return False  # the claim starts with a qualifier ("0-~0")
    own = own_match.group(0)
    return bool(
        _SCORE_BEFORE.search(text[max(0, s - 36) : s - len(m.group(0))])
        or _SCORE_AFTER.match(text, s + len(own))
        or _descending(m.group(1), own)
    )


def _line_lead_only(text: str, s: int) -> bool:
    """Whether only blanks and bullet marks stand between the start of the line and ``s`` (read
    back over them alone, not over the whole line: a long line costs nothing)."""
    j = s
    while j > 0 and text[j - 1] in " *-•\t":
        j -= 1
    return j == 0 or text[j - 1] == "\n"


def _keep(text: str, s: int, e: int, v: ClaimValue, m: "re.Match[str]") -> bool:
    n1 = m.group("n1").strip().lower()
    before = text[max(0, s - 12) : s].lower()
    if _OUT_OF_END.search(before):
        return False  # "4.0 out of 5 stars": 5 is the scale, not a claim
    if v.kind == "quantity" and v.unit == "day" and _A_WEEK.match(text, e, e + 8):
        return False  # "seven days a week" speaks of weekdays, checked with the hours
    if v.kind == "cardinal":
        if v.head in _META_HEADS or _NUMERATOR_OF.match(text, e):
            return False
        if (
            _NAMED_NUMBER.fullmatch(text, s, min(len(text), e + 3))
            or _NAMED_NUMBER.fullmatch(text, s, e)
            or (_NAME_K.fullmatch(text, s, e) and _NAME_K_AFTER.match(text, e))
        ):
            return False  # "your 401k", "a 401(k) plan", "a 4K monitor", "a 5K run": names
        if n1 in ("one", "a", "an", "zero") and not v.is_range:
            return False
        if _structural(text, s):
            return False
        # list markers "1." / "2)" at the start of a line
        if _line_lead_only(text, s) and _LIST_MARKER.match(text[s : e + 2]):
            return False
        # parts of identifiers: "COVID-19", "A4", "3D", "item_7"
        if s > 0 and (text[s - 1].isalpha() or text[s - 1] in "-_/#@[") and not _second_score(text, s):
            return False
        if e < len(text) and (text[e].isalpha() or text[e] in "_@"):
            return False
    return True


def parse_claim(span_text: str, kind_hint: Optional[str] = None) -> Optional[ClaimValue]:
    """Normalise one span's text (as an NER span gives it), or None if no number is in it.

    ``kind_hint`` is an NER label (MONEY, PERCENT, DATE, TIME, QUANTITY, CARDINAL).
    """
    found = find_claims(span_text)
    if not found:
        if kind_hint in ("DATE", "TIME"):
            return ClaimValue(
                kind="date" if kind_hint == "DATE" else "time",
                text=span_text,
                normalisable=False,
                note="date or time with nothing to anchor it",
            )
        return None
    s, e, v = max(found, key=lambda t: t[1] - t[0])
    return replace(v, text=span_text)


NER_KINDS: Dict[str, str] = {
    "MONEY": "money",
    "PERCENT": "percent",
    "DATE": "date",
    "TIME": "time",
    "QUANTITY": "quantity",
    "CARDINAL": "cardinal",
}
