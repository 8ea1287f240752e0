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
from dataclasses import dataclass
from functools import cached_property
from operator import itemgetter
from typing import NamedTuple

from gavel_agent.text.regexes import GARBLED_PAGE_OF_RE, LAID_OUT_PAGE_NUMBER_RE, STAMP_WORDS


class Word(NamedTuple):  # a tuple: a page holds thousands, and a frozen dataclass is slow to build and compare
    text: str
    x0: float
    x1: float
    top: float
    bottom: float


# A Word's fields by position: itemgetter reads a tuple faster than attrgetter reads a named field.
_TEXT, _LEFT_EDGE, _TOP, _BOTTOM = (itemgetter(Word._fields.index(name)) for name in ("text", "x0", "top", "bottom"))


class Line(NamedTuple):
    """A line of a page as furniture and the page's text need it; its words are not kept. A file's
    lines live until its last page is read, and a word each (tens of thousands, tuples the cycle
    collector never stops tracking) kept as long made full collections of the heap the slowest part
    of reading words."""

    text: str  # its words left to right, one space between
    top: float
    bottom: float
    word_count: int


def _line(words: list[Word]) -> Line:
    words.sort(key=_LEFT_EDGE)
    return Line(" ".join(map(_TEXT, words)), min(map(_TOP, words)), max(map(_BOTTOM, words)), len(words))


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
    # isdecimal, not isdigit: a footnote mark "¹" is a digit that int() cannot read.
    left_margin = page_width * 0.25
    numbers = [w for w in words if w.x1 < left_margin and w.text.isdecimal() and 1 <= int(w.text) <= MAX_LINE_NUMBER]
    if len(numbers) < MIN_COLUMN_NUMBERS:
        return words
    # The numbers are right-aligned in one column: group them by their right edge.
    by_edge: dict[int, list[Word]] = {}
    for w in numbers:
        by_edge.setdefault(round(w.x1 / 4), []).append(w)
    best = max(by_edge.values(), key=len)
    column = best + [
        w for k, group in by_edge.items() if group is not best and abs(k - round(best[0].x1 / 4)) == 1 for w in group
    ]
    if len(column) < MIN_COLUMN_NUMBERS:
        return words
    ordered = [int(w.text) for w in sorted(column, key=lambda w: w.top)]
    rising = sum(b > a for a, b in itertools.pairwise(ordered))
    right_edge = max(w.x1 for w in column)
    in_column = set(column)
    others = [w for w in words if w not in in_column]
    if rising < 0.8 * (len(ordered) - 1) or not others:
        return words
    # The column lies left of the text it numbers.
    if statistics.median(w.x0 for w in others) <= right_edge:
        return words
    drop = set(map(id, column))
    return [w for w in words if id(w) not in drop]


def group_lines(words: list[Word]) -> list[Line]:
    """Words in reading order, grouped into lines: a word whose middle lies within the line's height
    joins it (OCR boxes of "you" and "have" differ in height but share a middle)."""
    middles = [(w.top + w.bottom) / 2 for w in words]
    reading_order = list(zip(middles, map(_LEFT_EDGE, words)))
    lines: list[list[Word]] = []
    line: list[Word] = []
    top = bottom = 0.0  # of the current line's first word
    for i in sorted(range(len(words)), key=reading_order.__getitem__):
        if line and top <= middles[i] <= bottom:
            line.append(words[i])
        else:
            w = words[i]
            line, top, bottom = [w], w.top, w.bottom
            lines.append(line)
    return list(map(_line, lines))


def laid_out(words: list[Word], width: float, height: float) -> Page:
    """A page from its words: the line-number column dropped, the rest in lines."""
    return Page(group_lines(drop_line_numbers(words, width)), width, height)


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
