"""Canonical forms of legal values, so that differently written equal facts compare equal.

Every mention the normalisers recognise becomes one canonical token:
dates -> ISO (``2018-05`` when the day is missing), reporter citations through
eyecite -> ``cite:556_us_418``, U.S.C. references -> ``usc:42_1983``,
constitutional amendments -> ``amend:14``. Names lose honorifics and initials.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import eyecite

from gavel_agent.text.regexes import MONTH, ORDINAL_DAY
from gavel_agent.text.values import parse_date

# eyecite logs every odd citation overlap it meets; values are often fragments, so that is noise here.
logging.getLogger("eyecite").setLevel(logging.ERROR)

LEXICON = json.loads((Path(__file__).parent / "judges" / "lexicon.json").read_text(encoding="utf-8"))

# Day-bearing forms first so "May 5, 2009" is never read as the partial "May 2009".
_DATE_FULL = re.compile(
    rf"\b{MONTH}\s+{ORDINAL_DAY},?\s+\d{{4}}\b"
    rf"|\b\d{{1,2}}\s+{MONTH}\s+\d{{4}}\b"
    r"|\b\d{1,2}/\d{1,2}/\d{2,4}\b"
    r"|\b\d{4}-\d{2}-\d{2}\b",
    re.I,
)
_DATE_MONTH = re.compile(rf"\b{MONTH}\s+(?:of\s+)?\d{{4}}\b", re.I)
# U.S.C. by hand, not eyecite's FullLawCitation: its section pattern (reporters-db 3.2) takes no letter
# suffix ("§ 2000e-2", "§ 794a": Title VII, Section 504) and it needs periods ("42 USC 1983").
_USC = re.compile(
    r"\b(\d+)\s*U\.?\s*S\.?\s*C\.?\s*(?:A\.?\s*)?(?:§+|sec(?:tions?|s?\.))?\s*(\d+[a-z]?(?:-\d+[a-z]?)?)",
    re.I,
)
_BARE_SECTION = re.compile(r"(?:§+|\bsection)\s*(\d+[a-z]?)\b", re.I)
_ORDINAL_WORDS = "|".join(sorted(map(re.escape, LEXICON["ordinals"]), key=len, reverse=True))
_AMENDMENT = re.compile(
    rf"\b(?:({_ORDINAL_WORDS})|(\d+)(?:st|nd|rd|th))\s+amend(?:ment|\.)?|\bamendment\s+([ivxlc]+)\b", re.I
)
_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
_HONORIFICS = re.compile(
    r"\b(?:" + "|".join(sorted(map(re.escape, LEXICON["honorifics"]), key=len, reverse=True)) + r")\b\.?",
    re.I,
)
_ACRONYMS = re.compile(r"\b(" + "|".join(map(re.escape, LEXICON["acronyms"])) + r")\b")
# A colon only joins a canonical token ("usc:42_1983"); a role label's colon ("plaintiff:") is punctuation.
_WORD = re.compile(r"[a-z0-9_\-]+(?::[a-z0-9_\-]+)?")
STOPWORDS = frozenset(LEXICON["stopwords"])


@dataclass(frozen=True)
class Normalized:
    text: str  # lower-case, canonical tokens substituted, punctuation dropped
    tokens: frozenset[str]  # content words of ``text``
    keys: frozenset[str]  # the canonical tokens only (dates, citations, statutes, amendments)


@lru_cache(maxsize=200_000)
def normalize(value: str, is_name: bool = False) -> Normalized:
    text = value
    keys: list[str] = []

    def sub(pattern: re.Pattern, make) -> None:
        nonlocal text

        def repl(m: re.Match) -> str:
            token = make(m)
            if token is None:
                return m.group(0)
            keys.append(token)
            return f" {token} "

        text = pattern.sub(repl, text)

    text = _replace_citations(text, keys)
    sub(_USC, lambda m: f"usc:{m.group(1)}_{m.group(2).lower()}")
    sub(_BARE_SECTION, _bare_section)
    sub(_AMENDMENT, _amendment)
    sub(_DATE_FULL, lambda m: _iso_date(m.group(0), partial=False))
    sub(_DATE_MONTH, lambda m: _iso_date(m.group(0), partial=True))
    if is_name:
        text = _HONORIFICS.sub(" ", text)
        text = re.sub(r"\b[A-Z]\.(?=\s)", " ", text)  # middle initials
    text = text.lower().replace("’", "'")
    text = _ACRONYMS.sub(lambda m: LEXICON["acronyms"][m.group(1)], text)
    words = _WORD.findall(text)
    return Normalized(
        text=" ".join(words),
        tokens=frozenset(w for w in words if w not in STOPWORDS),
        keys=frozenset(keys),
    )


def _replace_citations(text: str, keys: list[str]) -> str:
    if not re.search(r"\d+\s+\S+\s+\d+", text):
        return text  # eyecite is the slowest normaliser; most values hold no citation
    spans = []
    for cite in eyecite.get_citations(text):
        groups = getattr(cite, "groups", {}) or {}
        if not all(groups.get(k) for k in ("volume", "reporter", "page")):
            continue
        reporter = re.sub(r"[^a-z0-9]", "", groups["reporter"].lower())
        token = f"cite:{groups['volume']}_{reporter}_{groups['page']}"
        start, end = cite.span()
        spans.append((start, end, token))
    for start, end, token in sorted(spans, reverse=True):
        keys.append(token)
        text = f"{text[:start]} {token} {text[end:]}"
    return text


def usc_sections(text: str) -> set[tuple[str, str]]:
    """The (title, section) pairs of the U.S.C. citations in a text: "42 U.S.C. § 2000e-2" -> ("42", "2000e-2")."""
    return {(m.group(1), m.group(2).lower()) for m in _USC.finditer(text)}


def _bare_section(m: re.Match) -> str | None:
    title = LEXICON["bare_sections"].get(m.group(1).lower())
    return f"usc:{title}_{m.group(1).lower()}" if title else None


def _amendment(m: re.Match) -> str:
    if m.group(1):
        number = LEXICON["ordinals"][m.group(1).lower()]
    elif m.group(2):
        number = int(m.group(2))
    else:
        number = _roman(m.group(3).lower())
    return f"amend:{number}"


def _roman(numeral: str) -> int:
    values = [_ROMAN[c] for c in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def _iso_date(text: str, partial: bool) -> str | None:
    parts = parse_date(text)
    if parts is None or parts[0] is None:
        return None
    year, month, day = parts
    # An open month or day counts as the first, as a reader filling in a form would.
    return f"{year:04d}-{month or 1:02d}" + ("" if partial else f"-{day or 1:02d}")
