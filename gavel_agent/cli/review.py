"""``gavel-agent review RUNS``: the review workbench, a local web server for checking values."""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path

import typer
from rich.console import Console

from gavel_agent.cli.common import UserError, user_errors


def register(app: typer.Typer) -> None:
    @app.command()
    def review(
        runs: list[Path] = typer.Argument(..., metavar="RUNS", help="Run folders or batch folders of runs."),
        cases: Path = typer.Option(
            None,
            help="Case folder (or folder of cases / Clearinghouse records) for runs "
            "that do not record where their case is.",
        ),
        port: int = typer.Option(0, min=0, max=65535, help="Port to listen on (0: a free one)."),
        host: str = typer.Option(
            "127.0.0.1", help="Address to bind; keep the default unless you know who can reach it."
        ),
        reviewer: str = typer.Option(None, help="Name recorded with each decision (default: your login name)."),
        open_browser: bool = typer.Option(False, "--open", help="Open the workbench in a browser."),
    ) -> None:
        """Check each value against its evidence in a local web page: accept, reject, edit, add; compare two
        runs of a case into a reference checklist; export reviewed checklists as JSON or CSV."""
        import uvicorn

        from gavel_agent.review.runs import ReviewError, Runs
        from gavel_agent.review.server import create_app, listening_socket

        if cases is not None and not cases.exists():
            raise UserError(f"--cases {cases}: no such file or folder")
        with user_errors(ReviewError):
            found = Runs(runs, cases)
        missing = [r.id for r in found if not r.source]
        try:
            sock = listening_socket(host, port)
        except OSError as e:
            raise UserError(f"cannot listen on {host}:{port} ({e.strerror or e})") from None
        shown_host = f"[{host}]" if ":" in host else host
        url = f"http://{shown_host}:{sock.getsockname()[1]}/"
        err = Console(stderr=True, highlight=False)
        if missing:
            err.print(
                f"warning: no case documents found for {len(missing)} of the runs ({', '.join(missing[:5])}); "
                "pass --cases FOLDER",
                markup=False,
            )
        print(f"reviewing {len(found)} run{'s' if len(found) != 1 else ''} at {url}  (Ctrl-C to stop)", flush=True)
        if open_browser:
            threading.Timer(0.5, webbrowser.open, args=(url,)).start()
        # Behind a wildcard address the names it is reached by are unknown; otherwise only its own.
        hosts = None if host in ("0.0.0.0", "::") else [host, "localhost", "127.0.0.1", "::1"]
        server = uvicorn.Server(uvicorn.Config(create_app(found, reviewer, hosts), log_level="warning"))
        server.run(sockets=[sock])
