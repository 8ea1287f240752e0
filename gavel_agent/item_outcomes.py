"""How each item of a run ended: filled with values, settled as having none in the record, or not found."""

from __future__ import annotations

from gavel_agent.checklists.record import ChecklistFile


def settled_as_none(checklist: ChecklistFile) -> dict[str, str]:
    """Items the run settled as having no value in the record (status "none_in_record"), each with the
    reason the run gave; an item that has values again is not settled."""
    return {key: entry.reason for key, entry in (checklist.settled or {}).items() if not checklist.items.get(key)}


def not_found(checklist: ChecklistFile) -> list[str]:
    """Items with no value that the run did not settle as none."""
    settled = settled_as_none(checklist)
    return [key for key, values in checklist.items.items() if not values and key not in settled]
