"""The offline model's second quote for a dated value whose quote leaves its date out."""

import re

import pytest

from gavel_agent.checklists import load_spec
from gavel_agent.offline.date_stamps import (
    add_stamps,
    date_pattern,
    docket_papers,
    figure_pattern,
    stamp_searches,
)
from gavel_agent.offline.registry import DocInfo
from gavel_agent.tools.search import Hit


@pytest.mark.parametrize(
    "written", ["June 14, 1991", "JUN. 14 1991", "14th day of June, 1991", "6/14/91", "06/14/1991", "1991-06-14"]
)
def test_a_date_is_found_in_the_forms_papers_write_it(written):
    assert re.search(date_pattern((1991, 6, 14)), f"Dated: {written} at Boston", re.I)


@pytest.mark.parametrize("other", ["June 4, 1991", "6/4/91", "July 14, 1991", "June 14, 1992"])
def test_another_date_is_not(other):
    assert not re.search(date_pattern((1991, 6, 14)), other, re.I)


def test_a_month_alone_gets_no_search():
    assert date_pattern((1991, 6, None)) is None


def test_only_values_whose_quotes_leave_the_date_out_are_searched_and_get_the_hit():
    values = {
        "court_rulings": [
            {
                "value": "June 14, 1991: Order entered",
                "evidence": [{"document": "order", "quote": "IT IS SO ORDERED."}],
            },
            {
                "value": "June 20, 1991: Order entered",
                "evidence": [{"document": "order-2", "quote": "So ordered June 20, 1991"}],
            },
        ]
    }
    calls = stamp_searches(values)
    assert [(key, i) for key, i, _ in calls] == [("court_rulings", 0)]
    (_, _, (tool, search)) = calls[0]
    assert tool == "search" and search["mode"] == "regex" and search["documents"] == ["order"]
    snippet = (
        "the motion is denied in all respects. Dated at Boston, Massachusetts, this 14th day of June, 1991. /s/ Judge"
    )
    hit = Hit("order", 100, 130, 500, 620, 1.0, snippet)
    add_stamps(values, calls, [[hit]])
    second = values["court_rulings"][0]["evidence"][1]
    assert second["document"] == "order" and "14th day of June, 1991" in second["quote"]
    assert len(second["quote"]) < len(snippet)
    add_stamps(values, calls, [[]])  # no hit: nothing added
    assert len(values["court_rulings"][0]["evidence"]) == 2


def test_what_the_paper_does_not_date_is_searched_in_the_dockets_and_the_closest_entry_quoted():
    values = {
        "decree_dates": [
            {
                "value": "November 25, 1991: Consent decree entered",
                "evidence": [{"document": "decree", "quote": "CONSENT DECREE"}],
            }
        ]
    }
    assert stamp_searches(values, []) == []  # a case without a docket: nothing to search
    calls = stamp_searches(values, ["docket"])
    assert calls[0][2][1]["documents"] == ["docket"]
    other = Hit("docket", 10, 20, 100, 200, 1.0, "11/25/1991 44 MINUTE ENTRY for status conference held")
    entry = Hit("docket", 30, 40, 300, 400, 1.0, "11/25/1991 45 CONSENT DECREE entered by the court")
    add_stamps(values, calls, [[other, entry]])
    assert values["decree_dates"][0]["evidence"][1] == {"document": "docket", "quote": entry.snippet, "near_char": 300}


def test_the_case_built_docket_and_papers_typed_docket_are_both_searched():
    docs = {
        "docket": DocInfo("docket", type="docket"),
        "sheet": DocInfo("sheet", type="Docket"),
        "complaint": DocInfo("complaint", type="Complaint"),
    }
    assert docket_papers(docs) == ["docket", "sheet"]


def test_another_paper_dates_the_value_only_where_it_names_it_and_a_short_title_gives_way():
    values = {
        "decree_dates": [
            {
                "value": "February 2, 1988: Consent Judgment entered",
                "evidence": [{"document": "judgment", "quote": "JUDGMENT"}],
            }
        ]
    }
    calls = stamp_searches(values, ["judgment", "stipulation"])
    unrelated = Hit("stipulation", 1, 2, 10, 90, 1.0, "the deposition was taken on February 2, 1988 in Hartford")
    add_stamps(values, calls, [[unrelated]], shared=1)
    assert values["decree_dates"][0]["evidence"] == [{"document": "judgment", "quote": "JUDGMENT"}]
    naming = Hit("stipulation", 3, 4, 100, 190, 1.0, "the Consent Judgment entered February 2, 1988 remains in force")
    add_stamps(values, calls, [[unrelated, naming]], shared=1)
    # "JUDGMENT" (8 characters) is long enough to keep; a five-letter title is not
    assert [e["document"] for e in values["decree_dates"][0]["evidence"]] == ["judgment", "stipulation"]
    values["decree_dates"][0]["evidence"] = [{"document": "judgment", "quote": "ORDER"}]
    add_stamps(values, calls, [[naming]], shared=1)
    assert values["decree_dates"][0]["evidence"] == [
        {"document": "stipulation", "quote": naming.snippet, "near_char": 100}
    ]


def test_a_bare_date_is_dated_elsewhere_where_the_paper_names_its_quoted_title():
    values = {
        "filing_date": [
            {"value": "February 6, 2017", "evidence": [{"document": "petition", "quote": "VERIFIED  PETITION"}]}
        ]
    }
    calls = stamp_searches(values, ["memo"])
    other = Hit("memo", 1, 2, 10, 90, 1.0, "the hearing held on February 6, 2017 was continued")
    naming = Hit(
        "memo", 3, 4, 100, 190, 1.0, "attached to Plaintiffs' Original Verified Petition, filed \nFebruary 6, 2017."
    )
    add_stamps(values, calls, [[other]], shared=1)
    assert len(values["filing_date"][0]["evidence"]) == 1
    add_stamps(values, calls, [[other, naming]], shared=1)
    assert values["filing_date"][0]["evidence"][1] == {"document": "memo", "quote": naming.snippet, "near_char": 100}


# What else a value's quotes leave unstated: searched with the item's spec, the hit taken only if it helps.
SPEC = load_spec("gavel")
ITEMS = {key: SPEC.item(key) for key in ("cause_of_action", "class_action", "judge_name", "type_of_counsel")}


@pytest.mark.parametrize(
    ("value", "figure", "found", "not_found"),
    [
        ("Administrative Procedure Act (APA), 5 U.S.C. § 702", "702", "under 5 U.S.C. 702 the", "State, 702 F.2d 1125"),
        ("May 26, 2011: 6th Circuit Opinion (appeal decided)", "6", "the 6th Circuit held", "on May 6, 2011 at 6"),
        ("Title VI of the Civil Rights Act of 1964", "1964", "the Civil Rights Act of 1964", "in 1964 the"),
    ],
)
def test_a_figure_is_searched_with_what_it_counts(value, figure, found, not_found):
    pattern = figure_pattern(value, figure)
    assert re.search(pattern, found, re.I)
    assert not re.search(pattern, not_found, re.I)


def test_values_the_quotes_support_or_whose_date_alone_is_missing_are_searched_as_before():
    values = {
        "judge_name": [
            {"value": "Kathleen Williams", "evidence": [{"document": "order", "quote": "KATHLEEN WILLIAMS"}]}
        ],
        "class_action": [
            {"value": "Plaintiffs: Individual", "evidence": [{"document": "c", "quote": "Plaintiff,\nv."}]}
        ],
    }
    calls = stamp_searches(values, None, ITEMS)
    assert [(key, i) for key, i, _ in calls] == [("class_action", 0)]
    assert stamp_searches(values) == []  # without the items' specs: dates only, as the rules always did


def test_a_quote_naming_the_judge_is_added_and_one_that_does_not_help_is_not():
    values = {"judge_name": [{"value": "Kathleen M. Williams", "evidence": [{"document": "order", "quote": "ORDER"}]}]}
    calls = stamp_searches(values, ["docket"], ITEMS)
    (_, _, (_, search)) = calls[0]
    assert search["query"] == r"\bwilliams\b" and search["documents"] == ["docket"]
    signed = Hit(
        "docket", 1, 2, 50, 120, 1.0, "12 ORDER granting motion to dismiss. Signed by Judge Kathleen M. Williams."
    )
    add_stamps(values, calls, [[signed]], items=ITEMS)
    assert values["judge_name"][0]["evidence"][-1]["quote"].endswith("Signed by Judge Kathleen M. Williams.")


def test_a_category_needs_all_its_words_or_another_wording_of_them():
    values = {"cause_of_action": [{"value": "State law", "evidence": [{"document": "c", "quote": "SUPERIOR COURT"}]}]}
    calls = stamp_searches(values, None, ITEMS)
    half = Hit("c", 1, 2, 10, 90, 1.0, "the Fourteenth Amendment to the United States Constitution")
    add_stamps(values, calls, [[half]], items=ITEMS)
    assert len(values["cause_of_action"][0]["evidence"]) == 1  # "States" gives half the words: not taken
    code = Hit("c", 3, 4, 100, 190, 1.0, "in violation of the California Welfare and Institutions Code section 5150")
    add_stamps(values, calls, [[half, code]], items=ITEMS)
    assert "California Welfare and Institutions Code" in values["cause_of_action"][0]["evidence"][-1]["quote"]


def test_a_hit_that_leaves_the_value_unsupported_adds_nothing():
    values = {
        "type_of_counsel": [
            {"value": "Plaintiff: Government attorneys", "evidence": [{"document": "c", "quote": "COMPLAINT"}]}
        ]
    }
    calls = stamp_searches(values, None, ITEMS)
    assert calls, "no content word of the value is quoted"
    unrelated = Hit("c", 1, 2, 10, 90, 1.0, "the plaintiffs' attorneys filed a brief")
    add_stamps(values, calls, [[unrelated]], items=ITEMS)
    assert values["type_of_counsel"][0]["evidence"] == [{"document": "c", "quote": "COMPLAINT"}]
    government = Hit("c", 3, 4, 100, 190, 1.0, "COMPLAINT The United States of America, by its attorneys, brings")
    add_stamps(values, calls, [[unrelated, government]], items=ITEMS)
    assert "United States of America" in values["type_of_counsel"][0]["evidence"][-1]["quote"]


def test_a_category_s_words_are_searched_together_in_the_value_s_order():
    values = {"cause_of_action": [{"value": "State law", "evidence": [{"document": "c", "quote": "SUPERIOR COURT"}]}]}
    ((_, _, (_, search)),) = stamp_searches(values, None, ITEMS)
    assert re.search(search["query"], "claims under state and federal law", re.I)
    # the check would take "States" and "Law" for the value's words; a reader does not
    assert not re.search(search["query"], "UNITED STATES DISTRICT COURT, County of San Francisco, Law Department", re.I)
