"""The one thing evaluators need from a language model: text in, text out.

The caller (the CLI, a bench script, a test) injects a *completer*; evaluators
never build model clients themselves, so this package stays free of the agent.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol, TypeGuard

from pydantic import BaseModel


class Completer(Protocol):
    """``completer(system, user) -> reply text``.

    A completer that can hold the model to a JSON schema is also a :class:`StructuredCompleter`;
    :func:`ask_json` uses that and asks plainly otherwise (test fakes, batch replies).
    """

    def __call__(self, system: str, user: str) -> str: ...


class StructuredCompleter(Protocol):
    """A completer that can hold the model to a JSON schema (structured outputs): it also takes
    ``schema=`` (a Pydantic model), and its ``structured_output`` says whether it still does so (a
    server that refuses the schema turns it off)."""

    structured_output: bool

    def __call__(self, system: str, user: str, schema: type[BaseModel] | None = None) -> str: ...


def holds_schema(completer: Completer) -> TypeGuard[StructuredCompleter]:
    """Whether ``completer`` takes ``schema=`` and the provider holds its replies to it."""
    return bool(getattr(completer, "structured_output", False))


def content_hash(*parts: str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()


class ReplyCache:
    """Replies keyed by a content hash, in one SQLite file, so reruns cost nothing.

    The key covers the model name as well as both prompts, so switching models
    never serves a stale reply. Each reply is one committed row (a large judging run
    no longer rewrites a whole file per reply), and several processes may share a
    cache. A JSON cache from earlier versions beside it (same name, ``.json``) is
    read in once, so replies already paid for are not asked for again.
    """

    def __init__(self, path: str | Path, model: str = ""):
        self.path = Path(path).with_suffix(".sqlite")
        self.model = model
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS replies (key TEXT PRIMARY KEY, reply TEXT NOT NULL)")
        legacy = self.path.with_suffix(".json")
        if legacy.is_file() and not self.db.execute("SELECT 1 FROM replies LIMIT 1").fetchone():
            self.put_many(json.loads(legacy.read_text(encoding="utf-8")).items())

    def key(self, system: str, user: str) -> str:
        return content_hash(self.model, system, user)

    def get(self, system: str, user: str) -> str | None:
        row = self.db.execute("SELECT reply FROM replies WHERE key = ?", (self.key(system, user),)).fetchone()
        return row[0] if row else None

    def put(self, system: str, user: str, reply: str) -> None:
        self.put_many([(self.key(system, user), reply)])

    def put_many(self, keyed_replies: Iterable[tuple[str, str]]) -> None:
        """Store replies under keys already made by :meth:`key`, in one transaction."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany("INSERT OR REPLACE INTO replies (key, reply) VALUES (?, ?)", keyed_replies)


def cached(completer: Completer, cache: ReplyCache) -> Callable[..., str]:
    """Wrap a completer so identical (system, user) prompts are answered from the cache."""

    def complete(system: str, user: str, **schema) -> str:
        hit = cache.get(system, user)
        if hit is not None:
            return hit
        reply = completer(system, user, **schema)
        cache.put(system, user, reply)
        return reply

    complete.structured_output = getattr(completer, "structured_output", False)  # type: ignore[attr-defined]
    return complete


def ask_json(completer: Completer, system: str, user: str, schema: type[BaseModel]) -> object:
    """The model's JSON answer: held to ``schema`` by the provider when the completer can do that
    (OpenAI ``response_format`` json_schema, Anthropic forced tool use), otherwise read tolerantly
    from the reply text (an OpenAI-compatible server without ``response_format``, a test fake)."""
    if holds_schema(completer):
        reply = completer(system, user, schema=schema)
        try:  # the provider honoured the schema: the reply is the JSON itself
            return json.loads(reply)
        except json.JSONDecodeError:  # it fell back to plain replies (a wrapper such as cached() cannot tell)
            return parse_json_reply(reply)
    return parse_json_reply(completer(system, user))


def parse_json_reply(reply: str) -> object:
    """The JSON object in a model reply, tolerating code fences and chatter around it: only for
    replies no schema held (servers without structured outputs, replies from a batch API)."""
    text = reply.strip()
    start = min((i for i in (text.find("{"), text.find("[")) if i >= 0), default=-1)
    if start < 0:
        raise ValueError(f"model reply holds no JSON: {text[:80]!r}")
    closing = "}" if text[start] == "{" else "]"
    end = text.rfind(closing)
    return json.loads(text[start : end + 1])
