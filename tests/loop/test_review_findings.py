"""The first-stop review's findings, each drawn from the item specs' data."""

from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import CitedSearch, Evidence, NoneInRecord, Value
from gavel_agent.review_findings import findings, format_problem
from gavel_agent.tools.checklist import ChecklistState

SPEC = load_spec("gavel")


def test_formats_that_say_how_a_value_begins_are_checked():
    filings = SPEC.item("important_filings")
    assert format_problem(filings, "May 2, 2023: DuPont moved to dismiss") is None
    assert "does not begin with a date" in (format_problem(filings, "DuPont moved to dismiss") or "")
    parties = SPEC.item("parties")
    assert format_problem(parties, "Defendant: Ana Ruiz (sheriff)") is None
    assert "'Plaintiff:' or 'Defendant:'" in (format_problem(parties, "Ana Ruiz (sheriff)") or "")
    durations = SPEC.item("decree_duration")
    assert format_problem(durations, "three years: monitoring") is None
    assert format_problem(durations, "monitoring until compliance") is not None
    # a closed value (GAVEL's "Plaintiffs: Class Action", "Yes or No") is checked whole: a description
    # after it is a different value to a reader and to a scorer
    classes = SPEC.item("class_action")
    assert format_problem(classes, "Plaintiffs: Class Action") is None
    assert format_problem(classes, "Plaintiffs: Individual, described as the United States") is None
    problem = format_problem(classes, "Plaintiffs: Class Action, described as all detainees") or ""
    assert "read exactly 'Plaintiffs: Class Action'" in problem
    assert format_problem(SPEC.item("court_enforced"), "Yes.") is None
    assert "read exactly 'Yes' or 'No'" in (format_problem(SPEC.item("court_enforced"), "Yes, it retains") or "")
    # a format that describes rather than patterns a value is not checked
    assert format_problem(SPEC.item("factual_basis"), "anything at all") is None
    assert format_problem(SPEC.item("judge_name"), "anything at all") is None


def evidence(quote, status="exact"):
    return Evidence(document="d", quote=quote, start_char=0, end_char=len(quote), status=status)


def test_findings_name_open_items_format_breaks_fragments_weak_support_and_duplicates():
    case = Case("t", [Document("d", "text", "D", "", None)])
    state = ChecklistState(SPEC, ["important_filings", "court_rulings", "trials", "judge_name"], case)
    state.items["important_filings"] = [
        Value(value="Plaintiffs filed the complaint", evidence=[evidence("Plaintiffs filed this complaint today")]),
        Value(
            value="May 2, 2023: DuPont moved to dismiss", evidence=[evidence("DuPont moves to dismiss on May 2, 2023")]
        ),
        Value(
            value="May 2, 2023: DuPont moved to dismiss.", evidence=[evidence("DuPont moves to dismiss on May 2, 2023")]
        ),
    ]
    state.items["court_rulings"] = [
        Value(
            value="June 1, 2022: court denied the motion",
            evidence=[evidence("ECF 31 at 27"), evidence("Filed 06/01/22")],
            support="related",
            support_note="the quote gives 0% of the value's words",
        )
    ]
    state.settled["trials"] = NoneInRecord(
        reason="no trial", searches=[CitedSearch(mode="bm25", query="trial", hits=3)]
    )
    lines = findings(state)
    assert lines[0].startswith("Items neither filled nor settled: judge_name.")
    assert any("'Plaintiffs filed the complaint' does not begin with a date" in line for line in lines)
    assert any("rests on fragments only ('ECF 31 at 27', 'Filed 06/01/22')" in line for line in lines)
    assert any("only weakly supported (the quote gives 0% of the value's words)" in line for line in lines)
    assert any("look like the same value" in line and "DuPont" in line for line in lines)
    assert not any("trials" in line for line in lines)


def test_values_that_each_name_something_of_their_own_are_not_duplicates():
    """Hand-played runs: the review told a model to delete real plaintiffs who shared a next friend."""
    case = Case("t", [Document("d", "text", "D", "", None)])
    state = ChecklistState(SPEC, ["parties", "court_rulings"], case)
    quote = [evidence("minor children, by their next friend G. Gail Stricklin")]
    state.items["parties"] = [
        Value(value="Plaintiff: D.G. (a minor child, by Next Friend G. Gail Stricklin)", evidence=quote),
        Value(value="Plaintiff: J.P. (a minor child, by Next Friend G. Gail Stricklin)", evidence=quote),
        Value(value="Plaintiff: J.P. (a minor child, by Next Friend G. Gail Stricklin).", evidence=quote),
    ]
    state.items["court_rulings"] = [
        Value(value="June 1, 2022: the court denied the motion to dismiss", evidence=quote),
        Value(value="June 1, 2022: the court granted the motion to dismiss", evidence=quote),
    ]
    duplicates = [line for line in findings(state) if "look like the same value" in line]
    assert len(duplicates) == 1 and "J.P." in duplicates[0] and "D.G." not in duplicates[0]


def test_a_quote_that_holds_the_whole_value_is_no_fragment():
    """Hand-played 12429 and 43966: the review asked for 'the sentence that states' WL cites the item
    says may stand alone."""
    case = Case("t", [Document("d", "text", "D", "", None)])
    state = ChecklistState(SPEC, ["reported_opinions", "court_rulings"], case)
    state.items["reported_opinions"] = [Value(value="2009 WL 1011595", evidence=[evidence("2009 WL 1011595")])]
    state.items["court_rulings"] = [
        Value(value="June 1, 2022: court denied the motion", evidence=[evidence("ECF 31 at 27")])
    ]
    fragments = [line for line in findings(state) if "fragments only" in line]
    assert len(fragments) == 1 and fragments[0].startswith("court_rulings:")


def test_a_single_value_item_holding_two_is_named():
    """Hand-played 12429: append_checklist let class_action take a second value and nothing said so."""
    case = Case("t", [Document("d", "text", "D", "", None)])
    state = ChecklistState(SPEC, ["class_action", "parties"], case)
    quote = [evidence("the named plaintiffs sue for a class of all children in custody")]
    state.items["class_action"] = [
        Value(value="Plaintiffs: Class Action", evidence=quote),
        Value(value="Plaintiffs: Individual", evidence=quote),
    ]
    state.items["parties"] = [
        Value(value="Plaintiff: D.G.", evidence=quote),
        Value(value="Plaintiff: J.P.", evidence=quote),
    ]
    lines = findings(state)
    assert any(line.startswith("class_action takes one value and holds 2") for line in lines)
    assert not any(line.startswith("parties takes one value") for line in lines)


def test_findings_name_a_list_item_filled_above_every_reference_checklist():
    case = Case("t", [Document("d", "text", "D", "", None)])
    terms = SPEC.item("decree_terms")
    assert terms.max_count is not None and terms.typical_count is not None
    state = ChecklistState(SPEC, ["decree_terms"], case)

    def fill(n: int) -> list[str]:
        state.items["decree_terms"] = [
            Value(value=f"The jail must keep log {i}", evidence=[evidence(f"The jail shall keep log {i} daily")])
            for i in range(n)
        ]
        return [line for line in findings(state) if "reference case summary" in line]

    assert fill(terms.max_count) == []  # as many as the fullest reference: no finding
    [line] = fill(terms.max_count + 1)
    assert line.startswith(f"decree_terms holds {terms.max_count + 1} values")
    assert f"typically {terms.typical_count}, the fullest {terms.max_count}" in line
    assert "not a limit" in line  # the system prompt says the typical count is none; the review agrees


def test_two_classes_told_apart_by_a_letter_are_not_duplicates():
    case = Case("t", [Document("d", "text", "D", "", None)])
    state = ChecklistState(SPEC, ["parties"], case)
    quote = [evidence("people arrested without a warrant and detained more than 24 hours")]
    state.items["parties"] = [
        Value(value="Plaintiff: Class A: people arrested without a warrant and held over 48 hours", evidence=quote),
        Value(value="Plaintiff: Class B: people arrested without a warrant and held 24 to 48 hours", evidence=quote),
    ]
    # "a" of "a warrant" is in both; Class A's own "a" is not: each value has a word of its own
    assert not [line for line in findings(state) if "look like the same value" in line]
    state.items["parties"].append(
        state.items["parties"][0].model_copy(
            update={"value": "Plaintiff: Class A: people arrested without a warrant and held over 48 hours."}
        )
    )
    assert [line for line in findings(state) if "look like the same value" in line]


def test_a_slip_opinions_running_header_is_no_fragment_for_its_cite():
    case = Case("t", [Document("d", "text", "D", "", None)])
    state = ChecklistState(SPEC, ["reported_opinions", "court_rulings"], case)
    header = evidence("Cite as: 603 U. S. ____ (2024)")
    state.items["reported_opinions"] = [Value(value="603 U.S. ___ (2024)", evidence=[header], support="states")]
    # the same short quote under an item of prose still rests on a fragment
    state.items["court_rulings"] = [Value(value="2024: Supreme Court reversed", evidence=[header], support="states")]
    lines = [line for line in findings(state) if "fragments only" in line]
    assert len(lines) == 1 and lines[0].startswith("court_rulings:")
