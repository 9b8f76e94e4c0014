"""Time of the rules-only pipeline on a 500-row Markdown table, against the same rows as prose
lines (each on new sources, after a warm-up), and on the same sources again:

    python metrics/experiments/table_timing.py
"""
import time, spacy_ground
rules = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
rows = "\n".join(f"| Store {i} | ${i * 1.5:.1f} million | {i % 40}% |" for i in range(1, 501))
table = "Sales by store.\n\n| Store | Sales | Margin |\n|---|---|---|\n" + rows
spacy_ground.check(rules, "Warm-up: $5 million in 2019.", sources=["It cost $5 million in 2019."])
for n, ans in enumerate(["Store 12 sold $18.0 million at a 12% margin.",
                         "Store 12 sold $19.0 million at a 13% margin, and Store 400 sold $600.0 million."]):
    t = time.perf_counter(); doc = spacy_ground.check(rules, ans, sources=[table]); a = time.perf_counter() - t
    t = time.perf_counter(); doc = spacy_ground.check(rules, ans, sources=[table]); b = time.perf_counter() - t
    first = "first table ever (with a one-off warm-up)" if n == 0 else "sources already read"
    print(f"{a:.3f} s ({first}), {b:.3f} s again", [(c.text, c._.ground_numeric["status"], c._.ground_numeric["reason"][:60]) for c in doc.spans["ground_claims"]])
for k in (2, 3):
    t2 = table.replace("Sales by store.", f"Sales by store, take {k}.")
    t = time.perf_counter(); doc = spacy_ground.check(rules, "Store 12 sold $18.0 million at a 12% margin.", sources=[t2]); print(f"new 500-row table: {time.perf_counter() - t:.3f} s")
    prose = "\n".join(f"Store {i} sold ${i * 1.5:.1f} million at a {i % 40}% margin." for i in range(1, 501)) + f" Take {k}."
    t = time.perf_counter(); doc = spacy_ground.check(rules, "Store 12 sold $18.0 million at a 12% margin.", sources=[prose]); print(f"the same as 500 prose lines: {time.perf_counter() - t:.3f} s")
