"""``gavel-agent compare RUN_A RUN_B [--reference REF]``: runs side by side, per item."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from gavel_agent import atomic
from gavel_agent.checklists import UnknownItemError, load_spec
from gavel_agent.cli.common import UserError, user_errors, writable_file
from gavel_agent.compare import Comparison, compare
from gavel_agent.live_trace import clip
from gavel_agent.report_html import render

VALUE_WIDTH = 60


def _score(value: float | None, scale: float = 1.0) -> str:
    return "" if value is None else f"{value * scale:.2f}"


MARK_STYLE = {"agree": "green", "differ": "bold red", "only": "yellow"}
MARK_SYMBOL = {"agree": "=", "differ": "≠", "only": "+"}


def _marked(mark: str, text: str) -> Text:
    kind = mark.split()[0] if mark else ""
    return Text.assemble((f"{MARK_SYMBOL.get(kind, ' ')} ", MARK_STYLE.get(kind, "")), text)


def items_table(comparison: Comparison) -> Table:
    scored = comparison.reference is not None
    table = Table(
        title=Text(f"Case {comparison.case}: per item (= agree, ≠ differ, + only this run; {comparison.judge} judge)"),
        show_lines=True,
        expand=True,
    )
    table.add_column("item", style="bold", ratio=1, min_width=16, overflow="fold")
    if scored:
        table.add_column("reference", ratio=2)
    for run in comparison.runs:
        table.add_column(f"{run.label} values", ratio=2)
        table.add_column(f"{run.label} documents", ratio=1)
        if scored:
            table.add_column(f"{run.label} score", justify="right")
    for row in comparison.items:
        cells = [Text.assemble(row.item, "\n", (row.agreement, MARK_STYLE.get(row.agreement.split()[0], "")))]
        if scored:
            cells.append(Text("; ".join(row.reference or []) or "—"))
        for cell in row.cells:
            values = Text("\n").join(
                _marked(m, clip(v.value, VALUE_WIDTH)) for v, m in zip(cell.values, cell.agreement)
            )
            cells += [values if cell.values else Text("—"), Text(", ".join(cell.documents))]
            if scored:
                cells.append(Text(_score(cell.score)))
        table.add_row(*cells)
    return table


def totals_table(comparison: Comparison) -> Table:
    table = Table(title="Per run")
    for column in ("run", "model", "method", "status", "score", "prompt tokens", "cost $", "wall s", "path"):
        table.add_column(
            column, justify="right" if column in ("score", "prompt tokens", "cost $", "wall s") else "left"
        )
    for r in comparison.runs:
        table.add_row(
            r.label,
            Text(r.model),
            r.method,
            r.status,
            "" if r.score is None else f"{r.score:.1f}",
            f"{r.prompt_tokens:,}",
            f"{r.cost_usd:.4f}",
            f"{r.wall_time_s:.1f}",
            Text(r.path),
        )
    return table


def register(app: typer.Typer) -> None:
    @app.command(name="compare")
    def compare_command(
        runs: list[Path] = typer.Argument(
            ..., metavar="RUN_A RUN_B [RUN ...]", help="Run folders or checklist.json files of one case."
        ),
        reference: Path = typer.Option(
            None,
            help="GAVEL human.json, a hand-made {item: [values]} file, a checklist.json, or a Clearinghouse case_<id>.json.",
        ),
        spec: str = typer.Option("gavel", help="Checklist spec of the runs."),
        judge_model: str = typer.Option(
            None,
            help="Decide agreement (and score) with an LLM judge (e.g. openai:gpt-4.1-mini) instead of the offline judge.",
        ),
        differences_only: bool = typer.Option(
            False,
            "--differences-only",
            help="Leave out the items every run agrees on (terminal and JSON; the HTML starts with them hidden).",
        ),
        json_out: Path = typer.Option(None, "--json", help="Write the comparison as JSON to this file."),
        html_out: Path = typer.Option(None, "--html", help="Write a self-contained HTML report to this file."),
        quiet: bool = typer.Option(False, help="No tables on the terminal."),
    ) -> None:
        """Compare runs item by item: values, evidence documents, scores, tokens, cost and time.

        Every item and value is marked agree / differ / only A (decided by the offline judge, or
        --judge-model, without needing a reference); cmp.json carries the same marks.
        """
        if len(runs) < 2:
            raise UserError("compare needs at least two runs (RUN_A RUN_B)")
        for path, option in ((json_out, "--json"), (html_out, "--html")):
            writable_file(path, option)
        with user_errors(ValueError, UnknownItemError):
            checklist_spec = load_spec(spec)
            comparison = compare(runs, checklist_spec, reference, _judge(judge_model, checklist_spec))
        shown = comparison.differences_only() if differences_only else comparison
        if json_out is not None:
            atomic.write_text(json_out, shown.model_dump_json(indent=2) + "\n")
        if html_out is not None:
            atomic.write_text(html_out, render(comparison, differences_only))
        if not quiet:
            console = Console()
            console.print(items_table(shown))
            console.print(totals_table(comparison))
        written = [str(p) for p in (json_out, html_out) if p is not None]
        if written:
            Console(stderr=True).print(Text(f"wrote {', '.join(written)}"), highlight=False)


def _judge(judge_model: str | None, spec):
    if judge_model is None:
        from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge

        return OfflineJudge()
    from gavel_agent.backends.completer import make_completer
    from gavel_agent.evaluators.checklist.judges.llm import LLMJudge

    return LLMJudge(make_completer(judge_model), name=judge_model, spec=spec)
