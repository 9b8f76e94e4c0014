"""Names, roles, denials and record fields the answer states, checked against the sources
with a reason (checks/names.py, checks/fields.py), through ground_numeric into the verdict's
rules; and the probes that measure them (training/probes.py)."""

from __future__ import annotations

import json
import time

import pytest

import spacy_ground
from spacy_ground.checks.fields import check_fields, key_words, source_fields
from spacy_ground.checks.names import check_names, find_names, forms, source_names, stem
from spacy_ground.sources.words import split_sentences
from spacy_ground.training.probes import build


def _facts(answer, source, question=None):
    sentences = [source[s:e] for s, e in split_sentences(source)]
    return [(f["path"], f["text"], f["status"]) for f in check_names(answer, source_names(sentences), question)]


@pytest.mark.parametrize(
    "text, names",
    [
        ("Additionally, Ludwig van Beethoven's 5th and Dr. Smith at AT&T.", ["Ludwig van Beethoven", "Smith", "AT&T"]),
        ("The Acme board met on Monday in March.", ["Acme"]),  # days and months are no names
        ("However, it rained.", []),
        ("In Paris, Jean-Luc O'Neil said so.", ["Paris", "Jean-Luc O'Neil"]),
    ],
)
def test_find_names(text, names):
    assert [n.text for n in find_names(text)] == names


@pytest.mark.parametrize(
    "word, expected",
    [("acquired", "acquir"), ("acquires", "acquir"), ("acquire", "acquir"), ("seeking", "seek"), ("is", "is")],
)
def test_stem(word, expected):
    assert stem(word) == expected


@pytest.mark.parametrize(
    "word, expected",
    [("Domino's", ("domino", "domino")), ("Sundays", ("sundays", "sunday")), ("Wi-Fi", ("wi-fi", "wifi"))],
)
def test_forms(word, expected):
    assert forms(word) == tuple(dict.fromkeys(expected))


SOURCE = "The paper was written by Jane Doe. Brightline acquired Acme in 2021 for $5 million."


@pytest.mark.parametrize(
    "answer, expected",
    [
        # the sources' name in the same place
        ("The paper was written by Jane Doe.", [("name", "Jane Doe", "grounded")]),
        # another name where the sources give one: a conflict naming both
        ("The paper was written by John Smith.", [("name", "John Smith", "conflict")]),
        # a name the sources never write, in a sentence they do not say
        ("Its editor was Mary Poppins.", [("name", "Mary Poppins", "unsupported")]),
        # roles the other way round
        (
            "Acme acquired Brightline in 2021.",
            [
                ("name", "Acme", "grounded"),
                ("name", "Brightline", "grounded"),
                ("role", "Acme acquired Brightline", "conflict"),
            ],
        ),
        # the passive says the same as the sources
        (
            "Acme was acquired by Brightline in 2021.",
            [("name", "Acme", "grounded"), ("name", "Brightline", "grounded")],
        ),
        # a denial of what the sources state
        (
            "Brightline did not acquire Acme.",
            [
                ("name", "Brightline", "grounded"),
                ("name", "Acme", "grounded"),
                ("negation", "Brightline did not acquire Acme.", "conflict"),
            ],
        ),
        ("Brightline acquired Acme.", [("name", "Brightline", "grounded"), ("name", "Acme", "grounded")]),
    ],
)
def test_names_roles_and_denials(answer, expected):
    assert _facts(answer, SOURCE) == expected


def test_symmetric_verbs_and_other_denials_are_no_conflict():
    source = "Tim Cook met Satya Nadella in Paris. Prosecutors aren't swayed and will seek the death penalty."
    assert all(s != "conflict" for _, _, s in _facts("Satya Nadella met Tim Cook in Paris.", source))
    # "aren't" denies "swayed", not the seeking
    assert [f for f in _facts("Prosecutors will seek the death penalty.", source) if f[0] == "negation"] == []


def test_a_name_from_the_question_is_no_invention():
    assert _facts("The answer is Ada Lovelace.", "Nothing here.", question="Was it Ada Lovelace?") == [
        ("name", "Ada Lovelace", "grounded")
    ]


RECORD = json.dumps({"product": {"name": "Trail Jacket", "color": "olive green", "material": "nylon"}})
WIKIDATA = "French Cameroons ---\n- capital: Yaoundé\n- currency: French franc\n- instance of: historical country"


@pytest.mark.parametrize(
    "answer, source, expected",
    [
        ("The Trail Jacket comes in navy blue.", RECORD, [("navy blue", "conflict")]),
        ("The Trail Jacket comes in olive green.", RECORD, [("olive green", "grounded")]),
        ("The jacket's colour is navy blue.", RECORD, [("navy blue", "conflict")]),
        ("Its capital was Douala.", WIKIDATA, [("Douala", "conflict")]),
        ("Its capital was Yaoundé.", WIKIDATA, [("Yaoundé", "grounded")]),
        ("The capital was a bustling city.", WIKIDATA, []),  # a description, not another value
        ("It comes in navy blue.", "A plain text source.", []),  # no fields
    ],
)
def test_record_fields(answer, source, expected):
    assert [(f["text"], f["status"]) for f in check_fields(answer, [source])] == expected


def test_field_keys_and_values():
    assert key_words("details.headquarters_location") == "headquarters location"
    assert key_words("exteriorColor") == "exterior color"
    assert key_words("items[3].colour") == "colour"
    assert source_fields([RECORD]) == {"color": ["olive green"], "material": ["nylon"]}


@pytest.fixture(scope="module")
def rules():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    nlp.add_pipe("ground_align", after="ground_numeric", config={"use_embeddings": False})
    nlp.add_pipe("ground_verdict", last=True, config={"require_entailment": False})
    return nlp


@pytest.mark.parametrize(
    "answer, sources, reason",
    [
        ("The paper was written by John Smith.", [SOURCE], "'John Smith' where the sources name 'Jane Doe'"),
        ("Acme acquired Brightline in 2021.", [SOURCE], "'Acme' and 'Brightline' the other way round"),
        ("Brightline did not acquire Acme.", [SOURCE], "the answer denies what the sources state"),
        ("The Trail Jacket comes in navy blue.", [RECORD], "'navy blue' where the sources give color 'olive green'"),
        ("The report was edited by Marta Kowalczyk.", [SOURCE], "'Marta Kowalczyk' is named in no source"),
    ],
)
def test_each_flags_the_answer_with_its_reason(rules, answer, sources, reason):
    doc = spacy_ground.check(rules, answer, sources)
    g = doc._.grounding
    assert g.action in ("flag", "block") and g.verdict in ("contradicted", "unsupported")
    assert any(reason in r for r in g.reasons), g.reasons
    assert list(doc.spans["ground_unsupported"])
    json.dumps(g.to_dict())


def test_the_features_stay_those_of_records_and_hours(rules):
    g = spacy_ground.check(rules, "The paper was written by John Smith.", [SOURCE])._.grounding
    assert g.features["record_conflict"] == 0 and g.features["record_unsupported"] == 0


def test_name_checks_can_be_switched_off():
    nlp = spacy_ground.load(
        exclude=spacy_ground.CLAIMS_ONLY, overrides={"components.ground_numeric.check_names": False}
    )
    doc = spacy_ground.check(nlp, "The paper was written by John Smith.", [SOURCE])
    assert not any("check" in f for f in doc._.record_facts)


FAITHFUL = [  # faithful answers that once raised a conflict or a made-up name
    ("## Early Life\nMarie Curie was born in Warsaw.", ["Marie Curie was born in Warsaw in 1867."]),
    ("I Don't Know Based On The Provided Sources.", ["Marie Curie was born in Warsaw in 1867."]),
    ("Acme no longer sells the X200.", ["Acme has discontinued the X200 and stopped selling it."]),
    ("The company refused to confirm the layoffs.", ["The company would not confirm the layoffs."]),
    ("The company is based in the United States.", ["The company is based in the US."]),
    ("The country is the United States.", ['{"country": "US"}']),
    ("The 2022 World Cup was won by Argentina.", ["Argentina won the 2022 World Cup, beating France."]),
    ("Activision was acquired by tech giant Microsoft.", ["Microsoft acquired Activision in 2023."]),
    ("Grant received a letter from Lincoln.", ["Lincoln sent a letter to Grant."]),
    (
        "Born in Warsaw in 1867, Marie Curie moved to Paris in 1891.",
        ["Marie Curie was born in Warsaw in 1867. She moved to Paris in 1891 and won the Nobel Prize in Physics."],
    ),
    ("The author is J.K. Rowling.", ['{"author": "J. K. Rowling"}']),
    ("The author is Dr. Jane Goodall.", ['{"author": "Jane Goodall"}']),
    ("The model is Tesla's cheapest car.", ['{"model": "Model 3"}']),
    ("The guitar is in mint condition and plays well.", ['{"color": "Black"}']),
    ("It comes in a plastic carrying case.", ['{"material": "Aluminum"}']),
    ("The colour is grey.", ['{"color": "Gray"}']),
    ("Apple's CEO was Steve Jobs until 2011.", ['{"ceo": "Tim Cook"}', "Steve Jobs was Apple's CEO until 2011."]),
]


@pytest.mark.parametrize("answer, sources", FAITHFUL)
def test_faithful_answers_raise_no_conflict(answer, sources):
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    facts = spacy_ground.check(nlp, answer, sources)._.record_facts
    assert not [f["reason"] for f in facts if "check" in f and (f["status"] == "conflict" or f.get("invented"))]


def test_a_record_written_as_lines_is_a_record_not_an_article():
    """A value of another field of a "- key: value" source is still a conflict (only text
    sources that are not records excuse a value they write)."""
    source = "Nadine Winter\n---\n- place of death: Washington, D.C.\n- position held: member of the Council of the District of Columbia\n"
    facts = check_fields("Her place of death was in District of Columbia.", [source])
    assert [(f["text"], f["status"]) for f in facts] == [("District of Columbia", "conflict")]
    article = "Nadine Winter died in the District of Columbia."
    assert [
        f["status"] for f in check_fields("Her place of death was in District of Columbia.", [source, article])
    ] == []


def _word(i: int) -> str:
    """A distinct capitalised word for each ``i`` ("Baaaa", "Caaaa", ...)."""
    letters = "".join("abcdefghijklmnopqrstuvwxyz"[(i // 26**k) % 26] for k in range(4))
    return "B" + letters


@pytest.mark.parametrize(
    "make",
    [
        lambda n: "A" * n,  # one long capitalised word
        lambda n: "Ab " * (n // 3),  # one long run of capitalised words
        lambda n: "Ab  of  " * (n // 8) + "x",  # particles between them
        lambda n: "not " * (n // 4) + "acquired",
        lambda n: "was " + "x" * n + "ed by",
        lambda n: "- " + "a" * n + ": b\n",
        lambda n: "the color is " + "navy " * (n // 5),
        lambda n: "in " + "dark " * (n // 5) + "blue",
        lambda n: "Ab was " + "co-" * (n // 3) + "ed by " + "x " * (n // 2) + "Cd",  # passive with words after "by"
        lambda n: "- author: " + "J." * (n // 2) + "\n",
        lambda n: "#" * n + " Ab Cd\n",
        lambda n: "Ab " * (n // 6) + "ab " * (n // 6),  # a long sentence, mostly capitals
        lambda n: " ".join(_word(i) + " acquired " + _word(i + 1) for i in range(n // 16)),  # many distinct names
    ],
)
def test_adversarial_input_runs_in_linear_time(make):
    source = "Brightline acquired Acme in 2021. " + make(2_000)
    names = source_names([source[s:e] for s, e in split_sentences(source)])
    times = []
    for n in (5_000, 20_000):
        text = make(n)
        t0 = time.perf_counter()
        check_names(text, names)
        check_fields(text, [RECORD, "- color: olive green\n" + make(n // 4)])
        times.append(time.perf_counter() - t0)
    assert times[1] < 10 * max(times[0], 0.01) and times[1] < 20, times


def test_probes_are_seeded_and_change_what_they_say():
    rec = {
        "id": "x",
        "answer": "The paper was written by Jane Doe, who said it does not matter.",
        "sources": ["The paper was written by Jane Doe and reviewed by Carl Sagan in 2020."],
        "hallucinated": False,
    }
    first, again = build([rec], seed=3), build([rec], seed=3)
    assert first == again
    kinds = {p["probe"]["kind"]: p for p in first}
    assert set(kinds) == {"name_swap", "name_invented", "equal_rewrite"}
    assert "Carl Sagan" in kinds["name_swap"]["answer"] and "Jane Doe" not in kinds["name_swap"]["answer"]
    assert kinds["equal_rewrite"]["answer"] != rec["answer"]
    assert build([dict(rec, hallucinated=True)]) == []  # only clean answers are probed


def test_probes_section_of_benchmarks(tmp_path):
    from spacy_ground.training.project import write_benchmarks

    row = {"probes": 4, "flagged": 1, "original_passed": 2, "flagged_of_passed": 0}
    metrics = {
        "meta": {
            "date": "2026-12-05",
            "machine": "x86_64, 2 cores",
            "command": "python -m spacy_ground.training.probes d.jsonl",
        },
        "seed": 0,
        "sets": {
            "d": {
                "kinds": {
                    "equal_rewrite": dict(row, share_flagged=0.25, share_flagged_of_passed=0.0),
                    "name_swap": dict(row, original_passed=0, share_flagged=0.25, share_flagged_of_passed=None),
                }
            }
        },
    }
    (tmp_path / "probes.json").write_text(json.dumps(metrics))
    target = tmp_path / "B.md"
    target.write_text("# Benchmarks\n")
    for _ in range(2):  # replaced, not appended twice
        assert write_benchmarks(str(target), [str(tmp_path / "probes.json")]) == 0
    text = target.read_text()
    assert text.count("<!-- probes:start -->") == 1 and "2026-12-05 on x86_64, 2 cores" in text
    rows = [line for line in text.splitlines() if line.startswith("| d |")]
    assert rows == [  # in the order of the kinds, whatever the file's
        "| d | name_swap | flag | 4 | 25.0% | - (0) | - | - |",
        "| d | equal_rewrite | pass | 4 | 25.0% | 0.0% (2) | - | - |",
    ]
