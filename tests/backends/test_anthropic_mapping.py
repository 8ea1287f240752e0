"""The Anthropic backend's translation, unit by unit, and a multi-step SDK run on the wire."""

from __future__ import annotations

import json

import httpx
from agents import Agent, FunctionTool, ModelSettings, RunConfig, Runner, function_tool
from anthropic.types import Message

from backends_wire import anthropic_reply, httpx2_mock
from gavel_agent.backends import anthropic_mapping as mapping
from gavel_agent.backends.anthropic_backend import AnthropicModel

MESSAGES_URL = "https://api.anthropic.com/v1/messages"


@function_tool
def lookup(word: str) -> str:
    """Look a word up."""
    return f"{word} means something"


def test_tools_become_anthropic_definitions():
    echo = FunctionTool(
        name="echo",
        description="Echo.",
        params_json_schema={"type": "object", "properties": {}},
        on_invoke_tool=lambda *_: "",
    )
    definitions = mapping.tool_definitions([lookup, echo])
    assert [d["name"] for d in definitions] == ["lookup", "echo"]
    assert definitions[0]["input_schema"]["properties"]["word"]["type"] == "string"
    # Tools come before the system prompt in Anthropic's cache order: the system prompt's marker covers them.
    assert all("cache_control" not in d for d in definitions)


def test_tool_choice_mapping():
    assert mapping.tool_choice("required") == {"type": "any"}
    assert mapping.tool_choice("auto") == {"type": "auto"}
    assert mapping.tool_choice("search") == {"type": "tool", "name": "search"}
    assert mapping.tool_choice(None) is None


def test_input_items_become_alternating_turns_with_tool_blocks():
    items = [
        {"role": "user", "content": "Fill the checklist."},
        {
            "type": "reasoning",
            "id": "r1",
            "summary": [],
            "content": [{"type": "reasoning_text", "text": "plan"}],
            "encrypted_content": "sig-1",
        },
        {"type": "function_call", "call_id": "t1", "name": "search", "arguments": '{"query": "judge"}'},
        {"type": "function_call", "call_id": "t2", "name": "list_documents", "arguments": ""},
        {"type": "function_call_output", "call_id": "t1", "output": "3 hits"},
        {"type": "function_call_output", "call_id": "t2", "output": [{"type": "input_text", "text": "2 documents"}]},
        {"role": "user", "content": "State after step 1."},
    ]
    turns = mapping.messages(items)
    assert [t["role"] for t in turns] == ["user", "assistant", "user"]
    assistant = turns[1]["content"]
    assert assistant[0] == {"type": "thinking", "thinking": "plan", "signature": "sig-1"}
    assert assistant[1] == {"type": "tool_use", "id": "t1", "name": "search", "input": {"query": "judge"}}
    assert assistant[2]["input"] == {}
    results = turns[2]["content"]
    assert results[0] == {"type": "tool_result", "tool_use_id": "t1", "content": "3 hits"}
    assert results[1]["content"] == "2 documents"
    # Markers on the task message and the history's end; none on the per-step state, which changes every step.
    marked = [b for t in turns for b in t["content"] if "cache_control" in b]
    assert marked == [turns[0]["content"][0], results[1]]
    assert results[2] == {"type": "text", "text": "State after step 1."}


def test_reasoning_without_an_anthropic_signature_is_not_sent():
    items = [
        {"role": "user", "content": "go"},
        {"type": "reasoning", "id": "r", "summary": [{"type": "summary_text", "text": "x"}]},
        {"type": "function_call", "call_id": "c", "name": "stop", "arguments": "{}"},
    ]
    assistant = mapping.messages(items)[1]["content"]
    assert [b["type"] for b in assistant] == ["tool_use"]


def test_request_carries_cached_system_prompt_sampling_and_serial_tool_use():
    settings = ModelSettings(
        temperature=0.0,
        max_tokens=900,
        parallel_tool_calls=False,
        tool_choice="required",
        extra_args={"metadata": {"user_id": "bench"}},
    )
    body = mapping.request("claude-x", "You extract.", "hello", settings, [lookup])
    assert body["system"] == [{"type": "text", "text": "You extract.", "cache_control": {"type": "ephemeral"}}]
    assert body["max_tokens"] == 900 and body["temperature"] == 0.0
    arguments = mapping.create_arguments(
        body, {"model", "max_tokens", "messages", "system", "tools", "tool_choice", "metadata"}
    )
    assert arguments["extra_body"] == {"temperature": 0.0}
    assert body["tool_choice"] == {"type": "any", "disable_parallel_tool_use": True}
    assert body["metadata"] == {"user_id": "bench"}
    assert body["messages"][0]["content"][0]["text"] == "hello"


def test_response_blocks_become_sdk_items_and_usage_counts_cache_and_thinking():
    message = Message.model_validate(
        {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-x",
            "stop_reason": "tool_use",
            "content": [
                {"type": "thinking", "thinking": "Look for the judge first.", "signature": "sig"},
                {"type": "redacted_thinking", "data": "opaque"},
                {"type": "text", "text": "Searching."},
                {"type": "tool_use", "id": "toolu_1", "name": "search", "input": {"query": "judge"}},
            ],
            "usage": {
                "input_tokens": 50,
                "cache_read_input_tokens": 1000,
                "cache_creation_input_tokens": 200,
                "output_tokens": 80,
            },
        }
    )
    items = mapping.output_items(message)
    assert [i.type for i in items] == ["message", "reasoning", "reasoning", "function_call"]
    assert items[0].content[0].text == "Searching."
    assert items[1].encrypted_content == "sig" and items[1].content[0].text == "Look for the judge first."
    assert items[2].encrypted_content == mapping.REDACTED_PREFIX + "opaque"
    assert json.loads(items[3].arguments) == {"query": "judge"} and items[3].call_id == "toolu_1"
    usage = mapping.usage(message)
    assert usage.input_tokens == 1250  # uncached + cache read + cache write, as the SDK counts input
    assert usage.input_tokens_details.cached_tokens == 1000
    assert usage.input_tokens_details.cache_write_tokens == 200
    assert usage.output_tokens == 80
    # No thinking_tokens reported: estimated from the thinking text.
    assert 0 < usage.output_tokens_details.reasoning_tokens < 20
    # Replaying the items reproduces the signed thinking blocks.
    replay = mapping.messages([{"role": "user", "content": "go"}, *[i.model_dump() for i in items]])
    assert [b["type"] for b in replay[1]["content"]] == ["text", "thinking", "redacted_thinking", "tool_use"]
    assert replay[1]["content"][2]["data"] == "opaque"


async def test_multi_step_sdk_run_against_mocked_messages_api(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-0123456789")
    agent = Agent(name="t", instructions="Use the tool, then answer.", tools=[lookup])
    with httpx2_mock() as router:
        route = router.post(MESSAGES_URL)
        route.side_effect = [
            anthropic_reply(1, [("lookup", '{"word": "tort"}')], (40, 0, 12, 5), reasoning="I should look it up."),
            httpx.Response(
                200,
                json={
                    "id": "msg_2",
                    "type": "message",
                    "role": "assistant",
                    "model": "claude-x",
                    "stop_reason": "end_turn",
                    "content": [{"type": "text", "text": "A tort is a wrong."}],
                    "usage": {"input_tokens": 30, "cache_read_input_tokens": 60, "output_tokens": 9},
                },
            ),
        ]
        result = await Runner.run(
            agent, "What is a tort?", run_config=RunConfig(model=AnthropicModel("claude-x"), tracing_disabled=True)
        )
    assert result.final_output == "A tort is a wrong."
    first, second = (json.loads(c.request.content) for c in route.calls)
    assert first["system"][0]["text"] == "Use the tool, then answer."
    assert first["tools"][0]["name"] == "lookup" and first["system"][0]["cache_control"] == {"type": "ephemeral"}
    assert "sk-ant-test-0123456789" in str(route.calls[0].request.headers.raw)
    # The tool result goes back as a tool_result block after the signed thinking and the tool_use.
    assistant, results = second["messages"][1], second["messages"][2]
    assert [b["type"] for b in assistant["content"]] == ["thinking", "tool_use"]
    assert assistant["content"][0]["signature"] == "sig-1"
    assert results["content"][0]["tool_use_id"] == "toolu_1_0"
    assert results["content"][0]["content"] == "tort means something"
    usage = result.context_wrapper.usage
    # 40 uncached + 300 cache writes on the first call, 30 uncached + 60 cache reads on the second.
    assert (usage.requests, usage.input_tokens, usage.output_tokens) == (2, 430, 21)
    assert usage.input_tokens_details.cached_tokens == 60
    assert usage.output_tokens_details.reasoning_tokens == 5


async def test_streamed_runs_get_one_completed_event_with_usage(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-0123456789")
    agent = Agent(name="t", instructions="Answer.")
    with httpx2_mock() as router:
        router.post(MESSAGES_URL).respond(
            200,
            json={
                "id": "msg_s",
                "type": "message",
                "role": "assistant",
                "model": "claude-x",
                "stop_reason": "end_turn",
                "content": [{"type": "text", "text": "Done."}],
                "usage": {"input_tokens": 12, "cache_read_input_tokens": 30, "output_tokens": 4},
            },
        )
        result = Runner.run_streamed(
            agent, "Go.", run_config=RunConfig(model=AnthropicModel("claude-x"), tracing_disabled=True)
        )
        events = [event async for event in result.stream_events()]
    assert result.final_output == "Done."
    assert any(getattr(e, "data", None) is not None and e.data.type == "response.completed" for e in events)
    usage = result.context_wrapper.usage
    assert (usage.input_tokens, usage.input_tokens_details.cached_tokens, usage.output_tokens) == (42, 30, 4)
