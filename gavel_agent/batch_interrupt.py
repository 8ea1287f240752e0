"""What a batch stopped by the user (Ctrl-C) leaves behind: every run still marked "running" is marked
"interrupted", and the cases are counted from their run folders, which are the truth.

The index line of a run is appended only after the run has finished and been stored, so a stop that
falls between the two would otherwise be counted as not finished; ``--resume`` then writes the
missing index lines and store rows (``Batch``).
"""

from __future__ import annotations

from collections import Counter

from gavel_agent.batch import Job, read_index
from gavel_agent.run_folder import RunFiles

STOPPED = "stopped by the user (Ctrl-C)"


def settle(jobs: list[Job], out_dir) -> Counter[str]:
    """Mark runs left "running" as interrupted; the count of cases per status (finished, interrupted,
    failed, not started)."""
    indexed = read_index(out_dir)
    counts: Counter[str] = Counter()
    for job in jobs:
        files = RunFiles(job.run_dir)
        try:
            stats = files.read_stats() if files.exists() else None
        except (OSError, ValueError):  # a run folder torn by the stop: its values are in the ledger
            stats = None
        if stats is not None and stats.status == "running":
            stats = stats.model_copy(update={"status": "interrupted", "stop_reason": STOPPED})
            files.write_stats(stats)
        if stats is not None:
            counts[stats.status] += 1
        elif job.name in indexed:
            counts[indexed[job.name].status] += 1
        else:
            counts["not started"] += 1
    return counts
