"""Scores for generated 3-ply arguments: hallucination accuracy, factor use, abstention.

Inputs are plain sets, so any factor reader can feed them: the ground truth
maps each case label (CC, TSC1, TSC2) to its factors, and the mentions are
(case label, factor) pairs the argument states as present ("" as the label
when the argument names a factor without saying for which case).

- AccH = 1 - hallucinated / ground-truth pairs (floored at 0). A pair is
  hallucinated when its case does not have the factor; an unattributed factor
  is hallucinated only when no case of the triple has it.
- RecU = ground-truth pairs the argument uses / ground-truth pairs. Unattributed
  mentions never count as used.
- Abstention ratio = non-arguable triples where the output abstains / non-arguable triples.
"""

from __future__ import annotations

import re
from collections import defaultdict
from statistics import mean

from pydantic import BaseModel

Pair = tuple[str, str]  # (case label, factor key)

# Phrasings of "I will not argue this"; negated forms ("I will not abstain") are excluded below.
ABSTAIN_CUES = re.compile(
    r"\babstain(s|ing|ed)?\b|\babstention\b"
    r"|\b(cannot|can ?not|can't|could not|couldn't|unable to|not possible to|impossible to|won't|will not|"
    r"must decline to|decline to|refrain from|not able to)\s+(\w+\s+){0,2}?"
    r"(make|construct|build|form|formulate|present|produce|provide|generate|offer|give|write|draft|develop)\b"
    r"[^.]{0,60}\b(argument|3-ply|three-ply|analogy)"
    r"|\bno\s+((valid|viable|sound|meaningful|proper|legitimate|reasonable|credible)\s+)?"
    r"(3-ply\s+|three-ply\s+)?(argument|analogy)\s+(can|could|may|is possible|is available)"
    r"|\b(not|non)[- ]arguable\b"
    r"|\b(no|none of the|neither)\b[^.]{0,40}\bprecedents?\b[^.]{0,20}\b(shares?|has|have)\s+(any|a single)?\s*"
    r"(common\s+)?factors?\b[^.]{0,30}\b(with|in common)"
    r"|\bno\s+(shared|common|overlapping)\s+factors\b|\bshares?\s+no\s+factors\b|\bno\s+factors?\s+in\s+common\b",
    re.I,
)
NEGATED_ABSTAIN = re.compile(
    r"\b(not|never|no need to|won't|will not|don't|do not|shouldn't|need not)\s+(\w+\s+)?abstain", re.I
)
# Headings of an argument's plies; two or more mean the model argued after all.
PLY_HEADINGS = re.compile(
    r"^\W*(ply\s*[123]\b|(plaintiff|defendant)('s)?\s+(argument|opening|response|reply|rebuttal|counter)|rebuttal\b|"
    r"(first|second|third)\s+ply\b)",
    re.I | re.M,
)


def detect_abstention(text: str) -> bool:
    """Whether the output declines to argue: an abstention statement and no argument structure."""
    cleaned = NEGATED_ABSTAIN.sub(" ", text)
    if not ABSTAIN_CUES.search(cleaned):
        return False
    return len(PLY_HEADINGS.findall(text)) < 2


class ArgumentScore(BaseModel):
    """One argument's score, with the per-case sets behind it so errors can be inspected."""

    id: str
    test: str
    model: str
    arguable: bool
    abstained: bool
    acc_h: float
    rec_u: float
    ground_truth: dict[str, list[str]]
    mentioned: dict[str, list[str]]
    hallucinated: dict[str, list[str]]
    used: dict[str, list[str]]
    missed: dict[str, list[str]]

    @property
    def abstained_correctly(self) -> bool:
        return self.abstained and not self.arguable


def _by_case(pairs: set[Pair]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for case, factor in sorted(pairs, key=lambda p: (p[0], int(p[1][1:]) if p[1][1:].isdigit() else 0, p[1])):
        out[case].append(factor)
    return dict(out)


def score_argument(
    *,
    id: str,
    test: str,
    model: str,
    text: str,
    ground_truth: dict[str, set[str]],
    mentioned: set[Pair],
    arguable: bool,
) -> ArgumentScore:
    truth = {(case, f) for case, keys in ground_truth.items() for f in keys}
    anywhere = {f for _, f in truth}
    attributed = {p for p in mentioned if p[0]}
    unattributed = {p for p in mentioned if not p[0]}
    hallucinated = (attributed - truth) | {p for p in unattributed if p[1] not in anywhere}
    used = attributed & truth
    size = len(truth) or 1
    return ArgumentScore(
        id=id,
        test=test,
        model=model,
        arguable=arguable,
        abstained=detect_abstention(text),
        acc_h=max(0.0, 1 - len(hallucinated) / size),
        rec_u=len(used) / size,
        ground_truth=_by_case(truth),
        mentioned=_by_case(mentioned),
        hallucinated=_by_case(hallucinated),
        used=_by_case(used),
        missed=_by_case(truth - used),
    )


class SummaryRow(BaseModel):
    model: str
    test: str
    n: int
    acc_h: float
    rec_u: float | None  # None for non-arguable triples: there is nothing to use
    abstained: int
    abstention_ratio: float | None  # only for non-arguable triples


def summarize(scores: list[ArgumentScore]) -> list[SummaryRow]:
    """One row per (model, test), in first-seen order."""
    groups: dict[tuple[str, str], list[ArgumentScore]] = defaultdict(list)
    for s in scores:
        groups[(s.model, s.test)].append(s)
    rows = []
    for (model, test), group in groups.items():
        arguable = [s for s in group if s.arguable]
        not_arguable = [s for s in group if not s.arguable]
        rows.append(
            SummaryRow(
                model=model,
                test=test,
                n=len(group),
                acc_h=mean(s.acc_h for s in group),
                rec_u=mean(s.rec_u for s in arguable) if arguable else None,
                abstained=sum(s.abstained for s in group),
                abstention_ratio=sum(s.abstained_correctly for s in not_arguable) / len(not_arguable)
                if not_arguable
                else None,
            )
        )
    return rows
