"""Statements about which days a business opens, against a record's weekday hours (hours.py)."""

import json

import pytest

import spacy_ground
from spacy_ground.checks.hours import check_hours_facts, weekly_hours

# Monday "0:0-0:0" (no hours that day), Wednesday left out (closed)
HOURS = {
    "Monday": "0:0-0:0",
    "Tuesday": "11:0-21:0",
    "Thursday": "11:0-21:0",
    "Friday": "11:0-22:0",
    "Saturday": "10:0-22:0",
    "Sunday": "10:0-21:0",
}
RECORD = json.dumps({"name": "Verde", "hours": HOURS, "attributes": {"WiFi": "free"}})
EVERY = json.dumps(
    {"hours": {d: "9:0-17:0" for d in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")}}
)


@pytest.mark.parametrize(
    "answer,expected",
    [
        # open on a set of days: a closed day among them is a conflict
        ("The restaurant is open seven days a week.", [("open", "conflict", "seven days a week")]),
        (
            "Verde is open from 11:00 am to 11:00 pm every day of the week.",
            [("open", "conflict", "every day of the week")],
        ),
        ("It is open daily from 11 am.", [("open", "conflict", "daily")]),
        ("Hours: 11 am - 11 pm, 7 days per week.", [("open", "conflict", "7 days per week")]),
        ("It is open Tuesday through Sunday.", [("open", "conflict", "Tuesday through Sunday")]),
        ("It is open Thursday to Sunday from 11 am.", [("open", "grounded", "Thursday to Sunday")]),
        # the days a sentence excepts are not said to be open
        ("It is open every day except Mondays and Wednesdays.", [("open", "grounded", "every day")]),
        (
            "It is open daily, but closed on Mondays and Wednesdays.",
            [("open", "grounded", "daily"), ("closed", "grounded", "closed on Mondays and Wednesdays")],
        ),
        # one statement per sentence
        (
            "The venue operates from Monday to Sunday, with varying hours each day.",
            [("open", "conflict", "Monday to Sunday"), ("varies", "grounded", "varying hours")],
        ),
        # closed days
        ("It is closed on Mondays.", [("closed", "grounded", "closed on Mondays")]),
        ("It is closed on Wednesdays and Fridays.", [("closed", "conflict", "closed on Wednesdays and Fridays")]),
        # longer or shorter hours than the other days
        ("It has extended hours on weekends.", [("longer", "grounded", "extended hours on weekends")]),
        ("It has extended hours on Tuesdays.", [("longer", "conflict", "extended hours on Tuesdays")]),
        ("It has shorter hours on Tuesdays.", [("shorter", "grounded", "shorter hours on Tuesdays")]),
        (
            "It has slightly shorter hours on Saturdays.",
            [("shorter", "conflict", "slightly shorter hours on Saturdays")],
        ),
        (
            "It has extended hours until 10 pm on Fridays.",
            [("longer", "grounded", "extended hours until 10 pm on Fridays")],
        ),
        # not said, or said of something else
        ("It is not open every day.", []),
        ("They aren't open seven days a week.", []),
        ("It may be open every day.", []),
        ("Happy hour runs daily at the bar, and it opens at 11.", []),
        ("It serves daily specials and opens at 11.", []),
        ("Breakfast is served every day from 7 am, when it opens.", []),
        ("The staff is friendly every day.", []),
        ("Mon - Sun is a long week.", []),
    ],
)
def test_hours_statements(answer, expected):
    facts = check_hours_facts(answer, [RECORD])
    assert [(f["claim"], f["status"], f["text"]) for f in facts] == expected
    for f in facts:
        assert f["path"] == "hours" and answer[f["start"] : f["end"]] == f["text"] and f["reason"]


def test_reasons_name_the_days_and_the_record_hours():
    (fact,) = check_hours_facts("It is open seven days a week.", [RECORD])
    assert "Monday and Wednesday" in fact["reason"]
    assert fact["value"]["Tuesday"] == "11:00-21:00" and fact["value"]["Wednesday"] is None
    (fact,) = check_hours_facts("It has extended hours on Tuesdays.", [RECORD])
    assert "Tuesday 11:00-21:00" in fact["reason"] and "median" in fact["reason"]


def test_all_days_open():
    facts = check_hours_facts("It is open Monday through Sunday from 9 to 5, and closed on Sundays.", [EVERY])
    # Sunday is excepted from the range, and its closing conflicts with the record
    assert [(f["claim"], f["status"]) for f in facts] == [("open", "grounded"), ("closed", "conflict")]
    facts = check_hours_facts("It is open Monday through Sunday from 9 to 5.", [EVERY])
    assert [(f["claim"], f["status"]) for f in facts] == [("open", "grounded")]


@pytest.mark.parametrize(
    "sources,expected",
    [
        ([json.dumps({"name": "X", "attributes": {"WiFi": "free"}})], [("open", "unsupported")]),
        # every day "0:0-0:0": nothing is known
        ([json.dumps({"hours": {"Monday": "0:0-0:0", "Tuesday": "0:0-0:0"}})], [("open", "unsupported")]),
        (["It is open from 9 to 5 on weekdays."], []),  # no record: nothing to judge
        ([], []),
    ],
)
def test_without_weekday_hours(sources, expected):
    facts = check_hours_facts("It is open seven days a week.", sources)
    assert [(f["claim"], f["status"]) for f in facts] == expected


def test_weekly_hours():
    week = weekly_hours([json.loads(RECORD)])
    assert week[0] is None and week[2] is None  # "0:0-0:0" and a day left out are closed
    assert week[1] == (660.0, 1260.0)
    assert weekly_hours([{"hours": {"Friday": "10:0-1:0"}}])[4] == (600.0, 1500.0)  # past midnight
    assert weekly_hours([{"hours": "9-5"}]) is None
    assert weekly_hours([{"hours": {"Monday": "0:0-0:0"}}]) is None


def test_pipeline_flags_a_closed_day():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    doc = spacy_ground.check(nlp, "Verde is open seven days a week and offers free WiFi.", [RECORD])
    facts = doc._.record_facts
    assert [(f["path"], f["status"]) for f in facts if "check" not in f] == [
        ("hours", "conflict"),
        ("attributes.WiFi", "grounded"),
    ]


CLOSED_MON_WED = json.dumps(
    {"hours": {"Thursday": "11:0-21:0", "Friday": "11:0-22:0", "Saturday": "10:0-22:0", "Sunday": "10:0-21:0"}}
)
EARLY_WEEKENDS = json.dumps(
    {
        "hours": {
            d: ("8:0-22:0" if d in ("Saturday", "Sunday") else "11:0-22:0")
            for d in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
        }
    }
)


@pytest.mark.parametrize(
    "answer,record,expected",
    [
        # exceptions after "a.m." and abbreviated days, other ways to except days, and ranges of days
        (
            "Open seven days a week from 10 a.m. to 10 p.m., except Mondays and Wednesdays.",
            RECORD,
            [("open", "grounded")],
        ),
        (
            "It is open daily from 11 a.m. to 10 p.m., but closed on Mondays and Wednesdays.",
            RECORD,
            [("open", "grounded"), ("closed", "grounded")],
        ),
        ("It is open every day except Mon. and Wed. from 11 am.", RECORD, [("open", "grounded")]),
        ("It is open every day but Monday and Wednesday.", RECORD, [("open", "grounded")]),
        ("It is open daily with the exception of Mondays and Wednesdays.", RECORD, [("open", "grounded")]),
        ("It is open daily, excluding Mondays and Wednesdays.", RECORD, [("open", "grounded")]),
        ("It is open every day except Monday through Wednesday.", CLOSED_MON_WED, [("open", "grounded")]),
        (
            "The restaurant is closed from Monday to Wednesday and opens Thursday at 11 am.",
            CLOSED_MON_WED,
            [("closed", "grounded")],
        ),
        # an excepted day that still opens is still said to open
        (
            "It is open Monday to Sunday from 4 pm to 10 pm, except for Wednesday when it closes at 11 pm.",
            RECORD,
            [("open", "conflict")],
        ),
        # hours that vary by day say nothing of which days are open
        ("The hours vary each day.", RECORD, [("varies", "grounded")]),
        ("The business has different opening hours each day.", RECORD, [("varies", "grounded")]),
        ("The business hours for each day are listed in the record.", RECORD, []),
        # the opening word belongs to another clause; hours of something else
        ("The menu changes daily, and the restaurant opens at 5 pm.", RECORD, []),
        ("Fresh bread is baked daily, and the bakery opens at 7 am.", RECORD, []),
        ("Takeout is available every day during opening hours.", RECORD, []),
        # past, wished, or planned
        ("It used to be open seven days a week.", RECORD, []),
        ("One customer wished it were open seven days a week.", RECORD, []),
        ("It will be open seven days a week starting next month.", RECORD, []),
        # a part of the business, a visit, part of a day
        ("The patio is closed on weekends.", RECORD, []),
        ("One reviewer was disappointed to find it closed on Tuesday.", RECORD, []),
        ("It is closed on Tuesday mornings.", RECORD, []),
        ("The patio has extended hours on weekends.", RECORD, []),
        # earlier and later hours
        (
            "It opens at 8 am on weekends, with earlier hours on Saturdays and Sundays.",
            EARLY_WEEKENDS,
            [("earlier", "grounded")],
        ),
        ("It has later hours on weekends.", EARLY_WEEKENDS, [("later", "conflict")]),
        # statements it now reads
        ("It is open for breakfast, lunch, and dinner seven days a week.", RECORD, [("open", "conflict")]),
        (
            "The restaurant is open daily, and its rooftop bar is open Thursday to Saturday.",
            RECORD,
            [("open", "conflict")],
        ),
        ("Not only is it open every day, it also delivers.", RECORD, [("open", "conflict")]),
        ("It is open every day, but hours may vary.", RECORD, [("open", "conflict")]),
        ("It is open Monday‑Sunday.", RECORD, [("open", "conflict")]),
    ],
)
def test_review_cases(answer, record, expected):
    assert [(f["claim"], f["status"]) for f in check_hours_facts(answer, [record])] == expected


def test_values_that_are_no_clock_times_are_unknown():
    record = json.dumps(
        {
            "hours": {
                "Monday": "24 hours",
                "Tuesday": None,
                "Wednesday": 9,
                "Thursday": "9:0-17:0",
                "Friday": "9:0-17:0",
                "Saturday": "9:0-17:0",
                "Sunday": "9:0-17:0",
            }
        }
    )
    week = weekly_hours([json.loads(record)])
    assert set(week) == {3, 4, 5, 6}
    (fact,) = check_hours_facts("It is open seven days a week.", [record])
    assert fact["status"] == "unsupported" and "Monday, Tuesday and Wednesday" in fact["reason"]
    (fact,) = check_hours_facts("It is closed on Mondays.", [record])
    assert fact["status"] == "unsupported"
    assert check_hours_facts("It is open daily.", None) == []


ALL_DAYS_BUT_SAT = json.dumps(
    {
        "hours": {
            **{d: "9:0-17:0" for d in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Sunday")},
            "Saturday": "24 hours",
        }
    }
)


@pytest.mark.parametrize(
    "answer,record,expected",
    [
        # questions
        ("Is it open seven days a week? No, it is closed on Mondays and Wednesdays.", RECORD, [("closed", "grounded")]),
        # exceptions after "a.m. -", with slashes, "exceptions of", and "except ..., open from ..."
        ("It is open daily from 11 a.m. - 10 p.m., except Mondays and Wednesdays.", RECORD, [("open", "grounded")]),
        ("It is open every day except Mon/Wed.", RECORD, [("open", "grounded")]),
        ("It is open daily with the exceptions of Monday and Wednesday.", RECORD, [("open", "grounded")]),
        (
            "It is open every day except Mondays and Wednesdays, open from 11 am to 9 pm.",
            RECORD,
            [("open", "grounded")],
        ),
        # schedules introduced, not stated
        ("Here are the opening hours for Monday through Sunday:", RECORD, []),
        ("The hours each day are as follows:", RECORD, []),
        # the clause before opens, this one speaks of something else
        ("The restaurant opens at 11 am and offers fresh fish daily.", RECORD, []),
        ("It opens at 5 pm and hosts live music Thursday through Saturday.", RECORD, []),
        # hedges and the past
        ("There is no information about whether it is open daily.", RECORD, []),
        ("The restaurant was open seven days a week until last year.", RECORD, []),
        # part of a day or a season
        ("It is closed on Sundays after 3 pm.", RECORD, []),
        ("It is closed Sundays in the summer.", RECORD, []),
        # a day whose hours are no clock times
        ("It has extended hours on weekends.", ALL_DAYS_BUT_SAT, [("longer", "unsupported")]),
        # a name is no kitchen or bar
        ("Kyle's Kitchen operates seven days a week.", RECORD, [("open", "conflict")]),
    ],
)
def test_second_review_cases(answer, record, expected):
    assert [(f["claim"], f["status"]) for f in check_hours_facts(answer, [record])] == expected


def test_closed_as_a_value():
    week = weekly_hours([{"hours": {"Monday": "Closed", "Tuesday": "9:0-17:0"}}])
    assert week[0] is None and week[1] == (540.0, 1020.0)


SAME_HOURS = json.dumps(
    {
        "hours": {
            **{d: "8:0-14:0" for d in ("Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")},
            "Monday": "0:0-0:0",
        }
    }
)


@pytest.mark.parametrize(
    "answer,record,expected",
    [
        # hours that vary: a conflict when every day the business opens has the same range
        (
            "The cafe is open from Tuesday to Sunday, and the hours vary depending on the day.",
            SAME_HOURS,
            [("open", "grounded"), ("varies", "conflict")],
        ),
        ("It has varying hours.", SAME_HOURS, [("varies", "conflict")]),
        ("The hours of operation are varied.", SAME_HOURS, [("varies", "conflict")]),
        ("It has varying hours.", RECORD, [("varies", "grounded")]),
        ("It has varying hours.", ALL_DAYS_BUT_SAT, [("varies", "unsupported")]),
        ("Its hours do not vary.", SAME_HOURS, []),
        ("Its hours vary by season.", SAME_HOURS, []),
        ("The hours may vary on holidays.", SAME_HOURS, []),
        ("Opening hours vary seasonally.", SAME_HOURS, []),
        ("Happy hour times vary by day, and it opens at 8.", SAME_HOURS, []),
    ],
)
def test_varying_hours(answer, record, expected):
    assert [(f["claim"], f["status"]) for f in check_hours_facts(answer, [record])] == expected
    conflict = [f for f in check_hours_facts(answer, [record]) if f["status"] == "conflict" and f["claim"] == "varies"]
    for f in conflict:
        assert (
            "8:00-14:00 on every day it opens (Tuesday, Wednesday, Thursday, Friday, Saturday and Sunday)"
            in f["reason"]
        )


@pytest.mark.parametrize(
    "answer,expected",
    [
        ("It is closed on Mondays.", [("closed", "unsupported")]),
        ("It has varying hours.", [("varies", "unsupported")]),
        ("It has extended hours on weekends.", [("longer", "unsupported")]),
    ],
)
def test_statements_without_weekday_hours(answer, expected):
    record = json.dumps({"name": "X", "attributes": {"WiFi": "free"}})
    assert [(f["claim"], f["status"]) for f in check_hours_facts(answer, [record])] == expected


def test_several_records_a_conflict_only_when_none_agrees():
    every = json.loads(EVERY)
    answer = "Verde is open every day."
    for sources in ([RECORD, EVERY], [EVERY, RECORD], [json.dumps([json.loads(RECORD), every])]):
        assert [f["status"] for f in check_hours_facts(answer, sources)] == ["grounded"]
    assert [f["status"] for f in check_hours_facts(answer, [RECORD, RECORD])] == ["conflict"]


@pytest.mark.parametrize(
    "answer,record,expected",
    [
        # days named after "every day" say which
        ("Verde is open every day from Tuesday to Sunday.", RECORD, [("open", "conflict")]),
        ("Verde is open every day from Thursday to Sunday.", RECORD, [("open", "grounded")]),
        ("It is open every day, Monday and Wednesday excluded.", RECORD, [("open", "grounded")]),
        # a closing on a date is no weekly closing
        ("Verde is closed on Monday, September 1.", EVERY, []),
        # every day but one is no set of open days
        ("It is open Monday and Tuesday, except Tuesday.", EVERY, []),
        # nothing to compare: every other day is closed or unknown
        (
            "It has extended hours on Saturdays.",
            json.dumps({"hours": {"Saturday": "9:0-22:0"}}),
            [("longer", "unsupported")],
        ),
        # a closed day is open less, not longer
        ("It has extended hours on Mondays.", RECORD, [("longer", "conflict")]),
        ("It has shorter hours on Mondays.", RECORD, [("shorter", "grounded")]),
        # a day with two ranges runs from the first opening to the last closing
        (
            "It has extended hours on Mondays.",
            json.dumps({"hours": {"Monday": "9:0-14:0, 17:0-23:0", "Tuesday": "9:0-21:0", "Wednesday": "9:0-21:0"}}),
            [("longer", "grounded")],
        ),
    ],
)
def test_final_review_cases(answer, record, expected):
    assert [(f["claim"], f["status"]) for f in check_hours_facts(answer, [record])] == expected
