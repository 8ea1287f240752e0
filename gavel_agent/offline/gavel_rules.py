"""GAVEL rule extractors, basic case information: filing date, parties, class action, counsel.

The other GAVEL groups live in ``rules_legal``, ``rules_court`` and ``rules_relief``;
shared helpers and the vocabulary tables in ``rules_text`` and ``gavel_tables.json``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from gavel_agent.case_identity import DOCKET, STATES
from gavel_agent.offline.party_features import OFFICES, institution_word, names_an_institution
from gavel_agent.offline.registry import DocInfo, Finding, best_of_each, extractor, settles
from gavel_agent.offline.rules_text import (
    DATE,
    MONTH,
    Span,
    compiled,
    doc_date,
    filed_stamp,
    flat,
    is_type,
    listed_date,
    matching_sentences,
    name_word,
    parse_date,
    sentence_at,
    show_date,
    signature_dates,
)
from gavel_agent.offline.selection_features import category, docket_opening_dates, docket_opening_day, is_docket

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


# -- parties ---------------------------------------------------------------------

# A caption labels the side ("Plaintiffs,", "Petitioner-Appellant.", "Plaintiff/Appellant,", "Plaintiff(s)"
# at a line's end or before the next column's text); running text ("a named plaintiff in a class action")
# uses the word without a label's punctuation.
_PLAINTIFF_LABEL = (
    r"\b(?:Plaintiffs?|Petitioners?)(?:\s*\(\s*s\s*\))?(?:\s?[-/]\s?[A-Za-z]+)?(?=\s*(?:[,.;:)]|$)|[ \t]{2,})"
)
_PLAINTIFF_MARK = re.compile(rf"^[^\n]*{_PLAINTIFF_LABEL}[^\n]*$", re.M | re.I)
_VERSUS = re.compile(r"(?:^|\s|\))(?:v\.?|vs\.?|versus|-\s*v\s*-|-vs-?|-\s*against\s*-)(?=\s|\)|$)", re.M | re.I)
_DEFENDANT_MARK = re.compile(r"\b(?:Defendants?|Respondents?)\b", re.I)
# The defendants' label as a caption writes it ("Defendants.", "Defendants-Appellees,"), not the word in
# the running text a two-column opinion page sets beside its caption ("against defendants essentially").
_DEFENDANT_LABEL = re.compile(
    r"\b(?:Defendants?|Respondents?)(?:\s*\(\s*s\s*\))?(?:\s?[-/]\s?[A-Za-z]+)?(?=\s*(?:[,.;:)]|$)|[ \t]{2,})",
    re.I | re.M,
)
# Lines above the parties: court name, district, stamps, rules.
_CAPTION_HEAD = re.compile(
    r"^[^\n]*(?:COURT|DISTRICT|DIVISION|_{5,}|Document\s+\d+|PageID|Page\s+\d+\s+of)[^\n]*\n", re.M | re.I
)
_CAPTION_NOISE = re.compile(
    r"[)(\[\]|§*_:\\–—]+|\b(?:Case|Index)\s*No\.?.*$|\bCivil\s+Action.*$|\bNo\.(?:\s*\S+)?|\bCLASS\s+ACTION\b.*$"
    r"|\b(?:DEMAND\s+FOR\s+)?JURY\s+TRIAL(?:\s+DEMAND(?:ED)?)?|\b\d+\s+U\.?\s?S\.?\s?C\.?.*$|\b(?:INJUNCTIVE|DECLARATORY)\b.*$"
    rf"|(?:{DOCKET}).*$|-{{3,}}X?|\bSh(?:ield)?\.?\s+No\.?\s*\d+"  # a docket number, a "------X" rule, an officer's shield
    r"|^\s*\d{1,3}\.?(?=\s)|(?<![\w.])\d{1,3}(?![\w.])",
    re.I,
)
# Caption lines that name the court's officers or the case, not a party.
_NOT_PARTY_LINE = re.compile(
    r"\bHon\.|\bMag\.|\b(?:Honorable|Judge|Magistrate|SECTION|DIVISION|COMPLAINT|Document|PageID)\b|\d:\d{2}-", re.I
)
CAPTION_LOOKBACK_CHARS = 800
CAPTION_NAMES = 6  # plaintiffs kept per caption or party list: the lead parties, not a class roster
# Defendants kept per caption or party list: a suit against a government names its agencies and
# officials one after another ("DEPARTMENT OF DEFENSE and CENTRAL INTELLIGENCE AGENCY and ..."), and
# the coding lists most of them; the learned choice weighs them.
CAPTION_DEFENDANTS = 16
CAPTION_CUT_CHARS = 1500  # a caption's defendants run at most this far past its "v."
# Reporter citations, statute sections and rules: an opinion's "A v. B, 800 F.2d 1 (2d Cir. 1986)" read as
# a caption, not a party's name.
_NOT_A_NAME = re.compile(
    r"\b(?:F\.\s?(?:2d|3d|4th|Supp)|U\.\s?S\.\s*(?:C\.|[,\d])|S\.\s?Ct|Cir\.|L\.\s?Ed|Fed\.\s?R|Cal\.\s?(?:App|Rptr|\d))",
    re.I,
)
# A court's heading run into the names below it ("Southern District of Mississippi John M. Wages",
# "United States District Court for the District of Arizona, Tucson", "Court Use Only" of a state form):
# the court, not a party (the District of Columbia is one).
_COURT_HEADING = re.compile(
    r"^(?:For\s+the\s+)?(?:(?:Northern|Southern|Eastern|Western|Central|Middle)\s+District\s+of"
    r"|(?:United\s+States\s+)?District\s+Court\b|District\s+of\s+(?!Columbia)[A-Z]\w+,|Judicial\s+District\s+of)"
    r"|\bCourt\s+Use\s+Only\b|\bDetermined\s+by\s+(?:the\s+)?Court\b",
    re.I,
)
# Words of a paper's title or a statute that a two-column caption interleaves with the names
# ("ORDER DENYING IN PART WITHOUT PREJUDICE", "Civil Rights Act"): such a line is not a name.
_TITLE_WORDS = re.compile(
    r"\b(?:PREJUDICE|GRANTING|DENYING|CERTIFICATE|MAILING|MEMORANDUM|STIPULATION|Decree|Act|Constitutions?|Motion\s+(?:to|for))\b"
    r"|\bheadnote|\bcite\b",  # a reporter's headnote column beside an opinion's caption
    re.I,
)
# A piece of a postal address, set off by commas after a name: "245 Murray Lane", "SW", "12th Floor",
# and the state with its ZIP code ("DC 20528"), the piece before which is the city.
_ZIP_PIECE = re.compile(r"\b\d{5}(?:-\d{4})?\s*$")
_ADDRESS_PIECE = re.compile(
    r"\b\d+\w*\s+(?:[A-Z][\w.]*\s+){0,3}(?:Avenue|Ave|Street|St|Drive|Dr|Road|Rd|Lane|Ln|Boulevard|Blvd|Way|Place|Pl|Floor)\b"
    r"|\b(?:Avenue|Street|Boulevard|Suite|P\.?\s?O\.?\s+Box)\b|(?-i:\b(?:NW|SW|NE|SE|N\.W|S\.W)\b)",
    re.I,
)
# The office an official is sued as, which names the defendant the coding means ("KRISTI NOEM, in her
# official capacity as Secretary of Homeland Security, 245 Murray Lane" -> "Secretary of Homeland Security").
_OFFICIAL_AS = re.compile(
    r",?\s*(?:individually\s+and\s+)?in\s+(?:his|her|their|its)\s+(?:individual\s+and\s+)?official\s+capacit(?:y|ies)"
    r"\s+as\s+(?:the\s+)?(?P<office>[A-Z][^,;]{2,80}"
    # "... Department of Children, Youth, and Families": a body's name that lists its charges
    r"(?:(?:,\s*(?-i:[A-Z])[\w'’-]*)+,?\s+and\s+(?-i:[A-Z])[\w'’-]*)?"
    # "... as Secretary, United States Department of Health and Human Services": the office's agency after a comma
    r"(?:,\s*[^,;]{0,40}?\b(?:Department|Agency|Office|Board|Bureau|Commission|Administration|Authority)\b[^,;]{0,60})?)",
    re.I,
)
# What follows a party's name without being part of it: the capacity it is sued in, the class it leads,
# a description ("CITY OF PORTLAND, an Oregon municipal corporation").
_CAPACITY = re.compile(
    r",?\s*(?:individually|in\s+(?:his|her|their|its)\s+(?:individual|official)|on\s+behalf|and\s+similarly\s+situated).*$|,\s*an?\s+[a-z].*$",
    re.I,
)


def _without_address(name: str) -> str:
    """A name with the address that follows it dropped: of the comma-separated pieces, the longest
    that is no part of an address (a two-column caption can put the address first)."""
    pieces = name.split(",")
    address = {i for i, p in enumerate(pieces) if _ADDRESS_PIECE.search(p) or _ZIP_PIECE.search(p)}
    if not address:
        return name
    address |= {i - 1 for i in address if _ZIP_PIECE.search(pieces[i])}
    return max((p.strip() for i, p in enumerate(pieces) if i not in address), key=len, default="")


# Words that join the words of a name ("City of New York", "Bill de Blasio"), as a regex alternation.
SMALL_WORDS = "of|the|and|for|in|on|at|by|de|to"
# Running text beside a caption's names (a two-column opinion page): two longer words in lower case
# with nothing but joining words between ("estrogen hormones", "continues to engage"), before any
# description of the party ("..., as Governor", "by his next friend", "in their individual capacities");
# a name's own lower-case words are short ("de la", "van der", "et al").
_RUNNING_TEXT = re.compile(rf"\b[a-z]{{4,}}\s+(?:(?:{SMALL_WORDS})\s+)*[a-z]{{4,}}\b")
_DESCRIBED = re.compile(r"(?:,\s*|\s+)(?:as|by|under|in\s+(?:his|her|their|its|official))\b.*$")
_EDGE_DEBRIS = re.compile(
    rf"^(?:(?:[A-Z][A-Za-z.]{{1,6}}\s+)?\d{{5}}(?:-\d{{4}})?\s+(?:and\s+)?|(?i:and)\s+|[^A-Z“\"(]*(?=[A-Z“\"(]))|(?:\s+(?:{SMALL_WORDS}))+$"
)


# A word hyphenated at a line's end, once the lines are joined: "Reg- istrar", "Depart- ment of Health";
# and a hyphenated name broken there: "Diaz- Lara".
_SPLIT_WORD = re.compile(r"(?<=[a-z])-\s+(?=[a-z])")
_SPLIT_NAME = re.compile(r"(?<=[a-z])-\s+(?=[A-Z][a-z])")


def unsplit_words(text: str) -> str:
    """Text whose lines were joined by spaces, with each word or hyphenated name a line's end broke made
    whole again ("Reg- istrar" -> "Registrar", "Diaz- Lara" -> "Diaz-Lara")."""
    return _SPLIT_NAME.sub("-", _SPLIT_WORD.sub("", text))


def party_name(raw: str) -> str | None:
    """A party's name as a caption or party list writes it, without capacity or address; None when
    what is left is not a name (a citation, a paper's title, debris)."""
    name = unsplit_words(" ".join(raw.split())).strip(" ,.-")
    if _NOT_A_NAME.search(name) or _COURT_HEADING.search(name):
        return None
    official = _OFFICIAL_AS.search(name)
    if official:  # the name with its office, without the words of the capacity
        name = f"{name[: official.start()].strip(' ,')}, {official.group('office')}"
    name = _without_address(_CAPACITY.sub("", name)).strip(" ,.-")
    # A name starts at its first capital, after debris (line numbers, a ZIP code, OCR noise, the "AND"
    # left of a paper's title beside it), and does not end on a joining word the next column cut off.
    name = _EDGE_DEBRIS.sub("", name).strip(" ,.-")
    running = _RUNNING_TEXT.search(_DESCRIBED.sub("", name))
    if running:  # the name ends at the comma before the running text, if there is one
        name = name[: max(name.rfind(",", 0, running.start()), 0)].strip(" ,.-")
    if len(name) < 3 or len(name) > 90 or not re.search(r"[A-Z]", name) or _TITLE_WORDS.search(name) or "@" in name:
        return None
    # Each piece in capitals is written as a name: "MICHAEL REGAN, Administrator" -> "Michael Regan, Administrator".
    return ", ".join(capitalised(piece) if piece.isupper() else piece for piece in name.split(", "))


def capitalised(name: str) -> str:
    """An all-capitals name as a name is written: "CITY OF NEW YORK" -> "City of New York";
    acronyms and initials stay ("USA", "LLC", "U.S.", "DHS")."""
    small = SMALL_WORDS.split("|")
    return " ".join(w.lower() if i and w.lower() in small else name_word(w) for i, w in enumerate(name.split()))


SIDE_WORDS = r"Plaintiffs?|Defendants?|Petitioners?|Respondents?"
_SIDE = {"plaintiff": "Plaintiff", "petitioner": "Plaintiff", "defendant": "Defendant", "respondent": "Defendant"}


def _side(word: str) -> str:
    """Which side a label names: "Petitioners" -> "Plaintiff", "Respondent" -> "Defendant"."""
    return _SIDE[word.lower().rstrip("s")]


# A docket report's party list: the side on a line of its own (sometimes twice; not a header's
# "Jurisdiction: U.S. Government\nDefendant" wrapped above the first entry's side), the name on the
# next line, then (in the next column) "represented by" and the lawyers. A long name wraps onto
# the following line, set off from that column by a run of spaces.
_DOCKET_PARTY = re.compile(
    rf"^(?P<side>{SIDE_WORDS})[ \t]*\n(?:(?P=side)[ \t]*\n)?(?!(?:{SIDE_WORDS})[ \t]*$)"
    r"(?P<name>[^\n]{3,100}?)(?:[ \t]+represented[ \t]+by\b[^\n]*)?[ \t]*$"
    r"(?:\n(?P<wrap>[A-Za-z][^\n]{0,40}?)[ \t]{2,}\S[^\n]*)?",
    re.M,
)
# Lines that can follow a side label without being a party: page furniture, column rules, notes,
# a complaint's numbered paragraph or a paper's title.
_NOT_DOCKET_PARTY = re.compile(
    r"^(?:represented\b|\(|v\.|-|\d|(?:Brief|Motion|Order|Memorandum|Notice)\b)|:"
    rf"|\b(?:Case|Page|TERMINATED|As\s+of|{SIDE_WORDS})\b",
    re.I,
)


def docket_parties(text: str) -> list[Finding]:
    """Parties from a docket report's party list, at most as many per side as a caption keeps."""
    found: list[Finding] = []
    for m in _DOCKET_PARTY.finditer(text):
        name = " ".join(m.group("name").split()).strip(" ,.")
        if _NOT_DOCKET_PARTY.search(name) or not re.search(r"[A-Za-z]{2}", name) or re.fullmatch(DATE, name, re.I):
            continue
        # the lines below the name: its office ("Secretary of ..."), or the rest of a long name
        office, end = _docket_office(text, m.end("name"))
        wrap = m.group("wrap")
        if not wrap and _UNFINISHED.search(name) and (goes_on := _NEXT_LINES_WORD.match(text, m.end())):
            # a long name wrapped onto the next line, whose lawyers' column follows one space on
            # ("Department of Housing and Urban represented by ...\nDevelopment U.S. DEPARTMENT OF JUSTICE")
            wrap = goes_on.group(1)
        if not wrap and not office and (joined := _JOINED_LINE.match(text, m.end())):
            # the name goes on with a joining word on the next line ("United States Department of Health\nand
            # Human Services"), the lawyers' column (if any) set off beside it
            wrap, end = joined.group(1), max(end, joined.end(1))
        if wrap and not office and not _NOT_DOCKET_PARTY.search(wrap):
            name = " ".join(capitalised(part) if part.isupper() else part for part in (name, wrap.strip(" ,")))
        side = _side(m.group("side"))
        party = (office and party_name(f"{name}, {office}")) or party_name(name)
        if party and sum(f.value.startswith(side) for f in found) < _kept_per_side(side):
            found.append(Finding(f"{side}: {party}", text[m.start() : max(end, m.end())], 0.8))
    return found


# The first word of a party list's next line (the rest of a wrapped name, before the lawyers' column).
_NEXT_LINES_WORD = re.compile(r"\n[ \t]*([A-Z][A-Za-z]+)(?=[\s,;]|$)")
# The other column of a party list, on the lines of a party's description: its lawyers' notes.
_COUNSEL_COLUMN = re.compile(
    r"\(See\s+above\s+for\s+address\)|TERMINATED:.*$|LEAD\s+ATTORNEY|ATTORNEY\s+TO\s+BE\s+NOTICED|PRO\s+HAC\s+VICE",
    re.I,
)
# A party's description that says what office it holds: "in his official capacity as Director of
# (wrapped) Alameda County Health Care Services Agency", "Secretary of the California Health and ...".
_OFFICE_DESCRIPTION = re.compile(
    rf"^(?:(?:individually\s+and\s+)?in\s+(?:his|her|its|their)\s+official\b|(?:the\s+)?(?:[A-Z][\w.-]*\s+){{0,2}}"
    rf"(?:{OFFICES}|Administrator|Deputy)\b)",
    re.I,
)
DESCRIPTION_LINES = 3  # lines a party list's description of a party runs to


def _docket_office(text: str, start: int) -> tuple[str, int]:
    """The office a docket's party list describes a party by, on the lines below its name (the left
    column, without the lawyers' notes beside it), and where that description ends; ("", start) when
    the lines below say no office."""
    lines: list[str] = []
    end = start
    for k, line in enumerate(text[start:].split("\n", DESCRIPTION_LINES + 2)[1 : DESCRIPTION_LINES + 2]):
        # a description runs to DESCRIPTION_LINES lines, and one more where the last stops on a joining
        # word ("SECRETARY OF THE UNITED STATES\nDEPARTMENT OF HOUSING AND\nURBAN DEVELOPMENT")
        if k == DESCRIPTION_LINES and not re.search(rf"\b(?:{SMALL_WORDS})$", lines[-1] if lines else "", re.I):
            break
        left = _COUNSEL_COLUMN.sub(" ", re.split(r"[ \t]{2,}", line.strip(), maxsplit=1)[0]).strip()
        if not left or re.match(rf"(?:{SIDE_WORDS}|represented|\d|V\.?$)", left, re.I) or "@" in left:
            break
        lines.append(left)
        end = text.index(line, end) + len(line)
    description = " ".join(" ".join(lines).split())
    return (description, end) if _OFFICE_DESCRIPTION.match(description) else ("", start)


# The second half of an agency's name joined by "and" ("Department of Health and Human Services",
# "Immigration and Customs Enforcement"): words that name a public function, up to the next name, the
# agency's short name ("... Customs Enforcement ICE"), or a word that names the body after two of them
# ("Texas Health and Human Services Commission"; not "... and Housing Authority of ...", a new body).
_TAIL_WORD = (
    r"(?:(?:Human|Services|Customs|Enforcement|Urban|Development|Border|Protection|Family|Families|Protective"
    r"|Developmental|Disabilities|Public|Safety|Mental|Hygiene|Wildlife|Corrections?|Industry|Hospitals|Recreation"
    r"|Naturalization|Rehabilitation|Parole|Probation|Community|Welfare|Training|Research|Technology|Budget"
    r"|Environment(?:al)?|Energy|Commerce|Labor|Education|Youth|Aging|Justice|Firearms|Explosives|Transportation"
    r"|Housing|Agriculture|Conservation|Natural|Resources|Social|Health|Finance|Administration|Regulation|Licensure)\b\s*)"
)
_NAME_TAIL = (
    rf"(?i:{_TAIL_WORD}+(?:$|[,;(]|and\b|(?-i:[A-Z]{{2,6}})\s*(?:$|[,;(]))"
    rf"|{_TAIL_WORD}{{2,}}(?:Commission|Council|Agency|Division|Board|Office|Department)\b)"
)
# The end of an agency's name whose first words the "and" joins ("Commissioner of the Food and Drug
# Administration", "Centers for Medicare and Medicaid Services"): no new party starts at that "and".
_AGENCY_END = r"(?:[A-Z][\w'’-]*\s+){0,2}(?i:Administration|Services?|Management)\b\s*(?:$|[,;(])"
# A party list's next line that goes on with a joining word and the words of a public function ("United
# States Department of Health\nand Human Services"); the lawyers' column may follow one space on.
_JOINED_LINE = re.compile(rf"\n[ \t]*((?:and|of|for)[ \t]+{_TAIL_WORD}+)", re.I)


def _kept_per_side(side: str) -> int:
    return CAPTION_DEFENDANTS if side == "Defendant" else CAPTION_NAMES


def _party_columns(line: str) -> list[str]:
    """A caption line's columns (set off by runs of spaces) left of the first that names the court's
    officers or the case: "UBER TECHNOLOGIES, INC. and RASIER,  Notice of Related Case: 3:17-cv-02664"
    keeps its party; a line that starts with such a column keeps none."""
    columns = re.split(r"[ \t]{2,}", line)
    return next((columns[:i] for i, column in enumerate(columns) if _NOT_PARTY_LINE.search(column)), columns)


# The words of a capacity, which a caption's line may break from the "in his" before them.
_CAPACITY_WORDS = re.compile(r"\b(?:individual\s+and\s+)?(?:official|individual)\s+capacit(?:y|ies)\b", re.I)


def _caption_names(block: str, side: str) -> list[str]:
    names = []
    cleaned = " ".join(
        _CAPTION_NOISE.sub(" ", segment).strip()
        for line in block.splitlines()
        for segment in _party_columns(line)
        # the other column of a two-column opinion page, not a party's description (nor the rest of a
        # capacity a line broke: "DOUG BURGUM, in his\n) official capacity as Secretary of the")
        if not _RUNNING_TEXT.search(_DESCRIBED.sub("", _CAPACITY.sub("", _CAPACITY_WORDS.sub("", segment))))
    )
    cleaned = " ".join(re.sub(rf"\bet\s+al\.?|\b(?:{SIDE_WORDS})\b.*", "", cleaned, flags=re.I).split())
    # Split on "and", ";" and on commas before a new all-capitals name (not before "LLC", "INC" ..., nor
    # before the last of the charges a body's name lists: "DEPARTMENT OF CHILDREN, YOUTH, AND FAMILIES").
    for part in re.split(
        rf";|\band\s+(?=[A-Z])(?!{_NAME_TAIL}|{_AGENCY_END})|,\s*(?!(?:LLC|L\.L\.C|INC|CORP|CO|LTD|LP|N\.A)\b|AND\s+{_NAME_TAIL})(?=(?:[A-Z][A-Z]+\s){{1,}}[A-Z]+)",
        cleaned,
    ):
        name = party_name(part)
        # "AND" can still lead after a ZIP code the address left ("D.C. 20250 AND DUCHENEAUX"): no name.
        if name and not re.match(r"(?i)(?:and|the\s+honorable|the$|v\.?|vs\.?)\b", name):
            names.append(name)
    return names[: _kept_per_side(side)]


_LAWYERS_LINE = re.compile(r"\b(?:Attorneys?|Counsel)\s+for\b", re.I)


def caption_parties(text: str) -> list[Finding]:
    """Plaintiffs and defendants from a case caption ("A, Plaintiff, v. B, Defendant.")."""
    for marker in _PLAINTIFF_MARK.finditer(text):
        if _DOCKET_PARTY.match(text, marker.start()):
            continue  # a docket report's party list (docket_parties reads it): the lines above are its header
        word = re.search(_PLAINTIFF_LABEL, marker.group(0), re.I | re.M)
        assert word is not None  # _PLAINTIFF_MARK's match holds the label
        versus = _VERSUS.search(text, marker.start() + word.end(), marker.end() + 200)
        defendants = versus and (
            _DEFENDANT_LABEL.search(text, versus.end(), versus.end() + 1500)
            or _DEFENDANT_MARK.search(text, versus.end(), versus.end() + 1500)
        )
        # A read that ends inside a long caption (a first page of agencies with their addresses) holds
        # the names up to its end; the last may be cut off.
        if not versus:
            continue
        # Only a caption's own label line may run to the read's end: "Attorneys for Plaintiffs" over a
        # civil cover sheet's "Lindqvist v. Riverside County" is a signature block, not a caption.
        cut = (
            not defendants
            and len(text) - versus.end() <= CAPTION_CUT_CHARS
            and not _LAWYERS_LINE.search(marker.group(0))
        )
        if not (defendants or cut):
            continue
        start = max(0, marker.start() - CAPTION_LOOKBACK_CHARS)
        heads = list(_CAPTION_HEAD.finditer(text, start, marker.start()))
        start = heads[-1].end() if heads else start
        end = defendants.end() if defendants else len(text)
        quote = text[start:end].strip()
        plaintiff_block = text[start : marker.start() + word.start()]
        found = [Finding(f"Plaintiff: {n}", quote, 0.8) for n in _caption_names(plaintiff_block, "Plaintiff")]
        named = _caption_names(text[versus.end() : defendants.start() if defendants else end], "Defendant")
        found += [Finding(f"Defendant: {n}", quote, 0.8) for n in (named[:-1] if cut else named)]
        if found and len(quote) <= 3000:
            return found
    return []


_PARTY_SENTENCE = re.compile(
    rf"\b(?P<side>{SIDE_WORDS})\s+"
    r"(?P<name>(?:[A-Z][\w.&'’-]*|of|the|and|for|de|la)(?:[ \t]+(?:[A-Z][\w.&'’-]*|of|the|and|for|de|la|County|City)){0,9}?)"
    r"(?:\s*\([^)]{0,60}\))?(?:,?\s+(?:is|are|was|were)\s+(?:an?|the)\b"
    # "... is sued in her official capacity as the Secretary of ...", "..., acting in his official capacity as ..."
    r"|,?\s+(?:(?:is|was|are|were)\s+)?(?:sued\s+|acting\s+)?in\s+(?:his|her|their|its)\s+official\s+capacit(?:y|ies)\s+as\b"
    # "..., Secretary of the DOC, ..." (not a list's next party: "Defendants Riverside County, Sheriff Raymond ...")
    rf"|,\s+(?:the\s+)?(?:[A-Z][\w.-]*\s+){{0,3}}(?:{OFFICES})\s+(?:of|for)\b"
    # "... is Director of Federal Protective Services", "... was Acting Commissioner of ...": an office without an article
    rf"|,?\s+(?:is|was)\s+(?:[A-Z][\w.-]*\s+){{0,3}}(?:{OFFICES})\s+(?:of|for)\b)"
)

_LAST_OF_TWO = re.compile(r"\s+and\s+(?-i:[A-Z][a-z]+(?:\s+[A-Z]\.)?\s+[A-Z][a-z]+)$")

# An investigation letter's subject line: "Re: CRIPA Investigation of Fort Bayard Medical Center,\nBayard,
# New Mexico\nDear Governor ..." (to the salutation, or a blank line).
_LETTER_SUBJECT = re.compile(r"^\s*R[Ee]\s*:\s*(?P<subject>(?:(?!\n\s*\n|\bDear\b)[\s\S]){5,300})", re.M)
_SUBJECT_LEAD = re.compile(
    r"^(?:Findings\s+Letter\s+Regarding|Notice\s+of\s+Findings\s+of\s+Investigation,?|(?:(?:CRIPA|ADA|and)\s+)*Investigation\s+of)\s+(?:the\s+)?"
    r"|^.*?\bv\.\s+",  # "United States v. Essex County (Essex County Youth House)": the investigated side
    re.I,
)


def investigated_institutions(text: str, doc: DocInfo) -> list[Finding]:
    """The institutions an investigation letter's subject line names ("Dorothea Dix Hospital in Raleigh,
    Broughton Hospital in Morganton"), which stand for the defendants of an investigation that never
    became a lawsuit; the places beside them ("Winslow, New Jersey") are not."""
    if not is_type(doc, "findings", "investigation", "letter"):
        return []
    institution = institution_word()
    found = []
    for m in _LETTER_SUBJECT.finditer(text, 0, 5000):
        subject = _SUBJECT_LEAD.sub("", m.group("subject").strip())
        for piece in re.split(r"[,;()]", subject):
            # A name may wrap ("Broughton\nHospital"); a line after its last institution word is a
            # place or a reference number ("Helena", "OCR Reference No. 10136001").
            lines = piece.splitlines()
            named = [i for i, line in enumerate(lines) if institution.search(line)]
            name = named and party_name(re.sub(r"\s+in\s+[A-Z][\w ]*$", "", " ".join(lines[: named[-1] + 1])))
            if name:
                found.append(Finding(f"Defendant: {name}", m.group(0).strip(), 0.7))
    return found


# An official sued for the office, wherever a paper says so ("ROBERT L. CHILDREE, in his official capacity
# as Comptroller of the State of Alabama"): the office names the body the coding means, and only
# defendants are sued in an official capacity.
_SUED_AS_OFFICIAL = re.compile(
    r"(?P<name>(?-i:[A-Z][\w.'’-]+(?:[ \t]+(?:[A-Z][\w.'’-]*|de|la|van)){1,3})),?\s+(?:(?:is|was|are)\s+)?(?:sued\s+)?"
    r"(?:individually\s+and\s+)?in\s+(?:his|her)\s+(?:individual\s+and\s+)?official\s+capacity\s+as\s+(?:the\s+)?"
    r"(?P<office>(?-i:[A-Z])(?:[^,;.()\n]|(?<=\b[A-Z])\.){2,80})",  # "U.S." is no sentence's end
    re.I,
)


# A docket party list's other column, beside or below a party's name: its lawyers.
_LAWYERS_COLUMN = re.compile(r"\s*\brepresented\s+by\b|ATTORNEY\s+TO\s+BE\s+NOTICED", re.I)


def officials_sued(text: str) -> list[Finding]:
    """Officials sued in an official capacity, named with the office when the office names an institution."""
    found = []
    # every official a sentence names (a caption is one sentence), not only its first
    sued = [
        (span, m)
        for span, _ in matching_sentences(text, _SUED_AS_OFFICIAL)
        for m in _SUED_AS_OFFICIAL.finditer(text, span.start, span.end)
    ]
    for span, m in sued:
        name, office = " ".join(m.group("name").split()), unsplit_words(" ".join(_office_wrapped(text, m).split()))
        name = capitalised(name) if name.isupper() else name
        value = f"Defendant: {name}, {office}"
        # An office cut off by a line's end ("Director of the Colorado Department of") names no body; a
        # docket's party list sets the lawyers ("represented by") beside the name.
        cut = re.search(rf"\b(?:{SMALL_WORDS})$", office, re.I)
        listing = _LAWYERS_COLUMN.search(span.of(text))
        if not (cut or listing or re.match(rf"(?i)(?:{SIDE_WORDS}|The|This|In|On)\b", name)) and names_an_institution(
            value
        ):
            found.append(Finding(value, span.of(text), 0.5))
    return found


# An office's name wrapped onto the next line: the line breaks after a joining word ("Director of the
# Ohio Department of\nHuman Services"), or the next line goes on with one in lower case ("... of Job\nand
# Family Services").
_OFFICE_GOES_ON = re.compile(r"\n[ \t]*(?P<rest>[^,;.()\n]{1,60})")


def _office_wrapped(text: str, m: re.Match) -> str:
    """An official's office as _SUED_AS_OFFICIAL found it, with its next line when the name goes on there."""
    office = m.group("office")
    ends_joined = re.search(rf"\b(?:{SMALL_WORDS})[ \t]*$", office, re.I)
    more = _OFFICE_GOES_ON.match(text, m.end("office"))
    if more and (ends_joined or re.match(rf"(?:{SMALL_WORDS})\b", more.group("rest"))):
        return f"{office} {more.group('rest')}"
    return office


# An opinion's or a brief's own list of the defendants: "Defendants are the Board of Education, DOC,
# and ...", "The Complaint names seven Defendants: A; B; and C", "an action against Defendants A; B; ...".
# An initial's or an abbreviation's period ("L. ERIC PATTERSON", "the U.S. Marshals Service") ends no list.
_NOT_A_STOP = r"(?:[^.]|(?<=\b[A-Z])\.)"
_DEFENDANT_LIST = re.compile(
    r"\b(?:Defendants\s+(?:are|include)|(?:names|named|sued|against)\s+(?:\w+\s+)?(?:the\s+)?[Dd]efendants:?)"
    rf"\s+(?:(?P<list>{_NOT_A_STOP}{{10,1200}}?(?:[;,]\s*|\s)and\s+(?:(?!;){_NOT_A_STOP}){{3,120}}?)(?=(?<!\b[A-Z])\.\s|\s*\(collectively|$)"
    # a semicolon list the text read stops inside (a pleading's first page): its last piece may be cut off
    rf"|(?P<cut>{_NOT_A_STOP}{{10,1200}}?;{_NOT_A_STOP}*)\Z)"
)


# A comma or an "and" between a list's bodies, not the "and" inside an agency's name ("Department of
# Health and Human Services", "Centers for Medicare and Medicaid Services and Jane Roe").
_LIST_SEPARATOR = re.compile(
    rf",\s*(?:and\s+)?|\s+and\s+(?!{_NAME_TAIL}|(?:[A-Z][\w'’-]*\s+){{0,2}}(?i:Administration|Services?|Management)\b)"
)


def listed_defendants(text: str) -> list[Finding]:
    """The bodies a sentence lists as the defendants (people only with their office), split at its
    semicolons, or at its commas and "and" when it has none."""
    found = []
    for m in _DEFENDANT_LIST.finditer(text):  # a list's semicolons end no sentence here
        listing = " ".join((m.group("list") or m.group("cut")).split())
        pieces = re.split(r";\s*(?:and\s+)?", listing) if ";" in listing else _LIST_SEPARATOR.split(listing)
        for piece in pieces[:-1] if m.group("cut") else pieces:
            # without the short name the paper defines for it ("(“NJ DHS”)")
            name = party_name(re.sub(r"^(?:and|the)\s+|\s*\([\"“][^)]*\)", "", piece.strip()))
            if name and names_an_institution(f"Defendant: {name}"):
                found.append(Finding(f"Defendant: {name}", m.group(0), 0.6))
    return found


# The place a case is about, named in running text by the people it holds or what goes on there
# ("residents of the Beatrice State Home", "confined at the Hartford Juvenile Detention Center",
# "conditions at the Northwest Habilitation Center"): the coding often names the facility beside, or
# instead of, the officials a caption sues. A name is capitalised words that end on a facility's word
# (not a unit within one: "Special Housing Unit"). Not a place someone passed through ("held at",
# "admitted to", "committed to") or an inmate's address ("an inmate at ... Jail"): on the dev folds those
# named 20 uncoded facilities and one coded. Nor a jail, which the county or sheriff the papers sue runs
# (2 coded, 8 not on the dev folds), nor a name of kind words alone ("Detention Center").
_FACILITY_WORD = (
    r"(?:Center|Centre|Hospital|Facility|Institution|Penitentiary|Prison|School|Home|Manor"
    r"|Detention(?:\s+for\s+(?:Men|Women))?|Reformatory|Workhouse|Farm|Camp|Academy|Complex|Annex)"
)
_FACILITY_AT = re.compile(
    r"(?i:\b(?:residents?|patients?|detainees?|prisoners?|wards|conditions(?:\s+of\s+confinement)?|practices"
    r"|operation|confined|incarcerated|housed|hospitali[sz]ed|residing|resides?|placed|living|lives?)"
    r"\s+(?:at|in|of|to)\s+(?:the\s+)?)"
    rf"(?P<name>(?:[A-Z][\w.'’-]*[ \t\n]+(?:(?i:of|for|the|and)[ \t\n]+)?){{1,6}}(?=[A-Z])(?i:{_FACILITY_WORD}))\b"
)
# Words that say what kind of place a facility is without naming one ("Detention Center", "State
# Training School", "Adult Diagnostic and Treatment Center").
_FACILITY_KIND = re.compile(
    rf"(?:(?:{SMALL_WORDS}|State|County|City|Federal|Regional|Special|Adult|Juvenile|Youth|Boys'?|Girls'?"
    r"|Children's|Correctional|Detention|Diagnostic|Treatment|Training|Reception|Nursing|Care|Medical|Mental"
    rf"|Health|Psychiatric|Developmental|Rehabilitation|Adjustment|Residential)\s+)*{_FACILITY_WORD}",
    re.I,
)
FACILITY_CONFIDENCE = 0.3  # a party the papers never call one: the learned choice weighs it apart


def facilities_at_issue(text: str) -> list[Finding]:
    """Facilities running text says the case's people are held in or cared for at, as defendants."""
    found = []
    for span, _ in matching_sentences(text, _FACILITY_AT):
        for m in _FACILITY_AT.finditer(text, span.start, span.end):
            name = unsplit_words(" ".join(m.group("name").split()))
            name = capitalised(name) if name.isupper() else name
            if not _FACILITY_KIND.fullmatch(name):
                found.append(Finding(f"Defendant: {name}", span.of(text), FACILITY_CONFIDENCE))
    return found


# A settlement's title names its parties: "RESOLUTION AGREEMENT BETWEEN THE UNITED STATES AND THE CITY OF
# HOUSTON", "Memorandum of Agreement between the United States and Lorain County, Ohio". The side that
# is not the government suing (nor the plaintiffs) is the defendant.
_AGREEMENT_NAME = r"(?-i:(?!AND\b)[A-Z][\w.'’-]*(?:\s+(?:(?!AND\b)[A-Z][\w.'’-]*|of|the|for|OF|THE|FOR)){0,9}(?:,\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)?)"
_AGREEMENT_BETWEEN = re.compile(
    rf"\bAGREEMENT\s+BETWEEN\s+(?:THE\s+)?(?P<first>{_AGREEMENT_NAME})\s+AND\s+(?:THE\s+)?(?P<second>{_AGREEMENT_NAME})",
    re.I,
)
_SUING_SIDE = re.compile(r"^(?:United\s+States|U\.\s?S\.|Plaintiffs?|Parties|Petitioners?|Defendants?)\b", re.I)
_AGREEMENT_TOPIC = re.compile(r"\s+(?:Concerning|Regarding|Re|Under|Pursuant|Relating|On|In)\b", re.I)
AGREEMENT_TITLE_CHARS = 1500  # a title stands at the head of its paper


def agreement_parties(text: str) -> list[Finding]:
    """The defendant side of an agreement's title, where the title pairs it with the suing side."""
    m = _AGREEMENT_BETWEEN.search(text, 0, AGREEMENT_TITLE_CHARS)
    if not m or not _SUING_SIDE.match(m.group("first")):
        return []
    second = _AGREEMENT_TOPIC.split(m.group("second"), maxsplit=1)[0]
    if second.split()[0].isupper():  # a title in capitals ends where its capitals do
        words = second.split()
        kept = next((i for i, w in enumerate(words) if not (w.isupper() or w in ("of", "the", "for"))), len(words))
        second = second[: second.index(words[kept])] if kept < len(words) else second
    name = party_name(second)
    quote = m.group(0)[: m.start("second") - m.start() + len(second)]
    return [Finding(f"Defendant: {name}", quote, 0.7)] if name and not _SUING_SIDE.match(name) else []


# A party value's name (before any description) that is no party of this case: a cited case's party
# with its Westlaw cite ("City of New York, 2020 WL 1694300"), a paper's words or form ("Consent to
# Proceed Before a United States Magistrate Judge", "Case Number", "Proof of Service", "Notice of
# Filing", a recital's "Whereas", a complaint's "Paragraph 10 to ..."), a sentence about someone ("ALO is
# a resident of ...", "County officials who operate"), a company's suffix alone ("Inc").
_NOT_A_PARTY = re.compile(
    r"\b\d{4}\s+WL\s+\d|\bMagistrate\s+Judge\b|^Consent\s+to\b|^Paragraphs?\b|\bWhereas\b"
    r"|\bCase\s+Number\b|\bProof\s+of\s+Service\b|\bNotice\s+of\s+Filing\b"
    r"|\bis\s+an?\s+(?:resident|citizen)\b|^[^,]*\bwho\s+(?:operates?|is|are|was|were)\b"
    r"|^(?:Inc|LLC|Corp|Co|Ltd|LLP)\.?$",
    re.I,
)


# Words that say what kind of body or office a party is, or its charge, without naming one: a name of
# these words only ("Housing Authority", "Hospital", "Commissioner of Personnel", "Security Service")
# names no one body. A bare "Department of ..." does (a federal department is written so).
_KIND_WORD = (
    r"(?:the|of|and|for|State|County|City|Department|Office|Bureau|Board|Agency|Authority|Commission|Division"
    r"|Administration|Services?|Unit|Center|Hospital|Facility|School|Jail|Prison|Commissioner|Director|Officers?"
    r"|Housing|Security|Personnel|Family|Youth|Education|Health|Human|Police|Correction(?:s|al)?)"
)
_KIND_ONLY = re.compile(rf"{_KIND_WORD}(?:\s+{_KIND_WORD})*", re.I)


def _is_a_party(value: str) -> bool:
    name = value.split(": ", 1)[-1].split(" (", 1)[0]
    head = name.split(", ", 1)[0].strip(" ,.")
    kind_only = _KIND_ONLY.fullmatch(head) and not re.match(r"(?:The\s+)?Department\s+of\b", head, re.I)
    return not (_NOT_A_PARTY.search(name) or kind_only)


# Words a name's line or column runs on into after the name ends: "et al.", a stamp's or a paper's word
# ("Order", "represented"), an unfinished phrase ("sued", "acting", "and an", an opened "(See").
_TRAILING_DEBRIS = re.compile(
    r"(?:,?\s+(?:et\.?(?:\s*a[lI1]\.?)?|acting|sued|represented|order|and\s+an?)|\s+\(See)$", re.I
)


def _without_trailing_debris(finding: Finding) -> Finding:
    value = finding.value
    while (cut := _TRAILING_DEBRIS.sub("", value).rstrip(" ,")) != value:
        value = cut
    return replace(finding, value=value) if value != finding.value else finding


@extractor("gavel", "parties")
def parties(text: str, doc: DocInfo) -> list[Finding]:
    caption = caption_parties(text)
    found = caption + docket_parties(text) + investigated_institutions(text, doc) + listed_defendants(text)
    found += agreement_parties(text)
    # A caption's only defendant is the one the case is against, whatever it is ("PRIMELENDING, a
    # PlainsCapital Company"); beside others, a bare name is mostly an officer sued with a body.
    sole = [f for f in caption if f.value.startswith("Defendant: ")]
    sole = sole if len(sole) == 1 else []
    found = [f for f in found if not f.value.startswith("Defendant: ") or f in sole or names_an_institution(f.value)]
    # an official the caption already names, with the office or a description
    named = {_name_head(f.value).lower() for f in found}
    found += [f for f in officials_sued(text) if _name_head(f.value).lower() not in named]
    found += [f for f in facilities_at_issue(text) if _name_head(f.value).lower() not in named]
    for span, m in matching_sentences(text, _PARTY_SENTENCE):
        side = _side(m.group("side"))
        name = " ".join(m.group("name").split())
        if _ACRONYM.fullmatch(name):  # "Defendant HHS is ...": the name the paper gave it, where it did
            name = _defined_as(text[: m.start()], name)
        if name[:1].isupper() and name.lower() not in ("the", "it"):
            # (a docket's party list sets the lawyers beside or below it: "represented by ...")
            described = _LAWYERS_COLUMN.split(text[m.end("name") : span.end], maxsplit=1)[0]
            description = unsplit_words(flat(described, 120)).strip(" ,")
            # "X is the elected Sheriff of Y." describes X as "elected Sheriff of Y"
            description = _DESCRIBING_VERB.sub("", description).rstrip(".")
            name = capitalised(name) if name.isupper() else name
            # "Defendants Riverside County and Raymond T. Caldwell, in his official capacity as ...": two
            # parties, and the office is the last one's (officials_sued names him with it).
            listed = _LAST_OF_TWO.search(name)
            if listed and re.match(r"in\s+(?:his|her)\b", description):
                name, description = name[: listed.start()], ""
            value = f"{side}: {name} ({description})" if description else f"{side}: {name}"
            if side == "Plaintiff" or names_an_institution(value):
                found.append(Finding(value, span.of(text), 0.6))
    return [f for f in map(_without_trailing_debris, found) if _is_a_party(f.value)]


_ACRONYM = re.compile(r"[A-Z]{2,6}")
# A name before the short form a paper defines for it: 'the U.S. Department of Health and Human Services ("HHS")'.
_DEFINED_NAME = r"((?:(?:[A-Z][\w.&'’-]*|of|the|and|for|on)[ \t\n]+){1,10}?(?:[A-Z][\w.&'’-]*))"


def _defined_as(before: str, acronym: str) -> str:
    """The whole name a paper gave the acronym ("U.S. Department of Health and Human Services (“HHS”)"),
    the last time before the sentence; "" when the text read does not define it (a short form alone names
    no one body: "HHS" of a state or of the United States)."""
    pattern = rf"{_DEFINED_NAME}[ \t\n]*\((?:the[ \t\n]+)?[“\"]{acronym}[”\"]\)"
    found = [m.group(1) for m in re.finditer(pattern, before)]
    if not found:
        return ""
    name = re.sub(r"^(?:(?:of|the|and|for|on)\s+)+", "", " ".join(found[-1].split()))
    return unsplit_words(name)


_DESCRIBING_VERB = re.compile(r"^(?:is|are|was|were)\s+(?:(?:an?|the)\s+|(?-i:(?=[A-Z])))", re.I)


@settles("gavel", "parties")
def one_value_per_defendant(kept: list[int], rows: list[dict]) -> list[int]:
    """The learned choice weighs defendants only (the coding names no plaintiffs): the chosen defendants,
    each person or body once, then every plaintiff the rules found. Of the chosen values naming one
    person, the one that says most (``_told``): "John Roe (sued in his official capacity as the Secretary of
    State of Alabama)" tells the office's body that "John Roe, Secretary of State" leaves out."""
    defendants = [i for i in kept if rows[i]["value"].startswith("Defendant: ")]
    fullest = best_of_each(defendants, lambda i: _party_key(rows[i]["value"]), lambda i: _told(rows[i]["value"]))
    chosen = _whole_names(fullest, rows)
    return chosen + [i for i, r in enumerate(rows) if not r["value"].startswith("Defendant: ")]


def _party_key(value: str) -> str:
    """Who a party value names, however punctuated or cased, without a leading "the": "The City of New
    York" and "City of New York", "James R. Edgar" and "James R Edgar", "Miami−Dade" and "Miami-Dade"."""
    words = re.findall(r"[a-z0-9]+", _name_head(value).lower())
    return " ".join(words[1:] if words[:1] == ["the"] else words)


def _told(value: str) -> tuple[int, int]:
    """How much a value says of a party: the distinct words of names its office or description holds
    ("... Commissioner of the Michigan Independent Citizens Redistricting Commission" over "... (is a
    commissioner on the Commission and is affiliated with ...)"), then its length."""
    return len(set(re.findall(r"\b[A-Z][\w.'’-]*", value))), len(value)


def _whole_names(chosen: list[int], rows: list[dict]) -> list[int]:
    """The chosen defendants without a name cut off (a caption's line or column broke it): one that goes
    on with an "and" of its own in another chosen value ("United States Department of Health" beside
    "... Health and Human Services"), or that stops on a word leaving it unfinished where another
    candidate goes on ("Alexander County Housing" of "... Housing Authority", "University of North").
    The whole name takes the cut one's place, or the better rank of the two when both were chosen."""
    out = list(chosen)
    defendants = [j for j, r in enumerate(rows) if r["value"].startswith("Defendant: ")]
    for i in chosen:
        cut = _name_head(rows[i]["value"])
        if not cut:
            continue
        whole = next(
            (j for j in out if re.match(rf"{re.escape(cut)}\s+and\b", _name_head(rows[j]["value"]), re.I)), None
        )
        if whole is None and _UNFINISHED.search(cut):
            goes_on = [j for j in defendants if re.match(rf"{re.escape(cut)}\s+\w", _name_head(rows[j]["value"]), re.I)]
            whole = min(goes_on, key=lambda j: (j not in out, len(_name_head(rows[j]["value"]))), default=None)
        if whole is None:
            continue
        at = min(out.index(i), out.index(whole)) if whole in out else out.index(i)
        out.remove(i)
        if whole in out:
            out.remove(whole)
        out.insert(at, whole)
    return out


# The last word of a name that goes on: a word that qualifies the next ("Department of Mental",
# "County Housing", "University of North"), a joining word.
_UNFINISHED = re.compile(
    rf"\b(?:North|South|East|West|New|Human|Mental|Urban|Public|Social|Natural|Developmental|Protective|Housing"
    rf"|Personnel|Juvenile|{SMALL_WORDS})$",
    re.I,
)


def _name_head(value: str) -> str:
    """Who a party value names, without its side, office or description: "Defendant: Raymond T. Caldwell,
    Sheriff of Riverside County" and "Defendant: Raymond T. Caldwell (elected Sheriff ...)" name one."""
    return re.split(r" \(|, ", value.split(": ", 1)[-1], maxsplit=1)[0].strip()


# -- class action ----------------------------------------------------------------

_NO_CLASS = re.compile(
    r"\b(?:not|never)\s+(?:been\s+)?(?:seek|sought|brought|filed|pursued|request\w*)\s+(?:as\s+)?(?:class|a\s+class)"
    r"|\bno\s+class\s+(?:action\s+)?(?:was|has\s+been|is)\s+(?:sought|certified|requested|alleged)"
    r"|\bnot\s+a\s+class\s+action\b",
    re.I,
)
_ECF_NUMBER = (
    r"(?:\((?:ECF|Dkt\.?|Doc\.?|Docket)[^)]{0,20}\)\s+)?"  # "Motion for Class Certification (ECF 71) is GRANTED"
)
# A court's ruling on a motion to certify a class, as an order or a docket entry states it; {verb} is
# the ruling's word ("GRANTS", "denying").
_CERTIFICATION_RULING = (
    r"|\b(?:ORDER\s+)?{verb}\s+(?:in\s+part\s+)?(?:the\s+)?(?:\d+\s+)?(?:\w+['’]?\s+){{0,3}}"
    r"(?:motion\s+(?:for\s+class\s+certification|to\s+certify\s+(?:a\s+|the\s+)?class)|class\s+certification)\b"
)
_CERTIFIED = re.compile(
    r"\b(?:class|subclass)(?:es)?\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:hereby\s+)?certified"
    r"|\bcertif(?:ied|ies|ying)\s+(?:a|the|this|two|three)?\s*(?:following\s+)?(?:plaintiff\s+)?(?:sub)?class(?:es)?\b"
    rf"|\bmotion\s+for\s+class\s+certification\s+{_ECF_NUMBER}(?:is|was)\s+(?:hereby\s+)?GRANTED"
    # The ruling in an order or a docket entry: "ORDER granting 45 Motion to Certify Class", "GRANTS
    # Plaintiffs' motion for class certification", "this action is certified as a class action".
    + _CERTIFICATION_RULING.format(verb="GRANT(?:S|ED|ING)")
    + r"|\b(?:action|case|suit)\s+(?:is|was|shall\s+be)\s+(?:hereby\s+)?(?:maintained\s+and\s+)?certified\s+as\s+a\s+class\s+action"
    r"|\bcertif(?:ied|ies|ying)\s+(?:this|the)\s+(?:case|action|suit|matter)\s+as\s+a\s+class\s+action"
    r"|\bORDER\s+(?:for|granting|certifying)\s+class\s+(?:action\s+)?certification",
    re.I,
)
# "Plaintiffs' Motion for Class Certification is DENIED", "ORDER denying 12 Motion to Certify Class",
# "the Court declines to certify the class"; a motion denied as moot was never ruled on.
_CERTIFICATION_DENIED = re.compile(
    rf"\bmotion\s+(?:for\s+class\s+certification|to\s+certify\s+(?:a\s+|the\s+)?class)\s+{_ECF_NUMBER}(?:is|was|be|must\s+be)\s+(?:hereby\s+)?DENIED\b(?!\s+as\s+moot)"
    r"|\bclass\s+certification\s+(?:is|was)\s+(?:hereby\s+)?denied\b(?!\s+as\s+moot)"
    r"|\bdecline[sd]?\s+to\s+certify\s+(?:a|the|any|this)\s+(?:plaintiff\s+)?class\b"
    + _CERTIFICATION_RULING.format(verb="DEN(?:Y|IES|IED|YING)")
    + r"(?![^.\n]{0,40}\bas\s+moot)",
    re.I,
)
CERTIFIED = "Plaintiffs: Class action (class certified)"
CERTIFICATION_DENIED = "Plaintiffs: Class action (class certification denied)"
_SOUGHT = re.compile(
    r"\b(?:on|in)\s+behalf\s+of\s+(?:themselves|himself|herself|itself|all\s+others?|a\s+class|others?)[^.;]{0,120}?similar-?\s*ly\s+situated"
    r"|\bCLASS\s+ACTION\s+COMPLAINT\b|\bputative\s+class\b|\bproposed\s+class\b|\bplaintiff\s+class\b"
    r"|\b(?:brought|maintained|filed|proceed)\s+as\s+a\s+class\s+action\b|\bmotion\s+for\s+class\s+certification\b"
    # "Plaintiffs bring this action as a class action": the pleading's own words for its action.
    r"|\b(?:bring|brings|bringing|maintain|maintains|file|files)\s+(?:this|the\s+instant)\s+(?:action|suit|case|lawsuit)\s+as\s+a\s+class\s+action\b"
    r"|\bmotion\s+to\s+certify\s+(?:a\s+|the\s+)?(?:plaintiff\s+|petitioner\s+)?class\b"  # a docket's "MOTION to Certify Class"
    r"|(?<!if\s)\b(?:this|it)\s+is\s+a\s+class\s+action\b"  # not a civil cover sheet's "CHECK IF THIS IS A CLASS ACTION"
    r"|\bRule\s+23\s*\(\s*b\s*\)|\bseek(?:s|ing)?\s+to\s+represent\s+a\s+class\b",
    re.I,
)
# Weaker signs that a class is in the case ("brought a class action", "submitted as a class action",
# "class members", "class counsel", "on behalf of the class", a caption's "and others similarly situated"
# broken across lines, a complaint's "CLASS ALLEGATIONS" heading): each may also be said of other cases
# or in passing, so the selection weighs them.
_CLASS_MENTION = re.compile(
    r"\b(?:brought|bring|brings|filed|file)\s+(?:a|this|the)\s+class\s+action\b|\bas\s+a\s+class\s+action\b"
    r"|\bclass\s+(?:members?|counsel|representatives?|notice)\b|\bon\s+behalf\s+of\s+(?:the|a)\s+class\b"
    r"|\bclass\s+of\s+persons\s+similarly\b|\b(?-i:CLASS\s+ALLEGATIONS)\b"
    # An older opinion's words for the class a plaintiff sues for: "plaintiffs and the class they represent",
    # "the class represented by plaintiffs", a "spurious class" (the 1938 rule's kind).
    r"|\bclass\s+(?:they|he|she)\s+represents?\b|\bclass\s+represented\s+by\b|\bspurious\s+class\b"
    r"|\b(?:plaintiffs?|petitioners?)\s+and\s+(?:the|their|his|her)\s+class\b",
    re.I,
)
# "Others similarly situated" names a class only where someone sues for them: a caption's "on behalf of
# ... and others similarly situated" (its columns may fall between the words) or "..., and others
# similarly situated, Plaintiffs". In running text it is the reach of a harm or an order ("harm to
# Plaintiffs and others similarly situated", "others similarly situated who wish to speak").
_OTHERS_SIMILARLY = re.compile(r"\bothers\s+similarly\s+situated\b", re.I)
_SUED_FOR = re.compile(r"\bbehalf\s+of\b|\brepresent\w*\b", re.I)
_PARTY_LABEL = re.compile(r"[\s,;'’”\"]*(?:\(?\s*)?(?:Plaintiffs?|Petitioners?|Appellants?|Appellees?|v\.|vs\.?)", re.I)


def _sues_for_others(text: str, span: Span, m: re.Match) -> bool:
    return bool(_SUED_FOR.search(text, span.start, m.start()) or _PARTY_LABEL.match(text, m.end()))


# What a class action could have been or cannot be ("could have been readily maintained as a class
# action", "cannot be maintained as a class action") says nothing for a class in this case.
_NOT_AS_CLASS = re.compile(
    r"\bcould\s+have\s+been\s+(?:\w+\s+)?(?:maintained|brought)\s+as\s+a\s+class\s+action"
    r"|\b(?:cannot|could\s+not|may\s+not|should\s+not)\s+(?:properly\s+)?be\s+(?:maintained|brought|certified)\s+as\s+a\s+class"
    r"|\bnot\s+maintainable\s+as\s+a\s+class"
    # An equal-protection claim sets a party's treatment against "others similarly situated" (a "class
    # of one"): no class is named.
    r"|\bdifferently\s+(?:\w+\s+){0,3}?others\s+similarly\s+situated\b|\b(?:from|than|against)\s+others\s+similarly\s+situated\b"
    r"|\bclass[-\s]of[-\s]one\b",
    re.I,
)
_COVER_SHEET_BOX = re.compile(r"\bCHECK\b[^\n]{0,8}\bTHIS\s+IS\s+A\s+CLASS\s+ACTION\b")
# "precludes the Court from certifying a class", "has not certified a class": no class was certified.
_NOT_CERTIFYING = re.compile(r"\b(?:from|not|against|without)\s+$", re.I)
_INDIVIDUAL = re.compile(r"\bPlaintiff,?\s*\)?\s*\n?\s*(?:v\.|vs\.?)", re.I)


@extractor("gavel", "class_action")
def class_action(text: str, doc: DocInfo) -> list[Finding]:
    found = []
    # A sentence saying no class was sought ("not brought as a class action"), or a civil cover sheet's
    # box (OCR may garble its "CHECK IF"), says nothing for a class.
    refused = [span for span, _ in matching_sentences(text, _NO_CLASS)]
    unsaid = {
        *refused,
        *(span for pattern in (_COVER_SHEET_BOX, _NOT_AS_CLASS) for span, _ in matching_sentences(text, pattern)),
    }
    for span in refused:
        found.append(Finding("Plaintiffs: Individual (no class action sought)", span.of(text), 0.9))
    # A complaint asks for certification ("an order certifying this action as a class action"); the
    # court's papers rule on it.
    pleading = is_type(doc, "complaint", "petition")
    denied = [] if pleading else [span for span, _ in matching_sentences(text, _CERTIFICATION_DENIED)]
    found += [Finding(CERTIFICATION_DENIED, span.of(text), 1.0) for span in denied]
    for span, m in [] if pleading else matching_sentences(text, _CERTIFIED):
        if span not in denied and not _NOT_CERTIFYING.search(text, max(0, m.start() - 20), m.start()):
            found.append(Finding(CERTIFIED, span.of(text), 1.0))
    sought = [span for span, _ in matching_sentences(text, _SOUGHT) if span not in unsaid]
    for span in sought:
        found.append(Finding("Plaintiffs: Class action", span.of(text), 0.8))
    mentioned = [span for span, _ in matching_sentences(text, _CLASS_MENTION)]
    mentioned += [
        span
        for span, m in matching_sentences(text, _OTHERS_SIMILARLY)
        if span not in mentioned and _sues_for_others(text, span, m)
    ]
    for span in sorted(mentioned, key=lambda s: s.start):
        if span not in unsaid and span not in sought:
            found.append(Finding("Plaintiffs: Class action", span.of(text), 0.6))
    if not found and is_type(doc, "complaint", "petition"):
        for m in _INDIVIDUAL.finditer(text):
            found.append(Finding("Plaintiffs: Individual", m.group(0), 0.05))
    return found


def certification_ruling(rows: list[dict]) -> int | None:
    """Of an item's candidate rows, the one stating the court's last ruling on class certification (the
    latest-dated document's; on one day a grant outranks a denial, as a renewed motion's would): the
    outcome a class action's value should say, whichever candidate was chosen as the class's."""
    rulings = [i for i, row in enumerate(rows) if row["value"] in (CERTIFIED, CERTIFICATION_DENIED)]
    if not rulings:
        return None
    return max(rulings, key=lambda i: (rows[i]["doc_date"] or "", rows[i]["value"] == CERTIFIED, -i))


@settles("gavel", "class_action")
def certification_first(kept: list[int], rows: list[dict]) -> list[int]:
    """A class action's chosen rows with the court's last ruling on certification first: the model picks
    whether a class was sought; whether it was certified is the ruling's to say."""
    ruling = certification_ruling(rows)
    if not kept or ruling is None or not category(rows[kept[0]]["value"]).startswith("Class action"):
        return kept
    return [ruling] + [i for i in kept if i != ruling]


# -- counsel -----------------------------------------------------------------------

_FOR_PLAINTIFFS = re.compile(
    r"(?:Attorneys?|Counsel|Lawyers?)\s+for\s+(?:the\s+)?(?:named\s+|individual\s+)?"
    r"(?:Plaintiffs?|Petitioners?|Relators?|Proposed\s+Class|(?:Plaintiff\s+)?Class|(?:Plaintiff\s+)?(?:the\s+)?United\s+States|Intervenors?)",
    re.I,
)
_FOR_DEFENDANTS = re.compile(r"(?:Attorneys?|Counsel)\s+for\s+(?:the\s+)?(?:Defendants?|Respondents?)", re.I)
_PRO_SE_PLAINTIFF = re.compile(
    r"\b(?:Plaintiffs?|Petitioners?),?\s+(?:appearing\s+)?(?:pro\s+se|in\s+propria\s+persona)\b"
    r"|\bpro\s+se\s+(?:plaintiffs?|petitioners?|complaint|litigants?|prisoners?|inmates?|General\s+Civil)\b"
    r"|\brepresenting\s+(?:himself|herself|themselves)\b|(?-i:\b[A-Z][\w.]*(?:\s+[A-Z][\w.]*){1,3}),\s+pro\s+se\b",
    re.I,
)
SIGNATURE_BLOCK_CHARS = 900
PRIVATE_FIRM = "Plaintiff: Private firm"


# A complaint's signature block is the plaintiffs' counsel, whether or not it says "Attorneys for
# Plaintiffs" (the United States' complaints never do); so is the block some courts' pleadings put
# on the first page above the court's name.
_SIGNED = re.compile(r"Respectfully\s+submitted|/s/", re.I)
_COURT_NAME = re.compile(r"^[^\n]*\b(?:DISTRICT|SUPERIOR|CIRCUIT|SUPREME)\s+COURT\b", re.M | re.I)
FIRST_PAGE_CHARS = 1500
# What shows that lines above a court's name are a lawyer's block rather than a page stamp.
_EMAIL_OR_PHONE = re.compile(r"@|\(\d{3}\)\s*\d{3}-\d{4}|\b\d{3}[-.]\d{3}[-.]\d{4}\b")


# The label that opens the next entry of a docket's party list, ending the lawyers of the one before.
_NEXT_PARTY = re.compile(rf"^(?:{SIDE_WORDS}|Intervenors?|Movants?|V\.?)[ \t]*$", re.M | re.I)


# A paper whose title names the complaint after an answer or a motion ("Answer to Complaint", "Motion to
# Dismiss the Complaint") is the defendants': its signature block is theirs, and so are its lawyers "for
# the United States".
_UNITED_STATES = re.compile(r"United\s+States", re.I)
_ANSWERS_A_COMPLAINT = re.compile(
    r"\b(?:answers?|motions?|memorandum|respon\w*|reply|brief|opposition|defendants?['’]?s?)\b.*\b(?:complaint|petition)",
    re.I,
)


def _plaintiff_counsel_blocks(text: str, doc: DocInfo) -> list[tuple[int, int]]:
    """Spans of text naming the plaintiffs' lawyers: before an "Attorneys for Plaintiffs" marker
    (back to the defendants' block, if any), a plaintiff's entry in a docket's party list, and a
    complaint's own signature block."""
    blocks = []
    defendants_paper = bool(_ANSWERS_A_COMPLAINT.search(doc.title))
    for marker in _FOR_PLAINTIFFS.finditer(text):
        if defendants_paper and _UNITED_STATES.search(marker.group(0)):
            continue  # the United States answering a complaint is the defendant
        start = max(0, marker.start() - SIGNATURE_BLOCK_CHARS)
        before = list(_FOR_DEFENDANTS.finditer(text, start, marker.start()))
        blocks.append((before[-1].end() if before else start, marker.end()))
    for m in _DOCKET_PARTY.finditer(text):
        if _side(m.group("side")) == "Plaintiff":
            end = min(len(text), m.end() + 3 * SIGNATURE_BLOCK_CHARS)
            following = _NEXT_PARTY.search(text, m.end("name"), end)
            blocks.append((m.end("name"), following.start() if following else end))
    if is_type(doc, "complaint", "petition") and not is_type(doc, "amended", "intervention") and not defendants_paper:
        court = _COURT_NAME.search(text, 0, FIRST_PAGE_CHARS)
        if court and _EMAIL_OR_PHONE.search(text, 0, court.start()):
            blocks.append((0, court.start()))
        for m in _SIGNED.finditer(text):
            # The block runs to the first side marker: past it, another side's lawyers may sign; a
            # block that ends on the defendants' marker is theirs.
            end = min(len(text), m.end() + 3 * SIGNATURE_BLOCK_CHARS)
            ours, theirs = _FOR_PLAINTIFFS.search(text, m.end(), end), _FOR_DEFENDANTS.search(text, m.end(), end)
            if theirs and not (ours and ours.start() < theirs.start()):
                continue
            blocks.append((m.start(), ours.start() if ours else end))
    return blocks


# An opinion lists counsel in a reporter's style, each side's lawyers ending on its marker: "Louis L.
# Redding, Wilmington, for plaintiffs. H. Albert Young, Attorney General, for defendants."
_FOR_SIDE = re.compile(
    r"\bfor\s+(?:the\s+)?(?:named\s+)?(?P<side>plaintiffs?|petitioners?|defendants?|respondents?|appellants?|appellees?|amic\w*|intervenors?)\b",
    re.I,
)
OPINION_COUNSEL_CHARS = 300
# What a lawyer's line shows when no organisation of the table is named in it: a person's name.
_LAWYER_NAME = re.compile(r"\b[A-Z][a-z]+\s+(?:[A-Z]\.\s+)?[A-Z][a-z]+\b")


# An appeal's caption gives each side its role on appeal ("Plaintiffs-Appellants", "Defendants-Respondents"),
# and its counsel lines then name only the role ("argued the cause for appellants"): the plaintiffs' roles
# are read from the caption (a role both sides hold, as in cross-appeals, says nothing).
_ROLE_ON_APPEAL = re.compile(
    r"\b(?P<side>Plaintiffs?|Petitioners?|Defendants?)\s*[-–—]\s*(?P<role>Appellants?|Appellees?|Respondents?)\b", re.I
)
APPEAL_CAPTION_CHARS = 4000
# New Jersey's reporters put the lawyers of record after the marker: "for appellants (Jane Roe, Education
# Law Center, attorney)".
_COUNSEL_OF_RECORD = re.compile(rf"[ \t]*\([^()]{{8,{OPINION_COUNSEL_CHARS}}}\)")


def _plaintiffs_roles_on_appeal(text: str) -> set[str]:
    roles: dict[str, set[str]] = {}
    for m in _ROLE_ON_APPEAL.finditer(text, 0, APPEAL_CAPTION_CHARS):
        side = "defendant" if m.group("side").lower().startswith("defendant") else "plaintiff"
        roles.setdefault(side, set()).add(m.group("role").lower().rstrip("s"))
    return roles.get("plaintiff", set()) - roles.get("defendant", set())


def _opinion_counsel_blocks(text: str, doc: DocInfo) -> list[tuple[int, int]]:
    """An opinion's counsel lines for the plaintiffs: back from "for plaintiffs" (or the plaintiffs' role on
    appeal, "for appellants") to the previous side's marker, and its lawyers of record in brackets after it."""
    if not is_type(doc, "opinion", "order"):
        return []
    roles = _plaintiffs_roles_on_appeal(text)
    blocks, previous = [], 0
    for m in _FOR_SIDE.finditer(text):
        side = m.group("side").lower()
        of_record = _COUNSEL_OF_RECORD.match(text, m.end())
        end = of_record.end() if of_record else m.end()
        if side.startswith(("plaintiff", "petitioner")) or side.rstrip("s") in roles:
            blocks.append((max(previous, m.start() - OPINION_COUNSEL_CHARS), end))
        previous = end
    return blocks


# A reporter's counsel lines for the United States as a party ("John Doar, Asst. Atty. Gen., Dept. of
# Justice, Washington, D. C., for the United States."): the Justice Department's lawyers, who sue for it,
# unless the caption makes the United States a defendant (their lines then defend it) or the line says
# it is an amicus.
_FOR_UNITED_STATES = re.compile(
    r"\bfor\s+(?:the\s+)?(?:plaintiff[-\s]+(?:intervenor[-\s]+)?)?United\s+States(?:\s+of\s+America)?\b"
    r"(?![-,\s]*(?:as\s+)?amic)",
    re.I,
)
_JUSTICE_DEPARTMENT_LAWYER = re.compile(
    r"\bDep(?:artmen)?t\.?\s+of\s+Justice\b|\bCivil\s+Rights\s+Div|\bU\.\s?S\.\s+Atty\b|\bUnited\s+States\s+Attorney\b",
    re.I,
)
_UNITED_STATES_DEFENDANT = re.compile(
    r"\bv\.?\s+(?:the\s+)?United\s+States\b|\bUnited\s+States(?:\s+of\s+America)?,?\s+(?:Defendants?|Respondents?)\b",
    re.I,
)


def united_states_counsel(text: str, doc: DocInfo) -> list[Finding]:
    """The Justice Department's lawyers an opinion's counsel lines list "for the United States"."""
    if not is_type(doc, "opinion", "order") or _UNITED_STATES_DEFENDANT.search(text, 0, APPEAL_CAPTION_CHARS):
        return []
    found = []
    for m in _FOR_UNITED_STATES.finditer(text):
        start = max(0, m.start() - OPINION_COUNSEL_CHARS)
        before = list(_FOR_SIDE.finditer(text, start, m.start()))
        start = before[-1].end() if before else start
        if _JUSTICE_DEPARTMENT_LAWYER.search(text, start, m.start()):
            quote = text[start : m.end()].strip()
            found.append(Finding("Plaintiff: Government attorneys (U.S. Department of Justice)", quote, 0.9))
    return found


# A signature page's heading over one side's signatories: "FOR PLAINTIFFS:", "ON BEHALF OF THE UNITED STATES".
_SIGNATORIES_FOR = re.compile(
    r"^[ \t]*(?:FOR|ON\s+BEHALF\s+OF)\s+(?:THE\s+)?(?:NAMED\s+)?(?P<side>PLAINTIFFS?|PETITIONERS?|(?:PLAINTIFF\s+)?CLASS|"
    r"UNITED\s+STATES(?:\s+OF\s+AMERICA)?|DEFENDANTS?|RESPONDENTS?|[A-Z][\w.,&' ]{2,60})\s*:?[ \t]*$",
    re.M | re.I,
)


def _signatory_blocks(text: str) -> list[tuple[int, int]]:
    """The signatories under a "FOR PLAINTIFFS:" heading (a settlement's or a stipulation's signature
    page), up to the next side's heading."""
    blocks = []
    headings = list(_SIGNATORIES_FOR.finditer(text))
    for m, following in zip(headings, headings[1:] + [None]):
        if re.match(r"(?i)plaintiff|petitioner|(?:plaintiff\s+)?class|united\s+states", m.group("side")):
            end = min(len(text), m.end() + SIGNATURE_BLOCK_CHARS)
            blocks.append((m.end(), min(end, following.start()) if following else end))
    return blocks


# A person's name as _LAWYER_NAME reads it that is a place, a court or a heading instead.
_NOT_A_LAWYER = re.compile(
    r"\b(?:Street|Avenue|Road|Court|County|States|York|Floor|Suite|Fees|Information|Action|Boulevard|Drive|Plaza|Center|Building|Division|District)$"
)

_STATE_NAME = re.compile(STATES)  # "New Jersey" in an address line is no lawyer


def _unlisted_counsel(text: str, start: int, end: int, confidence: float) -> Finding | None:
    """Candidate: a plaintiffs' lawyer block naming no organisation of the table is private counsel
    (a low-confidence candidate for the learned selection to weigh)."""
    quote = text[max(start, end - 200) : end].strip()
    names = [m.group(0) for m in _LAWYER_NAME.finditer(quote) if not _NOT_A_LAWYER.search(m.group(0))]
    names = [name for name in names if not _STATE_NAME.fullmatch(name)] or names  # a person before a place
    return Finding(f"Plaintiff: Private ({names[0]})", quote, confidence) if names and len(quote) >= 8 else None


@extractor("gavel", "type_of_counsel")
def type_of_counsel(text: str, doc: DocInfo) -> list[Finding]:
    matched: dict[tuple[int, int], Finding] = {}
    unlisted: list[Finding | None] = []
    blocks = _plaintiff_counsel_blocks(text, doc) + _opinion_counsel_blocks(text, doc) + _signatory_blocks(text)
    for start, end in blocks:
        named = False
        for row, pattern in compiled("counsel", 0):  # capitals matter in firm names
            kind, short = row["kind"], row["name"]
            for m in pattern.finditer(text, start, end):
                line_start = text.rfind("\n", 0, m.start()) + 1
                line_end = text.find("\n", m.end())
                quote = text[line_start : line_end if line_end >= 0 else len(text)].strip()
                if len(quote) < 8:
                    quote = text[m.start() : end].strip()
                name = short or flat(m.group(0), 80)
                matched[m.span()] = Finding(
                    "Plaintiff: " + (kind if kind == "Pro se" else f"{kind} ({name})"), quote, 0.9
                )
                named = True
        if not named:
            unlisted.append(_unlisted_counsel(text, start, end, 0.3))

    # One organisation's name read by two patterns from its first word ("Legal Aid", "Legal Aid Justice
    # Center") is the longer one; a named organisation of the table outranks a firm's legal suffix read
    # after its name ("Public Justice, P.C." is the nonprofit Public Justice).
    def rank(span: tuple[int, int]) -> tuple[bool, int]:
        return not matched[span].value.startswith(PRIVATE_FIRM), span[1]

    found = [f for (a, b), f in matched.items() if not any(c == a and rank((c, d)) > rank((a, b)) for c, d in matched)]
    if not matched:
        found += _mentioned_organisations(text)
    for m in _PRO_SE_PLAINTIFF.finditer(text):
        found.append(Finding("Plaintiff: Pro se", m.group(0), 0.9))
    plaintiffs = _plaintiffs(text)
    found += government_plaintiff(text, plaintiffs) + organisation_plaintiff(plaintiffs)
    found += united_states_counsel(text, doc)
    return found + investigating_office(text, doc) + [f for f in unlisted if f]


MENTION_CONFIDENCE = 0.2
_PUBLIC_DEFENDER = re.compile(r"Public\s+Defender", re.I)


def _mentioned_organisations(text: str) -> list[Finding]:
    """Weak candidates: the first public-interest or legal-aid organisation of each pattern named anywhere
    in a window read for counsel whose counsel blocks name none (the plaintiffs' lawyers told in a
    narrative, or merely an amicus or a party: the learned selection weighs them by their low confidence)."""
    named: dict[tuple[int, int], Finding] = {}
    for row, pattern in compiled("counsel", 0):
        if row["kind"] in ("Public interest nonprofit", "Legal aid"):
            # A name, not a common noun ("such as legal services", "the public defender"); a public
            # defender named in a narrative is the subject of a suit over indigent defence, not its counsel.
            m = next(
                (
                    m
                    for m in pattern.finditer(text)
                    if m.group(0)[:1].isupper() and not _PUBLIC_DEFENDER.search(m.group(0))
                ),
                None,
            )
            if m:
                name = row["name"] or flat(m.group(0), 80)
                quote = sentence_at(text, m.start(), m.end()).of(text).strip()
                named[m.span()] = Finding(f"Plaintiff: {row['kind']} ({name})", quote, MENTION_CONFIDENCE)
    # A name that two patterns read is one mention (the longer reading).
    return [f for (a, b), f in named.items() if not any(c <= a and b <= d and (c, d) != (a, b) for c, d in named)]


# A PACER docket's header says when the United States is the plaintiff; the Foreign Intelligence
# Surveillance Court's caption over an application ("IN RE APPLICATION OF THE FEDERAL BUREAU OF
# INVESTIGATION", "a Verified Application") or over the certifications the Attorney General and the
# Director of National Intelligence submit for its approval says the government is the party before it.
_US_GOVERNMENT_PARTY = re.compile(
    r"Jurisdiction:\s*U\.\s?S\.\s+Government\s+Plaintiff\b"
    r"|^\s*FOREIGN\s+INTELLIGENCE\s+SURVEILLANCE\s+COURT\s*$(?=[\s\S]{0,1500}?(?:\bIN\s+RE\s+(?:\w+\s+)?APPLICATION\b|\bVerified\s+Application\b|\bCertifications?\b))",
    re.M | re.I,
)


# The United States or a state bringing the matter without a caption that labels its side: an agreement
# it made ("Settlement Agreement Between the United States of America and ..."), a caption in capitals
# that opens on it ("UNITED STATES OF AMERICA v. HALE COUNTY"; an opinion's citations are not in
# capitals), the surveillance court's ex parte submissions, applications and motions by the government.
_GOVERNMENT_BRINGS = re.compile(
    r"(?i:\b(?:Resolution|Settlement|Consent|Memorandum\s+of)\s+(?:Agreement|Understanding)\s+(?:by\s+and\s+)?(?:between|among)\s+(?:the\s+)?United\s+States\b"
    r"|\bagreement\s+(?:is\s+)?(?:made\s+and\s+)?(?:entered\s+into\s+)?(?:by\s+and\s+)?between\s+(?:the\s+)?United\s+States\b"
    r"|\bthe\s+United\s+States\s+and\s+(?:the\s+)?(?:[A-Z][\w.]*\s+){1,7}(?:\([A-Z]+\)\s+)?(?:entered\s+into|signed|reached)\b"
    r"|\bUnited\s+States(?:\s+of\s+America)?,?\s+(?:through|by)\s+(?:the\s+|its\s+)?undersigned\b"
    r"|\b(?:on\s+behalf|motion)\s+of\s+(?:the\s+)?Attorney\s+General\s+of\s+the\s+United\s+States\b"
    r"|\b(?:application|submission)\s+of\s+the\s+United\s+States\b|\bmotion\s+of\s+the\s+United\s+States\s+for\s+an\s+order\b)"
    r"|^[ \t]*(?:THE\s+)?(?:UNITED\s+STATES(?:\s+OF\s+AMERICA)?|(?:STATE|COMMONWEALTH|PEOPLE\s+OF\s+THE\s+STATE)\s+OF\s+[A-Z]+(?:[ \t]+[A-Z]+)?"
    r"|COMMONWEALTH|PEOPLE)[ \t]*,?[ \t]*(?:\n?[ \t]*(?:v\.|vs\.?|-VS-|VERSUS)[ \t\n]"
    # A caption set in columns closed by ")": the name's line, then its side's label within a few lines.
    r"|\)[^\n]*\n(?:[^\n]*\)[^\n]*\n){0,3}?[ \t]*(?:Plaintiffs?|Petitioners?)\b)"
    r"|(?i:\bGovernment['’]s\s+(?:Ex\s+Parte\s+)?(?:(?:Reauthorization|Amended)\s+(?:and\s+)?)*(?:Submission|Application|Certification|Reauthorization)s?\b)",
    re.M,
)


def _plaintiffs(text: str) -> list[tuple[str, str]]:
    """The plaintiffs a caption or a docket's party list names, each with its quote."""
    sides = [(p.value.partition(": "), p.quote) for p in caption_parties(text) + docket_parties(text)]
    return [(name, quote) for (side, _, name), quote in sides if side == "Plaintiff"]


def government_plaintiff(text: str, plaintiffs: list[tuple[str, str]]) -> list[Finding]:
    """A government suing or applying (the United States, the EEOC, a state, a city) is represented by its own lawyers."""
    found = [
        Finding("Plaintiff: Government attorneys (U.S. Department of Justice)", m.group(0).strip(), 0.8)
        for m in _US_GOVERNMENT_PARTY.finditer(text)
    ]
    found += [
        Finding("Plaintiff: Government attorneys", sentence_at(text, m.start(), m.end()).of(text).strip(), 0.6)
        for m in _GOVERNMENT_BRINGS.finditer(text)
    ]
    for name, quote in plaintiffs:
        for row, pattern in compiled("government_plaintiffs"):
            if pattern.fullmatch(name):
                found.append(Finding(f"Plaintiff: Government attorneys ({row['name'] or name})", quote, 0.8))
    return found


def organisation_plaintiff(plaintiffs: list[tuple[str, str]]) -> list[Finding]:
    """A public-interest organisation suing in its own name (a protection-and-advocacy agency, the ACLU
    of a state) is represented by its own lawyers."""
    found = []
    for name, quote in plaintiffs:
        for row, pattern in compiled("counsel", 0):
            if row["kind"] in ("Public interest nonprofit", "Legal aid") and pattern.search(name):
                found.append(Finding(f"Plaintiff: {row['kind']} ({row['name'] or name})", quote, 0.5))
    return found


def investigating_office(text: str, doc: DocInfo) -> list[Finding]:
    """The government office that wrote a findings or investigation letter, which stands for the
    plaintiff in an investigation that never became a lawsuit."""
    if not is_type(doc, "findings", "investigation", "letter"):
        return []
    found = []
    for row, pattern in compiled("counsel", 0):
        if row["kind"] == "Government attorneys":
            found += [
                Finding(
                    f"Plaintiff: {row['kind']} ({row['name'] or flat(m.group(0), 80)})",
                    sentence_at(text, m.start(), m.end()).of(text),
                    0.7,
                )
                for m in pattern.finditer(text)
            ]
    return found
