"""GAVEL important filings and court rulings, read from the sentences of motions, orders and dockets."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from gavel_agent.offline.registry import DocInfo, Finding, extractor
from gavel_agent.offline.rules.filing_date import filing_date
from gavel_agent.offline.rules.ruling_papers import is_court_paper, paper_ruling
from gavel_agent.offline.rules.text import (
    NOT_A_STANDARD,
    compiled,
    dates_in,
    doc_date,
    is_type,
    line_span,
    operative_date,
    parse_date,
    sentence_spans,
    show_date,
    signature_spans,
)
from gavel_agent.text.regexes import filed_stamp

_FILING_VERB = re.compile(r"\b(?:filed|files|moved|moves|submitted|lodged|brought|noticed)\b", re.I)
# The operative words of an order or an appellate judgment.
# How an order disposes of a motion: in capitals, by the Court's own verb, or in the present tense of
# a particular motion ("defendants' motion to dismiss is granted in part"); not a legal standard
# ("a motion to dismiss is granted only if ...").
_DISPOSITION = re.compile(
    r"\b(?:is|are)\s+(?:hereby\s+)?(?:GRANTED|DENIED|DISMISSED|AFFIRMED|REVERSED|VACATED|ALLOWED)|\bCourt\s+(?:hereby\s+)?(?:GRANTS|DENIES|grants|denies)\b"
    r"|\b(?:AFFIRMED|REVERSED|VACATED)\b"
    r"|(?i:\b(?:the|this|its|their|his|her|\w+['’]s?)\s+(?:[\w-]+\s+){0,3}(?:motions?|requests?|applications?|petitions?|objections?)\b[^;]{0,120}?"
    rf"\b(?:is|are)\s+(?:hereby\s+)?(?:granted|denied|overruled|sustained)\b{NOT_A_STANDARD})"
)
_HYPOTHETICAL = re.compile(
    r"\b(?:if|should|would|unless|whether|were)\s+(?:the|this)\s+Court\s+(?:grants?|denies|deny)\b", re.I
)
_RULING_CUE = re.compile(r"\b(?:Court|ORDERED|ORDERS|ORDER|hereby|Judge|AFFIRMED|REVERSED|VACATED)\b")
_DOCKET_LINE = re.compile(r"^\s*(\d{1,2}/\d{1,2}/\d{2,4})\b", re.M)
_ACTOR = re.compile(
    r"\b(Plaintiffs?|Defendants?|the\s+United\s+States|the\s+City|the\s+State|the\s+County|Intervenors?)\b(?=[^.;]{0,40}\b(?:filed|moved|submitted))",
    re.I,
)


# A docket entry whose paper answers or supports another names that paper after its own kind.
_ANSWERS_A_PAPER = re.compile(
    r"[\d/|#\s]*(?:(?!motion\b)\w+\s+){0,3}?(?:answer|response|opposition|reply|memorandum|brief|declaration|affidavit|objections?|"
    r"joinder|notice\s+of\s+(?:supplemental\s+)?authority)\b(?:\s+\w+){0,4}?\s+(?:to|re:?|in|of|regarding)\b",
    re.I,
)


def motion_kind(sentence: str) -> str | None:
    return next((row["value"] for row, pattern in compiled("filings") if pattern.search(sentence)), None)


MAX_RULING_QUOTE = 900
RULED_ON_REACH = 600  # characters before a ruling ("Plaintiffs' motion is GRANTED") where it may name the motion


def _motion_named_before(text: str, start: int) -> tuple[str, int] | None:
    """The last kind of paper named shortly before ``start`` and where its mention begins."""
    lo = max(0, start - RULED_ON_REACH)
    named = [
        (m.start(), row["value"]) for row, pattern in compiled("filings") for m in pattern.finditer(text, lo, start)
    ]
    if not named:
        return None
    at, kind = max(named)
    return kind, at


def _outcome(sentence: str) -> str | None:
    return next((row["value"] for row, pattern in compiled("outcomes") if pattern.search(sentence)), None)


def _sentence_date(text: str, start: int, end: int, doc: DocInfo) -> str | None:
    if "docket" in doc.type.lower():
        line_start = text.rfind("\n", 0, start) + 1
        m = _DOCKET_LINE.match(text, line_start)
        if m and (day := parse_date(m.group(1))):
            return show_date(day)
    dates = dates_in(text, start, end)
    return show_date(dates[0][0]) if dates else None


FILED_FOR_SURE = 0.9  # a filing-date finding this certain is the complaint's own record


@dataclass(frozen=True)
class FilingMention:
    kind: str  # the filings table's name for the paper ("Motion to enforce")
    movant: str | None
    when: str | None
    quote: str


# A docket entry names who filed its paper after the paper: "MOTION to Enforce ... Filed by all Plaintiffs.",
# "MOTION to Dismiss by Riverside County." (not "Signed by Judge ...").
_FILED_BY = re.compile(
    r"\b(?:Filed\s+by|(?<!Signed\s)(?<!Referred\s)by)\s+(?:all\s+)?(?P<who>[A-Z][\w.'’&-]*(?:,?[ \t]+(?:of[ \t]+|the[ \t]+)?[A-Z][\w.'’&-]*){0,5})(?=\s*[.(;]|\s*$)"
)


# A docket entry recording a hearing or a notice of one, which names the motion heard, not a paper filed.
_NOT_A_FILING = re.compile(
    r"[\d/|#\s]*(?:MINUTES?|(?:NOTICE|ORDER)\s+(?:of|setting)\s+(?:\w+\s+)?HEARING|HEARING)\b", re.I
)


def _movant(sentence: str, docket: bool) -> str | None:
    if actor := _ACTOR.search(sentence):
        return actor.group(1)
    if docket and (named := _FILED_BY.search(sentence)) and not named["who"].startswith("Judge"):
        return named["who"].rstrip(".")
    return None


def filing_mentions(text: str, doc: DocInfo) -> list[FilingMention]:
    """Each sentence (in a docket: each entry) that files a paper of a kind the filings table names."""
    docket = is_type(doc, "docket")
    found = []
    for span in sentence_spans(text):
        sentence = span.of(text)
        kind = motion_kind(sentence)
        if kind is None or not (docket or _FILING_VERB.search(sentence)) or (docket and _outcome(sentence)):
            continue
        if docket and _ANSWERS_A_PAPER.match(sentence):
            continue  # "RESPONSE in Opposition re 24 MOTION to Dismiss": the response, not the motion
        if docket and _NOT_A_FILING.match(sentence):
            continue  # "MINUTES of Proceedings: Evidentiary Hearing held on Motion to Enforce 231"
        when = _sentence_date(text, span.start, span.end, doc)
        # A docket entry's later sentences name who filed it ("... Relief. Filed by all Plaintiffs.").
        said = line_span(text, span.start, span.end).of(text) if docket else sentence
        found.append(FilingMention(kind, _movant(said, docket), when, sentence[:600]))
    return found


@extractor("gavel", "important_filings")
def important_filings(text: str, doc: DocInfo) -> list[Finding]:
    # The complaint opens every list of filings; its date is found as the filing date is.
    filed = max(
        (f for f in filing_date(text, doc) if f.confidence >= FILED_FOR_SURE), key=lambda f: f.confidence, default=None
    )
    found = [Finding(f"Complaint (filed {filed.value})", filed.quote, 0.9)] if filed else []
    for m in filing_mentions(text, doc):
        value = m.kind + (f" by {m.movant}" if m.movant else "") + (f" (filed {m.when})" if m.when else "")
        found.append(Finding(value, m.quote, 0.8 if m.when else 0.5))
    return found


@dataclass(frozen=True)
class Ruling:
    kind: str  # what was ruled on ("Motion to dismiss", "Claims")
    outcome: str  # the outcomes table's word ("granted in part")
    when: str | None
    quote: str
    confidence: float

    def finding(self) -> Finding:
        return Finding(
            f"{self.kind} {self.outcome}" + (f" ({self.when})" if self.when else ""), self.quote, self.confidence
        )


# Papers whose sentences may rule.
_RULING_PAPERS = ("order", "opinion", "docket", "judgment", "decree")


@extractor("gavel", "court_rulings")
def court_rulings(text: str, doc: DocInfo) -> list[Finding]:
    if not is_type(doc, *_RULING_PAPERS):
        return []
    stated = rulings(text, doc)
    if any(r.when for r in stated):
        return [
            r.finding() for r in stated
        ]  # the paper's rulings are dated already (by their own words or the listing)
    # The paper itself is a ruling too; the settler keeps it only where no ruling sentence read elsewhere
    # in the paper dates it.
    paper = paper_ruling(text, doc)
    return [r.finding() for r in stated] + ([paper] if paper else [])


def rulings(text: str, doc: DocInfo) -> list[Ruling]:
    """The rulings a court paper's (or a docket's) sentences state, each dated where the paper allows."""
    if not is_type(doc, *_RULING_PAPERS):
        return []
    found = []
    for span in sentence_spans(text):
        sentence = span.of(text)
        kind, outcome = motion_kind(sentence), _outcome(sentence)
        quote = sentence
        if not kind and outcome == "dismissed" and "otion" not in sentence and _DISPOSITION.search(sentence):
            kind = _what_is_dismissed(sentence)  # "the Eighth Amendment claims are DISMISSED": no motion's fate
        elif not kind and outcome and _DISPOSITION.search(sentence):
            # The motion is often named a sentence or two before the ruling; the quote then runs from
            # there, so it shows both (unless that would be too long to read as one quote).
            named = _motion_named_before(text, span.start)
            if named and span.end - named[1] <= MAX_RULING_QUOTE:
                kind, quote = named[0], text[named[1] : span.end]
            else:
                kind = "Motion" if "otion" in sentence else "Judgment"
        if not (kind and outcome and (_RULING_CUE.search(sentence) or _DISPOSITION.search(sentence))):
            continue
        if _HYPOTHETICAL.search(sentence):
            continue  # "if the Court grants the motion, it should ...": an argument, not a ruling
        if any(pattern.search(quote) for _, pattern in compiled("routine_motions")):
            continue  # housekeeping (more time, more pages, sealing), not a ruling worth listing
        if kind == "Notice of appeal":
            # A notice is neither granted nor denied: the ruling beside it is on a motion made in the appeal
            # ("... re 59 Notice of Appeal ... the motion to expedite is GRANTED") or is the appeal's own
            # outcome, which the appeals item lists.
            continue
        if kind == "Amended complaint":
            kind = "Leave to amend the complaint"  # a court grants leave to amend, not the pleading itself
        when = _sentence_date(text, span.start, span.end, doc)
        if when is None and is_court_paper(doc) and (entered := operative_date(sentence, doc)):
            when = show_date(entered)
        found.append(Ruling(kind, outcome, when, quote[:MAX_RULING_QUOTE], 0.8 if when else 0.6))
    return _dated_by_signature(found, text, doc)


def _what_is_dismissed(sentence: str) -> str:
    low = sentence.lower()
    return next((word for word in ("Appeal", "Complaint", "Claims") if word.lower().rstrip("s") in low), "Case")


# The court's stamp heading each page of a filed paper ("Document 252 Filed 01/19/24"): the paper a ruling
# sits in, in a file bundling several, was filed that day.
_PAGE_STAMP = filed_stamp()


def _dated_by_signature(found: list[Ruling], text: str, doc: DocInfo) -> list[Ruling]:
    """A ruling in an order that writes no date of its own takes the date of the first signature line after
    it (the order's own closing; in a paper bundling a motion, an order and a notice of appeal, the
    motion's signature comes before the order and the notice's after it), else the filing stamp of the
    page it is on, else the order's listing date."""
    # Only the paper's own decretal words ("the motion is GRANTED"), not its account of an earlier ruling
    # ("In an earlier opinion the Court granted ...").
    undated = [r for r in found if r.when is None and _DISPOSITION.search(r.quote)]
    if not undated or is_type(doc, "docket"):
        return found
    signed = signature_spans(text)
    stamped = [(m.start(), parse_date(m.group(1))) for m in _PAGE_STAMP.finditer(text)]
    listed = doc_date(doc) if is_court_paper(doc) else None
    dated = []
    for r in found:
        if r in undated:
            at = max(text.find(r.quote), 0)
            day = (
                next((d for d, span in signed if span.start >= at), None)
                or next((d for start, d in reversed(stamped) if start < at and d), None)
                or listed
            )
            if day is not None:
                r = replace(r, when=show_date(day), confidence=0.7)
        dated.append(r)
    return dated
