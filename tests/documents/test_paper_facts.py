"""What each paper is (list_documents): ECF number and filed day, kind read from title or caption, and a
flag on text that is only page stamps; and which case a folder's papers belong to."""

import pytest

from gavel_agent.case import Case, Document, load_case
from gavel_agent.case_identity import case_identity
from gavel_agent.checklists import load_spec
from gavel_agent.documents import ocr
from gavel_agent.documents.paper import NO_TEXT, paper_kind, stamped_entry
from gavel_agent.tools import calls
from gavel_agent.tools.workspace import Workspace

STAMP = "Case 1:25-cv-01266-TNM Document 30 Filed 07/21/25 Page {n} of 48"


def listing(case: Case):
    spec = load_spec("gavel")
    ws = Workspace.open(case, spec, spec.keys)
    spec_call = next(t for t in calls.tool_specs() if t.name == "list_documents")
    result = calls.invoke(ws, spec_call, "{}")
    return result.text, {row.name: row for row in result.data}


@pytest.fixture(scope="module")
def freelaw(tmp_path_factory):
    from conftest import SHARED

    folder = SHARED / "documents" / "freelaw"
    if not folder.is_dir():
        pytest.skip(f"needs the shared data folder at {SHARED} (set GAVEL_SHARED to point elsewhere)")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GAVEL_AGENT_CACHE", str(tmp_path_factory.mktemp("cache")))
        return load_case(folder)


@pytest.mark.parametrize(
    ("title", "caption", "kind"),
    [
        (
            "Preliminary Injunction",
            "UNITED STATES DISTRICT COURT\nPLAINTIFFS' MOTION FOR PRELIMINARY INJUNCTION\n",
            "motion",
        ),
        ("", "Docket No. 12-345\nFIRST AMENDED CLASS ACTION COMPLAINT\n", "amended complaint"),
        ("", "Case No. 3:21-cv-1187\nMEMORANDUM OPINION AND ORDER\n", "opinion"),
        ("", "ORDER GRANTING MOTION TO DISMISS\n", "order"),
        ("", "DEFENDANTS' MEMORANDUM IN OPPOSITION TO THE MOTION\n", "brief"),
        ("Compromise and Settlement Agreement", "", "settlement"),
        ("", "CONSENT DECREE\n", "consent decree"),
        ("", "In order to decide the motion the court heard argument.\n", ""),
        ("Third Report of the Monitor", "", "monitor report"),
    ],
)
def test_the_kind_of_paper_from_its_title_or_caption(title, caption, kind):
    assert paper_kind(title, caption) == kind


def test_stamps_give_the_entry_and_its_day():
    assert stamped_entry(STAMP.format(n=1)) == ("30", "2025-07-21")
    assert stamped_entry("Case: 17-3994 Document: 1-3 Filed: 09/20/2017 Page: 1") == ("1-3", "2017-09-20")
    # An appellate court's long document id is no docket entry; its day still counts.
    assert stamped_entry("Case: 20-1507 Document: 00117684624 Page: 1 Date Filed: 12/22/2020") == (None, "2020-12-22")
    assert stamped_entry("no stamp here") == (None, None)


def test_a_stamp_only_document_is_flagged_and_keeps_its_entry():
    stamps = "\n".join(STAMP.format(n=n) for n in range(1, 49))
    order = "ORDER\n" + "The motion is granted for the reasons stated on the record today. " * 5
    text, rows = listing(
        Case("t", [Document("scan", stamps, "Scan", "", None), Document("order", order, "Order", "", "2025-07-22")])
    )
    assert rows["scan"].no_text and not rows["order"].no_text
    assert (rows["scan"].ecf_number, rows["scan"].filed) == ("30", "2025-07-21")
    (scan_line,) = [line for line in text.splitlines() if line.startswith("- scan")]
    assert scan_line.startswith("- scan | Scan | unknown type | undated | ECF 30 | filed 2025-07-21 | ")
    assert scan_line.endswith(f"read | {NO_TEXT}") and text.count(NO_TEXT) == 1
    assert rows["order"].kind == "order"


def test_list_documents_shows_entry_day_and_kind_of_real_cm_ecf_papers(freelaw):
    text, rows = listing(freelaw)
    order = rows["gov.uscourts.cacd.652774.40.0"]
    assert (order.ecf_number, order.filed, order.kind) == ("40", "2016-08-05", "order")
    complaint = rows["rectangles_no"]
    assert (complaint.ecf_number, complaint.filed, complaint.kind) == ("1", "2021-04-16", "complaint")
    assert (rows["ca7_3"].ecf_number, rows["ca7_3"].filed) == ("3", "2017-07-13")
    assert (
        "gov.uscourts.cacd.652774.40.0 | gov.uscourts.cacd.652774.40.0 | order | undated | ECF 40 | filed 2016-08-05"
        in text
    )
    # Two pages of scan whose text layer holds a date and a box of X's: flagged unless OCR read them.
    assert rows["gov.uscourts.cand.203070.27.0"].no_text == bool(ocr.unavailable())


def test_list_documents_takes_a_records_entry_and_its_day_from_the_docket(shared):
    case = load_case(shared / "crlc" / "cases" / "case_12429.json")
    text, rows = listing(case)
    motion = rows["joint-motion-to-modify-settlement-agreement"]
    assert (motion.ecf_number, motion.filed, motion.kind) == ("908", "2021-12-13", "motion")
    complaint = rows["complaint-for-injunctive-and-declaratory-relief"]
    assert (complaint.ecf_number, complaint.filed, complaint.kind) == ("2", "2008-02-13", "complaint")
    assert rows["docket"].kind == "docket" and text.splitlines()[1].startswith("- docket")
    assert "| Pleading / Motion / Brief | 2021-12-13 | ECF 908 | filed 2021-12-13 |" in text
    assert (
        "- judgment | Judgment | Order/Opinion (reads as judgment) | 2013-04-17 | ECF 859 | filed 2013-04-17 |" in text
    )


def test_the_freelaw_folder_warns_of_mixed_dockets_and_its_identity_mixes_none(freelaw):
    (warning,) = [w for w in freelaw.warnings if "different docket numbers" in w]
    assert "8:16-cv-01261-DOC-KES" in warning and "17-cv-6761" in warning and "\n" not in warning
    assert "1:21-cv-01061-KLM (rectangles_no, rectangles_yes)" in warning  # read from their page stamps
    identity = case_identity(freelaw)
    if identity.docket_number is not None:  # the number, if any, is the court's own papers'
        assert identity.docket_number.evidence.document == identity.court.evidence.document


def test_a_folder_of_two_cases_never_pairs_one_court_with_the_others_number(tmp_path):
    (tmp_path / "order.txt").write_text(
        "UNITED STATES DISTRICT COURT\nFOR THE DISTRICT OF OREGON\nCase No. 3:21-cv-01187-HRC\nORDER\nGranted.\n",
        encoding="utf-8",
    )
    (tmp_path / "motion.txt").write_text(
        "Civil Action No. 1:25-cv-01266-TNM\nMOTION TO DISMISS\nThe defendants move to dismiss.\n", encoding="utf-8"
    )
    case = load_case(tmp_path)
    (warning,) = [w for w in case.warnings if "different docket numbers" in w]
    assert "3:21-cv-01187-HRC (order)" in warning and "1:25-cv-01266-TNM (motion)" in warning
    identity = case_identity(case)
    assert identity.court.value == "District of Oregon"
    assert identity.docket_number.value == "3:21-cv-01187-HRC"
    (tmp_path / "motion.txt").write_text("MOTION TO DISMISS\nThe defendants move to dismiss.\n", encoding="utf-8")
    assert not [w for w in load_case(tmp_path).warnings if "docket numbers" in w]


def test_a_court_named_by_one_paper_and_a_number_given_by_another_alone_is_no_identity(tmp_path):
    (tmp_path / "a.txt").write_text(
        "UNITED STATES DISTRICT COURT\nFOR THE DISTRICT OF OREGON\nORDER\n", encoding="utf-8"
    )
    (tmp_path / "b.txt").write_text(
        "IN THE UNITED STATES COURT OF APPEALS\nFOR THE NINTH CIRCUIT\nNo. 20-16276\n", encoding="utf-8"
    )
    (tmp_path / "c.txt").write_text("Case No. 1:25-cv-01266-TNM\nMOTION\n", encoding="utf-8")
    identity = case_identity(load_case(tmp_path))
    assert identity.court.value == "District of Oregon" and identity.docket_number is None


def test_a_record_paper_from_another_court_or_with_no_real_number_gets_no_entry_on_this_docket():
    """Case 43966: the Ninth Circuit's amended opinion carries the appellate docket's "95", which the
    district docket dated 2020-03-27; and one record says "None-1"."""
    from gavel_agent.case import documents_from_clearinghouse

    def row(title, court, ecf):
        return {"title": title, "text": f"{title} text", "court": court, "ecf_number": ecf, "date": "2023-07-05"}

    record = {
        "case_data": {"court": "District of Oregon"},
        "documents": [
            row("Opinion and Order", "District of Oregon", "47"),
            row("Order and Amended Opinion", "U.S. Court of Appeals for the Ninth Circuit", "95"),
            row("Amended Opinion copy", "None", "None-1"),
            row("Exhibit", "", "12-3"),
        ],
    }
    numbers = {d.title: d.ecf_number for d in documents_from_clearinghouse(record)}
    assert numbers == {
        "Opinion and Order": "47",
        "Order and Amended Opinion": None,
        "Amended Opinion copy": None,
        "Exhibit": "12-3",
    }


def test_a_pdf_of_many_pages_with_a_few_words_left_is_flagged_by_its_page_map():
    """A PDF's text keeps no page marks (its reader drops the stamps), so its pages come from the page map."""
    from gavel_agent.documents.paper import mostly_furniture

    text = "Exhibit A, the declaration of the warden\n\nExhibit B, the jail's population reports"  # ~60 letters
    assert mostly_furniture(text, pages=30)  # a 30-page scan whose text is two captions
    assert not mostly_furniture(text)  # read as one page, as before the page map counted
    assert not mostly_furniture("The plaintiffs allege overcrowding at the county jail. " * 3, pages=2)
