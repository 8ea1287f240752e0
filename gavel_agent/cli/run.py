"""``gavel-agent run CASE``: extract a checklist from one case with a live trace."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import typer
from rich.console import Console

from gavel_agent.cli.common import (
    BASE_URL_OPTION, CASE_ARGUMENT, ITEMS_OPTION, JSON_OUTPUT_OPTION, SPEC_OPTION, UserError, load_inputs, refuse_existing_run,
    user_errors, writable_folder,
)
from gavel_agent.loop import DEFAULT_MAX_STEPS, AgentRun
from gavel_agent.models import ResolvedModel, resolve_model
from gavel_agent.run_dirs import folder_name, folder_under
from gavel_agent.trace import LiveTrace, results_table
from gavel_agent.verify import verify_run


def default_run_dir(case_name: str, model_label: str) -> Path:
    """runs/<case>-<model>-<time>; the case id comes from the input, so it is reduced to a plain name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    with user_errors(ValueError):
        return folder_under("runs", f"{folder_name(case_name)}-{folder_name(model_label, 'model')}-{stamp}")


def prepare_run(case_path: str, spec_name: str, items: str, model: str | None, base_url: str | None,
                out: Path | None, max_steps: int, resume: bool, trace: bool = False) -> AgentRun:
    """Everything a run needs, with bad input turned into one-line errors."""
    if resume and out is None:
        raise UserError("--resume needs --out DIR naming the run folder to continue")
    case, spec, keys = load_inputs(case_path, spec_name, items)
    with user_errors(ValueError):
        resolved = resolve_model(model, base_url)
    if max_steps < 1:
        raise UserError("--max-steps must be at least 1")
    run_dir = out or default_run_dir(case.name, resolved.label)
    if not resume:
        refuse_existing_run(run_dir, "add --resume to continue it or choose another --out")
    writable_folder(run_dir)
    return AgentRun(case, spec, keys, resolved, run_dir, max_steps=max_steps, trace=trace)


def verify_completer(model: ResolvedModel, base_url: str | None):
    """The run's own model answers the verification challenges; offline runs keep the deterministic checks."""
    if model.is_offline:
        return None
    from gavel_agent.models.completer import make_completer

    return make_completer(model.label, base_url)


def register(app: typer.Typer) -> None:
    @app.command()
    def run(
        case: str = CASE_ARGUMENT,
        items: str = ITEMS_OPTION,
        spec: str = SPEC_OPTION,
        model: str = typer.Option(None, help="offline, openai:<m>, anthropic:<m> or openai-compatible:<m> (default: GAVEL_MODEL, else offline)."),
        base_url: str = BASE_URL_OPTION,
        max_steps: int = typer.Option(DEFAULT_MAX_STEPS, help="Most model calls before the run is ended."),
        out: Path = typer.Option(None, help="Run folder (default runs/<case>-<model>-<time>)."),
        resume: bool = typer.Option(False, help="Continue a stopped run in --out."),
        quiet: bool = typer.Option(False, help="No live trace; print a one-line summary."),
        json_output: bool = JSON_OUTPUT_OPTION,
        trace: bool = typer.Option(False, help="Opt in to the Agents SDK's tracing export (off by default)."),
        verify: bool = typer.Option(False, help="Challenge every value after extraction (with --model's LLM, else offline checks); flips are logged to verify.jsonl."),
    ) -> None:
        """Extract a checklist from one case; every value is stored with a verified quote."""
        agent_run = prepare_run(case, spec, items, model, base_url, out, max_steps, resume, trace)
        err = Console(stderr=True)
        label = agent_run.model.label
        if agent_run.model.is_offline:
            label += " (deterministic rules, no LLM and no network)"
        header = (f"case {agent_run.case.name}: {len(agent_run.case.documents)} documents, "
                  f"{agent_run.case.token_count:,} tokens · {len(agent_run.item_keys)} items · model {label}")
        if quiet or json_output:
            outcome = asyncio.run(agent_run.run(resume=resume))
        else:
            with LiveTrace(err, header) as live:
                agent_run.on_event = live
                outcome = asyncio.run(agent_run.run(resume=resume))
        if verify and outcome.stats.status == "finished":  # an interrupted run is resumed first
            outcome.checklist = verify_run(outcome.run_dir, agent_run.spec, agent_run.case, report=err.print,
                                           completer=verify_completer(agent_run.model, base_url),
                                           index=agent_run.ws.index).checklist
        stats = outcome.stats
        if json_output:
            sys.stdout.write(outcome.checklist.model_dump_json(indent=2) + "\n")
        elif not quiet:
            Console().print(results_table(agent_run.spec, outcome.checklist))
        summary = (f"{stats.status}: {stats.filled_items}/{len(stats.items)} items, {stats.values} values, "
                   f"{stats.steps} steps, {stats.prompt_tokens:,} prompt tokens, {stats.wall_time_s:.1f} s "
                   f"→ {outcome.run_dir}")
        if stats.status == "interrupted":
            raise UserError(f"run interrupted ({stats.stop_reason}); continue with --out {outcome.run_dir} --resume")
        if not json_output:
            err.print(("\n" if not quiet else "") + summary)
