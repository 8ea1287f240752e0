"""The client timeout and retries as a setting (--timeout, GAVEL_TIMEOUT / GAVEL_RETRIES, the API), on the wire:
a Chat Completions server on 127.0.0.1 that is slow to answer its first request."""

from __future__ import annotations

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from backends_wire import CASE_DIR, PROVIDERS, SCRIPT, no_backoff, scripted_replies
from gavel_agent.api import RunInterrupted, extract_async
from gavel_agent.backends import resolve_model

SLOW_S = 1.5  # the first reply's delay
SHORT_TIMEOUT = 0.4


class SlowFirstServer:
    """Answers each request with the scripted run's reply for its step (the assistant turns it
    carries), so a retried request gets the same reply; request number ``slow_at`` (the first unless
    a test says otherwise) waits SLOW_S first."""

    def __init__(self):
        self.replies = [r.json() for r in scripted_replies(PROVIDERS["openai-compatible"])]
        self.requests = 0
        self.slow_at = 1
        lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))))
                with lock:
                    outer.requests += 1
                    slow = outer.requests == outer.slow_at
                if slow:
                    time.sleep(SLOW_S)
                step = sum(m.get("role") == "assistant" for m in body["messages"])
                data = json.dumps(outer.replies[min(step, len(outer.replies) - 1)]).encode()
                try:
                    self.send_response(200)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client gave up on this request
                    pass

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(monkeypatch):
    no_backoff(monkeypatch)
    slow = SlowFirstServer()
    yield slow
    slow.close()


def gavel_agent(monkeypatch, *args: str) -> int:
    from gavel_agent.cli import main

    monkeypatch.setattr(sys, "argv", ["gavel-agent", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    return exit_info.value.code


def run_args(server: SlowFirstServer, out) -> list[str]:
    return ["run", str(CASE_DIR), "--model", "openai-compatible:local", "--base-url", server.url, "--out", str(out)]


def test_the_default_timeout_waits_for_a_slow_reply(server, tmp_path, monkeypatch):
    assert gavel_agent(monkeypatch, *run_args(server, tmp_path / "run"), "--quiet") == 0
    assert server.requests == len(SCRIPT)  # nothing retried


def test_timeout_option_gives_up_on_a_slow_reply_and_retries_it(server, tmp_path, monkeypatch):
    monkeypatch.setenv("GAVEL_RETRIES", "1")
    args = run_args(server, tmp_path / "run")
    assert gavel_agent(monkeypatch, *args, "--timeout", str(SHORT_TIMEOUT), "--quiet") == 0
    assert server.requests == len(SCRIPT) + 1  # the slow first request, then its retry
    stats = json.loads((tmp_path / "run" / "stats.json").read_text())
    assert stats["status"] == "finished"


def test_timeout_from_the_environment_without_retries_interrupts_the_run(server, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GAVEL_TIMEOUT", str(SHORT_TIMEOUT))
    monkeypatch.setenv("GAVEL_RETRIES", "0")
    assert gavel_agent(monkeypatch, *run_args(server, tmp_path / "run"), "--quiet") == 1
    assert server.requests == 1
    # No reply ever came, so nothing was stored: no run folder is kept and --resume is not offered.
    assert not (tmp_path / "run").exists()
    err = capsys.readouterr().err
    assert "did not answer in time" in err and "--resume" not in err and "run the command again" in err


async def test_the_api_takes_a_timeout_and_retries(server, tmp_path):
    with pytest.raises(RunInterrupted):
        await extract_async(
            CASE_DIR, model="openai-compatible:local", base_url=server.url, timeout=SHORT_TIMEOUT, retries=0
        )
    assert server.requests == 1


def test_the_option_wins_over_the_environment_and_the_resume_command_keeps_it(server, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GAVEL_TIMEOUT", "600")
    monkeypatch.setenv("GAVEL_RETRIES", "0")
    assert resolve_model("openai-compatible:local", server.url).client.timeout_seconds == 600
    server.slow_at = 2  # one reply comes, so the run folder is kept and a resume command is offered
    code = gavel_agent(monkeypatch, *run_args(server, tmp_path / "run"), "--timeout", str(SHORT_TIMEOUT), "--quiet")
    assert code == 1 and server.requests == 2
    assert f"--timeout {SHORT_TIMEOUT:g}" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("option", "environment", "message"),
    [
        (["--timeout", "0"], {}, "timeout must be above 0"),
        ([], {"GAVEL_TIMEOUT": "two minutes"}, "GAVEL_TIMEOUT='two minutes' is not a number"),
        ([], {"GAVEL_RETRIES": "1.5"}, "GAVEL_RETRIES='1.5' is not a whole number"),
        ([], {"GAVEL_RETRIES": "-1"}, "retries must be 0 or more"),
    ],
)
def test_a_bad_timeout_or_retries_is_a_one_line_error(
    server, tmp_path, monkeypatch, capsys, option, environment, message
):
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert gavel_agent(monkeypatch, *run_args(server, tmp_path / "run"), *option, "--quiet") == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert server.requests == 0


def test_batch_takes_the_timeout_option_per_case(server, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GAVEL_RETRIES", "0")
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "riverside-jail").symlink_to(CASE_DIR, target_is_directory=True)
    out = tmp_path / "out"
    args = ["batch", str(cases), "--out", str(out), "--model", "openai-compatible:local", "--base-url", server.url]
    assert gavel_agent(monkeypatch, *args, "--timeout", str(SHORT_TIMEOUT), "--quiet") == 1
    assert server.requests == 1
    index = [json.loads(line) for line in (out / "index.jsonl").read_text().splitlines()]
    assert [e["status"] for e in index] == ["interrupted"] and "Timeout" in index[0]["reason"]
