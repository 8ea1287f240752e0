"""``litellm:<provider>/<model>``: providers beyond OpenAI and Anthropic (Gemini, Bedrock, Mistral...) through LiteLLM.

The model is the openai-agents SDK's own ``LitellmModel``; LiteLLM reads each
provider's credentials from its usual variables (GEMINI_API_KEY, MISTRAL_API_KEY,
AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_REGION_NAME for Bedrock...).
LiteLLM is an optional extra: ``pip install 'gavel-agent[litellm]'``.
"""

from __future__ import annotations

import os

from agents import ModelSettings
from agents.models.interface import Model
from agents.retry import ModelRetryBackoffSettings, ModelRetrySettings, retry_policies

from gavel_agent.backends.catalog import ClientOptions, client_options
from gavel_agent.backends.keys import setting, user_error

RETRIED_STATUSES = (408, 409, 429, 500, 502, 503, 504)
INSTALL_HINT = "the litellm: route needs LiteLLM: pip install 'gavel-agent[litellm]'"


def litellm_model(model: str, base_url: str | None = None) -> Model:
    # LiteLLM fetches its price table from the network on import unless told to use its bundled copy.
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    try:
        from agents.extensions.models.litellm_model import LitellmModel
    except ImportError:
        raise user_error(INSTALL_HINT) from None
    if "/" not in model:
        raise user_error(f"litellm models are named provider/model (e.g. litellm:gemini/gemini-2.5-pro), not {model!r}")
    _require_key(model, base_url)
    return LitellmModel(model=model, base_url=base_url)


def _require_key(model: str, base_url: str | None) -> None:
    """A provider whose API key is unset fails here, in one line, not after retrying requests sent without it.

    Only ``*_API_KEY`` variables are required: AWS credentials may come from a profile or a role instead.
    """
    import litellm

    litellm.suppress_debug_info = True  # its "Provider List" banner for a provider it does not know
    missing = litellm.validate_environment(model=model, api_base=base_url).get("missing_keys") or []
    # setting() also reads .env (into the environment, where LiteLLM looks); any one of the variables will do.
    if missing and all(k.endswith("_API_KEY") for k in missing) and not any(setting(k) for k in missing):
        raise user_error(
            f"{' or '.join(missing)} is not set; export it or put it in a .env file in the working directory"
        )


def client_settings(settings: ModelSettings, options: ClientOptions | None = None) -> ModelSettings:
    """The catalog's retries and timeout for LiteLLM requests.

    Retries are the SDK runner's (LiteLLM's own need tenacity and retry at once): 408/409/429/5xx,
    network errors and timeouts, backing off as the OpenAI client does (0.5 s doubling, capped at
    8 s, with jitter) unless the provider says when to come back.
    ``drop_params``: a setting one provider lacks is left out rather than failing every request
    (Gemini refuses ``parallel_tool_calls=False`` with several tools; the loop still takes one call a step).
    """
    options = options or client_options()
    retry = ModelRetrySettings(
        max_retries=options.max_retries,
        backoff=ModelRetryBackoffSettings(initial_delay=0.5, max_delay=8.0, multiplier=2.0, jitter=True),
        policy=retry_policies.any(
            retry_policies.provider_suggested(),
            retry_policies.network_error(),
            retry_policies.http_status(RETRIED_STATUSES),
        ),
    )
    extra = {"num_retries": 0, "timeout": options.timeout_seconds, "drop_params": True, **(settings.extra_args or {})}
    return settings.resolve(ModelSettings(extra_args=extra, retry=retry))
