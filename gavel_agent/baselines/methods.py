"""Running a baseline: build the requests, ask the reader, verify and store what it proposes.

End-to-end shows the whole concatenation (cut to the model's context window,
with a warning) once per group of items; chunk-by-chunk walks the
concatenation in 16K-token chunks, each call seeing and updating the running
checklist. The run folder gets the agent's files: checklist.json, stats.json
and a ledger.jsonl line per call.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import Field

from gavel_agent.backends import OFFLINE_LABEL, catalog, resolve_model
from gavel_agent.backends.batch_api import BatchRequest, ProviderBatches, batches_for, collect
from gavel_agent.backends.completer import make_completer
from gavel_agent.backends.keys import redact
from gavel_agent.baselines.concat import Concatenation, case_concatenated_tokens, concatenate
from gavel_agent.baselines.readers import Answer, Completer, LLMReader, OfflineReader, Proposal, Request, build_prompt
from gavel_agent.case import Case, case_source
from gavel_agent.checklists import ChecklistSpec, ItemSpec
from gavel_agent.checklists.record import Value
from gavel_agent.loop import RunOutcome
from gavel_agent.run_folder import RunFiles, RunStats, StepStats
from gavel_agent.tools import quotes
from gavel_agent.tools.checklist import ChecklistState, EvidenceError

METHODS = ("end-to-end", "chunk")
PROMPT_GROUPINGS = ("group", "item", "all")
DEFAULT_GROUPING = {"end-to-end": "group", "chunk": "all"}
CHUNK_TOKENS = 16_000
DEFAULT_OUTPUT_RESERVE = 4096
PROBLEMS_LOGGED = 5
BATCH_STATE_NAME = "batch_api.json"


class BatchIncomplete(RuntimeError):
    """Some of a provider batch's requests failed or expired; the others' values are stored."""


def context_window(model_label: str) -> int | None:
    """The model's context window in tokens (None: no limit), from the model catalog."""
    return catalog.context_window(model_label)


class BaselineStats(RunStats):
    method: str
    context_tokens: int | None = None  # the model's window (None: unlimited)
    case_tokens: int = 0  # tokens of the whole concatenation
    shown_tokens: int = 0  # tokens of the concatenation after the cut
    chunks: int = 0
    rejected_values: int = 0  # proposed values whose quote could not be verified
    warnings: list[str] = Field(default_factory=list)


@dataclass
class Baseline:
    case: Case
    spec: ChecklistSpec
    item_keys: list[str]
    method: str
    run_dir: Path
    model_label: str = OFFLINE_LABEL
    completer: Completer | None = None  # None: the offline rules read the text
    context_tokens: int | None = None  # None: the model's window from backends/models.json
    prompt_per: str | None = None  # group | item | all (default: group for end-to-end, all for chunk)
    chunk_tokens: int = CHUNK_TOKENS
    on_warning: Callable[[str], None] | None = None
    batch: ProviderBatches | None = None  # send every prompt through the provider's batch API
    on_status: Callable[[str], None] | None = None  # batch progress (submitted, still running ...)
    # Sees each call as it is stored: (call number, calls in all, what it read, what it stored); the CLI's trace.
    on_step: Callable[[int, int, str, str], None] | None = None
    files: RunFiles = field(init=False)

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ValueError(f"unknown method {self.method!r}; use one of {', '.join(METHODS)}")
        self.prompt_per = self.prompt_per or DEFAULT_GROUPING[self.method]
        if self.prompt_per not in PROMPT_GROUPINGS:
            raise ValueError(f"unknown prompt grouping {self.prompt_per!r}; use one of {', '.join(PROMPT_GROUPINGS)}")
        if self.completer is None and self.model_label != OFFLINE_LABEL:
            raise ValueError(f"model {self.model_label} needs a completer")
        if self.batch is not None and self.method != "end-to-end":
            raise ValueError(
                "--batch-api is for --method end-to-end: the chunk method's prompts depend on earlier replies"
            )
        if self.context_tokens is None:
            self.context_tokens = context_window(self.model_label)
        self.files = RunFiles(self.run_dir)
        self.calls = 0  # known once the requests are built
        self.reader = OfflineReader() if self.completer is None else LLMReader(self.completer)
        self.prices = catalog.prices_for(self.model_label)
        # Batch requests are billed at the provider's batch rate.
        self.price_factor = catalog.batch_price_factor(self.model_label) if self.batch is not None else 1.0
        self.state = ChecklistState(self.spec, self.item_keys, self.case)
        self.stats = BaselineStats(
            case=self.case.name,
            spec=self.spec.name,
            items=self.item_keys,
            model=self.model_label,
            provider=self.model_label.partition(":")[0] if ":" in self.model_label else OFFLINE_LABEL,
            source=case_source(self.case),
            method=self.method,
            context_tokens=self.context_tokens,
            case_tokens=case_concatenated_tokens(self.case),
        )

    # -- what is shown ---------------------------------------------------------
    def _item_batches(self) -> list[list[ItemSpec]]:
        items = [self.spec.item(k) for k in self.item_keys]
        if self.prompt_per == "all":
            return [items]
        if self.prompt_per == "item":
            return [[i] for i in items]
        groups: dict[str, list[ItemSpec]] = {}
        for item in items:
            groups.setdefault(item.group, []).append(item)
        return list(groups.values())

    def _text_budget(self) -> int | None:
        """Tokens left for case text once the instructions and the model's reply are provided for."""
        if self.context_tokens is None:
            return None
        empty = Concatenation("", [], 0)
        frame = max(
            build_prompt(Request(self.case, self.spec, empty, items, "", 0))[2] for items in self._item_batches()
        )
        reserve = catalog.settings_for(self.model_label).max_tokens or DEFAULT_OUTPUT_RESERVE
        budget = self.context_tokens - reserve - frame
        if budget <= 0:
            raise ValueError(
                f"a context of {self.context_tokens:,} tokens leaves no room for case text "
                f"(instructions {frame:,} + reply {reserve:,} tokens)"
            )
        return budget

    def _requests(self) -> list[Request]:
        budget = self._text_budget()
        whole = self.method == "chunk"
        concat = concatenate(self.case, None if whole else budget)
        self._note_cut(concat)
        self.stats.shown_tokens = concat.token_count
        self.stats.coverage = {
            p.document: round((p.end - p.start) / max(len(self.case.document(p.document).text), 1), 4)
            for p in concat.parts
        }
        if not whole:
            return [
                Request(self.case, self.spec, concat, items, concat.text, concat.token_count)
                for items in self._item_batches()
            ]
        size = min(self.chunk_tokens, budget) if budget else self.chunk_tokens
        chunks = concat.chunks(size)
        self.stats.chunks = len(chunks)
        return [
            Request(self.case, self.spec, concat, items, text, n, f"chunk {i} of {len(chunks)}", self.state)
            for i, (text, n) in enumerate(chunks, 1)
            for items in self._item_batches()
        ]

    def _note_cut(self, concat: Concatenation) -> None:
        cut = concat.cut
        if cut is None:
            return
        warning = (
            f"case {self.case.name} has {cut.case_tokens:,} tokens but {self.model_label}'s context of "
            f"{self.context_tokens:,} tokens leaves room for {cut.kept_tokens:,}: the text is cut in "
            f"{cut.last_document!r} and {cut.dropped_documents} later document(s) are left out"
        )
        self.stats.warnings.append(warning)
        if self.on_warning:
            self.on_warning(warning)

    # -- storing what the reader proposes --------------------------------------
    def _checked(self, entry: dict, concat: Concatenation) -> Value:
        evidence = []
        for ev in entry.get("evidence") or []:
            document = ev.get("document") or concat.document_of(ev.get("quote", ""))
            if document is None:
                raise EvidenceError(
                    f"quote for {entry.get('value')!r} is not in any one document shown: {ev.get('quote', '')[:80]!r}"
                )
            evidence.append({"document": document, "quote": ev.get("quote", "")})
        return self.state.verified(entry.get("value", ""), evidence)

    def _store(self, proposal: Proposal, concat: Concatenation, problems: list[str]) -> int:
        """Verify and store one proposal; returns how many values were rejected."""
        have = {quotes.fold_quote(v.value): v for v in self.state.items[proposal.item]}
        values, rejected = [], 0
        for entry in proposal.values:
            try:
                values.append(self._checked(entry, concat))
            except EvidenceError as e:
                kept = have.get(quotes.fold_quote(entry.get("value", "")))
                if kept is not None:  # a value carried over from earlier, repeated without a usable quote
                    values.append(kept)
                else:
                    rejected += 1
                    problems.append(str(e))
        if proposal.replace:
            self.state.replace(proposal.item, values)
        else:
            self.state.append(proposal.item, values)
        return rejected

    def _record(self, request: Request, answer: Answer) -> None:
        s = self.stats
        s.steps += 1
        llm = self.completer is not None
        s.per_step.append(
            StepStats(
                step=s.steps,
                prompt_tokens=answer.prompt_tokens,
                input_tokens=answer.prompt_tokens if llm else 0,
                output_tokens=answer.output_tokens,
            )
        )
        s.prompt_tokens += answer.prompt_tokens
        if llm:
            s.input_tokens += answer.prompt_tokens
            s.output_tokens += answer.output_tokens
            if self.prices is not None:
                s.cost_usd += self.prices.cost(answer.prompt_tokens, 0, answer.output_tokens) * self.price_factor
        problems = list(answer.problems)
        rejected = sum(self._store(p, request.concatenation, problems) for p in answer.proposals)
        s.rejected_values += rejected
        s.filled_items = len(self.item_keys) - len(self.state.empty_items())
        s.values = sum(len(v) for v in self.state.items.values())
        self.files.log(
            {
                "step": s.steps,
                "position": request.position,
                "items": [i.key for i in request.items],
                "prompt_tokens": answer.prompt_tokens,
                "proposed": sum(len(p.values) for p in answer.proposals),
                "rejected": rejected,
                "problems": problems[:PROBLEMS_LOGGED],
                "time": round(time.time(), 3),
            }
        )
        self._save()
        if self.on_step:
            shown = f"{request.position or 'whole text'}: {len(request.items)} items, {request.text_tokens:,} tokens"
            self.on_step(
                s.steps,
                self.calls,
                shown,
                f"{sum(len(p.values) for p in answer.proposals)} proposed, {rejected} rejected",
            )

    def _save(self) -> None:
        self.files.write_checklist(self.state.to_file())
        self.files.write_stats(self.stats)

    # -- running ------------------------------------------------------------------
    @property
    def batch_state(self) -> Path:
        return self.run_dir / BATCH_STATE_NAME

    def _answers(self, requests: list[Request]) -> Iterator[tuple[Request, Answer]]:
        if self.batch is None:
            for request in requests:
                yield request, self.reader.read(request)
            return
        prompts = [build_prompt(r) for r in requests]
        replies = collect(
            self.batch,
            [BatchRequest(f"request-{i}", system, user) for i, (system, user, _) in enumerate(prompts)],
            self.batch_state,
            self.on_status,
        )
        failed = [f"{key}: {reply.error}" for key, reply in replies.items() if reply.text is None]
        for i, (request, (_, _, prompt_tokens)) in enumerate(zip(requests, prompts, strict=True)):
            reply = replies[f"request-{i}"]
            yield (
                request,
                (
                    LLMReader.answer(request, reply.text, prompt_tokens)
                    if reply.text is not None
                    else Answer([], 0, 0, [f"batch request failed: {reply.error}"])
                ),
            )
        if failed:
            raise BatchIncomplete(
                f"{len(failed)} of {len(requests)} batch requests failed ({failed[0]}); "
                "rerun with --resume to resubmit them"
            )

    def run(self, resume: bool = False) -> RunOutcome:
        if self.files.exists() and not (resume and self.batch_state.is_file()):
            raise FileExistsError(f"{self.run_dir} already holds a run; choose another --out")
        started = time.monotonic()
        requests = self._requests()
        self.calls = len(requests)
        self.files.dir.mkdir(parents=True, exist_ok=True)
        # A resumed batch run reads every reply again, from the saved batch state: start from zero.
        self.stats.steps = self.stats.prompt_tokens = self.stats.input_tokens = self.stats.output_tokens = 0
        self.stats.cost_usd, self.stats.per_step = 0.0, []
        self.state.items = {key: [] for key in self.item_keys}
        self._save()
        try:
            for request, answer in self._answers(requests):
                self._record(request, answer)
            self.stats.status, self.stats.stop_reason = "finished", f"{self.method}: all text read"
        except Exception as e:  # model/API failures: keep what was stored so far
            self.stats.status = "interrupted"
            self.stats.stop_reason = redact(f"model error: {type(e).__name__}: {e}")[:500]
        finally:
            self.stats.wall_time_s = round(time.monotonic() - started, 3)
            self._save()
        return RunOutcome(self.stats, self.state.to_file(), self.run_dir)


def baseline_for(
    case: Case,
    spec: ChecklistSpec,
    item_keys: list[str],
    method: str,
    run_dir: Path,
    model: str | None = None,
    base_url: str | None = None,
    batch_api: bool = False,
    **options,
) -> Baseline:
    """A baseline with the reader the ``--model`` string asks for (offline rules or an LLM completer)."""
    resolved = resolve_model(model, base_url)
    completer = None if resolved.is_offline else make_completer(resolved.label, base_url)
    batch = batches_for(resolved.label) if batch_api else None
    return Baseline(
        case,
        spec,
        item_keys,
        method,
        Path(run_dir),
        model_label=resolved.label,
        completer=completer,
        batch=batch,
        **options,
    )
