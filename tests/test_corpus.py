"""spacy_ground.Answers.v1: labelled answers in the shared data format as spaCy Examples."""

import json

import pytest
from spacy.util import registry

import spacy_ground

RECORDS = [
    {
        "answer": "Revenue was $3.9 billion.",
        "sources": ["Revenue was $2,847 million."],
        "question": "Revenue?",
        "hallucinated": True,
        "spans": [{"start": 12, "end": 24, "text": "$3.9 billion", "label": "Evident Conflict"}],
    },
    {"answer": "Revenue was $2.85 billion.", "sources": ["Revenue was $2,847 million."], "hallucinated": False},
    {"answer": "No label here.", "sources": ["x"]},  # neither hallucinated nor spans: skipped
    {"answer": "It opened in 1998.", "sources": ["It opened in 2001."], "hallucinated": "true"},  # no spans given
]


@pytest.fixture
def path(tmp_path):
    p = tmp_path / "answers.jsonl"
    p.write_text("\n".join(json.dumps(r) for r in RECORDS), encoding="utf8")
    return p


def test_reader_is_registered_and_builds_examples(path):
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    examples = list(registry.readers.get("spacy_ground.Answers.v1")(path=str(path))(nlp))
    assert [eg.reference.text for eg in examples] == [RECORDS[0]["answer"], RECORDS[1]["answer"], RECORDS[3]["answer"]]
    assert [eg.reference.cats for eg in examples] == [
        {"hallucinated": 1.0},
        {"hallucinated": 0.0},
        {"hallucinated": 1.0},
    ]
    first = examples[0]
    assert [(s.text, s.label_) for s in first.reference.spans["ground_unsupported"]] == [
        ("$3.9 billion", "Evident Conflict")
    ]
    assert list(examples[2].reference.spans["ground_unsupported"]) == []
    # the predicted doc carries what the components read
    assert first.predicted._.ground_sources == RECORDS[0]["sources"]
    assert first.predicted._.ground_question == "Revenue?"
    # read again on each call; limit counts lines of the file
    assert len(list(registry.readers.get("spacy_ground.Answers.v1")(path=str(path), limit=2)(nlp))) == 2


def test_reader_feeds_nlp_evaluate(path):
    from test_verdict import toy_pipeline

    nlp = toy_pipeline()
    examples = list(
        registry.readers.get("spacy_ground.Answers.v1")(path=str(path), spans_key="ground_unsupported")(nlp)
    )
    scores = nlp.evaluate(examples)
    # the mismatched money and year are flagged, the grounded money is not
    assert (scores["grounding_p"], scores["grounding_r"], scores["grounding_auroc"]) == (1.0, 1.0, 1.0)
    # spans are known for the first two answers; the third is hallucinated without spans, so its
    # flagged "1998" is no false positive
    assert [s.text for s in nlp(examples[2].predicted).spans["ground_unsupported"]] == ["1998"]
    assert (scores["grounding_span_p"], scores["grounding_span_r"]) == (1.0, 1.0)


def test_reader_errors_name_the_line(tmp_path):
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"answer": "ok", "hallucinated": false}\n{"answer": 3}\n', encoding="utf8")
    with pytest.raises(ValueError, match=r"bad.jsonl:2: expected an object with a string 'answer'"):
        list(registry.readers.get("spacy_ground.Answers.v1")(path=str(bad))(nlp))
    with pytest.raises(ValueError, match="limit must be an integer >= 0"):
        registry.readers.get("spacy_ground.Answers.v1")(path=str(bad), limit=-1)


# ---------------------------------------------------------------- corpus/*.spacy (DocBin)
HTML = "<p>Revenue was <b>$3.9 billion</b> in 2024.</p>"
MIXED = [
    {
        "id": "r1",
        "dataset": "ragtruth",
        "task": "qa",
        "answer": "Revenue was $3.9 billion.",
        "sources": ["Revenue was $2,847 million."],
        "question": "What was revenue?",
        "hallucinated": True,
        "spans": [{"start": 12, "end": 24, "text": "$3.9 billion", "label": "Evident Conflict"}],
    },
    {
        "id": "r2",
        "dataset": "quintd",
        "task": "data2txt",
        "answer": "It opens at 9:00 on Monday and has 3 stars.",
        "sources": [{"name": "Cafe", "hours": {"Monday": "9:00-17:00"}, "stars": 4, "tags": ["coffee", [1, 2]]}],
        "hallucinated": True,
        "spans": [{"start": 35, "end": 42, "text": "3 stars", "label": "incorrect"}],
    },
    {
        "id": "r3",
        "dataset": "ragtruth",
        "task": "summary",
        "answer": HTML,
        "sources": ["<p>Revenue was $3.9 billion in 2024.</p>"],
        "hallucinated": False,
        "spans": [],
    },
    {"id": "r4", "answer": "No label here.", "sources": ["x"]},  # skipped, as by the JSONL reader
    {
        "id": "r5",
        "dataset": "faithdial",
        "task": "dialogue",
        "answer": "It opened in 1998, said Ann.",
        "sources": [{"title": "Museum", "text": "It opened in 2001."}],
        "question": "A: when?\nB: why?",
        "hallucinated": "true",
    },
    {
        "id": "r6",
        "dataset": "halueval",
        "task": "qa",
        "answer": "The fee is 5 %, up from 4&nbsp;%.",
        "sources": "The fee is 5%, up from 4%.",
        "hallucinated": 0,
    },
]


@pytest.fixture
def mixed(tmp_path):
    from spacy_ground.training.corpus import main

    data = tmp_path / "mixed.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in MIXED) + "\n", encoding="utf8")
    out = tmp_path / "corpus" / "mixed.spacy"
    assert main(["convert", str(data), str(out)]) == 0
    return data, out


def _read(path, nlp, **kw):
    return list(registry.readers.get("spacy_ground.Answers.v1")(path=str(path), **kw)(nlp))


def _view(examples):
    return [
        (
            eg.predicted.text,
            eg.predicted._.ground_sources,
            eg.predicted._.ground_question,
            eg.reference.cats,
            [(s.start_char, s.end_char, s.label_) for s in eg.reference.spans["ground_unsupported"]],
            [t.text for t in eg.predicted],
        )
        for eg in examples
    ]


def test_docbin_gives_the_examples_the_jsonl_gives(mixed, nlp_blank):
    from spacy_ground.training.corpus import record_info

    data, out = mixed
    from_jsonl, from_docbin = _read(data, nlp_blank), _read(out, nlp_blank)
    assert len(from_docbin) == 5  # the unlabelled answer is not stored
    assert _view(from_docbin) == _view(from_jsonl)
    first, record, html, passage, entity = from_docbin
    assert first.predicted._.ground_question == "What was revenue?"
    # a JSON record comes back a dict with lists (msgpack reads lists as tuples), a passage as its text
    assert record.predicted._.ground_sources == [MIXED[1]["sources"][0]]
    assert isinstance(record.predicted._.ground_sources, list)
    assert passage.predicted._.ground_sources == ["Museum\nIt opened in 2001."]
    assert passage.predicted._.ground_question == "A: when?\nB: why?"
    # HTML read without its markup, one character for one: the gold offsets still fit
    assert "<" not in html.predicted.text and len(html.predicted.text) == len(HTML)
    assert "&" not in entity.predicted.text
    assert [eg.reference.cats["hallucinated"] for eg in from_docbin] == [1.0, 1.0, 0.0, 1.0, 0.0]
    assert [(s.text, s.label_) for s in record.reference.spans["ground_unsupported"]] == [("3 stars", "incorrect")]
    assert list(passage.reference.spans["ground_unsupported"]) == []
    # no gold on the predicted doc; the record's id, dataset and task kept
    assert all(not eg.predicted.cats and "ground_unsupported" not in eg.predicted.spans for eg in from_docbin)
    assert [record_info(eg.predicted) for eg in from_docbin][:2] == [
        {"id": "r1", "dataset": "ragtruth", "task": "qa"},
        {"id": "r2", "dataset": "quintd", "task": "data2txt"},
    ]
    assert record_info(from_jsonl[0].predicted) == record_info(first.predicted)
    # reader options as for JSONL: limit (documents), another spans key and label
    other = _read(out, nlp_blank, limit=2, spans_key="gold", label="bad")
    assert len(other) == 2 and other[0].reference.cats == {"bad": 1.0}
    assert [s.text for s in other[0].reference.spans["gold"]] == ["$3.9 billion"]


def _same_scores(a, b):
    a, b = dict(a), dict(b)
    a.pop("speed", None), b.pop("speed", None)
    assert a.keys() == b.keys()
    for k in a:
        assert a[k] == b[k] or (a[k] != a[k] and b[k] != b[k]), k  # NaN equals NaN here


def test_nlp_evaluate_scores_the_docbin_as_the_jsonl(mixed, nlp_blank):
    from test_verdict import toy_pipeline

    data, out = mixed
    _same_scores(nlp_blank.evaluate(_read(data, nlp_blank)), nlp_blank.evaluate(_read(out, nlp_blank)))
    nlp = toy_pipeline()  # the verdict too (no models): answer and span scores
    scores = nlp.evaluate(_read(out, nlp))
    assert scores["grounding_auroc"] is not None
    _same_scores(nlp.evaluate(_read(data, nlp)), scores)


def test_docbin_is_read_again_on_each_call(mixed, nlp_blank):
    _, out = mixed
    corpus = registry.readers.get("spacy_ground.Answers.v1")(path=str(out))
    assert [eg.predicted.text for eg in corpus(nlp_blank)] == [eg.predicted.text for eg in corpus(nlp_blank)]


def test_convert_names_a_missing_file_or_a_bad_line(tmp_path, capsys):
    from spacy_ground.training.corpus import convert, main

    missing = tmp_path / "nope.jsonl"
    assert main(["convert", str(missing), str(tmp_path / "nope.spacy")]) == 1
    assert f"error: no such file: {missing}" in capsys.readouterr().err
    with pytest.raises(FileNotFoundError, match="nope.jsonl: no such file"):
        convert(missing, tmp_path / "nope.spacy")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(MIXED[0]) + '\n{"answer": "x", "spans": [{"start": 0, "end": 9}]}\n')
    assert main(["convert", str(bad), str(tmp_path / "bad.spacy")]) == 1
    assert f"error: {bad}:2: span 0-9 lies outside the answer" in capsys.readouterr().err
    assert not list(tmp_path.glob("bad.spacy*"))  # nothing half-written
    bad.write_text("{not json\n")
    with pytest.raises(ValueError, match=r"bad.jsonl:1: not valid JSON"):
        convert(bad, tmp_path / "bad.spacy")
    bad.write_text(json.dumps({"answer": "x", "sources": [{"n": 2**70}], "hallucinated": True}))  # too big for msgpack
    with pytest.raises(ValueError, match=r"bad.jsonl: record 1: "):
        convert(bad, tmp_path / "bad.spacy")
    with pytest.raises(ValueError, match="must be a .spacy file"):
        convert(bad, tmp_path / "out.jsonl")


def test_reader_names_a_missing_or_broken_docbin(tmp_path, nlp_blank):
    with pytest.raises(FileNotFoundError, match="nope.spacy: no such file"):
        _read(tmp_path / "nope.spacy", nlp_blank)
    broken = tmp_path / "broken.spacy"
    broken.write_bytes(b"not a docbin")
    with pytest.raises(ValueError, match="broken.spacy: not a DocBin"):
        _read(broken, nlp_blank)


def test_convert_many_into_a_folder(tmp_path):
    import gzip

    from spacy_ground.training.corpus import main

    (tmp_path / "a.jsonl").write_text(json.dumps(MIXED[0]) + "\n")
    with gzip.open(tmp_path / "b.jsonl.gz", "wt", encoding="utf8") as f:
        f.write(json.dumps(MIXED[1]) + "\n")
    assert (
        main(
            [
                "convert",
                str(tmp_path / "a.jsonl"),
                str(tmp_path / "b.jsonl.gz"),
                "--output-dir",
                str(tmp_path / "corpus"),
            ]
        )
        == 0
    )
    assert sorted(p.name for p in (tmp_path / "corpus").iterdir()) == ["a.spacy", "b.spacy"]


def test_records_read_back_from_a_docbin_are_those_of_the_jsonl(mixed):
    """evaluate and bench read a .spacy file as the records it was made from: the answer,
    question and spans as given (an HTML answer unmasked), the sources as make_doc reads them."""
    from spacy_ground.sources.readers import read_sources
    from spacy_ground.training.bench import is_labelled, read_jsonl
    from spacy_ground.training.corpus import read_answers

    data, out = mixed
    expected = [dict(r, sources=read_sources(r["sources"])) for r in read_jsonl(data) if is_labelled(r)]
    assert list(read_answers(out)) == expected
    assert list(read_answers(data)) == list(read_jsonl(data))  # JSONL as before
    assert any("<" in r["answer"] for r in expected)  # the HTML answer comes back as given
