"""Boundaries of the tree: what may import what, and the typed tool contract the offline model reads."""

from __future__ import annotations

import dataclasses

import gavel_agent
from gavel_agent.tools import calls


def test_the_offline_model_reads_tool_data_so_rewording_results_changes_nothing(sample_case, monkeypatch):
    items = "filing_date,judge_name,parties,appeals"
    plain = gavel_agent.extract(sample_case, items=items)
    assert plain.values_of("filing_date") == ["March 15, 2021"]
    invoke = calls.invoke

    def reworded(ws, spec, raw_arguments):
        result = invoke(ws, spec, raw_arguments)
        return dataclasses.replace(result, text=f"(reworded for a model) {result.text[::-1]}")

    monkeypatch.setattr(calls, "invoke", reworded)
    assert gavel_agent.extract(sample_case, items=items).items == plain.items
