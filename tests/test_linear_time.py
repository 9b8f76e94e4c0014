"""Rule paths that took super-linear time on adversarial input take linear time (each checked
at two sizes, 4x apart: linear ~4x the time, quadratic ~16x, cubic ~64x), and the regexes
rewritten for it match what they matched before (tables of inputs, the expected results taken
from the regexes as they were)."""

from __future__ import annotations

import json
import random
import re
import signal
import time
from contextlib import contextmanager

import pytest

import spacy_ground
from spacy_ground.checks import changes, hours, records
from spacy_ground.checks.hours import check_hours_facts
from spacy_ground.checks.records import check_record_facts
from spacy_ground.pipeline.verdict import _opens_sentence, _other_language
from spacy_ground.sources import tables
from spacy_ground.sources.tables import source_table_rows
from spacy_ground.text import normalize
from spacy_ground.text.normalize import find_claims, parse_number

HOTEL = json.dumps([{"name": "Hotel X", "amenities": ["pool"], "WiFi": "no"}])
OPENING_HOURS = json.dumps({"hours": {"Monday": "9:0-17:0", "Tuesday": "9:0-17:0"}})
DEADLINE_S = 20  # any one call: far more than linear code takes at these sizes


@pytest.fixture(scope="module")
def rules():
    return spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)


@contextmanager
def _deadline(seconds: float):
    """Fail, rather than hang, when a call runs past ``seconds`` (a regex that backtracks
    exponentially would run for hours; the re module checks for signals as it runs)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expired(*_):
        raise TimeoutError(f"over {seconds} s: super-linear again?")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _best_of(fn, runs=3):
    best = float("inf")
    for _ in range(runs):
        with _deadline(DEADLINE_S):
            t0 = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - t0)
    return best


def _assert_linear(run, make, n):
    """``run(make(n))`` and ``run(make(4 * n))``: the larger within 10x the smaller's time."""
    small_input, large_input = make(n), make(4 * n)
    _best_of(lambda: run(make(max(1, n // 8))), runs=1)  # warm: imports, caches, compiled regexes
    small = _best_of(lambda: run(small_input))
    large = _best_of(lambda: run(large_input))
    assert large < 10 * max(small, 0.005), f"{n}: {small:.3f} s, {4 * n}: {large:.3f} s"


def _check(rules, answer, source):
    """The claims-only pipeline on ``answer`` against a source read afresh (not from the cache)."""

    def run():
        rules.get_pipe("ground_claims").index_sources.clear()
        return spacy_ground.check(rules, answer, [source])

    return run


def _prose(text):
    """``changes.prose_pairs`` on ``text`` with its figures found by ``find_claims``."""
    figures = [(s, e) for s, e, v in find_claims(text) if v.kind == "money"]
    return changes.prose_pairs(text, figures)


# ---------------------------------------------------------------- linear time
# name: (run(text), make(n) -> text, n); run None: the text as an answer through the claims-only
# pipeline against a record, "source": as a source of an answer (the source cache cleared each time)
PATHS = {
    # three adjacent [ \t]* around optional marks: cubic (N=400: 0.85 s, 1,600: 54 s)
    "record label lead": (None, lambda n: "Amenities:\n" + " " * n + "wifi", 8_000),
    "record denying heading": (
        lambda t: check_record_facts(t, [HOTEL]),
        lambda n: "No:" + " " * n + ".wifi",
        40_000,
    ),
    "record long word": (lambda t: check_record_facts(t, [HOTEL]), lambda n: "a" * n + "n't wifi", 100_000),
    "claims grouped digits": (find_claims, lambda n: "123 " * (n // 4), 20_000),
    "claims phone run": (find_claims, lambda n: "1" + " 111" * (n // 4), 20_000),
    "claims time zone offsets": (find_claims, lambda n: "T10:00:00+02:00 UTC+14:00 GMT -5 " * (n // 33), 20_000),
    "claims invisible marks": (find_claims, lambda n: "$5\u200f million\u200b " * (n // 18), 20_000),
    "claims number lines": (find_claims, lambda n: "  1" * (n // 3) + "\n-  2.", 40_000),
    "claims spelled magnitude": (find_claims, lambda n: "five" + " " * n + "hundred", 40_000),
    "source grouped digits": ("source", lambda n: "Codes: " + "123 " * (n // 4), 20_000),
    # a long number another rule takes part of, read again from each of its words or digits
    "claims number words before a share": (find_claims, lambda n: "twenty " * (n // 7) + "one in four adults", 20_000),
    "claims digits before a split": (find_claims, lambda n: "1" * n + " 60/40 split", 50_000),
    "text table row": (source_table_rows, lambda n: "Revenue  1  2\nCosts:\na" + "  1" * (n // 3) + " x\n", 40_000),
    "markdown separator": (source_table_rows, lambda n: "| a | b |\n" + " " * n + "x|\n-", 400_000),
    "share class label": (
        source_table_rows,
        lambda n: "| Item | 2024 |\n|---|---|\n| Earnings per share: | |\n| basic" + " " * n + "x | 1.0 |\n",
        200_000,
    ),
    "year list": (
        source_table_rows,
        lambda n: (
            "| Item | Years" + " " * n + "x | Years Ended December 31, 2024 and 2023 |\n|---|---|---|\n"
            "| | 2024 | 2023 |\n| Revenue | 1 | 2 |\n"
        ),
        200_000,
    ),
    "other language": (_other_language, lambda n: "Hello World Foo Bar " * (n // 20), 400_000),
    "hours every day": (None, lambda n: "It is open every day" + " " * n + "x.", 10_000),
    "hours closed on": (
        lambda t: check_hours_facts(t, [OPENING_HOURS]),
        lambda n: "Closed on Monday" + " " * n + "x.",
        100_000,
    ),
    "hours day list": (
        lambda t: check_hours_facts(t, [OPENING_HOURS]),
        lambda n: "It is open Monday to Sunday, " + "fri and " * (n // 8) + "x.",
        20_000,
    ),
    # each weekday range of one long clause searched it for "open"
    "hours weekday ranges": (lambda t: check_hours_facts(t, [OPENING_HOURS]), lambda n: "Monday-" * (n // 7), 40_000),
    # "tues" read two ways: 2^n (18 of them: 7 s)
    "hours abbreviations": (
        lambda t: check_hours_facts(t, [OPENING_HOURS]),
        lambda n: "It is open Monday to Sunday, " + "tues, " * (n // 6) + "x.",
        20_000,
    ),
    "prose compared with": (_prose, lambda n: "Revenue was $5 million" + " " * n + "x $6 million.", 40_000),
    "prose per share aside": (
        _prose,
        lambda n: "Net income was $5 million, or $0.50 per share," + " " * n + "x compared with $4 million.",
        40_000,
    ),
}


@pytest.mark.parametrize("name", list(PATHS))
def test_takes_linear_time(rules, name):
    run, make, n = PATHS[name]
    if run is None:  # an answer through the claims-only pipeline, against a record
        record = OPENING_HOURS if name.startswith("hours") else HOTEL

        def run(text):
            return spacy_ground.check(rules, text, [record])

    elif run == "source":

        def run(text):
            return _check(rules, "The code is 123.", text)()

    _assert_linear(run, make, n)


# ---------------------------------------------------------------- the rewritten regexes
# Each rewritten regex against the one it replaced (its pattern as it was, below), on a table
# of inputs and on strings drawn at random from the pieces it reads: the same matches, with
# the same spans and groups.
_OLD_DAY = (
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|(?:mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)s?\.?)"
    r"(?![a-z])"
)
_OLD_DAYS = rf"(?:{_OLD_DAY}|week\s?ends?|week\s?days)"
_OLD_DAY_RANGE = rf"{_OLD_DAY}\s*(?:-|‑|–|—|to|through|thru|until|till)\s*{_OLD_DAY}"
_OLD_DAY_LIST = (
    rf"(?:{_OLD_DAY_RANGE}|{_OLD_DAYS})(?:\s*(?:,|/|and|&|or|as\s+well\s+as)\s*(?:{_OLD_DAY_RANGE}|{_OLD_DAYS}))*"
)


def _old_hours(new: "re.Pattern[str]") -> "re.Pattern[str]":
    """An hours pattern built on ``_DAY`` as it was."""
    return re.compile(new.pattern.replace(hours._DAY, _OLD_DAY), new.flags)


def _old_digits(new: str) -> str:
    """A number pattern with its repetitions unbounded, as they were: thousands grouped by
    spaces, a fraction's whole number, the words of a number in words."""
    return new.replace(r"\d{3}){1,5}", r"\d{3})+").replace(r"\d{1,18}", r"\d+").replace("){0,29}", ")*")


_DAY_PIECES = ["tues", "tue", "weds", "thurs", "thur", "thus", "mon", "Monday", "sundays", "sat", "Sat.", "weekend"]
_DAY_PIECES += [" ", "  ", ", ", " and ", "/", " - ", " to ", ".", "x", "excluded", "being its days off", "from "]
# name: (new, old, flags, methods, table of inputs, pieces for random inputs)
REWRITTEN = {
    "records._LABEL_LEAD": (
        records._LABEL_LEAD,
        r"^[ \t]*(?:[-*•+]|\d{1,2}[.)])?[ \t]*(?:\*\*|__)?[ \t]*"
        r"(?:(?!(?:no|not|never|without)\b)[A-Za-z][\w-]*[ \t]+){0,2}$",
        re.I,
        ("match",),
        ["* ", "- **", "1. ", "12) ", "  ", "* Business ", "* not ", "**Free wifi ", "***", "__ x ", "Wifi is very "],
        [" ", "\t", "-", "*", "•", "1", "12", ".", ")", "**", "__", "Free", "not", "A-b", ":", "x", "_"],
    ),
    # (its group "list" now holds the blanks and "**" after the colon too: no one reads it)
    "records._DENYING_HEADING": (
        records._DENYING_HEADING,
        r"^[ \t]*(?:[-*•+]|\d{1,2}[.)])?[ \t]*(?:\*\*|__)?[ \t]*"
        r"(?:not[ \t]+(?:available|offered|provided|included|accepted)|unavailable|"
        r"no|none|missing|lacking)[ \t]*(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?"
        r"(?P<list>[^\n.;!?:]*)$",
        re.I,
        ("match",),
        [
            "**Not available:** ",
            "- Not offered: reservations or ",
            "No: ",
            " none : ",
            "Available: ",
            "1. Missing: x, ",
        ],
        [" ", "\t", "-", "*", "1", ".", "**", "__", "no", "not", " available", "none", ":", "x", ",", "\n", ";"],
    ),
    "records._NEGATION": (
        records._NEGATION,
        r"\b(?:no|not|never|without|lacks?|lacking|absence\s+of|neither|nor|none|cannot|rather\s+than|"
        r"instead\s+of)\b|\w+n['’]t\b",
        re.I,
        ("finditer",),
        ["doesn't offer", "it isn’t", "no wifi", "cannot", "don'tx", "n't", "aan't", "rather than"],
        [" ", "a", "n", "t", "'", "’", "not", "don", "1", "_", "é", "x", "no"],
    ),
    "records._VERBAL": (
        records._VERBAL,
        r"\b(?:not|never|without|lacks?|lacking|absence\s+of|cannot)\b|\w+n['’]t\b",
        re.I,
        ("fullmatch", "finditer"),
        ["doesn't", "not", "no", "won’t", "n't", "cannot"],
        [" ", "a", "n", "t", "'", "’", "not", "can", "1", "x"],
    ),
    "records._NOT_NEGATING": (
        records._NOT_NEGATING,
        r"(?:\bnot|\w+n['’]t)\s+(?:only|just|merely)\b|\bnot\s+(?:to\s+mention|surprisingly)\b"
        r"|\b(?:can['’]?t|cannot)\s+go\s+wrong\b"
        r"|\b(?:don['’]t|do\s+not)\s+(?:miss|forget|hesitate)\b"
        r"|\bno\s+(?:doubt|wonder|matter|shortage|lack|problem|need\s+to\s+worry)\b",
        re.I,
        ("finditer",),
        ["it isn't only wifi", "not just", "can't go wrong", "don't miss", "no doubt", "xn't only"],
        [" ", "a", "n", "t", "'", "not", "only", "just", "don", "miss", "x", "no", "doubt"],
    ),
    "changes._PROSE_PRIOR": (
        changes._PROSE_PRIOR,
        r"^\s*,?\s*(?:(?:up|down)\s+from|compared\s+(?:with|to)|versus|vs\.?|against|from)"
        r"(?:\s+(?:a|an)\s+[\w-]+\s+of)?\s*$",
        re.I,
        ("match",),
        [", compared with ", " up from ", ",  versus a year-ago figure of ", " vs. ", " , from", " x from "],
        [" ", "\t", ",", "up", "from", "compared", "with", "versus", "vs", ".", "a", "year", "of", "x"],
    ),
    "changes._PER_SHARE_ASIDE": (
        changes._PER_SHARE_ASIDE,
        r",?\s*or\s+[^,;]{0,60}?\s(?:per|a)\s+(?:\w+\s+){0,2}share\b",
        re.I,
        ("finditer",),
        [", or $0.82 per diluted share, compared", " or $1 a share", "  or 5 per share", ",or x per share"],
        [" ", "  ", ",", "or", "per", "a", "share", "diluted", "$0.5", ";", "x"],
    ),
    "tables._TABLE_SEPARATOR": (
        tables._TABLE_SEPARATOR,
        r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$",
        0,
        ("match",),
        ["|---|:--:|", "| --- | --- |", " - | - ", "|--x|", "---", "|:-|-:|  ", "| |"],
        [" ", "\t", "|", "-", "--", ":", "x"],
    ),
    "tables._SHARE_CLASS_LABEL": (
        tables._SHARE_CLASS_LABEL,
        r"\s*(?:basic|diluted)(?:\s*(?:and|&|/)\s*(?:basic|diluted))?\s*[:.]?\s*",
        re.I,
        ("fullmatch",),
        ["Basic", "Basic and diluted:", " diluted . ", "basic/diluted", "basic x", "Diluted shares"],
        [" ", "basic", "Diluted", "and", "&", "/", ":", ".", "x"],
    ),
    "tables._YEAR_LIST": (
        tables._YEAR_LIST,
        r"\s+\b(?:19|20)\d\d(?:\s*(?:,|and|&)\s*(?:19|20)\d\d)+\b",
        0,
        ("finditer",),
        ["Years Ended December 31, 2024 and 2023", "As of 2024, 2023 & 2022", "In 2024", "x  1999,2000x"],
        [" ", "  ", "2024", "1999", "2100", "x", ",", "and", "&"],
    ),
    "hours._DAYS_NAMED_AFTER": (
        hours._DAYS_NAMED_AFTER,
        rf"\s*,?\s*(?:from\s+|on\s+|between\s+)?{_OLD_DAY}"
        rf"(?!(?:\s*(?:,|and|&|or)\s*{_OLD_DAY})*\s+(?:excluded|excepted|being)\b)",
        re.I,
        ("match",),
        [" from Tuesday to Sunday", ", on Mon", " , Tues excluded", " Mon, Wed being", "  x Monday", ", weds"],
        _DAY_PIECES,
    ),
    "hours._ON_A_DATE": (
        hours._ON_A_DATE,
        r"\s*,?\s*(?:the\s+)?(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d)",
        re.I,
        ("match",),
        [", September 1", " the 4th", " , Jan. 5", "  x", ",  3"],
        [" ", ",", "the", "1", "Sept", "Jan.", "x"],
    ),
    "hours._EXCEPTED_AFTER": (
        hours._EXCEPTED_AFTER,
        rf"\b({_OLD_DAY_LIST})\s+(?:excluded|excepted|being\s+(?:its|their|the)\s+days?\s+off)\b",
        re.I,
        ("finditer",),
        ["every day, Mon, Tues and Weds excluded", "Thurs. and Sat being its days off", "mon - fri - sat excluded"],
        _DAY_PIECES,
    ),
    "hours._CLOSED": (
        hours._CLOSED,
        _old_hours(hours._CLOSED).pattern,
        re.I,
        ("finditer",),
        ["Closed on Tues, Thurs and Sundays.", "closed on tue/wed/thurs", "closed thus"],
        ["closed "] + _DAY_PIECES,
    ),
    "hours._EXCEPTED": (
        hours._EXCEPTED,
        _old_hours(hours._EXCEPTED).pattern,
        re.I,
        ("finditer",),
        ["except for Tues., Wed, and Thur", "other than weds"],
        ["except ", "other than "] + _DAY_PIECES,
    ),
    "hours._WEEKDAY_RANGE": (
        hours._WEEKDAY_RANGE,
        _old_hours(hours._WEEKDAY_RANGE).pattern,
        re.I,
        ("finditer",),
        ["Open Monday through Friday", "tues-thurs", "thu to tuess"],
        _DAY_PIECES,
    ),
    "hours._LENGTH": (
        hours._LENGTH,
        _old_hours(hours._LENGTH).pattern,
        re.I,
        ("finditer",),
        ["extended hours on Fri and Sat", "shorter hours until 5 pm on tues"],
        ["extended hours on ", "later hours until 9 pm during "] + _DAY_PIECES,
    ),
    "hours._SENTENCE_END": (
        hours._SENTENCE_END,
        _old_hours(hours._SENTENCE_END).pattern,
        0,
        ("finditer",),
        ["Open 11 a.m. Tuesday through Sunday. Closed Mon.", "It opens at 9 a.m. Tues. and weds."],
        ["11 a.m.", " ", ".", "A", "9"] + _DAY_PIECES,
    ),
    "normalize._DIGITS": (
        re.compile(normalize._DIGITS),
        _old_digits(normalize._DIGITS),
        0,
        ("fullmatch", "finditer"),
        ["1 234 567", "1 234 567 890 123 456", "1,234,567", "1.234.567", "12,5", "1 234,56", "0.5"],
        ["1", "12", "123", " ", "\u00a0", ",", ".", "5", "€", "%", "x"],
    ),
    "normalize._NUMERIC": (
        normalize._NUMERIC,
        _old_digits(normalize._NUMERIC.pattern),
        re.I,
        ("finditer",),
        ["€1 234 567,89", "2 500 000 EUR", "between 1,5 and 2,5 million euros", "about 3 million", "1 234 567"]
        + ["12 1/2", "3½", "twenty-one thousand and five", "a hundred and one"],
        [
            "1",
            "12",
            "123",
            " ",
            ",",
            ".",
            "5",
            "€",
            "%",
            "EUR",
            "million",
            "about",
            "and",
            "x",
            "-",
            "/",
            "½",
            "twenty",
        ],
    ),
    "normalize._NUM_SPLIT": (
        normalize._NUM_SPLIT,
        rf"^(?P<num>{_old_digits(normalize._DIGITS)}|.+?)(?P<mag>{normalize._MAG})?$",
        re.I | re.S,
        ("match",),
        ["five hundred", "2.85 billion", "5m", "two  thousand", "2,85 Mrd", "7 bn", "1 234 567", "five   x"],
        ["1", "12", "123", " ", "  ", "\t", ",", ".", "five", "hundred", "million", "bn", "Mrd", "k", "m", "x"],
    ),
}


def _found(pattern, method, text, groups=True):
    def key(m):
        return m and (m.span(), m.groups() if groups else ())

    if method == "finditer":
        return [key(m) for m in pattern.finditer(text)]
    return key(getattr(pattern, method)(text))


@pytest.mark.parametrize("name", list(REWRITTEN))
def test_rewritten_regex_matches_as_before(name):
    new, old, flags, methods, table, pieces = REWRITTEN[name]
    old = re.compile(old, flags)
    groups = name != "records._DENYING_HEADING"  # (its list group: see below)
    rnd = random.Random(name)
    drawn = ["".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 9))) for _ in range(3_000)]
    if name == "normalize._NUM_SPLIT":  # a number's text is stripped before it is split
        drawn = [t.strip() for t in drawn if t.strip()]
    for text in table + drawn:
        for method in methods:
            assert _found(new, method, text, groups) == _found(old, method, text, groups), (method, text)


def test_denying_heading_list_group():
    """_DENYING_HEADING's list: what follows the colon, the blanks and "**" that close the
    heading included (no one reads it; the match is what counts)."""
    m = records._DENYING_HEADING.match("- **Not available:** WiFi, ")
    assert m and m.group("list") == "** WiFi, "


def test_opens_sentence_as_the_regex_did():
    """``_opens_sentence(text, i)`` is what ``(?:^|[.!?]\\s+|\\n\\s*)$`` searched in text[:i] said,
    every Unicode white space included."""
    old = re.compile(r"(?:^|[.!?]\s+|\n\s*)$")
    rnd = random.Random(0)
    pieces = [" ", "\n", "\t", "\r", "\x0b", "\x1c", "\x85", "\u2028", "\u3000", "\xa0", ".", "!", "?", "a", "A", "1"]
    texts = ["".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 8))) for _ in range(5_000)]
    texts += [f"{p}{c}A" for c in map(chr, range(0x3000 + 1)) for p in (".", "x", "")]
    for text in texts:
        for i in range(len(text) + 1):
            assert _opens_sentence(text, i) == bool(old.search(text, 0, i)), (text, i)


@pytest.mark.parametrize(
    "text, language",
    [
        ("Der Umsatz ist im Jahr gestiegen und die Kosten sind nicht mit dem Plan gesunken.", "German"),
        ("El Pollo Loco and Los Angeles are in the news, and the food is good for the price.", None),
        ("Le chiffre est en hausse. Les ventes de la société sont pour la plupart dans le pays.", "French"),
        ("The company reported that its revenue was up. Le Monde wrote about it in the paper.", None),
    ],
)
def test_other_language_as_before(text, language):
    assert _other_language(text) == language


# what find_claims and parse_number gave before the rewrite (thousands grouped by spaces now
# {1,5}, up to 10^18; a magnitude word read once after a run of white space)
@pytest.mark.parametrize(
    "text, expected",
    [
        # thousands grouped by spaces after a currency sign: money, not a phone number
        ("It costs €1 234 567,89 in all.", [(9, 22, "money", 1234567.89, "EUR")]),
        ("They raised 2 500 000 EUR last year.", [(12, 25, "money", 2500000.0, "EUR"), (26, 35, "date", None, None)]),
        ("A fee of 12,50 € and 1.234,56 euros.", [(9, 16, "money", 12.5, "EUR"), (21, 35, "money", 1234.56, "EUR")]),
        ("Call 555 123 4567 or +44 20 7946 0958.", []),
        ("The code is 1 234 567 890 123 456 789.", [(34, 37, "cardinal", 789.0, None)]),
        ("Population: 1 234 567 and 89 012 people.", [(26, 32, "cardinal", 89012.0, None)]),
        ("Revenue rose 2,5% to 3,4 per cent.", [(13, 17, "percent", 2.5, "%"), (21, 33, "percent", 3.4, "%")]),
        (
            "five hundred people and three million dollars",
            [(0, 12, "cardinal", 500.0, None), (24, 45, "money", 3000000.0, "USD")],
        ),
        ("five    hundred and twenty-two", [(0, 30, "cardinal", 522.0, None)]),
        (
            "about 2.85 billion, $5m and 3 thousand",
            [
                (0, 18, "cardinal", 2850000000.0, None),
                (20, 23, "money", 5000000.0, "USD"),
                (28, 38, "cardinal", 3000.0, None),
            ],
        ),
        ("between 1,5 and 2,5 million euros", [(0, 33, "money", 1500000.0, "EUR")]),
        ("codes 123-45-678-90-12-34-56", []),
    ],
)
def test_claims_as_before(text, expected):
    assert [(s, e, v.kind, v.value, v.unit) for s, e, v in find_claims(text)] == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("five hundred", (500.0, 100.0, False)),
        ("2.85 billion", (2850000000.0, 10000000.0, True)),
        ("5m", None),
        ("3 thousand", (3000.0, 1000.0, True)),
        ("1 234 567", (1234567.0, 1.0, False)),
        ("12,5 million", (12500000.0, 100000.0, True)),
        ("two  thousand", (2000.0, 1000.0, True)),
        ("2,85 Mrd.", (2850000000.0, 10000000.0, True)),
        ("7 bn", (7000000000.0, 1000000000.0, True)),
        ("1 1/2", (1.5, 0.25, False)),
    ],
)
def test_parse_number_as_before(text, expected):
    assert parse_number(text) == expected


STATEMENT = (
    "(In millions)\n"
    "                    2024        2023\n"
    "Net sales          $ 5,412.3    $ 5,108.9\n"
    "Operating expenses:\n"
    "Cost of sales        3,001.2      2,950.4\n"
    "Selling              1,020.7        998.1\n"
    "Operating income     1,390.4      1,160.4\n"
)


def test_text_table_rows_as_before():
    assert [(r.start, r.end, r.reading) for r in tables.text_table_rows(STATEMENT)] == [
        (14, 50, None),
        (51, 92, "Net sales; 2024: $5,412.3 million; 2023: $5,108.9 million"),
        (93, 112, "Operating expenses:"),
        (113, 154, "Cost of sales; 2024: $3,001.2 million; 2023: $2,950.4 million"),
        (155, 196, "Selling; 2024: $1,020.7 million; 2023: $998.1 million"),
        (197, 238, "Operating income; 2024: $1,390.4 million; 2023: $1,160.4 million"),
    ]


def test_a_long_line_is_no_text_row():
    """A statement's line is short: one over 400 characters is read as no row (the guard on
    every path, a section's name before it included)."""
    row = "Net sales" + "  1,234.5" * 2
    assert tables._text_row(row) is not None
    assert tables._text_row("Net sales" + "  1" * 200) is None
    assert tables.text_table_rows("Revenue  1  2\nCosts:\nRent" + "  1" * 200 + "\n") == []


def test_a_long_run_of_digits_before_a_fraction():
    """A fraction's whole number has 18 digits at most: a longer run of digits before "1/2" is
    a number of its own (read as one whole number, 400 digits raised OverflowError)."""
    assert [(s, e, v.value) for s, e, v in find_claims("1" * 400 + " 1/2")] == [(401, 404, 0.5)]
    assert [(s, e, v.text) for s, e, v in find_claims("It is 12 1/2 inches.")] == [(6, 19, "12 1/2 inches")]
