"""``gavel-agent arguments generate|evaluate``: 3-ply arguments over CATO case triples."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from gavel_agent.arguments.hypo import hypo_argument
from gavel_agent.arguments.llm_generate import llm_argument
from gavel_agent.arguments.mentions import factor_pairs, read_mentions
from gavel_agent.arguments.records import ArgumentRecord, read_records
from gavel_agent.arguments.scenarios import Triple, generate_triples
from gavel_agent.atomic import write_text
from gavel_agent.cli.common import UserError, console, writable_file
from gavel_agent.evaluators.arguments import ArgumentScore, SummaryRow, score_argument, summarize
from gavel_agent.evaluators.definitions import footer, help_epilog

# Both names run the deterministic HYPO-style generator: it needs no model at all.
DETERMINISTIC = ("offline", "hypo")


def register(app: typer.Typer) -> None:
    group = typer.Typer(
        no_args_is_help=True, rich_markup_mode=None, help="Generate and score 3-ply arguments over CATO case triples."
    )
    group.command(name="generate")(generate_command)
    group.command(name="evaluate", epilog=help_epilog("arguments"))(evaluate_command)
    app.add_typer(group, name="arguments")


def _argue(model: str, base_url: str | None) -> Callable[[Triple], str]:
    if model in DETERMINISTIC:
        return lambda triple: hypo_argument(triple).text
    from gavel_agent.backends.completer import make_completer  # the model stack loads only when asked for

    complete = make_completer(model, base_url)
    return lambda triple: llm_argument(triple, complete)


def generate_command(
    out: Path = typer.Option(..., "--out", help="JSONL file to write, one triple and argument a line."),
    model: str = typer.Option(
        "hypo",
        "--model",
        help="hypo / offline (deterministic, no model), or openai:<m>, anthropic:<m>, openai-compatible:<m>, litellm:<provider>/<m>.",
    ),
    n: int = typer.Option(90, "--n", help="How many triples (the three tests take turns: 90 gives 30 each)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the triple generator."),
    base_url: str = typer.Option(None, "--base-url", help="Server URL for openai-compatible models."),
) -> None:
    """Generate case triples and a 3-ply argument (or an abstention) for each."""
    if n < 1:
        raise UserError(f"--n must be at least 1 (got {n})")
    writable_file(out, "--out")
    argue = _argue(model, base_url)
    label = "hypo" if model in DETERMINISTIC else model
    lines = []
    for i, triple in enumerate(generate_triples(n, seed), 1):
        record = ArgumentRecord(
            id=triple.id, test=triple.test, model=label, seed=seed, triple=triple.to_dict(), argument=argue(triple)
        )
        lines.append(record.model_dump_json())
        if label != "hypo":
            console.print(f"[dim]{i}/{n} {triple.id}[/]")
    write_text(out, "\n".join(lines) + "\n")
    print(f"wrote {n} arguments by {label} to {out}")


def score_record(record: ArgumentRecord) -> tuple[ArgumentScore, list[dict]]:
    """The record's score and the quoted evidence of each factor mention the rules read."""
    triple = record.as_triple()
    mentions = read_mentions(record.argument)
    score = score_argument(
        id=record.id,
        test=record.test,
        model=record.model,
        text=record.argument,
        ground_truth=triple.ground_truth(),
        mentioned=factor_pairs(mentions),
        arguable=triple.arguable,
    )
    evidence = [
        {"case": m.case, "factor": m.factor, "quote": m.quote, "start_char": m.start_char, "end_char": m.end_char}
        for m in mentions
    ]
    return score, evidence


def evaluate_command(
    files: list[Path] = typer.Argument(
        ..., help="JSONL files written by 'arguments generate' (several models compare in one table)."
    ),
    out: Path = typer.Option(
        None, "--out", help="Write per-argument scores (JSONL) to this file (default: nothing is written)."
    ),
) -> None:
    """Score arguments: AccH, RecU and abstention per test and model, with per-case factor sets kept.

    Files whose arguments carry the same model label are kept apart: the label gets the file's
    name, e.g. "hypo (run1.jsonl)", so two runs of one model are never silently pooled.
    """
    writable_file(out, "--out")
    by_file: list[tuple[Path, list[ArgumentRecord]]] = []
    for path in files:
        if not path.is_file():
            raise UserError(f"{path}: no such file")
        try:
            by_file.append((path, read_records(path)))
        except ValueError as e:
            raise UserError(str(e)) from None
    records = kept_apart(by_file)
    scored = [score_record(r) for r in records]
    Console().print(summary_table(summarize([s for s, _ in scored])))
    if out is not None:
        write_text(
            out, "".join(json.dumps(s.model_dump() | {"evidence": ev}, ensure_ascii=False) + "\n" for s, ev in scored)
        )
        print(f"wrote per-argument scores to {out}")


def kept_apart(by_file: list[tuple[Path, list[ArgumentRecord]]]) -> list[ArgumentRecord]:
    """All records, with a model label that occurs in several files suffixed by each file's name."""
    files_of: dict[str, set[Path]] = {}
    for path, records in by_file:
        for record in records:
            files_of.setdefault(record.model, set()).add(path)
    shared = {label for label, paths in files_of.items() if len(paths) > 1}
    names = {path: path.name if sum(p.name == path.name for p, _ in by_file) == 1 else str(path) for path, _ in by_file}
    for label in sorted(shared):
        console.print(Text(f"model {label!r} is in {len(files_of[label])} files: scored apart, labelled by file"))
    return [
        record.model_copy(update={"model": f"{record.model} ({names[path]})"}) if record.model in shared else record
        for path, records in by_file
        for record in records
    ]


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def summary_table(rows: list[SummaryRow]) -> Table:
    table = Table(
        title="3-ply arguments: hallucination accuracy, factor use, abstention",
        caption=footer("arguments"),
        caption_justify="left",
    )
    for column in ("model", "test", "n", "AccH", "RecU", "abstained", "abstention ratio"):
        table.add_column(column, justify="left" if column in ("model", "test") else "right", no_wrap=column == "model")
    for r in rows:
        table.add_row(
            Text(r.model), r.test, str(r.n), _fmt(r.acc_h), _fmt(r.rec_u), str(r.abstained), _fmt(r.abstention_ratio)
        )
    return table
