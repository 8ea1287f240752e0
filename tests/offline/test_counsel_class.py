"""The offline counsel and class-action rules on forms the older tests do not cover: an appeal's counsel
lines, a nonprofit whose name carries a firm's suffix, and the older and plainer ways of pleading a class."""

from __future__ import annotations

from gavel_agent.offline.registry import DocInfo, get_extractor
from gavel_agent.offline.rules.counsel import MENTION_CONFIDENCE

COMPLAINT = DocInfo("complaint", "Complaint", "Complaint", "2017-05-09")
OPINION = DocInfo("opinion", "Opinion", "Order/Opinion", "1982-05-13")


def values(item: str, text: str, doc: DocInfo) -> list[str]:
    findings = get_extractor("gavel", item)(text, doc)
    assert all(f.quote in text for f in findings)
    return list(dict.fromkeys(f.value for f in findings))


def read_as_counsel(text: str) -> list[str]:
    """Counsel values read from lines that name a side's lawyers (not an organisation merely mentioned)."""
    found = get_extractor("gavel", "type_of_counsel")(text, OPINION)
    return list(dict.fromkeys(f.value for f in found if f.confidence > MENTION_CONFIDENCE))


APPEAL = (
    "JANE ROE, et al., PLAINTIFFS-APPELLANTS,\nv.\nTHE STATE BOARD, DEFENDANTS-RESPONDENTS.\n"
    "Supreme Court of New Jersey.\n"
    "{plaintiffs} argued the cause for appellants ({plaintiffs_of_record}).\n"
    "Steven Wall, Deputy Attorney General, argued the cause for respondents (Irwin Kimmel, Attorney General, attorney).\n"
)


def test_an_appeals_counsel_lines_name_the_plaintiffs_by_their_role_on_appeal():
    text = APPEAL.format(
        plaintiffs="Stephen Eisen", plaintiffs_of_record="Mary Mohr, Southern Poverty Law Center, attorney"
    )
    got = values("type_of_counsel", text, OPINION)
    # The lawyers of record in brackets after "for appellants" are the plaintiffs'; the respondents' are not.
    assert got == ["Plaintiff: Public interest nonprofit (Southern Poverty Law Center)"]
    # Without an organisation of the table, the lines are private counsel's (named by the first name read).
    private = APPEAL.format(plaintiffs="Stephen Eisen", plaintiffs_of_record="Mary Mohr, attorney")
    assert [v.split(" (")[0] for v in values("type_of_counsel", private, OPINION)] == ["Plaintiff: Private"]
    # Outside an appeal's caption, "for appellants" names no side.
    plain = text.replace("PLAINTIFFS-APPELLANTS", "APPELLANTS").replace("DEFENDANTS-RESPONDENTS", "RESPONDENTS")
    assert read_as_counsel(plain) == []


def test_a_role_both_sides_hold_on_appeal_names_neither():
    text = (
        "ROE, Plaintiffs-Appellees,\nv.\nBOARD, Defendants-Appellees,\nUNION, Intervenor-Appellant.\n"
        "Mary Mohr, Southern Poverty Law Center, for appellees.\n"
    )
    assert read_as_counsel(text) == []
    only_plaintiffs = text.replace("Defendants-Appellees", "Defendants")
    assert values("type_of_counsel", only_plaintiffs, OPINION) == [
        "Plaintiff: Public interest nonprofit (Southern Poverty Law Center)"
    ]


def test_a_nonprofit_named_with_a_firms_suffix_is_the_nonprofit():
    block = "Respectfully submitted,\n/s/ Jane Roe\nPUBLIC JUSTICE, P.C.\n1620 L Street\nAttorneys for Plaintiffs\n"
    assert values("type_of_counsel", block, COMPLAINT) == ["Plaintiff: Public interest nonprofit (PUBLIC JUSTICE)"]
    firm = block.replace("PUBLIC JUSTICE", "ROE & DOE")
    assert values("type_of_counsel", firm, COMPLAINT) == ["Plaintiff: Private firm (ROE & DOE, P.C.)"]


def test_a_class_pleaded_in_plain_words_or_an_older_opinions_words():
    found = get_extractor("gavel", "class_action")(
        "Plaintiffs bring this action as a class action pursuant to Rule 23.", COMPLAINT
    )
    assert [(f.value, f.confidence) for f in found] == [("Plaintiffs: Class action", 0.8)]
    for older in (
        "Inordinate delay can no longer deny plaintiffs and the class they represent their rights.",
        "The rights of the plaintiffs and the spurious class, for whose benefit the action was instituted.",
        "Teachers are not within the class represented by plaintiffs.",
    ):
        assert values("class_action", older, OPINION) == ["Plaintiffs: Class action"], older
    # A class of things, and an action that could have been a class action, are not a class in this case.
    assert values("class_action", "The class of vehicles they represent in the fleet was large.", OPINION) == []
    assert values("class_action", "This suit could have been brought as a class action.", OPINION) == []


def test_private_counsel_is_named_by_a_person_not_by_the_state_in_the_address():
    from gavel_agent.offline.rules.counsel import _unlisted_counsel

    block = "Attorneys for Plaintiffs-Appellants\n100 Main Street, Newark, New Jersey 07102\nJohn Q. Smith"
    found = _unlisted_counsel(block, 0, len(block), 0.3)
    assert found is not None and found.value == "Plaintiff: Private (John Q. Smith)"
    only_a_place = "Counsel of record\nNew Jersey"
    found = _unlisted_counsel(only_a_place, 0, len(only_a_place), 0.3)
    assert found is not None and found.value == "Plaintiff: Private (New Jersey)"  # still a private candidate


def test_others_similarly_situated_is_a_class_only_where_someone_sues_for_them():
    for harm in (
        "The interference caused severe harm to Plaintiffs and others similarly situated.",
        "The code has chilled the speech of the plaintiffs, and others similarly situated who wish to assemble.",
        "Defendants are enjoined from enforcing the statute against Plaintiffs and any others similarly situated;",
    ):
        assert values("class_action", harm, COMPLAINT) == [], harm
    for sued_for in (
        "JOHN DOE, and others similarly situated,\nPlaintiffs,\nv.\nCITY OF X, Defendant.",
        "The motion was filed on behalf of Myself and \nOthers Similarly Situated by counsel.",
        "Jane Roe, as representative of others similarly situated, brings this suit.",
    ):
        assert values("class_action", sued_for, OPINION) == ["Plaintiffs: Class action"], sued_for


def test_a_city_named_with_its_state_is_a_government_plaintiff():
    caption = (
        "IN THE COURT OF COMMON PLEAS\nTHE CITY OF SPRINGFIELD, OHIO,\nPlaintiff,\nv.\nTHE BLOOD TRIBE,\nDefendant.\n"
    )
    assert "Plaintiff: Government attorneys (The City of Springfield, Ohio)" in values(
        "type_of_counsel", caption, COMPLAINT
    )
    person = caption.replace("THE CITY OF SPRINGFIELD, OHIO", "JOHN SPRINGFIELD, OHIO")
    assert not any("Government" in v for v in values("type_of_counsel", person, COMPLAINT))


def test_the_surveillance_courts_opinion_on_certifications_is_the_governments_matter():
    opinion = (
        "UNITED STATES\nFOREIGN INTELLIGENCE SURVEILLANCE COURT\nMEMORANDUM OPINION AND ORDER\n"
        "This matter is before the Court on the \"Government's Ex Parte Submission of Reauthorization\n"
        'Certifications and Related Procedures."'
    )
    assert values("type_of_counsel", opinion.replace("Government's", "Govenunent's"), OPINION) == [
        "Plaintiff: Government attorneys (U.S. Department of Justice)"
    ]


def test_an_opinions_justice_department_lines_for_the_united_states_are_government_counsel():
    opinion = (
        "ALABAMA CONFERENCE et al., Plaintiffs,\nUnited States of America, Plaintiff-Intervenor,\nv.\n"
        "Lurleen WALLACE, Governor, Defendant.\n"
        "Robert L. Carter, New York City, for plaintiffs.\n"
        "John Doar, Asst. Atty. Gen., and Brian Landsberg, Attys., Dept. of Justice, Washington, D. C., for the United States.\n"
        "Hugh Maddox, Montgomery, Ala., for defendants.\n"
    )
    government = "Plaintiff: Government attorneys (U.S. Department of Justice)"
    assert government in read_as_counsel(opinion)
    # The United States as a defendant, or as an amicus, is no plaintiff.
    sued = opinion.replace("v.\nLurleen WALLACE, Governor", "v.\nUNITED STATES")
    assert government not in read_as_counsel(sued)
    amicus = opinion.replace("for the United States.", "for the United States as amicus curiae.")
    assert government not in read_as_counsel(amicus)


def test_the_signature_block_of_an_answer_to_the_complaint_is_the_defendants():
    signed = "WHEREFORE, the Defendant asks the Court to deny all relief.\nRespectfully submitted,\n/s/ Ann Lee\nAssistant United States Attorney\n"
    answer = DocInfo("answer", "Answer to Complaint", "", "2025-05-28")
    assert values("type_of_counsel", signed, answer) == []
    marked = signed + "Attorneys for the United States of America\n"
    assert values("type_of_counsel", marked, answer) == []
    assert values("type_of_counsel", signed, COMPLAINT) == [
        "Plaintiff: Government attorneys (U.S. Department of Justice)"
    ]
