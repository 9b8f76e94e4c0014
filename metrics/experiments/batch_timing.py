"""ground_entail with 4 pairs a forward pass against 1, timed in one process: every other
dev answer, the two settings alternated twice after a warm-up pass (sources cached).

    python metrics/experiments/batch_timing.py assets/ragtruth_dev.jsonl

Prints the median and mean milliseconds per answer of each pass and the sum of the scores
(which differs between the settings: int8 activations are scaled per forward pass).
"""
import itertools
import statistics
import sys
import time

import spacy_ground as sg
from spacy_ground.bench import read_jsonl


def main(path: str) -> None:
    nlp = sg.load()
    entail = nlp.get_pipe("ground_entail")
    rows = list(itertools.islice(read_jsonl(path), 0, None, 2))
    print(len(rows), "answers")

    def run(batch_size: int):
        entail.batch_size = batch_size
        ms, scores = [], []
        for r in rows:
            t = time.perf_counter()
            doc = nlp(sg.make_doc(nlp, r["answer"], r["sources"], r.get("question")))
            ms.append((time.perf_counter() - t) * 1000)
            scores.append(doc._.grounding.score or 0.0)
        return ms, scores

    run(4)  # warm-up: sources indexed and cached
    for batch_size in (4, 1, 4, 1):
        ms, scores = run(batch_size)
        print(f"{batch_size} pairs a pass: median {statistics.median(ms):.1f} ms, mean {statistics.mean(ms):.1f} ms, "
              f"score sum {sum(scores):.4f}")


if __name__ == "__main__":
    main(sys.argv[1])
