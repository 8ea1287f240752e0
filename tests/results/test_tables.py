"""Typed exports: Parquet evidence as a list of structs that DuckDB reads without JSON parsing, review
columns typed even when nothing was reviewed, `case` a string; exports say how many rows they wrote."""

from __future__ import annotations

import json

import pytest

from cli_runner import run_cli
from gavel_agent import results
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.run_folder import RunFiles


@pytest.fixture
def numbered_runs(tmp_path):
    """Two hand-made runs of Clearinghouse-style cases named by number, one value without evidence."""
    from gavel_agent.checklists.record import Evidence, Value
    from gavel_agent.run_folder import RunStats

    for case, page in (("46210", 3), ("1234", None)):
        files = RunFiles(tmp_path / "batch" / case)
        quote = f"Filed 02/28/23 in case {case}"
        evidence = [Evidence(document="complaint", quote=quote, start_char=10, end_char=10 + len(quote), page=page)]
        items = {"filing_date": [Value(value="February 28, 2023", evidence=evidence)], "judge_name": [Value(value="X")]}
        files.write_checklist(ChecklistFile(spec="gavel", case=case, items=items))
        files.write_stats(
            RunStats(case=case, spec="gavel", items=list(items), model="offline", provider="offline", status="finished")
        )
    return tmp_path / "batch"


def test_parquet_columns_are_typed(numbered_runs, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "v.parquet"
    assert results.write_export(numbered_runs, out, "parquet") == 4
    schema = pq.read_schema(out)
    assert str(schema.field("case").type) == "string"
    assert str(schema.field("review_decision").type) == "string"  # nothing reviewed, still not null-typed
    assert str(schema.field("review_time").type) == "timestamp[us, tz=UTC]"
    assert str(schema.field("page").type) == "int64"
    evidence = schema.field("evidence").type.value_type
    assert [(f.name, str(f.type)) for f in evidence] == [
        ("document", "string"),
        ("quote", "string"),
        ("start_char", "int64"),
        ("end_char", "int64"),
        ("page", "int64"),
        ("status", "string"),
    ]


def test_duckdb_reads_evidence_fields_without_json(numbered_runs, tmp_path):
    duckdb = pytest.importorskip("duckdb")
    out = tmp_path / "v.parquet"
    results.write_export(numbered_runs, out, "parquet")
    rows = duckdb.sql(
        f"""SELECT "case", value, e.document, e.page, e.start_char, e.quote
            FROM read_parquet('{out}'), UNNEST(evidence) AS t(e) ORDER BY "case" """
    ).fetchall()
    assert rows == [
        ("1234", "February 28, 2023", "complaint", None, 10, "Filed 02/28/23 in case 1234"),
        ("46210", "February 28, 2023", "complaint", 3, 10, "Filed 02/28/23 in case 46210"),
    ]
    ((without,),) = duckdb.sql(f"SELECT COUNT(*) FROM '{out}' WHERE len(evidence) = 0").fetchall()
    assert without == 2  # the judge values, with an empty list rather than a null


def test_reviewed_runs_type_their_review_columns(numbered_runs, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    run = numbered_runs / "46210"
    reviewed = json.loads((run / "checklist.json").read_text())
    reviewed["items"]["filing_date"][0]["review"] = {
        "decision": "accepted",
        "reviewer": "ana",
        "time": "2026-01-02T03:04:05Z",
    }
    (run / "checklist_reviewed.json").write_text(json.dumps(reviewed))
    results.write_export(numbered_runs, tmp_path / "v.parquet", "parquet")
    table = pq.read_table(tmp_path / "v.parquet").to_pandas()
    accepted = table[table["review_decision"] == "accepted"]
    assert len(accepted) == 1 and accepted.iloc[0]["review_time"].isoformat() == "2026-01-02T03:04:05+00:00"


def test_export_says_how_many_rows_it_wrote(numbered_runs, tmp_path, monkeypatch, capsys):
    result = run_cli(monkeypatch, capsys, "export", numbered_runs, "--format", "csv", "--out", tmp_path / "v.csv")
    assert result.code == 0 and result.err.strip() == f"wrote {tmp_path / 'v.csv'} (4 rows, one per value)"
    wide = run_cli(monkeypatch, capsys, "export", numbered_runs, "--wide", "--format", "jsonl", "--out", tmp_path / "w")
    assert wide.err.strip() == f"wrote {tmp_path / 'w'} (2 rows, one per run)"
    assert all(isinstance(json.loads(line)["case"], str) for line in (tmp_path / "w").read_text().splitlines())
