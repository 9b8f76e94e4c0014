"""Components hand data on the Doc: the source index, the claims and the judged sentences.

No component looks another up by name while it processes a Doc (``nlp.get_pipe`` /
``nlp.pipe_names``); what it needs is on the Doc, or it says which component is missing.
"""

import ast
import gc
from pathlib import Path

import pytest
import spacy
from spacy.tokens import DocBin

import spacy_ground
from spacy_ground.pipeline.extensions import JUDGED_BY, SOURCE_INDEX, TAGGED_BY, claims_group, source_index

SOURCES = ["Revenue was $5.2 million in 2023. The store opens at 9 am."]
RUNTIME = Path(spacy_ground.__file__).parent


def _claims_only(**claims_config):
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("ground_claims", name="my_claims", config=claims_config)
    nlp.add_pipe("ground_numeric", config={"claims_component": "my_claims"})
    return nlp


def test_the_index_is_handed_on_the_doc():
    nlp = _claims_only()
    doc = spacy_ground.check(nlp, "Revenue was $5.2 million.", SOURCES)
    group = claims_group(doc, "my_claims")
    assert list(group) == list(doc.spans["ground_claims"])
    assert group.attrs[TAGGED_BY] == "my_claims" and isinstance(group.attrs[SOURCE_INDEX], str)
    index = doc._.ground_index
    assert index is not None and index is nlp.get_pipe("my_claims").index_sources(SOURCES)
    assert [c.value.text for c in index.claims][:1] == ["$5.2 million"]
    assert doc.spans["ground_claims"][0]._.ground_numeric["status"] == "grounded"


def test_no_sources_no_index():
    nlp = _claims_only()
    doc = spacy_ground.check(nlp, "Revenue was $5.2 million.", [])
    assert doc._.ground_index is None
    assert spacy_ground.make_doc(nlp, "Revenue was $5.2 million.", SOURCES)._.ground_index is None  # not tagged yet


def test_two_pipelines_each_read_their_own_index():
    a = _claims_only(max_source_chars=10_000)
    b = _claims_only(max_source_chars=20)  # too small for the sources: not checkable
    doc_a = spacy_ground.check(a, "Revenue was $5.2 million.", SOURCES)
    doc_b = spacy_ground.check(b, "Revenue was $5.2 million.", SOURCES)
    assert doc_a.spans["ground_claims"][0]._.ground_numeric["status"] == "grounded"
    assert doc_b.spans["ground_claims"][0]._.ground_numeric["status"] == "not_checkable"
    assert "over the limit of 20" in doc_b.spans["ground_claims"][0]._.ground_numeric["reason"]
    assert doc_a._.ground_index is a.get_pipe("my_claims").index_sources(SOURCES)
    assert doc_b._.ground_index is None  # too large: no index, the reason on the Doc


def test_a_doc_read_back_finds_the_index_while_its_pipeline_lives():
    nlp = _claims_only()
    doc = spacy_ground.check(nlp, "Revenue was $5.2 million.", SOURCES)
    data = DocBin(store_user_data=True, docs=[doc]).to_bytes()
    again = next(DocBin().from_bytes(data).get_docs(nlp.vocab))
    assert claims_group(again, "my_claims") is not None
    assert again._.ground_index is nlp.get_pipe("my_claims").index_sources(SOURCES)
    vocab = nlp.vocab
    del nlp, doc
    gc.collect()
    orphan = next(DocBin().from_bytes(data).get_docs(vocab))
    assert orphan._.ground_index is None  # the getter never raises
    with pytest.raises(ValueError, match="the source index of 'my_claims' is not in this process"):
        source_index(orphan, "my_claims", "ground_numeric")


def test_numeric_without_its_claims_component_says_which():
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("ground_claims")
    nlp.add_pipe("ground_numeric", config={"claims_component": "other_claims"})
    with pytest.raises(ValueError, match="needs the 'other_claims' component before it"):
        spacy_ground.check(nlp, "Revenue was $5.2 million.", SOURCES)


def test_align_reads_the_index_of_a_renamed_claims_component():
    nlp = _claims_only()
    nlp.add_pipe("ground_align", config={"claims_component": "my_claims", "use_embeddings": False})
    doc = spacy_ground.check(nlp, "Revenue was $5.2 million in 2023.", SOURCES)
    assert doc.spans["ground_sentences"][0]._.evidence[0]["text"] == "Revenue was $5.2 million in 2023."


def test_the_verdict_checks_the_doc_not_the_pipeline():
    full = spacy_ground.load()
    doc = spacy_ground.check(full, "Revenue was $5.2 million.", SOURCES)
    assert doc.spans["ground_sentences"].attrs[JUDGED_BY] == "ground_entail"
    verdict = full.get_pipe("ground_verdict")
    again = full.make_doc("Revenue was $5.2 million.")
    again._.ground_sources = SOURCES
    for name in ("sentencizer", "ground_claims", "ground_numeric", "ground_align"):
        again = full.get_pipe(name)(again)
    with pytest.raises(ValueError, match="sentences under 'ground_sentences' have not been judged"):
        verdict(again)  # ground_entail skipped
    again = full.get_pipe("ground_entail")(again)
    assert verdict(again)._.grounding.verdict == doc._.grounding.verdict


def _lookups_outside(tree: ast.AST, allowed: set) -> list:
    """(line, name) of every nlp.get_pipe / pipe_names / component_names use outside ``allowed`` functions."""
    out = []

    def walk(node, where):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            where = node.name
        if isinstance(node, ast.Attribute) and node.attr in ("get_pipe", "pipe_names", "component_names"):
            if where not in allowed:
                out.append((node.lineno, where))
        for child in ast.iter_child_nodes(node):
            walk(child, where)

    walk(tree, "<module>")
    return out


@pytest.mark.parametrize("module", sorted(p.name for p in (RUNTIME / "pipeline").glob("*.py")))
def test_no_component_looks_another_up(module):
    # initialize (the verdict's refit runs the components before it) is training, not processing
    tree = ast.parse((RUNTIME / "pipeline" / module).read_text(encoding="utf8"))
    assert _lookups_outside(tree, {"initialize"}) == []
