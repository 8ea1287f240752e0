"""A reply cut off at the output limit inside a write, on the wire for each backend: the cut call is
refused whole and said to be cut off (to the model and in the ledger), the complete calls before it run."""

from __future__ import annotations

import json

import httpx
import pytest

from backends_wire import DOCUMENT, PROVIDERS, QUOTE, run_over_the_wire
from gavel_agent.backends import catalog
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.output_limit import CUT_OFF_SUMMARY

READ = {"document": DOCUMENT, "start_token": 0, "end_token": 3000}
COMPLETE = {
    "items": [
        {
            "item": "filing_date",
            "values": [{"value": "2021-03-15", "evidence": [{"document": DOCUMENT, "quote": QUOTE}]}],
        }
    ]
}
# What the cut left of a second write: it still parses (an Anthropic tool_use block comes back this way),
# but the value the model was writing when the limit came is gone.
CUT_SHORT = {"items": [{"item": "parties", "values": [{"value": "Plaintiff: Daniel Vega", "evidence": []}]}]}


def cut_off(name: str, response: httpx.Response, chat_arguments: str) -> httpx.Response:
    """``response`` (one reply in the provider's format) as stopped by the output limit."""
    body = response.json()
    if name == "openai-compatible":
        body["choices"][0]["finish_reason"] = "length"
        body["choices"][0]["message"]["tool_calls"][-1]["function"]["arguments"] = chat_arguments
    elif name == "anthropic":
        body["stop_reason"] = "max_tokens"
    else:
        body["status"] = "incomplete"
        body["incomplete_details"] = {"reason": "max_output_tokens"}
    return httpx.Response(200, json=body)


@pytest.mark.parametrize("name", list(PROVIDERS))
@pytest.mark.parametrize("parses", [True, False], ids=["cut-short-but-parses", "cut-mid-json"])
async def test_a_write_cut_off_at_the_output_limit_is_refused_whole_and_reported(name, parses, tmp_path, monkeypatch):
    if name != "openai-compatible" and not parses:
        pytest.skip("only Chat Completions hands over arguments as text cut mid-JSON")
    provider = PROVIDERS[name]
    usage = (1000, 0, 50, 0)
    cut_text = json.dumps(CUT_SHORT) if parses else json.dumps(CUT_SHORT)[:40]
    writes = provider.reply(
        3, [("append_checklist", json.dumps(COMPLETE)), ("append_checklist", json.dumps(CUT_SHORT))], usage
    )
    replies = [
        provider.reply(1, [("list_documents", "{}")], usage),
        provider.reply(2, [("read_document", json.dumps(READ))], usage),
        cut_off(name, writes, cut_text),
        provider.reply(4, [("stop", "{}")], usage),
        provider.reply(5, [("stop", "{}")], usage),
    ]
    _, outcome, route = await run_over_the_wire(provider, tmp_path / "run", monkeypatch, replies)
    assert outcome.stats.status == "finished"
    checklist = ChecklistFile.read(tmp_path / "run" / "checklist.json")
    assert checklist.values_of("parties") == []  # nothing of the cut call was stored
    after = json.dumps(json.loads(route.calls[3].request.content))
    limit = catalog.settings_for(provider.model).max_tokens
    assert f"reached the output limit ({limit:,} tokens) inside" in after and "split into smaller calls" in after
    ledger = [json.loads(line) for line in (tmp_path / "run" / "ledger.jsonl").read_text().splitlines()]
    if name == "openai":
        # The Responses API fails an incomplete reply and the SDK runs none of its calls: the model is told so.
        assert checklist.values_of("filing_date") == [] and "none of its calls were run" in after
        assert any(e.get("reason") == "reply cut off" for e in ledger)
    else:
        assert checklist.values_of("filing_date") == ["2021-03-15"]  # the complete call before the cut ran
        assert "filing_date: stored 1 value(s)" in after
        assert [e["summary"] for e in ledger if e.get("tool") == "append_checklist"][-1] == CUT_OFF_SUMMARY
    stats = json.loads((tmp_path / "run" / "stats.json").read_text())
    assert [s["cut_off"] for s in stats["per_step"]][:4] == [False, False, True, False]
    assert stats["malformed_calls"] == 0  # the cut is the output limit's doing, not a malformed call


@pytest.mark.parametrize(
    ("label", "budget"),
    [
        ("openai:gpt-4.1", 16384),
        ("anthropic:claude-sonnet-4-5", 16384),
        ("anthropic:claude-3-5-haiku-latest", 8192),
        ("openai-compatible:Qwen3-30B-A3B-Instruct-2507", 16384),
        ("openai-compatible:llama-3.1-8b-instruct", 8192),
        ("litellm:gemini/gemini-2.5-flash", 8192),
    ],
)
def test_output_budgets_leave_room_for_batched_writes(label, budget):
    """A batched write runs to 2,500-3,500 tokens; every family has room for two or more, within its window."""
    max_tokens = catalog.settings_for(label).max_tokens
    assert max_tokens == budget and max_tokens >= 2 * 3500
    window = catalog.context_window(label)
    assert window is None or max_tokens + catalog.agent_options(label).history_tokens < window


def test_the_write_tools_say_to_split_very_large_writes():
    from gavel_agent.tools import calls

    for spec in calls.tool_specs():
        if spec.name in ("append_checklist", "update_checklist"):
            assert (
                "Split very large writes" in spec.description
                and "cut off at the output limit is not run" in spec.description
            )
