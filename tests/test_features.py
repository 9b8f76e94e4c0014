"""The verdict's word features read accented words alike however they are encoded."""

import unicodedata

import pytest

from spacy_ground.fusion.features import absent_word_counts, new_names, seed_signals
from spacy_ground.sources.words import content_words, fold_accents

NFC = unicodedata.normalize("NFC", "The café in Zürich serves crème brûlée.")
NFD = unicodedata.normalize("NFD", NFC)


@pytest.mark.parametrize(
    "text,expected",
    [
        ("Zurich", "Zurich"),
        ("Zürich", "Zurich"),
        (unicodedata.normalize("NFD", "Zürich"), "Zurich"),
        ("crème brûlée", "creme brulee"),
        ("ﬁnal", "final"),  # a ligature
        ("ＡＢＣ １２３", "ABC 123"),  # full-width forms
        ("Ørsted", "Orsted"),  # letters with no decomposition, from a table
        ("Straße", "Strasse"),
        ("Œuvre, Łódź, Þór", "OEuvre, Lodz, Thor"),
        ("中文", "中文"),  # other scripts as they are
        ("", ""),
    ],
)
def test_fold_accents(text, expected):
    assert fold_accents(text) == expected


def test_content_words_are_the_same_in_any_normal_form():
    assert NFC != NFD
    assert content_words(NFC) == content_words(NFD) == content_words("The cafe in Zurich serves creme brulee.")
    assert "zurich" in content_words(NFD)


@pytest.mark.parametrize("answer,source", [(NFD, NFC), (NFC, NFD), ("The cafe in Zurich serves creme brulee.", NFC)])
def test_no_absent_words_or_new_names_across_normal_forms(answer, source):
    assert absent_word_counts(answer, [source])[0] == 0
    assert new_names(answer, [source]) == 0.0
    assert seed_signals(answer, [source], None)["unknown_word_rate"] == 0.0


def test_a_different_word_is_still_absent():
    assert absent_word_counts("The café in Geneva serves crème brûlée.", [NFC]) == (1, 5)
