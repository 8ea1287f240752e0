"""GAVEL rule extractors, legal foundation: causes of action, rights invoked, remedies sought.

Statutes, clauses and remedies are recognised from the vocabulary in
``gavel_tables.json``; each value is quoted with the sentence that names it.
"""

from __future__ import annotations

import re
from functools import cache

from gavel_agent.offline.registry import DocInfo, Finding, extractor, settles
from gavel_agent.offline.rules.text import Span, compiled, is_type, sentence_spans
from gavel_agent.text.regexes import STATE_COURT_LINE

# A sentence that asserts a claim, rather than, say, quoting a precedent.
_CLAIM_CONTEXT = re.compile(
    r"\b(?:violat\w*|depriv\w*|pursuant|under|arises?|brought|bring|claims?|counts?|cause\s+of\s+action|"
    r"guarantee\w*|secured|protected|infring\w*|discriminat\w*|entitled|rights?|jurisdiction|authori[sz]\w*|enforce)\b",
    re.I,
)
_ORDINAL = (
    r"(?:First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth|Eleventh|Thirteenth|Fourteenth|Fifteenth"
    r"|Nineteenth|Twenty-Sixth)"
)
# One amendment or several named together: "Fourth and/or Eighth Amendment", "First, Fifth, and Fourteenth Amendments".
_AMENDMENT = re.compile(rf"\b{_ORDINAL}(?:,?\s+(?:and/or\s+|and\s+|or\s+)?{_ORDINAL})*\s+Amendments?\b", re.I)
# The case header of a PACER docket report names the statute sued under: "Cause: 42:1983 Civil Rights Act".
_DOCKET_CAUSE = re.compile(r"\bCause:\s*(\d{1,2}):0*(\d+[a-z]*)[ \t]*([^\n]{0,60})")
# A civil cover sheet, often scanned into a paper docket, has a field for the statute sued under:
# "(CITE THE U.S. CIVIL STATUTE UNDER WHICH THE CASE IS FILED AND WRITE A BRIEF STATEMENT OF CAUSE) 42 U.S.C. 1983".
_COVER_SHEET_STATUTE = re.compile(
    r"STATUTE\s+UNDER\s+WHICH\s+(?:THE\s+CASE\s+IS\s+FILED|YOU\s+ARE\s+FILING)[^)]{0,160}\)?.{0,160}", re.I | re.S
)
_PRAYER = re.compile(
    r"WHEREFORE|PRAYER\s+FOR\s+RELIEF|REQUESTS?\s+FOR\s+RELIEF|RELIEF\s+(?:REQUESTED|SOUGHT)|respectfully\s+(?:request|pray|ask)",
    re.I,
)
_SEEKS = re.compile(r"\b(?:seek\w*|request\w*|pray\w*|ask\w*|demand\w*|award\w*|entitled\s+to)\b", re.I)


# A U.S. Code citation as scans and cover sheets write it: "U" read as "O" or "D" ("42 OSC 1983"), the
# section sign read as "s", "S" or "$" ("42 U.S.C. s 3601"), no spaces ("15U.S.C.Section1691etseq.").
_CODE_CITATION = re.compile(
    r"\b(\d{1,2})\s*[UOD]\.?\s*S\.?\s*C\.?\s*(?:(?:[sS$]\.?|§+|(?i:sec(?:tions?|s?\.)?)|ss\.?)\s*)*(\d{3,5})(?!\d)(?=(et\.?\s*seq)?)"
)


def _usual_citations(text: str) -> str:
    """The text with every U.S. Code citation spelled the usual way ("42 U.S.C. § 1983"), for the statute
    table to read; a finding still quotes the text as written."""
    return _CODE_CITATION.sub(lambda m: f"{m[1]} U.S.C. § {m[2]}" + (" " if m[3] else ""), text)


def _legal_context(doc: DocInfo) -> bool:
    return is_type(
        doc,
        "complaint",
        "petition",
        "order",
        "opinion",
        "motion",
        "brief",
        "settlement",
        "decree",
        "findings",
        "letter",
    )


def _statute_findings(text: str, doc: DocInfo, role: str) -> list[Finding]:
    found = []
    pleading = is_type(doc, "complaint", "petition")
    weight = 1.0 if pleading else 0.6
    for span in sentence_spans(text):
        sentence = span.of(text)
        if not pleading and not _CLAIM_CONTEXT.search(sentence):  # a complaint names statutes to claim under them
            continue
        found += [Finding(statute, sentence, weight) for statute in _statutes_named(sentence, role)]
    return found


def _statutes_named(text: str, role: str) -> list[str]:
    """The statute table's values (rows with ``role``) that a text names, its U.S. Code citations read in
    the usual spelling."""
    cited = _usual_citations(text)
    return [
        row["value"]
        for row, pattern in compiled("statutes")
        if role in row["roles"] and pattern.search(_readable(row, cited))
    ]


@cache
def _exception(pattern: str) -> re.Pattern:
    return re.compile(pattern, re.I)


def _readable(row: dict, sentence: str) -> str:
    """The sentence without the text a statute row must not be read in (its ``except`` pattern):
    "under color of state law" says who acted, not that state law is sued under."""
    return _exception(row["except"]).sub(" ", sentence) if "except" in row else sentence


def _docket_causes(text: str) -> list[Finding]:
    found = []
    for m in _DOCKET_CAUSE.finditer(text):
        # Spelled as a citation ("42 U.S.C. § 1983 Civil Rights Act") so the statute table reads it.
        cited = f"{int(m.group(1))} U.S.C. § {m.group(2)} {m.group(3)}"
        found += [Finding(statute, m.group(0).strip(), 0.9) for statute in _statutes_named(cited, "cause")]
    return found


def _cover_sheet_causes(text: str) -> list[Finding]:
    return [
        Finding(statute, m.group(0), 0.9)
        for m in _COVER_SHEET_STATUTE.finditer(text)
        for statute in _statutes_named(m.group(0), "cause")
    ]


# A state court's caption written in capitals, as captions are (a sentence naming a state court is no caption).
STATE_COURT_CAPTION = re.compile(STATE_COURT_LINE, re.M)


def _state_court(text: str) -> list[Finding]:
    """A caption in a state court: the case is brought under state law (federal claims are found separately)."""
    return [Finding("State law", m.group(0).strip(), 0.7) for m in STATE_COURT_CAPTION.finditer(text)]


@extractor("gavel", "cause_of_action")
def cause_of_action(text: str, doc: DocInfo) -> list[Finding]:
    if is_type(doc, "docket"):
        return _docket_causes(text) + _cover_sheet_causes(text)
    return _statute_findings(text, doc, "cause") + _state_court(text) if _legal_context(doc) else []


@extractor("gavel", "statutory_basis")
def statutory_basis(text: str, doc: DocInfo) -> list[Finding]:
    if not _legal_context(doc):
        return []
    found = _statute_findings(text, doc, "basis")
    weight = 1.0 if is_type(doc, "complaint", "petition") else 0.6
    for span in sentence_spans(text):
        sentence = span.of(text)
        if not _CLAIM_CONTEXT.search(sentence):
            continue
        named = {o.title() for m in _AMENDMENT.finditer(sentence) for o in re.findall(_ORDINAL, m.group(0), re.I)}
        covered: set[str] = set()
        for row, pattern in compiled("clauses"):
            value, amendment = row["value"], row["amendment"]
            # The table lists specific due-process variants before the general one.
            if not pattern.search(sentence) or (value.startswith("Due Process") and "due process" in covered):
                continue
            if value.startswith("Due Process"):
                covered.add("due process")
            if amendment == "Fourteenth" and "Fifth" in named and "Fourteenth" not in named:
                amendment = "Fifth"  # due process against the federal government
            covered.add(amendment or value)
            found.append(Finding(f"{amendment} Amendment – {value}" if amendment else value, sentence, weight))
        for amendment in sorted(named - covered):
            found.append(
                _clause_nearby(text, span, amendment, weight) or _amendment_finding(amendment, sentence, weight)
            )
    return found


def _amendment_finding(amendment: str, sentence: str, weight: float) -> Finding:
    """An amendment named without its clause; one whose naming the clause table reads as a clause
    ("Eighth Amendment" for cruel and unusual punishments) is given that clause."""
    name = f"{amendment} Amendment"
    for row, pattern in compiled("clauses"):
        if row["amendment"] == amendment and pattern.fullmatch(name):
            return Finding(f"{name} – {row['value']}", sentence, weight)
    return Finding(name, sentence, weight)


@settles("gavel", "statutory_basis")
def amendment_with_its_clause(kept: list[int], rows: list[dict]) -> list[int]:
    """An amendment named bare in one sentence ("Fourteenth Amendment") says less than the same
    amendment with its clause kept from another ("Fourteenth Amendment – Due Process Clause")."""
    with_clause = {rows[i]["value"].split(" – ")[0] for i in kept if " – " in rows[i]["value"]}
    return [i for i in kept if rows[i]["value"] not in with_clause]


CLAUSE_CONTEXT_CHARS = 300  # a count's heading and its first paragraph


def _clause_nearby(text: str, span: Span, amendment: str, weight: float) -> Finding | None:
    """A sentence that names an amendment but not its clause: the clause, when the count's heading
    or the next sentences name one of that amendment's clauses, quoted from the sentence to the clause."""
    lo, hi = max(0, span.start - CLAUSE_CONTEXT_CHARS), min(len(text), span.end + CLAUSE_CONTEXT_CHARS)
    for row, pattern in compiled("clauses"):
        if row["amendment"] != amendment:
            continue
        m = pattern.search(text, lo, hi)
        if m and not re.search(rf"{amendment}\s+Amendment", m.group(0), re.I):
            quote = text[min(span.start, m.start()) : max(span.end, m.end())].strip()
            return Finding(f"{amendment} Amendment – {row['value']}", quote, 0.8 * weight)
    return None


@extractor("gavel", "remedy_sought")
def remedy_sought(text: str, doc: DocInfo) -> list[Finding]:
    if not is_type(doc, "complaint", "petition", "motion", "order", "opinion"):
        return []
    prayer = _PRAYER.search(text)
    found = []
    for span in sentence_spans(text):
        sentence = span.of(text)
        in_prayer = prayer is not None and span.start >= prayer.start()
        if not in_prayer and not _SEEKS.search(sentence):
            continue
        for row, pattern in compiled("remedies"):
            if pattern.search(sentence):
                found.append(Finding(row["value"], sentence, 1.0 if in_prayer else 0.6))
    return found
