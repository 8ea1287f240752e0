"""Score every summary of a model against the reference summaries, and average per model.

Measures: QA grading (offline lexical approximation or a model), ROUGE-1/2/L,
novel n-gram ratios and length. Novel n-grams are counted against the case's
source text when the caller has it, otherwise against the reference summary
(GAVEL ships summaries without their source documents); each row says which.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable

from pydantic import BaseModel

from gavel_agent.evaluators.summaries.metrics import Novelty, RougeScores, length, novelty, rouge
from gavel_agent.evaluators.summaries.qa_llm import generate_pairs, grade_with_model
from gavel_agent.evaluators.summaries.qa_offline import grade_offline
from gavel_agent.evaluators.summaries.qa_report import DEFAULT_THRESHOLD, ROLES, QAPair, QAReport
from gavel_agent.text.llm import Completer

METHODS = ("qa", "rouge", "novelty")
# Table column order of the flat measures.
MEASURE_ORDER = (
    "qa",
    *(f"qa_{r}" for r in ROLES),
    "rouge1",
    "rouge2",
    "rougeL",
    "novel_1gram",
    "novel_2gram",
    "novel_3gram",
    "novel_4gram",
    "length",
)

QAGrader = Callable[[str, str], QAReport]


class CaseResult(BaseModel):
    case: str
    length: int
    reference_length: int
    qa: QAReport | None = None
    rouge: RougeScores | None = None
    novelty: Novelty | None = None

    def measures(self) -> dict[str, float]:
        """Flat numeric measures of this case (the table columns)."""
        out: dict[str, float] = {"length": float(self.length)}
        if self.qa is not None and self.qa.score is not None:
            out["qa"] = self.qa.score
            out |= {f"qa_{role}": s.score for role, s in self.qa.by_role.items() if s.score is not None}
        if self.rouge is not None:
            out |= self.rouge.model_dump()
        if self.novelty is not None:
            out |= {k: v for k, v in self.novelty.model_dump().items() if k != "against"}
        return out


class ModelResult(BaseModel):
    model: str
    qa_method: str | None  # "offline" or the grading model; None when QA was not run
    qa_note: str | None
    runtime_seconds: float  # wall clock
    cpu_seconds: float  # this process's CPU time: comparable when other jobs share the machine
    missing_cases: list[str]  # reference cases the model has no summary for
    mean: dict[str, float]
    cases: list[CaseResult]


def offline_grader(threshold: int = DEFAULT_THRESHOLD) -> QAGrader:
    return lambda reference, candidate: grade_offline(reference, candidate, threshold)


def model_grader(complete: Completer, model: str, threshold: int = DEFAULT_THRESHOLD) -> QAGrader:
    """QA through a model; questions are written once per reference and reused for every candidate."""
    questions: dict[str, list[QAPair]] = {}

    def grade(reference: str, candidate: str) -> QAReport:
        if reference not in questions:
            questions[reference] = generate_pairs(reference, complete)
        return grade_with_model(reference, candidate, complete, model, threshold, pairs=questions[reference])

    return grade


def check_methods(methods: Iterable[str]) -> list[str]:
    chosen = [m.strip().lower() for m in methods if m.strip()]
    unknown = [m for m in chosen if m not in METHODS]
    if unknown or not chosen:
        raise ValueError(f"unknown method {', '.join(unknown) or '(none)'}; choose from {', '.join(METHODS)}")
    return chosen


def evaluate_case(
    case: str,
    reference: str,
    candidate: str,
    methods: list[str],
    qa_grader: QAGrader | None,
    source: str | None = None,
) -> CaseResult:
    result = CaseResult(case=case, length=length(candidate), reference_length=length(reference))
    if "qa" in methods and qa_grader is not None:
        result.qa = qa_grader(reference, candidate)
    if "rouge" in methods:
        result.rouge = rouge(reference, candidate)
    if "novelty" in methods:
        against = ("source documents", source) if source else ("reference summary", reference)
        result.novelty = novelty(candidate, against[1], against=against[0])
    return result


def evaluate_model(
    model: str,
    references: dict[str, str],
    candidates: dict[str, str],
    methods: list[str],
    qa_grader: QAGrader | None = None,
    sources: dict[str, str] | None = None,
) -> ModelResult:
    """Score the model's summary of every reference case it covers."""
    start, cpu_start = time.perf_counter(), time.process_time()
    shared = [c for c in references if c in candidates]
    cases = [evaluate_case(c, references[c], candidates[c], methods, qa_grader, (sources or {}).get(c)) for c in shared]
    first_qa = next((c.qa for c in cases if c.qa is not None), None)
    return ModelResult(
        model=model,
        qa_method=first_qa.method if first_qa else None,
        qa_note=first_qa.note if first_qa else None,
        runtime_seconds=time.perf_counter() - start,
        cpu_seconds=time.process_time() - cpu_start,
        missing_cases=[c for c in references if c not in candidates],
        mean=mean_measures(cases),
        cases=cases,
    )


def mean_measures(cases: list[CaseResult]) -> dict[str, float]:
    """Mean of each measure over the cases that have it."""
    columns: dict[str, list[float]] = {}
    for case in cases:
        for name, value in case.measures().items():
            columns.setdefault(name, []).append(value)
    return {name: statistics.fmean(values) for name, values in columns.items()}
