"""Page furniture on a laid-out page: pleading-paper line numbers, running headers and footers.

Readers that know where each word sits on the page (a PDF's text layer, OCR) hand their words here;
what is left is the page's own text. Furniture is recognised by where it is and what it is made of,
not by one court's format:

- a pleading-paper column: the numbers 1-28 stacked down the left margin, right-aligned, left of
  the text;
- a running header or footer: a line among the first or last three of a page, in the top or bottom
  band, made only of stamp words ("Case", "Document", "Filed", "Page", "Pg", "of", "DktEntry" ...)
  and tokens with digits (docket numbers, dates, page numbers) — which also catches two CM/ECF
  stamps printed over each other; or, after the first page, a line that recurs (digits aside) at
  the top or bottom of a quarter of the pages, such as a slip opinion's running heads or a short title.
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, partial
from typing import NamedTuple

import numpy as np

from gavel_agent.text.regexes import GARBLED_PAGE_OF_RE, LAID_OUT_PAGE_NUMBER_RE, STAMP_WORDS


class Word(NamedTuple):  # a tuple: a page holds thousands, and a frozen dataclass is slow to build and compare
    text: str
    x0: float
    x1: float
    top: float
    bottom: float


class Line(NamedTuple):
    """A line of a page as furniture and the page's text need it; its words are not kept. A file's
    lines live until its last page is read, and a word each (tens of thousands, tuples the cycle
    collector never stops tracking) kept as long made full collections of the heap the slowest part
    of reading words."""

    text: str  # its words left to right, one space between
    top: float
    bottom: float
    word_count: int


_as_line = partial(tuple.__new__, Line)  # Line._make without its length check


@dataclass(frozen=True)
class Page:
    lines: list[Line]
    width: float
    height: float

    @cached_property
    def edge_lines(self) -> list[int]:
        """Indexes of the lines that may be furniture: the first and last few, inside the bands at the top
        and bottom of the printed area (a slip opinion prints a 6x9 page in the middle of a letter page).
        Kept once worked out: the furniture passes ask for each page's more than once."""
        n = len(self.lines)
        if not n:
            return []
        top, bottom = self.lines[0].top, max(line.bottom for line in self.lines)
        band = EDGE_BAND * max(bottom - top, self.height / 2)
        first = [i for i in range(min(EDGE_LINES, n)) if self.lines[i].top <= top + band]
        last = [i for i in range(max(0, n - EDGE_LINES), n) if self.lines[i].bottom >= bottom - band]
        return sorted(set(first + last))


MAX_LINE_NUMBER = 28  # pleading paper numbers 26 or 28 lines a page
MIN_COLUMN_NUMBERS = 8  # fewer stacked numbers than this is a list, not a column
EDGE_LINES = 3  # headers and footers sit among a page's first or last three lines
EDGE_BAND = 0.12  # ... and within this share of the printed area's height from its top or bottom
RECURRING_SHARE = 0.25  # an edge line on at least this share of the pages (and two) is a running head or foot
_PAGE_N = re.compile(r"page\s+\d{1,5}", re.IGNORECASE)
_TOKEN_EDGES = re.compile(r"^[^\w]+|[^\w]+$")


def drop_line_numbers(words: list[Word], page_width: float) -> list[Word]:
    """The words without a pleading-paper line-number column, when the page has one."""
    if not words:
        return words
    texts, x0, x1, top, bottom = zip(*words, strict=True)
    drop = line_number_column(texts, x0, x1, top, bottom, page_width)
    return [w for i, w in enumerate(words) if i not in drop] if drop else words


def line_number_column(
    texts: Sequence[str],
    x0: Sequence[float],
    x1: Sequence[float],
    top: Sequence[float],
    bottom: Sequence[float],
    page_width: float,
) -> set[int]:
    """The indexes of the words (given column by column) that make a pleading-paper line-number column;
    none when the page has no such column."""
    # isdecimal, not isdigit: a footnote mark "¹" is a digit that int() cannot read.
    left_margin = page_width * 0.25
    numbers = [
        i
        for i, edge in enumerate(x1)
        if edge < left_margin and texts[i].isdecimal() and 1 <= int(texts[i]) <= MAX_LINE_NUMBER
    ]
    if len(numbers) < MIN_COLUMN_NUMBERS:
        return set()
    # The numbers are right-aligned in one column: group them by their right edge.
    by_edge: dict[int, list[int]] = {}
    for i in numbers:
        by_edge.setdefault(round(x1[i] / 4), []).append(i)
    best = max(by_edge.values(), key=len)
    column = best + [
        i for k, group in by_edge.items() if group is not best and abs(k - round(x1[best[0]] / 4)) == 1 for i in group
    ]
    if len(column) < MIN_COLUMN_NUMBERS:
        return set()
    ordered = [int(texts[i]) for i in sorted(column, key=top.__getitem__)]
    rising = sum(b > a for a, b in itertools.pairwise(ordered))
    right_edge = max(x1[i] for i in column)
    # A word the same as a column number in text and box counts as one of them.
    in_column = {(texts[i], x0[i], x1[i], top[i], bottom[i]) for i in column}
    others = [x0[i] for i, word in enumerate(zip(texts, x0, x1, top, bottom, strict=True)) if word not in in_column]
    if rising < 0.8 * (len(ordered) - 1) or not others:
        return set()
    # The column lies left of the text it numbers.
    if statistics.median(others) <= right_edge:
        return set()
    return set(column)


def group_lines(words: list[Word]) -> list[Line]:
    """Words in reading order, grouped into lines: a word whose middle lies within the line's height
    joins it (OCR boxes of "you" and "have" differ in height but share a middle)."""
    if not words:
        return []
    texts, x0, _, top, bottom = zip(*words, strict=True)
    return column_lines(texts, np.array(x0), np.array(top), np.array(bottom))


def column_lines(texts: Sequence[str], left: np.ndarray, top: np.ndarray, bottom: np.ndarray) -> list[Line]:
    """``group_lines`` on words given column by column.

    Reading order sorts by middle, then left edge. A line's first word whose top is above its bottom
    holds its middle, so every later word's middle is at or below that top: the line takes the words
    up to the last middle no lower than the first word's bottom, found for every word at once by a
    binary search; only the lines (not the words) are walked in Python."""
    n = len(texts)
    if not n:
        return []
    middle = (top + bottom) / 2
    if not (np.isfinite(middle).all() and np.isfinite(left).all()):  # NaN has no place in a sort: word by word
        return _lines_one_by_one(texts, left.tolist(), top.tolist(), bottom.tolist(), middle.tolist())
    order = np.lexsort((left, middle))
    middle, top, bottom, left = middle[order], top[order], bottom[order], left[order]
    ends = np.where(top <= bottom, np.searchsorted(middle, bottom, "right"), np.arange(1, n + 1)).tolist()
    starts = []
    i = 0
    while i < n:
        starts.append(i)
        i = ends[i]
    sizes = np.diff(np.append(starts, n))
    line_of = np.repeat(np.arange(len(starts)), sizes)
    ordered = [texts[i] for i in order[np.lexsort((left, line_of))].tolist()]  # each line left to right
    return list(
        map(
            _as_line,
            zip(
                [" ".join(ordered[a:b]) for a, b in itertools.pairwise([*starts, n])],
                np.minimum.reduceat(top, starts).tolist(),
                np.maximum.reduceat(bottom, starts).tolist(),
                sizes.tolist(),
                strict=True,
            ),
        )
    )


def _lines_one_by_one(
    texts: Sequence[str], left: list[float], top: list[float], bottom: list[float], middle: list[float]
) -> list[Line]:
    """The rule as written: each word in reading order joins the line whose first word's height holds its middle."""
    lines: list[list[int]] = []
    line: list[int] = []
    line_top = line_bottom = 0.0  # of the current line's first word
    for i in sorted(range(len(texts)), key=list(zip(middle, left, strict=True)).__getitem__):
        if line and line_top <= middle[i] <= line_bottom:
            line.append(i)
        else:
            line, line_top, line_bottom = [i], top[i], bottom[i]
            lines.append(line)
    return [
        Line(
            " ".join(texts[i] for i in sorted(words, key=left.__getitem__)),
            min(top[i] for i in words),
            max(bottom[i] for i in words),
            len(words),
        )
        for words in lines
    ]


def laid_out(words: list[Word], width: float, height: float) -> Page:
    """A page from its words: the line-number column dropped, the rest in lines."""
    return Page(group_lines(drop_line_numbers(words, width)), width, height)


def laid_out_columns(
    texts: list[str],
    x0: list[float],
    x1: list[float],
    top: list[float],
    bottom: list[float],
    width: float,
    height: float,
) -> Page:
    """``laid_out`` on words given column by column (a text layer's: no word tuples to build)."""
    drop = line_number_column(texts, x0, x1, top, bottom, width)
    left, upper, lower = np.array(x0), np.array(top), np.array(bottom)
    if drop:
        kept = np.ones(len(texts), dtype=bool)
        kept[list(drop)] = False
        texts = [text for text, keep in zip(texts, kept.tolist(), strict=True) if keep]
        left, upper, lower = left[kept], upper[kept], lower[kept]
    return Page(column_lines(texts, left, upper, lower), width, height)


def _is_stamp(text: str) -> bool:
    """A CM/ECF stamp or a page number: only stamp words and tokens with digits."""
    if LAID_OUT_PAGE_NUMBER_RE.match(text) or GARBLED_PAGE_OF_RE.search(text) or _PAGE_N.fullmatch(text.strip()):
        return True
    stamp_word = digits = False
    for token in text.split():
        token = _TOKEN_EDGES.sub("", token).lower()
        if not token:
            continue
        is_word, has_digit = token in STAMP_WORDS, any(map(str.isdigit, token))
        if not (is_word or has_digit):
            return False  # most edge lines are the text's own: the first plain word settles it
        stamp_word, digits = stamp_word or is_word, digits or has_digit
    return stamp_word and digits


def _shape(text: str) -> str:
    return re.sub(r"\d+", "#", " ".join(text.lower().split()))


def strip_furniture(pages: list[Page]) -> list[list[Line]]:
    """Each page's lines without running headers, footers and page numbers."""
    recurring: set[str] = set()
    if len(pages) >= 2:
        # A slip opinion alternates two running heads ("2 TARRANT ... v. HERRMANN", "Cite as: 569 U. S.
        # ____ (2013) 3"): each is on half the pages, so a quarter of them is enough.
        counts = Counter(s for p in pages for s in {_shape(p.lines[i].text) for i in p.edge_lines})
        recurring = {s for s, c in counts.items() if c >= max(2, RECURRING_SHARE * len(pages)) and len(s) >= 3}
    out = []
    for number, page in enumerate(pages, 1):
        # A first page's top is its caption: the docket number and citation a running head repeats
        # later ("No. 363A14-4", "2022-NCSC-1") are the document's own there, so only stamps go.
        drop = {
            i
            for i in page.edge_lines
            if _is_stamp(page.lines[i].text) or (number > 1 and _shape(page.lines[i].text) in recurring)
        }
        out.append([line for i, line in enumerate(page.lines) if i not in drop])
    return out


def first_stamp(pages: list[Page]) -> str:
    """The first page's filing stamp ("Case 1:25-cv-01266-TNM Document 30 Filed 07/21/25 Page 1 of 48"):
    furniture the text leaves out, yet the line that says which paper of which case this is."""
    for page in pages[:1]:
        for i in page.edge_lines:
            text = page.lines[i].text
            if _is_stamp(text) and re.search(r"[A-Za-z]{4}", text):
                return text
    return ""


def page_text(lines: list[Line]) -> str:
    """A page's text: one line of text per line on the page."""
    return "\n".join(line.text for line in lines)
