"""PDF files: the text layer with where each character sits (pdfium), scans through OCR.

pdfium (BSD/Apache, through pypdfium2) opens damaged files that stricter parsers refuse and gives
every character's box, which is what finding furniture and redactions needs. A page whose text
layer holds (next to) nothing but which shows an image is a scan: it is read with OCR when the
``ocr`` extra is installed, and named in a warning when it is not.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from gavel_agent.documents import limits, ocr
from gavel_agent.documents.furniture import (
    Page,
    Word,
    first_stamp,
    laid_out,
    page_text,
    strip_furniture,
)
from gavel_agent.documents.model import DocumentReadError, Extracted

REDACTED = "\u2588"  # a full block stands where a character under a redaction box was
# A page with fewer words than this (furniture aside) that shows an image is a scan.
SCAN_MAX_WORDS = 20
# Dark enough to hide black text: every channel at most this (0-255).
DARK = 64
_SOFT_HYPHEN = {"\x02": "-", "\u00ad": "-"}


@dataclass(frozen=True)
class Box:
    x0: float
    top: float
    x1: float
    bottom: float

    def holds(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.top <= y <= self.bottom


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
    ok = getter(handle, *index, r, g, b, a)
    return (r.value, g.value, b.value, a.value) if ok else (255, 255, 255, 0)


def _is_dark(rgba: tuple[int, int, int, int]) -> bool:
    r, g, b, a = rgba
    return a > 200 and max(r, g, b) <= DARK


Boxes = dict[int, list[tuple[Box, pdfium.PdfObject]]]  # page object kind -> (box, object)


def page_boxes(page: pdfium.PdfPage, height: float) -> Boxes:
    """The page's paths and images with their boxes, in one walk over its objects."""
    out: Boxes = {pdfium_c.FPDF_PAGEOBJ_PATH: [], pdfium_c.FPDF_PAGEOBJ_IMAGE: []}
    for obj in page.get_objects(filter=tuple(out), max_depth=4):
        left, bottom, right, top = obj.get_bounds()
        out[obj.type].append((Box(left, height - top, right, height - bottom), obj))
    return out


def redaction_boxes(boxes_of: Boxes) -> list[Box]:
    """Filled dark rectangles big enough to cover a line of text (rules and underlines are thin)."""
    boxes = []
    for box, obj in boxes_of[pdfium_c.FPDF_PAGEOBJ_PATH]:
        fill, stroke = ctypes.c_int(), ctypes.c_int()
        pdfium_c.FPDFPath_GetDrawMode(obj.raw, fill, stroke)
        if (
            fill.value
            and box.bottom - box.top >= 4
            and box.x1 - box.x0 >= 4
            and _is_dark(_color(pdfium_c.FPDFPageObj_GetFillColor, obj.raw))
        ):
            boxes.append(box)
    return boxes


def image_area(boxes_of: Boxes, width: float, height: float) -> float:
    """The share of the page that images cover (overlaps counted twice; capped at 1)."""
    area = sum((b.x1 - b.x0) * (b.bottom - b.top) for b, _ in boxes_of[pdfium_c.FPDF_PAGEOBJ_IMAGE])
    return min(1.0, area / max(width * height, 1.0))


def text_words(page: pdfium.PdfPage, height: float, redactions: list[Box]) -> tuple[list[Word], int]:
    """The page's words from its text layer, and how many characters lay under a redaction box."""
    textpage = page.get_textpage()
    raw = textpage.raw
    # pdfium's own calls, one rectangle reused: the helpers' per-character checks and objects cost more
    # than the reading itself (this loop is most of a PDF's reading time).
    unicode_at, loose_box, rect = pdfium_c.FPDFText_GetUnicode, pdfium_c.FPDFText_GetLooseCharBox, pdfium_c.FS_RECTF()
    words: list[Word] = []
    chars: list[str] = []
    x0 = top0 = x1 = bottom0 = 0.0  # the box of the word being built
    hidden = 0
    for i in range(pdfium_c.FPDFText_CountChars(raw)):
        ch = chr(unicode_at(raw, i))
        if ch.isspace() or ch in ("\x00", "\ufffe", "\uffff"):
            if chars:
                words.append(Word("".join(chars), x0, x1, top0, bottom0))
                chars.clear()
            continue
        loose_box(raw, i, rect)
        left, right, top, bottom = rect.left, rect.right, height - rect.top, height - rect.bottom
        line_height = bottom - top if bottom - top > 1.0 else 1.0  # max() per character costs a tenth of the loop
        if chars and (
            abs(top - top0) > 0.5 * line_height or left < x1 - 0.5 * line_height or left - x1 > 0.3 * line_height
        ):  # a new line, or a gap the text layer did not mark with a space
            words.append(Word("".join(chars), x0, x1, top0, bottom0))
            chars.clear()
        if redactions:
            x, y = (left + right) / 2, (top + bottom) / 2
            if any(r.holds(x, y) for r in redactions) and _is_dark(_color(pdfium_c.FPDFText_GetFillColor, raw, i)):
                ch, hidden = REDACTED, hidden + 1
        ch = _SOFT_HYPHEN.get(ch, ch)
        if not chars:
            x0, top0, x1, bottom0 = left, top, right, bottom
        else:
            if right > x1:
                x1 = right
            if top < top0:
                top0 = top
            if bottom > bottom0:
                bottom0 = bottom
        chars.append(ch)
    if chars:
        words.append(Word("".join(chars), x0, x1, top0, bottom0))
    textpage.close()
    return words, hidden


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
        words, hidden = text_words(page, height, redaction_boxes(boxes))
        if hidden:
            redacted.append(number)
        pages.append(laid_out(words, width, height))
        if image_area(boxes, width, height) > 0:
            scans.append(number)
        page.close()
    lines = strip_furniture(pages)
    # A scan: an image, and (furniture aside) next to no text of its own.
    scans = [n for n in scans if sum(len(line.words) for line in lines[n - 1]) < SCAN_MAX_WORDS]
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
