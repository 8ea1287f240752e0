"""What the first-stop review names: concrete findings on the checklist, each from the item specs' data.

- items neither filled nor settled as none in the record;
- values that break their item's ``value_format`` where the format says how a value begins: a
  leading ``[date]`` or ``[duration]``, fixed words ("Plaintiff:", "Appeal:"), or a whole closed
  value ("Plaintiffs: Class Action", "Yes");
- values resting on fragments alone ("ECF 31 at 27", a bare stamp);
- values whose quotes only bear on them (support ``related``), with what they leave unsaid;
- near-duplicate values within an item;
- list items holding far more values than the reference checklists do (above the spec's ``max_count``
  and twice its ``typical_count``).
"""

from __future__ import annotations

import re
from collections import Counter

from rapidfuzz import fuzz

from gavel_agent.checklists import ItemSpec
from gavel_agent.checklists.record import Value
from gavel_agent.text.values import TERM, dates, numbers
from gavel_agent.tools.checklist import ChecklistState
from gavel_agent.tools.quotes import fold_quote

# A quote with fewer words of three letters or more names a place ("ECF 31 at 27") or a stamp, not a
# statement; a stamp beside a sentence is useful, a value resting on such quotes alone is not.
FRAGMENT_WORDS = 3
_WORD = re.compile(r"[^\W\d_]{3,}")
_TOKEN = re.compile(r"\w+")  # every word and initial, for telling two values apart
DUPLICATE_SIMILARITY = 92  # rapidfuzz token-set ratio of two values' folded texts
_ALTERNATIVES = re.compile(r",?\s+or\s+")
_SLOT = re.compile(r"\[([^\]]+)\]")


def _openings(item: ItemSpec) -> list[tuple[str, str]]:
    """How the item's values may begin, from its value format: a slot ("date", "duration"), fixed
    words a value starts with ("Plaintiff:", "Plaintiffs: Individual, described as"), or a whole
    closed value ("Plaintiffs: Class Action", "Yes"); none when the format describes rather than shows."""
    if "[" not in item.value_format and " or " not in item.value_format:
        return []
    out = []
    for alternative in _ALTERNATIVES.split(item.value_format.strip().rstrip(".")):
        slot = _SLOT.match(alternative)
        if slot:
            out.append(("slot", slot.group(1)))
        elif "[" in alternative:
            out.append(("prefix", alternative.split("[")[0].strip()))
        else:
            out.append(("exact", alternative.strip()))
    return out


def _begins(value: str, opening: tuple[str, str]) -> bool:
    kind, text = opening
    if kind == "exact":
        return value.strip().rstrip(".").lower() == text.lower()
    if kind == "prefix":
        return value.lower().startswith(text.lower())
    head = value.split(":")[0]
    if text == "date":
        return bool(dates(head))
    if text == "duration":
        return bool(TERM.search(head) or numbers(head))
    return True  # a slot such as [who] or [caption]: any opening


def format_problem(item: ItemSpec, value: str) -> str | None:
    openings = _openings(item)
    if not openings or any(_begins(value, o) for o in openings):
        return None
    begins = [f"a {t}" if k == "slot" else repr(t) for k, t in openings if k != "exact"]
    closed = [repr(t) for k, t in openings if k == "exact"]
    wanted = [f"begin with {' or '.join(begins)}"] if begins else []
    wanted += [f"read exactly {' or '.join(closed)}"] if closed else []
    return f"does not {' nor '.join(wanted)} (format: {item.value_format})"


def _fragments(item: ItemSpec, value: Value) -> list[str]:
    """The value's quotes when every one of them is a fragment, else none. A quote that holds the whole
    value is no fragment, however short: a citation ("2009 WL 1011595") or a docket number is its own
    evidence, and the item may say the cite alone will do; so is one that states the number an item
    of numbers asks for ("Cite as: 603 U. S. ____ (2024)", a slip opinion's only statement of its cite)."""
    short = [e.quote for e in value.evidence if len(_WORD.findall(e.quote)) < FRAGMENT_WORDS]
    if any(fold_quote(value.value) in fold_quote(e.quote) for e in value.evidence):
        return []
    if item.support == "number" and value.support == "states":
        return []
    return short if short and len(short) == len(value.evidence) else []


def _duplicates(values: list[Value]) -> list[tuple[str, str]]:
    """Pairs of values that say the same thing: alike as token sets, and one's words all found in the
    other's, as often as it uses them. Two values that each have a word of their own (two plaintiffs
    with the same next friend, a motion granted and one denied, "Class A" beside "a warrant" and "Class
    B") are different values however much else they share."""
    folded = [fold_quote(v.value) for v in values]
    words = [Counter(_TOKEN.findall(text)) for text in folded]
    return [
        (values[i].value, values[j].value)
        for i in range(len(values))
        for j in range(i + 1, len(values))
        if fuzz.token_set_ratio(folded[i], folded[j]) >= DUPLICATE_SIMILARITY
        and (words[i] <= words[j] or words[j] <= words[i])
    ]


def findings(state: ChecklistState) -> list[str]:
    """One line per finding, in checklist order; empty when the review finds nothing."""
    lines = []
    unsettled = state.open_items()
    if unsettled:
        lines.append(
            f"Items neither filled nor settled: {', '.join(unsettled)}. Fill each, or settle it with "
            "settle_none citing the searches that found nothing."
        )
    for key in state.item_keys:
        item, values = state.spec.item(key), state.items[key]
        if item.shape == "single" and len(values) > 1:  # an append adds; nothing else says the item takes one
            lines.append(
                f"{key} takes one value and holds {len(values)}: keep the one the papers support "
                "(update_checklist replaces them, remove_values drops one)."
            )
        if item.max_count is not None and len(values) > max(item.max_count, 2 * (item.typical_count or 0)):
            # Far above: beyond the fullest reference checklist and twice the typical one, the item is
            # written at a finer grain than a case summary's (42 decree terms where the references hold
            # 4 to 11); one value over a small maximum (a third counsel where the fullest holds 2) is not.
            lines.append(
                f"{key} holds {len(values)} values, more than any reference case summary (typically "
                f"{item.typical_count}, the fullest {item.max_count}): not a limit, but check the grain: merge "
                "values that are parts of one term, ruling or fact (merge_values keeps their quotes) and drop "
                "minor ones (remove_values)."
            )
        for v in values:
            if problem := format_problem(item, v.value):
                lines.append(f"{key}: {v.value!r} {problem}.")
            if fragments := _fragments(item, v):
                shown = ", ".join(repr(q) for q in fragments)
                lines.append(
                    f"{key}: {v.value!r} rests on fragments only ({shown}): quote the sentence that states it."
                )
            if v.support == "related":
                lines.append(
                    f"{key}: {v.value!r} is only weakly supported ({v.support_note}): append it again with a quote that states the rest (the quote is added to it)."
                )
        for a, b in _duplicates(values):
            lines.append(f"{key}: {a!r} and {b!r} look like the same value: keep one (remove_values or merge_values).")
        for value, why in state.refused.get(key, {}).items():
            lines.append(
                f"{key}: {value!r} was refused ({_first_sentence(why)}) and nothing like it was stored since: "
                "send it again with a quote that states it, or leave it out on purpose."
            )
    return lines


def _first_sentence(text: str) -> str:
    """A refusal's reason without its advice (the finding gives its own)."""
    return text.split(". ")[0].rstrip(".")
