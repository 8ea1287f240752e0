"""GAVEL rule extractors, the court's side: judges, related cases, filings, rulings, opinions, trials, appeals."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, replace

import eyecite

from gavel_agent.case_identity import DOCKET, STATES, docket_key
from gavel_agent.offline.gavel_rules import SIDE_WORDS, SMALL_WORDS, filing_date
from gavel_agent.offline.registry import DocInfo, Finding, best_of_each, completes, extractor, settles
from gavel_agent.offline.rules_text import (
    DATE,
    NOT_A_STANDARD,
    PERSON_RE,
    compiled,
    dates_in,
    doc_date,
    filed_stamp,
    flat,
    is_type,
    line_span,
    matching_sentences,
    name_word,
    operative_date,
    own_dockets,
    parse_date,
    person_name,
    sentence_at,
    sentence_findings,
    sentence_spans,
    show_date,
    signature_spans,
    tables,
)
from gavel_agent.offline.ruling_papers import is_court_paper, paper_ruling

logging.getLogger("eyecite").setLevel(logging.ERROR)

# -- judges -------------------------------------------------------------------------

# Judges who presided or ruled. The case summaries (and the human checklists drawn from them) name the
# district and magistrate judges who acted, rarely an appellate panel or a magistrate judge a case was
# merely referred to: those are kept as surely as a judge merely named (NAMED_ONLY), as a fallback.
_JUDGE_TITLE = r"(?i:(?:Chief\s+|Senior\s+)?(?:United\s+States\s+|U\.\s?S\.\s+)?(?:Chief\s+|Senior\s+)?(?:District|Magistrate)\s+Judge)"
_SIGNED_JUDGE = re.compile(rf"(?:/s/\s*)?({PERSON_RE.pattern})\s*,?\s*(?:\n\s*)?{_JUDGE_TITLE}")
_NAMED_JUDGE = re.compile(
    rf"(?:\bHon\.|\bHonorable|\bHONORABLE|\bHON\.|{_JUDGE_TITLE}|\bJudge|\bJUDGE)\s+({PERSON_RE.pattern})"
)
# Docket sheet headers: "Assigned to: Judge Carl J. Barbier", "Referred to: Magistrate Judge Michael North",
# "Assigned to: Honorable John A. Ross"; a docket entry's "(Signed by Judge Deborah A. Batts on 1/24/07)"; a
# Lexis header's "Opinion by: Douglas S. Lavine" and "Judges: ...".
_ASSIGNED = re.compile(
    rf"(?P<cue>(?i:Assigned\s+to|Referred\s+to|Presiding\s+Judge|Signed\s+by|Opinion\s+by|Judges)):?\s+"
    rf"(?:(?i:Chief\s+|Senior\s+|District\s+|Magistrate\s+|Honorable\s+|Hon\.\s+)*(?i:Judge\s+|Justice\s+)?)?({PERSON_RE.pattern})"
)
_WEAK_CUE = re.compile(r"(?i)Referred|Signed")  # a referral, or one order of many signed
# An opinion's author or panel in capitals: "MOTLEY, District Judge.", "GORDON, Chief Judge.",
# "MARTHA CRAIG DAUGHTREY, Circuit Judge.", "BEFORE: KENNEDY, GIBBONS, and ROGERS, Circuit Judges.".
_CAPS_NAME = r"(?:Mc|Mac|O['’])?[A-Z][A-Z'’-]+(?:[ \t]+(?:[A-Z]\.|(?:Mc|Mac|O['’])?[A-Z][A-Z'’-]+)){0,3}"
_OPINION_BY = re.compile(
    rf"(?m)^[ \t]*(?P<before>(?i:Before):?[ \t]+)?(?P<names>(?:{_CAPS_NAME},?[ \t]+(?:and[ \t]+)?)*{_CAPS_NAME}),[ \t]*"
    r"(?:Chief[ \t]+|Senior[ \t]+)?(?:(?:United[ \t]+States[ \t]+)?(?P<title>District|Magistrate|Circuit)[ \t]+)?Judges?\b"
)

# A reporter's synopsis names the judge whose ruling it digests: "The Court of Appeals, Birch, Circuit Judge,
# held that", "The District Court, Reade, J., held", "Bristol Division, Ernest Rotenberg, J., granted".
_SYNOPSIS = re.compile(
    r"\b(?P<name>(?:(?:[A-Z]\.\s?)+\s*|[A-Z][a-z]+\s+){0,3}(?:Mc|Mac|O['’]|De|Van\s|Von\s)?[A-Z][a-zA-Z'’-]+),\s+"
    r"(?:(?:Chief|Senior|Presiding)\s+)?(?:(?:Circuit|District|Magistrate|Bankruptcy)\s+)?(?:Judge|J\.)\s*,?\s+"
    r"(?:held|granted|denied|entered|sustained|declared|found|issued|certified|dismissed|ruled|concluded|approved"
    r"|ordered|enjoined|awarded|rendered|overruled|adopted)\b"
)
# A signature in capitals over the judge's title: "LESLIE J. ABRAMS, JUDGE", "MICHAEL W. MOSMAN\nJudge, United States ...".
_CAPS_SIGNATURE = re.compile(
    rf"(?m)^[ \t]*(?P<name>{_CAPS_NAME})[ \t]*(?:,[ \t]*JUDGE\b|\n[ \t]*Judge,[ \t]+United[ \t]+States\b)"
)

# The same signature over "Judge, United States ..." where OCR broke the given names ("1REG~  WALTON",
# "FREDFiUCK  . SCULLIN, JR.", as scanned orders of the Foreign Intelligence Surveillance Court read):
# the surname that ends the line, written alone (a fuller name read elsewhere replaces it), where the
# signature was not read whole.
_SIGNED_SURNAME = re.compile(
    r"(?m)\b(?P<surname>(?:Mc|Mac|O['’])?[A-Z][A-Z'’-]{2,})(?:,?[ \t]+(?:JR|SR|II|III)\.?)?,?[ \t]*"
    r"\n[ \t]*Judge,[ \t]+United[ \t]+States\b"
)


@extractor("gavel", "judge_name")
def judge_name(text: str, doc: DocInfo) -> list[Finding]:
    found = []
    for m in _SIGNED_JUDGE.finditer(text):
        name = person_name(m.group(1))
        if name:
            found.append(Finding(name, m.group(0).strip(), 1.0))
    for m in _ASSIGNED.finditer(text):
        name = person_name(m.group(2))
        if name:
            found.append(Finding(name, m.group(0).strip(), NAMED_ONLY if _WEAK_CUE.match(m["cue"]) else 0.9))
    for m in _OPINION_BY.finditer(text):
        names = re.split(r",[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+", m["names"])
        sure = 0.9
        if m["before"] or m["title"] == "Circuit":
            sure = CIRCUIT_AUTHOR if m["title"] == "Circuit" and not m["before"] and len(names) == 1 else NAMED_ONLY
        for name in names:
            words = name.split()
            if name and not any(w.lower() in tables()["not_name_words"] for w in words):
                found.append(Finding(" ".join(w.capitalize() for w in words), m.group(0).strip(), sure))
    for m in _SYNOPSIS.finditer(text):
        name = person_name(m["name"]) or m["name"].split()[-1]
        if name.lower() not in tables()["not_name_words"]:
            found.append(Finding(name, m.group(0).strip(), 0.9))
    signed_whole = set()
    for m in _CAPS_SIGNATURE.finditer(text):
        if name := person_name(m["name"]):
            found.append(Finding(name, m.group(0).strip(), 1.0))
            signed_whole.add(m.end())
    for m in _SIGNED_SURNAME.finditer(text):
        if m.end() not in signed_whole and m["surname"].lower() not in tables()["not_name_words"]:
            found.append(Finding(name_word(m["surname"]), m.group(0).strip(), 1.0))
    for m in _NAMED_JUDGE.finditer(text):
        name = person_name(m.group(1))
        if name:
            found.append(Finding(name, sentence_at(text, m.start(), m.end()).of(text), NAMED_ONLY))
    return [Finding(name, f.quote, f.confidence) for f in found if (name := _judge_value(f.value))]


# A name read on past its end: a possessive and the word after it ("Judge Moses' April 6 Order"), or a
# particle that was the start of the next word ("Judge Goldstein determined" read as "Goldstein de").
_POSSESSIVE = re.compile(r"['’]s?(?=[\s,]|$).*")
_TRAILING_PARTICLE = re.compile(r"(?:\s+(?i:de|van|von))+$")


def _judge_value(name: str) -> str:
    """The name without what was read past its end; "" when no surname is left ("John W." of "John W. de\nGravelles")."""
    name = _TRAILING_PARTICLE.sub("", _POSSESSIVE.sub("", name)).strip()
    return "" if re.search(r"(?:^|\s)[A-Z]\.$", name) else name


NAMED_ONLY = 0.5  # a judge named in a sentence, not by a signature, a docket header or an opinion's heading
CIRCUIT_AUTHOR = 0.45  # an appellate opinion's author heading ("BERZON, Circuit Judge"), kept when named again


@settles("gavel", "judge_name")
def named_only_as_fallback(kept: list[int], rows: list[dict]) -> list[int]:
    """Judges merely named in a sentence only when nothing signed or headed names one: beside a signature or
    docket header, a named judge was mostly another case's (about one in fifteen was the case's own on
    the training folds; alone, about two in five). Beside them, a judge whose surname one passage only
    names (a reassigned case's docket header, a synopsis, a magistrate judge's one signature) is left
    unless a district judge signed it, and an appellate opinion's author is kept when another passage
    names the same surname (on the training folds about half of either was a judge the case summary
    names, against about four in five of those named twice)."""
    passages: dict[str, set[str]] = {}
    for i in kept:
        passages.setdefault(_surname_key(rows[i]["value"]), set()).add(rows[i]["quote"])

    def again(i: int) -> bool:
        return len(passages[_surname_key(rows[i]["value"])]) >= 2

    surer = [i for i in kept if rows[i]["confidence"] > NAMED_ONLY]
    if not surer:
        return _fullest_names(kept, rows)
    surer = [i for i in surer if _signed_by_the_judge(rows[i]) or again(i)] or surer
    authors = [i for i in kept if rows[i]["confidence"] == CIRCUIT_AUTHOR and again(i)]
    return _fullest_names(sorted(surer + authors), rows)


def _fullest_names(kept: list[int], rows: list[dict]) -> list[int]:
    """One judge, one name: a heading's bare surname ("CASTELLANO, District Judge.") gives way to the
    fullest name kept for the same surname ("Helen R. Castellano"), whose quotes all stay."""
    fullest: dict[str, int] = {}
    for i in kept:
        key = _surname_key(rows[i]["value"])
        fullest[key] = max(fullest.get(key, 0), len(rows[i]["value"].split()))
    return [i for i in kept if len(rows[i]["value"].split()) == fullest[_surname_key(rows[i]["value"])]]


def _signed_by_the_judge(row: dict) -> bool:
    """A district judge's signature: enough alone. A magistrate judge signing once (a discovery order, a
    report on a referral) was the summary's judge about as often as not on the training folds."""
    return row["confidence"] >= 1.0 and not re.search(r"(?i)magistrate", row["quote"])


def _surname_key(value: str) -> str:
    return value.split()[-1].lower() if value.split() else ""


# -- related and consolidated cases ---------------------------------------------------

# A docket number as a paper cites it ("Case No. 3:21-cv-01302", "Nos. 24-1249, 24-1250"), as a civil
# cover sheet asks for it ("RELATED CASE(S) IF ANY ... Case Number 16-cv-11471") or as a docket report
# lists it ("Member case: 3:21-cv-01302-HRC", "Related Case: 3:17-cv-00452", "Notice of Related Case(s)
# 12-01282").
_NUMBERED = re.compile(
    rf"(?:\b(?:Case|Civil\s+Action|Civ\.?\s*A?\.?|C\.\s?A\.|Docket|Appeal)?\s*Nos?\.?|\bCase\s+Number"
    rf"|\b(?:Member|Lead|Related)\s+cases?(?:\(s\))?:?)"
    rf"\s*:?\s*((?:{DOCKET})(?:\s*(?:,|and|&)\s*(?:{DOCKET}))*)",
    re.I,
)
_RELATED_CUE = re.compile(
    r"\b(?:related|consolidat\w*|companion|parallel|separate\s+(?:action|suit|case|lawsuit)|petition\s+for\s+review|"
    r"earlier|prior|previous|another\s+(?:action|suit|case|lawsuit)|member\s+case|lead\s+case|also\s+filed|appeal\w*)\b",
    re.I,
)
_NAMED_RELATED = re.compile(
    r"\brelated\s+(?:case|action|matter|litigation|lawsuit)s?\b|\bcompanion\s+(?:case|action)s?\b"
    r"|\bparallel\s+(?:case|action|litigation|proceeding|suit)s?\b",
    re.I,
)
_CONSOLIDATED_CUE = re.compile(
    r"\bconsolidat\w*\s+(?:with|into|for\s+(?:all\s+purposes|discovery|trial)|cases|actions|matters)|\b(?:were|was|are|is|be|been|being)\s+consolidated\b"
    r"|\bmember\s+cases?\b|\blead\s+case\b",
    re.I,
)


# An agency's docket, not a court's: the FCC's "WC Docket No. 12-375", "CC Docket No. 96-128".
_AGENCY_DOCKET = re.compile(r"\b[A-Z]{2,4}\s+$")


def _numbers(text: str, start: int, end: int, own: set[str], joined_only: bool = False) -> list[str]:
    """Docket numbers cited in text[start:end], other than the document's own and agencies'; ``joined_only``
    leaves out those a docket heading lists as merely related."""
    out = []
    for m in _NUMBERED.finditer(text, start, end):
        if joined_only and re.match(r"\s*Related", m.group(0), re.I):
            continue
        if m.group(0).lstrip().startswith("Docket") and _AGENCY_DOCKET.search(text, max(0, m.start() - 8), m.start()):
            continue
        for number in re.findall(DOCKET, m.group(1)):
            if docket_key(number) not in own and number not in out:
                out.append(number)
    return out


# Another lawsuit named with its own docket number: "Sow et al v. City of New York et al, 20-cv-00533",
# "in Stauber v. City of New York, 03 Civ. 9163".
_CAPTION_NUMBER = re.compile(
    rf"\bv\.\s+(?P<other>[A-Z][^;()\n]{{1,60}}?(?:\n[^;()\n]{{1,40}}?)??)(?P<label>,?\s+(?:(?:Case|Civil\s+Action|Docket)\s+)?(?:(?:Nos?\.|Number)\s*:?\s*)?)(?P<number>{DOCKET})"
)
# A case cited for its reasoning carries a reporter citation (also after a number: "No. 10-cv-12, 2011
# WL 456") or sits in a table of authorities, its pages after a dot leader: not a case joined to this one.
# A caption named without its number reaches the citation past it: "Wood v. Johnson & Johnson, No.
# WDQ-12-1572, 2012 WL 3240934".
_CITED_AFTER = re.compile(
    r"(?:[^.;]|\bNos?\.){0,40}?(?:\b(?:WL|LEXIS)\b|\bF\.\s?(?:Supp|\d)|\bU\.S\.|\bS\.\s?Ct)|[^;]{0,80}?\.{4}"
)
# A caption without a number: its second party is the capitalised words after " v.".
_CAPTION_AT = re.compile(r"\bv\.\s+(?P<other>[A-Z][\w.'’&-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w.'’&-]*){0,5})")
# A heading names the document's own case, its number on the next line: "Doe v. Roe\nCase No. 3:06-cv-216".
_OWN_HEADING = re.compile(r",?[ \t]*\n\s*(?:Case|Docket|Civil)")
# A docket report's heading: its case's caption, then "Date Filed:" or "Assigned to:".
_DOCKET_HEADING = re.compile(r"[^\n]*(?:\n[ \t]*)?(?:Assigned\s+to|Date\s+Filed)\b")
# The first party: the capitalised words (with their joining words) that end just before " v.", also
# after a comma its company form or "et al." ("National Council of Nonprofits, et al. v.", "Gray, et al., v.").
_CAPTION_WORD = rf"[A-Z][\w.'’&/-]*|{SMALL_WORDS}|ex|rel\.|et|al\.?"
_FIRST_PARTY = re.compile(
    rf"((?:{_CAPTION_WORD})(?:[ \t]+(?:{_CAPTION_WORD})|,[ \t]+(?:Inc|LLC|L\.L\.C|Co|Corp|Ltd|L\.P)\.?|,[ \t]+et\.?[ \t]+al\.?,?){{0,7}})\s*$"
)
# What may precede a first party without being part of it: a citation signal, a joining word.
_SIGNAL = re.compile(
    rf"^(?:(?:See(?:,?\s+e\.g\.,?|\s+also)?|Cf\.|Accord|In|But)\s+(?!re\b)|(?:{SMALL_WORDS}|et|al\.?|{SIDE_WORDS})\s+)+"
)
_AFTER_SIGNAL = re.compile(r"^.*\b(?:See|Cf\.)(?:,?\s+e\.g\.,?|\s+also)?\s+(?=\S)", re.S)
_ET_AL = re.compile(r",?\s+et\.?\s+al\.?,?", re.I)


def _caption(text: str, match: re.Match, since: int = 0) -> str | None:
    """ "First v. Other" for a caption whose " v." starts ``match`` (its first party begins after ``since``,
    where a caption before it ended); None when no first party precedes it."""
    first = _FIRST_PARTY.search(text, max(since, match.start() - 80), match.start())
    # A first party runs on past a sentence's end into the next one's signal: "Department. See COE v. ...".
    party = _SIGNAL.sub("", _AFTER_SIGNAL.sub("", first.group(1))) if first else ""
    if (
        not party[:1].isupper()
        or re.fullmatch(SIDE_WORDS, party, re.I)
        or match.group("other").startswith(("No", "Case"))
    ):
        return None
    caption = f"{party} v. {match.group('other')}"
    return flat(_ET_AL.sub("", caption), 120)


def captioned_numbers(text: str, own: set[str]) -> dict[str, tuple[str, re.Match]]:
    """Other cases named with their docket numbers, keyed by docket number: (caption, match)."""
    out: dict[str, tuple[str, re.Match]] = {}
    for m in _CAPTION_NUMBER.finditer(text):
        key = docket_key(m.group("number"))
        if (
            key in own
            or key in out
            or _CITED_AFTER.match(text, m.end())
            or _OWN_HEADING.match(m.group("label"))
            or re.search(r"\b(?:\d+|No)\b", m.group("other"), re.I)
        ):
            continue
        caption = _caption(text, m)
        if caption:
            out[key] = (caption, m)
    return out


# A citation signal just before a caption ("See New York v. Trump, No. 25-1236 (1st Cir.)", "see also Aziz
# v. Trump"): a suit cited as authority, not one joined or related to this one unless its sentence, or the
# one it supports, says so ("... a separate lawsuit against the Department. See COE v. U.S. Dep't of Educ.").
_SIGNALLED = re.compile(r"\b(?:See|see|Cf\.|cf\.)(?:\s+also|,?\s+e\.g\.,?)?\s+(?:[A-Z][\w.]*,\s+)?$")


def _cited_as_authority(text: str, caption: str, m: re.Match) -> bool:
    """Whether a captioned number follows a citation signal in a sentence that, with the one before it,
    does not call it related."""
    start = text.rfind(caption.split()[0], max(0, m.start() - 120), m.start())
    if start < 0 or not _SIGNALLED.search(text, max(0, start - 30), start):
        return False
    sentence = sentence_at(text, m.start(), m.end())
    last = max(0, len(text[: sentence.start].rstrip()) - 1)  # the previous sentence's last character
    before = sentence_at(text, last, last + 1)
    return not _RELATED_CUE.search(text, min(before.start, sentence.start), sentence.end)


@extractor("gavel", "related_case_numbers")
def related_case_numbers(text: str, doc: DocInfo) -> list[Finding]:
    own = own_dockets(text)
    named = captioned_numbers(text, own)
    found = [
        Finding(f"{caption}, No. {flat(m.group('number'))}", sentence_at(text, m.start(), m.end()).of(text), 0.7)
        for caption, m in named.values()
        if not _cited_as_authority(text, caption, m)
    ]
    for span, _ in matching_sentences(text, _RELATED_CUE):
        for number in _numbers(text, span.start, span.end, own):
            if docket_key(number) not in named:
                found.append(Finding(f"No. {number}", span.of(text), 0.7))
    # A case called related without its number: "in the related matter of ACLU v. Clapper".
    for span, _ in matching_sentences(text, _NAMED_RELATED):
        for caption in _captions_in(text, span.start, span.end)[:2]:
            if not any(f.value.startswith(caption + ",") for f in found):
                found.append(Finding(caption, span.of(text), 0.6))
    return found


def _captions_in(text: str, start: int, end: int) -> list[str]:
    """Captions of other cases in text[start:end]. A caption with a reporter citation is a decision
    (often this case's own), and a docket report's heading is the case itself."""
    captions, since = [], start
    for m in _CAPTION_AT.finditer(text, start, end):
        if not (_CITED_AFTER.match(text, m.end()) or _DOCKET_HEADING.match(text, m.start())) and (
            caption := _caption(text, m, since)
        ):
            captions.append(caption)
        since = m.end()
    return captions


# A hearing joined to the trial on the merits (Fed. R. Civ. P. 65(a)(2)) is no case consolidated with
# another: "consideration of the motion for preliminary injunction will be consolidated with consideration
# of the merits".
_MERITS_JOINED = re.compile(
    r"\bconsolidat\w*\s+(?:\w+\s+){0,3}?with\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:trial|consideration|hearing|determination|adjudication)\s+(?:on|of)\s+the\s+merits\b"
    r"|\bRule\s+65\s*\(a\)\s*\(2\)",
    re.I,
)


@extractor("gavel", "consolidated_cases")
def consolidated_cases(text: str, doc: DocInfo) -> list[Finding]:
    own = own_dockets(text)
    found = []
    for span, _ in matching_sentences(text, _CONSOLIDATED_CUE):
        if _MERITS_JOINED.search(text, span.start, span.end):
            continue
        for label in _numbers(text, span.start, span.end, own, joined_only=True):
            found.append(Finding(f"Consolidated with No. {label}", span.of(text), 0.8))
        for caption in _captions_in(text, span.start, span.end)[:2]:
            found.append(Finding(f"Consolidated with {caption}", span.of(text), 0.6))
    return found


_VALUE_NUMBER = re.compile(r"\bNo\. (?P<number>[^\s,;]+)")


def _case_key(value: str) -> str:
    """The other case a value names: its docket number compared without judge initials (one paper
    writes 3:17-cv-00452, another 3:17-cv-00452-JR), else its caption."""
    number = _VALUE_NUMBER.search(value)
    return docket_key(number.group("number")) if number else value.lower()


@settles("gavel", "related_case_numbers")
@settles("gavel", "consolidated_cases")
def one_value_per_case(kept: list[int], rows: list[dict]) -> list[int]:
    """Each other case is listed once: the value that also names its caption, else the surest, else
    the one with the fuller number."""

    def rank(i: int) -> tuple[bool, float, int]:
        value = rows[i]["value"]
        return (" v. " in value, rows[i]["confidence"], len(value))

    return best_of_each(kept, lambda i: _case_key(rows[i]["value"]), rank)


# -- reported opinions ------------------------------------------------------------------

# A reporter print starts with its own citation, then the court: "2019 WL 3717800 ... United States District Court".
_OWN_CITATION_HEAD = re.compile(
    r"Only\s+the\s+Westlaw\s+citation|United\s+States\s+(?:District\s+)?Court|Court\s+of\s+Appeals|Supreme\s+Court\s+of\s+the\s+United\s+States",
    re.I,
)
# Procedural history of this case just before a citation: "... consolidated with this action. Vega v. Riverside County, 512 F. Supp. 3d 1044".
_HISTORY = re.compile(
    r"\b(?:in|with|of|to)\s+this\s+(?:action|case|litigation|matter)\b|\bthe\s+Court\s+(?:granted|denied|certified|dismissed|entered)\b",
    re.I,
)
HISTORY_CHARS = 250


def _short_form(citation) -> str | None:
    groups = getattr(citation, "groups", {}) or {}
    if not all(groups.get(k) for k in ("volume", "reporter", "page")):
        return None
    return f"{groups['volume']} {groups['reporter']} {groups['page']}"


# A reporter's print of an opinion opens with the opinion's own citation: alone on the first line or after
# its short caption ("750 F.Supp. 1001 (1990)", "Moody v. McNamara, 447 U.S. 929 (1980)", "2019 WL 3717800"),
# as a West page head ("Cite as 600 F.2d 189 (9th Cir. 1979)"), a Lexis "Reporter:" line or a Westlaw "Slip Copy,".
_HEADER_LINE = re.compile(
    r"\A\s*(?P<line>(?=[A-Z0-9])(?![^\n]*\.{4})[^\n]{0,160}?\d[^\n]*?(?:\([^()\n]{0,40}\d{4}\)|\d))[ \t]*\n"
)
_HEADER_CUE = re.compile(r"\b(?:Cite\s+as|Reporter:|Slip\s+Copy,)\s*(?P<cites>[^\n]{5,160})")
HEADER_CHARS = 400  # how far into a document its header runs
_CAPTION_BEFORE = re.compile(r"(?P<name>[A-Z][^,\n]{0,80}?\bv\.\s+[^\n]{1,80}?),?\s*$")
# A Westlaw print of an unreported opinion titles it "Lee v. Conecuh County Bd. of Educ., Not Reported in
# F.Supp. (1974)" (or "--- N.E.3d ---- (2020)" before its volume is out); its WL citation stands on a line of
# its own a few lines down, often amid a second column's text.
_UNREPORTED_TITLE = re.compile(
    r"\A\s*(?P<name>(?=[A-Z])[^\n]{1,160}?\bv\.\s[^\n]{1,120}?),\s+(?:Not\s+Reported\s+in\s+[^\n(]{1,30}|-+\s+[^\n(]{1,20}\s+-+)\s*\(\d{4}\)"
)
_WL_LINE = re.compile(r"(?m)^[ \t]*(?P<cite>(?:19|20)\d{2}[ \t]+WL[ \t]+\d+)[ \t]*$")
UNREPORTED_HEADER_CHARS = 800


def _unreported_header(text: str) -> Finding | None:
    title = _UNREPORTED_TITLE.match(text)
    cite = _WL_LINE.search(text, title.end(), UNREPORTED_HEADER_CHARS) if title else None
    if title is None or cite is None:
        return None
    name = " ".join(title["name"].split())
    return Finding(f"{name}, {' '.join(cite['cite'].split())}", text[title.start("name") : cite.end()].strip(), 1.0)


def opinion_header(text: str) -> list[Finding]:
    """The citations a document's header gives the opinion itself, with its short caption where the header
    line has one ("Moody v. McNamara, 447 U.S. 929"); none for a text that does not open a document."""
    lines = []
    if m := _HEADER_LINE.match(text):
        lines.append((m.start("line"), m.end("line")))
    lines += [(m.start("cites"), m.end("cites")) for m in _HEADER_CUE.finditer(text, 0, HEADER_CHARS)]
    found = [unreported] if (unreported := _unreported_header(text)) else []
    for start, end in lines:
        line = " ".join(text[start:end].split())  # scans space words unevenly: "384  F.Supp.  441"
        shown = [(c, short) for c in eyecite.get_citations(line) if (short := _short_form(c))]
        if not shown:
            continue
        first, first_short = shown[0]
        # A body sentence citing a precedent is not a header: the line holds little besides its citations.
        rest = line[: first.span()[0]]
        caption = _CAPTION_BEFORE.search(rest)
        if len(re.findall(r"[a-z]{4,}", rest)) > (8 if caption else 2):
            continue
        name = caption.group("name").strip() + ", " if caption else ""
        if not any(f.value.endswith(first_short) for f in found):
            found.append(Finding(name + first_short, text[start:end].strip(), 1.0))
    return found


@extractor("gavel", "reported_opinions")
def reported_opinions(text: str, doc: DocInfo) -> list[Finding]:
    if not is_type(doc, "order", "opinion", "docket", "judgment", "decree", "settlement", "report"):
        return []
    found = opinion_header(text)
    for citation in eyecite.get_citations(text):
        short = _short_form(citation)
        if short is None:
            continue
        start, end = citation.span()
        after = text[end : end + 300]
        before = text[max(0, start - 200) : start]
        heads_document = _OWN_CITATION_HEAD.search(after) and not re.search(
            r"[a-z]{3,}[.;,]?\s*$", before.strip()[-40:] or "x"
        )
        # Only procedural history marks a body citation as the case's own: "in this case" near a citation, or
        # a party name the text also uses, mostly picked precedents on the training folds (one in ten or fewer).
        this_case = _HISTORY.search(text, max(0, start - HISTORY_CHARS), start)
        if heads_document or this_case:
            quote = sentence_at(text, start, end).of(text) if not heads_document else text[start : end + 60].strip()
            found.append(Finding(short, quote, 0.9 if heads_document else 0.6))
    return found


# -- filings and rulings ----------------------------------------------------------------------

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


def _kind(sentence: str) -> str | None:
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
        kind = _kind(sentence)
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
        kind, outcome = _kind(sentence), _outcome(sentence)
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


# -- disputes over compliance -------------------------------------------------------------------

# Papers asking the court to make a party comply with a settlement, or to change or end one.
_COMPLIANCE_KINDS = ("Motion to enforce", "Motion for contempt")
_RELIEF_KINDS = ("Motion to modify", "Motion to terminate")
_OF_A_SETTLEMENT = re.compile(r"\b(?:settlement|agreement)\b", re.I)
# The item asks for disputes over a settlement the court did not enter as its own order: a paper naming a
# decree, an injunction or a judgment is over an order, which the item leaves out.
_OF_AN_ORDER = re.compile(r"\b(?:decree|injunction|judgment)\b", re.I)
# A paper's own heading: "PLAINTIFFS' MOTION TO ENFORCE CONSENT DECREE AND FOR FURTHER REMEDIAL RELIEF".
_HEADING_MOVANT = re.compile(r"^\s*(?P<who>[A-Z][A-Z .,&'’-]*?)['’]S?\s+MOTION\b")
_TITLE_END = re.compile(r"\.(?:\s|$)|\(|\s+(?:Filed\s+)?by\s+|\s+(?:re:?\s+)?\d+\b|\n")
DISPUTE_TITLE_CHARS = 100


def _is_dispute(kind: str, said: str, doc: DocInfo) -> bool:
    if _OF_AN_ORDER.search(said) or _OF_AN_ORDER.search(doc.title):
        return False
    return kind in _COMPLIANCE_KINDS or (kind in _RELIEF_KINDS and bool(_OF_A_SETTLEMENT.search(said)))


def _paper_named(kind: str, said: str) -> str:
    """The paper's name as ``said`` writes it from its kind on ("Motion to enforce Consent Decree and for
    Further Remedial Relief"), else the kind."""
    pattern = next(p for row, p in compiled("filings") if row["value"] == kind)
    m = pattern.search(said)
    if not m:
        return kind
    end = _TITLE_END.search(said, m.end())
    rest = flat(said[m.end() : end.start() if end else len(said)], DISPUTE_TITLE_CHARS)
    return f"{kind} {rest.lower() if rest.isupper() else rest}".strip()


@extractor("gavel", "enforcement_disputes")
def enforcement_disputes(text: str, doc: DocInfo) -> list[Finding]:
    """Each motion to enforce a settlement, for contempt, or to modify or end a settlement, as "[date]:
    [movant]: [paper]", and each ruling on one as "[date]: [paper]; [outcome]": from docket entries, a
    motion's own heading, and an order's decretal sentences. Disputes over a decree are left out."""
    if not is_type(doc, "motion", "order", "opinion", "docket", "brief") or is_type(
        doc, "monitor", "receiver", "expert"
    ):
        return []
    found = []
    for m in filing_mentions(text, doc):
        if _is_dispute(m.kind, m.quote, doc):
            parts = [m.when, m.movant, _paper_named(m.kind, m.quote)]
            found.append(Finding(": ".join(p for p in parts if p), m.quote, 0.8 if m.when else 0.5))
    if is_type(doc, "motion") and (heading := _compliance_heading(text, doc)):
        found.append(heading)
    for r in rulings(text, doc):
        if _is_dispute(r.kind, r.quote, doc):
            found.append(Finding((f"{r.when}: " if r.when else "") + f"{r.kind}; {r.outcome}", r.quote, r.confidence))
    return found


def _compliance_heading(text: str, doc: DocInfo) -> Finding | None:
    """A motion paper whose heading in capitals asks for compliance, dated by its listing."""
    for line in text.splitlines()[:80]:
        kind = _kind(line)
        if kind and line.strip().isupper() and _is_dispute(kind, line, doc):
            movant = _HEADING_MOVANT.match(line)
            when = doc_date(doc)
            parts = [
                show_date(when) if when else None,
                movant["who"].strip().title() if movant else None,
                _paper_named(kind, line),
            ]
            return Finding(": ".join(p for p in parts if p), line.strip(), 0.7)
    return None


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


# -- trials and appeals -----------------------------------------------------------------------

_TRIAL = re.compile(
    r"\b(?:bench|jury|court)\s+trial\s+(?:began|commenced|was\s+held|took\s+place|concluded|in\s+this)|\btrial\s+(?:began|commenced|was\s+held|took\s+place)"
    r"|\bverdict\b|\b(?:after|following)\s+(?:a|the)\s+(?:[\w-]+\s+){0,3}trial\b|\bthe\s+jury\s+(?:found|returned|awarded)",
    re.I,
)
_NOT_TRIAL = re.compile(
    r"demand\w*\s+(?:for\s+)?(?:a\s+)?(?:trial\s+by\s+)?jury|jury\s+(?:trial\s+)?demand|DEMAND\s+FOR\s+JURY|\bv\.\s"
    r"|reasonable\s+(?:jury|juror|fact-?finder)|could\s+return\s+a\s+verdict|genuine",
    re.I,
)
_APPEAL = re.compile(
    r"\bnotice\s+of\s+appeal\b|\bappealed\b|\binterlocutory\s+appeal\b|\bpetition\s+for\s+(?:a\s+)?writ\s+of\s+certiorari\b"
    r"|\b(?:Circuit|Court\s+of\s+Appeals)\s+(?:affirmed|reversed|vacated|remanded|dismissed)",
    re.I,
)
# A court of appeals as opinions and dockets name it: "Ninth Circuit", "9th Cir.", and on old dockets "9th CCA"
# (the Circuit Court of Appeals); the Supreme Court, or a state's ("appealed to the Nebraska Supreme Court").
_APPEAL_COURT = re.compile(
    r"\b(First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth|Eleventh|D\.\s?C\.|Federal|\d{1,2}(?:st|nd|rd|th))"
    r"\s+(?:Cir(?:cuit|\.)|CCA\b|C\.C\.A\.)"
    rf"|\b((?:(?:{STATES})\s+)?Supreme\s+Court)\b",
    re.I,
)
_APPEAL_RESULT = re.compile(r"\b(affirm\w*|revers\w*|vacat\w*|remand\w*|dismiss\w*|denied)\b", re.I)


# A docket's scheduling entry: "Nonjury Trial set for 2/21/2012 at 09:30 AM".
_TRIAL_SET = re.compile(
    rf"\b((?:Bench|Jury|Nonjury|Non-Jury)?\s*Trial)\s+(?:is\s+)?(?:re)?(?:set|scheduled)\s+(?:for|on)\s+({DATE})", re.I
)


@extractor("gavel", "trials")
def trials(text: str, doc: DocInfo) -> list[Finding]:
    found = sentence_findings(text, _TRIAL, 0.7, exclude=_NOT_TRIAL)
    for m in _TRIAL_SET.finditer(text):
        day = parse_date(m.group(2))
        if day:
            found.append(
                Finding(f"{show_date(day)}: {' '.join(m.group(1).split()).capitalize()} scheduled", m.group(0), 0.6)
            )
    return found


# Who appealed: "the City appealed", "Defendants filed a notice of appeal", "Notice of Appeal ... by Denka".
_PARTY_WORDS = (
    rf"(?:the\s+)?(?:{SIDE_WORDS}|Intervenors?|Government|United\s+States"
    r"|(?:City|County|State|Commonwealth)(?:\s+of\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)?)"
)
_APPELLANT = re.compile(
    rf"\b(?P<who>{_PARTY_WORDS})\s+(?:timely\s+|then\s+|subsequently\s+)?(?:appealed|(?:filed|noticed)\s+(?:a\s+|an\s+|their\s+|its\s+)?(?:timely\s+|interlocutory\s+)?(?:notice\s+of\s+)?appeal)"
    rf"|\bnotice\s+of\s+appeal\b[^.;]{{0,60}}?\bby\s+(?P<by>{_PARTY_WORDS}"
    rf"|(?-i:[A-Z][\w.&'’-]*(?:[ \t]+(?:[A-Z][\w.&'’-]*|{SMALL_WORDS})){{0,6}}))",
    re.I,
)


# An appellate court's own opinion or order names the court in its caption, near the top:
# "UNITED STATES COURT OF APPEALS FOR THE NINTH CIRCUIT", "United States Court of Appeals, Fifth Circuit.",
# "SUPREME COURT OF THE UNITED STATES". The case reached that court.
_APPELLATE_CAPTION = re.compile(
    r"(?:United\s+States|U\.\s?S\.)\s+Court\s+of\s+Appeals,?\s+(?:for\s+the\s+)?(First|Second|Third|Fourth|Fifth|Sixth|Seventh"
    r"|Eighth|Ninth|Tenth|Eleventh|District\s+of\s+Columbia|D\.\s?C\.|Federal)\s+Circuit"
    r"|(Supreme\s+Court\s+of\s+the\s+United\s+States)",
    re.I,
)
CAPTION_REACH = 1500  # characters from a document's start where its caption stands


# A state's appellate courts head their opinions the same way, in either order and with the division between:
# "Supreme Court of Arizona", "IN THE COURT OF APPEALS STATE OF ARIZONA", "COURT OF APPEAL SECOND CIRCUIT STATE
# OF LOUISIANA", "Court of Appeal, Second District, Division 7, California", "Supreme Judicial Court of
# Massachusetts", "In the Indiana Supreme Court".
_STATE_COURT_KIND = (
    r"Supreme\s+(?:Judicial\s+)?Court|Court\s+of\s+(?:Criminal\s+)?Appeals?|Appellate\s+(?:Court|Division)"
)
# Between the court and its state stand only a caption's words: capitalised ones (a division, a district),
# "of", "the", "state", commas; "the court of appeals in Massachusetts" in a sentence is no caption.
_CAPTION_WORDS = r"(?:[\s,]+(?:of|for|the|state|(?-i:[A-Z0-9][\w.-]*))){0,5}?[\s,]+"
_STATE_APPELLATE_CAPTION = re.compile(
    rf"\b(?P<kind>{_STATE_COURT_KIND})\b{_CAPTION_WORDS}(?P<state>{STATES})\b"
    rf"|\bIn\s+the\s+(?P<state_first>{STATES})\s+(?P<kind_after>{_STATE_COURT_KIND})\b",
    re.I,
)
# A state court of last resort also hears cases first (an original writ, a petition to make a rule): its
# caption shows an appeal only with a party on appeal or a petition for review beside it.
_ON_APPEAL = re.compile(r"\bappell(?:ant|ee)s?\b|\bappeal(?:ed)?\s+from\b|\bcertiorari\b|\bwrits?\b|\breview\b", re.I)


def appellate_caption(text: str) -> Finding | None:
    """The appeal an appellate court's caption at the top of a document shows."""
    m = _APPELLATE_CAPTION.search(text, 0, CAPTION_REACH)
    if not m:
        return _state_appellate_caption(text)
    name = "Supreme Court" if m.group(2) else f"{' '.join(m.group(1).split()).title()} Circuit"
    return Finding(f"Appeal to the {name.replace('District Of Columbia', 'D.C.')}", m.group(0), 0.65)


def _state_appellate_caption(text: str) -> Finding | None:
    """A state appellate court's caption, as "Appeal to the Arizona Court of Appeals". New York's Supreme
    Court is its trial court; its Appellate Division and Court of Appeals hear appeals."""
    if not _ON_APPEAL.search(text, 0, CAPTION_REACH):
        return None
    for m in _STATE_APPELLATE_CAPTION.finditer(text, 0, CAPTION_REACH):
        kind = " ".join((m.group("kind") or m.group("kind_after")).split()).title().replace(" Of ", " of ")
        state = " ".join((m.group("state") or m.group("state_first")).split()).title()
        if state.startswith("New York") and kind == "Supreme Court" and "appellate division" not in m.group(0).lower():
            continue
        if state in ("Columbia", "District Of Columbia"):  # "Court of Appeals for the District of Columbia Circuit"
            continue
        return Finding(f"Appeal to the {state} {kind}", m.group(0), 0.65)
    return None


_ORDINAL_WORDS = dict(
    zip(
        ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th", "11th"),
        ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth", "Eleventh"),
    )
)
# "as to Notice of Appeal 259 filed by the County": a docket entry pointing back to the notice of appeal
# (the court of appeals' case number, its memorandum, the mandate) is not a second appeal by that party.
# PACER writes the pointer number first as often: "MANDATE of USCA as to 68 Notice of Appeal, filed by ...",
# "USCA Appeal Fees received ... re 109 Notice of Appeal filed by ...", "Indexed record on Appeal Files for 147
# Notice of Appeal".
_EARLIER_NOTICE = re.compile(
    r"notice\s+of\s+appeal\s*(?:\[|\(?\s*(?:Doc(?:ument)?|ECF|Dkt)\.?\s*(?:No\.?\s*)?)?\d"
    r"|(?:\bas\s+to|\bre:?|\bfor|,)\s+\[?\d+\]?\s+(?:amended\s+)?notice\s+of\s+(?:interlocutory\s+|cross[- ])?appeal",
    re.I,
)
# PACER's entries for what the court of appeals sent back: "MEMORANDUM of USCA ...", "MANDATE of USCA ...";
# an "ORDER of USCA" is mostly about the appeal's briefing, so it counts only when it tells an outcome.
# The entry may name the paper after the court too: "USCA JUDGMENT as to 46 Notice of Appeal", "MEMORANDUM FROM USCA".
_APPEAL_DECISION_ENTRY = re.compile(
    r"\b(MEMORANDUM|OPINION|ORDER|JUDGMENT|MANDATE)\s+(?:of|from)\s+(?:the\s+)?USCA\b"
    r"|\bUSCA\s+(MEMORANDUM|OPINION|ORDER|JUDGMENT|MANDATE)\b",
    re.I,
)


def _circuit(court: re.Match) -> str:
    """The court an appeal went to, named in words: "9th Cir." and "Ninth Circuit" are one court."""
    if court.group(2):
        return " ".join(w.capitalize() for w in court.group(2).split()).replace(" Of ", " of ")
    ordinal = court.group(1)
    return f"{_ORDINAL_WORDS.get(ordinal.lower(), ordinal[:1].upper() + ordinal[1:])} Circuit"


@extractor("gavel", "appeals")
def appeals(text: str, doc: DocInfo) -> list[Finding]:
    caption = appellate_caption(text)
    found = [caption] if caption else []
    for span, _ in matching_sentences(text, _APPEAL):
        sentence = span.of(text)
        if re.search(r"\bv\.\s", sentence):  # a precedent's history, not this case's
            continue
        court = _APPEAL_COURT.search(sentence)
        appellant = _APPELLANT.search(sentence)
        if appellant and appellant.group("by") and _EARLIER_NOTICE.search(sentence):
            appellant = None
        who = appellant and re.sub(
            rf"\s+(?:{SMALL_WORDS})$", "", " ".join((appellant.group("who") or appellant.group("by")).split())
        )
        if not court and not who:
            continue
        # An appellate opinion says "The City timely appealed" without naming itself: who appealed
        # is still worth recording, with the court left out.
        name = court and _circuit(court)
        value = f"{who[0].upper()}{who[1:]} appealed" if who else "Appeal"
        value += f" to the {name}" if name else ""
        result = court and _APPEAL_RESULT.search(sentence, court.end())
        when = dates_in(sentence)
        value += (f": {result.group(1).lower()}" if result else "") + (f" ({show_date(when[0][0])})" if when else "")
        found.append(Finding(value, sentence, 0.7 if court else 0.6))
    if is_type(doc, "docket"):
        found += _appeal_decisions(text, doc.name)
    return found


def _appeal_decisions(text: str, doc_name: str) -> list[Finding]:
    """A docket's entries for the court of appeals' decision, dated by the entry; the outcome may stand in
    the entry's next sentence ("MEMORANDUM of USCA ... as to Notice of Appeal 259. AFFIRMED."). The entry
    says "USCA"; the court is the one circuit the docket's notices of appeal name, when they name one, and
    the first entry naming it is the value's second passage."""
    # A petition beyond the circuit, or a state court's part in the case, leaves the circuit one.
    named: dict[str, re.Match] = {}
    for m in _APPEAL_COURT.finditer(text):
        if not (circuit := _circuit(m)).endswith("Supreme Court"):
            named.setdefault(circuit, m)
    court = "Court of appeals"
    told: tuple[tuple[str, str], ...] = ()
    if len(named) == 1:
        ((court, first),) = named.items()
        told = ((doc_name, line_span(text, first.start(), first.end()).of(text).strip()),)
    found = []
    for m in _APPEAL_DECISION_ENTRY.finditer(text):
        line = line_span(text, m.start(), m.end())
        start, entry = line.start, line.of(text)
        head = entry[: m.start() - start]
        when = dates_in(head)  # the entry's own date, before its text
        # "USCA MANDATE" opens the entry that records it; inside another ("Transmission of USCA Mandate to
        # the District Judge") it names a paper already entered.
        if not when or (m.group(2) and re.search(r"[A-Za-z]", head)):
            continue
        result = _APPEAL_RESULT.search(entry, m.end() - start, m.end() - start + 300)
        kept = result is not None and result.group(1).lower() != "denied"
        paper = (m.group(1) or m.group(2)).lower()
        if paper == "order" and not kept:
            continue
        quote = entry[: result.end()] if result and kept else entry[: m.end() - start + 200]
        outcome = f": {result.group(1).lower()}" if result and kept else ""
        found.append(Finding(f"{court} {paper}{outcome} ({show_date(when[0][0])})", quote, 0.6, also=told))
    return found


def _undated_court(value: str) -> str | None:
    """The court a bare appeals value names ("Appeal to the Ninth Circuit"); None for a dated value or one
    that tells the outcome ("Appeal to the Ninth Circuit: affirmed" says more than the dated notice)."""
    if ":" in value or re.search(r"\([^()]*\d{4}\)$", value):
        return None
    m = re.search(rf"\bto the ([A-Z][\w. ]*?(?:Circuit|{_STATE_COURT_KIND}))", value)
    return m.group(1) if m else None


# A federal case's appeals go to the one court of appeals over its district: the circuit that most of the
# case's candidates name (captions, notices, decisions) is the case's own; a circuit named in only a few
# sentences is mostly a precedent's history ("On appeal, the Ninth Circuit reversed" in a Sixth Circuit
# opinion). The Fifth Circuit heard Alabama, Florida and Georgia until October 1981, the Eleventh since,
# so a case there can have been before both.
_CIRCUIT_NAMED = re.compile(
    r"\b((?:First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth|Eleventh|D\.C\.|Federal) Circuit)\b"
)
_ONE_COURT = ({"Fifth Circuit", "Eleventh Circuit"},)
# Values a window could not give a court: "Plaintiffs appealed (May 1, 2020)", "Court of appeals mandate (...)".
_COURTLESS = re.compile(r"^(?:(?P<who>.+? appealed)|Court of appeals(?P<paper> .+?))(?P<rest>(?: \([^()]*\))?)$")


def case_circuit(values: list[str]) -> str | None:
    """The court of appeals a federal case's values mostly name: named by more of them than all other
    circuits together; None when no circuit leads so."""
    named = [m.group(1) for v in values if (m := _CIRCUIT_NAMED.search(v))]
    if not named:
        return None
    lead = max(sorted(set(named)), key=named.count)
    return lead if 2 * named.count(lead) > len(named) else None


@completes("gavel", "appeals")
def court_of_the_case(rows: list[dict]) -> list[tuple[str, int | None]]:
    """An appeal whose window named no court (a docket's notice of appeal or its "MANDATE of USCA" entry, an
    opinion's "the City appealed") went to the case's court of appeals; the surest candidate naming that
    court is the completed value's second passage."""
    values = [r["value"] for r in rows]
    circuit = case_circuit(values)
    if circuit is None:
        return [(value, None) for value in values]
    told = max(
        (i for i, value in enumerate(values) if (m := _CIRCUIT_NAMED.search(value)) and m.group(1) == circuit),
        key=lambda i: rows[i].get("confidence", 0.0),
    )
    done: list[tuple[str, int | None]] = []
    for value in values:
        m = _COURTLESS.match(value) if " to the " not in value else None
        if m and m.group("who"):
            done.append((f"{m.group('who')} to the {circuit}{m.group('rest')}", told))
        elif m:
            done.append((f"{circuit}{m.group('paper')}{m.group('rest')}", told))
        else:
            done.append((value, None))
    return done


def other_circuits_dropped(kept: list[int], rows: list[dict]) -> list[int]:
    """The case's values without those naming another court of appeals than the case's own (a precedent's)."""
    circuit = case_circuit([rows[i]["value"] for i in kept])
    if circuit is None:
        return kept

    def others(value: str) -> bool:
        m = _CIRCUIT_NAMED.search(value)
        if m is None or m.group(1) == circuit:
            return False
        return not any({m.group(1), circuit} <= pair for pair in _ONE_COURT)

    return [i for i in kept if not others(rows[i]["value"])]


@settles("gavel", "appeals")
def appeals_of_the_case(kept: list[int], rows: list[dict]) -> list[int]:
    """The case's own appeals, each once."""
    return dated_appeal_over_caption(other_circuits_dropped(kept, rows), rows)


def dated_appeal_over_caption(kept: list[int], rows: list[dict]) -> list[int]:
    """An appeal to a court that a dated value already records is one appeal: the undated value (an
    appellate caption, "Appeal to the Ninth Circuit") goes."""
    dated = " ".join(rows[i]["value"] for i in kept if _undated_court(rows[i]["value"]) is None)
    return [i for i in kept if not ((court := _undated_court(rows[i]["value"])) and f"to the {court}" in dated)]
