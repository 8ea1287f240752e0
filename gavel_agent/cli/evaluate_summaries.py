"""``gavel-agent evaluate-summaries``: QA grading, ROUGE and novel n-grams of generated summaries."""

from __future__ import annotations

from pathlib import Path

import typer
from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from gavel_agent.atomic import write_json
from gavel_agent.backends import OFFLINE_LABEL
from gavel_agent.case import CaseError, load_case
from gavel_agent.cli.common import UserError, user_errors, writable_file
from gavel_agent.evaluators.agreement import Agreement
from gavel_agent.evaluators.summaries.evaluate import (
    MEASURE_ORDER,
    ModelResult,
    check_methods,
    evaluate_model,
    model_grader,
    offline_grader,
)
from gavel_agent.evaluators.summaries.files import read_candidates, read_references
from gavel_agent.evaluators.summaries.judge_files import judge_scores
from gavel_agent.evaluators.summaries.qa_report import DEFAULT_THRESHOLD
from gavel_agent.evaluators.summaries.ranking import MeasureAgreement, agreement_with_judge
from gavel_agent.text.llm import ReplyCache, cached

CACHE_FILE = "summary_qa.sqlite"
TABLE_WIDTH = 180
SHORT_NAMES = {
    "novel_1gram": "nov1",
    "novel_2gram": "nov2",
    "novel_3gram": "nov3",
    "novel_4gram": "nov4",
    "qa_issue": "qa:iss",
    "qa_reason": "qa:rea",
    "qa_conclusion": "qa:con",
    "rouge1": "R1",
    "rouge2": "R2",
    "rougeL": "RL",
}


class SummaryEvaluation(BaseModel):
    """What ``--out`` holds."""

    reference: str
    candidates: str
    methods: list[str]
    qa_judge: str
    threshold: int
    models: list[ModelResult]
    judge_agreement: list[MeasureAgreement] | None = None


def register(app: typer.Typer) -> None:
    app.command(name="evaluate-summaries")(evaluate_summaries)


def evaluate_summaries(
    reference: Path = typer.Option(
        ..., "--reference", help="Reference summaries, e.g. GAVEL's summaries/50_cases_for_benchmarking.json."
    ),
    candidates: Path = typer.Option(
        ..., "--candidates", help="A folder of model folders (GAVEL's summaries/), one model folder, or one file."
    ),
    method: str = typer.Option(
        ",".join(("qa", "rouge", "novelty")), "--method", help="Comma-separated: qa, rouge, novelty."
    ),
    judge: str = typer.Option(
        OFFLINE_LABEL, "--judge", help="QA grader: offline (lexical approximation) or a model, e.g. openai:<model>."
    ),
    base_url: str = typer.Option(None, "--base-url", help="Server URL for openai-compatible judge models."),
    threshold: int = typer.Option(
        DEFAULT_THRESHOLD, "--threshold", min=0, max=10, help="QA grade (0-10) that counts as YES."
    ),
    sources: Path = typer.Option(
        None,
        "--sources",
        help="Folder of case_<id>.json records or case folders: novel n-grams against the source documents instead of the reference.",
    ),
    judge_results: Path = typer.Option(
        None, "--judge-results", help="GAVEL evaluation/ folder: also correlate every measure with the GAVEL judge."
    ),
    cache_dir: Path = typer.Option(
        Path(".gavel-cache"), "--cache-dir", help="Cache for model replies (by content hash)."
    ),
    per_case: bool = typer.Option(
        True, "--per-case/--no-per-case", help="Print one table per model with a row per case."
    ),
    out: Path = typer.Option(None, "--out", help="Write every score, question, answer and grade here as JSON."),
) -> None:
    """Score generated summaries against reference summaries, one table per model plus per-model means."""
    writable_file(out, "--out")
    with user_errors(ValueError):
        methods = check_methods(method.split(","))
        references = read_references(reference)
        by_model = read_candidates(candidates)
        judged = judge_scores(judge_results) if judge_results else None
    grader = None
    if "qa" in methods and judge == OFFLINE_LABEL:
        grader = offline_grader(threshold)
    elif "qa" in methods:
        grader = _model_grader(judge, base_url, cache_dir / CACHE_FILE, threshold)
    source_texts = _read_sources(sources, references) if sources and "novelty" in methods else None
    console = Console()
    if not console.is_terminal:  # piped output: do not squeeze 15 columns into 80 characters
        console.width = TABLE_WIDTH
    results = []
    for model, summaries in by_model.items():
        with user_errors(ValueError):
            result = evaluate_model(model, references, summaries, methods, grader, source_texts)
        if not result.cases:
            raise UserError(f"{model}: none of its case ids are in {reference}")
        results.append(result)
        if per_case:
            console.print(case_table(result))
    console.print(mean_table(results))
    if results[0].qa_note:
        console.print(f"QA grades: {results[0].qa_note}")
    agreement = None
    if judged is not None:
        judged_scores, skipped = judged
        agreement = agreement_with_judge(results, judged_scores)
        console.print(agreement_table(agreement))
        for line in skipped:
            Console(stderr=True).print(f"[yellow]judge results skipped:[/] {line}")
    if out:
        write_json(
            out,
            SummaryEvaluation(
                reference=str(reference),
                candidates=str(candidates),
                methods=methods,
                qa_judge=judge,
                threshold=threshold,
                models=results,
                judge_agreement=agreement,
            ).model_dump(mode="json"),
        )
        print(f"wrote {out}")


def _model_grader(judge: str, base_url: str | None, cache: Path, threshold: int):
    from gavel_agent.backends.completer import make_completer

    return model_grader(cached(make_completer(judge, base_url), ReplyCache(cache, judge)), judge, threshold)


def _read_sources(folder: Path, references: dict[str, str]) -> dict[str, str]:
    """Source text of every reference case found in the folder (documents joined in date order)."""
    if not folder.is_dir():
        raise UserError(f"{folder}: no such sources folder")
    texts = {}
    for case in references:
        path = next((p for p in (folder / f"case_{case}.json", folder / case) if p.exists()), None)
        if path is not None:
            with user_errors(CaseError):
                texts[case] = "\n\n".join(d.text for d in load_case(path).documents)
    return texts


def _columns(results: list[ModelResult]) -> list[str]:
    present = {name for r in results for name in r.mean}
    return [m for m in MEASURE_ORDER if m in present]


def _fmt(name: str, value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if name == "length" else f"{value:.3f}"


def case_table(result: ModelResult) -> Table:
    columns = _columns([result])
    table = Table(title=f"{result.model}: {len(result.cases)} summaries", title_justify="left")
    table.add_column("case")
    for name in columns:
        table.add_column(SHORT_NAMES.get(name, name), justify="right")
    for case in result.cases:
        measures = case.measures()
        table.add_row(case.case, *(_fmt(n, measures.get(n)) for n in columns))
    table.add_row("mean", *(_fmt(n, result.mean.get(n)) for n in columns), style="bold")
    if result.missing_cases:
        table.caption = (
            f"no summary for {len(result.missing_cases)} reference case(s): {', '.join(result.missing_cases[:5])}"
        )
    return table


def mean_table(results: list[ModelResult]) -> Table:
    columns = _columns(results)
    table = Table(title="Per-model mean over cases", title_justify="left")
    table.add_column("model")
    table.add_column("cases", justify="right")
    for name in columns:
        table.add_column(SHORT_NAMES.get(name, name), justify="right")
    table.add_column("wall s", justify="right")
    table.add_column("cpu s", justify="right")
    for r in results:
        table.add_row(
            r.model,
            str(len(r.cases)),
            *(_fmt(n, r.mean.get(n)) for n in columns),
            f"{r.runtime_seconds:.1f}",
            f"{r.cpu_seconds:.1f}",
        )
    return table


def _rho(a: Agreement | None) -> str:
    if a is None:
        return "-"
    s = a.spearman
    interval = f" [{s.ci_low:.2f}, {s.ci_high:.2f}]" if s.ci_low is not None else ""
    return f"{s.statistic:+.2f}{interval} p={s.p_value:.3f}"


def agreement_table(rows: list[MeasureAgreement]) -> Table:
    table = Table(title="Spearman correlation with the GAVEL judge (95% bootstrap CI)", title_justify="left")
    table.add_column("measure")
    table.add_column("model ranking", justify="right")
    table.add_column("per summary", justify="right")
    for row in rows:
        table.add_row(row.measure, _rho(row.by_model), _rho(row.by_summary))
    return table
