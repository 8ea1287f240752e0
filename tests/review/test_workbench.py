"""The review workbench driven by Debian's chromium (Playwright): a whole review session on the sample
case, compare mode and export, with the files written checked; document text shown as text."""

from __future__ import annotations

import csv
import hashlib
import io
import json
from pathlib import Path

import pytest

from chromium import playwright_chromium
from cli_runner import run_cli
from gavel_agent.checklists.record import ChecklistFile, Evidence, Value
from gavel_agent.evaluators.checklist.readers import read_checklists
from gavel_agent.review.comparing import Comparison
from gavel_agent.review.runs import Runs
from gavel_agent.review.server import BackgroundServer, create_app
from gavel_agent.run_folder import RunFiles, RunStats

ITEMS = "filing_date,parties,class_action"
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser():
    yield from playwright_chromium()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    yield context.new_page()
    context.close()


@pytest.fixture
def sample_runs(tmp_path, sample_case):
    """The sample case run by the agent (offline) and by the chunk baseline, in one batch-like folder."""
    import gavel_agent
    from gavel_agent.baselines.methods import baseline_for
    from gavel_agent.case import load_case
    from gavel_agent.checklists import load_spec

    gavel_agent.extract(sample_case, items=ITEMS, model="offline", out=tmp_path / "runs" / "agent")
    spec = load_spec("gavel")
    baseline_for(
        load_case(sample_case), spec, spec.select(ITEMS), "chunk", tmp_path / "runs" / "chunk", "offline"
    ).run()
    return tmp_path / "runs"


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []


def current(page) -> tuple[str, int]:
    row = page.locator(".value.current")
    return row.get_attribute("data-item"), int(row.get_attribute("data-index"))


def select_text(page, occurrence_of: str, nth: int = 0) -> int:
    """Select the nth occurrence of a phrase in the shown document as a person would; its offset."""
    return page.evaluate(
        """([phrase, nth]) => {
        const pre = document.getElementById('doc-text');
        const text = pre.textContent;
        let at = -1;
        for (let i = 0; i <= nth; i++) at = text.indexOf(phrase, at + 1);
        const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
        let seen = 0, node, range = document.createRange(), started = false;
        while ((node = walker.nextNode())) {
            const len = node.textContent.length;
            if (!started && at < seen + len) { range.setStart(node, at - seen); started = true; }
            if (started && at + phrase.length <= seen + len) { range.setEnd(node, at + phrase.length - seen); break; }
            seen += len;
        }
        const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(range);
        return at;
    }""",
        [occurrence_of, nth],
    )


def post_selection(page, selection: dict) -> list:
    """Post an added value with this selection from the page, as its script would; [status, error]."""
    return page.evaluate(
        """async (sel) => {
        const r = await fetch('/api/run/agent/decide', {method: 'POST', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({action: 'add', item: 'parties', text: 'x', selection: sel})});
        return [r.status, (await r.json()).error];
    }""",
        selection,
    )


def test_a_review_session_on_the_sample_case(sample_runs, sample_case, page, monkeypatch, capsys):
    agent, chunk = sample_runs / "agent", sample_runs / "chunk"
    agent_checklist = (agent / "checklist.json").read_bytes()
    log, reviewed_file = agent / "review.jsonl", agent / "checklist_reviewed.json"
    runs = Runs([sample_runs])
    with BackgroundServer(create_app(runs, reviewer="ana")) as server:
        page.goto(server.url + "/")
        assert page.locator("#cases tbody tr").count() == 2
        page.click("a[href='/run/agent']")

        # Opened at the first value, its quote highlighted in its document with the page.
        page.wait_for_selector("#doc-text mark")
        assert current(page) == ("filing_date", 0)
        first = ChecklistFile.read(agent / "checklist.json").items["filing_date"][0].evidence[0]
        assert page.inner_text("#doc-text mark") == first.quote
        assert page.inner_text("#doc-page") == f"page {first.page}"
        assert page.input_value("#doc-picker") == first.document

        # Keyboard: next, previous; accept; reject with a reason; edit.
        page.keyboard.press("j")
        assert current(page) == ("parties", 0)
        parties = ChecklistFile.read(agent / "checklist.json").items["parties"]
        page.wait_for_function(
            "q => document.querySelector('#doc-text mark')?.textContent === q", arg=parties[0].evidence[0].quote
        )
        page.keyboard.press("k")
        page.keyboard.press("a")
        page.wait_for_selector(".value[data-item='filing_date'] .badge.accepted")
        assert current(page) == ("parties", 0)
        page.keyboard.press("r")
        page.keyboard.press("2")
        page.wait_for_selector(".value[data-item='parties'][data-index='0'] .badge.rejected")
        page.keyboard.press("e")
        page.fill("#form-input", "Plaintiff: Daniel Vega (lead)")
        page.keyboard.press("Enter")
        page.wait_for_selector(".value[data-item='parties'][data-index='1'] .badge.edited")

        entries = lines(log)
        assert [(e["action"], e["item"], e["value_index"], e["reason"]) for e in entries] == [
            ("accept", "filing_date", 0, None),
            ("reject", "parties", 0, "not supported"),
            ("edit", "parties", 1, None),
        ]
        assert all(e["reviewer"] == "ana" and e["time"].endswith("Z") for e in entries)
        assert entries[2]["before"]["value"] == parties[1].value
        assert entries[2]["after"]["value"] == "Plaintiff: Daniel Vega (lead)"
        assert entries[2]["after"]["evidence"] == entries[2]["before"]["evidence"]
        reviewed = ChecklistFile.read(reviewed_file)
        assert reviewed.items["filing_date"][0].review.decision == "accepted"
        assert (reviewed.items["parties"][0].review.decision, reviewed.items["parties"][0].review.reason) == (
            "rejected",
            "not supported",
        )
        assert reviewed.items["parties"][1].value == "Plaintiff: Daniel Vega (lead)"
        assert (agent / "checklist.json").read_bytes() == agent_checklist  # the agent's checklist untouched

        # Reload: the session resumes at the value after the last one decided.
        page.reload()
        page.wait_for_selector(".value.current")
        assert current(page) == ("parties", 2)
        assert page.locator(".badge.accepted, .badge.rejected, .badge.edited").count() == 3

        # Add a value by selecting text: the second "Consent Decree" in the decree, kept at that offset.
        page.select_option("#doc-picker", "04-consent-decree")
        page.wait_for_function("document.getElementById('doc-text').dataset.doc === '04-consent-decree'")
        phrase = "Magistrate Judge Daniel K. Ibarra"
        at = select_text(page, phrase)
        page.keyboard.press("n")
        assert page.input_value("#form-input") == phrase
        page.fill("#form-input", "Magistrate: Daniel K. Ibarra")
        page.keyboard.press("Enter")
        page.wait_for_selector(".badge.added")
        added = lines(log)[-1]
        assert (added["action"], added["item"], added["before"]) == ("add", "parties", None)
        assert added["value_index"] == len(parties)
        evidence = added["after"]["evidence"][0]
        decree = (sample_case / "04-consent-decree.txt").read_text(encoding="utf-8")
        assert (evidence["document"], evidence["start_char"], evidence["status"]) == ("04-consent-decree", at, "exact")
        assert decree[evidence["start_char"] : evidence["end_char"]] == phrase == evidence["quote"]
        assert ChecklistFile.read(reviewed_file).items["parties"][-1].review.decision == "added"

        # The same words selected again at their second place are stored there, not at the first.
        second = select_text(page, "Consent Decree", nth=1)
        assert second > decree.index("Consent Decree")
        page.keyboard.press("x")
        page.wait_for_selector(".badge.not_applicable")
        na = lines(log)[-1]
        assert (na["action"], na["after"]["value"]) == ("not_applicable", "Not applicable")
        assert na["after"]["evidence"][0]["start_char"] == second

        # A selection running out of the document is refused, in the page and by the server.
        count = len(lines(log))
        page.evaluate("""() => {
            const range = document.createRange();
            range.setStart(document.querySelector('#values .value .text').firstChild, 3);
            range.setEnd(document.getElementById('doc-text').firstChild, 10);
            const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(range);
        }""")
        page.keyboard.press("n")
        assert "single document" in page.inner_text("#message")
        assert page.locator("#form").is_hidden()
        complaint = (sample_case / "01-complaint.txt").read_text(encoding="utf-8")
        reply = post_selection(
            page,
            {
                "document": "04-consent-decree",
                "start": len(decree) - 20,
                "end": len(decree) + 30,
                "text": decree[-20:] + complaint[:30],
            },
        )
        assert reply[0] == 400 and "past the end" in reply[1]
        reply = post_selection(
            page, {"document": "04-consent-decree", "start": 0, "end": 50, "text": decree[:20] + complaint[:30]}
        )
        assert reply[0] == 400 and "single document" in reply[1]
        assert len(lines(log)) == count

        # Compare the reviewed agent run with the chunk baseline; the choices make a reference.
        page.goto(server.url + "/compare/agent/chunk")
        page.click("tr[data-item='filing_date'] button[data-choice='B']")
        page.wait_for_selector("tr[data-item='filing_date'].decided")
        page.click("tr[data-item='class_action'] .value[data-side='A'][data-index='0'] button.yes")
        page.wait_for_selector("tr[data-item='class_action'] .value[data-side='A'].right")
        comparison = Comparison.under(sample_runs, "riverside-jail", "agent", "chunk", agent, chunk)
        reference = json.loads(comparison.reference_file.read_text(encoding="utf-8"))
        chunk_checklist = ChecklistFile.read(chunk / "checklist.json")
        assert [v["value"] for v in reference["items"]["filing_date"]] == chunk_checklist.values_of("filing_date")
        agent_class = ChecklistFile.read(agent / "checklist.json").values_of("class_action")
        assert agent_class[0].startswith("Plaintiffs: Class action")  # the sample's class was certified
        assert [v["value"] for v in reference["items"]["class_action"]] == agent_class[:1]
        assert "parties" not in reference["items"]  # no choice made: unknown, not empty
        choices = lines(comparison.log_file)
        assert [(c["action"], c["item"], c["value_index"], c["reason"]) for c in choices] == [
            ("choose", "filing_date", None, "B"),
            ("choose", "class_action", 0, "A"),
        ]
        agreement = comparison.agreement()
        a_row = page.locator("#agreement tr[data-side='A']")
        assert a_row.locator("td").nth(1).inner_text() == f"{agreement['A'].matched} of {agreement['A'].values}"
        assert agreement["B"].recall < 1 or agreement["A"].precision < 1  # the runs differ on the filing date

        # evaluate and audit take the reference, scoring only the items it decided.
        result = run_cli(
            monkeypatch,
            capsys,
            "evaluate",
            str(agent / "checklist.json"),
            "--reference",
            str(comparison.reference_file),
            "--out",
            str(sample_runs / "scores.json"),
        )
        assert result.code == 0, result.err
        scores = json.loads((sample_runs / "scores.json").read_text(encoding="utf-8"))
        # The agent's filing date lost to the baseline's, its class action was chosen; parties undecided.
        assert {k: v["score"] for k, v in scores["cases"][0]["items"].items()} == {
            "filing_date": 0.0,
            "class_action": 1.0,
        }
        assert scores["per_case"] == {"riverside-jail": 50.0}
        result = run_cli(
            monkeypatch, capsys, "audit", str(agent / "checklist.json"), "--reference", str(comparison.reference_file)
        )
        assert result.code == 0, result.err

        # Export: the results store's table of values (what `gavel-agent export` writes), with each
        # value's decision, its first quote and page; JSON as reviewed.
        exported = page.request.get(server.url + "/export.csv").text()
        rows = list(csv.DictReader(io.StringIO(exported)))
        agent_rows = [r for r in rows if Path(r["run_dir"]) == agent.resolve()]
        assert {r["checklist"] for r in agent_rows} == {"reviewed"}
        decisions = {r["review_decision"] for r in agent_rows}
        assert decisions >= {"accepted", "rejected", "edited", "added", "not_applicable", ""}
        rejected = next(r for r in agent_rows if r["review_decision"] == "rejected")
        assert (rejected["review_reason"], rejected["item"], rejected["position"]) == ("not supported", "parties", "0")
        accepted = next(r for r in agent_rows if r["review_decision"] == "accepted")
        assert (accepted["page"], accepted["quote"]) == (str(first.page), first.quote)
        assert json.loads(accepted["evidence"])[0]["quote"] == first.quote
        data = page.request.get(server.url + "/export.json").json()
        assert data["agent"] == json.loads(reviewed_file.read_text(encoding="utf-8"))
    assert hashlib.sha256((agent / "checklist.json").read_bytes()).digest() == hashlib.sha256(agent_checklist).digest()


def hostile_run(tmp_path: Path) -> Path:
    """A run whose document (and value) hold HTML that would run if it were ever pasted in as markup."""
    case = tmp_path / "hostile-case"
    case.mkdir()
    text = (
        "ORDER. The filing said <script>document.body.dataset.pwned = 'script'</script> and then "
        '"><img src=x onerror="document.body.dataset.pwned = \'img\'"> which the court struck.\n'
    )
    (case / "order.txt").write_text(text, encoding="utf-8")
    run = tmp_path / "runs" / "hostile"
    files = RunFiles(run)
    files.write_stats(
        RunStats(
            case="hostile-case",
            spec="gavel",
            items=["filing_date"],
            model="offline",
            provider="offline",
            status="finished",
            source=str(case),
        )
    )
    start = text.index("<script>")
    quote = text[start : text.index("struck") + 6]
    files.write_checklist(
        ChecklistFile(
            case="hostile-case",
            items={
                "filing_date": [
                    Value(
                        value='"><img src=x onerror="document.body.dataset.pwned=\'value\'">',
                        evidence=[
                            Evidence(document="order", quote=quote, start_char=start, end_char=start + len(quote))
                        ],
                    )
                ]
            },
        )
    )
    return run


def test_document_html_is_shown_as_text(tmp_path, page):
    run = hostile_run(tmp_path)
    with BackgroundServer(create_app(Runs([run]), reviewer="ana")) as server:
        page.goto(server.url + "/run/hostile")
        page.wait_for_selector("#doc-text mark")
        assert "<script>document.body.dataset.pwned" in page.inner_text("#doc-text mark")
        assert "onerror=" in page.inner_text("#doc-text") and "onerror=" in page.inner_text("#values")
        assert page.locator("#doc-text img, #values img, #doc-text script").count() == 0
        page.wait_for_timeout(200)
        assert page.evaluate("document.body.dataset.pwned") is None


def test_reviewed_checklists_are_references_without_rejected_values(tmp_path):
    run = hostile_run(tmp_path)
    from gavel_agent.review.decisions import RunReview

    review = RunReview(run)
    review.decide("ana", "reject", "filing_date", 0, reason="wrong")
    assert read_checklists(review.reviewed_file, case_id="hostile-case") == {"hostile-case": {"filing_date": []}}
    assert read_checklists(review.agent_file)["hostile-case"]["filing_date"] != []
