"""GAVEL decree and settlement durations: how long a decree or an agreement binds."""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding, extractor
from gavel_agent.offline.rules.relief_terms import BOILERPLATE, DECREE_DOC, SETTLEMENT_DOC
from gavel_agent.offline.rules.text import flat, is_type, matching_sentences
from gavel_agent.text.values import COUNT, TERM, terms

# A value says how long an obligation runs, as "[duration]: [obligation]": the term a decree or agreement
# sets for itself ("This Decree shall remain in effect for four years from the Effective Date" -> "four
# years from the Effective Date: the Decree"), the court's retained jurisdiction, and an obligation that
# runs for a stated period ("For a period of three years ..., Huntington agrees to retain ..."). A deadline
# ("within 90 days of the Effective Date, the County shall adopt ...") bounds how long an obligation stays
# open, and GAVEL's annotators list such bounds under this item ("180 days: ... within 180 days of filing",
# in the human checklists of cases whose documents we do not have), so it is a value too, ranked after the
# terms. A reporting frequency ("a monthly report") says how often, not how long: no value.

# The words that set a paper's or a power's term: remain in effect, terminate, expire, retain jurisdiction.
_TERM_VERB = re.compile(
    r"\b(?:remain|be|continue|stay)\s+in\s+(?:full\s+)?(?:force|effect|place)(?:\s+and\s+effect)?"
    r"|\b(?:remain|continue)\s+(?:to\s+be\s+)?(?:effective|binding)\b|\bbe\s+effective\s+for\b"
    r"|\b(?:terminat|expir)\w*|\blast\s+for\b|\bretain\w*\s+jurisdiction\b|\bjurisdiction\s+(?:shall|will)\s+continue\b"
    r"|\b(?:duration|term)\s+of\s+(?:the|this)\s+(?:[\w'’-]+\s+){0,3}?\w+\s+(?:shall|will)\s+be\b",
    re.I,
)
_DECREE_SUBJECTS = r"decree|injunction|judgment|order"
_SETTLEMENT_SUBJECTS = r"agreement|settlement|stipulation"
# How long: a stated term with what it runs from, or the event it runs until.
# What a term runs from: "four years from the Effective Date", "three months after the submission of the
# fourth annual report" (up to the clause's end: "unless terminated earlier", ", at which time").
_TERM_FROM = re.compile(
    r"\s+(?:from|after|following|of)\s+(?:(?!(?:unless|and|or|to|if|at|except|provided|but)\b)(?:[\w'’()-]|\.(?=\w))+\s*){1,10}?"
    r"(?=[,;:]|\.(?:\s|$)|\s+(?:unless|and|or|to|if|at|except|provided|but)\b|$)",
    re.I,
)


# The event a term runs until: "until further order of the Court"; a paper that terminates also "when
# Defendants have maintained substantial compliance for two years" (its years are the condition, not the
# term), where one in effect "upon entry" starts, not ends, then.
def _until(words: str) -> re.Pattern:
    return re.compile(
        rf"\b(?:{words})\s+(?:such\s+time\s+as\s+)?(?:\w[\w'’()-]*,?\s+){{1,12}}?\w+"
        r"(?=\s*[.;:,]|\s+(?:and|or|unless|at\s+which)\b|$)",
        re.I,
    )


_UNTIL, _ENDS_WHEN = _until("until"), _until("until|when|upon|once")
_PERIOD_OF = re.compile(r"\b(?:for|during)\s+(?:a\s+(?:period|term)\s+of\s+|(?:at\s+least|the\s+first)\s+)?$", re.I)
# A party that may ask to end a paper early: "Defendants may move to terminate", "seek to terminate".
_EARLY = re.compile(r"\b(?:may|can)\s+(?:move|seek|apply|petition)\s+(?:the\s+Court\s+)?to\s+$|\bmay\s+$", re.I)
TERM_REACH = 200  # characters after the term's verb in which its length is stated


def _subject(sentence: str, before: int, after: int, subjects: str) -> str | None:
    """The paper a term sentence speaks of, as "the <name>": the last one named before its verb ("This
    Consent Decree" -> "the Consent Decree"; "The requirements of this Order" -> "the Order")."""
    pattern = rf"\b(?:the|this|these|such|said|its)\s+((?:(?-i:[A-Z])[\w'’-]*\s+){{0,3}}?(?:{subjects})s?)\b"
    named = list(re.finditer(pattern, sentence[:before], re.I))
    if not named:  # "Defendants may move to terminate this Decree": named right after its verb
        named = list(re.finditer(pattern, sentence[after : after + 60], re.I))[:1]
    return f"the {' '.join(named[-1].group(1).split())}" if named else None


def _how_long(rest: str, ends: bool) -> str | None:
    """The length a term sentence states after its verb (``ends``: a verb of ending, "terminate"): the first
    span of years or months with what it runs from ("four years from the Effective Date"), else the event
    it runs until."""
    rest = rest[:TERM_REACH]
    until = (_ENDS_WHEN if ends else _UNTIL).search(rest)
    term = TERM.search(rest, 0, until.start() if until else len(rest))
    if term:
        since = _TERM_FROM.match(rest, term.end())
        return " ".join(rest[term.start() : since.end() if since else term.end()].split()).rstrip(".")
    return " ".join(until.group(0).split()) if until else None


def _term_findings(text: str, subjects: str) -> list[Finding]:
    """Sentences setting a paper's or the court's term, as "[how long]: [the paper or jurisdiction]"."""
    found = []
    for span, verb in matching_sentences(text, _TERM_VERB):
        sentence = span.of(text)
        if BOILERPLATE.search(sentence):
            continue
        jurisdiction = "jurisdiction" in verb.group(0).lower()
        start, end = verb.start() - span.start, verb.end() - span.start
        # The court's jurisdiction over the paper the item is about: "retain jurisdiction over this Agreement".
        kept = jurisdiction and re.search(rf"\b(?:{subjects})\b", sentence, re.I)
        # "The term of this Decree shall be two years": the paper is named inside the verb's words.
        named = end if re.match(r"duration|term", verb.group(0), re.I) else start
        what = (
            ("the Court's jurisdiction" if kept else None) if jurisdiction else _subject(sentence, named, end, subjects)
        )
        how_long = _how_long(sentence[end:], bool(re.match(r"terminat|expir", verb.group(0), re.I)))
        if how_long and _EARLY.search(sentence[:start]) and terms(how_long):
            # "Defendants may move to terminate this Decree ... after ... Substantial Compliance ... for 24
            # consecutive months": how soon it may end, not its term.
            compliance = " of substantial compliance" if re.search(r"substantial\s+compliance", sentence, re.I) else ""
            how_long = f"early termination after {how_long}{compliance}"
        if what and how_long:
            found.append(Finding(f"{how_long}: {what}", sentence, 0.9 if terms(how_long) else 0.75))
    return found


# An obligation that runs for a stated period: "For a period of three years ..., X agrees to retain ...",
# "Defendants shall maintain the policy for two (2) years"; "permanently enjoined" runs without end.
_BINDS = re.compile(r"\b(?:shall|must|will|agrees?\s+to|enjoined|restrained|ordered)\b", re.I)
_PERMANENT = re.compile(r"\bpermanently\s+(?:enjoined|restrained)\b", re.I)
_SPAN_OR_PERMANENT = re.compile(f"{TERM.pattern}|{_PERMANENT.pattern}", re.I)
OBLIGATION_PERIODS = 6  # obligations with their own period or deadline kept per window
# "within 45 days", "within thirty (30) calendar days", "within one year".
_DEADLINE = re.compile(
    rf"\bwithin\s+(?:{COUNT})(?:\s*\(\d{{1,3}}\))?\s+(?:(?:calendar|business)\s+)?(?:days?|weeks?|months?|years?)\b",
    re.I,
)


def _periods(text: str) -> list[Finding]:
    """Obligations with the period they run for, as "<period>: <obligation>", then those with a deadline
    ("within 90 days: ..."), less certain."""
    found = []
    for span, _ in matching_sentences(text, _SPAN_OR_PERMANENT):
        sentence = span.of(text)
        if not _BINDS.search(sentence) or BOILERPLATE.search(sentence) or _TERM_VERB.search(sentence):
            continue  # a sentence setting a paper's term is read by _term_findings
        runs_for = next((m for m in TERM.finditer(sentence) if _PERIOD_OF.search(sentence[: m.start()])), None)
        if runs_for:
            # "For a period of three years from ..., X agrees to retain ...": the obligation follows the period.
            opening = re.match(r"\s*(?:For|During)\b[^,;]{0,120},\s*", sentence[: runs_for.end() + 120])
            obligation = sentence[opening.end() :] if opening and opening.end() > runs_for.end() else sentence
            period = " ".join(runs_for.group(0).split())
            found.append(Finding(f"{period}: {flat(obligation, 160)}", sentence, 0.6))
        elif _PERMANENT.search(sentence):
            found.append(Finding(f"permanently: {flat(sentence, 160)}", sentence, 0.5))
    for span, deadline in matching_sentences(text, _DEADLINE):
        sentence = span.of(text)
        if _BINDS.search(sentence) and not BOILERPLATE.search(sentence) and not _TERM_VERB.search(sentence):
            found.append(
                Finding(f"{' '.join(deadline.group(0).lower().split())}: {flat(sentence, 160)}", sentence, 0.4)
            )
    return found[:OBLIGATION_PERIODS]


@extractor("gavel", "decree_duration")
def decree_duration(text: str, doc: DocInfo) -> list[Finding]:
    if not is_type(doc, *DECREE_DOC, "settlement"):
        return []
    # A settlement entered as an order ("Settlement Agreement and Consent Order") sets the order's term
    # by its own name: "This Agreement shall remain in effect for three years".
    subjects = _DECREE_SUBJECTS + (f"|{_SETTLEMENT_SUBJECTS}" if is_type(doc, *DECREE_DOC) else "")
    return _term_findings(text, subjects) + _periods(text)


@extractor("gavel", "settlement_duration")
def settlement_duration(text: str, doc: DocInfo) -> list[Finding]:
    if not is_type(doc, *SETTLEMENT_DOC, "order"):
        return []
    return _term_findings(text, _SETTLEMENT_SUBJECTS) + _periods(text)
