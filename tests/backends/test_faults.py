"""Fault injection on the wire: rate limits, server errors, timeouts, exhausted retries, bad tool calls."""

from __future__ import annotations

import json
import sys
import time

import httpx
import pytest

from backends_wire import (
    CASE_DIR,
    FAKE_KEY,
    FILING_DATE,
    PROVIDERS,
    QUOTE,
    SCRIPT,
    agent_run,
    append_arguments,
    httpx2_mock,
    no_backoff,
    scripted_replies,
)
from gavel_agent.backends.catalog import client_options
from gavel_agent.checklists.record import ChecklistFile


def sequence(*replies):
    """A respx side effect that serves ``replies`` in order and notes when each request came."""
    queue = list(replies)
    seen: list[float] = []

    def serve(request):
        seen.append(time.monotonic())
        reply = queue.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return reply

    serve.seen = seen
    return serve


async def run_served(run, provider, serve) -> None:
    """Run the agent with the provider's endpoint answered by ``serve``."""
    with httpx2_mock() as router:
        router.post(provider.url).mock(side_effect=serve)
        await run.run()


def read_stats(run_dir) -> dict:
    return json.loads((run_dir / "stats.json").read_text())


@pytest.mark.parametrize("name", ["openai", "anthropic"])
async def test_rate_limit_waits_for_retry_after_then_succeeds(name, tmp_path, monkeypatch):
    no_backoff(monkeypatch)
    provider = PROVIDERS[name]
    monkeypatch.setenv(provider.key_variable, FAKE_KEY)
    run = agent_run(CASE_DIR, tmp_path / "run", provider)
    limited = httpx.Response(
        429, headers={"retry-after": "0.5"}, json={"error": {"message": "slow down", "type": "rate_limit_error"}}
    )
    serve = sequence(limited, *scripted_replies(provider))
    await run_served(run, provider, serve)
    assert read_stats(tmp_path / "run")["status"] == "finished"
    assert len(serve.seen) == len(SCRIPT) + 1
    # Backoff is near zero here, so only the header explains the wait.
    assert serve.seen[1] - serve.seen[0] >= 0.5


async def test_three_server_errors_then_success(tmp_path, monkeypatch):
    no_backoff(monkeypatch)
    provider = PROVIDERS["openai-compatible"]
    run = agent_run(CASE_DIR, tmp_path / "run", provider)
    failures = [httpx.Response(500, json={"error": {"message": "boom"}}) for _ in range(3)]
    serve = sequence(*failures, *scripted_replies(provider))
    await run_served(run, provider, serve)
    stats = read_stats(tmp_path / "run")
    assert stats["status"] == "finished" and len(serve.seen) == len(SCRIPT) + 3
    # The failed attempts cost a delay, not a step.
    assert len(stats["per_step"]) == len(SCRIPT)


async def test_a_timeout_is_retried(tmp_path, monkeypatch):
    no_backoff(monkeypatch)
    provider = PROVIDERS["openai"]
    monkeypatch.setenv(provider.key_variable, FAKE_KEY)
    run = agent_run(CASE_DIR, tmp_path / "run", provider)
    serve = sequence(httpx.ReadTimeout("no answer"), *scripted_replies(provider))
    await run_served(run, provider, serve)
    assert read_stats(tmp_path / "run")["status"] == "finished"
    assert len(serve.seen) == len(SCRIPT) + 1


def gavel_agent(monkeypatch, *args: str) -> int:
    """Run the real command line in-process; returns its exit code."""
    from gavel_agent.cli import main

    monkeypatch.setattr(sys, "argv", ["gavel-agent", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    return exit_info.value.code


def test_exhausted_retries_stop_the_run_and_resume_finishes_it(tmp_path, monkeypatch, capsys):
    no_backoff(monkeypatch)
    provider = PROVIDERS["anthropic"]
    monkeypatch.setenv(provider.key_variable, FAKE_KEY)
    run_dir = tmp_path / "run"
    command = ["run", str(CASE_DIR), "--model", provider.model, "--out", str(run_dir), "--quiet"]
    attempts = client_options().max_retries + 1
    overloaded = [
        httpx.Response(
            529, json={"type": "error", "error": {"type": "overloaded_error", "message": f"overloaded for {FAKE_KEY}"}}
        )
        for _ in range(attempts)
    ]
    replies = scripted_replies(provider)
    serve = sequence(*replies[:4], *overloaded)
    with httpx2_mock() as router:
        router.post(provider.url).mock(side_effect=serve)
        assert gavel_agent(monkeypatch, *command) == 1  # a failing server is no bad input (README: exit codes)
    error = capsys.readouterr().err
    assert "--resume" in error and FAKE_KEY not in error
    stats = read_stats(run_dir)
    assert stats["status"] == "interrupted" and "model error" in stats["stop_reason"]
    assert len(serve.seen) == 4 + attempts
    assert ChecklistFile.read(run_dir / "checklist.json").values_of("filing_date") == [FILING_DATE]

    serve = sequence(*replies[4:])
    with httpx2_mock() as router:
        route = router.post(provider.url).mock(side_effect=serve)
        assert gavel_agent(monkeypatch, *command, "--resume") == 0
    stats = read_stats(run_dir)
    assert stats["status"] == "finished", stats["stop_reason"]
    # The resumed request tells the model it was resumed and shows the value already stored.
    resumed = [b.get("text", "") for m in json.loads(route.calls[0].request.content)["messages"] for b in m["content"]]
    assert any("resumed" in text for text in resumed)
    assert any("filing_date (1)" in text for text in resumed)
    checklist = ChecklistFile.read(run_dir / "checklist.json")
    assert checklist.values_of("filing_date") == [FILING_DATE]
    assert checklist.items["filing_date"][0].evidence[0].quote == QUOTE
    # Usage recorded before the failure survives the resume.
    assert sum(s["output_tokens"] for s in stats["per_step"]) == sum(40 + i for i in range(1, 7))
    for path in run_dir.rglob("*"):
        assert FAKE_KEY not in path.read_text(encoding="utf-8"), path


def tool_outputs(body: dict) -> dict[str, str]:
    return {i["call_id"]: i["output"] for i in body["input"] if i.get("type") == "function_call_output"}


async def test_malformed_tool_calls_get_a_tool_error_and_the_run_continues(tmp_path, monkeypatch):
    provider = PROVIDERS["openai"]
    monkeypatch.setenv(provider.key_variable, FAKE_KEY)
    script = [
        ("list_documents", "{}"),
        ("append_checklist", '{"item": "filing_date", "values": ['),  # cut-off JSON
        ("read_document", '{"document": ["01-complaint"], "start_token": "zero"}'),  # wrong types
        ("delete_case", "{}"),  # no such tool
        ("append_checklist", append_arguments()),
        ("stop", "{}"),
        ("stop", "{}"),
    ]
    run = agent_run(CASE_DIR, tmp_path / "run", provider)
    with httpx2_mock() as router:
        route = router.post(provider.url)
        route.side_effect = scripted_replies(provider, script)
        await run.run()
    bodies = [json.loads(c.request.content) for c in route.calls]
    assert len(bodies) == len(script)
    for step in (2, 3, 4):
        error = tool_outputs(bodies[step])[f"call_{step}_0"]
        assert "error" in error.lower() or "not found" in error.lower(), error
    stats = read_stats(tmp_path / "run")
    assert stats["status"] == "finished" and stats["malformed_calls"] == 3
    assert ChecklistFile.read(tmp_path / "run" / "checklist.json").values_of("filing_date") == [FILING_DATE]


async def test_too_many_malformed_calls_in_a_row_end_the_run_with_a_reason(tmp_path, monkeypatch):
    from gavel_agent.loop import MAX_MALFORMED_IN_A_ROW

    provider = PROVIDERS["openai-compatible"]
    bad = [("append_checklist", '{"item": ')] * (MAX_MALFORMED_IN_A_ROW + 1)
    run = agent_run(CASE_DIR, tmp_path / "run", provider)
    with httpx2_mock() as router:
        route = router.post(provider.url)
        route.side_effect = scripted_replies(provider, bad)
        await run.run()
    stats = read_stats(tmp_path / "run")
    assert route.call_count == len(bad)
    assert stats["status"] == "interrupted" and "malformed" in stats["stop_reason"]
