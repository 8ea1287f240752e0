"""Papers that Clearinghouse records hold twice, and what finding them costs.

    python bench/paper_copies.py [--records DIR]

For each record (``case_*.json``, default ``../shared/crlc/cases``) it finds the papers, dockets aside,
that are another copy of one listed before them (``gavel_agent.documents.copies``) and prints: how many
records hold such copies, how many copies and their tokens, and the time of the first search per
record (later calls are cached), the slowest named.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from gavel_agent.case import load_case
from gavel_agent.documents import copies

REPO = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=Path, default=REPO.parent / "shared" / "crlc" / "cases")
    parser.add_argument("--list", action="store_true", help="name each copy and the paper it copies")
    args = parser.parse_args()
    paths = sorted(args.records.glob("case_*.json"))
    if not paths:
        raise SystemExit(f"no case_*.json under {args.records}")
    holding = copied = copy_tokens = all_tokens = 0
    slowest = (0.0, "")
    for path in paths:
        case = load_case(path)
        started = time.perf_counter()
        found = copies.paper_copies(case.documents)
        took = time.perf_counter() - started
        slowest = max(slowest, (took, f"{path.name}: {len(case.documents)} documents, {case.token_count:,} tokens"))
        all_tokens += case.token_count
        if found:
            holding += 1
            copied += len(found)
            copy_tokens += sum(case.document(c.copy).token_count for c in found)
        for c in found if args.list else []:
            print(f"{path.name}: {c.copy} is a copy of {c.of}")
    print(
        f"{holding} of {len(paths)} records hold a paper twice: {copied} copies, {copy_tokens:,} of their "
        f"{all_tokens:,} tokens; slowest search {slowest[0] * 1000:.0f} ms ({slowest[1]})"
    )


if __name__ == "__main__":
    main()
