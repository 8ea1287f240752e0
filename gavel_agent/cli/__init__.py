"""The ``gavel-agent`` command line.

Each sub-command lives in its own module exposing ``register(app)``. Modules are
imported only when their command runs (the agent SDK, scipy and matplotlib are
slow to import), so ``gavel-agent --help`` and light commands start quickly.
Expected failures become one-line errors.
"""

from __future__ import annotations

import importlib
import sys

import click
import typer
from typer.core import TyperGroup

from gavel_agent.cli.common import UserError

# command name -> (module, one-line summary for the command list)
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("gavel_agent.cli.run", "Extract a checklist from one case with a live trace; every value has a verified quote."),
    "batch": ("gavel_agent.cli.batch", "Run the agent (or a baseline) over a folder of cases; failures are recorded, not fatal."),
    "extract": ("gavel_agent.cli.extract", "End-to-end or chunk-by-chunk baseline extraction for one case."),
    "compare": ("gavel_agent.cli.compare", "Compare runs item by item (rich table, JSON, HTML report), optionally against a reference."),
    "evaluate": ("gavel_agent.cli.evaluate", "Score checklists against a reference (GAVEL-Ref S_checklist), offline or with an LLM judge."),
    "evaluate-residual-style": ("gavel_agent.cli.evaluate", "S_residual and S_style of summaries vs reference summaries (offline proxies)."),
    "evaluate-summaries": ("gavel_agent.cli.evaluate_summaries", "Score summaries: QA grading, ROUGE, novel n-grams, agreement with a judge."),
    "audit": ("gavel_agent.cli.audit", "Typed hallucination audit: FAR, FRR, Hal, JEq, RDI per category with bootstrap CIs."),
    "arguments": ("gavel_agent.cli.arguments", "Generate and evaluate 3-ply case-based arguments (AccH, RecU, abstention)."),
    "import": ("gavel_agent.cli.import_case", "Convert Clearinghouse records or GAVEL case data into case folders."),
    "index": ("gavel_agent.cli.results", "Build the results store (SQLite) from run folders."),
    "export": ("gavel_agent.cli.results", "Export every value with its evidence as CSV, Parquet or JSONL (or one row per case)."),
}


class LazyCommands(TyperGroup):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        holder = typer.Typer()
        importlib.import_module(COMMANDS[name][0]).register(holder)
        return typer.main.get_group(holder).get_command(ctx, name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, summary) for name, (_, summary) in COMMANDS.items()])


app = typer.Typer(
    cls=LazyCommands,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Extract evidence-backed checklists from legal case files, and score extractions, summaries and arguments.",
)


@app.callback()
def _root() -> None:
    """Extract evidence-backed checklists from legal case files, and score extractions, summaries and arguments."""


def main() -> None:
    try:
        app()
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
