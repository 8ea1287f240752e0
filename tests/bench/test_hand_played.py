"""bench/hand_played.py: the history table compares budgets only on cases played under each of them."""

from __future__ import annotations

import importlib.util
import sys

from conftest import REPO


def _bench_module():
    spec = importlib.util.spec_from_file_location("hand_played", REPO / "bench" / "hand_played.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["hand_played"] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


bench = _bench_module()


def played(case: str, history: int | None, score: float, tokens: int):
    return bench.HandPlayedRun(
        case=case,
        score=score,
        filled=20,
        settled_none=6,
        items=26,
        values=90,
        prompt_tokens=tokens,
        case_tokens=100_000,
        turns=12,
        refused=3,
        history_tokens=history,
        gavel={method: None for method in bench.GAVEL_METHODS},
    )


def test_budgets_are_compared_on_the_cases_played_under_every_budget():
    runs = [
        played("17701", 65_536, 50.0, 320_000),
        played("17701", 20_000, 46.0, 190_000),
        played("17762", 65_536, 40.0, 350_000),
        played("17762", 20_000, 48.0, 180_000),
        played("43966", 20_000, 90.0, 100_000),  # never played at 65,536: left out of both means
    ]
    lines = bench.by_history(runs)
    assert "(17701, 17762)" in lines[1]
    rows = {line.split(" | ")[0].strip("| "): line for line in lines if line.startswith("| ") and "," in line[:9]}
    assert rows["65,536"].startswith("| 65,536 | 2 | 45.0 |") and "| 335,000 |" in rows["65,536"]
    assert rows["20,000"].startswith("| 20,000 | 2 | 47.0 |") and "| 185,000 |" in rows["20,000"]


def test_one_budget_or_unrecorded_budgets_give_no_history_table():
    assert bench.by_history([played("17701", 65_536, 50.0, 1), played("17762", 65_536, 40.0, 1)]) == []
    assert bench.by_history([played("17701", None, 50.0, 1), played("17762", None, 40.0, 1)]) == []
    table = bench.table([played("17701", None, 50.0, 1)])
    assert table[2].startswith("| 17701 | - | 50.0 |")
