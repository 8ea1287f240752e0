"""Where evidence is shown, so is how its quote matched: the compare HTML, the audit and the checklist view."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from gavel_agent.case import load_case
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile, Evidence, Value
from gavel_agent.cli import app
from gavel_agent.compare import compare
from gavel_agent.report_html import render
from gavel_agent.run_folder import RunFiles, RunStats
from gavel_agent.tools import calls
from gavel_agent.tools.workspace import Workspace

PIECES = Evidence(
    document="complaint",
    quote="filed on ... May 5, 2009",
    start_char=10,
    end_char=40,
    status="pieces",
    page=3,
    named_document="order",
)


def _run(folder, evidence):
    files = RunFiles(folder)
    files.write_checklist(
        ChecklistFile(spec="gavel", case="7", items={"filing_date": [Value(value="May 5, 2009", evidence=evidence)]})
    )
    files.write_stats(
        RunStats(case="7", spec="gavel", items=["filing_date"], model="offline", provider="offline", status="finished")
    )
    return folder


def test_compare_html_shows_status_page_and_the_document_named(tmp_path):
    a = _run(tmp_path / "a", [PIECES])
    b = _run(tmp_path / "b", [PIECES.model_copy(update={"status": "exact", "page": None, "named_document": None})])
    html = render(compare([a, b], load_spec("gavel")))
    assert "complaint p. 3 [10:40] · quote pieces (named order)" in html
    assert "complaint [10:40] · quote exact" in html


def test_audit_json_counts_evidence_status_per_unit(tmp_path):
    pred = _run(tmp_path / "run", [PIECES, PIECES.model_copy(update={"status": "normalised"})])
    ref = tmp_path / "ref.json"
    ref.write_text(json.dumps({"results": {"7": {"Filing Date": [{"value": "May 5, 2009"}]}}}), encoding="utf-8")
    result = CliRunner().invoke(
        app, ["audit", str(pred), "--reference", str(ref), "--resamples", "100", "--out", str(pred / "audit")]
    )
    assert result.exit_code == 0, result.output
    (unit,) = json.loads((pred / "audit" / "audit.json").read_text())["units"]
    assert unit["item"] == "filing_date" and unit["evidence"] == {"pieces": 1, "normalised": 1}


def test_checklist_view_and_write_result_show_status_and_where_a_quote_was_moved(sample_case):
    case = load_case(sample_case)
    spec = load_spec("gavel")
    ws = Workspace.open(case, spec, spec.keys)
    tool = next(t for t in calls.tool_specs() if t.name == "append_checklist")
    quote = "The Riverside County Detention Center ... was built in 1987 to hold 412 people"
    args = {
        "item": "factual_basis",
        "values": [
            {
                "value": "The jail was built for 412 people",
                "evidence": [{"document": "04-consent-decree", "quote": quote}],
            }
        ],
    }
    result = calls.invoke(ws, tool, json.dumps(args))
    assert result.ok and "is in '01-complaint', not '04-consent-decree'" in result.text
    assert "01-complaint@" in calls.render_checklist(ws, ["factual_basis"])
    assert " pieces]" in calls.render_checklist(ws, ["factual_basis"])
