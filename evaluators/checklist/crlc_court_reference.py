"""Weak references for two court-side GAVEL items from a Clearinghouse record.

- reported opinions: the Clearinghouse codes each opinion document's reporter citations
  (``cite_1_*`` official reporter, ``cite_2_*`` Westlaw, ``cite_3_*`` LEXIS). A document with a
  complete citation is one reported opinion of the case; an extraction finds it when it states any
  of its citations.
- judges: the case summary names the judges who acted in the case ("the District Court (Judge
  Dean Whipple)", "Magistrate Judge Joseph C. Spero"); their surnames are a reference for the
  judge_name item. Weak on both sides: a summary names some judges, not all.

These are references for measuring an extraction, never inputs to one. Needs only the standard library.
"""

from __future__ import annotations

import re

CITATION_PARTS = ("vol", "reporter", "page")
# A citation as a value writes it: volume, reporter (letters, dots, ordinal series), page.
_CITATION = re.compile(
    r"\b(\d{1,4})\s+([A-Z][A-Za-z.]*(?:\s?\d(?:d|th|st|nd|rd)\b|\s[A-Z][A-Za-z.]*){0,4})\s+(\d{1,7})\b"
)


def citation_key(volume: object, reporter: str, page: object) -> str:
    """One form for a citation however it is spaced or dotted: "379 F. Supp. 2d 138" = "379 F.Supp.2d 138"."""
    return f"{str(volume).strip()} {re.sub(r'[^a-z0-9]', '', reporter.lower())} {str(page).strip()}"


def coded_citations(record: dict) -> list[list[str]]:
    """Per document with a complete coded citation, its citations' keys (official, WL, LEXIS)."""
    opinions = []
    for doc in record.get("documents") or []:
        keys = []
        for i in (1, 2, 3):
            parts = [doc.get(f"cite_{i}_{p}") for p in CITATION_PARTS]
            if all(parts) and str(parts[0]).strip().isdigit():
                keys.append(citation_key(*parts))
        if keys:
            opinions.append(keys)
    return opinions


def stated_citations(values: list[str]) -> set[str]:
    """The citation keys that written values state."""
    return {citation_key(*m.groups()) for v in values for m in _CITATION.finditer(v)}


# "Judge Dean Whipple", "Magistrate Judge Joseph C. Spero", "(Judge Whipple)", "Senior Judge John L. Kane":
# the name is up to four capitalised words or initials after "Judge"; its last word is the surname.
_SUMMARY_JUDGE = re.compile(
    r"\bJudge\s+((?:(?:[A-Z]\.\s?)+\s*|[A-Z][a-z]+\.?\s+){0,3}(?:Mc|Mac|O['’]|De|Van\s|Von\s)?[A-Z][a-zA-Z'’-]+)"
)
_NOT_SURNAMES = {"Jr", "Sr", "II", "III", "IV", "Advocate", "Judge", "The", "Court", "United", "District"}
# Words a summary writes after "Judge" that are not a name: "the Judge. On May 5 ...", "Judge (Background)".
_NOT_NAMES = {"on", "in", "as", "at", "that", "this", "for", "plaintiffs", "defendants", "background", "discovery"}
_MONTHS = {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october"}
_MONTHS |= {"november", "december"}


def summary_judges(record: dict) -> list[str]:
    """The surnames of the judges the case summary names, each once, in order."""
    summary = re.sub(r"<[^>]+>", " ", (record.get("case_data") or {}).get("summary") or "")
    names = []
    for m in _SUMMARY_JUDGE.finditer(summary):
        surname = re.sub(r"['’]s$", "", m.group(1).split()[-1].strip(".,"))
        words = {w.lower() for w in m.group(1).split()}
        if surname in _NOT_SURNAMES or words & (_NOT_NAMES | _MONTHS) or surname in names:
            continue
        if surname.isupper() and len(surname) <= 4:  # an acronym ("DCS"), not a name
            continue
        names.append(surname)
    return names


def _surname(value: str) -> str:
    words = [w.strip(".,") for w in re.split(r"[\s,]+", re.sub(r"\(.*?\)", " ", value)) if w.strip(".,")]
    words = [w for w in words if w not in _NOT_SURNAMES and not w.lower().startswith(("hon", "judge", "magistr"))]
    return words[-1].lower() if words else ""


def judge_named(surname: str, values: list[str]) -> bool:
    """Whether an extracted judge value carries this surname as a word."""
    return any(re.search(rf"\b{re.escape(surname)}\b", v, re.I) for v in values)


def judge_value_coded(value: str, surnames: list[str]) -> bool:
    """Whether an extracted judge value's surname (its last name word) is among the summary's."""
    return _surname(value) in {s.lower() for s in surnames}
