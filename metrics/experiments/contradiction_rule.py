"""The contradiction rule's threshold (a sentence contradicted at or above it flags the answer
whatever its score) against F1 as the pipeline flags, on out-of-fold train scores (5 folds,
5 shuffles) and, with the threshold each setting picks there, on dev:

    python metrics/experiments/contradiction_rule.py training/features_train.jsonl training/features_dev.jsonl
"""
import json
import sys

import numpy

sys.path.insert(0, ".")
from spacy_ground.evaluate import (FLAG_THRESHOLDS, best_point, f1_curve, fit_verdict, ruled_by_features,  # noqa: E402
                                   shuffled_folds)
from spacy_ground.features import FEATURE_SIGNS  # noqa: E402


def load(path):
    return [r for r in (json.loads(line) for line in open(path, encoding="utf8") if line.strip())
            if r.get("labelled", True) and r["features"]]


def main(train_path: str, dev_path: str) -> None:
    rows, dev = load(train_path), load(dev_path)
    dev = list({r["id"]: r for r in dev}.values())  # one row an answer
    y, y_dev = (numpy.array([bool(r["hallucinated"]) for r in rs]) for rs in (rows, dev))
    grid = numpy.asarray(FLAG_THRESHOLDS)
    oof = []
    for seed in range(5):
        fold, p = shuffled_folds(len(rows), 5, seed), numpy.zeros(len(rows))
        for k in range(5):
            model = fit_verdict([r for r, f in zip(rows, fold) if f != k], 1.0, True, dict(FEATURE_SIGNS))
            for i in numpy.flatnonzero(fold == k):
                p[i] = model.score(rows[i]["features"], rows[i]["shape"])
        oof.append(p)
    full = fit_verdict(rows, 1.0, True, dict(FEATURE_SIGNS))
    p_dev = numpy.array([full.score(r["features"], r["shape"]) for r in dev])
    print(f"{len(rows)} train answers, {len(dev)} dev answers")
    print("| contradiction_threshold | train answers ruled | of them hallucinated | train F1 (best flag threshold) "
          "| dev answers ruled | dev F1 at that threshold |")
    print("|---|---|---|---|---|---|")
    for c in (0.8, 0.85, 0.9, 0.95, 0.98, 1.01):
        ruled, ruled_dev = ruled_by_features(rows, c), ruled_by_features(dev, c)
        only = ruled & ~ruled_by_features(rows, 1.01)
        curve = numpy.mean([f1_curve(p, y, grid, ruled) for p in oof], axis=0)
        i = best_point(curve)
        dev_f1 = f1_curve(p_dev, y_dev, grid[i:i + 1], ruled_dev)[0]
        print(f"| {c if c <= 1 else 'off'} | {int(only.sum())} | {int((only & y).sum())} | {curve[i]:.4f} "
              f"({grid[i]:.2f}) | {int((ruled_dev & ~ruled_by_features(dev, 1.01)).sum())} | {dev_f1:.4f} |")


if __name__ == "__main__":
    main(*sys.argv[1:3])
