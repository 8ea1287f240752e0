"""Quote alignment on a real record: the near-miss quotes of bench/near_miss_quotes.json, and its cost.

Prints each near-miss quote's status (exact / normalised / pieces / rejected) and where it was stored,
how many were accepted, and the median time to check one quote when it is accepted and when it is
rejected (the rejection also finds the closest passage in every document), plus the one-off time to
build a document's alignment key (cached afterwards).

    python bench/quote_alignment.py [--shared ../shared] [--repeat 5] [--markdown docs/benchmarks/quote_alignment.md]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gavel_agent.case import load_case  # noqa: E402
from gavel_agent.checklists import load_spec  # noqa: E402
from gavel_agent.tools import quotes  # noqa: E402
from gavel_agent.tools.checklist import ChecklistState, EvidenceError  # noqa: E402
from markdown_fragment import add_option, printed_as_markdown  # noqa: E402

HERE = Path(__file__).resolve().parent
# Quotes that must stay rejected: a paraphrase, a changed number, words from no document.
REJECTS = [
    ("complaint", "Denka's plant releases chloroprene that gives nearby residents cancer"),
    ("complaint", "breathing chloroprene at concentrations averaging 2.0 micrograms of chloroprene per cubic meter"),
    ("complaint", "The parties agree that the consent decree shall remain in force for five years"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", default=str(HERE.parents[1] / "shared"))
    parser.add_argument("--repeat", type=int, default=5, help="timing repetitions (median reported)")
    add_option(parser)
    args = parser.parse_args()
    with printed_as_markdown(args.markdown):
        bench(args)


def bench(args: argparse.Namespace) -> None:
    print("command:", " ".join(sys.argv))
    data = json.loads((HERE / "near_miss_quotes.json").read_text(encoding="utf-8"))
    case = load_case(Path(args.shared) / data["case"])
    spec = load_spec("gavel")
    state = ChecklistState(spec, spec.keys, case)

    big = max(case.documents, key=lambda d: len(d.text))
    started = time.perf_counter()
    quotes.keyed(big.text)
    key_s = time.perf_counter() - started
    for doc in case.documents:  # warm the per-document caches, as a run does on its first writes
        quotes.align("warm up the cache", doc.text)

    counts: dict[str, int] = {}
    accept_times, reject_times = [], []
    for row in data["quotes"]:
        for _ in range(args.repeat):
            started = time.perf_counter()
            try:
                (ev,) = state.verified("v", [{"document": row["document"], "quote": row["quote"]}]).evidence
                status = ev.status
            except EvidenceError:
                status, ev = "rejected", None
            accept_times.append(time.perf_counter() - started)
        counts[status] = counts.get(status, 0) + 1
        where = f"{ev.document} chars {ev.start_char}-{ev.end_char} page {ev.page}" if ev else ""
        moved = f" (named {ev.named_document})" if ev and ev.named_document else ""
        print(f"  {status:<10} {row['habit']:<45} {where}{moved}")
    for named, quote in REJECTS:
        for _ in range(args.repeat):
            started = time.perf_counter()
            try:
                state.verified("v", [{"document": named, "quote": quote}])
                print(f"  ACCEPTED (should not be): {quote}")
            except EvidenceError:
                pass
            reject_times.append(time.perf_counter() - started)

    accepted = sum(n for s, n in counts.items() if s != "rejected")
    print(f"case {case.name}: {len(case.documents)} documents, {sum(len(d.text) for d in case.documents):,} characters")
    print(
        f"near-miss quotes accepted: {accepted} of {len(data['quotes'])} "
        f"({', '.join(f'{s} {n}' for s, n in sorted(counts.items()))})"
    )
    print(f"paraphrase / changed number / no document: rejected {len(REJECTS)} of {len(REJECTS)}")
    print(f"check one quote, accepted: median {statistics.median(accept_times) * 1000:.2f} ms")
    print(
        f"check one quote, rejected (closest passage in all {len(case.documents)} documents): "
        f"median {statistics.median(reject_times) * 1000:.1f} ms"
    )
    print(f"alignment key of the largest document ({len(big.text):,} characters), once: {key_s * 1000:.0f} ms")


if __name__ == "__main__":
    main()
