"""The results store: every value of every run with its evidence, rebuilt from run folders, exported as tables."""

from __future__ import annotations

import json
import multiprocessing
import shutil
import sqlite3

import pytest

from cli_runner import run_cli
from gavel_agent import results
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.results import ResultsStore, StoreError, find_runs


@pytest.fixture(scope="module")
def sample_run(tmp_path_factory):
    """One offline run of the sample case (made once; tests copy it)."""
    import asyncio

    from conftest import SAMPLE_CASE
    from gavel_agent.backends import resolve_model
    from gavel_agent.case import load_case
    from gavel_agent.checklists import load_spec
    from gavel_agent.loop import AgentRun

    spec = load_spec("gavel")
    run_dir = tmp_path_factory.mktemp("runs") / "riverside-jail"
    asyncio.run(AgentRun(load_case(str(SAMPLE_CASE)), spec, spec.keys, resolve_model("offline"), run_dir).run())
    return run_dir


@pytest.fixture
def batch_folder(sample_run, tmp_path):
    folder = tmp_path / "batch"
    for name in ("case-a", "case-b"):
        shutil.copytree(sample_run, folder / name)
    return folder


def _checklist_values(run_dir) -> int:
    return sum(len(v) for v in ChecklistFile.read(run_dir / "checklist.json").items.values())


def test_every_value_and_its_evidence_is_stored(sample_run, tmp_path):
    with ResultsStore(tmp_path / "r.sqlite") as store:
        written = store.record_run(sample_run)
        assert written == _checklist_values(sample_run) == store.count("values") > 20
        evidence = sum(
            len(v.evidence) for vs in ChecklistFile.read(sample_run / "checklist.json").items.values() for v in vs
        )
        assert store.count("evidence") == evidence
    table = results.values(tmp_path / "r.sqlite")
    first = table.iloc[0]
    stored = ChecklistFile.read(sample_run / "checklist.json").items[first["item"]][first["position"]]
    assert first["value"] == stored.value and first["quote"] == stored.evidence[0].quote
    assert first["start_char"] == stored.evidence[0].start_char and first["alignment"] == stored.evidence[0].status
    assert first["evidence"][0]["document"] == stored.evidence[0].document


def test_reindexing_replaces_a_run_instead_of_doubling_it(sample_run, tmp_path):
    with ResultsStore(tmp_path / "r.sqlite") as store:
        store.record_run(sample_run)
        store.record_run(sample_run)
        assert store.count("runs") == 1 and store.count("values") == _checklist_values(sample_run)


def write_review(run) -> dict:
    """A checklist_reviewed.json as the review workbench writes it, by hand: raw JSON, not our models."""
    reviewed = json.loads((run / "checklist.json").read_text(encoding="utf-8"))
    items = reviewed["items"]
    first_party, second_party = items["parties"][0], items["parties"][1]
    items["filing_date"][0]["review"] = {"decision": "accepted", "reviewer": "ana", "time": "2026-11-24T01:00:00Z"}
    first_party["review"] = {
        "decision": "rejected",
        "reason": "not a party: counsel",
        "reviewer": "ana",
        "time": "2026-11-24T01:01:00Z",
    }
    second_party["value"] += " (edited)"
    second_party["review"] = {
        "decision": "edited",
        "reason": "role was missing",
        "reviewer": "ana",
        "time": "2026-11-30T00:36:40+00:00",
    }
    items["judge_name"] = [
        {
            "value": "Hon. Added By Review",
            "evidence": [],
            "review": {
                "decision": "added",
                "reason": "signature block",
                "reviewer": "ben",
                "time": "2026-11-24T01:02:00Z",
            },
        }
    ]
    items["monitor_name"] = [
        {
            "value": "Not applicable",
            "evidence": [],
            "review": {"decision": "not_applicable", "reviewer": "ben", "time": "2026-11-24T01:03:00Z"},
        }
    ]
    (run / "checklist_reviewed.json").write_text(json.dumps(reviewed), encoding="utf-8")
    return reviewed


def test_a_reviewed_run_exports_each_values_decision_and_the_values_review_added(sample_run, tmp_path):
    run = tmp_path / "run"
    shutil.copytree(sample_run, run)
    agent_values = _checklist_values(run)
    reviewed = write_review(run)
    table = results.values(run)
    assert len(table) == sum(len(v) for v in reviewed["items"].values())
    assert set(table["checklist"]) == {"reviewed"}
    decided = table.dropna(subset=["review_decision"]).set_index("value")
    parties = reviewed["items"]["parties"]
    assert decided.loc[reviewed["items"]["filing_date"][0]["value"], "review_decision"] == "accepted"
    assert decided.loc[parties[0]["value"], ["review_decision", "review_reason"]].tolist() == [
        "rejected",
        "not a party: counsel",
    ]
    assert decided.loc[parties[1]["value"], ["review_decision", "review_time"]].tolist() == [
        "edited",
        "2026-11-30T00:36:40+00:00",
    ]
    added = decided.loc["Hon. Added By Review"]
    assert (added["item"], added["review_decision"], added["reviewer"]) == ("judge_name", "added", "ben")
    assert decided.loc["Not applicable", "review_decision"] == "not_applicable"
    assert len(decided) == 5  # values the reviewer did not touch carry no decision
    # The run's own values stay apart, and the wide table leaves rejected values out.
    own = results.values(run, checklist="agent")
    assert len(own) == agent_values and own["review_decision"].isna().all()
    assert "Hon. Added By Review" not in set(own["value"])
    wide = results.wide(run).iloc[0]
    assert parties[0]["value"] not in wide["parties"] and parties[1]["value"] in wide["parties"]
    assert wide["judge_name"] == "Hon. Added By Review"
    assert results.runs(run).iloc[0]["reviewed"] == 1
    with pytest.raises(StoreError, match="unknown checklist"):
        results.values(run, checklist="final")


def test_export_and_index_commands_read_the_review(sample_run, tmp_path, monkeypatch, capsys):
    import pandas as pd

    run = tmp_path / "batch" / "case-a"
    shutil.copytree(sample_run, run)
    write_review(run)
    db = tmp_path / "batch" / "results.sqlite"
    with sqlite3.connect(db) as old:  # a store written by the first schema version
        old.executescript(
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
            "INSERT INTO meta VALUES ('schema_version', '1');"
        )
    assert run_cli(monkeypatch, capsys, "index", tmp_path / "batch").code == 0
    result = run_cli(monkeypatch, capsys, "export", tmp_path / "batch", "--format", "csv", "--out", tmp_path / "v.csv")
    assert result.code == 0
    table = pd.read_csv(tmp_path / "v.csv")
    assert table["review_decision"].value_counts().to_dict() == {
        "accepted": 1,
        "rejected": 1,
        "edited": 1,
        "added": 1,
        "not_applicable": 1,
    }
    result = run_cli(monkeypatch, capsys, "export", tmp_path / "batch", "--checklist", "agent", "--format", "jsonl")
    assert result.code == 0 and all(json.loads(line)["review_decision"] is None for line in result.out.splitlines())


def test_wide_table_has_one_row_per_run_and_a_column_per_item(batch_folder):
    table = results.wide(batch_folder)
    assert len(table) == 2 and set(table["case"]) == {"riverside-jail"}
    assert table.iloc[0]["filing_date"] and " | " in table.iloc[0]["parties"]
    assert list(table.columns).index("filing_date") < list(table.columns).index("factual_basis")


@pytest.mark.parametrize("fmt", ["csv", "jsonl", "parquet"])
def test_exports_read_back_with_pandas(batch_folder, tmp_path, fmt):
    import pandas as pd

    out = tmp_path / f"values.{fmt}"
    results.export(batch_folder, out, fmt)
    read = {"csv": pd.read_csv, "parquet": pd.read_parquet, "jsonl": lambda p: pd.read_json(p, lines=True)}[fmt]
    table = read(out)
    assert len(table) == 2 * _checklist_values(batch_folder / "case-a")
    assert {"case", "item", "value", "document", "quote", "start_char", "page", "alignment"} <= set(table.columns)


def test_a_csv_export_keeps_whole_numbers_and_writes_evidence_as_json(batch_folder, tmp_path):
    import csv

    results.export(batch_folder, tmp_path / "v.csv", "csv")
    with open(tmp_path / "v.csv", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    quoted = [r for r in rows if r["page"]]
    assert quoted and all(r["page"].isdigit() and r["start_char"].isdigit() for r in quoted)
    for row in quoted:
        evidence = json.loads(row["evidence"])
        assert evidence[0]["quote"] == row["quote"] and evidence[0]["page"] == int(row["page"])


def test_exports_read_back_with_duckdb(batch_folder, tmp_path):
    duckdb = pytest.importorskip("duckdb")
    results.export(batch_folder, tmp_path / "v.parquet", "parquet")
    results.export(batch_folder, tmp_path / "v.csv", "csv")
    for name in ("v.parquet", "v.csv"):
        ((count,),) = duckdb.sql(f"SELECT COUNT(*) FROM '{tmp_path / name}' WHERE item = 'parties'").fetchall()
        assert count == 2 * len(ChecklistFile.read(batch_folder / "case-a" / "checklist.json").items["parties"])


def _record_in_process(db: str, run_dir: str) -> None:
    with ResultsStore(db) as store:
        store.record_run(run_dir)


def test_two_processes_write_one_store(sample_run, tmp_path):
    runs = []
    for i in range(6):
        shutil.copytree(sample_run, tmp_path / f"r{i}")
        runs.append(str(tmp_path / f"r{i}"))
    db = str(tmp_path / "shared.sqlite")
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        pool.starmap(_record_in_process, [(db, r) for r in runs])
    with ResultsStore(db) as store:
        assert store.count("runs") == 6 and store.count("values") == 6 * _checklist_values(sample_run)


def test_a_batch_writes_the_store_as_runs_finish(tmp_path):
    import asyncio

    from baseline_cases import car_case, write_spec
    from gavel_agent.batch import Batch, RunSettings, discover
    from gavel_agent.checklists import load_spec

    spec = write_spec(tmp_path)
    load_spec(str(spec))
    car_case(tmp_path / "in" / "alpha")
    (tmp_path / "in" / "case_broken.json").write_text('{"case_data": {}, "documents": []}', encoding="utf-8")
    asyncio.run(Batch(discover(tmp_path / "in"), tmp_path / "out", RunSettings(spec=str(spec)), concurrency=1).run())
    table = results.runs(tmp_path / "out")
    by_case = dict(zip(table["case"], table["status"], strict=True))
    assert by_case["case_broken"] == "failed" and list(by_case.values()).count("finished") == 1
    assert len(results.values(tmp_path / "out")) == table[table["status"] == "finished"]["values"].sum() > 0


def test_a_damaged_store_or_run_is_a_clear_error(sample_run, tmp_path):
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="not a results store"):
        ResultsStore(bad)
    run = tmp_path / "run"
    shutil.copytree(sample_run, run)
    (run / "stats.json").write_text("{ torn", encoding="utf-8")
    with ResultsStore() as store:
        runs, values, problems = store.rebuild(find_runs([run]))
    assert (runs, values) == (0, 0) and "unreadable run files" in problems[0]


def test_index_and_export_commands(batch_folder, tmp_path, monkeypatch, capsys):
    result = run_cli(monkeypatch, capsys, "index", batch_folder)
    assert result.code == 0 and "indexed 2 runs" in result.err
    db = batch_folder / "results.sqlite"
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM runs").fetchone()[0] == 2
    result = run_cli(monkeypatch, capsys, "export", batch_folder, "--format", "jsonl")
    rows = [json.loads(line) for line in result.out.splitlines()]
    assert result.code == 0 and len(rows) == 2 * _checklist_values(batch_folder / "case-a")
    result = run_cli(monkeypatch, capsys, "export", batch_folder, "--format", "parquet")
    assert result.code == 2 and result.err.startswith("error: parquet is a binary format")
    result = run_cli(monkeypatch, capsys, "index", tmp_path / "nowhere")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "nowhere: no such file or folder" in result.err  # not "give --db PATH"


def test_a_full_disk_is_a_store_error_and_the_store_stays_usable(sample_run, tmp_path):
    with ResultsStore(tmp_path / "full.sqlite") as store:
        pages = store.db.execute("PRAGMA page_count").fetchone()[0]
        store.db.execute(f"PRAGMA max_page_count = {pages}")  # no room for one more page: as a full disk
        with pytest.raises(StoreError, match="cannot write the results store .*full"):
            store.record_run(sample_run)
        assert not store.db.in_transaction
        store.db.execute("PRAGMA max_page_count = 1000000")
        assert store.record_run(sample_run) > 0


def test_no_space_left_is_told_in_one_line():
    import errno

    from gavel_agent.cli import error_line

    line = error_line(OSError(errno.ENOSPC, "No space left on device", "/out/index.jsonl"))
    assert line.startswith("/out/index.jsonl: no space left on the disk") and "unexpected" not in line
