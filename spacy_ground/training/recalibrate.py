"""Recalibrate the verdict to your own labelled answers.

    python -m spacy_ground recalibrate YOUR.jsonl OUTPUT_DIR [--config CFG | --pipeline DIR] [--from-logs]

The shipped verdict is calibrated on RAGTruth train. On answers unlike RAGTruth its
ranking usually holds while its probabilities do not (HaluEval QA: AUROC 0.955, but
calibration error 0.43 and a flag threshold that catches a fifth of the hallucinations).
With a few hundred labelled answers of your own, this command

1. runs the pipeline on them and keeps the verdict's scores (with ``--from-logs``, reads the
   scores the same pipeline logged, checked against its model);
2. fits Platt scaling on the log-odds of those scores: ``p' = sigmoid(a * logit(p) + b)``.
   A logistic regression stays a logistic regression under it (coefficients times ``a``,
   intercept times ``a`` plus ``b``), so the recalibrated model has the same form, the same
   features and the same reasons, and the ranking (AUROC) does not change;
3. picks ``flag_threshold`` as the F1-best threshold of out-of-fold recalibrated scores
   (5 folds, 5 shuffles, the averaged F1 curve; the middle of a tie), counting the answers
   the rules flag whatever the score (a mismatched number, a contradicted record fact or
   sentence); ``block_threshold`` rises to it if it was lower;
4. saves the pipeline with the recalibrated model and threshold (``nlp.to_disk``), and
   ``recalibration.json`` beside it: ``a``, ``b``, the threshold, and out-of-fold
   calibration error and F1 before and after.

Load the result with ``spacy.load(OUTPUT_DIR)``.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy

from spacy_ground.fusion.model import VerdictModel

MIN_PER_CLASS = 10
FEW_ANSWERS = 200  # below this the fitted slope moves with a handful of answers: a warning says so
_EPS = 1e-6


def logit(p: Sequence[float]) -> numpy.ndarray:
    """Log-odds of probabilities, clipped away from 0 and 1."""
    q = numpy.clip(numpy.asarray(p, dtype="float64"), _EPS, 1 - _EPS)
    return numpy.log(q / (1 - q))


def fit_platt(
    scores: Sequence[float], labels: Sequence[bool], l2: float = 0.01, iterations: int = 100
) -> Tuple[float, float]:
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
    return VerdictModel({shape: m.with_logit(a, b) for shape, m in model.models.items()}, model.snippet_chars)


def _f1(pred: numpy.ndarray, y: numpy.ndarray) -> float:
    tp = int((pred & y).sum())
    return 2 * tp / max(int(pred.sum()) + int(y.sum()), 1)


def choose_threshold(
    scores: Sequence[float], labels: Sequence[bool], ruled: Sequence[bool], folds: int = 5, repeats: int = 5
) -> Dict[str, Any]:
    """Fit Platt scaling on ``folds - 1`` folds and recalibrate the held-out fold; the flag
    threshold is the best point of the F1 curve of those out-of-fold scores averaged over
    ``repeats`` shuffles (flagged: recalibrated score at or above it, or ``ruled``: the rules
    flag the answer whatever its score). ``f1`` is measured without looking at the answers
    it is measured on: each held-out fold at the threshold that was best on the other folds.
    Also the out-of-fold calibration error, and the one before."""
    from spacy_ground.fusion.fit import FLAG_THRESHOLDS, best_point, f1_curve, shuffled_folds
    from spacy_ground.fusion.metrics import calibration_error

    s = numpy.asarray(scores, dtype="float64")
    y = numpy.asarray(labels, dtype=bool)
    r = numpy.asarray(ruled, dtype=bool)
    if not 2 <= folds <= min(int(y.sum()), int((~y).sum())):
        raise ValueError(
            f"recalibrate: folds must be between 2 and the number of answers of the rarer label "
            f"({min(int(y.sum()), int((~y).sum()))}), not {folds}"
        )
    grid = numpy.asarray(FLAG_THRESHOLDS)
    curves, eces, held_f1 = [], [], []
    for seed in range(repeats):
        fold = shuffled_folds(len(s), folds, seed)
        out = numpy.zeros(len(s))
        flagged = numpy.zeros(len(s), dtype=bool)
        for k in range(folds):
            train, held = fold != k, fold == k
            a, b = fit_platt(s[train], y[train])
            out[held] = apply_platt(s[held], a, b)
            t = grid[best_point(f1_curve(apply_platt(s[train], a, b), y[train], grid, r[train]))]
            flagged[held] = (out[held] >= t) | r[held]
        curves.append(f1_curve(out, y, grid, r))
        eces.append(calibration_error(out.tolist(), y.tolist()))
        held_f1.append(_f1(flagged, y))
    i = best_point(numpy.mean(curves, axis=0))
    return {
        "threshold": float(grid[i]),
        "f1": float(numpy.mean(held_f1)),
        "ece_after": float(numpy.mean(eces)),
        "ece_before": calibration_error(s.tolist(), y.tolist()),
        "folds": folds,
        "repeats": repeats,
    }


def rows_from_logs(verdict, records: Sequence[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Rows (as ``evaluate.run`` makes them) from logged verdicts: each record is what
    ``check --json`` prints (the verdict under ``grounding``) or ``Grounding.to_dict()``
    itself, plus the label ``hallucinated``. Each logged score must be what this verdict's
    model gives for the logged features (for its kind of sources; for logs without
    ``sources_kind``, for either shape): recalibrating a model on another model's scores
    would be wrong, so a mismatch raises ValueError. Logs without ``flagged_by_rule`` are
    taken as flagged by a rule when their action is not "pass" although their score is under
    the logged ``flag_threshold`` (or this pipeline's); such rows are marked ``rule_guessed``."""
    from spacy_ground.sources.readers import SOURCE_KINDS

    model = verdict.lr_model
    rows = []
    for n, rec in enumerate(records, 1):
        g = rec.get("grounding") if isinstance(rec.get("grounding"), dict) else rec
        if "score" not in g or "action" not in g:
            raise ValueError(
                f"recalibrate: record {n} holds no logged verdict (a 'grounding' with 'score' and "
                "'action', as `python -m spacy_ground check --json` prints it)"
            )
        if g["score"] is not None:
            # the shapes its sources may have (a log keeps their kind, not their length)
            kinds = [g["sources_kind"]] if g.get("sources_kind") else list(SOURCE_KINDS)
            shapes = sorted({model.shape(kind, n) for kind in kinds for n in (0, 10**12)})
            try:
                again = [model.score(g["features"], shape) for shape in shapes]
            except (KeyError, TypeError):
                raise ValueError(
                    f"recalibrate: record {n}'s logged features do not fit this pipeline's verdict model"
                ) from None
            if not any(abs(x - g["score"]) <= 1e-6 for x in again):
                raise ValueError(
                    f"recalibrate: record {n} was scored {g['score']:.6f} by another verdict model "
                    f"(this pipeline's gives {' or '.join(f'{x:.6f}' for x in again)} for its features "
                    f"and {'its sources_kind' if g.get('sources_kind') else 'either kind of sources'}); "
                    "recalibrate the pipeline that wrote the logs"
                )
        guessed = "flagged_by_rule" not in g
        threshold = g.get("flag_threshold", verdict.flag_threshold)
        ruled = (
            (g["score"] is not None and g["action"] != "pass" and g["score"] < threshold)
            if guessed
            else bool(g["flagged_by_rule"])
        )
        rows.append(
            {
                "hallucinated": rec.get("hallucinated"),
                "score": g["score"],
                "action": g["action"],
                "flagged_by_rule": ruled,
                "rule_guessed": guessed,
                "cluster": n,
            }
        )
    return rows


def recalibrate(
    nlp,
    records: Sequence[Dict[str, Any]],
    folds: int = 5,
    min_per_class: int = MIN_PER_CLASS,
    progress=None,
    from_logs: bool = False,
) -> Tuple[VerdictModel, Dict[str, Any]]:
    """The recalibrated verdict model for ``nlp`` and a report, from labelled records in the
    shared data format (``answer``, ``sources``, ``question``, ``hallucinated``), or with
    ``from_logs`` from logged verdicts (see ``rows_from_logs``; nothing is run again). Answers
    the verdict finds not checkable are left out (they are flagged whatever the model says).
    Raises ValueError when there are too few answers of either label, or when the scores
    do not rank them better than chance."""
    from spacy_ground.fusion.metrics import auroc
    from spacy_ground.training.evaluate import bootstrap, run

    if "ground_verdict" not in nlp.pipe_names:
        raise ValueError("recalibrate: the pipeline has no ground_verdict")
    missing = [i for i, rec in enumerate(records) if not isinstance(rec.get("hallucinated"), bool)]
    if missing:
        raise ValueError(
            f"recalibrate: every answer needs a true/false 'hallucinated' label (record {missing[0] + 1} has none)"
        )
    # checked before the run (answers found not checkable can only lower the counts)
    labels = [rec["hallucinated"] for rec in records]
    if min(sum(labels), len(labels) - sum(labels)) < min_per_class:
        raise ValueError(
            f"recalibrate: needs at least {min_per_class} answers of each label; "
            f"got {sum(labels)} hallucinated and {len(labels) - sum(labels)} not"
        )
    rarer = min(sum(labels), len(labels) - sum(labels))
    if not 2 <= folds <= rarer:
        raise ValueError(
            f"recalibrate: folds must be between 2 and the number of answers of the rarer label ({rarer}), not {folds}"
        )
    verdict = nlp.get_pipe("ground_verdict")
    found = rows_from_logs(verdict, records) if from_logs else run(nlp, records, progress)
    rows = [r for r in found if r["score"] is not None]
    y = [r["hallucinated"] for r in rows]
    if min(sum(y), len(y) - sum(y)) < min_per_class:
        raise ValueError(
            f"recalibrate: needs at least {min_per_class} checkable answers of each label; "
            f"got {sum(y)} hallucinated and {len(y) - sum(y)} not"
        )
    scores = [r["score"] for r in rows]
    area = auroc(scores, y)
    low = bootstrap({"verdict": scores}, y, clusters=[r["cluster"] for r in rows])["auroc"]["verdict"][0]
    if not low > 0.5:
        raise ValueError(
            f"recalibrate: the verdict's scores do not rank these answers better than chance "
            f"(AUROC {area:.3f}, 95 % interval from {low:.3f}); recalibration cannot help here"
        )
    a, b = fit_platt(scores, y)
    ruled = [r["flagged_by_rule"] for r in rows]
    chosen = choose_threshold(scores, y, ruled, folds=folds)
    before = numpy.asarray([r["action"] in ("flag", "block") for r in rows])
    block = max(verdict.block_threshold, chosen["threshold"])
    report = {
        "a": a,
        "b": b,
        "flag_threshold": chosen["threshold"],
        "block_threshold": block,
        "previous_flag_threshold": verdict.flag_threshold,
        "previous_block_threshold": verdict.block_threshold,
        "answers": len(rows),
        "hallucinated": int(sum(y)),
        "auroc": area,
        "flagged_by_rule": int(sum(ruled)),
        "not_checkable_left_out": len(records) - len(rows),
        "flagged_by_rule_guessed": int(sum(r.get("rule_guessed", False) for r in rows)),
        "out_of_fold": {
            "f1": chosen["f1"],
            "ece": chosen["ece_after"],
            "folds": chosen["folds"],
            "repeats": chosen["repeats"],
        },
        "before": {"f1": _f1(before, numpy.asarray(y, dtype=bool)), "ece": chosen["ece_before"]},
        "date": date.today().isoformat(),
    }
    if verdict.model_meta.get("recalibration"):  # a and b are relative to that earlier recalibration
        report["previous"] = verdict.model_meta["recalibration"]
    return recalibrated_model(verdict.lr_model, a, b), report


def load_pipeline(
    config: Optional[str] = None, pipeline: Optional[str] = None, overrides: Optional[Dict[str, Any]] = None
):
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


def check_output(output: str, force: bool = False) -> Path:
    """The folder to save to: refused when it is a file, or a folder with files in it
    (unless ``force``), before any answer is run."""
    out = Path(output)
    if out.exists() and not out.is_dir():
        raise ValueError(f"recalibrate: {out} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()) and not force:
        raise ValueError(f"recalibrate: {out} is not empty (use --force to write into it)")
    return out


def save(
    model: VerdictModel,
    report: Dict[str, Any],
    output: str,
    config: Optional[str] = None,
    pipeline: Optional[str] = None,
) -> Path:
    """Rebuild the pipeline with the new thresholds in its config, put the recalibrated model
    in its verdict, and save it (with ``recalibration.json``) to ``output``."""
    nlp = load_pipeline(
        config,
        pipeline,
        {
            "components.ground_verdict.flag_threshold": report["flag_threshold"],
            "components.ground_verdict.block_threshold": report["block_threshold"],
        },
    )
    verdict = nlp.get_pipe("ground_verdict")
    verdict.set_model(model, meta={**verdict.model_meta, "recalibration": report})
    out = Path(output)
    nlp.to_disk(out)
    (out / "recalibration.json").write_text(json.dumps(report, indent=2), encoding="utf8")
    return out


def summary(report: Dict[str, Any]) -> str:
    """The report in two lines."""
    oof = report["out_of_fold"]
    return (
        f"recalibrated on {report['answers']} answers ({report['hallucinated']} hallucinated): "
        f"p' = sigmoid({report['a']:.3f} * logit(p) + {report['b']:.3f}); "
        f"flag_threshold {report['previous_flag_threshold']:g} -> {report['flag_threshold']:g}"
        + (
            f", block_threshold raised to it ({report['previous_block_threshold']:g} -> "
            f"{report['block_threshold']:g}: an answer flagged by its score is now blocked)"
            if report["block_threshold"] != report["previous_block_threshold"]
            else ""
        )
        + "\n"
        f"F1 {report['before']['f1']:.3f} (as the pipeline flagged them) -> {oof['f1']:.3f} (out of fold, "
        f"each fold at the threshold best on the others), calibration error {report['before']['ece']:.3f} -> "
        f"{oof['ece']:.3f} (out of fold); {report['not_checkable_left_out']} not checkable answers left out"
        + (
            f"; {report['flagged_by_rule_guessed']} logs without flagged_by_rule: taken as flagged by a rule "
            "when flagged under the threshold"
            if report.get("flagged_by_rule_guessed")
            else ""
        )
    )
