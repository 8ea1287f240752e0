"""Plain-words definitions of every score the evaluators print, for table footers and ``--help``.

The definitions live in ``metric_definitions.json``, one block per command, so the footer
a reader sees under a table and the command's help say the same thing.
"""

from __future__ import annotations

import json
import textwrap
from functools import lru_cache
from pathlib import Path

DEFINITIONS_FILE = Path(__file__).with_name("metric_definitions.json")


@lru_cache(maxsize=1)
def _all() -> dict[str, dict[str, str]]:
    return json.loads(DEFINITIONS_FILE.read_text(encoding="utf-8"))


def definitions(command: str) -> dict[str, str]:
    return _all()[command]


def footer(command: str) -> str:
    """One line per metric: ``NAME  definition``."""
    terms = definitions(command)
    width = max(map(len, terms))
    return "\n".join(f"{name:<{width}}  {text}" for name, text in terms.items())


def help_epilog(command: str) -> str:
    """The definitions for a command's ``--help`` (\\b keeps click from re-flowing the lines)."""
    lines = [
        textwrap.fill(f"{name}: {text}", 100, initial_indent="  ", subsequent_indent="      ")
        for name, text in definitions(command).items()
    ]
    return "\b\nMetrics:\n" + "\n".join(lines)
