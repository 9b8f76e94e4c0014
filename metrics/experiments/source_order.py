"""How much the order of the passages moves a verdict: every N-th RAGTruth dev QA answer
with two or more passages, checked with its passages as given and reversed.

    python metrics/experiments/source_order.py assets/ragtruth_dev.jsonl --every 3
    python metrics/experiments/source_order.py assets/ragtruth_dev.jsonl --every 3 --before

``--before`` puts back the premise and batches of the code before 2026-12-02 (tenth session):
the top 3 evidence sentences read in source order (a sentence two passages repeat read
twice) and the sentence encoder's batches ordered by length alone. Prints the mean, median
and largest change of p(hallucinated) and how many actions change.
"""
import argparse
import itertools

import numpy

import spacy_ground
import spacy_ground.embed as embed
import spacy_ground.entail as entail
import spacy_ground.sources as sources
from spacy_ground.bench import read_jsonl

from premise_order import premise  # beside this script


def put_back_the_old_order() -> None:
    """The premise in source order and encoder batches by length alone (ties by position)."""
    sources.evidence_text = entail.evidence_text = premise("source")
    encode = embed.SentenceEncoder.encode

    def by_length(self, texts):
        # encode() now breaks ties by text; hand it texts whose ties it cannot reorder
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = numpy.zeros((len(texts), 384), dtype="float32")
        for b in range(0, len(order), self.batch_size):
            idx = order[b:b + self.batch_size]
            out[idx] = encode(self, [texts[i] for i in idx])
        return out

    embed.SentenceEncoder.encode = by_length


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data")
    ap.add_argument("--every", type=int, default=3)
    ap.add_argument("--before", action="store_true", help="the premise and batches as before the change")
    args = ap.parse_args()
    if args.before:
        put_back_the_old_order()
    nlp = spacy_ground.load()
    rows = [r for r in read_jsonl(args.data) if r.get("task") == "qa" and len(r.get("sources") or []) > 1]
    changes, actions, skipped = [], 0, 0
    for rec in itertools.islice(rows, 0, None, args.every):
        a = spacy_ground.check(nlp, rec["answer"], rec["sources"], rec.get("question"))._.grounding
        b = spacy_ground.check(nlp, rec["answer"], rec["sources"][::-1], rec.get("question"))._.grounding
        if a.score is None or b.score is None:
            skipped += 1
            continue
        changes.append(abs(a.score - b.score))
        actions += a.action != b.action
    d = numpy.array(changes)
    print(f"{'before' if args.before else 'now'}: {len(d)} answers ({skipped} not checkable): |change of p| mean "
          f"{d.mean():.4f}, median {numpy.median(d):.4f}, largest {d.max():.3f}; {(d > 0.05).sum()} over 0.05; "
          f"action changed for {actions}")


if __name__ == "__main__":
    main()
