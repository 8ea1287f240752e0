"""S_residual and S_style (offline proxies) of GAVEL's model summaries against the human summaries.

For every model folder in <gavel>/summaries/ and every case of the human reference
file, score the model's summary against the human one. Candidate evidence is the
model's summary checklist quotes (<gavel>/summary_checklists/<model>_summarization/)
when GAVEL released one, else clauses aligned to checklist values; the human
summaries have no released checklist, so their evidence is always aligned, to the
pooled values of every released summary checklist for the case (the same for every
model). ``--tune`` first fits the alignment threshold (evidence_cover) so that aligned
clauses best reproduce the models' real evidence quotes (clause-level F1) and saves it.

    python bench/residual_style.py [--gavel ../shared/gavel] [--tune]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
from sklearn.metrics import matthews_corrcoef

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gavel_agent.atomic import write_json  # noqa: E402
from gavel_agent.evaluators.checklist.canonical_forms import normalize  # noqa: E402
from gavel_agent.evaluators.checklist.judges.offline import (  # noqa: E402
    THRESHOLDS_FILE,
    OfflineJudge,
    coverage,
)
from gavel_agent.evaluators.checklist.readers import read_checklists, read_evidence_quotes  # noqa: E402
from gavel_agent.evaluators.summaries.files import read_candidates, read_references  # noqa: E402
from gavel_agent.evaluators.summaries.residual import residual_spans, split_facts  # noqa: E402
from gavel_agent.evaluators.summaries.residual_style import score_summaries  # noqa: E402
from gavel_agent.evaluators.summaries.style import DIMENSIONS  # noqa: E402

REFERENCE_FILE = "50_cases_for_benchmarking.json"


def checklist_files(gavel: Path) -> dict[str, Path]:
    folders = sorted((gavel / "summary_checklists").glob("*_summarization"))
    return {f.name.removesuffix("_summarization"): next(f.glob("*.json")) for f in folders if list(f.glob("*.json"))}


def pooled_values(files: dict[str, Path]) -> dict[str, list[str]]:
    """Every value any model's summary checklist holds for each case (a model-independent pool)."""
    pool: dict[str, list[str]] = {}
    for file in files.values():
        for case, items in read_checklists(file).items():
            pool.setdefault(case, []).extend(v for values in items.values() for v in values)
    return {case: list(dict.fromkeys(values)) for case, values in pool.items()}


def fit_evidence_cover(summaries, files: dict[str, Path]) -> tuple[float, float, float]:
    """The alignment threshold whose aligned clauses best match clauses covered by real quotes.

    Most clauses of a model summary are covered, so F1 would reward aligning everything;
    the Matthews correlation weighs both kinds of error.
    """
    coverages, covered = [], []
    for model, file in files.items():
        quotes, values = read_evidence_quotes(file), read_checklists(file)
        for case, summary in summaries.get(model, {}).items():
            if case not in quotes:
                continue
            residual = " ".join(residual_spans(summary, quotes[case]))
            wanted = [normalize(v) for vals in values.get(case, {}).values() for v in vals]
            for clause in split_facts(summary, min_words=1):
                norm = normalize(clause)
                coverages.append(max((coverage(v, norm) for v in wanted if v.tokens), default=0.0))
                covered.append(clause not in residual)
    coverages, covered = np.array(coverages), np.array(covered)

    def mcc(t: float) -> float:
        return matthews_corrcoef(covered, coverages >= t)

    best = max(np.arange(0.1, 1.001, 0.05), key=mcc)
    return round(float(best), 3), mcc(best), float(covered.mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gavel", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "gavel")
    parser.add_argument("--tune", action="store_true", help="re-fit evidence_cover on the models' quotes and save it")
    args = parser.parse_args()
    reference_file = args.gavel / "summaries" / REFERENCE_FILE
    if not reference_file.is_file():
        sys.exit(f"error: no GAVEL summaries at {args.gavel / 'summaries'} (pass --gavel)")
    print("$ python bench/residual_style.py " + " ".join(sys.argv[1:]))
    references = read_references(reference_file)
    summaries = read_candidates(args.gavel / "summaries")
    files = checklist_files(args.gavel)
    if args.tune:
        cover, mcc, share = fit_evidence_cover(summaries, files)
        thresholds = replace(OfflineJudge().thresholds, evidence_cover=cover)
        about = json.loads(THRESHOLDS_FILE.read_text(encoding="utf-8"))["_about"]
        write_json(THRESHOLDS_FILE, {"_about": about, **thresholds.__dict__})
        print(
            f"evidence_cover = {cover}: aligned clauses vs clauses the models' quotes cover "
            f"({share:.0%} of clauses): Matthews r {mcc:.3f}"
        )
    pool = pooled_values(files)
    started = time.perf_counter()
    rows = []
    for model, texts in summaries.items():
        quotes = read_evidence_quotes(files[model]) if model in files else {}
        rows.append((model, score_summaries(texts, references, quotes, pool)))
    elapsed = time.perf_counter() - started

    print(
        f"\n{len(references)} human reference summaries; {len(files)} of {len(summaries)} models have summary checklists"
    )
    print("Both scores are OFFLINE PROXIES (0-100, higher = closer to the human summary):")
    print(f"  S_residual: {rows[0][1].residual_method}; human-side evidence {rows[0][1].reference_evidence}")
    print(f"  S_style:    {rows[0][1].style_method}; ratings 1 (same) .. 5 (different)")
    short = {
        "readability": "read",
        "narrative_order": "order",
        "sentence_structure": "sent",
        "formatting": "format",
        "citation_style": "cite",
    }
    header = f"{'model':<36}{'cases':>6}{'evidence':>10}{'S_resid*':>10}{'S_style*':>10}"
    print("\n" + header + "".join(f"{short[d]:>8}" for d in DIMENSIONS))
    for model, report in sorted(rows, key=lambda r: -(r[1].residual or 0)):
        source = "quotes" if model in files else "aligned"
        resid = "n/a" if report.residual is None else f"{report.residual:.1f}"
        line = f"{model:<36}{len(report.cases):>6}{source:>10}{resid:>10}{report.style:>10.1f}"
        print(line + "".join(f"{report.ratings[d]:>8.2f}" for d in DIMENSIONS))
    print("* offline proxy, not GAVEL's LLM-judged S_residual / S_style")
    print(f"\nruntime: {elapsed:.1f} s for {sum(len(r.cases) for _, r in rows)} summaries, 0 model calls")


if __name__ == "__main__":
    main()
