"""``gavel-agent batch INPUT --out DIR``: run many cases with a progress bar and an index."""

from __future__ import annotations

import asyncio
import shlex
from contextlib import nullcontext
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from gavel_agent import batch_interrupt
from gavel_agent.batch import BATCH_METHODS, INDEX_NAME, Batch, BatchReport, RunSettings, discover
from gavel_agent.batch import Progress as BatchProgress
from gavel_agent.checklists import UnknownItemError, load_spec
from gavel_agent.cli.common import (
    BASE_URL_OPTION,
    ITEMS_OPTION,
    SPEC_OPTION,
    UserError,
    user_errors,
    writable_file,
    writable_folder,
)
from gavel_agent.cli.run import TIMEOUT_OPTION
from gavel_agent.loop import DEFAULT_MAX_STEPS
from gavel_agent.printable import printable
from gavel_agent.results import DB_NAME, StoreError

FAILURES_SHOWN = 10
EXIT_NOT_ALL_FINISHED = 1


class ProgressBar:
    """A rich progress bar: cases done, failures, prompt tokens, cost, ETA."""

    def __init__(self, console: Console):
        self.bar = Progress(
            TextColumn("[bold]batch"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn(
                "{task.fields[failed]} failed · {task.fields[tokens]:,} prompt tokens · ${task.fields[cost]:.2f}"
            ),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=console,
        )
        self.task = TaskID(0)  # replaced by start()

    def hooks(self) -> BatchProgress:
        return BatchProgress(on_start=self.start, on_done=self.done, on_tokens=self.tokens)

    def start(self, total: int, finished: int) -> None:
        self.task = self.bar.add_task("batch", total=total - finished, failed=0, tokens=0, cost=0.0)

    def done(self, entry) -> None:
        fields = self.bar.tasks[self.task].fields
        self.bar.update(
            self.task,
            advance=1,
            failed=fields["failed"] + (entry.status != "finished"),
            cost=fields["cost"] + entry.cost_usd,
        )

    def tokens(self, spent: int) -> None:
        self.bar.update(self.task, tokens=self.bar.tasks[self.task].fields["tokens"] + spent)


class ProgressLines:
    """Progress for a log or a pipe (CI, nohup): one plain line per case as it finishes, with a count."""

    def __init__(self, console: Console):
        self.console = console
        self.total = self.done_count = self.failed = 0

    def hooks(self) -> BatchProgress:
        return BatchProgress(on_start=self.start, on_done=self.done)

    def start(self, total: int, finished: int) -> None:
        self.total = total - finished
        already = f" ({finished} finished before)" if finished else ""
        self.console.print(Text(f"batch: {self.total} cases to run{already}"), soft_wrap=True, highlight=False)

    def done(self, entry) -> None:
        self.done_count += 1
        self.failed += entry.status != "finished"
        what = f"{entry.values} values, {entry.prompt_tokens:,} prompt tokens, {entry.wall_time_s:.1f} s"
        if entry.status != "finished":
            what = entry.reason.splitlines()[0] if entry.reason else what
        failed = f" ({self.failed} not finished so far)" if self.failed else ""
        line = f"[{self.done_count}/{self.total}] {entry.case} {entry.status}: {what}{failed}"
        self.console.print(Text(line), soft_wrap=True, highlight=False)
        self.console.file.flush()


def summary_table(report: BatchReport) -> Table:
    entries = report.entries
    table = Table(title="Batch summary", show_header=False)
    table.add_column("", style="bold")
    table.add_column("", justify="right")
    rows = [("cases", str(len(entries)))]
    rows += [(status, str(report.count(status))) for status in ("finished", "interrupted", "failed")]
    rows += [
        ("already finished before", str(len(report.skipped))),
        ("values", f"{sum(e.values for e in entries):,}"),
        ("prompt tokens", f"{sum(e.prompt_tokens for e in entries):,}"),
        ("cost", f"${sum(e.cost_usd for e in entries):.2f}"),
        ("wall time", f"{report.wall_time_s:.1f} s at concurrency {report.concurrency}"),
    ]
    for row in rows:
        table.add_row(*row)
    return table


def failures_table(report: BatchReport) -> Table | None:
    failed = [e for e in report.entries if e.status != "finished"]
    if not failed:
        return None
    table = Table(title=f"Not finished ({len(failed)}; reasons in {INDEX_NAME})")
    table.add_column("case")
    table.add_column("status")
    table.add_column("reason", overflow="fold")
    for e in failed[:FAILURES_SHOWN]:
        table.add_row(Text(printable(e.case)), e.status, Text(printable(e.reason)))
    return table


def resume_command(input_dir: Path, out: Path, settings: RunSettings) -> str:
    """The exact command line that continues this batch (finished cases are skipped)."""
    parts = ["gavel-agent", "batch", str(input_dir), "--out", str(out), "--resume"]
    defaults = RunSettings()
    for flag, value, default in (
        ("--items", settings.items, defaults.items),
        ("--spec", settings.spec, defaults.spec),
        ("--model", settings.model, None),
        ("--base-url", settings.base_url, None),
        ("--method", settings.method, defaults.method),
        ("--max-steps", settings.max_steps, defaults.max_steps),
        ("--timeout", settings.timeout, None),
    ):
        if value is not None and value != default:
            parts += [flag, str(value)]
    return shlex.join(parts + (["--verify"] if settings.verify else []))


def stopped_by_user(err: Console, job: Batch, command: str) -> typer.Exit:
    """Ctrl-C: what the run folders say was done (runs cut short marked interrupted), and how to go on."""
    counts = batch_interrupt.settle(job.jobs(), job.out_dir)
    total = sum(counts.values())
    left = total - counts["finished"] - counts["failed"]
    err.print(
        Text(
            f"batch stopped by the user (Ctrl-C): {counts['finished']} of {total} cases finished, "
            f"{counts['failed']} failed, {left} still to run (partial runs are kept) → {job.out_dir}"
        ),
        soft_wrap=True,
        highlight=False,
    )
    err.print(Text("continue with: ", style="bold") + Text(command), soft_wrap=True, highlight=False)
    return typer.Exit(130)


def register(app: typer.Typer) -> None:
    @app.command()
    def batch(
        input_dir: Path = typer.Argument(
            ..., metavar="INPUT", help="Folder of case folders or Clearinghouse case_<id>.json records."
        ),
        out: Path = typer.Option(..., help="Output folder: one run folder per case, index.jsonl."),
        items: str = ITEMS_OPTION,
        spec: str = SPEC_OPTION,
        model: str = typer.Option(
            None, help="offline (default), openai:<m>, anthropic:<m>, openai-compatible:<m>, litellm:<provider>/<m>."
        ),
        base_url: str = BASE_URL_OPTION,
        method: str = typer.Option("agent", help="agent, end-to-end or chunk."),
        concurrency: int = typer.Option(None, help="Cases at a time (default: cores for offline, 8 for LLMs)."),
        max_steps: int = typer.Option(DEFAULT_MAX_STEPS, help="Most model calls per case."),
        timeout: float = TIMEOUT_OPTION,
        resume: bool = typer.Option(False, help="Skip finished cases, continue partial ones."),
        quiet: bool = typer.Option(
            False, help="No progress (a bar on a terminal, else one line per case as it finishes)."
        ),
        verify: bool = typer.Option(
            False,
            help="Challenge every value after extraction (agent method; with --model's LLM, else offline checks); flips go to verify.jsonl.",
        ),
        allow_failures: bool = typer.Option(
            False, "--allow-failures", help="Exit 0 even when some cases failed or were interrupted."
        ),
        db: Path = typer.Option(None, help="Results store to write as runs finish (default: OUT/results.sqlite)."),
        engine: str = typer.Option(
            "auto", help="auto (process pool offline, asyncio for LLMs), process, asyncio or ray."
        ),
        address: str = typer.Option(None, help="Ray cluster address for --engine ray (default: a local Ray)."),
        requests_per_minute: float = typer.Option(
            None, help="Model requests per minute per provider key, shared by all cases (and all Ray workers)."
        ),
    ) -> None:
        """Run the agent (or a baseline) over every case in a folder; failures are recorded, not fatal."""
        if method not in BATCH_METHODS:
            raise UserError(f"unknown --method {method!r}; use one of {', '.join(BATCH_METHODS)}")
        if not input_dir.exists():
            raise UserError(f"{input_dir}: no such folder")
        writable_folder(out)
        writable_file(db, "--db")
        err = Console(stderr=True)
        bar = ProgressBar(err) if err.is_terminal else ProgressLines(err)
        with user_errors(ValueError, UnknownItemError):
            load_spec(spec).select(items)  # a bad spec or item fails once, not once per case
            settings = RunSettings(spec, items, model, base_url, method, max_steps, verify, timeout)
            job = Batch(
                discover(input_dir),
                out,
                settings,
                concurrency,
                resume,
                progress=BatchProgress() if quiet else bar.hooks(),
                db=db,
                engine=engine,
                address=address,
                requests_per_minute=requests_per_minute,
            )
        try:
            with user_errors(StoreError), bar.bar if isinstance(bar, ProgressBar) and not quiet else nullcontext():
                report = asyncio.run(job.run())
        except KeyboardInterrupt:
            raise stopped_by_user(err, job, resume_command(input_dir, out, settings)) from None
        Console().print(summary_table(report))
        failures = failures_table(report)
        if failures is not None:
            Console().print(failures)
        err.print(Text(f"index: {out / INDEX_NAME}; results store: {db or out / DB_NAME}"), highlight=False)
        unfinished = len(report.entries) - report.count("finished")
        if unfinished:
            outcome = f"{unfinished} of {len(report.entries)} cases did not finish"
            if allow_failures:
                err.print(f"{outcome}; exit code 0 (--allow-failures)", highlight=False)
            else:
                err.print(f"{outcome}; exit code {EXIT_NOT_ALL_FINISHED} (--allow-failures exits 0)", highlight=False)
                raise typer.Exit(EXIT_NOT_ALL_FINISHED)
