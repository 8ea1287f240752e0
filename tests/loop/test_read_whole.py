"""A read within the read tool's limit reaches the model whole, and a read is never counted as read past
what the model was shown (issue 41, point 1)."""

from __future__ import annotations

import asyncio

from gavel_agent import tokens
from gavel_agent.backends.catalog import AgentOptions
from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.context import fit_newest, result_cap
from gavel_agent.loop import AgentRun
from gavel_agent.tools import calls
from gavel_agent.tools.workspace import Workspace
from scripted_model import scripted

# A docket-like text of about 30,000 tokens: numbered entries on their own lines.
DOCKET = "".join(
    f"{n} | 2019-{n % 12 + 1:02d}-{n % 27 + 1:02d} | ORDER granting motion {n * 7} of defendant Lockett; "
    f"hearing set before Judge Sanders on day {n % 31}.\n"
    for n in range(1, 1400)
)
HISTORY = 20_000  # half of it is 10,000 tokens: the budget a player's full read was cut by


def case() -> Case:
    return Case("c", [Document("docket", DOCKET, "Docket", "docket", "2019-01-01")])


def output_item(result: calls.ToolResult) -> dict:
    return {"type": "function_call_output", "call_id": "c1", "output": result.text}


def test_a_read_of_the_largest_allowed_size_is_shown_whole():
    ws = Workspace.open(case(), load_spec("gavel"), ["filing_date"])
    ws.result_tokens = result_cap(HISTORY)
    assert ws.document("docket").token_count > calls.MAX_READ_TOKENS * 2
    args = calls.ReadDocumentArgs(document="docket", start_token=0, end_token=calls.MAX_READ_TOKENS)
    result = calls.read_document(ws, args)
    assert result.ok and result.text.startswith(f"[docket tokens 0-{calls.MAX_READ_TOKENS} of ")
    assert tokens.count(result.text) > HISTORY // 2  # the old per-item budget would have cut it
    assert fit_newest([output_item(result)], HISTORY) == [output_item(result)]
    assert ws.reads.spans == {"docket": [(0, calls.MAX_READ_TOKENS)]}


def test_a_read_the_context_cannot_show_whole_is_shortened_and_counted_as_shown():
    ws = Workspace.open(case(), load_spec("gavel"), ["filing_date"])
    ws.result_tokens = 1_000
    ws.reads.add("docket", 0, 100)  # read before: stays read
    result = calls.read_document(ws, calls.ReadDocumentArgs(document="docket", start_token=50, end_token=3_000))
    read = result.data
    assert isinstance(read, calls.DocumentRead) and 50 < read.end_token < 3_000
    assert tokens.count(result.text) <= 1_000
    assert f"continue from {read.end_token}" in result.text.splitlines()[0]
    assert result.text.endswith(read.text) and "[cut:" not in result.text
    assert ws.reads.spans == {"docket": [(0, read.end_token)]}


def test_on_the_wire_the_full_read_reaches_the_model_and_the_state_counts_it(tmp_path):
    script = [
        [("read_document", {"document": "docket", "start_token": 0, "end_token": calls.MAX_READ_TOKENS})],
        [("stop", {})],
        [("stop", {})],
    ]
    model = scripted(script)
    model.agent = AgentOptions(history_tokens=HISTORY)
    agent_run = AgentRun(case(), load_spec("gavel"), ["filing_date"], model, tmp_path / "run")
    asyncio.run(agent_run.run())
    shown = model.model.seen[1]
    output = next(i["output"] for i in shown if i.get("type") == "function_call_output")
    assert "[cut:" not in output
    end_char = agent_run.case.documents[0].char_span(0, calls.MAX_READ_TOKENS)[1]
    assert output.endswith("\n" + DOCKET[:end_char])  # the passage whole, its last entry included
    assert (
        f"- docket ({agent_run.case.documents[0].token_count} tokens): 0-{calls.MAX_READ_TOKENS}"
        in (shown[-1]["content"])
    )
