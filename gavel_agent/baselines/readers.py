"""Who reads the text shown to a baseline: a language model, or the offline rules.

Both receive the same ``Request`` (items, text, running state) and return
proposed values with quotes; neither stores anything, so every value goes
through the same quote verification whichever reader proposed it. The prompt
is built (and its tokens counted) for both readers, so prompt-token figures of
the offline baselines are what an LLM would have been sent.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from pydantic import BaseModel, create_model

from gavel_agent import prompts, tokens
from gavel_agent.baselines.concat import Concatenation, segments
from gavel_agent.case import Case
from gavel_agent.checklists import ChecklistSpec, ItemSpec
from gavel_agent.offline.item_plan import item_plan
from gavel_agent.offline.policy import choose, type_prior
from gavel_agent.offline.registry import DocInfo, get_extractor
from gavel_agent.text.llm import Completer, holds_schema, parse_json_reply
from gavel_agent.tools.checklist import ChecklistState

_TEXT_SLOT = "\x00text\x00"


@dataclass
class Request:
    case: Case
    spec: ChecklistSpec
    concatenation: Concatenation  # the whole text shown to the method (already cut to the context)
    items: list[ItemSpec]
    text: str  # what this call shows: the concatenation or one chunk of it
    text_tokens: int
    position: str = ""  # "chunk 3 of 12" for the chunk method
    state: ChecklistState | None = None  # the running checklist (chunk method)


@dataclass
class Proposal:
    item: str
    values: list[dict]  # {"value": str, "evidence": [{"quote": str, "document"?: str}]}
    replace: bool  # True: these are the item's values from now on; False: add them


@dataclass
class Answer:
    proposals: list[Proposal]
    prompt_tokens: int
    output_tokens: int = 0
    problems: list[str] = field(default_factory=list)


def render_state(request: Request) -> str:
    state = request.state
    current = (
        {
            item.key: [
                {"value": v.value, "quote": v.evidence[0].quote if v.evidence else ""} for v in state.items[item.key]
            ]
            for item in request.items
        }
        if state
        else {}
    )
    return json.dumps(current, ensure_ascii=False, indent=1)


def build_prompt(request: Request) -> tuple[str, str, int]:
    """System text, user text and their token count for one call."""
    system = prompts.load("extract_system")
    template = prompts.load("extract_chunk" if request.state is not None else "extract_end_to_end")
    definitions = "\n".join(
        f"- {i.key} ({i.name}, {'one value' if i.shape == 'single' else 'a list'}): {i.definition}"
        for i in request.items
    )
    frame = template.format(
        case_title=request.case.title,
        item_definitions=definitions,
        position=request.position,
        state=render_state(request),
        text=_TEXT_SLOT,
    )
    counted = tokens.count(system) + tokens.count(frame.replace(_TEXT_SLOT, "")) + request.text_tokens
    return system, frame.replace(_TEXT_SLOT, request.text), counted


class ExtractedValue(BaseModel):
    value: str
    quote: str  # exact words from a document


def reply_schema(request: Request) -> type[BaseModel]:
    """The shape the prompts ask for, ``{item_key: [{value, quote}]}``, for the items of this request: the
    schema a live reply is held to where the provider can (batch replies are read from their text)."""
    # mypy checks a ** dict against create_model's own keywords (__config__, __base__ ...) too, which no
    # dict of field definitions can satisfy; pydantic validates the fields at run time.
    return create_model("ExtractionReply", **{i.key: (list[ExtractedValue], ...) for i in request.items})  # type: ignore[call-overload]


class LLMReader:
    """Asks a model through a ``complete(system, user) -> str`` callable and parses its JSON reply."""

    def __init__(self, complete: Completer):
        self.complete = complete

    def read(self, request: Request) -> Answer:
        system, user, prompt_tokens = build_prompt(request)
        if holds_schema(self.complete):
            reply = self.complete(system, user, schema=reply_schema(request))
        else:
            reply = self.complete(system, user)
        return self.answer(request, reply, prompt_tokens)

    @staticmethod
    def answer(request: Request, reply: str, prompt_tokens: int) -> Answer:
        """The proposals in a model's reply to ``request`` (problems noted, never raised)."""
        answer = Answer([], prompt_tokens, tokens.count(reply))
        try:
            data = parse_json_reply(reply)
        except ValueError as e:
            answer.problems.append(f"reply is not JSON: {e}")
            return answer
        items = data.get("items", data) if isinstance(data, dict) else None
        if not isinstance(items, dict):
            answer.problems.append("reply is not a JSON object of items")
            return answer
        wanted = {i.key for i in request.items}
        for name, entries in items.items():
            key = request.spec.try_resolve(name)
            if key not in wanted:
                answer.problems.append(f"reply names an item that was not asked for: {name!r}")
                continue
            answer.proposals.append(Proposal(key, [_entry(e) for e in _as_list(entries)], replace=True))
        return answer


def _as_list(entries) -> list:
    return entries if isinstance(entries, list) else [] if entries is None else [entries]


def _entry(entry) -> dict:
    if not isinstance(entry, dict):
        return {"value": str(entry), "evidence": []}
    quotes = entry.get("quotes") or ([entry["quote"]] if entry.get("quote") else [])
    return {"value": str(entry.get("value") or ""), "evidence": [{"quote": str(q)} for q in _as_list(quotes)]}


class OfflineReader:
    """Runs the offline model's rule extractors over the text shown, without any navigation.

    The rules read each document of the shown text in turn, knowing its title, type and date
    from the header an LLM would see above it.
    """

    def read(self, request: Request) -> Answer:
        _, _, prompt_tokens = build_prompt(request)
        answer = Answer([], prompt_tokens)
        docs = {d.name: d for d in request.case.documents}
        parts = []
        for name, text in segments(request.text):
            name = name if name in docs else request.concatenation.document_of(text[:300].strip())
            if name in docs:
                doc = docs[name]
                parts.append((DocInfo(name, doc.title, doc.type, doc.date), text))
        for item in request.items:
            rule = get_extractor(request.spec.name, item.key)
            plan = item_plan(request.spec.name, item)
            have = len(request.state.items[item.key]) if request.state else 0
            room = plan.value_limit - have
            if rule is None or room <= 0:
                continue
            found = [
                (type_prior(plan, info), finding, info.name) for info, text in parts for finding in rule(text, info)
            ]
            if found:
                answer.proposals.append(Proposal(item.key, choose(plan, found, room), replace=False))
        return answer
