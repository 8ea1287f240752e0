"""Word, content-token and sentence splitting shared by the summary evaluators.

Legal summaries are full of dotted abbreviations ("U.S.", "v.", "No.", "G.M.G."),
so a sentence ends only at terminal punctuation followed by a capitalised word,
and not when the word before the stop is an abbreviation or an initial.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from nltk.stem.porter import PorterStemmer

WORD = re.compile(r"[a-z0-9]+")
# A candidate boundary: ., ! or ? (optionally closing quotes/brackets), whitespace, then an opener.
BOUNDARY = re.compile(r"""[.!?]["'”’)\]]*\s+(?=["'“‘(\[]?[A-Z0-9])""")
ABBREVIATIONS = frozenset(
    """v vs no nos inc corp co ltd llc dr mr mrs ms st jr sr gen gov sen rep dept
    e.g i.e etc al cf ex jan feb mar apr jun jul aug sep sept oct nov dec
    cir ct supp app fed ed stat ann art sec u.s u.s.c""".split()
)

STOP_WORDS = frozenset(json.loads((Path(__file__).with_name("stop_words.json")).read_text(encoding="utf-8"))["words"])

_stemmer = PorterStemmer()


def words(text: str) -> list[str]:
    """Lower-cased alphanumeric words, in order."""
    return WORD.findall(text.lower())


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    return _stemmer.stem(word)


def content_tokens(text: str) -> list[str]:
    """Stemmed words without English stop words: what lexical matching compares."""
    return [stem(w) for w in words(text) if w not in STOP_WORDS]


def _ends_in_abbreviation(text_before_stop: str) -> bool:
    last = text_before_stop.rsplit(None, 1)[-1] if text_before_stop.strip() else ""
    last = last.lstrip("(\"'“‘").lower()
    # Single letters and dotted acronyms ("G.M.G", "U.S") are initials, not sentence ends.
    return last in ABBREVIATIONS or len(last) == 1 or "." in last


def sentences(text: str) -> list[str]:
    """Split a summary into sentences; paragraph breaks always end a sentence."""
    out: list[str] = []
    for paragraph in re.split(r"\n\s*", text):
        start = 0
        for match in BOUNDARY.finditer(paragraph):
            stop = match.start()
            if paragraph[stop] == "." and _ends_in_abbreviation(paragraph[start:stop]):
                continue
            out.append(paragraph[start : match.end()].strip())
            start = match.end()
        out.append(paragraph[start:].strip())
    return [s for s in out if words(s)]
