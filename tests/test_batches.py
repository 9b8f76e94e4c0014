"""check_many / nlp.pipe: streams in order, reuses sources, same results with two processes."""
import json

import pytest

import spacy_ground

SOURCE = "Revenue was $2,847 million in 2024. The firm employs 400 people in Oslo."
RECORD = json.dumps({"name": "Finch", "attributes": {"OutdoorSeating": False}, "hours": {"Monday": "9:0-17:0"}})
RECORDS = [
    {"answer": "Revenue was $2.85 billion in 2024.", "sources": [SOURCE]},
    {"answer": "Revenue was $3.9 billion. It employs 400 people.", "sources": [SOURCE], "question": "Revenue?"},
    {"answer": "Finch offers outdoor seating and opens at 9 am on Mondays.", "sources": [RECORD]},
    ("The firm is based in Oslo.", [SOURCE]),
    ("The passages do not mention the revenue.", [SOURCE], "What was revenue?"),
    {"answer": "", "sources": [SOURCE]},
]


@pytest.fixture(scope="module")
def nlp():
    return spacy_ground.load()


def summary(doc):
    g = doc._.grounding
    return (doc.text, g.score, g.verdict, g.action, [s["entailment"] for s in g.sentences],
            [(c["text"], c["status"]) for c in g.claims], [(s.start_char, s.end_char) for s in doc.spans["ground_unsupported"]])


def test_check_many_matches_check_in_order(nlp):
    one = [summary(spacy_ground.check(nlp, r["answer"], r["sources"], r.get("question")) if isinstance(r, dict)
                   else spacy_ground.check(nlp, *r)) for r in RECORDS]
    many = [summary(d) for d in spacy_ground.check_many(nlp, RECORDS, batch_size=4)]
    assert many == one  # bit for bit: every answer is scored on its own


def test_two_processes_give_identical_results(nlp):
    single = [summary(d) for d in spacy_ground.check_many(nlp, RECORDS, batch_size=2)]
    double = [summary(d) for d in spacy_ground.check_many(nlp, RECORDS, batch_size=2, n_process=2)]
    assert double == single


def test_sources_are_indexed_once(nlp):
    indexer = nlp.get_pipe("ground_claims").index_sources
    indexer.clear()
    list(spacy_ground.check_many(nlp, RECORDS[:2]))
    assert indexer.has([SOURCE])
    assert len(indexer) == 1


def test_a_bad_record_names_its_position(nlp):
    with pytest.raises(TypeError, match="record 1: answer must be a string"):
        list(spacy_ground.check_many(nlp, [RECORDS[0], {"answer": None, "sources": [SOURCE]}]))
