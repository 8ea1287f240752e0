"""Judges' JSON answers held to a schema on the wire: OpenAI response_format / text.format json_schema,
Anthropic forced tool use; a plain retry for OpenAI-compatible servers that refuse response_format."""

from __future__ import annotations

import json
from typing import Literal

import httpx
from pydantic import BaseModel

from backends_wire import FAKE_KEY, PROVIDERS, anthropic_reply, chat_reply, httpx2_mock, responses_reply
from gavel_agent.backends.completer import make_completer
from gavel_agent.text.llm import ReplyCache, ask_json, cached


class Verdict(BaseModel):
    verdict: Literal["supported", "contradicted"]
    reason: str = ""  # a default, which a strict schema must not carry


ANSWER = {"verdict": "contradicted", "reason": "the dates differ"}


def completer_for(provider_name: str, monkeypatch):
    provider = PROVIDERS[provider_name]
    monkeypatch.setenv(provider.key_variable, FAKE_KEY)
    return provider, make_completer(provider.model, provider.base_url)


def test_openai_responses_request_carries_a_strict_json_schema(monkeypatch):
    provider, complete = completer_for("openai", monkeypatch)
    reply = responses_reply(1, [], (100, 0, 20, 0)).json()
    reply["output"] = [
        {
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": json.dumps(ANSWER), "annotations": []}],
        }
    ]
    with httpx2_mock() as router:
        route = router.post(provider.url).mock(return_value=httpx.Response(200, json=reply))
        answer = ask_json(complete, "judge", "filing date: 2021 vs 2017", Verdict)
    assert answer == ANSWER
    text_format = json.loads(route.calls[0].request.content)["text"]["format"]
    assert text_format["type"] == "json_schema" and text_format["strict"] is True
    assert text_format["schema"]["required"] == ["verdict", "reason"]
    assert text_format["schema"]["properties"]["verdict"]["enum"] == ["supported", "contradicted"]


def test_chat_completions_request_carries_response_format(monkeypatch):
    provider, complete = completer_for("openai-compatible", monkeypatch)
    reply = {
        **chat_reply(1, [], (100, 0, 20, 0)).json(),
        "choices": [
            {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": json.dumps(ANSWER)}}
        ],
    }
    with httpx2_mock() as router:
        route = router.post(provider.url).mock(return_value=httpx.Response(200, json=reply))
        assert ask_json(complete, "judge", "question", Verdict) == ANSWER
    response_format = json.loads(route.calls[0].request.content)["response_format"]
    assert response_format["type"] == "json_schema" and response_format["json_schema"]["strict"] is True
    assert response_format["json_schema"]["schema"]["additionalProperties"] is False
    assert "default" not in json.dumps(response_format)


def refuses_response_format(content: str):
    """A compatible server that answers 400 to ``response_format`` and ``content`` to a plain request."""
    chatty = {
        **chat_reply(1, [], (100, 0, 20, 0)).json(),
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
    }

    def serve(request: httpx.Request) -> httpx.Response:
        if "response_format" in json.loads(request.content):
            return httpx.Response(400, json={"error": {"message": "response_format is not supported"}})
        return httpx.Response(200, json=chatty)

    return serve


def test_a_server_without_response_format_is_asked_plainly_and_read_tolerantly(monkeypatch):
    provider, complete = completer_for("openai-compatible", monkeypatch)
    with httpx2_mock() as router:
        serve = refuses_response_format(f"Here it is:\n```json\n{json.dumps(ANSWER)}\n```")
        route = router.post(provider.url).mock(side_effect=serve)
        assert ask_json(complete, "judge", "q1", Verdict) == ANSWER
        assert ask_json(complete, "judge", "q2", Verdict) == ANSWER
    bodies = [json.loads(call.request.content) for call in route.calls]
    assert ["response_format" in body for body in bodies] == [True, False, False]  # refused once, then plain


def test_a_cached_completer_whose_server_refused_the_schema_is_read_tolerantly(monkeypatch, tmp_path):
    """cached() wraps the completer once; after the server refuses response_format the inner one asks
    plainly, and the chatty replies (and the cached copy of one) are still read."""
    provider, complete = completer_for("openai-compatible", monkeypatch)
    complete = cached(complete, ReplyCache(tmp_path / "replies.sqlite"))
    with httpx2_mock() as router:
        router.post(provider.url).mock(
            side_effect=refuses_response_format(f"Sure: {json.dumps(ANSWER)} Hope it helps.")
        )
        assert ask_json(complete, "judge", "q1", Verdict) == ANSWER
        assert ask_json(complete, "judge", "q1", Verdict) == ANSWER  # from the cache


def test_anthropic_request_forces_the_answer_tool_and_the_reply_is_its_input(monkeypatch, tmp_path):
    provider, complete = completer_for("anthropic", monkeypatch)
    complete = cached(complete, ReplyCache(tmp_path / "cache"))  # the cache keeps the completer structured
    reply = anthropic_reply(1, [("final_output", json.dumps(ANSWER))], (100, 0, 20, 0))
    with httpx2_mock() as router:
        route = router.post(provider.url).mock(return_value=reply)
        assert ask_json(complete, "judge", "question", Verdict) == ANSWER
    body = json.loads(route.calls[0].request.content)
    assert body["tool_choice"] == {"type": "tool", "name": "final_output"}
    (tool,) = body["tools"]
    assert tool["name"] == "final_output" and tool["input_schema"]["required"] == ["verdict", "reason"]
    assert "thinking" not in body


def test_a_completer_without_structured_output_is_read_from_its_text():
    def fake(system: str, user: str) -> str:
        return f"Sure. {json.dumps(ANSWER)} Hope that helps."

    assert ask_json(fake, "judge", "question", Verdict) == ANSWER


def test_qa_grades_arrive_under_rows_as_a_schema_root_must_be_an_object(monkeypatch):
    from gavel_agent.evaluators.summaries.qa_llm import grade_answers
    from gavel_agent.evaluators.summaries.qa_report import QAPair

    provider, complete = completer_for("anthropic", monkeypatch)
    grades = {"rows": [{"id": 2, "grade": 1}, {"id": 1, "grade": 3}]}
    with httpx2_mock() as router:
        route = router.post(provider.url).mock(
            return_value=anthropic_reply(1, [("final_output", json.dumps(grades))], (100, 0, 20, 0))
        )
        pairs = [QAPair(role="issue", question=f"q{i}", answer=f"a{i}") for i in (1, 2)]
        assert grade_answers(pairs, ["a1", "wrong"], complete) == [3, 1]
    row_schema = json.loads(route.calls[0].request.content)["tools"][0]["input_schema"]
    assert row_schema["required"] == ["rows"] and row_schema["properties"]["rows"]["type"] == "array"
