"""Page maps on the ground floor: a reader's page map and the page marks court filings carry in their text."""

from gavel_agent.documents.model import Extracted
from gavel_agent.text.pages import page_at, page_in_map


def test_a_page_map_gives_the_page_a_character_is_on():
    extracted = Extracted.from_pages(["first page", "", "third page"])
    third = extracted.text.index("third")
    assert page_in_map(extracted.page_starts, 0) == 1
    assert page_in_map(extracted.page_starts, third) == 3
    assert page_in_map(extracted.page_starts, third - 1) == 2  # the blank page keeps its place
    assert extracted.page_at(third) == 3


def test_an_empty_page_map_knows_no_page():
    assert page_in_map([], 5) is None
    assert Extracted(text="plain words").page_at(5) is None


def test_ecf_headers_number_the_pages_they_head():
    text = (
        "Case 2:23-cv-00735 Document 9 Filed 03/20/23 Page 4 of 9\nbody of page four\n"
        "Case 2:23-cv-00735 Document 9 Filed 03/20/23 Page 5 of 9\nbody of page five\n"
    )
    assert page_at(text, text.index("four")) == 4
    assert page_at(text, text.index("five")) == 5
