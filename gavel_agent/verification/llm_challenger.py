"""The ``--verify`` challenges put to a language model.

For each stored value the model gets the item's definition, its category's
questions (``prompts/verify_<category>.md``), the value's quotes with the text
around them and a few passages found by a search for the item's name and definition. It
replies keep, revise or delete (``prompts/verify_system.md``). Its quotes count
only once they are found in the case by the same check the agent's
``append_checklist`` uses, so a model cannot defend or revise a value with text
it made up. The gates in ``gavel_agent.verification.stage`` then decide what happens.

A reply that cannot be read, or a model call that fails, falls back to the
offline checks for that value and says so in the reason: one bad turn never
stops verification.
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ValidationError

from gavel_agent import prompts
from gavel_agent.backends.keys import redact
from gavel_agent.case import Case
from gavel_agent.checklists import ChecklistSpec, ItemSpec
from gavel_agent.checklists.record import Value
from gavel_agent.text.llm import Completer, ask_json
from gavel_agent.tools import quotes
from gavel_agent.tools.checklist import ChecklistState, EvidenceError
from gavel_agent.tools.search import SearchIndex
from gavel_agent.verification.stage import Ruling, offline_ruling

CONTEXT_CHARS = 400  # text shown either side of a stored quote
ITEM_PASSAGES = 3  # passages found by the item's name and definition, for a revision to quote from


class QuoteRef(BaseModel):
    document: str
    quote: str


class ChallengeReply(BaseModel):
    """The model's answer to one challenge."""

    decision: Literal["keep", "revise", "delete"]
    value: str = ""
    quotes: list[QuoteRef] = []
    reason: str = ""


def ask_challenge(complete: Completer, system: str, user: str) -> ChallengeReply:
    """The model's JSON answer (held to ChallengeReply's schema where the provider can); ValueError when
    the reply is not one."""
    try:
        return ChallengeReply.model_validate(ask_json(complete, system, user, ChallengeReply))
    except json.JSONDecodeError as e:
        raise ValueError(f"reply is not JSON: {e.msg}") from None
    except ValidationError as e:
        raise ValueError(f"reply is not a keep/revise/delete answer: {e.errors()[0]['msg']}") from None


class LLMChallenger:
    """A ``verify.Challenger`` that asks ``complete(system, user)`` and checks the quotes it cites."""

    def __init__(self, complete: Completer, spec: ChecklistSpec, case: Case, index: SearchIndex):
        self.complete = complete
        self.case = case
        self.index = index
        self.quotes = ChecklistState(spec, spec.keys, case)  # only its quote verification is used

    def question(self, value: Value, item: ItemSpec) -> str:
        stored = []
        for ev in value.evidence:
            entry = {"document": ev.document, "quote": ev.quote}
            try:
                text = self.case.document(ev.document).text
            except KeyError:
                text = ""
            span = quotes.locate(ev.quote, text) if text else None
            if span:
                entry["context"] = text[max(0, span[0] - CONTEXT_CHARS) : span[1] + CONTEXT_CHARS]
            stored.append(entry)
        # The item's own words: the offline model's search plan is not the LLM path's to borrow.
        query = f"{item.name} {item.definition}"
        passages = [
            {"document": hit.document, "text": self.case.document(hit.document).text[hit.start_char : hit.end_char]}
            for hit in self.index.bm25(query, top_k=ITEM_PASSAGES)
        ]
        return json.dumps(
            {
                "item": item.name,
                "definition": item.definition,
                "category": item.category,
                "questions": prompts.load(f"verify_{item.category}").strip(),
                "value": value.value,
                "stored_quotes": stored,
                "passages": passages,
            },
            ensure_ascii=False,
            indent=1,
        )

    def __call__(self, value: Value, item: ItemSpec) -> Ruling:
        try:
            reply = ask_challenge(self.complete, prompts.load("verify_system"), self.question(value, item))
        except Exception as e:  # unreadable reply or a failed call: this value gets the offline checks
            offline = offline_ruling(value, item, self.case)
            problem = redact(str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__)[:200]
            return Ruling(offline.decision, f"model unusable ({problem}); offline checks: {offline.reason}")
        said = f"model: {reply.reason.strip() or reply.decision}"
        cited = [q.model_dump() for q in reply.quotes]
        if reply.decision == "delete":
            return Ruling("delete", said)
        if reply.decision == "revise" and quotes.fold_quote(reply.value) != quotes.fold_quote(value.value):
            try:
                revised = self.quotes.verified(reply.value, cited)
            except EvidenceError as e:
                return Ruling("revise_rejected", f"{said}; revision to {reply.value!r} rejected: {e}")
            return Ruling("revise", said, revised)
        # keep (or a "revision" to the same value): defended only by quotes found in the case
        try:
            defence = self.quotes.verified(value.value, cited or [e.model_dump() for e in value.evidence])
        except EvidenceError as e:
            return Ruling("delete", f"{said}, but its defence fails ({e})")
        where = "; ".join(f"{e.document} chars {e.start_char}-{e.end_char}" for e in defence.evidence[:2])
        return Ruling("keep", f"{said} (quoted at {where})")
