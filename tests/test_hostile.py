"""Hostile input: one bad record never stops a batch, caches never mix inputs up, symbol runs
and deep JSON stay cheap, the command line refuses what it would wait on."""

import json
import os
import random
import time

import pytest

import spacy_ground
from spacy_ground.__main__ import main
from spacy_ground.pipeline.numeric import NumericGrounder
from spacy_ground.sources.index import sources_key
from spacy_ground.text.runs import cut_symbol_runs


@pytest.fixture(scope="module")
def rules():
    return spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)


@pytest.fixture()
def boom(monkeypatch):
    """ground_numeric raises on any answer that says BOOM (a bug one input reaches)."""
    real = NumericGrounder._ground_doc

    def ground(self, doc):
        if "BOOM" in doc.text:
            raise RuntimeError("a bug this answer reaches")
        return real(self, doc)

    monkeypatch.setattr(NumericGrounder, "_ground_doc", ground)


# ---------------------------------------------------------------- cache keys
@pytest.mark.parametrize(
    "a, b",
    [
        (["A\x00B"], ["A", "B"]),
        (["AB"], ["A", "B"]),
        ([""], []),
        (["", ""], [""]),
        ([{"a": 1}], ["a: 1"]),  # a record and the text it is read as
        ([{"text": "a: 1"}], [{"a": 1}]),  # a passage object and a record with the same text
        ([{"text": "5"}], ["5"]),
        (["A\x00\x00\x00\x00\x00\x00\x00\x01B"], ["A", "B"]),  # a length prefix spelt out
    ],
)
def test_cache_keys_do_not_collide(a, b):
    assert sources_key(a) != sources_key(b)
    assert sources_key(a) == sources_key(list(a))


def test_a_nul_in_a_source_is_not_two_sources(rules):
    one = spacy_ground.check(rules, "It cost $5 and $7.", ["It cost $5.\x00It cost $7."])
    two = spacy_ground.check(rules, "It cost $5 and $7.", ["It cost $5.", "It cost $7."])
    assert len(one._.ground_index.texts) == 1 and len(two._.ground_index.texts) == 2
    assert {c._.ground_numeric["evidence"]["source"] for c in two.spans["ground_claims"]} == {0, 1}


# ---------------------------------------------------------------- batches
RECORDS = [
    {"answer": "Revenue was $5 million.", "sources": ["Revenue was $5 million."]},
    {"answer": "BOOM: revenue was $6 million.", "sources": ["Revenue was $5 million."]},
    {"answer": "Revenue was $7 million.", "sources": ["Revenue was $5 million."]},
]


def test_one_failing_answer_does_not_stop_check_many(boom):
    nlp = spacy_ground.load()
    docs = list(spacy_ground.check_many(nlp, RECORDS, batch_size=2))
    assert [d._.grounding.verdict == "not_checkable" for d in docs] == [False, True, False]
    reason = docs[1]._.grounding.reasons[0]
    assert reason.startswith("ground_numeric could not check this answer (RuntimeError: a bug this answer reaches")
    assert docs[1]._.ground_error == reason and docs[1]._.grounding.action == "flag"
    assert list(docs[1].spans["ground_unsupported"]) == []
    for rec, doc in zip(RECORDS[::2], docs[::2]):  # the others as check() gives them
        alone = spacy_ground.check(nlp, rec["answer"], rec["sources"])
        assert doc._.grounding.to_dict() == alone._.grounding.to_dict()
    with pytest.raises(RuntimeError, match="a bug this answer reaches"):
        list(spacy_ground.check_many(nlp, RECORDS, errors="raise"))
    with pytest.raises(RuntimeError, match="a bug this answer reaches"):
        spacy_ground.check(nlp, RECORDS[1]["answer"], RECORDS[1]["sources"])  # one answer: the error
    doc = spacy_ground.check(nlp, RECORDS[1]["answer"], RECORDS[1]["sources"], errors="not_checkable")
    assert doc._.grounding.reasons == [reason]


def test_a_claims_only_batch_goes_on_too(rules, boom):
    docs = list(spacy_ground.check_many(rules, RECORDS))
    assert [d._.ground_error is not None for d in docs] == [False, True, False]
    assert docs[2].spans["ground_claims"][0]._.ground_numeric["status"] == "mismatch"


def test_errors_must_be_a_known_choice(rules):
    with pytest.raises(ValueError, match="errors must be one of 'raise', 'not_checkable'"):
        list(spacy_ground.check_many(rules, RECORDS, errors="ignore"))


def test_an_answer_over_max_length_names_the_limit(rules):
    rules.max_length = 1_000
    try:
        long = "It cost $5. " * 100
        with pytest.raises(ValueError, match=r"1,200 characters, over nlp.max_length \(1,000\)"):
            spacy_ground.check(rules, long, ["It cost $5."])
        docs = list(spacy_ground.check_many(rules, [(long, ["It cost $5."]), ("It cost $5.", ["It cost $5."])]))
        assert "over nlp.max_length" in docs[0]._.ground_error and docs[1]._.ground_error is None
    finally:
        rules.max_length = 1_000_000


def test_a_bad_record_in_two_processes_keeps_the_order(rules):
    records = [RECORDS[0], {"answer": 5, "sources": []}, RECORDS[2]]
    docs = list(spacy_ground.check_many(rules, records, batch_size=1, n_process=2))
    assert [d._.ground_error for d in docs] == [None, "record 1: answer must be a string, not int", None]
    assert docs[2].spans["ground_claims"][0]._.ground_numeric["status"] == "mismatch"


def test_a_number_past_pythons_digit_limit(rules):
    answer = "The list has " + "0" * 5000 + "3 items: a, b and c."
    doc = spacy_ground.check(rules, answer, ["It has 3 items."])
    (claim,) = doc.spans["ground_claims"]
    assert claim._.ground_numeric["status"] == "grounded"


def test_bench_names_an_answer_it_could_not_check(tmp_path, boom, capsys):
    data = tmp_path / "data.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf8")
    out = tmp_path / "out.json"
    assert main(["bench", str(data), "--claims-only", "--quiet", "--output", str(out)]) == 0
    result = json.loads(out.read_text(encoding="utf8"))
    assert result["claims"]["overall"]["answers"] == 2
    (error,) = result["errors"]
    assert error["position"] == 2 and "RuntimeError: a bug this answer reaches" in error["error"]
    assert "1 answer(s) could not be checked" in capsys.readouterr().err


# ---------------------------------------------------------------- symbol runs, deep JSON
@pytest.mark.parametrize(
    "text, expected",
    [
        ("", ""),
        ("It cost $5.", "It cost $5."),
        ("$" * 4, "$" * 4),
        ("$" * 5, "$$$ $"),
        ("$" * 6, "$$$ $$"),
        ("a" + "(" * 9 + "b", "a((( ((( (b"),
        ("&#" * 4, "&#& &#& "),
        ("1" * 20 + " " + "$" * 4, "1" * 20 + " " + "$" * 4),  # letters and digits are left alone
    ],
)
def test_cut_symbol_runs(text, expected):
    out = cut_symbol_runs(text, limit=4)
    assert out == expected and len(out) == len(text)


def _best_of(fn, n=2):
    best = float("inf")
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


@pytest.mark.parametrize("run", ["$", "(", "&#"])
@pytest.mark.parametrize("where", ["answer", "source"])
def test_symbol_runs_take_linear_time(rules, run, where):
    def check(n):
        text = "It cost $5. " + run * (n // len(run)) + f" {n}"
        answer, source = (text, "It cost $5.") if where == "answer" else ("It cost $5.", text)
        rules.get_pipe("ground_claims").index_sources.clear()
        return lambda: spacy_ground.check(rules, answer, [source])

    check(1_000)()
    small, large = _best_of(check(10_000)), _best_of(check(40_000))
    assert large < 10 * max(small, 0.01)  # 4x the input: linear ~4x, quadratic (before) ~16x


def test_json_nested_too_deeply_is_refused_quickly():
    nlp = spacy_ground.load()
    source = "[" * 100_000 + "]" * 100_000
    t0 = time.perf_counter()
    doc = spacy_ground.check(nlp, "It cost $5.", [source])
    assert time.perf_counter() - t0 < 30  # was over 300 s, read as text
    assert doc._.grounding.verdict == "not_checkable"
    assert doc._.grounding.reasons[0].startswith("source 1 is JSON nested too deeply to read")


# ---------------------------------------------------------------- command line
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("command", ["check", "bench"])
def test_the_cli_refuses_a_fifo(tmp_path, capsys, command):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    answer = tmp_path / "answer.txt"
    answer.write_text("It cost $5.", encoding="utf8")
    argv = (
        ["check", "--answer", str(answer), "--source", str(fifo)]
        if command == "check"
        else ["bench", str(fifo), "--claims-only", "--quiet"]
    )
    assert main(argv) == 2
    assert "not a regular file" in capsys.readouterr().err


# ---------------------------------------------------------------- per-claim work read once
RECORD = ['{"hours": {"Monday": "9:00-17:00"}}']


@pytest.mark.parametrize(
    "answer, sources",
    [
        (lambda n: ", ".join(str(i * 7 % 1000) for i in range(n)) + ".", ["Values: 7, 14, 21."]),  # a CSV line
        (lambda n: " ".join(f"It opens at {i % 12 + 1} am." for i in range(n)), RECORD),  # clock times
        (lambda n: " ".join("Open 9 am to 5 pm." for _ in range(n // 4)), RECORD),  # hours against a record
    ],
    ids=["csv-line", "times", "hours"],
)
def test_many_claims_take_linear_time(rules, answer, sources):
    spacy_ground.check(rules, answer(50), sources)
    small = _best_of(lambda: spacy_ground.check(rules, answer(500), sources))
    large = _best_of(lambda: spacy_ground.check(rules, answer(2000), sources))
    assert large < 10 * max(small, 0.01)  # was 14x (CSV), 12x (times, 55 s at 2,000), 12x (hours)


def test_a_long_table_source_takes_linear_time(rules):
    def source(n):
        rows = "".join(f"| Item {i} | ${i}.00 |\n" for i in range(n))
        return f"Prices:\n\n| Item | Price |\n|---|---|\n{rows}\nThat is all. " + "Another sentence. " * (n // 10)

    def check(n):
        text = source(n)
        rules.get_pipe("ground_claims").index_sources.clear()
        return lambda: spacy_ground.check(rules, "Item 7 costs $7.00.", [text])

    check(100)()
    small, large = _best_of(check(1_000)), _best_of(check(4_000))
    assert large < 10 * max(small, 0.01)  # every sentence walked every table row before


# ---------------------------------------------------------------- the time budget
def test_a_spent_time_budget_is_said_and_never_passes():
    nlp = spacy_ground.load(overrides={"components.ground_numeric.time_budget": 0.05})
    answer = ", ".join(str(i * 7 % 1000) for i in range(3000)) + "."
    doc = spacy_ground.check(nlp, answer, ["Values: 7, 14, 21."])
    g, counts = doc._.grounding, doc._.numeric_grounding
    assert 0 < counts["n_checked"] < counts["n_claims"]
    late = [c for c in doc.spans["ground_claims"] if "time budget" in c._.ground_numeric["reason"]]
    assert late and all(c._.ground_numeric["status"] == "not_checkable" for c in late)
    assert g.reasons[0] == counts["out_of_time"] and g.action != "pass"
    assert counts["out_of_time"].startswith(f"{len(late)} of {counts['n_claims']} claims")
    assert "time_budget in the ground_numeric config" in counts["out_of_time"]


def test_nothing_checked_in_time_is_not_checkable():
    nlp = spacy_ground.load(overrides={"components.ground_numeric.time_budget": 1e-12})
    doc = spacy_ground.check(nlp, "Revenue was $5 million in 2023.", ["Revenue was $5 million in 2023."])
    assert doc._.numeric_grounding["n_checked"] == 0
    assert doc._.grounding.verdict == "not_checkable"
    assert "ran past the time budget" in doc._.grounding.reasons[0]


@pytest.mark.parametrize("budget", [-1, "10", True, float("nan")])
def test_a_bad_time_budget_is_refused(rules, budget):
    with pytest.raises(ValueError, match="time_budget must be a number of seconds >= 0"):
        NumericGrounder(rules, time_budget=budget)
    if budget == -1:
        with pytest.raises(ValueError, match="time_budget must be a number of seconds >= 0"):
            spacy_ground.load(overrides={"components.ground_numeric.time_budget": budget})


# ---------------------------------------------------------------- the source cache in bytes
def test_the_source_cache_is_bounded_in_bytes():
    from spacy_ground.sources.index import BYTES_PER_CHAR

    nlp = spacy_ground.load(
        exclude=spacy_ground.CLAIMS_ONLY,
        overrides={"components.ground_claims.source_cache_bytes": BYTES_PER_CHAR * 25_000},
    )
    indexer = nlp.get_pipe("ground_claims").index_sources
    sources = [[f"Store {i} sold {i} units in 2023. " * 300] for i in range(4)]  # ~10 KB each
    for s in sources:
        spacy_ground.check(nlp, "It sold 3 units.", s)
    assert len(indexer) == 2 and indexer.cached_bytes() <= BYTES_PER_CHAR * 25_000
    assert indexer.has(sources[-1]) and indexer.has(sources[-2]) and not indexer.has(sources[0])
    huge = [f"Store sold {i} units. " for i in range(3000)]  # over the budget alone: kept, alone
    spacy_ground.check(nlp, "It sold 3 units.", ["".join(huge)])
    assert len(indexer) == 1 and indexer.has(["".join(huge)])


def test_html_rowspans_take_linear_time(rules):
    def check(n):
        html = "<table>" + "<tr><td rowspan=500>x</td><td>1</td></tr>" * n + "</table>"
        rules.get_pipe("ground_claims").index_sources.clear()
        return lambda: spacy_ground.check(rules, "It cost $5.", [html])

    check(20)()
    small, large = _best_of(check(100)), _best_of(check(400))
    assert large < 10 * max(small, 0.01)  # was ~16x: every row carried every span above it (to 500)


def test_a_rowspan_still_names_the_rows_below():
    from spacy_ground.sources.tables import html_table_rows

    html = (
        "<table><tr><th>Region</th><th>Quarter</th><th>Sales</th></tr>"
        "<tr><td rowspan=2>North</td><td>Q1</td><td>$5</td></tr><tr><td>Q2</td><td>$7</td></tr></table>"
    )
    readings = [r.reading for r in html_table_rows(html) if r.reading]
    assert any("North" in r and "Q2" in r and "$7" in r for r in readings), readings


# ---------------------------------------------------------------- source values compared once
def test_a_source_value_said_many_times_is_compared_once(rules, monkeypatch):
    from spacy_ground.pipeline import numeric

    calls = []
    real = numeric.compare
    monkeypatch.setattr(numeric, "compare", lambda a, s: calls.append(s) or real(a, s))
    rules.get_pipe("ground_claims").index_sources.clear()
    source = "Item 9 cost $527 in 2019 and opened at 9 am. " * 2000
    doc = spacy_ground.check(rules, "Item 7 cost $341 in 2011.", [source])
    assert [s._.ground_numeric["status"] for s in doc.spans["ground_claims"]] == ["mismatch", "mismatch"]
    # two answer values, each against the few distinct source values and the claims of its
    # closest evidence sentences, not against 8,000 source claims
    assert 0 < len(calls) <= 40, len(calls)


def test_comparable_kinds_cover_every_comparison():
    from itertools import product

    from spacy_ground.text.compare import COMPARABLE_KINDS, INCOMPARABLE, compare
    from spacy_ground.text.normalize import find_claims

    text = (
        "In 2019 it cost $5 million, 2,019 units, 12% or 12 points more, 5 kg and 64 degrees, "
        "at 9 am on March 3, 2019; -5% and -$5 million, 5 and 12 and 64, fiscal 2019, 3 stars, "
        "about 5 million, over 12%, 9:00 to 17:00, Q4 2019, 5 m, 350°F and 2019 revenue."
    )
    values = [v for _, _, v in find_claims(text)]
    assert {v.kind for v in values} == set(COMPARABLE_KINDS)
    for a, s in product(values, values):
        if s.kind not in COMPARABLE_KINDS[a.kind]:
            assert compare(a, s).result == INCOMPARABLE, (a.text, s.text)


def _varied_values():
    from spacy_ground.text.compare import MAGNITUDE_KINDS
    from spacy_ground.text.normalize import find_claims

    forms = [
        "${n}",
        "${n} million",
        "about ${n} million",
        "${n}-{m} million",
        "-${n} million",
        "a loss of ${n}",
        "{n}%",
        "{n} percent",
        "{n} percentage points",
        "over {n}%",
        "a {n}/{m} split",
        "{n} bps",
        "{n} kg",
        "{n} pounds",
        "{n} degrees",
        "{n}°F",
        "{n} km",
        "{n}",
        "{n},000",
        "{n}.5",
        "about {n}",
        "{n} to {m}",
        "{n} thousand",
        "{n} stars",
        "{n} people",
        "EUR {n}",
        "£{n}",
    ]
    rng = random.Random(7)
    values = []
    for form in forms:
        for _ in range(12):
            n = rng.choice([rng.randint(0, 12), rng.randint(10, 999), round(rng.uniform(0, 100), 1)])
            text = "It was " + form.format(n=n, m=n + rng.randint(1, 20)) + " in all."
            values += [v for _, _, v in find_claims(text) if v.kind in MAGNITUDE_KINDS]
    return list(dict.fromkeys(values))


def test_the_magnitude_index_offers_every_value_compare_finds_equal():
    from spacy_ground.pipeline.numeric import MagnitudeIndex
    from spacy_ground.text.compare import EQUAL, compare

    values = _varied_values()
    assert len(values) > 200
    pools = {}
    for v in values:
        pools.setdefault(v.kind, {})[v] = []
    indexes = {kind: MagnitudeIndex(pool) for kind, pool in pools.items()}
    equal = 0
    for a in values:
        for ix in indexes.values():
            offered = {v for v, _ in ix.candidates(a)}
            assert offered <= set(ix.pool)
            for s in ix.pool:
                if compare(a, s).result == EQUAL:
                    equal += 1
                    assert s in offered, (a.text, s.text)
    assert equal > len(values)  # each value equals itself, and some others


def test_distinct_source_values_are_compared_by_size(rules, monkeypatch):
    from spacy_ground.pipeline import numeric

    calls = []
    real = numeric.compare
    monkeypatch.setattr(numeric, "compare", lambda a, s: calls.append(s) or real(a, s))
    rules.get_pipe("ground_claims").index_sources.clear()
    source = " ".join(f"Item {i} cost ${1000 + 7 * i}." for i in range(2000))
    doc = spacy_ground.check(rules, "Item 3 cost $1,021. Item 9 cost $1,063.", [source])
    assert [s._.ground_numeric["status"] for s in doc.spans["ground_claims"]] == ["grounded", "grounded"]
    assert len(calls) < 200, len(calls)  # each amount against those of about its size, not 2,000
