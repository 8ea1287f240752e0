"""Reading court files as users have them: one reader per format, chosen by the file's suffix.

Every reader returns an ``Extracted``: the text the agent reads (page furniture and redacted text
left out), where each page starts in it, and one-line warnings. A file that gives no text raises
``DocumentReadError`` with one line naming it. PDF and Word results are cached by content hash
(see ``cache``); plain text is read directly.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from pathlib import Path

from gavel_agent.documents import cache, limits
from gavel_agent.documents.model import DocumentReadError, Extracted

__all__ = ["SUFFIXES", "DocumentReadError", "Extracted", "read_document"]

# suffix -> "module:function" in this package; a reader's libraries are imported only when a file needs them.
READERS: dict[str, str] = {
    ".txt": "text:read_text",
    ".md": "text:read_text",
    ".pdf": "pdf:read_pdf",
    ".docx": "word:read_docx",
    ".doc": "word:read_converted",
    ".wpd": "word:read_converted",
}
SUFFIXES = tuple(READERS)
_UNCACHED = (".txt", ".md")  # reading them is as fast as reading a cache entry


def reader_for(suffix: str) -> Callable[[Path, bytes], Extracted]:
    module, function = READERS[suffix.lower()].split(":")
    return getattr(importlib.import_module(f"gavel_agent.documents.{module}"), function)


def read_document(path: str | Path) -> Extracted:
    """The text of one file (from the cache when its content was read before); warnings name the file."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in READERS:
        raise DocumentReadError(f"{path}: unsupported file type (readable: {', '.join(SUFFIXES)})")
    try:
        limits.check_file_size(path)
        data = path.read_bytes()
    except OSError as e:
        raise DocumentReadError(f"{path}: cannot read the file ({e.strerror or type(e).__name__})") from None
    if suffix in _UNCACHED:
        extracted = reader_for(suffix)(path, data)
        limits.check_chars(path, len(extracted.text))
    else:
        from gavel_agent.documents import ocr

        key = cache.cache_key(data, suffix, ocr.unavailable() is None)
        cached = cache.load(key)
        if cached is None:
            extracted = reader_for(suffix)(path, data)
            limits.check_chars(path, len(extracted.text))  # before the cache: nothing oversized is stored
            cache.store(key, extracted)
        else:
            extracted = cached
    # Warnings are stored without the file's name: the same content may sit under another name.
    return dataclasses.replace(extracted, warnings=[f"{path}: {w}" for w in extracted.warnings])
