"""The HTML report as a real browser renders it (Debian's chromium, headless, no network)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from compare_runs import two_runs

from gavel_agent.checklists import load_spec
from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge
from gavel_agent.compare import compare
from gavel_agent.report_html import render

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.browser


@pytest.fixture
def rendered_dom(tmp_path):
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium at /usr/bin/chromium (apt-get install -y chromium)")
    a, b, ref = two_runs(tmp_path)
    page = tmp_path / "report.html"
    page.write_text(render(compare([a, b], load_spec("gavel"), ref, OfflineJudge())), encoding="utf-8")
    profile = tmp_path / "profile"
    result = subprocess.run(
        [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={profile}", "--dump-dom", page.as_uri()],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-500:]
    return result.stdout


def test_browser_renders_tables_chart_and_quotes_as_text(rendered_dom):
    dom = rendered_dom
    assert '<table id="runs">' in dom and '<table id="items">' in dom
    assert "<svg" in dom and "Filing Date" in dom  # the chart and its item labels
    assert "&lt;script&gt;document.body.setAttribute" in dom  # the quote is shown as text ...
    assert "data-pwned=" not in dom  # ... and never ran
    assert "June 1, 2010" in dom and "1.00" in dom and "0.00" in dom
