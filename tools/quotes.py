"""Aligning a quoted passage with a document, and saying how closely it matched.

Models and people re-type quotes: other whitespace, curly or straight quote marks, dashes, letter
case, µ typed as μ, ``§7603`` for ``§ 7603``, ``two-week`` for a line-broken ``two-\\nweek``, a quote run
across a page break without the running header or the footnotes at the foot of the page, a footnote
marker left out (``overcrowded. Both`` for ``overcrowded.3  Both``), words left out behind ``...`` or
replaced by a bracketed ``[Denka]``, or a short parenthetical or name left out without a mark.
Alignment tries, in order:

- ``exact``: the quote is a substring of the document, or differs from the text it covers in
  whitespace only;
- ``normalised``: equal after both sides are reduced to a *key* (NFKC, case-folded, letters, digits and
  a few legal symbols only; ``.`` kept between digits so 1.5 never equals 15); if that fails, again
  with the document's page furniture (running headers, page numbers and footers), footnote markers
  and footnote blocks left out;
- ``pieces``: the quote split at each ellipsis and bracketed alteration; every piece must appear, in
  order, with at most ``ELLIPSIS_GAP`` key characters left out at an ellipsis and ``BRACKET_GAP`` at a
  bracket. A piece beside an ellipsis is at least two words or six letters (``48. ...`` anchors
  nothing);
- ``gaps``: a quote without such marks whose words are all the document's, in order, with up to three
  silent gaps of a few words (tools/quote_gaps.py).

Paraphrase and changed words never align: every letter and digit the quote keeps must be there, in
order. The match is mapped back to the document's own character offsets, widened over the closing
(and opening) marks the quote has, so stored evidence always points at the real text. A writer that
knows where it read the quote gives ``near`` (a character offset), and the occurrence nearest to it
is taken instead of the first. ``closest`` finds the passage nearest to a quote that did not align,
and ``refusal_reason`` says what differs, for the rejection message.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from rapidfuzz import fuzz

from gavel_agent.checklists.record import AlignmentStatus
from gavel_agent.text import pages
from gavel_agent.tools import footnotes, quote_gaps

_FOLD = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "`": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
        "\u2007": " ",
        "\u00ad": " ",  # a soft hyphen is invisible: treat it like the space it usually hides
    }
)
_WHITESPACE = np.array([ord(c) for c in " \t\n\r\x0b\x0c\u2028\u2029\x85"], dtype=np.uint32)

MIN_QUOTE_CHARS = 8
MAX_QUOTE_CHARS = 3000
# At an ellipsis a writer drops a citation string, a clause or a sentence or two: up to about a
# paragraph (500 letters and digits are ~100 words). More than that and the pieces no longer make
# one passage. A bracket replaces a name or a short phrase ("[Denka]" for "Defendant Denka
# Performance Elastomer, LLC", 37 key characters) or adds a word ("[sic]").
ELLIPSIS_GAP = 500
BRACKET_GAP = 60
_MAX_ANCHORS = 2000  # occurrences of the anchor piece tried before giving up (bounds a common piece)

# Symbols that carry meaning in legal text and survive in the key.
_KEPT_SYMBOLS = "§¶$%&"
# "1.5" keeps its point so that it never equals 15; a thousands comma carries no meaning ("1,000" is
# 1000) and a missing space after a comma is a typo ("December 15,2016"), so commas go.
_DIGIT_SEPARATORS = np.array([ord(".")], dtype=np.uint32)
# A piece beside an ellipsis must anchor the quote somewhere in particular.
MIN_PIECE_WORDS, MIN_PIECE_CHARS = 2, 6
_SPLIT = re.compile(
    r"(?P<ellipsis>\[\s*(?:\.\s*){3}\]|\[\s*\u2026\s*\]|(?:\.\s*){2}\.|\u2026)"
    r"|(?P<bracket>\[[^\[\]\n]{0,80}\])"
)


# ----------------------------------------------------------------------------- folding (values)


@dataclass(frozen=True)
class FoldedText:
    text: str  # folded text
    origin: np.ndarray  # origin[i] = offset in the original text of folded char i (plus one end entry)


def fold(text: str) -> FoldedText:
    """Fold typography and case; collapse whitespace runs to one space."""
    t = text.translate(_FOLD)
    lowered = t.lower()
    if len(lowered) == len(t):
        t = lowered
    else:  # a few characters lowercase to two; fold those one by one to keep offsets aligned
        t = "".join(c.lower() if len(c.lower()) == 1 else c for c in t)
    codes = np.frombuffer(t.encode("utf-32-le"), dtype=np.uint32)
    is_space = np.isin(codes, _WHITESPACE)
    keep = ~(is_space & np.concatenate(([False], is_space[:-1])))
    codes = np.where(is_space, np.uint32(32), codes)[keep]
    origin = np.append(np.nonzero(keep)[0], len(text)).astype(np.int32)
    return FoldedText(codes.astype(np.uint32).tobytes().decode("utf-32-le"), origin)


def fold_quote(quote: str) -> str:
    return fold(quote).text.strip(" .,;:\"'")


def same_text(quote: str, span_text: str) -> bool:
    """True when ``span_text`` is ``quote`` up to folding (used to audit stored offsets)."""
    return fold_quote(quote) == fold_quote(span_text)


# ----------------------------------------------------------------------------- keys


@dataclass(frozen=True)
class Keyed:
    key: str  # letters, digits and kept symbols, NFKC and case-folded
    origin: np.ndarray  # origin[i] = offset in the source text of key char i


# What each code point contributes to a key, filled in lazily: _LENGTH -1 = not yet worked out,
# 0 = dropped, 1 = the single code point in _SINGLE, more = the code points in _EXPANSION.
_LENGTH = np.full(0x110000, -1, dtype=np.int8)
_SINGLE = np.zeros(0x110000, dtype=np.uint32)
_EXPANSION: dict[int, np.ndarray] = {}
_IS_DIGIT = np.zeros(0x110000, dtype=bool)
_IS_DIGIT[ord("0") : ord("9") + 1] = True


def _learn(code_points: np.ndarray) -> None:
    for cp in code_points.tolist():
        out = [c for c in unicodedata.normalize("NFKC", chr(cp)).casefold() if c.isalnum() or c in _KEPT_SYMBOLS]
        _LENGTH[cp] = min(len(out), 127)
        if len(out) == 1:
            _SINGLE[cp] = ord(out[0])
        elif out:
            _EXPANSION[cp] = np.array([ord(c) for c in out[:127]], dtype=np.uint32)


_learn(np.arange(128))


def keyed(text: str, skip: tuple[tuple[int, int], ...] = ()) -> Keyed:
    """The key of ``text`` with offsets back into it; characters inside ``skip`` spans are left out."""
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    lengths = _LENGTH[codes]
    if (lengths < 0).any():
        _learn(np.unique(codes[lengths < 0]))
        lengths = _LENGTH[codes]
    lengths = lengths.astype(np.int32)
    singles = _SINGLE[codes]
    if len(codes) > 2:  # "1.5": the point stays, so 1.5 never equals 15
        inner = np.isin(codes[1:-1], _DIGIT_SEPARATORS) & _IS_DIGIT[codes[:-2]] & _IS_DIGIT[codes[2:]]
        at = np.nonzero(inner)[0] + 1
        lengths[at] = 1
        singles[at] = codes[at]
    for start, end in skip:
        lengths[start:end] = 0
    origin = np.repeat(np.arange(len(codes), dtype=np.int32), lengths)
    out = np.repeat(singles, lengths)
    expanded = np.nonzero(lengths > 1)[0]
    if len(expanded):
        first = np.cumsum(lengths) - lengths
        for i in expanded.tolist():
            out[first[i] : first[i] + lengths[i]] = _EXPANSION[int(codes[i])]
    return Keyed(out.tobytes().decode("utf-32-le"), origin)


@lru_cache(maxsize=64)
def _document_key(text: str) -> Keyed:
    return keyed(text)


@lru_cache(maxsize=64)
def _bare_document_key(text: str) -> Keyed | None:
    """The key without page furniture and footnotes, or None when the document has neither."""
    skip = pages.furniture(text) + footnotes.markers(text) + footnotes.blocks(text)
    return keyed(text, skip) if skip else None


@lru_cache(maxsize=64)
def _document_words(text: str) -> quote_gaps.Words:
    doc = _bare_document_key(text) or _document_key(text)
    return quote_gaps.words(text, doc.key, doc.origin)


# ----------------------------------------------------------------------------- alignment


@dataclass(frozen=True)
class Alignment:
    start: int
    end: int
    status: AlignmentStatus


def _span(doc: Keyed, at: int, length: int) -> tuple[int, int]:
    return int(doc.origin[at]), int(doc.origin[at + length - 1]) + 1


def _pieces(quote: str) -> list[tuple[str, int]]:
    """The quote's pieces (as keys), each with how many key characters may be left out before it."""
    out: list[tuple[str, int]] = []
    allowance, last = 0, 0
    for m in _SPLIT.finditer(quote):
        piece = keyed(quote[last : m.start()]).key
        if piece:
            out.append((piece, allowance))
            allowance = 0
        allowance += BRACKET_GAP if m.group("bracket") else ELLIPSIS_GAP
        last = m.end()
    tail = keyed(quote[last:]).key
    if tail:
        out.append((tail, allowance))
    return out


def short_piece(quote: str) -> str | None:
    """A piece beside an ellipsis too short to anchor anything ("48." in "48. ... HRRJ is ..."), or None."""
    bounds = [(m.start(), m.end(), m.group("ellipsis") is not None) for m in _SPLIT.finditer(quote)]
    if not any(ellipsis for _, _, ellipsis in bounds):
        return None
    edges = [(0, 0, False)] + bounds + [(len(quote), len(quote), False)]
    for (_, start, after_ellipsis), (end, _, before_ellipsis) in zip(edges, edges[1:]):
        piece = quote[start:end]
        words = [k for w in piece.split() if (k := keyed(w).key)]
        if (after_ellipsis or before_ellipsis) and words:
            if len(words) < MIN_PIECE_WORDS and sum(map(len, words)) < MIN_PIECE_CHARS:
                return piece.strip()
    return None


def _find_pieces(pieces: list[tuple[str, int]], doc: Keyed) -> tuple[int, int] | None:
    """Key span of the pieces in order around the first anchor occurrence that fits, or None."""
    key = doc.key
    anchor = max(range(len(pieces)), key=lambda i: len(pieces[i][0]))
    at = key.find(pieces[anchor][0])
    for _ in range(_MAX_ANCHORS):
        if at < 0:
            return None
        first, last = at, at + len(pieces[anchor][0])
        ok = True
        for i in range(anchor - 1, -1, -1):  # leftwards: the nearest earlier occurrence
            piece, gap = pieces[i][0], pieces[i + 1][1]
            found = key.rfind(piece, max(0, first - gap - len(piece)), first)
            if found < 0:
                ok = False
                break
            first = found
        for piece, gap in pieces[anchor + 1 :] if ok else ():  # rightwards: the nearest later occurrence
            found = key.find(piece, last, last + gap + len(piece))
            if found < 0:
                ok = False
                break
            last = found + len(piece)
        if ok:
            return first, last
        at = key.find(pieces[anchor][0], at + 1)
    return None


def _nearest(find: str, within: str, near: int | None) -> int:
    """Where ``find`` occurs in ``within``: the occurrence nearest to ``near``, else the first; -1 if none."""
    if near is None:
        return within.find(find)
    after, before = within.find(find, near), within.rfind(find, 0, near)
    if after < 0 or before < 0:
        return max(after, before)
    return after if after - near <= near - before else before


def _fold_mark(c: str) -> str:
    return c.translate(_FOLD)


def _with_marks(quote: str, text: str, start: int, end: int) -> tuple[int, int]:
    """The span widened over the quote's closing marks (and opening ones) where the document has them."""
    body = [i for i, c in enumerate(quote) if c.isalnum()]
    if not body:
        return start, end
    for c in quote[body[-1] + 1 :]:
        if c.isspace():
            continue
        at = end
        while at < len(text) and text[at].isspace() and at - end < 3:
            at += 1
        if at < len(text) and _fold_mark(text[at]) == _fold_mark(c):
            end = at + 1
        else:
            break
    for c in reversed(quote[: body[0]]):
        if c.isspace():
            continue
        at = start - 1
        while at >= 0 and text[at].isspace() and start - at < 3:
            at -= 1
        if at >= 0 and _fold_mark(text[at]) == _fold_mark(c):
            start = at
        else:
            break
    return start, end


def _found(quote: str, text: str, start: int, end: int, status: AlignmentStatus) -> Alignment:
    start, end = _with_marks(quote, text, start, end)
    if status == "normalised":  # only whitespace differs: the quote is the document's text
        covered = "".join(text[start:end].split())
        typed = "".join(quote.split())
        if covered in (typed, typed.strip("\"'\u201c\u201d\u2018\u2019")):
            status = "exact"
    return Alignment(start, end, status)


def align(quote: str, text: str, near: int | None = None) -> Alignment | None:
    """Where ``quote`` is in ``text`` and how it matched, or None when it is not there.

    ``near``: the character offset where the writer read the quote; the occurrence nearest to it is
    taken for an exact or normalised match (pieces and gaps take the first that fits).
    """
    bare_quote = quote.strip().strip("\"'\u201c\u201d\u2018\u2019").strip()
    if bare_quote and (at := _nearest(bare_quote, text, near)) >= 0:  # its marks are in the span already
        return Alignment(at, at + len(bare_quote), "exact")
    needle = keyed(quote).key
    if not needle:
        return None
    doc, bare = _document_key(text), _bare_document_key(text)
    for candidate in (doc, bare):
        if candidate is None:
            continue
        near_key = None if near is None else int(np.searchsorted(candidate.origin, near))
        if (at := _nearest(needle, candidate.key, near_key)) >= 0:
            return _found(quote, text, *_span(candidate, at, len(needle)), "normalised")
    if _SPLIT.search(quote):
        pieces = _pieces(quote)
        if not pieces or short_piece(quote) is not None:
            return None
        for candidate in (doc, bare):
            if candidate is not None and (found := _find_pieces(pieces, candidate)) is not None:
                return _found(quote, text, *_span(candidate, found[0], found[1] - found[0]), "pieces")
        return None
    typed = keyed(quote)
    gapped = quote_gaps.find(quote_gaps.words(quote, typed.key, typed.origin), _document_words(text))
    if gapped is None:
        return None
    words_key = bare or doc
    return _found(quote, text, *_span(words_key, gapped[0], gapped[1] - gapped[0]), "gaps")


def locate(quote: str, text: str) -> tuple[int, int] | None:
    """Character span of ``quote`` in ``text`` at any alignment status, or None when it is not there."""
    found = align(quote, text)
    return None if found is None else (found.start, found.end)


# ----------------------------------------------------------------------------- the nearest miss


@dataclass(frozen=True)
class Passage:
    start: int
    end: int
    similarity: float  # 0-100, rapidfuzz partial-ratio of the keys


_GRAM = 8  # key characters per probe
_PROBES = 24  # probes taken along the quote
_OCCURRENCES = 20  # occurrences of one probe counted (a common phrase would only add noise)


def closest(quote: str, text: str) -> Passage | None:
    """The passage of ``text`` most like ``quote``, or None when no part of the quote occurs in it.

    Probes (short key substrings along the quote) vote for where the quote would start; the window
    with most votes is then aligned character by character with rapidfuzz.
    """
    needle, doc = keyed(quote).key, _document_key(text)
    if len(needle) < _GRAM:
        return None
    step = max(1, (len(needle) - _GRAM) // _PROBES)
    votes: dict[int, int] = {}
    for offset in range(0, len(needle) - _GRAM + 1, step):
        probe = needle[offset : offset + _GRAM]
        at = doc.key.find(probe)
        for _ in range(_OCCURRENCES):
            if at < 0:
                break
            start = max(0, at - offset) // 32
            votes[start] = votes.get(start, 0) + 1
            at = doc.key.find(probe, at + 1)
    if not votes:
        return None
    best = max(votes, key=lambda b: votes[b] + votes.get(b - 1, 0) + votes.get(b + 1, 0))
    margin = len(needle) // 2 + 32
    lo, hi = max(0, best * 32 - margin), min(len(doc.key), best * 32 + len(needle) + margin)
    hit = fuzz.partial_ratio_alignment(needle, doc.key[lo:hi])
    if hit is None or hit.dest_end <= hit.dest_start:
        return None
    start, end = _span(doc, lo + hit.dest_start, hit.dest_end - hit.dest_start)
    return Passage(start, end, round(hit.score, 1))


def quote_problem(quote: str) -> str | None:
    """Why a quote is unusable as evidence before we even look for it, or None."""
    folded = fold_quote(quote)
    if len(folded) < MIN_QUOTE_CHARS:
        return f"quote too short ({len(folded)} characters; at least {MIN_QUOTE_CHARS}): quote a phrase, not a word"
    if len(quote) > MAX_QUOTE_CHARS:
        return (
            f"quote too long ({len(quote)} characters; at most {MAX_QUOTE_CHARS}): "
            "quote the sentence that supports the value"
        )
    if re.fullmatch(r"[\W\d_]+", folded):
        return "quote has no words"
    if (piece := short_piece(quote)) is not None:
        return (
            f"{piece!r} between ellipses is too short to find (at least {MIN_PIECE_WORDS} words or "
            f"{MIN_PIECE_CHARS} letters): quote more of the words around it"
        )
    return None


# Below this likeness (rapidfuzz partial ratio of the keys) the closest passage is no version of the
# quote (the model's notes and search reports in GAVEL's runs come out 46-54% alike; a quote with a
# changed word 66% and up).
_OWN_WORDS_SIMILARITY = 58.0


def refusal_reason(quote: str, passage: str, similarity: float) -> str:
    """Why a quote that did not align is not evidence, judged against the closest passage's text."""
    if similarity < _OWN_WORDS_SIMILARITY:
        return (
            "No passage of the case has these words in this order: evidence is the document's own words, "
            "not a note, a summary or a report of a search."
        )
    there = {keyed(w).key for w in re.split(r"[\s\-/\u2010-\u2015]+", passage)}
    kept = _SPLIT.sub(" ", quote)
    changed = [w for w in re.split(r"[\s\-/\u2010-\u2015]+", kept) if (k := keyed(w).key) and k not in there]
    if changed:
        shown = ", ".join(repr(w.strip(".,;:()\"'\u201c\u201d")) for w in changed[:4])
        return f"The closest passage does not have {shown}: a paraphrase or changed words are not evidence."
    return (
        "The closest passage has these words, but not in this order or with more left out between them: "
        "copy the passage, marking left-out words with '...'."
    )
