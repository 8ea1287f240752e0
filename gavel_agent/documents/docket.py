"""The docket as a document: one line per entry, in entry order, as a reader scans a docket sheet.

    12 | 2023-05-02 | ORDER granting 9 Motion to Dismiss. Signed by Judge Carl J Barbier on 5/2/2023.
    13 | 2023-05-03 | NOTICE OF APPEAL by Jane Doe. [Attachments: 1 Exhibit A; 2 Civil Cover Sheet]

Entries come from a Clearinghouse record's ``main_docket.docket_entries`` or CourtListener's
``/docket-entries/``; both give an entry number (none for minute entries), the day filed and the
clerk's text. Written like this, the docket is an ordinary text document (read by token range,
searched, quoted), and the ECF number -> filed day map can be read back from it, also from a
docket file an import wrote. Docket sheets that arrive as files (a PACER report saved as PDF or
text) are recognised by their name or their header.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gavel_agent.text.values import full_date

DOCKET_TYPE = "docket"
NO_NUMBER = "-"  # a minute entry's number column
NO_DATE = "undated"


@dataclass(frozen=True)
class DocketEntry:
    number: str  # "" for an unnumbered (minute) entry
    filed: str | None  # ISO day
    text: str
    attachments: list[str] = field(default_factory=list)  # "1 Civil Cover Sheet", in attachment order


def iso_day(raw: str | None) -> str | None:
    day = full_date(raw or "")
    return day.isoformat() if day else None


def _number_key(number: str) -> tuple[int, str]:
    digits = re.match(r"\d+", number)
    return (int(digits.group(0)) if digits else 0, number)


def in_entry_order(entries: list[DocketEntry]) -> list[DocketEntry]:
    """Numbered entries by number; each unnumbered one before the first numbered entry filed after it
    (a docket's row order is not kept by the services, and its dates alone misorder late-filed entries)."""
    numbered = sorted((e for e in entries if e.number), key=lambda e: _number_key(e.number))
    loose = sorted((e for e in entries if not e.number), key=lambda e: e.filed or "9999")
    out: list[DocketEntry] = []
    for entry in numbered:
        while loose and entry.filed and (loose[0].filed or "9999") < entry.filed:
            out.append(loose.pop(0))
        out.append(entry)
    return out + loose


def _one_line(text: str) -> str:
    return " ".join((text or "").split())


def entry_line(entry: DocketEntry) -> str:
    line = f"{entry.number or NO_NUMBER} | {entry.filed or NO_DATE} | {_one_line(entry.text)}"
    if entry.attachments:
        line += " [Attachments: " + "; ".join(_one_line(a) for a in entry.attachments) + "]"
    return line


def docket_text(entries: list[DocketEntry]) -> str:
    """The docket document's text: one line per entry, in entry order."""
    return "\n".join(entry_line(e) for e in in_entry_order(entries))


def docket_parts(entries: list[DocketEntry]) -> tuple[str, str, str | None]:
    """The docket as a document's text, title and date (its opening day), for a loader or an importer."""
    return docket_text(entries), f"Docket ({len(entries)} entries)", opening_day(entries)


def opening_day(entries: list[DocketEntry]) -> str | None:
    """The day the docket opened: its earliest entry's."""
    return min((e.filed for e in entries if e.filed), default=None)


def _attachment(row: dict) -> str:
    number = row.get("attachment_number")
    description = _one_line(row.get("description") or "") or "attachment"
    return f"{number} {description}" if number is not None else description


def entries_from_records(rows: list[dict]) -> list[DocketEntry]:
    """Entries as the Clearinghouse (``docket_entries``) and CourtListener (``/docket-entries/``) list them:
    ``entry_number``, ``date_filed``, ``description``, and attachments (the Clearinghouse's ``attachments``,
    CourtListener's ``recap_documents`` past the main document)."""
    out = []
    for row in rows:
        if not isinstance(row, dict):
            continue
        attached = row.get("attachments") or [r for r in row.get("recap_documents") or [] if r.get("attachment_number")]
        text = row.get("description") or ""
        if not text.strip():  # CourtListener keeps the clerk's short text on the main document
            main: dict = next((r for r in row.get("recap_documents") or [] if not r.get("attachment_number")), {})
            text = main.get("description") or ""
        number = row.get("entry_number")
        out.append(
            DocketEntry(
                number=str(number).strip() if number is not None else "",
                filed=iso_day(row.get("date_filed")),
                text=text,
                attachments=[_attachment(a) for a in attached if isinstance(a, dict)],
            )
        )
    return out


# A line of the docket document: "12 | 2023-05-02 | ORDER ..."
_LINE = re.compile(rf"^(?P<number>\S+) \| (?P<filed>\d{{4}}-\d{{2}}-\d{{2}}|{NO_DATE}) \| ", re.M)


# A docket sheet's entry line: its day filed, then its number.
_SHEET_ENTRY = re.compile(r"^[ \t]*(\d{1,2}/\d{1,2}/\d{2,4})[ \t]+(\d{1,6})(?=\s)", re.M)


def is_entry_list(text: str) -> bool:
    """Whether the text is a docket written as ``docket_text`` writes it (its first line an entry's)."""
    return _LINE.match(text) is not None


def filed_days(text: str) -> dict[str, str]:
    """ECF number -> day filed, from a docket document's lines, written as ``docket_text`` writes them or
    as a docket sheet lists them (day, then number: "08/31/2020  5   ORDER: ...")."""
    listed = {
        m.group("number"): m.group("filed")
        for m in _LINE.finditer(text)
        if m.group("number") != NO_NUMBER and m.group("filed") != NO_DATE
    }
    if listed:
        return listed
    return {number: day for raw, number in _SHEET_ENTRY.findall(text) if (day := iso_day(raw)) is not None}


# A docket sheet's header as PACER and state registers write it (a title line of its own, not a letter's
# "the docket sheet is enclosed").
_SHEET_HEAD = re.compile(
    r"CIVIL\s+DOCKET\s+FOR\s+CASE\s*#|CRIMINAL\s+DOCKET\s+FOR\s+CASE\s*#|Date\s+Filed\s+#\s+Docket\s+Text"
    r"|Filed\s+Date\s+Docket\s+Entry|^[ \t]*(?-i:DOCKET\s+(?:SHEET|REPORT))[ \t]*$",
    re.I | re.M,
)
# "docket.pdf", "02-docket.txt", "docket-sheet.pdf" (not "docket-entry-12-order.pdf", a paper named by its entry)
_NAMED_DOCKET = re.compile(
    r"^(?:\d+[-_ ])?(?:civil[-_ ])?docket(?:[-_ ](?:sheet|report|entries|pacer))?(?:[-_ ]\d+)?$", re.I
)
SHEET_HEAD_CHARS = 3000


def is_docket_sheet(name: str, text: str) -> bool:
    """A docket saved as a file: named so ("docket.pdf", "02-docket.txt"), headed like a docket report,
    or written as our docket document (its lines numbered, dated and piped)."""
    if _NAMED_DOCKET.match(name):
        return True
    head = text[:SHEET_HEAD_CHARS]
    return bool(_SHEET_HEAD.search(head)) or len(_LINE.findall(head)) >= 3
