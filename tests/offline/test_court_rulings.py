"""Court rulings: an order or opinion read in part as a ruling of its own, the settling step that keeps one
value per ruling, and the policy handing court_rulings the order pages other items read."""

from __future__ import annotations

from gavel_agent.checklists import load_spec
from gavel_agent.offline.registry import DocInfo, get_extractor
from gavel_agent.offline.rules.ruling_papers import PAPER_CONFIDENCE, one_value_per_ruling, paper_ruling

ORDER = DocInfo("order", "Order", "Order/Opinion", "2019-03-04")
CAPTION = "JANE DOE, Plaintiff,\nv.\nCITY OF SPRINGFIELD, Defendant.\n\n"


def rulings(text: str, doc: DocInfo = ORDER) -> list[str]:
    return [f.value for f in get_extractor("gavel", "court_rulings")(text, doc)]


def test_a_heading_that_names_the_ruling_is_the_value_dated_by_the_listing():
    text = (
        CAPTION + "ORDER GRANTING IN PART AND DENYING IN PART   \nDEFENDANTS' MOTION TO STRIKE\n\nBefore the Court.\n"
    )
    (found,) = get_extractor("gavel", "court_rulings")(text, ORDER)
    assert found.value == "Order granting in part and denying in part defendants' motion to strike (March 4, 2019)"
    assert found.quote in text and found.quote.startswith("ORDER GRANTING")
    # A two-column page puts the other column's words after a wide gap on the heading's line.
    columns = CAPTION + "MEMORANDUM ORDER ON DISCOVERY     the parties in the course of\nText.\n"
    assert rulings(columns) == ["Memorandum order on discovery (March 4, 2019)"]


def test_a_heading_cut_off_by_the_page_takes_the_listing_title_or_loses_its_dangling_words():
    text = CAPTION + "ORDER GRANTING PLAINTIFFS' MOTION FOR\nthe relief they seek, as follows.\n"
    titled = DocInfo("order", "Order Granting Motion for Preliminary Injunction", "Order/Opinion", "2009-03-09")
    assert rulings(text, titled) == ["Order Granting Motion for Preliminary Injunction (March 9, 2009)"]
    assert rulings(text) == ["Order granting plaintiffs' motion (March 4, 2019)"]


def test_a_bare_heading_gives_way_to_the_decretal_clause_or_a_specific_listing_title():
    text = CAPTION + "ORDER\nIt is hereby ORDERED that this matter is referred to the Court's Mediation Program.\n"
    assert rulings(text) == ["Order: this matter is referred to the Court's Mediation Program (March 4, 2019)"]
    titled = DocInfo("opinion", "Memorandum Opinion Certifying the Class", "Order/Opinion", "1984-11-07")
    (found,) = get_extractor("gavel", "court_rulings")(CAPTION + "MEMORANDUM OPINION\nThe plaintiffs ask.\n", titled)
    assert found.value == "Memorandum Opinion Certifying the Class (November 7, 1984)"
    assert found.quote == "MEMORANDUM OPINION"


def test_an_appellate_mandate_is_what_the_opinion_decides():
    opinion = DocInfo("opinion", "Opinion", "Order/Opinion", "1997-08-18")
    text = "We hold the officers immune.\nThe judgment of the district court is reversed, and the case is remanded.\n"
    assert rulings(text, opinion) == [
        "Opinion: the judgment of the district court is reversed, and the case is remanded (August 18, 1997)"
    ]


def test_a_paper_seen_only_by_its_signature_line_is_named_by_its_listing_title():
    signed = "The parties have agreed.\nSO ORDERED this 3rd day of May, 2001.\n"
    named = {
        "Final Judgment": "Final Judgment entered (May 3, 2001)",
        "Order": "Order entered (May 3, 2001)",
        "Memorandum of Law in Support of Motion": "Order entered (May 3, 2001)",  # a brief's title names no ruling
        "Stipulation and Order of Dismissal": "Stipulation and Order of Dismissal entered (May 3, 2001)",
        "Memorandum and Order": "Memorandum and Order entered (May 3, 2001)",
        "Motion for Entry of Judgment and Order": "Order entered (May 3, 2001)",  # the parties' request, not the paper
    }
    for title, value in named.items():
        assert rulings(signed, DocInfo("paper", title, "Order/Opinion", "2001-05-03")) == [value]


def test_a_compound_filing_lends_no_date_of_its_own_to_the_order_inside_it():
    compound = DocInfo(
        "bundle", "Motion to Enforce; Opinion and Order; Notice of Appeal", "Pleading / Motion / Brief", "2023-10-16"
    )
    order = "IT IS ORDERED that Plaintiffs' Motion to Enforce Consent Decree is GRANTED IN PART and DENIED IN PART.\n"
    assert rulings(order, compound) == ["Motion to enforce granted in part and denied in part"]
    assert rulings("The County appeals.\nDATED: February 15, 2024.\n", compound) == []
    assert rulings(order, ORDER) == ["Motion to enforce granted in part and denied in part (March 4, 2019)"]
    # Read whole, the bundle's order is dated by its own closing, not by the motion's or the notice's signature.
    bundle = (
        "Plaintiffs move to enforce.\nDATED: October 16, 2023.\n\nOPINION AND ORDER\n"
        + order
        + "IT IS SO ORDERED.\nDATED this 19th day of January, 2024.\n\nNOTICE OF APPEAL\nDATED: February 15, 2024.\n"
    )
    assert rulings(bundle, compound) == ["Motion to enforce granted in part and denied in part (January 19, 2024)"]


def test_a_state_courts_words_for_a_ruling():
    slip = DocInfo("slip", "Slip Opinion", "Order/Opinion", "2025-05-15")
    text = "The interests are not served.  Accordingly, we reverse the order of the judge.\n   So ordered.\n"
    assert rulings(text, slip) == ["Opinion: we reverse the order of the judge (May 15, 2025)"]
    allowed = "The defendants' Motion to Dismiss (Dkt. No. 25) is ALLOWED.\nIt is so Ordered.\n"
    assert rulings(allowed) == ["Motion to dismiss granted (March 4, 2019)"]
    assert rulings("The motion is allowed to proceed on one claim only after a hearing.\n") == []


def test_a_state_appellate_mandate_and_no_ruling_from_an_argument_about_one():
    opinion = DocInfo("opinion", "Opinion", "Order/Opinion", "2020-06-02")
    mandate = "We conclude otherwise.\nThe judgment is reversed and the matter is remanded to the trial court.\n"
    assert rulings(mandate, opinion) == [
        "Opinion: the judgment is reversed and the matter is remanded to the trial court (June 2, 2020)"
    ]
    argued = "Finally, if the Court grants the motion for preliminary injunction, it should limit its scope.\n"
    assert rulings(argued) == []


def test_no_paper_ruling_from_a_brief_a_middle_page_or_a_paper_without_a_date():
    brief = CAPTION + "MEMORANDUM OF LAW IN SUPPORT OF\nMOTION FOR ENTRY OF JUDGMENT\nArgument.\n"
    assert rulings(brief) == []
    assert rulings("the officers searched the visitor, as the record shows at length.\n") == []
    undated = DocInfo("order", "Order", "Order/Opinion")
    assert rulings(CAPTION + "ORDER ON MOTION TO STAY\nText.\n", undated) == []
    complaint = DocInfo("complaint", "Complaint", "Complaint", "2019-03-04")
    assert paper_ruling(CAPTION + "ORDER ON MOTION TO STAY\n", complaint) is None


def test_claims_dismissed_leave_to_amend_and_a_narrated_ruling_keeps_no_paper_date():
    dismissed = "Defendants' motion to dismiss is GRANTED. The Eighth Amendment claims are DISMISSED with prejudice.\n"
    assert rulings(dismissed) == ["Motion to dismiss granted (March 4, 2019)", "Claims dismissed (March 4, 2019)"]
    amend = "Plaintiff's motion for leave to file a second amended complaint is GRANTED.\n"
    assert rulings(amend) == ["Leave to amend the complaint granted (March 4, 2019)"]
    narrated = "In an earlier opinion the Court granted Defendants' motion to dismiss the damages claims.\n"
    assert rulings(narrated) == ["Motion to dismiss granted"]


def _row(value: str, document: str = "order", confidence: float = 0.8) -> dict:
    return {"value": value, "document": document, "confidence": confidence}


def test_one_value_per_ruling():
    rows = [
        _row("Motion to dismiss denied (March 4, 2019)"),
        _row("Order entered (March 4, 2019)", confidence=PAPER_CONFIDENCE),  # the same paper, already stated
        _row("Order entered (May 1, 2020)", "later", PAPER_CONFIDENCE),
        _row("Order granting preliminary injunction (May 1, 2020)", "later", PAPER_CONFIDENCE),
        _row("Motion granted (March 4, 2019)"),  # a part of the named ruling of that paper and day
        _row("Motion granted (June 2, 2021)", "other"),  # nothing else states that paper's ruling
        _row("Motion to dismiss denied"),  # an undated repeat
    ]
    kept = one_value_per_ruling(list(range(len(rows))), rows)
    assert [rows[i]["value"] for i in kept] == [
        "Motion to dismiss denied (March 4, 2019)",
        "Order granting preliminary injunction (May 1, 2020)",
        "Motion granted (June 2, 2021)",
    ]


def test_court_rulings_looks_at_an_order_page_read_for_another_item():
    from gavel_agent.offline.policy import plan
    from gavel_agent.tools.calls import DocumentRead, DocumentRow, ToolResult

    listing = [DocumentRow("order", "Order", "Order/Opinion", "2019-03-04", 5000, 0.0)]
    steps = plan(load_spec("gavel"), ["reported_opinions", "court_rulings"])
    next(steps)
    batch = steps.send([ToolResult("", "", data=listing)])
    while batch[0][0] == "search":  # no hits anywhere
        batch = steps.send([ToolResult("", "", data=[]) for _ in batch])
    reads = [call[1] for call in batch if call[0] == "read_document"]
    opening = CAPTION + "ORDER GRANTING PLAINTIFFS' MOTION TO COMPEL\nThe Court has considered.\n"
    results = [
        ToolResult("", "", data=DocumentRead("order", r["start_token"], r["end_token"], 5000, 0, 10, text))
        for r in reads
        for text in [opening if r["start_token"] == 0 else "The hearing was held.\n"]
    ]
    assert any(r["start_token"] == 0 for r in reads)  # the opening page is read for reported_opinions only
    batch = steps.send(results)
    while batch[0][0] == "search":  # the paper searched for the ruling's date (found nowhere here)
        batch = steps.send([ToolResult("", "", data=[]) for _ in batch])
    writes = {call[1]["item"]: call[1]["values"] for call in batch if call[0] == "append_checklist"}
    # Its own reads (the order's closing page) hold no ruling; the opening page read for another item does.
    assert [v["value"] for v in writes["court_rulings"]] == ["March 4, 2019: Motion to compel granted"]
