"""Summary measures for GAVEL's 12 models on the 50 development cases, and their agreement with GAVEL's judge.

Scores every model's summaries against the human summaries with offline QA
grading (a lexical approximation), ROUGE-1/2/L, novel 1-4-grams (against the
reference summary: GAVEL ships no source documents) and length; then ranks the
models by each measure and reports Spearman's rho with the ranking by GAVEL's
checklist judge (mean item score over the (case, item) pairs it scored).

    python bench/summary_metrics.py [--gavel ../shared/gavel]
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from gavel_agent.cli.evaluate_summaries import TABLE_WIDTH, agreement_table, mean_table
from gavel_agent.evaluators.summaries.evaluate import METHODS, evaluate_model, offline_grader
from gavel_agent.evaluators.summaries.files import read_candidates, read_references
from gavel_agent.evaluators.summaries.judge_files import judge_scores
from gavel_agent.evaluators.summaries.ranking import agreement_with_judge

REPO = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gavel", type=Path, default=REPO.parent / "shared" / "gavel", help="GAVEL release folder")
    parser.add_argument("--reference", default="50_cases_for_benchmarking.json", help="reference file under summaries/")
    args = parser.parse_args()
    summaries = args.gavel / "summaries"
    if not summaries.is_dir():
        sys.exit(f"error: no summaries folder at {summaries}")

    console = Console(width=TABLE_WIDTH)
    start, cpu_start = time.perf_counter(), time.process_time()
    references = read_references(summaries / args.reference)
    grader = offline_grader()
    results = [
        evaluate_model(model, references, texts, list(METHODS), grader)
        for model, texts in read_candidates(summaries).items()
    ]
    scoring_seconds = time.perf_counter() - start
    scoring_cpu = time.process_time() - cpu_start
    judged, skipped = judge_scores(args.gavel / "evaluation")
    agreement = agreement_with_judge(results, judged)

    console.print(mean_table(results))
    console.print(f"QA (offline): {results[0].qa_note}")
    console.print(judge_table(results, judged))
    console.print(agreement_table(agreement))
    for line in skipped:
        console.print(f"judge results skipped: {line}")
    console.print(
        f"{len(results)} models x {len(references)} reference cases scored in {scoring_seconds:.1f} s wall "
        f"({scoring_cpu:.1f} s CPU); total with agreement statistics {time.perf_counter() - start:.1f} s wall "
        f"({time.process_time() - cpu_start:.1f} s CPU)"
    )
    console.print("command: python " + " ".join(shlex.quote(a) for a in sys.argv))


def judge_table(results, judged) -> Table:
    table = Table(title="GAVEL judge per model (mean item score over the pairs it scored)", title_justify="left")
    for name in ("model", "judge mean", "pairs", "judge rank", "QA rank"):
        table.add_column(name, justify="left" if name == "model" else "right")
    by_judge = sorted(judged.values(), key=lambda j: -j.mean)
    qa_order = [r.model for r in sorted(results, key=lambda r: -r.mean.get("qa", 0.0))]
    for rank, j in enumerate(by_judge, 1):
        qa_rank = str(qa_order.index(j.model) + 1) if j.model in qa_order else "-"
        table.add_row(j.model, f"{j.mean:.3f}", str(j.pairs), str(rank), qa_rank)
    return table


if __name__ == "__main__":
    main()
