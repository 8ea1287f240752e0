"""Features of a party candidate ("Defendant: Jane Roe, Director of the Ohio Department of Health") for
the learned choice of defendants.

The coding names a defendant by what it is (a city, a county, a state agency, a business), seldom by
the officers a caption lists beside it; and the parties a case is about are named again and again
(every paper's caption, the docket's party list), while debris of a two-column caption or a party
named in passing appears once. So a candidate is described by its own shape (an institution, a
person with an office, a bare person, a piece of a name) and by how many documents name the same
body.
"""

from __future__ import annotations

import math
import re

from gavel_agent.offline.rules.institutions import names_an_institution

SIDES = ("Defendant: ", "Plaintiff: ")
# A name's head: before its description ("(is the Director ...)") and before a title after a comma.
_HEAD = re.compile(r"^[^,(]+")
_PERSON = re.compile(r"^(?:[A-Z][a-z'’.-]+|[A-Z]\.)(?:\s+(?:[A-Z]\.|[A-Z][a-z'’-]+|[A-Z]{2,}|de|la|van|von)){1,3}$")
_PERSON_CAPS = re.compile(r"^[A-Z][A-Z'’.-]+(?:\s+[A-Z][A-Z'’.-]*){1,3}$")
_FRAGMENT_END = re.compile(r"\b(?:of|the|and|for|in|his|her|their|its|to|a)$", re.I)
_DEBRIS = re.compile(
    r"\d|[^\w\s,.()&'’\"“”-]|\b(?:Civil|Action|Case|Order|Jury|Demand|Filed|Fees|Complaint|Judgment|Notice)\b"
)
_OFFICIAL = re.compile(r"\bofficial\s+capacit|\bis\s+(?:the|an?)\b|\bsued\b", re.I)
_KINDS = {
    "federal": r"\bUnited\s+States\b|\bU\.\s?S\.|\bFederal\b",
    "state": r"\bState\s+of\b|\bCommonwealth\b|\bState\b",
    "county": r"\bCounty\b|\bParish\b",
    "city": r"\bCity\b|\bTown\b|\bVillage\b|\bBorough\b",
    "agency": r"\bDepartment\b|\bAgency\b|\bOffice\b|\bBureau\b|\bBoard\b|\bCommission\b|\bAuthority\b|\bDivision\b",
    "business": r"\b(?:Inc|LLC|Corp|Corporation|Company|Co|Ltd|L\.L\.C|LLP|Bank)\b\.?",
    "facility": r"\bJail\b|\bPrison\b|\bCenter\b|\bHospital\b|\bSchool\b|\bFacility\b|\bInstitution\b",
    "officer": r"\bSheriff\b|\bPolice\b|\bWarden\b|\bOfficer\b|\bDeputy\b",
    "head_of": r"\b(?:Secretary|Director|Commissioner|Governor|Administrator|Superintendent|Chief|Mayor)\b",
}
_KIND_PATTERNS = {k: re.compile(p) for k, p in _KINDS.items()}


def _head(value: str) -> str:
    name = value.split(": ", 1)[1]
    m = _HEAD.match(name)
    return (m.group(0) if m else name).strip()


def _key(text: str) -> str:
    return " ".join(w for w in re.findall(r"[a-z]+", text.lower()) if w not in ("the", "of", "and"))


def party_features(rows: list[dict]) -> list[dict[str, float]]:
    """Per candidate: its side, the shape of its name, the kinds of body it names, and how many
    documents and quotes name its head."""
    heads = [_head(r["value"]) for r in rows]
    keys = [_key(h) for h in heads]
    documents: dict[str, set[str]] = {}
    for k, r in zip(keys, rows):
        documents.setdefault(k, set()).add(r["document"])
    defendants = {k for k, r in zip(keys, rows) if r["value"].startswith(SIDES[0])}
    # where a defendant stands among those one passage names (a caption lists the lead bodies first)
    passages: dict[tuple[str, str], list[str]] = {}
    for r in rows:
        if r["value"].startswith(SIDES[0]):
            passages.setdefault((r["document"], r.get("quote", "")), []).append(r["value"])
    # bodies the record's candidates name (two words or more: "Department of Labor", not "County")
    bodies = {
        k
        for k, h, r in zip(keys, heads, rows)
        if r["value"].startswith(SIDES[0]) and len(k.split()) >= 2 and names_an_institution(f"{SIDES[0]}{h}")
    }
    out = []
    for r, head, k in zip(rows, heads, keys):
        value = r["value"]
        name = value.split(": ", 1)[1]
        # other candidates whose head holds this one's words (a fuller spelling of the same body), or that it holds
        related = {o for o in defendants if o != k and k and (f" {k} " in f" {o} " or f" {o} " in f" {k} ")}
        f = {
            "party:plaintiff": float(value.startswith(SIDES[1])),
            "party:institution": float(names_an_institution(f"{SIDES[0]}{head}")),
            "party:described_institution": float(names_an_institution(value)),
            "party:person": float(bool(_PERSON.match(head) or _PERSON_CAPS.match(head))),
            "party:has_title": float("," in name.split(" (", 1)[0]),
            "party:has_description": float(" (" in name),
            "party:official": float(bool(_OFFICIAL.search(name))),
            "party:fragment": float(bool(_FRAGMENT_END.search(head)) or len(head.split()) < 2),
            "party:debris": float(bool(_DEBRIS.search(head))),
            "party:words": math.log1p(len(head.split())),
            "party:head_documents": math.log1p(len(documents.get(k, ()))),
            "party:head_quotes": math.log1p(keys.count(k)),
            "party:related": math.log1p(len(related)),
            "party:defendants": math.log1p(len(defendants)),
            "party:passage_rank": math.log1p(_rank(passages.get((r["document"], r.get("quote", "")), []), value)),
            # an officer whose office or description names a body the papers name as a party ("Jane Roe,
            # Secretary of the Department of Labor" beside "Department of Labor"): the coding names it
            "party:office_of_candidate": float(_names_body(_key(name[len(head) :]), bodies - {k})),
        }
        for kind, pattern in _KIND_PATTERNS.items():
            f[f"party:{kind}"] = float(bool(pattern.search(head)))
        out.append(f)
    return out


def _names_body(words: str, bodies: set[str]) -> bool:
    """Whether a value's words after its name (a _key) hold one of the bodies' keys whole."""
    return bool(words) and any(f" {b} " in f" {words} " for b in bodies)


def _rank(values: list[str], value: str) -> int:
    """A value's place among the defendants one passage names (0 for the first, or a plaintiff)."""
    return values.index(value) if value in values else 0
