"""Tables in sources: the rows of Markdown, HTML and text (laid out with spaces) tables, each
body row read with its column names; the unit, currency and scale a column name, row label or
caption gives a cell's bare numbers; negative figures; and the dates and periods a column
name gives."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from spacy_ground.sources.html import _entity_bounds, _html_pieces, html_reading, mask_html
from spacy_ground.text.dates import FiscalCalendar, fiscal_year_ended
from spacy_ground.text.normalize import find_claims
from spacy_ground.text.values import ClaimValue

# GitHub: one dash or more a cell ("\s*(?:\|\s*)?", not "\s*\|?\s*": each run of white space read
# one way only, where a long run tried every split of it, quadratic in its length)
_TABLE_SEPARATOR = re.compile(r"^\s*(?:\|\s*)?:?-+:?\s*(?:\|\s*:?-+:?\s*)*(?:\|\s*)?$")


def is_table_separator(line: str) -> bool:
    """Whether a line is the ``|---|:--:|`` line under a Markdown table's column names."""
    return "|" in line and bool(_TABLE_SEPARATOR.match(line))


@dataclass(frozen=True)
class TableCell:
    """A body cell of a Markdown table: its column's name, its offsets in the source text, and
    how its bare numbers read ("$ million" under "Revenue ($M)" or a caption "(in $ millions)";
    "%" under "Margin (%)"; "" when nothing says)."""

    column: str
    start: int
    end: int
    unit: str = ""
    text: str = ""  # as read (an HTML cell's without its markup)


# column names whose numbers are no amounts in the caption's unit: shares, per-share figures, ratios, counts
_OWN_SCALE = re.compile(
    r"%|\bper[- ]share\b|\bEPS\b|\bratio\b|\bcount\b|\bemployees\b|\bheadcount\b"
    r"|\bprices?\b|\bper\b",
    re.I,
)
_BARE_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
# a footnote mark after a cell's number: "7.1*", "7.1¹", "7.1 (1)", "7.1 [a]"
_FOOTNOTE = re.compile(r"\s*(?:\*{1,3}|†|‡|[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\(\d{1,2}\)|\[[a-z0-9]{1,2}\])", re.I)
_CURRENCY = {
    "$": "$",
    "us$": "$",
    "usd": "$",
    "dollars": "$",
    "€": "€",
    "eur": "€",
    "euros": "€",
    "£": "£",
    "gbp": "£",
    "pounds": "£",
    "¥": "¥",
    "jpy": "¥",
    "yen": "¥",
}
_SCALE = {
    "thousand": "thousand",
    "thousands": "thousand",
    "000s": "thousand",
    "k": "thousand",
    "million": "million",
    "millions": "million",
    "mn": "million",
    "mm": "million",
    "m": "million",
    "billion": "billion",
    "billions": "billion",
    "bn": "billion",
    "b": "billion",
}
_UNIT_GROUP = re.compile(
    r"\(([^()]{1,160})\)|,\s*((?:in\s+)?[$€£¥]?\s*(?:in\s+)?[a-z$€£¥0-9]+(?:\s+[a-z]+)?)\s*$", re.I
)


# column names of dates: the caption's unit is not theirs ("Year" under "(in $ millions)")
_DATE_COLUMN = re.compile(r"(?:fiscal\s+)?(?:years?|quarters?|dates?|periods?|months?|fy|as\s+of)", re.I)


_PRICE = re.compile(r"\d{1,3}\.\d\d")  # "9.99", "1.61": a price or a per-share figure; "1,204.6" is an amount


def _table_currency(cells: Iterable[str]) -> str:
    """The currency a table writes its amounts in, from a cell that is a currency sign alone
    ("| $ | 7,140 |", a filing's first and total rows) or an amount with its sign ("$1,840",
    "$1,204.6"; not a price, "$9.99"),
    for the bare numbers a caption scales ("(in millions)"); "" when none says."""
    for cell in cells:
        cell = cell.strip()
        money = _MONEY_CELL.fullmatch(cell)
        # "$9.99" is a price, not an amount the caption scales
        sign = (
            cell
            if _CURRENCY_CELL.fullmatch(cell)
            else money.group(1)
            if money and not _PRICE.fullmatch(money.group(2))
            else ""
        )
        if sign:
            return _CURRENCY.get(sign.lower(), sign)
    return ""


_PER_SHARE = re.compile(r"\bper[- ](?:common\s+|ordinary\s+)?share\b|\bEPS\b|\bdividends?\s+declared\b", re.I)
# what a table counts: its numbers take a caption's scale but not its currency
_COUNT = re.compile(
    r"\b(?:shares|subscribers|customers|users|members|accounts|employees|stores|units|orders|"
    r"downloads|visits|visitors|households|patients|students|vehicles|deliveries)\b",
    re.I,
)


def _row_unit(label: str, column: str, unit: str) -> str:
    """The unit of a cell's bare number given its row's label too: the column name's own
    ("Revenue ($M)"), else the label's ("Revenue ($M)" or "Gross margin (%)" heading a row of a
    table by quarter), else none for a label that names shares, per-share figures, ratios or
    counts ("Diluted EPS" under "(in millions, except per share data)"), else ``unit`` (the
    caption's)."""
    if unit_hint(column) or quantity_hint(column):
        return unit
    if _PER_SHARE.search(label) and not (unit_hint(label) or quantity_hint(label)):
        # "Diluted EPS" under "(in $ millions, except per share data)": dollars, not millions
        return unit.split(" ")[0] if unit.split(" ")[0] in _CURRENCY.values() else ""
    hint = unit_hint(label) or quantity_hint(label) or ("" if _OWN_SCALE.search(label) else unit)
    if hint and _COUNT.search(f"{column} {label}"):  # "Subscribers" under "(in $ millions)": millions, no dollars
        return hint.split(" ")[-1] if hint.split(" ")[-1] in _SCALES else ""
    return hint


# units of measure a column name or row label may give in brackets ("Weight (kg)", "Protein (g)"):
# unambiguous ones only ("(m)" may be metres or millions, "(L)" and "(s)" are read as no unit)
_MEASURES = frozenset("g mg kg kcal kJ ml mL km cm mm kWh MWh kW MW GW GB TB MB lb lbs oz mi ft °C °F mph km/h".split())


def quantity_hint(text: str) -> str:
    """The unit of measure a column name or row label gives its bare numbers, in brackets
    ("Protein (g)" -> "g", "Energy (kcal)" -> "kcal"); "" for none, or an amount's (``unit_hint``)."""
    for m in re.finditer(r"\(\s*([^()]{1,8}?)\s*\)", text):
        if m.group(1) in _MEASURES:
            return m.group(1)
    return ""


def _column_unit(name: str, caption_unit: str) -> str:
    """The unit of a column's bare numbers: its name's ("Revenue ($M)", "Weight (kg)"), else the
    caption's, unless the name says its numbers have a scale of their own (shares, counts) or are dates."""
    own = unit_hint(name) or quantity_hint(name)
    if own or _OWN_SCALE.search(name) or _DATE_COLUMN.fullmatch(name.strip()):
        return own
    return caption_unit


def unit_hint(text: str) -> str:
    """How bare numbers under a column name or table caption read: "$ million" for "Revenue
    ($M)", "(in $ millions)", "(USD thousands)", "Sales, $ in millions"; "million" for "(in
    millions)"; "$" for "EPS ($)"; "%" for "Margin (%)"; "" when the text says none. A lone
    letter is a scale beside a currency, or alone when upper-case: "Paid memberships (M)",
    "Downloads (K)" read "million", "thousand"; "Height (m)" is metres."""
    for m in _UNIT_GROUP.finditer(text):
        if (m.group(1) or "").strip() in ("K", "M", "B", "MM", "Mn", "Bn"):
            return _SCALE[m.group(1).strip().lower()]
        group = (m.group(1) or m.group(2) or "").strip().lower()
        # "(in millions, except per share data)", "(in thousands, except percentages)": the
        # exceptions are columns of their own scale (_OWN_SCALE)
        group = re.sub(r"[,;]?\s*(?:except|unless)\b.*$", "", group)
        group = re.sub(r"\bu\.?s\.? dollars\b", "dollars", group)
        if group in ("%", "in %", "percent", "in percent", "per cent"):
            return "%"
        if "per share" in group:
            continue
        tokens = re.findall(
            r"us\$|[$€£¥]|[a-z0-9]+", group.replace("$m", "$ m").replace("$k", "$ k").replace("$b", "$ b")
        )
        tokens = [t for t in tokens if t not in ("in", "of", "amounts", "data", "figures", "unaudited")]
        currency = next((_CURRENCY[t] for t in tokens if t in _CURRENCY), "")
        scales = [t for t in tokens if t in _SCALE and (len(t) > 2 or currency or t in ("mn", "bn"))]
        if not (scales or currency) or any(t not in _CURRENCY and t not in _SCALE for t in tokens):
            continue  # "(m)" alone, "(in millions of units)": not an amount's unit
        return f"{currency} {_SCALE[scales[0]]}".strip() if scales else currency  # "EPS ($)": dollars
    return ""


@dataclass
class TableRow:
    """A line of a Markdown table in a source text: ``start`` / ``end`` its offsets, ``reading``
    the row with its column names ("Quarter: Q2 2024; Revenue: $7.1 million") or None for the
    header line, ``separator`` for the ``|---|---|`` line under it, ``cells`` a body row's
    non-empty cells."""

    start: int
    end: int
    reading: Optional[str]
    separator: bool = False
    cells: Tuple[TableCell, ...] = ()


def _cells(line: str, offset: int = 0) -> List[Tuple[str, int, int]]:
    """A table line's cells as (text, start, end), offsets from ``offset`` ("| a | b |" and
    "a | b" alike; "\\|" is a pipe inside a cell)."""
    bounds = [m.start() for m in re.finditer(r"(?<!\\)\|", line)]
    pieces = list(zip([-1] + bounds, bounds + [len(line)]))
    if bounds and bounds[0] == len(line) - len(line.lstrip()):
        pieces = pieces[1:]  # a leading pipe: nothing before it
    if bounds and bounds[-1] == len(line.rstrip()) - 1 and pieces:
        pieces = pieces[:-1]  # a trailing pipe: nothing after it
    out = []
    for a, b in pieces:
        raw = line[a + 1 : b]
        start = a + 1 + len(raw) - len(raw.lstrip())
        text = raw.strip()
        out.append((text.replace("\\|", "|"), offset + start, offset + start + len(text)))
    return out


def markdown_table_rows(text: str) -> List[TableRow]:
    """The lines of every Markdown table in ``text`` (a header line with a pipe, a separator
    line of dashes, then the lines with a pipe under them), each body row read with its
    column names so that a model sees which column a value sits in, and a bare number in a
    cell with the unit its column name gives, else the caption's (the nearest of the lines above
    that gives one, ``caption_unit_above``; a unit note in the corner first), unless the
    column name says its numbers are shares, per-share figures, ratios or counts."""
    if "|" not in text or "-" not in text:
        return []
    lines, pos = [], 0
    for line in text.split("\n"):
        lines.append((pos, pos + len(line), line))
        pos += len(line) + 1
    rows: List[TableRow] = []
    i = 0
    while i + 1 < len(lines):
        start, end, line = lines[i]
        sep = lines[i + 1]
        # as in GitHub's Markdown, the separator has a cell for each column name
        header = [c for c, _, _ in _cells(line)] if "|" in line and is_table_separator(sep[2]) else []
        if not header or len(_cells(sep[2])) != len(header):
            i += 1
            continue
        # a caption: the lines above the column names, up to another table
        above = []
        for j in range(i - 1, max(-1, i - 8), -1):
            if "|" in lines[j][2]:
                break
            above.append(lines[j][2])
        corner = unit_note(header[0]) if header else ""  # "| (in millions) | 2024 | 2023 |"
        caption_unit = corner or caption_unit_above(above)
        header = [""] + header[1:] if corner else header
        body = []
        for j in range(i + 2, len(lines)):
            if "|" not in lines[j][2] or not lines[j][2].strip():
                break
            body.append(lines[j])
        # rows under the separator with a blank first cell and no figure but years name the
        # columns too, as converters write a statement's header ("| | 2024 | 2023 |")
        names = [[h] if h else [] for h in header]
        more = 0
        for _, _, b_line in body:
            texts = [c for c, _, _ in _cells(b_line)]
            if not texts or texts[0] or not any(texts[1:]) or not names_only(texts[1:]):
                break
            more += 1
            for n, text_of in enumerate(texts[: len(names)]):
                if text_of and (not names[n] or names[n][-1] != text_of):
                    names[n].append(text_of)
        header = [" ".join(_one_year_each(n)) for n in names]
        units = [_column_unit(name, caption_unit) for name in header]
        currency = _table_currency(c for _, _, line in body for c, _, _ in _cells(line)[1:])
        units = [
            f"{currency} {u}" if currency and u in _SCALES and not unit_hint(name) else u
            for name, u in zip(header, units)
        ]
        rows += [TableRow(start, end, None), TableRow(sep[0], sep[1], None, separator=True)]
        rows += [TableRow(b_start, b_end, None) for b_start, b_end, _ in body[:more]]
        i += 2 + more
        section = ""
        while i < len(lines) and "|" in lines[i][2] and lines[i][2].strip():
            r_start, r_end, r_line = lines[i]
            parts, cells = [], []
            row_cells = _cells(r_line, r_start)
            texts = closed_brackets([c for c, _, _ in row_cells])  # "(412" and ")" in cells of their own
            label = texts[0] if texts else ""
            if label and not any(texts[1:]):
                section = label  # "Earnings per share:" heads the rows below
            label = _in_section(label, section)
            currency = ""
            for n, ((_, c_start, c_end), cell) in enumerate(zip(row_cells, texts)):
                if not cell:
                    continue
                if n and _CURRENCY_CELL.fullmatch(cell):  # "$" in a cell of its own: the next cell's
                    currency = _CURRENCY.get(cell.lower(), cell)
                    continue
                at = _named_at(header, texts, n)  # a figure right of its column's name ("| $ | 18,420 |")
                name = header[at] if at < len(header) else ""
                unit = _row_unit(label, name, units[at] if at < len(units) else "") if n else ""
                if currency and unit in _SCALES | {""} and (_whole(_BARE_NUMBER, cell) or negative_cell(cell)):
                    unit = f"{currency} {unit}".strip()
                currency = ""
                shown = cell_shown(cell, unit)
                parts.append(f"{name}: {shown}" if name else shown)
                cells.append(TableCell(name, c_start, c_end, unit, cell))
            rows.append(TableRow(r_start, r_end, "; ".join(parts) if parts else None, cells=tuple(cells)))
            i += 1
    return rows


# ("\s*(?:[:.]\s*)?": "\s*[:.]?\s*" tried every split of a long run of white space)
_SHARE_CLASS_LABEL = re.compile(r"\s*(?:basic|diluted)(?:\s*(?:and|&|/)\s*(?:basic|diluted))?\s*(?:[:.]\s*)?", re.I)


def _in_section(label: str, section: str) -> str:
    """A row label as its unit is read: "Diluted" under a section "Earnings per share:" is
    "Earnings per share: Diluted" (a per-share figure, not scaled); any other label as it is."""
    return f"{section} {label}" if section and _SHARE_CLASS_LABEL.fullmatch(label) else label


def _named_at(header: Sequence[str], texts: Sequence[str], n: int) -> int:
    """The column whose name a row's n-th cell is read under: its own, or, when its column has
    no name, the nearest named column to its left if the cells between are blank or a currency
    sign (a converter dropped a ``colspan``: "| | 2024 | |" over "| $ | 18,420 |")."""
    if n == 0 or (n < len(header) and header[n]):
        return n
    for j in range(n - 1, 0, -1):
        if texts[j] and not _CURRENCY_CELL.fullmatch(texts[j]):
            return n
        if j < len(header) and header[j]:
            return j
    return n


_HTML_TABLE_TAG = re.compile(
    r"<(/?)(table|caption|thead|tbody|tfoot|tr|td|th)\b((?:[^<>\"']|\"[^\"]*\"|'[^']*')*)>", re.I
)
_COLSPAN = re.compile(r"(?<![-\w])colspan\s*=\s*[\"']?\s*(\d+)", re.I)
_ROWSPAN = re.compile(r"(?<![-\w])rowspan\s*=\s*[\"']?\s*(\d+)", re.I)
_CURRENCY_CELL = re.compile(r"(?:US)?[$€£¥]|USD|EUR|GBP", re.I)
_YEAR = re.compile(r"(?:19|20)\d\d")
# a date's or a period's numbers, no figures: "December 31", "Q1 2024", "FY24", "H1"
_PERIOD = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b"
    r"|\b(?:Q[1-4]|H[12]|FY)\s*'?\d{0,4}\b",
    re.I,
)
_BOLD_CELL = re.compile(r"\s*<(b|strong)\b[^<>]*>[^<>]*</\1\s*>\s*", re.I)


@dataclass
class _HtmlCell:
    start: int  # inner text
    end: int
    th: bool
    colspan: int = 1
    rowspan: int = 1


@dataclass
class _HtmlRow:
    start: int
    end: int = -1
    head: bool = False  # in <thead>
    cells: List[_HtmlCell] = field(default_factory=list)


@dataclass
class _HtmlTable:
    start: int
    end: int = -1
    caption: str = ""
    rows: List[_HtmlRow] = field(default_factory=list)
    nested: bool = False  # holds another table (a layout table): its rows are not read
    # parsing state
    row: Optional[_HtmlRow] = None
    cell: Optional[_HtmlCell] = None
    head: bool = False
    caption_at: int = -1

    def close_cell(self, at: int) -> None:
        if self.cell is not None and self.row is not None:
            self.cell.end = at
            self.row.cells.append(self.cell)
        self.cell = None

    def close_row(self, at: int) -> None:
        self.close_cell(at)
        if self.row is not None:
            self.row.end = at
            self.rows.append(self.row)
        self.row = None


def _html_tables(text: str) -> List[_HtmlTable]:
    """Every table of an HTML text with its rows and cells (a cell or row left open ends where
    the next begins, as browsers read them). A table inside another is read as a table of its
    own, and the one around it is marked ``nested`` (a page's layout, not read as a table)."""
    done: List[_HtmlTable] = []
    stack: List[_HtmlTable] = []
    tags = {a for a, _, kind in _html_pieces(text, html_text=True) if kind in ("row", "cell")}
    for m in _HTML_TABLE_TAG.finditer(text):
        if m.start() not in tags:  # in a comment, a script or an attribute's value
            continue
        closing, name = m.group(1) == "/", m.group(2).lower()
        if name == "table":
            if not closing:
                if stack:
                    stack[-1].nested = True
                stack.append(_HtmlTable(m.start()))
            elif stack:
                table = stack.pop()
                table.close_row(m.start())
                table.end = m.end()
                done.append(table)
            continue
        if not stack:
            continue
        table = stack[-1]
        if name == "caption":
            if closing and table.caption_at >= 0:
                table.caption = html_reading(text, table.caption_at, m.start())
            table.caption_at = -1 if closing else m.end()
        elif name in ("thead", "tbody", "tfoot"):
            table.close_row(m.start())
            table.head = name == "thead" and not closing
        elif name == "tr":
            table.close_row(m.start() if not closing else m.end())
            if not closing:
                table.row = _HtmlRow(m.start(), head=table.head)
        elif closing:  # </td>, </th>
            table.close_cell(m.start())
        else:  # <td>, <th>
            table.close_cell(m.start())
            if table.row is None:
                table.row = _HtmlRow(m.start(), head=table.head)
            col, row = _COLSPAN.search(m.group(3)), _ROWSPAN.search(m.group(3))
            table.cell = _HtmlCell(
                m.end(),
                -1,
                name == "th",
                max(1, min(int(col.group(1)), 50)) if col else 1,
                min(int(row.group(1)), 500) or 500 if row else 1,
            )  # 0: to the end
    while stack:  # a table left open runs to the end of the text
        table = stack.pop()
        table.close_row(len(text))
        table.end = len(text)
        done.append(table)
    return sorted(done, key=lambda t: t.start)


ROWSPAN_GROWTH = 10  # see _grid


def _grid(table: _HtmlTable, text: str) -> List[List[Tuple[int, _HtmlCell, str]]]:
    """Each row's cells as (column, cell, text), columns counted as a browser lays them out: a
    ``colspan`` takes several, a ``rowspan`` cell keeps its column in the rows below and is read
    in them too (a region's name beside each of its quarters), at its own offsets."""
    held: Dict[int, List[Any]] = {}  # column -> [rows it is still taken for, cell, text, its first column]
    out = []
    # cells carried down by rowspans, at most ROWSPAN_GROWTH times the cells written (a table of
    # "rowspan=500" rows would otherwise grow with the square of its length); past it, no more
    budget = ROWSPAN_GROWTH * sum(len(r.cells) for r in table.rows) + 1_000
    for r in table.rows:
        carried = [(c, h[1], h[2]) for c, h in held.items() if h[3] == c]
        budget -= len(held)
        if budget < 0:
            held.clear()
        col, cells = 0, []
        for cell in r.cells:
            while col in held:
                col += 1
            reading = html_reading(text, cell.start, cell.end)
            cells.append((col, cell, reading))
            if cell.rowspan > 1:
                for c in range(col, col + cell.colspan):
                    held[c] = [cell.rowspan, cell, reading, col]  # counted down below, this row included
            col += cell.colspan
        for c in list(held):
            held[c][0] -= 1
            if held[c][0] <= 0:
                del held[c]
        out.append(sorted(carried + cells, key=lambda t: t[0]))
    return out


def names_only(texts: Iterable[str]) -> bool:
    """Whether table cells hold no figure but years, dates and quarters (column names)."""
    return not any(
        n.group(0) for t in texts for n in _BARE_NUMBER.finditer(_PERIOD.sub(" ", t)) if not _YEAR.fullmatch(n.group(0))
    )


def _is_title(cells: List[Tuple[int, _HtmlCell, str]], width: int) -> bool:
    """A row of one text across the whole table: a title or a section's name, not column names."""
    filled = [c for c in cells if c[2]]
    return len(filled) == 1 and filled[0][0] == 0 and filled[0][1].colspan >= max(2, width)


def _header_rows(table: _HtmlTable, grid: List[List[Tuple[int, _HtmlCell, str]]], width: int, text: str) -> List[int]:
    """The rows that name the columns: the first rows in ``<thead>`` or whose cells are all
    ``<th>`` or all bold (``<td><b>Revenue</b></td>``), or, in a table without such rows, the
    first rows whose first cell is blank or a unit note, as a filing's ("| | Year ended December
    31, |", "| (in millions) | 2024 | 2023 |"); a title row across the table before them is skipped, one after them ends
    them (a section's name)."""
    rows: List[int] = []

    def named(cells: List[Tuple[int, _HtmlCell, str]]) -> bool:
        """<th> cells only, or bold cells only without figures (a bold "Total" row is data)."""
        filled = [c for _, c, t in cells if t]
        return bool(filled) and (
            all(c.th for c in filled)
            or (all(_BOLD_CELL.fullmatch(text, c.start, c.end) for c in filled) and names_only(t for _, _, t in cells))
        )

    first_named = next((i for i, (r, cells) in enumerate(zip(table.rows[:6], grid)) if r.head or named(cells)), None)
    empty = 0
    for i, (r, cells) in enumerate(zip(table.rows, grid)):
        if i - empty >= 4:
            break
        if not any(t for _, _, t in cells):  # a row of empty cells (a filing's, setting column widths)
            empty += 1
            continue
        if _is_title(cells, width):
            if rows:
                break
            continue
        # "| | Year ended December 31, |", "| | 2024 | 2023 |": a blank first cell, no figure but
        # years; in a table with <th> or <thead> rows, only above them
        blank_corner = (
            (not cells[0][2] or unit_note(cells[0][2]))
            and cells[0][0] == 0
            and any(t for _, _, t in cells[1:])
            and names_only(t for _, _, t in cells)
            and (first_named is None or i < first_named)
        )
        if r.head or blank_corner or (first_named is not None and named(cells)):
            rows.append(i)
        else:
            break
    return rows


def html_table_rows(text: str, masked: Optional[str] = None) -> List[TableRow]:
    """The rows of every HTML table in ``text`` (a source as given; ``masked`` the same text
    with its markup blanked out, ``mask_html``), read as Markdown tables' rows are: each body row
    with its column names (``_header_rows``; names over several header rows joined, a
    ``colspan`` naming each column it spans, a ``rowspan`` keeping its column below), a bare
    number in a cell with the unit its column name gives, else the ``<caption>``'s, a title row's
    or the line above the table's, and the currency of a cell of its own before it ("| $ | 2,410
    |" under "(in millions)": $2,410 million). Offsets are those of the text as given; a cell's
    are those of its text, its markup left out (the markup between rows is blank in the text as
    read)."""
    if "<" not in text:
        return []
    masked = mask_html(text) if masked is None else masked
    rows: List[TableRow] = []
    tables = _html_tables(text)
    for table in tables:
        if not table.rows or table.nested:
            continue
        grid = _grid(table, text)
        width = max((col + cell.colspan for cells in grid for col, cell, _ in cells), default=0)
        header = _header_rows(table, grid, width, text)
        names = [[] for _ in range(width)]  # type: List[List[str]]
        for i in header:
            for col, cell, name in grid[i]:
                for c in range(col, min(col + cell.colspan, width)):
                    if name and (not names[c] or names[c][-1] != name):
                        names[c].append(name)
        columns = [" ".join(_one_year_each(n)) for n in names]
        corner = unit_note(columns[0]) if columns else ""
        if corner:  # "(in millions)" names no column
            columns[0] = ""
        titles = [i for i, cells in enumerate(grid[: header[0] if header else 1]) if _is_title(cells, width)]
        # the lines of text before the table, after any table before it (markup between them is blank)
        since = max([t.end for t in tables if t.end <= table.start] + [table.start - 600, 0])
        above = masked[since : table.start].split("\n")
        above = list(reversed(above[1:] if since == table.start - 600 else above))
        caption = table.caption or next((c[2] for i in titles for c in grid[i] if c[2]), "")
        caption_unit = corner or _caption_unit(caption) or caption_unit_above(above)
        units = [_column_unit(name, caption_unit) for name in columns]
        # a filing writes "$" in a cell of its own on a statement's first and total rows only: the
        # currency of every amount under a caption's scale ("(in millions)")
        table_currency = _table_currency(t for cells in grid for col, _, t in cells if col)
        own = [bool(unit_hint(name)) for name in columns]
        section = ""
        for i, (r, cells_in) in enumerate(zip(table.rows, grid)):
            if i in header or i in titles:
                rows.append(TableRow(r.start, r.end, None))
                continue
            parts, cells, currency = [], [], ""
            label = next((t for col, _, t in cells_in if col == 0), "")
            if label and not any(t for col, _, t in cells_in if col):
                section = label  # "Earnings per share:" heads the rows below
            label = _in_section(label, section)
            for col, cell, text_of in _closed_brackets(cells_in):
                inner = masked[cell.start : cell.end]
                c_start, c_end = _entity_bounds(
                    text, cell.start + len(inner) - len(inner.lstrip()), cell.end - (len(inner) - len(inner.rstrip()))
                )
                name, unit = (columns[col], units[col]) if col < width else ("", "")
                unit = _row_unit(label, name, unit) if col else ""
                if not text_of:
                    continue
                if col and _CURRENCY_CELL.fullmatch(text_of):  # "$" in a cell of its own: the next cell's
                    currency = _CURRENCY.get(text_of.lower(), text_of)
                    continue
                # a bare number, or a negative one without its own currency ("(312)")
                bare = _whole(_BARE_NUMBER, text_of) is not None or (negative_cell(text_of) or ("x",))[0] == ""
                currency = currency or (
                    table_currency
                    if (unit in _SCALES or not unit and _PER_SHARE.search(label))
                    and not (col < width and own[col])
                    and not _COUNT.search(f"{name} {label}")
                    else ""
                )
                if currency and bare and unit in _SCALES | {""}:
                    unit = f"{currency} {unit}".strip()
                currency = ""
                shown = cell_shown(text_of, unit)
                parts.append(f"{name}: {shown}" if name else shown)
                cells.append(TableCell(name, c_start, c_end, unit, text_of))
            rows.append(TableRow(r.start, r.end, "; ".join(parts) if parts else None, cells=tuple(cells)))
    return sorted(rows, key=lambda r: r.start)


_OPEN_FIGURE = re.compile(r"\(\s*(?:US\$|[$€£¥])?\s?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?%?")


def closed_brackets(texts: Sequence[str]) -> List[str]:
    """A row's cell texts with a negative figure's closing bracket, which filings print in a
    cell of its own ("(312" then ")"), read in the figure's cell ("(312)") and its own cell left
    blank."""
    out = list(texts)
    for i, text_of in enumerate(out):
        if _OPEN_FIGURE.fullmatch(text_of):
            j = next((j for j in range(i + 1, len(out)) if out[j]), None)
            if j is not None and re.fullmatch(r"\)\s*%?", out[j]):
                out[i], out[j] = text_of + out[j].replace(" ", ""), ""
    return out


def _closed_brackets(cells: List[Tuple[int, _HtmlCell, str]]) -> List[Tuple[int, _HtmlCell, str]]:
    """``closed_brackets`` for an HTML row's (column, cell, text)."""
    return [(col, cell, t) for (col, cell, _), t in zip(cells, closed_brackets([t for _, _, t in cells]))]


# a line of a statement as PDF text extraction lays it out: a label, then figures two spaces or
# more apart ("Net sales          $ 5,412.3          $ 5,108.9")
# a figure of a statement laid out with spaces: "$ 1,284.5", "(3.2)", "17%", "+140 bps", "—"
_TEXT_FIGURE = (
    r"(?:(?:US\$|[$€£¥])\s*)?\(?[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\)?(?:\s?(?:%|bps?\b|pts?\b|pp\b))?|[—–-]{1,2}"
)
_TEXT_ROW = re.compile(rf"^(?P<label>[^\s|](?:[^|\n]*?[^\s|])?)(?P<cells>(?:\s{{2,}}(?:{_TEXT_FIGURE}))+)\s*$")
_TEXT_CELL = re.compile(rf"(?<=\s\s)(?:{_TEXT_FIGURE})(?=\s|$)")
_TEXT_ROW_MAX = 400  # a statement's lines are short; _TEXT_ROW takes quadratic time on a long line


def _text_row(line: str) -> Optional["re.Match[str]"]:
    """``_TEXT_ROW`` matched on ``line``, or None for a line longer than a statement's."""
    return _TEXT_ROW.match(line) if len(line) <= _TEXT_ROW_MAX else None


def text_table_rows(text: str) -> List[TableRow]:
    """The rows of statements laid out with spaces, as PDF text extraction writes them: three
    lines or more of a label and the same number (two or more) of figures two spaces or more
    apart, read as a Markdown table's rows are: each with the column names the lines above give
    over its figures' positions ("Fiscal Year Ended" over "June 29, 2024": "Fiscal Year Ended June
    29, 2024"), its bare numbers with the unit of a caption above ("(In millions, except per
    share amounts)") and the statement's currency; a label alone between them is a section's name."""
    if "  " not in text:
        return []
    lines, pos = [], 0
    for line in text.split("\n"):
        lines.append((pos, line))
        pos += len(line) + 1
    rows: List[TableRow] = []
    i = 0
    while i < len(lines):
        block, j, width = [], i, 0
        while j < len(lines):
            m = _text_row(lines[j][1])
            cells = list(_TEXT_CELL.finditer(lines[j][1], m.start("cells"))) if m else []
            if m and len(cells) >= 2 and width in (0, len(cells)):
                width = len(cells)
                block.append((j, m, cells))
            elif not (
                block
                and lines[j][1].strip()
                and len(lines[j][1].strip()) < 60
                and not _TEXT_CELL.search(lines[j][1])
                and j + 1 < len(lines)
                and _text_row(lines[j + 1][1])
            ):
                break  # a section's name ("Operating expenses:") between rows keeps the block going
            j += 1
        if len(block) < 3:
            i = max(j, i + 1)
            continue
        first = block[0][0]
        spans = [(c.start(), c.end()) for c in block[0][2]]
        # the header lines right above: their pieces over the figures' columns name them
        names: List[List[str]] = [[] for _ in spans]
        top = first
        while (
            top > 0
            and first - top < 3
            and lines[top - 1][1].strip()
            and not _text_row(lines[top - 1][1])
            and re.search(r"\S\s{2,}\S|^\s{2,}\S", lines[top - 1][1])
        ):
            top -= 1
        for k in range(top, first):
            for piece in re.finditer(r"\S+(?: \S+)*", lines[k][1]):
                for n, (a, b) in enumerate(spans):
                    if piece.start() < b + 2 and a - 2 < piece.end() and piece.start() > 0:
                        names[n].append(piece.group(0))
        columns = [" ".join(_one_year_each(n)) for n in names]
        caption_unit = caption_unit_above([lines[k][1] for k in range(top - 1, max(-1, top - 6), -1)])
        figures = [c.group(0) for _, _, cells in block for c in cells]
        currency = _table_currency(figures)
        units = [_column_unit(name, caption_unit) for name in columns]
        units = [
            f"{currency} {u}" if currency and u in _SCALES and not unit_hint(name) else u
            for name, u in zip(columns, units)
        ]
        rows += [TableRow(lines[k][0], lines[k][0] + len(lines[k][1]), None) for k in range(top, first)]
        in_block = {k: (m, cells) for k, m, cells in block}
        for k in range(first, j):
            start, line = lines[k]
            if k not in in_block:
                label = line.strip()
                rows.append(TableRow(start + line.index(label), start + line.index(label) + len(label), label))
                continue
            m, cells = in_block[k]
            label = m.group("label")
            parts, found = [label], [TableCell("", start + m.start("label"), start + m.end("label"), "", label)]
            for n, cell in enumerate(cells):
                unit = _row_unit(label, columns[n], units[n])
                shown = cell_shown(cell.group(0).strip(), unit)
                parts.append(f"{columns[n]}: {shown}" if columns[n] else shown)
                found.append(
                    TableCell(columns[n], start + cell.start(), start + cell.end(), unit, cell.group(0).strip())
                )
            rows.append(TableRow(start, start + len(line), "; ".join(parts), cells=tuple(found)))
        i = j
    return rows


def source_table_rows(text: str, raw: Optional[str] = None) -> List[TableRow]:
    """The rows of the Markdown tables in ``text`` (a source as read), of its statements laid out
    with spaces (``text_table_rows``) and of the HTML tables in ``raw`` (the same source as
    given, when ``mask_html`` changed it), in order."""
    rows = markdown_table_rows(text)
    if "  " in text:
        taken = [(r.start, r.end) for r in rows]
        rows = sorted(
            rows + [r for r in text_table_rows(text) if not any(a < r.end and r.start < b for a, b in taken)],
            key=lambda r: r.start,
        )
    if raw is not None and raw != text:
        rows = sorted(rows + html_table_rows(raw, text), key=lambda r: r.start)
    return rows


_SCALES = frozenset(("thousand", "million", "billion"))


_MONEY_CELL = re.compile(r"(US\$|[$€£¥])\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)", re.I)


# a negative figure in a cell, as statements write it: "(1,234)", "$(1,234)", "($1,234)", "(12.5%)",
# "(12.5)%", "-1,234", "−$1,234"
_NEGATIVE_CELL = re.compile(
    r"(?P<c1>US\$|[$€£¥])?\s?(?:\(\s*(?P<c2>US\$|[$€£¥])?\s?(?P<n1>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"\s?(?P<p1>%)?\s*\)|[-−–]\s?(?P<c3>US\$|[$€£¥])?(?P<n2>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?))(?:\s?(?P<p2>%))?",
    re.I,
)


def negative_cell(cell: str) -> Optional[Tuple[str, str, str, int]]:
    """A cell holding one negative figure and nothing else but a footnote mark, as (currency
    sign, number, "%" or "", where the figure ends): "(1,234)" -> ("", "1,234", "", 7),
    "$(12.5)" -> ("$", "12.5", "", 7); None for anything else ("(loss)", "1,234", "(1)" alone
    is a footnote's number too, but a lone cell holding it reads as -1)."""
    m = _whole(_NEGATIVE_CELL, cell.strip())
    if m is None:
        return None
    signs = [g for g in (m.group("c1"), m.group("c2"), m.group("c3")) if g]
    percents = [g for g in (m.group("p1"), m.group("p2")) if g]
    if len(signs) > 1 or len(percents) > 1 or (signs and percents):
        return None
    return (signs[0] if signs else "", m.group("n1") or m.group("n2"), "%" if percents else "", m.end())


def cell_shown(cell: str, unit: str) -> str:
    """A table cell's text as the models read it, with the unit its column or caption gives:
    "7.1" under "($M)" -> "$7.1 million"; "$1,840" under "(in millions)" -> "$1,840 million"
    (an amount with its currency but not its scale); a negative figure with its minus sign
    ("(1,234)" under "(in $ thousands)" -> "-$1,234 thousand"); anything else as written."""
    negative = negative_cell(cell)
    if negative is not None:
        sign, number, percent, end = negative
        if percent:
            shown = f"{number}%"
        elif sign:
            shown = f"{sign}{number} {_money_scale(sign, unit)}".strip()
        else:
            shown = with_unit(number, unit) if unit else number
        return f"-{shown}" + cell.strip()[end:]
    if not unit:
        return cell
    number = _whole(_BARE_NUMBER, cell)
    if number is not None:
        return with_unit(number.group(0), unit) + cell[number.end() :]
    money = _whole(_MONEY_CELL, cell)
    if money is not None:  # "$   455.1" under "(In millions)": "$455.1 million"
        scale = _money_scale(money.group(1), unit)
        return f"{money.group(1)}{money.group(2)} {scale}".strip() + cell[money.end() :]
    return cell


def _whole(pattern: "re.Pattern[str]", cell: str) -> Optional["re.Match[str]"]:
    """``pattern`` matching the whole of a table cell but a footnote mark ("7.1", "7.1*", "7.1 (1)")."""
    m = pattern.match(cell)
    return m if m is not None and (m.end() == len(cell) or _FOOTNOTE.fullmatch(cell, m.end())) else None


def unit_note(text: str) -> str:
    """The unit a table's corner cell gives its bare numbers when that cell is a unit note and
    nothing else ("(in millions)", "($ in thousands)", "In millions, except per share data",
    "(Dollars in thousands)"); "" for a column name or a label ("Revenue ($M)")."""
    text = text.strip()
    if len(text) > 160:
        return ""
    if text.startswith("(") and text.endswith(")") and text.count("(") == 1:
        return unit_hint(text)
    if re.match(r"(?:[$€£¥]\s*|(?:U\.?S\.?\s+)?dollars\s+|amounts\s+)?in\s", text, re.I) and "(" not in text:
        return unit_hint(f"({text})")
    return ""


# a list of years in a column name spanning several columns: "Years Ended December 31, 2024 and 2023"
# ("(?<!\s)": read from the first space of a run only, where it matches if from any of them; a
# long run of spaces was read again from each of them, quadratic in its length)
_YEAR_LIST = re.compile(r"(?<!\s)\s+\b(?:19|20)\d\d(?:\s*(?:,|and|&)\s*(?:19|20)\d\d)+\b")


def _one_year_each(names: List[str]) -> List[str]:
    """A column's names from its header rows, top first, with a list of years over several
    columns dropped where a name below gives the column one of them ("Years Ended December 31,
    2024 and 2023" over "2024": "Years Ended December 31, 2024")."""
    out = list(names)
    for i, name in enumerate(names[:-1]):
        listed = _YEAR_LIST.search(name)
        below = [y for n in names[i + 1 :] for y in _YEAR.findall(n)]
        if listed and len(below) == 1 and below[0] in listed.group(0):
            out[i] = (name[: listed.start()] + name[listed.end() :]).strip()
    return [n for n in out if n]


def caption_unit_above(lines: Sequence[str], most: int = 4) -> str:
    """The unit the text right above a table gives it: that of the first of its last ``most``
    non-blank lines (nearest first) that gives one, as a statement's title, "(in thousands, except
    per share data)" and "(unaudited)" stack up; "" when none does."""
    near = [line.strip() for line in lines if line.strip()][:most]
    return next((u for u in map(_caption_unit, near) if u), "")


# the length of a period a column or a sentence names: "Three Months Ended", "nine months ended",
# "the quarter", "Q3 2024", "fiscal year", "H1"
_MONTHS = {"three": 3, "3": 3, "six": 6, "6": 6, "nine": 9, "9": 9, "twelve": 12, "12": 12}
_PERIOD_LENGTH = re.compile(
    r"\b(three|six|nine|twelve|3|6|9|12)[-\s]+months?\b|\b(13|26|39|52)[-\s]+weeks?\b"
    r"|\b(quarter(?:ly)?|Q[1-4]|[1-4]Q)\b|\b(half[-\s]+year|first\s+half|second\s+half|H[12])\b"
    r"|\b((?:fiscal\s+|full[-\s]+|calendar\s+)?years?\s+end(?:ed|ing)|full[-\s]+year|annual|FY)\b",
    re.I,
)


def months_of(text: str) -> Optional[int]:
    """How many months the period ``text`` names lasts: 3 for "Three Months Ended September 30,
    2024", "13 weeks ended", "the third quarter", "Q3 2024"; 6 for "six months", "H1"; 9; 12 for
    "year ended", "full year", "FY"; None when it names none (or several)."""
    found = set()
    for m in _PERIOD_LENGTH.finditer(text):
        if m.group(1):
            found.add(_MONTHS[m.group(1).lower()])
        elif m.group(2):
            found.add(int(m.group(2)) // 13 * 3)
        else:
            found.add(3 if m.group(3) else 6 if m.group(4) else 12)
    return found.pop() if len(found) == 1 else None


def _quarter_or_half(names: Tuple[ClaimValue, ...], months: int) -> Tuple[ClaimValue, ...]:
    """The calendar quarter (or half) a three- (six-) month period ending on a column's date
    falls in: "Three Months Ended September 30, 2024" is Q3 2024 too (a fiscal quarter ending
    in June is Q2 by the calendar, and no answer's "Q3" is pointed at it)."""
    import datetime as _dt

    out = []
    for v in names:
        if v.kind == "date" and v.granularity == "day" and v.low is not None and not v.is_range:
            end = _dt.date.fromordinal(int(v.low))
            text = (
                f"Q{(end.month - 1) // 3 + 1} {end.year}" if months == 3 else f"H{(end.month - 1) // 6 + 1} {end.year}"
            )
            out += [c for _, _, c in find_claims(text) if c.kind == "date"]
    return tuple(out)


_YEAR_ENDED = re.compile(r"\b(?:fiscal\s+)?(?:years?|twelve\s+months|12\s+months)\s+end(?:ed|ing)\b", re.I)
_YEAR_IN = re.compile(r"\b(?:19|20)\d\d\b")


def period_dates(
    name: str, found: Sequence[ClaimValue], cal: Optional[FiscalCalendar] = None
) -> Tuple[ClaimValue, ...]:
    """The dates a table's column name gives its figures besides those written in it (``found``):
    the year of "Year Ended December 31, 2024" and the fiscal year it ends (fiscal 2024, as the
    sources' fiscal calendar ``cal`` maps it), the calendar quarter of "Three Months Ended
    September 30, 2024" (Q3 2024), the half of "Six Months Ended June 30, 2024" (H1 2024)."""
    if _YEAR_ENDED.search(name):
        years = tuple(v for _, _, v in find_claims(" ".join(_YEAR_IN.findall(name))) if v.kind == "date")
        fiscal_years = (fiscal_year_ended(v, cal) for v in found if v.kind == "date")
        return years + tuple(v for v in fiscal_years if v is not None)
    months = months_of(name)
    return _quarter_or_half(tuple(found), months) if months in (3, 6) else ()


def column_dates(name: str, cal: Optional[FiscalCalendar] = None) -> Tuple[ClaimValue, ...]:
    """Every date a table's column name gives its figures: those written in it ("September 30,
    2024") and ``period_dates`` (the fiscal year a column ends named as the sources' fiscal calendar
    ``cal`` names it; the index maps every fiscal period to its months once built)."""
    found = tuple(v for _, _, v in find_claims(name) if v.kind == "date")
    return found + period_dates(name, found, cal)


def _caption_unit(caption: str) -> str:
    """The unit a table's caption gives its bare numbers ("(in $ millions)"), for a caption short
    enough to be one and not itself a table line."""
    return unit_hint(caption) if len(caption) < 200 and "|" not in caption else ""


def _money_scale(sign: str, unit: str) -> str:
    """The scale a unit gives an amount written with its currency sign: "million" for "million"
    or "$ million" ("$1,840" under "(in $ millions)"), "" for another currency's or no scale."""
    currency, _, scale = unit.rpartition(" ") if " " in unit else ("", "", unit)
    return scale if scale in _SCALES and currency in ("", _CURRENCY.get(sign.lower(), sign)) else ""


def with_unit(number: str, unit: str) -> str:
    """A bare number written with a table's unit: ("7.1", "$ million") -> "$7.1 million",
    ("0.52", "$") -> "$0.52", ("12", "%") -> "12%", ("3", "million") -> "3 million"."""
    if unit == "%":
        return f"{number}%"
    if unit in _CURRENCY.values():
        return f"{unit}{number}"
    currency, _, scale = unit.rpartition(" ") if " " in unit else ("", "", unit)
    return f"{currency}{number} {scale}".strip()


def read_with_unit(value: ClaimValue, unit: str) -> ClaimValue:
    """A table cell's bare number read with the unit its column or caption gives ("7.1" under
    "Revenue ($M)" is $7.1 million, its text written so); as it was if that does not read as
    one claim."""
    text = with_unit(value.text, unit)
    found = find_claims(text)
    if len(found) == 1 and found[0][0] == 0 and found[0][1] == len(text):
        return found[0][2]
    return value
