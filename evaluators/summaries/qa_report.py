"""Question-answer grading of a summary: the records both QA paths produce, and the score.

A reference summary yields question-answer pairs, each tagged with the role it
covers (the legal issue, the court's reasons, the outcome). A candidate summary
answers every question on its own; each answer is graded 0-10 against the
reference answer, and a grade at or above the threshold counts as YES. The
summary's score is the share of YES answers.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

Role = Literal["issue", "reason", "conclusion"]
ROLES: tuple[Role, ...] = ("issue", "reason", "conclusion")
NOT_STATED = "not stated"
DEFAULT_THRESHOLD = 5
MAX_GRADE = 10


class QAPair(BaseModel):
    role: Role
    question: str
    answer: str


class GradedAnswer(BaseModel):
    role: Role
    question: str
    reference_answer: str
    candidate_answer: str
    grade: int  # 0-10
    yes: bool


class RoleScore(BaseModel):
    questions: int
    yes: int
    score: float | None  # None when the reference gave no question of this role


class QAReport(BaseModel):
    method: str  # "offline" or the model that generated, answered and graded
    note: str  # says plainly what kind of approximation produced the grades
    threshold: int
    score: float | None  # share of YES answers; None without questions
    by_role: dict[Role, RoleScore]
    answers: list[GradedAnswer]


def report(
    pairs: list[QAPair],
    candidate_answers: list[str],
    grades: list[int],
    *,
    method: str,
    note: str,
    threshold: int = DEFAULT_THRESHOLD,
) -> QAReport:
    """Turn per-question answers and grades into the summary's QA report."""
    if not len(pairs) == len(candidate_answers) == len(grades):
        raise ValueError("pairs, answers and grades must have one entry per question")
    answers = [
        GradedAnswer(
            role=pair.role,
            question=pair.question,
            reference_answer=pair.answer,
            candidate_answer=answer,
            grade=grade,
            yes=grade >= threshold,
        )
        for pair, answer, grade in zip(pairs, candidate_answers, grades)
    ]
    by_role = {role: _share([a for a in answers if a.role == role]) for role in ROLES}
    overall = _share(answers)
    return QAReport(
        method=method,
        note=note,
        threshold=threshold,
        score=overall.score,
        by_role=by_role,
        answers=answers,
    )


def _share(answers: list[GradedAnswer]) -> RoleScore:
    yes = sum(a.yes for a in answers)
    return RoleScore(questions=len(answers), yes=yes, score=yes / len(answers) if answers else None)
