"""Seconds to read large HTML sources (mask_html, html_compact, html_table_rows), on inputs a
fuzzing review found quadratic in 5848962:

    python metrics/experiments/html_timing.py [CHECKOUT]
"""
import sys
import time

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
from spacy_ground.sources import html_compact, html_table_rows, mask_html  # noqa: E402

PAGE = "<p>Revenue&nbsp;was <b>$7.1</b>&nbsp;million.</p>\n"
INPUTS = {
    "a news page, 200 KB": PAGE * (200_000 // len(PAGE)),
    "<b>&amp;</b> repeated, 100 KB": "<b>&amp;</b>" * (100_000 // 12),
    "footnote marks, 100 KB": "x1<sup>1</sup> " * (100_000 // 15),
    "small tables, 1 MB": ("<p>(in $ millions)</p><table><tr><th>Year</th><th>Revenue</th></tr>"
                           "<tr><td>2024</td><td>7.1</td></tr></table>\n") * (1_000_000 // 118),
}
for name, text in INPUTS.items():
    t = time.perf_counter()
    mask_html(text)
    html_compact(text)
    html_table_rows(text)
    print(f"{name}: {time.perf_counter() - t:.2f} s")
