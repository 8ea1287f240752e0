"""Cases and their documents.

A case is a folder of documents (.txt, .md, .pdf, .docx, .doc, .wpd; formats may be mixed) with an
optional ``case.json`` (case title and per-document title, type and date), or a Clearinghouse
record file (``case_<id>.json``). Documents are ordered by date where dates are known and are
addressable by token ranges and by character offsets; documents read from paged files (PDF) know
the page of every character. A file that cannot be read is a one-line warning on the case, not the
end of it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from rapidfuzz import fuzz, process

from gavel_agent import tokens as tok
from gavel_agent.case_identity import mixed_dockets_warning
from gavel_agent.checklists.record import canonical_case_name
from gavel_agent.documents import SUFFIXES as DOCUMENT_SUFFIXES
from gavel_agent.documents import DocumentReadError, limits, read_document
from gavel_agent.documents import docket as dockets
from gavel_agent.documents.text import decode
from gavel_agent.text import pages as text_pages
from gavel_agent.text import regexes
from gavel_agent.text.values import full_date

ENTRY_NUMBER = re.compile(regexes.ENTRY_NUMBER)


class CaseError(ValueError):
    """A case that cannot be loaded; the message is one line, meant for the user."""


class DocumentMeta(BaseModel):
    model_config = ConfigDict(coerce_numbers_to_str=True)  # a hand-written "ecf_number": 30 means "30"

    title: str | None = None
    type: str | None = None
    date: str | None = None
    ecf_number: str | None = None  # the paper's docket entry ("30", "908-1")


class CaseMeta(BaseModel):
    """The optional ``case.json`` of a case folder."""

    title: str | None = None
    case_id: str | None = None
    documents: dict[str, DocumentMeta] = Field(default_factory=dict)


@dataclass
class Document:
    name: str
    text: str
    title: str = ""
    type: str = ""
    date: str | None = None
    ecf_number: str | None = None  # its docket entry, where the source says ("30", "908-1")
    page_starts: list[int] = field(default_factory=list)  # where each page starts in text; empty: no pages
    redacted_pages: list[int] = field(default_factory=list)  # pages with text under black boxes (left out)
    stamp: str = ""  # the first page's filing stamp a reader left out of the text (PDFs)

    def page_at(self, char: int) -> int | None:
        """The 1-based page holding ``char``: from the page map (PDFs), else from the page marks in the
        text (form feeds, ECF headers); None when the document has neither."""
        if self.page_starts:
            return text_pages.page_in_map(self.page_starts, char)
        return text_pages.page_at(self.text, char)

    def pages(self) -> list[tuple[int, int]]:
        """(character offset, page number) where each page starts; empty for a document without pages."""
        if self.page_starts:
            return [(start, number) for number, start in enumerate(self.page_starts, 1)]
        return text_pages.page_starts(self.text)

    @cached_property
    def is_docket(self) -> bool:
        """Typed a docket (a record's "Docket", the one built from its entries) or written as a docket sheet;
        asked at every step's reading guidance, so judged once."""
        return self.type.lower() == dockets.DOCKET_TYPE or dockets.is_docket_sheet(self.name, self.text)

    @cached_property
    def _tokenized(self) -> tuple[list[int], np.ndarray]:
        return tok.token_char_offsets(self.text)

    @property
    def token_count(self) -> int:
        return len(self._tokenized[0])

    @property
    def token_offsets(self) -> np.ndarray:
        """Character offset of each token start, plus ``len(text)`` at the end."""
        return self._tokenized[1]

    def char_span(self, start_token: int, end_token: int) -> tuple[int, int]:
        offsets = self.token_offsets
        return int(offsets[start_token]), int(offsets[end_token])

    def token_at(self, char: int) -> int:
        return int(np.searchsorted(self.token_offsets, char, side="right") - 1)


@dataclass
class Case:
    name: str
    documents: list[Document]
    title: str = ""
    source: str = ""
    warnings: list[str] = field(default_factory=list)  # one line each: files skipped, scans unread, redactions
    _by_name: dict[str, Document] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.documents = sort_by_date(self.documents)
        self._by_name = {d.name: d for d in self.documents}

    @property
    def token_count(self) -> int:
        return sum(d.token_count for d in self.documents)

    @property
    def redacted_documents(self) -> list[str]:
        return [d.name for d in self.documents if d.redacted_pages]

    def document(self, name: str) -> Document:
        """Find a document by name, forgivingly (case, punctuation, title, close spelling)."""
        if name in self._by_name:
            return self._by_name[name]
        wanted = _fold(name)
        for doc in self.documents:
            if wanted and wanted in (_fold(doc.name), _fold(doc.title)):
                return doc
        choices = {d.name: _fold(d.name) for d in self.documents}
        choices.update({f"title:{d.name}": _fold(d.title) for d in self.documents if d.title})
        best = process.extractOne(wanted, choices, scorer=fuzz.ratio, score_cutoff=85) if wanted else None
        if best:
            return self._by_name[best[2].removeprefix("title:")]
        raise KeyError(f"no document named {name!r}; documents are: {', '.join(d.name for d in self.documents)}")


def case_source(case: Case) -> str:
    """The absolute path a case was loaded from ("" for a case built in memory), recorded in a run's
    stats so that its documents can be opened again (``gavel-agent review``)."""
    return str(Path(case.source).resolve()) if case.source else ""


def _fold(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", (text or "").lower())


def slug(text: str, limit: int = 50) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", (text or "").lower()).strip("-")
    if len(s) > limit:  # cut at a word boundary so names stay readable
        s = s[:limit].rsplit("-", 1)[0]
    return s or "document"


def sort_by_date(documents: list[Document]) -> list[Document]:
    """The docket first (a case file's index: a reader looks there for what was filed when), then dated
    documents in date order; undated ones keep their place after them, in input order."""
    docket = [d for d in documents if d.type.lower() == dockets.DOCKET_TYPE]
    return _by_day(docket) + _by_day([d for d in documents if d.type.lower() != dockets.DOCKET_TYPE])


def _by_day(documents: list[Document]) -> list[Document]:
    days = [(full_date(d.date or ""), d) for d in documents]
    dated = sorted(((day, d) for day, d in days if day), key=lambda pair: pair[0])
    return [d for _, d in dated] + [d for day, d in days if not day]


def unique_names(names: list[str]) -> list[str]:
    """Each name as given unless an earlier one has it already, case-insensitively (``Order`` and ``order``
    are one file on macOS and Windows, and one name to a model); then the name with a visible ``-2``,
    ``-3`` ... suffix that no other name has, so a real ``order-2`` keeps its own name."""
    reserved = {n.lower() for n in names}
    used: set[str] = set()
    out = []
    for name in names:
        unique, k = name, 1
        while unique.lower() in used or (unique != name and unique.lower() in reserved):
            k += 1
            unique = f"{name}-{k}"
        used.add(unique.lower())
        out.append(unique)
    return out


def _within_limits(documents: list[Document], where: str) -> tuple[list[Document], list[str]]:
    """The documents kept under the case's limits (documents, characters), and a warning for each left out.

    Judged by characters, so a huge document is dropped before the cost of tokenizing it."""
    documents, warnings = limits.first_documents(documents, where)
    sized = []
    for doc in documents:
        try:
            limits.check_chars(f"{where}: document {doc.name!r}", len(doc.text))
            sized.append(doc)
        except DocumentReadError as e:
            warnings.append(str(e))
    kept, over = limits.within_case_total([len(d.text) for d in sized], [d.name for d in sized], where)
    return [sized[i] for i in kept], warnings + over


def _read_text(path: Path) -> str:
    try:
        limits.check_file_size(path)
        return decode(path, path.read_bytes())
    except DocumentReadError as e:
        raise CaseError(str(e)) from None


def read_file(path: Path, meta: DocumentMeta, name: str) -> tuple[Document, list[str]]:
    """One file as a document, with its warnings; DocumentReadError when it gives no text."""
    found = read_document(path)
    if not found.text.strip():  # a scan without OCR, a blank page: say why rather than hold an empty document
        why = "; ".join(w.removeprefix(f"{path}: ") for w in found.warnings) or "the file holds no text"
        raise DocumentReadError(f"{path}: no readable text ({why})")
    docket_sheet = not meta.type and dockets.is_docket_sheet(path.stem, found.text)
    doc = Document(
        name=name,
        text=found.text,
        title=meta.title or name,
        type=meta.type or (dockets.DOCKET_TYPE if docket_sheet else ""),
        date=meta.date or (min(dockets.filed_days(found.text).values(), default=None) if docket_sheet else None),
        ecf_number=meta.ecf_number,
        page_starts=found.page_starts,
        redacted_pages=found.redacted_pages,
        stamp=found.stamp,
    )
    return doc, found.warnings


def load_folder(path: Path) -> Case:
    meta = CaseMeta()
    meta_file = path / "case.json"
    if meta_file.is_file():
        try:
            meta = CaseMeta.model_validate(json.loads(meta_file.read_text(encoding="utf-8")))
        except (json.JSONDecodeError, ValidationError, UnicodeDecodeError) as e:
            raise CaseError(f"{meta_file}: not a valid case.json ({str(e).splitlines()[0]})") from None
    files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in DOCUMENT_SUFFIXES)
    files = [p for p in files if p.name.lower() != "readme.md"]
    if not files:
        # A folder of case folders or records is what batch takes: say so rather than only "no documents".
        inner = [p for p in path.iterdir() if not p.name.startswith(".") and (p.is_dir() or p.name.startswith("case_"))]
        hint = f"; it holds case folders or records: run them with gavel-agent batch {path} --out DIR"
        raise CaseError(
            f"{path}: no documents ({', '.join(DOCUMENT_SUFFIXES)} files) in this folder" + (hint if inner else "")
        )
    files, warnings = limits.first_documents(files, path)
    docs = []
    for p, name in zip(files, unique_names([p.stem for p in files])):
        if p.is_symlink():  # a link can reach any file on the machine (passwd.txt -> /etc/passwd)
            warnings.append(f"{p}: a symbolic link, not a file of the case folder; left out")
            continue
        m = meta.documents.get(p.name) or meta.documents.get(p.stem) or DocumentMeta()
        try:
            doc, notes = read_file(p, m, name)
        except DocumentReadError as e:  # the other documents still make the case
            warnings.append(f"{e} (skipped)")
            continue
        docs.append(doc)
        warnings += notes
    docs, over = _within_limits(docs, str(path))
    warnings += over
    if not docs:
        raise CaseError(f"{path}: none of its {len(files)} files could be read (first: {warnings[0]})")
    name = canonical_case_name(meta.case_id or path.name)
    case = Case(name=name, title=meta.title or path.name, documents=docs, source=str(path), warnings=warnings)
    if mixed := mixed_dockets_warning(case):  # a folder of several cases' papers: say so before a run mixes them
        case.warnings.append(f"{path}: {mixed}")
    return case


def documents_from_clearinghouse(record: dict) -> list[Document]:
    """A record's documents with text, and its docket (``case_data.main_docket.docket_entries``) as one more."""
    rows = [d for d in record.get("documents") or [] if (d.get("text") or "").strip()]
    case_court = str((record.get("case_data") or {}).get("court") or "")
    names = unique_names([slug(d.get("title") or d.get("document_type") or "document") for d in rows])
    docs = [
        Document(
            name=n,
            text=d["text"],
            title=d.get("title") or n,
            type=d.get("document_type") or "",
            date=d.get("date"),
            ecf_number=case_entry_number(d, case_court),
        )
        for n, d in zip(names, rows)
    ]
    main_docket = (record.get("case_data") or {}).get("main_docket") or {}
    docket = docket_document(dockets.entries_from_records(main_docket.get("docket_entries") or []), names)
    return docs + [docket] if docket else docs


def case_entry_number(row: dict, case_court: str) -> str | None:
    """A record document's entry number on the case's own docket: None for a paper filed in another
    court (an appeal's opinion carries the appellate docket's number, which the district docket would
    date wrongly) and for numbers that are not one ("None-1" occurs in the records)."""
    number = str(row.get("ecf_number") or "").strip()
    court = str(row.get("court") or "").strip()
    if not ENTRY_NUMBER.fullmatch(number) or (case_court and court not in ("", "None", case_court)):
        return None
    return number


def docket_document(entries: list[dockets.DocketEntry], taken: list[str]) -> Document | None:
    """The docket as a document (None without entries), named "docket" unless a paper of the case is."""
    if not entries:
        return None
    text, title, opened = dockets.docket_parts(entries)
    name = dockets.DOCKET_TYPE if dockets.DOCKET_TYPE not in taken else "docket-entries"
    return Document(name=name, text=text, title=title, type=dockets.DOCKET_TYPE, date=opened)


def load_clearinghouse(path: Path, record: dict) -> Case:
    data = record.get("case_data") or {}
    docs, warnings = _within_limits(documents_from_clearinghouse(record), str(path))
    if not docs:
        reason = f" ({warnings[0]})" if warnings else ""
        raise CaseError(f"{path}: the record has no document texts{reason}")
    case_id = canonical_case_name(str(record.get("case_id") or data.get("id") or path.stem))
    return Case(name=case_id, title=data.get("name") or case_id, documents=docs, source=str(path), warnings=warnings)


def load_case(path: str | Path) -> Case:
    """Load a case folder or a Clearinghouse record file; raise CaseError with a one-line reason."""
    p = Path(path)
    if not p.exists():
        raise CaseError(f"{p}: no such case folder or file")
    if p.is_dir():
        return load_folder(p)
    if p.suffix.lower() == ".json":
        try:
            record = json.loads(_read_text(p))
        except json.JSONDecodeError as e:
            raise CaseError(f"{p}: not valid JSON ({e.msg} at line {e.lineno})") from None
        except RecursionError:
            raise CaseError(f"{p}: JSON nested too deep to be a case record") from None
        if isinstance(record, dict) and "documents" in record and "case_data" in record:
            return load_clearinghouse(p, record)
        raise CaseError(f"{p}: not a Clearinghouse case record (expected 'case_data' and 'documents')")
    if p.suffix.lower() in DOCUMENT_SUFFIXES:
        try:
            doc, warnings = read_file(p, DocumentMeta(), p.stem)
        except DocumentReadError as e:
            raise CaseError(str(e)) from None
        return Case(name=p.stem, title=p.stem, documents=[doc], source=str(p), warnings=warnings)
    raise CaseError(
        f"{p}: expected a case folder, a Clearinghouse case_<id>.json record, or a document "
        f"({', '.join(DOCUMENT_SUFFIXES)})"
    )
