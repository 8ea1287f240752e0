"""Offline batch over every Clearinghouse case: crashes, wall time, sequential/concurrent ratio.

Runs the offline agent over all records twice, once at concurrency 1 (in one
process) and once with a process pool (default: all cores), into a scratch
folder, and prints one table.

    python bench/batch_all.py [--cases ../shared/crlc/cases] [--concurrency N] [--out DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
from pathlib import Path

from gavel_agent.batch import Batch, BatchReport, RunSettings, discover


def run(cases: Path, out: Path, concurrency: int, items: str) -> BatchReport:
    shutil.rmtree(out, ignore_errors=True)
    return asyncio.run(Batch(discover(cases), out, RunSettings(items=items), concurrency=concurrency).run())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=Path, default=Path("../shared/crlc/cases"))
    parser.add_argument("--concurrency", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--items", default="all")
    parser.add_argument("--out", type=Path, default=None, help="scratch folder (default: a temporary one)")
    args = parser.parse_args()
    scratch = args.out or Path(tempfile.mkdtemp(prefix="batch_all_"))
    reports = {n: run(args.cases, scratch / f"c{n}", n, args.items) for n in (1, args.concurrency)}
    print(f"{'concurrency':>11} {'cases':>6} {'finished':>9} {'interrupted':>12} {'failed':>7} {'wall s':>8}")
    for n, r in reports.items():
        print(
            f"{n:>11} {len(r.entries):>6} {r.count('finished'):>9} {r.count('interrupted'):>12} "
            f"{r.count('failed'):>7} {r.wall_time_s:>8.1f}"
        )
    sequential, concurrent = reports[1].wall_time_s, reports[args.concurrency].wall_time_s
    print(f"sequential/concurrent wall-time ratio: {sequential / concurrent:.2f} on {os.cpu_count()} cores")
    for r in reports.values():
        for e in r.entries:
            if e.status != "finished":
                print(f"  not finished: {e.case}: {e.status}: {e.reason}")
    print("command:", " ".join([Path(sys.executable).name, *sys.argv]))
    if args.out is None:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
