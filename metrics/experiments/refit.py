"""Shared by the experiment scripts here: refit the verdict with extra features and print
5-fold train AUROC and dev AUROC per task."""
import spacy_ground.evaluate as ev
from spacy_ground.evaluate import auroc, cross_validated, fit_verdict

TASKS = ("all", "qa", "summary", "data2txt")


def compare(train, dev, extras):
    """For each list of extra feature names (already in the rows' features), refit on train."""
    base = tuple(ev.FEATURES)
    try:
        for extra in extras:
            ev.FEATURES = base + tuple(extra)  # fit_verdict reads the module's feature list
            model, cv = fit_verdict(train), cross_validated(train, 1.0)
            by = {}
            for task in TASKS:
                group = [r for r in dev if task == "all" or r["task"] == task]
                by[task] = round(auroc([model.score(r["features"], r["shape"]) for r in group],
                                       [r["hallucinated"] for r in group]), 3)
            print(list(extra), "cv", round(cv["auroc"], 3), by)
    finally:
        ev.FEATURES = base
