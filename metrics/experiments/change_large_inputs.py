"""Large inputs through the change check: a table of 1,000 or 2,000 rows, 2,000 sentences of prose
comparing two figures, an answer of 800 change sentences, a source sentence with 3,000 "or"s; seconds
for one check each (default pipeline without the models). Run it in two checkouts to compare:

    python metrics/experiments/change_large_inputs.py
    (cd CHECKOUT && PYTHONPATH=. python /path/to/change_large_inputs.py)
"""
import sys, time, random
import spacy_ground
nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
def run(N, P, F):
    random.seed(0)
    rows = "\n".join(f"| Segment{i} revenue | ${100+i}.0 | ${90+i}.0 | {random.randint(1,30)}% |" for i in range(N))
    src = ("| | 2024 | 2023 | % Change |\n|---|---|---|---|\n" + rows + "\n" if N else "")
    src += "\n\n" + " ".join(f"Line{i} sales were ${200+i}.0 million, compared with ${150+i}.0 million a year earlier." for i in range(P))
    ans = " ".join(f"Segment{i} revenue grew {i%30+1}%." for i in range(F))
    spacy_ground.check(nlp, "Revenue grew 3%.", sources=[src])
    t = time.perf_counter(); spacy_ground.check(nlp, ans, sources=[src]); return time.perf_counter() - t
for N, P, F in [(1000, 0, 200), (2000, 0, 50), (0, 2000, 50)]:
    print(N, P, F, f"{run(N, P, F):.2f} s")
long = " ".join(f"Revenue grew {i % 30 + 1}% in 2024." for i in range(800))
t = time.perf_counter(); spacy_ground.check(nlp, long, sources=["Revenue was $210.0 million, compared with $180.0 million a year ago."]); print("800 sentences", f"{time.perf_counter() - t:.2f} s")
aside = "Revenue was $210.0 million, or $0.50 per share, " + "or a big or a small thing " * 3000 + "compared with $180.0 million."
t = time.perf_counter(); spacy_ground.check(nlp, "Revenue grew 17%.", sources=[aside]); print("aside x3000", f"{time.perf_counter() - t:.2f} s")
