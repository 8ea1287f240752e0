"""API keys: read from the environment or a ``.env`` file, and kept out of every output.

A missing key is a one-line user error naming the variable. ``redact`` scrubs
key values (and anything shaped like a provider key) from text before it is
logged, printed or written to a ledger.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import overload

from dotenv import find_dotenv, load_dotenv

from gavel_agent.errors import UserError

# The providers' own variables, those LiteLLM reads for the litellm: route, and the case sources' tokens.
KEY_VARIABLES = (
    "OPENAI_API_KEY",
    "ANTHROPIC_API_KEY",
    "GEMINI_API_KEY",
    "MISTRAL_API_KEY",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
    "CLEARINGHOUSE_API_TOKEN",
    "COURTLISTENER_API_TOKEN",
)
REDACTED = "[redacted]"
# Provider key shapes (sk-..., sk-ant-..., sk-proj-..., Google's AIza...), caught even when the value is not in our
# env, and the token of an Authorization header a server echoed ("Bearer ..."; with a digit, so that prose such as
# "bearer certificates" stays).
_KEY_SHAPE = re.compile(
    r"\bsk-[A-Za-z0-9_\-]{8,}|\bAIza[0-9A-Za-z_\-]{20,}|(?i:\bbearer\s+)(?=[\w.~+/=\-]*\d)[\w.~+/=\-]{16,}"
)


@lru_cache(maxsize=1)
def _load_dotenv_once() -> None:
    # usecwd: the .env next to where the user runs the command, never overriding real env vars.
    load_dotenv(find_dotenv(usecwd=True), override=False)


def setting(variable: str) -> str | None:
    """A configuration value from the environment, else from ``.env``; None when unset or blank."""
    _load_dotenv_once()
    return os.environ.get(variable, "").strip() or None


@overload
def api_key(variable: str) -> str: ...
@overload
def api_key(variable: str, *, required: bool) -> str | None: ...
def api_key(variable: str, *, required: bool = True) -> str | None:
    """The key in ``variable``; a missing required key is a one-line user error naming it."""
    value = setting(variable)
    if value is None and required:
        raise user_error(f"{variable} is not set; export it or put it in a .env file in the working directory")
    return value


def user_error(message: str) -> Exception:
    """A one-line UserError, with any key scrubbed from the message."""
    return UserError(redact(message))


def redact(text: str) -> str:
    """``text`` with every configured key value and key-shaped string replaced."""
    for variable in KEY_VARIABLES:
        value = os.environ.get(variable, "").strip()
        if len(value) >= 8:
            text = text.replace(value, REDACTED)
    return _KEY_SHAPE.sub(REDACTED, text)
