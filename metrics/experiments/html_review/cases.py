"""HTML sources of the kinds RAG systems retrieve, with answers. expect: 'ok' (should pass, no claim
mismatch/unsupported) or 'bad' (should be flagged). `md`: the same content as Markdown, when useful."""

CASES = []


def case(cid, src, answers, md=None, note=""):
    CASES.append(dict(id=cid, src=src, answers=answers, md=md, note=note))


# 1 Wikipedia-like company page with an infobox (th row labels), footnotes, entities
case("wiki_company", """<!DOCTYPE html><html><head><title>Acme Corporation - Wikipedia</title>
<style>.infobox{float:right}</style><script>var wgPageName="Acme_Corporation";</script></head><body>
<h1 id="firstHeading">Acme Corporation</h1>
<table class="infobox vcard"><tbody>
<tr><th class="infobox-label">Founded</th><td class="infobox-data">March&nbsp;4, 1985<sup id="cite_ref-1" class="reference"><a href="#cite_note-1">[1]</a></sup></td></tr>
<tr><th class="infobox-label">Headquarters</th><td class="infobox-data"><a href="/wiki/Denver">Denver</a>, Colorado</td></tr>
<tr><th class="infobox-label">Revenue</th><td class="infobox-data"><span class="increase">Increase</span> US$2.85&nbsp;billion (2023)<sup class="reference"><a href="#cite_note-2">[2]</a></sup></td></tr>
<tr><th class="infobox-label">Number of employees</th><td class="infobox-data">12,400 (2023)</td></tr>
</tbody></table>
<p><b>Acme Corporation</b> is an American manufacturer of industrial tools founded by <a href="/wiki/Jane_Doe">Jane Doe</a> in 1985.<sup class="reference"><a href="#cite_note-3">[3]</a></sup> The company&#8217;s largest plant is in Pueblo &mdash; it employs about 3,100 people.</p>
<h2>History</h2>
<p>In 2019 Acme acquired Beta Tools for $410&nbsp;million.<sup class="reference">[4]</sup> Sales in Europe reached &euro;620 million in 2023.</p>
</body></html>""", [
    ("Acme's revenue in 2023 was about $2.85 billion.", "ok"),
    ("Acme had 12,400 employees in 2023.", "ok"),
    ("Acme was founded in 1985 by Jane Doe and is headquartered in Denver, Colorado.", "ok"),
    ("Acme acquired Beta Tools in 2019 for $450 million.", "bad"),
    ("The Pueblo plant employs about 3,100 people, and European sales reached €620 million in 2023.", "ok"),
])

# 2 UK news article with script/style, entities, pound amounts
case("news_uk", """<article><header><h1>Tesco profits jump as shoppers return</h1><time datetime="2024-04-10">10 April 2024</time></header>
<script type="text/javascript">window.dataLayer=window.dataLayer||[];dataLayer.push({"revenue": "9.9"});</script>
<p class="lead">Tesco&#8217;s pre-tax profit more than doubled to &pound;2.29bn in the year to February, the UK&#8217;s biggest supermarket said on Wednesday.</p>
<p>Sales excluding fuel rose 4.4% to &pound;61.5bn. Chief executive Ken Murphy said the grocer had cut prices on more than 3,000 products&nbsp;&mdash; &ldquo;we are determined to keep prices low&rdquo;.</p>
<ul><li>Dividend: 12.1p per share</li><li>Market share: 27.6%</li><li>Retail free cash flow: &pound;2.1bn</li></ul>
<p>Read more: <a href="/business">Business news</a></p></article>""", [
    ("Tesco's pre-tax profit more than doubled to £2.29bn, and sales excluding fuel rose 4.4% to £61.5bn.", "ok"),
    ("Tesco cut prices on over 3,000 products and holds a 27.6% market share.", "ok"),
    ("Tesco's pre-tax profit rose to £2.9bn.", "bad"),
    ("Tesco's market share was 29.6%.", "bad"),
])

# 3 SEC-style income statement: $ in own cells, parentheses negatives, colspans, spacer cells
SEC = """<p style="font-weight:bold">CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS</p>
<p>(in millions, except per share data)</p>
<table cellpadding="0" cellspacing="0" style="width:100%">
<tr><td></td><td colspan="3" style="text-align:center"><b>Year Ended December 31,</b></td></tr>
<tr><th></th><th colspan="2">2024</th><th>&nbsp;</th><th colspan="2">2023</th></tr>
<tr><td>Net revenues</td><td>$</td><td style="text-align:right">7,140</td><td>&nbsp;</td><td>$</td><td style="text-align:right">6,850</td></tr>
<tr><td>Cost of revenues</td><td></td><td style="text-align:right">4,210</td><td></td><td></td><td style="text-align:right">4,020</td></tr>
<tr><td>Operating income</td><td></td><td style="text-align:right">1,215</td><td></td><td></td><td style="text-align:right">1,090</td></tr>
<tr><td>Other income (expense), net</td><td></td><td style="text-align:right">(45</td><td>)</td><td></td><td style="text-align:right">12</td></tr>
<tr><td>Net income</td><td>$</td><td style="text-align:right">932</td><td></td><td>$</td><td style="text-align:right">841</td></tr>
<tr><td>Diluted earnings per share</td><td>$</td><td style="text-align:right">1.52</td><td></td><td>$</td><td style="text-align:right">1.37</td></tr>
</table>"""
SEC_MD = """CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS
(in millions, except per share data)

| | 2024 | 2023 |
|---|---|---|
| Net revenues | $7,140 | $6,850 |
| Cost of revenues | 4,210 | 4,020 |
| Operating income | 1,215 | 1,090 |
| Other income (expense), net | (45) | 12 |
| Net income | $932 | $841 |
| Diluted earnings per share | $1.52 | $1.37 |
"""
SEC_ANS = [
    ("Net revenues were $7.14 billion in 2024.", "ok"),
    ("Net revenues were $7,140 million in 2024, up from $6,850 million in 2023.", "ok"),
    ("Operating income was $1,215 million in 2024.", "ok"),
    ("Net income was $932 million in 2024.", "ok"),
    ("Diluted earnings per share were $1.52 in 2024.", "ok"),
    ("Net revenues were $6.85 billion in 2024.", "bad"),
    ("Operating income was $1,090 million in 2024.", "bad"),
    ("Net income was $841 million in 2024.", "bad"),
]
case("sec_income", SEC, SEC_ANS, md=SEC_MD)

# 4 balance sheet without thead/th, headers as <td><b>
BAL = """<div>ACME INC. CONSOLIDATED BALANCE SHEETS<br>(In thousands, except share and per share data)</div>
<table border="0">
<tr><td><b>Assets</b></td><td><b>December 31, 2024</b></td><td><b>December 31, 2023</b></td></tr>
<tr><td>Cash and cash equivalents</td><td>184,322</td><td>151,907</td></tr>
<tr><td>Accounts receivable, net</td><td>92,415</td><td>88,120</td></tr>
<tr><td>Inventories</td><td>61,008</td><td>70,554</td></tr>
<tr><td><b>Total assets</b></td><td><b>1,204,876</b></td><td><b>1,098,331</b></td></tr>
</table>"""
BAL_MD = """ACME INC. CONSOLIDATED BALANCE SHEETS
(In thousands, except share and per share data)

| Assets | December 31, 2024 | December 31, 2023 |
|---|---|---|
| Cash and cash equivalents | 184,322 | 151,907 |
| Accounts receivable, net | 92,415 | 88,120 |
| Inventories | 61,008 | 70,554 |
| **Total assets** | **1,204,876** | **1,098,331** |
"""
BAL_ANS = [
    ("Acme held $184.3 million in cash and cash equivalents at December 31, 2024.", "ok"),
    ("Inventories were $61.0 million at the end of 2024.", "ok"),
    ("Acme held $151.9 million in cash and cash equivalents at December 31, 2024.", "bad"),
    ("Inventories were $70.6 million at December 31, 2024.", "bad"),
]
case("sec_balance_td_b", BAL, BAL_ANS, md=BAL_MD)

# 5 product spec table (models as columns)
SPEC = """<h2>Specifications</h2>
<table class="specs"><thead><tr><th>Spec</th><th>Nimbus 8</th><th>Nimbus 8 Pro</th><th>Nimbus 8 Lite</th></tr></thead>
<tbody>
<tr><td>Price</td><td>$799</td><td>$1,099</td><td>$499</td></tr>
<tr><td>Battery (mAh)</td><td>4,500</td><td>5,000</td><td>4,000</td></tr>
<tr><td>Weight (g)</td><td>187</td><td>221</td><td>172</td></tr>
<tr><td>Display</td><td>6.1&Prime; OLED</td><td>6.7&Prime; OLED</td><td>6.1&Prime; LCD</td></tr>
<tr><td>Storage</td><td>128&nbsp;GB</td><td>256&nbsp;GB</td><td>64&nbsp;GB</td></tr>
</tbody></table>"""
SPEC_MD = """## Specifications

| Spec | Nimbus 8 | Nimbus 8 Pro | Nimbus 8 Lite |
|---|---|---|---|
| Price | $799 | $1,099 | $499 |
| Battery (mAh) | 4,500 | 5,000 | 4,000 |
| Weight (g) | 187 | 221 | 172 |
| Display | 6.1″ OLED | 6.7″ OLED | 6.1″ LCD |
| Storage | 128 GB | 256 GB | 64 GB |
"""
SPEC_ANS = [
    ("The Nimbus 8 Pro has a 5,000 mAh battery and costs $1,099.", "ok"),
    ("The Nimbus 8 Lite weighs 172 g and costs $499.", "ok"),
    ("The Nimbus 8 Pro costs $799.", "bad"),
    ("The Nimbus 8 Lite comes with 128 GB of storage.", "bad"),
]
case("spec_phone", SPEC, SPEC_ANS, md=SPEC_MD)

# 6 sports league table
LEAGUE = """<table class="wikitable sortable"><caption>Premier League 2023&ndash;24 final table</caption>
<tr><th>Pos</th><th>Team</th><th>Pld</th><th>W</th><th>D</th><th>L</th><th>GF</th><th>GA</th><th>Pts</th></tr>
<tr><td>1</td><td><a href="/wiki/Manchester_City">Manchester City</a> <b>(C)</b></td><td>38</td><td>28</td><td>7</td><td>3</td><td>96</td><td>34</td><td><b>91</b></td></tr>
<tr><td>2</td><td><a href="/wiki/Arsenal">Arsenal</a></td><td>38</td><td>28</td><td>5</td><td>5</td><td>91</td><td>29</td><td><b>89</b></td></tr>
<tr><td>3</td><td><a href="/wiki/Liverpool">Liverpool</a></td><td>38</td><td>24</td><td>10</td><td>4</td><td>86</td><td>41</td><td><b>82</b></td></tr>
</table>"""
LEAGUE_MD = """Premier League 2023–24 final table

| Pos | Team | Pld | W | D | L | GF | GA | Pts |
|---|---|---|---|---|---|---|---|---|
| 1 | Manchester City (C) | 38 | 28 | 7 | 3 | 96 | 34 | **91** |
| 2 | Arsenal | 38 | 28 | 5 | 5 | 91 | 29 | **89** |
| 3 | Liverpool | 38 | 24 | 10 | 4 | 86 | 41 | **82** |
"""
LEAGUE_ANS = [
    ("Arsenal finished second with 89 points.", "ok"),
    ("Liverpool finished third with 82 points.", "ok"),
    ("Arsenal finished second with 91 points.", "bad"),
    ("Liverpool finished third with 89 points.", "bad"),
]
case("league_table", LEAGUE, LEAGUE_ANS, md=LEAGUE_MD)

# 7 train timetable
case("timetable", """<h3>Weekday departures, London Paddington &rarr; Bristol Temple Meads</h3>
<table><thead><tr><th>Train</th><th>Departs</th><th>Arrives</th><th>Platform</th></tr></thead>
<tbody><tr><td>GW101</td><td>08:00</td><td>09:34</td><td>4</td></tr>
<tr><td>GW105</td><td>08:30</td><td>10:02</td><td>6</td></tr>
<tr><td>GW109</td><td>09:00</td><td>10:31</td><td>4</td></tr></tbody></table>
<p>Fares from &pound;27.60 with a Railcard.</p>""", [
    ("The GW105 leaves Paddington at 08:30 and arrives in Bristol at 10:02.", "ok"),
    ("Advance fares start at £27.60 with a Railcard.", "ok"),
    ("The GW105 leaves Paddington at 08:30 and arrives in Bristol at 10:31.", "bad"),
    ("Fares start at £17.60 with a Railcard.", "bad"),
])

# 8 marathon results with accented names via entities
case("marathon", """<h2>Results &ndash; Men</h2><table>
<tr><th>Place</th><th>Athlete</th><th>Country</th><th>Time</th></tr>
<tr><td>1</td><td>Jos&eacute; Mart&iacute;nez</td><td>ESP</td><td>2:05:41</td></tr>
<tr><td>2</td><td>Kelvin Kiptum</td><td>KEN</td><td>2:06:03</td></tr>
<tr><td>3</td><td>S&oslash;ren Hansen</td><td>DEN</td><td>2:07:15</td></tr></table>
<p>A record 48,000 runners finished the race.</p>""", [
    ("José Martínez won in 2:05:41, ahead of Kelvin Kiptum.", "ok"),
    ("Søren Hansen of Denmark finished third.", "ok"),
    ("A record 58,000 runners finished the race.", "bad"),
    ("Søren Hansen finished second.", "bad"),
])

# 9 earnings press release: prose + segment table with two header rows and % change
case("press_segments", """<p><b>SAN JOSE, Calif., Feb. 6, 2025</b> &ndash; Nexa Systems, Inc. (NASDAQ: NXS) today reported results for fiscal 2024.</p>
<p>&ldquo;We delivered record revenue,&rdquo; said CEO Maria Lopez.</p>
<table><caption>Revenue by segment (in millions)</caption>
<thead><tr><th rowspan="2">Segment</th><th colspan="2">Year ended December 31,</th><th rowspan="2">% change</th></tr>
<tr><th>2024</th><th>2023</th></tr></thead>
<tbody><tr><td>Cloud</td><td>$1,840</td><td>$1,512</td><td>22%</td></tr>
<tr><td>Devices</td><td>960</td><td>1,004</td><td>(4)%</td></tr>
<tr><td>Services</td><td>415</td><td>388</td><td>7%</td></tr>
<tr><td><b>Total</b></td><td><b>$3,215</b></td><td><b>$2,904</b></td><td><b>11%</b></td></tr></tbody></table>""", [
    ("Cloud revenue was $1.84 billion in 2024, up 22%.", "ok"),
    ("Devices revenue was $960 million in 2024.", "ok"),
    ("Services revenue was $388 million in 2024.", "bad"),
    ("Cloud revenue was $1.51 billion in 2024.", "bad"),
], md="""SAN JOSE, Calif., Feb. 6, 2025 – Nexa Systems, Inc. (NASDAQ: NXS) today reported results for fiscal 2024.

"We delivered record revenue," said CEO Maria Lopez.

Revenue by segment (in millions)
| Segment | 2024 | 2023 | % change |
|---|---|---|---|
| Cloud | $1,840 | $1,512 | 22% |
| Devices | 960 | 1,004 | (4)% |
| Services | 415 | 388 | 7% |
| **Total** | **$3,215** | **$2,904** | **11%** |
""")

# 10 Wikipedia city table with hidden sort keys and footnotes in cells
case("wiki_cities", """<table class="wikitable sortable">
<tr><th>Rank</th><th>City</th><th>Population (2020)</th><th>Area (km<sup>2</sup>)</th></tr>
<tr><td>1</td><td><a href="/wiki/New_York_City">New York City</a></td><td><span data-sort-value="7008804336000000000" style="display:none"></span>8,804,190</td><td>778.3</td></tr>
<tr><td>2</td><td><a href="/wiki/Los_Angeles">Los Angeles</a></td><td>3,898,747<sup class="reference"><a href="#cite_note-5">[a]</a></sup></td><td>1,210.9</td></tr>
<tr><td>3</td><td><a href="/wiki/Chicago">Chicago</a></td><td>2,746,388</td><td>589.7</td></tr>
</table>""", [
    ("Los Angeles had a population of 3,898,747 in 2020.", "ok"),
    ("Chicago had about 2.75 million people in 2020.", "ok"),
    ("Chicago had a population of 3,898,747 in 2020.", "bad"),
    ("New York City had a population of 8,804,190 in 2020.", "ok"),
])

# 11 election results
case("election", """<h2>Results</h2><table class="wikitable">
<tr><th>Candidate</th><th>Party</th><th>Votes</th><th>%</th></tr>
<tr><td>Anna Smith</td><td>Green</td><td>48,210</td><td>48.2</td></tr>
<tr><td>Tom Jones</td><td>Liberal</td><td>41,905</td><td>41.9</td></tr>
<tr><td>Raj Patel</td><td>Independent</td><td>9,885</td><td>9.9</td></tr>
<tr><td colspan="2"><b>Turnout</b></td><td>100,000</td><td>61.3</td></tr></table>""", [
    ("Anna Smith won with 48.2% of the vote.", "ok"),
    ("Tom Jones received 41,905 votes.", "ok"),
    ("Tom Jones received 48,210 votes.", "bad"),
    ("Raj Patel won 19.9% of the vote.", "bad"),
])

# 12 pricing page with lists
case("pricing_list", """<section id="pricing"><h2>Plans &amp; pricing</h2>
<ul><li><b>Starter</b> &ndash; &euro;9/month, 3 users</li>
<li><b>Pro</b> &ndash; &euro;29/month, up to 25&nbsp;users</li>
<li><b>Enterprise</b> &ndash; contact sales</li></ul>
<p>All plans include a 14-day free trial.<br>Prices exclude VAT.</p></section>""", [
    ("The Pro plan costs €29 per month and supports up to 25 users.", "ok"),
    ("Every plan comes with a 14-day free trial.", "ok"),
    ("The Pro plan costs €39 per month.", "bad"),
    ("All plans include a 30-day free trial.", "bad"),
])

# 13 nutrition table per 100 g
case("nutrition", """<table><caption>Nutrition facts</caption>
<tr><th>Per 100&nbsp;g</th><th>Oats</th><th>Rice</th></tr>
<tr><td>Energy (kcal)</td><td>389</td><td>130</td></tr>
<tr><td>Protein (g)</td><td>16.9</td><td>2.7</td></tr>
<tr><td>Fibre (g)</td><td>10.6</td><td>0.4</td></tr></table>""", [
    ("Oats provide 16.9 g of protein per 100 g.", "ok"),
    ("Rice has 130 kcal per 100 g.", "ok"),
    ("Oats provide 2.7 g of protein per 100 g.", "bad"),
])

# 14 stock quotes with &minus; negatives and % column
case("stocks", """<table><tr><th>Ticker</th><th>Price ($)</th><th>Change (%)</th><th>Volume</th></tr>
<tr><td>AAPL</td><td>189.84</td><td>&minus;1.2</td><td>52,340,100</td></tr>
<tr><td>MSFT</td><td>415.50</td><td>+0.8</td><td>20,118,400</td></tr>
<tr><td>NVDA</td><td>875.28</td><td>+3.4</td><td>41,002,900</td></tr></table>""", [
    ("MSFT closed at $415.50.", "ok"),
    ("NVDA closed at $875.28, with 41,002,900 shares traded.", "ok"),
    ("AAPL closed at $415.50.", "bad"),
], md="""| Ticker | Price ($) | Change (%) | Volume |
|---|---|---|---|
| AAPL | 189.84 | −1.2 | 52,340,100 |
| MSFT | 415.50 | +0.8 | 20,118,400 |
| NVDA | 875.28 | +3.4 | 41,002,900 |
""")

# 15 KPI table with quarters as columns (metrics by date)
KPI = """<p>Key metrics (unaudited)</p>
<table><tr><th>Metric</th><th>Q1 2024</th><th>Q2 2024</th><th>Q3 2024</th></tr>
<tr><td>Revenue ($M)</td><td>120.4</td><td>131.9</td><td>140.2</td></tr>
<tr><td>Gross margin (%)</td><td>61.5</td><td>62.3</td><td>63.0</td></tr>
<tr><td>Customers</td><td>8,120</td><td>8,640</td><td>9,210</td></tr></table>"""
KPI_MD = """Key metrics (unaudited)

| Metric | Q1 2024 | Q2 2024 | Q3 2024 |
|---|---|---|---|
| Revenue ($M) | 120.4 | 131.9 | 140.2 |
| Gross margin (%) | 61.5 | 62.3 | 63.0 |
| Customers | 8,120 | 8,640 | 9,210 |
"""
case("kpi_by_quarter", KPI, [
    ("Revenue was $140.2 million in Q3 2024.", "ok"),
    ("Gross margin was 62.3% in Q2 2024.", "ok"),
    ("Revenue was $131.9 million in Q3 2024.", "bad"),
    ("The company had 8,640 customers in Q3 2024.", "bad"),
], md=KPI_MD)

# 16 rowspan: year cell spanning quarter rows (common on Wikipedia)
case("rowspan_years", """<table><tr><th>Year</th><th>Quarter</th><th>Revenue ($M)</th><th>Net income ($M)</th></tr>
<tr><td rowspan="2">2024</td><td>Q1 2024</td><td>50.1</td><td>4.2</td></tr>
<tr><td>Q2 2024</td><td>55.3</td><td>5.0</td></tr>
<tr><td rowspan="2">2023</td><td>Q1 2023</td><td>44.0</td><td>3.1</td></tr>
<tr><td>Q2 2023</td><td>47.9</td><td>3.8</td></tr></table>""", [
    ("Revenue was $55.3 million in Q2 2024.", "ok"),
    ("Net income was $5.0 million in Q2 2024.", "ok"),
    ("Net income was $3.8 million in Q2 2023.", "ok"),
    ("Revenue was $50.1 million in Q2 2024.", "bad"),
    ("Net income was $4.2 million in Q2 2024.", "bad"),
], md="""| Year | Quarter | Revenue ($M) | Net income ($M) |
|---|---|---|---|
| 2024 | Q1 2024 | 50.1 | 4.2 |
| | Q2 2024 | 55.3 | 5.0 |
| 2023 | Q1 2023 | 44.0 | 3.1 |
| | Q2 2023 | 47.9 | 3.8 |
""")

# 17 header with <br> and units, and a currency entity in the header
case("header_br_euro", """<table><tr><th>Region</th><th>Revenue<br>(&euro;m)</th><th>Operating<br>margin (%)</th></tr>
<tr><td>Germany</td><td>412.5</td><td>14.1</td></tr>
<tr><td>France</td><td>287.0</td><td>11.6</td></tr>
<tr><td>Italy</td><td>143.8</td><td>9.2</td></tr></table>""", [
    ("Revenue in Germany was €412.5 million.", "ok"),
    ("France had an operating margin of 11.6%.", "ok"),
    ("Revenue in France was €412.5 million.", "bad"),
    ("Italy had an operating margin of 14.1%.", "bad"),
])

# 18 layout table wrapping a data table (old-style pages, e-mails)
case("nested_layout", """<table width="100%"><tr><td valign="top">
<p>Quarterly report of Delta Foods.</p>
<table border="1"><tr><th>Quarter</th><th>Revenue</th><th>Stores</th></tr>
<tr><td>Q1 2024</td><td>$12.4 million</td><td>118</td></tr>
<tr><td>Q2 2024</td><td>$13.9 million</td><td>124</td></tr></table>
</td><td valign="top"><p>Contact: ir@deltafoods.example</p></td></tr></table>""", [
    ("Revenue was $13.9 million in Q2 2024.", "ok"),
    ("Delta had 124 stores in Q2 2024.", "ok"),
    ("Revenue was $12.4 million in Q2 2024.", "bad"),
    ("Delta had 118 stores in Q2 2024.", "bad"),
])

# 19 section sub-header rows (all <th>) right under the column names
case("section_rows", """<p>(in millions)</p><table>
<tr><th>Item</th><th>2024</th><th>2023</th></tr>
<tr><th colspan="3">Operating expenses</th></tr>
<tr><td>Research and development</td><td>$512</td><td>$470</td></tr>
<tr><td>Sales and marketing</td><td>$390</td><td>$402</td></tr>
<tr><th colspan="3">Other</th></tr>
<tr><td>Interest expense</td><td>$22</td><td>$31</td></tr></table>""", [
    ("Research and development expense was $512 million in 2024.", "ok"),
    ("Sales and marketing expense was $402 million in 2023.", "ok"),
    ("Research and development expense was $470 million in 2024.", "bad"),
    ("Interest expense was $31 million in 2024.", "bad"),
])

# 20 dashes for empty cells, percent values, rounding
case("dash_cells", """<table><tr><th>Fund</th><th>1-year return</th><th>5-year return</th><th>Expense ratio</th></tr>
<tr><td>Global Equity</td><td>12.4%</td><td>9.8%</td><td>0.45%</td></tr>
<tr><td>Bond Income</td><td>3.1%</td><td>&mdash;</td><td>0.30%</td></tr>
<tr><td>Emerging Markets</td><td>&minus;2.7%</td><td>4.1%</td><td>0.85%</td></tr></table>""", [
    ("The Global Equity fund returned about 12% over one year.", "ok"),
    ("The Bond Income fund has an expense ratio of 0.30%.", "ok"),
    ("The Global Equity fund has an expense ratio of 0.85%.", "bad"),
])

# 21 Multiple sources: one HTML table page, one plain prose
case("multi_source", ["""<table><tr><th>Store</th><th>Sales</th></tr><tr><td>Store 12</td><td>$1.4 million</td></tr><tr><td>Store 15</td><td>$2.2 million</td></tr></table>""",
                      "Store 15 opened in 2019 in Austin. It is the chain's largest outlet."], [
    ("Store 15, the largest outlet, had sales of $2.2 million.", "ok"),
    ("Store 12 had sales of $2.2 million.", "bad"),
])

# 22 LangChain-style dict source holding HTML
case("dict_page_content", [{"page_content": """<table><tr><th>Quarter</th><th>Revenue</th></tr><tr><td>Q1 2024</td><td>$5.2 million</td></tr><tr><td>Q2 2024</td><td>$7.1 million</td></tr></table><p>Acme&#8217;s CEO said demand was strong.</p>""",
                            "metadata": {"source": "https://acme.example/ir"}}], [
    ("Revenue was $7.1 million in Q2 2024.", "ok"),
    ("Revenue was $5.2 million in Q2 2024.", "bad"),
    ("Acme's CEO said demand was strong.", "ok"),
])

# 23 Inline XBRL (EDGAR 10-K/10-Q since 2019)
case("ixbrl", """<p>(in millions, except per share data)</p><table>
<tr><th></th><th>2024</th><th>2023</th></tr>
<tr><td>Revenues</td><td>$<ix:nonFraction name="us-gaap:Revenues" contextRef="FY2024" unitRef="usd" decimals="-6" scale="6" format="ixt:num-dot-decimal">7,140</ix:nonFraction></td><td>$<ix:nonFraction name="us-gaap:Revenues" contextRef="FY2023" unitRef="usd" decimals="-6" scale="6">6,850</ix:nonFraction></td></tr>
<tr><td>Net income</td><td><ix:nonFraction name="us-gaap:NetIncomeLoss" contextRef="FY2024" unitRef="usd" decimals="-6" scale="6">932</ix:nonFraction></td><td><ix:nonFraction name="us-gaap:NetIncomeLoss" contextRef="FY2023" unitRef="usd" decimals="-6" scale="6">841</ix:nonFraction></td></tr>
</table>""", [
    ("Revenues were $7,140 million in 2024.", "ok"),
    ("Net income was $932 million in 2024.", "ok"),
    ("Net income was $841 million in 2024.", "bad"),
])

# 24 MS Word exported HTML (o:p, mso styles, conditional comments)
case("word_export", """<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><!--[if gte mso 9]><xml><o:DocumentProperties><o:Author>J</o:Author></o:DocumentProperties></xml><![endif]--></head><body>
<p class=MsoNormal><b>Board minutes, 14 March 2024<o:p></o:p></b></p>
<p class=MsoNormal>The board approved a capital budget of $18.5 million for 2024.<o:p></o:p></p>
<p class=MsoNormal>Headcount will grow to 340 employees by year end.<o:p>&nbsp;</o:p></p></body></html>""", [
    ("The board approved an $18.5 million capital budget for 2024.", "ok"),
    ("Headcount will rise to 340 employees by the end of the year.", "ok"),
    ("The board approved a capital budget of $28.5 million.", "bad"),
])

# 25 currency sign in its own inline element, footnote inside a figure
case("span_currency", """<div class="price-box"><p>Our flagship costs <span class="currency">$</span>1,299 and ships in 5&nbsp;% of orders within 24&nbsp;hours.</p>
<p>Operating profit was $4.2<sup>1</sup> million in 2023.</p>
<p class="fn"><sup>1</sup> Adjusted.</p></div>""", [
    ("The flagship costs $1,299.", "ok"),
    ("About 5% of orders ship within 24 hours.", "ok"),
    ("Operating profit was $4.2 million in 2023.", "ok"),
    ("The flagship costs $1,499.", "bad"),
])

# 26 non-HTML text with '<' (math, e-mail, comparison)
case("lt_not_html", """Let a<b and c>d hold for all inputs. Then the solver returns 42 solutions in under 3 seconds.
Questions: Jane Roe <jane.roe@acme.example>. Revenue <$5 million qualifies for the small-business rate of 15%.""", [
    ("The solver returns 42 solutions in under 3 seconds.", "ok"),
    ("Companies with revenue under $5 million qualify for a 15% rate.", "ok"),
    ("The solver returns 24 solutions.", "bad"),
])

# 27 malformed HTML: unclosed tags, tags split across lines, attribute with >
case("malformed", """<div class="story"><p>The city council approved
a <b>$12
million</b> budget for parks on Tuesday.<p>The vote was 7
to 2.<a href="/x?a>b" title='a > b'>Details</a>
<table><tr><th>Park<th>Allocation
<tr><td>Riverside<td>$4.5 million
<tr><td>Hilltop<td>$2.1 million
</table><p>Work begins in June""", [
    ("The council approved a $12 million parks budget.", "ok"),
    ("Riverside park gets $4.5 million.", "ok"),
    ("Hilltop park gets $4.5 million.", "bad"),
    ("The vote was 7 to 2.", "ok"),
])

# 28 tag attribute split over lines inside prose (newline inside tag)
case("tag_newlines", """<p>Shares of Orbit Labs rose 14% after the company <a
 href="https://example.com/news"
 class="link">raised its forecast</a> to $88 million in annual revenue.</p>""", [
    ("Orbit Labs shares rose 14% after it raised its revenue forecast to $88 million.", "ok"),
    ("Orbit Labs shares rose 41%.", "bad"),
])

# 29 table with th scope=row first column and total row; tfoot
case("tfoot_total", """<table><caption>Headcount by region</caption>
<thead><tr><th scope="col">Region</th><th scope="col">Employees</th><th scope="col">Share</th></tr></thead>
<tfoot><tr><th scope="row">Total</th><td>5,400</td><td>100%</td></tr></tfoot>
<tbody><tr><th scope="row">Americas</th><td>2,700</td><td>50%</td></tr>
<tr><th scope="row">EMEA</th><td>1,620</td><td>30%</td></tr>
<tr><th scope="row">APAC</th><td>1,080</td><td>20%</td></tr></tbody></table>""", [
    ("EMEA has 1,620 employees, 30% of the total.", "ok"),
    ("The company has 5,400 employees in total.", "ok"),
    ("APAC has 1,620 employees.", "bad"),
])

# 30 literal HTML-looking strings in text about HTML (a tutorial)
case("html_tutorial", """In HTML, wrap emphasized text in <em> or <b>. A page can use at most one <main> element; browsers support 6 heading levels, <h1> to <h6>.""", [
    ("HTML has 6 heading levels, from h1 to h6.", "ok"),
    ("HTML has 8 heading levels.", "bad"),
])

# 31 rounding 2.85 billion vs 2,850 million in an HTML table with $ in own cell, caption in <caption>
case("caption_billions", """<table><caption>Selected data (in millions of U.S. dollars)</caption>
<tr><th>Year</th><th colspan="2">Revenue</th><th colspan="2">Free cash flow</th></tr>
<tr><td>2022</td><td>$</td><td>2,410</td><td>$</td><td>310</td></tr>
<tr><td>2023</td><td>$</td><td>2,850</td><td>$</td><td>402</td></tr></table>""", [
    ("Revenue reached $2.85 billion in 2023.", "ok"),
    ("Free cash flow was $402 million in 2023.", "ok"),
    ("Revenue reached $2.41 billion in 2023.", "bad"),
    ("Free cash flow was $310 million in 2023.", "bad"),
], md="""Selected data (in millions of U.S. dollars)

| Year | Revenue | Free cash flow |
|---|---|---|
| 2022 | $2,410 | $310 |
| 2023 | $2,850 | $402 |
""")

# 32 answer with an invented fact not in an HTML article
case("invented_fact", """<p>The Orion probe launched on 12 May 2023 from Kourou aboard an Ariane&nbsp;6 rocket.</p><p>It will reach Jupiter in 2031 after two Earth flybys.</p>""", [
    ("Orion launched from Kourou on an Ariane 6 in May 2023 and will reach Jupiter in 2031.", "ok"),
    ("Orion launched from Cape Canaveral on a Falcon Heavy.", "bad"),
    ("Orion will reach Jupiter in 2031 after a Venus flyby and will cost €1.2 billion.", "bad"),
])
