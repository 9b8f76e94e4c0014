"""Fitting the verdict model and choosing its thresholds by cross-validation on train answers
(``ground_verdict``'s ``initialize(refit=True)`` and ``evaluate fit``): the rows are checked
answers with their features, shape and label."""

from __future__ import annotations

import math
from typing import Any, Dict, List, Optional, Sequence

import numpy

from spacy_ground.fusion.features import FEATURE_SIGNS, FEATURES, absent_word_counts, source_texts
from spacy_ground.fusion.metrics import auroc, calibration_error, span_f1
from spacy_ground.fusion.model import LogisticModel, VerdictModel, shape_of_kind, snippet_shape


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


def row_shape(row: Dict[str, Any], snippet_chars: Optional[int] = None) -> str:
    """The shape of a checked row (``VerdictModel.shape``): from its ``source_kind`` and
    ``source_chars``; rows that lack them keep their stored two-way ``shape``."""
    kind = row.get("source_kind")
    if kind is None:
        return row["shape"]
    if snippet_chars is None or row.get("source_chars") is None:
        return shape_of_kind(kind)
    return snippet_shape(kind, row["source_chars"], snippet_chars)


def score_row(model: VerdictModel, row: Dict[str, Any]) -> float:
    """``model``'s score of a checked row, by the shape the model gives its sources."""
    return model.score(row["features"], row_shape(row, model.snippet_chars))


MIN_SHAPE_ANSWERS = 20  # fewer answers of a shape (or 5 of either label): the shape takes the model for all
MIN_REFERENCE_LABEL = 5  # fewer reference answers of either label in a shape: its intercept is not the reference's


def _stratum(row: Dict[str, Any]) -> str:
    """The data set a row counts in for the per-set intercepts ('' when it names none)."""
    return row.get("dataset") or ""


def fit_verdict(
    rows: Sequence[Dict[str, Any]],
    l2: float = 1.0,
    per_shape: bool = True,
    signs: Optional[Dict[str, int]] = FEATURE_SIGNS,
    snippet_chars: Optional[int] = None,
    reference: Optional[str] = None,
):
    """A VerdictModel fit on checked train rows: one logistic regression per source shape
    (``row_shape``: text / record, or with ``snippet_chars`` passages / document / snippet /
    record, a document under that many characters being a snippet) when ``per_shape``, else
    one for all, each coefficient held to its feature's sign in ``signs``
    (``features.FEATURE_SIGNS``; None: free). ``record_source`` is left out of per-shape
    models (it is constant within a shape). A shape with too few answers is scored by a model
    fit on all of them ('*').

    With ``reference`` (a data set the rows name in ``dataset``), each data set has an
    intercept of its own while the coefficients are shared (fixed effects: a set's base rate
    does not bend the others' slopes), and every model keeps the reference set's intercept, so
    a score is read at the reference set's base rate. A shape with fewer than
    ``MIN_REFERENCE_LABEL`` of the reference set's answers of either label takes the intercept of
    its largest set moved to the reference set's base rate (``prior_shift``); its ``offsets``
    stay relative to the intercept it keeps."""
    ref_rows = [r for r in rows if reference is not None and _stratum(r) == reference]
    if reference is not None and not ref_rows:
        raise ValueError(f"fit_verdict: no train answer of the reference data set {reference!r}")

    def one(group: Sequence[Dict[str, Any]], feats: Sequence[str], group_shape: str = "*") -> LogisticModel:
        X = numpy.array([[r["features"][f] for f in feats] for r in group])
        y = numpy.array([r["hallucinated"] for r in group], dtype="float64")
        if reference is None:
            return LogisticModel.fit(X, y, feats, l2=l2, signs=signs)
        strata = [_stratum(r) for r in group]
        ref_labels = [bool(r["hallucinated"]) for r in group if _stratum(r) == reference]
        if min(sum(ref_labels), len(ref_labels) - sum(ref_labels)) >= MIN_REFERENCE_LABEL:
            return LogisticModel.fit(X, y, feats, l2=l2, signs=signs, strata=strata, reference=reference)
        largest = max(sorted(set(strata)), key=strata.count)
        model = LogisticModel.fit(X, y, feats, l2=l2, signs=signs, strata=strata, reference=largest)
        # the reference set's answers of the same family of shapes (records, or prose), else all of them
        family = [r for r in ref_rows if (row_shape(r, snippet_chars) == "record") == (group_shape == "record")]
        own = [r for r in group if _stratum(r) == largest]
        shift = prior_shift(base_rate(own), base_rate(family if len(family) >= MIN_SHAPE_ANSWERS else ref_rows))
        shifted = model.with_logit(1.0, shift)
        # the sets' own intercepts stay as fit: against the moved one, each is ``shift`` lower
        shifted.offsets = {k: v - shift for k, v in model.offsets.items()}
        shifted.offsets[largest] = -shift
        return shifted

    if not per_shape:
        return VerdictModel({"*": one(rows, FEATURES)})
    if any(r.get("source_chars") is None for r in rows):
        snippet_chars = None  # rows stored before source lengths were: the two shapes
    feats = [f for f in FEATURES if f != "record_source"]
    groups: Dict[str, List[Dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault(row_shape(r, snippet_chars), []).append(r)
    models = {
        shape: one(group, feats, shape)
        for shape, group in sorted(groups.items())
        if len(group) >= MIN_SHAPE_ANSWERS and 5 <= sum(bool(r["hallucinated"]) for r in group) <= len(group) - 5
    }
    if not models:
        return VerdictModel({"*": one(rows, FEATURES)})
    if len(models) < len(groups) or (snippet_chars is None and len(models) < 2):
        models["*"] = one(rows, FEATURES)
    return VerdictModel(models, snippet_chars)


def base_rate(rows: Sequence[Dict[str, Any]]) -> float:
    """The share of hallucinated answers among ``rows``, held within [0.01, 0.99]."""
    if not rows:
        raise ValueError("base_rate: no answers")
    share = sum(bool(r["hallucinated"]) for r in rows) / len(rows)
    return min(max(share, 0.01), 0.99)


def prior_shift(old: float, new: float) -> float:
    """The log-odds to add to a score read at base rate ``old`` to read it at ``new`` (the
    answers' features being as likely under each label wherever they come from)."""
    return math.log(new / (1 - new)) - math.log(old / (1 - old))


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


def reference_fold_problem(
    rows: Sequence[Dict[str, Any]], reference: Optional[str], folds: int = 5, repeats: int = 5
) -> Optional[str]:
    """Why ``cross_validated`` with ``reference`` cannot run on ``rows`` (a training side of some
    fold would hold none of the reference set's answers: they fall in too few source
    documents), or None when it can."""
    if reference is None:
        return None
    mine = numpy.array([_stratum(r) == reference for r in rows])
    if not mine.any():
        return f"no train answer of the reference data set {reference!r}"
    for seed in range(repeats):
        fold = answer_folds(rows, folds, seed)
        for k in range(folds):
            if not (mine & (fold != k)).any():
                groups = len({r.get("group") for r, m in zip(rows, mine) if m})
                return (
                    f"the reference data set {reference!r} has answers to {groups} source document(s) only: "
                    f"every one of the {folds} folds must leave some of them to train on"
                )
    return None


def cross_validated(
    rows: Sequence[Dict[str, Any]],
    l2: float,
    per_shape: bool = True,
    folds: int = 5,
    repeats: int = 5,
    signs: Optional[Dict[str, int]] = FEATURE_SIGNS,
    snippet_chars: Optional[int] = None,
    reference: Optional[str] = None,
) -> Dict[str, Any]:
    """Out-of-fold AUROC on the train answers, and the flag threshold that maximises F1 as
    the pipeline flags (a score at or above it, or a rule): ``folds``-fold cross-validation
    repeated over ``repeats`` shuffles of the folds (grouped by source document when the rows
    name their ``group``: answers of one document never sit on both sides), the threshold the
    best of the F1 curve averaged over the repeats (0.01 to 0.99). Rows of several data sets
    (their ``dataset``) count each set alike: the curve is the mean of the sets' curves, and
    each set's out-of-fold AUROC, calibration error (ECE) and F1 are reported. With a
    ``reference`` set (``fit_verdict``'s fixed effects: scores read at its base rate), the
    curve is that set's alone. Only train answers decide: no dev answer is read."""
    problem = reference_fold_problem(rows, reference, folds, repeats)
    if problem:
        raise ValueError(f"cross_validated: {problem}")
    labels = [bool(r["hallucinated"]) for r in rows]
    y = numpy.asarray(labels, dtype=bool)
    grid = numpy.asarray(FLAG_THRESHOLDS)
    ruled = ruled_by_features(rows)
    grouped = _grouped(rows, folds)
    names = sorted({r.get("dataset") for r in rows} - {None})
    sets = (
        {d: numpy.array([r.get("dataset") == d for r in rows]) for d in names}
        if len(names) > 1 and all(r.get("dataset") for r in rows)
        else {}
    )
    of_reference = numpy.array([_stratum(r) == reference for r in rows])
    aurocs, train_curves, preds = [], [], []
    for seed in range(repeats):
        fold = answer_folds(rows, folds, seed)
        p = numpy.zeros(len(rows))
        for k in range(folds):
            model = fit_verdict(
                [r for r, f in zip(rows, fold) if f != k], l2, per_shape, signs, snippet_chars, reference
            )
            for i in numpy.flatnonzero(fold == k):
                p[i] = score_row(model, rows[i])
        aurocs.append(auroc(p.tolist(), labels))
        if reference is not None:
            m = of_reference
            train_curves.append(f1_curve(p[m], y[m], grid, ruled[m]))
        elif sets:
            train_curves.append(numpy.mean([f1_curve(p[m], y[m], grid, ruled[m]) for m in sets.values()], axis=0))
        else:
            train_curves.append(f1_curve(p, y, grid, ruled))
        preds.append(p)
    curve = numpy.mean(train_curves, axis=0)
    i = best_point(curve)
    out: Dict[str, Any] = {
        "auroc": float(numpy.mean(aurocs)),
        "f1_threshold": float(grid[i]),
        "f1": float(curve[i]),
        "folds": folds,
        "repeats": repeats,
        "grouped": grouped,
        "groups": len({r.get("group") for r in rows}) if grouped else None,
        "threshold_tuned_on": "train folds, grouped by source document" if grouped else "train folds",
    }
    if reference is not None:
        out["threshold_tuned_on"] += f", {reference} (the reference set)"
        out["reference"] = reference
    elif sets:
        out["threshold_tuned_on"] += ", each data set alike"
    if sets:
        mean_p = numpy.mean(preds, axis=0)
        out["by_dataset"] = {}
        for d, m in sets.items():
            flagged = (mean_p[m] >= grid[i]) | ruled[m]
            set_aurocs = [auroc(p[m].tolist(), y[m].tolist()) for p in preds]  # None: a set of one label
            out["by_dataset"][d] = {
                "answers": int(m.sum()),
                "auroc": None if None in set_aurocs else float(numpy.mean(set_aurocs)),
                "ece": float(calibration_error(mean_p[m].tolist(), y[m].tolist())),
                "f1": float(2 * (flagged & y[m]).sum() / max(flagged.sum() + y[m].sum(), 1)),
            }
    # the sentence thresholds from the data sets that label spans: in a set without span labels
    # a clean answer's flagged sentence would count as a false span, a hallucinated one not at all
    spanned = {_stratum(r) for r in rows if r.get("spans")}
    keep = [i for i, r in enumerate(rows) if _stratum(r) in spanned]
    span_rows = [rows[i] for i in keep]
    mean = [float(v) for v in numpy.mean(preds, axis=0)[keep]]
    span = best_sentence_threshold(span_rows, mean, out["f1_threshold"])
    if span is not None:
        out.update(sentence_threshold=span["threshold"], sentence_span_f1=span["f1"])
        if len(spanned) < len({_stratum(r) for r in rows}):
            out["sentence_threshold_tuned_on"] = sorted(spanned)
        # per kind of sources: how the evidence is read (evidence_k_by_source) moves the support scale
        by_kind = {}
        for kind in sorted({r.get("source_kind") for r in span_rows} - {None}):
            idx = [i for i, r in enumerate(span_rows) if r.get("source_kind") == kind]
            best = best_sentence_threshold([span_rows[i] for i in idx], [mean[i] for i in idx], out["f1_threshold"])
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
