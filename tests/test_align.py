"""ground_align: evidence for every answer sentence, lexical and hybrid."""

import json
import re

import pytest

import spacy_ground

SOURCES = [
    "The Lisbon plant opened in 2019. It employs 400 people. Revenue reached $2.8 billion in 2023.",
    {"hours": {"Monday": "9:0-17:0"}, "business_stars": 4.5},
]


@pytest.fixture(scope="module")
def nlp_lexical():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    nlp.add_pipe("ground_align", after="ground_numeric", config={"use_embeddings": False, "top_k": 2})
    return nlp


@pytest.fixture(scope="module")
def nlp_hybrid():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    nlp.add_pipe("ground_align", after="ground_numeric")
    return nlp


def test_each_sentence_gets_top_k_evidence_with_offsets(nlp_lexical):
    doc = spacy_ground.check(nlp_lexical, "The Lisbon plant opened in 2019. It has 4.5 stars.", SOURCES)
    sents = doc.spans["ground_sentences"]
    assert [s.text for s in sents] == ["The Lisbon plant opened in 2019.", "It has 4.5 stars."]
    first = sents[0]._.evidence
    assert len(first) == 2
    assert first[0]["text"] == "The Lisbon plant opened in 2019."
    assert first[0]["source"] == 0 and SOURCES[0][first[0]["start"] : first[0]["end"]] == first[0]["text"]
    assert first[0]["score"] >= first[1]["score"]
    # the JSON record is one fact a line: the path stays with its value
    assert sents[1]._.evidence[0]["text"] == "business_stars: 4.5"
    json.dumps([s._.evidence for s in sents])


def test_no_sources_gives_empty_evidence(nlp_lexical):
    doc = spacy_ground.check(nlp_lexical, "The plant opened in 2019.", sources=[])
    assert [s._.evidence for s in doc.spans["ground_sentences"]] == [[]]


def test_hybrid_finds_a_paraphrase_the_words_miss(nlp_hybrid):
    sources = ["The factory in Portugal's capital began operating in 2019. The weather was mild all week."]
    doc = spacy_ground.check(nlp_hybrid, "Its Lisbon plant started production in 2019.", sources)
    best = doc.spans["ground_sentences"][0]._.evidence[0]
    assert best["text"].startswith("The factory in Portugal")
    assert best["semantic"] > 0.3


def test_semantic_weight_by_kind_of_sources(nlp_hybrid):
    """semantic_weight_by_source = {"passages": 0.0}: answers from several passages get their
    evidence by shared words alone and nothing is embedded for them; other kinds keep
    semantic_weight. By default every kind is hybrid."""
    assert nlp_hybrid.get_pipe("ground_align").semantic_weight_by_source == {}
    nlp = spacy_ground.load(
        exclude=("ground_entail", "ground_verdict"),
        overrides={"components.ground_align.semantic_weight_by_source.passages": 0.0},
    )
    aligner = nlp.get_pipe("ground_align")
    assert aligner.semantic_weight_by_source == {"passages": 0.0} and aligner.semantic_weight == 0.6
    passages = ["The plant in Lisbon opened in 2019.", "The weather was mild all week.", "Lisbon is a capital."]
    doc = spacy_ground.check(nlp, "The Lisbon plant started production in 2019.", passages)
    evidence = doc.spans["ground_sentences"][0]._.evidence
    assert evidence[0]["text"] == passages[0] and all(e["semantic"] is None for e in evidence)
    assert evidence[0]["score"] == evidence[0]["lexical"]
    index = doc._.ground_index  # the index handed on the Doc is the claims component's cached one
    assert index is nlp.get_pipe("ground_claims").index_sources(passages)
    assert "align.idf" in index.derived and not any(k.startswith("align.embeddings") for k in index.derived)
    assert aligner.weight_for(passages) == 0.0 and aligner.weight_for(passages[:1]) == 0.6
    assert aligner.weight_for([{"name": "Finch"}]) == 0.6
    doc = spacy_ground.check(nlp_hybrid, "The Lisbon plant started production in 2019.", passages)
    assert doc.spans["ground_sentences"][0]._.evidence[0]["semantic"] > 0.3


@pytest.mark.parametrize(
    "by_source, message",
    [
        ({"passage": 0.0}, "unknown source kind 'passage'"),
        ({"passages": 1.5}, "must be a number in [0, 1]"),
        ({"record": "high"}, "must be a number in [0, 1]"),
    ],
)
def test_bad_semantic_weight_by_source_is_a_clear_error(by_source, message):
    from spacy_ground.pipeline.align import EvidenceAligner

    with pytest.raises(ValueError, match=re.escape(message)):
        EvidenceAligner(spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY), semantic_weight_by_source=by_source)


def test_embeddings_are_computed_once_per_sources(nlp_hybrid):
    spacy_ground.check(nlp_hybrid, "The plant opened in 2019.", SOURCES)
    index = nlp_hybrid.get_pipe("ground_claims").index_sources(SOURCES)
    embedded = {k: v for k, v in index.derived.items() if k.startswith("align.embeddings")}
    assert len(embedded) == 1
    spacy_ground.check(nlp_hybrid, "It employs 400 people.", SOURCES)
    assert {k: v for k, v in index.derived.items() if k.startswith("align.embeddings")} == embedded
    assert all(index.derived[k] is v for k, v in embedded.items())


def test_bad_config_is_refused():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    with pytest.raises(ValueError, match="top_k"):
        nlp.add_pipe("ground_align", config={"top_k": 0})


@pytest.mark.parametrize(
    "line,readable",
    [
        ("attributes.OutdoorSeating: no", "attributes outdoor seating: no"),
        ("hours.Monday: 9:0-20:0", "hours monday: 9:0-20:0"),
        ("review_info[0].review_text: Great food: yes", "review info review text: Great food: yes"),
        ("attributes.BusinessParking.valet: no", "attributes business parking valet: no"),
        ("Note: this is plain text", "Note: this is plain text"),
        ("name: Finch", "name: Finch"),
        ("Revenue was $5 million.", "Revenue was $5 million."),
    ],
)
def test_record_lines_read_as_words(line, readable):
    from spacy_ground.sources.words import readable_line

    assert readable_line(line) == readable


def test_evidence_text_ranked_and_repeats_read_once():
    from spacy_ground.sources.words import evidence_text

    ev = [
        {"source": 1, "start": 0, "text": "attributes.WiFi: free"},
        {"source": 0, "start": 50, "text": " B. "},
        {"source": 2, "start": 7, "text": "B."},
        {"source": 0, "start": 10, "text": "A."},
    ]
    assert evidence_text(ev, 1) == "attributes wi fi: free"
    assert evidence_text(ev, 2) == "attributes wi fi: free B."
    assert evidence_text(ev, 3) == "attributes wi fi: free B."  # the same sentence in another source
    assert evidence_text(ev, 4) == "attributes wi fi: free B. A."
    assert evidence_text([], 3) == ""


@pytest.mark.parametrize(
    "text,marker",
    [
        ("2.", True),
        ("(b)", True),
        ("iv.", True),
        ("*", True),
        ("-", True),
        ("1)", True),
        ("•", True),
        ("10.", True),
        ("[1]", True),
        ("1.2", True),
        ("1.2.3.", True),
        ("2.)", True),
        ("(iii)", True),
        ("CV.", True),
        ("①", True),
        ("2006", False),
        ("17%", False),
        ("$5", False),
        ("722,664", False),
        ("15", False),
        ("Paris", False),
        ("No.", False),
        ("Yes.", False),
        ("Civil.", False),
        ("Vic.", False),
        ("12:30", False),
        ("v2", False),
        ("", False),
    ],
)
def test_list_markers_against_bare_answers(text, marker):
    from spacy_ground.pipeline.align import is_list_marker

    assert is_list_marker(text) is marker


def test_an_answer_that_is_only_a_year_is_checked():
    nlp = spacy_ground.load()
    doc = spacy_ground.check(
        nlp,
        "2006",
        ["The Dutch-Belgian series Het Huis Anubis first aired in 2006."],
        question="When did the series first air?",
    )
    assert [s.text for s in doc.spans["ground_sentences"]] == ["2006"]
    g = doc._.grounding
    assert g.verdict != "not_checkable" and g.score is not None
    assert [c["status"] for c in g.claims] == ["grounded"]
    listed = spacy_ground.check(nlp, "Aired in:\n2.\n2006", ["The series first aired in 2006."])
    assert [s.text for s in listed.spans["ground_sentences"]] == ["Aired in:", "2.\n2006"]


@pytest.mark.parametrize(
    "answer,sentences",
    [
        ("5.", ["5."]),
        ("(b)", ["(b)"]),
        ("Xi.", ["Xi."]),
        ("Civil.", ["Civil."]),
        ("The answer is:\n250.", ["The answer is:", "250."]),
        ("[1]\nParis is big.\n[2]\nIt is old.", ["[1]\nParis is big.", "[2]\nIt is old."]),
        ("1.1\nParis.\n1.2\nRome.", ["1.1\nParis.", "1.2\nRome."]),
        ("1.\nParis\n2.\nRome", ["1.\nParis", "2.\nRome"]),
    ],
)
def test_a_marker_joins_what_follows_and_stands_alone_at_the_end(answer, sentences):
    import spacy

    from spacy_ground.pipeline.align import answer_sentences

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    assert [s.text for s in answer_sentences(nlp(answer))] == sentences
