"""``gavel-agent audit``: typed table on stdout, audit.json and audit.png written, one-line errors."""

from __future__ import annotations

import csv
import json
import sys

import pytest
from typer.testing import CliRunner

from gavel_agent.checklists import load_spec
from gavel_agent.cli import app, main


def _write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _master_clauses(folder, contract, governing_law_text):
    """CUAD's master_clauses.csv for one contract whose only clause found is its governing law (New York)."""
    header = ["Filename"] + [c for i in load_spec("cuad").items for c in (i.name, i.name + "-Answer")]
    row = {h: "[]" for h in header} | {h: "" for h in header if h.endswith("-Answer")}
    row |= {"Filename": contract, "Governing Law": f"['{governing_law_text}']", "Governing Law-Answer": "New York"}
    path = folder / "master_clauses.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, header)
        w.writeheader()
        w.writerow(row)
    return path


def _checklist(case, items):
    return {"spec": "gavel", "case": case, "items": {k: [{"value": v} for v in vals] for k, vals in items.items()}}


def test_audit_of_a_folder_of_runs_against_a_reference(tmp_path):
    runs = tmp_path / "runs"
    _write(
        runs / "a" / "checklist.json",
        _checklist("7", {"filing_date": ["May 5, 2009"], "trials": ["Bench trial"], "appeals": []}),
    )
    _write(runs / "b" / "checklist.json", _checklist("8", {"filing_date": ["June 1, 2010"], "judge_name": []}))
    ref = _write(
        tmp_path / "human.json",
        {
            "results": {
                "7": {
                    "Filing Date": [{"value": "05/05/2009"}],
                    "Trials": [],
                    "Appeal": [{"value": "Appeal to the 9th Cir."}],
                },
                "8": {"Filing Date": [{"value": "June 2, 2010"}], "First and Last name of Judge": []},
            }
        },
    )
    result = CliRunner().invoke(app, ["audit", str(runs), "--reference", str(ref), "--resamples", "200"])
    assert result.exit_code == 0, result.output
    assert "Hal_Gen" in result.output and "temporal" in result.output and "typed gap" in result.output
    assert "FAR" in result.output and "FP / (FP + TN)" in result.output  # the footer defines the metrics
    assert not (runs / "audit").exists()  # nothing written unless --out asks
    result = CliRunner().invoke(
        app, ["audit", str(runs), "--reference", str(ref), "--resamples", "200", "--out", str(runs / "audit")]
    )
    report = json.loads((runs / "audit" / "audit.json").read_text())
    assert report["counts"]["overall"] == {
        "TP": 2,
        "FP": 1,
        "FN": 1,
        "TN": 1,
        "supported": 1,
        "contradicted": 1,
        "extra_condition": 0,
        "missing_condition": 0,
    }
    assert report["metrics"]["temporal"]["Hal_TP"]["value"] == 0.5
    assert report["resamples"] == 200 and report["documents"] == ["7", "8"]
    assert (runs / "audit" / "audit.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_audit_against_cuad_csv_picks_the_cuad_spec(tmp_path):
    items = {"governing_law": [{"value": "Delaware"}], "non_compete": []}
    pred = _write(tmp_path / "run" / "checklist.json", {"spec": "cuad", "case": "ACME", "items": items})
    csv_path = _master_clauses(tmp_path, "ACME.pdf", "governed by the laws of New York")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["audit", str(pred), "-r", str(csv_path), "--out", str(out), "--resamples", "100"])
    assert result.exit_code == 0, result.output
    report = json.loads((out / "audit.json").read_text())
    assert report["spec"] == "cuad"
    assert {u["item"]: (u["outcome"], u["mismatch"]) for u in report["units"]} == {
        "governing_law": ("TP", "other"),
        "non_compete": ("TN", None),
    }


def test_bad_input_is_one_line_and_exit_code_2(tmp_path, monkeypatch, capsys):
    pred = _write(tmp_path / "p.json", _checklist("7", {"trials": []}))
    ref = _write(tmp_path / "r.json", _checklist("9", {"trials": []}))
    for args, message in (
        ([str(pred), "-r", str(ref)], "none of the predicted documents (7) is in the reference (1, e.g. 9)"),
        ([str(tmp_path / "nope"), "-r", str(ref)], "no such file or folder"),
        ([str(pred), "-r", str(ref), "--spec", "nosuch"], "no checklist spec"),
        ([str(pred), "-r", str(pred), "--judge", "openai:gpt-4.1", "--cache-dir", str(tmp_path)], "OPENAI_API_KEY"),
    ):
        monkeypatch.setattr(sys, "argv", ["gavel-agent", "audit", *args])
        with pytest.raises(SystemExit) as exit_info:
            main()
        err = capsys.readouterr().err
        assert exit_info.value.code == 2
        assert err.startswith("error: ") and err.count("\n") == 1 and message in err


def test_evaluate_reads_cuad_master_clauses_as_audit_does(tmp_path):
    """README: audit and evaluate take the same references; a .csv reference is CUAD's and picks --spec cuad."""
    items = {"governing_law": [{"value": "New York"}], "non_compete": []}
    pred = _write(tmp_path / "run" / "checklist.json", {"spec": "cuad", "case": "ACME", "items": items})
    csv_path = _master_clauses(tmp_path, "ACME.pdf", "the laws of New York")
    out = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["evaluate", str(pred), "-r", str(csv_path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["overall"] == 100.0
