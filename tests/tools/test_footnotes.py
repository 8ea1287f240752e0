"""Footnote markers and footnote blocks, which quote alignment leaves out."""

from gavel_agent.tools import footnotes

PAGE = (
    "The jail is notoriously overcrowded.3  Both papers said so in\n"
    "the spring.\n"
    "3 See Houston Chronicle, May 1, 2016; the Press, June 2016.\n"
    "It was reported again in the fall.\n"
    "Case 4:16-cv-03577   Document 19   Filed on 03/01/17 in TXSD   Page 8 of 24\n"
    "2007, when the sheriff shipped 600 inmates out.\n"
)


def test_markers_are_digits_glued_to_a_word_before_a_new_sentence():
    assert [PAGE[s:e] for s, e in footnotes.markers(PAGE)] == ["3"]
    plain = "a dose of 1.5 mg. Rule 23 applies. Counterclaim No.5 is dismissed. Section 12 of 2016."
    assert footnotes.markers(plain) == ()


def test_a_block_runs_from_the_note_to_the_page_break():
    (block,) = footnotes.blocks(PAGE)
    assert PAGE[block[0] : block[1]].startswith("3 See Houston Chronicle")
    assert PAGE[block[0] : block[1]].endswith("in the fall.\n")


def test_a_line_opening_with_a_number_without_its_marker_is_no_note():
    text = PAGE.replace("overcrowded.3", "overcrowded.")
    assert footnotes.blocks(text) == ()
