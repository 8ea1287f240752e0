"""The files of one run folder, written atomically after every step, with secrets redacted (a server
that echoes the Authorization header into a tool call must not get the key stored).

checklist.json  the values and their verified evidence
ledger.jsonl    every tool call: step, tool, arguments, result summary
stats.json      steps, tool counts, tokens per step, cost, wall time, coverage, status
conversation.json  the model's conversation so far, so --resume can continue it
identity.json   the case's court and docket number, each with its quote (read by rules from the captions)
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from gavel_agent import atomic
from gavel_agent.backends.keys import redact
from gavel_agent.checklists.record import ChecklistFile, CitedSearch

IDENTITY_FILE = "identity.json"


class StepStats(BaseModel):
    step: int
    prompt_tokens: int  # tokens of the prompt we assembled (instructions, tools, bounded input)
    input_tokens: int = 0  # as reported by the provider
    cached_input_tokens: int = 0
    cache_write_tokens: int = 0  # Anthropic's cache_creation_input_tokens, billed above the input rate
    output_tokens: int = 0
    reasoning_tokens: int = 0
    cost_usd: float = 0.0
    tool_calls: int = 0
    cut_off: bool = False  # the reply hit the output limit


class RunStats(BaseModel):
    case: str
    spec: str
    items: list[str]
    model: str
    provider: str
    # The case folder or record the run read (absolute), so a reviewer can open its documents later.
    source: str = ""
    status: str = "running"  # running | finished | interrupted
    stop_reason: str = ""
    steps: int = 0
    stop_attempts: int = 0
    # Tokens of earlier turns the loop kept in each prompt before pruning (None: a run from before
    # this was recorded), so runs under different history policies can be told apart.
    history_tokens: int | None = None
    tool_counts: dict[str, int] = Field(default_factory=dict)
    tool_errors: int = 0
    malformed_calls: int = 0
    per_step: list[StepStats] = Field(default_factory=list)
    prompt_tokens: int = 0
    input_tokens: int = 0
    cached_input_tokens: int = 0
    cache_write_tokens: int = 0
    output_tokens: int = 0
    reasoning_tokens: int = 0
    cost_usd: float = 0.0
    wall_time_s: float = 0.0
    coverage: dict[str, float] = Field(default_factory=dict)
    read_spans: dict[str, list[tuple[int, int]]] = Field(default_factory=dict)  # token ranges read, for --resume
    filled_items: int = 0
    settled_none: int = 0  # empty items settled as having no value in the record
    values: int = 0
    # Reading the case: documents with text under black redaction boxes (left out of what the agent
    # read), and every file warning (skipped files, unread scans, redactions).
    redacted_documents: list[str] = Field(default_factory=list)
    document_warnings: list[str] = Field(default_factory=list)


_HITS = re.compile(r": (\d+) hits")  # in a search's one-line summary (tools.calls.search)


class RunFiles:
    def __init__(self, run_dir: str | Path):
        self.dir = Path(run_dir)
        self.checklist = self.dir / "checklist.json"
        self.ledger = self.dir / "ledger.jsonl"
        self.stats = self.dir / "stats.json"
        self.conversation = self.dir / "conversation.json"
        self.identity = self.dir / IDENTITY_FILE

    def exists(self) -> bool:
        return self.stats.is_file()

    def write_checklist(self, checklist: ChecklistFile) -> None:
        atomic.write_text(self.checklist, redact(checklist.model_dump_json(indent=2)) + "\n")

    def write_stats(self, stats: RunStats) -> None:
        atomic.write_text(self.stats, redact(stats.model_dump_json(indent=2)) + "\n")

    def write_identity(self, identity: BaseModel) -> None:
        atomic.write_text(self.identity, identity.model_dump_json(indent=2) + "\n")

    def write_conversation(self, items: list[dict[str, Any]]) -> None:
        atomic.write_text(self.conversation, redact(json.dumps(items, indent=2, ensure_ascii=False)) + "\n")

    def log(self, entry: dict[str, Any]) -> None:
        atomic.append_line(self.ledger, redact(json.dumps(entry, ensure_ascii=False, default=str)))

    def searches(self) -> list[CitedSearch]:
        """The searches the ledger records, in order (what a resumed run may cite to settle an item)."""
        if not self.ledger.is_file():
            return []
        found = []
        for line in self.ledger.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):  # a line torn by a crash, or a hostile one
                continue
            if not isinstance(entry, dict):
                continue
            arguments = entry.get("arguments")
            if entry.get("tool") != "search" or not entry.get("ok") or not isinstance(arguments, dict):
                continue
            hits = _HITS.search(entry.get("summary", ""))
            mode = arguments.get("mode", "bm25")
            found.append(
                CitedSearch(mode=mode, query=arguments.get("query", ""), hits=int(hits.group(1)) if hits else 0)
            )
        return found

    def read_stats(self) -> RunStats:
        return RunStats.model_validate_json(self.stats.read_text(encoding="utf-8"))

    def read_checklist(self) -> ChecklistFile:
        return ChecklistFile.read(self.checklist)

    def read_conversation(self) -> list[dict[str, Any]]:
        """The saved conversation; [] when there is none or it is damaged (torn, emptied, not a list of
        items): the run then continues from a fresh task message, its checklist restored."""
        try:
            items = json.loads(self.conversation.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            return []
        if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
            return []
        return items
