"""Reported opinions and judges: the rules on small synthetic texts, and the weak references the bench
measures them against (a record's coded citations, the judges its summary names)."""

from __future__ import annotations

from gavel_agent.evaluators.checklist import crlc_court_reference as court
from gavel_agent.evaluators.checklist.crlc_reference import coded_case
from gavel_agent.offline.registry import DocInfo, get_extractor
from gavel_agent.offline.rules.judges import CIRCUIT_AUTHOR, NAMED_ONLY, named_only_as_fallback
from gavel_agent.offline.rules.reported_opinions import opinion_header
from gavel_agent.offline.rules.text import person_name

ORDER = DocInfo("order", "Memorandum Opinion", "Order/Opinion", "2005-07-01")


def values(item: str, text: str) -> list[str]:
    return list(dict.fromkeys(f.value for f in get_extractor("gavel", item)(text, ORDER)))


# -- reported opinions ---------------------------------------------------------------------------------


def test_an_opinion_header_gives_the_opinions_own_citation():
    reporter = "\n \n379 F.Supp.2d 138 (2005)\nJane ROE, Plaintiff,\nv.\nCITY OF SPRINGFIELD, Defendant.\n"
    assert values("reported_opinions", reporter) == ["379 F.Supp.2d 138"]
    captioned = "Moody v. McNamara, 447 U.S. 929 (1980)\n\nOpinion\n"
    assert values("reported_opinions", captioned) == ["Moody v. McNamara, 447 U.S. 929"]
    page_head = "ROE v. CITY OF SPRINGFIELD 191\nCite as 207 F.Supp.2d 191 (S.D.N.Y. 2002)\ning the motion"
    assert [f.value for f in opinion_header(page_head)] == ["207 F.Supp.2d 191"]
    westlaw = "2019 WL 3717800\nOnly the Westlaw citation is currently available.\n"
    assert values("reported_opinions", westlaw) == ["2019 WL 3717800"]


def test_an_unreported_opinions_westlaw_title_and_an_unevenly_spaced_scan():
    westlaw = (
        "Lee v. Conecuh County Bd. of Educ., Not Reported in F.Supp. (1974)\n8 Fair Empl.Prac.Cas. (BNA) 935\n"
        "the Court of Appeals has directed that this Court\n1974 WL 10550\nas a class action and, if so,\n"
    )
    assert [f.value for f in opinion_header(westlaw)] == ["Lee v. Conecuh County Bd. of Educ., 1974 WL 10550"]
    assert [f.value for f in opinion_header("384  F.Supp.  441 \nUnited  States  District  Court")] == [
        "384 F.Supp. 441"
    ]


def test_a_precedent_cited_in_the_body_or_a_table_of_authorities_is_not_a_header():
    assert opinion_header("In Smith v. Jones, 512 U.S. 1 (1994), the court held that\nthe rule applies.") == []
    assert opinion_header("v. Texas, 318 U.S. 413 (1943)\nmore text") == []
    assert opinion_header("Bell v. Wolfish, 441 U.S. 520 (1979) ........................ 14\n") == []
    # A citation named only by a party word (no procedural history of this case before it) is a precedent.
    body = "Roe has argued otherwise. The City relies on Roe v. Wade, 410 U.S. 113 (1973), for the point.\n"
    assert values("reported_opinions", "The order below.\n" + body) == []


def test_coded_citations_and_stated_citations_agree_however_spaced():
    record = {
        "documents": [
            {"cite_1_vol": 379, "cite_1_reporter": "F.Supp.2d", "cite_1_page": 138, "cite_2_vol": 2005},
            {"cite_2_vol": 2019, "cite_2_reporter": "WL", "cite_2_page": 3717800},
            {"cite_1_vol": None, "cite_2_reporter": "WL", "cite_2_page": 42},  # incomplete: no opinion
        ]
    }
    opinions = court.coded_citations(record)
    assert opinions == [["379 fsupp2d 138"], ["2019 wl 3717800"]]
    stated = court.stated_citations(["Roe v. City of Springfield, 379 F. Supp. 2d 138", "2019 WL 3717801"])
    assert [bool(stated & set(keys)) for keys in opinions] == [True, False]


# -- judges ------------------------------------------------------------------------------------------


def test_judges_from_opinion_headings_and_docket_lines():
    assert values("judge_name", "OPINION\nMOTLEY, District Judge.\nFollowing oral argument") == ["Motley"]
    panel = "BEFORE: KENNEDY, GIBBONS, and ROGERS, Circuit Judges.\nROGERS, Circuit Judge.  Defendants appeal"
    assert values("judge_name", panel) == ["Kennedy", "Gibbons", "Rogers"]
    assert values("judge_name", "Assigned to: Honorable John A. Ross Jury Demand: None") == ["John A. Ross"]
    assert values("judge_name", "reassigned. (Signed by Judge Deborah A. Batts\non 2/9/07)") == ["Deborah A. Batts"]
    assert values("judge_name", "PLAINTIFFS, Judge.\n") == []


def test_an_initial_is_part_of_a_name():
    assert person_name("Deborah A. Batts") == "Deborah A. Batts"
    assert person_name("Smith a motion") is None


def test_a_judge_merely_named_is_kept_only_when_nothing_surer_names_one():
    rows = [
        {"value": "Ann Roe", "quote": "Judge Ann Roe said", "confidence": NAMED_ONLY},
        {"value": "Bo Lee", "quote": "BO LEE\nUnited States District Judge", "confidence": 1.0},
        {"value": "Cy Poe", "quote": "as Judge Cy Poe held", "confidence": NAMED_ONLY},
    ]
    assert named_only_as_fallback([0, 1, 2], rows) == [1]
    assert named_only_as_fallback([0, 2], rows) == [0, 2]


def test_judges_from_a_reporter_synopsis_a_capitals_signature_and_a_justice():
    assert values("judge_name", "The Court of Appeals, Birch, Circuit Judge,\nheld that the order") == ["Birch"]
    assert values("judge_name", "Bristol Division, Ernest Rotenberg, J., granted relief") == ["Ernest Rotenberg"]
    assert values("judge_name", "Ciparick, J. (dissenting)\nThe equal protection") == []
    assert values("judge_name", "  /s/ Leslie J. Abrams\nLESLIE J. ABRAMS, JUDGE\nUNITED STATES") == [
        "Leslie J. Abrams"
    ]
    assert values("judge_name", "MICHAEL W. MOSMAN\nJudge, United States Court") == ["Michael W. Mosman"]
    assert values("judge_name", "Assigned to: Justice Arlene P. Bluth\n") == ["Arlene P. Bluth"]


def test_a_judge_name_ends_where_the_name_does():
    assert values("judge_name", "In response to Judge Moses' April 6, 2023, Order on the motion") == ["Moses"]
    assert values("judge_name", "By an order of March 11, Judge Goldstein determined that") == ["Goldstein"]
    assert values("judge_name", "Assigned to: Judge John W. de\nGravelles") == []


def test_a_headed_judge_named_once_beside_a_signature_is_left_and_a_circuit_author_named_twice_kept():
    rows = [
        {"value": "Bo Lee", "quote": "BO LEE\nUnited States District Judge", "confidence": 1.0},
        {"value": "Di Fox", "quote": "Assigned to: Judge Di Fox", "confidence": 0.9},
        {"value": "Berzon", "quote": "BERZON, Circuit Judge", "confidence": CIRCUIT_AUTHOR},
        {"value": "Marsha Berzon", "quote": "Before: Marsha Berzon, Circuit Judge", "confidence": NAMED_ONLY},
        {"value": "Eli Ray", "quote": "RAY, Circuit Judge", "confidence": CIRCUIT_AUTHOR},
    ]
    assert named_only_as_fallback(list(range(5)), rows) == [0, 2]
    rows[1] = {**rows[1], "quote": "Assigned to: Judge Di Fox Date"}
    rows.append({"value": "Di Fox", "quote": "Signed by Judge Di Fox on 1/2/03", "confidence": NAMED_ONLY})
    assert named_only_as_fallback(list(range(6)), rows) == [0, 1, 2]
    rows[0] = {**rows[0], "quote": "BO LEE\nUnited States Magistrate Judge"}  # a magistrate judge signing once
    assert named_only_as_fallback(list(range(6)), rows) == [1, 2]


def test_summary_judges_are_surnames_of_judges_named():
    summary = (
        "<p>The District Court (Judge Dean Whipple) certified the class. On May 5, Magistrate Judge Joseph C."
        " Spero held a hearing; Judge Spero's order followed. The Judge</p><p>On June 1 the case closed.</p>"
    )
    record = {"case_id": 1, "case_data": {"summary": summary}, "documents": []}
    assert court.summary_judges(record) == ["Whipple", "Spero"]
    assert coded_case(record).judges == ["Whipple", "Spero"]
    assert court.judge_named("Spero", ["Joseph C. Spero"]) and not court.judge_named("Spero", ["Sperone"])
    assert court.judge_value_coded("Hon. Dean Whipple", ["Whipple"])
    assert not court.judge_value_coded("Robert E. Larsen", ["Whipple"])


# -- appeals and court rulings -------------------------------------------------------------------------


def test_an_appellate_caption_at_the_top_shows_the_court_the_case_reached():
    ninth = "UNITED STATES COURT OF APPEALS\nFOR THE NINTH CIRCUIT\n\nJANE ROE v. CITY. Before the panel."
    assert values("appeals", ninth) == ["Appeal to the Ninth Circuit"]
    westlaw = "United States Court of Appeals, District of Columbia Circuit.\nROE v. SMITH"
    assert values("appeals", westlaw) == ["Appeal to the D.C. Circuit"]
    assert values("appeals", "Supreme Court of the United States\nNo. 12-345") == ["Appeal to the Supreme Court"]
    # Deep in a district court's opinion, a precedent's court is no caption of this case.
    cited = "MEMORANDUM OPINION\n" + "The court finds. " * 120 + "United States Court of Appeals, Ninth Circuit held."
    assert values("appeals", cited) == []


def test_a_state_appellate_courts_caption_shows_an_appeal_when_a_party_is_on_appeal():
    arizona = "IN THE COURT OF APPEALS\nSTATE OF ARIZONA\nDIVISION ONE\nSTATE OF ARIZONA, Plaintiff/Appellant,\nv."
    assert values("appeals", arizona) == ["Appeal to the Arizona Court of Appeals"]
    louisiana = "No. 40,402-CW\nCOURT OF APPEAL\nSECOND CIRCUIT\nSTATE OF LOUISIANA\nOn Application for Writs"
    assert values("appeals", louisiana) == ["Appeal to the Louisiana Court of Appeal"]
    westlaw = "442 Mass. 228 (2004)\nSupreme Judicial Court of Massachusetts, Suffolk.\nROE, Appellant, v. DOE."
    assert values("appeals", westlaw) == ["Appeal to the Massachusetts Supreme Judicial Court"]
    # A court of last resort hearing a case first (an original writ) shows no appeal; New York's Supreme
    # Court is its trial court; a sentence naming a state's court is no caption.
    original = "IN THE SUPREME COURT OF THE STATE OF OKLAHOMA\nIN RE: STATE QUESTION NO. 805\nPetitioners, v. ROGERS"
    assert values("appeals", original) == []
    assert values("appeals", "Supreme Court, Queens County, New York.\nROE, Appellant, v. DOE") == []
    assert values("appeals", "He argued before the court of appeals in Massachusetts as appellant.") == []


def test_appellate_courts_from_the_documents_courts_and_how_a_value_names_one():
    record = {
        "documents": [
            {"court": "Eastern District of Missouri"},
            {"court": "U.S. Court of Appeals for the Eighth Circuit"},
            {"court": "Supreme Court of the United States"},
            {"court": "New York state supreme court"},  # New York's trial court
            {"court": "Colorado state supreme court"},
        ]
    }
    assert court.appellate_courts(record) == ["eighth circuit", "supreme court", "state appellate"]
    assert court.appeal_names_court("eighth circuit", "Defendants appealed to the 8th Cir.")
    assert not court.appeal_names_court("eighth circuit", "Appeal to the Eighteenth Circuit")
    assert not court.appeal_names_court("first circuit", "Appeal to the 11th Circuit")
    assert court.appeal_names_court("supreme court", "Petition for certiorari to the Supreme Court: denied")
    assert not court.appeal_names_court("supreme court", "Appeal to the Colorado state supreme court")
    assert not court.appeal_names_court("supreme court", "Appeal to the Nebraska Supreme Court")
    assert not court.appeal_names_court("supreme court", "Appeal to the Supreme Court of Arizona")
    assert court.appeal_names_court("supreme court", "Petition to the United States Supreme Court: denied")
    assert court.appeal_names_court("state appellate", "Appeal to the Massachusetts Supreme Judicial Court")
    assert coded_case({"case_id": 1, "case_data": {}, **record}).appellate_courts[0] == "eighth circuit"
    # Before October 1981 the Fifth Circuit heard the appeals the Clearinghouse lists under the Eleventh.
    old = {"documents": [{"court": "U.S. Court of Appeals for the Eleventh Circuit", "date": "1964-07-18"}]}
    assert court.appellate_courts(old) == ["fifth circuit"]


def test_the_summary_names_appellate_courts_the_listing_lacks():
    summary = (
        "<p>Later in February 2017, the plaintiffs appealed the dismissal of their complaint to the Sixth Circuit. "
        "On March 19, 2018, the Supreme Court denied a writ of certiorari. The defendants appealed to the "
        "Louisiana Court of Appeal for the Second Circuit. There was no precedent: the Supreme Court had only "
        "upheld policies that protected students. The plaintiffs have yet to petition the Ninth Circuit.</p>"
    )
    record = {"case_data": {"summary": summary}}
    assert court.summary_appellate_courts(record) == ["sixth circuit", "supreme court", "state appellate"]


def test_an_order_is_itself_a_ruling_dated_by_its_signature_line():
    signed = "The hearing was held and the parties were heard.\nSO ORDERED this 3rd day of May, 2001.\n"
    assert values("court_rulings", signed) == ["Memorandum Opinion entered (May 3, 2001)"]  # named by its title
    # A ruling already dated that day is not listed twice.
    ruled = "Defendants' motion to dismiss is DENIED.\nDated: July 1, 2005\n"
    assert values("court_rulings", ruled) == ["Motion to dismiss denied (July 1, 2005)"]
    complaint = DocInfo("complaint", "Complaint", "Complaint", "2001-05-03")
    assert get_extractor("gavel", "court_rulings")(signed, complaint) == []


def test_an_undated_ruling_takes_the_orders_signature_date():
    text = "Plaintiffs' motion for a preliminary injunction is GRANTED.\n\nDated: March 2, 2010\n"
    unlisted = DocInfo("order", "Order", "Order/Opinion")  # the listing gives no date
    found = get_extractor("gavel", "court_rulings")(text, unlisted)
    assert [f.value for f in found] == ["Motion for preliminary injunction granted (March 2, 2010)"]


def test_a_judges_bare_surname_gives_way_to_the_fullest_name_kept():
    rows = [
        {
            "value": "Helen R. Castellano",
            "quote": "HELEN R. CASTELLANO\nUnited States District Judge",
            "confidence": 1.0,
        },
        {"value": "Castellano", "quote": "CASTELLANO, District Judge.", "confidence": 0.9},
        {"value": "Helen R. Castellano", "quote": "/s/ Helen R. Castellano", "confidence": 1.0},
        {"value": "Bo Lee", "quote": "BO LEE\nUnited States District Judge", "confidence": 1.0},
    ]
    assert named_only_as_fallback([0, 1, 2, 3], rows) == [0, 2, 3]
