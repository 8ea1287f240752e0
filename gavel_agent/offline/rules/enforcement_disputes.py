"""GAVEL enforcement disputes: papers asking the court to make a party comply with a settlement or a
decree, or to change or end one.
"""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding, extractor
from gavel_agent.offline.rules.filings_rulings import filing_mentions, motion_kind, rulings
from gavel_agent.offline.rules.text import compiled, doc_date, flat, is_type, show_date

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
        kind = motion_kind(line)
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
