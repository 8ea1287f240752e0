"""The Clearinghouse coding of a case as a reference for GAVEL checklist items.

A Clearinghouse record (``case_<id>.json``) carries hand-coded fields next to its
documents: filing date, whether a class was sought, causes of action, constitutional
clauses, counsel flags, defendants, settlement/judgment date and related cases.
``coded_case`` reads them into one typed record; ``reference_checklist`` writes them
as checklist values so they can be compared with any extraction. Needs only json.
"""

from __future__ import annotations

import json
import re
from datetime import date
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, Field
from rapidfuzz import fuzz, utils

from gavel_agent.evaluators.checklist import crlc_court_reference as court_reference
from gavel_agent.evaluators.checklist import crlc_papers
from gavel_agent.evaluators.checklist.canonical_forms import usc_sections
from gavel_agent.evaluators.json_files import read_json
from gavel_agent.text.values import parse_date, terms

TABLE_FILE = Path(__file__).with_name("crlc_reference.json")

COUNSEL_CATEGORIES = ("Government", "Public interest", "Pro se", "Private")


class CodedCase(BaseModel):
    case: str
    filing_date: date | None = None
    class_action_sought: bool | None = None  # None: not coded or "Unknown"
    causes: list[str] = Field(default_factory=list)
    clauses: list[str] = Field(default_factory=list)
    counsel: str | None = None  # one of COUNSEL_CATEGORIES; None when the flags are not coded
    defendants: list[str] = Field(default_factory=list)
    # Each coded defendant's parts (its institution, its name), as defendant_named compares them.
    defendant_parts: list[list[str]] = Field(default_factory=list)
    settlement_date: date | None = None
    related_cases: list[str] = Field(default_factory=list)
    related_case_ids: list[str] = Field(default_factory=list)  # each related case's Clearinghouse id, in order
    # The case's identity and outcome (see CASE_IDENTITY and the relief tables in crlc_reference.json).
    court: str | None = None  # "Southern District of New York"; None for "No Court" or uncoded
    docket_number: str | None = None  # the main docket as coded ("1:95-cv-02211-DCN")
    docket_year: int | None = None
    docket_serial: int | None = None  # the docket's running number within its year (2211)
    class_action_granted: str | None = None  # Granted, Denied, Not sought, Pending, ...; None: uncoded/Unknown
    relief_natures: list[str] = Field(default_factory=list)  # coded natures of relief obtained, "Unknown" left out
    prevailing_party: str | None = None  # Plaintiff, Defendant, Mixed, None Yet / None; None: uncoded/Unknown
    # Weak references for two court-side items (crlc_court_reference): each reported opinion's citation
    # keys, from the documents' coded citations; the surnames of the judges the summary names.
    reported_opinions: list[list[str]] = Field(default_factory=list)
    judges: list[str] = Field(default_factory=list)
    # A weak reference for appeals: the appellate courts the documents come from (and those the summary
    # tells the case went to, which the listing may lack).
    appellate_courts: list[str] = Field(default_factory=list)
    summary_appellate_courts: list[str] = Field(default_factory=list)
    # References for important filings and court rulings: the listed complaints, motions and briefs, and
    # the listed orders and opinions, each with its day and what its title says it is about (crlc_papers).
    filings: list[crlc_papers.ListedPaper] = Field(default_factory=list)
    rulings: list[crlc_papers.ListedPaper] = Field(default_factory=list)
    # The decree's term as coded (injunction_duration, order_start_year, order_end_year): how long the
    # injunctive order runs, in months, and the years it began and ended; None where not coded.
    decree_months: int | None = None
    order_start_year: int | None = None
    order_end_year: int | None = None


@lru_cache(maxsize=1)
def table() -> dict:
    return json.loads(TABLE_FILE.read_text(encoding="utf-8"))


def read_record(path: str | Path) -> dict:
    """A Clearinghouse record file; ValueError with a one-line reason when it is not one."""
    record = read_json(path, "Clearinghouse record")
    if not isinstance(record, dict) or not isinstance(record.get("case_data"), dict):
        raise ValueError(f"{path}: not a Clearinghouse record (no 'case_data' object)")
    return record


def _iso(value: object) -> date | None:
    try:
        return date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def _labels(values: list | None) -> list[str]:
    """Coded multi-value fields hold strings or {"value": ...} objects."""
    out = []
    for v in values or []:
        text = v.get("value") if isinstance(v, dict) else v
        if isinstance(text, str) and text.strip():
            out.append(text.strip())
    return out


def counsel_category(data: dict) -> str | None:
    """The plaintiffs' main kind of counsel from the coded flags, organisations and plaintiff type."""
    orgs = " | ".join(_labels(data.get("attorney_orgs")))
    plaintiff_types = set(_labels(data.get("plaintiff_type")))
    if plaintiff_types & set(table()["government_plaintiffs"]) or any(g in orgs for g in table()["government_counsel"]):
        return "Government"
    public_interest, pro_se = data.get("public_interest_lawyer"), data.get("pro_se_status")
    if public_interest == "Yes":
        return "Public interest"
    if pro_se == "Yes":
        return "Pro se"
    if public_interest == "No" and pro_se == "No":
        return "Private"  # coded as neither public-interest nor pro se: a private lawyer by elimination
    return None


def _known(value: object) -> str | None:
    """A coded single choice, or None where the coding is empty or says "Unknown"."""
    return value.strip() if isinstance(value, str) and value.strip() and value.strip() != "Unknown" else None


def _docket(data: dict) -> tuple[str | None, int | None, int | None]:
    """The main docket's number as coded, its year and its running number (None where not coded)."""
    main = data.get("main_docket")
    if not isinstance(main, dict):
        main = {}
    number = _known(main.get("docket_number_manual"))
    number = number if number and re.search(r"\d", number) else None  # "Never filed", "[Redacted]": no number
    year, serial = main.get("docket_year"), main.get("docket_filing_number")
    year = year if isinstance(year, int) and year > 0 else None
    serial = serial if isinstance(serial, int) and serial > 0 else None
    return number, year, serial


def coded_case(record: dict) -> CodedCase:
    data = record["case_data"]
    docket_number, docket_year, docket_serial = _docket(data)
    court = _known(data.get("court"))
    sought = data.get("class_action_sought")
    defendants, defendant_parts = [], []
    for d in data.get("case_defendants") or []:
        parts = [p.strip() for p in (d.get("institution"), d.get("name")) if p and p.strip()]
        if parts:
            defendants.append(" ".join(parts))
            defendant_parts.append(parts)
    related = [r for r in data.get("related_cases") or [] if isinstance(r, dict) and r.get("name")]
    return CodedCase(
        case=str(record.get("case_id") or data.get("id")),
        filing_date=_iso(data.get("filing_date")),
        class_action_sought={"Yes": True, "No": False}.get(sought),
        causes=_labels(data.get("causes")),
        clauses=_labels(data.get("constitutional_clause")),
        counsel=counsel_category(data),
        defendants=defendants,
        defendant_parts=defendant_parts,
        settlement_date=_iso(data.get("settlement_judgment_date")),
        related_cases=[r["name"] for r in related],
        related_case_ids=[str(r.get("id", "")) for r in related],
        court=None if court == "No Court" else court,
        docket_number=docket_number,
        docket_year=docket_year,
        docket_serial=docket_serial,
        class_action_granted=_known(data.get("class_action_granted")),
        relief_natures=[n for n in _labels(data.get("relief_natures")) if n != "Unknown"],
        prevailing_party=_known(data.get("prevailing_party")),
        reported_opinions=court_reference.coded_citations(record),
        judges=court_reference.summary_judges(record),
        appellate_courts=court_reference.appellate_courts(record),
        summary_appellate_courts=court_reference.summary_appellate_courts(record),
        filings=crlc_papers.listed_filings(record),
        rulings=crlc_papers.listed_rulings(record),
        decree_months=decree_months(data.get("injunction_duration")),
        order_start_year=_order_year(data.get("order_start_year")),
        order_end_year=_order_year(data.get("order_end_year")),
    )


MAX_DECREE_MONTHS = 600  # a coded term longer than fifty years is a year typed in the months field ("2001")


def decree_months(value: object) -> int | None:
    """The coded injunction_duration (months, written as a string: "36") as a number; None where it is
    empty, "0", "n/a" or not a plausible term."""
    text = str(value or "").strip()
    months = int(text) if text.isdigit() else 0
    return months if 0 < months <= MAX_DECREE_MONTHS else None


FIRST_ORDER_YEAR, LAST_ORDER_YEAR = 1900, 2100  # a coded order year outside these is a typing slip


def _order_year(value: object) -> int | None:
    """A coded order year; 0 and empty mean not coded."""
    return value if isinstance(value, int) and FIRST_ORDER_YEAR <= value <= LAST_ORDER_YEAR else None


def _show(d: date) -> str:
    return f"{d:%B} {d.day}, {d.year}"


def _class_action(coded: CodedCase) -> str:
    """The class action value with the certification ruling where the coding has one."""
    if not coded.class_action_sought:
        return "Individual plaintiffs"
    ruling = {"Granted": " (class certified)", "Denied": " (class certification denied)"}
    return "Class action" + ruling.get(coded.class_action_granted or "", "")


def reference_checklist(record: dict) -> dict[str, list[str]]:
    """The coding as GAVEL checklist values (only the items the coding speaks to)."""
    coded = coded_case(record)
    items: dict[str, list[str]] = {
        "filing_date": [_show(coded.filing_date)] if coded.filing_date else [],
        "class_action": [] if coded.class_action_sought is None else [_class_action(coded)],
        "cause_of_action": coded.causes,
        "statutory_basis": coded.clauses,
        "type_of_counsel": [coded.counsel] if coded.counsel else [],
        "parties": [f"Defendant: {d}" for d in coded.defendants],
        "settlement_date": [_show(coded.settlement_date)] if coded.settlement_date else [],
        "related_case_numbers": coded.related_cases,
    }
    return {k: v for k, v in items.items() if v}


def clause_stated(clause: str, values: list[str]) -> bool:
    """Whether any written value states the coded constitutional clause."""
    pattern = table()["clauses"].get(clause)
    if pattern is None:
        pattern = re.escape(clause)
    return any(re.search(pattern, v, re.I) for v in values)


def _sections(text: str) -> set[tuple[str, str]]:
    """U.S.C. sections without their subsections: a coded "§ 2000e" is stated by "§ 2000e-2"."""
    return {(title, section.split("-")[0]) for title, section in usc_sections(text)}


def _similar(a: str, b: str, cutoff: float = 85) -> bool:
    return fuzz.token_set_ratio(a, b, processor=utils.default_process) >= cutoff


# The year an Act's name carries ("Act of 1980", "Act of 1957/1960").
_ENACTED = re.compile(r"\bof\s+(?:1[89]|20)\d\d(?:/(?:1[89]|20)\d\d)?\b")


def cause_stated(cause: str, values: list[str]) -> bool:
    """A coded cause matches a written one by U.S.C. title and section, or by the statute's name."""
    wanted = _sections(cause)
    # A name that is itself a citation ("42 U.S.C. § 1983") must match by section: fuzzily,
    # § 1985 would pass for § 1983. Statute names ("Americans with Disabilities Act") may match by
    # name, also one in parentheses after a section of it ("Section 504 (Rehabilitation Act), 29 U.S.C.
    # § 701", whose cited section is the Act's first, not section 504's own § 794).
    names = [re.split(r"[,(]", cause, maxsplit=1)[0].strip()] + re.findall(r"\(([^()\d]*\bAct)\)", cause)
    # A label naming alternatives outside its parentheses is stated by either: "Ex Parte Young (Federal)
    # or Bivens", "Religious Freedom Rest. Act/Religious Land Use and Inst. Persons Act (RFRA/RLUIPA)".
    names += re.split(r"\s+or\s+|(?<=\bAct)\s*/\s*", re.sub(r"\([^()]*\)", " ", cause.split(",", 1)[0]))[1:]
    # A name's digits make it a citation, not a name, unless they are the Act's year: "Adoption Assistance
    # and Child Welfare Act of 1980" is a name (the coding cites its § 620, the statute table its § 670).
    names = [n for n in (n.strip() for n in names) if n and not re.search(r"\d", _ENACTED.sub(" ", n))]
    return any((wanted & _sections(v)) or any(_similar(n, v) for n in names) for v in values)


# The two sides of a caption: "Sow et al v. City of New York et al, No. 20-cv-00533".
_VERSUS = re.compile(r"\s+vs?\.?\s+")
# A coded name's other names, in parentheses or brackets: "Murphy v. Madigan (Murphy v. Raoul)",
# "Waid v. Snyder (In re Flint Water Cases)"; other bracketed words ("Gates v. Collier [Cook]") are notes.
_ALSO_NAMED = re.compile(r"[(\[]([^()\[\]]*)[)\]]")


def _case_names(name: str) -> list[str]:
    """A coded related case's names: the name, the cases it lists (";"), the others it gives in parentheses."""
    names = []
    for part in name.split(";"):
        names.append(_ALSO_NAMED.sub(" ", part).strip())
        names += [a.strip() for a in _ALSO_NAMED.findall(part) if _VERSUS.search(a) or a.lower().startswith("in re")]
    return [n for n in names if n]


def _side_words(side: str) -> str:
    return " ".join(_name_words(side))


def _abbreviates(short: str, word: str) -> bool:
    """Whether a citation's abbreviation stands for a word: its head ("Corr." Corrections, "Am." America)
    or, contracted, its head and tail ("Dep't" Department, "Ass'n" Association)."""
    head, _, tail = short.replace("’", "'").partition("'")
    return len(word) > len(head + tail) and word.startswith(head) and word.endswith(tail) and len(head) >= 2


def _expanded(written: str, coded: str) -> str:
    """A written side with its abbreviations spelt as the coded side's words they stand for."""
    words = _name_words(coded)

    def spelt(m: re.Match) -> str:
        return next((w for w in words if _abbreviates(m.group(0).lower().rstrip("."), w)), m.group(0))

    return re.sub(r"\b\w+['’]\w+|\b\w{2,}\.", spelt, written)


def case_named(name: str, value: str, other: CodedCase | None = None, cutoff: float = 80) -> bool:
    """Whether a written value names a coded related case: by the docket number the other case's own
    record codes, where it is at hand (``other``; a value may give the number alone, "Consolidated with
    No. 1:25-cv-03923"), or by its name. A caption matches side by side: suits against
    one defendant share their second side, and "Fraser v. City of New York" is not "Sow v. City of New
    York", though most of its words are; a side's words are compared as defendants' are ("Swift & Co." =
    "Swift & Company"), a citation's abbreviations as the words they stand for ("Corr. Corp. of Am." =
    "Corrections Corporation of America"), and the value may say more ("Consolidated with Lee v. Macon County, No. 3"). A
    name that is no caption ("In re ...", "CRIPA Investigation of ...") matches by its words."""
    if other is not None and docket_stated(other, [value]):
        return True
    for one in _case_names(name):
        sides, said = _VERSUS.split(one, maxsplit=1), _VERSUS.split(value, maxsplit=1)
        if len(sides) < 2:
            if _similar(one, value, cutoff):
                return True
        elif len(said) == 2 and all(
            fuzz.token_set_ratio(_side_words(coded), _side_words(_expanded(written, coded))) >= cutoff
            for coded, written in zip(sides, said)
        ):
            return True
    return False


# -- defendants ------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _defendant_words() -> tuple[dict[str, str], frozenset[str], frozenset[str]]:
    """The word tables defendant_named compares names by (crlc_reference.json, "defendant_names")."""
    t = table()["defendant_names"]
    return t["word_forms"], frozenset(t["joining_words"]), frozenset(t["kind_words"])


NAMED_COVERAGE = 0.75  # share of a coded name's words, and of its own words, a value must hold


def _name_words(text: str) -> list[str]:
    text = re.sub(r"\bu\.\s?s\.(?:\s?a\.)?", " us ", text.lower().replace("&", " and "))
    forms, joining, _ = _defendant_words()
    # a possessive's "'s" goes; an apostrophe inside a word joins it, as names are written with or without
    # one ("Hawai'i" = "Hawaii", "O'Rourke" = "ORourke"); an alias's "d/b/a" or "a/k/a" joins two names
    text = re.sub(r"(?<=[a-z])['‘’ʻ](?=[a-z])", "", re.sub(r"['’]s\b", "", text))
    text = re.sub(r"\b[adfn]/[bk]/a\b", " ", text)
    words = " ".join(forms.get(w, w) for w in re.findall(r"[a-z0-9]+", text))
    return [w for w in words.split() if w not in joining]


def _has_word(word: str, words: set[str]) -> bool:
    """A word, or one a letter or two off it by OCR or spelling ("Califronia"), among a value's words."""
    return word in words or (len(word) >= 5 and any(fuzz.ratio(word, w) >= 85 for w in words if len(w) >= 5))


def _head_word_sets(said: str) -> list[set[str]]:
    """The words of a value's name before its office or description, and, for a federal body, without its
    "United States" or "Federal", as _coded_forms drops them from the coding's name ("United States
    Department of State" = "Department of State")."""
    head = _name_words(re.split(r"[,(]", said, maxsplit=1)[0])
    forms = [
        head,
        head[2:] if head[:2] == ["united", "states"] else [],
        head[1:] if head[:1] in (["us"], ["federal"]) else [],
    ]
    return [set(f) - {"america"} for f in forms if f]


def _coded_forms(parts: list[str]) -> list[list[str]]:
    """The words of each way the coding's parts name a defendant: the name, the institution, both, each
    of a list of them ("Director of X; Director of Y"), without an acronym in parentheses or brackets
    ("Mississippi Department of Corrections [MDOC]"), and a federal body without its "U.S."."""
    names = [*parts, " ".join(parts), *(p for part in parts if ";" in part for p in part.split(";"))]
    forms = [_name_words(re.sub(r"\([^)]*\)|\[[^]]*\]", " ", n)) for n in names]
    forms += [f[2:] for f in forms if f[:2] == ["united", "states"] and len(f) > 3]
    forms += [f[1:] for f in forms if f[:1] == ["federal"] and len(f) > 2]
    return [f for f in forms if f]


def defendant_named(parts: list[str], value: str) -> bool:
    """Whether a value ("Defendant: Jane Roe, Director of the Ohio Department of Mental Health") names a
    coded defendant (its institution and name, ``parts``): the value holds at least NAMED_COVERAGE of
    the words of the name, the institution, or both, and as much of the words that tell it from other
    bodies, however ordered or abbreviated ("County of Yuba" = "Yuba County", "U.S. Dept. of Labor" =
    "Department of Labor"). A piece of a name ("Administration", "Essex County" for "Essex County
    Youth House") or a body of another kind ("City of New York" for "State of New York") does not."""
    said = re.sub(r"^(?:Plaintiff|Defendant)s?:\s*", "", value)
    ours = set(_name_words(said))
    for words in _coded_forms(parts):
        own = [w for w in words if w not in _defendant_words()[2]]
        if not own:  # a name of kind words only ("United States" = "United States of America"): that name alone
            if set(words) - {"america"} in _head_word_sets(said):
                return True
            continue
        held = sum(_has_word(w, ours) for w in words)
        if held >= NAMED_COVERAGE * len(words) and sum(_has_word(w, ours) for w in own) >= NAMED_COVERAGE * len(own):
            return True
    return False


# -- case identity and outcome ---------------------------------------------------------

# Words a court's name carries or drops without naming another court ("United States District Court for
# the Southern District of New York" = "Southern District of New York").
_COURT_FILLER = re.compile(r"\b(?:united\s+states|u\.?\s?s\.?(?=\s)|district\s+court|for|the)\b|[^\w\s]", re.I)


def court_key(name: str) -> str:
    """A court's name without the words every federal court's full name adds, lower-cased."""
    words = " ".join(_COURT_FILLER.sub(" ", name.lower()).split())
    return words.replace("district of district of", "district of")  # the coding's "District of District of Columbia"


def _state_court_stated(court: str, value: str) -> bool:
    """A coded state court ("California state trial court") matches a written one ("Superior Court of
    California, County of Alameda") by its state and the level its name shows."""
    m = re.fullmatch(r"(.+) state (trial|appellate|supreme) court", court)
    if not m or not re.search(rf"\b{re.escape(m.group(1))}\b", value, re.I):
        return False
    levels = table()["state_court_levels"]
    said = next((level for level, pattern in levels.items() if re.search(pattern, value, re.I)), None)
    return said == m.group(2)


def court_stated(court: str, values: list[str]) -> bool:
    """Whether any written value names the coded court."""
    return any(court_key(v) == court_key(court) or _state_court_stated(court, v) for v in values)


# A docket number's year and running number: "1:95-cv-02211-DCN", "92-CV-526", "01 Civ. 6078", "SW 2006-002213".
_DOCKET_PARTS = re.compile(
    r"(?<![\w:])(?:\d{1,2}:)?(\d{4}|\d{2})\s*[-–]?\s*(?:[A-Za-z]{1,5}\.?\s*[-–]?\s*)?(\d{1,6})(?!\d)"
)
_INDEX_NUMBER = re.compile(r"\b(\d{3,7})/(\d{4})\b")  # New York's "450835/2016": the number, then the year


def docket_stated(coded: CodedCase, values: list[str]) -> bool:
    """Whether any written value gives the coded main docket: its year and running number where the
    coding has them (a judge's initials or the office number may differ), else its coded text."""
    if coded.docket_year and coded.docket_serial:
        wanted = (coded.docket_year % 100, coded.docket_serial)
        return any(
            (int(year) % 100, int(serial)) == wanted
            for v in values
            for year, serial in _DOCKET_PARTS.findall(v) + [(y, n) for n, y in _INDEX_NUMBER.findall(v)]
        )
    if coded.docket_number:
        number = re.sub(r"\W", "", coded.docket_number.lower())
        return any(number in re.sub(r"\W", "", v.lower()) for v in values)
    return False


CERTIFICATION_STATES = ("certified", "denied", "not sought", "no ruling")


def certification_state(granted: str) -> str | None:
    """The coded class-certification outcome as one of CERTIFICATION_STATES (None: not coded)."""
    return table()["class_action_granted"].get(granted)


NO_RELIEF = ("None", "None yet")  # coded natures that say no relief was obtained


def natures_stated(values: dict[str, list[str]]) -> set[str]:
    """The coded natures of relief (crlc_reference.json "relief_natures") that checklist values state:
    a decree's obligations are injunctive relief, a settlement's payment is damages, and so on."""
    found = set()
    for nature, rules in table()["relief_natures"].items():
        for rule in rules:
            for item in rule["items"]:
                if any(
                    re.search(rule["pattern"], v, re.I) and not re.search(rule.get("unless", "(?!)"), v, re.I)
                    for v in values.get(item, [])
                ):
                    found.add(nature)
    return found


# -- the decree's term ------------------------------------------------------------------


def stated_months(value: str) -> set[int]:
    """The terms (in months) a duration value states in its "[duration]: [obligation]" head, or anywhere
    in it when it has no such head: "four years: the Consent Decree" -> {48}; "monthly: a report" -> {}.
    A deadline ("within 12 months: the County shall open ...") bounds one obligation, not the order's
    term: none."""
    head, colon, _ = value.partition(": ")
    if colon and head.lower().startswith("within "):
        return set()
    return {months for _, months in terms(head if colon else value)}


def value_years(values: list[str]) -> set[int]:
    """The years of the dates "[date]: [event]" values begin with."""
    return {parts[0] for v in values if (parts := parse_date(v.partition(": ")[0])) and parts[0]}
