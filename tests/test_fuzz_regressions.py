"""Inputs found by the atheris fuzz run (fuzz/fuzz_normalize.py), kept as tests."""
import json
import math

import pytest

from spacy_ground.compare import compare
from spacy_ground.normalize import find_claims
from spacy_ground.values import ClaimValue


@pytest.mark.parametrize("text", [
    # first stop of the fuzz run: a one-sided value ("<-17") has an infinite lower bound, which
    # the harness wrongly took for an error; it must still compare and serialise as strict JSON
    "opeopen 9:n 9:0<<<<<<-17:'through  Fri0d-1ay7",
    "under -17 degrees", "over 5 million", "less than 3%",
])
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
