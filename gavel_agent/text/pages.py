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

# A CM/ECF running header (district: "Case ... Document ... Page 2 of 4"; appellate: "USCA Case #24-1135
# Document #2059922 Filed: ... Page 2 of 370"; "Appellate Case: ... Page: 3"). The page number is captured.
_HEADER = re.compile(
    r"^[ \t]*(?:USCA[ \t]+|Appellate[ \t]+)?Case\b[^\n]{0,160}?\b(?:Document|Doc\.?|Dkt\.?|DktEntry)\b"
    r"[^\n]{0,120}?\bPage(?:[ \t]*:)?[ \t]*(\d{1,5})\b[^\n]*$",
    re.IGNORECASE | re.MULTILINE,
)
# A line holding only a page or pleading-paper line number ("4", "- 12 -"), or a page footer ("Page 3 of 9",
# "Page 1 \u2013 CLASS ACTION COMPLAINT", "Page 1 of 3 JUDGMENT", "1 \u2013 THIRD AMENDED CLASS ACTION COMPLAINT":
# a bare number's footer names the paper in capitals, so a numbered heading in the body is not one).
_PAGE_NUMBER = re.compile(
    r"^[ \t]*(?:[-\u2013\u2014][ \t]*)?\d{1,4}(?:[ \t]*[-\u2013\u2014])?[ \t]*$"
    r"|^[ \t]*Page[ \t]+\d{1,5}(?:[ \t]+of[ \t]+\d{1,5})?(?:[ \t]*[-\u2013\u2014|][^\n]{0,80})?[ \t]*$"
    r"|^[ \t]*Page[ \t]+\d{1,5}[ \t]+of[ \t]+\d{1,5}[ \t]+(?-i:[A-Z][A-Z0-9 .,'&()-]{3,80})[ \t]*$"
    r"|^[ \t]*\d{1,4}[ \t]*[-\u2013\u2014|][ \t]*(?-i:[A-Z][A-Z0-9 .,'&()-]{3,80}[A-Z)])[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)


def page_in_map(page_starts: list[int], char: int) -> int | None:
    """The 1-based page holding ``char`` by a reader's page map (the offset of each page's first
    character); None when the map is empty (a file without pages: plain text, Word)."""
    if not page_starts:
        return None
    return max(1, bisect.bisect_right(page_starts, char))


@lru_cache(maxsize=64)
def furniture(text: str) -> tuple[tuple[int, int], ...]:
    """Character spans of running headers and page-number lines, in document order."""
    spans = [m.span() for m in _HEADER.finditer(text)] + [m.span() for m in _PAGE_NUMBER.finditer(text)]
    return tuple(sorted(spans))


@lru_cache(maxsize=64)
def _page_starts(text: str) -> tuple[list[int], list[int]]:
    """Where each page starts and its number: form feeds if the text has them, else ECF headers."""
    if "\f" in text:
        starts = [0] + [m.end() for m in re.finditer("\f", text)]
        return starts, list(range(1, len(starts) + 1))
    starts, numbers = [], []
    for m in _HEADER.finditer(text):
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
