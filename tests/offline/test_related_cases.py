"""Related and consolidated cases: how the bench matches a value to a coded related case."""

from __future__ import annotations

import pytest

from gavel_agent.evaluators.checklist import crlc_reference as crlc
from gavel_agent.offline.registry import DocInfo, get_extractor

ORDER = DocInfo("order", "Opinion and Order", "Order/Opinion", "2019-08-07")


def values(item: str, text: str) -> list[str]:
    extract = get_extractor("gavel", item)
    assert extract is not None
    return list(dict.fromkeys(f.value for f in extract(text, ORDER)))


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
        # a citation's abbreviations, cut ("Corr.", "Am.") or contracted ("Dep't")
        ("Wright v. Corrections Corporation of America", "Wright v. Corr. Corp. of Am., No. 1:00-CV-00293"),
        (
            "Southern Education Foundation v. U.S. Department of Education",
            "S. Educ. Found. v. U.S. Dep’t of Educ., No. 1:25-cv-01079-PLF",
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
        ("Texas v. United States Department of Homeland Security", "Texas v. Dep’t of Labor, No. 24-CV-306"),
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


def test_a_hearing_joined_to_the_trial_on_the_merits_is_no_consolidated_case():
    text = (
        "In Dellinger v. Bessent, No. 25-cv-00385, the court ordered that the Court's consideration of the motion"
        " for preliminary injunction will be consolidated with consideration of the merits pursuant to Federal"
        " Rule of Civil Procedure 65(a)(2).\n"
        "This action is consolidated with Doe v. Roe, No. 1:20-cv-00123, for all purposes."
    )
    assert values("consolidated_cases", text) == ["Consolidated with No. 1:20-cv-00123", "Consolidated with Doe v. Roe"]


def test_an_agency_docket_is_no_case_and_a_caption_cited_past_its_number_is_a_precedent():
    text = (
        "The actions were consolidated with the petitions against the Order on Reconsideration, WC Docket"
        " No. 12-375, FCC 16-102.\n"
        "The cases may be consolidated to avoid that burden (quoting Wood v. Johnson & Johnson, No. WDQ-12-1572,"
        " 2012 WL 3240934, at *3 (D. Md. 2012))."
    )
    assert values("consolidated_cases", text) == []


def test_the_cases_own_number_is_no_related_case_whatever_paper_cites_it():
    from gavel_agent.checklists import load_spec
    from gavel_agent.offline.policy import plan
    from gavel_agent.tools.calls import DocumentRead, DocumentRow, ToolResult
    from gavel_agent.tools.search import Hit

    listing = [DocumentRow("order", "Order", "Order/Opinion", "2025-05-13", 5000, 0.0)]
    text = (
        "See Transcript of Record, Southern Education Foundation v. U.S. Department of Education, Case No. 25-1079.\n"
        "This case is related to Mid-Atlantic Equity Consortium v. U.S. Department of Education, No. 1:25-cv-01407.\n"
    )
    # The task gives the case's own number (its identity); every search hits the order.
    steps = plan(load_spec("gavel"), ["related_case_numbers"], "1:25-cv-01079-PLF")
    next(steps)
    batch = steps.send([ToolResult("", "", data=listing)])
    batch = steps.send([ToolResult("", "", data=[Hit("order", 0, 40, 0, 200, 1.0, text)]) for _ in batch])
    reads = [
        ToolResult("", "", data=DocumentRead("order", args["start_token"], args["end_token"], 5000, 0, len(text), text))
        for _, args in batch
    ]
    writes = [call[1] for call in steps.send(reads) if call[0] == "append_checklist"]
    assert [v["value"] for w in writes for v in w["values"]] == [
        "Mid-Atlantic Equity Consortium v. U.S. Department of Education, No. 1:25-cv-01407"
    ]


def test_a_first_party_named_with_et_al_before_the_v():
    text = (
        "The court issued a preliminary injunction in National Council of Nonprofits, et al. v. Office of \n"
        "Management and Budget, et al., Case No. 1:25-cv-00239-LLA, ordering that.\n"
        "o. Gray, et al., v. City of New York, et al., 21-cv-06610 (CM)(GWG)."
    )
    assert values("related_case_numbers", text) == [
        "National Council of Nonprofits v. Office of Management and Budget, No. 1:25-cv-00239-LLA",
        "Gray v. City of New York, No. 21-cv-06610",
    ]


def test_a_related_case_number_from_a_cover_sheet_or_a_docket_notice():
    cover = (
        "RELATED CASE(S) (See instructions) \nIF ANY Murphy et al v Jeffreys Judge  Kendall Case Number  16-cv-11471\n"
        "X.Is this a previously dismissed or remanded case?"
    )
    assert values("related_case_numbers", cover) == ["No. 16-cv-11471"]
    notice = "06/26/2014 7 NOTICE of Related Case(s) 12-01282, by Defendant City of Seattle. (Narver, Gregory)"
    assert values("related_case_numbers", notice) == ["No. 12-01282"]


def test_a_suit_cited_as_authority_is_no_related_case_unless_its_sentences_call_it_one():
    text = (
        "Courts have already enjoined the directive as ultra vires. See State of New York v. Trump,"
        " No. 1:25-cv-00039-JJM (D.R.I. 2025); see also Aziz v. Trump, No. 1:17-cv-116 (E.D. Va. 2017).\n"
        "The rule is the subject of a related case assigned to me, to be heard on October 23, 2023."
        "  See Dalen v. Harpstead, No. 23-cv-1877.\n"
        "COE filed a separate lawsuit against the Department. See COE v. U.S. Dep’t of Educ., et al.,"
        " No. 1:25-cv-03491-TSC (D.D.C.)."
    )
    assert values("related_case_numbers", text) == [
        "Dalen v. Harpstead, No. 23-cv-1877",
        "COE v. U.S. Dep’t of Educ., No. 1:25-cv-03491-TSC",  # the caption starts after the signal
    ]
