"""GAVEL reported opinions: the case's own opinions, by the citations (eyecite) their headers give."""

from __future__ import annotations

import logging
import re

import eyecite

from gavel_agent.offline.registry import DocInfo, Finding, extractor
from gavel_agent.offline.rules.text import is_type, sentence_at

logging.getLogger("eyecite").setLevel(logging.ERROR)

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
