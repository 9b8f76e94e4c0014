"""CHANGE claims about financial-statement rows: percent changes ("Operating income grew 12%",
"net loss narrowed 70%"), amount changes ("rose by $4.8 million to $45.2 million"), percentage-point
/ basis-point changes of margins ("expanded 130 basis points"), sequential (quarter-over-quarter)
changes. Sources (a) WITH a change column ("% Change", "$ Change", "Change" + "%", "Increase
(Decrease)", "Y/Y", "% chg" with bare numbers, "NM" cells, "(5)%" negatives, "Favorable
(Unfavorable)"), (b) WITHOUT one, the change to be computed from the row's two period columns
(year pairs, three-month and nine-/six-month pairs, Q3 / Q2 / Q3-prior columns, three years);
as Markdown (docling, markitdown, pandoc), EDGAR-style HTML, and space-aligned plain text; and
prose-only sources as controls (ids ending "__ctrl").
Each case: id, kind ("md" / "html" / "text"), src, answers [(answer, "ok" | "bad")], note on
what a "bad" answer gets wrong. Every figure below was computed (percent changes to the rounding
the answer writes: 11.88% may be "12%", "11.9%", "nearly 12%", never "11%" or "13%")."""
import re

from cases import edgar

CASES = []


def case(cid, kind, src, answers):
    CASES.append(dict(id=cid, kind=kind, src=src, answers=answers))


def _plain_nm(html):
    """edgar() wraps every non-dash, non-% figure in iXBRL; an "NM" cell is plain text in filings."""
    return re.sub(r'<ix:nonFraction[^>]*>NM</ix:nonFraction>', "NM", html)


# =============================================================================================
# 1. docling Markdown, three-month pair and a "% Change" column (bps for the margin row); prose
# below the table states a sub-metric's change (subscription revenue) not in the table.
# Revenue 210.0/180.0 = +16.67%, +30.0; operating income 45.2/40.4 = +11.88%, +4.8;
# gross margin 42.1% vs 40.6% = +150 bps; net income 33.9/30.6 = +10.78%.
case("md_docling_pct_change", "md", """LUMEN SOFTWARE, INC.
CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS
(in millions, except per share data)

|                            | Three Months Ended September 30,   | Three Months Ended September 30,   | % Change   |
|----------------------------|------------------------------------|------------------------------------|------------|
|                            | 2024                               | 2023                               |            |
| Revenue                    | $ 210.0                            | $ 180.0                            | 17 %       |
| Cost of revenue            | 121.6                              | 106.9                              | 14 %       |
| Gross profit               | 88.4                               | 73.1                               | 21 %       |
| Gross margin               | 42.1 %                             | 40.6 %                             | 150 bps    |
| Operating expenses         | 43.2                               | 32.7                               | 32 %       |
| Operating income           | 45.2                               | 40.4                               | 12 %       |
| Net income                 | $ 33.9                             | $ 30.6                             | 11 %       |
| Diluted earnings per share | $ 0.82                             | $ 0.74                             | 11 %       |

Subscription revenue grew 25% year over year to $150.0 million, while services revenue was flat at $60.0 million.
""", [
    ("Revenue grew 17% year over year to $210.0 million in the third quarter of 2024.", "ok"),
    ("Operating income increased 12% to $45.2 million.", "ok"),
    ("Operating income rose by $4.8 million to $45.2 million.", "ok"),                      # computed 45.2-40.4
    ("Gross margin expanded 150 basis points to 42.1%.", "ok"),
    ("Subscription revenue grew 25% to $150.0 million.", "ok"),                              # prose sub-metric
    ("Revenue and operating income grew 17% and 12%, respectively.", "ok"),
    ("Operating income grew 17% in the third quarter of 2024.", "bad"),                     # revenue's 17%
    ("Operating income declined 12% in the third quarter.", "bad"),                         # it rose
    ("Gross margin rose 1.5% to 42.1%.", "bad"),                                             # 1.5 points (150 bps), not percent
    ("Net income grew 15% to $33.9 million.", "bad"),                                        # +10.8%
])

# 2. markitdown of an MD&A table: "$ Change" and "% Change" columns, "NM" for the loss rows,
# "(4)%" negatives. Revenue +12,430 (+17.3%); net loss (19,480) vs (31,950): narrowed 12,470 (39.0%).
case("md_markitdown_dollar_pct", "md", """## Comparison of the Years Ended December 31, 2024 and 2023

(in thousands)

|  | 2024 | 2023 | $ Change | % Change |
| --- | --- | --- | --- | --- |
| Revenue | $84,350 | $71,920 | $12,430 | 17% |
| Cost of revenue | 30,110 | 27,480 | 2,630 | 10% |
| Gross profit | 54,240 | 44,440 | 9,800 | 22% |
| Research and development | 28,900 | 30,150 | (1,250) | (4)% |
| Sales and marketing | 31,600 | 33,280 | (1,680) | (5)% |
| General and administrative | 14,830 | 14,110 | 720 | 5% |
| Total operating expenses | 75,330 | 77,540 | (2,210) | (3)% |
| Loss from operations | (21,090) | (33,100) | 12,010 | NM |
| Other income, net | 2,110 | 1,450 | 660 | 46% |
| Provision for income taxes | 500 | 300 | 200 | 67% |
| Net loss | $(19,480) | $(31,950) | $12,470 | NM |
""", [
    ("Revenue increased $12.4 million, or 17%, in 2024.", "ok"),
    ("The net loss narrowed by $12.5 million to $19.5 million in 2024.", "ok"),            # loss change
    ("The net loss narrowed 39% year over year.", "ok"),                                    # computed under NM
    ("Research and development expenses decreased 4% to $28.9 million.", "ok"),
    ("Gross profit grew 22%, or $9.8 million, in 2024.", "ok"),
    ("Sales and marketing expenses increased 5% in 2024.", "bad"),                          # fell 5% (G&A rose 5%)
    ("Revenue increased $12.4 million, or 22%, in 2024.", "bad"),                           # gross profit's 22%
    ("The net loss widened by $12.5 million in 2024.", "bad"),                              # it narrowed
    ("Total operating expenses decreased $2.6 million in 2024.", "bad"),                    # (2,210); 2,630 is cost of revenue's
])

# 3. EDGAR MD&A table with an "Increase (Decrease)" group of "$" and "%" columns, "(5)%" cells.
# Net revenues +14,360 (+3.6%); operating income +10,860 (+46.7%); net income +9,170 (+74.5%);
# interest expense -1,160 (-14.7%).
INCDEC = edgar(
    [("Three Months Ended June 30,", 2), ("Increase (Decrease)", 2)],
    ["2024", "2023", "$", "%"],
    [("Net revenues", ["412,600", "398,240", "14,360", "4 %"], False, True),
     ("Cost of revenues", ["248,900", "250,700", "(1,800)", "(1)%"], False, False),
     ("Gross profit", ["163,700", "147,540", "16,160", "11 %"], False, True),
     ("Selling, general and administrative", ["98,400", "91,300", "7,100", "8 %"], False, False),
     ("Research and development", ["31,200", "33,000", "(1,800)", "(5)%"], False, False),
     ("Operating income", ["34,100", "23,240", "10,860", "47 %"], False, True),
     ("Interest expense", ["6,750", "7,910", "(1,160)", "(15)%"], False, False),
     ("Net income", ["21,480", "12,310", "9,170", "74 %"], False, True)],
    '<p style="text-align:center;margin:0"><b>Results of Operations</b></p>\n'
    '<p style="text-align:center;margin:0">(In thousands)</p>')
case("html_edgar_increase_decrease", "html", INCDEC, [
    ("Net revenues increased $14.4 million, or 4%, to $412.6 million in the second quarter of 2024.", "ok"),
    ("Operating income rose 47% to $34.1 million.", "ok"),
    ("Research and development expenses decreased 5% in the second quarter of 2024.", "ok"),
    ("Interest expense fell $1.2 million, or 15%.", "ok"),
    ("Research and development expenses increased 5% in the second quarter of 2024.", "bad"),  # they fell
    ("Operating income rose 74% to $34.1 million.", "bad"),                                     # net income's 74%
    ("Net revenues increased $16.2 million, or 4%.", "bad"),                                    # gross profit's $
    ("Selling, general and administrative expenses increased 11%.", "bad"),                     # 8%; 11% is gross profit's
    ("Interest expense fell 12% in the quarter.", "bad"),                                       # -14.6%
])

# 4. plain text (pdfminer) release summary with a "Y/Y" column, "+140 bps" for margins.
# Revenue 1,284.5/1,098.2 = +16.96% (+186.3); operating margin 16.8% vs 15.6% = +120 bps;
# net income +15.1%; EPS 1.41/1.22 = +15.6% (+$0.19).
case("text_pdfminer_yy", "text", """CASCADE NETWORKS CORP.
FOURTH QUARTER 2024 FINANCIAL SUMMARY
(in millions, except per share data)

                              Q4 2024      Q4 2023        Y/Y
Revenue                     $ 1,284.5    $ 1,098.2        17%
Gross margin                    58.3%        56.9%   +140 bps
Operating income                215.8        171.4        26%
Operating margin                16.8%        15.6%   +120 bps
Net income                      162.3        141.0        15%
Diluted EPS                    $ 1.41       $ 1.22        16%
""", [
    ("Fourth-quarter revenue rose 17% to $1.28 billion.", "ok"),
    ("Operating margin expanded 1.2 percentage points to 16.8%.", "ok"),
    ("Gross margin was 58.3% in the fourth quarter of 2024.", "ok"),                          # a level
    ("Revenue increased $186.3 million year over year.", "ok"),                               # computed
    ("Net income was up about 15% from the fourth quarter of 2023.", "ok"),
    ("Operating margin expanded 1.2% to 16.8%.", "bad"),                                      # points as percent
    ("Net income rose 26% to $162.3 million.", "bad"),                                        # operating income's
    ("Gross margin expanded 120 basis points in the fourth quarter.", "bad"),                 # operating margin's
    ("Diluted EPS grew 19% to $1.41.", "bad"),                                                # +15.6% (the $0.19)
])

# 5. pandoc pipe table, fiscal years, NO change column: changes computed from the two columns.
# Revenue +256.6 (+11.67%); gross profit +16.5%; opex +9.98%; operating income +82.9 (+34.3%);
# net income +56.5 (+31.4%).
case("md_pandoc_no_change_col", "md", """**Consolidated Statements of Income**

*(in millions)*

| Year Ended December 31,  |     2024 |     2023 |
|:-------------------------|---------:|---------:|
| Revenue                  |  2,455.0 |  2,198.4 |
| Cost of revenue          |  1,410.2 |  1,301.9 |
| Gross profit             |  1,044.8 |    896.5 |
| Operating expenses       |    720.5 |    655.1 |
| Operating income         |    324.3 |    241.4 |
| Net income               |    236.7 |    180.2 |
""", [
    ("Revenue grew 11.7% to $2,455.0 million in 2024.", "ok"),
    ("Operating income increased $82.9 million, or 34%, to $324.3 million.", "ok"),
    ("Revenue was up nearly 12% in 2024.", "ok"),                                             # rounded
    ("Operating expenses grew about 10% in 2024.", "ok"),                                     # 9.98%
    ("Revenue and net income grew 12% and 31%, respectively, in 2024.", "ok"),
    ("Operating income increased 31% in 2024.", "bad"),                                       # net income's
    ("Net income rose $82.9 million in 2024.", "bad"),                                        # operating income's $
    ("Gross profit grew 12% in 2024.", "bad"),                                                # +16.5%; 12% is revenue's
    ("Revenue grew 14% in 2024.", "bad"),                                                     # +11.7%
])

# 6. EDGAR statement of operations, three-month and nine-month pairs, NO change column.
# Revenue Q3 +22,160 (+17.0%), 9M +33,200 (+8.3%); gross profit Q3 +22.9%, 9M +11.0%;
# operating income Q3 +98.2%, 9M +38.5%; net income Q3 +103%, 9M +41.7% (+9,300); EPS 9M +40%.
ORION = edgar(
    [("Three Months Ended September 30,", 2), ("Nine Months Ended September 30,", 2)],
    ["2024", "2023", "2024", "2023"],
    [("Revenue", ["152,400", "130,240", "431,900", "398,700"], True, True),
     ("Cost of revenue", ["88,390", "78,150", "254,820", "239,220"], False, False),
     ("Gross profit", ["64,010", "52,090", "177,080", "159,480"], False, True),
     ("Operating expenses", ["45,800", "42,900", "134,300", "128,600"], False, False),
     ("Operating income", ["18,210", "9,190", "42,780", "30,880"], False, True),
     ("Other expense, net", ["(1,020)", "(880)", "(2,950)", "(2,610)"], False, False),
     ("Provision for income taxes", ["4,170", "1,900", "8,230", "5,970"], False, False),
     ("Net income", ["13,020", "6,410", "31,600", "22,300"], True, True),
     ("Diluted net income per share", ["0.52", "0.26", "1.26", "0.90"], True, False)],
    '<p style="text-align:center;margin:0"><b>ORION LOGISTICS HOLDINGS, INC.</b></p>\n'
    '<p style="text-align:center;margin:0"><b>CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS</b></p>\n'
    '<p style="text-align:center;margin:0">(In thousands, except per share amounts)</p>')
case("html_edgar_3m9m_no_change", "html", ORION, [
    ("Revenue grew 17% to $152.4 million in the third quarter of 2024.", "ok"),
    ("For the first nine months of 2024, revenue increased 8% to $431.9 million.", "ok"),
    ("Net income for the nine months ended September 30, 2024 rose 42% to $31.6 million.", "ok"),
    ("Third-quarter revenue rose $22.2 million year over year.", "ok"),
    ("Gross profit grew 23% in the quarter and 11% in the first nine months.", "ok"),
    ("Revenue grew 8% in the third quarter of 2024.", "bad"),                                 # the nine months' 8%
    ("Revenue for the nine months ended September 30, 2024 increased 17%.", "bad"),           # the quarter's 17%
    ("Operating income rose 39% in the third quarter of 2024.", "bad"),                       # nine months' (Q3 +98%)
    ("Diluted net income per share for the first nine months of 2024 grew 30%.", "bad"),      # +40%
])

# 7. markitdown table with Q3 2024, Q2 2024 and Q3 2023 columns, NO change column: sequential
# and year-over-year changes. Revenue Q/Q +5.0% (+25.0), Y/Y +17.2% (+77.0); gross margin
# +100 bps Q/Q, +200 bps Y/Y; operating income Q/Q +11.6%, Y/Y +42.4% (+26.6); net income
# Q/Q +8.0%, Y/Y +32.7%.
case("md_sequential_quarters", "md", """### Quarterly Results

(in millions)

| | Q3 2024 | Q2 2024 | Q3 2023 |
| --- | --- | --- | --- |
| Revenue | $525.0 | $500.0 | $448.0 |
| Gross profit | 283.5 | 265.0 | 232.9 |
| Gross margin | 54.0% | 53.0% | 52.0% |
| Operating income | 89.3 | 80.0 | 62.7 |
| Net income | 66.1 | 61.2 | 49.8 |
""", [
    ("Revenue was up 5% from the second quarter.", "ok"),                                     # sequential
    ("Revenue rose 17% year over year to $525.0 million in the third quarter of 2024.", "ok"),
    ("Gross margin expanded 100 basis points sequentially and 200 basis points year over year to 54.0%.", "ok"),
    ("Operating income increased 11.6% quarter over quarter.", "ok"),
    ("Net income grew 8% sequentially and 33% from a year ago.", "ok"),
    ("Revenue was up 17% from the second quarter.", "bad"),                                   # the Y/Y change
    ("Operating income grew 42% sequentially.", "bad"),                                       # the Y/Y change
    ("Gross margin expanded 200 basis points from the prior quarter.", "bad"),                # Y/Y; Q/Q is 100
    ("Revenue increased $25.0 million from the third quarter of 2023.", "bad"),               # Q/Q amount; Y/Y +77.0
])

# 8. HTML release table with <thead>, a "Favorable (Unfavorable)" group: a favorable expense
# change is a decrease. Revenue +625 (+10.1%); fuel -160 (-8.5%); salaries +170 (+7.9%);
# maintenance +25 (+4.2%); total opex +50 (+0.9%); operating income +575 (+138.6%).
case("html_release_fav_unfav", "html", """<h3>Operating Results</h3>
<table class="financials" style="width:100%">
<thead>
<tr><th rowspan="2" style="text-align:left">(in millions)</th><th colspan="2">Year Ended December 31,</th><th colspan="2">Favorable (Unfavorable)</th></tr>
<tr><th>2024</th><th>2023</th><th>$</th><th>%</th></tr>
</thead>
<tbody>
<tr><td>Operating revenues</td><td>$&nbsp;6,840</td><td>$&nbsp;6,215</td><td>$&nbsp;625</td><td>10.1%</td></tr>
<tr><td>Fuel expense</td><td>1,720</td><td>1,880</td><td>160</td><td>8.5%</td></tr>
<tr><td>Salaries, wages and benefits</td><td>2,310</td><td>2,140</td><td>(170)</td><td>(7.9)%</td></tr>
<tr><td>Maintenance</td><td>615</td><td>590</td><td>(25)</td><td>(4.2)%</td></tr>
<tr><td>Other operating expenses</td><td>1,205</td><td>1,190</td><td>(15)</td><td>(1.3)%</td></tr>
<tr><td>Total operating expenses</td><td>5,850</td><td>5,800</td><td>(50)</td><td>(0.9)%</td></tr>
<tr><td>Operating income</td><td>$&nbsp;990</td><td>$&nbsp;415</td><td>$&nbsp;575</td><td>138.6%</td></tr>
</tbody></table>""", [
    ("Fuel expense decreased $160 million, or 8.5%, in 2024.", "ok"),
    ("Salaries, wages and benefits rose 7.9% to $2.31 billion in 2024.", "ok"),
    ("Operating revenues increased 10.1% to $6.84 billion in 2024.", "ok"),
    ("Operating income more than doubled to $990 million in 2024, up $575 million.", "ok"),
    ("Fuel expense increased 8.5% in 2024.", "bad"),                                          # favorable = it fell
    ("Salaries, wages and benefits decreased 7.9% in 2024.", "bad"),                          # unfavorable = rose
    ("Operating revenues increased $575 million in 2024.", "bad"),                            # operating income's
    ("Maintenance expense rose 7.9% in 2024.", "bad"),                                        # salaries'; +4.2%
    ("Operating income increased 38.6% in 2024.", "bad"),                                     # +138.6%
])

# 9. docling Markdown, a "Change" column of amounts and a bare "%" column ("17.6", "-19.2", "NM").
# Net loss (7,410) vs (24,700): narrowed 17,290, exactly 70.0%; operating loss narrowed 18,630
# (69.4%); adjusted EBITDA 5,930 vs (9,840): +15,770.
case("md_docling_change_bare_pct", "md", """AURORA HEALTH TECHNOLOGIES, INC.
SELECTED FINANCIAL DATA
(in thousands, except per share data)

|                               | Fiscal Year   | Fiscal Year   | Change    | %       |
|-------------------------------|---------------|---------------|-----------|---------|
|                               | 2024          | 2023          |           |         |
| Revenue                       | 64,820        | 55,140        | 9,680     | 17.6    |
| Gross profit                  | 40,180        | 33,050        | 7,130     | 21.6    |
| Operating expenses            | 48,400        | 59,900        | -11,500   | -19.2   |
| Operating loss                | (8,220)       | (26,850)      | 18,630    | NM      |
| Net loss                      | (7,410)       | (24,700)      | 17,290    | NM      |
| Net loss per share            | (0.21)        | (0.74)        | 0.53      | NM      |
| Adjusted EBITDA               | 5,930         | (9,840)       | 15,770    | NM      |
""", [
    ("Revenue grew 17.6% to $64.8 million in fiscal 2024.", "ok"),
    ("The net loss narrowed 70% to $7.4 million in fiscal 2024.", "ok"),                       # computed under NM
    ("Operating expenses decreased $11.5 million, or 19.2%, in fiscal 2024.", "ok"),
    ("Adjusted EBITDA improved by $15.8 million to $5.9 million in fiscal 2024.", "ok"),
    ("The operating loss narrowed by $18.6 million in fiscal 2024.", "ok"),
    ("The net loss widened 70% in fiscal 2024.", "bad"),                                       # it narrowed
    ("The net loss narrowed 30% in fiscal 2024.", "bad"),                                      # 70% (30% is the ratio)
    ("Revenue grew 21.6% in fiscal 2024.", "bad"),                                             # gross profit's
    ("The operating loss narrowed by $17.3 million in fiscal 2024.", "bad"),                   # net loss's; 18.6
])

# 10. EDGAR MD&A table, three-month and six-month groups each with a "% Change" column, "(5)%"
# negatives and "NM" for the loss-to-income rows. Subscription Q2 +141.2 (+20.1%); services
# Q2 -5.2%; total Q2 +135.9 (+16.9%), 6M +258.1 (+16.4%); operating income 58.4 vs (12.6): +71.0.
MERIDIAN = _plain_nm(edgar(
    [("Three Months Ended June 30,", 3), ("Six Months Ended June 30,", 3)],
    ["2024", "2023", "% Change", "2024", "2023", "% Change"],
    [("Revenue:", [], False, True),
     ("Subscription", ["842.5", "701.3", "20 %", "1,640.2", "1,372.8", "19 %"], False, False),
     ("Professional services", ["96.8", "102.1", "(5)%", "190.4", "199.7", "(5)%"], False, False),
     ("Total revenue", ["939.3", "803.4", "17 %", "1,830.6", "1,572.5", "16 %"], False, True),
     ("Operating income (loss)", ["58.4", "(12.6)", "NM", "101.7", "(30.2)", "NM"], False, True),
     ("Net income (loss)", ["41.0", "(20.5)", "NM", "77.9", "(41.8)", "NM"], False, True)],
    '<p style="margin:0">The following table presents our results of operations for the periods indicated:</p>\n'
    '<p style="text-align:center;margin:0">(Dollars in millions)</p>'))
case("html_edgar_3m6m_pct_nm", "html", MERIDIAN, [
    ("Subscription revenue grew 20% to $842.5 million in the second quarter of 2024.", "ok"),
    ("Professional services revenue declined 5% in the second quarter of 2024.", "ok"),
    ("Total revenue increased 16% to $1.83 billion for the first six months of 2024.", "ok"),
    ("Total revenue rose $135.9 million year over year in the second quarter of 2024.", "ok"),
    ("Operating income improved by $71.0 million in the second quarter of 2024.", "ok"),     # 58.4 - (-12.6)
    ("Professional services revenue grew 5% in the second quarter of 2024.", "bad"),          # it fell
    ("Total revenue increased 17% for the first six months of 2024.", "bad"),                 # the quarter's
    ("Operating income improved by $45.8 million in the second quarter of 2024.", "bad"),     # 58.4-12.6: sign lost
    ("Total revenue rose $135.9 million in the first six months of 2024.", "bad"),            # the quarter's; 6M +258.1
])

# 11. plain text, three fiscal years, NO change column: the 2024-vs-2023 pair against the
# 2023-vs-2022 pair. Net sales +9.95% (+806.7) / +6.1% (+465.5); operating income +18.4% /
# -8.0%; net income +15.5% (+121.3); EPS +17.7%; gross margin 41.0% / 40.2% / 41.0%.
case("text_three_years_no_change", "text", """GRANITE HOME PRODUCTS, INC.
CONSOLIDATED STATEMENTS OF INCOME
(In millions, except per share amounts)

                                      Year Ended December 31,
                                  2024          2023          2022
Net sales                     $ 8,912.4     $ 8,105.7     $ 7,640.2
Gross profit                    3,654.1       3,258.5       3,132.5
Gross margin                       41.0%         40.2%         41.0%
Operating income                1,247.7       1,053.7       1,145.6
Net income                    $   902.3     $   781.0     $   840.8
Diluted earnings per share    $    4.18     $    3.55     $    3.79
""", [
    ("Net sales increased 10% to $8.91 billion in 2024.", "ok"),
    ("Operating income grew 18% in 2024 after declining 8% in 2023.", "ok"),
    ("Gross margin improved 0.8 percentage points to 41.0% in 2024.", "ok"),
    ("Net income rose $121.3 million to $902.3 million in 2024.", "ok"),
    ("Net sales grew 6% in 2023.", "ok"),                                                     # the earlier pair, right
    ("Net sales increased 6% in 2024.", "bad"),                                               # 2023-vs-2022 pair
    ("Operating income declined 8% in 2024.", "bad"),                                         # 2023's change
    ("Net income rose 18% in 2024.", "bad"),                                                  # +15.5%; 18% is operating income's
    ("Net sales increased $465.5 million in 2024.", "bad"),                                   # 2023-vs-2022; +806.7
])

# 12. Markdown segment table: the same row names under bold segment rows, a "% chg" column of
# bare numbers, "pts" for margins. Industrial revenue +9.1%, profit +17.6% (+32), margin +1.4 pts;
# Healthcare revenue -5.3%, profit -15.7%, margin -1.8 pts; total profit +14 (+4.7%).
case("md_segments_pct_chg", "md", """**Segment Results**

($ in millions)

| | Q3 2024 | Q3 2023 | % chg |
|---|---|---|---|
| **Industrial** | | | |
| Revenue | 1,126 | 1,032 | 9 |
| Segment operating profit | 214 | 182 | 18 |
| Segment margin | 19.0% | 17.6% | 1.4 pts |
| **Healthcare** | | | |
| Revenue | 648 | 684 | (5) |
| Segment operating profit | 97 | 115 | (16) |
| Segment margin | 15.0% | 16.8% | (1.8) pts |
| **Total** | | | |
| Revenue | 1,774 | 1,716 | 3 |
| Segment operating profit | 311 | 297 | 5 |
| Segment margin | 17.5% | 17.3% | 0.2 pts |
""", [
    ("Industrial revenue grew 9% to $1.13 billion in the third quarter of 2024.", "ok"),
    ("Industrial segment margin expanded 1.4 points to 19.0%.", "ok"),
    ("Healthcare revenue declined 5%, and its segment operating profit fell 16% to $97 million.", "ok"),
    ("Healthcare segment margin contracted 180 basis points to 15.0%.", "ok"),
    ("Total segment operating profit rose $14 million, or 5%, in the third quarter of 2024.", "ok"),
    ("Healthcare revenue grew 5% in the third quarter of 2024.", "bad"),                       # it fell
    ("Industrial segment margin expanded 1.4% to 19.0%.", "bad"),                              # points as percent
    ("Healthcare segment operating profit fell 5% in the third quarter of 2024.", "bad"),      # revenue's; -16%
    ("Industrial segment operating profit increased $23 million in the third quarter of 2024.", "bad"),  # +32
])

# ---------------------------------------------------------------------------------------------
# Controls: prose-only sources (no table).
# 13. the figures of case 1 as release prose: the changes are to be computed.
case("prose_levels_only__ctrl", "text", """Lumen Software Reports Third Quarter 2024 Results

Revenue was $210.0 million, compared with $180.0 million a year ago. Gross margin was 42.1%, compared with 40.6% in the third quarter of 2023. Operating income was $45.2 million, compared with $40.4 million in the third quarter of 2023. Net income was $33.9 million, or $0.82 per diluted share, compared with $30.6 million, or $0.74 per diluted share, a year ago.
""", [
    ("Revenue grew 17% year over year to $210.0 million.", "ok"),
    ("Operating income increased 12% to $45.2 million.", "ok"),
    ("Operating income rose by $4.8 million in the third quarter of 2024.", "ok"),
    ("Gross margin expanded 150 basis points to 42.1%.", "ok"),
    ("Net income grew about 11% to $33.9 million.", "ok"),
    ("Revenue and operating income grew 17% and 12%, respectively.", "ok"),
    ("Operating income grew 17% in the third quarter of 2024.", "bad"),                       # revenue's
    ("Revenue increased $40.0 million year over year.", "bad"),                               # +30.0
    ("Net income declined 11% in the third quarter of 2024.", "bad"),                         # it rose
])

# 14. release prose stating the changes itself (Y/Y and sequential, bps), and a loss narrowing
# from $40 million to $12 million (-$28 million, 70%).
case("prose_changes_stated__ctrl", "text", """Third Quarter 2024 Highlights

Third-quarter revenue increased 9% year over year to $1.52 billion and was up 3% sequentially. Operating income rose 14% to $310 million, and operating margin expanded 90 basis points to 20.4%. The net loss from discontinued operations narrowed to $12 million from $40 million in the third quarter of 2023. Free cash flow of $205 million was down 6% from a year ago.
""", [
    ("Revenue rose 9% year over year to $1.52 billion.", "ok"),
    ("Revenue was up 3% from the second quarter.", "ok"),
    ("Operating margin expanded 90 basis points to 20.4%.", "ok"),
    ("The net loss from discontinued operations narrowed by $28 million.", "ok"),             # computed
    ("The net loss from discontinued operations narrowed 70%.", "ok"),                        # computed
    ("Free cash flow declined 6% to $205 million.", "ok"),
    ("Revenue was up 9% sequentially.", "bad"),                                               # the Y/Y change
    ("Operating margin expanded 0.9% to 20.4%.", "bad"),                                      # points as percent
    ("Operating income rose 9% to $310 million.", "bad"),                                     # revenue's; +14%
])
