"""Markdown tables in source texts: each body row is one evidence sentence, read with its
column names."""

import pytest

from spacy_ground.sources.index import sentences_as_read
from spacy_ground.sources.tables import markdown_table_rows, unit_hint, with_unit

TABLE = (
    "Quarterly results.\n\n"
    "| Quarter | Revenue | Operating margin |\n"
    "|---|---|---|\n"
    "| Q1 2024 | $5.2 million | 12% |\n"
    "| Q2 2024 | $7.1 million | 15% |\n"
    "\nMargins fell later."
)


def readings(text):
    return [r.reading for r in markdown_table_rows(text) if r.reading is not None]


@pytest.mark.parametrize(
    "text,expected",
    [
        (
            TABLE,
            [
                "Quarter: Q1 2024; Revenue: $5.2 million; Operating margin: 12%",
                "Quarter: Q2 2024; Revenue: $7.1 million; Operating margin: 15%",
            ],
        ),
        # without the outer pipes, with alignment colons
        (
            "Year | Sales\n:---|---:\n2023 | 40 units\n2024 | 55 units",
            ["Year: 2023; Sales: 40 units", "Year: 2024; Sales: 55 units"],
        ),
        ("| a | b |\n|:-|-:|\n| 1 | 2 |", ["a: 1; b: 2"]),  # one dash a cell is enough (GitHub's rule)
        # a blank corner cell: the row label stands alone; an empty cell is left out
        ("| | 2023 | 2024 |\n|---|---|---|\n| Revenue | $5M | |", ["Revenue; 2023: $5M"]),
        # more cells than names; an escaped pipe inside a cell
        ("| a | b |\n|---|---|\n| 1 | x \\| y | extra |", ["a: 1; b: x | y; extra"]),
        # two tables
        ("| k | v |\n|---|---|\n| x | 1 |\n\n| k | w |\n| --- | --- |\n| y | 2 |", ["k: x; v: 1", "k: y; w: 2"]),
        # not tables: no separator line, a horizontal rule, pipes in prose
        ("a | b\nc | d", []),
        ("Some text\n---\nmore | text", []),
        ("A title | with a pipe\n---\nmore | text", []),  # a heading underlined, not a table
        ("| a | b |\n|---|\n| 1 | 2 |", []),  # a separator with a cell too few
        ("Use a || b to choose.", []),
        ("", []),
    ],
)
def test_markdown_table_rows(text, expected):
    assert readings(text) == expected


def test_table_lines_keep_their_offsets():
    rows = markdown_table_rows(TABLE)
    assert [TABLE[r.start : r.end] for r in rows] == [
        "| Quarter | Revenue | Operating margin |",
        "|---|---|---|",
        "| Q1 2024 | $5.2 million | 12% |",
        "| Q2 2024 | $7.1 million | 15% |",
    ]
    assert rows[1].separator and rows[0].reading is None


def test_sentences_as_read_give_one_sentence_a_row():
    # a splitter that cut one row at "Corp." and ran the text before the table into its header
    text = "Results of Acme Corp.\n| Name | Revenue |\n|---|---|\n| Acme Corp. | $5M |\nThe end."
    start = text.index("| Acme")
    offsets = [
        (0, text.index("|---") - 1),
        (start, start + 12),
        (start + 13, text.index("\nThe")),
        (text.index("The end"), len(text)),
    ]
    got = sentences_as_read(text, offsets, markdown_table_rows(text))
    assert [t for _, _, t, _ in got] == [
        "Results of Acme Corp.",
        "| Name | Revenue |",
        "Name: Acme Corp.; Revenue: $5M",
        "The end.",
    ]
    assert all(text[s:e] == t for s, e, t, cells in got if not cells)  # as written: the offsets give the text
    cells = got[2][3]
    assert [(c.column, text[c.start : c.end]) for c in cells] == [("Name", "Acme Corp."), ("Revenue", "$5M")]


def test_sentences_as_read_without_tables_are_the_offsets():
    text = "One. Two."
    assert sentences_as_read(text, [(0, 4), (5, 9)], []) == [(0, 4, "One.", ()), (5, 9, "Two.", ())]


QUARTERS = (
    "Quarterly results.\n\n| Quarter | Revenue | Operating margin |\n|---|---|---|\n"
    "| Q1 2024 | $5.2 million | 12% |\n| Q2 2024 | $7.1 million | 15% |\n| Q3 2024 | $6.4 million | 9% |"
)


@pytest.fixture(scope="module")
def nlp():
    import spacy_ground

    return spacy_ground.load()


def test_the_pipeline_reads_table_rows_with_their_column_names(nlp):
    import spacy_ground

    table = QUARTERS
    doc = spacy_ground.check(nlp, "Revenue was $6.4 million in Q3 2024.", sources=[table])
    best = doc.spans["ground_sentences"][0]._.evidence[0]
    assert best["text"] == "Quarter: Q3 2024; Revenue: $6.4 million; Operating margin: 9%"
    assert table[best["start"] : best["end"]] == "| Q3 2024 | $6.4 million | 9% |"  # offsets: the row as written
    assert doc._.grounding.action == "pass", doc._.grounding.reasons
    wrong = spacy_ground.check(nlp, "Revenue was $7.1 million in Q3 2024.", sources=[table])
    assert wrong._.grounding.action != "pass"
    assert "'$7.1 million' does not match the sources, which say '$6.4 million'" in wrong._.grounding.reasons
    claim = [c for c in wrong.spans["ground_claims"] if c.text == "$7.1 million"][0]
    assert claim._.ground_numeric["reason"] == "the table row 'Q3 2024' says, under 'Revenue', '$6.4 million'"


def test_a_table_in_the_answer_is_read_a_row_at_a_time(nlp):
    import spacy_ground

    answer = (
        "Acme's quarterly revenue:\n\n| Quarter | Revenue |\n|:--|--:|\n| Q1 2024 | $5.2 million |\n"
        "| Q2 2024 | $6.4 million |"
    )
    doc = spacy_ground.check(nlp, answer, sources=[QUARTERS])
    sents = {s.text: s._.entailment for s in doc.spans["ground_sentences"]}
    assert "|:--|--:|" not in " ".join(sents)  # the separator line is no sentence, nor glued to a row
    assert sents["| Quarter | Revenue |"] is None  # column names state nothing to judge
    assert sents["| Q1 2024 | $5.2 million |"]["read_as"] == "Quarter: Q1 2024; Revenue: $5.2 million"
    assert sents["| Q2 2024 | $6.4 million |"]["label"] == "contradicted"  # Q2's revenue was $7.1 million
    assert doc._.grounding.action != "pass"


@pytest.mark.parametrize(
    "text,expected",
    [
        ("Revenue ($M)", "$ million"),
        ("Revenue ($m)", "$ million"),
        ("Results (in $ millions)", "$ million"),
        ("(in millions of dollars)", "$ million"),
        ("Net sales (USD thousands)", "$ thousand"),
        ("Sales, $ in millions", "$ million"),
        ("Revenue (€bn)", "€ billion"),
        ("Shares (in millions)", "million"),
        ("Margin (%)", "%"),
        ("Height (m)", ""),  # metres, not millions
        ("Paid memberships (M)", "million"),  # an upper-case letter alone: a scale
        ("Downloads (K)", "thousand"),
        ("Length (mm)", ""),  # millimetres
        ("Revenue", ""),
        ("(in millions, except per share data)", "million"),
        ("Earnings per share ($)", "$"),  # dollars, no scale
        ("(in millions of units)", ""),
        # filing captions: the exceptions are columns of their own scale
        ("(In thousands, except share and per share data)", "thousand"),
        ("(in millions, except percentages)", "million"),
        ("(Dollars in millions, except per share amounts)", "$ million"),
        ("(in millions of U.S. dollars)", "$ million"),
        ("(Unaudited; in millions)", "million"),
        ("(in millions; unaudited)", "million"),
        ("Revenue (in millions of dollars, unless otherwise noted)", "$ million"),
        ("(RMB in millions)", ""),  # a currency it does not know: no unit, rather than a wrong one
    ],
)
def test_unit_hint(text, expected):
    assert unit_hint(text) == expected


@pytest.mark.parametrize(
    "cell,grounded", [("7.1", True), ("7.1*", True), ("7.1 (1)", True), ("7.1 [a]", True), ("7.1¹", False)]
)  # the claim rules read no number glued to "¹"
def test_a_footnote_mark_keeps_the_unit(cell, grounded):
    import spacy_ground

    text = f"| Quarter | Revenue ($M) |\n|---|---|\n| Q3 2024 | {cell} |"
    row = [r for r in markdown_table_rows(text) if r.cells][0]
    assert row.reading.startswith("Quarter: Q3 2024; Revenue ($M): $7.1 million")
    rules = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    doc = spacy_ground.check(rules, "Revenue was $7.1 million in Q3 2024.", sources=[text])
    assert (doc.spans["ground_claims"][0]._.ground_numeric["status"] == "grounded") is grounded


def test_cells_take_the_unit_of_their_column_or_the_caption():
    text = "Results (in $ millions)\n\n| Quarter | Revenue | Margin (%) |\n|---|---|---|\n| Q1 2024 | 5.2 | 12 |"
    row = [r for r in markdown_table_rows(text) if r.cells][0]
    assert [(c.column, c.unit) for c in row.cells] == [("Quarter", ""), ("Revenue", "$ million"), ("Margin (%)", "%")]
    assert row.reading == "Quarter: Q1 2024; Revenue: $5.2 million; Margin (%): 12%"  # as the models read it


IN_MILLIONS = (
    "Results (in $ millions)\n\n| Quarter | Revenue | Margin (%) |\n|---|---|---|\n"
    "| Q1 2024 | 5.2 | 12 |\n| Q2 2024 | 7.1 | 15 |"
)


def test_a_caption_scales_amounts_written_with_their_currency():
    text = (
        "(in millions)\n\n| Segment | 2024 | 2023 | Units (thousands) |\n|---|---|---|---|\n"
        "| Cloud | $1,840 | $1,512 | 12 |\n| Services | 415 | 388 | 3 |"
    )
    cloud, services = [r.reading for r in markdown_table_rows(text) if r.cells]
    assert cloud == "Segment: Cloud; 2024: $1,840 million; 2023: $1,512 million; Units (thousands): 12 thousand"
    # the table's currency for its other amounts; not for a column with a scale of its own
    assert services == "Segment: Services; 2024: $415 million; 2023: $388 million; Units (thousands): 3 thousand"


def test_a_caption_scales_the_amounts_but_not_per_share_figures_or_counts():
    text = (
        "Results (in $ millions, except per share data)\n\n| Quarter | Revenue | EPS | Margin (%) | Employees |\n"
        "|---|---|---|---|---|\n| Q1 2024 | 5,210 | 0.52 | 12.0 | 300 |"
    )
    row = [r for r in markdown_table_rows(text) if r.cells][0]
    assert [c.unit for c in row.cells] == ["", "$ million", "", "%", ""]  # a quarter is no amount
    assert row.reading == "Quarter: Q1 2024; Revenue: $5,210 million; EPS: 0.52; Margin (%): 12.0%; Employees: 300"


@pytest.mark.parametrize(
    "answer,fragment,status,reason",
    [
        ("Revenue was $7.1 million in Q2 2024.", "$7.1 million", "grounded", None),
        ("Revenue was 7.1 million dollars in Q2 2024.", "7.1 million dollars", "grounded", None),
        ("Revenue was $7.1 million in Q1 2024.", "$7.1 million", "mismatch", "under 'Revenue', '$5.2 million'"),
        ("The margin was 15% in Q2 2024.", "15%", "grounded", None),
        ("The margin was 15% in Q1 2024.", "15%", "mismatch", "under 'Margin (%)', '12%'"),
    ],
)
def test_bare_numbers_in_a_table_read_with_their_unit(answer, fragment, status, reason):
    import spacy_ground

    rules = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    doc = spacy_ground.check(rules, answer, sources=[IN_MILLIONS])
    claim = [c for c in doc.spans["ground_claims"] if c.text == fragment][0]
    assert claim._.ground_numeric["status"] == status, claim._.ground_numeric["reason"]
    if reason:
        assert reason in claim._.ground_numeric["reason"]


@pytest.mark.parametrize(
    "number,unit,expected",
    [
        ("7.1", "$ million", "$7.1 million"),
        ("0.52", "$", "$0.52"),
        ("12", "%", "12%"),
        ("3", "million", "3 million"),
        ("5", "€ billion", "€5 billion"),
    ],
)
def test_with_unit(number, unit, expected):
    assert with_unit(number, unit) == expected


Q_M = (
    "| Quarter | Revenue ($M) | Operating margin (%) | Shares outstanding |\n|---|---|---|---|\n"
    "| Q1 2024 | 6.4 | 18.0 | 7.1 |\n| Q2 2024 | 7.1 | 21.5 | 7.3 |"
)
MEMBERS = "| Quarter | Paid memberships (M) |\n|---|---|\n| Q1 2024 | 269.6 |\n| Q2 2024 | 277.7 |"
ANNUAL = "| Year | Revenue ($M) |\n|---|---|\n| 2023 | 24.0 |\n| 2024 | 27.5 |"
THOUSANDS = (
    "(Dollars in thousands)\n\n| Metric | 2023 | 2024 |\n|---|---|---|\n| Revenue | 5,200 | 7,100 |\n"
    "| Gross margin (%) | 41.2 | 43.5 |"
)
CUSTOMERS = (
    "| Quarter | Revenue ($M) | Customers |\n|---|---|---|\n| Q1 2024 | 6.4 | 1,020 |\n| Q2 2024 | 7.1 | 1,100 |"
)


@pytest.mark.parametrize(
    "answer,source,fragment,mismatch",
    [
        # (a second review, 2026-12-02) correct answers the table must not call mismatched
        ("Netflix had 277.7 million paid memberships in Q2 2024.", MEMBERS, "277.7 million", False),  # "(M)": million
        ("Paid memberships reached 269.6 million in Q2 2024.", MEMBERS, "269.6 million", True),  # Q1's
        ("The company had 7.3 million shares outstanding in Q2 2024.", Q_M, "7.3 million", False),
        ("Revenue increased by $0.7 million in Q2 2024.", Q_M, "$0.7 million", False),  # a change
        ("Revenue rose by $3.5 million in 2024.", ANNUAL, "$3.5 million", False),
        ("Sales grew 10.9% sequentially in Q2 2024.", Q_M, "10.9%", False),  # a change; no column named
        ("In Q2 2024, the stock closed at $45.20.", Q_M, "$45.20", False),  # no column named
        ("Average revenue per customer was $6,455 in Q2 2024.", CUSTOMERS, "$6,455", False),  # a rate
        ("Revenue for the first half of 2024 was $13.5 million.", Q_M, "$13.5 million", False),  # a half, not a quarter
        ("Gross margin was 43.5% in 2024.", THOUSANDS, "43.5%", False),  # the caption's unit is not this row's
        ("The company had 1,100 customers in Q2 2024.", CUSTOMERS, "1,100", False),
        ("Revenue was $7.1 million in 2024.", THOUSANDS, "$7.1 million", False),  # 7,100 in thousands
        # and wrong ones it catches
        ("Revenue was $7.1 million in Q1 2024.", Q_M, "$7.1 million", True),
        ("Revenue was $7.1 million in 2023.", THOUSANDS, "$7.1 million", True),
        ("The operating margin in Q1 2024 was 21.5%.", Q_M, "21.5%", True),
        ("The company had 1,020 customers in Q2 2024.", CUSTOMERS, "1,020", True),
    ],
)
def test_the_table_check_decides_only_what_the_table_says(answer, source, fragment, mismatch):
    import spacy_ground

    rules = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    doc = spacy_ground.check(rules, answer, sources=[source])
    claim = [c for c in doc.spans["ground_claims"] if c.text == fragment][0]
    assert (claim._.ground_numeric["status"] == "mismatch") is mismatch, claim._.ground_numeric["reason"]


def test_an_answer_table_names_its_own_columns():
    import spacy_ground

    rules = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    answer = "| Quarter | Revenue | QoQ growth |\n|---|---|---|\n| Q2 2024 | $7.1M | 10.9% |"
    doc = spacy_ground.check(rules, answer, sources=[Q_M])
    status = {c.text: c._.ground_numeric["status"] for c in doc.spans["ground_claims"]}
    assert status["$7.1M"] == "grounded" and status["10.9%"] != "mismatch"  # growth is no operating margin


REGIONS = (
    "Acme closed the quarter strongly.\n\n| Quarter | Revenue ($M) | Operating margin (%) |\n|---|---|---|\n"
    "| Q3 2024 | 7.1 | 21 |\n\nRevenue by region in Q3 2024 (in $ millions):\n\n| Region | Revenue | Share (%) |\n"
    "|---|---|---|\n| North America | 3.9 | 55 |\n| Europe | 2.1 | 30 |\n| Asia Pacific | 1.1 | 15 |"
)
SEGMENTS = (
    "Segment results (in $ millions)\n\n| Segment | 2023 | 2024 |\n|---|---|---|\n| Cloud services | 4,100 | 5,000 |\n"
    "| Hardware | 3,000 | 2,800 |\n| Total | 7,100 | 7,800 |"
)
INCOME = (
    "Quarterly income statement (in $ millions)\n\n| Quarter | Revenue | Cost of sales | Gross profit |\n"
    "|---|---|---|---|\n| Q3 2024 | 7.1 | 3.0 | 4.1 |"
)
METRICS = "| Metric | 2023 | 2024 |\n|---|---|---|\n| Revenue | $6.4 million | $7.1 million |\n| Operating income | $1.1 million | $1.5 million |"


@pytest.mark.parametrize(
    "answer,sources,fragment",
    [
        # (a third review, 2026-12-02) the value's home is a row the sentence's date does not reach
        ("North American revenue was $3.9 million in Q3 2024.", [REGIONS], "$3.9 million"),
        ("APAC revenue came in at $1.1 million in Q3 2024.", [REGIONS], "$1.1 million"),
        (
            "Beta Labs reported revenue of $7.1 million in Q3 2024.",
            [
                "| Quarter | Revenue ($M) |\n|---|---|\n| Q3 2024 | 6.8 |",
                "Beta Labs, Q3 2024 results by segment\n\n| Segment | Revenue ($M) |\n|---|---|\n| Consumer | 4.0 |\n"
                "| Enterprise | 3.1 |\n| Total | 7.1 |",
            ],
            "$7.1 million",
        ),
        (
            "Revenue was $7.1 million in Q3 2024.",  # a restated table whose labels are no dates it reads
            [
                "| Quarter | Revenue ($M) |\n|---|---|\n| Q3 2024 | 6.8 |",
                "| Period | Revenue ($M) |\n|---|---|\n| Jul-Sep 2024 | 7.1 |",
            ],
            "$7.1 million",
        ),
        # a generic row label names nothing; a column is named by all its words; names after the claim do not count
        ("Total cloud revenue was $5.0 billion in 2024.", [SEGMENTS], "$5.0 billion"),
        ("Q3 2024 sales were $7.1 million.", [INCOME], "$7.1 million"),
        ("Operating profit rose to $1.5 million in 2024 as revenue grew.", [METRICS], "$1.5 million"),
    ],
)
def test_no_mismatch_where_the_table_does_not_say(answer, sources, fragment):
    import spacy_ground

    rules = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    doc = spacy_ground.check(rules, answer, sources=sources)
    claim = [c for c in doc.spans["ground_claims"] if c.text == fragment][0]
    assert claim._.ground_numeric["status"] != "mismatch", claim._.ground_numeric["reason"]
