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
        # a name of kind words only, the federal body's "United States" left out as the coding leaves it
        (["Department of State"], "Defendant: United States Department of State"),
        # a name written with or without an apostrophe inside a word, either way round
        (["State of Hawai'i"], "Defendant: State of Hawaii (State of the United States)"),
        (["State of Hawaii"], "Defendant: Anne E. Lopez, Attorney General of the State of Hawai‘i"),
        # an acronym in brackets, as one in parentheses, is no word of the name
        (["Mississippi Department of Corrections [MDOC]"], "Defendant: Mississippi Department of Corrections"),
        # an alias's connector is no word of either name
        (["Wildflower Inn d/b/a DOR Associates LLP"], "Defendant: Wildflower Inn a/k/a DOR Associates LLP"),
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
        (["Department of State"], "Defendant: Pennsylvania Department of State"),  # a state's, not the federal one
        (["United States"], "Defendant: United States Department of State"),  # the department, not the nation
        (["Department of State"], "Defendant: United States"),
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


def test_an_official_sued_for_the_office_is_a_defendant_named_with_the_office():
    from gavel_agent.offline.rules.parties import officials_sued

    text = (
        "DANIEL W. WRIGHT, Appellant vs. ROBERT L. CHILDREE, in his official capacity as Comptroller of the State "
        "of Alabama. The plaintiffs also sued Jane Roe in her official capacity as Director of the Ohio Department "
        "of Health. Plaintiff Mary Major, in her official capacity as a member of the class, testified. "
        "JOHN DOE, in his official capacity as Director of the Colorado Department of\n\nPlaintiffs demand a jury."
    )
    values = [f.value for f in officials_sued(text)]
    assert values == [
        "Defendant: Robert L. Childree, Comptroller of the State of Alabama",
        "Defendant: Jane Roe, Director of the Ohio Department of Health",
    ]
    assert all(f.quote in text for f in officials_sued(text))


def test_the_learned_choice_of_defendants_keeps_every_plaintiff_the_rules_found():
    from gavel_agent.offline.registry import get_settler

    rows = [
        {"value": v}
        for v in ("Plaintiff: Jane Doe", "Defendant: City of Salem", "Defendant: John Roe", "Plaintiff: Ann Poe")
    ]
    settle = get_settler("gavel", "parties")
    assert settle is not None
    assert settle([2, 0, 1], rows) == [2, 1, 0, 3]  # the model's defendants in its order, then the plaintiffs


def _candidate(value: str, document: str = "complaint") -> dict:
    """A parties candidate row as a run records it."""
    return {
        "value": value,
        "quote": value,
        "confidence": 0.8,
        "window_score": 1.0,
        "document": document,
        "doc_type": "Complaint",
        "doc_title": "Complaint",
        "doc_date": None,
        "doc_tokens": 100,
        "doc_order": 0,
        "doc_count": 2,
    }


def test_party_features_tell_an_institution_from_a_person_and_count_documents():
    from gavel_agent.offline.learned.features import candidate_features

    row = _candidate
    rows = [
        row("Defendant: City of Salem", "complaint"),
        row("Defendant: City of Salem", "order"),
        row("Defendant: John Roe", "complaint"),
        row("Defendant: Department of", "complaint"),
        row("Plaintiff: Jane Doe", "complaint"),
    ]
    city, _, person, piece, plaintiff = candidate_features(rows)
    assert city["party:institution"] == 1 and city["party:city"] == 1 and person["party:institution"] == 0
    assert person["party:person"] == 1 and city["party:person"] == 0
    assert city["party:head_documents"] > person["party:head_documents"]
    assert piece["party:fragment"] == 1 and city["party:fragment"] == 0
    assert plaintiff["party:plaintiff"] == 1 and city["party:plaintiff"] == 0


def test_an_officer_whose_office_names_a_body_the_papers_name_as_a_party_is_told_from_others():
    from gavel_agent.offline.learned.features import candidate_features

    rows = [
        _candidate("Defendant: Jane Roe, Secretary of the Department of Labor"),
        _candidate("Defendant: Department of Labor", "order"),
        _candidate("Defendant: John Poe (Director of the Bureau of Prisons)"),
        _candidate("Defendant: Tim Loe, Secretary of State"),
        _candidate("Defendant: Government of the District of Columbia"),
    ]
    roe, labor, poe, loe, district = candidate_features(rows)
    assert roe["party:office_of_candidate"] == 1
    assert poe["party:office_of_candidate"] == 0  # its office's body is no party of the papers
    assert loe["party:office_of_candidate"] == 0 and labor["party:office_of_candidate"] == 0
    # a defendant whose name starts with a kind of counsel's word still gets party features
    assert district["party:institution"] == 1


def test_counsel_candidates_get_no_party_features():
    from gavel_agent.offline.learned.features import candidate_features

    row = {
        "value": "Plaintiff: Private firm (Parker LLP)",
        "quote": "Parker LLP",
        "confidence": 0.8,
        "window_score": 1.0,
        "document": "d",
        "doc_type": "Complaint",
        "doc_title": "",
        "doc_date": None,
        "doc_tokens": 1,
        "doc_order": 0,
        "doc_count": 1,
    }
    assert not any(name.startswith("party:") for name in candidate_features([row])[0])


def test_two_defendants_before_one_officials_capacity_are_two_parties():
    from gavel_agent.offline.registry import DocInfo
    from gavel_agent.offline.rules.parties import parties

    text = (
        "Notice is hereby given that Defendants Riverside County and Raymond T. Caldwell, in his official "
        "capacity as Sheriff of Riverside County, appeal to the United States Court of Appeals for the Ninth "
        "Circuit from the Order entered on January 19, 2024."
    )
    values = [f.value for f in parties(text, DocInfo(name="06-notice-of-appeal"))]
    assert "Defendant: Riverside County" in values
    assert "Defendant: Raymond T. Caldwell, Sheriff of Riverside County" in values
    assert not [v for v in values if " and Raymond" in v or "appeal to" in v]


def test_a_long_caption_keeps_every_agency_sued_but_only_the_lead_plaintiffs():
    from gavel_agent.offline.rules.party_captions import CAPTION_NAMES, caption_parties

    plaintiffs = ";\n".join(f"PERSON NUMBER{n} SMITH" for n in "ABCDEFGHI")
    agencies = ["DEFENSE", "STATE", "LABOR", "ENERGY", "EDUCATION", "COMMERCE", "JUSTICE", "TREASURY", "INTERIOR"]
    defendants = ";\n".join(f"DEPARTMENT OF {a}" for a in agencies)
    text = f"{plaintiffs},\n\nPlaintiffs,\n\nv.\n\n{defendants},\n\nDefendants.\n\nCOMPLAINT\n"
    values = [f.value for f in caption_parties(text)]
    assert len([v for v in values if v.startswith("Plaintiff: ")]) == CAPTION_NAMES
    assert [v for v in values if v.startswith("Defendant: ")] == [
        f"Defendant: Department of {a.title()}" for a in agencies
    ]


def test_a_read_ending_past_a_captions_v_keeps_its_names_but_a_signature_block_is_no_caption():
    from gavel_agent.offline.rules.party_captions import caption_parties

    cut = "JANE ROE,\n\nPlaintiff,\n\nv.\n\nDEPARTMENT OF LABOR;\nDEPARTMENT OF ENERGY;\nDEPARTMENT OF JUS"
    assert [f.value for f in caption_parties(cut)] == [
        "Plaintiff: Jane Roe",
        "Defendant: Department of Labor",
        "Defendant: Department of Energy",  # "DEPARTMENT OF JUS", cut off by the read's end, is left
    ]
    signed = (
        "Respectfully submitted,\n\nPACIFIC PRISONERS' RIGHTS PROJECT\n\ns/ Jordan A. Whitaker\n"
        "Jordan A. Whitaker\n\nAttorneys for Plaintiffs\n\nCIVIL COVER SHEET\n\nRelated case(s): Lindqvist v. Riverside"
    )
    assert caption_parties(signed) == []


def test_a_docket_party_list_names_an_official_with_the_office_on_the_lines_below():
    from gavel_agent.offline.rules.party_captions import docket_parties

    text = (
        "Defendant\nDavid J Kears represented by Lorenzo Chambliss\n"
        "in his official capacity as Director of (See above for address)\n"
        "Alameda County Health Care Services TERMINATED: 04/19/1993\nAgency LEAD ATTORNEY\n"
        "ATTORNEY TO BE NOTICED\nJoseph Egan\n"
        "Defendant\nLawrence G Myers   represented by J. Earlene Farr  \n"
        "Administrator of the Jackson County  Ensz & Jester  \n"
        "Juvenile Justice Center, in his official &  1100 Main St.  \nindividual capacities  2121 City Square  \n"
        "Defendant\nHarbor Regional Jail  represented by  Jeff Rosen\nAuthority  Pender & Coward PC\nLEAD ATTORNEY\n"
        "Defendant\nJohn Smith  represented by  Jeff Rosen\nKansas City, MO 64105\n"
    )
    found = docket_parties(text)
    assert _quoted_values(found, text) == [
        "Defendant: David J Kears, Director of Alameda County Health Care Services Agency",
        "Defendant: Lawrence G Myers, Administrator of the Jackson County Juvenile Justice Center",
        "Defendant: Harbor Regional Jail Authority",  # a long name's second line is no office
        "Defendant: John Smith",  # an address below a name says no office
    ]
    assert "Joseph Egan" not in found[0].quote


def test_a_docket_party_lists_name_stopping_on_an_unfinished_word_goes_on_with_the_next_lines_first_word():
    from gavel_agent.offline.rules.party_captions import docket_parties

    text = (
        "Defendant\nDepartment of Housing and Urban represented by Arthur R. Goldberg\n"
        "Development U.S. DEPARTMENT OF JUSTICE\nCIVIL DIVISION\n"
        "Defendant\nNH Department of Health and Human represented by Andrew B. Livernois\n"
        "Services, Director NH Attorney General's Office\n"
        "Defendant\nCity of Omaha represented by Jane Roe\nOmaha City Attorney\n"  # a whole name: no more
    )
    assert _quoted_values(docket_parties(text), text) == [
        "Defendant: Department of Housing and Urban Development",
        "Defendant: NH Department of Health and Human Services",
        "Defendant: City of Omaha",
    ]


def test_party_features_rank_a_defendant_within_the_caption_that_names_it():
    from gavel_agent.offline.learned.party_features import party_features

    caption = "JANE DOE, Plaintiff, v. CITY OF SALEM; SALEM POLICE DEPARTMENT; JOHN ROE, Defendants."
    rows = [
        {"value": v, "document": d, "quote": q}
        for v, d, q in (
            ("Defendant: City of Salem", "complaint", caption),
            ("Defendant: Salem Police Department", "complaint", caption),
            ("Defendant: John Roe", "complaint", caption),
            ("Defendant: John Roe", "order", "Defendant John Roe, an officer"),
        )
    ]
    ranks = [f["party:passage_rank"] for f in party_features(rows)]
    assert ranks[0] == 0 < ranks[1] < ranks[2]
    assert ranks[3] == 0  # first in its own passage


def test_every_official_a_caption_sentence_sues_is_named_with_the_whole_office():
    from gavel_agent.offline.rules.parties import officials_sued

    text = (
        "HELEN JONES-KELLEY, in her official capacity as Director of the Ohio Department of Job\n"
        "and Family Services, MATTHEW T. ALBENCE, in his official capacity as Deputy Director of U.S. Immigration "
        "and Customs Enforcement, and JOHN DOE, in his official capacity as Director of the Colorado Department of\n"
        "Human Services. JANE ROE, in her official capacity as Secretary of State\nPlaintiffs demand relief."
    )
    assert [f.value for f in officials_sued(text)] == [
        "Defendant: Helen Jones-Kelley, Director of the Ohio Department of Job and Family Services",
        "Defendant: Matthew T. Albence, Deputy Director of U.S. Immigration and Customs Enforcement",
        "Defendant: John Doe, Director of the Colorado Department of Human Services",
        "Defendant: Jane Roe, Secretary of State",  # the next line is no part of the office
    ]


def test_a_defendants_description_joins_a_word_hyphenated_at_a_lines_end():
    from gavel_agent.offline.registry import DocInfo
    from gavel_agent.offline.rules.parties import parties

    text = "Defendant Mary T. Bassett is the Commissioner of the New York State Depart-\nment of Health."
    values = [f.value for f in parties(text, DocInfo(name="complaint"))]
    assert any("New York State Department of Health" in v for v in values), values


def test_a_caption_name_or_office_joins_a_word_or_name_hyphenated_at_a_lines_end():
    from gavel_agent.offline.rules.party_captions import caption_parties, party_name

    text = (
        "JANE ROE, Plaintiff,\nv.\nDeanna Spikula, in her official capacity as Registrar of Voters for Washoe County,\n"
        "and Joseph P. Gloria, in his official capacity as Reg-\n19 istrar of Voters for Clark County, Defendants\n"
        "20 Introduction"
    )
    values = [f.value for f in caption_parties(text)]
    assert "Defendant: Joseph P. Gloria, Registrar of Voters for Clark County" in values, values
    assert party_name("Rosa Diaz-\nLara") == "Rosa Diaz-Lara"  # a capital goes on: a hyphenated name
    assert party_name("Robert K. Davis, Director of the Bureau of Insti-\ntutions") == (
        "Robert K. Davis, Director of the Bureau of Institutions"
    )


def test_an_opinions_own_list_of_the_defendants_gives_each_body():
    from gavel_agent.offline.rules.parties import listed_defendants

    text = (
        "The Complaint names four Defendants: Chris Christie; the New Jersey Department of\nHuman Services "
        "(“NJ DHS”); Jennifer Velez, Commissioner; and Woodbridge Developmental Center. Defendants are the City "
        "Board of Education, DOC, and certain officials. The court agreed with defendants, and they appealed."
    )
    assert _quoted_values(listed_defendants(text), text) == [
        "Defendant: New Jersey Department of Human Services",
        "Defendant: Woodbridge Developmental Center",  # people without an office are no body
        "Defendant: City Board of Education",
    ]


def _quoted_values(findings, text: str) -> list[str]:
    """The findings' values, once each quote is checked to be the text's own words."""
    assert all(f.quote in text for f in findings)
    return [f.value for f in findings]


def test_each_defendant_is_kept_once_and_a_parties_paragraph_describes_without_its_verb():
    from gavel_agent.offline.registry import DocInfo
    from gavel_agent.offline.rules.parties import one_value_per_defendant, parties

    paragraph = "Defendant RAYMOND T. CALDWELL is the elected Sheriff of Riverside County."
    assert [f.value for f in parties(paragraph, DocInfo(name="complaint"))] == [
        "Defendant: Raymond T. Caldwell (elected Sheriff of Riverside County)"
    ]
    rows = [
        {"value": "Defendant: Raymond T. Caldwell, Sheriff of Riverside County"},
        {"value": "Defendant: Riverside County"},
        {"value": "Defendant: Raymond T. Caldwell (elected Sheriff of Riverside County)"},
        {"value": "Plaintiff: Daniel Vega"},
    ]
    assert one_value_per_defendant([2, 1, 0], rows) == [2, 1, 3]  # the better-ranked Caldwell value stands for him


def test_a_defendant_written_two_ways_by_case_punctuation_or_an_article_is_kept_once():
    from gavel_agent.offline.rules.parties import one_value_per_defendant

    rows = [
        {"value": "Defendant: The City of New York"},
        {"value": "Defendant: James R. Edgar, Governor of the State of Illinois"},
        {"value": "Defendant: CITY OF NEW YORK"},
        {"value": "Defendant: James R Edgar (Governor of Illinois, and in this capacity heads the Executive Branch)"},
        {"value": "Defendant: Miami−Dade County"},
        {"value": "Defendant: Miami-Dade County"},
        {"value": "Defendant: Theodore Roe"},
    ]
    assert one_value_per_defendant(list(range(7)), rows) == [0, 3, 4, 6]


def test_of_one_persons_chosen_values_the_one_naming_the_offices_body_stands_for_him_at_his_best_rank():
    from gavel_agent.offline.rules.parties import one_value_per_defendant

    rows = [
        {"value": "Defendant: John Roe, Secretary of State"},
        {"value": "Defendant: City of Salem"},
        {"value": "Defendant: John Roe (sued in his official capacity as the Secretary of State of Alabama)"},
    ]
    assert one_value_per_defendant([0, 1, 2], rows) == [2, 1]
    assert one_value_per_defendant([0, 1], rows) == [0, 1]  # only a chosen value can stand for him


def test_a_defendant_cut_off_at_an_and_of_its_name_gives_way_to_the_whole_name():
    from gavel_agent.offline.rules.parties import one_value_per_defendant

    rows = [
        {"value": "Defendant: United States Department of Health"},
        {"value": "Defendant: State of Ohio"},
        {"value": "Defendant: United States Department of Health and Human Services"},
        {"value": "Defendant: City of New York"},
        {"value": "Defendant: City of New York Police Department"},
    ]
    assert one_value_per_defendant([0, 1, 2], rows) == [2, 1]  # the whole name at the cut one's better rank
    assert one_value_per_defendant([3, 4], rows) == [3, 4]  # a body and another body its name begins: two defendants


def test_a_defendant_name_stopping_on_an_unfinished_word_takes_the_name_another_paper_writes_whole():
    from gavel_agent.offline.rules.parties import one_value_per_defendant

    rows = [
        {"value": "Defendant: Alexander County Housing"},
        {"value": "Defendant: State of Illinois"},
        {"value": "Defendant: Alexander County Housing Authority (public body)"},
        {"value": "Defendant: City of New York"},
        {"value": "Defendant: City of New York Police Department"},
    ]
    assert one_value_per_defendant([1, 0], rows) == [1, 2]  # not chosen, the whole name stands in the cut one's place
    assert one_value_per_defendant([3], rows) == [3]  # a whole name another body's name begins with stays


def test_the_defendants_operating_point_counts_the_values_a_run_keeps():
    from gavel_agent.evaluators.checklist.crlc_reference import CodedCase
    from gavel_agent.offline.learned.corpus import Record
    from gavel_agent.offline.learned.train import FIELDS, _list_counts

    field = next(f for f in FIELDS if f.item == "parties")
    rows = [
        _candidate("Defendant: John Roe, Secretary of State"),
        _candidate("Defendant: John Roe (Secretary of State of Alabama)"),
        _candidate("Plaintiff: Jane Doe"),
    ]
    record = Record("1", 0, CodedCase(case="1", defendant_parts=[["Alabama Secretary of State"]]), {"parties": rows})
    labels = [[field.label(r, record.coded) for r in rows]]
    assert labels == [[False, True, False]]
    model = {"kind": "list", "threshold": 0.5}
    # The settler keeps Roe once, by the value naming his office's state; the plaintiff is never scored.
    assert _list_counts(field, model, [record], [[0.9, 0.9, 0.9]], labels) == (1, 1, 1)


def test_a_docket_party_lists_lawyers_are_not_the_partys_description():
    from gavel_agent.offline.registry import DocInfo
    from gavel_agent.offline.rules.parties import parties

    listing = (
        "Defendant\n"
        "Raymond T. Caldwell, in his official capacity as Sheriff of Riverside County\n"
        "represented by Gregory Lund (See above for address)\n"
        "Ellen Marsh-Tolliver (See above for address)\n"
    )
    values = [f.value for f in parties(listing, DocInfo("docket", "Docket", "Docket", None))]
    assert "Defendant: Raymond T. Caldwell (in his official capacity as Sheriff of Riverside County)" in values
    assert not any("represented" in v or "Lund" in v for v in values)


def test_a_docket_party_lists_name_going_on_with_a_joining_word_on_the_next_line_is_whole():
    from gavel_agent.offline.rules.party_captions import docket_parties

    text = (
        "Defendant\nUnited States Department of Health\nand Human Services\n"
        "Defendant\nUnited States Department of Labor\nDate Filed # Docket Text\n"
        # the lawyers' column one space beside the name's second line
        "Defendant\nUnited States Department of Housing represented by Jane Roe\n"
        "and Urban Development United States Attorney's Office\n"
    )
    assert _quoted_values(docket_parties(text), text) == [
        "Defendant: United States Department of Health and Human Services",
        "Defendant: United States Department of Labor",
        "Defendant: United States Department of Housing and Urban Development",
    ]


def test_a_docket_officials_office_stopping_on_a_joining_word_goes_on_past_the_descriptions_lines():
    from gavel_agent.offline.rules.party_captions import docket_parties

    text = (
        "Defendant\nSHAUN DONOVAN represented by MICHAEL SITCOV\nIN HIS OFFICIAL CAPACITY AS (See above for address)\n"
        "SECRETARY OF THE UNITED STATES TERMINATED: 09/24/2014\nDEPARTMENT OF HOUSING AND LEAD ATTORNEY\n"
        "URBAN DEVELOPMENT\nTERMINATED: 09/24/2014 RAPHAEL O. GOMEZ\n"
    )
    assert _quoted_values(docket_parties(text), text) == [
        "Defendant: Shaun Donovan, Secretary of the United States Department of Housing and Urban Development"
    ]


def test_a_parties_paragraph_names_an_officials_office_written_without_an_article():
    from gavel_agent.offline.registry import DocInfo
    from gavel_agent.offline.rules.parties import parties

    paragraph = "25. Defendant L. ERIC PATTERSON is Director of Federal Protective Services. FPS is a division of DHS."
    assert [f.value for f in parties(paragraph, DocInfo(name="complaint"))] == [
        "Defendant: L. Eric Patterson (Director of Federal Protective Services)"
    ]


def test_a_caption_keeps_a_body_whose_name_lists_its_charges_whole():
    from gavel_agent.offline.rules.party_captions import caption_parties

    text = (
        "JANE DOE,\n   Plaintiffs,\nv.\nWASHINGTON STATE DEPARTMENT OF\nCHILDREN, YOUTH, AND FAMILIES; and\n"
        "ROSS HUNTER, in his official capacity as\nSecretary of the Washington State Department of\n"
        "Children, Youth, and Families,\n\n   Defendants.\n"
    )
    defendants = [f.value for f in caption_parties(text) if f.value.startswith("Defendant")]
    assert [v.lower() for v in defendants] == [
        "defendant: washington state department of children, youth, and families",
        "defendant: ross hunter, secretary of the washington state department of children, youth, and families",
    ]
    # a comma and "AND" before a new party still part the two
    other = "JANE DOE,\n   Plaintiffs,\nv.\nCITY OF OMAHA, AND JOHN SMITH,\n   Defendants.\n"
    assert [f.value for f in caption_parties(other)][1:] == ["Defendant: City of Omaha", "Defendant: John Smith"]


def test_a_caption_party_beside_the_cases_number_or_judge_in_the_other_column_is_kept():
    from gavel_agent.offline.rules.party_captions import caption_parties

    text = (
        "STEPHAN NAMISNAK; FRANCIS FALLS  Case No.: \nand MITCHELL MIRAGLIA,   \n  Judge: \nPlaintiffs,   \n"
        "v.  Magistrate:  \n   \nUBER TECHNOLOGIES, INC. and RASIER,  Notice of Related Case: 3:17-cv-02664 \n"
        "LLC, \n \nDefendants.\n"
    )
    defendants = [f.value for f in caption_parties(text) if f.value.startswith("Defendant")]
    assert defendants == ["Defendant: Uber Technologies, Inc", "Defendant: Rasier, LLC"]
    # a line that opens with the case's number names no party
    header = "JANE ROE,\n   Plaintiff,\nv.\nCase 1:17-cv-00001  CITY OF OMAHA\nCOUNTY OF DOUGLAS,\n   Defendants.\n"
    assert [f.value for f in caption_parties(header)][1:] == ["Defendant: County of Douglas"]


def test_a_captions_only_defendant_is_kept_whatever_it_names_but_a_bare_name_beside_others_is_not():
    from gavel_agent.offline.registry import DocInfo
    from gavel_agent.offline.rules.parties import parties

    sole = (
        "UNITED STATES OF AMERICA,  )\n Plaintiff, )\n )\nv.  ) No.\n )\n"
        "PRIMELENDING, a PlainsCapital Company, )\n Defendant. )\n )\nCOMPLAINT\n"
    )
    assert [f.value for f in parties(sole, DocInfo(name="complaint"))] == [
        "Plaintiff: United States of America",
        "Defendant: Primelending",
    ]
    several = "JANE ROE,\n   Plaintiff,\nv.\nCITY OF OMAHA and JOHN SMITH,\n   Defendants.\n"
    assert [f.value for f in parties(several, DocInfo(name="complaint"))] == [
        "Plaintiff: Jane Roe",
        "Defendant: City of Omaha",
    ]


def test_a_caption_whose_sides_are_labelled_with_a_slash_is_read():
    from gavel_agent.offline.rules.party_captions import caption_parties

    text = "JANE DOE,\n Plaintiff/Appellant, )\n )\nv. )\n )\nWESTERN UNION FINANCIAL SERVICES, INC., )\n Defendant/Appellee. )\n"
    assert [f.value for f in caption_parties(text)] == [
        "Plaintiff: Jane Doe",
        "Defendant: Western Union Financial Services, Inc",
    ]


def test_a_caption_keeps_an_office_whose_capacity_words_a_line_broke_off():
    from gavel_agent.offline.rules.party_captions import caption_parties

    text = (
        "KAPA CONSERVATION COUNCIL,\n) \nPlaintiff,\n) \nv.\n) \nJANE ROE, in her\n) \nofficial capacity as Secretary of "
        "Commerce; and JOHN DOE, in his \n) \nofficial capacity as Secretary of the \n) \nInterior of the United States, \n) \n"
        "Defendants.  ) \n"
    )
    values = [f.value for f in caption_parties(text)]
    assert "Defendant: John Doe, Secretary of the Interior of the United States" in values, values
    assert "Defendant: Jane Roe, Secretary of Commerce" in values, values


def test_a_pleadings_list_of_defendants_reads_past_initials_and_a_cut_off_end():
    from gavel_agent.offline.rules.parties import listed_defendants

    text = (
        "Plaintiffs hereby complain against Defendants CHAD WOLF, Acting\nSecretary of the U.S. Department of Homeland "
        "Security; MARY A. MAJOR, a senior official; L. ERIC PATTERSON, Director of Federal\nProtective Services; "
        "and JOHN T. DOE, Director of the U.S. Marshals Service. The Court agrees. They also sued Defendants "
        "JANE ROE, Director of the Federal Bureau of Investigation; RICHARD K. CLINE, Director of the Bureau of "
    )
    assert _quoted_values(listed_defendants(text), text) == [
        "Defendant: Chad Wolf, Acting Secretary of the U.S. Department of Homeland Security",
        "Defendant: L. Eric Patterson, Director of Federal Protective Services",
        "Defendant: John T. Doe, Director of the U.S. Marshals Service",
        # the text read stops inside the second list: its last office is cut off
        "Defendant: Jane Roe, Director of the Federal Bureau of Investigation",
    ]


def test_a_listed_agencys_own_and_does_not_part_its_name():
    from gavel_agent.offline.rules.parties import listed_defendants

    text = (
        "The named defendants are the United States Department of Health and\nHuman Services, the Centers for "
        "Medicare and Medicaid Services and the Ohio Department of Job and Family Services. I will refer to them."
    )
    assert _quoted_values(listed_defendants(text), text) == [
        "Defendant: United States Department of Health and Human Services",
        "Defendant: Centers for Medicare and Medicaid Services",
        "Defendant: Ohio Department of Job and Family Services",
    ]


def test_of_one_persons_chosen_values_the_one_naming_more_of_a_body_stands_for_him_not_the_longest():
    from gavel_agent.offline.rules.parties import one_value_per_defendant

    rows = [
        {
            "value": "Defendant: Mary Roe ((“Defendant Roe”) is a commissioner on the Commission and is affiliated with it)"
        },
        {"value": "Defendant: Mary Roe, Commissioner of the Michigan Independent Citizens Redistricting Commission"},
        {"value": "Defendant: John Doe, Commissioner of the Maine Department of Health"},
        {"value": "Defendant: John Doe, Acting Commissioner of the Maine Department of Health and Human Services"},
    ]
    assert one_value_per_defendant([0, 1, 2, 3], rows) == [1, 3]


@pytest.mark.parametrize(
    "name",
    [
        "City of New York, 2020 WL 1694300, E.D.N.Y",  # a cited case's party
        "Consent to Proceed Before A United States Magistrate Judge",  # a form's title
        "Case Number Commonwealth of Virginia",
        "Sherman Block, etc. PROOF OF SERVICE",
        "American Civil Liberties Union Notice of Filing Opposition of Nevada",
        "the Providence Community Action Program, Inc., Whereas",
        "Paragraph 10 to the National Urban League",
        "Alo is a resident of Lee County",  # a sentence about someone
        "Hamblen County officials who operate",
        "Inc",  # a company's suffix alone
    ],
)
def test_a_party_value_that_names_no_party_of_the_case_is_no_candidate(name):
    from gavel_agent.offline.registry import DocInfo
    from gavel_agent.offline.rules.parties import parties

    docket = f"Plaintiff\nJohn Doe        represented by Jane Roe\n\nDefendant\n{name}        represented by Ann Poe\n"
    caption = f"JOHN DOE,\n        Plaintiff,\n   v.\n{name},\n        Defendant.\n\nCOMPLAINT\n"
    for text in (docket, caption):
        values = [f.value for f in parties(text, DocInfo(name="01-complaint"))]
        assert "Plaintiff: John Doe" in values
        assert not [v for v in values if v.startswith("Defendant: ") and " (" not in v], values


def test_a_name_of_kind_words_only_is_no_defendant_but_a_department_or_a_named_body_is():
    from gavel_agent.offline.registry import DocInfo
    from gavel_agent.offline.rules.parties import parties

    text = (
        "Defendant Housing Authority is a public body.\n\nDefendant Hospital is a facility of the State.\n\n"
        "Defendant Commissioner of Personnel is an officer.\n\n"
        "Defendant Department of Education is an executive agency.\n\n"
        "Defendant Housing Authority of Kansas City is a public body."
    )
    heads = [f.value.split(" (")[0] for f in parties(text, DocInfo(name="01-complaint"))]
    assert "Defendant: Department of Education" in heads
    assert "Defendant: Housing Authority of Kansas City" in heads
    assert not {"Defendant: Housing Authority", "Defendant: Hospital", "Defendant: Commissioner of Personnel"} & set(
        heads
    )


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("United States acting", "United States"),
        ("Tanager, Inc., Order", "Tanager, Inc."),
        ("Matthew Fong, Treasurer, State of California, sued", "Matthew Fong, Treasurer, State of California"),
        ("Housing Authority of Kansas City, et aI", "Housing Authority of Kansas City"),
    ],
)
def test_a_party_name_ends_before_the_words_its_line_runs_on_into(written, name):
    from gavel_agent.offline.registry import DocInfo
    from gavel_agent.offline.rules.parties import parties

    text = f"Plaintiff\nJohn Doe        represented by Jane Roe\n\nDefendant\n{written}        represented by Ann Poe\n"
    values = [f.value for f in parties(text, DocInfo(name="02-docket"))]
    assert f"Defendant: {name}" in values, values


def test_a_facility_running_text_says_people_are_held_at_is_a_candidate_the_model_weighs_apart():
    from gavel_agent.offline.registry import DocInfo
    from gavel_agent.offline.rules.parties import FACILITY_CONFIDENCE, parties

    text = (
        "This action is brought on behalf of the residents of the Beatrice State Home.\n\n"
        "Plaintiff is presently confined at the Hartford Juvenile\nDetention Center (the Center).\n\n"
        "DETAINEES OF THE BROOKLYN HOUSE OF DETENTION FOR MEN sue.\n\n"
        "He was later held in the Special Housing Unit and lives in New York City; inmates at the county jail complain.\n\n"
        "Residents of the Detention Center and of the Boulder County Jail sue."
    )
    found = {f.value: f.confidence for f in parties(text, DocInfo(name="01-complaint"))}
    wanted = {
        "Defendant: Beatrice State Home",
        "Defendant: Hartford Juvenile Detention Center",
        "Defendant: Brooklyn House of Detention for Men",
    }
    assert set(found) == wanted, found
    assert {found[v] for v in wanted} == {FACILITY_CONFIDENCE}


def test_a_party_named_by_its_short_form_is_named_as_the_paper_defined_it_or_not_at_all():
    from gavel_agent.offline.registry import DocInfo
    from gavel_agent.offline.rules.parties import parties

    text = (
        "Plaintiffs sue the U.S. Department of Health and Human Services (“HHS”) and others.\n\n"
        "Defendant HHS is an executive department of the United States.\n\n"
        "Defendant OMB is a federal agency."
    )
    heads = [f.value.split(" (")[0] for f in parties(text, DocInfo(name="01-complaint"))]
    assert heads == ["Defendant: U.S. Department of Health and Human Services"]


@pytest.mark.parametrize(
    ("title", "value"),
    [
        ("RESOLUTION AGREEMENT BETWEEN THE UNITED STATES AND THE CITY OF HOUSTON\nConcerning", "City of Houston"),
        ("Memorandum of Agreement between the United States and Lorain County, Ohio\n\nI.", "Lorain County, Ohio"),
        ("SETTLEMENT AGREEMENT BETWEEN PLAINTIFFS AND DEFENDANT, Essex County,", None),
        ("AGREEMENT BETWEEN THE CITY OF HOUSTON AND ITS POLICE UNION", None),
    ],
)
def test_an_agreements_title_names_the_side_that_settles_with_the_suing_side(title, value):
    from gavel_agent.offline.rules.parties import agreement_parties

    found = [f.value for f in agreement_parties(title)]
    assert found == ([f"Defendant: {value}"] if value else [])
