"""respx for the provider SDKs: they send through ``httpx2``, which respx does not patch.

``httpx2_mock()`` is ``respx.mock`` plus a mocker that routes every httpx2
client request through the same respx router, converting requests and
responses between the two libraries. Transport errors a route raises (e.g.
``httpx.ReadTimeout``) are re-raised as their httpx2 twins, so the SDKs see
exactly what a real timeout looks like.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import httpx
import httpx2
import respx
from respx.mocks import Mocker


class HTTPX2Mocker(Mocker):
    name = "httpx2"
    targets = ["httpx2._client.Client", "httpx2._client.AsyncClient"]
    target_methods = ["_transport_for_url"]

    @classmethod
    def mock(cls, spec):
        def _transport_for_url(self, *args, **kwargs):
            return httpx2.MockTransport(cls._bridge)

        return _transport_for_url

    @classmethod
    async def _bridge(cls, request2: httpx2.Request) -> httpx2.Response:
        request = httpx.Request(
            request2.method, str(request2.url), headers=list(request2.headers.raw), content=request2.content
        )
        try:
            response = await cls.async_handler(request)
        except httpx.TransportError as error:
            raise getattr(httpx2, type(error).__name__)(str(error), request=request2) from None
        await response.aread()
        return httpx2.Response(
            response.status_code, headers=list(response.headers.raw), content=response.content, request=request2
        )


def httpx2_mock(**kwargs) -> respx.MockRouter:
    return respx.mock(using="httpx2", **kwargs)


# ---- scripted provider replies -------------------------------------------------------------
# Each builder renders one model turn (tool calls, optional text/reasoning, token usage)
# in a provider's own JSON response format.


def responses_reply(
    step: int, calls: list[tuple[str, str]], usage: tuple[int, int, int, int], reasoning: str | None = None
) -> httpx.Response:
    """OpenAI Responses API: ``usage`` is (input, cached input, output, reasoning) tokens."""
    output: list[dict] = []
    if reasoning:
        output.append(
            {"type": "reasoning", "id": f"rs_{step}", "summary": [{"type": "summary_text", "text": reasoning}]}
        )
    for i, (name, arguments) in enumerate(calls):
        output.append(
            {
                "type": "function_call",
                "id": f"fc_{step}_{i}",
                "call_id": f"call_{step}_{i}",
                "name": name,
                "arguments": arguments,
                "status": "completed",
            }
        )
    inp, cached, out, reasoning_tokens = usage
    return httpx.Response(
        200,
        json={
            "id": f"resp_{step}",
            "object": "response",
            "created_at": 1700000000,
            "model": "gpt-4.1",
            "status": "completed",
            "output": output,
            "tool_choice": "auto",
            "tools": [],
            "parallel_tool_calls": False,
            "usage": {
                "input_tokens": inp,
                "input_tokens_details": {"cached_tokens": cached},
                "output_tokens": out,
                "output_tokens_details": {"reasoning_tokens": reasoning_tokens},
                "total_tokens": inp + out,
            },
        },
    )


def chat_reply(
    step: int, calls: list[tuple[str, str]], usage: tuple[int, int, int, int], reasoning: str | None = None
) -> httpx.Response:
    """Chat Completions (vLLM/Ollama/llama.cpp style, ``reasoning_content`` for thinking models)."""
    inp, cached, out, reasoning_tokens = usage
    message: dict = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": f"call_{step}_{i}", "type": "function", "function": {"name": n, "arguments": a}}
            for i, (n, a) in enumerate(calls)
        ],
    }
    if reasoning:
        message["reasoning_content"] = reasoning
    return httpx.Response(
        200,
        json={
            "id": f"chatcmpl-{step}",
            "object": "chat.completion",
            "created": 1700000000,
            "model": "local",
            "choices": [{"index": 0, "finish_reason": "tool_calls", "message": message}],
            "usage": {
                "prompt_tokens": inp,
                "completion_tokens": out,
                "total_tokens": inp + out,
                "prompt_tokens_details": {"cached_tokens": cached},
                "completion_tokens_details": {"reasoning_tokens": reasoning_tokens},
            },
        },
    )


def cache_writes(step: int) -> int:
    """Anthropic prompt-cache writes: the first step stores the system prompt and tools."""
    return 300 if step == 1 else 0


def anthropic_reply(
    step: int, calls: list[tuple[str, str]], usage: tuple[int, int, int, int], reasoning: str | None = None
) -> httpx.Response:
    """Anthropic Messages: ``usage`` is (uncached input, cache read, output, thinking) tokens."""
    content: list[dict] = []
    if reasoning:
        content.append({"type": "thinking", "thinking": reasoning, "signature": f"sig-{step}"})
    for i, (name, arguments) in enumerate(calls):
        content.append({"type": "tool_use", "id": f"toolu_{step}_{i}", "name": name, "input": json.loads(arguments)})
    inp, cached, out, thinking = usage
    return httpx.Response(
        200,
        json={
            "id": f"msg_{step}",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5",
            "content": content,
            "stop_reason": "tool_use",
            "usage": {
                "input_tokens": inp,
                "cache_read_input_tokens": cached,
                "cache_creation_input_tokens": cache_writes(step),
                "output_tokens": out,
                "output_tokens_details": {"thinking_tokens": thinking},
            },
        },
    )


# ---- a small case and the scripted agent run -------------------------------------------------

# The bundled sample case; the complaint's header line carries its filing date.
CASE_DIR = Path(__file__).resolve().parents[1] / "cases" / "riverside-jail"
DOCUMENT = "01-complaint"
QUOTE = "Filed 03/15/21"
FILING_DATE = "2021-03-15"


def append_arguments(quote: str = QUOTE, value: str = FILING_DATE) -> str:
    return json.dumps(
        {"item": "filing_date", "values": [{"value": value, "evidence": [{"document": DOCUMENT, "quote": quote}]}]}
    )


# list, search, read, append with a real quote, stop (review), stop (end)
SCRIPT: list[tuple[str, str]] = [
    ("list_documents", "{}"),
    ("search", json.dumps({"query": "complaint filed date"})),
    ("read_document", json.dumps({"document": DOCUMENT})),
    ("append_checklist", append_arguments()),
    ("stop", json.dumps({"reason": "done"})),
    ("stop", "{}"),
]


def script_usage(step: int) -> tuple[int, int, int, int]:
    """Scripted provider counts for step 1..n: (input, cached, output, reasoning)."""
    return (1000 + 100 * step, 0 if step == 1 else 800, 40 + step, 7 if step == 1 else 0)


@dataclass(frozen=True)
class Provider:
    model: str
    url: str
    reply: Callable[..., httpx.Response]
    key_variable: str
    base_url: str | None = None


PROVIDERS = {
    "openai": Provider("openai:gpt-4.1", "https://api.openai.com/v1/responses", responses_reply, "OPENAI_API_KEY"),
    "anthropic": Provider(
        "anthropic:claude-haiku-4-5", "https://api.anthropic.com/v1/messages", anthropic_reply, "ANTHROPIC_API_KEY"
    ),
    "openai-compatible": Provider(
        "openai-compatible:local-model",
        "http://127.0.0.1:8089/v1/chat/completions",
        chat_reply,
        "OPENAI_API_KEY",
        base_url="http://127.0.0.1:8089/v1",
    ),
}
FAKE_KEY = "sk-fake-key-0123456789abcdef"


def scripted_replies(provider: Provider, script=SCRIPT, first_step: int = 1) -> list[httpx.Response]:
    return [
        provider.reply(
            step, [call], script_usage(step), reasoning="Start by listing the documents." if step == 1 else None
        )
        for step, call in enumerate(script, start=first_step)
    ]


def agent_run(case_dir: Path, run_dir: Path, provider: Provider, max_steps: int = 20):
    from gavel_agent.backends import resolve_model
    from gavel_agent.case import load_case
    from gavel_agent.checklists import load_spec
    from gavel_agent.loop import AgentRun

    spec = load_spec("gavel")
    return AgentRun(
        load_case(case_dir),
        spec,
        spec.keys,
        resolve_model(provider.model, provider.base_url),
        run_dir,
        max_steps=max_steps,
    )


def no_backoff(monkeypatch) -> None:
    """Make the clients' exponential backoff near-instant (Retry-After headers still apply)."""
    import anthropic._base_client
    import openai._base_client

    for module in (openai._base_client, anthropic._base_client):
        monkeypatch.setattr(module, "INITIAL_RETRY_DELAY", 0.001)


async def run_over_the_wire(provider: Provider, run_dir: Path, monkeypatch, replies: list[httpx.Response]):
    """A whole agent run on the sample case against the provider's mocked API: (run, outcome, route)."""
    monkeypatch.setenv(provider.key_variable, FAKE_KEY)
    run = agent_run(CASE_DIR, run_dir, provider)
    with httpx2_mock() as router:
        route = router.post(provider.url)
        route.side_effect = replies
        outcome = await run.run()
    return run, outcome, route
