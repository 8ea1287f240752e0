"""The on-disk form of a filled checklist (``checklist.json``).

Every value carries its evidence: the quoted text, the document it comes
from, and the character offsets where the quote sits in that document.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import BaseModel, Field, SerializationInfo, SerializerFunctionWrapHandler, model_serializer

# How a quote was found in its document: word for word (whitespace aside); after normalising typography,
# page furniture and footnotes; as pieces (split at an ellipsis or a bracketed alteration) in order
# within a short span; or with a few words left out silently (gaps, tools/quote_gaps.py).
AlignmentStatus = Literal["exact", "normalised", "pieces", "gaps"]
ALIGNMENT_ORDER: tuple[AlignmentStatus, ...] = ("exact", "normalised", "pieces", "gaps")  # closest match first
# Whether the quotes say what the value asserts (gavel_agent.tools.support): they state it; they bear on
# it but leave part of it unsaid (stored, shown for review); or they lack a date, figure, name or word it
# gives (refused at write time).
SupportStatus = Literal["states", "related", "unsupported"]


# "case_46210" (a Clearinghouse file's stem) and "case-46210" (an older import folder) name case 46210.
_PREFIXED_ID = re.compile(r"case[-_ ]?(\d+)", re.IGNORECASE)


def canonical_case_name(name: str) -> str:
    """The one name of a case: a Clearinghouse case is named by its bare id ("46210") in run folders,
    batch folders, imported case folders and checklists; other names are kept as they are."""
    match = _PREFIXED_ID.fullmatch(name.strip())
    return match.group(1) if match else name.strip()


class _OptionalExtras(BaseModel):
    """A model whose optional extra fields are left out of the file while unset, so files written
    before the fields existed (and the agent's own checklist.json) keep their shape."""

    _left_out_when_none: ClassVar[tuple[str, ...]] = ()

    @model_serializer(mode="wrap")
    def _without_unset_extras(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> dict:
        data = handler(self)
        for name in self._left_out_when_none:
            if getattr(self, name) is None:
                data.pop(name, None)
        return data


class Evidence(_OptionalExtras):
    document: str
    quote: str  # the document's own text at start_char:end_char
    start_char: int | None = None
    end_char: int | None = None
    status: AlignmentStatus = "exact"
    page: int | None = None  # 1-based page of start_char, for documents that have pages
    # The quote sits in a passage that addresses an AI model (instructions, chat role markers):
    # injected text, not the case's own statement (gavel_agent.tools.injection).
    injected: bool = False
    # The document the writer named, when the quote was found in another document of the case instead.
    named_document: str | None = None
    support: SupportStatus | None = None  # this quote alone; None in files written before support was judged
    _left_out_when_none: ClassVar[tuple[str, ...]] = ("support",)

    @property
    def place(self) -> str:
        """Where a lawyer looks: "complaint p. 12" (the document alone when it has no pages)."""
        return f"{self.document} p. {self.page}" if self.page else self.document


ReviewDecision = Literal["accepted", "rejected", "edited", "added", "not_applicable"]
REJECT_REASONS = ("wrong", "not supported", "wrong item", "duplicate")


class Review(BaseModel):
    """A person's verdict on one value (``checklist_reviewed.json``, written by ``gavel-agent review``)."""

    decision: ReviewDecision
    reason: str | None = None  # why a value was rejected: one of REJECT_REASONS
    reviewer: str
    time: str  # ISO-8601 UTC


class Value(_OptionalExtras):
    value: str
    evidence: list[Evidence] = Field(default_factory=list)
    review: Review | None = None  # only in a reviewed checklist; the agent's own checklist has none
    support: SupportStatus | None = None  # all its quotes together; None where support was not judged
    support_note: str | None = None  # what the quotes leave unsaid, for a value whose support is "related"
    _left_out_when_none: ClassVar[tuple[str, ...]] = ("review", "support", "support_note")

    @property
    def rejected(self) -> bool:
        """A reviewer rejected this value: it is not part of what the case says."""
        return self.review is not None and self.review.decision == "rejected"

    @property
    def injection_only(self) -> bool:
        """Every quote of this value is injected text: nothing in the case itself supports it."""
        return bool(self.evidence) and all(e.injected for e in self.evidence)


class CitedSearch(BaseModel):
    """A search the run made, as its tool-call record holds it, cited as having found nothing for an item."""

    mode: str
    query: str
    hits: int


class NoneInRecord(BaseModel):
    """An item settled with no value: the case's papers, as searched and read, hold none."""

    status: Literal["none_in_record"] = "none_in_record"
    reason: str  # one line
    searches: list[CitedSearch]
    latest_read: str | None = None  # the date of the latest dated paper the run had read when it settled


class ChecklistFile(_OptionalExtras):
    """A filled checklist: ``items`` maps item key -> values (empty list = nothing found)."""

    spec: str = "gavel"
    case: str = ""
    items: dict[str, list[Value]] = Field(default_factory=dict)
    # A reference that speaks to some items only (a comparison's choices): predictions are scored on
    # these items alone, as for a Clearinghouse record. None: a whole checklist.
    coded_items: list[str] | None = None
    # Items settled as having no value in the record (an empty item without an entry here is unsettled).
    # Not values: scoring reads these items as empty, exports and the review page show the status.
    settled: dict[str, NoneInRecord] | None = None
    _left_out_when_none: ClassVar[tuple[str, ...]] = ("coded_items", "settled")

    @classmethod
    def read(cls, path: str | Path) -> ChecklistFile:
        return cls.model_validate(json.loads(Path(path).read_text(encoding="utf-8")))

    def values_of(self, key: str) -> list[str]:
        return [v.value for v in self.items.get(key, [])]

    def none_in_record(self, key: str) -> NoneInRecord | None:
        """The item's settlement as having no value, or None."""
        return (self.settled or {}).get(key)

    def none_reasons(self) -> dict[str, str]:
        """Items settled as having no value in the record, each with its reason (an item that has values
        again is not settled)."""
        return {key: entry.reason for key, entry in (self.settled or {}).items() if not self.items.get(key)}

    def not_found(self) -> list[str]:
        """Items with no value that the run did not settle as none."""
        return [key for key, values in self.items.items() if not values and self.none_in_record(key) is None]

    def settled_line(self) -> str:
        """ "26/26 items settled: 15 with values, 11 none in the record"."""
        filled = sum(1 for v in self.items.values() if v)
        none = len(self.none_reasons())
        return f"{filled + none}/{len(self.items)} items settled: {filled} with values, {none} none in the record"
