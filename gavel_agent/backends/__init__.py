"""Model backends behind the one agent loop, chosen by a ``--model`` string."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from agents import ModelSettings
from agents.models.interface import Model

from gavel_agent.backends import catalog, keys

OFFLINE_LABEL = "offline"


@dataclass
class ResolvedModel:
    model: Model
    label: str
    provider: str  # offline | openai | openai-compatible | anthropic | litellm
    settings: ModelSettings = field(default_factory=ModelSettings)
    prices: Any = None  # catalog.Prices or None (offline and unknown models cost nothing we can price)
    context_window: int | None = None  # tokens (catalog); None: no limit, as for the offline model
    client: catalog.ClientOptions | None = None  # timeout and retries the backend's client was built with
    agent: catalog.AgentOptions = field(default_factory=catalog.AgentOptions)

    @property
    def is_offline(self) -> bool:
        return self.provider == "offline"


def _offline(model_id: str, base_url: str | None, client: catalog.ClientOptions) -> Model:
    from gavel_agent.backends.offline import OfflineModel

    return OfflineModel()


def _openai(model_id: str, base_url: str | None, client: catalog.ClientOptions) -> Model:
    from gavel_agent.backends import openai_backend

    return openai_backend.responses_model(model_id, client)


def _require_http(url: str, source: str) -> None:
    """A server URL without its scheme ("127.0.0.1:8000/v1") would only fail after retried connection errors."""
    if urlsplit(url).scheme not in ("http", "https"):
        raise keys.user_error(f"{source} {url!r} is not an http:// or https:// URL (e.g. http://127.0.0.1:8000/v1)")


def _openai_compatible(model_id: str, base_url: str | None, client: catalog.ClientOptions) -> Model:
    from gavel_agent.backends import openai_backend

    if not base_url and (base_url := keys.setting("OPENAI_BASE_URL")):
        _require_http(base_url, "OPENAI_BASE_URL")
    if not base_url:
        raise keys.user_error(
            "openai-compatible models need a server URL: --base-url or OPENAI_BASE_URL (e.g. http://127.0.0.1:8000/v1)"
        )
    return openai_backend.chat_completions_model(model_id, base_url, client)


def _anthropic(model_id: str, base_url: str | None, client: catalog.ClientOptions) -> Model:
    from gavel_agent.backends.anthropic_backend import AnthropicModel, anthropic_client

    return AnthropicModel(model_id, anthropic_client(keys.api_key("ANTHROPIC_API_KEY"), client))


def _litellm(model_id: str, base_url: str | None, client: catalog.ClientOptions) -> Model:
    from gavel_agent.backends.litellm_backend import litellm_model

    return litellm_model(model_id, base_url)


# The prefix of a --model string names its provider; each factory builds the backend for the rest
# (imported lazily, so choosing one provider never loads another's SDK) with the client's timeout and
# retries. ``offline`` takes no model id.
ModelFactory = Callable[[str, str | None, catalog.ClientOptions], Model]
REGISTRY: dict[str, ModelFactory] = {
    OFFLINE_LABEL: _offline,
    "openai": _openai,
    "openai-compatible": _openai_compatible,
    "anthropic": _anthropic,
    "litellm": _litellm,
}
PROVIDERS = tuple(p for p in REGISTRY if p != OFFLINE_LABEL)


def resolve_model(
    name: str | None, base_url: str | None = None, timeout: float | None = None, retries: int | None = None
) -> ResolvedModel:
    """Build the model for a ``--model`` string (``offline`` or ``<provider>:<model>``).

    Without ``--model`` the choice is GAVEL_MODEL (environment or ``.env``), else
    offline: having an API key configured never starts spending on its own. ``timeout`` (seconds
    per request) and ``retries`` override GAVEL_TIMEOUT/GAVEL_RETRIES and the catalog's client block.
    """
    origin = ""
    if name in (None, ""):
        name = keys.setting("GAVEL_MODEL") or OFFLINE_LABEL
        origin = " (from GAVEL_MODEL)" if name != OFFLINE_LABEL else ""
    provider, _, model_id = name.partition(":")
    offline = provider == OFFLINE_LABEL
    if provider not in REGISTRY or offline != (not model_id):  # offline takes no model id; the others need one
        raise keys.user_error(
            f"unknown model {name!r}{origin}; use 'offline' or one of {', '.join(p + ':<model>' for p in PROVIDERS)}"
        )
    if base_url:
        _require_http(base_url, "--base-url")
    client = catalog.client_options(timeout, retries)
    model = REGISTRY[provider](model_id, base_url, client)
    if offline:
        return ResolvedModel(model, OFFLINE_LABEL, OFFLINE_LABEL, agent=catalog.agent_options(OFFLINE_LABEL))
    entry = catalog.lookup(name)
    settings = entry.settings
    if provider == "litellm":
        from gavel_agent.backends.litellm_backend import client_settings

        settings = client_settings(settings, client)
    return ResolvedModel(model, name, provider, settings, entry.prices, entry.context_window, client, entry.agent)
