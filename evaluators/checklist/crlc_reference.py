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

from gavel_agent.evaluators.checklist.normalize import usc_sections

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
    settlement_date: date | None = None
    related_cases: list[str] = Field(default_factory=list)


@lru_cache(maxsize=1)
def table() -> dict:
    return json.loads(TABLE_FILE.read_text(encoding="utf-8"))


def read_record(path: str | Path) -> dict:
    """A Clearinghouse record file; ValueError with a one-line reason when it is not one."""
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{path}: not a readable Clearinghouse record ({type(e).__name__})") from None
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


def coded_case(record: dict) -> CodedCase:
    data = record["case_data"]
    sought = data.get("class_action_sought")
    defendants = []
    for d in data.get("case_defendants") or []:
        name = " ".join(p for p in (d.get("institution"), d.get("name")) if p and p.strip())
        if name:
            defendants.append(name)
    return CodedCase(
        case=str(record.get("case_id") or data.get("id")),
        filing_date=_iso(data.get("filing_date")),
        class_action_sought={"Yes": True, "No": False}.get(sought),
        causes=_labels(data.get("causes")),
        clauses=_labels(data.get("constitutional_clause")),
        counsel=counsel_category(data),
        defendants=defendants,
        settlement_date=_iso(data.get("settlement_judgment_date")),
        related_cases=[
            r.get("name", "") for r in data.get("related_cases") or [] if isinstance(r, dict) and r.get("name")
        ],
    )


def _show(d: date) -> str:
    return f"{d:%B} {d.day}, {d.year}"


def reference_checklist(record: dict) -> dict[str, list[str]]:
    """The coding as GAVEL checklist values (only the items the coding speaks to)."""
    coded = coded_case(record)
    items: dict[str, list[str]] = {
        "filing_date": [_show(coded.filing_date)] if coded.filing_date else [],
        "class_action": []
        if coded.class_action_sought is None
        else ["Class action" if coded.class_action_sought else "Individual plaintiffs"],
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


def cause_stated(cause: str, values: list[str]) -> bool:
    """A coded cause matches a written one by U.S.C. title and section, or by the statute's name."""
    wanted = _sections(cause)
    # A name that is itself a citation ("42 U.S.C. § 1983") must match by section: fuzzily,
    # § 1985 would pass for § 1983. Statute names ("Americans with Disabilities Act") may match by
    # name, also one in parentheses after a section of it ("Section 504 (Rehabilitation Act), 29 U.S.C.
    # § 701", whose cited section is the Act's first, not section 504's own § 794).
    names = [re.split(r"[,(]", cause, maxsplit=1)[0].strip()] + re.findall(r"\(([^()\d]*\bAct)\)", cause)
    names = [n for n in names if n and not re.search(r"\d", n)]
    return any((wanted & _sections(v)) or any(_similar(n, v) for n in names) for v in values)


def named_in(name: str, values: list[str], cutoff: float = 80) -> bool:
    """Whether a coded name (defendant, related case) is among written values, fuzzily."""
    return any(_similar(name, v, cutoff) for v in values)
