"""S_checklist of GAVEL's own extractions against human.json, with the offline judge.

Scores the end-to-end GPT-4.1 run, every GAVEL-Agent run (model x mode) and the
chunk-by-chunk runs on the development cases that human.json covers, and times
the offline judge over the whole set (zero model calls).

    python bench/evaluate_gavel_outputs.py [--gavel ../shared/gavel]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge  # noqa: E402
from gavel_agent.evaluators.checklist.readers import read_checklists  # noqa: E402
from gavel_agent.evaluators.checklist.score import score_cases  # noqa: E402


def methods(docs: Path) -> dict[str, str]:
    out = {"end-to-end gpt-4.1": str(docs / "end_to_end")}
    for model in sorted(p.name for p in (docs / "gavel_agent").iterdir()):
        for mode in ("all", "grouped", "individual"):
            if list((docs / "gavel_agent" / model).glob(f"*/{mode}")):
                out[f"agent {model} {mode}"] = f"{docs}/gavel_agent/{model}/*/{mode}"
    for model in sorted(p.name for p in (docs / "chunk_by_chunk").iterdir()):
        out[f"chunk-by-chunk {model}"] = str(docs / "chunk_by_chunk" / model)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gavel", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "gavel")
    args = parser.parse_args()
    docs = args.gavel / "document_checklists"
    if not (docs / "human.json").is_file():
        sys.exit(f"error: no GAVEL release at {args.gavel} (pass --gavel)")
    print("$ python bench/evaluate_gavel_outputs.py " + " ".join(sys.argv[1:]))
    refs = read_checklists(docs / "human.json")
    judge = OfflineJudge()
    print(f"\n{'method':<44}{'cases':>6}{'S_checklist':>13}{'released items only':>21}")
    total, items_scored = 0.0, 0
    for label, source in methods(docs).items():
        preds = {c: v for c, v in read_checklists(source).items() if c in refs}
        started = time.perf_counter()
        report = score_cases(preds, refs, judge)
        # Some releases hold only part of the 26 items per case (end-to-end: 15 of 26 on these
        # cases); scoring just the items present shows extraction quality apart from that gap.
        present = score_cases(preds, {c: {k: v for k, v in refs[c].items() if k in preds[c]} for c in preds}, judge)
        total += time.perf_counter() - started
        items_scored += 2 * sum(len(c.items) for c in report.cases)
        print(f"{label:<44}{len(report.cases):>6}{report.overall:>13.1f}{present.overall:>21.1f}")
    print(f"\noffline judge: {total:.2f} s for {items_scored} item comparisons, 0 model calls")


if __name__ == "__main__":
    main()
