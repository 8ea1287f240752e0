"""Extracted text cached per file content, so a rerun reads neither PDF nor scan again.

One JSON file per (content hash, reader version, whether OCR could run) in ``GAVEL_AGENT_CACHE``,
else ``$XDG_CACHE_HOME/gavel-agent/documents``, else ``~/.cache/gavel-agent/documents``. Installing
OCR later reads the scans again; a changed reader (``READER_VERSION``) reads everything again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from pathlib import Path

from gavel_agent import atomic
from gavel_agent.documents.model import Extracted

# Bump when a reader's output changes: stored evidence offsets point into the text it gave.
READER_VERSION = 3


def cache_dir() -> Path:
    if os.environ.get("GAVEL_AGENT_CACHE"):
        return Path(os.environ["GAVEL_AGENT_CACHE"])
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "gavel-agent" / "documents"


def cache_key(data: bytes, suffix: str, ocr_ready: bool) -> str:
    digest = hashlib.sha256(data).hexdigest()
    return f"{digest}-{suffix.lstrip('.')}-v{READER_VERSION}-{'ocr' if ocr_ready else 'no-ocr'}"


def load(key: str) -> Extracted | None:
    path = cache_dir() / f"{key}.json"
    try:
        return Extracted(**json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):  # absent, torn or from another layout: read the file again
        return None


def store(key: str, extracted: Extracted) -> None:
    """Best effort: a read-only or full cache folder costs a rerun its speed, never the run."""
    try:
        cache_dir().mkdir(parents=True, exist_ok=True)
        # Not durable: waiting for the disk would cost a first read more than the cache saves a rerun,
        # and an entry torn by a power cut is read as missing (see ``load``).
        atomic.write_json(cache_dir() / f"{key}.json", dataclasses.asdict(extracted), durable=False)
    except OSError:
        pass
