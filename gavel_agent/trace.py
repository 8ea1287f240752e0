"""The live trace of a run, drawn with rich: one line per tool call, plus progress."""

from __future__ import annotations

import json
from collections import deque

from rich.console import Console, Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from gavel_agent.checklists import ChecklistSpec
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.loop import StepEvent

SHOWN_STEPS = 14


def _short(arguments, width: int = 70) -> str:
    text = arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 1] + "…"


class LiveTrace:
    def __init__(self, console: Console, header: str):
        self.console = console
        self.header = header
        self.rows: deque[StepEvent] = deque(maxlen=SHOWN_STEPS)
        self.last: StepEvent | None = None
        self.live = Live(self._render(), console=console, refresh_per_second=8, transient=False)

    def __enter__(self) -> "LiveTrace":
        self.live.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self.live.update(self._render())
        self.live.__exit__(*exc)

    def __call__(self, event: StepEvent) -> None:
        self.rows.append(event)
        self.last = event
        self.live.update(self._render())

    def _render(self):
        table = Table(expand=True, show_edge=False, pad_edge=False)
        table.add_column("step", justify="right", width=4)
        table.add_column("tool", width=16)
        table.add_column("arguments", ratio=3, overflow="ellipsis", no_wrap=True)
        table.add_column("result", ratio=2, overflow="ellipsis", no_wrap=True)
        for e in self.rows:
            table.add_row(str(e.step), e.tool, _short(e.arguments), Text(e.summary, style="green" if e.ok else "red"))
        e = self.last
        status = (f"items filled {e.filled}/{e.total} · prompt tokens so far {e.prompt_tokens:,}" if e else "starting…")
        return Group(Text(self.header, style="bold"), table, Text(status, style="cyan"))


def results_table(spec: ChecklistSpec, checklist: ChecklistFile, quote_width: int = 90) -> Table:
    """The extracted items with where each value's evidence is."""
    table = Table(title=f"Checklist for {checklist.case}", expand=True, show_lines=False)
    table.add_column("item", style="bold", min_width=22, no_wrap=True)
    table.add_column("value", ratio=2)
    table.add_column("evidence", ratio=3)
    for key, values in checklist.items.items():
        if not values:
            table.add_row(key, Text("—", style="dim"), "")
            continue
        for i, v in enumerate(values):
            ev = v.evidence[0]
            quote = " ".join(ev.quote.split())
            quote = quote if len(quote) <= quote_width else quote[: quote_width - 1] + "…"
            where = f"{ev.document} [{ev.start_char}:{ev.end_char}] “{quote}”"
            more = f" (+{len(v.evidence) - 1} more)" if len(v.evidence) > 1 else ""
            table.add_row(key if i == 0 else "", v.value, where + more)
    return table
