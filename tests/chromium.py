"""Debian's headless Chromium as the browser tests, the review latency bench and the screenshot script run it."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
# Headless, no sandbox (root in a container), and none of Chromium's background connections: on a
# closed network they are refused many at a time and slow every start.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def playwright_chromium() -> Iterator[Any]:
    """Debian's chromium under Playwright, for a module-scoped ``browser`` fixture; the test skips, with the
    reason, where chromium or playwright is missing or chromium cannot start."""
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium at /usr/bin/chromium (apt-get install -y chromium)")
    playwright_api = pytest.importorskip(
        "playwright.sync_api", reason="needs the playwright package (pip install playwright)"
    )
    with playwright_api.sync_playwright() as p:
        try:
            chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        except Exception as e:  # noqa: BLE001 - any launch failure means: this machine cannot run the test
            pytest.skip(f"chromium does not start under Playwright here: {str(e).splitlines()[0]}")
        yield chromium
        chromium.close()
