"""The strict offline judge: does an extracted value say what the reference says?

A value that matched a reference item (a true positive) is *supported* only
when it keeps the reference's numbers with their units, its dates and
durations, its modality (must / may / must not) and polarity, and its
exceptions and conditions. The first check that fails names the mismatch
type. Numbers and dates are compared against everything the reference states
for the item; modality, polarity and conditions against the reference value
the extracted one is closest to, because those only make sense clause by clause.

Missing reference values are not judged here: leaving something out is an
omission, which the audit counts as a false negative at the item level.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from rapidfuzz import fuzz, process, utils

from gavel_agent.checklists import ItemSpec
from gavel_agent.text.values import (
    NUMBER,
    TIME_UNITS,
    conditions,
    dates,
    modalities,
    negated,
    numbers,
    same_date,
    without_dates,
)

Mismatch = Literal[
    "none", "numeric", "temporal", "obligation", "scope", "missing_condition", "extra_condition", "other"
]
MISMATCH_TYPES: tuple[str, ...] = Mismatch.__args__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Verdict:
    supported: bool
    mismatch: Mismatch
    reason: str


class Judge(Protocol):
    name: str

    def __call__(self, item: ItemSpec, predicted: list[str], reference: list[str]) -> Verdict: ...


# A value shorter than this is an answer ("New York", "5 years"), not a clause:
# it cannot state a modality or a condition, so those checks would be unfair.
CLAUSE_WORDS = 6
# Below this similarity to every reference value, the value talks about something else.
MIN_SIMILARITY = 60
SHORT_ANSWER_WORDS = 8


# --- comparison ----------------------------------------------------------------


def _same_quantity(a: tuple[float, str | None], b: tuple[float, str | None]) -> bool:
    return abs(a[0] - b[0]) <= 1e-9 * max(1.0, abs(a[0])) and (a[1] is None or b[1] is None or a[1] == b[1])


def _show_number(q: tuple[float, str | None]) -> str:
    return f"{q[0]:g}" + (f" {q[1]}" if q[1] else "")


def _words(text: str) -> int:
    return len(text.split())


def compare(value: str, reference: list[str], category: str) -> tuple[Mismatch, str]:
    """The first way ``value`` departs from the reference, or ("none", "")."""
    closest, similarity = _closest(value, reference)
    if utils.default_process(value) == utils.default_process(closest):
        return "none", ""
    joined = "\n".join(reference)
    ref_dates, value_dates = dates(joined), dates(value)
    for d in value_dates:
        if not any(same_date(d, r) for r in ref_dates):
            return "temporal", f"date {_show_date(d)} is not in the reference"
    ref_numbers, value_numbers = numbers(joined), numbers(value)
    for q in value_numbers:
        if not any(_same_quantity(q, r) for r in ref_numbers):
            kind: Mismatch = "temporal" if q[1] in TIME_UNITS or category == "temporal" else "numeric"
            return kind, f"{_show_number(q)} is not in the reference"
    if (
        category in ("numeric", "temporal")
        and not value_dates
        and not value_numbers
        and (dates(closest) or numbers(closest))
    ):
        kind = "temporal" if category == "temporal" else "numeric"
        return kind, "the closest reference value states a figure or date this value leaves out"

    if _words(value) >= CLAUSE_WORDS:
        said, meant = modalities(value), modalities(closest)
        if said - meant:
            return (
                "obligation",
                f"modality {', '.join(sorted(said - meant))} where the reference has {', '.join(sorted(meant)) or 'none'}",
            )
        if negated(value) != negated(closest) and (negated(value) or said):
            return "obligation", "polarity differs (negation in one and not the other)"
        kept, required = conditions(value), conditions(closest)
        if required - kept:
            return "missing_condition", f"drops the reference's {', '.join(sorted(required - kept))}"
        if kept - required:
            return "extra_condition", f"adds {', '.join(sorted(kept - required))} the reference does not have"
    # A value that is only a date or a figure has been checked in full above.
    if similarity < MIN_SIMILARITY and NUMBER.sub(" ", without_dates(value)).strip(" ,.;:-()"):
        if _words(value) <= SHORT_ANSWER_WORDS and _words(closest) <= SHORT_ANSWER_WORDS:
            return "other", f"answer differs from the reference ({similarity:.0f}% similar)"
        return "scope", f"covers different ground than any reference value ({similarity:.0f}% similar)"
    return "none", ""


def _show_date(d) -> str:
    return "-".join("??" if x is None else str(x) for x in d)


def _similarity(a: str, b: str, **kwargs) -> float:
    # Token-set similarity forgives a value that quotes part of a clause; plain
    # similarity breaks its ties (every fragment of a clause scores 100 on the first).
    return 0.9 * fuzz.token_set_ratio(a, b, **kwargs) + 0.1 * fuzz.ratio(a, b, **kwargs)


def _closest(value: str, reference: list[str]) -> tuple[str, float]:
    best = process.extractOne(value, reference, scorer=_similarity, processor=utils.default_process)
    return (best[0], best[1]) if best else ("", 0.0)


class StrictJudge:
    """Deterministic strict judge (numbers, dates, modal verbs, negation, exception markers)."""

    name = "offline"

    def __call__(self, item: ItemSpec, predicted: list[str], reference: list[str]) -> Verdict:
        for value in predicted:
            mismatch, reason = compare(value, reference, item.category)
            if mismatch != "none":
                return Verdict(False, mismatch, f"{value[:80]!r}: {reason}")
        return Verdict(True, "none", "every value agrees with the reference")
