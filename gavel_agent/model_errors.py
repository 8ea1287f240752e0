"""A model server's failure in one line: the server's URL, what went wrong, and the likely fix.

The SDKs' own messages ("APIConnectionError: Connection error.") name neither the server nor a way out.
"""

from __future__ import annotations

import httpx

# What a status a model server answers most likely means for the user.
STATUS_FIXES = {
    400: "the server refused the request: check the model name and that the server supports tool calls",
    401: "the key was refused: check the provider's API key variable (or .env)",
    403: "the key may not use this model: check the key's permissions",
    404: "no such model or endpoint: check --model's name and that --base-url ends in /v1",
    413: "the request is too large for the server: use a model with a larger context",
    422: "the server could not read the request: check that it speaks the OpenAI chat API",
    501: "the server does not implement this API: check that it speaks the OpenAI chat or Responses API",
}
# How to go on is the caller's to say: a run that kept its folder prints the command that resumes it.
TEMPORARY = "a temporary failure: run again later"


def _url(error: BaseException) -> str:
    for holder in (getattr(error, "response", None), error):
        try:
            request = getattr(holder, "request", None)
            if request is not None:
                return str(request.url)
        except RuntimeError:  # httpx raises when an error carries no request
            continue
    return "the model server"


def _is_connection_failure(error: BaseException) -> bool:
    name = type(error).__name__
    return isinstance(error, httpx.ConnectError) or name in ("APIConnectionError", "ConnectError")


def _is_timeout(error: BaseException) -> bool:
    return isinstance(error, httpx.TimeoutException) or type(error).__name__ in ("APITimeoutError", "Timeout")


def describe_model_error(error: BaseException) -> str:
    """``error`` as one line naming the server's URL and the likely fix (unknown errors: name and message)."""
    name = type(error).__name__
    url = _url(error)
    status = getattr(error, "status_code", None)
    if isinstance(status, int):
        fix = STATUS_FIXES.get(status) or (TEMPORARY if status in (408, 409, 429) or status >= 500 else "")
        return f"{name}: the model server at {url} answered {status}" + (f"; {fix}" if fix else "")
    if _is_timeout(error):
        return f"{name}: the model server at {url} did not answer in time; is it overloaded? {TEMPORARY}"
    if _is_connection_failure(error):
        return (
            f"{name}: cannot reach the model server at {url}; is it running, and are the scheme, host, port "
            "and path of --base-url (or OPENAI_BASE_URL) right?"
        )
    first = next((line for line in str(error).splitlines() if line.strip()), "")
    return f"{name}: {first}" if first else name
