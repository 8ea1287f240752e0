"""Search snippets as a model reads them: whole words at both ends, and a printed token range whose text
is exactly the snippet, in both search modes."""

from __future__ import annotations

import json
import re

import pytest

from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.tools import calls
from gavel_agent.tools.search import WORD_REACH_CHARS, on_word_edges
from gavel_agent.tools.workspace import Workspace

# Long words that the tokenizer splits, so that a window counted in tokens ends inside them.
PROSE = " ".join(
    f"Plaintiffs' counterdesignations{n} notwithstanding, the defendant's unconstitutionality "
    f"argument{n} mischaracterizes indistinguishable interrogatories."
    for n in range(120)
)
MIDDLE = " The Court GRANTS the defendant's motion to dismiss the plaintiffs' retaliation claims. "
HIT_LINE = re.compile(r"^(?:\d+\. (?P<doc>\S+) |- )tokens (?P<start>\d+)-(?P<end>\d+)[^:]*: (?P<snippet>.*)$")


@pytest.fixture
def ws() -> Workspace:
    case = Case("c", [Document("order", PROSE + MIDDLE + PROSE), Document("brief", PROSE)])
    spec = load_spec("gavel")
    return Workspace.open(case, spec, spec.keys)


def search(ws: Workspace, **args) -> str:
    spec = next(t for t in calls.tool_specs() if t.name == "search")
    result = calls.invoke(ws, spec, json.dumps(args))
    assert result.ok, result.text
    return result.text


def shown_hits(ws: Workspace, text: str) -> list[tuple[Document, int, int, str]]:
    """(document, start token, end token, snippet) of each hit line of a search result."""
    hits, document = [], None
    for line in text.splitlines():
        if not line.startswith(("-", "1", "2", "3", "4", "5", "6", "7", "8", "9")):
            document = line.split(" ", 1)[0]  # a regex result's document line
            continue
        m = HIT_LINE.match(line)
        assert m, line
        name = m["doc"] or document
        hits.append((ws.case.document(name), int(m["start"]), int(m["end"]), m["snippet"]))
    return hits


def at_word_edge(text: str, char: int) -> bool:
    return char in (0, len(text)) or text[char - 1].isspace() or text[char].isspace()


@pytest.mark.parametrize(
    "args",
    [
        {"query": "defendant's motion to dismiss retaliation", "top_k": 5},
        {"query": "counterdesignations retaliation", "top_k": 5},
        {"query": r"motion to dismiss|argument\d+", "mode": "regex", "top_k": 12},
    ],
)
def test_each_snippet_is_whole_words_and_exactly_its_printed_range(ws, args):
    hits = shown_hits(ws, search(ws, **args))
    assert hits
    for doc, start, end, snippet in hits:
        s, e = doc.char_span(start, end)
        assert at_word_edge(doc.text, s) and at_word_edge(doc.text, e), (
            doc.text[s - 8 : s + 8],
            doc.text[e - 8 : e + 8],
        )
        assert snippet == " ".join(doc.text[s:e].split())  # the range printed is the text shown, no more, no less


def test_a_bm25_snippet_prints_its_own_range_not_the_whole_passage(ws):
    ((doc, start, end, snippet),) = shown_hits(ws, search(ws, query="GRANTS retaliation", top_k=1))
    hit = ws.index.bm25("GRANTS retaliation", top_k=1)[0]
    assert (start, end) == hit.shown_tokens != (hit.start_token, hit.end_token)
    assert hit.start_token <= start < end <= hit.end_token + 10  # within its passage (and its last word)
    assert "The Court GRANTS the defendant's motion to dismiss" in snippet


def test_an_edge_inside_a_word_goes_out_to_the_word_within_reach():
    doc = Document("d", "The Court GRANTS the motion to strike counterdesignations for unconstitutionality.")
    start, end = doc.token_at(doc.text.index("ANTS")), doc.token_at(doc.text.index("ality"))
    assert doc.char_span(start, end) == (doc.text.index("ANTS"), doc.text.index("ality"))  # both inside words
    s, e = doc.char_span(*on_word_edges(doc, start, end))
    assert doc.text[s:e].strip() == "GRANTS the motion to strike counterdesignations for unconstitutionality."


def test_an_edge_inside_a_run_too_long_to_reach_moves_in_to_the_next_word():
    run = "https://ecf.example.uscourts.gov/cgi-bin/show_doc.pl?caseid=123456&de_seq_num=789&magic=0"
    assert len(run) > 2 * WORD_REACH_CHARS
    doc = Document("d", f"Filed as {run} on the docket, the order was entered on May 2, 2019 by the clerk.")
    inside = doc.token_at(doc.text.index(run) + len(run) // 2)
    start, end = on_word_edges(doc, inside, doc.token_count)
    s, _ = doc.char_span(start, end)
    assert doc.text[s:].strip().startswith("on the docket")  # no part of the run is shown


def test_a_range_inside_one_long_run_is_kept_as_it_is():
    doc = Document("d", "x" * 400)
    middle = doc.token_count // 2
    assert on_word_edges(doc, middle, middle + 2) == (middle, middle + 2)
