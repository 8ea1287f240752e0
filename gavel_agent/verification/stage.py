"""The ``--verify`` stage: challenge every stored value, then decide under asymmetric gates.

After extraction each value is challenged with the questions its item's
category raises, and may be defended only by its own quotes, re-found in the
case:

- numeric: is the exact figure with its unit in the quote; is a cap or
  qualifier the quote attaches kept;
- temporal: is the date or period stated in the quote (not inferred), with
  the same unit;
- obligation: is the modal verb kept, and the quote's conditions and carve-outs;
- factual: does the value come from the quote rather than outside knowledge.

The checks reuse the strict judge's readers of numbers, dates, modal verbs,
negation and exception markers (``text.values``). Separately, an
independent BM25 search of the case with the value's own words looks for a
passage that answers the same questions.

Independent means independent: a confirming passage may not overlap the value's own quotes,
and text addressed to a model (``tools.injection``) is blanked out of every passage the search
reads, so an injected instruction cannot confirm the value it planted. A value whose every quote
is such text is challenged as unsupported before any other question is asked.

The gates are asymmetric because deleting a true value costs as much as
keeping a false one, and the checks are noisier than the extraction:

- a value that fails its challenge is deleted only if the independent search
  does not confirm it; a confirmed value stays ("deletion blocked");
- a value is added to an empty item only when the caller's proposer finds
  one and it passes its own challenge. For an offline run that is the item's
  rule extractor, run on independently searched passages, finding the same
  value at two separate places (``gavel_agent.offline.propose``); an LLM
  verify proposes nothing, so it loads no offline rules.

With an LLM challenger (``gavel_agent.verification.llm_challenger``) the model answers the same category
questions instead of the offline checks and may keep, revise or delete the
value, citing quotes that are re-found in the case;
the independent search and the gates stay as they are. A revision is a deletion
plus an addition, so it passes both gates: the revised value must be confirmed
by the independent search, and the original must not be.

At most two rounds: the second challenges what the first added or revised.
Every decision, flips above all, is written to ``verify.jsonl`` with its reason.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Literal

from gavel_agent import atomic
from gavel_agent.case import Case
from gavel_agent.checklists import ChecklistSpec, ItemSpec
from gavel_agent.checklists.record import ChecklistFile, Value
from gavel_agent.text.values import (
    CLAUSE_WORDS,
    NUMBER,
    TIME_UNITS,
    conditions,
    dates,
    modalities,
    negated,
    numbers,
    same_date,
)
from gavel_agent.tools import quotes, support
from gavel_agent.tools.injection import blank_injected, touches
from gavel_agent.tools.search import SearchIndex

MAX_ROUNDS = 2
CONFIRM_HITS = 5  # passages the independent search reads per value
MIN_WORDS_FROM_SOURCE = 0.6  # share of a value's content words its source must contain
# A cap or floor on a figure: dropping it changes what the figure means.
_QUALIFIER = re.compile(
    r"\b(?:not to exceed|shall not exceed|up to|at least|no more than|not more than|no less than|"
    r"not less than|maximum|minimum|in excess of|capped at)\b",
    re.I,
)

Action = Literal["keep", "delete", "keep_blocked", "add", "revise", "revise_rejected"]


@dataclass(frozen=True)
class Ruling:
    """What a challenge concluded about one value, before the gates."""

    decision: Literal["keep", "delete", "revise", "revise_rejected"]
    reason: str
    revised: Value | None = None  # the replacement, for "revise"


# A challenger rules on one value of one item (offline checks or a language model).
Challenger = Callable[[Value, ItemSpec], Ruling]
# A proposer suggests a value for an empty item, found independently, and says where
# (the offline rules, ``gavel_agent.offline.propose``); the caller chooses one or none.
Proposer = Callable[[ItemSpec], tuple[Value, str] | None]


@dataclass(frozen=True)
class Decision:
    round: int
    item: str
    value: str
    action: Action
    reason: str
    revised_to: str = ""  # the replacement value, for "revise"


@dataclass(frozen=True)
class VerifyResult:
    checklist: ChecklistFile
    decisions: list[Decision]

    def count(self, action: Action) -> int:
        return sum(d.action == action for d in self.decisions)

    def summary(self) -> str:
        text = (
            f"verify: {self.count('keep')} kept, {self.count('delete')} deleted, "
            f"{self.count('keep_blocked')} deletions blocked, {self.count('add')} added"
        )
        if self.count("revise") or self.count("revise_rejected"):
            text += f", {self.count('revise')} revised, {self.count('revise_rejected')} revisions rejected"
        return text


def unanswered(value: str, source: str, category: str) -> str | None:
    """The first category question ``source`` does not answer for ``value``, or None."""
    for d in dates(value):
        if not any(same_date(d, s) for s in dates(source)):
            return "temporal: the date is inferred, not stated in the quote"
    stated = numbers(source)
    for q in numbers(value):
        if not any(q[0] == s[0] and q[1] == s[1] for s in stated):
            kind = "temporal" if q[1] in TIME_UNITS else "numeric"
            return f"{kind}: {q[0]:g} {q[1] or ''} is not in the quote with that unit".replace("  ", " ")
    clause = len(value.split()) >= CLAUSE_WORDS
    qualifier = _QUALIFIER.search(source)
    if category == "numeric" and not clause and numbers(value) and qualifier and not _QUALIFIER.search(value):
        return f"numeric: the quote qualifies the figure ({qualifier.group(0)!r}) and the value drops it"
    if category == "obligation" and clause:
        if modalities(value) - modalities(source):
            return "obligation: the value's modal verb is not the quote's"
        if negated(value) != negated(source):
            return "obligation: the value and the quote differ in polarity"
        if conditions(source) - conditions(value):
            return f"missing_condition: the value drops the quote's {', '.join(sorted(conditions(source) - conditions(value)))}"
    own = support.content_stems(NUMBER.sub(" ", value))
    if own and len(own & support.content_stems(source)) / len(own) < MIN_WORDS_FROM_SOURCE:
        return "factual: most of the value's words are not in the quote (outside knowledge?)"
    return None


def challenge(value: Value, item: ItemSpec, case: Case) -> str | None:
    """Why the value's own quotes do not defend it, or None when one of them does.

    One quote must answer the item's category questions; then all its quotes found in the case,
    together, must pass the write tools' support check (a value written before support was judged,
    or edited by hand, meets it here)."""
    found = []
    for ev in value.evidence:
        try:
            text = case.document(ev.document).text
        except KeyError:
            continue
        if quotes.locate(ev.quote, text) is not None:
            found.append(ev.quote)
    problems = [unanswered(value.value, quote, item.category) for quote in found]
    if not found or None not in problems:
        return problems[0] if problems else "no quote of the value can be found in the case"
    verdict = support.judge(value.value, found, item)
    if item.support != "none" and verdict.status == "unsupported":
        return f"unsupported: {verdict.reason}"
    return None


def offline_ruling(value: Value, item: ItemSpec, case: Case) -> Ruling:
    """The deterministic challenge as a ruling: keep what its quotes defend, ask to delete the rest."""
    problem = challenge(value, item, case)
    return (
        Ruling("keep", "its quotes defend it") if problem is None else Ruling("delete", f"challenge failed ({problem})")
    )


def injection_only(value: Value, case: Case) -> bool:
    """Every quote of the value sits in text addressed to a model (judged on the case, not the stored flag)."""
    spans = [
        (case.document(e.document).text, e.start_char, e.end_char)
        for e in value.evidence
        if e.start_char is not None and e.end_char is not None and e.document in {d.name for d in case.documents}
    ]
    return bool(spans) and len(spans) == len(value.evidence) and all(touches(*span) for span in spans)


def _own(value: Value, document: str, start: int, end: int) -> bool:
    """Whether a passage overlaps one of the value's own quotes."""
    return any(
        e.document == document
        and e.start_char is not None
        and e.end_char is not None
        and e.start_char < end
        and start < e.end_char
        for e in value.evidence
    )


def confirmed(value: Value, item: ItemSpec, index: SearchIndex, elsewhere: bool = True) -> str | None:
    """A passage found by searching for the value itself that answers the same questions, or None.

    Injected text in a passage does not count. With ``elsewhere`` (a value defended against its
    challenge) the passage must not overlap the value's own quotes either: those have just failed."""
    for hit in index.bm25(value.value, top_k=CONFIRM_HITS):
        if elsewhere and _own(value, hit.document, hit.start_char, hit.end_char):
            continue
        passage = blank_injected(index.case.document(hit.document).text, hit.start_char, hit.end_char)
        if unanswered(value.value, passage, item.category) is None:
            return f"{hit.document} chars {hit.start_char}-{hit.end_char}"
    return None


def gate(ruling: Ruling, value: Value, item: ItemSpec, index: SearchIndex) -> tuple[Action, Value | None, str]:
    """Apply the asymmetric gates: the action, the value that stays (None when deleted), the reason."""
    if ruling.decision == "keep":
        return "keep", value, ruling.reason
    if ruling.decision == "revise_rejected":
        return "revise_rejected", value, f"{ruling.reason}; the original is kept"
    support = confirmed(value, item, index)
    if ruling.decision == "delete":
        if support:
            return "keep_blocked", value, f"{ruling.reason} but the independent search confirms it at {support}"
        return "delete", None, f"{ruling.reason} and the independent search found no support"
    revised = ruling.revised
    assert revised is not None  # a "revise" ruling carries its replacement
    if revised.injection_only:
        return (
            "revise_rejected",
            value,
            f"{ruling.reason}; the revision's only evidence is injected text; the original is kept",
        )
    # The revision's quotes are new evidence the model has just cited, so they may confirm it.
    revised_support = confirmed(revised, item, index, elsewhere=False)
    if revised_support is None:
        return (
            "revise_rejected",
            value,
            f"{ruling.reason}; the independent search does not confirm {revised.value!r}; the original is kept",
        )
    if support:
        return "keep_blocked", value, f"{ruling.reason}, but the independent search confirms the original at {support}"
    return (
        "revise",
        revised,
        f"{ruling.reason}; the independent search confirms {revised.value!r} at "
        f"{revised_support} and does not confirm the original",
    )


def _replace(values: list[Value], old: Value, new: Value | None) -> None:
    at = values.index(old)
    if new is None or any(quotes.fold_quote(v.value) == quotes.fold_quote(new.value) for v in values if v is not old):
        del values[at]  # deleted, or revised into a value the item already holds
    else:
        values[at] = new


def verify_checklist(
    checklist: ChecklistFile,
    spec: ChecklistSpec,
    case: Case,
    challenger: Challenger | None = None,
    proposer: Proposer | None = None,
    index: SearchIndex | None = None,
    on_decision: Callable[[Decision], object] | None = None,
) -> VerifyResult:
    """Challenge every value and fill empty items from ``proposer`` (none: nothing is added).

    ``challenger`` rules on each value (default: the offline checks; ``llm_challenger.LLMChallenger``
    puts the challenges to a language model); ``index`` is the case's search index when the
    caller has one already (the run's own); ``on_decision`` sees each decision as it is made.
    """
    items = {k: list(v) for k, v in checklist.items.items()}
    index = index or SearchIndex(case)
    rule: Challenger = challenger or partial(offline_ruling, case=case)
    decisions: list[Decision] = []

    def decide(decision: Decision) -> None:
        decisions.append(decision)
        if on_decision:
            on_decision(decision)

    to_challenge = {k: list(v) for k, v in items.items()}
    for round_no in range(1, MAX_ROUNDS + 1):
        added: dict[str, list[Value]] = {}
        for key, values in to_challenge.items():
            item = spec.item(key)
            for value in values:
                ruling = (
                    Ruling("delete", "its only evidence is text addressed to a model (injected instructions)")
                    if injection_only(value, case)
                    else rule(value, item)
                )
                action, kept, reason = gate(ruling, value, item, index)
                if kept is not value:
                    _replace(items[key], value, kept)
                if (
                    action == "revise" and kept is not None and any(v is kept for v in items[key])
                ):  # not merged into a twin
                    added.setdefault(key, []).append(kept)
                decide(
                    Decision(
                        round_no,
                        key,
                        value.value,
                        action,
                        reason,
                        kept.value if action == "revise" and kept is not None else "",
                    )
                )
        if round_no == 1 and proposer is not None:
            for key in [k for k, v in items.items() if not v]:
                proposal = proposer(spec.item(key))
                if proposal is None:
                    continue
                value, why = proposal
                if challenge(value, spec.item(key), case) is not None:
                    continue
                items[key] = [value]
                added[key] = [value]
                decide(Decision(round_no, key, value.value, "add", why))
        if not added:
            break
        to_challenge = added
    # An item settled as none stays settled unless verification added a value to it.
    settled = {k: none for k, none in (checklist.settled or {}).items() if not items.get(k)}
    verified = checklist.model_copy(update={"items": items, "settled": settled or None})
    return VerifyResult(verified, decisions)


UNVERIFIED_NAME = "checklist_unverified.json"
LOG_NAME = "verify.jsonl"


def verify_run(
    run_dir: str | Path,
    spec: ChecklistSpec,
    case: Case,
    report: Callable[[str], object] | None = None,
    challenger: Challenger | None = None,
    proposer: Proposer | None = None,
    index: SearchIndex | None = None,
    on_decision: Callable[[Decision], object] | None = None,
) -> VerifyResult:
    """Verify a run folder's checklist in place; the extraction is kept as checklist_unverified.json.

    ``report`` receives a one-line summary (the CLI passes its console's print); ``challenger``
    and ``proposer`` are as for ``verify_checklist`` (``gavel_agent.verification.roles`` picks them for a model).
    """
    run_dir = Path(run_dir)
    original = ChecklistFile.read(run_dir / "checklist.json")
    result = verify_checklist(original, spec, case, challenger, proposer, index, on_decision)
    atomic.write_text(run_dir / UNVERIFIED_NAME, original.model_dump_json(indent=2) + "\n")
    atomic.write_text(
        run_dir / LOG_NAME, "".join(json.dumps(asdict(d), ensure_ascii=False) + "\n" for d in result.decisions)
    )
    atomic.write_text(run_dir / "checklist.json", result.checklist.model_dump_json(indent=2) + "\n")
    if report:
        report(f"{result.summary()} → {run_dir / LOG_NAME}")
    return result
