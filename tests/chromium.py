"""Debian's headless Chromium as the browser tests, the review latency bench and the screenshot script run it."""

from pathlib import Path

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
