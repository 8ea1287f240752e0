"""An order or opinion as a ruling of its own: what its heading (or, failing that, its listing title) says it
decides, dated by the case listing or its signature line; and the settling step that keeps one value per
ruling.

A court paper read only in part often shows no decretal sentence ("the motion is GRANTED") in what was
read, yet its caption heading names the ruling ("ORDER GRANTING IN PART DEFENDANTS' MOTION TO DISMISS")
and its closing lines show it was entered ("SO ORDERED", "AFFIRMED", a signature date).
"""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding, settles
from gavel_agent.offline.rules.text import doc_date, line_span, parse_date, show_date, signature_dates

PAPER_CONFIDENCE = 0.55  # a paper found as a whole (heading or signature), below any ruling sentence
_BASE = r"(?:(?:MEMORANDUM|AMENDED|FINAL|SUPPLEMENTAL|FURTHER|PRELIMINARY|PERMANENT)[ \t]+)*(?:OPINION|ORDER|DECISION|JUDGMENT|RULING|MEMORANDUM)"
# A caption heading: a line that opens with the paper's kind in capitals ("ORDER", "MEMORANDUM OPINION AND
# ORDER", "ORDER GRANTING PLAINTIFFS' MOTION FOR CLASS CERTIFICATION"), ending at the line's end or at a
# wide gap (a two-column page puts the other column's words on the same line); it may run on over up to
# two more lines in capitals.
_HEADING = re.compile(
    rf"(?m)^[ \t]*(?P<head>{_BASE}(?:[ \t]+(?:AND|&)[ \t]+{_BASE})?(?:[ \t,:]+[A-Z0-9'’.,;:()&/§ -]*?)?)(?=[ \t]{{2,}}|[ \t]*$)"
    r"(?P<more>(?:[ \t]*\n[ \t]*[A-Z'’][A-Z0-9'’.,;:()&/§ -]{3,}(?=[ \t]{2,}|[ \t]*$)){0,2})"
)
# A brief filed under the court's listing ("MEMORANDUM OF LAW IN SUPPORT OF ...") or a draft is no ruling.
_NOT_A_RULING = re.compile(r"\b(?:OF\s+LAW|IN\s+(?:SUPPORT|OPPOSITION)|PROPOSED|BRIEF|REPLY|RESPONSE)\b", re.I)
_GENERIC = re.compile(rf"^(?:{_BASE}(?:\s+(?:AND|&)\s+{_BASE})?|ORDER\s+(?:NO\.?|NUMBER)\s*\d*)$", re.I)
_CUT_OFF = re.compile(r"(?:\s+(?:FOR|OF|TO|THE|AND|IN|ON|RE|A|AN|BY|WITH|FROM|[A-Z]+['’]S?))+$|\s+[A-Z]+['’]$")
_COURT_PAPER_TITLE = re.compile(
    r"(?:(?:amended|final|partial|stipulated|agreed|consent|protective|minute|memorandum|supplemental|preliminary"
    r"|permanent|scheduling)\s+)*(?:order|opinion|judgment|decree|decision|ruling)\b",
    re.I,
)
# A title naming the court's paper after the parties' part in it: "Stipulation and Order of Settlement and
# Dismissal", "Memorandum and Order" (the listing files it as the court's, so a motion title is not one).
_NAMES_A_COURT_PAPER = re.compile(
    r"^(?!motion|notice|application|petition|request)\w.*\b(?:and|&)\s+(?:order|opinion|judgment|decree)\b", re.I
)
ENTERED_TITLE_CHARS = 90  # a longer listing title is a docket text, not the paper's name
# A listing title that names a court's paper and what it decides ("Order Granting Preliminary Injunction").
_TITLE_OF_A_RULING = re.compile(
    rf"{_BASE}\b.*\b(?:granting|denying|approving|dismissing|adopting|certifying|affirming"
    r"|reversing|vacating|remanding|enjoining|entering|appointing|awarding|on|re|regarding|concerning|for|of)\b",
    re.I,
)
# A court's closing words: the paper was entered, not merely drafted or quoted.
_CLOSING = re.compile(
    r"\b(?:IT\s+IS\s+(?:SO\s+|HEREBY\s+|FURTHER\s+)?ORDERED|(?i:so\s+ordered)|AFFIRMED|REVERSED|VACATED|REMANDED)\b"
    r"|\b(?:judgment|order|decision)\s+(?:of\s+the\s+district\s+court\s+)?is\s+(?:affirmed|reversed|vacated)\b"
)
# The decretal words of an order ("IT IS HEREBY ORDERED that this matter is referred to mediation") or an
# appellate court's mandate ("the judgment of the district court is REVERSED"): what the paper decides.
_DECRETAL = re.compile(
    r"(?:\b(?:IT\s+IS|is\s+hereby|HEREBY)\s+(?:(?:FURTHER|HEREBY|SO)\s+)?ORDERED|(?m:^[ \t]*ORDERED))"
    r"(?:,?\s+ADJUDGED,?\s+AND\s+DECREED)?,?\s*(?:that|:)\s+(?P<what>[^.;]{15,})"
    r"|(?P<mandate>\b(?:the\s+)?(?:judgment|decision|order)(?:\s+of\s+the\s+(?:\w+\s+){0,3}court)?\s+(?:is|are)\s+(?:hereby\s+)?"
    r"(?:affirmed|reversed|vacated)\b[^.;]{0,80}"
    r"|\b(?:accordingly|therefore|for\s+(?:these|the\s+foregoing)\s+reasons),?\s+we\s+(?:affirm|reverse|vacate)\b[^.;]{0,150})",
    re.I,
)
DECRETAL_WORDS = 24  # a decretal clause is cut to this many words in a value
# A caption heading sits in the first part of the text read (further on, capitals are a quoted order's).
HEADING_REACH, HEADING_CHARS = 0.5, 1500


def _words(raw: str) -> str:
    return " ".join(raw.replace("\n", " ").split()).strip(" ,.;:-")


def _described(heading: str) -> str:
    """A heading in sentence case: "ORDER GRANTING DEFENDANTS' MOTION" -> "Order granting defendants' motion"."""
    text = heading.lower()
    return text[:1].upper() + text[1:]


def _what_it_decides(text: str, doc: DocInfo) -> tuple[str, str] | None:
    """What the paper decides and the words quoted for it: its heading when the heading names the ruling,
    else its listing title when the title does (the heading quoted as the paper's own words)."""
    m = next((m for m in _HEADING.finditer(text) if m.start() <= max(len(text) * HEADING_REACH, HEADING_CHARS)), None)
    if m is None:
        return None
    heading = _words(m.group("head") + " " + m.group("more"))
    if _NOT_A_RULING.search(heading):
        return None
    title = _words(doc.title)
    titled = _TITLE_OF_A_RULING.match(title) and not _GENERIC.match(title) and not _NOT_A_RULING.search(title)
    cut_off = _CUT_OFF.search(heading)  # the heading runs on in a line the read text splits or garbles
    if not _GENERIC.match(heading) and not (cut_off and titled):
        return _described(_CUT_OFF.sub("", heading)), m.group(0).strip()
    if titled:
        return title[:1].upper() + title[1:], m.group(0).strip()
    return _entered(doc), m.group(0).strip()


def is_court_paper(doc: DocInfo) -> bool:
    """Whether the listing files the document as the court's own paper (an order, opinion, judgment or decree),
    or, for a case listed without types, its title names one. A compound paper filed as a motion ("Motion to
    Enforce; Opinion and Order; Notice of Appeal") is not: its date and signature lines are the filings'."""
    if doc.type:
        return doc.type.lower().startswith(("order", "opinion", "judgment", "decree"))
    return bool(_COURT_PAPER_TITLE.match(_words(doc.title)))


def paper_ruling(text: str, doc: DocInfo) -> Finding | None:
    """The paper itself as one ruling, when what was read shows its heading or its closing words and a date
    for it (the listing's, else the signature line's)."""
    if not is_court_paper(doc):
        return None
    signed = signature_dates(text)
    listed = doc_date(doc)
    when = listed
    decided = _what_it_decides(text, doc)
    if (decided is None or decided[0].endswith(" entered")) and (decree := _DECRETAL.search(text)):
        decided = (_decided_by(decree, doc), decree.group(0).strip())
    elif decided is None or decided[0].endswith(" entered"):
        # A bare heading ("ORDER") shows less than the closing words that the paper was entered; a quoted
        # signature line gives the value its own date (the quote must not contradict the value).
        closing = _CLOSING.search(text)
        quote = signed[-1][1] if signed else (line_span(text, closing.start()).of(text).strip() if closing else "")
        if len(quote) >= 8:
            decided = (_entered(doc), quote)
            when = signed[-1][0] if signed else listed
    if decided is None or when is None:
        return None
    value, quote = decided
    return Finding(f"{value} ({show_date(when)})", quote, PAPER_CONFIDENCE)


def _decided_by(decree: re.Match, doc: DocInfo) -> str:
    """A decretal clause as a value: "Order: this matter is referred to the Court's Mediation Program"."""
    said = _words(decree.group("what") or decree.group("mandate"))
    words = re.sub(
        r"^(?:accordingly|therefore|for\s+(?:these|the\s+foregoing)\s+reasons),?\s+", "", said, flags=re.I
    ).split()
    what = " ".join(words[:DECRETAL_WORDS]) + (" ..." if len(words) > DECRETAL_WORDS else "")
    kind = _entered(doc).removesuffix(" entered")
    return f"{kind}: {what[:1].lower()}{what[1:]}"


def _entered(doc: DocInfo) -> str:
    """The paper entered, named by its listing title when the title names a court's paper ("Final Judgment
    entered", "Agreed Order entered"); the listing's type ("Order/Opinion") names both kinds, so a bare
    title says which the paper is."""
    title = _words(doc.title)
    if (
        (_COURT_PAPER_TITLE.match(title) or _NAMES_A_COURT_PAPER.search(title))
        and title.lower() not in ("order", "opinion")
        and not _NOT_A_RULING.search(title)
        and len(title) <= ENTERED_TITLE_CHARS
    ):
        return f"{title[:1].upper()}{title[1:]} entered"
    return f"{'Opinion' if 'opinion' in title.lower() and 'order' not in title.lower() else 'Order'} entered"


def _date_of(value: str) -> str:
    m = re.search(r"\(([^()]+)\)\s*$", value)
    day = parse_date(m.group(1)) if m else None
    return day.isoformat() if day else ""


@settles("gavel", "court_rulings")
def one_value_per_ruling(kept: list[int], rows: list[dict]) -> list[int]:
    """A paper found as a whole is one ruling: of its findings on one day, a ruling sentence's values stand
    for it, else the one paper value that says most (a heading over "Order entered")."""
    stated: set[tuple[str, str]] = set()
    for i in kept:
        if rows[i]["confidence"] != PAPER_CONFIDENCE:
            stated.add((rows[i]["document"], _date_of(rows[i]["value"])))
    best: dict[tuple[str, str], int] = {}
    for i in kept:
        key = (rows[i]["document"], _date_of(rows[i]["value"]))
        if rows[i]["confidence"] != PAPER_CONFIDENCE or key in stated:
            continue
        if key not in best or _says_more(rows[i]["value"], rows[best[key]]["value"]):
            best[key] = i
    papers = set(best.values())
    # A ruling on a motion the sentence does not name ("Cascade's motion is DENIED") beside a named ruling
    # of the same paper and day is mostly a part of that ruling, said twice.
    named = {key for i in kept if (key := (rows[i]["document"], _date_of(rows[i]["value"]))) and _names_it(rows[i])}
    # An undated ruling that a dated value already states ("Motion to dismiss denied" beside "Motion to
    # dismiss denied (May 1, 2019)") is the same ruling told again.
    dated = {re.sub(r"\s*\([^()]*\)$", "", rows[i]["value"]) for i in kept if _date_of(rows[i]["value"])}
    return [
        i
        for i in kept
        if (rows[i]["confidence"] != PAPER_CONFIDENCE or i in papers)
        and (_names_it(rows[i]) or (rows[i]["document"], _date_of(rows[i]["value"])) not in named)
        and (_date_of(rows[i]["value"]) or rows[i]["value"] not in dated)
    ]


def _names_it(row: dict) -> bool:
    """Whether a ruling value names what was ruled on (not a bare "Motion granted", "Judgment denied")."""
    return not re.match(
        r"(?:Motion|Judgment) (?:granted|denied|dismissed|approved|affirmed|reversed|vacated)", row["value"]
    )


_BARE_ENTRY = re.compile(r"(?:Order|Opinion) entered \(")


def _says_more(value: str, other: str) -> bool:
    return (not _BARE_ENTRY.match(value), len(value)) > (not _BARE_ENTRY.match(other), len(other))
