"""What of the conversation each model call is shown: the history kept between prunings.

A model extracts from text it can see. Every tool result (the read passages,
the search hits, the write confirmations) stays in the prompt, whole and in
order, until the history outgrows a token budget; then the oldest whole turns
go at once, down to a third of the budget, and a short digest of the searches
they made takes their place. Between prunings the kept history only grows at
its end, so each request repeats the previous one's prefix token for token and
providers' prompt caches (OpenAI, Anthropic, vLLM, llama.cpp) serve it; a
pruning costs one cache miss every several steps instead of one every step.

Why 20,000 tokens (the ``history`` policy in backends/models.json, or
``history_tokens`` per model family) whatever the window: a capable model writes
the values a passage gives in the turn after reading it, so what it needs kept
is the latest read or two, while every kept token is re-sent with each request.
Hand-played runs of the five dev GAVEL cases (bench/hand_played.py, one run per
case and budget) found as much with 20,000 as with 65,536 for about half the
prompt tokens: S_checklist 47.0 against 48.3 on the two cases played under both
on one tree, 48.2 over all five against 48.4 in the previous round's runs; and
40,000 cost no fewer tokens than 65,536.
A smaller history is pruned more often, so fewer requests repeat the previous
one's prefix (about 75-80% of tokens sent instead of 88-90%), yet the prompts
still cost less with a prompt cache serving the repeats (bench/llm_wire.py
prints both prices; cached tokens cost a tenth to a quarter of fresh ones).
A pruning goes deep, to a third of the budget, so cache misses stay several
steps apart. A model whose context window is under 40,000 tokens gets half its
window (a 32K local model: 16,384); the offline model reads only its latest turn
and gets none.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache

from gavel_agent import tokens
from gavel_agent.tools.bounds import MAX_READ_TOKENS

# The writes whose quotes the history leaves out once sent (``without_quotes``).
QUOTED_WRITES = frozenset({"append_checklist", "update_checklist"})
QUOTES_LEFT_OUT = "left out of the history: stored with each value (get_checklist shows them)"
# Pruned searches named in the digest. Pruned reads and writes need no entry: the per-step
# snapshot lists the token ranges read, and the stored values are in the checklist.
DIGEST_SEARCHES = 20
PRUNED_TO = 3  # a pruning keeps the newest turns within budget / PRUNED_TO tokens
_MODEL_OUTPUT = ("function_call", "reasoning")
# Results that show the whole checklist (the first stop's review, get_checklist) get a larger share of the
# history than one read: a 26-item review of 150 values ran to 41,000 characters and lost its end, the
# findings the model was asked to act on, under a 20,000-token history.
WHOLE_RESULTS = frozenset({"stop", "get_checklist"})
REVIEW_CAP_FACTOR = 3
# A read's header line and its note, and the few tokens a passage cut at token edges gains when counted
# on its own: a read of MAX_READ_TOKENS came to 10,022 tokens with its header.
READ_HEADER_TOKENS = 200


def item_text(item: dict) -> str:
    """The text of an input item that a provider would tokenize."""
    parts = []
    content = item.get("content")
    if isinstance(content, str):
        parts.append(content)
    elif isinstance(content, list):
        parts += [p.get("text", "") for p in content if isinstance(p, dict)]
    for key in ("name", "arguments", "output"):
        if isinstance(item.get(key), str):
            parts.append(item[key])
    return "\n".join(parts)


@lru_cache(maxsize=8192)
def text_tokens(text: str) -> int:
    """Tokens of a text the conversation holds; each kept text is counted once, not once per step."""
    return tokens.count(text)


def item_tokens(item: dict) -> int:
    return text_tokens(item_text(item))


def is_user(item: dict) -> bool:
    return item.get("role") == "user" and item.get("type", "message") == "message"


def _is_model_output(item: dict) -> bool:
    return item.get("type") in _MODEL_OUTPUT or item.get("role") == "assistant"


def turn_starts(items: list[dict]) -> list[int]:
    """Indexes where a model turn (its reasoning, text and calls, then their results) begins."""
    return [
        i for i, item in enumerate(items) if _is_model_output(item) and (i == 0 or not _is_model_output(items[i - 1]))
    ]


@dataclass
class History:
    """The kept part of one run's conversation.

    ``budget`` is the most history tokens shown before a pruning; 0 keeps only
    the latest turn and no digest (for a model that reads nothing else: the
    offline rules). ``cut`` indexes the full conversation: whole turns before it
    are pruned (user messages before it stay, in order, with the digest after them).
    """

    budget: int
    cut: int = 0
    digest: str = ""
    pruned_calls: int = 0
    pruned_searches: list[str] = field(default_factory=list)

    def view(self, items: list[dict], summaries: dict[str, str]) -> list[dict]:
        """The items to send: older user messages, the digest, then every item from the cut on, the
        model's past value writes shown without their quotes (``without_quotes``).

        ``summaries`` maps a call id to the one-line summary of what that call did.
        """
        if self.budget:
            items = [without_quotes(i) for i in items]
        if sum(item_tokens(i) for i in items[self.cut :]) > self.budget:
            self._prune(items, summaries)
        kept = [i for i in items[: self.cut] if is_user(i)]
        if self.digest:
            kept.append({"role": "user", "content": self.digest})
        return kept + items[self.cut :]

    def _prune(self, items: list[dict], summaries: dict[str, str]) -> None:
        starts = [i for i in turn_starts(items) if i > self.cut]
        if not starts:
            return
        target = self.budget // PRUNED_TO
        cut = starts[-1]  # the latest turn always stays
        kept = sum(item_tokens(i) for i in items[cut:])
        for start, end in zip(reversed(starts[:-1]), reversed(starts[1:])):  # older turns, newest first
            kept += sum(item_tokens(i) for i in items[start:end])
            if kept > target:
                break
            cut = start
        for item in items[self.cut : cut]:
            if item.get("type") == "function_call":
                self.pruned_calls += 1
                if item.get("name") == "search":
                    self.pruned_searches.append(summaries.get(str(item.get("call_id")), "no result"))
        self.cut = cut
        if not self.budget:
            return
        lines = [
            (
                f"The results of {self.pruned_calls} earlier tool calls are no longer shown: the values they "
                "stored are in the checklist and the ranges read are listed in the state below."
            )
        ]
        if self.pruned_searches:
            lines.append("Their searches (latest last):")
            lines += [f"- {s}" for s in self.pruned_searches[-DIGEST_SEARCHES:]]
        self.digest = "\n".join(lines)


def without_quotes(item: dict) -> dict:
    """A past value write as the history shows it: each item's values, their quotes left out.

    A write's quotes are stored with its values, and its result says what was stored or refused and
    why, so re-sending them is waste: batched writes ran to 6,000-10,000 characters a call, re-sent
    with every request until pruned, and crowded the passage they were taken from out of a
    20,000-token history one turn after its read. The form depends on the call alone, so every request
    shows a past write the same way and the repeated prefix stays whole for prompt caches.
    """
    if item.get("type") != "function_call" or item.get("name") not in QUOTED_WRITES:
        return item
    shown = _values_only(item.get("arguments") or "")
    return item if shown is None else {**item, "arguments": shown}


@lru_cache(maxsize=512)  # every request shows every kept past write again: parse each once
def _values_only(arguments: str) -> str | None:
    try:
        sent = json.loads(arguments)
        entries = sent["items"] if "items" in sent else [sent]  # one item may come without "items"
        shown = [{"item": e["item"], "values": [v["value"] for v in e["values"]]} for e in entries]
    except (ValueError, KeyError, TypeError):
        return None  # not a well-formed write (cut off at the output limit, say): shown as sent
    return json.dumps({"items": shown, "quotes": QUOTES_LEFT_OUT}, ensure_ascii=False)


def result_cap(budget: int) -> int:
    """The most tokens one text of the history is shown whole: half the budget, but never less than the
    largest read the read tool allows with its header (a read within the tool's limit is never cut);
    0 for a model that reads no history (nothing is cut)."""
    return max(budget // 2, MAX_READ_TOKENS + READ_HEADER_TOKENS) if budget else 0


def fit_newest(items: list[dict], budget: int) -> list[dict]:
    """``items`` with any one text over ``result_cap(budget)`` cut down to that, with a note saying what was cut.

    Pruning drops whole older turns but always keeps the newest one; a 1 MB tool argument or a listing
    of 5,000 documents would then ride along in every later request. Arguments are replaced by a small
    JSON object (a provider may parse them); results and messages keep their head. A budget of 0
    (a model that reads no history) cuts nothing.
    """
    cap = result_cap(budget)
    if not cap:
        return items
    whole = {i.get("call_id") for i in items if i.get("type") == "function_call" and i.get("name") in WHOLE_RESULTS}

    def limit(item: dict) -> int:
        return (
            REVIEW_CAP_FACTOR * cap
            if item.get("type") == "function_call_output" and item.get("call_id") in whole
            else cap
        )

    return [_cut(item, limit(item)) if item_tokens(item) > limit(item) else item for item in items]


def _cut(item: dict, cap: int) -> dict:
    key = next((k for k in ("output", "arguments", "content") if isinstance(item.get(k), str)), None)
    if key is None:
        return item
    text = item[key]
    size = item_tokens(item)
    if key == "arguments":
        note = f"the arguments ({len(text):,} characters, about {size:,} tokens) are cut from the history"
        return {**item, key: json.dumps({"cut": note})}
    keep = max(0, len(text) * cap // max(size, 1) - 200)
    note = (
        f"\n[cut: {len(text) - keep:,} of {len(text):,} characters (about {size:,} tokens) are not shown, "
        f"over the context budget of {cap:,} tokens for one item]"
    )
    return {**item, key: text[:keep] + note}
