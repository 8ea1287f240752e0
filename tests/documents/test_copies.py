"""Papers the case holds twice. A docket (the Clearinghouse's docket text and the docket built from its
entries): the listing names the copy, the reading guide stops offering it once the other is read, and both
stay quotable (issue 41, point 3). Any other paper held twice (an opinion and its reprint, an order filed
again as an exhibit): the listing names the second as a copy and the reading guide says reading it adds
nothing (issue 41's frictions, point 2)."""

from __future__ import annotations

import random

import pytest

from gavel_agent import reading_guide
from gavel_agent.case import Case, Document, load_case
from gavel_agent.checklists import load_spec
from gavel_agent.documents import copies
from gavel_agent.documents import docket as dockets
from gavel_agent.documents.copies import docket_copies, numbered_entries
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


# -- papers other than dockets --------------------------------------------------------------------------

VOCABULARY = (
    "court plaintiffs defendants motion order class county jail conditions relief injunction decree "
    "counsel findings hearing evidence claims statute amendment policy officers detainees medical care "
    "judgment settlement parties record monitor compliance report appeal opinion damages fees"
).split()


def prose(seed: int, words: int) -> str:
    rng = random.Random(seed)
    return " ".join(rng.choice(VOCABULARY) + ("." if rng.random() < 0.08 else "") for _ in range(words))


def stamped(text: str, stamp: str, every: int = 300) -> str:
    """The text as filed again under another paper's page stamps (an order attached as an exhibit)."""
    words = text.split()
    pages = [" ".join(words[i : i + every]) for i in range(0, len(words), every)]
    return "\n".join(f"{stamp} Page {n} of {len(pages)}\n{page}" for n, page in enumerate(pages, 1))


OPINION = prose(1, 2400)
COMPLAINT = prose(2, 2400)


def papers(*extra: Document) -> Case:
    return Case(
        "c",
        [
            Document("complaint", COMPLAINT, "Complaint", "Complaint", "2020-01-02"),
            Document("opinion", OPINION, "Opinion and Order", "Order/Opinion", "2020-06-01"),
            *extra,
        ],
    )


def test_an_opinion_filed_again_under_other_stamps_is_listed_as_a_copy_of_the_first():
    exhibit = stamped(OPINION, "Case 1:20-cv-00410 Document 88-1 Filed 09/14/20")
    c = papers(Document("exhibit-a", exhibit, "Exhibit A to the motion to enforce", "Exhibit", "2020-09-14"))
    lines = listing(c)
    assert "(another copy of opinion: reading it adds nothing)" in lines["exhibit-a"]
    assert "copy" not in lines["opinion"] and "copy" not in lines["complaint"]
    row = next(
        r
        for r in calls.list_documents(Workspace.open(c, load_spec("gavel"), ["judge_name"]), calls.NoArgs()).data
        if r.name == "exhibit-a"
    )
    assert row.copy_note.startswith("another copy of opinion")


def test_the_reading_guide_never_offers_a_copy_and_says_reading_it_adds_nothing():
    reprint = "Slip Copy, 2020 WL 123456 (D. Or. 2020)\n" + OPINION
    c = papers(Document("opinion-reprint", reprint, "Opinion", "Order/Opinion", "2020-07-01"))
    lines = reading_guide.unread_lines(c, {}, ["court_rulings", "filing_date", "parties"])
    assert "opinion" in offered(c, {}) and "opinion-reprint" not in offered(c, {})
    assert (
        lines[-1]
        == "Copies of papers listed before them, reading them adds nothing: opinion-reprint (a copy of opinion)."
    )
    # once read (or read instead of the original), it is no longer named at all
    assert not any(
        "opinion-reprint" in line
        for line in reading_guide.unread_lines(c, {"opinion-reprint": 10**6}, ["court_rulings"])
    )


def test_an_amended_complaint_is_no_copy_of_the_one_it_amends():
    """An amendment shares most of its words with the complaint it amends, yet may add a party or a claim."""
    words = COMPLAINT.split()
    added = "The plaintiffs add a claim under the Americans with Disabilities Act against the county sheriff."
    amended = " ".join(words[:800] + [added, prose(3, 120)] + words[800:1600] + [prose(4, 80)] + words[1600:])
    c = papers(Document("amended-complaint", amended, "First Amended Complaint", "Complaint", "2020-03-01"))
    assert copies.paper_copies(c.documents) == []
    assert "copy" not in listing(c)["amended-complaint"]


def test_short_papers_of_the_same_words_are_no_copies():
    notice = "NOTICE of appearance of counsel for the defendants in this action. " * 3
    c = papers(Document("notice-1", notice, "Notice"), Document("notice-2", notice, "Notice"))
    assert copies.paper_copies(c.documents) == []


def test_the_copy_stays_quotable():
    c = papers(Document("exhibit-a", stamped(OPINION, "Exhibit A"), "Exhibit A", "Exhibit", "2020-09-14"))
    ws = Workspace.open(c, load_spec("gavel"), ["court_rulings"])
    quote = " ".join(OPINION.split()[10:22])
    value = ws.checklist.verified("a ruling", [{"document": "exhibit-a", "quote": quote}])
    assert value.evidence[0].document == "exhibit-a" and value.evidence[0].status == "exact"


def shared_case(shared, number: int) -> Case:
    path = shared / "crlc" / "cases" / f"case_{number}.json"
    if not path.exists():
        pytest.skip(f"{path} is not in the shared data")
    return load_case(path)


def test_the_dev_case_12429_lists_its_second_opinion_on_fees_as_a_copy(shared):
    c = shared_case(shared, 12429)
    assert [(x.copy, x.of) for x in copies.paper_copies(c.documents)] == [
        ("opinion-and-order-9", "opinion-awarding-attorneys-fees")
    ]
    assert (
        "another copy of opinion-awarding-attorneys-fees: reading it adds nothing" in listing(c)["opinion-and-order-9"]
    )


@pytest.mark.parametrize(
    ("number", "versions"),
    [
        (43521, ("stipulated-order-2", "stipulated-order")),  # proposed, then entered: its date and signature
        (43955, ("complaint", "amended-complaint")),  # the amendment has other signers and a jury demand
        (1013, ("memorandum-opinion-denying-motion-to-alter", "amended-memorandum-opinion")),  # figures corrected
    ],
)
def test_versions_of_a_paper_in_the_shared_data_are_no_copies(shared, number, versions):
    c = shared_case(shared, number)
    assert all(c.document(name) for name in versions)
    assert not [x for x in copies.paper_copies(c.documents) if {x.copy, x.of} == set(versions)]
