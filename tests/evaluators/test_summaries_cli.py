"""``gavel-agent evaluate-summaries`` end to end on hand-made files, the model path with a fake completer, bad input."""

import json
import sqlite3

import pytest

import gavel_agent.backends.completer as completer_module
from cli_runner import run_cli as cli
from test_summaries_qa import FULL, NO_CONCLUSION, REFERENCE, FakeModel


@pytest.fixture
def summaries(tmp_path):
    root = tmp_path / "summaries"
    root.mkdir()
    (root / "refs.json").write_text(json.dumps({"7": {"summary/long": REFERENCE}, "8": {"summary/long": REFERENCE}}))
    for model, text in (("good-model", FULL), ("terse-model", NO_CONCLUSION)):
        (root / model).mkdir()
        (root / model / "run.json").write_text(json.dumps({"meta_data": {}, "results": {"7": text}}))
    return root


def test_offline_scores_every_model_and_writes_the_details(monkeypatch, capsys, summaries, tmp_path):
    out = tmp_path / "scores.json"
    code, stdout, _ = cli(
        monkeypatch,
        capsys,
        "evaluate-summaries",
        "--reference",
        summaries / "refs.json",
        "--candidates",
        summaries,
        "--out",
        out,
    )
    assert code == 0
    assert "good-model" in stdout and "terse-model" in stdout and "lexical approximation" in stdout
    data = json.loads(out.read_text())
    by_model = {m["model"]: m for m in data["models"]}
    assert by_model["good-model"]["mean"]["qa"] == 1.0
    assert by_model["terse-model"]["mean"]["qa_conclusion"] == 0.0
    assert by_model["terse-model"]["missing_cases"] == ["8"]
    answers = by_model["terse-model"]["cases"][0]["qa"]["answers"]
    assert [a["role"] for a in answers if not a["yes"]] == ["conclusion", "conclusion"]
    assert by_model["good-model"]["mean"]["rouge1"] > by_model["terse-model"]["mean"]["rouge1"]
    assert by_model["good-model"]["cases"][0]["novelty"]["against"] == "reference summary"


def test_model_judge_goes_through_the_completer_and_its_cache(monkeypatch, capsys, summaries, tmp_path):
    fake = FakeModel()
    monkeypatch.setattr(completer_module, "make_completer", lambda name, base_url=None: fake)
    cache, out = tmp_path / "cache" / "summary_qa.sqlite", tmp_path / "scores.json"
    args = (
        "evaluate-summaries",
        "--reference",
        summaries / "refs.json",
        "--candidates",
        summaries,
        "--method",
        "qa",
        "--judge",
        "openai:fake",
        "--cache-dir",
        cache.parent,
        "--out",
        out,
        "--no-per-case",
    )
    assert cli(monkeypatch, capsys, *args)[0] == 0
    assert fake.calls == {"qa_questions": 1, "qa_answer": 2, "qa_grade": 2}
    with sqlite3.connect(cache) as db:
        assert db.execute("SELECT COUNT(*) FROM replies").fetchone()[0] == 5
    data = json.loads(out.read_text())
    assert data["qa_judge"] == "openai:fake" and data["models"][0]["qa_method"] == "openai:fake"
    assert set(data["models"][0]["mean"]) == {"qa", "qa_issue", "qa_reason", "qa_conclusion", "length"}
    assert cli(monkeypatch, capsys, *args)[0] == 0  # second run: every reply from the cache
    assert fake.calls == {"qa_questions": 1, "qa_answer": 2, "qa_grade": 2}


@pytest.mark.parametrize(
    "extra, message",
    [
        (("--method", "qa,bleu"), "unknown method bleu"),
        (("--judge-results", "nowhere"), "no such judge evaluation folder"),
        (("--sources", "nowhere"), "no such sources folder"),
    ],
)
def test_bad_input_is_one_line_error(monkeypatch, capsys, summaries, extra, message):
    code, _, err = cli(
        monkeypatch,
        capsys,
        "evaluate-summaries",
        "--reference",
        summaries / "refs.json",
        "--candidates",
        summaries,
        *extra,
    )
    assert code == 2 and err.startswith("error: ") and message in err and "Traceback" not in err


def test_missing_reference_is_one_line_error(monkeypatch, capsys, summaries):
    code, _, err = cli(
        monkeypatch, capsys, "evaluate-summaries", "--reference", summaries / "nope.json", "--candidates", summaries
    )
    assert code == 2 and err.strip() == f"error: no such reference file: {summaries / 'nope.json'}"
