"""The offline model reads the case's docket document: the first entry's day as the filing date."""

from __future__ import annotations

import json
import tempfile

import pytest

import gavel_agent

COMPLAINT_TEXT = (
    "UNITED STATES DISTRICT COURT\nEASTERN DISTRICT OF LOUISIANA\nJane Doe, Plaintiff, v. City of Gretna, Defendant.\n"
    "COMPLAINT\n1. Jane Doe sues the City of Gretna for keeping her in jail without a hearing.\n"
    "Respectfully submitted this 12th day of January, 2023.\n/s/ Ann Lawyer\n"
)


# A district docket numbers its entries 1, 2, ...; a court of appeals' CM/ECF docket by document id.
DISTRICT_NUMBERS = ("1", "2", "12")
APPELLATE_NUMBERS = ("1207854707", "1207854717", "1207854731")


def record(first_entry: str, numbers: tuple[str, str, str] = DISTRICT_NUMBERS) -> dict:
    entries = [
        {"entry_number": numbers[0], "date_filed": "2023-01-17", "description": first_entry},
        {"entry_number": numbers[1], "date_filed": "2023-01-18", "description": "Summons Issued as to City of Gretna."},
        {
            "entry_number": numbers[2],
            "date_filed": "2023-05-02",
            "description": "ORDER granting 9 Motion to Dismiss. Signed by Judge Carl J Barbier on 5/2/2023.",
        },
    ]
    return {
        "case_id": 4242,
        "case_data": {"name": "Doe v. Gretna", "main_docket": {"docket_entries": entries}},
        "documents": [
            {"title": "Complaint", "document_type": "Complaint", "date": "2023-01-12", "text": COMPLAINT_TEXT},
        ],
    }


def filing_date(tmp_path, monkeypatch, first_entry: str, numbers: tuple[str, str, str] = DISTRICT_NUMBERS):
    path = tmp_path / "case_4242.json"
    path.write_text(json.dumps(record(first_entry, numbers)), encoding="utf-8")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    checklist = gavel_agent.extract(path, items="filing_date")
    return checklist.items["filing_date"][0]


@pytest.mark.parametrize(
    "first_entry",
    [
        "COMPLAINT against City of Gretna (Filing fee $ 402) filed by Jane Doe. (Attachments: # 1 Civil Cover Sheet)",
        "Class Action COMPLAINT against City of Gretna filed by Jane Doe.",
        "NOTICE OF REMOVAL from 24th Judicial District Court, case number 23-114, filed by City of Gretna.",
    ],
)
def test_the_docket_first_pleading_entry_gives_the_filing_date_over_the_complaints_signature(
    tmp_path, monkeypatch, first_entry
):
    value = filing_date(tmp_path, monkeypatch, first_entry)
    assert value.value == "January 17, 2023"
    evidence = value.evidence[0]
    assert evidence.document == "docket" and evidence.quote.startswith("1 | 2023-01-17 | ")
    assert value.support == "states"  # the ISO day in the line states the date


def test_a_first_entry_that_is_no_pleading_does_not_outrank_the_complaint(tmp_path, monkeypatch):
    value = filing_date(tmp_path, monkeypatch, "MOTION for Leave to Proceed in forma pauperis by Jane Doe.")
    assert value.value == "January 12, 2023"
    assert value.evidence[0].document != "docket"


def test_a_docket_numbered_by_document_id_opens_with_its_first_line_when_that_is_the_pleading(tmp_path, monkeypatch):
    first_entry = "PETITION FOR REVIEW [1635527] filed of a decision by federal agency filed by Jane Doe."
    value = filing_date(tmp_path, monkeypatch, first_entry, APPELLATE_NUMBERS)
    assert value.value == "January 17, 2023"
    assert value.evidence[0].document == "docket" and value.evidence[0].quote.startswith("1207854707 | 2023-01-17 | ")


@pytest.mark.parametrize(
    "first_entry",
    [
        "ORDER denying motion to dismiss the complaint. Signed by Judge Carl J Barbier.",
        "PETITION for attorney fees by Jane Doe.",
        "AMENDED COMPLAINT against City of Gretna filed by Jane Doe.",
    ],
)
def test_a_docket_numbered_otherwise_whose_first_line_is_another_paper_gives_no_filing_date(
    tmp_path, monkeypatch, first_entry
):
    value = filing_date(tmp_path, monkeypatch, first_entry, APPELLATE_NUMBERS)
    assert value.value == "January 12, 2023"  # the complaint's own account
    assert value.evidence[0].document != "docket"


def test_a_judge_signing_docket_entries_is_named_with_an_entry_as_evidence(tmp_path, monkeypatch):
    case = record("COMPLAINT against City of Gretna filed by Jane Doe.")
    case["case_data"]["main_docket"]["docket_entries"].append(
        {
            "entry_number": "20",
            "date_filed": "2023-08-09",
            "description": "JUDGMENT entered in favor of City of Gretna. Signed by Judge Carl J Barbier on 8/9/2023.",
        }
    )
    # A judge a pleading names in a sentence (another case's) is not the case's judge once the docket says who signed.
    case["documents"][0]["text"] += "As Judge Ann Smith held in Roe v. Gretna, detention needs a hearing.\n"
    path = tmp_path / "case_4242.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    judges = gavel_agent.extract(path, items="judge_name").items["judge_name"]
    assert [v.value for v in judges] == ["Carl J. Barbier"]
    evidence = judges[0].evidence[0]
    assert evidence.document == "docket"
    assert evidence.quote.startswith(("12 | 2023-05-02 | ORDER granting", "20 | 2023-08-09 | JUDGMENT"))
    assert evidence.quote.endswith("Signed by Judge Carl J Barbier")


def test_a_notice_of_related_case_on_the_docket_gives_the_other_cases_number(tmp_path, monkeypatch):
    case = record("COMPLAINT against City of Gretna filed by Jane Doe.")
    case["case_data"]["main_docket"]["docket_entries"].append(
        {
            "entry_number": "4",
            "date_filed": "2023-01-20",
            "description": "NOTICE OF RELATED CASE by Jane Doe. Case related to Case No. 2:23-cv-00147. (Lawyer, Ann)",
        }
    )
    path = tmp_path / "case_4242.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    related = gavel_agent.extract(path, items="related_case_numbers").items["related_case_numbers"]
    assert [v.value for v in related] == ["No. 2:23-cv-00147"]
    assert related[0].evidence[0].document == "docket"
