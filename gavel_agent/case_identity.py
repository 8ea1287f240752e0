"""The case's identity: the court it was brought in and its docket number, each with its quote.

No GAVEL item asks for them, yet every reader of a checklist needs them to know which case it is
(and a case's own docket number is not a "related case"). They are read from the documents'
captions and page stamps, by rules, whatever model fills the checklist: the court named in a
caption ("UNITED STATES DISTRICT COURT FOR THE SOUTHERN DISTRICT OF NEW YORK", a reporter's
"United States District Court, S.D. New York."), the docket number in a page stamp ("Case
1:25-cv-01248-RC Document 17") or a caption ("Civil Action No. 05-2324"). The case's court is the
trial court most of its documents name (an appeal's papers name the court of appeals, yet the
case stays in the court it was brought in); its number is the one most of that court's documents
carry.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import BaseModel

from gavel_agent.checklists.record import Evidence
from gavel_agent.documents.docket import is_entry_list
from gavel_agent.text.regexes import (
    DOCKET_REPORT_RE,
    FEDERAL_COURT_RE,
    LABELLED_DOCKET_RE,
    PAGE_STAMP_RE,
    STATE_COURT_RE,
)

if TYPE_CHECKING:
    from gavel_agent.case import Case


def docket_key(number: str) -> str:
    """Compare docket numbers without judge initials or leading zeros: 2:23-cv-00735-EEF -> 23-cv-735."""
    parts = re.sub(r"\s+civ\.?\s+", "-cv-", number.lower()).split(":")[-1].split("-")
    return "-".join(p.lstrip("0") or "0" for p in parts[:3])


CAPTION_CHARS = 3000  # a caption and its page stamp sit on the first page

_PART_LETTER = {"N": "Northern", "S": "Southern", "E": "Eastern", "W": "Western", "M": "Middle", "C": "Central"}


@dataclass(frozen=True)
class Mention:
    """One document's statement of a court or a docket number: the value and where the quote stating it is."""

    value: str
    document: str
    start: int
    end: int
    appellate: bool = False


def _state(raw: str) -> str:
    words = " ".join(re.sub(r"['‘’]", "", raw).split())  # "HAWAI‘I" -> "Hawaii"
    return " ".join(
        w.lower() if i and w.lower() in ("of", "the", "for", "and", "in") else w[:1].upper() + w[1:].lower()
        for i, w in enumerate(words.split())
    )


def _district(part: str | None, state: str) -> str:
    state = _state(state)
    if state in ("Columbia", "District of Columbia"):
        return "District of Columbia"  # one district, whose name already says "District"
    return f"{_state(part)} District of {state}" if part else f"District of {state}"


def _federal_name(m: re.Match) -> str:
    if m.group("fisc"):
        return "Foreign Intelligence Surveillance Court" + (" of Review" if "REVIEW" in m.group(0).upper() else "")
    if m.group("trade"):
        return "U.S. Court of International Trade"
    if m.group("circuit"):
        circuit = m.group("circuit")
        circuit = "District of Columbia" if re.match(r"D\.?\s?C|District", circuit, re.I) else _state(circuit)
        return f"U.S. Court of Appeals for the {circuit} Circuit"
    return _district(m.group("part") or _PART_LETTER.get((m.group("letter") or "").upper()), m.group("state"))


def court_mentions(text: str, document: str) -> list[Mention]:
    """The courts a document's first page names, in the coding's spelling ("Southern District of New York",
    "U.S. Court of Appeals for the Ninth Circuit"); a state court as its caption writes it."""
    head = text[:CAPTION_CHARS]
    found = []
    for m in FEDERAL_COURT_RE.finditer(head):
        name = _federal_name(m)
        found.append(
            Mention(name, document, m.start(), m.end(), appellate=bool(m.group("circuit") or "Review" in name))
        )
    for m in DOCKET_REPORT_RE.finditer(head):
        name = _district(m.group("part") or m.group("part_after"), m.group("state") or m.group("state_first"))
        found.append(Mention(name, document, m.start(), m.end()))
    for m in STATE_COURT_RE.finditer(head):
        name = " ".join(m.group(0).split()).lstrip("0123456789 ").removeprefix("IN THE ").removeprefix("In the ")
        appellate = bool(re.search(r"APPEAL|SUPREME", name, re.I))
        found.append(Mention(_state(name), document, m.start(), m.end(), appellate=appellate))
    # An appeal's caption names the court appealed from after its own: the case's court is the trial court.
    return sorted(found, key=lambda x: (x.appellate, x.start))


def docket_mentions(text: str, document: str) -> list[Mention]:
    """The docket numbers a document's first page gives for itself: its page stamp, its caption's number."""
    head = text[:CAPTION_CHARS]
    found = [Mention(m.group(1), document, m.start(), m.end()) for m in PAGE_STAMP_RE.finditer(head)]
    found += [
        Mention(m.group("number") or m.group("stamped"), document, m.start(), m.end())
        for m in LABELLED_DOCKET_RE.finditer(head)
    ]
    return sorted(found, key=lambda x: x.start)[:1]  # the first is the paper's own; later ones cite others


def case_court(mentions: list[list[Mention]]) -> Mention | None:
    """The case's court from each document's court mentions (documents in case order): the court most
    documents name, trial courts before appellate ones; the earliest document's mention is the quote."""
    firsts = [ms[0] for ms in mentions if ms]
    if not firsts:
        return None
    votes = Counter(m.value for m in firsts)
    best = max(votes, key=lambda v: (not next(m for m in firsts if m.value == v).appellate, votes[v]))
    return next(m for m in firsts if m.value == best)


# A trial court's number names the kind of case ("1:21-cv-01061", "03 Civ. 9163", "89 C 524"); a court of
# appeals' does not ("21-800").
_TRIAL_NUMBER = re.compile(r"\d-[A-Za-z]{1,4}-\d|\d\s?[A-Za-z]{2,4}\s?-?\d|\bCiv\b|\d\s+C\.?\s+\d", re.I)


def is_appeal_number(mention: Mention, courts: list[Mention]) -> bool:
    """A paper's own number is a court of appeals' when the paper names one and the number names no kind
    of case (an appeal's papers also name the court below; its number is not that court's)."""
    return any(c.appellate for c in courts) and not _TRIAL_NUMBER.search(mention.value)


def case_docket(mentions: list[list[Mention]], courts: list[list[Mention]], court: Mention | None) -> Mention | None:
    """The case's docket number: the one most documents naming the case's court give for themselves
    (an appeal's papers carry the court of appeals' number; papers of another court, another case's).
    Papers naming no court add their votes where they agree with those: the number always comes from a
    paper of the case's court, never from a paper that may be another case's."""
    firsts = [(ms[0], cs) for ms, cs in zip(mentions, courts) if ms]
    if court is None:
        own = [m for m, _ in firsts]
    else:
        if not court.appellate:
            firsts = [(m, cs) for m, cs in firsts if not is_appeal_number(m, cs)]
        named = [m for m, cs in firsts if cs and cs[0].value == court.value]
        unnamed = [m for m, cs in firsts if not cs]
        keys = {docket_key(m.value) for m in named}
        own = named + [m for m in unnamed if docket_key(m.value) in keys]
    if not own:
        return None
    votes = Counter(docket_key(m.value) for m in own)
    best = max(votes, key=lambda k: votes[k])
    return next(m for m in own if docket_key(m.value) == best)


def trial_numbers(case: Case) -> dict[str, list[str]]:
    """Each trial-court docket number the papers give for themselves (by docket_key, as first written)
    with the papers giving it; an appeal's own number is left out (it is the same case's)."""
    found: dict[str, list[str]] = {}
    shown: dict[str, str] = {}
    for d in case.documents:
        if is_entry_list(d.text):
            continue
        # A PDF's page stamp, kept aside from its text, is the paper's own number before any caption's.
        mentions = docket_mentions(d.stamp, d.name) or docket_mentions(d.text, d.name)
        if mentions and not is_appeal_number(mentions[0], court_mentions(d.text, d.name)):
            key = docket_key(mentions[0].value)
            shown.setdefault(key, mentions[0].value)
            found.setdefault(shown[key], []).append(d.name)
    return found


MIXED_SHOWN = 6  # docket numbers a mixed-folder warning names


def mixed_dockets_warning(case: Case) -> str | None:
    """One line when the papers carry different trial-court docket numbers: a folder of several cases."""
    numbers = trial_numbers(case)
    if len(numbers) < 2:
        return None
    listed = "; ".join(
        f"{number} ({', '.join(docs[:3])}{' ...' if len(docs) > 3 else ''})"
        for number, docs in list(numbers.items())[:MIXED_SHOWN]
    )
    more = f"; and {len(numbers) - MIXED_SHOWN} more" if len(numbers) > MIXED_SHOWN else ""
    return (
        f"the papers carry {len(numbers)} different docket numbers: {listed}{more}; "
        "if these are several cases, give each its own folder (gavel-agent batch runs a folder of case folders)"
    )


class IdentityValue(BaseModel):
    value: str
    evidence: Evidence


class CaseIdentity(BaseModel):
    """The run's ``identity.json``: the case's court and docket number (None where no document states them)."""

    court: IdentityValue | None = None
    docket_number: IdentityValue | None = None


def _stated(case: Case, mention: Mention | None) -> IdentityValue | None:
    if mention is None:
        return None
    doc = case.document(mention.document)
    quote = doc.text[mention.start : mention.end]
    page = doc.page_at(mention.start)
    return IdentityValue(
        value=mention.value,
        evidence=Evidence(document=doc.name, quote=quote, start_char=mention.start, end_char=mention.end, page=page),
    )


def case_identity(case: Case) -> CaseIdentity:
    """The court and docket number the case's documents state for it, each with the quote that states it."""
    # A docket written from its entries has no caption: the numbers its clerk's text names first are other
    # papers' and other cases' ("Notice of Related Case(s) 2:23-cv-147").
    papers = [d for d in case.documents if not is_entry_list(d.text)]
    courts = [court_mentions(d.text, d.name) for d in papers]
    dockets = [docket_mentions(d.text, d.name) for d in papers]
    court = case_court(courts)
    return CaseIdentity(court=_stated(case, court), docket_number=_stated(case, case_docket(dockets, courts, court)))
