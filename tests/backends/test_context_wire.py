"""What a capable model is sent, per backend, mocked at the HTTP level (respx; never the network).

The script reads the complaint's first window, then in ONE reply writes two items from it and reads
on (parallel calls), then stops twice. The requests must carry the read text into the turn that
writes from it and keep it after; allow parallel calls; keep tool_choice "auto" on every turn; and
show tool schemas whose item is an enum of the run's keys.
"""

from __future__ import annotations

import json

import pytest

from backends_wire import DOCUMENT, PROVIDERS, QUOTE, run_over_the_wire
from gavel_agent.checklists.record import ChecklistFile

PARTY_QUOTE = "Plaintiff DANIEL VEGA is 44 years old"
READ = {"document": DOCUMENT, "start_token": 0, "end_token": 3000}
WRITE = {
    "items": [
        {
            "item": "filing_date",
            "values": [
                {
                    "value": "2021-03-15",
                    "evidence": [{"document": DOCUMENT, "quote": QUOTE}],
                }
            ],
        },
        {
            "item": "parties",
            "values": [
                {
                    "value": "Plaintiff: Daniel Vega (pretrial detainee)",
                    "evidence": [{"document": DOCUMENT, "quote": PARTY_QUOTE}],
                }
            ],
        },
    ]
}
SCRIPT = [
    [("list_documents", {})],
    [("read_document", READ)],
    [
        ("append_checklist", WRITE),
        ("read_document", {**READ, "start_token": 3000, "end_token": 6000}),
    ],
    [("stop", {})],
    [("stop", {})],
]


def replies(provider):
    return [
        provider.reply(step, [(name, json.dumps(args)) for name, args in calls], (1000, 0, 50, 0))
        for step, calls in enumerate(SCRIPT, start=1)
    ]


def request_text(body: dict) -> str:
    return json.dumps(body, ensure_ascii=False)


def write_tool_schema(name: str, body: dict) -> dict:
    for tool in body["tools"]:
        if name == "openai-compatible":
            if tool["function"]["name"] == "append_checklist":
                return tool["function"]
        elif tool["name"] == "append_checklist":
            return tool
    raise AssertionError("no append_checklist tool")


@pytest.mark.parametrize("name", list(PROVIDERS))
async def test_read_text_reaches_the_write_and_calls_run_in_parallel(name, tmp_path, monkeypatch):
    provider = PROVIDERS[name]
    run, outcome, route = await run_over_the_wire(provider, tmp_path / "run", monkeypatch, replies(provider))
    assert outcome.stats.status == "finished", outcome.stats.stop_reason
    bodies = [json.loads(c.request.content) for c in route.calls]
    assert len(bodies) == len(SCRIPT)

    # The request that writes from the read carries the read text; later requests still do.
    for body in bodies[2:]:
        assert PARTY_QUOTE in request_text(body)
    # One write stored values for two items.
    checklist = ChecklistFile.read(tmp_path / "run" / "checklist.json")
    assert checklist.values_of("filing_date") == ["2021-03-15"]
    assert checklist.values_of("parties") == ["Plaintiff: Daniel Vega (pretrial detainee)"]
    # Both parallel calls were run and their results sent back in the next request.
    after = request_text(bodies[3])
    assert "filing_date: stored 1 value(s)" in after and "parties: stored 1 value(s)" in after
    assert f"[{DOCUMENT} tokens 3000-6000" in after
    assert outcome.stats.per_step[2].tool_calls == 2
    # The history budget the run pruned by is on record, so runs under different policies can be compared.
    assert outcome.stats.history_tokens == run.model.agent.history_tokens > 0

    # tool_choice "auto" on every turn (the SDK would drop it after the first tool call), parallel calls allowed.
    for body in bodies:
        if name == "anthropic":
            assert body["tool_choice"] == {"type": "auto"}  # no disable_parallel_tool_use
        else:
            assert body["tool_choice"] == "auto" and body["parallel_tool_calls"] is True
    schema = write_tool_schema(name, bodies[0])
    parameters = schema.get("parameters") or schema["input_schema"]
    entry = parameters["properties"]["items"]["items"]
    assert entry["properties"]["item"]["enum"] == run.item_keys
    assert '"title"' not in json.dumps(parameters) and "$defs" not in json.dumps(parameters)
    # Strict schemas where the provider enforces them (OpenAI); plain JSON schema elsewhere.
    assert schema.get("strict", False) is (name == "openai")


@pytest.mark.parametrize("content", ["Let me think about which document to read first", ""])
async def test_a_cut_off_chat_reply_is_asked_again_not_taken_as_a_stop(content, tmp_path, monkeypatch):
    """finish_reason "length" with no tool call (a thinking model out of tokens): the loop nudges and goes on.
    With no text at all the SDK raises; that too is a cut-off reply, not a failed run."""
    import httpx

    provider = PROVIDERS["openai-compatible"]
    cut = httpx.Response(
        200,
        json={
            "id": "chatcmpl-cut",
            "object": "chat.completion",
            "created": 1700000000,
            "model": "local",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "length",
                    "message": {"role": "assistant", "content": content},
                }
            ],
            "usage": {
                "prompt_tokens": 900,
                "completion_tokens": 4096,
                "total_tokens": 4996,
            },
        },
    )
    stop = [provider.reply(step, [("stop", "{}")], (1000, 0, 5, 0)) for step in (2, 3)]
    _, outcome, route = await run_over_the_wire(provider, tmp_path / "run", monkeypatch, [cut, *stop])
    assert outcome.stats.status == "finished" and outcome.stats.stop_attempts == 2
    second = json.loads(route.calls[1].request.content)
    assert "cut off at the output limit" in request_text(second)
    stats = json.loads((tmp_path / "run" / "stats.json").read_text())
    assert stats["per_step"][0]["cut_off"] is True
