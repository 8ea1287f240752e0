"""Which causes of action the learned choice misses and which it adds wrongly, by value, held out.

    python bench/cause_values.py --runs DIR [FOLDER ...] [--folds 0,1,2] [--top 15]

Reads the offline runs cached by ``bench/offline_quality.py --out DIR`` (it runs nothing), refits the
causes model on each fold's other folds as that bench does, and prints, summed over the held-out folds:
per coded cause, how often the choice states it, how often a candidate stated it but was left out,
and how often no candidate stated it; per kept value, how often it was right and wrong; and the held-out
ranking's ceiling: the most recall any one threshold reaches at the field's precision floor when it is
chosen on the very records it scores (an oracle no fitted model has), which tells a feature that ranks
values better from one that only moves the chosen threshold along the same curve. Read misses on the
dev folds only (``--folds 0,1,2``): the other folds stay unseen.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gavel_agent.evaluators.checklist.crlc_reference import cause_stated  # noqa: E402
from gavel_agent.offline.learned.corpus import Record, load_records, record_files  # noqa: E402
from gavel_agent.offline.learned.train import FIELDS, fit  # noqa: E402

ITEM = "cause_of_action"
FIELD = next(f for f in FIELDS if f.item == ITEM)
# The cases GAVEL's human checklists share with the records: fitted on like any record, never read.
GAVEL_CASES = frozenset({"12429", "17701", "17762", "43966", "46210"})


def held_out_models(records: list[Record]) -> dict[int, dict | None]:
    """Per fold, the causes model fitted on the other folds' records."""
    folds = sorted({r.fold for r in records})
    return {k: fit(FIELD, [r for r in records if r.fold != k]) for k in folds}


def _scored(records: list[Record], models: dict[int, dict | None], unread: frozenset[str]) -> Iterator[Record]:
    """The held-out records the tallies score: coded, in a fold with a model, not ``unread``."""
    return (r for r in records if r.fold in models and r.case not in unread and FIELD.coded(r.coded))


def held_out_tallies(
    records: list[Record], unread: frozenset[str] = GAVEL_CASES, models: dict[int, dict | None] | None = None
) -> dict[str, Counter]:
    """Per coded cause: 'kept', 'left' (a candidate states it), 'absent' (none does); per kept value:
    'right', 'wrong'. Each fold's values are chosen by a model fitted on the other folds (``models``,
    if already fitted); the ``unread`` cases are fitted on but not tallied."""
    from gavel_agent.checklists import load_spec
    from gavel_agent.offline.item_plan import item_plan
    from gavel_agent.offline.learned.selection import apply_model, found_from_rows
    from gavel_agent.offline.policy import choose

    plan = item_plan("gavel", load_spec("gavel").item(ITEM))
    models = held_out_models(records) if models is None else models
    out = {name: Counter() for name in ("kept", "left", "absent", "right", "wrong")}
    for r in _scored(records, models, unread):
        model = models[r.fold]
        rows = r.rows(ITEM)
        found = found_from_rows(rows)
        if model and found:
            found = apply_model(model, found, rows, r.features(ITEM))
        kept = [v["value"] for v in choose(plan, found)] if found else []
        named = sorted({row["value"] for row in rows})
        for cause in r.coded.causes:
            state = "kept" if cause_stated(cause, kept) else "left" if cause_stated(cause, named) else "absent"
            out[state][cause] += 1
        for value in set(kept):
            out["right" if any(cause_stated(c, [value]) for c in r.coded.causes) else "wrong"][value] += 1
    return out


class Ceiling(NamedTuple):
    recall: float  # coded causes stated by the values kept at the oracle threshold (all coded causes count)
    precision: float  # kept values that state a coded cause
    threshold: float | None  # None: no threshold reaches the floor
    average_precision: float  # of the candidate values' ranking (a value is right if it states a coded cause)


def ranking_ceiling(
    records: list[Record], models: dict[int, dict | None], unread: frozenset[str] = GAVEL_CASES
) -> Ceiling:
    """The held-out values pooled over the folds, ranked by their fold's model (a value by its best
    mention), and the one threshold keeping the most coded causes at the field's precision floor."""
    from sklearn.metrics import average_precision_score

    from gavel_agent.offline.learned.selection import probability
    from gavel_agent.offline.learned.train import distinct_value_key

    values: list[tuple[float, str, frozenset[int]]] = []  # probability, record, the coded causes it states
    coded = 0
    for r in _scored(records, models, unread):
        model, causes = models[r.fold], r.coded.causes
        coded += len(causes)
        if model is None:
            continue
        best: dict[str, tuple[float, str]] = {}
        for row, f in zip(r.rows(ITEM), r.features(ITEM)):
            p, key = probability(model, f), distinct_value_key(row["value"])
            if key not in best or p > best[key][0]:
                best[key] = (p, row["value"])
        for p, value in best.values():
            values.append((p, r.case, frozenset(i for i, c in enumerate(causes) if cause_stated(c, [value]))))
    if not values:
        return Ceiling(0.0, 0.0, None, 0.0)
    ap = average_precision_score([bool(s) for _, _, s in values], [p for p, _, _ in values])
    values.sort(key=lambda v: -v[0])
    stated: dict[str, set[int]] = {}
    right = found = 0
    best_point = Ceiling(0.0, 0.0, None, ap)
    for n, (p, case, states) in enumerate(values, 1):
        right += bool(states)
        mine = stated.setdefault(case, set())
        found += len(states - mine)
        mine |= states
        last_of_tie = n == len(values) or values[n][0] < p
        if last_of_tie and right / n >= (FIELD.precision_floor or 0.0) and found / coded > best_point.recall:
            best_point = Ceiling(found / coded, right / n, p, ap)
    return best_point


def main() -> None:
    parser = argparse.ArgumentParser(description="Causes of action missed and added wrongly, by value, held out.")
    parser.add_argument(
        "folders", nargs="*", type=Path, default=[Path("../shared/crlc/cases"), Path("../shared/crlc/train")]
    )
    parser.add_argument("--runs", type=Path, required=True, help="offline runs cached by offline_quality.py --out")
    parser.add_argument("--folds", default="0,1,2", help="comma-separated folds (default: the dev folds)")
    parser.add_argument("--top", type=int, default=15, help="rows per table")
    args = parser.parse_args()
    try:
        folds = {int(k) for k in args.folds.split(",") if k}
    except ValueError:
        sys.exit(f"error: --folds takes comma-separated numbers, not {args.folds!r}")
    files = record_files(args.folders)
    if not files:
        sys.exit(f"error: no case_<id>.json files in {', '.join(map(str, args.folders))}")
    dirs = [str(args.runs / f.stem) if (args.runs / f.stem / "candidates.json").is_file() else None for f in files]
    records = [r for r in load_records(files, dirs) if r.fold in folds]
    if len({r.fold for r in records}) < 2:
        sys.exit(f"error: need cached runs of records in two folds or more under {args.runs}")
    models = held_out_models(records)
    t = held_out_tallies(records, models=models)
    coded = sum(sum(t[s].values()) for s in ("kept", "left", "absent"))
    kept = sum(t["right"].values()) + sum(t["wrong"].values())
    print(
        f"{len(records)} records, folds {sorted(folds)} (the GAVEL overlap cases not tallied): recall {sum(t['kept'].values())}/{coded},",
        end=" ",
    )
    print(f"precision {sum(t['right'].values())}/{kept}")
    top = ranking_ceiling(records, models)
    at = f"threshold {top.threshold:.3f}" if top.threshold is not None else "no threshold reaches it"
    print(
        f"ranking ceiling (an oracle threshold chosen on these held-out records): recall {top.recall:.1%} at "
        f"precision {top.precision:.1%} ({at}; floor {FIELD.precision_floor:.0%}), "
        f"average precision of the candidate values {top.average_precision:.3f}"
    )
    print("\ncoded causes left out though a candidate states them (left / kept / no candidate)")
    for cause, n in t["left"].most_common(args.top):
        print(f"  {n:4} {t['kept'][cause]:5} {t['absent'][cause]:5}  {cause}")
    print("\ncoded causes no candidate states (no candidate / kept)")
    for cause, n in t["absent"].most_common(args.top):
        print(f"  {n:4} {t['kept'][cause]:5}  {cause}")
    print("\nkept values the coding does not list (wrong / right)")
    for value, n in t["wrong"].most_common(args.top):
        print(f"  {n:4} {t['right'][value]:5}  {value}")


if __name__ == "__main__":
    main()
