"""The token tagger behind doc.spans["ground_unsupported"]: offsets, spans, saving, rendering."""

import json
import re

import pytest
import spacy
from spacy.language import Language

import spacy_ground
from spacy_ground.api import DEFAULT_CONFIG
from spacy_ground.fusion.spans import char_prf, token_probabilities, token_runs
from spacy_ground.pipeline.entail import EMBEDDED_TAGGER
from spacy_ground.pipeline.verdict import merge_flagged
from spacy_ground.text.offsets import char_blocks, project

SOURCE = (
    "Northwind Foods opened its first store in Leeds in 1998. The company employs 2,400 people "
    "and sells groceries in 40 towns across northern England."
)
WRONG = "Northwind Foods opened its first store in Paris in 1998, selling furniture to tourists."


@pytest.fixture(scope="module")
def nlp():
    return spacy_ground.load()


# ------------------------------------------------------------------ pure functions
@pytest.mark.parametrize(
    "original, rewritten, span, expected",
    [
        ("It opens at 9 pm.", "It opens at 9 pm.", (3, 8), (3, 8)),
        ("  It opens at 9 pm. ", "It opens at 9 pm.", (3, 8), (5, 10)),
        ("It opens at 9 pm daily.", "It opens at 21:00 daily.", (12, 17), (12, 16)),  # the rewritten value
        ("It opens at 9 pm daily.", "It opens at 21:00 daily.", (18, 23), (17, 22)),  # after it, shifted
        ("It opens at 9 pm daily.", "It opens at 21:00 daily.", (0, 2), (0, 2)),
        ("abc", "", (0, 0), (0, 0)),
        ("", "abc", (0, 3), (0, 0)),  # nothing to map onto
    ],
)
def test_rewritten_characters_map_back_onto_the_sentence(original, rewritten, span, expected):
    assert project(char_blocks(original, rewritten), *span) == expected


def test_char_blocks_of_a_long_sentence_stay_fast():
    import time

    filler = "and it serves food and drinks to its guests " * 2000  # 88,000 characters
    original = "The bar opens at 9 pm " + filler + "until late."
    rewritten = "The bar opens at 21:00 " + filler + "until late."
    started = time.perf_counter()
    blocks = char_blocks(original, rewritten)
    assert time.perf_counter() - started < 5.0  # the shared start and end are not matched by difflib
    assert project(blocks, 17, 22) == (17, 21) and project(blocks, 0, 3) == (0, 3)
    assert project(blocks, len(rewritten) - 5, len(rewritten)) == (len(original) - 5, len(original))
    # rewrites far apart leave a long middle: no blocks rather than a quadratic match
    far = "9 pm " + filler + " 9 pm"
    started = time.perf_counter()
    assert char_blocks(far, far.replace("9 pm", "21:00")) is None
    assert time.perf_counter() - started < 5.0


@pytest.mark.parametrize(
    "tokens, pieces, expected",
    [
        ([(0, 5), (6, 11)], [(0, 3, 0.2), (3, 5, 0.9), (6, 11, 0.1)], [0.9, 0.1]),
        ([(0, 5), (6, 11)], [(0, 5, 0.4)], [0.4, None]),  # the second token was cut off
        ([(0, 5)], [], [None]),
        ([(0, 2), (3, 5)], [(0, 5, 0.7)], [0.7, 0.7]),  # one piece over two tokens (a rewritten value)
    ],
)
def test_token_probabilities_take_the_highest_piece(tokens, pieces, expected):
    assert token_probabilities(tokens, pieces) == expected


@pytest.mark.parametrize(
    "tokens, threshold, expected",
    [
        ([(0, 3, 0.9), (4, 7, 0.8), (8, 10, 0.1)], 0.5, [(0, 7, 0.9)]),
        ([(0, 3, 0.9), (4, 7, 0.1), (8, 10, 0.6)], 0.5, [(0, 3, 0.9), (8, 10, 0.6)]),
        ([(0, 3, 0.9), (4, 7, None), (8, 10, 0.6)], 0.5, [(0, 3, 0.9), (8, 10, 0.6)]),
        ([(0, 3, 0.5)], 0.5, [(0, 3, 0.5)]),  # at the threshold counts
        ([(0, 3, 0.2)], 0.5, []),
    ],
)
def test_token_runs(tokens, threshold, expected):
    assert token_runs(tokens, threshold) == expected


def test_char_prf_leaves_whitespace_out():
    text = "ab cd  ef"
    assert char_prf([(0, 5)], [(3, 9)], text) == (2, 2, 2)


def test_overlapping_flagged_spans_merge_with_the_most_specific_kind():
    merged = merge_flagged(
        [
            (10, 20, {"p": 0.6, "kind": "other", "source": "tagger", "reason": "a"}),
            (15, 25, {"p": 1.0, "kind": "number", "source": "number", "reason": "b"}),
            (30, 35, {"p": 0.7, "kind": "entity", "source": "tagger", "reason": "c"}),
            (5, 5, {"p": 0.9}),  # empty: dropped
        ]
    )
    assert [(s, e) for s, e, _ in merged] == [(10, 25), (30, 35)]
    # the exact check's reason names what the sources say; the tagger's is left out
    assert merged[0][2] == {"p": 1.0, "kind": "number", "source": "tagger; number", "reason": "b"}
    two = merge_flagged([(0, 5, {"p": 0.4, "source": "tagger", "reason": "a"}), (3, 8, {"p": 0.5, "reason": "c"})])
    assert two == [(0, 8, {"p": 0.5, "kind": "other", "source": "tagger", "reason": "a; c"})]


# ------------------------------------------------------------------ the pipeline
def test_the_shipped_tagger_is_small_safetensors_with_its_thresholds():
    assert EMBEDDED_TAGGER.exists()
    assert EMBEDDED_TAGGER.stat().st_size < 10_000_000
    meta = json.loads(EMBEDDED_TAGGER.with_suffix(".json").read_text())
    cfg = spacy.util.load_config(DEFAULT_CONFIG, interpolate=False)["components"]["ground_verdict"]
    # the config and the component's defaults hold what training chose
    assert dict(cfg["token_threshold_by_source"]) == meta["threshold_by_source"]
    assert cfg["token_threshold"] == meta["threshold"]
    defaults = Language.get_factory_meta("ground_verdict").default_config
    assert defaults["token_threshold_by_source"] == meta["threshold_by_source"]
    assert defaults["token_threshold"] == meta["threshold"]
    entail = spacy.util.load_config(DEFAULT_CONFIG, interpolate=False)["components"]["ground_entail"]
    assert entail["tag_if_support_below"] == meta["tag_if_support_below"]
    assert (
        Language.get_factory_meta("ground_entail").default_config["tag_if_support_below"]
        == meta["tag_if_support_below"]
    )


def test_sentences_carry_token_probabilities_in_the_docs_characters(nlp):
    doc = spacy_ground.check(nlp, WRONG, [SOURCE])
    sent = doc.spans["ground_sentences"][0]
    tokens = sent._.entailment["tokens"]
    assert [doc.text[s:e] for s, e, _ in tokens] == [t.text for t in sent if not t.is_space]
    assert all(p is None or 0.0 <= p <= 1.0 for _, _, p in tokens)
    probs = {doc.text[s:e]: p for s, e, p in tokens}
    assert probs["furniture"] > probs["Northwind"]  # the evidence says groceries, and Northwind is named


def test_flagged_spans_carry_probability_kind_and_reason(nlp):
    doc = spacy_ground.check(nlp, WRONG + " It has 9,000 employees.", [SOURCE])
    g = doc._.grounding
    assert g.action in ("flag", "block")
    spans = list(doc.spans["ground_unsupported"])
    assert spans and len(spans) == len(g.spans)
    for span, row in zip(spans, g.spans):
        info = span._.ground_span
        assert (row["start"], row["end"], row["text"]) == (span.start_char, span.end_char, span.text)
        assert 0.0 <= info["p"] <= 1.0 and info["kind"] in ("number", "entity", "other") and info["reason"]
        assert row["p"] == info["p"]
    numbers = [r for r in g.spans if "9,000" in r["text"]]
    assert numbers and numbers[0]["kind"] == "number"
    assert g.to_dict()["spans"] == g.spans  # plain JSON


def test_span_offsets_are_into_an_html_answer_as_given(nlp):
    answer = "<p>Northwind Foods opened its first store in <b>Paris</b> in 1998, selling <i>furniture</i>.</p>"
    doc = spacy_ground.check(nlp, answer, [SOURCE])
    assert doc.text == answer or len(doc.text) == len(answer)  # markup blanked one for one
    blanked = re.sub(r"<[^>]*>", lambda m: " " * len(m.group()), answer)  # the tags, one blank a character
    assert doc._.grounding.spans
    for row in doc._.grounding.spans:
        assert blanked[row["start"] : row["end"]] == row["text"] == doc.text[row["start"] : row["end"]]
    for s, e, _ in doc.spans["ground_sentences"][0]._.entailment["tokens"]:
        assert "<" not in answer[s:e] and ">" not in answer[s:e]  # markup is never a token read


def test_markup_removed_answer_gives_the_same_spans_shifted(nlp):
    plain = "Northwind Foods opened its first store in Paris in 1998, selling furniture."
    html = "<div>" + plain + "</div>"
    a = spacy_ground.check(nlp, plain, [SOURCE])._.grounding.spans
    b = spacy_ground.check(nlp, html, [SOURCE])._.grounding.spans
    assert [(r["start"] + 5, r["end"] + 5, r["text"]) for r in a] == [(r["start"], r["end"], r["text"]) for r in b]


@pytest.mark.parametrize("sources", [[], [""], ["Completely unrelated text about whales."]])
def test_empty_or_unrelated_evidence_never_crashes(nlp, sources):
    doc = spacy_ground.check(nlp, WRONG, sources, errors="not_checkable")
    g = doc._.grounding
    assert g.verdict in ("not_checkable", "unsupported", "contradicted", "supported")
    for row in g.spans:
        assert 0.0 <= row["p"] <= 1.0 and row["reason"]
    if g.verdict == "not_checkable":
        assert g.spans == [] and list(doc.spans["ground_unsupported"]) == []


def test_without_the_tagger_whole_sentences_are_flagged():
    nlp = spacy_ground.load(overrides={"components.ground_entail.model.tag_tokens": False})
    assert not nlp.get_pipe("ground_entail").tags_tokens
    doc = spacy_ground.check(nlp, WRONG, [SOURCE])
    assert "tokens" not in doc.spans["ground_sentences"][0]._.entailment
    for row in doc._.grounding.spans:
        assert set(row["source"].split("; ")) <= {"sentence", "number", "record"}


def test_a_missing_tagger_file_is_a_clear_error(tmp_path):
    with pytest.raises(Exception, match="no token tagger at"):
        spacy.blank("en").add_pipe(
            "ground_entail", config={"model": {"tagger_weights": str(tmp_path / "missing.safetensors")}}
        )


def test_the_tagger_survives_disk_and_bytes(nlp, tmp_path):
    nlp.to_disk(tmp_path / "p")
    assert (tmp_path / "p" / "ground_entail" / "tagger.safetensors").exists()
    loaded = spacy.load(tmp_path / "p")
    a = spacy_ground.check(nlp, WRONG, [SOURCE])
    b = spacy_ground.check(loaded, WRONG, [SOURCE])
    assert a._.grounding.spans == b._.grounding.spans
    ta = a.spans["ground_sentences"][0]._.entailment["tokens"]
    assert ta == b.spans["ground_sentences"][0]._.entailment["tokens"]
    other = spacy_ground.load()
    other.get_pipe("ground_entail").from_bytes(nlp.get_pipe("ground_entail").to_bytes())
    assert other.get_pipe("ground_entail").tags_tokens
    c = spacy_ground.check(other, WRONG, [SOURCE])
    assert c.spans["ground_sentences"][0]._.entailment["tokens"] == ta
    off = spacy_ground.load(overrides={"components.ground_entail.model.tag_tokens": False})
    off.get_pipe("ground_entail").from_bytes(nlp.get_pipe("ground_entail").to_bytes())
    assert not off.get_pipe("ground_entail").tags_tokens  # the config decides


def test_render_marks_flagged_spans_darker_when_more_probable(nlp):
    from spacy_ground.render import render_markup

    doc = spacy_ground.check(nlp, WRONG + " It has <9,000> employees.", [SOURCE])
    out = render_markup(doc)
    assert out.count('class="sg-span" title=') == len(doc.spans["ground_unsupported"]) > 0
    assert "data-p=" in out and "rgba(198,40,40," in out
    assert "<9,000>" not in out  # escaped


def test_sentence_level_spans_are_the_baseline(nlp):
    doc = spacy_ground.check(nlp, WRONG + " It has 9,000 employees.", [SOURCE])
    record = doc._.ground_record
    spans = nlp.get_pipe("ground_verdict").sentence_level_spans(record)
    assert spans and all(0 <= s < e <= len(doc.text) for s, e in spans)
    assert nlp.get_pipe("ground_verdict").sentence_level_spans(dict(record, action="pass")) == []


def test_span_f1_leaves_whitespace_out():
    from spacy_ground.fusion.metrics import span_f1

    rows = [{"spans": [{"start": 0, "end": 5}], "hallucinated": True, "pred_spans": [(2, 9)], "text": "ab cd  ef"}]
    assert span_f1(rows) == pytest.approx({"precision": 0.5, "recall": 0.5, "f1": 0.5})


def test_well_supported_sentences_are_not_tagged_below_the_cutoff():
    nlp = spacy_ground.load(overrides={"components.ground_entail.tag_if_support_below": 0.05})
    doc = spacy_ground.check(nlp, "The company employs 2,400 people. " + WRONG, [SOURCE])
    rows = [s._.entailment for s in doc.spans["ground_sentences"]]
    assert all(("tokens" in r) == (r["supported"] < 0.05) for r in rows)
    everything = spacy_ground.load(overrides={"components.ground_entail.tag_if_support_below": 1.0})
    again = spacy_ground.check(everything, "The company employs 2,400 people. " + WRONG, [SOURCE])
    assert all("tokens" in s._.entailment for s in again.spans["ground_sentences"])
    for a, b in zip(rows, (s._.entailment for s in again.spans["ground_sentences"])):
        assert a["supported"] == b["supported"]  # the sentence probabilities do not depend on it


@pytest.mark.parametrize("value", [0.0, 1.5, "high", True])
def test_a_bad_support_cutoff_is_a_clear_error(value):
    with pytest.raises(Exception, match="tag_if_support_below"):
        spacy_ground.load(overrides={"components.ground_entail.tag_if_support_below": value})


def test_table_rows_of_the_answer_are_judged_whole(nlp):
    table = "People:\n| Name | Age | City |\n|---|---|---|\n| Bob | 40 | Rome |\n"
    doc = spacy_ground.check(nlp, table, ["Bob is 40 and lives in Paris."])
    for sent in doc.spans["ground_sentences"]:
        if "|" in sent.text and sent._.entailment:
            assert "tokens" not in sent._.entailment  # read as "Name: Bob; ..." words that are not the row's


def test_a_pipeline_saved_without_the_tagger_loads_without_it(nlp, tmp_path):
    nlp.to_disk(tmp_path / "p")
    assert spacy.load(tmp_path / "p").get_pipe("ground_entail").tags_tokens
    off = spacy.load(tmp_path / "p", config={"components": {"ground_entail": {"model": {"tag_tokens": False}}}})
    assert not off.get_pipe("ground_entail").tags_tokens  # the config decides, not the file left there
    off.to_disk(tmp_path / "p")  # saved over the folder that held a tagger
    assert not (tmp_path / "p" / "ground_entail" / "tagger.safetensors").exists()
    assert not spacy.load(tmp_path / "p").get_pipe("ground_entail").tags_tokens


def test_weights_without_a_tagger_keep_it_only_if_they_are_the_same(nlp, tmp_path):
    import srsly
    from safetensors.torch import load_file, save_file

    from spacy_ground.pipeline.entail import EMBEDDED_MODEL

    pipe = spacy_ground.load().get_pipe("ground_entail")
    same = srsly.msgpack_dumps({"model": pipe.weights_bytes()})  # as saved before the tagger existed
    pipe.from_bytes(same)
    assert pipe.tags_tokens
    state = load_file(str(EMBEDDED_MODEL))
    state["head.bias"] = state["head.bias"] + 1.0
    save_file(state, str(tmp_path / "other.safetensors"))
    other = srsly.msgpack_dumps({"model": (tmp_path / "other.safetensors").read_bytes()})
    with pytest.warns(UserWarning, match="without a token tagger"):
        pipe.from_bytes(other)
    assert not pipe.tags_tokens
    doc = spacy_ground.check(spacy_ground.load(), WRONG, [SOURCE])  # other pipelines are untouched
    assert "tokens" in doc.spans["ground_sentences"][0]._.entailment
