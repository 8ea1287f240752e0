"""Results of many runs as a database and as tables.

    from gavel_agent import results
    values = results.values("runs/crlc")          # one row per value, with its evidence
    table = results.wide("runs/crlc")             # one row per case, a column per item
    rows = results.write_export("runs/crlc", "values.parquet", "parquet")   # the number of rows written

In Parquet every column is typed: ``evidence`` is a list of structs (document, quote, start_char,
end_char, page, status), counts are int64, ``review_time`` a UTC timestamp, and ``case`` and the
other names are strings (read a CSV export with ``dtype={"case": str}`` to keep "46210" a name).

Where a run was reviewed (``checklist_reviewed.json`` beside its checklist), its rows are the
reviewed values with each one's ``review_decision`` (accepted, rejected, edited, added,
not_applicable), ``review_reason``, ``reviewer`` and ``review_time``; ``checklist="agent"``
gives the runs' own values instead.

A source is a ``results.sqlite`` store, a batch folder holding one, or run folders
(indexed in memory on the fly). The run folders are the source of truth; the store
is an index over them (``gavel-agent index RUNS`` rebuilds it).
"""

from gavel_agent.results.store import DB_NAME, ResultsStore, StoreError, find_runs
from gavel_agent.results.tables import CHECKLISTS, FORMATS, export, open_store, runs, values, wide, write_export

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
    "write_export",
]
