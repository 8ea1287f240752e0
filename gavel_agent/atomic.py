"""Atomic file writes: readers see the old file or the new one, never half of one."""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO


def _new_temp(path: Path) -> tuple[int, Path]:
    """A new temporary file beside ``path``, open for writing.

    os.open with 0o666 lets the umask decide the mode (0644 under the usual 022), as open() would;
    tempfile.mkstemp would force 0600 on every run file.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f".{path.name}.{secrets.token_hex(6)}.tmp"
    return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp


def write_text(path: str | Path, text: str, *, durable: bool = True) -> None:
    """Replace ``path`` with ``text`` at once. ``durable=False`` skips waiting for the disk: a power
    cut may then leave the old file, an empty one or a torn one, so only for files whose reader
    treats those as missing (a cache), where the wait can cost more than what is written."""
    fd, tmp = _new_temp(Path(path))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json(path: str | Path, data: Any, *, durable: bool = True) -> None:
    write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n", durable=durable)


def append_line(path: str | Path, line: str) -> None:
    """Append one line and flush it to disk (used for JSONL ledgers and indexes).

    A last line without its newline was torn by a crash mid-write: it is cut off first, so the new
    line starts a line of its own instead of being glued onto half a record.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "ab+") as f:
        drop_torn_tail(f)
        f.write((line.rstrip("\n") + "\n").encode("utf-8"))
        f.flush()
        os.fsync(f.fileno())


def drop_torn_tail(f: BinaryIO, chunk: int = 65536) -> None:
    """Truncate an open file after its last newline (nothing when it is empty or ends in one)."""
    end = f.seek(0, os.SEEK_END)
    if end == 0:
        return
    f.seek(end - 1)
    if f.read(1) == b"\n":
        return
    cut = end
    while cut > 0:
        start = max(0, cut - chunk)
        f.seek(start)
        block = f.read(cut - start)
        newline = block.rfind(b"\n")
        if newline >= 0:
            f.truncate(start + newline + 1)
            return
        cut = start
    f.truncate(0)


@contextmanager
def replacing(path: str | Path) -> Iterator[Path]:
    """A temporary path beside ``path`` for a library that writes files itself (Parquet, SQLite
    backups); it replaces ``path`` when the block ends without an error, and is removed otherwise."""
    path = Path(path)
    fd, tmp = _new_temp(path)
    os.close(fd)
    try:
        yield tmp
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
