"""GAVEL monitoring: the monitor appointed, and what the monitor's reports find."""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding, extractor
from gavel_agent.offline.rules.text import (
    MAX_QUOTE_CHARS,
    PERSON_RE,
    doc_date,
    flat,
    is_type,
    matching_sentences,
    person_name,
    sentence_findings,
    sentence_spans,
    show_date,
)

_ROLE = r"(?:(?i:Independent)\s+|Court\s+|Federal\s+|Compliance\s+)?(?:Monitor|Special\s+Master|Co-Neutrals?|Receiver)"
# A person's title before the name and degrees after it: "Dr. Nadia Kessler-Ruiz, M.D., M.P.H.,".
_TITLE = r"(?:(?:Dr|Mr|Ms|Mrs|Hon|Prof)\.\s+)?"
_DEGREES = r"(?:,?\s*(?:M\.D|Ph\.D|J\.D|M\.P\.H|M\.S\.W|R\.N|Esq|LCSW|MPH|MSW|MD|PhD)\.?)*"
_MONITOR_PATTERNS = [
    re.compile(
        rf"(?i:appoint\w*|select\w*|retain\w*|designat\w*|nam\w*)\s+{_TITLE}({PERSON_RE.pattern}){_DEGREES}\s*,?\s+(?:\([^)]*\)\s*)?(?i:as|to\s+serve\s+as)\s+(?:the\s+)?{_ROLE}"
    ),
    re.compile(rf"\b(?:the\s+)?{_ROLE}\s*,\s+{_TITLE}({PERSON_RE.pattern})"),
    re.compile(
        rf"({PERSON_RE.pattern}){_DEGREES}\s+(?i:is|was|shall\s+be|will\s+be)\s+(?:(?i:hereby)\s+)?(?:(?i:appointed)\s+(?:(?i:as)\s+)?)?(?:(?i:the)\s+)?{_ROLE}\b"
    ),
    re.compile(rf"({PERSON_RE.pattern}){_DEGREES}\s*,?\s+(?:the\s+|as\s+)?{_ROLE}\b"),
]


@extractor("gavel", "monitor_name")
def monitor_name(text: str, doc: DocInfo) -> list[Finding]:
    found = []
    for confidence, pattern in zip((1.0, 0.8, 1.0, 0.6), _MONITOR_PATTERNS):
        for m in pattern.finditer(text):
            name = person_name(m.group(1))
            if name:
                found.append(Finding(name, m.group(0).strip(), confidence))
    return found


_REPORT_FINDING = re.compile(r"\b(?:substantial|partial|non-?)\s*compliance\b|\bin\s+compliance\b|\bcomplied\b", re.I)
_REPORT_MENTION = re.compile(rf"\b{_ROLE}['’]?s?\s+(?:\w+\s+){{0,3}}reports?\b", re.I)


# A rating given as a label of its own ("Rating: Partial Compliance.") says nothing until it is named by
# what it rates: the provision its paragraph heads with ("9. Funded positions and vacancy rate (¶ 14).
# ... Rating: ..."), else the sentence before it.
_RATING_LABEL = re.compile(r"(?:(?:compliance\s+)?rating|finding|status)\s*:\s*", re.I)
_PARAGRAPH_HEADING = re.compile(r"\s*(?P<number>[IVX]+\.|\d+\.|[A-Z]\.)?\s*(?P<title>[^.\n]{3,120}?)\.(?=\s)")
_LABEL_WORDS = 8  # a finding this short is a label, not one naming what it rates
_HEADING_WORDS = 12  # a paragraph's first sentence this short names its provision; a longer one is a finding


def _rated_subject(text: str, start: int, end: int) -> tuple[str, str] | None:
    """A short rating sentence at text[start:end] as "<what it rates>: <rating>", quoted from where that
    subject starts; None when its paragraph gives no subject within a quote's length."""
    blank_line = text.rfind("\n\n", 0, start)
    paragraph = blank_line + 2 if blank_line >= 0 else 0
    heading = _PARAGRAPH_HEADING.match(text, paragraph, start)
    if blank_line < 0 and not (heading and heading["number"]):
        return None  # a window read from inside the paragraph: what it rates may be in the part not read
    if heading and len(heading["title"].split()) <= _HEADING_WORDS:
        subject, since = flat(heading["title"]), paragraph
    else:
        before = [s for s in sentence_spans(text) if paragraph <= s.start and s.end <= start]
        if not before:
            return None
        subject, since = flat(before[-1].of(text), 160).rstrip("."), before[-1].start
    if end - since > MAX_QUOTE_CHARS:
        return None
    return f"{subject}: {flat(_RATING_LABEL.sub('', text[start:end], count=1)).rstrip('.')}", text[since:end]


# A row of a ratings table, one provision a line: "¶ 15 Escorts — Non-Compliance". Without stops, a
# sentence splitter reads the whole table as one sentence; each row is a finding of its own.
_RATING_ROW = re.compile(
    r"^[ \t]*(?:¶[ \t]*(?P<paragraph>\d+)[ \t]+)?(?P<subject>[^\n—–]{3,80}?)[ \t]+[—–][ \t]+(?P<rating>[^\n]{0,120})$",
    re.M,
)


def _rating_rows(text: str) -> list[tuple[str, re.Match]]:
    """The ratings-table rows of ``text`` that open with a compliance finding, each as "<provision>: <rating>"."""
    rows = []
    for row in _RATING_ROW.finditer(text):
        if row.start() == 0:
            continue  # the window may open inside a row ("15 Escorts — ..." for "¶ 15 Escorts — ...")
        if _REPORT_FINDING.match(row["rating"]):  # a rating, not a prose line that happens to hold a dash
            where = f" (¶ {row['paragraph']})" if row["paragraph"] else ""
            rows.append((f"{flat(row['subject'])}{where}: {flat(row['rating'])}", row))
    return rows


@extractor("gavel", "monitor_reports")
def monitor_reports(text: str, doc: DocInfo) -> list[Finding]:
    if is_type(doc, "monitor", "receiver", "expert"):
        when = doc_date(doc)
        prefix = f"{show_date(when)}: " if when else ""  # the item's format: "[date]: [finding on compliance]"
        rows = _rating_rows(text)
        found = [Finding(prefix + value, row.group(0).strip(), 0.7) for value, row in rows]
        for span, _ in matching_sentences(text, _REPORT_FINDING):
            sentence = span.of(text)
            if sum(span.start <= row.start() < span.end for _, row in rows) > 1:
                continue  # a table read as one sentence: its rows are listed above
            if len(sentence.split()) > _LABEL_WORDS:
                found.append(Finding(prefix + flat(sentence, 180), sentence, 0.8))
            elif named := _rated_subject(text, span.start, span.end):  # a label naming nothing is left out
                found.append(Finding(prefix + named[0], named[1], 0.8))
        return found
    return sentence_findings(text, _REPORT_MENTION, 0.5) if is_type(doc, "order", "opinion", "docket", "motion") else []
