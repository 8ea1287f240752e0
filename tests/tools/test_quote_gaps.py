"""Silent gaps: the words of a key, and a quote found with a few words left out."""

from gavel_agent.tools import quote_gaps, quotes


def _words(text: str) -> quote_gaps.Words:
    k = quotes.keyed(text)
    return quote_gaps.words(text, k.key, k.origin)


def test_words_break_at_spaces_hyphens_slashes_and_line_breaks():
    assert _words("a two-\nweek trial / Co\u2011Neutrals' (report)").words == [
        "a",
        "two",
        "week",
        "trial",
        "co",
        "neutrals",
        "report",
    ]
    assert _words("").words == []


def test_a_gap_is_found_with_the_span_of_the_quoted_words():
    doc = _words("Plaintiffs are represented by attorneys from Civil Rights Corps, the Texas Fair Defense Project.")
    span = quote_gaps.find(_words("represented by attorneys from the Texas Fair Defense Project"), doc)
    assert span is not None
    assert doc.words.index("represented") == next(i for i, s in enumerate(doc.starts) if s == span[0])


def test_runs_between_gaps_must_hold_a_real_word():
    # "2008-05-19" stitched from a line's last "2008)" and the next line's date is no run
    doc = _words("filed in 2008)\n05/19/2008 98 RESPONSE in Opposition to Motion")
    assert quote_gaps.find(_words("2008-05-19 | Opposition to Motion"), doc) is None


def test_short_quotes_take_no_gaps():
    assert quote_gaps.find(_words("the court"), _words("the federal court")) is None
