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

from gavel_agent.text.regexes import CIRCUIT_ORDINALS

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


# --- appeals: the documents' courts ---------------------------------------------------------------------
# A record with documents from an appellate court was appealed there: "U.S. Court of Appeals for the Ninth
# Circuit", "Supreme Court of the United States", "California state appellate court". Its reference for the
# appeals item is the set of such courts; a value finds one when it names it (circuit by ordinal or number,
# the Supreme Court, or for a state appellate court any appellate wording).
_SUFFIX = {1: "st", 2: "nd", 3: "rd"}
# A state's appellate courts: "Court of Appeal(s)", "Court of Criminal Appeals", "Appellate Division",
# "Supreme Court", Massachusetts' and Maine's "Supreme Judicial Court".
_STATE_APPELLATE = re.compile(
    r"\b(?:court of (?:criminal )?appeals?|appellate|supreme court|supreme judicial court)\b", re.I
)
# A state's supreme court named as such: "the Nebraska Supreme Court", "Supreme Court of Arizona".
_STATE_SUPREME = re.compile(
    r"\b(?!The\b|United\b|States\b|US\b)[A-Z][a-z]+\s+Supreme\s+Court|\bSupreme\s+Court\s+of\s+(?!the\s+United\b)[A-Z]"
    r"|\bstate\s+supreme\s+court",
    re.I,
)
# The Eleventh Circuit was made from the Fifth's eastern states on October 1, 1981; the Clearinghouse lists an
# older Alabama, Florida or Georgia appeal under the Eleventh, though the Fifth decided it.
ELEVENTH_CIRCUIT_BEGAN = "1981-10-01"


def appellate_court_key(court: str, day: str | None = None) -> str | None:
    """A document court's key as an appeals reference ("ninth circuit", "federal circuit", "d.c. circuit",
    "supreme court", "state appellate"), or None for a trial court; ``day``: the document's ISO date."""
    low = court.lower()
    if "supreme court of the united states" in low or low.startswith("u.s. supreme court"):
        return "supreme court"
    if "district of columbia circuit" in low or "d.c. circuit" in low:
        return "d.c. circuit"
    circuit = re.search(r"court of appeals for the (\w+) circuit", low)
    if circuit:
        if circuit.group(1) == "eleventh" and day and day < ELEVENTH_CIRCUIT_BEGAN:
            return "fifth circuit"
        return f"{circuit.group(1)} circuit"
    # New York's "supreme court" is its trial court.
    if "state appellate court" in low or ("state supreme court" in low and not low.startswith("new york")):
        return "state appellate"
    return None


def appellate_courts(record: dict) -> list[str]:
    """The appellate courts a record's documents come from, each once, in order."""
    keys: list[str] = []
    for doc in record.get("documents") or []:
        key = appellate_court_key(str(doc.get("court") or ""), str(doc.get("date") or "") or None)
        if key and key not in keys:
            keys.append(key)
    return keys


def appeal_names_court(key: str, value: str) -> bool:
    """Whether an appeals value names this appellate court: "Ninth Circuit", "9th Cir.", "Supreme Court"."""
    if key == "supreme court":
        states = {m.start() for m in _STATE_SUPREME.finditer(value)}
        named = [
            m for m in re.finditer(r"\bsupreme\s+court\b", value, re.I) if not _named_by_state(value, m.start(), states)
        ]
        return bool(named or re.search(r"\bSCOTUS\b", value))
    if key == "state appellate":
        return bool(_STATE_APPELLATE.search(value))
    if key == "d.c. circuit":
        return bool(re.search(r"\b(?:D\.\s?C\.|District of Columbia)\s+Cir(?:cuit|\.)", value, re.I))
    word = key.split()[0]
    forms = [re.escape(word)]
    if word in CIRCUIT_ORDINALS:
        n = CIRCUIT_ORDINALS.index(word) + 1
        forms.append(f"{n}{_SUFFIX.get(n if n < 10 else 0, 'th')}")
    return bool(re.search(rf"\b(?:{'|'.join(forms)})\s+cir(?:cuit|\.)", value, re.I))


def _named_by_state(value: str, start: int, states: set[int]) -> bool:
    """Whether the "Supreme Court" at ``start`` is a state's ("Nebraska Supreme Court", "Supreme Court of Ohio")."""
    before = re.search(r"\S+\s+$", value[:start])
    return start in states or (before is not None and before.start() in states)


# A case's summary tells its appeals in words the listing may lack: "the defendant filed a petition for a writ of
# certiorari with the Supreme Court", "On July 28, 2017, the Sixth Circuit reversed". A court named in a sentence
# telling an appeal or its outcome is one the case reached.
_SUMMARY_APPEAL = re.compile(r"appeal|certiorari|affirm|revers|vacat|remand|overturn|uph[eo]ld|petition|review", re.I)
# The Supreme Court is also named for its precedents ("the Supreme Court had only upheld policies ..."): it
# counts where the sentence tells a petition, an appeal or what it did to the case; not where one is yet to come.
_SUMMARY_SUPREME_CASE = re.compile(r"certiorari|appeal|petition|remand|\b(?:this|the)\s+case\b", re.I)
_NOT_YET = re.compile(r"\b(?:yet\s+to|did\s+not|never|declined\s+to)\b", re.I)
# A state's court before a circuit's name: "the Louisiana Court of Appeal for the Second Circuit".
_STATE_COURT_BEFORE = re.compile(r"\b(?!States\b)[A-Z][a-z]+\s+Court\s+of\s+Appeals?\s+(?:for\s+the\s+)?$")
# A state's intermediate court by its name: "the New York Court of Appeals", "Court of Appeals of Arizona",
# "the Appellate Division", "the Supreme Judicial Court".
_STATE_APPEALS_COURT = re.compile(
    r"(?:\b(?!The\b|States\b|Circuit\b)[A-Z][a-z]+\s+)Court\s+of\s+(?:Criminal\s+)?Appeals?\b"
    r"|\bCourt\s+of\s+Appeals?\s+of\s+(?!the\b)[A-Z]|\bAppellate\s+Division\b|\bSupreme\s+Judicial\s+Court\b"
)
_SUMMARY_COURT = re.compile(
    r"\b(?:(?P<ordinal>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|d\.\s?c\.|federal"
    r"|\d{1,2}(?:st|nd|rd|th))\s+circuit|(?P<supreme>supreme\s+court)|(?P<state>court\s+of\s+(?:criminal\s+)?appeals?"
    r"|appellate\s+(?:court|division)|supreme\s+judicial\s+court))\b",
    re.I,
)
_NUMBERED = {f"{n}{_SUFFIX.get(n if n < 10 else 0, 'th')}": word for n, word in enumerate(CIRCUIT_ORDINALS, 1)}


def summary_appellate_courts(record: dict) -> list[str]:
    """The appellate courts (appellate_court_key's keys) the case summary says the case went to, each once."""
    summary = re.sub(r"<[^>]+>", " ", (record.get("case_data") or {}).get("summary") or "")
    keys: list[str] = []
    for sentence in re.split(r"(?<=[.;])\s+", summary):
        if not _SUMMARY_APPEAL.search(sentence) or _NOT_YET.search(sentence):
            continue
        states = {m.start() for m in _STATE_SUPREME.finditer(sentence)}
        for m in _SUMMARY_COURT.finditer(sentence):
            if m.group("ordinal"):
                if _STATE_COURT_BEFORE.search(sentence[max(0, m.start() - 60) : m.start()]):
                    continue
                word = m.group("ordinal").lower().replace(" ", "")
                key = "d.c. circuit" if word == "d.c." else f"{_NUMBERED.get(word, word)} circuit"
            elif m.group("supreme") and _named_by_state(sentence, m.start(), states):
                key = "state appellate"
            elif m.group("supreme"):
                if not _SUMMARY_SUPREME_CASE.search(sentence):
                    continue
                key = "supreme court"
            elif _STATE_APPEALS_COURT.search(sentence[max(0, m.start() - 30) : m.end() + 20]):
                key = "state appellate"
            else:
                continue  # "the Court of Appeals", "the appellate court": a federal circuit as often as a state's
            if key not in keys:
                keys.append(key)
    return keys
