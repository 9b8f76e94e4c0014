"""Probes for the stated-prose-change check (05a3bae, fee95fe) and fiscal periods (be54dd2).

Each probe: (name, source, answer, expected), expected 'right' (a correct, faithful answer: no
claim should be 'mismatch') or 'wrong' (an unfaithful answer: some claim should be 'mismatch').
"""

P = []


def add(name, source, *pairs):
    """pairs: (suffix, answer, expected)"""
    for suffix, answer, expected in pairs:
        P.append((f"{name}/{suffix}", source, answer, expected))


R, W = "right", "wrong"

# ---------------------------------------------------------------- A. basics (the feature's own examples)
add("basic", "Operating income rose 14% to $310 million, and revenue rose 9%.",
    ("oi_wrong", "Operating income rose 9%.", W),
    ("oi_right", "Operating income rose 14%.", R),
    ("both_right", "Revenue rose 9%, while operating income rose 14%.", R),
    ("swapped", "Revenue rose 14% and operating income rose 9%.", W))
add("increase_in", "The company reported a 12% increase in revenue and a 20% jump in net income.",
    ("rev_right", "Revenue increased 12%.", R),
    ("ni_wrong", "Net income rose 12%.", W),
    ("ni_right", "Net income jumped 20%.", R))
add("ans_increase_in", "Revenue rose 12%, and net income jumped 20%.",
    ("right", "The company posted a 20% increase in net income.", R),
    ("wrong", "The company posted a 12% increase in net income.", W))
add("seq", "Revenue rose 9% year over year and 3% sequentially, while gross margin expanded 1.2 percentage points.",
    ("seq_right", "Revenue grew 3% from the prior quarter.", R),
    ("yoy_right", "Revenue rose 9% from a year earlier and 3% from the previous quarter.", R),
    ("yoy_wrong", "Revenue rose 3% year over year.", W))
add("fell", "Net income fell 3% to $1.2 billion, while revenue rose 4%.",
    ("right", "Net income fell 3%.", R),
    ("direction_wrong", "Net income rose 3%.", W),
    ("neg_right", "Net income growth was -3%.", R),
    ("rev_wrong", "Revenue rose 3%.", W))
add("neg_src", "Net income growth was -3% in the quarter, and revenue grew 4%.",
    ("right", "Net income fell 3%.", R),
    ("wrong", "Net income rose 4%.", W))

# ---------------------------------------------------------------- B. several companies
add("two_co_same", "Apple's revenue rose 5% in the quarter, while Samsung's revenue fell 3%.",
    ("samsung_right", "Samsung's revenue fell 3%.", R),
    ("apple_wrong", "Apple's revenue fell 3%.", W))
add("two_co_paraphrase", "Apple's revenue rose 5% in the quarter, while Samsung's sales fell 3%.",
    ("samsung_rev_right", "Samsung's revenue fell 3%.", R),
    ("samsung_sales_wrong", "Samsung's sales rose 5%.", W),
    ("apple_sales_right", "Apple's sales rose 5%.", R))
add("two_co_elided", "Apple's revenue rose 5% while Samsung's fell 3%.",
    ("right", "Samsung's revenue fell 3%.", R),
    ("both_right", "Apple's revenue rose 5%, and Samsung's fell 3%.", R))
add("cloud3", "Microsoft's cloud revenue grew 29%, Alphabet's cloud revenue grew 35% and Amazon Web Services' sales rose 19%.",
    ("aws_right", "Amazon Web Services' revenue rose 19%.", R),
    ("google_right", "Google Cloud revenue grew 35%.", R),
    ("alphabet_right", "Alphabet's cloud revenue grew 35%, faster than Microsoft's 29%.", R),
    ("msft_wrong", "Microsoft's cloud revenue grew 35%.", W))
add("autos", "Ford's U.S. sales rose 4% in the quarter, while General Motors said its sales fell 2%.",
    ("gm_right", "GM's U.S. sales fell 2%.", R),
    ("ford_right", "Ford's sales rose 4%.", R))
add("chips", "Shares of Nvidia rose 3% on Monday, while AMD fell 2% and Intel slipped 1%.",
    ("amd_right", "AMD shares fell 2%.", R),
    ("nvda_right", "Nvidia's shares rose 3%.", R),
    ("nvda_wrong", "Nvidia shares fell 2%.", W))
add("bev", "Coca-Cola said its revenue rose 3%. PepsiCo's revenue rose 1%, and its volume fell 2%.",
    ("pep_right", "PepsiCo's revenue rose 1%.", R),
    ("pep_vol_right", "PepsiCo's volume declined 2%.", R),
    ("ko_right", "Coca-Cola's revenue rose 3%.", R))
add("amazon_its", "Amazon's revenue rose 11%, and its advertising sales jumped 19%.",
    ("ad_right", "Amazon's advertising revenue jumped 19%.", R),
    ("adsales_right", "Advertising sales rose 19%.", R),
    ("wrong", "Amazon's revenue jumped 19%.", W))

# ---------------------------------------------------------------- C. nested and paraphrased names
add("net_sales", "Net sales rose 8% to $10.2 billion. Sales in China fell 2%.",
    ("sales_right", "Sales rose 8% to $10.2 billion.", R),
    ("net_sales_right", "Net sales rose 8%.", R),
    ("china_right", "Sales in China fell 2%.", R),
    ("wrong", "Net sales rose 2%.", W))
add("total_rev", "Total revenue rose 9% to $4.1 billion. Revenue from services rose 20%.",
    ("rev_right", "Revenue rose 9%.", R),
    ("total_right", "Total revenue rose 9%.", R),
    ("services_right", "Services revenue rose 20%.", R),
    ("wrong", "Total revenue rose 20%.", W))
add("apple_seg", "Apple's net sales rose 6% to $94.9 billion. iPhone sales rose 5.5%, while services revenue rose 12%. "
    "Sales in Greater China fell 0.3%.",
    ("sales_right", "Apple's sales rose 6%.", R),
    ("iphone_right", "Apple's iPhone sales rose 5.5%.", R),
    ("services_right", "Services revenue rose 12%.", R),
    ("services_wrong", "Services revenue rose 6%.", W),
    ("revenue_right", "Apple's revenue rose 6% to $94.9 billion.", R))
add("regions", "Total revenue rose 9% to $4.1 billion. Revenue in Europe rose 15%, while revenue in Asia fell 2%.",
    ("total_right", "Total revenue rose 9%.", R),
    ("rev_right", "Revenue rose 9% to $4.1 billion.", R),
    ("europe_right", "European revenue rose 15%.", R),
    ("europe2_right", "Revenue rose 15% in Europe.", R),
    ("asia_wrong", "Revenue in Asia rose 2%.", W))
add("profit_unit", "Net profit rose 20% to $2.1 billion. Profit at the trading unit fell 5%.",
    ("profit_right", "Profit rose 20%.", R),
    ("net_right", "Net profit climbed 20%.", R),
    ("wrong", "Net profit fell 5%.", W))
add("ni_oi", "Net income rose 20% to $2.1 billion, and operating income rose 14%.",
    ("profit_right", "Profit rose 20%.", R),
    ("netprofit_right", "Net profit rose 20%.", R),
    ("oi_wrong", "Operating income rose 20%.", W))
add("stock", "The company's shares fell 8% on Thursday after it cut its forecast, and the S&P 500 rose 0.5%.",
    ("stock_right", "The stock fell 8%.", R),
    ("shares_right", "The company's shares fell 8%.", R),
    ("wrong", "The company's shares fell 0.5%.", W))
add("increase_in_of", "Net sales rose 9% to $3 billion, helped by a 15% increase in sales of cloud services.",
    ("sales_right", "Sales rose 9%.", R),
    ("net_right", "Net sales rose 9%, helped by a 15% increase in cloud sales.", R),
    ("wrong", "Net sales rose 15%.", W))
add("opex", "Operating expenses rose 5% to $900 million, while operating income rose 14%.",
    ("opex_right", "Operating expenses increased 5%.", R),
    ("opcost_right", "Operating costs rose 5%.", R),
    ("oi_wrong", "Operating income rose 5%.", W),
    ("oi_right", "Operating income rose 14%.", R))

# ---------------------------------------------------------------- D. pronouns and other subjects
add("pron_it", "Revenue fell 3% in the quarter. It had risen 5% a year earlier.",
    ("right", "Revenue fell 3% in the quarter after rising 5% a year earlier.", R),
    ("wrong", "Revenue rose 3% in the quarter.", W))
add("pron_stock", "Acme shares fell 5% on Tuesday. The stock has risen 30% this year.",
    ("right", "Acme shares have risen 30% this year.", R),
    ("right2", "The shares are up 30% this year.", R),
    ("wrong", "Acme shares fell 30% on Tuesday.", W))
add("pron_they", "Sales rose 4% last quarter. They had declined 2% in the prior quarter.",
    ("right", "Sales declined 2% in the prior quarter.", R),
    ("wrong", "Sales rose 2% last quarter.", W))
add("pron_it_seq", "Revenue rose 9% from a year earlier; it was up 3% from the previous quarter.",
    ("right", "Revenue rose 3% sequentially.", R),
    ("right2", "Revenue grew 9% year over year.", R))
add("tesla", "Shares of Tesla tumbled 12% on Thursday, their worst day since 2020. The stock is down 30% this year.",
    ("right", "Tesla's stock is down 30% this year.", R),
    ("right2", "Tesla's shares are down 30% this year.", R),
    ("right3", "Tesla's shares tumbled 12% on Thursday.", R),
    ("wrong", "Tesla's shares tumbled 30% on Thursday.", W))

# ---------------------------------------------------------------- E. markets
add("indexes", "The S&P 500 rose 1.2% on Friday, the Dow Jones Industrial Average gained 0.8% and the Nasdaq Composite jumped 2.1%.",
    ("nasdaq_right", "The Nasdaq jumped 2.1%.", R),
    ("dow_right", "The Dow rose 0.8%.", R),
    ("dow_wrong", "The Dow rose 1.2%.", W),
    ("sp_right", "The S&P 500 rose 1.2%.", R))
add("commod", "Oil prices fell 2% to $78 a barrel, while gold rose 0.5%.",
    ("gold_right", "Gold rose 0.5%.", R),
    ("oil_right", "Oil fell 2%.", R),
    ("oil_wrong", "Oil prices fell 0.5%.", W))
add("fx", "The dollar fell 0.4% against the yen, and the euro rose 0.2%.",
    ("right", "The dollar weakened 0.4% against the yen.", R),
    ("wrong", "The dollar fell 0.2% against the yen.", W))
add("crypto", "Bitcoin surged 8% to $67,000, its biggest one-day gain since March, while ether climbed 5%.",
    ("right", "Bitcoin rose 8%.", R),
    ("ether_wrong", "Ether rose 8%.", W),
    ("ether_right", "Ether gained 5%.", R))
add("yield", "The 10-year Treasury yield rose 12 basis points to 4.35%.",
    ("right", "The 10-year yield rose 0.12 percentage points to 4.35%.", R),
    ("wrong", "The 10-year yield rose 20 basis points.", W))

# ---------------------------------------------------------------- F. economy and statistics
add("cpi", "The consumer price index rose 0.2% in May from April and 3.3% from a year earlier, the Labor Department said. "
    "Core prices, which exclude food and energy, rose 3.4% over the year.",
    ("cpi_right", "Consumer prices rose 3.3% from a year earlier.", R),
    ("core_right", "Core prices rose 3.4% from a year earlier.", R),
    ("core_wrong", "Core prices rose 3.3% from a year earlier.", W),
    ("monthly_right", "The consumer price index rose 0.2% in May.", R))
add("unemp", "The unemployment rate rose 0.2 percentage point to 4.1% in June.",
    ("right", "Unemployment rose 0.2 percentage points to 4.1%.", R),
    ("wrong", "The unemployment rate rose 0.4 percentage points.", W))
add("gdp", "GDP grew at a 2.8% annual rate in the third quarter, down from 3.0% in the second quarter.",
    ("right", "The economy grew at a 2.8% annualized rate in the third quarter.", R))
add("retail", "Retail sales rose 0.4% in October, while sales at gasoline stations fell 1.2%.",
    ("right", "Retail sales rose 0.4%.", R),
    ("gas_right", "Sales at gas stations fell 1.2%.", R),
    ("wrong", "Retail sales fell 1.2%.", W))
add("housing", "Housing starts fell 3.1% in March, while building permits rose 1.8%.",
    ("right", "Building permits rose 1.8%.", R),
    ("wrong", "Housing starts rose 1.8%.", W))
add("trade", "Exports rose 2.5% in the quarter and imports fell 1.1%, the statistics office said.",
    ("right", "Imports fell 1.1%.", R),
    ("wrong", "Exports fell 1.1%.", W))
add("wages", "Wages rose 4.1% from a year earlier, outpacing inflation of 3.2%.",
    ("right", "Wages rose 4.1%, faster than inflation of 3.2%.", R),
    ("wrong", "Wages rose 3.2%.", W))
add("homes", "Home prices rose 5% from a year earlier, while sales of existing homes fell 4%.",
    ("right", "Existing-home sales fell 4%.", R),
    ("right2", "Home prices rose 5%.", R),
    ("wrong", "Home prices fell 4%.", W))
add("pop", "The population grew 0.5% last year to 335 million, and the number of births fell 2%.",
    ("right", "Births fell 2% last year.", R),
    ("right2", "The population grew 0.5% to 335 million.", R))
add("expenses_carry", "Revenue rose 9%, while expenses rose 12%.",
    ("right", "Revenue rose 9% and expenses rose 12%.", R),
    ("wrong", "Revenue rose 12%.", W))

# ---------------------------------------------------------------- G. sports, polls
add("mlb", "Attendance at Major League Baseball games rose 9% this season, and viewership on regional networks fell 5%.",
    ("right", "MLB attendance rose 9%.", R),
    ("right2", "Viewership fell 5%.", R),
    ("wrong", "Attendance fell 5%.", W))
add("nhl", "Scoring is up 4% this season, while penalties are down 10%.",
    ("right", "Penalties have fallen 10%.", R),
    ("wrong", "Scoring is down 10%.", W))
add("poll", "Biden's approval rating fell 3 points to 38%, while Trump's rose 2 points.",
    ("right", "Biden's approval rating fell 3 points.", R),
    ("wrong", "Trump's approval rating rose 3 points.", W))
add("poll2", "Support for the measure rose 6 percentage points to 54%, while opposition fell 4 points.",
    ("right", "Support rose 6 points to 54%.", R),
    ("wrong", "Opposition fell 6 points.", W))
add("payroll", "The team's payroll rose 15% to $250 million, and revenue grew 8%.",
    ("right", "Payroll rose 15%.", R),
    ("wrong", "Revenue grew 15%.", W))
add("superbowl", "Viewership of the Super Bowl rose 7% to 123.7 million, and ad prices rose 10%.",
    ("right", "Super Bowl viewership rose 7%.", R),
    ("wrong", "Viewership rose 10%.", W))

# ---------------------------------------------------------------- H. earnings releases
add("q3", "Third-quarter revenue was $5.2 billion, up 12% year over year. Operating income increased 18% to $1.1 billion. "
    "Diluted earnings per share rose 21% to $2.45.",
    ("right", "Revenue grew 12% and operating income rose 18%.", R),
    ("eps_right", "Diluted EPS rose 21% to $2.45.", R),
    ("eps2_right", "Earnings per share rose 21%.", R),
    ("wrong", "Operating income rose 21%.", W))
add("ccy", "Net revenue increased 7% to $3.4 billion, or 9% in constant currency. Organic revenue grew 6%.",
    ("cc_right", "Net revenue rose 9% in constant currency.", R),
    ("rep_right", "Net revenue rose 7%.", R),
    ("wrong", "Net revenue rose 9%.", W))
add("ebitda", "Adjusted EBITDA rose 15% to $820 million, while net income declined 4% due to higher interest expense.",
    ("right", "Net income fell 4%.", R),
    ("adj_right", "Adjusted EBITDA increased 15%.", R),
    ("wrong", "Net income fell 15%.", W))
add("margin", "Gross margin expanded 150 basis points to 42.3%, and operating margin improved 80 basis points.",
    ("right", "Gross margin rose 1.5 percentage points to 42.3%.", R),
    ("right_bps", "Operating margin improved by 80 basis points.", R),
    ("wrong", "Operating margin improved 1.5 points.", W))
add("fx_excl", "Revenue rose 9% to $2.4 billion. Excluding the impact of foreign currency, revenue rose 11%.",
    ("fx_right", "Revenue rose 11% excluding currency effects.", R),
    ("rep_right", "Revenue rose 9%.", R),
    ("wrong", "Revenue rose 11%.", W))
add("comp", "Comparable sales rose 3.2%, and total sales increased 4.5% to $25.6 billion.",
    ("right", "Total sales rose 4.5%.", R),
    ("right2", "Sales rose 4.5% to $25.6 billion.", R),
    ("wrong", "Total sales rose 3.2%.", W))
add("samestore", "Same-store sales fell 1.9%, while total revenue rose 2%.",
    ("right", "Revenue rose 2%.", R),
    ("wrong", "Total revenue fell 1.9%.", W))
add("subs", "Subscription revenue rose 25% to $800 million, while total revenue increased 18%.",
    ("right", "Total revenue rose 18%, led by a 25% increase in subscription revenue.", R),
    ("right2", "Revenue rose 18%.", R),
    ("wrong", "Total revenue rose 25%.", W))
add("subs_which", "Revenue rose 18%, driven by subscription revenue, which grew 25%.",
    ("right", "Subscription revenue grew 25%.", R),
    ("wrong", "Revenue grew 25%.", W))
add("fcf", "Free cash flow fell 12% to $1.5 billion, and capital expenditures rose 30%.",
    ("right", "Capital spending rose 30%.", R),
    ("right2", "Free cash flow declined 12%.", R),
    ("wrong", "Free cash flow fell 30%.", W))
add("cos", "Cost of sales rose 6%, and gross profit rose 11%.",
    ("right", "Gross profit rose 11%.", R),
    ("wrong", "Gross profit rose 6%.", W))
add("bookings", "Bookings rose 30% to $1.2 billion, and backlog grew 12% to $8 billion.",
    ("right", "Backlog grew 12% to $8 billion.", R),
    ("wrong", "Backlog grew 30%.", W))
add("netloss", "Net loss narrowed 40% to $30 million, and revenue rose 22%.",
    ("right", "The net loss narrowed by 40%.", R),
    ("right2", "Net loss shrank 40%.", R),
    ("wrong", "Net loss widened 40%.", W),
    ("wrong2", "Net loss narrowed 22%.", W))
add("regions2", "Revenue in the Americas rose 10%, Europe rose 6% and Asia-Pacific fell 3%.",
    ("right", "Revenue in Europe rose 6%.", R),
    ("right2", "Asia-Pacific revenue fell 3%.", R))
add("intl", "Revenue rose 9% in the U.S. and 15% internationally.",
    ("right", "International revenue rose 15%.", R),
    ("right2", "Revenue rose 15% outside the U.S.", R))
add("fy_vs_q", "Revenue rose 9% in the quarter, and for the full year revenue rose 12% to $20 billion.",
    ("right", "Full-year revenue rose 12%.", R),
    ("wrong", "Fourth-quarter revenue rose 12%.", W))
add("computed_prose", "Revenue was $112 million in 2024, compared with $100 million in 2023. Fourth-quarter revenue rose 9%.",
    ("right", "Revenue rose 12% in 2024.", R),
    ("wrong", "Revenue rose 9% in 2024.", W))
add("computed_sep", "Revenue for 2024 was $112 million. Revenue for 2023 was $100 million. Fourth-quarter revenue rose 9%.",
    ("right", "Full-year revenue rose 12%.", R))
add("computed_table", "| (in millions) | 2024 | 2023 |\n|---|---|---|\n| Revenue | $112.0 | $100.0 |\n| Net income | $20.0 | $18.0 |\n\n"
    "Fourth-quarter revenue rose 9%.",
    ("right", "Revenue rose 12% in 2024.", R),
    ("right2", "Full-year revenue rose 12% to $112 million.", R),
    ("ni_right", "Net income rose 11% in 2024.", R))
add("computed_levels_prose", "Net income rose 9% in the fourth quarter. For the year, net income was $21.8 million, up from $20.0 million.",
    ("right", "Full-year net income rose 9%.", R),
    ("right2", "Net income rose 9% in the fourth quarter.", R))
add("rounded", "Revenue rose 9.4% to $5.5 billion, and net income rose 21.7%.",
    ("about_right", "Revenue rose about 9%.", R),
    ("round_right", "Net income rose 22%.", R),
    ("nearly_right", "Net income rose nearly 22%.", R),
    ("wrong", "Revenue rose 21.7%.", W))
add("amount", "Revenue rose $450 million, or 9%, to $5.45 billion, and operating income rose $120 million.",
    ("right", "Revenue increased by $450 million.", R),
    ("wrong", "Operating income rose $450 million.", W))
add("pct_word", "Sales increased 5 percent, while operating profit fell 7 percent.",
    ("right", "Sales rose 5%.", R),
    ("wrong", "Operating profit fell 5%.", W))

# ---------------------------------------------------------------- I. shares of a total
add("madeup", "iPhone sales rose 6% and made up 52% of total revenue.",
    ("right", "iPhone made up 52% of revenue.", R),
    ("right2", "iPhone sales rose 6%.", R),
    ("wrong", "iPhone sales rose 52%.", W))
add("accounted", "Services accounted for 25% of revenue, up from 22% a year earlier. Services revenue rose 14%.",
    ("right", "Services revenue rose 14% and accounted for 25% of revenue.", R),
    ("wrong", "Services revenue rose 25%.", W))
add("dc_share", "Data center revenue rose 40% and made up 78% of total sales.",
    ("right", "Data center revenue was up 40%.", R),
    ("right2", "Data center revenue rose 40%, making up 78% of sales.", R))
add("online", "Online sales rose 12% and now make up 20% of total sales.",
    ("right", "Online sales rose 12%, and now account for 20% of sales.", R),
    ("wrong", "Online sales rose 20%.", W))
add("china_share", "China accounted for 17% of revenue; sales there fell 8%.",
    ("right", "Sales in China fell 8%.", R),
    ("right2", "China made up 17% of revenue.", R))

# ---------------------------------------------------------------- J. comparisons
add("higher_than", "Revenue was 12% higher than a year earlier, and costs were 5% lower.",
    ("right", "Revenue rose 12%.", R),
    ("wrong", "Revenue rose 5%.", W))
add("higher_ans", "Net income rose 12% to $3.4 billion. Revenue rose 5%.",
    ("right", "Net income was 12% higher than a year earlier.", R),
    ("wrong", "Revenue was 12% higher than a year earlier.", W))
add("multiyear", "Revenue rose 12% in 2024 and 8% in 2023.",
    ("right", "Revenue rose 8% in 2023.", R),
    ("right2", "Revenue grew 12% in 2024, after 8% growth in 2023.", R))
add("after_prior", "Revenue rose 12% in 2024, compared with an increase of 8% in 2023.",
    ("right", "Revenue rose 8% in 2023 and 12% in 2024.", R))

# ---------------------------------------------------------------- K. forecasts, up to
add("upto", "Revenue is expected to rise up to 8% next year, and operating income to grow 10%.",
    ("right", "Revenue could rise up to 8% next year.", R),
    ("right2", "Operating income is expected to grow 10%.", R))
add("expect", "Analysts expect revenue to rise 8% and earnings to rise 12%.",
    ("right", "Earnings are expected to rise 12%.", R),
    ("wrong", "Revenue is expected to rise 12%.", W))
add("asmuch", "Shares jumped as much as 12% in early trading before closing up 7%.",
    ("right", "The shares closed up 7%.", R),
    ("right2", "The stock jumped as much as 12%.", R))

# ---------------------------------------------------------------- L. percent vs points, negatives
add("pp_pct", "Operating margin fell 2.1 percentage points to 18.4%, while revenue fell 3.5%.",
    ("right", "Operating margin declined 2.1 points.", R),
    ("wrong", "Revenue declined 2.1%.", W))
add("neg_growth", "Revenue growth was -4% in the quarter, while costs rose 2%.",
    ("right", "Revenue fell 4%.", R),
    ("wrong", "Revenue rose 4%.", W))
add("neg_ans", "Revenue fell 4% to $900 million.",
    ("right", "Revenue growth was -4%.", R),
    ("right2", "Revenue changed by -4%.", R))

# ---------------------------------------------------------------- M. several changes in one sentence
add("three", "Revenue rose 9% to $5 billion, net income jumped 25% to $800 million and earnings per share climbed 28% to $1.60.",
    ("right", "Net income jumped 25% and EPS climbed 28%.", R),
    ("wrong", "Net income jumped 28%.", W))
add("respectively", "Revenue and net income grew 17% and 12%, respectively.",
    ("right", "Net income grew 12%.", R),
    ("right2", "Revenue grew 17%.", R),
    ("wrong", "Net income grew 17%.", W))
add("halves", "Sales rose 5% in the first half and 8% in the second half.",
    ("right", "Sales rose 8% in the second half.", R))
add("yoy_and_falls", "Revenue rose 9% year over year, while operating income fell 3% and net income fell 6%.",
    ("right", "Net income fell 6% and operating income fell 3%.", R),
    ("wrong", "Net income fell 3%.", W))
add("volume_price", "Sales rose 5% to $1.2 billion. Volumes fell 2%, while prices rose 7%.",
    ("right", "Prices rose 7%, offsetting a 2% drop in volumes.", R),
    ("right2", "Volumes fell 2%.", R),
    ("wrong", "Sales rose 7%.", W))

# ---------------------------------------------------------------- N. other bases
add("organic", "Organic sales grew 4%, while reported sales fell 1% due to currency.",
    ("right", "Reported sales fell 1%.", R),
    ("right2", "Sales fell 1%.", R),
    ("organic_right", "Organic sales grew 4%.", R),
    ("wrong", "Sales grew 4%.", W))
add("cc_first", "On a constant-currency basis, revenue rose 7%; reported revenue rose 4%.",
    ("right", "Revenue rose 4%.", R),
    ("wrong", "Revenue rose 7%.", W))
add("lfl", "Like-for-like sales rose 2.5%, and total sales rose 4%.",
    ("right", "Total sales rose 4%.", R))

# ---------------------------------------------------------------- O. fiscal periods
add("msft_q4", "Microsoft reported revenue of $64.7 billion for the fourth quarter of fiscal 2024, which ended June 30, 2024, up 15%.",
    ("right", "Microsoft's revenue for the quarter ended June 30, 2024 was $64.7 billion.", R),
    ("right2", "In Q4 FY24, Microsoft's revenue rose 15% to $64.7 billion.", R),
    ("wrong", "Microsoft's revenue for the fourth quarter of fiscal 2023 was $64.7 billion.", W))
add("msft_fy", "For fiscal year 2024, which ended June 30, 2024, Microsoft's revenue was $245.1 billion.",
    ("right", "In fiscal 2024, Microsoft's revenue was $245.1 billion.", R),
    ("right2", "Microsoft's revenue for the fiscal year ended June 2024 was $245.1 billion.", R),
    ("wrong", "In fiscal 2023, Microsoft's revenue was $245.1 billion.", W))
add("nvda_q4", "NVIDIA reported revenue for the fourth quarter ended January 28, 2024, of $22.1 billion, up 265% from a year ago. "
    "For fiscal 2024, revenue was up 126% to $60.9 billion.",
    ("right", "NVIDIA's fourth-quarter fiscal 2024 revenue was $22.1 billion.", R),
    ("right2", "In Q4 FY24, NVIDIA's revenue was $22.1 billion.", R),
    ("right3", "NVIDIA's revenue for the quarter that ended in January 2024 was $22.1 billion.", R),
    ("right4", "NVIDIA's fiscal 2024 revenue rose 126% to $60.9 billion.", R),
    ("wrong", "NVIDIA's fiscal 2025 revenue rose 126% to $60.9 billion.", W))
add("nvda_cal", "NVIDIA's fiscal 2024 ended January 28, 2024. Revenue for the fourth quarter of fiscal 2024 was $22.1 billion.",
    ("right", "NVIDIA's revenue for Q4 FY2024 was $22.1 billion.", R),
    ("right2", "NVIDIA's revenue for the quarter ended January 2024 was $22.1 billion.", R),
    ("right3", "NVIDIA's revenue in the November 2023 to January 2024 quarter was $22.1 billion.", R),
    ("wrong", "NVIDIA's revenue for the first quarter of fiscal 2025 was $22.1 billion.", W))
add("apple_q4", "Apple reported fiscal 2024 fourth quarter revenue of $94.9 billion, up 6%. The quarter ended September 28, 2024.",
    ("right", "Apple's revenue for the September 2024 quarter was $94.9 billion.", R),
    ("right2", "Apple's fiscal Q4 2024 revenue was $94.9 billion.", R),
    ("wrong", "Apple's revenue for the quarter ended December 2024 was $94.9 billion.", W))
add("apple_fy", "Apple's fiscal year ended September 28, 2024. Revenue for fiscal 2024 was $391 billion.",
    ("right", "Apple's revenue for the fiscal year ended September 2024 was $391 billion.", R),
    ("right2", "Apple's fiscal 2024 revenue was $391 billion.", R),
    ("wrong", "Apple's revenue for fiscal 2023 was $391 billion.", W))
add("target", "Target's fiscal 2023 ended February 3, 2024. Sales for fiscal 2023 were $105.8 billion, down 1.6%. "
    "Fourth quarter sales were $31.9 billion.",
    ("right", "Target's sales for the year ended February 3, 2024 were $105.8 billion.", R),
    ("right2", "Target's fiscal 2023 sales fell 1.6% to $105.8 billion.", R),
    ("right3", "Target's 2023 sales were $105.8 billion.", R),
    ("wrong", "Target's fiscal 2024 sales were $105.8 billion.", W))
add("walmart", "Walmart's fiscal year 2024 ended January 31, 2024. Revenue for the year was $648.1 billion, up 6%.",
    ("right", "Walmart's fiscal 2024 revenue was $648.1 billion.", R),
    ("right2", "For the year ended January 31, 2024, Walmart's revenue was $648.1 billion.", R),
    ("wrong", "Walmart's fiscal 2023 revenue was $648.1 billion.", W))
add("msft_q1", "Microsoft's fiscal year ends June 30. Revenue in the first quarter of fiscal 2025 was $65.6 billion, up 16%.",
    ("right", "Microsoft's revenue in the July-September 2024 quarter was $65.6 billion.", R),
    ("right2", "Microsoft's revenue in the third quarter of 2024 was $65.6 billion.", R),
    ("right3", "Microsoft's revenue for the quarter ended September 30, 2024 was $65.6 billion.", R),
    ("wrong", "Microsoft's revenue for the quarter ended December 31, 2024 was $65.6 billion.", W))
add("msft_table", "| (in millions) | Fiscal Year Ended June 30, 2024 | Fiscal Year Ended June 30, 2023 |\n|---|---|---|\n"
    "| Revenue | $245,122 | $211,915 |\n| Net income | $88,136 | $72,361 |",
    ("right", "Microsoft's fiscal 2024 revenue was $245.1 billion.", R),
    ("right2", "Revenue in fiscal 2023 was $211.9 billion.", R),
    ("right3", "Revenue for the year ended June 30, 2024 was $245.1 billion.", R),
    ("right4", "Net income rose 22% in fiscal 2024.", R),
    ("wrong", "Fiscal 2023 revenue was $245.1 billion.", W))
add("usgov", "The federal government's fiscal year ends Sept. 30. The deficit for fiscal 2024 was $1.8 trillion, up 8% from fiscal 2023.",
    ("right", "The deficit for the year ended September 2024 was $1.8 trillion.", R),
    ("right2", "The 2024 fiscal year deficit was $1.8 trillion.", R),
    ("wrong", "The deficit for fiscal 2025 was $1.8 trillion.", W))
add("india", "India's economy grew 8.2% in FY24 (April 2023 to March 2024), the statistics ministry said.",
    ("right", "India's economy grew 8.2% in the fiscal year ended March 2024.", R),
    ("right2", "India's GDP grew 8.2% in fiscal 2024.", R),
    ("wrong", "India's economy grew 8.2% in fiscal 2022.", W))
add("india_range", "India's fiscal deficit for FY2024-25 was 4.8% of GDP.",
    ("right", "India's fiscal deficit for FY25 was 4.8% of GDP.", R))
add("sony", "Sony's fiscal year 2023 ended March 31, 2024. Sales for FY2023 rose 17% to 13.0 trillion yen.",
    ("right", "Sony's sales for the year ended March 2024 rose 17%.", R),
    ("right2", "In fiscal 2023, Sony's sales rose 17%.", R),
    ("wrong", "In fiscal 2024, Sony's sales rose 17%.", W))
add("two_calendars", "Microsoft's fiscal year ended June 30, 2024. Apple reported revenue of $94.9 billion for its fiscal fourth quarter of 2024.",
    ("right", "Apple's revenue for the fiscal fourth quarter of 2024, which ended in September, was $94.9 billion.", R),
    ("right2", "Apple's revenue in the July-September 2024 quarter was $94.9 billion.", R))
add("fy_part", "For FY24 Q4, revenue was $22.1 billion.",
    ("right", "Q4 FY24 revenue was $22.1 billion.", R),
    ("right2", "Revenue for the fourth quarter of fiscal 2024 was $22.1 billion.", R),
    ("wrong", "Q3 FY24 revenue was $22.1 billion.", W))
add("deere", "Deere's fiscal year ended October 27, 2024. Net income for fiscal 2024 was $7.1 billion, down 30%.",
    ("right", "Deere's net income for the year ended October 2024 fell 30% to $7.1 billion.", R),
    ("right2", "Deere's 2024 net income was $7.1 billion.", R),
    ("wrong", "Deere's net income for the year ended October 2023 was $7.1 billion.", W))
add("homedepot", "Home Depot's fiscal 2023 ended January 28, 2024. Fourth-quarter fiscal 2023 sales were $34.8 billion.",
    ("right", "Home Depot's sales for the quarter ended January 28, 2024 were $34.8 billion.", R),
    ("right2", "Home Depot's fourth-quarter 2023 sales were $34.8 billion.", R),
    ("wrong", "Home Depot's fourth-quarter fiscal 2024 sales were $34.8 billion.", W))
add("oracle", "Oracle's fiscal 2024 fourth quarter revenue was $14.3 billion.",
    ("right", "Oracle's revenue for the quarter ended May 31, 2024 was $14.3 billion.", R),
    ("wrong", "Oracle's revenue for the quarter ended May 31, 2026 was $14.3 billion.", W))
add("h1", "In the first half of fiscal 2025, which ended December 31, 2024, revenue rose 10%.",
    ("right", "Revenue rose 10% in the six months ended December 31, 2024.", R),
    ("right2", "In H1 FY25 revenue rose 10%.", R),
    ("wrong", "In H1 FY24 revenue rose 10%.", W))
add("bhp", "BHP's net profit for the fiscal year ended June 30, 2024 fell 2%.",
    ("right", "BHP's fiscal 2024 net profit fell 2%.", R),
    ("wrong", "BHP's fiscal 2023 net profit fell 2%.", W))
add("costco", "Costco's fiscal 2024 ended September 1, 2024. Net sales rose 5% to $249.6 billion.",
    ("right", "Costco's net sales for fiscal 2024, which ended in early September 2024, rose 5%.", R),
    ("right2", "Costco's net sales for the fiscal year ended August 2024 rose 5%.", R))
add("fy_and_cal", "Microsoft's fiscal year ended June 30, 2024. Revenue for the quarter ended December 31, 2024 was $69.6 billion, "
    "up 12%.",
    ("right", "Microsoft's fiscal second-quarter 2025 revenue was $69.6 billion.", R),
    ("right2", "Revenue in Q2 FY25 rose 12% to $69.6 billion.", R),
    ("wrong", "Revenue in Q2 FY24 rose 12% to $69.6 billion.", W))

# ---------------------------------------------------------------- P. second round: suspected causes, more shapes
add("co_synonyms", "Microsoft's revenue rose 16% in the quarter, while Alphabet's sales rose 15% and Meta's revenue jumped 22%.",
    ("alphabet_right", "Alphabet's revenue rose 15%.", R),
    ("meta_right", "Meta's sales jumped 22%.", R),
    ("wrong", "Microsoft's revenue rose 15%.", W))
add("co_stock_shares", "Nvidia's shares rose 3%, while AMD's stock fell 2%.",
    ("amd_right", "AMD's shares fell 2%.", R),
    ("nvda_right", "Nvidia's stock rose 3%.", R))
add("pron_q4", "Revenue rose 9% for the year. In the fourth quarter, it rose 12%.",
    ("right", "Fourth-quarter revenue rose 12%.", R),
    ("right2", "Revenue rose 12% in the fourth quarter.", R))
add("pron_company", "Acme's revenue rose 9%. The company said profit fell 4%, and its shares dropped 6%.",
    ("right", "Acme's shares dropped 6%.", R),
    ("right2", "Profit fell 4%.", R))
add("lower_than", "Revenue grew 9% in 2024, lower than 12% in 2023.",
    ("right", "Revenue grew 12% in 2023 and 9% in 2024.", R),
    ("right2", "Revenue growth slowed from 12% to 9%.", R))
add("higher_than_exp", "Revenue rose 9%, higher than the 7% analysts expected.",
    ("right", "Revenue rose 9%.", R),
    ("wrong", "Revenue rose 7%.", W))
add("segment_for", "Total revenue rose 9% to $4.1 billion. Revenue for the cloud unit rose 30%.",
    ("right", "Revenue rose 9% to $4.1 billion.", R),
    ("right2", "Cloud revenue rose 30%.", R))
add("sales_of", "Net sales rose 6%. Sales of iPhones fell 1%, while sales of Macs rose 25%.",
    ("right", "Sales rose 6%.", R),
    ("right2", "Mac sales rose 25%.", R),
    ("wrong", "Net sales fell 1%.", W))
add("shares_stock_day", "The stock fell 5% on Monday. Shares of rival Beta rose 2%.",
    ("right", "Acme's shares fell 5% on Monday.", R),
    ("right2", "Beta's stock rose 2%.", R))
add("earnings_profit", "Profit rose 12% to $2 billion. Earnings per share rose 15%. Operating profit fell 3%.",
    ("right", "Net income rose 12%.", R),
    ("right2", "Earnings rose 12%.", R),
    ("right3", "Profit climbed 12%, and EPS rose 15%.", R),
    ("wrong", "Operating profit rose 12%.", W))
add("china_seg", "Revenue rose 9% to $20 billion. In China, revenue fell 5%.",
    ("right", "Revenue rose 9%.", R),
    ("right2", "Revenue in China fell 5%.", R),
    ("wrong", "Revenue fell 5%.", W))
add("local_ccy", "Revenue rose 9%, or 11% in local currencies, and net income rose 4%.",
    ("right", "Revenue rose 11% in local currencies.", R),
    ("right2", "Net income rose 4%.", R))
add("dividend", "Revenue rose 9%, and the company increased its dividend 5%.",
    ("right", "The dividend was raised 5%.", R),
    ("wrong", "Revenue rose 5%.", W))
add("two_sent_same_name", "Sales rose 5% in the first quarter. Sales rose 8% in the second quarter.",
    ("right", "Sales rose 8% in the second quarter.", R))
add("rate_pp", "The unemployment rate fell 0.3 percentage point to 3.9%, and the participation rate rose 0.1 point.",
    ("right", "The unemployment rate dropped 0.3 points.", R),
    ("wrong", "The participation rate rose 0.3 percentage points.", W))
add("prices_core", "Consumer prices rose 3.2% in the year to March, while core inflation fell 0.2 percentage points to 4.0%.",
    ("right", "Prices rose 3.2%.", R),
    ("right2", "Consumer prices climbed 3.2% over the year.", R))
add("eu_stats", "Euro zone GDP grew 0.3% in the quarter. Germany's economy shrank 0.1%, while France's grew 0.4%.",
    ("right", "Germany's GDP shrank 0.1%.", R),
    ("right2", "The French economy grew 0.4%.", R),
    ("wrong", "Germany's economy grew 0.4%.", W))
add("ftse", "London's FTSE 100 fell 0.8%, Germany's DAX dropped 1.1% and France's CAC 40 slipped 0.6%.",
    ("right", "The DAX fell 1.1%.", R),
    ("wrong", "The DAX fell 0.6%.", W))
add("attendance_they", "Attendance rose 9% this season. It had fallen 4% last season.",
    ("right", "Attendance fell 4% last season.", R))
add("poll_pct", "Approval of the president fell 4 percentage points to 39%, and disapproval rose 3 points to 57%.",
    ("right", "The president's approval rating fell 4 points to 39%.", R),
    ("wrong", "Approval fell 3 points.", W))
# fiscal, second round
add("usgov_min", "The fiscal year ends Sept. 30. The deficit for fiscal 2024 was $1.8 trillion, up 8% from fiscal 2023.",
    ("right", "The 2024 fiscal year deficit was $1.8 trillion.", R),
    ("right2", "The deficit in fiscal 2024 was $1.8 trillion.", R))
add("usgov_nobase", "The fiscal year ends Sept. 30. The deficit for fiscal 2024 was $1.8 trillion.",
    ("right", "The 2024 fiscal year deficit was $1.8 trillion.", R))
add("usgov_nocal", "The deficit for fiscal 2024 was $1.8 trillion, up 8% from fiscal 2023.",
    ("right", "The 2024 fiscal year deficit was $1.8 trillion.", R))
add("msft_fy_base", "Microsoft's fiscal year ends June 30. Revenue for fiscal 2024 was $245.1 billion, up 16% from fiscal 2023.",
    ("right", "Microsoft's revenue for the 2024 fiscal year was $245.1 billion.", R),
    ("right2", "Microsoft's 2024 revenue rose 16% to $245.1 billion.", R),
    ("wrong", "Microsoft's revenue for fiscal 2023 was $245.1 billion.", W))
add("apple_table", "| (in millions) | Year Ended September 28, 2024 | Year Ended September 30, 2023 |\n|---|---|---|\n"
    "| Net sales | $391,035 | $383,285 |\n| Net income | $93,736 | $96,995 |",
    ("right", "Apple's fiscal 2024 net sales were $391.0 billion.", R),
    ("right2", "Net income fell 3% in fiscal 2024.", R),
    ("right3", "In fiscal 2023, net sales were $383.3 billion.", R),
    ("wrong", "Apple's fiscal 2023 net sales were $391.0 billion.", W))
add("nvda_table", "| (in millions) | Year Ended Jan 28, 2024 | Year Ended Jan 29, 2023 |\n|---|---|---|\n"
    "| Revenue | $60,922 | $26,974 |",
    ("right", "NVIDIA's fiscal 2024 revenue was $60.9 billion.", R),
    ("right2", "NVIDIA's fiscal 2023 revenue was $27.0 billion.", R),
    ("wrong", "NVIDIA's fiscal 2023 revenue was $60.9 billion.", W))
add("fy_slash", "The company's revenue for FY2023/24 was £4.2 billion.",
    ("right", "Revenue for FY24 was £4.2 billion.", R))
add("fy_apos", "Revenue in fiscal '24 rose 12% to $8 billion.",
    ("right", "Revenue rose 12% in fiscal 2024.", R),
    ("wrong", "Revenue rose 12% in fiscal 2023.", W))
add("target_q", "Target's fiscal 2023 ended February 3, 2024. Sales in the fourth quarter of fiscal 2023 were $31.9 billion.",
    ("right", "Target's sales for the quarter ended February 3, 2024 were $31.9 billion.", R),
    ("right2", "Target's Q4 2023 sales were $31.9 billion.", R),
    ("wrong", "Target's sales in the fourth quarter of fiscal 2024 were $31.9 billion.", W))
add("two_fy_named", "Walmart's fiscal 2024 ended January 31, 2024, and Target's fiscal 2023 ended February 3, 2024. "
    "Walmart's revenue for fiscal 2024 was $648.1 billion.",
    ("right", "Walmart's fiscal 2024 revenue was $648.1 billion.", R))
add("calendar_mention", "Microsoft's fiscal year ends June 30. In calendar 2024, the company's revenue was $262 billion.",
    ("right", "Microsoft's revenue in 2024 was $262 billion.", R),
    ("wrong", "Microsoft's revenue in 2023 was $262 billion.", W))
