"""Laying out a page from word columns (the text layer's path) gives what laying out word tuples gives."""

from __future__ import annotations

import random

import numpy as np

from gavel_agent.documents.furniture import (
    Word,
    _lines_one_by_one,
    column_lines,
    laid_out,
    laid_out_columns,
)

WIDTH, HEIGHT = 612.0, 792.0


def columns(words: list[Word]) -> tuple[list[str], list[float], list[float], list[float], list[float]]:
    texts, x0, x1, top, bottom = (list(c) for c in zip(*words, strict=True))
    return texts, x0, x1, top, bottom


def by_the_rule(words: list[Word]):
    texts, x0, _, top, bottom = columns(words)
    return _lines_one_by_one(texts, x0, top, bottom, [(t + b) / 2 for t, b in zip(top, bottom, strict=True)])


def jittered_page(seed: int) -> list[Word]:
    """Words on a grid of lines with jittered, overlapping boxes, ties in middle and left edge, and
    some boxes upside down (top below bottom), in shuffled order."""
    rng = random.Random(seed)
    words = []
    for row in range(30):
        y = 72 + 14 * row + rng.choice([0, 0, 3.5, -4])
        for col in range(rng.randint(1, 8)):
            x = 72 + 40 * col + rng.choice([0, 0, 1.5])
            height = rng.choice([12.0, 12.0, 9.0, 20.0, -6.0])
            words.append(Word(f"w{row}.{col}", x, x + 30, y, y + height))
    words += words[:5]  # the same word twice
    rng.shuffle(words)
    return words


def test_lines_from_columns_follow_the_rule_word_by_word():
    for seed in range(40):
        words = jittered_page(seed)
        texts, x0, _, top, bottom = columns(words)
        assert column_lines(texts, np.array(x0), np.array(top), np.array(bottom)) == by_the_rule(words)


def test_a_box_that_is_not_a_number_is_laid_out_word_by_word():
    words = [Word("a", 72, 80, 100, 112), Word("b", float("nan"), 90, 100, 112), Word("c", 72, 80, 130, float("inf"))]
    texts, x0, _, top, bottom = columns(words)
    lines = column_lines(texts, np.array(x0), np.array(top), np.array(bottom))
    assert [line.text for line in lines] == [line.text for line in by_the_rule(words)]
    assert sum(line.word_count for line in lines) == 3


def pleading_page() -> list[Word]:
    words = []
    for n in range(1, 29):
        y = 60 + 24 * n
        words.append(Word(str(n), 50 - 6 * len(str(n)), 50, y, y + 12))
        words.append(Word("text", 100, 124, y, y + 12))
        words.append(Word(f"line{n}", 128, 158, y + 1, y + 13))
    return words


def test_columns_and_word_tuples_lay_a_pleading_page_out_alike():
    words = pleading_page()
    page = laid_out_columns(*columns(words), WIDTH, HEIGHT)
    assert page == laid_out(words, WIDTH, HEIGHT)
    assert page.lines[0].text == "text line1"  # the number column is gone


def test_columns_keep_a_short_list_of_numbers():
    words = pleading_page()[:12]  # four numbers: a list, not a column
    page = laid_out_columns(*columns(words), WIDTH, HEIGHT)
    assert page == laid_out(words, WIDTH, HEIGHT)
    assert page.lines[0].text == "1 text line1"
