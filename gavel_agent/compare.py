"""Two or more runs on the same case, side by side, item by item.

A run is a run folder (checklist.json with stats.json beside it) or a
checklist.json file. Every value is marked by how it stands against the other
runs, as the judge (offline by default) sees it, without needing a reference:

    agree    the same fact is in every other run (equal, or one value contains the other)
    differ   another run states this item otherwise (A "March 15, 2021", B "March 21, 2017"),
             or only some of the other runs have it
    only A   no other run has it (a list item's extra value, or an item only A filled)

An item agrees when all its values do; it is "only A" when A alone has values.
With a reference (GAVEL's human.json, a hand-made checklist, or a Clearinghouse
record's coding) every run is also scored per item with the checklist scorer;
tokens, cost and wall time come from stats.json.
"""

from __future__ import annotations

import json
import string
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel

from gavel_agent.checklists import ChecklistSpec
from gavel_agent.checklists.record import ChecklistFile, Value
from gavel_agent.evaluators.checklist.judges.base import Judge, Judgment
from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge
from gavel_agent.evaluators.checklist.readers import clean_values, read_checklists
from gavel_agent.evaluators.checklist.score import score_case
from gavel_agent.run_folder import RunFiles


class RunSide(BaseModel):
    label: str  # A, B, ...
    path: str
    case: str
    model: str = ""
    method: str = ""  # agent | end-to-end | chunk ('' when stats.json is missing)
    status: str = ""
    steps: int = 0
    prompt_tokens: int = 0
    cost_usd: float = 0.0
    wall_time_s: float = 0.0
    filled_items: int = 0
    score: float | None = None  # 0-100 over the items the reference applies to


class Cell(BaseModel):
    values: list[Value]
    agreement: list[str] = []  # per value, against the other runs: agree | differ | only <label>
    documents: list[str]  # documents the evidence comes from, in order of first use
    score: float | None = None  # 0-1; None when no reference or neither side has a value


class ItemRow(BaseModel):
    item: str
    name: str
    agreement: str = ""  # agree | differ | only <label>
    reference: list[str] | None = None  # None: no reference given
    cells: list[Cell]

    @property
    def differs(self) -> bool:
        return self.agreement != "agree"


class Comparison(BaseModel):
    case: str
    spec: str
    reference: str | None = None
    judge: str | None = None  # who decided agreement (and scored against the reference)
    runs: list[RunSide]
    items: list[ItemRow]

    def differences_only(self) -> Comparison:
        """The comparison with the items every run agrees on left out."""
        return self.model_copy(update={"items": [row for row in self.items if row.differs]})


def _matches(judgment: Judgment, n_a: int, n_b: int) -> tuple[set[int], set[int], bool]:
    """(a's matched value indices, b's matched value indices, whether a single pair contradicts)."""
    if judgment.relation is not None:
        agreed = judgment.relation != "different"
        return ({0}, {0}, False) if agreed else (set(), set(), True)
    return {i for i, _ in judgment.pairs}, {j for _, j in judgment.pairs}, False


def mark_agreement(rows: list[ItemRow], labels: list[str], judge: Judge) -> None:
    """Fill in each row's and each value's agreement; all judge calls go out as one batch."""
    values = [[[v.value for v in cell.values] for cell in row.cells] for row in rows]
    pairs = [
        (r, i, j)
        for r, row in enumerate(rows)
        for i in range(len(row.cells))
        for j in range(i + 1, len(row.cells))
        if values[r][i] and values[r][j]
    ]
    judgments = judge.judge_items([(rows[r].item, values[r][i], values[r][j]) for r, i, j in pairs])
    matched: dict[tuple[int, int, int], set[int]] = {}  # (row, run, other run) -> this run's matched indices
    contradicted: set[tuple[int, int]] = set()  # (row, run) whose single value another run contradicts
    for (r, i, j), judgment in zip(pairs, judgments):
        in_i, in_j, contradiction = _matches(judgment, len(values[r][i]), len(values[r][j]))
        matched[r, i, j], matched[r, j, i] = in_i, in_j
        if contradiction:
            contradicted |= {(r, i), (r, j)}
    for r, row in enumerate(rows):
        runs = range(len(row.cells))
        for i, cell in enumerate(row.cells):
            others = [j for j in runs if j != i]
            marks = []
            for k in range(len(cell.values)):
                found = sum(k in matched.get((r, i, j), set()) for j in others)
                if found == len(others):
                    marks.append("agree")
                elif found == 0 and (r, i) not in contradicted:
                    marks.append(f"only {labels[i]}")
                else:
                    marks.append("differ")
            cell.agreement = marks
        filled = [i for i in runs if row.cells[i].values]
        if all(m == "agree" for cell in row.cells for m in cell.agreement):
            row.agreement = "agree"
        elif len(filled) == 1:
            row.agreement = f"only {labels[filled[0]]}"
        else:
            row.agreement = "differ"


def _checklist_path(path: Path) -> Path:
    file = path / "checklist.json" if path.is_dir() else path
    if not file.is_file():
        raise ValueError(f"{path}: no checklist.json (expected a run folder or a checklist.json file)")
    return file


def load_run(path: str | Path, label: str) -> tuple[RunSide, ChecklistFile]:
    file = _checklist_path(Path(path))
    try:
        checklist = ChecklistFile.read(file)
    except (ValueError, OSError) as e:
        raise ValueError(f"{file}: not a checklist.json ({str(e).splitlines()[0]})") from None
    side = RunSide(label=label, path=str(path), case=checklist.case)
    files = RunFiles(file.parent)
    if files.exists():
        raw = json.loads(files.stats.read_text(encoding="utf-8"))
        stats = files.read_stats()
        side = side.model_copy(
            update={
                "model": stats.model,
                "method": raw.get("method", "agent"),
                "status": stats.status,
                "steps": stats.steps,
                "prompt_tokens": stats.prompt_tokens,
                "cost_usd": stats.cost_usd,
                "wall_time_s": stats.wall_time_s,
                "filled_items": stats.filled_items,
            }
        )
    return side, checklist


def load_reference(path: str | Path, spec: ChecklistSpec, case: str) -> dict[str, list[str]]:
    """Reference values per item key for one case, from any format ``read_checklists`` knows (GAVEL
    human.json, a checklist.json, a hand-made {item: [values]} file, a Clearinghouse record)."""
    by_case = read_checklists(path, spec, case_id=case)
    if case not in by_case:
        shown = ", ".join(sorted(by_case)[:8])
        raise ValueError(f"{path}: no reference for case {case!r} (it has {len(by_case)} cases: {shown}...)")
    return by_case[case]


def _documents(values: list[Value]) -> list[str]:
    return list(dict.fromkeys(e.document for v in values for e in v.evidence))


def compare(
    run_paths: Sequence[str | Path],
    spec: ChecklistSpec,
    reference: str | Path | None = None,
    judge: Judge | None = None,
) -> Comparison:
    """The runs side by side; ``judge`` (offline when None) decides agreement and scores against ``reference``."""
    judge = judge or OfflineJudge()
    if len(run_paths) < 2:
        raise ValueError("compare needs at least two runs")
    if len(run_paths) > len(string.ascii_uppercase):
        raise ValueError(f"compare takes at most {len(string.ascii_uppercase)} runs")
    loaded = [load_run(p, label) for p, label in zip(run_paths, string.ascii_uppercase)]
    cases = {side.case for side, _ in loaded}
    if len(cases) > 1:
        raise ValueError(f"the runs are for different cases ({', '.join(sorted(cases))}); compare runs of one case")
    case = cases.pop()
    present = {k for _, checklist in loaded for k in checklist.items}
    keys = [k for k in spec.keys if k in present]
    ref = None
    scores: list[dict[str, float | None]] = [{} for _ in loaded]
    if reference is not None:
        full = load_reference(reference, spec, case)
        ref = {k: full.get(k, []) for k in keys}
        for i, (side, checklist) in enumerate(loaded):
            pred = {k: clean_values(checklist.values_of(k)) for k in keys}
            result = score_case(pred, ref, judge, case)
            scores[i] = {k: s.score for k, s in result.items.items()}
            side.score = result.score
    rows = [
        ItemRow(
            item=k,
            name=spec.item(k).name,
            reference=None if ref is None else ref[k],
            cells=[
                Cell(
                    values=checklist.items.get(k, []),
                    documents=_documents(checklist.items.get(k, [])),
                    score=scores[i].get(k),
                )
                for i, (_, checklist) in enumerate(loaded)
            ],
        )
        for k in keys
    ]
    mark_agreement(rows, [side.label for side, _ in loaded], judge)
    return Comparison(
        case=case,
        spec=spec.name,
        reference=None if reference is None else str(reference),
        judge=judge.name,
        runs=[s for s, _ in loaded],
        items=rows,
    )
