"""Single-turn text completion through the agent's backends, for the evaluators' LLM judges.

``make_completer(name)`` returns ``complete(system, user, schema=None) -> str``, the shape
``text.llm.StructuredCompleter`` expects. Calls run on one private event loop in a
background thread, so the completer works from plain code and from inside a
running event loop alike, and the HTTP client's connections are reused.
"""

from __future__ import annotations

import asyncio
import threading

import openai
from agents.agent_output import AgentOutputSchema
from agents.items import ItemHelpers
from agents.models.interface import ModelTracing
from pydantic import BaseModel

from gavel_agent.backends import OFFLINE_LABEL, ResolvedModel, keys, resolve_model
from gavel_agent.backends.catalog import ClientOptions
from gavel_agent.text.llm import StructuredCompleter
from gavel_agent.tools.schemas import without_keywords


class _LoopThread:
    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, name="gavel-completer", daemon=True).start()

    def run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result()


class StrictReplySchema(AgentOutputSchema):
    """A reply model as a strict JSON schema without ``default`` keys: strict mode makes every field
    required anyway, and some endpoints (Azure OpenAI) reject a schema that carries one."""

    def __init__(self, reply_model: type[BaseModel]):
        super().__init__(reply_model, strict_json_schema=True)

    def json_schema(self) -> dict:
        return without_keywords(super().json_schema(), ("default",))


def make_completer(
    model_name: str, base_url: str | None = None, client: ClientOptions | None = None
) -> StructuredCompleter:
    """A completer over ``model_name``; ``client`` carries a run's own timeout and retries over."""
    if model_name in ("", OFFLINE_LABEL):
        raise keys.user_error("LLM judging needs a model such as openai:<model>; the offline model cannot judge")
    if client is None:
        return ModelCompleter(resolve_model(model_name, base_url))
    return ModelCompleter(resolve_model(model_name, base_url, client.timeout_seconds, client.max_retries))


class ModelCompleter:
    """``complete(system, user, schema=None) -> reply text`` through one resolved model; a
    :class:`~gavel_agent.text.llm.StructuredCompleter`."""

    def __init__(self, resolved: ResolvedModel):
        self.resolved = resolved
        self.runner = _LoopThread()
        # The SDK turns an output schema into a strict json_schema response_format (Chat Completions) or
        # text.format (Responses); the Anthropic backend into a forced tool call.
        self.structured_output = True

    async def _ask(self, system: str, user: str, output_schema: StrictReplySchema | None) -> str:
        response = await self.resolved.model.get_response(
            system,
            [{"role": "user", "content": user}],
            self.resolved.settings,
            [],
            output_schema,
            [],
            ModelTracing.DISABLED,
            previous_response_id=None,
            conversation_id=None,
            prompt=None,
        )
        return "".join(ItemHelpers.extract_text(item) or "" for item in response.output)

    def __call__(self, system: str, user: str, schema: type[BaseModel] | None = None) -> str:
        if schema is None or not self.structured_output:
            return self.runner.run(self._ask(system, user, None))
        try:
            return self.runner.run(self._ask(system, user, StrictReplySchema(schema)))
        except openai.BadRequestError:
            if self.resolved.provider != "openai-compatible":
                raise
            # A server without response_format (older vLLM, llama.cpp, Ollama builds): ask plainly from now
            # on; ask_json then reads the JSON out of the reply text.
            self.structured_output = False
            return self.runner.run(self._ask(system, user, None))
