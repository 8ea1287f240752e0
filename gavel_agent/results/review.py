"""A person's review of a run, as the review workbench writes it beside the run's checklist.

``checklist_reviewed.json`` has checklist.json's schema; each value may carry
``"review": {"decision", "reason", "reviewer", "time"}``. Values the reviewer rejected
stay in the file with their decision, and values the reviewer added carry "added", so
the file is the whole record of the review.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Literal

from pydantic import BaseModel, Field

from gavel_agent.checklists.record import ChecklistFile, Value

REVIEWED_CHECKLIST = "checklist_reviewed.json"
Decision = Literal["accepted", "rejected", "edited", "added", "not_applicable"]


class Review(BaseModel):
    decision: Decision
    reason: str = ""
    reviewer: str = ""
    time: str | float | None = None  # ISO 8601 text, or a Unix time

    @property
    def time_text(self) -> str | None:
        """The time as ISO 8601 text (a Unix time in UTC), so one column sorts and parses alike."""
        if isinstance(self.time, float):
            return datetime.fromtimestamp(self.time, timezone.utc).isoformat()
        return self.time


class ReviewedValue(Value):
    review: Review | None = None


class ReviewedChecklist(ChecklistFile):
    items: dict[str, list[ReviewedValue]] = Field(default_factory=dict)
