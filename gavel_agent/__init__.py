"""gavel-agent: evidence-backed checklists from legal case files, and evaluators that score them.

    import gavel_agent
    checklist = gavel_agent.extract("cases/riverside-jail", items="filing_date")
    report = gavel_agent.evaluate(checklist, reference="reference.json")
    gavel_agent.report(checklist, case="cases/riverside-jail", out="report.html")

Bad input raises ``ValueError``; a bad model setting (an unknown model, a missing API key) raises
``gavel_agent.UserError``; a run that could not finish raises ``gavel_agent.RunInterrupted``.

The public functions load on first use (module ``__getattr__``), so importing a
sub-package such as ``gavel_agent.evaluators`` never loads the agent or its SDK.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

# public name -> module that defines it
_PUBLIC = {
    "extract": "gavel_agent.api",
    "extract_async": "gavel_agent.api",
    "evaluate": "gavel_agent.api",
    "evaluate_async": "gavel_agent.api",
    "report": "gavel_agent.api",
    "RunInterrupted": "gavel_agent.api",
    "UserError": "gavel_agent.errors",
    "ChecklistFile": "gavel_agent.checklists.record",
    "load_case": "gavel_agent.case",
    "load_spec": "gavel_agent.checklists",
}

__all__ = sorted(_PUBLIC)


def __getattr__(name: str) -> Any:
    if name not in _PUBLIC:
        raise AttributeError(f"module 'gavel_agent' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(_PUBLIC[name]), name)
    globals()[name] = value  # later look-ups skip __getattr__
    return value


def __dir__() -> list[str]:
    return sorted(list(globals()) + list(_PUBLIC))
