"""The strict audit judge backed by a language model.

The caller injects a completer (``evaluators.llm.Completer``), so any backend
the agent supports can judge; wrap it with ``evaluators.llm.cached`` to reuse
replies. A reply that cannot be read falls back to the offline judge and says so
in the verdict's reason, so one bad reply never stops an audit.
"""

from __future__ import annotations

import json

from gavel_agent import prompts
from gavel_agent.checklists import ItemSpec
from gavel_agent.evaluators.audit.judge import MISMATCH_TYPES, StrictJudge, Verdict
from gavel_agent.evaluators.llm import Completer, parse_json_reply


class LLMJudge:
    def __init__(self, complete: Completer, name: str = "llm"):
        self.complete = complete
        self.name = name
        self.fallback = StrictJudge()

    def __call__(self, item: ItemSpec, predicted: list[str], reference: list[str]) -> Verdict:
        question = {
            "item": item.name,
            "category": item.category,
            "definition": item.definition,
            "reference": reference,
            "extraction": predicted,
        }
        reply = self.complete(prompts.load("audit_judge"), json.dumps(question, ensure_ascii=False, indent=1))
        try:
            return read_verdict(reply)
        except ValueError as e:
            offline = self.fallback(item, predicted, reference)
            return Verdict(offline.supported, offline.mismatch, f"offline judge used ({e}); {offline.reason}")


def read_verdict(reply: str) -> Verdict:
    """A Verdict from the model's JSON reply; ValueError when it is not one."""
    try:
        data = parse_json_reply(reply)
    except json.JSONDecodeError as e:
        raise ValueError(f"reply is not JSON: {e.msg}") from None
    if not isinstance(data, dict) or data.get("verdict") not in ("supported", "contradicted"):
        raise ValueError("reply has no verdict 'supported' or 'contradicted'")
    supported = data["verdict"] == "supported"
    mismatch = str(data.get("mismatch") or "none").strip().lower()
    if supported:
        mismatch = "none"
    elif mismatch not in MISMATCH_TYPES or mismatch == "none":
        mismatch = "other"
    return Verdict(supported, mismatch, str(data.get("reason") or "")[:300])
