"""bench/support_bound.py: the support check's cost per bench row, split into what the case never writes
(must-refuse) and what some text of the case states (recoverable)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from conftest import REPO
from gavel_agent.checklists.record import ChecklistFile, Evidence, Value
from gavel_agent.evaluators.checklist.crlc_reference import CodedCase


@pytest.fixture
def bound(monkeypatch):
    """bench/support_bound.py as a module (it imports its neighbours offline_quality and markdown_fragment)."""
    monkeypatch.syspath_prepend(str(REPO / "bench"))
    modules = {}
    for name in ("offline_quality", "support_bound"):
        spec = importlib.util.spec_from_file_location(name, REPO / "bench" / f"{name}.py")
        assert spec and spec.loader
        modules[name] = importlib.util.module_from_spec(spec)
        monkeypatch.setitem(sys.modules, name, modules[name])  # their dataclasses look their module up
        spec.loader.exec_module(modules[name])
    return modules["support_bound"]


def _unsupported(value: str, quote: str) -> Value:
    evidence = Evidence(document="order", quote=quote, start_char=0, end_char=len(quote), status="exact")
    return Value(value=value, evidence=[evidence], support="unsupported")


def _case(folder: Path, **texts: str) -> Path:
    folder.mkdir()
    for name, text in texts.items():
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    return folder


# Two hand-made records. In "a" the docket names Judge Williams (the run's quote did not) and nobody
# named Doe; in "b" the docket dates the consent decree (the run quoted its title) and no text gives the
# settlement's day, which the run took from elsewhere.
A_TEXTS = {
    "order": "ORDER\nThe motion to dismiss is GRANTED.\n",
    "docket": "03/15/2021 12 ORDER granting motion to dismiss. Signed by Judge Kathleen M. Williams on 3/15/2021.\n",
}
B_TEXTS = {
    "order": "CONSENT DECREE\nThe parties agree to the terms below.\n",
    "docket": "06/02/2018 40 CONSENT DECREE entered. Signed by Judge Ann Smith on 6/2/2018.\n",
}
A_VALUES = {"judge_name": [_unsupported("Kathleen M. Williams", "ORDER"), _unsupported("John Doe", "ORDER")]}
B_VALUES = {
    "settlement_date": [_unsupported("2019-05-01", "CONSENT DECREE")],
    "decree_dates": [_unsupported("June 2, 2018: consent decree entered", "CONSENT DECREE")],
}


def test_refused_values_are_split_by_whether_the_case_writes_them_anywhere(bound, tmp_path):
    a = bound.written_nowhere(_case(tmp_path / "a", **A_TEXTS), ChecklistFile(spec="gavel", case="a", items=A_VALUES))
    b = bound.written_nowhere(_case(tmp_path / "b", **B_TEXTS), ChecklistFile(spec="gavel", case="b", items=B_VALUES))
    assert a == {"judge_name": {"Kathleen M. Williams": False, "John Doe": True}}
    assert b == {
        "settlement_date": {"2019-05-01": True},
        "decree_dates": {"June 2, 2018: consent decree entered": False},
    }
    assert bound.must_refuse({"a": a, "b": b}) == {
        "a": {"judge_name": {"John Doe"}},
        "b": {"settlement_date": {"2019-05-01"}, "decree_dates": set()},
    }


def test_a_run_that_stores_no_unsupported_value_reads_no_text(bound, tmp_path):
    supported = {"judge_name": [Value(value="Kathleen M. Williams", evidence=[], support="states")]}
    missing = tmp_path / "never-read"  # loading it would fail
    assert bound.written_nowhere(missing, ChecklistFile(spec="gavel", case="a", items=supported)) == {}


def test_the_drop_splits_into_must_refuse_and_recoverable_shares_of_a_row(bound, tmp_path):
    """The two records scored as one held-out fold: with the check off both rows find their coded value;
    on, the check refused all four values; written-nowhere values removed, the judge row keeps Williams
    (recoverable) and the settlement row loses its date (must-refuse)."""
    quality = sys.modules["offline_quality"]
    coding = {
        "a": CodedCase(case="a", judges=["Williams"]),
        "b": CodedCase(case="b", settlement_date=date(2019, 5, 1)),
    }
    off = {"a": {"judge_name": ["Kathleen M. Williams", "John Doe"]}, "b": {"settlement_date": ["2019-05-01"]}}
    on: dict = {"a": {"judge_name": []}, "b": {"settlement_date": []}}
    gone = {"a": {"judge_name": {"John Doe"}}, "b": {"settlement_date": {"2019-05-01"}}}
    runs = quality.Runs([], {}, {}, {}, off, {"a": {}, "b": {}})
    reachable, refused = bound.without(runs, gone)
    assert reachable == {"a": {"judge_name": ["Kathleen M. Williams"]}, "b": {"settlement_date": []}}
    assert refused == {"a": {}, "b": {}}  # only the learned items' refusals are kept apart

    def means(values):
        table = quality.coding_table(["a", "b"], coding, {}, values)
        return bound.held_out_means({name: {0: tally} for name, tally in table.items()})

    rows = {r.name: r for r in bound.bound_rows(means(on), means(off), means(reachable))}
    judges, dates = rows["judges named in summary (recall)"], rows["settlement/decree date (recall)"]
    assert (judges.off, judges.on, judges.must_refuse, judges.recoverable, judges.meets) == (100, 0, 0, 100, False)
    assert (dates.off, dates.on, dates.must_refuse, dates.recoverable, dates.meets) == (100, 0, 100, 0, True)
    assert "judge values (precision)" not in rows  # on, no judge value is left to be right or wrong


def test_a_row_meets_the_bound_within_one_point_of_what_the_check_may_reach(bound):
    assert bound.BoundRow("x", off=80.0, on=71.0, reachable=72.0).meets
    assert not bound.BoundRow("x", off=80.0, on=70.9, reachable=72.0).meets


def test_the_learned_items_refusals_gain_the_values_written_nowhere(bound):
    quality = sys.modules["offline_quality"]
    runs = quality.Runs([], {}, {}, {}, {"a": {"cause_of_action": ["X"]}}, {"a": {"cause_of_action": {"Y"}}})
    _, refused = bound.without(runs, {"a": {"cause_of_action": {"X"}}})
    assert refused == {"a": {"cause_of_action": {"X", "Y"}}}


def test_runs_made_the_other_way_are_refused_with_a_one_line_error(tmp_path):
    on, off = tmp_path / "on", tmp_path / "off"
    on.mkdir()
    off.mkdir()
    (on / "support_check.txt").write_text("off\n")
    done = subprocess.run(
        [sys.executable, str(REPO / "bench" / "support_bound.py"), str(on), str(off), str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [f"error: {on} holds runs made with the support check off, not on"]


def test_refused_values_are_counted_with_those_the_check_on_run_stored(bound):
    unstated = {
        "a": {"judge_name": {"Kathleen M. Williams": False, "John Doe": True}},
        "b": {"settlement_date": {"2019-05-01": True}},
    }
    stored = ChecklistFile(
        spec="gavel",
        case="a",
        items={"judge_name": [Value(value="Kathleen M. Williams", evidence=[], support="states")]},
    )
    counts = bound.refused_counts(unstated, {"a": stored, "b": ChecklistFile(spec="gavel", case="b", items={})})
    assert counts == {"judge_name": [2, 1, 1, 1], "settlement_date": [1, 1, 0, 0]}
