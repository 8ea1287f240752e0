"""Causes of action: each statute weighs each kind of evidence on its own (identity x evidence features)."""

from __future__ import annotations

from gavel_agent.offline.selection import probability
from gavel_agent.offline.selection_features import candidate_features

DJA = "Declaratory Judgment Act, 28 U.S.C. § 2201"
S1983 = "42 U.S.C. § 1983"


def _row(value: str, quote: str, doc_type: str = "Complaint") -> dict:
    return {
        "value": value,
        "quote": quote,
        "confidence": 0.8,
        "window_score": 1.0,
        "document": "complaint" if doc_type == "Complaint" else "opinion",
        "doc_type": doc_type,
        "doc_title": doc_type,
        "doc_date": "2021-03-01",
        "doc_tokens": 900,
        "doc_order": 0,
        "doc_count": 2,
    }


def test_a_statutes_evidence_is_crossed_with_its_identity():
    rows = [
        _row(S1983, "COUNT I: Violation of 42 U.S.C. § 1983"),
        _row(DJA, "This Court has jurisdiction under 28 U.S.C. §§ 1331 and 2201."),
        _row(S1983, "Plaintiffs sue under 42 U.S.C. § 1983.", doc_type="Order/Opinion"),
    ]
    heading, jurisdiction, opinion = candidate_features(rows)
    assert heading[f"{S1983}|statute:heading"] == 1.0 and heading[f"{S1983}|statute:complaint"] == 1.0
    assert opinion == heading  # every mention of a statute carries the statute's best evidence
    assert jurisdiction[f"{DJA}|statute:only_jurisdiction"] == 1.0
    # Only the evidence present is named, and only under the statute's own identity.
    assert f"{DJA}|statute:heading" not in jurisdiction and f"{S1983}|statute:only_jurisdiction" not in heading
    assert not any(name.startswith(DJA) for name in heading)


def test_the_same_evidence_can_weigh_differently_for_two_statutes():
    # A model that learned a complaint's mention pleads § 1983 but not the Declaratory Judgment Act.
    model = {
        "features": [f"{S1983}|statute:complaint", f"{DJA}|statute:complaint"],
        "coef": [3.0, -3.0],
        "intercept": 0.0,
    }
    s1983, dja = candidate_features(
        [
            _row(S1983, "Plaintiffs bring this action under 42 U.S.C. § 1983."),
            _row(DJA, "Relief under 28 U.S.C. § 2201."),
        ]
    )
    assert probability(model, s1983) > 0.9 and probability(model, dja) < 0.1
