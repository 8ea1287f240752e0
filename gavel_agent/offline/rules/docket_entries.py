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
# A docket numbered otherwise (a court of appeals' CM/ECF numbers entries by document id, "1207854707"; a
# district docket may begin with the entries kept after a paper docket) has no entry 1, and its first
# line may be any paper of the case. It opened the case only when the line is written as the opening
# pleading itself: the pleading's name first ("PETITION FOR REVIEW ... filed", "Complaint"), not a paper
# that names one ("ORDER denying motion to dismiss complaint").
_PLEADING_FIRST = re.compile(
    r"^(?:(?:CLASS\s+ACTION|VERIFIED|ORIGINAL|CIVIL\s+RIGHTS)\s+)?(?:COMPLAINT|PETITION|NOTICE\s+OF\s+REMOVAL)\b"
    r"(?!\s+(?:for|to)\s+(?:attorney|fees|costs|rehearing|contempt|leave))",
    re.I,
)
OPENING_PLEADING_CONFIDENCE = 1.0  # above every paper's own account: the clerk recorded the day
OTHER_OPENING_CONFIDENCE = 0.6  # a first entry of another kind (a motion, a cover sheet) may be later
# A first line read as the docket's start is as sure as a docket sheet's complaint entry, not as entry 1: a
# read that happens to open exactly at a later line looks the same.
FIRST_LINE_PLEADING_CONFIDENCE = 0.9


def first_entry(text: str, doc: DocInfo) -> list[Finding]:
    """The docket's first entry, as a filing-date candidate whose quote is the entry's line: sure when
    the entry is the opening pleading, weak otherwise. Lines are in entry order, so the entry numbered
    1 is the first wherever the window falls; in a docket numbered otherwise, the first line counts only
    when the text read begins with it and it is the opening pleading."""
    if not is_type(doc, "docket"):
        return []
    lines = list(_ENTRY_LINE.finditer(text))
    first = next((m for m in lines if m["number"] == "1"), None)
    if first is None:
        return _first_line_pleading(text, lines)
    day = parse_date(first["filed"])
    if day is None:
        return []
    opening = _OPENING_PLEADING.search(first["text"]) and not _LATER_PLEADING.search(first["text"][:80])
    confidence = OPENING_PLEADING_CONFIDENCE if opening else OTHER_OPENING_CONFIDENCE
    return [Finding(show_date(day), first.group(0).strip(), confidence)]


def _first_line_pleading(text: str, lines: list[re.Match]) -> list[Finding]:
    """A docket without entry 1: the first line, when the text read begins with it and it is the opening pleading."""
    if not lines or text[: lines[0].start()].strip():
        return []  # a read opening inside a line is a window into the docket's middle
    first = lines[0]
    day = parse_date(first["filed"])
    if day is None or not _PLEADING_FIRST.match(first["text"]) or _LATER_PLEADING.search(first["text"][:80]):
        return []
    return [Finding(show_date(day), first.group(0).strip(), FIRST_LINE_PLEADING_CONFIDENCE)]


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
