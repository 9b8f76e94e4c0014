"""ground_entail: the shipped cross-encoder loads offline, judges pairs, saves with the pipeline."""

import json

import pytest
import spacy

import spacy_ground
from spacy_ground.pipeline.entail import EMBEDDED_MODEL


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    nlp.add_pipe("ground_align", after="ground_numeric", config={"use_embeddings": False})
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
    doc = spacy_ground.check(
        nlp,
        "The museum opened in Paris. The museum is closed forever.",
        ["The museum opened in Paris in 1998 and is open every day."],
    )
    rows = [s._.entailment for s in doc.spans["ground_sentences"]]
    for r in rows:
        assert set(r) - {"tokens"} == {"supported", "unsupported", "contradicted", "label", "evidence"}
        # the token tagger reads the sentences supported less than tag_if_support_below
        assert ("tokens" in r) == (r["supported"] < nlp.get_pipe("ground_entail").tag_if_support_below)
        assert r["evidence"] == 0  # "concat": one premise
        assert sum(r[k] for k in ("supported", "unsupported", "contradicted")) == pytest.approx(1.0, abs=1e-4)
    assert rows[0]["supported"] > rows[1]["supported"]


def test_best_mode_reads_each_evidence_sentence_and_keeps_the_most_supportive(best3):
    from spacy_ground.render import judged_evidence

    nlp, best = best3, best3.get_pipe("ground_entail")
    answer = "The museum in Paris opened in 1998."
    sources = ["The museum is in Paris and has a cafe. The museum in Paris opened in 1998 after ten years of work."]
    doc = spacy_ground.check(nlp, answer, sources)
    sent = doc.spans["ground_sentences"][0]
    evidence = sent._.evidence
    assert len(evidence) >= 2
    # the kept result is the most supportive of the single-sentence premises
    singles = best.predict([(e["text"], sent.text.strip()) for e in evidence[:3]])
    i = max(range(len(singles)), key=lambda k: singles[k][0])
    assert sent._.entailment["evidence"] == i
    assert sent._.entailment["supported"] == pytest.approx(singles[i][0], abs=1e-5)
    per = sent._.entailment["per_evidence"]
    assert len(per) == min(3, len(evidence))
    assert max(range(len(per)), key=lambda k: per[k][0]) == i
    assert "opened in 1998" in judged_evidence(sent)["text"]


def _scripted(pipe, scores):
    """Make ``pipe`` read each premise as ``scores`` says (by a word in the premise)."""

    def predict(pairs):
        return [next(v for k, v in scores.items() if k in premise) for premise, _ in pairs]

    pipe.predict = predict
    pipe.predict_tagged = lambda pairs: [(p, []) for p in pipe.predict(pairs)]  # the tagger reads nothing


@pytest.mark.parametrize(
    "scores,index,label",
    [
        # the second-ranked sentence is the one that supports the answer
        ({"gardens are": [0.1, 0.8, 0.1], "opened": [0.9, 0.05, 0.05], "Tickets": [0.2, 0.7, 0.1]}, 1, "supported"),
        # nothing supports it and one contradicts it: judged against the contradiction
        (
            {"gardens are": [0.05, 0.9, 0.05], "opened": [0.02, 0.03, 0.95], "Tickets": [0.1, 0.8, 0.1]},
            1,
            "contradicted",
        ),
        # the top one supports it more strongly than any contradicts it
        ({"gardens are": [0.7, 0.2, 0.1], "opened": [0.3, 0.1, 0.6], "Tickets": [0.1, 0.8, 0.1]}, 0, "supported"),
    ],
)
def test_best_mode_keeps_the_evidence_that_speaks_most_strongly(scores, index, label):
    from spacy_ground.render import judged_evidence

    nlp = spacy_ground.load(
        overrides={
            "components.ground_entail.evidence_k": 3,
            "components.ground_entail.evidence_mode": "best",
            "components.ground_align.use_embeddings": False,
        }
    )
    _scripted(nlp.get_pipe("ground_entail"), scores)
    answer = "The museum gardens opened in 1998 to visitors."
    sources = [
        "The museum gardens are large and the museum gardens are green. The museum opened in 1998. "
        "Tickets for the museum cost 12 euros."
    ]
    doc = spacy_ground.check(nlp, answer, sources)
    sent = doc.spans["ground_sentences"][0]
    order = [next(k for k in scores if k in e["text"]) for e in sent._.evidence]
    assert order == ["gardens are", "opened", "Tickets"]  # as ground_align ranks them (lexical)
    ent = sent._.entailment
    assert (ent["label"], ent["evidence"]) == (label, index)
    assert ent["per_evidence"] == [scores[k] for k in order]
    shown = judged_evidence(sent)["text"]
    assert shown == sent._.evidence[index]["text"]
    row = doc._.grounding.sentences[0]
    assert row["evidence"]["text"] == shown  # the verdict names the evidence that was judged
    assert "evidence: " + shown.strip() in spacy_ground.render(doc, jupyter=False)


def test_a_repeated_sentence_span_is_read_once(best3):
    doc = spacy_ground.check(
        best3,
        "The museum in Paris opened in 1998.",
        ["The museum is in Paris. The museum in Paris opened in 1998. It has a cafe."],
    )
    sents = list(doc.spans["ground_sentences"])
    doc.spans["ground_sentences"] = sents + [sents[0]]
    best3.get_pipe("ground_entail")(doc)
    assert len(doc.spans["ground_sentences"][0]._.entailment["per_evidence"]) == min(3, len(sents[0]._.evidence))


# float32 for exact comparisons across batches: int8 activations are scaled per batch
FLOAT32 = {"model": {"@architectures": "spacy_ground.CrossEncoder.v1", "quantize": False}}


@pytest.fixture(scope="module")
def best3():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    nlp.add_pipe("ground_align", after="ground_numeric", config={"use_embeddings": False, "top_k": 3})
    nlp.add_pipe("ground_entail", after="ground_align", config={"evidence_k": 3, "evidence_mode": "best", **FLOAT32})
    return nlp


@pytest.mark.parametrize("enough", [0.0, 0.5, 0.999, 1.0])
def test_cascade_reads_lower_ranked_evidence_only_for_weakly_supported_sentences(best3, enough):
    full = best3
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    nlp.add_pipe("ground_align", after="ground_numeric", config={"use_embeddings": False, "top_k": 3})
    nlp.add_pipe(
        "ground_entail",
        after="ground_align",
        config={"evidence_k": 3, "evidence_mode": "best", "enough_support": enough, **FLOAT32},
    )
    answer = "The museum in Paris opened in 1998. It has a rose garden planted by the king. Tickets cost 12 euros."
    sources = [
        "The museum is in Paris and has a garden. The museum in Paris opened in 1998 after ten years of work. "
        "Adult tickets cost 12 euros; children enter free."
    ]
    doc, ref = spacy_ground.check(nlp, answer, sources), spacy_ground.check(full, answer, sources)
    for sent, ref_sent in zip(doc.spans["ground_sentences"], ref.spans["ground_sentences"]):
        per, ref_per = sent._.entailment["per_evidence"], ref_sent._.entailment["per_evidence"]
        top = ref_per[0][0]
        assert len(per) == (len(ref_per) if top < enough else 1)
        for a, b in zip(per, ref_per):  # the pairs read are read the same way
            assert a == pytest.approx(b, abs=1e-5)
        assert sent._.entailment["supported"] == pytest.approx(max(p[0] for p in per), abs=1e-6)


def test_unknown_evidence_mode_is_a_clear_error():
    nlp = spacy.blank("en")
    with pytest.raises(ValueError, match="evidence_mode"):
        nlp.add_pipe("ground_entail", config={"evidence_mode": "mean"})
    with pytest.raises(ValueError, match="enough_support"):
        nlp.add_pipe("ground_entail", config={"enough_support": 0.9})  # the cascade needs "best"
    with pytest.raises(ValueError, match="between 0 and 1"):
        nlp.add_pipe("ground_entail", config={"evidence_mode": "best", "enough_support": 1.5})


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


def test_model_is_a_thinc_model_from_the_registry(nlp):
    from spacy.util import registry
    from thinc.api import Model

    pipe = nlp.get_pipe("ground_entail")
    assert isinstance(pipe.model, Model)
    assert registry.architectures.get("spacy_ground.CrossEncoder.v1")
    assert nlp.config["components"]["ground_entail"]["model"]["@architectures"] == "spacy_ground.CrossEncoder.v1"
    probs = pipe.model.predict(
        [
            ("The museum opened in 1998.", "The museum opened in 1998."),
            ("The museum opened in 1998.", "The museum closed in 1998."),
        ]
    )
    assert probs.shape == (2, 3)
    assert probs[0][0] > probs[1][0]


def test_weights_from_config_and_a_clear_error_without_them(tmp_path):
    nlp = spacy.blank("en")
    with pytest.raises(Exception, match="no trained model at"):
        nlp.add_pipe("ground_entail", config={"model": {"weights": str(tmp_path / "missing.safetensors")}})


def test_bytes_and_disk_round_trip_replace_the_weights(nlp, tmp_path):
    from safetensors.torch import load_file, save_file

    state = load_file(str(EMBEDDED_MODEL))
    state["head.bias"] = state["head.bias"] + 3.0 * (state["head.bias"] * 0 + 1).cumsum(0)  # tilt the head
    save_file(state, str(tmp_path / "tilted.safetensors"))
    pipe = nlp.get_pipe("ground_entail")
    other = spacy.blank("en").add_pipe(
        "ground_entail", config={"model": {"weights": str(tmp_path / "tilted.safetensors")}}
    )
    pair = [("Paris is the capital of France.", "France's capital is Paris.")]
    shipped = pipe.model.predict(pair)[0].tolist()
    assert other.model.predict(pair)[0].tolist() != pytest.approx(shipped, abs=1e-3)
    other.from_bytes(pipe.to_bytes())
    assert other.model.predict(pair)[0].tolist() == pytest.approx(shipped, abs=1e-6)
    tilted = spacy.blank("en").add_pipe(
        "ground_entail", config={"model": {"weights": str(tmp_path / "tilted.safetensors")}}
    )
    tilted.to_disk(tmp_path / "saved")
    pipe.from_disk(tmp_path / "saved")
    try:
        assert pipe.model.predict(pair)[0].tolist() != pytest.approx(shipped, abs=1e-3)
    finally:
        pipe.from_disk(EMBEDDED_MODEL.parent)  # the module-scoped pipeline gets its weights back
    assert pipe.model.predict(pair)[0].tolist() == pytest.approx(shipped, abs=1e-6)


def test_save_into_the_folder_it_was_loaded_from_and_after_it_is_gone(nlp, tmp_path):
    import shutil

    nlp.to_disk(tmp_path / "p")
    loaded = spacy.load(tmp_path / "p")
    loaded.to_disk(tmp_path / "p")  # the same folder again: no SameFileError
    pipe = loaded.get_pipe("ground_entail")
    data = pipe.to_bytes()
    shutil.rmtree(tmp_path / "p")
    assert pipe.to_bytes() == data  # the weights are kept in memory
    loaded.to_disk(tmp_path / "q")
    assert (tmp_path / "q" / "ground_entail" / "entail.safetensors").stat().st_size == EMBEDDED_MODEL.stat().st_size


def test_default_runs_int8_and_float32_is_a_config_switch():
    import torch

    nlp = spacy_ground.load()
    pipe = nlp.get_pipe("ground_entail")
    assert pipe.model.attrs["quantize"] is True
    linear = [type(m).__module__ for m in pipe.model.shims[0]._model.modules() if "Linear" in type(m).__name__]
    assert linear and all("quantized" in m for m in linear)
    nlp_f32 = spacy_ground.load(overrides={"components.ground_entail.model.quantize": False})
    f32 = nlp_f32.get_pipe("ground_entail")
    assert any(isinstance(m, torch.nn.Linear) for m in f32.model.shims[0]._model.modules())
    answer, sources = "The museum opened in Paris in 1998.", ["The museum opened in Paris in 1998 and is open daily."]
    doc_a = spacy_ground.check(nlp, answer, sources)
    doc_b = spacy_ground.check(nlp_f32, answer, sources)
    a, b = doc_a.spans["ground_sentences"][0]._.entailment, doc_b.spans["ground_sentences"][0]._.entailment
    assert a["label"] == b["label"] == "supported"
    assert a["supported"] == pytest.approx(b["supported"], abs=0.1)


def test_on_a_gpu_the_float32_weights_run(monkeypatch):
    """dynamic int8 is CPU-only: after spacy.require_gpu() the architecture keeps float32."""
    import torch

    from spacy_ground.pipeline import entail

    monkeypatch.setattr(entail, "on_gpu", lambda: True)
    with pytest.warns(UserWarning, match="CPU only"):
        model = entail.build_cross_encoder(quantize=True)
    assert model.attrs["quantize"] is False
    assert type(model.shims[0]._model.head) is torch.nn.Linear  # not a quantized layer


def test_inputs_and_swapped_weights_follow_the_module_device():
    """Token ids go where thinc put the module (a GPU after require_gpu), and weights loaded
    later (from_disk) land there too. The "meta" device stands in for a GPU here."""
    from spacy_ground.nn.entail_model import load_trained, module_device, set_torch_module
    from spacy_ground.pipeline.entail import build_cross_encoder

    model = build_cross_encoder(quantize=False)
    model.shims[0]._model = model.shims[0]._model.to("meta")
    inputs, _ = model.attrs["convert_inputs"](model, [("The museum opened in 1998.", "It opened in 1998.")], False)
    assert inputs.kwargs["input_ids"].device.type == "meta"
    set_torch_module(model, load_trained(EMBEDDED_MODEL))
    assert module_device(model.shims[0]._model).type == "meta"


@pytest.mark.parametrize(
    "sources,kind",
    [
        (["One passage about the museum."], "document"),
        (["One passage.", "Another passage."], "passages"),
        (["One passage.", "   "], "document"),  # a blank source is not a passage
        (['{"name": "Finch", "rating": 4.5}'], "record"),
        (["A passage.", {"name": "Finch"}], "record"),
        ([], "document"),
        (None, "document"),
        (["One passage.", None], "document"),  # None entries are skipped
        ("One text given alone.", "document"),  # a single text or record counts as a list of one
        ({"name": "Finch"}, "record"),
        ('{"name": "Finch"}', "record"),
    ],
)
def test_source_kind(sources, kind):
    from spacy_ground.fusion.model import source_shape
    from spacy_ground.sources.readers import source_kind

    assert source_kind(sources) == kind
    assert source_shape(sources) == ("record" if kind == "record" else "text")


def test_evidence_k_by_source_reads_passages_with_more_evidence():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    nlp.add_pipe("ground_align", after="ground_numeric", config={"use_embeddings": False, "top_k": 3})
    entail = nlp.add_pipe("ground_entail", after="ground_align", config={"evidence_k_by_source": {"passages": 3}})
    read = []
    _scripted(entail, {"": [0.8, 0.1, 0.1]})
    predict = entail.predict
    entail.predict = lambda pairs: read.extend(pairs) or predict(pairs)
    answer = "The museum in Paris opened in 1998."
    text = "The museum is in Paris. The museum in Paris opened in 1998. It has a cafe."
    for sources, n in (([text], 1), ([text, "Tickets cost 12 euros at the museum in Paris."], 3)):
        read.clear()
        doc = spacy_ground.check(nlp, answer, sources)
        sent = doc.spans["ground_sentences"][0]
        assert entail.evidence_k_for(doc) == n
        assert len(read) == 1  # one premise ("concat")
        assert [e["text"].strip() in read[0][0] for e in sent._.evidence[:3]].count(True) == min(
            n, len(sent._.evidence)
        )


@pytest.mark.parametrize(
    "by_source,message",
    [
        ({"qa": 3}, "source kinds"),
        ({"passages": 0}, "integer >= 1"),
        ({"passages": "3"}, "integer >= 1"),
    ],
)
def test_bad_evidence_k_by_source_is_a_clear_error(by_source, message):
    nlp = spacy.blank("en")
    with pytest.raises(ValueError, match=message):
        nlp.add_pipe("ground_entail", config={"evidence_k_by_source": by_source})


@pytest.mark.parametrize(
    "config,message",
    [
        ({"evidence_k_by_source": {"passages": 4}}, "evidence_k_by_source.passages = 4 asks for more"),
        ({"evidence_k": 5, "evidence_k_by_source": {}}, "evidence_k = 5 asks for more"),
    ],
)
def test_more_evidence_than_the_aligner_keeps_is_said(config, message):
    import warnings

    nlp = spacy.blank("en")
    nlp.add_pipe("ground_align", config={"use_embeddings": False, "top_k": 3})
    with pytest.warns(UserWarning, match=message + r".*'ground_align' keeps \(top_k = 3\), so only 3 are read"):
        nlp.add_pipe("ground_entail", config=config)
    for top_k, key in ((5, "ground_sentences"), (1, "other")):  # enough kept; an aligner of other sentences
        other = spacy.blank("en")
        other.add_pipe("ground_align", config={"use_embeddings": False, "top_k": top_k, "spans_key": key})
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            other.add_pipe("ground_entail", config=config)


def test_the_default_pipeline_says_when_top_k_cuts_the_evidence():
    with pytest.warns(UserWarning, match="raise components.ground_align.top_k"):
        nlp = spacy_ground.load(
            overrides={"components.ground_align.top_k": 2, "components.ground_align.use_embeddings": False}
        )
    assert nlp.get_pipe("ground_align").top_k == 2  # a warning, not a refusal


def test_settings_by_kind_of_sources_come_from_config_and_survive_saving(tmp_path):
    from spacy.language import Language
    from spacy.util import load_config

    from spacy_ground import DEFAULT_CONFIG

    cfg = load_config(DEFAULT_CONFIG, interpolate=False)["components"]
    for name in ("ground_entail", "ground_verdict", "ground_align"):  # default.cfg and the factories agree
        defaults = Language.get_factory_meta(name).default_config
        for key, value in cfg[name].items():
            if key in defaults and key != "model":
                assert defaults[key] == value, (name, key)
    nlp = spacy_ground.load(
        overrides={
            "components.ground_entail.evidence_k_by_source.passages": 1,
            "components.ground_verdict.sentence_threshold_by_source.document": 0.5,
            "components.ground_align.use_embeddings": False,
        }
    )
    nlp.to_disk(tmp_path / "p")
    again = spacy.load(tmp_path / "p")
    assert again.get_pipe("ground_entail").evidence_k_by_source == {"passages": 1}
    assert again.get_pipe("ground_verdict").sentence_threshold_by_source == {
        "document": 0.5,
        "passages": 0.55,
        "record": 0.85,
    }


def test_int8_probabilities_of_a_sentence_do_not_depend_on_its_neighbours():
    # dynamic int8 scales activations per forward pass: read together (batch_size 4), a
    # sentence's probabilities move with the other sentences of its answer; read one pair
    # at a time (the default) they depend on the (evidence, sentence) pair only
    sources = [
        "The museum opened in Paris in 1998 and is open every day. Adult tickets cost 12 euros; "
        "children enter free. The garden was planted in 2004 by the city of Paris after a long debate."
    ]
    first = "The museum opened in Paris in 1998."
    others = (
        " Tickets for adults cost 15 euros and children pay 5 euros at the door on weekends. "
        "The garden, planted by the king in 1750, is the largest rose garden in the whole of Europe."
    )

    def probs(nlp, answer):
        doc = spacy_ground.check(nlp, answer, sources)
        return doc.spans["ground_sentences"][0]._.entailment

    nlp = spacy_ground.load()
    assert nlp.get_pipe("ground_entail").batch_size == 1
    alone, together = probs(nlp, first), probs(nlp, first + others)
    assert alone["evidence"] == together["evidence"]
    for k in ("supported", "unsupported", "contradicted"):
        assert alone[k] == together[k]


def test_grounded_values_are_read_as_the_sources_write_them():
    nlp = spacy_ground.load()
    sources = ["The store opens at 21:00 every day. In 2023, revenue was $2.85 billion."]
    doc = spacy_ground.check(nlp, "The store opens at 9 pm. Revenue was 2,850 million dollars in 2023.", sources)
    first, second = [s._.entailment for s in doc.spans["ground_sentences"]]
    assert first["read_as"] == "The store opens at 21:00."
    assert second["read_as"] == "Revenue was $2.85 billion in 2023."
    assert first["label"] == second["label"] == "supported"
    assert doc._.grounding.verdict == "supported" and doc._.grounding.action == "pass"
    # a value that differs, or one grounded only loosely, is read as the answer writes it
    doc = spacy_ground.check(nlp, "The store opens at 8 pm. Revenue was about $3 billion in 2023.", sources)
    assert all("read_as" not in s._.entailment for s in doc.spans["ground_sentences"])
    off = spacy_ground.load(overrides={"components.ground_entail.grounded_values_as_sources": False})
    doc = spacy_ground.check(off, "The store opens at 9 pm.", sources)
    assert "read_as" not in doc.spans["ground_sentences"][0]._.entailment


@pytest.mark.parametrize(
    "answer, source",
    [
        # the same value said of something else in the evidence: the model reads the answer's words
        ("The store opens at 9 pm.", "The store opens at 22:00, and the bar next door at 21:00."),
        ("The CEO was born on 3 March 1970.", "The CEO was born on 1970-05-04; the founder was born on 1970-03-03."),
        # bare numbers and numbers joined to words stay as written
        ("There are three rooms.", "There are 3 rooms."),
        ("It has a four-point-five-star rating.", "Rating: 4 stars."),
    ],
)
def test_grounded_values_stay_as_written_where_a_rewrite_could_mislead(answer, source):
    nlp = spacy_ground.load()
    doc = spacy_ground.check(nlp, answer, [source])
    assert "read_as" not in doc.spans["ground_sentences"][0]._.entailment


def test_a_wrong_time_grounded_by_another_entity_is_still_flagged():
    doc = spacy_ground.check(
        spacy_ground.load(), "The store opens at 9 pm.", ["The store opens at 22:00, and the bar next door at 21:00."]
    )
    assert doc._.grounding.verdict == "contradicted" and doc._.grounding.action != "pass"


def test_grounded_values_need_ground_numeric_first():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    nlp.add_pipe("ground_align", after="ground_claims", config={"use_embeddings": False})
    nlp.add_pipe("ground_entail", after="ground_align")
    assert nlp.pipe_names.index("ground_numeric") > nlp.pipe_names.index("ground_entail")
    with pytest.warns(UserWarning, match="have not been grounded yet.*put ground_numeric before 'ground_entail'"):
        doc = spacy_ground.check(nlp, "The store opens at 9 pm.", ["The store opens at 21:00 every day."])
    assert "read_as" not in doc.spans["ground_sentences"][0]._.entailment


@pytest.mark.parametrize(
    "source,text",
    [
        ({"title": "Oslo", "text": "Oslo is the capital of Norway."}, "Oslo\nOslo is the capital of Norway."),
        ({"text": "Oslo is the capital."}, "Oslo is the capital."),
        (
            {"page_content": "Revenue was $2 billion.", "metadata": {"source": "10-K", "page": 3}},
            "Revenue was $2 billion.",
        ),
        ({"id": 7, "title": "  ", "content": "A passage.", "url": "https://x"}, "A passage."),
        ({"id": "d1", "content": "A passage.", "meta": {"name": "a.txt"}, "embedding": None}, "A passage."),  # Haystack
        (
            {"type": "review", "text": "Battery lasts 2 days.", "score": 2, "source": "amazon"},
            None,
        ),  # a rating: a record
        ({"text": "Battery lasts 2 days.", "score": 2}, None),  # a rating too
        # Haystack's Document.to_dict() of a retrieved document: "score" is the retrieval score
        (
            {
                "id": "d1",
                "content": "A passage.",
                "blob": None,
                "meta": {"file": "a.txt"},
                "score": 0.83,
                "embedding": None,
                "sparse_embedding": None,
            },
            "A passage.",
        ),
        (
            {"id_": "n1", "text": "A passage.", "metadata": {}, "score": 12.5},
            "A passage.",
        ),  # a LlamaIndex node as a dict
        # Haystack's default to_dict() (flatten=True): the metadata beside the document's own keys
        (
            {
                "id": "d1",
                "content": "A passage.",
                "blob": None,
                "score": 0.83,
                "embedding": None,
                "sparse_embedding": None,
                "file_path": "a.txt",
                "page_number": 3,
            },
            "A passage.",
        ),
        # a LlamaIndex TextNode's model_dump()
        (
            {
                "id_": "n1",
                "embedding": None,
                "metadata": {"file": "a.txt"},
                "excluded_embed_metadata_keys": [],
                "relationships": {},
                "text": "A node.",
                "mimetype": "text/plain",
                "start_char_idx": 0,
                "class_name": "TextNode",
            },
            "A node.",
        ),
        # a review with metadata: its score is a rating, a record
        ({"text": "Battery lasts 2 days.", "score": 4, "metadata": {"source": "amazon"}}, None),
        (type("Document", (), {"content": "Revenue rose.", "meta": {}, "score": 0.7})(), "Revenue rose."),  # Haystack
        (type("TextNode", (), {"text": "Revenue rose.", "metadata": {}})(), "Revenue rose."),  # LlamaIndex
        (
            type(
                "NodeWithScore",
                (),
                {"node": type("TextNode", (), {"text": "Revenue rose.", "metadata": {}})(), "score": 0.7},
            )(),
            "Revenue rose.",
        ),
        (type("Thing", (), {"content": "Revenue rose."})(), None),  # an object of no known framework
        (__import__("unittest.mock", fromlist=["Mock"]).Mock(), None),  # every attribute, no text: no endless recursion
        (7, None),
        (type("Document", (), {"page_content": "Revenue rose.", "metadata": {}})(), "Revenue rose."),  # LangChain
        ('{"title": "Oslo", "passage": "A passage."}', "Oslo\nA passage."),  # the same, written as JSON
        ({"name": "Finch", "text": "Great food."}, None),  # another field: a record
        ({"title": "T", "text": "a", "content": "b"}, None),  # two texts: a record
        ({"title": "T", "text": 5}, None),  # no text: a record
        ({"name": "Finch", "hours": {"Monday": "9:0-17:0"}}, None),
        ("Oslo is the capital.", None),
        (["a", "b"], None),
        ("{not json", None),
    ],
)
def test_passage_text(source, text):
    from spacy_ground.sources.readers import passage_text

    assert passage_text(source) == text


def test_passages_given_as_objects_are_read_as_passages():
    """A list of {"title", "text"} objects (a common retriever output) is read as passages, the
    title as a first line, not flattened to record lines."""
    import spacy_ground

    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    as_objects = [
        {"title": "Revenue", "text": "Revenue was $2,847 million in 2024."},
        {"title": "Staff", "text": "The firm employs 400 people."},
    ]
    doc = spacy_ground.make_doc(nlp, "Revenue was $2.85 billion.", as_objects)
    assert doc._.ground_sources == [
        "Revenue\nRevenue was $2,847 million in 2024.",
        "Staff\nThe firm employs 400 people.",
    ]
    from spacy_ground.sources.readers import source_kind

    assert source_kind(doc._.ground_sources) == "passages"
    doc = nlp(doc)
    assert [c._.ground_numeric["status"] for c in doc.spans["ground_claims"]] == ["grounded"]


def _tiny_cross_encoder(attention="sdpa", layers=3):
    import torch
    from transformers import BertConfig, BertModel

    from spacy_ground.nn.entail_model import CrossEncoder

    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=30522,
        hidden_size=64,
        num_hidden_layers=layers,
        num_attention_heads=4,
        intermediate_size=128,
        attn_implementation=attention,
    )
    return CrossEncoder(BertModel(config, add_pooling_layer=False), 64, 3).eval()


PADDED_PAIRS = (
    [
        "The museum opened in 1998.",
        "A short one.",
        "Revenue was $2.85 billion in 2023, up 12 per cent on the year before.",
    ],
    ["It opened in 1998.", "Revenue rose by 12 percent to 2,850 million dollars.", "No."],
)


def test_last_layer_at_cls_only_gives_the_full_models_output_in_float32():
    """In eval mode the last layer runs for [CLS] only; in float32 that is the full layer's
    output to rounding, with padded pairs in the batch too."""
    import torch

    from spacy_ground.nn.entail_model import encode_pairs, load_tokenizer

    model = _tiny_cross_encoder()
    assert model.encoder.attn_implementation == "sdpa"
    enc = encode_pairs(load_tokenizer(), *PADDED_PAIRS, 64)
    assert not bool(enc["attention_mask"].all())  # some pairs are padded
    with torch.inference_mode():
        cls_only = model(**enc)
        model.cls_only_last_layer = False
        full = model(**enc)
        model.cls_only_last_layer = True
        alone = encode_pairs(load_tokenizer(), ["The museum opened in 1998."], ["It opened in 1998."], 64)
        assert alone["input_ids"].shape[1] < enc["input_ids"].shape[1]  # padded in the batch
        alone = model(**alone)
    assert torch.allclose(cls_only, full, atol=1e-5)
    assert not torch.allclose(full[0], full[1], atol=1e-3)  # the pairs are told apart
    assert torch.allclose(alone[0], full[0], atol=1e-5)  # padding changes nothing


@pytest.mark.parametrize("padded", [False, True])
def test_layers_below_the_last_give_transformers_numbers_bit_for_bit_in_int8(padded):
    """The lean layer runs BertLayer's operations in its order: with int8 weights (activations
    scaled per call) its output equals transformers' own, bit for bit."""
    import warnings

    import torch
    from transformers.modeling_attn_mask_utils import _prepare_4d_attention_mask_for_sdpa

    from spacy_ground.nn.entail_model import _layer_rows, encode_pairs, load_tokenizer

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = torch.ao.quantization.quantize_dynamic(_tiny_cross_encoder(), {torch.nn.Linear}, dtype=torch.qint8)
    pairs = PADDED_PAIRS if padded else ([PADDED_PAIRS[0][0]], [PADDED_PAIRS[1][0]])
    enc = encode_pairs(load_tokenizer(), *pairs, 64)
    bert = model.encoder
    with torch.inference_mode():
        hidden = bert.embeddings(input_ids=enc["input_ids"], token_type_ids=enc["token_type_ids"])
        mask = _prepare_4d_attention_mask_for_sdpa(enc["attention_mask"], hidden.dtype, tgt_len=hidden.shape[1])
        assert (mask is None) is (not padded)
        for layer in bert.encoder.layer:
            ours, theirs = _layer_rows(layer, hidden, mask), layer(hidden, attention_mask=mask)[0]
            assert torch.equal(ours, theirs)
            hidden = theirs


def test_an_encoder_with_eager_attention_runs_the_full_model():
    import torch

    from spacy_ground.nn.entail_model import _cls_only_fits, encode_pairs, load_tokenizer

    model = _tiny_cross_encoder("eager")
    assert not _cls_only_fits(model.encoder) and _cls_only_fits(_tiny_cross_encoder().encoder)
    enc = encode_pairs(load_tokenizer(), *PADDED_PAIRS, 64)
    with torch.inference_mode():
        fast = model(**enc)
        model.cls_only_last_layer = False
        assert torch.equal(fast, model(**enc))


def test_training_runs_the_full_last_layer(monkeypatch):
    """The shortcut is for inference: in train mode every position of the last layer is computed."""
    import torch
    from transformers import BertConfig, BertModel

    import spacy_ground.nn.entail_model as em

    config = BertConfig(
        vocab_size=30522, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64
    )
    model = em.CrossEncoder(BertModel(config, add_pooling_layer=False), 32, 3)
    calls = []
    monkeypatch.setattr(em, "_cls_vector", lambda *a, **k: calls.append(1) or torch.zeros(1, 32))
    enc = em.encode_pairs(em.load_tokenizer(), ["a b c"], ["a b"], 16)
    model.train()
    model(**enc)
    assert calls == []
    model.eval()
    model(**enc)
    assert calls == [1]


def test_pairs_tokenised_together_equal_one_call_each():
    from spacy_ground.nn.entail_model import encode_batches, encode_pairs, load_tokenizer

    tok = load_tokenizer()
    pairs = [
        ("The museum opened in 1998.", "It opened in 1998."),
        ("word " * 300, "A long premise, cut first."),
        ("", "No evidence at all."),
        ("Revenue was $2.85 billion.", "hypothesis " * 200),
    ]
    together = encode_batches(tok, [[p] for p in pairs], 64)
    for (premise, hypothesis), enc in zip(pairs, together):
        one = encode_pairs(tok, [premise], [hypothesis], 64)
        assert set(enc.keys()) == set(one.keys())
        for key in one.keys():
            assert enc[key].dtype == one[key].dtype and enc[key].tolist() == one[key].tolist()
    mixed = encode_batches(tok, [pairs[:2], pairs[2:3]], 64)  # batches of several pairs are padded
    assert mixed[0]["input_ids"].shape == (2, 64)
    assert mixed[1]["input_ids"].tolist() == encode_pairs(tok, [""], ["No evidence at all."], 64)["input_ids"].tolist()


def test_a_layer_laid_out_otherwise_runs_the_full_model():
    """Another transformers version's layout is not guessed at: the full forward runs."""
    import torch

    from spacy_ground.nn.entail_model import _cls_only_fits, encode_pairs, load_tokenizer

    model = _tiny_cross_encoder()
    layer = model.encoder.encoder.layer[-1]
    layer.intermediate.dense_renamed = layer.intermediate.dense
    del layer.intermediate.dense
    assert not _cls_only_fits(model.encoder)
    layer.intermediate.forward = lambda hidden: layer.intermediate.intermediate_act_fn(
        layer.intermediate.dense_renamed(hidden)
    )
    with torch.inference_mode():
        out = model(**encode_pairs(load_tokenizer(), *PADDED_PAIRS, 64))
    assert out.shape == (3, 3)


def test_the_full_forward_runs_where_the_lean_one_would_not_match(monkeypatch):
    """An encoder left in train mode, a 3-D mask and chunked feed-forward blocks take
    transformers' forward."""
    import torch

    import spacy_ground.nn.entail_model as em

    calls = []
    monkeypatch.setattr(em, "_cls_vector", lambda *a, **k: calls.append(1) or torch.zeros(a[1].shape[0], 64))
    model = _tiny_cross_encoder()
    enc = em.encode_pairs(em.load_tokenizer(), ["a b c"], ["a b"], 16)
    model.encoder.train()
    model(**enc)
    model.encoder.eval()
    mask3d = enc["attention_mask"][:, None, :].expand(-1, enc["input_ids"].shape[1], -1)
    model(input_ids=enc["input_ids"], attention_mask=mask3d, token_type_ids=enc["token_type_ids"])
    assert calls == []
    model(**enc)
    assert calls == [1]
    chunked = _tiny_cross_encoder()
    chunked.encoder.config.chunk_size_feed_forward = 4
    assert not em._cls_only_fits(chunked.encoder)


def test_pairs_read_longest_first_come_back_in_the_order_given(nlp):
    from spacy_ground.nn.entail_model import predict_in_threads

    model = nlp.get_pipe("ground_entail").model
    pairs = [
        ("It opened.", "It opened."),
        (
            "The museum in Paris opened in 1998 after ten years of building work "
            "and a long public debate about its design.",
            "It opened in 1998.",
        ),
        ("Short.", "No."),
        ("Revenue was $2.85 billion in 2023, up 12 per cent.", "Revenue fell."),
    ]
    batches = [[p] for p in pairs]
    threaded = predict_in_threads(model, batches, 2)
    one_by_one = [model.predict(b).tolist() for b in batches]
    assert threaded == one_by_one


# ------------------------------------------------------------------ nlp.evaluate
def judged_example(blank, sentences, supports, gold=None, gold_sentence=None):
    """An Example whose predicted doc has ``sentences`` (texts joined by spaces) judged with
    ``supports`` (None: not judged); the reference has the category ``gold`` and, when
    ``gold_sentence`` is given, a gold span over that sentence (-1: an empty span list)."""
    from spacy.training import Example

    text = " ".join(sentences)
    pred = blank.make_doc(text)
    spans, start = [], 0
    for sentence, support in zip(sentences, supports):
        span = pred.char_span(start, start + len(sentence))
        if support is not None:
            span._.entailment = {
                "supported": support,
                "unsupported": 1 - support,
                "contradicted": 0.0,
                "label": "supported",
                "evidence": 0,
            }
        spans.append(span)
        start += len(sentence) + 1
    pred.spans["ground_sentences"] = spans
    ref = blank.make_doc(text)
    if gold is not None:
        ref.cats = {"hallucinated": float(gold)}
    if gold_sentence is not None:
        ref.spans["ground_unsupported"] = (
            [] if gold_sentence < 0 else [ref.char_span(spans[gold_sentence].start_char, spans[gold_sentence].end_char)]
        )
    return Example(pred, ref)


def test_entailment_scorer_figures_by_hand():
    from spacy_ground.pipeline.entail import EntailmentScorer

    blank = spacy.blank("en")
    two = ["It opened in 1998 .", "It has gardens ."]
    examples = [
        judged_example(blank, two, [0.9, 0.2], gold=True, gold_sentence=1),  # answer 0.8; sentences 0.1 (n), 0.8 (y)
        judged_example(blank, two, [0.7, 0.1], gold=False, gold_sentence=-1),  # answer 0.9; sentences 0.3, 0.9 (n)
        judged_example(blank, two[:1], [0.5], gold=True, gold_sentence=-1),  # answer 0.5; spans unknown: no sentences
        judged_example(blank, two, [0.3, None], gold=False),  # answer 0.7; sentence 0.7 (n); the other not judged
        judged_example(blank, two, [0.1, 0.1]),  # unlabelled: left out
    ]
    s = EntailmentScorer()(examples)
    # answers: hallucinated 0.8, 0.5 against clean 0.9, 0.7: only 0.8 > 0.7 of the 4 pairs
    assert s["entail_answer_auroc"] == pytest.approx(0.25)
    # sentences: the one hallucinated (0.8) above 0.1, 0.3 and 0.7, below 0.9
    assert s["entail_sentence_auroc"] == pytest.approx(0.75)
    assert EntailmentScorer()(examples[4:]) == {"entail_answer_auroc": None, "entail_sentence_auroc": None}


def test_nlp_evaluate_scores_the_cross_encoder_alone(nlp):
    from spacy.training import Example

    assert nlp.get_pipe("ground_entail").scorer is not None  # from the factory's default config
    sources = ["The museum opened in 1998. The gardens are large."]
    examples = []
    for answer, hallucinated in (
        ("The museum opened in 1998.", False),
        ("The museum opened in 1998. The museum closed in 2003 after a fire.", True),
    ):
        ref = nlp.make_doc(answer)
        ref.cats = {"hallucinated": float(hallucinated)}
        examples.append(Example(spacy_ground.make_doc(nlp, answer, sources), ref))
    scores = nlp.evaluate(examples)
    assert scores["entail_answer_auroc"] == 1.0  # the shipped model reads the fire as unsupported
    assert scores["entail_sentence_auroc"] is None  # no gold spans: no sentence labels for the hallucinated one
