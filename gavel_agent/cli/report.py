"""``gavel-agent report RUN``: one self-contained HTML file with every value of a run and its evidence."""

from __future__ import annotations

from pathlib import Path

import typer

from gavel_agent.cli.common import writable_file


def register(app: typer.Typer) -> None:
    @app.command()
    def report(
        run: Path = typer.Argument(..., metavar="RUN", help="A run folder (holding checklist.json)."),
        out: Path = typer.Option(None, metavar="FILE", help="The HTML file to write (default: RUN/report.html)."),
        case: str = typer.Option(
            None,
            metavar="CASE",
            help="The case folder or record, when the run's own record of where its case is no longer holds.",
        ),
    ) -> None:
        """Write one HTML file showing every value with its quote marked in the text around it, its page,
        how the quote was aligned, and the items not found; open it in any browser or print it."""
        from gavel_agent.atomic import write_text
        from gavel_agent.run_report import read_run, render

        report_data = read_run(run, case)
        target = out or run / "report.html"
        writable_file(target, "--out")
        write_text(target, render(report_data))
        values = sum(len(v) for v in report_data.checklist.items.values())
        print(f"wrote {target} ({len(report_data.checklist.items)} items, {values} values)")
        if report_data.note:
            print(f"note: {report_data.note}")
