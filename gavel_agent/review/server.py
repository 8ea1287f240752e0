"""The review workbench's web app (Starlette, Jinja2 templates, one small script; no build step).

Pages: the case list (/), one run's values beside its documents (/run/<id>), two runs of a case side
by side (/compare/<a>/<b>), and exports (/export.json, /export.csv). Decisions are JSON posts to
/api/...; a post from another origin is refused, the app is meant to be bound to 127.0.0.1.
Document text only ever reaches the page as JSON data or escaped template text; the script puts it
into the page with textContent.
"""

from __future__ import annotations

import getpass
import json
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ALIGNMENT_ORDER, REJECT_REASONS, ChecklistFile
from gavel_agent.review import export
from gavel_agent.review.comparing import SIDES, Comparison
from gavel_agent.review.decisions import DecisionError, RunReview
from gavel_agent.review.guard import AllowedHosts, bounded_body, same_origin
from gavel_agent.review.runs import ReviewError, Run, Runs
from gavel_agent.review.selection import SelectionError, selected_value

STATIC = Path(__file__).parent / "static"
LIST_STATUSES = ("all", "to review", "reviewed", "has empty items")


@dataclass(frozen=True)
class RunSummary:
    run: Run
    items: int
    filled: int
    empty: int
    reviewed_items: int
    values: int
    left: int  # values without a decision
    statuses: frozenset[str]  # alignment statuses of the run's quotes
    left_items: tuple[str, ...]  # items with values left to review


def summarize(run: Run, checklist: ChecklistFile, item: str | None = None) -> RunSummary:
    items = {k: v for k, v in checklist.items.items() if item in (None, k)}
    left_items = tuple(k for k, values in items.items() if any(v.review is None for v in values))
    return RunSummary(
        run=run,
        items=len(items),
        filled=sum(1 for v in items.values() if v),
        empty=sum(1 for v in items.values() if not v),
        reviewed_items=sum(1 for v in items.values() if v and all(x.review for x in v)),
        values=sum(len(v) for v in items.values()),
        left=sum(1 for values in items.values() for v in values if v.review is None),
        statuses=frozenset(e.status for values in items.values() for v in values for e in v.evidence),
        left_items=left_items,
    )


class Workbench:
    """The runs under review, their decisions and comparisons; one per server."""

    def __init__(self, runs: Runs, reviewer: str):
        self.runs = runs
        self.reviewer = reviewer
        self._reviews = {run.id: RunReview(run.dir) for run in runs}
        self._checklists: dict[str, tuple[tuple, ChecklistFile]] = {}

    def run(self, run_id: str) -> Run:
        run = self.runs.get(run_id)
        if run is None:
            raise HTTPException(404, f"no run {run_id!r}")
        return run

    def review(self, run: Run) -> RunReview:
        return self._reviews[run.id]

    def checklist(self, run: Run) -> ChecklistFile:
        """The run's checklist as reviewed, read again only when its files changed."""
        review = self._reviews[run.id]
        stamp = tuple(f.stat().st_mtime_ns if f.is_file() else 0 for f in (review.agent_file, review.reviewed_file))
        cached = self._checklists.get(run.id)
        if cached is None or cached[0] != stamp:
            cached = (stamp, review.checklist())
            self._checklists[run.id] = cached
        return cached[1]

    def comparison(self, a: Run, b: Run) -> Comparison:
        if a.case != b.case or a.id == b.id:
            raise HTTPException(404, "compare two different runs of one case")
        return Comparison.under(a.root, a.case, a.id, b.id, a.dir, b.dir)


def run_state(bench: Workbench, run: Run) -> dict:
    """What the case view script needs: items with values, documents, where to resume."""
    checklist = bench.checklist(run)
    spec = load_spec(checklist.spec)
    names = {i.key: i.name for i in spec.items}
    position = bench.review(run).resume_position(checklist)
    try:
        documents = [{"name": d.name, "title": d.title} for d in bench.runs.case_of(run).documents]
    except ReviewError:
        documents = []
    return {
        "run": run.id,
        "case": checklist.case,
        "spec": checklist.spec,
        "reviewer": bench.reviewer,
        "items": [
            {
                "key": k,
                "name": names.get(k, k),
                "values": [v.model_dump(mode="json") for v in values],
                "none_in_record": (settled := checklist.none_in_record(k)) and settled.model_dump(mode="json"),
            }
            for k, values in checklist.items.items()
        ],
        "documents": documents,
        "resume": position and {"item": position.item, "value_index": position.value_index},
        "reasons": list(REJECT_REASONS),
    }


async def _json_body(request: Request) -> dict:
    if not same_origin(request):
        raise HTTPException(403, "decisions are taken only from the workbench's own pages")
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise HTTPException(415, "send decisions as application/json")
    try:
        body = json.loads(await bounded_body(request))
    except (ValueError, RecursionError):
        raise HTTPException(400, "not JSON") from None
    if not isinstance(body, dict):
        raise HTTPException(400, "expected a JSON object")
    return body


def _not_saved(folder, error: OSError) -> JSONResponse:
    """A decision that could not be written (a read-only or full run folder): said in the page, not a 500."""
    return JSONResponse(
        {
            "error": f"not saved: cannot write in {folder} ({error.strerror or type(error).__name__}); "
            "make the folder writable (or copy the runs somewhere writable) and decide again"
        },
        status_code=409,
    )


def _int_or_none(value) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise HTTPException(400, "value_index must be an integer")
    return value


def create_app(runs: Runs, reviewer: str | None = None, hosts: list[str] | None = None) -> Starlette:
    """The workbench app; with ``hosts``, requests naming any other host are refused (a page on another
    site that rebinds its name to 127.0.0.1 cannot read the documents)."""
    bench = Workbench(runs, reviewer or getpass.getuser())
    templates = Environment(
        loader=PackageLoader("gavel_agent.review", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )

    def page(name: str, **context) -> HTMLResponse:
        return HTMLResponse(templates.get_template(name).render(reviewer=bench.reviewer, **context))

    def case_list(request: Request) -> HTMLResponse:
        item = request.query_params.get("item") or None
        status = request.query_params.get("status") or "all"
        alignment = request.query_params.get("alignment") or None
        rows = [summarize(run, bench.checklist(run), item) for run in bench.runs]
        if status == "to review":
            rows = [r for r in rows if r.left]
        elif status == "reviewed":
            rows = [r for r in rows if not r.left]
        elif status == "has empty items":
            rows = [r for r in rows if r.empty]
        if alignment:
            rows = [r for r in rows if alignment in r.statuses]
        by_case = bench.runs.by_case()
        pairs = {case: [(a, b) for i, a in enumerate(rs) for b in rs[i + 1 :]] for case, rs in by_case.items()}
        keys = list(dict.fromkeys(k for run in bench.runs for k in run.stats.items))
        return page(
            "cases.html",
            rows=rows,
            item=item,
            status=status,
            alignment=alignment,
            keys=keys,
            statuses=LIST_STATUSES,
            alignments=ALIGNMENT_ORDER,
            pairs=pairs,
            total=len(bench.runs),
        )

    def case_view(request: Request) -> HTMLResponse:
        run = bench.run(request.path_params["run"])
        others = [r for r in bench.runs.by_case()[run.case] if r.id != run.id]
        return page("case.html", run=run, state=run_state(bench, run), others=others)

    def run_json(request: Request) -> JSONResponse:
        return JSONResponse(run_state(bench, bench.run(request.path_params["run"])))

    def document(request: Request) -> JSONResponse:
        run = bench.run(request.path_params["run"])
        try:
            case = bench.runs.case_of(run)
        except ReviewError as e:
            raise HTTPException(404, str(e)) from None
        name = request.path_params["name"]
        doc = next((d for d in case.documents if d.name == name), None)  # exact names only
        if doc is None:
            raise HTTPException(404, f"no document {name!r} in case {case.name!r}")
        return JSONResponse({"name": doc.name, "title": doc.title, "text": doc.text, "pages": doc.pages()})

    async def decide(request: Request) -> JSONResponse:
        run = bench.run(request.path_params["run"])
        body = await _json_body(request)
        action = str(body.get("action", ""))
        try:
            value = None
            if action in ("add", "not_applicable"):
                sel = body.get("selection") or {}
                value = selected_value(
                    bench.runs.case_of(run),
                    bench.checklist(run).spec,
                    str(body.get("text") or ""),
                    str(sel.get("document", "")),
                    int(sel.get("start", -1)),
                    int(sel.get("end", -1)),
                    str(sel.get("text", "")),
                )
            bench.review(run).decide(
                bench.reviewer,
                action,
                str(body.get("item", "")),
                _int_or_none(body.get("value_index")),
                body.get("reason"),
                body.get("text"),
                value,
            )
        except (DecisionError, SelectionError, ReviewError) as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        except (TypeError, ValueError):
            return JSONResponse({"error": "selection offsets must be integers"}, status_code=400)
        except OSError as e:
            return _not_saved(run.dir, e)
        return JSONResponse(run_state(bench, run))

    def compare_state(comparison: Comparison, a: Run, b: Run) -> dict:
        checklists = comparison.checklists()
        spec = load_spec(checklists["A"].spec)
        names = {i.key: i.name for i in spec.items}
        keys = list(dict.fromkeys([*checklists["A"].items, *checklists["B"].items]))
        agreement = comparison.agreement()
        return {
            "a": a.id,
            "b": b.id,
            "labels": {"A": a.label, "B": b.label},
            "case": a.case,
            "reference": str(comparison.reference_file),
            "choices": {
                k: {s: {str(i): r for i, r in m[s].items()} for s in SIDES} for k, m in comparison.choices().items()
            },
            "items": [
                {
                    "key": k,
                    "name": names.get(k, k),
                    "A": [v.model_dump(mode="json") for v in checklists["A"].items.get(k, [])],
                    "B": [v.model_dump(mode="json") for v in checklists["B"].items.get(k, [])],
                }
                for k in keys
            ],
            "agreement": {
                s: {
                    "matched": g.matched,
                    "values": g.values,
                    "reference": g.reference,
                    "precision": g.precision,
                    "recall": g.recall,
                }
                for s, g in agreement.items()
            },
        }

    def compare_page(request: Request) -> HTMLResponse:
        a, b = bench.run(request.path_params["a"]), bench.run(request.path_params["b"])
        comparison = bench.comparison(a, b)
        return page("compare.html", a=a, b=b, state=compare_state(comparison, a, b))

    async def choose(request: Request) -> JSONResponse:
        a, b = bench.run(request.path_params["a"]), bench.run(request.path_params["b"])
        comparison = bench.comparison(a, b)
        body = await _json_body(request)
        try:
            comparison.choose(
                bench.reviewer,
                str(body.get("item", "")),
                str(body.get("side", "")),
                _int_or_none(body.get("value_index")),
                bool(body.get("right", True)),
            )
        except DecisionError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        except OSError as e:
            return _not_saved(comparison.reference_file.parent, e)
        return JSONResponse(compare_state(comparison, a, b))

    def export_json(request: Request) -> JSONResponse:
        return JSONResponse(
            export.as_json(bench.runs), headers={"Content-Disposition": 'attachment; filename="reviewed.json"'}
        )

    def export_csv(request: Request) -> Response:
        return PlainTextResponse(
            export.as_csv(bench.runs),
            media_type="text/csv",
            headers={"Content-Disposition": 'attachment; filename="reviewed.csv"'},
        )

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)  # registered for HTTPException only
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": exc.detail}, status_code=exc.status_code)
        return PlainTextResponse(str(exc.detail), status_code=exc.status_code)

    routes = [
        Route("/", case_list),
        Route("/run/{run}", case_view),
        Route("/compare/{a}/{b}", compare_page),
        Route("/export.json", export_json),
        Route("/export.csv", export_csv),
        Route("/api/run/{run}", run_json),
        Route("/api/run/{run}/document/{name}", document),
        Route("/api/run/{run}/decide", decide, methods=["POST"]),
        Route("/api/compare/{a}/{b}/choose", choose, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC)),
    ]
    middleware = [Middleware(AllowedHosts, hosts=hosts)] if hosts else []
    app = Starlette(routes=routes, middleware=middleware, exception_handlers={HTTPException: http_error})
    app.state.workbench = bench
    return app


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket listening on host:port (port 0: a free one), bound before the server starts so the URL
    printed is the one served. Raises OSError when the address cannot be bound."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


class BackgroundServer:
    """The app served on 127.0.0.1 from a thread (for scripts and tests that drive it with a browser)."""

    def __init__(self, app: Starlette, port: int = 0):
        import uvicorn

        self._sock = listening_socket("127.0.0.1", port)
        self.url = f"http://127.0.0.1:{self._sock.getsockname()[1]}"
        # log_config=None: uvicorn's own logging set-up (dictConfig) would close every logging handler
        # of the host process, a test runner's included.
        self._server = uvicorn.Server(uvicorn.Config(app, log_config=None, log_level="warning"))
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [self._sock]}, daemon=True)

    def __enter__(self) -> BackgroundServer:
        self._thread.start()
        while not self._server.started:
            if not self._thread.is_alive():
                raise RuntimeError("the review server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=10)
        self._sock.close()
