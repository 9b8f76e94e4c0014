"""Time on hostile input: each family of pathological answers and sources at 10 KB, 100 KB and
1 MB, checked by the rules-only pipeline (claims and numeric grounding), each case in a fresh
process after a warm-up, with a time limit.

    python -m spacy_ground.training.hostile runs/hostile_input.json [--sizes 10000,100000,1000000]

Seconds per 10 KB that stay flat from 10 KB to 1 MB mean linear time; a family whose figure
grows with the size is super-linear there.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

RECORD = json.dumps({"name": "Finch & Fork", "hours": {"Monday": "9:00-17:00"}, "amenities": ["pool", "wifi"]})
SHORT_ANSWER = "It cost $5 million in 2023 and opens at 9 am on Monday."
SHORT_SOURCE = "It cost $5 million in 2023. The store opens at 9 am on Monday."


def _repeat(unit: str, size: int, head: str = "", tail: str = "") -> str:
    return head + unit * max(1, (size - len(head) - len(tail)) // len(unit)) + tail


def _claims_both(size: int) -> Tuple[str, List[str]]:
    half = size // 2
    return (
        _repeat("Item 7 cost $341 in 2011 and weighed 12 kg. ", half),
        [_repeat("Item 9 cost $527 in 2019 and weighed 33 kg. ", half)],
    )


def _lines(size: int, line: Callable[[int], str]) -> str:
    """``line(0) + line(1) + ...`` until ``size`` characters are reached."""
    out, i, length = [], 0, 0
    while length < size:
        out.append(line(i))
        length += len(out[-1])
        i += 1
    return "".join(out)


def _distinct_claims(size: int, seed: int) -> str:
    return _lines(
        size, lambda i: f"Item {i} cost ${seed + 7 * i} in {1900 + 13 * i % 120} and weighed {31 * i % 997 + 1} kg. "
    )


def _distinct_claims_both(size: int) -> Tuple[str, List[str]]:
    return _distinct_claims(size // 2, 3), [_distinct_claims(size // 2, 11)]


def _table(size: int) -> str:
    rows = _lines(size, lambda i: f"| Item {i} | ${i}.00 |\n")
    return "Prices:\n\n| Item | Price |\n|---|---|\n" + rows + "\nThat is all.\n"


# (family, what it stresses, case(size) -> (answer, sources))
FAMILIES: List[Tuple[str, str, Callable[[int], Tuple[str, List[str]]]]] = [
    ("spaces after a label", "answer", lambda n: (_repeat(" ", n, "Amenities:\n", "wifi"), [RECORD])),
    ("digit groups", "answer", lambda n: (_repeat("123 ", n), [SHORT_SOURCE])),
    ("digit groups", "source", lambda n: (SHORT_ANSWER, [_repeat("123 ", n, "Codes: ")])),
    ("space-grouped digits", "source", lambda n: (SHORT_ANSWER, [_repeat(" 111", n, "1")])),
    (
        "a long row after a label",
        "source",
        lambda n: (SHORT_ANSWER, [_repeat("  1", n, "Revenue\nQ1\na", "  x")]),
    ),
    ("a CSV line of numbers", "answer", lambda n: (_repeat("417, ", n, "", "9."), [SHORT_SOURCE])),
    ("clock times in short sentences", "answer", lambda n: (_repeat("It opens at 9 am. ", n), [RECORD])),
    ("hour ranges against a record", "answer", lambda n: (_repeat("Open 9 am to 5 pm. ", n), [RECORD])),
    ("many claims against many claims", "both", _claims_both),
    ("many distinct claims against many", "both", _distinct_claims_both),
    ("symbol run '$$$'", "answer", lambda n: (_repeat("$", n, "It cost $5. "), [SHORT_SOURCE])),
    ("symbol run '((('", "source", lambda n: (SHORT_ANSWER, [_repeat("(", n, "It cost $5. ")])),
    ("symbol run '&#&#'", "source", lambda n: (SHORT_ANSWER, [_repeat("&#", n, "It cost $5. ")])),
    ("JSON nested too deeply", "source", lambda n: (SHORT_ANSWER, ["[" * (n // 2) + "]" * (n // 2)])),
    ("a long Markdown table", "source", lambda n: ("Item 7 costs $7.00.", [_table(n)])),
    (
        "HTML rowspan=500 rows",
        "source",
        lambda n: (SHORT_ANSWER, [_repeat("<tr><td rowspan=500>x</td><td>1</td></tr>", n, "<table>", "</table>")]),
    ),
    ("capitalised words", "answer", lambda n: (_repeat("Lorem Ipsum Dolor Sit. ", n), [SHORT_SOURCE])),
]

_CHILD = r"""
import json, resource, sys, time
import spacy_ground
from spacy_ground.training.hostile import FAMILIES
index, size = int(sys.argv[1]), int(sys.argv[2])
nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
nlp.max_length = max(nlp.max_length, 2 * size)
spacy_ground.check(nlp, *FAMILIES[index][2](1000))  # warm-up: tables, lazy imports
answer, sources = FAMILIES[index][2](size)
t0 = time.perf_counter()
doc = spacy_ground.check(nlp, answer, sources, errors="not_checkable")
seconds = time.perf_counter() - t0
counts = doc._.numeric_grounding or {}
print(json.dumps({"chars": len(answer) + sum(map(len, sources)), "seconds": seconds,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "claims": counts.get("n_claims"), "out_of_time": bool(counts.get("out_of_time")),
                  "error": doc._.ground_error or counts.get("message") if not counts.get("n_claims") else None}))
"""


def run_case(index: int, size: int, limit: float) -> Dict[str, object]:
    """One family at one size in a fresh process; a case past ``limit`` seconds is stopped."""
    try:
        out = subprocess.run(
            [sys.executable, "-c", _CHILD, str(index), str(size)],
            capture_output=True,
            text=True,
            timeout=limit,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return {"chars": None, "seconds": None, "timed_out": True}
    return {**json.loads(out.stdout.strip().splitlines()[-1]), "timed_out": False}


def table(metrics: Dict[str, object]) -> str:
    """The Markdown table of a run: seconds per 10 KB at each size, and the 1 MB case's time."""
    sizes = metrics["meta"]["sizes"]
    head = " | ".join(f"s per 10 KB at {s // 1000:,} KB" for s in sizes)
    lines = [
        f"| family | in | {head} | seconds at the largest | peak RSS MB |",
        "|---|---|" + "---|" * (len(sizes) + 2),
    ]
    for row in metrics["families"]:
        cells = []
        for case in row["cases"]:
            cells.append("over the limit" if case["timed_out"] else f"{case['seconds'] / (case['chars'] / 10_000):.3f}")
        last = row["cases"][-1]
        note = " (time budget spent)" if last.get("out_of_time") else ""
        seconds = "over the limit" if last["timed_out"] else f"{last['seconds']:.1f}{note}"
        rss = "" if last["timed_out"] else f"{last['peak_rss_mb']:.0f}"
        lines.append(f"| {row['family']} | {row['in']} | {' | '.join(cells)} | {seconds} | {rss} |")
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spacy_ground.training.hostile", description=__doc__.split("\n")[0])
    parser.add_argument("output")
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--limit", type=float, default=300.0, help="seconds a case may take")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    for i, (family, where, _) in enumerate(FAMILIES):
        cases = []
        for size in sizes:
            case = run_case(i, size, args.limit)
            cases.append(case)
            shown = "over the limit" if case["timed_out"] else f"{case['seconds']:.2f} s"
            print(f"{family} ({where}), {size:,}: {shown}", file=sys.stderr, flush=True)
        rows.append({"family": family, "in": where, "cases": cases})
    meta = {
        "date": date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "command": "python -m spacy_ground.training.hostile " + " ".join(argv if argv is not None else sys.argv[1:]),
        "sizes": sizes,
        "limit_s": args.limit,
    }
    metrics = {"meta": meta, "families": rows}
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    Path(args.output).write_text(json.dumps(metrics, indent=2), encoding="utf8")
    print(table(metrics))
    return 0


if __name__ == "__main__":
    sys.exit(main())
