"""Run the probes through the cheap pipeline (sentencizer + ground_claims + ground_numeric).

    python metrics/experiments/prose_change_hunt/run_probes.py [> after.log]
    PYTHONPATH=/tmp/hunt_before python metrics/experiments/prose_change_hunt/run_probes.py [> before.log]

Prints each probe's claims and statuses; a right answer with a 'mismatch' is a FALSE ALARM, a
wrong answer with none is a MISS. Last lines: a TSV of (name, flag) for diffing before/after.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spacy_ground  # noqa: E402
from probes import P  # noqa: E402

print(f"# spacy_ground from {'/tmp/hunt_before' if spacy_ground.__file__.startswith('/tmp/hunt_before') else 'working tree'}")
nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
fa, miss, ok = [], [], 0
flags = []
for name, source, answer, expected in P:
    doc = spacy_ground.check(nlp, answer, sources=[source])
    rows = []
    for c in doc.spans["ground_claims"]:
        r = c._.ground_numeric or {}
        rows.append((c.text, c._.claim.get("kind"), c._.claim.get("iso"), r.get("status"), r.get("reason")))
    mism = any(s == "mismatch" for *_, s, _ in rows)
    flag = "FALSE_ALARM" if expected == "right" and mism else "MISS" if expected == "wrong" and not mism else "ok"
    (fa if flag == "FALSE_ALARM" else miss if flag == "MISS" else [None]).append(name)
    ok += flag == "ok"
    flags.append((name, flag))
    print(f"== {name} [{expected}] -> {flag}")
    print(f"   S: {source!r}")
    print(f"   A: {answer!r}")
    for text, kind, iso, status, reason in rows:
        print(f"     {text!r} {kind} {iso or ''} -> {status}: {reason}")
n_right = sum(e == "right" for *_, e in P)
n_wrong = len(P) - n_right
print()
print(f"probes {len(P)} (right {n_right}, wrong {n_wrong}); ok {ok}; "
      f"false alarms {len(fa)}/{n_right}; misses {len(miss)}/{n_wrong}")
print("false alarms:", ", ".join(fa))
print("misses:", ", ".join(miss))
print("## FLAGS")
for name, flag in flags:
    print(f"{name}\t{flag}")
