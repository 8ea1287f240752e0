"""GAVEL decree and settlement dates: the days a decree was entered or a settlement reached, from
docket entries, signatures, stamps and the listing.
"""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding, best_of_each, extractor, settles
from gavel_agent.offline.rules.text import (
    dates_in,
    doc_date,
    is_page_furniture,
    is_type,
    listed_date,
    matching_sentences,
    operative_date,
    paper_title,
    parse_date,
    show_date,
    signature_dates,
    signature_spans,
)
from gavel_agent.text.regexes import DATE, filed_stamp

# A decree or a settlement entered, approved, signed ..., or named by its date ("the court's September 30,
# 2004 injunction", "the May 16, 2007 Settlement Agreement"); a docket's "(Entered: 11/18/2022)" stamp
# enters nothing.
_DECREE_EVENT = re.compile(
    r"\b(?:consent\s+decree|(?:preliminary|permanent)\s+injunction|final\s+judgment|decree)\b[^.;]{0,100}?\b(?:was\s+|were\s+)?(?:entered(?!:)|approved|issued|signed|so[- ]ordered|modified|extended)\b"
    r"|\b(?:entered|approved|issued|signed|modified|extended)\s+(?:a|the|its)\s+(?:consent\s+decree|(?:preliminary\s+|permanent\s+)?injunction|final\s+judgment)"
    rf"|{DATE}\s+(?:consent\s+decree|(?:preliminary\s+|permanent\s+)?injunction|(?:final\s+)?judgment)\b",
    re.I,
)
_SETTLEMENT_EVENT = re.compile(
    r"\b(?:settlement|agreement)\b[^.;]{0,100}?\b(?:dated|entered\s+into|executed|effective|signed|approved|reached)\b"
    r"|\b(?:approv\w*|reached|signed|executed|entered\s+into)\s+(?:a|the|its)\s+(?:proposed\s+)?(?:class\s+)?(?:settlement|agreement)"
    rf"|{DATE}\s+(?:class\s+)?settlement(?:\s+agreement)?\b(?!\s+(?:conference|negotiations?|discussions?|talks|hearing))",
    re.I,
)


# What a decree's name can follow without being one: "Proposed Consent Decree", "Motion to Enforce Consent Decree".
_NOT_A_DECREE = re.compile(r"(?:\bproposed|\bmotion\s+to\s+\w+(?:\s+the)?)\s+$", re.I)


def _event_dates(
    text: str, doc: DocInfo, pattern: re.Pattern, label: str, not_after: re.Pattern | None = None
) -> list[Finding]:
    """Dates of the events ``pattern`` describes: those the sentence gives or, for an order's own
    operative sentence ("the Agreement is APPROVED"), the order's date. A match right after
    ``not_after`` ("Proposed Consent Decree", "Motion to Enforce Consent Decree") is not the event."""
    found = []
    for span, m in matching_sentences(text, pattern):
        if not_after and not_after.search(text, max(0, m.start() - 30), m.start()):
            continue
        # A decree named by its date ("the May 16, 2007 Settlement Agreement") has that date; else the
        # sentence's first two dates (entered ..., modified ...).
        dates = [d for d, _ in (dates_in(text, m.start(), m.end())[:1] or dates_in(text, span.start, span.end)[:2])]
        if not dates and is_type(doc, "order") and (entered := operative_date(span.of(text), doc)):
            dates = [entered]
        found += [Finding(f"{show_date(d)}: {label}", span.of(text), 0.8) for d in dates]
    return found


# A docket entry that is the decree or the settlement's approval: "01/12/2005 13 CONSENT DECREE by Judge
# David A. Ezra", "02/16/2018 34 STIPULATED JUDGMENT AND ORDER", "ORDER granting final approval of the
# class settlement". A docket writes the paper's kind in capitals, so a motion asking for one is not read.
_ENTRY = r"^[ \t]*(\d{1,2}/\d{1,2}/\d{2,4})[ \t]+(?:#[ \t]*)?\d+[ \t]+"
# A judgment (a clerk's, a final one) and an order of dismissal end the case: Rule 54(a)'s judgment,
# which includes a decree. A judge's name may come first ("Judge R. Stearns : Electronic ORDER OF DISMISSAL").
_JUDGE_FIRST = r"(?:(?:Magistrate\s+|Chief\s+|District\s+)*Judge\s+[^\n:]{3,40}:\s*(?:Electronic\s+)?)?"
_DECREE_ENTRY = re.compile(
    _ENTRY
    + _JUDGE_FIRST
    + r"(?P<kind>(?:AMENDED\s+|MODIFIED\s+|STIPULATED\s+|AGREED\s+|FINAL\s+|Final\s+)*(?:CONSENT\s+(?:DECREE|JUDGMENT)|(?:STIPULATED|AGREED)\s+JUDGMENT"
    r"|(?:PERMANENT|PRELIMINARY)\s+INJUNCTION|(?:CLERK'?S\s+)?JUDGMENT(?!\s+(?:on\s+the\s+pleadings|as\s+a\s+matter))"
    r"|ORDER\s+(?:(?:OF|of)\s+(?:DISMISSAL|Dismissal)|DISMISSING\s+(?:CASE|ACTION))"
    r"|ORDER\s+GRANTING\s+(?:[A-Z'’]+\s+){0,3}MOTIONS?\s+TO\s+DISMISS(?![^\n]{0,60}\b(?i:in\s+part))))\b[^\n]{0,80}",
    re.M,
)
# An entry's text runs on over the docket's wrapped lines, up to the next entry's date.
_IN_ENTRY = r"(?:[^\n]|\n(?![ \t]*\d{1,2}/\d{1,2}/\d{2,4}\b))"
_SETTLEMENT_ENTRY = re.compile(
    _ENTRY
    + _JUDGE_FIRST
    + rf"(?-i:ORDER){_IN_ENTRY}{{0,40}}?\b(?:approv\w*|granting)\b{_IN_ENTRY}{{0,60}}?\bsettlement\b[^\n]{{0,40}}",
    re.M | re.I,
)


# The case dismissed because it settled: "SETTLEMENT ORDER OF DISMISSAL", "STIPULATION to Dismiss Case
# pursuant to Settlement", "STIPULATION of Dismissal With Prejudice" (what a settled case files).
# The parties' stipulation ends the case whatever it says of prejudice (Rule 41(a)(1)(A)(ii)), as does
# the order granting it: "STIPULATION of Dismissal (Joint)", "STIPULATION by EEOC, Holiday Inn RE:
# Dismissal", "ORDER granting [19-1] stipulation of DISMISSAL"; a stipulation about a motion to dismiss
# (a schedule) is not one.
_GRANTING = r"(?:(?-i:ORDER)|So\s+Ordered)\s+granting\s+(?:\[[^\]\n]*\]\s+|\d+\s+)?"


def _stipulated_dismissal(reason: str) -> re.Pattern:
    return re.compile(
        _ENTRY
        + _JUDGE_FIRST
        + rf"(?:(?:(?-i:(?:JOINT\s+)?STIPULATION)|{_GRANTING}(?:joint\s+)?stipulation){_IN_ENTRY}{{0,60}}?(?<!motion\sto\s)\bdismiss\w*"
        + rf"|{_GRANTING}dismiss\w*/dismissal\s+stipulation){_IN_ENTRY}{{0,60}}?{reason}[^\n]{{0,40}}",
        re.M | re.I,
    )


_SETTLED_DISMISSAL_ENTRY = re.compile(_ENTRY + _JUDGE_FIRST + r"SETTLEMENT\s+ORDER\b[^\n]{0,60}", re.M)
_SETTLED_STIPULATION_ENTRY = _stipulated_dismissal(r"\bsettle\w*\b")
_STIPULATION_ENTRY = _stipulated_dismissal("")
# The plaintiffs' notice ends the case before an answer (Rule 41(a)(1)(A)(i)), often once the defendants gave
# what was sought: "NOTICE of Voluntary Dismissal by All Plaintiffs"; and the order granting the parties'
# joint motion to dismiss.
_VOLUNTARY_DISMISSAL_ENTRY = re.compile(
    _ENTRY
    + _JUDGE_FIRST
    + r"(?:(?-i:NOTICE)\s+of\s+(?:Voluntary\s+)?Dismissal"
    + rf"|(?-i:ORDER){_IN_ENTRY}{{0,40}}?\bjoint\s+motion\s+to\s+dismiss\b(?:\s+(?:is|be)\s+granted|{_IN_ENTRY}{{0,20}}?\bgranted\b)"
    + r"|(?-i:ORDER)\s+granting\s+(?:\d+\s+)?joint\s+motion\s+to\s+dismiss)[^\n]{0,60}",
    re.M | re.I,
)


def _docket_entries(text: str, doc: DocInfo, entry: re.Pattern, label: str | None = None) -> list[Finding]:
    """A docket report's entries, dated by the entry and labelled ``label`` or, without one, by the
    kind of paper the entry names ("Consent Decree entered")."""
    if not is_type(doc, "docket"):
        return []
    found = []
    for m in entry.finditer(text):
        if day := parse_date(m.group(1)):
            what = label or f"{' '.join(m.group('kind').split()).title()} entered"
            found.append(Finding(f"{show_date(day)}: {what}", m.group(0).strip(), 0.8))
    return found


def _signed_dates(text: str, label: str) -> list[Finding]:
    return [Finding(f"{show_date(d)}: {label}", quote, 0.6) for d, quote in signature_dates(text)]


# Whose signature a date is: the court's closes its order ("IT IS SO ORDERED. DATED this 6th day of ...")
# or stands over the judge's title; the parties' ("STIPULATED AND AGREED: ... s/ counsel ... Dated:") is
# the day they signed, not the day the court entered the decree.
_COURT_SIGNS = re.compile(r"\bORDERED\b|\bJudge\b|\bJUDGE\b|\bCourt\b|\bCOURT\b")
_PARTIES_SIGN = re.compile(r"\bs/|/s/|\bAGREED\b|\bCounsel\b|\bCOUNSEL\b|\bAttorneys?\s+for\b", re.I)
SIGNER_REACH = 300  # characters before a signature date in which its signer's words stand


def _court_signed_dates(text: str, label: str) -> list[Finding]:
    """A decree's signature dates, less those the parties' signature blocks give."""
    found = []
    for d, span in signature_spans(text):
        before = text[max(0, span.start - SIGNER_REACH) : span.start]
        party = [m.end() for m in _PARTIES_SIGN.finditer(before)]
        court = [m.end() for m in _COURT_SIGNS.finditer(before)]
        if party and (not court or court[-1] < party[-1]):  # the nearer signer's words say whose date it is
            continue
        found.append(Finding(f"{show_date(d)}: {label}", span.of(text), 0.6))
    return found


# A decree's or settlement's own heading, as the document prints it on its first page.
_DECREE_HEADING = re.compile(
    r"^[^\n]*\b(?:CONSENT\s+DECREE|(?:PERMANENT|PRELIMINARY)\s+INJUNCTION|JUDGMENT|DISMISS(?:AL|ING))\b[^\n]*", re.M
)
_SETTLEMENT_HEADING = re.compile(r"^[^\n]*\b(?:SETTLEMENT|CONSENT\s+DECREE|AGREEMENT|STIPULATION)\b[^\n]*", re.M)
# A court paper's own heading ("MEMORANDUM AND ORDER", "OPINION"): what a scanned or two-column opinion
# prints on its first page when only the listing's title ("... [Dismissing Complaint]") says what it decided.
_COURT_PAPER_HEADING = re.compile(r"^[^\n]*\b(?:ORDER|OPINION|MEMORANDUM|DECISION|JUDGMENT)\b[^\n]*", re.M)
HEADING_CHARS = 4000


def _listed_on(text: str, doc: DocInfo, heading: re.Pattern, label: str) -> list[Finding]:
    """A decree is entered the day it is dated: its listing date, quoted with its printed heading
    (not a page's running header that repeats the title)."""
    printed = next(
        (m for m in heading.finditer(text, 0, HEADING_CHARS) if not is_page_furniture(m.group(0).strip())), None
    )
    finding = listed_date(doc, printed, 0.7, label)
    return [finding] if finding else []


# The court's stamp on the paper itself ("Document 128 Filed 09/04/02"): the day a decree or a
# settlement was filed with the court, which is all that is left of a scanned one without its text.
_FILED_STAMP = filed_stamp()


def _stamped(text: str, label: str, found: list[Finding]) -> list[Finding]:
    """The stamp's date, unless the paper already gave that day in words (one event, one value)."""
    m = _FILED_STAMP.search(text)
    day = m and parse_date(m.group(1))
    if not m or not day or any(f.value.startswith(f"{show_date(day)}:") for f in found):
        return []
    return [Finding(f"{show_date(day)}: {label}", m.group(0), 0.5)]


# A party's paper asking for a decree ("Motion for Preliminary Injunction", "Memorandum in Support of
# Motion for Summary Judgment") is not one.
_PARTY_PAPER_TYPE = re.compile(r"pleading|brief|complaint", re.I)
_PARTY_PAPER_TITLE = re.compile(
    r"^(?:(?:joint|unopposed|consent|emergency|renewed)\s+)?(?:motion|memorandum(?![\s&]+(?:and\s+|&\s+)?(?:order|opinion|decision))|brief|reply|response|opposition|notice|"
    r"(?:verified\s+|amended\s+|first\s+amended\s+)?complaint|(?:plaintiff|defendant)s?['’])",
    re.I,
)


_COURT_PAPER = ("order", "opinion", "judgment", "decree", "decision")
# An order whose title says it dismissed the case ("Order of Dismissal", "Stipulation and Order of Dismissal
# With Prejudice") is the case's judgment; one denying a motion to dismiss, or dismissing in part, is not.
_DISMISSAL_TITLE = re.compile(r"\bdismiss(?:al|ing|ed)\b(?![^\]]*\bin\s+part)", re.I)
_NOT_DISMISSAL_TITLE = re.compile(r"\bden(?:y|ying|ied|ial)\b|\bin\s+part\b", re.I)


def _is_decree(doc: DocInfo) -> bool:
    dismissal = (
        is_type(doc, *_COURT_PAPER)
        and bool(_DISMISSAL_TITLE.search(doc.title))
        and not _NOT_DISMISSAL_TITLE.search(doc.title)
    )
    return (
        (is_type(doc, "decree", "injunction", "judgment") or dismissal)
        and not _PARTY_PAPER_TYPE.search(doc.type)
        and not _PARTY_PAPER_TITLE.match(doc.title.strip())
    )


# How a court's final paper says, in its closing lines, what it did: judgment entered, the case dismissed
# or closed, the defendants permanently enjoined. A judgment in the Federal Rules' sense includes a
# decree (Rule 54(a)), so its entry is a decree date: the day the case's relief (or its absence) was fixed.
_DISPOSITIONS = (
    (
        "judgment entered",
        r"\b(?:final\s+)?judgment\s+(?:is|shall\s+be|will\s+be)\s+(?:hereby\s+)?entered|\benter\s+(?:a\s+)?(?:final\s+)?judgment\b"
        r"|\bfinal\s+and\s+appealable\b|\bjudgment\s+(?:is\s+)?(?:hereby\s+)?entered\s+(?:in\s+favou?r|for|against)\b",
    ),
    (
        "case dismissed",
        r"\b(?:action|case|complaint|petition|suit|matter|(?:all\s+)?claims)\s+(?:is|are|be|shall\s+be|will\s+be)\s+"
        r"(?:hereby\s+|now\s+)?(?:DISMISSED|dismissed)\b(?!\s+in\s+part)"
        r"|\b(?:this|the|above[- ]captioned|entire)\s+(?:action|case|complaint|petition|suit|matter)\b[^.;]{0,80}?"
        r"\bdismissed\s+with\s+prejudice\b|\ball\s+(?:of\s+)?(?:\w+['’]?\s+)?claims\b[^.;]{0,80}?\bdismissed\s+with\s+prejudice\b",
    ),
    ("case closed", r"\bclose\s+(?:this|the)\s+(?:case|action|file|matter)\b|\bcase\s+(?:is|shall\s+be)\s+closed\b"),
    ("permanent injunction entered", r"\b(?:are|is)\s+(?:hereby\s+)?permanently\s+(?:enjoined|restrained)\b"),
    (
        "summary judgment granted",
        r"\bsummary\s+judgment\s+(?:is|be)\s+(?:hereby\s+)?granted\b(?!\s+in\s+part)"
        r"|\bGRANTS\b[^.;]{0,60}\bmotion\s+for\s+summary\s+judgment\b",
    ),
    (
        "motion to dismiss granted",
        r"\bmotions?\s+to\s+dismiss\s+(?:is|are|be)\s+(?:hereby\s+)?granted\b(?!\s+in\s+part)",
    ),
    (
        "petition denied",
        r"\b(?:petition|application)\b[^.;]{0,60}?\b(?:is|be)\s+(?:hereby\s+|therefore\s+)?(?:DENIED|denied)\b(?!\s+in\s+part)",
    ),
    (
        "appeal decided",
        r"\b(?:judgment|order|decision)\b[^.;]{0,60}?\b(?:is|are)\s+(?:hereby\s+)?(?:AFFIRMED|REVERSED|VACATED|affirmed|reversed|vacated)\b"
        r"|\b[Ww]e\s+(?:therefore\s+|accordingly\s+)?(?:affirm|reverse|vacate)\b|^\s*(?:AFFIRMED|REVERSED)\b",
    ),
)
_DISPOSITION = [(what, re.compile(pattern, re.I | re.M)) for what, pattern in _DISPOSITIONS]
# Some claims dismissed is not the case dismissed: "the motion is GRANTED as to the Eighth Amendment claims
# of Plaintiffs A and B, which are dismissed with prejudice"; "dismissed in part"; "dismissed as to Cascade".
_SOME_CLAIMS = re.compile(
    r"\bin\s+part\b|\bgranted\s+as\s+to\b|\bclaims?\s+of\s+(?:the\s+)?(?:named\s+)?plaintiffs?\s+[A-Z]"
    r"|\bdismissed\b[^.;]{0,40}?\bas\s+to\b(?!\s+all\b)",
    re.I,
)


def _dispositions(text: str, doc: DocInfo) -> list[Finding]:
    """What a court's paper disposed of (its first kind of disposition, in _DISPOSITIONS' order), dated
    by the paper's own listing date or, without one, the last date its signature lines give."""
    if not is_type(doc, *_COURT_PAPER) or _PARTY_PAPER_TYPE.search(doc.type) or _PARTY_PAPER_TITLE.match(doc.title):
        return []
    signed = signature_dates(text)
    day = doc_date(doc) or (signed[-1][0] if signed else None)
    if day is None:
        return []
    for what, pattern in _DISPOSITION:
        hits = matching_sentences(text, pattern)
        if what == "case dismissed":
            hits = [h for h in hits if not _SOME_CLAIMS.search(h[0].of(text))]
        hit = next(iter(hits), None)
        if hit:  # the paper's first kind of disposition names it: one event, one value
            title = paper_title(doc) or "order"
            return [Finding(f"{show_date(day)}: {title} ({what})", hit[0].of(text), 0.6)]
    return []


# The case's latest court paper: a case's record ends with the decision that fixed its relief or its end
# more often than not, even where that paper's last lines name no disposition (a scanned order, an
# opinion that ends on its reasoning). A weak candidate, so it never outranks a paper's own words;
# a ruling on the way (a preliminary injunction, a schedule, fees, class certification) is none.
_COURT_PAPER_TYPE = re.compile(r"\border\b|\bopinion\b", re.I)
_INTERIM_TITLE = re.compile(
    r"prelim|temporary\s+restraining|\bTRO\b|schedul|transfer|declassif|appoint|exten(?:d|sion)|discovery|protective"
    r"|amicus|hearing|notice|\bfees\b|\bcosts\b|class\s+certification|certifying",
    re.I,
)
LATEST_PAPER_CONFIDENCE = 0.4


def _latest_court_paper(text: str, doc: DocInfo) -> list[Finding]:
    """The listing date of the case's latest court paper (no order or opinion listed after it), quoted
    with its last line of text that is not a page's running header or footer."""
    day = doc_date(doc)
    if (
        day is None
        or not doc.latest_of_type
        or not _COURT_PAPER_TYPE.search(doc.type)
        or _INTERIM_TITLE.search(doc.title)
        or _PARTY_PAPER_TITLE.match(doc.title.strip())
    ):
        return []
    lines = [line.strip() for line in text.splitlines() if len(line.strip()) >= 8]
    quote = next((line for line in reversed(lines) if not is_page_furniture(line)), lines[-1] if lines else "")
    if not quote:
        return []
    title = paper_title(doc) or "order"
    return [Finding(f"{show_date(day)}: {title} (the case's latest court paper)", quote, LATEST_PAPER_CONFIDENCE)]


@extractor("gavel", "decree_dates")
def decree_dates(text: str, doc: DocInfo) -> list[Finding]:
    found = _event_dates(text, doc, _DECREE_EVENT, "decree entered", _NOT_A_DECREE) + _docket_entries(
        text, doc, _DECREE_ENTRY
    )
    found += _dispositions(text, doc) or _latest_court_paper(text, doc)
    if _is_decree(doc):
        label = f"{paper_title(doc)} entered"
        found += _court_signed_dates(text, label)
        found += _listed_on(text, doc, _DECREE_HEADING, label) or _listed_on(text, doc, _COURT_PAPER_HEADING, label)
        found += _stamped(text, label, found)
    return found


@extractor("gavel", "settlement_date")
def settlement_date(text: str, doc: DocInfo) -> list[Finding]:
    found = _event_dates(text, doc, _SETTLEMENT_EVENT, "settlement") + _docket_entries(
        text, doc, _SETTLEMENT_ENTRY, "settlement approved"
    )
    found += _docket_entries(text, doc, _SETTLED_DISMISSAL_ENTRY, "case dismissed on settlement")
    found += _docket_entries(text, doc, _SETTLED_STIPULATION_ENTRY, "case dismissed on settlement")
    found += _new_days(found, _docket_entries(text, doc, _STIPULATION_ENTRY, "case dismissed by stipulation"))
    found += _new_days(found, _docket_entries(text, doc, _VOLUNTARY_DISMISSAL_ENTRY, "case voluntarily dismissed"))
    # A party's motion about a settlement ("Joint Motion for Approval of Settlement") dates the motion, not the settlement.
    if is_type(doc, "settlement") and not _PARTY_PAPER_TITLE.match(doc.title.strip()):
        title = paper_title(doc)
        found += _signed_dates(text, "settlement agreement signed")
        found += _listed_on(text, doc, _SETTLEMENT_HEADING, title) or (
            _listed_on(text, doc, _COURT_PAPER_HEADING, f"{title} entered") if _approves_settlement(doc) else []
        )
        found += _stamped(text, f"{title} filed", found)
    if _STIPULATED_DISMISSAL_TITLE.search(doc.title) and not _PARTY_PAPER_TITLE.match(doc.title.strip()):
        found += _new_days(found, _listed_on(text, doc, _DISMISSAL_PAPER_HEADING, "case dismissed by stipulation"))
    elif _VOLUNTARY_DISMISSAL_TITLE.search(doc.title):
        found += _new_days(found, _listed_on(text, doc, _DISMISSAL_PAPER_HEADING, "case voluntarily dismissed"))
    return found


# A paper the parties file to end the case ("Stipulation of Dismissal Without Prejudice", "Joint Stipulation
# for Dismissal of All Claims"), dated by the listing under its printed heading.
_STIPULATED_DISMISSAL_TITLE = re.compile(r"\bstipulat\w*\b[^\]]{0,40}?(?<!motion\sto\s)\bdismiss", re.I)
_VOLUNTARY_DISMISSAL_TITLE = re.compile(r"\bnotice\s+of\s+(?:voluntary\s+)?dismissal\b", re.I)
_DISMISSAL_PAPER_HEADING = re.compile(r"^[^\n]*\b(?:STIPULAT\w*|NOTICE)\b[^\n]*", re.M | re.I)


def _new_days(found: list[Finding], more: list[Finding]) -> list[Finding]:
    """Of ``more``, the findings whose day ``found`` does not date already (one event, one value)."""
    days = {f.value.split(":")[0] for f in found}
    return [f for f in more if f.value.split(":")[0] not in days]


# A court's order whose listing title says it approved the settlement ("Opinion and Order [Approving
# Settlement]", "Order Granting Final Approval of Class Settlement"), not one refusing or scheduling it.
_APPROVAL_TITLE = re.compile(r"\b(?:approv(?:ing|al\s+of)|final\s+approval)\b[^\]]{0,40}\bsettlement\b", re.I)
_NOT_APPROVAL_TITLE = re.compile(r"\bden(?:y|ying|ied|ial)\b|\bprelim|\bhearing\b|\bnotice\b", re.I)


def _approves_settlement(doc: DocInfo) -> bool:
    return (
        is_type(doc, *_COURT_PAPER)
        and bool(_APPROVAL_TITLE.search(doc.title))
        and not _NOT_APPROVAL_TITLE.search(doc.title)
        and not _PARTY_PAPER_TYPE.search(doc.type)
        and not _PARTY_PAPER_TITLE.match(doc.title.strip())
    )


def _leading_day(value: str) -> str:
    """The day a date item's value begins with ("February 6, 2023: Consent Decree ... filed"); a value
    without one is its own key."""
    day = parse_date(value.split(":", 1)[0]) if ":" in value else None
    return day.isoformat() if day else value


@settles("gavel", "settlement_date")
@settles("gavel", "decree_dates")
def one_value_per_day(kept: list[int], rows: list[dict]) -> list[int]:
    """A date item lists days: a second value on a day already listed (the decree's heading, then its
    filing stamp) tells the same day again; the surest of them (the first among equals) stands for it."""
    return best_of_each(kept, lambda i: _leading_day(rows[i]["value"]), lambda i: rows[i]["confidence"])
