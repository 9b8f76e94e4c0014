"""Every claim `find_claims` reads in every RAGTruth train and dev and HaluEval answer and source,
to compare two versions of the parser:

    python metrics/experiments/claims_dump.py OUT.json            # in each checkout (old, new)
    python metrics/experiments/claims_dump.py --compare OLD.json NEW.json

``--compare`` prints how many texts' claims changed and the claims added and removed, by kind,
with the most frequent texts of each. Run from the repository root with `spacy project run
data` done (it reads assets/).
"""
import collections
import json
import sys

FILES = ("assets/ragtruth_train.jsonl", "assets/ragtruth_dev.jsonl", "assets/halueval_qa.jsonl")


def dump(out_path: str) -> None:
    sys.path.insert(0, ".")
    from spacy_ground.normalize import find_claims
    from spacy_ground.sources import source_text

    out = {}
    for path in FILES:
        for line in open(path, encoding="utf-8"):
            r = json.loads(line)
            texts = [("a", r["answer"])] + [(f"s{i}", source_text(s)) for i, s in enumerate(r.get("sources") or [])]
            for tag, t in texts:
                out[f"{r['id']}|{tag}"] = [(s, e, v.kind, t[s:e], v.value, v.low, v.high, v.unit)
                                           for s, e, v in find_claims(t)]
    json.dump(out, open(out_path, "w"))
    print(f"{len(out)} texts")


def compare(old_path: str, new_path: str) -> None:
    old, new = json.load(open(old_path)), json.load(open(new_path))
    changed, answers = 0, 0
    counts, examples = collections.Counter(), collections.defaultdict(collections.Counter)
    for key in old:
        if old[key] == new.get(key):
            continue
        changed += 1
        answers += key.endswith("|a")
        before, after = {tuple(x[:4]) for x in old[key]}, {tuple(x[:4]) for x in new[key]}
        for sign, claims in (("+", after - before), ("-", before - after)):
            for c in claims:
                counts[sign + c[2]] += 1
                examples[sign + c[2]][c[3]] += 1
    print(f"texts changed: {changed} of {len(old)} ({answers} answers)")
    for kind, n in counts.most_common():
        print(f"{kind} {n}: {examples[kind].most_common(12)}")


if __name__ == "__main__":
    if sys.argv[1] == "--compare":
        compare(sys.argv[2], sys.argv[3])
    else:
        dump(sys.argv[1])
