"""What names an institution, a business or an office in a party's name: the parties' rules keep a
defendant the coding would name, and the learned choice of defendants describes a candidate by it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from gavel_agent.offline.rules.text import tables

# Offices a public official is sued as: "Defendant Jane Roe, Secretary of the Department of ...".
OFFICES = (
    r"Secretary|Director|Commissioner|Governor|Mayor|Sheriff|Warden|Chief|Superintendent|Administrator"
    r"|Attorney\s+General|President|Chair(?:man|person)?|Treasurer|Comptroller|Registrar|Clerk|Executive"
)


@lru_cache(maxsize=1)
def institution_word() -> re.Pattern:
    return re.compile(rf"\b(?:{'|'.join(tables()['institutions'])})\b")


# What names an institution or a business, in a defendant's name or its description.
_INSTITUTIONAL = re.compile(
    r"\b(?:State|States|Commonwealth|City|Town|Village|Township|Parish|Government|Inc|LLC|Corp|Corporation"
    r"|Company|Co|Ltd|LLP|LP|Association|Bank|Trust|Group|Services?|Committee|Council|Bureau|Division|Administration"
    r"|Club|Church|Union|Program|Republic|America|Nation|Tribe|Enterprises|Partners|Restaurant|Hotel|Insurance"
    r"|Management|Properties|Realty|Systems|Industries|Foundation|Society|Project|Network|Associates"
    r"|Health|Human|Housing|Correctional|Security|Immigration|Customs|Federal|National|Court)\b",
    re.I,
)
# A person's title, which names a defendant only with the office's institution ("Director of the
# Department of Corrections"), or as the party itself ("Secretary of Education", "Governor of Louisiana").
_TITLE = re.compile(rf"\b(?:{OFFICES}|Attorney|Officer|Judge|Auditor|Manager|Members?|Trustees?)\b", re.I)
_OFFICE_AS_PARTY = re.compile(
    rf"(?:The\s+)?(?:[A-Z][\w.-]*\s+)?(?:{OFFICES}|Attorney|Judge|Officer)\s+(?:of|for)\b", re.I
)


def names_an_institution(value: str) -> bool:
    """Whether a party value names an institution, a business or an office (in its name or description),
    rather than only a person, or a person with a bare title ("Polly Darnall, Executive Director"): the
    coding names a defendant by what it is ("Department of Corrections", "Secretary of the Interior"),
    and a bare personal name from a caption is mostly an officer sued beside it."""
    name = value.split(": ", 1)[-1]
    if _OFFICE_AS_PARTY.match(name):
        return True
    untitled = _TITLE.sub(" ", name)
    return bool(_INSTITUTIONAL.search(untitled) or institution_word().search(untitled))
