"""The case's identity (court, docket number), class certification rulings and the natures of relief:
the rules that read them, and the Clearinghouse coding they are compared with."""

from __future__ import annotations

import json

from gavel_agent.case import load_case
from gavel_agent.case_identity import case_identity, court_mentions, docket_mentions
from gavel_agent.evaluators.checklist import crlc_reference as crlc
from gavel_agent.offline.registry import DocInfo, get_extractor
from gavel_agent.offline.rules.class_action import (
    CERTIFICATION_DENIED,
    CERTIFIED,
    certification_first,
    certification_ruling,
)

ORDER = DocInfo("order", "Order", "Order/Opinion", "2019-08-07")
DOCKET = DocInfo("docket", "Docket", "Docket", "2020-01-01")

# -- case identity ------------------------------------------------------------------------------


def _case(tmp_path, documents: dict[str, tuple[str, str]]):
    """A case folder: name -> (date, text)."""
    meta = {"documents": {}}
    for name, (day, text) in documents.items():
        (tmp_path / f"{name}.txt").write_text(text, encoding="utf-8")
        meta["documents"][f"{name}.txt"] = {"title": name, "type": "Order/Opinion", "date": day}
    (tmp_path / "case.json").write_text(json.dumps(meta), encoding="utf-8")
    return load_case(tmp_path)


def test_court_names_from_captions_in_the_codings_spelling():
    def names(text: str) -> list[str]:
        return [m.value for m in court_mentions(text, "doc")]

    assert names("UNITED STATES DISTRICT COURT\nFOR THE SOUTHERN DISTRICT OF NEW YORK\nJOHN DOE,") == [
        "Southern District of New York"
    ]
    assert names("IN THE UNITED STATES DISTRICT COURT FOR THE DISTRICT OF COLUMBIA") == ["District of Columbia"]
    assert names("United States District Court, W.D. North Carolina, Statesville Division.") == [
        "Western District of North Carolina"
    ]
    assert names("United States Court of Appeals, Fourth Circuit.") == ["U.S. Court of Appeals for the Fourth Circuit"]
    assert names("The plaintiffs cite Smith v. Jones, 12 F.3d 1 (S.D.N.Y. 1999).") == []


def test_a_docket_number_is_the_papers_own_stamp_or_caption_number():
    stamp = "Case 1:25-cv-01248-RC Document 17 Filed 05/07/25 Page 1 of 33\nsee also Case No. 24-cv-00001"
    assert [m.value for m in docket_mentions(stamp, "doc")] == ["1:25-cv-01248-RC"]
    caption = "JANE ROE,\nPlaintiff,\nv.\nCivil Action No. 05-2324\nCITY OF OAKLAND"
    assert [m.value for m in docket_mentions(caption, "doc")] == ["05-2324"]
    assert docket_mentions("The court decided the motion on 05/07/2025.", "doc") == []


def test_the_case_identity_is_the_trial_courts_with_verifiable_quotes(tmp_path):
    district = "UNITED STATES DISTRICT COURT\nFOR THE DISTRICT OF OREGON\n\nCase No. 3:21-cv-01187-HRC\n"
    appeal = "UNITED STATES COURT OF APPEALS FOR THE NINTH CIRCUIT\n\nNo. 22-35001\nCase No. 22-35001\n"
    case = _case(
        tmp_path,
        {"complaint": ("2021-03-15", district), "appeal": ("2022-01-03", appeal), "order": ("2021-09-08", district)},
    )
    identity = case_identity(case)
    assert identity.court.value == "District of Oregon"
    assert identity.docket_number.value == "3:21-cv-01187-HRC"
    for stated in (identity.court, identity.docket_number):
        ev = stated.evidence
        assert case.document(ev.document).text[ev.start_char : ev.end_char] == ev.quote
    assert identity.court.evidence.document == "complaint"  # the earliest document that names it


def test_a_case_whose_documents_name_no_court_has_an_empty_identity(tmp_path):
    identity = case_identity(_case(tmp_path, {"letter": ("2020-01-01", "Dear counsel, thank you for your letter.")}))
    assert identity.court is None and identity.docket_number is None


# -- class certification ------------------------------------------------------------------------


def _values(text: str, doc: DocInfo = ORDER) -> list[str]:
    return list(dict.fromkeys(f.value for f in get_extractor("gavel", "class_action")(text, doc)))


def _ruling(text: str, doc: DocInfo = ORDER) -> list[str]:
    """The certification rulings a text states (a motion for certification also says a class was sought)."""
    return [v for v in _values(text, doc) if v in (CERTIFIED, CERTIFICATION_DENIED)]


def test_certification_granted_and_denied_as_orders_and_docket_entries_state_them():
    assert _ruling("03/02/2010 45 ORDER granting 30 Motion to Certify Class. Signed by Judge Ann Lee.", DOCKET) == [
        CERTIFIED
    ]
    assert _ruling("For these reasons, Plaintiffs' Motion for Class Certification is DENIED.") == [CERTIFICATION_DENIED]
    assert _ruling("ORDER denying 12 Motion to Certify Class. Signed by Judge Ann Lee.", DOCKET) == [
        CERTIFICATION_DENIED
    ]
    assert _ruling("The Court declines to certify the class proposed by plaintiffs.") == [CERTIFICATION_DENIED]
    assert _ruling("The Court GRANTS Plaintiffs' motion for class certification.") == [CERTIFIED]
    # A motion denied as moot was never ruled on: the class was only sought.
    assert _values("The motion for class certification is DENIED as moot.") == ["Plaintiffs: Class action"]
    assert _ruling("This action is hereby certified as a class action under Rule 23(b)(2).") == [CERTIFIED]
    assert _ruling("On March 10, 1978, the court certified the case as a class action.") == [CERTIFIED]
    assert _ruling("03/30/2001 8 ORDER FOR CLASS ACTION CERTIFICATION by Chief Judge Terry C. Kern", DOCKET) == [
        CERTIFIED
    ]
    # A complaint's prayer asks for the ruling; it is no ruling.
    prayer = "Plaintiffs pray for an order certifying this action as a class action pursuant to Rule 23."
    assert _ruling(prayer, DocInfo("complaint", "Complaint", "Complaint", "2010-01-01")) == []


def _row(value: str, day: str | None) -> dict:
    return {"value": value, "doc_date": day}


def test_the_last_certification_ruling_qualifies_a_chosen_class_action():
    rows = [
        _row("Plaintiffs: Class action", "2010-01-01"),
        _row(CERTIFICATION_DENIED, "2011-05-01"),
        _row(CERTIFIED, "2012-07-01"),  # a renewed motion, granted later
    ]
    assert certification_ruling(rows) == 2
    assert certification_first([0], rows) == [2, 0]
    individual = [_row("Plaintiffs: Individual", "2010-01-01"), _row(CERTIFIED, "2012-07-01")]
    assert certification_first([0], individual) == [0]  # whether a class was sought is the model's to say
    assert certification_first([0], rows[:1]) == [0]


# -- the coding -----------------------------------------------------------------------------------

RECORD = {
    "case_id": 7,
    "case_data": {
        "court": "District of District of Columbia",
        "main_docket": {"docket_year": 2025, "docket_filing_number": 1248, "docket_number_manual": "1:25-cv-01248"},
        "class_action_granted": "Denied",
        "relief_natures": ["Injunction / Injunctive-like Settlement", "Damages", "Unknown"],
        "prevailing_party": "Unknown",
    },
}


def test_identity_and_outcome_fields_of_the_coding():
    coded = crlc.coded_case(RECORD)
    assert (coded.court, coded.docket_year, coded.docket_serial) == ("District of District of Columbia", 2025, 1248)
    assert coded.class_action_granted == "Denied" and crlc.certification_state("Denied") == "denied"
    assert coded.relief_natures == ["Injunction / Injunctive-like Settlement", "Damages"]
    assert coded.prevailing_party is None  # "Unknown" is no answer
    assert crlc.coded_case({"case_data": {"court": "No Court"}}).court is None
    sought = {**RECORD, "case_data": {**RECORD["case_data"], "class_action_sought": "Yes"}}
    assert crlc.reference_checklist(sought)["class_action"] == ["Class action (class certification denied)"]


def test_a_written_court_states_the_coded_one():
    assert crlc.court_stated("District of District of Columbia", ["District of Columbia"])
    assert crlc.court_stated(
        "Southern District of New York", ["United States District Court for the Southern District of New York"]
    )
    assert not crlc.court_stated("Southern District of New York", ["Eastern District of New York"])
    assert crlc.court_stated("California state trial court", ["Superior Court of California, County of Alameda"])
    assert not crlc.court_stated("California state supreme court", ["Superior Court of California, County of Alameda"])
    assert crlc.court_stated("New York state trial court", ["Supreme Court of the State of New York, County of Kings"])


def test_a_written_docket_number_states_the_coded_main_docket():
    coded = crlc.coded_case(RECORD)
    for written in ("1:25-cv-01248-RC", "25-cv-1248", "No. 25 Civ. 1248", "Civil Action No. 2025-01248"):
        assert crlc.docket_stated(coded, [written]), written
    assert not crlc.docket_stated(coded, ["1:25-cv-01249-RC"])
    assert not crlc.docket_stated(coded, ["1:24-cv-01248"])
    manual_only = crlc.CodedCase(case="8", docket_number="SW 2006-002213")
    assert crlc.docket_stated(manual_only, ["Case No. SW2006-002213"])


def test_checklist_values_state_natures_of_relief():
    values = {
        "decree_dates": [
            "May 5, 2009: Consent Decree entered",
            "June 1, 2008: Order Denying Motion for Prelim. Injunction entered",
        ],
        "settlement_terms": ["The County will pay compensatory damages to the Plaintiffs."],
        "court_rulings": ["Motion for preliminary injunction denied (June 1, 2008)"],
    }
    assert crlc.natures_stated(values) == {"Injunction / Injunctive-like Settlement", "Damages"}
    fees = {"decree_terms": ["Each party shall bear its own attorneys' fees and costs."]}
    assert "Attorneys fees" not in crlc.natures_stated(fees)
    granted = {"court_rulings": ["Motion for preliminary injunction granted (June 1, 2008)"]}
    assert crlc.natures_stated(granted) == {"Preliminary injunction / Temp. restraining order"}
