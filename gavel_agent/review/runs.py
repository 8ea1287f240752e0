"""The run folders a review serves, each under a short id, and the case documents behind them.

Nothing a browser sends is ever used as a path: a run is looked up by its id in the table built at
start-up from the folders the user named, and a document by its exact name in the run's case.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from threading import Lock

from gavel_agent.batch import INDEX_NAME
from gavel_agent.case import Case, CaseError, load_case
from gavel_agent.case_identity import CaseIdentity
from gavel_agent.checklists.record import canonical_case_name
from gavel_agent.results.store import find_runs
from gavel_agent.review import case_facts
from gavel_agent.run_folder import RunFiles, RunStats
from gavel_agent.run_folder_names import folder_name

CASES_KEPT = 16  # loaded cases kept in memory (a case folder is read again after it drops out)


class ReviewError(ValueError):
    """Runs that cannot be reviewed; the message is one line, meant for the user."""


@dataclass(frozen=True)
class Run:
    id: str  # one URL path component
    dir: Path
    root: Path  # the folder the user named that holds this run (comparisons are written under it)
    stats: RunStats
    source: str  # the case folder or record, "" when it cannot be found
    method: str  # agent, end-to-end or chunk

    @property
    def case(self) -> str:
        return self.stats.case

    @property
    def label(self) -> str:
        return f"{self.id} ({self.method}, {self.stats.model})"

    @property
    def caption(self) -> str:
        return case_facts.caption(self.source)

    @property
    def identity(self) -> CaseIdentity | None:
        return case_facts.identity(self.dir)


class Runs:
    """The runs being reviewed, by id, with their cases loaded on demand."""

    def __init__(self, paths: Sequence[str | Path], cases: str | Path | None = None):
        self.by_id: dict[str, Run] = {}
        self._cases: OrderedDict[str, Case] = OrderedDict()
        self._lock = Lock()
        cases_dir = Path(cases).resolve() if cases else None
        for raw in paths:
            root = Path(raw).resolve()
            try:
                found = find_runs([root])
            except ValueError as e:
                raise ReviewError(str(e)) from None
            for run_dir in found:
                if not (run_dir / "checklist.json").is_file():
                    continue
                files = RunFiles(run_dir)
                try:
                    raw = json.loads(files.stats.read_text(encoding="utf-8"))
                    stats = RunStats.model_validate(raw)
                except (ValueError, UnicodeDecodeError) as e:
                    raise ReviewError(f"{files.stats}: not a run's stats.json ({str(e).splitlines()[0]})") from None
                rel = run_dir.relative_to(root)
                run_id = self._unique(folder_name("-".join(rel.parts) if rel.parts else run_dir.name, "run"))
                self.by_id[run_id] = Run(
                    run_id,
                    run_dir,
                    root,
                    stats,
                    _find_source(run_dir, root, stats, cases_dir),
                    str(raw.get("method") or "agent"),
                )
        if not self.by_id:
            raise ReviewError(f"no run folders (with stats.json and checklist.json) in {', '.join(map(str, paths))}")

    def _unique(self, name: str) -> str:
        out, n = name, 1
        while out in self.by_id:
            n += 1
            out = f"{name}-{n}"
        return out

    def __iter__(self):
        return iter(self.by_id.values())

    def __len__(self) -> int:
        return len(self.by_id)

    def get(self, run_id: str) -> Run | None:
        return self.by_id.get(run_id)

    def by_case(self) -> dict[str, list[Run]]:
        out: dict[str, list[Run]] = {}
        for run in self:
            out.setdefault(run.case, []).append(run)
        return out

    def case_of(self, run: Run) -> Case:
        """The run's case, loaded once and kept among the last few used."""
        if not run.source:
            raise ReviewError(f"the documents of case {run.case!r} were not found; pass --cases FOLDER")
        with self._lock:
            if run.source in self._cases:
                self._cases.move_to_end(run.source)
                return self._cases[run.source]
        try:
            case = load_case(run.source)
        except CaseError as e:
            raise ReviewError(str(e)) from None
        with self._lock:
            self._cases[run.source] = case
            while len(self._cases) > CASES_KEPT:
                self._cases.popitem(last=False)
        return case


def _find_source(run_dir: Path, root: Path, stats: RunStats, cases_dir: Path | None) -> str:
    """Where the run's case is: recorded in its stats, in its batch's index, or in --cases."""
    if stats.source and Path(stats.source).exists():
        return stats.source
    for folder in [run_dir, *run_dir.parents]:
        index = folder / INDEX_NAME
        if index.is_file():
            source = _indexed_source(index, run_dir)
            if source:
                return source
        if folder == root or folder == root.parent:
            break
    if cases_dir is not None:
        return _source_in(cases_dir, stats.case)
    return ""


def _indexed_source(index: Path, run_dir: Path) -> str:
    source = _index_sources(index).get(run_dir, "")
    base = index.parent
    if source and not Path(source).is_absolute():
        source = str((base / source).resolve()) if (base / source).exists() else str(Path(source).resolve())
    return source if source and Path(source).exists() else ""


@lru_cache(maxsize=16)
def _index_sources(index: Path) -> dict[Path, str]:
    """Each run folder's case source in a batch's index (the last line for a run wins), read once per
    index however many of its runs are opened."""
    sources: dict[Path, str] = {}
    for line in index.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue  # a torn last line
        if isinstance(entry, dict) and entry.get("run_dir"):
            sources[Path(str(entry["run_dir"])).resolve()] = str(entry.get("source") or "")
    return sources


def _source_in(cases_dir: Path, case: str) -> str:
    """The case folder or record for ``case`` in --cases (which may also be that case itself)."""
    wanted = canonical_case_name(case)
    candidates = [cases_dir, *sorted(cases_dir.iterdir())] if cases_dir.is_dir() else [cases_dir]
    for path in candidates:
        if path.is_dir() or path.suffix.lower() == ".json":
            if canonical_case_name(path.stem if path.is_file() else path.name) == wanted:
                return str(path)
            meta = path / "case.json" if path.is_dir() else None
            if meta is not None and meta.is_file():
                try:
                    case_id = json.loads(meta.read_text(encoding="utf-8")).get("case_id")
                except (json.JSONDecodeError, UnicodeDecodeError, AttributeError):
                    continue
                if case_id and canonical_case_name(str(case_id)) == wanted:
                    return str(path)
    return ""
