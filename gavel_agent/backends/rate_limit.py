"""Request-rate limits shared by every run that spends one provider key.

A provider's rate limit belongs to the API key, not to a process: when a batch's
cases run in several processes or on several machines (the Ray engine), they must
draw on one budget. The schedule is a virtual-time token bucket: each request
reserves the next free slot and is told how long to wait for it, so the schedule
can live anywhere (in this process, or in one Ray actor all workers call) and the
waiting happens on the caller's side.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from typing import Protocol

from agents.models.interface import Model

from gavel_agent.backends.keys import setting


class RequestSchedule:
    """Slots of ``60 / per_minute`` seconds, with up to ``burst`` requests let through at once."""

    def __init__(self, per_minute: float, burst: int = 1):
        if per_minute <= 0:
            raise ValueError("requests per minute must be positive")
        self.interval = 60.0 / per_minute
        self.burst = max(1, burst)
        self.next_free = 0.0

    def reserve(self, now: float | None = None) -> float:
        """Book one request; returns the seconds to wait before sending it."""
        now = time.monotonic() if now is None else now
        # A bucket that has been idle refills up to its burst, no further.
        earliest = now - (self.burst - 1) * self.interval
        slot = max(self.next_free, earliest)
        self.next_free = slot + self.interval
        return max(0.0, slot - now)


class Limiter(Protocol):
    async def acquire(self) -> None: ...


class LocalLimiter:
    """The schedule in this process (the asyncio and process-pool engines)."""

    def __init__(self, per_minute: float, burst: int = 1):
        self.schedule = RequestSchedule(per_minute, burst)

    async def acquire(self) -> None:
        await asyncio.sleep(self.schedule.reserve())


_KEY_OF = {"openai": "OPENAI_API_KEY", "openai-compatible": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}


def key_fingerprint(provider: str, base_url: str | None = None) -> str:
    """Which budget a provider's requests draw on: the provider and a hash of its key and server (never the key)."""
    key = setting(_KEY_OF[provider]) if provider in _KEY_OF else ""
    digest = hashlib.sha256(f"{key}\0{base_url or ''}".encode()).hexdigest()[:12]
    return f"{provider}-{digest}"


class LimitedModel(Model):
    """A model whose every request first waits for its turn on a shared limiter."""

    def __init__(self, inner: Model, limiter: Limiter):
        self.inner = inner
        self.limiter = limiter

    async def get_response(self, *args, **kwargs):
        await self.limiter.acquire()
        return await self.inner.get_response(*args, **kwargs)

    def stream_response(self, *args, **kwargs):
        return self.inner.stream_response(*args, **kwargs)

    async def close(self) -> None:
        await self.inner.close()
