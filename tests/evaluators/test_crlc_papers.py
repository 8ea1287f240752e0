"""evaluators/checklist/crlc_papers.py: the filings and rulings a Clearinghouse record lists, and how the
offline bench matches important_filings and court_rulings values to them."""

from __future__ import annotations

from datetime import date

from conftest import offline_quality_bench
from gavel_agent.evaluators.checklist import crlc_papers as papers
from gavel_agent.evaluators.checklist.crlc_reference import CodedCase


def listed(document_type: str | None, title: str, day: str | None, estimate: str = "False") -> dict:
    return {"document_type": document_type, "title": title, "date": day, "date_is_estimate": estimate}


RECORD = {
    "documents": [
        listed("Complaint", "Jury Trial Demanded", "2020-01-15"),
        listed("Complaint", "Plaintiffs' Second Amended Class Action Complaint", "2020-06-01"),
        listed("Pleading / Motion / Brief", "Memorandum in Support of Motion for Summary Judgment", "2021-02-03"),
        listed("Pleading / Motion / Brief", "Defendants' Motion to Dismiss the Complaint", "2020-03-02"),
        listed("Pleading / Motion / Brief", "Motion for Leave to File an Amended Complaint", "2020-05-20"),
        listed("Pleading / Motion / Brief", "Motion to Stay", "2020-04-01", estimate="True"),
        listed("Order/Opinion", "Order Granting Preliminary Injunction", "2020-02-10"),
        listed("Order/Opinion", "Memorandum Opinion", "2020-09-09"),
        listed("Order/Opinion", "Order", None),
        listed("Docket", "Docket (PACER)", "2022-01-01"),
        listed(None, "", None),
    ]
}


def test_filings_are_the_listed_complaints_motions_and_briefs_with_a_real_day_and_what_their_titles_say():
    filings = [(p.day.isoformat(), p.kinds) for p in papers.listed_filings(RECORD)]
    assert filings == [
        ("2020-01-15", ["complaint"]),  # a listed complaint is one whatever its title says
        ("2020-06-01", ["amended complaint"]),
        ("2021-02-03", ["summary judgment"]),  # a brief is about the motion it supports
        ("2020-03-02", ["dismissal"]),  # the complaint is what it asks to dismiss, not what it is
        ("2020-05-20", ["amended complaint"]),
    ]  # the motion with an estimated day is left out


def test_rulings_are_the_listed_orders_and_opinions_with_a_day():
    rulings = [(p.day.isoformat(), p.kinds) for p in papers.listed_rulings(RECORD)]
    assert rulings == [("2020-02-10", ["preliminary injunction"]), ("2020-09-09", [])]


def test_a_value_matches_a_paper_of_its_day_that_is_about_what_it_names():
    motion = papers.ListedPaper(day=date(2020, 3, 2), kinds=["dismissal"])
    assert papers.value_matches(motion, "March 2, 2020: Motion to dismiss by Defendants")
    assert papers.value_matches(motion, "Defendants moved to dismiss (2020-03-02)")
    assert not papers.value_matches(motion, "March 3, 2020: Motion to dismiss")  # another day
    assert not papers.value_matches(motion, "Motion to dismiss")  # no day at all
    answer = "March 2, 2020: Answer by Defendants"
    assert not papers.value_matches(motion, answer)
    assert papers.value_matches(motion, answer, by_day_only=True)


def test_a_paper_whose_title_names_nothing_matches_any_value_of_its_day():
    opinion = papers.ListedPaper(day=date(2020, 9, 9), kinds=[])
    assert papers.value_matches(opinion, "September 9, 2020: Opinion entered")
    assert papers.value_matches(opinion, "September 9, 2020: Motion for summary judgment granted")


def test_specific_kinds_do_not_name_the_general_one():
    assert papers.kinds_named("Amended complaint by Plaintiffs") == ["amended complaint"]
    assert papers.kinds_named("Motion for summary judgment granted") == ["summary judgment"]
    assert papers.kinds_named("Judgment affirmed") == ["judgment", "appeal"]


def test_the_bench_counts_listed_papers_found_by_day_and_kind_and_values_matching_one(monkeypatch):
    bench = offline_quality_bench(monkeypatch)
    coded = CodedCase(
        case="1",
        filings=papers.listed_filings(RECORD),
        rulings=papers.listed_rulings(RECORD),
    )
    values = {
        "important_filings": [
            "January 15, 2020: Complaint",
            "March 2, 2020: Answer",  # the day of the listed motion to dismiss, another paper
            "July 4, 2020: Motion to compel",  # a filing the listing does not keep
        ],
        "court_rulings": ["February 10, 2020: Motion for preliminary injunction granted"],
    }
    rows = bench.coding_table(["1"], {"1": coded}, {"1": False}, {"1": values})
    assert (rows["important filings (recall)"].hits, rows["important filings (recall)"].total) == (1, 5)
    assert rows["  listed filings, day alone"].hits == 2
    assert (rows["important filings (precision)"].hits, rows["important filings (precision)"].total) == (1, 3)
    assert (rows["court rulings (recall)"].hits, rows["court rulings (recall)"].total) == (1, 2)
    assert (rows["court rulings (precision)"].hits, rows["court rulings (precision)"].total) == (1, 1)
