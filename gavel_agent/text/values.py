"""What a value states, read the same way wherever it is compared: dates, numbers with their
units, modality (must / may / must not), negation and conditions.

The audit's strict judge compares a value with its reference by these readers, the agent's
``--verify`` checks a value against its quotes by them, the checklist normaliser writes dates
through ``parse_date``, and the offline rules read dates with ``full_date``: one date parser.
"""

from __future__ import annotations

import re
from datetime import date
from functools import lru_cache

from dateparser.date import DateDataParser

from gavel_agent.text.regexes import VALUE_DATE_RE

_UNKNOWN_PART = re.compile(r"\[\s*\]")
_NUMBER_WORDS = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen".split()
    )
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}


def _alternation(words) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


# A number in words, as papers spell terms and counts: "four", "twenty-four", "forty five", "one hundred",
# "two hundred and fifty", "two-and-a-half", "three and one-half"; "hundred" alone is a hundred.
_BELOW_HUNDRED = rf"(?:(?:{_alternation(_TENS)})(?:[\s-]+(?:{_alternation(w for w, n in _NUMBER_WORDS.items() if 0 < n < 10)}))?|{_alternation(_NUMBER_WORDS)})"
WORD_NUMBER = (
    rf"(?:(?:{_BELOW_HUNDRED}|a)[\s-]+hundred(?:[\s-]+(?:and[\s-]+)?{_BELOW_HUNDRED})?|{_BELOW_HUNDRED}|hundred)"
    r"(?:[\s-]+and[\s-]+(?:a|one)[\s-]+half)?"
)
_WORD_NUMBER_RE = re.compile(rf"\b(?:{WORD_NUMBER})\b", re.I)


def spelled_number(words: str) -> float:
    """The value of a number written in words (a match of WORD_NUMBER): "twenty-four" -> 24,
    "one hundred" -> 100, "two-and-a-half" -> 2.5."""
    total = 0.0
    for word in re.split(r"[\s-]+", words.lower()):
        if word == "hundred":
            total = (total or 1) * 100
        elif word == "half":
            total += 0.5
        else:
            total += _NUMBER_WORDS.get(word, _TENS.get(word, 0))
    return total


def spelled_numbers(text: str) -> set[float]:
    """Every number the text writes in words, with or without a unit ("one hundred officers")."""
    return {spelled_number(m.group(0)) for m in _WORD_NUMBER_RE.finditer(text)}


_UNITS = {
    "%": "percent",
    "percent": "percent",
    "per cent": "percent",
    "business day": "business_day",
    "business days": "business_day",
    "day": "day",
    "days": "day",
    "week": "week",
    "weeks": "week",
    "month": "month",
    "months": "month",
    "year": "year",
    "years": "year",
    "hour": "hour",
    "hours": "hour",
    "dollars": "usd",
    "usd": "usd",
    "us$": "usd",
    "$": "usd",
    "€": "eur",
    "euros": "eur",
    "eur": "eur",
    "£": "gbp",
    "pounds": "gbp",
}
TIME_UNITS = {"business_day", "day", "week", "month", "year", "hour"}
_MULTIPLIERS = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
_UNIT_AFTER = "|".join(sorted((re.escape(u) for u in _UNITS if u not in "$€£"), key=len, reverse=True))
NUMBER = re.compile(
    rf"""(?P<cur>us\$|\$|€|£)?\s?
        (?P<num>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?|{WORD_NUMBER})\b
        \)?\s*(?P<mult>thousand|million|billion)?\s*
        (?:\((?:\d+|\$?[\d,.]+)\)\s*)?       # 'five (5) years': the figure in brackets repeats the word
        (?P<unit>{_UNIT_AFTER})?(?![a-z])""",
    re.I | re.X,
)
# Clause numbering at the start of a line ("3.2", "(a)", "12.") is not a quantity.
_ENUMERATOR = re.compile(r"^[ \t]*(?:\(?[0-9]+(?:\.[0-9]+)*[.)]?(?=\s+[A-Z(])|\([a-z]{1,4}\)(?=\s))", re.M)
# A figure right after these words is a cross-reference, not a quantity.
_REFERENCE_WORDS = re.compile(
    r"(?:section|sections|article|clause|paragraph|exhibit|schedule|§|no\.|rule|part)\s*\(?$", re.I
)

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
# it cannot state a modality or a condition, so checking one for them would be unfair.
CLAUSE_WORDS = 6


DateParts = tuple[int | None, int | None, int | None]  # (year, month, day); None where the text leaves it open

# Month-day-year as US filings write it; a month alone means its first day; a text without a year is no date.
_date_parser = DateDataParser(
    languages=["en"], settings={"DATE_ORDER": "MDY", "PREFER_DAY_OF_MONTH": "first", "REQUIRE_PARTS": ["year"]}
)
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_DATE_FILLER = re.compile(r"\b(?:day\s+)?of\b", re.I)  # "the 3rd day of May", "March of 2018"


@lru_cache(maxsize=50_000)
def parse_date(text: str) -> DateParts | None:
    """The one date reader: (year, month, day) with None for parts the text leaves open
    ("May 2014" -> (2014, 5, None); "[]/[]/2015" -> (2015, None, None)); None when it is no date."""
    if not text.strip():
        return None
    if iso := _ISO.match(text):  # document metadata and normalised values: no need for dateparser
        try:
            d = date(*map(int, iso.groups()))
        except ValueError:
            return None
        return (d.year, d.month, d.day)
    if _UNKNOWN_PART.search(text):
        parts = [p.strip() for p in text.split("/")]
        if len(parts) != 3 or not all(p.isdigit() or _UNKNOWN_PART.fullmatch(p) for p in parts):
            return None
        month, day, year = (None if _UNKNOWN_PART.fullmatch(p) else int(p) for p in parts)
        return (year + 2000 if year is not None and year < 100 else year, month, day)
    cleaned = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", _DATE_FILLER.sub(" ", text)).replace(",", ", ")
    data = _date_parser.get_date_data(cleaned)
    if data.date_obj is None:
        return None
    d = data.date_obj
    return (d.year, d.month if data.period in ("day", "month") else None, d.day if data.period == "day" else None)


def full_date(text: str) -> date | None:
    """A date the text states to the day ("March 15, 2021", "2021-03-15"); None for a month or year alone."""
    parts = parse_date(text)
    if parts is None or None in parts:
        return None
    year, month, day = parts
    return date(year, month, day)  # type: ignore[arg-type]  # None was ruled out above


def same_date(a: DateParts, b: DateParts) -> bool:
    """Two dates agree where both state a part."""
    return all(x is None or y is None or x == y for x, y in zip(a, b))


def dates(text: str) -> set[DateParts]:
    return {p for m in VALUE_DATE_RE.finditer(text) if (p := parse_date(m.group(0))) is not None}


def without_dates(text: str) -> str:
    return VALUE_DATE_RE.sub(" ", text)


def numbers(text: str) -> set[tuple[float, str | None]]:
    """Quantities as (value, unit); dates and cross-references are left out."""
    text = _ENUMERATOR.sub(" ", without_dates(text))
    found = set()
    for m in NUMBER.finditer(text):
        if _REFERENCE_WORDS.search(text[: m.start()].rstrip()[-12:]):
            continue
        raw = m.group("num").lower()
        spelled = not raw[0].isdigit()
        value = spelled_number(raw) if spelled else float(raw.replace(",", ""))
        unit = _UNITS.get((m.group("cur") or m.group("unit") or "").lower())
        if spelled and unit is None:
            continue  # 'one of the parties': a number word counts only with a unit
        value *= _MULTIPLIERS.get((m.group("mult") or "").lower(), 1.0)
        found.add((value, unit))
    return found


def modalities(text: str) -> set[str]:
    text = without_dates(text)  # 'May 8, 2014' is a month, not a permission
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


# -- terms: how long something runs, in years or months ----------------------------------------------

_COUNTS = (
    {w: n for w, n in _NUMBER_WORDS.items() if n}
    | _TENS
    | {f"{tens}-{w}": t + n for tens, t in _TENS.items() for w, n in _NUMBER_WORDS.items() if 0 < n < 10}
    | {"a": 1, "an": 1}
)
# A count of units as a term or a deadline writes it: digits or number words ("36", "thirty-six", "a").
COUNT = rf"\d{{1,3}}|{'|'.join(sorted(_COUNTS, key=len, reverse=True))}"
TERM = re.compile(
    rf"\b(?P<count>{COUNT})"
    r"(?:\s*\(\d{1,3}\))?[\s-]+(?:(?:consecutive|full|calendar)\s+)?(?P<unit>years?|months?)\b(?!\s+(?:old|of\s+age)\b)",
    re.I,
)


def terms(text: str) -> list[tuple[str, int]]:
    """The spans of time a text states in years or months, each as written and in months: "four years"
    -> 48, "thirty-six months" -> 36, "three (3) years" -> 36, "a one-year term" -> 12, "24 consecutive
    months" -> 24; an age ("18 years of age", "21 years old") is none."""
    found = []
    for m in TERM.finditer(text):
        count = m.group("count").lower()
        n = int(count) if count.isdigit() else _COUNTS[count]
        if n:
            found.append((" ".join(m.group(0).split()), n * 12 if m.group("unit").lower().startswith("year") else n))
    return found
