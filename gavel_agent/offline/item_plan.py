"""Where the offline model looks for an item and how much it keeps: its own data, per spec.

The checklist specs (``checklists/*.json``) say what every path needs to know about an
item; the search queries, preferred document types and reading budgets below are the
offline model's alone and live in ``plans/<spec>.json``, keyed by item.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from gavel_agent.checklists import ItemSpec

PLAN_DIR = Path(__file__).with_name("plans")
WINDOWS_PER_ITEM = 4
HITS_PER_QUERY = 4
QUERIES_PER_ITEM = 4
MAX_LIST_VALUES = 8


@dataclass(frozen=True)
class ItemPlan:
    item: ItemSpec
    queries: tuple[str, ...]
    document_types: tuple[str, ...] = ()
    windows: int = WINDOWS_PER_ITEM
    searches: int = QUERIES_PER_ITEM
    hits: int = HITS_PER_QUERY  # hits kept per search (a regex search returns them in document order)
    max_values: int = MAX_LIST_VALUES
    opened: int | None = None  # documents each open:/close: query reads (None: the policy's default)
    prefer: str | None = None  # "earliest": of near-certain dates, the first event
    detail_in_parentheses: bool = False  # "X (detail)" and "X" are one value
    # A regex over a document's type and title: every window read for any item from such a document is
    # also given to this item's extractor (text already read costs no more tokens to look at again).
    shared_reads: str | None = None
    # How the kept values are listed (which values are kept does not change): "date" by the first date
    # each value states, undated ones last, as a docket reads; "side" plaintiffs, then defendants, then
    # anyone else, as a caption reads. None: most certain first.
    order: str | None = None
    # The item lists other cases: the case's own docket number (from the case's identity, in the run's
    # task) is left out of its values, whatever paper cites it.
    other_cases: bool = False

    @property
    def key(self) -> str:
        return self.item.key

    @property
    def value_limit(self) -> int:
        return 1 if self.item.shape == "single" else self.max_values


_REGISTERED: dict[str, dict[str, dict]] = {}


def register_plans(spec_name: str, rows: dict[str, dict]) -> None:
    """Plans for a spec that has no file here (a user's own checklist with its own extractors)."""
    _REGISTERED[spec_name] = rows


@cache
def _plan_file(spec_name: str) -> dict[str, dict]:
    path = PLAN_DIR / f"{spec_name}.json"
    return json.loads(path.read_text(encoding="utf-8"))["items"] if path.is_file() else {}


def _plans(spec_name: str) -> dict[str, dict]:
    return _REGISTERED.get(spec_name) or _plan_file(spec_name)


def item_plan(spec_name: str, item: ItemSpec) -> ItemPlan:
    """The item's plan; an item no plan file names (a user's own spec) is searched by its name."""
    row = dict(_plans(spec_name).get(item.key, {}))
    queries = tuple(row.pop("queries", ())) or (item.name,)
    document_types = tuple(row.pop("document_types", ()))
    return ItemPlan(item, queries, document_types, **row)
