"""Model names, keys, .env, redaction, prices and the judges' completer."""

from __future__ import annotations

import json

import httpx
import pytest

from backends_wire import FAKE_KEY, PROVIDERS, httpx2_mock
from gavel_agent.backends import catalog, keys, resolve_model
from gavel_agent.backends.completer import make_completer
from gavel_agent.cli.common import UserError


@pytest.fixture
def fresh_dotenv(monkeypatch, tmp_path):
    """Run from an empty folder and let keys.py read .env again."""
    monkeypatch.chdir(tmp_path)
    keys._load_dotenv_once.cache_clear()
    yield tmp_path
    keys._load_dotenv_once.cache_clear()


@pytest.mark.parametrize(
    ("model", "variable"), [("openai:gpt-4.1", "OPENAI_API_KEY"), ("anthropic:claude-haiku-4-5", "ANTHROPIC_API_KEY")]
)
def test_a_missing_key_is_a_one_line_error_naming_the_variable(model, variable, fresh_dotenv):
    with pytest.raises(UserError) as error:
        resolve_model(model)
    message = str(error.value)
    assert variable in message and "\n" not in message


def test_keys_are_read_from_a_dotenv_file(fresh_dotenv, monkeypatch):
    (fresh_dotenv / ".env").write_text(f"ANTHROPIC_API_KEY={FAKE_KEY}\n")
    resolved = resolve_model("anthropic:claude-haiku-4-5")
    assert resolved.provider == "anthropic" and resolved.label == "anthropic:claude-haiku-4-5"
    monkeypatch.delenv("ANTHROPIC_API_KEY")  # load_dotenv put it in the environment


def test_without_model_the_default_is_offline_even_with_a_key(fresh_dotenv, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    monkeypatch.delenv("GAVEL_MODEL", raising=False)
    assert resolve_model(None).provider == "offline"
    monkeypatch.setenv("GAVEL_MODEL", "openai:gpt-4.1-mini")
    chosen = resolve_model(None)
    assert (chosen.provider, chosen.prices) == ("openai", catalog.prices_for("openai:gpt-4.1-mini"))


def test_a_bad_default_model_names_the_variable_it_came_from(fresh_dotenv, monkeypatch):
    monkeypatch.setenv("GAVEL_MODEL", "gpt-4.1")  # the user never typed it on this command line
    with pytest.raises(UserError, match=r"unknown model 'gpt-4.1' \(from GAVEL_MODEL\)"):
        resolve_model(None)


@pytest.mark.parametrize("name", ["gpt-4.1", "mistral:large", "openai:"])
def test_unknown_model_names_are_user_errors(name):
    with pytest.raises(UserError, match="unknown model"):
        resolve_model(name)


def test_a_server_url_from_the_environment_needs_its_scheme_too(fresh_dotenv, monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "127.0.0.1:8000/v1")
    with pytest.raises(UserError, match="OPENAI_BASE_URL '127.0.0.1:8000/v1' is not an http:// or https:// URL"):
        resolve_model("openai-compatible:qwen")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:8000/v1")
    assert resolve_model("openai-compatible:qwen").provider == "openai-compatible"


def test_openai_compatible_needs_a_base_url_but_no_key(fresh_dotenv):
    # evaluate/audit judges have no --base-url option: the message names the variable too
    with pytest.raises(UserError, match="--base-url or OPENAI_BASE_URL"):
        resolve_model("openai-compatible:qwen")
    for url in ("127.0.0.1:8000/v1", "localhost", "ftp://127.0.0.1/v1"):  # else ~9 s of retried connection errors
        with pytest.raises(UserError, match="not an http:// or https:// URL"):
            resolve_model("openai-compatible:qwen", url)
    resolved = resolve_model("openai-compatible:qwen", "http://127.0.0.1:8000/v1")
    assert resolved.prices is None and resolved.settings.max_tokens == 8192
    # An unknown local model is taken to have a 32K context: half of it for the kept history.
    assert resolved.settings.tool_choice == "auto" and resolved.agent.history_tokens == 16_384


@pytest.mark.parametrize(
    "model", ["Qwen/Qwen3-30B-A3B-Thinking-2507", "qwen3-4b-thinking-2507-q4", "openai/gpt-oss-20b"]
)
def test_thinking_models_served_locally_get_room_to_think(model):
    settings = catalog.settings_for(f"openai-compatible:{model}")
    assert settings.max_tokens == 32_000 and settings.temperature == 0.6 and settings.tool_choice == "auto"
    assert catalog.context_window(f"openai-compatible:{model}") > 32_000 + 40_000


def test_history_budget_and_strict_schemas_per_family():
    assert catalog.agent_options("offline").history_tokens == 0
    assert catalog.agent_options("openai:gpt-4.1").strict_tools is True
    assert catalog.agent_options("anthropic:claude-sonnet-4-5") == catalog.AgentOptions(history_tokens=20_000)


@pytest.mark.parametrize(
    ("label", "window", "budget"),
    [
        ("openai-compatible:some-32k-model", 32_768, 16_384),  # half a small window
        ("openai:gpt-4o", 128_000, 20_000),
        ("anthropic:claude-sonnet-4-5", 200_000, 20_000),
        ("openai-compatible:Qwen3-30B-A3B-Instruct-2507", 262_144, 20_000),
        ("openai:gpt-4.1", 1_047_576, 20_000),  # every kept token is re-sent with each request
    ],
)
def test_the_history_budget_is_the_policys_and_half_a_small_window(label, window, budget):
    """The budget follows the model's context window, not the server it runs on: a small window keeps
    room for the task, the state and the reply."""
    assert catalog.context_window(label) == window
    assert catalog.agent_options(label).history_tokens == budget


def test_the_history_policy_is_a_setting():
    policy = catalog.HistoryPolicy(floor_tokens=40_000, window_share=0.0, cap_tokens=40_000)
    assert policy.budget(262_144) == 40_000 and policy.budget(32_768) == 16_384 and policy.budget(None) == 40_000
    wider = catalog.HistoryPolicy(floor_tokens=40_000, window_share=0.5, cap_tokens=200_000)
    assert wider.budget(262_144) == 131_072


def test_redact_scrubs_configured_and_key_shaped_secrets(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "custom-secret-value-42")
    text = keys.redact("failed with custom-secret-value-42 and sk-proj-abcdefghijklmnop")
    assert "custom-secret" not in text and "sk-proj" not in text and text.count(keys.REDACTED) == 2


def test_costs_follow_the_price_table():
    prices = catalog.prices_for("openai:gpt-4.1-2025-04-14")
    assert prices == catalog.Prices(input=2.0, cached_input=0.5, output=8.0)
    # 1M prompt tokens of which 400k cached, 100k output.
    assert prices.cost(1_000_000, 400_000, 100_000) == pytest.approx(0.6 * 2.0 + 0.4 * 0.5 + 0.1 * 8.0)
    claude = catalog.prices_for("anthropic:claude-haiku-4-5-20251001")
    assert claude.cost(1_000_000, 0, 0, cache_write_tokens=1_000_000) == pytest.approx(1.25)
    assert catalog.prices_for("openai:some-future-model") is None


def test_reasoning_families_get_reasoning_settings():
    assert catalog.settings_for("openai:o4-mini").reasoning.effort == "medium"
    assert catalog.settings_for("openai:gpt-4.1").temperature == 0.0
    # One lookup answers settings, prices and context window together.
    entry = catalog.lookup("openai:gpt-4.1-2025-04-14")
    assert entry.prices == catalog.prices_for("openai:gpt-4.1-2025-04-14") and entry.settings.temperature == 0.0
    assert (
        entry.context_window == catalog.context_window("openai:gpt-4.1-2025-04-14") and entry.context_window > 100_000
    )


@pytest.mark.parametrize("name", list(PROVIDERS))
def test_completer_answers_one_turn_through_each_backend(name, monkeypatch):
    from backends_wire import anthropic_reply, chat_reply, responses_reply

    provider = PROVIDERS[name]
    monkeypatch.setenv(provider.key_variable, FAKE_KEY)
    text = '{"verdict": "model equals reference"}'
    replies = {
        "openai": httpx.Response(
            200,
            json={
                **responses_reply(1, [], (10, 0, 5, 0)).json(),
                "output": [
                    {
                        "type": "message",
                        "id": "m",
                        "role": "assistant",
                        "status": "completed",
                        "content": [{"type": "output_text", "text": text, "annotations": []}],
                    }
                ],
            },
        ),
        "anthropic": httpx.Response(
            200,
            json={
                **anthropic_reply(1, [], (10, 0, 5, 0)).json(),
                "content": [{"type": "text", "text": text}],
                "stop_reason": "end_turn",
            },
        ),
        "openai-compatible": httpx.Response(
            200,
            json={
                **chat_reply(1, [], (10, 0, 5, 0)).json(),
                "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}],
            },
        ),
    }
    complete = make_completer(provider.model, provider.base_url)
    with httpx2_mock() as router:
        route = router.post(provider.url).respond(200, json=replies[name].json())
        assert complete("You judge.", "Is 2021-03-03 the same as March 3, 2021?") == text
    sent = route.calls[0].request.content.decode()
    assert "You judge." in sent and "March 3, 2021" in sent
    assert not json.loads(sent).get("tools")


def test_the_offline_model_cannot_judge():
    with pytest.raises(UserError, match="offline"):
        make_completer("offline")
