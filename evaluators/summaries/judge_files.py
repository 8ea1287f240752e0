"""GAVEL's judge verdicts on summary checklists, reduced to one score per model and per case.

``evaluation/<model>_summarization/<run>.json`` holds, per case and item, the judge's
verdict comparing the checklist extracted from the model's summary with the one from
the human summary. Three of the twelve files word verdicts with A/B instead of
model/reference, and their A/B sides swap from item to item (checked against GAVEL's
summary checklists), so only side-symmetric scores are meaningful: ``judgment_score``
(equal 1, containment 0.5, different 0; F1 over matched values) is symmetric.

A model's score is the mean item score over every (case, item) pair the judge scored.
"""

from __future__ import annotations

import statistics
from pathlib import Path

from pydantic import BaseModel

from gavel_agent.evaluators.checklist.readers import read_judgments
from gavel_agent.evaluators.checklist.score import judgment_score

RUN_SUFFIX = "_summarization"


class JudgeScores(BaseModel):
    model: str
    file: str
    pairs: int  # (case, item) pairs the judge scored
    mean: float  # mean item score over those pairs
    by_case: dict[str, float]  # mean item score per case


def judge_scores(evaluation_dir: str | Path) -> tuple[dict[str, JudgeScores], list[str]]:
    """Per-model judge scores, and one line per folder that had nothing usable (skipped)."""
    root = Path(evaluation_dir)
    if not root.is_dir():
        raise ValueError(f"no such judge evaluation folder: {root}")
    scores: dict[str, JudgeScores] = {}
    skipped: list[str] = []
    for folder in sorted(d for d in root.iterdir() if d.is_dir()):
        model = folder.name.removesuffix(RUN_SUFFIX)
        files = sorted(folder.glob("*.json"))
        if len(files) != 1:
            skipped.append(f"{folder.name}: {len(files)} result files (expected one)")
            continue
        try:
            verdicts = read_judgments(files[0])
        except ValueError as e:  # GAVEL ships some empty result files
            skipped.append(f"{folder.name}: {e}")
            continue
        by_case = {case: [judgment_score(j) for j in items.values()] for case, items in verdicts.items() if items}
        item_scores = [s for values in by_case.values() for s in values]
        if not item_scores:
            skipped.append(f"{folder.name}: no scored items")
            continue
        scores[model] = JudgeScores(
            model=model,
            file=str(files[0]),
            pairs=len(item_scores),
            mean=statistics.fmean(item_scores),
            by_case={case: statistics.fmean(values) for case, values in by_case.items()},
        )
    return scores, skipped
