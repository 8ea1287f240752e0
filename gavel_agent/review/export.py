"""The reviewed checklists of every run as one JSON document, or as the results store's table of
values (the CSV ``gavel-agent export`` writes: one row per value, its decision, its first quote in
columns and all of its evidence as JSON), so a review and a batch export read the same way."""

from __future__ import annotations

from collections.abc import Iterable

from gavel_agent.results import tables
from gavel_agent.results.store import ResultsStore
from gavel_agent.review.decisions import RunReview
from gavel_agent.review.runs import Run


def as_json(runs: Iterable[Run]) -> dict:
    return {run.id: RunReview(run.dir).checklist().model_dump(mode="json") for run in runs}


def as_csv(runs: Iterable[Run]) -> str:
    store = ResultsStore()
    store.rebuild(run.dir for run in runs)
    text = tables.export(store, None, "csv")
    assert text is not None  # no file was named, so the table comes back as text
    return text
