"""Reference-based overlap (ROUGE) and abstractiveness (novel n-grams) of a summary."""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel
from rouge_score import rouge_scorer

from gavel_agent.evaluators.summaries.text import words

NOVEL_NGRAM_SIZES = (1, 2, 3, 4)
ROUGE_TYPES = ("rouge1", "rouge2", "rougeL")


class RougeScores(BaseModel):
    """F1 of each ROUGE variant (rouge-score, Porter stemming)."""

    rouge1: float
    rouge2: float
    rougeL: float


class Novelty(BaseModel):
    """Share of the candidate's n-grams that never occur in the source text."""

    against: str  # what the n-grams were compared with, e.g. "reference summary"
    novel_1gram: float
    novel_2gram: float
    novel_3gram: float
    novel_4gram: float


@lru_cache(maxsize=1)
def _scorer() -> rouge_scorer.RougeScorer:
    return rouge_scorer.RougeScorer(list(ROUGE_TYPES), use_stemmer=True)


def rouge(reference: str, candidate: str) -> RougeScores:
    scores = _scorer().score(reference, candidate)
    return RougeScores(**{name: scores[name].fmeasure for name in ROUGE_TYPES})


def ngrams(tokens: list[str], n: int) -> list[tuple[str, ...]]:
    return [tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]


def novel_ngram_ratio(candidate: str, source: str, n: int) -> float:
    """Fraction of candidate n-grams (with repeats) absent from the source; 0 for an empty candidate."""
    grams = ngrams(words(candidate), n)
    if not grams:
        return 0.0
    seen = set(ngrams(words(source), n))
    return sum(g not in seen for g in grams) / len(grams)


def novelty(candidate: str, source: str, against: str) -> Novelty:
    ratios = {f"novel_{n}gram": novel_ngram_ratio(candidate, source, n) for n in NOVEL_NGRAM_SIZES}
    return Novelty(against=against, **ratios)


def length(text: str) -> int:
    """Length in words."""
    return len(words(text))
