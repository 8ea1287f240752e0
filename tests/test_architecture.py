"""Boundaries of the tree: what may import what, the typed tool contract the offline model reads, and
where each test file sits.

The import checks read the source with ``ast`` (every import, also those inside functions, which
run whenever that code path does; those under ``if TYPE_CHECKING:`` never run and are left out).
"""

from __future__ import annotations

import ast
import dataclasses
import json
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import gavel_agent
from gavel_agent.tools import calls

REPO = Path(__file__).resolve().parents[1]
# Top-level folders and the package each installs as (pyproject.toml's package-dir).
PACKAGES = {
    "gavel_agent": "gavel_agent",
    "tools": "gavel_agent.tools",
    "evaluators": "gavel_agent.evaluators",
    "checklists": "gavel_agent.checklists",
    "prompts": "gavel_agent.prompts",
}


@cache
def modules() -> dict[str, Path]:
    found = {}
    for folder, package in PACKAGES.items():
        for path in (REPO / folder).rglob("*.py"):
            parts = list(path.relative_to(REPO / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


def _type_checking_only(node: ast.AST) -> set[int]:
    """ids of import nodes under ``if TYPE_CHECKING:``."""
    skipped = set()
    for n in ast.walk(node):
        if isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test):
            skipped |= {id(m) for b in n.body for m in ast.walk(b)}
    return skipped


@cache
def imports_of(module: str) -> frozenset[str]:
    """The project modules ``module`` imports (``from pkg import name`` counts as ``pkg.name`` when that is a module)."""
    path = modules()[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_only(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules() else base)
    return frozenset(name for name in found if name in modules() and name != module)


def project_imports(prefix: str) -> dict[str, set[str]]:
    return {m: set(imports_of(m)) for m in modules() if m == prefix or m.startswith(prefix + ".")}


def within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def test_the_module_map_sees_the_whole_tree():
    assert {
        "gavel_agent.loop",
        "gavel_agent.tools.calls",
        "gavel_agent.text.values",
        "gavel_agent.offline.policy",
        "gavel_agent.backends.offline",
    } <= set(modules())
    # The reader finds real edges, absolute and lazy (inside a function) alike.
    assert "gavel_agent.offline.policy" in imports_of("gavel_agent.backends.offline")
    assert "gavel_agent.verification.stage" in imports_of("gavel_agent.verification.llm_challenger")
    assert "gavel_agent.offline.propose" in imports_of("gavel_agent.verification.roles")


# Data every path reads (item specs, prompt files), not agent code.
SHARED_DATA = ("gavel_agent.checklists", "gavel_agent.prompts")
# The ground floor: text facts (values, page maps, court-paper patterns, the LLM interface) read alike everywhere.
GROUND_FLOOR = "gavel_agent.text"


def test_the_ground_floor_imports_nothing_above_it():
    allowed = (GROUND_FLOOR, *SHARED_DATA)
    leaks = {
        m: sorted(i for i in deps if not any(within(i, a) for a in allowed))
        for m, deps in project_imports(GROUND_FLOOR).items()
    }
    assert len(leaks) > 3
    assert {m: d for m, d in leaks.items() if d} == {}


def test_the_evaluators_import_only_themselves_the_ground_floor_and_data():
    allowed = ("gavel_agent.evaluators", GROUND_FLOOR, *SHARED_DATA)
    leaks = {
        m: sorted(i for i in deps if not any(within(i, a) for a in allowed))
        for m, deps in project_imports("gavel_agent.evaluators").items()
    }
    assert {m: d for m, d in leaks.items() if d} == {}


def test_the_case_model_and_the_document_readers_never_reach_into_the_tools():
    importers = {**project_imports("gavel_agent.case"), **project_imports("gavel_agent.documents")}
    leaks = {m: sorted(i for i in deps if within(i, "gavel_agent.tools")) for m, deps in importers.items()}
    assert "gavel_agent.case" in leaks
    assert {m: d for m, d in leaks.items() if d} == {}


def test_the_loop_tools_and_backends_import_nothing_from_the_offline_model():
    importers = {
        **project_imports("gavel_agent.loop"),
        **project_imports("gavel_agent.tools"),
        **project_imports("gavel_agent.backends"),
    }
    importers.pop("gavel_agent.backends.offline")  # the offline backend is where the offline model plugs in
    leaks = {m: sorted(i for i in deps if within(i, "gavel_agent.offline")) for m, deps in importers.items()}
    assert {m: d for m, d in leaks.items() if d} == {}


def test_the_offline_rules_never_import_the_learned_choice():
    leaks = {
        m: sorted(i for i in deps if within(i, "gavel_agent.offline.learned"))
        for m, deps in project_imports("gavel_agent.offline.rules").items()
    }
    assert {m: d for m, d in leaks.items() if d} == {}


def test_only_the_learned_part_of_the_offline_model_runs_the_loop():
    # Corpus runs (offline.learned.corpus) run the agent over coded records; the rules and the plan are
    # what the loop runs, and never run it back.
    runners = {
        m
        for m, deps in project_imports("gavel_agent.offline").items()
        if any(within(i, "gavel_agent.loop") for i in deps)
    }
    assert runners and all(within(m, "gavel_agent.offline.learned") for m in runners)


OFFLINE_MODULE_MAX_LINES = 600


def test_no_offline_module_is_over_600_lines():
    sizes = {
        m: len(modules()[m].read_text(encoding="utf-8").splitlines()) for m in project_imports("gavel_agent.offline")
    }
    assert {m: n for m, n in sizes.items() if n > OFFLINE_MODULE_MAX_LINES} == {}


def test_importing_the_rules_package_imports_every_rule_module():
    # In a fresh interpreter, so that no other test's imports stand in for the package's discovery.
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, gavel_agent.offline.rules; print(*sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    in_folder = {m for m in modules() if within(m, "gavel_agent.offline.rules")}
    assert len(in_folder) > 10
    assert in_folder <= set(loaded)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_between_modules():
    assert cycles({m: set(imports_of(m)) for m in modules()}) == []


TESTS = REPO / "tests"
# Tests of the tree as a whole (its import rules, its type-checking layout, the README and the docs site)
# test no one package; they sit in tests/ itself, beside the shared helpers and conftest.py.
TREE_WIDE_TESTS = frozenset({"test_architecture.py", "test_typecheck_layout.py", "test_docs_site.py"})


def package_test_folders() -> frozenset[str]:
    """Folders a test file may sit in: tests/<name>/ for each first-party package or module gavel_agent.<name>,
    and tests/bench/ for the bench scripts (first-party to ruff: pyproject's src). Never tests/gavel_agent/:
    with tests/ on sys.path it would be a namespace package found before the editable install's finder."""
    return frozenset({m.split(".")[1] for m in modules() if "." in m} | {"bench"})


def misplaced_tests(paths: Iterable[Path]) -> list[str]:
    """The test files (paths relative to tests/) that sit neither in a package's folder nor, tree-wide, in tests/."""
    folders = package_test_folders()
    return sorted(
        str(path)
        for path in paths
        if not (len(path.parts) == 2 and path.parts[0] in folders)
        and not (len(path.parts) == 1 and path.name in TREE_WIDE_TESTS)
    )


def test_the_placement_rule_flags_tests_outside_a_package_folder():
    placed = [
        Path("offline/test_rules.py"),
        Path("loop/test_loop.py"),
        Path("bench/test_x.py"),
        Path("test_architecture.py"),
    ]
    stray = [
        Path("test_loop.py"),
        Path("models/test_config.py"),
        Path("offline/rules/test_x.py"),
        Path("gavel_agent/test_api.py"),
    ]
    assert misplaced_tests(placed + stray) == sorted(map(str, stray))


def test_every_test_file_sits_in_the_folder_of_the_package_it_tests():
    found = [path.relative_to(TESTS) for path in TESTS.rglob("test_*.py")]
    assert len(found) > 90
    assert misplaced_tests(found) == []
    # pytest imports a test file by its bare name (no __init__.py in the test folders), so two files of one
    # name in different folders would collide.
    assert {name: n for name, n in Counter(path.name for path in found).items() if n > 1} == {}
    assert not list(TESTS.rglob("__init__.py"))


def test_the_checklists_hold_no_offline_queries_and_the_offline_plans_do():
    offline_keys = {"queries", "document_types", "windows", "searches", "max_values", "prefer"}
    for spec in ("gavel", "cato", "cuad"):
        items = json.loads((REPO / "checklists" / f"{spec}.json").read_text(encoding="utf-8"))["items"]
        assert all(not offline_keys & set(item) for item in items), spec
        assert not any(isinstance(v, str) and v.startswith("re:") for item in items for v in item.values())
        plan = (REPO / "gavel_agent" / "offline" / "plans" / f"{spec}.json").read_text(encoding="utf-8")
        assert '"re:' in plan and '"queries"' in plan


def test_the_offline_model_reads_tool_data_so_rewording_results_changes_nothing(sample_case, monkeypatch):
    items = "filing_date,judge_name,parties,appeals"
    plain = gavel_agent.extract(sample_case, items=items)
    assert plain.values_of("filing_date") == ["March 15, 2021"]
    invoke = calls.invoke

    def reworded(ws, spec, raw_arguments):
        result = invoke(ws, spec, raw_arguments)
        return dataclasses.replace(result, text=f"(reworded for a model) {result.text[::-1]}")

    monkeypatch.setattr(calls, "invoke", reworded)
    assert gavel_agent.extract(sample_case, items=items).items == plain.items
