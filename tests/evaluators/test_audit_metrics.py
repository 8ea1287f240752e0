"""Typed audit: outcome counting, metric formulas, bootstrap intervals."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

from gavel_agent.checklists import load_spec
from gavel_agent.evaluators.audit.judge import StrictJudge, Verdict
from gavel_agent.evaluators.audit.metrics import (
    UnitResult,
    audit,
    bootstrap_sums,
    judge_units,
    rates,
    summarize,
    typed_gap,
)

GAVEL = load_spec("gavel")


def _unit(outcome, category="factual", verdict=None, mismatch=None, doc="d"):
    return UnitResult(document=doc, item="x", category=category, outcome=outcome, verdict=verdict, mismatch=mismatch)


def test_outcomes_per_document_and_item():
    predicted = {"c1": {"filing_date": ["May 1, 2020"], "judge_name": ["Ann Lee"], "trials": [], "appeals": []}}
    reference = {
        "c1": {"filing_date": ["May 1, 2020"], "judge_name": [], "trials": ["Bench trial"], "appeals": []},
        "c2": {"filing_date": ["x"]},
    }
    units = {u.item: u for u in judge_units(predicted, reference, GAVEL, StrictJudge())}
    # Items the prediction never asked for (absent keys) and unmatched documents are not units.
    assert set(units) == {"filing_date", "judge_name", "trials", "appeals"}
    assert [units[k].outcome for k in ("filing_date", "judge_name", "trials", "appeals")] == ["TP", "FP", "FN", "TN"]
    assert units["filing_date"].verdict == "supported" and units["judge_name"].verdict is None


def test_documents_match_ignoring_case_and_punctuation():
    units = judge_units({"case-46210": {"trials": []}}, {"Case 46210": {"trials": []}}, GAVEL, StrictJudge())
    assert [(u.document, u.outcome) for u in units] == [("Case 46210", "TN")]


def test_metric_formulas():
    units = (
        [_unit("TP", verdict="supported")] * 3
        + [_unit("TP", verdict="contradicted", mismatch="extra_condition")] * 2
        + [_unit("TP", verdict="contradicted", mismatch="missing_condition")]
        + [_unit("FP")] * 2
        + [_unit("FN")] * 4
        + [_unit("TN")] * 8
    )
    m = summarize(units, "gavel", "test", resamples=200).metrics["overall"]
    assert m["FAR"].value == pytest.approx(2 / 10)
    assert m["FRR"].value == pytest.approx(4 / 10)
    assert m["Acc"].value == pytest.approx(14 / 20)
    assert m["Hal_TP"].value == pytest.approx(3 / 6)
    assert m["Hal_Gen"].value == pytest.approx(5 / 8)
    assert m["JEq"].value == pytest.approx(3 / 10)
    assert m["RDI"].value == pytest.approx((2 - 1) / 3)


def test_per_category_rates_typed_gap_and_undefined_rates():
    units = (
        [_unit("TP", "numeric", "contradicted", "numeric")] * 3
        + [_unit("TP", "numeric", "supported")]
        + [_unit("TP", "temporal", "supported")] * 4
        + [_unit("TN", "obligation")] * 2
    )
    report = summarize(units, "cuad", "test", resamples=300)
    assert report.metrics["numeric"]["Hal_TP"].value == pytest.approx(0.75)
    assert report.metrics["temporal"]["Hal_TP"].value == 0.0
    assert report.metrics["obligation"]["Hal_TP"].value is None  # no TP: undefined, not zero
    assert report.metrics["factual"]["FAR"].value is None
    assert report.typed_gap.value == pytest.approx(0.75)
    assert report.counts["numeric"]["contradicted"] == 3 and report.mismatches == {"numeric": 3}


def test_typed_gap_needs_two_categories():
    gaps = typed_gap(np.array([[0.1, np.nan, 0.4, np.nan], [np.nan, np.nan, 0.2, np.nan]]))
    assert gaps[0] == pytest.approx(0.3) and math.isnan(gaps[1])


def test_bootstrap_is_seeded_and_brackets_the_estimate():
    rng = np.random.default_rng(0)
    units = [_unit(o, verdict="supported" if o == "TP" else None) for o in rng.choice(["TP", "FP", "FN", "TN"], 400)]
    a = summarize(units, "gavel", "t", resamples=500, seed=7).metrics["overall"]["FAR"]
    b = summarize(units, "gavel", "t", resamples=500, seed=7).metrics["overall"]["FAR"]
    c = summarize(units, "gavel", "t", resamples=500, seed=8).metrics["overall"]["FAR"]
    assert a == b and a != c
    assert a.low < a.value < a.high
    small = summarize(units[:40], "gavel", "t", resamples=500, seed=7).metrics["overall"]["FAR"]
    assert (small.high - small.low) > (a.high - a.low)  # fewer units, wider interval


def test_bootstrap_sums_match_resampling_by_hand():
    x = np.arange(12, dtype=float).reshape(4, 1, 3)
    sums = bootstrap_sums(x, resamples=300, seed=3)
    rng = np.random.default_rng(3)
    draws = rng.integers(0, 4, size=(300, 4))
    assert np.allclose(sums, x[draws].sum(axis=1))


def test_rates_vectorise_over_resamples():
    sums = np.array([[1, 1, 1, 1, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0]], dtype=float)
    r = rates(sums)
    assert r["FAR"][0] == 0.5 and math.isnan(r["FAR"][1])


def test_two_thousand_resamples_of_a_full_cuad_sized_audit_are_fast():
    units = [
        _unit(
            ["TP", "FP", "FN", "TN"][i % 4],
            ["numeric", "temporal", "obligation", "factual"][i % 3],
            "supported" if i % 4 == 0 else None,
        )
        for i in range(405 * 41)
    ]
    started = time.monotonic()
    report = summarize(units, "cuad", "t")
    assert time.monotonic() - started < 10 and report.resamples == 2000


def test_judge_sees_item_and_both_value_lists():
    seen = []

    class Recorder:
        name = "recorder"

        def __call__(self, item, predicted, reference):
            seen.append((item.key, predicted, reference))
            return Verdict(False, "scope", "why")

    report = audit({"c": {"parties": ["A"]}}, {"c": {"parties": ["B", "C"]}}, GAVEL, Recorder(), resamples=100)
    assert seen == [("parties", ["A"], ["B", "C"])]
    assert report.units[0].mismatch == "scope" and report.judge == "recorder"


def test_nothing_in_common_is_an_error():
    with pytest.raises(ValueError, match="share documents"):
        audit({"a": {"trials": []}}, {"b": {"trials": []}}, GAVEL, StrictJudge())
