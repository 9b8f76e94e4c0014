"""Bad input through the whole default pipeline: every case has a defined outcome (a verdict,
or not_checkable with a reason, or a clear TypeError) and never a crash, a NaN or a default score."""

import json
import math

import pytest
import spacy

import spacy_ground

SOURCE = "Revenue was $2,847 million in 2024. The company is based in Oslo and employs 400 people."
DEEP = "[" * 5000 + "]" * 5000


@pytest.fixture(scope="module")
def nlp():
    return spacy_ground.load()


def assert_defined(doc):
    g = doc._.grounding
    record = json.loads(json.dumps(g.to_dict(), allow_nan=False))  # plain data, no NaN or infinity
    assert g.verdict in ("supported", "unsupported", "contradicted", "not_checkable")
    assert g.action in ("pass", "flag", "block")
    if g.verdict == "not_checkable":
        assert g.score is None and g.reasons and g.reasons[0]
    else:
        assert isinstance(g.score, float) and math.isfinite(g.score) and 0.0 <= g.score <= 1.0
    for claim in doc.spans["ground_claims"]:
        v = claim._.claim.get("value")
        assert v is None or isinstance(v, str) or math.isfinite(v)
    return record


@pytest.mark.parametrize(
    "answer,sources,expected",
    [
        ("", [SOURCE], "not_checkable"),
        ("   \n\t ", [SOURCE], "not_checkable"),
        ("Revenue was $2.85 billion.", [], "not_checkable"),
        ("Revenue was $2.85 billion.", None, "not_checkable"),
        ("Revenue was $2.85 billion.", ["", "   "], "not_checkable"),
        ("I'm sorry, the passages do not say what the revenue was.", [SOURCE], "not_checkable"),
        (SOURCE, [SOURCE], None),
        ("Der Umsatz betrug 2,85 Milliarden Dollar.", [SOURCE], None),
        ("収益は28億ドルでした。", [SOURCE], None),
        ("Revenue was $2.85 billion.", ["収益は28億ドルでした。"], None),
        ("Revenue\x00 was\x07 $2.85\x1b billion.", [SOURCE], None),
        ("Revenue was \ud800 $2.85 billion.", [SOURCE + "\udfff"], None),
        ("Reve\u200bnue was $2.85\u200d billion \U0001f4b0\U0001f680.", [SOURCE], None),
        ("word " * 1000, [SOURCE], None),
        ("Revenue was 1e309 dollars, NaN percent, infinity and inf people.", [SOURCE], None),
        ("The code was 0x1F and the list 1,2,3 had three items.", [SOURCE], None),
        ("It happened on 31 February 2023 and on the 45th of May.", [SOURCE], None),
        ("Revenue was $2.85 billion.", ['{"revenue": "2,847 million", "truncated": '], None),
        ("Revenue was $2.85 billion.", [DEEP], None),
        ("Revenue was $2.85 billion.", [{"a": {"b": {"c": [1, 2, {"d": None}]}}}], None),
        ("Revenue was $2.85 billion.", [12345, 2.5, True, None], None),
    ],
)
def test_defined_outcome(nlp, answer, sources, expected):
    doc = spacy_ground.check(nlp, answer, sources)
    assert_defined(doc)
    if expected:
        assert doc._.grounding.verdict == expected


def test_answer_identical_to_source_is_supported(nlp):
    g = spacy_ground.check(nlp, SOURCE, [SOURCE])._.grounding
    assert g.verdict == "supported" and g.action == "pass"


@pytest.mark.parametrize(
    "answer, not_checkable",
    [
        ("该公司营收为28.5亿美元，增长12%。", True),
        ("Выручка компании составила 2,85 млрд долларов.", True),
        ("Revenue was $2.85 billion (收入), up 12%.", False),  # a word of another script in English
        ("The café in Zürich opened in 2019.", False),  # accents are Latin letters
    ],
)
def test_an_answer_in_another_script_is_not_checkable(nlp, answer, not_checkable):
    g = spacy_ground.check(nlp, answer, ["Revenue was $2,847 million, up 15% from 2023."])._.grounding
    assert (g.verdict == "not_checkable") is not_checkable
    if not_checkable:
        assert g.score is None and "script" in g.reasons[0]


@pytest.mark.parametrize(
    "answer, language",
    [
        (
            "Der Umsatz des Unternehmens stieg im Jahr 2024 auf 3,9 Mrd. Euro und ist damit höher als erwartet.",
            "German",
        ),
        (
            "Le chiffre d'affaires de la société a atteint 3,9 milliards d'euros en 2024, ce qui est plus que prévu.",
            "French",
        ),
        ("Los ingresos de la empresa fueron de 3.900 millones de euros en 2024, más de lo que se esperaba.", "Spanish"),
        (
            "Il fatturato della società è stato di 3,9 miliardi di euro nel 2024, più del previsto per l'anno.",
            "Italian",
        ),
        ("De omzet van het bedrijf steeg in 2024 naar 3,9 miljard euro en is daarmee hoger dan verwacht.", "Dutch"),
        ("A receita da empresa foi de 3,9 bilhões de euros em 2024, mais do que o esperado para o ano.", "Portuguese"),
        # English, though it names places and dishes in other languages
        ("El Pollo Loco is a Mexican restaurant in Los Angeles that serves tacos and burritos.", None),
        ("Les Misérables is a musical that has been performed in many cities, including Paris.", None),
        ("The Café de la Paix in Paris serves coq au vin and crème brûlée to its guests.", None),
        ("Monday: 11:00 AM - 9:00 PM. Tuesday: 11:00 AM - 9:00 PM. Wednesday: closed.", None),  # a list, not prose
        # names and titles in other languages, in lists with hardly an English word (a review's cases)
        ("Cities mentioned: Los Angeles, Las Vegas, El Paso, San Francisco and Santa Fe.", None),
        ("Directed by Guillermo del Toro, El laberinto del fauno won three Oscars in 2007.", None),
        ("Pablo Neruda wrote Veinte poemas de amor y una canción desesperada in 1924.", None),
        ("Dishes listed: pollo con arroz, sopa de lima, huevos con chorizo, arroz con leche.", None),
        ("Filmography: Todo sobre mi madre (1999), Hable con ella (2002), Volver (2006), Dolor y gloria (2019).", None),
        ("Headline reads: 'Le Monde: La France en deuil' — published 14 November 2015.", None),
        ("Surnames like van der Berg, de Jong, van Dijk, de Vries are common Dutch names.", None),
        (
            "Die Firma hat ihren Sitz in Berlin und beschäftigt rund 400 Mitarbeiter, die meisten davon in der Produktion.",
            "German",
        ),
        ("Revenue rose.", None),  # too short to tell
    ],
)
def test_an_answer_in_another_language_in_latin_letters_is_not_checkable(nlp, answer, language):
    g = spacy_ground.check(
        nlp, answer, ["Der Umsatz stieg 2024 auf 2,85 Mrd. Euro. Revenue was $2,847 million."]
    )._.grounding
    assert (g.verdict == "not_checkable") is (language is not None)
    if language:
        assert g.score is None and g.reasons[0].startswith(f"the answer reads as {language}, not English")


def test_refusal_reason(nlp):
    g = spacy_ground.check(nlp, "I'm sorry, the passages do not say.", [SOURCE])._.grounding
    assert "declines" in g.reasons[0]


@pytest.mark.parametrize(
    "answer,sources,question",
    [
        (None, [SOURCE], None),
        (42, [SOURCE], None),
        (b"bytes", [SOURCE], None),
        ("ok", [SOURCE], 3),
    ],
)
def test_non_strings_raise_a_clear_type_error(nlp, answer, sources, question):
    with pytest.raises(TypeError, match="must be a string"):
        spacy_ground.check(nlp, answer, sources, question)


@pytest.mark.parametrize(
    "sources, message",
    [
        (5, "must be a list"),
        (b"Revenue was $5.", "not bytes"),
        ([b"Revenue was $5."], "not bytes"),
        ({"Revenue was $5."}, "not a set"),
    ],
)
def test_bad_sources_raise_a_clear_type_error(nlp, sources, message):
    with pytest.raises(TypeError, match=message):
        spacy_ground.check(nlp, "Revenue was $5.", sources)


def test_verdict_before_the_other_components_is_a_clear_error():
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("ground_verdict", config={"require_entailment": False})
    nlp.add_pipe("ground_claims")
    nlp.add_pipe("ground_numeric")
    with pytest.raises(ValueError, match="needs ground_claims and ground_numeric before it"):
        spacy_ground.check(nlp, "Revenue was $5.", ["Revenue was $5."])


def test_cli_rejects_a_record_without_an_answer(tmp_path, capsys):
    from spacy_ground.__main__ import main

    rec = tmp_path / "r.json"
    rec.write_text(json.dumps({"answer": None, "sources": [SOURCE]}))
    assert main(["check", "--record", str(rec)]) == 2
    assert "error" in capsys.readouterr().err


@pytest.mark.parametrize(
    "pipe, config, message",
    [
        ("ground_verdict", {"flag_threshold": "0.3", "require_entailment": False}, "flag_threshold must be a number"),
        (
            "ground_verdict",
            {"flag_threshold": 0.9, "block_threshold": 0.5, "require_entailment": False},
            "flag_threshold = 0.9, block_threshold = 0.5",
        ),
        ("ground_claims", {"max_source_chars": -1}, "max_source_chars must be an integer >= 1"),
        ("ground_claims", {"source_cache_size": -5}, "source_cache_size must be an integer >= 0"),
    ],
)
def test_bad_component_settings_are_refused_when_added(pipe, config, message):
    nlp = spacy.blank("en")
    with pytest.raises(ValueError, match=message):
        nlp.add_pipe(pipe, config=config)


def test_a_record_nested_deeper_than_it_reads_is_no_crash():
    deep = {"revenue": "$5 million"}
    for _ in range(2000):
        deep = {"x": deep}
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    doc = spacy_ground.check(nlp, "Revenue was $5 million.", [deep, {"name": "Finch"}])
    assert doc._.numeric_grounding["n_claims"] == 1


@pytest.mark.parametrize(
    "record,answer,flagged",
    [
        # a two-field record under a long answer: the length ratio is far outside anything the
        # verdict was fit on; extrapolated, it read as strong evidence of support (p 0.09)
        (
            {"name": "Acme Cafe", "city": "Boston", "stars": 4.5},
            "Acme Cafe in Boston is a family-run bakery founded in 1952 by Italian immigrants. "
            "It is famous for its cannoli and live jazz on weekends.",
            True,
        ),
        ({"name": "Acme Cafe", "city": "Boston"}, "Acme Cafe is a cafe in Boston.", False),
    ],
)
def test_inputs_unlike_the_train_answers_are_not_extrapolated(nlp, record, answer, flagged):
    g = spacy_ground.check(nlp, answer, sources=[json.dumps(record)])._.grounding
    assert (g.action != "pass") is flagged, (g.score, g.reasons)


def test_load_refuses_to_exclude_a_component_it_does_not_know():
    with pytest.raises(ValueError, match="no component named 'ground_verdcit'"):
        spacy_ground.load(exclude=["ground_verdcit"])
    assert "ground_verdict" not in spacy_ground.load(exclude="ground_verdict").pipe_names  # one name as a string
    rules = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    assert rules.pipe_names == ["sentencizer", "ground_claims", "ground_numeric"]


@pytest.mark.filterwarnings("ignore:ground_entail. the claims")  # no ground_numeric: entail says so too
def test_verdict_without_numeric_grounding_is_a_clear_error():
    nlp = spacy_ground.load(exclude=["ground_numeric"])
    with pytest.raises(ValueError, match="needs ground_claims and ground_numeric before it"):
        spacy_ground.check(nlp, "Revenue was $5.", ["Revenue was $5."])


def test_a_feature_that_is_not_a_number_gives_not_checkable(nlp, monkeypatch):
    from spacy_ground.pipeline import verdict

    real = verdict.answer_features
    monkeypatch.setattr(verdict, "answer_features", lambda doc, key: {**real(doc, key), "absent_words": float("nan")})
    g = spacy_ground.check(nlp, "Revenue was $2.85 billion in 2024.", [SOURCE])._.grounding
    assert g.verdict == "not_checkable" and g.score is None
    assert "absent_words could not be computed" in g.reasons[0]
    assert_defined(spacy_ground.check(nlp, "Revenue was $2.85 billion in 2024.", [SOURCE]))
    # evaluate and nlp.evaluate rank it all the same: the feature counts as its train mean
    doc = spacy_ground.check(nlp, "Revenue was $2.85 billion in 2024.", [SOURCE])
    rank = nlp.get_pipe("ground_verdict").rank_score(doc)
    assert math.isfinite(rank) and 0.0 <= rank <= 1.0
    monkeypatch.setattr(verdict, "answer_features", lambda doc, key: {**real(doc, key), "absent_words": float("inf")})
    assert math.isfinite(nlp.get_pipe("ground_verdict").rank_score(doc))


def test_load_without_exclusions():
    assert spacy_ground.load(exclude=None).pipe_names[-1] == "ground_verdict"
