"""``gavel-agent import``: turn Clearinghouse records or GAVEL case data into case folders, or fetch a
case from the Clearinghouse API (``clearinghouse:<case id>``) or CourtListener (``courtlistener:<docket id>``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import typer

from gavel_agent import atomic
from gavel_agent.case import Document, documents_from_clearinghouse, slug, unique_names
from gavel_agent.checklists.record import canonical_case_name
from gavel_agent.cli.common import UserError, console, user_errors, writable_folder
from gavel_agent.evaluators.json_files import read_json
from gavel_agent.run_folder_names import folder_under
from gavel_agent.sources import SOURCES, FetchedCase, fetcher, parse_remote
from gavel_agent.sources.model import SourceError

GAVEL_FIELDS = ("case_documents_text", "case_documents_title", "case_documents_doc_type", "case_documents_date")


def documents_from_gavel(case: dict) -> list[Document]:
    texts = case.get("case_documents_text") or []
    titles = case.get("case_documents_title") or [""] * len(texts)
    types = case.get("case_documents_doc_type") or [""] * len(texts)
    dates = case.get("case_documents_date") or [None] * len(texts)
    names = unique_names([slug(t or "document") for t in titles])
    return [
        Document(name=n, text=x, title=t or n, type=k or "", date=d)
        for n, x, t, k, d in zip(names, texts, titles, types, dates)
        if (x or "").strip()
    ]


def write_folder(folder: Path, title: str, case_id: str, files: Sequence[tuple[str, str | bytes, dict]]) -> None:
    """A case folder: each (file name, content, listing) numbered in order, and case.json with the
    listings (title, type, date) under the written names."""
    documents: dict[str, dict] = {}
    for i, (name, content, listing) in enumerate(files, 1):
        filename = f"{i:02d}-{name}"
        with atomic.replacing(folder / filename) as tmp:
            tmp.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        documents[filename] = listing
    atomic.write_json(folder / "case.json", {"title": title, "case_id": case_id, "documents": documents})


def _listing(title: str, kind: str, date: str | None, ecf_number: str | None) -> dict:
    """A document's entry in case.json (its ECF number only where the source gives one)."""
    listing = {"title": title, "type": kind, "date": date}
    return listing | {"ecf_number": ecf_number} if ecf_number else listing


def write_case_folder(folder: Path, title: str, case_id: str, documents: list[Document]) -> None:
    files = [(f"{d.name}.txt", d.text, _listing(d.title, d.type, d.date, d.ecf_number)) for d in documents]
    write_folder(folder, title, case_id, files)


def write_fetched_folder(folder: Path, fetched: FetchedCase) -> None:
    """The documents as fetched (a PDF stays a PDF) and case.json with their titles, types and dates."""
    files = [
        (f"{d.stem}{d.suffix}", d.content, _listing(d.title, d.type, d.date, d.ecf_number)) for d in fetched.documents
    ]
    write_folder(folder, fetched.title, fetched.case_id, files)


def import_remote(scheme: str, ident: str, out: Path) -> None:
    from gavel_agent.backends.keys import api_key

    token = api_key(SOURCES[scheme][1])  # a missing token is a one-line error naming the variable
    with user_errors(SourceError):
        fetched = fetcher(scheme)(ident, token)
    for note in fetched.notes:
        console.print(f"[yellow]{note}[/yellow]", highlight=False)
    if not fetched.documents:
        raise UserError(f"{scheme}:{ident}: no document could be fetched (none has a file or text)")
    with user_errors(ValueError):
        folder = folder_under(out, slug(fetched.folder))
    write_fetched_folder(folder, fetched)
    console.print(f"{folder}: {len(fetched.documents)} documents ({fetched.title})", highlight=False)


def cases_in(data) -> list[tuple[str, str, list[Document]]]:
    """(case id, title, documents) for every case a source file holds."""
    if isinstance(data, dict) and "case_data" in data and "documents" in data:
        cd = data["case_data"] or {}
        case_id = str(data.get("case_id") or cd.get("id"))
        return [(case_id, cd.get("name") or case_id, documents_from_clearinghouse(data))]
    if isinstance(data, dict) and "case_documents_text" in data:
        case_id = str(data.get("case_id") or data.get("id") or "case")
        return [(case_id, data.get("case_name") or data.get("title") or case_id, documents_from_gavel(data))]
    if (
        isinstance(data, dict)
        and data
        and all(isinstance(v, dict) and "case_documents_text" in v for v in data.values())
    ):
        return [(str(k), v.get("case_name") or str(k), documents_from_gavel(v)) for k, v in data.items()]
    if isinstance(data, list) and data and all(isinstance(v, dict) and "case_documents_text" in v for v in data):
        return [
            (str(v.get("case_id") or i), v.get("case_name") or str(v.get("case_id") or i), documents_from_gavel(v))
            for i, v in enumerate(data)
        ]
    raise UserError(
        "not a Clearinghouse case record (case_data + documents) or GAVEL case data (" + ", ".join(GAVEL_FIELDS) + ")"
    )


def register(app: typer.Typer) -> None:
    @app.command("import")
    def import_case(
        source: str = typer.Argument(
            ...,
            help="A Clearinghouse case_<id>.json record, a GAVEL full_case_data JSON file, "
            "clearinghouse:<case id> (needs CLEARINGHOUSE_API_TOKEN) or "
            "courtlistener:<docket id> (needs COURTLISTENER_API_TOKEN).",
        ),
        out: Path = typer.Option(Path("cases"), help="Folder to create the case folders in."),
    ) -> None:
        """Make case folders (documents plus case.json) from case records, or fetch a case from the
        Clearinghouse or CourtListener API (PDFs kept as fetched)."""
        remote = parse_remote(source)
        if remote:
            writable_folder(out)
            import_remote(*remote, out)
            return
        record = Path(source)
        if not record.is_file():
            raise UserError(f"{record}: no such file")
        with user_errors(ValueError):
            data = read_json(record)
        try:
            found = cases_in(data)
        except UserError as e:
            raise UserError(f"{record}: {e}") from None
        writable_folder(out)
        for case_id, title, documents in found:
            if not documents:
                console.print(f"[yellow]skipped {case_id}: no document texts[/yellow]")
                continue
            with user_errors(ValueError):  # the name run and batch give the case too
                folder = folder_under(out, slug(canonical_case_name(case_id)))
            write_case_folder(folder, title, case_id, documents)
            console.print(f"{folder}: {len(documents)} documents")
