"""OCR of scanned pages: pdfium renders the page, Debian's tesseract reads it (through pytesseract).

Optional: ``pip install 'gavel-agent[ocr]'`` and ``apt-get install tesseract-ocr``. Without them a
scanned page is named in a warning; it is never silently read as empty.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

from gavel_agent.documents.furniture import Word
from gavel_agent.documents.limits import Deadline

# Court filings are 12-point text: at 200 dpi tesseract reads the sample scans word for word as at
# 300 dpi, in 60% of the time.
DPI = 200
MIN_CONFIDENCE = 0  # tesseract gives -1 for layout rows that hold no word
EXTRA_HINT = "install the 'ocr' extra: pip install 'gavel-agent[ocr]' and apt-get install tesseract-ocr"


@lru_cache(maxsize=1)
def unavailable() -> str | None:
    """Why OCR cannot run here (one phrase naming the extra), or None when it can."""
    try:
        import pytesseract  # noqa: F401
    except ImportError:
        return f"OCR is not installed; {EXTRA_HINT}"
    if not shutil.which("tesseract"):
        return f"the tesseract program is missing; {EXTRA_HINT}"
    return None


def render(page):
    """The page as a grayscale image at ``DPI`` (pdfium is not thread-safe: render before reading)."""
    return page.render(scale=DPI / 72, grayscale=True).to_pil()


def read_pages(pdf, numbers: list[int], deadline: Deadline) -> Iterator[tuple[int, list[Word]]]:
    """(page number, its words) for each 1-based page of ``pdf``, a core's worth of pages at a time.

    Only the pages being read are held as images, so memory does not grow with the page count; the
    deadline is checked between batches. tesseract's own OpenMP threads thrash when several pages
    (or other programs) share the cores; one thread per page and a page per core is several times faster.
    """
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    workers = max(1, os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for at in range(0, len(numbers), workers):
            deadline.check()
            batch = numbers[at : at + workers]
            images = [render(pdf[n - 1]) for n in batch]
            yield from zip(batch, pool.map(_image_words, images))
            del images


def _image_words(image) -> list[Word]:
    """The words tesseract reads on an image, placed in PDF points (top-left origin)."""
    import pytesseract

    scale = DPI / 72
    data = pytesseract.image_to_data(image, output_type=pytesseract.Output.DICT)
    words = []
    for text, conf, left, top, width, height in zip(
        data["text"], data["conf"], data["left"], data["top"], data["width"], data["height"]
    ):
        text = text.strip()
        if text and float(conf) >= MIN_CONFIDENCE:
            words.append(Word(text, left / scale, (left + width) / scale, top / scale, (top + height) / scale))
    return words
