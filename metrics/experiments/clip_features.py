"""The verdict with each feature clipped to the range it spans in the train answers the model
was fit on, against the shipped (unclipped) verdict, on stored dev features:

    python metrics/experiments/clip_features.py training/features_train.jsonl training/features_dev.jsonl

(both files as `spacy project run train` / `evaluate` write them). Clipping to the train range
leaves every train answer's score as it is, so the fit does not change.
"""
import json
import sys
from collections import defaultdict

import numpy

sys.path.insert(0, ".")
from spacy_ground.evaluate import auroc, prf  # noqa: E402
from spacy_ground.verdict import VerdictModel  # noqa: E402


def load(path):
    with open(path, encoding="utf8") as f:
        return [json.loads(line) for line in f if line.strip()]


def main(train_path: str, dev_path: str, model_path: str = "spacy_ground/models/verdict.json",
         threshold: float = 0.33) -> None:
    model = VerdictModel.from_dict(json.load(open(model_path)))
    train, dev = load(train_path), [r for r in load(dev_path) if r.get("labelled", True) and r["features"]]
    scores = defaultdict(list)
    outside = defaultdict(int)
    for r in dev:
        m = model.model_for(r["shape"])
        X = numpy.array([[t["features"][f] for f in m.features] for t in train
                         if t["shape"] == r["shape"] and t["features"]])
        x = numpy.array([r["features"][f] for f in m.features])
        clipped = numpy.clip(x, X.min(0), X.max(0))
        outside[r["task"]] += bool((clipped != x).any())
        scores["shipped"].append(float(m.predict(x[None])[0]))
        scores["clipped"].append(float(m.predict(clipped[None])[0]))
    labels = [bool(r["hallucinated"]) for r in dev]
    print(f"{len(dev)} dev answers; with a feature outside the train range: {dict(outside)}")
    print("| verdict | AUROC | qa | summary | data2txt | F1 @%.2f |" % threshold)
    print("|---|---|---|---|---|---|")
    for name, s in scores.items():
        per = [auroc([x for x, r in zip(s, dev) if r["task"] == t], [y for y, r in zip(labels, dev) if r["task"] == t])
               for t in ("qa", "summary", "data2txt")]
        f1 = prf([x >= threshold for x in s], labels)[2]
        print(f"| {name} | {auroc(s, labels):.3f} | " + " | ".join(f"{a:.3f}" for a in per) + f" | {f1:.3f} |")


if __name__ == "__main__":
    main(*sys.argv[1:3])
