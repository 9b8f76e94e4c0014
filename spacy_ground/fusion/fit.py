"""Fitting the verdict model and choosing its thresholds by cross-validation on train answers
(``ground_verdict``'s ``initialize(refit=True)`` and ``evaluate fit``): the rows are checked
answers with their features, shape and label."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

import numpy

from spacy_ground.fusion.features import FEATURE_SIGNS, FEATURES, absent_word_counts, source_texts
from spacy_ground.fusion.metrics import auroc, span_f1
from spacy_ground.fusion.model import SHAPES, LogisticModel, VerdictModel


def sentence_rows(doc, sentences_key: str = "ground_sentences") -> List[List[float]]:
    """[start, end, 1 - support, absent-word share] for each answer sentence the
    cross-encoder judged (the inputs of the sentence-level metrics)."""
    sources = source_texts(doc)
    out = []
    for sent in doc.spans.get(sentences_key, []):
        ent = sent._.entailment
        if not ent:
            continue
        n_absent, n_words = absent_word_counts(sent.text, sources)
        out.append([sent.start_char, sent.end_char, 1.0 - ent["supported"], n_absent / n_words if n_words else 0.0])
    return out


def fit_verdict(
    rows: Sequence[Dict[str, Any]],
    l2: float = 1.0,
    per_shape: bool = True,
    signs: Optional[Dict[str, int]] = FEATURE_SIGNS,
):
    """A VerdictModel fit on checked train rows: one logistic regression per source shape
    (text / record) when ``per_shape``, else one for all, each coefficient held to its
    feature's sign in ``signs`` (``features.FEATURE_SIGNS``; None: free). ``record_source``
    is left out of per-shape models (it is constant within a shape)."""

    def one(group: Sequence[Dict[str, Any]], feats: Sequence[str]) -> LogisticModel:
        X = numpy.array([[r["features"][f] for f in feats] for r in group])
        y = numpy.array([r["hallucinated"] for r in group], dtype="float64")
        return LogisticModel.fit(X, y, feats, l2=l2, signs=signs)

    if not per_shape:
        return VerdictModel({"*": one(rows, FEATURES)})
    feats = [f for f in FEATURES if f != "record_source"]
    groups = {shape: [r for r in rows if r["shape"] == shape] for shape in SHAPES}
    models = {shape: one(group, feats) for shape, group in groups.items() if len(group) >= 20}
    if len(models) < len(SHAPES):  # too few answers of a shape: one model for all
        return VerdictModel({"*": one(rows, FEATURES)})
    return VerdictModel(models)


FLAG_THRESHOLDS = tuple(round(0.01 * i, 2) for i in range(1, 100))


SENTENCE_THRESHOLDS = tuple(round(0.3 + 0.05 * i, 2) for i in range(14))  # 0.3 ... 0.95


def shuffled_folds(n: int, folds: int, seed: int) -> numpy.ndarray:
    """Fold numbers for ``n`` answers: as even as can be, shuffled with ``seed``."""
    fold = numpy.arange(n) % folds
    numpy.random.default_rng(seed).shuffle(fold)
    return fold


def grouped_folds(groups: Sequence[Any], folds: int, seed: int) -> numpy.ndarray:
    """Fold numbers for answers that keep each group (the answers of one source document)
    in one fold: the groups in an order shuffled with ``seed``, the largest first, each dealt
    to the fold with the fewest answers so far."""
    index: Dict[Any, int] = {}
    ids = numpy.array([index.setdefault(g, len(index)) for g in groups])
    sizes = numpy.bincount(ids, minlength=len(index))
    order = numpy.random.default_rng(seed).permutation(len(index))
    order = order[numpy.argsort(-sizes[order], kind="stable")]
    fold_of_group = numpy.zeros(len(index), dtype=int)
    filled = numpy.zeros(folds, dtype=int)
    for g in order:
        k = int(numpy.argmin(filled))
        fold_of_group[g] = k
        filled[k] += sizes[g]
    return fold_of_group[ids]


def answer_folds(rows: Sequence[Dict[str, Any]], folds: int, seed: int) -> numpy.ndarray:
    """Grouped folds (``grouped_folds``) when every row names its ``group`` (its sources'
    key) and there are at least ``folds`` groups, else the answers shuffled one by one
    (``shuffled_folds``)."""
    if _grouped(rows, folds):
        return grouped_folds([r["group"] for r in rows], folds, seed)
    return shuffled_folds(len(rows), folds, seed)


def _grouped(rows: Sequence[Dict[str, Any]], folds: int) -> bool:
    groups = [r.get("group") for r in rows]
    return all(g is not None for g in groups) and len(set(groups)) >= folds


def f1_curve(
    scores: numpy.ndarray, labels: numpy.ndarray, grid: Sequence[float], ruled: Optional[numpy.ndarray] = None
) -> numpy.ndarray:
    """F1 at each threshold of ``grid``; flagged: a score at or above it (or ``ruled``)."""
    flagged = numpy.asarray(scores)[None, :] >= numpy.asarray(grid)[:, None]
    if ruled is not None:
        flagged = flagged | ruled
    return 2 * (flagged & labels).sum(1) / numpy.maximum(flagged.sum(1) + labels.sum(), 1)


def best_point(curve: numpy.ndarray) -> int:
    """Index of the best point of an F1 curve; where several tie, the middle one (not the
    lowest threshold, which would flag the most)."""
    ties = numpy.flatnonzero(curve >= curve.max() - 1e-12)
    return int(ties[len(ties) // 2])


def ruled_by_features(rows: Sequence[Dict[str, Any]], contradiction_threshold: float = 0.95) -> numpy.ndarray:
    """Whether ``ground_verdict``'s rules flag each answer whatever its score (a mismatched
    number or record fact, a sentence contradicted at ``contradiction_threshold``), read from
    its features."""
    features = [r.get("features") or {} for r in rows]
    return numpy.array(
        [
            bool(
                f.get("numeric_mismatch", 0) > 0
                or f.get("record_conflict", 0) > 0
                or f.get("max_contradiction", 0) >= contradiction_threshold
            )
            for f in features
        ],
        dtype=bool,
    )


def cross_validated(
    rows: Sequence[Dict[str, Any]],
    l2: float,
    per_shape: bool = True,
    folds: int = 5,
    repeats: int = 5,
    signs: Optional[Dict[str, int]] = FEATURE_SIGNS,
) -> Dict[str, float]:
    """Out-of-fold AUROC on the train answers, and the flag threshold that maximises F1 as
    the pipeline flags (a score at or above it, or a rule): ``folds``-fold cross-validation
    repeated over ``repeats`` shuffles of the folds (grouped by source document when the rows
    name their ``group``: answers of one document never sit on both sides), the threshold the
    best of the F1 curve averaged over the repeats (0.01 to 0.99). Only train answers decide:
    no dev answer is read."""
    labels = [bool(r["hallucinated"]) for r in rows]
    y = numpy.asarray(labels, dtype=bool)
    grid = numpy.asarray(FLAG_THRESHOLDS)
    ruled = ruled_by_features(rows)
    grouped = _grouped(rows, folds)
    aurocs, train_curves, preds = [], [], []
    for seed in range(repeats):
        fold = answer_folds(rows, folds, seed)
        p = numpy.zeros(len(rows))
        for k in range(folds):
            model = fit_verdict([r for r, f in zip(rows, fold) if f != k], l2, per_shape, signs)
            for i in numpy.flatnonzero(fold == k):
                p[i] = model.score(rows[i]["features"], rows[i]["shape"])
        aurocs.append(auroc(p.tolist(), labels))
        train_curves.append(f1_curve(p, y, grid, ruled))
        preds.append(p)
    curve = numpy.mean(train_curves, axis=0)
    i = best_point(curve)
    out = {
        "auroc": float(numpy.mean(aurocs)),
        "f1_threshold": float(grid[i]),
        "f1": float(curve[i]),
        "folds": folds,
        "repeats": repeats,
        "grouped": grouped,
        "groups": len({r.get("group") for r in rows}) if grouped else None,
        "threshold_tuned_on": "train folds, grouped by source document" if grouped else "train folds",
    }
    mean = numpy.mean(preds, axis=0).tolist()
    span = best_sentence_threshold(rows, mean, out["f1_threshold"])
    if span is not None:
        out.update(sentence_threshold=span["threshold"], sentence_span_f1=span["f1"])
        # per kind of sources: how the evidence is read (evidence_k_by_source) moves the support scale
        by_kind = {}
        for kind in sorted({r.get("source_kind") for r in rows} - {None}):
            idx = [i for i, r in enumerate(rows) if r.get("source_kind") == kind]
            best = best_sentence_threshold([rows[i] for i in idx], [mean[i] for i in idx], out["f1_threshold"])
            if best is not None:
                by_kind[kind] = best
        if by_kind:
            out["sentence_threshold_by_source"] = {k: b["threshold"] for k, b in by_kind.items()}
            out["sentence_span_f1_by_source"] = {k: b["f1"] for k, b in by_kind.items()}
    return out


def best_sentence_threshold(
    rows: Sequence[Dict[str, Any]],
    scores: Sequence[float],
    flag_threshold: float,
    grid: Sequence[float] = SENTENCE_THRESHOLDS,
    contradiction_threshold: float = 0.95,
) -> Optional[Dict[str, float]]:
    """The ``sentence_threshold`` (1 - support from which a sentence becomes a flagged span,
    in flagged answers: scored at or above ``flag_threshold``, or with a mismatched number or
    record fact, or a sentence contradicted at ``contradiction_threshold``) with the best
    character-level span F1 against the labelled spans. Sentence spans only: the claim and
    record-fact spans the component adds are not counted. None without span labels or
    sentence rows."""
    if not any(r.get("spans") for r in rows) or not any(r.get("sentences") for r in rows):
        return None

    flagged = [
        score >= flag_threshold or rule for score, rule in zip(scores, ruled_by_features(rows, contradiction_threshold))
    ]
    best: Optional[Dict[str, float]] = None
    for t in grid:
        pred = [
            {
                "spans": r.get("spans") or [],
                "hallucinated": r.get("hallucinated"),
                "pred_spans": [(s[0], s[1]) for s in r.get("sentences") or [] if s[2] >= t] if flag else [],
            }
            for r, flag in zip(rows, flagged)
        ]
        f1 = (span_f1(pred) or {}).get("f1", 0.0)
        if best is None or f1 > best["f1"]:
            best = {"threshold": t, "f1": f1}
    return best
