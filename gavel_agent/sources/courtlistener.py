"""CourtListener REST API v4 (courtlistener.com/api/rest/v4): a docket's entries and RECAP documents.

``GET /dockets/ID/`` gives the case (``case_name``, ``docket_number``, ``court_id``);
``GET /docket-entries/?docket=ID`` lists the entries, cursor-paged, each with its
``recap_documents`` (main document and attachments); the entries themselves become the case's docket
document (``docket.txt``, one line per entry). A document in the RECAP archive
(``is_available``) is fetched as its PDF from ``filepath_local`` on CourtListener's storage host;
one that is not but has ``plain_text`` is kept as text. Header: ``Authorization: Token <COURTLISTENER_API_TOKEN>``.
"""

from __future__ import annotations

from gavel_agent.case import slug, unique_names
from gavel_agent.sources.http import ServiceClient
from gavel_agent.sources.model import FetchedCase, FetchedDocument, docket_file, require_number

API_BASE = "https://www.courtlistener.com/api/rest/v4"
STORAGE = "https://storage.courtlistener.com"
SERVICE = "courtlistener"


def fetch_case(docket_id: str, token: str) -> FetchedCase:
    require_number(SERVICE, "docket id", docket_id)
    with ServiceClient(SERVICE, API_BASE, token) as http:
        docket = http.json(f"{API_BASE}/dockets/{docket_id}/")
        title = docket.get("case_name") or docket.get("case_name_full") or f"docket {docket_id}"
        if docket.get("docket_number"):
            title += f", No. {docket['docket_number']}" + (f" ({docket['court_id']})" if docket.get("court_id") else "")
        fetched = FetchedCase(case_id=f"courtlistener-{docket_id}", title=title, folder=f"courtlistener-{docket_id}")
        entries = list(http.pages(f"{API_BASE}/docket-entries/", {"docket": docket_id}))
        fetched.add(docket_file(entries), f"{SERVICE}: docket {docket_id} lists no entries")
        listed = [(entry, rd) for entry in entries for rd in entry.get("recap_documents") or []]
        names = unique_names([slug(_title(e, rd)) for e, rd in listed])
        for name, (entry, rd) in zip(names, listed):
            fetched.add(
                _document(http, name, entry, rd),
                f"{SERVICE}: entry {entry.get('entry_number')} "
                f"document {rd.get('id')} is not in the RECAP archive; not fetched",
            )
    return fetched


def _ecf_number(entry: dict, rd: dict) -> str | None:
    number = entry.get("entry_number")
    if number is None:
        return None
    return f"{number}-{rd['attachment_number']}" if rd.get("attachment_number") else str(number)


def _title(entry: dict, rd: dict) -> str:
    number = entry.get("entry_number")
    text = rd.get("description") or entry.get("description") or "document"
    if rd.get("attachment_number"):
        return f"{number}-{rd['attachment_number']} {text}"
    return f"{number} {text}" if number is not None else text


def _document(http: ServiceClient, name: str, entry: dict, rd: dict) -> FetchedDocument | None:
    title, kind, date = (
        _title(entry, rd),
        "attachment" if rd.get("attachment_number") else "docket entry",
        entry.get("date_filed"),
    )
    if rd.get("is_available") and rd.get("filepath_local"):
        path = rd["filepath_local"]
        url = path if path.startswith("http") else f"{STORAGE}/{path.lstrip('/')}"
        return FetchedDocument(name, ".pdf", http.get(url).content, title, kind, date, _ecf_number(entry, rd))
    text = rd.get("plain_text") or ""
    if not text.strip():
        return None
    return FetchedDocument(name, ".txt", text.encode("utf-8"), title, kind, date, _ecf_number(entry, rd))
