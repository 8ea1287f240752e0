"""S_residual: facts a summary states outside its checklist evidence, compared with the reference's.

Each summary's residual is the text not covered by any checklist evidence quote.
It is split into atomic facts (offline: sentences and clauses; or by a model via
``llm_fact_splitter``) and the two fact lists are matched list-wise: F1, 0-100.
Offline, facts match at their own threshold (``OfflineJudge.for_facts``): the
checklist threshold is tuned for short values after an assignment step and would
pair almost any two long sentences.

When a summary has no checklist with evidence quotes (GAVEL releases none for the
human summaries), ``aligned_evidence`` stands in: the clauses of the summary that
state some checklist value of the case.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pydantic import BaseModel
from rapidfuzz import fuzz

from gavel_agent.evaluators.checklist.canonical_forms import normalize
from gavel_agent.evaluators.checklist.judges.base import Judge
from gavel_agent.evaluators.checklist.judges.llm import load_prompt
from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge, coverage
from gavel_agent.text.llm import Completer, ask_json

FactSplitter = Callable[[str], list[str]]
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"“])")
_CLAUSE_BREAK = re.compile(r";\s+|\s+(?:but|while|whereas)\s+")
_MIN_WORDS = 4  # shorter leftovers are connective tissue ("In 2020, the court"), not facts
_QUOTE_ALIGNMENT = 90  # rapidfuzz score for a quote the extractor copied with small changes (quotes, spaces)


def residual_spans(summary: str, evidence_quotes: list[str]) -> list[str]:
    """The stretches of ``summary`` that no evidence quote covers."""
    covered = [False] * len(summary)
    for quote in evidence_quotes:
        quote = quote.strip()
        for start, end in _quote_spans(summary, quote):
            covered[start:end] = [True] * (end - start)
    spans: list = []
    current: list = []
    for ch, is_covered in zip(summary, covered):
        if is_covered:
            if current:
                spans.append("".join(current))
                current = []
        else:
            current.append(ch)
    if current:
        spans.append("".join(current))
    return [s.strip() for s in spans if len(s.split()) >= _MIN_WORDS]


def _quote_spans(summary: str, quote: str) -> list[tuple[int, int]]:
    """Where ``quote`` occurs in ``summary``: every exact occurrence, else the best close alignment."""
    if not quote:
        return []
    spans, start = [], summary.find(quote)
    while start >= 0:
        spans.append((start, start + len(quote)))
        start = summary.find(quote, start + 1)
    if spans:
        return spans
    alignment = fuzz.partial_ratio_alignment(quote, summary, score_cutoff=_QUOTE_ALIGNMENT)
    return [(alignment.dest_start, alignment.dest_end)] if alignment else []


def aligned_evidence(summary: str, values: list[str], cover: float | None = None) -> list[str]:
    """The clauses of ``summary`` holding at least ``cover`` of some checklist value's content words."""
    cover = OfflineJudge().thresholds.evidence_cover if cover is None else cover
    wanted = [normalize(v) for v in values if v.strip()]
    return [
        clause
        for clause in split_facts(summary, min_words=1)
        if any(coverage(v, normalize(clause)) >= cover for v in wanted if v.tokens)
    ]


def split_facts(text: str, min_words: int = _MIN_WORDS) -> list[str]:
    """Offline fact splitter: sentences, then clauses at semicolons and contrastive conjunctions."""
    facts = []
    for sentence in _SENTENCE_END.split(text):
        facts += [c.strip(" ,.") for c in _CLAUSE_BREAK.split(sentence)]
    return [f for f in facts if len(f.split()) >= min_words]


class FactsReply(BaseModel):
    """The schema the fact splitter's answer is held to where the provider can."""

    facts: list[str]


def llm_fact_splitter(completer: Completer) -> FactSplitter:
    system = load_prompt("judge_facts.md")

    def split(text: str) -> list[str]:
        reply = ask_json(completer, system, text, FactsReply)
        facts = reply.get("facts", []) if isinstance(reply, dict) else reply
        if not isinstance(facts, list):
            facts = []
        return [str(f).strip() for f in facts if str(f).strip()]

    return split


def residual_score(
    summary: str,
    evidence: list[str],
    ref_summary: str,
    ref_evidence: list[str],
    judge: Judge | None = None,
    splitter: FactSplitter = split_facts,
) -> float | None:
    """F1 (0-100) between residual facts; None when neither summary has residual facts.

    ``judge`` defaults to the offline judge at its fact threshold.
    """
    judge = judge or OfflineJudge().for_facts()
    pred = [f for span in residual_spans(summary, evidence) for f in splitter(span)]
    ref = [f for span in residual_spans(ref_summary, ref_evidence) for f in splitter(span)]
    if not pred and not ref:
        return None
    if not pred or not ref:
        return 0.0
    matched = len(judge.match_lists(pred, ref))
    return 100 * 2 * matched / (len(pred) + len(ref))
