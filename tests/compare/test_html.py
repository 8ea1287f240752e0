"""The HTML report as a real browser renders it (Debian's chromium, headless, no network)."""

from __future__ import annotations

import subprocess
from html import escape
from pathlib import Path

import pytest

from chromium import CHROMIUM, CHROMIUM_ARGS
from compare_runs import two_runs
from gavel_agent.checklists import load_spec
from gavel_agent.compare import compare
from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge
from gavel_agent.report_html import render

pytestmark = pytest.mark.browser


def browser_dom(html: str, folder: Path) -> str:
    """The DOM after Debian's headless chromium loaded and laid out the page."""
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium at /usr/bin/chromium (apt-get install -y chromium)")
    page = folder / "report.html"
    page.write_text(html, encoding="utf-8")
    result = subprocess.run(
        [
            str(CHROMIUM),
            *CHROMIUM_ARGS,
            f"--user-data-dir={folder / 'profile'}",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-500:]
    return result.stdout


@pytest.fixture
def rendered_dom(tmp_path):
    a, b, ref = two_runs(tmp_path)
    return browser_dom(render(compare([a, b], load_spec("gavel"), ref, OfflineJudge())), tmp_path)


@pytest.fixture
def sample_runs(tmp_path_factory, sample_case):
    """The sample case run by the agent (offline) and by the chunk baseline: they disagree on the filing date."""
    import gavel_agent
    from gavel_agent.baselines.methods import baseline_for
    from gavel_agent.case import load_case

    folder = tmp_path_factory.mktemp("sample-runs")
    items = "filing_date,parties,class_action"
    gavel_agent.extract(sample_case, items=items, model="offline", out=folder / "agent")
    spec = load_spec("gavel")
    baseline_for(load_case(sample_case), spec, spec.select(items), "chunk", folder / "chunk", "offline").run()
    return folder / "agent", folder / "chunk"


# Appended to a copy of the page so the browser reports what its CSS hides (the report itself has no scripts).
HIDDEN_ROWS_PROBE = """<script>
document.body.dataset.hiddenRows = [...document.querySelectorAll('#items tr')]
  .filter(r => getComputedStyle(r).display === 'none').map(r => r.id).join(' ');
</script>"""


def test_the_sample_case_comparison_shows_the_filing_date_disagreement(sample_runs, tmp_path):
    comparison = compare(list(sample_runs), load_spec("gavel"))
    filing = next(row for row in comparison.items if row.item == "filing_date")
    assert filing.agreement == "differ"
    assert [c.values[0].value for c in filing.cells] == ["March 15, 2021", "March 21, 2017"]
    assert [c.agreement for c in filing.cells] == [["differ"], ["differ"]]
    # The agent keeps each defendant once; the chunk baseline's rules, without the agent's settling step,
    # also keep a second description of the sheriff and of the county: those, and only those, differ.
    parties = next(row for row in comparison.items if row.item == "parties")
    assert parties.agreement == "differ"
    assert set(parties.cells[0].agreement) == {"agree"}
    only_chunk = [v.value for v, a in zip(parties.cells[1].values, parties.cells[1].agreement) if a != "agree"]
    assert sorted(only_chunk) == [
        "Defendant: Raymond T. Caldwell (elected Sheriff of Riverside County)",
        'Defendant: Riverside County (("the County") is a political subdivision of the State of Oregon)',
    ]

    html = render(comparison, differences_only=True)
    dom = browser_dom(html.replace("</body>", HIDDEN_ROWS_PROBE + "</body>"), tmp_path)
    row = dom[dom.index('<tr id="item-filing_date" class="differ">') :]
    row = row[: row.index("</tr>")]
    assert '<span class="badge differ">differ</span>March 15, 2021' in row
    assert '<span class="badge differ">differ</span>March 21, 2017' in row
    assert "<mark>Mar. 21, 2017</mark>" in row  # the value highlighted inside its quote
    assert 'data-hidden-rows="item-class_action"' in dom  # "differences only" hides what agrees
    # The caption quote behind every party is shown once per run column, not once per party.
    parties_row = dom[dom.index('<tr id="item-parties"') :]
    parties_row = parties_row[: parties_row.index("</tr>")]
    caption = next(v.evidence[0] for v in parties.cells[0].values)
    assert parties_row.count(escape(caption.quote[:40])) <= 2 * 2  # each column: summary line + quote, once
    agreeing = sum(a == "agree" for c in parties.cells for a in c.agreement)
    assert parties_row.count('class="badge agree"') == agreeing  # one badge per agreeing value


def test_browser_renders_tables_chart_and_quotes_as_text(rendered_dom):
    dom = rendered_dom
    assert '<table id="runs">' in dom and '<table id="items">' in dom
    assert "<svg" in dom and "Filing Date" in dom  # the chart and its item labels
    assert "&lt;script&gt;document.body.setAttribute" in dom  # the quote is shown as text ...
    assert "data-pwned=" not in dom  # ... and never ran
    assert "June 1, 2010" in dom and "1.00" in dom and "0.00" in dom
