"""Two runs of one case side by side: the person marks which side is right, per value or per item, and
the values marked right make a reference checklist (``reference.json``, a checklist file that
``gavel-agent evaluate`` and ``audit`` read as a reference).

The choices are logged to the comparison folder's ``review.jsonl`` with action "choose" and "reason"
naming the side: for one value, value_index and before = that side's value, after = the value when
marked right, null when marked wrong; for a whole item, value_index/before/after null and reason
"A", "B", "both" or "neither" (every value of the chosen side(s) right, the others wrong). Only items
with a choice are in the reference: an item nobody looked at is unknown, not empty.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from threading import Lock

from gavel_agent import atomic
from gavel_agent.checklists.record import ChecklistFile, Review, Value
from gavel_agent.review.decisions import LOG_NAME, DecisionError, RunReview, log_entry, now
from gavel_agent.run_folder_names import folder_under
from gavel_agent.tools.quotes import fold_quote

REFERENCE_NAME = "reference.json"
SIDES = ("A", "B")
ITEM_CHOICES = {"A": ("A",), "B": ("B",), "both": ("A", "B"), "neither": ()}


@dataclass
class Agreement:
    matched: int  # the run's values that are in the reference (same value up to folding)
    values: int  # the run's values on the items decided
    reference: int  # reference values

    @property
    def precision(self) -> float | None:
        return self.matched / self.values if self.values else None

    @property
    def recall(self) -> float | None:
        return self.matched / self.reference if self.reference else None


class Comparison:
    """The choices between two runs' (reviewed) checklists of one case."""

    def __init__(self, a_dir: Path, b_dir: Path, folder: Path):
        self.sides = {"A": RunReview(a_dir), "B": RunReview(b_dir)}
        self.folder = folder
        self.log_file = folder / LOG_NAME
        self.reference_file = folder / REFERENCE_NAME
        self._lock = Lock()

    @classmethod
    def under(cls, root: Path, case: str, a_id: str, b_id: str, a_dir: Path, b_dir: Path) -> Comparison:
        """The comparison of runs ``a_id`` and ``b_id``, kept in ``root/review-compare/<case>--<a>--<b>``."""
        return cls(a_dir, b_dir, folder_under(root / "review-compare", f"{case}--{a_id}--{b_id}"))

    def checklists(self) -> dict[str, ChecklistFile]:
        return {side: review.checklist() for side, review in self.sides.items()}

    def choices(self) -> dict[str, dict[str, dict[int, bool]]]:
        """item -> side -> value index -> marked right, replayed from the log (later entries win)."""
        out: dict[str, dict[str, dict[int, bool]]] = {}
        if not self.log_file.is_file():
            return out
        sizes = {side: c.items for side, c in self.checklists().items()}
        for line in self.log_file.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue
            item, side = entry.get("item"), entry.get("reason")
            marks = out.setdefault(item, {"A": {}, "B": {}})
            if entry.get("value_index") is None and side in ITEM_CHOICES:
                for s in SIDES:
                    marks[s] = {i: s in ITEM_CHOICES[side] for i in range(len(sizes[s].get(item, [])))}
            elif side in SIDES:
                marks[side][int(entry["value_index"])] = entry.get("after") is not None
        return out

    def choose(self, reviewer: str, item: str, side: str, value_index: int | None = None, right: bool = True) -> None:
        """Mark one value of ``side`` right or wrong, or (no value_index) a whole item for a side."""
        with self._lock:
            checklists = self.checklists()
            if not any(item in c.items for c in checklists.values()):
                raise DecisionError(f"no item {item!r} in either run")
            if value_index is None:
                if side not in ITEM_CHOICES:
                    raise DecisionError(f"an item choice is one of {', '.join(ITEM_CHOICES)}")
                line = log_entry(reviewer, item, "choose", None, None, None, side)
            else:
                values = checklists[side].items.get(item, []) if side in SIDES else []
                if not 0 <= value_index < len(values):
                    raise DecisionError(f"side {side!r} has no value {value_index} for item {item!r}")
                before = values[value_index]
                line = log_entry(reviewer, item, "choose", value_index, before, before if right else None, side)
            atomic.append_line(self.log_file, line)
            self._write_reference(reviewer, checklists)

    def reference(self, reviewer: str = "", checklists: dict[str, ChecklistFile] | None = None) -> ChecklistFile:
        checklists = checklists or self.checklists()
        items: dict[str, list[Value]] = {}
        for item, marks in self.choices().items():
            chosen: dict[str, Value] = {}
            for side in SIDES:
                values = checklists[side].items.get(item, [])
                for i, right in sorted(marks[side].items()):
                    if right and i < len(values) and fold_quote(values[i].value) not in chosen:
                        chosen[fold_quote(values[i].value)] = values[i].model_copy(
                            update={"review": Review(decision="accepted", reviewer=reviewer, time=now())}
                        )
            items[item] = list(chosen.values())
        a = checklists["A"]
        return ChecklistFile(spec=a.spec, case=a.case, items=items, coded_items=list(items))

    def _write_reference(self, reviewer: str, checklists: dict[str, ChecklistFile]) -> None:
        atomic.write_text(self.reference_file, self.reference(reviewer, checklists).model_dump_json(indent=2) + "\n")

    def agreement(self) -> dict[str, Agreement]:
        """How far each run agrees with the reference, on the items decided."""
        checklists = self.checklists()
        reference = self.reference(checklists=checklists)
        out = {}
        for side in SIDES:
            matched = values = total = 0
            for item, ref_values in reference.items.items():
                mine = {fold_quote(v.value) for v in checklists[side].items.get(item, []) if not v.rejected}
                kept = {fold_quote(v.value) for v in ref_values}
                matched, values, total = matched + len(mine & kept), values + len(mine), total + len(kept)
            out[side] = Agreement(matched, values, total)
        return out
