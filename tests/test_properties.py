"""Property tests: the normaliser and the grounding never crash, and a value grounds itself."""
import json

from hypothesis import given, settings, strategies as st

import spacy_ground
from spacy_ground.compare import compare
from spacy_ground.normalize import find_claims

PIECES = list("0123456789 ,.-–$€£%:/abcdefgkmpxAPMQH°FC\n") + [
    "million", " to ", " and ", "between ", "March ", "2019", "Q3 ", "pm", "percent", "points",
    "about ", "over ", "twelve ", "a dozen", "km", "miles", "Monday", " through ", "9:0-17:0", "bn",
]
TEXT = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)


@settings(max_examples=400, deadline=None)
@given(TEXT)
def test_find_claims_offsets_and_self_equality(text):
    for start, end, value in find_claims(text):
        assert 0 <= start < end <= len(text)
        if value.normalisable and value.low is not None:
            assert value.low <= value.high
            assert compare(value, value).result == "equal", (text, value)


NLP = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)


@settings(max_examples=100, deadline=None)
@given(TEXT, st.lists(TEXT, max_size=3), st.one_of(st.none(), TEXT))
def test_check_never_crashes_and_results_serialise(answer, sources, question):
    doc = spacy_ground.check(NLP, answer, sources=sources, question=question)
    summary = doc._.numeric_grounding
    assert summary["grounded_share"] is None or 0.0 <= summary["grounded_share"] <= 1.0
    for span in doc.spans["ground_claims"]:
        assert span._.ground_numeric["status"] in ("grounded", "mismatch", "unsupported", "not_checkable")
        json.dumps(span._.ground_numeric)
        json.dumps(span._.claim)


@settings(max_examples=100, deadline=None)
@given(TEXT)
def test_an_answer_is_grounded_by_itself(text):
    doc = spacy_ground.check(NLP, text, sources=[text])
    for span in doc.spans["ground_claims"]:
        status = span._.ground_numeric["status"]
        assert status in ("grounded", "not_checkable"), (text, span.text, span._.ground_numeric)
