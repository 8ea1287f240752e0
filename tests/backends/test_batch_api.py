"""Provider batch APIs on the wire (respx): submission, polling, partial failures, expiry, restart, discount."""

from __future__ import annotations

import json

import httpx
import pytest

from backends_wire import httpx2_mock
from baseline_cases import car_case, write_spec
from cli_runner import run_cli
from gavel_agent.backends import batch_api
from gavel_agent.run_folder import RunFiles

OPENAI = "https://api.openai.com/v1"
ANTHROPIC = "https://api.anthropic.com/v1"
RED = {"colour": [{"value": "red", "quote": "The first car was painted red by the dealer"}]}
WEIGHT = {"weight": [{"value": "1200 kg", "quote": "It weighs 1200 kg"}]}


@pytest.fixture(autouse=True)
def fast_polls(monkeypatch):
    monkeypatch.setattr(batch_api, "FIRST_POLL_S", 0.01)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-000000000")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-key-0000000")


@pytest.fixture
def case_and_spec(tmp_path):
    return car_case(tmp_path / "cars"), write_spec(tmp_path)


def _prompt_group(body: dict) -> str:
    """Which item group a request asks about (the colours spec has one item per group)."""
    user = body["messages"][-1]["content"] if "messages" in body else body["params"]["messages"][-1]["content"]
    return "colour" if "- colour (" in user else "weight"


class OpenAIBatchServer:
    """The Batch API's four endpoints; ``fail`` names the item groups whose requests fail."""

    def __init__(self, router, fail: set[str] = frozenset(), polls_before_done: int = 1):
        self.uploads: list[list[dict]] = []
        self.fail = set(fail)
        self.polls = 0
        self.polls_before_done = polls_before_done
        router.post(f"{OPENAI}/files").mock(side_effect=self.upload)
        router.post(f"{OPENAI}/batches").mock(side_effect=self.create)
        router.get(url__regex=rf"{OPENAI}/batches/batch_\d+$").mock(side_effect=self.retrieve)
        router.get(url__regex=rf"{OPENAI}/files/file-(out|err)-\d+/content").mock(side_effect=self.content)

    def upload(self, request: httpx.Request) -> httpx.Response:
        body = request.content.decode("utf-8", "replace")
        lines = [json.loads(line) for line in body.splitlines() if line.startswith('{"custom_id"')]
        self.uploads.append(lines)
        return httpx.Response(
            200,
            json={
                "id": f"file-in-{len(self.uploads)}",
                "object": "file",
                "bytes": len(body),
                "created_at": 1,
                "filename": "requests.jsonl",
                "purpose": "batch",
            },
        )

    def _batch(self, status: str) -> dict:
        n = len(self.uploads)
        done = status == "completed"
        return {
            "id": f"batch_{n}",
            "object": "batch",
            "endpoint": "/v1/chat/completions",
            "input_file_id": f"file-in-{n}",
            "completion_window": "24h",
            "status": status,
            "created_at": 1,
            "output_file_id": f"file-out-{n}" if done else None,
            "error_file_id": f"file-err-{n}" if done else None,
        }

    def create(self, request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=self._batch("validating"))

    def retrieve(self, request: httpx.Request) -> httpx.Response:
        self.polls += 1
        return httpx.Response(
            200, json=self._batch("completed" if self.polls > self.polls_before_done else "in_progress")
        )

    def content(self, request: httpx.Request) -> httpx.Response:
        errors = "file-err" in str(request.url)
        rows = []
        for line in self.uploads[-1]:
            group = _prompt_group(line["body"])
            if (group in self.fail) != errors:
                continue
            if errors:
                rows.append(
                    {
                        "custom_id": line["custom_id"],
                        "response": {"status_code": 500, "body": {}},
                        "error": {"code": "server_error", "message": "the model failed"},
                    }
                )
            else:
                reply = json.dumps(RED if group == "colour" else WEIGHT)
                rows.append(
                    {
                        "custom_id": line["custom_id"],
                        "response": {
                            "status_code": 200,
                            "body": {
                                "choices": [{"index": 0, "message": {"role": "assistant", "content": reply}}],
                                "usage": {"prompt_tokens": 900, "completion_tokens": 40},
                            },
                        },
                        "error": None,
                    }
                )
        return httpx.Response(200, text="\n".join(json.dumps(r) for r in rows))


def test_openai_batch_partial_failure_then_resume_resubmits_only_the_failed_request(
    case_and_spec, tmp_path, monkeypatch, capsys
):
    case, spec = case_and_spec
    out = tmp_path / "run"

    def extract(*extra: str):
        args = ["baseline", case, "--spec", spec, "--model", "openai:gpt-4.1", "--batch-api", "--out", out]
        return run_cli(monkeypatch, capsys, *args, *extra, "--quiet")

    with httpx2_mock(assert_all_called=False) as router:
        server = OpenAIBatchServer(router, fail={"weight"})
        first = extract()
        assert first.code == 1 and "1 of 2 batch requests failed" in first.err and "--resume" in first.err
        assert len(server.uploads) == 1 and len(server.uploads[0]) == 2
        assert json.loads((out / "checklist.json").read_text())["items"]["colour"][0]["value"] == "red"
        state = json.loads((out / "batch_api.json").read_text())
        assert state["batch_id"] == "batch_1" and state["replies"]["request-1"]["text"] is None

        server.fail = set()
        second = extract("--resume")
    assert second.code == 0, second.err
    assert len(server.uploads) == 2 and [r["custom_id"] for r in server.uploads[1]] == ["request-1"]
    items = json.loads((out / "checklist.json").read_text())["items"]
    assert [v["value"] for v in items["colour"]] == ["red"] and [v["value"] for v in items["weight"]] == ["1200 kg"]
    stats = RunFiles(out).read_stats()
    assert stats.status == "finished"
    # gpt-4.1 lists at $2 in / $8 out per million tokens; a batch request costs half.
    expected = sum(s.input_tokens * 2.0 + s.output_tokens * 8.0 for s in stats.per_step) / 1_000_000 * 0.5
    assert stats.cost_usd == pytest.approx(expected) and stats.cost_usd > 0


def test_a_restart_polls_the_submitted_batch_instead_of_paying_twice(tmp_path):
    from gavel_agent.backends.batch_api import BatchRequest, OpenAIBatches, collect

    state = tmp_path / "batch.json"
    requests = [BatchRequest("request-0", "system", "- colour (Colour; list): ...")]
    with httpx2_mock(assert_all_called=False) as router:
        server = OpenAIBatchServer(router, polls_before_done=100)
        batch_id = None

        class Interrupt(Exception):
            pass

        def stop_after_submitting(message: str) -> None:
            nonlocal batch_id
            if message.startswith("batch "):
                batch_id = json.loads(state.read_text())["batch_id"]
                raise Interrupt  # the process dies while the batch is still running

        with pytest.raises(Interrupt):
            collect(OpenAIBatches("gpt-4.1"), requests, state, stop_after_submitting, first_poll_s=0.01)
        assert batch_id == "batch_1" and len(server.uploads) == 1
        server.polls_before_done = server.polls  # the provider finishes while we are away
        replies = collect(OpenAIBatches("gpt-4.1"), requests, state, first_poll_s=0.01)
    assert len(server.uploads) == 1  # nothing submitted again
    assert json.loads(replies["request-0"].text) == RED


def test_anthropic_message_batches_with_an_expired_request(case_and_spec, tmp_path, monkeypatch, capsys):
    case, spec = case_and_spec
    sent: list[dict] = []

    def create(request: httpx.Request) -> httpx.Response:
        sent.extend(json.loads(request.content)["requests"])
        return httpx.Response(200, json=_message_batch("in_progress"))

    polls = iter(["in_progress", "ended"])

    def results(request: httpx.Request) -> httpx.Response:
        rows = []
        for r in sent:
            if _prompt_group(r) == "colour":
                rows.append(
                    {
                        "custom_id": r["custom_id"],
                        "result": {
                            "type": "succeeded",
                            "message": {
                                "id": "msg_1",
                                "type": "message",
                                "role": "assistant",
                                "model": "claude-sonnet-4-5",
                                "content": [{"type": "text", "text": json.dumps(RED)}],
                                "stop_reason": "end_turn",
                                "stop_sequence": None,
                                "usage": {"input_tokens": 800, "output_tokens": 30},
                            },
                        },
                    }
                )
            else:
                rows.append({"custom_id": r["custom_id"], "result": {"type": "expired"}})
        return httpx.Response(200, text="\n".join(json.dumps(row) for row in rows))

    with httpx2_mock(assert_all_called=False) as router:
        router.post(f"{ANTHROPIC}/messages/batches").mock(side_effect=create)
        router.get(f"{ANTHROPIC}/messages/batches/msgbatch_1").mock(
            side_effect=lambda request: httpx.Response(200, json=_message_batch(next(polls, "ended")))
        )
        router.get(f"{ANTHROPIC}/messages/batches/msgbatch_1/results").mock(side_effect=results)
        result = run_cli(
            monkeypatch,
            capsys,
            "baseline",
            case,
            "--spec",
            spec,
            "--model",
            "anthropic:claude-sonnet-4-5",
            "--batch-api",
            "--out",
            tmp_path / "run",
            "--quiet",
        )
    assert result.code == 1 and "expired" in result.err
    assert all(r["params"]["model"] == "claude-sonnet-4-5" and r["params"]["system"] for r in sent) and len(sent) == 2
    items = json.loads((tmp_path / "run" / "checklist.json").read_text())["items"]
    assert items["colour"][0]["value"] == "red" and items["weight"] == []


def _message_batch(status: str) -> dict:
    return {
        "id": "msgbatch_1",
        "type": "message_batch",
        "processing_status": status,
        "created_at": "2026-01-01T00:00:00Z",
        "expires_at": "2026-01-02T00:00:00Z",
        "archived_at": None,
        "cancel_initiated_at": None,
        "ended_at": "2026-01-01T01:00:00Z" if status == "ended" else None,
        "request_counts": {"processing": 0, "succeeded": 1, "errored": 0, "canceled": 0, "expired": 1},
        "results_url": f"{ANTHROPIC}/messages/batches/msgbatch_1/results" if status == "ended" else None,
    }


def test_the_chunk_method_and_offline_models_refuse_the_batch_api(case_and_spec, tmp_path, monkeypatch, capsys):
    case, spec = case_and_spec
    chunk = run_cli(
        monkeypatch,
        capsys,
        "baseline",
        case,
        "--spec",
        spec,
        "--model",
        "openai:gpt-4.1",
        "--method",
        "chunk",
        "--batch-api",
        "--out",
        tmp_path / "a",
    )
    assert chunk.code == 2 and "end-to-end" in chunk.err
    offline = run_cli(monkeypatch, capsys, "baseline", case, "--spec", spec, "--batch-api", "--out", tmp_path / "b")
    assert offline.code == 2 and "openai:<model> or anthropic:<model>" in offline.err


def test_an_llm_judge_through_the_batch_api(tmp_path, monkeypatch, capsys):
    pred = tmp_path / "pred.json"
    ref = tmp_path / "ref.json"
    pred.write_text(
        json.dumps(
            {
                "spec": "gavel",
                "case": "7",
                "items": {"filing_date": [{"value": "May 5, 2009"}], "judge_name": [{"value": "Ann Lee"}]},
            }
        )
    )
    ref.write_text(
        json.dumps(
            {
                "results": {
                    "7": {
                        "Filing Date": [{"value": "2009-05-05"}],
                        "First and Last name of Judge": [{"value": "Judge Bob Roe"}],
                    }
                }
            }
        )
    )
    verdicts = {"Filing Date": "equal", "Judge": "different"}

    def reply_for(body: dict) -> str:
        user = body["messages"][-1]["content"]
        results = [
            {"id": n, "relation": verdict} for n, (name, verdict) in enumerate(verdicts.items(), 1) if name in user
        ]
        return json.dumps({"results": results})

    with httpx2_mock(assert_all_called=False) as router:
        server = OpenAIBatchServer(router)
        server.content = lambda request: httpx.Response(
            200,
            text=""
            if "file-err" in str(request.url)
            else "\n".join(
                json.dumps(
                    {
                        "custom_id": line["custom_id"],
                        "response": {
                            "status_code": 200,
                            "body": {
                                "choices": [
                                    {"index": 0, "message": {"role": "assistant", "content": reply_for(line["body"])}}
                                ],
                                "usage": {"prompt_tokens": 100, "completion_tokens": 10},
                            },
                        },
                    }
                )
                for line in server.uploads[-1]
            ),
        )
        router.get(url__regex=rf"{OPENAI}/files/file-(out|err)-\d+/content").mock(side_effect=server.content)
        args = [
            "evaluate",
            pred,
            "--reference",
            ref,
            "--judge",
            "openai:gpt-4.1",
            "--batch-api",
            "--cache-dir",
            tmp_path / "cache",
            "--out",
            tmp_path / "report.json",
        ]
        result = run_cli(monkeypatch, capsys, *args)
        assert result.code == 0, result.err
        assert len(server.uploads) == 1
        report = json.loads((tmp_path / "report.json").read_text())
        again = run_cli(monkeypatch, capsys, *args)  # every reply is cached now: nothing is submitted again
    assert again.code == 0 and len(server.uploads) == 1
    assert report["overall"] == 50.0 and json.loads((tmp_path / "report.json").read_text())["overall"] == 50.0
