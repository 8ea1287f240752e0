"""A batch stopped by Ctrl-C: runs cut short say "interrupted", the count comes from the run folders,
and --resume brings the index and the store into agreement."""

from __future__ import annotations

import asyncio
import json

import pytest

from baseline_cases import car_case, write_spec
from gavel_agent import batch_interrupt
from gavel_agent.batch import INDEX_NAME, Batch, RunSettings, discover, read_index
from gavel_agent.checklists import load_spec
from gavel_agent.results import runs
from gavel_agent.run_folder import RunFiles


@pytest.fixture
def finished_batch(tmp_path):
    spec = write_spec(tmp_path)
    load_spec(str(spec))
    for name in ("alpha", "beta", "gamma"):
        car_case(tmp_path / "in" / name)
    settings = RunSettings(spec=str(spec))
    asyncio.run(Batch(discover(tmp_path / "in"), tmp_path / "out", settings, concurrency=1).run())
    return tmp_path / "in", tmp_path / "out", settings


def test_runs_left_running_are_marked_interrupted_and_counted_from_their_folders(finished_batch):
    inputs, out, settings = finished_batch
    job = Batch(discover(inputs), out, settings, resume=True)
    beta = RunFiles(out / "beta")
    beta.write_stats(beta.read_stats().model_copy(update={"status": "running"}))
    (out / INDEX_NAME).write_text((out / INDEX_NAME).read_text().splitlines()[0] + "\n")  # only alpha indexed
    counts = batch_interrupt.settle(job.jobs(), out)
    assert counts == {"finished": 2, "interrupted": 1}
    assert beta.read_stats().status == "interrupted" and "Ctrl-C" in beta.read_stats().stop_reason


def test_resume_writes_the_index_lines_a_stop_cut_short(finished_batch):
    inputs, out, settings = finished_batch
    (out / INDEX_NAME).write_text((out / INDEX_NAME).read_text().splitlines()[0] + "\n")
    asyncio.run(Batch(discover(inputs), out, settings, resume=True).run())
    indexed = read_index(out)
    assert sorted(indexed) == ["alpha", "beta", "gamma"]
    assert all(e.status == "finished" for e in indexed.values())
    lines = [json.loads(x)["case"] for x in (out / INDEX_NAME).read_text().splitlines()]
    assert sorted(lines) == ["alpha", "beta", "gamma"]  # nothing indexed twice
    assert len(runs(out / "results.sqlite")) == 3
