"""A model server that fails, on the wire (a local HTTP server on 127.0.0.1): the error names the URL
and the likely fix, a run that never reached a model leaves no folder, and a 4xx other than
408/409/429 is not retried."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from backends_wire import no_backoff
from cli_runner import run_cli
from gavel_agent.backends.catalog import client_options


class Answering(BaseHTTPRequestHandler):
    """Answers every POST with the server's status and counts the requests."""

    def do_POST(self):  # noqa: N802 (http.server's name)
        self.server.paths.append(self.path)
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        body = json.dumps({"error": {"message": "nope", "type": "test"}}).encode()
        self.send_response(self.server.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    def start(status: int) -> ThreadingHTTPServer:
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), Answering)
        httpd.status, httpd.paths = status, []
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        started.append(httpd)
        return httpd

    started: list[ThreadingHTTPServer] = []
    yield start
    for httpd in started:
        httpd.shutdown()
        httpd.server_close()


def run_against(url: str, out, monkeypatch, capsys):
    args = ["run", "cases/riverside-jail", "--items", "filing_date", "--quiet", "--out", out]
    return run_cli(monkeypatch, capsys, *args, "--model", "openai-compatible:m", "--base-url", url)


@pytest.mark.parametrize(("status", "fix"), [(404, "check --model's name"), (400, "supports tool calls")])
def test_a_client_error_is_not_retried_and_leaves_no_run_folder(status, fix, server, tmp_path, monkeypatch, capsys):
    httpd = server(status)
    url = f"http://127.0.0.1:{httpd.server_port}/v1"
    result = run_against(url, tmp_path / "run", monkeypatch, capsys)
    assert result.code == 1 and result.err.count("\n") == 1
    assert f"the model server at {url}/chat/completions answered {status}; " in result.err and fix in result.err
    assert "no run folder was kept" in result.err and not (tmp_path / "run").exists()
    assert httpd.paths == ["/v1/chat/completions"]  # once: not retried


def test_a_rate_limit_is_retried(server, tmp_path, monkeypatch, capsys):
    no_backoff(monkeypatch)
    httpd = server(429)
    result = run_against(f"http://127.0.0.1:{httpd.server_port}/v1", tmp_path / "run", monkeypatch, capsys)
    assert len(httpd.paths) == client_options().max_retries + 1
    assert "answered 429; a temporary failure" in result.err


def test_an_unreachable_server_is_named_with_the_fix(server, tmp_path, monkeypatch, capsys):
    no_backoff(monkeypatch)
    httpd = server(200)
    port = httpd.server_port
    httpd.shutdown()
    httpd.server_close()  # nothing listens on the port any more
    out = tmp_path / "existing"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    result = run_against(f"http://127.0.0.1:{port}/v1", out, monkeypatch, capsys)
    assert f"cannot reach the model server at http://127.0.0.1:{port}/v1/chat/completions" in result.err
    assert "--base-url" in result.err
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]  # the user's folder stays, the run's files go
