"""What a run asks of its model, as data: the checklist, the items to fill and the case's own docket number.

The loop writes the task as prose for a language model (``prompts/agent_task.md``); a model that plans
its calls from data (the offline model) is handed the same task here instead, so nothing the prose says
has to be parsed back out of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from gavel_agent.checklists import ChecklistSpec


@dataclass(frozen=True)
class RunTask:
    spec: ChecklistSpec
    item_keys: tuple[str, ...]  # in the task's order; on a resumed run only the items still empty
    docket_number: str | None  # the case's own number, from its identity (None when its papers state none)


@runtime_checkable
class TaskReader(Protocol):
    """A model that takes the run's task as data; the loop hands it over before the first turn."""

    def read_task(self, task: RunTask) -> None: ...
