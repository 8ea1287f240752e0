"""The on-disk form of a filled checklist (``checklist.json``).

Every value carries its evidence: the quoted text, the document it comes
from, and the character offsets where the quote sits in that document.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from typing import Literal

from pydantic import BaseModel, Field

# How a quote was found in its document: word for word; after normalising typography and page
# furniture; or as pieces (split at an ellipsis or a bracketed alteration) in order within a short span.
AlignmentStatus = Literal["exact", "normalised", "pieces"]
ALIGNMENT_ORDER: tuple[AlignmentStatus, ...] = ("exact", "normalised", "pieces")  # closest match first


# "case_46210" (a Clearinghouse file's stem) and "case-46210" (an older import folder) name case 46210.
_PREFIXED_ID = re.compile(r"case[-_ ]?(\d+)", re.IGNORECASE)


def canonical_case_name(name: str) -> str:
    """The one name of a case: a Clearinghouse case is named by its bare id ("46210") in run folders,
    batch folders, imported case folders and checklists; other names are kept as they are."""
    match = _PREFIXED_ID.fullmatch(name.strip())
    return match.group(1) if match else name.strip()


class Evidence(BaseModel):
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

    @property
    def place(self) -> str:
        """Where a lawyer looks: "complaint p. 12" (the document alone when it has no pages)."""
        return f"{self.document} p. {self.page}" if self.page else self.document


class Value(BaseModel):
    value: str
    evidence: list[Evidence] = Field(default_factory=list)

    @property
    def injection_only(self) -> bool:
        """Every quote of this value is injected text: nothing in the case itself supports it."""
        return bool(self.evidence) and all(e.injected for e in self.evidence)


class ChecklistFile(BaseModel):
    """A filled checklist: ``items`` maps item key -> values (empty list = nothing found)."""

    spec: str = "gavel"
    case: str = ""
    items: dict[str, list[Value]] = Field(default_factory=dict)

    @classmethod
    def read(cls, path: str | Path) -> ChecklistFile:
        return cls.model_validate(json.loads(Path(path).read_text(encoding="utf-8")))

    def values_of(self, key: str) -> list[str]:
        return [v.value for v in self.items.get(key, [])]
