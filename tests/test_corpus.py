"""spacy_ground.Answers.v1: labelled answers in the shared data format as spaCy Examples."""
import json

import pytest
from spacy.util import registry

import spacy_ground

RECORDS = [
    {"answer": "Revenue was $3.9 billion.", "sources": ["Revenue was $2,847 million."], "question": "Revenue?",
     "hallucinated": True, "spans": [{"start": 12, "end": 24, "text": "$3.9 billion", "label": "Evident Conflict"}]},
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
    assert [eg.reference.cats for eg in examples] == [{"hallucinated": 1.0}, {"hallucinated": 0.0},
                                                      {"hallucinated": 1.0}]
    first = examples[0]
    assert [(s.text, s.label_) for s in first.reference.spans["ground_unsupported"]] == [
        ("$3.9 billion", "Evident Conflict")]
    assert list(examples[2].reference.spans["ground_unsupported"]) == []
    # the predicted doc carries what the components read
    assert first.predicted._.ground_sources == RECORDS[0]["sources"]
    assert first.predicted._.ground_question == "Revenue?"
    # read again on each call; limit counts lines of the file
    assert len(list(registry.readers.get("spacy_ground.Answers.v1")(path=str(path), limit=2)(nlp))) == 2


def test_reader_feeds_nlp_evaluate(path):
    from test_verdict import toy_pipeline

    nlp = toy_pipeline()
    examples = list(registry.readers.get("spacy_ground.Answers.v1")(path=str(path), spans_key="ground_unsupported")(nlp))
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
