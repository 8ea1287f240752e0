"""--verify with a language model: the model's rulings, its quotes checked against the case, the gates."""

from __future__ import annotations

import json

import httpx

from backends_wire import FAKE_KEY, PROVIDERS, chat_reply, httpx2_mock
from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile, Evidence, Value
from gavel_agent.tools.search import SearchIndex
from gavel_agent.verification.llm_challenger import LLMChallenger
from gavel_agent.verification.stage import verify_checklist, verify_run

CUAD = load_spec("cuad")

LICENCE = """SOFTWARE LICENCE AGREEMENT

1. This Agreement is governed by the laws of the State of Delaware.
2. Licensor warrants the Software for a period of twelve (12) months from installation.
3. Licensor's total liability shall not exceed $50,000 in the aggregate.
4. Licensee shall not assign this Agreement without the prior written consent of Licensor.
"""
PADDING = " ".join(f"Annex row {i} names a module and its version." for i in range(120))
DELAWARE = "This Agreement is governed by the laws of the State of Delaware."
WARRANTY = "Licensor warrants the Software for a period of twelve (12) months from installation."
CAP = "Licensor's total liability shall not exceed $50,000"


def licence_case() -> Case:
    return Case(name="licence", documents=[Document(name="licence", text=LICENCE + PADDING)])


def stored(value: str, quote: str) -> Value:
    return Value(value=value, evidence=[Evidence(document="licence", quote=quote)])


def checklist(**items: list[Value]) -> ChecklistFile:
    return ChecklistFile(spec="cuad", case="licence", items={k: [] for k in CUAD.keys} | items)


class ScriptedModel:
    """A completer that answers by the value under challenge; anything unscripted is kept."""

    def __init__(self, replies: dict[str, dict | str]):
        self.replies = replies
        self.questions: list[dict] = []

    def __call__(self, system: str, user: str) -> str:
        assert "keep" in system and "revise" in system and "delete" in system
        question = json.loads(user)
        self.questions.append(question)
        reply = self.replies.get(question["value"], {"decision": "keep", "reason": "unscripted"})
        return reply if isinstance(reply, str) else json.dumps(reply)


def llm_verify(checklist, model):
    case = licence_case()
    return verify_checklist(checklist, CUAD, case, LLMChallenger(model, CUAD, case, SearchIndex(case)))


def decisions_for(result, item: str) -> list:
    return [d for d in result.decisions if d.item == item]


def test_a_value_defended_with_a_real_quote_is_kept():
    model = ScriptedModel(
        {
            "Delaware": {
                "decision": "keep",
                "quotes": [{"document": "licence", "quote": DELAWARE}],
                "reason": "the clause names Delaware law",
            }
        }
    )
    result = llm_verify(checklist(governing_law=[stored("Delaware", DELAWARE)]), model)
    assert result.checklist.values_of("governing_law") == ["Delaware"]
    (decision,) = decisions_for(result, "governing_law")
    assert decision.action == "keep" and "names Delaware law" in decision.reason and "licence chars" in decision.reason
    question = next(q for q in model.questions if q["value"] == "Delaware")
    # The model sees the factual questions, the stored quote with its surroundings, and the item's definition.
    assert "outside knowledge" in question["questions"] and question["category"] == "factual"
    assert "twelve (12) months" in question["stored_quotes"][0]["context"]


def test_a_revision_whose_quote_is_not_in_the_case_is_rejected():
    invented = "Licensor warrants the Software for a period of twenty-four (24) months"
    model = ScriptedModel(
        {
            "12 months": {
                "decision": "revise",
                "value": "24 months",
                "quotes": [{"document": "licence", "quote": invented}],
                "reason": "longer term",
            }
        }
    )
    result = llm_verify(checklist(warranty_duration=[stored("12 months", WARRANTY)]), model)
    assert result.checklist.values_of("warranty_duration") == ["12 months"]
    (decision,) = decisions_for(result, "warranty_duration")
    assert decision.action == "revise_rejected"
    assert "quote not found" in decision.reason and "original is kept" in decision.reason


def test_deleting_a_value_the_independent_search_confirms_is_blocked():
    model = ScriptedModel({"Delaware": {"decision": "delete", "reason": "looks like outside knowledge"}})
    result = llm_verify(checklist(governing_law=[stored("Delaware", DELAWARE)]), model)
    assert result.checklist.values_of("governing_law") == ["Delaware"]
    (decision,) = decisions_for(result, "governing_law")
    assert (
        decision.action == "keep_blocked" and "outside knowledge" in decision.reason and "confirms" in decision.reason
    )


def test_an_unsupported_value_is_deleted_and_the_reason_logged(tmp_path):
    original = checklist(warranty_duration=[stored("24 months", WARRANTY)])
    (tmp_path / "checklist.json").write_text(original.model_dump_json(), encoding="utf-8")
    model = ScriptedModel({"24 months": {"decision": "delete", "reason": "the clause says twelve months"}})
    lines = []
    case = licence_case()
    verify_run(
        tmp_path, CUAD, case, report=lines.append, challenger=LLMChallenger(model, CUAD, case, SearchIndex(case))
    )
    assert ChecklistFile.read(tmp_path / "checklist.json").values_of("warranty_duration") == []
    assert ChecklistFile.read(tmp_path / "checklist_unverified.json").values_of("warranty_duration") == ["24 months"]
    log = [json.loads(line) for line in (tmp_path / "verify.jsonl").read_text().splitlines()]
    (entry,) = [e for e in log if e["item"] == "warranty_duration"]
    assert entry["action"] == "delete"
    assert "says twelve months" in entry["reason"] and "no support" in entry["reason"]
    assert "1 deleted" in lines[0]


def test_a_confirmed_revision_replaces_the_value_and_is_challenged_again():
    revised = "not to exceed $50,000 in the aggregate"
    model = ScriptedModel(
        {
            "$50,000": {
                "decision": "revise",
                "value": revised,
                "reason": "the cap's qualifier was dropped",
                "quotes": [
                    {"document": "licence", "quote": "total liability shall not exceed $50,000 in the aggregate"}
                ],
            },
            revised: {"decision": "keep", "reason": "states the cap as written"},
        }
    )
    result = llm_verify(checklist(cap_on_liability=[stored("$50,000", CAP)]), model)
    assert result.checklist.values_of("cap_on_liability") == [revised]
    first, second = decisions_for(result, "cap_on_liability")
    assert (first.round, first.action, first.revised_to) == (1, "revise", revised)
    assert "qualifier was dropped" in first.reason and "does not confirm the original" in first.reason
    assert (second.round, second.value, second.action) == (2, revised, "keep")
    # The stored evidence of the revision is the model's quote, found at its place in the case.
    evidence = result.checklist.items["cap_on_liability"][0].evidence[0]
    assert LICENCE[evidence.start_char : evidence.end_char].endswith("in the aggregate")
    assert "1 revised" in result.summary()


def test_an_unreadable_reply_falls_back_to_the_offline_checks():
    model = ScriptedModel({"24 months": "I would rather not say.", "Delaware": '{"decision": "maybe"}'})
    result = llm_verify(
        checklist(warranty_duration=[stored("24 months", WARRANTY)], governing_law=[stored("Delaware", DELAWARE)]),
        model,
    )
    assert result.checklist.values_of("warranty_duration") == []
    assert result.checklist.values_of("governing_law") == ["Delaware"]
    (deleted,) = decisions_for(result, "warranty_duration")
    assert "model unusable (model reply holds no JSON" in deleted.reason and "24 month" in deleted.reason
    (kept,) = decisions_for(result, "governing_law")
    assert kept.action == "keep" and "keep/revise/delete" in kept.reason and "its quotes defend it" in kept.reason


def test_challenges_go_to_a_chat_completions_server(tmp_path, monkeypatch):
    from gavel_agent.backends.completer import make_completer

    provider = PROVIDERS["openai-compatible"]
    monkeypatch.setenv(provider.key_variable, FAKE_KEY)
    answer = json.dumps(
        {
            "decision": "keep",
            "quotes": [{"document": "licence", "quote": DELAWARE}],
            "reason": "Delaware is named in clause 1",
        }
    )
    reply = {
        **chat_reply(1, [], (200, 0, 30, 0)).json(),
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": answer}}],
    }
    (tmp_path / "checklist.json").write_text(checklist(governing_law=[stored("Delaware", DELAWARE)]).model_dump_json())
    complete = make_completer(provider.model, provider.base_url)
    with httpx2_mock() as router:
        route = router.post(provider.url).mock(side_effect=lambda request: httpx.Response(200, json=reply))
        case = licence_case()
        result = verify_run(tmp_path, CUAD, case, challenger=LLMChallenger(complete, CUAD, case, SearchIndex(case)))
    assert result.checklist.values_of("governing_law") == ["Delaware"]
    assert "clause 1" in decisions_for(result, "governing_law")[0].reason
    body = json.loads(route.calls[0].request.content)
    assert body["model"] == "local-model" and not body.get("tools")
    system, user = body["messages"][0], body["messages"][1]
    assert system["role"] == "system" and '"decision"' in system["content"]
    question = json.loads(user["content"])
    assert question["value"] == "Delaware" and question["item"] == CUAD.item("governing_law").name
    assert question["stored_quotes"][0]["quote"] == DELAWARE


def wire_server(verdict: str):
    """Chat Completions replies: the scripted agent for tool-using requests, ``verdict`` for challenges."""
    from backends_wire import scripted_replies

    provider = PROVIDERS["openai-compatible"]
    agent_turns = iter(scripted_replies(provider))
    reply = {
        **chat_reply(99, [], (300, 0, 20, 0)).json(),
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": verdict}}],
    }

    def serve(request: httpx.Request) -> httpx.Response:
        return next(agent_turns) if json.loads(request.content).get("tools") else httpx.Response(200, json=reply)

    return serve


def test_run_and_batch_verify_with_the_runs_own_model(tmp_path, monkeypatch, capsys):
    import shutil

    from backends_wire import CASE_DIR, FILING_DATE
    from cli_runner import run_cli

    provider = PROVIDERS["openai-compatible"]
    monkeypatch.setenv(provider.key_variable, FAKE_KEY)
    verdict = json.dumps({"decision": "keep", "reason": "the header gives the filing date"})
    llm = ["--model", provider.model, "--base-url", provider.base_url, "--items", "filing_date", "--verify", "--quiet"]
    inputs = tmp_path / "cases"
    shutil.copytree(CASE_DIR, inputs / CASE_DIR.name)
    commands = {
        tmp_path / "run": ["run", CASE_DIR, "--out", tmp_path / "run", *llm],
        tmp_path / "batch" / CASE_DIR.name: ["batch", inputs, "--out", tmp_path / "batch", *llm],
    }
    for run_dir, command in commands.items():
        with httpx2_mock() as router:
            route = router.post(provider.url).mock(side_effect=wire_server(verdict))
            result = run_cli(monkeypatch, capsys, *command)
        assert result.code == 0, result.err
        challenges = [
            json.loads(c.request.content) for c in route.calls if not json.loads(c.request.content).get("tools")
        ]
        assert len(challenges) == 1 and FILING_DATE in challenges[0]["messages"][1]["content"]
        (entry,) = [json.loads(line) for line in (run_dir / "verify.jsonl").read_text().splitlines()]
        assert entry["action"] == "keep" and entry["reason"].startswith("model: the header gives the filing date")
        assert ChecklistFile.read(run_dir / "checklist.json").values_of("filing_date") == [FILING_DATE]
