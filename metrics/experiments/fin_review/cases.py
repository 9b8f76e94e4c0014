"""Financial-statement sources as companies publish them (earnings releases, 10-Q / 10-K
statements), in Markdown as PDF/HTML-to-Markdown converters write them (docling, markitdown /
markdownify, pandoc, pdfminer text) and in HTML as SEC EDGAR filings write them (a "$" in a cell
of its own, "(312" and ")" split over cells, colspan period headers, iXBRL tags, &#160;).
Each case: id, kind ("md" / "html" / "text"), src, answers [(answer, "ok" | "bad")], note on
what a "bad" answer gets wrong."""

CASES = []


def case(cid, kind, src, answers):
    CASES.append(dict(id=cid, kind=kind, src=src, answers=answers))


# ---------------------------------------------------------------------------------------------
# EDGAR-style HTML table generator: each figure takes three cells ("$", number, ")"), a spacer
# cell between figures, colspan period headers, iXBRL tags around figures.
SPAN = '<span style="font-family:\'Times New Roman\',serif;font-size:10pt;color:#000000">{}</span>'
TD = '<td style="vertical-align:bottom;padding:0 1pt{style}"{attrs}>{body}</td>'


def _td(body="", style="", attrs=""):
    return TD.format(style=style, attrs=attrs, body=SPAN.format(body) if body else "")


def _ix(num, ctx, name, neg=False):
    sign = ' sign="-"' if neg else ""
    return (f'<ix:nonFraction unitRef="usd" contextRef="{ctx}" decimals="-3" name="us-gaap:{name}" '
            f'format="ixt:num-dot-decimal" scale="3"{sign}>{num}</ix:nonFraction>')


def edgar(groups, periods, rows, title, sizing=True):
    """groups: [(text, n_figures)] over the period row ([] for none); periods: one text per figure;
    rows: (label, [figures], dollar, bold) with figures like "612,480", "(4,210)", "—", "" (a
    section's name row), "5 %"."""
    n = len(periods)
    out = [f'<div style="font-family:Times New Roman;font-size:10pt">{title}',
           '<table cellspacing="0" cellpadding="0" style="border-collapse:collapse;width:100%">']
    if sizing:  # the row of empty cells that sets column widths (Workiva, Donnelley filings)
        out.append("<tr>" + _td(style=";width:52%") + "".join(
            _td(style=";width:1%") * 3 + (_td(style=";width:1%") if i < n - 1 else "") for i in range(n)) + "</tr>")
    if groups:
        cells = [_td()]
        for gi, (text, k) in enumerate(groups):
            cells.append(_td(f"<b>{text}</b>" if text else "", style=";text-align:center;border-bottom:1px solid #000",
                             attrs=f' colspan="{3 * k + k - 1}"'))
            if gi < len(groups) - 1:
                cells.append(_td())
        out.append("<tr>" + "".join(cells) + "</tr>")
    cells = [_td()]
    for i, p in enumerate(periods):
        cells.append(_td(f"<b>{p}</b>", style=";text-align:center;border-bottom:1px solid #000", attrs=' colspan="3"'))
        if i < n - 1:
            cells.append(_td())
    out.append("<tr>" + "".join(cells) + "</tr>")
    for r, (label, figs, dollar, bold) in enumerate(rows):
        lab = f"<b>{label}</b>" if bold else label
        cells = [_td(lab, style=";padding-left:10pt" if not bold else "")]
        if not figs:
            cells += [_td()] * (4 * n - 1)
        for i, f in enumerate(figs):
            name = "".join(w.capitalize() for w in label.split()[:3] if w.isalpha()) or "Item"
            neg = f.startswith("(") and f.endswith(")")
            num = f.strip("()")
            if f in ("—", "-", ""):
                body, close = ("&#8212;" if f else ""), ""
            elif "%" in f:
                body, close = f, ""
            elif neg:
                body, close = "(" + _ix(num, f"c-{i + 1}", name, True), ")"
            else:
                body, close = _ix(num, f"c-{i + 1}", name), ""
            cells.append(_td("$" if dollar and f not in ("—", "") else ""))
            cells.append(_td(body, style=";text-align:right"))
            cells.append(_td(close))
            if i < n - 1:
                cells.append(_td())
        out.append(f'<tr style="background-color:{"#cceeff" if r % 2 == 0 else "#ffffff"}">' + "".join(cells) + "</tr>")
    out.append("</table></div>")
    return "\n".join(out)


# =============================================================================================
# A. docling-style Markdown: the period header repeated over its columns, the years row as the
# first body row, "$ 48,210" with a space, parentheses negatives. (in thousands)
case("md_docling_ops_3m9m", "md", """NOVA ROBOTICS, INC.
CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS
(in thousands, except per share data)
(unaudited)

|                                       | Three Months Ended September 30,   | Three Months Ended September 30,   | Nine Months Ended September 30,   | Nine Months Ended September 30,   |
|---------------------------------------|------------------------------------|------------------------------------|-----------------------------------|-----------------------------------|
|                                       | 2024                               | 2023                               | 2024                              | 2023                              |
| Revenue                               | $ 48,210                           | $ 41,055                           | $ 139,874                         | $ 118,902                         |
| Cost of revenue                       | 27,118                             | 24,370                             | 80,455                            | 71,630                            |
| Gross profit                          | 21,092                             | 16,685                             | 59,419                            | 47,272                            |
| Research and development              | 9,874                              | 8,912                              | 29,102                            | 26,455                            |
| Selling, general and administrative   | 12,530                             | 11,204                             | 36,877                            | 33,010                            |
| Loss from operations                  | (1,312)                            | (3,431)                            | (6,560)                           | (12,193)                          |
| Interest income (expense), net        | 402                                | (118)                              | 1,105                             | (390)                             |
| Provision for income taxes            | 195                                | 141                                | 427                               | 321                               |
| Net loss                              | $ (1,105)                          | $ (3,690)                          | $ (5,882)                         | $ (12,904)                        |
| Net loss per share, basic and diluted | $ (0.04)                           | $ (0.15)                           | $ (0.22)                          | $ (0.52)                          |
| Weighted-average shares outstanding   | 26,410                             | 24,980                             | 26,205                            | 24,811                            |
""", [
    ("Nova Robotics reported revenue of $48.2 million for the third quarter of 2024, up from $41.1 million a year earlier.", "ok"),
    ("Revenue for the nine months ended September 30, 2024 was $139.9 million.", "ok"),
    ("The net loss for the three months ended September 30, 2024 was $1.1 million, or $0.04 per share.", "ok"),
    ("The loss from operations narrowed to $1.3 million in the third quarter of 2024 from $3.4 million a year earlier.", "ok"),
    ("Revenue for the nine months ended September 30, 2024 was $48.2 million.", "bad"),          # 3M as 9M
    ("Nova Robotics posted net income of $1.1 million in the third quarter of 2024.", "bad"),    # loss called profit
    ("The net loss for the nine months ended September 30, 2024 was $12.9 million.", "bad"),     # 2023 column
    ("Gross profit for the third quarter of 2024 was $16.7 million.", "bad"),                    # 2023 column
    ("Research and development expenses were $12.5 million in the third quarter of 2024.", "bad"),  # SG&A row
])

# B. pandoc / markitdown from an HTML release: "$" in columns of their own with blank names,
# "% Change" with "bps", "n/m"; corner unit note
case("md_release_dollar_cols", "md", """**Third Quarter 2024 Financial Highlights**

| (Dollars in millions, except per share amounts) |   | Q3 2024 |   | Q3 2023 | % Change |
|---|---|---|---|---|---|
| Net sales | $ | 2,841 | $ | 2,655 | 7 % |
| Gross margin |  | 38.2 % |  | 36.9 % | 130 bps |
| Operating income |  | 412 |  | 365 | 13 % |
| Operating margin |  | 14.5 % |  | 13.7 % | 80 bps |
| Net earnings |  | 301 |  | 268 | 12 % |
| Diluted EPS | $ | 1.84 | $ | 1.61 | 14 % |
| Free cash flow |  | 355 |  | (42) | n/m |
""", [
    ("Net sales rose 7% to $2.84 billion in the third quarter of 2024.", "ok"),
    ("Gross margin expanded 130 basis points to 38.2% in Q3 2024.", "ok"),
    ("Net earnings were $301 million, or $1.84 per diluted share, in Q3 2024.", "ok"),
    ("Free cash flow was $355 million in Q3 2024, compared with negative free cash flow of $42 million a year earlier.", "ok"),
    ("Operating income was $412 million in Q3 2024.", "ok"),
    ("Diluted EPS was $1.61 in the third quarter of 2024.", "bad"),                  # 2023 column
    ("Operating income grew 12% to $412 million in Q3 2024.", "bad"),               # 12% is net earnings' growth
    ("Gross margin increased 1.3% to 38.2% in Q3 2024.", "bad"),                    # percent vs percentage points
    ("Free cash flow was $42 million in Q3 2023.", "bad"),                          # it was negative
    ("Operating income was $365 million in Q3 2024.", "bad"),                       # 2023 column
    ("Net earnings were $301 million, or $1.61 per diluted share, in Q3 2024.", "bad"),  # 2023 EPS
])

# C. balance sheet, unit note in the corner, bold section rows, em-dash for nil
case("md_balance_corner", "md", """CONDENSED CONSOLIDATED BALANCE SHEETS

| (in millions) | September 30, 2024 | December 31, 2023 |
|---|---|---|
| **ASSETS** | | |
| Cash and cash equivalents | $ 1,204.6 | $ 987.3 |
| Short-term investments | 310.0 | — |
| Accounts receivable, net | 842.1 | 790.5 |
| Inventories | 655.8 | 701.2 |
| Total current assets | 3,012.5 | 2,479.0 |
| Property and equipment, net | 1,480.3 | 1,402.9 |
| Goodwill | 2,115.0 | 2,115.0 |
| Total assets | $ 7,118.4 | $ 6,540.2 |
| **LIABILITIES AND STOCKHOLDERS' EQUITY** | | |
| Accounts payable | $ 402.7 | $ 455.9 |
| Long-term debt, net of current portion | 1,745.0 | 1,990.0 |
| Total liabilities | 3,688.1 | 3,702.4 |
| Accumulated deficit | (512.6) | (640.8) |
| Total stockholders' equity | 3,430.3 | 2,837.8 |
| Total liabilities and stockholders' equity | $ 7,118.4 | $ 6,540.2 |
""", [
    ("As of September 30, 2024, the company had cash and cash equivalents of $1.2 billion.", "ok"),
    ("Total assets were $7.12 billion at September 30, 2024, up from $6.54 billion at the end of 2023.", "ok"),
    ("Short-term investments were $310 million at September 30, 2024.", "ok"),
    ("The accumulated deficit was $512.6 million as of September 30, 2024.", "ok"),
    ("Cash and cash equivalents were $987.3 million as of September 30, 2024.", "bad"),    # other column
    ("Long-term debt was $1.99 billion at September 30, 2024.", "bad"),                    # other column
    ("Total stockholders' equity was $3.69 billion as of September 30, 2024.", "bad"),     # total liabilities' row
    ("Accounts receivable were $655.8 million as of September 30, 2024.", "bad"),          # inventories' row
])

# D. docling cash-flow statement: repeated "Nine Months Ended" header, years as first body row
case("md_docling_cashflow", "md", """CONDENSED CONSOLIDATED STATEMENTS OF CASH FLOWS
(In thousands)

|  | Nine Months Ended September 30, | Nine Months Ended September 30, |
|---|---|---|
|  | 2024 | 2023 |
| Net loss | $ (5,882) | $ (12,904) |
| Depreciation and amortization | 4,310 | 3,985 |
| Stock-based compensation | 7,655 | 6,120 |
| Net cash provided by (used in) operating activities | 9,214 | (3,870) |
| Purchases of property and equipment | (2,940) | (4,115) |
| Net cash used in investing activities | (15,460) | (6,002) |
| Proceeds from issuance of common stock | 1,210 | 48,500 |
| Net cash provided by financing activities | 880 | 47,655 |
| Net increase (decrease) in cash | (5,366) | 37,783 |
| Cash and cash equivalents at end of period | $ 61,340 | $ 72,918 |
""", [
    ("Net cash provided by operating activities was $9.2 million for the nine months ended September 30, 2024.", "ok"),
    ("Capital expenditures were $2.9 million in the nine months ended September 30, 2024.", "ok"),
    ("Stock-based compensation expense was $7.7 million in the first nine months of 2024.", "ok"),
    ("Cash and cash equivalents were $61.3 million at September 30, 2024.", "ok"),
    ("Net cash used in operating activities was $9.2 million for the nine months ended September 30, 2024.", "bad"),  # provided
    ("Net cash used in investing activities was $6.0 million in the first nine months of 2024.", "bad"),  # 2023
    ("Cash and cash equivalents were $72.9 million at September 30, 2024.", "bad"),                      # 2023
    ("Stock-based compensation expense was $6.1 million in the nine months ended September 30, 2024.", "bad"),  # 2023
])

# E. key metrics by quarter (metrics as rows, quarters as columns), footnote marks, "($M)" rows
case("md_kpi_quarters", "md", """Key Operating Metrics (unaudited)

| Metric | Q4 2023 | Q1 2024 | Q2 2024 | Q3 2024 |
|---|---|---|---|---|
| Annual recurring revenue ($M) | 412.5 | 431.0 | 452.8 | 478.1 |
| Customers with ARR > $100K | 1,212 | 1,260 | 1,318 | 1,377 |
| Net revenue retention rate (1) | 118 % | 116 % | 115 % | 113 % |
| Non-GAAP operating margin (2) | 11.2 % | 12.0 % | 13.5 % | 14.1 % |
| Free cash flow ($M) | 28.4 | (3.1) | 19.7 | 35.2 |

(1) Trailing twelve months.
(2) See reconciliation below.
""", [
    ("ARR reached $478.1 million in Q3 2024.", "ok"),
    ("Annual recurring revenue was $452.8 million in Q2 2024.", "ok"),
    ("Net revenue retention was 113% in Q3 2024, down from 118% in Q4 2023.", "ok"),
    ("The number of customers with ARR above $100,000 grew to 1,377 in Q3 2024.", "ok"),
    ("Annual recurring revenue was $452.8 million in Q3 2024.", "bad"),       # Q2 column
    ("The net revenue retention rate was 115% in Q3 2024.", "bad"),          # Q2 column
    ("Free cash flow was $3.1 million in Q1 2024.", "bad"),                  # negative
    ("Non-GAAP operating margin was 13.5% in Q3 2024.", "bad"),              # Q2 column
])

# F. non-GAAP reconciliation, headers flattened into one line per column (markitdown), a TTM column,
# a superscript footnote mark on a label
case("md_ebitda_recon", "md", """Reconciliation of GAAP Net Income to Adjusted EBITDA
(in millions)

| | Three Months Ended Sept. 30, 2024 | Three Months Ended Sept. 30, 2023 | Twelve Months Ended Sept. 30, 2024 |
|:--|--:|--:|--:|
| Net income | $ 84.2 | $ 61.7 | $ 301.5 |
| Interest expense, net | 22.9 | 25.4 | 95.1 |
| Income tax expense | 27.1 | 19.8 | 98.6 |
| Depreciation and amortization | 41.3 | 38.0 | 160.2 |
| Stock-based compensation | 12.6 | 10.9 | 48.3 |
| Restructuring charges¹ | 3.4 | — | 15.8 |
| Adjusted EBITDA | $ 191.5 | $ 155.8 | $ 719.5 |
| Adjusted EBITDA margin | 24.8 % | 22.1 % | 24.0 % |
""", [
    ("Adjusted EBITDA was $191.5 million in the third quarter of 2024, a margin of 24.8%.", "ok"),
    ("Adjusted EBITDA rose to $191.5 million from $155.8 million a year earlier.", "ok"),
    ("Restructuring charges were $3.4 million in the quarter ended September 30, 2024.", "ok"),
    ("Net income for the three months ended September 30, 2024 was $84.2 million.", "ok"),
    ("Adjusted EBITDA was $719.5 million in the third quarter of 2024.", "bad"),                  # TTM
    ("Net income was $61.7 million for the three months ended September 30, 2024.", "bad"),       # 2023
    ("Adjusted EBITDA margin was 22.1% in the third quarter of 2024.", "bad"),                    # 2023
    ("Adjusted EBITDA for the three months ended September 30, 2024 was $719.5 million.", "bad"), # TTM
])

# G. pdfminer / markitdown-from-PDF text: the statement as spaced columns, no table syntax
case("text_pdfminer_income", "text", """ORBITAL FOODS CORP.
CONSOLIDATED STATEMENTS OF INCOME
(In millions, except per share amounts)

                                          Fiscal Year Ended
                                   June 29, 2024      July 1, 2023
Net sales                          $ 5,412.3          $ 5,108.9
Cost of sales                        3,620.4            3,480.2
Gross profit                         1,791.9            1,628.7
Operating income                       688.0              590.4
Net income                         $   455.1          $   402.6
Diluted earnings per share         $    3.12          $    2.74
""", [
    ("Orbital Foods' net sales were $5.41 billion in fiscal 2024.", "ok"),
    ("Net income rose to $455.1 million in fiscal 2024 from $402.6 million.", "ok"),
    ("Diluted earnings per share were $3.12 in fiscal 2024.", "ok"),
    ("Operating income was $688.0 million in fiscal 2024.", "ok"),
    ("Net sales were $5.11 billion in fiscal 2024.", "bad"),                  # 2023
    ("Operating income was $590.4 million in fiscal 2024.", "bad"),           # 2023
    ("Diluted earnings per share were $3.21 in fiscal 2024.", "bad"),         # transposed digits
])

# H. segment table: period in the column names, "% change" with "(6) %", em-dash, "n/m"
case("md_segments", "md", """Segment Results
($ in millions)

| Segment | Q3 2024 Revenue | Q3 2023 Revenue | Change | Q3 2024 Operating Income (Loss) | Q3 2023 Operating Income (Loss) |
|---|---|---|---|---|---|
| Cloud Services | 1,245 | 1,032 | 21 % | 318 | 247 |
| Devices | 862 | 915 | (6) % | (24) | 18 |
| Enterprise Software | 590 | 541 | 9 % | 171 | 150 |
| Corporate and other | — | — | n/m | (66) | (58) |
| Total | 2,697 | 2,488 | 8 % | 399 | 357 |
""", [
    ("Cloud Services revenue grew 21% to $1,245 million in Q3 2024.", "ok"),
    ("Devices revenue declined 6% to $862 million in Q3 2024.", "ok"),
    ("The Devices segment swung to an operating loss of $24 million in Q3 2024 from operating income of $18 million a year earlier.", "ok"),
    ("Total revenue increased 8% to $2.70 billion in Q3 2024.", "ok"),
    ("Devices revenue grew 6% to $862 million in Q3 2024.", "bad"),                         # it fell 6%
    ("The Devices segment reported operating income of $24 million in Q3 2024.", "bad"),    # loss called income
    ("Enterprise Software revenue was $541 million in Q3 2024.", "bad"),                    # 2023 column
    ("Cloud Services operating income was $247 million in Q3 2024.", "bad"),                # 2023 column
])

# I. EDGAR statement of operations, 3M and 9M column groups, iXBRL, split brackets
ACME = edgar(
    [("Three Months Ended September 30,", 2), ("Nine Months Ended September 30,", 2)],
    ["2024", "2023", "2024", "2023"],
    [("Net revenue", ["612,480", "598,112", "1,802,337", "1,655,904"], True, False),
     ("Cost of revenue", ["301,225", "310,040", "902,118", "861,770"], False, False),
     ("Gross profit", ["311,255", "288,072", "900,219", "794,134"], False, True),
     ("Operating expenses:", [], False, False),
     ("Research and development", ["142,300", "131,950", "421,880", "390,415"], False, False),
     ("Selling, general and administrative", ["88,410", "84,022", "262,509", "250,311"], False, False),
     ("Restructuring", ["—", "12,400", "3,150", "12,400"], False, False),
     ("Operating income", ["80,545", "59,700", "212,680", "141,008"], False, True),
     ("Other income (expense), net", ["(4,210)", "1,875", "(9,940)", "3,302"], False, False),
     ("Income before income taxes", ["76,335", "61,575", "202,740", "144,310"], False, False),
     ("Provision for income taxes", ["11,450", "9,236", "30,411", "21,647"], False, False),
     ("Net income", ["64,885", "52,339", "172,329", "122,663"], True, True),
     ("Net income per share:", [], False, False),
     ("Basic", ["0.98", "0.80", "2.61", "1.88"], True, False),
     ("Diluted", ["0.96", "0.78", "2.57", "1.85"], True, False)],
    '<p style="text-align:center;margin:0"><b>ACME SEMICONDUCTOR CORPORATION</b></p>\n'
    '<p style="text-align:center;margin:0"><b>CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS</b></p>\n'
    '<p style="text-align:center;margin:0">(In thousands, except per share amounts)</p>\n'
    '<p style="text-align:center;margin:0">(Unaudited)</p>')
case("html_edgar_ops_3m9m", "html", ACME, [
    ("Acme Semiconductor's net revenue was $612.5 million in the third quarter of 2024.", "ok"),
    ("For the nine months ended September 30, 2024, net income was $172.3 million, or $2.57 per diluted share.", "ok"),
    ("Gross profit rose to $311.3 million in Q3 2024 from $288.1 million in Q3 2023.", "ok"),
    ("Other expense, net was $4.2 million in the third quarter of 2024.", "ok"),
    ("Net revenue for the nine months ended September 30, 2024 was $612.5 million.", "bad"),     # 3M as 9M
    ("Net income for the three months ended September 30, 2024 was $52.3 million.", "bad"),     # 2023
    ("Other income was $4.2 million in the third quarter of 2024.", "bad"),                      # an expense
    ("Operating income was $59.7 million in the third quarter of 2024.", "bad"),                 # 2023
    ("Diluted earnings per share for the third quarter of 2024 were $0.98.", "bad"),             # basic row
    ("For the nine months ended September 30, 2024, net income was $172.3 million, or $1.85 per diluted share.", "bad"),  # 2023 EPS
])

# J. EDGAR balance sheet: dates over the columns, em-dash, section rows, a label with numbers
HAVEN = edgar(
    [], ["September 30, 2024", "December 31, 2023"],
    [("ASSETS", [], False, True),
     ("Cash and cash equivalents", ["3,412", "2,980"], True, False),
     ("Marketable securities", ["1,150", "1,408"], False, False),
     ("Accounts receivable, net of allowances of $12 and $9, respectively", ["1,034", "987"], False, False),
     ("Inventories", ["1,622", "1,701"], False, False),
     ("Total current assets", ["7,218", "7,076"], False, True),
     ("Operating lease right-of-use assets", ["410", "388"], False, False),
     ("Total assets", ["14,905", "14,220"], True, True),
     ("LIABILITIES AND STOCKHOLDERS&#8217; EQUITY", [], False, True),
     ("Current portion of long-term debt", ["—", "500"], True, False),
     ("Accounts payable", ["901", "1,044"], False, False),
     ("Long-term debt", ["3,980", "3,975"], False, False),
     ("Total liabilities", ["7,602", "7,911"], False, True),
     ("Treasury stock, at cost", ["(1,250)", "(900)"], False, False),
     ("Total stockholders&#8217; equity", ["7,303", "6,309"], False, True),
     ("Total liabilities and stockholders&#8217; equity", ["14,905", "14,220"], True, True)],
    '<p style="text-align:center"><b>HAVEN MEDICAL SYSTEMS, INC.<br/>CONDENSED CONSOLIDATED BALANCE SHEETS</b><br/>'
    '(In millions, except par value)<br/>(Unaudited)</p>')
case("html_edgar_balance", "html", HAVEN, [
    ("Cash and cash equivalents were $3.4 billion as of September 30, 2024.", "ok"),
    ("Total stockholders' equity was $7.3 billion at September 30, 2024.", "ok"),
    ("Long-term debt stood at $3.98 billion at September 30, 2024.", "ok"),
    ("The company had no current portion of long-term debt at September 30, 2024, compared with $500 million at December 31, 2023.", "ok"),
    ("Cash and cash equivalents were $2.98 billion as of September 30, 2024.", "bad"),     # other column
    ("The current portion of long-term debt was $500 million at September 30, 2024.", "bad"),  # other column
    ("Total liabilities were $7.9 billion at September 30, 2024.", "bad"),                 # other column
    ("Inventories were $1,034 million as of September 30, 2024.", "bad"),                  # receivables' row
])

# K. EDGAR cash-flow statement, three years
ZEPH = edgar(
    [("Year Ended December 31,", 3)], ["2024", "2023", "2022"],
    [("Cash flows from operating activities:", [], False, True),
     ("Net income", ["1,204", "988", "1,410"], True, False),
     ("Depreciation and amortization", ["512", "470", "431"], False, False),
     ("Net cash provided by operating activities", ["2,015", "1,640", "1,902"], False, True),
     ("Cash flows from investing activities:", [], False, True),
     ("Capital expenditures", ["(845)", "(1,120)", "(760)"], False, False),
     ("Acquisitions, net of cash acquired", ["(1,430)", "—", "(215)"], False, False),
     ("Net cash used in investing activities", ["(2,290)", "(1,050)", "(1,010)"], False, True),
     ("Cash flows from financing activities:", [], False, True),
     ("Repurchases of common stock", ["(600)", "(350)", "(1,200)"], False, False),
     ("Dividends paid", ["(212)", "(198)", "(185)"], False, False),
     ("Net cash provided by (used in) financing activities", ["310", "(640)", "(1,385)"], False, True),
     ("Net increase (decrease) in cash and cash equivalents", ["35", "(50)", "(493)"], True, True)],
    '<p style="text-align:center"><b>ZEPHYR INDUSTRIES, INC.</b></p><p style="text-align:center"><b>CONSOLIDATED STATEMENTS OF CASH FLOWS</b></p>'
    '<p style="text-align:center">(In millions)</p>')
case("html_edgar_cashflow_3y", "html", ZEPH, [
    ("Operating cash flow was $2.0 billion in 2024.", "ok"),
    ("Capital expenditures were $845 million in 2024, down from $1.12 billion in 2023.", "ok"),
    ("The company spent $1.43 billion on acquisitions in 2024.", "ok"),
    ("Dividends paid were $212 million in 2024.", "ok"),
    ("Capital expenditures were $1.12 billion in 2024.", "bad"),                               # 2023
    ("Share repurchases totaled $1.2 billion in 2024.", "bad"),                                # 2022
    ("Net cash provided by operating activities was $1.9 billion in 2023.", "bad"),            # 2022's
    ("Financing activities used $310 million of cash in 2024.", "bad"),                        # it provided
    ("Repurchases of common stock were $350 million in 2024.", "bad"),                         # 2023
])

# L. press-release HTML table with <thead>/<th>, rowspan corner note, FY columns, % change, footnote sup
case("html_release_fy_thead", "html", """<h3>Fourth Quarter and Fiscal 2024 Highlights</h3>
<table class="financials" style="width:100%">
<thead>
<tr><th rowspan="2" style="text-align:left">(in millions, except per share data)</th><th colspan="3">Fourth Quarter</th><th colspan="3">Fiscal Year</th></tr>
<tr><th>FY24</th><th>FY23</th><th>% Change</th><th>FY24</th><th>FY23</th><th>% Change</th></tr>
</thead>
<tbody>
<tr><td>Revenue</td><td>$&nbsp;4,118</td><td>$&nbsp;3,902</td><td>6%</td><td>$&nbsp;15,870</td><td>$&nbsp;15,214</td><td>4%</td></tr>
<tr><td>GAAP gross margin</td><td>61.2%</td><td>59.8%</td><td>140 bps</td><td>60.5%</td><td>59.1%</td><td>140 bps</td></tr>
<tr><td>GAAP operating income</td><td>$&nbsp;702</td><td>$&nbsp;655</td><td>7%</td><td>$&nbsp;2,614</td><td>$&nbsp;2,488</td><td>5%</td></tr>
<tr><td>GAAP net income (loss)</td><td>$&nbsp;(88)<sup>(1)</sup></td><td>$&nbsp;512</td><td>n/m</td><td>$&nbsp;1,402</td><td>$&nbsp;1,955</td><td>(28)%</td></tr>
<tr><td>GAAP diluted EPS</td><td>$&nbsp;(0.21)</td><td>$&nbsp;1.18</td><td>n/m</td><td>$&nbsp;3.25</td><td>$&nbsp;4.49</td><td>(28)%</td></tr>
<tr><td>Non-GAAP diluted EPS</td><td>$&nbsp;1.62</td><td>$&nbsp;1.49</td><td>9%</td><td>$&nbsp;6.10</td><td>$&nbsp;5.71</td><td>7%</td></tr>
</tbody></table>
<p><sup>(1)</sup> Includes a $540 million goodwill impairment charge.</p>""", [
    ("Revenue for the fourth quarter of fiscal 2024 was $4.12 billion, up 6% year over year.", "ok"),
    ("Fiscal 2024 revenue grew 4% to $15.87 billion.", "ok"),
    ("The company reported a GAAP net loss of $88 million in the fourth quarter, which included a $540 million goodwill impairment charge.", "ok"),
    ("GAAP gross margin expanded 140 basis points to 60.5% for fiscal 2024.", "ok"),
    ("Fiscal 2024 revenue grew 6% to $15.87 billion.", "bad"),                                         # Q4's growth
    ("The company reported GAAP net income of $88 million in the fourth quarter of fiscal 2024.", "bad"),  # loss
    ("Non-GAAP diluted EPS was $1.49 in the fourth quarter of fiscal 2024.", "bad"),                   # FY23
    ("GAAP gross margin expanded 1.4% to 61.2% in the fourth quarter.", "bad"),                        # points
    ("Fiscal 2024 GAAP net income fell 28% to $1.96 billion.", "bad"),                                 # FY23 figure
])

# M. EDGAR with 52/53-week fiscal dates over the columns (3M and 12M), iXBRL
POMONA = edgar(
    [("Three Months Ended", 2), ("Twelve Months Ended", 2)],
    ["September 28, 2024", "September 30, 2023", "September 28, 2024", "September 30, 2023"],
    [("Net sales:", [], False, False),
     ("Products", ["52,410", "50,118", "221,904", "224,630"], True, False),
     ("Services", ["18,733", "16,905", "72,118", "63,980"], False, False),
     ("Total net sales", ["71,143", "67,023", "294,022", "288,610"], False, True),
     ("Gross margin", ["32,880", "30,005", "134,590", "128,200"], False, True),
     ("Operating income", ["21,450", "19,870", "88,312", "84,005"], False, True),
     ("Provision for income taxes", ["15,910", "3,120", "27,400", "16,010"], False, False),
     ("Net income", ["6,820", "17,005", "65,118", "69,870"], True, True),
     ("Diluted earnings per share", ["0.44", "1.09", "4.21", "4.45"], True, False)],
    '<p style="text-align:center"><b>POMONA DEVICES INC.</b></p>'
    '<p style="text-align:center"><b>CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited)</b></p>'
    '<p style="text-align:center">(In millions, except number of shares, which are reflected in thousands, and per-share amounts)</p>')
case("html_edgar_fiscal_dates", "html", POMONA, [
    ("Total net sales for the quarter ended September 28, 2024 were $71.1 billion.", "ok"),
    ("Services net sales were $72.1 billion for the twelve months ended September 28, 2024.", "ok"),
    ("Diluted earnings per share fell to $0.44 in the September 2024 quarter from $1.09 a year earlier.", "ok"),
    ("Products net sales were $221.9 billion in fiscal 2024.", "ok"),
    ("Services net sales were $72.1 billion for the three months ended September 28, 2024.", "bad"),  # 12M
    ("Net income for the quarter ended September 28, 2024 was $17.0 billion.", "bad"),               # 2023
    ("Products net sales were $224.6 billion in fiscal 2024.", "bad"),                                # 2023
    ("Net income for the twelve months ended September 28, 2024 was $69.9 billion.", "bad"),          # 2023
])

# N. European (IFRS) key figures: € caption, minus signs, "Change in %", H1 columns
case("html_eu_keyfigures", "html", """<table class="keyfigures">
<caption>Key figures (in € million)</caption>
<tr><th></th><th>H1 2024</th><th>H1 2023</th><th>Change in %</th></tr>
<tr><td>Revenue</td><td>8,412.6</td><td>7,985.1</td><td>5.4</td></tr>
<tr><td>EBITDA</td><td>1,204.3</td><td>1,122.8</td><td>7.3</td></tr>
<tr><td>EBIT</td><td>612.0</td><td>655.4</td><td>-6.6</td></tr>
<tr><td>Financial result</td><td>-148.2</td><td>-96.7</td><td>-53.3</td></tr>
<tr><td>Net profit</td><td>322.5</td><td>401.9</td><td>-19.8</td></tr>
<tr><td>Earnings per share (€)</td><td>1.07</td><td>1.34</td><td>-20.1</td></tr>
<tr><td>Free cash flow</td><td>-210.4</td><td>95.0</td><td>–</td></tr>
<tr><td>Employees (June 30)</td><td>48,215</td><td>47,390</td><td>1.7</td></tr>
</table>""", [
    ("Revenue rose 5.4% to €8.41 billion in the first half of 2024.", "ok"),
    ("EBIT fell 6.6% to €612 million in H1 2024.", "ok"),
    ("Free cash flow was negative at €210.4 million in the first half of 2024.", "ok"),
    ("The company had 48,215 employees at June 30, 2024.", "ok"),
    ("EBIT rose 6.6% to €612 million in H1 2024.", "bad"),                  # it fell
    ("Net profit was €401.9 million in H1 2024.", "bad"),                    # H1 2023
    ("Earnings per share were €1.34 in H1 2024.", "bad"),                    # H1 2023
    ("Free cash flow was €95.0 million in H1 2024.", "bad"),                 # H1 2023
])

# O. markdownify (markitdown) of an EDGAR table: colspan dropped, "$" and ")" in cells of their
# own, the years row as a body row, "(412" split from its ")"
case("md_markitdown_edgar", "md", """HELIX THERAPEUTICS, INC.

CONSOLIDATED STATEMENTS OF OPERATIONS

(in thousands, except share and per share data)

|  | Year Ended December 31, |  |  |  |  |  |
| --- | --- | --- | --- | --- | --- | --- |
|  | 2024 |  |  | 2023 |  |  |
| Collaboration revenue | $ | 18,420 |  | $ | 9,875 |  |
| Operating expenses: |  |  |  |  |  |  |
| Research and development |  | 96,310 |  |  | 88,402 |  |
| General and administrative |  | 31,775 |  |  | 29,960 |  |
| Loss from operations |  | (109,665 | ) |  | (108,487 | ) |
| Interest income |  | 12,880 |  |  | 9,104 |  |
| Net loss | $ | (96,785 | ) | $ | (99,383 | ) |
| Net loss per share, basic and diluted | $ | (1.52 | ) | $ | (1.89 | ) |
""", [
    ("Helix reported a net loss of $96.8 million for 2024, compared with $99.4 million for 2023.", "ok"),
    ("Collaboration revenue was $18.4 million in 2024.", "ok"),
    ("Research and development expenses increased to $96.3 million in 2024.", "ok"),
    ("The net loss per share was $1.52 in 2024.", "ok"),
    ("Collaboration revenue was $9.9 million in 2024.", "bad"),              # 2023
    ("Helix reported net income of $96.8 million in 2024.", "bad"),          # loss
    ("The net loss per share was $1.89 in 2024.", "bad"),                    # 2023
    ("Interest income was $9.1 million in 2024.", "bad"),                    # 2023
])

# P. EDGAR segment note: the same segment names under a "Revenue:" and an "Operating income
# (loss):" section, a % change column
SEG = edgar(
    [("Year Ended December 31,", 2), ("", 1)], ["2024", "2023", "% Change"],
    [("Revenue:", [], False, True),
     ("Payments", ["6,204", "5,410", "15 %"], True, False),
     ("Lending", ["2,118", "2,305", "(8)%"], False, False),
     ("Software", ["1,377", "1,102", "25 %"], False, False),
     ("Total revenue", ["9,699", "8,817", "10 %"], True, True),
     ("Operating income (loss):", [], False, True),
     ("Payments", ["1,488", "1,190", "25 %"], True, False),
     ("Lending", ["(212)", "140", "n/m"], False, False),
     ("Software", ["405", "298", "36 %"], False, False),
     ("Corporate", ["(380)", "(355)", "(7)%"], False, False),
     ("Total operating income", ["1,301", "1,273", "2 %"], True, True)],
    '<p>The following table presents revenue and operating income (loss) by reportable segment '
    '(dollars in millions):</p>')
case("html_edgar_segments", "html", SEG, [
    ("Payments revenue grew 15% to $6.2 billion in 2024.", "ok"),
    ("The Lending segment posted an operating loss of $212 million in 2024.", "ok"),
    ("Total revenue rose 10% to $9.7 billion in 2024.", "ok"),
    ("Software operating income was $405 million in 2024.", "ok"),
    ("The Lending segment posted operating income of $212 million in 2024.", "bad"),   # loss
    ("Software operating income was $1.38 billion in 2024.", "bad"),                   # revenue figure
    ("Payments operating income was $1.19 billion in 2024.", "bad"),                   # 2023
    ("Lending revenue grew 8% to $2.1 billion in 2024.", "bad"),                       # fell 8%
])


# ---------------------------------------------------------------------------------------------
# Control variants of the EDGAR cases, to tell causes apart: no sizing row of empty cells, and the
# unit line ("(In thousands, ...)") the last line above the table (no "(Unaudited)" after it).
import re as _re  # noqa: E402

for _c in [c for c in CASES if c["id"].startswith("html_edgar")]:
    _src = _re.sub(r'<tr><td style="vertical-align:bottom;padding:0 1pt;width:52%">.*?</tr>\n', "", _c["src"], count=1)
    _src = _src.replace('<p style="text-align:center;margin:0">(Unaudited)</p>', "").replace("<br/>(Unaudited)", "")
    case(_c["id"] + "__ctrl", "html", _src, _c["answers"])

# the docling statement with its unit line right above the table (no "(unaudited)" line after it)
case("md_docling_ops_3m9m__ctrl", "md", CASES[0]["src"].replace("(unaudited)\n", ""), CASES[0]["answers"])
