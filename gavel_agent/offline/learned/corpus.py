"""Coded Clearinghouse records as training and test data for the offline model's learned selection.

One offline run per record, cached in a folder (``<out>/<case_<id>>/``: the run's checklist and
stats, and ``candidates.json``, every item's candidate findings) so that the bench and the
training command reuse it. Records fall into five folds fixed by a hash of the case id, so a
case is always held out in the same fold, whatever the record folders.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from gavel_agent.atomic import write_json

if TYPE_CHECKING:
    from gavel_agent.evaluators.checklist.crlc_reference import CodedCase

FOLDS = 5
CANDIDATES_FILE = "candidates.json"


def fold_of(case_id: str) -> int:
    return int(hashlib.sha256(str(case_id).encode()).hexdigest(), 16) % FOLDS


def record_files(folders: list[Path]) -> list[Path]:
    """Every case_<id>.json in the folders; a case id present twice is read from the first folder."""
    seen: dict[str, Path] = {}
    for folder in folders:
        for f in sorted(Path(folder).glob("case_*.json")):
            seen.setdefault(f.stem, f)
    return sorted(seen.values(), key=lambda f: f.name)


def run_record(
    case_file: str, out: str, reuse: bool = True, items: tuple[str, ...] = (), refuse_unsupported: bool = True
) -> str | None:
    """Run the offline agent (all GAVEL items, or only ``items``) on one record, recording the
    candidates; its run folder, or None when the record has no readable documents. ``reuse`` keeps
    a finished run; ``refuse_unsupported=False`` (the bench's measurement of the support check) stores
    the values the write tools would refuse for not being stated by their quotes."""
    import asyncio

    from gavel_agent.backends import resolve_model
    from gavel_agent.case import CaseError, load_case
    from gavel_agent.checklists import load_spec
    from gavel_agent.loop import AgentRun
    from gavel_agent.offline.learned.selection import recording
    from gavel_agent.tools.support import refusals_off

    run_dir = Path(out) / Path(case_file).stem
    if reuse and (run_dir / CANDIDATES_FILE).is_file() and (run_dir / "stats.json").is_file():
        return str(run_dir)
    if run_dir.exists():
        shutil.rmtree(run_dir)
    spec = load_spec("gavel")
    try:
        case = load_case(case_file)
    except CaseError:
        return None
    with recording() as candidates, nullcontext() if refuse_unsupported else refusals_off():
        asyncio.run(AgentRun(case, spec, list(items) or spec.keys, resolve_model(None), run_dir).run())
    write_json(run_dir / CANDIDATES_FILE, {row["item"]: row["candidates"] for row in candidates})
    return str(run_dir)


def read_candidates(run_dir: str | Path) -> dict[str, list[dict]]:
    return json.loads((Path(run_dir) / CANDIDATES_FILE).read_text(encoding="utf-8"))


@dataclass
class Record:
    case: str
    fold: int
    coded: CodedCase
    candidates: dict[str, list[dict]]
    _features: dict[str, list[dict[str, float]]] = field(default_factory=dict)

    def rows(self, item: str) -> list[dict]:
        return self.candidates.get(item, [])

    def features(self, item: str) -> list[dict[str, float]]:
        """The item's candidates' features, computed once."""
        from gavel_agent.offline.learned.features import candidate_features

        if item not in self._features:
            self._features[item] = candidate_features(self.rows(item))
        return self._features[item]


def load_records(files: list[Path], run_dirs: list[str | None]) -> list[Record]:
    from gavel_agent.evaluators.checklist import crlc_reference as crlc

    records = []
    for f, run_dir in zip(files, run_dirs):
        if run_dir is None:
            continue
        case = f.stem.removeprefix("case_")
        records.append(Record(case, fold_of(case), crlc.coded_case(crlc.read_record(f)), read_candidates(run_dir)))
    return records
