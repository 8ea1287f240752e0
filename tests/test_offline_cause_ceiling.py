"""bench/cause_values.py's ranking ceiling: the most recall one threshold keeps at the precision floor."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from gavel_agent.evaluators.checklist.crlc_reference import CodedCase
from gavel_agent.offline.corpus import Record, fold_of
from gavel_agent.offline.selection import probability

BENCH = Path(__file__).resolve().parents[1] / "bench" / "cause_values.py"
S1983 = "42 U.S.C. § 1983"
DJA = "Declaratory Judgment Act, 28 U.S.C. § 2201"
FHA = "Fair Housing Act/Fair Housing Amendments Act (FHAA), 42 U.S.C. §§ 3601 et seq."


def _bench():
    spec = importlib.util.spec_from_file_location("cause_values", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _row(value: str, quote: str) -> dict:
    return {
        "value": value,
        "quote": quote,
        "confidence": 1.0,
        "window_score": 1.0,
        "document": "complaint",
        "doc_type": "Complaint",
        "doc_title": "Complaint",
        "doc_date": "2020-01-02",
        "doc_tokens": 900,
        "doc_order": 0,
        "doc_count": 2,
    }


def _records() -> list[Record]:
    """Cases pleading § 1983 in a count and naming the Declaratory Judgment Act beside jurisdiction;
    the first three also code a cause no candidate names."""
    records = []
    for i in range(60):
        rows = [
            _row(S1983, "COUNT I: violation of 42 U.S.C. § 1983"),
            _row(S1983, "Plaintiffs sue under 42 U.S.C. § 1983."),
            _row(DJA, "This Court has jurisdiction under 28 U.S.C. §§ 1331 and 2201."),
        ]
        causes = [S1983] + ([FHA] if i < 3 else [])
        records.append(
            Record(str(i), fold_of(str(i)), CodedCase(case=str(i), causes=causes), {"cause_of_action": rows})
        )
    return records


def test_the_ceiling_keeps_every_right_value_above_the_wrong_ones():
    bench = _bench()
    records = _records()
    models = bench.held_out_models(records)
    top = bench.ranking_ceiling(records, models, unread=frozenset())
    # Every § 1983 (one value per case, though named twice) ranks above every Act: all kept, none wrong;
    # the three causes no candidate names still count against recall.
    assert top.recall == 60 / 63 and top.precision == 1.0 and top.average_precision == 1.0
    assert top.threshold is not None and top.threshold > max(
        probability(models[r.fold], f)
        for r in records
        for row, f in zip(r.rows("cause_of_action"), r.features("cause_of_action"))
        if row["value"] == DJA
    )
    # An unread case is fitted on but not scored.
    assert bench.ranking_ceiling(records, models, unread=frozenset({"0"})).recall == 59 / 61


def test_no_ceiling_when_no_threshold_reaches_the_floor():
    bench = _bench()
    records = _records()
    for i, r in enumerate(records):  # § 1983 never coded, the Act in one case of three: at most 1/3 right
        r.coded.causes[:] = [DJA] if i % 3 == 0 else [FHA]
    models = bench.held_out_models(records)
    assert all(models.values())  # fitted: the Act is right in some cases
    top = bench.ranking_ceiling(records, models, unread=frozenset())
    assert top.threshold is None and top.recall == 0.0 and 0.0 < top.average_precision < 1.0
