"""What each paper of a case is, as its own pages say: its docket entry (ECF number) and the day it was
filed, what kind of paper it is, and whether its text is missing.

- ECF number and filed day: the source's own number (a Clearinghouse record's ``ecf_number``), else
  the CM/ECF stamp ("Case 1:25-cv-01266-TNM Document 30 Filed 07/21/25 Page 1 of 48"; PDF readers
  keep the first page's stamp aside, since the text leaves stamps out); the day from the stamp, else
  from the case's docket (its entry of that number).
- Kind: a phrase of ``paper_types.json`` in the document's title, else in its caption's title line
  ("PLAINTIFFS' MOTION FOR PRELIMINARY INJUNCTION" is a motion whatever the file was called).
- No text: a document whose text is (next to) nothing but page stamps and page numbers, as a scan's
  text layer often is, is flagged so that a reader knows the paper was not read.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from gavel_agent.case_identity import CAPTION_CHARS
from gavel_agent.documents import docket as dockets
from gavel_agent.text import pages as text_pages
from gavel_agent.text.regexes import PAGE_STAMP_RE

if TYPE_CHECKING:
    from gavel_agent.case import Document

NO_TEXT = "no text: scanned, OCR needed"
# Fewer letters than this per page outside page furniture is a paper whose text was not read.
MIN_LETTERS_PER_PAGE = 40
MAX_ENTRY_DIGITS = 6  # longer "Document" numbers are appellate courts' document ids, not docket entries
TITLE_LINE_CHARS = 150  # a caption's title line is short ...
TITLE_LEAD_CHARS = 40  # ... and names the paper near its start ("PLAINTIFFS' JOINT MOTION ...")
# After the stamp's document number: its filing day ("Filed 07/21/25", "Page: 1 Date Filed: 12/22/2020").
_FILED = re.compile(r"[^\n]{0,40}?\bFiled:?\s*(\d{1,2}/\d{1,2}/\d{2,4})", re.I)
# A one-word type followed by a number's label is a caption's label ("Docket No. 12"), not a title.
_LABEL_AFTER = re.compile(r"\s*(?:No\b|Nos\b|Number\b|#)", re.I)


@dataclass(frozen=True)
class PaperFacts:
    ecf_number: str | None
    filed: str | None  # ISO day
    kind: str  # "" when neither title nor caption names it
    no_text: bool


@cache
def _phrases() -> tuple[re.Pattern, dict[str, str]]:
    """One pattern of every type phrase, longest first (so the longest wins at a place), and phrase -> type."""
    data = json.loads(resources.files("gavel_agent.documents").joinpath("paper_types.json").read_text("utf-8"))
    kinds = {" ".join(p.lower().split()): t["type"] for t in data["types"] for p in t["phrases"]}
    alternation = "|".join(r"\s+".join(map(re.escape, p.split())) for p in sorted(kinds, key=lambda p: (-len(p), p)))
    return re.compile(rf"(?<![\w'])(?:{alternation})(?![\w])", re.I), kinds


def _kind_in(line: str, lead: int) -> str:
    """The type a line names with a phrase starting within its first ``lead`` characters, written as a
    title writes it (capitalised: "in order to" is no order)."""
    pattern, kinds = _phrases()
    for m in pattern.finditer(line):
        if m.start() > lead:
            break
        phrase = " ".join(m.group(0).lower().split())
        if not m.group(0)[0].isupper() or (" " not in phrase and _LABEL_AFTER.match(line, m.end())):
            continue
        return kinds[phrase]
    return ""


def paper_kind(title: str, text: str) -> str:
    """What kind of paper: named by its title, else by the first title line of its caption."""
    if kind := _kind_in(title.strip(), len(title)):
        return kind
    for line in text[:CAPTION_CHARS].splitlines():
        line = line.strip()
        if line and len(line) <= TITLE_LINE_CHARS and (kind := _kind_in(line, TITLE_LEAD_CHARS)):
            return kind
    return ""


def stamped_entry(stamp_text: str) -> tuple[str | None, str | None]:
    """(ECF number, ISO filed day) from the first CM/ECF stamp in the text; None where it says neither."""
    m = PAGE_STAMP_RE.search(stamp_text)
    if m is None:
        return None, None
    entry = m.group("entry")
    filed = _FILED.match(stamp_text, m.end())
    return (
        entry if len(entry.split("-")[0]) <= MAX_ENTRY_DIGITS else None,
        dockets.iso_day(filed.group(1)) if filed else None,
    )


# Asked of every document at every step and every listing: a case of more papers than this would
# rescan them all each time.
@lru_cache(maxsize=4096)
def mostly_furniture(text: str, pages: int = 0) -> bool:
    """Whether the text is (next to) nothing but page stamps and page numbers, over ``pages`` pages (a
    PDF's page map, whose text keeps no page marks), else over the pages its marks show."""
    letters = sum(c.isalpha() for c in text)
    furniture = sum(sum(c.isalpha() for c in text[s:e]) for s, e in text_pages.furniture(text))
    pages = max(1, pages or len(text_pages.page_starts(text)))
    return letters - furniture < MIN_LETTERS_PER_PAGE * pages


def paper_facts(doc: Document, docket_days: dict[str, str]) -> PaperFacts:
    """What ``doc`` is; ``docket_days`` maps the case docket's entry numbers to their filing days."""
    ecf, filed = stamped_entry(doc.stamp or doc.text[:CAPTION_CHARS])
    ecf = doc.ecf_number or ecf
    if ecf and not filed:
        filed = docket_days.get(ecf) or docket_days.get(ecf.split("-")[0])
    is_docket = doc.type.lower() == dockets.DOCKET_TYPE
    kind = dockets.DOCKET_TYPE if is_docket else paper_kind(doc.title if doc.title != doc.name else "", doc.text)
    return PaperFacts(ecf, filed, kind, not is_docket and mostly_furniture(doc.text, len(doc.page_starts)))


def case_docket_days(documents: list[Document]) -> dict[str, str]:
    """Entry number -> filing day from the case's docket documents (written as ``docket.docket_text`` writes)."""
    days: dict[str, str] = {}
    for doc in documents:
        if doc.type.lower() == dockets.DOCKET_TYPE:
            days.update(dockets.filed_days(doc.text))
    return days
