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
# A regex hit is its match with this many tokens on each side: enough to judge the hit and to read
# around it by its token range (a bare match is often one token), about what a bm25 snippet shows.
REGEX_WINDOW_TOKENS = 30
# Matches whose windows overlap become one hit, up to this many tokens (a dense run of matches is
# split rather than shown as one long passage).
REGEX_HIT_MAX_TOKENS = 200
# Hits kept per document for one repeated match text (a page header's case number on every page);
# the rest are counted, not shown.
REPEATS_SHOWN = 2
# A match's line, for repeats and for an exclude pattern: the line it stands in, at most this many
# characters on each side of it (a text without line breaks is not one line).
LINE_CHARS = 80
_DIGITS = re.compile(r"\d+")
# Matches examined per document, however many the pattern has (a cap per document, so that a
# pattern matching every word of the first document still reaches the others).
REGEX_MAX_MATCHES = 1000
# A snippet shows whole words: an edge that falls inside a word moves out to the word's edge when that
# is at most this many characters away, else in to the next edge (a long unbroken run: a URL, a rule of
# dashes). The snippet's token range moves with it, so the range printed is the text shown.
WORD_REACH_CHARS = 20
# A bm25 snippet: about this many characters on each side of the passage's densest cluster of query terms.
SNIPPET_CHARS = 160
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
    matches: int = 1  # regex: the matches merged into this hit
    repeats: int = 0  # regex: further matches of the same text in this document, left out
    repeated: str = ""  # regex: that text
    # bm25: the token range of the snippet, a part of the passage; None: the snippet is the whole hit (regex)
    snippet_span: tuple[int, int] | None = None

    @property
    def shown_tokens(self) -> tuple[int, int]:
        """The token range whose text the snippet is: what a result prints beside it."""
        return self.snippet_span or (self.start_token, self.end_token)


@dataclass(frozen=True)
class _Match:
    document: str
    start: int
    end: int
    key: str  # the match in its line, folded, numbers aside: the same key on every page is a repeat


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
            doc = self.case.document(p.document)
            shown = _snippet_span(doc, p, terms)
            s, e = doc.char_span(*shown)
            snippet = " ".join(doc.text[s:e].split())
            hits.append(
                Hit(
                    p.document,
                    p.start_token,
                    p.end_token,
                    p.start_char,
                    p.end_char,
                    float(scores[i]),
                    snippet,
                    snippet_span=shown,
                )
            )
            if len(hits) == top_k:
                break
        return hits

    def regex(
        self,
        pattern: str,
        flags: str = "",
        top_k: int = 20,
        documents: list[str] | None = None,
        exclude: str | None = None,
    ) -> list[Hit]:
        """Regex hits grouped by document: each a match with REGEX_WINDOW_TOKENS of context on each side,
        overlapping ones merged, a text repeated in one document shown REPEATS_SHOWN times and counted
        after that. ``exclude`` drops matches whose line it matches (a precedent's name in the citation).
        Documents with the most hits come first; ``top_k`` hits are shared out across documents.

        Raises ValueError for a bad pattern or flag, and for patterns that do not finish within
        REGEX_CALL_BUDGET_S (wall clock) over all the documents, compiling included."""
        docs = [d for d in self.case.documents if not documents or d.name in documents]
        matches: list[_Match] = []
        outcome: list[BaseException] = []

        deadline = time.monotonic() + REGEX_CALL_BUDGET_S

        def scan() -> None:
            try:
                excluded = compile_pattern(exclude, flags) if exclude else None
                _scan(compile_pattern(pattern, flags), excluded, docs, matches, deadline)
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
        by_document: dict[str, list[_Match]] = {}
        for m in matches:  # one pass: a document may hold a thousand matches
            by_document.setdefault(m.document, []).append(m)
        per_document = [_document_hits(doc, by_document.get(doc.name, [])) for doc in docs]
        return _share_out([hits for hits in per_document if hits], top_k)


def _scan(
    compiled: regex.Pattern, excluded: regex.Pattern | None, docs: list[Document], out: list[_Match], deadline: float
) -> None:
    for doc in docs:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        found = 0
        for m in compiled.finditer(doc.text, timeout=remaining, concurrent=True):
            line = _line_around(doc.text, m.start(), m.end())
            if excluded is not None and excluded.search(line, timeout=max(deadline - time.monotonic(), 0.001)):
                continue
            out.append(_Match(doc.name, m.start(), m.end(), _repeat_key(line)))
            found += 1
            if found == REGEX_MAX_MATCHES:
                break


def _line_around(text: str, start: int, end: int) -> str:
    """The line of the match ``text[start:end]``, at most LINE_CHARS on each side of it."""
    lowest = max(start - LINE_CHARS, 0)
    line_start = text.rfind("\n", lowest, start) + 1 or lowest
    line_end = text.find("\n", end, end + LINE_CHARS)
    return text[line_start : line_end if line_end >= 0 else end + LINE_CHARS]


def _repeat_key(line: str) -> str:
    """What makes two matches one repeated text: the match's line, case and spacing folded and numbers
    aside. A page header differs from page to page only in its numbers; the same word in two sentences
    is two hits, not a repeat."""
    return _DIGITS.sub("#", " ".join(line.casefold().split()))


def _document_hits(doc: Document, matches: list[_Match]) -> list[Hit]:
    """One document's matches as hits: repeats beyond REPEATS_SHOWN counted, overlapping windows merged."""
    seen: dict[str, int] = {}
    first_kept: dict[str, int] = {}  # match text -> index in kept of its first match
    kept: list[_Match] = []
    left_out: dict[int, int] = {}  # index in kept -> repeats of its text left out
    for m in matches:
        seen[m.key] = seen.get(m.key, 0) + 1
        if seen[m.key] <= REPEATS_SHOWN:
            first_kept.setdefault(m.key, len(kept))
            kept.append(m)
        else:
            left_out[first_kept[m.key]] = left_out.get(first_kept[m.key], 0) + 1
    hits: list[Hit] = []
    n = doc.token_count
    for i, m in enumerate(kept):
        start = max(doc.token_at(m.start) - REGEX_WINDOW_TOKENS, 0)
        end = min(doc.token_at(max(m.end - 1, m.start)) + 1 + REGEX_WINDOW_TOKENS, n)
        count, repeats = 1, left_out.get(i, 0)
        repeated = doc.text[m.start : m.end] if repeats else ""
        last = hits[-1] if hits else None
        if last is not None and start < last.end_token and end - last.start_token <= REGEX_HIT_MAX_TOKENS:
            hits.pop()
            start, count = last.start_token, last.matches + 1
            repeats, repeated = last.repeats + repeats, last.repeated or repeated
        start, end = on_word_edges(doc, start, end)
        s, e = doc.char_span(start, end)
        hits.append(
            Hit(doc.name, start, end, s, e, float(count), " ".join(doc.text[s:e].split()), count, repeats, repeated)
        )
    return hits


def _share_out(per_document: list[list[Hit]], top_k: int) -> list[Hit]:
    """``top_k`` hits taken in turn from each document (so one document cannot take them all), then
    grouped by document, the documents with most hits first, each in reading order."""
    order = sorted(range(len(per_document)), key=lambda i: -len(per_document[i]))  # stable: case order on ties
    taken = [0] * len(per_document)
    total = 0
    while total < top_k and any(taken[i] < len(per_document[i]) for i in order):
        for i in order:
            if taken[i] < len(per_document[i]) and total < top_k:
                taken[i] += 1
                total += 1
    return [hit for i in order for hit in per_document[i][: taken[i]]]


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


def _snippet_span(doc: Document, passage: Passage, terms: list[str]) -> tuple[int, int]:
    """The token range, on word edges, of the part of a passage around its densest cluster of query terms
    (the passage's opening when no term is found in it)."""
    lowered = doc.text[passage.start_char : passage.end_char].lower()
    positions = sorted(m.start() for t in set(terms) for m in re.finditer(re.escape(t), lowered))
    if positions:
        best = max(positions, key=lambda p: sum(1 for q in positions if abs(q - p) <= SNIPPET_CHARS))
        # centred on the cluster, but kept whole inside the passage when the cluster sits near its end
        centred = passage.start_char + best - SNIPPET_CHARS
        lo = max(passage.start_char, min(centred, passage.end_char - 2 * SNIPPET_CHARS))
    else:
        lo = passage.start_char
    hi = min(passage.end_char, lo + 2 * SNIPPET_CHARS)
    return on_word_edges(doc, doc.token_at(lo), doc.token_at(max(hi - 1, lo)) + 1)


def _at_word_edge(text: str, char: int) -> bool:
    return char <= 0 or char >= len(text) or text[char - 1].isspace() or text[char].isspace()


def on_word_edges(doc: Document, start: int, end: int) -> tuple[int, int]:
    """The token range ``[start, end)`` moved so that its text begins and ends on word edges: each edge
    inside a word goes out to the word's edge within WORD_REACH_CHARS, else in to the nearest edge; a
    range with no word edge inside it is kept as it is."""
    text, offsets = doc.text, doc.token_offsets

    def moved(token: int, step: int, stop: int) -> int:
        """``token`` moved by ``step`` to a word edge: outward within reach, else back inward up to ``stop``."""
        first = int(offsets[token])
        out = token
        while not _at_word_edge(text, int(offsets[out])) and abs(int(offsets[out + step]) - first) <= WORD_REACH_CHARS:
            out += step
        if _at_word_edge(text, int(offsets[out])):
            return out
        inward = token
        while inward != stop and not _at_word_edge(text, int(offsets[inward])):
            inward -= step
        return inward

    new_start = moved(start, -1, end)
    new_end = moved(end, 1, new_start)
    return (new_start, new_end) if new_start < new_end else (start, end)


def regex_text(hits: list[Hit], asked: str) -> str:
    """Regex hits as the model sees them: a line per document, then its hits with their token ranges."""
    documents = list(dict.fromkeys(h.document for h in hits))
    lines = [f"{asked}: {len(hits)} hits in {len(documents)} document(s), most hits first"]
    for name in documents:
        group = [h for h in hits if h.document == name]
        lines.append(f"{name} ({len(group)} hit{'s' if len(group) > 1 else ''}):")
        for h in group:
            notes = [f"{h.matches} matches"] if h.matches > 1 else []
            if h.repeats:
                notes.append(f"{h.repeats} more {' '.join(h.repeated.split())!r} in this document not shown")
            lines.append(
                f"- tokens {h.start_token}-{h.end_token}{' (' + '; '.join(notes) + ')' if notes else ''}: {h.snippet}"
            )
    return "\n".join(lines)
