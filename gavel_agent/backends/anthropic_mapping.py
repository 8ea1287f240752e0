"""Translation between the agent loop's Responses-format items and Anthropic's Messages API.

Outbound: SDK function tools become Anthropic tool definitions; Responses input
items (messages, ``function_call``, ``function_call_output``, ``reasoning``)
become Messages content blocks (``text``, ``tool_use``, ``tool_result``,
``thinking``), with consecutive same-role turns merged because the Messages API
wants user and assistant to alternate. ``cache_control`` markers sit on the
stable prefix and the end of the history: the system prompt (which caches the
tools before it), the task message (the first block), and the block before the
loop's per-step state message (the last block, which changes every step and so
is never marked). Between the loop's prunings each request extends the previous
one, so each step reads the conversation so far from the prompt cache.

Inbound: ``text`` blocks become one assistant message, ``tool_use`` blocks
become function calls, and ``thinking`` blocks become reasoning items. Reasoning
items are counted and replayed to Anthropic (with their signature, which the
API requires next to tool use), but the loop never reads them as checklist
content.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from agents import FunctionTool, ModelSettings, Usage
from agents.items import TResponseInputItem, TResponseOutputItem
from agents.usage import _make_input_tokens_details
from anthropic.types import Message
from openai.types.responses import (
    ResponseFunctionToolCall,
    ResponseOutputMessage,
    ResponseOutputText,
    ResponseReasoningItem,
)
from openai.types.responses.response_reasoning_item import Content as ReasoningText
from openai.types.responses.response_usage import OutputTokensDetails

from gavel_agent import tokens

DEFAULT_MAX_TOKENS = 4096
CACHE_MARKER = {"type": "ephemeral"}
# Redacted thinking has no text, only opaque data; the prefix tells it apart on replay.
REDACTED_PREFIX = "redacted_thinking:"
# Block types that may carry a cache breakpoint.
_CACHEABLE_BLOCKS = {"text", "tool_result", "tool_use"}


class UnsupportedInputError(ValueError):
    """An input item or tool this backend cannot express in the Messages API."""


# ---- outbound ---------------------------------------------------------------------------


def tool_definitions(tools: Iterable[Any]) -> list[dict]:
    definitions = []
    for tool in tools:
        if not isinstance(tool, FunctionTool):
            raise UnsupportedInputError(
                f"the Anthropic backend only supports function tools, not {type(tool).__name__}"
            )
        definitions.append(
            {"name": tool.name, "description": tool.description, "input_schema": tool.params_json_schema}
        )
    return definitions


def tool_choice(choice: Any) -> dict | None:
    """Map the SDK's tool_choice ("auto" / "required" / "none" / a tool name) to Anthropic's."""
    if choice is None:
        return None
    if choice in ("auto", "none"):
        return {"type": choice}
    if choice == "required":
        return {"type": "any"}
    if isinstance(choice, str):
        return {"type": "tool", "name": choice}
    raise UnsupportedInputError(f"unsupported tool_choice for the Anthropic backend: {choice!r}")


def _text_of(content: Any) -> str:
    """Plain text of a Responses content value (a string or a list of text parts)."""
    if isinstance(content, str):
        return content
    return "".join(part.get("text", "") or part.get("refusal", "") for part in content)


def _thinking_block(item: dict) -> dict | None:
    signature = item.get("encrypted_content")
    if not signature:
        # Reasoning from another provider has no Anthropic signature and would be rejected.
        return None
    if signature.startswith(REDACTED_PREFIX):
        return {"type": "redacted_thinking", "data": signature[len(REDACTED_PREFIX) :]}
    text = "".join(part.get("text", "") for part in item.get("content") or [])
    return {"type": "thinking", "thinking": text, "signature": signature}


def _turn(item: dict) -> tuple[str, list[dict]] | None:
    """The (role, blocks) one input item contributes, or None for items that add nothing."""
    kind = item.get("type", "message")
    if kind == "message":
        role = item["role"]
        if role not in ("user", "assistant"):
            raise UnsupportedInputError(f"unexpected {role} message after the system prompt")
        text = _text_of(item["content"])
        return (role, [{"type": "text", "text": text}]) if text else None
    if kind == "function_call":
        arguments = json.loads(item["arguments"] or "{}")
        return "assistant", [{"type": "tool_use", "id": item["call_id"], "name": item["name"], "input": arguments}]
    if kind == "function_call_output":
        output = item["output"]
        content = output if isinstance(output, str) else _text_of(output)
        return "user", [{"type": "tool_result", "tool_use_id": item["call_id"], "content": content}]
    if kind == "reasoning":
        block = _thinking_block(item)
        return ("assistant", [block]) if block else None
    raise UnsupportedInputError(f"the Anthropic backend cannot send input items of type {kind!r}")


def messages(items: str | list[TResponseInputItem]) -> list[dict]:
    """Messages API turns for the loop's input, same-role neighbours merged, the task message and the
    history's end cache-marked."""
    if isinstance(items, str):
        items = [{"role": "user", "content": items}]
    turns: list[dict] = []
    for item in items:
        turn = _turn(dict(item))
        if turn is None:
            continue
        role, blocks = turn
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"].extend(blocks)
        else:
            turns.append({"role": role, "content": blocks})
    blocks = [block for turn in turns for block in turn["content"]]
    for block in {id(b): b for b in blocks[:1] + blocks[-2:-1]}.values():
        if block["type"] in _CACHEABLE_BLOCKS:
            block["cache_control"] = CACHE_MARKER
    return turns


def system_blocks(system_instructions: str | None) -> list[dict]:
    if not system_instructions:
        return []
    return [{"type": "text", "text": system_instructions, "cache_control": CACHE_MARKER}]


def request(
    model: str,
    system_instructions: str | None,
    input: str | list[TResponseInputItem],
    settings: ModelSettings,
    tools: list[Any],
) -> dict:
    """Keyword arguments for ``messages.create``."""
    body: dict[str, Any] = {
        "model": model,
        "max_tokens": settings.max_tokens or DEFAULT_MAX_TOKENS,
        "messages": messages(input),
    }
    optional = {
        "system": system_blocks(system_instructions),
        "tools": tool_definitions(tools),
        "tool_choice": tool_choice(settings.tool_choice) if tools else None,
        "temperature": settings.temperature,
        "top_p": settings.top_p,
    }
    body.update({k: v for k, v in optional.items() if v not in (None, [])})
    if settings.parallel_tool_calls is False and tools:
        body["tool_choice"] = {**body.get("tool_choice", {"type": "auto"}), "disable_parallel_tool_use": True}
    # Provider-specific extras from models.json or the caller, e.g. {"thinking": {...}}.
    body.update(settings.extra_args or {})
    body.update(settings.extra_body or {})
    return body


def create_arguments(body: dict, accepted: set[str]) -> dict:
    """Split a request body into ``messages.create`` keyword arguments.

    Fields the installed SDK's signature does not name (newer SDKs dropped
    ``temperature`` and ``top_p``) still reach the wire through ``extra_body``.
    """
    arguments = {k: v for k, v in body.items() if k in accepted}
    extra = {k: v for k, v in body.items() if k not in accepted}
    return {**arguments, "extra_body": extra} if extra else arguments


# ---- inbound ----------------------------------------------------------------------------


FINAL_OUTPUT_TOOL = "final_output"


def force_final_output(body: dict, json_schema: dict) -> dict:
    """Structured output on Anthropic: one tool whose input is the answer, and the model made to call it.

    Extended thinking does not allow a forced tool choice, so it is left out of such a request.
    """
    body = {k: v for k, v in body.items() if k != "thinking"}
    body["tools"] = [
        {
            "name": FINAL_OUTPUT_TOOL,
            "description": "Give the final answer as this tool's input.",
            "input_schema": json_schema,
        }
    ]
    body["tool_choice"] = {"type": "tool", "name": FINAL_OUTPUT_TOOL}
    return body


def final_output_items(message: Message) -> list[TResponseOutputItem]:
    """The forced tool call's input as the reply's text (JSON), as a structured reply reads on OpenAI."""
    answer = next(
        (block.input for block in message.content if block.type == "tool_use" and block.name == FINAL_OUTPUT_TOOL), None
    )
    if answer is None:
        return output_items(message)
    text = ResponseOutputText(type="output_text", text=json.dumps(answer), annotations=[])
    return [ResponseOutputMessage(type="message", id=message.id, role="assistant", status="completed", content=[text])]


def output_items(message: Message) -> list[TResponseOutputItem]:
    items: list[TResponseOutputItem] = []
    texts: list[ResponseOutputText] = []
    for block in message.content:
        if block.type == "text":
            texts.append(ResponseOutputText(type="output_text", text=block.text, annotations=[]))
        elif block.type == "tool_use":
            items.append(
                ResponseFunctionToolCall(
                    type="function_call",
                    id=block.id,
                    call_id=block.id,
                    name=block.name,
                    arguments=json.dumps(block.input),
                    status="completed",
                )
            )
        elif block.type == "thinking":
            text = [ReasoningText(type="reasoning_text", text=block.thinking)]
            items.append(_reasoning_item(f"{message.id}-thinking-{len(items)}", text, block.signature))
        elif block.type == "redacted_thinking":
            items.append(_reasoning_item(f"{message.id}-thinking-{len(items)}", None, REDACTED_PREFIX + block.data))
    if texts:
        items.insert(
            0, ResponseOutputMessage(type="message", id=message.id, role="assistant", status="completed", content=texts)
        )
    return items


def _reasoning_item(item_id: str, text: list[ReasoningText] | None, signature: str) -> ResponseReasoningItem:
    # The signature rides in encrypted_content so the block can be replayed verbatim.
    return ResponseReasoningItem(type="reasoning", id=item_id, summary=[], content=text, encrypted_content=signature)


def usage(message: Message) -> Usage:
    """The SDK's Usage from Anthropic's counts.

    Anthropic's ``input_tokens`` excludes cache reads and writes; the SDK's
    (like OpenAI's) includes them, with the cached part broken out. Thinking
    tokens come from ``output_tokens_details`` when the API reports them, else
    they are estimated from the returned thinking text.
    """
    reported = message.usage
    cache_read = reported.cache_read_input_tokens or 0
    cache_write = reported.cache_creation_input_tokens or 0
    input_tokens = reported.input_tokens + cache_read + cache_write
    details = reported.output_tokens_details
    if details is not None:
        reasoning = details.thinking_tokens
    else:
        reasoning = sum(tokens.count(b.thinking) for b in message.content if b.type == "thinking")
    return Usage(
        requests=1,
        input_tokens=input_tokens,
        output_tokens=reported.output_tokens,
        total_tokens=input_tokens + reported.output_tokens,
        input_tokens_details=_make_input_tokens_details(cached_tokens=cache_read, cache_write_tokens=cache_write),
        output_tokens_details=OutputTokensDetails(reasoning_tokens=reasoning),
    )
