"""ground_entail with the cross-encoder's lean forward (the layers without transformers'
wrappers, the last layer at [CLS] only; ``CrossEncoder.cls_only_last_layer = True``, the
default) against transformers' full forward, timed in one process over the same dev
answers: each answer runs the pipeline up to ground_entail once, then ground_entail in both
settings (order alternating), so drift on a noisy machine hits both alike.

    python metrics/experiments/cls_only_timing.py assets/ragtruth_dev.jsonl --every 3

Prints each setting's median and mean milliseconds of ground_entail per answer, the ratio of
the sums, and how far the sentences' support moved (int8 activations of the last layer are
scaled over the [CLS] row instead of all rows; in float32 the two are equal to rounding).
"""
import argparse
import itertools
import statistics
import time

import spacy_ground as sg
from spacy_ground.bench import read_jsonl
from spacy_ground.entail_model import CrossEncoder


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("--every", type=int, default=3)
    args = ap.parse_args()
    nlp = sg.load()
    names = [name for name, _ in nlp.pipeline]
    at = names.index("ground_entail")
    entail = nlp.pipeline[at][1]
    sg.check(nlp, "Warm-up: it cost $5 million in 2019.", sources=["It cost $5 million in 2019."])
    times = {True: [], False: []}
    moved = []
    for i, rec in enumerate(itertools.islice(read_jsonl(args.data), 0, None, args.every)):
        doc = sg.make_doc(nlp, rec["answer"], rec.get("sources") or [], rec.get("question"))
        for _, proc in nlp.pipeline[:at]:
            doc = proc(doc)
        support = {}
        for lean in ((True, False) if i % 2 else (False, True)):
            CrossEncoder.cls_only_last_layer = lean
            t0 = time.perf_counter()
            done = entail(doc.copy())
            times[lean].append((time.perf_counter() - t0) * 1000)
            support[lean] = [s._.entailment["supported"] for s in done.spans[entail.sentences_key] if s._.entailment]
        moved += [abs(a - b) for a, b in zip(support[True], support[False])]
    CrossEncoder.cls_only_last_layer = True
    for lean, label in ((False, "transformers' forward"), (True, "lean, last layer at [CLS]")):
        t = times[lean]
        print(f"{label}: median {statistics.median(t):.1f} ms, mean {statistics.mean(t):.1f} ms ({len(t)} answers)")
    print(f"ratio of the sums (lean / full): {sum(times[True]) / sum(times[False]):.3f}")
    moved.sort()
    print(f"support moved: mean {statistics.mean(moved):.4f}, 99th percentile {moved[int(0.99 * (len(moved) - 1))]:.4f}, "
          f"max {moved[-1]:.4f} over {len(moved)} sentences")


if __name__ == "__main__":
    main()
