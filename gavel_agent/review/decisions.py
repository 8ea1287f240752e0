"""One run's review: every decision appended to ``review.jsonl`` and the checklist as reviewed so far
rewritten to ``checklist_reviewed.json`` (both atomic, beside the run's ``checklist.json``, which is
never written).

review.jsonl, one object per line:
  {"time": ISO-8601 UTC, "reviewer": str, "item": key,
   "action": "accept" | "reject" | "edit" | "add" | "not_applicable" | "choose",
   "value_index": int | null, "before": value | null, "after": value | null, "reason": str | null}
Values are indexed in the item's list in checklist_reviewed.json; values are only ever appended, so
an index keeps naming the same value.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from threading import Lock

from gavel_agent import atomic
from gavel_agent.checklists.record import REJECT_REASONS, ChecklistFile, Review, ReviewDecision, Value

REVIEWED_NAME = "checklist_reviewed.json"
LOG_NAME = "review.jsonl"
NOT_APPLICABLE = "Not applicable"
DECISION_OF: dict[str, ReviewDecision] = {
    "accept": "accepted",
    "reject": "rejected",
    "edit": "edited",
    "add": "added",
    "not_applicable": "not_applicable",
}


class DecisionError(ValueError):
    """A decision that cannot be recorded (unknown item or value, no reason, empty text)."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def log_entry(
    reviewer: str,
    item: str,
    action: str,
    value_index: int | None,
    before: Value | None,
    after: Value | None,
    reason: str | None,
) -> str:
    return json.dumps(
        {
            "time": now(),
            "reviewer": reviewer,
            "item": item,
            "action": action,
            "value_index": value_index,
            "before": before and before.model_dump(mode="json"),
            "after": after and after.model_dump(mode="json"),
            "reason": reason,
        },
        ensure_ascii=False,
    )


@dataclass(frozen=True)
class Position:
    item: str
    value_index: int


class RunReview:
    """The decisions on one run folder."""

    def __init__(self, run_dir: str | Path):
        self.dir = Path(run_dir)
        self.agent_file = self.dir / "checklist.json"
        self.reviewed_file = self.dir / REVIEWED_NAME
        self.log_file = self.dir / LOG_NAME
        self._lock = Lock()

    def checklist(self) -> ChecklistFile:
        """The checklist as reviewed so far (the agent's own before the first decision)."""
        return ChecklistFile.read(self.reviewed_file if self.reviewed_file.is_file() else self.agent_file)

    def last_entry(self) -> dict | None:
        if not self.log_file.is_file():
            return None
        lines = [line for line in self.log_file.read_text(encoding="utf-8").splitlines() if line.strip()]
        for line in reversed(lines):
            try:
                return json.loads(line)
            except json.JSONDecodeError:
                continue  # a line torn by a crash
        return None

    def resume_position(self, checklist: ChecklistFile | None = None) -> Position | None:
        """Where the person stopped: the first value left to review after the last one decided."""
        checklist = checklist or self.checklist()
        order = [Position(k, i) for k, values in checklist.items.items() for i in range(len(values))]
        if not order:
            return None
        open_ = [p for p in order if checklist.items[p.item][p.value_index].review is None]
        last = self.last_entry()
        index = last.get("value_index") if last else None
        last_at = Position(str(last.get("item")), int(index)) if last and index is not None else None
        at = next((n for n, p in enumerate(order) if p == last_at), -1)
        later = [p for p in open_ if order.index(p) > at]
        return (later or open_ or [order[at] if at >= 0 else order[0]])[0]

    # -- decisions -------------------------------------------------------------
    def decide(
        self,
        reviewer: str,
        action: str,
        item: str,
        value_index: int | None = None,
        reason: str | None = None,
        text: str | None = None,
        value: Value | None = None,
    ) -> ChecklistFile:
        """Record one decision and return the checklist after it."""
        if action not in DECISION_OF:
            raise DecisionError(f"unknown action {action!r}; one of {', '.join(DECISION_OF)}")
        with self._lock:
            checklist = self.checklist()
            if item not in checklist.items:
                raise DecisionError(f"no item {item!r} in this run")
            values = checklist.items[item]
            review = Review(decision=DECISION_OF[action], reviewer=reviewer, time=now())
            if action in ("add", "not_applicable"):
                if value is None:
                    raise DecisionError(f"{action} needs a value with its evidence")
                before, value_index = None, len(values)
                after = value.model_copy(update={"review": review})
                if action == "not_applicable":
                    after.value = NOT_APPLICABLE
                values.append(after)
            else:
                if value_index is None or not 0 <= value_index < len(values):
                    raise DecisionError(f"item {item!r} has no value {value_index}")
                before = values[value_index]
                after = before.model_copy(update={"review": review})
                if action == "reject":
                    if reason not in REJECT_REASONS:
                        raise DecisionError(f"a rejection needs a reason: one of {', '.join(REJECT_REASONS)}")
                    review.reason = reason
                elif action == "edit":
                    text = (text or "").strip()
                    if not text:
                        raise DecisionError("an edit needs the new value text")
                    after.value = text
                values[value_index] = after
            atomic.write_text(self.reviewed_file, checklist.model_dump_json(indent=2) + "\n")
            atomic.append_line(
                self.log_file, log_entry(reviewer, item, action, value_index, before, after, review.reason)
            )
            return checklist
