"""S_residual and S_style of candidate summaries against reference summaries, offline, case by case.

Both scores here are offline proxies (clause splitting and word-overlap matching for
residual facts; readability, sentence, layout and citation measures for style); every
result says so in ``method``. Evidence for a summary is its checklist's quotes when
they are given, else the clauses stating one of the case's checklist values
(``aligned_evidence``); ``evidence`` records which.
"""

from __future__ import annotations

import statistics

from pydantic import BaseModel

from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge
from gavel_agent.evaluators.summaries.residual import aligned_evidence, residual_score
from gavel_agent.evaluators.summaries.style import DIMENSIONS, OFFLINE_METHOD, offline_style

RESIDUAL_METHOD = "offline proxy: sentence/clause facts, word-overlap matching at the fact threshold"


class CaseResidualStyle(BaseModel):
    case: str
    residual: float | None  # 0-100 F1 of residual facts; None when neither summary has any
    style: float  # 0-100 similarity
    ratings: dict[str, int]  # style dimension -> 1 (same) .. 5 (completely different)
    evidence: str  # "quotes" or "aligned" (candidate side)


class ResidualStyleReport(BaseModel):
    residual_method: str
    style_method: str
    reference_evidence: str  # how checklist facts were located in the reference summaries
    residual: float | None  # mean over cases with a residual score
    style: float | None
    ratings: dict[str, float]  # mean rating per dimension
    cases: list[CaseResidualStyle]


def evidence_for(summary: str, quotes: list[str] | None, values: list[str]) -> tuple[list[str], str]:
    """Evidence quotes for a summary and where they came from."""
    if quotes:
        return quotes, "quotes"
    return aligned_evidence(summary, values), "aligned"


def score_summaries(
    summaries: dict[str, str],
    references: dict[str, str],
    quotes: dict[str, list[str]],
    values: dict[str, list[str]],
    reference_quotes: dict[str, list[str]] | None = None,
) -> ResidualStyleReport:
    """Score every case in both ``summaries`` and ``references``.

    ``quotes``: checklist evidence quotes of each candidate summary (may be empty);
    ``values``: checklist values of each case, used to align evidence where quotes are missing;
    ``reference_quotes``: the reference summaries' own evidence quotes, when there are any.
    """
    judge = OfflineJudge().for_facts()
    reference_quotes = reference_quotes or {}
    results = []
    for case in [c for c in summaries if c in references]:
        summary, reference = summaries[case], references[case]
        evidence, source = evidence_for(summary, quotes.get(case), values.get(case, []))
        ref_evidence, _ = evidence_for(reference, reference_quotes.get(case), values.get(case, []))
        style = offline_style(summary, reference)
        results.append(
            CaseResidualStyle(
                case=case,
                residual=residual_score(summary, evidence, reference, ref_evidence, judge),
                style=style.score,
                ratings=style.ratings,
                evidence=source,
            )
        )
    residuals = [r.residual for r in results if r.residual is not None]
    return ResidualStyleReport(
        residual_method=RESIDUAL_METHOD,
        style_method=OFFLINE_METHOD,
        reference_evidence="quotes where the reference checklist has them, else aligned to checklist values"
        if any(reference_quotes.values())
        else "aligned to the case's checklist values",
        residual=statistics.fmean(residuals) if residuals else None,
        style=statistics.fmean(r.style for r in results) if results else None,
        ratings={d: statistics.fmean(r.ratings[d] for r in results) for d in DIMENSIONS} if results else {},
        cases=results,
    )
