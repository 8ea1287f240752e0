"""Regex search as a model reads it: windows around matches, overlaps merged, repeats counted, an exclude
pattern, hits shared out across documents and grouped by document."""

from __future__ import annotations

import json

import pytest

from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.tools import calls
from gavel_agent.tools.search import REGEX_WINDOW_TOKENS, REPEATS_SHOWN, SearchIndex
from gavel_agent.tools.workspace import Workspace

OWN = "USCA11 Case: 25-12873"
FILLER = " ".join(f"word{i}" for i in range(300))


def page(n: int, body: str) -> str:
    return f"{OWN} Document: 12 Date Filed: 05/01/2025 Page: {n} of 9\n{body}\n"


@pytest.fixture
def case() -> Case:
    opinion = "".join(
        page(n, f"{FILLER} See No. 24-1{n}05 for the earlier appeal. {FILLER}" if n == 3 else FILLER)
        for n in range(1, 9)
    )
    docket = "Docket of 25-12873.\nRelated: 1:24-cv-00077 (closed). " + FILLER
    return Case(name="c", documents=[Document(name="opinion", text=opinion), Document(name="docket", text=docket)])


def test_a_hit_is_a_readable_window_not_a_one_token_range(case):
    index = SearchIndex(case)
    hit = next(h for h in index.regex(r"24-1\d05") if h.document == "opinion")
    assert hit.end_token - hit.start_token >= 2 * REGEX_WINDOW_TOKENS
    assert "earlier appeal" in hit.snippet and "word299" in hit.snippet  # context on both sides


def test_overlapping_matches_become_one_hit():
    text = FILLER + " USCA11 Case: 25-12873 and again 25-12873 " + FILLER
    hits = SearchIndex(Case(name="c", documents=[Document(name="d", text=text)])).regex(r"USCA11|25-12873")
    assert len(hits) == 1 and hits[0].matches == 3


def test_a_repeated_page_header_is_shown_twice_and_counted(case):
    hits = [h for h in SearchIndex(case).regex(r"USCA11 Case: [\d-]+") if h.document == "opinion"]
    assert len(hits) == REPEATS_SHOWN
    assert sum(h.repeats for h in hits) == 8 - REPEATS_SHOWN and hits[0].repeated == OWN


def test_one_word_in_many_sentences_is_many_hits_not_a_repeat():
    sentences = "\n".join(f"{FILLER} The trial was set for day {n} by order {chr(65 + n)}. {FILLER}" for n in range(6))
    hits = SearchIndex(Case(name="c", documents=[Document(name="d", text=sentences)])).regex(r"trial", top_k=20)
    assert len(hits) == 6 and all(h.repeats == 0 for h in hits)


def test_exclude_drops_the_lines_naming_the_cases_own_number(case):
    index = SearchIndex(case)
    numbers = r"\b\d{1,2}:\d{2}-cv-\d+|\b\d{2}-\d{4,5}\b"
    everything = {h.snippet for h in index.regex(numbers, top_k=50)}
    kept = index.regex(numbers, top_k=50, exclude=r"25-12873")
    assert any("25-12873" in s for s in everything)
    assert kept and all(h.repeats == 0 for h in kept)
    assert any("1:24-cv-00077" in h.snippet for h in kept) and any("24-1305" in h.snippet for h in kept)


def test_exclude_skips_a_match_whose_line_names_it_though_the_match_does_not():
    opinion = "\n".join(
        [
            f"{FILLER}",
            "The consent decree in Sanders v. Lockett, 123 F.3d 45, bound the county.",
            f"{FILLER}",
            "Here the parties entered a consent decree on May 2, 2019.",
            f"{FILLER}",
            "See also Lockett v. Board, where a consent decree was vacated.",
            FILLER,
        ]
    )
    index = SearchIndex(Case(name="c", documents=[Document(name="opinion", text=opinion)]))
    assert len(index.regex("consent decree", top_k=10)) == 3
    kept = index.regex("consent decree", top_k=10, exclude="Sanders|Lockett")
    assert len(kept) == 1 and "May 2, 2019" in kept[0].snippet


def test_a_regex_is_case_sensitive_unless_flagged(case):
    text = f"{FILLER}\nCount I alleges a violation.\n{FILLER}\nThe County of Kern answered.\n{FILLER}"
    index = SearchIndex(Case(name="c", documents=[Document(name="complaint", text=text)]))
    assert len(index.regex("count")) == 0 and len(index.regex("count", "i")) == 2
    assert len(index.regex(r"Count\b")) == 1


def test_hits_are_shared_out_across_documents_and_grouped(case):
    hits = SearchIndex(case).regex(r"word\d+", top_k=6)
    assert {h.document for h in hits} == {"opinion", "docket"}  # one document cannot take them all
    documents = [h.document for h in hits]
    assert documents == sorted(documents, key=documents.index)  # grouped: each document's hits together
    for name in ("opinion", "docket"):
        starts = [h.start_token for h in hits if h.document == name]
        assert starts == sorted(starts)


def test_the_tool_result_groups_hits_by_document_and_takes_an_exclude_argument(case):
    ws = Workspace.open(case, load_spec("gavel"), ["related_case_numbers"])
    spec = {s.name: s for s in calls.tool_specs()}["search"]
    arguments = {"query": r"\d{2}-(?:cv-)?\d{4,5}", "mode": "regex", "exclude": "25-12873"}
    result = calls.invoke(ws, spec, json.dumps(arguments))
    assert result.ok and [(h.document, h.matches, h.repeats) for h in result.data] == [
        ("opinion", 1, 0),
        ("docket", 1, 0),
    ]
    assert "earlier appeal" in result.text and "1:24-cv-00077" in result.text
    lines = result.text.splitlines()
    assert lines[0].startswith("regex ") and "hits in 2 document(s)" in lines[0]
    assert {line.split(" (")[0] for line in lines if not line.startswith(("-", "regex"))} == {"opinion", "docket"}
    assert all(line.startswith("- tokens ") for line in lines if line.startswith("-"))
    bad = calls.invoke(ws, spec, json.dumps({**arguments, "exclude": "(["}))
    assert not bad.ok and "bad regex" in bad.text
