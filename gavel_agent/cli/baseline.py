"""``gavel-agent baseline CASE --method end-to-end|chunk``: the baselines without navigation."""

from __future__ import annotations

import sys
from contextlib import nullcontext
from pathlib import Path

import typer
from rich.console import Console
from rich.text import Text

from gavel_agent.backends import resolve_model
from gavel_agent.baselines import METHODS, PROMPT_GROUPINGS, Baseline
from gavel_agent.baselines.methods import BATCH_STATE_NAME, CHUNK_TOKENS, baseline_for
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
from gavel_agent.cli.run import default_run_dir
from gavel_agent.errors import RunFailed
from gavel_agent.live_trace import Status, StepTrace, loading, results_table, status_text


def prepare_baseline(
    case_path: str,
    method: str,
    spec_name: str,
    items: str,
    model: str | None,
    base_url: str | None,
    out: Path | None,
    resume: bool = False,
    **options,
) -> Baseline:
    """Everything a baseline run needs, with bad input turned into one-line errors."""
    if method not in METHODS:
        raise UserError(f"unknown --method {method!r}; use one of {', '.join(METHODS)}")
    if options.get("prompt_per") not in (None, *PROMPT_GROUPINGS):
        raise UserError(f"unknown --prompt-per {options['prompt_per']!r}; use one of {', '.join(PROMPT_GROUPINGS)}")
    if (options.get("context_tokens") or 1) < 1 or options.get("chunk_tokens", 1) < 1:
        raise UserError("--context-tokens and --chunk-tokens must be positive")
    case, spec, keys = load_inputs(case_path, spec_name, items)
    with user_errors(ValueError):
        label = resolve_model(model, base_url).label
        if resume and out is None:
            raise UserError("--resume needs --out: the run folder of the batch to pick up")
        run_dir = out or default_run_dir(case.name, f"{label}-{method}")
        if not (resume and (run_dir / BATCH_STATE_NAME).is_file()):
            refuse_existing_run(
                run_dir,
                "choose another --out"
                + (" (--resume picks up a --batch-api run)" if resume or options.get("batch_api") else ""),
            )
        writable_folder(run_dir)
        return baseline_for(case, spec, keys, method, run_dir, model, base_url, **options)


def register(app: typer.Typer) -> None:
    @app.command()
    def baseline(
        case: str = CASE_ARGUMENT,
        method: str = typer.Option(
            "end-to-end", help="end-to-end (whole case per prompt) or chunk (16K-token chunks in order)."
        ),
        items: str = ITEMS_OPTION,
        spec: str = SPEC_OPTION,
        model: str = typer.Option(
            None,
            help="offline (rules over the text), openai:<m>, anthropic:<m>, openai-compatible:<m>, litellm:<provider>/<m>.",
        ),
        base_url: str = BASE_URL_OPTION,
        context_tokens: int = typer.Option(
            None, help="Context window to cut the text to (default: the model's, from backends/models.json)."
        ),
        prompt_per: str = typer.Option(
            None,
            help="One prompt per 'group' of items, per 'item', or 'all' items at once (default: group for end-to-end, all for chunk).",
        ),
        chunk_tokens: int = typer.Option(CHUNK_TOKENS, help="Tokens per chunk for --method chunk."),
        out: Path = typer.Option(None, help="Run folder (default runs/<case>-<model>-<method>-<time>)."),
        quiet: bool = typer.Option(False, help="Print only a one-line summary."),
        json_output: bool = JSON_OUTPUT_OPTION,
        batch_api: bool = typer.Option(
            False,
            "--batch-api",
            help="Send the prompts through the provider's batch API (OpenAI Batch, Anthropic Message Batches): half price, answered within 24 h (end-to-end only).",
        ),
        resume: bool = typer.Option(
            False,
            help="With --batch-api and --out: poll the batch already submitted, or resubmit the requests that failed.",
        ),
    ) -> None:
        """Extract a checklist without the agent's navigation; quotes are verified as in `run`."""
        err = Console(stderr=True)
        show = not (quiet or json_output)
        with loading(err, case) if show else nullcontext():
            baseline = prepare_baseline(
                case,
                method,
                spec,
                items,
                model,
                base_url,
                out,
                resume,
                context_tokens=context_tokens,
                prompt_per=prompt_per,
                chunk_tokens=chunk_tokens,
                batch_api=batch_api,
                on_warning=lambda w: err.print(Text.assemble(("warning: ", "bold yellow"), w)),
                on_status=lambda s: err.print(Text(s), highlight=False),
            )
        show_case_warnings(err, baseline.case)
        live = baseline_trace(err, baseline) if show else nullcontext()
        with user_errors(ValueError), live:
            outcome = baseline.run(resume=resume)
        stats = baseline.stats  # the baseline's own stats (its rejected values), also outcome.stats
        if json_output:
            sys.stdout.write(outcome.checklist.model_dump_json(indent=2) + "\n")
        elif not quiet:
            Console().print(results_table(baseline.spec, outcome.checklist))
        if stats.status == "interrupted":
            raise RunFailed(f"{method} run interrupted ({stats.stop_reason}); partial results in {outcome.run_dir}")
        if not json_output:
            err.print(
                Text(
                    f"{stats.status}: {method}, {stats.filled_items}/{len(stats.items)} items, {stats.values} values "
                    f"({stats.rejected_values} rejected), {stats.steps} calls, {stats.prompt_tokens:,} prompt "
                    f"tokens, {stats.wall_time_s:.1f} s → {outcome.run_dir}"
                ),
                highlight=False,
                soft_wrap=True,
            )


def baseline_trace(console: Console, baseline: Baseline) -> StepTrace:
    """Each model call as a line (what it read, what it stored), the values it stored, and a status line."""

    def status(elapsed: float) -> Text:
        s, state = baseline.stats, baseline.state
        return status_text(
            Status(
                step=s.steps,
                max_steps=baseline.calls or None,
                filled=len(baseline.item_keys) - len(state.empty_items()),
                total=len(baseline.item_keys),
                prompt_tokens=s.prompt_tokens,
                cost_usd=s.cost_usd,
                values=sum(len(v) for v in state.items.values()),
            ),
            elapsed,
            unit="call",
        )

    trace = StepTrace(console, status, lambda: baseline.state.items)
    baseline.on_step = lambda call, calls, shown, stored: trace.step(call, baseline.method, shown, stored)
    return trace
