"""Features of a candidate finding for the learned selection (``selection.py``).

One function turns an item's candidates (plain dicts, see ``selection.candidate_rows``) into
one feature dict each, the same at training and at run time: which rule found it and how
surely (confidence), where (document kind, its order among the case's documents, the search
rank of its window), what surrounds it (cue words in its quote), whether other candidates
agree with it (same value, other documents), and for dates how the date sits against the
document's own date and the case's other dates.
"""

from __future__ import annotations

import math
import re
from datetime import date
from functools import lru_cache

from gavel_agent.offline.learned.party_features import SIDES, party_features
from gavel_agent.offline.rules.candidates import (
    COUNSEL_CATEGORIES,
    DOCKET_KIND,
    OTHER_CASE,
    category,
    docket_opening_dates,
    docket_opening_day,
    stated_date,
    written_dates,
)
from gavel_agent.offline.rules.claims import STATE_COURT_CAPTION
from gavel_agent.offline.rules.text import tables

DOC_KINDS = {
    "complaint": r"complaint|petition",
    "amended": r"amended|intervention",
    "docket": DOCKET_KIND.pattern,
    "opinion": r"order|opinion|judgment",
    "settlement": r"settlement|agreement|stipulat",
    "decree": r"decree",
    "letter": r"letter|findings|investigation",
    "motion": r"motion|brief|memorandum",
}
QUOTE_CUES = {
    "filed": r"\bfiled\b",
    "document1": r"\bDocument\s+1\b|\bDkt\.?\s*(?:No\.?\s*)?1\b|\bECF\s+No\.?\s*1\b",
    "date_filed": r"\bDate\s+Filed|\bFil(?:e|ing)\s+Date",
    "complaint": r"\bcomplaint|\bpetition",
    "amended": r"\bamended",
    "commenced": r"\bcommenced|\binitiated|\bbrought",
    "signed": r"\bdated\b|\bsigned|/s/|respectfully",
    "cited_case": r"\bv\.\s|\bNo\.\s*\d|\bF\.\s?(?:2d|3d|Supp)",
    "approved": r"\bapprov",
    "final": r"\bfinal",
    "preliminary": r"\bpreliminar",
    "consent_decree": r"\bconsent\s+(?:decree|judgment|order)",
    "settlement": r"\bsettlement|\bsettle",
    "entered": r"\bentered|\bso\s+ordered",
    "motion": r"\bmotion",
    "proposed": r"\bproposed",
    "defendant": r"\bdefendants?\b|\brespondents?\b",
    "plaintiff": r"\bplaintiffs?\b|\bpetitioners?\b",
    "government": r"\bUnited\s+States\b|\bAttorney\s+General\b|\bDepartment\s+of\s+Justice\b|\bU\.\s?S\.\s+Attorney",
    "class": r"\bclass\b",
    "certified": r"\bcertif",
    "similarly": r"\bsimilarly\s+situated",
    "not": r"\bnot\b|\bno\b|\bnever\b",
    "jurisdiction": r"\bjurisdiction|\bvenue\b",
    "claim": r"\bclaims?\s+for\s+relief|\bcount\s+[IVX\d]+|\bcauses?\s+of\s+action|\bclaims?\b",
    "violation": r"\bviolat|\bpursuant\s+to\b|\barising\s+under\b",
}
# What a value itself says: a statute of the federal courts' own jurisdiction is not a cause of action.
VALUE_CUES = {
    "title28": r"\b28\s+U\.?\s?S\.?\s?C",
    "usc": r"U\.?\s?S\.?\s?C",
    "section1983": r"\b1983\b",
    "state_law": r"\bstate\b|\bcommon\s+law\b",
    "constitution": r"\bAmendment\b|\bConstitution",
}
_DOC_KINDS = {k: re.compile(p, re.I) for k, p in DOC_KINDS.items()}
_QUOTE_CUES = {k: re.compile(p, re.I) for k, p in QUOTE_CUES.items()}
_VALUE_CUES = {k: re.compile(p, re.I) for k, p in VALUE_CUES.items()}

# Categories common enough across cases to carry a weight of their own.
CATEGORY_FEATURES = (
    *COUNSEL_CATEGORIES,
    "Class action",
    "Class action (class certified)",
    "Individual",
    "Individual (no class action sought)",
)


def value_key(value: str) -> str:
    """The words of a value, lower-cased: candidates that say the same thing share it."""
    return " ".join(re.findall(r"\w+", value.lower()))


def _iso(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text[:10]) if text else None
    except ValueError:
        return None


def _days(a: date, b: date) -> float:
    """Signed distance in log-days, so a week and a decade are on one scale."""
    d = (a - b).days
    return math.copysign(math.log1p(abs(d)), d)


def candidate_features(rows: list[dict]) -> list[dict[str, float]]:
    if not rows:
        return []
    keys = [value_key(r["value"]) for r in rows]
    docs_per_value: dict[str, set[str]] = {}
    for k, r in zip(keys, rows):
        docs_per_value.setdefault(k, set()).add(r["document"])
    top_conf = max(r["confidence"] for r in rows)
    dates = [stated_date(r["value"]) for r in rows]
    known = [d for d in dates if d]
    earliest = min(known) if known else None
    doc_dates = [d for r in rows if (d := _iso(r["doc_date"]))]
    first_doc = min(doc_dates) if doc_dates else None
    categories = [category(r["value"]) for r in rows]
    # The case listing's dates of the original complaints among the candidates' documents.
    complaint_dates = {
        _iso(r["doc_date"])
        for r in rows
        if _DOC_KINDS["complaint"].search(r["doc_type"] + " " + r["doc_title"])
        and not _DOC_KINDS["amended"].search(r["doc_title"])
    }
    opening = docket_opening_day(rows, docket_opening_dates(rows)) if known else None
    moved_in = any(_MOVED_IN.search(r["quote"]) for r in rows)
    out = []
    for r, k, d, cat in zip(rows, keys, dates, categories):
        label = f"{r['doc_type']} {r['doc_title']}"
        f: dict[str, float] = {
            "confidence": r["confidence"],
            "top_confidence": float(r["confidence"] >= top_conf - 1e-9),
            "below_top": top_conf - r["confidence"],
            "window_score": math.log1p(r["window_score"]),
            "doc_order": r["doc_order"] / max(1, r["doc_count"]),
            "first_doc": float(r["doc_order"] == 0),
            "value_support": math.log1p(keys.count(k)),
            "value_documents": math.log1p(len(docs_per_value[k])),
            "category_share": categories.count(cat) / len(rows),
            "quote_length": math.log1p(len(r["quote"])),
        }
        for kind, pattern in _DOC_KINDS.items():
            f[f"doc:{kind}"] = float(bool(pattern.search(label)))
        for cue, pattern in _QUOTE_CUES.items():
            f[f"quote:{cue}"] = float(bool(pattern.search(r["quote"])))
        for cue, pattern in _VALUE_CUES.items():
            f[f"value:{cue}"] = float(bool(pattern.search(r["value"])))
        if cat in CATEGORY_FEATURES:
            f[f"category:{cat}"] = 1.0
        own = _iso(r["doc_date"])
        if d:
            assert earliest is not None  # d is one of the known dates
            f["is_date"] = 1.0
            f["earliest_date"] = float(d == earliest)
            f["after_earliest"] = _days(d, earliest)
            if own:
                f["same_as_document"] = float(d == own)
                f["vs_document"] = _days(d, own)
            if first_doc:
                f["vs_first_document"] = _days(d, first_doc)
            f["complaint_listing"] = float(d in complaint_dates)
            _date_support(f, r, d, k, rows, keys)
            f.update(opening_features(d, earliest, opening, moved_in))
        out.append(f)
    # the parties item's candidates (counsel values also start with a side, but name a kind of counsel;
    # a defendant's name may start with one's word: "Government of the District of Columbia")
    counsel = any(c in COUNSEL_CATEGORIES for c, r in zip(categories, rows) if not r["value"].startswith(SIDES[0]))
    if any(r["value"].startswith(SIDES[0]) for r in rows) and not counsel:
        for f, feats in zip(out, party_features(rows)):
            f.update(feats)
    if any(r["value"] in _statute_values() for r in rows):
        for f, feats in zip(out, statute_value_features(rows, keys)):
            f.update(feats)
        out = _per_value(out, keys)
    return out


def _per_value(features: list[dict[str, float]], keys: list[str]) -> list[dict[str, float]]:
    """Every mention of a value described by the value's best evidence (each feature's largest value
    among its mentions): a statute is pleaded or not as a whole, whichever window named it."""
    best: dict[str, dict[str, float]] = {}
    for k, f in zip(keys, features):
        merged = best.setdefault(k, {})
        for name, x in f.items():
            merged[name] = max(merged.get(name, x), x)
    return [dict(best[k]) for k in keys]


# --- Causes of action: what the case says of a statute as a whole, not of one mention of it. ---
# A pleaded cause is named in the complaint, often in a count's heading, outside the paragraph on the
# court's jurisdiction, and by more than one document; a statute cited once in an opinion is not.
_COUNT_HEADING = re.compile(
    r"\bCOUNT\s+[IVXL\d]+\b|\b(?:CLAIMS?|CAUSES?)\s+(?:FOR\s+RELIEF|OF\s+ACTION)\b|\bCount\s+[IVXL\d]+\b", re.M
)
_JURISDICTION = re.compile(r"\bjurisdiction\b|\bvenue\b|\b28\s+U\.?\s?S\.?\s?C\.?\s*§*\s*13(?:31|43|91)\b", re.I)
# State claims: a case captioned in a state court, or a complaint asking the federal court to hear them too.
_SUPPLEMENTAL = re.compile(r"\bsupplemental\s+jurisdiction|\bpendent\s+(?:jurisdiction|state)|\b1367\b", re.I)
_ADVERSE = re.compile(r"\bdefendants?\s+(?:argue|contend|assert|mov|maintain)\w*|\bmotion\s+to\s+dismiss", re.I)


@lru_cache(maxsize=1)
def _statute_values() -> frozenset[str]:
    return frozenset(row["value"] for row in tables()["statutes"])


def _state_caption(quote: str) -> bool:
    return bool(STATE_COURT_CAPTION.search(quote))


# Who names a statute, and how: the plaintiffs' papers plead it, the defendants' briefs and the court's
# opinions also discuss statutes nobody sued under (other cases' claims, defences, the court's authority);
# a statute named only beside the power to grant relief ("declaratory relief is authorized by 28 U.S.C.
# § 2201") is the remedy's source, one named in a sentence that claims a violation is pleaded.
_PLAINTIFF_TITLE = re.compile(r"\bplaintiffs?\b|\bpetitioners?\b", re.I)
_DEFENDANT_TITLE = re.compile(r"\bdefendants?\b|\brespondents?\b|\bstate['’]?s?\b|\bgovernment['’]?s?\b", re.I)
_CITED_CASE = re.compile(r"\bv\.\s|\b\d+\s+(?:F\.\s?(?:2d|3d|4th|Supp)|U\.\s?S\.(?!\s?C)|S\.\s?Ct\.)", re.I)
_RELIEF_SOURCE = re.compile(r"\brelief\b|\bremed|\bauthori[sz]|\bjurisdiction\b|\bvenue\b", re.I)
_CLAIMED = re.compile(r"\bviolat\w*|\bclaims?\b|\bcount\b|\bcauses?\s+of\s+action|\bbrought\b|\barises?\b", re.I)


def _statute_sides(group: list[dict]) -> dict[str, float]:
    def title(r: dict) -> str:
        return r["doc_title"] or ""

    opinions = [r for r in group if _DOC_KINDS["opinion"].search(f"{r['doc_type']} {title(r)}")]
    plaintiff_side = [
        r
        for r in group
        if _DOC_KINDS["complaint"].search(f"{r['doc_type']} {title(r)}")
        or (_PLAINTIFF_TITLE.search(title(r)) and not _DEFENDANT_TITLE.search(title(r)))
    ]
    return {
        "statute:plaintiff_side": float(bool(plaintiff_side)),
        "statute:defendant_papers_only": float(
            all(_DEFENDANT_TITLE.search(title(r)) and not _PLAINTIFF_TITLE.search(title(r)) for r in group)
        ),
        "statute:opinion_only": float(len(opinions) == len(group)),
        "statute:cited_case_only": float(all(_CITED_CASE.search(r["quote"]) for r in group)),
        "statute:relief_source_only": float(
            all(_RELIEF_SOURCE.search(r["quote"]) and not _CLAIMED.search(r["quote"]) for r in group)
        ),
        "statute:claimed": float(any(_CLAIMED.search(r["quote"]) for r in group)),
        "statute:documents": math.log1p(len({r["document"] for r in group})),
    }


def statute_value_features(rows: list[dict], keys: list[str]) -> list[dict[str, float]]:
    """Per candidate, the features of its statute over all the case's candidates: which statute it is
    (how often a statute is pleaded differs widely: § 1983 nearly always when named, "official
    capacity" seldom), whether a complaint or a count heading names it, whether it is only named
    beside the court's jurisdiction, and how many documents name it against the best-named one."""
    by_value: dict[str, list[dict]] = {}
    for k, r in zip(keys, rows):
        by_value.setdefault(k, []).append(r)
    docs = {k: len({r["document"] for r in group}) for k, group in by_value.items()}
    most_docs = max(docs.values())
    summary = {}
    for k, group in by_value.items():
        pleaded = [r for r in group if _DOC_KINDS["complaint"].search(f"{r['doc_type']} {r['doc_title']}")]
        summary[k] = {
            "statute:complaint": float(bool(pleaded)),
            "statute:complaint_share": len(pleaded) / len(group),
            "statute:heading": float(any(_COUNT_HEADING.search(r["quote"]) for r in group)),
            "statute:only_jurisdiction": float(all(_JURISDICTION.search(r["quote"]) for r in group)),
            "statute:adverse": float(all(_ADVERSE.search(r["quote"]) for r in group)),
            "statute:docket_cause": float(any(r["quote"].startswith("Cause:") for r in group)),
            "statute:doc_share": docs[k] / most_docs,
            "statute:max_confidence": max(r["confidence"] for r in group),
            "statute:mentions": math.log1p(len(group)),
            "statute:statutes": math.log1p(len(by_value)),
            "statute:state_court": float(any(_state_caption(r["quote"]) for r in group)),
            "statute:supplemental": float(any(_SUPPLEMENTAL.search(r["quote"]) for r in group)),
            **_statute_sides(group),
        }
    out = []
    for k, r in zip(keys, rows):
        f = dict(summary[k])
        if r["value"] in _statute_values():
            f[f"statute={r['value']}"] = 1.0
        out.append(f)
    return out


# -- counsel: one score per category ---------------------------------------------------------------
# The plaintiffs' main kind of counsel is a fact of the case, not of one candidate: a category is
# weighed by all its candidates at once (its surest one, how many, where) and by the categories
# beside it (a private firm beside a public-interest organisation is usually its co-counsel, a
# government office in an opinion often the defence's).


def category_features(rows: list[dict], features: list[dict[str, float]]) -> dict[str, dict[str, float]]:
    """Per counsel category among the candidates, the largest value of each candidate feature over its
    candidates, their count and the other categories present, every name prefixed by the category."""
    grouped: dict[str, list[dict[str, float]]] = {}
    for row, f in zip(rows, features):
        cat = category(row["value"])
        if cat in COUNSEL_CATEGORIES:
            grouped.setdefault(cat, []).append(f)
    out = {}
    for cat, group in grouped.items():
        g: dict[str, float] = {f"{cat}|candidates": math.log1p(len(group))}
        for f in group:
            for name, value in f.items():
                g[f"{cat}|{name}"] = max(g.get(f"{cat}|{name}", value), value)
        for other in grouped:
            if other != cat:
                g[f"{cat}|with:{other}"] = 1.0
        out[cat] = g
    return out


# -- where a date is written ---------------------------------------------------------------------
# A date a stamp, a docket entry or a sentence writes out is read; a case listing's date beside a
# heading is the listing's, and listings are sometimes a day or a month off. A date written in
# several papers, or in a docket, is the better attested.


# A case moved in from another court (transferred, or removed from a state court): this court's docket
# opens on the move, the first court's filing came earlier.
_MOVED_IN = re.compile(
    r"\btransferred\b|\bTRANSFER|\bNOTICE\s+OF\s+REMOVAL|\bremoved\s+(?:this|the)\s+(?:action|case|suit)", re.I
)


def opening_features(day: date, earliest: date, opening: date | None, moved_in: bool) -> dict[str, float]:
    """A date against the case's opening: the day its own dockets record it opened (their earliest
    first pleading), and, in a case moved in from another court, whether the date is the earliest told."""
    f = {"moved_in_earliest": float(moved_in and day == earliest)}
    if opening:
        f["docket_opening"] = float(day == opening)
        f["vs_docket_opening"] = _days(day, opening)
    return f


def _date_support(f: dict[str, float], row: dict, day: date, key: str, rows: list[dict], keys: list[str]) -> None:
    """Features of a dated candidate: whether its own quote writes the date, and how many quotes (in
    how many documents, any of them a docket) write the same date."""
    same = [r for r, k in zip(rows, keys) if k == key]
    written = [r for r in same if day in written_dates(r["quote"])]
    f["date_written"] = float(day in written_dates(row["quote"]))
    f["written_support"] = math.log1p(len(written))
    f["written_documents"] = math.log1p(len({r["document"] for r in written}))
    f["docket_support"] = float(any(_DOC_KINDS["docket"].search(r["doc_type"] + " " + r["doc_title"]) for r in written))
    # A related case's or an appeal's docket opens with that case's first paper, not this one's.
    f["other_case_document"] = float(bool(OTHER_CASE.search(row["doc_title"])))
