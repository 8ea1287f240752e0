"""compare: per-item rows with scores, totals per run, JSON and an escaped HTML report."""

from __future__ import annotations

import json
import sys

import pytest

from cli_runner import run_cli
from compare_runs import SCRIPT_QUOTE, two_runs
from gavel_agent.checklists import load_spec
from gavel_agent.cli import main
from gavel_agent.compare import compare
from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge
from gavel_agent.report_html import render


def test_comparison_scores_each_run_per_item(tmp_path):
    a, b, ref = two_runs(tmp_path)
    result = compare([a, b], load_spec("gavel"), ref, OfflineJudge())
    rows = {row.item: row for row in result.items}
    assert list(rows) == ["filing_date", "judge_name"]
    assert rows["filing_date"].reference == ["2009-05-05"]
    assert [c.score for c in rows["filing_date"].cells] == [1.0, 0.0]
    assert [c.score for c in rows["judge_name"].cells] == [None, None]  # nobody has a value: not applicable
    assert rows["filing_date"].cells[0].documents == ["complaint"]
    assert [r.score for r in result.runs] == [100.0, 0.0]
    assert [r.prompt_tokens for r in result.runs] == [1000, 5000] and result.runs[0].method == "agent"


def test_compare_command_writes_json_and_html(tmp_path, monkeypatch, capsys):
    a, b, ref = two_runs(tmp_path)
    out_json, out_html = tmp_path / "cmp.json", tmp_path / "cmp.html"
    monkeypatch.setattr(
        sys,
        "argv",
        [
            "gavel-agent",
            "compare",
            str(a),
            str(b),
            "--reference",
            str(ref),
            "--json",
            str(out_json),
            "--html",
            str(out_html),
        ],
    )
    with pytest.raises(SystemExit) as stop:
        main()
    assert stop.value.code == 0
    data = json.loads(out_json.read_text())
    assert [row["item"] for row in data["items"]] == ["filing_date", "judge_name"]
    assert data["items"][0]["cells"][1]["values"][0]["value"] == "June 1, 2010"
    html = out_html.read_text()
    assert "<svg" in html and "&lt;script&gt;" in html and "<script" not in html.replace("<svg", "")
    assert "Per run" in (printed := capsys.readouterr().out) and "100.0" in printed


def test_html_escapes_document_text(tmp_path):
    a, b, _ = two_runs(tmp_path)
    html = render(compare([a, b], load_spec("gavel")))
    assert SCRIPT_QUOTE not in html and "<script" not in html
    assert "No reference given" in html


def test_compare_rejects_runs_of_different_cases(tmp_path, monkeypatch, capsys):
    a, _, _ = two_runs(tmp_path)
    other = tmp_path / "c"
    other.mkdir()
    (other / "checklist.json").write_text(json.dumps({"spec": "gavel", "case": "8", "items": {}}))
    monkeypatch.setattr(sys, "argv", ["gavel-agent", "compare", str(a), str(other)])
    with pytest.raises(SystemExit) as stop:
        main()
    assert stop.value.code == 2 and "different cases" in capsys.readouterr().err


def test_cmp_json_marks_agreement_and_can_keep_only_differences(tmp_path, monkeypatch, capsys):
    a, b, _ = two_runs(tmp_path)
    result = run_cli(monkeypatch, capsys, "compare", a, b, "--json", tmp_path / "cmp.json", "--differences-only")
    assert result.code == 0, result.err
    data = json.loads((tmp_path / "cmp.json").read_text())
    assert [row["item"] for row in data["items"]] == ["filing_date"]  # judge_name: both empty, they agree
    row = data["items"][0]
    assert row["agreement"] == "differ" and [c["agreement"] for c in row["cells"]] == [["differ"], ["differ"]]
    assert "≠ May 5, 2009" in result.out and "≠ June 1, 2010" in result.out
