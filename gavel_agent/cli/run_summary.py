"""What a finished ``gavel-agent run`` prints last: a few lines that say what the run found, where its
files are, and the commands that look at them (the full table of values is behind ``--table``)."""

from __future__ import annotations

import shlex
from pathlib import Path

from rich.text import Text

from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.run_folder import RunStats

MAX_NAMED_EMPTY = 6


def run_summary(stats: RunStats, checklist: ChecklistFile, run_dir: Path, offer_table: bool) -> list[Text]:
    missing = checklist.not_found()
    head = Text(f"{stats.status}: ", style="bold")
    head.append(
        f"{checklist.settled_line()}, "
        f"{stats.values} values, {stats.steps} steps, {stats.prompt_tokens:,} prompt tokens, "
        f"${stats.cost_usd:.4f}, {stats.wall_time_s:.1f} s"
    )
    lines = [head]
    if missing:
        named = ", ".join(missing[:MAX_NAMED_EMPTY])
        more = f" and {len(missing) - MAX_NAMED_EMPTY} more" if len(missing) > MAX_NAMED_EMPTY else ""
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
