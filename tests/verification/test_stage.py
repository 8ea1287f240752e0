"""The --verify stage: challenges, the independent check, asymmetric gates, the flip log."""

from __future__ import annotations

import json

from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile, Evidence, Value
from gavel_agent.offline.propose import rule_proposer
from gavel_agent.tools.search import SearchIndex
from gavel_agent.verification.stage import verify_checklist, verify_run

CUAD = load_spec("cuad")

TEXT = """SUPPLY AGREEMENT

1. Either party may give notice of non-renewal at least thirty (30) days prior to the end of the term.
2. This Agreement shall be governed by the laws of the State of Ohio.
3. Supplier warrants the products for a period of twelve (12) months from delivery.
4. Buyer shall maintain general liability insurance of at least $1,000,000 per occurrence.
"""
FILLER = " ".join(f"Schedule line {i} lists parts and prices." for i in range(120))
REPEATED = "\n10. Any dispute is governed by the laws of the State of Ohio, as stated above.\n"


def _case(text=TEXT):
    return Case(name="supply", documents=[Document(name="contract", text=text + FILLER)])


def _value(value, quote):
    return Value(value=value, evidence=[Evidence(document="contract", quote=quote)])


def _checklist(items):
    return ChecklistFile(spec="cuad", case="supply", items={k: [] for k in CUAD.keys} | items)


def test_defended_values_are_kept_and_unfounded_ones_deleted():
    notice = "Either party may give notice of non-renewal at least thirty (30) days prior to the end of the term."
    result = verify_checklist(
        _checklist(
            {
                "notice_period_to_terminate_renewal": [_value("30 days", notice)],
                # The quote says 12 months; nothing in the case says 24.
                "warranty_duration": [
                    _value("24 months", "Supplier warrants the products for a period of twelve (12) months")
                ],
                # A quote that is not in the case defends nothing.
                "insurance": [
                    _value(
                        "Seller shall carry crop insurance against hail.",
                        "Seller shall carry crop insurance against hail.",
                    )
                ],
            }
        ),
        CUAD,
        _case(),
    )
    assert result.checklist.values_of("notice_period_to_terminate_renewal") == ["30 days"]
    assert result.checklist.values_of("warranty_duration") == []
    assert result.checklist.values_of("insurance") == []
    actions = {(d.item, d.action) for d in result.decisions}
    assert ("warranty_duration", "delete") in actions and ("notice_period_to_terminate_renewal", "keep") in actions
    reason = next(d.reason for d in result.decisions if d.item == "warranty_duration")
    assert "24 month" in reason and "no support" in reason


def test_deletion_is_blocked_when_the_independent_search_confirms_the_value():
    # The cited quote is the wrong sentence, but the case does state the value.
    result = verify_checklist(
        _checklist(
            {
                "governing_law": [_value("Ohio", "Supplier warrants the products for a period of twelve (12) months")],
            }
        ),
        CUAD,
        _case(),
    )
    assert result.checklist.values_of("governing_law") == ["Ohio"]
    (decision,) = [d for d in result.decisions if d.item == "governing_law"]
    assert decision.action == "keep_blocked" and "confirms" in decision.reason


def _with_rules(case):
    return verify_checklist(_checklist({}), CUAD, case, proposer=rule_proposer(CUAD, case, SearchIndex(case)))


def test_a_value_is_added_only_when_found_at_two_separate_places():
    once = _with_rules(_case())
    assert once.checklist.values_of("governing_law") == []
    twice = _with_rules(_case(TEXT + REPEATED))
    assert twice.checklist.values_of("governing_law") == ["Ohio"]
    added = [d for d in twice.decisions if d.action == "add" and d.item == "governing_law"]
    assert added and "2 separate places" in added[0].reason
    # Round two challenges what round one added.
    assert any(d.round == 2 and d.item == "governing_law" and d.action == "keep" for d in twice.decisions)
    evidence = twice.checklist.items["governing_law"][0].evidence
    assert len({e.start_char for e in evidence}) == 2


def test_without_a_proposer_nothing_is_added():
    # An LLM verify passes no proposer: the offline rules are not consulted for empty items.
    result = verify_checklist(_checklist({}), CUAD, _case(TEXT + REPEATED))
    assert result.checklist.values_of("governing_law") == [] and not any(d.action == "add" for d in result.decisions)


def test_verify_run_rewrites_the_checklist_and_keeps_the_original(tmp_path):
    original = _checklist(
        {
            "warranty_duration": [
                _value("24 months", "Supplier warrants the products for a period of twelve (12) months")
            ]
        }
    )
    (tmp_path / "checklist.json").write_text(original.model_dump_json(), encoding="utf-8")
    lines = []
    verify_run(tmp_path, CUAD, _case(), report=lines.append)
    assert ChecklistFile.read(tmp_path / "checklist_unverified.json").values_of("warranty_duration") == ["24 months"]
    assert ChecklistFile.read(tmp_path / "checklist.json").values_of("warranty_duration") == []
    log = [json.loads(line) for line in (tmp_path / "verify.jsonl").read_text().splitlines()]
    assert {"round", "item", "value", "action", "reason"} <= set(log[0])
    assert any(entry["action"] == "delete" for entry in log)
    assert lines and "1 deleted" in lines[0]


def test_category_questions_between_a_value_and_its_quote():
    from gavel_agent.verification.stage import unanswered

    renewal = "renews automatically for successive one (1) year terms unless either party objects"
    assert unanswered("successive 1 year", renewal, "temporal") is None
    assert unanswered("2 years", renewal, "temporal").startswith("temporal")
    assert unanswered("perpetual", "This licence continues in perpetuity.", "temporal") is None
    assert unanswered("May 2, 2014", "signed on May 1, 2014", "temporal").startswith("temporal: the date is inferred")
    cap = "liability shall not exceed $10,000 in the aggregate"
    assert unanswered("$10,000", cap, "numeric").startswith("numeric: the quote qualifies")
    assert unanswered("not to exceed $10,000", cap, "numeric") is None
    assignment = "Licensee shall not assign this Agreement except to an Affiliate."
    assert unanswered("Licensee shall not assign this Agreement.", assignment, "obligation").startswith(
        "missing_condition"
    )
    assert unanswered("Licensee may assign this Agreement to an Affiliate.", assignment, "obligation").startswith(
        "obligation"
    )
    assert unanswered(
        "Judge Maria Lopez of the Ninth Circuit", "The Honorable Ann Lee presiding.", "factual"
    ).startswith("factual")
