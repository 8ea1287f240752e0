"""Reading guidance: the prompt says which papers answer which items, and the state block names what is
left unread with the empty items each paper could answer."""

from __future__ import annotations

import json

import pytest

from backends_wire import CASE_DIR, PROVIDERS, run_over_the_wire, scripted_replies
from gavel_agent import prompts, reading_guide
from gavel_agent.case import Case, Document, load_case
from gavel_agent.checklists import load_spec
from gavel_agent.loop import AgentRun
from scripted_model import scripted

FILLER = " ".join(f"word{i}" for i in range(400))


def paper(name: str, type_: str, title: str = "") -> Document:
    # Each paper its own words: papers of one text are copies of each other (documents/copies.py).
    return Document(name=name, text=FILLER.replace("word", name), title=title or name, type=type_)


def test_kinds_come_from_the_type_before_the_title():
    assert reading_guide.kind_of(paper("a", "Docket")).kind == "docket"
    assert (
        reading_guide.kind_of(paper("b", "Pleading / Motion / Brief", "Motion to enforce the settlement")).kind
        == "brief"
    )
    assert reading_guide.kind_of(paper("c", "", "Consent Decree and Order")).kind == "settlement or consent decree"
    assert reading_guide.kind_of(paper("d", "Order/Opinion")).kind == "order"
    assert reading_guide.kind_of(paper("e", "Press Release")) is None
    spec_keys = set(load_spec("gavel").keys)
    assert all(set(kind.items) <= spec_keys for kind in reading_guide.kinds())


def test_unread_papers_are_named_with_the_empty_items_they_could_answer_docket_first():
    case = Case(
        name="c",
        documents=[
            paper("brief", "Pleading / Motion / Brief"),
            paper("order", "Order/Opinion"),
            paper("docket", "Docket"),
            paper("complaint", "Complaint"),
            paper("report", "Monitor/Expert/Receiver Report"),
        ],
    )
    read = {"complaint": case.document("complaint").token_count}  # read through
    lines = reading_guide.unread_lines(case, read, ["court_rulings", "filing_date", "important_filings"])
    assert lines[0].startswith("Unread papers")
    assert [line.split(" (")[0] for line in lines[1:4]] == ["- docket", "- order", "- brief"]
    assert lines[1].endswith(": filing_date, important_filings, court_rulings")
    assert "complaint" not in "\n".join(lines)
    assert lines[-1].startswith(
        "1 more unread paper(s) could add only to items that already have values"
    )  # the monitor report
    # A report typed as a monitor's is offered for facts too (17762: the DOJ findings letter).
    assert "- report (monitor report" in "\n".join(reading_guide.unread_lines(case, read, ["factual_basis"]))
    assert reading_guide.unread_lines(case, read, []) == [
        "4 more unread paper(s) could add only to items that already have values: search them when a list may be incomplete (parties, remedies, rulings, counsel)."
    ]


def test_an_unread_paper_names_the_filled_lists_it_could_add_to():
    case = Case(name="c", documents=[paper("opinion", "Order/Opinion")])
    lines = reading_guide.unread_lines(
        case, {}, ["decree_duration"], growing=["judge_name", "court_rulings", "parties"]
    )
    # the order's kind answers rulings and judges, not parties; the open item comes first
    assert lines[1].endswith(": decree_duration; adds to court_rulings, judge_name")
    assert reading_guide.unread_lines(case, {}, ["decree_duration"])[1].endswith(": decree_duration")


def test_an_agreement_is_offered_neutrally_for_settlement_and_decree_items():
    # A court-approved agreement may be a settlement or, its terms incorporated into an order, a decree:
    # the guide names it as either and offers both groups' items, and the item definitions decide.
    case = Case(name="c", documents=[paper("agreement", "Settlement Agreement", "Agreement")])
    open_items = ["settlement_terms", "settlement_date", "court_enforced", "decree_terms", "decree_dates"]
    (_, line) = reading_guide.unread_lines(case, {}, open_items)
    assert line.startswith("- agreement (settlement or consent decree, ")
    assert line.endswith(": settlement_terms, decree_terms, settlement_date, ...")


def test_the_state_block_carries_the_guidance(sample_case, tmp_path):
    case = load_case(sample_case)
    spec = load_spec("gavel")
    run = AgentRun(case, spec, spec.keys, scripted([]), tmp_path / "run")
    state = run.snapshot()
    assert "Unread papers and the empty items they could answer:" in state
    assert (
        "- 07-docket (docket,"
        in state.splitlines()[state.splitlines().index("Unread papers and the empty items they could answer:") + 1]
    )


def test_the_prompt_says_which_papers_answer_which_items():
    text = prompts.load("agent_system")
    for rule in (
        "read the docket and the complaint",
        "Orders and opinions answer rulings",
        "briefs mostly add facts",
        "Search before reading a long brief",
        "level of a case summary",
    ):
        assert rule in text


@pytest.mark.parametrize("name", ["openai-compatible", "anthropic"])
async def test_the_guidance_reaches_the_model_on_the_wire(name, tmp_path, monkeypatch):
    provider = PROVIDERS[name]
    _, outcome, route = await run_over_the_wire(provider, tmp_path / "run", monkeypatch, scripted_replies(provider))
    assert outcome.stats.status == "finished"
    first, after_read = (json.dumps(json.loads(c.request.content)) for c in (route.calls[0], route.calls[3]))
    assert "read the docket and the complaint" in first and "Typically 4." in first and "not a limit" in first
    assert "Unread papers and the empty items they could answer" in first and "07-docket (docket," in first
    # The read of the complaint's first 3,000 tokens shows in what is left of it (counted by the tokenizer
    # in use, which another test may have swapped for its offline stand-in).
    size = load_case(CASE_DIR).document("01-complaint").token_count
    assert f"01-complaint (complaint, {size:,} tokens unread)" in first
    assert f"01-complaint (complaint, {size - 3000:,} tokens unread)" in after_read


def test_enforcement_disputes_are_offered_only_once_a_decree_or_settlement_holds_a_value():
    """46210 and 43966: briefs were offered for enforcement disputes in cases with no decree or settlement."""
    open_items = ["enforcement_disputes", "factual_basis"]
    assert reading_guide.answerable(open_items, set()) == ["factual_basis"]
    assert reading_guide.answerable(open_items, {"parties"}) == ["factual_basis"]
    assert reading_guide.answerable(open_items, {"settlement_terms"}) == open_items
    assert reading_guide.answerable(open_items, {"decree_terms"}) == open_items
