"""The JSON schema of each tool's arguments, as a model is shown it.

Pydantic's own schema carries a ``title`` on every object and property and puts
nested models under ``$defs``; both cost tokens and say nothing a model can use.
Here nested models are written in place, titles go, "X or null" is one type
list, and the ``item`` of a
checklist write becomes an enum of the run's item keys, so a model cannot name
an item outside the run and a constrained decoder (OpenAI strict mode, vLLM's
guided decoding) keeps it to valid keys.
"""

from __future__ import annotations

import copy
from typing import Any

from agents.strict_schema import ensure_strict_json_schema
from pydantic import BaseModel

# Keywords OpenAI's strict mode has rejected ("'default' is not permitted") or long did not support; the
# argument models still enforce them when a call is validated, so strict schemas leave them out.
STRICT_DROPPED = ("default", "minimum", "maximum", "minItems", "maxItems")


def tool_schema(args: type[BaseModel], item_keys: list[str], strict: bool = False) -> dict[str, Any]:
    """The argument schema for ``args``; ``strict`` makes it OpenAI-strict (every property required,
    no other properties; optional arguments become nullable)."""
    raw = args.model_json_schema()
    schema = _clean(raw, raw.get("$defs", {}), item_keys)
    return ensure_strict_json_schema(without_keywords(schema, STRICT_DROPPED)) if strict else schema


def without_keywords(node: Any, keywords: tuple[str, ...]) -> Any:
    """``node`` with the given JSON-schema keywords removed at every level (property names are kept)."""
    if isinstance(node, list):
        return [without_keywords(n, keywords) for n in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "properties":  # property names are data, not schema keywords
            out[key] = {name: without_keywords(prop, keywords) for name, prop in value.items()}
        elif key not in keywords:
            out[key] = without_keywords(value, keywords)
    return out


def _clean(node: Any, defs: dict[str, Any], item_keys: list[str]) -> Any:
    if isinstance(node, list):
        return [_clean(n, defs, item_keys) for n in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target = defs[node["$ref"].rsplit("/", 1)[-1]]
        merged = {
            **copy.deepcopy(target),
            **{k: v for k, v in node.items() if k != "$ref"},
        }
        return _clean(merged, defs, item_keys)
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in ("title", "$defs"):
            continue
        if key == "properties":  # property names are data, not schema keywords
            out[key] = {name: _clean(prop, defs, item_keys) for name, prop in value.items()}
        else:
            out[key] = _clean(value, defs, item_keys)
    nullable = [branch for branch in out.get("anyOf", []) if branch != {"type": "null"}]
    if len(nullable) == 1 and len(out["anyOf"]) == 2 and isinstance(nullable[0].get("type"), str):
        # "X or null" as one type list: the same schema in half the tokens.
        del out["anyOf"]
        out = {**nullable[0], **out, "type": [nullable[0]["type"], "null"]}
    if "default" in out and out["default"] is None:
        del out["default"]  # a nullable argument's description says what null means
    item = out.get("properties", {}).get("item")
    if item is not None and item.get("type") == "string" and item_keys:
        item["enum"] = list(item_keys)
    return out
