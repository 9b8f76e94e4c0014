"""Opinion words in the sentences the cross-encoder finds unsupported (1 - support >= 0.7), clean vs hallucinated, and
the same signal as verdict features. Run after writing rows with `evaluate fit/run --features` to
training/features_train_E2.jsonl and training/features_dev_E2.jsonl (see aggregations.py)."""
import json, sys, math, re
from refit import TASKS, compare
from spacy_ground.evaluate import auroc
OP = re.compile(r"\b(great|good|excellent|delicious|tasty|cozy|cosy|popular|known for|friendly|nice|perfect|wonderful|amazing|lovely|beautiful|ideal|welcoming|charming|fantastic|enjoy|enjoyable|favorite|favourite|recommend|recommended|worth|best|overall|atmosphere|vibe|experience|satisf\w*|pleasant|highly|must-visit|gem|relaxed|inviting|attentive|reasonable|affordable|impressive|unique|diverse|variety|great place|spot)\b", re.I)
def load(p): return [json.loads(l) for l in open(p)]
ans = {}
for f in ("assets/ragtruth_train.jsonl", "assets/ragtruth_dev.jsonl"):
    for l in open(f):
        r = json.loads(l); ans[r["id"]] = r["answer"]
train = load("training/features_train_E2.jsonl"); dev = load("training/features_dev_E2.jsonl")
def stats(rows):
    a = b = c = d = 0
    for r in rows:
        t = ans[r["id"]]
        for s in r.get("sentences") or []:
            hal = any(sp["start"] < s[1] and s[0] < sp["end"] for sp in r["spans"])
            subj = bool(OP.search(t[s[0]:s[1]]))
            if s[2] >= 0.7:
                if hal: a += subj; b += 1
                else: c += subj; d += 1
    print(f"unsupported sentences (u>=0.7): hallucinated {b} ({a/b:.0%} subjective), clean {d} ({c/d:.0%} subjective)")
stats(train); stats(dev)
def add(rows):
    out = []
    for r in rows:
        if not r["features"]: continue
        t = ans[r["id"]]
        obj = [s[2] for s in r.get("sentences") or [] if not OP.search(t[s[0]:s[1]])]
        r["features"]["u_obj_max"] = max(obj, default=0.0)
        r["features"]["n_obj_unsup"] = math.log1p(sum(x >= 0.7 for x in obj))
        out.append(r)
    return out
tr, dv = add(train), add(dev)
compare(tr, dv, [[], ["u_obj_max"], ["n_obj_unsup"], ["u_obj_max", "n_obj_unsup"]])
alone = {t: round(auroc([r["features"]["u_obj_max"] for r in dv if t == "all" or r["task"] == t],
                        [r["hallucinated"] for r in dv if t == "all" or r["task"] == t]), 3) for t in TASKS}
print("u_obj_max alone on dev", alone)
