"""The court-paper patterns on the ground floor: each shape read the way every reader relies on."""

import re

import pytest

from gavel_agent.text import regexes as rx

STAMP = "Case 2:23-cv-00735-EEF Document 9 Filed 03/20/23 Page 2 of 4"


def test_the_page_stamp_gives_the_docket_number_and_the_header_the_page():
    assert rx.PAGE_STAMP_RE.search(STAMP).group(1) == "2:23-cv-00735-EEF"
    assert rx.ECF_HEADER_RE.search(f"body\n{STAMP}\nmore").group(1) == "2"
    assert rx.filed_stamp("9").search(STAMP).group(1) == "03/20/23"
    assert rx.filed_stamp("10").search(STAMP) is None


@pytest.mark.parametrize("number", ["2:23-cv-00735", "1:17-CV-1234-ABC", "20-35752", "03 Civ. 9163"])
def test_a_docket_number_in_its_common_forms(number):
    assert re.fullmatch(rx.DOCKET, number)


def test_a_labelled_docket_number_also_takes_the_rarer_forms():
    found = [m.group("number") for m in rx.LABELLED_DOCKET_RE.finditer("Index No. 401234/2006; No. 2:98CV421.")]
    assert found == ["401234/2006", "2:98CV421"]
    assert re.fullmatch(rx.DOCKET, "401234/2006") is None


@pytest.mark.parametrize("text", ["Sept. 5, 2014", "the 8th day of May, 2014", "5/8/2014"])
def test_running_text_dates_are_also_value_dates(text):
    assert re.search(rx.DATE, text, re.I)
    assert rx.VALUE_DATE_RE.search(text)


def test_a_value_date_may_be_loose_where_running_text_is_not():
    for loose in ("2014-05-08", "May 1887", "[]/[]/2015"):
        assert rx.VALUE_DATE_RE.search(loose), loose
        assert not rx.DATE_RE.search(loose), loose


def test_page_lines_and_captions():
    assert rx.PAGE_NUMBER_LINE_RE.fullmatch("Page 1 of 3 JUDGMENT")
    assert not rx.PAGE_NUMBER_LINE_RE.search("1. The parties agree")
    assert rx.RUNNING_PAGE_LINE_RE.fullmatch("Page 3 - OPINION AND ORDER")
    assert rx.GARBLED_PAGE_OF_RE.search("ROOIPageayefi2of 2")
    court = rx.FEDERAL_COURT_RE.search("UNITED STATES DISTRICT COURT\n12 FOR THE EASTERN DISTRICT OF MICHIGAN")
    assert (court.group("part"), court.group("state")) == ("EASTERN", "MICHIGAN")
    assert rx.STATE_COURT_RE.search("IN THE SUPERIOR COURT OF THE STATE OF CALIFORNIA")
    assert not rx.STATE_COURT_RE.search("IN THE UNITED STATES COURT OF APPEALS FOR THE NINTH CIRCUIT")
