"""The case's docket as the case file writes it, one entry a line: ``12 | 2023-05-02 | ORDER ...``.

Rules read its entries here: the first entry's date, the day the case opened. The clerk's own record of
that day outranks a paper's account of it when the entry is the opening pleading.
"""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding
from gavel_agent.offline.rules.text import is_type, parse_date, show_date

# A line of the docket document (gavel_agent.documents.docket writes it): number or "-", ISO day, text.
_ENTRY_LINE = re.compile(r"^(?P<number>\S+) \| (?P<filed>\d{4}-\d{2}-\d{2}) \| (?P<text>[^\n]*)$", re.M)
# The papers that open a civil case in CM/ECF: the complaint, a petition, a notice removing a state case.
_OPENING_PLEADING = re.compile(r"^(?:[A-Z ,]*\s)?(?:COMPLAINT|PETITION|NOTICE\s+OF\s+REMOVAL)\b", re.I)
_LATER_PLEADING = re.compile(r"\b(?:AMENDED|SUPPLEMENTAL)\b|\bIN\s+INTERVENTION\b", re.I)
OPENING_PLEADING_CONFIDENCE = 1.0  # above every paper's own account: the clerk recorded the day
OTHER_OPENING_CONFIDENCE = 0.6  # a first entry of another kind (a motion, a cover sheet) may be later


def first_entry(text: str, doc: DocInfo) -> list[Finding]:
    """The docket's first entry, as a filing-date candidate whose quote is the entry's line: sure when
    the entry is the opening pleading, weak otherwise. Lines are in entry order, so the entry numbered
    1 is the first wherever the window falls; a docket numbered otherwise is not read."""
    if not is_type(doc, "docket"):
        return []
    first = next((m for m in _ENTRY_LINE.finditer(text) if m["number"] == "1"), None)
    day = parse_date(first["filed"]) if first else None
    if first is None or day is None:
        return []
    opening = _OPENING_PLEADING.search(first["text"]) and not _LATER_PLEADING.search(first["text"][:80])
    confidence = OPENING_PLEADING_CONFIDENCE if opening else OTHER_OPENING_CONFIDENCE
    return [Finding(show_date(day), first.group(0).strip(), confidence)]


# The clerk's note of who signed an entry's order: "Signed by Judge Carl J Barbier on 10/20/23",
# "Signed by Magistrate Judge Michael North".
_SIGNED_BY = re.compile(r"Signed\s+by\b", re.I)
# As sure as a docket header's "Assigned to": above a judge merely named, so that the judges' settler keeps
# a judge who signed two or more entries (each entry is a passage of its own).
DOCKET_SIGNED_CONFIDENCE = 0.9


def signing_entry(text: str, doc: DocInfo, start: int, end: int) -> str | None:
    """Where a docket document's entry says who signed it (``text[start:end]``, "Signed by Judge X"): the
    entry's line up to the name, a quote of its own for each entry a judge signed; None elsewhere."""
    if not is_type(doc, "docket") or not _SIGNED_BY.match(text, start):
        return None
    line_start = text.rfind("\n", 0, start) + 1
    return text[line_start:end] if _ENTRY_LINE.match(text, line_start) else None
