"""End-to-end and chunk baselines: verified evidence, the context cut, the running state."""

from __future__ import annotations

import json

import pytest

from baseline_cases import car_case, write_spec
from gavel_agent.baselines import Baseline
from gavel_agent.baselines.concat import concatenate
from gavel_agent.case import load_case
from gavel_agent.checklists import load_spec
from gavel_agent.run_folder import RunFiles


class FakeModel:
    """A completer that answers from a list of replies and keeps the prompts it was sent."""

    def __init__(self, *replies):
        self.replies = list(replies)
        self.prompts: list[tuple[str, str]] = []

    def __call__(self, system: str, user: str) -> str:
        self.prompts.append((system, user))
        reply = self.replies.pop(0) if self.replies else "{}"
        return reply(user) if callable(reply) else reply


@pytest.fixture
def case_and_spec(tmp_path):
    return load_case(car_case(tmp_path / "cars")), load_spec(str(write_spec(tmp_path)))


def test_concatenation_is_in_date_order_and_maps_quotes_back(case_and_spec):
    case, _ = case_and_spec
    concat = concatenate(case)
    assert concat.text.index("painted red") < concat.text.index("painted blue")
    assert concat.document_of("car painted blue at home") == "a-later"
    assert concat.document_of("painted red by the dealer") == "b-earlier"
    assert concat.document_of("=== a-later") is None  # header text belongs to no document


def test_llm_end_to_end_verifies_quotes_and_rejects_invented_ones(case_and_spec, tmp_path):
    case, spec = case_and_spec
    model = FakeModel(
        json.dumps(
            {
                "colour": [
                    {"value": "red", "quote": "The first car was  painted RED by the dealer"},
                    {"value": "green", "quote": "the car was painted green"},
                ]
            }
        ),
        '```json\n{"items": {"weight": [{"value": "1200 kg", "quote": "It weighs 1200 kg."}]}}\n```',
    )
    outcome = Baseline(
        case, spec, spec.keys, "end-to-end", tmp_path / "run", model_label="openai:gpt-4.1-mini", completer=model
    ).run()
    assert len(model.prompts) == 2  # one prompt per group
    assert "painted blue" in model.prompts[0][1] and "Colour" in model.prompts[0][1]
    red = outcome.checklist.items["colour"][0]
    doc = case.document("b-earlier")
    assert red.value == "red" and red.evidence[0].document == "b-earlier"
    assert doc.text[red.evidence[0].start_char : red.evidence[0].end_char] == red.evidence[0].quote
    assert [v.value for v in outcome.checklist.items["colour"]] == ["red"]  # 'green' has no real quote
    assert outcome.checklist.values_of("weight") == ["1200 kg"]
    stats = json.loads((tmp_path / "run" / "stats.json").read_text())
    assert stats["status"] == "finished" and stats["rejected_values"] == 1 and stats["method"] == "end-to-end"
    assert stats["prompt_tokens"] > 0 and stats["cost_usd"] > 0
    assert RunFiles(tmp_path / "run").read_checklist() == outcome.checklist


def reply_reserve(label: str) -> int:
    """The output tokens the model family reserves (models.json), which the case text must leave room for."""
    from gavel_agent.backends import catalog

    return catalog.settings_for(label).max_tokens


def test_end_to_end_warns_and_cuts_when_over_the_context(tmp_path):
    case = load_case(car_case(tmp_path / "cars", filler_sentences=200))
    spec = load_spec(str(write_spec(tmp_path)))
    warnings = []
    model = FakeModel()
    outcome = Baseline(
        case,
        spec,
        ["colour"],
        "end-to-end",
        tmp_path / "run",
        model_label="openai-compatible:small",
        completer=model,
        context_tokens=reply_reserve("openai-compatible:small") + 1500,
        on_warning=warnings.append,
    ).run()
    assert len(warnings) == 1 and "cut in 'b-earlier'" in warnings[0] and "1 later document" in warnings[0]
    shown = model.prompts[0][1]
    assert "painted blue" not in shown and "a-later" not in shown
    assert outcome.stats.shown_tokens < outcome.stats.case_tokens and outcome.stats.warnings == warnings
    assert outcome.stats.coverage["b-earlier"] < 1


def test_chunk_method_updates_the_running_state(tmp_path):
    case = load_case(car_case(tmp_path / "cars", filler_sentences=60))
    spec = load_spec(str(write_spec(tmp_path)))

    def second(prompt: str) -> str:
        assert '"value": "red"' in prompt  # the state carries what the first chunk found
        return json.dumps(
            {"colour": [{"value": "red"}, {"value": "blue", "quote": "had the car painted blue at home"}]}
        )

    model = FakeModel(json.dumps({"colour": [{"value": "red", "quote": "The first car was painted red"}]}), second)
    outcome = Baseline(
        case,
        spec,
        ["colour"],
        "chunk",
        tmp_path / "run",
        model_label="openai-compatible:m",
        completer=model,
        chunk_tokens=1200,
    ).run()
    assert outcome.stats.chunks == 2 and "chunk 1 of 2" in model.prompts[0][1] and "chunk 2 of 2" in model.prompts[1][1]
    values = outcome.checklist.items["colour"]
    assert [v.value for v in values] == ["red", "blue"]
    assert values[0].evidence[0].document == "b-earlier" and values[1].evidence[0].document == "a-later"


def test_offline_baselines_run_the_rules_without_navigation(case_and_spec, tmp_path):
    case, spec = case_and_spec
    for method in ("end-to-end", "chunk"):
        outcome = Baseline(case, spec, spec.keys, method, tmp_path / method, chunk_tokens=60).run()
        assert sorted(outcome.checklist.values_of("colour")) == ["blue", "red"], method
        assert {v.evidence[0].document for v in outcome.checklist.items["colour"]} == {"a-later", "b-earlier"}
        assert outcome.stats.prompt_tokens > case.token_count and outcome.stats.cost_usd == 0


def test_extract_command_rejects_bad_input(tmp_path, monkeypatch, capsys):
    import sys

    from gavel_agent.cli import main

    case = car_case(tmp_path / "cars")
    for args, message in ((["--method", "sideways"], "unknown --method"), (["--model", "nonsense"], "unknown model")):
        monkeypatch.setattr(sys, "argv", ["gavel-agent", "baseline", str(case), "--out", str(tmp_path / "o"), *args])
        with pytest.raises(SystemExit) as stop:
            main()
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and message in err and "Traceback" not in err


def test_offline_end_to_end_rules_know_each_documents_type(sample_case, tmp_path):
    """Rules that depend on the kind of document (a complaint's causes of action) work on the
    concatenation too, because each document's header says what it is."""
    case, spec = load_case(sample_case), load_spec("gavel")
    for method in ("end-to-end", "chunk"):
        outcome = Baseline(case, spec, ["cause_of_action"], method, tmp_path / method).run()
        values = outcome.checklist.items["cause_of_action"]
        assert any("1983" in v.value for v in values), method
        assert "01-complaint" in {e.document for v in values for e in v.evidence}, method


def test_a_structured_completer_is_sent_the_requested_items_schema(case_and_spec, tmp_path):
    case, spec = case_and_spec
    schemas = []

    def structured(system: str, user: str, schema=None) -> str:
        schemas.append(schema)
        reply = {key: [] for key in schema.model_fields}  # every asked item present, as a strict schema requires
        if "colour" in reply:
            reply["colour"] = [{"value": "red", "quote": "The first car was  painted RED by the dealer"}]
        return json.dumps(reply)

    structured.structured_output = True
    outcome = Baseline(
        case, spec, spec.keys, "end-to-end", tmp_path / "run", model_label="openai:gpt-4.1-mini", completer=structured
    ).run()
    assert sorted(k for s in schemas for k in s.model_fields) == sorted(spec.keys)  # one field per requested item
    one = schemas[0].model_json_schema()
    assert set(one["required"]) == set(schemas[0].model_fields)
    assert outcome.checklist.values_of("colour") == ["red"]
