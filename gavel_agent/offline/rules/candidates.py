"""What the rules' settlers and the learned choice both read off an item's candidate rows: a value's
category, the date it states, the dates its quote writes, and the day the case's own dockets say it opened.
"""

from __future__ import annotations

import re
from datetime import date
from functools import lru_cache

from gavel_agent.offline.rules.text import dates_in, parse_date
from gavel_agent.text.regexes import filed_stamp

DOCKET_KIND = re.compile(r"docket", re.I)  # a document's type or title that names a docket

COUNSEL_CATEGORIES = {
    "Government": ("Government",),
    "Public interest": ("Public interest", "Legal aid"),
    "Pro se": ("Pro se",),
    "Private": ("Private",),
}


def category(value: str) -> str:
    """A value's category: the kind of counsel ("Plaintiff: Public interest (ACLU)" -> "Public interest"),
    the kind of class ("Plaintiffs: Class action (class certified)" -> "Class action (class certified)")."""
    value = value.split(": ", 1)[1] if ": " in value else value
    for name, prefixes in COUNSEL_CATEGORIES.items():
        if value.startswith(prefixes):
            return name
    return value.split(" (", 1)[0] if value.startswith(("Government", "Private")) else value


@lru_cache(maxsize=4096)
def stated_date(value: str) -> date | None:
    """The date a value states ("March 3, 2005", "Decree: March 3, 2005"); values without digits state none."""
    if not re.search(r"\d", value):
        return None
    return parse_date(value.split(": ")[-1]) or parse_date(value)


OTHER_CASE = re.compile(r"\brelated\b|\bappeal|\bappellate|\bcircuit\b", re.I)


# A docket document's entry line writes its day as ISO ("1 | 2023-01-17 | COMPLAINT"), which prose does not.
_ISO_DAY = re.compile(r"(?<![\d-])\d{4}-\d{2}-\d{2}(?![\d-])")


@lru_cache(maxsize=8192)
def written_dates(quote: str) -> frozenset[date]:
    iso = (parse_date(m.group(0)) for m in _ISO_DAY.finditer(quote))
    return frozenset(d for d, _ in dates_in(quote)) | {d for d in iso if d}


# A docket's own record of the opening (its header's "Date Filed", its first pleading's entry) is the
# court's: a case listing's date or a narrative's that no such entry writes is usually another paper's.
DOCKET_RECORD_CONFIDENCE = 0.85
# A case transferred from another court opens this court's docket on the transfer, not the filing.
_TRANSFERRED = re.compile(r"\btransferred\b|\bTRANSFER", re.I)


def is_docket(row: dict) -> bool:
    return bool(DOCKET_KIND.search(row["doc_type"] + " " + row["doc_title"]))


def docket_opening_dates(rows: list[dict]) -> dict[date, list[int]]:
    """The opening dates the case's own dockets write (not a related case's or an appeal's docket,
    nor one a transfer opened), each with the indices of the rows that write it."""
    out: dict[date, list[int]] = {}
    transferred = {r["document"] for r in rows if _TRANSFERRED.search(r["quote"])}
    for i, r in enumerate(rows):
        d = stated_date(r["value"])
        if (
            d
            and r["confidence"] >= DOCKET_RECORD_CONFIDENCE
            and is_docket(r)
            and not OTHER_CASE.search(r["doc_title"])
            and r["document"] not in transferred
            and d in written_dates(r["quote"])
        ):
            out.setdefault(d, []).append(i)
    return out


# A filed paper's stamp ("Document 1 Filed 03/15/21"): in a docket's quote it is a stamp, not an entry.
_PAGE_STAMP = filed_stamp()


def docket_opening_day(rows: list[dict], opened: dict[date, list[int]]) -> date | None:
    """The day the case opened by its dockets: in each docket, its first pleading's entry before the
    header's "Date Filed" (which may be the day the clerk opened the file); across dockets, the earliest."""
    days = []
    for doc in {rows[i]["document"] for ix in opened.values() for i in ix}:
        mine = {d: [rows[i] for i in ix if rows[i]["document"] == doc] for d, ix in opened.items()}
        entries = [
            d
            for d, rs in mine.items()
            for r in rs
            if r["confidence"] > DOCKET_RECORD_CONFIDENCE and not _PAGE_STAMP.search(r["quote"])
        ]
        days.append(min(entries) if entries else min(d for d, rs in mine.items() if rs))
    return min(days) if days else None
