"""Related and consolidated cases: how the bench matches a value to a coded related case."""

from __future__ import annotations

import pytest

from gavel_agent.evaluators.checklist import crlc_reference as crlc


@pytest.mark.parametrize(
    ("name", "value"),
    [
        # the caption with its number, "et al" and the item's wording around it
        ("Sow v. City of New York", "Sow et al v. City of New York et al, No. 20-cv-00533"),
        ("Lee v. Macon County Bd. of Ed.", "Consolidated with Lee v. Macon County"),
        # a side's words as defendants' are compared ("Co." = "Company", "&" = "and")
        (
            "Swift & Company v. Immigration and Customs Enforcement",
            "Swift & Co. v. Immigration & Customs Enforcement, No. 1:07-cv-00009",
        ),
        # the coding's other name of the case, in parentheses, or one of the cases it lists
        ("Murphy v. Madigan (Murphy v. Raoul)", "Murphy v. Raoul, No. 16-cv-11471"),
        ("Waid v. Snyder (In re Flint Water Cases)", "In re Flint Water Cases, No. 5:16-cv-10444"),
        (
            "Development Services Network v. Shewry; California Medical Association v. Shewry",
            "California Medical Association v. Shewry",
        ),
        # a name that is no caption, by its words
        (
            "In re National Security Agency Telecommunications Records Litigation",
            "In re National Security Agency Telecommunications Records Litigation, No. 06-1791",
        ),
    ],
)
def test_a_value_names_the_coded_related_case(name, value):
    assert crlc.case_named(name, value)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        # suits against one defendant: the second side alone does not make the case
        ("Sow v. City of New York", "Fraser v. City of New York, No. 20-cv-05741"),
        ("National Treasury Employees Union v. Trump", "New York v. Trump, No. 25-1236"),
        # a caption against a name that is none
        ("In re Flint Water Cases", "Mays v. Snyder, No. 5:15-cv-14002"),
        # a bare number says no name
        ("Crawford v. Uber Technologies, Inc.", "No. 3:17-cv-02664"),
    ],
)
def test_a_value_naming_another_case_is_not_the_coded_one(name, value):
    assert not crlc.case_named(name, value)


def test_a_value_giving_the_related_cases_number_alone_names_it_where_its_coding_is_at_hand():
    other = crlc.coded_case(
        {
            "case_id": 2,
            "case_data": {
                "main_docket": {
                    "docket_number_manual": "3:17-cv-02664",
                    "docket_year": 2017,
                    "docket_filing_number": 2664,
                },
            },
        }
    )
    assert crlc.case_named("Crawford v. Uber Technologies, Inc.", "No. 3:17-cv-02664", other)
    assert not crlc.case_named("Crawford v. Uber Technologies, Inc.", "No. 3:17-cv-06124", other)


def test_the_coding_keeps_each_related_cases_id():
    coded = crlc.coded_case(
        {"case_id": 1, "case_data": {"related_cases": [{"id": 2, "name": "Doe v. Roe"}, {"id": 3, "name": ""}]}}
    )
    assert (coded.related_cases, coded.related_case_ids) == (["Doe v. Roe"], ["2"])
