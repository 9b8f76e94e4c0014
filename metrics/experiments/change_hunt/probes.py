"""Adversarial probes for the change check (spacy_ground/changes.py, commit ce8f5ab) on tables
unlike financial statements: false alarms and crashes.

    python metrics/experiments/change_hunt/probes.py            # before vs ce8f5ab, a table per probe
    python metrics/experiments/change_hunt/probes.py --after tree   # before vs the working tree
    python metrics/experiments/change_hunt/probes.py --worker   # one side, JSON lines (used by the above)

"before" is the checkout of the commit before the feature at /tmp/s29/before (PYTHONPATH), "after"
the working tree. Each probe: (source, answer, expected "ok"/"bad", note). "ok" = the answer is
right about the sources (or at least not refuted by them); "bad" = the answer is wrong.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
# a checkout of the commit before the feature: `git worktree add /tmp/s29/before daca3dd` (or BEFORE=...)
BEFORE = os.environ.get("BEFORE", "/tmp/s29/before")
# the feature as committed: `git archive ce8f5ab spacy_ground | tar -x -C /tmp/s29/ce8f5ab`;
# `--after tree` runs the working tree instead (which another engineer is editing)
AFTER = sys.argv[sys.argv.index("--after") + 1] if "--after" in sys.argv else "/tmp/s29/ce8f5ab"

# ---------------------------------------------------------------- sources
STANDINGS = """| Team | 2023 | 2024 | Change |
|---|---|---|---|
| Arsenal | 69 | 84 | +15 |
| Chelsea | 74 | 44 | -30 |
| Brighton | 51 | 62 | +11 |
"""

POPULATION = """Population by city

| City | 2000 | 2010 | 2020 |
|---|---|---|---|
| Austin | 656,562 | 790,390 | 961,855 |
| Detroit | 951,270 | 713,777 | 639,111 |
"""

POP_CHANGE = """| City | 2010 | 2020 | Change |
|---|---|---|---|
| Austin | 790,390 | 961,855 | 21.7% |
| Detroit | 713,777 | 639,111 | -10.5% |
"""

PRICES_GBP = """Average prices (UK)

| Item | 2022 | 2023 | 2024 |
|---|---|---|---|
| Milk (4 pints) | £1.45 | £1.60 | £1.68 |
| Bread | £1.20 | £1.40 | £1.40 |
| Season ticket | £1,000 | £1,050 | £1,100 |
"""

PRICES_EUR = """| Product | 2023 | 2024 | Increase |
|---|---|---|---|
| Coffee | €2.50 | €2.80 | 12% |
| Croissant | €1.20 | €1.32 | 10% |
"""

SURVEY = """Survey results (share of respondents)

| Response | 2023 | 2024 | Change |
|---|---|---|---|
| Satisfied | 61% | 67% | +6 |
| Neutral | 25% | 21% | -4 |
| Dissatisfied | 14% | 12% | -2 |
"""

SURVEY_PCT = """| Response | 2023 | 2024 | Change (%) |
|---|---|---|---|
| Satisfied | 61% | 67% | +6% |
| Dissatisfied | 14% | 12% | -2% |
"""

PASS_RATES = """Exam results

| | 2022 | 2023 | 2024 |
|---|---|---|---|
| Pass rate | 61% | 65% | 68% |
| Entries | 1,200 | 1,250 | 1,300 |
"""

RANKS = """| University | 2023 Rank | 2024 Rank | Change |
|---|---|---|---|
| Imperial | 6 | 2 | +4 |
| Oxford | 1 | 3 | -2 |
"""

TEMPS = """Average temperature (°C)

| City | Jan | Apr | Jul |
|---|---|---|---|
| London | 5.2 | 10.4 | 19.0 |
| Madrid | 6.3 | 13.1 | 26.1 |
"""

CAGR = """Revenue by segment ($ millions)

| Segment | 2020 | 2024 | CAGR |
|---|---|---|---|
| Cloud | 100 | 157 | 12% |
| Devices | 200 | 180 | -3% |
"""

THREE_YEARS_CHG = """| ($ millions) | 2022 | 2023 | 2024 | % Change |
|---|---|---|---|---|
| Revenue | 100 | 110 | 121 | 10% |
| Costs | 80 | 84 | 88 | 5% |
"""

GROWTH_ROW = """| | 2023 | 2024 |
|---|---|---|
| Revenue ($m) | 100 | 117 |
| Revenue growth | 12% | 17% |
| Customers | 1,000 | 1,100 |
"""

REGIONS = """Revenue ($ millions)

| | 2024 | 2023 | % Change |
|---|---|---|---|
| Revenue | 210.0 | 180.0 | 17% |
| Europe | 56.0 | 50.0 | 12% |
| Americas | 154.0 | 130.0 | 18% |
"""

ARPU = """| | 2024 | 2023 | % Change |
|---|---|---|---|
| Revenue | $210.0 | $180.0 | 17% |
| ARPU | $56.0 | $50.0 | 12% |
| Sales | 1,200 | 1,000 | 20% |
| Subscribers | 3.75 | 3.6 | 4% |
"""

TRADE = """Balance of trade ($ billions)

| | 2023 | 2024 |
|---|---|---|
| Exports | 300 | 320 |
| Imports | 350 | 360 |
| Trade balance | (50) | (40) |
"""

LOSS_ROWS = """(in millions)

| | 2024 | 2023 |
|---|---|---|
| Revenue | $120.0 | $100.0 |
| Operating loss | (5.0) | (12.0) |
| Free cash flow | (3.0) | (10.0) |
"""

STOCKS = """| Ticker | Close | Change | % Change |
|---|---|---|---|
| AAPL | 189.50 | -2.30 | -1.2% |
| MSFT | 410.20 | +4.10 | +1.0% |
"""

RATES = """| | 2023 | 2024 |
|---|---|---|
| Mortgage rate | 6.5% | 7.0% |
| Home sales (thousands) | 4,090 | 4,060 |
"""

VOTES = """| Party | 2019 | 2024 | Change |
|---|---|---|---|
| Labour | 32.1% | 33.7% | +1.6 |
| Conservative | 43.6% | 23.7% | -19.9 |
"""

HTML_VISITORS = """<table>
<tr><th>Museum</th><th>2023</th><th>2024</th></tr>
<tr><td>Louvre</td><td>8,900,000</td><td>8,700,000</td></tr>
<tr><td>Visitors</td><td>1,200</td><td>1,500</td></tr>
</table>"""

TEXT_LEAGUE = """LEAGUE TABLE

Team                2023      2024
Lakers                43        47
Celtics               64        61
"""

QUARTERS_ONLY = """| KPI | Q1 2024 | Q2 2024 | Q3 2024 | Q4 2024 |
|---|---|---|---|---|
| Downloads | 1,000 | 1,100 | 1,210 | 1,331 |
| Churn | 5.0% | 4.8% | 4.5% | 4.1% |
"""

MONTHLY = """| Index | Feb 2023 | Jan 2024 | Feb 2024 |
|---|---|---|---|
| CPI | 300.8 | 308.4 | 310.3 |
"""

TOTAL_REV = """| ($ millions) | 2024 | 2023 |
|---|---|---|
| Product revenue | 150 | 140 |
| Service revenue | 60 | 40 |
| Total revenue | 210 | 180 |
"""

SALES_TABLE = """| | 2023 | 2024 |
|---|---|---|
| Sales | 1,000 | 1,100 |
| Price | $10.00 | $10.30 |
| Volume | 100 | 106.8 |
"""

TWO_TABLES = """North region

| | 2023 | 2024 |
|---|---|---|
| Sales | 500 | 550 |

South region

| | 2023 | 2024 |
|---|---|---|
| Sales | 400 | 380 |
"""

COUNTRIES = """| Country | 2023 | 2024 |
|---|---|---|
| China | 1,410.7 | 1,408.9 |
| India | 1,428.6 | 1,441.7 |
| United States | 334.9 | 337.0 |
"""

SPORT_GOALS = """| Player | 2022-23 | 2023-24 |
|---|---|---|
| Haaland | 36 | 27 |
| Salah | 19 | 18 |
"""

PROSE = ("Revenue was $210 million in 2024, up 17% from $180 million in 2023. Operating income rose to "
         "$45.2 million. The population of Austin grew from 790,390 in 2010 to 961,855 in 2020.")

PROSE_LIST = """Key figures:
Revenue: $210 million (2023: $180 million)
Operating income: $45.2 million (2023: $40.4 million)
"""

WITH_CHANGE = """| (in millions) | 2024 | 2023 | % Change |
|---|---|---|---|
| Revenue | $210.0 | $180.0 | 17% |
| Operating income | $45.2 | $40.4 | 12% |
| Net income | $30.1 | $27.9 | 8% |
"""

NEG_CELL = """| | 2024 | 2023 | Change |
|---|---|---|---|
| Revenue | 95 | 100 | (5)% |
| Orders | 1,020 | 1,000 | 2% |
"""

HEADCOUNT = """| | 2023 | 2024 |
|---|---|---|
| Revenue ($m) | 100 | 108 |
| Headcount | 2,000 | 1,900 |
"""

# ---------------------------------------------------------------- probes
PROBES = [
    # sports standings
    (STANDINGS, "Arsenal improved by 22% in 2024.", "ok", "points 69->84 = +21.7%; Change column holds points"),
    (STANDINGS, "Chelsea fell 41% in 2024.", "ok", "74->44 = -40.5%"),
    (STANDINGS, "Brighton rose 11 points.", "ok", "cardinal change, matches Change column"),
    (STANDINGS, "Arsenal gained 15 points while Chelsea dropped 30.", "ok", "cardinals"),
    (TEXT_LEAGUE, "The Lakers improved 9% in 2024.", "ok", "text table, 43->47 = +9.3%"),
    (TEXT_LEAGUE, "The Celtics fell 5% in 2024.", "ok", "64->61 = -4.7%"),
    (SPORT_GOALS, "Haaland's goals fell 25% in 2023-24.", "ok", "36->27 = -25%"),
    (SPORT_GOALS, "Haaland scored 27 goals in 2023-24, down 25%.", "ok", "season columns"),
    # population
    (POPULATION, "Austin's population grew 21.7% between 2010 and 2020.", "ok", "anchors pick both"),
    (POPULATION, "Austin grew 21.7% between 2010 and 2020.", "ok", ""),
    (POPULATION, "Austin grew 46% over two decades.", "ok", "2000->2020 = +46.5%, no years named"),
    (POPULATION, "Austin grew 46% from 2000 to 2020.", "ok", ""),
    (POPULATION, "Austin grew 46% since 2000.", "ok", "OTHER_BASIS since"),
    (POPULATION, "Austin grew about 2% a year over the two decades.", "ok", "compound rate (1.9%/yr)"),
    (POPULATION, "Detroit shrank 10.5% in the decade to 2020.", "ok", ""),
    (POPULATION, "Detroit lost 33% of its population from 2000 to 2020.", "ok", "951,270->639,111 = -32.8%"),
    (POP_CHANGE, "Austin grew 21.7%, while Detroit fell 10.5%.", "ok", "change column"),
    (POP_CHANGE, "Detroit's population declined by 10.5%.", "ok", ""),
    (POP_CHANGE, "Detroit's population changed by -10.5%.", "ok", "negative written"),
    (POP_CHANGE, "Detroit fell -10.5%.", "ok", "double negative (sloppy but right)"),
    (POP_CHANGE, "Detroit grew -10.5%.", "ok", "negative growth written"),
    (POP_CHANGE, "Austin grew 25%.", "bad", "wrong"),
    # prices
    (PRICES_GBP, "The price of milk rose 5% in 2024.", "ok", "1.60->1.68 = +5%"),
    (PRICES_GBP, "Milk rose 16% over two years.", "ok", "1.45->1.68 = +15.9%"),
    (PRICES_GBP, "Bread was unchanged in 2024 after rising 17% in 2023.", "ok", "1.20->1.40 = 16.7%"),
    (PRICES_GBP, "The season ticket rose by £50 to £1,100.", "ok", ""),
    (PRICES_GBP, "The season ticket rose £100 over two years.", "ok", "2022->2024"),
    (PRICES_GBP, "Season ticket prices have risen 5% a year.", "ok", "compound ~4.9%/yr, last year 4.8%"),
    (PRICES_GBP, "Season ticket prices have risen about 5% annually.", "ok", ""),
    (PRICES_EUR, "Coffee rose 12% while croissants rose 10%.", "ok", ""),
    (PRICES_EUR, "Coffee rose by €0.30.", "ok", "money change"),
    (PRICES_EUR, "Coffee went up 12% and croissants 10%.", "ok", ""),
    # surveys / percent levels
    (SURVEY, "Satisfied responses rose 6 percentage points.", "ok", ""),
    (SURVEY, "The satisfied share rose 6 points to 67%.", "ok", ""),
    (SURVEY, "Satisfied rose 6 points, while neutral fell 4 points.", "ok", ""),
    (SURVEY, "Satisfied was up 10% in relative terms.", "ok", "61->67 relative = 9.8%"),
    (SURVEY_PCT, "Satisfied rose 6 percentage points to 67%.", "ok", "Change (%) column holds points"),
    (SURVEY_PCT, "Dissatisfied fell 2 points to 12%.", "ok", ""),
    (SURVEY_PCT, "Dissatisfied fell 14% to 12% of respondents.", "ok", "relative 14->12 = -14.3%"),
    (PASS_RATES, "The pass rate rose 3 percentage points to 68% in 2024.", "ok", ""),
    (PASS_RATES, "The pass rate rose 7 percentage points over two years.", "ok", "61->68"),
    (PASS_RATES, "The pass rate rose 7 percentage points from 2022 to 2024.", "ok", ""),
    (PASS_RATES, "Entries grew 4% in 2024 and 8% over two years.", "ok", "1250->1300, 1200->1300"),
    (PASS_RATES, "Entries grew 8.3% over two years.", "ok", ""),
    (VOTES, "Labour was up 1.6 points.", "ok", ""),
    (VOTES, "Labour's vote rose 1.6 percentage points to 33.7%.", "ok", ""),
    (VOTES, "Labour rose 5% in relative terms.", "ok", "32.1->33.7 = +5.0% relative"),
    (VOTES, "Conservative support fell 19.9 points.", "ok", ""),
    (RATES, "The mortgage rate rose 50 basis points to 7.0%.", "ok", ""),
    (RATES, "The mortgage rate rose 7.7% in 2024.", "ok", "relative 6.5->7.0"),
    (RATES, "Home sales fell 0.7% as the mortgage rate rose to 7.0%.", "ok", "4090->4060 = -0.73%"),
    # rankings, temperatures
    (RANKS, "Imperial moved up 4 places to 2nd.", "ok", "cardinal"),
    (RANKS, "Oxford fell two places to 3rd.", "ok", ""),
    (TEMPS, "In London, temperatures rise 265% from January to July.", "ok", "5.2->19.0 = +265%"),
    (TEMPS, "Madrid rises 7.1 degrees from January to April.", "ok", ""),
    # compound / multi-year with a cell holding the figure
    (CAGR, "Cloud revenue grew 12% a year from 2020 to 2024.", "ok", "CAGR cell 12%"),
    (CAGR, "Cloud grew 12% annually between 2020 and 2024.", "ok", "CAGR cell"),
    (CAGR, "Cloud grew 12% a year.", "ok", "CAGR cell, no years"),
    (CAGR, "Devices declined 3% a year.", "ok", "CAGR cell -3%"),
    (CAGR, "Cloud grew 57% over four years.", "ok", "100->157"),
    (THREE_YEARS_CHG, "Revenue grew 21% from 2022 to 2024.", "ok", "% Change column is 2024 vs 2023"),
    (THREE_YEARS_CHG, "Revenue grew 10% in 2023 and 10% in 2024.", "ok", ""),
    (THREE_YEARS_CHG, "Costs rose 10% over two years.", "ok", "80->88"),
    (GROWTH_ROW, "Revenue grew 17%, compared with 12% a year earlier.", "ok", "12% is the growth row's 2023"),
    (GROWTH_ROW, "Revenue grew 17% in 2024 after 12% in 2023.", "ok", ""),
    (GROWTH_ROW, "Revenue rose 17% while customers grew 10%.", "ok", ""),
    (GROWTH_ROW, "Revenue growth accelerated 5 points to 17%.", "ok", ""),
    # another thing in the same sentence
    (HEADCOUNT, "Revenue grew 8% while headcount fell 5%.", "ok", ""),
    (HEADCOUNT, "Revenue grew while headcount fell 5%.", "ok", ""),
    (HEADCOUNT, "Revenue grew 8%, even as headcount was cut 5%.", "ok", ""),
    (REGIONS, "Revenue grew 17%, and 12% in Europe.", "ok", "12% is Europe's"),
    (REGIONS, "Revenue rose 17%, with Europe up 12%.", "ok", ""),
    (REGIONS, "Revenue rose 17%, with the Americas making up 73%.", "ok", "share: 154/210 = 73%"),
    (REGIONS, "Revenue grew 17%, with Europe accounting for 27%.", "ok", "share 56/210 = 26.7%"),
    (REGIONS, "Revenue grew 17% overall but only 12% in Europe.", "ok", ""),
    (ARPU, "Subscribers rose 4%, and a 12% increase in revenue per user lifted revenue 17%.", "ok", "ARPU row"),
    (ARPU, "There was a 12% increase in revenue per subscriber.", "ok", "ARPU row"),
    (ARPU, "A 20% increase in sales volumes drove revenue.", "ok", "Sales row is units"),
    (ARPU, "Revenue grew 17% on a 20% rise in sales.", "ok", ""),
    (ARPU, "A 20% increase in sales per store helped.", "bad?", "not the Sales row; unknown"),
    (SALES_TABLE, "Sales grew 10%, driven by a 3% price increase and 6.8% higher volume.", "ok", ""),
    (SALES_TABLE, "Sales grew 10% with price up 3% and volume up 6.8%.", "ok", ""),
    (TWO_TABLES, "In the South region, sales fell 5%.", "ok", "two tables with a Sales row"),
    (TWO_TABLES, "North sales grew 10% while south sales fell 5%.", "ok", ""),
    (TWO_TABLES, "Sales grew 10% in the North and fell 5% in the South.", "ok", ""),
    (COUNTRIES, "China's population fell 0.1% in 2024 while India's rose 0.9%.", "ok", ""),
    (COUNTRIES, "India grew 0.9% and the United States 0.6%.", "ok", ""),
    (COUNTRIES, "The United States grew 0.6% in 2024.", "ok", ""),
    # loss-like rows
    (LOSS_ROWS, "The operating loss improved by $7.0 million.", "ok", "(12.0)->(5.0)"),
    (LOSS_ROWS, "The operating loss narrowed by $7.0 million.", "ok", ""),
    (LOSS_ROWS, "Free cash flow improved by $7.0 million.", "ok", "(10.0)->(3.0)"),
    (LOSS_ROWS, "Free cash flow rose $7.0 million to -$3.0 million.", "ok", ""),
    (LOSS_ROWS, "Revenue rose 20% while the operating loss shrank 58%.", "ok", "12->5 = -58%"),
    (TRADE, "The trade balance improved by $10 billion.", "ok", "-50 -> -40"),
    (TRADE, "Exports grew 6.7% while imports rose 2.9%.", "ok", ""),
    # negative cells
    (NEG_CELL, "Revenue fell 5% while orders rose 2%.", "ok", ""),
    (NEG_CELL, "Revenue was down 5%.", "ok", ""),
    (NEG_CELL, "Revenue declined -5%.", "ok", "double negative"),
    (NEG_CELL, "Revenue growth was -5%.", "ok", ""),
    # stocks
    (STOCKS, "AAPL fell 1.2% to $189.50.", "ok", ""),
    (STOCKS, "AAPL was down $2.30.", "ok", ""),
    (STOCKS, "MSFT rose 1% while AAPL fell 1.2%.", "ok", ""),
    # quarters / months
    (QUARTERS_ONLY, "Downloads grew 10% in the fourth quarter.", "ok", "sequential 1210->1331"),
    (QUARTERS_ONLY, "Downloads grew 33% over the year.", "ok", "Q1->Q4"),
    (QUARTERS_ONLY, "Churn fell 0.4 percentage points in Q4.", "ok", ""),
    (QUARTERS_ONLY, "Churn improved 0.9 points during 2024.", "ok", "5.0->4.1"),
    (MONTHLY, "Consumer prices rose 3.2% in the year to February 2024.", "ok", "300.8->310.3"),
    (MONTHLY, "The CPI rose 0.6% in February.", "ok", "monthly"),
    (MONTHLY, "The CPI rose 3.2% in February from a year earlier.", "ok", ""),
    # totals and qualifiers
    (TOTAL_REV, "Total revenue grew 16.7% to $210 million.", "ok", ""),
    (TOTAL_REV, "Service revenue grew 50% while product revenue rose 7%.", "ok", ""),
    (TOTAL_REV, "Revenue grew 17%.", "ok", "'Total revenue' is a generic label"),
    # html
    (HTML_VISITORS, "Visitors rose 25% in 2024.", "ok", ""),
    (HTML_VISITORS, "The Louvre's attendance fell 2.2% in 2024.", "ok", ""),
    (HTML_VISITORS, "The Louvre fell 2.2%.", "ok", ""),
    # approximations
    (WITH_CHANGE, "Revenue grew 16.7%.", "ok", "column says 17%"),
    (WITH_CHANGE, "Revenue rose by roughly a sixth.", "ok", ""),
    (WITH_CHANGE, "Operating income rose nearly 12%, or $4.8 million.", "ok", ""),
    (WITH_CHANGE, "Revenue grew between 15% and 17%.", "ok", "range in words"),
    (WITH_CHANGE, "Revenue grew 15-17%.", "ok", "range"),
    (WITH_CHANGE, "Revenue grew 17%, net income 8%.", "ok", ""),
    (WITH_CHANGE, "Revenue is expected to grow 10% in 2025.", "ok?", "a forecast; the table says nothing"),
    # prose-only sources: must be unaffected
    (PROSE, "Revenue grew 17% to $210 million.", "ok", "prose"),
    (PROSE, "Operating income grew 12% to $45.2 million.", "ok?", "prose lacks 12%"),
    (PROSE, "Austin's population grew 21.7% between 2010 and 2020.", "ok", "prose, computed"),
    (PROSE_LIST, "Revenue grew 17% to $210 million.", "ok", "label: value list"),
    (PROSE_LIST, "Operating income increased $4.8 million.", "ok", "label: value list"),
]


# ---------------------------------------------------------------- batch 2
MULTI = """| | 2022 | 2023 | 2024 | % Change |
|---|---|---|---|---|
| Members | 100 | 120 | 126 | 5% |
| Events | 40 | 44 | 55 | 25% |
"""

MULTI_DATED = """| | 2022 | 2023 | 2024 | % Change 2024 vs 2023 |
|---|---|---|---|---|
| Members | 100 | 120 | 126 | 5% |
"""

WIDE = """| Product | Price 2023 | Price 2024 | Units 2023 | Units 2024 |
|---|---|---|---|---|
| Widget | $10.00 | $11.00 | 1,000 | 1,050 |
"""

NEG_RATES = """| | 2023 | 2024 |
|---|---|---|
| Revenue ($m) | 100 | 130 |
| Operating margin | (10.0)% | (4.2)% |
| GDP growth | -2.0% | -0.5% |
"""

ODD = """| | 2023 | 2024 | % Change |
|---|---|---|---|
| Refunds | 0 | 5 | nm |
| Other income | — | 5 | n/a |
| Fees | 10 | 12 | −20% |
| Rebates | 8 | 9 | 10-15% |
|  | 3 | 4 | 33% |
"""

ONE_COL = """| | 2024 |
|---|---|
| Revenue | 100 |
"""

FY = """| | FY23 | FY24 | Q3'23 | Q3'24 |
|---|---|---|---|---|
| Bookings | 400 | 460 | 100 | 130 |
"""

HTML_SPAN = """<table>
<tr><th rowspan="2">Region</th><th colspan="2">Sales</th></tr>
<tr><th>2023</th><th>2024</th></tr>
<tr><td>East</td><td>200</td><td>220</td></tr>
<tr><td>West</td><td>300</td><td>270</td></tr>
</table>"""

CROSSING = """| | 2023 | 2024 |
|---|---|---|
| Net income (loss) | (5.0) | 3.0 |
| Accounts receivable, net | 50.0 | 60.0 |
"""

PROBES += [
    (REGIONS, "Revenue grew 17%, with 12% in Europe.", "ok", "12% is Europe's (joined to revenue)"),
    (WITH_CHANGE, "Operating income rose 12%, compared with 17% for revenue.", "ok", "17% is revenue's"),
    (WITH_CHANGE, "Net income grew 8%, compared with 12% growth in operating income.", "ok", ""),
    (WITH_CHANGE, "Revenue grew 17%, outpacing the 12% rise in operating income.", "ok", ""),
    (WITH_CHANGE, "Revenue grew 17%, 12%, 8% and 5%.", "bad", "list of changes; crash probe"),
    (WITH_CHANGE, "Revenue grew 17% and 12%, respectively.", "bad?", "respectively with one name"),
    (WITH_CHANGE, "Revenue was flat, up 0%.", "bad", ""),
    (TWO_TABLES, "In the South region, sales rose 10%.", "bad", "South fell 5%: wrong grounded?"),
    (THREE_YEARS_CHG, "Revenue grew 10% from 2022 to 2024.", "bad", "true 21%; column 10% is 2024 vs 2023"),
    (MULTI, "Members grew 20% in 2023.", "ok", "100->120; % Change is 2024's"),
    (MULTI, "Members grew 5% in 2023.", "bad", "2023 was +20%"),
    (MULTI, "Events grew 10% in 2023 and 25% in 2024.", "ok", ""),
    (MULTI_DATED, "Members grew 20% in 2023.", "ok", "header names 2023 too"),
    (WIDE, "Widget rose 10% in price.", "ok", ""),
    (WIDE, "Widget rose 5%.", "bad?", "units rose 5%, price 10%"),
    (WIDE, "Widget rose $1.00 in 2024.", "ok", ""),
    (NEG_RATES, "Operating margin improved 5.8 percentage points.", "ok", "-10.0% -> -4.2%"),
    (NEG_RATES, "Operating margin rose 580 basis points to -4.2%.", "ok", ""),
    (NEG_RATES, "GDP growth improved 1.5 percentage points in 2024.", "ok", "-2.0 -> -0.5"),
    (NEG_RATES, "Revenue grew 30% while the operating margin improved 5.8 points.", "ok", ""),
    (LOSS_ROWS, "The operating loss improved 58%.", "ok", "12 -> 5"),
    (LOSS_ROWS, "The operating loss increased by $7.0 million.", "bad", "it shrank"),
    (ODD, "Refunds rose 100%.", "bad", "from 0; crash probe"),
    (ODD, "Refunds rose by $5.", "ok", ""),
    (ODD, "Other income rose 50%.", "bad", "crash probe"),
    (ODD, "Fees rose 20%.", "ok", "unicode minus in cell? 10->12 = +20%"),
    (ODD, "Rebates rose 12.5%.", "ok", "range in change cell"),
    (ONE_COL, "Revenue rose 10%.", "bad?", "one period"),
    (FY, "Bookings grew 15% in fiscal 2024.", "ok", "FY23->FY24"),
    (FY, "Bookings grew 30% in the third quarter.", "ok", "Q3'23->Q3'24"),
    (HTML_SPAN, "East rose 10% in 2024 while West fell 10%.", "ok", ""),
    (HTML_SPAN, "Sales in the West fell 10%.", "ok", ""),
    (CROSSING, "Net income rose $8.0 million.", "ok", "-5 -> 3"),
    (CROSSING, "Net income improved by $8.0 million to $3.0 million.", "ok", ""),
    (CROSSING, "Accounts receivable rose 20%.", "ok", "qualifier ', net'"),
    (CROSSING, "Accounts receivable rose 20% to $60.0 million.", "ok", ""),
    (POPULATION, "Detroit lost nearly a third of its population from 2000 to 2020.", "ok", "32.8%"),
    (PASS_RATES, "The pass rate increased by 3% in 2024.", "bad?", "points said as percent"),
    (RATES, "The mortgage rate rose 0.5% in 2024.", "bad?", "points said as percent"),
    (SURVEY, "Satisfied rose 6% in 2024.", "bad?", "points said as percent"),
    (STANDINGS, "Arsenal were up 15 points and 22% in 2024.", "ok", ""),
    (REGIONS, "Europe rose 12%, less than the Americas' 18% increase.", "ok", ""),
    (REGIONS, "Europe rose 12%, while overall revenue grew 17%.", "ok", ""),
    (REGIONS, "Revenue grew 17%; Europe was up 12% and the Americas 18%.", "ok", ""),
]


# ---------------------------------------------------------------- batch 3
NOUNIT = """| | 2023 | 2024 |
|---|---|---|
| Revenue | 100.0 | 120.0 |
| Operating income | 10.0 | 12.5 |
"""

QLOSS = """CONSOLIDATED STATEMENTS OF OPERATIONS
(in millions)

| | Three Months Ended September 30, 2024 | Three Months Ended September 30, 2023 |
|---|---|---|
| Revenue | $210.0 | $180.0 |
| Net loss | (1.1) | (3.7) |
"""

PROBES += [
    (NOUNIT, "Revenue rose $20 million in 2024.", "ok", "no unit caption: cells are bare numbers"),
    (NOUNIT, "Operating income increased by $2.5 million.", "ok", "no unit caption"),
    (QLOSS, "The net loss improved by $2.6 million.", "ok", "(3.7) -> (1.1)"),
    (QLOSS, "Net loss improved 70% year over year.", "ok", ""),
    (QLOSS, "The net loss narrowed 70% year over year.", "ok", "control"),
]


def worker():
    import spacy_ground

    nlp = spacy_ground.load()
    print(json.dumps({"file": spacy_ground.__file__}), flush=True)
    for i, (source, answer, expected, note) in enumerate(PROBES):
        try:
            doc = spacy_ground.check(nlp, answer, sources=[source])
            claims = [(c.text, c._.ground_numeric["status"], c._.ground_numeric["reason"])
                      for c in doc.spans["ground_claims"]]
            out = {"i": i, "claims": claims, "action": doc._.grounding.action,
                   "score": round(float(doc._.grounding.score), 3)}
        except Exception:  # a crash is a finding
            import traceback
            out = {"i": i, "error": traceback.format_exc()}
        print(json.dumps(out), flush=True)


def run(side):
    env = dict(os.environ)
    if side == "before":
        env["PYTHONPATH"] = BEFORE
    elif AFTER != "tree":
        env["PYTHONPATH"] = AFTER
    else:
        env.pop("PYTHONPATH", None)
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker"], env=env, cwd=HERE,
                          capture_output=True, text=True)
    lines = [json.loads(l) for l in proc.stdout.splitlines() if l.startswith("{")]
    if not lines:
        sys.exit(f"{side} produced nothing:\n{proc.stderr[-3000:]}")
    return lines[0]["file"], {r["i"]: r for r in lines[1:]}


FLAGGED = ("mismatch", "unsupported")


def main():
    (fb, before), (fa, after) = run("before"), run("after")
    print(f"before: {fb}\nafter:  {fa}\n")
    introduced, crashes, changed = [], [], []
    for i, (source, answer, expected, note) in enumerate(PROBES):
        b, a = before.get(i, {}), after.get(i, {})
        shape = source.strip().splitlines()[0][:40]
        print(f"[{i}] ({expected}) {answer}   -- {note}   [{shape}]")
        for side, r in (("before", b), ("after", a)):
            if "error" in r:
                print(f"   {side}: CRASH\n{r['error']}")
                crashes.append(i)
                continue
            print(f"   {side:6} {r.get('action')} {r.get('score')}")
            for text, status, reason in r.get("claims", []):
                print(f"      {text!r:22} {status:13} {reason[:200]}")
        if "claims" in b and "claims" in a:
            bs = {t: s for t, s, _ in b["claims"]}
            for t, s, reason in a["claims"]:
                if bs.get(t) != s:
                    changed.append((i, t, bs.get(t), s))
                    if expected.startswith("ok") and bs.get(t) not in FLAGGED and s in FLAGGED:
                        introduced.append((i, answer, t, bs.get(t), s, reason))
            if expected.startswith("ok") and b["action"] == "pass" and a["action"] != "pass":
                if not any(x[0] == i for x in introduced):
                    introduced.append((i, answer, "(doc)", b["action"], a["action"], ""))
    print(f"\n{len(PROBES)} probes; {len(changed)} claim statuses changed; {len(crashes)} crashes")
    print("\nstatus changes (probe, claim, before -> after):")
    for i, t, s0, s1 in changed:
        print(f"  [{i}] {PROBES[i][2]:4} {t!r}: {s0} -> {s1}   {PROBES[i][1]}")
    print(f"\nfalse alarms introduced (expected ok; before not flagged -> after flagged): {len(introduced)}")
    for i, answer, t, s0, s1, reason in introduced:
        print(f"  [{i}] {answer}\n      {t!r}: {s0} -> {s1}: {reason}")


if __name__ == "__main__":
    worker() if "--worker" in sys.argv else main()
