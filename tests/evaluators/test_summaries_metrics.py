"""ROUGE, novel n-grams, length and sentence splitting on summaries with known answers."""

import pytest

from gavel_agent.evaluators.summaries.metrics import length, novel_ngram_ratio, novelty, rouge
from gavel_agent.evaluators.summaries.text import sentences


def test_rouge_is_one_for_identical_text_and_zero_for_disjoint_text():
    text = "The court granted the motion to dismiss."
    same = rouge(text, text)
    assert same.rouge1 == same.rouge2 == same.rougeL == pytest.approx(1.0)
    other = rouge(text, "Zebras graze quietly.")
    assert other.rouge1 == other.rouge2 == other.rougeL == 0.0


def test_rouge_stems_and_rouge2_needs_word_order():
    scores = rouge("plaintiffs challenged rules", "rules challenged plaintiff")
    assert scores.rouge1 == pytest.approx(1.0)  # "plaintiff" matches "plaintiffs" after stemming
    assert scores.rouge2 == 0.0


def test_novel_ngram_ratios_count_what_the_source_never_says():
    source, candidate = "a b x d", "a b c d"
    assert novel_ngram_ratio(candidate, source, 1) == pytest.approx(1 / 4)  # c
    assert novel_ngram_ratio(candidate, source, 2) == pytest.approx(2 / 3)  # b c, c d
    assert novel_ngram_ratio(candidate, source, 4) == 1.0
    assert novel_ngram_ratio("a b", source, 3) == 0.0  # too short to have a trigram
    result = novelty(candidate, source, against="reference summary")
    assert result.against == "reference summary" and result.novel_3gram == 1.0
    assert novel_ngram_ratio(source, source, 3) == 0.0


def test_length_counts_words():
    assert length("On May 5, 2025, G.M.G. filed suit.") == 9


def test_sentences_survive_legal_abbreviations_and_paragraphs():
    text = (
        "On May 5, G.M.G. sued in the U.S. District Court, citing Smith v. Jones, No. 12. "
        "The court granted the TRO!\n\nThe case settled in Jan. 2020. It is closed."
    )
    assert sentences(text) == [
        "On May 5, G.M.G. sued in the U.S. District Court, citing Smith v. Jones, No. 12.",
        "The court granted the TRO!",
        "The case settled in Jan. 2020.",
        "It is closed.",
    ]
