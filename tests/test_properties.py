"""Property tests: the normaliser and the grounding never crash, and a value grounds itself."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import spacy_ground
from spacy_ground.text.compare import compare
from spacy_ground.text.normalize import find_claims

PIECES = list("0123456789 ,.-–$€£%:/abcdefgkmpxAPMQH°FC\n") + [
    "million",
    " to ",
    " and ",
    "between ",
    "March ",
    "2019",
    "Q3 ",
    "pm",
    "percent",
    "points",
    "about ",
    "over ",
    "twelve ",
    "a dozen",
    "km",
    "miles",
    "Monday",
    " through ",
    "9:0-17:0",
    "bn",
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


def _money_styles(units: int, cents_digits: int):
    """One amount in millions, written in several supported styles."""
    millions = units / 10**cents_digits  # e.g. 2850 with 0 digits -> 2850 million
    billions = millions / 1000
    whole = int(round(millions * 1_000_000))
    return [
        f"${millions:,.{cents_digits}f} million",
        f"{millions:,.{cents_digits}f} million dollars",
        f"USD {millions:,.{cents_digits}f}M",
        f"${whole:,}",
    ] + (
        [f"${billions:g} billion", f"${billions:g}bn"]
        if len(f"{billions:g}") <= 6 and "e" not in f"{billions:g}"
        else []
    )


def _only_claim(text):
    claims = [v for _, _, v in find_claims(text) if v.kind == "money"]
    assert len(claims) == 1, (text, claims)
    return claims[0]


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=1, max_value=999_999), st.sampled_from([0, 1]))
def test_any_supported_money_style_grounds_every_other(units, digits):
    values = [(t, _only_claim(t)) for t in _money_styles(units, digits)]
    for ta, a in values:
        for tb, b in values:
            if a.precision is not None and b.precision is not None and b.precision > a.precision:
                continue  # a coarser source does not ground a finer answer
            assert compare(a, b).result == "equal", (ta, tb)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=1, max_value=10**7),
    st.integers(min_value=1, max_value=10**7),
    st.sampled_from(["${:,}", "{:,} people", "{:,}%", "{:,} km", "EUR {:,}"]),
)
def test_exact_values_compare_symmetrically(x, y, style):
    a, b = find_claims(style.format(x)), find_claims(style.format(y))
    assert len(a) == 1 and len(b) == 1
    ab, ba = compare(a[0][2], b[0][2]).result, compare(b[0][2], a[0][2]).result
    assert ab == ba
    assert (ab == "equal") == (x == y)
