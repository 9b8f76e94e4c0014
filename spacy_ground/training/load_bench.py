"""Speed under load: answers/s of the whole default pipeline on an idle machine and while
another process keeps one core busy, for each torch thread setting and each number of
``ground_align`` workers asked for.

    python -m spacy_ground.training.load_bench corpus/ragtruth_dev.spacy runs/speed_under_load.json \
        [--answers 100] [--torch-threads 1 2] [--align-workers 0 2]

Each measurement is one pass over ``--answers`` answers spread evenly over the file from an empty source cache
(as ``evaluate``'s timing passes), after one warm-up pass; answers/s is 1000 / the median
answer's milliseconds. The busy core is a separate Python process spinning until the pass ends.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from datetime import datetime, timezone
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy

import spacy_ground
from spacy_ground.training.corpus import read_answers
from spacy_ground.training.evaluate import timing_rounds

SPIN = "import time\nend = time.time() + 3600\nwhile time.time() < end:\n    pass\n"


def measure(
    records: Sequence[Dict[str, Any]], torch_threads: int, busy: bool, align_workers: Optional[int] = None
) -> Dict[str, Any]:
    """One warm-up pass and one timed pass of the default pipeline (torch on ``torch_threads``
    in the calling thread; ``ground_align`` on ``align_workers`` workers, None: as configured),
    with one core kept busy by another process when ``busy``."""
    overrides: Dict[str, Any] = {
        "components.ground_align.torch_threads": torch_threads,
        "components.ground_entail.torch_threads": torch_threads,
    }
    if align_workers is not None:
        overrides["components.ground_align.workers"] = align_workers
    nlp = spacy_ground.load(overrides=overrides)
    timing_rounds(nlp, records[:5], 1)  # models loaded, first calls made
    spinner = subprocess.Popen([sys.executable, "-c", SPIN]) if busy else None
    try:
        ms = [passes[0][0] for passes in timing_rounds(nlp, records, 1)]
    finally:
        if spinner is not None:
            spinner.kill()
            spinner.wait()
    median = float(numpy.median(ms))
    return {
        "torch_threads": torch_threads,
        "entail_workers": nlp.get_pipe("ground_entail").workers,
        "align_workers": nlp.get_pipe("ground_align").workers,
        "busy_core": busy,
        "answers": len(ms),
        "median_ms": round(median, 1),
        "answers_per_s": round(1000.0 / median, 2),
        "total_s": round(sum(ms) / 1000.0, 1),
    }


def load_pairs(cases: Sequence[Dict[str, Any]]) -> List[Tuple[Dict[str, Any], Dict[str, Any]]]:
    """The (idle, one core busy) cases of each setting (torch threads, ground_align workers),
    in the order measured; files written before align workers were recorded read as one setting."""
    by_case = {(c["torch_threads"], c.get("align_workers"), c["busy_core"]): c for c in cases}
    settings = dict.fromkeys((threads, workers) for threads, workers, _ in by_case)
    return [(by_case[(t, w, False)], by_case[(t, w, True)]) for t, w in settings]


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", help="answers in the shared data format (JSONL, or a corpus .spacy file)")
    parser.add_argument("output", help="JSON file to write")
    parser.add_argument("--answers", type=int, default=100, help="answers per pass, spread evenly over DATA")
    parser.add_argument(
        "--torch-threads",
        type=int,
        nargs="+",
        default=[1, 2],
        help="torch thread settings to measure (1 is the default)",
    )
    parser.add_argument(
        "--align-workers",
        type=int,
        nargs="+",
        default=[None],
        help="ground_align workers to measure (default: as configured, 2)",
    )
    args = parser.parse_args(argv)
    records = [r for r in read_answers(args.data) if r.get("answer")]
    step = max(1, len(records) // max(1, args.answers))
    records = records[::step][: args.answers]  # spread over the file: every task and length
    cases: List[Dict[str, Any]] = []
    for threads in args.torch_threads:
        for workers in args.align_workers:
            for busy in (False, True):
                case = measure(records, threads, busy, workers)
                print(json.dumps(case), file=sys.stderr)
                cases.append(case)
    out = {
        "meta": {
            "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "machine": f"{platform.machine()}, {os.cpu_count()} cores",
            "processes": 1,
            "command": "python -m spacy_ground.training.load_bench "
            + " ".join(sys.argv[1:] if argv is None else list(argv)),
        },
        "cases": cases,
    }
    with open(args.output, "w", encoding="utf8") as f:
        json.dump(out, f, indent=1)
    for idle, busy in load_pairs(cases):
        print(
            f"torch_threads={idle['torch_threads']} align_workers={idle['align_workers']}: idle "
            f"{idle['answers_per_s']} answers/s, one core busy {busy['answers_per_s']} answers/s "
            f"(ratio {busy['answers_per_s'] / idle['answers_per_s']:.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
