"""A screenshot of the one-run HTML report (gavel-agent report) on the sample case, for the docs.

python docs/report_screenshot.py [--out docs] [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import gavel_agent

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # shared with the browser tests
from chromium import CHROMIUM_ARGS

REPO = Path(__file__).resolve().parents[1]
CASE = REPO / "cases" / "riverside-jail"
ITEMS = "filing_date,parties,class_action,judge_name"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        gavel_agent.extract(CASE, items=ITEMS, out=folder / "run")
        page = folder / "report.html"
        gavel_agent.report(folder / "run", out=page)
        shot = args.out / "run-report.png"
        subprocess.run(
            [
                args.chromium,
                *CHROMIUM_ARGS,
                f"--user-data-dir={folder / 'profile'}",
                "--window-size=1100,1300",
                f"--screenshot={shot}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
        )
        print(f"wrote {shot}")


if __name__ == "__main__":
    main()
