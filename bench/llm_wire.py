"""The LLM path on the wire: what each backend sends a capable model, and what such a model gets stored.

    python bench/llm_wire.py [--sample DIR] [--shared CASE.json ...] [--reads N] [--history-tokens N]
                             [--save-request DIR] [--markdown docs/benchmarks/llm_wire.md]

A local server on 127.0.0.1 speaks Chat Completions, Responses and Anthropic Messages, logs every
request body and answers with a scripted "careful reader": it lists the documents, runs two searches
in one turn, then reads the documents window by window (3,000 tokens), and in the turn after each
read writes every value the passage supports in ONE append_checklist call, beside its next read
(parallel calls). Its values come from the answer key on the sample case (reference.json) and from
the offline rule extractors run on the passage on ../shared records; a share of its quotes are typed
with the habits of bench/near_miss_quotes.json (ellipsis for left-out words, line breaks and curly
quotes flattened, letter case, a bracketed word), and on case 46210 it also quotes the near-miss
quotes themselves when it has read their passage. The policy reads only what the request shows it.

Per backend and case it prints: request sizes in tokens split into system, tools, task (first user
message), history and snapshot (the last user message); the share of each request's tokens that
repeat the previous request's prefix (what provider prompt caches reward; goal >= 80%); values
stored per read (goal >= 3 on the sample case); quotes stored by alignment status and rejected;
prompt tokens per case (all requests) and the earlier tool results pruned from the history by the
end. ``--history-tokens N`` runs every backend with that history budget instead of its family's
(models.json ``history``), to compare history policies on the same script.
Token counts use the repository's tokenizer on the text (string leaves) of each part.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import itertools
import json
import os
import re
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))  # the providers' reply formats, shared with the wire tests

from abuse import Server  # bench/abuse.py: the scripted local server
from backends_wire import anthropic_reply, chat_reply, responses_reply
from gavel_agent import tokens
from gavel_agent.case import load_case
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.loop import AgentRun
from gavel_agent.models import resolve_model
from gavel_agent.offline.registry import DocInfo, get_extractor
from gavel_agent.tools import quotes
from markdown_fragment import add_option, printed_as_markdown

SAMPLE = REPO / "cases" / "riverside-jail"
SHARED = REPO.parent / "shared" / "crlc" / "cases"
DEFAULT_SHARED = ["case_46210.json", "case_1011.json", "case_10258.json"]
NEAR_MISS = json.loads((REPO / "bench" / "near_miss_quotes.json").read_text(encoding="utf-8"))
WINDOW = 3000
SEARCHES = ["complaint filed", "consent decree settlement"]
PREFIX_GOAL = 0.8
FAKE_KEY = "sk-wire-bench-0123456789abcdef"
BACKENDS = {  # label -> (model, reply format)
    "openai (Responses)": ("openai:gpt-4.1", responses_reply),
    "openai-compatible (Chat Completions)": (
        "openai-compatible:Qwen3-30B-A3B-Instruct-2507",
        chat_reply,
    ),
    "anthropic (Messages)": ("anthropic:claude-sonnet-4-5", anthropic_reply),
    # A model the catalog does not know is taken to have a 32K context, so its kept history is half that.
    "openai-compatible, 32K context": ("openai-compatible:llama-3.1-8b-instruct", chat_reply),
}
_PRUNED = re.compile(r"The results of (\d+) earlier tool calls are no longer shown")
_READ_HEADER = re.compile(r"^\[(.+?) tokens (\d+)-(\d+) of (\d+); characters \d+-\d+\]")
_SKIP_KEYS = {
    "type",
    "role",
    "id",
    "call_id",
    "tool_call_id",
    "tool_use_id",
    "cache_control",
    "status",
    "model",
    "max_tokens",
    "temperature",
    "top_p",
    "tool_choice",
    "parallel_tool_calls",
    "stream",
    "strict",
    "signature",
}


# ---- the careful reader ---------------------------------------------------------------------------------------


def typed_with_habit(quote: str, n: int) -> str:
    """The quote as a model might type it: every other quote carries one habit, in turn."""
    habit = n % 8
    words = quote.split()
    if habit == 1:
        return " ".join(words).replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'")
    if habit == 3 and len(words) >= 12:
        return " ".join(words[:5]) + " ... " + " ".join(words[-5:])
    if habit == 5:
        return quote.lower()
    if habit == 7 and len(words) >= 4:
        return " ".join([f"[{words[0]}]"] + words[1:])
    return quote


class CarefulReader:
    """Decides each turn from the request body alone, as a model would, and keeps only its own notes."""

    def __init__(self, case_dir_or_file: Path, reads: int):
        self.case = load_case(case_dir_or_file)
        self.max_reads = reads
        self.reference = self._reference(case_dir_or_file)
        self.windows: list[tuple[str, int, int]] | None = None
        self.written: set[tuple[str, str]] = set()
        self.quotes_typed = 0
        self.stopped = 0
        self.turns: list[int] = []  # calls per reply
        self.near_miss = (
            NEAR_MISS["quotes"] if self.case.name.endswith(Path(NEAR_MISS["case"]).stem.split("_")[-1]) else []
        )

    @staticmethod
    def _reference(path: Path) -> dict[str, list[dict]]:
        ref = path / "reference.json" if path.is_dir() else None
        if ref is None or not ref.is_file():
            return {}
        return json.loads(ref.read_text(encoding="utf-8"))["items"]

    def turn(self, results: list[str]) -> list[tuple[str, dict]]:
        """The calls for this turn, given the tool results of the previous one (in order)."""
        calls = self._turn(results)
        self.turns.append(len(calls))
        return calls

    def _turn(self, results: list[str]) -> list[tuple[str, dict]]:
        if self.windows is None:
            if not results:
                return [("list_documents", {})]
            listing = next((r for r in results if "tokens in all" in r), "")
            self.windows = self._plan(listing)
            return [("search", {"query": q}) for q in SEARCHES]
        calls: list[tuple[str, dict]] = []
        for result in results:
            write = self._write_from(result)
            if write:
                calls.append(("append_checklist", write))
        if self.windows:
            document, start, end = self.windows.pop(0)
            calls.append(
                (
                    "read_document",
                    {"document": document, "start_token": start, "end_token": end},
                )
            )
        else:
            self.stopped += 1
            calls.append(
                (
                    "stop",
                    {"reason": "every planned window read" if self.stopped == 1 else "reviewed"},
                )
            )
        return calls

    def _plan(self, listing: str) -> list[tuple[str, int, int]]:
        windows = []
        for line in listing.splitlines():
            if line.startswith("- "):
                parts = line[2:].split(" | ")
                # "N tokens" is not always next to last: a paper without text is flagged after its share read.
                size = next(int(p.split()[0]) for p in parts if p.endswith(" tokens"))
                name = parts[0]
                windows += [(name, s, min(s + WINDOW, size)) for s in range(0, size, WINDOW)]
        if len(windows) > self.max_reads:  # a long record: the opening window of each document first
            firsts = [w for w in windows if w[1] == 0]
            windows = (firsts + [w for w in windows if w[1] > 0])[: self.max_reads]
        return windows

    def _write_from(self, result: str) -> dict | None:
        header = _READ_HEADER.match(result)
        if not header:
            return None
        document, passage = header.group(1), result.partition("\n")[2]
        found: dict[str, list[dict]] = {}
        for item, value, quote in self._values(document, passage):
            if (item, value) in self.written:
                continue
            self.written.add((item, value))
            typed = typed_with_habit(quote, self.quotes_typed)
            self.quotes_typed += 1
            found.setdefault(item, []).append({"value": value, "evidence": [{"document": document, "quote": typed}]})
        return {"items": [{"item": k, "values": v} for k, v in found.items()]} if found else None

    def _values(self, document: str, passage: str):
        for item, values in self.reference.items():
            for v in values:
                for ev in v["evidence"]:
                    if ev["document"] == document and ev["quote"] in passage:
                        yield item, v["value"], ev["quote"]
                        break
        if not self.reference:
            info = DocInfo(document)
            for key in load_spec("gavel").keys:
                extractor = get_extractor("gavel", key)
                for finding in extractor(passage, info) if extractor else []:
                    yield key, finding.value, finding.quote
        for near in self.near_miss:
            if near["document"] == document and quotes.align(near["quote"], passage):
                self.quotes_typed -= 1  # typed as the file has it, no extra habit
                yield (
                    "factual_basis",
                    f"Near-miss quote ({near['habit']})",
                    near["quote"],
                )


# ---- the provider side --------------------------------------------------------------------------------------


def provider_of(body: dict, headers: dict) -> str:
    if "anthropic-version" in {k.lower() for k in headers}:
        return "anthropic"
    return "responses" if "input" in body else "chat"


def tool_results(kind: str, body: dict) -> list[str]:
    """The tool results of the latest turn, in call order."""
    if kind == "responses":
        items = body["input"]
        outputs = [i for i in items if i.get("type") == "function_call_output"]
        last_calls = []
        for i in reversed(items):
            if i.get("type") == "function_call":
                last_calls.insert(0, i["call_id"])
            elif last_calls:
                break
        by_id = {o["call_id"]: o["output"] for o in outputs}
        return [by_id.get(c, "") for c in last_calls]
    if kind == "anthropic":
        for message in reversed(body["messages"]):
            blocks = [b for b in message["content"] if b.get("type") == "tool_result"]
            if message["role"] == "user" and blocks:
                return [
                    b["content"] if isinstance(b["content"], str) else "".join(x.get("text", "") for x in b["content"])
                    for b in blocks
                ]
        return []
    results, seen_tool = [], False
    for message in reversed(body["messages"]):
        if message["role"] == "tool":
            results.insert(0, message["content"])
            seen_tool = True
        elif seen_tool and message["role"] == "assistant":
            break
    return results


def text_of(node) -> str:
    """The string leaves of a request part, in order (what a provider tokenizes, less the JSON syntax)."""
    if isinstance(node, str):
        return node
    if isinstance(node, list):
        return "\n".join(t for t in (text_of(n) for n in node) if t)
    if isinstance(node, dict):
        return "\n".join(t for k, v in node.items() if k not in _SKIP_KEYS and (t := text_of(v)))
    return ""


def parts(kind: str, body: dict) -> dict[str, list]:
    """A request in prompt order: tools, system, task, history, snapshot."""
    if kind == "responses":
        items = body["input"]
        return {
            "tools": body.get("tools", []),
            "system": [body.get("instructions", "")],
            "task": items[:1],
            "history": items[1:-1],
            "snapshot": items[-1:],
        }
    if kind == "chat":
        messages = body["messages"]
        return {
            "tools": body.get("tools", []),
            "system": messages[:1],
            "task": messages[1:2],
            "history": messages[2:-1],
            "snapshot": messages[-1:],
        }
    blocks = [b for m in body["messages"] for b in m["content"]]
    return {
        "tools": body.get("tools", []),
        "system": body.get("system", []),
        "task": blocks[:1],
        "history": blocks[1:-1],
        "snapshot": blocks[-1:],
    }


class Wire:
    """The mock server's handler: logs each request and answers with the reader's next turn."""

    def __init__(self, reader: CarefulReader, reply):
        self.reader, self.reply = reader, reply
        self.requests: list[tuple[str, dict]] = []
        self.previous = ""

    def __call__(self, body: dict, headers: dict) -> tuple[int, dict]:
        kind = provider_of(body, headers)
        self.requests.append((kind, body))
        calls = self.reader.turn(tool_results(kind, body))
        step = len(self.requests)
        flat = "\n".join(text_of(p) for p in parts(kind, body).values())
        shared = len(os.path.commonprefix([self.previous, flat]))
        self.previous = flat
        usage = (tokens.count(flat), tokens.count(flat[:shared]), 200, 0)
        reply = self.reply(step, [(name, json.dumps(args)) for name, args in calls], usage)
        return 200, reply.json()


def prefix_shares(requests: list[tuple[str, dict]]) -> list[tuple[int, int]]:
    """(tokens repeated from the previous request's prefix, tokens) for each request after the first."""
    flats = ["\n".join(text_of(p) for p in parts(kind, body).values()) for kind, body in requests]
    shares = []
    for before, after in itertools.pairwise(flats):
        shared = len(os.path.commonprefix([before, after]))
        shares.append((tokens.count(after[:shared]), tokens.count(after)))
    return shares


# ---- one run --------------------------------------------------------------------------------------------------


async def run_one(label: str, case_path: Path, reads: int, workdir: Path, history: int | None = None) -> dict:
    model_name, reply = BACKENDS[label]
    reader = CarefulReader(case_path, reads)
    wire = Wire(reader, reply)
    server = Server(wire)
    root = server.url.removesuffix("/v1")
    saved = {
        k: os.environ.get(k)
        for k in (
            "OPENAI_BASE_URL",
            "ANTHROPIC_BASE_URL",
            "OPENAI_API_KEY",
            "ANTHROPIC_API_KEY",
        )
    }
    os.environ.update(
        OPENAI_BASE_URL=server.url,
        ANTHROPIC_BASE_URL=root,
        OPENAI_API_KEY=FAKE_KEY,
        ANTHROPIC_API_KEY=FAKE_KEY,
    )
    try:
        spec = load_spec("gavel")
        run_dir = workdir / f"{case_path.stem}-{re.sub(r'[^A-Za-z0-9.-]+', '-', model_name)}"
        model = resolve_model(
            model_name,
            server.url if model_name.startswith("openai-compatible") else None,
        )
        if history is not None:
            model.agent = dataclasses.replace(model.agent, history_tokens=history)
        outcome = await AgentRun(reader.case, spec, spec.keys, model, run_dir, max_steps=120).run()
    finally:
        server.close()
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    checklist = ChecklistFile.read(run_dir / "checklist.json")
    statuses = Counter(e.status for values in checklist.items.values() for v in values for e in v.evidence)
    ledger = [json.loads(line) for line in (run_dir / "ledger.jsonl").read_text().splitlines()]
    rejected = sum(
        int(m.group(1))
        for e in ledger
        if e.get("tool") == "append_checklist" and (m := re.search(r"(\d+) rejected", e.get("summary", "")))
    )
    sizes = [{name: tokens.count(text_of(p)) for name, p in parts(kind, body).items()} for kind, body in wire.requests]
    return {
        "stats": outcome.stats,
        "sizes": sizes,
        "shares": prefix_shares(wire.requests),
        "statuses": statuses,
        "rejected": rejected,
        "requests": wire.requests,
        "reads": outcome.stats.tool_counts.get("read_document", 0),
        "turns": reader.turns,
        "near_miss": sum(v.value.startswith("Near-miss quote") for v in checklist.items["factual_basis"]),
        "history": model.agent.history_tokens,
        "pruned": max((int(n) for n in _PRUNED.findall(text_of(wire.requests[-1][1]))), default=0),
    }


def report(label: str, case_name: str, r: dict) -> None:
    sizes, shares, stats = r["sizes"], r["shares"], r["stats"]
    mean = {k: statistics.mean(s[k] for s in sizes) for k in sizes[0]}
    largest = max(sizes, key=lambda s: sum(s.values()))
    per_read = stats.values / max(r["reads"], 1)
    ratios = [repeated / total for repeated, total in shares]
    good = sum(s >= PREFIX_GOAL for s in ratios)
    weighted = sum(r for r, _ in shares) / sum(t for _, t in shares)
    print(
        f"  {case_name}: {len(sizes)} requests, {r['reads']} reads, {stats.values} values stored "
        f"({per_read:.1f} per read), {sum(r['turns'])} calls in {len(r['turns'])} replies "
        f"(up to {max(r['turns'])} at once), status {stats.status}"
    )
    print(
        "    request tokens (mean): "
        + ", ".join(f"{k} {v:,.0f}" for k, v in mean.items())
        + f"; total {sum(mean.values()):,.0f}; largest {sum(largest.values()):,}"
    )
    print(
        f"    prefix repeated from the previous request: median {statistics.median(ratios):.0%}, "
        f"min {min(ratios):.0%}, {good}/{len(ratios)} requests >= {PREFIX_GOAL:.0%}; "
        f"{weighted:.0%} of all tokens sent"
    )
    accepted = ", ".join(f"{k} {v}" for k, v in sorted(r["statuses"].items()))
    near = f"; near-miss quotes of bench/near_miss_quotes.json among them: {r['near_miss']}" if r["near_miss"] else ""
    print(f"    quotes stored by status: {accepted or 'none'}; rejected {r['rejected']}{near}")
    print(
        f"    history budget {r['history']:,}: prompt tokens per case {sum(sum(s.values()) for s in sizes):,}; "
        f"earlier tool results pruned by the end {r['pruned']}"
    )


def save_request(requests: list[tuple[str, dict]], path: Path) -> None:
    """The second request that writes from a read (history already kept), for a person to judge."""
    writing = [body for kind, body in requests if any(_READ_HEADER.match(t) for t in tool_results(kind, body))]
    path.write_text(
        json.dumps(writing[min(1, len(writing) - 1)], indent=1, ensure_ascii=False),
        encoding="utf-8",
    )
    print(f"    request saved to {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--sample",
        type=Path,
        default=SAMPLE,
        help="the sample case folder (with reference.json)",
    )
    parser.add_argument(
        "--shared",
        type=Path,
        nargs="*",
        default=[SHARED / n for n in DEFAULT_SHARED],
        help="Clearinghouse records to run as well (skipped with a message when absent)",
    )
    parser.add_argument("--reads", type=int, default=12, help="most windows read on a shared record")
    parser.add_argument("--backends", nargs="*", default=list(BACKENDS), choices=list(BACKENDS))
    parser.add_argument(
        "--history-tokens", type=int, help="history budget for every backend (default: each family's, models.json)"
    )
    parser.add_argument(
        "--save-request",
        type=Path,
        metavar="DIR",
        help="write one request body per backend that writes from a read (sample case) to DIR",
    )
    add_option(parser)
    args = parser.parse_args()
    with printed_as_markdown(args.markdown):
        bench(args)


def bench(args: argparse.Namespace) -> None:
    print("command:", " ".join(sys.argv))
    cases = [args.sample]
    for path in args.shared:
        if path.is_file():
            cases.append(path)
        else:
            print(f"skipped {path}: not found (the ../shared records sit beside the repository)")
    with tempfile.TemporaryDirectory() as tmp:
        for label in args.backends:
            print(f"\n{label} ({BACKENDS[label][0]})")
            for case_path in cases:
                reads = 10_000 if case_path == args.sample else args.reads
                r = asyncio.run(run_one(label, case_path, reads, Path(tmp), args.history_tokens))
                report(label, case_path.stem if case_path.is_file() else case_path.name, r)
                if args.save_request and case_path == args.sample:
                    args.save_request.mkdir(parents=True, exist_ok=True)
                    save_request(
                        r["requests"],
                        args.save_request / f"{re.sub(r'[^A-Za-z0-9.-]+', '-', BACKENDS[label][0])}.json",
                    )


if __name__ == "__main__":
    main()
