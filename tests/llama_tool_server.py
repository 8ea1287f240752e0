"""llama-cpp-python's OpenAI server with template-rendered prompts and ``tool_choice: auto``.

Run as ``python tests/llama_tool_server.py TOKENIZER_CONFIG.json <llama_cpp.server arguments>``.

llama-cpp-python renders any chat template (``--chat_format hf-tokenizer-config``) but turns a reply
into a tool call only when ``tool_choice`` names one tool; under ``auto`` every reply is text. The
only formats that choose on their own (``chatml-function-calling``, ``functionary``) have fixed
templates, and the chatml one never shows a tool result. This server does what ``llama-server
--jinja`` does for a template it has no dedicated parser for (its "generic" tool-call format): the
prompt is the template's rendering of the messages and tools, and a grammar makes the reply one JSON
object, either ``{"tool_call": {"name": ..., "arguments": {...}}}`` or ``{"response": "..."}``, so
the model itself picks between a call and a text reply. The reply is then returned as the
OpenAI ``tool_calls`` or ``content`` it stands for.
"""

from __future__ import annotations

import json
import sys
import uuid
from typing import Any

from llama_cpp import llama_chat_format
from llama_cpp.llama_grammar import LlamaGrammar
from llama_cpp.server.__main__ import main

CHAT_FORMAT = "template-with-tool-calls"
SAMPLING = (
    "temperature",
    "top_p",
    "top_k",
    "min_p",
    "seed",
    "max_tokens",
    "presence_penalty",
    "frequency_penalty",
    "repeat_penalty",
)


def reply_schema(tools: list[dict], tool_choice: Any) -> dict:
    """One JSON object: a call of one of the allowed tools, or (unless a call is required) a text reply."""
    if isinstance(tool_choice, dict):
        tools = [t for t in tools if t["function"]["name"] == tool_choice["function"]["name"]]
    calls = [
        {
            "type": "object",
            "required": ["name", "arguments"],
            "properties": {
                "name": {"const": t["function"]["name"]},
                "arguments": t["function"].get("parameters") or {"type": "object"},
            },
        }
        for t in tools
    ]
    options = [{"type": "object", "required": ["tool_call"], "properties": {"tool_call": {"anyOf": calls}}}]
    if tool_choice in (None, "auto"):
        options.append({"type": "object", "required": ["response"], "properties": {"response": {"type": "string"}}})
    return {"anyOf": options}


def as_chat_message(text: str) -> tuple[dict, str | None]:
    """The assistant message a grammar-shaped reply stands for, and its finish reason (None: keep the
    completion's own, e.g. "length" for a reply cut off before its JSON closed)."""
    try:
        reply = json.loads(text)
    except json.JSONDecodeError:
        return {"role": "assistant", "content": text}, None
    if "tool_call" in reply:
        call = reply["tool_call"]
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": f"call_{uuid.uuid4().hex[:12]}",
                    "type": "function",
                    "function": {"name": call["name"], "arguments": json.dumps(call["arguments"])},
                }
            ],
        }, "tool_calls"
    return {"role": "assistant", "content": reply["response"]}, None


def template_handler(tokenizer_config: dict):
    formatter = llama_chat_format.Jinja2ChatFormatter(
        tokenizer_config["chat_template"], tokenizer_config["eos_token"], tokenizer_config["bos_token"]
    )

    def handle(*, llama, messages, tools=None, tool_choice=None, **kwargs):
        rendered = formatter(messages=messages, tools=tools)
        grammar = None
        if tools and tool_choice != "none":
            grammar = LlamaGrammar.from_json_schema(json.dumps(reply_schema(tools, tool_choice)), verbose=False)
        completion = llama.create_completion(
            prompt=rendered.prompt,
            stop=rendered.stop,
            grammar=grammar,
            **{k: v for k, v in kwargs.items() if k in SAMPLING and v is not None},
        )
        choice = completion["choices"][0]
        message, finish_reason = (
            as_chat_message(choice["text"]) if grammar else ({"role": "assistant", "content": choice["text"]}, None)
        )
        return {
            "id": "chat" + completion["id"],
            "object": "chat.completion",
            "created": completion["created"],
            "model": completion["model"],
            "usage": completion["usage"],
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "logprobs": None,
                    "finish_reason": finish_reason or choice["finish_reason"],
                }
            ],
        }

    return handle


if __name__ == "__main__":
    config_path, *server_args = sys.argv[1:]
    with open(config_path) as f:
        llama_chat_format.register_chat_completion_handler(CHAT_FORMAT)(template_handler(json.load(f)))
    sys.argv = [sys.argv[0], "--chat_format", CHAT_FORMAT, *server_args]
    main()
