"""``--markdown FILE`` for the bench scripts: what a bench printed, kept as a markdown fragment.

The docs site's benchmarks page includes these fragments, so its figures are the benches' own output
from a real run, never copied by hand. The fragment is the printed text, unchanged, in a fenced block
(the tables are aligned in columns for a terminal); it is written atomically and only when the bench
finished, so a failed or interrupted run leaves the previous fragment in place.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from gavel_agent import atomic


class _Tee(io.StringIO):
    """Keeps a copy of what is written and passes it on to the terminal as before."""

    def __init__(self, terminal: TextIO) -> None:
        super().__init__()
        self.terminal = terminal

    def write(self, text: str) -> int:
        self.terminal.write(text)
        return super().write(text)

    def flush(self) -> None:
        self.terminal.flush()


def add_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--markdown",
        type=Path,
        default=None,
        metavar="FILE",
        help="also write what this prints as a markdown fragment (e.g. docs/benchmarks/NAME.md)",
    )


def as_markdown(printed: str) -> str:
    """The printed text in a fence longer than any run of backticks inside it."""
    longest = max((len(run) for run in re.findall(r"`+", printed)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{printed.rstrip()}\n{fence}\n"


@contextlib.contextmanager
def printed_as_markdown(path: Path | None) -> Iterator[None]:
    """Everything printed inside the block is also written to ``path`` (when given) once it ends."""
    if path is None:
        yield
        return
    tee = _Tee(sys.stdout)
    with contextlib.redirect_stdout(tee):
        yield
    atomic.write_text(path, as_markdown(tee.getvalue()))
