"""A second quote for a dated value whose quote does not state its date.

The rules often date a ruling or a filing by its paper (the date the case listing gives it) and
quote the words that say what it is ("IT IS SO ORDERED."). The write tools refuse a value whose
quotes do not state its date, so before writing, each such value's paper is searched for its
date in the forms papers write it (a signature line, a filing stamp), and the hit is added as a
second quote. A paper that never writes the date gets none, and its value is refused.
"""

from __future__ import annotations

import re

from gavel_agent.documents.docket import DOCKET_TYPE
from gavel_agent.offline.registry import DocInfo
from gavel_agent.text.regexes import DAY_OF, MONTH_NAMES
from gavel_agent.text.values import DateParts, without_dates
from gavel_agent.tools.quotes import quote_problem
from gavel_agent.tools.search import Hit
from gavel_agent.tools.support import content_stems, unstated_dates

Call = tuple[str, dict]
QUOTE_BEFORE, QUOTE_AFTER = 60, 60  # characters of a hit's snippet kept around the date (a docket entry follows it)
STAMP_HITS = 5  # hits looked at per search: the one sharing most words with the value is quoted


def date_pattern(parts: DateParts) -> str | None:
    """A regular expression for a full date as papers write it ("June 14, 1991", "JUN 14 1991",
    "14th day of June, 1991", "6/14/91", "1991-06-14"); None for a date without its day."""
    year, month, day = parts
    if year is None or month is None or day is None:
        return None
    name = MONTH_NAMES[month - 1]
    sept = r"|Sept\.?" if month == 9 else ""
    months = rf"(?:{name}|{name[:3]}\.?{sept})"
    ordinal = rf"0?{day}(?:st|nd|rd|th)?"
    return (
        rf"\b(?:{months}\s+{ordinal},?\s+{year}"
        rf"|{ordinal}\s+{DAY_OF}{months},?\s+{year}"
        rf"|0?{month}/0?{day}/(?:{year}|{year % 100:02d})\b"
        rf"|{year}-{month:02d}-{day:02d})"
    )


def docket_papers(docs: dict[str, DocInfo]) -> list[str]:
    """The case's dockets: the docket document the case builds from its entries (type "docket") and any
    paper a listing types "Docket"."""
    return [name for name, doc in docs.items() if doc.type.lower() == DOCKET_TYPE]


def stamp_searches(values: dict[str, list[dict]], documents: list[str] | None = None) -> list[tuple[str, int, Call]]:
    """(item, value index, search call) for each value whose quotes leave its date unstated: searched
    in the value's own paper, or with ``documents`` in those (the case's dockets)."""
    if documents == []:
        return []
    calls = []
    for key, entries in values.items():
        for i, entry in enumerate(entries):
            missing = unstated_dates(entry["value"], [e["quote"] for e in entry["evidence"]])
            pattern = date_pattern(missing[0]) if missing else None
            if pattern and entry["evidence"]:
                where = documents or [entry["evidence"][0]["document"]]
                search = {"query": pattern, "mode": "regex", "flags": "i", "top_k": STAMP_HITS, "documents": where}
                calls.append((key, i, ("search", search)))
    return calls


def add_stamps(
    values: dict[str, list[dict]], calls: list[tuple[str, int, Call]], found: list[list[Hit]], shared: int = 0
) -> None:
    """Add the hit sharing most words with the value, cut to the words around its date, as a second quote
    (a docket may date several entries that day); ``shared``: the fewest of the words of the value and its
    quotes a hit must hold (a date in another paper is the value's only where that paper names what it dates). Once the
    stamp states the value, a quote too short to check ("ORDER") is left out rather than refuse it."""
    for (key, i, (_, search)), hits in zip(calls, found):
        # What the value dates: its words and its quotes' (a filing date's value is a date, its quote the
        # paper's title); a month's name is no shared word.
        entry = values[key][i]
        own = content_stems(without_dates(" ".join([entry["value"], *(e["quote"] for e in entry["evidence"])])))
        for hit in sorted(hits, key=lambda h: -len(own & content_stems(without_dates(h.snippet)))):
            date = re.search(search["query"], hit.snippet, re.I)
            if date is None or len(own & content_stems(without_dates(hit.snippet))) < shared:
                continue
            start = hit.snippet.rfind(" ", 0, max(0, date.start() - QUOTE_BEFORE)) + 1
            end = hit.snippet.find(" ", date.end() + QUOTE_AFTER)
            quote = hit.snippet[start : end if end >= 0 else len(hit.snippet)].strip()
            evidence = [e for e in values[key][i]["evidence"] if quote_problem(e["quote"]) is None]
            # where it was found: the snippet folds whitespace, so the quote lies at or a little after this
            near = hit.start_char + start
            values[key][i]["evidence"] = [*evidence, {"document": hit.document, "quote": quote, "near_char": near}]
            break
