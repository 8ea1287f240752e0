"""Which page a character is on: from a reader's page map, or from the furniture of court filings
(running headers, page numbers) when the text marks its own pages.

Electronic filings repeat a header on every page ("Case 2:23-cv-00735 Document 9 Filed 03/20/23 Page 2
of 4") and end pages with a bare page number. A quote that runs across a page break is naturally typed
without them, so quote alignment can skip these lines; and the header's "Page N" says which page a
stored quote is on.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache

from gavel_agent.text.regexes import ECF_HEADER_RE, PAGE_NUMBER_LINE_RE


def page_in_map(page_starts: list[int], char: int) -> int | None:
    """The 1-based page holding ``char`` by a reader's page map (the offset of each page's first
    character); None when the map is empty (a file without pages: plain text, Word)."""
    if not page_starts:
        return None
    return max(1, bisect.bisect_right(page_starts, char))


@lru_cache(maxsize=64)
def furniture(text: str) -> tuple[tuple[int, int], ...]:
    """Character spans of running headers and page-number lines, in document order."""
    spans = [m.span() for m in ECF_HEADER_RE.finditer(text)] + [m.span() for m in PAGE_NUMBER_LINE_RE.finditer(text)]
    return tuple(sorted(spans))


@lru_cache(maxsize=64)
def _page_starts(text: str) -> tuple[list[int], list[int]]:
    """Where each page starts and its number: form feeds if the text has them, else ECF headers."""
    if "\f" in text:
        starts = [0] + [m.end() for m in re.finditer("\f", text)]
        return starts, list(range(1, len(starts) + 1))
    starts, numbers = [], []
    for m in ECF_HEADER_RE.finditer(text):
        starts.append(m.start())
        numbers.append(int(m.group(1)))
    return starts, numbers


def page_starts(text: str) -> list[tuple[int, int]]:
    """(character offset, page number) where each marked page starts; empty when the text marks none."""
    return list(zip(*_page_starts(text)))


def page_at(text: str, char: int) -> int | None:
    """The 1-based page that ``char`` is on, or None when the text does not mark its pages."""
    starts, numbers = _page_starts(text)
    if not starts:
        return None
    i = bisect.bisect_right(starts, char) - 1
    if i >= 0:
        return numbers[i]
    # Before the first header: the page before it (headers sit at the top of their page).
    return numbers[0] - 1 if numbers[0] > 1 else None
