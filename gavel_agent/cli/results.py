"""``gavel-agent index RUNS`` and ``gavel-agent export RUNS``: the results store and tables of it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import cast

import typer
from rich.console import Console

from gavel_agent.cli.common import UserError, user_errors, writable_file
from gavel_agent.results import DB_NAME, FORMATS, ResultsStore, StoreError, export, find_runs
from gavel_agent.results.tables import ExportFormat, write_export

RUNS_ARGUMENT = typer.Argument(
    ..., metavar="RUNS", help="Run folders, batch folders of runs, or a results.sqlite store."
)


def _default_db(paths: list[Path]) -> Path:
    if len(paths) == 1 and paths[0].is_dir() and not (paths[0] / "stats.json").is_file():
        return paths[0] / DB_NAME
    raise UserError("give --db PATH: the store's place is only implied for a single batch folder")


def register(app: typer.Typer) -> None:
    @app.command()
    def index(
        runs: list[Path] = RUNS_ARGUMENT,
        db: Path = typer.Option(None, help="Store to (re)build (default: RUNS/results.sqlite for one batch folder)."),
    ) -> None:
        """Rebuild the results store from run folders (the folders stay the source of truth)."""
        with user_errors(StoreError):
            folders = find_runs(runs)  # first, so a missing path is named as such
            target = db or _default_db(runs)
            if not folders:
                raise UserError(f"no run folders (with stats.json) under {', '.join(map(str, runs))}")
            with ResultsStore(target, replace_outdated=True) as store:
                count, values, problems = store.rebuild(folders)
        err = Console(stderr=True, highlight=False)
        for problem in problems:
            err.print(f"warning: {problem}", markup=False)
        err.print(f"indexed {count} runs, {values:,} values into {target}", markup=False)
        if problems and not count:
            raise typer.Exit(1)

    @app.command("export")
    def export_command(
        runs: list[Path] = RUNS_ARGUMENT,
        format: str = typer.Option("csv", "--format", help=f"One of {', '.join(FORMATS)}."),
        out: Path = typer.Option(None, help="File to write (default: csv/jsonl on standard output)."),
        wide: bool = typer.Option(False, help="One row per run, one column per item, instead of one row per value."),
        checklist: str = typer.Option(
            "current",
            help="current: a reviewed run's values with each decision (rejected and added included), "
            "else the run's own; agent: the runs' own values; reviewed: reviewed runs only.",
        ),
    ) -> None:
        """Export every value with its evidence (or a one-row-per-case table) as CSV, Parquet or JSONL."""
        if len(runs) != 1:
            raise UserError("export takes one source: a store, a batch folder or a run folder")
        writable_file(out, "--out")
        with user_errors(StoreError):
            if out is None:
                sys.stdout.write(
                    export(runs[0], None, cast(ExportFormat, format), as_wide=wide, checklist=checklist) or ""
                )
                return
            rows = write_export(runs[0], out, cast(ExportFormat, format), as_wide=wide, checklist=checklist)
        what = "runs" if wide else "values"
        Console(stderr=True, highlight=False).print(
            f"wrote {out} ({rows:,} rows, one per {what[:-1]})", markup=False, soft_wrap=True
        )
