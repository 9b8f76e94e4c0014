"""Cardinal claims the numeric check grounds by another count: is the counted noun ("head")
of the answers number the source numbers? Counts by (head agreement, labelled hallucinated)
over RAGTruth train and dev, with examples of differing heads:

    python metrics/experiments/cardinal_heads.py assets/ragtruth_train.jsonl assets/ragtruth_dev.jsonl
"""
import json, sys, collections
sys.path.insert(0, ".")
import spacy_ground
from spacy_ground.values import ClaimValue
nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
pipe = nlp.get_pipe("ground_claims")
rows, examples = collections.Counter(), []
for path in sys.argv[1:]:
    for line in open(path):
        r = json.loads(line)
        doc = spacy_ground.check(nlp, r["answer"], sources=r.get("sources") or [], question=r.get("question"))
        index = pipe.index_sources(list(doc._.ground_sources or [])) if doc._.ground_sources else None
        for c in doc.spans["ground_claims"]:
            res = c._.ground_numeric
            v = c._.claim
            if v.get("kind") != "cardinal" or not v.get("head") or res["status"] != "grounded" or not res.get("nearest"):
                continue
            n = res["nearest"]
            src = [sc for sc in index.claims if sc.source == n["source"] and sc.start == n["start"]]
            if not src or src[0].value.kind != "cardinal":
                rows["grounded by non-cardinal"] += 1
                continue
            sh = src[0].value.head
            gold = any(sp["start"] < c.end_char and c.start_char < sp["end"] for sp in r.get("spans") or [])
            key = "same head" if sh == v["head"] else "source no head" if not sh else "other head"
            rows[(key, gold)] += 1
            if key == "other head" and len(examples) < 40:
                examples.append((gold, c.text, v["head"], sh, doc.text[max(0, c.start_char-40):c.end_char+30].replace("\n", " ")))
print(rows)
for e in examples: print(e)
