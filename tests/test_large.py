"""Large input: a configurable cap with a clear message instead of unbounded work; long sources
and many sources still get a verdict."""
import pytest

import spacy_ground

SENTENCE = "The company reported revenue of $2,847 million in the third quarter of 2024. "


def test_source_cap_is_a_clear_error():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY,
                            overrides={"components.ground_claims.max_source_chars": 1000})
    with pytest.raises(ValueError, match="over the limit of 1,000.*max_source_chars"):
        spacy_ground.check(nlp, "Revenue was $2.85 billion.", [SENTENCE * 20])


def test_many_and_long_sources_get_a_verdict():
    nlp = spacy_ground.load()
    sources = [SENTENCE * 10 for _ in range(100)] + [SENTENCE * 700]  # 100 sources and one of ~55 KB
    g = spacy_ground.check(nlp, "Revenue was $2.85 billion in Q3 2024.", sources)._.grounding
    assert g.verdict == "supported" and g.claims[0]["status"] == "grounded"
