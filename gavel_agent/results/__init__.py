"""Results of many runs as a database and as tables.

    from gavel_agent import results
    values = results.values("runs/crlc")          # one row per value, with its evidence
    table = results.wide("runs/crlc")             # one row per case, a column per item
    results.export("runs/crlc", "values.parquet", "parquet")

Where a run was reviewed (``checklist_reviewed.json`` beside its checklist), its rows are the
reviewed values with each one's ``review_decision`` (accepted, rejected, edited, added,
not_applicable), ``review_reason``, ``reviewer`` and ``review_time``; ``checklist="agent"``
gives the runs' own values instead.

A source is a ``results.sqlite`` store, a batch folder holding one, or run folders
(indexed in memory on the fly). The run folders are the source of truth; the store
is an index over them (``gavel-agent index RUNS`` rebuilds it).
"""

from gavel_agent.results.store import DB_NAME, ResultsStore, StoreError, find_runs
from gavel_agent.results.tables import CHECKLISTS, FORMATS, export, open_store, runs, values, wide

__all__ = [
    "CHECKLISTS",
    "DB_NAME",
    "FORMATS",
    "ResultsStore",
    "StoreError",
    "export",
    "find_runs",
    "open_store",
    "runs",
    "values",
    "wide",
]
