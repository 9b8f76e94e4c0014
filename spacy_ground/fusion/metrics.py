"""Answer-, sentence- and span-level metrics (pure functions over scores and labels), used by
the components' scorers for ``nlp.evaluate`` and by the evaluation tooling."""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Tuple

import numpy
from scipy.stats import rankdata

from spacy_ground.fusion.spans import char_prf


def spans_known(row: Dict[str, Any]) -> bool:
    """Whether an answer's labelled spans say which parts are hallucinated: not for an answer
    labelled hallucinated without a span (span and sentence figures leave it out)."""
    return bool(row.get("spans")) or not row.get("hallucinated")


# ------------------------------------------------------------------ metrics
def auroc(scores: Sequence[float], labels: Sequence[bool]) -> Optional[float]:
    """Area under the ROC curve (Mann-Whitney, ties count half)."""
    s = numpy.asarray(scores, dtype="float64")
    y = numpy.asarray(labels, dtype=bool)
    n_pos, n_neg = int(y.sum()), int((~y).sum())
    if n_pos == 0 or n_neg == 0:
        return None
    ranks = rankdata(s)  # ties share their average rank
    return float((ranks[y].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def weighted_auroc(scores: Sequence[float], labels: Sequence[bool], weights: numpy.ndarray) -> numpy.ndarray:
    """AUROC (ties count half) under each row of ``weights`` (resamples x answers, how often
    each answer is drawn): one figure per row, NaN where a row draws no positive or no
    negative answer. With weights of ones it equals ``auroc``."""
    s = numpy.asarray(scores, dtype="float64")
    y = numpy.asarray(labels, dtype=bool)
    w = numpy.atleast_2d(numpy.asarray(weights, dtype="float64"))
    order = numpy.argsort(s, kind="mergesort")
    starts = numpy.flatnonzero(numpy.r_[True, s[order][1:] != s[order][:-1]])  # one level per distinct score
    pos = numpy.add.reduceat(w[:, order] * y[order], starts, axis=1)
    neg = numpy.add.reduceat(w[:, order] * ~y[order], starts, axis=1)
    below = numpy.cumsum(neg, axis=1) - neg  # negative weight strictly below each level
    n_pos, n_neg = pos.sum(1), neg.sum(1)
    with numpy.errstate(invalid="ignore", divide="ignore"):
        area = (pos * (below + neg / 2)).sum(1) / (n_pos * n_neg)
    return numpy.where((n_pos > 0) & (n_neg > 0), area, numpy.nan)


def weighted_f1(pred: Sequence[bool], labels: Sequence[bool], weights: numpy.ndarray) -> numpy.ndarray:
    """F1 of fixed predictions under each row of ``weights`` (as in ``weighted_auroc``)."""
    p = numpy.asarray(pred, dtype=bool)
    y = numpy.asarray(labels, dtype=bool)
    w = numpy.atleast_2d(numpy.asarray(weights, dtype="float64"))
    tp, fp, fn = w @ (p & y), w @ (p & ~y), w @ (~p & y)
    return 2 * tp / numpy.maximum(2 * tp + fp + fn, 1e-12)


def prf(pred: Sequence[bool], labels: Sequence[bool]) -> Tuple[float, float, float]:
    tp = sum(p and y for p, y in zip(pred, labels))
    fp = sum(p and not y for p, y in zip(pred, labels))
    fn = sum(y and not p for p, y in zip(pred, labels))
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def best_f1(scores: Sequence[float], labels: Sequence[bool]) -> Dict[str, float]:
    """The F1 at the best threshold chosen on these very answers (an oracle: an upper bound)."""
    s = numpy.asarray(scores, dtype="float64")
    y = numpy.asarray(labels, dtype=bool)
    order = numpy.argsort(-s, kind="mergesort")
    s, y = s[order], y[order]
    tp = numpy.cumsum(y)
    fp = numpy.cumsum(~y)
    last = numpy.r_[s[1:] != s[:-1], True]  # thresholds between distinct scores
    tp, fp, ts = tp[last], fp[last], s[last]
    p = tp / numpy.maximum(tp + fp, 1)
    r = tp / max(int(y.sum()), 1)
    f = numpy.where(p + r > 0, 2 * p * r / numpy.maximum(p + r, 1e-12), 0.0)
    if not len(f):
        return {"threshold": None, "precision": 0.0, "recall": 0.0, "f1": 0.0}
    i = int(numpy.argmax(f))
    return {"threshold": float(ts[i]), "precision": float(p[i]), "recall": float(r[i]), "f1": float(f[i])}


def prf_counts(tp: int, fp: int, fn: int) -> Dict[str, float]:
    """Precision, recall and F1 from counts of true positives, false positives and false negatives."""
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0}


def span_f1(rows: Sequence[Dict[str, Any]], key: str = "pred_spans") -> Optional[Dict[str, float]]:
    """Character-level P/R/F1 of the predicted spans under ``key`` against labelled spans
    (micro, over the answers whose spans are known); whitespace is not counted where a row
    holds its ``text``. None for data without span labels."""
    if not any(r.get("spans") for r in rows):
        return None
    tp = fp = fn = 0
    for row in filter(spans_known, rows):
        gold = [(sp["start"], sp["end"]) for sp in row.get("spans") or []]
        a, b, c = char_prf(row.get(key) or [], gold, row.get("text"))
        tp, fp, fn = tp + a, fp + b, fn + c
    return prf_counts(tp, fp, fn)


def calibration_error(scores: Sequence[float], labels: Sequence[bool], bins: int = 10) -> float:
    """Expected calibration error: |mean score - share hallucinated| over 10 equal-width bins."""
    p = numpy.asarray(scores, dtype="float64")
    y = numpy.asarray(labels, dtype="float64")
    idx = numpy.minimum((p * bins).astype(int), bins - 1)
    return float(
        sum(abs(p[idx == b].mean() - y[idx == b].mean()) * (idx == b).sum() for b in range(bins) if (idx == b).any())
        / max(len(p), 1)
    )
