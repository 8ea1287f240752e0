"""What a finished ``gavel-agent run`` prints last: a few lines that say what the run found, where its
files are, and the commands that look at them (the full table of values is behind ``--table``)."""

from __future__ import annotations

import shlex
from pathlib import Path

from rich.text import Text

from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.run_files import RunStats

MAX_NAMED_EMPTY = 6


def settled_as_none(checklist: ChecklistFile) -> list[str]:
    """Items the run settled as having no value in the record (item status "none_in_record").

    The place for that count: the checklist does not record item statuses in this tree yet, so no
    item is settled as none; an item with no value is counted as not found."""
    return []


def run_summary(stats: RunStats, checklist: ChecklistFile, run_dir: Path, offer_table: bool) -> list[Text]:
    asked = list(checklist.items) or stats.items
    filled = [k for k in asked if checklist.items.get(k)]
    none = settled_as_none(checklist)
    not_found = [k for k in asked if k not in filled and k not in none]
    head = Text(f"{stats.status}: ", style="bold")
    head.append(
        f"{len(filled)}/{len(asked)} items filled, {len(filled) + len(none)} settled ({len(none)} as none), "
        f"{stats.values} values, {stats.steps} steps, {stats.prompt_tokens:,} prompt tokens, "
        f"${stats.cost_usd:.4f}, {stats.wall_time_s:.1f} s"
    )
    lines = [head]
    if not_found:
        named = ", ".join(not_found[:MAX_NAMED_EMPTY])
        more = f" and {len(not_found) - MAX_NAMED_EMPTY} more" if len(not_found) > MAX_NAMED_EMPTY else ""
        lines.append(Text(f"not found: {named}{more}", style="yellow"))
    folder = shlex.quote(str(run_dir))
    lines.append(Text("run folder: ", style="bold") + Text(str(run_dir)))
    lines.append(
        Text("next: ", style="bold") + Text(f"gavel-agent review {folder}   # check each value against its quote")
    )
    lines.append(Text(f"      gavel-agent report {folder}   # one HTML file with every value and its evidence"))
    if offer_table:
        lines.append(Text("      (add --table to print every value here)", style="dim"))
    return lines
