"""Offline agent vs offline end-to-end on the five GAVEL cases that have Clearinghouse records.

Runs both methods on each case into a scratch folder, scores them against
GAVEL's human checklists with the offline judge, and prints per-item mean
scores and totals (score, prompt tokens, wall time).

    python bench/agent_vs_e2e.py [--cases ../shared/crlc/cases] [--reference ../shared/gavel/document_checklists/human.json]
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
from pathlib import Path

from gavel_agent.backends import resolve_model
from gavel_agent.baselines import Baseline
from gavel_agent.case import load_case
from gavel_agent.checklists import load_spec
from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge
from gavel_agent.evaluators.checklist.readers import clean_values, read_checklists
from gavel_agent.evaluators.checklist.score import score_cases
from gavel_agent.loop import AgentRun

CASES = ("12429", "17701", "17762", "43966", "46210")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=Path, default=Path("../shared/crlc/cases"))
    parser.add_argument("--reference", type=Path, default=Path("../shared/gavel/document_checklists/human.json"))
    args = parser.parse_args()
    spec = load_spec("gavel")
    reference = read_checklists(args.reference, spec)
    scratch = Path(tempfile.mkdtemp(prefix="agent_vs_e2e_"))
    predictions: dict[str, dict] = {"agent": {}, "end-to-end": {}}
    totals = {m: {"prompt_tokens": 0, "wall_time_s": 0.0} for m in predictions}
    try:
        for case_id in CASES:
            case = load_case(args.cases / f"case_{case_id}.json")
            outcomes = {
                "agent": asyncio.run(
                    AgentRun(case, spec, spec.keys, resolve_model("offline"), scratch / f"{case_id}-agent").run()
                ),
                "end-to-end": Baseline(case, spec, spec.keys, "end-to-end", scratch / f"{case_id}-e2e").run(),
            }
            for method, outcome in outcomes.items():
                predictions[method][case_id] = {k: clean_values(outcome.checklist.values_of(k)) for k in spec.keys}
                totals[method]["prompt_tokens"] += outcome.stats.prompt_tokens
                totals[method]["wall_time_s"] += outcome.stats.wall_time_s
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    judge = OfflineJudge()
    reports = {m: score_cases(p, reference, judge) for m, p in predictions.items()}
    per_item = {m: {s.item: s for s in r.per_item} for m, r in reports.items()}
    print(f"{len(CASES)} cases: {', '.join(CASES)}; reference {args.reference}; judge offline; scores 0-100")
    print(f"{'item':<22} {'agent':>7} {'e2e':>7} {'cases':>6}")
    for key in spec.keys:
        a, e = per_item["agent"].get(key), per_item["end-to-end"].get(key)
        show = lambda s: "n/a" if s is None or s.score is None else f"{s.score:.1f}"  # noqa: E731
        print(f"{key:<22} {show(a):>7} {show(e):>7} {(a.cases if a else 0):>6}")
    print(f"{'method':<12} {'score':>7} {'prompt tokens':>14} {'wall s':>8}")
    for method, report in reports.items():
        overall = "n/a" if report.overall is None else f"{report.overall:.1f}"
        print(f"{method:<12} {overall:>7} {totals[method]['prompt_tokens']:>14,} {totals[method]['wall_time_s']:>8.1f}")
    print("command:", " ".join([Path(sys.executable).name, *sys.argv]))


if __name__ == "__main__":
    main()
