"""Second round: narrowed repros and adversarial inputs."""
CASES = []


def case(cid, src, answers, md=None):
    CASES.append(dict(id=cid, src=src, answers=answers, md=md))


# rowspan in the header: column names shift
case("rowspan_header", """<table><caption>Revenue by segment (in $ millions)</caption>
<thead><tr><th rowspan="2">Segment</th><th colspan="2">Revenue</th></tr>
<tr><th>2024</th><th>2023</th></tr></thead>
<tbody><tr><td>Cloud</td><td>1,840</td><td>1,512</td></tr>
<tr><td>Devices</td><td>960</td><td>1,004</td></tr></tbody></table>""", [
    ("Cloud revenue was $1,840 million in 2024.", "ok"),
    ("Cloud revenue was $1,512 million in 2023.", "ok"),
    ("Devices revenue was $1,004 million in 2023.", "ok"),
    ("Cloud revenue was $1,512 million in 2024.", "bad"),
], md="""Revenue by segment (in $ millions)

| Segment | Revenue 2024 | Revenue 2023 |
|---|---|---|
| Cloud | 1,840 | 1,512 |
| Devices | 960 | 1,004 |
""")

# rowspan in the body, minimal
case("rowspan_body", """<table><tr><th>Year</th><th>Quarter</th><th>Revenue ($M)</th></tr>
<tr><td rowspan="2">2024</td><td>Q1 2024</td><td>50.1</td></tr>
<tr><td>Q2 2024</td><td>55.3</td></tr></table>""", [
    ("Revenue was $55.3 million in Q2 2024.", "ok"),
    ("Revenue was $50.1 million in Q2 2024.", "bad"),
])

# SEC: first header row is <td colspan> ("Year Ended"), second is <th>: no column names at all
case("sec_td_first_header", """<p>(in millions)</p><table>
<tr><td></td><td colspan="2">Year Ended December 31,</td></tr>
<tr><th></th><th>2024</th><th>2023</th></tr>
<tr><td>Net revenues</td><td>7,140</td><td>6,850</td></tr>
<tr><td>Operating income</td><td>1,215</td><td>1,090</td></tr></table>""", [
    ("Operating income was $1,215 million in 2024.", "ok"),
    ("Operating income was $1,090 million in 2024.", "bad"),
], md="""(in millions)

| | 2024 | 2023 |
|---|---|---|
| Net revenues | 7,140 | 6,850 |
| Operating income | 1,215 | 1,090 |
""")

# header row of <td><b> (no th, no thead), minimal
case("td_b_header", """<p>(in millions)</p><table>
<tr><td><b>Item</b></td><td><b>2024</b></td><td><b>2023</b></td></tr>
<tr><td>Net revenues</td><td>7,140</td><td>6,850</td></tr>
<tr><td>Operating income</td><td>1,215</td><td>1,090</td></tr></table>""", [
    ("Operating income was $1,215 million in 2024.", "ok"),
    ("Operating income was $1,090 million in 2024.", "bad"),
])

# data table inside a layout table
case("nested_min", """<table><tr><td>
<table><tr><th>Quarter</th><th>Revenue</th></tr>
<tr><td>Q1 2024</td><td>$12.4 million</td></tr>
<tr><td>Q2 2024</td><td>$13.9 million</td></tr></table>
</td></tr></table>""", [
    ("Revenue was $13.9 million in Q2 2024.", "ok"),
    ("Revenue was $12.4 million in Q2 2024.", "bad"),
], md="""| Quarter | Revenue |
|---|---|
| Q1 2024 | $12.4 million |
| Q2 2024 | $13.9 million |
""")

# accented names written as entities: row names broken in the masked text
case("entity_names", """<table><tr><th>Bank</th><th>Revenue</th></tr>
<tr><td>Soci&eacute;t&eacute; G&eacute;n&eacute;rale</td><td>&euro;25.1 billion</td></tr>
<tr><td>Cr&eacute;dit Agricole</td><td>&euro;36.5 billion</td></tr></table>""", [
    ("Société Générale's revenue was €25.1 billion.", "ok"),
    ("Société Générale's revenue was €36.5 billion.", "bad"),
], md="""| Bank | Revenue |
|---|---|
| Société Générale | €25.1 billion |
| Crédit Agricole | €36.5 billion |
""")
case("entity_names_utf8", """<table><tr><th>Bank</th><th>Revenue</th></tr>
<tr><td>Société Générale</td><td>€25.1 billion</td></tr>
<tr><td>Crédit Agricole</td><td>€36.5 billion</td></tr></table>""", [
    ("Société Générale's revenue was €36.5 billion.", "bad"),
])
case("amp_name_row", """<table><tr><th>Company</th><th>Revenue</th></tr>
<tr><td>AT&amp;T</td><td>$122.3 billion</td></tr>
<tr><td>Procter &amp; Gamble</td><td>$84.0 billion</td></tr></table>""", [
    ("AT&T's revenue was $122.3 billion.", "ok"),
    ("AT&T's revenue was $84.0 billion.", "bad"),
    ("Procter & Gamble's revenue was $122.3 billion.", "bad"),
])

# prose with entities inside words
case("entity_words_prose", """<p>Coach Jos&eacute; Mart&iacute;nez signed a three-year deal worth &euro;4.5&nbsp;million a year with Caf&eacute; Ol&eacute; FC.</p>""", [
    ("José Martínez signed a three-year deal worth €4.5 million a year.", "ok"),
    ("José Martínez signed a five-year deal worth €4.5 million a year.", "bad"),
])

# percent with a no-break space (French / European style) and thin-space thousands
case("nbsp_percent", """<p>Le ch&ocirc;mage est tomb&eacute; &agrave; 7,3&nbsp;% au troisi&egrave;me trimestre.</p><p>Unemployment fell to 4.1&nbsp;% in March, and the plant employs 10&thinsp;000 people.</p>""", [
    ("Unemployment fell to 4.1% in March.", "ok"),
    ("Unemployment fell to 6.1% in March.", "bad"),
    ("The plant employs 10,000 people.", "ok"),
    ("The plant employs 12,000 people.", "bad"),
], md="""Le chômage est tombé à 7,3 % au troisième trimestre.

Unemployment fell to 4.1 % in March, and the plant employs 10 000 people.""")

# currency sign in its own span
case("span_currency_min", """<p>The base model costs <span class="sym">$</span>1,299 and the Pro costs <span class="sym">$</span>1,799.</p>""", [
    ("The base model costs $1,299.", "ok"),
    ("The base model costs $1,499.", "bad"),
], md="""The base model costs $1,299 and the Pro costs $1,799.""")

# footnote mark inside an amount
case("sup_footnote_min", """<p>Adjusted operating profit was $4.2<sup>1</sup> million in 2023.</p><p><small><sup>1</sup> Non-GAAP.</small></p>""", [
    ("Adjusted operating profit was $4.2 million in 2023.", "ok"),
    ("Adjusted operating profit was $5.2 million in 2023.", "bad"),
])

# hard-wrapped HTML paragraph (pretty-printed / EDGAR 80-column)
case("wrapped_paragraph", """<p>During fiscal 2024 the Company repurchased 4.2 million shares of its common
stock for $318 million under the program authorized by the Board of Directors in
March 2023, leaving $682 million available for future repurchases.</p>""", [
    ("The company repurchased 4.2 million shares for $318 million in fiscal 2024, leaving $682 million available.", "ok"),
    ("The company repurchased 4.2 million shares for $682 million in fiscal 2024.", "bad"),
], md="""During fiscal 2024 the Company repurchased 4.2 million shares of its common stock for $318 million under the program authorized by the Board of Directors in March 2023, leaving $682 million available for future repurchases.""")

# entities in text without any tag (RSS description, JSON API field)
case("entities_no_tags", """Profit at AT&amp;T rose 10&#37; to $4.6&nbsp;billion, the company&#8217;s best quarter since 2019.""", [
    ("Profit at AT&T rose 10% to $4.6 billion.", "ok"),
    ("Profit at AT&T rose 12% to $4.6 billion.", "bad"),
])

# maths with < and > that happens to look like a <b ...> tag
case("math_b_tag", """For all inputs with a<b and c>d, the bound holds with probability 0.95. The proof needs 3 lemmas.""", [
    ("The bound holds with probability 0.95 when a<b and c>d.", "ok"),
    ("The proof needs 5 lemmas.", "bad"),
])

# a cell with two values separated by <br>
case("cell_br_values", """<table><tr><th>Quarter</th><th>Revenue</th></tr>
<tr><td>Q1 2024</td><td>$5.2 million<br>(+12%)</td></tr>
<tr><td>Q2 2024</td><td>$7.1 million<br>(+18%)</td></tr></table>""", [
    ("Revenue was $7.1 million in Q2 2024.", "ok"),
    ("Revenue was $5.2 million in Q2 2024.", "bad"),
])

# lone $ cells with colspan'd header (merged currency cell), minimal, and the year column getting the caption unit
case("dollar_cells", """<table><caption>(in millions)</caption>
<tr><th>Year</th><th colspan="2">Revenue</th></tr>
<tr><td>2022</td><td>$</td><td>2,410</td></tr>
<tr><td>2023</td><td>$</td><td>2,850</td></tr></table>""", [
    ("Revenue reached $2.85 billion in 2023.", "ok"),
    ("Revenue reached $2,850 million in 2023.", "ok"),
    ("Revenue reached $2.41 billion in 2023.", "bad"),
])

# nutrition header with "Per 100 g" -- HTML vs Markdown
case("per_100g", """<table><tr><th>Per 100&nbsp;g</th><th>Oats</th><th>Rice</th></tr>
<tr><td>Protein (g)</td><td>16.9</td><td>2.7</td></tr></table>""", [
    ("Oats provide 16.9 g of protein per 100 g.", "ok"),
], md="""| Per 100 g | Oats | Rice |
|---|---|---|
| Protein (g) | 16.9 | 2.7 |
""")

# iXBRL minimal
case("ixbrl_min", """<p>Revenue was $<ix:nonFraction name="us-gaap:Revenues" contextRef="c1" unitRef="usd" decimals="-6" scale="6">7,140</ix:nonFraction> million in 2024.</p>""", [
    ("Revenue was $7,140 million in 2024.", "ok"),
    ("Revenue was $7,410 million in 2024.", "bad"),
])

# apostrophe in an unquoted attribute
case("unquoted_apostrophe", """<p>Author: <a title=O'Brien href=/x>Pat O'Brien</a>. Revenue was $5.2 million in 2024, up from $4.8 million.</p>""", [
    ("Revenue was $5.2 million in 2024.", "ok"),
    ("Revenue was $6.2 million in 2024.", "bad"),
])
