"""The offline model takes the run's task as data from the loop, not from the prose task message."""

from __future__ import annotations

import asyncio

import pytest

import gavel_agent
from gavel_agent.backends import resolve_model
from gavel_agent.backends.offline import OfflineModel
from gavel_agent.case import Case, Document, load_case
from gavel_agent.checklists import load_spec
from gavel_agent.loop import AgentRun

ITEMS = ["filing_date", "judge_name", "parties"]


def test_rewording_the_task_message_changes_nothing(sample_case, monkeypatch):
    plain = gavel_agent.extract(sample_case, items=",".join(ITEMS))
    assert plain.values_of("filing_date") == ["March 15, 2021"]
    monkeypatch.setattr(AgentRun, "task_message", lambda self: "(reworded for a model) Fill in the checklist.")
    assert gavel_agent.extract(sample_case, items=",".join(ITEMS)).items == plain.items


def test_the_task_lists_the_runs_items_and_on_a_resumed_run_only_those_still_empty(sample_case, tmp_path):
    run = AgentRun(load_case(sample_case), load_spec("gavel"), ITEMS, resolve_model("offline"), tmp_path / "run")
    assert run.run_task().spec.name == "gavel"
    assert run.run_task().item_keys == tuple(ITEMS)
    evidence = [{"document": "01-complaint", "quote": "Filed 03/15/21"}]
    run.ws.checklist.items["filing_date"] = [run.ws.checklist.verified("March 15, 2021", evidence)]
    assert run.run_task().item_keys == ("judge_name", "parties")


def test_a_docket_number_written_with_spaces_is_handed_over_whole(tmp_path):
    caption = (
        "UNITED STATES DISTRICT COURT\nSOUTHERN DISTRICT OF NEW YORK\n\nNo. 99 Civ. 4630 (JSR)\n\nOPINION AND ORDER\n"
    )
    case = Case("t", [Document("opinion", caption, "Opinion", "Order/Opinion", "2000-01-01")])
    run = AgentRun(case, load_spec("gavel"), ["related_case_numbers"], resolve_model("offline"), tmp_path / "run")
    # the prose line reads "Its own docket number: 99 Civ. 4630 (...)."; the data keeps the number whole
    assert run.run_task().docket_number == "99 Civ. 4630"


def test_the_offline_model_outside_a_run_says_it_was_given_no_task():
    with pytest.raises(ValueError, match="no task"):
        asyncio.run(OfflineModel().get_response("", "Checklist: gavel", None, [], None, [], None))
