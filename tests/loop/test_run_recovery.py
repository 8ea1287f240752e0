"""Resume from the ledger: a damaged checklist.json or conversation.json never loses an accepted value."""

import asyncio
import json

import pytest

from gavel_agent.backends.catalog import AgentOptions
from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.loop import AgentRun
from gavel_agent.run_folder import RunFiles
from scripted_model import scripted

TEXT = "The complaint was filed on March 15, 2021. Judge Helen Okafor presided over the case. " + "Filler. " * 200
FILING = {"value": "March 15, 2021", "evidence": [{"document": "complaint", "quote": "filed on March 15, 2021"}]}
JUDGE = {"value": "Helen Okafor", "evidence": [{"document": "complaint", "quote": "Judge Helen Okafor presided"}]}
WRONG = {"value": "Jane Roe", "evidence": [{"document": "complaint", "quote": "Judge Helen Okafor presided"}]}


def make_run(tmp_path, script):
    case = Case("t", [Document("complaint", TEXT, "Complaint", "Complaint", "2021-03-15")])
    model = scripted(script)
    model.agent = AgentOptions(history_tokens=40_000)
    return AgentRun(case, load_spec("gavel"), ["filing_date", "judge_name"], model, tmp_path / "run")


def first_run(tmp_path) -> RunFiles:
    """A run that stored filing_date and judge_name (after an update replaced a wrong judge), then was cut off."""
    writes = [
        [("append_checklist", {"item": "filing_date", "values": [FILING]})],
        [("append_checklist", {"item": "judge_name", "values": [WRONG]})],
        [("update_checklist", {"item": "judge_name", "values": [JUDGE]})],
        RuntimeError("connection lost"),
    ]
    out = asyncio.run(make_run(tmp_path, writes).run())
    assert out.stats.status == "interrupted"
    return RunFiles(tmp_path / "run")


def resume(tmp_path):
    return asyncio.run(make_run(tmp_path, [[("stop", {})], [("stop", {})]]).run(resume=True))


DAMAGE = {
    "truncated": lambda text: text[: len(text) // 2],
    "emptied": lambda text: "",
    "null": lambda text: "null",
    "binary": lambda text: "\x00\xff\xfe garbage",
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_checklist_is_rebuilt_from_the_ledger(tmp_path, damage):
    files = first_run(tmp_path)
    files.checklist.write_bytes(DAMAGE[damage](files.checklist.read_text()).encode("latin-1"))
    out = resume(tmp_path)
    assert out.stats.status == "finished"
    assert out.checklist.values_of("filing_date") == ["March 15, 2021"]
    assert out.checklist.values_of("judge_name") == ["Helen Okafor"]  # the update replaced the wrong value
    assert '"event": "checklist rebuilt"' in files.ledger.read_text()


def test_a_missing_checklist_is_rebuilt_and_a_torn_ledger_line_skipped(tmp_path):
    files = first_run(tmp_path)
    files.checklist.unlink()
    with files.ledger.open("a") as f:
        f.write('{"step": 9, "tool": "append_checklist", "argu')
    assert resume(tmp_path).checklist.values_of("judge_name") == ["Helen Okafor"]


@pytest.mark.parametrize("damage", ["truncated", "emptied", "null", "binary"])
def test_a_damaged_conversation_restarts_from_the_task_keeping_the_values(tmp_path, damage):
    files = first_run(tmp_path)
    files.conversation.write_bytes(DAMAGE[damage](files.conversation.read_text()).encode("latin-1"))
    out = resume(tmp_path)
    assert out.stats.status == "finished"
    assert out.checklist.values_of("filing_date") == ["March 15, 2021"]


def test_resume_of_a_finished_run_re_verifies_edited_evidence(tmp_path):
    files = first_run(tmp_path)
    resume(tmp_path)
    saved = json.loads(files.checklist.read_text())
    evidence = saved["items"]["filing_date"][0]["evidence"][0]
    right = (evidence["start_char"], evidence["end_char"])
    evidence["start_char"], evidence["end_char"] = 0, 5  # offsets pointing at other words
    files.checklist.write_text(json.dumps(saved))
    out = resume(tmp_path)
    assert out.stats.status == "finished"
    again = json.loads(files.checklist.read_text())["items"]["filing_date"][0]["evidence"][0]
    assert (again["start_char"], again["end_char"]) == right


def test_ctrl_c_leaves_the_run_interrupted_not_running(tmp_path):
    agent_run = make_run(
        tmp_path, [[("append_checklist", {"item": "filing_date", "values": [FILING]})], KeyboardInterrupt()]
    )
    with pytest.raises(KeyboardInterrupt):
        asyncio.run(agent_run.run())
    stats = RunFiles(tmp_path / "run").read_stats()
    assert stats.status == "interrupted" and "Ctrl-C" in stats.stop_reason
    assert resume(tmp_path).checklist.values_of("filing_date") == ["March 15, 2021"]


def test_merges_are_replayed_from_the_ledger(tmp_path):
    helen = dict(JUDGE, value="Judge Helen Okafor")
    steps = [
        [("append_checklist", {"item": "judge_name", "values": [JUDGE, helen]})],
        [
            (
                "merge_values",
                {
                    "item": "judge_name",
                    "values": ["Helen Okafor", "Judge Helen Okafor"],
                    "into": "Helen Okafor (presiding)",
                },
            )
        ],
        RuntimeError("connection lost"),
    ]
    asyncio.run(make_run(tmp_path, steps).run())
    RunFiles(tmp_path / "run").checklist.write_text("null")
    assert resume(tmp_path).checklist.values_of("judge_name") == ["Helen Okafor (presiding)"]


def test_removals_and_settlements_are_replayed_from_the_ledger_too(tmp_path):
    steps = [
        [("append_checklist", {"item": "filing_date", "values": [FILING]})],
        [("append_checklist", {"item": "judge_name", "values": [JUDGE]})],
        [("remove_values", {"item": "judge_name", "values": ["Helen Okafor"]})],
        [("search", {"query": "magistrate", "mode": "bm25"})],
        [("settle_none", {"item": "judge_name", "reason": "No paper names a judge.", "searches": ["magistrate"]})],
        RuntimeError("connection lost"),
    ]
    asyncio.run(make_run(tmp_path, steps).run())
    files = RunFiles(tmp_path / "run")
    files.checklist.write_text("null")
    with files.ledger.open("a") as f:  # a line torn by the crash: the search record skips it as well
        f.write('{"step": 9, "tool": "search", "argu')
    out = resume(tmp_path)
    assert out.checklist.values_of("filing_date") == ["March 15, 2021"]
    assert out.checklist.values_of("judge_name") == []  # removed, as the run did
    assert out.checklist.none_in_record("judge_name").reason == "No paper names a judge."
