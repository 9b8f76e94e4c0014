"""A false-alarm and miss hunt on financial-statement sources as companies publish them
(cases.py: earnings-release and 10-Q/10-K tables in Markdown as converters write them, in EDGAR
HTML, and as pdfminer text), answers labelled "ok" (right) or "bad" (wrong: another period's
column, another row, a loss called income, a quarter's figure as nine months', percent for
percentage points), each run through the whole default pipeline (spacy_ground.load()).
A right answer flagged (or a claim of it mismatch / unsupported) is a FALSE_ALARM, a wrong one
passed a MISS; offsets and markup debris in evidence and reasons are audited (PROBLEM lines).
The runner is metrics/experiments/html_review/run.py's, with this judge.

    python metrics/experiments/fin_review/run.py cases [ID ...]   # from the repository root

Prints each answer and the tally; writes CASES.results.json beside this file.
"""
import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "html_review"))
import run as html_review  # noqa: E402  (puts the checkout, or REPO, on the path)


def judge(res, expect):
    """As the review's brief counts them: an ok answer flagged, or with a claim mismatched, is
    a false alarm; an ok answer passed with an unsupported claim is counted apart."""
    if expect == "ok":
        if res["action"] != "pass" or any(c[1] == "mismatch" for c in res["claims"]):
            return "FALSE_ALARM"
        return "ok_unsupported" if any(c[1] == "unsupported" for c in res["claims"]) else "good"
    return "MISS" if res["action"] == "pass" else "good"


def as_given(c):
    return [(c.get("kind", "html"), c["src"] if isinstance(c["src"], list) else [c["src"]])]


if __name__ == "__main__":
    SET = sys.argv[1] if len(sys.argv) > 1 else "cases"
    sys.path.insert(0, HERE)
    out = html_review.review(importlib.import_module(SET).CASES, SET, HERE, sys.argv[2:], judge, as_given)
    total, ctrl = {}, {}
    for r in out:
        total[r.get("judge")] = total.get(r.get("judge"), 0) + 1
        key = ("control" if r["case"].endswith("__ctrl") else "main", r.get("judge"))
        ctrl[key] = ctrl.get(key, 0) + 1
    print("all:", total)
    print("main / control:", dict(sorted(ctrl.items())))
