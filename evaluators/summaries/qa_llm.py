"""The model QA path: a language model writes, answers and grades the questions.

Three calls per (reference, candidate): questions from the reference (shared by
every candidate of the same reference), answers from the candidate alone, and
grades against the reference answers. The completer is injected by the caller;
wrap it with ``text.llm.cached`` to answer repeated prompts from disk.
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel

from gavel_agent import prompts
from gavel_agent.evaluators.summaries.qa_report import DEFAULT_THRESHOLD, MAX_GRADE, ROLES, QAPair, QAReport, report
from gavel_agent.text.llm import Completer, ask_json

NOTE = "model-graded: {model} wrote the questions from the reference, answered them from the candidate and graded the answers"


class QAReplyError(ValueError):
    """A model reply that does not have the shape the prompt asked for."""


# The schemas the replies are held to where the provider can. A schema's root must be an object, so the
# array the prompts ask for arrives as {"rows": [...]}; a reply read from text is the bare array.
class QuestionRow(BaseModel):
    role: Literal["issue", "reason", "conclusion"]
    question: str
    answer: str


class AnswerRow(BaseModel):
    id: int
    answer: str


class GradeRow(BaseModel):
    id: int
    grade: int


class QuestionRows(BaseModel):
    rows: list[QuestionRow]


class AnswerRows(BaseModel):
    rows: list[AnswerRow]


class GradeRows(BaseModel):
    rows: list[GradeRow]


def _json_list(complete: Completer, system: str, user: str, reply: type[BaseModel], what: str) -> list[dict]:
    try:
        data = ask_json(complete, system, user, reply)
    except ValueError as e:
        raise QAReplyError(f"{what}: {e}") from None
    if isinstance(data, dict) and "rows" in data:
        data = data["rows"]
    if not isinstance(data, list) or not all(isinstance(x, dict) for x in data):
        raise QAReplyError(f"{what}: expected a JSON array of objects, got {json.dumps(data)[:80]!r}")
    return data


def generate_pairs(reference: str, complete: Completer) -> list[QAPair]:
    """Question-answer pairs covering the reference summary's issues, reasons and conclusions."""
    rows = _json_list(
        complete, prompts.load("qa_questions"), f"Reference summary:\n\n{reference}", QuestionRows, "question reply"
    )
    pairs = []
    for row in rows:
        role = str(row.get("role", "")).strip().lower().rstrip("s")
        if role not in ROLES:
            raise QAReplyError(f"question reply: unknown role {row.get('role')!r}")
        pairs.append(QAPair(role=role, question=str(row.get("question", "")), answer=str(row.get("answer", ""))))
    if not pairs:
        raise QAReplyError("question reply: no questions")
    return pairs


def _by_id(rows: list[dict], key: str, count: int, what: str) -> list:
    found = {}
    for row in rows:
        try:
            found[int(row["id"])] = row[key]
        except (KeyError, TypeError, ValueError):
            raise QAReplyError(f"{what}: entry without a numeric id and {key!r}: {row}") from None
    missing = [i for i in range(1, count + 1) if i not in found]
    if missing:
        raise QAReplyError(f"{what}: no {key} for question(s) {', '.join(map(str, missing))}")
    return [found[i] for i in range(1, count + 1)]


def answer_questions(pairs: list[QAPair], candidate: str, complete: Completer) -> list[str]:
    questions = "\n".join(f"{i}. {pair.question}" for i, pair in enumerate(pairs, 1))
    rows = _json_list(
        complete,
        prompts.load("qa_answer"),
        f"Summary:\n\n{candidate}\n\nQuestions:\n{questions}",
        AnswerRows,
        "answer reply",
    )
    return [str(a) for a in _by_id(rows, "answer", len(pairs), "answer reply")]


def grade_answers(pairs: list[QAPair], answers: list[str], complete: Completer) -> list[int]:
    items = [
        {"id": i, "question": pair.question, "reference_answer": pair.answer, "candidate_answer": answer}
        for i, (pair, answer) in enumerate(zip(pairs, answers), 1)
    ]
    rows = _json_list(
        complete, prompts.load("qa_grade"), json.dumps(items, ensure_ascii=False, indent=1), GradeRows, "grade reply"
    )
    raw = _by_id(rows, "grade", len(pairs), "grade reply")
    try:
        return [min(MAX_GRADE, max(0, round(float(g)))) for g in raw]
    except (TypeError, ValueError):
        raise QAReplyError(f"grade reply: grades must be numbers, got {raw}") from None


def grade_with_model(
    reference: str,
    candidate: str,
    complete: Completer,
    model: str,
    threshold: int = DEFAULT_THRESHOLD,
    pairs: list[QAPair] | None = None,
) -> QAReport:
    """QA report for one candidate; pass ``pairs`` to reuse questions already written for this reference."""
    pairs = pairs if pairs is not None else generate_pairs(reference, complete)
    answers = answer_questions(pairs, candidate, complete)
    grades = grade_answers(pairs, answers, complete)
    return report(pairs, answers, grades, method=model, note=NOTE.format(model=model), threshold=threshold)
