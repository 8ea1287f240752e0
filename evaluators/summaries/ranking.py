"""How well each summary measure agrees with GAVEL's checklist judge.

Two levels: per model (each measure's mean over cases against the judge's mean, so
Spearman compares the two model rankings) and per summary (every (model, case)
pair both sides scored).
"""

from __future__ import annotations

from pydantic import BaseModel

from gavel_agent.evaluators.agreement import DEFAULT_RESAMPLES, Agreement, agreement
from gavel_agent.evaluators.summaries.evaluate import MEASURE_ORDER, ModelResult
from gavel_agent.evaluators.summaries.judge_files import JudgeScores


class MeasureAgreement(BaseModel):
    measure: str
    by_model: Agreement | None  # None when fewer than three models or a constant column
    by_summary: Agreement | None


def _safe_agreement(x: list[float], y: list[float], n_resamples: int) -> Agreement | None:
    try:
        return agreement(x, y, n_resamples=n_resamples)
    except ValueError:  # too few pairs, or a constant list: no correlation to report
        return None


def agreement_with_judge(
    results: list[ModelResult], judge: dict[str, JudgeScores], n_resamples: int = DEFAULT_RESAMPLES
) -> list[MeasureAgreement]:
    judged = [r for r in results if r.model in judge]
    case_measures = {r.model: {c.case: c.measures() for c in r.cases} for r in judged}
    out = []
    for measure in MEASURE_ORDER:
        models = [r for r in judged if measure in r.mean]
        per_summary = [
            (measures[measure], judge[r.model].by_case[case])
            for r in models
            for case, measures in case_measures[r.model].items()
            if case in judge[r.model].by_case and measure in measures
        ]
        if not models:
            continue
        out.append(
            MeasureAgreement(
                measure=measure,
                by_model=_safe_agreement(
                    [r.mean[measure] for r in models], [judge[r.model].mean for r in models], n_resamples
                ),
                by_summary=_safe_agreement([m for m, _ in per_summary], [j for _, j in per_summary], n_resamples),
            )
        )
    return out
