"""A sentence-level logistic regression (1 - support, absent-word share, log length) fit on the held-out
30 % of RAGTruth train (argument "held") or all of it ("all"), its answer-level max / 1-product / mean
added to the verdict features. Needs training/features_{train,dev}_E2.jsonl (see aggregations.py)."""
import json, sys, math
import numpy
from refit import TASKS, compare
from spacy_ground.evaluate import auroc
from spacy_ground.train_entail import train_part
from spacy_ground.verdict import LogisticModel
def load(p): return [json.loads(l) for l in open(p)]
train = load("training/features_train_E2.jsonl"); dev = load("training/features_dev_E2.jsonl")
part = {r["id"]: train_part(r) for r in load("assets/ragtruth_train.jsonl")}
def sent_xy(rows):
    X, y = [], []
    for r in rows:
        for s in r.get("sentences") or []:
            X.append([s[2], s[3], math.log1p(s[1] - s[0])])
            y.append(any(sp["start"] < s[1] and s[0] < sp["end"] for sp in r["spans"]))
    return numpy.array(X), numpy.array(y, dtype=float)
which = sys.argv[1] if len(sys.argv) > 1 else "held"
src = [r for r in train if part[r["id"]] == "verdict"] if which == "held" else train
X, y = sent_xy(src)
sm = LogisticModel.fit(X, y, ["u", "absent", "len"], l2=1.0)
Xd, yd = sent_xy(dev)
print("sentence AUROC dev: model", round(auroc(sm.predict(Xd).tolist(), yd.tolist()), 3), "u", round(auroc(Xd[:,0].tolist(), yd.tolist()),3), "absent", round(auroc(Xd[:,1].tolist(), yd.tolist()),3))
def add(rows):
    for r in rows:
        ss = r.get("sentences") or []
        if not r["features"]:
            continue
        p = sm.predict(numpy.array([[s[2], s[3], math.log1p(s[1]-s[0])] for s in ss])).tolist() if ss else [0.0]
        r["features"]["sent_max"] = max(p)
        r["features"]["sent_nor"] = 1 - math.prod(1 - x for x in p)
        r["features"]["sent_mean"] = sum(p) / len(p)
    return [r for r in rows if r["features"]]
tr, dv = add(train), add(dev)
compare(tr, dv, [[], ["sent_max"], ["sent_nor"], ["sent_max", "sent_nor", "sent_mean"]])
