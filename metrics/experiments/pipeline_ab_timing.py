"""The whole default pipeline on the first 120 RAGTruth dev answers (their sources indexed
first), median milliseconds an answer; run it for two checkouts in turn, twice, to compare code
on a shared machine:
    python metrics/experiments/pipeline_ab_timing.py assets/ragtruth_dev.jsonl NAME
    (cd CHECKOUT && PYTHONPATH=. python /path/to/pipeline_ab_timing.py /path/to/ragtruth_dev.jsonl NAME)
"""
import json
import statistics
import sys
import time

import spacy_ground

records = [json.loads(line) for line in open(sys.argv[1], encoding="utf8")][:120]
nlp = spacy_ground.load()
spacy_ground.check(nlp, "Warm-up: $5 million in 2019.", ["It cost $5 million in 2019."])
for r in records[:20]:
    spacy_ground.check(nlp, r["answer"], r["sources"], r.get("question"))
times = []
for r in records:
    start = time.perf_counter()
    spacy_ground.check(nlp, r["answer"], r["sources"], r.get("question"))
    times.append(time.perf_counter() - start)
print(f"{sys.argv[2]}: median {statistics.median(times) * 1000:.1f} ms an answer, {sum(times):.1f} s in all")
