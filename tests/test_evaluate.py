"""Metric functions of the evaluation: AUROC with ties, oracle F1, span F1."""

import json

import pytest

from spacy_ground.fusion.metrics import auroc, best_f1, prf, span_f1


@pytest.mark.parametrize(
    "scores, labels, expected",
    [
        ([0.1, 0.2, 0.8, 0.9], [False, False, True, True], 1.0),
        ([0.9, 0.8, 0.2, 0.1], [False, False, True, True], 0.0),
        ([0.5, 0.5, 0.5, 0.5], [False, True, False, True], 0.5),  # ties count half
        ([0.1, 0.4, 0.35, 0.8], [False, False, True, True], 0.75),
        ([0.3, 0.3], [True, True], None),  # one class only: undefined
    ],
)
def test_auroc(scores, labels, expected):
    assert auroc(scores, labels) == (pytest.approx(expected) if expected is not None else None)


def test_best_f1_is_the_oracle_threshold():
    b = best_f1([0.1, 0.4, 0.35, 0.8], [False, False, True, True])
    assert b["threshold"] == 0.35 and b["f1"] == pytest.approx(0.8)
    assert prf([True, True, True, False], [True, True, False, False]) == pytest.approx((2 / 3, 1.0, 0.8))


def test_span_f1_counts_characters_and_skips_unlabelled_data():
    rows = [{"spans": [{"start": 0, "end": 10}], "pred_spans": [(5, 15)]}]
    assert span_f1(rows) == pytest.approx({"precision": 0.5, "recall": 0.5, "f1": 0.5})
    assert span_f1([{"spans": [], "pred_spans": [(0, 3)]}]) is None
    assert span_f1(rows + [{"pred_spans": [(0, 3)]}])["precision"] < 0.5  # a row without "spans" counts as clean


def test_sentence_metrics_label_sentences_by_overlap():
    from spacy_ground.training.evaluate import sentence_metrics

    rows = [
        {
            "spans": [{"start": 10, "end": 20}],
            "sentences": [
                [0, 10, 0.9, 0.5],  # touches the span: not hallucinated
                [10, 30, 0.8, 0.1],  # overlaps it
                [30, 40, 0.1, 0.0],
            ],
        },
        {"spans": [], "sentences": [[0, 5, 0.2, 0.3]]},
    ]
    m = sentence_metrics(rows)
    assert (m["sentences"], m["hallucinated"]) == (4, 1)
    assert m["entailment only"] == pytest.approx(2 / 3)  # 0.8 ranks above 0.1 and 0.2, below 0.9
    assert m["absent content words"] == pytest.approx(1 / 3)
    assert sentence_metrics([{"spans": [], "sentences": [[0, 5, 0.2, 0.3]]}]) is None  # no span labels
    assert sentence_metrics([rows[0], {"sentences": [[0, 5, 0.2, 0.3]]}])["sentences"] == 4  # a row without "spans"


def test_an_answer_labelled_hallucinated_without_spans_is_left_out_of_span_figures():
    """Its sentences are not known to be clean, nor its flagged characters false alarms."""
    from spacy_ground.training.evaluate import sentence_metrics

    labelled = {
        "hallucinated": True,
        "spans": [{"start": 0, "end": 10}],
        "pred_spans": [(0, 10)],
        "sentences": [[0, 10, 0.9, 0.5], [10, 20, 0.1, 0.0]],
    }
    no_spans = {"hallucinated": True, "spans": [], "pred_spans": [(0, 20)], "sentences": [[0, 20, 0.95, 0.9]]}
    clean = {"hallucinated": False, "spans": [], "pred_spans": [(0, 5)], "sentences": [[0, 20, 0.3, 0.0]]}
    assert (
        span_f1([labelled, no_spans])
        == span_f1([labelled])
        == pytest.approx({"precision": 1.0, "recall": 1.0, "f1": 1.0})
    )
    assert span_f1([labelled, clean])["precision"] == pytest.approx(10 / 15)  # a clean answer's flags do count
    assert sentence_metrics([labelled, no_spans, clean]) == sentence_metrics([labelled, clean])
    assert sentence_metrics([labelled, no_spans, clean])["sentences"] == 3


def test_best_sentence_threshold_gates_by_the_answer_score():
    from spacy_ground.fusion.fit import best_sentence_threshold

    rows = [
        {"spans": [{"start": 0, "end": 10}], "sentences": [[0, 10, 0.72, 0.0], [10, 20, 0.6, 0.0]]},
        {"spans": [], "sentences": [[0, 10, 0.9, 0.0]]},
    ]
    # the clean answer scores under the flag threshold, so its 0.9 sentence is never a span
    best = best_sentence_threshold(rows, [0.8, 0.1], flag_threshold=0.5)
    assert best == {"threshold": 0.65, "f1": pytest.approx(1.0)}  # drops the 0.6 sentence, keeps 0.72
    assert best_sentence_threshold(rows, [0.8, 0.9], 0.5)["f1"] < 1.0  # flagged: its sentence counts
    assert best_sentence_threshold([{"spans": [], "sentences": []}], [0.5], 0.5) is None
    mismatch = [rows[0], dict(rows[1], features={"numeric_mismatch": 0.7})]  # flagged by its number
    assert best_sentence_threshold(mismatch, [0.8, 0.1], 0.5)["f1"] < 1.0


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_grouped_folds_keep_a_document_together(seed):
    from collections import Counter

    from spacy_ground.fusion.fit import grouped_folds

    groups = [f"d{i % 37}" for i in range(400)] + ["big"] * 30
    fold = grouped_folds(groups, 5, seed)
    by_group = {}
    for g, k in zip(groups, fold):
        assert by_group.setdefault(g, k) == k  # never on both sides of a split
    sizes = Counter(fold.tolist())
    assert set(sizes) == set(range(5)) and max(sizes.values()) - min(sizes.values()) <= 30
    assert (grouped_folds(groups, 5, seed) == fold).all()  # seeded
    assert any((grouped_folds(groups, 5, s) != fold).any() for s in range(seed + 1, seed + 4))


def test_calibration_error():
    from spacy_ground.fusion.metrics import calibration_error

    assert calibration_error([0.05, 0.95], [False, True]) == pytest.approx(0.05)
    assert calibration_error([0.9, 0.9], [False, False]) == pytest.approx(0.9)


def test_cross_validated_threshold_comes_from_train_folds():
    import numpy

    from spacy_ground.fusion.features import FEATURES
    from spacy_ground.fusion.fit import cross_validated, fit_verdict, ruled_by_features

    rng = numpy.random.default_rng(1)
    rows = []
    for i in range(300):
        y = bool(rng.random() < 0.4)
        f = {name: float(rng.normal()) for name in FEATURES}
        shape = "record" if i % 3 == 0 else "text"
        # absent_words tells in prose, record_conflict in records
        f["absent_words" if shape == "text" else "record_conflict"] += 2.0 * y
        rows.append({"features": f, "hallucinated": y, "shape": shape})
    for per_shape in (True, False):
        cv = cross_validated(rows, l2=1.0, per_shape=per_shape)
        assert 0.75 < cv["auroc"] <= 1.0
        assert 0.0 < cv["f1_threshold"] < 1.0 and 0.5 < cv["f1"] <= 1.0
        assert (cv["folds"], cv["repeats"]) == (5, 5)
    # one shuffle: the threshold is the best F1 of its out-of-fold scores, on a 0.01 grid
    one = cross_validated(rows, l2=1.0, repeats=1)
    fold = numpy.arange(len(rows)) % 5
    numpy.random.default_rng(0).shuffle(fold)
    p = numpy.zeros(len(rows))
    for k in range(5):
        m = fit_verdict([r for r, f in zip(rows, fold) if f != k])
        for i in numpy.flatnonzero(fold == k):
            p[i] = m.score(rows[i]["features"], rows[i]["shape"])
    y = numpy.array([r["hallucinated"] for r in rows])
    ruled = ruled_by_features(rows)  # answers the rules flag whatever their score count as flagged

    def f1_at(p, y, ruled):
        return {
            round(t, 2): 2 * (y & ((p >= t) | ruled)).sum() / (((p >= t) | ruled).sum() + y.sum())
            for t in numpy.arange(0.01, 1.0, 0.01)
        }

    f1 = f1_at(p, y, ruled)
    assert one["f1"] == pytest.approx(max(f1.values()))
    assert f1[one["f1_threshold"]] == pytest.approx(one["f1"])
    assert one["threshold_tuned_on"] == "train folds" and not one["grouped"]
    assert one["auroc"] == pytest.approx(auroc(p.tolist(), y.tolist()))
    # rows that name their source document: each document's answers in one fold
    for i, r in enumerate(rows):
        r["group"] = f"doc{i // 6}"
    grouped = cross_validated(rows, l2=1.0, repeats=2)
    assert grouped["grouped"] and grouped["groups"] == 50
    assert grouped["threshold_tuned_on"] == "train folds, grouped by source document"
    for r in rows:  # fewer documents than folds: the answers are shuffled one by one
        r["group"] = "one document"
    assert not cross_validated(rows, l2=1.0, repeats=1)["grouped"]
    model = fit_verdict(rows, per_shape=True)
    assert set(model.models) == {"text", "record"}
    text, record = model.models["text"], model.models["record"]
    assert text.coef[text.features.index("absent_words")] > record.coef[record.features.index("absent_words")]
    assert "record_source" not in text.features
    few = fit_verdict(rows[:30], per_shape=True)  # 10 records: they take the model fit on all answers
    assert set(few.models) == {"text", "*"} and few.model_for("record") is few.models["*"]


def _shaped_rows(n=400, seed=2):
    """Rows of four shapes (by kind of sources and length) from two data sets; absent_words
    tells in long documents and passages, max_contradiction in snippets, record_conflict in records."""
    import numpy

    from spacy_ground.fusion.features import FEATURES

    rng = numpy.random.default_rng(seed)
    rows = []
    for i in range(n):
        kind, chars = [("passages", 3000), ("document", 5000), ("document", 300), ("record", 800)][i % 4]
        y = bool(rng.random() < (0.7 if chars == 300 else 0.35))
        f = {name: float(rng.normal()) for name in FEATURES}
        tell = {"passages": "absent_words", "document": "absent_words", "record": "record_conflict"}[kind]
        f["max_contradiction" if chars == 300 else tell] += 2.5 * y
        rows.append(
            {
                "features": f,
                "hallucinated": y,
                "shape": "record" if kind == "record" else "text",
                "source_kind": kind,
                "source_chars": chars,
                "group": f"doc{i // 4}",
                "dataset": "dialogue" if chars == 300 else "rag",
            }
        )
    return rows


def test_fit_verdict_one_model_per_shape_with_snippets():
    from spacy_ground.fusion.fit import fit_verdict, row_shape, score_row
    from spacy_ground.fusion.model import VerdictModel

    rows = _shaped_rows()
    assert set(fit_verdict(rows).models) == {"text", "record"}  # the default: two shapes
    model = fit_verdict(rows, snippet_chars=1000)
    assert model.snippet_chars == 1000
    assert set(model.models) == {"passages", "document", "snippet", "record"}
    snippet, document = model.models["snippet"], model.models["document"]
    i, j = snippet.features.index("max_contradiction"), snippet.features.index("absent_words")
    assert snippet.coef[i] > document.coef[i] and document.coef[j] > snippet.coef[j]
    # the shape comes from the kind of sources and their length
    assert [
        model.shape(k, n) for k, n in [("document", 999), ("document", 1000), ("passages", 10), ("record", 10)]
    ] == [
        "snippet",
        "document",
        "passages",
        "record",
    ]
    assert {row_shape(r, 1000) for r in rows} == set(model.models)
    back = VerdictModel.from_dict(json.loads(json.dumps(model.to_dict())))
    assert back.snippet_chars == 1000
    assert all(score_row(back, r) == pytest.approx(score_row(model, r)) for r in rows[:20])
    # rows stored without their sources' length: the two shapes of old
    old = [{k: v for k, v in r.items() if k != "source_chars"} for r in rows]
    legacy = fit_verdict(old, snippet_chars=1000)
    assert legacy.snippet_chars is None and set(legacy.models) == {"text", "record"}
    assert legacy.shape("document", 10) == "text" and legacy.shape("record", 10) == "record"
    # a model of two shapes scores a snippet and a document with its text model
    assert legacy.model_for("snippet") is legacy.models["text"]


def _out_of_fold(rows, **fit_options):
    """Out-of-fold scores as ``cross_validated`` computes them with one shuffle (seed 0)."""
    import numpy

    from spacy_ground.fusion.fit import fit_verdict, grouped_folds, score_row

    fold = grouped_folds([r["group"] for r in rows], 5, 0)
    p = numpy.zeros(len(rows))
    for k in range(5):
        m = fit_verdict([r for r, f in zip(rows, fold) if f != k], **fit_options)
        for i in numpy.flatnonzero(fold == k):
            p[i] = score_row(m, rows[i])
    return p


def test_cross_validated_counts_each_data_set_alike():
    import numpy

    from spacy_ground.fusion.fit import (
        FLAG_THRESHOLDS,
        cross_validated,
        f1_curve,
        ruled_by_features,
    )

    rows = _shaped_rows()
    cv = cross_validated(rows, l2=1.0, repeats=1, snippet_chars=1000)
    assert cv["threshold_tuned_on"] == "train folds, grouped by source document, each data set alike"
    assert set(cv["by_dataset"]) == {"dialogue", "rag"}
    assert cv["by_dataset"]["dialogue"]["answers"] == 100 and cv["by_dataset"]["rag"]["answers"] == 300
    # by hand: out-of-fold scores, the mean of the two sets' F1 curves, its best point
    p = _out_of_fold(rows, snippet_chars=1000)
    y = numpy.array([r["hallucinated"] for r in rows])
    ruled = ruled_by_features(rows)
    grid = numpy.asarray(FLAG_THRESHOLDS)
    masks = [numpy.array([r["dataset"] == d for r in rows]) for d in ("dialogue", "rag")]
    curve = numpy.mean([f1_curve(p[m], y[m], grid, ruled[m]) for m in masks], axis=0)
    assert cv["f1"] == pytest.approx(curve.max())
    assert curve[list(grid).index(cv["f1_threshold"])] == pytest.approx(curve.max())
    for d, m in zip(("dialogue", "rag"), masks):
        figures = cv["by_dataset"][d]
        assert 0.7 < figures["auroc"] <= 1.0 and 0.0 <= figures["ece"] < 0.3 and 0.0 < figures["f1"] <= 1.0
    # one data set: its own curve, and no figures by set
    single = [dict(r, dataset="rag") for r in rows]
    assert "by_dataset" not in cross_validated(single, l2=1.0, repeats=1)


def test_write_benchmarks_large_input_section(tmp_path):
    import json

    from spacy_ground.training.project import write_benchmarks

    large = tmp_path / "large_input.json"
    large.write_text(
        json.dumps(
            {
                "meta": {"date": "2026-11-29", "machine": "x86_64, 2 cores", "command": "cmd"},
                "cases": [
                    {
                        "case": "10 KB",
                        "chars": 10000,
                        "sources": 1,
                        "seconds_new_sources": 0.5,
                        "seconds_cached_sources": 0.01,
                        "peak_rss_mb": 900.0,
                        "growth_mb": 12.0,
                    }
                ],
            }
        )
    )
    target = tmp_path / "B.md"
    target.write_text("# Benchmarks\n\nkept\n")
    assert write_benchmarks(str(target), [str(large)]) == 0
    write_benchmarks(str(target), [str(large)])  # replaced, not appended twice
    text = target.read_text()
    assert text.count("## Large input") == 1 and "kept" in text
    assert "| 10 KB | 10,000 | 0.50 | 0.010 | 500 | 900 | 12 |" in text


def test_answers_section_says_where_nli_accuracy_was_measured(tmp_path):
    import json

    from spacy_ground.training.project import answers_section

    answers = tmp_path / "answers.json"
    answers.write_text(
        json.dumps(
            {
                "meta": {"date": "d", "machine": "m", "command": "c", "pipeline": ["p"]},
                "markdown": "| table |",
                "answers": {},
            }
        )
    )
    here, there = tmp_path / "nli_stage2.json", tmp_path / "nli_stage1.json"
    here.write_text(json.dumps({"xnli_en": {"pairs": 2000, "accuracy": 0.661, "int8": False}}))
    there.write_text(
        json.dumps({"xnli_en": {"pairs": 2000, "accuracy": 0.697, "int8": False, "measured_on": "the lent GPU"}})
    )
    text = answers_section(str(answers), [str(there), str(here)])
    assert "`nli_stage1` accuracy: xnli_en: 0.697 (2000 pairs) (measured on the lent GPU:" in text
    assert "`nli_stage2` accuracy: xnli_en: 0.661 (2000 pairs) (`spacy project run evaluate-nli`:" in text


@pytest.mark.parametrize(
    "items,expected",
    [
        (["components.ground_entail.evidence_k=2"], {"components.ground_entail.evidence_k": 2}),
        (["components.ground_entail.model.quantize=false"], {"components.ground_entail.model.quantize": False}),
        (["a.b = best "], {"a.b": "best"}),
        (["a.b=0.5", "c.d=x=y"], {"a.b": 0.5, "c.d": "x=y"}),
        ([], {}),
    ],
)
def test_config_overrides_from_the_command_line(items, expected):
    from spacy_ground.training.evaluate import parse_overrides

    assert parse_overrides(items) == expected


@pytest.mark.parametrize("bad", ["no_equals_sign", "=value"])
def test_a_malformed_override_says_what_is_expected(bad):
    from spacy_ground.training.evaluate import parse_overrides

    with pytest.raises(SystemExit, match="SECTION.KEY=VALUE"):
        parse_overrides([bad])


def test_refitting_from_stored_features_refuses_pipeline_options(tmp_path):
    from spacy_ground.training.evaluate import main

    with pytest.raises(SystemExit, match="from-features"):
        main(
            [
                "fit",
                "train.jsonl",
                str(tmp_path / "v.json"),
                "--from-features",
                "rows.jsonl",
                "--set",
                "components.ground_entail.evidence_k=2",
            ]
        )


def _kind_rows(n=200, seed=2, with_kind=True):
    """Synthetic checked rows: hallucinated answers stand out by absent_words; the labelled
    sentence reads 0.5 against passages and 0.85 against a document, a clean one 0.4 / 0.8."""
    import numpy

    from spacy_ground.fusion.features import FEATURES

    rng = numpy.random.default_rng(seed)
    rows = []
    for i in range(n):
        y = bool(i % 2)
        kind = "passages" if i % 4 < 2 else "document"
        f = {name: float(rng.normal()) for name in FEATURES}
        f["absent_words"] += 4.0 * y  # every hallucinated answer is flagged
        f.update(numeric_mismatch=0.0, record_conflict=0.0, max_contradiction=0.0)  # no rule flags a clean one
        bad, ok = (0.5, 0.4) if kind == "passages" else (0.85, 0.8)
        row = {
            "id": f"r{i}",
            "features": f,
            "hallucinated": y,
            "shape": "text",
            "spans": [{"start": 0, "end": 10}] if y else [],
            "sentences": [[0, 10, bad if y else ok, 0.0], [10, 20, ok, 0.0]],
        }
        if with_kind:
            row["source_kind"] = kind
        rows.append(row)
    return rows


def test_refit_from_stored_features_fills_in_the_kind_of_sources(tmp_path):
    import json

    from spacy_ground.training.evaluate import main

    rows = _kind_rows(with_kind=False)
    stored = tmp_path / "rows.jsonl"
    stored.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf8")
    train = tmp_path / "train.jsonl"  # the train file gives each id its sources
    train.write_text(
        "\n".join(
            json.dumps({"id": r["id"], "answer": "x", "sources": ["a", "b"] if i % 4 < 2 else ["a"]})
            for i, r in enumerate(rows)
        ),
        encoding="utf8",
    )
    out = tmp_path / "v.json"
    assert main(["fit", str(train), str(out), "--from-features", str(stored)]) == 0
    cv = json.loads(out.read_text())["meta"]["cross_validated"]
    assert cv["sentence_threshold_by_source"] == {"document": 0.85, "passages": 0.45}
    # without the train file the rows keep no kind: one threshold only, and no crash
    assert main(["fit", str(tmp_path / "missing.jsonl"), str(out), "--from-features", str(stored)]) == 0
    assert "sentence_threshold_by_source" not in json.loads(out.read_text())["meta"]["cross_validated"]


def test_cross_validated_sentence_thresholds_by_kind_of_sources():
    from spacy_ground.fusion.fit import cross_validated

    cv = cross_validated(_kind_rows(), l2=1.0)
    assert cv["sentence_threshold_by_source"] == {"document": 0.85, "passages": 0.45}
    assert cv["sentence_span_f1_by_source"]["passages"] > 0.9
    # one threshold for both kinds either misses the passages spans or flags clean document sentences
    assert cv["sentence_threshold"] == 0.45 and cv["sentence_span_f1"] < 0.9


def test_sentence_thresholds_come_from_the_sets_that_label_spans():
    from spacy_ground.fusion.fit import best_sentence_threshold, cross_validated

    spanned = [dict(r, dataset="rag") for r in _kind_rows()]
    # a set without span labels whose clean answers are flagged, each with a sentence at 0.48
    # (between the labelled passages' clean 0.4 and hallucinated 0.5): read as labelled, every
    # such sentence would be a false span
    unlabelled = []
    for i in range(40):
        f = dict(spanned[0]["features"], absent_words=5.0)
        unlabelled.append(
            {
                "id": f"d{i}",
                "features": f,
                "hallucinated": False,
                "shape": "text",
                "source_kind": "passages",
                "dataset": "dialogue",
                "spans": [],
                "sentences": [[0, 40, 0.48, 0.0]],
            }
        )
    rows = spanned + unlabelled
    cv = cross_validated(rows, l2=1.0, repeats=1)
    assert cv["sentence_threshold_tuned_on"] == ["rag"]
    assert cv["sentence_threshold_by_source"] == {"document": 0.85, "passages": 0.45}
    # the bias it avoids: with the unlabelled set read as labelled, the passages threshold rises
    passages = [r for r in rows if r["source_kind"] == "passages"]
    flagged = [1.0 if r["features"]["absent_words"] > 2 else 0.0 for r in passages]
    assert best_sentence_threshold(passages, flagged, 0.5)["threshold"] == 0.5
    assert "sentence_threshold_tuned_on" not in cross_validated(spanned, l2=1.0, repeats=1)


def _auroc_or_nan(scores, labels):
    a = auroc(scores, labels)
    return float("nan") if a is None else a


@pytest.mark.parametrize("seed", range(20))
def test_weighted_auroc_equals_auroc_on_the_resampled_answers(seed):
    import numpy

    from spacy_ground.fusion.metrics import weighted_auroc

    rng = numpy.random.default_rng(seed)
    n = int(rng.integers(2, 30))
    s = rng.integers(0, 4, n) / 3  # many ties
    y = rng.random(n) < 0.4
    assert weighted_auroc(s, y, numpy.ones(n))[0] == pytest.approx(_auroc_or_nan(s, y), nan_ok=True)
    drawn = rng.integers(0, n, n)
    counts = numpy.bincount(drawn, minlength=n)
    assert weighted_auroc(s, y, counts)[0] == pytest.approx(_auroc_or_nan(s[drawn], y[drawn]), nan_ok=True)


def test_bootstrap_intervals_hold_the_estimate_and_pair_the_methods():
    import numpy

    from spacy_ground.training.evaluate import bootstrap

    rng = numpy.random.default_rng(0)
    y = rng.random(300) < 0.4
    weak = rng.random(300) + 0.3 * y
    strong = weak + 0.5 * y
    b = bootstrap(
        {"ground_verdict": strong, "absent content words": weak, "entailment only": weak},
        y,
        pred=strong > 0.9,
        resamples=200,
    )
    lo, hi = b["auroc"]["ground_verdict"]
    assert lo < auroc(strong, y) < hi and hi - lo < 0.2
    assert b["paired"]["ground_verdict - absent content words"]["share_above"] == 1.0
    same = b["paired"]["entailment only - absent content words"]  # a method against itself: no difference
    assert same["ci"] == [0.0, 0.0] and same["share_above"] == 0.0
    assert 0 < b["f1_at_threshold"][0] < b["f1_at_threshold"][1] < 1
    assert bootstrap({"x": strong}, y, resamples=50) == bootstrap({"x": strong}, y, resamples=50)  # seeded


def _scored_rows(rng, dataset, tasks, separation):
    """evaluate rows, one per task in ``tasks``, every second one hallucinated; the verdict's
    score and absent words lean towards the label by ``separation``."""
    rows = []
    for i, task in enumerate(tasks):
        bad = bool(i % 2)
        f = {
            k: 0.0
            for k in (
                "absent_words",
                "numeric_inconsistency",
                "numeric_mismatch",
                "numeric_unsupported",
                "length_ratio",
                "unknown_word_rate",
                "question_overlap",
            )
        }
        f.update(absent_words=float(rng.random() + bad), min_support=float(rng.random()))
        rows.append(
            {
                "dataset": dataset,
                "task": task,
                "hallucinated": bad,
                "features": f,
                "rank_score": float(rng.random() + separation * bad),
                "action": None,
                "verdict": "supported",
                "ms": 10.0,
                "spans": [],
                "pred_spans": [],
                "sentences": [],
            }
        )
    return rows


def test_bootstrap_intervals_in_the_tables_and_the_goals_line():
    import numpy

    from spacy_ground.training.evaluate import evaluate_rows, markdown
    from spacy_ground.training.project import answer_goals

    rows = _scored_rows(numpy.random.default_rng(1), "ragtruth", ["qa"] * 40 + ["summary"] * 40, 0.5)
    seed = {"length_ratio": 1, "unknown_word_rate": 1, "question_overlap": 0, "numeric_inconsistency": 1}
    metrics = evaluate_rows(rows, seed, 0.5, resamples=100)
    assert set(metrics["ragtruth/all"]["bootstrap"]["auroc"]) >= {"ground_verdict", "absent content words"}
    table = markdown(metrics)
    assert "95 % bootstrap intervals (100 resamples" in table
    assert "| ragtruth/qa | " in table.split("95 % bootstrap")[1]
    assert "No bootstrap intervals" not in table
    few = evaluate_rows(rows[:44], seed, 0.5, resamples=100)  # ragtruth/summary: 4 answers, 2 of each label
    table = markdown(few)
    assert "No bootstrap intervals for ragtruth/summary: fewer than 5" in table
    assert "| ragtruth/summary | " not in table.split("95 % bootstrap")[1] and "| ragtruth/qa | " in table
    lo, hi = metrics["ragtruth/all"]["bootstrap"]["auroc"]["ground_verdict"]
    assert (
        f"RAGTruth AUROC >= 0.85: {metrics['ragtruth/all']['ground_verdict']['auroc']:.4f} "
        f"(95 % CI {lo:.3f} to {hi:.3f})" in answer_goals(metrics)
    )
    assert "bootstrap" not in evaluate_rows(rows, seed, 0.5, resamples=0)["ragtruth/all"]


def test_fit_prints_its_thresholds_as_config_lines():
    from spacy.util import load_config_from_str

    from spacy_ground.training.evaluate import threshold_config

    cv = {
        "f1_threshold": 0.34,
        "sentence_threshold": 0.75,
        "sentence_threshold_by_source": {"passages": 0.45, "document": 0.9},
    }
    cfg = load_config_from_str("[components]\n" + threshold_config(cv))["components"]["ground_verdict"]
    assert cfg == {
        "flag_threshold": 0.34,
        "sentence_threshold": 0.75,
        "sentence_threshold_by_source": {"document": 0.9, "passages": 0.45},
    }
    assert load_config_from_str("[components]\n" + threshold_config({"f1_threshold": 0.3}))["components"][
        "ground_verdict"
    ] == {"flag_threshold": 0.3}


def test_goals_line_gives_the_paired_difference_for_entailment_against_absent_words():
    from spacy_ground.training.project import answer_goals

    group = {
        "ground_verdict": {"auroc": 0.8},
        "entailment only": {"auroc": 0.7},
        "absent content words": {"auroc": 0.72},
        "bootstrap": {
            "auroc": {"ground_verdict": [0.75, 0.85]},
            "paired": {"entailment only - absent content words": {"ci": [-0.1, 0.05], "share_above": 0.3}},
        },
    }
    answers = {"ragtruth/all": dict(group, answers_per_second=20.0), "ragtruth/qa": group}
    line = answer_goals(answers)
    assert "entailment alone above absent words (qa): 0.7000 (95 % CI of the difference -0.100 to 0.050) MISSED" in line
    assert "qa AUROC >= 0.78: 0.8000 (95 % CI 0.750 to 0.850) met" in line


def test_bootstrap_draws_clusters_together():
    import numpy

    from spacy_ground.training.evaluate import bootstrap

    rng = numpy.random.default_rng(3)
    y = rng.random(60) < 0.4
    s = rng.random(60) + 0.4 * y
    alone = bootstrap({"ground_verdict": s}, y, resamples=300)
    # each answer five times over, as five LLMs answering the same question: drawn as one, the
    # copies add nothing; drawn one by one, they fake five times the evidence
    copies = bootstrap(
        {"ground_verdict": numpy.repeat(s, 5)},
        numpy.repeat(y, 5),
        resamples=300,
        clusters=numpy.repeat(numpy.arange(60), 5),
    )
    naive = bootstrap({"ground_verdict": numpy.repeat(s, 5)}, numpy.repeat(y, 5), resamples=300)
    assert copies["clusters"] == 60
    assert copies["auroc"]["ground_verdict"] == pytest.approx(alone["auroc"]["ground_verdict"])
    width = lambda b: b["auroc"]["ground_verdict"][1] - b["auroc"]["ground_verdict"][0]  # noqa: E731
    assert width(naive) < 0.6 * width(copies)
    assert bootstrap({"x": s}, y, resamples=300, chunk=7) == bootstrap({"x": s}, y, resamples=300)


@pytest.mark.parametrize("bad", ["-1", "x", "1.5"])
def test_a_bad_resample_count_is_refused_before_anything_runs(bad, capsys):
    from spacy_ground.training.evaluate import main

    with pytest.raises(SystemExit):
        main(["run", "missing.jsonl", "--bootstrap", bad])
    assert "a whole number of resamples, 0 or more" in capsys.readouterr().err


def test_answer_clusters_and_too_few_of_them():
    import numpy

    from spacy_ground.training.evaluate import answer_cluster, bootstrap

    a, b = {"name": "Hotel A", "price": 100}, {"name": "Hotel B", "price": 250}
    assert answer_cluster(None, a) == answer_cluster(None, [a]) != answer_cluster(None, b)  # not keyed by schema
    assert answer_cluster("Q?", "one text") == answer_cluster("Q?", ["one text", None])
    assert answer_cluster("Q?", ["x"]) != answer_cluster("R?", ["x"])
    rng = numpy.random.default_rng(4)
    y = rng.random(80) < 0.5
    s = rng.random(80) + 0.5 * y
    one_document = bootstrap({"x": s}, y, resamples=200, clusters=["doc"] * 80)
    assert one_document["clusters"] is None  # one cluster cannot be resampled: answers are drawn one by one
    assert one_document["auroc"]["x"] == bootstrap({"x": s}, y, resamples=200)["auroc"]["x"]
    lo, hi = one_document["auroc"]["x"]
    assert hi - lo > 0.05


def test_a_figure_just_under_its_goal_does_not_print_as_the_goal():
    from spacy_ground.training.project import answer_goals

    group = {"ground_verdict": {"auroc": 0.86, "at_threshold": {"f1": 0.7495}}, "answers_per_second": 20.0}
    line = answer_goals({"ragtruth/all": group})
    assert "RAGTruth F1 at the threshold >= 0.75: 0.7495 MISSED" in line
    assert "answers/s (median answer) >= 10: 20.0 met" in line


@pytest.mark.parametrize(
    "curve, expected",
    [
        ([0.1, 0.5, 0.3], 1),
        ([0.5, 0.5, 0.5, 0.2], 1),  # three tie: the middle one, in fit as in recalibrate
        ([0.2, 0.6, 0.6], 2),  # two tie: the higher threshold (flags fewer)
        ([0.4], 0),
    ],
)
def test_best_point_of_an_f1_curve_takes_the_middle_of_ties(curve, expected):
    import numpy

    from spacy_ground.fusion.fit import best_point

    assert best_point(numpy.asarray(curve)) == expected


@pytest.mark.parametrize("task", ["q|a", "two\nlines", "back\\slash|"])
def test_a_task_name_with_a_pipe_or_a_line_break_stays_one_table_cell(task):
    import re

    import numpy

    from spacy_ground.training.evaluate import evaluate_rows, markdown

    rows = _scored_rows(numpy.random.default_rng(2), "mine", [task] * 20 + ["plain"] * 20, 1.0)
    seed = {"length_ratio": 1, "unknown_word_rate": 1, "question_overlap": 0, "numeric_inconsistency": 1}
    table = markdown(evaluate_rows(rows, seed, 0.5, resamples=20))

    def cells(line):
        return len(re.split(r"(?<!\\)\|", line.replace("\\\\", "")))

    assert table.count("| mine/") == 6  # all and two tasks, in the answer and bootstrap tables
    for block in table.split("\n\n"):
        lines = [line for line in block.splitlines() if line.startswith("|")]
        assert all(cells(line) == cells(lines[0]) for line in lines), block
    assert "| mine/" + " ".join(task.replace("\\", "\\\\").replace("|", "\\|").split()) + " | 20 |" in table


def test_the_claims_table_escapes_a_task_name_too():
    from collections import defaultdict

    from spacy_ground.training.bench import markdown_table

    def row():
        return defaultdict(lambda: None, answers=3)

    table = markdown_table({"a|b": row(), "overall": row()})
    assert "| a\\|b | 3 |" in table


def test_timing_passes_start_from_an_empty_source_cache():
    """Every further pass sees an answer's sources new or cached as the first pass did."""
    import spacy_ground
    from spacy_ground.training.evaluate import timing_rounds

    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    records = [
        {"answer": "It cost $5 million.", "sources": ["It cost $5 million in 2019."]},
        {"answer": "It cost $6 million.", "sources": ["It cost $5 million in 2019."]},
        {"answer": "Sales rose 3%.", "sources": ["Sales rose 3% in May."]},
    ]
    passes = timing_rounds(nlp, records, 2)
    assert [[cached for _, cached in p] for p in passes] == [[False, False], [True, True], [False, False]]
    assert all(ms > 0 for p in passes for ms, _ in p)


def test_the_median_pass_gives_the_speed_figure_and_each_pass_is_shown():
    import numpy

    from spacy_ground.training.evaluate import add_timing_rounds, evaluate_rows, markdown, pass_medians
    from spacy_ground.training.project import answer_goals

    rows = _scored_rows(numpy.random.default_rng(5), "d", [None] * 3, 0.5)
    for row, ms, cached in zip(rows, (200.0, 100.0, 300.0), (False, True, True)):
        row.update(ms=ms, cached=cached)
    # pass 2 fast for the first answer only, pass 3 slow throughout: medians 200, 125, 400
    add_timing_rounds(
        rows, [[(100.0, False), (400.0, False)], [(125.0, True), (350.0, True)], [(125.0, True), (500.0, True)]]
    )
    assert pass_medians(rows) == [200.0, 125.0, 400.0]
    assert not any(r["cache_mismatch"] for r in rows)
    res = evaluate_rows(rows, seed={}, threshold=0.5, resamples=0)["d/all"]
    assert res["answers_per_second"] == pytest.approx(5.0)  # the first pass
    assert res["answers_per_second_passes"] == pytest.approx([5.0, 8.0, 2.5])
    assert res["answers_per_second_median_pass"] == pytest.approx(5.0) and res["timing_passes"] == 3
    assert res["timing_cache_mismatches"] == 0
    table = markdown({"ragtruth/all": res})
    assert "| 5.0 (5.0 / 8.0 / 2.5) |" in table and "timed in 3 passes" in table
    goals = answer_goals({"ragtruth/all": res})
    assert "answers/s (median answer, median of 3 passes: 5.0 / 8.0 / 2.5) >= 10: 5.0 MISSED" in goals
    # an answer timed once: no pass figures at all, and a pass that found sources cached where
    # the first did not is counted and said
    rows[0]["ms_rounds"] = rows[0]["ms_rounds"][:1]
    assert pass_medians(rows) is None
    assert "answers_per_second_passes" not in evaluate_rows(rows, seed={}, threshold=0.5, resamples=0)["d/all"]
    add_timing_rounds(rows[:1], [[(90.0, True)]])
    rows[1]["ms_rounds"], rows[2]["ms_rounds"] = rows[1]["ms_rounds"][:2], rows[2]["ms_rounds"][:2]
    res = evaluate_rows(rows, seed={}, threshold=0.5, resamples=0)["d/all"]
    assert res["timing_cache_mismatches"] == 1
    assert "1 answers found their sources indexed in one timing pass and not in another" in markdown({"d/all": res})


@pytest.mark.parametrize("bad", ["0", "-2", "x"])
def test_a_bad_timing_pass_count_is_refused_before_anything_runs(bad, capsys):
    from spacy_ground.training.evaluate import main

    with pytest.raises(SystemExit):
        main(["run", "missing.jsonl", "--timing-passes", bad])
    assert "a whole number of timing passes, 1 or more" in capsys.readouterr().err


def test_run_with_timing_passes_times_each_answer_that_often(tmp_path, monkeypatch):
    """The command's wiring: rows of a file timed in 3 passes, the figures in the output."""
    import json

    import spacy_ground.training.evaluate as ev

    calls = []
    real = ev.timing_rounds

    def counting(nlp, records, rounds, progress=None):
        calls.append((len(records), rounds))
        return real(nlp, records, rounds)

    monkeypatch.setattr(ev, "timing_rounds", counting)
    data = tmp_path / "d.jsonl"
    data.write_text(
        "\n".join(
            json.dumps(r)
            for r in [
                {"answer": "It cost $5 million.", "sources": ["It cost $5 million in 2019."], "hallucinated": False},
                {"answer": "It cost $9 million.", "sources": ["It cost $5 million in 2019."], "hallucinated": True},
            ]
        )
    )
    out = tmp_path / "m.json"
    assert (
        ev.main(
            [
                "run",
                str(data),
                "--output",
                str(out),
                "--timing-passes",
                "3",
                "--bootstrap",
                "0",
                "--set",
                "components.ground_align.use_embeddings=false",
            ]
        )
        == 0
    )
    assert calls == [(2, 2)]
    res = json.loads(out.read_text())["answers"]["data/all"]
    assert res["timing_passes"] == 3 and len(res["answers_per_second_passes"]) == 3
    assert res["timing_cache_mismatches"] == 0  # the warm-up's sources do not count as cached


def test_every_cache_keyed_by_input_is_emptied_between_timing_passes():
    """A cache a later timing pass could find warm, where the first pass found it cold, would
    flatter the fastest-pass figure: each lru_cache in the package is either emptied between
    passes (keyed by answers or sources) or loads a table or model once."""
    import functools
    import importlib
    import pkgutil

    import spacy_ground
    from spacy_ground.training.evaluate import INPUT_CACHES, clear_input_caches

    loaded_once = {
        ("nn.embed", "shared_encoder"),
        ("nn.entail_model", "_sdpa_mask"),
        ("text.units", "_quantulum_units"),
        ("text.runs", "_runs"),  # a compiled pattern per limit
        ("checks.records", "_table"),
        ("checks.records", "load_terms"),
        ("checks.records", "load_table_list"),
        ("checks.records", "load_needs_before"),
        ("checks.records", "load_denial_ignores"),
        ("checks.names", "load_terms"),
        ("checks.fields", "load_values"),
        ("sources.keyed", "key_units"),
    }
    found = set()
    for info in pkgutil.walk_packages(spacy_ground.__path__, prefix="spacy_ground."):
        if info.ispkg:
            continue
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if isinstance(obj, functools._lru_cache_wrapper) and obj.__module__ == module.__name__:
                found.add((info.name.removeprefix("spacy_ground."), name))
    assert found == set(INPUT_CACHES) | loaded_once
    from spacy_ground.text.units import _parse_unit

    _parse_unit(" km away")
    assert _parse_unit.cache_info().currsize > 0
    clear_input_caches()
    assert _parse_unit.cache_info().currsize == 0


def test_fit_leaves_out_answers_that_cannot_be_checked(tmp_path):
    """As ground_verdict.initialize(refit=True) does: an answer the verdict would call
    not_checkable (a refusal, no evidence) teaches the model nothing; the meta counts it."""
    import json

    from spacy_ground.training.evaluate import main

    rows = _kind_rows()
    broken = [
        dict(rows[0], id="refusal", not_checkable="the answer declines to answer"),
        dict(rows[1], id="empty", not_checkable="the answer is empty"),
    ]
    stored = tmp_path / "rows.jsonl"
    stored.write_text("\n".join(json.dumps(r) for r in rows + broken), encoding="utf8")
    out = tmp_path / "v.json"
    assert main(["fit", str(tmp_path / "train.jsonl"), str(out), "--from-features", str(stored)]) == 0
    meta = json.loads(out.read_text())["meta"]
    assert meta["answers"] == len(rows)
    assert meta["left_out"] == {"the answer declines to answer": 1, "the answer is empty": 1}


def test_run_without_the_verdict_says_which_answers_cannot_be_checked():
    from spacy_ground.training.evaluate import full_pipeline, run

    nlp = full_pipeline(with_verdict=False)
    rows = run(
        nlp,
        [
            {
                "answer": "The passages do not mention the revenue.",
                "sources": ["Revenue was $5 million."],
                "question": "What was revenue?",
            },
            {"answer": "Revenue was $5 million.", "sources": ["Revenue was $5 million."]},
        ],
    )
    assert rows[0]["not_checkable"].startswith("the answer declines to answer")
    assert rows[1]["not_checkable"] is None


def _fit_from_features(tmp_path, rows):
    """``evaluate fit``'s arguments for ``rows`` stored as features (two train files named),
    and the model file it writes."""
    features = tmp_path / "features.jsonl"
    features.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf8")
    out = tmp_path / "verdict.json"
    return ["fit", "a.jsonl", "b.jsonl", str(out), "--from-features", str(features)], out


def test_fit_command_on_stored_features_of_several_sets(tmp_path):
    from spacy_ground.training.evaluate import main

    rows = _shaped_rows(200)
    for r in rows:
        r["features"] = {k: float(v) for k, v in r["features"].items()}
    argv, out = _fit_from_features(tmp_path, rows)
    assert main(argv + ["--snippet-chars", "1000"]) == 0
    saved = json.loads(out.read_text(encoding="utf8"))
    assert saved["snippet_chars"] == 1000 and set(saved["shapes"]) == {"passages", "document", "snippet", "record"}
    assert saved["meta"]["train"] == ["a.jsonl", "b.jsonl"]
    assert set(saved["meta"]["cross_validated"]["by_dataset"]) == {"dialogue", "rag"}
    assert main(argv) == 0  # by default the two shapes
    saved = json.loads(out.read_text(encoding="utf8"))
    assert "snippet_chars" not in saved and set(saved["shapes"]) == {"text", "record"}
    with pytest.raises(SystemExit):
        main(argv + ["--snippet-chars", "0"])


def _two_base_rates(n=1200, seed=3):
    """Rows of two data sets in one shape (passages) that differ only in their base rate:
    absent_words tells alike in both, the 'dialogue' set's log-odds start 2 higher."""
    import numpy

    from spacy_ground.fusion.features import FEATURES

    rng = numpy.random.default_rng(seed)
    rows = []
    for i in range(n):
        dataset = "dialogue" if i % 3 == 0 else "rag"
        f = {name: float(rng.normal()) for name in FEATURES}
        z = 1.5 * f["absent_words"] - 1.0 + (2.0 if dataset == "dialogue" else 0.0)
        y = bool(rng.random() < 1 / (1 + numpy.exp(-z)))
        rows.append(
            {
                "features": f,
                "hallucinated": y,
                "shape": "text",
                "source_kind": "passages",
                "source_chars": 3000,
                "group": f"{dataset}{i // 3}",
                "dataset": dataset,
            }
        )
    return rows


def test_fixed_effects_keep_the_reference_sets_base_rate():
    import numpy

    from spacy_ground.fusion.fit import fit_verdict, score_row

    rows = _two_base_rates()
    rag = [r for r in rows if r["dataset"] == "rag"]
    rate = numpy.mean([r["hallucinated"] for r in rag])
    pooled = fit_verdict(rows)
    fixed = fit_verdict(rows, reference="rag")
    alone = fit_verdict(rag)
    mean_score = {
        name: numpy.mean([score_row(m, r) for r in rag]) for name, m in [("pooled", pooled), ("fixed", fixed)]
    }
    # pooled, the other set's base rate lifts every score; fixed effects read them at the reference's
    assert mean_score["pooled"] > rate + 0.05
    assert abs(mean_score["fixed"] - rate) < 0.02
    text = fixed.models["text"]
    assert text.offsets["dialogue"] == pytest.approx(2.0, abs=0.4)  # the other set's intercept, against it
    # the slope is shared: as the reference set alone gives it (within noise), and as the truth (1.5 per unit)
    j = text.features.index("absent_words")
    assert text.coef[j] / text.std[j] == pytest.approx(1.5, abs=0.25)
    assert text.coef[j] == pytest.approx(alone.models["text"].coef[j], abs=0.3)
    # offsets survive saving; a model without them loads with none
    from spacy_ground.fusion.model import VerdictModel

    back = VerdictModel.from_dict(json.loads(json.dumps(fixed.to_dict())))
    assert back.models["text"].offsets == pytest.approx(text.offsets)
    assert VerdictModel.from_dict(json.loads(json.dumps(alone.to_dict()))).models["text"].offsets == {}
    with pytest.raises(ValueError, match="reference data set 'news'"):
        fit_verdict(rows, reference="news")


def test_a_shape_without_the_reference_set_is_moved_to_its_base_rate():
    import numpy

    from spacy_ground.fusion.features import FEATURES
    from spacy_ground.fusion.fit import base_rate, fit_verdict, prior_shift, row_shape
    from spacy_ground.fusion.model import LogisticModel

    rows = _shaped_rows()  # snippets (documents of 300 characters) come from 'dialogue' only
    model = fit_verdict(rows, snippet_chars=1000, reference="rag")
    snippets = [r for r in rows if row_shape(r, 1000) == "snippet"]
    assert {r["dataset"] for r in snippets} == {"dialogue"}
    feats = [f for f in FEATURES if f != "record_source"]
    plain = LogisticModel.fit(
        numpy.array([[r["features"][f] for f in feats] for r in snippets]),
        numpy.array([r["hallucinated"] for r in snippets], dtype="float64"),
        feats,
        signs=__import__("spacy_ground.fusion.features", fromlist=["FEATURE_SIGNS"]).FEATURE_SIGNS,
    )
    prose = [r for r in rows if r["dataset"] == "rag" and row_shape(r, 1000) != "record"]
    shift = prior_shift(base_rate(snippets), base_rate(prose))
    assert shift < -0.5  # dialogue's 70 % against rag prose's 35 %
    assert model.models["snippet"].coef == pytest.approx(plain.coef, abs=1e-6)
    assert model.models["snippet"].intercept == pytest.approx(plain.intercept + shift, abs=1e-6)
    # the set's own intercept, against the one the model keeps
    assert model.models["snippet"].offsets == pytest.approx({"dialogue": -shift})
    # rows that name no data set are one set of their own, alike in the fit and in the shift
    unnamed = [dict(r, dataset=None) if r["dataset"] == "dialogue" else r for r in rows]
    assert fit_verdict(unnamed, snippet_chars=1000, reference="rag").models["snippet"].intercept == pytest.approx(
        plain.intercept + shift, abs=1e-6
    )


def test_a_reference_set_of_one_label_in_a_shape_is_not_its_reference():
    import numpy

    from spacy_ground.fusion.fit import base_rate, fit_verdict, prior_shift, row_shape, score_row

    rows = _shaped_rows()
    snippets = [r for r in rows if row_shape(r, 1000) == "snippet"]
    # three clean answers of the reference set among the snippets: too few to give its intercept
    few = [dict(r, dataset="rag", hallucinated=False, group=f"few{i}") for i, r in enumerate(snippets[:3])]
    prose = [r for r in rows + few if r["dataset"] == "rag" and row_shape(r, 1000) != "record"]
    model = fit_verdict(rows + few, snippet_chars=1000, reference="rag")
    snippet = model.models["snippet"]
    assert snippet.offsets["dialogue"] == pytest.approx(-prior_shift(base_rate(snippets), base_rate(prose)))
    rate = numpy.mean([score_row(model, r) for r in snippets])
    assert 0.2 < rate < 0.6  # read near rag prose's 35 %, not pinned to 0 by three clean answers


def test_cross_validated_needs_the_reference_set_on_every_training_side(tmp_path):
    from spacy_ground.fusion.fit import cross_validated, reference_fold_problem
    from spacy_ground.training.evaluate import main

    rows = [dict(r, group="one document") if r["dataset"] == "dialogue" else r for r in _shaped_rows()]
    assert reference_fold_problem(rows, "rag") is None
    problem = reference_fold_problem(rows, "dialogue")
    assert "1 source document" in problem
    with pytest.raises(ValueError, match="source document"):
        cross_validated(rows, l2=1.0, repeats=1, snippet_chars=1000, reference="dialogue")
    argv, out = _fit_from_features(tmp_path, rows)
    with pytest.raises(SystemExit, match="every one of the 5 folds"):
        main(argv + ["--reference-set", "dialogue"])
    assert not out.exists()  # stopped before fitting


def test_with_logit_scales_the_offsets():
    from spacy_ground.fusion.fit import fit_verdict

    text = fit_verdict(_two_base_rates(), reference="rag").models["text"]
    moved = text.with_logit(2.0, 0.5)
    assert moved.intercept == pytest.approx(2.0 * text.intercept + 0.5)
    assert moved.offsets == pytest.approx({"dialogue": 2.0 * text.offsets["dialogue"]})


@pytest.mark.parametrize(
    "old, new, expected",
    [(0.5, 0.5, 0.0), (0.2, 0.5, 1.3862944), (0.5, 0.2, -1.3862944), (0.75, 0.25, -2.1972246)],
)
def test_prior_shift(old, new, expected):
    from spacy_ground.fusion.fit import prior_shift

    assert prior_shift(old, new) == pytest.approx(expected)


def test_base_rate_stays_inside_zero_and_one():
    from spacy_ground.fusion.fit import base_rate

    assert base_rate([{"hallucinated": True}] * 3) == 0.99
    assert base_rate([{"hallucinated": False}] * 3) == 0.01
    assert base_rate([{"hallucinated": True}, {"hallucinated": False}]) == 0.5
    with pytest.raises(ValueError, match="no answers"):
        base_rate([])


def test_cross_validated_with_a_reference_set_takes_the_threshold_from_its_answers():
    import numpy

    from spacy_ground.fusion.fit import (
        FLAG_THRESHOLDS,
        cross_validated,
        f1_curve,
        ruled_by_features,
    )

    rows = _shaped_rows()
    cv = cross_validated(rows, l2=1.0, repeats=1, snippet_chars=1000, reference="rag")
    assert cv["reference"] == "rag" and cv["threshold_tuned_on"].endswith("rag (the reference set)")
    assert set(cv["by_dataset"]) == {"dialogue", "rag"}
    p = _out_of_fold(rows, snippet_chars=1000, reference="rag")
    y = numpy.array([r["hallucinated"] for r in rows])
    rag = numpy.array([r["dataset"] == "rag" for r in rows])
    curve = f1_curve(p[rag], y[rag], numpy.asarray(FLAG_THRESHOLDS), ruled_by_features(rows)[rag])
    assert cv["f1"] == pytest.approx(curve.max())
    assert curve[list(FLAG_THRESHOLDS).index(cv["f1_threshold"])] == pytest.approx(curve.max())


def test_fit_command_with_a_reference_set(tmp_path):
    from spacy_ground.training.evaluate import main

    argv, out = _fit_from_features(tmp_path, _shaped_rows(200))
    assert main(argv + ["--reference-set", "rag"]) == 0
    saved = json.loads(out.read_text(encoding="utf8"))
    assert saved["meta"]["reference_set"] == "rag" and saved["meta"]["cross_validated"]["reference"] == "rag"
    assert set(saved["shapes"]["text"]["offsets"]) == {"dialogue"}  # both sets write text
    assert "offsets" not in saved["shapes"]["record"]  # records are rag's alone
    assert main(argv + ["--reference-set", "rag", "--snippet-chars", "1000"]) == 0
    saved = json.loads(out.read_text(encoding="utf8"))
    # each shape holds one set: the snippets (dialogue's) keep dialogue's intercept as an offset
    assert set(saved["shapes"]["snippet"]["offsets"]) == {"dialogue"}
    assert not any("offsets" in m for shape, m in saved["shapes"].items() if shape != "snippet")
    with pytest.raises(SystemExit, match="no train answer of that data set"):
        main(argv + ["--reference-set", "news"])


def test_the_seed_baselines_read_the_seeds_signals_not_the_verdicts():
    from spacy_ground.fusion.features import FEATURES
    from spacy_ground.training.evaluate import method_scores, seed_of

    features = {f: 0.0 for f in FEATURES}
    seed = {"length_ratio": 0.1, "unknown_word_rate": 0.5, "question_overlap": 1.0, "numeric_inconsistency": 1.0}
    row = {"features": features, "seed": seed, "absent_words": 0.2, "rank_score": None}
    assert seed_of(row) is seed and seed_of({"features": features}) is features  # rows stored before: the features
    scores = method_scores([row], {"unknown_word_rate": 0.4, "numeric_inconsistency": 0.5})
    assert scores["absent numbers"] == [1.0] and scores["seed four signals"] == [2.0]


def test_run_with_plots_but_no_matplotlib_stops_before_any_work(monkeypatch, tmp_path):
    import importlib.util

    from spacy_ground.training import evaluate

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    monkeypatch.setattr(evaluate, "full_pipeline", lambda *a, **k: pytest.fail("the pipeline was loaded"))
    argv = ["run", str(tmp_path / "dev.jsonl"), "--output", str(tmp_path / "o.json"), "--plots", str(tmp_path)]
    with pytest.raises(SystemExit, match=r"pip install -e \"\.\[eval\]\""):
        evaluate.main(argv)
