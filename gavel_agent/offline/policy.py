"""The offline model's plan: how a rule-based reader navigates a case.

It is a generator that yields batches of tool calls and receives their results
(the data each tool returns beside the text an LLM reads). Per item it searches with the item's
queries (regex queries start with ``re:``), ranks the hits, favouring the
document types where that item is usually stated, reads a window around the
best hits, runs the item's rule extractor on what it read, and records the
findings with their quotes. Then it stops twice (review, then end).

An ``open:`` query names documents by a regex over their type and title (or
several, joined by `` || ``, tried in turn until one names a document); the
opening tokens of the earliest such documents are read without a search, since
some facts (a complaint's filing stamp and jurisdiction paragraph, a docket's
case header) sit on a document's first page. A ``close:`` query reads their
closing tokens the same way: signature blocks (the date a pleading was signed,
the lawyers who signed it) sit on the last page. ``open-latest:`` and ``close-latest:`` read
the same pages of the latest dated such documents: a case's final order says how it ended
(judgment entered, the case dismissed or closed) in its last lines. A window read for several items
is read once and given to each of their extractors.
"""

from __future__ import annotations

import re
from collections.abc import Generator
from dataclasses import dataclass
from datetime import date

from gavel_agent.case_identity import docket_key
from gavel_agent.checklists import ChecklistSpec
from gavel_agent.offline.date_stamps import add_stamps, docket_papers, stamp_searches
from gavel_agent.offline.item_plan import ItemPlan, item_plan
from gavel_agent.offline.learned.selection import select
from gavel_agent.offline.registry import DocInfo, Finding, get_extractor
from gavel_agent.offline.rules.text import dates_in, parse_date
from gavel_agent.text.regexes import DOCKET
from gavel_agent.tools.calls import DocumentRead, DocumentRow, ToolResult
from gavel_agent.tools.injection import blank_injected
from gavel_agent.tools.search import Hit

Call = tuple[str, dict]
Batch = list[Call]
Results = list[ToolResult | None]  # one per call of a batch; None when the loop did not run the call

# Parallel calls per turn: every turn re-sends the system prompt and snapshot, so the wider candidate
# reads (high-recall generation for the learned selection) go out in fewer, fuller turns.
CALLS_PER_TURN = 30
WINDOW_MARGIN = 96
CREDIBLE_MARGIN = 0.1  # findings this close to the most certain one count as equally credible
SAME_PAPER_DAYS = 7  # dates this close describe one paper (signed, then filed), not two events
OPEN_DOCUMENTS = 2  # earliest matching documents per open: or close: query
LATEST_DOCUMENTS = 3  # latest dated matching documents per open-latest: or close-latest: query
# (a case's last papers: a final order may follow a judgment, a fee order the final order)
OPEN_TOKENS = 700  # a first (or last) page and a little more
OPEN_SCORE = 2.0  # as much as a top search hit in a preferred document type


@dataclass(frozen=True)
class Window:
    document: str
    start: int
    end: int
    score: float


def _sharing(
    items: list[ItemPlan], readers: list[tuple[ItemPlan, Window]], doc: DocInfo
) -> list[tuple[ItemPlan, Window]]:
    """The items that also look at a window read for others (their plan's ``shared_reads`` names the
    document's type or title), each at the score its first reader gave the window."""
    asked = {item.key for item, _ in readers}
    label = f"{doc.type} {doc.title}"
    return [
        (item, readers[0][1])
        for item in items
        if item.shared_reads and item.key not in asked and re.search(item.shared_reads, label, re.I)
    ]


def documents(listing: ToolResult | None) -> dict[str, DocInfo]:
    """The case's documents from a list_documents result."""
    data = listing.data if listing is not None and isinstance(listing.data, list) else []
    rows = [r for r in data if isinstance(r, DocumentRow)]
    newest: dict[str, str] = {}  # document type -> its latest listing date
    for r in rows:
        if r.date:
            newest[r.type] = max(newest.get(r.type, ""), r.date)
    return {
        r.name: DocInfo(r.name, r.title, r.type, r.date or None, r.tokens, bool(r.date) and r.date == newest[r.type])
        for r in rows
    }


def hits(result: ToolResult | None) -> list[Hit]:
    """The hits of a search result, best first (none for an error)."""
    return (
        [h for h in result.data if isinstance(h, Hit)] if result is not None and isinstance(result.data, list) else []
    )


def read_text(result: ToolResult | None) -> DocumentRead | None:
    """The span a read_document result holds (None for an error)."""
    return result.data if result is not None and isinstance(result.data, DocumentRead) else None


def type_prior(plan: ItemPlan, doc: DocInfo | None) -> float:
    """How much more likely the item is stated in this kind of document."""
    if doc is None or not plan.document_types:
        return 1.0
    label = f"{doc.type} {doc.title}".lower()
    for rank, wanted in enumerate(plan.document_types):
        head = wanted.lower().split("/")[0].split()[0]
        if head and head in label:
            return 2.0 - 0.25 * rank
    return 1.0


PAGE_READS = ("open:", "close:", "open-latest:", "close-latest:")


def page_windows(query: str, docs: dict[str, DocInfo], opened: int | None = None) -> list[Window]:
    """Windows over the first (open:) or last (close:) page of the earliest documents whose type and
    title match the query's regex, or of the latest dated ones (open-latest:, close-latest:); of
    regexes joined by " || ", the first that matches any document. ``opened`` (an item plan's own
    count) overrides how many documents a query reads."""
    kind, _, patterns = query.partition(":")
    chosen: list[DocInfo] = []
    for pattern in patterns.split(" || "):
        wanted = re.compile(pattern, re.I)
        chosen = [d for d in docs.values() if wanted.search(f"{d.type} {d.title}")]
        if chosen:
            break
    latest = kind.endswith("-latest")
    if latest:
        chosen = sorted((d for d in chosen if d.date), key=lambda d: d.date or "", reverse=True)
    else:
        chosen.sort(key=lambda d: d.date or "9999")  # undated documents last
    windows = []
    for rank, d in enumerate(chosen[: opened or (LATEST_DOCUMENTS if latest else OPEN_DOCUMENTS)]):
        start = max(0, d.tokens - OPEN_TOKENS) if kind.startswith("close") else 0
        windows.append(Window(d.name, start, start + OPEN_TOKENS, OPEN_SCORE / (rank + 1)))
    return windows


def _year_serial(number: str) -> tuple[str, str]:
    """A docket number's year and running number, which every form of a case's number keeps ("25-1079",
    "1:25-cv-01079-PLF"; an appeal's number differs in its running number)."""
    parts = docket_key(number).split("-")
    return parts[0], parts[-1]


def names_docket(value: str, docket: tuple[str, str]) -> bool:
    return any(_year_serial(number) == docket for number in re.findall(DOCKET, value))


def search_call(query: str, hits: int) -> Call:
    if query.startswith("re:"):
        return ("search", {"query": query[3:], "mode": "regex", "flags": "i", "top_k": hits})
    return ("search", {"query": query, "top_k": hits})


def rank_windows(plan: ItemPlan, results: Results, docs: dict[str, DocInfo]) -> list[Window]:
    scored: dict[tuple[str, int, int], float] = {}
    for result in results:
        for rank, hit in enumerate(hits(result)):
            key = (hit.document, hit.start_token, hit.end_token)
            scored[key] = scored.get(key, 0.0) + type_prior(plan, docs.get(hit.document)) / (rank + 1)
    windows: list[Window] = []
    for (doc, start, end), score in sorted(scored.items(), key=lambda kv: -kv[1]):
        s, e = max(0, start - WINDOW_MARGIN), end + WINDOW_MARGIN
        if any(w.document == doc and s < w.end and w.start < e for w in windows):
            continue
        windows.append(Window(doc, s, e, score))
        if len(windows) == plan.windows:
            break
    return windows


def choose(plan: ItemPlan, found: list[tuple[float, Finding, str]], room: int | None = None) -> list[dict]:
    """The best findings, one entry per distinct value, as append_checklist values: at most the plan's
    limit (and ``room``, the values the item can still take), listed in the plan's order.

    A single-valued item takes its most certain finding (the window's rank only breaks
    ties): how a rule recognised a value says more than where search happened to find it.
    """
    if plan.item.shape == "single":
        found.sort(key=lambda f: (-f[1].confidence, -f[0]))
        if found and plan.prefer == "earliest":
            found.insert(0, _earliest_event(found))
    else:
        found.sort(key=lambda f: -f[0] * f[1].confidence)
    values: dict[str, dict] = {}
    for _, finding, doc in found:
        key = value_key(finding.value, plan)
        evidence = [{"document": d, "quote": q} for d, q in ((doc, finding.quote), *finding.also)]
        if key not in values:
            values[key] = {"value": finding.value, "evidence": evidence}
        elif finding.value.startswith(values[key]["value"] + " ("):
            # The same party with its detail ("... (is the Director of ...)"): keep the detail, both quotes.
            values[key] = {"value": finding.value, "evidence": values[key]["evidence"] + evidence}
    limit = plan.value_limit if room is None else min(room, plan.value_limit)
    return [{**v, "value": in_item_format(plan, v["value"])} for v in listed(plan, list(values.values())[:limit])]


SIDES = ("Plaintiff", "Defendant")  # a caption's order; other labels (intervenors, amici) follow


def listed(plan: ItemPlan, values: list[dict]) -> list[dict]:
    """The kept values in the order the plan lists them (a stable sort: ties keep the certainty order)."""
    if plan.order == "date":
        dated = [(found[0][0] if (found := dates_in(v["value"])) else None, v) for v in values]
        return [v for d, v in sorted(dated, key=lambda dv: (dv[0] is None, dv[0] or date.min))]
    if plan.order == "side":
        return sorted(
            values, key=lambda v: next((n for n, s in enumerate(SIDES) if v["value"].startswith(s)), len(SIDES))
        )
    return values


# A rule's value dated at its end: "Motion to dismiss denied (May 1, 2019)", "Complaint (filed March 15, 2021)".
_CLOSING_DATE = re.compile(r"\s*\((?:filed\s+)?([^()]+)\)$")


def in_item_format(plan: ItemPlan, value: str) -> str:
    """The value as the item's format writes it.

    - An item whose values open with their date ("[date]: [court] [granted/denied] ...") gets the date a
      rule wrote at the end first ("May 1, 2019: Motion to dismiss denied"). The rules keep the date last
      while they work, since the settlers read it there.
    - An item whose format opens with one fixed label ("Appeal: [who] appealed to [court]") gets that
      label before a value that does not open with its word ("Appeal: The County appealed to the Ninth
      Circuit"). A format offering labels to choose from ("Plaintiff: ... or Defendant: ...") is left to
      the rules, which know the side.
    """
    value_format = plan.item.value_format
    label = value_format.split("[", 1)[0]
    if label.endswith(": ") and " or " not in value_format:
        return value if value.lower().startswith(label[:-2].lower()) else f"{label}{value}"
    if not value_format.startswith("[date]"):
        return value
    m = _CLOSING_DATE.search(value)
    if m is None or parse_date(m.group(1)) is None:
        return value
    return f"{m.group(1)}: {value[: m.start()]}"


def value_key(value: str, plan: ItemPlan) -> str:
    """What makes two values one: punctuation does not ("Kirkland & Ellis, L.L.P." = "Kirkland Ellis LLP"),
    nor, for an item whose values name someone, a parenthetical detail ("Defendant: Jane Roe (is the
    Director ...)" = "Defendant: Jane Roe")."""
    if plan.detail_in_parentheses:
        value = value.split(" (", 1)[0]
    return " ".join(re.findall(r"\w+", re.sub(r"\b([a-z])\.", r"\1", value.lower())))


def _earliest_event(found: list[tuple[float, Finding, str]]) -> tuple[float, Finding, str]:
    """Of the near-certain dated findings, the first event; ``found`` is sorted most certain first.

    A case is filed before any other docket (an appeal, a writ) records its own opening
    entry. Dates a few days apart are one paper signed on one day and filed on another,
    and there the more certain finding (the filing record) stands.
    """
    best = found[0]
    top = parse_date(best[1].value)
    credible = [
        (d, f)
        for f in found
        if f[1].confidence >= best[1].confidence - CREDIBLE_MARGIN and (d := parse_date(f[1].value))
    ]
    if top is None or not credible:
        return best
    first, finding = min(credible, key=lambda df: df[0])
    return finding if (top - first).days > SAME_PAPER_DAYS else best


def keyword_queries(plan: ItemPlan) -> list[str]:
    """The item's plain BM25 queries (not ``re:`` patterns, not page reads)."""
    return [q for q in plan.queries if not q.startswith(("re:", *PAGE_READS))]


def searched(plan: ItemPlan) -> list[str]:
    """The item's search queries (open: and close: queries are reads, not searches), as many as its
    plan allows (``"searches": n``)."""
    return [q for q in plan.queries if not q.startswith(PAGE_READS)][: plan.searches]


def in_turns(calls: list[Call]) -> Generator[Batch, Results, Results]:
    """Send calls in turns of at most CALLS_PER_TURN and gather all results."""
    results: Results = []
    for i in range(0, len(calls), CALLS_PER_TURN):
        results += yield calls[i : i + CALLS_PER_TURN]
    return results


def plan(spec: ChecklistSpec, item_keys: list[str], own_number: str | None = None) -> Generator[Batch, Results, None]:
    """The offline model's calls, turn by turn; ``own_number``: the case's own docket number (the run's
    task gives it, from the case's identity), which items listing other cases leave out."""
    (listing,) = yield [("list_documents", {})]
    docs = documents(listing)
    items = [item_plan(spec.name, spec.item(k)) for k in item_keys if get_extractor(spec.name, k)]

    queries = [(item, q) for item in items for q in searched(item)]
    search_results = yield from in_turns([search_call(q, item.hits) for item, q in queries])
    own = _year_serial(own_number) if own_number else None
    by_item: dict[str, Results] = {}
    for (item, _), result in zip(queries, search_results):
        by_item.setdefault(item.key, []).append(result)

    reads: dict[tuple[str, int, int], list[tuple[ItemPlan, Window]]] = {}
    for item in items:
        opened = [w for q in item.queries if q.startswith(PAGE_READS) for w in page_windows(q, docs, item.opened)]
        for w in opened + rank_windows(item, by_item.get(item.key, []), docs):
            reads.setdefault((w.document, w.start, w.end), []).append((item, w))
    read_results = yield from in_turns(
        [("read_document", {"document": doc, "start_token": start, "end_token": end}) for doc, start, end in reads]
    )

    found: dict[str, list[tuple[float, Finding, str]]] = {}
    read_at: dict[tuple[str, str, str], int] = {}  # (item, document, quote): where the item's first read had it
    for readers, result in zip(reads.values(), read_results):
        read = read_text(result)
        if read is None:
            continue
        doc_name = read.document
        text = blank_injected(read.text)  # text addressed to a model is not the case's own statement
        if not text:
            continue
        info = docs.get(doc_name, DocInfo(doc_name))
        for item, window in readers + _sharing(items, readers, info):
            extract = get_extractor(spec.name, item.key)
            for finding in extract(text, info) if extract else []:
                found.setdefault(item.key, []).append((window.score, finding, doc_name))
                if (at := text.find(finding.quote)) >= 0:
                    read_at.setdefault((item.key, doc_name, finding.quote), read.start_char + at)

    for item in items:
        if own and item.other_cases and item.key in found:
            found[item.key] = [f for f in found[item.key] if not names_docket(f[1].value, own)]

    # The rules' findings are candidates; a fitted model, where an item has one, picks among them.
    kept = {item.key: select(spec.name, item, found.get(item.key, []), docs) for item in items}
    chosen = {item.key: choose(item, kept[item.key]) for item in items if kept[item.key]}
    for key, values in chosen.items():  # a quote printed twice (a stamp on every page) is stored where it was read
        for ev in (e for v in values for e in v["evidence"]):
            if (read_char := read_at.get((key, ev["document"], ev["quote"]))) is not None:
                ev["near_char"] = read_char
    # A value's paper searched for the date (or figure, name, words) its quote leaves out, then the
    # dockets, then any paper that names what the value is about.
    specs = {key: spec.item(key) for key in chosen}
    for papers, shared in ((None, 0), (docket_papers(docs), 0), (list(docs), 1)):
        stamps = stamp_searches(chosen, papers, specs)
        add_stamps(chosen, stamps, [hits(r) for r in (yield from in_turns([call for *_, call in stamps]))], shared)
    yield from in_turns([("append_checklist", {"item": key, "values": values}) for key, values in chosen.items()])
    yield [("stop", {"reason": "all requested items searched"})]
    yield [("stop", {"reason": "reviewed"})]
