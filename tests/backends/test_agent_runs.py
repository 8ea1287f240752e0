"""The agent loop end to end against each provider's API, mocked at the HTTP level.

Every backend gets the same scripted model (list, search, read, append with a
real quote, stop, stop); the tests check what went over the wire, the final
checklist and the token accounting in stats.json.
"""

from __future__ import annotations

import json

import pytest

from backends_wire import (
    CASE_DIR,
    DOCUMENT,
    FAKE_KEY,
    FILING_DATE,
    PROVIDERS,
    QUOTE,
    SCRIPT,
    cache_writes,
    run_over_the_wire,
    script_usage,
    scripted_replies,
)
from gavel_agent import prompts
from gavel_agent.backends import catalog
from gavel_agent.case import load_case
from gavel_agent.checklists.record import ChecklistFile

TOOLS = {
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


def tool_names(provider: str, body: dict) -> set[str]:
    if provider == "openai-compatible":
        return {t["function"]["name"] for t in body["tools"]}
    return {t["name"] for t in body["tools"]}


def system_prompt(provider: str, body: dict) -> str:
    if provider == "openai":
        return body["instructions"]
    if provider == "anthropic":
        return body["system"][0]["text"]
    assert body["messages"][0]["role"] == "system"
    return body["messages"][0]["content"]


def tool_results(provider: str, body: dict) -> dict[str, str]:
    """call id -> tool output text, as fed back to the model in this request."""
    if provider == "openai":
        return {i["call_id"]: i["output"] for i in body["input"] if i.get("type") == "function_call_output"}
    if provider == "anthropic":
        return {
            b["tool_use_id"]: b["content"]
            for m in body["messages"]
            if m["role"] == "user"
            for b in m["content"]
            if b["type"] == "tool_result"
        }
    return {m["tool_call_id"]: m["content"] for m in body["messages"] if m["role"] == "tool"}


def call_id(provider: str, step: int) -> str:
    return f"toolu_{step}_0" if provider == "anthropic" else f"call_{step}_0"


def reported_input(provider: str, step: int) -> int:
    """Input tokens the SDK should record: Anthropic reports cache reads apart from input."""
    inp, cached, _, _ = script_usage(step)
    return inp + cached + cache_writes(step) if provider == "anthropic" else inp


@pytest.mark.parametrize("name", list(PROVIDERS))
async def test_scripted_run_over_the_wire(name, tmp_path, monkeypatch):
    provider = PROVIDERS[name]
    _, outcome, route = await run_over_the_wire(provider, tmp_path / "run", monkeypatch, scripted_replies(provider))

    bodies = [json.loads(c.request.content) for c in route.calls]
    assert len(bodies) == len(SCRIPT)
    first = bodies[0]
    assert tool_names(name, first) == TOOLS
    assert system_prompt(name, first) == prompts.load("agent_system")
    if name == "openai-compatible":
        # llama-cpp-python's server rejects null content on tool-call turns.
        assert all(m["content"] is not None for body in bodies for m in body["messages"])
    if name == "anthropic":
        assert first["system"][0]["cache_control"] == {"type": "ephemeral"}
        # The stable prefix is cached: the system prompt (tools come before it) and the task message.
        assert first["messages"][0]["content"][0]["cache_control"] == {"type": "ephemeral"}
        assert first["messages"][0]["content"][0]["text"].startswith("Checklist: gavel")
        assert "cache_control" not in first["messages"][0]["content"][-1]  # the per-step state
        assert first["tool_choice"] == {"type": "auto"}  # parallel tool use allowed
    # Each step's tool result reaches the model in the next request.
    listing = tool_results(name, bodies[1])[call_id(name, 1)]
    assert DOCUMENT in listing and "7 documents" in listing
    assert QUOTE in tool_results(name, bodies[3])[call_id(name, 3)]
    assert "stored 1 value" in tool_results(name, bodies[4])[call_id(name, 4)]
    # The first stop shows the checklist for review; the second ends the run.
    assert "filing_date" in tool_results(name, bodies[5])[call_id(name, 5)]

    checklist = ChecklistFile.read(tmp_path / "run" / "checklist.json")
    [value] = checklist.items["filing_date"]
    assert value.value == FILING_DATE
    [evidence] = value.evidence
    assert (evidence.document, evidence.quote) == (DOCUMENT, QUOTE)
    assert load_case(CASE_DIR).document(DOCUMENT).text[evidence.start_char : evidence.end_char] == QUOTE
    # Reasoning is counted, never stored as a value.
    assert all("listing the documents" not in v.value for values in checklist.items.values() for v in values)

    stats = json.loads((tmp_path / "run" / "stats.json").read_text())
    assert stats["status"] == "finished", stats["stop_reason"]
    steps = stats["per_step"]
    assert [s["input_tokens"] for s in steps] == [reported_input(name, i) for i in range(1, 7)]
    assert [s["cached_input_tokens"] for s in steps] == [script_usage(i)[1] for i in range(1, 7)]
    assert [s["output_tokens"] for s in steps] == [script_usage(i)[2] for i in range(1, 7)]
    assert stats["reasoning_tokens"] == 7
    prices = catalog.prices_for(provider.model)
    if prices is None:
        assert stats["cost_usd"] == 0
    else:
        writes = [cache_writes(i) if name == "anthropic" else 0 for i in range(1, 7)]
        expected = sum(
            prices.cost(s["input_tokens"], s["cached_input_tokens"], s["output_tokens"], w)
            for s, w in zip(steps, writes)
        )
        assert stats["cost_usd"] == pytest.approx(expected) and expected > 0
    assert outcome.stats.status == "finished"

    # The key went out in a request header, and nowhere into the run folder.
    assert FAKE_KEY in str(route.calls[0].request.headers.raw)
    for path in (tmp_path / "run").rglob("*"):
        if path.is_file():
            assert FAKE_KEY not in path.read_text(encoding="utf-8"), path
