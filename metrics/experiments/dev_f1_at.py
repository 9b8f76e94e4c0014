"""Dev F1 as the pipeline flags at other flag thresholds, from stored dev features.

    python metrics/experiments/dev_f1_at.py training/features_dev.jsonl 0.36 0.43

``training/features_dev.jsonl`` is written by ``evaluate run ... --features`` with the
shipped model. An answer is flagged when its score is at the threshold or above, when a rule
flags it, or when it is not checkable (action ``flag``), as ``evaluate run`` counts it.
"""
import json
import sys

rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
rows = [r for r in rows if str(r.get("dataset", "")).startswith("ragtruth") and r.get("labelled", True)]
for t in map(float, sys.argv[2:]):
    flagged = [r["rank_score"] >= t or r["flagged_by_rule"] or r["verdict"] == "not_checkable" for r in rows]
    tp = sum(f and r["hallucinated"] for f, r in zip(flagged, rows))
    p, rec = tp / max(1, sum(flagged)), tp / max(1, sum(r["hallucinated"] for r in rows))
    print(f"{t:.2f}: precision {p:.3f}, recall {rec:.3f}, F1 {2 * p * rec / max(1e-12, p + rec):.4f} ({len(rows)} answers)")
