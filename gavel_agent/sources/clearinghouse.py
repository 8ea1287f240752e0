"""The Civil Rights Litigation Clearinghouse API v2.1 (clearinghouse.net/api/v2p1).

``GET /cases/?case_id=ID`` gives the case (``name``); ``GET /documents/?case_id=ID`` lists its
documents, paged. A document's ``file`` is its PDF (on the Clearinghouse's storage host); a
document without one is kept as text when the API has it (inline ``text``, or ``text_url`` when
``has_text``). A case whose ``main_docket`` lists ``docket_entries`` (as the Clearinghouse's case
records do) gets them as its docket document. Header: ``Authorization: Token <CLEARINGHOUSE_API_TOKEN>``.
"""

from __future__ import annotations

from gavel_agent.case import case_entry_number, slug, unique_names
from gavel_agent.checklists.record import canonical_case_name
from gavel_agent.sources.http import ServiceClient
from gavel_agent.sources.model import (
    FetchedCase,
    FetchedDocument,
    SourceError,
    docket_file,
    require_number,
)

API_BASE = "https://clearinghouse.net/api/v2p1"
SERVICE = "clearinghouse"


def fetch_case(case_id: str, token: str) -> FetchedCase:
    require_number(SERVICE, "case id", case_id)
    with ServiceClient(SERVICE, API_BASE, token) as http:
        cases = list(http.pages(f"{API_BASE}/cases/", {"case_id": case_id}))
        if not cases:
            raise SourceError(f"{SERVICE}: no case {case_id}")
        case = cases[0]
        rows = list(http.pages(f"{API_BASE}/documents/", {"case_id": case_id}))
        fetched = FetchedCase(case_id=case_id, title=case.get("name") or case_id, folder=canonical_case_name(case_id))
        names = unique_names([slug(r.get("title") or r.get("document_type") or "document") for r in rows])
        docket = docket_file(((case.get("main_docket") or {}).get("docket_entries")) or [])
        if docket:  # the case's own docket entries, where the API gives them with the case
            fetched.documents.append(docket)
        for name, row in zip(names, rows):
            fetched.add(
                _document(http, name, row, str(case.get("court") or "")),
                f"{SERVICE}: document {row.get('id')} "
                f"({row.get('title') or 'untitled'}) has neither a file nor text; not fetched",
            )
    return fetched


def _document(http: ServiceClient, name: str, row: dict, court: str) -> FetchedDocument | None:
    """One listed paper; its entry number on this case's docket only as a record's loader takes it."""
    title, kind, date = row.get("title") or name, row.get("document_type") or "", row.get("date")
    ecf = case_entry_number(row, court)
    if row.get("file"):
        return FetchedDocument(name, _suffix(row["file"]), http.get(row["file"]).content, title, kind, date, ecf)
    text = row.get("text") or ""
    if not text.strip() and row.get("has_text") and row.get("text_url"):
        text = (http.json(row["text_url"]) or {}).get("text") or ""
    return FetchedDocument(name, ".txt", text.encode("utf-8"), title, kind, date, ecf) if text.strip() else None


def _suffix(url: str) -> str:
    """The file's suffix from its URL (the Clearinghouse stores PDFs; anything unnamed is taken as one)."""
    tail = url.split("?", 1)[0].rsplit("/", 1)[-1]
    return "." + tail.rsplit(".", 1)[-1].lower() if "." in tail else ".pdf"
