"""Quotes with a few words left out silently: the ``gaps`` alignment status.

Models shorten a quote without marking it: a parenthetical or a name goes ("LLC's neoprene" for
"LLC's ("Denka's") neoprene"; "Motion 8 .) (Entered:" for "Motion 8 .) (Sortun, Anna) (Entered:").
Such a quote still aligns when every word it keeps is the document's, in order, with at most
``MAX_GAPS`` runs of at most ``GAP_WORDS`` document words left out between them. Each run of the
quote's words between gaps is at least two words or six letters and holds a word of three letters or
more, so that common words or numbers scattered over a passage never stitch together ("2008-05-19"
from a line's last "2008)" and the next line's "05/19"); and a gap never hides a number ("within days"
for "within 30 days") or a word that would turn the statement around (``never_left_out`` in
quote_gaps.json: "not", "except", "without" ...).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MAX_GAPS = 3
# Document words in one gap: a parenthetical, a name, a filer's name. Six would let "the CSA approved"
# stand for "the CSA, the parties identified and the court approved".
GAP_WORDS = 4
MIN_RUN_WORDS, MIN_RUN_CHARS = 2, 6  # each run of quoted words between gaps: this many words or letters
MIN_QUOTE_WORDS = 4
_MAX_STARTS = 2000  # occurrences of the quote's first word tried (bounds a common first word)
# Words break at whitespace, hyphens, dashes and slashes, so "two-week" and a line-broken "two-\nweek",
# "Co-Neutrals" and "Co Neutrals" are the same words.
_SEPARATORS = np.array([ord(c) for c in " \t\n\r\f\v-/\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u00a0"], np.uint32)
NEVER_LEFT_OUT = frozenset(
    json.loads((Path(__file__).with_name("quote_gaps.json")).read_text(encoding="utf-8"))["never_left_out"]
)


@dataclass(frozen=True)
class Words:
    words: list[str]  # the key split into words
    starts: np.ndarray  # key offset where each word starts (plus one end entry)
    positions: dict[str, list[int]]  # word -> its indices in ``words``


def words(text: str, key: str, origin: np.ndarray) -> Words:
    """The words of a key (``key`` and ``origin`` as tools.quotes.keyed gives them for ``text``).

    Two key characters belong to different words when the text between them holds a separator, or
    skipped text (page furniture and footnotes left out of the key always hold a line break).
    """
    if not key:
        return Words([], np.zeros(1, dtype=np.int64), {})
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    seen = np.concatenate(([0], np.cumsum(np.isin(codes, _SEPARATORS))))
    breaks = np.nonzero(seen[origin[1:]] - seen[origin[:-1] + 1] > 0)[0] + 1
    starts = np.concatenate(([0], breaks, [len(key)])).astype(np.int64)
    found = [key[a:b] for a, b in zip(starts[:-1].tolist(), starts[1:].tolist())]
    positions: dict[str, list[int]] = {}
    for i, w in enumerate(found):
        positions.setdefault(w, []).append(i)
    return Words(found, starts, positions)


def _run_ok(run: list[str]) -> bool:
    long_enough = len(run) >= MIN_RUN_WORDS or sum(map(len, run)) >= MIN_RUN_CHARS
    return long_enough and any(sum(c.isalpha() for c in w) >= 3 for w in run)


def _match(quote: list[str], doc: list[str], j: int) -> int | None:
    """The document word index after the quote's last word, when the quote starts at word ``j``."""

    def follow(i: int, j: int, gaps: int) -> int | None:
        run_start = i
        while i < len(quote) and j < len(doc) and doc[j] == quote[i]:
            i, j = i + 1, j + 1
        if not _run_ok(quote[run_start:i]):
            return None
        if i == len(quote):
            return j
        if gaps == MAX_GAPS or i == run_start:
            return None
        for skipped in range(1, GAP_WORDS + 1):
            left_out = doc[j + skipped - 1] if j + skipped - 1 < len(doc) else ""
            if j + skipped >= len(doc) or left_out in NEVER_LEFT_OUT or any(c.isdigit() for c in left_out):
                return None
            if doc[j + skipped] == quote[i] and (end := follow(i, j + skipped, gaps + 1)) is not None:
                return end
        return None

    return follow(0, j, 0)


def find(quote: Words, doc: Words) -> tuple[int, int] | None:
    """Key span of the quote in the document with silent gaps, or None."""
    if len(quote.words) < MIN_QUOTE_WORDS:
        return None
    for j in doc.positions.get(quote.words[0], [])[:_MAX_STARTS]:
        end = _match(quote.words, doc.words, j)
        if end is not None:
            return int(doc.starts[j]), int(doc.starts[end])
    return None
