"""Helpers shared by the CLI commands."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.console import Console
from rich.text import Text

from gavel_agent.case import Case, CaseError, load_case
from gavel_agent.checklists import ChecklistSpec, UnknownItemError, load_spec
from gavel_agent.errors import UserError
from gavel_agent.printable import printable

console = Console(stderr=True)

# Parameters several commands take, declared once so their flags and help read the same everywhere.
CASE_ARGUMENT = typer.Argument(
    ..., help="Case folder, Clearinghouse case_<id>.json record, or one document (.txt, .md, .pdf, .docx, .doc, .wpd)."
)
ITEMS_OPTION = typer.Option("all", help="'all', a group key, or comma-separated item keys.")
SPEC_OPTION = typer.Option("gavel", help="Checklist spec: gavel, cato, cuad, or a spec file.")
BASE_URL_OPTION = typer.Option(None, help="Server URL for openai-compatible models.")
JSON_OUTPUT_OPTION = typer.Option(False, "--json", help="Print the checklist as JSON on stdout, nothing else.")


@contextmanager
def user_errors(*kinds: type[BaseException]):
    """Re-raise the given exception kinds as UserError with their message."""
    try:
        yield
    except kinds as e:
        raise UserError(str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__) from None


def load_inputs(case_path: str, spec_name: str, items: str) -> tuple[Case, ChecklistSpec, list[str]]:
    """The case, the checklist spec and the selected item keys, or a one-line error."""
    with user_errors(CaseError, UnknownItemError):
        case = load_case(case_path)
        spec = load_spec(spec_name)
        keys = spec.select(items)
    return case, spec, keys


def show_case_warnings(err: Console, case: Case) -> None:
    """Skipped files, unread scans, redactions: shown once, after loading, even with --quiet."""
    for warning in case.warnings:
        err.print(Text(f"warning: {printable(warning)}", style="yellow"), soft_wrap=True, highlight=False)


def refuse_existing_run(run_dir: Path, hint: str) -> None:
    if (run_dir / "stats.json").exists():
        raise UserError(f"{run_dir} already holds a run; {hint}")


def writable_folder(path: Path, option: str = "--out") -> Path:
    """``path`` created as a folder to write into, checked before any work is done; else a one-line error."""
    if path.exists() and not path.is_dir():
        raise UserError(f"{option} {path} is a file; give a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"{option} {path}: cannot create the folder ({e.strerror or type(e).__name__})") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise UserError(f"{option} {path}: the folder is not writable")
    return path


def writable_file(path: Path | None, option: str) -> Path | None:
    """``path`` checked as a file that can be written, before the work whose result it will hold (an
    option not given, None, asks for nothing)."""
    if path is None:
        return None
    if path.is_dir():
        raise UserError(f"{option} {path} is a folder; give a file name")
    writable_folder(path.parent, f"{option} {path}: its folder")
    return path
