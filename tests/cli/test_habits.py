"""The habits people expect of a command line: --version, -h, suggestions for typos, readable help
placeholders, completion, a fast --help that loads no model SDK, Ctrl-C while a case loads."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

import gavel_agent
from cli_runner import run_cli
from gavel_agent.cli import COMMANDS


def test_version_and_short_help(monkeypatch, capsys):
    assert run_cli(monkeypatch, capsys, "--version") == (0, f"gavel-agent {gavel_agent.__version__}\n", "")
    short = run_cli(monkeypatch, capsys, "run", "-h")
    assert short.code == 0 and short.out.startswith("Usage: gavel-agent run [OPTIONS] CASE")


@pytest.mark.parametrize("command", list(COMMANDS))
def test_help_placeholders_are_plain_words(command, monkeypatch, capsys):
    result = run_cli(monkeypatch, capsys, command, "--help")
    assert result.code == 0
    usage = result.out.split("Options:")[1]
    for typer_label in ("<str>", "<path>", "<int>", "<float>", "<list[", "<int range>"):
        assert typer_label not in result.out.replace(usage, "") and typer_label not in usage, command
    assert "{" not in result.out.splitlines()[0]


def test_typos_of_commands_items_and_groups_get_a_suggestion(sample_case, monkeypatch, capsys):
    command = run_cli(monkeypatch, capsys, "evalute", "x")
    assert command.code == 2 and "Did you mean evaluate?" in command.err
    item = run_cli(monkeypatch, capsys, "run", sample_case, "--items", "filing_dat")
    assert item.err.strip() == "error: unknown item or group 'filing_dat'; did you mean filing_date?"
    group = run_cli(monkeypatch, capsys, "run", sample_case, "--items", "judge_inf")
    assert "did you mean judge_info or judge_name?" in group.err and item.code == group.code == 2
    nothing_close = run_cli(monkeypatch, capsys, "run", sample_case, "--items", "zzzz")
    assert "groups: basic_case_info" in nothing_close.err


def test_completion_is_offered(monkeypatch, capsys):
    assert "--install-completion" in run_cli(monkeypatch, capsys, "--help").out


def test_help_is_fast_and_loads_no_model_sdk():
    command = [sys.executable, "-X", "importtime", "-m", "gavel_agent", "--help"]
    started = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    elapsed = time.monotonic() - started
    loaded = {line.split("|")[-1].strip() for line in result.stderr.splitlines() if "|" in line}
    assert result.returncode == 0 and "Commands:" in result.stdout
    assert not loaded & {"agents", "openai", "anthropic", "litellm", "matplotlib", "pyarrow", "sklearn"}
    assert elapsed < 2.0  # 0.4 s here without -X importtime; the margin is for a loaded test machine


def test_ctrl_c_while_the_case_loads_says_so(sample_case, tmp_path, monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("gavel_agent.cli.run.load_inputs", interrupted)
    result = run_cli(monkeypatch, capsys, "run", sample_case, "--out", tmp_path / "r")
    assert result.code == 130
    assert f"interrupted while loading the case {sample_case}; nothing was run" in result.err
