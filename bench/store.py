"""Results store: index a batch's run folders, export them, and survive kill -9 mid-batch.

1. Index every run folder under RUNS into a fresh store (time), export the values to
   Parquet and CSV (time), and check the row counts against the run folders' own
   checklist.json files.
2. Start an offline batch over CASES in a child process, kill -9 it once a few runs
   have finished, then open the store and check it holds every run that index.jsonl
   says finished.

    python bench/store.py --runs RUNS [--cases ../shared/crlc/cases] [--kill-after 4] [--markdown docs/benchmarks/store.md]

RUNS is a folder of run folders, e.g. from
``gavel-agent batch ../shared/crlc/cases ../shared/crlc/train --out runs/all``
(or ``bench/offline_quality.py --out``).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.results import ResultsStore, export, find_runs
from markdown_fragment import add_option, printed_as_markdown


def index_and_export(runs_root: Path, scratch: Path) -> None:
    folders = find_runs([runs_root])
    expected = sum(
        sum(len(v) for v in ChecklistFile.read(f / "checklist.json").items.values())
        for f in folders
        if (f / "checklist.json").is_file()
    )
    db = scratch / "results.sqlite"
    started = time.perf_counter()
    with ResultsStore(db) as store:
        runs, values, problems = store.rebuild(folders)
    index_s = time.perf_counter() - started
    timings = {}
    for fmt in ("parquet", "csv"):
        started = time.perf_counter()
        export(db, scratch / f"values.{fmt}", fmt)
        timings[fmt] = time.perf_counter() - started
    import pandas as pd

    rows = len(pd.read_parquet(scratch / "values.parquet"))
    print(f"run folders: {len(folders)}; indexed runs: {runs}; unreadable: {len(problems)}")
    print(
        f"values in the run folders: {expected:,}; in the store: {values:,}; rows exported: {rows:,}"
        f" -> {'match' if expected == values == rows else 'MISMATCH'}"
    )
    print(
        f"index: {index_s:.1f} s (goal <= 30 s); export parquet: {timings['parquet']:.1f} s, "
        f"csv: {timings['csv']:.1f} s (goal <= 10 s)"
    )


def kill_mid_batch(cases: Path, scratch: Path, kill_after: int) -> None:
    out = scratch / "killed"
    # Its own process group, so the kill takes the pool's workers too (as a machine going down would).
    child = subprocess.Popen(
        [sys.executable, "-m", "gavel_agent", "batch", str(cases), "--out", str(out), "--quiet", "--concurrency", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    index = out / "index.jsonl"
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline and child.poll() is None:
        if index.is_file() and len(index.read_text(encoding="utf-8").splitlines()) >= kill_after:
            break
        time.sleep(0.2)
    killed = child.poll() is None
    if killed:
        os.killpg(child.pid, signal.SIGKILL)
    child.wait()
    finished = {
        json.loads(line)["run_dir"]
        for line in index.read_text(encoding="utf-8").splitlines()
        if json.loads(line)["status"] == "finished"
    }
    with ResultsStore(out / "results.sqlite") as store:
        _, rows = store.query("SELECT run_dir, status FROM runs")
    stored = {Path(run_dir).name for run_dir, status in rows if status == "finished"}
    lost = {Path(r).name for r in finished} - stored
    print(
        f"kill -9 {'after' if killed else '(batch ended before)'} {len(finished)} finished runs: the store opens, "
        f"holds {len(stored)} finished runs, lost {len(lost)}{' ' + str(sorted(lost)) if lost else ''} (goal 0)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=Path, required=True, help="folder of run folders to index and export")
    parser.add_argument("--cases", type=Path, default=Path("../shared/crlc/cases"), help="cases for the kill -9 batch")
    parser.add_argument("--kill-after", type=int, default=4, help="index lines written before the kill")
    add_option(parser)
    args = parser.parse_args()
    with printed_as_markdown(args.markdown):
        bench(args)


def bench(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="bench_store_") as scratch:
        index_and_export(args.runs, Path(scratch))
        kill_mid_batch(args.cases, Path(scratch), args.kill_after)
    print("command:", " ".join([Path(sys.executable).name, *sys.argv]))


if __name__ == "__main__":
    main()
