"""Large input: a configurable cap with a clear message instead of unbounded work; long sources
and many sources still get a verdict."""

import pytest

import spacy_ground

SENTENCE = "The company reported revenue of $2,847 million in the third quarter of 2024. "


def test_sources_over_the_cap_are_not_checkable_with_the_reason():
    """Over ``max_source_chars`` the answer is not checkable and says why (the limit and how to
    raise it), in the numeric summary and in the verdict; a batch goes on past it."""
    nlp = spacy_ground.load(
        exclude=spacy_ground.CLAIMS_ONLY, overrides={"components.ground_claims.max_source_chars": 1000}
    )
    doc = spacy_ground.check(nlp, "Revenue was $2.85 billion.", [SENTENCE * 20])
    assert "over the limit of 1,000" in doc._.numeric_grounding["message"]
    assert doc.spans["ground_claims"][0]._.ground_numeric["status"] == "not_checkable"
    full = spacy_ground.load(
        overrides={"components.ground_claims.max_source_chars": 1000, "components.ground_align.use_embeddings": False}
    )
    records = [
        {"answer": "Revenue was $2.85 billion.", "sources": [SENTENCE * 20]},
        {"answer": "Revenue was $2.85 billion.", "sources": [SENTENCE]},
    ]
    first, second = spacy_ground.check_many(full, records)
    g = first._.grounding
    assert g.verdict == "not_checkable" and g.score is None
    assert any("over the limit of 1,000" in r and "max_source_chars" in r for r in g.reasons)
    assert second._.grounding.verdict == "supported"


def test_many_and_long_sources_get_a_verdict():
    nlp = spacy_ground.load()
    sources = [SENTENCE * 10 for _ in range(100)] + [SENTENCE * 700]  # 100 sources and one of ~55 KB
    g = spacy_ground.check(nlp, "Revenue was $2.85 billion in Q3 2024.", sources)._.grounding
    assert g.verdict == "supported" and g.claims[0]["status"] == "grounded"


def test_sources_set_on_a_doc_are_read_as_check_reads_them():
    """``doc._.ground_sources = ...`` (the README's spaCy snippet) reads one text as one source
    and a passage object as its text, as ``check`` does; bytes are refused at once."""
    import pickle

    from spacy.tokens import DocBin

    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    doc = nlp.make_doc("Revenue was $2.85 billion.")
    doc._.ground_sources = SENTENCE
    assert doc._.ground_sources == [SENTENCE]
    doc._.ground_sources = [{"title": "Q3", "text": SENTENCE}]
    assert doc._.ground_sources == ["Q3\n" + SENTENCE]
    g = nlp(doc)._.numeric_grounding
    assert g["n_grounded"] == 1, g
    with pytest.raises(TypeError, match="not bytes"):
        doc._.ground_sources = SENTENCE.encode()
    with pytest.raises(TypeError, match="not a set"):
        doc._.ground_sources = {SENTENCE}
    doc._.ground_sources = None
    assert doc._.ground_sources is None
    doc._.ground_sources = [SENTENCE]
    again = list(DocBin(docs=[doc], store_user_data=True).get_docs(nlp.vocab))[0]
    # (DocBin hands lists back as tuples, as it does with any user data)
    assert list(again._.ground_sources) == [SENTENCE] == list(pickle.loads(pickle.dumps(doc))._.ground_sources)


def test_a_wrong_value_repeated_in_an_answer_is_one_reason():
    nlp = spacy_ground.load(overrides={"components.ground_align.use_embeddings": False})
    answer = " ".join(["Revenue was $9.9 billion in the third quarter of 2024."] * 4)
    g = spacy_ground.check(nlp, answer, [SENTENCE])._.grounding
    mismatched = [r for r in g.reasons if "'$9.9 billion' does not match" in r]
    assert len(mismatched) == 1 and len(g.reasons) == len(set(g.reasons))
    assert sum(c["status"] == "mismatch" for c in g.claims) == 4  # each claim still listed


def test_a_contradicted_verdict_names_the_sentence_it_rests_on():
    """The verdict is "contradicted" because a sentence's most probable label is; when another
    sentence is weaker, the reasons still name the contradicted one."""
    from spacy_ground.pipeline.verdict import Verdict

    def row(text, sup, con):
        ent = {
            "supported": sup,
            "unsupported": 1 - sup - con,
            "contradicted": con,
            "label": "contradicted"
            if con > max(sup, 1 - sup - con)
            else "supported"
            if sup >= 1 - sup - con
            else "unsupported",
        }
        return {
            "start": 0,
            "end": len(text),
            "text": text,
            "label": ent["label"],
            "entailment": ent,
            "evidence": {"text": "The company employs 12,400 people across 14 countries."},
        }

    verdict = Verdict.__new__(Verdict)
    verdict.flag_on_contradiction, verdict.contradiction_threshold = True, 0.98
    rows = [row("The company employs 12,400 people.", 0.05, 0.915), row("The company has a strong brand.", 0.01, 0.2)]
    reasons = verdict._reasons(0.5, rows, [], {"absent_words": 0.0})
    assert reasons[0].startswith("weakest sentence (0.01 supported)")
    assert reasons[1].startswith("judged contradicted (0.92 contradicted): 'The company employs 12,400 people.'")
    rows[1]["entailment"]["supported"] = 0.9  # the contradicted one is the weakest: named once, as such
    assert [r.split(" (")[0] for r in verdict._reasons(0.5, rows, [], {"absent_words": 0.0})] == ["weakest sentence"]
