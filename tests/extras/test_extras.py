"""pyarrow, matplotlib and scikit-learn are extras: the quick start runs without them, and a command that
needs a missing one says in one line which extra to install."""

from __future__ import annotations

import subprocess
import sys

from compare_runs import two_runs
from gavel_agent.extras import EXTRAS, missing_extra

WITHOUT_EXTRAS = "import sys; sys.modules.update(dict.fromkeys(['pyarrow', 'matplotlib', 'sklearn']))\n"


def without_extras(*args: str) -> subprocess.CompletedProcess:
    """The command line in a fresh interpreter where importing any of the three extras fails."""
    code = WITHOUT_EXTRAS + f"sys.argv = ['gavel-agent', *{list(args)!r}]\nfrom gavel_agent.cli import main\nmain()"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)


def test_the_quick_start_needs_no_extra(sample_case, tmp_path):
    run = tmp_path / "run"
    assert without_extras("run", str(sample_case), "--items", "filing_date,parties", "--out", str(run)).returncode == 0
    reference = tmp_path / "reference.json"
    reference.write_text('{"filing_date": ["March 15, 2021"]}')
    scored = without_extras("evaluate", str(run), "-r", str(reference), "--case", "riverside-jail")
    assert scored.returncode == 0, scored.stderr
    assert without_extras("report", str(run)).returncode == 0 and (run / "report.html").is_file()


def test_a_missing_extra_is_named_in_one_line(tmp_path):
    a, b, _ = two_runs(tmp_path)
    parquet = without_extras("export", str(a), "--format", "parquet", "--out", str(tmp_path / "v.parquet"))
    assert parquet.returncode == 2
    assert parquet.stderr == (
        "error: Parquet export needs pyarrow, an optional extra: pip install 'gavel-agent[parquet]'\n"
    )
    page = tmp_path / "cmp.html"
    compared = without_extras("compare", str(a), str(b), "--html", str(page), "--quiet")
    assert compared.returncode == 0, compared.stderr
    assert "No chart: charts (audit --chart, the chart of compare --html) needs matplotlib" in page.read_text()


def test_every_extra_is_declared_in_the_package(monkeypatch, capsys):
    import tomllib

    from conftest import REPO

    declared = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    for module, (extra, _) in EXTRAS.items():
        assert extra in declared["optional-dependencies"], module
        assert f"[{extra}]" in missing_extra(ModuleNotFoundError(name=module) or "")
    assert missing_extra(ModuleNotFoundError(name="numpy")) is None
    assert not any(d.startswith(("pyarrow", "matplotlib", "scikit-learn")) for d in declared["dependencies"])
