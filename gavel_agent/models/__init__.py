"""Model backends behind the one agent loop, chosen by a ``--model`` string."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agents import ModelSettings
from agents.models.interface import Model

from gavel_agent.models import catalog, keys

OFFLINE_LABEL = "offline"


@dataclass
class ResolvedModel:
    model: Model
    label: str
    provider: str  # offline | openai | openai-compatible | anthropic | litellm
    settings: ModelSettings = field(default_factory=ModelSettings)
    prices: Any = None  # catalog.Prices or None (offline and unknown models cost nothing we can price)

    @property
    def is_offline(self) -> bool:
        return self.provider == "offline"


PROVIDERS = ("openai", "openai-compatible", "anthropic", "litellm")


def resolve_model(name: str | None, base_url: str | None = None) -> ResolvedModel:
    """Build the model for a ``--model`` string (``offline`` or ``<provider>:<model>``).

    Without ``--model`` the choice is GAVEL_MODEL (environment or ``.env``), else
    offline: having an API key configured never starts spending on its own.
    """
    if name in (None, ""):
        name = keys.setting("GAVEL_MODEL") or OFFLINE_LABEL
    if name == OFFLINE_LABEL:
        from gavel_agent.models.offline import OfflineModel

        return ResolvedModel(OfflineModel(), OFFLINE_LABEL, "offline")
    provider, _, model_id = name.partition(":")
    if provider not in PROVIDERS or not model_id:
        raise keys.user_error(f"unknown model {name!r}; use 'offline' or one of {', '.join(p + ':<model>' for p in PROVIDERS)}")
    settings = catalog.settings_for(name)
    if provider == "litellm":
        from gavel_agent.models.litellm_backend import client_settings

        settings = client_settings(settings)
    return ResolvedModel(_backend(provider, model_id, base_url), name, provider, settings, catalog.prices_for(name))


def _backend(provider: str, model_id: str, base_url: str | None) -> Model:
    if provider == "anthropic":
        from gavel_agent.models.anthropic_backend import AnthropicModel

        return AnthropicModel(model_id)
    if provider == "litellm":
        from gavel_agent.models.litellm_backend import litellm_model

        return litellm_model(model_id, base_url)
    from gavel_agent.models import openai_backend

    if provider == "openai":
        return openai_backend.responses_model(model_id)
    base_url = base_url or keys.setting("OPENAI_BASE_URL")
    if not base_url:
        raise keys.user_error("openai-compatible models need --base-url (e.g. http://127.0.0.1:8000/v1)")
    return openai_backend.chat_completions_model(model_id, base_url)
