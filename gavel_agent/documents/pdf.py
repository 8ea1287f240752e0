"""PDF files: the text layer with where each character sits (pdfium), scans through OCR.

pdfium (BSD/Apache, through pypdfium2) opens damaged files that stricter parsers refuse and gives
every character's box, which is what finding furniture and redactions needs. A page whose text
layer holds (next to) nothing but which shows an image is a scan: it is read with OCR when the
``ocr`` extra is installed, and named in a warning when it is not.
"""

from __future__ import annotations

import ctypes
from functools import partial
from itertools import repeat
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from gavel_agent.documents import limits, ocr
from gavel_agent.documents import pdfium_calls as calls
from gavel_agent.documents.char_words import Chars, Spans, word_spans
from gavel_agent.documents.furniture import (
    Page,
    first_stamp,
    laid_out,
    laid_out_columns,
    page_text,
    strip_furniture,
)
from gavel_agent.documents.model import DocumentReadError, Extracted
from gavel_agent.documents.text_layer import page_chars

REDACTED = "\u2588"  # a full block stands where a character under a redaction box was
# A page with fewer words than this (furniture aside) that shows an image is a scan.
SCAN_MAX_WORDS = 20
# Dark enough to hide black text: every channel at most this (0-255).
DARK = 64
# pdfium's mark for a hyphen that ends a line, and the soft hyphen: both shown as "-".
_SOFT_HYPHENS = ("\x02", "\u00ad")


class Box(NamedTuple):  # a tuple: a page of vector drawing has thousands of paths
    x0: float
    top: float
    x1: float
    bottom: float


_as_box = partial(tuple.__new__, Box)  # Box._make without its length check: no Python call per box


def open_pdf(path: Path, data: bytes) -> pdfium.PdfDocument:
    if not data:
        raise DocumentReadError(f"{path}: empty file (0 bytes)")
    try:
        return pdfium.PdfDocument(data)
    except pdfium.PdfiumError as e:
        reason = str(e)
        if "password" in reason.lower():
            raise DocumentReadError(f"{path}: encrypted PDF (needs a password); decrypt it first") from None
        raise DocumentReadError(f"{path}: not a readable PDF ({reason.split('(', 1)[-1].rstrip(').')})") from None


def _color(getter, handle, *index) -> tuple[int, int, int, int]:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    ok = getter(handle, *index, ctypes.byref(r), ctypes.byref(g), ctypes.byref(b), ctypes.byref(a))
    return (r.value, g.value, b.value, a.value) if ok else (255, 255, 255, 0)


def _is_dark(rgba: tuple[int, int, int, int]) -> bool:
    r, g, b, a = rgba
    return a > 200 and max(r, g, b) <= DARK


Boxes = dict[int, list[tuple[Box, calls.Handle]]]  # page object kind -> (box, object)
FORM_DEPTH = 4  # page objects inside forms inside forms ... are looked at this many levels down


def page_boxes(page: pdfium.PdfPage, height: float) -> Boxes:
    """The page's paths and images with their boxes, in one walk over its objects and its forms'."""
    out: Boxes = {pdfium_c.FPDF_PAGEOBJ_PATH: [], pdfium_c.FPDF_PAGEOBJ_IMAGE: []}
    _add_boxes(out, page.raw, calls.count_page_objects, calls.page_object, 0, height)
    return out


def _add_boxes(out: Boxes, parent, count, get, level: int, height: float) -> None:
    """Add the paths and images among ``parent``'s objects (a page's or a form's) to ``out``."""
    n = count(parent)
    if n < 0:
        raise pdfium.PdfiumError("Failed to get number of pageobjects.")
    objects = list(map(get, repeat(parent, n), map(ctypes.c_ulong, range(n)) if level else range(n)))
    kinds = list(map(calls.object_type, objects))
    others = [i for i, kind in enumerate(kinds) if kind != pdfium_c.FPDF_PAGEOBJ_TEXT]  # most are text
    boxes = iter(_bounds([objects[i] for i in others if kinds[i] in out], height))
    for i in others:
        obj, kind = objects[i], kinds[i]
        if kind in out:
            out[kind].append((next(boxes), obj))
        elif kind == pdfium_c.FPDF_PAGEOBJ_FORM and level < FORM_DEPTH - 1:
            _add_boxes(out, obj, calls.count_form_objects, calls.form_object, level + 1, height)
        elif not obj.value:
            raise pdfium.PdfiumError("Failed to get pageobject.")


def _bounds(objects: list[calls.Handle], height: float) -> list[Box]:
    """The objects' boxes, origin at the top left: one call each, written into a row of one array."""
    if not objects:
        return []
    corners = np.zeros((len(objects), 4), dtype=np.float32)  # left, bottom, right, top
    first = ctypes.c_float.from_buffer(corners.data)
    pointers = (map(ctypes.byref, repeat(first), range(4 * k, 16 * len(objects), 16)) for k in range(4))
    if not all(map(calls.object_bounds, objects, *pointers)):
        raise pdfium.PdfiumError("Failed to get bounds.")
    left, bottom, right, top = corners.T.astype(np.float64).tolist()  # as Python reads a C float
    return list(map(_as_box, zip(left, [height - t for t in top], right, [height - b for b in bottom], strict=True)))


def redaction_boxes(boxes_of: Boxes) -> list[Box]:
    """Filled dark rectangles big enough to cover a line of text (rules and underlines are thin)."""
    boxes = []
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    for box, obj in boxes_of[pdfium_c.FPDF_PAGEOBJ_PATH]:
        if box.bottom - box.top < 4 or box.x1 - box.x0 < 4:  # most paths are rules and glyph strokes
            continue
        drawn = calls.path_draw_mode(obj, ctypes.byref(fill), ctypes.byref(stroke))
        if drawn and fill.value and _is_dark(_color(calls.object_fill_color, obj)):
            boxes.append(box)
    return boxes


def image_area(boxes_of: Boxes, width: float, height: float) -> float:
    """The share of the page that images cover (overlaps counted twice; capped at 1)."""
    area = sum((b.x1 - b.x0) * (b.bottom - b.top) for b, _ in boxes_of[pdfium_c.FPDF_PAGEOBJ_IMAGE])
    return min(1.0, area / max(width * height, 1.0))


def text_words(page: pdfium.PdfPage, height: float, redactions: list[Box]) -> tuple[list[str], Spans, int]:
    """The page's words from its text layer (their texts, and their spans for the boxes), and how many
    characters lay under a redaction box."""
    textpage = page.get_textpage()
    try:
        text, chars = page_chars(textpage.raw, height)
        hidden = _redacted(textpage.raw, chars, redactions) if redactions else []
    finally:
        textpage.close()
    shown = text
    for hyphen in _SOFT_HYPHENS:  # str.replace: str.translate looks up every character of the page
        shown = shown.replace(hyphen, "-")
    if hidden:
        letters = list(shown)
        for i in hidden:
            letters[i] = REDACTED
        shown = "".join(letters)
    spans = word_spans(chars)
    return [shown[a:b] for a, b in zip(spans.start, spans.end, strict=True)], spans, len(hidden)


def _redacted(textpage, chars: Chars, redactions: list[Box]) -> list[int]:
    """The text indexes of the characters whose middle lies under a redaction box, drawn dark."""
    x, y = (chars.left + chars.right) / 2, (chars.top + chars.bottom) / 2
    under = np.zeros(len(x), dtype=bool)
    for r in redactions:
        under |= (r.x0 <= x) & (x <= r.x1) & (r.top <= y) & (y <= r.bottom)
    return [i for i in chars.at[under].tolist() if _is_dark(_color(calls.char_fill_color, textpage, i))]


def read_pdf(path: Path, data: bytes) -> Extracted:
    pdf = open_pdf(path, data)
    try:
        if len(pdf) == 0:
            raise DocumentReadError(f"{path}: the PDF has no pages")
        return _read_pages(path, pdf, limits.Deadline(path))
    finally:
        pdf.close()


def _read_pages(path: Path, pdf: pdfium.PdfDocument, deadline: limits.Deadline) -> Extracted:
    pages: list[Page] = []
    redacted: list[int] = []
    scans: list[int] = []
    for number in range(1, len(pdf) + 1):
        deadline.check()
        page = pdf[number - 1]
        width, height = page.get_size()
        boxes = page_boxes(page, height)
        texts, spans, hidden = text_words(page, height, redaction_boxes(boxes))
        if hidden:
            redacted.append(number)
        pages.append(laid_out_columns(texts, spans.x0, spans.x1, spans.top, spans.bottom, width, height))
        if image_area(boxes, width, height) > 0:
            scans.append(number)
        page.close()
    lines = strip_furniture(pages)
    # A scan: an image, and (furniture aside) next to no text of its own.
    scans = [n for n in scans if sum(line.word_count for line in lines[n - 1]) < SCAN_MAX_WORDS]
    warnings: list[str] = []
    ocr_pages: list[int] = []
    if scans:
        missing = ocr.unavailable()
        if missing:
            warnings.append(f"{_pages(scans)} scanned with no text layer; not read ({missing})")
        else:
            ocr_pages, too_big = _renderable(pages, scans)
            if too_big:
                warnings.append(
                    f"{_pages(too_big)} too large to read by OCR (over {limits.MAX_PAGE_PIXELS:,} pixels); not read"
                )
            for n, words in ocr.read_pages(pdf, ocr_pages, deadline):
                old = pages[n - 1]
                pages[n - 1] = laid_out(words, old.width, old.height)
            lines = strip_furniture(pages)
    if redacted:
        warnings.append(
            f"text under black redaction boxes on {_pages(redacted)} is still in the file; "
            f"it is left out of what the agent reads (shown as {REDACTED})"
        )
    return Extracted.from_pages(
        [page_text(p) for p in lines],
        warnings=warnings,
        redacted_pages=redacted,
        ocr_pages=ocr_pages,
        stamp=first_stamp(pages),
    )


def _renderable(pages: list[Page], scans: list[int]) -> tuple[list[int], list[int]]:
    """The scanned pages small enough to render for OCR, and those over the pixel limit."""
    too_big = [n for n in scans if limits.check_page_pixels(pages[n - 1].width, pages[n - 1].height, ocr.DPI)]
    return [n for n in scans if n not in too_big], too_big


def _pages(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:10])) + (" ..." if len(numbers) > 10 else "")
    return f"page {shown}" if len(numbers) == 1 else f"pages {shown}"
