"""What a reviewer searches a case by, read cheaply for every run in the list: the caption (the case
folder's case.json title, or a Clearinghouse record's name) and the court and docket number the run
found in the documents (its identity.json)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from gavel_agent.case_identity import CaseIdentity
from gavel_agent.run_folder import RunFiles


@lru_cache(maxsize=4096)
def caption(source: str) -> str:
    """The case's title where its folder or record states one, else ""."""
    path = Path(source) if source else None
    try:
        if path is not None and path.is_dir() and (path / "case.json").is_file():
            return str(json.loads((path / "case.json").read_text(encoding="utf-8")).get("title") or "")
        if path is not None and path.is_file() and path.suffix.lower() == ".json":
            data = json.loads(path.read_text(encoding="utf-8"))
            return str(data.get("name") or "") if isinstance(data, dict) and "case_data" in data else ""
    except (OSError, ValueError, AttributeError):
        return ""  # a caption is a convenience: an unreadable file leaves it out
    return ""


@lru_cache(maxsize=4096)
def identity(run_dir: Path) -> CaseIdentity | None:
    """The court and docket number the run found, each with its quote; None when the run has none."""
    file = RunFiles(run_dir).identity
    try:
        return CaseIdentity.model_validate_json(file.read_text(encoding="utf-8")) if file.is_file() else None
    except (OSError, ValueError):
        return None
