"""Fiscal periods ("Q4 fiscal 2024", "the fourth quarter of fiscal 2024", "FY24", "fiscal 2024"):
read as fiscal, the same name grounding the same name, and checked against calendar dates only
through the fiscal calendar the sources state ("the fiscal year ended June 30, 2024"), since
NVIDIA's fourth quarter of fiscal 2024 ended on January 28, 2024 and Microsoft's first quarter
of fiscal 2025 is July to September 2024."""

import datetime as dt

import pytest

import spacy_ground
from spacy_ground.text.dates import (
    FISCAL,
    FiscalCalendar,
    find_dates,
    fiscal_as_calendar,
    fiscal_calendar,
    fiscal_envelope,
    fiscal_year_ended,
)


def _one(text):
    found = find_dates(text)
    assert len(found) == 1, found
    return found[0][2]


def _iso(ordinal):
    return dt.date.fromordinal(int(ordinal)).isoformat()


@pytest.mark.parametrize(
    "texts,calendar",
    [
        (["Revenue for the fiscal year ended June 30, 2024 was $245.1 billion."], FiscalCalendar(6)),
        (["| | Fiscal Year Ended June 29, 2024 | June 24, 2023 |"], FiscalCalendar(6)),
        (["Year Ended December 31, 2024"], FiscalCalendar(12)),
        (["Our fiscal year ends in September."], FiscalCalendar(9)),
        (["Our fiscal year-end is September 30."], FiscalCalendar(9)),
        # a 52- or 53-week year ending in a month's first week ends the month before
        (["Apple's fiscal year ended October 1, 2022."], FiscalCalendar(9)),
        (["Target's fiscal 2023 ended February 3, 2024."], FiscalCalendar(1, 1)),  # named after the year it begins in
        (["Fiscal 2024 ended January 28, 2024."], FiscalCalendar(1, 0)),
        (["the fourth quarter of fiscal 2024 ended January 28, 2024"], FiscalCalendar(1, 0)),
        # a year ending in January to March, without its name, could be named either way
        (["NVIDIA reported revenue for the fourth quarter ended January 28, 2024."], None),
        (["the fiscal year ended March 31, 2024"], None),
        # two calendars (two companies' filings): none
        (["year ended June 30, 2024", "year ended December 31, 2024"], None),
        (["Revenue grew 12% in 2024."], None),
    ],
)
def test_fiscal_calendar(texts, calendar):
    assert fiscal_calendar(texts) == calendar


@pytest.mark.parametrize(
    "text,calendar,first,last",
    [
        ("Q1 fiscal 2025", FiscalCalendar(6), "2024-07-01", "2024-09-30"),
        ("fiscal 2024", FiscalCalendar(6), "2023-07-01", "2024-06-30"),
        ("Q4 fiscal 2024", FiscalCalendar(1), "2023-11-01", "2024-01-31"),
        ("fiscal 2023", FiscalCalendar(1, 1), "2023-02-01", "2024-01-31"),
        ("fiscal 2024", FiscalCalendar(12), "2024-01-01", "2024-12-31"),
        ("H2 FY24", FiscalCalendar(9), "2024-04-01", "2024-09-30"),
        ("the first half of fiscal 2024", FiscalCalendar(3), "2023-04-01", "2023-09-30"),
    ],
)
def test_fiscal_as_calendar(text, calendar, first, last):
    value = fiscal_as_calendar(_one(text), calendar)
    assert value.dimension is None and (_iso(value.low), _iso(value.high)) == (first, last)
    assert value.iso.startswith("FY") and value.note.endswith(f"{dt.date(2000, calendar.end_month, 1):%B}")


def test_without_a_calendar_a_fiscal_period_stays_fiscal():
    value = _one("Q4 fiscal 2024")
    assert fiscal_as_calendar(value, None) is value and value.dimension == FISCAL
    calendar_date = _one("Q4 2024")
    assert fiscal_as_calendar(calendar_date, FiscalCalendar(6)) is calendar_date


@pytest.mark.parametrize(
    "text,first,last",
    [
        ("fiscal 2024", "2023-02-01", "2025-03-31"),
        ("Q1 fiscal 2025", "2024-02-01", "2025-06-30"),
        ("Q4 FY24", "2023-11-01", "2025-03-31"),
    ],
)
def test_fiscal_envelope(text, first, last):
    lo, hi = fiscal_envelope(_one(text))
    assert (_iso(lo), _iso(hi)) == (first, last)


@pytest.mark.parametrize(
    "day,calendar,expected",
    [
        ("June 29, 2024", None, "FY2024"),
        ("June 29, 2024", FiscalCalendar(6), "FY2024 (2023-07 to 2024-06)"),
        ("January 28, 2024", None, None),  # named either way
        ("February 3, 2024", FiscalCalendar(1, 1), "FY2023 (2023-02 to 2024-01)"),
        ("March 2024", None, None),  # not a day
    ],
)
def test_fiscal_year_ended(day, calendar, expected):
    value = fiscal_year_ended(_one(day), calendar)
    assert (value.iso if value is not None else None) == expected


PRESS = "NVIDIA reported revenue for the fourth quarter of fiscal 2024 of $22.1 billion, up 265% from a year ago."
NVIDIA_Q4 = "Revenue for the fourth quarter ended January 28, 2024, was $22.1 billion."
MSFT = "Revenue for the fiscal year ended June 30, 2024 was $245.1 billion."
QUARTERS = (
    "Revenue for the fourth quarter of fiscal 2024 was $22.1 billion; for the third quarter of "
    "fiscal 2024 it was $18.1 billion."
)
DEFICIT = "The fiscal year ends Sept. 30. The deficit for fiscal 2024 was $1.8 trillion, up 8% from fiscal 2023."
STATEMENT = """(In millions)

| | Three Months Ended September 28, 2024 | Three Months Ended September 30, 2023 |
|---|---|---|
| Revenue | $ 410.2 | $ 380.0 |
"""
ANNUAL = """(In millions)

| | Fiscal Year Ended June 29, 2024 | Fiscal Year Ended June 24, 2023 |
|---|---|---|
| Revenue | $ 1,284.5 | $ 1,150.2 |
"""


@pytest.mark.parametrize(
    "answer,source,status",
    [
        ("In Q4 fiscal 2024, revenue was $22.1 billion.", PRESS, "grounded"),
        ("In Q4 FY24, revenue was $22.1 billion.", PRESS, "grounded"),
        ("In the third quarter of fiscal 2024, revenue was $18.1 billion.", QUARTERS, "grounded"),
        (
            "In Q2 fiscal 2024, revenue was $18.1 billion.",
            "Revenue for the third quarter of fiscal 2024 was $18.1 billion.",
            "mismatch",
        ),
        # a fiscal quarter against calendar dates, the calendar unknown: no verdict (was a mismatch
        # against "January 28, 2024", read as October to December 2024)
        ("In Q4 FY24, revenue was $22.1 billion.", NVIDIA_Q4, "unsupported"),
        ("In fiscal 2024, revenue was $245.1 billion.", MSFT, "grounded"),
        ("In fiscal 2023, revenue was $245.1 billion.", "Revenue for fiscal year 2024 was $245.1 billion.", "mismatch"),
        # the calendar stated: the first quarter is the column's; the second no column's (a column's
        # date grounds a date but never refutes one: the other columns have other dates)
        ("In Q1 fiscal 2025, revenue was $410.2 million.", STATEMENT + "\nOur fiscal year-end is June 30.", "grounded"),
        (
            "In Q2 fiscal 2025, revenue was $410.2 million.",
            STATEMENT + "\nOur fiscal year-end is June 30.",
            "unsupported",
        ),
        ("In Q1 fiscal 2025, revenue was $410.2 million.", STATEMENT, "unsupported"),
        ("In fiscal 2024, revenue was $1,284.5 million.", ANNUAL, "grounded"),
        # the same name without "fiscal" grounds it, a comparison year nearby notwithstanding
        ("The 2024 fiscal year deficit was $1.8 trillion.", DEFICIT, "grounded"),
        ("The 2024 deficit was $1.8 trillion.", DEFICIT, "grounded"),
        ("The 2022 fiscal year deficit was $1.8 trillion.", DEFICIT, "mismatch"),
        ("In fiscal 2022, revenue was $1,284.5 million.", ANNUAL, "mismatch"),
    ],
)
def test_fiscal_period_grounding(nlp_blank, answer, source, status):
    doc = spacy_ground.check(nlp_blank, answer, sources=[source])
    date = [c for c in doc.spans["ground_claims"] if c._.claim["kind"] == "date"][0]
    assert date._.ground_numeric["status"] == status, date._.ground_numeric


@pytest.mark.parametrize(
    "answer,status",
    [
        ("In fiscal 2024, revenue was $1,284.5 million.", "grounded"),
        ("In fiscal 2023, revenue was $1,150.2 million.", "grounded"),
        ("In fiscal 2023, revenue was $1,284.5 million.", "mismatch"),  # fiscal 2024's figure
        ("Fiscal 2024 revenue grew 11.7%.", "grounded"),
        ("Fiscal 2024 revenue grew 15%.", "mismatch"),
    ],
)
def test_fiscal_year_columns(nlp_blank, answer, status):
    doc = spacy_ground.check(nlp_blank, answer, sources=[ANNUAL])
    figure = [c for c in doc.spans["ground_claims"] if c._.claim["kind"] != "date"][0]
    assert figure._.ground_numeric["status"] == status, figure._.ground_numeric


def test_a_fiscal_quarter_is_read_against_the_column_its_calendar_gives(nlp_blank):
    source = STATEMENT + "\nOur fiscal year-end is June 30."
    doc = spacy_ground.check(nlp_blank, "In Q1 fiscal 2025, revenue was $380.0 million.", sources=[source])
    money = [c for c in doc.spans["ground_claims"] if c._.claim["kind"] == "money"][0]._.ground_numeric
    assert money["status"] == "mismatch" and "September 28, 2024" in money["reason"]
