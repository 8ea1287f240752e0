"""How long a decree or settlement runs: the span reader (values.terms), the coding's term and order
years (crlc_reference), and the rules that write decree_duration and settlement_duration values."""

from __future__ import annotations

from gavel_agent.evaluators.checklist import crlc_reference as crlc
from gavel_agent.offline.registry import DocInfo, get_extractor
from gavel_agent.text.values import terms

DECREE = DocInfo("decree", "Consent Decree", "Settlement Agreement", "2023-02-06")
AGREEMENT = DocInfo("agreement", "Settlement Agreement", "Settlement Agreement", "2020-08-05")
COMPLAINT = DocInfo("complaint", "Complaint", "Complaint", "2019-01-10")


def values(item: str, text: str, doc: DocInfo) -> list[str]:
    found = get_extractor("gavel", item)(text, doc)
    assert all(f.quote in text for f in found)
    return [f.value for f in found]


def test_terms_read_years_and_months_in_words_digits_and_both():
    assert terms("shall remain in effect for four years from entry") == [("four years", 48)]
    assert terms("thirty-six months; three (3) years; a one-year term; 18 months") == [
        ("thirty-six months", 36),
        ("three (3) years", 36),
        ("one-year", 12),
        ("18 months", 18),
    ]
    # An age is no term, nor is a count of years that is zero.
    assert terms("inmates under 18 years of age, 21 years old, zero years") == []


def test_the_codings_term_and_order_years():
    data = {"injunction_duration": "36", "order_start_year": 2011, "order_end_year": 0}
    coded = crlc.coded_case({"case_id": 1, "case_data": data})
    assert (coded.decree_months, coded.order_start_year, coded.order_end_year) == (36, 2011, None)
    # Empty, zero, "n/a" and a year typed in the months field are not coded terms.
    assert [crlc.decree_months(v) for v in ("", "0", "n/a", "2001", None, " 24 ")] == [None] * 5 + [24]


def test_a_value_states_the_term_in_its_duration_head():
    assert crlc.stated_months("four years from the Effective Date: the Decree") == {48}
    # A reporting frequency states no term, whatever its obligation's text says.
    assert crlc.stated_months("monthly: a report due within 12 months") == set()
    assert crlc.stated_months("within 12 months: the County shall open a unit") == set()  # a deadline, not a term
    # A value without the item's head is read whole.
    assert crlc.stated_months("This Decree shall remain in effect for three (3) years.") == {36}
    assert crlc.value_years(["February 6, 2023: Consent Decree entered", "Decree terminated", "May 2019: order"]) == {
        2023,
        2019,
    }


DECREE_TEXT = (
    "This Decree shall remain in effect for four years from the Effective Date unless terminated earlier "
    "under Paragraph 49. The Court shall retain jurisdiction for two (2) years after the entry of this Decree, "
    "at which time the case shall be dismissed. Defendants shall provide to the Monitor a monthly report "
    "showing daily population. Within 12 months of the Effective Date, the County shall open a housing unit. "
    "For a period of three years from the Effective Date, Defendants shall retain all intake records. "
    "This Decree shall be effective upon its entry by the Court."
)


def test_decree_duration_values_name_the_term_and_what_runs_for_it():
    assert values("decree_duration", DECREE_TEXT, DECREE) == [
        "four years from the Effective Date: the Decree",
        "two (2) years after the entry of this Decree: the Court's jurisdiction",
        "three years: Defendants shall retain all intake records.",
        # A deadline bounds how long one obligation stays open: listed after the terms.
        "within 12 months: Within 12 months of the Effective Date, the County shall open a housing unit.",
    ]  # a reporting frequency and a start date are not how long anything lasts
    assert values("decree_duration", DECREE_TEXT, COMPLAINT) == []


def test_a_term_named_by_the_papers_term_or_duration():
    text = "The duration of this Consent Decree shall be three (3) years from the date of entry. a See fn.3"
    assert values("decree_duration", text, DECREE) == ["three (3) years from the date of entry: the Consent Decree"]


def test_how_soon_a_party_may_end_a_decree_is_no_term():
    text = (
        "Defendants may move to terminate this Decree, or any Section of it, after they have maintained "
        "Substantial Compliance with all of its provisions for 24 consecutive months."
    )
    assert values("decree_duration", text, DECREE) == [
        "early termination after 24 consecutive months of substantial compliance: the Decree"
    ]
    assert crlc.stated_months("early termination after 24 consecutive months: the Decree") == {24}


def test_a_term_ends_on_an_event_or_runs_without_end():
    text = (
        "This Consent Decree shall terminate when Defendants have maintained substantial compliance for a "
        "period of two years. It is further ORDERED that the injunction remain in full force and effect until "
        "further order of this Court. Defendants are permanently enjoined from using restraint chairs."
    )
    assert values("decree_duration", text, DECREE) == [
        "when Defendants have maintained substantial compliance for a period of two years: the Consent Decree",
        "until further order of this Court: the injunction",
        "permanently: Defendants are permanently enjoined from using restraint chairs.",
    ]


def test_settlement_duration_reads_the_agreements_own_term():
    text = (
        "This Agreement will be in effect for three (3) years from the Effective Date. "
        "The Court shall retain jurisdiction until the Decree terminates. "
        "HRRJ will provide to the Monitor a bi-annual Status Report."
    )
    # Jurisdiction over a decree is not a settlement's term; a bi-annual report is a frequency.
    assert values("settlement_duration", text, AGREEMENT) == ["three (3) years from the Effective Date: the Agreement"]
    # A decree's term is set by the Agreement's name only in a paper entered as an order; the court's
    # jurisdiction over a decree is one.
    court = "until the Decree terminates: the Court's jurisdiction"
    assert values("decree_duration", text, AGREEMENT) == [court]
    assert values("decree_duration", text, DECREE) == ["three (3) years from the Effective Date: the Agreement", court]


def test_a_deadline_is_counted_in_number_words_not_any_word():
    text = (
        "Ms. Doe will see Dr. Ma within the week after her return. "
        "The County shall adopt the protocol within a year of the Effective Date."
    )
    # "the week" counts nothing; "a year" is one.
    assert values("decree_duration", text, DECREE) == [
        "within a year: The County shall adopt the protocol within a year of the Effective Date."
    ]
