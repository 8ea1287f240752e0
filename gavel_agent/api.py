"""The Python API: extract a checklist from a case, score checklists against a reference.

    import gavel_agent
    checklist = gavel_agent.extract("cases/riverside-jail", items="filing_date")
    report = gavel_agent.evaluate(checklist, reference="human.json")

``extract`` runs the same agent loop as ``gavel-agent run``. Without ``out`` the run
folder lives in a temporary directory that is removed afterwards, so nothing is
written; with ``out`` it is kept (and ``resume=True`` continues it). The sync
functions work in a plain script and in Jupyter: when an event loop is already
running in this thread they run their coroutine on a worker thread.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from gavel_agent.checklists import ChecklistSpec, load_spec
from gavel_agent.checklists.record import ChecklistFile

if TYPE_CHECKING:
    from gavel_agent.case import Case
    from gavel_agent.evaluators.checklist.score import Report
    from gavel_agent.loop import StepEvent

T = TypeVar("T")
Checklists = dict[str, dict[str, list[str]]]


class RunInterrupted(RuntimeError):
    """The run ended early (a model or API failure); ``checklist`` holds what was stored before."""

    def __init__(self, reason: str, checklist: ChecklistFile, run_dir: Path | None):
        hint = f"; continue with extract(..., out={str(run_dir)!r}, resume=True)" if run_dir else ""
        super().__init__(f"run interrupted ({reason}){hint}")
        self.checklist, self.run_dir = checklist, run_dir


def run_sync(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run a coroutine to completion from sync code, even inside a running event loop (Jupyter)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(make())
    with ThreadPoolExecutor(1, thread_name_prefix="gavel-agent") as worker:
        return worker.submit(lambda: asyncio.run(make())).result()


def _spec(spec: str | ChecklistSpec) -> ChecklistSpec:
    return spec if isinstance(spec, ChecklistSpec) else load_spec(spec)


def _case(case_or_path: str | Path | Case | None, text: str | None, name: str) -> Case:
    """The case to read: a path or a ``Case``, or ``text`` as a case of one document."""
    from gavel_agent.case import Case, Document, load_case

    if (case_or_path is None) == (text is None):
        raise ValueError("give a case (a folder, a record, a document or a Case) or text=..., not both")
    if text is not None:
        if not text.strip():
            raise ValueError("text= is empty")
        return Case(name=name, documents=[Document(name=name, text=text)])
    assert case_or_path is not None  # checked above: exactly one of the two was given
    return case_or_path if isinstance(case_or_path, Case) else load_case(case_or_path)


async def extract_async(
    case_or_path: str | Path | Case | None = None,
    items: str | list[str] = "all",
    spec: str | ChecklistSpec = "gavel",
    model: str | None = None,
    out: str | Path | None = None,
    *,
    text: str | None = None,
    name: str = "text",
    resume: bool = False,
    max_steps: int | None = None,
    base_url: str | None = None,
    verify: bool = False,
    on_step: Callable[[StepEvent], Any] | None = None,
    timeout: float | None = None,
    retries: int | None = None,
) -> ChecklistFile:
    """Extract a checklist from a case folder, a Clearinghouse record, a document, a ``Case`` or raw text.

    ``items``: ``all``, a group key, or item keys (a comma-separated string or a list).
    ``model``: ``offline`` (the default unless GAVEL_MODEL is set), ``openai:<m>``, ``anthropic:<m>`` ...
    ``out``: keep the run folder there (checklist.json, ledger.jsonl, stats.json); None writes nothing.
    ``text``: the text of one document to read instead of a case (``name`` names it and the case).
    ``resume``: continue the run kept in ``out``. ``max_steps``: most model calls (default 200).
    ``base_url``: the server of an ``openai-compatible:`` model.
    ``verify``: challenge every value after extraction, as ``gavel-agent run --verify``.
    ``on_step``: called with every tool call's ``StepEvent`` (for a progress display of your own).
    ``timeout``/``retries``: seconds to wait for each model reply and how often to retry one (default:
    GAVEL_TIMEOUT/GAVEL_RETRIES, else models.json's 120 s and 4).

    Raises ``ValueError`` for bad input (no such case, an unknown item, a run folder already used),
    ``gavel_agent.UserError`` for a bad model setting (an unknown model, a missing API key), and
    ``RunInterrupted`` when the run could not finish (it holds what was stored).
    """
    from gavel_agent.backends import resolve_model
    from gavel_agent.loop import DEFAULT_MAX_STEPS, AgentRun

    checklist_spec = _spec(spec)
    keys = checklist_spec.select(items)
    case = await asyncio.to_thread(_case, case_or_path, text, name)
    resolved = resolve_model(model, base_url, timeout, retries)
    if out is not None and not resume and (Path(out) / "stats.json").exists():
        raise ValueError(f"{out} already holds a run; pass resume=True to continue it or choose another out")
    with tempfile.TemporaryDirectory(prefix="gavel-agent-") as scratch:
        run_dir = Path(out) if out is not None else Path(scratch) / "run"
        agent_run = await asyncio.to_thread(
            AgentRun, case, checklist_spec, keys, resolved, run_dir, max_steps or DEFAULT_MAX_STEPS, on_step
        )
        outcome = await agent_run.run(resume=resume)
        checklist = outcome.checklist
        if verify and outcome.stats.status == "finished":
            checklist = await asyncio.to_thread(_verify, agent_run, base_url)
    if outcome.stats.status != "finished":
        raise RunInterrupted(outcome.stats.stop_reason, checklist, None if out is None else run_dir)
    return checklist


def _verify(agent_run, base_url: str | None) -> ChecklistFile:
    from gavel_agent.verification.roles import run_completer, verify_agent_run

    return verify_agent_run(agent_run, run_completer(agent_run.model, base_url)).checklist


def extract(
    case_or_path: str | Path | Case | None = None,
    items: str | list[str] = "all",
    spec: str | ChecklistSpec = "gavel",
    model: str | None = None,
    out: str | Path | None = None,
    *,
    text: str | None = None,
    name: str = "text",
    resume: bool = False,
    max_steps: int | None = None,
    base_url: str | None = None,
    verify: bool = False,
    on_step: Callable[[StepEvent], Any] | None = None,
) -> ChecklistFile:
    """``extract_async`` for sync code (scripts, notebooks without ``await``); the same arguments:

    checklist = gavel_agent.extract("cases/riverside-jail", items="filing_date")
    checklist = gavel_agent.extract(text=open("order.txt").read(), items="judge_name")
    """
    return run_sync(
        lambda: extract_async(
            case_or_path,
            items,
            spec,
            model,
            out,
            text=text,
            name=name,
            resume=resume,
            max_steps=max_steps,
            base_url=base_url,
            verify=verify,
            on_step=on_step,
        )
    )


def _as_checklists(source: Any, spec: ChecklistSpec, case: str | None, what: str) -> Checklists:
    """{case: {item: [values]}} from a ChecklistFile, a list of them, such a dict, or a file/folder/glob."""
    from gavel_agent.evaluators.checklist.readers import clean_values, read_checklists

    if isinstance(source, ChecklistFile):
        source = [source]
    if isinstance(source, list) and all(isinstance(c, ChecklistFile) for c in source):
        out: Checklists = {}
        for checklist in source:
            name = checklist.case or case
            if not name:
                raise ValueError(f"the {what} checklist names no case; pass case=...")
            out[name] = {spec.resolve(k): clean_values(checklist.values_of(k)) for k in checklist.items}
        return out
    if isinstance(source, dict):
        if all(isinstance(v, list) for v in source.values()):  # one case: {item: [values]}
            if not case:
                raise ValueError(f"a {what} given as {{item: [values]}} needs case=...")
            return {case: {spec.resolve(k): clean_values(v) for k, v in source.items()}}
        return {str(c): {spec.resolve(k): clean_values(v) for k, v in items.items()} for c, items in source.items()}
    if isinstance(source, (str, Path)):
        return read_checklists(source, spec, case_id=case)
    raise TypeError(f"cannot read a {what} from {type(source).__name__}")


def evaluate(
    predicted: Any,
    reference: Any,
    spec: str | ChecklistSpec = "gavel",
    judge: str = "offline",
    case: str | None = None,
    items: str | list[str] | None = None,
) -> Report:
    """S_checklist of predicted checklists against reference ones (0-100 per item, per case, overall).

    ``predicted`` and ``reference``: a ``ChecklistFile`` (what ``extract`` returns), a list of them,
    ``{item: [values]}`` (with ``case=``), ``{case: {item: [values]}}``, or a path to any format
    ``gavel-agent evaluate`` reads (checklist.json, GAVEL human.json, a Clearinghouse record, a folder).
    ``judge``: ``offline`` (no model calls) or a model such as ``openai:gpt-4.1``.
    ``items``: the items to score (``all``, a group key, or item keys); by default, the items each run
    was asked for (a ``ChecklistFile`` lists them all, found or not); ``report.left_out_items`` names
    the others.
    Nothing is written; ``report.model_dump_json()`` gives the JSON ``gavel-agent evaluate --out`` writes.
    """
    from gavel_agent.evaluators.checklist.readers import coded_items_only, codes_some_items, scored_items
    from gavel_agent.evaluators.checklist.score import score_cases

    checklist_spec = _spec(spec)
    preds = _as_checklists(predicted, checklist_spec, case, "predicted")
    refs = _as_checklists(
        reference, checklist_spec, case or (next(iter(preds)) if len(preds) == 1 else None), "reference"
    )
    if isinstance(reference, (str, Path)) and codes_some_items(reference):
        preds = coded_items_only(preds, refs)
    if case:
        preds = {c: v for c, v in preds.items() if c == case}
    if not set(preds) & set(refs):
        raise ValueError(
            f"no case is in both the predictions ({', '.join(sorted(preds)[:5])}) "
            f"and the reference ({', '.join(sorted(refs)[:5])})"
        )
    chosen = checklist_spec.select(items) if items is not None else None
    preds, refs, left_out = scored_items(preds, refs, _asked_items(predicted, checklist_spec, case), chosen)
    report = score_cases(preds, refs, make_judge(judge, checklist_spec))
    report.left_out_items = left_out
    return report


def _asked_items(predicted: Any, spec: ChecklistSpec, case: str | None) -> Checklists:
    """The items each predicted run was asked for: every key of a ``ChecklistFile``, or of a run's
    checklist.json on disk; other inputs name no selection (all their items are scored)."""
    from gavel_agent.evaluators.checklist.readers import read_asked_items

    if isinstance(predicted, ChecklistFile):
        predicted = [predicted]
    if isinstance(predicted, list) and all(isinstance(c, ChecklistFile) for c in predicted):
        return {(c.case or case or ""): {key: [] for key in map(spec.try_resolve, c.items) if key} for c in predicted}
    if isinstance(predicted, (str, Path)):
        return read_asked_items(predicted, spec, case)
    return {}


async def evaluate_async(
    predicted: Any,
    reference: Any,
    spec: str | ChecklistSpec = "gavel",
    judge: str = "offline",
    case: str | None = None,
    items: str | list[str] | None = None,
) -> Report:
    """``evaluate`` off the event loop (an LLM judge waits on the network)."""
    return await asyncio.to_thread(evaluate, predicted, reference, spec, judge, case, items)


def report(
    checklist: ChecklistFile | str | Path, case: str | Path | Case | None = None, out: str | Path | None = None
) -> str:
    """One self-contained HTML page showing every value with its quote marked in the text around it.

    ``checklist``: a ``ChecklistFile`` (what ``extract`` returns) or a run folder. ``case``: the case
    (folder, record or ``Case``) whose documents give the text around each quote; a run folder names its
    own. ``out``: also write the page to this file. Returns the page's HTML.
    """
    from gavel_agent.atomic import write_text
    from gavel_agent.run_report import RunReport, read_run, render, with_case

    if isinstance(checklist, ChecklistFile):
        page = RunReport(checklist)
        with_case(page, case)
    else:
        page = read_run(checklist, case)
    html = render(page)
    if out is not None:
        write_text(out, html)
    return html


def make_judge(name: str, spec: ChecklistSpec | None = None, cache_dir: Path | None = None):
    """The checklist judge for a ``--judge`` string: ``offline`` or a model (its replies cached in cache_dir)."""
    if name == "offline":
        from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge

        return OfflineJudge()
    from gavel_agent.backends.completer import make_completer  # the model stack loads only when asked for
    from gavel_agent.evaluators.checklist.judges.llm import LLMJudge

    return LLMJudge(make_completer(name), name=name, spec=spec, cache_dir=cache_dir)
