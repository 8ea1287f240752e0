"""What the one-file HTML reports share: the Jinja2 templates (gavel_agent/templates), values
highlighted inside their quotes, and a value list grouped by quote so a quote shared by several
values (the parties of one caption) is shown once.

Templates autoescape: every value, quote, document name and path from a case or a model is text,
so a quote such as ``<script>`` shows as text. Only ``highlighted`` builds markup, from escaped parts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from html import escape

import jinja2
from markupsafe import Markup
from rapidfuzz import fuzz

from gavel_agent.checklists.record import Evidence, Value

FUZZY_HIGHLIGHT = 85  # rapidfuzz partial-ratio score above which a near-verbatim value is highlighted


@cache
def templates() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("gavel_agent", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


def value_span(value: str, quote: str) -> tuple[int, int] | None:
    """Where the value stands in its quote: verbatim (any spacing or case), its part after a role label
    ("Plaintiff: Daniel Vega"), or a close fuzzy match; None when the quote words it otherwise (a date)."""
    for text in (value, value.split(":", 1)[1] if ":" in value else ""):
        words = text.split()
        if words:
            found = re.search(r"\s+".join(map(re.escape, words)), quote, re.IGNORECASE)
            if found:
                return found.span()
    if len(value) >= 4:
        aligned = fuzz.partial_ratio_alignment(value.lower(), quote.lower())
        if aligned and aligned.score >= FUZZY_HIGHLIGHT:
            return aligned.dest_start, aligned.dest_end
    return None


def highlighted(quote: str, values: list[str]) -> Markup:
    """The quote, escaped, with every value's span in <mark>."""
    spans = sorted(span for v in values if (span := value_span(v, quote)))
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    parts, at = [], 0
    for start, end in merged:
        parts += [escape(quote[at:start]), f"<mark>{escape(quote[start:end])}</mark>"]
        at = end
    return Markup("".join(parts) + escape(quote[at:]))


def where(ev: Evidence) -> str:
    """Where the quote is: document, span, page, and how it was aligned (exact / normalised / pieces)."""
    place = f"{ev.place} [{ev.start_char}:{ev.end_char}]" if ev.start_char is not None else ev.place
    return place + f" · quote {ev.status}" + (f" (named {ev.named_document})" if ev.named_document else "")


@dataclass
class QuoteGroup:
    """One quote and the values it supports; ``listed`` are the values first shown at this quote
    (a value with two quotes is listed under its first)."""

    evidence: Evidence | None  # None: values without evidence
    supported: list[str] = field(default_factory=list)
    listed: list[tuple[Value, str]] = field(default_factory=list)  # (value, its mark: agree / differ ...)

    @property
    def key(self) -> tuple:
        ev = self.evidence
        return (ev.document, ev.start_char, ev.end_char, ev.quote) if ev else ("",)

    @property
    def quote_html(self) -> Markup:
        return highlighted(self.evidence.quote, self.supported) if self.evidence else Markup("")


def quote_groups(values: list[Value], marks: list[str] | None = None) -> list[QuoteGroup]:
    """``values`` grouped by the quote each cites, in order of first use."""
    groups: dict[tuple, QuoteGroup] = {}
    listed: set[int] = set()
    for value, mark in zip(values, marks or [""] * len(values)):
        evidence: list[Evidence | None] = [*value.evidence] or [None]
        for ev in evidence:
            key = (ev.document, ev.start_char, ev.end_char, ev.quote) if ev else ("", id(value))
            group = groups.setdefault(key, QuoteGroup(ev))
            group.supported.append(value.value)
            if id(value) not in listed:
                listed.add(id(value))
                group.listed.append((value, mark))
    return list(groups.values())
