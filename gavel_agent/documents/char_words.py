"""A page's characters, with their boxes, grouped into words, a whole page at a time.

A word ends at a space, and also where the text layer marked none: where a character's top moves
by over half its height from the word's (a new line), where it starts more than half its height
left of the word's right edge (a step back), or more than 0.3 of its height right of it (a gap).

The rule compares each character with the word built so far: its highest top and its rightmost
edge. Where a word's tops never drop and its right edges never step back, those are the top and
right edge of the character before, so numpy can judge every character of a page at once against
its neighbour. A run of characters between spaces where that does not hold (small capitals, a
glyph drawn over the one before) is judged one character at a time by ``_run_words``, the rule as
written; so are all runs of a page whose boxes are not finite numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

NEW_LINE = 0.5  # a top this many character heights from the word's starts a new word
STEP_BACK = 0.5  # ... as does a left edge this many heights left of the word's right edge
GAP = 0.3  # ... or this many heights right of it
MIN_HEIGHT = 1.0  # a character box flatter than this counts as this high


@dataclass(frozen=True)
class Chars:
    """The characters of a page that are not spaces, in text order, and their boxes (y grows down)."""

    at: np.ndarray  # each one's index in the page's text
    left: np.ndarray
    top: np.ndarray
    right: np.ndarray
    bottom: np.ndarray


Span = tuple[int, int, float, float, float, float]  # text[start:end], x0, x1, top, bottom


class Spans(NamedTuple):
    """The words of a page, column by column: word ``i`` is ``text[start[i]:end[i]]`` in its box."""

    start: list[int]
    end: list[int]
    x0: list[float]
    x1: list[float]
    top: list[float]
    bottom: list[float]


def word_spans(chars: Chars) -> Spans:
    """The page's words, in text order."""
    n = len(chars.at)
    if not n:
        return Spans([], [], [], [], [], [])
    run_starts = np.ones(n, dtype=bool)
    run_starts[1:] = chars.at[1:] != chars.at[:-1] + 1  # a space (or the page's start) came before
    runs = np.flatnonzero(run_starts)
    boxes = (chars.left, chars.top, chars.right, chars.bottom)
    if not all(np.isfinite(b).all() for b in boxes):
        return _columns([w for run in range(len(runs)) for w in _words_of_run(chars, runs, run)])
    left, top, right, bottom = boxes
    height = np.maximum(bottom - top, MIN_HEIGHT)[1:]

    def starts_after(word_right: np.ndarray, word_top: np.ndarray) -> np.ndarray:
        """Where words start, given each character's word so far (right edge, top) ending at it."""
        starts = run_starts.copy()
        starts[1:] |= (
            (np.abs(top[1:] - word_top[:-1]) > NEW_LINE * height)
            | (left[1:] < word_right[:-1] - STEP_BACK * height)
            | (left[1:] - word_right[:-1] > GAP * height)
        )
        return starts

    starts = starts_after(right, top)
    wrong = np.zeros(0, dtype=np.intp)
    doubted = ~starts[1:] & ((right[1:] < right[:-1]) | (top[1:] > top[:-1]))
    if doubted.any():
        # The neighbour stood in for a word that was higher or reached further right: judge again
        # against each such word's true top and right edge so far; where a start moves, redo its run.
        word = np.cumsum(starts) - 1
        in_doubt = _marked(word[1:][doubted], word)
        word_right, word_top = right.copy(), top.copy()
        word_right[in_doubt] = _running_max(right[in_doubt], word[in_doubt])
        word_top[in_doubt] = -_running_max(-top[in_doubt], word[in_doubt])
        wrong = np.flatnonzero(starts_after(word_right, word_top) != starts)
    first = np.flatnonzero(starts)
    spans = Spans(
        chars.at[first].tolist(),
        (chars.at[np.append(first[1:], n) - 1] + 1).tolist(),
        left[first].tolist(),
        np.maximum.reduceat(right, first).tolist(),
        np.minimum.reduceat(top, first).tolist(),
        np.maximum.reduceat(bottom, first).tolist(),
    )
    if not len(wrong):
        return spans
    run_of = np.cumsum(run_starts) - 1
    redo = np.unique(run_of[wrong])
    kept = (~_marked(redo, run_of[first])).tolist()
    rows = [row for row, keep in zip(zip(*spans), kept, strict=True) if keep]
    for run in redo.tolist():
        rows += _words_of_run(chars, runs, run)
    rows.sort()
    return _columns(rows)


def _marked(chosen: np.ndarray, numbers: np.ndarray) -> np.ndarray:
    """Which of ``numbers`` (small non-negative ints) are among ``chosen``."""
    mark = np.zeros(int(numbers.max()) + 1, dtype=bool)
    mark[chosen] = True
    return mark[numbers]


def _columns(rows: list[Span]) -> Spans:
    return Spans(*(list(column) for column in zip(*rows))) if rows else Spans([], [], [], [], [], [])


def _running_max(values: np.ndarray, group: np.ndarray) -> np.ndarray:
    """The largest of ``values`` so far within each run of equal, rising ``group`` numbers."""
    distinct, rank = np.unique(values, return_inverse=True)
    offset = group * len(distinct)  # every group's ranks above all earlier groups': the maximum restarts
    return distinct[np.maximum.accumulate(offset + rank) - offset]


def _words_of_run(chars: Chars, runs: np.ndarray, run: int) -> list[Span]:
    a = int(runs[run])
    b = int(runs[run + 1]) if run + 1 < len(runs) else len(chars.at)
    return _run_words(*(v[a:b].tolist() for v in (chars.at, chars.left, chars.top, chars.right, chars.bottom)))


def _run_words(
    at: list[int], left: list[float], top: list[float], right: list[float], bottom: list[float]
) -> list[Span]:
    """The words of one run of characters between spaces, judged one character at a time."""
    words: list[Span] = []
    start, x0, x1, top0, bottom0 = at[0], left[0], right[0], top[0], bottom[0]
    for i in range(1, len(at)):
        height = bottom[i] - top[i] if bottom[i] - top[i] > MIN_HEIGHT else MIN_HEIGHT
        if abs(top[i] - top0) > NEW_LINE * height or left[i] < x1 - STEP_BACK * height or left[i] - x1 > GAP * height:
            words.append((start, at[i - 1] + 1, x0, x1, top0, bottom0))
            start, x0, x1, top0, bottom0 = at[i], left[i], right[i], top[i], bottom[i]
            continue
        if right[i] > x1:
            x1 = right[i]
        if top[i] < top0:
            top0 = top[i]
        if bottom[i] > bottom0:
            bottom0 = bottom[i]
    words.append((start, at[-1] + 1, x0, x1, top0, bottom0))
    return words
