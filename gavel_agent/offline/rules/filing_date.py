"""GAVEL filing date: the day the case's first pleading was filed, from a docket's opening entries,
a complaint's stamp or caption, or a paper's account of when the action began.
"""

from __future__ import annotations

import re
from datetime import date

from gavel_agent.offline.registry import DocInfo, Finding, extractor, settles
from gavel_agent.offline.rules.candidates import docket_opening_dates, docket_opening_day, is_docket
from gavel_agent.offline.rules.docket_entries import first_entry
from gavel_agent.offline.rules.text import (
    doc_date,
    is_type,
    listed_date,
    parse_date,
    sentence_at,
    show_date,
    signature_dates,
)
from gavel_agent.text.regexes import DATE, MONTH, filed_stamp

# Filing-date patterns also read a date written with dashes, as old typed dockets and some stamps and
# accounts write it ("3-14-64  Filing Original Complaint", "Filed 02-29-1980", "filed on 1-25-21");
# elsewhere such a run of numbers is more often a docket or paper number than a day.
_FILED_DATE = rf"(?:{DATE}|(?<![\w-])\d{{1,2}}-\d{{1,2}}-(?:19|20)?\d{{2}}(?![\w-]))"
# "Document 1 Filed 02/28/23": the first docket entry of a case is its complaint.
_FIRST_ENTRY_STAMP = filed_stamp("1")
# A docket sheet: the first entry under its column heads opened the case. The heads vary by court:
# PACER's "Date Filed # Docket Text", state appellate registers' "Filed Date Docket Entry" or
# "Date Description", Massachusetts' "Entry Date Paper Entry Text", and old typed sheets' "DATE ...
# PROCEEDINGS" (whose OCR may put a line or two of other column heads between the heads and the first entry).
_DOCKET_HEAD = re.compile(
    r"(?:Date\s+Filed\s+#?\s*Docket\s+Text|Filed\s+Date\s+Docket\s+Entry|(?:Filing\s+)?Date\s+Description|(?-i:PROCEEDINGS)"
    r"|Entry\s+Date\s+Paper\s+Entry\s+Text)"
    rf"(?:[^\n\d]*\n){{0,3}}?\s*({_FILED_DATE})(?P<entry>[^\n]{{0,80}})",
    re.I,
)
_PLEADING_ENTRY = re.compile(r"COMPLAINT|PETITION|NOTICE\s+OF\s+REMOVAL", re.I)
# Other papers that open a case (old cases' sheets often start years later, mid-case).
_OPENING_ENTRY = re.compile(r"CIVIL\s+COVER|CASE\s+(?:ASSIGNED|ENTERED)|forma\s+pauperis|APPLICATION|^\s*1\s", re.I)
_DOCKET_COMPLAINT = re.compile(
    rf"^\s*({_FILED_DATE})\s+(?:#\s*)?(?P<number>\d{{1,3}})?\.?\s*(?:Fil(?:ed|ing)\s+(?:the\s+)?)?"  # a typed sheet's "1. Filed Complaint"
    r"(?:CLASS\s+ACTION\s+|VERIFIED\s+|CIVIL\s+RIGHTS\s+|ORIGINAL\s+)?(?:COMPLAINT|PETITION)\b",
    re.I | re.M,
)
# The case header of a docket report: PACER's "Crutchfield v. Wright  Date Filed: 08/08/1988", state
# courts' "File Date: 9/21/2006" or "Filing Date: ...", Massachusetts' "Entry Date  05/06/2004" (and an
# appeal's "TC Entry Date", the day the trial court case was entered).
_CASE_HEADER_FILED = re.compile(
    rf"\b(?:(?:Date\s+Filed|Fil(?:e|ing)\s+Date):|(?:TC\s+)?Entry\s+Date:?)\s*({_FILED_DATE})", re.I
)
# An old typed docket ("DATE  PROCEEDINGS") writes the year on a line of its own above the month and
# day of each entry: "1972\nSep 28 1.  Complaint." or "1973\nJuly  26  1.  Filed Complaint".
_TYPED_FIRST_ENTRY = re.compile(
    rf"^[ \t]*((?:19|20)\d\d)[ \t]*\n[ \t]*({MONTH})[ \t]+(\d{{1,2}})[ \t]+1[ \t]*\.?[ \t]+(?:Filed[ \t]+)?"
    r"(?:(?:Class[ \t]+Action|Verified|Original)[ \t]+)?(?:Complaint|Petition)\b",
    re.M | re.I,
)
# A state-court caption line: "Complaint Filed: Oct. 3, 2008", "Action Filed: ...".
_CAPTION_FILED = re.compile(rf"\b(?:Complaint|Petition|Action)\s+Filed:?\s*({_FILED_DATE})", re.I)
_ANY_STAMP = re.compile(rf"\bFiled:?\s*({_FILED_DATE})", re.I)
# A court's e-filing stamp, the court on lines of its own between "FILED" and the date:
# "FILED\nClay Co. Circuit Court\n4th Judicial Circuit\nDate: 4/23/2020 4:03 PM", "Filed in District
# Court\nState of Minnesota\n1/23/2023 9:40 AM", "E-FILED\n Monday, 27 July, 2020  05:18:16 PM".
_COURT_STAMP = re.compile(
    r"^\s*(?:(?:E-?)?FILED|(?:FILED|Filed)[ \t]+in[ \t]+[^\n]{0,40})\s*\n(?:[^\n]{0,60}\n){0,3}?\s*(?:Date:?\s*)?"
    rf"(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+)?({_FILED_DATE})",
    re.M,
)
# A state clerk's e-filing header on every page of a paper: "FILED: NEW YORK COUNTY CLERK 07/11/2016 07:58 PM".
_CLERK_STAMP = re.compile(rf"\bFILED:\s+[A-Z][A-Z .'-]{{0,40}}?\bCLERK\s+({_FILED_DATE})")
# A pleading signed in its closing words: "Respectfully submitted this 15th day of August, 2018".
_SUBMITTED = re.compile(rf"\bsubmitted,?\s+(?:this|on)\s+({_FILED_DATE})", re.I)
# Running text may break a sentence's words with an abbreviation's period ("filed by Ms. Warren on",
# "against defendant H. Miller on"); other periods and semicolons end the sentence.
_NO_STOP = r"(?:[^.;]|(?<=\b[A-Z])\.|(?<=\bM[rs])\.|(?<=\bMrs)\.|(?<=\bNo)\.|(?<=\bInc)\.|(?<=\bCo)\.)"
_FILED_ON = re.compile(
    r"\b(?:filed|commenced|initiated|brought|instituted)\s+(?:this|the|her|his|their|its|a|an)?\s*"
    r"(?:original\s+|initial\s+|putative\s+)?(?:class[- ]action\s+|civil\s+|pro\s+se\s+)?"
    r"(?:action|suit|lawsuit|case|complaint|petition)\b"
    + _NO_STOP
    + r"{0,80}?\bon\s+"
    + f"({_FILED_DATE})"
    + r"|\bOn\s+(?:or\s+about\s+)?"
    + f"({_FILED_DATE})"
    + r",?\s+(?:[A-Z][\w.'’-]*\s+){0,6}(?:filed|commenced|brought|initiated|instituted|sued)\b(?![^.;]{0,40}\bamended)"
    + r"|\b(?:initiated|commenced|began)\s+(?:by|with)\s+the\s+filing\s+of\s+[^.;]{0,120}?\b(?:complaint|petition)\b[^.;]{0,80}?\bon\s+"
    + f"({_FILED_DATE})"
    + r"|\bfiling\s+of\s+(?:the|their|his|her|its|this)\s+(?:original\s+)?(?:complaint|petition)\s+on\s+"
    + f"({_FILED_DATE})"
    + r"|\b(?:suit|action|case|lawsuit|complaint|petition)\s+was\s+(?:originally\s+)?(?:begun|commenced|filed|instituted)\s+(?:on\s+)?"
    + f"({_FILED_DATE})"
    + r"|\b(?:action|suit|case|lawsuit|litigation)\s+(?:\w+\s+)?(?:began|commenced)\s+on\s+"
    + f"({_FILED_DATE})"
    + f"|({_FILED_DATE}),?\\s+when\\s+(?:the|this|plaintiffs?)\\s+(?:\\w+\\s+){{0,2}}(?:lawsuit|action|suit|complaint|petition)\\s+was\\s+filed"
    # "a Petition for Declaratory Relief filed by Michelle Warren ("Petitioner") on March 17, 2020"
    + r"|\b(?:complaint|petition)\b"
    + _NO_STOP
    + r"{0,80}?\bfiled\s+by\b"
    + _NO_STOP
    + r"{0,120}?\bon\s+"
    + f"({_FILED_DATE})"
    + r"|\b(?:a|an|the|their|its)\s+"
    + f"({_FILED_DATE})"
    + r",?\s+(?:class[- ]action\s+|verified\s+)?(?:complaint|petition)\b"
    # Applications to the court (FISA, ex parte) open a matter by submission rather than by complaint.
    + r"|\b(?:application|petition|complaint)\b[^.;]{0,80}?\b(?:submitted|filed|presented)\s+(?:to|with|in)\s+(?:the|this)\s+Court\s+on\s+"
    + f"({_FILED_DATE})"
    + r"|\bOn\s+"
    + f"({_FILED_DATE})"
    + r",?\s+(?:[A-Za-z.'’-]+\s+){1,4}submitted\s+(?:a|an|its|the)\s+(?:draft\s+)?application\b",
    re.I,
)
# An opinion's opening names the paper that brought the matter before the court, often by its long
# quoted title, and says when it was filed: "This matter is before the Court on the "Government's Ex
# Parte Submission of ... Certifications," which was filed on July 15, 2015" (the submission or
# application that opens an ex parte matter; a motion's opening names a later paper).
_MATTER_BEFORE = re.compile(
    r"\bbefore\s+the\s+[^.;]{0,80}?\bCourt\b[^.;]{0,60}?\bon\s+(?:the\s+)?[“\"]?"
    r"(?=[^.;]{0,80}?\b(?:submission|application|petition|complaint)\b)(?![^.;]{0,40}?\b(?:motion|amended)\b)"
    rf"[^.;]{{0,300}}?[”\"]?,?\s+which\s+was\s+(?:submitted|filed|presented)\s+(?:(?:to|with|in)\s+(?:the|this)\s+Court\s+)?on\s+({_FILED_DATE})",
    re.I,
)
# An agency's findings letter dates the investigation it reports by the notice that opened it ("On May 30,
# 2007, we notified you of our intent to conduct an investigation"): the matter's opening when no suit followed.
_INVESTIGATION_NOTICE = re.compile(
    rf"\bOn\s+({_FILED_DATE}),?\s+(?:we|the\s+United\s+States|this\s+Department)\s+(?:notified|informed|advised)\b[^.;]{{0,80}}?"
    r"\b(?:intent(?:ion)?\s+to\s+(?:conduct\s+an\s+|open\s+an\s+)?investigat|(?:were|was)\s+(?:commencing\s+|opening\s+)?(?:an?\s+)?(?:\w+\s+)?investigat)",
    re.I,
)
_COMPLAINT_TITLE = re.compile(
    r"(?:CLASS\s+ACTION\s+|VERIFIED\s+|CIVIL\s+RIGHTS\s+|ORIGINAL\s+)?(?:COMPLAINT|PETITION)\b[^\n]{0,80}"
)
_COMPLAINT_WORD = re.compile(r"\b(?:complaint|petition)\b[^\n]{0,80}", re.I)
_AMENDED_BEFORE = re.compile(r"\bamended\s+(?:class\s+action\s+)?$", re.I)  # "the amended complaint was filed on"
# Later pleadings: an amended or supplemental complaint, a complaint in intervention.
_AMENDED = re.compile(
    r"\b(?:AMENDED|SUPPLEMENTAL)\s+(?:CLASS\s+ACTION\s+)?(?:COMPLAINT|PETITION)|\bIN\s+INTERVENTION\b", re.I
)
# A docket's entry printed with a paper ("Signed by Judge X. (Entered: 11/19/2019)") is not the pleader's signature.
_COURT_SIGNATURE = re.compile(r"(?:ENTERED|Entered|SO\s+ORDERED)\b|Signed\s+by\b")


def _date_finding(text: str, m: re.Match, confidence: float) -> Finding | None:
    d = parse_date(next(g for g in m.groups() if g))  # the first group that took part holds the date
    if d is None:
        return None
    quote = m.group(0).strip()
    if len(quote) < 12:
        quote = sentence_at(text, m.start(), m.end()).of(text)
    return Finding(show_date(d), quote, confidence)


def _typed_entry(m: re.Match) -> Finding | None:
    """A typed docket's first entry, its date put together from the year line and the entry's month and day."""
    d = parse_date(f"{m[2]} {m[3]}, {m[1]}")
    return Finding(show_date(d), m.group(0).strip(), 0.9) if d else None


def _docket_head_confidence(entry: str) -> float:
    """How surely a docket's first entry opened the case; 0 for any other paper (a sheet that lists
    the newest entry first, or one that starts mid-case, says nothing of the filing there)."""
    if _PLEADING_ENTRY.search(entry):
        return 1.0
    return 0.7 if _OPENING_ENTRY.search(entry) else 0.0


def _docket_complaints(text: str) -> list[re.Match]:
    """A docket's entries of the complaint: its first entry's, or the first one of any number (a case
    the clerk opened on a motion or a declaration files its complaint as a later entry)."""
    entries = list(_DOCKET_COMPLAINT.finditer(text))
    first = [m for m in entries if m["number"] in (None, "1")]
    return first or entries[:1]


@extractor("gavel", "filing_date")
def filing_date(text: str, doc: DocInfo) -> list[Finding]:
    """Candidate filing dates, most certain first by confidence: the original complaint's own stamp
    or docket entry, then its date in the case listing, then docket headers, then narrative."""
    found: list[Finding | None] = []
    amended = is_type(doc, "amended", "intervention", "supplemental") or bool(_AMENDED.search(text[:2000]))
    # An order "Regarding Petition for Declaratory Relief" is the court's paper, not the pleading.
    complaint = is_type(doc, "complaint", "petition") and not amended and not re.match(r"order|opinion", doc.type, re.I)
    found += [_date_finding(text, m, 1.0 if not amended else 0.3) for m in _FIRST_ENTRY_STAMP.finditer(text)]
    if is_type(doc, "docket"):
        found += first_entry(text, doc)
        found += [
            _date_finding(text, m, c)
            for m in _DOCKET_HEAD.finditer(text)
            if (c := _docket_head_confidence(m.group("entry")))
        ]
        found += [_date_finding(text, m, 0.9) for m in _docket_complaints(text)]
        found += [_date_finding(text, m, 0.85) for m in _CASE_HEADER_FILED.finditer(text, 0, 3000)]
        if typed := _TYPED_FIRST_ENTRY.search(text):  # the sheet's first entry only
            found.append(_typed_entry(typed))
    if complaint:
        stamps = (_ANY_STAMP, _COURT_STAMP, _CLERK_STAMP)
        found += [_date_finding(text, m, 0.9) for pattern in stamps for m in pattern.finditer(text)]
        # The complaint's own date in the case listing, quoted with the complaint's title.
        found.append(
            listed_date(doc, _COMPLAINT_TITLE.search(text) or _COMPLAINT_WORD.search(text), 0.95)
        )  # OCR'd captions lose the title
        # Signed the day it was filed, the signature date is the best quote for the listing's date;
        # otherwise it is only a bound (pleadings are often signed days before they are filed).
        signed = [(d, quote) for d, quote in signature_dates(text) if not _COURT_SIGNATURE.match(quote)]
        signed += [(d, m.group(0)) for m in _SUBMITTED.finditer(text) if (d := parse_date(m[1]))]
        found += [Finding(show_date(d), quote, 0.96 if d == doc_date(doc) else 0.6) for d, quote in signed]
    elif amended and re.match(r"complaint|petition", doc.type, re.I):
        # A later pleading's date in the case listing: only a weak candidate, for a case whose listing
        # holds no original complaint (the plan reads an amended one then).
        heading = _AMENDED.search(text) or _COMPLAINT_TITLE.search(text) or _COMPLAINT_WORD.search(text)
        found.append(listed_date(doc, heading, 0.3))
    found += [
        _date_finding(text, m, 0.8) for m in _CAPTION_FILED.finditer(text)
    ]  # names the original filing even in later papers
    found += [_date_finding(text, m, 0.5) for m in _MATTER_BEFORE.finditer(text)]
    if is_type(doc, "findings", "investigation"):
        found += [_date_finding(text, m, 0.3) for m in _INVESTIGATION_NOTICE.finditer(text)]
    for m in _FILED_ON.finditer(text):
        # A plaintiff who later joined or intervened filed a later paper, not the case's first.
        if not re.search(
            r"amended|motion|appeal|brief|notice|joined|interven", m.group(0), re.I
        ) and not _AMENDED_BEFORE.search(text, max(0, m.start() - 24), m.start()):
            found.append(_date_finding(text, m, 0.5))
    return [f for f in found if f]


@settles("gavel", "filing_date")
def docket_over_listing(kept: list[int], rows: list[dict]) -> list[int]:
    """The case's own docket settles the opening day: a chosen date no court stamp writes (a complaint's
    date in the case listing or by its signature, often days before filing; an opinion's account of
    the history) yields to the day the docket records, and of the days several dockets record (a
    consolidated or reopened case's, a paper docket's), the earliest opened the case."""
    if not kept:
        return kept
    chosen = parse_date(rows[kept[0]]["value"])
    opened = docket_opening_dates(rows)
    day = docket_opening_day(rows, opened)
    if chosen is None or day is None or chosen == day:
        return kept
    if any(_stamps(rows[i]["quote"], chosen) and not is_docket(rows[i]) for i in kept):
        return kept  # the paper's own stamp
    return opened[day]


def _stamps(quote: str, day: date) -> bool:
    """Whether a quote is a court's filing stamp of that day ("Document 1 Filed 03/22/2005", "FILED ... Date: 4/23/2020")."""
    return any(
        parse_date(m[1]) == day
        for pattern in (_FIRST_ENTRY_STAMP, _ANY_STAMP, _COURT_STAMP, _CLERK_STAMP)
        for m in pattern.finditer(quote)
    )
