"""The whole default pipeline with the cross-encoder reading at most 256 tokens a pair
against 128, timed in one process: every other dev answer, both pipelines on each answer
in turn (alternating which goes first), after a warm-up pass that caches the sources.

    python metrics/experiments/max_length_timing.py assets/ragtruth_dev.jsonl [LENGTHS...]

Prints, per setting, the median and mean milliseconds per answer (cached sources, as most
answers in the benchmark are) and the answers per second of the median answer.
"""
import itertools
import statistics
import sys
import time

import spacy_ground as sg
from spacy_ground.bench import read_jsonl


def main(path: str, lengths=(256, 128)) -> None:
    nlps = {n: sg.load(overrides={"components.ground_entail.model.max_length": n}) for n in lengths}
    rows = list(itertools.islice(read_jsonl(path), 0, None, 2))
    print(len(rows), "answers")
    ms = {n: [] for n in lengths}
    for i, r in enumerate(rows):
        order = list(lengths) if i % 2 == 0 else list(reversed(lengths))
        for n in order:  # warm-up: index the sources
            sg.check(nlps[n], r["answer"], sources=r["sources"], question=r.get("question"))
        for n in order:
            t = time.perf_counter()
            sg.check(nlps[n], r["answer"], sources=r["sources"], question=r.get("question"))
            ms[n].append((time.perf_counter() - t) * 1000)
    for n in lengths:
        med = statistics.median(ms[n])
        print(f"max_length {n}: median {med:.1f} ms ({1000 / med:.1f} answers/s), mean {statistics.mean(ms[n]):.1f} ms")


if __name__ == "__main__":
    main(sys.argv[1], tuple(int(x) for x in sys.argv[2:]) or (256, 128))
