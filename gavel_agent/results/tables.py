"""The store as tables: one row per value (long) or one row per run (wide), and files of them.

Long rows carry the run's identity (case, spec, model, method, status), the item and the
value, the reviewer's decision on it (when the run was reviewed), its first piece of evidence in columns (document, quote, offsets, page, alignment
status) and all of its evidence as a JSON list, so a spreadsheet shows the quote beside
the value and a program loses nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from gavel_agent.atomic import replacing, write_text
from gavel_agent.results.store import DB_NAME, ResultsStore, StoreError, find_runs

if TYPE_CHECKING:
    import pandas as pd

ExportFormat = Literal["csv", "parquet", "jsonl"]
FORMATS: tuple[str, ...] = ("csv", "parquet", "jsonl")
# current: each run's reviewed checklist where it has one (every value with its decision, values the
# reviewer added included), else the run's own; agent: the runs' own values; reviewed: reviewed runs only.
CHECKLISTS: tuple[str, ...] = ("current", "agent", "reviewed")
WIDE_SEPARATOR = " | "
NONE_IN_RECORD = "(none in the record)"  # the wide table's cell for an item settled with no value

_VALUES_SQL = """
SELECT r.case_name AS "case", r.spec, r.model, r.method, r.status AS run_status, r.run_dir,
       v.checklist, v.item, v.item_status, v.position, v.value, v.support, v.none_reason,
       v.review_decision, v.review_reason, v.reviewer, v.review_time,
       e.document, e.quote, e.start_char, e.end_char, e.page, e.status AS alignment,
       (SELECT COUNT(*) FROM evidence x WHERE x.value_id = v.value_id) AS evidence_count,
       (SELECT json_group_array(json_object('document', x.document, 'quote', x.quote, 'start_char', x.start_char,
                                            'end_char', x.end_char, 'page', x.page, 'status', x.status))
          FROM (SELECT * FROM evidence WHERE value_id = v.value_id ORDER BY position) x) AS evidence
FROM "values" v
JOIN runs r ON r.run_dir = v.run_dir
LEFT JOIN evidence e ON e.value_id = v.value_id AND e.position = 0
WHERE v.checklist = CASE WHEN :checklist = 'current' THEN (CASE WHEN r.reviewed THEN 'reviewed' ELSE 'agent' END)
                         ELSE :checklist END
ORDER BY r.case_name, r.run_dir, v.item, v.position
"""

_RUNS_SQL = """
SELECT case_name AS "case", spec, model, provider, method, status, stop_reason, steps, filled_items,
       value_count AS "values", prompt_tokens, input_tokens, cached_input_tokens, output_tokens, cost_usd,
       wall_time_s, reviewed, items, run_dir
FROM runs ORDER BY case_name, run_dir
"""


def open_store(source: str | Path | ResultsStore) -> ResultsStore:
    """A store from a database file, or an in-memory one indexed from run folders.

    ``source`` may be a ``.sqlite`` file, a batch folder holding ``results.sqlite`` (then
    the store is read as it is), or run folders to index on the fly.
    """
    if isinstance(source, ResultsStore):
        return source
    path = Path(source)
    if path.is_file():
        return ResultsStore(path)
    if path.is_dir() and (path / DB_NAME).is_file():
        return ResultsStore(path / DB_NAME)
    store = ResultsStore()
    store.rebuild(find_runs([path]))
    return store


# Whole-number columns that may be empty (a value without evidence, a run that failed before its first
# step): pandas would make them floats and a CSV would read "page 1.0"; its nullable Int64 keeps "1".
_COUNT_COLUMNS = (
    "position", "start_char", "end_char", "page", "evidence_count", "steps", "filled_items", "values",
    "prompt_tokens", "input_tokens", "cached_input_tokens", "output_tokens", "reviewed",
)  # fmt: skip


def _frame(columns: list[str], rows: list[tuple]) -> pd.DataFrame:
    import pandas as pd

    frame = pd.DataFrame.from_records(rows, columns=columns)
    return frame.astype({column: "Int64" for column in _COUNT_COLUMNS if column in frame})


def values(source: str | Path | ResultsStore, checklist: str = "current") -> pd.DataFrame:
    """One row per value, with the review decision on it where the run was reviewed (see CHECKLISTS)."""
    if checklist not in CHECKLISTS:
        raise StoreError(f"unknown checklist {checklist!r}; use one of {', '.join(CHECKLISTS)}")
    store = open_store(source)
    frame = _frame(*store.query(_VALUES_SQL, {"checklist": checklist}))
    frame["evidence"] = frame["evidence"].map(json.loads)
    return frame


def runs(source: str | Path | ResultsStore) -> pd.DataFrame:
    """One row per run: identity, status, tokens, cost and time."""
    frame = _frame(*open_store(source).query(_RUNS_SQL))
    frame["items"] = frame["items"].map(json.loads)
    return frame


def wide(source: str | Path | ResultsStore, checklist: str = "current") -> pd.DataFrame:
    """One row per run, one column per item: its values joined by `` | `` (empty when none).

    Values a reviewer rejected are left out: the wide table says what each case holds.
    """
    store = open_store(source)
    run_rows = runs(store)
    long = values(store, checklist)
    long = long[long["review_decision"] != "rejected"]
    long = long.assign(value=long["value"].where(long["item_status"] != "none_in_record", NONE_IN_RECORD))
    joined = long.groupby(["run_dir", "item"])["value"].agg(WIDE_SEPARATOR.join).unstack(fill_value="")
    items = list(dict.fromkeys(item for asked in run_rows["items"] for item in asked))
    joined = joined.reindex(columns=items + [c for c in joined.columns if c not in items], fill_value="")
    table = run_rows.drop(columns=["items"]).set_index("run_dir").join(joined).reset_index()
    return table.fillna({column: "" for column in joined.columns})


# Parquet columns by type; every other column is a string (``case`` too: "46210" names a case, it is
# not a number), so a column that is empty in one export (no run reviewed) keeps its type.
_FLOAT_COLUMNS = ("cost_usd", "wall_time_s")
_TIME_COLUMNS = ("review_time",)
_EVIDENCE_FIELDS = (
    ("document", "string"), ("quote", "string"), ("start_char", "int64"), ("end_char", "int64"),
    ("page", "int64"), ("status", "string"),
)  # fmt: skip


def _parquet(table: pd.DataFrame):
    """``table`` as a typed Arrow table: evidence a list of structs, counts int64, review times UTC."""
    import pandas as pd
    import pyarrow as pa

    evidence = pa.list_(pa.struct([(name, getattr(pa, kind)()) for name, kind in _EVIDENCE_FIELDS]))

    def arrow_type(column: str):
        if column == "evidence":
            return evidence
        if column in _COUNT_COLUMNS:
            return pa.int64()
        if column in _FLOAT_COLUMNS:
            return pa.float64()
        if column in _TIME_COLUMNS:
            return pa.timestamp("us", tz="UTC")
        return pa.string()

    for column in _TIME_COLUMNS:
        if column in table:
            table = table.assign(**{column: pd.to_datetime(table[column], utc=True, format="ISO8601")})
    as_text = {
        column: table[column].map(lambda v: None if v is None or v is pd.NA or v != v else str(v))
        for column in table.columns
        if arrow_type(str(column)) == pa.string()
    }
    table = table.assign(**as_text)
    schema = pa.schema([(column, arrow_type(str(column))) for column in table.columns])
    return pa.Table.from_pandas(table, schema=schema, preserve_index=False)


def table(source: str | Path | ResultsStore, as_wide: bool = False, checklist: str = "current") -> pd.DataFrame:
    """The values (one row each) or, ``as_wide``, one row per run with a column per item."""
    return wide(source, checklist) if as_wide else values(source, checklist)


def write_export(
    source: str | Path | ResultsStore,
    out: str | Path,
    fmt: ExportFormat = "csv",
    as_wide: bool = False,
    checklist: str = "current",
) -> int:
    """Write the values (or the wide table) to ``out`` atomically; returns the number of rows written."""
    if fmt not in FORMATS:
        raise StoreError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    rows = table(source, as_wide, checklist)
    if fmt == "parquet":
        import pyarrow.parquet as pq

        with replacing(out) as tmp:
            pq.write_table(_parquet(rows), tmp)
    else:
        write_text(out, _text(rows, fmt))
    return len(rows)


def _text(rows: pd.DataFrame, fmt: ExportFormat) -> str:
    if fmt == "csv" and "evidence" in rows:  # a flat file holds the evidence list as JSON text
        rows = rows.assign(evidence=rows["evidence"].map(lambda evidence: json.dumps(evidence, ensure_ascii=False)))
    return rows.to_csv(index=False) if fmt == "csv" else rows.to_json(orient="records", lines=True, force_ascii=False)


def export(
    source: str | Path | ResultsStore,
    out: str | Path | None,
    fmt: ExportFormat = "csv",
    as_wide: bool = False,
    checklist: str = "current",
) -> str | None:
    """Write the values (or the wide table) to ``out`` atomically (``write_export``); with no ``out``,
    return CSV or JSONL text."""
    if out is not None:
        write_export(source, out, fmt, as_wide, checklist)
        return None
    if fmt not in FORMATS:
        raise StoreError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    if fmt == "parquet":
        raise StoreError("parquet is a binary format: give --out FILE")
    return _text(table(source, as_wide, checklist), fmt)
