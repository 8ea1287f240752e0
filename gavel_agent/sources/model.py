"""A case as fetched from a remote service, before it is written as a case folder."""

from __future__ import annotations

from dataclasses import dataclass, field

from gavel_agent.documents import docket as dockets


class SourceError(ValueError):
    """The service refused or failed; one line for the user."""


@dataclass
class FetchedDocument:
    stem: str  # file name without suffix (a slug of the title)
    suffix: str  # ".pdf", ".txt", ...
    content: bytes
    title: str = ""
    type: str = ""
    date: str | None = None
    ecf_number: str | None = None  # its docket entry ("27", "1-1" for an attachment), where the service says


@dataclass
class FetchedCase:
    case_id: str
    title: str
    folder: str  # the case folder's name
    documents: list[FetchedDocument] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # one line each: documents listed but not fetched

    def add(self, document: FetchedDocument | None, why_missing: str) -> None:
        """Keep a fetched document, or note why a listed one was not fetched."""
        if document is None:
            self.notes.append(why_missing)
        else:
            self.documents.append(document)


def require_number(service: str, what: str, ident: str) -> None:
    if not ident.isdigit():
        raise SourceError(f"{service}: a {what} is a number ({service}:12345), not {ident!r}")


def docket_file(entries: list[dict]) -> FetchedDocument | None:
    """The docket as a text file (one line per entry; see gavel_agent.documents.docket), None without entries."""
    found = dockets.entries_from_records(entries)
    if not found:
        return None
    text, title, opened = dockets.docket_parts(found)
    return FetchedDocument("docket", ".txt", text.encode("utf-8"), title, dockets.DOCKET_TYPE, opened)
