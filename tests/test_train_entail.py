"""Training data for the cross-encoder: NLI samples, RAG pairs, hard negatives, batches."""

import json
import random
from collections import Counter

import pytest

from spacy_ground.training.train_entail import (
    _sentence_label,
    answer_sentence_labels,
    build_rag_pairs,
    hard_negative,
    length_batches,
    main,
    native_bf16,
    read_pair_file,
    sample_nli,
    synthetic_negative,
    train_part,
    training_precision,
    write_pair_file,
)


@pytest.mark.parametrize(
    "start,end,spans,label",
    [
        (0, 10, [], 0),
        (0, 10, [{"start": 10, "end": 20, "label": "Evident Conflict"}], 0),  # touching is not overlapping
        (0, 10, [{"start": 5, "end": 20, "label": "Evident Baseless Info"}], 1),
        (0, 10, [{"start": 5, "end": 20, "label": "Subtle Conflict"}], 2),
        (
            0,
            10,
            [
                {"start": 0, "end": 3, "label": "Evident Baseless Info"},
                {"start": 8, "end": 9, "label": "Evident Conflict"},
            ],
            2,
        ),  # a conflict wins
        (0, 10, [{"start": 5, "end": 20, "label": "incorrect"}], 2),  # QUINTD: the record says otherwise
        (0, 10, [{"start": 5, "end": 20, "label": "not_checkable"}], 1),
        (0, 10, [{"start": 5, "end": 20, "label": "misleading"}], 1),
        (0, 10, [{"start": 5, "end": 20}], 1),  # a span without a label
    ],
)
def test_sentence_label(start, end, spans, label):
    assert _sentence_label(start, end, spans) == label


@pytest.mark.parametrize(
    "record,sentences,labels",
    [
        ({"hallucinated": False, "spans": []}, [(0, 10), (11, 20)], [0, 0]),
        ({"hallucinated": True, "spans": []}, [(0, 10)], [1]),  # one sentence: it is the wrong one
        ({"hallucinated": True, "spans": []}, [(0, 10), (11, 20)], None),  # which one is not said
        ({"hallucinated": True}, [], None),
        (
            {"hallucinated": True, "spans": [{"start": 12, "end": 15, "label": "incorrect"}]},
            [(0, 10), (11, 20)],
            [0, 2],
        ),
    ],
)
def test_answer_sentence_labels(record, sentences, labels):
    assert answer_sentence_labels(record, sentences) == labels


@pytest.mark.parametrize(
    "sentence,number",
    [
        ("Revenue was 120 million dollars in 2020.", "120"),
        ("The hotel has 45 rooms.", "45"),
        ("The museum is open on Sundays.", None),
        ("Paris is the capital of France.", None),
    ],
)
def test_hard_negative_changes_a_number_or_negates(sentence, number):
    seen = set()
    for seed in range(20):
        neg = hard_negative(sentence, random.Random(seed))
        assert neg and neg != sentence
        seen.add(neg)
    if number:  # mostly a changed number (the other words kept), sometimes a negation
        assert any(number not in n and n.split()[0] == sentence.split()[0] for n in seen)
    else:  # no number: always a negation after the verb
        assert all(" is not " in n for n in seen)


def test_synthetic_negatives_take_each_kind_that_applies():
    record = {"answer": "", "sources": ["Brightline acquired Acme in 2021, said Jane Doe, and not Carl Sagan."]}
    sentence = "In 2021 Brightline acquired Acme, and its chief Jane Doe was pleased."
    seen = {synthetic_negative(sentence, record, random.Random(seed)) for seed in range(40)}
    assert None not in seen and sentence not in seen
    assert any("Carl Sagan" in s for s in seen)  # a name of the sources swapped in
    assert any("Acme acquired Brightline" in s for s in seen)  # the roles swapped
    assert any(" not " in s for s in seen)  # denied
    assert any("2021" not in s for s in seen)  # the year changed
    assert synthetic_negative("Lovely weather today.", record, random.Random(0)) is None


def test_hard_negative_none_without_a_number_or_verb():
    assert hard_negative("Lovely weather today.", random.Random(0)) is None
    assert hard_negative("The museum is not open on Sundays.", random.Random(0)) is None  # never a double negation


def test_train_part_is_by_source_and_stable():
    recs = [{"sources": [f"source {i}"], "task": "qa"} for i in range(400)]
    parts = [train_part(r) for r in recs]
    assert parts == [train_part(r) for r in recs]
    assert 0.2 < parts.count("verdict") / len(parts) < 0.4
    # answers to the same sources are never split across parts
    assert train_part({"sources": ["x"], "task": "qa", "answer": "a"}) == train_part(
        {"sources": ["x"], "task": "qa", "answer": "b"}
    )


def test_sample_nli_mixes_datasets_and_makes_fever_neutrals():
    rows = [
        {
            "premise": f"P{i} about Paris",
            "hypothesis": f"Claim {i} about Paris",
            "label": "entailment",
            "dataset": "fever",
        }
        for i in range(100)
    ]
    rows += [
        {"premise": f"p{i}", "hypothesis": f"h{i}", "label": "contradiction", "dataset": "mnli"} for i in range(100)
    ]
    pairs = sample_nli(rows, 100, fever_neutral_share=0.2, seed=0, other_share=0.5)
    labels = [p[2] for p in pairs]
    assert labels.count(2) == 50  # the MNLI half
    assert labels.count(1) > 0  # built FEVER neutrals
    assert sample_nli(rows, 100, 0.2, 0, 0.5) == pairs  # seeded


def test_length_batches_cover_every_pair_once():
    pairs = [("p" * n, "h", n % 3) for n in range(1, 101)]
    batches = length_batches(pairs, 8, seed=0, chunk=4)
    flat = [p for b in batches for p in b]
    assert sorted(flat) == sorted(pairs)
    assert all(len(b) <= 8 for b in batches)


def _write(path, rows):
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf8")
    return str(path)


def test_rag_pairs_label_sentences_and_pair_hallucinations_with_more_evidence(tmp_path):
    source = (
        "The museum opened in Paris in 1998. It has a large garden with a pond. "
        "The cafe serves lunch every day. Tickets cost 12 euros for adults."
    )
    answer = "The museum opened in Paris in 1998. The garden has a famous rose collection planted by the king."
    hallucinated = answer.index("The garden")
    recs = [
        {
            "id": f"r{i}",
            "task": "summary",
            "sources": [source + f" Note {i}."],
            "answer": answer,
            "hallucinated": True,
            "spans": [{"start": hallucinated, "end": len(answer), "label": "Evident Baseless Info"}],
        }
        for i in range(30)
    ]
    recs = [r for r in recs if train_part(r) == "adapt"][:3]
    assert recs
    rag = _write(tmp_path / "rag.jsonl", recs)
    edits = _write(tmp_path / "edits.jsonl", [])
    one = build_rag_pairs(rag, edits, 0, supported_share=1.0, negative_share=0.0, seed=0)
    three = build_rag_pairs(rag, edits, 0, supported_share=1.0, negative_share=0.0, seed=0, negative_evidence_k=3)
    garden = [p for p in one if p[1].startswith("The garden")]
    assert garden and all(p[2] == 1 for p in garden)
    assert all(p[2] == 0 for p in one if p[1].startswith("The museum"))
    extra = [p for p in three if p[1].startswith("The garden")]
    assert len(extra) > len(garden)  # paired with lower-ranked evidence too
    assert all(p[2] == 1 for p in extra)
    assert len({p[0] for p in extra}) > 1


def test_negative_evidence_k_needs_single_evidence(tmp_path):
    with pytest.raises(ValueError, match="needs --evidence-k 1"):
        build_rag_pairs("rag.jsonl", "edits.jsonl", 0, 1.0, 0.0, seed=0, evidence_k=2, negative_evidence_k=3)


def test_pair_file_round_trip_and_bad_labels(tmp_path):
    pairs = [("Paris is in France.", "Paris is French.", 0), ('A "quoted" line\nand more', "x", 2)]
    path = str(tmp_path / "pairs.jsonl.gz")
    write_pair_file(pairs, path)
    assert read_pair_file(path) == pairs
    _write(tmp_path / "bad.jsonl", [{"premise": "a", "hypothesis": "b", "label": "entailment"}])
    with pytest.raises(ValueError, match="labels 0, 1 or 2"):
        read_pair_file(str(tmp_path / "bad.jsonl"))
    _write(tmp_path / "float.jsonl", [{"premise": "a", "hypothesis": "b", "label": 1.0}])
    with pytest.raises(ValueError, match="labels 0, 1 or 2"):
        read_pair_file(str(tmp_path / "float.jsonl"))


def test_saved_pairs_train_a_model_elsewhere(tmp_path):
    """--save-pairs writes the sample and trains nothing; --pairs-from trains on exactly it
    (how pairs built on a CPU machine are trained on a lent GPU)."""
    rows = [
        {
            "premise": f"The cat {i} sat on the mat.",
            "hypothesis": f"A cat {i} sat.",
            "label": "entailment",
            "dataset": "mnli",
        }
        for i in range(6)
    ]
    rows += [
        {
            "premise": f"The dog {i} ran.",
            "hypothesis": f"The dog {i} slept.",
            "label": "contradiction",
            "dataset": "snli",
        }
        for i in range(6)
    ]
    data = _write(tmp_path / "nli.jsonl", rows)
    saved, model = str(tmp_path / "sample.jsonl.gz"), tmp_path / "m.safetensors"
    assert main(["train", data, str(model), "--max-pairs", "8", "--other-share", "1.0", "--save-pairs", saved]) == 0
    assert not model.exists()
    sample = read_pair_file(saved)
    assert len(sample) == 8
    assert (
        main(
            [
                "train",
                "unused.jsonl",
                str(model),
                "--pairs-from",
                saved,
                "--batch-size",
                "4",
                "--max-length",
                "32",
                "--device",
                "cpu",
                "--precision",
                "fp32",
            ]
        )
        == 0
    )
    meta = json.loads(model.with_suffix(".json").read_text())
    assert (meta["pairs"], meta["data"], meta["device"], meta["precision"]) == (8, "sample.jsonl.gz", "cpu", "fp32")
    assert meta["labels"] == {str(k): v for k, v in Counter(p[2] for p in sample).items()}
    assert "init" not in meta
    # a run continued from this one keeps its record nested, stage by stage
    second = tmp_path / "m2.safetensors"
    args = ["--pairs-from", saved, "--batch-size", "4", "--max-length", "32", "--precision", "fp32"]
    assert main(["train", "unused.jsonl", str(second), "--init", str(model), *args]) == 0
    assert json.loads(second.with_suffix(".json").read_text())["init"] == meta


def _cats_and_dogs(tmp_path):
    rows = [
        {
            "premise": f"The cat {i} sat on the mat.",
            "hypothesis": f"A cat {i} sat.",
            "label": "entailment",
            "dataset": "mnli",
        }
        for i in range(8)
    ]
    rows += [
        {
            "premise": f"The dog {i} ran.",
            "hypothesis": f"The dog {i} slept.",
            "label": "contradiction",
            "dataset": "snli",
        }
        for i in range(8)
    ]
    return _write(tmp_path / "nli.jsonl", rows)


def test_bf16_training_stays_close_to_float32(tmp_path, monkeypatch):
    """--precision bf16 runs the forward pass under bfloat16 autocast with the weights in float32,
    and the trained model predicts what the float32 one does, to within bfloat16's rounding."""
    import torch

    from spacy_ground.nn.entail_model import CrossEncoder, load_tokenizer, load_trained, predict_proba

    seen = []
    forward = CrossEncoder.forward

    def watched(self, *args, **kwargs):
        if self.training:
            seen.append((torch.is_autocast_enabled("cpu"), {p.dtype for p in self.parameters()}))
        return forward(self, *args, **kwargs)

    monkeypatch.setattr(CrossEncoder, "forward", watched)
    data = _cats_and_dogs(tmp_path)
    probs = {}
    for precision in ("fp32", "bf16"):
        seen.clear()
        out = tmp_path / f"{precision}.safetensors"
        assert (
            main(
                [
                    "train",
                    data,
                    str(out),
                    "--max-pairs",
                    "16",
                    "--other-share",
                    "1.0",
                    "--batch-size",
                    "8",
                    "--max-length",
                    "32",
                    "--precision",
                    precision,
                    "--lr",
                    "1e-4",
                ]
            )
            == 0
        )
        assert json.loads(out.with_suffix(".json").read_text())["precision"] == precision
        assert seen == [(precision == "bf16", {torch.float32})] * 2  # two steps, autocast on in bf16 only
        probs[precision] = predict_proba(
            load_trained(out), load_tokenizer(), ["The cat 3 sat on the mat."], ["A cat 3 sat."], max_length=32
        )
    assert probs["fp32"] != probs["bf16"]
    assert max(abs(a - b) for a, b in zip(probs["fp32"][0], probs["bf16"][0])) < 0.02


def test_a_resumed_run_keeps_the_precision_it_began_in(tmp_path):
    data = _cats_and_dogs(tmp_path)
    first = tmp_path / "first.safetensors"
    assert (
        main(
            [
                "train",
                data,
                str(first),
                "--max-pairs",
                "16",
                "--other-share",
                "1.0",
                "--batch-size",
                "8",
                "--max-length",
                "32",
                "--precision",
                "fp32",
            ]
        )
        == 0
    )
    out = tmp_path / "out.safetensors"
    first.rename(out.with_suffix(".ckpt.safetensors"))  # as if a bf16 run had stopped after its first step
    out.with_suffix(".ckpt.json").write_text(json.dumps({"step": 1, "precision": "bf16"}))
    assert (
        main(
            [
                "train",
                data,
                str(out),
                "--max-pairs",
                "16",
                "--other-share",
                "1.0",
                "--batch-size",
                "8",
                "--max-length",
                "32",
                "--precision",
                "fp32",
            ]
        )
        == 0
    )
    assert json.loads(out.with_suffix(".json").read_text())["precision"] == "bf16"
    assert not out.with_suffix(".ckpt.safetensors").exists()


@pytest.mark.parametrize(
    "flags,expected",
    [
        ("flags : fpu avx2 avx512f avx512_bf16 avx512_vnni", True),
        ("flags : fpu amx_bf16 amx_tile", True),
        ("flags : fpu avx2 avx512f avx512_vnni", False),  # AVX-512 alone: bfloat16 is emulated
        ("flags : fpu avx2 avx512_bf16x", False),  # a whole flag, not a prefix
        ("", False),
    ],
)
def test_native_bf16_reads_the_cpu_flags(tmp_path, flags, expected):
    import torch

    info = tmp_path / "cpuinfo"
    info.write_text(f"processor : 0\n{flags}\n")
    assert native_bf16(torch.device("cpu"), str(info)) is expected


@pytest.mark.parametrize(
    "native,choice,expected,warns",
    [
        (True, "auto", "bf16", False),
        (False, "auto", "fp32", False),
        (True, "fp32", "fp32", False),
        (False, "fp32", "fp32", False),
        (True, "bf16", "bf16", False),
        (False, "bf16", "bf16", True),  # chosen on a device without it: trained so, with a warning
    ],
)
def test_training_precision(monkeypatch, capsys, native, choice, expected, warns):
    import torch

    import spacy_ground.training.train_entail as te

    monkeypatch.setattr(te, "native_bf16", lambda device: native)
    assert training_precision(choice, torch.device("cpu")) == expected
    assert ("no native bfloat16" in capsys.readouterr().err) is warns


def test_native_bf16_without_cpuinfo_and_bad_choices(tmp_path):
    import torch

    cpu = torch.device("cpu")
    assert native_bf16(cpu, str(tmp_path / "missing")) is False
    assert native_bf16(torch.device("meta")) is False
    with pytest.raises(ValueError, match="auto, fp32 or bf16"):
        training_precision("fp16", cpu)


def test_eval_refuses_int8_off_the_cpu(tmp_path):
    with pytest.raises(ValueError, match="int8"):
        main(["eval", "m.safetensors", "data.jsonl", "--quantize", "--device", "cuda:0"])


def test_rag_pairs_by_kind_of_sources(tmp_path):
    passages = [
        "The museum opened in Paris in 1998. It has a large garden with a pond.",
        "The cafe serves lunch every day. Tickets cost 12 euros for adults.",
    ]
    answer = "The museum opened in Paris in 1998. The garden has a famous rose collection planted by the king."
    hallucinated = answer.index("The garden")
    span = [{"start": hallucinated, "end": len(answer), "label": "Evident Baseless Info"}]
    recs = [
        {
            "id": f"q{i}",
            "task": "qa",
            "sources": passages + [f"Note {i} on the museum garden."],
            "answer": answer,
            "hallucinated": True,
            "spans": span,
        }
        for i in range(30)
    ]
    recs += [
        {
            "id": f"s{i}",
            "task": "summary",
            "sources": [" ".join(passages) + f" Note {i}."],
            "answer": answer,
            "hallucinated": True,
            "spans": span,
        }
        for i in range(30)
    ]
    recs = [r for r in recs if train_part(r) == "adapt"]
    assert {r["task"] for r in recs} == {"qa", "summary"}
    rag = _write(tmp_path / "rag.jsonl", recs)
    edits = _write(tmp_path / "edits.jsonl", [])
    common = dict(supported_share=1.0, negative_share=0.0, seed=0)
    one = build_rag_pairs(rag, edits, 0, **common)
    only = build_rag_pairs(rag, edits, 0, **common, evidence_k_by_source={"passages": 3}, source_kinds=["passages"])
    n_qa = sum(r["task"] == "qa" for r in recs)
    assert len(only) == 2 * n_qa  # two sentences per passages answer, none from the summaries
    longest = max(len(p[0]) for p in one)
    assert all(len(p[0]) > longest for p in only)  # three evidence sentences read as one premise
    mixed = build_rag_pairs(rag, edits, 0, **common, negative_evidence_k=3, evidence_k_by_source={"passages": 3})
    garden = [p for p in mixed if p[1].startswith("The garden")]
    # lower-ranked evidence negatives only for answers read with one evidence sentence
    assert len(garden) == n_qa + sum(1 + 2 for r in recs if r["task"] == "summary")
    with pytest.raises(ValueError, match="unknown source kind"):
        build_rag_pairs(rag, edits, 0, **common, source_kinds=["qa"])


def test_rag_pairs_from_sets_labelled_per_answer(tmp_path):
    source = "The museum opened in Paris in 1998. It has a large garden with a pond."
    clean = "The museum opened in Paris in 1998. It has a large garden with a pond."
    one = "The museum has a famous rose collection planted by the king."
    two = "The museum opened in Paris in 1998. Its garden was planted by the king."
    recs = [
        {"id": f"d{i}", "dataset": "dialogue", "sources": [source + f" Note {i}."], "answer": a, "hallucinated": h}
        for i in range(40)
        for a, h in ((clean, False), (one, True), (two, True))
    ]
    adapt_part = [r for r in recs if train_part(r) == "adapt"]
    assert adapt_part and len(adapt_part) < len(recs)
    more = _write(tmp_path / "dialogue.jsonl", recs)
    rag = _write(tmp_path / "rag.jsonl", [])
    edits = _write(tmp_path / "edits.jsonl", [])
    common = dict(supported_share=1.0, negative_share=0.0, seed=0)
    pairs = build_rag_pairs(rag, edits, 0, **common, more=[more])
    n = len(adapt_part) // 3
    assert Counter(p[2] for p in pairs) == {0: 2 * n, 1: n}  # the clean answers' two sentences, the one-sentence lie
    assert all(p[1] == one for p in pairs if p[2] == 1)
    assert not any("planted by the king" in p[1] and p[2] == 0 for p in pairs)  # the two-sentence lie is left out
    assert len(build_rag_pairs(rag, edits, 0, **common, more=[more], max_more=3)) <= 6
    # a short second sentence still makes the answer one of two sentences: which is wrong is not said
    r = adapt_part[0]
    short = [dict(r, answer=one + " Yes, it is.", hallucinated=True), dict(r, answer=clean, hallucinated=False)]
    pairs = build_rag_pairs(rag, edits, 0, **common, more=[_write(tmp_path / "short.jsonl", short)])
    assert {p[2] for p in pairs} == {0}


@pytest.mark.parametrize(
    "text,expected", [("passages=3", {"passages": 3}), ("passages=3, document=1", {"passages": 3, "document": 1})]
)
def test_kind_counts(text, expected):
    from spacy_ground.training.train_entail import _kind_counts

    assert _kind_counts(text) == expected


@pytest.mark.parametrize("text", ["passages", "passages=0", "passages=x"])
def test_kind_counts_refuses(text):
    import argparse

    from spacy_ground.training.train_entail import _kind_counts

    with pytest.raises(argparse.ArgumentTypeError):
        _kind_counts(text)


def test_under_bf16_autocast_the_head_runs_in_float32():
    """The encoder's [CLS] vector may be bfloat16, but the logits the loss reads are computed in
    float32 from it (not rounded to bfloat16)."""
    import torch

    from spacy_ground.nn.entail_model import CrossEncoder

    class Encoder(torch.nn.Module):
        training = True

        def forward(self, input_ids, attention_mask=None, token_type_ids=None):
            out = torch.nn.functional.linear(input_ids.float()[..., None].expand(-1, -1, 8) / 7, torch.eye(8) * 1.001)
            return type("Out", (), {"last_hidden_state": out})()

    torch.manual_seed(0)
    model = CrossEncoder(Encoder(), hidden=8, n_labels=3, dropout=0.0)
    ids = torch.tensor([[1, 2, 3]])
    with torch.autocast("cpu", dtype=torch.bfloat16):
        logits = model(ids, torch.ones_like(ids))
        cls = model.encoder(ids).last_hidden_state[:, 0]
    assert cls.dtype == torch.bfloat16 and logits.dtype == torch.float32
    assert torch.equal(logits, model.head(cls.float()))
    with torch.autocast("cpu", dtype=torch.bfloat16):
        assert torch.nn.functional.linear(cls, model.head.weight, model.head.bias).dtype == torch.bfloat16
