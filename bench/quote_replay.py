"""GAVEL's own agents' evidence quotes replayed through our quote checker.

GAVEL released the checklists its agents (Qwen3-30B-A3B-Thinking-2507 and gpt-oss-20b-BF16) wrote for the
dev cases, every value with its quotes. Five of those cases have their texts in shared/crlc/cases. Each
distinct (case, document named, quote) of a model is written as our agent's write would be, with the
item's value, and counted by how the checker stored it (exact / normalised / gaps / pieces) or why it was
refused. Where evidence carries a support status (states / related / unsupported), the counts by it follow.

bench/quote_replay_labels.json holds a hand-labelled sample of the quotes the checker refused before it
learned the habits of issue 38 (genuine / paraphrase / note / wrong document, each read against the case
text). The bench prints how each label fares now and estimates the share of all genuine quotes accepted:
accepted / (accepted + refused x the genuine share among the labelled quotes still refused). Targets:
at least 90% of genuine quotes accepted, no labelled paraphrase, note or wrong-document quote accepted.

    python bench/quote_replay.py [--shared ../shared] [--show STATUS ...]

--show gaps (or any status, or refused) prints each such quote with the text it was stored as, or with
the refusal.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gavel_agent.case import Case, load_case  # noqa: E402
from gavel_agent.checklists import ChecklistSpec, load_spec  # noqa: E402
from gavel_agent.checklists.record import ALIGNMENT_ORDER  # noqa: E402
from gavel_agent.tools.checklist import ChecklistState, EvidenceError  # noqa: E402

HERE = Path(__file__).resolve().parent
LABELS = HERE / "quote_replay_labels.json"
MODELS = ("Qwen3-30B-A3B-Thinking-2507", "gpt-oss-20b-BF16")
CASES = ("12429", "17701", "17762", "43966", "46210")
ACCEPTED_LABELS_FORBIDDEN = ("paraphrase", "note", "wrong document")
SUPPORT_ORDER = ("states", "related", "unsupported")


@dataclass(frozen=True)
class Quote:
    model: str
    case: str
    item: str  # GAVEL's item name ("Filing_Date")
    value: str
    document: str  # as the model named it
    quote: str

    @property
    def key(self) -> tuple[str, str, str, str]:
        return self.model, self.case, self.document, self.quote


@dataclass(frozen=True)
class Outcome:
    status: str  # an alignment status, or "refused"
    support: str | None  # the evidence's support status, once the checker gives one
    message: str  # the refusal, or where the quote was stored


def gavel_quotes(checklists: Path, model: str, case: str) -> list[Quote]:
    """Every distinct quote a model gave for a case, over its runs (all items at once, grouped, one by one)."""
    seen: dict[tuple[str, str, str, str], Quote] = {}
    for path in sorted((checklists / model / case).glob("**/checklist.json")):
        for item, entry in json.loads(path.read_text(encoding="utf-8")).items():
            for extracted in entry.get("extracted") or []:
                for ev in extracted.get("evidence") or []:
                    q = Quote(model, case, item, str(extracted.get("value") or ""), ev["source_document"], ev["text"])
                    seen.setdefault(q.key, q)
    return list(seen.values())


def replay(state: ChecklistState, q: Quote) -> Outcome:
    try:
        (ev,) = state.verified(q.value or "value", [{"document": q.document, "quote": q.quote}]).evidence
    except EvidenceError as e:
        return Outcome("refused", None, str(e))
    # The seam for the support status (issue 38, point 1): read it off the evidence when it has one.
    stored = f"{ev.document} chars {ev.start_char}-{ev.end_char}: {ev.quote!r}"
    return Outcome(ev.status, getattr(ev, "support", None), stored)


def _share(n: int, total: int) -> str:
    return f"{n:>5} ({100 * n / total:5.1f}%)" if total else f"{n:>5}"


def _table(title: str, rows: dict[str, Counter[str]]) -> None:
    seen = {s for c in rows.values() for s in c}
    order = [s for s in (*ALIGNMENT_ORDER, *SUPPORT_ORDER) if s in seen] + sorted(
        seen - {*ALIGNMENT_ORDER, *SUPPORT_ORDER}
    )
    print(f"\n{title}")
    print(f"  {'':<30}" + "".join(f"{s:>15}" for s in order) + f"{'total':>8}")
    for name, counts in rows.items():
        total = sum(counts.values())
        print(f"  {name:<30}" + "".join(f"{_share(counts[s], total):>15}" for s in order) + f"{total:>8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", default=os.environ.get("GAVEL_SHARED", str(HERE.parents[1] / "shared")))
    parser.add_argument("--show", nargs="*", default=[], help="print the quotes of these statuses (or 'refused')")
    args = parser.parse_args()
    shared = Path(args.shared)
    checklists = shared / "gavel/document_checklists/gavel_agent"
    if not checklists.is_dir():
        sys.exit(f"no GAVEL agent checklists at {checklists} (give --shared)")
    print("command:", " ".join(["python", *sys.argv]))

    spec: ChecklistSpec = load_spec("gavel")
    cases: dict[str, Case] = {c: load_case(shared / f"crlc/cases/case_{c}.json") for c in CASES}
    outcomes: dict[tuple[str, str, str, str], tuple[Quote, Outcome]] = {}
    for case_id, case in cases.items():
        state = ChecklistState(spec, spec.keys, case)
        for model in MODELS:
            for q in gavel_quotes(checklists, model, case_id):
                outcomes[q.key] = (q, replay(state, q))

    by_status = {m: Counter(o.status for q, o in outcomes.values() if q.model == m) for m in MODELS}
    by_status["both models"] = sum(by_status.values(), Counter())
    _table("quotes by alignment status (distinct case, document named, quote per model)", by_status)
    if any(o.support for _, o in outcomes.values()):
        by_support = {
            m: Counter(o.support or o.status for q, o in outcomes.values() if q.model == m and o.status != "refused")
            for m in MODELS
        }
        _table("accepted quotes by support status", by_support)
    for q, o in outcomes.values():
        if o.status in args.show:
            print(f"\n[{q.model[:4]} {q.case} {q.item}] {o.status} {q.document!r}: {q.quote!r}\n  -> {o.message}")

    labelled = json.loads(LABELS.read_text(encoding="utf-8"))
    rows = []
    for row in labelled["quotes"]:
        found = outcomes.get((row["model"], row["case"], row["document"], row["quote"]))
        if found is None:
            sys.exit(f"{LABELS.name}: a labelled quote is not among GAVEL's quotes: {row['quote'][:60]!r}")
        rows.append((row, found[1]))
    print(f"\nhand-labelled sample: {len(rows)} quotes refused before issue 38's habits ({LABELS.name})")
    for label in sorted({r["label"] for r, _ in rows}):
        mine = [o for r, o in rows if r["label"] == label]
        accepted = [o for o in mine if o.status != "refused"]
        shown = Counter(o.status for o in accepted)
        detail = f" ({', '.join(f'{s} {n}' for s, n in sorted(shown.items()))})" if shown else ""
        print(f"  {label:<15} {len(accepted):>3} of {len(mine):>3} accepted{detail}")
    forbidden = [(r, o) for r, o in rows if r["label"] in ACCEPTED_LABELS_FORBIDDEN and o.status != "refused"]
    for r, o in forbidden:
        print(f"  ACCEPTED, labelled {r['label']}: {r['quote'][:100]!r} -> {o.message}")
    print(f"  paraphrases, notes and wrong-document quotes accepted: {len(forbidden)} (target 0)")

    accepted = sum(1 for _, o in outcomes.values() if o.status != "refused")
    refused = len(outcomes) - accepted
    still_refused = [r for r, o in rows if o.status == "refused"]
    for title, genuine in (
        ("in the documents or the docket", lambda r: r["label"] == "genuine"),
        ("in the documents loaded", lambda r: r["label"] == "genuine" and r.get("source") != "docket entries"),
    ):
        share = sum(map(genuine, still_refused)) / len(still_refused) if still_refused else 0.0
        estimate = accepted / (accepted + refused * share) if accepted else 0.0
        print(
            f"  genuine quotes ({title}) accepted, estimated: {100 * estimate:.1f}% "
            f"({accepted} accepted; {refused} refused x {100 * share:.0f}% genuine among the "
            f"{len(still_refused)} labelled quotes still refused; target 90%)"
        )


if __name__ == "__main__":
    main()
