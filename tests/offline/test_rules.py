"""The offline model's GAVEL rule extractors on hand-written snippets, and one offline run end to end."""

from __future__ import annotations

import asyncio
import re

import pytest

from gavel_agent.checklists import load_spec
from gavel_agent.evaluators.checklist import crlc_reference as crlc
from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge
from gavel_agent.evaluators.checklist.readers import read_checklists
from gavel_agent.offline.item_plan import ItemPlan, item_plan
from gavel_agent.offline.registry import DocInfo, get_extractor
from gavel_agent.offline.rules.counsel import MENTION_CONFIDENCE
from gavel_agent.offline.rules.party_captions import caption_parties, docket_parties
from gavel_agent.offline.rules.text import matching_sentences, paper_title


def _plan(key: str) -> ItemPlan:
    return item_plan("gavel", load_spec("gavel").item(key))


COMPLAINT = DocInfo("complaint", "Class Action Complaint", "Complaint", "2018-10-15")
ORDER = DocInfo("order", "Opinion and Order", "Order/Opinion", "2019-08-07")
DOCKET = DocInfo("docket", "Docket", "Docket", "2020-01-01")


def run(item: str, text: str, doc: DocInfo = COMPLAINT) -> list:
    findings = get_extractor("gavel", item)(text, doc)
    for f in findings:  # the contract every extractor keeps: quotes are verbatim and long enough
        assert f.quote in text and len(f.quote.strip()) >= 8, f
    return findings


def values(item: str, text: str, doc: DocInfo = COMPLAINT) -> list[str]:
    """Distinct values in order (the policy merges repeats of a value into one entry)."""
    return list(dict.fromkeys(f.value for f in run(item, text, doc)))


# -- filing date ------------------------------------------------------------------------


def test_filing_date_from_the_first_entry_stamp():
    text = "Case 1:18-cv-01823-CL    Document 1    Filed 10/15/18    Page 1 of 15\nIN THE UNITED STATES DISTRICT COURT"
    assert values("filing_date", text, ORDER)[0] == "October 15, 2018"


def test_filing_date_from_a_docket_sheet_head():
    text = "Date Filed # Docket Text\n06/08/2005 1  CLASS ACTION COMPLAINT against Contra Costa County\n06/09/2005 2 SUMMONS"
    found = run("filing_date", text, DOCKET)
    assert max(found, key=lambda f: f.confidence).value == "June 8, 2005"


def test_filing_date_from_a_later_docket_complaint_entry():
    # The clerk opened the case on a declaration (entry 1); the complaint is entry 5, days later. Only the
    # first complaint entry is read: a later "COMPLAINT" (a member case's) says nothing of the filing.
    text = (
        "Date Filed # Docket Text\n01/18/2006 1  Declaration in support of motion for appointment of counsel\n"
        "01/27/2006 4  Record of filing fee payments.\n01/27/2006 5  COMPLAINT against DEVON BROWN, filed by GEORGE RILEY\n"
        "03/02/2007 61  COMPLAINT against JOHN ROE, filed by PAUL DOE\n"
    )
    entries = {f.value: f.confidence for f in run("filing_date", text, DOCKET) if f.quote.endswith("COMPLAINT")}
    assert entries == {"January 27, 2006": 0.9}


def test_filing_date_docket_complaint_entry_one_comes_first():
    text = "Date Filed # Docket Text\n06/08/2005 1  COMPLAINT against the County\n07/01/2005 9  COMPLAINT against X\n"
    entries = [f.value for f in run("filing_date", text, DOCKET) if f.quote.endswith("COMPLAINT")]
    assert entries == ["June 8, 2005"]


@pytest.mark.parametrize(
    "sheet, expected",
    [
        (
            "DOCKET ENTRY\nFiled Date Docket Entry / Representing Participant Type Filed By\n"
            "March 30, 2020 Application for Extraordinary Relief Under the Court's King's Bench Jurisdiction",
            "March 30, 2020",
        ),
        (
            "Case Number S261701\nDate Description Notes\n04/15/2020 Petition for writ of mandate filed\n04/16/2020 Informal response",
            "April 15, 2020",
        ),
        (
            "No.  2834-N\nDate Order or\nDATS PROCEEDINGS\nJudgment Note\n1/23/69 ORDER that Clerk file plaintiffs' complaint\n"
            "2/6/69 Defendants' motion to dismiss.",
            "January 23, 1969",
        ),
    ],
)
def test_filing_date_from_the_first_entry_under_other_courts_docket_heads(sheet, expected):
    found = run("filing_date", sheet, DOCKET)
    assert max(found, key=lambda f: f.confidence).value == expected


def test_filing_date_from_a_complaints_signature_date():
    text = "COUNSEL FOR PLAINTIFFS\nPublic Defender Service\n451 Indiana Avenue N.W.\nDATED: March 1, 1985\n- 42 -"
    same_day = DocInfo("complaint", "Complaint", "Complaint", "1985-03-01")
    (signed,) = run("filing_date", text, same_day)
    assert signed.value == "March 1, 1985" and "DATED: March 1, 1985" in signed.quote and signed.confidence > 0.95
    # Signed days before the listing's filing date, the signature is only a weak candidate.
    later = DocInfo("complaint", "Complaint", "Complaint", "1985-03-04")
    assert max(f.confidence for f in run("filing_date", text, later) if f.value == "March 1, 1985") < 0.9
    # Docket entries printed with the complaint carry the court's entry dates, not the pleader's signature.
    printed = text + "\nORDER granting motion. Signed by Judge Ann Lee. (LW)\n(Entered: 11/19/2019)"
    assert "November 19, 2019" not in values("filing_date", printed, same_day)


def test_filing_date_from_a_narrative_sentence_but_not_from_an_amended_complaint():
    assert "November 4, 1971" in values(
        "filing_date", "On November 4, 1971, plaintiffs instituted this action and sought relief.", ORDER
    )
    assert values("filing_date", "Plaintiffs filed their amended complaint on March 1, 2017.", ORDER) == []
    joined = "He became a plaintiff on August 16, 2018, when he joined this action and filed a consent."
    assert values("filing_date", joined, ORDER) == []


def test_filing_date_of_an_amended_complaint_stamp_ranks_low():
    amended = DocInfo("amended", "First Amended Complaint", "Complaint", "2017-03-01")
    (finding,) = [f for f in run("filing_date", "Case 4:16-cv-3577 Document 1 Filed 03/01/17 Page 1", amended)]
    assert finding.confidence < 0.5
    supplemental = DocInfo("complaint", "Supplemental Complaint for Declaratory Relief", "Complaint", "2006-11-15")
    found = run("filing_date", "SUPPLEMENTAL COMPLAINT\nCase 1:78-cv-1 Document 1 Filed 11/15/06 Page 1", supplemental)
    assert found and max(f.confidence for f in found) < 0.5  # a later pleading: its stamp and listing date rank low


def test_filing_date_prefers_the_complaints_own_date_over_a_docket_header():
    header = "Crutchfield v. Wright  Date Filed: 08/08/1988\nAssigned to: Judge J. Frederick Motz"
    (from_header,) = run("filing_date", header, DOCKET)
    complaint = DocInfo("complaint", "Complaint", "Complaint", "1988-08-03")
    (from_listing,) = run("filing_date", "FORM TO BE USED BY A PRISONER IN FILING A COMPLAINT", complaint)
    assert from_header.value == "August 8, 1988" and from_listing.value == "August 3, 1988"
    assert from_listing.confidence > from_header.confidence


def test_filing_date_from_a_state_docket_header_not_from_its_newest_entry():
    # A state court's case history lists its newest paper first: the header's "File Date" tells when
    # the case opened, the first row under the column heads does not.
    sheet = (
        "Case Number: SW2006-002213 Judge:\nFile Date: 9/21/2006 Location: Downtown\nCase Documents\n"
        "Filing Date Description Docket Date Filing Party\n12/2/2014 DEW - Disposition Of Exhibit Worksheet 12/2/2014\n"
        "7/22/2014 LED - 2.8 (d) Letter 7/30/2014"
    )
    assert values("filing_date", sheet, DOCKET) == ["September 21, 2006"]


def test_filing_date_from_a_typed_dockets_year_line():
    # Old typed dockets write the year once, above the entries' month and day.
    sheet = "DATE PROCEEDINGS\n1972\nSep 28 1.  Complaint.\n2.  Request for Trial at Lincoln.\nOct 11 3.  Summons"
    assert values("filing_date", sheet, DOCKET) == ["September 28, 1972"]
    later = "1974\nJan 8 35. Stipulation for extension of time\nJan 9 36.  Complaint in intervention"
    assert values("filing_date", later, DOCKET) == []


def test_filing_date_from_procedural_histories_and_applications():
    history = (
        "These proceedings were initiated by the filing of Plaintiffs' Class Action Complaint "
        "for Declaratory and Injunctive Relief on October 8, 2015 in the Superior Court."
    )
    assert values("filing_date", history, ORDER) == ["October 8, 2015"]
    assert values(
        "filing_date", "Pursuant to a January 5, 1995 class action complaint, plaintiffs sought relief.", ORDER
    ) == ["January 5, 1995"]
    fisa = "The Application, which was submitted to the Court on June 19, 2014, by the FBI, seeks an order."
    assert values("filing_date", fisa, ORDER) == ["June 19, 2014"]
    assert values("filing_date", "Defendants filed a motion to dismiss with the Court on June 19, 2014.", ORDER) == []


def test_filing_date_from_an_opinions_opening_on_the_paper_before_the_court():
    """An ex parte matter opens with a submission an opinion names by its long quoted title; an opinion
    that opens on a motion, or on an amended paper, names a later filing."""
    opening = (
        'This matter is before the Foreign Intelligence Surveillance Court ("FISC" or "Court") on\n'
        "the \"Government's Ex Parte Submission of Reauthorization Certifications and Related\n"
        'Procedures, and Request for an Order Approving Such Certifications," which was filed on July 15, 2015\n'
        '("July 15, 2015 Submission").'
    )
    assert values("filing_date", opening, ORDER) == ["July 15, 2015"]
    motion = "This matter is before the Court on Defendants' Motion to Dismiss the Complaint, which was filed on May 2, 2016."
    assert values("filing_date", motion, ORDER) == []
    amended = "This case is before the Court on the Amended Petition, which was filed on May 2, 2016."
    assert values("filing_date", amended, ORDER) == []


# -- parties, class action, counsel -------------------------------------------------------------

CAPTION = """IN THE UNITED STATES DISTRICT COURT
EASTERN DISTRICT OF LOUISIANA
____________________________________
UNITED STATES OF AMERICA,  )
Plaintiff,  )  Civil Action No.  2:23-cv-735
v.  )
DENKA PERFORMANCE ELASTOMER, LLC and DUPONT SPECIALTY  )
PRODUCTS USA, LLC,  )
Defendants.  )
COMPLAINT
"""


def test_parties_from_a_caption():
    got = values("parties", CAPTION)
    assert "Plaintiff: United States of America" in got
    assert any(v.startswith("Defendant: Denka Performance Elastomer") for v in got)
    assert any(v.startswith("Defendant: Dupont Specialty") for v in got)


DOCKET_PARTIES = """Cause: 42:2000 Job Discrimination (Sex) Jurisdiction: Federal Question
Plaintiff
Plaintiff
EQUAL EMPLOYMENT OPPORTUNITY  represented by  Maria Lopez
COMMISSION  US Equal Employment Opportunity Commission
350 The Embarcadero
LEAD ATTORNEY
V.
Defendant
Harbor Regional Jail  represented by  Jeff Rosen
Authority  Pender & Coward PC
LEAD ATTORNEY
Defendant
Warden Andrew Phoenix
TERMINATED: 05/04/1992
Defendant
15. Defendant RAYMOND KELLY is and was, at all times, the Commissioner.
Defendant
January 22, 1997
"""


def test_a_citation_in_an_opinion_is_not_a_caption():
    text = (
        "The plaintiff relies on respondeat superior.\n"
        "See Dobbs v. Smith, 800 F.2d 1097, 1098 (5th Cir. 1970). As the Defendants note, that is not enough."
    )
    assert values("parties", text, ORDER) == []
    supreme = "The plaintiff class relies on\nGoss v. Iowa, 419 U.S. 565 (1975) for the rule the Defendants contest."
    assert values("parties", supreme, ORDER) == []


def test_caption_names_lose_addresses_capacities_and_descriptions():
    text = (
        "AMERICA FIRST LEGAL FOUNDATION,\n611 Pennsylvania Ave. SE #231\nWashington, DC 20003,\n\n"
        "Plaintiff  Civil Action No.: 25-1232\n\nv.\n\n"
        "KRISTI NOEM, in her official capacity as Secretary of Homeland Security, 245 Murray Lane, SW, Washington, DC 20528;\n"
        "CITY OF PORTLAND, an Oregon municipal corporation,\n\nDefendants."
    )
    assert values("parties", text) == [
        "Plaintiff: America First Legal Foundation",
        "Defendant: Kristi Noem, Secretary of Homeland Security",
        "Defendant: City of Portland",
    ]


def test_an_agency_name_joined_by_and_stays_one_party():
    text = (
        "ANNIE ROE,\n\nPlaintiff,\n\nv.\n\n"
        "FRANK TORTI, Acting Commissioner of the Food\nand Drug Administration, and CITY OF NEWARK,\n\nDefendants."
    )
    got = values("parties", text)
    assert "Defendant: Frank Torti, Acting Commissioner of the Food and Drug Administration" in got
    assert "Defendant: City of Newark" in got
    assert "Defendant: Drug Administration" not in got


def test_a_defendant_beside_a_papers_title_and_above_its_address():
    text = (
        "ENVIRONMENTAL DEFENSE FUND,\n257 Park Ave. S.\nNew York, NY 10010,  Civil Action No.\n\nPlaintiff,\n\n"
        "v.  COMPLAINT FOR DECLARATORY\n  AND INJUNCTIVE RELIEF\nUNITED STATES ENVIRONMENTAL\nPROTECTION AGENCY,\n"
        "1200 Pennsylvania Ave., NW,\nWashington, DC 20460,\n\nDefendant."
    )
    assert values("parties", text) == [
        "Plaintiff: Environmental Defense Fund",
        "Defendant: United States Environmental Protection Agency",
    ]


def test_running_text_of_a_two_column_opinion_is_not_a_name_but_a_description_is_kept():
    text = (
        "Dee FARMER, Plaintiff-Appellant,\nv.\nDr. HAAS, Edward Brennan and L.E. Dubois,\n"
        "estrogen hormones because the risks outweighed\nDefendants-Appellees."
    )
    assert [f.value for f in caption_parties(text)] == [
        "Plaintiff: Dee FARMER",
        "Defendant: Dr. HAAS, Edward Brennan",
        "Defendant: L.E. Dubois",
    ]
    young = "The Young doctrine applies where a\nPlaintiff,\nv.\nJOHN DOE,\nDefendant."
    assert [f.value for f in caption_parties(young)] == ["Defendant: John Doe"]
    described = (
        "JANE ROE,\nPlaintiff,\nv.\nJIM MATHERON, in his individual and official capacities,\n"
        "MARY POE, as Director of the Department of Corrections,\nDefendants."
    )
    assert [f.value for f in caption_parties(described)] == [
        "Plaintiff: Jane Roe",
        "Defendant: Jim Matheron",
        "Defendant: Mary Poe, as Director of the Department of Corrections",
    ]


def test_the_parties_item_keeps_defendants_named_by_institution_or_office_not_bare_persons():
    text = (
        "JANE ROE,\nPlaintiff,\nv.\nJIM MATHERON,\nPOLLY DARNALL, Executive Director,\n"
        "MARY POE, individually and in her official capacity as Director of the Department of Corrections,\n"
        "COUNTY OF LAKE,\nDefendants."
    )
    assert values("parties", text) == [
        "Plaintiff: Jane Roe",
        "Defendant: Mary Poe, Director of the Department of Corrections",
        "Defendant: County of Lake",
    ]
    sentences = (
        "Defendant Margie Quin, acting in her official capacity as Commissioner of the Department of Children's"
        " Services, oversees foster care. "
        "Defendant Kristi Noem is sued in her official capacity as the Secretary of Homeland Security. "
        "Defendant Tom Smith resides in Nashville."
    )
    assert [v.split(" (")[0] for v in values("parties", sentences)] == [
        "Defendant: Margie Quin",
        "Defendant: Kristi Noem",
    ]
    assert "Commissioner of the Department" in values("parties", sentences)[0]


def test_an_agency_name_joined_by_and_is_one_defendant():
    text = (
        "JANE ROE,\nPlaintiff,\nv.\nUNITED STATES DEPARTMENT OF HEALTH AND HUMAN SERVICES; U.S. IMMIGRATION AND\n"
        "CUSTOMS ENFORCEMENT; CITY OF CHICAGO and JOHN SMITH,\nDefendants."
    )
    assert [f.value for f in caption_parties(text)] == [
        "Plaintiff: Jane Roe",
        "Defendant: United States Department of Health and Human Services",
        "Defendant: U.S. Immigration and Customs Enforcement",
        "Defendant: City of Chicago",
        "Defendant: John Smith",
    ]


def test_an_agency_name_joined_by_and_runs_on_to_its_short_name_or_the_word_naming_the_body():
    text = (
        "JANE ROE,\nPlaintiff,\nv.\nJOHN DOE, Executive Commissioner of the Texas Health and Human Services\n"
        "Commission; U.S. IMMIGRATION AND CUSTOMS ENFORCEMENT ICE; CITY OF PROVIDENCE and HOUSING AUTHORITY OF\n"
        "THE CITY OF PROVIDENCE,\nDefendants."
    )
    assert [f.value for f in caption_parties(text)] == [
        "Plaintiff: Jane Roe",
        "Defendant: John Doe, Executive Commissioner of the Texas Health and Human Services Commission",
        "Defendant: U.S. Immigration and Customs Enforcement ICE",
        "Defendant: City of Providence",  # one public function's word before "Authority": a new body
        "Defendant: Housing Authority of the City of Providence",
    ]


def test_a_courts_heading_run_into_a_captions_names_is_no_party():
    from gavel_agent.offline.rules.party_captions import party_name

    text = "JANE ROE,\nPlaintiff,\nv.\nSOUTHERN DISTRICT OF MISSISSIPPI JOHN M. WAGES; DISTRICT OF COLUMBIA; MARY POE,\nDefendants."
    assert [f.value for f in caption_parties(text)] == [
        "Plaintiff: Jane Roe",
        "Defendant: District of Columbia",
        "Defendant: Mary Poe",
    ]
    assert party_name("Michelle Warren, Court Use Only") is None  # a state court form's box beside the name
    assert party_name("United States District Court for the District of Arizona, Tucson") is None


def test_a_two_column_opinion_caption_skips_the_running_text_beside_it():
    text = (
        "Dwight ARMSTRONG et al., Plaintiffs, \nResting  jurisdiction  upon  28  U.S.C.A.  and \nv. \n"
        "The BOARD OF EDUCATION OF the CITY OF \ncase brought a class action against defendants essentially \n"
        "BIRMINGHAM, JEFFERSON COUNTY, \nto  enjoin  them  from  continuing  their  policy \n"
        "ALABAMA,et al., Defendants. \n"
    )
    assert [f.value for f in caption_parties(text) if f.value.startswith("Defendant")] == [
        "Defendant: The BOARD OF EDUCATION OF the CITY OF BIRMINGHAM",
        "Defendant: Jefferson County",
    ]


def test_an_investigation_letters_subject_names_the_investigated_institutions_not_their_places():
    letter = DocInfo("findings", "Findings Letter", "Findings Letter/Report", "2004-03-17")
    text = (
        "Raleigh, NC 27603\nRe:  North Carolina's Public Mental Health Hospitals,\nDorothea Dix Hospital in Raleigh, Broughton\n"
        "Hospital in Morganton, and John Umstead Hospital in Butner\nDear Governor Easley:\nOn June 20, 2001, we notified you."
    )
    assert values("parties", text, letter) == [
        "Defendant: North Carolina's Public Mental Health Hospitals",
        "Defendant: Dorothea Dix Hospital",
        "Defendant: Broughton Hospital",
        "Defendant: John Umstead Hospital",
    ]
    montana = "Re: CRIPA Investigation of the Mountain View School for Girls\nHelena, Montana\nDear Governor Racicot:"
    assert values("parties", montana, letter) == ["Defendant: Mountain View School for Girls"]
    # The same subject line in an order is not an investigation letter's.
    assert values("parties", montana, ORDER) == []


def test_running_text_about_a_plaintiff_is_not_a_caption():
    text = (
        "A named plaintiff in a class action must show a real injury. See G.A. Enterprises, Inc. v. Leisure\n"
        "Living Communities, Inc. (adequacy under Rule 23(a)(4) and Rule 23.1 are the same).\nDefendant"
    )
    assert values("parties", text, ORDER) == []


def test_parties_from_a_docket_reports_party_list():
    got = [f.value for f in docket_parties(DOCKET_PARTIES)]
    # A repeated side label, a name wrapped onto the next line beside the lawyers' column, and
    # neither a "TERMINATED" note nor a complaint's numbered paragraph taken for a party.
    assert got == [
        "Plaintiff: Equal Employment Opportunity Commission",
        "Defendant: Harbor Regional Jail Authority",
        "Defendant: Warden Andrew Phoenix",
    ]
    # The parties item keeps the jail's authority, not the warden named by a bare title.
    assert values("parties", DOCKET_PARTIES, DOCKET)[1:] == ["Defendant: Harbor Regional Jail Authority"]


def test_filing_date_told_in_an_opinions_narrative():
    assert values(
        "filing_date", "Employment ceased with the filing of their complaint on February 12, 1982.", ORDER
    ) == ["February 12, 1982"]
    assert values("filing_date", "The suit was begun March 14, 1964. Answer was filed later.", ORDER) == [
        "March 14, 1964"
    ]
    assert values("filing_date", "The motion was begun March 14, 1964.", ORDER) == []


def test_counsel_in_an_opinions_reporter_style_lines():
    text = (
        "Louis L. Redding, Wilmington, for plaintiffs. H. Albert Young, Attorney General, for defendants.\n"
        "Jane Roe, American Civil Liberties Union of Delaware, Wilmington, for plaintiffs-appellees."
    )
    got = values("type_of_counsel", text, ORDER)
    assert "Plaintiff: Public interest nonprofit (ACLU)" in got
    # Named lawyers and no organisation of the table: a private-counsel candidate, not the defendants' lawyer.
    assert "Plaintiff: Private (Louis L. Redding)" in got
    assert not any("Young" in v or "Government" in v for v in got)
    # Outside an opinion the reporter-style line is not read.
    assert values("type_of_counsel", "Louis L. Redding, Wilmington, for plaintiffs.", DOCKET) == []


def test_class_action_sought_certified_and_refused():
    sought = (
        "Plaintiffs bring this action on behalf of themselves and all others similarly situated under Rule 23(b)(2)."
    )
    assert values("class_action", sought) == ["Plaintiffs: Class action"]
    certified = "The motion is granted and the class is hereby certified."
    assert values("class_action", certified, ORDER) == ["Plaintiffs: Class action (class certified)"]
    refused = "Plaintiff does not seek class certification; no class action was sought in this case."
    assert values("class_action", refused, ORDER) == ["Plaintiffs: Individual (no class action sought)"]
    assert values("class_action", "The officers were similarly situated to the plaintiff in rank.", ORDER) == []
    assert values(
        "class_action", "1. This is a class action brought under 42 U.S.C. § 1983 on behalf of juveniles."
    ) == ["Plaintiffs: Class action"]
    cover_sheet = "VII. REQUESTED IN COMPLAINT: CHECK IF THIS IS A CLASS ACTION UNDER RULE 23, F.R.Cv.P."
    assert values("class_action", cover_sheet) == []
    barred = "The statute precludes the Court from \ncertifying a class in any action of this kind."
    assert values("class_action", barred, ORDER) == []
    # An equal-protection comparison names no class; a caption's "and all others similarly situated" does.
    compared = "Plaintiff must allege that she was treated differently from others similarly situated."
    assert values("class_action", compared, ORDER) == []
    caption = "JOHN DOE, on his own behalf and\nall others similarly situated,\nPlaintiff,"
    assert values("class_action", caption) == ["Plaintiffs: Class action"]
    docket = "06/28/2004  #6  MOTION to Certify Petitioner Class filed by Petitioners."
    assert values("class_action", docket, ORDER) == ["Plaintiffs: Class action"]


def test_counsel_from_the_plaintiffs_signature_block_only():
    text = """Respectfully submitted,
/s/ Jane Roe
AMERICAN CIVIL LIBERTIES UNION OF OREGON
Portland, OR 97201
Attorneys for Plaintiffs

/s/ John Doe
SMITH & JONES LLP
Attorneys for Defendants
"""
    got = values("type_of_counsel", text)
    assert got == ["Plaintiff: Public interest nonprofit (ACLU)"]
    doj = "CLARE WUERKER\nCivil Rights Division\nU.S. Department of Justice\nAttorneys for the United States"
    assert values("type_of_counsel", doj) == ["Plaintiff: Government attorneys (U.S. Department of Justice)"]
    assert values("type_of_counsel", "MARY SMITH, Plaintiff, pro se, hereby complains as follows.") == [
        "Plaintiff: Pro se"
    ]


def test_counsel_from_a_complaints_signature_block_without_a_side_marker():
    block = (
        "The United States further prays for such additional relief as the interests of justice may require.\n"
        "Respectfully submitted,\nERIC HOLDER\nAttorney General\nCOTY R. MILLER\nTrial Attorney\n"
        "United States Department of Justice\nCivil Rights Division\n950 Pennsylvania Avenue, N.W."
    )
    assert values("type_of_counsel", block) == ["Plaintiff: Government attorneys (U.S. Department of Justice)"]
    ag = "Respectfully submitted,\nMERRICK B. GARLAND\nAttorney General of the\nUnited States\nJANE ROE\nAttorney General of Oregon\n"
    assert values("type_of_counsel", ag) == [
        "Plaintiff: Government attorneys (U.S. Department of Justice)",
        "Plaintiff: Government attorneys (Attorney General of Oregon)",
    ]
    # Only a complaint's own signature block speaks for the plaintiffs: a defendant's brief is signed by its lawyers.
    brief = DocInfo("brief", "Defendants' Motion to Dismiss", "Pleading / Motion / Brief", "2019-01-01")
    assert values("type_of_counsel", block, brief) == []


def test_counsel_from_a_docket_plaintiffs_entry_but_not_the_defendants():
    got = values("type_of_counsel", DOCKET_PARTIES, DOCKET)
    # The EEOC's lawyers are found in its entry, and the EEOC suing is itself government counsel;
    # the jail's private firm is the defence.
    assert got == ["Plaintiff: Government attorneys (EEOC)"]


def test_counsel_from_a_docket_whose_header_wraps_a_side_word_above_the_first_entry():
    docket = (
        "Cause: 28:2241 Petition for Writ of Habeas Corpus  Jurisdiction: U.S. Government\nDefendant\nPlaintiff\n"
        "Blanca Jeronimo Sis  represented by Rebecca Ruth Wolozin\nLegal Aid Justice Center (Falls\nChurch)\n"
        "6066 Leesburg Pike\nV.\nDefendant\nScott Lloyd  represented by Dennis Barghaan\n"
    )
    assert values("type_of_counsel", docket, DOCKET) == [
        "Plaintiff: Public interest nonprofit (Legal Aid Justice Center)"
    ]
    assert "Plaintiff: Blanca Jeronimo Sis" in values("parties", docket, DOCKET)


def test_counsel_from_a_complaints_first_page_above_the_courts_name_and_from_signatures():
    first_page = (
        "Case 6:21-cv-06125-SOH   Document 2     Filed 09/02/21   Page 1 of 35 PageID #: 2\nPhil Telfeyan\n"
        "Equal Justice Under Law\n400 7th St. NW, Suite 602\nWashington, D.C. 20004\n(202) 505-2058\n"
        "IN THE UNITED STATES DISTRICT COURT\nWESTERN DISTRICT OF ARKANSAS\nJANE ROE,\nPlaintiff,\nv.\nHOT SPRING COUNTY,\nDefendant."
    )
    assert values("type_of_counsel", first_page) == ["Plaintiff: Public interest nonprofit (Equal Justice Under Law)"]
    # A page stamp above the court's name is no lawyer's block.
    assert (
        values("type_of_counsel", first_page.replace("Equal Justice Under Law\n", "").replace("(202) 505-2058\n", ""))
        == []
    )
    signed = (
        "Dated this 1st day of July 2022.\n/s/ Thomas Dickson\nThomas Dickson, Bar # 03800\n\nMeetra Mehdizadeh*\n"
        "Center for Reproductive Rights\n199 Water Street\nNew York, NY 10038"
    )
    assert values("type_of_counsel", signed) == [
        "Plaintiff: Public interest nonprofit (Center for Reproductive Rights)"
    ]
    # An order's signatures are not the plaintiffs' lawyers: the organisation is only a weak mention.
    assert [f.confidence for f in run("type_of_counsel", signed, ORDER)] == [MENTION_CONFIDENCE]


def test_a_state_courts_caption_in_capitals_is_a_state_law_claim_and_names_the_case_court():
    from gavel_agent.case_identity import court_mentions

    caption = "IN THE SUPERIOR COURT OF THE STATE OF CALIFORNIA\nCOUNTY OF ALAMEDA\nJANE ROE,\nPlaintiff,"
    assert "State law" in values("cause_of_action", caption)
    assert [m.value for m in court_mentions(caption, "complaint")] != []
    # A line that names a state court in ordinary letters (a brief's citation, a reporter's heading) is
    # no caption of this case's own: it says nothing of the claims, though it may name the case's court.
    heading = "Remanded from the\nSuperior Court of California, County of Alameda\nto this Court."
    assert "State law" not in values("cause_of_action", heading)
    assert [m.value for m in court_mentions(heading, "opinion")] != []
    federal = "IN THE UNITED STATES DISTRICT COURT FOR THE DISTRICT OF OREGON\nJANE ROE,\nPlaintiff,"
    assert "State law" not in values("cause_of_action", federal)


def test_a_government_plaintiff_is_represented_by_government_lawyers():
    caption = "IN THE SUPERIOR COURT OF ARIZONA\nSTATE OF ARIZONA,\nPlaintiff,\nv.\nWESTERN UNION FINANCIAL SERVICES, INC.,\nDefendant."
    assert values("type_of_counsel", caption) == ["Plaintiff: Government attorneys (State of Arizona)"]
    private = caption.replace("STATE OF ARIZONA", "STATE FARM MUTUAL INSURANCE CO.")
    assert values("type_of_counsel", private) == []


def test_the_government_applying_to_the_surveillance_court_has_government_lawyers():
    fisc = (
        "UNITED STATES\nFOREIGN INTELLIGENCE SURVEILLANCE COURT\nWASHINGTON, D.C.\nIN RE APPLICATION OF THE FEDERAL\n"
        "BUREAU OF INVESTIGATION FOR AN  Docket Number: BR 14-96\nORDER REQUIRING THE PRODUCTION\nOF TANGIBLE THINGS"
    )
    assert values("type_of_counsel", fisc, ORDER) == ["Plaintiff: Government attorneys (U.S. Department of Justice)"]
    # A brief that talks about the court's review of the government's applications is not its caption.
    brief = (
        "Recent opinions issued by the\nForeign Intelligence Surveillance Court (“FISC”) address issues raised by the\n"
        "agencies’ applications to conduct Section 702 surveillance."
    )
    assert values("type_of_counsel", brief, ORDER) == []


def test_the_office_that_wrote_a_findings_letter_stands_for_the_plaintiff():
    letter = "U.S. Department of Justice\nCivil Rights Division\nRe: Investigation of the Harrison County Youth Detention Center"
    findings = DocInfo("findings", "Findings Letter", "Findings Letter/Report", "2009-06-01")
    assert values("type_of_counsel", letter, findings) == [
        "Plaintiff: Government attorneys (U.S. Department of Justice)"
    ]
    assert values("type_of_counsel", letter, ORDER) == []  # an order mentioning the Division is not its letter


# -- legal foundation ---------------------------------------------------------------------------------


def test_causes_of_action_and_rights_are_told_apart():
    text = (
        "This action arises under 42 U.S.C. § 1983 and Title II of the Americans with Disabilities Act. "
        "Defendants violated the Due Process Clause of the Fourteenth Amendment and the Eighth Amendment."
    )
    causes = values("cause_of_action", text)
    assert "42 U.S.C. § 1983" in causes and "Americans with Disabilities Act (ADA)" in causes
    basis = values("statutory_basis", text)
    assert "Fourteenth Amendment – Due Process Clause" in basis
    assert "Eighth Amendment – Cruel and Unusual Punishments Clause" in basis
    assert "42 U.S.C. § 1983" not in basis  # a vehicle, not a right


def test_causes_from_a_docket_header_and_a_state_court_caption():
    docket = "Jury Demand: None\nCause: 42:1983 Civil Rights Act Nature of Suit: 550 Prisoner\n"
    assert values("cause_of_action", docket, DOCKET) == ["42 U.S.C. § 1983"]
    employment = "Cause: 42:2000 Job Discrimination (Sex) Nature of Suit: 442"
    assert values("cause_of_action", employment, DOCKET) == [
        "Title VII of the Civil Rights Act of 1964, 42 U.S.C. § 2000e"
    ]
    assert values("cause_of_action", "Cause: 28:1331 Federal Question", DOCKET) == []
    cover = (
        "VI. CAUSE OF ACTION (CITE THE U.S. CIVIL STATUTE UNDER WHICH THE CASE IS FILED AND WRITE A BRIEF "
        "STATEMENT OF CAUSE)  42 U.S.C.  1983 Conditions of confinement. ATTORNEYS"
    )
    assert values("cause_of_action", cover, DOCKET) == ["42 U.S.C. § 1983"]
    assert values("cause_of_action", "Filed order under 42 U.S.C. 1983 granting leave.", DOCKET) == []
    state = "IN THE CHANCERY COURT FOR DAVIDSON COUNTY\nJANE ROE, Plaintiff,\nv.\nBILL LEE, Defendant."
    assert values("cause_of_action", state) == ["State law"]
    federal = (
        "IN THE UNITED STATES COURT OF APPEALS\nFOR THE NINTH CIRCUIT\n"
        "UNITED STATES COURT OF APPEALS FOR THE FIFTH CIRCUIT\nSUPREME COURT OF THE UNITED STATES"
    )
    assert values("cause_of_action", federal, ORDER) == []


def test_statutes_cited_as_scans_and_cover_sheets_write_them():
    # "U" read as "O" or "D", the section sign read as "s" or "$", no spaces: the statute is read, and
    # the finding quotes the sentence as written (the quote must be found again in the document).
    ocr = "207. 42 OSC 1983 provides that any person acting under color of state law is liable."
    (finding,) = run("cause_of_action", ocr)
    assert finding.value == "42 U.S.C. § 1983" and "42 OSC 1983" in finding.quote
    assert values("cause_of_action", "Plaintiffs sue under 42 DSC 1983.") == ["42 U.S.C. § 1983"]
    assert values("cause_of_action", "This action arises under 42 U.S.C. s 3601.") == [
        "Fair Housing Act, 42 U.S.C. § 3601"
    ]
    assert values("cause_of_action", "Defendants violated 42 U.S.C. $3604.") == ["Fair Housing Act, 42 U.S.C. § 3601"]
    cover = (
        "VI. CAUSE OF ACTION (CITE THE U.S. CIVIL STATUTE UNDER WHICH THE CASE IS FILED AND WRITE A BRIEF "
        "STATEMENT OF CAUSE) 15U.S.C.Section1691etseq. Credit discrimination"
    )
    assert values("cause_of_action", cover, DOCKET) == ["Equal Credit Opportunity Act, 15 U.S.C. § 1691"]
    # A reporter's year is no code section, nor is a state code's.
    assert values("cause_of_action", "See Lyons, 461 U.S. 95 (1983); S.C. Code 1983 applies.") == []


def test_statutes_cited_without_a_section_sign_or_in_a_list_and_color_of_state_law():
    assert values("cause_of_action", "This civil action is authorized by 42 U.S.C. 1983 and 28 U.S.C. 2201.") == [
        "42 U.S.C. § 1983",
        "Declaratory Judgment Act, 28 U.S.C. § 2201",
    ]
    assert "42 U.S.C. § 1983" in values("cause_of_action", "Plaintiffs sue under 42 U.S.C. §§ 1981, 1982 and 1983.")
    acting = "At all times the defendants acted under color of state law and deprived plaintiffs of their rights."
    assert values("cause_of_action", acting) == []
    pleaded = "Defendants, acting under color of state law, also violated state law and 42 U.S.C. § 1983."
    assert "State law" in values("cause_of_action", pleaded)


def test_official_capacity_defendants_are_an_ex_parte_young_claim():
    caption = "JOHN SMITH, in his official capacity as Secretary of the Department of Corrections, Defendant."
    assert "Ex parte Young (official-capacity claims)" in values("cause_of_action", caption)


def test_amendments_named_together_are_each_a_basis():
    text = "Defendants violated the plaintiffs' Fourth and/or Eighth Amendment rights. The law violates the First, Fifth, and Ninth Amendments."
    assert set(values("statutory_basis", text)) >= {
        "Fourth Amendment – unreasonable searches and seizures",
        "Eighth Amendment – Cruel and Unusual Punishments Clause",
        "First Amendment",
        "Fifth Amendment",
        "Ninth Amendment",
    }


def test_federal_due_process_is_the_fifth_amendment_and_ideas_are_not_statutes():
    basis = values("statutory_basis", "The rule violates the due process guarantee of the Fifth Amendment.")
    assert basis == ["Fifth Amendment – Due Process Clause"]
    assert values("cause_of_action", "Plaintiffs had a good idea about the claims in this case.") == []


def test_remedies_come_from_the_prayer_for_relief():
    text = (
        "PRAYER FOR RELIEF\nWHEREFORE, Plaintiffs respectfully request that the Court:\n"
        "a. Declare that the policy is unconstitutional;\nb. Preliminarily and permanently enjoin Defendants;\n"
        "c. Award reasonable attorneys' fees and costs under 42 U.S.C. § 1988."
    )
    got = values("remedy_sought", text)
    assert {
        "Declaratory judgment",
        "Preliminary injunction",
        "Permanent injunction",
        "Attorneys' fees and costs",
    } <= set(got)


# -- the court ---------------------------------------------------------------------------------------------


def test_judge_from_a_signature_line_and_a_docket_header():
    assert values("judge_name", "IT IS SO ORDERED.\n/s/ Rebecca Beach Smith\nUNITED STATES DISTRICT JUDGE", ORDER) == [
        "Rebecca Beach Smith"
    ]
    docket = "Assigned to: Judge Carl J. Barbier\nReferred to: Magistrate Judge Michael North\nCause: 42:7401"
    assert values("judge_name", docket, DOCKET) == ["Carl J. Barbier", "Michael North"]
    assert values("judge_name", "The City of Houston Police Department moved to dismiss.", ORDER) == []


def test_reported_opinion_of_this_case_but_not_a_cited_precedent():
    head = "Blake v. City of Grants Pass, Slip Copy (2020)\n2020 WL 6060925\nOnly the Westlaw citation is currently available.\n"
    assert values("reported_opinions", head, ORDER) == ["2020 WL 6060925"]
    cited = "The Ninth Circuit has held otherwise. See Martin v. City of Boise, 920 F.3d 584, 617 (9th Cir. 2019)."
    assert values("reported_opinions", cited, ORDER) == []


def test_related_case_numbers_skip_the_case_itself():
    text = (
        "Case 2:23-cv-00735-CJB-MBN Document 111 Filed 11/08/23 Page 1 of 3\n"
        "A related petition for review is pending in the D.C. Circuit, No. 24-1135. "
        "This case, No. 2:23-cv-00735, is stayed."
    )
    assert values("related_case_numbers", text, ORDER) == ["No. 24-1135"]


def test_related_cases_named_with_their_numbers_but_not_cited_precedents_or_own_headings():
    text = (
        "Other suits arise from the same protests, including: h. Sow et al v. City of New York et al, "
        "20-cv-00533 (CM)(GWG); i. Payne et al v. De Blasio et al, 20-cv-8924 (CM)(GWG).\n"
        "The order was entered in Stauber v. City of \nNew York, 03 Civ. 9163, on March 31, 2008.\n"
        "See Horrigan v. Thompson, No. 96-4138, 1998 WL 246008, at *2 (6th Cir. 1998).\n"
        "Case Name: Garvey v. MacDonald et al\nCase Number: 3:07-cv-30049\n"
    )
    assert values("related_case_numbers", text, ORDER) == [
        "Sow v. City of New York, No. 20-cv-00533",
        "Payne v. De Blasio, No. 20-cv-8924",
        "Stauber v. City of New York, No. 03 Civ. 9163",
    ]


def test_court_rulings_and_filings_from_docket_entries():
    text = "05/02/2023 25 MOTION to Dismiss for Lack of Jurisdiction by DuPont.\n07/03/2023 41 ORDER denying 25 Motion to Dismiss. Signed by Judge Carl J. Barbier."
    assert values("court_rulings", text, DOCKET) == ["Motion to dismiss denied (July 3, 2023)"]
    # the entry names its movant after the paper
    assert values("important_filings", text, DOCKET) == ["Motion to dismiss by DuPont (filed May 2, 2023)"]


def test_a_ruling_beside_a_notice_of_appeal_is_not_the_notice_granted():
    text = (
        "10/06/2010 66 ORDER from U.S. Court of Appeals re 59 Notice of Appeal filed by George Saieg - Disposition: It is"
        " ORDERED that the motion to expedite oral argument be and it hereby is GRANTED.\n"
        "07/03/2011 70 ORDER denying 25 Motion to Dismiss. Signed by Judge Carl J. Barbier."
    )
    assert values("court_rulings", text, DOCKET) == ["Motion to dismiss denied (July 3, 2011)"]


def test_a_docket_response_to_a_motion_is_not_the_motion():
    text = (
        "05/02/2023 25 MOTION to Dismiss for Lack of Jurisdiction by DuPont.\n"
        "05/30/2023 31 RESPONSE in Opposition re 25 MOTION to Dismiss filed by Plaintiffs.\n"
        "06/06/2023 | 33 | Consolidated Reply to Motion to Dismiss 25. Filed by DuPont.\n"
        "06/07/2023 34 ANSWER to 20 Amended Complaint. Filed by DuPont.\n"
        "06/09/2023 35 Joint MOTION for Preliminary Injunction and Brief in Support by Plaintiffs."
    )
    assert values("important_filings", text, DOCKET) == [
        "Motion to dismiss by DuPont (filed May 2, 2023)",
        "Motion for preliminary injunction by Plaintiffs (filed June 9, 2023)",
    ]


def test_a_docket_entry_names_its_movant_and_a_hearing_is_no_filing():
    text = (
        "10/16/2023 | 231 | MOTION to Enforce Settlement Agreement and for Further Relief. Filed by all Plaintiffs."
        " (Attachments: # 1 Declaration of Priya Raman) (Entered: 10/16/2023)\n"
        "12/12/2023 | 247 | MINUTES of Proceedings: Evidentiary Hearing held on 12/12/2023 on Motion to Enforce 231."
        " Judge Helen R. Castellano presiding.\n"
        "01/19/2024 | 252 | OPINION AND ORDER: Plaintiffs' Motion to Enforce Settlement Agreement 231 is GRANTED IN"
        " PART and DENIED IN PART. Signed on 1/19/2024 by Judge Helen R. Castellano.\n"
        "02/01/2024 | 255 | MOTION to Modify Scheduling Order by Riverside County.\n"
        "03/01/2024 | 260 | MOTION to Enforce Consent Decree by Plaintiffs."
    )
    assert values("important_filings", text, DOCKET) == [
        "Motion to enforce by Plaintiffs (filed October 16, 2023)",
        "Motion to modify by Riverside County (filed February 1, 2024)",
        "Motion to enforce by Plaintiffs (filed March 1, 2024)",
    ]
    # Changing a scheduling order is no dispute over a settlement; enforcing a decree is one over an order,
    # which the item leaves out.
    assert values("enforcement_disputes", text, DOCKET) == [
        "October 16, 2023: Plaintiffs: Motion to enforce Settlement Agreement and for Further Relief",
        "January 19, 2024: Motion to enforce; granted in part and denied in part",
    ]


def test_a_motion_to_enforce_is_a_dispute_by_its_heading_and_a_legal_standard_is_none():
    motion = DocInfo("motion", "Motion to Enforce", "Pleading / Motion / Brief", "2023-10-16")
    heading = "Case No. 3:21-cv-01187-HRC\n\nPLAINTIFFS' MOTION TO ENFORCE {} AND FOR FURTHER RELIEF\n\n"
    standard = "A party may be held in civil contempt when it has violated a specific and definite order of the court."
    assert values("enforcement_disputes", heading.format("SETTLEMENT AGREEMENT") + standard, motion) == [
        "October 16, 2023: Plaintiffs: Motion to enforce settlement agreement and for further relief"
    ]
    assert values("enforcement_disputes", heading.format("CONSENT DECREE") + standard, motion) == []


def test_a_request_for_contempt_is_ruled_on_as_itself():
    text = (
        "IT IS ORDERED that Plaintiffs' Motion to Enforce the Settlement Agreement (ECF 231) is GRANTED IN PART.\n\n"
        "5. The request to hold the County Defendants in civil contempt is DENIED without prejudice."
    )
    assert values("enforcement_disputes", text, ORDER) == [
        "August 7, 2019: Motion to enforce; granted in part",
        "August 7, 2019: Motion for contempt; denied",
    ]
    # in an order on a decree's enforcement, the contempt it refuses is over the decree too
    on_a_decree = DocInfo(
        "order", "Opinion and Order on Motion to Enforce Consent Decree", "Order/Opinion", "2019-08-07"
    )
    assert values("enforcement_disputes", text, on_a_decree) == []


def test_an_undated_ruling_takes_the_filing_stamp_of_its_page():
    text = (
        "Case 3:21-cv-01187-HRC     Document 252     Filed 01/19/24     Page 3 of 4\n\n"
        "IT IS ORDERED that Plaintiffs' Motion to Enforce Consent Decree (ECF 231) is GRANTED IN PART and DENIED IN"
        " PART, as follows:"
    )
    motion = DocInfo("motion", "Motion to Enforce and Order", "Pleading / Motion / Brief", "2023-10-16")
    assert values("court_rulings", text, motion) == [
        "Motion to enforce granted in part and denied in part (January 19, 2024)"
    ]


def test_the_complaint_opens_the_important_filings():
    stamp = "Case 1:18-cv-01823-CL    Document 1    Filed 10/15/18    Page 1 of 30\nCLASS ACTION COMPLAINT"
    assert values("important_filings", stamp) == ["Complaint (filed October 15, 2018)"]
    # A later paper's passing mention of a filing is not certain enough to stand for the complaint.
    passing = "Plaintiffs brought this suit on October 15, 2018, and moved for class certification."
    assert "Complaint (filed October 15, 2018)" not in values("important_filings", passing, ORDER)


def test_a_ruling_takes_its_motion_from_the_sentences_before_it():
    text = (
        "Plaintiffs bring this Motion for Class Certification (#25) pursuant to Fed. R. Civ. P. 23. "
        "For the reasons below, Plaintiffs' motion is GRANTED."
    )
    found = run("court_rulings", text, ORDER)
    assert [f.value for f in found] == ["Motion for class certification granted (August 7, 2019)"]
    assert found[0].quote.startswith("Motion for Class Certification")  # the quote shows which motion
    title = "ORDER GRANTING PLAINTIFFS' UNOPPOSED MOTION FOR ATTORNEYS' FEES AND COSTS"
    assert values("court_rulings", title, ORDER) == ["Motion for attorneys' fees granted (August 7, 2019)"]


def test_appeals_say_who_appealed_where_the_record_does():
    docket = "08/05/1983 97  NOTICE OF APPEAL to the Sixth Circuit Court of Appeals as to 88 Judgment by U.S. Dept. of H.U.D."
    assert values("appeals", docket, DOCKET) == ["U.S. Dept. of H.U.D. appealed to the Sixth Circuit (August 5, 1983)"]
    narrative = "The City of Grants Pass appealed to the Ninth Circuit, which affirmed."
    assert values("appeals", narrative, ORDER) == ["The City of Grants Pass appealed to the Ninth Circuit: affirmed"]
    anonymous = "The Tenth Circuit affirmed the class certification order on interlocutory appeal."
    assert values("appeals", anonymous, ORDER) == ["Appeal to the Tenth Circuit: affirmed"]
    precedent = "In Smith v. Jones, the defendants appealed to the Ninth Circuit, which reversed."
    assert values("appeals", precedent, ORDER) == []


def test_one_appeal_is_one_value_and_the_court_of_appeals_decision_is_its_own():
    from gavel_agent.offline.rules.appeals import dated_appeal_over_caption

    docket = (
        "02/15/2024 | 259 | NOTICE OF APPEAL to the 9th Circuit from Opinion and Order 252.\n"
        "02/16/2024 | 260 | USCA Case Number 24-1093 for Notice of Appeal 259 filed by Raymond T. Caldwell.\n"
        "12/09/2024 | 293 | MEMORANDUM of USCA as to Notice of Appeal 259 filed by Raymond T. Caldwell. AFFIRMED. "
        "The order is not a prisoner release order.\n"
    )
    # "9th" and "Ninth" are one court; an entry pointing back to notice 259 is no second appeal by Caldwell.
    assert values("appeals", docket, DOCKET) == [
        "Appeal to the Ninth Circuit (February 15, 2024)",
        "Ninth Circuit memorandum: affirmed (December 9, 2024)",
    ]
    # Which court of appeals "USCA" is: the one the docket's notices name, else none is named.
    two_courts = docket.replace(
        "02/15/2024 | 259 |", "02/15/2024 | 259 | NOTICE OF APPEAL to the Federal Circuit.\n02/15/2024 | 258 |"
    )
    assert "Court of appeals memorandum: affirmed (December 9, 2024)" in values("appeals", two_courts, DOCKET)
    # The circuit "USCA" stands for is quoted too: the entry that names it is the decision's second passage.
    decision = next(f for f in run("appeals", docket, DOCKET) if "memorandum" in f.value)
    assert decision.also == (
        ("docket", "02/15/2024 | 259 | NOTICE OF APPEAL to the 9th Circuit from Opinion and Order 252."),
    )
    assert all(not f.also for f in run("appeals", two_courts, DOCKET))
    # An appellate caption's undated value gives way to a dated appeal to the same court, not to another's.
    rows = [{"value": v} for v in ("Appeal to the Ninth Circuit", "Appeal to the Ninth Circuit (February 15, 2024)")]
    assert dated_appeal_over_caption([0, 1], rows) == [1]
    rows[1]["value"] = "Appeal to the Fourth Circuit (February 15, 2024)"
    assert dated_appeal_over_caption([0, 1], rows) == [0, 1]
    rows = [
        {"value": v} for v in ("Appeal to the Ninth Circuit: affirmed", "Appeal to the Ninth Circuit (May 1, 2020)")
    ]
    assert dated_appeal_over_caption([0, 1], rows) == [0, 1]  # the outcome is news
    # The court of appeals' orders on briefing are no decision; one telling the outcome is.
    briefing = "03/01/2024 | 270 | ORDER of USCA granting Appellants' motion for an extension of time.\n"
    assert values("appeals", briefing, DOCKET) == []
    decided = "03/01/2024 | 270 | ORDER of USCA as to Notice of Appeal 259: appeal DISMISSED for want of prosecution.\n"
    assert values("appeals", decided, DOCKET) == ["Court of appeals order: dismissed (March 1, 2024)"]


def test_a_docket_entry_pointing_back_to_a_notice_is_no_new_appeal_and_usca_papers_are_decisions():
    docket = (
        "01/24/2001 53 NOTICE OF APPEAL by Augustine Betancourt ; from [52-1] order .\n"
        "11/17/2006 USCA Appeal Fees received $ 455 re 53 Notice of Appeal filed by Augustine Betancourt.\n"
        "06/23/2006 82 MANDATE of USCA (Certified Copy) as to 53 Notice of Appeal, filed by Augustine Betancourt.\n"
        "03/25/2010 52 USCA JUDGMENT as to 53 Notice of Appeal filed by Augustine Betancourt; that the judgment "
        "of the District Court is affirmed.\n"
        "06/26/2006 Transmission of USCA Mandate/Order to the District Judge re: 82 USCA Mandate.\n"
    )
    assert values("appeals", docket, DOCKET) == [
        "Augustine Betancourt appealed (January 24, 2001)",
        "Court of appeals mandate (June 23, 2006)",
        "Court of appeals judgment: affirmed (March 25, 2010)",
    ]
    # Old dockets name the court of appeals "9th CCA".
    notice = "03/11/2009 40 NOTICE OF APPEAL to the 9th CCA filed by Plaintiffs Charles Gallagher, Marin Apothecary."
    assert values("appeals", notice, DOCKET) == ["Plaintiffs appealed to the Ninth Circuit (March 11, 2009)"]
    # A state's supreme court is named as the state's, and is no circuit for the docket's "USCA".
    state = "McClain then appealed to the Nebraska Supreme Court, which held that the county court lacked power."
    assert values("appeals", state, ORDER) == ["Appeal to the Nebraska Supreme Court"]


def test_an_appeal_whose_window_names_no_court_went_to_the_court_the_case_s_other_values_name():
    from gavel_agent.offline.rules.appeals import appeals_of_the_case, case_circuit, court_of_the_case

    rows = [
        {"value": v}
        for v in (
            "Appeal to the Sixth Circuit",
            "Elnora Carthan appealed to the Sixth Circuit: reversed (July 28, 2017)",
            "All Plaintiffs appealed (February 6, 2017)",
            "Court of appeals mandate (August 20, 2017)",
            "The plaintiffs appealed",
            "Appeal to the Supreme Court (March 19, 2018)",
        )
    ]
    rows[1]["confidence"] = 0.7  # the surest candidate naming the court is the completed values' second passage
    assert court_of_the_case(rows)[:5] == [
        ("Appeal to the Sixth Circuit", None),
        ("Elnora Carthan appealed to the Sixth Circuit: reversed (July 28, 2017)", None),
        ("All Plaintiffs appealed to the Sixth Circuit (February 6, 2017)", 1),
        ("Sixth Circuit mandate (August 20, 2017)", 1),
        ("The plaintiffs appealed to the Sixth Circuit", 1),
    ]
    # No circuit leads (named as often as the others together): nothing is completed.
    assert case_circuit(["Appeal to the Sixth Circuit", "Appeal to the Ninth Circuit: reversed"]) is None
    assert court_of_the_case(rows[2:3]) == [("All Plaintiffs appealed (February 6, 2017)", None)]
    # Beside the case's circuit, another one a sentence names is a precedent's; the Supreme Court and, in
    # Alabama, Florida and Georgia, the Fifth Circuit before the Eleventh, are the case's too.
    rows = [
        {"value": v}
        for v in (
            "Appeal to the Sixth Circuit",
            "Appeal to the Sixth Circuit: affirmed (May 1, 2009)",
            "Appeal to the Ninth Circuit: reversed",
            "Appeal to the Supreme Court",
        )
    ]
    assert appeals_of_the_case([0, 1, 2, 3], rows) == [1, 3]
    rows[0]["value"], rows[1]["value"] = "Appeal to the Eleventh Circuit", "Appeal to the Eleventh Circuit: affirmed"
    rows[2]["value"] = "Appeal to the Fifth Circuit: reversed"
    assert appeals_of_the_case([0, 1, 2, 3], rows) == [1, 2, 3]  # the caption's appeal is the decided one


def test_some_claims_dismissed_is_not_the_case_dismissed():
    order = DocInfo("order", "Opinion and Order on Motions to Dismiss", "Order/Opinion", "2021-09-08")
    for partial in (
        "Accordingly, the motion is GRANTED as to the Eighth Amendment claims of Plaintiffs Vega and Pike, which are dismissed with prejudice.",
        "The Third Claim (ADA Title II) is DISMISSED with prejudice as to Cascade.",
    ):
        assert not any(v.endswith("(case dismissed)") for v in values("decree_dates", partial, order)), partial
    for whole in (
        "This action is hereby dismissed with prejudice.",
        "All of Plaintiffs' claims are dismissed with prejudice.",
    ):
        assert values("decree_dates", whole, order) == [
            "September 8, 2021: Opinion and Order on Motions to Dismiss (case dismissed)"
        ]


def test_a_decree_is_entered_the_day_the_court_signs_not_the_day_the_parties_do():
    decree = DocInfo("decree", "Consent Decree", "Settlement Agreement", "")
    text = (
        "STIPULATED AND AGREED:\nFOR PLAINTIFFS:\ns/ Jordan A. Whitaker\nJordan A. Whitaker\nDated: January 20, 2023\n\n"
        "ORDER\nThe Court APPROVES the foregoing Consent Decree and ENTERS it.\nIT IS SO ORDERED.\n"
        "DATED this 6th day of February, 2023.\n/s/ Helen R. Castellano\nUnited States District Judge\n"
    )
    dated = values("decree_dates", text, decree)
    assert any(v.startswith("February 6, 2023:") for v in dated), dated
    assert not any(v.startswith("January 20, 2023:") for v in dated), dated


def test_a_date_item_lists_each_day_once():
    from gavel_agent.offline.rules.decree_dates import one_value_per_day

    rows = [
        {"value": "February 6, 2023: Consent Decree filed", "confidence": 0.5},
        {"value": "January 20, 2023: settlement agreement signed", "confidence": 0.6},
        {"value": "February 6, 2023: Consent Decree", "confidence": 0.7},
    ]
    assert one_value_per_day([0, 1, 2], rows) == [2, 1]  # the surer value, where its day was first kept


def test_a_footnote_marker_after_a_stop_ends_the_sentence():
    from gavel_agent.offline.rules.text import sentence_spans

    text = "The Court consolidated a related action.[1] Plaintiffs then amended on October 6, 2021."
    assert [s.of(text) for s in sentence_spans(text)] == [
        "The Court consolidated a related action.",
        "Plaintiffs then amended on October 6, 2021.",
    ]


def test_a_scheduled_trial_from_a_docket_entry():
    entry = "06/06/2011 521 SCHEDULING ORDER: Pretrial Conference set for 10/6/2011, Nonjury Trial set for 10/17/2011 at 09:30 AM"
    assert values("trials", entry, DOCKET) == ["October 17, 2011: Nonjury trial scheduled"]


def test_trials_ignore_the_summary_judgment_standard():
    standard = 'A dispute is genuine "if the evidence is such that a reasonable jury could return a verdict for the nonmoving party."'
    assert values("trials", standard, ORDER) == []
    assert values("trials", "After a five-day bench trial, the Court found for the plaintiffs.", ORDER)


def test_monitor_named_in_an_appointing_order():
    text = (
        "Upon consideration of the Joint Motion, it is hereby ORDERED that James Conrad Welch is appointed the Monitor."
    )
    assert values("monitor_name", text, ORDER) == ["James Conrad Welch"]


MONITOR_REPORT = DocInfo("report", "First Report of the Monitor", "Monitor/Expert/Receiver Report", "2023-08-21")


def test_a_rating_label_is_named_by_the_provision_it_rates():
    text = (
        "7. Staffing plan (¶ 12). The County submitted a staffing plan on May 3, 2023. Rating: Substantial Compliance.\n\n"
        "33. The County has produced monthly reports since March, but two omitted staffing data. Rating: Partial Compliance.\n\n"
        "34. Training. The Monitor found that 40 percent of deputies completed training, which is not in compliance."
    )
    assert values("monitor_reports", text, MONITOR_REPORT) == [
        "August 21, 2023: Staffing plan (¶ 12): Substantial Compliance",
        "August 21, 2023: The County has produced monthly reports since March, but two omitted"
        " staffing data: Partial Compliance",
        "August 21, 2023: The Monitor found that 40 percent of deputies completed training, which is"
        " not in compliance.",
    ]
    quotes = [f.quote for f in run("monitor_reports", text, MONITOR_REPORT)]
    assert all(q in text for q in quotes)
    assert quotes[0].startswith("7. Staffing plan") and quotes[0].endswith("Rating: Substantial Compliance.")
    # read from inside a paragraph, a bare rating does not say what it rates
    assert (
        values("monitor_reports", "largely because of escort shortages. Rating: Partial Compliance.", MONITOR_REPORT)
        == []
    )


def test_a_ratings_table_gives_one_finding_a_row():
    text = (
        "Respectfully submitted,\n\nAPPENDIX A — COMPLIANCE RATINGS BY PROVISION\n\n"
        "¶ 12 Staffing plan — Substantial Compliance\n"
        "¶ 21 Mental-health unit — Not Yet Rated\n"
        "¶ 17 Population protocol — Partial Compliance (adoption) / Non-Compliance (implementation)\n"
        "Staffing levels fell — the Monitor finds partial compliance with\n"
    )
    assert values("monitor_reports", text, MONITOR_REPORT) == [
        "August 21, 2023: Staffing plan (¶ 12): Substantial Compliance",
        "August 21, 2023: Population protocol (¶ 17): Partial Compliance (adoption) / Non-Compliance (implementation)",
    ]
    assert [f.quote for f in run("monitor_reports", text, MONITOR_REPORT)][
        0
    ] == "¶ 12 Staffing plan — Substantial Compliance"
    # a window that opens inside a row cannot tell which provision it rates
    assert values("monitor_reports", "12 Staffing plan — Substantial Compliance\n", MONITOR_REPORT) == []


def test_court_enforced_when_jurisdiction_is_retained():
    agreement = DocInfo("agreement", "Settlement Agreement", "Settlement Agreement")
    text = "The Court shall retain jurisdiction to enforce the terms of this Agreement until it terminates."
    assert values("court_enforced", text, agreement) == ["Yes"]
    denied = "The settlement was never entered as a judgment, and the Court did not retain jurisdiction to enforce it."
    assert values("court_enforced", denied, agreement) == ["No"]


# -- the Clearinghouse coding as a reference ------------------------------------------------------------------

RECORD = {
    "case_id": 1,
    "case_data": {
        "filing_date": "2018-10-15",
        "class_action_sought": "Yes",
        "causes": ["42 U.S.C. § 1983", "Americans with Disabilities Act (ADA), 42 U.S.C. §§ 12111 et seq."],
        "constitutional_clause": [{"value": "Equal Protection"}],
        "public_interest_lawyer": "Yes",
        "pro_se_status": "No",
        "attorney_orgs": [],
        "plaintiff_type": [{"value": "Private Plaintiff"}],
        "case_defendants": [{"institution": "Police Department", "name": "Houston"}],
        "settlement_judgment_date": None,
        "related_cases": [{"id": 2, "name": "Doe v. Roe"}],
    },
}


def test_clearinghouse_coding_as_checklist_values():
    items = crlc.reference_checklist(RECORD)
    assert items["filing_date"] == ["October 15, 2018"]
    assert items["class_action"] == ["Class action"]
    assert items["type_of_counsel"] == ["Public interest"]
    assert "settlement_date" not in items
    assert crlc.cause_stated(RECORD["case_data"]["causes"][1], ["Americans with Disabilities Act (ADA)"])
    assert not crlc.cause_stated(
        "Title VI, Civil Rights Act of 1964, 42 U.S.C. § 2000d et seq.",
        ["Title VII of the Civil Rights Act of 1964, 42 U.S.C. § 2000e"],
    )
    section_504 = "Section 504 (Rehabilitation Act), 29 U.S.C. § 701"
    assert crlc.cause_stated(section_504, ["Section 504 of the Rehabilitation Act, 29 U.S.C. § 794"])
    assert not crlc.cause_stated(section_504, ["Americans with Disabilities Act (ADA)"])
    assert not crlc.cause_stated("Ex Parte Young (Federal) or Bivens", ["Federal Tort Claims Act"])
    # Alternatives outside the parentheses state the label; words inside them are no statute's name.
    assert crlc.cause_stated("Ex Parte Young (Federal) or Bivens", ["Bivens action"])
    assert not crlc.cause_stated("Ex parte Young (federal or state officials)", ["State law"])
    rluipa = "Religious Freedom Rest. Act/Religious Land Use and Inst. Persons Act (RFRA/RLUIPA)"
    assert crlc.cause_stated(rluipa, ["Religious Land Use and Institutionalized Persons Act"])
    assert not crlc.cause_stated(
        "Indv. w/ Disab. Educ. Act (IDEA), Educ. of All Handcpd. Children Act", ["Equal Pay Act"]
    )
    # An Act's year leaves its name a name: the coding cites another section of the same Act.
    aacwa = "Adoption Assistance and Child Welfare Act of 1980 (AACWA), 42 U.S.C. §§  620 et seq."
    assert crlc.cause_stated(aacwa, ["Adoption Assistance and Child Welfare Act of 1980 (AACWA), 42 U.S.C. § 670"])
    assert crlc.cause_stated("Nursing Care Reform Act of 1987/ Omnibus Reconciliation Act", ["Nursing Home Reform Act"])
    assert not crlc.cause_stated(
        "Civil Rights Act of 1957/1960, 52 U.S.C. § 10101",
        ["Title VII of the Civil Rights Act of 1964, 42 U.S.C. § 2000e"],
    )
    assert crlc.clause_stated("Equal Protection", ["Fourteenth Amendment – Equal Protection Clause"])


def test_government_plaintiffs_have_government_counsel():
    data = {
        **RECORD["case_data"],
        "plaintiff_type": [{"value": "U.S. Dept of Justice plaintiff"}],
        "public_interest_lawyer": "No",
    }
    assert crlc.counsel_category(data) == "Government"
    assert crlc.counsel_category({**data, "plaintiff_type": [], "pro_se_status": None}) is None


# -- the policy: opening pages and single values ---------------------------------------------------------------


def test_page_reads_take_the_first_or_last_page_of_the_earliest_matching_documents():
    from gavel_agent.offline.policy import OPEN_TOKENS, page_windows

    docs = {
        d.name: d
        for d in (
            DocInfo("amended", "First Amended Complaint", "Complaint", "2016-09-12", 9000),
            DocInfo("late", "Complaint", "Complaint", "2017-01-01", 300),
            DocInfo("original", "Complaint for Injunctive Relief", "Complaint", "2016-07-29", 5000),
            DocInfo("undated", "Petition", "Pleading / Motion / Brief", None, 800),
            DocInfo("order", "Order", "Order/Opinion", "2015-01-01", 4000),
        )
    }
    pattern = "^(?!.*(?:amend|intervention)).*(?:complaint|petition)"
    windows = page_windows(f"open:{pattern}", docs)
    assert [w.document for w in windows] == ["original", "late"]
    assert all(w.start == 0 and w.end == OPEN_TOKENS for w in windows)
    assert windows[0].score > windows[1].score
    closing = page_windows(f"close:{pattern}", docs)
    assert [(w.document, w.start, w.end) for w in closing] == [
        ("original", 5000 - OPEN_TOKENS, 5000),
        ("late", 0, OPEN_TOKENS),
    ]
    # Alternatives are tried in turn: a case without an original complaint opens its earliest orders.
    assert [w.document for w in page_windows(f"open:{pattern} || order", docs)] == ["original", "late"]
    without_complaints = {k: d for k, d in docs.items() if k in ("amended", "order")}
    assert [w.document for w in page_windows(f"open:{pattern} || order", without_complaints)] == ["order"]
    assert page_windows(f"open:{pattern}", without_complaints) == []
    # close-latest: reads the closing page of the latest dated documents (a case's final orders).
    latest = page_windows("close-latest:complaint|order", docs)
    assert [(w.document, w.start) for w in latest] == [
        ("late", 0),
        ("amended", 9000 - OPEN_TOKENS),
        ("original", 5000 - OPEN_TOKENS),
    ]
    assert [(w.document, w.start) for w in page_windows("open-latest:complaint|order", docs)] == [
        ("late", 0),
        ("amended", 0),
        ("original", 0),
    ]


def test_the_policy_reads_the_listing_as_data_not_as_text():
    from gavel_agent.offline.policy import documents
    from gavel_agent.tools.calls import DocumentRow, ToolResult

    rows = [
        DocumentRow("complaint", "Complaint | Exhibit A", "Complaint", "2016-07-29", 5000, 0.0),
        DocumentRow("notes", "Notes", "", None, 12, 0.5),
    ]
    # The text is whatever a model is shown; the policy reads only the rows.
    docs = documents(ToolResult("a listing worded for a model", "2 documents", data=rows))
    assert docs["complaint"].tokens == 5000 and docs["complaint"].title == "Complaint | Exhibit A"
    assert docs["notes"].type == "" and docs["notes"].date is None
    assert documents(ToolResult("ERROR: ...", "error", ok=False)) == {} == documents(None)


def test_the_listing_marks_the_latest_document_of_each_type():
    from gavel_agent.offline.policy import documents
    from gavel_agent.tools.calls import DocumentRow, ToolResult

    rows = [
        DocumentRow("pi", "Preliminary Injunction", "Order/Opinion", "2019-03-01", 900, 0.0),
        DocumentRow("final", "Opinion", "Order/Opinion", "2021-06-30", 900, 0.0),
        DocumentRow("undated", "Order", "Order/Opinion", None, 900, 0.0),
        DocumentRow("brief", "Appellants' Brief", "Pleading / Motion / Brief", "2022-01-10", 900, 0.0),
    ]
    docs = documents(ToolResult("listing", "4 documents", data=rows))
    assert [name for name, d in docs.items() if d.latest_of_type] == ["final", "brief"]


def test_the_case_latest_court_paper_is_a_weak_decree_date_when_its_last_page_names_no_disposition():
    closing = "Case 1:18-cv-00903 Document 27 Filed 04/11/17 Page 1 of 1\nThis case is stayed while the parties talk.\nIT IS SO ORDERED this  day of April, 2017.\nCase 1:18-cv-00903 Document 27 Filed 04/11/17 Page 1 of 1"
    latest = DocInfo("order", "Order", "Order/Opinion", "2017-04-12", latest_of_type=True)
    (finding,) = run("decree_dates", closing, latest)
    assert finding.value == "April 12, 2017: Order (the case's latest court paper)"
    assert finding.quote == "IT IS SO ORDERED this  day of April, 2017."  # not the page stamp
    # Not when a later court paper is listed, nor for an interim ruling or a party's paper.
    assert values("decree_dates", closing, DocInfo("order", "Order", "Order/Opinion", "2017-04-12")) == []
    for title, kind in (
        ("Scheduling Order", "Order/Opinion"),
        ("Order Granting Class Certification", "Order/Opinion"),
        ("Order Granting Motion for Attorney's Fees", "Order/Opinion"),
        ("Plaintiffs' Notice of Appeal", "Pleading / Motion / Brief"),
    ):
        assert values("decree_dates", closing, DocInfo("d", title, kind, "2017-04-12", latest_of_type=True)) == []
    # A last page that names its disposition is dated by it, not as the latest paper.
    dismissed = "The complaint is DISMISSED with prejudice. SO ORDERED."
    assert values("decree_dates", dismissed, latest) == ["April 12, 2017: Order (case dismissed)"]


def test_a_filing_date_takes_the_earliest_near_certain_event_unless_it_is_the_same_paper():
    from gavel_agent.offline.policy import choose
    from gavel_agent.offline.registry import Finding

    item = _plan("filing_date")
    appeal = (1.0, Finding("October 10, 2022", "10/10/2022 PETITION FILED", 1.0), "supreme-court-docket")
    complaint = (2.0, Finding("July 6, 2022", "COMPLAINT", 0.95), "complaint")
    narrative = (1.0, Finding("March 1, 2021", "On March 1, 2021, plaintiffs filed suit", 0.5), "order")
    assert (
        choose(item, [appeal, complaint, narrative])[0]["value"] == "July 6, 2022"
    )  # the narrative is not near-certain
    filed = (1.0, Finding("April 15, 2020", "04/15/2020 Petition for writ of mandate filed", 1.0), "docket")
    signed = (2.0, Finding("April 14, 2020", "PETITION FOR WRIT", 0.95), "petition")
    assert (
        choose(item, [filed, signed])[0]["value"] == "April 15, 2020"
    )  # a day apart: one paper, the filing record wins


def test_values_that_differ_only_in_punctuation_are_one_value():
    from gavel_agent.offline.policy import choose
    from gavel_agent.offline.registry import Finding

    found = [
        (2.0, Finding("Plaintiff: Private firm (Kirkland & Ellis LLP)", "Kirkland & Ellis LLP", 0.9), "complaint"),
        (1.0, Finding("Plaintiff: Private firm (Kirkland Ellis LLP)", "Kirkland Ellis LLP", 0.9), "docket"),
        (1.0, Finding("Plaintiff: Private firm (Kirkland & Ellis, L.L.P.)", "Kirkland & Ellis, L.L.P.", 0.9), "brief"),
        (1.0, Finding("Plaintiff: Private firm (Ellis Kirkland LLP)", "Ellis Kirkland LLP", 0.9), "docket"),
    ]
    chosen = choose(_plan("type_of_counsel"), found)
    assert [v["value"] for v in chosen] == [
        "Plaintiff: Private firm (Kirkland & Ellis LLP)",
        "Plaintiff: Private firm (Ellis Kirkland LLP)",
    ]


def test_an_item_may_keep_more_values_than_the_default():
    from gavel_agent.offline.item_plan import MAX_LIST_VALUES
    from gavel_agent.offline.policy import choose
    from gavel_agent.offline.registry import Finding

    names = [f"Defendant: Officer Number{chr(65 + i)}" for i in range(20)]
    found = [(1.0, Finding(n, n, 0.8), "complaint") for n in names]
    parties = _plan("parties")
    assert len(choose(parties, list(found))) == parties.max_values > MAX_LIST_VALUES
    assert len(choose(_plan("judge_name"), list(found))) == MAX_LIST_VALUES


def test_kept_values_are_listed_as_a_docket_or_a_caption_reads_after_the_choice():
    from gavel_agent.offline.policy import choose
    from gavel_agent.offline.registry import Finding

    filings = [
        (3.0, Finding("Motion to compel (filed April 12, 2022)", "q1", 0.9), "docket"),
        (2.0, Finding("Motion for leave", "q2", 0.9), "docket"),
        (1.0, Finding("Complaint (filed March 15, 2021)", "q3", 0.9), "docket"),
        (0.5, Finding("Amended complaint (filed October 6, 2021)", "q4", 0.9), "docket"),
    ]
    # ... and written as the item's format has them, date first ("[date]: [who] filed [what]").
    assert [v["value"] for v in choose(_plan("important_filings"), list(filings))] == [
        "March 15, 2021: Complaint",
        "October 6, 2021: Amended complaint",
        "April 12, 2022: Motion to compel",
        "Motion for leave",
    ]
    # Which values are kept is still the certainty order's: the least certain beyond the limit stays out.
    many = [(20.0 - i, Finding(f"Order {i} (May {12 - i}, 2020)", f"q{i}", 0.9), "d") for i in range(12)]
    kept = [v["value"] for v in choose(_plan("court_rulings"), many)]
    assert kept == [f"May {12 - i}, 2020: Order {i}" for i in reversed(range(8))]
    parties = [
        (3.0, Finding("Defendant: Riverside County", "q1", 0.9), "complaint"),
        (2.0, Finding("Plaintiff: Daniel Vega", "q2", 0.9), "complaint"),
        (1.0, Finding("Defendant: Raymond Caldwell", "q3", 0.9), "complaint"),
    ]
    assert [v["value"] for v in choose(_plan("parties"), parties)] == [
        "Plaintiff: Daniel Vega",
        "Defendant: Riverside County",
        "Defendant: Raymond Caldwell",
    ]


def test_only_an_item_whose_format_opens_with_its_date_gets_a_closing_date_moved_first():
    from gavel_agent.offline.policy import in_item_format

    rulings, appeals = _plan("court_rulings"), _plan("appeals")
    assert in_item_format(rulings, "Motion to dismiss denied (May 1, 2019)") == "May 1, 2019: Motion to dismiss denied"
    # Not a date in the parenthesis, or not at the end: the value stays as the rule wrote it.
    assert in_item_format(rulings, "Order: case referred (mediation)") == "Order: case referred (mediation)"
    assert in_item_format(rulings, "Order (May 1, 2019) vacated") == "Order (May 1, 2019) vacated"
    # Appeals' format opens with "Appeal:", not the date: the date stays last.
    assert in_item_format(appeals, "Appeal to the Ninth Circuit (May 1, 2019)") == (
        "Appeal to the Ninth Circuit (May 1, 2019)"
    )


def test_an_item_whose_format_opens_with_one_label_gets_it_before_a_value_without_it():
    from gavel_agent.offline.policy import in_item_format

    appeals, parties, remedies = _plan("appeals"), _plan("parties"), _plan("remedy_sought")
    assert in_item_format(appeals, "The County appealed to the Ninth Circuit: affirmed (May 1, 2019)") == (
        "Appeal: The County appealed to the Ninth Circuit: affirmed (May 1, 2019)"
    )
    assert (
        in_item_format(appeals, "Ninth Circuit mandate (May 1, 2019)") == "Appeal: Ninth Circuit mandate (May 1, 2019)"
    )
    # A value opening with the label's word already reads as the format does.
    assert in_item_format(appeals, "Appeal to the Ninth Circuit") == "Appeal to the Ninth Circuit"
    # Formats offering a label per side leave the side to the rules.
    assert in_item_format(parties, "Defendant: Riverside County") == "Defendant: Riverside County"
    assert in_item_format(remedies, "Preliminary injunction") == "Preliminary injunction"


def test_a_party_and_its_description_are_one_value_that_keeps_the_detail_and_both_quotes():
    from gavel_agent.offline.policy import choose
    from gavel_agent.offline.registry import Finding

    found = [
        (2.0, Finding("Defendant: Jane Roe", "JANE ROE, Defendant.", 0.8), "complaint"),
        (
            1.0,
            Finding(
                "Defendant: Jane Roe (is the Director of Corrections.)",
                "Defendant Jane Roe is the Director of Corrections.",
                0.6,
            ),
            "complaint",
        ),
        (1.0, Finding("Defendant: Jane Roe Smith", "JANE ROE SMITH", 0.8), "docket"),
    ]
    chosen = choose(_plan("parties"), found)
    assert [v["value"] for v in chosen] == [
        "Defendant: Jane Roe (is the Director of Corrections.)",
        "Defendant: Jane Roe Smith",
    ]
    assert len(chosen[0]["evidence"]) == 2
    # Where the parenthesis is the value's identity (a counsel's firm), it still makes another value.
    counsel = [
        (1.0, Finding("Plaintiff: Private firm (A LLP)", "A LLP", 0.9), "c"),
        (1.0, Finding("Plaintiff: Private firm (B LLP)", "B LLP", 0.9), "c"),
    ]
    assert len(choose(_plan("type_of_counsel"), counsel)) == 2


def test_a_single_valued_item_takes_its_most_certain_finding():
    from gavel_agent.offline.policy import choose
    from gavel_agent.offline.registry import Finding

    found = [
        (6.0, Finding("May 1, 2020", "Filed: 05/01/2020 narrative", 0.5), "order"),
        (0.5, Finding("April 2, 2020", "Document 1 Filed 04/02/20", 1.0), "complaint"),
    ]
    assert [v["value"] for v in choose(_plan("filing_date"), list(found))] == ["April 2, 2020"]
    assert [v["value"] for v in choose(_plan("judge_name"), list(found))][0] == "May 1, 2020"


# -- end to end on the sample case ------------------------------------------------------------------------------

KEY_ITEMS = ("filing_date", "judge_name", "class_action", "reported_opinions")


def test_court_rulings_also_reads_a_bundled_papers_order_read_for_another_item():
    from gavel_agent.offline.policy import Window, _sharing

    rulings, disputes = _plan("court_rulings"), _plan("enforcement_disputes")
    read = [(disputes, Window("06", 0, 448, 2.0))]
    bundle = DocInfo(
        "06", "Motion to Enforce Consent Decree; Opinion and Order on Motion to Enforce", "Pleading / Motion / Brief"
    )
    assert [item.key for item, _ in _sharing([rulings, disputes], read, bundle)] == ["court_rulings"]
    # A party's proposed order decides nothing, nor does a motion alone.
    for title in ("[Proposed] Order Granting Motion to Enforce", "Motion to Enforce Consent Decree"):
        paper = DocInfo("07", title, "Pleading / Motion / Brief")
        assert _sharing([rulings, disputes], read, paper) == [], title


def test_offline_run_on_the_sample_case(sample_case, tmp_path):
    reference_file = sample_case / "reference.json"
    if not reference_file.is_file():
        pytest.skip(f"the sample case has no {reference_file.name} yet")
    from gavel_agent.backends import resolve_model
    from gavel_agent.case import load_case
    from gavel_agent.case_identity import CaseIdentity
    from gavel_agent.loop import AgentRun
    from gavel_agent.tools.quotes import same_text

    case, spec = load_case(sample_case), load_spec("gavel")
    outcome = asyncio.run(AgentRun(case, spec, spec.keys, resolve_model(None), tmp_path / "run").run())
    texts = {d.name: d.text for d in case.documents}
    for values in outcome.checklist.items.values():
        for value in values:
            for ev in value.evidence:
                assert same_text(ev.quote, texts[ev.document][ev.start_char : ev.end_char])
    identity = CaseIdentity.model_validate_json((tmp_path / "run" / "identity.json").read_text(encoding="utf-8"))
    assert (identity.court.value, identity.docket_number.value) == ("District of Oregon", "3:21-cv-01187-HRC")
    reference = next(iter(read_checklists(reference_file, spec, case_id=case.name).values()))
    judge = OfflineJudge()
    got = {k: [v.value for v in vals] for k, vals in outcome.checklist.items.items()}
    for key in KEY_ITEMS:
        if reference.get(key):
            assert got.get(key), f"{key} is empty; reference has {reference[key]}"
            assert judge.match_lists(got[key], reference[key], key), f"{key}: {got[key]} vs {reference[key]}"


def test_judges_from_a_docket_header_with_bare_middle_initials_are_written_once_as_names():
    header = (
        "D.G. et al v. Henry et al Date Filed: 02/13/2008\n"
        "Assigned to: Chief Judge Gregory K Frizzell Date Terminated: 02/29/2012\n"
        "Referred to: Magistrate Judge Frank H McCARTHY\n"
    )
    assert values("judge_name", header, DOCKET) == ["Gregory K. Frizzell", "Frank H. McCarthy"]
    signed = "GREGORY K. FRIZZELL, District Judge."
    assert values("judge_name", signed, ORDER) == ["Gregory K. Frizzell"]


def test_a_signature_whose_given_names_ocr_broke_gives_its_surname_and_a_fuller_name_replaces_it():
    scanned = "ITIS SO ORDEREO thisJ2 day of June\n1REG~  WALTON \nJudge, United States Foreign \nIntelligence Court"
    assert values("judge_name", scanned, ORDER) == ["Walton"]
    assert values("judge_name", "FREDFiUCK  . SCULLIN, JR. \nJudge,  United  States  Foreign", ORDER) == ["Scullin"]
    # Read whole, the signature gives the whole name once.
    assert values("judge_name", "MICHAEL W. MOSMAN\nJudge, United States District Court", ORDER) == [
        "Michael W. Mosman"
    ]


def test_a_docket_sheets_minus_sign_in_a_name_is_its_hyphen():
    header = (
        "Assigned to: Honorable Samuel Der\u2212Yeghiayan\nReferred to: Magistrate Judge Jane Magnus\u2212Stinson\n"
    )
    assert values("judge_name", header, DOCKET) == ["Samuel Der-Yeghiayan", "Jane Magnus-Stinson"]


def test_a_decrees_listing_date_is_quoted_with_its_heading():
    decree = DocInfo("decree", "Order Approving and Entering Consent Decree", "Order/Opinion", "2020-08-31")
    text = "IN THE UNITED STATES DISTRICT COURT\nFOR THE EASTERN DISTRICT OF VIRGINIA\nCONSENT DECREE\nThe parties have agreed as follows."
    (finding,) = run("decree_dates", text, decree)
    assert finding.value.startswith("August 31, 2020:") and finding.quote == "CONSENT DECREE"
    # Without a heading that shows what the document is, the listing's date is not used.
    assert run("decree_dates", "IN THE UNITED STATES DISTRICT COURT\nThe parties have agreed as follows.", decree) == []
    agreement = DocInfo("agreement", "Settlement Agreement", "Settlement Agreement", "2019-03-01")
    assert values(
        "settlement_date", "SETTLEMENT AGREEMENT AND RELEASE\nThis agreement resolves the case.", agreement
    ) == ["March 1, 2019: Settlement Agreement"]


def test_decree_dates_come_from_decrees_and_the_court_stamp_of_a_scanned_one():
    stamp = "Case 3:98-cv-02955-D   Document 128   Filed 09/04/02    Page 1 of 10   PageID 729\n"
    decree = DocInfo("decree", "Consent Decree", "Settlement Agreement", None)
    assert values("decree_dates", stamp, decree) == ["September 4, 2002: Consent Decree entered"]
    settlement = DocInfo("settlement", "Settlement Agreement and Release", "Settlement Agreement", None)
    assert values("settlement_date", stamp, settlement) == ["September 4, 2002: Settlement Agreement and Release filed"]
    # With its printed heading and its listing date the same day, the stamp adds no second value.
    listed = DocInfo("settlement", "Settlement Agreement and Release", "Settlement Agreement", "2002-09-04")
    assert values("settlement_date", stamp + "SETTLEMENT AGREEMENT AND RELEASE\n", listed) == [
        "September 4, 2002: Settlement Agreement and Release"
    ]
    # A party's paper asking for an injunction is not one, even when its title names it.
    motion = DocInfo("motion", "Motion for Preliminary Injunction", "Pleading / Motion / Brief", "2010-03-25")
    assert values("decree_dates", "MOTION FOR PRELIMINARY INJUNCTION\n" + stamp, motion) == []


def test_durations_are_the_periods_obligations_run_for_and_their_deadlines_not_frequencies():
    agreement = DocInfo("agreement", "Settlement Agreement", "Settlement Agreement", "2020-08-05")
    text = (
        "HRRJ will implement all provisions of this Agreement within 4 years of the Effective Date. "
        "HRRJ will provide to the Monitor a bi-annual Status Report detailing progress at the Jail. "
        "HRRJ will maintain the staffing plan for two (2) years. "
        "This Agreement shall be governed by the laws of Virginia for four years."
    )  # a reporting frequency and boilerplate are not how long an obligation lasts; a deadline comes last
    assert values("settlement_duration", text, agreement) == [
        "two (2) years: HRRJ will maintain the staffing plan for two (2) years.",
        "within 4 years: HRRJ will implement all provisions of this Agreement within 4 years of the Effective Date.",
    ]
    assert values("settlement_duration", text, COMPLAINT) == []


def test_an_order_approving_a_settlement_dates_it_by_its_own_entry():
    approval = DocInfo("approval", "Order Approving and Entering Consent Decree", "Order/Opinion", "2020-08-31")
    text = "THEREFORE, it is hereby ORDERED that the joint motion is GRANTED, the Agreement is APPROVED."
    assert values("settlement_date", text, approval) == ["August 31, 2020: settlement"]
    # The same words in a party's brief say nothing about when the court acted.
    brief = DocInfo("brief", "Memorandum in Support", "Pleading / Motion / Brief", "2020-08-05")
    assert values("settlement_date", text, brief) == []


def test_decree_terms_from_a_judgment_that_enjoins_without_saying_injunction():
    judgment = DocInfo("judgment", "Judgment", "Order/Opinion", "2020-08-26")
    text = (
        "Based upon these proceedings, the court enters the following judgment. "
        "Defendant is enjoined from enforcing the park exclusion ordinance against the plaintiff class. "
        "The Court has reviewed the pleadings."
    )
    assert values("decree_terms", text, judgment) == [
        "Defendant is enjoined from enforcing the park exclusion ordinance against the plaintiff class."
    ]
    assert values("decree_terms", "The Court has reviewed the pleadings. Defendants shall answer.", judgment) == []


def test_a_long_listing_title_is_named_without_its_asides():
    decree = DocInfo(
        "decree", "Consent Decree and Order, with Exhibit A (Stipulated Agreement Regarding Fees)", "Order"
    )
    assert paper_title(decree) == "Consent Decree and Order, with Exhibit A"
    assert paper_title(DocInfo("order", "Order (Granting Dismissal)", "Order")) == "Order (Granting Dismissal)"


def test_an_order_granting_a_motion_to_enforce_is_not_itself_a_decree_term():
    order = DocInfo("order", "Order on Motion to Enforce Consent Decree", "Order/Opinion", "2024-01-19")
    text = (
        "IT IS ORDERED that Plaintiffs' Motion to Enforce Consent Decree (ECF 231) is GRANTED IN PART, as follows:\n\n"
        "Within 45 days of this Order, the County Defendants shall file a corrective action plan. "
        "IT IS FURTHER ORDERED that the motion is GRANTED and Defendants shall report monthly."
    )
    assert values("decree_terms", text, order) == [
        "Within 45 days of this Order, the County Defendants shall file a corrective action plan.",
        "IT IS FURTHER ORDERED that the motion is GRANTED and Defendants shall report monthly.",
    ]


def test_a_bare_amendment_takes_its_clause_from_the_counts_heading():
    text = (
        "COUNT II\nDenial of Equal Protection\n"
        "45. Defendants' policy violates the Fourteenth Amendment to the United States Constitution."
    )
    assert values("statutory_basis", text) == ["Fourteenth Amendment – Equal Protection Clause"]
    # A clause of another amendment nearby is not borrowed.
    other = "COUNT III\nCruel and Unusual Punishment\n46. Defendants' policy violates the Fourteenth Amendment."
    assert [v for v in values("statutory_basis", other) if v.startswith("Fourteenth")] == ["Fourteenth Amendment"]


def test_consolidated_cases_by_caption_without_side_labels_or_number_debris():
    text = (
        "A hearing on the consolidated cases of Bullington v. Moreland and Johnson v. O'Brien is set. "
        "This action was consolidated with Defendants Smith v. Jones, ED v. No. 4."
    )
    assert values("consolidated_cases", text, DOCKET) == [
        "Consolidated with Bullington v. Moreland",
        "Consolidated with Johnson v. O'Brien",
        "Consolidated with Smith v. Jones",
    ]
    heading = (
        "Vega et al v. Riverside County et al\nAssigned to: Judge Helen R. Castellano\n"
        "Related Case: 3:17-cv-00452-JR\nMember case: 3:21-cv-01302-HRC\n"
    )
    assert values("consolidated_cases", heading, DOCKET) == ["Consolidated with No. 3:21-cv-01302-HRC"]


def test_decree_and_settlement_dates_from_docket_entries_not_from_motions_asking_for_them():
    text = (
        "12/13/2004 11 MOTION for entry of consent decree by EEOC\n"
        "01/12/2005 13 CONSENT DECREE by Judge David A. Ezra - filed by plaintiff (afc)\n"
        "02/16/2018 34  STIPULATED JUDGMENT AND ORDER. See Order for further details.\n"
        "02/20/2018 35 MOTION for final approval of class settlement by Plaintiffs\n"
        "03/01/2019 40 ORDER granting 38 Motion for Final Approval of Class Settlement. Signed by Judge X.\n"
    )
    assert values("decree_dates", text, DOCKET) == [
        "January 12, 2005: Consent Decree entered",
        "February 16, 2018: Stipulated Judgment entered",
    ]
    assert values("settlement_date", text, DOCKET) == ["March 1, 2019: settlement approved"]
    assert values("decree_dates", text, ORDER) == []  # an order quoting entries is not the docket


def test_judgments_dismissals_and_settled_dismissals_from_docket_entries():
    text = (
        "09/11/2000 54 JUDGMENT: by Clerk regarding [53-1] order jgm entered\n"
        "01/25/2007 59 Final JUDGMENT by Clerk in favor of Petitioners against United States\n"
        "06/28/2011 13  ORDER of Dismissal. Signed by District Judge Lawrence P. Zatkoff.\n"
        "11/16/2005 24 Judge Richard G. Stearns : Electronic SETTLEMENT ORDER OF DISMISSAL entered\n"
        "06/19/2019 84  STIPULATION to Dismiss Case pursuant to Settlement filed by Plaintiffs\n"
        "10/28/2020 68   STIPULATION of Dismissal With Prejudice by Jose Balcazar\n"
        "02/01/2020 12 MOTION for Summary JUDGMENT by defendants\n"
        "02/03/2020 14 STIPULATION of Dismissal Without Prejudice by Plaintiffs\n"
        "03/02/2020 15 STIPULATION extending time to respond to Motion to Dismiss by Defendants\n"
        "11/06/1998 19 STIPULATION by EEOC, Holiday Inn South RE:\n   Dismissal (kdc) (Entered: 11/09/1998)\n"
        "11/09/1998 21 ORDER granting [19-1] stipulation of DISMISSAL, with prejudice\n"
        "02/05/2013 10 NOTICE of Voluntary Dismissal by All Plaintiffs Without Prejudice (Aukerman, Miriam)\n"
        "09/16/2002 316 ORDER:The Parties' Joint Motion to Dismiss is Granted(Related Doc #315).\n"
        "10/01/2020 56  ORDER GRANTING DEFENDANTS MOTION TO DISMISS 14 by Judge Cormac J. Carney\n"
        "10/02/2020 57  ORDER GRANTING DEFENDANTS MOTION TO DISMISS IN PART 14 by Judge Cormac J. Carney\n"
    )
    assert values("decree_dates", text, DOCKET) == [
        "September 11, 2000: Judgment entered",
        "January 25, 2007: Final Judgment entered",
        "June 28, 2011: Order Of Dismissal entered",
        "October 1, 2020: Order Granting Defendants Motion To Dismiss entered",  # not the one in part
    ]
    assert values("settlement_date", text, DOCKET) == [
        "November 16, 2005: case dismissed on settlement",
        "June 19, 2019: case dismissed on settlement",
        "October 28, 2020: case dismissed by stipulation",
        "February 3, 2020: case dismissed by stipulation",  # whatever it says of prejudice
        "November 6, 1998: case dismissed by stipulation",  # its words wrap onto the entry's next line
        "November 9, 1998: case dismissed by stipulation",  # the order granting it
        "February 5, 2013: case voluntarily dismissed",
        "September 16, 2002: case voluntarily dismissed",  # the parties' joint motion granted
    ]


def test_an_order_titled_as_a_dismissal_is_the_case_judgment_and_a_stipulation_heads_a_settlement():
    heading = "UNITED STATES DISTRICT COURT\n{}\nIT IS SO ORDERED."
    dismissal = DocInfo("d", "Memorandum and Order [Dismissing Complaint]", "Order/Opinion", "1978-03-17")
    assert values("decree_dates", heading.format("MEMORANDUM AND ORDER [DISMISSING COMPLAINT]"), dismissal) == [
        "March 17, 1978: Memorandum and Order [Dismissing Complaint] entered"
    ]
    denial = DocInfo("d", "Order Denying Motion to Dismiss", "Order/Opinion", "1978-03-17")
    assert values("decree_dates", heading.format("ORDER DENYING MOTION TO DISMISSAL"), denial) == []
    notice = DocInfo("n", "Notice of Voluntary Dismissal", "Pleading / Motion / Brief", "2013-02-05")
    assert values("decree_dates", heading.format("NOTICE OF VOLUNTARY DISMISSAL"), notice) == []
    stipulation = DocInfo("s", "Stipulation of Dismissal", "Settlement Agreement", "2014-06-09")
    assert values("settlement_date", "STIPULATION OF DISMISSAL\nThe parties stipulate.", stipulation) == [
        "June 9, 2014: Stipulation of Dismissal"
    ]
    # The parties' paper ending the case, filed as a pleading: dated by the listing under its heading.
    filed = DocInfo("s", "Stipulation of Dismissal Without Prejudice", "Pleading / Motion / Brief", "2016-12-20")
    assert values("settlement_date", "JOINT STIPULATION OF DISMISSAL WITHOUT PREJUDICE\nThe parties agree.", filed) == [
        "December 20, 2016: case dismissed by stipulation"
    ]
    notice = DocInfo("n", "Plaintiffs' Notice of Voluntary Dismissal", "Pleading / Motion / Brief", "2020-08-06")
    assert values("settlement_date", "PLAINTIFFS' NOTICE OF VOLUNTARY DISMISSAL\nPlaintiffs dismiss.", notice) == [
        "August 6, 2020: case voluntarily dismissed"
    ]
    schedule = DocInfo(
        "s", "Stipulation to Extend Time to Answer Motion to Dismiss", "Pleading / Motion / Brief", "2016-12-20"
    )
    assert values("settlement_date", "STIPULATION TO EXTEND TIME\nThe parties agree.", schedule) == []
    motion = DocInfo("m", "Joint Motion for Approval of Minor Settlement", "Pleading / Motion / Brief", "2018-08-06")
    assert (
        values("settlement_date", "JOINT MOTION FOR APPROVAL OF MINOR SETTLEMENT\nThe parties move the Court.", motion)
        == []
    )


def test_a_court_paper_titled_as_a_dismissal_or_a_settlement_approval_is_dated_under_its_plain_heading():
    # A two-column opinion prints only "MEMORANDUM AND ORDER"; the listing's title says what it decided.
    heading = "Disabled v. Coleman, 448 F.Supp. 109\nINC., Veterans,  {}\nThe plaintiffs brought this action."
    dismissal = DocInfo("d", "Memorandum and Order [Dismissing Complaint]", "Order/Opinion", "1978-03-17")
    assert values("decree_dates", heading.format("MEMORANDUM AND ORDER"), dismissal) == [
        "March 17, 1978: Memorandum and Order [Dismissing Complaint] entered"
    ]
    approval = DocInfo("o", "Opinion and Order [Approving Settlement]", "Order/Opinion", "1992-12-31")
    assert values("settlement_date", heading.format("OPINION AND ORDER"), approval) == [
        "December 31, 1992: Opinion and Order [Approving Settlement] entered"
    ]
    # An order refusing the settlement, or only its preliminary approval, dates no settlement.
    for title in ("Order Denying Approval of Settlement", "Order Granting Preliminary Approval of Settlement"):
        refusal = DocInfo("o", title, "Order/Opinion", "1992-12-31")
        assert values("settlement_date", heading.format("ORDER"), refusal) == []


def test_a_final_order_dates_its_disposition_by_its_own_date():
    closing = (
        "It is therefore ordered that this case is now dismissed as moot. The Clerk of the Court is directed to"
        " enter judgment in accordance with this order and close this case. DATED THIS 31st day of July 2020."
    )
    final = DocInfo("order", "Order", "Order/Opinion", "2020-07-31")
    assert values("decree_dates", closing, final) == ["July 31, 2020: Order (judgment entered)"]
    undated = DocInfo("order", "Order", "Order/Opinion", None)
    signed = "The complaint is DISMISSED with prejudice.\nSO ORDERED this 3rd day of May, 2001."
    assert values("decree_dates", signed, undated) == ["May 3, 2001: Order (case dismissed)"]
    # Not a disposition: a partial dismissal, a motion asking for one, a standard the order recites.
    assert values("decree_dates", "The claims are dismissed in part. SO ORDERED.", final) == []
    motion = DocInfo("m", "Motion to Dismiss", "Pleading / Motion / Brief", "2020-07-01")
    assert values("decree_dates", "The complaint should be dismissed with prejudice.", motion) == []
    # An appellate court's and a trial court's last words on the merits.
    opinion = DocInfo("op", "Opinion", "Order/Opinion", "2020-05-04")
    assert values("decree_dates", "We therefore reverse the order of the district court.", opinion) == [
        "May 4, 2020: Opinion (appeal decided)"
    ]
    ruling = "Defendants' motion for summary judgment is GRANTED. IT IS SO ORDERED."
    assert values("decree_dates", ruling, opinion) == ["May 4, 2020: Opinion (summary judgment granted)"]
    partial = "Defendants' motion for summary judgment is granted in part and denied in part."
    assert values("decree_dates", partial, opinion) == []


def test_a_ruling_in_the_present_tense_but_not_a_legal_standard():
    text = (
        "A motion to dismiss is granted only if the complaint fails to state a claim.\n"
        "For the reasons set forth above, defendants’ motion to dismiss [Doc. No. 77] is granted in\npart.  "
        "The Court notes the parties' briefs.  The plaintiffs’ motion for class certification is denied.\n"
        "ENTERED this 19th day of January, 2009."
    )
    assert values("court_rulings", text, ORDER) == [
        "Motion to dismiss granted in part (August 7, 2019)",
        "Motion for class certification denied (August 7, 2019)",
    ]


def test_who_appealed_is_kept_when_the_court_is_not_named():
    opinion = "The City timely appealed from that judgment and from the award of attorneys' fees."
    assert values("appeals", opinion, ORDER) == ["The City appealed"]
    docket = "05/25/2021  33  NOTICE OF APPEAL as to 32 Order on Motion for Preliminary Injunction by Jake's Bar and Grill, LLC, Antonio Vitolo"
    assert values("appeals", docket, DOCKET) == ["Jake's Bar and Grill appealed (May 25, 2021)"]


def test_names_in_capitals_are_written_as_names_keeping_acronyms():
    from gavel_agent.offline.rules.party_captions import capitalised, party_name

    assert capitalised("CITY OF NEW YORK") == "City of New York"
    assert capitalised("DUPONT SPECIALTY PRODUCTS USA, LLC") == "Dupont Specialty Products USA, LLC"
    assert capitalised("U.S. DEPARTMENT OF EDUCATION") == "U.S. Department of Education"
    assert capitalised("KEVIN O'BRIEN-SMITH, SR") == "Kevin O'Brien-Smith, Sr"
    assert capitalised("TERRY LYNN DUNN") == "Terry Lynn Dunn"  # "y" is a vowel: "LYNN" is no acronym
    assert capitalised("POLICE DEPARTMENT (“NYPD”)") == "Police Department (“NYPD”)"
    assert party_name("MICHAEL REGAN, Administrator, EPA") == "Michael Regan, Administrator, EPA"


def test_a_page_header_is_not_a_sentence():
    text = (
        "The Court held a hearing on the motion to enforce the decree.\n\n"
        "Page 3 – OPINION AND ORDER ON MOTION TO ENFORCE\n\nThe County has not complied."
    )
    said = [span.of(text) for span, _ in matching_sentences(text, re.compile("enforce", re.I))]
    assert said == ["The Court held a hearing on the motion to enforce the decree."]


def test_a_proposed_decree_or_a_motion_about_one_is_not_a_decree_entered():
    text = (
        "11/18/2022 180 MOTION for approval (Attachments: # 1 Proposed Consent Decree, # 2 Notice) (Entered: 11/18/2022)\n"
        "Defendants appeal from the Opinion and Order on Plaintiffs' Motion to Enforce Consent Decree, entered on January 19, 2024.\n"
        "The consent decree was entered on February 6, 2023."
    )
    assert values("decree_dates", text, ORDER) == ["February 6, 2023: decree entered"]


def test_a_monitor_named_with_a_title_and_degrees():
    decree = "39. The Court appoints Dr. Nadia Kessler-Ruiz, M.D., M.P.H., as the independent Monitor of this Decree."
    assert values(
        "monitor_name", decree, DocInfo("decree", "Consent Decree", "Settlement Agreement", "2023-02-06")
    ) == ["Nadia Kessler-Ruiz"]


def test_a_new_york_caption_with_against_rules_index_number_and_shields():
    text = (
        "UNITED STATES DISTRICT COURT\nSOUTHERN DISTRICT OF NEW YORK\n"
        "--------------------------------------------------------------X\n"
        "PHOEBE  BERG,  TOSHIRO  KIDA,  and  JOHN  RIVERA,  12 Civ. 3391 (TPG)\n"
        "                          Plaintiffs,\n\n-against-  COMPLAINT\n\n"
        "THE CITY OF NEW YORK; NEW YORK CITY MAYOR  Index No.\nBILL DE BLASIO; BRENDA BATCHER, Sh. No. 18825;\n\n"
        "                          Defendants.\n---------------------------------------------------------------X\n"
    )
    assert [f.value for f in caption_parties(text)] == [
        "Plaintiff: Phoebe Berg",
        "Plaintiff: Toshiro Kida",
        "Plaintiff: John Rivera",
        "Defendant: The City of New York",
        "Defendant: New York City Mayor Bill de Blasio",
        "Defendant: Brenda Batcher",
    ]


def test_party_names_lose_edge_debris():
    from gavel_agent.offline.rules.party_captions import party_name

    assert party_name("1133 MICHAEL BLOOM") == "Michael Bloom"  # a pleading paper's line numbers
    assert (
        party_name("NY 10001 GANNETT SATELLITE INFORMATION NETWORK LLC") == "Gannett Satellite Information Network LLC"
    )
    assert party_name("PRISON LEGAL NEWS and") == "Prison Legal News"
    assert party_name("an individual") is None


def test_a_decree_or_settlement_named_by_its_date():
    text = (
        "The CAP addresses non-compliance with the Court’s May 16, 2007 Settlement Agreement, as reported on June 1, 2008. "
        "The Eighth Circuit vacated the court’s September 30, 2004 injunction.\n07/18/2001 Settlement Conference held before Judge Ward."
    )
    assert values("settlement_date", text, ORDER) == ["May 16, 2007: settlement"]
    assert values("decree_dates", text, ORDER) == ["September 30, 2004: decree entered"]


def test_a_related_case_named_without_its_number():
    text = (
        "The conference is set before Judge Pauley in the related matter of ACLU v. Clapper, 13\nCiv. 3994. "
        "The related case Smith v. Jones raises similar claims.\n"
        "American Civil Liberties Union et al v. Federal Bureau of Date Filed: 10/26/2011\nInvestigation et al related case"
    )
    assert values("related_case_numbers", text, DOCKET) == ["ACLU v. Clapper, No. 13 Civ. 3994", "Smith v. Jones"]


def test_housekeeping_motions_are_not_listed_as_rulings():
    text = (
        "02/28/2012 58  ORDER THAT FEDERAL DEFENDANTS' UNOPPOSED MOTION FOR EXTENSION OF TIME IS GRANTED\n"
        "09/25/2008 11  ORDER denying 2 Motion for Preliminary Injunction Signed by District Judge Tom S. Lee on 9/25/08\n"
    )
    assert values("court_rulings", text, DOCKET) == ["Motion for preliminary injunction denied (September 25, 2008)"]


# -- where the offline model looks: an item's regex queries find the forms its rule reads ------------------------


@pytest.mark.parametrize(
    "item, passage",
    [
        (
            "related_case_numbers",
            "mandated by order of Judge Sweet in Stauber v. City of New York, 03 Civ. 9163, dated March 31, 2008",
        ),
        ("related_case_numbers", "See Sow et al v. City of New York et al, 20-cv-00533 (S.D.N.Y.)"),
        ("related_case_numbers", "in the related matter of ACLU v. Clapper, the court held"),
        ("filing_date", "Case 2:20-cv-01234   Document 1   Filed 01/15/20   Page 1 of 30"),
        ("statutory_basis", "29. The Supremacy Clause of the United States Constitution provides that"),
        ("statutory_basis", "the policy exceeds federal power and hence violates the Tenth Amendment"),
    ],
)
def test_an_items_regex_queries_find_what_its_rule_reads(item, passage):
    from gavel_agent.tools.search import compile_pattern

    queries = [q[3:] for q in _plan(item).queries if q.startswith("re:")]
    assert any(compile_pattern(q, "i").search(passage) for q in queries)


def test_an_item_may_run_more_searches_than_the_default():
    from gavel_agent.offline.item_plan import QUERIES_PER_ITEM
    from gavel_agent.offline.policy import searched

    basis, remedy = _plan("statutory_basis"), _plan("remedy_sought")
    assert len(searched(basis)) == basis.searches > QUERIES_PER_ITEM
    assert searched(basis)[-1].startswith("re:") and "Supremacy" in searched(basis)[-1]
    assert len(searched(remedy)) == QUERIES_PER_ITEM < len(remedy.queries)


SETTLEMENT = DocInfo("settlement", "Settlement Agreement", "Settlement Agreement", "2021-03-01")


def test_counsel_under_a_signature_pages_for_plaintiffs_heading():
    page = (
        "IN WITNESS WHEREOF the parties sign below.\nFOR PLAINTIFFS:\n/s/ Jane Roe\nSouthern Center for Human Rights\n"
        "83 Poplar Street\nAtlanta, GA 30303\nFOR DEFENDANTS:\n/s/ John Doe\nNEW YORK CIVIL LIBERTIES UNION\n"
    )
    # The plaintiffs' heading covers the lines up to the defendants' heading, and no further.
    assert values("type_of_counsel", page, SETTLEMENT) == [
        "Plaintiff: Public interest nonprofit (Southern Center for Human Rights)"
    ]
    # A lawyer's block naming no organisation: the private candidate is the person, not the street.
    private = "FOR PLAINTIFFS:\n/s/ Mary Major\n83 Poplar Street\nAtlanta, GA 30303\n"
    assert values("type_of_counsel", private, SETTLEMENT) == ["Plaintiff: Private (Mary Major)"]


def test_the_united_states_or_a_state_bringing_the_matter_without_a_side_label():
    agreement = "SETTLEMENT AGREEMENT BETWEEN THE UNITED STATES OF AMERICA AND THE CITY OF HOUSTON\nThe parties agree."
    assert values("type_of_counsel", agreement, SETTLEMENT) == ["Plaintiff: Government attorneys"]
    docket = "UNITED STATES DISTRICT COURT SOUTHERN INDIANA\nUNITED STATES OF AMERICA -VS- INDIANA STATE OF  IP00-C\n"
    assert values("type_of_counsel", docket, DOCKET) == ["Plaintiff: Government attorneys"]
    assert values("type_of_counsel", "Case Docket\nCOMMONWEALTH vs. LINDSAY A. HALLINAN\n", DOCKET) == [
        "Plaintiff: Government attorneys"
    ]
    # An opinion citing a criminal case (not in capitals) is not the case's own caption.
    assert values("type_of_counsel", "See\nUnited States v. Salerno, 481 U.S. 739 (1987).", ORDER) == []


def test_an_organisation_suing_in_its_own_name_has_its_own_lawyers():
    caption = "IN THE UNITED STATES DISTRICT COURT\nDISABILITY RIGHTS OREGON,\nPlaintiff,\nv.\nJOHN DOE, Director,\nDefendant.\n"
    assert "Plaintiff: Public interest nonprofit (Disability Rights Oregon)" in values("type_of_counsel", caption)
    defendant = caption.replace("DISABILITY RIGHTS OREGON", "JANE ROE").replace(
        "JOHN DOE, Director", "LEGAL AID SOCIETY"
    )
    # A defendant's name is only a weak mention of the organisation, not its lawyers.
    assert {f.confidence for f in run("type_of_counsel", defendant) if "Legal aid" in f.value} == {MENTION_CONFIDENCE}


def test_a_plaintiff_representing_himself_is_pro_se():
    for text in (
        "*875 J. Alston Atkins, pro se.",
        "Plaintiff, Johnny Duncan, representing himself pro se, filed oppositions.",
        "However, as Plaintiff is a pro se litigant without access to the electronic system,",
    ):
        assert values("type_of_counsel", text, ORDER) == ["Plaintiff: Pro se"], text
    assert values("type_of_counsel", "The defendants, pro se, answered the complaint.", ORDER) == []


# -- filing date and class action: wider candidate generation --------------------------------------


def test_filing_date_from_more_procedural_history_phrasings():
    said = {
        "The complaint was filed on May 16, 1977 by the Kentucky Association.": "May 16, 1977",
        "This action effectively began on December 28, 1973, with the filing of a complaint.": "December 28, 1973",
        "all persons who were residents at any time subsequent to May 28, 1982, when the lawsuit was filed": "May 28, 1982",
        "This matter comes before the Court on a Petition for Declaratory Relief filed by Michelle Warren "
        "(“Petitioner” or “Ms. Warren”) on March 17, 2020.": "March 17, 2020",
        # An opinion's two columns put a docket number (with its "No.") and an initial inside the sentence.
        "MPAS initiated this action against defendant Gerald\nNo. 5:92-CV-146  H. Miller on December 11, 1992.": "December 11, 1992",
        "Plaintiffs filed suit in the Chancery Division of the Superior Court of Hunterdon County on March 16, 1977.": "March 16, 1977",
    }
    for sentence, day in said.items():
        assert values("filing_date", sentence, ORDER) == [day], sentence
    # A later paper's filing is not the case's.
    assert values("filing_date", "The amended complaint was filed on May 16, 1977 by the Association.", ORDER) == []
    assert values("filing_date", "The motion was filed by Ms. Warren on March 17, 2020.", ORDER) == []


def test_filing_date_read_with_dashes_and_two_digit_years_of_the_last_century():
    # Old typed dockets write "3-14-64": a dashed date, and a two-digit year before 69 is the 1900s'.
    sheet = "DATE  PROCEEDINGS\n3-14-64  1.  Filed Complaint, issued summons\n4-2-64  2.  Answer"
    assert values("filing_date", sheet, DOCKET) == ["March 14, 1964"]
    undated = DocInfo("complaint", "Complaint", "Complaint", None)
    assert values("filing_date", "COMPLAINT FOR INJUNCTION\nFiled 1/23/64", undated) == ["January 23, 1964"]
    assert values("filing_date", "The Complaint was filed on 1-25-21 as a multi-person complaint.", ORDER) == [
        "January 25, 2021"
    ]
    # Docket and paper numbers are no dates.
    assert values("filing_date", "Plaintiffs filed this action, No. 2:19-12-345, on the court's docket.", ORDER) == []
    assert values("filing_date", "COMPLAINT\nFiled 12-34-5678 in the clerk's office", undated) == []


def test_filing_date_from_district_and_state_clerk_stamp_layouts():
    undated = DocInfo("complaint", "Complaint", "Complaint", None)
    stamps = {
        "Case 3:21-cv-00309   Document 1   Filed on 10/29/21 in TXSD   Page 1 of 34": "October 29, 2021",
        "Case  4:00-cv-01056-TCK  Document  1  Filed  in  USDC  ND/OK  on  12/15/00  Page  3  of  17": "December 15, 2000",
        "FILED: NEW YORK COUNTY CLERK 07/11/2016 07:58 PM INDEX NO. 450835/2016\nNYSCEF DOC. NO. 1": "July 11, 2016",
        "Case 1:07-cv-21088-CMA  Document 1  Entered on FLSD Docket 04/24/2007  Page 1 of 41": "April 24, 2007",
        "3:20-cv-03190-SEM-TSH  # 1  Page 1 of 11\nE-FILED\n Monday, 27 July, 2020  05:18:16 PM\n Clerk, U.S. District Court": (
            "July 27, 2020"
        ),
        "27-CV-23-960\nFiled in District Court\nState of Minnesota\n1/23/2023 9:40 AM\nSTATE OF MINNESOTA": "January 23, 2023",
    }
    for stamp, day in stamps.items():
        found = run("filing_date", stamp, undated)
        assert [f.value for f in found] == [day] and max(f.confidence for f in found) >= 0.9, stamp
    # A later paper's stamp is no complaint's.
    assert values("filing_date", "Case 3:21-cv-00309   Document 14   Filed on 11/29/21 in TXSD", undated) == []


def test_filing_date_of_an_investigation_from_its_findings_letters_notice():
    letter = DocInfo("findings", "Findings Letter", "Findings Letter/Report", "2008-08-12")
    notice = "Missouri.  On  May  30,  2007,  we  notified you  of  our  intent  to \nconduct  an  investigation of  Northwest"
    (found,) = run("filing_date", notice, letter)
    assert found.value == "May 30, 2007" and found.confidence < 0.5  # below any suit's own stamp or docket
    # The letter that reports the findings, and the same sentence in another paper, open nothing.
    assert (
        values("filing_date", "On January 16, 1986, we informed you of the findings of our investigation.", letter)
        == []
    )
    assert values("filing_date", notice, ORDER) == []
    assert "open:findings|investigation" in _plan("filing_date").queries  # the letter's first page is read


def test_filing_date_of_an_amended_complaint_only_a_weak_listing_candidate():
    amended = DocInfo("amended", "First Amended Complaint", "Complaint", "1988-04-27")
    (listed,) = run(
        "filing_date", "STATE OF MICHIGAN\nTHIRD JUDICIAL CIRCUIT\nFIRST AMENDED COMPLAINT\nPlaintiffs", amended
    )
    assert listed.value == "April 27, 1988" and listed.confidence < 0.5
    # An order about the amended complaint is the court's paper, not a pleading's listing.
    order = DocInfo("order", "Order Granting Leave to File Amended Complaint", "Order/Opinion", "1988-05-02")
    assert values("filing_date", "ORDER granting leave to file the FIRST AMENDED COMPLAINT", order) == []


def test_filing_date_plan_opens_an_amended_complaint_only_without_an_original():
    from gavel_agent.offline.policy import page_windows

    opening = _plan("filing_date").queries[0]
    amended = DocInfo("amended", "First Amended Complaint", "Complaint", "1988-04-27", 9000)
    original = DocInfo("original", "Complaint", "Complaint", "1988-01-04", 5000)
    order = DocInfo("order", "Consent Judgment", "Order/Opinion", "1993-06-08", 4000)
    both = {d.name: d for d in (amended, original, order)}
    assert [w.document for w in page_windows(opening, both)] == ["original"]
    assert [w.document for w in page_windows(opening, {"amended": amended, "order": order})] == ["amended"]


def test_filing_date_from_a_state_courts_entry_date_and_its_efiling_stamp():
    header = (
        "CASE HEADER\nCase Status  decided  Status Date  01/03/2005\nNature  Superintendence  Entry Date  05/06/2004"
    )
    assert values("filing_date", header, DOCKET) == ["May 6, 2004"]
    entries = "DOCKET ENTRIES\nEntry Date  Paper   Entry Text\n05/06/2004     Case entered.\n05/06/2004  #1  MOTION"
    found = run("filing_date", entries, DOCKET)
    assert max(found, key=lambda f: f.confidence).value == "May 6, 2004"
    stamp = "FILED\nClay Co. Circuit Court\n4th Judicial Circuit\nDate: 4/23/2020 4:03 PM\nCrystal Ballard\n2020CH6\n\n5. Bailey"
    complaint = DocInfo("complaint", "Verified Complaint", "Complaint", None)
    assert values("filing_date", stamp, complaint) == ["April 23, 2020"]
    # Only a complaint's own stamp dates the filing; a motion's says when the motion came.
    assert values("filing_date", stamp, ORDER) == []


def test_filing_date_from_a_pleadings_closing_words():
    text = "(I) That this Court grant any other relief.\nRespectfully submitted this 15th day of August, 2018.\nBy: s/ Jane Roe"
    listed_next_day = DocInfo("complaint", "Verified Complaint", "Complaint", "2018-08-16")
    found = [f for f in run("filing_date", text, listed_next_day) if f.value == "August 15, 2018"]
    assert found and max(f.confidence for f in found) < 0.9  # signed before it was filed: a weak candidate


def test_class_action_from_weaker_mentions_ranks_below_a_request():
    text = (
        "Plaintiffs in each case brought a class action against defendants. "
        "Notice went to the class members and class counsel."
    )
    found = run("class_action", text, ORDER)
    assert {f.value for f in found} == {"Plaintiffs: Class action"} and max(f.confidence for f in found) < 0.8
    caption = (
        "Daniel W. WRIGHT, individually and on behalf of \nappellant/cross-appellee. \nothers similarly situated \nv."
    )
    assert values("class_action", caption, ORDER) == ["Plaintiffs: Class action"]
    assert values("class_action", "The officers were similarly situated to the plaintiff in rank.", ORDER) == []
    assert values("class_action", "The plaintiff is a member of a protected class.", ORDER) == []


def test_the_plan_keeps_more_hits_for_a_date_told_in_many_places():
    from gavel_agent.offline.policy import plan, searched
    from gavel_agent.tools.calls import ToolResult

    steps = plan(load_spec("gavel"), ["filing_date", "class_action"])
    next(steps)  # list_documents
    searches = steps.send([ToolResult("", "", data=[])])
    hits = {call[1]["query"]: call[1]["top_k"] for call in searches}
    for item in ("filing_date", "class_action"):
        asked = [q.removeprefix("re:") for q in searched(_plan(item))]
        assert {hits[q] for q in asked} == {_plan(item).hits}
    assert _plan("filing_date").hits > _plan("class_action").hits


def test_class_action_not_from_a_sentence_refusing_one_or_a_garbled_cover_sheet_box():
    refused = "This suit was not brought as a class action and hence the relief runs to the plaintiff alone."
    assert values("class_action", refused, ORDER) == ["Plaintiffs: Individual (no class action sought)"]
    garbled = "VII. REQUESTED IN  0  CHECK le THIS IS A CLASS ACTION  DEMAND $"
    assert not any("Class action" in v for v in values("class_action", garbled))


def test_class_action_from_a_caption_broken_by_ocr_and_a_class_allegations_heading():
    caption = (
        "VASHER, by his guardian, indi-\nvidually and on behalf of all others  similar-\nly situated,  Plaintiffs,"
    )
    assert values("class_action", caption) == ["Plaintiffs: Class action"]
    docket = "06/28/2004  #6  MOTION to Certify Petitioner Class filed by Petitioners."
    assert values("class_action", docket, ORDER) == ["Plaintiffs: Class action"]
    (heading,) = run("class_action", "16. Gilmore is the guardian.\n\nCLASS ALLEGATIONS\n\n17. Plaintiffs sue.")
    assert heading.value == "Plaintiffs: Class action" and heading.confidence < 0.8
    # The words in running lower case ("the class allegations fail") are an argument about someone else's class.
    assert values("class_action", "Defendants argue that the class allegations in Smith fail.", ORDER) == []


def test_filing_date_not_from_an_orders_own_stamp_when_its_title_names_the_petition():
    order = DocInfo("order", "Order Regarding Petition for Declaratory Relief", "Order/Opinion", "2020-04-21")
    text = "FILED: April 21, 2020\nORDER REGARDING PETITION FOR DECLARATORY RELIEF\nThe petition is denied."
    assert values("filing_date", text, order) == []
    petition = DocInfo("petition", "Petition for Writ of Mandate", "Pleading / Motion / Brief", "2020-04-14")
    assert values("filing_date", text.replace("ORDER REGARDING ", ""), petition)[0] == "April 21, 2020"


def test_class_action_not_from_what_could_have_been_and_certified_from_a_case_certified_as_one():
    could = "Upon proper motion this action could have been readily maintained as a class action for all inmates."
    assert values("class_action", could, ORDER) == []
    cannot = "Thus, this case cannot be maintained as a class action."
    assert values("class_action", cannot, ORDER) == []
    certified = "On March 10, 1978, the court certified the case as a class action on behalf of all residents."
    assert values("class_action", certified, ORDER)[0] == "Plaintiffs: Class action (class certified)"


def test_counsel_of_a_city_suing_and_a_state_in_a_column_caption():
    block = (
        "Respectfully submitted,\n/s/ Jane Roe\nJANE ROE\nSAINT PAUL CITY ATTORNEY'S OFFICE\n15 Kellogg Blvd.\n"
        "Attorneys for Plaintiffs"
    )
    assert values("type_of_counsel", block) == ["Plaintiff: Government attorneys (CITY ATTORNEY'S OFFICE)"]
    # A county's lawyer named only outside any plaintiffs' block is no candidate.
    assert values("type_of_counsel", "The County Attorney's Office declined to comment.") == []
    caption = (
        "STATE OF ARIZONA,          )  Supreme Court\n                           )\n   Plaintiff/Appellee,     )\n v.\n"
    )
    assert values("type_of_counsel", caption, ORDER) == ["Plaintiff: Government attorneys"]
    # The state as the defendant of a column caption is not the plaintiff.
    defendant = "JOHN DOE,        )\n   Plaintiff,    )\n v.              )\nSTATE OF OHIO,   )\n   Defendant.    )\n"
    assert not any(v.startswith("Plaintiff: Government") for v in values("type_of_counsel", defendant, ORDER))


def test_counsel_mentions_skip_public_defenders_and_read_a_dotted_aclu():
    narrative = "The Georgia Public Defender Council cut its budget. The Southern Center for Human Rights wrote."
    assert [v for v in values("type_of_counsel", narrative, ORDER) if "Defender" in v] == []
    block = (
        "Respectfully submitted,\n/s/ Jane Roe\nA.C.L.U. Foundation of Southern California\nAttorneys for Plaintiffs"
    )
    assert "Plaintiff: Public interest nonprofit (ACLU)" in values("type_of_counsel", block)


def test_counsel_a_justice_department_section_and_named_nonprofit_forms():
    doj = "Respectfully submitted,\n/s/ Jane Roe\nChief, Disability Rights Section\nAttorneys for the United States"
    assert values("type_of_counsel", doj) == ["Plaintiff: Government attorneys (U.S. Department of Justice)"]
    block = "Respectfully submitted,\n/s/ Jane Roe\nStudent Borrower Protection Center\nAttorneys for Plaintiffs"
    assert values("type_of_counsel", block) == [
        "Plaintiff: Public interest nonprofit (Student Borrower Protection Center)"
    ]
    centre = "Respectfully submitted,\n/s/ Jane Roe\nShriver National Center on Poverty Law\nAttorneys for Plaintiffs"
    assert values("type_of_counsel", centre) == [
        "Plaintiff: Public interest nonprofit (Shriver National Center on Poverty Law)"
    ]


def test_statutes_the_coding_names_by_title_or_older_codification():
    from gavel_agent.evaluators.checklist.crlc_reference import cause_stated

    fisa = "The Government applies for an order under Section 702 of FISA, 50 U.S.C. § 1881a."
    assert "FISA Title VII (Section 702), 50 U.S.C. § 1881a" in values("cause_of_action", fisa)
    records = "This application is brought under 50 U.S.C. § 1861 for the production of business records."
    assert "FISA Title V (business records), 50 U.S.C. § 1861" in values("cause_of_action", records)
    assert "FISA Title VII (Section 702), 50 U.S.C. § 1881a" not in values("cause_of_action", records)
    housing = "Plaintiffs sue under 42 U.S.C. § 1982 for the refusal to rent."
    assert values("cause_of_action", housing) == ["42 U.S.C. § 1982"]
    dd = "Defendants violated the Developmental Disabilities Act, 42 U.S.C. § 6042."
    assert values("cause_of_action", dd) == ["Developmental Disabilities Assistance and Bill of Rights Act"]
    voters = "This action arises under the National Voter Registration Act, 52 U.S.C. § 20507."
    assert values("cause_of_action", voters) == ["National Voter Registration Act (NVRA), 52 U.S.C. § 20501"]
    # A value names its section, so a coded label that abbreviates the Act's name still matches it.
    (idea,) = values("cause_of_action", "Plaintiffs bring this claim under the IDEA, 20 U.S.C. § 1415.")
    assert cause_stated(
        "Indv. w/ Disab. Educ. Act (IDEA), Educ. of All Handcpd. Children Act , 20 U.S.C. § 1400", [idea]
    )


def test_each_other_case_is_listed_once_under_its_fullest_value():
    from gavel_agent.offline.registry import get_settler

    rows = [
        {"value": "No. 3:21-cv-01302-HRC", "confidence": 0.7},
        {"value": "Lindqvist v. Riverside County, No. 3:17-cv-00452", "confidence": 0.7},
        {"value": "No. 3:17-cv-00452-JR", "confidence": 0.7},
        {"value": "No. 3:21-cv-01302", "confidence": 0.7},
        {"value": "No. 3:22-cv-00017", "confidence": 0.7},
    ]
    settle = get_settler("gavel", "related_case_numbers")
    assert settle is get_settler("gavel", "consolidated_cases")
    # Judge initials do not make another case; a caption beats a bare number; other cases stay.
    assert settle([0, 1, 2, 3, 4], rows) == [0, 1, 4]


def test_a_bare_amendment_gives_way_to_the_same_amendment_with_its_clause():
    from gavel_agent.offline.registry import get_settler

    rows = [
        {"value": "Fourteenth Amendment", "confidence": 1.0},
        {"value": "Eighth Amendment", "confidence": 1.0},
        {"value": "Fourteenth Amendment – Due Process Clause", "confidence": 0.8},
    ]
    assert get_settler("gavel", "statutory_basis")([0, 1, 2], rows) == [1, 2]


def test_an_appeal_completed_with_the_case_s_court_cites_the_paper_that_names_that_court(tmp_path):
    from gavel_agent.backends import resolve_model
    from gavel_agent.case import Case, Document
    from gavel_agent.checklists.record import ChecklistFile
    from gavel_agent.loop import AgentRun

    docket = "Date Filed # Docket Text\n02/15/2017 45 NOTICE OF APPEAL filed by Plaintiffs Jane Roe, John Doe.\n"
    opinion = (
        "UNITED STATES COURT OF APPEALS FOR THE SIXTH CIRCUIT\n\nJANE ROE, et al., Plaintiffs-Appellants,\nv.\n"
        "CITY OF FLINT, Defendant-Appellee.\n\nOPINION\n\nThe district court's judgment is affirmed.\n"
    )
    case = Case(
        "t",
        [
            Document("docket", docket, "Docket", "Docket", "2017-03-01"),
            Document("opinion", opinion, "Opinion", "Order/Opinion", "2018-01-10"),
        ],
    )
    asyncio.run(AgentRun(case, load_spec("gavel"), ["appeals"], resolve_model(None), tmp_path / "run").run())
    (value,) = ChecklistFile.read(tmp_path / "run" / "checklist.json").items["appeals"]
    # The notice names no court; the opinion's caption does, and the value shows both passages, each found
    # again in its document.
    assert value.value == "Appeal: Plaintiffs appealed to the Sixth Circuit (February 15, 2017)"
    assert [(e.document, e.status) for e in value.evidence] == [("docket", "exact"), ("opinion", "exact")]
    assert "SIXTH CIRCUIT" in value.evidence[1].quote
