"""Output that cannot be forged: control characters from a case or a model are shown escaped, and
secrets never reach a run's files."""

from __future__ import annotations

import asyncio
import io

from rich.console import Console

from gavel_agent.backends.catalog import AgentOptions
from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile, Evidence, Value
from gavel_agent.cli import error_line
from gavel_agent.cli.common import show_case_warnings
from gavel_agent.live_trace import StepTrace, results_table, short_arguments
from gavel_agent.loop import AgentRun
from gavel_agent.printable import printable
from scripted_model import scripted

HOSTILE = "Jane\x1b[2J Roe\x1b]52;c;ZXZpbA==\x07\u202eeoR\x9b31m"


def rendered(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=200, force_terminal=False).print(renderable)
    return out.getvalue()


def test_control_characters_are_escaped_and_tabs_kept():
    assert printable("a\x1bb\tc\u202ed") == "a\\x1bb\tc\\u202ed"
    assert printable("line1\nline2") == "line1\\nline2"
    assert printable("line1\nline2\x1b", keep_newlines=True) == "line1\nline2\\x1b"


def test_trace_step_and_stored_values_show_escapes_not_sequences():
    value = Value(value=HOSTILE, evidence=[Evidence(document="order\nline2 stored: FAKE", quote="Jane Roe presides")])
    out = io.StringIO()
    trace = StepTrace(Console(file=out, width=300), lambda _: printable("status"), lambda: {"judge_name": [value]})
    trace.step(1, "search", short_arguments({"query": "x\x1b[31m"}), "order\nline2 stored: FAKE tokens 0-5")
    text = out.getvalue()
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text and "\x9b" not in text
    assert "\\x1b[2J" in text and "\\u202e" in text
    assert not any(line.startswith("line2") for line in text.splitlines())  # no forged line


def test_results_table_and_warnings_are_escaped():
    checklist = ChecklistFile(
        spec="gavel",
        case="c\x1b]0;title\x07",
        items={"judge_name": [Value(value=HOSTILE, evidence=[Evidence(document="d\x1b", quote="Jane Roe")])]},
    )
    text = rendered(results_table(load_spec("gavel"), checklist))
    assert "\x1b" not in text and "\\x1b]0;title" in text
    err = io.StringIO()
    case = Case("t", [Document("d", "text")], warnings=["bad\nname.pdf\x1b[2J: skipped"])
    show_case_warnings(Console(file=err, width=200), case)
    assert err.getvalue().count("\n") == 1 and "\\x1b[2J" in err.getvalue()


def test_error_lines_are_escaped():
    assert "\x1b" not in error_line(ValueError("bad \x1b[2J input")) and "\\x1b[2J" in error_line(ValueError("\x1b[2J"))


KEY = "sk-test0123456789abcdefXYZ"


def test_a_key_echoed_into_a_tool_call_reaches_no_file(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    text = "Judge Helen Okafor presided over the case. " * 5
    echoed = {
        "item": "judge_name",
        "values": [
            {
                "value": f"Helen Okafor {KEY}",
                "evidence": [{"document": "order", "quote": "Judge Helen Okafor presided"}],
            },
            {"value": "Bearer tok3n0123456789abcdef", "evidence": [{"document": "order", "quote": "Helen Okafor"}]},
        ],
    }
    model = scripted([[("append_checklist", echoed)], f"my key is {KEY}", [("stop", {})], [("stop", {})]])
    model.agent = AgentOptions(history_tokens=40_000)
    run = AgentRun(Case("t", [Document("order", text)]), load_spec("gavel"), ["judge_name"], model, tmp_path / "r")
    asyncio.run(run.run())
    for path in (tmp_path / "r").iterdir():
        content = path.read_text()
        assert KEY not in content and "tok3n0123456789abcdef" not in content, path.name
    assert "[redacted]" in (tmp_path / "r" / "checklist.json").read_text()
