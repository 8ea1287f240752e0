"""Item guidance is data: every GAVEL item says what it is, what form a value takes and what does not count."""

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
    assert "consent decree is a decree" in spec.item("decree_terms").definition
    assert "consent decree" in " ".join(spec.item("settlement_terms").exclude)
    assert "consent decree" in " ".join(spec.item("court_enforced").exclude)
    assert spec.item("court_enforced").value_format == "Yes or No"
    assert spec.item("appeals").value_format.startswith("Appeal: [who] appealed to [court]")
    for key in ("decree_dates", "settlement_date", "important_filings", "court_rulings"):
        assert spec.item(key).value_format.startswith("[date]: "), key


def test_a_coded_key_keeps_its_name_and_a_worded_key_does_not_repeat_it():
    assert "Disclosure-in-negotiations" in load_spec("cato").item("F1").prompt_text()
    assert "Filing Date" not in load_spec("gavel").item("filing_date").prompt_text()


def test_guidance_stays_compact():
    # The task message goes out with every request (bench/core_bench.py holds the whole run to 150K tokens).
    spec = load_spec("gavel")
    assert tokens.count("\n".join(spec.item(k).prompt_text() for k in spec.keys)) < 1400


def test_system_prompt_carries_the_working_rules():
    text = prompts.load("agent_system")
    for rule in (
        "record every value the passage supports",
        "every distinct value",
        "Never re-read",
        '"Not applicable" needs a quote that settles it',
        "eventually dropped",
    ):
        assert rule in text
