"""Values that ``remove_values`` took out of an item earlier in the same model reply.

A model replacing a value often sends ``remove_values`` and then ``append_checklist`` (or
``update_checklist``) for the same item in one reply, before it has seen either result. The calls run in
order and each stands on its own, so when the write's quote is refused the item is left without the
value it removed. The removal stands: its result, already given, says the value was removed, and a
run's ledger replays each call as it ran; holding it back until a later call of the reply succeeded
would make that result untrue and the replay depend on what came after. Instead the refused write's
result says which values that reply removed from the item and gives each as it was stored (its text and
its quotes, the document's own words), ready to append again unchanged.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from gavel_agent.checklists.record import Value
from gavel_agent.tools import quotes


@dataclass
class ReplyRemovals:
    removed: dict[str, list[Value]] = field(default_factory=dict)  # item key -> values removed in this reply

    def new_reply(self) -> None:
        self.removed.clear()

    def add(self, key: str, values: list[Value]) -> None:
        self.removed.setdefault(key, []).extend(values)

    def note(self, key: str, stored: list[Value]) -> str:
        """For a write to ``key`` that refused a value: the lines on the values this reply removed from the
        item and has not stored again (``stored``: the item's values now), or '' when there are none."""
        held = {quotes.fold_quote(v.value) for v in stored}
        gone = [v for v in self.removed.get(key, []) if quotes.fold_quote(v.value) not in held]
        if not gone:
            return ""
        lines = [
            f"NOTE: remove_values earlier in this reply removed {len(gone)} value(s) from {key}, and they are gone "
            f"(the item now has {len(stored)}). To keep one, append it again as it was stored:"
        ]
        for v in gone:
            as_stored = {"value": v.value, "evidence": [{"document": e.document, "quote": e.quote} for e in v.evidence]}
            lines.append(f"- {json.dumps(as_stored, ensure_ascii=False)}")
        return "\n".join(lines)
