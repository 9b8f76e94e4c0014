"""Averaged entailment features of several GPU-trained cross-encoders (training/features_{train,dev}_gpuX.jsonl
from training/chain14.sh), verdict refit on train: python metrics/experiments/ensemble_features.py E,G"""
import json, sys, itertools
from collections import defaultdict
from spacy_ground.evaluate import fit_verdict, cross_validated, auroc
from spacy_ground.verdict import source_shape
ENT = ("min_support", "mean_support", "max_contradiction", "max_unsupported")
def load(path):
    return {r["id"]: r for r in map(json.loads, open(path))}
models = sys.argv[1].split(",")
tr = [load(f"training/features_train_gpu{m}.jsonl") for m in models]
dv = [load(f"training/features_dev_gpu{m}.jsonl") for m in models]
def merge(sets):
    out = []
    for rid, r in sets[0].items():
        r = json.loads(json.dumps(r))
        for k in ENT:
            r["features"][k] = sum(s[rid]["features"][k] for s in sets) / len(sets)
        out.append(r)
    return out
train, dev = merge(tr), merge(dv)
model = fit_verdict(train)
cv = cross_validated(train, 1.0)
by = defaultdict(lambda: ([], []))
for r in dev:
    if not r.get("features"):
        continue
    s = model.score(r["features"], r["shape"])
    for g in ("all", r["task"]):
        by[g][0].append(s); by[g][1].append(r["hallucinated"])
print(models, "cv", {k: round(v, 3) for k, v in cv.items()} if isinstance(cv, dict) else cv,
      " ".join(f"{g}={auroc(*by[g]):.3f}" for g in ("all", "qa", "summary", "data2txt")))
