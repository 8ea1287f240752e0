"""Screenshots of the review workbench for the README: the case view and compare mode on the sample
case (the offline agent vs the chunk baseline), after a few decisions.

    python docs/review_screenshots.py [--out docs] [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import gavel_agent
from gavel_agent.baselines.methods import baseline_for
from gavel_agent.case import load_case
from gavel_agent.checklists import load_spec
from gavel_agent.review.decisions import RunReview
from gavel_agent.review.runs import Runs
from gavel_agent.review.server import BackgroundServer, create_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # shared with the browser tests
from chromium import CHROMIUM_ARGS

REPO = Path(__file__).resolve().parents[1]
CASE = REPO / "cases" / "riverside-jail"
ITEMS = "filing_date,parties,class_action,cause_of_action,judge_name,decree_terms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        runs = Path(scratch) / "runs"
        gavel_agent.extract(CASE, items=ITEMS, model="offline", out=runs / "agent")
        spec = load_spec("gavel")
        baseline_for(load_case(CASE), spec, spec.select(ITEMS), "chunk", runs / "chunk", "offline").run()
        review = RunReview(runs / "agent")
        review.decide("ana", "accept", "filing_date", 0)
        review.decide("ana", "reject", "parties", 0, reason="duplicate")
        review.decide("ana", "accept", "parties", 1)
        with BackgroundServer(create_app(Runs([runs]), reviewer="ana")) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 820})
            page.goto(server.url + "/run/agent")
            page.wait_for_selector("#doc-text mark")
            page.keyboard.press("j")
            page.wait_for_timeout(300)
            page.screenshot(path=str(args.out / "review-case-view.png"))
            page.goto(server.url + "/compare/agent/chunk")
            page.click("tr[data-item='filing_date'] button[data-choice='B']")
            page.click("tr[data-item='parties'] button[data-choice='both']")
            page.click("tr[data-item='parties'] .value[data-side='B'][data-index='0'] button.no")
            page.wait_for_timeout(300)
            page.screenshot(path=str(args.out / "review-compare.png"))
            browser.close()
    print(f"wrote {args.out / 'review-case-view.png'} and {args.out / 'review-compare.png'}")


if __name__ == "__main__":
    main()
