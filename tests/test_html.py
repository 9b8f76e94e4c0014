"""Sources written in HTML: markup blanked out with every offset kept, tables read row by row
as Markdown tables are."""
import re

import pytest

import spacy_ground
from spacy_ground.sources import html_reading, html_table_rows, mask_html, source_text
from test_components import CASES  # the Markdown table cases, run again with the tables in HTML


@pytest.mark.parametrize("text,expected", [
    # tags blanked, one space a character; a paragraph, row or <br> begins a line
    ("<p>Revenue rose.</p>", "\n  Revenue rose.\n   "),
    ("a <b>bold</b> word", "a    bold     word"),
    ("one<br>two<br/>three", "one\n   two\n    three"),
    ('<a href="x>y" class=\'z\'>link</a>', "                        link    "),  # quoted ">" inside a tag
    # entities: the character, padded on the side away from its word; a no-break space is a space
    ("<b>AT&amp;T</b>", "   AT&    T    "),
    ("<i>5&nbsp;million</i>", "   5      million    "),
    ("<p>&pound;7.1 &lt; 10&#37;</p>", "\n        £7.1 <    10%    \n   "),
    # comments, scripts and styles blanked whole, their line breaks kept
    ("<p>a</p><!-- note\nhere --><script>var x = '<p>';</script>b",
     "\n  a\n   " + " " * 9 + "\n" + " " * 8 + " " * 31 + "b"),
    ("<style>p { color: red }</style><p>x", "                               \n  x"),
    # no tag of HTML's own: the text as it is, entities too
    ("x < y and y > z", "x < y and y > z"),
    ("Contact <Acme Corp> today", "Contact <Acme Corp> today"),
    ("Fish &amp; chips", "Fish &amp; chips"),
    ("x<y, y>z", "x<y, y>z"),
    # once one is there, an unknown tag name stays text
    ("<p>Use <Acme> here</p>", "\n  Use <Acme> here\n   "),
    ("", ""),
])
def test_mask_html(text, expected):
    masked = mask_html(text)
    assert masked == expected
    assert len(masked) == len(text)


@pytest.mark.parametrize("text,expected", [
    ("Acme&#39;s <b>CEO</b>&nbsp;said&hellip;", "Acme's CEO said…"),
    ("AT&amp;T <i>rose</i> 10&#37;", "AT&T rose 10%"),
    ("<li>one</li>\n<li>two</li>", "one two"),
    ("plain text", "plain text"),
])
def test_html_reading(text, expected):
    assert html_reading(text) == expected


def readings(text):
    return [r.reading for r in html_table_rows(text) if r.reading is not None]


@pytest.mark.parametrize("text,expected", [
    # <thead>, a caption giving the unit, markup inside a cell
    ("<table><caption>Revenue (in $ millions)</caption><thead><tr><th>Quarter</th><th>Revenue</th></tr></thead>"
     "<tbody><tr><td>Q1 2024</td><td><b>5.2</b></td></tr><tr><td>Q2 2024</td><td>7.1</td></tr></tbody></table>",
     ["Quarter: Q1 2024; Revenue: $5.2 million", "Quarter: Q2 2024; Revenue: $7.1 million"]),
    # <th> cells in the first row name the columns; the line above the table is its caption
    ("Results (in $ millions)\n<table>\n<tr><th>Quarter</th><th>Margin (%)</th></tr>\n<tr><td>Q1</td><td>12</td></tr>\n"
     "</table>", ["Quarter: Q1; Margin (%): 12%"]),
    # rows and cells left open, as browsers read them; attributes; upper-case tags
    ("<TABLE border=1><TR><TH>k<TH>v<TR><TD>x<TD>1<TR><TD>y<TD>2</TABLE>", ["k: x; v: 1", "k: y; v: 2"]),
    # no header: the cells alone
    ("<table><tr><td>Acme</td><td>$7.1 million</td></tr></table>", ["Acme; $7.1 million"]),
    # a column name spanning two columns, a second header row under it
    ("<table><tr><th></th><th colspan=\"2\">Revenue ($M)</th></tr><tr><th>Region</th><th>2023</th><th>2024</th></tr>"
     "<tr><td>EU</td><td>5.2</td><td>7.1</td></tr></table>",
     ["Region: EU; Revenue ($M) 2023: $5.2 million; Revenue ($M) 2024: $7.1 million"]),
    # entities in cells, an empty cell left out
    ("<table><tr><th>Firm</th><th>Note</th><th>Staff</th></tr><tr><td>AT&amp;T</td><td></td><td>1,200</td></tr></table>",
     ["Firm: AT&T; Staff: 1,200"]),
    # a table inside a cell is that cell's text; the outer table's rows stand
    ("<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td><table><tr><td>x</td></tr></table></td></tr></table>",
     ["a: 1; b: x"]),
    # a table left open runs to the end; no table at all
    ("<table><tr><th>k</th></tr><tr><td>v</td></tr>", ["k: v"]),
    ("<p>No table here.</p>", []),
    ("", []),
])
def test_html_table_rows(text, expected):
    assert readings(text) == expected


def test_cells_keep_the_offsets_of_their_text():
    text = "<table><tr><th>Quarter</th><th>Revenue ($M)</th></tr>\n<tr><td> Q2 2024 </td><td><b>7.1</b>*</td></tr></table>"
    rows = html_table_rows(text)
    assert text[rows[0].start:rows[0].end] == "<tr><th>Quarter</th><th>Revenue ($M)</th></tr>" and not rows[0].cells
    body = rows[1]
    assert text[body.start:body.end] == "<tr><td> Q2 2024 </td><td><b>7.1</b>*</td></tr>"
    assert [(c.column, text[c.start:c.end], c.unit) for c in body.cells] == [
        ("Quarter", "Q2 2024", ""), ("Revenue ($M)", "7.1</b>*", "$ million")]
    assert body.reading == "Quarter: Q2 2024; Revenue ($M): $7.1 million *"


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
            out.append("<table>\n<thead><tr>" + "".join(cell("th", c) for c in cells(lines[i])) + "</tr></thead>\n<tbody>")
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
def test_html_tables_are_checked_as_markdown_tables_are(nlp, answer, sources, question, fragment, kind, status,
                                                         nearest, reason):
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


QUARTERS_HTML = ("<p>Quarterly results.</p>\n<table>\n<thead><tr><th>Quarter</th><th>Revenue</th>"
                 "<th>Operating margin</th></tr></thead>\n<tbody>\n"
                 "<tr><td>Q1 2024</td><td>$5.2 million</td><td>12%</td></tr>\n"
                 "<tr><td>Q2 2024</td><td>$7.1 million</td><td>15%</td></tr>\n"
                 "<tr><td>Q3 2024</td><td>$6.4 million</td><td>9%</td></tr>\n</tbody>\n</table>\n"
                 "<p>Acme&#39;s CEO said demand&nbsp;was strong.</p>")


@pytest.fixture(scope="module")
def full():
    return spacy_ground.load()


def test_the_whole_pipeline_reads_an_html_page(full):
    doc = spacy_ground.check(full, "Revenue was $6.4 million in Q3 2024. Acme's CEO said demand was strong.",
                             sources=[QUARTERS_HTML])
    first, second = doc.spans["ground_sentences"]
    best = first._.evidence[0]
    assert best["text"] == "Quarter: Q3 2024; Revenue: $6.4 million; Operating margin: 9%"
    assert QUARTERS_HTML[best["start"]:best["end"]] == "<tr><td>Q3 2024</td><td>$6.4 million</td><td>9%</td></tr>"
    assert second._.evidence[0]["text"] == "Acme's CEO said demand was strong."
    assert doc._.grounding.action == "pass", doc._.grounding.reasons
    wrong = spacy_ground.check(full, "Revenue was $7.1 million in Q3 2024.", sources=[QUARTERS_HTML])
    assert wrong._.grounding.action != "pass"
    assert "'$7.1 million' does not match the sources, which say '$6.4 million'" in wrong._.grounding.reasons
