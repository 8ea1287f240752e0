"""What is left unread and whether it matters: the state block's reading guidance.

A capable model left to itself reads every paper (507K prompt tokens on a 100K-token case in one
hand-played run, against 178K for a player who read the docket and the complaint first and searched
the briefs). The state block therefore names the papers not yet read through and, from the kind of
each (prompts/reading_guide.json), the items still empty that it could answer; papers that can answer none
are only counted, so the model can see that skipping them costs nothing. A paper that is another copy
of one listed before it (documents/copies.py) is never offered: it is named as adding nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache

from gavel_agent import prompts
from gavel_agent.case import Case, Document
from gavel_agent.documents import copies, paper

PAPERS_SHOWN = 4  # unread papers named per snapshot; the rest are counted
ITEMS_SHOWN = 3  # open items named per paper
MOSTLY_READ = 0.9  # a paper read this far counts as read


@dataclass(frozen=True)
class PaperKind:
    kind: str
    pattern: re.Pattern[str]
    items: tuple[str, ...]


@lru_cache(maxsize=1)
def kinds() -> tuple[PaperKind, ...]:
    data = json.loads(prompts.load("reading_guide.json"))
    return tuple(PaperKind(k["kind"], re.compile(k["pattern"], re.I), tuple(k["items"])) for k in data["kinds"])


@lru_cache(maxsize=1)
def _after() -> dict[str, tuple[str, ...]]:
    return {k: tuple(v) for k, v in json.loads(prompts.load("reading_guide.json")).get("after", {}).items()}


def answerable(open_items: list[str], filled: set[str]) -> list[str]:
    """The open items a paper could answer now: one that follows others (a dispute over enforcing a decree
    or settlement) only once one of those holds a value; hand-played runs were offered briefs for
    enforcement disputes in a case that ended with no decree or settlement."""
    after = _after()
    return [k for k in open_items if k not in after or any(p in filled for p in after[k])]


def kind_of(doc: Document) -> PaperKind | None:
    """The paper's kind by its document type, else by its title."""
    for label in (doc.type, doc.title):
        for kind in kinds():
            if label and kind.pattern.search(label):
                return kind
    return None


def _mostly_read(doc: Document, tokens_read: dict[str, int]) -> bool:
    return doc.token_count - tokens_read.get(doc.name, 0) <= (1 - MOSTLY_READ) * doc.token_count


def unread_lines(
    case: Case, tokens_read: dict[str, int], open_items: list[str], growing: Collection[str] = ()
) -> list[str]:
    """The state block's lines on unread papers, those worth reading first (the guide's kind order:
    docket, complaint, settlement ... briefs last) each with the open items it could answer and the
    filled list items (``growing``) it could add to: an appeals court's opinion offered only for an open
    decree item looked idle to a player, though it alone held the panel, its cite and its holdings."""
    open_set, growing_set = set(open_items), set(growing)
    rank = {kind.kind: i for i, kind in enumerate(kinds())}
    named: list[tuple[int, str]] = []
    idle = 0
    held = copies.holders(case.documents)
    copy_of = {c.copy: c.of for c in copies.paper_copies(case.documents)}
    repeated: list[str] = []
    for doc in case.documents:
        if any(_mostly_read(case.document(h), tokens_read) for h in held.get(doc.name, [])):
            continue  # a docket whose entries were all read in another copy of it
        left = doc.token_count - tokens_read.get(doc.name, 0)
        if (
            doc.token_count == 0
            or _mostly_read(doc, tokens_read)
            or paper.mostly_furniture(doc.text, len(doc.page_starts))
        ):
            continue  # read enough already, or nothing to read: a scan whose text is only page stamps
        if doc.name in copy_of:
            repeated.append(f"{doc.name} (a copy of {copy_of[doc.name]})")
            continue
        kind = kind_of(doc)
        answers = [k for k in kind.items if k in open_set] if kind else []
        if kind and not answers:
            idle += 1
            continue
        adds = [k for k in kind.items if k in growing_set] if kind else []
        shown = _few(answers) + (f"; adds to {_few(adds)}" if adds else "")
        label = f"{doc.name} ({kind.kind if kind else 'kind unknown'}, {left:,} tokens unread)"
        named.append((rank[kind.kind] if kind else len(rank), label + (f": {shown}" if shown else "")))
    named.sort(key=lambda ranked: ranked[0])  # stable: case order within a kind
    if not named and not idle and not repeated:
        return []
    lines = ["Unread papers and the empty items they could answer:"] if named else []
    lines += [f"- {line}" for _, line in named[:PAPERS_SHOWN]]
    if len(named) > PAPERS_SHOWN:
        lines.append(f"- and {len(named) - PAPERS_SHOWN} more")
    if idle:
        lines.append(
            f"{idle} more unread paper(s) could add only to items that already have values: search them "
            "when a list may be incomplete (parties, remedies, rulings, counsel)."
        )
    if repeated:
        more = f" and {len(repeated) - PAPERS_SHOWN} more" if len(repeated) > PAPERS_SHOWN else ""
        lines.append(
            f"Copies of papers listed before them, reading them adds nothing: {', '.join(repeated[:PAPERS_SHOWN])}{more}."
        )
    return lines


def _few(keys: list[str]) -> str:
    return ", ".join(keys[:ITEMS_SHOWN]) + (", ..." if len(keys) > ITEMS_SHOWN else "")
