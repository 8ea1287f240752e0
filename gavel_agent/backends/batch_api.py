"""Provider batch APIs: many independent single-turn requests at a discount, answered within hours.

Work that is one request per prompt and whose prompts are all known up front (the
end-to-end baseline's item groups, an LLM judge's questions) can go through the
OpenAI Batch API or Anthropic Message Batches instead of live calls. A submitted
batch is written to a state file at once, so a restart polls the same batch instead
of paying for it twice; polling backs off; requests the provider failed or let
expire come back as errors, and a later run resubmits only those.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar

from pydantic import BaseModel, Field

from gavel_agent import atomic
from gavel_agent.backends import catalog, keys
from gavel_agent.backends.keys import api_key
from gavel_agent.text.llm import Completer

T = TypeVar("T")
FIRST_POLL_S = 10.0
MAX_POLL_S = 300.0
ENDED = "ended"


@dataclass(frozen=True)
class BatchRequest:
    custom_id: str
    system: str
    user: str


@dataclass(frozen=True)
class BatchReply:
    text: str | None  # None when the provider failed the request, or it expired
    error: str = ""
    input_tokens: int = 0
    output_tokens: int = 0


class BatchState(BaseModel):
    """What a restart needs: the provider's batch id and which requests it holds."""

    provider: str
    model: str
    batch_id: str
    custom_ids: list[str]
    submitted_at: float
    replies: dict[str, dict] = Field(default_factory=dict)  # custom_id -> BatchReply fields, once collected


class ProviderBatches(Protocol):
    label: str

    async def submit(self, requests: list[BatchRequest]) -> str: ...

    async def status(self, batch_id: str) -> str: ...

    async def results(self, batch_id: str) -> dict[str, BatchReply]: ...


class OpenAIBatches:
    """The OpenAI Batch API over Chat Completions: a JSONL file of requests, one batch, an output file."""

    def __init__(self, model: str, client=None):
        from openai import AsyncOpenAI

        options = catalog.client_options()
        self.label = f"openai:{model}"
        self.model = model
        self.client = client or AsyncOpenAI(
            api_key=api_key("OPENAI_API_KEY"), max_retries=options.max_retries, timeout=options.timeout_seconds
        )

    def _body(self, request: BatchRequest) -> dict:
        settings = catalog.settings_for(self.label)
        body: dict = {
            "model": self.model,
            "messages": [{"role": "system", "content": request.system}, {"role": "user", "content": request.user}],
        }
        if settings.max_tokens:
            body["max_completion_tokens"] = settings.max_tokens
        if settings.temperature is not None:
            body["temperature"] = settings.temperature
        return body

    async def submit(self, requests: list[BatchRequest]) -> str:
        lines = [
            json.dumps(
                {"custom_id": r.custom_id, "method": "POST", "url": "/v1/chat/completions", "body": self._body(r)},
                ensure_ascii=False,
            )
            for r in requests
        ]
        upload = await self.client.files.create(file=("requests.jsonl", "\n".join(lines).encode()), purpose="batch")
        batch = await self.client.batches.create(
            input_file_id=upload.id, endpoint="/v1/chat/completions", completion_window="24h"
        )
        return batch.id

    async def status(self, batch_id: str) -> str:
        batch = await self.client.batches.retrieve(batch_id)
        return ENDED if batch.status in ("completed", "failed", "expired", "cancelled") else batch.status

    async def results(self, batch_id: str) -> dict[str, BatchReply]:
        batch = await self.client.batches.retrieve(batch_id)
        replies: dict[str, BatchReply] = {}
        for file_id in (batch.output_file_id, batch.error_file_id):
            if not file_id:
                continue
            content = await self.client.files.content(file_id)
            for line in content.text.splitlines():
                if line.strip():
                    row = json.loads(line)
                    replies[row["custom_id"]] = _openai_reply(row)
        return replies


def _openai_reply(row: dict) -> BatchReply:
    response = row.get("response") or {}
    body = response.get("body") or {}
    if row.get("error") or response.get("status_code") != 200:
        error = row.get("error") or body.get("error") or {}
        return BatchReply(
            None, str(error.get("message") or error.get("code") or f"status {response.get('status_code')}")
        )
    usage = body.get("usage") or {}
    text = "".join(choice["message"].get("content") or "" for choice in body.get("choices", [])[:1])
    return BatchReply(text, "", usage.get("prompt_tokens", 0), usage.get("completion_tokens", 0))


class AnthropicBatches:
    """Anthropic Message Batches: requests inline, results as JSONL by custom id."""

    def __init__(self, model: str, client=None):
        from anthropic import AsyncAnthropic

        options = catalog.client_options()
        self.label = f"anthropic:{model}"
        self.model = model
        self.client = client or AsyncAnthropic(
            api_key=api_key("ANTHROPIC_API_KEY"), max_retries=options.max_retries, timeout=options.timeout_seconds
        )

    async def submit(self, requests: list[BatchRequest]) -> str:
        settings = catalog.settings_for(self.label)
        params = {"model": self.model, "max_tokens": settings.max_tokens or 4096}
        if settings.temperature is not None:
            params["temperature"] = settings.temperature
        batch = await self.client.messages.batches.create(
            requests=[
                {
                    "custom_id": r.custom_id,
                    "params": {**params, "system": r.system, "messages": [{"role": "user", "content": r.user}]},
                }
                for r in requests
            ]
        )
        return batch.id

    async def status(self, batch_id: str) -> str:
        batch = await self.client.messages.batches.retrieve(batch_id)
        return ENDED if batch.processing_status == "ended" else batch.processing_status

    async def results(self, batch_id: str) -> dict[str, BatchReply]:
        replies: dict[str, BatchReply] = {}
        async for row in await self.client.messages.batches.results(batch_id):
            result = row.result
            if result.type == "succeeded":
                text = "".join(getattr(block, "text", "") for block in result.message.content)
                usage = result.message.usage
                replies[row.custom_id] = BatchReply(text, "", usage.input_tokens, usage.output_tokens)
            else:
                error = getattr(getattr(result, "error", None), "error", None)
                replies[row.custom_id] = BatchReply(None, getattr(error, "message", "") or result.type)
        return replies


BATCH_PROVIDERS: dict[str, Callable[[str], ProviderBatches]] = {"openai": OpenAIBatches, "anthropic": AnthropicBatches}


def batches_for(label: str) -> ProviderBatches:
    provider, _, model = label.partition(":")
    if provider not in BATCH_PROVIDERS or not model:
        raise keys.user_error(f"--batch-api needs an openai:<model> or anthropic:<model> model, not {label!r}")
    return BATCH_PROVIDERS[provider](model)


async def _collect(
    batches: ProviderBatches,
    requests: list[BatchRequest],
    state_path: Path,
    on_status: Callable[[str], None] | None,
    first_poll_s: float | None,
) -> dict[str, BatchReply]:
    state = BatchState.model_validate_json(state_path.read_text(encoding="utf-8")) if state_path.is_file() else None
    by_id = {r.custom_id: r for r in requests}
    if state is not None and state.replies:
        # A finished batch: keep what succeeded, resubmit the rest as a new batch.
        done = {k: BatchReply(**v) for k, v in state.replies.items() if v.get("text") is not None}
        todo = [r for k, r in by_id.items() if k not in done]
        if not todo:
            return done
        state = None
    else:
        done, todo = {}, list(requests)
    if state is None:
        batch_id = await batches.submit(todo)
        state = BatchState(
            provider=batches.label.partition(":")[0],
            model=batches.label,
            batch_id=batch_id,
            custom_ids=[r.custom_id for r in todo],
            submitted_at=time.time(),
        )
        atomic.write_text(state_path, state.model_dump_json(indent=1))
        if on_status:
            on_status(f"submitted batch {batch_id} ({len(todo)} requests)")
    delay = FIRST_POLL_S if first_poll_s is None else first_poll_s
    while (status := await batches.status(state.batch_id)) != ENDED:
        if on_status:
            on_status(f"batch {state.batch_id}: {status}; next check in {delay:.0f} s")
        await asyncio.sleep(delay)
        delay = min(delay * 2, MAX_POLL_S)
    fetched = await batches.results(state.batch_id)
    replies = {
        **done,
        **{k: fetched.get(k, BatchReply(None, "no result (expired or cancelled)")) for k in state.custom_ids},
    }
    state.replies = {k: vars(v) for k, v in replies.items()}
    atomic.write_text(state_path, state.model_dump_json(indent=1))
    return replies


def collect(
    batches: ProviderBatches,
    requests: list[BatchRequest],
    state_path: Path,
    on_status: Callable[[str], None] | None = None,
    first_poll_s: float | None = None,
) -> dict[str, BatchReply]:
    """Replies by custom id: from the batch recorded in ``state_path`` if there is one, else from a new batch."""
    return asyncio.run(_collect(batches, requests, state_path, on_status, first_poll_s))


class _RecordingCompleter:
    """The first pass of a batched judgement: answers what is already known, notes everything else.

    Its placeholder reply reads as "no verdict" to every judge, and nothing it returns is
    cached; the second pass asks the same questions again and gets the batch's answers.
    """

    PLACEHOLDER = "{}"

    def __init__(self, known: Callable[[str, str], str | None]):
        self.known = known
        self.asked: dict[str, BatchRequest] = {}

    def __call__(self, system: str, user: str) -> str:
        reply = self.known(system, user)
        if reply is not None:
            return reply
        key = request_key(system, user)
        self.asked.setdefault(key, BatchRequest(key, system, user))
        return self.PLACEHOLDER


def request_key(system: str, user: str) -> str:
    return hashlib.sha256(f"{system}\0{user}".encode()).hexdigest()[:32]


def answer_in_batch(
    score: Callable[[Completer, bool], T],
    label: str,
    state_dir: Path,
    known: Callable[[str, str], str | None] = lambda _s, _u: None,
    on_status: Callable[[str], None] | None = None,
    first_poll_s: float | None = None,
) -> T:
    """Run ``score(completer, final)`` twice: once to learn its questions, once with the batch's answers.

    ``score``'s questions must not depend on the answers (a checklist judge's do not). The batch's
    state file is named after the set of questions, so running the same evaluation again picks up
    the batch already submitted instead of paying twice.
    """
    recorder = _RecordingCompleter(known)
    score(recorder, False)
    requests = sorted(recorder.asked.values(), key=lambda r: r.custom_id)
    if not requests:
        return score(recorder, True)
    digest = hashlib.sha256("".join(r.custom_id for r in requests).encode()).hexdigest()[:16]
    replies = collect(batches_for(label), requests, state_dir / f"batch-{digest}.json", on_status, first_poll_s)
    failed = [reply.error for reply in replies.values() if reply.text is None]
    if failed:
        raise keys.user_error(
            f"{len(failed)} of {len(requests)} batch requests failed ({failed[0]}); "
            "run the same command again to resubmit them"
        )

    def answered(system: str, user: str) -> str:
        return known(system, user) or replies[request_key(system, user)].text or ""

    return score(answered, True)
