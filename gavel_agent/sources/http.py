"""HTTP for the record services: token auth, paging through ``next`` links, 429 and 5xx retried.

The token goes only to the service's own API host: documents often live on a storage host (S3,
storage.courtlistener.com) that must never see it. A 429 waits as long as ``Retry-After`` says
(seconds or an HTTP date, at most ``MAX_WAIT_S``); 5xx and network errors back off exponentially;
after ``ATTEMPTS`` tries the failure is a one-line SourceError.
"""

from __future__ import annotations

import email.utils
import time
from collections.abc import Callable, Iterator
from typing import Self
from urllib.parse import urlsplit

import httpx

from gavel_agent.backends.keys import redact
from gavel_agent.sources.model import SourceError

ATTEMPTS = 5
MAX_WAIT_S = 120.0
TIMEOUT_S = 60.0
MAX_PAGES = 1000  # a docket with 100,000 entries is a loop, not a docket


class ServiceClient:
    def __init__(self, service: str, api_base: str, token: str, sleep: Callable[[float], None] | None = None):
        self.service = service
        self.api_host = urlsplit(api_base).netloc
        self.api_base = api_base.rstrip("/")
        self._sleep = sleep or time.sleep
        self._token = token
        self._http = httpx.Client(
            timeout=TIMEOUT_S, follow_redirects=True, headers={"User-Agent": "gavel-agent (case import)"}
        )

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_) -> None:
        self.close()

    def get(self, url: str, params: dict | None = None) -> httpx.Response:
        """A GET with retries; the token is sent only to the API host."""
        headers = {"Authorization": f"Token {self._token}"} if urlsplit(url).netloc == self.api_host else {}
        for attempt in range(1, ATTEMPTS + 1):
            try:
                response = self._http.get(url, params=params, headers=headers)
            except httpx.TransportError as e:
                if attempt == ATTEMPTS:
                    raise SourceError(
                        f"{self.service}: {url} failed after {ATTEMPTS} tries ({type(e).__name__})"
                    ) from None
                self._sleep(2.0 ** (attempt - 1))
                continue
            if response.status_code == 429 or response.status_code >= 500:
                if attempt == ATTEMPTS:
                    break
                self._sleep(_retry_after(response) if response.status_code == 429 else 2.0 ** (attempt - 1))
                continue
            if response.status_code in (401, 403):
                raise SourceError(
                    f"{self.service}: the API refused the token (HTTP {response.status_code}: "
                    f"{_detail(response)}); check the token variable"
                )
            if response.status_code == 404:
                raise SourceError(f"{self.service}: not found (HTTP 404) at {_shown(url)}")
            if response.is_error:
                raise SourceError(f"{self.service}: HTTP {response.status_code} at {_shown(url)}: {_detail(response)}")
            return response
        raise SourceError(f"{self.service}: still HTTP {response.status_code} after {ATTEMPTS} tries at {_shown(url)}")

    def json(self, url: str, params: dict | None = None):
        response = self.get(url, params)
        try:
            return response.json()
        except ValueError:
            raise SourceError(f"{self.service}: {_shown(url)} did not answer JSON") from None

    def pages(self, url: str, params: dict | None = None) -> Iterator[dict]:
        """Every result of a paged list (``results`` plus a ``next`` link on the same host)."""
        for _ in range(MAX_PAGES):
            data = self.json(url, params)
            if isinstance(data, list):  # an unpaged list
                yield from data
                return
            yield from data.get("results") or []
            url, params = data.get("next"), None
            if not url:
                return
            if urlsplit(url).netloc != self.api_host:
                raise SourceError(f"{self.service}: a next-page link leaves the API host ({_shown(url)})")
        raise SourceError(f"{self.service}: more than {MAX_PAGES} pages of results; stopped")


def _retry_after(response: httpx.Response) -> float:
    value = response.headers.get("Retry-After", "").strip()
    if value.isdigit():
        return min(float(value), MAX_WAIT_S)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return 1.0
    return max(0.0, min(when.timestamp() - time.time(), MAX_WAIT_S))


def _detail(response: httpx.Response) -> str:
    try:
        data = response.json()
        text = data.get("detail") if isinstance(data, dict) else str(data)
    except ValueError:
        text = response.text
    return redact(" ".join(str(text or response.reason_phrase).split()))[:200]


def _shown(url: str) -> str:
    return redact(url.split("?", 1)[0])
