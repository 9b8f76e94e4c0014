"""Answer-level aggregations of the cross-encoder's sentence scores, against absent words.

    python -m spacy_ground.evaluate fit assets/ragtruth_train.jsonl /tmp/verdict.json --part all --features /tmp/train_rows.jsonl
    python -m spacy_ground.evaluate run assets/ragtruth_dev.jsonl --features /tmp/dev_rows.jsonl
    python metrics/experiments/aggregations.py /tmp/train_rows.jsonl assets/ragtruth_train.jsonl /tmp/dev_rows.jsonl

Per task AUROC on the 30 % of RAGTruth train the cross-encoder was not trained on
(train_part == "verdict"), on all of train, and on dev. u is 1 - support per sentence.
"""
import json
import math
import sys
from collections import defaultdict

from spacy_ground.evaluate import auroc
from spacy_ground.train_entail import train_part

AGGREGATIONS = {
    "1-min support": lambda u: max(u, default=0.0),
    "1-product": lambda u: 1 - math.prod(1 - x for x in u),
    "mean 1-support": lambda u: sum(u) / len(u) if u else 0.0,
    "top-2 mean": lambda u: sum(sorted(u)[-2:]) / len(u[-2:]) if u else 0.0,
    "count >0.5": lambda u: sum(x > 0.5 for x in u),
    "share >0.5": lambda u: sum(x > 0.5 for x in u) / len(u) if u else 0.0,
}


def load(path):
    with open(path, encoding="utf8") as f:
        return [json.loads(line) for line in f if line.strip()]


def report(rows, title):
    by = defaultdict(list)
    for r in rows:
        by["all"].append(r)
        by[r["task"]].append(r)
    print(f"{title}\n| task | answers | " + " | ".join(AGGREGATIONS) + " | absent words |\n|---" * 1
          + "|---" * (len(AGGREGATIONS) + 2) + "|")
    for task in ("all", "qa", "summary", "data2txt"):
        group = by[task]
        labels = [r["hallucinated"] for r in group]
        cells = [auroc([fn([s[2] for s in r.get("sentences") or []]) for r in group], labels) for fn in AGGREGATIONS.values()]
        cells.append(auroc([r["features"]["absent_words"] for r in group], labels))
        print(f"| {task} | {len(group)} | " + " | ".join("-" if c is None else f"{c:.3f}" for c in cells) + " |")
    print()


def main(train_rows, ragtruth_train, dev_rows):
    train = load(train_rows)
    part = {r["id"]: train_part(r) for r in load(ragtruth_train)}
    report([r for r in train if part[r["id"]] == "verdict"], "held-out 30 % of train")
    report(train, "all of train (70 % seen by the cross-encoder)")
    report(load(dev_rows), "dev")


if __name__ == "__main__":
    main(*sys.argv[1:4])
