"""S_residual (facts outside checklist evidence) and S_style (offline proxies and the LLM rating)."""

from __future__ import annotations

import json

import pytest

from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge
from gavel_agent.evaluators.summaries.residual import (
    aligned_evidence,
    llm_fact_splitter,
    residual_score,
    residual_spans,
    split_facts,
)
from gavel_agent.evaluators.summaries.residual_style import score_summaries
from gavel_agent.evaluators.summaries.style import DIMENSIONS, llm_style, offline_style

SUMMARY = (
    "The ACLU filed suit on May 5, 2009 in the District of Oklahoma. "
    "The judge appointed a monitor to review the jail every year; the county paid the monitor's fees. "
    "Conditions improved after the third report."
)


def test_residual_spans_skip_evidence():
    spans = residual_spans(SUMMARY, ["The ACLU filed suit on May 5, 2009 in the District of Oklahoma."])
    assert all("ACLU" not in s for s in spans) and any("monitor" in s for s in spans)


def test_split_facts_breaks_sentences_and_clauses():
    facts = split_facts(SUMMARY)
    assert "the county paid the monitor's fees" in facts
    assert len(facts) == 4


def test_residual_score_matches_facts():
    judge = OfflineJudge()
    same = residual_score(SUMMARY, [], SUMMARY, [], judge)
    assert same == pytest.approx(100.0)
    other = residual_score(SUMMARY, [], "Zebras grazed quietly beside a river during spring.", [], judge)
    assert other == 0.0
    assert residual_score("short", [], "tiny", [], judge) is None


def test_llm_fact_splitter_reads_json():
    split = llm_fact_splitter(lambda system, user: '```json\n{"facts": ["A sued B.", " "]}\n```')
    assert split("anything") == ["A sued B."]


def test_offline_style_identical_and_different():
    assert offline_style(SUMMARY, SUMMARY).score == 100.0
    listy = "# Outcome\n- Filed 2009\n- Monitor: yes\n- Fees: county\n- See 42 U.S.C. § 1983; 556 U.S. 418; 2020 WL 1"
    result = offline_style(SUMMARY, listy)
    assert result.ratings["formatting"] > 1 and result.ratings["citation_style"] > 1
    assert result.score < 100 and result.method.startswith("offline proxies")


def test_llm_style_scales_ratings():
    reply = json.dumps({d: 3 for d in DIMENSIONS})
    assert llm_style("a", "b", lambda s, u: reply).score == pytest.approx(50.0)
    with pytest.raises(ValueError):
        llm_style("a", "b", lambda s, u: '{"readability": 1}')


def test_quotes_copied_with_small_changes_still_cover():
    # The extractor straightened the apostrophe and dropped a space: still evidence, not residual.
    spans = residual_spans(SUMMARY, ["the county paid the monitors  fees"])
    assert not any("county paid" in s for s in spans)


def test_aligned_evidence_finds_clauses_stating_values():
    clauses = aligned_evidence(SUMMARY, ["suit filed May 5, 2009", "monitor appointed"], cover=0.6)
    assert any("ACLU filed suit" in c for c in clauses)
    assert not any("Conditions improved" in c for c in clauses)


def test_fact_threshold_is_stricter_than_checklist_threshold():
    judge = OfflineJudge()
    facts = judge.for_facts()
    a = "The county agreed to pay attorney fees after the settlement conference."
    b = "The court held a status conference about discovery deadlines and the county."
    assert judge.thresholds.fact_match > judge.thresholds.match
    assert judge.match_lists([a], [b]) and not facts.match_lists([a], [b])


def test_score_summaries_labels_proxies_and_evidence():
    other = "Plaintiffs sued the sheriff in 2012. The jail closed its east wing; the state paid for repairs."
    report = score_summaries({"1": SUMMARY, "2": other}, {"1": SUMMARY, "3": other}, {"1": []}, {"1": ["May 5, 2009"]})
    assert [c.case for c in report.cases] == ["1"]
    assert report.cases[0].evidence == "aligned" and report.cases[0].residual == pytest.approx(100.0)
    assert "proxy" in report.residual_method and "proxies" in report.style_method
