"""How each item of a run ended: filled with values, settled as having none in the record, or not found."""

from __future__ import annotations

from gavel_agent.checklists.record import ChecklistFile


def settled_as_none(checklist: ChecklistFile) -> dict[str, str]:
    """Items the run settled as having no value in the record (item status "none_in_record"), each
    with the reason the run gave.

    This is the one place the run summary and the report read that status from. The checklist of this
    tree records no item status, so no item is settled as none yet: every item without values counts
    as not found."""
    return {}


def not_found(checklist: ChecklistFile) -> list[str]:
    """Items with no value that the run did not settle as none."""
    settled = settled_as_none(checklist)
    return [key for key, values in checklist.items.items() if not values and key not in settled]
