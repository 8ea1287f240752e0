"""Batch engines: the Ray engine runs each case as a task with the same index, store and failure isolation as
the process pool; request budgets are shared per provider key."""

from __future__ import annotations

import asyncio
import shutil

import pytest

from gavel_agent.backends.rate_limit import LimitedModel, RequestSchedule, key_fingerprint
from gavel_agent.batch import Batch, RunSettings, discover
from gavel_agent.results import values


def test_a_schedule_spaces_requests_and_lets_a_burst_through_after_a_pause():
    schedule = RequestSchedule(per_minute=60, burst=1)
    assert [schedule.reserve(now=0.0) for _ in range(3)] == [0.0, 1.0, 2.0]
    assert schedule.reserve(now=100.0) == 0.0 and schedule.reserve(now=100.0) == 1.0
    bursty = RequestSchedule(per_minute=60, burst=3)
    assert [bursty.reserve(now=50.0) for _ in range(4)] == [0.0, 0.0, 0.0, 1.0]
    with pytest.raises(ValueError):
        RequestSchedule(per_minute=0)


def test_a_limited_model_waits_for_its_turn_before_each_request():
    order = []

    class Turnstile:
        async def acquire(self):
            order.append("acquire")

    class Inner:
        async def get_response(self, *args, **kwargs):
            order.append("request")
            return "response"

        async def close(self):
            order.append("close")

    model = LimitedModel(Inner(), Turnstile())

    async def two_requests():
        return [await model.get_response(), await model.get_response(), await model.close()]

    assert asyncio.run(two_requests())[:2] == ["response", "response"]
    assert order == ["acquire", "request", "acquire", "request", "close"]


def test_a_budget_belongs_to_a_key_and_a_server(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-first-key-000000")
    first = key_fingerprint("openai")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-other-key-00000")
    assert key_fingerprint("openai") != first and "sk-" not in first
    assert key_fingerprint("openai-compatible", "http://127.0.0.1:8000/v1") != key_fingerprint(
        "openai-compatible", "http://127.0.0.1:9000/v1"
    )


def test_unknown_engines_and_stray_addresses_are_refused(sample_case, tmp_path):
    with pytest.raises(ValueError, match="unknown engine"):
        Batch([sample_case], tmp_path / "a", engine="spark")
    with pytest.raises(ValueError, match="--address is for --engine ray"):
        Batch([sample_case], tmp_path / "b", address="ray://10.0.0.1:10001")


def test_a_step_budget_or_request_rate_below_one_is_refused(sample_case, tmp_path):
    # --max-steps 0 "finished" every case with 0 steps and 0 values
    with pytest.raises(ValueError, match="--max-steps must be at least 1"):
        Batch([sample_case], tmp_path / "a", RunSettings(max_steps=0))
    with pytest.raises(ValueError, match="--requests-per-minute must be above 0"):
        Batch([sample_case], tmp_path / "b", requests_per_minute=0)


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray", reason="needs Ray: pip install 'gavel-agent[ray]'")
    from gavel_agent import batch_ray

    batch_ray.start(None)
    yield ray
    ray.shutdown()


def test_the_ray_engine_matches_the_process_pool(local_ray, sample_case, tmp_path):
    inputs = tmp_path / "in"
    for name in ("first", "second"):
        shutil.copytree(sample_case, inputs / name)
    (inputs / "case_broken.json").write_text('{"case_data": {}, "documents": []}', encoding="utf-8")
    reports = {}
    for engine in ("process", "ray"):
        batch = Batch(discover(inputs), tmp_path / engine, RunSettings(), concurrency=2, engine=engine)
        reports[engine] = asyncio.run(batch.run())
    for engine, report in reports.items():
        statuses = {e.case: e.status for e in report.entries}
        assert statuses == {"first": "finished", "second": "finished", "case_broken": "failed"}, engine
        assert "no document texts" in next(e.reason for e in report.entries if e.case == "case_broken")
    for name in ("first", "second"):
        ray_checklist = (tmp_path / "ray" / name / "checklist.json").read_text(encoding="utf-8")
        assert ray_checklist == (tmp_path / "process" / name / "checklist.json").read_text(encoding="utf-8")
    assert len(values(tmp_path / "ray")) == len(values(tmp_path / "process")) > 0


def test_ray_workers_share_one_request_schedule(local_ray):
    from gavel_agent import batch_ray

    first = batch_ray.shared_limiter("test-key", per_minute=60, burst=1)
    again = batch_ray.shared_limiter("test-key", per_minute=60, burst=1)  # another worker asking for the same key

    @local_ray.remote(num_cpus=0)
    def reserve(limiter):  # a fixed clock, so the slots the schedule hands out can be read exactly
        return local_ray.get(limiter.handle.reserve.remote(1000.0))

    waits = sorted(local_ray.get([reserve.remote(first), reserve.remote(again), reserve.remote(first)]))
    assert waits == [0.0, 1.0, 2.0]  # one schedule for all three callers: slots one second apart
