"""Batches: one case's failure never costs the others their work, and --resume skips finished cases."""

from __future__ import annotations

import asyncio
import json

import pytest

from baseline_cases import car_case, write_spec
from gavel_agent.batch import INDEX_NAME, Batch, RunSettings, discover, read_index
from gavel_agent.checklists import load_spec
from gavel_agent.run_folder import RunFiles


@pytest.fixture
def spec(tmp_path):
    """The test checklist as a file (a spec loaded from a path is then known by its name too)."""
    path = write_spec(tmp_path)
    load_spec(str(path))
    return str(path)


@pytest.fixture
def inputs(tmp_path):
    folder = tmp_path / "in"
    car_case(folder / "alpha")
    car_case(folder / "beta")
    (folder / "case_broken.json").write_text('{"case_data": {}, "documents": []}', encoding="utf-8")
    return folder


def run(batch: Batch):
    return asyncio.run(batch.run())


def test_a_failing_case_does_not_lose_the_others_work(inputs, spec, tmp_path):
    out = tmp_path / "out"
    report = run(Batch(discover(inputs), out, RunSettings(spec=spec), concurrency=1))
    by_case = {e.case: e for e in report.entries}
    assert by_case["case_broken"].status == "failed" and "no document texts" in by_case["case_broken"].reason
    for name in ("alpha", "beta"):
        assert by_case[name].status == "finished" and by_case[name].values == 2
        assert RunFiles(out / name).read_checklist().values_of("colour") == ["red", "blue"]
    lines = [json.loads(line) for line in (out / INDEX_NAME).read_text().splitlines()]
    assert sorted(line["case"] for line in lines) == ["alpha", "beta", "case_broken"]


def test_resume_skips_finished_cases_and_continues_partial_ones(inputs, spec, tmp_path):
    out = tmp_path / "out"
    run(Batch(discover(inputs), out, RunSettings(spec=spec), concurrency=1))
    with pytest.raises(ValueError, match="--resume"):
        Batch(discover(inputs), out, RunSettings(spec=spec))
    finished_before = (out / "alpha" / "stats.json").read_text()
    partial = RunFiles(out / "beta")
    partial.write_stats(partial.read_stats().model_copy(update={"status": "interrupted", "stop_reason": "killed"}))
    report = run(Batch(discover(inputs), out, RunSettings(spec=spec), concurrency=1, resume=True))
    assert report.skipped == ["alpha"]
    assert (out / "alpha" / "stats.json").read_text() == finished_before
    latest = read_index(out)
    assert latest["beta"].status == "finished" and latest["case_broken"].status == "failed"
    assert len((out / INDEX_NAME).read_text().splitlines()) == 5  # 3 first time, beta and the broken case again


def test_process_pool_records_failures_beside_finished_cases(inputs, tmp_path):
    out = tmp_path / "out"
    report = run(Batch(discover(inputs), out, RunSettings(items="filing_date"), concurrency=2))
    assert [e.status for e in report.entries] == ["finished", "finished", "failed"]
    assert report.concurrency == 2 and all((out / n / "checklist.json").is_file() for n in ("alpha", "beta"))


def test_discover_rejects_an_empty_folder(tmp_path):
    with pytest.raises(ValueError, match="no case folders"):
        discover(tmp_path)


def test_verify_runs_after_each_finished_case(sample_case, tmp_path):
    out = tmp_path / "out"
    report = run(
        Batch([sample_case], out, RunSettings(items="filing_date,judge_info,class_action", verify=True), concurrency=1)
    )
    assert report.count("finished") == 1
    run_dir = out / sample_case.name
    assert (run_dir / "checklist_unverified.json").is_file() and (run_dir / "verify.jsonl").is_file()
    (entry,) = read_index(out).values()
    stored = json.loads((run_dir / "checklist.json").read_text())
    assert entry.values == sum(len(v) for v in stored["items"].values())


def test_loading_time_counts_in_a_cases_wall_time(inputs, spec, tmp_path, monkeypatch):
    import time

    from gavel_agent import batch as batch_mod

    real_load = batch_mod.load_case

    def slow_load(path):
        time.sleep(0.6)  # a scan being read by OCR
        return real_load(path)

    monkeypatch.setattr(batch_mod, "load_case", slow_load)
    report = run(Batch(discover(inputs), tmp_path / "out", RunSettings(spec=spec), concurrency=1))
    assert all(e.wall_time_s >= 0.6 for e in report.entries if e.status == "finished")
