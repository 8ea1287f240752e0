"""Search over a case: BM25 over overlapping passages, and regular expressions.

Passages are fixed token windows that overlap, so a fact that straddles a
window edge is still found whole in one of them.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass

import numpy as np
import regex
from rank_bm25 import BM25Okapi

from gavel_agent.case import Case, Document

PASSAGE_TOKENS = 256
PASSAGE_STRIDE = 192
# One deadline per search call, across all the documents it scans: a pattern that backtracks
# catastrophically costs the call at most this long, however many documents there are.
REGEX_CALL_BUDGET_S = 2.0
_WORD = re.compile(r"[a-z0-9]+(?:[.'][a-z0-9]+)*")


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


@dataclass(frozen=True)
class Passage:
    document: str
    start_token: int
    end_token: int
    start_char: int
    end_char: int


@dataclass(frozen=True)
class Hit:
    document: str
    start_token: int
    end_token: int
    start_char: int
    end_char: int
    score: float
    snippet: str


class SearchIndex:
    def __init__(self, case: Case):
        self.case = case
        self.passages: list[Passage] = []
        corpus: list[list[str]] = []
        for doc in case.documents:
            for p in _passages(doc):
                self.passages.append(p)
                corpus.append(words(doc.text[p.start_char : p.end_char]) or ["\u2205"])
        self._bm25 = BM25Okapi(corpus)
        self._doc_of = np.array([p.document for p in self.passages], dtype=object)

    def bm25(self, query: str, top_k: int = 5, documents: list[str] | None = None) -> list[Hit]:
        terms = words(query)
        if not terms or not self.passages:
            return []
        scores = self._bm25.get_scores(terms)
        if documents:
            scores = np.where(np.isin(self._doc_of, documents), scores, -np.inf)
        order = np.argsort(-scores, kind="stable")[: max(top_k * 3, top_k)]
        hits: list[Hit] = []
        covered: dict[str, list[tuple[int, int]]] = {}
        for i in order:
            if not np.isfinite(scores[i]) or scores[i] <= 0:
                break
            p = self.passages[i]
            # Neighbouring windows overlap; keep the best of any overlapping pair.
            if any(p.start_token < e and s < p.end_token for s, e in covered.get(p.document, [])):
                continue
            covered.setdefault(p.document, []).append((p.start_token, p.end_token))
            text = self.case.document(p.document).text
            hits.append(
                Hit(
                    p.document,
                    p.start_token,
                    p.end_token,
                    p.start_char,
                    p.end_char,
                    float(scores[i]),
                    _snippet(text, p.start_char, p.end_char, terms),
                )
            )
            if len(hits) == top_k:
                break
        return hits

    def regex(self, pattern: str, flags: str = "", top_k: int = 20, documents: list[str] | None = None) -> list[Hit]:
        """Regex matches in document order. Raises ValueError for a bad pattern or flag, and for a
        pattern that does not finish within REGEX_CALL_BUDGET_S (wall clock) over all the documents,
        compiling included."""
        docs = [d for d in self.case.documents if not documents or d.name in documents]
        hits: list[Hit] = []
        outcome: list[BaseException] = []

        deadline = time.monotonic() + REGEX_CALL_BUDGET_S

        def scan() -> None:
            try:
                _scan(compile_pattern(pattern, flags), docs, hits, top_k, deadline)
            except BaseException as e:  # handed to the waiting caller
                outcome.append(e)

        # The matcher runs in a worker the caller waits on by the wall clock: the `regex` engine's own
        # timeout counts CPU time and overshoots under load. It releases the GIL (concurrent=True) and
        # stops itself by that timeout soon after the caller has given up on it.
        worker = threading.Thread(target=scan, name="regex-search", daemon=True)
        worker.start()
        worker.join(REGEX_CALL_BUDGET_S)
        if worker.is_alive() or any(isinstance(e, TimeoutError) for e in outcome):
            raise ValueError(
                f"pattern too slow: {pattern!r} did not finish within {REGEX_CALL_BUDGET_S:g} s over "
                f"{len(docs)} document(s); simplify it (avoid nested or overlapping repeats such as "
                f"(a|aa)+ or (x+)+) or restrict it to fewer documents"
            )
        if outcome:
            raise outcome[0]
        return list(hits)


def _scan(compiled: regex.Pattern, docs: list[Document], hits: list[Hit], top_k: int, deadline: float) -> None:
    for doc in docs:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        for m in compiled.finditer(doc.text, timeout=remaining, concurrent=True):
            s, e = m.span()
            hits.append(
                Hit(doc.name, doc.token_at(s), doc.token_at(max(e - 1, s)) + 1, s, e, 1.0, _context(doc.text, s, e))
            )
            if len(hits) == top_k:
                return


def compile_pattern(pattern: str, flags: str = ""):
    table = {"i": regex.IGNORECASE, "m": regex.MULTILINE, "s": regex.DOTALL, "x": regex.VERBOSE}
    bad = set(flags) - set(table)
    if bad:
        raise ValueError(f"unknown regex flag(s) {''.join(sorted(bad))!r}; use any of i, m, s, x")
    value = 0
    for f in flags:
        value |= table[f]
    try:
        return regex.compile(pattern, value)
    except regex.error as e:
        raise ValueError(f"bad regex {pattern!r}: {e}") from None


def _passages(doc: Document) -> list[Passage]:
    n = doc.token_count
    out = []
    start = 0
    while True:
        end = min(start + PASSAGE_TOKENS, n)
        s, e = doc.char_span(start, end)
        out.append(Passage(doc.name, start, end, s, e))
        if end >= n:
            return out
        start += PASSAGE_STRIDE


def _context(text: str, start: int, end: int, width: int = 120) -> str:
    s, e = max(0, start - width), min(len(text), end + width)
    return " ".join(text[s:e].split())


def _snippet(text: str, start: int, end: int, terms: list[str], width: int = 160) -> str:
    """The part of a passage around its densest cluster of query terms."""
    passage = text[start:end]
    lowered = passage.lower()
    positions = [m.start() for t in set(terms) for m in re.finditer(re.escape(t), lowered)]
    if not positions:
        return " ".join(passage[: 2 * width].split())
    positions.sort()
    best = max(positions, key=lambda p: sum(1 for q in positions if abs(q - p) <= width))
    return _context(text, start + best, start + best, width)
