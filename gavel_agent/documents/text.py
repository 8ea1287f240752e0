"""Plain-text documents (.txt, .md): UTF-8 as written; pages only where the text marks them."""

from __future__ import annotations

from pathlib import Path

from gavel_agent.documents.model import DocumentReadError, Extracted


def decode(path: Path, data: bytes) -> str:
    """The file's text, or a one-line error naming it (binary or not UTF-8)."""
    if b"\x00" in data[:8192]:
        raise DocumentReadError(f"{path}: binary file, not a text document")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DocumentReadError(f"{path}: not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})") from None


def read_text(path: Path, data: bytes) -> Extracted:
    return Extracted(text=decode(path, data))
