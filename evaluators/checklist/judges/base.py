"""What every judge returns, and the interface the scorer calls."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

# From the point of view of (a, b) = (prediction, reference).
Relation = Literal["equal", "a_contains_b", "b_contains_a", "different"]
RELATIONS: tuple[Relation, ...] = ("equal", "a_contains_b", "b_contains_a", "different")


@dataclass
class Judgment:
    """How one item's predicted values relate to its reference values.

    String-wise judgments (one value on each side) carry ``relation``; list-wise
    ones carry the matched index pairs (0-based: prediction, reference) and the
    indices left unmatched on either side.
    """

    relation: Relation | None = None
    pairs: list[tuple[int, int]] = field(default_factory=list)
    only_pred: list[int] = field(default_factory=list)
    only_ref: list[int] = field(default_factory=list)


class PairJudge(Protocol):
    """The two primitives one item's judgment is built from."""

    def relation(self, a: str, b: str) -> Relation: ...

    def match_lists(self, a: list[str], b: list[str]) -> list[tuple[int, int]]: ...


class Judge(PairJudge, Protocol):
    name: str

    def judge_items(self, items: list[tuple[str, list[str], list[str]]]) -> list[Judgment]:
        """Judge many (item key, predicted values, reference values) at once (lets LLM judges batch)."""
        ...


def judgment_from(pred: list[str], ref: list[str], judge: PairJudge) -> Judgment:
    """The judgment for one item with values on both sides, built from the two primitives."""
    if len(pred) == 1 and len(ref) == 1:
        return Judgment(relation=judge.relation(pred[0], ref[0]))
    return judgment_from_pairs(judge.match_lists(pred, ref), len(pred), len(ref))


def judgment_from_pairs(pairs: list[tuple[int, int]], n_pred: int, n_ref: int) -> Judgment:
    matched_pred = {p for p, _ in pairs}
    matched_ref = {r for _, r in pairs}
    return Judgment(
        pairs=list(pairs),
        only_pred=[i for i in range(n_pred) if i not in matched_pred],
        only_ref=[i for i in range(n_ref) if i not in matched_ref],
    )
