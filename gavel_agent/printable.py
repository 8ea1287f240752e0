"""Text from a case or a model made safe to print: control characters shown as escapes.

A value, a quote or a file name can hold terminal escape sequences (clear the screen, write the
clipboard through OSC 52, retitle the window), bidirectional overrides that reorder what is shown,
or a newline that forges a line of the trace. Printed, they act; escaped (``\\x1b``, ``\\n``,
``\\u202e``), they are seen for what they are. Tabs stay.
"""

from __future__ import annotations

import re

# C0 controls but tab, DEL and the C1 controls (0x9b is a one-byte CSI), and the bidirectional
# embeddings, overrides and isolates.
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_CONTROL_BUT_NEWLINE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    return match.group().encode("unicode_escape").decode("ascii")


def printable(text: str, keep_newlines: bool = False) -> str:
    """``text`` with every control character written as its escape; newlines too unless ``keep_newlines``
    (a one-line field such as a file name must stay one line)."""
    return (_CONTROL_BUT_NEWLINE if keep_newlines else _CONTROL).sub(_escape, str(text))
