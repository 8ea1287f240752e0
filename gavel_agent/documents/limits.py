"""The limits every reader runs under, so that one hostile or mis-exported file costs only itself.

A file over a limit is skipped with a one-line ``DocumentReadError`` naming it and the limit; the
case's other documents still make the case. The figures leave real court files far inside them
(a letter page scanned at the OCR resolution is 3.7M pixels); tests lower them to try the refusals.
"""

from __future__ import annotations

import time
import zipfile
from pathlib import Path
from typing import TypeVar

from gavel_agent.documents.model import DocumentReadError

MAX_FILE_BYTES = 512 * 1024 * 1024  # read into memory at once: a bigger file is not a court paper
MAX_DOCUMENT_CHARS = 10_000_000  # about 2.5M tokens: bigger is a mis-export (a whole docket dump, a binary)
MAX_PAGE_PIXELS = 40_000_000  # a page rendered for OCR (A0 at 200 dpi is 62M; letter is 3.7M)
MAX_XML_BYTES = 64 * 1024 * 1024  # the XML parts of a .docx, inflated
MAX_SECONDS_PER_FILE = 300.0  # reading one file, OCR included
MAX_CASE_DOCUMENTS = 2_000
MAX_CASE_CHARS = 40_000_000  # about 10M tokens over all documents of a case

T = TypeVar("T")


def check_file_size(path: Path) -> None:
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise DocumentReadError(f"{path}: {size:,} bytes, over the limit of {MAX_FILE_BYTES:,} bytes per file; skipped")


def check_chars(path: Path | str, chars: int) -> None:
    if chars > MAX_DOCUMENT_CHARS:
        raise DocumentReadError(
            f"{path}: {chars:,} characters (about {chars // 4:,} tokens), over the limit of "
            f"{MAX_DOCUMENT_CHARS:,} characters per document; skipped"
        )


def check_page_pixels(width_pt: float, height_pt: float, dpi: int) -> int | None:
    """The pixels of a page rendered at ``dpi`` when over the limit (the page is not rendered), else None."""
    pixels = int(width_pt * dpi / 72) * int(height_pt * dpi / 72)
    return pixels if pixels > MAX_PAGE_PIXELS else None


def check_zip(path: Path, archive: zipfile.ZipFile) -> None:
    """Refuse a .docx whose XML inflates past the limit, before any of it is parsed (zip and XML bombs)."""
    inflated = sum(i.file_size for i in archive.infolist() if i.filename.endswith((".xml", ".rels")))
    if inflated > MAX_XML_BYTES:
        raise DocumentReadError(
            f"{path}: its XML inflates to {inflated:,} bytes, over the limit of {MAX_XML_BYTES:,}; skipped"
        )


class Deadline:
    """The time one file may take; readers check it between pages."""

    def __init__(self, path: Path, seconds: float | None = None):
        self.path = path
        self.seconds = MAX_SECONDS_PER_FILE if seconds is None else seconds
        self.ends = time.monotonic() + self.seconds

    def check(self) -> None:
        if time.monotonic() > self.ends:
            raise DocumentReadError(f"{self.path}: reading took over {self.seconds:g} s; skipped")


def first_documents(documents: list[T], where: Path | str) -> tuple[list[T], list[str]]:
    """The first ``MAX_CASE_DOCUMENTS`` of a case's documents (or files), and a warning when there are more."""
    if len(documents) <= MAX_CASE_DOCUMENTS:
        return documents, []
    return documents[:MAX_CASE_DOCUMENTS], [
        f"{where}: {len(documents):,} documents, over the limit of {MAX_CASE_DOCUMENTS:,} per case; "
        f"the first {MAX_CASE_DOCUMENTS:,} are read, the rest skipped"
    ]


def within_case_total(sizes: list[int], names: list[str], where: Path | str) -> tuple[list[int], list[str]]:
    """Indices of the documents kept under ``MAX_CASE_CHARS`` in all (in order, each whole or not at all),
    and a warning naming each one left out."""
    kept, warnings, total = [], [], 0
    for i, (size, name) in enumerate(zip(sizes, names)):
        if total + size > MAX_CASE_CHARS:
            warnings.append(
                f"{where}: document {name!r} ({size:,} characters) would take the case over its limit of "
                f"{MAX_CASE_CHARS:,} characters; skipped"
            )
            continue
        kept.append(i)
        total += size
    return kept, warnings
