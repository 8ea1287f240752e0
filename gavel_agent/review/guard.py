"""What the review server lets in: requests naming one of its own hosts (IPv6 literals included),
posts from its own origin (scheme, host and port), and bodies of a bounded size.

Starlette's TrustedHostMiddleware cuts the Host header at its first colon, so ``[::1]:8000`` never
matches and a server on ``--host ::1`` refused every request; hosts are compared here as URL parsing
reads them.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

MAX_BODY_BYTES = 1_000_000  # a decision is a few hundred bytes; a selection's text a few thousand


def host_name(host_header: str) -> str | None:
    """The host of a Host header ("[::1]:8000" -> "::1", "Example.org" -> "example.org"); None when malformed."""
    try:
        return urlsplit(f"//{host_header}").hostname
    except ValueError:
        return None


class AllowedHosts:
    """ASGI middleware: a request whose Host header names none of ``hosts`` gets 400."""

    def __init__(self, app: ASGIApp, hosts: list[str]):
        self.app = app
        self.hosts = {h.strip("[]").lower() for h in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
            if host_name(host) not in self.hosts:
                await PlainTextResponse("Invalid host header", status_code=400)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def same_origin(request: Request) -> bool:
    """No Origin (a same-origin form or a script tool), or one whose scheme, host and port are this server's."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme == request.url.scheme and parts.netloc == request.headers.get("host")


async def bounded_body(request: Request) -> bytes:
    """The request body, refused with 413 past ``MAX_BODY_BYTES`` (declared or streamed)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise HTTPException(413, f"request body over {MAX_BODY_BYTES:,} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise HTTPException(413, f"request body over {MAX_BODY_BYTES:,} bytes")
        chunks.append(chunk)
    return b"".join(chunks)
