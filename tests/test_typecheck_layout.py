"""mypy sees tools/, evaluators/, checklists/ and prompts/ as the gavel_agent.* packages they install as.

typecheck/gavel_agent/ holds one symlink per package-dir entry (see [tool.mypy] in pyproject.toml);
a folder mapped in setuptools but not linked here would be type-checked under the wrong name, and its
imports would fail, so the two lists must agree.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
LINKS = REPO / "typecheck" / "gavel_agent"


def _mapped_folders() -> dict[str, str]:
    """Subpackage name -> source folder, for every gavel_agent.* package that lives outside gavel_agent/."""
    package_dir = PYPROJECT["tool"]["setuptools"]["package-dir"]
    return {name.removeprefix("gavel_agent."): folder for name, folder in package_dir.items() if name != "gavel_agent"}


def test_every_mapped_folder_is_linked_to_its_source():
    mapped = _mapped_folders()
    assert mapped, "package-dir maps no folder into gavel_agent"
    linked = {p.name: p for p in LINKS.iterdir()}
    assert set(linked) == set(mapped)
    for name, folder in mapped.items():
        assert linked[name].is_symlink()
        assert linked[name].resolve() == (REPO / folder).resolve()


def test_mypy_checks_the_linked_folders_and_fails_on_missing_imports():
    mypy = PYPROJECT["tool"]["mypy"]
    assert mypy["mypy_path"] == "typecheck" and mypy["explicit_package_bases"] is True
    assert set(mypy["files"]) == {"gavel_agent"} | {f"typecheck/gavel_agent/{name}" for name in _mapped_folders()}
    assert not mypy.get("ignore_missing_imports", False)
    for override in PYPROJECT["tool"]["mypy"].get("overrides", []):
        if override.get("ignore_missing_imports"):
            assert not any(m.startswith("gavel_agent") for m in override["module"])


def test_the_link_folder_is_no_package_of_its_own():
    # With an __init__.py here mypy would take gavel_agent from this folder and find nothing else in it.
    assert not (LINKS / "__init__.py").exists()
