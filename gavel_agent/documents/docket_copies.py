"""Dockets a case holds twice: the Clearinghouse's docket text beside the docket built from its entries.

A Clearinghouse record may carry the docket sheet as a document (a PACER report's text) and the docket
entries as data, from which the loader writes one more docket document; the two hold the same entries.
A model that reads both spends twice the tokens on one docket (21K each in a hand-played run). Two
dockets are compared by their numbered entries (ECF number and day filed): a docket whose entries are
all (COVERED_SHARE) in another is a copy of it, the same docket when each holds the other's, else a
shorter one (a sheet printed before the case's later entries). Both documents stay in the case, so
quotes into either still align; the listing names the copy and the reading guide stops offering it
once the docket that holds its entries is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from gavel_agent.documents import docket as dockets

if TYPE_CHECKING:
    from gavel_agent.case import Document

COVERED_SHARE = 0.9  # of one docket's numbered entries found in another (a sheet's wrapped lines miss a few)
MIN_ENTRIES = 3  # fewer numbered entries tell nothing about which docket they are


@dataclass(frozen=True)
class DocketCopy:
    copy: str  # the document that copies a docket
    of: str  # the document holding all its entries
    same: bool  # each holds the other's entries: one docket twice, not an earlier printing

    def note(self) -> str:
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


def docket_copies(documents: list[Document]) -> list[DocketCopy]:
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
            copies.append(DocketCopy(name, other, same))
            break
    return copies


def holders(documents: list[Document]) -> dict[str, list[str]]:
    """Document name -> the dockets that hold all of its entries: a copy's original, and for one docket
    held twice each of the two (read either, and the other tells nothing new)."""
    held: dict[str, list[str]] = {}
    for c in docket_copies(documents):
        held.setdefault(c.copy, []).append(c.of)
        if c.same:
            held.setdefault(c.of, []).append(c.copy)
    return held
