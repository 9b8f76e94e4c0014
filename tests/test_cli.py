"""The command line: check (report, --json, --record) and bench (claim and answer metrics)."""

import json

import pytest

from spacy_ground.__main__ import main

EXAMPLES = "spacy_ground/examples"
RECORDS = [
    {
        "id": "a",
        "dataset": "toy",
        "task": "qa",
        "question": "What was revenue?",
        "sources": ["Revenue was $2,847 million in 2024. The firm employs 400 people."],
        "answer": "Revenue was $2.85 billion in 2024.",
        "hallucinated": False,
        "spans": [],
    },
    {
        "id": "b",
        "dataset": "toy",
        "task": "qa",
        "question": "What was revenue?",
        "sources": ["Revenue was $2,847 million in 2024. The firm employs 400 people."],
        "answer": "Revenue was $3.9 billion in 2021.",
        "hallucinated": True,
        "spans": [{"start": 12, "end": 33, "text": "$3.9 billion in 2021", "label": "Evident Conflict"}],
    },
    {
        "id": "c",
        "dataset": "toy",
        "task": "data2txt",
        "question": None,
        "sources": [json.dumps({"name": "Finch", "attributes": {"OutdoorSeating": False}})],
        "answer": "Finch offers outdoor seating.",
        "hallucinated": True,
        "spans": [{"start": 6, "end": 28, "text": "offers outdoor seating", "label": "Evident Conflict"}],
    },
]


@pytest.fixture()
def data(tmp_path):
    path = tmp_path / "data.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in RECORDS) + "\n")
    return path


def test_check_prints_a_report(capsys):
    assert (
        main(
            [
                "check",
                "--answer",
                f"{EXAMPLES}/answer.txt",
                "--source",
                f"{EXAMPLES}/filing.txt",
                "--source",
                f"{EXAMPLES}/store.json",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert (
        out.startswith("verdict: ") and "numeric grounding:" in out and "\x1b[" not in out
    )  # no colour off a terminal


def test_check_json_from_a_record(tmp_path, capsys):
    rec = tmp_path / "rec.json"
    rec.write_text(json.dumps(RECORDS[1]))
    assert main(["check", "--record", str(rec), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["grounding"]["verdict"] in ("contradicted", "unsupported")
    assert any(c["grounding"]["status"] == "mismatch" for c in out["claims"])


def test_check_without_an_answer_is_a_clear_error(capsys):
    assert main(["check", "--source", f"{EXAMPLES}/filing.txt"]) == 2
    assert "needs --answer" in capsys.readouterr().err


def test_bench_writes_claim_and_answer_metrics(data, tmp_path, capsys):
    out = tmp_path / "m.json"
    assert main(["bench", str(data), "--quiet", "--output", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "ground_verdict AUROC" in printed
    metrics = json.loads(out.read_text())
    assert set(metrics) >= {"meta", "claims", "answers"}
    toy = metrics["answers"]["toy/all"]
    assert toy["answers"] == 3 and toy["hallucinated"] == 2
    assert 0.0 <= toy["ground_verdict"]["auroc"] <= 1.0
    assert {"absent content words", "seed four signals", "entailment only"} <= set(toy)
    assert "at_threshold" in toy["ground_verdict"] and "span_f1" in toy["ground_verdict"]
    sentence = toy["sentence_level"]  # the toy data has labelled spans
    assert sentence["sentences"] >= 3 and sentence["hallucinated"] >= 1
    assert "Sentence level" in printed
    assert toy["bootstrap"]["resamples"] == 1000  # in the JSON; not printed for one clean answer:
    assert "No bootstrap intervals for toy/all, toy/qa: fewer than 5 labelled answers of one label" in printed
    lo, hi = toy["bootstrap"]["auroc"]["ground_verdict"]
    assert lo <= toy["ground_verdict"]["auroc"] <= hi
    per_answer = metrics["per_answer"]  # which answers were flagged
    assert [(a["position"], a["id"], a["hallucinated"]) for a in per_answer] == [
        (1, "a", False),
        (2, "b", True),
        (3, "c", True),
    ]
    assert all(a["action"] in ("pass", "flag", "block") and a["verdict"] for a in per_answer)


def test_bench_counts_unlabelled_answers_in_speed_and_actions_only(tmp_path, capsys):
    # an answer with neither 'hallucinated' nor 'spans' is no clean answer: it must not lower
    # precision, count as a false alarm or enter an AUROC
    unlabelled = [{k: v for k, v in r.items() if k not in ("hallucinated", "spans")} for r in RECORDS]
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in RECORDS[:2] + unlabelled) + "\n")
    out = tmp_path / "m.json"
    assert main(["bench", str(path), "--quiet", "--bootstrap", "0", "--output", str(out)]) == 0
    printed = capsys.readouterr().out
    metrics = json.loads(out.read_text())
    claims = metrics["claims"]["overall"]
    assert claims["answers"] == 5 and claims["labelled"] == 2 and claims["clean_answers"] == 1
    toy = metrics["answers"]["toy/all"]
    assert toy["answers"] == 5 and toy["labelled"] == 2 and toy["hallucinated"] == 1
    assert toy["ground_verdict"]["auroc"] in (0.0, 0.5, 1.0)  # two labelled answers
    assert 0.0 < toy["flagged_share"] <= 1.0  # the unlabelled conflicts are flagged too
    assert "3 of 5 unlabelled" in printed

    path.write_text("\n".join(json.dumps(r) for r in unlabelled) + "\n")
    assert main(["bench", str(path), "--quiet", "--bootstrap", "0", "--output", str(out)]) == 0
    metrics = json.loads(out.read_text())
    assert metrics["claims"]["overall"]["false_alarm_rate"] is None
    assert metrics["claims"]["overall"]["claim_precision"] is None
    assert metrics["claims"]["overall"]["flagged_claims"] >= 1  # the $3.9 billion
    toy = metrics["answers"]["toy/all"]
    assert toy["labelled"] == 0 and "ground_verdict" not in toy and toy["answers_per_second"] > 0


def test_bench_claims_only(data, tmp_path, capsys):
    out = tmp_path / "m.json"
    assert main(["bench", str(data), "--quiet", "--claims-only", "--output", str(out)]) == 0
    metrics = json.loads(out.read_text())
    assert "claims" in metrics and "answers" not in metrics


def test_bench_names_the_bad_line(tmp_path, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(RECORDS[0]) + "\n{not json\n")
    assert main(["bench", str(path), "--quiet"]) == 2
    assert "bad.jsonl:2" in capsys.readouterr().err


def test_answer_from_standard_input(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("Revenue was $3.9 billion."))
    assert main(["check", "--answer", "-", "--source", f"{EXAMPLES}/filing.txt", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["answer"] == "Revenue was $3.9 billion."


def test_bench_shows_progress_with_rate_and_time_left(data, capsys):
    assert main(["bench", str(data), "--claims-only"]) == 0
    err = capsys.readouterr().err
    assert "answers/s" in err and "left" in err and "3/3" in err


@pytest.mark.parametrize("command", [[], ["check"], ["bench"]])
def test_help_for_every_command(command, capsys):
    with pytest.raises(SystemExit) as e:
        main(command + ["--help"])
    assert e.value.code == 0
    assert "usage:" in capsys.readouterr().out


@pytest.mark.parametrize(
    "change, message",
    [
        ({"question": 42}, "'question' must be a string"),
        ({"sources": 5}, "'sources' must be a list"),
        ({"hallucinated": "maybe"}, "'hallucinated' must be true or false"),
        ({"spans": "none"}, "'spans' must be a list"),
        ({"spans": [{"begin": 1}]}, "integer 'start' and 'end'"),
        ({"spans": [{"start": "3", "end": "9"}]}, "integer 'start' and 'end'"),
        ({"spans": [{"start": 5, "end": 100000}]}, "outside the answer"),
        ({"spans": [{"start": 9, "end": 3}]}, "outside the answer"),
        ({"task": 5}, "'task' must be a string"),
        ({"task": ["qa"]}, "'task' must be a string"),
        ({"dataset": ["toy"]}, "'dataset' must be a string"),
        ({"task": "all"}, "the name of the figures over every task"),
        ({"task": "Overall"}, "the name of the figures over every task"),
        ({"dataset": "all"}, "the name of the figures over every dataset"),
    ],
)
def test_bench_refuses_a_bad_field_before_the_run_and_names_its_line(tmp_path, capsys, change, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(RECORDS[0]) + "\n" + json.dumps({**RECORDS[1], **change}) + "\n")
    assert main(["bench", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "bad.jsonl:2" in err and message in err


def test_bench_reads_labels_written_as_numbers_or_words(tmp_path):
    from spacy_ground.training.bench import read_jsonl

    path = tmp_path / "labels.jsonl"
    path.write_text(
        "\n".join(json.dumps({**RECORDS[i], "hallucinated": v}) for i, v in ((0, 0), (1, 1), (0, "false"), (1, "True")))
        + "\n"
    )
    assert [r["hallucinated"] for r in read_jsonl(path)] == [False, True, False, True]


def test_bench_reads_gzip_and_a_byte_order_mark(tmp_path):
    import gzip

    from spacy_ground.training.bench import read_jsonl

    text = "\n".join(json.dumps(r) for r in RECORDS) + "\n"
    (tmp_path / "d.jsonl.gz").write_bytes(gzip.compress(text.encode("utf8")))
    (tmp_path / "bom.jsonl").write_bytes(b"\xef\xbb\xbf" + text.encode("utf8"))
    assert len(list(read_jsonl(tmp_path / "d.jsonl.gz"))) == len(list(read_jsonl(tmp_path / "bom.jsonl"))) == 3


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda p: p, "no such file"),
        (lambda p: (p.mkdir(), p)[1], "is a directory"),
        (lambda p: (p.write_text("\n  \n"), p)[1], "no answers"),
    ],
)
def test_bench_file_errors_are_clear(tmp_path, capsys, make, message):
    path = make(tmp_path / "d.jsonl")
    assert main(["bench", str(path), "--quiet"]) == 2
    assert message in capsys.readouterr().err


def test_bench_output_that_is_a_directory_is_refused_before_the_run(data, tmp_path, capsys):
    assert main(["bench", str(data), "--quiet", "--output", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


@pytest.mark.parametrize(
    "output, message",
    [
        (lambda tmp, data: "", "needs a file name"),
        (lambda tmp, data: str(data), "is the input file"),
        (lambda tmp, data: str((tmp / "afile").write_text("x") and tmp / "afile" / "m.json"), "is a file"),
        (lambda tmp, data: "/proc/spacy_ground_metrics.json", "cannot write there"),
    ],
)
def test_bench_output_that_cannot_be_written_is_refused_before_the_run(data, tmp_path, capsys, output, message):
    before = data.read_text()
    assert main(["bench", str(data), "--quiet", "--output", output(tmp_path, data)]) == 2
    assert message in capsys.readouterr().err
    assert data.read_text() == before


def test_bench_output_checks_leave_links_alone_and_catch_a_hard_link_to_the_input(data, tmp_path):
    import os

    from spacy_ground.__main__ import output_problem

    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "target.json")  # dangling: the metrics would go to target.json
    assert output_problem(str(link), str(data)) is None
    assert link.is_symlink() and not (tmp_path / "target.json").exists()
    os.link(data, tmp_path / "hard.jsonl")
    assert "is the input file" in output_problem(str(tmp_path / "hard.jsonl"), str(data))
    os.mkfifo(tmp_path / "fifo")
    assert "not a regular file" in output_problem(str(tmp_path / "fifo"), str(data))
    existing = tmp_path / "old.json"
    existing.write_text("keep")
    assert output_problem(str(existing), str(data)) is None and existing.read_text() == "keep"


def test_bench_output_in_new_folders_is_fine_and_the_trial_leaves_nothing(data, tmp_path):
    from spacy_ground.__main__ import output_problem

    assert output_problem(str(tmp_path / "new" / "deeper" / "m.json"), str(data)) is None
    assert output_problem(str(tmp_path / "m.json"), str(data)) is None
    assert not (tmp_path / "m.json").exists() and not (tmp_path / "new").exists()


@pytest.mark.parametrize("field", ["source", "knowledge", "Sources", None])
def test_bench_without_any_sources_field_is_refused(tmp_path, capsys, field):
    path = tmp_path / "nosources.jsonl"
    rows = [{k: v for k, v in r.items() if k != "sources"} | ({field: r["sources"]} if field else {}) for r in RECORDS]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    assert main(["bench", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "no record has a 'sources' field" in err
    assert (f"found '{field}'" in err) == bool(field)


def test_bench_warns_when_a_span_text_differs_from_the_answer_at_its_offsets(tmp_path, capsys):
    from spacy_ground.training.bench import span_text_mismatches

    right = {**RECORDS[1], "spans": [{"start": 12, "end": 32, "text": "$3.9 billion in 2021"}]}
    shifted = {**right, "answer": "😀 " + right["answer"]}  # offsets now off by the emoji
    assert span_text_mismatches([RECORDS[0], right]) == 0
    assert (
        span_text_mismatches([shifted, {**RECORDS[2], "spans": [{"start": 0, "end": 5}]}]) == 1
    )  # no text: not checked
    path = tmp_path / "shifted.jsonl"
    path.write_text(json.dumps(RECORDS[0]) + "\n" + json.dumps(shifted) + "\n")
    assert main(["bench", str(path), "--quiet", "--claims-only"]) == 0
    assert "1 labelled span(s) whose 'text' differs" in capsys.readouterr().err


def test_bench_reads_json_nested_too_deeply_as_a_bad_line(tmp_path, capsys):
    path = tmp_path / "deep.jsonl"
    path.write_text(json.dumps(RECORDS[0]) + "\n" + "[" * 100000 + "]" * 100000 + "\n")
    assert main(["bench", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "deep.jsonl:2" in err and "nested too deeply" in err


@pytest.mark.parametrize(
    "write, message",
    [
        (lambda p: p.mkdir(), "is a directory"),
        (lambda p: p.write_bytes(b"x\xe9 y"), "not UTF-8"),
    ],
)
def test_check_file_errors_are_clear(tmp_path, capsys, write, message):
    path = tmp_path / "a.txt"
    write(path)
    assert main(["check", "--answer", str(path), "--source", f"{EXAMPLES}/filing.txt"]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"answer": "a"}\n{"answer": "b"}\n', "check a JSONL file of them with `bench`"),  # several records
    ],
)
def test_check_bad_record_is_a_clear_error(tmp_path, capsys, content, message):
    rec = tmp_path / "rec.json"
    rec.write_text(content)
    assert main(["check", "--record", str(rec)]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    "name, content", [("store.json", '{"name": "Finch", "hours": '), ("store.txt", '{"name": "Finch", "stars": 4.5,}')]
)
def test_check_broken_json_source_is_a_clear_error(tmp_path, capsys, name, content):
    """A record that does not parse would otherwise be read as prose (a user-path review)."""
    src = tmp_path / name
    src.write_text(content)
    assert main(["check", "--answer", f"{EXAMPLES}/answer.txt", "--source", str(src)]) == 2
    err = capsys.readouterr().err
    assert "looks like a JSON record but is not valid JSON" in err
    # the way out that applies: rename a .json file; a .txt one is JSON because of its brackets
    assert ("not ending in .json" in err) is name.endswith(".json")
    assert ("opens with '{'" in err) is not name.endswith(".json")


def test_check_prose_in_braces_is_still_prose(tmp_path, capsys):
    src = tmp_path / "note.txt"
    src.write_text("{Draft} Revenue was $2,847 million in 2024.")
    ans = tmp_path / "a.txt"
    ans.write_text("Revenue was $2.85 billion.")
    assert main(["check", "--answer", str(ans), "--source", str(src), "--json"]) == 0
    assert [c["grounding"]["status"] for c in json.loads(capsys.readouterr().out)["claims"]] == ["grounded"]


def test_check_answer_given_twice_is_a_clear_error(tmp_path, capsys):
    rec = tmp_path / "rec.json"
    rec.write_text(json.dumps({"answer": "Revenue was $2.85 billion.", "sources": ["Revenue was $2,847 million."]}))
    assert main(["check", "--record", str(rec), "--answer", f"{EXAMPLES}/answer.txt"]) == 2
    assert "give the answer once" in capsys.readouterr().err


def test_a_closed_pipe_ends_the_output_quietly(tmp_path):
    """`... | head` closes the pipe before the output is written: no BrokenPipeError traceback."""
    import subprocess
    import sys

    data = tmp_path / "one.jsonl"
    data.write_text(
        json.dumps(
            {
                "id": "a",
                "answer": "Revenue was $2.85 billion.",
                "hallucinated": False,
                "sources": ["Revenue was $2,847 million."],
            }
        )
        + "\n"
    )
    p = subprocess.Popen(
        [sys.executable, "-m", "spacy_ground", "bench", str(data), "--claims-only", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    p.stdout.close()  # the reader leaves at once
    err = p.stderr.read().decode()
    assert p.wait() == 0
    assert "Traceback" not in err and "BrokenPipeError" not in err


@pytest.mark.parametrize("sources", ["Revenue was $2,847 million.", {"revenue": "$2,847 million"}])
def test_check_record_with_one_source_not_in_a_list(tmp_path, capsys, sources):
    rec = tmp_path / "rec.json"
    rec.write_text(json.dumps({"answer": "Revenue was $2.85 billion.", "sources": sources}))
    assert main(["check", "--record", str(rec), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [c["grounding"]["status"] for c in out["claims"]] == ["grounded"]


def test_check_missing_config_is_a_clear_error(capsys):
    assert (
        main(
            [
                "check",
                "--answer",
                f"{EXAMPLES}/answer.txt",
                "--source",
                f"{EXAMPLES}/filing.txt",
                "--config",
                "no/such.cfg",
            ]
        )
        == 2
    )
    assert "cannot load the pipeline" in capsys.readouterr().err


def test_bench_says_why_auroc_is_undefined_when_every_answer_has_one_label(tmp_path, capsys):
    path = tmp_path / "clean.jsonl"
    path.write_text(json.dumps(RECORDS[0]) + "\n" + json.dumps({**RECORDS[0], "id": "a2"}) + "\n")
    out = tmp_path / "m.json"
    assert main(["bench", str(path), "--quiet", "--output", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "undefined where every labelled answer has the same label (toy/all)" in printed
    assert "toy/all: 0.0% flagged or blocked" in printed  # both clean answers pass: no false alarm
    json.loads(out.read_text(), parse_constant=lambda c: pytest.fail(f"{c} in the JSON"))


def test_check_question_given_twice_is_a_clear_error(tmp_path, capsys):
    q = tmp_path / "q.txt"
    q.write_text("What was revenue?")
    assert (
        main(
            [
                "check",
                "--answer",
                f"{EXAMPLES}/answer.txt",
                "--source",
                f"{EXAMPLES}/filing.txt",
                "--question",
                "Other?",
                "--question-file",
                str(q),
            ]
        )
        == 2
    )
    assert "not both" in capsys.readouterr().err


@pytest.mark.parametrize("flag", ["--question", "--question-file"])
def test_check_question_in_record_and_flag_is_a_clear_error(tmp_path, capsys, flag):
    """As with the answer: a record's question is not silently replaced by the command line's."""
    rec = tmp_path / "rec.json"
    rec.write_text(
        json.dumps(
            {
                "answer": "Revenue was $2.85 billion.",
                "question": "What was revenue?",
                "sources": ["Revenue was $2,847 million."],
            }
        )
    )
    q = tmp_path / "q.txt"
    q.write_text("Other?")
    assert main(["check", "--record", str(rec), flag, str(q) if flag == "--question-file" else "Other?"]) == 2
    assert "give the question once" in capsys.readouterr().err


def test_check_help_says_what_is_required(capsys):
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--answer or --record (one of them is required)" in out and "``" not in out


def test_bench_reads_standard_input(monkeypatch, capsys):
    import io

    text = "\n".join(json.dumps(r) for r in RECORDS) + "\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf8")), encoding="utf8"))
    assert main(["bench", "-", "--quiet", "--claims-only"]) == 0
    assert "| overall | 3 |" in capsys.readouterr().out


def test_bench_warns_of_task_names_apart_only_by_case(tmp_path, capsys):
    from spacy_ground.training.bench import names_apart_by_case

    rows = [{**RECORDS[0], "task": "QA"}, {**RECORDS[1], "task": "qa "}, {**RECORDS[2], "task": "summary"}]
    assert names_apart_by_case(rows) == ["task 'QA', 'qa '"]
    assert names_apart_by_case([{**r, "task": "qa"} for r in RECORDS]) == []
    path = tmp_path / "cases.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert main(["bench", str(path), "--quiet", "--claims-only"]) == 0
    assert "warning: task 'QA', 'qa ' differ only in case or spaces" in capsys.readouterr().err
