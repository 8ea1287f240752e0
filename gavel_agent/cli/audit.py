"""``gavel-agent audit``: typed hallucination audit of extractions against a reference."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from gavel_agent.atomic import write_json
from gavel_agent.checklists import UnknownItemError, load_spec
from gavel_agent.cli.common import UserError, user_errors, writable_folder
from gavel_agent.evaluators.audit.inputs import read_reference
from gavel_agent.evaluators.audit.judge import StrictJudge
from gavel_agent.evaluators.audit.llm_judge import LLMJudge
from gavel_agent.evaluators.audit.metrics import (
    CATEGORIES,
    METRICS,
    RESAMPLES,
    SEED,
    AuditReport,
    Checklists,
    Interval,
    audit,
    match_documents,
)
from gavel_agent.evaluators.checklist.cuad import CuadError
from gavel_agent.evaluators.checklist.readers import (
    coded_items_only,
    codes_some_items,
    read_checklists,
    read_evidence_status,
)
from gavel_agent.evaluators.definitions import footer, help_epilog
from gavel_agent.extras import missing_extra
from gavel_agent.text.llm import ReplyCache, cached


def register(app: typer.Typer) -> None:
    app.command(name="audit", epilog=help_epilog("audit"))(audit_command)


def audit_command(
    pred: Path = typer.Argument(..., help="A checklist.json, a run folder, or a folder of runs."),
    reference: Path = typer.Option(
        ...,
        "--reference",
        "-r",
        help="Reference: a checklist.json, GAVEL human.json, a Clearinghouse case_<id>.json record (its coded items), or CUAD master_clauses.csv.",
    ),
    spec: str = typer.Option(
        None, "--spec", help="Checklist spec (gavel, cuad); default: cuad for a .csv reference, else gavel."
    ),
    judge: str = typer.Option(
        "offline",
        "--judge",
        help="Who judges true positives: offline (strict deterministic checks) or a model such as openai:gpt-4.1.",
    ),
    out: Path = typer.Option(
        None, "--out", help="Write audit.json and audit.png into this folder (default: nothing is written)."
    ),
    resamples: int = typer.Option(RESAMPLES, "--resamples", min=100, help="Bootstrap resamples."),
    seed: int = typer.Option(SEED, "--seed", help="Bootstrap seed."),
    cache_dir: Path = typer.Option(Path(".gavel-cache"), "--cache-dir", help="Cache for LLM judge replies."),
) -> None:
    """Per-category FAR, FRR, Acc, Hal_TP, Hal_Gen, JEq and RDI with 95% bootstrap intervals."""
    if not pred.exists():
        raise UserError(f"{pred}: no such file or folder")
    if not reference.is_file():
        raise UserError(f"{reference}: no such reference file")
    if out is not None:
        writable_folder(out)
    spec_name = spec or ("cuad" if reference.suffix.lower() == ".csv" else "gavel")
    with user_errors(UnknownItemError, CuadError, ValueError):
        checklist_spec = load_spec(spec_name)
        predicted = read_checklists(pred, checklist_spec)
        expected = read_reference(reference, checklist_spec)
        if codes_some_items(reference):
            predicted = coded_items_only(predicted, expected)
        if predicted and expected and not match_documents(predicted, expected):
            raise UserError(_no_shared_documents(predicted, expected))
        report = audit(
            predicted,
            expected,
            checklist_spec,
            _judge(judge, cache_dir),
            resamples,
            seed,
            evidence=read_evidence_status(pred, checklist_spec),
        )
    console = Console()
    console.width = max(console.width, 180)  # the intervals need the room; narrower wraps every cell
    console.print(typed_table(report))
    unmatched = sorted(set(predicted) - set(match_documents(predicted, expected)))
    if unmatched:
        Console(stderr=True).print(
            Text.assemble(("not in the reference, skipped: ", "yellow"), ", ".join(unmatched[:10]))
        )
    if out is not None:
        write_json(out / "audit.json", report.model_dump(mode="json"))
        try:
            from gavel_agent.evaluators.audit.chart import write_chart
        except ModuleNotFoundError as e:  # the charts extra is not installed: the figures are written all the same
            print(f"wrote {out / 'audit.json'}; no chart: {missing_extra(e) or e}")
            return
        write_chart(report, out / "audit.png")
        print(f"wrote {out / 'audit.json'} and {out / 'audit.png'}")


def _judge(name: str, cache_dir: Path):
    if name == "offline":
        return StrictJudge()
    from gavel_agent.backends.completer import make_completer  # the model stack loads only when asked for

    return LLMJudge(cached(make_completer(name), ReplyCache(cache_dir / "audit_judge.sqlite", name)), name=name)


def _cell(interval: Interval) -> str:
    if interval.value is None:
        return "-"
    if interval.low is None:
        return f"{interval.value:.2f}"
    return f"{interval.value:.2f} [{interval.low:.2f}, {interval.high:.2f}]"


def _no_shared_documents(predicted: Checklists, expected: Checklists) -> str:
    """Name both sides: a run is named after its case folder or file, CUAD's rows after the contract's file."""
    names = ", ".join(sorted(predicted)[:3]) + (", ..." if len(predicted) > 3 else "")
    examples = ", ".join(sorted(expected)[:2])
    return (
        f"none of the predicted documents ({names}) is in the reference ({len(expected)}, e.g. {examples}); "
        "a run is named after its case folder or file"
    )


def typed_table(report: AuditReport) -> Table:
    table = Table(
        title=f"Typed audit: {report.spec}, {report.judge} judge, {len(report.documents)} documents, "
        f"95% bootstrap CIs ({report.resamples} resamples, seed {report.seed})"
    )
    table.add_column("category")
    table.add_column("TP/FP/FN/TN", justify="right")
    for metric in METRICS:
        table.add_column(metric, justify="right", no_wrap=True)
    for group in ("overall",) + CATEGORIES:
        c = report.counts[group]
        if not any(c[s] for s in ("TP", "FP", "FN", "TN")):
            continue
        table.add_row(
            group, f"{c['TP']}/{c['FP']}/{c['FN']}/{c['TN']}", *(_cell(report.metrics[group][m]) for m in METRICS)
        )
    mismatches = ", ".join(f"{k} {v}" for k, v in report.mismatches.items()) or "none"
    table.caption = (
        f"typed gap (max-min Hal_TP) {_cell(report.typed_gap)}; contradictions by type: {mismatches}\n"
        + footer("audit")
    )
    table.caption_justify = "left"
    return table
