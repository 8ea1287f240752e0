"""Core figures on one (large) case: indexing, search and read latency, and a whole offline run.

    python bench/core_bench.py [CASE] [--repeat N] [--markdown docs/benchmarks/core_bench.md]

CASE defaults to ../shared/crlc/cases/case_46210.json (about 600K tokens).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from gavel_agent.backends import resolve_model
from gavel_agent.case import load_case
from gavel_agent.checklists import load_spec
from gavel_agent.loop import AgentRun
from gavel_agent.tools import calls
from gavel_agent.tools.workspace import Workspace
from markdown_fragment import add_option, printed_as_markdown

QUERIES = [
    "complaint filed",
    "United States District Judge",
    "consent decree",
    "class action",
    "42 U.S.C. § 1983",
    "attorneys for plaintiff",
    "motion to dismiss",
    "settlement agreement",
    "preliminary injunction",
    "monitor",
]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "case", nargs="?", default=str(Path(__file__).resolve().parents[2] / "shared/crlc/cases/case_46210.json")
    )
    parser.add_argument("--repeat", type=int, default=5, help="repetitions of each search/read (median reported)")
    add_option(parser)
    args = parser.parse_args()
    with printed_as_markdown(args.markdown):
        bench(args)


def bench(args: argparse.Namespace) -> None:
    print("command:", " ".join(sys.argv))

    t0 = time.perf_counter()
    case = load_case(args.case)
    for doc in case.documents:
        _ = doc.token_count  # tokenize now, so the timing includes it
    spec = load_spec("gavel")
    ws = Workspace.open(case, spec, spec.keys)
    index_s = time.perf_counter() - t0

    tool = {t.name: t for t in calls.tool_specs()}
    search_times, read_times = [], []
    for _ in range(args.repeat):
        for q in QUERIES:
            t = time.perf_counter()
            calls.invoke(ws, tool["search"], json.dumps({"query": q}))
            search_times.append(time.perf_counter() - t)
        for doc in case.documents:
            for start in range(0, doc.token_count, max(doc.token_count // 4, 1)):
                t = time.perf_counter()
                calls.invoke(
                    ws,
                    tool["read_document"],
                    json.dumps({"document": doc.name, "start_token": start, "end_token": start + 2000}),
                )
                read_times.append(time.perf_counter() - t)

    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        run = AgentRun(case, spec, spec.keys, resolve_model("offline"), Path(tmp) / "run")
        outcome = asyncio.run(run.run())
        run_s = time.perf_counter() - t
    stats = outcome.stats

    rows = [
        ("case", f"{case.name}: {len(case.documents)} documents, {case.token_count:,} tokens", ""),
        ("load + tokenize + index", f"{index_s:.2f} s", "≤ 3 s"),
        (f"search p50 ({len(search_times)} queries)", ms(statistics.median(search_times)), "≤ 20 ms"),
        (f"read p50 ({len(read_times)} reads of ≤2,000 tokens)", ms(statistics.median(read_times)), "≤ 5 ms"),
        ("offline all-26 run wall time (incl. index)", f"{run_s:.2f} s", "≤ 30 s"),
        ("steps (model calls)", str(stats.steps), ""),
        ("tool calls", str(sum(stats.tool_counts.values())), ""),
        ("prompt tokens assembled per run", f"{stats.prompt_tokens:,}", "≤ 150,000"),
        ("items filled / values", f"{stats.filled_items}/{len(stats.items)} / {stats.values}", ""),
    ]
    width = max(len(r[0]) for r in rows)
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:<32} {target}")


if __name__ == "__main__":
    main()
