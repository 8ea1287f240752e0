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


def export(
    source: str | Path | ResultsStore,
    out: str | Path | None,
    fmt: ExportFormat = "csv",
    as_wide: bool = False,
    checklist: str = "current",
) -> str | None:
    """Write the values (or the wide table) to ``out`` atomically; with no ``out``, return CSV/JSONL text."""
    if fmt not in FORMATS:
        raise StoreError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    table = wide(source, checklist) if as_wide else values(source, checklist)
    if fmt != "jsonl" and "evidence" in table:  # a flat file holds the evidence list as JSON text
        table = table.assign(evidence=table["evidence"].map(lambda evidence: json.dumps(evidence, ensure_ascii=False)))
    if fmt == "parquet":
        if out is None:
            raise StoreError("parquet is a binary format: give --out FILE")
        with replacing(out) as tmp:
            table.to_parquet(tmp, index=False)
        return None
    text = table.to_csv(index=False) if fmt == "csv" else table.to_json(orient="records", lines=True, force_ascii=False)
    if out is None:
        return text
    write_text(out, text)
    return None
