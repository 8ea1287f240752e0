"""The command line as a user meets it: a run on the sample case, and bad input."""

import json
import subprocess
import sys

import pytest

from cli_runner import run_cli
from gavel_agent.case import load_case
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.tools import quotes


@pytest.fixture
def gavel(capsys, monkeypatch):
    return lambda *args: run_cli(monkeypatch, capsys, *args)


def test_offline_run_on_the_sample_case(sample_case, tmp_path, gavel):
    if not sample_case.is_dir():
        pytest.skip("the sample case is not there")
    out = tmp_path / "run"
    result = gavel("run", sample_case, "--out", out, "--table")
    assert result.code == 0, result.err
    assert "offline" in result.err and "deterministic" in result.err
    assert "finished:" in result.err
    assert "Checklist for riverside-jail" in result.out
    for name in ("checklist.json", "ledger.jsonl", "stats.json"):
        assert (out / name).is_file()
    stats = json.loads((out / "stats.json").read_text())
    assert stats["status"] == "finished" and stats["stop_attempts"] == 2
    case = load_case(sample_case)
    checklist = ChecklistFile.read(out / "checklist.json")
    stored = [(v, e) for values in checklist.items.values() for v in values for e in v.evidence]
    assert stored, "the offline model found nothing in the sample case"
    for value, ev in stored:
        text = case.document(ev.document).text
        assert quotes.same_text(ev.quote, text[ev.start_char : ev.end_char]), value.value


def test_json_output_is_the_checklist(sample_case, tmp_path, gavel):
    if not sample_case.is_dir():
        pytest.skip("the sample case is not there")
    result = gavel("run", sample_case, "--items", "judge_info", "--json", "--out", tmp_path / "r")
    assert result.code == 0, result.err
    data = ChecklistFile.model_validate(json.loads(result.out))
    assert list(data.items) == ["judge_name"]


def test_resume_of_a_finished_run_changes_nothing(sample_case, tmp_path, gavel):
    if not sample_case.is_dir():
        pytest.skip("the sample case is not there")
    out = tmp_path / "r"
    assert gavel("run", sample_case, "--items", "filing_date", "--quiet", "--out", out).code == 0
    before = (out / "checklist.json").read_text()
    again = gavel("run", sample_case, "--items", "filing_date", "--quiet", "--out", out)
    assert again.code == 2 and "--resume" in again.err
    resumed = gavel("run", sample_case, "--items", "filing_date", "--quiet", "--out", out, "--resume")
    assert resumed.code == 0 and (out / "checklist.json").read_text() == before


def folder_with(tmp_path, content: bytes):
    folder = tmp_path / "case"
    folder.mkdir()
    (folder / "x.txt").write_bytes(content)
    return folder


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda p: p / "missing", "no such case"),
        (lambda p: (p / "empty").mkdir() or p / "empty", "no documents"),
        (lambda p: folder_with(p, b"\xff\xfe\x00\x00bin"), "binary file"),
        (lambda p: folder_with(p, "caf\xe9 au lait".encode("latin-1")), "not UTF-8"),
    ],
)
def test_bad_cases_give_one_line_errors(tmp_path, make, message, gavel):
    result = gavel("run", make(tmp_path), "--out", tmp_path / "run")
    assert result.code == 2
    assert result.err.count("\n") == 1 and message in result.err and "Traceback" not in result.err
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("evaluate", "x.json", "--threshold", "20"), "No such option: --threshold (see gavel-agent evaluate --help)"),
        (("run", "cases/riverside-jail", "--max-steps", "abc"), "Invalid value for '--max-steps'"),
        (("run",), "Missing argument 'CASE'. (see gavel-agent run --help)"),
        (("nosuch",), "No such command 'nosuch'."),
    ],
)
def test_usage_errors_are_one_line_as_ours_are(args, message, gavel):
    result = gavel(*args)
    assert result.code == 2 and result.err.startswith("error: ") and result.err.count("\n") == 1
    assert message in result.err and "Usage:" not in result.err and "Traceback" not in result.err


def test_a_bare_command_shows_the_help_and_help_exits_0(gavel):
    bare = gavel()
    assert bare.code == 2 and "Usage: gavel-agent" in bare.out + bare.err and "Commands" in bare.out + bare.err
    helped = gavel("run", "--help")
    assert helped.code == 0 and "--max-steps" in helped.out


def test_unknown_item_lists_the_valid_ones(sample_case, tmp_path, gavel):
    if not sample_case.is_dir():
        pytest.skip("the sample case is not there")
    result = gavel("run", sample_case, "--items", "filing_date,colour", "--out", tmp_path / "run")
    assert result.code == 2 and "unknown item or group 'colour'" in result.err and "judge_name" in result.err


def test_import_clearinghouse_record_then_run(tmp_path, gavel):
    record = {
        "case_id": 99,
        "case_data": {"name": "Doe v. Smith"},
        "documents": [
            {
                "title": "Complaint",
                "document_type": "Complaint",
                "date": "2020-01-02",
                "text": "Plaintiff Jane Doe brings this action under 42 U.S.C. § 1983. Filed 01/02/20.",
            }
        ],
    }
    src = tmp_path / "case_99.json"
    src.write_text(json.dumps(record))
    result = gavel("import", src, "--out", tmp_path / "cases")
    assert result.code == 0, result.err
    folder = tmp_path / "cases" / "99"  # the case's one name: run, batch and import all call it 99
    meta = json.loads((folder / "case.json").read_text())
    assert meta["title"] == "Doe v. Smith" and "01-complaint.txt" in meta["documents"]
    assert load_case(folder).documents[0].type == "Complaint"
    direct = gavel("run", src, "--quiet", "--out", tmp_path / "run")
    assert direct.code == 0, direct.err
    assert json.loads((tmp_path / "run" / "checklist.json").read_text())["case"] == "99"
    batch = gavel("batch", tmp_path, "--out", tmp_path / "batch", "--items", "filing_date", "--quiet")
    assert batch.code == 0, batch.err
    assert (tmp_path / "batch" / "99" / "checklist.json").is_file()


def test_import_gavel_case_data(tmp_path, gavel):
    data = {
        "case_id": "123",
        "case_documents_text": ["Order text here.", "Complaint text here."],
        "case_documents_title": ["Order", "Complaint"],
        "case_documents_doc_type": ["Order/Opinion", "Complaint"],
        "case_documents_date": ["2020-05-01", "2020-01-01"],
    }
    src = tmp_path / "gavel.json"
    src.write_text(json.dumps(data))
    assert gavel("import", src, "--out", tmp_path / "cases").code == 0
    case = load_case(tmp_path / "cases" / "123")
    assert [d.title for d in case.documents] == ["Complaint", "Order"]
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    result = gavel("import", bad)
    assert result.code == 2 and "bad.json: not a Clearinghouse case record" in result.err
    bad.write_text('{"case_id": 1,\n "documents": [')
    broken = gavel("import", bad)
    assert (
        broken.code == 2 and "bad.json: not a readable JSON file (Expecting value at line 2, column 16)" in broken.err
    )


def test_no_traceback_from_the_installed_command(tmp_path):
    """The real entry point, in a fresh process: a one-line error and exit code 2."""
    result = subprocess.run(
        [sys.executable, "-m", "gavel_agent", "run", str(tmp_path / "missing")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert result.stderr == f"error: {tmp_path / 'missing'}: no such case folder or file\n"


def test_case_argument_help_names_every_document_format(gavel):
    """run and extract read one PDF, Word or WordPerfect file as a case, not only .txt/.md."""
    from gavel_agent.documents import SUFFIXES

    for command in ("run", "baseline"):
        result = gavel(command, "--help")
        text = " ".join(result.out.split())
        assert result.code == 0 and all(suffix in text for suffix in SUFFIXES), text


def test_extract_resume_of_a_finished_baseline_says_what_resume_is_for(sample_case, tmp_path, gavel):
    out = tmp_path / "chunk"
    assert gavel("baseline", sample_case, "--items", "judge_name", "--out", out, "--quiet").code == 0
    result = gavel("baseline", sample_case, "--items", "judge_name", "--out", out, "--resume", "--quiet")
    assert result.code == 2 and result.err.count("\n") == 1 and "--resume picks up a --batch-api run" in result.err


def test_a_folder_of_cases_given_to_run_points_to_batch(tmp_path, gavel):
    (tmp_path / "many" / "a").mkdir(parents=True)
    (tmp_path / "many" / "a" / "complaint.txt").write_text("COMPLAINT filed March 3, 2020.")
    (tmp_path / "many" / "case_7.json").write_text("{}")
    result = gavel("run", tmp_path / "many")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "no documents" in result.err and f"gavel-agent batch {tmp_path / 'many'} --out DIR" in result.err


def test_the_old_extract_command_runs_the_baseline_and_names_its_new_name(sample_case, tmp_path, gavel):
    """`gavel-agent extract` ran the baselines while gavel_agent.extract() runs the agent; it is `baseline`."""
    from gavel_agent.cli import COMMANDS

    assert "baseline" in COMMANDS and "extract" not in COMMANDS
    result = gavel("extract", sample_case, "--items", "judge_name", "--out", tmp_path / "old", "--quiet")
    assert result.code == 0
    assert "note: 'gavel-agent extract' is now 'gavel-agent baseline'" in result.err
