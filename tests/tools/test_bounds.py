"""Every tool call is bounded: oversized arguments are refused before any work, a write has a time budget,
and what the model is shown of its newest turn fits the context budget."""

from __future__ import annotations

import json
import time

import pytest

from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.context import fit_newest, item_tokens, result_cap
from gavel_agent.tools import bounds, calls
from gavel_agent.tools.search import SearchIndex
from gavel_agent.tools.workspace import Workspace

ORDER = "ORDER\nThe motion to dismiss is GRANTED.\nIT IS SO ORDERED.\n/s/ Helen Okafor\nUnited States District Judge\n"


@pytest.fixture
def ws():
    filler = "The jail held many people in its cells during the year in question. " * 3000
    case = Case("t", [Document("order", ORDER), Document("filler", filler)])
    spec = load_spec("gavel")
    return Workspace.open(case, spec, spec.keys)


def call(ws, name, arguments: str | dict):
    spec = next(t for t in calls.tool_specs() if t.name == name)
    started = time.monotonic()
    result = calls.invoke(ws, spec, arguments if isinstance(arguments, str) else json.dumps(arguments))
    return result, time.monotonic() - started


def test_a_megabyte_of_arguments_is_refused_unparsed(ws):
    result, seconds = call(ws, "search", json.dumps({"query": "judge " * 200_000}))
    assert not result.ok and "arguments too large" in result.text and seconds < 0.5


@pytest.mark.parametrize("mode", ["bm25", "regex"])
def test_a_long_query_or_pattern_is_refused(ws, mode):
    result, _ = call(ws, "search", {"query": "a" * (bounds.MAX_QUERY_CHARS + 1), "mode": mode})
    assert not result.ok and "query" in result.text and "at most" in result.text


def test_too_many_values_in_one_write_are_refused(ws):
    value = {"value": "Helen Okafor", "evidence": [{"document": "order", "quote": "/s/ Helen Okafor"}]}
    n = bounds.MAX_VALUES_PER_WRITE + 1
    result, _ = call(ws, "append_checklist", {"items": [{"item": "judge_name", "values": [value] * n}]})
    assert not result.ok and f"{n} values in one call" in result.text
    assert ws.checklist.items["judge_name"] == []


def test_a_write_stops_checking_quotes_when_its_time_is_up(ws, monkeypatch):
    monkeypatch.setattr(bounds, "WRITE_CALL_BUDGET_S", 0.0)
    value = {"value": "Helen Okafor", "evidence": [{"document": "order", "quote": "/s/ Helen Okafor"}]}
    result, _ = call(ws, "append_checklist", {"items": [{"item": "judge_name", "values": [value]}]})
    assert "ran out of time; send it again" in result.text and ws.checklist.items["judge_name"] == []


def test_near_miss_quotes_at_the_limit_stay_within_the_call_budget(ws):
    near_miss = ("The jail held many peeple in its cels during the yeer in question. " * 45)[:2999]
    values = [
        {"value": f"v{i}", "evidence": [{"document": "filler", "quote": near_miss}]}
        for i in range(bounds.MAX_VALUES_PER_WRITE)
    ]
    _, seconds = call(ws, "append_checklist", {"items": [{"item": "judge_name", "values": values}]})
    assert seconds < bounds.WRITE_CALL_BUDGET_S + 1.0


def test_regex_compile_counts_inside_the_budget(monkeypatch):
    from gavel_agent.tools import search

    def slow_compile(pattern, flags=""):
        time.sleep(1.0)
        return search.regex.compile(pattern)

    monkeypatch.setattr(search, "compile_pattern", slow_compile)
    monkeypatch.setattr(search, "REGEX_CALL_BUDGET_S", 0.3)
    index = SearchIndex(Case("t", [Document("order", ORDER)]))
    started = time.monotonic()
    with pytest.raises(ValueError, match="too slow"):
        index.regex("ORDER")
    assert time.monotonic() - started < 0.8


def test_newest_turn_is_cut_to_the_budget_with_a_note():
    huge_output = "listing row\n" * 50_000
    items = [
        {"role": "user", "content": "extract"},
        {"type": "function_call", "call_id": "c1", "name": "search", "arguments": json.dumps({"query": "x" * 200_000})},
        {"type": "function_call_output", "call_id": "c1", "output": huge_output},
    ]
    kept = fit_newest(items, budget=2_000)
    assert kept[0] == items[0]
    assert json.loads(kept[1]["arguments"])["cut"].startswith("the arguments (")
    assert kept[2]["output"].startswith("listing row") and "[cut: " in kept[2]["output"]
    assert all(item_tokens(i) <= result_cap(2_000) for i in kept)
    assert fit_newest(items, budget=0) == items  # a model that reads no history


def test_small_items_are_left_alone():
    items = [{"role": "user", "content": "extract"}, {"type": "function_call_output", "call_id": "c", "output": "ok"}]
    assert fit_newest(items, budget=2_000) == items


def test_a_bm25_query_of_too_many_distinct_words_is_refused(ws):
    many = " ".join(f"word{i}" for i in range(bounds.MAX_QUERY_WORDS + 1))
    result, _ = call(ws, "search", {"query": many})
    assert not result.ok and "distinct words" in result.text
    result, _ = call(ws, "search", {"query": "jail " * (bounds.MAX_QUERY_WORDS + 5)})  # repeats are one word
    assert result.ok


def test_the_review_of_the_whole_checklist_gets_a_larger_share_than_one_read():
    """A 41,000-character first-stop review lost its findings under a 20,000-token history (12429)."""
    review = "- parties: Plaintiff: D.G. (a minor child) [document p. 3, exact]\n" * 600  # ~10,500 tokens
    items = [
        {"type": "function_call", "call_id": "s1", "name": "stop", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "s1", "output": review},
        {"type": "function_call", "call_id": "r1", "name": "read_document", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "r1", "output": review},
    ]
    cap = result_cap(20_000)
    assert item_tokens(items[1]) > cap
    kept = fit_newest(items, budget=20_000)
    assert kept[1] == items[1]  # the review whole
    assert "[cut: " in kept[3]["output"] and item_tokens(kept[3]) <= cap  # a read as large is cut
    endless = [items[0], {**items[1], "output": review * 10}]
    assert "[cut: " in fit_newest(endless, budget=20_000)[1]["output"]  # still bounded
