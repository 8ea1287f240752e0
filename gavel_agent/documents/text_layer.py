"""A PDF page's text layer as pdfium holds it: every character, and the box of each one not a space.

The characters come in one call where pdfium's text buffer matches its character list one to one
(it leaves out control characters and can split a character in two UTF-16 units; then they are
read one at a time). The boxes are read one call per character straight into a numpy array: pdfium
has no call for many at once.
"""

from __future__ import annotations

import ctypes
import re
from collections import deque
from itertools import repeat

import numpy as np

from gavel_agent.documents import pdfium_calls as calls
from gavel_agent.documents.char_words import Chars

# What separates words: whitespace, and what pdfium reports for a character it has no Unicode for.
SEPARATOR = re.compile(r"[\s\x00\ufffe\uffff]")
# pdfium's text buffer holds U+FFFE where its character list holds 0 or a line-end hyphen (2): ask for those
_NO_UNICODE = re.compile("\ufffe")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_BOX_BYTES = ctypes.sizeof(ctypes.c_float) * 4  # FS_RECTF: left, top, right, bottom
_BEYOND_BMP = 0x10000  # no separator lies above the Basic Multilingual Plane


def _separator_table() -> np.ndarray:
    """Whether each code point of the Basic Multilingual Plane is a separator, and one entry more
    (False) for every code point beyond it: a page's separators found by one numpy lookup."""
    plane = "".join(map(chr, range(_BEYOND_BMP)))
    table = np.zeros(_BEYOND_BMP + 1, dtype=bool)
    table[:_BEYOND_BMP] = _code_points(SEPARATOR.sub("\0", plane)) == 0
    return table


def _code_points(text: str) -> np.ndarray:
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)


_IS_SEPARATOR = _separator_table()


def page_chars(textpage, height: float) -> tuple[str, Chars]:
    """The page's characters (one per pdfium character index) and, for those not separators, their
    loose boxes with the origin at the top left of a page ``height`` points high."""
    text = page_unicode(textpage)
    at = np.flatnonzero(~_IS_SEPARATOR[np.minimum(_code_points(text), _BEYOND_BMP)])
    boxes = np.zeros((len(at), 4), dtype=np.float32)
    if len(at):
        # One call per character, each writing its FS_RECTF into its row (a pointer ``offset`` bytes past
        # the buffer's first float); map keeps the loop in C. No ctypes array type: making one per
        # page size costs more than a page's other calls and leaves a reference cycle behind.
        first = ctypes.c_float.from_buffer(boxes.data)
        offsets = range(0, _BOX_BYTES * len(at), _BOX_BYTES)
        deque(map(calls.loose_char_box, repeat(textpage), at.tolist(), map(ctypes.byref, repeat(first), offsets)), 0)
    # Column by column (numpy is faster on contiguous rows), as doubles as Python reads a C float.
    left, top, right, bottom = boxes.T.astype(np.float64, order="C")
    return text, Chars(at, left, height - top, right, height - bottom)


def page_unicode(textpage) -> str:
    """``chr(FPDFText_GetUnicode(i))`` for every character index ``i`` of the page."""
    n = calls.count_chars(textpage)
    if n <= 0:
        return ""
    buffer = np.zeros(2 * n + 1, dtype=np.uint16)  # room for every character as two UTF-16 units
    written = calls.text_of(textpage, 0, n, buffer.ctypes.data_as(ctypes.c_void_p)) - 1  # less its terminator
    if written == n and calls.text_index(textpage, n - 1) == n - 1:
        text = buffer[:n].tobytes().decode("utf-16-le", "surrogatepass")
        if len(text) == n and not _SURROGATE.search(text):
            return _NO_UNICODE.sub(lambda m: chr(calls.unicode_at(textpage, m.start())), text)
    return "".join(chr(calls.unicode_at(textpage, i)) for i in range(n))
