"""`gavel-agent report RUN` and `gavel_agent.report`: one HTML file per run, every value with its quote
marked in the text around it; checked as text and as Debian's headless chromium shows and prints it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import gavel_agent
from chromium import CHROMIUM, CHROMIUM_ARGS
from cli_runner import run_cli
from compare_runs import SCRIPT_QUOTE, write_run
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.run_folder import RunFiles

BEFORE, AFTER = "The clerk noted that the complaint was ", ". Service followed within a week."


@pytest.fixture
def run_with_case(tmp_path):
    """A run whose one quote sits inside a longer complaint, in a case folder the run records."""
    case = tmp_path / "case"
    case.mkdir()
    (case / "complaint.txt").write_text(BEFORE + SCRIPT_QUOTE + AFTER, encoding="utf-8")
    run = write_run(tmp_path / "run", "May 5, 2009", SCRIPT_QUOTE, 1000)
    files = RunFiles(run)
    checklist = files.read_checklist()
    evidence = checklist.items["filing_date"][0].evidence[0]
    evidence.start_char, evidence.end_char, evidence.page = len(BEFORE), len(BEFORE) + len(SCRIPT_QUOTE), 3
    files.write_checklist(checklist)
    stats = files.stats.read_text().replace('"source": ""', f'"source": "{case}"')
    files.stats.write_text(stats)
    return run


def test_the_page_shows_each_value_in_its_text_with_page_and_status(run_with_case):
    html = gavel_agent.report(run_with_case)
    assert "&lt;script&gt;document.body" in html and "<script>" not in html  # case text is text
    assert f'<span class="context">{BEFORE}</span>' in html and AFTER in html
    assert "<mark>May 5, 2009</mark>" in html  # the value marked inside its quote
    assert "complaint, page 3, characters" in html and '<span class="badge exact"' in html
    assert '<p id="not-found">First and Last name of Judge</p>' in html
    assert "1 of 2 items filled, 0 settled as none, 1 values" in html


def test_a_checklist_without_its_case_is_shown_with_a_note(run_with_case, tmp_path):
    checklist = ChecklistFile.read(run_with_case / "checklist.json")
    html = gavel_agent.report(checklist, out=tmp_path / "page.html")
    assert (tmp_path / "page.html").read_text() == html
    assert "without the text around them" in html and BEFORE not in html


def test_the_command_writes_the_page_into_the_run_folder(run_with_case, tmp_path, monkeypatch, capsys):
    result = run_cli(monkeypatch, capsys, "report", run_with_case)
    assert result.code == 0, result.err
    assert result.out.strip() == f"wrote {run_with_case / 'report.html'} (2 items, 1 values)"
    assert "<mark>May 5, 2009</mark>" in (run_with_case / "report.html").read_text()
    missing = run_cli(monkeypatch, capsys, "report", tmp_path / "nowhere")
    assert missing.code == 2 and missing.err.count("\n") == 1 and "no checklist.json" in missing.err
    assert not (tmp_path / "nowhere").exists()


def chromium(folder: Path, *args: str) -> subprocess.CompletedProcess:
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium at /usr/bin/chromium (apt-get install -y chromium)")
    command = [str(CHROMIUM), *CHROMIUM_ARGS, f"--user-data-dir={folder / 'profile'}", *args]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-500:]
    return result


@pytest.mark.browser
def test_chromium_shows_the_marks_and_prints_the_page(sample_case, tmp_path):
    import pypdfium2

    run = tmp_path / "run"
    gavel_agent.extract(sample_case, items="filing_date,parties,class_action", out=run)
    page = tmp_path / "report.html"
    gavel_agent.report(run, out=page)
    dom = chromium(tmp_path, "--dump-dom", page.as_uri()).stdout
    assert dom.count("<mark>") >= 5 and "Plaintiff: Daniel Vega" in dom
    pdf = tmp_path / "report.pdf"
    chromium(tmp_path, f"--print-to-pdf={pdf}", "--no-pdf-header-footer", page.as_uri())
    document = pypdfium2.PdfDocument(pdf)
    text = " ".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    assert "Who are the Parties" in text and "Daniel Vega" in text and "01-complaint, page 1" in text
