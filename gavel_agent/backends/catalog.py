"""Per-model sampling settings, token prices, context windows and client options, read from ``models.json``.

``lookup(label)`` answers all of it for one ``provider:model`` at once.

Keeping these as data means a price change or a new model family is a file
edit, not a code change.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import lru_cache
from pathlib import Path

from agents import ModelSettings

from gavel_agent.backends import keys

CATALOG_PATH = Path(__file__).with_name("models.json")
PER_MILLION = 1_000_000


@dataclass(frozen=True)
class Prices:
    """US dollars per million tokens."""

    input: float
    cached_input: float
    output: float
    # Anthropic bills writing a prompt-cache entry above the plain input rate.
    cache_write: float | None = None

    def cost(self, input_tokens: int, cached_tokens: int, output_tokens: int, cache_write_tokens: int = 0) -> float:
        """Dollar cost of one or more requests.

        ``input_tokens`` is the full prompt size as the SDK's Usage reports it
        (cache reads and writes included), so the plain-rate part is what is left
        after taking both out.
        """
        write_rate = self.input if self.cache_write is None else self.cache_write
        plain = max(input_tokens - cached_tokens - cache_write_tokens, 0)
        dollars = (
            plain * self.input
            + cached_tokens * self.cached_input
            + cache_write_tokens * write_rate
            + output_tokens * self.output
        )
        return dollars / PER_MILLION


@dataclass(frozen=True)
class AgentOptions:
    """How the agent loop treats a model family (see gavel_agent/context.py for the history budget)."""

    history_tokens: int = 20_000
    strict_tools: bool = False


@dataclass(frozen=True)
class ClientOptions:
    max_retries: int
    timeout_seconds: float


@dataclass(frozen=True)
class ModelEntry:
    """What the catalog says about one ``provider:model``."""

    settings: ModelSettings
    prices: Prices | None  # None: a model the catalog cannot price
    context_window: int | None  # tokens; None: no limit
    batch_price_factor: float  # share of the list price through the provider's batch API
    agent: AgentOptions  # how the loop treats the family (history budget, strict tool schemas)


def lookup(label: str) -> ModelEntry:
    return ModelEntry(
        settings_for(label), prices_for(label), context_window(label), batch_price_factor(label), agent_options(label)
    )


@lru_cache(maxsize=1)
def _catalog() -> dict:
    return json.loads(CATALOG_PATH.read_text(encoding="utf-8"))


def _family(label: str) -> dict:
    """The first family whose pattern matches ``provider:model`` (or ``offline``); {} when none does."""
    for family in _catalog()["families"]:
        if any(fnmatchcase(label, pattern) for pattern in family["match"]):
            return family
    return {}


def settings_for(label: str) -> ModelSettings:
    """Sampling settings of the model's family."""
    return ModelSettings(**_family(label).get("settings", {}))


@dataclass(frozen=True)
class HistoryPolicy:
    """How many tokens of earlier turns a model keeps, by its context window (models.json ``history``).

    A larger window can keep more of what was read, so fewer results are pruned before their values
    are written; each kept token is re-sent with every request, so the budget stops at a cap.
    """

    floor_tokens: int = AgentOptions.history_tokens
    window_share: float = 0.0
    cap_tokens: int = AgentOptions.history_tokens
    small_window_share: float = 0.5  # the rest of a small window holds the task, the state and the reply

    def budget(self, window: int | None) -> int:
        if window is None:
            return self.floor_tokens
        scaled = min(max(int(window * self.window_share), self.floor_tokens), self.cap_tokens)
        return min(scaled, int(window * self.small_window_share))


def history_policy() -> HistoryPolicy:
    return HistoryPolicy(**_catalog().get("history", {}))


def agent_options(label: str) -> AgentOptions:
    """The family's loop options; a family that sets no history budget gets the history policy's."""
    family = _family(label)
    history = family.get("history_tokens")
    if history is None:
        history = history_policy().budget(context_window(label))
    return AgentOptions(history_tokens=history, strict_tools=family.get("strict_tools", AgentOptions.strict_tools))


def prices_for(label: str) -> Prices | None:
    """List prices for ``provider:model``, or None when the catalog does not know the model."""
    for row in _catalog()["prices"]:
        if fnmatchcase(label, row["match"]):
            return Prices(**{k: v for k, v in row.items() if k != "match"})
    return None


def context_window(label: str) -> int | None:
    """The context window in tokens of ``provider:model`` (None: no limit), or the catalog's default."""
    table = _catalog()["context_windows"]
    for row in table["windows"]:
        if fnmatchcase(label, row["match"]):
            return row["tokens"]
    return int(table["default"])


def batch_price_factor(label: str) -> float:
    """The share of the list price a request costs through the provider's batch API (1.0 when unknown)."""
    for row in _catalog().get("batch_price_factor", []):
        if fnmatchcase(label, row["match"]):
            return float(row["factor"])
    return 1.0


# Environment variables (or .env entries) that override the catalog's client block for every request.
TIMEOUT_VARIABLE = "GAVEL_TIMEOUT"
RETRIES_VARIABLE = "GAVEL_RETRIES"


def client_options(timeout: float | None = None, retries: int | None = None) -> ClientOptions:
    """The client's timeout (seconds per request) and retries: ``timeout``/``retries`` when given
    (--timeout, the API), else GAVEL_TIMEOUT/GAVEL_RETRIES, else the catalog's ``client`` block.

    A local model on a CPU, or a person playing the model by hand, needs minutes per reply where a
    hosted API needs seconds, so the catalog's 120 s is a default, not a rule.
    """
    options = _catalog()["client"]
    if timeout is None:
        chosen = _number(TIMEOUT_VARIABLE)
        timeout = float(options["timeout_seconds"] if chosen is None else chosen)
    if retries is None:
        chosen = _number(RETRIES_VARIABLE, whole=True)
        retries = int(options["max_retries"] if chosen is None else chosen)
    if not timeout > 0:
        raise keys.user_error(f"the client timeout must be above 0 seconds, not {timeout:g}")
    if retries < 0:
        raise keys.user_error(f"the client retries must be 0 or more, not {retries}")
    return ClientOptions(max_retries=retries, timeout_seconds=timeout)


def _number(variable: str, whole: bool = False) -> float | None:
    text = keys.setting(variable)
    if text is None:
        return None
    try:
        return int(text) if whole else float(text)
    except ValueError:
        raise keys.user_error(f"{variable}={text!r} is not a {'whole ' if whole else ''}number") from None
