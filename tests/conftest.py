"""Shared fixtures. Tests never touch the network; data from ../shared is optional."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("GAVEL_SHARED", REPO.parent / "shared"))
SAMPLE_CASE = REPO / "cases" / "riverside-jail"

# The openai-agents SDK would export traces to OpenAI; never from a test.
os.environ["OPENAI_AGENTS_DISABLE_TRACING"] = "1"


@pytest.fixture(autouse=True)
def _no_api_keys(monkeypatch):
    """Tests run as a user without keys unless a test sets one explicitly."""
    for var in (
        "OPENAI_API_KEY",
        "ANTHROPIC_API_KEY",
        "OPENAI_BASE_URL",
        "GAVEL_MODEL",
        "GAVEL_TIMEOUT",
        "GAVEL_RETRIES",
        "CLEARINGHOUSE_API_TOKEN",
        "COURTLISTENER_API_TOKEN",
    ):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"needs the shared data folder at {SHARED} (set GAVEL_SHARED to point elsewhere)")
    return SHARED


@pytest.fixture
def sample_case() -> Path:
    return SAMPLE_CASE


def offline_quality_bench(monkeypatch):
    """bench/offline_quality.py as a module (it imports its neighbour markdown_fragment)."""
    monkeypatch.syspath_prepend(str(REPO / "bench"))
    spec = importlib.util.spec_from_file_location("offline_quality", REPO / "bench" / "offline_quality.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "offline_quality", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module
