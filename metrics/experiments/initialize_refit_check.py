"""``ground_verdict.initialize(refit=True)`` on RAGTruth train against the shipped verdict
(fit by ``evaluate fit ... --part all``): the same features, so the same coefficients; the
flag threshold from the train folds alone (``evaluate fit`` pools the dev answers in).

    python metrics/experiments/initialize_refit_check.py assets/ragtruth_train.jsonl
"""
import argparse
import json
import time

import numpy
from spacy.training import Example

import spacy_ground as sg


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("train")
    args = ap.parse_args()
    nlp = sg.load()
    verdict = nlp.get_pipe("ground_verdict")
    shipped = verdict.lr_model.to_dict()
    shipped_meta = verdict.model_meta
    examples = []
    for line in open(args.train, encoding="utf8"):
        r = json.loads(line)
        ref = nlp.make_doc(r["answer"])
        ref.cats = {"hallucinated": float(r["hallucinated"])}
        ref.spans["ground_unsupported"] = [s for s in (ref.char_span(x["start"], x["end"], alignment_mode="expand")
                                                       for x in r["spans"]) if s is not None]
        examples.append(Example(sg.make_doc(nlp, r["answer"], r["sources"], r.get("question")), ref))
    t0 = time.perf_counter()
    verdict.initialize(lambda: examples, nlp=nlp, refit=True)
    print(f"refit on {verdict.model_meta['answers']} answers in {time.perf_counter() - t0:.0f} s")
    refit = verdict.lr_model.to_dict()
    for shape, model in refit["shapes"].items():
        a = numpy.array(model["coef"] + [model["intercept"]])
        b = numpy.array(shipped["shapes"][shape]["coef"] + [shipped["shapes"][shape]["intercept"]])
        print(f"{shape}: largest coefficient difference from the shipped model {numpy.abs(a - b).max():.2e}")
    cv = verdict.model_meta["cross_validated"]
    print("5-fold train AUROC", round(cv["auroc"], 4), "(shipped fit:",
          round(shipped_meta.get("cross_validated", {}).get("auroc", float("nan")), 4), ")")
    print("thresholds set:", {k: getattr(verdict, k) for k in ("flag_threshold", "block_threshold",
                                                               "sentence_threshold", "sentence_threshold_by_source")})


if __name__ == "__main__":
    main()
