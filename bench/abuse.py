"""Abuse bench (issue 22): bad inputs, injected faults, lost values, tool-call wall time, hostile-case slowdown.

    python bench/abuse.py [--skip-slowdown]

Every probe runs the real ``gavel-agent`` command in a subprocess (what a user sees on stderr, exit codes)
or the library call the probe names. A probe that is not handled is reported as such; it never stops the
bench. The slowdown is an openai-compatible batch at concurrency 4 against a scripted local server on
127.0.0.1: four benign cases alone, then the same four plus one whose model sends catastrophic regexes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "cases" / "riverside-jail"
FAKE_KEY = "sk-bench0123456789abcdefXYZ"
HOSTILE_REGEX = "(a|aa)+$"


def cli(*args, cwd: Path, env: dict | None = None, timeout: float = 180) -> subprocess.CompletedProcess:
    full_env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "GAVEL_MODEL", "OPENAI_BASE_URL")}
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "gavel_agent", *map(str, args)],
        cwd=cwd,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def one_line_error(p: subprocess.CompletedProcess) -> bool:
    err = p.stderr.strip("\n")
    return p.returncode != 0 and err.startswith("error: ") and "\n" not in err and "Traceback" not in p.stderr


def clean(p: subprocess.CompletedProcess) -> bool:
    """Finished, or refused with a one-line error: no traceback either way, no key."""
    return (
        "Traceback" not in p.stderr + p.stdout
        and FAKE_KEY not in p.stderr + p.stdout
        and (p.returncode == 0 or one_line_error(p))
    )


# -- a local server answering like an openai-compatible model, or failing ----------------------------------------


class Server:
    def __init__(self, handler: Callable[[dict, dict], tuple[int, dict]]):
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))) or b"{}")
                status, reply = handler(body, dict(self.headers))
                data = json.dumps(reply).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        outer.httpd = self.httpd

    def close(self) -> None:
        self.httpd.shutdown()


def echo_key_500(body: dict, headers: dict) -> tuple[int, dict]:
    return 500, {"error": {"message": f"internal error for {headers.get('Authorization', '')}"}}


def scripted_model(body: dict, headers: dict) -> tuple[int, dict]:
    """Turn n of a case: a search (hostile cases: three catastrophic regexes), then stop, stop, done."""
    messages = body.get("messages", [])
    step = sum(1 for m in messages if m.get("role") == "assistant")
    hostile = "hostile" in json.dumps(messages[:3])
    if step == 0:
        calls = (
            [("search", {"query": HOSTILE_REGEX, "mode": "regex"})] * 3
            if hostile
            else [("search", {"query": "judge presiding", "top_k": 3})]
        )
    elif step in (1, 2):
        calls = [("stop", {"reason": "done"})]
    else:
        return 200, _chat(step, [], "finished")
    return 200, _chat(step, calls)


def _chat(step: int, calls: list[tuple[str, dict]], text: str | None = None) -> dict:
    message = {
        "role": "assistant",
        "content": text,
        "tool_calls": [
            {"id": f"c{step}_{i}", "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
            for i, (n, a) in enumerate(calls)
        ]
        or None,
    }
    return {
        "id": f"chat-{step}",
        "object": "chat.completion",
        "created": 1700000000,
        "model": "scripted",
        "choices": [{"index": 0, "finish_reason": "tool_calls" if calls else "stop", "message": message}],
        "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
    }


# -- probes ------------------------------------------------------------------------------------------------------


def case_copy(root: Path, name: str) -> Path:
    folder = root / name
    shutil.copytree(SAMPLE, folder)
    (folder / "reference.json").unlink(missing_ok=True)
    return folder


def record(root: Path, name: str, data) -> Path:
    path = root / f"{name}.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def bad_inputs(work: Path) -> list[tuple[str, bool]]:
    """(probe, handled) for each bad input."""
    results: list[tuple[str, bool]] = []
    doc = {"title": "Order", "text": "The Honorable Jane Roe, United States District Judge, presides."}

    def probe(name: str, check: Callable[[], bool]) -> None:
        try:
            results.append((name, bool(check())))
        except Exception as e:  # an unhandled probe is reported, never fatal
            results.append((f"{name} ({type(e).__name__})", False))

    a_file = work / "a_file"
    a_file.write_text("x")
    one = ["--items", "judge_name", "--quiet"]
    shapes = {
        "case_data is a list": {"case_data": [], "documents": [doc]},
        "documents is None": {"case_data": {}, "documents": None},
        "documents are strings": {"case_data": {}, "documents": ["text"]},
        "documents are ints": {"case_data": {}, "documents": [1, 2]},
        "record is a list": [doc],
        "not JSON": "{oops",
    }
    for label, data in shapes.items():
        path = record(work, f"case_{abs(hash(label)) % 10_000}", data)
        probe(f"run: {label}", lambda p=path: clean(cli("run", p, *one, cwd=work)))
        probe(f"import: {label}", lambda p=path: clean(cli("import", p, "--out", work / "imported", cwd=work)))

    def traversal(case_id: str) -> bool:
        case = case_copy(work, f"trav{abs(hash(case_id)) % 10_000}")
        (case / "case.json").write_text(json.dumps({"case_id": case_id}))
        cwd = work / f"cwd{abs(hash(case_id)) % 10_000}"
        cwd.mkdir()
        p = cli("run", case, *one, cwd=cwd)
        return clean(p) and not (work / "escaped").exists() and not Path("/tmp/gavel-escaped").exists()

    probe("case.json case_id /abs/path", lambda: traversal("/tmp/gavel-escaped"))
    probe("case.json case_id ../../escaped", lambda: traversal("../../escaped"))
    probe(
        "record case_id ../../../x (import)",
        lambda: (
            clean(
                cli(
                    "import",
                    record(work, "case_trav", {"case_id": "../../../x", "case_data": {}, "documents": [doc]}),
                    "--out",
                    work / "imp2",
                    cwd=work,
                )
            )
            and [p.name for p in (work / "imp2").iterdir()] == ["x"]
        ),
    )

    def symlink() -> bool:
        case = case_copy(work, "symlinked")
        (case / "passwd.txt").symlink_to("/etc/passwd")
        p = cli("run", case, "--items", "judge_name", "--json", "--out", work / "sym-run", cwd=work)
        ledger = work / "sym-run" / "ledger.jsonl"
        listed = ledger.read_text() if ledger.is_file() else ""
        return clean(p) and "root:" not in p.stdout + listed and "passwd" not in listed and "symbolic link" in p.stderr

    probe("symlink to /etc/passwd in a case folder", symlink)

    def odd_document(label: str, data: bytes) -> bool:
        case = case_copy(work, f"odd{abs(hash(label)) % 10_000}")
        (case / "zz-odd.txt").write_bytes(data)
        p = cli("run", case, *one, "--out", work / f"odd-run{abs(hash(label)) % 10_000}", cwd=work)
        warned = "zz-odd" in p.stderr or "warning" in p.stderr.lower()
        return clean(p) and (p.returncode != 0 or warned)

    probe("NUL byte after the first 8 KiB", lambda: odd_document("nul", b"a " * 5000 + b"\x00 tail"))

    def utf16() -> bool:
        """UTF-16 is text: the run reads it (it used to be refused as binary)."""
        text = "The Honorable Jane Roe presides."
        case = case_copy(work, "utf16")
        (case / "zz-utf16.txt").write_bytes(text.encode("utf-16"))
        p = cli("run", case, *one, "--out", work / "utf16-run", cwd=work)
        sys.path.insert(0, str(REPO))
        from gavel_agent.case import load_case

        return clean(p) and p.returncode == 0 and load_case(case).document("zz-utf16").text == text

    probe("UTF-16 document", utf16)
    probe("0-byte document", lambda: odd_document("empty", b""))

    def markup() -> bool:
        case = case_copy(work, "markup")
        (case / "zz-sig.txt").write_text("IT IS SO ORDERED.\n[/s/ Hon. Jane Roe]\n[bold]x[/] [/\\] filed\n")
        p = cli("run", case, "--items", "judge_name", "--out", work / "markup-run", cwd=work)
        return p.returncode == 0 and "Traceback" not in p.stderr

    probe("rich markup [/s/ Hon. Jane Roe] in a document", markup)

    def resume_mismatch() -> bool:
        out = work / "resume-run"
        cli("run", SAMPLE, "--items", "judge_name", "--quiet", "--out", out, cwd=work)
        before = json.loads((out / "checklist.json").read_text())
        p = cli("run", SAMPLE, "--items", "filing_date", "--quiet", "--out", out, "--resume", cwd=work)
        after = json.loads((out / "checklist.json").read_text())
        kept = after["items"].get("judge_name") == before["items"].get("judge_name")
        return kept and one_line_error(p)

    probe("--resume with different --items", resume_mismatch)

    def resume_other_case() -> bool:
        out = work / "resume-other"
        cli("run", SAMPLE, "--items", "judge_name", "--quiet", "--out", out, cwd=work)
        other = case_copy(work, "other-case")
        (other / "case.json").write_text(json.dumps({"case_id": "another-case"}))
        return one_line_error(cli("run", other, "--items", "judge_name", "--quiet", "--out", out, "--resume", cwd=work))

    probe("--resume another case's folder", resume_other_case)

    def truncated_run_file() -> bool:
        out = work / "resume-trunc"
        cli("run", SAMPLE, "--items", "judge_name", "--quiet", "--out", out, cwd=work)
        stats = out / "stats.json"
        stats.write_text(stats.read_text()[:40])
        return clean(cli("run", SAMPLE, "--items", "judge_name", "--quiet", "--out", out, "--resume", cwd=work))

    probe("--resume with a truncated stats.json", truncated_run_file)
    probe("run --out an existing file", lambda: one_line_error(cli("run", SAMPLE, *one, "--out", a_file, cwd=work)))
    probe("run --out under a file", lambda: one_line_error(cli("run", SAMPLE, *one, "--out", a_file / "x", cwd=work)))
    probe(
        "run --out /proc (unwritable)", lambda: one_line_error(cli("run", SAMPLE, *one, "--out", "/proc/g", cwd=work))
    )
    probe(
        "batch --out an existing file", lambda: one_line_error(cli("batch", SAMPLE.parent, "--out", a_file, cwd=work))
    )
    checklist = record(work, "checklist", {"spec": "gavel", "case": "7", "items": {"judge_name": [{"value": "X"}]}})
    probe(
        "compare --html under a file",
        lambda: one_line_error(cli("compare", checklist, checklist, "--html", a_file / "r.html", "--quiet", cwd=work)),
    )
    probe(
        "compare --html to /proc (unwritable)",
        lambda: one_line_error(cli("compare", checklist, checklist, "--html", "/proc/g/r.html", "--quiet", cwd=work)),
    )

    def batch_exit() -> bool:
        inputs = work / "batch-in"
        shutil.copytree(SAMPLE, inputs / "good")
        (inputs / "case_bad.json").write_text("{oops")
        p = cli("batch", inputs, "--out", work / "batch-out", "--items", "judge_name", "--quiet", cwd=work)
        return p.returncode != 0 and "did not finish" in p.stderr

    probe("batch with a failed case exits non-zero", batch_exit)
    return results


def faults(work: Path) -> tuple[list[tuple[str, bool]], int]:
    """(fault, survived) for each injected fault, and the values lost across them."""
    results: list[tuple[str, bool]] = []
    lost = 0
    sys.path.insert(0, str(REPO))
    from gavel_agent import atomic

    ledger = work / "torn.jsonl"
    ledger.write_text('{"step": 1}\n{"step": 2, "to')
    atomic.append_line(ledger, '{"step": 3}')
    try:
        results.append(
            (
                "torn ledger line, then an append",
                [json.loads(x) for x in ledger.read_text().splitlines()] == [{"step": 1}, {"step": 3}],
            )
        )
    except json.JSONDecodeError:
        results.append(("torn ledger line, then an append", False))

    server = Server(echo_key_500)
    try:
        pred = record(work, "pred", {"spec": "gavel", "case": "7", "items": {"judge_name": [{"value": "Jane Roe"}]}})
        ref = record(work, "ref", {"spec": "gavel", "case": "7", "items": {"judge_name": [{"value": "J. Roe"}]}})
        env = {"OPENAI_API_KEY": FAKE_KEY, "OPENAI_BASE_URL": server.url}
        for name, args in (
            ("evaluate", ["evaluate", pred, "-r", ref, "--cache-dir", work / "c1"]),
            ("audit", ["audit", pred, "-r", ref, "--cache-dir", work / "c2", "--out", work / "au"]),
            ("compare", ["compare", pred, ref, "--reference", ref, "--quiet"]),
        ):
            judge = ["--judge-model" if name == "compare" else "--judge", "openai:gpt-4.1"]
            p = cli(*args, *judge, cwd=work, env=env)
            results.append(
                (
                    f"{name} --judge against a server answering 500 (key echoed)",
                    one_line_error(p) and FAKE_KEY not in p.stderr + p.stdout,
                )
            )
    finally:
        server.close()

    solo = work / "solo"
    cli("run", SAMPLE, "--items", "judge_name,filing_date", "--quiet", "--out", solo, cwd=work)
    inputs = work / "lossy-in"
    shutil.copytree(SAMPLE, inputs / "good")
    record(inputs, "case_broken", {"case_data": [], "documents": None})
    out = work / "lossy-out"
    p = cli("batch", inputs, "--out", out, "--items", "judge_name,filing_date", "--quiet", "--allow-failures", cwd=work)
    index = out / "index.jsonl"
    index.write_text(index.read_text() + '{"case": "torn')  # a crash mid-line, then a resume
    p2 = cli(
        "batch",
        inputs,
        "--out",
        out,
        "--items",
        "judge_name,filing_date",
        "--quiet",
        "--resume",
        "--allow-failures",
        cwd=work,
    )
    try:
        expected = sum(len(v) for v in json.loads((solo / "checklist.json").read_text())["items"].values())
        found = sum(len(v) for v in json.loads((out / "good" / "checklist.json").read_text())["items"].values())
        lost += max(0, expected - found)
    except (OSError, json.JSONDecodeError):
        lost += 1
    results.append(("batch with a broken record, a torn index line and --resume", clean(p) and clean(p2)))
    return results, lost


def worst_tool_call() -> float:
    sys.path.insert(0, str(REPO))
    from gavel_agent.case import Case, Document
    from gavel_agent.tools.search import SearchIndex

    worst = 0.0
    for n_docs, pattern in ((40, HOSTILE_REGEX), (60, HOSTILE_REGEX), (40, r"(a+)+b\1"), (40, r"(x+x+)+y")):
        index = SearchIndex(
            Case(name="redos", documents=[Document(name=f"d{i}", text="a" * 31 + "b") for i in range(n_docs)])
        )
        started = time.monotonic()
        try:
            index.regex(pattern, "", 5)
        except ValueError:
            pass
        worst = max(worst, time.monotonic() - started)
    return worst


def slowdown(work: Path) -> tuple[float, float]:
    """Wall time of four benign cases at concurrency 4, alone and beside one hostile case."""
    server = Server(scripted_model)
    try:

        def batch(name: str, hostile: bool) -> float:
            inputs = work / f"{name}-in"
            for i in range(4):
                case_copy(inputs, f"benign{i}")
            if hostile:
                folder = inputs / "hostile"
                folder.mkdir()
                for i in range(40):
                    (folder / f"d{i}.txt").write_text("a" * 31 + "b")
            started = time.monotonic()
            cli(
                "batch",
                inputs,
                "--out",
                work / f"{name}-out",
                "--model",
                "openai-compatible:scripted",
                "--base-url",
                server.url,
                "--concurrency",
                "4",
                "--items",
                "judge_name",
                "--max-steps",
                "5",
                "--quiet",
                "--allow-failures",
                cwd=work,
            )
            total = time.monotonic() - started
            entries = [json.loads(x) for x in (work / f"{name}-out" / "index.jsonl").read_text().splitlines()]
            benign = [e for e in entries if e["case"].startswith("benign")]
            return max([e["wall_time_s"] for e in benign] or [total])

        return batch("alone", False), batch("beside", True)
    finally:
        server.close()


def main() -> None:
    print(f"$ python bench/abuse.py {' '.join(sys.argv[1:])}".rstrip())
    work = Path(tempfile.mkdtemp(prefix="gavel-abuse-"))
    try:
        inputs = bad_inputs(work)
        for name, ok in inputs:
            print(f"  {'handled' if ok else 'NOT handled':<12} {name}")
        print(
            f"bad inputs tried / handled with a one-line error: {len(inputs)} / {sum(ok for _, ok in inputs)} "
            f"(goal: all)"
        )
        injected, lost = faults(work)
        for name, ok in injected:
            print(f"  {'survived' if ok else 'NOT survived':<12} {name}")
        print(f"faults injected / survived: {len(injected)} / {sum(ok for _, ok in injected)} (goal: all)")
        print(f"values lost: {lost} (goal: 0)")
        print(f"worst single tool call wall time: {worst_tool_call():.2f} s (goal <= 3 s)")
        if "--skip-slowdown" not in sys.argv:
            alone, beside = slowdown(work)
            print(
                f"concurrency-4 batch, slowest benign case: {alone:.2f} s alone, {beside:.2f} s beside one hostile "
                f"case: slowdown {beside / max(alone, 1e-9):.2f}x (goal <= 1.5x)"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
