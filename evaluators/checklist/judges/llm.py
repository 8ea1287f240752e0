"""A judge that asks a language model, several items per request, every reply cached.

The completer is injected (see ``text.llm``); with a cache directory,
identical requests are answered from ``<cache_dir>/judge_replies.sqlite``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from pydantic import BaseModel

from gavel_agent.checklists import ChecklistSpec, load_spec
from gavel_agent.evaluators.checklist.judges.base import Judgment, Relation, judgment_from_pairs
from gavel_agent.text.llm import Completer, ReplyCache, ask_json, cached

_RELATIONS: dict[str, Relation] = {
    "equal": "equal",
    "model_contains_reference": "a_contains_b",
    "reference_contains_model": "b_contains_a",
    "different": "different",
}


def load_prompt(name: str) -> str:
    return resources.files("gavel_agent.prompts").joinpath(name).read_text(encoding="utf-8")


class JudgedPair(BaseModel):
    id: int
    relation: str  # for one value against one: equal / model_contains_reference / reference_contains_model / different
    matches: list[list[int]]  # for lists: [model value number, reference value number] pairs


class JudgeReply(BaseModel):
    """The schema the judge's answer is held to where the provider can (prompts/judge_checklist.md)."""

    results: list[JudgedPair]


class LLMJudge:
    CACHE_FILE = "judge_replies.sqlite"

    def __init__(
        self,
        completer: Completer,
        name: str = "llm",
        cache_dir: str | Path | None = None,
        batch_size: int = 8,
        spec: ChecklistSpec | None = None,
    ):
        self.name = name
        self.complete = (
            cached(completer, ReplyCache(Path(cache_dir) / self.CACHE_FILE, name)) if cache_dir else completer
        )
        self.batch_size = batch_size
        self.spec = spec or load_spec("gavel")
        self.system = load_prompt("judge_checklist.md")

    def relation(self, a: str, b: str, item: str | None = None) -> Relation:
        return self.judge_items([(item or "", [a], [b])])[0].relation or "different"

    def match_lists(self, a: list[str], b: list[str], item: str | None = None) -> list[tuple[int, int]]:
        return self.judge_items([(item or "", a, b)])[0].pairs

    def judge_items(self, items: list[tuple[str, list[str], list[str]]]) -> list[Judgment]:
        out: list[Judgment] = []
        for start in range(0, len(items), self.batch_size):
            out += self._judge_batch(items[start : start + self.batch_size])
        return out

    def _describe(self, number: int, key: str, pred: list[str], ref: list[str]) -> str:
        item = self.spec.item(key) if self.spec.try_resolve(key) else None
        lines = [f"## Item {number}: {item.name if item else key or 'value'}"]
        if item:
            lines.append(f"Definition: {item.definition}")
        lines.append("MODEL values:")
        lines += [f"{i}. {v}" for i, v in enumerate(pred, 1)]
        lines.append("REFERENCE values:")
        lines += [f"{i}. {v}" for i, v in enumerate(ref, 1)]
        return "\n".join(lines)

    def _judge_batch(self, batch: list[tuple[str, list[str], list[str]]]) -> list[Judgment]:
        user = "\n\n".join(self._describe(n, *triple) for n, triple in enumerate(batch, 1))
        reply = ask_json(self.complete, self.system, user, JudgeReply)
        results = reply.get("results", []) if isinstance(reply, dict) else reply
        if not isinstance(results, list):
            results = []
        by_id = {int(r["id"]): r for r in results if isinstance(r, dict) and "id" in r}
        return [self._judgment(by_id.get(n, {}), pred, ref) for n, (_, pred, ref) in enumerate(batch, 1)]

    @staticmethod
    def _judgment(result: dict, pred: list[str], ref: list[str]) -> Judgment:
        if len(pred) == 1 and len(ref) == 1:
            # A missing or unreadable verdict counts as "different": never credit what was not judged.
            return Judgment(relation=_RELATIONS.get(str(result.get("relation", "")).lower(), "different"))
        pairs, used_p, used_r = [], set(), set()
        for pair in result.get("matches", []):
            try:
                p, r = int(pair[0]) - 1, int(pair[1]) - 1
            except (TypeError, ValueError, IndexError):
                continue
            if 0 <= p < len(pred) and 0 <= r < len(ref) and p not in used_p and r not in used_r:
                pairs.append((p, r))
                used_p.add(p)
                used_r.add(r)
        return judgment_from_pairs(pairs, len(pred), len(ref))
