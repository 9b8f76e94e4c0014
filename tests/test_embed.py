"""The sentence encoder's forward pass on real tokens only (``embed._pooled_unpadded``)."""

import numpy
import pytest

from spacy_ground.nn.embed import SentenceEncoder

TEXTS = [
    "Revenue rose 12% to $2.85 billion in the third quarter.",
    "Hi.",
    "The store opens at 9 am on weekdays and at 10 am on Saturdays, and it is closed on Sundays.",
    "hours.Monday: 9:0-17:0",
]
EDGES = [
    "",
    "   ",
    " ".join(["The quarterly report lists revenue, costs and margins by region."] * 30),
    "Café ☕ 😀 naïve — “quoted”",
]


@pytest.fixture(scope="module")
def float_encoders():
    padded, lean = SentenceEncoder(quantize=False, lean=False), SentenceEncoder(quantize=False, lean=True)
    assert lean._lean_fits(), "the lean path must know this transformers version's BertModel"
    return padded, lean


@pytest.fixture()
def lean_calls(monkeypatch):
    """How often ``_pooled_unpadded`` ran (so a test cannot pass on transformers' forward alone)."""
    import spacy_ground.nn.embed as embed

    calls = []
    real = embed._pooled_unpadded
    monkeypatch.setattr(embed, "_pooled_unpadded", lambda *a: calls.append(1) or real(*a))
    return calls


@pytest.mark.parametrize(
    "texts", [TEXTS, TEXTS[1:2], EDGES, TEXTS * 5 + EDGES], ids=["mixed", "one", "edges", "batches"]
)
def test_float32_equals_the_padded_forward(float_encoders, lean_calls, texts):
    """Sentences of very different lengths in one padded batch (and in several: more than 16),
    empty and whitespace-only texts, one truncated at max_length: the same unit vectors as
    transformers' own forward, to rounding."""
    padded, lean = float_encoders
    a, b = padded.encode(texts), lean.encode(texts)
    assert lean_calls  # the lean path ran
    assert a.shape == b.shape == (len(texts), 384)
    assert numpy.abs(a - b).max() < 1e-5
    assert numpy.allclose(numpy.linalg.norm(b, axis=1), 1.0, atol=1e-5)


def test_worker_threads_give_the_same_vectors(float_encoders, lean_calls):
    _, lean = float_encoders
    threaded = SentenceEncoder(quantize=False, lean=True, workers=2, batch_size=4)
    texts = TEXTS * 3 + EDGES
    assert numpy.abs(threaded.encode(texts) - lean.encode(texts)).max() < 1e-5
    assert len(lean_calls) >= 5  # 4 batches on the threads, 1 in the calling thread


def test_a_sentence_does_not_depend_on_the_padding_of_its_batch(float_encoders):
    _, lean = float_encoders
    alone = lean.encode([TEXTS[1]])[0]
    beside_long = lean.encode(TEXTS)[1]
    assert numpy.abs(alone - beside_long).max() < 1e-5


def test_int8_close_to_float32(float_encoders):
    """Dynamic int8 (the default) on real tokens only: near the float32 vectors, as the padded
    int8 forward is."""
    _, lean32 = float_encoders
    reference = lean32.encode(TEXTS)
    for lean in (True, False):
        vecs = SentenceEncoder(quantize=True, lean=lean).encode(TEXTS)
        assert (vecs * reference).sum(1).min() > 0.8


def test_empty_input_and_order(float_encoders):
    _, lean = float_encoders
    assert lean.encode([]).shape == (0, 384)
    forward, backward = lean.encode(TEXTS), lean.encode(TEXTS[::-1])
    assert numpy.abs(forward - backward[::-1]).max() < 1e-5


def test_an_encoder_the_lean_path_does_not_know_runs_transformers_forward(monkeypatch):
    """Another transformers layout (or attention implementation) falls back to its own forward."""
    import spacy_ground.nn.embed as embed
    import spacy_ground.nn.entail_model as entail_model

    called = []
    monkeypatch.setattr(entail_model, "_cls_only_fits", lambda bert: False)
    monkeypatch.setattr(embed, "_pooled_unpadded", lambda *a: called.append(1))
    enc = SentenceEncoder(quantize=False, lean=True)
    vecs = enc.encode(TEXTS[:2])
    assert not called and vecs.shape == (2, 384)


def test_int8_vectors_do_not_depend_on_the_order_of_texts():
    """Texts of equal length on either side of a batch boundary: int8 activations share one
    scale per batch, so the batches are made the same whatever order the texts come in."""
    texts = ["Jaguars hunt at night.", "Leaves decay in weeks.", "Herbs grow on a floor.", "About 2% of light."]
    assert len({len(t) for t in texts[:3]}) == 1
    encoder = SentenceEncoder(quantize=True, batch_size=2)
    first = encoder.encode(texts)
    order = [2, 3, 0, 1]
    again = encoder.encode([texts[i] for i in order])
    numpy.testing.assert_array_equal(again, first[order])
