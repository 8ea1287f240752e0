"""The trace that stays: every step in the scrollback (tmux), in a log (2> log), a summary on Ctrl-C (pexpect),
and case or model text that looks like rich markup printed as itself."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from rich.console import Console

from cli_runner import run_cli
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile, Evidence, Value
from gavel_agent.live_trace import Status, StepTrace, results_table, short_arguments, status_text

GAVEL_AGENT = str(Path(sys.executable).with_name("gavel-agent"))
STEP_LINE = re.compile(r"^\s*(\d+) (\w+)\s", re.MULTILINE)


def ledger_steps(run_dir: Path) -> Counter:
    lines = [json.loads(line) for line in (run_dir / "ledger.jsonl").read_text().splitlines()]
    return Counter((e["step"], e["tool"]) for e in lines if "tool" in e)


def printed_steps(text: str) -> Counter:
    return Counter((int(step), tool) for step, tool in STEP_LINE.findall(text))


def values_of(run_dir: Path) -> int:
    return sum(len(v) for v in ChecklistFile.read(run_dir / "checklist.json").items.values())


def test_a_log_keeps_every_step_and_every_stored_value(sample_case, tmp_path):
    log = tmp_path / "log"
    with open(log, "w") as err:
        done = subprocess.run(
            [GAVEL_AGENT, "run", str(sample_case), "--out", str(tmp_path / "run")],
            stderr=err,
            stdout=subprocess.DEVNULL,
            cwd=tmp_path,
            timeout=300,
        )
    assert done.returncode == 0
    text = log.read_text()
    assert text.startswith("loading and indexing")
    assert printed_steps(text) == ledger_steps(tmp_path / "run")
    assert text.count("       + ") == values_of(tmp_path / "run")  # one line per stored value, with its quote
    assert "       + filing_date = March 15, 2021  ← 01-complaint p. 1 “Document 1" in text  # with its page
    stats = json.loads((tmp_path / "run" / "stats.json").read_text())
    items = ChecklistFile.read(tmp_path / "run" / "checklist.json").items
    filled = f"{sum(1 for values in items.values() if values)}/{len(items)}"
    final = rf"step {stats['steps']}/200 · items filled {filled} · {values_of(tmp_path / 'run')} values · read \d+% of"
    assert re.search(final, text)  # the last status line is the run's own totals
    assert "\x1b[" not in text  # no terminal control codes in a log


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux (apt-get install -y tmux; .ci/run installs it)")
def test_the_terminal_scrollback_holds_every_step(sample_case, tmp_path):
    socket = f"gavel-test-{os.getpid()}"
    conf = tmp_path / "tmux.conf"
    conf.write_text("set -g history-limit 100000\n")
    tmux = ["tmux", "-L", socket, "-f", str(conf)]
    command = f"{GAVEL_AGENT} run {sample_case} --out {tmp_path / 'run'}; echo EXIT:$?; sleep 60"
    subprocess.run(
        [*tmux, "new-session", "-d", "-s", "t", "-x", "200", "-y", "40", "-c", str(tmp_path), command],
        check=True,
        env={**os.environ, "TERM": "xterm-256color"},
    )
    try:
        screen = ""
        for _ in range(600):  # at most 60 s
            screen = subprocess.run(
                [*tmux, "capture-pane", "-p", "-J", "-S", "-", "-t", "t"], capture_output=True, text=True
            ).stdout
            if "EXIT:" in screen:
                break
            time.sleep(0.1)
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)
    assert "EXIT:0" in screen, screen[-2000:]
    assert printed_steps(screen) == ledger_steps(tmp_path / "run")  # nothing scrolled away or overdrawn
    assert screen.count("       + ") == values_of(tmp_path / "run")
    assert len(re.findall(r"^step \d+/200 · items filled", screen, re.MULTILINE)) == 1  # the status, once at the end


def restore_ctrl_c() -> None:
    """Ctrl-C's default action in the child: a test run started in the background inherits SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_saves_the_run_and_prints_the_command_that_continues_it(sample_case, tmp_path):
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm"}
    child = pexpect.spawn(
        GAVEL_AGENT,
        ["run", str(sample_case), "--items", "all", "--out", "run"],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=120,
        dimensions=(40, 200),
        preexec_fn=restore_ctrl_c,
    )
    child.expect("step 3/200")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    output = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before)
    assert re.search(
        r"interrupted: \d+/26 items settled: \d+ with values, 0 none in the record, \d+ values, \d+ steps", output
    )
    command = re.search(r"continue with: (.+)", output).group(1).strip()
    assert command == f"gavel-agent run {sample_case} --out run --resume --model offline"
    stats = json.loads((tmp_path / "run" / "stats.json").read_text())
    assert stats["status"] == "interrupted" and "Ctrl-C" in stats["stop_reason"]
    args = command.split()[1:]
    resumed = subprocess.run([GAVEL_AGENT, *args, "--quiet"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    items = ChecklistFile.read(tmp_path / "run" / "checklist.json").items
    filled = sum(1 for values in items.values() if values)
    assert resumed.stderr.startswith(f"finished: {filled}/26 items settled: {filled} with values, 0 none in the record")


def test_markup_like_text_prints_as_itself():
    out = io.StringIO()
    console = Console(file=out, width=200)
    value = Value(
        value="[/s/ Hon. Jane Roe]",
        evidence=[Evidence(document="[bold]", quote="[/s/ Hon. Jane Roe]", start_char=0, end_char=19)],
    )
    items = {"judge_name": [value]}
    trace = StepTrace(console, lambda elapsed: status_text(Status(1, 200, 1, 26, 10, 0.0), elapsed), lambda: items)
    with trace:
        trace.step(1, "search", short_arguments({"query": r"[/\\] filed", "mode": "regex"}), "[/red] 0 hits")
    console.print(results_table(load_spec("gavel"), ChecklistFile(case="[x]", items=items)))
    text = out.getvalue()
    assert r"query=[/\\] filed mode=regex  → [/red] 0 hits" in text
    assert "+ judge_name = [/s/ Hon. Jane Roe]  ← [bold] “[/s/ Hon. Jane Roe]”" in text
    assert text.count("[/s/ Hon. Jane Roe]") == 4  # twice in the trace, twice in the results table


def test_a_case_with_bracketed_lines_runs_to_its_results_table(tmp_path, monkeypatch, capsys):
    gavel = lambda *args: run_cli(monkeypatch, capsys, *args)  # noqa: E731
    case = tmp_path / "bracketed"
    case.mkdir()
    (case / "order.txt").write_text(
        "UNITED STATES DISTRICT COURT\nJANE DOE, Plaintiff, v. CITY OF X, Defendant.\nCase No. 1:20-cv-00001\n"
        "ORDER\nThe motion is granted. Filed 01/02/2020.\nIT IS SO ORDERED.\n[/s/ Hon. Jane Roe]\n"
        "[/\\] filed [bold]United States District Judge[/bold]\n"
    )
    result = gavel("run", case, "--out", tmp_path / "run", "--table")
    assert result.code == 0, result.err
    assert "Checklist for bracketed" in result.out and "\nfinished: " in result.err


def test_ctrl_c_in_a_batch_prints_what_was_done_and_how_to_go_on(sample_case, tmp_path):
    pexpect = pytest.importorskip("pexpect")
    for name in ("case-1", "case-2", "case-3"):
        shutil.copytree(sample_case, tmp_path / "in" / name)
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm"}
    child = pexpect.spawn(
        GAVEL_AGENT,
        ["batch", "in", "--out", "out", "--items", "filing_date", "--concurrency", "1"],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=120,
        dimensions=(40, 200),
        preexec_fn=restore_ctrl_c,
    )
    child.expect("1/3")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    output = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before)
    assert re.search(r"batch stopped by the user \(Ctrl-C\): [12] of 3 cases finished, 0 failed", output)
    command = re.search(r"continue with: (.+)", output).group(1).strip()
    assert command == "gavel-agent batch in --out out --resume --items filing_date"
    resumed = subprocess.run(
        [GAVEL_AGENT, *command.split()[1:], "--quiet"], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert resumed.returncode == 0, resumed.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir() if p.is_dir()) == ["1", "2", "3"]  # canonical names


def test_trace_jsonl_writes_the_sdk_spans_locally_and_a_bad_processor_is_one_line(sample_case, tmp_path):
    spans = tmp_path / "spans.jsonl"
    done = subprocess.run(
        [
            GAVEL_AGENT,
            "run",
            str(sample_case),
            "--items",
            "filing_date",
            "--out",
            str(tmp_path / "r"),
            "--quiet",
            "--trace",
            f"jsonl:{spans}",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in spans.read_text().splitlines()]
    tools = {
        e["span_data"]["name"] for e in lines if e["object"] == "trace.span" and e["span_data"]["type"] == "function"
    }
    assert {"list_documents", "search", "append_checklist", "stop"} <= tools
    assert any(e["object"] == "trace" for e in lines)
    assert "Filed 03/15/21" not in spans.read_text()  # spans carry no case text
    bad = subprocess.run(
        [GAVEL_AGENT, "run", str(sample_case), "--out", str(tmp_path / "r2"), "--trace", "zipkin"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert (
        bad.returncode == 2 and bad.stderr.strip() == "error: unknown --trace 'zipkin'; use one of openai, jsonl:PATH"
    )


def test_settled_items_and_weak_support_are_shown():
    from gavel_agent.checklists.record import CitedSearch, NoneInRecord

    out = io.StringIO()
    console = Console(file=out, width=220)
    weak = Value(
        value="2021-03-15: complaint filed",
        evidence=[Evidence(document="d", quote="Filed 03/15/21", start_char=0, end_char=14)],
        support="related",
    )
    none = NoneInRecord(
        reason="The case ended before any trial.",
        searches=[CitedSearch(mode="bm25", query="trial jury verdict", hits=5)],
        latest_read="2022-06-01",
    )
    checklist = ChecklistFile(case="c", items={"important_filings": [weak], "trials": []}, settled={"trials": none})
    console.print(results_table(load_spec("gavel"), checklist))
    table = out.getvalue()
    assert "none in the record" in table and "The case ended before any trial." in table
    assert "bm25 'trial jury verdict' (5 hits)" in table and "papers read up to 2022-06-01" in table
    assert "(support: related)" in table
    line = status_text(Status(step=3, max_steps=10, filled=1, total=2, prompt_tokens=10, cost_usd=0.0, settled=1), 1.0)
    assert "items filled 1/2 · 1 none in the record" in line.plain
