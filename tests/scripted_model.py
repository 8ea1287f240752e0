"""A test model that plays a fixed script of tool calls and records what it was shown."""

from __future__ import annotations

import json

from agents import ModelResponse, Usage
from agents.models.interface import Model
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

from gavel_agent.backends import ResolvedModel


class ScriptedModel(Model):
    """Each script entry is a list of (tool, arguments) calls, a reply text, or an exception to raise."""

    def __init__(self, script: list):
        self.script = list(script)
        self.seen: list[list[dict]] = []
        self.calls = 0
        self.cut_off_replies: set[int] = set()  # indexes of replies that stop at the output limit
        self.cut_off = False

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
        self.cut_off = len(self.seen) in self.cut_off_replies
        self.seen.append([dict(i) if isinstance(i, dict) else i.model_dump() for i in input])
        step = self.script.pop(0) if self.script else "nothing more to do"
        if isinstance(step, BaseException):
            raise step
        if isinstance(step, str):
            msg = ResponseOutputMessage(
                id="m",
                role="assistant",
                status="completed",
                type="message",
                content=[ResponseOutputText(text=step, type="output_text", annotations=[])],
            )
            return ModelResponse(
                output=[msg], usage=Usage(requests=1, input_tokens=10, output_tokens=2), response_id=None
            )
        out = []
        for name, args in step:
            self.calls += 1
            raw = args if isinstance(args, str) else json.dumps(args)
            out.append(
                ResponseFunctionToolCall(
                    id=f"fc{self.calls}",
                    call_id=f"c{self.calls}",
                    name=name,
                    arguments=raw,
                    type="function_call",
                    status="completed",
                )
            )
        return ModelResponse(output=out, usage=Usage(requests=1, input_tokens=100, output_tokens=20), response_id=None)

    def stream_response(self, *args, **kwargs):
        raise NotImplementedError


def scripted(script: list) -> ResolvedModel:
    return ResolvedModel(ScriptedModel(script), "scripted", "test")
