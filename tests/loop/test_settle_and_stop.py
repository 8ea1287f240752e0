"""Settling items as none in the record, and a stop sent in the same reply as writes."""

import asyncio
import json

from gavel_agent.backends.catalog import AgentOptions
from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.evaluators.checklist.readers import read_checklists
from gavel_agent.loop import AgentRun
from gavel_agent.results import tables
from gavel_agent.results.store import ResultsStore
from gavel_agent.run_folder import RunFiles
from gavel_agent.tools.checklist import ChecklistState
from scripted_model import scripted

TEXT = (
    "The complaint was filed on March 15, 2021 in the District of Oregon. "
    + "Judge Helen Okafor presided over the case. "
    + "Unrelated filler text. " * 300
)
APPEND = (
    "append_checklist",
    {
        "item": "filing_date",
        "values": [
            {
                "value": "March 15, 2021",
                "evidence": [{"document": "complaint", "quote": "The complaint was filed on March 15, 2021"}],
            }
        ],
    },
)
TITLE_ONLY = (
    "append_checklist",
    {
        "item": "filing_date",
        "values": [
            {"value": "March 15, 2021", "evidence": [{"document": "complaint", "quote": "The complaint was filed"}]}
        ],
    },
)
SEARCH = ("search", {"query": "settlement agreement monitor", "top_k": 2})
SETTLE = (
    "settle_none",
    {"item": "judge_name", "reason": "No paper names a judge.", "searches": ["Settlement agreement  MONITOR"]},
)


def make_run(tmp_path, script):
    case = Case("t", [Document("complaint", TEXT, "Complaint", "Complaint", "2021-03-15")])
    model = scripted(script)
    model.agent = AgentOptions()
    return AgentRun(case, load_spec("gavel"), ["filing_date", "judge_name"], model, tmp_path / "run"), model.model


def outputs(seen_input):
    return [i["output"] for i in seen_input if i.get("type") == "function_call_output"]


def test_a_stop_is_refused_while_a_write_of_its_reply_failed_whatever_the_order(tmp_path):
    script = [[("stop", {}), TITLE_ONLY], [APPEND, ("stop", {})], [("stop", {})]]
    agent_run, model = make_run(tmp_path, script)
    out = asyncio.run(agent_run.run())
    refused = outputs(model.seen[1])[0]
    assert refused.startswith("Stop refused: 1 write(s) in the same reply failed")
    assert "does not state March 15, 2021" in outputs(model.seen[1])[1]
    accepted = outputs(model.seen[2])[-1]  # the stop after a write that was stored: applied, then the review
    assert accepted.startswith("Writes of this reply applied first: append_checklist: filing_date +1 stored")
    assert "Before you finish" in accepted and "March 15, 2021  [complaint@" in accepted
    assert out.stats.status == "finished" and out.stats.stop_attempts == 2


def test_settle_none_cites_searches_the_run_made_and_round_trips(tmp_path):
    unmade = ("settle_none", {"item": "judge_name", "reason": "none", "searches": ["judge assigned"]})
    script = [[SEARCH, APPEND], [unmade], [SETTLE], [("stop", {})], [("stop", {})]]
    agent_run, model = make_run(tmp_path, script)
    out = asyncio.run(agent_run.run())
    assert "not settled: this run made no search 'judge assigned'" in outputs(model.seen[2])[-1]
    assert "judge_name: settled as none in the record (1 search(es) cited)" in outputs(model.seen[3])[-1]
    review = outputs(model.seen[4])[-1]
    assert "Items neither filled nor settled" not in review and "NONE IN THE RECORD: No paper names a judge." in review
    assert out.stats.filled_items == 1 and out.stats.settled_none == 1

    path = tmp_path / "run" / "checklist.json"
    saved = ChecklistFile.read(path)
    settled = saved.none_in_record("judge_name")
    assert settled is not None and settled.status == "none_in_record"
    assert [(s.mode, s.query) for s in settled.searches] == [("bm25", "settlement agreement monitor")]
    assert settled.latest_read is None  # nothing was read, only searched
    assert saved.items["judge_name"] == [] and saved.settled_line() == (
        "2/2 items settled: 1 with values, 1 none in the record"
    )
    assert json.loads(path.read_text())["settled"]["judge_name"]["status"] == "none_in_record"
    # evaluate reads the settled item as empty
    assert read_checklists(path)["t"]["judge_name"] == []
    # a resumed run restores the settlement and may cite the searches its ledger holds
    state = ChecklistState(load_spec("gavel"), ["filing_date", "judge_name"], agent_run.case)
    state.load(saved)
    assert state.open_items() == [] and "judge_name" in state.settled
    assert [s.query for s in RunFiles(tmp_path / "run").searches()] == ["settlement agreement monitor"]
    # exports carry the status
    store = ResultsStore()
    store.record_run(tmp_path / "run")
    rows = tables.values(store)
    none_row = rows[rows["item"] == "judge_name"].iloc[0]
    assert none_row["item_status"] == "none_in_record" and "No paper names a judge." in none_row["none_reason"]
    assert rows[rows["item"] == "filing_date"].iloc[0]["support"] == "states"
    assert tables.wide(store).iloc[0]["judge_name"] == tables.NONE_IN_RECORD


def test_a_value_unsettles_an_item_and_a_settled_item_with_values_is_refused(tmp_path):
    found = (
        "append_checklist",
        {
            "item": "judge_name",
            "values": [
                {
                    "value": "Helen Okafor",
                    "evidence": [{"document": "complaint", "quote": "Judge Helen Okafor presided"}],
                }
            ],
        },
    )
    script = [[SEARCH], [SETTLE], [found], [SETTLE], [("stop", {})], [("stop", {})]]
    agent_run, model = make_run(tmp_path, script)
    out = asyncio.run(agent_run.run())
    assert "judge_name: stored 1 value(s)" in outputs(model.seen[3])[-1]
    assert "has 1 value(s): remove them with remove_values" in outputs(model.seen[4])[-1]
    assert out.stats.settled_none == 0 and ChecklistFile.read(tmp_path / "run" / "checklist.json").settled is None


def test_a_stop_is_refused_when_a_write_of_its_reply_was_cut_off_at_the_output_limit(tmp_path):
    """The cut-off write is refused whole; the stop beside it must see that, not wait for it in vain."""
    agent_run, model = make_run(tmp_path, [[("stop", {}), APPEND], [("stop", {})], [("stop", {})]])
    model.cut_call_id = "c2"  # the reply's second call, the write, ended at the output limit
    asyncio.run(agent_run.run())
    stop, write = outputs(model.seen[1])[-2:]
    assert "reached the output limit" in write
    assert stop.startswith("Stop refused: 1 write(s) in the same reply failed")
