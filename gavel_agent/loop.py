"""The one agent loop, on the openai-agents SDK, for every model backend.

The SDK runs the model/tool cycle; this module supplies the tools, bounds the
context of every model call, applies the two-stage stopping rule, and keeps
the run folder (checklist, ledger, stats, conversation) current after each step.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from agents import Agent, FunctionTool, RunConfig, RunHooks, Runner, ToolsToFinalOutputResult
from agents.exceptions import MaxTurnsExceeded
from agents.run_config import CallModelData, ModelInputData

from gavel_agent import prompts, reading_guide, tokens
from gavel_agent.backends import ResolvedModel
from gavel_agent.backends.keys import redact
from gavel_agent.case import Case, case_source
from gavel_agent.case_identity import CaseIdentity, case_identity
from gavel_agent.checklists import ChecklistSpec
from gavel_agent.context import History, fit_newest, item_tokens, result_cap, text_tokens
from gavel_agent.model_errors import describe_model_error
from gavel_agent.output_limit import cut_off_call, dropped_reply_nudge
from gavel_agent.reply_writes import WRITE_TOOLS, ReplyWrites
from gavel_agent.review_findings import findings
from gavel_agent.run_folder import RunFiles, RunStats, StepStats
from gavel_agent.run_recovery import restore_checklist
from gavel_agent.run_task import RunTask, TaskReader
from gavel_agent.tools import calls, schemas
from gavel_agent.tools.workspace import Workspace

DEFAULT_MAX_STEPS = 200
MAX_MALFORMED_IN_A_ROW = 3
RANGES_SHOWN = 5  # token ranges listed per document in the snapshot
CASE_NUMBER_LINE = "Its own docket number: "
# A reply without a tool call: the first in a row is answered with this, the next counts as a stop.
TOOL_CALL_NUDGE = (
    "Reply with a tool call: read or search for what is still missing, record values with "
    "append_checklist, or call stop when you are finished."
)
CUT_OFF_NUDGE = (
    "Your reply was cut off at the output limit before it made a tool call. Think more briefly and "
    "reply with a tool call."
)


@dataclass
class StepEvent:
    """What the live trace shows for one tool call."""

    step: int
    tool: str
    arguments: dict[str, Any] | str
    summary: str
    ok: bool
    filled: int
    total: int
    prompt_tokens: int


@dataclass
class RunOutcome:
    stats: RunStats
    checklist: Any
    run_dir: Path


def _field(item, name: str):
    return item.get(name) if isinstance(item, dict) else getattr(item, name, None)


def _as_dict(item) -> dict:
    return item if isinstance(item, dict) else item.model_dump(exclude_unset=True, mode="json")


class ResumeMismatch(ValueError):
    """--resume of a run folder that holds another case, spec or item selection."""


def _item_list(keys: list[str]) -> str:
    keys = sorted(keys)
    return ",".join(keys) if len(keys) <= 4 else f"{len(keys)} items ({','.join(keys[:3])},...)"


@dataclass
class AgentRun:
    case: Case
    spec: ChecklistSpec
    item_keys: list[str]
    model: ResolvedModel
    run_dir: Path
    max_steps: int = DEFAULT_MAX_STEPS
    on_event: Callable[[StepEvent], None] | None = None
    trace: bool = False
    # Seconds spent reading the case's files (OCR included) and indexing them before the run: part of
    # the run's wall time, which the caller that loaded the case measured.
    loading_s: float = 0.0
    files: RunFiles = field(init=False)
    ws: Workspace = field(init=False)
    stats: RunStats = field(init=False)

    def __post_init__(self) -> None:
        self.files = RunFiles(self.run_dir)
        self.ws = Workspace.open(self.case, self.spec, self.item_keys)
        self.stats = RunStats(
            case=self.case.name,
            spec=self.spec.name,
            items=self.item_keys,
            model=self.model.label,
            provider=self.model.provider,
            redacted_documents=self.case.redacted_documents,
            document_warnings=self.case.warnings,
            source=case_source(self.case),
        )
        self._tool_specs = {t.name: t for t in calls.tool_specs()}
        self._schemas = {
            name: schemas.tool_schema(t.args, self.item_keys, strict=self.model.agent.strict_tools)
            for name, t in self._tool_specs.items()
        }
        self._summaries: dict[str, str] = {}  # call id -> what the call did
        self._history = History(self.model.agent.history_tokens)
        self.stats.history_tokens = self._history.budget
        self.ws.result_tokens = result_cap(self._history.budget)
        # A model that reads tool results as data (the offline rules) gets each one handed over.
        self._result_reader = self.model.model if isinstance(self.model.model, calls.ResultReader) else None
        self._malformed_in_a_row = 0
        self._text_replies_in_row = 0
        self._finished = False
        self._reply_writes = ReplyWrites()
        self._instructions = prompts.load("agent_system")
        self._tool_schema_tokens = tokens.count(
            json.dumps(
                [
                    {"name": name, "description": t.description, "parameters": self._schemas[name]}
                    for name, t in self._tool_specs.items()
                ]
            )
        )

    # -- the task and the snapshot --------------------------------------------
    @cached_property
    def identity(self) -> CaseIdentity:
        """The case's court and docket number as its papers state them (the run's identity.json)."""
        return case_identity(self.case)

    def task_message(self) -> str:
        lines = [self.spec.item(k).prompt_text() for k in self.item_keys]
        # The case's own number, known before any read: another case's number is a related case, this
        # one is not, and a model cannot tell them apart from one paper that cites both.
        number = self.identity.docket_number
        court = f" ({self.identity.court.value})" if self.identity.court else ""
        return prompts.load("agent_task").format(
            spec_name=self.spec.name,
            case_title=self.case.title,
            document_count=len(self.case.documents),
            token_count=self.case.token_count,
            case_number=f"\n{CASE_NUMBER_LINE}{number.value}{court}." if number else "",
            item_definitions="\n".join(lines),
        )

    def run_task(self) -> RunTask:
        """The task message's content as data, for a model that reads it so (the offline model)."""
        number = self.identity.docket_number
        empty = set(self.ws.checklist.empty_items())
        return RunTask(self.spec, tuple(k for k in self.item_keys if k in empty), number.value if number else None)

    def snapshot(self) -> str:
        """The run's state, sent after the history at every step (and never kept in it)."""
        lines = [
            f"State after step {self.stats.steps - 1} of at most {self.max_steps}.",
            "Token ranges read (do not read them again, except to quote for a refused value):",
        ]
        for doc in self.case.documents:
            spans = self.ws.reads.spans.get(doc.name)
            if spans:
                shown = ", ".join(f"{s}-{e}" for s, e in spans[:RANGES_SHOWN])
                more = f" (+{len(spans) - RANGES_SHOWN} more)" if len(spans) > RANGES_SHOWN else ""
                lines.append(f"- {doc.name} ({doc.token_count} tokens): {shown}{more}")
        if len(lines) == 2:
            lines[1] = "Nothing read yet."
        filled = [f"{k} ({len(v)})" for k, v in self.ws.checklist.items.items() if v]
        empty = self.ws.checklist.open_items()
        lines += [f"Filled items: {', '.join(filled) or 'none'}", f"Empty items: {', '.join(empty) or 'none'}"]
        if self.ws.checklist.settled:
            lines.append(f"Settled as none in the record: {', '.join(self.ws.checklist.settled)}")
        read = {doc.name: self.ws.reads.tokens_read(doc.name) for doc in self.case.documents}
        held = {k for k, v in self.ws.checklist.items.items() if v}
        growing = [k for k in held if self.ws.checklist.spec.item(k).shape == "list"]
        guide = reading_guide.unread_lines(self.case, read, reading_guide.answerable(empty, held), growing)
        return "\n".join(lines + guide)

    def review_message(self) -> str:
        found = findings(self.ws.checklist)
        return prompts.load("agent_review").format(
            findings="\n".join(f"- {f}" for f in found) or "- none", checklist=calls.render_checklist(self.ws)
        )

    # -- SDK plumbing -----------------------------------------------------------
    def _bound(self, data: CallModelData) -> ModelInputData:
        self.stats.steps += 1
        items = [_as_dict(i) for i in data.model_data.input]
        self.files.write_conversation(items)
        kept = fit_newest(self._history.view(items, self._summaries), self._history.budget)
        kept.append({"role": "user", "content": self.snapshot()})
        instructions = data.model_data.instructions or ""
        assembled = self._tool_schema_tokens + text_tokens(instructions) + sum(item_tokens(i) for i in kept)
        self.stats.per_step.append(StepStats(step=self.stats.steps, prompt_tokens=assembled))
        self.stats.prompt_tokens += assembled
        self._save_stats()
        return ModelInputData(input=kept, instructions=instructions)

    def _function_tool(self, spec: calls.ToolSpec) -> FunctionTool:
        async def invoke(ctx, raw_arguments: str) -> str:
            if spec.name == "stop":  # a stop is judged after the writes of its own reply
                await self._reply_writes.wait()
            result = self._call(spec, raw_arguments, ctx.tool_call_id)
            self._summaries[ctx.tool_call_id] = result.summary
            if self._result_reader:
                self._result_reader.read_result(ctx.tool_call_id, result)
            return result.text

        return FunctionTool(
            name=spec.name,
            description=spec.description,
            params_json_schema=self._schemas[spec.name],
            on_invoke_tool=invoke,
            strict_json_schema=self.model.agent.strict_tools,
        )

    def _call(self, spec: calls.ToolSpec, raw_arguments: str, call_id: str | None = None) -> calls.ToolResult:
        """Run one tool call; its result carries the text for the model, a one-line summary and data.
        A call the model's output limit cut short is refused whole (gavel_agent/output_limit.py)."""
        self._text_replies_in_row = 0
        raw_arguments = redact(raw_arguments)  # a key echoed by a server is never stored, logged or shown
        result = cut_off_call(self.model, call_id)
        if result is not None:
            self._cut_off()  # marks the step
            self._reply_writes.ran(spec.name, False, result.summary)  # a stop of the same reply waits for it
            self._record(spec.name, raw_arguments, result)
            return result
        result = calls.invoke(self.ws, spec, raw_arguments)
        malformed = result.summary in ("malformed arguments", "invalid arguments")
        self._malformed_in_a_row = self._malformed_in_a_row + 1 if malformed else 0
        self.stats.malformed_calls += malformed
        self._reply_writes.ran(spec.name, result.ok, result.summary)
        if spec.name == "stop" and not malformed:
            refused = self._reply_writes.refusal()
            if refused:
                result = calls.ToolResult(refused, "stop refused: writes of the same reply failed", ok=False)
            else:
                result = self._stop_attempt("stop tool")
                applied = self._reply_writes.applied()
                result.text = f"{applied}\n{result.text}" if applied else result.text
        elif self._malformed_in_a_row > MAX_MALFORMED_IN_A_ROW:
            self._finish("interrupted", f"{self._malformed_in_a_row} malformed tool calls in a row")
        self._record(spec.name, raw_arguments, result)
        return result

    def _stop_attempt(self, how: str) -> calls.ToolResult:
        self.stats.stop_attempts += 1
        if self.stats.stop_attempts == 1:
            return calls.ToolResult(self.review_message(), "first stop: checklist shown for review")
        self._finish("finished", f"stopped by the model ({how}, attempt {self.stats.stop_attempts})")
        return calls.ToolResult("The run has ended.", "second stop: run ended")

    def _cut_off(self) -> bool:
        cut = bool(getattr(self.model.model, "cut_off", False))
        if cut and self.stats.per_step:
            self.stats.per_step[-1].cut_off = True
        return cut

    def _nudge(self, text: str, reason: str) -> dict:
        self.files.log({"step": self.stats.steps, "event": "nudge", "reason": reason, "time": round(time.time(), 3)})
        return {"role": "user", "content": text}

    def _answer_text_reply(self) -> dict:
        """The user turn after a reply without a tool call.

        A reply cut off at the output limit, or the first plain reply in a row, is asked for a tool
        call (models served locally often answer in prose once); a second plain reply is a stop.
        """
        if self._cut_off():
            return self._nudge(CUT_OFF_NUDGE, "reply cut off")
        self._text_replies_in_row += 1
        if self._text_replies_in_row == 1:
            return self._nudge(TOOL_CALL_NUDGE, "reply without a tool call")
        reply = self._stop_attempt("reply without a tool call")
        self._record("stop", "{}", reply)
        return {"role": "user", "content": reply.text}

    def _finish(self, status: str, reason: str) -> None:
        self._finished = True
        self.stats.status, self.stats.stop_reason = status, reason

    def _record(self, tool: str, raw_arguments: str, result: calls.ToolResult) -> None:
        try:
            arguments: Any = json.loads(raw_arguments or "{}")
        except ValueError:
            arguments = raw_arguments
        self.stats.tool_counts[tool] = self.stats.tool_counts.get(tool, 0) + 1
        self.stats.tool_errors += not result.ok
        if self.stats.per_step:
            self.stats.per_step[-1].tool_calls += 1
        self.files.log(
            {
                "step": self.stats.steps,
                "tool": tool,
                "arguments": arguments,
                "ok": result.ok,
                "summary": result.summary,
                "time": round(time.time(), 3),
            }
        )
        if tool in WRITE_TOOLS:
            self.files.write_checklist(self.ws.checklist.to_file())
        if self.on_event:
            filled = len(self.item_keys) - len(self.ws.checklist.empty_items())
            self.on_event(
                StepEvent(
                    self.stats.steps,
                    tool,
                    arguments,
                    result.summary,
                    result.ok,
                    filled,
                    len(self.item_keys),
                    self.stats.prompt_tokens,
                )
            )

    def _decide_final(self, _ctx, _results) -> ToolsToFinalOutputResult:
        return ToolsToFinalOutputResult(is_final_output=self._finished, final_output=self.stats.stop_reason or None)

    def _save_stats(self) -> None:
        self.stats.coverage = self.ws.coverage()
        self.stats.read_spans = self.ws.reads.spans
        self.stats.filled_items = len(self.item_keys) - len(self.ws.checklist.empty_items())
        self.stats.settled_none = len(self.ws.checklist.settled)
        self.stats.values = sum(len(v) for v in self.ws.checklist.items.values())
        self.files.write_stats(self.stats)

    def _usage_hooks(self) -> RunHooks:
        run = self

        class UsageHooks(RunHooks):
            async def on_llm_end(self, context, agent, response) -> None:
                run._count_usage(response)

        return UsageHooks()

    def _count_usage(self, response) -> None:
        usage = response.usage
        step = self.stats.per_step[-1]
        step.input_tokens = usage.input_tokens
        step.cached_input_tokens = getattr(usage.input_tokens_details, "cached_tokens", 0) or 0
        step.cache_write_tokens = getattr(usage.input_tokens_details, "cache_write_tokens", 0) or 0
        step.output_tokens = usage.output_tokens
        step.reasoning_tokens = getattr(usage.output_tokens_details, "reasoning_tokens", 0) or 0
        if self.model.prices is not None:
            # Anthropic bills prompt-cache writes above the plain input rate.
            step.cost_usd = self.model.prices.cost(
                step.input_tokens, step.cached_input_tokens, step.output_tokens, step.cache_write_tokens
            )
        self.stats.input_tokens += step.input_tokens
        self.stats.cached_input_tokens += step.cached_input_tokens
        self.stats.cache_write_tokens += step.cache_write_tokens
        self.stats.output_tokens += step.output_tokens
        self.stats.reasoning_tokens += step.reasoning_tokens
        self.stats.cost_usd += step.cost_usd
        self._reply_writes.new_reply(_field(o, "name") for o in response.output if _field(o, "type") == "function_call")
        self.ws.removals.new_reply()  # a refused write names only what its own reply removed
        unknown = [
            _field(o, "name")
            for o in response.output
            if _field(o, "type") == "function_call" and _field(o, "name") not in self._tool_specs
        ]
        if unknown:
            self.stats.malformed_calls += len(unknown)
            self._malformed_in_a_row += len(unknown)

    # -- running ------------------------------------------------------------------
    def check_resumable(self) -> None:
        """A saved run continues only as the same case, spec and items: anything else would mix in or drop values."""
        if not self.files.exists():
            return
        saved = self.files.read_stats()
        for what, was, now in (
            ("case", saved.case, self.case.name),
            ("spec", saved.spec, self.spec.name),
            ("items", _item_list(saved.items), _item_list(self.item_keys)),
        ):
            if was != now:
                raise ResumeMismatch(
                    f"{self.run_dir} holds a run of {what} {was}, not {now}; resume it with the same "
                    "case, --spec and --items, or choose another --out"
                )

    def _restore(self) -> list[dict] | None:
        """Load a stopped run's state; None when there is nothing to resume."""
        if not self.files.exists():
            return None
        saved = self.files.read_stats()
        self.stats = saved.model_copy(
            update={"status": "running", "stop_reason": "", "history_tokens": self._history.budget}
        )
        self.ws.reads.spans = {doc: list(spans) for doc, spans in saved.read_spans.items()}
        self.ws.searches = self.files.searches()  # before the checklist: replaying a settlement cites them
        self._restore_checklist()
        conversation = self.files.read_conversation()
        if not conversation:
            return None
        return conversation + [
            {"role": "user", "content": "The run was interrupted and has been resumed. Continue where you left off."}
        ]

    def _restore_checklist(self) -> None:
        """The saved values, re-verified; rebuilt from the ledger when checklist.json is damaged (logged)."""
        rebuilt = restore_checklist(self.files, self.ws)
        if rebuilt:
            self.files.log({"step": self.stats.steps, "event": "checklist rebuilt", "reason": rebuilt})

    async def run(self, resume: bool = False) -> RunOutcome:
        started = time.monotonic() - self.loading_s
        previous_wall = 0.0
        conversation = None
        if resume and self.files.exists():
            self.check_resumable()
            if self.files.read_stats().status == "finished":
                self.stats = self.files.read_stats()
                self._restore_checklist()
                self.files.write_checklist(self.ws.checklist.to_file())  # as re-verified
                return RunOutcome(self.stats, self.ws.checklist.to_file(), self.run_dir)
            conversation = self._restore()
            previous_wall = self.stats.wall_time_s
        elif self.files.exists():
            raise FileExistsError(
                f"{self.run_dir} already holds a run; use --resume to continue it or choose another --out"
            )
        self.files.dir.mkdir(parents=True, exist_ok=True)
        self.files.write_checklist(self.ws.checklist.to_file())
        # No checklist item asks which case this is; the court and docket number come with the run.
        self.files.write_identity(self.identity)
        if isinstance(self.model.model, TaskReader):
            self.model.model.read_task(self.run_task())

        # reset_tool_choice=False: the SDK would otherwise drop tool_choice after the first tool call, and
        # llama.cpp's server then shows the model no tools at all.
        agent = Agent(
            name="gavel-agent",
            instructions=self._instructions,
            tools=[self._function_tool(t) for t in self._tool_specs.values()],
            tool_use_behavior=self._decide_final,
            model_settings=self.model.settings,
            reset_tool_choice=False,
        )
        config = RunConfig(
            model=self.model.model,
            tracing_disabled=not self.trace,
            trace_include_sensitive_data=False,
            call_model_input_filter=self._bound,
            tool_not_found_behavior="return_error_to_model",
            model_settings=self.model.settings,
        )
        next_input: Any = conversation or [{"role": "user", "content": self.task_message()}]
        try:
            while not self._finished:
                remaining = self.max_steps - self.stats.steps
                if remaining <= 0:
                    self._finish("finished", f"step limit ({self.max_steps}) reached")
                    break
                try:
                    result = await Runner.run(
                        agent, next_input, run_config=config, hooks=self._usage_hooks(), max_turns=remaining
                    )
                except MaxTurnsExceeded:
                    raise
                except Exception:
                    if not self._cut_off():  # an empty cut-off reply is an error to the SDK, not to us
                        raise
                    nudge = dropped_reply_nudge(self.model) or CUT_OFF_NUDGE
                    next_input = self.files.read_conversation() + [self._nudge(nudge, "reply cut off")]
                    continue
                if self._finished:
                    break
                next_input = result.to_input_list() + [self._answer_text_reply()]
        except MaxTurnsExceeded:
            self._finish("finished", f"step limit ({self.max_steps}) reached")
        except (asyncio.CancelledError, KeyboardInterrupt):  # Ctrl-C: the run is interrupted, not running
            self._finish("interrupted", "stopped by the user (Ctrl-C)")
            raise
        except Exception as e:  # model/API failures: keep everything, let --resume continue
            self._finish("interrupted", redact(f"model error: {describe_model_error(e)}")[:500])
            self.files.log(
                {
                    "step": self.stats.steps,
                    "event": "interrupted",
                    "reason": self.stats.stop_reason,
                    "time": round(time.time(), 3),
                }
            )
        finally:
            await self.model.model.close()
            self.stats.wall_time_s = round(previous_wall + time.monotonic() - started, 3)
            self.files.write_checklist(self.ws.checklist.to_file())
            self._save_stats()
        return RunOutcome(self.stats, self.ws.checklist.to_file(), self.run_dir)
