"""The tool surface the model sees: argument schemas and the calls themselves.

Each call takes the run's Workspace and validated arguments and returns a
ToolResult: text for the model, a one-line summary for the trace and ledger, and
what the text reports as data (document rows, the span read, search hits), so a
reader that is a program (the offline model) never re-parses text written for a model.
Problems the model can fix come back as error results, never as exceptions.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, Field, ValidationError, model_validator
from pydantic.json_schema import SkipJsonSchema

from gavel_agent import tokens
from gavel_agent.case import Document
from gavel_agent.checklists import UnknownItemError
from gavel_agent.checklists.record import CitedSearch, NoneInRecord, Value
from gavel_agent.documents import paper
from gavel_agent.documents.copies import copies as case_copies
from gavel_agent.tools import bounds, injection, quotes
from gavel_agent.tools.checklist import EvidenceError, correction_notes
from gavel_agent.tools.search import Hit, regex_text, words
from gavel_agent.tools.workspace import ToolError, Workspace

MAX_READ_TOKENS = bounds.MAX_READ_TOKENS
DEFAULT_READ_TOKENS = 3_000


@dataclass(frozen=True)
class DocumentRow:
    """One line of list_documents."""

    name: str
    title: str
    type: str  # as the case's source gives it; "" when unknown
    date: str | None
    tokens: int
    read_share: float
    ecf_number: str | None = None  # the paper's docket entry, where the source, its stamp or the docket says
    filed: str | None = None  # the day it was filed (ISO), from its stamp or the docket
    kind: str = ""  # what paper it is, read from its title or caption ("motion", "order", "docket" ...)
    no_text: bool = False  # its text is (next to) only page stamps: a scan that was not read
    copy_note: str = ""  # "another copy of NAME: ..." for a paper (a docket too) the case holds twice


@dataclass(frozen=True)
class DocumentRead:
    """What read_document returned: the token span (clamped) and its text."""

    document: str
    start_token: int
    end_token: int
    token_count: int
    start_char: int
    end_char: int
    text: str


ToolData = list[DocumentRow] | DocumentRead | list[Hit] | None


@dataclass
class ToolResult:
    text: str
    summary: str
    ok: bool = True
    data: ToolData = None  # list_documents, read_document and search; None for the other tools and errors


@runtime_checkable
class ResultReader(Protocol):
    """A model that reads each tool result as data (the offline model); the loop hands it every result."""

    def read_result(self, call_id: str, result: ToolResult) -> None: ...


SUMMARY_QUERY_CHARS = 60  # of a search query, in the call's one-line summary


class NoArgs(BaseModel):
    pass


class ReadDocumentArgs(BaseModel):
    document: str = Field(max_length=bounds.MAX_NAME_CHARS, description="Document name (or title).")
    start_token: int = Field(0, description="First token to read (0-based).")
    end_token: int | None = Field(None, description="Token after the last one to read (null: 3,000 tokens on).")


class SearchArgs(BaseModel):
    query: str = Field(
        max_length=bounds.MAX_QUERY_CHARS, description="Keywords (bm25) or a regular expression (regex)."
    )
    mode: Literal["bm25", "regex"] = Field("bm25", description="Search mode.")
    flags: str = Field("", max_length=8, description="Regex flags: any of i (ignore case), m, s, x.")
    top_k: int = Field(5, ge=1, le=50, description="Hits to return.")
    documents: list[str] | None = Field(
        None, max_length=bounds.MAX_DOCUMENTS_PER_SEARCH, description="Only these documents (null: all)."
    )
    exclude: str | None = Field(
        None,
        max_length=bounds.MAX_QUERY_CHARS,
        description="Regex: skip a match when this occurs in its line (80 characters each side at most), e.g. a precedent's name.",
    )

    @model_validator(mode="after")
    def _bounded(self) -> SearchArgs:
        distinct = len(set(words(self.query))) if self.mode == "bm25" else 0
        if distinct > bounds.MAX_QUERY_WORDS:
            raise ValueError(f"{distinct} distinct words; a bm25 query takes at most {bounds.MAX_QUERY_WORDS}")
        return self


class GetChecklistArgs(BaseModel):
    items: str = Field("all", description="'all', a group key or comma-separated item keys.")


class EvidenceArgs(BaseModel):
    document: str = Field(max_length=bounds.MAX_NAME_CHARS, description="Name of the document the quote comes from.")
    quote: str = Field(description="Words copied from that document that support the value.")
    # Where the writer read the quote (a character offset in the document), for a writer that knows it
    # (the offline model reads windows): a quote that occurs more than once is stored at the occurrence
    # nearest to it. Left out of the schema models are shown.
    near_char: SkipJsonSchema[int | None] = None


class ValueArgs(BaseModel):
    value: str = Field(max_length=bounds.MAX_VALUE_CHARS, description="The value, in the item's format.")
    evidence: list[EvidenceArgs] = Field(
        max_length=bounds.MAX_EVIDENCE_PER_VALUE, description="One or more supporting quotes."
    )


class _PerItem(BaseModel):
    @model_validator(mode="before")
    @classmethod
    def _one_item(cls, data: Any) -> Any:
        # Models often send a lone {"item", ...} object for one item; it means one entry.
        if isinstance(data, dict) and "item" in data and "items" not in data:
            return {"items": [data]}
        return data


class ItemValues(BaseModel):
    item: str = Field(max_length=bounds.MAX_NAME_CHARS, description="Item key.")
    values: list[ValueArgs] = Field(description="The item's values.")


class ChecklistWriteArgs(_PerItem):
    items: list[ItemValues] = Field(min_length=1, description="One entry per item; several items may go in one call.")

    @model_validator(mode="after")
    def _bounded(self) -> ChecklistWriteArgs:
        count = sum(len(entry.values) for entry in self.items)
        if count > bounds.MAX_VALUES_PER_WRITE:
            raise ValueError(f"{count} values in one call; send at most {bounds.MAX_VALUES_PER_WRITE} per call")
        return self


class ItemRemoval(BaseModel):
    item: str = Field(description="Item key.")
    values: list[str] = Field(min_length=1, description="Stored values to remove, as get_checklist shows them.")


class RemoveValuesArgs(_PerItem):
    items: list[ItemRemoval] = Field(min_length=1, description="One entry per item.")


class ItemMerge(BaseModel):
    item: str = Field(description="Item key.")
    values: list[str] = Field(
        min_length=1, description="Stored values to merge (one to reword it), as get_checklist shows them."
    )
    into: str = Field(max_length=bounds.MAX_VALUE_CHARS, description="The new value, in the item's format.")


class MergeValuesArgs(_PerItem):
    items: list[ItemMerge] = Field(min_length=1, description="One entry per merge.")


class ItemNone(BaseModel):
    item: str = Field(description="Item key.")
    reason: str = Field(description="One line: why the case's papers hold no value for this item.")
    searches: list[str] = Field(
        min_length=1, description="Queries of searches this run made that found nothing for the item, as sent."
    )


class SettleNoneArgs(_PerItem):
    items: list[ItemNone] = Field(min_length=1, description="One entry per item.")


class StopArgs(BaseModel):
    reason: str = Field("", description="Why you stop (optional).")


def list_documents(ws: Workspace, _: NoArgs) -> ToolResult:
    rows, data = [], []
    docket_days = paper.case_docket_days(ws.case.documents)
    copies = {c.copy: c.note() for c in case_copies(ws.case.documents)}
    for d in ws.case.documents:
        read = ws.reads.tokens_read(d.name) / max(d.token_count, 1)
        facts = dataclasses.asdict(paper.paper_facts(d, docket_days))
        data.append(
            DocumentRow(d.name, d.title, d.type, d.date, d.token_count, read, **facts, copy_note=copies.get(d.name, ""))
        )
        rows.append(_listing_line(data[-1]))
    text = f"{len(rows)} documents, {ws.case.token_count} tokens in all:\n" + "\n".join(rows)
    return ToolResult(text, f"{len(rows)} documents", data=data)


def _listing_line(row: DocumentRow) -> str:
    kind = row.type or row.kind or "unknown type"
    if row.type and row.kind and row.kind.lower() not in row.type.lower():  # "Order/Opinion (reads as judgment)"
        kind += f" (reads as {row.kind})"
    kind += f" ({row.copy_note})" if row.copy_note else ""
    parts = [row.name, row.title, kind, row.date or "undated"]
    parts += [f"ECF {row.ecf_number}"] if row.ecf_number else []
    parts += [f"filed {row.filed}"] if row.filed else []
    parts += [f"{row.tokens} tokens", f"{row.read_share:.0%} read"] + ([paper.NO_TEXT] if row.no_text else [])
    return "- " + " | ".join(parts)


def read_document(ws: Workspace, args: ReadDocumentArgs) -> ToolResult:
    doc = ws.document(args.document)
    n = doc.token_count
    start = args.start_token
    end = args.end_token if args.end_token is not None else min(start + DEFAULT_READ_TOKENS, n)
    if start < 0 or start >= n:
        raise ToolError(f"start_token {start} is outside {doc.name!r}, which has tokens 0-{n - 1}")
    if end <= start:
        raise ToolError(f"end_token {end} must be greater than start_token {start}")
    note = ""
    if end > n:
        end, note = n, f" (end_token clamped to the document's end, {n})"
    if end - start > MAX_READ_TOKENS:
        end, note = (
            start + MAX_READ_TOKENS,
            f" (at most {MAX_READ_TOKENS} tokens per read; continue from {start + MAX_READ_TOKENS})",
        )
    text = _read_text(doc, start, end, note)
    while ws.result_tokens and end - start > 1 and (over := tokens.count(text) - ws.result_tokens) > 0:
        end = max(start + 1, end - over)
        note = f" (cut to what the context shows whole; continue from {end})"
        text = _read_text(doc, start, end, note)
    s, e = doc.char_span(start, end)
    ws.reads.add(doc.name, start, end)
    read = DocumentRead(doc.name, start, end, n, s, e, doc.text[s:e])
    return ToolResult(text, f"{doc.name} tokens {start}-{end}", data=read)


def _read_text(doc: Document, start: int, end: int, note: str) -> str:
    s, e = doc.char_span(start, end)
    return f"[{doc.name} tokens {start}-{end} of {doc.token_count}; characters {s}-{e}]{note}\n{doc.text[s:e]}"


def search(ws: Workspace, args: SearchArgs) -> ToolResult:
    docs = [ws.document(d).name for d in args.documents] if args.documents else None
    try:
        hits = (
            ws.index.regex(args.query, args.flags, args.top_k, docs, args.exclude)
            if args.mode == "regex"
            else ws.index.bm25(args.query, args.top_k, docs)
        )
    except ValueError as e:
        raise ToolError(str(e)) from None
    ws.searches.append(CitedSearch(mode=args.mode, query=args.query, hits=len(hits)))
    # The summary names the query: once the hits are pruned from the prompt, the digest still says what was sought.
    # Clipped: a long regex would otherwise fill the digest and the trace line with itself.
    query = args.query if len(args.query) <= SUMMARY_QUERY_CHARS else args.query[: SUMMARY_QUERY_CHARS - 1] + "…"
    asked = f"{args.mode} {query!r}"
    if not hits:
        return ToolResult(f"no hits for {asked}", f"{asked}: 0 hits", data=[])
    if args.mode == "regex":
        return ToolResult(regex_text(hits, asked), f"{asked}: {len(hits)} hits, most in {hits[0].document}", data=hits)
    lines = [
        f"{i}. {h.document} tokens {'-'.join(map(str, h.shown_tokens))}: {h.snippet}" for i, h in enumerate(hits, 1)
    ]
    return ToolResult("\n".join(lines), f"{asked}: {len(hits)} hits, best in {hits[0].document}", data=hits)


def get_checklist(ws: Workspace, args: GetChecklistArgs) -> ToolResult:
    try:
        keys = [k for k in ws.spec.select(args.items) if k in ws.checklist.items]
    except UnknownItemError as e:
        raise ToolError(str(e)) from None
    return ToolResult(render_checklist(ws, keys), f"{len(keys)} items")


def render_checklist(ws: Workspace, keys: list[str] | None = None) -> str:
    keys = keys if keys is not None else ws.checklist.item_keys
    lines = []
    for key in keys:
        item = ws.spec.item(key)
        values = ws.checklist.items[key]
        settled = ws.checklist.settled.get(key)
        count = len(values) or ("NONE IN THE RECORD: " + settled.reason if settled else "EMPTY")
        lines.append(f"## {key} ({item.name}): {count}")
        for v in values:
            where = "; ".join(f"{e.document}@{e.start_char} {e.status}" for e in v.evidence)
            weak = f"; support related: {v.support_note}" if v.support == "related" else ""
            lines.append(f"  - {v.value}  [{where}{weak}]")
    return "\n".join(lines)


def _write(ws: Workspace, args: ChecklistWriteArgs, replace: bool) -> ToolResult:
    """Write each entry on its own: one item's refused value never loses another item's values."""
    lines, counts, refused = [], [], 0
    deadline = time.monotonic() + bounds.WRITE_CALL_BUDGET_S
    for entry in args.items:
        text, stored, errors = _write_item(ws, entry, replace, deadline)
        lines.append(text)
        counts.append(f"{entry.item} +{stored}")
        refused += errors
    summary = f"{', '.join(counts)} stored, {refused} rejected"
    return ToolResult("\n".join(lines), summary, ok=not refused)


def _write_item(ws: Workspace, entry: ItemValues, replace: bool, deadline: float) -> tuple[str, int, int]:
    """The result text for one item's values (a line per value: stored or refused, and why), how many
    were stored and how many refused."""
    try:
        held = (
            set()
            if replace
            else {quotes.fold_quote(v.value) for v in ws.checklist.items[ws.checklist.resolve(entry.item)]}
        )
        key, stored, results = write_values(ws, entry, replace, deadline)
    except EvidenceError as e:
        return f"ERROR: {e}", 0, 1
    refused = len(entry.values) - len(stored)
    resolved = key or ws.checklist.resolve(entry.item)
    removed = ws.removals.note(resolved, ws.checklist.items[resolved]) if refused else ""
    if key is None:
        text = "\n".join([f"ERROR: {entry.item}: nothing changed: no value could be stored", *results])
        return text + (f"\n{removed}" if removed else ""), 0, refused
    total = len(ws.checklist.items[key])
    # A value sent again only gains quotes: say so in the count too, or "stored 1" reads as one value more.
    again = sum(quotes.fold_quote(v.value) in held for v in stored)
    gained = f" ({again} already stored, given the new quotes)" if again else ""
    text = "\n".join([f"{key}: stored {len(stored)} value(s){gained}; the item now has {total}.", *results])
    text += f"\n{removed}" if removed else ""
    text += "".join(f"\n{injection.warning(v.value)}" for v in stored if v.injection_only)
    return text, len(stored), refused


def write_values(
    ws: Workspace, entry: ItemValues, replace: bool, deadline: float = float("inf")
) -> tuple[str | None, list[Value], list[str]]:
    """Verify one item's values (quotes and support) and store those that hold: (the item's key, or None
    when a replacement stored nothing; the values stored; a line per value, stored or refused and why).
    Each value stands alone: a replacement keeps the values that passed and leaves the item unchanged only
    when none did (an empty replacement clears it on purpose). EvidenceError for an unknown item.
    Replaying a ledger (resume) calls it with no deadline."""
    stored: list[Value] = []
    results: list[str] = []
    for v in entry.values:
        if time.monotonic() > deadline:
            results.append(
                f"- refused {v.value!r}: not checked, the call ran out of time; send it again in another call"
            )
            continue
        evidence = [e.model_dump() for e in v.evidence]
        try:
            # An append of a value already stored adds its quotes to it (replace starts the item afresh).
            twin = None if replace else ws.checklist.stored_value(entry.item, v.value)
            if twin is not None:
                written = ws.checklist.verified(v.value, evidence)  # aligned, judged with the stored quotes
                value = ws.checklist.with_quotes(entry.item, twin, written, evidence)
            else:
                value = written = ws.checklist.verified(v.value, evidence, entry.item)
        except EvidenceError as e:
            results.append(f"- refused {v.value!r}: {e}")
            ws.checklist.note_refused(entry.item, v.value, str(e))
            continue
        stored.append(value)
        results += [stored_line(value, quotes_added=twin is not None), *correction_notes([written])]
    if replace and entry.values and not stored:
        ws.checklist.resolve(entry.item)  # an unknown item is still an EvidenceError
        return None, [], results
    key = (ws.checklist.replace if replace else ws.checklist.append)(entry.item, stored)
    ws.checklist.note_stored(key, stored)
    return key, stored, results


def stored_line(value: Value, quotes_added: bool) -> str:
    """A write result's line for a value stored; one with weak support says so plainly, and how to mend it."""
    what = f"quotes added to the stored value {value.value!r}" if quotes_added else f"stored {value.value!r}"
    if value.support != "related":
        return f"- {what} (support {value.support})"
    return (
        f"- {what}, but WEAKLY SUPPORTED ({value.support_note}): it will be listed for review when you stop. "
        "To mend it, append the same value again with a quote that states the rest; the quote is added to it."
    )


def update_checklist(ws: Workspace, args: ChecklistWriteArgs) -> ToolResult:
    return _write(ws, args, replace=True)


def append_checklist(ws: Workspace, args: ChecklistWriteArgs) -> ToolResult:
    return _write(ws, args, replace=False)


def remove_values(ws: Workspace, args: RemoveValuesArgs) -> ToolResult:
    lines, removed_in_all, missing_in_all = [], 0, 0
    for entry in args.items:
        try:
            key, removed, missing = ws.checklist.remove(entry.item, entry.values)
        except EvidenceError as e:
            lines.append(f"ERROR: {e}")
            missing_in_all += len(entry.values)
            continue
        ws.removals.add(key, removed)
        removed_in_all += len(removed)
        missing_in_all += len(missing)
        line = f"{key}: removed {len(removed)} value(s); the item now has {len(ws.checklist.items[key])}."
        if missing:
            line += " Not stored (nothing removed): " + "; ".join(repr(m) for m in missing)
        lines.append(line)
    summary = f"{removed_in_all} removed, {missing_in_all} not found"
    return ToolResult("\n".join(lines), summary, ok=not missing_in_all)


def merge_values(ws: Workspace, args: MergeValuesArgs) -> ToolResult:
    """Merge stored values into one that carries all their quotes; each merge is applied or refused alone."""
    lines, merged = [], 0
    for entry in args.items:
        try:
            key, value = ws.checklist.merge(entry.item, entry.values, entry.into)
        except EvidenceError as e:
            lines.append(f"ERROR: {e}")
            continue
        merged += 1
        done = f"merged {len(entry.values)} values" if len(entry.values) > 1 else "reworded 1 value"
        lines.append(f"{key}: {done}; the item now has {len(ws.checklist.items[key])}.")
        lines.append(stored_line(value, quotes_added=False))
    failed = len(args.items) - merged
    return ToolResult("\n".join(lines), f"{merged} merged, {failed} refused", ok=not failed)


def settle_none(ws: Workspace, args: SettleNoneArgs) -> ToolResult:
    """Settle items as having no value in the record, each on the searches of this run that found nothing."""
    lines, settled = [], []
    for entry in args.items:
        made = [ws.search_made(q) for q in entry.searches]
        unmade = [q for q, m in zip(entry.searches, made) if m is None]
        reason = " ".join(entry.reason.split())
        try:
            if unmade:
                raise EvidenceError(
                    f"{entry.item}: not settled: this run made no search {', '.join(repr(q) for q in unmade)}; "
                    "cite the queries of searches you ran, as you sent them"
                )
            if not reason:
                raise EvidenceError(f"{entry.item}: not settled: give a one-line reason")
            found = [m for m in made if m is not None]
            key = ws.checklist.settle(
                entry.item, NoneInRecord(reason=reason, searches=found, latest_read=ws.latest_read())
            )
        except EvidenceError as e:
            lines.append(f"ERROR: {e}")
            continue
        settled.append(key)
        lines.append(f"{key}: settled as none in the record ({len(found)} search(es) cited).")
    failed = len(args.items) - len(settled)
    return ToolResult("\n".join(lines), f"{len(settled)} settled as none, {failed} refused", ok=not failed)


def stop(ws: Workspace, args: StopArgs) -> ToolResult:
    # The loop decides what a stop means (review or end); the call itself only acknowledges.
    return ToolResult("stop noted", "stop")


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    args: type[BaseModel]
    call: Callable[[Workspace, BaseModel], ToolResult]


def _descriptions() -> dict[str, str]:
    return json.loads(resources.files("gavel_agent.prompts").joinpath("tools.json").read_text(encoding="utf-8"))


def tool_specs() -> list[ToolSpec]:
    d = _descriptions()
    table: list[tuple[str, type[BaseModel], Callable[[Workspace, Any], ToolResult]]] = [
        ("list_documents", NoArgs, list_documents),
        ("read_document", ReadDocumentArgs, read_document),
        ("search", SearchArgs, search),
        ("get_checklist", GetChecklistArgs, get_checklist),
        ("update_checklist", ChecklistWriteArgs, update_checklist),
        ("append_checklist", ChecklistWriteArgs, append_checklist),
        ("remove_values", RemoveValuesArgs, remove_values),
        ("merge_values", MergeValuesArgs, merge_values),
        ("settle_none", SettleNoneArgs, settle_none),
        ("stop", StopArgs, stop),
    ]
    return [ToolSpec(name, d[name], args, fn) for name, args, fn in table]


def invoke(ws: Workspace, spec: ToolSpec, raw_arguments: str) -> ToolResult:
    """Parse, validate and run one call; every failure becomes an error result for the model."""
    too_large = bounds.arguments_problem(raw_arguments)
    if too_large:
        return ToolResult(f"ERROR: {too_large}; send smaller arguments.", "invalid arguments", ok=False)
    try:
        data = json.loads(raw_arguments or "{}")
        if not isinstance(data, dict):
            raise ValueError("arguments must be a JSON object")
    except ValueError as e:
        return ToolResult(
            f"ERROR: arguments are not valid JSON ({e}); send a JSON object matching the tool's schema.",
            "malformed arguments",
            ok=False,
        )
    try:
        args = spec.args.model_validate(data)
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(map(str, err['loc'])) or 'arguments'}: {err['msg']}" for err in e.errors()[:5])
        return ToolResult(f"ERROR: invalid arguments for {spec.name}: {problems}", "invalid arguments", ok=False)
    try:
        return spec.call(ws, args)
    except ToolError as e:
        return ToolResult(f"ERROR: {e}", f"error: {str(e)[:80]}", ok=False)
