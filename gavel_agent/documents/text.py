"""Plain-text documents (.txt, .md): UTF-8 as written; pages only where the text marks them."""

from __future__ import annotations

import codecs
from pathlib import Path

from gavel_agent.documents.model import DocumentReadError, Extracted

_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def decode(path: Path, data: bytes) -> str:
    """The file's text, or a one-line error naming it (binary or not UTF-8)."""
    # A byte-order mark names the encoding (UTF-16 exports from Word hold NUL bytes, yet are text).
    encoding = next((name for bom, name in _BOMS if data.startswith(bom)), "utf-8")
    nul = data.find(b"\x00") if encoding == "utf-8" else -1
    if nul >= 0:
        raise DocumentReadError(f"{path}: binary file, not a text document (NUL byte at offset {nul})")
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as e:
        if encoding != "utf-8":
            raise DocumentReadError(
                f"{path}: binary file, not a text document (does not decode as its {encoding} mark says)"
            ) from None
        raise DocumentReadError(f"{path}: not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})") from None


def read_text(path: Path, data: bytes) -> Extracted:
    return Extracted(text=decode(path, data))
