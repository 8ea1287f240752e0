"""Reference-based overlap (ROUGE) and abstractiveness (novel n-grams) of a summary.

ROUGE follows rouge-score (its tokenizer, Porter stemming, its n-gram scoring) with two
shortcuts that leave every figure as it was: each text is tokenised once and each word
stemmed once however many summaries it is compared with (a reference meets every model's
summary), and ROUGE-L's longest common subsequence comes from rapidfuzz's bit-parallel
LCS instead of rouge-score's pure-Python table (the same length, hundreds of times faster).
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel
from rapidfuzz.distance import LCSseq
from rouge_score import rouge_scorer, scoring, tokenize, tokenizers

from gavel_agent.evaluators.summaries.text import stem, words

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


class _CachedStemmer:
    """nltk's Porter stemmer, as rouge-score uses it, with each word's stem remembered."""

    stem = staticmethod(stem)


@lru_cache(maxsize=4096)
def rouge_tokens(text: str) -> tuple[str, ...]:
    """rouge-score's tokens of a text (lower-cased alphanumerics, words over three letters stemmed)."""
    return tuple(tokenize.tokenize(text, _CachedStemmer))


class _CachedTokenizer(tokenizers.Tokenizer):
    def tokenize(self, text: str) -> list[str]:
        return list(rouge_tokens(text))


@lru_cache(maxsize=1)
def _ngram_scorer() -> rouge_scorer.RougeScorer:
    return rouge_scorer.RougeScorer(["rouge1", "rouge2"], tokenizer=_CachedTokenizer())


def _rouge_l(reference: tuple[str, ...], candidate: tuple[str, ...]) -> float:
    """ROUGE-L F1 as rouge-score computes it (summary-level LCS over the token lists)."""
    if not reference or not candidate:
        return 0.0
    lcs = LCSseq.similarity(reference, candidate)
    return scoring.fmeasure(lcs / len(candidate), lcs / len(reference))


def rouge(reference: str, candidate: str) -> RougeScores:
    scores = _ngram_scorer().score(reference, candidate)
    return RougeScores(
        rouge1=scores["rouge1"].fmeasure,
        rouge2=scores["rouge2"].fmeasure,
        rougeL=_rouge_l(rouge_tokens(reference), rouge_tokens(candidate)),
    )


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
