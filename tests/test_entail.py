"""ground_entail: the shipped cross-encoder loads offline, judges pairs, saves with the pipeline."""
import json

import pytest
import spacy

import spacy_ground
from spacy_ground.entail import EMBEDDED_MODEL


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    nlp.add_pipe("ground_align", after="ground_claims", config={"use_embeddings": False})
    nlp.add_pipe("ground_entail", after="ground_align")
    return nlp


def test_shipped_model_is_small_safetensors():
    assert EMBEDDED_MODEL.exists()
    assert EMBEDDED_MODEL.stat().st_size < 50_000_000
    with open(EMBEDDED_MODEL, "rb") as f:
        header_len = int.from_bytes(f.read(8), "little")
        header = json.loads(f.read(header_len))
    assert not any(k.startswith("encoder.embeddings") for k in header), "embeddings come from the PyPI package"


def test_probabilities_per_sentence(nlp):
    doc = spacy_ground.check(nlp, "The museum opened in Paris. The museum is closed forever.",
                             ["The museum opened in Paris in 1998 and is open every day."])
    rows = [s._.entailment for s in doc.spans["ground_sentences"]]
    for r in rows:
        assert set(r) == {"supported", "unsupported", "contradicted", "label"}
        assert sum(r[k] for k in ("supported", "unsupported", "contradicted")) == pytest.approx(1.0, abs=1e-4)
    assert rows[0]["supported"] > rows[1]["supported"]


def test_sentence_without_evidence_is_not_judged(nlp):
    doc = spacy_ground.check(nlp, "The museum opened in Paris.", [])
    assert doc.spans["ground_sentences"][0]._.entailment is None


def test_saved_and_loaded_with_the_pipeline(nlp, tmp_path):
    nlp.to_disk(tmp_path / "p")
    assert (tmp_path / "p" / "ground_entail" / "entail.safetensors").exists()
    loaded = spacy.load(tmp_path / "p")
    a = spacy_ground.check(nlp, "The museum opened in Paris.", ["The museum opened in Paris in 1998."])
    b = spacy_ground.check(loaded, "The museum opened in Paris.", ["The museum opened in Paris in 1998."])
    ea, eb = a.spans["ground_sentences"][0]._.entailment, b.spans["ground_sentences"][0]._.entailment
    assert ea["label"] == eb["label"]
    for key in ("supported", "unsupported", "contradicted"):
        assert ea[key] == pytest.approx(eb[key], abs=1e-6)
