"""A docket the case holds twice (the Clearinghouse's docket text and the docket built from its entries):
the listing names the copy, the reading guide stops offering it once the other is read, and both stay
quotable (issue 41, point 3)."""

from __future__ import annotations

import pytest

from gavel_agent import reading_guide
from gavel_agent.case import Case, Document, load_case
from gavel_agent.checklists import load_spec
from gavel_agent.documents import docket as dockets
from gavel_agent.documents.docket_copies import docket_copies, numbered_entries
from gavel_agent.tools import calls
from gavel_agent.tools.workspace import Workspace

ENTRIES = [
    dockets.DocketEntry(str(n), f"2020-{n % 12 + 1:02d}-{n % 28 + 1:02d}", f"MOTION number {n} by the plaintiffs.")
    for n in range(1, 41)
]


def sheet(entries: list[dockets.DocketEntry]) -> str:
    """The entries as a PACER docket report prints them: day, number, text."""
    head = "U.S. District Court\nCIVIL DOCKET FOR CASE #: 2:20-cv-00410\n\nDate Filed # Docket Text\n"
    rows = [f"{e.filed[5:7]}/{e.filed[8:]}/{e.filed[:4]}  {e.number}   {e.text}\n" for e in entries if e.filed]
    return head + "".join(rows)


def built(entries: list[dockets.DocketEntry]) -> Document:
    return Document("docket-entries", dockets.docket_text(entries), "Docket (40 entries)", "docket", "2020-01-02")


def case(sheet_entries: list[dockets.DocketEntry], entries: list[dockets.DocketEntry] = ENTRIES) -> Case:
    complaint = Document("complaint", "COMPLAINT. The plaintiffs sue the county. " * 40, "Complaint", "Complaint")
    docs = [built(entries), Document("docket", sheet(sheet_entries), "Docket", "Docket", "2021-05-01"), complaint]
    return Case("c", docs)


def listing(c: Case) -> dict[str, str]:
    ws = Workspace.open(c, load_spec("gavel"), ["judge_name"])
    text = calls.list_documents(ws, calls.NoArgs()).text
    return {line.split(" | ")[0][2:]: line for line in text.splitlines()[1:]}


def offered(c: Case, read: dict[str, int]) -> list[str]:
    lines = reading_guide.unread_lines(c, read, ["judge_name", "filing_date", "parties"])
    return [line[2:].split(" (")[0] for line in lines if line.startswith("- ") and not line.startswith("- and ")]


def test_both_formats_give_the_same_entries():
    assert numbered_entries(sheet(ENTRIES)) == numbered_entries(built(ENTRIES).text)
    assert len(numbered_entries(sheet(ENTRIES))) == len(ENTRIES)


def test_the_second_of_one_docket_held_twice_is_listed_as_a_copy_of_the_first():
    lines = listing(case(ENTRIES))
    assert "(another copy of the docket: docket-entries)" in lines["docket"]
    assert "copy" not in lines["docket-entries"] and "copy" not in lines["complaint"]


def test_once_either_copy_is_read_the_other_is_not_offered():
    c = case(ENTRIES)
    assert offered(c, {})[:2] == ["docket-entries", "docket"]
    for name in ("docket-entries", "docket"):
        left = offered(c, {name: c.document(name).token_count})
        assert "docket" not in left and "docket-entries" not in left and "complaint" in left


def test_a_sheet_printed_before_the_later_entries_is_a_shorter_copy():
    c = case(ENTRIES[:25])
    assert (
        "(an earlier printing of the docket: all its entries are also in docket-entries; its header may list the attorneys)"
        in listing(c)["docket"]
    )
    assert "docket" not in offered(c, {"docket-entries": c.document("docket-entries").token_count})
    # the earlier printing read, the full docket still has entries to tell
    assert "docket-entries" in offered(c, {"docket": c.document("docket").token_count})


def test_dockets_of_other_entries_are_no_copies():
    other = [dockets.DocketEntry(e.number, f"2019-{e.filed[5:]}", e.text) for e in ENTRIES]
    c = case(other)
    assert docket_copies(c.documents) == [] and "copy" not in listing(c)["docket"]


def test_both_copies_stay_quotable():
    c = case(ENTRIES)
    ws = Workspace.open(c, load_spec("gavel"), ["important_filings"])
    for name in ("docket", "docket-entries"):
        value = ws.checklist.verified("MOTION number 17", [{"document": name, "quote": "MOTION number 17"}])
        assert value.evidence[0].document == name and value.evidence[0].status == "exact"


def test_the_dev_case_17701_lists_its_pacer_sheet_as_a_copy(shared):
    path = shared / "crlc" / "cases" / "case_17701.json"
    if not path.exists():
        pytest.skip(f"{path} is not in the shared data")
    c = load_case(path)
    assert "an earlier printing of the docket: all its entries are also in docket-entries" in listing(c)["docket"]
    entries = c.document("docket-entries")
    assert "docket" not in offered(c, {entries.name: entries.token_count})


def test_a_docket_sheet_dates_its_entries_as_the_built_docket_does():
    """The sheet form was read only when comparing copies; papers and the sheet itself went undated."""
    from gavel_agent.documents.docket import filed_days

    sheet = "Date Filed | # | Docket Text\n03/15/2021  1   COMPLAINT against Riverside County\n04/02/2021  5   ORDER setting schedule\n"
    assert filed_days(sheet) == {"1": "2021-03-15", "5": "2021-04-02"}
    assert filed_days("1 | 2021-03-15 | COMPLAINT\n5 | 2021-04-02 | ORDER\n") == {"1": "2021-03-15", "5": "2021-04-02"}
