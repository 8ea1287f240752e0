"""The reviewed checklists of every run as one JSON document or a CSV table (one row per value and
quote: its evidence, page and the reviewer's decision)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from gavel_agent.review.decisions import RunReview
from gavel_agent.review.runs import Run

CSV_COLUMNS = (
    "run",
    "case",
    "item",
    "value_index",
    "value",
    "decision",
    "reason",
    "reviewer",
    "time",
    "document",
    "page",
    "start_char",
    "end_char",
    "status",
    "quote",
)


def as_json(runs: Iterable[Run]) -> dict:
    return {run.id: RunReview(run.dir).checklist().model_dump(mode="json") for run in runs}


def as_csv(runs: Iterable[Run]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for run in runs:
        checklist = RunReview(run.dir).checklist()
        for item, values in checklist.items.items():
            for i, value in enumerate(values):
                review = value.review
                decision = [
                    review.decision if review else "",
                    review.reason if review else "",
                    review.reviewer if review else "",
                    review.time if review else "",
                ]
                for ev in value.evidence or [None]:
                    where = (
                        [ev.document, ev.page, ev.start_char, ev.end_char, ev.status, ev.quote]
                        if ev
                        else ["", "", "", "", "", ""]
                    )
                    writer.writerow([run.id, checklist.case, item, i, value.value, *decision, *where])
    return out.getvalue()
