"""The Python API: gavel_agent.extract / extract_async / evaluate, as a script or a notebook would call them."""

from __future__ import annotations

import json
import shutil
import site
import subprocess
import sys
import tempfile
import textwrap
import zipfile
from pathlib import Path

import pytest

import gavel_agent
from conftest import REPO
from gavel_agent.checklists.record import ChecklistFile


def test_importing_the_evaluators_does_not_load_the_agent():
    code = (
        "import sys, gavel_agent, gavel_agent.evaluators.checklist.score; "
        "print(sorted(m for m in ('agents', 'gavel_agent.loop', 'gavel_agent.api', 'gavel_agent.tools') "
        "if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    assert "extract" in dir(gavel_agent) and callable(gavel_agent.extract)
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        gavel_agent.nope  # noqa: B018


def test_extract_returns_values_with_evidence_and_writes_nothing(sample_case, tmp_path, monkeypatch):
    # A temporary folder of this test's own: other processes on the machine make gavel-agent-* folders in /tmp too.
    work, scratch = tmp_path / "work", tmp_path / "tmp"
    work.mkdir(), scratch.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    checklist = gavel_agent.extract(sample_case, items="filing_date,judge_name")
    assert isinstance(checklist, ChecklistFile) and checklist.case == "riverside-jail"
    assert checklist.values_of("filing_date") == ["March 15, 2021"]
    evidence = checklist.items["filing_date"][0].evidence[0]
    text = (sample_case / f"{evidence.document}.txt").read_text(encoding="utf-8")
    assert text[evidence.start_char : evidence.end_char] == evidence.quote
    assert list(work.iterdir()) == [] and list(scratch.glob("gavel-agent-*")) == []  # no run folder anywhere


async def test_the_sync_call_works_inside_a_running_event_loop(sample_case):
    # What a Jupyter cell does: the kernel's loop is running and the user calls extract() without await.
    checklist = gavel_agent.extract(sample_case, items="filing_date")
    assert checklist.values_of("filing_date") == ["March 15, 2021"]
    awaited = await gavel_agent.extract_async(sample_case, items=["filing_date"])
    assert awaited.items == checklist.items


def test_extract_into_a_folder_keeps_the_run_and_refuses_to_overwrite_it(sample_case, tmp_path):
    steps = []
    checklist = gavel_agent.extract(sample_case, items="filing_date", out=tmp_path / "run", on_step=steps.append)
    assert ChecklistFile.read(tmp_path / "run" / "checklist.json") == checklist
    assert json.loads((tmp_path / "run" / "stats.json").read_text())["status"] == "finished"
    assert steps and steps[0].tool == "list_documents"
    with pytest.raises(ValueError, match="already holds a run"):
        gavel_agent.extract(sample_case, items="filing_date", out=tmp_path / "run")
    again = gavel_agent.extract(sample_case, items="filing_date", out=tmp_path / "run", resume=True)
    assert again == checklist


def test_bad_input_raises_plain_errors(sample_case, tmp_path):
    with pytest.raises(ValueError, match="no such case folder"):
        gavel_agent.extract(tmp_path / "missing")
    with pytest.raises(ValueError, match="unknown item"):
        gavel_agent.extract(sample_case, items="colour")


def test_evaluate_scores_an_extraction_in_memory_and_against_a_record(sample_case, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    checklist = gavel_agent.extract(sample_case, items="filing_date,judge_name")
    report = gavel_agent.evaluate(checklist, {"filing_date": ["2021-03-15"], "judge_name": ["Someone Else"]})
    scores = {row.item: row.score for row in report.per_item}
    assert scores == {"filing_date": 100.0, "judge_name": 0.0}
    assert {row.item: row.predicted for row in report.per_item} == {"filing_date": 1, "judge_name": 1}
    record = tmp_path / "case_riverside.json"
    record.write_text(
        json.dumps({"case_id": "riverside-jail", "case_data": {"filing_date": "2021-03-15"}, "documents": []})
    )
    from_record = gavel_agent.evaluate(checklist, record)
    assert [(r.item, r.score) for r in from_record.per_item] == [("filing_date", 100.0)]  # only coded items count
    assert sorted(p.name for p in tmp_path.iterdir()) == ["case_riverside.json"]  # nothing written


# Where each folder of the repository installs (pyproject.toml's package-dir mapping).
INSTALLED_AS = {
    "gavel_agent": "gavel_agent",
    "tools": "gavel_agent/tools",
    "evaluators": "gavel_agent/evaluators",
    "checklists": "gavel_agent/checklists",
    "prompts": "gavel_agent/prompts",
}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The package built as a wheel from a copy of the source, with this interpreter's setuptools and wheel, offline."""
    scratch = tmp_path_factory.mktemp("wheel")
    source = scratch / "source"
    shutil.copytree(
        REPO,
        source,
        ignore=shutil.ignore_patterns(
            ".git", "runs", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".venv", "docs"
        ),
    )
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(scratch / "dist"),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if build.returncode != 0:
        pytest.skip(f"cannot build a wheel here (pip install wheel): {build.stderr.strip()[-300:]}")
    return next((scratch / "dist").glob("gavel_agent-*.whl"))


def test_the_wheel_holds_every_source_file(wheel):
    """A package or data file left out of pyproject.toml's lists exists in the worktree but not in an install."""
    tracked = subprocess.run(["git", "ls-files", *INSTALLED_AS], cwd=REPO, capture_output=True, text=True)
    if tracked.returncode != 0:
        pytest.skip("not a git checkout: cannot list the source files")
    expected = set()
    for path in tracked.stdout.split():
        folder, _, rest = path.partition("/")
        if Path(path).suffix in {".py", ".json", ".md"} and (REPO / path).exists():
            expected.add(f"{INSTALLED_AS[folder]}/{rest}")
    assert len(expected) > 100
    with zipfile.ZipFile(wheel) as archive:
        missing = sorted(expected - set(archive.namelist()))
    assert missing == []


def site_packages_of_this_interpreter() -> list[str]:
    """Where this interpreter finds the dependencies: the system's, or a virtualenv's the suite runs in."""
    folders = site.getsitepackages()
    if site.ENABLE_USER_SITE:
        folders.append(site.getusersitepackages())
    return [folder for folder in folders if Path(folder).is_dir()]


def test_a_notebook_in_a_fresh_venv_with_its_own_tools_py(sample_case, tmp_path, wheel):
    """Only the package installed (a wheel, not editable), a user's own tools.py etc. beside the notebook.

    The fresh venv gets the dependencies from the interpreter running the suite: with
    --system-site-packages they come from the base interpreter only, which misses them when the suite
    itself runs in a virtualenv, so a .pth file lists this interpreter's site-packages folders. A .pth
    line adds the folder to the path without running the .pth files inside it, so the editable install
    of the worktree stays out and the notebook imports the wheel's copy.
    """
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    venv_site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (Path(venv_site) / "dependencies_of_the_suite.pth").write_text(
        "\n".join(site_packages_of_this_interpreter()) + "\n"
    )
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], check=True, timeout=300)
    notebook = tmp_path / "notebook"
    shutil.copytree(sample_case, notebook / "cases" / "riverside-jail")
    for name in ("tools", "prompts", "checklists", "evaluators"):  # a user's own modules, named generically
        (notebook / f"{name}.py").write_text(f"raise ImportError('the user\\'s own {name}.py was imported')\n")
    cell = textwrap.dedent("""
        import json, gavel_agent
        checklist = gavel_agent.extract("cases/riverside-jail", items="filing_date")
        value = checklist.items["filing_date"][0]
        print(json.dumps({"file": gavel_agent.__file__, "value": value.value, "quote": value.evidence[0].quote}))
    """)
    done = subprocess.run([str(python), "-c", cell], cwd=notebook, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["file"].startswith(str(venv))  # the installed copy, not the worktree
    assert result["value"] == "March 15, 2021" and "Filed 03/15/21" in result["quote"]
    assert sorted(p.name for p in notebook.iterdir()) == [
        "cases",
        "checklists.py",
        "evaluators.py",
        "prompts.py",
        "tools.py",
    ]


def test_extract_shows_every_option_in_its_signature():
    import inspect

    for function in (gavel_agent.extract, gavel_agent.extract_async):
        parameters = inspect.signature(function).parameters
        assert not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
        assert {"text", "resume", "max_steps", "base_url", "verify", "on_step"} <= set(parameters)


def test_extract_reads_raw_text():
    order = (
        "UNITED STATES DISTRICT COURT\nJANE DOE, Plaintiff, v. CITY OF X, Defendant.\nCase No. 1:20-cv-00001\n"
        "ORDER\nThe motion is granted.\nIT IS SO ORDERED.\n/s/ Jane Roe\nUnited States District Judge\n"
    )
    checklist = gavel_agent.extract(text=order, name="order", items="judge_name")
    assert checklist.case == "order"
    (value,) = checklist.items["judge_name"]
    assert "Jane Roe" in value.value and value.evidence[0].document == "order"
    assert order[value.evidence[0].start_char : value.evidence[0].end_char] == value.evidence[0].quote
    with pytest.raises(ValueError, match="not both"):
        gavel_agent.extract("cases/riverside-jail", text=order)


def test_user_error_is_exported_and_raised_for_a_bad_model(sample_case):
    assert gavel_agent.UserError is gavel_agent.errors.UserError and "UserError" in gavel_agent.__all__
    with pytest.raises(gavel_agent.UserError, match="OPENAI_API_KEY"):
        gavel_agent.extract(sample_case, items="filing_date", model="openai:gpt-4.1")
