"""How many answer sentences a lexical gate before the cross-encoder would pass without the
model, how many of them are labelled hallucinated, and how many the model already supports:

    python metrics/experiments/copy_gate_dump.py assets/ragtruth_train.jsonl /tmp/train_sents.jsonl
    python metrics/experiments/copy_gate.py /tmp/train_sents.jsonl [/tmp/dev_sents.jsonl ...]

A sentence passes the gate when at least ``cover`` of its word tokens are in the evidence
sentence the model reads, its longest run of tokens copied in order is at least ``run`` of
them, it has the evidence's negations, every number it holds is in the evidence, and it
has at least 4 words. Sentences of answers labelled hallucinated without spans are left out.
"""
import json
import re
import sys
from collections import defaultdict

WORD = re.compile(r"[A-Za-z]+|\d+(?:[.,]\d+)*")
NEGATIONS = {"not", "no", "never", "none", "nor", "without", "cannot", "nothing", "neither"}
RULES = [(1.0, 1.0), (1.0, 0.8), (1.0, 0.0), (0.95, 0.0), (0.9, 0.8), (0.9, 0.0)]


def tokens(text: str):
    return [w.lower() for w in WORD.findall(text.replace("n't", " not"))]


def longest_run(a, b) -> int:
    """The longest run of tokens of ``a`` found contiguous in ``b``."""
    best, prev = 0, [0] * (len(b) + 1)
    for i in range(1, len(a) + 1):
        cur = [0] * (len(b) + 1)
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                cur[j] = prev[j - 1] + 1
                best = max(best, cur[j])
        prev = cur
    return best


def gated(row, cover: float, run: float) -> bool:
    h, p = tokens(row["read_as"] or row["text"]), tokens(row["premise"])
    if len(h) < 4:
        return False
    ps = set(p)
    return (sum(w in ps for w in h) / len(h) >= cover and longest_run(h, p) / len(h) >= run
            and set(h) & NEGATIONS == ps & NEGATIONS and all(w in ps for w in h if w[0].isdigit()))


def main(paths) -> None:
    for path in paths:
        rows = [r for r in (json.loads(line) for line in open(path, encoding="utf8")) if r["known"]]
        print(f"\n{path}: {len(rows)} sentences, {sum(r['gold'] for r in rows)} labelled hallucinated")
        print("| words in evidence >= | copied run >= | task | gated | share | labelled hallucinated | support < 0.5 |")
        print("|---|---|---|---|---|---|---|")
        for cover, run in RULES:
            by = defaultdict(lambda: [0, 0, 0, 0])
            for r in rows:
                for task in (r["task"], "all"):
                    by[task][3] += 1
                    if gated(r, cover, run):
                        by[task][0] += 1
                        by[task][1] += r["gold"]
                        by[task][2] += r["probs"][0] < 0.5
            for task in ("all", "qa", "summary", "data2txt"):
                n, gold, low, total = by[task]
                print(f"| {cover} | {run} | {task} | {n} | {n / max(total, 1):.1%} | {gold} | {low} |")


if __name__ == "__main__":
    main(sys.argv[1:])
