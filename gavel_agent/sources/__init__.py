"""Cases fetched from public court-record services into case folders.

``clearinghouse:<case id>`` (Civil Rights Litigation Clearinghouse API v2.1) and
``courtlistener:<docket id>`` (CourtListener REST API v4, docket entries and RECAP documents).
Each source gives a ``FetchedCase``: titles, types and dates for ``case.json`` and the documents as
fetched (PDFs as PDFs, read later by gavel_agent.documents; text where the service has no file).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gavel_agent.sources.model import FetchedCase, FetchedDocument

__all__ = ["SOURCES", "FetchedCase", "FetchedDocument", "parse_remote"]

# scheme -> (module, token variable)
SOURCES = {
    "clearinghouse": ("gavel_agent.sources.clearinghouse", "CLEARINGHOUSE_API_TOKEN"),
    "courtlistener": ("gavel_agent.sources.courtlistener", "COURTLISTENER_API_TOKEN"),
}
_REMOTE = re.compile(r"(?P<scheme>[a-z]+):(?P<id>\S+)")


def parse_remote(text: str) -> tuple[str, str] | None:
    """(scheme, id) for "clearinghouse:46210" or "courtlistener:4214664"; None for anything else (a path)."""
    match = _REMOTE.fullmatch(text.strip())
    if not match or match["scheme"] not in SOURCES:
        return None
    return match["scheme"], match["id"]


def fetcher(scheme: str) -> Callable[..., FetchedCase]:
    import importlib

    return importlib.import_module(SOURCES[scheme][0]).fetch_case
