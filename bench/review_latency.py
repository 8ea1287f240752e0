"""Review workbench latency on a batch of runs: the case list and a case view, server and browser in
one process (the Starlette app on 127.0.0.1, Debian's chromium driven by Playwright).

The batch is made offline: the sample case is run once by the offline agent, then the case folder and
the run are copied N times (each copy its own case folder and case id, a few values dropped per copy
so no two runs are alike). A case view is timed from navigation until its values are listed and the
first value's quote is highlighted in its document (the case's documents read from disk on first use).

    python bench/review_latency.py [--runs 200] [--case cases/riverside-jail] [--views 25] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import gavel_agent
from gavel_agent.review.runs import Runs
from gavel_agent.review.server import BackgroundServer, create_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # shared with the browser tests
from chromium import CHROMIUM_ARGS


def make_batch(case: Path, count: int, out: Path, seed: int = 7) -> Path:
    """``count`` runs of copies of ``case`` under out/runs, each copy under its own case id."""
    sample = out / "sample-run"
    gavel_agent.extract(case, model="offline", out=sample)
    rng = random.Random(seed)
    batch = out / "runs"
    for n in range(count):
        name = f"{case.name}-{n:03d}"
        case_copy = out / "cases" / name
        shutil.copytree(case, case_copy)
        meta_file = case_copy / "case.json"
        meta = json.loads(meta_file.read_text(encoding="utf-8")) if meta_file.is_file() else {}
        meta["case_id"] = name
        meta_file.write_text(json.dumps(meta), encoding="utf-8")
        run = batch / name
        shutil.copytree(sample, run)
        stats = json.loads((run / "stats.json").read_text(encoding="utf-8"))
        stats.update(case=name, source=str(case_copy.resolve()))
        (run / "stats.json").write_text(json.dumps(stats), encoding="utf-8")
        checklist = json.loads((run / "checklist.json").read_text(encoding="utf-8"))
        checklist["case"] = name
        for values in checklist["items"].values():
            if len(values) > 1 and rng.random() < 0.3:
                values.pop(rng.randrange(len(values)))
        (run / "checklist.json").write_text(json.dumps(checklist), encoding="utf-8")
    return batch


def timed(action) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--case", type=Path, default=Path(__file__).resolve().parents[1] / "cases" / "riverside-jail")
    parser.add_argument(
        "--views", type=int, default=25, help="case views timed (each a different run, opened first time)"
    )
    parser.add_argument("--lists", type=int, default=9, help="case list loads timed")
    parser.add_argument("--out", type=Path, help="folder for the generated batch (default: a temporary folder)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        out = args.out or Path(scratch)
        started = time.perf_counter()
        batch = make_batch(args.case.resolve(), args.runs, out)
        print(f"made {args.runs} runs in {time.perf_counter() - started:.1f} s under {batch}")
        runs = Runs([batch])
        with BackgroundServer(create_app(runs, reviewer="bench")) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(server.url + "/")  # warm-up: templates compiled, checklists read once
            rows = page.locator("#cases tbody tr").count()
            assert rows == args.runs, f"the case list shows {rows} runs, expected {args.runs}"
            lists = [
                timed(
                    lambda: (page.goto(server.url + "/", wait_until="load"), page.wait_for_selector("#cases tbody tr"))
                )
                for _ in range(args.lists)
            ]
            ids = [run.id for run in runs][:: max(1, args.runs // args.views)][: args.views]
            views = []
            for run_id in ids:
                views.append(
                    timed(
                        lambda run_id=run_id: (
                            page.goto(f"{server.url}/run/{run_id}", wait_until="load"),
                            page.wait_for_selector("#doc-text mark"),
                        )
                    )
                )
            browser.close()
    print(
        f"case list ({args.runs} runs): median {1000 * statistics.median(lists):.0f} ms, "
        f"max {1000 * max(lists):.0f} ms over {len(lists)} loads (target <= 1000 ms)"
    )
    print(
        f"case view (first open, document highlighted): median {1000 * statistics.median(views):.0f} ms, "
        f"max {1000 * max(views):.0f} ms over {len(views)} runs (target <= 300 ms)"
    )


if __name__ == "__main__":
    main()
