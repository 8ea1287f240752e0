"""Typed hallucination audit of an extraction against a reference checklist.

Every (document, item) pair is one unit. Present vs absent gives TP / FP / FN /
TN; each TP is then judged supported or contradicted, with a mismatch type.
Rates are reported overall and per item category (numeric, temporal,
obligation, factual), each with a percentile bootstrap interval:

    FAR     = FP / (FP + TN)              claims something the reference lacks
    FRR     = FN / (FN + TP)              misses something the reference has
    Acc     = (TP + TN) / units           presence right, content not judged
    Hal_TP  = contradicted / TP           wrong content where presence was right
    Hal_Gen = (contradicted + FP) / (TP + FP)   share of emitted items that are wrong
    JEq     = supported / (TP + FN)       reference items reproduced faithfully
    RDI     = (extra_condition - missing_condition) / contradicted
              > 0: errors add conditions; < 0: they drop them
    typed gap = max - min of Hal_TP over categories

The bootstrap resamples units with replacement (2,000 times by default, fixed
seed); a rate whose denominator is zero in a resample is left out of that
resample's percentile.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable
from typing import Literal

import numpy as np
from pydantic import BaseModel
from scipy import stats

from gavel_agent.checklists import ChecklistSpec
from gavel_agent.evaluators.audit.judge import Judge

Checklists = dict[str, dict[str, list[str]]]
EvidenceStatus = dict[str, dict[str, dict[str, int]]]  # case -> item -> quote alignment status -> count
Outcome = Literal["TP", "FP", "FN", "TN"]

CATEGORIES = ("numeric", "temporal", "obligation", "factual")
STATS = ("TP", "FP", "FN", "TN", "supported", "contradicted", "extra_condition", "missing_condition")
METRICS = ("FAR", "FRR", "Acc", "Hal_TP", "Hal_Gen", "JEq", "RDI")
RESAMPLES = 2000
SEED = 20240601
_CHUNK = 250  # resamples drawn at once; bounds memory to chunk x units counts


class UnitResult(BaseModel):
    document: str
    item: str
    category: str
    outcome: Outcome
    verdict: Literal["supported", "contradicted"] | None = None
    mismatch: str | None = None
    reason: str = ""
    # How the unit's evidence quotes were aligned with their documents (exact / normalised / pieces),
    # as counts; empty when the extraction format records no statuses.
    evidence: dict[str, int] = {}


class Interval(BaseModel):
    value: float | None
    low: float | None
    high: float | None


class AuditReport(BaseModel):
    spec: str
    judge: str
    documents: list[str]
    resamples: int
    seed: int
    counts: dict[str, dict[str, int]]  # "overall" and each category -> STATS counts
    metrics: dict[str, dict[str, Interval]]  # "overall" and each category -> METRICS
    typed_gap: Interval
    mismatches: dict[str, int]
    units: list[UnitResult]


def match_documents(predicted: Iterable[str], reference: Iterable[str]) -> dict[str, str]:
    """Predicted document id -> reference id, exact first, then ignoring case and punctuation."""

    def fold(s: str) -> str:
        return re.sub(r"[^a-z0-9]+", "", s.lower())

    by_fold = {fold(r): r for r in reference}
    ref_set = set(by_fold.values())
    out = {}
    for p in predicted:
        if p in ref_set:
            out[p] = p
        elif fold(p) in by_fold:
            out[p] = by_fold[fold(p)]
    return out


def judge_units(
    predicted: Checklists,
    reference: Checklists,
    spec: ChecklistSpec,
    judge: Judge,
    evidence: EvidenceStatus | None = None,
) -> list[UnitResult]:
    """One result per (document, item) the prediction filled in and the reference covers.

    An item missing from a prediction's ``items`` was not asked for, so it is not
    a unit; an item present with no values is an explicit "nothing found".
    """
    units = []
    evidence = evidence or {}
    for doc, ref_doc in sorted(match_documents(predicted, reference).items()):
        for key, values in predicted[doc].items():
            item = spec.item(key)
            expected = reference[ref_doc].get(item.key, [])
            outcome: Outcome = ("T" if bool(values) == bool(expected) else "F") + ("P" if values else "N")  # type: ignore[assignment]
            unit = UnitResult(
                document=ref_doc,
                item=item.key,
                category=item.category,
                outcome=outcome,
                evidence=evidence.get(doc, {}).get(item.key, {}),
            )
            if outcome == "TP":
                verdict = judge(item, values, expected)
                unit.verdict = "supported" if verdict.supported else "contradicted"
                unit.mismatch = verdict.mismatch
                unit.reason = verdict.reason
            units.append(unit)
    return units


def _unit_matrix(units: list[UnitResult]) -> np.ndarray:
    """units x (1 + categories) x STATS indicator array; slot 0 is 'overall'."""
    x = np.zeros((len(units), 1 + len(CATEGORIES), len(STATS)))
    for i, u in enumerate(units):
        hits: list[str] = [u.outcome]
        if u.verdict:
            hits.append(u.verdict)
        if u.mismatch in ("extra_condition", "missing_condition"):
            hits.append(u.mismatch)
        cols = [STATS.index(h) for h in hits]
        x[i, 0, cols] = 1
        x[i, 1 + CATEGORIES.index(u.category), cols] = 1
    return x


def _ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)


def rates(sums: np.ndarray) -> dict[str, np.ndarray]:
    """Every metric from summed STATS (last axis), vectorised over leading axes."""
    tp, fp, fn, tn, sup, con, extra, missing = (sums[..., i] for i in range(len(STATS)))
    return {
        "FAR": _ratio(fp, fp + tn),
        "FRR": _ratio(fn, fn + tp),
        "Acc": _ratio(tp + tn, tp + fp + fn + tn),
        "Hal_TP": _ratio(con, tp),
        "Hal_Gen": _ratio(con + fp, tp + fp),
        "JEq": _ratio(sup, tp + fn),
        "RDI": _ratio(extra - missing, con),
    }


def typed_gap(hal_tp_by_category: np.ndarray) -> np.ndarray:
    """max - min over the category axis (last), where at least two categories are defined."""
    defined = np.sum(~np.isnan(hal_tp_by_category), axis=-1)
    with warnings.catch_warnings():  # all-NaN rows are expected; they are masked below
        warnings.simplefilter("ignore", RuntimeWarning)
        gap = np.nanmax(hal_tp_by_category, axis=-1) - np.nanmin(hal_tp_by_category, axis=-1)
    return np.where(defined >= 2, gap, np.nan)


def bootstrap_sums(x: np.ndarray, resamples: int = RESAMPLES, seed: int = SEED) -> np.ndarray:
    """Summed unit rows for ``resamples`` draws of the units with replacement.

    scipy.stats.bootstrap draws the units; it resamples unit indices rather than the units x stats
    matrix so that each draw becomes a count per unit and its sums one matrix product (gathering the
    rows themselves is ten times slower on a full CUAD audit). Every stat of a draw uses the same
    units, so rates are formed per draw afterwards. One unit has one possible draw: itself.
    """
    n = x.shape[0]
    flat = x.reshape(n, -1)
    if n == 1:
        return np.repeat(x, resamples, axis=0)

    def summed_rows(drawn: np.ndarray, axis: int = -1) -> np.ndarray:
        batch = drawn.shape[0]
        offsets = (np.arange(batch) * n)[:, None]
        counts = np.bincount((drawn + offsets).ravel(), minlength=batch * n).reshape(batch, n)
        return (counts @ flat).T  # stats x draws

    result = stats.bootstrap(
        (np.arange(n),),
        summed_rows,
        n_resamples=resamples,
        batch=_CHUNK,
        vectorized=True,
        method="percentile",
        rng=np.random.default_rng(seed),
    )
    return result.bootstrap_distribution.T.reshape((resamples,) + x.shape[1:])


def _interval(point: float, samples: np.ndarray) -> Interval:
    samples = samples[~np.isnan(samples)]
    value = None if np.isnan(point) else float(point)
    if value is None or samples.size == 0:
        return Interval(value=value, low=None, high=None)
    low, high = np.percentile(samples, [2.5, 97.5])
    return Interval(value=value, low=float(low), high=float(high))


def summarize(
    units: list[UnitResult], spec: str, judge: str, resamples: int = RESAMPLES, seed: int = SEED
) -> AuditReport:
    if not units:
        raise ValueError("no (document, item) pairs to audit: do the predictions and the reference share documents?")
    x = _unit_matrix(units)
    totals = x.sum(axis=0)  # (1 + categories) x STATS
    boot = bootstrap_sums(x, resamples, seed)  # resamples x (1 + categories) x STATS
    point, spread = rates(totals), rates(boot)
    groups = ("overall",) + CATEGORIES
    metrics = {g: {m: _interval(point[m][gi], spread[m][:, gi]) for m in METRICS} for gi, g in enumerate(groups)}
    gap = _interval(float(typed_gap(point["Hal_TP"][1:])), typed_gap(spread["Hal_TP"][:, 1:]))
    counts = {g: {s: int(totals[gi, si]) for si, s in enumerate(STATS)} for gi, g in enumerate(groups)}
    mismatches: dict[str, int] = {}
    for u in units:
        if u.verdict == "contradicted":
            mismatches[u.mismatch or "other"] = mismatches.get(u.mismatch or "other", 0) + 1
    return AuditReport(
        spec=spec,
        judge=judge,
        documents=sorted({u.document for u in units}),
        resamples=resamples,
        seed=seed,
        counts=counts,
        metrics=metrics,
        typed_gap=gap,
        mismatches=dict(sorted(mismatches.items())),
        units=units,
    )


def audit(
    predicted: Checklists,
    reference: Checklists,
    spec: ChecklistSpec,
    judge: Judge,
    resamples: int = RESAMPLES,
    seed: int = SEED,
    evidence: EvidenceStatus | None = None,
) -> AuditReport:
    return summarize(judge_units(predicted, reference, spec, judge, evidence), spec.name, judge.name, resamples, seed)
