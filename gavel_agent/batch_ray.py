"""The Ray engine: each case a Ray task, on a local Ray or on a cluster by address.

The driver keeps at most ``concurrency`` tasks in flight and records each case
as its task ends, exactly as the local engines do (index line, results store,
progress), so resume and failure isolation are the same. Offline cases are
CPU-bound and go to plain tasks, one CPU each. LLM cases mostly wait on the
model, so they go to a few async actors that each run many cases on one event
loop: a worker pays the SDK's import once, not once per case. LLM runs in any
worker draw on one request schedule per provider key, held by a named actor.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from typing import Any

from gavel_agent.backends.rate_limit import RequestSchedule

MISSING = "the ray engine needs Ray: pip install 'gavel-agent[ray]'"


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ValueError(MISSING) from None
    return ray


def start(address: str | None) -> None:
    ray = _ray()
    if not ray.is_initialized():
        # No dashboard and no log forwarding: the batch has its own progress display.
        # One namespace, so every batch (and every driver on a cluster) finds the same rate-limit actors.
        ray.init(
            address=address,
            namespace="gavel-agent",
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )


class ActorLimiter:
    """A limiter whose schedule lives in a Ray actor shared by every worker (picklable: it holds a handle)."""

    def __init__(self, handle: Any):
        self.handle = handle

    async def acquire(self) -> None:
        await asyncio.sleep(await self.handle.reserve.remote())


def shared_limiter(fingerprint: str, per_minute: float, burst: int) -> ActorLimiter:
    ray = _ray()
    schedule_actor = ray.remote(num_cpus=0)(RequestSchedule)
    handle = schedule_actor.options(name=f"gavel-rate-{fingerprint}", get_if_exists=True).remote(per_minute, burst)
    return ActorLimiter(handle)


class CaseRunner:
    """An async actor: runs LLM cases concurrently on its own event loop."""

    def __init__(self, run: Callable):
        self.run = run

    async def run_case(self, job: Any, *extra: Any) -> Any:
        return await self.run(job, *extra)


def submitters(cpu_task: Callable, async_task: Callable, offline: bool, concurrency: int) -> list[Callable]:
    """Callables that start one case as a Ray task: plain tasks for CPU-bound cases, async actors otherwise."""
    ray = _ray()
    if offline:
        remote = ray.remote(num_cpus=1, max_retries=0)(cpu_task)
        return [remote.remote]
    actors = max(1, min(concurrency, int(ray.cluster_resources().get("CPU", 1))))
    runner = ray.remote(num_cpus=0, max_restarts=0)(CaseRunner)
    pool = [runner.options(max_concurrency=math.ceil(concurrency / actors)).remote(async_task) for _ in range(actors)]
    return [actor.run_case.remote for actor in pool]


async def run_jobs(
    jobs: list, starters: list[Callable], extra: tuple, concurrency: int, record: Callable, failure: Callable
) -> list:
    """Start each job with the starters in turn, at most ``concurrency`` in flight; ``record`` each entry as it ends."""
    ray = _ray()
    pending: dict[Any, tuple[Any, float]] = {}
    queue = list(jobs)
    results = []
    turn = 0
    while queue or pending:
        while queue and len(pending) < concurrency:
            job = queue.pop(0)
            pending[starters[turn % len(starters)](job, *extra)] = (job, time.monotonic())
            turn += 1
        done, _ = await asyncio.to_thread(ray.wait, list(pending), num_returns=1)
        for ref in done:
            job, started = pending.pop(ref)
            try:
                entry = await asyncio.to_thread(ray.get, ref)
            except Exception as e:  # the worker died or the task raised: this case fails, the others go on
                entry = failure(job, e, started)
            results.append(record(entry))
    return results
