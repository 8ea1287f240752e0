"""GAVEL related and consolidated cases: other cases' numbers, as captions and citations name them."""

from __future__ import annotations

import re

from gavel_agent.case_identity import docket_key
from gavel_agent.offline.registry import DocInfo, Finding, best_of_each, extractor, settles
from gavel_agent.offline.rules.party_captions import SIDE_WORDS, SMALL_WORDS
from gavel_agent.offline.rules.text import flat, matching_sentences, own_dockets, sentence_at
from gavel_agent.text.regexes import DOCKET

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
