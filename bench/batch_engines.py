"""Batch engines side by side: the process pool and Ray on offline records, and Ray against a slow model server.

1. The same offline records with ``--engine process`` and ``--engine ray`` (a local Ray):
   wall time of each (goal: Ray within 1.3x of the pool on one machine), crashes, and
   whether every checklist is identical.
2. 64 small cases against a local mock Chat Completions server (127.0.0.1) that answers
   each request after 1 s: sequential (concurrency 1, asyncio) and Ray at 16 concurrent
   tasks (goal: >= 10x faster), 0 crashes.

    python bench/batch_engines.py [--cases ../shared/crlc/cases] [--limit 200] [--llm-cases 64] [--latency 1.0]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from gavel_agent.batch import Batch, BatchReport, RunSettings, discover


def run(sources: list[Path], out: Path, settings: RunSettings, concurrency: int, engine: str) -> BatchReport:
    return asyncio.run(Batch(sources, out, settings, concurrency=concurrency, engine=engine).run())


def same_checklists(a: Path, b: Path, names: list[str]) -> int:
    """How many cases differ between two batch folders."""

    def text(folder: Path, name: str) -> str:
        path = folder / name / "checklist.json"
        return path.read_text(encoding="utf-8") if path.is_file() else ""

    return sum(text(a, n) != text(b, n) for n in names)


def offline_engines(cases: Path, limit: int, scratch: Path) -> None:
    sources = discover(cases)[:limit]
    reports = {engine: run(sources, scratch / engine, RunSettings(), 2, engine) for engine in ("process", "ray")}
    for engine, r in reports.items():
        print(
            f"offline {engine:>7}: {len(r.entries)} records, {r.count('finished')} finished, "
            f"{r.count('failed')} failed, {r.wall_time_s:.1f} s"
        )
    ratio = reports["ray"].wall_time_s / reports["process"].wall_time_s
    names = [Path(e.run_dir).name for e in reports["process"].entries]
    print(
        f"ray / process wall time: {ratio:.2f} (goal <= 1.3); checklists that differ: "
        f"{same_checklists(scratch / 'process', scratch / 'ray', names)} (goal 0)"
    )


class SlowModelServer(BaseHTTPRequestHandler):
    """Chat Completions that take ``latency`` seconds: the model stops at once, then confirms the stop."""

    latency = 1.0

    def do_POST(self) -> None:  # noqa: N802 (the http.server interface)
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        time.sleep(self.latency)
        call = {
            "id": f"call_{time.monotonic_ns()}",
            "type": "function",
            "function": {"name": "stop", "arguments": json.dumps({"reason": "done"})},
        }
        reply = {
            "id": "chatcmpl-bench",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "mock"),
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "tool_calls",
                    "message": {"role": "assistant", "content": None, "tool_calls": [call]},
                }
            ],
            "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
        }
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *_args) -> None:
        pass


def llm_engines(n_cases: int, latency: float, scratch: Path) -> None:
    inputs = scratch / "llm-cases"
    for i in range(n_cases):
        folder = inputs / f"case-{i:03d}"
        folder.mkdir(parents=True)
        (folder / "order.txt").write_text(
            f"Order {i}. The motion is granted. Filed March {i % 28 + 1}, 2020.\n" * 20, encoding="utf-8"
        )
    SlowModelServer.latency = latency
    server = ThreadingHTTPServer(("127.0.0.1", 0), SlowModelServer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    settings = RunSettings(
        items="filing_date",
        model="openai-compatible:mock",
        base_url=f"http://127.0.0.1:{server.server_address[1]}/v1",
        max_steps=10,
    )
    try:
        sources = discover(inputs)
        sequential = run(sources, scratch / "llm-sequential", settings, 1, "asyncio")
        parallel = run(sources, scratch / "llm-ray", settings, 16, "ray")
    finally:
        server.shutdown()
    for name, r in (("sequential", sequential), ("ray x16", parallel)):
        print(
            f"mock model ({latency:.1f} s per request) {name:>10}: {len(r.entries)} cases, "
            f"{r.count('finished')} finished, {r.count('failed') + r.count('interrupted')} not, {r.wall_time_s:.1f} s"
        )
    print(f"speed-up of ray at 16 over sequential: {sequential.wall_time_s / parallel.wall_time_s:.1f}x (goal >= 10x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=Path, default=Path("../shared/crlc/cases"))
    parser.add_argument("--limit", type=int, default=200, help="offline records to run with each engine")
    parser.add_argument("--llm-cases", type=int, default=64)
    parser.add_argument("--latency", type=float, default=1.0, help="seconds the mock server takes per request")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench_engines_") as scratch:
        offline_engines(args.cases, args.limit, Path(scratch))
        llm_engines(args.llm_cases, args.latency, Path(scratch))
    print("command:", " ".join([Path(sys.executable).name, *sys.argv]))


if __name__ == "__main__":
    main()
