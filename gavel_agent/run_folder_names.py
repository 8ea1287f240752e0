"""Where a run may write: folder names made from case ids, kept inside the folder the user chose.

A case id comes from the input (``case.json``, a Clearinghouse record) and may hold anything:
``/abs/path``, ``../../x``, a drive letter, control characters. It is reduced to one plain path
component before it names a folder, and the folder is checked to resolve under its root.
"""

from __future__ import annotations

import re
from pathlib import Path

MAX_NAME_CHARS = 120
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def folder_name(text: str, fallback: str = "case") -> str:
    """``text`` as one path component: letters, digits, '.', '_' and '-' only, no leading dot or dash."""
    name = _UNSAFE.sub("-", text or "").strip(".-")[:MAX_NAME_CHARS].strip(".-")
    return name or fallback


def folder_under(root: str | Path, name: str) -> Path:
    """``root/<folder_name(name)>``; ValueError if it would still resolve outside ``root`` (a symlink)."""
    base = Path(root)
    folder = base / folder_name(name)
    resolved_root = base.resolve()
    if not folder.resolve().is_relative_to(resolved_root):
        raise ValueError(f"{folder} resolves outside {base}; choose another output folder")
    return folder
