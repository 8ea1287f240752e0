"""Read summaries in GAVEL's layout: reference files and per-model output folders.

* Reference: ``{case_id: {"summary/long": text, ...}}`` (``50_cases_for_benchmarking.json``),
  or plainly ``{case_id: text}``.
* Candidates: a JSON file ``{"meta_data": ..., "results": {case_id: text}}`` (or plainly
  ``{case_id: text}``); a model folder holding one such file; or a folder of model
  folders (GAVEL's ``summaries/``), where the folder name is the model's name and the
  reference files at the top level are skipped.
"""

from __future__ import annotations

from pathlib import Path

from gavel_agent.evaluators.json_files import read_json

REFERENCE_FIELD = "summary/long"

Summaries = dict[str, str]


def _texts(mapping: object, file: Path, field: str | None) -> Summaries:
    if not isinstance(mapping, dict) or not mapping:
        raise ValueError(f"{file}: expected a non-empty JSON object of case id -> summary")
    out = {}
    for case, entry in mapping.items():
        text = entry.get(field) if isinstance(entry, dict) and field else entry
        if not isinstance(text, str):
            where = f"a string or an object with {field!r}" if field else "a string"
            raise ValueError(f"{file}: the summary of case {case} is not {where}")
        out[str(case)] = text
    return out


def read_references(path: str | Path) -> Summaries:
    file = Path(path)
    if not file.is_file():
        raise ValueError(f"no such reference file: {file}")
    return _texts(read_json(file), file, REFERENCE_FIELD)


def read_candidate_file(file: Path) -> Summaries:
    data = read_json(file)
    results = data.get("results") if isinstance(data, dict) and "results" in data else data
    return _texts(results, file, None)


def read_candidates(path: str | Path) -> dict[str, Summaries]:
    """``{model name: {case id: summary}}`` from a file, a model folder or a folder of model folders."""
    root = Path(path)
    if root.is_file():
        return {root.stem: read_candidate_file(root)}
    if not root.is_dir():
        raise ValueError(f"no such file or folder: {root}")
    models = sorted(d for d in root.iterdir() if d.is_dir() and list(d.glob("*.json")))
    if not models:
        models = [root] if list(root.glob("*.json")) else []
    if not models:
        raise ValueError(f"{root}: no summary files (expected <model>/*.json or *.json)")
    return {model.name: read_model_folder(model) for model in models}


def read_model_folder(folder: Path) -> Summaries:
    """The summaries in a model's folder of GAVEL's ``summaries/``, which holds one JSON file."""
    files = sorted(folder.glob("*.json"))
    if not files:
        raise ValueError(f"{folder}: no summary files (*.json) in this folder")
    if len(files) > 1:
        names = ", ".join(f.name for f in files[:3])
        raise ValueError(f"{folder}: several summary files ({names}); give one of them")
    return read_candidate_file(files[0])
