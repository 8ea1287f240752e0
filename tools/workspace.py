"""What the tools act on during one run: the case, its search index, the
checklist being filled, and which parts of each document have been read."""

from __future__ import annotations

from dataclasses import dataclass, field

from gavel_agent.case import Case
from gavel_agent.checklists import ChecklistSpec
from gavel_agent.checklists.record import CitedSearch
from gavel_agent.tools.checklist import ChecklistState
from gavel_agent.tools.reply_removals import ReplyRemovals
from gavel_agent.tools.search import SearchIndex


class ToolError(Exception):
    """A problem the model can act on (bad range, unknown document, unsupported quote ...)."""


@dataclass
class ReadTracker:
    """Token intervals read per document, merged, for coverage figures."""

    spans: dict[str, list[tuple[int, int]]] = field(default_factory=dict)

    def add(self, document: str, start: int, end: int) -> None:
        merged: list[tuple[int, int]] = []
        for s, e in sorted(self.spans.get(document, []) + [(start, end)]):
            if merged and s <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(merged[-1][1], e))
            else:
                merged.append((s, e))
        self.spans[document] = merged

    def tokens_read(self, document: str) -> int:
        return sum(e - s for s, e in self.spans.get(document, []))


@dataclass
class Workspace:
    case: Case
    spec: ChecklistSpec
    checklist: ChecklistState
    index: SearchIndex
    reads: ReadTracker = field(default_factory=ReadTracker)
    searches: list[CitedSearch] = field(default_factory=list)  # every search this run made, in order
    removals: ReplyRemovals = field(default_factory=ReplyRemovals)  # what remove_values took out in this reply
    # The most tokens of one tool result the model is shown whole (the loop's context.result_cap; 0: any).
    # A read that would be cut in the prompt is shortened to fit, so the ranges counted read are those shown.
    result_tokens: int = 0

    def search_made(self, query: str) -> CitedSearch | None:
        """The latest search of this run with ``query`` (spacing and case aside), or None."""
        wanted = " ".join(query.split()).casefold()
        return next((s for s in reversed(self.searches) if " ".join(s.query.split()).casefold() == wanted), None)

    def latest_read(self) -> str | None:
        """The date of the latest dated paper this run has read any of."""
        read = [d.date for d in self.case.documents if d.date and self.reads.tokens_read(d.name)]
        return max(read) if read else None

    @classmethod
    def open(cls, case: Case, spec: ChecklistSpec, item_keys: list[str]) -> Workspace:
        return cls(case, spec, ChecklistState(spec, item_keys, case), SearchIndex(case))

    def document(self, name: str):
        try:
            return self.case.document(name)
        except KeyError as e:
            raise ToolError(e.args[0]) from None

    def coverage(self) -> dict[str, float]:
        return {d.name: round(self.reads.tokens_read(d.name) / max(d.token_count, 1), 4) for d in self.case.documents}
