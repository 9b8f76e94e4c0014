"""Recalibrate the verdict to your own labelled answers.

    python -m spacy_ground recalibrate YOUR.jsonl OUTPUT_DIR [--config CFG | --pipeline DIR]

The shipped verdict is calibrated on RAGTruth train. On answers unlike RAGTruth its
ranking usually holds while its probabilities do not (HaluEval QA: AUROC 0.958, but
calibration error 0.43 and a flag threshold that catches a fifth of the hallucinations).
With a few hundred labelled answers of your own, this command

1. runs the pipeline on them and keeps the verdict's scores;
2. fits Platt scaling on the log-odds of those scores: ``p' = sigmoid(a * logit(p) + b)``.
   A logistic regression stays a logistic regression under it (coefficients times ``a``,
   intercept times ``a`` plus ``b``), so the recalibrated model has the same form, the same
   features and the same reasons, and the ranking (AUROC) does not change;
3. picks ``flag_threshold`` as the F1-best threshold of out-of-fold recalibrated scores
   (5 folds, 5 shuffles, the averaged F1 curve), counting the answers the rules flag
   whatever the score (a mismatched number, a contradicted record fact or sentence);
4. saves the pipeline with the recalibrated model and threshold (``nlp.to_disk``), and
   ``recalibration.json`` beside it: ``a``, ``b``, the threshold, and out-of-fold
   calibration error and F1 before and after.

Load the result with ``spacy.load(OUTPUT_DIR)``.
"""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any, Dict, Optional, Sequence, Tuple

import numpy

from .verdict import LogisticModel, VerdictModel

MIN_PER_CLASS = 10
_EPS = 1e-6


def logit(p: Sequence[float]) -> numpy.ndarray:
    """Log-odds of probabilities, clipped away from 0 and 1."""
    q = numpy.clip(numpy.asarray(p, dtype="float64"), _EPS, 1 - _EPS)
    return numpy.log(q / (1 - q))


def fit_platt(scores: Sequence[float], labels: Sequence[bool], l2: float = 0.01,
              iterations: int = 100) -> Tuple[float, float]:
    """(a, b) of ``sigmoid(a * logit(score) + b)`` fit to the labels: a lightly L2-regularised
    (towards no change, a = 1 and b = 0) logistic regression on one feature, by Newton's
    method with a backtracking line search."""
    z = logit(scores)
    y = numpy.asarray(labels, dtype="float64")
    X = numpy.stack([z, numpy.ones_like(z)], axis=1)
    w0 = numpy.array([1.0, 0.0])
    reg = numpy.array([l2, l2])

    def loss(w: numpy.ndarray) -> float:
        t = X @ w
        return float(numpy.sum(numpy.logaddexp(0, t) - y * t) + 0.5 * reg @ (w - w0) ** 2)

    w = w0.copy()
    for _ in range(iterations):
        p = 1 / (1 + numpy.exp(-numpy.clip(X @ w, -500, 500)))
        grad = X.T @ (p - y) + reg * (w - w0)
        hess = (X * (p * (1 - p))[:, None]).T @ X + numpy.diag(reg)
        step = numpy.linalg.solve(hess, grad)
        f, t = loss(w), 1.0
        while loss(w - t * step) > f - 1e-4 * t * grad @ step and t > 1e-8:
            t /= 2
        w = w - t * step
        if numpy.abs(t * step).max() < 1e-10:
            break
    return float(w[0]), float(w[1])


def apply_platt(scores: Sequence[float], a: float, b: float) -> numpy.ndarray:
    """Recalibrated probabilities."""
    return 1 / (1 + numpy.exp(-(a * logit(scores) + b)))


def recalibrated_model(model: VerdictModel, a: float, b: float) -> VerdictModel:
    """The verdict model whose scores are ``sigmoid(a * logit(score) + b)`` of the given one's:
    every logistic regression's coefficients times ``a``, its intercept times ``a`` plus ``b``."""
    return VerdictModel({shape: LogisticModel(m.features, m.mean, m.std, m.coef * a, m.intercept * a + b)
                         for shape, m in model.models.items()})


def _f1(pred: numpy.ndarray, y: numpy.ndarray) -> float:
    tp = int((pred & y).sum())
    return 2 * tp / max(int(pred.sum()) + int(y.sum()), 1)


def choose_threshold(scores: Sequence[float], labels: Sequence[bool], ruled: Sequence[bool],
                     folds: int = 5, repeats: int = 5) -> Dict[str, Any]:
    """Fit Platt scaling on ``folds - 1`` folds, recalibrate the held-out fold, and take the
    flag threshold whose F1 (flagged: recalibrated score at or above it, or ``ruled``) is best
    on the F1 curve averaged over ``repeats`` shuffles. Also returns the out-of-fold
    calibration error before and after."""
    from .evaluate import FLAG_THRESHOLDS, calibration_error

    s = numpy.asarray(scores, dtype="float64")
    y = numpy.asarray(labels, dtype=bool)
    r = numpy.asarray(ruled, dtype=bool)
    grid = numpy.asarray(FLAG_THRESHOLDS)
    curves, eces = [], []
    for seed in range(repeats):
        fold = numpy.arange(len(s)) % folds
        numpy.random.default_rng(seed).shuffle(fold)
        out = numpy.zeros(len(s))
        for k in range(folds):
            a, b = fit_platt(s[fold != k], y[fold != k])
            out[fold == k] = apply_platt(s[fold == k], a, b)
        flagged = (out[None, :] >= grid[:, None]) | r
        tp = (flagged & y).sum(1)
        curves.append(2 * tp / numpy.maximum(flagged.sum(1) + y.sum(), 1))
        eces.append(calibration_error(out.tolist(), y.tolist()))
    curve = numpy.mean(curves, axis=0)
    i = int(numpy.argmax(curve))
    return {"threshold": float(grid[i]), "f1": float(curve[i]), "ece_after": float(numpy.mean(eces)),
            "ece_before": calibration_error(s.tolist(), y.tolist()), "folds": folds, "repeats": repeats}


def recalibrate(nlp, records: Sequence[Dict[str, Any]], folds: int = 5,
                min_per_class: int = MIN_PER_CLASS, progress=None) -> Tuple[VerdictModel, Dict[str, Any]]:
    """The recalibrated verdict model for ``nlp`` and a report, from labelled records in the
    shared data format (``answer``, ``sources``, ``question``, ``hallucinated``). Answers the
    verdict finds not checkable are left out (they are flagged whatever the model says).
    Raises ValueError when there are too few answers of either label or the scores rank
    them the wrong way round."""
    from .evaluate import run

    if "ground_verdict" not in nlp.pipe_names:
        raise ValueError("recalibrate: the pipeline has no ground_verdict")
    missing = [i for i, rec in enumerate(records) if not isinstance(rec.get("hallucinated"), bool)]
    if missing:
        raise ValueError(f"recalibrate: every answer needs a true/false 'hallucinated' label "
                         f"(record {missing[0] + 1} has none)")
    verdict = nlp.get_pipe("ground_verdict")
    rows = [r for r in run(nlp, records, progress) if r["score"] is not None]
    y = [r["hallucinated"] for r in rows]
    if min(sum(y), len(y) - sum(y)) < min_per_class:
        raise ValueError(f"recalibrate: needs at least {min_per_class} checkable answers of each label; "
                         f"got {sum(y)} hallucinated and {len(y) - sum(y)} not")
    scores = [r["score"] for r in rows]
    a, b = fit_platt(scores, y)
    if not a > 0:
        raise ValueError(f"recalibrate: the verdict's scores do not rank these answers (Platt slope {a:.3f}); "
                         "recalibration cannot help here")
    ruled = [r["action"] in ("flag", "block") and r["score"] < verdict.flag_threshold for r in rows]
    chosen = choose_threshold(scores, y, ruled, folds=folds)
    before = numpy.asarray([r["action"] in ("flag", "block") for r in rows])
    report = {"a": a, "b": b, "flag_threshold": chosen["threshold"],
              "previous_flag_threshold": verdict.flag_threshold, "answers": len(rows), "hallucinated": int(sum(y)),
              "not_checkable_left_out": len(records) - len(rows),
              "out_of_fold": {"f1": chosen["f1"], "ece": chosen["ece_after"], "folds": chosen["folds"],
                              "repeats": chosen["repeats"]},
              "before": {"f1": _f1(before, numpy.asarray(y, dtype=bool)), "ece": chosen["ece_before"]},
              "date": date.today().isoformat()}
    return recalibrated_model(verdict.lr_model, a, b), report


def load_pipeline(config: Optional[str] = None, pipeline: Optional[str] = None, overrides: Optional[Dict[str, Any]] = None):
    """The default pipeline, the one in ``config``, or a saved one (``pipeline``), with
    dotted config ``overrides``."""
    import spacy

    import spacy_ground

    if pipeline:
        nested: Dict[str, Any] = {}
        for key, value in (overrides or {}).items():
            node = nested
            *parents, last = key.split(".")
            for p in parents:
                node = node.setdefault(p, {})
            node[last] = value
        return spacy.load(pipeline, config=nested)
    return spacy_ground.load(config, overrides=overrides)


def save(model: VerdictModel, report: Dict[str, Any], output: str, config: Optional[str] = None,
         pipeline: Optional[str] = None) -> Path:
    """Rebuild the pipeline with the new thresholds in its config, put the recalibrated model
    in its verdict, and save it (with ``recalibration.json``) to ``output``."""
    base = load_pipeline(config, pipeline)
    block = max(base.get_pipe("ground_verdict").block_threshold, report["flag_threshold"])
    nlp = load_pipeline(config, pipeline, {"components.ground_verdict.flag_threshold": report["flag_threshold"],
                                           "components.ground_verdict.block_threshold": block})
    verdict = nlp.get_pipe("ground_verdict")
    verdict.set_model(model, meta={**verdict.model_meta, "recalibration": report})
    out = Path(output)
    nlp.to_disk(out)
    (out / "recalibration.json").write_text(json.dumps(report, indent=2), encoding="utf8")
    return out


def summary(report: Dict[str, Any]) -> str:
    """The report in two lines."""
    oof = report["out_of_fold"]
    return (f"recalibrated on {report['answers']} answers ({report['hallucinated']} hallucinated): "
            f"p' = sigmoid({report['a']:.3f} * logit(p) + {report['b']:.3f}); "
            f"flag_threshold {report['previous_flag_threshold']:g} -> {report['flag_threshold']:g}\n"
            f"F1 {report['before']['f1']:.3f} (as the pipeline flagged them) -> {oof['f1']:.3f} (out of fold), "
            f"calibration error {report['before']['ece']:.3f} -> {oof['ece']:.3f} (out of fold)")

