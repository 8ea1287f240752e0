"""Learned selection: which of the rule extractors' candidate findings an item keeps.

The rule extractors are candidate generators; for the items a fitted model exists for
(``fitted/<spec>.<item>.json``, written by ``python -m gavel_agent.offline.learned.train``), a
logistic scorer over features of each candidate (``candidate_features``) picks the values.
Items without a model keep the rules' own choice. Candidates can be recorded (``recording``)
so that the training command and the bench reuse one offline run per record.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from functools import cache
from pathlib import Path

from gavel_agent.documents.docket import DOCKET_TYPE
from gavel_agent.offline.item_plan import ItemPlan
from gavel_agent.offline.learned.features import candidate_features, category_features, value_key
from gavel_agent.offline.registry import DocInfo, Finding, get_completer, get_settler
from gavel_agent.offline.rules.candidates import category

FITTED_DIR = Path(__file__).with_name("fitted")
MODEL_VERSION = 1

Found = list[tuple[float, Finding, str]]

_recorded: list[dict] | None = None


@contextmanager
def recording() -> Iterator[list[dict]]:
    """Collect every item's candidates (as plain dicts) while offline runs happen in this process."""
    global _recorded
    _recorded = []
    try:
        yield _recorded
    finally:
        _recorded = None


def candidate_rows(found: Found, docs: dict[str, DocInfo]) -> list[dict]:
    """Candidates as plain data: the finding, its window's rank score and its document's listing.

    A paper's place among the case's papers leaves out the docket built from a record's entries: the
    fitted models learned it from cases without one, and the docket, dated by its first entry, would
    take the complaint's first place and shift every other paper (a finding in it ranks last)."""
    papers = [name for name in docs if docs[name].type != DOCKET_TYPE]
    order = {name: rank for rank, name in enumerate(sorted(papers, key=lambda n: (docs[n].date or "9999", n)))}
    rows = []
    for score, finding, doc_name in found:
        info = docs.get(doc_name, DocInfo(doc_name))
        rows.append(
            {
                "value": finding.value,
                "quote": finding.quote,
                "confidence": finding.confidence,
                "window_score": score,
                "document": doc_name,
                "doc_type": info.type,
                "doc_title": info.title,
                "doc_date": info.date,
                "doc_tokens": info.tokens,
                "doc_order": order.get(doc_name, len(order)),
                "doc_count": len(papers),
            }
        )
    return rows


@cache
def load_model(spec: str, item: str) -> dict | None:
    path = FITTED_DIR / f"{spec}.{item}.json"
    if not path.is_file():
        return None
    model = json.loads(path.read_text(encoding="utf-8"))
    return model if model.get("version") == MODEL_VERSION else None


def probability(model: dict, features: dict[str, float]) -> float:
    z = model["intercept"] + sum(w * features.get(name, 0.0) for name, w in zip(model["features"], model["coef"]))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def pick(
    model: dict, rows: list[dict], probs: list[float] | None = None, features: list[dict[str, float]] | None = None
) -> list[int]:
    """Indices of the rows the model keeps, best first (``probs``: the model's probabilities and
    ``features``: the rows' features, if known).

    ``single``: the most probable candidate's value, if it clears the threshold (its candidates in
    the rules' order, so the rules' surest quote of it comes first). ``category``: every
    candidate of the most probable category, scored on all its candidates at once
    (``category_features``; the plaintiffs' main kind of counsel), surest first.
    ``list``: every candidate that clears the threshold.
    """
    if not rows:
        return []
    if model["kind"] == "category":
        groups = category_features(rows, features if features is not None else candidate_features(rows))
        if not groups:
            return []
        best = max(sorted(groups), key=lambda cat: probability(model, groups[cat]))
        same = [i for i in range(len(rows)) if category(rows[i]["value"]) == best]
        return sorted(same, key=lambda i: (-rows[i]["confidence"], -rows[i]["window_score"], i))
    if probs is None:
        probs = [probability(model, f) for f in candidate_features(rows)]
    ranked = sorted(range(len(rows)), key=lambda i: (-probs[i], i))
    threshold = model.get("threshold", 0.0)
    if model["kind"] == "single":
        if probs[ranked[0]] < threshold:
            return []
        # The chosen value with every quote the rules found for it, the rules' surest quote first
        # (the complaint's own stamp before a docket header giving the same day).
        best = value_key(rows[ranked[0]]["value"])
        same = [i for i in range(len(rows)) if value_key(rows[i]["value"]) == best]
        return sorted(same, key=lambda i: (-rows[i]["confidence"], -rows[i]["window_score"], i))
    return [i for i in ranked if probs[i] >= threshold]


def apply_model(model: dict, found: Found, rows: list[dict], features: list[dict[str, float]] | None = None) -> Found:
    """The findings the model keeps, with descending confidences so that the policy's ordering (and
    its earliest-date preference) follows the model's. ``features``: the rows' features, if known."""
    probs = None if features is None or model["kind"] == "category" else [probability(model, f) for f in features]
    kept = pick(model, rows, probs, features)
    if settle := get_settler(model["spec"], model["item"]):
        kept = settle(kept, rows)
    top = len(kept)
    return [
        (found[i][0], replace(found[i][1], confidence=1.0 + (top - rank) / (top + 1)), found[i][2])
        for rank, i in enumerate(kept)
    ]


def select(spec: str, plan: ItemPlan, found: Found, docs: dict[str, DocInfo]) -> Found:
    """The candidates an item keeps, in the order the policy's ``choose`` should take them."""
    model = load_model(spec, plan.key)
    settle = get_settler(spec, plan.key)
    if complete := get_completer(spec, plan.key):
        rows = candidate_rows(found, docs)
        found = [
            (score, replace(finding, value=v, also=finding.also if told is None else _passage(rows[told])), doc)
            for (score, finding, doc), (v, told) in zip(found, complete(rows))
        ]
    if _recorded is None and model is None and settle is None:
        return found
    rows = candidate_rows(found, docs)
    if _recorded is not None:
        _recorded.append({"item": plan.key, "candidates": rows})
    if model:
        return apply_model(model, found, rows)
    # Without a model the rules' own settling step still applies, to every candidate.
    return [found[i] for i in settle(list(range(len(found))), rows)] if settle else found


def _passage(row: dict) -> tuple[tuple[str, str], ...]:
    return ((row["document"], row["quote"]),)


def found_from_rows(rows: list[dict]) -> Found:
    """Recorded candidates back as the policy's findings."""
    return [(r["window_score"], Finding(r["value"], r["quote"], r["confidence"]), r["document"]) for r in rows]
