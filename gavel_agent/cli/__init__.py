"""The ``gavel-agent`` command line.

Each sub-command lives in its own module exposing ``register(app)``. Modules are
imported only when their command runs (the agent SDK, scipy and matplotlib are
slow to import), so ``gavel-agent --help`` and light commands start quickly.
Every failure, expected or not, leaves through ``main``'s one handler: a single line on stderr
with API keys scrubbed, and a non-zero exit code (2 for bad input, 1 for anything else, 130 when
interrupted). ``GAVEL_DEBUG=1`` adds the (also scrubbed) traceback.
"""

from __future__ import annotations

import errno
import importlib
import logging
import os
import sys
import traceback
from difflib import get_close_matches

import click
import typer
import typer.core
from typer.core import TyperGroup

from gavel_agent import __version__
from gavel_agent.errors import UserError
from gavel_agent.extras import missing_extra
from gavel_agent.printable import printable

# command name -> (module, one-line summary for the command list)
EXIT_FAILED = 1
EXIT_USAGE = 2  # bad input, or a command whose optional extra is not installed
EXIT_INTERRUPTED = 130
MAX_ERROR_CHARS = 1000
# Exceptions raised by these libraries are a model server's or the network's failure, not a bug of ours.
PROVIDER_MODULES = ("openai", "anthropic", "httpx", "httpx2", "httpcore")

COMMANDS: dict[str, tuple[str, str]] = {
    "run": (
        "gavel_agent.cli.run",
        "Extract a checklist from one case with a live trace; every value has a verified quote.",
    ),
    "batch": (
        "gavel_agent.cli.batch",
        "Run the agent (or a baseline) over a folder of cases; failures are recorded, not fatal.",
    ),
    "baseline": ("gavel_agent.cli.baseline", "End-to-end or chunk-by-chunk baseline extraction for one case."),
    "compare": (
        "gavel_agent.cli.compare",
        "Compare runs item by item (rich table, JSON, HTML report), optionally against a reference.",
    ),
    "evaluate": (
        "gavel_agent.cli.evaluate",
        "Score checklists against a reference (GAVEL-Ref S_checklist), offline or with an LLM judge.",
    ),
    "evaluate-residual-style": (
        "gavel_agent.cli.evaluate",
        "S_residual and S_style of summaries vs reference summaries (offline proxies).",
    ),
    "evaluate-summaries": (
        "gavel_agent.cli.evaluate_summaries",
        "Score summaries: QA grading, ROUGE, novel n-grams, agreement with a judge.",
    ),
    "audit": (
        "gavel_agent.cli.audit",
        "Typed hallucination audit: FAR, FRR, Hal, JEq, RDI per category with bootstrap CIs.",
    ),
    "arguments": (
        "gavel_agent.cli.arguments",
        "Generate and evaluate 3-ply case-based arguments (AccH, RecU, abstention).",
    ),
    "import": (
        "gavel_agent.cli.import_case",
        "Make case folders from Clearinghouse records or GAVEL case data, or fetch one (clearinghouse:<id>, courtlistener:<docket id>).",
    ),
    "index": ("gavel_agent.cli.results", "Build the results store (SQLite) from run folders."),
    "review": (
        "gavel_agent.cli.review",
        "Review values against their evidence in a local web page; compare two runs; export.",
    ),
    "report": (
        "gavel_agent.cli.report",
        "One HTML file for a run: every value with its quote highlighted in its text, page and status.",
    ),
    "export": (
        "gavel_agent.cli.results",
        "Export every value with its evidence as CSV, Parquet or JSONL (or one row per case).",
    ),
}

# Old command names -> new: "extract" ran the baselines while gavel_agent.extract() runs the agent.
RENAMED = {"extract": "baseline"}


class LazyCommands(TyperGroup):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in RENAMED:  # an old name still works, and says the new one
            typer.echo(f"note: 'gavel-agent {name}' is now 'gavel-agent {RENAMED[name]}'", err=True)
            name = RENAMED[name]
        if name not in COMMANDS:
            return None
        from gavel_agent.cli.help_text import readable

        # Plain help text: rich markup would eat bracketed words such as "{item: [values]}".
        holder = typer.Typer(rich_markup_mode=None)
        importlib.import_module(COMMANDS[name][0]).register(holder)
        command = typer.main.get_group(holder).get_command(ctx, name)
        return readable(command) if command is not None else None

    def resolve_command(self, ctx: click.Context, args: list[str]):
        try:
            return super().resolve_command(ctx, args)
        except _CLICK_ERRORS.UsageError as e:
            # typer's own suggestion looks at the loaded commands, and these load only when run.
            close = get_close_matches(args[0], list(COMMANDS)) if args and "Did you mean" not in e.message else []
            if close:
                e.message = f"{e.message.rstrip('.')}. Did you mean {' or '.join(close)}?"
            raise

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, summary) for name, (_, summary) in COMMANDS.items()])


app = typer.Typer(
    cls=LazyCommands,
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Extract evidence-backed checklists from legal case files, and score extractions, summaries and arguments.",
)


def _show_version(asked: bool) -> None:
    if asked:
        print(f"gavel-agent {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", "-V", callback=_show_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Extract evidence-backed checklists from legal case files, and score extractions, summaries and arguments."""


def error_line(error: BaseException) -> str:
    """What the user is told about ``error``: one line, keys scrubbed."""
    from gavel_agent.backends.keys import redact  # the model stack loads on failure only, not for --help

    if isinstance(error, UserError):
        text = str(error)
    elif extra := missing_extra(error):
        return extra
    elif isinstance(error, OSError) and error.errno == errno.ENOSPC:
        text = f"{error.filename or 'a file'}: no space left on the disk; free some and run again (--resume continues)"
    elif isinstance(error, OSError) and error.filename:
        text = f"{error.filename}: {error.strerror or type(error).__name__}"
    else:
        first = next((line for line in str(error).splitlines() if line.strip()), "")
        text = f"{type(error).__name__}: {first}" if first else type(error).__name__
    text = printable(" ".join(redact(text).split()))
    if len(text) > MAX_ERROR_CHARS:
        text = text[: MAX_ERROR_CHARS - 1] + "…"
    if type(error).__module__.split(".")[0] in PROVIDER_MODULES:
        text = f"model API call failed: {text}"
    elif not isinstance(error, (UserError, OSError)):
        text += " (unexpected; GAVEL_DEBUG=1 shows the traceback)"
    return text


# The click that typer runs on: its own copy from typer 0.29, whose errors are that copy's classes.
_CLICK_ERRORS = getattr(typer.core, "_click", click).exceptions
_NO_ARGS_IS_HELP = getattr(_CLICK_ERRORS, "NoArgsIsHelpError", ())  # click 8.2 on


def main() -> None:
    if not os.environ.get("GAVEL_DEBUG"):
        # Libraries' own error logs (the agents SDK logs each failed model call) would add unredacted
        # lines around ours; a root handler keeps Python's last-resort stderr printer out of it.
        logging.getLogger().addHandler(logging.NullHandler())
    try:
        # Not standalone: click's own usage errors come here to be told in one line, as ours are.
        outcome = app(standalone_mode=False, prog_name="gavel-agent")
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(EXIT_INTERRUPTED)
    except _CLICK_ERRORS.ClickException as e:
        if isinstance(e, _NO_ARGS_IS_HELP):  # a bare command: its help is the answer
            e.show()
        else:  # an unknown option, a bad value, a missing argument: one line, as our own errors
            where = f" (see {e.ctx.command_path} --help)" if getattr(e, "ctx", None) else ""
            print(f"error: {' '.join(e.format_message().split())}{where}", file=sys.stderr)
        sys.exit(e.exit_code)
    except (typer.Abort, click.Abort) as e:  # click turns Ctrl-C into Abort too
        if isinstance(e.__cause__, KeyboardInterrupt):
            print("interrupted", file=sys.stderr)
            sys.exit(EXIT_INTERRUPTED)
        print("error: aborted", file=sys.stderr)  # end of input at a prompt
        sys.exit(EXIT_FAILED)
    except Exception as e:
        if os.environ.get("GAVEL_DEBUG"):
            from gavel_agent.backends.keys import redact

            print(redact(traceback.format_exc()), file=sys.stderr)
        print(f"error: {error_line(e)}", file=sys.stderr)
        sys.exit(e.exit_code if isinstance(e, UserError) else EXIT_USAGE if missing_extra(e) else EXIT_FAILED)
    # typer returns an explicit exit's code (typer.Exit, --help, Ctrl-C's 130); a command returns None
    sys.exit(outcome if isinstance(outcome, int) else 0)
