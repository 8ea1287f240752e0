"""Read filled checklists and judge verdicts in every format GAVEL and this project write.

``read_checklists`` returns ``{case_id: {item_key: [value, ...]}}`` whatever the
source: our ``ChecklistFile``, a hand-made ``{item: [values]}`` file, a Clearinghouse
record's coding (``case_<id>.json``), GAVEL's human.json and summary checklists,
GAVEL-Agent ``checklist.json`` trees, end-to-end batches and chunk-by-chunk runs.
``read_judgments`` reads GAVEL's judge result files into ``Judgment`` records.
"""

from __future__ import annotations

import glob
import json
import re
from collections.abc import Collection, Mapping
from pathlib import Path

from gavel_agent.checklists import ChecklistSpec, load_spec
from gavel_agent.checklists.record import ChecklistFile, canonical_case_name
from gavel_agent.evaluators.checklist import crlc_reference
from gavel_agent.evaluators.checklist.judges.base import Judgment, Relation
from gavel_agent.evaluators.json_files import read_json

Checklists = dict[str, dict[str, list[str]]]

# Extractors write these instead of leaving the list empty; GAVEL scores them as "nothing found".
_EMPTY_VALUES = {"", "not applicable", "n/a", "none"}
_AGENT_MODES = ("all", "grouped", "individual")


def clean_values(values: list) -> list[str]:
    """Value strings with placeholders for "nothing found" removed."""
    out = []
    for v in values:
        text = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)
        text = text.strip()
        if text.rstrip(".").lower() not in _EMPTY_VALUES:
            out.append(text)
    return out


def read_checklists(path: str | Path, spec: ChecklistSpec | None = None, case_id: str | None = None) -> Checklists:
    """Checklists from a file, a folder or a glob pattern (files are merged by case)."""
    spec = spec or load_spec("gavel")
    files = _expand(path)
    merged: Checklists = {}
    for file in files:
        for case, items in _read_file(file, spec, case_id).items():
            into = merged.setdefault(case, {})
            for key, values in items.items():
                if key in into and into[key] != values:
                    raise ValueError(
                        f"{file}: case {case} item {key} is also in another file with other values "
                        "(point at one method's output, e.g. one GAVEL-Agent mode)"
                    )
                into[key] = values
    return merged


def is_clearinghouse_record(path: str | Path) -> bool:
    """Whether ``path`` is one Clearinghouse case record (whose coding speaks to only some items)."""
    file = Path(path)
    if not file.is_file() or file.suffix.lower() != ".json":
        return False
    data = read_json(file)
    return isinstance(data, dict) and "case_data" in data and "documents" in data


def codes_some_items(path: str | Path) -> bool:
    """Whether the reference at ``path`` speaks to some items only: a Clearinghouse record, or a
    checklist that lists its coded items (a reference made by comparing two runs in ``gavel-agent review``)."""
    if is_clearinghouse_record(path):
        return True
    file = Path(path)
    if not file.is_file() or file.suffix.lower() != ".json":
        return False
    data = read_json(file)
    return isinstance(data, dict) and "items" in data and isinstance(data.get("coded_items"), list)


def coded_items_only(preds: Checklists, refs: Checklists) -> Checklists:
    """Predictions cut to the items each case's reference codes: an item a Clearinghouse record
    does not code is unknown there, not empty, so a value for it is neither right nor wrong."""
    return {case: {k: v for k, v in items.items() if k in refs.get(case, items)} for case, items in preds.items()}


def read_asked_items(path: str | Path, spec: ChecklistSpec | None = None, case_id: str | None = None) -> Checklists:
    """Per case, the items a run was asked for, as ``{case: {item: []}}``: a run's checklist.json lists
    every item of its selection (an empty list is an item searched and not found). Other formats
    (GAVEL results, hand-made files) list only the items they filled, so they give no entry."""
    spec = spec or load_spec("gavel")
    asked: Checklists = {}
    for file in _expand(path):
        data = read_json(file)
        if isinstance(data, dict) and "items" in data and ("case" in data or "spec" in data):
            record = ChecklistFile.model_validate(data)
            items = asked.setdefault(record.case or case_id or _case_from_path(file), {})
            items.update({key: [] for key in map(spec.try_resolve, record.items) if key})
    return asked


def only_items(checklists: Checklists, items: Mapping[str, Collection[str]]) -> tuple[Checklists, list[str]]:
    """``checklists`` cut, case by case, to the items ``items`` names for it (a case it does not name
    keeps all of its items), and the items cut away (in first-seen order)."""
    kept: Checklists = {}
    left_out: dict[str, None] = {}
    for case, values in checklists.items():
        wanted = items.get(case)
        kept[case] = {k: v for k, v in values.items() if wanted is None or k in wanted}
        left_out.update(dict.fromkeys(k for k in values if k not in kept[case]))
    return kept, list(left_out)


def scored_items(
    preds: Checklists, refs: Checklists, asked: Checklists, chosen: list[str] | None
) -> tuple[Checklists, Checklists, list[str]]:
    """Predictions and references cut to the items to score: ``chosen`` for every case when given,
    else the items each case's run was asked for (``asked``); and the items left out."""
    scope: Mapping[str, Collection[str]] = {case: chosen for case in {*preds, *refs}} if chosen is not None else asked
    preds, left_from_preds = only_items(preds, scope)
    refs, left_from_refs = only_items(refs, scope)
    return preds, refs, list(dict.fromkeys(left_from_refs + left_from_preds))


def _expand(path: str | Path) -> list[Path]:
    text = str(path)
    if any(ch in text for ch in "*?["):
        files = [Path(p) for p in sorted(glob.glob(text, recursive=True))]
        files = [f for p in files for f in (sorted(p.rglob("*.json")) if p.is_dir() else [p])]
    elif Path(text).is_dir():
        root = Path(text)
        files = sorted(root.rglob("checklist.json")) or sorted(root.rglob("*.json"))
        modes = {part for f in files for part in f.relative_to(root).parts if part in _AGENT_MODES}
        if len(modes) > 1:
            raise ValueError(
                f"{root} holds several GAVEL-Agent modes ({', '.join(sorted(modes))}); "
                f"point at one, e.g. '{root}/*/all'"
            )
    elif Path(text).is_file():
        files = [Path(text)]
    else:
        raise ValueError(f"no such file or folder: {text}")
    files = [f for f in files if f.name != "stats.json"]
    if not files:
        raise ValueError(f"no checklist files found at {text}")
    return files


def _read_file(file: Path, spec: ChecklistSpec, case_id: str | None) -> Checklists:
    data = read_json(file)
    if not isinstance(data, dict) or not data:
        raise ValueError(f"{file}: empty or not a checklist (expected a JSON object)")
    if "items" in data and ("case" in data or "spec" in data):
        record = ChecklistFile.model_validate(data)
        if record.spec and record.spec != spec.name and any(spec.try_resolve(k) is None for k in record.items):
            raise ValueError(f"{file}: a {record.spec!r} checklist: give --spec {record.spec}")
        case = record.case or case_id or _case_from_path(file)
        # A reviewed checklist keeps the values a reviewer rejected (with the verdict): they are not values.
        return {
            case: _by_key(
                {k: [v.value for v in vals if not v.rejected] for k, vals in record.items.items()}, spec, file
            )
        }
    if isinstance(data.get("results"), dict):
        return _read_results(data["results"], spec, file)
    if "case_data" in data and "documents" in data:  # a Clearinghouse record: its coding is the reference
        if not isinstance(data["case_data"], dict):
            raise ValueError(f"{file}: not a Clearinghouse record ('case_data' is not an object)")
        case = canonical_case_name(str(data.get("case_id") or data["case_data"].get("id") or file.stem))
        return {case: crlc_reference.reference_checklist(data)}
    if all(isinstance(v, dict) and "extracted" in v for v in data.values()):
        case = case_id or _case_from_path(file)
        return {case: _by_key({k: _extracted_values(v) for k, v in data.items()}, spec, file)}
    if all(isinstance(v, list) for v in data.values()):  # a hand-made checklist: {item: [value, ...]}
        case = case_id or _case_from_path(file)
        return {case: _by_key(data, spec, file)}
    raise ValueError(f"{file}: unknown checklist format (keys: {', '.join(list(data)[:5])})")


def _read_results(results: dict, spec: ChecklistSpec, file: Path) -> Checklists:
    out: Checklists = {}
    for case, items in results.items():
        if not isinstance(items, dict):
            raise ValueError(f"{file}: case {case} is not an object of items")
        parsed = {}
        for name, entry in items.items():
            if isinstance(entry, list):  # human.json: [{value, evidences, evidences_indices}]
                parsed[name] = [e.get("value", "") if isinstance(e, dict) else e for e in entry]
            elif isinstance(entry, dict) and "extracted" in entry:
                parsed[name] = _extracted_values(entry)
            else:
                raise ValueError(
                    f"{file}: item {name!r} of case {case} is not a list of values "
                    "(is this a judge result file? read it with read_judgments)"
                )
        out[str(case)] = _by_key(parsed, spec, file)
    return out


def _extracted_values(entry: dict) -> list:
    return [e.get("value", "") if isinstance(e, dict) else e for e in entry.get("extracted") or []]


def _by_key(items: dict[str, list], spec: ChecklistSpec, file: Path) -> dict[str, list[str]]:
    out = {}
    for name, values in items.items():
        key = spec.try_resolve(name)
        if key is None:
            raise ValueError(f"{file}: item {name!r} is not in checklist {spec.name!r}")
        out[key] = clean_values(values)
    return out


def _case_from_path(file: Path) -> str:
    """GAVEL-Agent trees are <model>/<case id>/<mode>/<run>/checklist.json."""
    for part in reversed(file.parts[:-1]):
        if part.isdigit():
            return part
    raise ValueError(f"{file}: cannot tell which case this checklist is for (pass the case id, e.g. --case)")


def read_evidence_quotes(path: str | Path, case_id: str | None = None) -> dict[str, list[str]]:
    """Every evidence quote per case, in any checklist format that carries evidence (none: empty lists)."""
    quotes: dict[str, list[str]] = {}
    for file in _expand(path):
        data = read_json(file)
        if isinstance(data, dict) and "items" in data and ("case" in data or "spec" in data):
            record = ChecklistFile.model_validate(data)
            case = record.case or case_id or _case_from_path(file)
            entries = {case: [e.quote for vals in record.items.values() for v in vals for e in v.evidence]}
        elif isinstance(data, dict) and isinstance(data.get("results"), dict):
            entries = {str(c): _quotes(items) for c, items in data["results"].items() if isinstance(items, dict)}
        elif isinstance(data, dict):
            entries = {case_id or _case_from_path(file): _quotes(data)}
        else:
            raise ValueError(f"{file}: not a checklist (expected a JSON object)")
        for case, found in entries.items():
            quotes.setdefault(case, []).extend(q for q in found if isinstance(q, str) and q.strip())
    return quotes


def read_evidence_status(
    path: str | Path, spec: ChecklistSpec | None = None, case_id: str | None = None
) -> dict[str, dict[str, dict[str, int]]]:
    """How each case's item quotes were aligned with their documents: ``{case: {item: {status: count}}}``.

    Only this project's checklist.json records statuses (exact, normalised, pieces); other formats give
    no entry.
    """
    spec = spec or load_spec("gavel")
    out: dict[str, dict[str, dict[str, int]]] = {}
    for file in _expand(path):
        data = read_json(file)
        if not (isinstance(data, dict) and "items" in data and ("case" in data or "spec" in data)):
            continue
        record = ChecklistFile.model_validate(data)
        items = out.setdefault(record.case or case_id or _case_from_path(file), {})
        for name, values in record.items.items():
            key = spec.try_resolve(name)
            if key is None:
                continue
            counts = items.setdefault(key, {})
            for ev in (e for v in values for e in v.evidence):
                counts[ev.status] = counts.get(ev.status, 0) + 1
    return out


def _quotes(items: dict) -> list:
    """Quotes of one case's items: GAVEL's ``evidence`` / ``evidences`` lists in either layout."""
    out: list = []
    for entry in items.values():
        values = entry.get("extracted") or [] if isinstance(entry, dict) else entry
        for value in values if isinstance(values, list) else []:
            if isinstance(value, dict):
                out += value.get("evidence") or value.get("evidences") or []
    return out


# ----------------------------------------------------------------- judge verdicts

_LABEL = re.compile(r"^\s*(\w+)\s+(equals|contains)\s+(\w+)\s*$|^\s*(\w+)\s+and\s+(\w+)\s+are\s+different\s*$")
_PRED_SIDE = {"model": True, "a": True, "reference": False, "b": False}


def parse_label(label: str) -> Relation:
    """GAVEL's string-wise verdict ("reference contains model", "A equals B" ...) as a relation."""
    m = _LABEL.match(label.lower())
    if not m:
        raise ValueError(f"unknown judge label {label!r}")
    if m.group(4):
        return "different"
    if m.group(2) == "equals":
        return "equal"
    return "a_contains_b" if _PRED_SIDE[m.group(1)] else "b_contains_a"


def read_judgments(path: str | Path, spec: ChecklistSpec | None = None) -> dict[str, dict[str, Judgment]]:
    """GAVEL judge results: ``{case: {item_key: Judgment}}`` with 0-based indices.

    Verdicts worded model/reference are oriented (pred = model). Those worded A/B
    (three of GAVEL's summary judge files) are read with A as the prediction, but
    which side is A varies from item to item in those files, so only side-symmetric
    uses are sound: ``judgment_score`` (containment scores 0.5 either way, F1 is
    symmetric) and agreement on it. The confusion matrix and index checks of
    ``bench/validate_offline_judge.py`` are direction-dependent; they read only the
    model/reference-worded files of evaluation_documents_checklist/.
    """
    spec = spec or load_spec("gavel")
    file = Path(path)
    if not file.is_file():
        raise ValueError(f"no such judge result file: {file}")
    data = read_json(file)
    results = data.get("results") if isinstance(data, dict) else None
    if not isinstance(results, dict):
        raise ValueError(f"{file}: not a judge result file (no 'results' object)")
    out: dict[str, dict[str, Judgment]] = {}
    for case, items in results.items():
        out[str(case)] = {}
        for name, verdict in (items or {}).items():
            key = spec.try_resolve(name)
            if key is None:
                raise ValueError(f"{file}: item {name!r} is not in checklist {spec.name!r}")
            out[str(case)][key] = _judgment(verdict, file)
    return out


def _judgment(verdict: object, file: Path) -> Judgment:
    if isinstance(verdict, str):
        return Judgment(relation=parse_label(verdict))
    if not isinstance(verdict, dict) or "common" not in verdict:
        raise ValueError(f"{file}: unknown judge verdict {str(verdict)[:60]!r}")
    pred_name = "model" if "only_in_model" in verdict else "A"
    ref_name = "reference" if pred_name == "model" else "B"
    pairs: list[tuple[int, int]] = []
    only_pred = [i - 1 for i in _indices(verdict.get(f"only_in_{pred_name}"))]
    only_ref = [i - 1 for i in _indices(verdict.get(f"only_in_{ref_name}"))]
    for match in verdict["common"]:
        p = _indices(match.get(f"{pred_name}_index"))
        r = _indices(match.get(f"{ref_name}_index"))
        # A few verdicts name several indices on one side, or none: keep every named pair.
        if p and r:
            pairs += [(i - 1, j - 1) for i in p for j in r]
        else:
            only_pred += [i - 1 for i in p]
            only_ref += [j - 1 for j in r]
    return Judgment(pairs=pairs, only_pred=only_pred, only_ref=only_ref)


def _indices(value: object) -> list[int]:
    if value is None:
        return []
    if isinstance(value, list):
        return [i for v in value for i in _indices(v)]
    return [int(value)]  # type: ignore[call-overload]  # an index as GAVEL's files write it (int or str)
