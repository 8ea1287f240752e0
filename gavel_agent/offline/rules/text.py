"""Text helpers shared by the rule extractors: sentences, dates, names, tables.

Every helper returns exact substrings of the text it was given (or offsets into
it), so a finding's quote can always be verified against the document.
"""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass
from datetime import date
from functools import cache, lru_cache
from pathlib import Path

from gavel_agent.case_identity import docket_key
from gavel_agent.offline.registry import DocInfo, Finding
from gavel_agent.text.regexes import DATE_RE, PAGE_STAMP_RE, RUNNING_PAGE_LINE_RE
from gavel_agent.text.values import full_date

TABLES_FILE = Path(__file__).with_name("gavel_tables.json")
MAX_QUOTE_CHARS = 600
MAX_VALUE_CHARS = 240


# Sentence ends; also blank lines, numbered paragraphs, and dated docket entries ("06/08/2005 1 COMPLAINT").
# A sentence ends at its stop, after any closing quote and footnote marker ("... Okonkwo.[1] Plaintiffs then").
_SENTENCE_END = re.compile(
    r"(?<=[.;!?])[\"'”’)]*(?:\[\d{1,3}\])?\s+(?=[\"“(]?[A-Z0-9])|\n\s*\n|\n(?=\s*(?:\d{1,3}\.|[A-Z]\.|\([a-z0-9]+\))\s)"
    r"|\n(?=\s*\d{1,2}/\d{1,2}/\d{2,4}\s)"
)


@lru_cache(maxsize=1)
def tables() -> dict:
    return json.loads(TABLES_FILE.read_text(encoding="utf-8"))


@cache
def compiled(table: str, flags: int = re.I) -> list[tuple[dict, re.Pattern]]:
    """The rows of one vocabulary table, each with its pattern compiled."""
    return [(row, re.compile(row["pattern"], flags)) for row in tables()[table]]


@dataclass(frozen=True)
class Span:
    start: int
    end: int

    def of(self, text: str) -> str:
        return text[self.start : self.end]


def line_span(text: str, start: int, end: int | None = None) -> Span:
    """The whole line (or lines) holding ``text[start:end]``."""
    stop = text.find("\n", start if end is None else end)
    return Span(text.rfind("\n", 0, start) + 1, stop if stop >= 0 else len(text))


# A period that ends one of these does not end a sentence ("D.C. Circuit", "No. 24-1135", "Vega v. Riverside").
_ABBREVIATION = re.compile(
    r"(?:\b[A-Za-z]|\b(?:No|Nos|Inc|Corp|Co|Cir|Mr|Mrs|Ms|Dr|St|Ct|Supp|Stat|Fed|App|Civ|Dist|al|Jr|Sr|vs|Sec|Art|Dkt|Doc|Hon|Mag|Jan|Feb|Mar|Apr|Aug|Sept?|Oct|Nov|Dec))\.$"
)


@lru_cache(maxsize=16)
def sentence_spans(text: str) -> tuple[Span, ...]:
    """Rough sentence spans (legal text: abbreviations make this approximate, which is fine for quoting).

    Cached: every item's extractor, and every match in ``sentence_at``, splits the same window.
    """
    spans, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        if text[m.start() - 1 : m.start()] == "." and _ABBREVIATION.search(text, max(0, m.start() - 6), m.start()):
            continue
        if m.start() > start:
            spans.append(_trimmed(text, start, m.start()))
        start = m.end()
    if start < len(text):
        spans.append(_trimmed(text, start, len(text)))
    return tuple(s for s in spans if s.end - s.start >= 8)


@lru_cache(maxsize=16)
def _sentence_starts(text: str) -> list[int]:
    return [s.start for s in sentence_spans(text)]


def _trimmed(text: str, start: int, end: int) -> Span:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return Span(start, end)


def sentence_at(text: str, start: int, end: int) -> Span:
    """The sentence holding text[start:end], clipped to MAX_QUOTE_CHARS around the match."""
    spans = sentence_spans(text)
    i = bisect.bisect_right(_sentence_starts(text), start) - 1
    if i >= 0 and start < spans[i].end:
        lo, hi = spans[i].start, max(spans[i].end, end)
    else:
        lo, hi = start, end
    if hi - lo > MAX_QUOTE_CHARS:
        lo = max(lo, start - MAX_QUOTE_CHARS // 3)
        hi = min(hi, max(end, lo + MAX_QUOTE_CHARS))
    return _trimmed(text, lo, hi)


def is_page_furniture(line: str) -> bool:
    return bool(RUNNING_PAGE_LINE_RE.fullmatch(line))


def matching_sentences(text: str, pattern: re.Pattern) -> list[tuple[Span, re.Match]]:
    """Sentences with at least one match of ``pattern``, each with its first match; page headers
    and footers are not sentences."""
    out = []
    for s in sentence_spans(text):
        m = pattern.search(text, s.start, s.end)
        if m and not is_page_furniture(s.of(text)):
            out.append((s if s.end - s.start <= MAX_QUOTE_CHARS else sentence_at(text, m.start(), m.end()), m))
    return out


def sentence_findings(
    text: str, pattern: re.Pattern, confidence: float, exclude: re.Pattern | None = None, chars: int = 200
) -> list[Finding]:
    """Each sentence matching ``pattern`` (and not ``exclude``) as a value quoting itself."""
    return [
        Finding(flat(span.of(text), chars), span.of(text), confidence)
        for span, _ in matching_sentences(text, pattern)
        if not (exclude and exclude.search(span.of(text)))
    ]


def flat(text: str, limit: int = MAX_VALUE_CHARS) -> str:
    """Text as a one-line value: whitespace collapsed, line-number debris removed, clipped at a word."""
    value = " ".join(text.split()).strip(" ;,")
    if len(value) > limit:
        value = value[:limit].rsplit(" ", 1)[0].rstrip(" ,;") + " ..."
    return value


TITLE_CHARS = 60  # a listing title named in a value ("<date>: <title> entered")


def paper_title(doc: DocInfo) -> str:
    """A paper's listing title as a value names it: a long one without its asides in parentheses
    ("Consent Decree and Order, with Exhibit A (Stipulated Agreement Regarding ...)"), then clipped."""
    title = doc.title if len(doc.title) <= TITLE_CHARS else re.sub(r"\s*\([^()]*\)", "", doc.title)
    return flat(title, TITLE_CHARS)


FIRST_YEAR, LAST_YEAR = 1900, 2035  # the years a case's papers can be dated in


def parse_date(text: str) -> date | None:
    """A date stated to the day in a plausible year for a case (others are misread numbers). A year
    written with two digits that would fall after LAST_YEAR is the last century's: an old docket's
    "3-14-64" or "1/23/64" (the date reader puts two-digit years before 69 in this century)."""
    parsed = full_date(text)
    if parsed is not None and parsed.year > LAST_YEAR and str(parsed.year) not in text:
        parsed = parsed.replace(year=parsed.year - 100)
    return parsed if parsed is not None and FIRST_YEAR <= parsed.year <= LAST_YEAR else None


def show_date(d: date) -> str:
    return f"{d:%B} {d.day}, {d.year}"


def dates_in(text: str, start: int = 0, end: int | None = None) -> list[tuple[date, re.Match]]:
    out = []
    for m in DATE_RE.finditer(text, start, len(text) if end is None else end):
        d = parse_date(m.group(0))
        if d:
            out.append((d, m))
    return out


def doc_date(doc: DocInfo) -> date | None:
    """The document's own date from the case listing (ISO), if it has one."""
    return full_date(doc.date or "")


# After "is granted": a legal standard goes on ("is granted only if ..."), a ruling does not.
NOT_A_STANDARD = r"(?!\s+(?:only|if|when|where|unless)\b)"
# An order's operative words ("IT IS ORDERED", "GRANTED", "the Agreement is APPROVED", "the motion is
# granted"): what such a sentence records happened on the day the order was entered.
_OPERATIVE = re.compile(
    r"\bORDERED\b|\bhereby\b|\bGRANT(?:ED|ING)\b|\bDEN(?:IED|YING)\b|\bAPPROVED\b|\bENTERED\b"
    rf"|\b(?:is|are)\s+(?:granted|denied|approved)\b{NOT_A_STANDARD}"
)


def operative_date(sentence: str, doc: DocInfo) -> date | None:
    """The paper's own listing date for a sentence in an order's operative words, else None."""
    return doc_date(doc) if _OPERATIVE.search(sentence) else None


def listed_date(doc: DocInfo, heading: re.Match | None, confidence: float, label: str = "") -> Finding | None:
    """The document's date from the case listing as a value, quoted with the heading that shows what
    the document is (a complaint's title, a decree's caption); None without both."""
    quote = heading.group(0).strip() if heading else ""
    day = doc_date(doc)
    if day is None or len(quote) < 8:
        return None
    return Finding(show_date(day) + (f": {label}" if label else ""), quote, confidence)


# Where a paper says when it was signed or entered: "DATED: March 1, 1985", "SO ORDERED this 3rd day of May, 2001".
_SIGNATURE = re.compile(r"\b(?:Dated|DATED|ENTERED|Entered|SO\s+ORDERED|Signed|Executed)\b[^\n]{0,30}")
SIGNATURE_DATE_REACH = 40  # characters after the signature words within which the date must start


def signature_dates(text: str) -> list[tuple[date, str]]:
    """The dates a paper gives for its signing or entry, each quoted from the signature words to the date."""
    return [(d, text[span.start : span.end]) for d, span in signature_spans(text)]


def signature_spans(text: str) -> list[tuple[date, Span]]:
    """``signature_dates`` with where each quote stands in the text."""
    found = []
    for m in _SIGNATURE.finditer(text):
        dates = dates_in(text, m.start(), min(len(text), m.end() + SIGNATURE_DATE_REACH))
        if dates:
            d, dm = dates[0]
            found.append((d, Span(m.start(), dm.end())))
    return found


def doc_label(doc: DocInfo) -> str:
    return f"{doc.type} {doc.title}".lower()


def is_type(doc: DocInfo, *kinds: str) -> bool:
    label = doc_label(doc)
    return any(k in label for k in kinds)


def own_dockets(text: str) -> set[str]:
    """Docket numbers of the document itself, read from its page stamps."""
    return {docket_key(m.group(1)) for m in PAGE_STAMP_RE.finditer(text)}


# PACER's docket sheets write a name's hyphen as the minus sign U+2212 ("Jane Magnus−Stinson").
_NAME_WORD = r"[A-Z][a-zA-Z'\-\u2212]+|[A-Z]\."
# A middle initial may lack its period ("Gregory K Frizzell" in docket headers) when a surname follows.
PERSON_RE = re.compile(
    rf"(?:{_NAME_WORD})(?:[ \t]+(?:{_NAME_WORD}|[A-Z]{{1,2}}\.|[A-Z](?=[ \t]+[A-Z][a-z])|de|van|von|Mc[A-Z][a-z]+)){{1,3}}"
)


def person_name(raw: str) -> str | None:
    """A person's name in title case, or None when the words look like anything else."""
    words = [w for w in re.split(r"[ \t]+", raw.strip(" ,.;:/").replace("\u2212", "-")) if w]
    stop = set(tables()["not_name_words"])
    # Text after a name on the same line ("Smith Nature of Suit") is cut at the first non-name word.
    # An initial ("A.") is part of the name, never the word it spells ("a").
    cut = next(
        (i for i, w in enumerate(words) if w.lower().strip(".,") in stop and not re.fullmatch(r"[A-Z]\.", w)),
        len(words),
    )
    words = words[:cut]
    if not 2 <= len(words) <= 4:
        return None
    if sum(len(w.strip(".")) > 1 for w in words) < 2:
        return None
    return " ".join(_title(w) for w in words)


def _title(word: str) -> str:
    """One word of a name as a name is written: "K" and "K." as "K.", "FRIZZELL" and "McCARTHY" in title case."""
    if len(word) == 1 or (len(word) == 2 and word.endswith(".")):
        return word[0] + "."
    if re.fullmatch(r"(?:[A-Z]\.)+", word):  # run-together initials, "W.J."
        return word
    if word.isupper() or word.islower():
        return name_word(word)
    if word.startswith("Mc") and word[2:].isupper():
        return "Mc" + word[2:].capitalize()
    return word


def name_word(word: str) -> str:
    """A word of a name written in capitals (or lower case) as a name writes it: "O'BRIEN-SMITH" ->
    "O'Brien-Smith"; acronyms (the ``acronyms`` table), initials and longer words without vowels stay
    as they are ("LLC", "U.S.", "DHS")."""
    bare = word.strip(',.;:()“”"')
    if (
        bare in tables()["acronyms"]
        or "." in bare.rstrip(".")
        or (len(bare) > 2 and not re.search(r"[aeiouy]", bare, re.I))
    ):
        return word
    # Each part of a hyphenated name, and a name after O' or D', starts with a capital.
    word = re.sub(r"(^\W*|-)(\w)", lambda m: m.group(1) + m.group(2).upper(), word.lower())
    return re.sub(r"\b([OD]['’])(\w)", lambda m: m.group(1) + m.group(2).upper(), word)
