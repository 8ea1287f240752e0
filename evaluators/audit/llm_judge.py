"""The strict audit judge backed by a language model.

The caller injects a completer (``text.llm.Completer``), so any backend
the agent supports can judge; wrap it with ``text.llm.cached`` to reuse
replies. A reply that cannot be read falls back to the offline judge and says so
in the verdict's reason, so one bad reply never stops an audit.
"""

from __future__ import annotations

import json
from typing import Literal, cast

from pydantic import BaseModel

from gavel_agent import prompts
from gavel_agent.checklists import ItemSpec
from gavel_agent.evaluators.audit.judge import MISMATCH_TYPES, Mismatch, StrictJudge, Verdict
from gavel_agent.text.llm import Completer, ask_json


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
        try:
            return read_verdict(
                ask_json(
                    self.complete,
                    prompts.load("audit_judge"),
                    json.dumps(question, ensure_ascii=False, indent=1),
                    AuditReply,
                )
            )
        except ValueError as e:  # an unreadable reply (a failed call is not a ValueError and stops the audit)
            offline = self.fallback(item, predicted, reference)
            return Verdict(offline.supported, offline.mismatch, f"offline judge used ({e}); {offline.reason}")


class AuditReply(BaseModel):
    """The schema the model's answer is held to where the provider can."""

    verdict: Literal["supported", "contradicted"]
    mismatch: str  # one of MISMATCH_TYPES; anything else reads as "other"
    reason: str


def read_verdict(data: object) -> Verdict:
    """A Verdict from the model's JSON answer; ValueError when it is not one."""
    if not isinstance(data, dict) or data.get("verdict") not in ("supported", "contradicted"):
        raise ValueError("reply has no verdict 'supported' or 'contradicted'")
    supported = data["verdict"] == "supported"
    mismatch = str(data.get("mismatch") or "none").strip().lower()
    if supported:
        mismatch = "none"
    elif mismatch not in MISMATCH_TYPES or mismatch == "none":
        mismatch = "other"
    # mismatch is one of MISMATCH_TYPES by now, the values of the Literal.
    return Verdict(supported, cast(Mismatch, mismatch), str(data.get("reason") or "")[:300])
