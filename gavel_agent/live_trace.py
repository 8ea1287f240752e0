"""What a run shows while it works: every step printed into the scrollback, one live status line below.

Each step is a line (tool, its arguments in short, its result), followed by a line per value
it stored with a short quote of its evidence. The status line below them (step n/max, items
filled, share of the case read, prompt tokens, cost, elapsed time) is redrawn in place on a
terminal; when the output is not a terminal (``run ... 2> log``) every line is printed whole
and the status once at the end, so a log keeps every step.

Everything that comes from a case or a model (values, quotes, regexes, document names) goes
to rich as ``Text``, never as markup: ``[/s/ Hon. Jane Roe]`` prints as itself; and with its
control characters escaped (``printable``): an escape sequence in a value is shown, not obeyed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.live import Live
from rich.table import Table
from rich.text import Text

from gavel_agent.checklists import ChecklistSpec
from gavel_agent.checklists.record import ChecklistFile, Value
from gavel_agent.printable import printable

ARGUMENT_WIDTH = 90
QUOTE_WIDTH = 70


def clip(text: str, width: int) -> str:
    """``text`` on one line (whitespace runs as one space, control characters escaped), cut to ``width``."""
    text = printable(" ".join(str(text).split()))
    return text if len(text) <= width else text[: width - 1] + "…"


def short_arguments(arguments: dict[str, Any] | str) -> str:
    """A tool call's arguments on one line: key=value, long values clipped; checklist writes as item + count."""
    if not isinstance(arguments, dict):
        return clip(arguments, ARGUMENT_WIDTH)
    if isinstance(arguments.get("values"), list):
        count = len(arguments["values"])
        return f"{arguments.get('item', '?')}: {count} value{'s' * (count != 1)}"
    parts = [
        f"{k}={clip(v if isinstance(v, str) else json.dumps(v, ensure_ascii=False), 50)}"
        for k, v in arguments.items()
        if v not in (None, "", [], {})
    ]
    return clip(" ".join(parts), ARGUMENT_WIDTH)


@dataclass
class Status:
    """The numbers the status line shows."""

    step: int
    max_steps: int | None  # None: no fixed budget
    filled: int
    total: int
    prompt_tokens: int
    cost_usd: float
    read_share: float | None = None  # share of the case's tokens read so far (agent runs)
    values: int = 0
    settled: int = 0  # empty items settled as having no value in the record


def status_text(status: Status, elapsed: float, unit: str = "step") -> Text:
    step = f"{unit} {status.step}" + (f"/{status.max_steps}" if status.max_steps else "")
    parts = [step, f"items filled {status.filled}/{status.total}", f"{status.values} values"]
    if status.settled:
        parts.insert(2, f"{status.settled} none in the record")
    if status.read_share is not None:
        parts.append(f"read {status.read_share:.0%} of the case")
    parts += [f"{status.prompt_tokens:,} prompt tokens", f"${status.cost_usd:.4f}", f"{elapsed:.1f} s"]
    return Text(" · ".join(parts), style="cyan")


class StepTrace:
    """Prints steps and stored values as they happen, with a live status line under them."""

    def __init__(
        self,
        console: Console,
        status: Callable[[float], Text],
        checklist: Callable[[], dict[str, list[Value]]] | None = None,
    ):
        """``status`` draws the status line from the seconds elapsed; ``checklist`` gives the values stored."""
        self.console, self.status, self.checklist = console, status, checklist
        self.started = time.monotonic()
        self.seen: set[tuple] = set()
        # transient: the status line is erased when the trace ends and printed once, whole, in its place.
        self.live = Live(self, console=console, refresh_per_second=4, transient=True)

    def __rich__(self) -> Text:
        return self.status(self.elapsed())

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def __enter__(self) -> StepTrace:
        if self.console.is_terminal:
            self.live.start()
        return self

    def __exit__(self, *exc) -> None:
        if self.console.is_terminal:
            self.live.stop()
        self.print(self.__rich__())

    def print(self, text: Text) -> None:
        if self.console.is_terminal:
            self.console.print(text, no_wrap=True, overflow="ellipsis", highlight=False)
        else:  # a log: whole lines, never cut or wrapped
            self.console.print(text, soft_wrap=True, highlight=False)

    def line(self, text: str | Text) -> None:
        self.print(text if isinstance(text, Text) else Text(text))

    def step(self, number: int, name: str, arguments: str, result: str, ok: bool = True) -> None:
        self.print(
            Text.assemble(
                (f"{number:>4} ", "dim"),
                (f"{printable(name):<17}", "bold"),
                " ",
                printable(arguments),
                "  → ",
                (printable(result), "green" if ok else "red"),
            )
        )
        self.show_stored()

    def _new_values(self, items: dict[str, list[Value]]) -> Iterator[tuple[str, Value]]:
        """Values not seen before (identified by item, value and where their evidence is)."""
        for key, values in items.items():
            for value in values:
                ev = value.evidence[0] if value.evidence else None
                identity = (key, value.value, ev.document if ev else "", ev.start_char if ev else None)
                if identity not in self.seen:
                    self.seen.add(identity)
                    yield key, value

    def show_stored(self) -> None:
        """A line for each value stored since the last look, with a short quote of its evidence."""
        for key, value in self._new_values(self.checklist() if self.checklist else {}):
            ev = value.evidence[0] if value.evidence else None
            where = f"  ← {printable(ev.place)} “{clip(ev.quote, QUOTE_WIDTH)}”" if ev else ""
            self.print(
                Text.assemble("       + ", (printable(key), "bold"), " = ", (clip(value.value, 60), "green"), where)
            )

    def mark_seen(self, items: dict[str, list[Value]]) -> None:
        """Values stored before (a resumed run's) are not announced again."""
        for _ in self._new_values(items):
            pass


def agent_trace(console: Console, agent_run) -> StepTrace:
    """A trace wired to an AgentRun: its steps, its checklist, its stats."""

    def status(elapsed: float) -> Text:
        stats, checklist = agent_run.stats, agent_run.ws.checklist
        coverage = agent_run.ws.coverage()
        total_tokens = sum(d.token_count for d in agent_run.case.documents) or 1
        read = sum(
            share * d.token_count for d, share in ((d, coverage.get(d.name, 0.0)) for d in agent_run.case.documents)
        )
        return status_text(
            Status(
                step=stats.steps,
                max_steps=agent_run.max_steps,
                filled=len(agent_run.item_keys) - len(checklist.empty_items()),
                total=len(agent_run.item_keys),
                prompt_tokens=stats.prompt_tokens,
                cost_usd=stats.cost_usd,
                read_share=read / total_tokens,
                values=sum(len(v) for v in checklist.items.values()),
                settled=len(checklist.settled),
            ),
            elapsed,
        )

    trace = StepTrace(console, status, lambda: agent_run.ws.checklist.items)
    agent_run.on_event = lambda e: trace.step(e.step, e.tool, short_arguments(e.arguments), e.summary, e.ok)
    return trace


def verify_trace(console: Console) -> tuple[StepTrace, Callable[[Any], None]]:
    """A trace of verification: one line per decision (keep, delete, revise, add) and a running tally."""
    tally: dict[str, int] = {}

    def status(elapsed: float) -> Text:
        counts = " · ".join(f"{n} {action}" for action, n in tally.items()) or "starting"
        return Text(f"verify: {sum(tally.values())} decisions · {counts} · {elapsed:.1f} s", style="cyan")

    trace = StepTrace(console, status)

    def on_decision(decision) -> None:
        tally[decision.action] = tally.get(decision.action, 0) + 1
        target = f"{decision.item} = {clip(decision.value, 50)}"
        if decision.revised_to:
            target += f" → {clip(decision.revised_to, 50)}"
        trace.step(
            sum(tally.values()),
            f"verify {decision.action}",
            target,
            clip(decision.reason, 80),
            ok=decision.action != "delete",
        )

    return trace, on_decision


@contextmanager
def loading(console: Console, what: str) -> Iterator[None]:
    """Say what is being loaded before the (possibly long) silence of reading and indexing it.

    On a terminal the line comes first, with a spinner under it; in a log it comes once loading
    succeeded, so that bad input still ends in one line, the error.
    """
    started = time.monotonic()
    line = Text(f"loading and indexing {printable(what)} …")
    if console.is_terminal:
        console.print(line, soft_wrap=True, highlight=False)
        with console.status(Text("reading documents and building the search index"), spinner="dots"):
            yield
    else:
        yield
        console.print(line, soft_wrap=True, highlight=False)
    console.print(Text(f"loaded in {time.monotonic() - started:.1f} s"), highlight=False, style="dim")


def results_table(spec: ChecklistSpec, checklist: ChecklistFile, quote_width: int = 90) -> Table:
    """The extracted items with where each value's evidence is (all case text as plain Text)."""
    table = Table(title=Text(f"Checklist for {printable(checklist.case)}"), expand=True, show_lines=False)
    table.add_column("item", style="bold", min_width=22, no_wrap=True)
    table.add_column("value", ratio=2)
    table.add_column("evidence", ratio=3)
    for key, values in checklist.items.items():
        settled = checklist.none_in_record(key)
        if not values and settled:
            searched = "; ".join(f"{s.mode} {s.query!r} ({s.hits} hits)" for s in settled.searches)
            read = f"; papers read up to {settled.latest_read}" if settled.latest_read else ""
            why = f"{settled.reason} (searched: {searched}{read})"
            table.add_row(Text(key), Text("none in the record", style="yellow"), Text(clip(why, quote_width * 2)))
            continue
        if not values:
            table.add_row(Text(printable(key)), Text("—", style="dim"), Text(""))
            continue
        for i, v in enumerate(values):
            ev = v.evidence[0]
            where = f"{printable(ev.place)} [{ev.start_char}:{ev.end_char}] “{clip(ev.quote, quote_width)}”"
            more = f" (+{len(v.evidence) - 1} more)" if len(v.evidence) > 1 else ""
            weak = Text(" (support: related)", style="yellow") if v.support == "related" else Text("")
            table.add_row(
                Text(printable(key) if i == 0 else ""),
                Text.assemble(printable(v.value, keep_newlines=True), weak),
                Text(where + more),
            )
    return table
