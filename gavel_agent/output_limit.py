"""A tool call cut off at the model's output limit: refused whole and reported, never half-run.

A reply that reaches ``max_tokens`` inside a tool call ends with that call's arguments cut short.
They may fail to parse (a malformed-arguments error would not tell the model why), or parse yet miss
every value written after the cut (an Anthropic ``tool_use`` block comes back with what was decoded so
far), and a write would then store part of what the model meant without a word. The backends name the
last tool call of a cut-off reply (``cut_call_id``); the loop runs none of it and says why, to the model
in the call's result and to the user in the trace line and the ledger.
"""

from __future__ import annotations

from gavel_agent.backends import ResolvedModel
from gavel_agent.tools.calls import ToolResult

CUT_OFF_SUMMARY = "cut off at the output limit: not run"


SPLIT_ADVICE = "Send it again split into smaller calls (a few items, or fewer values, per write)."


def _limit(model: ResolvedModel) -> str:
    limit = model.settings.max_tokens
    return f" ({limit:,} tokens)" if limit else ""


def cut_off_call(model: ResolvedModel, call_id: str | None) -> ToolResult | None:
    """The refusal for the call ``call_id`` when the model's latest reply was cut off inside it; else None."""
    if call_id is None or getattr(model.model, "cut_call_id", None) != call_id:
        return None
    return ToolResult(
        f"ERROR: your reply reached the output limit{_limit(model)} inside this call, so its arguments are cut "
        f"short: it was not run and nothing of it was stored. {SPLIT_ADVICE}",
        CUT_OFF_SUMMARY,
        ok=False,
    )


def dropped_reply_nudge(model: ResolvedModel) -> str | None:
    """What the model is told when the provider failed a reply cut off inside a tool call (the Responses
    API marks it incomplete and the SDK runs none of its calls); None when the reply had no tool call."""
    if getattr(model.model, "cut_call_id", None) is None:
        return None
    return (
        f"Your reply reached the output limit{_limit(model)} inside a tool call, so none of its calls were run "
        f"and nothing was stored. {SPLIT_ADVICE}"
    )
