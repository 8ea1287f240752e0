"""How many values GAVEL's human checklists hold per list item: the typical count the item specs carry.

    python bench/typical_counts.py [--shared DIR] [--write]

Reads GAVEL's human reference checklists (``gavel/document_checklists/human.json``) for the cases we
may look at: the five dev cases and the cases whose records are not among the Clearinghouse records
in ``crlc/`` (those are held out and never inspected). Per list item it prints, over the cases whose
checklist has any value for the item, the median count (rounded half up: ``typical_count``) and the
largest (``max_count``). ``--write`` stores both in ``checklists/gavel.json`` with a note of their source,
so the task message can state the level a case summary works at and the first-stop review can flag
an item filled far above it.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path

from gavel_agent import atomic
from gavel_agent.checklists import SPEC_DIR, load_spec
from gavel_agent.evaluators.checklist.readers import read_checklists

REPO = Path(__file__).resolve().parents[1]
DEV_CASES = ("12429", "17701", "17762", "43966", "46210")
SPEC_FILE = SPEC_DIR / "gavel.json"


def allowed_cases(human: dict, crlc: Path) -> list[str]:
    """Dev cases, and cases with no record under crlc/ (a record there marks a held-out case)."""
    held_out = {p.stem.removeprefix("case_") for p in crlc.glob("*/case_*.json")}
    return sorted(c for c in human if c in DEV_CASES or c not in held_out)


def counts(shared: Path) -> tuple[dict[str, tuple[int, int, int]], list[str]]:
    """Per list item: (typical count, max count, cases with a value), and the cases counted."""
    human = read_checklists(shared / "gavel" / "document_checklists" / "human.json")
    cases = allowed_cases(human, shared / "crlc")
    out = {}
    for item in load_spec("gavel").items:
        if item.shape != "list":
            continue
        present = [len(human[c].get(item.key, [])) for c in cases if human[c].get(item.key)]
        if present:
            typical = math.floor(statistics.median(present) + 0.5)
            out[item.key] = (typical, max(present), len(present))
    return out, cases


def dump_spec(data: dict) -> str:
    """The spec file's layout: top-level fields one per line, each group and item on one line."""
    lines = ["{"]
    for i, (key, value) in enumerate(data.items()):
        comma = "," if i < len(data) - 1 else ""
        if isinstance(value, list):
            lines.append(f'  "{key}": [')
            lines += [
                f"    {json.dumps(v, ensure_ascii=False)}{',' if j < len(value) - 1 else ''}"
                for j, v in enumerate(value)
            ]
            lines.append(f"  ]{comma}")
        else:
            lines.append(f'  "{key}": {json.dumps(value, ensure_ascii=False)}{comma}')
    return "\n".join(lines + ["}"]) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared", help="the shared data folder")
    parser.add_argument("--write", action="store_true", help="store the counts in checklists/gavel.json")
    args = parser.parse_args()
    table, cases = counts(args.shared)
    print(f"{len(cases)} human checklists: {', '.join(cases)}")
    print(f"{'item':24} {'typical':>7} {'max':>4} {'cases with values':>18}")
    for key, (typical, most, n) in table.items():
        print(f"{key:24} {typical:7} {most:4} {n:18}")
    if not args.write:
        return
    data = json.loads(SPEC_FILE.read_text(encoding="utf-8"))
    source = (
        f"typical_count is the median (rounded half up) and max_count the largest number of values of the item "
        f"in GAVEL's human checklists (document_checklists/human.json) of {len(cases)} cases, counted over the "
        "cases that have any value for it: the dev cases and the cases whose records are not held out "
        "(bench/typical_counts.py)"
    )
    # The source note sits after the description, where a reader of the file meets it first.
    data = {k: v for k, v in data.items() if k != "counts_source"}
    at = list(data).index("description") + 1
    data = dict([*list(data.items())[:at], ("counts_source", source), *list(data.items())[at:]])
    for item in data["items"]:
        item.pop("typical_count", None)
        item.pop("max_count", None)
        if item["key"] in table:
            item["typical_count"], item["max_count"], _ = table[item["key"]]
    atomic.write_text(SPEC_FILE, dump_spec(data))
    print(f"written to {SPEC_FILE}")


if __name__ == "__main__":
    main()
