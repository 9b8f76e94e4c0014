"""``nlp.evaluate`` (ground_verdict's registered scorer, on the Examples of the registered
reader ``spacy_ground.Answers.v1``) against ``spacy_ground.evaluate``'s own figures, on every
N-th answer of a file in the shared data format:

    python metrics/experiments/nlp_evaluate_check.py assets/ragtruth_dev.jsonl --every 8

Prints the scorer's grounding_* figures, then evaluate's AUROC, P/R/F1 at the configured
threshold, span P/R/F1, ECE and not_checkable count for the same answers.
"""
import argparse
import json

from spacy.util import registry

import spacy_ground as sg
from spacy_ground.evaluate import evaluate_rows, run


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("--every", type=int, default=8)
    args = ap.parse_args()
    nlp = sg.load()
    recs = [json.loads(line) for line in open(args.data, encoding="utf8")][::args.every]
    examples = list(registry.readers.get("spacy_ground.Answers.v1")(path=args.data)(nlp))[::args.every]
    assert len(examples) == len(recs)  # every answer of the file is labelled
    scores = nlp.evaluate(examples)
    print(len(recs), "answers")
    print("nlp.evaluate:", {k: round(v, 4) if isinstance(v, float) else v
                            for k, v in scores.items() if k.startswith(("grounding", "entail", "numeric"))})
    threshold = nlp.get_pipe("ground_verdict").flag_threshold
    groups = evaluate_rows(run(nlp, recs), None, threshold, resamples=0)
    for name, m in groups.items():
        if name.endswith("/all"):
            v = m["ground_verdict"]
            print("evaluate, entailment only: answers", round(m["entailment only"]["auroc"], 4), "sentences",
                  round(m["sentence_level"]["entailment only"], 4), "; numeric grounding only",
                  round(m["numeric grounding only"]["auroc"], 4))
            print("evaluate:", {"auroc": round(v["auroc"], 4), **{k: round(x, 4) for k, x in v["at_threshold"].items()},
                                "span": {k: round(x, 4) for k, x in (v["span_f1"] or {}).items()},
                                "ece": round(v["ece"], 4), "not_checkable": m["not_checkable"]})


if __name__ == "__main__":
    main()
