"""The whole default pipeline saves and loads; config overrides change behaviour without retraining."""

from pathlib import Path

import pytest
import spacy
from spacy.util import load_config, load_model_from_config

import spacy_ground

ANSWER = "Revenue was $3.9 billion in 2024. The firm is based in Oslo."
SOURCES = ["Revenue was $2,847 million in 2024. The firm is based in Oslo and employs 400 people."]


def test_whole_pipeline_round_trip(tmp_path):
    nlp = spacy_ground.load()
    nlp.to_disk(tmp_path / "p")
    for name in ("ground_claims", "ground_align", "ground_entail", "ground_numeric", "ground_verdict"):
        assert (tmp_path / "p" / "config.cfg").exists() and name in nlp.pipe_names
    assert (tmp_path / "p" / "ground_entail" / "entail.safetensors").exists()
    loaded = spacy.load(tmp_path / "p")
    assert loaded.pipe_names == nlp.pipe_names
    a = spacy_ground.check(nlp, ANSWER, SOURCES)._.grounding.to_dict()
    b = spacy_ground.check(loaded, ANSWER, SOURCES)._.grounding.to_dict()
    assert a == b


def test_thresholds_and_k_overridden_at_load_time(tmp_path):
    nlp = spacy_ground.load()
    nlp.to_disk(tmp_path / "p")
    with pytest.warns(UserWarning, match="so only 1 are read"):  # passages ask for 3 evidence sentences
        strict = spacy.load(
            tmp_path / "p",
            config={
                "components": {
                    "ground_verdict": {"flag_threshold": 0.0, "block_threshold": 0.0},
                    "ground_align": {"top_k": 1},
                }
            },
        )
    doc = spacy_ground.check(strict, "The firm is based in Oslo.", SOURCES)
    assert doc._.grounding.action == "block"  # every score is >= 0
    assert all(len(s._.evidence) == 1 for s in doc.spans["ground_sentences"])
    default = spacy_ground.check(nlp, "The firm is based in Oslo.", SOURCES)
    assert default._.grounding.score == doc._.grounding.score  # same model, other thresholds


def test_configs_default_cfg_builds_the_pipeline():
    cfg = load_config(Path(__file__).parent.parent / "configs" / "default.cfg")
    nlp = load_model_from_config(cfg, auto_fill=True)
    assert nlp.pipe_names == [
        "sentencizer",
        "ground_claims",
        "ground_numeric",
        "ground_align",
        "ground_entail",
        "ground_verdict",
    ]
    assert cfg["components"]["ground_entail"]["model"]["@architectures"] == "spacy_ground.CrossEncoder.v1"


def test_a_rules_pipeline_pickles():
    import pickle

    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    again = pickle.loads(pickle.dumps(nlp))
    doc = spacy_ground.check(again, "It cost $5 million.", sources=["It cost $5 million."])
    assert doc._.numeric_grounding["n_grounded"] == 1
    assert again.get_pipe("ground_claims").scorer.spans_key == "ground_claims"


def test_an_inference_only_module_pickles_and_stays_in_eval_mode():
    import pickle

    import torch

    from spacy_ground.pipeline.entail import inference_only

    module = pickle.loads(pickle.dumps(inference_only(torch.nn.Sequential(torch.nn.Dropout(0.5)))))
    module.train()
    assert not module.training
