"""Footnotes in court filings: the markers in running text and the notes at the foot of a page.

A model quoting a sentence leaves out what a reader's eye skips: the superscript marker glued to a word
("overcrowded.3  Both" is quoted "overcrowded. Both") and, for a sentence that runs over a page break,
the footnotes printed at the foot of the page before the break. Quote alignment can leave both out of
a document's key (tools/quotes.py), as it does page headers and page numbers (gavel_agent/text/pages.py).
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache

from gavel_agent.text import pages

# A marker: one to three digits glued to the end of a word of three letters or more ("authorized7 to"),
# or to closing punctuation before a new sentence or line ("overcrowded.3  Both"); never after a digit,
# so 1.5 and 1,000 keep theirs, and never before a lower-case word after a point ("No.5 is dismissed").
_MARKER = re.compile(
    r"(?<=[a-z][a-z][a-z])\d{1,3}(?=[ \t\n]|$)"
    r"|(?<=[.,;:)\]\u201d\"\u2019'])(?<![0-9][.,])\d{1,3}(?=[ \t]*(?:\n|$)|[ \t]+[A-Z\u201c\"\u2018(])"
)
# The first line of a footnote: its number, then the note's first word (capitalised or opening a
# quotation or parenthesis). Numbered paragraphs ("13.  The ...") have a period and do not match.
_NOTE_START = re.compile(r"^[ \t]*(\d{1,3})[ \t]*[A-Z\u201c\"\u2018(]", re.MULTILINE)
_NOTE_LINES = 14  # lines above a page break searched for the first note
_NOTE_CHARS = 2500  # nor further than this above it
_MARKER_DISTANCE = 8000  # a note's marker is this close above the note


@lru_cache(maxsize=64)
def markers(text: str) -> tuple[tuple[int, int], ...]:
    """Character spans of footnote markers in running text."""
    return tuple(m.span() for m in _MARKER.finditer(text))


def _page_breaks(text: str) -> list[int]:
    breaks = {m.start() for m in re.finditer("\f", text)}
    breaks.update(start for start, _ in pages.furniture(text))
    return sorted(breaks)


@lru_cache(maxsize=64)
def blocks(text: str) -> tuple[tuple[int, int], ...]:
    """Character spans of footnote blocks: from a note's first line to the page break below it.

    A line counts as a note's first line only when its number is also a marker in the text above
    it, so a line that merely opens with a number stays part of the page.
    """
    found: list[tuple[int, int]] = []
    marked = markers(text)
    marker_starts = [s for s, _ in marked]
    last_end = 0
    for brk in _page_breaks(text):
        floor, end, start = max(last_end, brk - _NOTE_CHARS), brk, None
        for _ in range(_NOTE_LINES):
            if end <= floor:
                break
            line_start = max(floor, text.rfind("\n", floor, end - 1) + 1)
            note = _NOTE_START.match(text, line_start, end)
            if note:
                number = note.group(1)
                first = bisect.bisect_left(marker_starts, line_start - _MARKER_DISTANCE)
                last = bisect.bisect_left(marker_starts, line_start)
                if any(text[s:e] == number for s, e in marked[first:last]):
                    start = line_start
            end = line_start
        if start is not None:
            found.append((start, brk))
            last_end = brk
    return tuple(found)
