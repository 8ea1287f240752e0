"""Item guidance is data: every GAVEL item says what it is, what form a value takes and what does not count."""

import sys

from conftest import REPO
from gavel_agent import prompts, tokens
from gavel_agent.checklists import load_spec


def test_every_gavel_item_has_a_definition_and_a_value_form():
    spec = load_spec("gavel")
    assert len(spec.items) == 26
    for item in spec.items:
        assert item.definition.strip(), item.key
        assert item.value_format or item.example, f"{item.key}: neither a value format nor an example"
        assert "\n" not in item.prompt_text(), f"{item.key}: one line per item keeps the task message compact"


def test_sides_and_boundaries_follow_gavel():
    spec = load_spec("gavel")
    for key in ("parties", "type_of_counsel", "remedy_sought"):  # both sides, in GAVEL's form
        fmt = spec.item(key).value_format
        assert "Plaintiff:" in fmt and "Defendant:" in fmt, key
    not_a_cause = " ".join(spec.item("cause_of_action").exclude)
    for doctrine in ("Rule 23", "Ex parte Young", "standing", "jurisdiction"):
        assert doctrine in not_a_cause
    assert "is a consent decree" in spec.item("decree_terms").definition
    assert "litigated" in " ".join(spec.item("settlement_terms").exclude)
    assert "litigated" in " ".join(spec.item("court_enforced").exclude)
    assert spec.item("court_enforced").value_format == "Yes or No"
    assert spec.item("appeals").value_format.startswith("Appeal: [who] appealed to [court]")
    for key in ("decree_dates", "settlement_date", "important_filings", "court_rulings"):
        assert spec.item(key).value_format.startswith("[date]: "), key


def test_a_coded_key_keeps_its_name_and_a_worded_key_does_not_repeat_it():
    assert "Disclosure-in-negotiations" in load_spec("cato").item("F1").prompt_text()
    assert "Filing Date" not in load_spec("gavel").item("filing_date").prompt_text()


def test_guidance_stays_compact():
    # The task message goes out with every request (bench/core_bench.py holds the whole run to 150K tokens);
    # the typical counts and the boundaries the hand-played runs asked for cost about 270 tokens of it.
    spec = load_spec("gavel")
    assert tokens.count("\n".join(spec.item(k).prompt_text() for k in spec.keys)) < 1600


def test_boundaries_the_hand_played_runs_found_ambiguous_are_drawn():
    spec = load_spec("gavel")
    opinions = spec.item("reported_opinions")
    assert "own decisions" in opinions.definition and "precedents they cite" in opinions.exclude
    assert "one per order or opinion" in spec.item("court_rulings").definition
    assert any("hearings" in e for e in spec.item("trials").exclude)
    assert "organisation or government suing for itself is Individual" in spec.item("class_action").definition
    assert "bare words" in spec.item("class_action").definition
    # GAVEL's human checklists date a decree by any order that grants, changes or ends relief or the case,
    # a settlement's approval and a fee award included (12429, 17701, 45737, 46083 among the allowed cases)
    decree_dates = spec.item("decree_dates")
    assert "settlement approvals" in decree_dates.definition and "dismissals" in decree_dates.definition
    assert any("procedural orders" in e for e in decree_dates.exclude)
    # ... and list under related cases other suits only: of the allowed cases with an appeal, these leave
    # the case's own appeal numbers out of it (12429, 15426, 17701, 43966, 46083; 43417 lists them)
    assert any("own appeals" in e for e in spec.item("related_case_numbers").exclude)
    # a case that ended with no settlement answers No: 15426, 46094, 46210 and 46310 among the allowed cases
    # (43972, 45157 and 46114 leave it empty)
    assert "also when there was none" in spec.item("court_enforced").definition
    assert any("in-house" in i for i in spec.item("type_of_counsel").include)
    assert "pleaded" in spec.item("cause_of_action").definition
    assert any("never pleaded" in e for e in spec.item("cause_of_action").exclude)
    # GAVEL's line, as its human checklists of the dev cases draw it: an agreement the court only approves or
    # keeps jurisdiction over is a settlement; one it enters as its order is a consent decree, filed under
    # both groups (9 of the 20 human checklists fill decree and settlement items alike).
    assert "keeps jurisdiction over it, or enters it as a consent decree" in spec.item("settlement_terms").definition
    assert "under settlement_terms too" in spec.item("decree_terms").definition
    assert any("retains jurisdiction" in e for e in spec.item("decree_terms").exclude)
    assert "retains jurisdiction" in spec.item("court_enforced").definition
    assert "entered it as a consent decree" in spec.item("court_enforced").definition


def test_every_list_item_carries_its_typical_count_and_the_task_states_it():
    spec = load_spec("gavel")
    assert "human checklists" in spec.counts_source
    for item in spec.items:
        if item.shape == "single":
            assert item.typical_count is None, item.key
            continue
        assert item.typical_count is not None and item.max_count is not None, item.key
        assert 1 <= item.typical_count <= item.max_count, item.key
        assert f"Typically {item.typical_count}." in item.prompt_text()
        assert f"max {item.max_count}" not in item.prompt_text()
    assert "Typically" not in load_spec("cato").item("F1").prompt_text()  # specs without counts show none


def test_typical_counts_match_gavel_human_checklists(shared):
    """The counts in the spec are what bench/typical_counts.py computes from the allowed cases."""
    sys.path.insert(0, str(REPO / "bench"))
    try:
        from typical_counts import DEV_CASES, counts
    finally:
        sys.path.remove(str(REPO / "bench"))
    table, cases = counts(shared)
    assert set(DEV_CASES) <= set(cases)
    held_out = {p.stem.removeprefix("case_") for p in (shared / "crlc").glob("*/case_*.json")}
    assert not (set(cases) - set(DEV_CASES)) & held_out  # no held-out case was counted
    spec = load_spec("gavel")
    for key, (typical, most, _) in table.items():
        assert (spec.item(key).typical_count, spec.item(key).max_count) == (typical, most), key


def test_system_prompt_carries_the_working_rules():
    text = prompts.load("agent_system")
    for rule in (
        "record every value the passage supports",
        "every distinct value",
        "Never re-read",
        "except to quote again for a value refused",
        "settled with settle_none",
        'Never write "Not applicable"',
        "eventually dropped",
    ):
        assert rule in text
