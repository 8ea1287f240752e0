"""The review page as a researcher meets it (Debian's chromium under Playwright): buttons beside each
value, the caption, court and docket number in the list and the header, a document menu that stays in
its pane, and a quote shared by several values shown once in compare mode."""

from __future__ import annotations

import json

import pytest

from chromium import playwright_chromium
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.review.runs import Runs
from gavel_agent.review.server import BackgroundServer, create_app

pytestmark = pytest.mark.browser
ITEMS = "filing_date,parties"


@pytest.fixture(scope="module")
def browser():
    yield from playwright_chromium()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    yield context.new_page()
    context.close()


@pytest.fixture
def two_runs(tmp_path, sample_case):
    import gavel_agent

    gavel_agent.extract(sample_case, items=ITEMS, out=tmp_path / "a")
    gavel_agent.extract(sample_case, items=ITEMS, out=tmp_path / "b")
    return tmp_path


def test_list_and_header_name_the_caption_court_and_docket(two_runs, page):
    with BackgroundServer(create_app(Runs([two_runs]), reviewer="ana")) as server:
        page.goto(server.url + "/")
        row = page.locator("#cases tbody tr").first
        assert row.locator("td.caption").inner_text().startswith("Vega v. Riverside County")
        assert row.locator("td.identity").inner_text() == "District of Oregon · 3:21-cv-01187-HRC"
        page.click("a[href='/run/a']")
        assert page.inner_text("#bar h1").startswith("Vega v. Riverside County")
        assert page.inner_text("#case-facts") == "case riverside-jail · District of Oregon · No. 3:21-cv-01187-HRC"


def test_the_buttons_beside_a_value_decide_it(two_runs, page):
    with BackgroundServer(create_app(Runs([two_runs]), reviewer="ana")) as server:
        page.goto(server.url + "/run/b")
        page.wait_for_selector("#doc-text mark")
        second = page.locator(".value[data-item='parties'][data-index='1']")
        assert second.locator("button.act").all_inner_texts() == ["accept a", "reject r", "edit e"]
        second.locator("button.accept").click()
        page.wait_for_selector(".value[data-item='parties'][data-index='1'].accepted")
        page.locator(".value[data-item='parties'][data-index='2'] button.reject").click()
        page.click("#reasons button[data-reason='wrong']")
        page.wait_for_selector(".value[data-item='parties'][data-index='2'].rejected")
        page.locator(".value[data-item='filing_date'][data-index='0'] button.edit").click()
        page.fill("#form-input", "2021-03-15")
        page.click("#form-ok")
        page.wait_for_selector(".value[data-item='filing_date'][data-index='0'].edited")
    log = [json.loads(line) for line in (two_runs / "b" / "review.jsonl").read_text().splitlines()]
    assert [(d["action"], d["item"], d.get("value_index")) for d in log] == [
        ("accept", "parties", 1),
        ("reject", "parties", 2),
        ("edit", "filing_date", 0),
    ]


def test_the_document_menu_stays_in_its_pane(two_runs, page):
    with BackgroundServer(create_app(Runs([two_runs]), reviewer="ana")) as server:
        page.goto(server.url + "/run/a")
        page.wait_for_selector("#doc-text mark")
        pane = page.locator("#document").bounding_box()
        menu = page.locator("#doc-picker").bounding_box()
        assert menu["x"] + menu["width"] <= pane["x"] + pane["width"]
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_compare_shows_a_shared_quote_once_per_cell(two_runs, page):
    parties = ChecklistFile.read(two_runs / "a" / "checklist.json").items["parties"]
    shared = [v for v in parties if v.evidence and v.evidence[0].quote == parties[0].evidence[0].quote]
    assert len(shared) > 2  # the caption names several parties
    with BackgroundServer(create_app(Runs([two_runs]), reviewer="ana")) as server:
        page.goto(server.url + "/compare/a/b")
        cell = page.locator("#compare tr[data-item='parties'] td.side").first
        cell.locator(".value").first.wait_for()
        assert cell.locator(".where:not(.same-quote)").count() == len(parties) - len(shared) + 1
        assert cell.locator(".where.same-quote").count() == len(shared) - 1
