"""Many cases, one run folder each, with an index of outcomes.

Runs with an LLM backend are I/O-bound: they share one event loop and at most
``concurrency`` of them wait on the model at a time. Offline runs are
CPU-bound: they go to a process pool. One case's failure (unreadable record,
an exception) becomes a ``failed`` line in ``index.jsonl`` and never touches
the other cases. ``resume`` skips cases whose run finished and continues the
partial ones.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from pydantic import BaseModel

from gavel_agent import atomic, batch_ray
from gavel_agent.backends import OFFLINE_LABEL, resolve_model
from gavel_agent.backends.catalog import ClientOptions
from gavel_agent.backends.keys import redact
from gavel_agent.backends.rate_limit import LimitedModel, Limiter, LocalLimiter, key_fingerprint
from gavel_agent.baselines.methods import Baseline, baseline_for
from gavel_agent.case import DOCUMENT_SUFFIXES, Case, load_case
from gavel_agent.checklists import ChecklistSpec, load_spec
from gavel_agent.checklists.record import canonical_case_name
from gavel_agent.loop import DEFAULT_MAX_STEPS, AgentRun, StepEvent
from gavel_agent.results.store import DB_NAME, ResultsStore, StoreError
from gavel_agent.run_folder import RunFiles, RunStats
from gavel_agent.run_folder_names import folder_name, folder_under
from gavel_agent.text.llm import Completer
from gavel_agent.verification.roles import verify_agent_run
from gavel_agent.verification.stage import UNVERIFIED_NAME

INDEX_NAME = "index.jsonl"
BATCH_METHODS = ("agent", "end-to-end", "chunk")
# auto: a process pool for the offline model (CPU-bound), asyncio for LLMs (I/O-bound).
ENGINES = ("auto", "process", "asyncio", "ray")
RATE_BURST = 4  # requests a rate-limited key may send at once after a pause
DEFAULT_LLM_CONCURRENCY = 8


class IndexEntry(BaseModel):
    """One line of index.jsonl: what happened to one case (the last line per case wins)."""

    case: str  # the input's name (file stem or folder name); also the run folder's name
    source: str
    run_dir: str
    status: str  # finished | interrupted | failed
    reason: str = ""
    case_id: str = ""
    items: int = 0
    filled_items: int = 0
    values: int = 0
    steps: int = 0
    prompt_tokens: int = 0
    cost_usd: float = 0.0
    wall_time_s: float = 0.0


@dataclass(frozen=True)
class RunSettings:
    """How every case of a batch is run; plain values only, so it can cross into a worker process."""

    spec: str = "gavel"
    items: str = "all"
    model: str | None = OFFLINE_LABEL  # None: GAVEL_MODEL, else offline (as for run)
    base_url: str | None = None
    method: str = "agent"
    max_steps: int = DEFAULT_MAX_STEPS
    verify: bool = False
    timeout: float | None = None  # seconds per model request; None: GAVEL_TIMEOUT, else the catalog's


@dataclass(frozen=True)
class Job:
    """One case to run."""

    source: str
    run_dir: str
    settings: RunSettings = RunSettings()

    @property
    def name(self) -> str:
        return Path(self.run_dir).name


@dataclass
class BatchReport:
    entries: list[IndexEntry]  # one per case, in input order
    skipped: list[str]  # cases already finished before this invocation
    wall_time_s: float
    concurrency: int

    def count(self, status: str) -> int:
        return sum(e.status == status for e in self.entries)


@dataclass
class Progress:
    """Callbacks a display can hook into; all optional."""

    on_start: Callable[[int, int], None] | None = None  # (cases, already finished)
    on_done: Callable[[IndexEntry], None] | None = None
    on_tokens: Callable[[int], None] | None = None  # prompt tokens just spent by a running case


def discover(input_dir: str | Path) -> list[Path]:
    """Case folders and Clearinghouse ``case_<id>.json`` records directly inside ``input_dir``."""
    root = Path(input_dir)
    if not root.is_dir():
        raise ValueError(f"{root}: not a folder of cases")
    found = [
        p
        for p in sorted(root.iterdir())
        if not p.name.startswith(".")
        and (
            (p.is_file() and p.suffix.lower() == ".json")
            or (p.is_dir() and any(c.suffix.lower() in DOCUMENT_SUFFIXES for c in p.iterdir() if c.is_file()))
        )
    ]
    if not found:
        raise ValueError(f"{root}: no case folders or case_<id>.json records in it")
    names = [folder_name(input_name(p)) for p in found]
    twins = {n for n in names if names.count(n) > 1}
    if twins:
        raise ValueError(f"{root}: several inputs would share the run folder {sorted(twins)[0]!r}")
    return found


def input_name(source: Path) -> str:
    """The case's canonical name (a record case_46210.json and a folder case-46210 are both 46210)."""
    return canonical_case_name(source.stem if source.is_file() else source.name)


def read_index(out_dir: Path) -> dict[str, IndexEntry]:
    """The latest entry per case."""
    path = out_dir / INDEX_NAME
    if not path.is_file():
        return {}
    latest = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            entry = IndexEntry.model_validate_json(line)
            latest[entry.case] = entry
    return latest


def _entry(job: Job, stats: RunStats, wall: float | None = None) -> IndexEntry:
    return IndexEntry(
        case=job.name,
        source=job.source,
        run_dir=job.run_dir,
        status=stats.status,
        reason=stats.stop_reason if stats.status != "finished" else "",
        case_id=stats.case,
        items=len(stats.items),
        filled_items=stats.filled_items,
        values=stats.values,
        steps=stats.steps,
        prompt_tokens=stats.prompt_tokens,
        cost_usd=stats.cost_usd,
        wall_time_s=stats.wall_time_s if wall is None else wall,
    )


def _failure(job: Job, error: BaseException, started: float) -> IndexEntry:
    text = redact(str(error).strip().splitlines()[0] if str(error).strip() else "")
    return IndexEntry(
        case=job.name,
        source=job.source,
        run_dir=job.run_dir,
        status="failed",
        reason=f"{type(error).__name__}: {text}"[:500],
        wall_time_s=round(time.monotonic() - started, 3),
    )


def _load(job: Job) -> tuple[Case, ChecklistSpec, list[str]]:
    spec = load_spec(job.settings.spec)
    return load_case(job.source), spec, spec.select(job.settings.items)


def _baseline(job: Job) -> Baseline:
    if RunFiles(job.run_dir).exists():
        raise FileExistsError(
            f"a partial {job.settings.method} run cannot be resumed; remove {job.run_dir} to run it again"
        )
    return baseline_for(*_load(job), job.settings.method, Path(job.run_dir), job.settings.model, job.settings.base_url)


def _agent(job: Job, on_event: Callable[[StepEvent], None] | None, limiter: Limiter | None) -> AgentRun:
    resolved = resolve_model(job.settings.model, job.settings.base_url, job.settings.timeout)
    if limiter is not None and not resolved.is_offline:
        resolved.model = LimitedModel(resolved.model, limiter)
    return AgentRun(*_load(job), resolved, Path(job.run_dir), max_steps=job.settings.max_steps, on_event=on_event)


@cache
def _completer(model: str, base_url: str | None, client: ClientOptions | None = None) -> Completer:
    """One completer per model for the whole batch: its event-loop thread and connections are shared."""
    from gavel_agent.backends.completer import make_completer

    return make_completer(model, base_url, client)


async def run_job(
    job: Job, on_event: Callable[[StepEvent], None] | None = None, limiter: Limiter | None = None
) -> IndexEntry:
    """Run one case; every failure becomes a ``failed`` entry instead of an exception."""
    started = time.monotonic()
    try:
        if job.settings.method != "agent":
            baseline = await asyncio.to_thread(_baseline, job)
            return _entry(job, (await asyncio.to_thread(baseline.run)).stats)
        agent_run = await asyncio.to_thread(_agent, job, on_event, limiter)  # loading and indexing are CPU work
        agent_run.loading_s = time.monotonic() - started  # reading the files (OCR included) is the case's time
        outcome = await agent_run.run(resume=agent_run.files.exists())
        if (
            job.settings.verify
            and outcome.stats.status == "finished"
            and not (Path(job.run_dir) / UNVERIFIED_NAME).exists()
        ):
            model = agent_run.model
            completer = (
                None if model.is_offline else _completer(job.settings.model, job.settings.base_url, model.client)
            )
            verified = await asyncio.to_thread(verify_agent_run, agent_run, completer)
            outcome.stats.values = sum(len(v) for v in verified.checklist.items.values())
            outcome.stats.filled_items = sum(1 for v in verified.checklist.items.values() if v)
        return _entry(job, outcome.stats)
    except Exception as e:
        return _failure(job, e, started)


async def run_case(job: Job, limiter: Limiter | None = None) -> IndexEntry:
    """One case with no progress callback (in a Ray actor)."""
    return await run_job(job, limiter=limiter)


def run_job_in_process(job: Job, limiter: Limiter | None = None) -> IndexEntry:
    """One case in a worker process (pool or Ray task), with its own event loop."""
    return asyncio.run(run_job(job, limiter=limiter))


@dataclass
class Batch:
    sources: list[Path]
    out_dir: Path
    settings: RunSettings = RunSettings()
    concurrency: int | None = None  # None: cores for offline, DEFAULT_LLM_CONCURRENCY for LLMs
    resume: bool = False
    progress: Progress = field(default_factory=Progress)
    db: Path | None = None  # the results store; None: results.sqlite in out_dir
    engine: str = "auto"
    address: str | None = None  # a Ray cluster for the ray engine (None: a local Ray)
    requests_per_minute: float | None = None  # per provider key, shared by every case (None: no limit)
    store: ResultsStore = field(init=False)

    def __post_init__(self) -> None:
        if self.settings.method not in BATCH_METHODS:
            raise ValueError(f"unknown method {self.settings.method!r}; use one of {', '.join(BATCH_METHODS)}")
        if self.engine not in ENGINES:
            raise ValueError(f"unknown engine {self.engine!r}; use one of {', '.join(ENGINES)}")
        if self.address and self.engine != "ray":
            raise ValueError("--address is for --engine ray")
        if self.settings.max_steps < 1:
            raise ValueError("--max-steps must be at least 1")
        if self.requests_per_minute is not None and self.requests_per_minute <= 0:
            raise ValueError("--requests-per-minute must be above 0")
        # Resolving the model checks its name up front.
        resolved = resolve_model(self.settings.model, self.settings.base_url, self.settings.timeout)
        self.offline, self.model_label, self.provider = resolved.is_offline, resolved.label, resolved.provider
        if self.concurrency is None:
            self.concurrency = (os.cpu_count() or 1) if self.offline else DEFAULT_LLM_CONCURRENCY
        if self.concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        if not self.resume and (self.out_dir / INDEX_NAME).exists():
            raise ValueError(
                f"{self.out_dir} already holds a batch; add --resume to continue it or choose another --out"
            )

    def jobs(self) -> list[Job]:
        return [Job(str(p), str(self._run_dir(p)), self.settings) for p in self.sources]

    def _run_dir(self, source: Path) -> Path:
        """out/<canonical name>; when resuming, a run folder made under the input's own name is continued."""
        canonical = folder_under(self.out_dir, input_name(source))
        legacy = folder_under(self.out_dir, source.stem if source.is_file() else source.name)
        if self.resume and legacy != canonical and not canonical.exists() and RunFiles(legacy).exists():
            return legacy
        return canonical

    def _finished(self, job: Job) -> IndexEntry | None:
        files = RunFiles(job.run_dir)
        if self.resume and files.exists():
            stats = files.read_stats()
            if stats.status == "finished":
                return _entry(job, stats)
        return None

    def _record(self, entry: IndexEntry) -> IndexEntry:
        atomic.append_line(self.out_dir / INDEX_NAME, entry.model_dump_json())
        # The store is written as each run finishes, in its own transaction: a crash loses no finished run.
        try:
            if RunFiles(entry.run_dir).exists():
                self.store.record_run(entry.run_dir)
            else:
                self.store.record_failure(
                    entry.run_dir, entry.case, entry.reason, self.model_label, self.settings.spec, self.settings.method
                )
        except StoreError as e:
            entry = entry.model_copy(
                update={"reason": (entry.reason + "; " if entry.reason else "") + f"not stored: {e}"}
            )
        if self.progress.on_done:
            self.progress.on_done(entry)
        return entry

    def _limiter(self) -> Limiter | None:
        if self.requests_per_minute is None or self.offline:
            return None
        if self.engine == "ray":
            return batch_ray.shared_limiter(
                key_fingerprint(self.provider, self.settings.base_url), self.requests_per_minute, RATE_BURST
            )
        return LocalLimiter(self.requests_per_minute, RATE_BURST)

    async def _run_llm(self, job: Job, gate: asyncio.Semaphore, limiter: Limiter | None) -> IndexEntry:
        seen = 0

        def spent(event: StepEvent) -> None:
            nonlocal seen
            if self.progress.on_tokens:
                self.progress.on_tokens(event.prompt_tokens - seen)
            seen = event.prompt_tokens

        async with gate:
            entry = await run_job(job, spent, limiter)
        if self.progress.on_tokens:
            self.progress.on_tokens(entry.prompt_tokens - seen)
        return self._record(entry)

    def _record_ray(self, entry: IndexEntry) -> IndexEntry:
        if self.progress.on_tokens:
            self.progress.on_tokens(entry.prompt_tokens)
        return self._record(entry)

    async def _run_offline(self, job: Job, pool: ProcessPoolExecutor | None) -> IndexEntry:
        started = time.monotonic()
        try:
            entry = (
                await run_job(job)
                if pool is None
                else await asyncio.get_running_loop().run_in_executor(pool, run_job_in_process, job)
            )
        except Exception as e:  # a worker process died
            entry = _failure(job, e, started)
        if self.progress.on_tokens:
            self.progress.on_tokens(entry.prompt_tokens)
        return self._record(entry)

    async def run(self) -> BatchReport:
        started = time.monotonic()
        self.out_dir.mkdir(parents=True, exist_ok=True)
        with ResultsStore(self.db or self.out_dir / DB_NAME) as self.store:
            return await self._run_all(started)

    async def _run_all(self, started: float) -> BatchReport:
        concurrency = self.concurrency
        assert concurrency is not None  # __post_init__ chose it
        jobs = self.jobs()
        done = {j.name: e for j in jobs if (e := self._finished(j))}
        indexed = read_index(self.out_dir)
        for entry in done.values():  # a store deleted or made elsewhere, or an index a stop cut short, catch up
            self.store.record_run(entry.run_dir)
            previous = indexed.get(entry.case)
            if previous is None or previous.status != "finished":
                atomic.append_line(self.out_dir / INDEX_NAME, entry.model_dump_json())
        todo = [j for j in jobs if j.name not in done]
        if self.progress.on_start:
            self.progress.on_start(len(jobs), len(done))
        if self.engine == "ray":
            batch_ray.start(self.address)
            starters = batch_ray.submitters(run_job_in_process, run_case, self.offline, concurrency)
            results = await batch_ray.run_jobs(
                todo, starters, (self._limiter(),), concurrency, self._record_ray, _failure
            )
        elif self.engine == "asyncio" or (self.engine == "auto" and not self.offline):
            gate = asyncio.Semaphore(concurrency)
            limiter = self._limiter()
            results = await asyncio.gather(*(self._run_llm(j, gate, limiter) for j in todo))
        elif concurrency == 1:
            results = [await self._run_offline(j, None) for j in todo]
        else:
            # spawn, not fork: the parent has threads (progress display, event loop helpers).
            with ProcessPoolExecutor(concurrency, mp_context=multiprocessing.get_context("spawn")) as pool:
                results = await asyncio.gather(*(self._run_offline(j, pool) for j in todo))
        by_name = {**done, **{e.case: e for e in results}}
        return BatchReport(
            [by_name[j.name] for j in jobs], sorted(done), round(time.monotonic() - started, 3), concurrency
        )
