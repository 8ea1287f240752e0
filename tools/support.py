"""Whether a value's quotes state what the value asserts (support), beside where they are (alignment).

A quote can be in the case and still not say the value: a complaint's title for its filing date, a
docket number ending in a judge's surname for that judge, "ECF 31 at 27" for a ruling. Support is
judged over all quotes of a value together (the title and the stamp), with the same readers of dates
and figures the evaluators use (``text.values``):

- every date the value gives must be in a quote, stated at least as precisely (any written form);
- every figure (counts, money, docket and reporter numbers) must be in a quote;
- then the item's own check (``ItemSpec.support``): a name item needs the name (its surname, most
  of its words, or its initialism); a decision item one of its deciding words; a text item enough
  of the value's content words; a date item nothing more.

``states``: all of that holds. ``related``: the typed facts hold but few of the value's words are
quoted (a filing's stamp without its title). ``unsupported``: a date, figure, name or deciding word
is missing, or the quotes share no content word with the value; the reason says what is lacking.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date
from functools import cache, cached_property
from importlib import resources
from typing import Literal

from gavel_agent.checklists import ItemSpec
from gavel_agent.text.regexes import CIRCUIT_ORDINALS, MONTH, MONTH_NAMES
from gavel_agent.text.values import DateParts, dates, numbers, spelled_numbers, without_dates
from gavel_agent.tools.search import words

SupportStatus = Literal["states", "related", "unsupported"]
SUPPORT_ORDER: tuple[SupportStatus, ...] = ("states", "related", "unsupported")  # strongest first

ACT_SECTIONS = 100  # an act cited by its first section runs on for up to this many sections (FHA: 3601-3631)
STATES_SHARE = 0.5  # of a value's content words its quotes must hold to state it
# A figure: digits with thousands commas and a decimal part; "1983,42" (two cites run together) is two.
_DIGITS = re.compile(r"(?<![\d.,])\d+(?:,\d{3}(?!\d))*(?:\.\d+)?")
_BRACKETED = re.compile(r"\[[^\]]*\]|\([^)]*\)")
_SCALES = (1e3, 1e6, 1e9)  # thousand, million, billion
# A code citation: its title number, the code ("U.S.C.", "U.S.C.A."), the section ("1983", "2000e-2(a)").
CODE_CITATION = re.compile(r"\b(\d+)\s+U\.?\s?S\.?\s?C\.?(?:\s?A\.?)?\s*§*\s*(\d+[\w.-]*(?:\([\w]+\))*)")
_YEARLESS_DAY = re.compile(rf"\b({MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?!,?\s*\d{{4}})(?!\s*/)")
# A reporter's series printed with or without a space ("72 F. 4th 868", "591 F. Supp. 2d"): closed up
# before figures and words are read, so "4th" is part of the reporter's name, as in "F.4th", not a figure.
_REPORTER_SERIES = re.compile(r"\.\s+(\d(?:d|nd|rd|th))\b")
# A code section numbered in dotted parts ("5.61.020"): a name, stated only as written, not three figures.
_DOTTED_SECTION = re.compile(r"(?<![\d.])\d+(?:\.\d+){2,}(?![\d.])")
_LABEL = re.compile(r"^\s*([A-Za-z][A-Za-z ]{0,30}):\s*")  # "Plaintiff: ..." / "Appeal: ..."
# A figure inside a statute's name: the year of an act ("Civil Rights Act of 1964", "Education Amendments
# of 1972") or the section that names it ("Section 504 of the Rehabilitation Act").
_NAME_FIGURE = re.compile(r"\b(?:Acts?|Amendments)\s+of\s+\d{4}\b|\bSection\s+\d+[a-z]?(?=\s+of\s+(?:the\s+)?[A-Z])")
# A designation a statute or rule is known by: "Title VI", "Section 504", "Rule 23", an act's year
# ("Act of 1991") (label, designator).
_DESIGNATION = re.compile(
    r"\b(Title|Section|Rule|Article)\s+([IVXLC]+|\d+[a-z]?)\b|\b(?:Acts?|Amendments)\s+(of)\s+(\d{4})\b"
)
_BRACKETED_INITIALISM = re.compile(r"\(([A-Z]{2,})\)")  # "Administrative Procedure Act (APA)"
# A court of appeals by its number as a word ("Fifth Circuit" for "5th Cir.").
_CIRCUIT_ORDINAL = re.compile(rf"\b({'|'.join(CIRCUIT_ORDINALS)})\s+cir(?:cuit|\.)", re.I)
# A range of code sections: "§§ 701-706", "§§ 701–06".
_SECTION_RANGE = re.compile(r"(\d+)\s*[-\u2013]\s*(\d+)")


# Whether the write tools refuse a value its quotes do not state. Always on for a run; only the offline
# bench turns it off (``refusals_off``), to measure on one tree what the refusals cost.
REFUSING: ContextVar[bool] = ContextVar("refusing_unsupported", default=True)


@contextmanager
def refusals_off() -> Iterator[None]:
    """Within this block the write tools store an unsupported value (judged ``unsupported``) instead
    of refusing it."""
    token = REFUSING.set(False)
    try:
        yield
    finally:
        REFUSING.reset(token)


@dataclass(frozen=True)
class Support:
    status: SupportStatus
    reason: str  # what the quotes lack ("" when they state the value)
    # For an unsupported value, what a quote stating it must give, for a reader looking for one: the kind
    # ("date", "figure", "name", "decision" or "words") and the value's own text of it (its figures as
    # written, its name's words, the item's deciding words, its content stems).
    lacking: str = ""
    missing: tuple[str, ...] = ()


class Quoted:
    """A value's quotes, all together, read once: the text and what the checks look things up in, each
    read when a check first asks for it. Judging many values against the same text (a whole case's, to
    learn whether it states a value anywhere) reads that text once."""

    def __init__(self, quotes: list[str]):
        # A reporter's series closed up ("F. 4th" is "F.4th"); ``written`` keeps dotted section numbers.
        self.written = "\n".join(_REPORTER_SERIES.sub(r".\1", q) for q in quotes)
        self.text = _DOTTED_SECTION.sub(" ", self.written)

    @cached_property
    def dates(self) -> set[DateParts]:
        return dates(self.text)

    @cached_property
    def month_days(self) -> set[tuple[int | None, int | None]]:
        """(month, day) of every date the text gives, with its year or without one ("arrested on July 25")."""
        return {(q[1], q[2]) for q in self.dates} | {_month_day(m) for m in _YEARLESS_DAY.finditer(self.text)}

    @cached_property
    def figures(self) -> set[float]:
        return _figures(self.text) | {float(year) for year, _, _ in self.dates if year}  # "2017" in a full date

    @cached_property
    def days(self) -> list[int]:
        """The ordinals of the full, real dates the text gives, in order."""
        return sorted({day for parts in self.dates if (day := _ordinal(parts)) is not None})

    @cached_property
    def stems(self) -> set[str]:
        return content_stems(self.text)

    @cached_property
    def initialisms(self) -> set[str]:
        return _initialisms(self.text)

    @cached_property
    def designations(self) -> set[tuple[str, str]]:
        return _designations(self.text)

    @cached_property
    def name_words(self) -> set[str]:
        return _quote_name_words(self.text)

    @cached_property
    def spaced_words(self) -> str:
        return " " + " ".join(words(self.text)) + " "


@cache
def _vocabulary() -> dict[str, frozenset[str]]:
    raw = json.loads(resources.files("gavel_agent.tools").joinpath("support_words.json").read_text(encoding="utf-8"))
    return {k: frozenset(v) for k, v in raw.items() if not k.startswith("_")}


def content_stems(text: str) -> set[str]:
    """The text's content words as five-letter prefixes ('perpetual' meets 'perpetuity', 'amend.' meets
    'Amendment'), stopwords left out."""
    stop = _vocabulary()["stopwords"]
    folded = (w.replace(".", "") for w in words(text))  # "A.C.L.U." is "aclu"
    return {w[:5] for w in folded if len(w) > 2 and w not in stop and not w[0].isdigit()}


@cache
def _readings() -> list[tuple[set[str], re.Pattern[str]]]:
    """(the category's content stems, the pattern of a quote that states them in other words)."""
    raw = json.loads(resources.files("gavel_agent.tools").joinpath("support_readings.json").read_text(encoding="utf-8"))
    state = "|".join(["state", *(r"\s+".join(name.split()) for name in raw["us_states"])])
    return [
        (content_stems(r["words"]), re.compile(r["pattern"].replace("{state}", state), re.I)) for r in raw["readings"]
    ]


def reading_patterns(own: set[str]) -> list[str]:
    """The patterns of the categories whose words are all among ``own`` (content stems): the other
    wordings that state them ("the Oregon Constitution" for "state law")."""
    return [pattern.pattern for stems, pattern in _readings() if stems <= own]


def _read_as(quoted: str, own: set[str]) -> set[str]:
    """The value's category words the quotes state in other words ("the Oregon Constitution" states
    "state law"); a category's words count only together ("government attorneys", not "attorneys")."""
    return {stem for stems, pattern in _readings() if stems <= own and pattern.search(quoted) for stem in stems}


def spoken_date(parts: DateParts) -> str:
    """A date as a reader says it: "March 15, 2021", "March 2021", "2021"."""
    year, month, day = parts
    if month is None:
        return str(year)
    return f"{MONTH_NAMES[month - 1]} {day}, {year}" if day else f"{MONTH_NAMES[month - 1]} {year}"


def _stated(date: DateParts, quoted: set[DateParts]) -> bool:
    """A quoted date states the value's date when it gives every part the value gives, equal."""
    return any(all(v is None or v == q for v, q in zip(date, other)) for other in quoted)


def unstated_dates(value: str, quotes: list[str]) -> list[DateParts]:
    """The dates of ``value`` that none of ``quotes`` states, earliest first."""
    return _unstated(value, dates("\n".join(quotes)))


def _unstated(value: str, quoted: set[DateParts]) -> list[DateParts]:
    return [d for d in sorted(dates(value), key=lambda p: tuple(x or 0 for x in p)) if not _stated(d, quoted)]


def _yearless_days(value: str, quoted: Quoted) -> tuple[str, list[str]]:
    """The value without its days written without a year ("until December 31"), each stated by a date of
    that month and day in the quotes, and the days no quote states, in the value's order."""
    missing: list[str] = []
    for m in reversed(list(_YEARLESS_DAY.finditer(value))):
        month, day = _month_day(m)
        if (month, day) not in quoted.month_days:
            missing.insert(0, f"{MONTH_NAMES[month - 1]} {day}")
        value = value[: m.start()] + value[m.end() :]
    return value, missing


def _month_day(m: re.Match[str]) -> tuple[int, int]:
    """(month, day) of a ``_YEARLESS_DAY`` match."""
    month = next(i for i, name in enumerate(MONTH_NAMES, 1) if name.lower().startswith(m.group(1).lower()[:3]))
    return month, int(m.group(2))


def _figures(text: str) -> set[float]:
    """Every figure in ``text`` outside its dates: digit runs ("01187" is 1187), quantities ("three years"),
    numbers in words ("one hundred officers"), a circuit's number ("Fifth Circuit" is 5)."""
    bare = without_dates(text)
    found = {float(m.group(0).replace(",", "")) for m in _DIGITS.finditer(bare)}
    circuits = {float(CIRCUIT_ORDINALS.index(m.group(1).lower()) + 1) for m in _CIRCUIT_ORDINAL.finditer(bare)}
    return found | {value for value, _ in numbers(bare)} | spelled_numbers(bare) | circuits


# Days in each unit a duration is written in, for a duration worked out from two quoted dates.
_UNIT_DAYS = {"day": 1.0, "week": 7.0, "month": 30.44, "year": 365.25}


def _spanned(quantity: float, unit: str | None, days: list[int]) -> bool:
    """Whether two of the quotes' full dates (``days``, ordinals in order) span the duration, rounded in its
    unit: "August 31, 2020" and "July 31, 2024" span 4 years (and 47 months), so a value's "about four
    years" is stated by quoting both. Only pairs near the duration's length are looked at (a whole case
    gives thousands of dates)."""
    per = _UNIT_DAYS.get(unit or "")
    if per is None:
        return False
    low, high = (quantity - 0.5) * per - 1, (quantity + 0.5) * per + 1
    for i, a in enumerate(days):
        for b in days[bisect_left(days, a + low, i + 1) : bisect_right(days, a + high)]:
            if round((b - a) / per) == quantity:
                return True
    return False


def _ordinal(parts: DateParts) -> int | None:
    """The day's ordinal for a full, real date; None for a month or year alone, or an impossible day."""
    year, month, day = parts
    if year is None or month is None or day is None:
        return None
    try:
        return date(year, month, day).toordinal()
    except ValueError:
        return None


def _missing_figures(value: str, quotes: Quoted) -> list[str]:
    """The figures of the value its quotes do not give, as the value writes them; a duration the quoted
    dates span counts as given."""
    bare = without_dates(value)
    spans = {(q, unit) for q, unit in numbers(bare) if _spanned(q, unit, quotes.days)}
    quoted = quotes.figures
    quantities = {(q, unit) for q, unit in numbers(bare) if (q, unit) not in spans}
    scaled = {q for q, _ in quantities if q in quoted}  # "$1.5 million" stated as "$1,500,000"
    runs = {(raw := m.group(0)): float(raw.replace(",", "")) for m in _DIGITS.finditer(bare)}
    missing = [
        raw for raw, figure in runs.items() if figure not in quoted and not any(figure * k in scaled for k in _SCALES)
    ]
    spanned = {float(q) for q, _ in spans}
    missing = [raw for raw in missing if float(raw.replace(",", "")) not in spanned]
    for q, unit in sorted(quantities, key=lambda x: (x[0], x[1] or "")):  # what is left: in words ("three years")
        written = any(q == figure * k for figure in runs.values() for k in (1, *_SCALES))
        if not written and q not in quoted:
            missing.append(f"{q:g} {unit or ''}".strip())
    return missing


def _cited_figures(value: str, quoted: Quoted) -> str:
    """The part of the value whose figures the quotes must give, where it cites a code. A statute is named
    two ways, by its name ("Section 504 of the Rehabilitation Act") and by its citation ("29 U.S.C. §
    794"), and a careful reader takes either: quotes naming the act are not asked for its citation (the
    name's own figures, a year, still are); quotes citing it (its section, or another section of the
    act) are not asked for the name's figures, nor for the title number beside a quoted section."""
    citations = list(CODE_CITATION.finditer(value))
    if not citations:
        return value
    bare = CODE_CITATION.sub(" ", value)
    name = content_stems(without_dates(bare))
    if name and _names_the_statute(bare, quoted):
        return bare
    asked, cited = [], False
    for m in citations:
        section = _DIGITS.match(m.group(2))
        if name and _cites_the_act(m, quoted):
            cited = True
        elif section and float(section.group(0)) in quoted.figures:
            asked.append(m.group(2))
            cited = True
        else:
            asked.append(m.group(0))
    return " ".join(asked) if cited else value


def _asked_figures(value: str, quoted: Quoted) -> str:
    """The part of the value whose figures the quotes must give: its citation or its name
    (``_cited_figures``), less the figures inside a statute's name ("of 1964", "Section 504 of") where
    the quotes name that statute."""
    asked = _cited_figures(value, quoted)
    if _NAME_FIGURE.search(asked) and _names_the_statute(CODE_CITATION.sub(" ", value), quoted):
        return _NAME_FIGURE.sub(" ", asked)
    return asked


def _designations(text: str) -> set[tuple[str, str]]:
    return {
        ((m.group(1) or m.group(3)).lower(), (m.group(2) or m.group(4)).upper()) for m in _DESIGNATION.finditer(text)
    }


def _names_the_statute(name: str, quoted: Quoted) -> bool:
    """Whether the quotes name the statute (or rule) the value names: by a designation it is known by
    ("Title VI"), by its initialism ("the APA"), or by most of its name's words, and by no other
    designation of the same kind ("Title VIII" names another title of the Act)."""
    own, theirs = _designations(name), quoted.designations
    for label, mark in own:
        marks = {m for other, m in theirs if other == label}
        if marks and mark not in marks:
            return False
    if own & theirs:
        return True
    quoted_stems = quoted.stems
    initialisms = {m.group(1).lower()[:5] for m in _BRACKETED_INITIALISM.finditer(name)}
    if initialisms & quoted_stems:
        return True
    stems = content_stems(without_dates(name))
    return bool(stems) and len(stems & quoted_stems) / len(stems) >= STATES_SHARE


def _cites_the_act(citation: re.Match[str], quoted: Quoted) -> bool:
    """Whether the quotes cite a section of the act a value cites by its first section: the same title,
    a section up to ACT_SECTIONS after it ("42 U.S.C. 3604(a)" for "Fair Housing Act, 42 U.S.C. § 3601")."""
    title, first = citation.group(1), _DIGITS.match(citation.group(2))
    if first is None:
        return False
    start = float(first.group(0))
    for m in CODE_CITATION.finditer(quoted.text):
        section = _DIGITS.match(m.group(2))
        if m.group(1) != title or section is None:
            continue
        if start <= float(section.group(0)) < start + ACT_SECTIONS:
            return True
        if (span := _SECTION_RANGE.match(quoted.text, m.start(2))) and _in_range(start, span.group(1), span.group(2)):
            return True
    return False


def _in_range(section: float, low: str, high: str) -> bool:
    """Whether a range of sections ("701-706", "701–06": the end may drop the start's leading digits)
    holds the section."""
    high = low[: max(0, len(low) - len(high))] + high
    return float(low) <= section <= float(high)


def _label_words(item: ItemSpec) -> set[str]:
    """The fixed words of the item's value format ("Plaintiff", "filed"): not content the quote must give."""
    return content_stems(_BRACKETED.sub(" ", item.value_format))


def _name_words(value: str) -> list[str]:
    """The words of the name a value gives, without its label, parenthesis, titles and suffixes."""
    vocab = _vocabulary()
    name = _LABEL.sub("", _BRACKETED.sub(" ", value), count=1)
    out = []
    for token in name.split():
        word = token.strip(".,;:'\"").lower()
        if not word or any(c.isdigit() for c in word):
            continue
        if word in vocab["name_titles"] or word in vocab["name_suffixes"]:
            continue
        out.append(word)
    return out


def _quote_name_words(text: str) -> set[str]:
    """The quote's words that can name someone: a token joined to digits ("25-22896-CV-WILLIAMS") is a
    docket number, not a name."""
    return {w for token in text.split() if not any(c.isdigit() for c in token) for w in words(token)}


def _names_it(value: str, quoted: Quoted) -> bool:
    name = _name_words(value)
    if not name:
        return True
    joiners = _vocabulary()["name_joiners"]
    significant = [w for w in name if w not in joiners and len(w.strip(".")) > 1]
    if not significant:
        return True
    present = quoted.name_words
    if significant[-1].strip(".") in present:  # the surname, or an organisation's last word
        return True
    if sum(w.strip(".") in present for w in significant) * 2 >= len(significant):
        return True
    initialism = "".join(w[0] for w in significant)
    return len(initialism) >= 2 and initialism in present


def _initialisms(text: str) -> set[str]:
    """Initialisms the text spells out ("American Civil Liberties Union" -> "aclu"), as content stems."""
    joiners = _vocabulary()["name_joiners"]
    found: set[str] = set()
    run: list[str] = []
    for word in [*re.findall(r"[A-Za-z][\w'.-]*", text), ""]:
        if word[:1].isupper():
            run.append(word[0].lower())
            continue
        if word.lower() in joiners and run:
            continue
        for i in range(len(run)):
            for j in range(i + 2, len(run) + 1):
                found.add("".join(run[i:j])[:5])
        run = []
    return found


def _decides(item: ItemSpec, quoted: Quoted) -> bool:
    return any(f" {w}" in quoted.spaced_words for w in item.deciding_words)


def judge(value: str, quotes: list[str], item: ItemSpec) -> Support:
    """How well ``quotes`` (all of one value's, taken together) state ``value`` for ``item``."""
    return judge_quoted(value, Quoted(quotes), item)


def judge_quoted(value: str, quoted: Quoted, item: ItemSpec) -> Support:
    """``judge`` with the quotes read already (``Quoted``): many values judged against one text read it once."""
    value = _REPORTER_SERIES.sub(r".\1", value)
    dotted = [s for s in dict.fromkeys(_DOTTED_SECTION.findall(value)) if s not in quoted.written]
    value = _DOTTED_SECTION.sub(" ", value)
    dated, days = _yearless_days(value, quoted)
    # a value without figures asks for none: the quotes' figures are read only for one that has some
    figures = _missing_figures(_asked_figures(dated, quoted), quoted) if _figures(dated) else []
    unstated = [*map(spoken_date, _unstated(value, quoted.dates)), *days]
    lacking = [*unstated, *(f"section {s}" for s in dotted), *(f"the figure {f}" for f in figures)]
    if lacking:
        reason = f"the quote does not state {', nor '.join(lacking)}"
        if unstated:
            return Support("unsupported", reason, "date", tuple(unstated))
        return Support("unsupported", reason, "figure", (*dotted, *figures))
    if item.support == "name" and not _names_it(value, quoted):
        name = _name_words(value)
        return Support("unsupported", f"the quote does not name {' '.join(name).title()}", "name", tuple(name))
    if item.support == "decision":
        if _decides(item, quoted):
            return Support("states", "")
        return Support(
            "unsupported",
            f"the quote does not say what decides {value!r} (words such as {', '.join(item.deciding_words)})",
            "decision",
            tuple(item.deciding_words),
        )
    if item.support == "name":
        return Support("states", "")
    if item.support == "number" and _figures(value):  # its number quoted: a caption's words add nothing
        return Support("states", "")
    own = content_stems(without_dates(CODE_CITATION.sub(" ", value))) - _label_words(
        item
    )  # a citation's are its figures
    typed = bool(dates(value) or _figures(value))
    if not own:
        return Support("states", "")
    given = quoted.stems | quoted.initialisms | _read_as(quoted.text, own)
    share = len(own & given) / len(own)
    if share >= STATES_SHARE or (item.support == "date" and typed):
        return Support("states", "")
    # A category the reader assigns to a named organisation ("Public interest nonprofit (Children's
    # Rights)"): the quotes must name the organisation; no paper calls itself a public interest nonprofit.
    named = own - content_stems(" ".join(item.category_words))
    if "(" in value and named and named != own and len(named & given) / len(named) >= STATES_SHARE:
        return Support("states", "")
    if share > 0 or typed:
        return Support("related", f"the quote gives {share:.0%} of the value's words")
    return Support("unsupported", "the quote shares no content word with the value", "words", tuple(sorted(own)))
