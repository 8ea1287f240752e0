"""Characters with boxes into words: the page-at-once judgement against the rule, one character at a time."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gavel_agent.documents.char_words import Chars, Spans, _run_words, word_spans


def chars(*boxes: tuple[int, float, float, float, float]) -> Chars:
    """Chars from (text index, left, top, right, bottom) rows."""
    at, left, top, right, bottom = zip(*boxes, strict=True)
    return Chars(np.array(at), *(np.array(v, dtype=float) for v in (left, top, right, bottom)))


def letters(start: int, x: float, top: float, n: int, width: float = 6.0, height: float = 12.0) -> list:
    return [(start + i, x + i * width, top, x + (i + 1) * width, top + height) for i in range(n)]


def words_of(spans: Spans) -> list[tuple[int, int]]:
    return list(zip(spans.start, spans.end, strict=True))


def one_at_a_time(c: Chars) -> list[tuple]:
    """The rule as written, over each run of characters between spaces."""
    runs = np.flatnonzero(np.r_[True, c.at[1:] != c.at[:-1] + 1])
    bounds = [*runs.tolist(), len(c.at)]
    out = []
    for a, b in zip(bounds, bounds[1:], strict=False):
        out += _run_words(*(v[a:b].tolist() for v in (c.at, c.left, c.top, c.right, c.bottom)))
    return out


def test_spaces_gaps_new_lines_and_steps_back_end_words():
    page = chars(
        *letters(0, 72, 100, 3),  # "abc"
        *letters(4, 100, 100, 2),  # a space at 3: "de"
        *letters(6, 200, 100, 2),  # no space, but a gap of 88 points: "fg"
        *letters(8, 72, 130, 2),  # no space, but the next line: "hi"
        *letters(10, 40, 130, 2),  # no space, but back left of the word: "jk"
    )
    spans = word_spans(page)
    assert words_of(spans) == [(0, 3), (4, 6), (6, 8), (8, 10), (10, 12)]
    assert (spans.x0[0], spans.x1[0], spans.top[0], spans.bottom[0]) == (72, 90, 100, 112)


def test_small_capitals_stay_one_word():
    # "Gift": a capital, then letters two points lower and smaller; each is lower than the one before or level.
    page = chars((0, 72, 100, 80, 112), *letters(1, 80, 102, 3, height=9))
    spans = word_spans(page)
    assert words_of(spans) == [(0, 4)]
    assert (spans.top[0], spans.bottom[0]) == (100, 112)


def test_a_word_is_judged_by_its_highest_top_not_its_last_letter():
    # Each letter sits 1.5 points below the one before: within half a height of its neighbour, but the
    # fourth is 4.5 below the word's top, over half its 8-point height: there a new word starts.
    page = chars(*[(i, 72 + 6 * i, 100 + 1.5 * i, 78 + 6 * i, 108 + 1.5 * i) for i in range(6)])
    assert words_of(word_spans(page)) == [(0, 3), (3, 6)]
    assert words_of(word_spans(page)) == [(a, b) for a, b, *_ in one_at_a_time(page)]


def test_an_empty_page_has_no_words():
    empty = Chars(*(np.zeros(0) for _ in range(5)))
    assert word_spans(empty) == Spans([], [], [], [], [], [])


@pytest.mark.parametrize("seed", range(40))
def test_random_pages_agree_with_the_rule_one_character_at_a_time(seed):
    rng = random.Random(seed)
    rows, at, x, y = [], 0, 72.0, 100.0
    for _ in range(rng.randint(1, 400)):
        if rng.random() < 0.15:
            at += 1  # a space
        if rng.random() < 0.05:
            x, y = 72.0, y + rng.choice([14.0, 3.0, 0.0])  # a new line, a small step down, or overprinting
        height = rng.choice([12.0, 12.0, 9.0, 0.5])
        width = rng.choice([6.0, 3.0, 0.0])
        top = y + rng.choice([0.0, 0.0, 1.5, 3.0, -2.0])
        left = x + rng.choice([0.0, 0.0, 4.0, -5.0, 30.0])
        rows.append((at, left, top, left + width, top + height))
        at, x = at + 1, left + width
    if seed % 10 == 9:  # a page whose boxes are not all numbers is judged one character at a time
        i = rng.randrange(len(rows))
        rows[i] = (rows[i][0], float("nan"), *rows[i][2:])
    page = chars(*rows)
    expected = one_at_a_time(page)
    got = list(zip(*word_spans(page), strict=True))
    assert len(got) == len(expected)
    for g, e in zip(got, expected, strict=True):
        assert g[:2] == e[:2]
        assert np.array_equal(g[2:], e[2:], equal_nan=True)
