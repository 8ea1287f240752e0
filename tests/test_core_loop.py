"""The loop: two-stage stop, bounded context, step limit, malformed calls, resume."""

import asyncio
import json

import pytest
from scripted_model import scripted

from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.case import Case, Document
from gavel_agent.loop import AgentRun, bound_items

TEXT = ("The complaint was filed on March 15, 2021 in the District of Oregon. " * 3
        + "Judge Helen Okafor presided over the case. " + "Unrelated filler text. " * 300)
QUOTE = "The complaint was filed on March 15, 2021 in the District of Oregon"
APPEND = ("append_checklist", {"item": "filing_date", "values": [
    {"value": "March 15, 2021", "evidence": [{"document": "complaint", "quote": QUOTE}]}]})


def make_run(tmp_path, script, **kw):
    case = Case("t", [Document("complaint", TEXT, "Complaint", "Complaint", "2021-03-15")])
    spec = load_spec("gavel")
    model = scripted(script)
    return AgentRun(case, spec, ["filing_date", "judge_name"], model, tmp_path / "run", **kw), model.model


def run(agent_run, resume=False):
    return asyncio.run(agent_run.run(resume=resume))


def test_first_stop_shows_review_second_stop_ends(tmp_path):
    agent_run, model = make_run(tmp_path, [[("list_documents", {})], [APPEND], [("stop", {})], [("stop", {})]])
    out = run(agent_run)
    assert out.stats.status == "finished" and out.stats.stop_attempts == 2
    review = model.seen[3][-2]["output"]  # the stop tool's result, before the snapshot
    assert "Empty items: judge_name" in review and "March 15, 2021" in review
    assert len(model.seen) == 4
    saved = ChecklistFile.read(tmp_path / "run" / "checklist.json")
    assert saved.values_of("filing_date") == ["March 15, 2021"]
    ledger = [json.loads(line) for line in (tmp_path / "run" / "ledger.jsonl").read_text().splitlines()]
    assert [e["tool"] for e in ledger] == ["list_documents", "append_checklist", "stop", "stop"]


def test_reply_without_tool_call_counts_as_stop_attempt(tmp_path):
    agent_run, model = make_run(tmp_path, ["I am done.", [("stop", {})]])
    out = run(agent_run)
    assert out.stats.status == "finished" and out.stats.stop_attempts == 2
    assert "review the whole checklist" in model.seen[1][-2]["content"]


def test_step_limit_forces_the_end(tmp_path):
    agent_run, _ = make_run(tmp_path, [[("list_documents", {})]] * 10, max_steps=3)
    out = run(agent_run)
    assert out.stats.steps == 3 and "step limit" in out.stats.stop_reason


def test_malformed_calls_get_tool_errors_then_end_the_run(tmp_path):
    bad = [("read_document", "{not json")]
    agent_run, model = make_run(tmp_path, [bad, [APPEND], bad, bad, bad, bad, [("stop", {})]])
    out = run(agent_run)
    assert "malformed tool calls in a row" in out.stats.stop_reason
    assert out.stats.malformed_calls == 5
    assert "not valid JSON" in model.seen[1][-2]["output"]  # the error reached the model, and it went on
    assert ChecklistFile.read(tmp_path / "run" / "checklist.json").values_of("filing_date") == ["March 15, 2021"]


def test_unknown_tool_is_answered_with_an_error(tmp_path):
    agent_run, model = make_run(tmp_path, [[("delete_everything", {})], [("stop", {})], [("stop", {})]])
    out = run(agent_run)
    assert out.stats.status == "finished" and out.stats.malformed_calls == 1
    assert "delete_everything" in json.dumps(model.seen[1])


def test_context_is_bounded_to_the_last_turn_and_a_snapshot(tmp_path):
    reads = [[("read_document", {"document": "complaint", "start_token": i * 100, "end_token": i * 100 + 100})] for i in range(6)]
    agent_run, model = make_run(tmp_path, reads + [[("stop", {})], [("stop", {})]])
    run(agent_run)
    last = model.seen[6]
    outputs = [i for i in last if i.get("type") == "function_call_output"]
    assert len(outputs) == 1 and "tokens 500-600" in outputs[0]["output"]
    snapshot = last[-1]["content"]
    assert "elided" in snapshot and "Empty items: filing_date, judge_name" in snapshot and "complaint" in snapshot
    stats = json.loads((tmp_path / "run" / "stats.json").read_text())
    per_step = [s["prompt_tokens"] for s in stats["per_step"]]
    assert len(per_step) == stats["steps"] == 8
    assert max(per_step) - min(per_step) < 600  # no growth with the number of steps


def test_bound_items_keeps_whole_turns():
    items = [{"role": "user", "content": "task"},
             {"type": "function_call", "call_id": "a", "name": "x", "arguments": "{}"},
             {"type": "function_call_output", "call_id": "a", "output": "old"},
             {"type": "function_call", "call_id": "b", "name": "x", "arguments": "{}"},
             {"type": "function_call", "call_id": "c", "name": "x", "arguments": "{}"},
             {"type": "function_call_output", "call_id": "b", "output": "new1"},
             {"type": "function_call_output", "call_id": "c", "output": "new2"}]
    kept, elided = bound_items(items)
    assert [i.get("call_id") for i in kept] == [None, "b", "c", "b", "c"] and elided == 2


def test_model_error_keeps_state_and_resume_finishes(tmp_path):
    read = ("read_document", {"document": "complaint", "start_token": 0, "end_token": 50})
    agent_run, _ = make_run(tmp_path, [[read, APPEND], RuntimeError("server exploded")])
    first = run(agent_run)
    assert first.stats.status == "interrupted" and "server exploded" in first.stats.stop_reason
    ledger = (tmp_path / "run" / "ledger.jsonl").read_text()
    assert '"event": "interrupted"' in ledger
    resumed, model = make_run(tmp_path, [[("stop", {})], [("stop", {})]])
    out = run(resumed, resume=True)
    assert out.stats.status == "finished"
    assert out.checklist.values_of("filing_date") == ["March 15, 2021"]
    first_call = model.seen[0]
    assert "resumed" in first_call[-2]["content"]
    # The last turn before the failure is still shown, and so is what had been read.
    assert any(i.get("type") == "function_call_output" and "stored 1 value" in i["output"] for i in first_call)
    assert "Documents read: complaint" in first_call[-1]["content"]
    assert out.stats.steps == 4  # 2 before the failure, 2 after


def test_existing_run_folder_needs_resume(tmp_path):
    agent_run, _ = make_run(tmp_path, [[("stop", {})], [("stop", {})]])
    run(agent_run)
    again, _ = make_run(tmp_path, [])
    with pytest.raises(FileExistsError):
        run(again)


def test_offline_model_reads_documents_whose_names_have_spaces(tmp_path):
    from gavel_agent.models import resolve_model

    case = Case("t", [Document("Master Services Agreement (v2)", "CLASS ACTION COMPLAINT\n" + TEXT, "MSA", "", None)])
    spec = load_spec("gavel")
    out = asyncio.run(AgentRun(case, spec, ["filing_date"], resolve_model("offline"), tmp_path / "r").run())
    assert out.stats.tool_counts.get("read_document", 0) > 0
    assert out.stats.tool_errors == 0
