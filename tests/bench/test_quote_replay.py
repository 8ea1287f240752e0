"""bench/quote_replay.py: GAVEL's agent checklists read as quotes and replayed through the checker."""

import importlib.util
import json
import sys
from pathlib import Path

from conftest import REPO
from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.tools.checklist import ChecklistState

BENCH = REPO / "bench"


def _bench():
    spec = importlib.util.spec_from_file_location("quote_replay", BENCH / "quote_replay.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _checklist(path: Path, evidence: list[tuple[str, str]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    entry = {"extracted": [{"value": "v", "evidence": [{"source_document": d, "text": t} for d, t in evidence]}]}
    path.write_text(json.dumps({"Filing_Date": entry}), encoding="utf-8")


def test_quotes_are_read_from_every_run_once_each_and_replayed(tmp_path):
    bench = _bench()
    runs = tmp_path / "m" / "1"
    said = ("Complaint", "The complaint was filed on March 15, 2021 in Portland.")
    _checklist(runs / "all" / "all_26_items" / "checklist.json", [said, ("Docket", "a note of my own about it")])
    _checklist(runs / "individual" / "01_filing_date" / "checklist.json", [said])
    found = bench.gavel_quotes(tmp_path, "m", "1")
    assert sorted(q.document for q in found) == ["Complaint", "Docket"]

    case = Case("1", [Document("complaint", "Filed. The complaint was filed on March 15, 2021 in Portland.", "C")])
    state = ChecklistState(load_spec("gavel"), load_spec("gavel").keys, case)
    outcomes = {q.document: bench.replay(state, q) for q in found}
    assert outcomes["Complaint"].status == "exact" and outcomes["Complaint"].support is None
    assert outcomes["Docket"].status == "refused" and "no document named 'Docket'" in outcomes["Docket"].message


def test_the_labelled_sample_is_well_formed():
    labelled = json.loads((BENCH / "quote_replay_labels.json").read_text(encoding="utf-8"))
    labels = {row["label"] for row in labelled["quotes"]}
    assert labels <= {"genuine", "paraphrase", "note", "wrong document"}
    assert len(labelled["quotes"]) == 100
    assert len({(r["model"], r["case"], r["document"], r["quote"]) for r in labelled["quotes"]}) == 100
