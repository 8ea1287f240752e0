"""The writes of one model reply, so that a ``stop`` in the same reply is judged after them.

A model may send its last writes and ``stop`` in one reply. The SDK runs a reply's tool calls
concurrently, so the stop waits until the reply's writes have run; it is then refused while any
of them failed (the model has not seen what was refused), and otherwise accepted with the writes'
outcome shown beside it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass, field

WRITE_TOOLS = frozenset({"update_checklist", "append_checklist", "remove_values", "merge_values", "settle_none"})
# A write that never runs (a stop sent on its own after a malformed reply) must not hold the stop
# forever: the stop yields to the reply's other calls at most this many times.
MAX_YIELDS = 10_000


@dataclass
class ReplyWrites:
    expected: int = 0
    outcomes: list[tuple[str, bool, str]] = field(default_factory=list)  # (tool, ok, summary)

    def new_reply(self, tool_names: Iterable[str]) -> None:
        """A reply arrived: count the writes it holds."""
        self.expected = sum(1 for name in tool_names if name in WRITE_TOOLS)
        self.outcomes = []

    def ran(self, tool: str, ok: bool, summary: str) -> None:
        if tool in WRITE_TOOLS:
            self.outcomes.append((tool, ok, summary))

    async def wait(self) -> None:
        """Until every write of the reply has run."""
        for _ in range(MAX_YIELDS):
            if len(self.outcomes) >= self.expected:
                return
            await asyncio.sleep(0)

    def refusal(self) -> str | None:
        """Why a stop in this reply is refused (a write of it failed), or None."""
        failed = [f"{tool}: {summary}" for tool, ok, summary in self.outcomes if not ok]
        if not failed:
            return None
        return (
            f"Stop refused: {len(failed)} write(s) in the same reply failed ({'; '.join(failed)}). "
            "Read their results, fix or drop the refused values, then call stop again."
        )

    def applied(self) -> str:
        """The reply's writes, as a line shown with the stop ('' when it had none)."""
        if not self.outcomes:
            return ""
        return "Writes of this reply applied first: " + "; ".join(f"{t}: {s}" for t, _, s in self.outcomes) + "."
