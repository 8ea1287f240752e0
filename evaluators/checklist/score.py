"""S_checklist: how well predicted checklist values agree with reference values.

Per item: not applicable when neither side has a value (it does not count);
0 when only one side has values; a string-wise verdict when each side has exactly
one value (equal 1, one contains the other 0.5, different 0); otherwise F1 over
values matched one-to-one. A case scores the mean over its applicable items.
"""

from __future__ import annotations

import statistics

from pydantic import BaseModel, Field

from gavel_agent.evaluators.checklist.judges.base import Judge, Judgment

RELATION_SCORE = {"equal": 1.0, "a_contains_b": 0.5, "b_contains_a": 0.5, "different": 0.0}


def judgment_score(judgment: Judgment) -> float:
    if judgment.relation is not None:
        return RELATION_SCORE[judgment.relation]
    matched = len(judgment.pairs)
    denominator = 2 * matched + len(judgment.only_pred) + len(judgment.only_ref)
    return 2 * matched / denominator if denominator else 0.0


class ItemScore(BaseModel):
    score: float | None  # None: not applicable (no values on either side)
    relation: str | None = None
    pairs: list[tuple[int, int]] = Field(default_factory=list)  # 0-based (predicted, reference)
    n_pred: int = 0
    n_ref: int = 0


class CaseScore(BaseModel):
    case: str
    items: dict[str, ItemScore]

    @property
    def applicable(self) -> dict[str, float]:
        return {k: v.score for k, v in self.items.items() if v.score is not None}

    @property
    def score(self) -> float | None:
        """0-100 mean over applicable items."""
        scores = list(self.applicable.values())
        return 100 * statistics.fmean(scores) if scores else None


class ItemSummary(BaseModel):
    item: str
    score: float | None  # 0-100 mean over the cases where the item applies
    cases: int  # cases where the item applies (either side has values)
    predicted: int = 0  # cases where the prediction has values for it (0: never predicted)


class Report(BaseModel):
    judge: str
    overall: float | None  # 0-100 mean of case scores
    per_item: list[ItemSummary]
    per_case: dict[str, float | None]
    cases: list[CaseScore]
    unmatched_cases: list[str] = Field(default_factory=list)  # predicted cases with no reference
    # Items the reference or the predictions have that were not scored: the runs were not asked for
    # them, or the user chose other items.
    left_out_items: list[str] = Field(default_factory=list)


def _same_values(pred: list[str], ref: list[str]) -> bool:
    fold = lambda values: sorted(" ".join(v.split()).lower() for v in values)  # noqa: E731
    return fold(pred) == fold(ref)


def _plan(pred: dict[str, list[str]], ref: dict[str, list[str]]):
    """Item scores that need no judge, and the (item, pred, ref) triples that do."""
    settled: dict[str, ItemScore] = {}
    to_judge: list[tuple[str, list[str], list[str]]] = []
    for key in dict.fromkeys([*ref, *pred]):
        p, r = pred.get(key, []), ref.get(key, [])
        if not p and not r:
            settled[key] = ItemScore(score=None)
        elif not p or not r:
            settled[key] = ItemScore(score=0.0, n_pred=len(p), n_ref=len(r))
        elif _same_values(p, r):  # identical lists need no judge (GAVEL skips them too)
            settled[key] = ItemScore(
                score=1.0,
                relation="equal" if len(p) == len(r) == 1 else None,
                n_pred=len(p),
                n_ref=len(r),
                pairs=[(i, i) for i in range(len(p))] if len(p) > 1 else [],
            )
        else:
            to_judge.append((key, p, r))
    return settled, to_judge


def _item_score(judgment: Judgment, n_pred: int, n_ref: int) -> ItemScore:
    return ItemScore(
        score=judgment_score(judgment), relation=judgment.relation, pairs=judgment.pairs, n_pred=n_pred, n_ref=n_ref
    )


def score_case(pred: dict[str, list[str]], ref: dict[str, list[str]], judge: Judge, case: str = "") -> CaseScore:
    return score_cases({case: pred}, {case: ref}, judge).cases[0]


def score_cases(preds: dict[str, dict[str, list[str]]], refs: dict[str, dict[str, list[str]]], judge: Judge) -> Report:
    """Score every predicted case that has a reference; all judge calls go out as one batch."""
    cases = [c for c in preds if c in refs]
    plans = {c: _plan(preds[c], refs[c]) for c in cases}
    batch = [triple for c in cases for triple in plans[c][1]]
    judgments = iter(judge.judge_items(batch))
    results = []
    for case in cases:
        settled, to_judge = plans[case]
        for key, p, r in to_judge:
            settled[key] = _item_score(next(judgments), len(p), len(r))
        order = [k for k in dict.fromkeys([*refs[case], *preds[case]])]
        results.append(CaseScore(case=case, items={k: settled[k] for k in order}))
    return _report(judge.name, results, [c for c in preds if c not in refs])


def _report(judge_name: str, results: list[CaseScore], unmatched: list[str]) -> Report:
    by_item: dict[str, list[float]] = {}
    predicted: dict[str, int] = {}
    for case in results:
        for key, item in case.items.items():
            values = by_item.setdefault(key, [])
            if item.score is not None:
                values.append(item.score)
            predicted[key] = predicted.get(key, 0) + (item.n_pred > 0)
    case_scores = [c.score for c in results if c.score is not None]
    return Report(
        judge=judge_name,
        overall=statistics.fmean(case_scores) if case_scores else None,
        per_item=[
            ItemSummary(item=k, score=100 * statistics.fmean(v) if v else None, cases=len(v), predicted=predicted[k])
            for k, v in by_item.items()
        ],
        per_case={c.case: c.score for c in results},
        cases=results,
        unmatched_cases=unmatched,
    )
