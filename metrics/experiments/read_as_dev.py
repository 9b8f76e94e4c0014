"""How many answer sentences ground_entail reads with grounded values written as the sources
write them (``read_as``), per task, with examples.

    python metrics/experiments/read_as_dev.py assets/ragtruth_dev.jsonl [EXAMPLES]

Runs the default pipeline up to ground_entail (about a minute for dev on 2 cores).
"""
import collections
import sys

import spacy_ground as sg
from spacy_ground.bench import read_jsonl


def main(path: str, examples: int = 12) -> None:
    nlp = sg.load(exclude=["ground_verdict"])
    sentences = answers = total = 0
    by_task = collections.Counter()
    shown = []
    for r in read_jsonl(path):
        doc = nlp(sg.make_doc(nlp, r["answer"], r["sources"], r.get("question")))
        changed = False
        for sent in doc.spans["ground_sentences"]:
            total += 1
            read = (sent._.entailment or {}).get("read_as")
            if read:
                sentences += 1
                changed = True
                by_task[r.get("task")] += 1
                if len(shown) < examples:
                    shown.append((r.get("task"), sent.text.strip(), read))
        answers += changed
    print(f"{sentences} of {total} sentences read differently, in {answers} answers; by task: {dict(by_task)}")
    for task, before, after in shown:
        print(f"{task} | {before[:160]!r}\n    -> {after[:160]!r}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 12)
