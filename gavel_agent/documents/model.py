"""What a reader gives back for one file: clean text, where each page starts, and what the user must know."""

from __future__ import annotations

from dataclasses import dataclass, field

from gavel_agent.text.pages import page_in_map

# Pages are joined with a blank line: the agent reads one text, and a quote that runs over a page
# break still aligns because quote alignment treats any run of whitespace alike.
PAGE_JOIN = "\n\n"


class DocumentReadError(ValueError):
    """A file that gives no text at all (empty, encrypted, damaged, unreadable); one line naming the file."""


@dataclass
class Extracted:
    text: str
    page_starts: list[int] = field(default_factory=list)  # character offset of each page's first character
    warnings: list[str] = field(default_factory=list)  # one line each, naming the file
    redacted_pages: list[int] = field(default_factory=list)  # 1-based pages with text under a black box
    ocr_pages: list[int] = field(default_factory=list)  # 1-based pages read by OCR
    stamp: str = (
        ""  # the first page's filing stamp, left out of the text as furniture ("Case ... Document 30 Filed ...")
    )

    @classmethod
    def from_pages(cls, pages: list[str], **rest) -> Extracted:
        """One text from per-page texts (blank pages keep their place in the page map)."""
        starts, parts, at = [], [], 0
        for i, page in enumerate(pages):
            if i:
                parts.append(PAGE_JOIN)
                at += len(PAGE_JOIN)
            starts.append(at)
            parts.append(page)
            at += len(page)
        return cls(text="".join(parts), page_starts=starts, **rest)

    @property
    def page_count(self) -> int:
        return len(self.page_starts)

    def page_at(self, char: int) -> int | None:
        """The 1-based page holding ``char``, or None for a file without pages (plain text, Word)."""
        return page_in_map(self.page_starts, char)
