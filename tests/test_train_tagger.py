"""Training the token tagger: pairs with word-piece labels, a short training run, thresholds."""

import gzip
import json

import pytest

from spacy_ground.training.train_entail import train_part
from spacy_ground.training.train_tagger import main

SOURCE = "The museum opened in Paris in 1998. It has 40 rooms and a garden of roses."


def _records(n: int = 24):
    """Labelled answers whose sources differ, so that both parts of the train split hold some."""
    out = []
    for i in range(n):
        source = f"{SOURCE} Visitor number {i} was counted in spring."
        wrong = i % 2 == 0
        answer = "The museum opened in Paris in 1998. " + (
            "It has 90 rooms and a zoo." if wrong else "It has 40 rooms and a garden."
        )
        spans = (
            [{"start": answer.index("90 rooms"), "end": len(answer) - 1, "label": "Evident Conflict"}] if wrong else []
        )
        out.append(
            {
                "id": f"t{i}",
                "dataset": "toy",
                "answer": answer,
                "sources": [source],
                "hallucinated": wrong,
                "spans": spans,
                "split": "train",
            }
        )
    return out


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("tagger")
    data = tmp / "toy_train.jsonl"
    records = _records()
    assert {train_part(r) for r in records} == {"adapt", "verdict"}
    data.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf8")
    pairs = tmp / "pairs.jsonl.gz"
    assert main(["pairs", str(data), "--output", str(pairs)]) == 0
    out = tmp / "tagger.safetensors"
    assert main(["train", str(pairs), str(out), "--epochs", "1", "--threads", "1", "--device", "cpu"]) == 0
    return data, pairs, out


def test_pairs_label_the_word_pieces_inside_a_span(trained):
    _, pairs, _ = trained
    rows = [json.loads(line) for line in gzip.open(pairs, "rt", encoding="utf8")]
    assert len(rows) == 24 and {r["part"] for r in rows} == {"adapt", "verdict"}
    wrong = next(r for r in rows if r["spans"])
    second = next(p for p in wrong["pairs"] if "90 rooms" in p["hypothesis"])
    labelled = [second["hypothesis"][s:e] for _, s, e, y in second["pieces"] if y]
    assert labelled[:2] == ["90", "rooms"] and "it" not in [t.lower() for t in labelled]
    first = next(p for p in wrong["pairs"] if "1998" in p["hypothesis"])
    assert not any(y for *_, y in first["pieces"])  # the sentence outside the span
    for pair in wrong["pairs"]:  # the tokens are the answer's, in its characters
        assert all(wrong["text"][s:e].strip() for s, e in pair["tokens"])


def test_training_writes_the_tagger_with_thresholds_and_figures(trained):
    _, _, out = trained
    meta = json.loads(out.with_suffix(".json").read_text())
    assert out.stat().st_size < 10_000_000
    assert meta["train_answers"] > 0 and meta["epochs"] == 1 and meta["depth"] == 1 and meta["device"] == "cpu"
    assert 0.0 < meta["threshold"] < 1.0 and set(meta["threshold_by_source"]) == {"document"}
    assert meta["held_out"]["answers"] > 0


def test_choose_sets_the_thresholds_from_the_whole_pipeline(trained):
    data, _, out = trained
    assert main(["choose", str(out), str(data)]) == 0
    meta = json.loads(out.with_suffix(".json").read_text())
    held = meta["held_out_pipeline"]
    assert held["answers"] == sum(train_part(r) == "verdict" for r in _records())
    assert {"precision", "recall", "f1"} <= set(held["at_chosen"]) and "whole_sentences" in held
    assert set(meta["threshold_by_source"]) == {"document"}


def test_the_tagger_loads_into_the_pipeline_and_tags(trained):
    import spacy_ground

    _, _, out = trained
    nlp = spacy_ground.load(overrides={"components.ground_entail.model.tagger_weights": str(out)})
    doc = spacy_ground.check(nlp, "It has 90 rooms.", [SOURCE])
    tokens = doc.spans["ground_sentences"][0]._.entailment["tokens"]
    assert [doc.text[s:e] for s, e, _ in tokens] == ["It", "has", "90", "rooms", "."]


def test_dev_data_is_refused(tmp_path):
    data = tmp_path / "toy_dev.jsonl"
    data.write_text(json.dumps(dict(_records(1)[0], split="dev")) + "\n", encoding="utf8")
    with pytest.raises(ValueError, match="never dev"):
        main(["pairs", str(data), "--output", str(tmp_path / "p.jsonl.gz")])
    with pytest.raises(ValueError, match="never dev"):
        main(["choose", str(tmp_path / "t.safetensors"), str(data)])
