"""Inputs found by the atheris fuzz run (fuzz/fuzz_normalize.py), kept as tests."""

import json
import math

import pytest

from spacy_ground.text.compare import compare
from spacy_ground.text.normalize import find_claims
from spacy_ground.text.values import ClaimValue


@pytest.mark.parametrize(
    "text",
    [
        # first stop of the fuzz run: a one-sided value ("<-17") has an infinite lower bound, which
        # the harness wrongly took for an error; it must still compare and serialise as strict JSON
        "opeopen 9:n 9:0<<<<<<-17:'through  Fri0d-1ay7",
        "under -17 degrees",
        "over 5 million",
        "less than 3%",
    ],
)
def test_one_sided_values_serialise_and_compare(text):
    for _, _, value in find_claims(text):
        d = value.to_dict()
        json.dumps(d, allow_nan=False)
        back = ClaimValue.from_dict(json.loads(json.dumps(d)))
        assert (back.low, back.high) == (value.low, value.high)
        if value.low is not None:
            assert not math.isnan(value.low) and value.low <= value.high
            if value.normalisable:
                assert compare(value, value).result == "equal"


@pytest.mark.parametrize(
    "text",
    [
        # fuzz run of 2026-12-01 (with the new readings in the seed corpus): a number after a hyphen
        # whose claim starts with a qualifier ("~0") crashed the check for the second number of a score
        "0-~0",
        ":8 ~-202\x0020]\x00!opY0~Y20-~-2:0\x00~",
    ],
)
def test_a_qualified_number_after_a_hyphen(text):
    for start, end, value in find_claims(text):
        assert 0 <= start < end <= len(text)


@pytest.mark.parametrize(
    "text",
    [
        "1 nm",
        "a 1 nm gap",
        "1 nanometre",
        "2 micrograms",
        "0.5 mg",
        "n00:999999999",
        "999,999,999 people",
        "$999,999,999",
        "9999999999",
    ],
)
def test_a_tiny_or_huge_value_equals_itself(text):
    # fuzz run of 2026-12-01: "1 nm" (1e-9 m) and "999,999,999" differed from themselves, the
    # comparison's tolerance having a floor of 1e-9, and at 1e9 growing as wide as a unit
    for _, _, value in find_claims(text):
        assert compare(value, value).result == "equal"
