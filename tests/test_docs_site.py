"""The README stays a front page: short, the two set-up commands as they are, links that resolve."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")


def test_readme_is_a_front_page_not_a_notebook():
    assert len(README.splitlines()) <= 250


def test_readme_gives_the_two_set_up_commands_as_they_are():
    assert "pip install -e . && gavel-agent run cases/riverside-jail\n" in README
    assert "pip install -e '.[test]' && python -m pytest -q\n" in README


def test_readme_links_resolve_to_files_in_the_repository():
    targets = [t for t in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README) if "://" not in t]
    assert any(t.startswith("docs/") for t in targets)
    missing = [t for t in targets if not (REPO / t).is_file()]
    assert missing == []


def test_every_docs_page_is_linked_from_the_readme():
    pages = {p.relative_to(REPO).as_posix() for p in (REPO / "docs").glob("*.md")} - {"docs/index.md"}
    assert pages <= set(re.findall(r"\]\((docs/[^)#]+)", README))
