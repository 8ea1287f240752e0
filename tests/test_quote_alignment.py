"""Quote alignment: what models commonly do to a quote is forgiven with a status; changed words are not."""

import json
from pathlib import Path

import pytest

from gavel_agent.case import Case, Document, load_case
from gavel_agent.checklists import load_spec
from gavel_agent.tools import calls, quotes
from gavel_agent.tools.checklist import ChecklistState, EvidenceError
from gavel_agent.tools.workspace import Workspace

# Near-miss quotes from case 46210 (United States v. Denka), each as a model would type it; also read by
# bench/quote_alignment.py.
NEAR_MISSES = [
    (q["document"], q["quote"], q["habit"])
    for q in json.loads((Path(__file__).parents[1] / "bench" / "near_miss_quotes.json").read_text(encoding="utf-8"))[
        "quotes"
    ]
]


def _words(quote: str) -> list[str]:
    """The keys of the words a quote keeps (text in brackets and ellipses is not the document's)."""
    kept = quotes._SPLIT.sub(" ", quote)
    return [k for w in kept.split() if (k := quotes.keyed(w).key)]


def covers(stored: str, quote: str) -> bool:
    """The stored span starts with the quote's first word, ends with its last, and holds all in order."""
    key, at = quotes.keyed(stored).key, 0
    words = _words(quote)
    for word in words:
        found = key.find(word, at)
        if found < 0:
            return False
        at = found + len(word)
    return key.startswith(words[0]) and at == len(key)


def test_near_miss_quotes_from_a_real_record_are_accepted_with_a_status(shared):
    case = load_case(shared / "crlc/cases/case_46210.json")
    spec = load_spec("gavel")
    state = ChecklistState(spec, spec.keys, case)
    statuses = {}
    for named, quote, habit in NEAR_MISSES:
        try:
            (ev,) = state.verified("v", [{"document": named, "quote": quote}]).evidence
        except EvidenceError as e:
            statuses[habit] = f"rejected: {e}"
            continue
        doc = case.document(ev.document)
        assert ev.quote == doc.text[ev.start_char : ev.end_char], habit
        assert covers(ev.quote, quote), (habit, ev.quote)
        assert ev.page is not None and ev.page >= 1, habit
        statuses[habit] = ev.status
    forgiven = [h for h, s in statuses.items() if s in ("normalised", "pieces")]
    assert len(forgiven) >= 12, statuses
    assert statuses["'...' for left-out words"] == "pieces"
    assert statuses["page break, running header left out"] == "normalised"


def test_right_quote_with_the_wrong_document_is_stored_where_it_is(shared):
    case = load_case(shared / "crlc/cases/case_46210.json")
    spec = load_spec("gavel")
    named, quote, _ = next(m for m in NEAR_MISSES if m[2] == "right quote, wrong document named")
    (ev,) = ChecklistState(spec, spec.keys, case).verified("v", [{"document": named, "quote": quote}]).evidence
    assert ev.document == "complaint" and ev.named_document == named


# ----------------------------------------------------------------------------- always run (sample case)


@pytest.fixture
def sample(sample_case):
    case = load_case(sample_case)
    spec = load_spec("gavel")
    return Workspace.open(case, spec, spec.keys)


def _write(ws, document: str, quote: str):
    spec = next(t for t in calls.tool_specs() if t.name == "append_checklist")
    args = {"item": "factual_basis", "values": [{"value": "v", "evidence": [{"document": document, "quote": quote}]}]}
    return calls.invoke(ws, spec, json.dumps(args))


def test_a_paraphrase_is_rejected(sample):
    # The complaint says the jail "was built in 1987 to hold 412 people".
    result = _write(sample, "01-complaint", "The jail in Millbrook was constructed in 1987 for 412 detainees")
    assert not result.ok and "quote not found" in result.text
    assert sample.checklist.items["factual_basis"] == []


def test_changed_words_are_rejected(sample):
    result = _write(
        sample,
        "01-complaint",
        "The Riverside County Detention Center in Millbrook, Oregon, was built in 1987 to hold 512 people",
    )
    assert not result.ok and "quote not found" in result.text


def test_a_quote_from_no_document_is_rejected(sample):
    result = _write(sample, "01-complaint", "The defendants shall pay each class member five thousand dollars")
    assert not result.ok and "nor in any other document" in result.text


def test_the_rejection_names_the_closest_passage(sample):
    result = _write(
        sample,
        "02-order-motion-to-dismiss",
        "The Riverside County Detention Center in Millbrook was built in 1987 to hold 412 inmates",
    )
    assert not result.ok
    assert "Closest passage: '01-complaint' tokens " in result.text
    assert "was built in 1987 to hold 412" in result.text


def test_pieces_must_stay_close_and_in_order(sample):
    text = sample.case.document("01-complaint").text
    near = "The Riverside County Detention Center ... was built in 1987 to hold 412 people"
    assert quotes.align(near, text).status == "pieces"
    backwards = "was built in 1987 to hold 412 people ... The Riverside County Detention Center"
    assert quotes.align(backwards, text) is None
    far = "The Riverside County Detention Center ... Declaratory and Injunctive Relief Requested"
    assert quotes.align(far, text) is None  # in order, but a page apart


@pytest.mark.parametrize(
    "quote,status",
    [
        ("was built in 1987 to hold 412 people", "exact"),
        ("WAS BUILT IN 1987 TO HOLD 412 PEOPLE", "normalised"),
        ("the [Center] in Millbrook, Oregon, was built in 1987", "pieces"),
    ],
)
def test_statuses(sample, quote, status):
    assert quotes.align(quote, sample.case.document("01-complaint").text).status == status


def test_numbers_keep_their_decimal_point():
    assert quotes.align("a dose of 15 micrograms", "a dose of 1.5 micrograms per day") is None
    assert quotes.align("a dose of 1.5  micrograms", "a dose of 1.5 micrograms per day").status == "exact"


def test_statuses_survive_a_resume(sample):
    text = sample.case.document("01-complaint").text
    quote = "The Riverside County Detention Center ... was built in 1987 to hold 412 people"
    assert _write(sample, "01-complaint", quote).ok
    saved = sample.checklist.to_file()
    restored = ChecklistState(sample.spec, sample.checklist.item_keys, sample.case)
    restored.load(saved)
    (ev,) = restored.items["factual_basis"][0].evidence
    assert ev.status == "pieces" and ev.quote == text[ev.start_char : ev.end_char] and ev.page == 1


def test_a_moved_quote_is_realigned_on_resume(sample):
    assert _write(sample, "01-complaint", "was built in 1987 to hold 412 people").ok
    saved = sample.checklist.to_file()
    saved.items["factual_basis"][0].evidence[0].start_char += 3  # as if the document had changed
    restored = ChecklistState(sample.spec, sample.checklist.item_keys, sample.case)
    restored.load(saved)
    ev = restored.items["factual_basis"][0].evidence[0]
    assert (
        sample.case.document("01-complaint").text[ev.start_char : ev.end_char] == "was built in 1987 to hold 412 people"
    )


def test_a_quote_across_a_page_footer_and_header():
    text = (
        "the Court finds that the\nPage 1 \u2013 ORDER\n\nCase 3:21-cv-01187-HRC     Document 9     Filed 03/15/21"
        "     Page 2 of 4\nplaintiffs are likely to succeed"
    )
    found = quotes.align("the Court finds that the plaintiffs are likely to succeed", text)
    assert found.status == "normalised" and (found.start, found.end) == (0, len(text))
    assert quotes.align("the Court finds that the Page 1 plaintiffs", text) is None


def test_case_with_one_document_has_no_other_place_to_look():
    case = Case("t", [Document("a", "The parties agree to a three-year term of monitoring.", "A")])
    state = ChecklistState(load_spec("gavel"), ["settlement_duration"], case)
    with pytest.raises(EvidenceError, match="Closest passage: 'a'"):
        state.verified("3 years", [{"document": "a", "quote": "The parties agree to a five-year term of monitoring"}])
