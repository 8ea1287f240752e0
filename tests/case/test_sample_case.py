"""The bundled sample case and its hand-made reference checklist stay consistent."""

from __future__ import annotations

import json

import pytest

from gavel_agent.case import load_case
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.offline.item_plan import item_plan


@pytest.fixture
def case(sample_case):
    return load_case(sample_case)


@pytest.fixture
def reference(sample_case) -> ChecklistFile:
    return ChecklistFile.read(sample_case / "reference.json")


@pytest.fixture
def case_json(sample_case) -> dict:
    return json.loads((sample_case / "case.json").read_text(encoding="utf-8"))


def test_case_loads_seven_documents_the_docket_first_then_in_listed_date_order(case, case_json):
    listed = case_json["documents"]
    papers = [name.removesuffix(".txt") for name, meta in listed.items() if meta["type"] != "Docket"]
    assert case.name == "riverside-jail"
    assert [d.name for d in case.documents] == ["07-docket", *papers]  # the case file's index first
    assert [d.date for d in case.documents[1:]] == sorted(listed[f"{name}.txt"]["date"] for name in papers)
    assert len(case.documents) == 7


def test_case_size_is_a_realistic_long_docket(case):
    assert 25_000 <= case.token_count <= 50_000
    # No single document dominates: every one is a substantial filing of its own.
    assert all(d.token_count >= 1_500 for d in case.documents)


def test_document_types_are_ones_the_spec_routes_on(case):
    known = {t for item in load_spec("gavel").items for t in item_plan("gavel", item).document_types}
    assert {d.type for d in case.documents} <= known


def test_reference_covers_every_gavel_item(reference):
    spec = load_spec("gavel")
    assert reference.spec == "gavel"
    assert reference.case == "riverside-jail"
    assert set(reference.items) == set(spec.keys)
    for item in spec.items:
        values = reference.items[item.key]
        assert values, f"{item.key} has no reference value; the sample case is meant to exercise every item"
        if item.shape == "single":
            assert len(values) == 1, item.key


def test_every_reference_quote_sits_at_its_offsets(case, reference):
    for key, values in reference.items.items():
        for value in values:
            assert value.evidence, f"{key}: {value.value!r} has no evidence"
            for ev in value.evidence:
                doc = case.document(ev.document)
                assert doc.name == ev.document, f"{key}: evidence names {ev.document!r}, not a document stem"
                assert doc.text[ev.start_char : ev.end_char] == ev.quote, f"{key}: quote moved in {ev.document}"


def test_reference_values_match_the_documents_key_facts(reference):
    assert reference.values_of("filing_date") == ["March 15, 2021"]
    assert "512 F. Supp. 3d 1044" in reference.values_of("reported_opinions")
    assert any("Nadia Kessler-Ruiz" in v for v in reference.values_of("monitor_name"))
