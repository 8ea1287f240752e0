"""S_style: how closely a summary's writing style follows the reference's.

Five dimensions, each rated 1 (written the same way) to 5 (completely different);
S_style = 100 * (1 - (mean rating - 1) / 4), a similarity. The LLM judge rates
the dimensions directly. The offline judge cannot read style, so it measures
proxies and says so in its result: Flesch reading ease and long-word share
(readability and jargon), agreement of date order (narrative order), sentence
length and passive-voice rate (sentence structure), list and heading lines
(formatting), and citations per 100 words (citation style).
"""

from __future__ import annotations

import re
import statistics

from pydantic import BaseModel, create_model
from scipy.stats import kendalltau

from gavel_agent.evaluators.checklist.canonical_forms import normalize
from gavel_agent.evaluators.checklist.judges.llm import load_prompt
from gavel_agent.text.llm import Completer, ask_json

DIMENSIONS = ("readability", "narrative_order", "sentence_structure", "formatting", "citation_style")
OFFLINE_METHOD = (
    "offline proxies: Flesch ease, long words, date order, sentence length, passive rate, "
    "list/heading lines, citation density"
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[A-Za-z]+")
_PASSIVE = re.compile(r"\b(?:is|are|was|were|be|been|being)\s+(?:\w+ly\s+)?\w+(?:ed|en)\b", re.I)
_LAYOUT_LINE = re.compile(r"^\s*(?:[-*•]|\d+[.)]|#+)\s+", re.M)
_CITATION = re.compile(r"\b\d+\s+(?:U\.\s?S\.|F\.|S\.\s?Ct\.|WL)|U\.S\.C\.|§", re.I)


class StyleScore(BaseModel):
    ratings: dict[str, int]  # dimension -> 1..5
    score: float  # 0-100 similarity
    method: str  # "llm" or "offline proxies: ..."


# Counted by hand, not textstat: textstat 0.7 looks syllables up in nltk's cmudict, which it downloads at first use.
def _syllables(word: str) -> int:
    return max(1, len(re.findall(r"[aeiouy]+", word.lower().rstrip("e"))))


def measures(text: str) -> dict[str, float]:
    sentences = [s for s in _SENTENCE.split(text.strip()) if s.strip()] or [text]
    words = _WORD.findall(text) or ["x"]
    syllables = sum(_syllables(w) for w in words)
    return {
        "flesch": 206.835 - 1.015 * len(words) / len(sentences) - 84.6 * syllables / len(words),
        "long_words": sum(_syllables(w) >= 3 for w in words) / len(words),
        "sentence_length": len(words) / len(sentences),
        "passive": len(_PASSIVE.findall(text)) / len(sentences),
        "layout": len(_LAYOUT_LINE.findall(text)) / max(1, text.count("\n") + 1),
        "citations": 100 * len(_CITATION.findall(text)) / len(words),
    }


def _rating(a: float, b: float, scale: float) -> int:
    """1 when equal, +1 for every ``scale`` of difference, at most 5."""
    return int(min(5, 1 + abs(a - b) // scale))


def _date_order(text: str) -> list[str]:
    return re.findall(r"\d{4}-\d{2}(?:-\d{2})?", normalize(text).text)


def _order_rating(a: str, b: str) -> int:
    # Dates as the summaries mention them: told in the same order when both run chronologically alike.
    seqs = [_date_order(t) for t in (a, b)]
    taus = []
    for seq in seqs:
        if len(seq) < 3:
            return 1 if all(len(s) < 3 for s in seqs) else 3
        taus.append(kendalltau(range(len(seq)), seq).statistic if len(set(seq)) > 1 else 1.0)
    return _rating(taus[0], taus[1], 0.4)


def offline_style(summary: str, reference: str) -> StyleScore:
    m, r = measures(summary), measures(reference)
    ratings = {
        "readability": round(
            statistics.fmean([_rating(m["flesch"], r["flesch"], 10), _rating(m["long_words"], r["long_words"], 0.05)])
        ),
        "narrative_order": _order_rating(summary, reference),
        "sentence_structure": round(
            statistics.fmean(
                [_rating(m["sentence_length"], r["sentence_length"], 6), _rating(m["passive"], r["passive"], 0.25)]
            )
        ),
        "formatting": _rating(m["layout"], r["layout"], 0.1),
        "citation_style": _rating(m["citations"], r["citations"], 0.75),
    }
    return StyleScore(
        ratings=ratings,
        score=_similarity(ratings),
        method=OFFLINE_METHOD,
    )


# The schema the style judge's answer is held to where the provider can: a 1-5 rating per dimension.
# The ignore: mypy checks a ** dict against create_model's own keywords (__config__, __base__ ...) too, which
# no dict of field definitions can satisfy; pydantic validates the fields at run time.
StyleReply = create_model("StyleReply", **{d: (int, ...) for d in DIMENSIONS}, reason=(str, ...))  # type: ignore[call-overload]


def llm_style(summary: str, reference: str, completer: Completer) -> StyleScore:
    user = f"REFERENCE summary:\n{reference}\n\nCANDIDATE summary:\n{summary}"
    reply = ask_json(completer, load_prompt("judge_style.md"), user, StyleReply)
    if not isinstance(reply, dict) or not all(d in reply for d in DIMENSIONS):
        raise ValueError("style judge reply lacks one of the five ratings")
    ratings = {d: int(min(5, max(1, int(reply[d])))) for d in DIMENSIONS}
    return StyleScore(ratings=ratings, score=_similarity(ratings), method="llm")


def _similarity(ratings: dict[str, int]) -> float:
    return 100 * (1 - (statistics.fmean(ratings.values()) - 1) / 4)
