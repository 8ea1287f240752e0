"""Bringing back a stopped run's checklist for ``--resume``: checklist.json re-verified against the
documents, or, when that file is damaged (truncated, emptied, null, binary, edited so that its evidence
no longer holds), rebuilt by replaying the writes that ledger.jsonl records, every quote verified again.

The ledger is appended line by line and flushed after every call, so it holds every accepted value
even when a crash or a full disk tore the checklist file; a torn last line is skipped.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from pydantic import ValidationError

from gavel_agent.reply_writes import WRITE_TOOLS
from gavel_agent.run_folder import RunFiles
from gavel_agent.tools import calls
from gavel_agent.tools.checklist import EvidenceError
from gavel_agent.tools.workspace import Workspace

VALUE_WRITES = {"append_checklist": False, "update_checklist": True}  # tool -> replaces the item's values
# The other calls that change the checklist (reply_writes knows them all), replayed as the tools
# themselves run them (settling needs the run's searches in the workspace, which the ledger also gives).
OTHER_CHANGES = WRITE_TOOLS - VALUE_WRITES.keys()


def restore_checklist(files: RunFiles, ws: Workspace) -> str | None:
    """Load the run's values into ``ws`` re-verified; a one-line note when they were rebuilt from the ledger."""
    try:
        ws.checklist.load(files.read_checklist())
        return None
    except (OSError, ValueError, TypeError) as e:  # JSON, validation, evidence and decoding errors are ValueErrors
        reason = _reason(e)
    for key in ws.checklist.items:  # a load that failed half-way leaves nothing behind
        ws.checklist.items[key] = []
    replayed = replay_writes(files, ws)
    values = sum(len(v) for v in ws.checklist.items.values())
    return (
        f"{files.checklist.name} could not be used ({reason}); rebuilt from {files.ledger.name}: "
        f"{replayed} writes replayed, {values} values re-verified"
    )


def replay_writes(files: RunFiles, ws: Workspace) -> int:
    """Replay the ledger's checklist changes (writes, removals, settlements) in order into ``ws``; the
    number of calls replayed."""
    replayed = 0
    for tool, arguments in _ledger_writes(files):
        if tool in OTHER_CHANGES:
            try:
                if tool == "remove_values":
                    calls.remove_values(ws, calls.RemoveValuesArgs.model_validate(arguments))
                elif tool == "merge_values":
                    calls.merge_values(ws, calls.MergeValuesArgs.model_validate(arguments))
                else:
                    calls.settle_none(ws, calls.SettleNoneArgs.model_validate(arguments))
            except ValidationError:
                continue
            replayed += 1
            continue
        try:
            args = calls.ChecklistWriteArgs.model_validate(arguments)
        except ValidationError:
            continue
        for entry in args.items:
            try:
                calls.write_values(ws, entry, replace=VALUE_WRITES[tool])
            except EvidenceError:  # an item outside this run: it was refused then too
                continue
        replayed += 1
    return replayed


def _ledger_writes(files: RunFiles) -> Iterator[tuple[str, dict]]:
    try:
        lines = files.ledger.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return
    for line in lines:
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):  # a torn or hostile line
            continue
        replayed = entry.get("tool") in WRITE_TOOLS if isinstance(entry, dict) else False
        if replayed and isinstance(entry.get("arguments"), dict):
            yield entry["tool"], entry["arguments"]


def _reason(error: BaseException) -> str:
    if isinstance(error, FileNotFoundError):
        return "missing"
    first = (str(error).splitlines() or [type(error).__name__])[0]
    return f"{type(error).__name__}: {first[:120]}"
