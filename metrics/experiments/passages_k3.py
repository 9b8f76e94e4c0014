"""Reading answers from several passages with 3 evidence sentences: refit the verdict on
features where QA rows come from one run and the other rows from another, and a third
verdict shape for passages.

    # features of a model read with 3 evidence sentences everywhere, and with 1 everywhere
    python -m spacy_ground.evaluate fit assets/ragtruth_train.jsonl /tmp/v3.json --part all --entail MODEL \
        --set components.ground_entail.evidence_k=3 --features /tmp/train_k3.jsonl
    python -m spacy_ground.evaluate run assets/ragtruth_dev.jsonl --model /tmp/v3.json --entail MODEL \
        --set components.ground_entail.evidence_k=3 --features /tmp/dev_k3.jsonl
    (the same with evidence_k=1 into /tmp/train_k1.jsonl, /tmp/dev_k1.jsonl)
    python metrics/experiments/passages_k3.py /tmp/train_k3.jsonl /tmp/dev_k3.jsonl /tmp/train_k1.jsonl /tmp/dev_k1.jsonl

QA rows (sources: several passages) are taken from the first pair of files, the others
from the second: the same as running with evidence_k_by_source = {"passages": 3}. The
last session's `c3` model measured this way gives dev 0.847 (qa 0.861, summary 0.784,
data2txt 0.779); with a separate verdict shape for passages, 0.848 against 0.850 for the
c3 (qa) + the stage-2 model shipped on 2026-11-29 (others) mix it was checked on.
"""
import json
import sys

import spacy_ground.verdict as verdict
from spacy_ground.evaluate import auroc, cross_validated, fit_verdict


def load(path):
    with open(path, encoding="utf8") as f:
        return {r["id"]: r for r in map(json.loads, f)}


def mix(qa, other, passages_shape):
    out = []
    for key, row in other.items():
        row = dict(qa[key] if row["task"] == "qa" else row)
        if passages_shape and row["task"] == "qa":
            row["shape"] = "passages"
        out.append(row)
    return out


def main(train_qa, dev_qa, train_other, dev_other):
    for passages_shape in (False, True):
        verdict.SHAPES = ("text", "record", "passages") if passages_shape else ("text", "record")
        train = mix(load(train_qa), load(train_other), passages_shape)
        dev = mix(load(dev_qa), load(dev_other), passages_shape)
        model, cv = fit_verdict(train), cross_validated(train, 1.0)
        by = {}
        for task in ("all", "qa", "summary", "data2txt"):
            group = [r for r in dev if task in ("all", r["task"])]
            by[task] = round(auroc([model.score(r["features"], r["shape"]) for r in group],
                                   [r["hallucinated"] for r in group]), 3)
        entail = {t: round(auroc([1 - r["features"]["min_support"] for r in dev if r["task"] == t],
                                 [r["hallucinated"] for r in dev if r["task"] == t]), 3)
                  for t in ("qa", "summary", "data2txt")}
        print("verdict shapes", verdict.SHAPES, "5-fold", round(cv["auroc"], 3), "dev", by, "entailment alone", entail)
    verdict.SHAPES = ("text", "record")


if __name__ == "__main__":
    main(*sys.argv[1:5])
