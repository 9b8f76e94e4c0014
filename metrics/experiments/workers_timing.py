"""ground_entail / ground_align with threads of their own (``workers``) against torch's own
threads, timed in one process over the same dev answers, each setting in turn per answer
(order rotated), so drift on a noisy machine hits every setting alike.

    python metrics/experiments/workers_timing.py assets/ragtruth_dev.jsonl --every 3
    python metrics/experiments/workers_timing.py assets/ragtruth_dev.jsonl --every 8 --busy

``--busy`` keeps one core busy with another process (a Python loop) while timing;
``--fresh`` clears the source cache before each run (sources indexed and embedded again).
Prints each setting's median and mean milliseconds per answer, the median of the per-answer
ratios against (0, 0), and the sum of the scores (equal: the settings give the same numbers).
"""
import argparse
import itertools
import statistics
import subprocess
import sys
import time

import spacy_ground as sg
from spacy_ground.bench import read_jsonl

SETTINGS = [(0, 0), (2, 0), (2, 2)]  # (ground_entail workers, ground_align workers)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("--every", type=int, default=3)
    ap.add_argument("--busy", action="store_true")
    ap.add_argument("--fresh", action="store_true")
    args = ap.parse_args()
    nlp = sg.load()
    entail, encoder = nlp.get_pipe("ground_entail"), nlp.get_pipe("ground_align").encoder
    indexer = nlp.get_pipe("ground_claims").index_sources
    rows = list(itertools.islice(read_jsonl(args.data), 0, None, args.every))
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if args.busy else None
    times = {s: [] for s in SETTINGS}
    scores = {s: 0.0 for s in SETTINGS}
    try:
        for n, r in enumerate(rows):
            sg.check(nlp, r["answer"], r["sources"], r.get("question"))  # sources cached (unless --fresh)
            order = SETTINGS[n % len(SETTINGS):] + SETTINGS[:n % len(SETTINGS)]
            for s in order:
                entail.workers, encoder.workers = s
                if args.fresh:
                    indexer.clear()
                t = time.perf_counter()
                doc = sg.check(nlp, r["answer"], r["sources"], r.get("question"))
                times[s].append((time.perf_counter() - t) * 1000)
                scores[s] += doc._.grounding.score or 0.0
    finally:
        if busy is not None:
            busy.kill()
    print(f"{len(rows)} answers, {'one core busy' if args.busy else 'idle'}, sources {'fresh' if args.fresh else 'cached'}")
    base = times[SETTINGS[0]]
    for s in SETTINGS:
        ratio = statistics.median(b / a for a, b in zip(base, times[s]))
        print(f"entail workers {s[0]}, align workers {s[1]}: median {statistics.median(times[s]):.1f} ms, "
              f"mean {statistics.mean(times[s]):.1f} ms, median ratio to (0, 0) {ratio:.3f}, score sum {scores[s]:.6f}")


if __name__ == "__main__":
    main()
