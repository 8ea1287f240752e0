"""``gavel-agent import clearinghouse:<id>`` and ``courtlistener:<docket id>``, on the wire with respx.

The fake services answer as the real APIs are documented to: Clearinghouse v2.1 ``/cases/`` and
``/documents/`` (paged, ``Authorization: Token``), CourtListener v4 ``/dockets/ID/`` and
``/docket-entries/?docket=ID`` (cursor pages, ``recap_documents``). No test touches the network.
"""

from __future__ import annotations

import json

import httpx
import pytest
import respx

from cli_runner import run_cli
from gavel_agent.case import load_case
from gavel_agent.sources import clearinghouse, courtlistener
from pdf_samples import one_page_pdf

CH = clearinghouse.API_BASE
CL = courtlistener.API_BASE
S3 = "https://clearinghouse-umich-production.s3.amazonaws.com/media/doc"


@pytest.fixture
def no_waiting(monkeypatch):
    waits = []
    monkeypatch.setattr("gavel_agent.sources.http.time.sleep", waits.append)
    return waits


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GAVEL_AGENT_CACHE", str(tmp_path / "cache"))


def test_clearinghouse_case_is_fetched_with_pages_retries_and_pdfs(monkeypatch, capsys, tmp_path, no_waiting, cache):
    monkeypatch.setenv("CLEARINGHOUSE_API_TOKEN", "ch-token-1234567890")
    complaint = one_page_pdf("The plaintiffs allege overcrowding at the county jail.")
    with respx.mock(assert_all_called=True) as mock:
        mock.get(f"{CH}/cases/", params={"case_id": "46210"}).respond(
            json={"count": 1, "next": None, "results": [{"id": 46210, "name": "Doe v. County"}]}
        )
        # respx matches query parameters by inclusion: the second page's route goes first.
        mock.get(f"{CH}/documents/", params={"case_id": "46210", "page": "2"}).respond(
            json={
                "count": 3,
                "next": None,
                "results": [
                    {
                        "id": 2,
                        "title": "Docket",
                        "document_type": "Docket",
                        "date": "2016-02-01",
                        "file": "",
                        "has_text": True,
                        "text_url": f"{CH}/documents/2/text/",
                    },
                    {"id": 3, "title": "Exhibit", "document_type": "Other", "date": None, "file": ""},
                ],
            }
        )
        documents = mock.get(f"{CH}/documents/", params={"case_id": "46210"})
        documents.side_effect = [
            httpx.Response(429, headers={"Retry-After": "3"}, json={"detail": "Request was throttled."}),
            httpx.Response(
                200,
                json={
                    "count": 3,
                    "next": f"{CH}/documents/?case_id=46210&page=2",
                    "results": [
                        {
                            "id": 1,
                            "title": "Complaint",
                            "document_type": "Complaint",
                            "date": "2015-01-05",
                            "file": f"{S3}/1.pdf",
                        }
                    ],
                },
            ),
        ]
        mock.get(f"{CH}/documents/2/text/").respond(json={"id": 2, "text": "Docket text: case opened."})
        pdf = mock.get(f"{S3}/1.pdf").respond(content=complaint, headers={"Content-Type": "application/pdf"})
        result = run_cli(monkeypatch, capsys, "import", "clearinghouse:46210", "--out", tmp_path / "cases")
    assert result.code == 0, result.err
    assert no_waiting == [3.0]  # the 429's Retry-After was honoured
    assert all(
        call.request.headers["Authorization"] == "Token ch-token-1234567890"
        for call in mock.calls
        if call.request.url.host == "clearinghouse.net"
    )
    assert "authorization" not in pdf.calls.last.request.headers  # the token never goes to the storage host
    assert "document 3 (Exhibit) has neither a file nor text" in result.err
    folder = tmp_path / "cases" / "46210"
    meta = json.loads((folder / "case.json").read_text())
    assert meta["title"] == "Doe v. County" and meta["case_id"] == "46210"
    assert meta["documents"] == {
        "01-complaint.pdf": {"title": "Complaint", "type": "Complaint", "date": "2015-01-05"},
        "02-docket.txt": {"title": "Docket", "type": "Docket", "date": "2016-02-01"},
    }
    assert (folder / "01-complaint.pdf").read_bytes() == complaint
    case = load_case(folder)
    complaint_doc = case.document("complaint")
    assert "overcrowding at the county jail" in complaint_doc.text and complaint_doc.page_starts == [0]
    assert case.document("docket").type == "Docket"


def test_courtlistener_docket_is_fetched_from_recap(monkeypatch, capsys, tmp_path, no_waiting, cache):
    monkeypatch.setenv("COURTLISTENER_API_TOKEN", "cl-token-abcdef123456")
    order = one_page_pdf("ORDER granting the motion to dismiss.")
    with respx.mock(assert_all_called=True) as mock:
        mock.get(f"{CL}/dockets/4214664/").respond(
            json={
                "id": 4214664,
                "case_name": "Shimmick Construction v. RLI Insurance",
                "docket_number": "4:08-cv-02214",
                "court_id": "cand",
            }
        )
        mock.get(f"{CL}/docket-entries/", params={"cursor": "cD0y", "docket": "4214664"}).respond(
            json={
                "next": None,
                "results": [
                    {
                        "entry_number": 27,
                        "date_filed": "2009-02-03",
                        "description": "ORDER",
                        "recap_documents": [
                            {
                                "id": 13,
                                "description": "Order",
                                "attachment_number": None,
                                "is_available": True,
                                "filepath_local": "recap/gov.uscourts.cand.203070/gov.uscourts.cand.203070.27.0.pdf",
                            }
                        ],
                    }
                ],
            }
        )
        mock.get(f"{CL}/docket-entries/", params={"docket": "4214664"}).respond(
            json={
                "next": f"{CL}/docket-entries/?cursor=cD0y&docket=4214664",
                "previous": None,
                "results": [
                    {
                        "entry_number": 1,
                        "date_filed": "2008-04-29",
                        "description": "COMPLAINT",
                        "recap_documents": [
                            {
                                "id": 11,
                                "description": "Complaint",
                                "attachment_number": None,
                                "is_available": False,
                                "filepath_local": None,
                                "plain_text": "COMPLAINT for breach of contract.",
                            },
                            {
                                "id": 12,
                                "description": "Civil cover sheet",
                                "attachment_number": 1,
                                "is_available": False,
                                "filepath_local": None,
                                "plain_text": "",
                            },
                        ],
                    }
                ],
            }
        )
        storage = mock.get(f"{courtlistener.STORAGE}/recap/gov.uscourts.cand.203070/gov.uscourts.cand.203070.27.0.pdf")
        storage.side_effect = [httpx.Response(503), httpx.Response(200, content=order)]
        result = run_cli(monkeypatch, capsys, "import", "courtlistener:4214664", "--out", tmp_path)
    assert result.code == 0, result.err
    assert no_waiting == [1.0]  # a 503 backs off and is retried
    assert all(
        c.request.headers.get("Authorization") == "Token cl-token-abcdef123456"
        for c in mock.calls
        if c.request.url.host == "www.courtlistener.com"
    )
    assert "authorization" not in storage.calls.last.request.headers
    assert "entry 1 document 12 is not in the RECAP archive" in result.err
    folder = tmp_path / "courtlistener-4214664"
    meta = json.loads((folder / "case.json").read_text())
    assert meta["title"] == "Shimmick Construction v. RLI Insurance, No. 4:08-cv-02214 (cand)"
    assert list(meta["documents"]) == ["01-docket.txt", "02-1-complaint.txt", "03-27-order.pdf"]
    assert meta["documents"]["03-27-order.pdf"] == {
        "title": "27 Order",
        "type": "docket entry",
        "date": "2009-02-03",
        "ecf_number": "27",
    }
    # The entries themselves, across both cursor pages, are the docket document; it is listed first.
    assert meta["documents"]["01-docket.txt"] == {"title": "Docket (2 entries)", "type": "docket", "date": "2008-04-29"}
    assert (folder / "01-docket.txt").read_text().splitlines() == [
        "1 | 2008-04-29 | COMPLAINT [Attachments: 1 Civil cover sheet]",
        "27 | 2009-02-03 | ORDER",
    ]
    case = load_case(folder)
    assert [d.name for d in case.documents] == ["01-docket", "02-1-complaint", "03-27-order"]
    assert "ORDER granting the motion to dismiss." in case.document("03-27-order").text
    assert case.document("03-27-order").ecf_number == "27"


@pytest.mark.parametrize(
    "source, variable", [("clearinghouse:1", "CLEARINGHOUSE_API_TOKEN"), ("courtlistener:1", "COURTLISTENER_API_TOKEN")]
)
def test_a_missing_token_is_one_line_naming_the_variable(monkeypatch, capsys, tmp_path, source, variable):
    with respx.mock(assert_all_mocked=True, assert_all_called=False):  # nothing may be requested
        result = run_cli(monkeypatch, capsys, "import", source, "--out", tmp_path)
    assert result.code == 2
    assert result.err.count("\n") == 1 and variable in result.err


def test_a_refused_token_is_one_line_without_the_token(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("COURTLISTENER_API_TOKEN", "cl-secret-token-987654321")
    with respx.mock() as mock:
        mock.get(f"{CL}/dockets/5/").respond(401, json={"detail": "Invalid token cl-secret-token-987654321."})
        result = run_cli(monkeypatch, capsys, "import", "courtlistener:5", "--out", tmp_path)
    assert result.code == 2 and result.err.count("\n") == 1
    assert "refused the token (HTTP 401" in result.err and "cl-secret-token" not in result.err
    assert not list(tmp_path.iterdir())  # nothing written


def test_throttling_that_never_ends_gives_up(monkeypatch, capsys, tmp_path, no_waiting):
    monkeypatch.setenv("CLEARINGHOUSE_API_TOKEN", "ch-token-1234567890")
    with respx.mock() as mock:
        mock.get(f"{CH}/cases/").respond(429, headers={"Retry-After": "500"})
        result = run_cli(monkeypatch, capsys, "import", "clearinghouse:7", "--out", tmp_path)
    assert result.code == 2 and "still HTTP 429 after 5 tries" in result.err
    assert no_waiting == [120.0] * 4  # Retry-After is honoured up to the cap


def test_an_unknown_case_and_a_bad_id_are_one_line(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("CLEARINGHOUSE_API_TOKEN", "ch-token-1234567890")
    with respx.mock() as mock:
        mock.get(f"{CH}/cases/").respond(json={"count": 0, "next": None, "results": []})
        missing = run_cli(monkeypatch, capsys, "import", "clearinghouse:999999", "--out", tmp_path)
        bad = run_cli(monkeypatch, capsys, "import", "clearinghouse:abc", "--out", tmp_path)
    assert missing.code == 2 and "no case 999999" in missing.err
    assert bad.code == 2 and "a case id is a number" in bad.err


def test_a_fetched_paper_keeps_an_entry_number_only_as_a_records_loader_would():
    """An appeal's paper carries the appellate docket's number, which the district docket would date wrongly."""
    row = {"title": "Order and Amended Opinion", "text": "Opinion text", "date": "2023-07-05"}
    appellate = {**row, "ecf_number": "95", "court": "U.S. Court of Appeals for the Ninth Circuit"}
    district = {**row, "ecf_number": "47", "court": "District of Oregon"}
    broken = {**row, "ecf_number": "None-1", "court": "District of Oregon"}
    numbers = [
        clearinghouse._document(None, "d", r, "District of Oregon").ecf_number for r in (appellate, district, broken)
    ]
    assert numbers == [None, "47", None]
