"""OpenAI backends: the Responses API and any OpenAI-compatible Chat Completions server.

Both are the openai-agents SDK's own models over an ``AsyncOpenAI`` client we
build. Retries are the client's: 408/409/429/5xx and timeouts are retried with
exponential backoff (0.5 s doubling, capped at 8 s, with jitter), and a
``Retry-After``/``retry-after-ms`` header replaces the computed delay.
"""

from __future__ import annotations

from typing import Any

from agents.models.openai_chatcompletions import OpenAIChatCompletionsModel
from agents.models.openai_responses import OpenAIResponsesModel
from openai import AsyncOpenAI
from openai.resources.chat.completions import AsyncCompletions
from openai.resources.responses import AsyncResponses

from gavel_agent.backends.catalog import ClientOptions
from gavel_agent.backends.keys import api_key

# Local servers (vLLM, Ollama, llama.cpp) ignore the key but the client insists on one.
LOCAL_SERVER_KEY = "not-needed"


def openai_client(key: str, options: ClientOptions, base_url: str | None = None) -> AsyncOpenAI:
    return AsyncOpenAI(
        api_key=key,
        base_url=base_url,
        max_retries=options.max_retries,
        timeout=options.timeout_seconds,
    )


class _OwnsClient:
    """Each of our models gets its own client, so closing the model closes its connections
    (otherwise the client is collected after its event loop has gone, with noisy errors).

    ``cut_off`` says whether the latest reply stopped at the output limit: the loop then asks
    again instead of reading a truncated reply (or the SDK's error about it) as a stop.
    ``cut_call_id`` names the reply's last tool call when it was cut off: its arguments may end
    early (or parse, yet miss what came after the cut), so the loop refuses it whole.
    """

    cut_off: bool = False
    cut_call_id: str | None = None

    _client: Any  # the SDK model's own client (set by the SDK class this is mixed into)

    async def close(self) -> None:
        await self._client.close()


class ResponsesModel(_OwnsClient, OpenAIResponsesModel):
    pass


class ChatCompletionsModel(_OwnsClient, OpenAIChatCompletionsModel):
    pass


class _EndRecordingResponses(AsyncResponses):
    """The Responses API, noting on ``owner`` whether each reply stopped at max_output_tokens."""

    owner: _OwnsClient

    async def create(self, **kwargs):
        response = await super().create(**kwargs)
        details = getattr(response, "incomplete_details", None)
        self.owner.cut_off = getattr(details, "reason", None) == "max_output_tokens"
        calls = [item.call_id for item in response.output or [] if getattr(item, "type", None) == "function_call"]
        self.owner.cut_call_id = calls[-1] if self.owner.cut_off and calls else None
        return response


def responses_model(model: str, options: ClientOptions) -> OpenAIResponsesModel:
    """``openai:<model>``: the Responses API at api.openai.com (or OPENAI_BASE_URL)."""
    client = openai_client(api_key("OPENAI_API_KEY"), options)
    built = ResponsesModel(model=model, openai_client=client)
    # ``responses`` is a cached property: this replaces it for this client only.
    client.responses = _EndRecordingResponses(client)
    client.responses.owner = built
    return built


class _TextContentCompletions(AsyncCompletions):
    """Chat Completions whose tool-call-only assistant turns carry ``""`` instead of ``null`` content,
    noting on ``owner`` whether each reply stopped at max_tokens (finish_reason "length").

    The OpenAI API and vLLM accept either content; llama-cpp-python's server rejects
    ``null`` with a 500, which would end every run after its first tool call.
    """

    owner: _OwnsClient

    async def create(self, *, messages, **kwargs):
        messages = [
            {**m, "content": ""} if m.get("role") == "assistant" and m.get("content") is None else m for m in messages
        ]
        response = await super().create(messages=messages, **kwargs)
        self.owner.cut_off = any(choice.finish_reason == "length" for choice in response.choices or [])
        calls = [call.id for choice in response.choices or [] for call in choice.message.tool_calls or []]
        self.owner.cut_call_id = calls[-1] if self.owner.cut_off and calls else None
        return response


def chat_completions_model(model: str, base_url: str, options: ClientOptions) -> OpenAIChatCompletionsModel:
    """``openai-compatible:<model>``: Chat Completions at ``base_url``; OPENAI_API_KEY is optional."""
    key = api_key("OPENAI_API_KEY", required=False) or LOCAL_SERVER_KEY
    client = openai_client(key, options, base_url)
    built = ChatCompletionsModel(model=model, openai_client=client)
    # ``chat.completions`` is a cached property: this replaces it for this client only.
    client.chat.completions = _TextContentCompletions(client)
    client.chat.completions.owner = built
    return built
