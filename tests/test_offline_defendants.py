"""Defendants: how the bench matches a value to a coded defendant, and the rules' candidates."""

from __future__ import annotations

import pytest

from gavel_agent.evaluators.checklist import crlc_reference as crlc


@pytest.mark.parametrize(
    ("parts", "value"),
    [
        # the coding's name and institution, either of which the value may name
        (["Contra Costa County Probation Department", "Contra Costa County"], "Defendant: Contra Costa County"),
        (["Yuba County"], "Defendant: County of Yuba"),
        (["U.S. Department of Labor"], "Defendant: United States Dept. of Labor"),
        (["U.S. Department of Labor"], "Defendant: Department of Labor"),
        (["Federal Bureau of Prisons"], "Defendant: Kathleen Hawk Sawyer, Director of the Bureau of Prisons"),
        (
            ["Michigan Department of Corrections"],
            "Defendant: William Overton (is the Director of the Michigan Department of Corrections.)",
        ),
        (["Califronia Department of Health Services"], "Defendant: California Department of Health Services"),
        (
            ["United States Immigration & Customs Enforcement (ICE)"],
            "Defendant: U.S. Immigration and Customs Enforcement",
        ),
        (["Taylor Finishing Company"], "Defendant: Taylor Finishing, Inc."),
        (["Oregon"], "Defendant: State of Oregon"),
        (["United States"], "Defendant: United States of America"),
    ],
)
def test_a_value_names_the_coded_defendant_in_another_spelling(parts, value):
    assert crlc.defendant_named(parts, value)


@pytest.mark.parametrize(
    ("parts", "value"),
    [
        (["Drug Enforcement Administration"], "Defendant: Administration"),  # a piece of the name
        (["Bishop Nursing Home, Inc."], "Defendant: Inc"),
        (["Essex County Youth House"], "Defendant: Essex County"),  # the county, not its youth house
        (["State of New Jersey"], "Defendant: State of New York"),
        (["City of New York"], "Defendant: State of New York"),  # another kind of body
        (["U.S. Department of the Treasury"], "Defendant: Thomas Perez, Secretary of the U.S. Department of Labor"),
        (["Office of Management and Budget"], "Defendant: Office of Personnel Management"),
        (["United States"], "Defendant: Donald J. Trump, President of the United States"),
    ],
)
def test_a_value_naming_another_body_or_a_piece_of_the_name_does_not(parts, value):
    assert not crlc.defendant_named(parts, value)


def test_the_coding_keeps_each_defendants_institution_and_name_apart():
    record = {
        "case_data": {
            "case_defendants": [
                {"institution": "Contra Costa County Probation Department", "name": "Contra Costa County "},
                {"institution": "", "name": "State of Ohio"},
                {"institution": None, "name": " "},
            ]
        }
    }
    coded = crlc.coded_case(record)
    assert coded.defendant_parts == [
        ["Contra Costa County Probation Department", "Contra Costa County"],
        ["State of Ohio"],
    ]
    assert coded.defendants == ["Contra Costa County Probation Department Contra Costa County", "State of Ohio"]
