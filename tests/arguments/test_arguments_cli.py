"""``gavel-agent arguments generate|evaluate`` end to end, the LLM path with a fake completer, bad input."""

import json

import gavel_agent.backends.completer as completer_module
from cli_runner import run_cli as cli
from gavel_agent.arguments.llm_generate import argument_prompt
from gavel_agent.arguments.scenarios import generate_triples


def test_generate_then_evaluate_the_deterministic_generator(monkeypatch, capsys, tmp_path):
    out = tmp_path / "hypo.jsonl"
    code, stdout, _ = cli(
        monkeypatch, capsys, "arguments", "generate", "--model", "hypo", "--n", "9", "--seed", "4", "--out", out
    )
    assert code == 0 and "wrote 9 arguments" in stdout
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["test"] for r in records[:3]] == ["arguable", "reordered", "non_arguable"] and len(records) == 9

    code, stdout, _ = cli(monkeypatch, capsys, "arguments", "evaluate", out)
    assert (
        code == 0 and "non_arguable" in stdout and "AccH              1 - hallucinated" in stdout
    )  # footer defines it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hypo.jsonl"]  # nothing written without --out
    code, stdout, _ = cli(monkeypatch, capsys, "arguments", "evaluate", out, "--out", tmp_path / "hypo.scores.jsonl")
    scores = [json.loads(line) for line in (tmp_path / "hypo.scores.jsonl").read_text().splitlines()]
    assert all(s["acc_h"] == 1.0 for s in scores)
    assert [s["abstained"] for s in scores] == [r["test"] == "non_arguable" for r in records]
    for s, r in zip(scores, records):  # the evidence quotes come from the argument itself
        assert all(r["argument"][e["start_char"] : e["end_char"]] == e["quote"] for e in s["evidence"])


def test_llm_path_sends_the_triple_and_scores_the_reply(monkeypatch, capsys, tmp_path):
    asked = []

    def fake_make_completer(model_name, base_url=None):
        assert model_name == "openai:fake-model"

        def complete(system, user):
            asked.append((system, user))
            return "I abstain, since no precedent shares a factor with CC."

        return complete

    monkeypatch.setattr(completer_module, "make_completer", fake_make_completer)
    out = tmp_path / "llm.jsonl"
    code, _, _ = cli(
        monkeypatch, capsys, "arguments", "generate", "--model", "openai:fake-model", "--n", "6", "--out", out
    )
    assert code == 0 and len(asked) == 6
    system, user = asked[0]
    assert "abstain" in system and (system, user) == argument_prompt(generate_triples(6)[0])
    first = generate_triples(1)[0].current
    assert all(f"{k} " in user for k in first.factors)

    code, stdout, _ = cli(monkeypatch, capsys, "arguments", "evaluate", out, "--out", tmp_path / "s.jsonl")
    assert code == 0
    scores = [json.loads(line) for line in (tmp_path / "s.jsonl").read_text().splitlines()]
    # Always abstaining: perfect abstention, no factor used, nothing hallucinated.
    assert all(s["abstained"] and s["rec_u"] == 0 and s["acc_h"] == 1 for s in scores)
    assert "openai:fake-model" in stdout


def test_bad_input_is_a_one_line_error(monkeypatch, capsys, tmp_path):
    code, _, err = cli(monkeypatch, capsys, "arguments", "evaluate", tmp_path / "missing.jsonl")
    assert code == 2 and err.strip().startswith("error:") and len(err.strip().splitlines()) == 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x"}\n')
    code, _, err = cli(monkeypatch, capsys, "arguments", "evaluate", bad)
    assert code == 2 and "bad.jsonl:1" in err
    code, _, err = cli(monkeypatch, capsys, "arguments", "generate", "--n", "0", "--out", tmp_path / "x.jsonl")
    assert code == 2 and "--n" in err


def test_two_files_with_one_model_label_are_scored_apart(monkeypatch, capsys, tmp_path):
    for name, seed in (("first.jsonl", "1"), ("second.jsonl", "2")):
        code, _, _ = cli(
            monkeypatch, capsys, "arguments", "generate", "--n", "3", "--seed", seed, "--out", tmp_path / name
        )
        assert code == 0
    code, stdout, err = cli(
        monkeypatch,
        capsys,
        "arguments",
        "evaluate",
        tmp_path / "first.jsonl",
        tmp_path / "second.jsonl",
        "--out",
        tmp_path / "scores.jsonl",
    )
    assert code == 0
    assert "model 'hypo' is in 2 files" in err
    models = {json.loads(line)["model"] for line in (tmp_path / "scores.jsonl").read_text().splitlines()}
    assert models == {"hypo (first.jsonl)", "hypo (second.jsonl)"}
