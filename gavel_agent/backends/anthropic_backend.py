"""``anthropic:<model>``: Claude through the Messages API, as a Model behind the same agent loop.

The openai-agents SDK accepts any ``Model``; this one converts each turn with
``anthropic_mapping`` and calls ``messages.create`` on an ``AsyncAnthropic``
client whose own retry handles 429/5xx/timeouts (exponential backoff that
honours ``Retry-After``).
"""

from __future__ import annotations

import inspect
import time
from collections.abc import AsyncIterator
from typing import Any

from agents import ModelSettings
from agents.items import ModelResponse, TResponseInputItem, TResponseStreamEvent
from agents.models.interface import Model, ModelTracing
from anthropic import AsyncAnthropic
from anthropic.resources.messages import AsyncMessages
from openai.types.responses import Response, ResponseCompletedEvent, ResponseUsage
from openai.types.responses.response_usage import InputTokensDetails

from gavel_agent.backends import anthropic_mapping as mapping
from gavel_agent.backends.catalog import ClientOptions, client_options
from gavel_agent.backends.keys import api_key

# Keyword arguments this SDK version's messages.create names explicitly.
_CREATE_PARAMETERS = set(inspect.signature(AsyncMessages.create).parameters) - {"self", "extra_body"}


def anthropic_client(key: str, options: ClientOptions | None = None) -> AsyncAnthropic:
    options = options or client_options()
    return AsyncAnthropic(
        api_key=key,
        max_retries=options.max_retries,
        timeout=options.timeout_seconds,
    )


class AnthropicModel(Model):
    def __init__(self, model: str, client: AsyncAnthropic | None = None) -> None:
        self.model = model
        self._client = client or anthropic_client(api_key("ANTHROPIC_API_KEY"))
        self.cut_off = False  # the latest reply stopped at max_tokens
        self.cut_call_id: str | None = None  # then its last tool call, whose input may be cut short

    async def get_response(
        self,
        system_instructions: str | None,
        input: str | list[TResponseInputItem],
        model_settings: ModelSettings,
        tools: list[Any],
        output_schema: Any,
        handoffs: list[Any],
        tracing: ModelTracing,
        *,
        previous_response_id: str | None = None,
        conversation_id: str | None = None,
        prompt: Any = None,
    ) -> ModelResponse:
        structured = output_schema is not None and not output_schema.is_plain_text()
        if structured and tools:
            raise mapping.UnsupportedInputError("the Anthropic backend gives structured output only without tools")
        if handoffs:
            raise mapping.UnsupportedInputError("the Anthropic backend does not support handoffs")
        body = mapping.request(self.model, system_instructions, input, model_settings, tools)
        if structured:
            body = mapping.force_final_output(body, output_schema.json_schema())
        message = await self._client.messages.create(
            **mapping.create_arguments(body, _CREATE_PARAMETERS),
            extra_headers=model_settings.extra_headers,
            extra_query=model_settings.extra_query,
        )
        self.cut_off = message.stop_reason == "max_tokens"
        calls = [block.id for block in message.content if block.type == "tool_use"]
        self.cut_call_id = calls[-1] if self.cut_off and calls else None
        return ModelResponse(
            output=(mapping.final_output_items if structured else mapping.output_items)(message),
            usage=mapping.usage(message),
            response_id=message.id,
            request_id=getattr(message, "_request_id", None),
        )

    async def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[TResponseStreamEvent]:
        """One non-streamed call delivered as a single ``response.completed`` event.

        The agent loop does not stream; this keeps ``Runner.run_streamed`` usable.
        """
        result = await self.get_response(*args, **kwargs)
        usage = result.usage
        response = Response(
            id=result.response_id or "",
            created_at=time.time(),
            model=self.model,
            object="response",
            output=result.output,
            tool_choice="auto",
            tools=[],
            # Required by the Response schema; the runner does not read it back.
            parallel_tool_calls=False,
            usage=ResponseUsage(
                input_tokens=usage.input_tokens,
                input_tokens_details=InputTokensDetails.model_validate(usage.input_tokens_details.model_dump()),
                output_tokens=usage.output_tokens,
                output_tokens_details=usage.output_tokens_details,
                total_tokens=usage.total_tokens,
            ),
        )
        yield ResponseCompletedEvent(type="response.completed", response=response, sequence_number=0)

    async def close(self) -> None:
        await self._client.close()
