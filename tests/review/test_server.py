"""The review server without a browser: what it refuses (paths outside its runs, foreign origins,
bad decisions), where it finds a run's documents, and the command line's errors."""

from __future__ import annotations

import json
import shutil

import pytest
from starlette.testclient import TestClient

from cli_runner import run_cli
from gavel_agent.checklists.record import ChecklistFile, CitedSearch, Evidence, NoneInRecord, Value
from gavel_agent.review.decisions import RunReview
from gavel_agent.review.runs import Runs
from gavel_agent.review.server import create_app, listening_socket
from gavel_agent.run_folder import RunFiles, RunStats


@pytest.fixture
def run(tmp_path, sample_case):
    """A hand-made run of the sample case with one value; stats name the case folder."""
    folder = tmp_path / "batch" / "one"
    files = RunFiles(folder)
    files.write_stats(
        RunStats(
            case="riverside-jail",
            spec="gavel",
            items=["filing_date", "judge_name"],
            model="offline",
            provider="offline",
            status="finished",
            source=str(sample_case),
        )
    )
    text = (sample_case / "01-complaint.txt").read_text(encoding="utf-8")
    quote = "Filed 03/15/21"
    files.write_checklist(
        ChecklistFile(
            case="riverside-jail",
            items={
                "filing_date": [
                    Value(
                        value="March 15, 2021",
                        evidence=[
                            Evidence(
                                document="01-complaint",
                                quote=quote,
                                start_char=text.index(quote),
                                end_char=text.index(quote) + len(quote),
                                page=1,
                            )
                        ],
                    )
                ],
                "judge_name": [],
            },
        )
    )
    return folder


@pytest.fixture
def client(run):
    return TestClient(create_app(Runs([run.parent]), reviewer="ana"))


@pytest.mark.parametrize(
    "path",
    [
        "/run/..%2F..%2Fetc%2Fpasswd",
        "/run/one%2F..%2F..",
        "/api/run/one/document/..%2F..%2F..%2Fpyproject",
        "/api/run/one/document/%2Fetc%2Fpasswd",
        "/static/..%2F..%2F..%2Fpyproject.toml",
        "/static/../server.py",
        "/api/run/one/document/01-COMPLAINT",  # documents by their exact names only
    ],
)
def test_paths_outside_the_runs_are_refused(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "root:" not in response.text and "[project]" not in response.text


def test_requests_for_another_host_name_are_refused(run):
    app = create_app(Runs([run.parent]), reviewer="ana", hosts=["127.0.0.1", "localhost"])
    assert (
        TestClient(app, base_url="http://rebound.example").get("/api/run/one/document/01-complaint").status_code == 400
    )
    assert (
        TestClient(app, base_url="http://127.0.0.1:8123").get("/api/run/one/document/01-complaint").status_code == 200
    )


def test_a_document_of_the_run_is_served(client):
    data = client.get("/api/run/one/document/01-complaint").json()
    assert data["text"].startswith("Case 3:21-cv-01187") and data["pages"][0] == [0, 1]


def test_decisions_from_another_origin_or_not_json_are_refused(client, run):
    body = {"action": "accept", "item": "filing_date", "value_index": 0}
    assert client.post("/api/run/one/decide", json=body, headers={"Origin": "http://evil.example"}).status_code == 403
    assert client.post("/api/run/one/decide", data=body).status_code == 415
    assert not (run / "review.jsonl").exists()
    assert client.post("/api/run/one/decide", json=body).status_code == 200
    assert len((run / "review.jsonl").read_text(encoding="utf-8").splitlines()) == 1


@pytest.mark.parametrize(
    "body, error",
    [
        ({"action": "reject", "item": "filing_date", "value_index": 0, "reason": "boring"}, "needs a reason"),
        ({"action": "reject", "item": "filing_date", "value_index": 0}, "needs a reason"),
        ({"action": "edit", "item": "filing_date", "value_index": 0, "text": "  "}, "new value text"),
        ({"action": "accept", "item": "filing_date", "value_index": 3}, "has no value 3"),
        ({"action": "accept", "item": "nope", "value_index": 0}, "no item"),
        ({"action": "delete", "item": "filing_date", "value_index": 0}, "unknown action"),
        (
            {
                "action": "add",
                "item": "judge_name",
                "text": "Judge",
                "selection": {"document": "01-complaint", "start": 0, "end": 4, "text": "Case"},
            },
            "too short",
        ),
        (
            {
                "action": "add",
                "item": "judge_name",
                "text": "x",
                "selection": {"document": "99-nothing", "start": 0, "end": 10, "text": "Case 3:21-"},
            },
            "no document",
        ),
    ],
)
def test_bad_decisions_are_refused_and_nothing_is_written(client, run, body, error):
    response = client.post("/api/run/one/decide", json=body)
    assert response.status_code == 400 and error in response.json()["error"]
    assert not (run / "review.jsonl").exists() and not (run / "checklist_reviewed.json").exists()


def test_an_item_left_empty_gets_a_value_from_a_selection(client, run, sample_case):
    text = (sample_case / "01-complaint.txt").read_text(encoding="utf-8")
    phrase = "RIVERSIDE COUNTY"
    start = text.index(phrase, text.index(phrase) + 1)  # its second occurrence
    state = client.post(
        "/api/run/one/decide",
        json={
            "action": "add",
            "item": "judge_name",
            "text": "County",
            "selection": {"document": "01-complaint", "start": start, "end": start + len(phrase), "text": phrase},
        },
    ).json()
    judge = next(i for i in state["items"] if i["key"] == "judge_name")["values"]
    assert judge[0]["evidence"][0]["start_char"] == start and judge[0]["review"]["decision"] == "added"
    assert state["resume"] == {"item": "filing_date", "value_index": 0}  # still the one value left to review


def test_resume_after_the_last_decision(run):
    review = RunReview(run)
    assert review.resume_position().item == "filing_date"
    review.decide("ana", "accept", "filing_date", 0)
    assert review.resume_position().value_index == 0  # nothing left: stays at the last value decided
    log = json.loads((run / "review.jsonl").read_text(encoding="utf-8"))
    assert set(log) == {"time", "reviewer", "item", "action", "value_index", "before", "after", "reason"}
    assert log["before"].get("review") is None and log["after"]["review"]["decision"] == "accepted"


def test_runs_without_a_recorded_case_find_it_with_cases(run, sample_case, tmp_path):
    stats = json.loads((run / "stats.json").read_text(encoding="utf-8"))
    stats["source"] = ""
    (run / "stats.json").write_text(json.dumps(stats), encoding="utf-8")
    assert Runs([run]).get("one").source == ""
    cases = tmp_path / "cases"
    shutil.copytree(sample_case, cases / "riverside-jail")
    assert Runs([run], cases=cases).get("one").source == str(cases / "riverside-jail")


def test_the_command_line_refuses_what_it_cannot_review(tmp_path, monkeypatch, capsys):
    result = run_cli(monkeypatch, capsys, "review", tmp_path / "missing")
    assert result.code == 2 and result.err.count("\n") == 1 and "no such file or folder" in result.err
    (tmp_path / "empty").mkdir()
    result = run_cli(monkeypatch, capsys, "review", tmp_path / "empty")
    assert result.code == 2 and "no run folders" in result.err
    result = run_cli(monkeypatch, capsys, "review", tmp_path / "empty", "--cases", tmp_path / "nowhere")
    assert result.code == 2 and result.err.count("\n") == 1 and "--cases" in result.err and "nowhere" in result.err


def test_a_port_already_in_use_is_a_one_line_error(run, monkeypatch, capsys):
    busy = listening_socket("127.0.0.1", 0)
    try:
        port = busy.getsockname()[1]
        # SO_REUSEADDR lets a second socket bind a port in TIME_WAIT, never one another socket listens on.
        result = run_cli(monkeypatch, capsys, "review", run, "--port", port)
    finally:
        busy.close()
    assert result.code == 2 and result.err.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in result.err


def test_a_port_out_of_range_is_a_one_line_error(run, monkeypatch, capsys):
    result = run_cli(monkeypatch, capsys, "review", run, "--port", 99999)
    assert result.code == 2 and "--port" in result.err and "Traceback" not in result.err
    assert "unexpected" not in result.err  # was an OverflowError from bind()


def test_an_item_settled_as_none_is_shown_with_its_reason_and_kept_through_decisions(run):
    files = RunFiles(run)
    checklist = files.read_checklist()
    checklist.settled = {
        "judge_name": NoneInRecord(
            reason="No paper names a judge.", searches=[CitedSearch(mode="bm25", query="judge", hits=2)]
        )
    }
    files.write_checklist(checklist)
    client = TestClient(create_app(Runs([run.parent]), reviewer="ana"))
    state = client.get("/api/run/one").json()
    judge = next(i for i in state["items"] if i["key"] == "judge_name")
    assert judge["values"] == [] and judge["none_in_record"]["reason"] == "No paper names a judge."
    assert next(i for i in state["items"] if i["key"] == "filing_date")["none_in_record"] is None
    RunReview(run).decide("ana", "accept", "filing_date", 0)
    assert RunReview(run).checklist().none_in_record("judge_name") is not None


def test_the_ipv6_loopback_is_one_of_its_own_hosts(run):
    app = create_app(Runs([run.parent]), reviewer="ana", hosts=["::1", "localhost", "127.0.0.1"])
    assert TestClient(app, base_url="http://[::1]:8123").get("/api/run/one/document/01-complaint").status_code == 200
    assert TestClient(app, base_url="http://[::2]:8123").get("/api/run/one/document/01-complaint").status_code == 400


def test_an_origin_with_another_scheme_is_refused(client, run):
    body = {"action": "accept", "item": "filing_date", "value_index": 0}
    same_host = client.base_url.host  # the Host header the test client sends
    assert client.post("/api/run/one/decide", json=body, headers={"Origin": f"https://{same_host}"}).status_code == 403
    assert client.post("/api/run/one/decide", json=body, headers={"Origin": f"http://{same_host}"}).status_code == 200


def test_an_oversized_body_is_refused_unread(client, run):
    from gavel_agent.review import guard

    huge = (
        b'{"action": "accept", "item": "filing_date", "value_index": 0, "pad": "' + b"x" * guard.MAX_BODY_BYTES + b'"}'
    )
    response = client.post("/api/run/one/decide", content=huge, headers={"content-type": "application/json"})
    assert response.status_code == 413 and not (run / "review.jsonl").exists()


def test_a_read_only_run_folder_is_a_message_in_the_page_not_a_500(client, run, monkeypatch):
    import errno

    from gavel_agent.review import decisions

    def read_only(*_args, **_kw):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(decisions.atomic, "write_text", read_only)
    response = client.post("/api/run/one/decide", json={"action": "accept", "item": "filing_date", "value_index": 0})
    assert response.status_code == 409
    assert "not saved: cannot write in" in response.json()["error"] and "Permission denied" in response.json()["error"]
