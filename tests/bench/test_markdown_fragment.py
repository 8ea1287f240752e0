"""bench/markdown_fragment.py: a bench's printed output kept as a markdown fragment for the docs site."""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO


def _fragment_module():
    spec = importlib.util.spec_from_file_location("markdown_fragment", REPO / "bench" / "markdown_fragment.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fragment = _fragment_module()


def test_printed_text_is_kept_whole_and_still_printed(tmp_path, capsys):
    out = tmp_path / "docs" / "benchmarks" / "x.md"
    with fragment.printed_as_markdown(out):
        print("command: python bench/x.py")
        print("  field      held-out\n  filing     84.4%")
    assert capsys.readouterr().out == "command: python bench/x.py\n  field      held-out\n  filing     84.4%\n"
    assert out.read_text() == "```text\ncommand: python bench/x.py\n  field      held-out\n  filing     84.4%\n```\n"


def test_no_path_writes_nothing_and_prints_as_before(tmp_path, capsys):
    with fragment.printed_as_markdown(None):
        print("plain")
    assert capsys.readouterr().out == "plain\n"
    assert list(tmp_path.iterdir()) == []


def test_a_failed_bench_leaves_the_previous_fragment(tmp_path):
    out = tmp_path / "x.md"
    out.write_text("previous\n")
    with pytest.raises(RuntimeError), fragment.printed_as_markdown(out):
        print("half a table")
        raise RuntimeError("bench failed")
    assert out.read_text() == "previous\n"
    assert [p.name for p in tmp_path.iterdir()] == ["x.md"]  # no temporary file left behind


def test_backticks_in_the_output_cannot_close_the_fence():
    text = fragment.as_markdown("a ``` b ```` c\n")
    assert text.startswith("`````text\n") and text.endswith("\n`````\n")


def test_the_option_is_declared_once_for_every_bench():
    parser = argparse.ArgumentParser()
    fragment.add_option(parser)
    assert parser.parse_args(["--markdown", "docs/benchmarks/x.md"]).markdown == Path("docs/benchmarks/x.md")
    assert parser.parse_args([]).markdown is None


@pytest.mark.parametrize("bench", ["core_bench.py", "offline_quality.py"])
def test_the_cited_benches_take_the_option(bench):
    usage = subprocess.run(
        [sys.executable, str(REPO / "bench" / bench), "--help"], capture_output=True, text=True, check=True
    ).stdout
    assert "--markdown FILE" in usage
