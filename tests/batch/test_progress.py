"""`gavel-agent batch` piped to a file or a CI log: one plain line per case as it finishes, with a count;
a missing input folder is named as missing."""

from __future__ import annotations

import subprocess
import sys

from cli_runner import run_cli

ORDER = "UNITED STATES DISTRICT COURT\nJANE DOE, Plaintiff, v. CITY OF X, Defendant.\nCase No. 1:20-cv-0000{n}\nFiled 01/0{n}/2020.\n"


def test_piped_batch_output_has_a_line_per_case(tmp_path):
    cases = tmp_path / "cases"
    for n in (1, 2, 3):
        (cases / f"c{n}").mkdir(parents=True)
        (cases / f"c{n}" / "order.txt").write_text(ORDER.format(n=n))
    command = [sys.executable, "-m", "gavel_agent", "batch", str(cases), "--out", str(tmp_path / "out")]
    result = subprocess.run(command + ["--items", "filing_date"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("[")]
    assert [line.split()[0] for line in lines] == ["[1/3]", "[2/3]", "[3/3]"]
    assert sorted(line.split()[1] for line in lines) == ["c1", "c2", "c3"]
    assert all(" finished: " in line and "prompt tokens" in line for line in lines)
    assert "\x1b[" not in result.stderr  # no bar's control codes in a log


def test_a_missing_input_folder_is_named_missing(tmp_path, monkeypatch, capsys):
    result = run_cli(monkeypatch, capsys, "batch", tmp_path / "nowhere", "--out", tmp_path / "out")
    assert result.code == 2 and result.err.strip() == f"error: {tmp_path / 'nowhere'}: no such folder"
    assert not (tmp_path / "out").exists()
