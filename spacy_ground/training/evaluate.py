"""Answer-level evaluation: the verdict side by side with simple baselines.

    python -m spacy_ground.training.evaluate fit ragtruth_train.jsonl MODEL.json      # fit ground_verdict
    python -m spacy_ground.training.evaluate run DATA.jsonl [DATA2.jsonl ...] --output metrics.json --plots DIR

Per dataset and task: AUROC; precision, recall and F1 at the configured threshold
and at the best threshold; span-level character F1 against labelled spans;
answers per second. Baselines: the seed's four-signal score (soft: >= 1 signal,
strict: >= 3), the share of answer content words absent from the sources, the share
of answer numbers absent from the sources, numeric grounding alone, entailment alone.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import sys
import time
from collections import Counter, defaultdict
from datetime import date
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy
from spacy.language import Language

from spacy_ground.fusion.features import (
    FEATURE_SIGNS,
    absent_word_counts,
    answer_features,
    seed_signals,
    source_chars,
    source_texts,
)
from spacy_ground.fusion.fit import (
    cross_validated,
    fit_verdict,
    reference_fold_problem,
    score_row,
    sentence_rows,
)
from spacy_ground.fusion.metrics import (
    auroc,
    best_f1,
    calibration_error,
    prf,
    span_f1,
    spans_known,
    weighted_auroc,
    weighted_f1,
)
from spacy_ground.fusion.model import EMBEDDED_MODEL, save_model, source_shape
from spacy_ground.pipeline.verdict import not_checkable_reason
from spacy_ground.sources.index import sources_key
from spacy_ground.sources.readers import source_kind
from spacy_ground.training.bench import (
    check_record,
    is_hallucinated,
    is_labelled,
    markdown_cell,
    read_jsonl,
    threads_used,
)
from spacy_ground.training.corpus import read_answers

SEED = ("length_ratio", "unknown_word_rate", "question_overlap", "numeric_inconsistency")


def full_pipeline(
    with_verdict: bool = True,
    config: Optional[str] = None,
    entail: Optional[str] = None,
    overrides: Optional[Dict[str, Any]] = None,
) -> Language:
    """The default pipeline with alignment, entailment and (optionally) the verdict;
    ``entail``: another trained cross-encoder (safetensors) instead of the shipped one;
    ``overrides``: config values by dotted path, as in ``spacy.load(..., config=...)``."""
    import spacy_ground

    overrides = dict(overrides or {})
    if entail:
        overrides["components.ground_entail.model.weights"] = str(entail)
    overrides = overrides or None
    nlp = spacy_ground.load(config, overrides=overrides)
    for name, after in (("ground_align", "ground_claims"), ("ground_entail", "ground_align")):
        if name not in nlp.pipe_names:
            nlp.add_pipe(name, after=after)
    if with_verdict and "ground_verdict" not in nlp.pipe_names:
        nlp.add_pipe("ground_verdict", last=True)
    if not with_verdict and "ground_verdict" in nlp.pipe_names:
        nlp.remove_pipe("ground_verdict")
    return nlp


def run(
    nlp: Language,
    records: Sequence[Dict[str, Any]],
    progress: Optional[Callable[[int], None]] = None,
    errors: Optional[List[Dict[str, Any]]] = None,
) -> List[Dict[str, Any]]:
    """Check every record; keep features, score, predicted spans and time per answer. With
    ``errors`` (a list), a record that raises is left out and described there (position, id,
    error) and the run goes on; without it, the error propagates."""
    import spacy_ground

    rows = []
    has_verdict = "ground_verdict" in nlp.pipe_names
    sentences_key = (
        nlp.get_pipe("ground_entail").sentences_key if "ground_entail" in nlp.pipe_names else "ground_sentences"
    )
    verdict = nlp.get_pipe("ground_verdict") if has_verdict else None
    indexer = nlp.get_pipe("ground_claims").index_sources
    spacy_ground.check(nlp, "Warm-up: it cost $5 million in 2019.", sources=["It cost $5 million in 2019."])
    indexer.clear()  # every file starts with no sources indexed, as each timing pass does
    for i, rec in enumerate(records):
        if progress is not None and i % 10 == 0:
            progress(i)
        cached = sources_cached(indexer, rec)
        t0 = time.perf_counter()
        doc = check_record(nlp, rec, i, errors)
        if doc is None:
            continue
        ms = (time.perf_counter() - t0) * 1000
        g = doc._.grounding if has_verdict else None
        # the verdict already computed the features (none for not_checkable answers)
        feats = g.features if g is not None and g.features else answer_features(doc)
        shape = source_shape(doc._.ground_sources)  # as read (a passage given as an object is a text)
        # the baseline: the share of the answer's content words in no source (the verdict's
        # feature leaves out the words of grounded claims)
        sources = source_texts(doc)
        n_absent, n_words = absent_word_counts(doc.text, sources)
        # the seed's signals as the seed read them (the verdict's leave out the grounded figures)
        seed = seed_signals(doc.text, sources, doc._.ground_question)
        # a not_checkable answer has no score; for ranking metrics it gets the model's score of its features
        rank_score = verdict.rank_score(doc) if verdict is not None else None
        # why it cannot be checked (as the verdict says), also when the pipeline has no verdict
        # (``fit`` leaves such answers out, as ``ground_verdict.initialize(refit=True)`` does)
        why_not = (
            (g.reasons[0] if g.verdict == "not_checkable" else None)
            if g is not None
            else not_checkable_reason(doc, list(doc.spans.get(sentences_key, [])))
        )
        rows.append(
            {
                "shape": shape,
                "source_kind": source_kind(doc._.ground_sources),
                "source_chars": source_chars(source_texts(doc)),
                "id": rec.get("id"),
                "group": sources_key(rec.get("sources") or [])[:16],  # one source document: one fold
                "dataset": rec.get("dataset"),
                "task": rec.get("task"),
                "hallucinated": is_hallucinated(rec),
                "labelled": is_labelled(rec),
                "spans": rec.get("spans") or [],
                "answer_length": len(rec["answer"]),
                "features": feats,
                "ms": ms,
                "cached": cached,
                "absent_words": n_absent / n_words if n_words else 0.0,
                "seed": seed,
                "rank_score": rank_score,
                "score": g.score if g is not None else None,
                "verdict": g.verdict if g is not None else None,
                "action": g.action if g is not None else None,
                "not_checkable": why_not,
                "flagged_by_rule": bool(g is not None and g.flagged_by_rule),
                # answers with the same question and sources (one source document's answers by
                # several LLMs; a question's right and wrong answer) are resampled together
                "cluster": answer_cluster(rec.get("question"), rec.get("sources")),
                "pred_spans": [(s.start_char, s.end_char) for s in doc.spans.get("ground_unsupported", [])],
                # the flagged spans as they were before the token tagger: the spans' baseline
                "sentence_spans": verdict.sentence_level_spans(doc._.ground_record)
                if verdict is not None and doc._.ground_record
                else [],
                "text": doc.text,  # span figures leave its whitespace out
                "sentences": sentence_rows(doc, sentences_key),
            }
        )
    return rows


def answer_cluster(question: Optional[str], sources: Any) -> str:
    """What answers to the same question over the same sources share (a content hash): the
    bootstrap draws them together. A lone text or record counts as one source."""
    if isinstance(sources, (str, dict)):
        sources = [sources]
    return sources_key([question or ""] + [s for s in (sources or []) if s is not None])


def sentence_metrics(rows: Sequence[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    """Sentence-level AUROC against the labelled spans (a sentence is hallucinated when it
    overlaps one): the cross-encoder alone (1 - support) and the sentence's share of
    absent content words; None for data without span labels."""
    if not any(r.get("spans") for r in rows):
        return None
    labels, entail, absent = [], [], []
    for r in filter(spans_known, rows):
        for start, end, unsupported, absent_share in r.get("sentences") or []:
            labels.append(any(sp["start"] < end and start < sp["end"] for sp in r.get("spans") or []))
            entail.append(unsupported)
            absent.append(absent_share)
    return {
        "sentences": len(labels),
        "hallucinated": sum(labels),
        "entailment only": auroc(entail, labels),
        "absent content words": auroc(absent, labels),
    }


BOOTSTRAP_RESAMPLES = 1000
MIN_CLUSTERS = 10


def whole_number(least: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number of ``what``, ``least`` or more."""

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            n = least - 1
        if n < least:
            raise argparse.ArgumentTypeError(f"a whole number of {what}, {least} or more, not {text!r}")
        return n

    return parse


resample_count = whole_number(0, "resamples")  # 0: no intervals
pass_count = whole_number(1, "timing passes")


PAIRED = (("ground_verdict", "absent content words"), ("entailment only", "absent content words"))


def bootstrap(
    scores: Dict[str, Sequence[float]],
    labels: Sequence[bool],
    pred: Optional[Sequence[bool]] = None,
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = 0,
    clusters: Optional[Sequence[Any]] = None,
    chunk: int = 100,
) -> Dict[str, Any]:
    """95 % percentile intervals over ``resamples`` resamples of the answers (with replacement,
    the same resamples for every method, so differences are paired): each method's AUROC, the
    F1 of ``pred`` (the verdict's actions), and for each pair in ``PAIRED`` the AUROC
    difference with the share of resamples in which the first method ranks better.
    ``clusters``: answers with the same value are drawn together (answers to the same question
    and sources are not independent), unless there are fewer than ``MIN_CLUSTERS`` of them;
    ``chunk`` resamples are held in memory at a time."""
    n = len(labels)
    if resamples < 1:
        raise ValueError(f"bootstrap: resamples must be at least 1, not {resamples}")
    first: Dict[Any, int] = {}  # clusters numbered in order of first appearance
    member = numpy.asarray(
        [first.setdefault(c, len(first)) for c in (clusters if clusters is not None else range(n))], dtype=int
    )
    clustered = clusters is not None and len(first) >= MIN_CLUSTERS
    if not clustered:  # too few clusters to resample (one shared document): draw answers one by one
        member = numpy.arange(n)
    k = int(member.max()) + 1 if n else 0
    rng = numpy.random.default_rng(seed)
    areas: Dict[str, List[numpy.ndarray]] = {m: [] for m in scores}
    f1s: List[numpy.ndarray] = []
    for done in range(0, resamples, chunk):
        drawn = rng.multinomial(k, numpy.full(k, 1.0 / k), size=min(chunk, resamples - done))
        w = drawn[:, member]  # each answer weighs as often as its cluster was drawn
        for m, sc in scores.items():
            areas[m].append(weighted_auroc(sc, labels, w))
        if pred is not None:
            f1s.append(weighted_f1(pred, labels, w))

    def interval(x: numpy.ndarray) -> Optional[List[float]]:
        x = x[~numpy.isnan(x)]
        return [float(numpy.percentile(x, 2.5)), float(numpy.percentile(x, 97.5))] if len(x) else None

    joined = {m: numpy.concatenate(a) for m, a in areas.items()}
    out: Dict[str, Any] = {
        "resamples": resamples,
        "seed": seed,
        "clusters": k if clustered else None,
        "auroc": {m: interval(a) for m, a in joined.items()},
    }
    if pred is not None:
        out["f1_at_threshold"] = interval(numpy.concatenate(f1s))
    pairs = {}
    for a, b in PAIRED:
        if a in joined and b in joined:
            d = joined[a] - joined[b]
            ok = ~numpy.isnan(d)
            pairs[f"{a} - {b}"] = {"ci": interval(d), "share_above": float((d[ok] > 0).mean()) if ok.any() else None}
    out["paired"] = pairs
    return out


def seed_thresholds(train_rows: Sequence[Dict[str, Any]]) -> Dict[str, float]:
    """Where each seed signal flags: beyond the 75th percentile of clean train answers
    (question overlap: below the 25th)."""
    clean = [seed_of(r) for r in train_rows if not r["hallucinated"]]
    out = {}
    for f in SEED:
        values = numpy.array([c[f] for c in clean])
        out[f] = float(numpy.percentile(values, 25 if f == "question_overlap" else 75))
    return out


def seed_of(row: Dict[str, Any]) -> Dict[str, float]:
    """The seed's four signals of a row as the seed read them: its ``seed``, or (rows stored
    before they were kept apart from the verdict's features) its features."""
    return row.get("seed") or row["features"]


def seed_count(features: Dict[str, float], thresholds: Dict[str, float]) -> int:
    return sum((features[f] < t) if f == "question_overlap" else (features[f] > t) for f, t in thresholds.items())


def method_scores(rows: Sequence[Dict[str, Any]], seed: Dict[str, float]) -> Dict[str, List[float]]:
    """Score per answer for each method (higher = more likely hallucinated)."""
    f = [r["features"] for r in rows]
    # rows stored before the baseline was kept apart from the feature have only the feature
    absent = [r["absent_words"] if "absent_words" in r else r["features"]["absent_words"] for r in rows]
    if seed is None:
        seed = seed_thresholds(rows)
    out = {
        "seed four signals": [float(seed_count(seed_of(r), seed)) for r in rows],
        "absent content words": absent,
        "absent numbers": [seed_of(r)["numeric_inconsistency"] for r in rows],
        "numeric grounding only": [x["numeric_mismatch"] * 2 + x["numeric_unsupported"] for x in f],
        "entailment only": [1 - x["min_support"] for x in f],
    }
    if all(r["rank_score"] is not None for r in rows):
        out["ground_verdict"] = [r["rank_score"] for r in rows]
    return out


# caches keyed by what an answer or its sources say (not tables or models loaded once): a timing
# pass empties them, so that it reads every answer as the first pass did
INPUT_CACHES = (
    ("checks.changes", "_key_pattern"),
    ("text.dates", "_dateparser_day"),
    ("fusion.features", "source_vocabulary"),
    ("text.normalize", "_is_comma_list"),
    ("text.normalize", "_digit_comma_runs"),
    ("checks.records", "_parsed"),
    ("sources.readers", "_text_kind"),
    ("text.units", "_parse_unit"),
    ("text.units", "_quantulum_unit"),
)


def clear_input_caches() -> None:
    """Empty the caches of ``INPUT_CACHES``."""
    import importlib

    for module, name in INPUT_CACHES:
        getattr(importlib.import_module(f"spacy_ground.{module}"), name).cache_clear()


def sources_cached(indexer: Any, rec: Dict[str, Any]) -> bool:
    """Whether the source index already holds this record's sources (as ``make_doc`` reads them)."""
    from spacy_ground.sources.readers import read_sources

    return indexer.has(read_sources(rec.get("sources")) or [])


def timing_rounds(
    nlp: Language, records: Sequence[Dict[str, Any]], rounds: int, progress: Optional[Callable[[int], None]] = None
) -> List[List[Tuple[float, bool]]]:
    """(milliseconds, sources cached) per answer in each of ``rounds`` more passes over
    ``records``, each from an empty source cache (and empty ``INPUT_CACHES``), as ``run``'s
    pass starts, so that an answer's sources are new or cached as in that pass."""
    import spacy_ground

    indexer = nlp.get_pipe("ground_claims").index_sources
    out: List[List[Tuple[float, bool]]] = [[] for _ in records]
    for r in range(rounds):
        indexer.clear()
        clear_input_caches()
        for i, rec in enumerate(records):
            if progress is not None and i % 10 == 0:
                progress(r * len(records) + i)
            cached = sources_cached(indexer, rec)
            t0 = time.perf_counter()
            spacy_ground.check(nlp, rec["answer"], sources=rec.get("sources") or [], question=rec.get("question"))
            out[i].append(((time.perf_counter() - t0) * 1000, cached))
    return out


def add_timing_rounds(rows: Sequence[Dict[str, Any]], extra: Sequence[Sequence[Tuple[float, bool]]]) -> None:
    """Each row's ``ms_rounds``: its milliseconds in the first pass, then in each further one;
    ``cache_mismatch`` when a further pass found its sources cached where the first did not,
    or the other way round (each pass starts with none, so it should not happen)."""
    for row, passes in zip(rows, extra):
        row["ms_rounds"] = [row["ms"]] + [ms for ms, _ in passes]
        row["cache_mismatch"] = any(cached != row.get("cached") for _, cached in passes)


def pass_medians(rows: Sequence[Dict[str, Any]]) -> Optional[List[float]]:
    """The median answer's milliseconds in each timing pass (None unless every row has the
    same number of passes, two or more)."""
    counts = {len(r.get("ms_rounds") or ()) for r in rows}
    if not rows or len(counts) != 1 or min(counts) < 2:
        return None
    return [float(numpy.median([r["ms_rounds"][k] for r in rows])) for k in range(counts.pop())]


def evaluate_rows(
    rows: Sequence[Dict[str, Any]], seed: Dict[str, float], threshold: float, resamples: int = BOOTSTRAP_RESAMPLES
) -> Dict[str, Any]:
    """Metrics per dataset/task group and per method, with bootstrap intervals over
    ``resamples`` resamples of the answers (0: none)."""
    groups: Dict[str, List[Dict[str, Any]]] = defaultdict(list)
    tasks = defaultdict(set)
    for r in rows:
        tasks[r.get("dataset") or "data"].add(r.get("task"))
    for r in rows:
        name = r.get("dataset") or "data"
        groups[f"{name}/all"].append(r)
        if r.get("task") and len(tasks[name]) > 1:
            groups[f"{name}/{r['task']}"].append(r)
    out: Dict[str, Any] = {}
    for name, everything in sorted(groups.items()):
        # label metrics on labelled answers only; an unlabelled answer counts towards the
        # verdicts, actions and speed, never as a clean answer
        group = [r for r in everything if r.get("labelled", True)]
        labels = [r["hallucinated"] for r in group]
        res: Dict[str, Any] = {"answers": len(everything), "labelled": len(group), "hallucinated": sum(labels)}
        actions = [r.get("action") for r in everything]
        if any(actions):
            res["flagged_share"] = sum(a in ("flag", "block") for a in actions) / len(everything)
            res["blocked_share"] = sum(a == "block" for a in actions) / len(everything)
        scores_by_method = method_scores(group, seed) if group else {}
        pred = None
        for method, scores in scores_by_method.items():
            m: Dict[str, Any] = {"auroc": auroc(scores, labels), "best": best_f1(scores, labels)}
            if method == "seed four signals":
                for label, k in (("soft", 1), ("strict", 3)):
                    p, r, f1 = prf([s >= k for s in scores], labels)
                    m[label] = {"precision": p, "recall": r, "f1": f1}
            if method == "ground_verdict":
                # what the component does: its action (flag at the threshold, on a mismatched number
                # and on every not_checkable answer)
                pred = [
                    r["action"] in ("flag", "block") if r.get("action") else s >= threshold
                    for r, s in zip(group, scores)
                ]
                p, r, f1 = prf(pred, labels)
                m["at_threshold"] = {"threshold": threshold, "precision": p, "recall": r, "f1": f1}
                m["span_f1"] = span_f1(group)
                m["sentence_span_f1"] = span_f1(group, "sentence_spans")
                m["ece"] = calibration_error(scores, labels)
            res[method] = m
        if resamples and 0 < sum(labels) < len(labels):
            res["bootstrap"] = bootstrap(
                scores_by_method, labels, pred, resamples, clusters=[r.get("cluster", i) for i, r in enumerate(group)]
            )
        res["sentence_level"] = sentence_metrics(group)
        res["not_checkable"] = sum(r["verdict"] == "not_checkable" for r in everything)
        ms = [r["ms"] for r in everything]
        cold = [r["ms"] for r in everything if not r.get("cached")]
        warm = [r["ms"] for r in everything if r.get("cached")]
        res["ms_median"] = float(numpy.median(ms)) if ms else None
        res["answers_per_second"] = 1000 / res["ms_median"] if ms else None  # for a median answer
        res["ms_median_new_sources"] = float(numpy.median(cold)) if cold else None
        res["ms_median_cached_sources"] = float(numpy.median(warm)) if warm else None
        passes = pass_medians(everything)
        if passes:
            # whole passes, each its median answer; the median pass stands for the run, so one
            # pass slowed by other work on a shared machine does not decide the figure
            res["timing_passes"] = len(passes)
            res["answers_per_second_passes"] = [1000 / ms for ms in passes]
            res["answers_per_second_median_pass"] = 1000 / float(numpy.median(passes))
            res["timing_cache_mismatches"] = sum(bool(r.get("cache_mismatch")) for r in everything)
        out[name] = res
    return out


MIN_PER_LABEL_FOR_INTERVALS = 5


def _label_counts(res: Dict[str, Any]) -> Tuple[int, int]:
    """(hallucinated, clean) labelled answers of a group's metrics."""
    labelled = res.get("labelled", res["answers"])
    hallucinated = res.get("hallucinated", 0)
    return hallucinated, labelled - hallucinated


def markdown(metrics: Dict[str, Any]) -> str:
    """The answer table (AUROC and best F1 per method, per dataset/task) and, for data with
    labelled spans, the sentence-level table."""
    methods = [
        "ground_verdict",
        "entailment only",
        "numeric grounding only",
        "absent content words",
        "absent numbers",
        "seed four signals",
    ]
    lines = [
        "| data / task | answers | "
        + " | ".join(f"{m} AUROC (oracle F1)" for m in methods)
        + " | seed F1 soft / strict | verdict P / R / F1 @thr | verdict ECE | not checkable | span F1 | answers/s |",
        "|---" * (len(methods) + 8) + "|",
    ]
    for name, res in metrics.items():
        cells = []
        for m in methods:
            x = res.get(m)
            cells.append("-" if not x or x["auroc"] is None else f"{x['auroc']:.3f} ({x['best']['f1']:.2f})")
        v = res.get("ground_verdict") or {}
        at = v.get("at_threshold")
        sf = (v.get("span_f1") or {}).get("f1")
        seed = res.get("seed four signals", {})
        soft, strict = seed.get("soft", {}).get("f1"), seed.get("strict", {}).get("f1")
        aps = res.get("answers_per_second")
        per_pass = res.get("answers_per_second_passes")
        aps_cell = "-" if aps is None else f"{aps:.1f}"
        if per_pass:
            aps_cell = f"{res['answers_per_second_median_pass']:.1f} ({' / '.join(f'{x:.1f}' for x in per_pass)})"
        at_cell = "-" if not at else f"{at['precision']:.2f} / {at['recall']:.2f} / {at['f1']:.2f}"
        seed_cell = "-" if soft is None else f"{soft:.2f} / {strict:.2f}"
        lines.append(
            f"| {markdown_cell(name)} | {res['answers']} | "
            + " | ".join(cells)
            + f" | {seed_cell} | {at_cell} | {'-' if v.get('ece') is None else round(v['ece'], 3)}"
            + f" | {res.get('not_checkable', 0)}"
            + f" | {'-' if sf is None else f'{sf:.2f}'} | {aps_cell} |"
        )
    passes = {res["timing_passes"] for res in metrics.values() if res.get("timing_passes")}
    if passes:
        lines += [
            "",
            f"answers/s: every answer timed in {' or '.join(map(str, sorted(passes)))} passes over the file, "
            "each from an empty source cache (the first pass computes the metrics); 1000 / the median answer's "
            "milliseconds of the median pass, each pass's figure in brackets.",
        ]
    mismatched = sum(res.get("timing_cache_mismatches") or 0 for res in metrics.values())
    if mismatched:
        lines += ["", f"{mismatched} answers found their sources indexed in one timing pass and not in another."]
    one_label = [name for name, res in metrics.items() if sum(_label_counts(res)) and 0 in _label_counts(res)]
    if one_label:
        shares = "; ".join(
            f"{name}: {metrics[name]['flagged_share']:.1%} flagged or blocked"
            for name in one_label
            if metrics[name].get("flagged_share") is not None
        )
        lines += [
            "",
            f"AUROC, the best F1 and the bootstrap intervals are undefined where every labelled answer has the "
            f"same label ({', '.join(one_label)}): '-'; P / R / F1 at the threshold still count the flags"
            + (f" ({shares})." if shares else "."),
        ]
    unlabelled = {name: res for name, res in metrics.items() if res.get("labelled", res["answers"]) < res["answers"]}
    if unlabelled:
        lines += [
            "",
            "Answers without a label ('hallucinated' or 'spans') count in the speed, the not-checkable "
            "count and the actions only:",
            "",
        ]
        lines += [
            f"- {name}: {res['answers'] - res['labelled']} of {res['answers']} unlabelled; "
            + (
                ""
                if res.get("flagged_share") is None
                else f"flagged or blocked {res['flagged_share']:.1%}, blocked {res['blocked_share']:.1%} (all answers)"
            )
            for name, res in unlabelled.items()
        ]
    boot = {name: res["bootstrap"] for name, res in metrics.items() if res.get("bootstrap")}
    # with a handful of answers of one label every resample ranks them alike: no interval to speak of
    few = [name for name in boot if min(_label_counts(metrics[name])) < MIN_PER_LABEL_FOR_INTERVALS]
    boot = {name: b for name, b in boot.items() if name not in few}
    if few:
        lines += [
            "",
            f"No bootstrap intervals for {', '.join(few)}: fewer than {MIN_PER_LABEL_FOR_INTERVALS} "
            "labelled answers of one label.",
        ]
    if boot:

        def ci(x: Optional[List[float]]) -> str:
            return "-" if not x else f"{x[0]:.3f} to {x[1]:.3f}"

        def paired(b: Dict[str, Any], key: str) -> str:
            d = b["paired"].get(key)
            return "-" if not d or not d["ci"] else f"{ci(d['ci'])} ({d['share_above']:.1%})"

        n = next(iter(boot.values()))["resamples"]
        lines += [
            "",
            f"95 % bootstrap intervals ({n} resamples, seed 0, of the answers in clusters: answers to the "
            "same question and sources are drawn together; differences are paired, with the share of resamples "
            "in which the first method ranks better):",
            "",
            "| data / task | verdict AUROC | verdict F1 @thr | entailment only AUROC | absent content words AUROC "
            "| verdict - absent words | entailment only - absent words |",
            "|---" * 7 + "|",
        ]
        lines += [
            f"| {markdown_cell(name)} | {ci(b['auroc'].get('ground_verdict'))} | {ci(b.get('f1_at_threshold'))} "
            f"| {ci(b['auroc'].get('entailment only'))} | {ci(b['auroc'].get('absent content words'))} "
            f"| {paired(b, 'ground_verdict - absent content words')} "
            f"| {paired(b, 'entailment only - absent content words')} |"
            for name, b in boot.items()
        ]
    spans = {
        name: res["ground_verdict"]
        for name, res in metrics.items()
        if (res.get("ground_verdict") or {}).get("span_f1") is not None
    }
    if spans:

        def prf_cell(x: Optional[Dict[str, float]]) -> str:
            return "-" if not x else f"{x['precision']:.3f} / {x['recall']:.3f} / {x['f1']:.3f}"

        lines += [
            "",
            "Flagged spans (characters, micro-averaged over the answers whose spans are known, whitespace "
            "not counted; spans only in answers the verdict flags or blocks):",
            "",
            "| data / task | flagged spans P / R / F1 | before the token tagger: whole sentences P / R / F1 |",
            "|---|---|---|",
        ]
        lines += [
            f"| {markdown_cell(name)} | {prf_cell(v['span_f1'])} | {prf_cell(v.get('sentence_span_f1'))} |"
            for name, v in spans.items()
        ]
    sentence = {name: res["sentence_level"] for name, res in metrics.items() if res.get("sentence_level")}
    if sentence:

        def fmt(x: Optional[float]) -> str:
            return "-" if x is None else f"{x:.3f}"

        lines += [
            "",
            "Sentence level (a sentence is hallucinated when it overlaps a labelled span):",
            "",
            "| data / task | sentences | hallucinated | entailment only (1 - support) AUROC | absent content words AUROC |",
            "|---|---|---|---|---|",
        ]
        lines += [
            f"| {markdown_cell(name)} | {x['sentences']} | {x['hallucinated']} | {fmt(x['entailment only'])} "
            f"| {fmt(x['absent content words'])} |"
            for name, x in sentence.items()
        ]
    return "\n".join(lines)


def plots(rows: Sequence[Dict[str, Any]], seed: Dict[str, float], out_dir: str, tag: str) -> List[str]:
    """ROC and precision-recall curves (PNG) for every method."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = numpy.array([r["hallucinated"] for r in rows])
    paths = []
    for kind in ("roc", "pr"):
        fig, ax = plt.subplots(figsize=(6, 5))
        for method, scores in method_scores(rows, seed).items():
            s = numpy.asarray(scores)
            ts = numpy.unique(s)[::-1]
            xs, ys = [], []
            for t in ts:
                pred = s >= t
                tp = (pred & labels).sum()
                fp = (pred & ~labels).sum()
                fn = (~pred & labels).sum()
                if kind == "roc":
                    xs.append(fp / max(1, (~labels).sum()))
                    ys.append(tp / max(1, labels.sum()))
                else:
                    xs.append(tp / max(1, tp + fn))
                    ys.append(tp / max(1, tp + fp))
            xs = ([0.0] if kind == "roc" else []) + xs
            ys = ([0.0] if kind == "roc" else []) + ys
            ax.plot(xs, ys, label=method)
        ax.set_xlabel("false positive rate" if kind == "roc" else "recall")
        ax.set_ylabel("true positive rate" if kind == "roc" else "precision")
        ax.set_title(f"{'ROC' if kind == 'roc' else 'Precision-recall'}: {tag}")
        ax.legend(fontsize=7)
        Path(out_dir).mkdir(parents=True, exist_ok=True)
        path = str(Path(out_dir) / f"{kind}_{tag}.png")
        fig.tight_layout()
        fig.savefig(path, dpi=100)
        plt.close(fig)
        paths.append(path)
    return paths


# ------------------------------------------------------------------ commands
def _progress(n: int, label: str) -> Callable[[int], None]:
    t0 = time.perf_counter()

    def show(i: int) -> None:
        rate = i / max(1e-9, time.perf_counter() - t0)
        left = (n - i) / rate if rate else 0
        print(f"\r{label}: {i}/{n} {rate:.1f} answers/s, {left:.0f}s left", end="", file=sys.stderr, flush=True)

    return show


def parse_overrides(items: Optional[Sequence[str]]) -> Dict[str, Any]:
    """``["components.ground_entail.evidence_k=2", ...]`` as config overrides (values read as JSON
    where they parse, e.g. ``true``, ``2``, ``0.5``; else as strings)."""
    overrides: Dict[str, Any] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise SystemExit(f"--set expects SECTION.KEY=VALUE, not {item!r}")
        value = value.strip()
        try:
            overrides[key.strip()] = json.loads(value)
        except ValueError:
            overrides[key.strip()] = value
    return overrides


def threshold_config(cv: Dict[str, Any]) -> str:
    """The thresholds ``cross_validated`` chose, as the lines of ``[components.ground_verdict]``
    to put in a config."""
    lines = ["[components.ground_verdict]", f"flag_threshold = {cv['f1_threshold']:g}"]
    if "sentence_threshold" in cv:
        lines.append(f"sentence_threshold = {cv['sentence_threshold']:g}")
    if cv.get("sentence_threshold_by_source"):
        lines += ["", "[components.ground_verdict.sentence_threshold_by_source]"]
        lines += [f"{kind} = {t:g}" for kind, t in sorted(cv["sentence_threshold_by_source"].items())]
    return "\n".join(lines)


def cmd_fit(args: argparse.Namespace) -> int:

    from spacy_ground.training.train_entail import train_part

    if args.from_features:
        if args.set or args.entail:
            raise SystemExit(
                "--from-features refits on stored features: --set and --entail would change nothing; "
                "drop them, or run the pipeline again without --from-features"
            )
        rows = [json.loads(line) for line in open(args.from_features, encoding="utf8") if line.strip()]
        train = (
            {
                r["id"]: r.get("sources")
                for path in args.train
                if Path(path).exists()
                for r in read_jsonl(path)
                if r.get("id") is not None
            }
            if any("source_kind" not in r or "group" not in r for r in rows)
            else {}
        )
        for r in rows:  # rows written before shapes, kinds of sources and groups were recorded
            r.setdefault("shape", "record" if r["features"].get("record_source") else "text")
            if r.get("id") in train:
                r.setdefault("source_kind", source_kind(train[r["id"]]))
                r.setdefault("group", sources_key(train[r["id"]] or [])[:16])
    else:
        nlp = full_pipeline(with_verdict=False, entail=args.entail, overrides=parse_overrides(args.set))
        rows = []
        for path in args.train:
            records = [r for r in read_jsonl(path) if args.part == "all" or train_part(r) == args.part]
            rows += run(nlp, records, _progress(len(records), f"features of {Path(path).name}"))
            print(file=sys.stderr)
    left_out = Counter(r["not_checkable"] for r in rows if r.get("not_checkable"))
    if left_out:  # no verdict to learn from them (rows stored before the field keep every answer)
        rows = [r for r in rows if not r.get("not_checkable")]
        print(
            f"left out {sum(left_out.values())} answers that cannot be checked: "
            + "; ".join(f"{n} {why}" for why, n in left_out.most_common()),
            file=sys.stderr,
        )
    per_shape = not args.one_model
    signs = None if args.free_signs else dict(FEATURE_SIGNS)
    reference = args.reference_set
    if reference is not None and not any(r.get("dataset") == reference for r in rows):
        named = sorted({str(r.get("dataset")) for r in rows})
        raise SystemExit(f"--reference-set {reference!r}: no train answer of that data set (they are: {named})")
    problem = reference_fold_problem(rows, reference)
    if problem:
        raise SystemExit(f"--reference-set {reference!r}: {problem}")
    model = fit_verdict(rows, args.l2, per_shape, signs, args.snippet_chars, reference)
    seed = seed_thresholds(rows)
    cv = cross_validated(rows, args.l2, per_shape, signs=signs, snippet_chars=args.snippet_chars, reference=reference)
    save_model(
        model,
        args.output,
        meta={
            "train": [Path(path).name for path in args.train],
            "part": args.part,
            "answers": len(rows),
            "left_out": dict(left_out),
            "l2": args.l2,
            "per_shape": per_shape,
            "snippet_chars": model.snippet_chars,
            "reference_set": reference,
            "signs": signs,
            "seed_thresholds": seed,
            "date": date.today().isoformat(),
            "cross_validated": cv,
        },
    )
    scores = [score_row(model, r) for r in rows]
    train_auc = auroc(scores, [bool(r["hallucinated"]) for r in rows])
    print(
        f"fit on {len(rows)} answers; train AUROC {train_auc:.3f}; {cv['folds']}-fold AUROC {cv['auroc']:.3f} "
        f"(mean of {cv['repeats']} shuffles), "
        f"F1-best threshold {cv['f1_threshold']:.2f} (F1 {cv['f1']:.3f} on {cv['threshold_tuned_on']})"
        + (
            f"; span-F1-best sentence_threshold {cv['sentence_threshold']:.2f} (sentence span F1 "
            f"{cv['sentence_span_f1']:.3f})"
            if "sentence_threshold" in cv
            else ""
        )
        + (
            "; by kind of sources "
            + ", ".join(
                f"{k} {t:.2f} ({cv['sentence_span_f1_by_source'][k]:.3f})"
                for k, t in cv["sentence_threshold_by_source"].items()
            )
            if "sentence_threshold_by_source" in cv
            else ""
        )
        + f"; wrote {args.output}",
        file=sys.stderr,
    )
    for name, m in (cv.get("by_dataset") or {}).items():
        set_auroc = "n/a (one label)" if m["auroc"] is None else f"{m['auroc']:.3f}"
        print(
            f"  {name}: {m['answers']} answers, {cv['folds']}-fold AUROC {set_auroc}, ECE {m['ece']:.3f}, "
            f"F1 {m['f1']:.3f} at {cv['f1_threshold']:.2f}",
            file=sys.stderr,
        )
    print(
        "Thresholds for configs/default.cfg (a test checks that they match the shipped model's):\n"
        + threshold_config(cv),
        file=sys.stderr,
    )
    if args.features:
        Path(args.features).write_text("\n".join(json.dumps(r) for r in rows), encoding="utf8")
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    if args.plots and importlib.util.find_spec("matplotlib") is None:
        raise SystemExit('--plots needs matplotlib: pip install -e ".[eval]" (or leave out --plots)')
    model_file = Path(args.model) if args.model else EMBEDDED_MODEL
    seed = json.loads(model_file.read_text(encoding="utf8")).get("meta", {}).get("seed_thresholds")
    nlp = full_pipeline(with_verdict=True, entail=args.entail, overrides=parse_overrides(args.set))
    if args.model:
        nlp.get_pipe("ground_verdict").model_path = model_file
    threshold = nlp.get_pipe("ground_verdict").flag_threshold
    print(f"threads: {threads_used(nlp)}", file=sys.stderr)
    all_metrics: Dict[str, Any] = {}
    for path in args.data:
        records = list(read_answers(path))
        if args.limit:
            records = records[: args.limit]
        rows = run(nlp, records, _progress(len(records), Path(path).stem))
        print(file=sys.stderr)
        if args.timing_passes > 1:
            extra = timing_rounds(
                nlp,
                records,
                args.timing_passes - 1,
                _progress(len(records) * (args.timing_passes - 1), f"{Path(path).stem} timing"),
            )
            add_timing_rounds(rows, extra)
            print(file=sys.stderr)
        if args.features:
            with open(args.features, "a", encoding="utf8") as out:
                out.writelines(json.dumps(r) + "\n" for r in rows)
        metrics = evaluate_rows(rows, seed, threshold, args.bootstrap)
        all_metrics.update(metrics)
        if args.plots:
            plots(rows, seed, args.plots, Path(path).stem)
    table = markdown(all_metrics)
    print(table)
    meta = {
        "date": date.today().isoformat(),
        "data": [str(p) for p in args.data],
        "pipeline": nlp.pipe_names,
        "threads": threads_used(nlp),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "command": "python -m spacy_ground.training.evaluate "
        + " ".join(sys.argv[1:] if args.argv is None else args.argv),
    }
    if args.output:
        Path(args.output).parent.mkdir(parents=True, exist_ok=True)
        Path(args.output).write_text(
            json.dumps({"meta": meta, "answers": all_metrics, "markdown": table}, indent=2), encoding="utf8"
        )
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m spacy_ground.training.evaluate", description=__doc__.split("\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fit", help="fit the ground_verdict model on train files")
    f.add_argument(
        "train", nargs="+", help="train files (JSONL); with several data sets, each counts alike for the flag threshold"
    )
    f.add_argument("output")
    f.add_argument("--l2", type=float, default=1.0)
    f.add_argument(
        "--free-signs",
        action="store_true",
        help="let every coefficient take either sign (default: each held to features.FEATURE_SIGNS)",
    )
    f.add_argument(
        "--part",
        default="verdict",
        choices=["verdict", "adapt", "all"],
        help="which source-disjoint part of the train file (stages 2 to 4 of the entailment model train on 'adapt')",
    )
    f.add_argument("--features", help="also write the per-answer features (JSONL) here")
    f.add_argument("--entail", help="a trained cross-encoder (safetensors) instead of the shipped one")
    f.add_argument("--from-features", help="fit on rows a previous fit wrote with --features (no pipeline run)")
    f.add_argument("--one-model", action="store_true", help="one model for all inputs instead of one per source shape")
    f.add_argument(
        "--snippet-chars",
        type=whole_number(1, "characters"),
        default=None,
        metavar="N",
        help="four shapes instead of text / record: passages, document, record, and a 'snippet' (one "
        "source text under N characters) with a model of its own",
    )
    f.add_argument(
        "--reference-set",
        default=None,
        metavar="NAME",
        help="fixed effects: each data set (the rows' 'dataset') has an intercept of its own while the "
        "coefficients are shared; the model keeps this set's intercept (a shape without its answers is "
        "moved to its base rate) and the flag threshold is chosen on its answers",
    )
    f.add_argument(
        "--set",
        action="append",
        metavar="SECTION.KEY=VALUE",
        help="override a pipeline config value, e.g. components.ground_entail.evidence_k=2 (repeatable)",
    )
    f.set_defaults(func=cmd_fit)
    r = sub.add_parser("run", help="metrics of the verdict and the baselines on data files")
    r.add_argument("data", nargs="+")
    r.add_argument("--model", help="verdict model JSON (default: the shipped one)")
    r.add_argument("--output")
    r.add_argument("--plots", help="folder for ROC and precision-recall PNGs")
    r.add_argument("--limit", type=int, default=0)
    r.add_argument(
        "--timing-passes",
        type=pass_count,
        default=1,
        metavar="N",
        help="time every answer in N passes over each file, each from an empty source cache (the first "
        "computes the metrics); answers/s of the median pass, each pass's in brackets",
    )
    r.add_argument("--entail", help="a trained cross-encoder (safetensors) instead of the shipped one")
    r.add_argument("--features", help="also append the per-answer rows (JSONL) to this file")
    r.add_argument(
        "--bootstrap",
        type=resample_count,
        default=BOOTSTRAP_RESAMPLES,
        metavar="N",
        help="resamples of the answers for the 95 %% intervals (0: none)",
    )
    r.add_argument(
        "--set",
        action="append",
        metavar="SECTION.KEY=VALUE",
        help="override a pipeline config value, e.g. components.ground_entail.model.quantize=true (repeatable)",
    )
    r.set_defaults(func=cmd_run, argv=None)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
