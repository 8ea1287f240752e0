"""Reading the JSON files a user points an evaluator at, with a one-line reason when one is unreadable."""

from __future__ import annotations

import json
from pathlib import Path


def read_json(file: str | Path, what: str = "JSON file") -> object:
    """The parsed content of ``file``; ValueError saying where it breaks (a user fixes a file by its line)."""
    try:
        return json.loads(Path(file).read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        reason = f"{e.msg} at line {e.lineno}, column {e.colno}"
    except UnicodeDecodeError:
        reason = "not UTF-8 text"
    except RecursionError:  # a hostile file nested thousands deep
        reason = "nested too deep"
    except OSError as e:
        reason = e.strerror or type(e).__name__
    raise ValueError(f"{file}: not a readable {what} ({reason})")
