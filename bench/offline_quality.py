"""Offline extraction quality on real cases.

Runs the offline agent (all 26 GAVEL items) over the Clearinghouse cases and prints:
(a) agreement with the Clearinghouse coding for every case (per field, with counts);
(b) S_checklist per item and overall on the cases GAVEL's human checklists share with
    ../shared/crlc, by the offline judge, beside GAVEL's own extractions of those cases;
(c) evidence: share of stored quotes found again at their offsets, share of items left empty,
    and the run cost (prompt tokens, wall time).

    python bench/offline_quality.py [--crlc ../shared/crlc/cases] [--gavel ../shared/gavel]
                                    [--out DIR] [--jobs 2] [--limit N] [--reuse]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gavel_agent.checklists import load_spec  # noqa: E402
from gavel_agent.checklists.record import ChecklistFile  # noqa: E402
from gavel_agent.evaluators.checklist import crlc_reference as crlc  # noqa: E402
from gavel_agent.evaluators.checklist.score import Report, score_cases  # noqa: E402
from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge  # noqa: E402
from gavel_agent.evaluators.checklist.readers import read_checklists  # noqa: E402
from gavel_agent.case import load_case  # noqa: E402
from gavel_agent.run_files import RunStats  # noqa: E402
from gavel_agent.tools.quotes import same_text  # noqa: E402

GAVEL_METHODS = {
    "GPT-4.1 end-to-end": "document_checklists/end_to_end/20_human_eval_cases_order_by_date_True_batch_*.json",
    "Qwen3-30B agent": "document_checklists/gavel_agent/Qwen3-30B-A3B-Thinking-2507/*/all",
    "gpt-oss-20b agent": "document_checklists/gavel_agent/gpt-oss-20b-BF16/*/all",
}


def run_case(case_file: str, out: str, reuse: bool) -> str | None:
    """Run the offline agent on one case; returns its run folder (None: the record has no readable documents)."""
    from gavel_agent.case import CaseError
    from gavel_agent.loop import AgentRun
    from gavel_agent.models import resolve_model

    run_dir = Path(out) / Path(case_file).stem
    if reuse and (run_dir / "stats.json").is_file():
        return str(run_dir)
    if run_dir.exists():
        import shutil

        shutil.rmtree(run_dir)
    spec = load_spec("gavel")
    try:
        case = load_case(case_file)
    except CaseError:
        return None
    asyncio.run(AgentRun(case, spec, spec.keys, resolve_model(None), run_dir).run())
    return str(run_dir)


@dataclass
class Tally:
    hits: int = 0
    total: int = 0

    def add(self, ok: bool) -> None:
        self.hits += ok
        self.total += 1

    def __str__(self) -> str:
        share = f"{100 * self.hits / self.total:5.1f}%" if self.total else "    -"
        return f"{share}  ({self.hits}/{self.total})"


def _values(checklist: ChecklistFile, *keys: str) -> list[str]:
    return [v for k in keys for v in checklist.values_of(k)]


def stated_in_record(day: date, record: dict) -> bool:
    """Whether any document of the record writes this date (numeric, month-name or day-first forms),
    i.e. whether an extraction with a verbatim quote could reach it at all."""
    year = rf"(?:{day.year}|'?{day.year % 100:02d})"
    month = f"{day:%b}[a-z]*\\.?"
    forms = re.compile(
        rf"\b0?{day.month}\s*[-./]\s*0?{day.day}\s*[-./]\s*{year}\b|\b{month}\s+0?{day.day}(?:st|nd|rd|th)?,?\s+{year}\b"
        rf"|\b0?{day.day}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?{month},?\s+{year}\b|\b{day.isoformat()}\b",
        re.I,
    )
    return any(forms.search(d.get("text") or "") for d in record.get("documents") or [])


def coding_table(records: dict[str, dict], checklists: dict[str, ChecklistFile]) -> dict[str, Tally]:
    from gavel_agent.offline.rules_text import parse_date

    rows = {name: Tally() for name in (
        "filing date (exact day)", "  the coded date is in the record", "  exact, where it is",
        "class action sought (yes/no)", "causes of action (recall)",
        "constitutional clauses (recall)", "counsel type (main category)", "defendants (recall)",
        "settlement/decree date (recall)", "related cases (recall)")}
    for case, record in records.items():
        coded, got = crlc.coded_case(record), checklists[case]
        if coded.filing_date:
            exact = coded.filing_date in [parse_date(v) for v in got.values_of("filing_date")]
            rows["filing date (exact day)"].add(exact)
            reachable = stated_in_record(coded.filing_date, record)
            rows["  the coded date is in the record"].add(reachable)
            if reachable:
                rows["  exact, where it is"].add(exact)
        if coded.class_action_sought is not None:
            said = any("class action" in v.lower() and "no class action" not in v.lower() for v in got.values_of("class_action"))
            rows["class action sought (yes/no)"].add(said == coded.class_action_sought)
        for cause in coded.causes:
            rows["causes of action (recall)"].add(crlc.cause_stated(cause, _values(got, "cause_of_action")))
        for clause in coded.clauses:
            rows["constitutional clauses (recall)"].add(crlc.clause_stated(clause, _values(got, "statutory_basis")))
        if coded.counsel:
            rows["counsel type (main category)"].add(main_counsel(got.values_of("type_of_counsel")) == coded.counsel)
        defendants = [v for v in got.values_of("parties") if v.startswith("Defendant")]
        for name in coded.defendants:
            rows["defendants (recall)"].add(crlc.named_in(name, defendants))
        if coded.settlement_date:
            dates = {parse_date(v.split(":")[0]) for v in _values(got, "settlement_date", "decree_dates")}
            rows["settlement/decree date (recall)"].add(coded.settlement_date in dates)
        for name in coded.related_cases:
            rows["related cases (recall)"].add(crlc.named_in(name, _values(got, "related_case_numbers", "consolidated_cases")))
    return rows


def main_counsel(values: list[str]) -> str:
    """Our values' main category, in the coding's order of precedence; private when nothing is said."""
    for category, prefixes in (("Government", ("Government",)), ("Public interest", ("Public interest", "Legal aid")),
                               ("Pro se", ("Pro se",)), ("Private", ("Private",))):
        if any(v.removeprefix("Plaintiff: ").startswith(prefixes) for v in values):
            return category
    return "Private"


def evidence_audit(checklists: dict[str, ChecklistFile], case_files: dict[str, Path]) -> tuple[Tally, Tally]:
    verified, empty = Tally(), Tally()
    for case, checklist in checklists.items():
        docs = {d.name: d.text for d in load_case(case_files[case]).documents}
        for values in checklist.items.values():
            empty.add(not values)
            for value in values:
                for ev in value.evidence:
                    text = docs.get(ev.document, "")
                    ok = ev.start_char is not None and same_text(ev.quote, text[ev.start_char : ev.end_char])
                    verified.add(ok)
    return verified, empty


def _only(keys: set[str], checklists: dict[str, dict[str, list[str]]]) -> dict[str, dict[str, list[str]]]:
    return {case: {k: v for k, v in items.items() if k in keys} for case, items in checklists.items()}


def gavel_reports(gavel: Path, preds: dict[str, dict[str, list[str]]]) -> tuple[dict[str, Report], list[str], list[str]]:
    """Our scores and GAVEL's methods' on the shared cases, and notes on methods whose release
    holds only some items: those are scored on the items they hold (a missing item is not an
    empty answer), and ours again on the same items beside them."""
    spec = load_spec("gavel")
    human = read_checklists(gavel / "document_checklists" / "human.json", spec)
    cases = sorted(c for c in preds if c in human)
    refs = {c: human[c] for c in cases}
    judge = OfflineJudge()
    ours = {c: preds[c] for c in cases}
    reports = {"offline agent (ours)": score_cases(ours, refs, judge)}
    notes = []
    for label, pattern in GAVEL_METHODS.items():
        theirs = read_checklists(str(gavel / pattern), spec)
        held = {key for items in theirs.values() for key in items}
        reports[label] = score_cases(_only(held, {c: theirs[c] for c in cases if c in theirs}), _only(held, refs), judge)
        if len(held) < len(spec.keys):
            same = score_cases(_only(held, ours), _only(held, refs), judge).overall
            notes.append(f"{label}: its released checklists hold {len(held)} of the {len(spec.keys)} items, so it is scored on those"
                         f" ('-' elsewhere); ours on the same {len(held)} items: {same:.1f}")
    return reports, cases, notes


def print_gavel(reports: dict[str, Report], cases: list[str], notes: list[str]) -> None:
    labels = list(reports)
    print(f"\n(b) S_checklist vs GAVEL human checklists, offline judge, cases {', '.join(cases)}")
    print(f"{'item':24}" + "".join(f"{label[:20]:>22}" for label in labels))
    for key in load_spec("gavel").keys:
        cells = []
        for label in labels:
            row = next((i for i in reports[label].per_item if i.item == key), None)
            cells.append(f"{row.score:8.1f} ({row.cases})" if row and row.score is not None else "-")
        print(f"{key:24}" + "".join(f"{c:>22}" for c in cells))
    print(f"{'OVERALL (mean of cases)':24}" + "".join(
        f"{reports[label].overall:>22.1f}" if reports[label].overall is not None else f"{'-':>22}" for label in labels))
    for note in notes:
        print(f"  {note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--crlc", type=Path, default=Path("../shared/crlc/cases"))
    parser.add_argument("--gavel", type=Path, default=Path("../shared/gavel"))
    parser.add_argument("--out", type=Path, default=None, help="run folders (default: a fresh temporary folder)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--limit", type=int, default=0, help="only the first N cases (the GAVEL overlap cases come first)")
    parser.add_argument("--reuse", action="store_true", help="reuse finished runs found in --out")
    args = parser.parse_args()
    files = sorted(args.crlc.glob("case_*.json"))
    if not files:
        sys.exit(f"error: no case_<id>.json files in {args.crlc}")
    human = read_checklists(args.gavel / "document_checklists" / "human.json") if args.gavel.is_dir() else {}
    files.sort(key=lambda f: (f.stem.removeprefix("case_") not in human, f.name))
    if args.limit:
        files = files[: args.limit]
    out = args.out or Path(tempfile.mkdtemp(prefix="offline_quality_"))
    started = time.time()
    with ProcessPoolExecutor(args.jobs) as pool:
        run_dirs = list(pool.map(run_case, map(str, files), [str(out)] * len(files), [args.reuse] * len(files)))
    elapsed = time.time() - started
    skipped = [f.name for f, d in zip(files, run_dirs) if d is None]
    files, run_dirs = [f for f, d in zip(files, run_dirs) if d], [d for d in run_dirs if d]

    records = {f.stem.removeprefix("case_"): crlc.read_record(f) for f in files}
    case_files = {f.stem.removeprefix("case_"): f for f in files}
    checklists = {case: ChecklistFile.read(Path(d) / "checklist.json") for case, d in zip(records, run_dirs)}
    stats = [RunStats.model_validate_json((Path(d) / "stats.json").read_text()) for d in run_dirs]

    print(f"command: python {' '.join(sys.argv)}")
    print(f"{len(files)} cases, offline agent, all 26 items; runs in {out} ({elapsed:.0f} s with {args.jobs} jobs)")
    if skipped:
        print(f"skipped (no document texts): {', '.join(skipped)}")
    print("\n(a) Agreement with the Clearinghouse coding")
    for name, tally in coding_table(records, checklists).items():
        print(f"  {name:34} {tally}")
    if human:
        preds = {case: {k: [v.value for v in vals] for k, vals in c.items.items()} for case, c in checklists.items()}
        print_gavel(*gavel_reports(args.gavel, preds))
    verified, empty = evidence_audit(checklists, case_files)
    print("\n(c) Evidence and cost")
    print(f"  quotes found again at their offsets   {verified}")
    print(f"  requested items left empty            {empty}")
    print(f"  prompt tokens per run, median         {statistics.median(s.prompt_tokens for s in stats):,.0f}")
    print(f"  wall time per run, median             {statistics.median(s.wall_time_s for s in stats):.1f} s")


if __name__ == "__main__":
    main()
