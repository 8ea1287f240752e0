"""An embedded SQLite store of runs and of every value with its evidence.

The run folders stay the source of truth for one run; the store is an index over
many of them that can be rebuilt at any time (``gavel-agent index RUNS``). Each run
is written in one transaction that replaces whatever the store held for that run
folder, so a crash mid-write leaves the previous state, and re-indexing is
idempotent. WAL mode and a busy timeout let several processes (batch workers, a
review session) write to one store.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pydantic import ValidationError

from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.review.decisions import REVIEWED_NAME
from gavel_agent.run_folder import RunFiles, RunStats

SCHEMA_VERSION = 3  # 2: review decisions on values; 3: item status (none in the record) and support
DB_NAME = "results.sqlite"
BUSY_TIMEOUT_MS = 30_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    run_dir TEXT PRIMARY KEY,           -- the run folder, resolved
    case_name TEXT NOT NULL,
    spec TEXT NOT NULL,
    model TEXT NOT NULL,
    provider TEXT NOT NULL,
    method TEXT NOT NULL,               -- agent | end-to-end | chunk
    items TEXT NOT NULL,                -- JSON list of the item keys the run was asked for
    status TEXT NOT NULL,               -- finished | interrupted | running | failed
    stop_reason TEXT NOT NULL,
    steps INTEGER NOT NULL,
    filled_items INTEGER NOT NULL,
    value_count INTEGER NOT NULL,
    prompt_tokens INTEGER NOT NULL,
    input_tokens INTEGER NOT NULL,
    cached_input_tokens INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    cost_usd REAL NOT NULL,
    wall_time_s REAL NOT NULL,
    reviewed INTEGER NOT NULL,          -- 1 when the folder holds a reviewed checklist
    indexed_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS "values" (
    value_id INTEGER PRIMARY KEY,
    run_dir TEXT NOT NULL REFERENCES runs(run_dir) ON DELETE CASCADE,
    checklist TEXT NOT NULL,            -- agent (the run's own) | reviewed (after a person's review)
    item TEXT NOT NULL,
    position INTEGER NOT NULL,
    value TEXT NOT NULL,                -- '' on the row of an item settled as none in the record
    item_status TEXT NOT NULL,          -- value | none_in_record (then the row holds the reason, no value)
    support TEXT,                       -- states | related: whether the value's quotes state it
    none_reason TEXT,                   -- why the record holds no value, with the searches cited (JSON)
    review_decision TEXT,               -- accepted | rejected | edited | added | not_applicable (reviewed checklist)
    review_reason TEXT,
    reviewer TEXT,
    review_time TEXT
);
CREATE TABLE IF NOT EXISTS evidence (
    value_id INTEGER NOT NULL REFERENCES "values"(value_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    document TEXT NOT NULL,
    quote TEXT NOT NULL,
    start_char INTEGER,
    end_char INTEGER,
    page INTEGER,
    status TEXT
);
CREATE INDEX IF NOT EXISTS values_by_run ON "values"(run_dir, checklist, item);
CREATE INDEX IF NOT EXISTS values_by_item ON "values"(item);
CREATE INDEX IF NOT EXISTS evidence_by_value ON evidence(value_id);
"""

RUN_COLUMNS = (
    "run_dir",
    "case_name",
    "spec",
    "model",
    "provider",
    "method",
    "items",
    "status",
    "stop_reason",
    "steps",
    "filled_items",
    "value_count",
    "prompt_tokens",
    "input_tokens",
    "cached_input_tokens",
    "output_tokens",
    "cost_usd",
    "wall_time_s",
    "reviewed",
    "indexed_at",
)


class StoreError(ValueError):
    """A store that cannot be opened or a run folder that cannot be read."""


def find_runs(paths: Iterable[str | Path]) -> list[Path]:
    """Run folders (holding stats.json) at or below each path, in a stable order."""
    found: dict[Path, None] = {}
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise StoreError(f"{path}: no such file or folder")
        if (path / "stats.json").is_file():
            found[path.resolve()] = None
            continue
        if not path.is_dir():
            raise StoreError(f"{path}: not a run folder or a folder of runs")
        for stats in sorted(path.rglob("stats.json")):
            found[stats.parent.resolve()] = None
    return list(found)


class ResultsStore:
    """One SQLite database of runs and values (``results.sqlite`` in a batch folder, or any path)."""

    def __init__(self, path: str | Path = ":memory:", replace_outdated: bool = False):
        """``replace_outdated``: a store of another schema version is emptied (to be rebuilt) instead of refused."""
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            self.db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self.db.execute("PRAGMA foreign_keys = ON")
            if self.path != ":memory:":
                self.db.execute("PRAGMA journal_mode = WAL")
            self.db.executescript(_SCHEMA)
            self._check_version(replace_outdated)
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{self.path}: not a results store ({e})") from None

    def _check_version(self, replace_outdated: bool) -> None:
        with self.transaction():
            row = self.db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
            if row is not None and int(row[0]) != SCHEMA_VERSION and replace_outdated:
                for table in ("evidence", "values", "runs", "meta"):
                    self.db.execute(f'DROP TABLE "{table}"')
                self.db.execute("COMMIT")
                self.db.executescript(_SCHEMA)
                self.db.execute("BEGIN IMMEDIATE")
                row = None
            if row is None:
                self.db.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            elif int(row[0]) != SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path}: store schema {row[0]}, this version reads {SCHEMA_VERSION}; "
                    "rebuild it with gavel-agent index"
                )

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> ResultsStore:
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        # IMMEDIATE takes the write lock up front, so two writers queue instead of failing mid-way.
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
        except sqlite3.OperationalError as e:  # a full disk, a lock held past the busy timeout
            raise StoreError(f"{self.path}: cannot write the results store ({e})") from None

    # -- writing -------------------------------------------------------------------------
    def record_run(self, run_dir: str | Path) -> int:
        """Index one run folder (replacing what the store held for it); returns the values written."""
        run_dir = Path(run_dir).resolve()
        files = RunFiles(run_dir)
        try:
            raw = json.loads(files.stats.read_text(encoding="utf-8"))
            stats = RunStats.model_validate(raw)
            checklists = {"agent": files.read_checklist()} if files.checklist.is_file() else {}
            reviewed = run_dir / REVIEWED_NAME
            if reviewed.is_file():
                checklists["reviewed"] = ChecklistFile.read(reviewed)
        except (OSError, ValueError, ValidationError) as e:
            raise StoreError(f"{run_dir}: unreadable run files ({type(e).__name__})") from None
        row = (
            str(run_dir),
            stats.case,
            stats.spec,
            stats.model,
            stats.provider,
            raw.get("method", "agent"),
            json.dumps(stats.items),
            stats.status,
            stats.stop_reason,
            stats.steps,
            stats.filled_items,
            stats.values,
            stats.prompt_tokens,
            stats.input_tokens,
            stats.cached_input_tokens,
            stats.output_tokens,
            stats.cost_usd,
            stats.wall_time_s,
            int("reviewed" in checklists),
            time.time(),
        )
        written = 0
        with self.transaction() as db:
            db.execute("DELETE FROM runs WHERE run_dir = ?", (str(run_dir),))
            db.execute(f"INSERT INTO runs ({', '.join(RUN_COLUMNS)}) VALUES ({', '.join('?' * len(RUN_COLUMNS))})", row)
            for name, checklist in checklists.items():
                written += self._write_values(db, str(run_dir), name, checklist)
        return written

    def record_failure(
        self, run_dir: str | Path, case: str, reason: str, model: str = "", spec: str = "", method: str = "agent"
    ) -> None:
        """A case that failed before it had run files (an unreadable record, a crash): a run row, no values."""
        key = str(Path(run_dir).resolve())
        row = (
            key,
            case,
            spec,
            model,
            "",
            method,
            "[]",
            "failed",
            reason,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0.0,
            0.0,
            0,
            time.time(),
        )
        with self.transaction() as db:
            db.execute("DELETE FROM runs WHERE run_dir = ?", (key,))
            db.execute(f"INSERT INTO runs ({', '.join(RUN_COLUMNS)}) VALUES ({', '.join('?' * len(RUN_COLUMNS))})", row)

    @staticmethod
    def _write_values(db: sqlite3.Connection, run_dir: str, checklist_name: str, checklist: ChecklistFile) -> int:
        count = 0
        for item, values in checklist.items.items():
            settled = checklist.none_in_record(item)
            if not values and settled:
                db.execute(
                    'INSERT INTO "values" (run_dir, checklist, item, position, value, item_status, none_reason) '
                    "VALUES (?, ?, ?, 0, '', 'none_in_record', ?)",
                    (run_dir, checklist_name, item, settled.model_dump_json()),
                )
            for position, value in enumerate(values):
                review = value.review
                decision = (review.decision, review.reason, review.reviewer, review.time) if review else (None,) * 4
                cursor = db.execute(
                    'INSERT INTO "values" (run_dir, checklist, item, position, value, item_status, support, '
                    "review_decision, review_reason, reviewer, review_time) VALUES (?, ?, ?, ?, ?, 'value', ?, ?, ?, ?, ?)",
                    (run_dir, checklist_name, item, position, value.value, value.support, *decision),
                )
                db.executemany(
                    "INSERT INTO evidence (value_id, position, document, quote, start_char, end_char, page, status) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (cursor.lastrowid, i, e.document, e.quote, e.start_char, e.end_char, e.page, e.status)
                        for i, e in enumerate(value.evidence)
                    ],
                )
                count += 1
        return count

    def rebuild(self, run_dirs: Iterable[Path]) -> tuple[int, int, list[str]]:
        """Index every run folder; returns (runs, values, problems). An unreadable folder is reported, not fatal."""
        runs = values = 0
        problems: list[str] = []
        for run_dir in run_dirs:
            try:
                values += self.record_run(run_dir)
                runs += 1
            except StoreError as e:
                problems.append(str(e))
        return runs, values, problems

    # -- reading -------------------------------------------------------------------------
    def count(self, table: str) -> int:
        if table not in ("runs", "values", "evidence"):
            raise ValueError(table)
        return self.db.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0]

    def query(self, sql: str, parameters: tuple | dict = ()) -> tuple[list[str], list[tuple]]:
        cursor = self.db.execute(sql, parameters)
        return [d[0] for d in cursor.description or []], cursor.fetchall()
