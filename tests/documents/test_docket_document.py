"""The docket as a document: a record's entries become one line each, in entry order, read, searched
and quoted like any paper; docket files in case folders are recognised."""

import json

import pytest

from gavel_agent.case import load_case
from gavel_agent.checklists import load_spec
from gavel_agent.documents import docket as dockets
from gavel_agent.tools import calls
from gavel_agent.tools.workspace import Workspace

ENTRIES = [
    {
        "entry_number": "12",
        "date_filed": "2023-05-02T00:00:00-04:00",
        "description": "ORDER granting  9   Motion to Dismiss.\nSigned by Judge Carl J Barbier on 5/2/2023.",
        "attachments": [],
    },
    {
        "entry_number": "1",
        "date_filed": "2023-01-17T00:00:00-05:00",
        "description": "COMPLAINT against City of Gretna filed by Jane Doe.",
        "attachments": [
            {"attachment_number": 1, "description": "Civil Cover Sheet"},
            {"attachment_number": 2, "description": "Exhibit A"},
        ],
    },
    {"entry_number": "", "date_filed": "2023-02-01T00:00:00-05:00", "description": "Minute Entry: status conference."},
    {"entry_number": "9", "date_filed": "2023-03-01T00:00:00-05:00", "description": "MOTION to Dismiss by City."},
]


def record(entries=ENTRIES) -> dict:
    return {
        "case_id": 4242,
        "case_data": {"name": "Doe v. Gretna", "main_docket": {"docket_entries": entries}},
        "documents": [
            {
                "title": "Complaint",
                "document_type": "Complaint",
                "date": "2023-01-17",
                "ecf_number": "1",
                "text": "UNITED STATES DISTRICT COURT\nCOMPLAINT\nJane Doe sues the City of Gretna.",
            },
            {
                "title": "Order",
                "document_type": "Order/Opinion",
                "date": "2023-05-02",
                "ecf_number": "12",
                "text": "ORDER\nThe motion to dismiss is granted.",
            },
        ],
    }


@pytest.fixture
def case(tmp_path):
    path = tmp_path / "case_4242.json"
    path.write_text(json.dumps(record()), encoding="utf-8")
    return load_case(path)


def call(ws, name, **args):
    spec = next(t for t in calls.tool_specs() if t.name == name)
    return calls.invoke(ws, spec, json.dumps(args))


def test_a_records_docket_is_a_document_one_line_per_entry_in_entry_order(case):
    docket = case.document("docket")
    assert docket.type == "docket" and docket.title == "Docket (4 entries)"
    assert docket.text.splitlines() == [
        "1 | 2023-01-17 | COMPLAINT against City of Gretna filed by Jane Doe. "
        "[Attachments: 1 Civil Cover Sheet; 2 Exhibit A]",
        "- | 2023-02-01 | Minute Entry: status conference.",
        "9 | 2023-03-01 | MOTION to Dismiss by City.",
        "12 | 2023-05-02 | ORDER granting 9 Motion to Dismiss. Signed by Judge Carl J Barbier on 5/2/2023.",
    ]
    # Dated by its first entry, listed first: a reader opens the case file at its index.
    assert docket.date == "2023-01-17"
    assert [d.name for d in case.documents] == ["docket", "complaint", "order"]


def test_a_quote_of_one_entry_aligns_with_its_offsets(case):
    spec = load_spec("gavel")
    ws = Workspace.open(case, spec, spec.keys)
    hits = call(ws, "search", query="Signed by Judge", mode="regex").data
    assert hits and hits[0].document == "docket"
    quote = "12 | 2023-05-02 | ORDER granting 9 Motion to Dismiss. Signed by Judge Carl J Barbier"
    result = call(
        ws,
        "append_checklist",
        item="judge_name",
        values=[{"value": "Carl J Barbier", "evidence": [{"document": "docket", "quote": quote}]}],
    )
    assert result.ok, result.text
    (stored,) = ws.checklist.items["judge_name"]
    evidence = stored.evidence[0]
    text = case.document("docket").text
    assert text[evidence.start_char : evidence.end_char] == quote
    assert text.index("12 | 2023-05-02") == evidence.start_char


def test_a_long_docket_is_read_by_token_range(tmp_path):
    many = [
        {"entry_number": str(n), "date_filed": "2020-01-02", "description": f"NOTICE number {n} of the parties."}
        for n in range(1, 3001)
    ]
    path = tmp_path / "case_7.json"
    path.write_text(json.dumps(record(many)), encoding="utf-8")
    case = load_case(path)
    spec = load_spec("gavel")
    ws = Workspace.open(case, spec, spec.keys)
    docket = case.document("docket")
    assert docket.token_count > calls.MAX_READ_TOKENS
    read = call(ws, "read_document", document="docket", start_token=docket.token_count - 50)
    assert read.ok and "3000 | 2020-01-02 | NOTICE number 3000" in read.text


def test_a_record_whose_paper_is_named_docket_keeps_that_name(tmp_path):
    data = record()
    data["documents"].append(
        {"title": "Docket", "document_type": "Docket", "date": "2024-01-01", "text": "Docket text"}
    )
    path = tmp_path / "case_8.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    case = load_case(path)
    assert case.document("docket").text == "Docket text"
    assert case.document("docket-entries").type == "docket"
    # Both dockets come first, the earlier-opened one first.
    assert [d.name for d in case.documents][:2] == ["docket-entries", "docket"]


def test_the_filed_days_read_back_from_the_docket_text():
    text = dockets.docket_text(dockets.entries_from_records(ENTRIES))
    assert dockets.filed_days(text) == {"1": "2023-01-17", "9": "2023-03-01", "12": "2023-05-02"}


def test_docket_files_in_a_case_folder_are_recognised(tmp_path):
    (tmp_path / "02-docket.txt").write_text("Entries of the case, as saved.\n", encoding="utf-8")
    (tmp_path / "docket-entry-12-order.txt").write_text("ORDER\nGranted.\n", encoding="utf-8")
    (tmp_path / "pacer.txt").write_text(
        "U.S. District Court\nCIVIL DOCKET FOR CASE #: 3:18-cv-04529-LB\nDate Filed: 07/26/2018\n", encoding="utf-8"
    )
    (tmp_path / "ours.txt").write_text(
        dockets.docket_text(dockets.entries_from_records(ENTRIES)) + "\n", encoding="utf-8"
    )
    (tmp_path / "letter.txt").write_text(
        "Dear counsel,\nThe docket sheet is enclosed with the caption page.\n", encoding="utf-8"
    )
    case = load_case(tmp_path)
    types = {d.name: d.type for d in case.documents}
    assert types == {
        "02-docket": "docket",
        "pacer": "docket",
        "ours": "docket",
        "letter": "",
        "docket-entry-12-order": "",
    }
    assert case.document("ours").date == "2023-01-17"  # its first entry's day
    assert case.documents[-1].name == "letter"


def test_the_docket_of_a_real_record(shared):
    case = load_case(shared / "crlc" / "cases" / "case_12429.json")
    docket = case.document("docket")
    lines = docket.text.splitlines()
    numbers = [int(line.split(" | ")[0]) for line in lines if line.split(" | ")[0].isdigit()]
    assert numbers == sorted(numbers) and numbers[:3] == [1, 2, 3]
    assert lines[1].startswith("2 | 2008-02-13 | COMPLAINT against all defendants")
    assert case.documents[0].type.lower() == "docket"


def test_import_of_a_record_writes_its_docket_and_ecf_numbers(monkeypatch, capsys, tmp_path):
    from cli_runner import run_cli

    src = tmp_path / "case_4242.json"
    src.write_text(json.dumps(record()), encoding="utf-8")
    result = run_cli(monkeypatch, capsys, "import", src, "--out", tmp_path / "cases")
    assert result.code == 0, result.err
    folder = tmp_path / "cases" / "4242"
    meta = json.loads((folder / "case.json").read_text())["documents"]
    assert meta["03-docket.txt"] == {"title": "Docket (4 entries)", "type": "docket", "date": "2023-01-17"}
    assert meta["02-order.txt"]["ecf_number"] == "12"
    case = load_case(folder)
    assert case.documents[0].name == "03-docket" and case.document("03-docket").text.startswith("1 | 2023-01-17 |")
    assert case.document("02-order").ecf_number == "12"
    # A hand-written case.json may give the number as a number.
    listing = json.loads((folder / "case.json").read_text())
    listing["documents"]["02-order.txt"]["ecf_number"] = 12
    (folder / "case.json").write_text(json.dumps(listing))
    assert load_case(folder).document("02-order").ecf_number == "12"
