"""The litellm: route (Gemini, Mistral, Bedrock through LiteLLM) end to end, mocked at the HTTP level.

LiteLLM sends through aiohttp by default, which respx cannot see; the tests switch
it to its httpx transport (DISABLE_AIOHTTP_TRANSPORT) so every request goes
through respx and none can reach the network.
"""

from __future__ import annotations

import json
import os
import sys

import httpx
import pytest
import respx

from backends_wire import CASE_DIR, DOCUMENT, FILING_DATE, QUOTE, SCRIPT, Provider, agent_run, script_usage
from gavel_agent import prompts
from gavel_agent.backends import resolve_model
from gavel_agent.case import load_case
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.errors import UserError

# LiteLLM fetches its price table on import unless told to use its bundled copy (as the backend tells it).
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
pytest.importorskip("litellm", reason="the litellm: route needs the litellm extra (pip install -e '.[litellm]')")

GEMINI_KEY = "AIzaFAKE-0123456789abcdefghijklmn"
MISTRAL_KEY = "mistral-fake-key-0123456789"


def mistral_reply(
    step: int, calls: list[tuple[str, str]], usage: tuple[int, int, int, int], reasoning=None
) -> httpx.Response:
    inp, cached, out, _ = usage
    message = {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {"id": f"call{step}x{i}", "type": "function", "function": {"name": n, "arguments": a}}
            for i, (n, a) in enumerate(calls)
        ],
    }
    return httpx.Response(
        200,
        json={
            "id": f"cmpl-{step}",
            "object": "chat.completion",
            "created": 1700000000,
            "model": "mistral-large-latest",
            "choices": [{"index": 0, "finish_reason": "tool_calls", "message": message}],
            "usage": {"prompt_tokens": inp, "completion_tokens": out, "total_tokens": inp + out},
        },
    )


def gemini_reply(
    step: int, calls: list[tuple[str, str]], usage: tuple[int, int, int, int], reasoning=None
) -> httpx.Response:
    inp, cached, out, _ = usage
    parts = [{"functionCall": {"name": n, "args": json.loads(a)}} for n, a in calls]
    return httpx.Response(
        200,
        json={
            "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": inp, "candidatesTokenCount": out, "totalTokenCount": inp + out},
            "modelVersion": "gemini-2.5-flash",
        },
    )


def bedrock_reply(
    step: int, calls: list[tuple[str, str]], usage: tuple[int, int, int, int], reasoning=None
) -> httpx.Response:
    """Bedrock's Converse API."""
    inp, cached, out, _ = usage
    content = [
        {"toolUse": {"toolUseId": f"tooluse{step}x{i}", "name": n, "input": json.loads(a)}}
        for i, (n, a) in enumerate(calls)
    ]
    return httpx.Response(
        200,
        json={
            "output": {"message": {"role": "assistant", "content": content}},
            "stopReason": "tool_use",
            "usage": {"inputTokens": inp, "outputTokens": out, "totalTokens": inp + out},
            "metrics": {"latencyMs": 5},
        },
    )


LITELLM_PROVIDERS = {
    "mistral": Provider(
        "litellm:mistral/mistral-large-latest",
        "https://api.mistral.ai/v1/chat/completions",
        mistral_reply,
        "MISTRAL_API_KEY",
    ),
    "gemini": Provider(
        "litellm:gemini/gemini-2.5-flash",
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent",
        gemini_reply,
        "GEMINI_API_KEY",
    ),
    "bedrock": Provider(
        "litellm:bedrock/anthropic.claude-3-5-haiku-20241022-v1:0",
        "https://bedrock-runtime.us-east-1.amazonaws.com/model/",
        bedrock_reply,
        "AWS_SECRET_ACCESS_KEY",
    ),
}
AWS_SECRET = "aws-fake-secret-0123456789abcdefghij"
AWS_KEY_ID = "AKIAFAKE0123456789AB"
KEYS = {"MISTRAL_API_KEY": MISTRAL_KEY, "GEMINI_API_KEY": GEMINI_KEY, "AWS_SECRET_ACCESS_KEY": AWS_SECRET}


@pytest.fixture(autouse=True)
def httpx_transport_only(monkeypatch):
    import litellm

    monkeypatch.setenv("DISABLE_AIOHTTP_TRANSPORT", "True")
    monkeypatch.setattr(litellm, "disable_aiohttp_transport", True)
    monkeypatch.setattr(litellm, "in_memory_llm_clients_cache", type(litellm.in_memory_llm_clients_cache)())


def tool_names(name: str, body: dict) -> set[str]:
    if name == "bedrock":
        return {t["toolSpec"]["name"] for t in body["toolConfig"]["tools"]}
    if name == "gemini":
        return {f["name"] for tool in body["tools"] for f in tool["function_declarations"]}
    return {t["function"]["name"] for t in body["tools"]}


def system_prompt(name: str, body: dict) -> str:
    if name == "bedrock":
        return body["system"][0]["text"]
    if name == "gemini":
        return body["system_instruction"]["parts"][0]["text"]
    assert body["messages"][0]["role"] == "system"
    return body["messages"][0]["content"]


def tool_outputs(name: str, body: dict) -> list[str]:
    """Every tool result fed back to the model in this request, oldest first."""
    if name == "bedrock":
        return [
            json.dumps(block["toolResult"]["content"])
            for turn in body["messages"]
            for block in turn["content"]
            if "toolResult" in block
        ]
    if name == "gemini":
        return [
            json.dumps(part["function_response"]["response"])
            for turn in body["contents"]
            for part in turn["parts"]
            if "function_response" in part
        ]
    return [
        m["content"] if isinstance(m["content"], str) else json.dumps(m["content"])
        for m in body["messages"]
        if m["role"] == "tool"
    ]


@pytest.mark.parametrize("name", list(LITELLM_PROVIDERS))
async def test_scripted_run_over_the_wire(name, tmp_path, monkeypatch):
    provider = LITELLM_PROVIDERS[name]
    key = KEYS[provider.key_variable]
    monkeypatch.setenv(provider.key_variable, key)
    if name == "bedrock":
        pytest.importorskip("botocore", reason="LiteLLM signs Bedrock requests with botocore (the litellm extra)")
        monkeypatch.setenv("AWS_ACCESS_KEY_ID", AWS_KEY_ID)
        monkeypatch.setenv("AWS_REGION_NAME", "us-east-1")
    run = agent_run(CASE_DIR, tmp_path / "run", provider)
    replies = [provider.reply(step, [call], script_usage(step)) for step, call in enumerate(SCRIPT, start=1)]
    with respx.mock(assert_all_mocked=True) as router:
        route = router.post(url__startswith=provider.url)
        route.side_effect = replies
        outcome = await run.run()

    bodies = [json.loads(c.request.content) for c in route.calls]
    assert len(bodies) == len(SCRIPT)
    assert tool_names(name, bodies[0]) == {
        "list_documents",
        "read_document",
        "search",
        "get_checklist",
        "update_checklist",
        "append_checklist",
        "remove_values",
        "merge_values",
        "settle_none",
        "stop",
    }
    assert system_prompt(name, bodies[0]) == prompts.load("agent_system")
    # Each step's tool result reaches the model in the next request.
    listing = tool_outputs(name, bodies[1])[0]
    assert DOCUMENT in listing and "7 documents" in listing
    assert QUOTE in tool_outputs(name, bodies[3])[-1]
    assert "stored 1 value" in tool_outputs(name, bodies[4])[-1]

    [value] = ChecklistFile.read(tmp_path / "run" / "checklist.json").items["filing_date"]
    assert value.value == FILING_DATE
    [evidence] = value.evidence
    assert load_case(CASE_DIR).document(DOCUMENT).text[evidence.start_char : evidence.end_char] == QUOTE
    stats = json.loads((tmp_path / "run" / "stats.json").read_text())
    assert stats["status"] == "finished" and outcome.stats.status == "finished"
    assert [s["input_tokens"] for s in stats["per_step"]] == [script_usage(i)[0] for i in range(1, 7)]
    assert [s["output_tokens"] for s in stats["per_step"]] == [script_usage(i)[2] for i in range(1, 7)]
    # The key went out with the request (Bedrock: signed with it, sending the key id), and nowhere into the run folder.
    request = route.calls[0].request
    assert (AWS_KEY_ID if name == "bedrock" else key) in str(request.headers.raw) + str(request.url)
    for path in (tmp_path / "run").rglob("*"):
        if path.is_file():
            assert key not in path.read_text(encoding="utf-8"), path


async def test_a_server_error_is_retried(tmp_path, monkeypatch):
    provider = LITELLM_PROVIDERS["mistral"]
    monkeypatch.setenv(provider.key_variable, MISTRAL_KEY)
    run = agent_run(CASE_DIR, tmp_path / "run", provider)
    replies = [provider.reply(step, [call], script_usage(step)) for step, call in enumerate(SCRIPT, start=1)]
    with respx.mock(assert_all_mocked=True) as router:
        route = router.post(provider.url)
        route.side_effect = [httpx.Response(503, json={"message": "overloaded"}), *replies]
        outcome = await run.run()
    assert route.call_count == len(SCRIPT) + 1
    assert outcome.stats.status == "finished"


def test_route_names_and_missing_extra_are_one_line_errors(monkeypatch):
    with pytest.raises(UserError, match="provider/model"):
        resolve_model("litellm:gemini-2.5-flash")
    monkeypatch.setitem(sys.modules, "agents.extensions.models.litellm_model", None)
    with pytest.raises(UserError, match=r"pip install 'gavel-agent\[litellm\]'"):
        resolve_model("litellm:mistral/mistral-large-latest")


def test_litellm_keys_are_redacted(monkeypatch):
    from gavel_agent.backends.keys import redact

    monkeypatch.setenv("MISTRAL_API_KEY", MISTRAL_KEY)
    assert redact(f"401 for {MISTRAL_KEY} and ?key={GEMINI_KEY}") == "401 for [redacted] and ?key=[redacted]"


@pytest.mark.parametrize(
    ("name", "variable"),
    [
        ("litellm:gemini/gemini-2.5-flash", "GEMINI_API_KEY"),
        ("litellm:mistral/mistral-large-latest", "MISTRAL_API_KEY"),
    ],
)
def test_a_missing_provider_key_is_one_line_before_any_request(monkeypatch, name, variable):
    for unset in ("GEMINI_API_KEY", "GOOGLE_API_KEY", "MISTRAL_API_KEY"):
        monkeypatch.delenv(unset, raising=False)
    with respx.mock(assert_all_called=False) as wire:  # nothing may go out
        with pytest.raises(UserError, match=rf"{variable}.* is not set") as error:
            resolve_model(name)
        assert not wire.calls
    assert "\n" not in str(error.value)
