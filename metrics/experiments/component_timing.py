"""Milliseconds per pipeline component for every N-th answer of a file, in file order (so
answers whose sources an earlier answer brought are "cached"):

    python metrics/experiments/component_timing.py assets/ragtruth_dev.jsonl --every 2

Prints the median over answers of the whole pipeline (all, sources cached, sources new) and,
per component, the median over all answers, over cached and over new ones.
"""
import argparse
import itertools
import statistics
import time
from collections import defaultdict

import spacy_ground as sg
from spacy_ground.bench import read_jsonl


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("--every", type=int, default=2)
    args = ap.parse_args()
    nlp = sg.load()
    indexer = nlp.get_pipe("ground_claims").index_sources
    sg.check(nlp, "Warm-up: it cost $5 million in 2019.", sources=["It cost $5 million in 2019."])
    per = defaultdict(list)
    total, cached = [], []
    for rec in itertools.islice(read_jsonl(args.data), 0, None, args.every):
        cached.append(indexer.has(rec.get("sources") or []))
        t0 = time.perf_counter()
        doc = sg.make_doc(nlp, rec["answer"], rec.get("sources") or [], rec.get("question"))
        per["make_doc"].append(time.perf_counter() - t0)
        for name, proc in nlp.pipeline:
            t = time.perf_counter()
            doc = proc(doc)
            per[name].append(time.perf_counter() - t)
        total.append(time.perf_counter() - t0)

    def medians(values):
        ms = [v * 1000 for v in values]
        warm = [v for v, c in zip(ms, cached) if c]
        cold = [v for v, c in zip(ms, cached) if not c]
        return (statistics.median(ms), statistics.median(warm) if warm else float("nan"),
                statistics.median(cold) if cold else float("nan"))

    print(f"{len(total)} answers ({sum(cached)} with sources seen before)")
    print("whole pipeline: median %.1f ms; sources cached %.1f; sources new %.1f" % medians(total))
    for name, values in per.items():
        print(f"  {name}: " + "median %.2f ms; cached %.2f; new %.2f" % medians(values))


if __name__ == "__main__":
    main()
