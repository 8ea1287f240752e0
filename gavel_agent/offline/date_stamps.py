"""A second quote for a value whose quote does not state it, above all a dated value's date.

The rules often date a ruling or a filing by its paper (the date the case listing gives it) and
quote the words that say what it is ("IT IS SO ORDERED."). The write tools refuse a value whose
quotes do not state its date, so before writing, each such value's paper is searched for its
date in the forms papers write it (a signature line, a filing stamp), and the hit is added as a
second quote. A paper that never writes the date gets none, and its value is refused.

The same is done for what else the write tools find unstated (``support.judge``): a figure, as the
value writes it ("5 U.S.C. § 702" quoted by the paper's title alone); a name's surname; a decision
item's deciding words ("Plaintiffs: Individual" quoted by a caption's "Plaintiff, v."); a category
in its words or its other wordings ("State law" quoted by a state court's name, where the complaint
cites the California Welfare and Institutions Code). A value the rules chose is only given a quote;
no value is added or changed.
"""

from __future__ import annotations

import re

from gavel_agent.checklists import ItemSpec
from gavel_agent.documents.docket import DOCKET_TYPE
from gavel_agent.offline.registry import DocInfo
from gavel_agent.text.regexes import DAY_OF, MONTH_NAMES
from gavel_agent.text.values import DateParts, without_dates
from gavel_agent.tools.quotes import quote_problem
from gavel_agent.tools.search import Hit
from gavel_agent.tools.support import (
    CODE_CITATION,
    SUPPORT_ORDER,
    content_stems,
    judge,
    reading_patterns,
    unstated_dates,
)

Call = tuple[str, dict]
QUOTE_BEFORE, QUOTE_AFTER = 60, 60  # characters of a hit's snippet kept around the date (a docket entry follows it)
STAMP_HITS = 5  # hits looked at per search: the one sharing most words with the value is quoted
_BRACKETED = re.compile(r"\([^)]*\)")  # a value's aside ("(INA)", "(U.S. Department of Justice)"): not its category


def date_pattern(parts: DateParts) -> str | None:
    """A regular expression for a full date as papers write it ("June 14, 1991", "JUN 14 1991",
    "14th day of June, 1991", "6/14/91", "1991-06-14"); None for a date without its day."""
    year, month, day = parts
    if year is None or month is None or day is None:
        return None
    name = MONTH_NAMES[month - 1]
    sept = r"|Sept\.?" if month == 9 else ""
    months = rf"(?:{name}|{name[:3]}\.?{sept})"
    ordinal = rf"0?{day}(?:st|nd|rd|th)?"
    return (
        rf"\b(?:{months}\s+{ordinal},?\s+{year}"
        rf"|{ordinal}\s+{DAY_OF}{months},?\s+{year}"
        rf"|0?{month}/0?{day}/(?:{year}|{year % 100:02d})\b"
        rf"|{year}-{month:02d}-{day:02d})"
    )


def stating_pattern(value: str, quotes: list[str], item: ItemSpec | None = None) -> str | None:
    """A regular expression for a passage stating what ``quotes`` leave unstated of ``value``: its first
    unstated full date (``date_pattern``; a month alone gets none); else, with the value's ``item``, for a
    value the quotes do not support, what the support check finds lacking. None when nothing is."""
    missing = unstated_dates(value, quotes)
    if missing:
        return date_pattern(missing[0])
    if item is None:
        return None
    verdict = judge(value, quotes, item)
    if verdict.status != "unsupported" or not verdict.missing:
        return None
    if verdict.lacking == "figure":
        return "|".join(dict.fromkeys(filter(None, (figure_pattern(value, f) for f in verdict.missing)))) or None
    if verdict.lacking == "name":  # the surname, or an organisation's last word
        return rf"\b{re.escape(verdict.missing[-1].strip('.'))}\b"
    if verdict.lacking == "decision":
        return r"\b(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in verdict.missing) + ")"
    # words: the category's other wordings, or its words as the value writes them, in its order
    return "|".join(
        [*(f"(?:{p})" for p in reading_patterns(set(verdict.missing))), words_pattern(value, verdict.missing)]
    )


def words_pattern(value: str, stems: tuple[str, ...]) -> str:
    """A regular expression for the value's words whose stems are ``stems`` (its content words), in the
    value's order with at most two words between them: "State law" is found in "state and federal law",
    not in "United States District Court ... Law and Motion Department", where the check would take
    "States" and "Law" for them."""
    own = [
        w
        for w in re.findall(r"[A-Za-z][\w'.-]*", _BRACKETED.sub(" ", value))
        if w.lower().replace(".", "")[:5] in stems
    ]
    written = [re.escape(w.lower().replace(".", "")[:5]) + r"\w*" for w in dict.fromkeys(own)]
    return (
        r"\b" + r"\W+(?:\w+\W+){0,2}?".join(written)
        if written
        else r"\b(?:" + "|".join(map(re.escape, stems)) + r")\w*"
    )


def figure_pattern(value: str, figure: str) -> str | None:
    """A regular expression for a figure of ``value`` as the value writes it, with what it counts: a code
    citation whole ("5 U.S.C. § 702", not a reporter's page 702), else the word carrying the figure and the
    word after it ("6th Circuit"), or the word before it ("Act of 1964")."""
    for m in CODE_CITATION.finditer(value):
        if figure in m.group(0):
            return rf"\b{m.group(1)}\s+U\.?\s?S\.?\s?C\.?(?:\s?A\.?)?\s*§*\s*{re.escape(m.group(2))}(?!\w)"
    bare = without_dates(value)  # the figure is one outside the value's dates
    carrier = re.search(rf"(?<![\w.,])[\w§-]*{re.escape(figure)}[\w-]*", bare)
    if carrier is None:
        return None
    word = re.escape(carrier.group(0))
    if after := re.match(r"\W+([A-Za-z]{2,})", bare[carrier.end() :]):
        return rf"(?<![\w.,]){word}\W+{after.group(1)}\b"
    if before := re.search(r"\b([A-Za-z]{2,})\W+$", bare[: carrier.start()]):
        return rf"\b{before.group(1)}\W+{word}(?!\w)"
    return rf"(?<![\w.,]){word}(?!\w)"


def docket_papers(docs: dict[str, DocInfo]) -> list[str]:
    """The case's dockets: the docket document the case builds from its entries (type "docket") and any
    paper a listing types "Docket"."""
    return [name for name, doc in docs.items() if doc.type.lower() == DOCKET_TYPE]


def stamp_searches(
    values: dict[str, list[dict]], documents: list[str] | None = None, items: dict[str, ItemSpec] | None = None
) -> list[tuple[str, int, Call]]:
    """(item, value index, search call) for each value whose quotes leave its date unstated, or with
    ``items`` (the items' specs) anything else the support check asks for (``stating_pattern``): searched
    in the value's own paper, or with ``documents`` in those (the case's dockets)."""
    if documents == []:
        return []
    calls = []
    for key, entries in values.items():
        item = (items or {}).get(key)
        for i, entry in enumerate(entries):
            pattern = stating_pattern(entry["value"], [e["quote"] for e in entry["evidence"]], item)
            if pattern and entry["evidence"]:
                where = documents or [entry["evidence"][0]["document"]]
                search = {"query": pattern, "mode": "regex", "flags": "i", "top_k": STAMP_HITS, "documents": where}
                calls.append((key, i, ("search", search)))
    return calls


def add_stamps(
    values: dict[str, list[dict]],
    calls: list[tuple[str, int, Call]],
    found: list[list[Hit]],
    shared: int = 0,
    items: dict[str, ItemSpec] | None = None,
) -> None:
    """Add the hit sharing most words with the value, cut to the words around its date, as a second quote
    (a docket may date several entries that day); ``shared``: the fewest of the words of the value and its
    quotes a hit must hold (a date in another paper is the value's only where that paper names what it dates). Once the
    stamp states the value, a quote too short to check ("ORDER") is left out rather than refuse it.
    With ``items``, a value searched for what else it lacks (its dates stated) takes only a hit that
    makes its quotes support it, one that states it before one that only bears on it."""
    for (key, i, (_, search)), hits in zip(calls, found):
        # What the value dates: its words and its quotes' (a filing date's value is a date, its quote the
        # paper's title); a month's name is no shared word.
        entry = values[key][i]
        quotes = [e["quote"] for e in entry["evidence"]]
        own = content_stems(without_dates(" ".join([entry["value"], *quotes])))
        sharing = {id(h): len(own & content_stems(without_dates(h.snippet))) for h in hits}  # read once a hit
        cut = [
            (hit, piece)
            for hit in sorted(hits, key=lambda h: -sharing[id(h)])
            if sharing[id(hit)] >= shared and (piece := _around(hit.snippet, search["query"]))
        ]
        item = (items or {}).get(key)
        if item is not None and not unstated_dates(entry["value"], quotes):
            ranked = [(rank, h, p) for h, p in cut if (rank := _helps(entry["value"], quotes, p[0], item)) is not None]
            cut = [(h, p) for _, h, p in sorted(ranked, key=lambda r: r[0])]
        for hit, (quote, start) in cut[:1]:
            evidence = [e for e in entry["evidence"] if quote_problem(e["quote"]) is None]
            # where it was found: the snippet folds whitespace, so the quote lies at or a little after this
            near = hit.start_char + start
            entry["evidence"] = [*evidence, {"document": hit.document, "quote": quote, "near_char": near}]


def _helps(value: str, quotes: list[str], quote: str, item: ItemSpec) -> int | None:
    """How well adding ``quote`` supports the value (0: it states it, 1: it bears on it), or None when the
    value stays unsupported."""
    status = judge(value, [*quotes, quote], item).status
    return None if status == "unsupported" else SUPPORT_ORDER.index(status)


def _around(snippet: str, pattern: str) -> tuple[str, int] | None:
    """The snippet's words around the pattern's first match, and where they start; None without a match."""
    found = re.search(pattern, snippet, re.I)
    if found is None:
        return None
    start = snippet.rfind(" ", 0, max(0, found.start() - QUOTE_BEFORE)) + 1
    end = snippet.find(" ", found.end() + QUOTE_AFTER)
    return snippet[start : end if end >= 0 else len(snippet)].strip(), start
