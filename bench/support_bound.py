"""What the support check costs the offline bench's held-out rows, and how much of that the check must cost.

Issue 38's support check refuses a value whose quotes do not state it; its bound is that the held-out
figures of bench/offline_quality.py fall by at most 1 point. This sets two of that bench's run folders
over the same records side by side, one made with the check on and one with it off
(``offline_quality.py --support-check off``, which stores the values the check would refuse), and prints
for every row of its table (a) the held-out mean of each run and the drop, split in two:

- must-refuse: the rows' loss to values that what they assert (a date, figure, name, deciding word, or
  any of their content words) is written nowhere in the case: judged by the support check itself with
  every document of the case, the docket's included, as the quote. The issue's first rule refuses them
  whatever the quotes, so the "off" figure less this share is what the check may reach;
- recoverable: the rest, values some text of the case states though the quotes the run gave them do not.

A row meets the bound under the issue's first rule when on >= (off - must-refuse) - 1. Then the stored
values the check refused, per item: how many are written nowhere and how many some text states.

    python bench/support_bound.py RUN_ON RUN_OFF [FOLDER ...] [--jobs 2] [--markdown docs/benchmarks/support_bound.md]

RUN_ON and RUN_OFF are the two runs' --out folders; FOLDER (default ../shared/crlc/cases and
../shared/crlc/train) holds the records, as for the bench. A record is compared when both folders hold
its run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gavel_agent.case import load_case  # noqa: E402
from gavel_agent.checklists import load_spec  # noqa: E402
from gavel_agent.checklists.record import ChecklistFile  # noqa: E402
from gavel_agent.offline.learned.corpus import CANDIDATES_FILE, record_files  # noqa: E402
from gavel_agent.tools.support import Quoted, judge_quoted  # noqa: E402
from markdown_fragment import add_option, printed_as_markdown  # noqa: E402
from offline_quality import (  # noqa: E402
    ROWS,
    SUPPORT_CHECK_FILE,
    FoldTallies,
    Refused,
    Runs,
    Values,
    coding_with_related,
    filing_date_written,
    fold_table,
    read_runs,
)

BOUND = 1.0  # points a held-out row may fall by (issue 38)

Unstated = dict[str, dict[str, bool]]  # item -> value the check refused -> whether the case writes it nowhere


def written_nowhere(case_file: Path, checklist: ChecklistFile) -> Unstated:
    """The values the run stored as unsupported, each with whether the case's texts, all of them together
    taken as its quote, still do not state it."""
    spec = load_spec("gavel")
    refused = {k: [v.value for v in vals if v.support == "unsupported"] for k, vals in checklist.items.items()}
    if not any(refused.values()):
        return {}
    case = Quoted([d.text for d in load_case(case_file).documents])  # read once for all the case's values
    return {
        key: {value: judge_quoted(value, case, spec.item(key)).status == "unsupported" for value in values}
        for key, values in refused.items()
        if values
    }


def _written_nowhere_of(args: tuple[str, str]) -> Unstated:
    case_file, checklist = args
    return written_nowhere(Path(case_file), ChecklistFile.read(Path(checklist)))


def must_refuse(unstated: dict[str, Unstated]) -> Refused:
    """Per case and item, the values its texts state nowhere."""
    return {
        case: {k: {v for v, gone in vals.items() if gone} for k, vals in items.items()}
        for case, items in unstated.items()
    }


def without(runs: Runs, gone: Refused) -> tuple[dict[str, Values], Refused]:
    """The run's values less ``gone``, and its refused values with them: the learned items' values are
    chosen again from the candidates, so a value refused there stays refused."""
    values = {
        case: {k: [v for v in vals if v not in gone.get(case, {}).get(k, set())] for k, vals in items.items()}
        for case, items in runs.values.items()
    }
    refused = {
        case: {k: vals | gone.get(case, {}).get(k, set()) for k, vals in items.items()}
        for case, items in runs.refused.items()
    }
    return values, refused


def held_out_means(held: FoldTallies) -> dict[str, float | None]:
    """Per row, the mean over folds of the held-out share, as the bench's first column."""
    means: dict[str, float | None] = {}
    for name, tallies in held.items():
        shares = [100 * t.hits / t.total for t in tallies.values() if t.total]
        means[name] = statistics.mean(shares) if shares else None
    return means


@dataclass(frozen=True)
class BoundRow:
    name: str
    off: float
    on: float
    reachable: float  # off, less the values written nowhere in the case

    @property
    def drop(self) -> float:
        return self.off - self.on

    @property
    def must_refuse(self) -> float:
        return self.off - self.reachable

    @property
    def recoverable(self) -> float:
        return self.reachable - self.on

    @property
    def meets(self) -> bool:
        return self.on >= self.reachable - BOUND


def bound_rows(
    on: dict[str, float | None], off: dict[str, float | None], reachable: dict[str, float | None]
) -> list[BoundRow]:
    rows = []
    for name in ROWS:
        a, b, c = off.get(name), on.get(name), reachable.get(name)
        if a is not None and b is not None and c is not None:
            rows.append(BoundRow(name, a, b, c))
    return rows


def print_bound(rows: list[BoundRow]) -> None:
    print(f"  {'field':36}{'off':>8}{'on':>8}{'drop':>8}{'must-refuse':>13}{'recoverable':>13}  meets")
    for r in rows:
        print(
            f"  {r.name:36}{r.off:7.1f}%{r.on:7.1f}%{r.drop:+8.1f}{r.must_refuse:+13.1f}{r.recoverable:+13.1f}"
            f"  {'yes' if r.meets else 'NO'}"
        )
    print(
        "  drop = off - on = must-refuse + recoverable; meets: on >= (off - must-refuse) - 1 (a negative share: the"
        " values' loss raised the row)"
    )


def refused_counts(unstated: dict[str, Unstated], stored: dict[str, ChecklistFile]) -> dict[str, list[int]]:
    """Per item: values the check refuses (stored unsupported with it off), of them written nowhere, stated
    somewhere, and stored by the run with the check on (given a quote that states them)."""
    counts: dict[str, list[int]] = {}
    for case, items in unstated.items():
        for key, values in items.items():
            row = counts.setdefault(key, [0, 0, 0, 0])
            kept = {v.value for v in stored[case].items.get(key, [])} if case in stored else set()
            for value, gone in values.items():
                row[0] += 1
                row[1 if gone else 2] += 1
                row[3] += value in kept
    return counts


def print_refused(counts: dict[str, list[int]]) -> None:
    print(f"\n  {'item':24}{'unsupported':>12}{'written nowhere':>17}{'stated somewhere':>18}{'stored, check on':>18}")
    for key in sorted(counts, key=lambda k: -counts[k][0]):
        print(f"  {key:24}" + "".join(f"{n:>{w}}" for n, w in zip(counts[key], (12, 17, 18, 18))))
    total = [sum(c[i] for c in counts.values()) for i in range(4)]
    print(f"  {'ALL':24}" + "".join(f"{n:>{w}}" for n, w in zip(total, (12, 17, 18, 18))))


def runs_in(out: Path, files: list[Path]) -> list[str | None]:
    """Each record's finished run in a bench's --out, or None."""
    dirs = [out / f.stem for f in files]
    return [str(d) if (d / CANDIDATES_FILE).is_file() and (d / "stats.json").is_file() else None for d in dirs]


def support_check_of(out: Path) -> str:
    marker = out / SUPPORT_CHECK_FILE
    return marker.read_text(encoding="utf-8").strip() if marker.is_file() else "on"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run_on", type=Path, help="offline_quality.py --out folder made with the support check on")
    parser.add_argument("run_off", type=Path, help="offline_quality.py --out folder made with --support-check off")
    parser.add_argument(
        "folders",
        nargs="*",
        type=Path,
        default=[Path("../shared/crlc/cases"), Path("../shared/crlc/train")],
        help="folders of Clearinghouse records (case_<id>.json)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="processes reading the cases' texts")
    add_option(parser)
    args = parser.parse_args()
    for out, setting in ((args.run_on, "on"), (args.run_off, "off")):
        if not out.is_dir():
            sys.exit(f"error: not a folder: {out}")
        if support_check_of(out) != setting:
            sys.exit(f"error: {out} holds runs made with the support check {support_check_of(out)}, not {setting}")
    missing = [str(f) for f in args.folders if not f.is_dir()]
    if missing:
        sys.exit(f"error: not a folder: {', '.join(missing)}")
    files = record_files(args.folders)
    on_dirs, off_dirs = runs_in(args.run_on, files), runs_in(args.run_off, files)
    both = [(f, a, b) for f, a, b in zip(files, on_dirs, off_dirs) if a and b]
    if not both:
        sys.exit(f"error: no record has a run in both {args.run_on} and {args.run_off}")
    with printed_as_markdown(args.markdown):
        compare(args, [f for f, *_ in both], [a for _, a, _ in both], [b for *_, b in both])


def compare(args: argparse.Namespace, files: list[Path], on_dirs: list[str | None], off_dirs: list[str | None]) -> None:
    on, off = read_runs(files, on_dirs), read_runs(files, off_dirs)
    coding = coding_with_related(on.records, args.folders)
    written, _ = filing_date_written(on.records, on.case_files)
    cases = [r.case for r in off.records]
    with ProcessPoolExecutor(args.jobs) as pool:
        found = pool.map(
            _written_nowhere_of,
            [(str(off.case_files[c]), str(Path(off.run_dirs[c]) / "checklist.json")) for c in cases],
            chunksize=8,
        )
        unstated = dict(zip(cases, found))
    reachable_values, reachable_refused = without(off, must_refuse(unstated))
    means = [
        held_out_means(fold_table(runs.records, coding, written, values, refused)[0])
        for runs, values, refused in (
            (on, on.values, on.refused),
            (off, off.values, off.refused),
            (off, reachable_values, reachable_refused),
        )
    ]
    print(f"command: python {' '.join(sys.argv)}")
    print(f"{len(cases)} records with a run in both; check on: {args.run_on}, off: {args.run_off}")
    print("\nHeld-out means (table (a)'s first column) with the support check off and on, and the drop split")
    print_bound(bound_rows(means[0], means[1], means[2]))
    print(
        "\nValues the check judges unsupported (stored so by the run with it off), per item, and those the run with it"
        " on stored (its evidence search found a quote that states them)"
    )
    print_refused(refused_counts(unstated, on.checklists))


if __name__ == "__main__":
    main()
