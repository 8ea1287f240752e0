"""Reading an audit's reference in any supported format, CUAD's csv included."""

from __future__ import annotations

from pathlib import Path

from gavel_agent.checklists import ChecklistSpec
from gavel_agent.evaluators.audit.metrics import Checklists
from gavel_agent.evaluators.checklist.cuad import as_values, read_master_clauses
from gavel_agent.evaluators.checklist.readers import read_checklists


def read_reference(path: str | Path, spec: ChecklistSpec) -> Checklists:
    """A ChecklistFile, GAVEL human.json (or any format ``read_checklists`` knows), or CUAD's master_clauses.csv."""
    if Path(path).suffix.lower() == ".csv":
        return as_values(read_master_clauses(path, spec=spec))
    return read_checklists(path, spec)
