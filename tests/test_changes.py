"""Change claims against the statement rows they name (changes.py): "Operating income grew 12%"
against the row's change column, or against the change its period columns give."""

import pytest

import spacy_ground
from spacy_ground.checks.changes import FALL, RISE, change_direction, ellipsis, named_row_key, respective_key
from spacy_ground.text.values import ClaimValue

QUARTERS = """CONSOLIDATED STATEMENTS OF OPERATIONS
(in millions)

| | Three Months Ended September 30, 2024 | Three Months Ended September 30, 2023 | Nine Months Ended September 30, 2024 | Nine Months Ended September 30, 2023 |
|---|---|---|---|---|
| Revenue | $210.0 | $180.0 | $600.0 | $520.0 |
| Operating income | 45.2 | 40.4 | 120.0 | 100.0 |
| Net loss | (1.1) | (3.7) | (5.9) | (12.9) |
| Gross margin | 42.1% | 40.8% | 41.0% | 40.0% |
"""

SEQUENTIAL = """| (in millions) | Q3 2024 | Q2 2024 | Q3 2023 |
|---|---|---|---|
| Revenue | $210.0 | $200.0 | $180.0 |
| Operating income | $45.2 | $43.0 | $40.4 |
"""

WITH_CHANGE = """| (in millions) | 2024 | 2023 | % Change |
|---|---|---|---|
| Revenue | $210.0 | $180.0 | 17% |
| Operating income | $45.2 | $40.4 | 12% |
| Net income | $30.1 | $27.9 | 8% |
"""

SEGMENTS = """($ in millions)

| | Q3 2024 | Q3 2023 | % chg |
|---|---|---|---|
| **Industrial** | | | |
| Revenue | 1,126 | 1,032 | 9 |
| Segment margin | 19.0% | 17.6% | 1.4 pts |
| **Healthcare** | | | |
| Revenue | 648 | 684 | (5) |
| Segment margin | 15.0% | 16.8% | (1.8) pts |
"""

TEXT = """CASCADE NETWORKS CORP.
(in millions)

                              Q4 2024      Q4 2023        Y/Y
Revenue                     $ 1,284.5    $ 1,098.2        17%
Gross margin                    58.3%        56.9%   +140 bps
Operating income                215.8        171.4        26%
Net income                      162.3        141.0        15%
"""


@pytest.mark.parametrize(
    "before,after,direction",
    [
        ("Operating income grew ", ".", RISE),
        ("Revenue was up ", " year over year.", RISE),
        ("The net loss narrowed by ", ".", FALL),
        ("Sales fell ", ".", FALL),
        ("A ", " increase in operating income.", RISE),
        ("A ", " decline in revenue.", FALL),
        ("Revenue growth of ", ".", RISE),
        ("Gross profit grew 22%, or ", ", in 2024.", RISE),  # the figure before's clause
        ("Gross margin increased to ", ".", None),  # a level
        ("Revenue rose to $210.0 million, up from ", ".", None),  # the prior level
        ("Revenue was ", ".", None),
        ("Revenue was more than ", ".", None),  # a qualifier, not a change
    ],
)
def test_change_direction(before, after, direction):
    assert change_direction(before, after) == direction


KEYS = ["revenue", "operating income", "net income", "net income per share", "gross margin"]


@pytest.mark.parametrize(
    "sentence,figure,key",
    [
        ("Operating income grew 12%.", "12%", "operating income"),
        ("Acme's revenue was up 17% year over year.", "17%", "revenue"),
        ("In the third quarter, revenue grew 17%.", "17%", "revenue"),
        ("Revenue for the third quarter of 2024 grew 17%.", "17%", "revenue"),
        ("Revenue rose to $210.0 million, up 17% from a year earlier.", "17%", "revenue"),
        ("A 12% increase in operating income lifted results.", "12%", "operating income"),
        ("Subscription revenue grew 25%.", "25%", None),  # another row than Revenue
        ("Revenue from services grew 25%.", "25%", None),
        ("Revenue and operating income grew 17% and 12%, respectively.", "17%", None),
        ("Net income per share grew 9%.", "9%", "net income per share"),
        ("Growth was driven by a 25% increase in subscriptions.", "25%", None),
    ],
)
def test_named_row_key(sentence, figure, key):
    start = sentence.index(figure)
    previous = [sentence.index(f) + len(f) for f in ("$210.0 million",) if f in sentence and sentence.index(f) < start]
    found = named_row_key(sentence, max([0] + previous), 0, start, start + len(figure), KEYS)
    assert found == key


def test_respective_key():
    s = "Revenue and operating income grew 17% and 12%, respectively."
    figures = [(s.index("17%"), s.index("17%") + 3), (s.index("12%"), s.index("12%") + 3)]
    assert [respective_key(s, 0, figures, n, KEYS) for n in (0, 1)] == ["revenue", "operating income"]
    s2 = "Revenue and operating income grew 17% and 12%."
    assert respective_key(s2, 0, figures, 1, KEYS) is None  # no "respectively": no pairing


@pytest.mark.parametrize(
    "between,joined",
    [
        (" in the quarter and ", True),
        (" and ", True),
        (", and ", True),
        (" sequentially and ", True),
        (", driven by ", False),
        (" and subscription revenue ", False),
    ],
)
def test_ellipsis(between, joined):
    assert ellipsis(between) == joined


def claim(nlp, answer, source, text):
    doc = spacy_ground.check(nlp, answer, sources=[source])
    return next(c for c in doc.spans["ground_claims"] if c.text == text)._.ground_numeric


@pytest.mark.parametrize(
    "source,answer,figure,status",
    [
        # computed from the period columns: 45.2 against 40.4 is +11.9%, $4.8 million
        (QUARTERS, "Operating income grew 12% to $45.2 million in the third quarter of 2024.", "12%", "grounded"),
        (QUARTERS, "Operating income grew 11.9% in the third quarter.", "11.9%", "grounded"),
        (QUARTERS, "Operating income was up nearly 12% in the third quarter.", "nearly 12%", "grounded"),
        (QUARTERS, "Operating income grew 15% in the third quarter.", "15%", "mismatch"),
        (QUARTERS, "Operating income fell 12% in the third quarter.", "12%", "mismatch"),  # it rose
        (QUARTERS, "Operating income increased $4.8 million in the third quarter of 2024.", "$4.8 million", "grounded"),
        (QUARTERS, "Operating income increased $5.8 million in the third quarter of 2024.", "$5.8 million", "mismatch"),
        (QUARTERS, "Operating income rose 20% for the nine months ended September 30, 2024.", "20%", "grounded"),
        (QUARTERS, "Operating income rose 12% for the nine months ended September 30, 2024.", "12%", "mismatch"),
        (QUARTERS, "For the first nine months of 2024, operating income increased 20%.", "20%", "grounded"),
        (QUARTERS, "Revenue rose to $210.0 million, up 17% from a year earlier.", "17%", "grounded"),
        (QUARTERS, "A 17% increase in operating income lifted results.", "17%", "mismatch"),
        (QUARTERS, "Gross margin expanded 130 basis points to 42.1%.", "130 basis points", "grounded"),
        (QUARTERS, "Gross margin expanded 150 basis points to 42.1%.", "150 basis points", "mismatch"),
        (QUARTERS, "Gross margin rose 1.3% to 42.1%.", "1.3%", "mismatch"),  # points, not percent
        (QUARTERS, "The net loss narrowed 70% to $1.1 million.", "70%", "grounded"),  # of its size
        (QUARTERS, "The net loss narrowed by $2.6 million.", "$2.6 million", "grounded"),
        (QUARTERS, "The net loss widened by 70%.", "70%", "mismatch"),
        # "respectively", and a figure joined to the change before it
        (QUARTERS, "Revenue and operating income grew 17% and 12%, respectively.", "12%", "grounded"),
        (QUARTERS, "Revenue and operating income grew 17% and 17%, respectively.", "17%", "grounded"),
        (QUARTERS, "Operating income grew 12% in the quarter and 20% in the first nine months.", "20%", "grounded"),
        (QUARTERS, "Operating income grew 12% in the quarter and 12% in the first nine months.", "12%", "grounded"),
        # the quarter before and the same quarter a year before
        (SEQUENTIAL, "Revenue grew 5% sequentially.", "5%", "grounded"),
        (SEQUENTIAL, "Revenue grew 17% year over year.", "17%", "grounded"),
        (SEQUENTIAL, "Revenue grew 5% year over year.", "5%", "mismatch"),
        (SEQUENTIAL, "Revenue grew 9% in the third quarter.", "9%", "mismatch"),
        # a change column: the named row's cell, not another row's
        (WITH_CHANGE, "Operating income grew 12% to $45.2 million.", "12%", "grounded"),
        (WITH_CHANGE, "Operating income grew 17% to $45.2 million.", "17%", "mismatch"),  # revenue's
        (WITH_CHANGE, "Net income fell 8% in 2024.", "8%", "mismatch"),  # it rose
        (SEGMENTS, "Healthcare revenue declined 5% in the third quarter of 2024.", "5%", "grounded"),  # "(5)"
        (SEGMENTS, "Healthcare revenue grew 5% in the third quarter of 2024.", "5%", "mismatch"),
        (SEGMENTS, "Healthcare segment margin contracted 180 basis points to 15.0%.", "180 basis points", "grounded"),
        (SEGMENTS, "Industrial segment margin expanded 1.4% to 19.0%.", "1.4%", "mismatch"),  # 1.4 pts
        (TEXT, "Net income rose 26% to $162.3 million.", "26%", "mismatch"),  # operating income's
        (TEXT, "Net income rose 15% to $162.3 million.", "15%", "grounded"),
        (TEXT, "Gross margin expanded 140 basis points.", "140 basis points", "grounded"),
    ],
)
def test_change_claims(nlp_blank, source, answer, figure, status):
    assert claim(nlp_blank, answer, source, figure)["status"] == status


@pytest.mark.parametrize(
    "answer,figure",
    [
        ("Subscription revenue grew 25% in the quarter.", "25%"),  # no such row: not the Revenue row's
        ("Organic revenue grew 9%.", "9%"),  # another basis
        ("Adjusted operating income grew 20%.", "20%"),
        ("Revenue grew at a 12% compound annual rate since 2020.", "12%"),
    ],
)
def test_changes_the_rows_do_not_give_are_not_refuted(nlp_blank, answer, figure):
    assert claim(nlp_blank, answer, QUARTERS, figure)["status"] == "unsupported"


def test_a_computed_change_names_its_cells_and_is_read_by_the_cross_encoder():
    nlp = spacy_ground.load()
    doc = spacy_ground.check(nlp, "Operating income grew 15% in the third quarter.", sources=[QUARTERS])
    result = next(c for c in doc.spans["ground_claims"] if c.text == "15%")._.ground_numeric
    assert result["reason"] == (
        "the table row 'Operating income' gives a rise of 11.9% ('$45.2 million' under "
        "'Three Months Ended September 30, 2024' against '$40.4 million' under "
        "'Three Months Ended September 30, 2023')"
    )
    near = result["nearest"]
    assert near["derived"] and near["text"] == "11.9%"
    # its offsets cover the two cells it was computed from
    assert "45.2" in QUARTERS[near["start"] : near["end"]] and "40.4" in QUARTERS[near["start"] : near["end"]]
    assert result["statement"].startswith("Operating income rose 11.9% from $40.4 million")
    g = doc._.grounding
    assert any(
        "'15%' does not match the sources: the table row 'Operating income' gives a rise of 11.9%" in r
        for r in g.reasons
    )
    ok = spacy_ground.check(nlp, "Operating income grew 12% in the third quarter.", sources=[QUARTERS])
    (sent,) = ok.spans["ground_sentences"]
    premise = nlp.get_pipe("ground_entail").pairs(ok)[0][2][0]
    assert premise.startswith("Operating income rose 12% from $40.4 million")
    assert sent._.entailment["supported"] > 0.0
    assert ok._.grounding.action == "pass"


def test_the_words_a_grounded_change_was_read_with_are_not_absent():
    from spacy_ground.fusion.features import without_grounded_claims

    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    doc = spacy_ground.check(nlp, "Revenue grew 17% year over year.", sources=[SEQUENTIAL])
    assert without_grounded_claims(doc).split() == ["Revenue", "."]
    bad = spacy_ground.check(nlp, "Revenue grew 5% year over year.", sources=[SEQUENTIAL])
    assert "grew" in without_grounded_claims(bad)  # a mismatch's words still count


def test_prose_stating_the_figure_wins():
    source = WITH_CHANGE + "\nOperating income grew 17% on a constant-currency basis.\n"
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    assert claim(nlp, "Operating income grew 17%.", source, "17%")["status"] == "grounded"


def test_dates_inside_the_year_the_sentence_names():
    from datetime import date

    from spacy_ground.checks.changes import _dated

    def day(d):
        return ClaimValue(
            kind="date", text=str(d), value=d.toordinal(), low=d.toordinal(), high=d.toordinal() + 1, granularity="day"
        )

    y = date(2024, 1, 1).toordinal()
    year = ClaimValue(kind="date", text="2024", value=y, low=y, high=date(2025, 1, 1).toordinal(), granularity="year")
    assert _dated(year, day(date(2024, 9, 30)))
    assert not _dated(year, day(date(2023, 9, 30)))


PROSE = (
    "Lumen Software Reports Third Quarter 2024 Results. Revenue was $210.0 million, compared with $180.0 "
    "million a year ago. Gross margin was 42.1%, compared with 40.6% in the third quarter of 2023. Net income "
    "was $33.9 million, or $0.82 per diluted share, compared with $30.6 million, or $0.74 per diluted share, a "
    "year ago. The net loss from discontinued operations narrowed to $12 million from $40 million."
)


@pytest.mark.parametrize(
    "sentence,pairs",
    [
        ("Revenue was $210.0 million, compared with $180.0 million a year ago.", [("Revenue", 0, 1)]),
        ("Acme reported third-quarter revenue of $210.0 million, up from $180.0 million.", [("revenue", 0, 1)]),
        ("Net income for the quarter rose to $33.9 million from $30.5 million.", [("Net income", 0, 1)]),
        (
            "Net income was $33.9 million, or $0.82 per diluted share, compared with $30.6 million, or $0.74 per "
            "diluted share.",
            [("Net income", 0, 2)],
        ),
        ("The PAC gave around $2 million to Republicans versus less than $500,000 to Democrats.", []),
        ("Roughly a quarter (23%) have been married before, compared with 13% in 1960.", []),
    ],
)
def test_prose_pairs(sentence, pairs):
    import re

    from spacy_ground.checks.changes import prose_pairs

    figures = [
        m.span() for m in re.finditer(r"(?:\$\s?)?\d[\d,.]*\d(?:\s?%| million)?|\$?\d(?:\s?%| million)?", sentence)
    ]
    assert prose_pairs(sentence, figures) == pairs


@pytest.mark.parametrize(
    "answer,figure,status",
    [
        ("Revenue grew 17% year over year to $210.0 million.", "17%", "grounded"),
        ("Revenue increased $30.0 million year over year.", "$30.0 million", "grounded"),
        ("Revenue increased $35.0 million year over year.", "$35.0 million", "mismatch"),
        ("Gross margin expanded 150 basis points to 42.1%.", "150 basis points", "grounded"),
        ("Net income grew about 11% to $33.9 million.", "about 11%", "grounded"),
        ("Net income declined 11% in the third quarter of 2024.", "11%", "mismatch"),
        ("The net loss from discontinued operations narrowed 70%.", "70%", "grounded"),
    ],
)
def test_changes_between_figures_a_sentence_of_prose_compares(nlp_blank, answer, figure, status):
    result = claim(nlp_blank, answer, PROSE, figure)
    assert result["status"] == status
    if status == "mismatch":
        assert result["reason"].startswith(("the sources' sentence on", "said to fall where the sources' sentence on"))


FAVOURABLE = """| (in millions) | 2024 | 2023 | Favorable (Unfavorable) $ | Favorable (Unfavorable) % |
|---|---|---|---|---|
| Operating revenues | $6,840 | $6,215 | $625 | 10.1% |
| Fuel expense | 1,720 | 1,880 | 160 | 8.5% |
| Salaries, wages and benefits | 2,310 | 2,140 | (170) | (7.9)% |
| Net loss | (19.5) | (32.0) | 12.5 | NM |
"""


@pytest.mark.parametrize(
    "answer,figure,status",
    [
        # a favourable sign is no direction: the period columns give it (fuel fell, salaries rose)
        ("Fuel expense decreased 8.5% in 2024.", "8.5%", "grounded"),
        ("Fuel expense increased 8.5% in 2024.", "8.5%", "mismatch"),
        ("Salaries, wages and benefits rose 7.9% in 2024.", "7.9%", "grounded"),
        ("Salaries, wages and benefits decreased 7.9% in 2024.", "7.9%", "mismatch"),
        ("Operating revenues increased 10.1% in 2024.", "10.1%", "grounded"),
        # a loss's change is of its size
        ("The net loss narrowed by $12.5 million in 2024.", "$12.5 million", "grounded"),
        ("The net loss widened by $12.5 million in 2024.", "$12.5 million", "mismatch"),
    ],
)
def test_change_columns_whose_sign_is_no_direction(nlp_blank, answer, figure, status):
    assert claim(nlp_blank, answer, FAVOURABLE, figure)["status"] == status


REGIONS = """| ($ in millions) | 2023 | 2024 | % Change |
|---|---|---|---|
| Revenue | 180.0 | 210.0 | 17% |
| Europe | 50.0 | 56.0 | 12% |
| Average revenue per user | 10.0 | 11.2 | 12% |
| Free cash flow | (10.0) | (3.0) | n/m |
| Operating loss | (12.0) | (5.0) | n/m |
"""

YEARS = """| Metric | 2022 | 2023 | 2024 | % Change 2024 vs 2023 |
|---|---|---|---|---|
| Members | 100 | 120 | 126 | 5% |
| Cloud revenue ($M) | 100 | 112 | 125 | 12% |
"""


@pytest.mark.parametrize(
    "source,answer,figure,status",
    [
        # a loss's size: "improved" is a fall of it; another figure below zero rises by its value
        (REGIONS, "The operating loss improved by $7.0 million.", "$7.0 million", "grounded"),
        (REGIONS, "The operating loss increased by $7.0 million.", "$7.0 million", "mismatch"),
        (REGIONS, "Free cash flow rose $7.0 million to -$3.0 million.", "$7.0 million", "grounded"),
        (REGIONS, "Free cash flow improved by $7.0 million.", "$7.0 million", "grounded"),
        # a second figure about something else is no ellipsis of the first row's change
        (REGIONS, "Revenue grew 17%, and 12% in Europe.", "12%", "grounded"),
        (REGIONS, "Revenue grew 17%, compared with 12% a year earlier.", "12%", "grounded"),
        (REGIONS, "Revenue grew 17% and 12%, respectively.", "12%", "grounded"),  # the column holds 12% too
        # "revenue per user" is no revenue
        (REGIONS, "A 12% increase in revenue per user helped.", "12%", "grounded"),
        # a sign the fall word repeats
        (REGIONS, "Revenue declined -17%.", "-17%", "mismatch"),
        # a unit no caption gives: "$20 million" against 120.0 - 100.0 is not refuted
        (REGIONS, "Revenue rose $30 million in 2024.", "$30 million", "grounded"),
        # periods: the change column is the latest year's; two years named are read from their columns
        (YEARS, "Members grew 20% in 2023.", "20%", "grounded"),
        (YEARS, "Members grew 5% in 2023.", "5%", "mismatch"),
        (YEARS, "Members grew 26% from 2022 to 2024.", "26%", "grounded"),
        (YEARS, "Members grew 5% from 2022 to 2024.", "5%", "mismatch"),
        (YEARS, "Members grew 5% in 2024.", "5%", "grounded"),
    ],
)
def test_changes_found_by_the_review(nlp_blank, source, answer, figure, status):
    assert claim(nlp_blank, answer, source, figure)["status"] == status


@pytest.mark.parametrize(
    "answer,figure",
    [
        ("Cloud revenue grew 12% a year.", "12%"),  # a rate over several years
        ("Cloud revenue grew 12% annually between 2022 and 2024.", "12%"),
        ("Members grew 26% over two years.", "26%"),
    ],
)
def test_rates_over_several_periods_are_left_alone(nlp_blank, answer, figure):
    before = claim(nlp_blank, answer, YEARS, figure)
    assert "the table row" not in (before["reason"] or "")


def test_a_total_is_named_by_its_whole_label(nlp_blank):
    source = """| (in millions) | Q2 2024 | Q2 2023 |
|---|---|---|
| Subscription | 842.5 | 702.1 |
| Professional services | 96.8 | 101.3 |
| Total revenue | 939.3 | 803.4 |
"""
    assert (
        claim(nlp_blank, "Total revenue rose $135.9 million in the second quarter of 2024.", source, "$135.9 million")[
            "status"
        ]
        == "grounded"
    )
    assert (
        claim(nlp_blank, "Total revenue rose $140.4 million in the second quarter of 2024.", source, "$140.4 million")[
            "status"
        ]
        == "mismatch"
    )


def test_a_bare_change_of_shares_is_in_points(nlp_blank):
    source = "| Response | 2023 | 2024 | % chg |\n|---|---|---|---|\n| Satisfied | 40% | 46% | 6 |\n| Neutral | 30% | 29% | (1) |\n"
    assert (
        claim(nlp_blank, "Satisfied rose 6 percentage points to 46%.", source, "6 percentage points")["status"]
        == "grounded"
    )
    result = claim(nlp_blank, "Satisfied rose 6% to 46%.", source, "6%")
    assert result["status"] == "mismatch" and result["reason"].startswith("percent is not percentage points")


def test_a_computed_change_in_the_rendered_view():
    from spacy_ground.render import render_markup

    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    doc = spacy_ground.check(nlp, "Operating income grew 15% in the third quarter.", sources=[QUARTERS])
    html = render_markup(doc)
    assert "the sources&#x27; change, computed: 11.9%" in html


EITHER = """| (in millions) | 2024 | 2023 |
|---|---|---|
| Operating income (loss) | 45.2 | 40.4 |
| Gross margin | 42.1% | 43.5% |
| Adjusted margin | >42.1% | >40.8% |
"""

SHARES = """| (in millions) | 2024 | % | 2023 | % |
|---|---|---|---|---|
| Revenue | 210.0 | 100.0% | 180.0 | 100.0% |
| Operating income | 45.2 | 21.5% | 40.4 | 22.4% |
"""

SEGMENT_PROSE = (
    "Revenue in Europe was $50.0 million, compared with $40.0 million a year earlier. Total revenue was "
    "$210.0 million, compared with $180.0 million a year earlier. Gross margin fell to 42.1% from 43.5%."
)


@pytest.mark.parametrize(
    "source,answer,figure,status",
    [
        (PROSE, "Revenue rose $30 billion.", "$30 billion", "mismatch"),  # a scale written out is no slip
        (EITHER, "Operating income improved 12% in 2024.", "12%", "grounded"),  # "(loss)", but income here
        (EITHER, "Operating income worsened 12% in 2024.", "12%", "mismatch"),
        (EITHER, "Gross margin contracted 140 basis points in 2024.", "140 basis points", "grounded"),
        (EITHER, "Gross margin contracted 180 basis points in 2024.", "180 basis points", "mismatch"),
        (SEGMENT_PROSE, "Total revenue grew 17%.", "17%", "grounded"),
        (SEGMENT_PROSE, "Gross margin fell 140 basis points.", "140 basis points", "grounded"),
        (SHARES, "Operating income grew 12% in 2024.", "12%", "grounded"),  # "%" after one period: shares
        (SHARES, "Operating income grew 21.5% in 2024.", "21.5%", "mismatch"),
    ],
)
def test_changes_found_by_the_code_review(nlp_blank, source, answer, figure, status):
    assert claim(nlp_blank, answer, source, figure)["status"] == status


@pytest.mark.parametrize(
    "source,answer,figure",
    [
        (SEGMENT_PROSE, "Revenue grew 17%.", "17%"),  # Europe's sentence is no revenue row
        (QUARTERS, "Revenue costs rose 12% in the third quarter.", "12%"),
        (EITHER, "Adjusted margin rose 9000 basis points.", "9000 basis points"),  # open-ended cells
    ],
)
def test_changes_the_rows_cannot_give_are_not_judged_by_them(nlp_blank, source, answer, figure):
    result = claim(nlp_blank, answer, source, figure)
    assert result["status"] != "grounded" or "table row" not in result["reason"]
    assert "table row" not in (result["reason"] or "") and "sentence on" not in (result["reason"] or "")


# --- changes the sources' prose states (changes.stated_changes, numeric.prose_change_check)


@pytest.mark.parametrize(
    "sentence,expected",
    [
        (
            "Operating income rose 14% to $310 million, and operating margin expanded 90 basis points to 20.4%.",
            [("operating income", "14%", RISE), ("operating margin", "90 basis points", RISE)],
        ),
        # a change whose clause names nothing is of the name before it
        (
            "Third-quarter revenue increased 9% year over year to $1.52 billion and was up 3% sequentially.",
            [("revenue", "9%", RISE), ("revenue", "3%", RISE)],
        ),
        (
            "Apple said revenue rose 5% in the quarter, while net income fell 3%.",
            [("revenue", "5%", RISE), ("net income", "3%", FALL)],
        ),
        ("The company's shares jumped 12% on Tuesday.", [("shares", "12%", RISE)]),
        ("It said revenue rose 12% and it rose 3% sequentially.", [("revenue", "12%", RISE)]),
        (
            "It reported a 12% increase in operating income and a 5% decline in revenue.",
            [("operating income", "12%", RISE), ("revenue", "5%", FALL)],
        ),
        ("The index rose 1.2% and the Nasdaq gained 0.8%.", [("index", "1.2%", RISE), ("nasdaq", "0.8%", RISE)]),
        ("Revenue rose 9%, while expenses rose 12%.", [("revenue", "9%", RISE)]),  # "expenses" is no name's ellipsis
        ("Revenue rose 9%, which grew 25%.", [("revenue", "9%", RISE)]),
        ("Revenue and net income grew 17% and 12%, respectively.", []),
        ("Revenue grew 9% in 2024, lower than 12% in 2023.", [("revenue", "9%", RISE)]),
        ("Apple's revenue rose 5%, while Samsung's sales fell 3%.", []),
        ("The company's revenue rose 5%.", [("revenue", "5%", RISE)]),
        ("In China, revenue fell 5%.", []),
        ("In the fourth quarter, revenue fell 5%.", [("revenue", "5%", FALL)]),
        ("On a constant-currency basis, revenue rose 7%.", []),
        ("Revenue from services rose 20%.", []),
        ("Revenue for the third quarter was up 9%.", [("revenue", "9%", RISE)]),
        ("Sales at stores open at least a year rose 3%.", []),  # more than a name
        ("Revenue was $210.0 million, up 17% from $180.0 million a year earlier.", []),  # says not what rose
        ("Unemployment fell to 3.5% in May.", []),  # a level
        ("Eritreans and Syrians made up half of the migrants.", []),  # "made up" is no rise
    ],
)
def test_stated_changes(sentence, expected):
    from spacy_ground.checks.changes import stated_changes
    from spacy_ground.text.normalize import find_claims

    figures = [(s, e) for s, e, v in find_claims(sentence) if v.kind in ("percent", "money")]
    found = [(name, sentence[figures[i][0] : figures[i][1]], way) for name, i, way in stated_changes(sentence, figures)]
    assert found == expected


RESULTS = (
    "Third-quarter revenue increased 9% year over year to $1.52 billion and was up 3% sequentially. "
    "Operating income rose 14% to $310 million, and operating margin expanded 90 basis points to 20.4%."
)
MARKETS = (
    "Apple said revenue rose 5% in the quarter, while net income fell 3%. "
    "The index rose 1.2% and the Nasdaq gained 0.8%."
)
LEVELS = "Revenue was $210.0 million, up 17% from $180.0 million a year earlier. Revenue grew 5% in the first quarter."


@pytest.mark.parametrize(
    "source,answer,figure,status,said",
    [
        (RESULTS, "Operating income rose 9% to $310 million.", "9%", "mismatch", "'9%' is the change of 'revenue'"),
        (RESULTS, "Operating income rose 12%.", "12%", "mismatch", "'operating income' rose '14%'"),
        (RESULTS, "Operating income rose 14%.", "14%", "grounded", "change of 'operating income'"),
        (RESULTS, "Revenue was up 3% sequentially.", "3%", "grounded", "change of 'revenue'"),
        (RESULTS, "Revenue fell 9%.", "9%", "mismatch", "the other way"),
        (RESULTS, "Operating margin expanded 0.9%.", "0.9%", "mismatch", "percentage points"),
        (MARKETS, "Net income fell 5%.", "5%", "mismatch", "'5%' is the change of 'revenue'"),
        # names no list of measures tells apart (or tells alike: "shares", "stock") are not held to each other
        (MARKETS, "The Nasdaq rose 1.2%.", "1.2%", "grounded", "the sources state this value"),
        (
            "Acme shares fell 5% on Tuesday. The stock has risen 30% this year.",
            "Acme shares have risen 30% this year.",
            "30%",
            "grounded",
            "the sources state this value",
        ),
        # a pronoun, another company's, a part, a comparison, another basis: no stated change of the name
        (
            "Revenue rose 9% for the year. In the fourth quarter, it rose 12%.",
            "Revenue rose 12% in the fourth quarter.",
            "12%",
            "grounded",
            "the sources state this value",
        ),
        (
            "Net sales rose 8% to $10.2 billion. Sales in China fell 2%.",
            "Sales rose 8% to $10.2 billion.",
            "8%",
            "grounded",
            "the sources state this value",
        ),
        (
            "Apple's revenue rose 5% in the quarter, while Samsung's sales fell 3%.",
            "Samsung's revenue fell 3%.",
            "3%",
            "grounded",
            "the sources state this value",
        ),
        (
            "Revenue grew 9% in 2024, lower than 12% in 2023.",
            "Revenue grew 12% in 2023 and 9% in 2024.",
            "12%",
            "grounded",
            "the sources state this value",
        ),
        (
            "Revenue rose 9%. Excluding currency, revenue rose 11%.",
            "Revenue rose 11%.",
            "11%",
            "grounded",
            "the sources state this value",
        ),
        (MARKETS, "Apple's revenue rose 5%.", "5%", "grounded", "change of 'revenue'"),
        (MARKETS, "Revenue was up 5% from a year ago, the company said.", "5%", "grounded", "change of 'revenue'"),
        # the figure stands where no stated change says what it is of: left to the older check
        (LEVELS, "Revenue rose 17%.", "17%", "grounded", "the sources state this value"),
        (LEVELS, "Revenue rose 7%.", "7%", "mismatch", "'revenue' rose '5%'"),
        # a name no stated change has: left to the older check
        (RESULTS, "Net income rose 14%.", "14%", "grounded", "the sources state this value"),
        # "growth was -3%" is a fall, on either side
        ("Revenue fell 3% in 2023.", "Revenue growth was -3% in 2023.", "-3%", "grounded", ""),
        ("Revenue growth was -3% in 2023.", "Revenue fell 3% in 2023.", "3%", "grounded", ""),
    ],
)
def test_changes_the_prose_states(nlp_blank, source, answer, figure, status, said):
    result = claim(nlp_blank, answer, source, figure)
    assert result["status"] == status and said in result["reason"], result
    if status == "mismatch":
        assert result["nearest"]["stated_of"]


def test_a_stated_change_mismatch_names_what_it_is_of_in_the_verdict():
    from test_verdict import toy_pipeline

    doc = spacy_ground.check(toy_pipeline(), "Operating income rose 9% to $310 million.", sources=[RESULTS])
    assert any(
        r.startswith(
            "'9%' does not match the sources: the sources say 'operating income' rose '14%'; "
            "'9%' is the change of 'revenue'"
        )
        for r in doc._.grounding.reasons
    ), doc._.grounding.reasons
