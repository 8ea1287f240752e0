"""A run ends with a short summary, the run folder and the next commands; the table is behind --table."""

from __future__ import annotations

import json

from cli_runner import run_cli


def test_a_run_ends_with_the_summary_and_the_next_commands(sample_case, tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    result = run_cli(
        monkeypatch, capsys, "run", sample_case, "--items", "filing_date,enforcement_disputes", "--out", out
    )
    assert result.code == 0, result.err
    assert "Checklist for" not in result.out  # no table unless asked for
    stats = json.loads((out / "stats.json").read_text())
    tail = result.err.splitlines()[-6:]
    assert tail[0].startswith(
        f"finished: 1/2 items settled: 1 with values, 0 none in the record, {stats['values']} values"
    )
    assert f"{stats['prompt_tokens']:,} prompt tokens" in tail[0]
    assert tail[1] == "not found: enforcement_disputes"
    assert tail[2] == f"run folder: {out}"
    assert f"gavel-agent review {out}" in tail[3] and f"gavel-agent report {out}" in tail[4]
    assert "--table" in tail[5]
    assert len(result.out.splitlines()) + len(result.err.splitlines()) < 80


def test_quiet_keeps_the_summary_and_table_prints_every_value(sample_case, tmp_path, monkeypatch, capsys):
    quiet = run_cli(
        monkeypatch, capsys, "run", sample_case, "--items", "filing_date", "--out", tmp_path / "q", "--quiet"
    )
    assert quiet.code == 0 and quiet.out == ""
    lines = quiet.err.splitlines()
    assert (
        lines[0].startswith("finished: 1/1 items settled: 1 with values")
        and lines[1] == f"run folder: {tmp_path / 'q'}"
    )
    assert "--table" not in quiet.err
    table = run_cli(
        monkeypatch, capsys, "run", sample_case, "--items", "filing_date", "--out", tmp_path / "t", "--table"
    )
    assert "Checklist for riverside-jail" in table.out and "filing_date" in table.out
