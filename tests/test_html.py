"""Sources written in HTML: markup blanked out with every offset kept, tables read row by row
as Markdown tables are."""

import re

import pytest
from test_components import CASES  # the Markdown table cases, run again with the tables in HTML

import spacy_ground
from spacy_ground.sources.html import html_compact, html_reading, mask_html
from spacy_ground.sources.readers import source_text
from spacy_ground.sources.tables import html_table_rows, markdown_table_rows, quantity_hint


@pytest.mark.parametrize(
    "text,expected",
    [
        # tags blanked, one space a character; a paragraph, row or <br> begins a line
        ("<p>Revenue rose.</p>", "\n  Revenue rose.\n   "),
        ("a <b>bold</b> word", "a    bold     word"),
        ("one<br>two<br/>three", "one\n   two\n    three"),
        ("<a href=\"x>y\" class='z'>link</a>", "                        link    "),  # quoted ">" inside a tag
        # entities: the character, padded on the side away from its word; a no-break space is a space
        ("<b>AT&amp;T</b>", "   AT&    T    "),
        ("<i>5&nbsp;million</i>", "   5      million    "),
        ("<p>&pound;7.1 &lt; 10&#37;</p>", "\n        £7.1 <    10%    \n   "),
        # comments, scripts, styles and declarations blanked whole, a line break inside a tag too
        ("<p>a</p><!-- note\nhere --><script>var x = '<p>';</script>b", "\n  a\n   " + " " * 18 + " " * 31 + "b"),
        ("<!DOCTYPE html><p>x", " " * 15 + "\n  x"),
        ("company <a\n href='/x'>raised</a> it", "company " + " " * len("<a\n href='/x'>") + "raised     it"),
        # namespaced tags (an iXBRL filing's numbers)
        (
            '<p>Revenue <ix:nonFraction name="us-gaap:Revenues" scale="6">7,140</ix:nonFraction></p>',
            "\n  Revenue "
            + " " * len('<ix:nonFraction name="us-gaap:Revenues" scale="6">')
            + "7,140"
            + " " * len("</ix:nonFraction>")
            + "\n   ",
        ),
        # a footnote mark in <sup> blanked, an exponent kept
        ("<p>$4.2<sup>1</sup> million</p>", "\n  $4.2" + " " * 12 + " million\n   "),
        ("<p>10<sup>6</sup> cells per m<sup>2</sup></p>", "\n  10     6       cells per m     2      \n   "),
        ("<style>p { color: red }</style><p>x", "                               \n  x"),
        # no tag of HTML's own and no entity: the text as it is
        ("x < y and y > z", "x < y and y > z"),
        ("prices <$5 million", "prices <$5 million"),
        ("Mail <jane@acme.example>", "Mail <jane@acme.example>"),
        ("Contact <Acme Corp> today", "Contact <Acme Corp> today"),
        # entities alone (a feed's or an API's text): read
        ("Fish &amp; chips at &pound;9", "Fish &" + " " * 4 + " chips at " + " " * 6 + "£9"),
        ("AT&T & Co", "AT&T & Co"),
        ("x<y, y>z", "x<y, y>z"),
        # once one is there, an unknown tag name stays text
        ("<p>Use <Acme> here</p>", "\n  Use <Acme> here\n   "),
        ("", ""),
    ],
)
def test_mask_html(text, expected):
    masked = mask_html(text)
    assert masked == expected
    assert len(masked) == len(text)


@pytest.mark.parametrize(
    "text,expected",
    [
        ("Acme&#39;s <b>CEO</b>&nbsp;said&hellip;", "Acme's CEO said…"),
        ("AT&amp;T <i>rose</i> 10&#37;", "AT&T rose 10%"),
        ("<li>one</li>\n<li>two</li>", "one two"),
        ("plain text", "plain text"),
    ],
)
def test_html_reading(text, expected):
    assert html_reading(text) == expected


@pytest.mark.parametrize(
    "text,expected",
    [
        ("<p>4.1&nbsp;%</p>", "4.1 %"),  # one space, as in plain text
        ("10&thinsp;000 people", "10 000 people"),
        ("<tr><td>$</td><td>1,299</td></tr>", "$ | 1,299"),  # no value runs across cells or rows
        ("<tr><td>December 31,</td></tr><tr><td>2024</td></tr>", "December 31, |\n2024"),
        ("<p>a</p>\n\n<p>b <b>c</b></p>", "a\nb c"),
        ("$4.2<sup>1</sup> million", "$4.2 million"),  # a footnote mark dropped
        ("$<span>1,299</span> and <b>Rev</b>enue", "$1,299 and Revenue"),  # an inline tag leaves no space
        ("Fish &amp; chips", "Fish & chips"),
        ("plain  text", "plain  text"),  # not HTML: as it is
    ],
)
def test_html_compact(text, expected):
    compact, starts, ends = html_compact(text)
    assert compact == expected
    assert len(starts) == len(ends) == len(compact)
    for char, a, b in zip(compact, starts, ends):  # each character points at what it reads
        if not char.isspace() and char != "|":
            assert html_reading(text, a, b) == char


def test_a_caption_does_not_scale_years():
    for text in (
        "Results (in $ millions)\n\n| Year | Revenue |\n|---|---|\n| 2023 | 2,850 |",
        "<p>Results (in $ millions)</p>\n<table><tr><th>Year</th><th>Revenue</th></tr>"
        "<tr><td>2023</td><td>2,850</td></tr></table>",
    ):
        reader = html_table_rows if "<table>" in text else markdown_table_rows
        assert [r.reading for r in reader(text) if r.cells] == ["Year: 2023; Revenue: $2,850 million"]


def readings(text):
    return [r.reading for r in html_table_rows(text) if r.reading is not None]


@pytest.mark.parametrize(
    "text,expected",
    [
        # <thead>, a caption giving the unit, markup inside a cell
        (
            "<table><caption>Revenue (in $ millions)</caption><thead><tr><th>Quarter</th><th>Revenue</th></tr></thead>"
            "<tbody><tr><td>Q1 2024</td><td><b>5.2</b></td></tr><tr><td>Q2 2024</td><td>7.1</td></tr></tbody></table>",
            ["Quarter: Q1 2024; Revenue: $5.2 million", "Quarter: Q2 2024; Revenue: $7.1 million"],
        ),
        # <th> cells in the first row name the columns; the line above the table is its caption
        (
            "Results (in $ millions)\n<table>\n<tr><th>Quarter</th><th>Margin (%)</th></tr>\n<tr><td>Q1</td><td>12</td></tr>\n"
            "</table>",
            ["Quarter: Q1; Margin (%): 12%"],
        ),
        # rows and cells left open, as browsers read them; attributes; upper-case tags
        ("<TABLE border=1><TR><TH>k<TH>v<TR><TD>x<TD>1<TR><TD>y<TD>2</TABLE>", ["k: x; v: 1", "k: y; v: 2"]),
        # no header: the cells alone
        ("<table><tr><td>Acme</td><td>$7.1 million</td></tr></table>", ["Acme; $7.1 million"]),
        # a column name spanning two columns, a second header row under it
        (
            '<table><tr><th></th><th colspan="2">Revenue ($M)</th></tr><tr><th>Region</th><th>2023</th><th>2024</th></tr>'
            "<tr><td>EU</td><td>5.2</td><td>7.1</td></tr></table>",
            ["Region: EU; Revenue ($M) 2023: $5.2 million; Revenue ($M) 2024: $7.1 million"],
        ),
        # entities in cells, an empty cell left out
        (
            "<table><tr><th>Firm</th><th>Note</th><th>Staff</th></tr><tr><td>AT&amp;T</td><td></td><td>1,200</td></tr></table>",
            ["Firm: AT&T; Staff: 1,200"],
        ),
        # a table inside another is read; the one around it is a page's layout
        (
            "<table><tr><td>Menu</td><td><table><tr><th>Quarter</th><th>Revenue</th></tr><tr><td>Q1</td><td>$5M</td></tr>"
            "</table></td></tr></table>",
            ["Quarter: Q1; Revenue: $5M"],
        ),
        # a rowspan keeps its column in the rows below, in the header and in the body, where it is read too
        (
            "<table><caption>Revenue (in $ millions)</caption><thead><tr><th rowspan=2>Segment</th>"
            "<th colspan=2>Revenue</th></tr><tr><th>2024</th><th>2023</th></tr></thead>"
            "<tr><td>Cloud</td><td>1,840</td><td>1,512</td></tr></table>",
            ["Segment: Cloud; Revenue 2024: $1,840 million; Revenue 2023: $1,512 million"],
        ),
        (
            "<table><tr><th>Region</th><th>Quarter</th><th>Sales ($M)</th></tr><tr><td rowspan=2>EU</td><td>Q1</td>"
            "<td>5.2</td></tr><tr><td>Q2</td><td>7.1</td></tr></table>",
            ["Region: EU; Quarter: Q1; Sales ($M): $5.2 million", "Region: EU; Quarter: Q2; Sales ($M): $7.1 million"],
        ),
        # a filing's header: no <th>, a blank corner, years; "$" in a cell of its own; a section's name
        (
            "<p>(in millions)</p><table><tr><td></td><td colspan=4>Year Ended December 31,</td></tr>"
            "<tr><td></td><td colspan=2>2024</td><td colspan=2>2023</td></tr><tr><td colspan=5>Operating expenses</td></tr>"
            "<tr><td>Operating income</td><td>$</td><td>1,090</td><td>$</td><td>1,215</td></tr>"
            "<tr><td>Interest</td><td></td><td>12</td><td></td><td>9</td></tr></table>",
            [
                "Operating expenses",
                "Operating income; Year Ended December 31, 2024: $1,090 million; "
                "Year Ended December 31, 2023: $1,215 million",
                # "$" only on a statement's first rows: the table's currency
                "Interest; Year Ended December 31, 2024: $12 million; Year Ended December 31, 2023: $9 million",
            ],
        ),
        # bold cells name the columns as <th> do
        (
            "<table><tr><td><b>Quarter</b></td><td><strong>Revenue</strong></td></tr><tr><td>Q1</td><td>$5M</td></tr></table>",
            ["Quarter: Q1; Revenue: $5M"],
        ),
        # table tags in a comment, a script or an attribute's value are no table
        ("<p>Hi</p><!-- <table><tr><td>Revenue</td><td>5</td></tr></table> -->", []),
        ("<TABLE><SCRIPT><TD>0</SCRIPT><TR><TD>1", ["1"]),
        ('<table><tr><th>A</th><th>B</th></tr><tr><td data-colspan="3">x</td><td>y</td></tr></table>', ["A: x; B: y"]),
        # a data row with a blank first cell under <th> names is data; so is an all-bold total row
        (
            "<table><tr><th>Note</th><th>Company</th><th>Staff</th></tr><tr><td></td><td>Acme</td><td>120</td></tr>"
            "<tr><td><b>Total</b></td><td><b>2</b></td><td><b>150</b></td></tr></table>",
            ["Company: Acme; Staff: 120", "Note: Total; Company: 2; Staff: 150"],
        ),
        # quarters name columns in a header without <th>; a currency code is a row's label, not a sign
        (
            "<p>(in millions)</p><table><tr><td></td><td>Q1 2024</td><td>Q2 2024</td></tr>"
            "<tr><td>USD</td><td>800</td><td>810</td></tr></table>",
            ["USD; Q1 2024: 800 million; Q2 2024: 810 million"],
        ),
        # a price is no currency of the table's scaled amounts; US$ is a sign
        (
            "<p>(in millions)</p><table><tr><th>Plan</th><th>Price</th><th>Subscribers</th><th>Revenue</th></tr>"
            "<tr><td>Pro</td><td>$9.99</td><td>230</td><td>US$1,000</td></tr></table>",
            ["Plan: Pro; Price: $9.99; Subscribers: 230 million; Revenue: US$1,000 million"],
        ),
        # the caption is the last line of text before the table, however the markup is laid out
        (
            "<div>\n  <p>(in $ millions)</p>\n</div>\n<br>\n<table><tr><th>Year</th><th>Revenue</th></tr>"
            "<tr><td>2024</td><td>1,840</td></tr></table>",
            ["Year: 2024; Revenue: $1,840 million"],
        ),
        # a table left open runs to the end; no table at all
        ("<table><tr><th>k</th></tr><tr><td>v</td></tr>", ["k: v"]),
        ("<p>No table here.</p>", []),
        ("", []),
    ],
)
def test_html_table_rows(text, expected):
    assert readings(text) == expected


def test_cells_keep_the_offsets_of_their_text():
    text = (
        "<table><tr><th>Quarter</th><th>Revenue ($M)</th></tr>\n<tr><td> Q2 2024 </td><td><b>7.1</b>*</td></tr></table>"
    )
    rows = html_table_rows(text)
    assert text[rows[0].start : rows[0].end] == "<tr><th>Quarter</th><th>Revenue ($M)</th></tr>" and not rows[0].cells
    body = rows[1]
    assert text[body.start : body.end] == "<tr><td> Q2 2024 </td><td><b>7.1</b>*</td></tr>"
    assert [(c.column, text[c.start : c.end], c.unit) for c in body.cells] == [
        ("Quarter", "Q2 2024", ""),
        ("Revenue ($M)", "7.1</b>*", "$ million"),
    ]
    assert body.reading == "Quarter: Q2 2024; Revenue ($M): $7.1 million*"


def test_source_text_keeps_offsets_and_leaves_records_and_plain_text_alone():
    page = "<h1>Acme</h1><p>Revenue was $7.1 million.</p>"
    assert source_text(page) == mask_html(page) and len(source_text(page)) == len(page)
    assert source_text("Revenue was $7.1 million.") == "Revenue was $7.1 million."
    assert source_text({"name": "<b>Acme</b>"}) == "name: <b>Acme</b>"  # a record's values as given


def as_html(text):
    """Every Markdown table of ``text`` written as an HTML table (``**x**`` as ``<b>x</b>``),
    every other line as a paragraph."""
    lines, out, i = text.split("\n"), [], 0

    def cells(line):
        return [c.strip() for c in line.strip().strip("|").split("|")]

    def cell(tag, c):
        bold = re.sub(r"[*][*](.+?)[*][*]", r"<b>\1</b>", c)
        return f"<{tag}>{bold}</{tag}>"

    while i < len(lines):
        if i + 1 < len(lines) and "|" in lines[i] and re.fullmatch(r"[\s|:-]+", lines[i + 1]):
            out.append(
                "<table>\n<thead><tr>" + "".join(cell("th", c) for c in cells(lines[i])) + "</tr></thead>\n<tbody>"
            )
            i += 2
            while i < len(lines) and "|" in lines[i]:
                out.append("<tr>" + "".join(cell("td", c) for c in cells(lines[i])) + "</tr>")
                i += 1
            out.append("</tbody>\n</table>")
        else:
            out.append(f"<p>{lines[i]}</p>" if lines[i].strip() else "")
            i += 1
    return "\n".join(out)


TABLE_CASES = [c for c in CASES if any("|---" in s for s in c[1] if isinstance(s, str))]


def test_there_are_table_cases():
    assert len(TABLE_CASES) >= 10


@pytest.mark.parametrize("answer, sources, question, fragment, kind, status, nearest, reason", TABLE_CASES)
def test_html_tables_are_checked_as_markdown_tables_are(
    nlp, answer, sources, question, fragment, kind, status, nearest, reason
):
    html_sources = [as_html(s) if isinstance(s, str) else s for s in sources]
    assert all("<table>" in s for s in html_sources if isinstance(s, str) and "|---" in s)
    doc = spacy_ground.check(nlp, answer, sources=html_sources, question=question)
    spans = [s for s in doc.spans["ground_claims"] if fragment in s.text]
    assert len(spans) == 1
    result = spans[0]._.ground_numeric
    assert result["status"] == status, result["reason"]
    if nearest is not None:
        assert nearest in result["nearest"]["text"] and nearest in result["evidence"]["text"]
        ev = result["evidence"]
        source = html_sources[ev["source"]]
        assert "<" not in ev["text"]  # read without markup, pointing at the source as given
        assert ev["start"] < ev["end"] <= len(source)
    if reason is not None:
        assert reason in result["reason"]


QUARTERS_HTML = (
    "<p>Quarterly results.</p>\n<table>\n<thead><tr><th>Quarter</th><th>Revenue</th>"
    "<th>Operating margin</th></tr></thead>\n<tbody>\n"
    "<tr><td>Q1 2024</td><td>$5.2 million</td><td>12%</td></tr>\n"
    "<tr><td>Q2 2024</td><td>$7.1 million</td><td>15%</td></tr>\n"
    "<tr><td>Q3 2024</td><td>$6.4 million</td><td>9%</td></tr>\n</tbody>\n</table>\n"
    "<p>Acme&#39;s CEO said demand&nbsp;was strong.</p>"
)


@pytest.fixture(scope="module")
def full():
    return spacy_ground.load()


def test_the_whole_pipeline_reads_an_html_page(full):
    doc = spacy_ground.check(
        full, "Revenue was $6.4 million in Q3 2024. Acme's CEO said demand was strong.", sources=[QUARTERS_HTML]
    )
    first, second = doc.spans["ground_sentences"]
    best = first._.evidence[0]
    assert best["text"] == "Quarter: Q3 2024; Revenue: $6.4 million; Operating margin: 9%"
    assert QUARTERS_HTML[best["start"] : best["end"]] == "<tr><td>Q3 2024</td><td>$6.4 million</td><td>9%</td></tr>"
    assert second._.evidence[0]["text"] == "Acme's CEO said demand was strong."
    assert doc._.grounding.action == "pass", doc._.grounding.reasons
    wrong = spacy_ground.check(full, "Revenue was $7.1 million in Q3 2024.", sources=[QUARTERS_HTML])
    assert wrong._.grounding.action != "pass"
    assert "'$7.1 million' does not match the sources, which say '$6.4 million'" in wrong._.grounding.reasons


@pytest.mark.parametrize(
    "source,answer,fragment",
    [
        ("<p>The jobless rate fell to 4.1&nbsp;% in May.</p>", "The jobless rate fell to 4.1% in May.", "4.1%"),
        ("<p>The firm employs 10&thinsp;000 people.</p>", "The firm employs 10,000 people.", "10,000"),
        (
            "<p>Adjusted operating profit was $4.2<sup>1</sup> million.</p>",
            "Adjusted operating profit was $4.2 million.",
            "$4.2 million",
        ),
        (
            "Profit at AT&amp;T rose 10&#37; to $4.6&nbsp;billion.",
            "Profit at AT&T rose 10% to $4.6 billion.",
            "$4.6 billion",
        ),  # entities without tags: a feed's text
        (
            '<p>Revenue was <ix:nonFraction name="us-gaap:Revenues">$7.1 million</ix:nonFraction>.</p>',
            "Revenue was $7.1 million.",
            "$7.1 million",
        ),
    ],
)
def test_html_values_read_as_plain_text_would(nlp_blank, source, answer, fragment):
    doc = spacy_ground.check(nlp_blank, answer, sources=[source])
    claim = [c for c in doc.spans["ground_claims"] if c.text == fragment][0]
    result = claim._.ground_numeric
    assert result["status"] == "grounded", result["reason"]
    assert "  " not in result["nearest"]["text"]  # read as written, not with the blanked markup
    assert "<" not in result["evidence"]["text"] and "&" not in result["evidence"]["text"].replace("AT&T", "")


def test_sentences_begin_at_their_text_not_inside_a_tag(full):
    page = '<div class="story">\n<p class="lead">Tesco&#8217;s profit rose to &pound;2.29bn.</p>\n<ul>\n<li>Pro &ndash; &euro;29/month</li>\n</ul></div>'
    doc = spacy_ground.check(full, "Tesco's profit rose to £2.29bn.", sources=[page])
    best = doc.spans["ground_sentences"][0]._.evidence[0]
    assert best["text"] == "Tesco’s profit rose to £2.29bn."
    assert page[best["start"] : best["end"]].startswith("Tesco&#8217;s") and page[best["start"] : best["end"]].endswith(
        "bn."
    )
    assert doc._.grounding.action == "pass", doc._.grounding.reasons


KPI = (
    "(in $ millions, except per share data)\n\n| Metric | Q1 2024 | Q2 2024 |\n|---|---|---|\n"
    "| Revenue | 120.4 | 131.9 |\n| Diluted EPS | 0.52 | 0.61 |\n| Gross margin (%) | 61.0 | 62.3 |\n"
    "| Bookings ($B) | 1.2 | 1.4 |"
)


@pytest.mark.parametrize("as_written", [lambda t: t, as_html], ids=["markdown", "html"])
def test_a_row_label_gives_its_row_a_unit(as_written):
    text = as_written(KPI)
    reader = html_table_rows if "<table>" in text else markdown_table_rows
    assert [r.reading for r in reader(text) if r.cells] == [
        "Metric: Revenue; Q1 2024: $120.4 million; Q2 2024: $131.9 million",  # the caption's
        "Metric: Diluted EPS; Q1 2024: $0.52; Q2 2024: $0.61",  # a per-share figure: dollars, not scaled
        "Metric: Gross margin (%); Q1 2024: 61.0%; Q2 2024: 62.3%",
        "Metric: Bookings ($B); Q1 2024: $1.2 billion; Q2 2024: $1.4 billion",
    ]


@pytest.mark.parametrize("as_written", [lambda t: t, as_html], ids=["markdown", "html"])
@pytest.mark.parametrize(
    "answer,status",
    [
        ("Bookings were $1.4 billion in Q2 2024.", "grounded"),
        ("Bookings were $1.2 billion in Q2 2024.", "mismatch"),
        ("Gross margin was 62.3% in Q2 2024.", "grounded"),
    ],
)
def test_a_row_label_unit_is_checked(nlp_blank, as_written, answer, status):
    doc = spacy_ground.check(nlp_blank, answer, sources=[as_written(KPI)])
    claim = [c for c in doc.spans["ground_claims"] if c._.claim["kind"] in ("money", "percent")][0]
    assert claim._.ground_numeric["status"] == status, claim._.ground_numeric["reason"]


@pytest.mark.parametrize("as_written", [lambda t: t, as_html], ids=["markdown", "html"])
@pytest.mark.parametrize(
    "answer,status",
    [
        ("Diluted earnings per share were $0.52 in Q2 2024.", "mismatch"),
        ("Diluted earnings per share were $0.61 in Q2 2024.", "grounded"),
        ("Diluted EPS was $0.52 per share in Q2 2024.", "mismatch"),
    ],
)
def test_earnings_per_share_is_checked_against_its_row(nlp_blank, as_written, answer, status):
    # "per share" is the basis the row names ("Diluted EPS"), not a rate the table does not hold
    doc = spacy_ground.check(nlp_blank, answer, sources=[as_written(KPI)])
    claim = [c for c in doc.spans["ground_claims"] if c._.claim["kind"] == "money"][0]
    assert claim._.ground_numeric["status"] == status, claim._.ground_numeric["reason"]


@pytest.mark.parametrize(
    "cell,answer",
    [
        ("&pound;7.1m (2023: &pound;6.4m)", "Revenue was £7.1m in 2024."),
        ("&#36;1,840", "Revenue was $1.84 billion in 2024."),
    ],
)
def test_a_cell_beginning_with_an_entity_is_read_whole(nlp_blank, cell, answer):
    source = (
        "<p>(in millions)</p><table><tr><th>Metric</th><th>2024</th></tr>"
        f"<tr><td>Revenue</td><td>{cell}</td></tr></table>"
    )
    cells = [c for r in html_table_rows(source) for c in r.cells]
    assert source[cells[1].start : cells[1].end] == cell  # its entity whole, not from its ";"
    doc = spacy_ground.check(nlp_blank, answer, sources=[source])
    claim = [c for c in doc.spans["ground_claims"] if c._.claim["kind"] == "money"][0]
    assert claim._.ground_numeric["status"] == "grounded", claim._.ground_numeric["reason"]


REGIONS = (
    "| Region | Quarter | Sales ($M) |\n|---|---|---|\n| Americas | Q1 2024 | 3.0 |\n| Americas | Q2 2024 | 4.4 |\n"
    "| Europe | Q1 2024 | 5.2 |\n| Europe | Q2 2024 | 7.1 |"
)
REGIONS_ROWSPAN = (
    "<table><tr><th>Region</th><th>Quarter</th><th>Sales ($M)</th></tr>"
    "<tr><td rowspan=2>Americas</td><td>Q1 2024</td><td>3.0</td></tr><tr><td>Q2 2024</td><td>4.4</td></tr>"
    "<tr><td rowspan=2>Europe</td><td>Q1 2024</td><td>5.2</td></tr><tr><td>Q2 2024</td><td>7.1</td></tr></table>"
)


@pytest.mark.parametrize("source", [REGIONS, as_html(REGIONS), REGIONS_ROWSPAN], ids=["markdown", "html", "rowspan"])
@pytest.mark.parametrize(
    "answer,status",
    [
        ("Americas sales were $4.4 million in Q2 2024.", "grounded"),
        ("Americas sales were $7.1 million in Q2 2024.", "mismatch"),
        ("Europe sales were $7.1 million in Q2 2024.", "grounded"),
        ("Europe sales were $5.2 million in Q2 2024.", "mismatch"),
    ],
)
def test_a_row_named_by_its_label_and_its_date(nlp_blank, source, answer, status):
    doc = spacy_ground.check(nlp_blank, answer, sources=[source])
    claim = [c for c in doc.spans["ground_claims"] if c._.claim["kind"] == "money"][0]
    result = claim._.ground_numeric
    assert result["status"] == status, result["reason"]
    if status == "mismatch":
        assert result["reason"].startswith("the table row '" + answer.split()[0] + "'")


@pytest.mark.parametrize(
    "text,expected",
    [
        ("Protein (g)", "g"),
        ("Energy (kcal)", "kcal"),
        ("Weight ( kg )", "kg"),
        ("Height (m)", ""),
        ("Volume (L)", ""),
        ("Revenue ($M)", ""),
        ("Year(s)", ""),
        ("Storage", ""),
    ],
)
def test_quantity_hint(text, expected):
    assert quantity_hint(text) == expected


NUTRITION = "| Per 100 g | Oats | Rice |\n|---|---|---|\n| Protein (g) | 16.9 | 2.7 |\n| Energy (kcal) | 389 | 130 |"


@pytest.mark.parametrize("as_written", [lambda t: t, as_html], ids=["markdown", "html"])
def test_a_measure_in_a_row_label_or_column_name(nlp_blank, as_written):
    text = as_written(NUTRITION)
    reader = html_table_rows if "<table>" in text else markdown_table_rows
    assert [r.reading for r in reader(text) if r.cells] == [
        "Per 100 g: Protein (g); Oats: 16.9 g; Rice: 2.7 g",
        "Per 100 g: Energy (kcal); Oats: 389 kcal; Rice: 130 kcal",
    ]
    # right values grounded, not a mismatch against the "Per 100 g" corner (a false alarm before)
    for answer in ("Oats provide 16.9 g of protein per 100 g.", "Rice has 130 kcal per 100 g."):
        doc = spacy_ground.check(nlp_blank, answer, sources=[text])
        claim = doc.spans["ground_claims"][0]
        assert claim._.ground_numeric["status"] == "grounded", (answer, claim._.ground_numeric["reason"])
    # "per 100 g", the basis the table names, is neither a rate nor a second figure: a wrong
    # column's value is checked against the cell (it was grounded by Oats' cell before)
    for answer, status in (
        ("The protein content of rice is 16.9 g per 100 g.", "mismatch"),
        ("The protein content of rice is 2.7 g per 100 g.", "grounded"),
    ):
        doc = spacy_ground.check(nlp_blank, answer, sources=[text])
        claim = doc.spans["ground_claims"][0]
        assert claim._.ground_numeric["status"] == status, (answer, claim._.ground_numeric["reason"])
    weights = as_written("| Model | Weight (kg) |\n|---|---|\n| Nimbus 8 | 1.2 |\n| Nimbus 8 Pro | 1.4 |")
    assert [r.reading for r in reader(weights) if r.cells] == [
        "Model: Nimbus 8; Weight (kg): 1.2 kg",
        "Model: Nimbus 8 Pro; Weight (kg): 1.4 kg",
    ]


ACME = "Acme's revenue was $7.1 million in Q2 2024, up from $6.4 million in Q1 2024. The company has 120 employees."


@pytest.mark.parametrize(
    "answer,statuses",
    [
        (
            "<p>Acme's revenue was <b>$7.1 million</b> in Q2 2024.</p><ul><li>It has 120 employees.</li></ul>",
            {"$7.1 million": "grounded", "120": "grounded"},
        ),
        ("<p>Acme's revenue was <b>$7.4 million</b> in Q2 2024.</p>", {"$7.4 million": "mismatch"}),
        ("Acme&#8217;s revenue was $7.1&nbsp;million in Q2 2024.", {"$7.1&nbsp;million": "grounded"}),
    ],
)
def test_an_html_answer_is_read_without_its_markup(nlp_blank, answer, statuses):
    doc = spacy_ground.make_doc(nlp_blank, answer, [ACME])
    assert len(doc.text) == len(answer) and "<" not in doc.text and "&" not in doc.text
    doc = nlp_blank(doc)
    found = {
        answer[c.start_char : c.end_char]: c._.ground_numeric["status"]
        for c in doc.spans["ground_claims"]
        if c._.claim["kind"] != "date"
    }
    assert found == statuses  # offsets into the answer as given


def test_an_html_answer_gets_the_verdict_of_its_text(full):
    plain = spacy_ground.check(full, "Acme's revenue was $7.1 million in Q2 2024. It has 120 employees.", [ACME])
    html_doc = spacy_ground.check(
        full, "<p>Acme's revenue was <b>$7.1 million</b> in Q2 2024.</p><ul><li>It has 120 employees.</li></ul>", [ACME]
    )
    assert html_doc._.grounding.action == plain._.grounding.action == "pass"
    assert abs(html_doc._.grounding.score - plain._.grounding.score) < 0.05
    assert [s.text.strip() for s in html_doc.spans["ground_sentences"]][1] == "It has 120 employees."
    wrong = spacy_ground.check(full, "<p>Acme's revenue was <b>$7.4 million</b> in Q2 2024.</p>", [ACME])
    assert wrong._.grounding.action != "pass"
    # reasons quote the text as read, one space between words
    assert "'$7.4 million' does not match the sources, which say '$7.1 million'" in wrong._.grounding.reasons
    assert any('"Acme\'s revenue was $7.4 million in Q2 2024."' in r for r in wrong._.grounding.reasons)
