"""Support: whether a value's quotes state what it asserts, judged over all its quotes together."""

import json

import pytest

from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import Evidence, Value
from gavel_agent.tools import calls
from gavel_agent.tools.support import Quoted, judge, judge_quoted, refusals_off, spoken_date
from gavel_agent.tools.workspace import Workspace
from gavel_agent.verification.stage import challenge

SPEC = load_spec("gavel")

COMPLAINT = (
    "Case 1:21-cv-01187 Document 1 Filed 03/15/21 Page 1 of 3\n"
    "AMENDED COMPLAINT\n\nCASE NO. 25-22896-CV-WILLIAMS\n"
    "Plaintiffs bring this action on behalf of themselves and all others similarly situated.\n"
    "The plaintiffs ask the court to order the county to reduce crowding in the jail. "
    "The defendants shall pay $1,500,000 to the class within three (3) years. "
    "See ECF 31 at 27.\n"
    "This is the story of a jail and its people, told to the court in the words of the plaintiffs.\n"
)
ORDER = "ORDER\nThe motion to dismiss is GRANTED.\nSO ORDERED on March 15, 2021.\nKATHLEEN M. WILLIAMS\nUNITED STATES DISTRICT JUDGE\n"


def item(key):
    return SPEC.item(key)


@pytest.mark.parametrize(
    ("key", "value", "quotes", "lacks"),
    [
        ("filing_date", "1989-02-09", ["AMENDED COMPLAINT"], "does not state February 9, 1989"),
        ("filing_date", "1995-10-18", ["COMPLAINT"], "does not state October 18, 1995"),
        ("filing_date", "1974-02-15", ["COMPLAINT  ^S -•-"], "does not state February 15, 1974"),
        ("important_filings", "May 16, 2024: Complaint", ["PETITION FOR REVIEW"], "does not state May 16, 2024"),
        ("judge_name", "Kathleen M. Williams", ["CASE NO. 25-22896-CV-WILLIAMS"], "does not name"),
        ("judge_name", "Mallory Evil", ["the court of the state and to the people in the order"], "does not name"),
        ("court_rulings", "court granted the motion to dismiss", ["ECF 31 at 27"], "no content word"),
        ("court_rulings", "June 1, 2022: court granted the motion", ["ECF 31 at 27"], "does not state June 1, 2022"),
        (
            "related_case_numbers",
            "Doe v. Roe, No. 1:21-cv-01188: earlier suit",
            ["Doe v. Roe, No. 1:21-cv-1187"],
            "01188",
        ),
        ("decree_duration", "three years: monitoring", ["monitoring for two years"], "figure 3"),
        ("class_action", "Plaintiffs: Class Action", ["Plaintiffs seek damages"], "what decides"),
    ],
)
def test_quotes_that_do_not_state_the_value_are_unsupported(key, value, quotes, lacks):
    verdict = judge(value, quotes, item(key))
    assert verdict.status == "unsupported"
    assert lacks in verdict.reason


@pytest.mark.parametrize(
    ("key", "value", "quotes"),
    [
        ("filing_date", "1974-02-15", ["COMPLAINT", "FILED FEB 15 1974"]),  # the title and the stamp together
        ("filing_date", "March 15, 2021", ["Filed 03/15/21"]),
        ("judge_name", "Hon. Kathleen M. Williams", ["KATHLEEN M. WILLIAMS UNITED STATES DISTRICT JUDGE"]),
        ("judge_name", "Kathleen Williams", ["Before: WILLIAMS, District Judge"]),
        ("parties", "Plaintiff: American Civil Liberties Union (organisation)", ["the ACLU brings this suit"]),
        ("related_case_numbers", "Doe v. Roe, No. 1:21-cv-01187: earlier suit", ["Doe v. Roe, No. 1:21-cv-1187"]),
        ("court_rulings", "court granted the motion to dismiss", ["the Court GRANTS the motion to dismiss"]),
        ("class_action", "Plaintiffs: Class Action", ["on behalf of all others similarly situated"]),
        ("decree_duration", "three years: monitoring", ["monitoring shall last 3 years"]),
    ],
)
def test_quotes_that_state_the_value(key, value, quotes):
    assert judge(value, quotes, item(key)).status == "states"


def test_a_counsel_type_is_the_readers_category_its_organisation_the_quotes_to_give():
    # "Public interest nonprofit" is what a reader makes of the organisation; no paper says it of itself
    counsel = item("type_of_counsel")
    named = judge("Plaintiff: Public interest nonprofit (Children's Rights)", ["CHILDREN'S RIGHTS, INC."], counsel)
    assert named.status == "states"
    assert judge(
        "Plaintiff: Public interest nonprofit (ACLU)", ["Respectfully submitted, Jones Day"], counsel
    ).status == ("unsupported")
    # other items keep asking for those words
    assert (
        judge("Public interest nonprofit suing", ["CHILDREN'S RIGHTS, INC."], item("factual_basis")).status != "states"
    )


def test_typed_facts_stated_with_few_words_are_related():
    verdict = judge(
        "2021-03-15: Plaintiffs filed the complaint", ["Filed 03/15/21 Page 1 of 30"], item("important_filings")
    )
    assert verdict.status == "related" and "0%" in verdict.reason
    money = judge("Defendants must pay $1.5 million", ["shall pay $1,500,000 to"], item("settlement_terms"))
    assert money.status != "unsupported"


def test_a_date_is_stated_only_as_precisely_as_the_quote_gives_it():
    assert judge("2021-03-15", ["in March 2021"], item("filing_date")).status == "unsupported"
    assert judge("March 2021", ["on March 15, 2021"], item("filing_date")).status == "states"
    assert spoken_date((2021, 3, None)) == "March 2021"


@pytest.fixture
def ws():
    case = Case(
        "t",
        [
            Document("01-complaint", COMPLAINT, "Complaint", "Complaint", "2021-03-15"),
            Document("02-order", ORDER, "Order", "Order/Opinion", "2021-09-01"),
        ],
    )
    return Workspace.open(case, SPEC, SPEC.keys)


def write(ws, tool, item_key, values):
    spec = next(t for t in calls.tool_specs() if t.name == tool)
    return calls.invoke(ws, spec, json.dumps({"item": item_key, "values": values}))


def test_write_refuses_an_unsupported_value_saying_what_the_quote_lacks(ws):
    title_only = {"value": "2021-03-15", "evidence": [{"document": "01-complaint", "quote": "AMENDED COMPLAINT"}]}
    result = write(ws, "append_checklist", "filing_date", [title_only])
    assert not result.ok and "the quote does not state March 15, 2021" in result.text
    assert ws.checklist.items["filing_date"] == []
    with_stamp = dict(
        title_only, evidence=title_only["evidence"] + [{"document": "01-complaint", "quote": "Filed 03/15/21"}]
    )
    assert write(ws, "append_checklist", "filing_date", [with_stamp]).ok
    (stored,) = ws.checklist.items["filing_date"]
    assert stored.support == "states"
    assert [e.support for e in stored.evidence] == ["unsupported", "states"]  # each quote alone


def test_with_refusals_off_an_unsupported_value_is_stored_and_marked(ws):
    """The bench's measurement of what the check costs: the same write stored, judged unsupported."""
    title_only = {"value": "2021-03-15", "evidence": [{"document": "01-complaint", "quote": "AMENDED COMPLAINT"}]}
    with refusals_off():
        assert write(ws, "append_checklist", "filing_date", [title_only]).ok
    (stored,) = ws.checklist.items["filing_date"]
    assert (stored.support, stored.support_note) == ("unsupported", "the quote does not state March 15, 2021")
    again = dict(title_only, value="2021-03-16")
    assert not write(ws, "append_checklist", "filing_date", [again]).ok  # the check is back after the block


def test_the_stopword_quote_cannot_carry_a_judge(ws):
    stopwords = {
        "value": "Mallory Evil",
        "evidence": [{"document": "01-complaint", "quote": "the ... of ... and ... to ... in ... the"}],
    }
    result = write(ws, "append_checklist", "judge_name", [stopwords])
    # Refused by the quote checker (each piece too short to find) before support is judged; either way
    # the stopwords store no judge.
    assert not result.ok and "refused 'Mallory Evil'" in result.text
    assert ws.checklist.items["judge_name"] == []


def test_stopword_pieces_long_enough_to_align_still_do_not_name_a_judge(ws):
    pieces = {"value": "Mallory Evil", "evidence": [{"document": "01-complaint", "quote": "of the ... and the"}]}
    result = write(ws, "append_checklist", "judge_name", [pieces])
    assert not result.ok and ws.checklist.items["judge_name"] == []


def test_related_values_are_stored_with_their_note(ws):
    stamp = {
        "value": "2021-03-15: Plaintiffs filed the complaint",
        "evidence": [{"document": "01-complaint", "quote": "Filed 03/15/21 Page 1 of 3"}],
    }
    assert write(ws, "append_checklist", "important_filings", [stamp]).ok
    (stored,) = ws.checklist.items["important_filings"]
    assert stored.support == "related" and "value's words" in (stored.support_note or "")


def test_verify_challenges_an_unsupported_value(ws):
    # The category questions pass (the word is there) but the docket number does not name the judge.
    value = Value(value="Williams", evidence=[Evidence(document="01-complaint", quote="CASE NO. 25-22896-CV-WILLIAMS")])
    assert challenge(value, item("judge_name"), ws.case) == "unsupported: the quote does not name Williams"
    named = Value(value="Kathleen M. Williams", evidence=[Evidence(document="02-order", quote="KATHLEEN M. WILLIAMS")])
    assert challenge(named, item("judge_name"), ws.case) is None


def test_verify_keeps_an_item_settled_as_none(ws):
    from gavel_agent.checklists.record import ChecklistFile, CitedSearch, NoneInRecord
    from gavel_agent.verification.stage import verify_checklist

    none = NoneInRecord(reason="no trial", searches=[CitedSearch(mode="bm25", query="trial", hits=0)])
    judge = Value(
        value="Kathleen M. Williams",
        evidence=[Evidence(document="01-complaint", quote="CASE NO. 25-22896-CV-WILLIAMS")],
    )
    checklist = ChecklistFile(case="t", items={"trials": [], "judge_name": [judge]}, settled={"trials": none})
    result = verify_checklist(checklist, SPEC, ws.case)
    assert result.checklist.none_in_record("trials") == none
    (decision,) = result.decisions
    assert decision.action == "delete" and decision.item == "judge_name"


def test_items_whose_values_are_judgements_are_not_judged_for_support():
    cato = load_spec("cato")
    case = Case(
        "t", [Document("opinion", "The plaintiff told the buyer the formula during the talks.", "Opinion", "", None)]
    )
    ws = Workspace.open(case, cato, cato.keys)
    result = write(
        ws,
        "append_checklist",
        "F1",
        [
            {
                "value": "F1 Disclosure-in-negotiations",
                "evidence": [{"document": "opinion", "quote": "told the buyer the formula during the talks"}],
            }
        ],
    )
    assert result.ok, result.text
    assert ws.checklist.items["F1"][0].support is None


def test_an_initialism_the_quote_spells_out_counts_as_its_word():
    verdict = judge(
        "Plaintiff: Public interest nonprofit (ACLU)",
        ["American Civil Liberties Union  Raphael Goldman"],
        item("type_of_counsel"),
    )
    assert verdict.status == "states"  # the organisation is named; its category is the reader's
    assert (
        judge(
            "Plaintiff: Public interest nonprofit (NAACP)", ["American Civil Liberties Union"], item("type_of_counsel")
        ).status
        == "unsupported"
    )


def test_citations_run_together_are_separate_figures():
    quotes = ["42 US.C. § 1983,42 US.C. § 1985,28 US.c. § 1331"]
    assert judge("42 U.S.C. § 1983", quotes, item("cause_of_action")).status != "unsupported"
    assert "1986" in judge("42 U.S.C. § 1986", quotes, item("cause_of_action")).reason


@pytest.mark.parametrize("value", ["42 U.S.C. § 1983", "Civil rights claim, 42 U.S.C. § 1983"])
def test_a_quoted_section_states_its_citation_without_the_title_number(value):
    support = judge(value, ["Count VII (§ 1983) of the Complaint is ALLOWED"], item("cause_of_action"))
    assert support.status != "unsupported"
    assert judge("42 U.S.C. § 1986", ["Count VII (§ 1983)"], item("cause_of_action")).status == "unsupported"


def test_a_quote_naming_the_act_states_its_canonical_citation():
    quotes = ["Title VIII claim under\nFair Housing Act of 1968"]
    assert judge("Fair Housing Act, 42 U.S.C. § 3601", quotes, item("statutory_basis")).status == "states"
    # the act's own year is the value's figure, not the citation's: still asked for
    civil_rights = "Title VI of the Civil Rights Act of 1964, 42 U.S.C. § 2000d"
    assert "1964" in judge(civil_rights, ["Title VIII of the Civil Rights Act"], item("statutory_basis")).reason
    # a quote naming neither the act nor the section states neither
    assert "42" in judge("Fair Housing Act, 42 U.S.C. § 3601", ["the Act prohibits it"], item("statutory_basis")).reason


def test_a_quote_citing_a_section_of_the_act_states_the_act():
    quotes = ["Title VIII of the Civil Rights \nAct of 1968, 42 U.S.C.  3604(a)  (Disparate Impact)"]
    assert judge("Fair Housing Act, 42 U.S.C. § 3601", quotes, item("cause_of_action")).status != "unsupported"
    # another title's section, or one far from the act's first, is another statute
    for other in ["29 U.S.C. § 3604", "42 U.S.C. § 1983"]:
        assert judge("Fair Housing Act, 42 U.S.C. § 3601", [other], item("cause_of_action")).status == "unsupported"


@pytest.mark.parametrize(
    "quote",
    [
        "in violation of Article II, Section 2 of the Louisiana\nConstitution.",
        "under G.L. c. 258 (the Massachusetts Tort Claims Act) for negligence",
        "the plaintiffs' state law claims",
    ],
)
def test_a_state_s_constitution_or_statute_states_state_law(quote):
    assert judge("State law", [quote], item("cause_of_action")).status == "states"


@pytest.mark.parametrize("quote", ["SUPERIOR COURT OF CALIFORNIA", "under the Fourteenth Amendment"])
def test_a_state_court_or_a_federal_clause_is_not_state_law(quote):
    assert judge("State law", [quote], item("cause_of_action")).status == "unsupported"


@pytest.mark.parametrize("quote", ["UNITED STATES OF AMERICA,\n     Plaintiff,\nv.", "STATE OF ARIZONA,  )  Plaintiff"])
def test_a_government_party_states_government_attorneys(quote):
    assert judge("Plaintiff: Government attorneys", [quote], item("type_of_counsel")).status == "states"
    assert judge("Plaintiff: Private attorneys", [quote], item("type_of_counsel")).status == "unsupported"


def test_a_dotted_initialism_is_the_initialism():
    quotes = ["A.C.L.U.  Foundation  of  Southern  California"]
    assert judge("Plaintiff: Public interest nonprofit (ACLU)", quotes, item("type_of_counsel")).status != "unsupported"


def test_a_day_without_its_year_is_stated_by_the_quoted_date():
    quotes = ["This Agreement shall remain in effect from the Effective Date until June 30, \n2010."]
    assert judge("until June 30: the Agreement", quotes, item("settlement_duration")).status == "states"
    refused = judge("until June 29: the Agreement", quotes, item("settlement_duration"))
    assert refused.status == "unsupported" and "June 29" in refused.reason


def test_a_quote_citing_the_statute_states_the_name_s_own_section():
    value = "Section 504 of the Rehabilitation Act, 29 U.S.C. § 794"
    assert judge(value, ["Cause: 29:0794 Job Discrimination (Handicap)"], item("cause_of_action")).status == "related"
    assert "504" in judge(value, ["residents of Colorado who qualify"], item("cause_of_action")).reason


@pytest.mark.parametrize("quote", ["enjoining  the  defendant from", "a preliminary injunction"])
def test_enjoining_states_injunctive_relief(quote):
    assert judge("Injunctive relief", [quote], item("remedy_sought")).status == "states"
    assert judge("Monetary damages", [quote], item("remedy_sought")).status == "unsupported"


# -- issue 38, friction found by capable models played through the loop ------------------------------


@pytest.mark.parametrize(
    ("key", "value", "quote"),
    [
        ("decree_duration", "24 months: monitoring", "monitoring shall continue for twenty-four months"),
        ("decree_duration", "3 months: compliance", "after three consecutive months of compliance"),
        ("decree_duration", "2.5 years: monitoring", "monitoring for two-and-a-half years"),
        ("settlement_terms", "Defendants must hire 100 officers", "the City shall hire one hundred officers"),
        (
            "settlement_terms",
            "Defendants must pay $250 per day",
            "Defendants shall pay two hundred and fifty dollars per day",
        ),
    ],
)
def test_numbers_written_in_words_state_their_figures(key, value, quote):
    assert judge(value, [quote], item(key)).status == "states"


def test_a_number_in_words_still_has_to_be_the_value_s_number():
    refused = judge("24 months: monitoring", ["monitoring for twenty-three months"], item("decree_duration"))
    assert refused.status == "unsupported" and "24" in refused.reason


@pytest.mark.parametrize(
    ("value", "quote"),
    [
        ("March 2018", "the complaint was filed in March of 2018"),
        ("December 15, 2016", "On December 15,2016, Plaintiffs filed"),
        ("May 3, 2019", "SO ORDERED this the 3rd day of May, 2019."),
        ("May 3, 2019", "entered on May 3rd, 2019"),
        ("2025-05-02", "Case 1:25-cv-00012 Document 1 Filed 05/02/25 Page 1 of 9"),
    ],
)
def test_dates_as_papers_write_them_state_the_date(value, quote):
    assert judge(value, [quote], item("filing_date")).status == "states"


def test_a_date_in_another_form_must_still_be_the_same_day():
    assert judge("May 4, 2019", ["the 3rd day of May, 2019"], item("filing_date")).status == "unsupported"
    assert judge("March 2019", ["in March of 2018"], item("filing_date")).status == "unsupported"


@pytest.mark.parametrize(
    ("key", "value", "quote"),
    [
        ("cause_of_action", "Rule 23(b)(3) class action", "certified a class under Fed. R. Civ. P. 23(b)(3)"),
        ("appeals", "Appeal: plaintiffs appealed to the Court of Appeals (5th Cir.)", "appeal to the Fifth Circuit"),
        ("cause_of_action", "42 U.S.C. § 1983", "claims under 42 U.S.C. § 1983 for"),
        (
            "cause_of_action",
            "Title VI of the Civil Rights Act of 1964, 42 U.S.C. § 2000d",
            "Title VI prohibits discrimination by recipients of Federal financial assistance",
        ),
        (
            "cause_of_action",
            "Section 504 of the Rehabilitation Act, 29 U.S.C. § 794",
            "defendants have violated their rights under the ADA and Rehabilitation Act",
        ),
        ("cause_of_action", "Administrative Procedure Act (APA), 5 U.S.C. § 702", "final agency action under the APA"),
        (
            "cause_of_action",
            "Administrative Procedure Act (APA), 5 U.S.C. § 702",
            "jurisdiction under 5 U.S.C. §§ 701–06.",
        ),
    ],
)
def test_figures_inside_a_legal_name_are_stated_by_the_name(key, value, quote):
    assert judge(value, [quote], item(key)).status != "unsupported"


@pytest.mark.parametrize(
    ("key", "value", "quote", "lacks"),
    [
        (
            "appeals",
            "Appeal: plaintiffs appealed to the Court of Appeals (5th Cir.)",
            "appeal to the Sixth Circuit",
            "5",
        ),
        ("cause_of_action", "Section 504 of the Rehabilitation Act", "Section 503 of the Rehabilitation Act", "504"),
        ("cause_of_action", "Civil Rights Act of 1964", "the Civil Rights Act of 1991", "1964"),
        (
            "cause_of_action",
            "Title VI of the Civil Rights Act of 1964, 42 U.S.C. § 2000d",
            "Title VII of the Civil Rights Act of 1964",
            "2000",
        ),
        (
            "cause_of_action",
            "Title IX of the Education Amendments of 1972",
            "Title VII of the Civil Rights Act",
            "1972",
        ),
        (
            "cause_of_action",
            "Administrative Procedure Act (APA), 5 U.S.C. § 702",
            "the Freedom of Information Act, 5 U.S.C. § 552",
            "702",
        ),
    ],
)
def test_another_statute_or_court_does_not_state_the_name_s_figures(key, value, quote, lacks):
    verdict = judge(value, [quote], item(key))
    assert verdict.status == "unsupported" and lacks in verdict.reason


def test_a_refusal_names_every_missing_date_and_figure():
    verdict = judge(
        "March 3, 2020 to June 30, 2021: pay $500 for 24 months",
        ["the County shall pay $400"],
        item("settlement_terms"),
    )
    assert verdict.status == "unsupported"
    for lacking in ("March 3, 2020", "June 30, 2021", "500", "24"):
        assert lacking in verdict.reason


@pytest.mark.parametrize(
    ("key", "value", "quote"),
    [
        ("type_of_counsel", "Plaintiff: Public interest nonprofit (ACLU)", "New York Civil Liberties Union"),
        ("type_of_counsel", "Plaintiff: Government attorneys", "Chief, Special Litigation Section"),
        ("type_of_counsel", "Plaintiff: Government attorneys", "Roberta RANDALL et al.\nUNITED STATES\nv.\nSUMTER"),
    ],
)
def test_counsel_named_in_other_words(key, value, quote):
    assert judge(value, [quote], item(key)).status != "unsupported"
    assert judge("Plaintiff: Private attorneys", [quote], item(key)).status == "unsupported"


DOCKET = (
    "1 | 2019-03-01 | COMPLAINT against City of Riverside filed by Jane Doe. (Attachments: # 1 Civil Cover Sheet)"
    " (Smith, John) (Entered: 03/04/2019)\n"
    "169 | 2019-07-26 | MOTION to Certify Class by Jane Doe. (Attachments: # 1 Exhibit A) (Smith, John)"
    " (Entered: 07/26/2019)\n"
)


@pytest.fixture
def docket_ws():
    return Workspace.open(Case("t", [Document("docket", DOCKET, "Docket", "docket", None)]), SPEC, SPEC.keys)


def test_a_whole_docket_entry_states_its_filing_and_the_prefix_alone_does_not(docket_ws):
    value = "July 26, 2019: Plaintiffs filed a motion to certify the class"
    prefix = {"value": value, "evidence": [{"document": "docket", "quote": "169 | 2019-07-26 |"}]}
    refused = write(docket_ws, "append_checklist", "important_filings", [prefix])
    assert not refused.ok and "no words" in refused.text
    entry = DOCKET.splitlines()[1]
    whole = {"value": value, "evidence": [{"document": "docket", "quote": entry}]}
    assert write(docket_ws, "append_checklist", "important_filings", [whole]).ok
    (stored,) = docket_ws.checklist.items["important_filings"]
    assert stored.support == "states" and DOCKET[stored.evidence[0].start_char :].startswith("169 | 2019-07-26")
    first = {"value": "March 1, 2019", "evidence": [{"document": "docket", "quote": DOCKET.splitlines()[0]}]}
    assert write(docket_ws, "append_checklist", "filing_date", [first]).ok


@pytest.mark.parametrize(
    ("key", "value", "quotes", "status", "reason"),
    [
        # Hand-played 43966: an ordinance's dotted section numbers were three figures each, never stated.
        (
            "factual_basis",
            "Municipal Code 5.61.020 bans sleeping on sidewalks and 5.61.030 bans camping on public property",
            [
                "5.61.020 Sleeping on Sidewalks. No person may sleep on public sidewalks",
                "5.61.030 Camping on public property",
            ],
            "states",
            "",
        ),
        (
            "factual_basis",
            "Municipal Code 5.61.040 bans camping on public property",
            ["5.61.030 Camping on public property is prohibited"],
            "unsupported",
            "the quote does not state section 5.61.040",
        ),
        # A reporter's series with or without its space (43966 "72 F. 4th 868", 12429 "591 F.Supp.2d 1186").
        ("reported_opinions", "72 F.4th 868", ["72 F. 4th 868"], "states", ""),
        (
            "reported_opinions",
            "Blake v. City of Grants Pass, 72 F. 4th 868",
            ["Blake v. City of Grants Pass, 72 F.4th 868"],
            "states",
            "",
        ),
        (
            "reported_opinions",
            "72 F.4th 869",
            ["72 F. 4th 868"],
            "unsupported",
            "the quote does not state the figure 869",
        ),
        # A year the value gives alone is stated by a full date of that year (12429).
        (
            "factual_basis",
            "By 2017 caseworkers made 97.7% of required visits",
            ["as of January 1, 2017, caseworkers made 97.7% of required visits"],
            "states",
            "",
        ),
        (
            "factual_basis",
            "By 2018 caseworkers made 97.7% of required visits",
            ["as of January 1, 2017, caseworkers made 97.7% of required visits"],
            "unsupported",
            "the quote does not state the figure 2018",
        ),
    ],
)
def test_section_numbers_reporter_series_and_years_in_dates(key, value, quotes, status, reason):
    got = judge(value, quotes, SPEC.item(key))
    assert (got.status, got.reason) == (status, reason)


def test_a_duration_the_quoted_dates_span_is_stated():
    """Four hand-played runs worked out a decree's length from its entry and its end and saw it refused."""
    quotes = [
        "ORDER APPROVING AND ENTERING CONSENT DECREE. Signed on August 31, 2020",
        "On July 31, 2024 the action is dismissed",
    ]
    item = SPEC.item("decree_duration")
    assert judge("4 years: the consent decree", quotes, item).status == "states"
    assert judge("about four years: the consent decree", quotes, item).status != "unsupported"
    assert judge("47 months: the consent decree", quotes, item).status == "states"
    five = judge("five years: the consent decree", quotes, item)
    assert (five.status, five.reason) == ("unsupported", "the quote does not state the figure 5 year")
    alone = judge("four years: the consent decree", quotes[:1], item)
    assert alone.status == "unsupported"  # one date spans nothing


def test_a_duration_is_found_among_many_quoted_dates():
    """A whole case's text gives thousands of dates: the pair that spans a duration is looked up near its length."""
    days = [f"On March {d}, {y} the consent decree was heard." for y in range(1990, 2000) for d in range(1, 29)]
    item = SPEC.item("decree_duration")
    assert judge("15 years: the consent decree", [*days, "It ended on March 3, 2010"], item).status == "states"
    unspanned = judge("15 years: the consent decree", days, item)  # at most ten years apart
    assert (unspanned.status, unspanned.reason) == ("unsupported", "the quote does not state the figure 15")
    assert judge("9 years: the consent decree", days, item).status == "states"


def test_one_reading_of_the_quotes_judges_many_values_as_each_alone():
    quoted = Quoted([COMPLAINT, ORDER])
    for key, value in [
        ("judge_name", "Kathleen M. Williams"),
        ("judge_name", "John Roberts"),
        ("filing_date", "2021-03-15"),
        ("settlement_terms", "The defendants shall pay $2,000,000"),
        ("class_action", "Class action sought"),
    ]:
        assert judge_quoted(value, quoted, item(key)) == judge(value, [COMPLAINT, ORDER], item(key))


def test_a_day_without_its_year_is_stated_by_the_same_day_without_one():
    """Hand-played 17701, three runs: 'arrested on July 25' was refused as not stating July 25."""
    item = SPEC.item("factual_basis")
    value = "Booking records show one person arrested July 25 waited more than 144 hours, another arrested July 23"
    quote = [
        "one person arrested on July 25 did not receive a hearing until July 31, more than 144 hours later, "
        "and another arrested on July 23, waited longer"
    ]
    assert judge(value, quote, item).status != "unsupported"
    other = judge(value.replace("July 23", "July 22"), quote, item)
    assert (other.status, other.reason) == ("unsupported", "the quote does not state July 22")


def test_a_case_number_or_citation_is_stated_by_its_number():
    """Hand-played 17701 and 43966: a related case's number quoted from the docket scored 0% of the value's
    words because the docket gives no caption."""
    item = SPEC.item("related_case_numbers")
    quote = ["Notice of filing of Petition for Writ of Mandamus (USCA No. 19-20377)"]
    assert judge("Fifth Circuit mandamus petition, No. 19-20377", quote, item).status == "states"
    wrong = judge("Fifth Circuit mandamus petition, No. 19-20378", quote, item)
    assert wrong.status == "unsupported" and "19-20378" in wrong.reason or "20378" in wrong.reason
    # A value with no number is judged by its words, as before.
    assert judge("Butler v. Denka Performance Elastomer", quote, item).status == "unsupported"
    assert judge("72 F.4th 868", ["72 F. 4th 868"], SPEC.item("reported_opinions")).status == "states"
