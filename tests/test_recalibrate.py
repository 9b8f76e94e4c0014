"""Recalibrating the verdict to labelled answers: Platt scaling, the threshold, the saved pipeline."""

import json

import numpy
import pytest
import spacy

import spacy_ground
from spacy_ground.__main__ import main
from spacy_ground.fusion.model import LogisticModel, VerdictModel
from spacy_ground.training.recalibrate import (
    apply_platt,
    choose_threshold,
    fit_platt,
    logit,
    recalibrate,
    recalibrated_model,
    summary,
)


@pytest.mark.parametrize("a,b", [(1.0, 0.0), (2.0, -1.0), (0.5, 3.0), (1.5, 4.0)])
def test_platt_scaling_recovers_the_slope_and_offset(a, b):
    rng = numpy.random.default_rng(0)
    p = rng.uniform(0.001, 0.999, 20000)
    y = rng.random(len(p)) < 1 / (1 + numpy.exp(-(a * logit(p) + b)))
    fa, fb = fit_platt(p, y)
    assert fa == pytest.approx(a, abs=0.1) and fb == pytest.approx(b, abs=0.15)


def test_platt_scaling_is_finite_when_the_scores_separate_the_labels():
    y = numpy.array([False] * 50 + [True] * 50)
    a, b = fit_platt(numpy.where(y, 0.2, 0.01), y)  # separable, and every score far too low
    assert numpy.isfinite([a, b]).all() and a > 0
    assert apply_platt([0.2], a, b)[0] > 0.8 and apply_platt([0.01], a, b)[0] < 0.2


def test_the_recalibrated_model_is_a_logistic_regression_giving_the_scaled_scores():
    rng = numpy.random.default_rng(1)
    models = {
        shape: LogisticModel(
            ["x", "y"],
            rng.random(2),
            rng.random(2) + 0.5,
            rng.normal(size=2),
            rng.normal(),
            low=[-1.0, -1.5],
            high=[1.0, 1.5],
        )
        for shape in ("text", "record")
    }
    model = VerdictModel(models)
    again = recalibrated_model(model, 1.7, -0.4)
    for _ in range(20):
        feats, shape = {"x": 2 * rng.normal(), "y": 2 * rng.normal()}, str(rng.choice(["text", "record"]))
        assert again.score(feats, shape) == pytest.approx(apply_platt([model.score(feats, shape)], 1.7, -0.4)[0])
    assert again.to_dict()["shapes"]["text"]["features"] == ["x", "y"]
    assert again.to_dict()["shapes"]["text"]["high"] == [1.0, 1.5]  # still clipped to the fitted range


def test_threshold_counts_answers_the_rules_flag():
    rng = numpy.random.default_rng(2)
    y = rng.random(400) < 0.5
    s = numpy.clip(0.05 + 0.2 * y + rng.normal(0, 0.08, 400), 0.001, 0.999)
    plain = choose_threshold(s, y, numpy.zeros(400, bool))
    assert 0.01 <= plain["threshold"] <= 0.99 and plain["ece_after"] < plain["ece_before"]
    ruled = choose_threshold(s, y, y)  # the rules already catch every hallucinated answer
    assert ruled["f1"] > 0.99 and ruled["threshold"] > plain["threshold"]


def _labelled(n: int = 15):
    """Labelled answers in the shared data format: n grounded, n with a wrong figure or an invented claim."""
    out = []
    for i in range(n):
        revenue, staff, year = 100 + 37 * i, 20 + 3 * i, 2000 + i
        src = [f"Revenue was ${revenue} million in {year}. The firm employs {staff} people in Oslo."]
        q = "What was revenue?"
        out.append(
            {
                "id": f"g{i}",
                "dataset": "toy",
                "task": "qa",
                "question": q,
                "sources": src,
                "answer": f"Revenue was ${revenue} million in {year}.",
                "hallucinated": False,
                "spans": [],
            }
        )
        wrong = (
            f"Revenue was ${revenue * 3 + 11} million in {year - 4}."
            if i % 2
            else f"Revenue was ${revenue} million in {year}, after the firm bought a rival in Lisbon for $9 billion."
        )
        out.append(
            {
                "id": f"h{i}",
                "dataset": "toy",
                "task": "qa",
                "question": q,
                "sources": src,
                "answer": wrong,
                "hallucinated": True,
                "spans": [],
            }
        )
    return out


@pytest.fixture(scope="module")
def labelled(tmp_path_factory):
    path = tmp_path_factory.mktemp("recal") / "labelled.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in _labelled()) + "\n")
    return path


def test_recalibrate_saves_a_pipeline_that_loads_with_its_report(labelled, tmp_path, capsys):
    out = tmp_path / "recalibrated"
    assert main(["recalibrate", str(labelled), str(out), "--quiet"]) == 0
    captured = capsys.readouterr()
    printed = captured.out
    assert "warning: 30 answers; with fewer than 200" in captured.err  # a fit on few answers says so
    shipped = spacy.util.load_config(spacy_ground.DEFAULT_CONFIG)["components"]["ground_verdict"]["flag_threshold"]
    assert "recalibrated on 30 answers (15 hallucinated)" in printed and f"flag_threshold {shipped:g} ->" in printed
    report = json.loads((out / "recalibration.json").read_text())
    nlp = spacy.load(out)
    verdict = nlp.get_pipe("ground_verdict")
    assert verdict.flag_threshold == report["flag_threshold"] <= verdict.block_threshold
    assert verdict.model_meta["recalibration"]["a"] == report["a"]
    assert verdict.model_meta["seed_thresholds"]  # the fit's own metadata is kept
    shipped = spacy_ground.load()
    for rec in _labelled(3):
        before = spacy_ground.check(shipped, rec["answer"], rec["sources"], rec["question"])._.grounding.score
        after = spacy_ground.check(nlp, rec["answer"], rec["sources"], rec["question"])._.grounding.score
        assert after == pytest.approx(apply_platt([before], report["a"], report["b"])[0], rel=1e-6)
    assert main(["bench", str(labelled), "--pipeline", str(out), "--quiet", "--bootstrap", "0"]) == 0
    assert "| toy/all | 30 |" in capsys.readouterr().out
    assert main(["bench", str(labelled), "--pipeline", str(out), "--quiet", "--claims-only"]) == 0
    printed = capsys.readouterr().out
    assert "claim precision" in printed and "ground_verdict AUROC" not in printed
    answer = tmp_path / "answer.txt"
    answer.write_text(_labelled(1)[1]["answer"])
    source = tmp_path / "source.txt"
    source.write_text(_labelled(1)[1]["sources"][0])
    assert main(["check", "--pipeline", str(out), "--answer", str(answer), "--source", str(source), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)["grounding"]
    assert record["score"] == pytest.approx(
        apply_platt([record_score_shipped(answer, source)], report["a"], report["b"])[0], rel=1e-6
    )


def record_score_shipped(answer, source):
    nlp = spacy_ground.load()
    return spacy_ground.check(nlp, answer.read_text(), [source.read_text()])._.grounding.score


@pytest.mark.parametrize(
    "records,message",
    [
        (_labelled(3), "at least 10 answers of each label; got 3 hallucinated and 3 not"),
        ([dict(r, hallucinated=None) for r in _labelled(1)], "needs a true/false 'hallucinated' label (record 1"),
    ],
)
def test_recalibrate_says_what_is_missing(records, message, tmp_path, capsys):
    path = tmp_path / "few.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records))
    assert main(["recalibrate", str(path), str(tmp_path / "out"), "--quiet"]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_recalibrate_refuses_scores_that_rank_the_wrong_way():
    nlp = spacy_ground.load()
    flipped = [dict(r, hallucinated=not r["hallucinated"]) for r in _labelled()]
    with pytest.raises(ValueError, match="do not rank these answers"):
        recalibrate(nlp, flipped)


def test_one_pipeline_at_a_time(labelled, tmp_path, capsys):
    assert main(["bench", str(labelled), "--config", "configs/default.cfg", "--pipeline", str(tmp_path)]) == 2
    assert "give one of --config, --pipeline, not several" in capsys.readouterr().err


def _rows(n, score, ruled_hallucinated=False, seed=0):
    """Rows as evaluate.run gives them: n hallucinated and n grounded answers."""
    rng = numpy.random.default_rng(seed)
    rows = []
    for i in range(2 * n):
        bad = i % 2 == 1
        s = float(score(bad, rng))
        rows.append(
            {
                "hallucinated": bad,
                "score": s,
                "action": "flag" if s >= 0.34 else "pass",
                "flagged_by_rule": bool(bad and ruled_hallucinated),
                "cluster": i,
            }
        )
    return rows


@pytest.fixture()
def verdict_only():
    nlp = spacy.blank("en")
    nlp.add_pipe("ground_verdict")
    return nlp


def test_rule_flags_count_whatever_the_score(verdict_only, monkeypatch):
    # every score is above the old threshold, and the rules flag every hallucinated answer
    rows = _rows(40, lambda bad, rng: rng.uniform(0.5, 0.8) + 0.15 * bad, ruled_hallucinated=True)
    monkeypatch.setattr("spacy_ground.training.evaluate.run", lambda nlp, records, progress=None: rows)
    model, report = recalibrate(verdict_only, [{"hallucinated": r["hallucinated"]} for r in rows])
    assert report["flagged_by_rule"] == 40
    assert report["out_of_fold"]["f1"] > 0.95  # the rules catch them all: flag almost nothing by score
    assert report["flag_threshold"] > 0.8 and report["block_threshold"] == report["flag_threshold"]
    assert "block_threshold raised to it (0.8 ->" in summary(report)


def test_scores_no_better_than_chance_are_refused(verdict_only, monkeypatch):
    rows = _rows(40, lambda bad, rng: rng.uniform(0.1, 0.5))
    monkeypatch.setattr("spacy_ground.training.evaluate.run", lambda nlp, records, progress=None: rows)
    with pytest.raises(ValueError, match="better than chance"):
        recalibrate(verdict_only, [{"hallucinated": r["hallucinated"]} for r in rows])


@pytest.mark.parametrize("folds", [0, 1, 41])
def test_folds_are_checked(folds):
    y = numpy.array([True, False] * 40)
    with pytest.raises(ValueError, match="folds must be between 2 and"):
        choose_threshold(numpy.where(y, 0.6, 0.2), y, numpy.zeros(80, bool), folds=folds)


def test_a_tie_takes_the_middle_threshold_not_the_lowest():
    y = numpy.array([True, False] * 40)
    chosen = choose_threshold(numpy.where(y, 0.9, 0.1), y, numpy.zeros(80, bool))
    assert chosen["f1"] == pytest.approx(1.0) and 0.3 < chosen["threshold"] < 0.7


def test_the_output_folder_and_folds_are_checked_before_anything_runs(labelled, tmp_path, capsys, monkeypatch):
    def no_run(*args, **kwargs):
        raise AssertionError("the pipeline ran")

    monkeypatch.setattr("spacy_ground.training.evaluate.run", no_run)
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    assert main(["recalibrate", str(labelled), str(busy), "--quiet"]) == 2
    assert "is not empty (use --force" in capsys.readouterr().err
    (tmp_path / "file").write_text("x")
    assert main(["recalibrate", str(labelled), str(tmp_path / "file"), "--quiet"]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    assert main(["recalibrate", str(labelled), str(busy), "--quiet", "--force", "--folds", "16"]) == 2
    assert (
        "folds must be between 2 and the number of answers of the rarer label (15), not 16" in capsys.readouterr().err
    )
    with pytest.raises(SystemExit):
        main(["recalibrate", str(labelled), str(busy), "--folds", "1"])
    assert "a whole number of folds, 2 or more" in capsys.readouterr().err


def test_the_verdict_keeps_its_model_metadata_in_bytes(verdict_only):
    verdict = verdict_only.get_pipe("ground_verdict")
    meta = dict(verdict.model_meta, recalibration={"a": 2.0})
    verdict.set_model(verdict.lr_model, meta=meta)
    other = spacy.blank("en")
    again = other.add_pipe("ground_verdict").from_bytes(verdict.to_bytes())
    assert again.model_meta == meta


def test_recalibrate_from_logged_verdicts_matches_a_fresh_run(labelled, tmp_path, capsys):
    nlp = spacy_ground.load()
    logs = tmp_path / "logs.jsonl"
    with logs.open("w") as f:
        for rec in _labelled():
            doc = spacy_ground.check(nlp, rec["answer"], rec["sources"], rec["question"])
            f.write(json.dumps({"grounding": doc._.grounding.to_dict(), "hallucinated": rec["hallucinated"]}) + "\n")
    assert main(["recalibrate", str(logs), str(tmp_path / "from_logs"), "--from-logs", "--quiet"]) == 0
    assert main(["recalibrate", str(labelled), str(tmp_path / "fresh"), "--quiet"]) == 0
    a = json.loads((tmp_path / "from_logs" / "recalibration.json").read_text())
    b = json.loads((tmp_path / "fresh" / "recalibration.json").read_text())
    assert (a["a"], a["b"], a["flag_threshold"]) == pytest.approx((b["a"], b["b"], b["flag_threshold"]))
    capsys.readouterr()
    # a score another model wrote is refused, and so is a line without a logged verdict
    lines = logs.read_text().splitlines()
    bad = json.loads(lines[0])
    bad["grounding"]["score"] = 0.5 if bad["grounding"]["score"] != 0.5 else 0.4
    for first, message in (
        (json.dumps(bad), "was scored 0.5"),
        (json.dumps({"hallucinated": True}), "no logged verdict"),
    ):
        (tmp_path / "bad.jsonl").write_text("\n".join([first] + lines[1:]))
        out = tmp_path / "bad_out"
        assert main(["recalibrate", str(tmp_path / "bad.jsonl"), str(out), "--from-logs", "--quiet"]) == 2
        assert message in capsys.readouterr().err


def _logged(nlp, records):
    return [
        dict(
            grounding=spacy_ground.check(nlp, r["answer"], r["sources"], r.get("question"))._.grounding.to_dict(),
            hallucinated=r["hallucinated"],
        )
        for r in records
    ]


def test_logs_of_record_answers_without_sources_kind_and_flagged_by_rule():
    from spacy_ground.training.recalibrate import rows_from_logs

    nlp = spacy_ground.load()
    store = json.dumps({"name": "Finch", "stars": 4.0, "hours": {"Monday": "9:0-17:0"}})
    records = [
        {"answer": "Finch has 4.5 stars and opens at 9 on Monday.", "sources": [store], "hallucinated": True},
        {"answer": "Finch has 4 stars.", "sources": [store], "hallucinated": False},
    ]
    logs = _logged(nlp, records)
    assert logs[0]["grounding"]["sources_kind"] == "record" and logs[0]["grounding"]["flagged_by_rule"]
    verdict = nlp.get_pipe("ground_verdict")
    for log in logs:  # older logs: no sources_kind, no flagged_by_rule
        del log["grounding"]["sources_kind"], log["grounding"]["flagged_by_rule"]
    rows = rows_from_logs(verdict, logs)  # the record model reproduces the scores: accepted
    assert [r["rule_guessed"] for r in rows] == [True, True]
    g = logs[0]["grounding"]
    assert rows[0]["flagged_by_rule"] == (g["action"] != "pass" and g["score"] < g["flag_threshold"])
    logs[0]["grounding"]["score"] = 0.123
    with pytest.raises(ValueError, match="for its features and either kind of sources"):
        rows_from_logs(verdict, logs)


def test_logs_as_check_json_prints_them(tmp_path, capsys):
    from spacy_ground.__main__ import _read_logs

    rec = _labelled(1)[1]
    for name in ("answer.txt", "source.txt"):
        (tmp_path / name).write_text(rec["answer"] if name == "answer.txt" else rec["sources"][0])
    printed = []
    for _ in range(2):
        assert (
            main(
                ["check", "--answer", str(tmp_path / "answer.txt"), "--source", str(tmp_path / "source.txt"), "--json"]
            )
            == 0
        )
        printed.append(capsys.readouterr().out)
    (tmp_path / "logs.json").write_text("".join(printed))  # two indented records, appended
    logs = list(_read_logs(str(tmp_path / "logs.json")))
    assert len(logs) == 2 and logs[0]["grounding"]["score"] == logs[1]["grounding"]["score"]
    (tmp_path / "broken.json").write_text(printed[0] + "{\n  oops\n}")
    with pytest.raises(ValueError, match=r"broken.json:\d+: not valid JSON"):
        list(_read_logs(str(tmp_path / "broken.json")))
