"""The strict offline judge and the LLM judge's reply handling."""

from __future__ import annotations

import json

import pytest

from gavel_agent.checklists import load_spec
from gavel_agent.evaluators.audit.judge import StrictJudge, compare
from gavel_agent.evaluators.audit.llm_judge import LLMJudge, read_verdict
from gavel_agent.text.values import conditions, dates, modalities, negated, numbers

CUAD = load_spec("cuad")


def test_numbers_keep_units_and_skip_dates_numbering_and_cross_references():
    assert numbers("liability shall not exceed $1,000,000 or twelve (12) months of fees under Section 4.2") == {
        (1_000_000.0, "usd"),
        (12.0, "month"),
    }
    assert numbers("3.2 Either party may terminate on thirty (30) days notice dated May 8, 2014") == {(30.0, "day")}
    assert numbers("fifty percent (50%) of net sales; $2.5 million") == {(50.0, "percent"), (2_500_000.0, "usd")}
    assert numbers("one of the parties") == set()


def test_dates_in_any_format_with_open_parts():
    assert dates("dated as of the 8th day of May, 2014") == {(2014, 5, 8)}
    assert dates("5/8/2014 and 2014-05-08") == {(2014, 5, 8)}
    assert dates("[]/[]/2015") == {(2015, None, None)}
    assert dates("May 2018") == {(2018, 5, None)}


def test_modality_polarity_and_conditions():
    assert modalities("Licensee shall not assign") == {"prohibition"}
    assert modalities("Licensee may assign; Licensor shall notify") == {"permission", "obligation"}
    assert modalities("made on May 8, 2014") == set()  # the month, not a permission
    assert negated("Nothing herein prevents") and not negated("Licensee shall pay")
    assert conditions("except to an Affiliate, provided that notice is given, without prior written consent") == {
        "except",
        "provided that",
        "without consent",
    }


@pytest.mark.parametrize(
    "value, reference, category, expected",
    [
        ("New York", ["New York"], "factual", "none"),
        ("Delaware", ["New York"], "factual", "other"),
        ("October 1, 2019", ["10/1/2019"], "temporal", "none"),
        ("November 1, 2019", ["10/1/2019"], "temporal", "temporal"),
        ("one (1) year", ["successive 1 year"], "temporal", "none"),
        ("2 years", ["successive 1 year"], "temporal", "temporal"),
        (
            "Liability shall not exceed $500,000 in the aggregate.",
            ["Liability shall not exceed $1,000,000 in the aggregate."],
            "numeric",
            "numeric",
        ),
        (
            "In no event shall either party be liable.",
            ["In no event shall either party be liable beyond $1,000,000 in total."],
            "numeric",
            "numeric",
        ),
        (
            "Licensee may assign this Agreement to any person.",
            ["Licensee shall not assign this Agreement to any person."],
            "obligation",
            "obligation",
        ),
        (
            "Licensee shall not assign this Agreement to anyone.",
            [
                "Licensee shall not assign this Agreement without the prior written consent of Licensor, except to an Affiliate."
            ],
            "obligation",
            "missing_condition",
        ),
        (
            "Licensee shall not assign this Agreement unless Licensor agrees in writing.",
            ["Licensee shall not assign this Agreement to any third party at all."],
            "obligation",
            "extra_condition",
        ),
        (
            "The distributor shall maintain product liability insurance coverage.",
            ["Each party shall keep all confidential information secret and use it only for this Agreement."],
            "obligation",
            "scope",
        ),
    ],
)
def test_compare_names_the_first_mismatch(value, reference, category, expected):
    assert compare(value, reference, category)[0] == expected


def test_an_exact_reference_value_is_supported_even_among_others():
    reference = ["This Agreement shall renew for successive 1 year terms.", "Either party may give 90 days notice."]
    assert compare(reference[0], reference, "temporal") == ("none", "")


def test_offline_judge_reports_the_first_contradicting_value():
    verdict = StrictJudge()(CUAD.item("governing_law"), ["New York", "Delaware"], ["New York"])
    assert not verdict.supported and verdict.mismatch == "other" and "Delaware" in verdict.reason
    assert StrictJudge()(CUAD.item("governing_law"), ["New York"], ["State of New York"]).supported


def test_llm_judge_sends_the_item_and_reads_the_verdict():
    prompts_seen = []

    def complete(system, user):
        prompts_seen.append((system, json.loads(user)))
        return 'Sure.\n```json\n{"verdict": "contradicted", "mismatch": "numeric", "reason": "cap differs"}\n```'

    verdict = LLMJudge(complete)(CUAD.item("cap_on_liability"), ["$5"], ["$10"])
    assert (verdict.supported, verdict.mismatch, verdict.reason) == (False, "numeric", "cap differs")
    system, user = prompts_seen[0]
    assert "missing_condition" in system and user["category"] == "numeric" and user["reference"] == ["$10"]


def test_llm_judge_unknown_type_becomes_other_and_bad_reply_falls_back():
    assert read_verdict({"verdict": "contradicted", "mismatch": "vibes"}).mismatch == "other"
    assert read_verdict({"verdict": "supported", "mismatch": "numeric"}).mismatch == "none"
    with pytest.raises(ValueError):
        read_verdict({"verdict": "maybe"})
    verdict = LLMJudge(lambda s, u: "I cannot say")(CUAD.item("governing_law"), ["Delaware"], ["New York"])
    assert verdict.mismatch == "other" and verdict.reason.startswith("offline judge used")
