"""Offline CATO factor extraction from generated case narratives: precision and recall.

Each triple's three narratives become one in-memory case with documents named
CC, TSC1 and TSC2; the offline agent (search, read windows, rule extractors,
verified quotes) fills the ``cato`` checklist, and every value, with its case
label, is compared with the generator's factor sets. A second row applies the
rules directly to whole narratives, to separate rule errors from navigation.

    python bench/cato_factors.py [--n 90] [--seed 0] [--jobs 2]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from gavel_agent.arguments.mentions import factor_pairs, parse_value, read_mentions
from gavel_agent.arguments.narratives import render_triple
from gavel_agent.arguments.scenarios import Triple, generate_triples
from gavel_agent.backends import resolve_model
from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.loop import AgentRun

Pair = tuple[str, str]


def truth(triple: Triple) -> set[Pair]:
    return {(label, f) for label, keys in triple.ground_truth().items() for f in keys}


def agent_pairs(triple: Triple) -> set[Pair]:
    docs = [Document(name=label, text=text, title=label) for label, text in render_triple(triple).items()]
    case = Case(name=triple.id, documents=docs, title=triple.id)
    spec = load_spec("cato")
    with tempfile.TemporaryDirectory() as tmp:
        run = AgentRun(case, spec, spec.keys, resolve_model("offline"), Path(tmp) / "run")
        outcome = asyncio.run(run.run())
    found = set()
    for values in outcome.checklist.items.values():
        for value in values:
            factor, label = parse_value(value.value)
            found |= {(label or ev.document, factor) for ev in value.evidence}
    return found


def rule_pairs(triple: Triple) -> set[Pair]:
    return set().union(*(factor_pairs(read_mentions(text, label)) for label, text in render_triple(triple).items()))


def tally(results: list[tuple[set[Pair], set[Pair]]]) -> tuple[int, int, int, Counter, Counter]:
    tp = fp = fn = 0
    fps, fns = Counter(), Counter()
    for found, gold in results:
        tp += len(found & gold)
        fp += len(found - gold)
        fn += len(gold - found)
        fps.update(f for _, f in found - gold)
        fns.update(f for _, f in gold - found)
    return tp, fp, fn, fps, fns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=90, help="number of triples (three narratives each)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2, help="agent runs in parallel processes")
    args = parser.parse_args()
    triples = generate_triples(args.n, args.seed)
    gold = [truth(t) for t in triples]

    started = time.monotonic()
    with ProcessPoolExecutor(args.jobs) as pool:
        by_agent = list(pool.map(agent_pairs, triples))
    agent_seconds = time.monotonic() - started
    by_rules = [rule_pairs(t) for t in triples]

    print(
        f"CATO factors in {len(triples)} triples ({3 * len(triples)} narratives, "
        f"{sum(map(len, gold))} (case, factor) pairs), seed {args.seed}"
    )
    print(f"{'reader':<28}{'TP':>6}{'FP':>6}{'FN':>6}{'precision':>11}{'recall':>8}  errors (factor: count)")
    for name, found in (("offline agent (loop)", by_agent), ("rules on whole narratives", by_rules)):
        tp, fp, fn, fps, fns = tally(list(zip(found, gold)))
        errors = (
            " ".join(f"FP {k}:{v}" for k, v in fps.most_common(4))
            + " "
            + " ".join(f"FN {k}:{v}" for k, v in fns.most_common(4))
        )
        print(
            f"{name:<28}{tp:>6}{fp:>6}{fn:>6}{tp / max(tp + fp, 1):>11.3f}{tp / max(tp + fn, 1):>8.3f}  {errors.strip()}"
        )
    print(f"agent wall time {agent_seconds:.0f} s with {args.jobs} processes")
    print("command: python " + " ".join(sys.argv))


if __name__ == "__main__":
    main()
