"""GAVEL decree and settlement terms: what a decree orders or an agreement binds the parties to do."""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding, extractor
from gavel_agent.offline.rules.text import is_type, sentence_findings

_OBLIGED = re.compile(
    r"\b(?:Defendants?|[A-Z]{2,8}|the\s+(?:City|County|State|Department|Jail|Sheriff|District|Authority|Board|Agency|"
    r"Commission|Division|Facility|Parties|School|Police|Secretary|United\s+States|Company|Employer))"
    r"(?:\s+(?:of\s+)?[A-Z][\w.'’-]*){0,4},?\s+"  # "the City of Grants Pass is hereby enjoined"
    r"(?:shall|must|will|agrees?\s+to|(?:is|are)\s+(?:hereby\s+)?(?:permanently\s+)?(?:enjoined|ordered|required|prohibited))\b"
    r"|\b(?:ENJOINED|ORDERED)\s+(?:to|from|that)\b",
)
BOILERPLATE = re.compile(
    r"\bshall\s+(?:be\s+deemed|not\s+be\s+construed|be\s+construed|be\s+governed|be\s+binding|constitute|inure|"
    r"be\s+interpreted|have\s+the\s+meaning)|\bcounterparts\b|\bnotices?\s+(?:shall|required)|\bheadings\b|\bdefinitions?\b",
    re.I,
)
DECREE_DOC = ("decree", "injunction", "judgment", "order")
SETTLEMENT_DOC = ("settlement", "agreement", "stipulat", "decree")


# "IT IS ORDERED that Plaintiffs' Motion to Enforce is GRANTED IN PART, as follows:" rules on a motion; the
# obligations are in what follows. A sentence that also says what a party shall do is a term.
_RULES_ON_A_MOTION = re.compile(r"\bmotion\b[^.;:]{0,160}?\b(?:is|are)\s+(?:hereby\s+)?(?:granted|denied)\b", re.I)
_SHALL = re.compile(r"\b(?:shall|must)\b", re.I)


def _terms(text: str, doc: DocInfo, kinds: tuple[str, ...]) -> list[Finding]:
    if not is_type(doc, *kinds):
        return []
    return [
        f
        for f in sentence_findings(text, _OBLIGED, 0.8, exclude=BOILERPLATE)
        if not (_RULES_ON_A_MOTION.search(f.quote) and not _SHALL.search(f.quote))
    ]


@extractor("gavel", "decree_terms")
def decree_terms(text: str, doc: DocInfo) -> list[Finding]:
    if not (is_type(doc, "decree", "injunction") or re.search(r"consent\s+decree|\benjoin|injunction", text, re.I)):
        return []
    return _terms(text, doc, DECREE_DOC)


@extractor("gavel", "settlement_terms")
def settlement_terms(text: str, doc: DocInfo) -> list[Finding]:
    return _terms(text, doc, SETTLEMENT_DOC)
