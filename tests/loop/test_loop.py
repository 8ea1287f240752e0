"""The loop: two-stage stop, kept and bounded context, step limit, malformed calls, resume."""

import asyncio
import json

import pytest

from gavel_agent.backends.catalog import AgentOptions
from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.context import QUOTES_LEFT_OUT, History
from gavel_agent.loop import CUT_OFF_NUDGE, TOOL_CALL_NUDGE, AgentRun
from scripted_model import scripted

TEXT = (
    "The complaint was filed on March 15, 2021 in the District of Oregon. " * 3
    + "Judge Helen Okafor presided over the case. "
    + "Unrelated filler text. " * 300
)
QUOTE = "The complaint was filed on March 15, 2021 in the District of Oregon"
APPEND = (
    "append_checklist",
    {
        "item": "filing_date",
        "values": [{"value": "March 15, 2021", "evidence": [{"document": "complaint", "quote": QUOTE}]}],
    },
)


def make_run(tmp_path, script, history_tokens=40_000, **kw):
    case = Case("t", [Document("complaint", TEXT, "Complaint", "Complaint", "2021-03-15")])
    spec = load_spec("gavel")
    model = scripted(script)
    model.agent = AgentOptions(history_tokens=history_tokens)
    return AgentRun(case, spec, ["filing_date", "judge_name"], model, tmp_path / "run", **kw), model.model


def run(agent_run, resume=False):
    return asyncio.run(agent_run.run(resume=resume))


def test_first_stop_shows_review_second_stop_ends(tmp_path):
    agent_run, model = make_run(tmp_path, [[("list_documents", {})], [APPEND], [("stop", {})], [("stop", {})]])
    out = run(agent_run)
    assert out.stats.status == "finished" and out.stats.stop_attempts == 2
    review = model.seen[3][-2]["output"]  # the stop tool's result, before the snapshot
    assert "Items neither filled nor settled: judge_name." in review and "March 15, 2021" in review
    assert len(model.seen) == 4
    saved = ChecklistFile.read(tmp_path / "run" / "checklist.json")
    assert saved.values_of("filing_date") == ["March 15, 2021"]
    ledger = [json.loads(line) for line in (tmp_path / "run" / "ledger.jsonl").read_text().splitlines()]
    assert [e["tool"] for e in ledger] == ["list_documents", "append_checklist", "stop", "stop"]


def test_first_plain_reply_is_nudged_the_next_counts_as_a_stop(tmp_path):
    agent_run, model = make_run(tmp_path, ["I am done.", "Still done.", [("stop", {})]])
    out = run(agent_run)
    assert out.stats.status == "finished" and out.stats.stop_attempts == 2
    assert model.seen[1][-2]["content"] == TOOL_CALL_NUDGE
    assert "review the whole checklist" in model.seen[2][-2]["content"]
    ledger = [json.loads(line) for line in (tmp_path / "run" / "ledger.jsonl").read_text().splitlines()]
    assert [e.get("event") or e["tool"] for e in ledger] == ["nudge", "stop", "stop"]


def test_a_cut_off_reply_is_not_a_stop(tmp_path):
    agent_run, model = make_run(tmp_path, ["I think the filing date is", [("stop", {})], [("stop", {})]])
    model.cut_off_replies = {0}
    out = run(agent_run)
    assert out.stats.status == "finished" and out.stats.stop_attempts == 2
    assert model.seen[1][-2]["content"] == CUT_OFF_NUDGE
    stats = json.loads((tmp_path / "run" / "stats.json").read_text())
    assert [s["cut_off"] for s in stats["per_step"]] == [True, False, False]


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


def reads(n, size=100):
    return [
        [("read_document", {"document": "complaint", "start_token": i * size, "end_token": i * size + size})]
        for i in range(n)
    ]


def outputs(request):
    return [i["output"] for i in request if i.get("type") == "function_call_output"]


def test_read_text_stays_until_the_budget_is_reached(tmp_path):
    agent_run, model = make_run(tmp_path, reads(4) + [[("stop", {})], [("stop", {})]])
    run(agent_run)
    fourth = model.seen[4]
    assert len(outputs(fourth)) == 4 and all(
        f"tokens {i * 100}-{i * 100 + 100}" in o for i, o in enumerate(outputs(fourth))
    )
    snapshot = fourth[-1]["content"]
    assert "- complaint (" in snapshot and "0-400" in snapshot and "Empty items: filing_date, judge_name" in snapshot
    assert "ledger" not in json.dumps(fourth)
    # Between prunings each request begins with the whole previous one (less its snapshot).
    for before, after in zip(model.seen, model.seen[1:5]):
        assert after[: len(before) - 1] == before[:-1]


def test_history_is_pruned_deep_and_stays_bounded(tmp_path):
    agent_run, model = make_run(tmp_path, reads(12) + [[("stop", {})], [("stop", {})]], history_tokens=500)
    run(agent_run)
    last = model.seen[12]
    assert "tokens 1100-1200" in outputs(last)[-1]
    assert not any("tokens 0-100" in o for o in outputs(last))  # the first read is gone ...
    digest = next(i["content"] for i in last if i.get("role") == "user" and "no longer shown" in i.get("content", ""))
    assert (
        "ranges read are listed" in digest and "- complaint (" in last[-1]["content"]
    )  # ... the snapshot says what it was
    assert last[0]["content"].startswith("Checklist: gavel")  # the task message always stays first
    stats = json.loads((tmp_path / "run" / "stats.json").read_text())
    per_step = [s["prompt_tokens"] for s in stats["per_step"]]
    assert max(per_step[6:]) - min(per_step[6:]) < 600  # no growth with the number of steps
    # Prunings are rare: most requests repeat the previous one's prefix.
    repeats = sum(after[: len(before) - 1] == before[:-1] for before, after in zip(model.seen, model.seen[1:]))
    assert repeats >= len(model.seen) // 2


def test_history_keeps_whole_turns():
    items = [
        {"role": "user", "content": "task"},
        {"type": "function_call", "call_id": "a", "name": "x", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "a", "output": "old"},
        {"type": "function_call", "call_id": "b", "name": "x", "arguments": "{}"},
        {"type": "function_call", "call_id": "c", "name": "x", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "b", "output": "new1"},
        {"type": "function_call_output", "call_id": "c", "output": "new2"},
    ]
    kept = History(budget=0).view(items, {})
    assert [i.get("call_id") for i in kept] == [None, "b", "c", "b", "c"]
    assert History(budget=10_000).view(items, {}) == items


def test_past_writes_are_shown_without_their_quotes_the_same_way_every_request(tmp_path):
    filing = {"value": "March 15, 2021", "evidence": [{"document": "complaint", "quote": "filed on March 15, 2021"}]}
    one = [("append_checklist", {"item": "filing_date", "values": [filing]})]
    agent_run, model = make_run(tmp_path, [one, *reads(2), [("stop", {})], [("stop", {})]])
    run(agent_run)
    shown = [
        [json.loads(i["arguments"]) for i in request if i.get("name") == "append_checklist"]
        for request in model.seen[1:4]
    ]
    assert shown[0] == [{"items": [{"item": "filing_date", "values": ["March 15, 2021"]}], "quotes": QUOTES_LEFT_OUT}]
    assert shown[0] == shown[1] == shown[2]  # one form from the first re-send on: the prefix repeats
    assert "filed on March 15, 2021" not in json.dumps(model.seen[1])
    # the run's own files keep what the model sent
    assert "filed on March 15, 2021" in (tmp_path / "run" / "conversation.json").read_text()
    # a model that reads no history (the offline rules) is shown its calls as sent
    sent = {"type": "function_call", "call_id": "a", "name": "append_checklist", "arguments": json.dumps(one[0][1])}
    assert History(budget=0).view([{"role": "user", "content": "task"}, sent], {})[-1] == sent


def test_digest_names_pruned_searches():
    items = [
        {"role": "user", "content": "task"},
        {"type": "function_call", "call_id": "a", "name": "search", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "a", "output": "hits " * 50},
        {"type": "function_call", "call_id": "b", "name": "read_document", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "b", "output": "text " * 50},
    ]
    history = History(budget=60)
    kept = history.view(items, {"a": "bm25 'consent decree': 3 hits, best in 04-decree"})
    assert [i.get("call_id") for i in kept] == [None, None, "b", "b"]
    assert "results of 1 earlier tool calls" in kept[1]["content"]
    assert kept[1]["content"].endswith("- bm25 'consent decree': 3 hits, best in 04-decree")


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
    assert "- complaint (1566 tokens): 0-50" in first_call[-1]["content"]
    assert out.stats.steps == 4  # 2 before the failure, 2 after


def test_existing_run_folder_needs_resume(tmp_path):
    agent_run, _ = make_run(tmp_path, [[("stop", {})], [("stop", {})]])
    run(agent_run)
    again, _ = make_run(tmp_path, [])
    with pytest.raises(FileExistsError):
        run(again)


def test_offline_model_reads_documents_whose_names_have_spaces(tmp_path):
    from gavel_agent.backends import resolve_model

    case = Case("t", [Document("Master Services Agreement (v2)", "CLASS ACTION COMPLAINT\n" + TEXT, "MSA", "", None)])
    spec = load_spec("gavel")
    out = asyncio.run(AgentRun(case, spec, ["filing_date"], resolve_model("offline"), tmp_path / "r").run())
    assert out.stats.tool_counts.get("read_document", 0) > 0
    assert out.stats.tool_errors == 0


def test_the_task_gives_the_cases_own_number_in_prose_and_as_data(tmp_path):
    from gavel_agent.backends import resolve_model

    stamped = "Case 3:21-cv-01187-HRC Document 1 Filed 03/15/21 Page 1 of 17\nUNITED STATES DISTRICT COURT\n"
    case = Case("t", [Document("complaint", stamped + TEXT, "Complaint", "Complaint", "2021-03-15")])
    run = AgentRun(case, load_spec("gavel"), ["related_case_numbers"], resolve_model(None), tmp_path / "run")
    task = run.task_message()
    assert "\nIts own docket number: 3:21-cv-01187-HRC" in task
    assert run.run_task().docket_number == "3:21-cv-01187-HRC"
    # A case whose papers state no number (a contract) has no such line.
    contract = Case("c", [Document("contract", TEXT, "Agreement", "Contract", None)])
    assert (
        "docket number"
        not in AgentRun(
            contract, load_spec("cuad"), load_spec("cuad").keys[:1], resolve_model(None), tmp_path / "c"
        ).task_message()
    )


def test_the_time_spent_loading_the_case_counts_in_the_run_wall_time(tmp_path):
    agent_run, _ = make_run(tmp_path, [[("stop", {})], [("stop", {})]])
    agent_run.loading_s = 5.0  # what the caller measured reading the files (OCR included)
    outcome = run(agent_run)
    assert outcome.stats.wall_time_s >= 5.0
    assert json.loads((tmp_path / "run" / "stats.json").read_text())["wall_time_s"] >= 5.0


def test_the_cli_measures_loading(sample_case, tmp_path):
    from gavel_agent.cli.run import prepare_run

    agent_run = prepare_run(str(sample_case), "gavel", "filing_date", "offline", None, tmp_path / "r", 10, False)
    assert agent_run.loading_s > 0
