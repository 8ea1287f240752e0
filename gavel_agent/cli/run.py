"""``gavel-agent run CASE``: extract a checklist from one case with a live trace."""

from __future__ import annotations

import asyncio
import shlex
import shutil
import sys
import time
from contextlib import nullcontext
from pathlib import Path

import typer
from rich.console import Console
from rich.text import Text

from gavel_agent.backends import resolve_model
from gavel_agent.case_identity import CaseIdentity
from gavel_agent.cli.common import (
    BASE_URL_OPTION,
    CASE_ARGUMENT,
    ITEMS_OPTION,
    JSON_OUTPUT_OPTION,
    SPEC_OPTION,
    UserError,
    load_inputs,
    refuse_existing_run,
    show_case_warnings,
    user_errors,
    writable_folder,
)
from gavel_agent.cli.run_summary import run_summary
from gavel_agent.errors import RunFailed
from gavel_agent.live_trace import agent_trace, loading, results_table, verify_trace
from gavel_agent.loop import DEFAULT_MAX_STEPS, AgentRun
from gavel_agent.run_folder import RunFiles, RunStats
from gavel_agent.run_folder_names import folder_name, folder_under
from gavel_agent.sdk_tracing import TRACE_OPTION, configure_tracing
from gavel_agent.verification.roles import run_completer, verify_agent_run

TIMEOUT_OPTION = typer.Option(
    None,
    help="Seconds to wait for each model reply before retrying it (default: GAVEL_TIMEOUT, else 120); "
    "a local model on a CPU may need minutes.",
)


def identity_line(path: Path) -> str | None:
    """The run's case identity as one line: each value with the document and page its quote is on."""
    if not path.is_file():
        return None
    identity = CaseIdentity.model_validate_json(path.read_text(encoding="utf-8"))
    parts = [
        f"{label} {stated.value} ({stated.evidence.place})"
        for label, stated in (("court:", identity.court), ("docket number:", identity.docket_number))
        if stated
    ]
    return (
        "case identity: " + "; ".join(parts) if parts else "case identity: no document names the court or docket number"
    )


def default_run_dir(case_name: str, model_label: str) -> Path:
    """runs/<case>-<model>-<time>; the case id comes from the input, so it is reduced to a plain name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    with user_errors(ValueError):
        return folder_under("runs", f"{folder_name(case_name)}-{folder_name(model_label, 'model')}-{stamp}")


def prepare_run(
    case_path: str,
    spec_name: str,
    items: str,
    model: str | None,
    base_url: str | None,
    out: Path | None,
    max_steps: int,
    resume: bool,
    trace: bool = False,
    timeout: float | None = None,
) -> AgentRun:
    """Everything a run needs, with bad input turned into one-line errors."""
    if resume and out is None:
        raise UserError("--resume needs --out DIR naming the run folder to continue")
    loading_started = time.monotonic()
    case, spec, keys = load_inputs(case_path, spec_name, items)
    with user_errors(ValueError):
        resolved = resolve_model(model, base_url, timeout)
    if max_steps < 1:
        raise UserError("--max-steps must be at least 1")
    run_dir = out or default_run_dir(case.name, resolved.label)
    if not resume:
        refuse_existing_run(run_dir, "add --resume to continue it or choose another --out")
    writable_folder(run_dir)
    agent_run = AgentRun(case, spec, keys, resolved, run_dir, max_steps=max_steps, trace=trace)
    agent_run.loading_s = time.monotonic() - loading_started  # reading the files (OCR included) counts
    if resume:
        with user_errors(ValueError):
            agent_run.check_resumable()
    return agent_run


def resume_command(
    case: str, agent_run: AgentRun, base_url: str | None, verify: bool, timeout: float | None = None
) -> str:
    """The exact command line that continues this run."""
    parts = ["gavel-agent", "run", case, "--out", str(agent_run.run_dir), "--resume"]
    if agent_run.item_keys != agent_run.spec.keys:
        parts += ["--items", ",".join(agent_run.item_keys)]
    if agent_run.spec.name != "gavel":
        parts += ["--spec", agent_run.spec.name]
    parts += ["--model", agent_run.model.label]
    if base_url:
        parts += ["--base-url", base_url]
    if agent_run.max_steps != DEFAULT_MAX_STEPS:
        parts += ["--max-steps", str(agent_run.max_steps)]
    if timeout is not None:
        parts += ["--timeout", f"{timeout:g}"]
    return shlex.join(parts + (["--verify"] if verify else []))


def summary_line(stats: RunStats, run_dir: Path) -> Text:
    return Text(
        f"{stats.status}: {stats.filled_items + stats.settled_none}/{len(stats.items)} items settled: "
        f"{stats.filled_items} with values, {stats.settled_none} none in the record, {stats.values} values, "
        f"{stats.steps} steps, {stats.prompt_tokens:,} prompt tokens, ${stats.cost_usd:.4f}, "
        f"{stats.wall_time_s:.1f} s → {run_dir}"
    )


def reached_model(stats: RunStats) -> bool:
    """Whether any model call of the run was answered (a reply reports tokens or calls a tool)."""
    return bool(stats.tool_counts) or any(s.input_tokens or s.output_tokens or s.tool_calls for s in stats.per_step)


def discard_unstarted_run(files: RunFiles, created: bool) -> None:
    """A run that never reached its model holds nothing worth resuming: its folder goes (or, in a folder
    the user named that was there before, only the files the run wrote)."""
    if created:
        shutil.rmtree(files.dir, ignore_errors=True)
        return
    for path in (files.checklist, files.ledger, files.stats, files.conversation, files.identity):
        path.unlink(missing_ok=True)


def stopped_by_user(err: Console, agent_run: AgentRun, command: str) -> typer.Exit:
    """Ctrl-C: record the run as interrupted, say what it holds and how to continue it."""
    stats = agent_run.stats
    stats.status, stats.stop_reason = "interrupted", "stopped by the user (Ctrl-C)"
    stats.filled_items = len(agent_run.item_keys) - len(agent_run.ws.checklist.empty_items())
    stats.settled_none = len(agent_run.ws.checklist.settled)
    stats.values = sum(len(v) for v in agent_run.ws.checklist.items.values())
    if agent_run.files.exists():
        agent_run.files.write_stats(stats)
    err.print(summary_line(stats, agent_run.run_dir), soft_wrap=True, highlight=False)
    err.print(Text("continue with: ", style="bold") + Text(command), soft_wrap=True, highlight=False)
    return typer.Exit(130)


def register(app: typer.Typer) -> None:
    @app.command()
    def run(
        case: str = CASE_ARGUMENT,
        items: str = ITEMS_OPTION,
        spec: str = SPEC_OPTION,
        model: str = typer.Option(
            None,
            help="offline, openai:<m>, anthropic:<m>, openai-compatible:<m> or litellm:<provider>/<m> (default: GAVEL_MODEL, else offline).",
        ),
        base_url: str = BASE_URL_OPTION,
        max_steps: int = typer.Option(DEFAULT_MAX_STEPS, help="Most model calls before the run is ended."),
        out: Path = typer.Option(None, help="Run folder (default runs/<case>-<model>-<time>)."),
        resume: bool = typer.Option(False, help="Continue a stopped run in --out."),
        timeout: float = TIMEOUT_OPTION,
        quiet: bool = typer.Option(False, help="No live trace; print the summary only."),
        table: bool = typer.Option(False, "--table", help="Print every value with its evidence in a table."),
        json_output: bool = JSON_OUTPUT_OPTION,
        trace: str = TRACE_OPTION,
        verify: bool = typer.Option(
            False,
            help="Challenge every value after extraction (with --model's LLM, else offline checks); flips are logged to verify.jsonl.",
        ),
    ) -> None:
        """Extract a checklist from one case; every value is stored with a verified quote.

        The trace prints every step (tool, arguments, result, values stored with a short quote)
        with a live status line below; when stderr is not a terminal every step is still written.
        Ctrl-C stops the run, keeps what it stored and prints the command that continues it.
        """
        err = Console(stderr=True)
        show = not (quiet or json_output)
        traced = configure_tracing(trace)  # a bad --trace fails before the case is loaded
        fresh_folder = out is None or not out.exists()
        try:
            with loading(err, case) if show else nullcontext():
                agent_run = prepare_run(case, spec, items, model, base_url, out, max_steps, resume, traced, timeout)
        except KeyboardInterrupt:
            err.print(
                Text(f"interrupted while loading the case {case}; nothing was run"), soft_wrap=True, highlight=False
            )
            raise typer.Exit(130) from None
        label = agent_run.model.label
        if agent_run.model.is_offline:
            label += " (deterministic rules, no LLM and no network)"
        header = (
            f"case {agent_run.case.name}: {len(agent_run.case.documents)} documents, "
            f"{agent_run.case.token_count:,} tokens · {len(agent_run.item_keys)} items · model {label}"
        )
        command = resume_command(case, agent_run, base_url, verify, timeout)
        show_case_warnings(err, agent_run.case)
        try:
            if not show:
                outcome = asyncio.run(agent_run.run(resume=resume))
            else:
                err.print(Text(header, style="bold"), soft_wrap=True, highlight=False)
                live = agent_trace(err, agent_run)
                if resume and agent_run.files.checklist.is_file():
                    live.mark_seen(agent_run.files.read_checklist().items)
                with live:
                    outcome = asyncio.run(agent_run.run(resume=resume))
        except KeyboardInterrupt:
            raise stopped_by_user(err, agent_run, command) from None
        if outcome.stats.status == "interrupted" and not reached_model(outcome.stats) and not resume:
            discard_unstarted_run(agent_run.files, fresh_folder)
            raise RunFailed(
                f"{outcome.stats.stop_reason} (no model call was answered; no run folder was kept: run the command again)"
            )
        if verify and outcome.stats.status == "finished":  # an interrupted run is resumed first
            tracer, on_decision = verify_trace(err) if show else (nullcontext(), None)
            with tracer:
                outcome.checklist = verify_agent_run(
                    agent_run,
                    run_completer(agent_run.model, base_url),
                    report=lambda line: err.print(Text(line), highlight=False),
                    on_decision=on_decision,
                ).checklist
        stats = outcome.stats
        if json_output:
            sys.stdout.write(outcome.checklist.model_dump_json(indent=2) + "\n")
        elif not quiet:
            if table:
                Console().print(results_table(agent_run.spec, outcome.checklist))
            if line := identity_line(agent_run.files.identity):
                err.print(Text(line), soft_wrap=True, highlight=False)
        if stats.status == "interrupted":
            raise RunFailed(f"run interrupted ({stats.stop_reason}); continue with: {command}")
        if not json_output:
            if not quiet:
                err.print()
            for summary in run_summary(stats, outcome.checklist, outcome.run_dir, offer_table=not (table or quiet)):
                err.print(summary, soft_wrap=True, highlight=False)
