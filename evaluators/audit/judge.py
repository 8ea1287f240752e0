"""The strict offline judge: does an extracted value say what the reference says?

A value that matched a reference item (a true positive) is *supported* only
when it keeps the reference's numbers with their units, its dates and
durations, its modality (must / may / must not) and polarity, and its
exceptions and conditions. The first check that fails names the mismatch
type. Numbers and dates are compared against everything the reference states
for the item; modality, polarity and conditions against the reference value
the extracted one is closest to, because those only make sense clause by clause.

Missing reference values are not judged here: leaving something out is an
omission, which the audit counts as a false negative at the item level.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, Protocol

from dateparser.date import DateDataParser
from rapidfuzz import fuzz, process, utils

from gavel_agent.checklists import ItemSpec

Mismatch = Literal[
    "none", "numeric", "temporal", "obligation", "scope", "missing_condition", "extra_condition", "other"
]
MISMATCH_TYPES: tuple[str, ...] = Mismatch.__args__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Verdict:
    supported: bool
    mismatch: Mismatch
    reason: str


class Judge(Protocol):
    name: str

    def __call__(self, item: ItemSpec, predicted: list[str], reference: list[str]) -> Verdict: ...


# --- what the checks look for -------------------------------------------------

_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
_DATE = re.compile(
    rf"""(?<![\w/])(?:
        \d{{4}}-\d{{1,2}}-\d{{1,2}}                                  # 2014-05-08
      | (?:\d{{1,2}}|\[\s*\])/(?:\d{{1,2}}|\[\s*\])/(?:\d{{4}}|\d{{2}})\b  # 5/8/2014, []/[]/2015
      | \d{{1,2}}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?(?:{_MONTHS})\.?,?\s+\d{{4}}   # 8th day of May, 2014
      | (?:{_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}       # May 8, 2014
      | (?:{_MONTHS})\.?,?\s+\d{{4}}                                 # May 2014
    )""",
    re.I | re.X,
)
_UNKNOWN_PART = re.compile(r"\[\s*\]")
_NUMBER_WORDS = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
} | {"thirty": 30, "forty": 40, "forty-five": 45, "fifty": 50, "sixty": 60, "ninety": 90, "hundred": 100}
_UNITS = {
    "%": "percent", "percent": "percent", "per cent": "percent",
    "business day": "business_day", "business days": "business_day",
    "day": "day", "days": "day", "week": "week", "weeks": "week",
    "month": "month", "months": "month", "year": "year", "years": "year",
    "hour": "hour", "hours": "hour", "dollars": "usd", "usd": "usd", "us$": "usd", "$": "usd",
    "€": "eur", "euros": "eur", "eur": "eur", "£": "gbp", "pounds": "gbp",
}
TIME_UNITS = {"business_day", "day", "week", "month", "year", "hour"}
_MULTIPLIERS = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
_UNIT_AFTER = "|".join(sorted((re.escape(u) for u in _UNITS if u not in "$€£"), key=len, reverse=True))
NUMBER = re.compile(
    rf"""(?P<cur>us\$|\$|€|£)?\s?
        (?P<num>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?|{'|'.join(sorted(_NUMBER_WORDS, key=len, reverse=True))})\b
        \)?\s*(?P<mult>thousand|million|billion)?\s*
        (?:\((?:\d+|\$?[\d,.]+)\)\s*)?       # 'five (5) years': the figure in brackets repeats the word
        (?P<unit>{_UNIT_AFTER})?(?![a-z])""",
    re.I | re.X,
)
# Clause numbering at the start of a line ("3.2", "(a)", "12.") is not a quantity.
_ENUMERATOR = re.compile(r"^[ \t]*(?:\(?[0-9]+(?:\.[0-9]+)*[.)]?(?=\s+[A-Z(])|\([a-z]{1,4}\)(?=\s))", re.M)
# A figure right after these words is a cross-reference, not a quantity.
_REFERENCE_WORDS = re.compile(r"(?:section|sections|article|clause|paragraph|exhibit|schedule|§|no\.|rule|part)\s*\(?$", re.I)

_PROHIBITION = re.compile(
    r"\b(?:shall|will|may|must|can|could|should)\s+not\b|\bcannot\b|\bin\s+no\s+event\s+shall\b"
    r"|\b(?:agrees?|undertakes?)\s+not\s+to\b|\bis\s+prohibited\b|\bshall\s+(?:never|in\s+no\s+event)\b",
    re.I,
)
_OBLIGATION = re.compile(
    r"\b(?:shall|must|will|agrees?\s+to|undertakes?\s+to|(?:is|are)\s+(?:required|obligated|obliged)\s+to)\b", re.I
)
_PERMISSION = re.compile(
    r"\b(?:(?-i:may|MAY)|can|(?:is|are)\s+(?:entitled|permitted|allowed)\s+to|(?:has|have)\s+the\s+right\s+to)\b", re.I
)
_NEGATION = re.compile(r"\b(?:not|never|no(?!\.)|none|nothing|neither|nor|cannot)\b|n't\b", re.I)
_CONDITIONS = {
    "except": r"\bexcept\b|\bexcepting\b",
    "unless": r"\bunless\b",
    "provided that": r"\bprovided,?\s+(?:however,?\s+)?that\b",
    "subject to": r"\bsubject\s+to\b",
    "notwithstanding": r"\bnotwithstanding\b",
    "other than": r"\bother\s+than\b",
    "excluding": r"\bexcluding\b|\bexclusive\s+of\b",
    "only if": r"\bonly\s+(?:if|when|upon)\b|\bif\s+and\s+only\s+if\b",
    "on condition": r"\bon\s+(?:the\s+)?condition\b|\bconditional\s+(?:up)?on\b",
    "to the extent": r"\bto\s+the\s+extent\b",
    "without consent": r"\bwithout\s+(?:the\s+)?(?:prior\s+)?(?:written\s+)?consent\b",
}
_CONDITION_RES = {name: re.compile(p, re.I) for name, p in _CONDITIONS.items()}

# A value shorter than this is an answer ("New York", "5 years"), not a clause:
# it cannot state a modality or a condition, so those checks would be unfair.
CLAUSE_WORDS = 6
# Below this similarity to every reference value, the value talks about something else.
MIN_SIMILARITY = 60
SHORT_ANSWER_WORDS = 8


# --- extraction of the comparable facts ---------------------------------------

_date_parser = DateDataParser(languages=["en"], settings={"PREFER_DAY_OF_MONTH": "first"})


@lru_cache(maxsize=4096)
def _parse_date(text: str) -> tuple[int | None, int | None, int | None] | None:
    """(year, month, day) with None for parts the text leaves open."""
    if _UNKNOWN_PART.search(text):
        parts = text.split("/")
        known = [None if _UNKNOWN_PART.fullmatch(p.strip()) else int(p) for p in parts]
        month, day, year = known
        return (year + 2000 if year is not None and year < 100 else year, month, day)
    cleaned = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", re.sub(r"\bday\s+of\b", "", text, flags=re.I))
    data = _date_parser.get_date_data(cleaned)
    if data.date_obj is None:
        return None
    d = data.date_obj
    return (d.year, d.month if data.period in ("day", "month") else None, d.day if data.period == "day" else None)


def dates(text: str) -> set[tuple[int | None, int | None, int | None]]:
    return {p for m in _DATE.finditer(text) if (p := _parse_date(m.group(0))) is not None}


def _without_dates(text: str) -> str:
    return _DATE.sub(" ", text)


def numbers(text: str) -> set[tuple[float, str | None]]:
    """Quantities as (value, unit); dates and cross-references are left out."""
    text = _ENUMERATOR.sub(" ", _without_dates(text))
    found = set()
    for m in NUMBER.finditer(text):
        if _REFERENCE_WORDS.search(text[: m.start()].rstrip()[-12:]):
            continue
        raw = m.group("num").lower()
        value = float(_NUMBER_WORDS[raw]) if raw in _NUMBER_WORDS else float(raw.replace(",", ""))
        unit = _UNITS.get((m.group("cur") or m.group("unit") or "").lower())
        if raw in _NUMBER_WORDS and unit is None:
            continue  # 'one of the parties': a number word counts only with a unit
        value *= _MULTIPLIERS.get((m.group("mult") or "").lower(), 1.0)
        found.add((value, unit))
    return found


def modalities(text: str) -> set[str]:
    text = _without_dates(text)  # 'May 8, 2014' is a month, not a permission
    found = set()
    if _PROHIBITION.search(text):
        found.add("prohibition")
    rest = _PROHIBITION.sub(" ", text)
    if _OBLIGATION.search(rest):
        found.add("obligation")
    if _PERMISSION.search(rest):
        found.add("permission")
    return found


def negated(text: str) -> bool:
    return bool(_NEGATION.search(text))


def conditions(text: str) -> set[str]:
    return {name for name, pattern in _CONDITION_RES.items() if pattern.search(text)}


# --- comparison ----------------------------------------------------------------


def _same_date(a, b) -> bool:
    return all(x is None or y is None or x == y for x, y in zip(a, b))


def _same_quantity(a: tuple[float, str | None], b: tuple[float, str | None]) -> bool:
    return abs(a[0] - b[0]) <= 1e-9 * max(1.0, abs(a[0])) and (a[1] is None or b[1] is None or a[1] == b[1])


def _show_number(q: tuple[float, str | None]) -> str:
    return f"{q[0]:g}" + (f" {q[1]}" if q[1] else "")


def _words(text: str) -> int:
    return len(text.split())


def compare(value: str, reference: list[str], category: str) -> tuple[Mismatch, str]:
    """The first way ``value`` departs from the reference, or ("none", "")."""
    closest, similarity = _closest(value, reference)
    if utils.default_process(value) == utils.default_process(closest):
        return "none", ""
    joined = "\n".join(reference)
    ref_dates, value_dates = dates(joined), dates(value)
    for d in value_dates:
        if not any(_same_date(d, r) for r in ref_dates):
            return "temporal", f"date {_show_date(d)} is not in the reference"
    ref_numbers, value_numbers = numbers(joined), numbers(value)
    for q in value_numbers:
        if not any(_same_quantity(q, r) for r in ref_numbers):
            kind: Mismatch = "temporal" if q[1] in TIME_UNITS or category == "temporal" else "numeric"
            return kind, f"{_show_number(q)} is not in the reference"
    if category in ("numeric", "temporal") and not value_dates and not value_numbers and (dates(closest) or numbers(closest)):
        kind = "temporal" if category == "temporal" else "numeric"
        return kind, "the closest reference value states a figure or date this value leaves out"

    if _words(value) >= CLAUSE_WORDS:
        said, meant = modalities(value), modalities(closest)
        if said - meant:
            return "obligation", f"modality {', '.join(sorted(said - meant))} where the reference has {', '.join(sorted(meant)) or 'none'}"
        if negated(value) != negated(closest) and (negated(value) or said):
            return "obligation", "polarity differs (negation in one and not the other)"
        kept, required = conditions(value), conditions(closest)
        if required - kept:
            return "missing_condition", f"drops the reference's {', '.join(sorted(required - kept))}"
        if kept - required:
            return "extra_condition", f"adds {', '.join(sorted(kept - required))} the reference does not have"
    # A value that is only a date or a figure has been checked in full above.
    if similarity < MIN_SIMILARITY and NUMBER.sub(" ", _without_dates(value)).strip(" ,.;:-()"):
        if _words(value) <= SHORT_ANSWER_WORDS and _words(closest) <= SHORT_ANSWER_WORDS:
            return "other", f"answer differs from the reference ({similarity:.0f}% similar)"
        return "scope", f"covers different ground than any reference value ({similarity:.0f}% similar)"
    return "none", ""


def _show_date(d) -> str:
    return "-".join("??" if x is None else str(x) for x in d)


def _similarity(a: str, b: str, **kwargs) -> float:
    # Token-set similarity forgives a value that quotes part of a clause; plain
    # similarity breaks its ties (every fragment of a clause scores 100 on the first).
    return 0.9 * fuzz.token_set_ratio(a, b, **kwargs) + 0.1 * fuzz.ratio(a, b, **kwargs)


def _closest(value: str, reference: list[str]) -> tuple[str, float]:
    best = process.extractOne(value, reference, scorer=_similarity, processor=utils.default_process)
    return (best[0], best[1]) if best else ("", 0.0)


class OfflineJudge:
    """Deterministic strict judge (numbers, dates, modal verbs, negation, exception markers)."""

    name = "offline"

    def __call__(self, item: ItemSpec, predicted: list[str], reference: list[str]) -> Verdict:
        for value in predicted:
            mismatch, reason = compare(value, reference, item.category)
            if mismatch != "none":
                return Verdict(False, mismatch, f"{value[:80]!r}: {reason}")
        return Verdict(True, "none", "every value agrees with the reference")
