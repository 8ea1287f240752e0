"""The offline model: a deterministic rule-based reader behind the same loop.

It needs no key and no network. Like an LLM, it issues tool calls turn by turn;
unlike one, it reads the data, not the prose: the run's task (checklist, items,
the case's own docket number) as the loop hands it over (``run_task.TaskReader``)
and the tools' results as the data they return beside their text
(``calls.ResultReader``), so rewording a task or a result for a model cannot
change what it does. The plan it follows is in ``gavel_agent.offline.policy``.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Generator

from agents import ModelResponse, Usage
from agents.models.interface import Model
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

from gavel_agent.offline.policy import Batch, Results, plan
from gavel_agent.run_task import RunTask
from gavel_agent.tools.calls import ToolResult


class OfflineModel(Model):
    def __init__(self) -> None:
        self._task: RunTask | None = None
        self._plan: Generator[Batch, Results, None] | None = None
        self._pending: list[str] = []
        self._results: dict[str, ToolResult] = {}
        self._calls = 0

    def read_result(self, call_id: str, result: ToolResult) -> None:
        self._results[call_id] = result

    def read_task(self, task: RunTask) -> None:
        self._task = task

    def _start(self) -> Generator[Batch, Results, None]:
        if self._task is None:
            raise ValueError("offline model: the loop handed over no task (it runs only inside a gavel-agent run)")
        return plan(self._task.spec, list(self._task.item_keys), self._task.docket_number)

    def _outputs(self) -> Results:
        """The results of the last turn's calls, in call order (None for a call the loop did not run)."""
        return [self._results.pop(call_id, None) for call_id in self._pending]

    async def get_response(
        self,
        system_instructions,
        input,
        model_settings,
        tools,
        output_schema,
        handoffs,
        tracing,
        *,
        previous_response_id=None,
        conversation_id=None,
        prompt=None,
    ) -> ModelResponse:
        try:
            if self._plan is None:
                self._plan = self._start()
                batch = next(self._plan)
            else:
                batch = self._plan.send(self._outputs())
        except StopIteration:
            return self._reply("Finished.")
        output = []
        self._pending = []
        for name, args in batch:
            self._calls += 1
            call_id = f"offline_{self._calls}"
            self._pending.append(call_id)
            output.append(
                ResponseFunctionToolCall(
                    id=f"fc_{call_id}",
                    call_id=call_id,
                    name=name,
                    arguments=json.dumps(args),
                    type="function_call",
                    status="completed",
                )
            )
        return ModelResponse(output=output, usage=Usage(requests=1), response_id=None)

    def _reply(self, text: str) -> ModelResponse:
        message = ResponseOutputMessage(
            id="msg_offline",
            role="assistant",
            status="completed",
            type="message",
            content=[ResponseOutputText(text=text, type="output_text", annotations=[])],
        )
        return ModelResponse(output=[message], usage=Usage(requests=1), response_id=None)

    def stream_response(self, *args, **kwargs) -> AsyncIterator:
        raise NotImplementedError("the offline model answers whole turns; the loop does not stream")
