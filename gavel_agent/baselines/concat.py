"""A case as one text: its documents in date order, each under a header line.

Keeps where each document's text sits in the concatenation, so a quote found
in the concatenation (or in a chunk of it) can be traced back to the document
it comes from, and cuts the concatenation to a token budget.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from gavel_agent import tokens
from gavel_agent.case import Case
from gavel_agent.tools import quotes


@dataclass(frozen=True)
class Part:
    document: str
    start: int  # character offsets of the document's text inside the concatenation
    end: int


@dataclass(frozen=True)
class Cut:
    """What a token budget left out."""

    case_tokens: int
    kept_tokens: int
    last_document: str  # the document the text stops in
    dropped_documents: int  # documents left out entirely


@dataclass
class Concatenation:
    text: str
    parts: list[Part]
    token_count: int
    cut: Cut | None = None

    def source(self, start: int, end: int) -> str | None:
        """The document whose text holds the characters ``start:end``, or None when they straddle a header."""
        i = bisect.bisect_right([p.start for p in self.parts], start) - 1
        if i >= 0 and self.parts[i].start <= start and end <= self.parts[i].end:
            return self.parts[i].document
        return None

    def document_of(self, quote: str) -> str | None:
        """The document a quote taken from this text lies in (None when it is not in one document)."""
        span = quotes.locate(quote, self.text)
        return self.source(*span) if span else None

    def chunks(self, chunk_tokens: int) -> list[tuple[str, int]]:
        """The text in consecutive pieces of ``chunk_tokens`` tokens, with their token counts."""
        _, offsets = tokens.token_char_offsets(self.text)
        total = len(offsets) - 1
        return [
            (self.text[int(offsets[s]) : int(offsets[min(s + chunk_tokens, total)])], min(chunk_tokens, total - s))
            for s in range(0, total, chunk_tokens)
        ]


def header(doc) -> str:
    return f"=== {doc.name} | {doc.title or doc.name} | {doc.type or 'unknown type'} | {doc.date or 'undated'} ===\n"


_HEADER_LINE = re.compile(r"^=== (.+?) \| .*? ===\n", re.M)


def segments(text: str) -> list[tuple[str | None, str]]:
    """The shown text split at document headers: (document name, its text). A chunk that begins
    inside a document yields a first segment with no name."""
    marks = list(_HEADER_LINE.finditer(text))
    out: list[tuple[str | None, str]] = []
    lead = text[: marks[0].start()] if marks else text
    if lead.strip():
        out.append((None, lead))
    for i, m in enumerate(marks):
        out.append((m.group(1), text[m.end() : marks[i + 1].start() if i + 1 < len(marks) else len(text)]))
    return out


def concatenate(case: Case, budget_tokens: int | None = None) -> Concatenation:
    """The case's documents in date order, cut to ``budget_tokens`` when given."""
    pieces: list[str] = []
    parts: list[Part] = []
    at = used = 0
    cut = None
    for i, doc in enumerate(case.documents):
        head = header(doc)
        head_tokens = tokens.count(head) + 1  # +1 for the blank line after the text
        room = None if budget_tokens is None else budget_tokens - used - head_tokens
        if room is not None and room <= 0:
            cut = Cut(
                case_concatenated_tokens(case), used, parts[-1].document if parts else "", len(case.documents) - i
            )
            break
        text, text_tokens = doc.text, doc.token_count
        if room is not None and text_tokens > room:
            text, text_tokens = doc.text[: doc.char_span(0, room)[1]], room
            cut = Cut(case_concatenated_tokens(case), used + head_tokens + room, doc.name, len(case.documents) - i - 1)
        pieces += [head, text, "\n\n"]
        parts.append(Part(doc.name, at + len(head), at + len(head) + len(text)))
        at += len(head) + len(text) + 2
        used += head_tokens + text_tokens
        if cut:
            break
    return Concatenation("".join(pieces), parts, used, cut)


def case_concatenated_tokens(case: Case) -> int:
    return sum(tokens.count(header(d)) + 1 + d.token_count for d in case.documents)
