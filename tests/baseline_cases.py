"""Small synthetic cases, a two-item test checklist and its rule extractor, for the batch/extract/compare tests."""

from __future__ import annotations

import json
import re
from pathlib import Path

from gavel_agent.offline.item_plan import register_plans
from gavel_agent.offline.registry import DocInfo, Finding, extractor

SPEC = {
    "name": "colours",
    "title": "Test checklist",
    "groups": [{"key": "look", "name": "Look"}, {"key": "size", "name": "Size"}],
    "items": [
        {
            "key": "colour",
            "name": "Colour",
            "group": "look",
            "definition": "Colours the documents say a car is painted.",
            "shape": "list",
        },
        {"key": "weight", "name": "Weight", "group": "size", "definition": "The weight of the car.", "shape": "single"},
    ],
}
register_plans("colours", {"colour": {"queries": ["re:painted \\w+"]}, "weight": {"queries": ["re:weighs"]}})
_PAINTED = re.compile(r"[^.\n]*\bpainted (\w+)[^.\n]*\.")


@extractor("colours", "colour")
def painted(text: str, doc: DocInfo) -> list[Finding]:
    return [Finding(m.group(1), m.group(0).strip()) for m in _PAINTED.finditer(text)]


def write_spec(folder: Path) -> Path:
    path = folder / "colours.json"
    path.write_text(json.dumps(SPEC), encoding="utf-8")
    return path


def write_case(folder: Path, documents: dict[str, str], dates: dict[str, str] | None = None) -> Path:
    """A case folder with one .txt per document and a case.json giving dates."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in documents.items():
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    meta = {"title": folder.name, "documents": {n: {"date": d} for n, d in (dates or {}).items()}}
    (folder / "case.json").write_text(json.dumps(meta), encoding="utf-8")
    return folder


FILLER = "The parties met again to talk about the schedule and nothing else of note happened that day. "


def car_case(folder: Path, filler_sentences: int = 3) -> Path:
    """Two documents, dated so that 'later' sorts after 'earlier' although its name sorts first."""
    return write_case(
        folder,
        {
            "b-earlier": FILLER * filler_sentences + "The first car was painted red by the dealer. It weighs 1200 kg.",
            "a-later": FILLER * filler_sentences + "Then the owner had the car painted blue at home.",
        },
        {"b-earlier": "2001-01-01", "a-later": "2002-02-02"},
    )
