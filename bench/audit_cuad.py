"""Typed audit of the offline agent, with and without ``--verify``.

Runs ``gavel-agent run --verify`` (offline model) on the CUAD development
contracts and on the GAVEL cases that are also Clearinghouse records, then
audits the extraction before verification (``checklist_unverified.json``,
which is what a run without ``--verify`` stores: the offline model is
deterministic) and after it (``checklist.json``) with the offline strict judge.

Prints the typed profile with 95% bootstrap intervals for CUAD, and a
before/after table (FP, FN, FAR, Hal_Gen) for both sets.

    python bench/audit_cuad.py [--shared ../shared] [--limit N] [--workers 2] [--work DIR]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from gavel_agent.checklists import load_spec
from gavel_agent.evaluators.audit.inputs import read_reference
from gavel_agent.evaluators.audit.judge import StrictJudge
from gavel_agent.evaluators.audit.metrics import AuditReport, audit
from gavel_agent.evaluators.checklist.cuad import contract_files, dev_split
from gavel_agent.evaluators.checklist.readers import read_checklists


def run_agent(case: Path, spec: str, out: Path) -> tuple[str, float, str]:
    if (out / "verify.jsonl").is_file():  # done in an earlier invocation with the same --work
        return out.name, 0.0, ""
    started = time.monotonic()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "gavel_agent",
            "run",
            str(case),
            "--spec",
            spec,
            "--model",
            "offline",
            "--quiet",
            "--verify",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
    )
    return out.name, time.monotonic() - started, done.stderr.strip().splitlines()[-1] if done.returncode else ""


def contract_case(contract: Path, cases: Path) -> Path:
    """A one-document case folder named after the contract (its file copied into the work folder: case
    readers leave symbolic links out).

    The folder carries the contract id as the case name; the document inside
    gets a name without spaces, which every tool prints as one word.
    """
    folder = cases / contract.stem
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / "contract.txt"
    if not copy.exists():
        shutil.copyfile(contract, copy)
    return folder


def audit_pair(runs: list[Path], reference: dict, spec_name: str) -> tuple[AuditReport, AuditReport]:
    spec = load_spec(spec_name)
    before, after = {}, {}
    for run in runs:
        if (run / "checklist_unverified.json").is_file():
            before.update(read_checklists(run / "checklist_unverified.json", spec))
            after.update(read_checklists(run / "checklist.json", spec))
    judge = StrictJudge()
    return audit(before, reference, spec, judge), audit(after, reference, spec, judge)


def fmt(report: AuditReport, group: str, metric: str) -> str:
    cell = report.metrics[group][metric]
    if cell.value is None:
        return "-"
    return f"{cell.value:.3f} [{cell.low:.3f}, {cell.high:.3f}]" if cell.low is not None else f"{cell.value:.3f}"


def print_profile(title: str, report: AuditReport) -> None:
    metrics = ("FAR", "FRR", "Acc", "Hal_TP", "Hal_Gen", "JEq", "RDI")
    print(
        f"\n{title}: {len(report.documents)} documents, {report.judge} judge, "
        f"95% bootstrap CIs ({report.resamples} resamples over (document, item) units, seed {report.seed})"
    )
    print(f"{'category':<11} {'TP/FP/FN/TN':>13}  " + "  ".join(f"{m:^21}" for m in metrics))
    for group, counts in report.counts.items():
        if not any(counts[s] for s in ("TP", "FP", "FN", "TN")):
            continue
        tally = f"{counts['TP']}/{counts['FP']}/{counts['FN']}/{counts['TN']}"
        print(f"{group:<11} {tally:>13}  " + "  ".join(f"{fmt(report, group, m):^21}" for m in metrics))
    g = report.typed_gap
    gap = "-" if g.value is None else f"{g.value:.3f}" + (f" [{g.low:.3f}, {g.high:.3f}]" if g.low is not None else "")
    print(f"typed gap {gap}; contradictions by type: {json.dumps(report.mismatches)}")


def print_before_after(title: str, before: AuditReport, after: AuditReport, runs: list[Path]) -> None:
    actions: dict[str, int] = {}
    for run in runs:
        log = run / "verify.jsonl"
        for line in log.read_text(encoding="utf-8").splitlines() if log.is_file() else []:
            a = json.loads(line)["action"]
            actions[a] = actions.get(a, 0) + 1
    print(f"\n{title}: offline extraction without vs with --verify ({len(after.documents)} documents)")
    print(f"{'':<10} {'FP':>5} {'FN':>5} {'TP':>5} {'contra.':>8}  {'FAR':^21}  {'Hal_Gen':^21}  {'FRR':^21}")
    for name, r in (("without", before), ("with", after)):
        c = r.counts["overall"]
        print(
            f"{name:<10} {c['FP']:>5} {c['FN']:>5} {c['TP']:>5} {c['contradicted']:>8}  "
            f"{fmt(r, 'overall', 'FAR'):^21}  {fmt(r, 'overall', 'Hal_Gen'):^21}  {fmt(r, 'overall', 'FRR'):^21}"
        )
    print(f"verify decisions: {json.dumps(dict(sorted(actions.items())))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=Path("../shared"))
    parser.add_argument("--limit", type=int, default=0, help="Audit only the first N dev contracts (0: all).")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--work", type=Path, default=None, help="Folder for runs (default: a temporary folder).")
    parser.add_argument("--skip-gavel", action="store_true", help="Only the CUAD contracts.")
    args = parser.parse_args()
    cuad = args.shared / "cuad"
    if not (cuad / "master_clauses.csv").is_file():
        sys.exit(f"error: no CUAD data at {cuad} (pass --shared)")
    work = args.work or Path(tempfile.mkdtemp(prefix="audit-bench-"))

    contracts = contract_files(cuad / "full_contract_txt")
    dev = dev_split(sorted(contracts))
    dev = dev[: args.limit] if args.limit else dev
    jobs = [(contract_case(contracts[c], work / "cases"), "cuad", work / "runs" / "cuad" / c) for c in dev]

    gavel_ref_path = args.shared / "gavel" / "document_checklists" / "human.json"
    gavel_ref = {} if args.skip_gavel else read_reference(gavel_ref_path, load_spec("gavel"))
    overlap = sorted(c for c in gavel_ref if (args.shared / "crlc" / "cases" / f"case_{c}.json").is_file())
    jobs += [(args.shared / "crlc" / "cases" / f"case_{c}.json", "gavel", work / "runs" / "gavel" / c) for c in overlap]

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for name, _seconds, error in pool.map(lambda j: run_agent(*j), jobs):
            if error:
                print(f"run failed for {name}: {error}", file=sys.stderr)
    print(f"{len(jobs)} offline runs with --verify in {time.monotonic() - started:.0f} s (work folder {work})")

    cuad_runs = [j[2] for j in jobs if j[1] == "cuad"]
    before, after = audit_pair(cuad_runs, read_reference(cuad / "master_clauses.csv", load_spec("cuad")), "cuad")
    print_profile("CUAD dev, offline agent (no --verify)", before)
    print_profile("CUAD dev, offline agent with --verify", after)
    print_before_after("CUAD dev", before, after, cuad_runs)
    if overlap:
        gavel_runs = [j[2] for j in jobs if j[1] == "gavel"]
        g_before, g_after = audit_pair(gavel_runs, gavel_ref, "gavel")
        print_profile(f"GAVEL overlap cases {', '.join(overlap)}, offline agent (no --verify)", g_before)
        print_before_after("GAVEL overlap cases", g_before, g_after, gavel_runs)
    print(f"\ncommand: python {' '.join(sys.argv)}")


if __name__ == "__main__":
    main()
