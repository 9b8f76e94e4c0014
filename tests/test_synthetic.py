"""Synthetic hallucinations: each kind changes what it says, with the span of the change,
seeded, from train records only."""

from __future__ import annotations

import json
import random
import time

import pytest

from spacy_ground.text.compare import DIFFERS, compare
from spacy_ground.text.normalize import find_claims
from spacy_ground.training.synthetic import (
    KINDS,
    build,
    change_number,
    flip_negation,
    main,
    new_number,
    swap_roles,
)


@pytest.mark.parametrize(
    "written, year, pattern",
    [
        ("2.85", False, r"^\d+\.\d\d$"),  # as many decimals
        ("2,847", False, r"^\d{1,3}(,\d{3})+$"),  # thousands separators kept
        ("12", False, r"^\d+$"),
        ("3", False, r"^\d$"),  # a small count moves by a few
        ("2021", True, r"^20(1[89]|2[0-4])$"),  # a year moves by a few years
    ],
)
def test_new_number_is_written_the_same_way(written, year, pattern):
    import re

    for seed in range(20):
        new = new_number(written, random.Random(seed), year=year)
        assert new is not None and new != written and re.match(pattern, new), new


def test_new_number_of_what_is_not_a_number():
    assert new_number("twelve", random.Random(0)) is None


@pytest.mark.parametrize(
    "text",
    [
        "Revenue was $2.85 billion in the third quarter.",
        "Margins rose 12% to 14.5 percent.",
        "The bridge is 1,200 meters long and opened in 2019.",
        "It has 3 stores.",
    ],
)
def test_a_changed_number_differs_by_the_projects_own_comparison(text):
    for seed in range(10):
        made = change_number(text, random.Random(seed))
        assert made is not None
        out, start, end, change = made
        new = [v for s, e, v in find_claims(out) if (s, e) == (start, end)]
        old = [v for s, e, v in find_claims(text) if s == start]
        assert new and old and compare(new[0], old[0]).result == DIFFERS, change
        assert out[:start] == text[:start]


def test_no_number_no_change():
    assert change_number("Nothing to count here.", random.Random(0)) is None


@pytest.mark.parametrize(
    "answer, expected",
    [
        ("Acme did not acquire Brightline.", "Acme did acquire Brightline."),
        ("The shop isn't open on Sundays.", "The shop is open on Sundays."),
        ("Guests can't park there.", "Guests can park there."),
        ("The store is open on Sundays.", "The store is not open on Sundays."),
        ("Nothing here.", None),
    ],
)
def test_flip_negation(answer, expected):
    made = flip_negation(answer, random.Random(0))
    assert (made[0] if made else None) == expected
    if made:
        out, start, end, _ = made
        assert out[start:end].strip() and start < end <= len(out)


@pytest.mark.parametrize(
    "answer, expected",
    [
        ("In 2021 Brightline acquired Acme for cash.", "In 2021 Acme acquired Brightline for cash."),
        ("Reports say Brightline was acquired by Acme.", "Reports say Acme was acquired by Brightline."),
        ("In May Brightline met Acme in Paris.", None),  # a symmetric verb
        ("In May Brightline and Acme merged.", None),  # no verb between them
        ("Acme acquired Brightline.", None),  # the first name starts the sentence: any capital may
    ],
)
def test_swap_roles(answer, expected):
    made = swap_roles(answer, random.Random(0))
    assert (made[0] if made else None) == expected


def _record(i, answer, sources, **kw):
    return dict({"id": f"r{i}", "answer": answer, "sources": sources, "hallucinated": False, "split": "train"}, **kw)


RECORDS = [
    _record(
        0,
        "In 2021 Brightline acquired Acme for $2.5 million, and its chief Jane Doe said the deal was done.",
        ["Brightline acquired Acme in 2021 for $2.5 million, said Jane Doe. The lawyer was Carl Sagan."],
    ),
    _record(
        1, "The bridge is 1,200 meters long.", ["The Tamar bridge is 1,200 meters long and was built by Ove Arup."]
    ),
    _record(2, "Made up.", ["Source."], hallucinated=True),
]


def test_build_is_seeded_and_marks_each_change():
    first, again = build(RECORDS, seed=1), build(RECORDS, seed=1)
    assert first == again and first
    kinds = {r["synthetic"]["kind"] for r in first if r["id"].startswith("r0#")}
    assert kinds >= {"number_changed", "name_swapped", "negation_flipped", "roles_swapped", "source_contradicted"}
    assert kinds <= set(KINDS)
    for r in first:
        (span,) = r["spans"]
        assert r["hallucinated"] and r["answer"][span["start"] : span["end"]] == span["text"] and span["text"].strip()
        assert r["id"] == f"{r['id'].split('#')[0]}#{r['synthetic']['kind']}"
        assert r["sources"] == RECORDS[int(r["id"][1])]["sources"]  # grouped folds keep it with its original
    assert not any(r["id"].startswith("r2#") for r in first)  # only clean answers
    foreign = [r for r in first if r["synthetic"]["kind"] == "foreign_detail"]
    assert foreign and all("Tamar" in r["answer"] or "Brightline" in r["answer"] for r in foreign)


def test_dev_records_and_files_are_refused(tmp_path):
    with pytest.raises(ValueError, match="train splits only"):
        build([dict(RECORDS[0], split="dev")])
    path = tmp_path / "ragtruth_dev.jsonl"
    path.write_text(json.dumps(RECORDS[0]) + "\n")
    with pytest.raises(SystemExit, match="train splits only"):
        main([str(path), "--output", str(tmp_path / "out.jsonl")])


def test_cli_counts_each_kind(tmp_path, capsys):
    path = tmp_path / "x_train.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS))
    main([str(path), "--output", str(tmp_path / "out.jsonl")])
    printed = capsys.readouterr().out
    rows = (tmp_path / "out.jsonl").read_text().splitlines()
    assert "2 clean answers" in printed and f"{len(rows)} synthetic answers" in printed


@pytest.mark.parametrize(
    "make",
    [
        lambda n: "1" * n,
        lambda n: "1,000," * (n // 6),
        lambda n: "is not " * (n // 7),
        lambda n: "Ab acquired Cd " * (n // 15),
    ],
)
def test_adversarial_input_runs_in_linear_time(make):
    times = []
    for n in (5_000, 20_000):
        text = make(n)
        t0 = time.perf_counter()
        rng = random.Random(0)
        change_number(text, rng)
        flip_negation(text, rng)
        swap_roles(text, rng)
        times.append(time.perf_counter() - t0)
    assert times[1] < 10 * max(times[0], 0.01) and times[1] < 20, times
