"""Batch throughput against a local mock OpenAI-compatible server: concurrency 16 vs 1.

The mock (127.0.0.1 only, a separate process) answers every Chat Completions
request after a fixed delay (default 1 s) with the next scripted tool call of
that conversation: list_documents, then stop, then stop again (the agent's
two-stage stop). It serves a bounded number of requests and is shut down at
the end. The cases are small generated folders (so the figure is about model
calls, not case loading), or the first N records of --cases.

    python bench/batch_throughput.py [--cases 32] [--concurrency 16] [--delay 1.0] [--from-dir ../shared/crlc/cases]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import shutil
import socket
import sys
import tempfile
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from gavel_agent.batch import Batch, RunSettings

# The agent shows the model only its latest turn, so the script is keyed by the last tool called.
SCRIPT = {
    None: ("list_documents", {}),
    "list_documents": ("stop", {"reason": "nothing more to read"}),
    "stop": ("stop", {"reason": "reviewed"}),
}
CALLS_PER_CASE = 3
MAX_REQUESTS = 2000


def reply(messages: list[dict], model: str) -> dict:
    called = [
        c["function"]["name"] for m in messages if m.get("role") == "assistant" for c in m.get("tool_calls") or []
    ]
    name, arguments = SCRIPT[called[-1] if called else None]
    message = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": f"call_{time.time_ns()}",
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(arguments)},
            }
        ],
    }
    return {
        "id": f"mock-{time.time_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}],
        "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
    }


def serve(port: int, delay: float) -> None:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            time.sleep(delay)
            data = json.dumps(reply(body.get("messages", []), body.get("model", "mock"))).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    for _ in range(MAX_REQUESTS):  # bounded: the server stops on its own
        server.handle_request()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_cases(folder: Path, count: int, source: Path | None) -> Path:
    folder.mkdir(parents=True)
    if source is not None:
        for record in sorted(source.glob("*.json"))[:count]:
            (folder / record.name).symlink_to(record.resolve())
        return folder
    for i in range(count):
        case = folder / f"case-{i:02d}"
        case.mkdir()
        (case / "complaint.txt").write_text(
            f"Complaint number {i}. The plaintiffs filed this action on May {i % 28 + 1}, 2010.\n"
        )
    return folder


def timed(cases: Path, out: Path, port: int, concurrency: int) -> tuple[float, int]:
    settings = RunSettings(model="openai-compatible:mock", base_url=f"http://127.0.0.1:{port}/v1")
    batch = Batch(sorted(cases.iterdir()), out, settings, concurrency=concurrency)
    started = time.monotonic()
    report = asyncio.run(batch.run())
    return time.monotonic() - started, report.count("finished")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=32)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--delay", type=float, default=1.0)
    parser.add_argument("--from-dir", type=Path, default=None, help="use the first N records of this folder")
    args = parser.parse_args()
    os.environ["OPENAI_AGENTS_DISABLE_TRACING"] = "1"
    port = free_port()
    server = multiprocessing.get_context("spawn").Process(target=serve, args=(port, args.delay), daemon=True)
    server.start()
    scratch = Path(tempfile.mkdtemp(prefix="throughput_"))
    try:
        time.sleep(1.0)
        cases = make_cases(scratch / "cases", args.cases, args.from_dir)
        rows = {n: timed(cases, scratch / f"out{n}", port, n) for n in (1, args.concurrency)}
    finally:
        server.terminate()
        shutil.rmtree(scratch, ignore_errors=True)
    print(
        f"{args.cases} cases x {CALLS_PER_CASE} model calls, mock delay {args.delay:.1f} s per call "
        f"({'generated small cases' if args.from_dir is None else args.from_dir})"
    )
    print(f"{'concurrency':>11} {'finished':>9} {'wall s':>8} {'cases/min':>10}")
    for n, (wall, finished) in rows.items():
        print(f"{n:>11} {finished:>9} {wall:>8.1f} {60 * args.cases / wall:>10.1f}")
    print(f"throughput ratio (concurrency {args.concurrency} vs 1): {rows[1][0] / rows[args.concurrency][0]:.1f}x")
    print("command:", " ".join([Path(sys.executable).name, *sys.argv]))


if __name__ == "__main__":
    main()
