"""A judge that needs no model: canonical forms, fuzzy token similarity, optimal matching.

Thresholds live in ``offline_thresholds.json``; they were tuned on GAVEL's 20
development cases against GAVEL's Gemma-3-27B judge (``bench/validate_offline_judge.py
--tune``), so scores on those cases are in-sample.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from datetime import date
from pathlib import Path

import numpy as np
from rapidfuzz import fuzz
from scipy.optimize import linear_sum_assignment

from gavel_agent.evaluators.checklist.canonical_forms import LEXICON, Normalized, normalize
from gavel_agent.evaluators.checklist.judges.base import Judgment, Relation, judgment_from
from gavel_agent.evaluators.summaries.text import stem

THRESHOLDS_FILE = Path(__file__).with_name("offline_thresholds.json")
_NAME_ITEMS = frozenset(LEXICON["name_items"])


@dataclass(frozen=True)
class RelationFeatures:
    same: bool  # identical after normalisation
    conflict: bool  # both name dates / citations / statutes / amendments and some kind has no agreeing pair
    sort_similarity: float  # rapidfuzz token-sort ratio, 0-1
    b_in_a: float  # share of b's words found in a
    a_in_b: float


@dataclass
class Thresholds:
    equal: float  # token-sort similarity (0-1) above which two values say the same thing
    contain: float  # share of the shorter value's words found in the longer one for "contains"
    match: float  # pair similarity (0-1) above which list values count as the same fact
    anchor_bonus: float  # added to a list pair's similarity when a date / citation / statute agrees
    conflict_penalty: float  # factor on a list pair's similarity when its anchors all disagree
    date_tolerance_days: float  # list values' dates this close agree (a docket date against the order it records)
    fact_match: float  # pair similarity above which two sentence-length facts match (S_residual)
    evidence_cover: float  # share of a checklist value's words a clause must hold to state it (S_residual)

    @classmethod
    def load(cls, path: Path = THRESHOLDS_FILE) -> Thresholds:
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(**{f.name: float(data[f.name]) for f in fields(cls)})


def _stem(word: str) -> str:
    # Canonical tokens ("usc:42_1983") are kept whole; words are merged with their inflections.
    return word if ":" in word else stem(word)


def coverage(part: Normalized, whole: Normalized) -> float:
    """Share of ``part``'s content words (stemmed) that ``whole`` also has."""
    mine = {_stem(w) for w in part.tokens}
    if not mine:
        return 1.0 if not whole.tokens else 0.0
    return len(mine & {_stem(w) for w in whole.tokens}) / len(mine)


def _kind(key: str) -> str:
    return key.split(":")[0] if ":" in key else "date"


def _dates_agree(x: str, y: str, tolerance_days: float) -> bool:
    """Same day, a partial date containing the other ("2019-06" / "2019-06-26"), or days apart."""
    if x.startswith(y) or y.startswith(x):
        return True
    try:
        return abs((date.fromisoformat(x) - date.fromisoformat(y)).days) <= tolerance_days
    except ValueError:  # a partial date against another month
        return False


def _anchors(a: Normalized, b: Normalized, tolerance_days: float) -> tuple[int, int]:
    """(kinds of canonical key both values name, kinds among them where some keys agree)."""
    shared = agreed = 0
    for kind in {_kind(k) for k in a.keys} & {_kind(k) for k in b.keys}:
        mine = [k for k in a.keys if _kind(k) == kind]
        theirs = [k for k in b.keys if _kind(k) == kind]
        shared += 1
        if kind == "date":
            agreed += any(_dates_agree(x, y, tolerance_days) for x in mine for y in theirs)
        else:
            agreed += bool(set(mine) & set(theirs))
    return shared, agreed


def _same_keys_and_words(a: Normalized, b: Normalized) -> bool:
    """Canonical keys agree and the other words differ only by bare numbers (pinpoints, years)."""
    words = lambda n: {w for w in n.tokens if not w.isdigit()}  # noqa: E731
    return bool(a.keys) and a.keys == b.keys and words(a) == words(b)


class OfflineJudge:
    name = "offline"

    def __init__(self, thresholds: Thresholds | None = None):
        self.thresholds = thresholds or Thresholds.load()

    def _norm(self, value: str, item: str | None) -> Normalized:
        return normalize(value, is_name=item in _NAME_ITEMS)

    def for_facts(self) -> OfflineJudge:
        """This judge with the threshold for sentence-length facts (S_residual) as its match threshold."""
        return OfflineJudge(replace(self.thresholds, match=self.thresholds.fact_match))

    def relation(self, a: str, b: str, item: str | None = None) -> Relation:
        return self.relation_from(self.relation_features(a, b, item))

    def relation_features(self, a: str, b: str, item: str | None = None) -> RelationFeatures:
        """Threshold-free measurements of a pair (kept apart so tuning can sweep thresholds cheaply)."""
        na, nb = self._norm(a, item), self._norm(b, item)
        # A single date a day off is another date; the tolerance is for list values describing one event.
        shared, agreed = _anchors(na, nb, tolerance_days=0)
        return RelationFeatures(
            same=na.text == nb.text or _same_keys_and_words(na, nb),
            conflict=agreed < shared,
            sort_similarity=fuzz.token_sort_ratio(na.text, nb.text) / 100,
            b_in_a=coverage(nb, na),
            a_in_b=coverage(na, nb),
        )

    def relation_from(self, f: RelationFeatures) -> Relation:
        if f.same:
            return "equal"
        if f.conflict:
            return "different"
        if f.sort_similarity >= self.thresholds.equal:
            return "equal"
        if max(f.b_in_a, f.a_in_b) >= self.thresholds.contain:
            return "a_contains_b" if f.b_in_a >= f.a_in_b else "b_contains_a"
        return "different"

    def similarity(self, a: str, b: str, item: str | None = None) -> float:
        """How likely two list values state the same fact, 0-1."""
        na, nb = self._norm(a, item), self._norm(b, item)
        if na.text == nb.text:
            return 1.0
        # Mean two-way word coverage tracked GAVEL's judge best on the development pairs
        # (list-wise r 0.68, against 0.67 for token-set ratio; IDF weighting and partial-ratio
        # blends added < 0.01); agreeing anchors lift it and wholly disagreeing ones (another
        # date, another statute) damp it rather than zero it: list-wise r 0.68 -> 0.72.
        words = (coverage(na, nb) + coverage(nb, na)) / 2
        shared, agreed = _anchors(na, nb, self.thresholds.date_tolerance_days)
        if agreed:
            return min(1.0, words + self.thresholds.anchor_bonus)
        return words * self.thresholds.conflict_penalty if shared else words

    def assignment(self, a: list[str], b: list[str], item: str | None = None) -> list[tuple[int, int, float]]:
        """The optimal one-to-one assignment (index in a, index in b, similarity), before thresholding."""
        if not a or not b:
            return []
        sim = np.array([[self.similarity(x, y, item) for y in b] for x in a])
        rows, cols = linear_sum_assignment(sim, maximize=True)
        return [(int(i), int(j), float(sim[i, j])) for i, j in zip(rows, cols)]

    def match_lists(self, a: list[str], b: list[str], item: str | None = None) -> list[tuple[int, int]]:
        """One-to-one pairs (index in a, index in b) maximising total similarity, above the match threshold."""
        return [(i, j) for i, j, s in self.assignment(a, b, item) if s >= self.thresholds.match]

    def judge_items(self, items: list[tuple[str, list[str], list[str]]]) -> list[Judgment]:
        return [judgment_from(pred, ref, _ItemBound(self, key)) for key, pred, ref in items]


class _ItemBound:
    """The judge with the item key fixed, so shape-specific normalisers apply."""

    def __init__(self, judge: OfflineJudge, item: str):
        self.judge, self.item, self.name = judge, item, judge.name

    def relation(self, a: str, b: str) -> Relation:
        return self.judge.relation(a, b, self.item)

    def match_lists(self, a: list[str], b: list[str]) -> list[tuple[int, int]]:
        return self.judge.match_lists(a, b, self.item)
