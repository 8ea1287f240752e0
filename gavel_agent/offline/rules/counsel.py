"""GAVEL type of counsel: who represents the plaintiffs, read from signature blocks, an opinion's list
of counsel, the United States' lawyers and the organisations the papers name.
"""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding, extractor
from gavel_agent.offline.rules.party_captions import (
    DOCKET_PARTY,
    SIDE_WORDS,
    caption_parties,
    docket_parties,
    party_side,
)
from gavel_agent.offline.rules.text import compiled, flat, is_type, sentence_at
from gavel_agent.text.regexes import STATES

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
    for m in DOCKET_PARTY.finditer(text):
        if party_side(m.group("side")) == "Plaintiff":
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
