"""``gavel-agent evaluate``: S_checklist of predicted checklists against a reference;
``gavel-agent evaluate-residual-style``: S_residual and S_style (offline proxies) of summaries."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from gavel_agent.api import make_judge
from gavel_agent.atomic import write_json
from gavel_agent.checklists import ChecklistSpec, UnknownItemError, load_spec
from gavel_agent.cli.common import UserError, user_errors, writable_file
from gavel_agent.evaluators.audit.inputs import read_reference
from gavel_agent.evaluators.checklist.cuad import CuadError
from gavel_agent.evaluators.checklist.judges.llm import LLMJudge
from gavel_agent.evaluators.checklist.readers import (
    Checklists,
    coded_items_only,
    codes_some_items,
    read_asked_items,
    read_checklists,
    read_evidence_quotes,
    scored_items,
)
from gavel_agent.evaluators.checklist.score import Report, score_cases
from gavel_agent.evaluators.definitions import footer, help_epilog
from gavel_agent.evaluators.summaries.files import read_candidate_file, read_model_folder, read_references
from gavel_agent.evaluators.summaries.residual_style import ResidualStyleReport, score_summaries
from gavel_agent.evaluators.summaries.style import DIMENSIONS


def register(app: typer.Typer) -> None:
    app.command(name="evaluate", epilog=help_epilog("evaluate"))(evaluate_command)
    app.command(name="evaluate-residual-style", epilog=help_epilog("evaluate-residual-style"))(residual_style_command)


def evaluate_command(
    pred: str = typer.Argument(
        ..., help="Predicted checklists: a checklist.json, a GAVEL results file, a folder, or a quoted glob."
    ),
    reference: str = typer.Option(
        ...,
        "--reference",
        "-r",
        help="Reference checklists: GAVEL human.json, a checklist.json, a hand-made {item: [values]} file, "
        "a Clearinghouse case_<id>.json record, or CUAD's master_clauses.csv.",
    ),
    judge: str = typer.Option("offline", "--judge", help="offline (no model calls) or a model such as openai:gpt-4.1."),
    out: Path = typer.Option(None, "--out", help="Write the JSON report to this file (default: nothing is written)."),
    case: str = typer.Option(None, "--case", help="Score only this case id (also names a single-case checklist)."),
    items: str = typer.Option(
        None,
        "--items",
        metavar="ITEMS",
        help="Score these items: 'all', a group key, or comma-separated item keys "
        "(default: the items each run was asked for, read from its checklist.json).",
    ),
    spec: str = typer.Option(
        None, "--spec", help="Checklist spec the files follow; default: cuad for a .csv reference, else gavel."
    ),
    cache_dir: Path = typer.Option(Path(".gavel-cache"), "--cache-dir", help="Cache for LLM judge replies."),
    batch_api: bool = typer.Option(
        False,
        "--batch-api",
        help="Ask an openai:/anthropic: judge through the provider's batch API (half price, within 24 h); running the command again picks up the submitted batch.",
    ),
) -> None:
    """Score predicted checklist values against reference values, per item, per case and overall (0-100)."""
    writable_file(out, "--out")
    with user_errors(UnknownItemError, CuadError, ValueError):
        checklist_spec = load_spec(spec or ("cuad" if reference.lower().endswith(".csv") else "gavel"))
        preds = read_checklists(pred, checklist_spec, case_id=case)
        refs = read_reference_checklists(reference, checklist_spec, case)
        if codes_some_items(reference):
            preds = coded_items_only(preds, refs)
        chosen = checklist_spec.select(items) if items else None
        preds, refs, left_out = scored_items(preds, refs, read_asked_items(pred, checklist_spec, case), chosen)
    if case:
        if case not in preds or case not in refs:
            raise UserError(f"case {case} is not in both the predictions and the reference")
        preds = {case: preds[case]}
    if not set(preds) & set(refs):
        raise UserError(f"no case is in both files (predicted: {', '.join(sorted(preds)[:5])})")
    if batch_api:
        report = _score_in_batch(preds, refs, judge, cache_dir)
    else:
        report = score_cases(preds, refs, make_judge(judge, checklist_spec, cache_dir))
    report.left_out_items = left_out
    Console().print(report_table(report, checklist_spec))
    if left_out:
        Console(stderr=True).print(left_out_line(left_out, checklist_spec, bool(items)), highlight=False)
    if report.unmatched_cases:
        Console(stderr=True).print(
            Text.assemble(("no reference, skipped: ", "yellow"), ", ".join(report.unmatched_cases[:10]))
        )
    if out is not None:
        write_json(out, report.model_dump(mode="json"))
        print(f"wrote {out}")


def left_out_line(left_out: list[str], spec: ChecklistSpec, chosen: bool) -> Text:
    why = "not chosen with --items" if chosen else "the runs were not asked for them; --items all scores them"
    names = ", ".join(left_out[:8]) + (f" and {len(left_out) - 8} more" if len(left_out) > 8 else "")
    return Text.assemble((f"left out {len(left_out)} items ({why}): ", "yellow"), names)


def _score_in_batch(preds: dict, refs: dict, name: str, cache_dir: Path) -> Report:
    if name == "offline":
        raise UserError("--batch-api is for a model judge such as openai:gpt-4.1")
    from gavel_agent.backends.batch_api import answer_in_batch
    from gavel_agent.text.llm import ReplyCache

    cache = ReplyCache(cache_dir / LLMJudge.CACHE_FILE, name)
    err = Console(stderr=True, highlight=False)

    def score(completer, final: bool) -> Report:
        # The first pass only learns the questions: it neither caches nor reports.
        return score_cases(preds, refs, LLMJudge(completer, name=name, cache_dir=cache_dir if final else None))

    return answer_in_batch(score, name, cache_dir, known=cache.get, on_status=lambda s: err.print(s, markup=False))


def _fmt(score: float | None) -> str:
    return "n/a" if score is None else f"{score:.1f}"


def report_table(report: Report, spec) -> Table:
    table = Table(
        title=f"S_checklist ({report.judge} judge, {len(report.cases)} cases)",
        caption=footer("evaluate"),
        caption_justify="left",
    )
    table.add_column("item")
    table.add_column("score", justify="right")
    table.add_column("applies in", justify="right")
    table.add_column("predicted in", justify="right")
    for row in report.per_item:
        name = spec.item(row.item).name if spec.try_resolve(row.item) else row.item
        never = row.predicted == 0 and row.cases > 0
        predicted = Text(f"{row.predicted} cases" + (" (never)" if never else ""), style="yellow" if never else "")
        table.add_row(Text(name), _fmt(row.score), f"{row.cases} cases", predicted)
    table.add_section()
    table.add_row("overall (mean of case scores)", _fmt(report.overall), f"{len(report.cases)} cases", "", style="bold")
    return table


def residual_style_command(
    summaries: Path = typer.Argument(
        ...,
        help="Candidate summaries: JSON {case id: text} or GAVEL's {results: {...}}, or a model folder holding one.",
    ),
    reference: Path = typer.Option(
        ...,
        "--reference",
        "-r",
        help="Reference summaries: {case id: text} or GAVEL's {case id: {summary/long: text}}.",
    ),
    checklist: str = typer.Option(
        None, "--checklist", help="Checklist extracted from the candidate summaries, with evidence quotes."
    ),
    reference_checklist: list[str] = typer.Option(
        None,
        "--reference-checklist",
        help="Checklists whose values locate checklist facts in the reference summaries (repeatable); "
        "their quotes are used when they quote the reference.",
    ),
    out: Path = typer.Option(None, "--out", help="Write the JSON report to this file (default: nothing is written)."),
) -> None:
    """S_residual and S_style of summaries against reference summaries (offline proxies, 0-100, no model calls)."""
    writable_file(out, "--out")
    with user_errors(UnknownItemError, ValueError):
        candidates = _read_summaries(summaries)
        references = read_references(reference)
        quotes = read_evidence_quotes(checklist) if checklist else {}
        value_files = [checklist] if checklist else []
        value_files += reference_checklist or []
        values: dict[str, list[str]] = {}
        for file in value_files:
            for case, items in read_checklists(file).items():
                values.setdefault(case, []).extend(v for vals in items.values() for v in vals)
        reference_quotes: dict[str, list[str]] = {}
        for file in reference_checklist or []:
            for case, found in read_evidence_quotes(file).items():
                reference_quotes.setdefault(case, []).extend(q for q in found if q.strip() in references.get(case, ""))
    if not set(candidates) & set(references):
        raise UserError(f"no case is in both files (candidates: {', '.join(sorted(candidates)[:5])})")
    report = score_summaries(candidates, references, quotes, values, reference_quotes)
    Console().print(residual_style_table(report))
    if out is not None:
        write_json(out, report.model_dump(mode="json"))
        print(f"wrote {out}")


def read_reference_checklists(reference: str, spec: ChecklistSpec, case: str | None) -> Checklists:
    """Any reference ``read_checklists`` knows, or CUAD's master_clauses.csv (as ``audit`` reads it)."""
    if reference.lower().endswith(".csv"):
        return read_reference(reference, spec)
    return read_checklists(reference, spec, case_id=case)


def _read_summaries(path: Path):
    if path.is_file():
        return read_candidate_file(path)
    if path.is_dir():
        return read_model_folder(path)
    raise ValueError(f"no such summaries file: {path}")


def residual_style_table(report: ResidualStyleReport) -> Table:
    table = Table(
        title=f"S_residual and S_style, OFFLINE PROXIES ({len(report.cases)} cases)",
        caption=f"S_residual: {report.residual_method}; reference evidence {report.reference_evidence}. "
        f"S_style: {report.style_method}.\n" + footer("evaluate-residual-style"),
        caption_justify="left",
    )
    for column in ("case", "evidence", "S_residual*", "S_style*", *DIMENSIONS):
        table.add_column(column, justify="left" if column in ("case", "evidence") else "right")
    for row in report.cases:
        table.add_row(
            Text(row.case),
            row.evidence,
            _fmt(row.residual),
            _fmt(row.style),
            *(str(row.ratings[d]) for d in DIMENSIONS),
        )
    table.add_section()
    table.add_row(
        "mean",
        "",
        _fmt(report.residual),
        _fmt(report.style),
        *(f"{report.ratings[d]:.2f}" for d in DIMENSIONS),
        style="bold",
    )
    return table
