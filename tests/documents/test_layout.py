"""Page furniture and page maps on laid-out words, without the shared files."""

from __future__ import annotations

import docx
import pytest

from gavel_agent.documents import DocumentReadError, read_document
from gavel_agent.documents.furniture import (
    Page,
    Word,
    drop_line_numbers,
    group_lines,
    page_text,
    strip_furniture,
)
from gavel_agent.documents.model import Extracted
from pdf_samples import encrypted_pdf, one_page_pdf

WIDTH, HEIGHT = 612.0, 792.0


def line(y: float, *texts: str, x: float = 72.0) -> list[Word]:
    words = []
    for text in texts:
        words.append(Word(text, x, x + 6 * len(text), y, y + 12))
        x += 6 * len(text) + 4
    return words


def pleading_page(header: str, body: list[str]) -> list[Word]:
    words = line(20, *header.split(), x=60)
    for n in range(1, 29):  # the line-number column, right-aligned at x=50
        y = 60 + 24 * (n - 1)
        words.append(Word(str(n), 50 - 6 * len(str(n)), 50, y, y + 12))
        if n <= len(body):
            words += line(y, *body[n - 1].split())
    return words


BODY = ["The plaintiff filed this action in May.", "1 apple was counted by the clerk.", "The court grants the motion."]


def test_the_line_number_column_goes_and_the_text_stays():
    words = drop_line_numbers(pleading_page("Case 1:20-cv-00001 Document 5 Filed 01/02/20 Page 1 of 2", BODY), WIDTH)
    text = page_text(group_lines(words))
    assert "The plaintiff filed this action in May." in text
    assert "1 apple was counted by the clerk." in text  # a number in the text is not the column
    assert not any(w.x1 <= 50 for w in words)


def test_a_few_numbers_in_the_margin_are_not_a_column():
    words = []
    for n in range(1, 5):
        words += line(100 + 20 * n, str(n), "item", "of", "a", "list", x=40)
    assert drop_line_numbers(words, WIDTH) == words


def test_a_footnote_mark_in_the_margin_is_not_read_as_a_line_number():
    # "¹" is a digit to str.isdigit but no number to int(): the page used to fail to read.
    words = pleading_page("Case 1:20-cv-00001 Document 5 Filed 01/02/20 Page 1 of 2", BODY)
    words.append(Word("\u00b9", 20, 24, 300, 306))
    kept = drop_line_numbers(words, WIDTH)
    assert [w.text for w in kept if w.x1 <= 50] == ["\u00b9"]


def test_stamps_and_page_numbers_go_and_recurring_titles_after_the_first_page():
    pages = []
    for n, fruit in ((1, "apples"), (2, "pears"), (3, "plums")):
        words = line(20, *f"Case 1:20-cv-00001 Document 5 Filed 01/02/20 Page {n} of 3".split())
        words += line(100, "Body", "text", "about", fruit)
        words += line(740, "ORDER", "GRANTING", "MOTION")
        words += line(760, f"- {n} -")
        pages.append(Page(group_lines(words), WIDTH, HEIGHT))
    cleaned = [page_text(lines) for lines in strip_furniture(pages)]
    # The first page keeps a recurring line (there it may be the caption's docket number); stamps go everywhere.
    assert cleaned == [
        "Body text about apples\nORDER GRANTING MOTION",
        "Body text about pears",
        "Body text about plums",
    ]


def test_a_line_of_text_near_the_top_is_not_taken_for_a_stamp():
    words = line(20, "Case", "No.", "12", "was", "filed", "by", "the", "union") + line(100, "Body")
    assert page_text(strip_furniture([Page(group_lines(words), WIDTH, HEIGHT)])[0]).startswith("Case No. 12 was filed")


def test_words_of_one_line_with_different_heights_stay_on_it():
    words = [Word("have", 72, 96, 100, 112), Word("you", 100, 118, 103, 115), Word("next", 72, 96, 130, 142)]
    assert page_text(group_lines(words)) == "have you\nnext"


def test_the_page_map_puts_every_character_on_its_page():
    found = Extracted.from_pages(["first page", "", "third page"])
    assert found.page_count == 3 and found.text == "first page\n\n\n\nthird page"
    assert [found.page_at(i) for i in (0, 9)] == [1, 1]
    assert found.page_at(found.text.index("third")) == 3
    assert Extracted(text="no pages").page_at(3) is None


def test_a_docx_gives_paragraphs_and_tables_in_order(tmp_path, monkeypatch):
    monkeypatch.setenv("GAVEL_AGENT_CACHE", str(tmp_path / "cache"))
    document = docx.Document()
    document.add_paragraph("Motion to dismiss.")
    table = document.add_table(rows=1, cols=2)
    table.rows[0].cells[0].text, table.rows[0].cells[1].text = "Filed", "May 1, 2020"
    document.add_paragraph("Respectfully submitted.")
    document.save(tmp_path / "brief.docx")
    found = read_document(tmp_path / "brief.docx")
    assert found.text == "Motion to dismiss.\nFiled\tMay 1, 2020\nRespectfully submitted."
    assert found.page_starts == []


def test_an_encrypted_pdf_is_a_one_line_error(tmp_path):
    (tmp_path / "sealed.pdf").write_bytes(encrypted_pdf())
    with pytest.raises(DocumentReadError, match=r"sealed\.pdf: encrypted PDF \(needs a password\)"):
        read_document(tmp_path / "sealed.pdf")


def test_a_text_layer_pdf_reads_without_the_shared_files(tmp_path, monkeypatch):
    monkeypatch.setenv("GAVEL_AGENT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "order.pdf").write_bytes(one_page_pdf("ORDER", "The motion is granted."))
    found = read_document(tmp_path / "order.pdf")
    assert found.text == "ORDER\nThe motion is granted." and found.page_starts == [0]


def test_a_line_keeps_its_text_box_and_word_count_left_to_right():
    words = [Word("you", 100, 118, 103, 115), Word("have", 72, 96, 100, 112), Word("next", 72, 96, 130, 142)]
    first, second = group_lines(words)
    assert (first.text, first.top, first.bottom, first.word_count) == ("have you", 100, 115, 2)
    assert (second.text, second.word_count) == ("next", 1)
