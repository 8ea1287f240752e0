"""Papers a case holds twice, which a model need read only once: dockets, and any other paper.

Dockets. A Clearinghouse record may carry the docket sheet as a document (a PACER report's text) and the
docket entries as data, from which the loader writes one more docket document; the two hold the same
entries. A model that reads both spends twice the tokens on one docket (21K each in a hand-played run).
Two dockets are compared by their numbered entries (ECF number and day filed): a docket whose entries are
all (COVERED_SHARE) in another is a copy of it, the same docket when each holds the other's, else a
shorter one (a sheet printed before the case's later entries).

Other papers. A record often holds one opinion or order twice: a slip opinion and its reprint, an order
filed again as an exhibit to a later paper, one PDF under two titles. Two papers are one when each has
SAME_PAPER_SHARE of its word shingles (runs of SHINGLE_WORDS words, numbers kept, CM/ECF page stamps left
out) in the other; the one listed second is the copy. The share comes from the 205 Clearinghouse records
of the shared data: copies share 98.9-100% each way (the same text under other page stamps), while a
paper's other versions share up to 98%: an amended opinion with corrected figures (98.0%), an entered
order beside the proposed one, its date and signature filled in (97.6%), an amended complaint with other
signers (95.3%). Those are worth reading, so the share sits above them.

Both copies stay in the case, so quotes into either still align; the listing names the copy, and the
reading guide names a paper's copy as adding nothing and stops offering a docket's copy once the docket
that holds its entries is read.
"""

from __future__ import annotations

import re
import zlib
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from gavel_agent.documents import docket as dockets
from gavel_agent.text.regexes import ECF_HEADER_RE

if TYPE_CHECKING:
    from gavel_agent.case import Document

COVERED_SHARE = 0.9  # of one docket's numbered entries found in another (a sheet's wrapped lines miss a few)
MIN_ENTRIES = 3  # fewer numbered entries tell nothing about which docket they are
SAME_PAPER_SHARE = 0.985  # of each paper's word shingles found in the other
SHINGLE_WORDS = 5
# Only the shingles whose first word falls in one bucket of this many (by a checksum of the word, the same
# in every run) are compared: the shares hold, and the cost on a 200-document case drops with the count.
SHINGLE_SAMPLE = 4
MIN_SHINGLES = 25  # compared shingles (about a hundred words): fewer tell nothing about which paper it is
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Copy:
    copy: str  # the document that copies another
    of: str  # the document holding all its text (a docket: all its entries)
    same: bool  # each holds the other: one paper twice, not an earlier printing of a docket
    docket: bool = True

    def note(self) -> str:
        if not self.docket:
            return f"another copy of {self.of}: reading it adds nothing"
        if self.same:
            return f"another copy of the docket: {self.of}"
        # Not "shorter": a PACER sheet printed earlier has fewer entries but may run longer (its header
        # lists the parties' attorneys), and a player took "shorter" to mean skippable.
        return f"an earlier printing of the docket: all its entries are also in {self.of}; its header may list the attorneys"


@lru_cache(maxsize=64)  # each snapshot asks again; a document's text does not change
def numbered_entries(text: str) -> frozenset[tuple[str, str]]:
    """(ECF number, ISO day filed) of each numbered entry of a docket, written as the loader writes one
    (``docket.docket_text``) or as a docket sheet lists them (day, then number)."""
    return frozenset(dockets.filed_days(text).items())


def _covered(entries: frozenset, by: frozenset) -> bool:
    return len(entries) >= MIN_ENTRIES and len(entries & by) >= COVERED_SHARE * len(entries)


def docket_copies(documents: list[Document]) -> list[Copy]:
    """The case's dockets that copy another, in case order. Of one docket held twice, the one listed
    second is the copy."""
    entries = {d.name: numbered_entries(d.text) for d in documents if d.is_docket}
    order = list(entries)
    copies = []
    for name in order:
        for other in order:
            if other == name or not _covered(entries[name], entries[other]):
                continue
            same = _covered(entries[other], entries[name])
            if same and order.index(other) > order.index(name):
                continue  # the other one is the second of the two, and the copy
            copies.append(Copy(name, other, same))
            break
    return copies


def paper_copies(documents: list[Document]) -> list[Copy]:
    """The case's papers (dockets aside) that are another copy of one listed before them, in case order."""
    return list(_same_papers(tuple((d.name, d.text) for d in documents if not d.is_docket)))


def copies(documents: list[Document]) -> list[Copy]:
    """Every copy the case holds: its dockets' and its other papers'."""
    return docket_copies(documents) + paper_copies(documents)


def _shingles(text: str, sampled: dict[str, bool]) -> set[tuple[str, ...]]:
    """The text's sampled runs of SHINGLE_WORDS words, case folded, its CM/ECF page stamps left out (a paper
    filed again as an exhibit carries a second stamp on every page); ``sampled`` remembers each word's bucket."""
    words = _WORD.findall(ECF_HEADER_RE.sub("\n", text).casefold())
    out = set()
    for i in range(len(words) - SHINGLE_WORDS + 1):
        first = words[i]
        keep = sampled.get(first)
        if keep is None:
            keep = sampled[first] = zlib.crc32(first.encode()) % SHINGLE_SAMPLE == 0
        if keep:
            out.add(tuple(words[i : i + SHINGLE_WORDS]))
    return out


@lru_cache(maxsize=8)  # the listing and every snapshot ask for the same case's papers
def _same_papers(papers: tuple[tuple[str, str], ...]) -> tuple[Copy, ...]:
    sampled: dict[str, bool] = {}
    shingles = [_shingles(text, sampled) for _, text in papers]
    holding: dict[tuple[str, ...], list[int]] = defaultdict(list)  # shingle -> the earlier papers that hold it
    found = []
    for i, own in enumerate(shingles):
        if len(own) >= MIN_SHINGLES:
            shared = Counter(j for s in own for j in holding.get(s, ()))
            for j, count in sorted(shared.items()):  # the first listed of the papers it copies
                if min(count / len(own), count / len(shingles[j])) >= SAME_PAPER_SHARE:
                    found.append(Copy(papers[i][0], papers[j][0], same=True, docket=False))
                    break
        for s in own:
            holding[s].append(i)
    return tuple(found)


def holders(documents: list[Document]) -> dict[str, list[str]]:
    """Document name -> the dockets that hold all of its entries: a copy's original, and for one docket
    held twice each of the two (read either, and the other tells nothing new)."""
    held: dict[str, list[str]] = {}
    for c in docket_copies(documents):
        held.setdefault(c.copy, []).append(c.of)
        if c.same:
            held.setdefault(c.of, []).append(c.copy)
    return held
