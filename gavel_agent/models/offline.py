"""The offline model: a deterministic rule-based reader behind the same loop.

It needs no key and no network. Like an LLM, it reads the task message for the
checklist and items and issues tool calls; it reads their results as the data
the tools return beside their text (the loop hands them over, see
``calls.ResultReader``), so rewording a result for a model cannot change what it
reads. The plan it follows is in ``gavel_agent.offline.policy``.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Generator

from agents import ModelResponse, Usage
from agents.models.interface import Model
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

from gavel_agent.checklists import load_spec
from gavel_agent.offline.policy import Batch, Results, plan
from gavel_agent.tools.calls import ToolResult

_SPEC_LINE = re.compile(r"^Checklist: (\S+)", re.M)
_ITEM_LINE = re.compile(r"^- (\w+) \(", re.M)
_EMPTY_LINE = re.compile(r"^Empty items: (.*)$", re.M)
_NUMBER_LINE = re.compile(r"^Its own docket number: (\S+?)\.?(?:\s|$)", re.M)  # loop.CASE_NUMBER_LINE


def _field(item, name: str):
    return item.get(name) if isinstance(item, dict) else getattr(item, name, None)


def _text_of(item) -> str:
    content = _field(item, "content")
    if isinstance(content, str):
        return content
    return "".join(_field(part, "text") or "" for part in content or [])


class OfflineModel(Model):
    def __init__(self) -> None:
        self._plan: Generator[Batch, Results, None] | None = None
        self._pending: list[str] = []
        self._results: dict[str, ToolResult] = {}
        self._calls = 0

    def read_result(self, call_id: str, result: ToolResult) -> None:
        self._results[call_id] = result

    def _start(self, items: list) -> Generator[Batch, Results, None]:
        user_texts = [_text_of(i) for i in items if _field(i, "role") == "user"]
        task = next((t for t in user_texts if _SPEC_LINE.search(t)), "")
        spec_line = _SPEC_LINE.search(task)
        if spec_line is None:
            raise ValueError("offline model: the task message names no checklist")
        spec = load_spec(spec_line.group(1))
        keys = _ITEM_LINE.findall(task)
        # On a resumed run the state snapshot says which items are still empty.
        empty = next((m.group(1) for t in reversed(user_texts) if (m := _EMPTY_LINE.search(t))), None)
        if empty is not None:
            still_empty = {k.strip() for k in empty.split(",")}
            keys = [k for k in keys if k in still_empty]
        number = _NUMBER_LINE.search(task)
        return plan(spec, keys, number.group(1) if number else None)

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
        items = [{"role": "user", "content": input}] if isinstance(input, str) else list(input)
        try:
            if self._plan is None:
                self._plan = self._start(items)
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
