"""The filings and rulings a Clearinghouse record lists, as references for GAVEL's important_filings and
court_rulings items.

The coding has no field of its own for either item; what it holds is its listing of the case's papers,
each with a coded ``document_type``, a day (``date``, with ``date_is_estimate``) and a title. The
papers coded "Complaint" or "Pleading / Motion / Brief" are the case's filings the Clearinghouse chose
to keep, those coded "Order/Opinion" its rulings. A paper's kinds are what its title says it is about
(``crlc_papers.json``: "Memorandum in Support of Motion for Summary Judgment" is about summary judgment,
"Motion to Dismiss the Complaint" about dismissal); a listed complaint is a complaint or an amended one.

An extracted value matches a listed paper when it writes the paper's day and, where the title names
kinds, names one of them too ("May 2, 2023: Motion to dismiss" matches the defendants' motion to dismiss
listed that day, not their answer). The listing holds some of a case's papers, not all: recall against it
is fair, precision is a floor (a value may be a real filing the Clearinghouse did not keep).

These are references for measuring an extraction, never inputs to one.
"""

from __future__ import annotations

import json
import re
from datetime import date
from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field

from gavel_agent.text.values import dates, full_date

TABLE_FILE = Path(__file__).with_name("crlc_papers.json")


class ListedPaper(BaseModel):
    day: date
    kinds: list[str] = Field(default_factory=list)  # empty: the title names no kind, the day alone decides


@cache
def _table() -> dict:
    return json.loads(TABLE_FILE.read_text(encoding="utf-8"))


@cache
def _kind_patterns() -> list[tuple[str, re.Pattern]]:
    return [(row["kind"], re.compile(row["pattern"], re.I)) for row in _table()["kinds"]]


def kinds_named(text: str) -> list[str]:
    """The kinds a title or a value names, in the table's order."""
    return [kind for kind, pattern in _kind_patterns() if pattern.search(text)]


def _listed(record: dict, types: list[str]) -> list[ListedPaper]:
    papers = []
    for doc in record.get("documents") or []:
        kind_of_paper = doc.get("document_type")
        if kind_of_paper not in types or str(doc.get("date_is_estimate")) == "True":
            continue
        day = full_date(str(doc.get("date") or ""))
        if day is None:
            continue
        papers.append(ListedPaper(day=day, kinds=paper_kinds(kind_of_paper, str(doc.get("title") or ""))))
    return papers


def paper_kinds(document_type: str, title: str) -> list[str]:
    """What a listed paper is about: a complaint is its pleading kind; in another paper's title a pleading
    is what the paper answers or asks to dismiss, so it counts only when the title names nothing else."""
    named = kinds_named(title)
    pleadings = _table()["pleading_kinds"]
    if document_type == _table()["complaint_type"]:
        return [next((k for k in named if k in pleadings), pleadings[-1])]
    return [k for k in named if k not in pleadings] or named


def listed_filings(record: dict) -> list[ListedPaper]:
    """The record's listed complaints, motions and briefs with a real (not estimated) day, in listing order."""
    return _listed(record, _table()["filing_types"])


def listed_rulings(record: dict) -> list[ListedPaper]:
    """The record's listed orders and opinions with a real (not estimated) day, in listing order."""
    return _listed(record, _table()["ruling_types"])


def value_matches(paper: ListedPaper, value: str, *, by_day_only: bool = False) -> bool:
    """Whether an extracted value writes the paper's day and (unless ``by_day_only``, or the title named
    no kind) names one of its kinds."""
    if (paper.day.year, paper.day.month, paper.day.day) not in dates(value):
        return False
    return by_day_only or not paper.kinds or bool(set(paper.kinds) & set(kinds_named(value)))
