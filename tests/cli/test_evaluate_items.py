"""`evaluate` scores the items a run was asked for (its checklist.json lists them), or those --items names."""

from __future__ import annotations

import json

import pytest

import gavel_agent
from cli_runner import run_cli
from gavel_agent.checklists.record import ChecklistFile


@pytest.fixture
def run_and_reference(tmp_path):
    """A run asked for two items (one found, one not) and a reference that codes three."""
    run = tmp_path / "run"
    run.mkdir()
    checklist = {"spec": "gavel", "case": "7", "items": {"filing_date": [{"value": "March 1, 2020"}], "judge_name": []}}
    (run / "checklist.json").write_text(json.dumps(checklist))
    reference = tmp_path / "reference.json"
    reference.write_text(
        json.dumps(
            {"results": {"7": {"filing_date": ["March 1, 2020"], "judge_name": ["Ann Lee"], "class_action": ["No"]}}}
        )
    )
    return run, reference


def test_the_cli_scores_only_the_items_the_run_was_asked_for(run_and_reference, monkeypatch, capsys):
    run, reference = run_and_reference
    result = run_cli(monkeypatch, capsys, "evaluate", run, "-r", reference, "--out", run.parent / "report.json")
    assert result.code == 0, result.err
    report = json.loads((run.parent / "report.json").read_text())
    assert [row["item"] for row in report["per_item"]] == ["filing_date", "judge_name"]
    assert report["overall"] == pytest.approx(50.0)  # filing date right, the judge not found
    assert report["left_out_items"] == ["class_action"]
    assert "left out 1 items" in result.err and "class_action" in result.err


def test_the_cli_items_option_chooses_the_items(run_and_reference, monkeypatch, capsys):
    run, reference = run_and_reference
    out = run.parent / "report.json"
    assert run_cli(monkeypatch, capsys, "evaluate", run, "-r", reference, "--items", "all", "--out", out).code == 0
    every = json.loads(out.read_text())
    assert {row["item"] for row in every["per_item"]} == {"filing_date", "judge_name", "class_action"}
    assert every["left_out_items"] == []
    assert (
        run_cli(monkeypatch, capsys, "evaluate", run, "-r", reference, "--items", "filing_date", "--out", out).code == 0
    )
    one = json.loads(out.read_text())
    assert one["overall"] == pytest.approx(100.0)
    assert sorted(one["left_out_items"]) == ["class_action", "judge_name"]


def test_the_api_reads_the_selection_from_a_checklist_file_and_from_disk(run_and_reference):
    run, reference = run_and_reference
    in_memory = ChecklistFile.read(run / "checklist.json")
    for predicted in (in_memory, run, str(run / "checklist.json")):
        report = gavel_agent.evaluate(predicted, str(reference))
        assert report.overall == pytest.approx(50.0)
        assert report.left_out_items == ["class_action"]
    chosen = gavel_agent.evaluate(in_memory, str(reference), items=["judge_name"])
    assert chosen.overall == pytest.approx(0.0)


def test_a_hand_made_prediction_names_no_selection(run_and_reference, tmp_path):
    _, reference = run_and_reference
    report = gavel_agent.evaluate({"filing_date": ["March 1, 2020"]}, str(reference), case="7")
    assert {row.item for row in report.per_item} == {"filing_date", "judge_name", "class_action"}
    assert report.left_out_items == []
