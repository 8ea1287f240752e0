"""A remove and a write to the same item in one reply: the removal stands, and a write that refuses a
value says which values the reply removed and gives each as stored, ready to append again (issue 41's
frictions, point 3). Driven through the tools, then through the loop with a scripted model."""

from __future__ import annotations

import asyncio
import json

import pytest

from gavel_agent.backends.catalog import AgentOptions
from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.loop import AgentRun
from gavel_agent.tools import calls
from gavel_agent.tools.workspace import Workspace
from scripted_model import scripted

TEXT = (
    "CLASS ACTION COMPLAINT. This action is brought under 42 U.S.C. \u00a7 1983 to remedy violations of the "
    "Eighth Amendment. The plaintiffs also sue under the Americans with Disabilities Act. "
) + "Filler about the jail and its conditions. " * 200
STORED = {
    "value": "42 U.S.C. \u00a7 1983",
    "evidence": [{"document": "complaint", "quote": "This action is brought under 42 U.S.C. \u00a7 1983"}],
}
REFUSED = {  # the quote is not in the complaint
    "value": "42 U.S.C. \u00a7 1983 (Eighth Amendment)",
    "evidence": [{"document": "complaint", "quote": "brought under section 1983 for cruel and unusual punishment"}],
}
REMOVE = ("remove_values", {"item": "cause_of_action", "values": ["42 U.S.C. \u00a7 1983"]})
APPEND_REFUSED = ("append_checklist", {"item": "cause_of_action", "values": [REFUSED]})


def case() -> Case:
    return Case("c", [Document("complaint", TEXT, "Complaint", "Complaint", "2021-03-15")])


@pytest.fixture
def ws() -> Workspace:
    spec = load_spec("gavel")
    ws = Workspace.open(case(), spec, ["cause_of_action", "statutory_basis"])
    assert call(ws, "append_checklist", item="cause_of_action", values=[STORED]).ok
    ws.removals.new_reply()
    return ws


def call(ws: Workspace, name: str, **args) -> calls.ToolResult:
    spec = next(t for t in calls.tool_specs() if t.name == name)
    return calls.invoke(ws, spec, json.dumps(args))


def resend(note: str) -> list[dict]:
    """The values a refusal's note gives as stored, as an append would send them."""
    return [json.loads(line[2:]) for line in note.splitlines() if line.startswith("- {")]


def test_a_refused_append_after_a_removal_says_the_value_is_gone_and_gives_it_as_stored(ws):
    assert call(ws, "remove_values", **REMOVE[1]).ok
    refused = call(ws, "append_checklist", **APPEND_REFUSED[1])
    assert not refused.ok and ws.checklist.items["cause_of_action"] == []  # the removal stands
    assert "NOTE: remove_values earlier in this reply removed 1 value(s) from cause_of_action" in refused.text
    assert "they are gone (the item now has 0)" in refused.text
    (again,) = resend(refused.text)
    assert again == {
        "value": STORED["value"],
        "evidence": [{"document": "complaint", "quote": STORED["evidence"][0]["quote"]}],
    }
    restored = call(ws, "append_checklist", item="cause_of_action", values=[again])
    assert restored.ok and "NOTE" not in restored.text
    (value,) = ws.checklist.items["cause_of_action"]
    assert value.value == STORED["value"] and value.evidence[0].status == "exact"


def test_an_update_that_stores_nothing_after_a_removal_says_so_too(ws):
    call(ws, "remove_values", **REMOVE[1])
    refused = call(ws, "update_checklist", **APPEND_REFUSED[1])
    assert "nothing changed: no value could be stored" in refused.text
    assert resend(refused.text)[0]["value"] == STORED["value"]


def test_no_note_where_nothing_removed_is_missing(ws):
    call(ws, "remove_values", **REMOVE[1])
    # another item's refusal: nothing was removed from it
    other = call(ws, "append_checklist", item="statutory_basis", values=[REFUSED])
    assert not other.ok and "NOTE" not in other.text
    # the removed value sent again with a refused one beside it: stored again, so not named as gone
    both = call(ws, "append_checklist", item="cause_of_action", values=[STORED, REFUSED])
    assert "stored 1 value(s)" in both.text and "NOTE" not in both.text


def test_a_removal_in_an_earlier_reply_is_not_named(ws):
    call(ws, "remove_values", **REMOVE[1])
    ws.removals.new_reply()  # the model saw the removal's result before it wrote again
    assert "NOTE" not in call(ws, "append_checklist", **APPEND_REFUSED[1]).text


def outputs(seen_input: list[dict]) -> list[str]:
    return [i["output"] for i in seen_input if i.get("type") == "function_call_output"]


def test_in_the_loop_the_note_is_shown_in_the_reply_that_removed_and_not_after(tmp_path):
    append = ("append_checklist", {"item": "cause_of_action", "values": [STORED]})
    script = [[append], [REMOVE, APPEND_REFUSED], [APPEND_REFUSED], [("stop", {})], [("stop", {})]]
    model = scripted(script)
    model.agent = AgentOptions()
    run = AgentRun(case(), load_spec("gavel"), ["cause_of_action"], model, tmp_path / "run")
    asyncio.run(run.run())
    seen = model.model.seen
    removed, refused = outputs(seen[2])[-2:]
    assert removed.startswith("cause_of_action: removed 1 value(s); the item now has 0.")
    assert "NOTE: remove_values earlier in this reply removed 1 value(s)" in refused
    assert resend(refused)[0]["value"] == STORED["value"]
    assert "NOTE" not in outputs(seen[3])[-1]  # the next reply's refusal: the model has seen the removal
    saved = json.loads((tmp_path / "run" / "checklist.json").read_text())
    assert saved["items"]["cause_of_action"] == []  # what the results said: removed, nothing in its place
