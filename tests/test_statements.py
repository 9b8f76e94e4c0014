"""Financial statements as sources: negative figures in brackets, a unit note in the table's
corner, a column title listing the years it spans, rows labelled "Net income (loss)"."""

import pytest

import spacy_ground
from spacy_ground.pipeline.numeric import label_keys
from spacy_ground.sources.tables import cell_shown, html_table_rows, markdown_table_rows, negative_cell, unit_note


def first_claim(nlp, answer, source, kind="money"):
    """The numeric result of the answer's first claim of ``kind`` against ``source``."""
    doc = spacy_ground.check(nlp, answer, sources=[source])
    return [c for c in doc.spans["ground_claims"] if c._.claim["kind"] == kind][0]._.ground_numeric


@pytest.mark.parametrize(
    "cell,expected",
    [
        ("(1,234)", ("", "1,234", "")),
        ("(1,234)*", ("", "1,234", "")),  # a footnote mark after it
        ("$(12.5)", ("$", "12.5", "")),
        ("($ 12.5)", ("$", "12.5", "")),
        ("(12.5%)", ("", "12.5", "%")),
        ("(12.5)%", ("", "12.5", "%")),
        ("(6) %", ("", "6", "%")),
        ("-1,234", ("", "1,234", "")),
        ("−$7.1", ("$", "7.1", "")),
        ("1,234", None),  # positive
        ("(loss)", None),
        ("(1,234) (2023: 856)", None),  # more than one figure
        ("$(12.5%)", None),  # a currency and a percent
        ("–", None),  # nil
    ],
)
def test_negative_cell(cell, expected):
    found = negative_cell(cell)
    assert (found[:3] if found else None) == expected


@pytest.mark.parametrize(
    "cell,unit,shown",
    [
        ("(1,234)", "$ thousand", "-$1,234 thousand"),
        ("(1,234)", "", "-1,234"),
        ("$(12.5)", "million", "-$12.5 million"),
        ("($12.5)", "€ million", "-$12.5"),  # another currency's scale is not the cell's
        ("(3.2)", "%", "-3.2%"),
        ("(3.2%)", "$ million", "-3.2%"),
        ("(1,234)*", "$ thousand", "-$1,234 thousand*"),
        ("1,234", "$ thousand", "$1,234 thousand"),  # as before
    ],
)
def test_cell_shown_with_a_negative_figure(cell, unit, shown):
    assert cell_shown(cell, unit) == shown


@pytest.mark.parametrize(
    "text,unit",
    [
        ("(in millions)", "million"),
        ("($ in thousands)", "$ thousand"),
        ("(Dollars in thousands)", "$ thousand"),
        ("In millions, except per share data", "million"),
        ("(in millions, except per share data)", "million"),
        ("$ in millions", "$ million"),
        ("Revenue ($M)", ""),  # a column name with its unit, not a note
        ("Net income (loss)", ""),
        ("", ""),
        ("in which quarter", ""),
    ],
)
def test_unit_note(text, unit):
    assert unit_note(text) == unit


@pytest.mark.parametrize(
    "label,keys",
    [
        ("Net income (loss)", (" net income ", " net loss ")),
        ("Net (loss) income", (" net income ", " net loss ")),
        ("Income (loss) from operations", (" income from operations ", " loss from operations ")),
        ("Operating income (loss) ($M)", (" operating income ", " operating loss ")),
        ("Bookings ($B)", (" bookings ",)),
        ("Diluted EPS", (" diluted eps ", " diluted earnings per share ")),
        (
            "Net loss per share, basic and diluted",
            (
                " net loss per share basic and diluted ",
                " net income per share basic and diluted ",
                " net loss per share ",
                " net income per share ",
            ),
        ),
        ("Loss from operations", (" loss from operations ", " income from operations ")),
        ("Long-term debt, net of current portion", (" long term debt net of current portion ", " long term debt ")),
        (
            "Cash and cash equivalents at end of period",
            (" cash and cash equivalents at end of period ", " cash and cash equivalents "),
        ),
        ("Selling, general and administrative", (" selling general and administrative ",)),
        ("Total", ()),
        ("Q1 2024", ()),
    ],
)
def test_label_keys(label, keys):
    assert label_keys(label) == keys


MARKDOWN = (
    "Consolidated results (in thousands of U.S. dollars)\n\n| | 2024 | 2023 |\n|---|---|---|\n"
    "| Revenue | 12,450 | 10,980 |\n| Operating income (loss) | (1,234) | 856 |\n"
    "| Net income (loss) | (2,010) | 412 |"
)
CORNER = "| (in thousands) | 2024 | 2023 |\n|---|---|---|\n| Revenue | $ 12,450 | $ 10,980 |\n| Net loss | (2,010) | (1,120) |"
FILING = (
    "<p>The following table presents our results.</p><table>"
    "<tr><td></td><td colspan=4>Years Ended December 31, 2024 and 2023</td></tr>"
    "<tr><td>(in millions)</td><td colspan=2>2024</td><td colspan=2>2023</td></tr>"
    "<tr><td>Revenue</td><td>$</td><td>4,210</td><td>$</td><td>3,880</td></tr>"
    "<tr><td>Net loss</td><td></td><td>(312</td><td>)</td><td>(145</td><td>)</td></tr></table>"
)


HTML_STATEMENT = (
    "<table><tr><td></td><td colspan=2>Years Ended December 31, 2024 and 2023</td></tr>"
    "<tr><td>(in millions)</td><td>2024</td><td>2023</td></tr>"
    "<tr><td>Revenue</td><td>$ 4,210</td><td>$ 3,880</td></tr>"
    "<tr><td>Net loss</td><td>(312)</td><td>(145)</td></tr></table>"
)


def test_statement_tables_read_with_signs_and_units():
    assert [r.reading for r in markdown_table_rows(MARKDOWN) if r.cells] == [
        "Revenue; 2024: $12,450 thousand; 2023: $10,980 thousand",
        "Operating income (loss); 2024: -$1,234 thousand; 2023: $856 thousand",
        "Net income (loss); 2024: -$2,010 thousand; 2023: $412 thousand",
    ]
    # the corner's unit note names no column and gives every column its unit
    assert [r.reading for r in markdown_table_rows(CORNER) if r.cells] == [
        "Revenue; 2024: $12,450 thousand; 2023: $10,980 thousand",
        "Net loss; 2024: -$2,010 thousand; 2023: -$1,120 thousand",
    ]


def test_a_filing_table_with_a_title_over_its_years_and_a_unit_note():
    rows = [r.reading for r in html_table_rows(FILING) if r.cells]
    assert rows[0] == (
        "Revenue; Years Ended December 31, 2024: $4,210 million; Years Ended December 31, 2023: $3,880 million"
    )
    # "(312" with its ")" in a cell of its own, as filings print it
    assert rows[1] == (
        "Net loss; Years Ended December 31, 2024: -$312 million; Years Ended December 31, 2023: -$145 million"
    )


@pytest.mark.parametrize(
    "source,answer,status",
    [
        (MARKDOWN, "The net loss was $2.0 million in 2024.", "grounded"),
        (MARKDOWN, "The net loss was $2.4 million in 2024.", "mismatch"),
        (MARKDOWN, "Operating loss was $1.2 million in 2024.", "grounded"),
        (MARKDOWN, "Net income was $0.4 million in 2023.", "grounded"),
        (MARKDOWN, "Operating income was $1.2 million in 2024.", "mismatch"),  # a loss called income
        (MARKDOWN, "The company earned a profit of $2.0 million in 2024.", "mismatch"),
        (MARKDOWN, "It swung from a profit to a loss of $2.0 million in 2024.", "grounded"),
        (CORNER, "The net loss was $1.1 million in 2023.", "grounded"),
        (CORNER, "The net loss was $2.0 million in 2023.", "mismatch"),  # 2024's figure
        (HTML_STATEMENT, "The net loss was $312 million in 2024.", "grounded"),
        (HTML_STATEMENT, "The net loss was $145 million in 2024.", "mismatch"),  # 2023's figure
        (HTML_STATEMENT, "Revenue was $4.21 billion in 2024.", "grounded"),
        (HTML_STATEMENT, "Revenue was $3.88 billion in 2024.", "mismatch"),
        (FILING, "The net loss was $312 million in 2024.", "grounded"),
        (FILING, "Revenue was $3.88 billion in 2024.", "mismatch"),
    ],
    ids=lambda v: v[:30] if isinstance(v, str) and not v.startswith(("<", "|", "Consolidated")) else None,
)
def test_statement_figures_are_checked(nlp_blank, source, answer, status):
    result = first_claim(nlp_blank, answer, source)
    assert result["status"] == status, result["reason"]


def test_a_unit_note_in_the_corner_scales_an_html_table():
    rows = [r.reading for r in html_table_rows(HTML_STATEMENT) if r.cells]
    assert rows == [
        "Revenue; Years Ended December 31, 2024: $4,210 million; Years Ended December 31, 2023: $3,880 million",
        "Net loss; Years Ended December 31, 2024: -$312 million; Years Ended December 31, 2023: -$145 million",
    ]


def test_a_loss_called_income_is_flagged_with_the_negative_figure():
    nlp = spacy_ground.load()
    doc = spacy_ground.check(nlp, "Operating income was $1.2 million in 2024.", sources=[MARKDOWN])
    result = [c for c in doc.spans["ground_claims"] if c._.claim["kind"] == "money"][0]._.ground_numeric
    assert result["reason"] == "said to be income where the sources give a negative figure, '-$1,234 thousand'"
    assert doc._.grounding.action != "pass", doc._.grounding.reasons
    assert any("-$1,234 thousand" in r for r in doc._.grounding.reasons)
    doc = spacy_ground.check(nlp, "The operating loss was $1.2 million in 2024.", sources=[MARKDOWN])
    assert all(c._.ground_numeric["status"] == "grounded" for c in doc.spans["ground_claims"])


EDGAR_WIDTHS = (
    "<p>(In millions)</p><p>(Unaudited)</p><table>"
    "<tr><td style='width:60%'></td><td></td><td></td><td></td><td></td></tr>"
    "<tr><td></td><td colspan=4>Year Ended December 31,</td></tr>"
    "<tr><td></td><td colspan=2>2024</td><td colspan=2>2023</td></tr>"
    "<tr><td>Operating income</td><td>$</td><td>612</td><td>$</td><td>540</td></tr></table>"
)
STACKED = (
    "Condensed Consolidated Statements of Operations\n(in thousands, except per share data)\n(unaudited)\n\n"
    "| | 2024 | 2023 |\n|---|---|---|\n| Revenue | $ 48,210 | $ 44,120 |"
)
APPLE = (
    "(In millions, except number of shares, which are reflected in thousands, and per-share amounts)\n\n"
    "| | 2024 | 2023 |\n|---|---|---|\n| Net sales | $ 391,035 | $ 383,285 |"
)
DECIMALS = (
    "(in millions)\n\n| | Sep 30, 2024 | Dec 31, 2023 |\n|---|---|---|\n"
    "| Long-term debt | $ 1,204.6 | $ 1,990.0 |\n| Inventories | 412.3 | 398.1 |"
)


@pytest.mark.parametrize(
    "source,answer,status",
    [
        # a row of empty cells setting column widths before the header rows: the years still name the columns
        (EDGAR_WIDTHS, "Operating income was $612 million in 2024.", "grounded"),
        (EDGAR_WIDTHS, "Operating income was $540 million in 2024.", "mismatch"),
        # the unit note a line or two above the nearest line
        (STACKED, "Revenue was $48.2 million in 2024.", "grounded"),
        (STACKED, "Revenue was $44.1 million in 2024.", "mismatch"),
        # a caption too long for the old limit
        (APPLE, "Net sales were $391.0 billion in 2024.", "grounded"),
        # "$ 1,204.6" is an amount, not a price: the table's currency
        (DECIMALS, "Inventories were $412.3 million at September 30, 2024.", "grounded"),
    ],
)
def test_statement_layouts(nlp_blank, source, answer, status):
    result = first_claim(nlp_blank, answer, source)
    assert result["status"] == status, result["reason"]
    assert result["reason"] != "matched a number written without its unit"


QUARTERS = (
    "(In millions)\n\n| | Three Months Ended September 30, 2024 | Three Months Ended September 30, 2023 "
    "| Nine Months Ended September 30, 2024 | Nine Months Ended September 30, 2023 |\n|---|---|---|---|---|\n"
    "| Operating income | $ 80 | $ 59 | $ 212 | $ 141 |"
)


@pytest.mark.parametrize(
    "answer,status,under",
    [
        ("Operating income was $80 million in Q3 2024.", "grounded", None),
        ("Operating income was $59 million in Q3 2024.", "mismatch", "Three Months Ended September 30, 2024"),
        (
            "Operating income was $212 million in the third quarter of 2024.",
            "mismatch",
            "Three Months Ended September 30, 2024",
        ),  # the nine months' figure
        ("Operating income was $212 million for the nine months ended September 30, 2024.", "grounded", None),
        (
            "Operating income was $80 million for the nine months ended September 30, 2024.",
            "mismatch",
            "Nine Months Ended September 30, 2024",
        ),
        ("Operating income was $80 million for the three months ended September 30, 2024.", "grounded", None),
    ],
)
@pytest.mark.parametrize(
    "as_written", [lambda t: t, lambda t: __import__("test_html").as_html(t)], ids=["markdown", "html"]
)
def test_a_quarter_and_nine_months_are_told_apart(nlp_blank, as_written, answer, status, under):
    # "Three Months Ended September 30, 2024" is Q3 2024; "nine months ended" picks the nine months' column
    result = first_claim(nlp_blank, answer, as_written(QUARTERS))
    assert result["status"] == status, result["reason"]
    if under:
        assert result["reason"].startswith(f"the table row 'Operating income' says, under '{under}'"), result["reason"]


@pytest.mark.parametrize(
    "text,months",
    [
        ("Three Months Ended September 30, 2024", 3),
        ("13 weeks ended", 3),
        ("in Q3 2024", 3),
        ("the third quarter", 3),
        ("Six Months Ended June 30,", 6),
        ("H1 2024", 6),
        ("nine months ended", 9),
        ("Year Ended December 31, 2024", 12),
        ("fiscal year ended", 12),
        ("September 30, 2024", None),
        ("in Q3 and the nine months", None),  # two lengths: none
    ],
)
def test_months_of(text, months):
    from spacy_ground.pipeline.numeric import months_of

    assert months_of(text) == months


BALANCE = (
    "(in millions)\n\n| | September 30, 2024 | December 31, 2023 |\n|---|---|---|\n"
    "| Accounts receivable | $ 1,034 | $ 988 |\n| Inventories | 1,212 | 1,150 |\n"
    "| Total assets | $ 9,870 | $ 9,410 |"
)


@pytest.mark.parametrize(
    "answer,status",
    [
        ("Inventories were $1,212 million as of September 30, 2024.", "grounded"),
        ("Inventories were $1,034 million as of September 30, 2024.", "mismatch"),  # receivables', same column
        ("Inventories were $1,150 million as of September 30, 2024.", "mismatch"),  # the other date's
    ],
)
def test_another_row_of_the_statement_is_no_home_for_the_figure(nlp_blank, answer, status):
    result = first_claim(nlp_blank, answer, BALANCE)
    assert result["status"] == status, result["reason"]
    if status == "mismatch":
        assert result["reason"].startswith("the table row 'Inventories' says, under 'September 30, 2024'")


CHANGES = "| | Q3 2024 | Q3 2023 | Change |\n|---|---|---|---|\n| EBIT | 412 | 441 | (6.6)% |\n| Revenue | 2,310 | 2,140 | 7.9% |"


@pytest.mark.parametrize(
    "answer,status",
    [
        ("EBIT fell 6.6% in Q3 2024.", "grounded"),
        ("EBIT declined by 6.6% year over year.", "grounded"),
        ("EBIT rose 6.6% in Q3 2024.", "mismatch"),  # the sign the words give is wrong
        ("EBIT growth was 6.6% in Q3 2024.", "mismatch"),
        ("Revenue grew 7.9% in Q3 2024.", "grounded"),
    ],
)
def test_a_percent_said_to_grow_against_a_negative_change(nlp_blank, answer, status):
    result = first_claim(nlp_blank, answer, CHANGES, "percent")
    assert result["status"] == status, result["reason"]
    if status == "mismatch":  # the change check names the row's change cell
        assert result["reason"] == "said to rise where the table row 'EBIT' gives '-6.6%' under 'Change'"


DOCLING = (
    "(in thousands)\n\n| | Three Months Ended September 30, | Three Months Ended September 30, "
    "| Nine Months Ended September 30, | Nine Months Ended September 30, |\n|---|---|---|---|---|\n"
    "| | 2024 | 2023 | 2024 | 2023 |\n| Revenue | $ 48,210 | $ 41,055 | $ 139,874 | $ 118,902 |\n"
    "| Net loss | $ (1,105) | $ (3,690) | $ (5,882) | $ (12,904) |"
)
MARKITDOWN = (
    "(in thousands, except share and per share data)\n\n| | Year Ended December 31, | | | | | |\n"
    "| --- | --- | --- | --- | --- | --- | --- |\n| | 2024 | | | 2023 | | |\n"
    "| Collaboration revenue | $ | 18,420 | | $ | 9,875 | |\n"
    "| Net loss | $ | (96,785 | ) | $ | (99,383 | ) |\n"
    "| Net loss per share, basic and diluted | $ | (1.52 | ) | $ | (1.89 | ) |"
)


def test_converter_markdown_is_read_as_the_statement_it_was():
    # docling: the years as the first body row; markitdown: a dropped colspan, "$" and ")" in cells of their own
    assert [r.reading for r in markdown_table_rows(DOCLING) if r.cells] == [
        "Revenue; Three Months Ended September 30, 2024: $48,210 thousand; Three Months Ended September 30, 2023: "
        "$41,055 thousand; Nine Months Ended September 30, 2024: $139,874 thousand; Nine Months Ended September 30, "
        "2023: $118,902 thousand",
        "Net loss; Three Months Ended September 30, 2024: -$1,105 thousand; Three Months Ended September 30, 2023: "
        "-$3,690 thousand; Nine Months Ended September 30, 2024: -$5,882 thousand; Nine Months Ended September 30, "
        "2023: -$12,904 thousand",
    ]
    assert [r.reading for r in markdown_table_rows(MARKITDOWN) if r.cells] == [
        "Collaboration revenue; Year Ended December 31, 2024: $18,420 thousand; 2023: $9,875 thousand",
        "Net loss; Year Ended December 31, 2024: -$96,785 thousand; 2023: -$99,383 thousand",
        "Net loss per share, basic and diluted; Year Ended December 31, 2024: -$1.52; 2023: -$1.89",
    ]


@pytest.mark.parametrize(
    "source,answer,status",
    [
        (DOCLING, "Revenue for the nine months ended September 30, 2024 was $139.9 million.", "grounded"),
        (DOCLING, "Revenue for the nine months ended September 30, 2024 was $48.2 million.", "mismatch"),
        (DOCLING, "The net loss for the nine months ended September 30, 2024 was $12.9 million.", "mismatch"),
        (DOCLING, "Net income was $1.1 million in the third quarter of 2024.", "mismatch"),  # the row 'Net loss'
        (DOCLING, "The net loss was $1.1 million in the third quarter of 2024.", "grounded"),
        (MARKITDOWN, "Collaboration revenue was $9.9 million in 2024.", "mismatch"),
        (MARKITDOWN, "Helix reported a net loss of $96.8 million for 2024.", "grounded"),
        # "net loss per share" names the per-share row, not "Net loss"
        (MARKITDOWN, "The net loss per share was $1.52 in 2024.", "grounded"),
        (MARKITDOWN, "The net loss per share was $1.89 in 2024.", "mismatch"),
    ],
)
def test_converter_statements_are_checked(nlp_blank, source, answer, status):
    result = first_claim(nlp_blank, answer, source)
    assert result["status"] == status, result["reason"]


NIL = (
    "(in millions)\n\n| | September 30, 2024 | December 31, 2023 |\n|---|---|---|\n"
    "| Current portion of long-term debt | — | 500 |\n| Long-term debt | 3,980 | 3,975 |"
)


def test_a_dash_in_a_statement_is_nothing(nlp_blank):
    result = first_claim(
        nlp_blank, "The current portion of long-term debt was $500 million at September 30, 2024.", NIL
    )
    assert result["status"] == "mismatch", result["reason"]
    assert result["reason"] == (
        "the table row 'Current portion of long-term debt' says, under 'September 30, 2024', '—' (none)"
    )
    assert result["nearest"]["text"] == "—"
    result = first_claim(nlp_blank, "The current portion of long-term debt was $500 million at December 31, 2023.", NIL)
    assert result["status"] == "grounded", result["reason"]


@pytest.mark.parametrize(
    "answer,date,status",
    [
        ("Revenue was $48.2 million in Q3 2024.", "Q3 2024", "grounded"),  # Three Months Ended ... 2024
        ("Revenue was $48.2 million for the quarter ended September 30, 2024.", "September 30, 2024", "grounded"),
        ("Revenue was $139.9 million in the first nine months of 2024.", "2024", "grounded"),
        ("Revenue was $48.2 million in Q4 2024.", "Q4 2024", "unsupported"),  # no column's date; never a
    ],
)  # mismatch against one
def test_the_dates_of_column_names_are_stated_by_the_sources(nlp_blank, answer, date, status):
    doc = spacy_ground.check(nlp_blank, answer, sources=[DOCLING])
    claim = [c for c in doc.spans["ground_claims"] if c.text == date][0]
    assert claim._.ground_numeric["status"] == status, claim._.ground_numeric["reason"]


PDF_TEXT = """ORBITAL FOODS CORP.
CONSOLIDATED STATEMENTS OF INCOME
(In millions, except per share amounts)

                                          Fiscal Year Ended
                                   June 29, 2024      July 1, 2023
Net sales                          $ 5,412.3          $ 5,108.9
Cost of sales                        3,620.4            3,480.2
Operating income                       688.0              590.4
Net income                         $   455.1          $   402.6
Diluted earnings per share         $    3.12          $    2.74
"""


def test_a_statement_laid_out_with_spaces_is_read_as_a_table():
    from spacy_ground.sources.tables import text_table_rows

    rows = text_table_rows(PDF_TEXT)
    assert [r.reading for r in rows if r.cells][::2] == [
        "Net sales; Fiscal Year Ended June 29, 2024: $5,412.3 million; Fiscal Year Ended July 1, 2023: $5,108.9 million",
        "Operating income; Fiscal Year Ended June 29, 2024: $688.0 million; Fiscal Year Ended July 1, 2023: $590.4 million",
        "Diluted earnings per share; Fiscal Year Ended June 29, 2024: $3.12; Fiscal Year Ended July 1, 2023: $2.74",
    ]
    cell = [r for r in rows if r.cells][3].cells[1]
    assert PDF_TEXT[cell.start : cell.end] == "$   455.1"
    # prose with two spaces after a full stop, or a line or two of figures, is no table
    assert text_table_rows("Revenue rose 5%.  Costs fell 3%.\nNet income was up  12  14\n") == []


@pytest.mark.parametrize(
    "answer,status",
    [
        ("Orbital Foods' net sales were $5.41 billion in fiscal 2024.", "grounded"),  # a mismatch before (no unit)
        ("Net income rose to $455.1 million in fiscal 2024.", "grounded"),
        ("Net sales were $5.11 billion in fiscal 2024.", "mismatch"),  # 2023's
        ("Operating income was $590.4 million in fiscal 2024.", "mismatch"),
    ],
)
def test_a_statement_laid_out_with_spaces_is_checked(nlp_blank, answer, status):
    result = first_claim(nlp_blank, answer, PDF_TEXT)
    assert result["status"] == status, result["reason"]


SECTIONS = (
    "(in thousands, except per share data)\n\n| | Q3 2024 | Q3 2023 |\n|---|---|---|\n"
    "| Net income | $ 64,885 | $ 52,339 |\n| Earnings per share: | | |\n| Basic | $ 0.98 | $ 0.79 |\n"
    "| Diluted | $ 0.96 | $ 0.78 |\n| Revenue: | | |\n| Software | 9,120 | 8,410 |\n| Hardware | 4,005 | 3,870 |\n"
    "| Operating income: | | |\n| Software | 1,380 | 1,120 |\n| Hardware | 610 | 655 |"
)


def test_a_section_row_names_the_rows_under_it():
    assert [r.reading for r in markdown_table_rows(SECTIONS) if r.cells][2:4] == [
        "Basic; Q3 2024: $0.98; Q3 2023: $0.79",  # per share: not scaled
        "Diluted; Q3 2024: $0.96; Q3 2023: $0.78",
    ]


@pytest.mark.parametrize(
    "answer,status",
    [
        ("Diluted earnings per share were $0.96 in Q3 2024.", "grounded"),
        ("Diluted earnings per share were $0.98 in Q3 2024.", "mismatch"),  # basic's
        ("Software operating income was $1.38 million in Q3 2024.", "grounded"),
        ("Software operating income was $9.12 million in Q3 2024.", "mismatch"),  # its revenue
    ],
)
def test_rows_under_a_section_are_checked(nlp_blank, answer, status):
    result = first_claim(nlp_blank, answer, SECTIONS)
    assert result["status"] == status, result["reason"]


RELEASE = (
    "(in millions, except per share data)\n\n| | Q3 2024 | Q3 2023 |\n|---|---|---|\n"
    "| Net earnings | $ 301 | $ 268 |\n| Diluted EPS | $ 1.84 | $ 1.61 |"
)


@pytest.mark.parametrize(
    "answer,figure,status",
    [
        ("Net earnings were $301 million, or $1.84 per diluted share, in Q3 2024.", "$301 million", "grounded"),
        ("Net earnings were $301 million, or $1.84 per diluted share, in Q3 2024.", "$1.84", "grounded"),
        ("Net earnings were $301 million, or $1.61 per diluted share, in Q3 2024.", "$1.61", "mismatch"),  # 2023's EPS
        ("Net earnings were $268 million, or $1.84 per diluted share, in Q3 2024.", "$268 million", "mismatch"),
    ],
)
def test_an_amount_and_its_per_share_figure_in_one_sentence(nlp_blank, answer, figure, status):
    doc = spacy_ground.check(nlp_blank, answer, sources=[RELEASE])
    result = [c for c in doc.spans["ground_claims"] if c.text == figure][0]._.ground_numeric
    assert result["status"] == status, result["reason"]


@pytest.mark.parametrize(
    "source,answer,kind,status",
    [
        # "income" of a tax line is no gain
        (
            "(in millions)\n\n| | 2024 | 2023 |\n|---|---|---|\n| Income tax expense | (5.0) | (4.0) |\n| Revenue | 120.0 | 110.0 |",
            "Income tax expense was $5.0 million in 2024.",
            "money",
            "grounded",
        ),
        # a fall in other words
        (
            "| | Q3 2024 |\n|---|---|\n| Earnings | (3.1)% |\n| Revenue | 2.0% |",
            "Earnings eased 3.1% in Q3 2024.",
            "percent",
            "grounded",
        ),
        (
            "| | Q3 2024 |\n|---|---|\n| Operating profit | (4.2)% |\n| Revenue | 2.0% |",
            "Operating profit slipped 4.2% in Q3 2024.",
            "percent",
            "grounded",
        ),
        # the rise is the other clause's
        (
            "Exports rose 2% in 2024. Imports changed by -3% in 2024.",
            "Exports grew 2% but imports slumped 3% in 2024.",
            "percent",
            "grounded",
        ),
        # the answer's figure is the negative one: the words are not read for it
        ("Revenue fell 3% in 2023.", "Revenue growth was -3% in 2023.", "percent", "grounded"),
        # a negative figure of the size about something else
        (
            "The price index moved -8% in 2024. Acme sold 12 ships.",
            "Acme's profit grew 8% in 2024.",
            "percent",
            "unsupported",
        ),
    ],
)
def test_a_sign_in_words_is_read_in_its_clause(nlp_blank, source, answer, kind, status):
    doc = spacy_ground.check(nlp_blank, answer, sources=[source])
    results = [c._.ground_numeric for c in doc.spans["ground_claims"] if c._.claim["kind"] == kind]
    assert results[-1]["status"] == status, results[-1]["reason"]


def test_a_fiscal_quarter_is_not_read_as_a_calendar_quarter(nlp_blank):
    doc = spacy_ground.check(
        nlp_blank,
        "In the fourth quarter of fiscal 2024, revenue was $64.7 billion.",
        sources=["For the quarter ended June 30, 2024, revenue was $64.7 billion."],
    )
    assert all(c._.ground_numeric["status"] != "mismatch" for c in doc.spans["ground_claims"])


def test_a_per_customer_figure_is_not_the_total_rows(nlp_blank):
    kpi = "| Metric | 2024 |\n|---|---|\n| Revenue | $75,000 |\n| Customers | 1,500 |\n| Revenue per customer | $50 |"
    for answer in ("In 2024, revenue was $50 per customer.", "Revenue per customer was $50 in 2024."):
        result = first_claim(nlp_blank, answer, kpi)
        assert result["status"] == "grounded", (answer, result["reason"])


def test_an_answer_with_a_lone_angle_bracket_is_no_html(nlp_blank):
    answer = "If a<b and the fee is $9 then b>c."
    assert spacy_ground.make_doc(nlp_blank, answer, ["The fee is $9."]).text == answer
    assert spacy_ground.make_doc(nlp_blank, "Prices rose 10&#37;.", ["x"]).text == "Prices rose 10%    ."


def test_a_column_is_named_in_the_figures_own_clause(nlp_blank):
    stock = (
        "Product          Price     Stock\nWidget pro max   129.00    35\nWidget pro       99.00     12\n"
        "Widget           49.00     80\n"
    )
    doc = spacy_ground.check(nlp_blank, "The Widget pro max has a price of $129.00 and 35 in stock.", sources=[stock])
    assert {c.text: c._.ground_numeric["status"] for c in doc.spans["ground_claims"]} == {
        "$129.00": "grounded",
        "35": "grounded",
    }
    doc = spacy_ground.check(nlp_blank, "The Widget pro max has a stock of 12.", sources=[stock])
    assert doc.spans["ground_claims"][0]._.ground_numeric["status"] == "mismatch"  # the Widget pro's
