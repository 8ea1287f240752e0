"""A page's text layer read in bulk gives what pdfium gives one character at a time."""

from __future__ import annotations

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from conftest import SHARED
from gavel_agent.documents.text_layer import page_chars, page_unicode
from pdf_samples import one_page_pdf

FREELAW = SHARED / "documents" / "freelaw"


def one_at_a_time(textpage: pdfium.PdfTextPage) -> str:
    return "".join(chr(pdfium_c.FPDFText_GetUnicode(textpage.raw, i)) for i in range(textpage.count_chars()))


def check_page(page: pdfium.PdfPage) -> None:
    height = page.get_height()
    textpage = page.get_textpage()
    try:
        text, chars = page_chars(textpage.raw, height)
        assert text == page_unicode(textpage.raw) == one_at_a_time(textpage)
        assert [i for i, c in enumerate(text) if not (c.isspace() or c in "\x00\ufffe\uffff")] == chars.at.tolist()
        for k, i in enumerate(chars.at.tolist()):
            left, bottom, right, top = textpage.get_charbox(i, loose=True)
            assert (chars.left[k], chars.top[k], chars.right[k], chars.bottom[k]) == (
                left,
                height - top,
                right,
                height - bottom,
            )
    finally:
        textpage.close()


def test_characters_and_boxes_match_pdfiums_own_calls():
    pdf = pdfium.PdfDocument(one_page_pdf("Motion to dismiss", "GRANTED in part.", "So ordered."))
    check_page(pdf[0])
    assert page_unicode(pdf[0].get_textpage().raw).startswith("Motion to dismiss")


@pytest.mark.skipif(not FREELAW.is_dir(), reason=f"needs the Free Law Project files at {FREELAW}")
@pytest.mark.parametrize("name", ["vector-pdf.pdf", "broken-mime.pdf", "ca1_00117684624.pdf", "rectangles_yes.pdf"])
def test_court_files_read_in_bulk_as_one_at_a_time(name):
    # vector-pdf and the others hold hyphens pdfium joined at line ends: its text buffer has U+FFFE
    # there and its character list 2, which the reader shows as "-".
    pdf = pdfium.PdfDocument((FREELAW / name).read_bytes())
    for page in pdf:
        check_page(page)
