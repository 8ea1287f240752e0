"""Where the Agents SDK's traces go, chosen by ``--trace PROCESSOR``; tracing is off unless asked for.

``openai``      the SDK's own exporter to the OpenAI traces dashboard (needs OPENAI_API_KEY)
``jsonl:PATH``  every finished trace and span as one JSON line in PATH, nothing leaves the machine

Model inputs and outputs are never put into spans (the loop sets trace_include_sensitive_data=False),
so a trace holds timings, tool names and token usage, not the case's text.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import typer
from agents.tracing import TracingProcessor, set_trace_processors, set_tracing_disabled

from gavel_agent import atomic
from gavel_agent.errors import UserError

PROCESSORS = ("openai", "jsonl:PATH")
TRACE_OPTION = typer.Option(
    None,
    "--trace",
    metavar="PROCESSOR",
    help="Record the Agents SDK's traces: 'jsonl:PATH' (spans as JSON lines in a local file) or 'openai' "
    "(the SDK's exporter to OpenAI). Off by default.",
)


class JsonlProcessor(TracingProcessor):
    """An agents.tracing TracingProcessor that appends each finished trace and span to a JSONL file."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._lock = threading.Lock()  # the SDK may end spans from several threads

    def _write(self, item: Any) -> None:
        exported = item.export()
        if exported:
            with self._lock:
                atomic.append_line(self.path, json.dumps(exported, ensure_ascii=False, default=str))

    def on_trace_start(self, trace) -> None:
        pass

    def on_trace_end(self, trace) -> None:
        self._write(trace)

    def on_span_start(self, span) -> None:
        pass

    def on_span_end(self, span) -> None:
        self._write(span)

    def shutdown(self) -> None:
        pass

    def force_flush(self) -> None:
        pass


def processor_for(choice: str):
    """The processor a ``--trace`` value names; None for the SDK's default exporter; UserError otherwise."""
    if choice == "openai":
        return None
    kind, _, target = choice.partition(":")
    if kind == "jsonl" and target:
        path = Path(target)
        if path.is_dir():
            raise UserError(f"--trace jsonl:{target}: is a folder; give a file path")
        return JsonlProcessor(path)
    raise UserError(f"unknown --trace {choice!r}; use one of {', '.join(PROCESSORS)}")


def configure_tracing(choice: str | None) -> bool:
    """Install the chosen processor; returns whether the run should be traced at all."""
    if not choice:
        return False
    processor = processor_for(choice)
    if processor is not None:
        set_trace_processors([processor])  # replaces the OpenAI exporter: nothing is sent anywhere
    set_tracing_disabled(False)  # the flag asks for it, over OPENAI_AGENTS_DISABLE_TRACING
    return True
