"""Variants of the verdict model, on stored features (no pipeline run):

    python -m spacy_ground.evaluate fit assets/ragtruth_train.jsonl training/verdict_check.json --part all --features training/features_train.jsonl
    rm -f training/features_dev.jsonl
    python -m spacy_ground.evaluate run assets/ragtruth_dev.jsonl assets/halueval_qa.jsonl --features training/features_dev.jsonl
    python metrics/experiments/verdict_variants.py

For each variant: 5-fold train AUROC (mean of 5 shuffles) and its F1-best threshold, as
`evaluate fit` computes them, then dev AUROC per task and dev F1 at that threshold (scores
only, without the rule flags) with the 95 % interval of its difference from the shipped
verdict's dev AUROC (paired bootstrap over answers clustered by question and sources), and
HaluEval recall and calibration error.

- logit: the four probability features (min/mean support, max contradiction, max unsupported) as log-odds;
- agg: three more aggregates of the sentences' 1 - support (count and share above 0.5, second worst);
- clip q: each feature clipped to its train q and 1 - q quantiles before scoring (no extrapolation);
- shape thresholds: one flag threshold per source shape, chosen on the train folds for pooled F1.
"""
import json
import math
import sys

import numpy

sys.path.insert(0, ".")
import spacy_ground.evaluate as E  # noqa: E402
from spacy_ground.evaluate import (auroc, calibration_error, cross_validated, fit_verdict, prf,  # noqa: E402
                                   weighted_auroc)
from spacy_ground.sources import sources_key  # noqa: E402
from spacy_ground.verdict import LogisticModel  # noqa: E402


def load(path):
    return [json.loads(line) for line in open(path, encoding="utf8")]


TRAIN = load("training/features_train.jsonl")
ROWS = load("training/features_dev.jsonl")
DEV = [r for r in ROWS if r["dataset"] == "ragtruth"]
HALU = [r for r in ROWS if r["dataset"] == "halueval_qa"]
BASE = tuple(E.FEATURES)


def logit(p):
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def transform(rows, variant):
    out = []
    for r in rows:
        f = dict(r["features"])
        if "logit" in variant:
            for k in ("min_support", "mean_support", "max_contradiction", "max_unsupported"):
                f[k] = logit(f[k])
        if "agg" in variant:
            u = sorted([s[2] for s in r.get("sentences") or []], reverse=True) or [0.0]
            f.update(n_low=math.log1p(sum(x > 0.5 for x in u)), second=u[1] if len(u) > 1 else 0.0,
                     frac_low=sum(x > 0.5 for x in u) / len(u))
        out.append(dict(r, features=f))
    return out


# answers to the same question and sources are resampled together (as evaluate run does)
CLUSTER = {rec["id"]: sources_key([rec.get("question") or ""] + list(rec.get("sources") or []))
           for rec in map(json.loads, open("assets/ragtruth_dev.jsonl", encoding="utf8"))}
WEIGHTS = None
SHIPPED = []


def paired(s):
    """95 % interval of dev AUROC (this variant) - dev AUROC (shipped), clustered bootstrap."""
    global WEIGHTS
    y = [r["hallucinated"] for r in DEV]
    if WEIGHTS is None:
        first = {}
        member = numpy.asarray([first.setdefault(CLUSTER[r["id"]], len(first)) for r in DEV])
        drawn = numpy.random.default_rng(0).multinomial(len(first), numpy.full(len(first), 1 / len(first)), size=1000)
        WEIGHTS = drawn[:, member]
    if not SHIPPED:
        SHIPPED.append(weighted_auroc(s, y, WEIGHTS))
        return ""
    d = weighted_auroc(s, y, WEIGHTS) - SHIPPED[0]
    return f", minus shipped {numpy.percentile(d, 2.5):+.4f} to {numpy.percentile(d, 97.5):+.4f}"


def report(name, train, dev, halu):
    cv = cross_validated(train, 1.0)
    model = fit_verdict(train, 1.0)
    cells = [f"{name}: train folds {cv['auroc']:.4f}, threshold {cv['f1_threshold']}"]
    s = [model.score(r["features"], r["shape"]) for r in dev]
    y = [r["hallucinated"] for r in dev]
    tasks = " ".join(f"{t} {auroc([a for a, r in zip(s, dev) if r['task'] == t], [r['hallucinated'] for r in dev if r['task'] == t]):.3f}"
                     for t in ("qa", "summary", "data2txt"))
    cells.append(f"dev {auroc(s, y):.4f} ({tasks}{paired(s)}), F1 {prf([x >= cv['f1_threshold'] for x in s], y)[2]:.3f}")
    h = [model.score(r["features"], r["shape"]) for r in halu]
    hy = [r["hallucinated"] for r in halu]
    cells.append(f"HaluEval {auroc(h, hy):.4f}, recall {prf([x >= cv['f1_threshold'] for x in h], hy)[1]:.3f}, "
                 f"ECE {calibration_error(h, hy):.3f}")
    print("; ".join(cells), flush=True)


for variant in ("shipped", "logit", "agg", "logit+agg"):
    E.FEATURES = BASE + (("n_low", "second", "frac_low") if "agg" in variant else ())
    report(variant, transform(TRAIN, variant), transform(DEV, variant), transform(HALU, variant))
E.FEATURES = BASE

fit, predict = LogisticModel.fit.__func__, LogisticModel.predict
for q in (0.0, 0.01, 0.025):
    def clipped_fit(cls, X, y, features, l2=1.0, iterations=50, signs=None, q=q):
        m = fit(cls, X, y, features, l2, iterations, signs)
        m.lo, m.hi = numpy.quantile(X, q, axis=0), numpy.quantile(X, 1 - q, axis=0)
        return m

    LogisticModel.fit = classmethod(clipped_fit)
    LogisticModel.predict = lambda self, X: predict(self, numpy.clip(X, self.lo, self.hi))
    report(f"clip {q}", TRAIN, DEV, HALU)
LogisticModel.fit, LogisticModel.predict = classmethod(fit), predict

# one flag threshold per source shape, chosen on the train folds for pooled F1
y = numpy.array([r["hallucinated"] for r in TRAIN])
shape = numpy.array([r["shape"] for r in TRAIN])
grid = numpy.asarray(E.FLAG_THRESHOLDS)
curves = []
for seed in range(5):
    fold = numpy.arange(len(TRAIN)) % 5
    numpy.random.default_rng(seed).shuffle(fold)
    p = numpy.zeros(len(TRAIN))
    for k in range(5):
        m = fit_verdict([r for r, f in zip(TRAIN, fold) if f != k], 1.0)
        for i in numpy.flatnonzero(fold == k):
            p[i] = m.score(TRAIN[i]["features"], TRAIN[i]["shape"])
    counts = []
    for sh in ("text", "record"):
        flagged = p[shape == sh][None] >= grid[:, None]
        counts.append(((flagged & y[shape == sh]).sum(1), flagged.sum(1)))
    (tp_t, fl_t), (tp_r, fl_r) = counts
    curves.append(2 * (tp_t[:, None] + tp_r[None]) / (fl_t[:, None] + fl_r[None] + y.sum()))
F = numpy.mean(curves, 0)
i, j = numpy.unravel_index(numpy.argmax(F), F.shape)
model = fit_verdict(TRAIN, 1.0)
s = numpy.array([model.score(r["features"], r["shape"]) for r in DEV])
thr = numpy.where(numpy.array([r["shape"] for r in DEV]) == "record", grid[j], grid[i])
print(f"shape thresholds: text {grid[i]}, record {grid[j]} (train-fold F1 {F[i, j]:.4f} against "
      f"{numpy.diag(F).max():.4f} with one threshold); dev F1 {prf((s >= thr).tolist(), [r['hallucinated'] for r in DEV])[2]:.3f}")
