"""The offline QA path: a lexical approximation of question-answer grading, no model calls.

Questions come from the reference's sentences that carry a role cue (see
``qa_roles``); each names the sentence's most distinctive words and takes the
sentence itself as the reference answer. The candidate "answers" with its
sentences that BM25 ranks best for the question's words (at most
``ANSWER_SENTENCES``; "not stated" when no sentence shares a word), and the grade
is the share of the reference answer's content words that those sentences
contain, scaled to 0-10.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from rank_bm25 import BM25Okapi

from gavel_agent.evaluators.summaries.qa_report import (
    DEFAULT_THRESHOLD,
    MAX_GRADE,
    NOT_STATED,
    QAPair,
    QAReport,
    report,
)
from gavel_agent.evaluators.summaries.qa_roles import QUESTION_TEMPLATES, role_of
from gavel_agent.evaluators.summaries.text import content_tokens, sentences, words

METHOD = "offline"
NOTE = (
    "lexical approximation: questions from role cues in the reference's sentences, answers are the "
    "candidate sentences BM25 ranks best, grades are word overlap with the reference answer scaled to 0-10; "
    "no model read either summary"
)
MAX_TERMS = 6
# Candidates often split what the reference says in one sentence over two.
ANSWER_SENTENCES = 2

_TEMPLATE_TOKENS = {
    role: set(content_tokens(template.format(terms=""))) for role, template in QUESTION_TEMPLATES.items()
}


@lru_cache(maxsize=256)
def offline_pairs(reference: str) -> tuple[QAPair, ...]:
    """One question per role-bearing sentence of the reference summary."""
    ref_sentences = sentences(reference)
    # Words rare within this reference say what a sentence is about; "court" and "case" do not.
    doc_freq = Counter(t for s in ref_sentences for t in set(content_tokens(s)))
    pairs = []
    for sentence in ref_sentences:
        role = role_of(sentence)
        terms = _distinctive_words(sentence, doc_freq)
        if role is None or not terms:
            continue
        question = QUESTION_TEMPLATES[role].format(terms=", ".join(terms))
        pairs.append(QAPair(role=role, question=question, answer=sentence))
    return tuple(pairs)


def _distinctive_words(sentence: str, doc_freq: Counter) -> list[str]:
    seen: dict[str, tuple[int, int, str]] = {}
    for position, word in enumerate(words(sentence)):
        token = content_tokens(word)
        # Initials and lone digits ("g", "m", "7") name nothing on their own.
        if token and len(word) > 1 and token[0] not in seen:
            seen[token[0]] = (doc_freq[token[0]], position, word)
    chosen = sorted(seen.values())[:MAX_TERMS]
    return [word for _, _, word in sorted(chosen, key=lambda c: c[1])]


def _query(pair: QAPair) -> list[str]:
    return [t for t in content_tokens(pair.question) if t not in _TEMPLATE_TOKENS[pair.role]]


def answer_and_grade(pairs: tuple[QAPair, ...], candidate: str) -> tuple[list[str], list[int]]:
    """The candidate sentence that best answers each question, and its 0-10 overlap grade."""
    cand_sentences = sentences(candidate)
    cand_tokens = [content_tokens(s) for s in cand_sentences]
    index = BM25Okapi(cand_tokens) if any(cand_tokens) else None
    answers, grades = [], []
    for pair in pairs:
        best = _best_sentences(index, _query(pair)) if index else []
        if not best:
            answers.append(NOT_STATED)
            grades.append(0)
            continue
        answers.append(" ".join(cand_sentences[i] for i in best))
        grades.append(overlap_grade(pair.answer, {t for i in best for t in cand_tokens[i]}))
    return answers, grades


def _best_sentences(index: BM25Okapi, query: list[str]) -> list[int]:
    """Indices (in text order) of the top-ranked sentences that share a word with the query."""
    scores = index.get_scores(query)
    top = scores.argsort()[::-1][:ANSWER_SENTENCES]
    return sorted(int(i) for i in top if scores[i] > 0)


def overlap_grade(reference_answer: str, answer_tokens: set[str]) -> int:
    """Share of the reference answer's content words found in the answer, on the 0-10 scale."""
    wanted = set(content_tokens(reference_answer))
    if not wanted:
        return 0
    return int(MAX_GRADE * len(wanted & answer_tokens) / len(wanted) + 0.5)


def grade_offline(reference: str, candidate: str, threshold: int = DEFAULT_THRESHOLD) -> QAReport:
    pairs = offline_pairs(reference)
    answers, grades = answer_and_grade(pairs, candidate)
    return report(list(pairs), answers, grades, method=METHOD, note=NOTE, threshold=threshold)
