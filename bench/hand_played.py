"""The hand-played bench: runs of the agent loop whose model was played by hand, beside GAVEL's methods.

A capable model is played through ``../shared/tools/model_bridge.py`` (see docs/hand-played.md for the
protocol); each run leaves a run folder. This script scores every run against GAVEL's human checklists
with the offline judge and prints, per case: S_checklist, items filled and settled as none in the record,
values, prompt tokens against the case's own size (the budget is 1.5x the case's tokens, floor 150K),
turns, quotes refused, and the S_checklist of GAVEL-Agent (Qwen3-30B, gpt-oss-20b; mode "all") and of
GAVEL's end-to-end GPT-4.1 run on the same case, scored by the same judge.

    python bench/hand_played.py RUN_DIR [RUN_DIR ...] [--gavel ../shared/gavel]
                                [--cases ../shared/crlc/cases] [--markdown FILE]

The case of a run is the ``case`` of its stats.json (a Clearinghouse id).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gavel_agent import atomic  # noqa: E402
from gavel_agent.case import load_case  # noqa: E402
from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge  # noqa: E402
from gavel_agent.evaluators.checklist.readers import read_checklists  # noqa: E402
from gavel_agent.evaluators.checklist.score import score_case  # noqa: E402
from gavel_agent.run_folder import RunFiles  # noqa: E402

SHARED = Path(__file__).resolve().parents[2] / "shared"
GAVEL_METHODS = {
    "Qwen3-30B agent": "document_checklists/gavel_agent/Qwen3-30B-A3B-Thinking-2507/{case}/all",
    "gpt-oss-20b agent": "document_checklists/gavel_agent/gpt-oss-20b-BF16/{case}/all",
    "GPT-4.1 end-to-end": "document_checklists/end_to_end",
}
TOKEN_FLOOR = 150_000
BUDGET_RATIO = 1.5
# A write's ledger summary counts what it refused ("filing_date +1 stored, 2 rejected").
REFUSED = re.compile(r"(\d+)\s+(?:rejected|refused)")
WRITE_TOOLS = ("append_checklist", "update_checklist")


@dataclass
class HandPlayedRun:
    case: str
    score: float | None
    filled: int
    settled_none: int
    items: int
    values: int
    prompt_tokens: int
    case_tokens: int
    turns: int
    refused: int
    history_tokens: int | None
    gavel: dict[str, float | None]

    @property
    def budget(self) -> int:
        return max(TOKEN_FLOOR, int(BUDGET_RATIO * self.case_tokens))


def refused_quotes(ledger: Path) -> int:
    """Values the write tools refused over the run (as each write's ledger summary counts them)."""
    refused = 0
    if not ledger.is_file():
        return 0
    for line in ledger.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue
        if entry.get("tool") in WRITE_TOOLS:
            refused += sum(int(n) for n in REFUSED.findall(str(entry.get("summary", ""))))
    return refused


def gavel_scores(case: str, refs: dict, gavel: Path, judge: OfflineJudge) -> dict[str, float | None]:
    scores: dict[str, float | None] = {}
    for label, pattern in GAVEL_METHODS.items():
        source = gavel / pattern.format(case=case)
        found = read_checklists(source) if source.exists() else {}
        pred = found.get(case)
        scores[label] = score_case(pred, refs[case], judge, case).score if pred is not None else None
    return scores


def measure(run_dir: Path, refs: dict, gavel: Path, cases: Path, judge: OfflineJudge) -> HandPlayedRun:
    files = RunFiles(run_dir)
    stats = files.read_stats()
    case = stats.case
    if case not in refs:
        raise SystemExit(f"error: {run_dir}: case {case} has no human checklist in {gavel}")
    predicted = read_checklists(files.checklist, case_id=case)[case]
    return HandPlayedRun(
        case=case,
        score=score_case(predicted, refs[case], judge, case).score,
        filled=stats.filled_items,
        settled_none=len(files.read_checklist().none_reasons()),
        items=len(stats.items),
        values=stats.values,
        prompt_tokens=stats.prompt_tokens,
        case_tokens=load_case(cases / f"case_{case}.json").token_count,
        turns=stats.steps,
        refused=refused_quotes(files.ledger),
        history_tokens=stats.history_tokens,
        gavel=gavel_scores(case, refs, gavel, judge),
    )


def _score(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def table(runs: list[HandPlayedRun]) -> list[str]:
    methods = list(GAVEL_METHODS)
    header = [
        "case",
        "history",
        "S_checklist",
        "filled",
        "none",
        "values",
        "prompt tokens",
        "budget",
        "turns",
        "refused",
    ]
    lines = ["| " + " | ".join(header + methods) + " |", "|" + "---|" * (len(header) + len(methods))]
    for r in runs:
        cells = [
            r.case,
            "-" if r.history_tokens is None else f"{r.history_tokens:,}",
            _score(r.score),
            f"{r.filled}/{r.items}",
            str(r.settled_none),
            str(r.values),
            f"{r.prompt_tokens:,}",
            f"{r.budget:,}" + (" (over)" if r.prompt_tokens > r.budget else ""),
            str(r.turns),
            str(r.refused),
        ]
        lines.append("| " + " | ".join(cells + [_score(r.gavel[m]) for m in methods]) + " |")
    scored = [r.score for r in runs if r.score is not None]
    if scored:
        means = []
        for m in methods:
            got = [score for r in runs if (score := r.gavel[m]) is not None]
            means.append(_score(statistics.fmean(got)) if len(got) == len(runs) else "-")
        mean_row = ["mean", "", _score(statistics.fmean(scored)), "", "", "", "", "", "", ""]
        lines.append("| " + " | ".join(mean_row + means) + " |")
    return lines


def by_history(runs: list[HandPlayedRun]) -> list[str]:
    """Runs under different history budgets, side by side: the table a history policy is chosen by.

    Only cases played under every budget count, so each mean covers the same cases."""
    budgets = sorted({r.history_tokens for r in runs if r.history_tokens is not None}, reverse=True)
    if len(budgets) < 2:
        return []
    played = [{r.case for r in runs if r.history_tokens == b and r.score is not None} for b in budgets]
    cases = sorted(played[0].intersection(*played[1:]))
    if not cases:
        return []
    lines = [
        "",
        f"History budgets on the cases played under each ({', '.join(cases)}); means over runs:",
        "",
        "| history | runs | S_checklist | values | prompt tokens | turns |",
        "|---|---|---|---|---|---|",
    ]
    for budget in budgets:
        chosen = [r for r in runs if r.history_tokens == budget and r.case in cases and r.score is not None]
        lines.append(
            f"| {budget:,} | {len(chosen)} | {statistics.fmean(r.score for r in chosen if r.score is not None):.1f} | "
            f"{statistics.fmean(r.values for r in chosen):.0f} | {statistics.fmean(r.prompt_tokens for r in chosen):,.0f} | "
            f"{statistics.fmean(r.turns for r in chosen):.1f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", type=Path, help="run folders of hand-played runs")
    parser.add_argument("--gavel", type=Path, default=SHARED / "gavel")
    parser.add_argument("--cases", type=Path, default=SHARED / "crlc" / "cases")
    parser.add_argument("--markdown", type=Path, help="also write the table to this markdown file")
    args = parser.parse_args()
    human = args.gavel / "document_checklists" / "human.json"
    if not human.is_file():
        sys.exit(f"error: no GAVEL release at {args.gavel} (pass --gavel)")
    missing = [str(r) for r in args.runs if not RunFiles(r).exists()]
    if missing:
        sys.exit(f"error: not a run folder (no stats.json): {', '.join(missing)}")
    refs = read_checklists(human)
    judge = OfflineJudge()
    runs = [measure(r, refs, args.gavel, args.cases, judge) for r in args.runs]
    lines = table(runs) + by_history(runs)
    command = "$ python bench/hand_played.py " + " ".join(sys.argv[1:])
    print(command)
    print("\n".join(lines))
    if args.markdown:
        atomic.write_text(args.markdown, "\n".join([f"`{command}`", "", *lines]) + "\n")


if __name__ == "__main__":
    main()
