"""ground_verdict: score, verdict, action, reasons, not_checkable, serialisation."""

import json
from pathlib import Path

import numpy
import pytest
import spacy
from spacy.tokens import DocBin

import spacy_ground
from spacy_ground.fusion.features import FEATURES, answer_features, is_refusal
from spacy_ground.fusion.model import LogisticModel


def toy_model():
    """Log-odds rise with numeric mismatches and absent words (a stand-in for the fitted model)."""
    coef = numpy.zeros(len(FEATURES))
    coef[FEATURES.index("numeric_mismatch")] = 2.0
    coef[FEATURES.index("absent_words")] = 1.0
    return LogisticModel(FEATURES, numpy.zeros(len(FEATURES)), numpy.ones(len(FEATURES)), coef, -1.0)


def toy_pipeline():
    """Rules, alignment by words and the verdict with ``toy_model`` (no entailment)."""
    nlp_ = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    nlp_.add_pipe("ground_align", after="ground_numeric", config={"use_embeddings": False})
    nlp_.add_pipe(
        "ground_verdict", last=True, config={"flag_threshold": 0.5, "block_threshold": 0.8, "require_entailment": False}
    )
    nlp_.get_pipe("ground_verdict").set_model(toy_model())
    return nlp_


@pytest.fixture(scope="module")
def nlp():
    return toy_pipeline()


SOURCES = ["Revenue was $2,847 million in the third quarter of 2024. The firm employs 400 people."]


def test_supported_answer_passes(nlp):
    doc = spacy_ground.check(nlp, "Revenue was $2.85 billion in Q3 2024.", SOURCES)
    g = doc._.grounding
    assert 0.0 <= g.score < 0.5 and g.verdict == "supported" and g.action == "pass"
    assert not list(doc.spans["ground_unsupported"])


def test_mismatched_number_is_contradicted_with_a_reason(nlp):
    doc = spacy_ground.check(nlp, "Revenue was $3.9 billion in Q3 2024.", SOURCES)
    g = doc._.grounding
    assert g.verdict == "contradicted" and g.action in ("flag", "block") and g.score >= 0.5
    assert any("$3.9 billion" in r and "$2,847 million" in r for r in g.reasons)
    assert [s.text for s in doc.spans["ground_unsupported"]] == ["$3.9 billion"]
    assert [c["status"] for c in g.claims] == ["mismatch", "grounded"]


@pytest.mark.parametrize("flag_on_mismatch, action", [(False, "pass"), (True, "flag")])
def test_thresholds_change_the_action_without_refitting(flag_on_mismatch, action):
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    nlp.add_pipe("ground_align", after="ground_numeric", config={"use_embeddings": False})
    nlp.add_pipe(
        "ground_verdict",
        config={
            "flag_threshold": 0.95,
            "block_threshold": 0.99,
            "require_entailment": False,
            "flag_on_mismatch": flag_on_mismatch,
        },
    )
    nlp.get_pipe("ground_verdict").set_model(toy_model())
    doc = spacy_ground.check(nlp, "Revenue was $3.9 billion in Q3 2024.", SOURCES)
    assert doc._.grounding.action == action
    assert doc._.grounding.flagged_by_rule == flag_on_mismatch  # the score alone (< 0.95) would pass it
    assert doc._.grounding.to_dict()["flagged_by_rule"] == flag_on_mismatch


@pytest.mark.parametrize(
    "answer, sources, why",
    [
        ("The passages do not mention the revenue.", SOURCES, "declines"),
        ("Revenue was $3.9 billion.", [], "no sources"),
        ("Revenue was $3.9 billion.", ["   "], "no sources"),
        ("", SOURCES, "empty"),
        ("?!... --- !!!", SOURCES, "no words or numbers"),
        ("\U0001f680\U0001f525\U0001f44d", SOURCES, "no words or numbers"),
        ("\u200b\u200b", SOURCES, "no words or numbers"),
    ],
)
def test_not_checkable_has_a_reason_and_no_score(nlp, answer, sources, why):
    g = spacy_ground.check(nlp, answer, sources)._.grounding
    assert g.verdict == "not_checkable" and g.score is None
    assert any(why in r for r in g.reasons)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The passages do not mention when the store opens.", True),
        ("Based on the passages, I cannot answer this question.", True),
        ("The store opens at 9 am. It does not mention parking, but it has a lot.", False),
        ("The store opens at 9 am and closes at 5 pm.", False),
        # bullets without full stops are statements of their own, not part of a declining sentence
        (
            "Based on the given passages, here are some benefits of cupping massage:\n\n* Eliminates toxins\n"
            "* Improved circulation\n\nThe passages do not provide specific details on those benefits",
            False,
        ),
        ("Unable to answer based on given passages.\n\nThe passages do not mention the opening hours.", True),
        ("The provided passages do not\nmention the opening hours of the restaurant.", True),  # a wrapped line
        (
            "Based on the provided business information:\n\n- The hours are not provided.\n- Reservations are not "
            "mentioned.",
            True,
        ),
        ("- WiFi: free\n- Parking: the passages do not specify", False),
        # a new line that starts a new sentence is one, full stop or not
        ("The passages do not mention the price\nThe hotel has 200 rooms and a pool", False),
        (
            "Based on the information provided in the passages, here is what I can tell you:\n\n- The hours are not "
            "provided.\n- Reservations are not mentioned.",
            True,
        ),
        ("Unable to answer based on the passages.\nThe company reported revenue of $5 million in 2020:", False),
        # a contrast inside a declining sentence: what follows it states something
        ("The passage does not mention the CEO, but revenue was $9 billion in 2024.", False),
        ("The passages do not mention the CEO; the company was founded by two engineers in Ohio.", False),
        ("The passages do not mention the CEO, but they do not give the revenue either.", True),
        ("The passages do not provide this information, however.", True),
        # more ways of declining (a user-path review, 2026-12-01)
        ("Based on the given passages, it is not possible to determine the company's revenue.", True),
        ("I don't know the company's revenue based on the passages provided.", True),
        ("The passages don't provide the company's revenue.", True),
        ("It is unclear from the passages what the company earned.", True),
        ("The answer cannot be found in the passages.", True),
        ("Andorra is the smallest, where Panzer beetles cannot be found.", False),  # a statement
    ],
)
def test_refusals(text, expected):
    assert is_refusal(text) is expected


def test_record_is_plain_data_and_round_trips(nlp):
    doc = spacy_ground.check(nlp, "Revenue was $3.9 billion in Q3 2024.", SOURCES)
    record = doc._.grounding.to_dict()
    assert json.loads(json.dumps(record)) == record
    assert "p(hallucinated)" in str(doc._.grounding) and "<div" in doc._.grounding._repr_html_()
    db = DocBin(store_user_data=True)
    db.add(doc)
    back = list(DocBin().from_bytes(db.to_bytes()).get_docs(nlp.vocab))[0]
    assert back._.grounding.to_dict() == record


def test_grounding_is_the_record_as_a_dict(nlp):
    import pickle

    doc = spacy_ground.check(nlp, "Revenue was $3.9 billion in Q3 2024.", SOURCES)
    g = doc._.grounding
    assert isinstance(g, dict) and g == doc._.ground_record and g["verdict"] == g.verdict
    data = doc.to_json(underscore=["grounding"])  # spaCy's own serialisation takes it
    assert json.loads(json.dumps(data))["_"]["grounding"] == g.to_dict()
    back = pickle.loads(pickle.dumps(g))
    assert back == g and back.score == g.score and str(back) == str(g)


def test_model_saved_with_the_pipeline(nlp, tmp_path):
    nlp.to_disk(tmp_path / "p")
    assert (tmp_path / "p" / "ground_verdict" / "verdict.json").exists()
    loaded = spacy.load(tmp_path / "p")
    doc = spacy_ground.check(loaded, "Revenue was $3.9 billion in Q3 2024.", SOURCES)
    assert doc._.grounding.score == pytest.approx(
        spacy_ground.check(nlp, "Revenue was $3.9 billion in Q3 2024.", SOURCES)._.grounding.score
    )


def test_verdict_refuses_to_score_without_entailment_unless_told():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    nlp.add_pipe("ground_verdict")
    nlp.get_pipe("ground_verdict").set_model(toy_model())
    with pytest.raises(ValueError, match="ground_entail"):
        spacy_ground.check(nlp, "Revenue was $3.9 billion.", SOURCES)


def test_adding_the_verdict_never_touches_a_missing_model_file():
    # spaCy probes components for a ``model`` attribute; that probe must not load files
    for seed in range(5):
        nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
        nlp.add_pipe("ground_verdict", config={"model": "/nonexistent/verdict.json"})
        assert not hasattr(nlp.get_pipe("ground_verdict"), "model")


def test_logistic_fit_separates_a_simple_signal():
    rng = numpy.random.default_rng(0)
    x = rng.normal(size=(400, 2))
    y = (x[:, 0] + 0.1 * rng.normal(size=400) > 0).astype(float)
    model = LogisticModel.fit(x, y, ["a", "b"], l2=0.1)
    assert abs(model.coef[0]) > 5 * abs(model.coef[1])
    assert ((model.predict(x) > 0.5) == y.astype(bool)).mean() > 0.9


def test_features_are_clipped_to_the_range_fitted_on():
    rng = numpy.random.default_rng(0)
    x = rng.random(size=(300, 2))  # both features in [0, 1)
    y = (x[:, 0] + 0.5 * rng.normal(size=300) > 0.5).astype(float)
    model = LogisticModel.fit(x, y, ["a", "b"], l2=0.1)
    assert numpy.allclose(model.low, x.min(0)) and numpy.allclose(model.high, x.max(0))
    far = model.predict(numpy.array([[40.0, 0.5], [-40.0, 0.5]]))
    edge = model.predict(numpy.array([[x[:, 0].max(), 0.5], [x[:, 0].min(), 0.5]]))
    assert numpy.allclose(far, edge) and 0.01 < edge[1] < edge[0] < 0.99  # no extrapolation to 0 or 1
    assert model.contributions(numpy.array([40.0, 0.5]))["a"] == pytest.approx(
        model.contributions(numpy.array([x[:, 0].max(), 0.5]))["a"]
    )
    again = LogisticModel.from_dict(json.loads(json.dumps(model.to_dict())))
    assert numpy.allclose(again.predict(numpy.array([[40.0, 0.5]])), far[0])
    old = {k: v for k, v in model.to_dict().items() if k not in ("low", "high")}  # stored before bounds
    assert LogisticModel.from_dict(old).predict(numpy.array([[40.0, 0.5]]))[0] > 0.999
    with pytest.raises(ValueError, match="low bound"):
        LogisticModel(["a"], [0.0], [1.0], [1.0], 0.0, low=[1.0], high=[0.0])


def test_shipped_model_stores_the_train_range():
    shipped = json.loads((Path(spacy_ground.__file__).parent / "models" / "verdict.json").read_text())
    for shape, m in shipped["shapes"].items():
        assert len(m["low"]) == len(m["high"]) == len(m["features"]), shape
        assert all(lo <= hi for lo, hi in zip(m["low"], m["high"])), shape


def test_verdict_model_travels_in_bytes(nlp):
    data = nlp.get_pipe("ground_verdict").to_bytes()
    other = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    other.add_pipe("ground_align", after="ground_numeric", config={"use_embeddings": False})
    other.add_pipe("ground_verdict", config={"require_entailment": False, "model": "/nonexistent.json"})
    other.get_pipe("ground_verdict").from_bytes(data)
    a = spacy_ground.check(nlp, "Revenue was $3.9 billion in Q3 2024.", SOURCES)._.grounding.score
    b = spacy_ground.check(other, "Revenue was $3.9 billion in Q3 2024.", SOURCES)._.grounding.score
    assert a == pytest.approx(b)


def test_record_facts_give_reasons_spans_and_a_flag(nlp):
    record = json.dumps({"name": "Finch & Fork", "attributes": {"OutdoorSeating": False, "WiFi": "free"}})
    answer = "Finch & Fork has free WiFi. Guests can enjoy outdoor seating on the patio."
    doc = spacy_ground.check(nlp, answer, [record])
    g = doc._.grounding
    records = [(f["text"], f["status"]) for f in g.facts if "check" not in f]
    assert records == [("WiFi", "grounded"), ("outdoor seating", "conflict")]
    assert [(f["text"], f["status"]) for f in g.facts if f.get("check") == "name"] == [("Finch & Fork", "grounded")]
    assert any("attributes.OutdoorSeating: false" in r for r in g.reasons)
    assert g.action in ("flag", "block") and g.verdict == "contradicted"  # a contradicted record fact always flags
    flagged = [s.text for s in doc.spans["ground_unsupported"]]
    assert any("outdoor seating" in t for t in flagged) and not any("WiFi" in t for t in flagged)
    assert g.features["record_conflict"] > 0 and g.features["record_unsupported"] == 0
    json.dumps(g.to_dict())


def test_record_checks_can_be_switched_off():
    nlp = spacy_ground.load(
        exclude=spacy_ground.CLAIMS_ONLY, overrides={"components.ground_numeric.check_records": False}
    )
    doc = spacy_ground.check(
        nlp, "Guests can enjoy outdoor seating.", [json.dumps({"attributes": {"OutdoorSeating": False}})]
    )
    assert doc._.record_facts == [] and doc._.numeric_grounding["n_record_conflict"] == 0


def test_one_model_per_source_shape(nlp):
    from spacy_ground.fusion.model import VerdictModel

    text = LogisticModel(
        FEATURES, numpy.zeros(len(FEATURES)), numpy.ones(len(FEATURES)), numpy.zeros(len(FEATURES)), -2.0
    )
    record = LogisticModel(
        FEATURES, numpy.zeros(len(FEATURES)), numpy.ones(len(FEATURES)), numpy.zeros(len(FEATURES)), 2.0
    )
    pipe = nlp.get_pipe("ground_verdict")
    pipe.set_model(VerdictModel({"text": text, "record": record}))
    try:
        prose = spacy_ground.check(nlp, "The firm employs 400 people.", SOURCES)._.grounding.score
        rec = spacy_ground.check(
            nlp, "The firm employs 400 people.", [json.dumps({"employees": 400})]
        )._.grounding.score
        assert prose == pytest.approx(1 / (1 + numpy.exp(2.0)))
        assert rec == pytest.approx(1 / (1 + numpy.exp(-2.0)))
        back = VerdictModel.from_dict(json.loads(json.dumps(pipe.lr_model.to_dict())))
        assert set(back.models) == {"text", "record"}
    finally:
        pipe.set_model(toy_model())


@pytest.fixture(scope="module")
def scripted():
    """The default pipeline with the cross-encoder's scores scripted by a word in the premise
    (without the token tagger: flagged spans are whole sentences, from sentence_threshold)."""
    nlp = spacy_ground.load(
        overrides={"components.ground_align.use_embeddings": False, "components.ground_entail.model.tag_tokens": False}
    )
    scores = {"opened": [0.9, 0.05, 0.05], "gardens": [0.25, 0.7, 0.05], "France": [0.005, 0.005, 0.99]}
    nlp.get_pipe("ground_entail").predict = lambda pairs: [
        next(v for k, v in scores.items() if k in premise) for premise, _ in pairs
    ]
    nlp.get_pipe("ground_entail").evidence_k_by_source = {}  # one evidence sentence: scripted by its words
    nlp.get_pipe("ground_verdict").sentence_threshold_by_source = {}  # the tests set sentence_threshold
    return nlp


@pytest.mark.parametrize(
    "threshold, if_flagged, flag_threshold, expected",
    [
        (0.7, True, 0.0, ["The gardens hold a famous rose collection."]),  # 1 - support 0.75
        (0.8, True, 0.0, []),  # under the sentence threshold
        (0.7, True, 1.0, []),  # the answer passes: nothing in it is judged hallucinated
        (0.7, False, 1.0, ["The gardens hold a famous rose collection."]),
    ],
)
def test_flagged_spans_follow_the_sentence_threshold_and_the_action(
    scripted, threshold, if_flagged, flag_threshold, expected
):
    verdict = scripted.get_pipe("ground_verdict")
    verdict.sentence_threshold, verdict.spans_if_flagged = threshold, if_flagged
    verdict.flag_threshold, verdict.block_threshold = flag_threshold, 1.0
    doc = spacy_ground.check(
        scripted,
        "The museum opened in 1998. The gardens hold a famous rose collection.",
        ["The museum opened in 1998. The gardens are large."],
    )
    assert doc._.grounding.action == ("pass" if flag_threshold == 1.0 else "flag")
    assert [s.text for s in doc.spans["ground_unsupported"]] == expected
    assert [s["label"] for s in doc._.grounding.sentences] == ["supported", "unsupported"]  # labels unchanged


def test_sentence_threshold_is_a_probability():
    with pytest.raises(ValueError, match="sentence_threshold"):
        spacy_ground.load(overrides={"components.ground_verdict.sentence_threshold": 0})


@pytest.mark.parametrize(
    "by_source, message",
    [
        ({"passages": 0}, "sentence_threshold_by_source"),
        ({"passages": 1.5}, "sentence_threshold_by_source"),
        ({"qa": 0.5}, "source kinds"),
    ],
)
def test_bad_sentence_threshold_by_source_is_a_clear_error(by_source, message):
    with pytest.raises(ValueError, match=message):
        spacy_ground.load(overrides={"components.ground_verdict.sentence_threshold_by_source": by_source})


@pytest.mark.parametrize(
    "by_source, sources, expected",
    [
        ({}, ["The museum opened in 1998. The gardens are large."], True),  # sentence_threshold 0.7
        ({"document": 0.8}, ["The museum opened in 1998. The gardens are large."], False),
        ({"document": 0.8}, ["The museum opened in 1998.", "The gardens are large."], True),  # passages: 0.7
        ({"document": 0.8, "passages": 0.75}, ["The museum opened in 1998.", "The gardens are large."], True),
        ({"passages": 0.8}, ["The museum opened in 1998.", "The gardens are large."], False),
    ],
)
def test_sentence_threshold_by_kind_of_sources(scripted, by_source, sources, expected):
    verdict = scripted.get_pipe("ground_verdict")
    verdict.sentence_threshold, verdict.spans_if_flagged = 0.7, True
    verdict.flag_threshold, verdict.block_threshold = 0.0, 1.0
    verdict.sentence_threshold_by_source = by_source
    try:
        doc = spacy_ground.check(
            scripted, "The museum opened in 1998. The gardens hold a famous rose collection.", sources
        )
    finally:
        verdict.sentence_threshold_by_source = {}
    # the gardens sentence: 1 - support 0.75
    assert [s.text for s in doc.spans["ground_unsupported"]] == (
        ["The gardens hold a famous rose collection."] if expected else []
    )
    g = doc._.grounding  # the record says which kind of sources and which threshold applied
    assert g.sources_kind == ("passages" if len(sources) > 1 else "document")
    assert g.sentence_threshold == by_source.get(g.sources_kind, 0.7)
    assert g.to_dict()["sentence_threshold"] == g.sentence_threshold


@pytest.mark.parametrize(
    "flag_on_contradiction, threshold, action", [(True, 0.98, "flag"), (False, 0.98, "pass"), (True, 0.995, "pass")]
)  # contradicted at 0.99
def test_a_strongly_contradicted_sentence_flags_the_answer(scripted, flag_on_contradiction, threshold, action):
    verdict = scripted.get_pipe("ground_verdict")
    verdict.sentence_threshold, verdict.spans_if_flagged = 0.999, True  # spans come from the contradiction rule
    verdict.flag_threshold, verdict.block_threshold = 1.0, 1.0  # the score alone never flags
    verdict.flag_on_contradiction, verdict.contradiction_threshold = flag_on_contradiction, threshold
    doc = spacy_ground.check(scripted, "Paris is in Spain.", ["Paris is in France."])
    g = doc._.grounding
    assert g.action == action
    if action == "flag":
        assert g.verdict == "contradicted"
        assert (
            g.reasons[0] == "contradicted by the sources (0.99): 'Paris is in Spain.'; evidence: 'Paris is in France.'"
        )
        assert [s.text for s in doc.spans["ground_unsupported"]] == ["Paris is in Spain."]
    else:
        assert g.verdict == "supported" and not list(doc.spans["ground_unsupported"])
        assert not any(r.startswith("contradicted by the sources") for r in g.reasons)
        # the reason still says what the model judged, so a pass with a contradicted sentence is explained
        assert g.reasons[0].startswith("weakest sentence (0.01 supported, 0.99 contradicted): 'Paris is in Spain.'")
    verdict.flag_on_contradiction, verdict.contradiction_threshold = True, 0.98


def test_default_thresholds_are_the_ones_the_shipped_fit_chose():
    """default.cfg's thresholds are copied from what `evaluate fit` printed for the shipped
    verdict model (its metadata): a refit that changes them must update the config too."""
    from spacy.util import load_config

    from spacy_ground import DEFAULT_CONFIG
    from spacy_ground.fusion.model import EMBEDDED_MODEL

    chosen = json.loads(EMBEDDED_MODEL.read_text(encoding="utf8"))["meta"]["cross_validated"]
    cfg = load_config(DEFAULT_CONFIG, interpolate=False)["components"]["ground_verdict"]
    assert cfg["flag_threshold"] == pytest.approx(chosen["f1_threshold"])
    assert cfg["sentence_threshold"] == pytest.approx(chosen["sentence_threshold"])
    assert cfg["sentence_threshold_by_source"] == pytest.approx(chosen["sentence_threshold_by_source"])


def _collinear(seed=0, n=400):
    """Two noisy copies of one signal: fit freely, the second often takes the wrong sign."""
    rng = numpy.random.default_rng(seed)
    z = rng.normal(size=n)
    a = z + 0.1 * rng.normal(size=n)
    b = z + 0.1 * rng.normal(size=n) - 0.6 * rng.normal(size=n) * (z > 0)
    y = (z + 0.5 * rng.normal(size=n) > 0).astype(float)
    return numpy.column_stack([a, b, rng.normal(size=n)]), y


def test_signed_fit_holds_each_coefficient_to_its_sign():
    X, y = _collinear()
    free = LogisticModel.fit(X, y, ["a", "b", "c"])
    signs = {"a": 1, "b": 1, "c": -1}
    held = LogisticModel.fit(X, y, ["a", "b", "c"], signs=signs)
    assert (held.coef[:2] >= 0).all() and held.coef[2] <= 0
    # where the free fit already has the right signs, the signed fit is the same fit
    ok = {f: int(numpy.sign(c)) for f, c in zip("abc", free.coef)}
    same = LogisticModel.fit(X, y, ["a", "b", "c"], signs=ok)
    assert numpy.allclose(same.coef, free.coef) and same.intercept == pytest.approx(free.intercept)


def test_signed_fit_is_optimal_under_its_signs():
    # against every other coefficient vector with the allowed signs nearby, the loss is not lower
    X, y = _collinear(1)
    signs = {"a": 1, "b": -1, "c": 1}
    m = LogisticModel.fit(X, y, ["a", "b", "c"], signs=signs)

    def loss(coef, intercept):
        z = ((X - m.mean) / m.std) @ coef + intercept
        return float(numpy.sum(numpy.logaddexp(0, z) - y * z) + 0.5 * numpy.sum(coef**2))

    best = loss(m.coef, m.intercept)
    rng = numpy.random.default_rng(0)
    sign = numpy.array([1, -1, 1])
    for _ in range(200):
        c = m.coef + 0.05 * rng.normal(size=3)
        c = numpy.where(sign * c < 0, 0.0, c)
        assert loss(c, m.intercept) >= best - 1e-9


def test_grounded_claims_are_no_absent_words():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    from spacy_ground.fusion.features import absent_word_counts, without_grounded_claims

    src = ["In 2023 the company reported revenue of $2.85 billion."]
    doc = spacy_ground.check(nlp, "The company reported revenue of 2,850 million dollars in 2023.", sources=src)
    assert absent_word_counts(without_grounded_claims(doc), src)[0] == 0
    assert absent_word_counts(doc.text, src)[0] > 0  # the baseline counts "million" and "dollars"
    doc = spacy_ground.check(nlp, "The company reported revenue of 3,850 million dollars in 2023.", sources=src)
    assert absent_word_counts(without_grounded_claims(doc), src)[0] > 0  # a mismatch keeps its words


@pytest.mark.parametrize(
    "answer, numbers_unread, seed_numbers_unread, words_unread, seed_words_unread",
    [
        # the figure grounded in other words: no unknown number or word for the verdict, some for the seed
        ("The company reported revenue of 2,850 million dollars in 2023.", 0.0, 0.5, 0.0, 0.3),
        ("The company reported revenue of $2.85 billion in 2023.", 0.0, 0.0, 0.0, 0.0),  # the same digits
        # a mismatch counts; the grounded year is left out
        ("The company reported revenue of 3,850 million dollars in 2023.", 1.0, 0.5, 1 / 3, 0.3),
        ("The company reported revenue of $2.85 billion in 2023, up 7 places.", 1.0, 1 / 3, 1 / 3, 0.25),
    ],
)
def test_grounded_figures_are_no_unknown_numbers_for_the_verdict(
    answer, numbers_unread, seed_numbers_unread, words_unread, seed_words_unread
):
    """The seed's numeric inconsistency and unknown-word rate read the raw answer; the
    verdict's leave out the figures the numeric check grounded, and the baseline keeps the
    seed's reading."""
    from spacy_ground.fusion.features import seed_signals, source_texts

    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    src = ["In 2023 the company reported revenue of $2.85 billion."]
    doc = spacy_ground.check(nlp, answer, sources=src)
    features = answer_features(doc)
    seed = seed_signals(doc.text, source_texts(doc), None)
    assert features["numeric_inconsistency"] == pytest.approx(numbers_unread)
    assert seed["numeric_inconsistency"] == pytest.approx(seed_numbers_unread)
    assert features["unknown_word_rate"] == pytest.approx(words_unread)
    assert seed["unknown_word_rate"] == pytest.approx(seed_words_unread)


# ------------------------------------------------------------------ nlp.evaluate
def scored_example(nlp_, answer, score, action, gold=None, gold_spans=None, pred_spans=()):
    """An Example whose predicted doc carries a verdict made by hand (``score`` None: not
    checkable); the reference has ``gold`` as its category and ``gold_spans`` (character
    offsets) under ground_unsupported when given."""
    from spacy.training import Example

    pred = nlp_.make_doc(answer)
    pred._.ground_record = {
        "score": score,
        "action": action,
        "verdict": "x",
        "reasons": [],
        "sentences": [],
        "claims": [],
    }
    pred.spans["ground_unsupported"] = [pred.char_span(s, e, alignment_mode="expand") for s, e in pred_spans]
    ref = nlp_.make_doc(answer)
    if gold is not None:
        ref.cats = {"hallucinated": float(gold)}
    if gold_spans is not None:
        ref.spans["ground_unsupported"] = [ref.char_span(s, e, alignment_mode="expand") for s, e in gold_spans]
    return Example(pred, ref)


def test_grounding_scorer_figures_by_hand():
    from spacy_ground.pipeline.scoring import GroundingScorer

    blank = spacy.blank("en")
    text = "It rose to 12 percent in 2024 ."  # "12 percent" is 11-21, "2024" 25-29
    examples = [
        scored_example(blank, text, 0.9, "block", gold=True, gold_spans=[(11, 21)], pred_spans=[(11, 29)]),
        scored_example(blank, text, 0.6, "flag", gold=False, gold_spans=[], pred_spans=[(25, 29)]),
        scored_example(blank, text, 0.3, "pass", gold=True, gold_spans=[(25, 29)]),
        scored_example(blank, text, 0.1, "pass", gold=False),  # labelled clean without spans: spans count
        scored_example(blank, text, None, "flag", gold=True),  # not checkable, hallucinated, no span labels
        scored_example(blank, text, 0.99, "block"),  # unlabelled: left out of everything
    ]
    with pytest.warns(UserWarning, match="1 of 5 labelled answers had no sources"):  # the not checkable one
        s = GroundingScorer()(examples)
    # scored answers: 0.9 (y), 0.6 (n), 0.3 (y), 0.1 (n): 3 of 4 pairs ranked right
    assert s["grounding_auroc"] == pytest.approx(0.75)
    # flagged: 1st (tp), 2nd (fp), 5th (tp); missed: 3rd
    assert (s["grounding_p"], s["grounding_r"]) == (pytest.approx(2 / 3), pytest.approx(2 / 3))
    assert s["grounding_f"] == pytest.approx(2 / 3)
    assert s["grounding_not_checkable"] == pytest.approx(1 / 5)
    # characters other than whitespace: predicted 11-29 (15) against gold 11-21 (9): tp 9, fp 6;
    # 25-29 against none: fp 4; gold 25-29 missed: fn 4
    assert s["grounding_span_p"] == pytest.approx(9 / 19) and s["grounding_span_r"] == pytest.approx(9 / 13)
    # ECE over 10 bins: |0.9 - 1| + |0.6 - 0| + |0.3 - 1| + |0.1 - 0|, each bin alone, over 4
    assert s["grounding_ece"] == pytest.approx((0.1 + 0.6 + 0.7 + 0.1) / 4)
    # the component passes how to rank a not checkable answer (its features' score): 0.95 here
    with pytest.warns(UserWarning):
        ranked = GroundingScorer()(examples, rank_score=lambda doc: 0.95)
    assert ranked["grounding_auroc"] == pytest.approx(5 / 6) and ranked["grounding_f"] == s["grounding_f"]


def test_grounding_scorer_gold_from_spans_and_figures_it_cannot_compute():
    from spacy_ground.pipeline.scoring import GroundingScorer

    blank = spacy.blank("en")
    text = "Revenue was $3.9 billion ."
    # no category: a span under the key says hallucinated, an empty key says clean, no key says nothing
    examples = [
        scored_example(blank, text, 0.8, "flag", gold_spans=[(12, 24)], pred_spans=[(12, 24)]),
        scored_example(blank, text, 0.2, "pass", gold_spans=[]),
        scored_example(blank, text, 0.9, "flag"),
    ]
    s = GroundingScorer()(examples)
    assert s["grounding_auroc"] == 1.0 and s["grounding_f"] == 1.0 and s["grounding_span_f"] == 1.0
    # one class only: no AUROC; nothing labelled: every figure None
    assert GroundingScorer()(examples[:1])["grounding_auroc"] is None
    assert set(GroundingScorer()(examples[2:]).values()) == {None}
    # another category name, as configured, and another span key, as the component passes it
    other = GroundingScorer(label="HALLU")
    assert other.gold(examples[0].reference, spans_key="mine") is None
    assert other.gold(examples[0].reference) is True
    assert GroundingScorer()(examples, spans_key="mine")["grounding_auroc"] is None  # nothing labelled under it


def test_grounding_scorer_counts_spans_only_where_they_are_known():
    from spacy_ground.pipeline.scoring import GroundingScorer

    blank = spacy.blank("en")
    text = "It rose to 12 percent in 2024 ."
    right = scored_example(blank, text, 0.9, "flag", gold=True, gold_spans=[(11, 21)], pred_spans=[(11, 21)])
    # hallucinated, but which part is not said (an empty list): its predicted span is no false positive
    unknown = scored_example(blank, text, 0.8, "flag", gold=True, gold_spans=[], pred_spans=[(25, 29)])
    s = GroundingScorer()([right, unknown])
    assert (s["grounding_span_p"], s["grounding_span_r"]) == (1.0, 1.0)
    # labels without a single gold span: the span figures cannot be computed
    clean = scored_example(blank, text, 0.1, "flag", gold=False, pred_spans=[(25, 29)])
    s = GroundingScorer()([unknown, clean])
    assert s["grounding_span_f"] is None and s["grounding_auroc"] == 1.0


def test_grounding_scorer_spans_by_characters_across_tokenisations():
    from spacy.tokens import Doc
    from spacy.training import Example

    from spacy_ground.pipeline.scoring import GroundingScorer

    blank = spacy.blank("en")
    pred = blank.make_doc("Revenue was $3.9 billion.")  # tokens "$", "3.9", "billion", "."
    pred._.ground_record = {
        "score": 0.9,
        "action": "flag",
        "verdict": "x",
        "reasons": [],
        "sentences": [],
        "claims": [],
    }
    pred.spans["ground_unsupported"] = [pred.char_span(12, 24)]  # "$3.9 billion"
    ref = Doc(blank.vocab, words=["Revenue", "was", "$3.9", "billion."])
    ref.spans["ground_unsupported"] = [ref[2:4]]  # "$3.9 billion." (12-25)
    s = GroundingScorer()([Example(pred, ref)])
    assert s["grounding_span_p"] == 1.0 and s["grounding_span_r"] == pytest.approx(11 / 12)  # whitespace not counted
    # a reference with another case and an extra space before the span: offsets shift by one
    ref = blank.make_doc("REVENUE  was $3.9 billion.")
    ref.spans["ground_unsupported"] = [ref.char_span(13, 25)]
    s = GroundingScorer()([Example(pred, ref)])
    assert (s["grounding_span_p"], s["grounding_span_r"]) == (1.0, 1.0)


@pytest.mark.parametrize(
    "a, b, expected",
    [
        ("ab c", "ab c", [0, 1, 2, 3]),
        ("ab c", "ab  c", [0, 1, 2, 4]),
        ("ab  c", "ab c", [0, 1, 2, None, 3]),
        ("a b", "ab", [0, None, 1]),
        ("AB", "ab", [0, 1]),
        ("ab", "a", [0, None]),
        ("ΟΔΟΣ  is", "οδος is", [0, 1, 2, 3, 4, None, 5, 6]),  # a final sigma, folded; a space b lacks
        ("İs x", "i̇s x", [0, 2, 3, 4]),  # "İ" folds to two characters
        (" x", "x", [None, 0]),
    ],
)
def test_char_map(a, b, expected):
    from spacy_ground.pipeline.scoring import char_map

    assert char_map(a, b) == expected


def test_nlp_evaluate_scores_the_verdict(nlp):
    from spacy.training import Example

    assert nlp.get_pipe("ground_verdict").scorer is not None  # from the factory's default config
    answers = [("Revenue was $2.85 billion in Q3 2024.", False), ("Revenue was $3.9 billion in Q3 2024.", True)]
    examples = []
    for answer, hallucinated in answers:
        ref = nlp.make_doc(answer)
        ref.cats = {"hallucinated": float(hallucinated)}
        ref.spans["ground_unsupported"] = [ref.char_span(12, 24)] if hallucinated else []  # "$3.9 billion"
        examples.append(Example(spacy_ground.make_doc(nlp, answer, SOURCES), ref))
    scores = nlp.evaluate(examples)
    assert scores["grounding_auroc"] == 1.0 and scores["grounding_f"] == 1.0
    assert scores["grounding_not_checkable"] == 0.0
    # the component flags exactly the mismatched claim, so its span figures are perfect
    assert (scores["grounding_span_p"], scores["grounding_span_r"]) == (1.0, 1.0)
    docs = [spacy_ground.check(nlp, answer, SOURCES) for answer, _ in answers]
    assert [[s.text for s in d.spans["ground_unsupported"]] for d in docs] == [[], ["$3.9 billion"]]
    # docs made from the text alone have no sources: every answer is not_checkable, and a warning says why
    bare = [Example(nlp.make_doc(eg.reference.text), eg.reference) for eg in examples]
    with pytest.warns(UserWarning, match="2 of 2 labelled answers had no sources"):
        bare_scores = nlp.evaluate(bare)
    assert bare_scores["grounding_not_checkable"] == 1.0
    # ranked by the model's score of their features, as evaluate ranks not checkable answers
    verdict = nlp.get_pipe("ground_verdict")
    assert [verdict.rank_score(nlp(eg.predicted)) for eg in bare] == pytest.approx(
        [verdict.lr_model.score(answer_features(nlp(eg.predicted)), "text") for eg in bare]
    )
    assert bare_scores["grounding_auroc"] is not None


def test_the_scorer_reads_the_components_spans_key():
    from spacy.training import Example

    nlp_ = toy_pipeline()
    nlp_.replace_pipe(
        "ground_verdict",
        "ground_verdict",
        config={"spans_key": "mine", "require_entailment": False, "flag_threshold": 0.5},
    )
    nlp_.get_pipe("ground_verdict").set_model(toy_model())
    examples = []
    for answer, hallucinated in (("Revenue was $3.9 billion in Q3 2024.", True), ("Revenue was $2.85 billion.", False)):
        ref = nlp_.make_doc(answer)
        ref.spans["mine"] = [ref.char_span(12, 24)] if hallucinated else []  # the label from the spans alone
        examples.append(Example(spacy_ground.make_doc(nlp_, answer, SOURCES), ref))
    scores = nlp_.evaluate(examples)
    assert scores["grounding_auroc"] == 1.0 and scores["grounding_span_f"] == 1.0


def test_grounding_scorer_is_registered_and_pickles():
    import pickle

    from spacy.util import registry

    from spacy_ground.pipeline.scoring import GroundingScorer

    scorer = registry.scorers.get("spacy_ground.grounding_scorer.v1")(label="L")
    assert isinstance(scorer, GroundingScorer) and scorer.label == "L"
    assert pickle.loads(pickle.dumps(scorer)).label == "L"


# ------------------------------------------------------------------ nlp.initialize
RIGHT = [
    "Revenue was $2.85 billion in Q3 2024.",
    "Revenue was $2,847 million in the third quarter.",
    "The firm employs 400 people.",
    "Revenue reached $2.8 billion.",
]
WRONG = [
    "Revenue was $3.9 billion in Q3 2024.",
    "Revenue was $1,200 million in the third quarter.",
    "The firm employs 900 people.",
    "Revenue reached $5 billion.",
]


def labelled_examples(nlp_, repeat=15):
    from spacy.training import Example

    out = []
    for _ in range(repeat):
        for text, hallucinated in [(t, False) for t in RIGHT] + [(t, True) for t in WRONG]:
            ref = nlp_.make_doc(text)
            ref.cats = {"hallucinated": float(hallucinated)}
            out.append(Example(spacy_ground.make_doc(nlp_, text, SOURCES), ref))
    return out


def test_initialize_without_refit_keeps_the_model_and_thresholds():
    nlp_ = toy_pipeline()
    before = spacy_ground.check(nlp_, WRONG[0], SOURCES)._.grounding.score
    nlp_.initialize(lambda: labelled_examples(nlp_, 1))
    verdict = nlp_.get_pipe("ground_verdict")
    assert verdict.flag_threshold == 0.5 and not verdict.model_meta
    assert spacy_ground.check(nlp_, WRONG[0], SOURCES)._.grounding.score == before


def test_initialize_without_refit_says_when_the_model_file_is_missing(tmp_path):
    nlp_ = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    nlp_.add_pipe("ground_verdict", config={"require_entailment": False, "model": str(tmp_path / "none.json")})
    with pytest.raises(FileNotFoundError, match="none.json"):
        nlp_.initialize()


def test_initialize_refit_fits_the_examples_and_the_saved_pipeline_keeps_it(tmp_path):
    nlp_ = toy_pipeline()
    verdict = nlp_.get_pipe("ground_verdict")
    verdict.initialize(lambda: labelled_examples(nlp_), nlp=nlp_, refit=True)
    meta = verdict.model_meta
    assert meta["answers"] == 120 and meta["hallucinated"] == 60 and meta["cross_validated"]["auroc"] == 1.0
    # the threshold the folds chose, in the component and in the config nlp.to_disk writes
    chosen = meta["cross_validated"]["f1_threshold"]
    assert verdict.flag_threshold == chosen != 0.5
    assert nlp_.config["components"]["ground_verdict"]["flag_threshold"] == chosen
    scores = [spacy_ground.check(nlp_, t, SOURCES)._.grounding.score for t in RIGHT + WRONG]
    assert max(scores[:4]) < chosen <= min(scores[4:])
    nlp_.to_disk(tmp_path / "p")
    again = spacy.load(tmp_path / "p")
    assert again.get_pipe("ground_verdict").flag_threshold == chosen
    assert [spacy_ground.check(again, t, SOURCES)._.grounding.score for t in RIGHT + WRONG] == pytest.approx(scores)


def test_initialize_refit_from_the_config_section():
    nlp_ = toy_pipeline()
    config = nlp_.config
    config["initialize"]["components"]["ground_verdict"] = {"refit": True, "min_per_class": 6}
    nlp2 = spacy.util.load_model_from_config(config, auto_fill=True)
    nlp2.get_pipe("ground_verdict").set_model(toy_model())
    nlp2.initialize(lambda: labelled_examples(nlp2, 2))  # 8 of each label: enough for 6, not for the default 10
    assert nlp2.get_pipe("ground_verdict").model_meta["answers"] == 16
    config["initialize"]["components"]["ground_verdict"] = {"refit": True}
    nlp3 = spacy.util.load_model_from_config(config, auto_fill=True)
    nlp3.get_pipe("ground_verdict").set_model(toy_model())
    with pytest.raises(ValueError, match="at least 10"):  # the default
        nlp3.initialize(lambda: labelled_examples(nlp3, 2))


def test_initialize_refit_sets_the_sentence_thresholds_of_the_kinds_it_saw():
    nlp_ = spacy_ground.load(
        overrides={"components.ground_align.use_embeddings": False, "components.ground_entail.model.tag_tokens": False}
    )
    nlp_.get_pipe("ground_entail").predict = lambda pairs: [
        [0.25, 0.7, 0.05] if "gardens" in premise else [0.9, 0.05, 0.05] for premise, _ in pairs
    ]
    nlp_.get_pipe("ground_entail").evidence_k_by_source = {}
    verdict = nlp_.get_pipe("ground_verdict")
    verdict.flag_threshold = verdict.block_threshold = 0.01  # the block threshold rises to the chosen one
    sources = ["The museum opened in 1998. The gardens are large."]
    examples = []
    from spacy.training import Example

    for i in range(12):
        for answer, span in (
            ("The museum opened in 1998.", None),
            ("The museum opened in 1998. The gardens hold a famous rose collection.", (27, 69)),
        ):
            ref = nlp_.make_doc(answer)
            ref.spans["ground_unsupported"] = [ref.char_span(*span)] if span else []
            examples.append(Example(spacy_ground.make_doc(nlp_, answer, sources), ref))
    # a document threshold the gardens sentence (1 - support 0.75) stays under, so the refit must move it
    verdict.sentence_threshold_by_source = {**verdict.sentence_threshold_by_source, "document": 0.9}
    shipped = dict(verdict.sentence_threshold_by_source)
    verdict.initialize(lambda: examples, nlp=nlp_, refit=True)
    by_source = verdict.sentence_threshold_by_source
    assert set(by_source) == set(shipped)  # one text: only "document" was seen, the others keep theirs
    assert {k: v for k, v in by_source.items() if k != "document"} == {
        k: v for k, v in shipped.items() if k != "document"
    }
    assert by_source["document"] <= 0.75 < shipped["document"]  # the gardens sentence (1 - support 0.75) is a span
    assert verdict.block_threshold == verdict.flag_threshold > 0.01
    config = nlp_.config["components"]["ground_verdict"]
    assert config["sentence_threshold_by_source"] == by_source and config["block_threshold"] == verdict.block_threshold
    doc = spacy_ground.check(nlp_, examples[1].reference.text, sources)
    assert [s.text for s in doc.spans["ground_unsupported"]] == ["The gardens hold a famous rose collection."]


def test_initialize_refit_needs_both_labels():
    nlp_ = toy_pipeline()
    examples = [eg for eg in labelled_examples(nlp_, 3) if not eg.reference.cats["hallucinated"]]
    with pytest.raises(ValueError, match="at least 10 .* got 0 hallucinated and 12 not"):
        nlp_.get_pipe("ground_verdict").initialize(lambda: examples, nlp=nlp_, refit=True)
    with pytest.raises(ValueError, match="needs get_examples and nlp"):
        nlp_.get_pipe("ground_verdict").initialize(refit=True)


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"min_per_class": 4}, "min_per_class must be an integer >= 5"),
        ({"l2": 0}, "l2 must be a finite number > 0"),
        ({"l2": float("inf")}, "l2 must be a finite number > 0"),
    ],
)
def test_initialize_refit_settings_are_checked(settings, message):
    nlp_ = toy_pipeline()
    with pytest.raises(ValueError, match=message):
        nlp_.get_pipe("ground_verdict").initialize(lambda: labelled_examples(nlp_, 1), nlp=nlp_, refit=True, **settings)


def test_initialize_refit_says_why_answers_were_left_out():
    from spacy.training import Example

    nlp_ = toy_pipeline()
    # made from the text alone: no sources, so nothing is checkable
    bare = [Example(nlp_.make_doc(eg.reference.text), eg.reference) for eg in labelled_examples(nlp_, 2)]
    with pytest.raises(ValueError, match="left out: 16 no sources to check against"):
        nlp_.get_pipe("ground_verdict").initialize(lambda: bare, nlp=nlp_, refit=True)


def test_initialize_refit_runs_disabled_components_and_maps_gold_spans_by_characters():
    from spacy.training import Example

    nlp_ = toy_pipeline()
    verdict = nlp_.get_pipe("ground_verdict")
    verdict.initialize(lambda: labelled_examples(nlp_), nlp=nlp_, refit=True)
    enabled = verdict.lr_model.to_dict()
    # spacy train disables frozen components while it initialises: the features stay the pipeline's
    with nlp_.select_pipes(disable=["ground_numeric"]):
        verdict.initialize(lambda: labelled_examples(nlp_), nlp=nlp_, refit=True)
    assert verdict.lr_model.to_dict() == enabled
    # gold spans on a reference in another case and spacing reach the same characters of the answer
    seen = []
    import spacy_ground.training.evaluate as E

    real = E.cross_validated
    E.cross_validated = lambda rows, l2: seen.extend(rows) or real(rows, l2)
    try:
        examples = []
        for eg in labelled_examples(nlp_):
            text = eg.predicted.text
            ref = nlp_.make_doc(text.upper().replace(" ", "  ", 1))
            ref.cats = dict(eg.reference.cats)
            if ref.cats["hallucinated"]:  # from the wrong number on; in ref one character later
                start = text.index("$") + 1 if "$" in text else text.index("9")
                ref.spans["ground_unsupported"] = [ref.char_span(start + 1, len(ref.text), alignment_mode="expand")]
            examples.append(Example(eg.predicted, ref))
        verdict.initialize(lambda: examples, nlp=nlp_, refit=True)
    finally:
        E.cross_validated = real
    hallucinated = [r for r in seen if r["hallucinated"]]
    texts = [eg.predicted.text for eg in examples if eg.reference.cats["hallucinated"]]
    for row, text in zip(hallucinated, texts):
        (span,) = row["spans"]
        start = text.index("$") + 1 if "$" in text else text.index("9")
        assert (span["start"], span["end"]) == (start, len(text))
