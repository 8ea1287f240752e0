"""Rule extractors used by the offline model, registered per (spec, item).

An extractor reads a window of document text and returns findings: a value
and the exact quote (a substring of the window) that supports it. The offline
model writes findings through the same checklist tools an LLM would use, so
every quote is verified against the document before it is stored.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar


@dataclass(frozen=True)
class DocInfo:
    name: str
    title: str = ""
    type: str = ""
    date: str | None = None
    tokens: int = 0  # the document's length, as the case listing gives it
    latest_of_type: bool = False  # no document of its type in the case listing is dated later


@dataclass(frozen=True)
class Finding:
    value: str
    quote: str  # must be a substring of the text the extractor was given
    confidence: float = 1.0
    # (document, quote) of what the value took from another candidate (an appeal's court, named in another
    # paper): the value's evidence shows that passage too.
    also: tuple[tuple[str, str], ...] = ()


Extractor = Callable[[str, DocInfo], list[Finding]]
# After the learned choice, an item's rules may settle what the choice cannot: given the indices of the
# kept candidate rows (best first) and all the rows, the indices to keep.
Settler = Callable[[list[int], list[dict]], list[int]]

# Before any choice, an item's rules may complete what one window could not tell from what the case's other
# candidates tell (an appeal's court, named in another document): given all the rows, each row's value and,
# for a completed one, the row whose passage told what was added (None for a value left as it was).
Completer = Callable[[list[dict]], list[tuple[str, int | None]]]

_REGISTRY: dict[tuple[str, str], Extractor] = {}
_SETTLERS: dict[tuple[str, str], Settler] = {}
_COMPLETERS: dict[tuple[str, str], Completer] = {}


Step = TypeVar("Step", bound=Callable[..., Any])


def _registering(table: dict[tuple[str, str], Step], spec: str, item_keys: tuple[str, ...]) -> Callable[[Step], Step]:
    def register(fn: Step) -> Step:
        for key in item_keys:
            table[(spec, key)] = fn
        return fn

    return register


def _registered(table: dict[tuple[str, str], Step], spec: str, item_key: str) -> Step | None:
    _load_rule_modules()
    return table.get((spec, item_key))


def extractor(spec: str, *item_keys: str) -> Callable[[Extractor], Extractor]:
    """Register a function as the extractor for one or more items of a spec."""
    return _registering(_REGISTRY, spec, item_keys)


def get_extractor(spec: str, item_key: str) -> Extractor | None:
    return _registered(_REGISTRY, spec, item_key)


def settles(spec: str, item_key: str) -> Callable[[Settler], Settler]:
    """Register a function as the step that settles an item's kept candidates after the learned choice."""
    return _registering(_SETTLERS, spec, (item_key,))


def get_settler(spec: str, item_key: str) -> Settler | None:
    return _registered(_SETTLERS, spec, item_key)


def completes(spec: str, item_key: str) -> Callable[[Completer], Completer]:
    """Register a function as the step that completes an item's candidates' values from one another."""
    return _registering(_COMPLETERS, spec, (item_key,))


def get_completer(spec: str, item_key: str) -> Completer | None:
    return _registered(_COMPLETERS, spec, item_key)


def best_of_each(
    kept: list[int], key: Callable[[int], Hashable], rank: Callable[[int], Any] = lambda i: 0
) -> list[int]:
    """Of the kept rows that tell the same thing (one ``key``), the best ranked, the first among equals;
    each where its key was first kept (the learned order). The shape of most settlers: one value per day,
    per case, per party."""
    best: dict[Hashable, int] = {}
    for i in kept:
        k = key(i)
        if k not in best or rank(i) > rank(best[k]):
            best[k] = i
    return list(best.values())


def _load_rule_modules() -> None:
    """Import the rules package, whose modules register themselves (by name, so that the registry,
    which every rule module imports, does not import them back)."""
    import importlib

    importlib.import_module("gavel_agent.offline.rules")
