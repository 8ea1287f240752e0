"""The tools the model uses: reading, searching, and writing verified evidence."""

import json

import pytest

from gavel_agent.case import Case, Document
from gavel_agent.checklists import load_spec
from gavel_agent.tools import calls, quotes
from gavel_agent.tools.workspace import Workspace

COMPLAINT = (
    "IN THE UNITED STATES DISTRICT COURT\nFOR THE DISTRICT OF OREGON\n\n"
    "MARISOL VEGA, on behalf of herself and all others similarly situated,\n    Plaintiff,\nv.\n"
    "RIVERSIDE COUNTY,\n    Defendant.\n\nCLASS ACTION COMPLAINT\n\n"
    "1. This action is brought under 42 U.S.C. \u00a7 1983 to remedy violations of the Eighth Amendment.\n"
    "2. Plaintiff\u2019s counsel, the Pacific Prisoners\u2019 Rights Project, filed this complaint on March 15, 2021.\n"
) + "Filler sentence about the jail and its conditions. " * 400
ORDER = "ORDER\nThe motion to dismiss is GRANTED IN PART and DENIED IN PART.\nIT IS SO ORDERED.\n/s/ Helen Okafor\nUnited States District Judge\n"


@pytest.fixture
def ws():
    case = Case(
        "t",
        [
            Document("01-complaint", COMPLAINT, "Complaint", "Complaint", "2021-03-15"),
            Document("02-order", ORDER, "Order", "Order/Opinion", "2021-09-01"),
        ],
    )
    spec = load_spec("gavel")
    return Workspace.open(case, spec, spec.keys)


def call(ws, name, **args):
    spec = next(t for t in calls.tool_specs() if t.name == name)
    return calls.invoke(ws, spec, json.dumps(args))


def test_list_documents_reports_read_share(ws):
    call(ws, "read_document", document="02-order", start_token=0, end_token=10)
    listing = call(ws, "list_documents").text
    assert "02-order | Order | Order/Opinion | 2021-09-01" in listing
    assert "01-complaint" in listing and "0% read" in listing
    assert ws.coverage()["02-order"] > 0


def test_read_document_ranges_and_errors(ws):
    doc = ws.case.document("01-complaint")
    ok = call(ws, "read_document", document="01-Complaint", start_token=0, end_token=20)
    assert ok.ok and ok.text.startswith("[01-complaint tokens 0-20 of")
    assert doc.text[: doc.char_span(0, 20)[1]] in ok.text
    for args, message in [
        ({"start_token": doc.token_count}, "outside"),
        ({"start_token": 5, "end_token": 5}, "greater than"),
        ({"start_token": -1}, "outside"),
    ]:
        bad = call(ws, "read_document", document="01-complaint", **args)
        assert not bad.ok and message in bad.text
    clamped = call(ws, "read_document", document="01-complaint", start_token=0, end_token=50_000)
    assert "at most 10000 tokens" in clamped.text or "clamped" in clamped.text


def test_unknown_and_path_like_document_names(ws):
    for name in ["../../etc/passwd", "/etc/passwd", "nonexistent"]:
        result = call(ws, "read_document", document=name)
        assert not result.ok and "no document named" in result.text


def test_bm25_and_regex_search(ws):
    hit = call(ws, "search", query="motion to dismiss granted")
    assert hit.text.startswith("1. 02-order tokens")
    # The summary names the query, so an older search is recognisable once its hits are pruned.
    assert hit.summary.startswith("bm25 'motion to dismiss granted': ")
    rx = call(ws, "search", query=r"\d+ U\.S\.C\. § \d+", mode="regex")
    assert rx.ok and "01-complaint" in rx.text and "1983" in rx.text
    assert "bad regex" in call(ws, "search", query="([", mode="regex").text
    assert "unknown regex flag" in call(ws, "search", query="x", mode="regex", flags="q").text


def test_append_stores_verified_quotes_with_offsets(ws):
    result = call(
        ws,
        "append_checklist",
        item="filing_date",
        values=[
            {
                "value": "March 15, 2021",
                "evidence": [
                    {
                        "document": "01-complaint",
                        "quote": "Plaintiff's counsel, the Pacific Prisoners' Rights Project, filed this complaint on March 15, 2021",
                    }
                ],
            }
        ],
    )
    assert result.ok
    (value,) = ws.checklist.items["filing_date"]
    ev = value.evidence[0]
    doc = ws.case.document("01-complaint")
    assert quotes.same_text(ev.quote, doc.text[ev.start_char : ev.end_char])
    assert "\u2019" in doc.text[ev.start_char : ev.end_char]  # offsets point at the document's own typography


def test_unsupported_quotes_are_never_stored(ws):
    result = call(
        ws,
        "append_checklist",
        item="judge_name",
        values=[
            {
                "value": "Helen Okafor",
                "evidence": [{"document": "02-order", "quote": "/s/ Helen Okafor\nUnited States District Judge"}],
            },
            {"value": "John Roe", "evidence": [{"document": "02-order", "quote": "/s/ John Roe, Magistrate Judge"}]},
            {"value": "Ghost", "evidence": []},
            {"value": "Short", "evidence": [{"document": "02-order", "quote": "ORDER"}]},
        ],
    )
    assert not result.ok
    assert [v.value for v in ws.checklist.items["judge_name"]] == ["Helen Okafor"]
    assert "quote not found" in result.text and "no evidence" in result.text and "too short" in result.text


def test_one_write_sets_several_items(ws):
    result = call(
        ws,
        "append_checklist",
        items=[
            {
                "item": "judge_name",
                "values": [
                    {
                        "value": "Helen Okafor",
                        "evidence": [
                            {"document": "02-order", "quote": "/s/ Helen Okafor\nUnited States District Judge"}
                        ],
                    }
                ],
            },
            {
                "item": "statutory_basis",
                "values": [
                    {
                        "value": "Eighth Amendment",
                        "evidence": [{"document": "01-complaint", "quote": "violations of the Eighth Amendment"}],
                    }
                ],
            },
            {
                "item": "cause_of_action",
                "values": [
                    {
                        "value": "Ghost",
                        "evidence": [{"document": "01-complaint", "quote": "brought under the Ghost Act of 1871"}],
                    }
                ],
            },
        ],
    )
    # One item's bad quote is reported without losing the other items' values.
    assert not result.ok and "judge_name: stored 1" in result.text and "statutory_basis: stored 1" in result.text
    assert "quote not found" in result.text
    assert [v.value for v in ws.checklist.items["judge_name"]] == ["Helen Okafor"]
    assert [v.value for v in ws.checklist.items["statutory_basis"]] == ["Eighth Amendment"]
    assert ws.checklist.items["cause_of_action"] == []
    assert result.summary == "judge_name +1, statutory_basis +1, cause_of_action +0 stored, 1 rejected"


def test_tool_schemas_are_lean_and_name_the_runs_items():
    from gavel_agent.tools.schemas import tool_schema

    schema = tool_schema(calls.ChecklistWriteArgs, ["filing_date", "parties"])
    text = json.dumps(schema)
    assert '"title"' not in text and "$defs" not in text and "$ref" not in text
    entry = schema["properties"]["items"]["items"]
    assert entry["properties"]["item"]["enum"] == ["filing_date", "parties"]

    def described(node):  # every property of every object says what it is
        for prop in node.get("properties", {}).values():
            assert prop.get("description"), node
            described(prop.get("items", prop))

    for spec in calls.tool_specs():
        described(tool_schema(spec.args, ["filing_date"]))
    strict = tool_schema(calls.SearchArgs, [], strict=True)
    assert strict["additionalProperties"] is False and set(strict["required"]) == set(strict["properties"])
    # OpenAI's strict mode rejects "default"; bounds stay enforced when the call is validated.
    assert all(k not in json.dumps(strict) for k in ('"default"', '"minimum"', '"maximum"'))
    assert "minItems" not in json.dumps(tool_schema(calls.ChecklistWriteArgs, ["a"], strict=True))


def test_update_replaces_with_the_values_that_pass_and_reports_each(ws):
    good = {
        "value": "Eighth Amendment",
        "evidence": [{"document": "01-complaint", "quote": "violations of the Eighth Amendment"}],
    }
    bad = {
        "value": "First Amendment",
        "evidence": [{"document": "01-complaint", "quote": "violations of the First Amendment"}],
    }
    assert call(ws, "append_checklist", item="statutory_basis", values=[good]).ok
    all_bad = call(ws, "update_checklist", item="statutory_basis", values=[bad])
    assert not all_bad.ok and "nothing changed" in all_bad.text and "- refused 'First Amendment'" in all_bad.text
    assert [v.value for v in ws.checklist.items["statutory_basis"]] == ["Eighth Amendment"]
    renamed = dict(good, value="U.S. Const. amend. VIII")
    mixed = call(ws, "update_checklist", item="statutory_basis", values=[bad, renamed])
    assert not mixed.ok and mixed.summary == "statutory_basis +1 stored, 1 rejected"
    lines = mixed.text.splitlines()
    assert lines[0] == "statutory_basis: stored 1 value(s); the item now has 1."
    assert lines[1].startswith("- refused 'First Amendment': quote not found")
    assert lines[2].startswith("- stored 'U.S. Const. amend. VIII', but WEAKLY SUPPORTED (")
    assert [v.value for v in ws.checklist.items["statutory_basis"]] == ["U.S. Const. amend. VIII"]


def test_remove_values_drops_one_value_alone(ws):
    values = [
        {
            "value": "Eighth Amendment",
            "evidence": [{"document": "01-complaint", "quote": "violations of the Eighth Amendment"}],
        },
        {
            "value": "42 U.S.C. § 1983",
            "evidence": [{"document": "01-complaint", "quote": "brought under 42 U.S.C. § 1983"}],
        },
    ]
    assert call(ws, "append_checklist", item="statutory_basis", values=values).ok
    removed = call(ws, "remove_values", item="statutory_basis", values=["eighth amendment", "Fifth Amendment"])
    assert (
        not removed.ok
        and "removed 1 value(s); the item now has 1" in removed.text
        and "'Fifth Amendment'" in removed.text
    )
    assert [v.value for v in ws.checklist.items["statutory_basis"]] == ["42 U.S.C. § 1983"]
    assert call(ws, "remove_values", items=[{"item": "statutory_basis", "values": ["42 U.S.C. § 1983"]}]).ok
    assert ws.checklist.items["statutory_basis"] == []


def test_merge_values_joins_stored_values_with_their_quotes_and_no_new_quote(ws):
    values = [
        {
            "value": "42 U.S.C. § 1983 claim",
            "evidence": [{"document": "01-complaint", "quote": "brought under 42 U.S.C. § 1983"}],
        },
        {
            "value": "Eighth Amendment",
            "evidence": [{"document": "01-complaint", "quote": "violations of the Eighth Amendment"}],
        },
        {
            "value": "filed March 15, 2021",
            "evidence": [{"document": "01-complaint", "quote": "filed this complaint on March 15, 2021"}],
        },
    ]
    assert call(ws, "append_checklist", item="cause_of_action", values=values).ok
    # the merged value states what none of the parts' quotes gives: refused, the item unchanged
    refused = call(
        ws,
        "merge_values",
        item="cause_of_action",
        values=["Eighth Amendment", "filed March 15, 2021"],
        into="Filed June 1, 2022 under the Eighth Amendment",
    )
    assert not refused.ok and "June 1, 2022" in refused.text
    assert len(ws.checklist.items["cause_of_action"]) == 3
    # a value not stored: nothing merged
    missing = call(ws, "merge_values", item="cause_of_action", values=["Eighth Amendment", "Fifth Amendment"], into="x")
    assert not missing.ok and "not stored: 'Fifth Amendment'" in missing.text
    merged = call(
        ws,
        "merge_values",
        item="cause_of_action",
        values=["42 u.s.c. § 1983 claim", "Eighth Amendment"],
        into="42 U.S.C. § 1983 claim for Eighth Amendment violations",
    )
    assert merged.ok and "merged 2 values; the item now has 2" in merged.text
    first, second = ws.checklist.items["cause_of_action"]
    assert first.value == "42 U.S.C. § 1983 claim for Eighth Amendment violations"  # in the first part's place
    assert [e.quote for e in first.evidence] == ["brought under 42 U.S.C. § 1983", "violations of the Eighth Amendment"]
    assert first.support == "states" and second.value == "filed March 15, 2021"
    # one value reworded in place, its quote kept: no removal that a refused new write could leave bare
    reworded = call(
        ws,
        "merge_values",
        item="cause_of_action",
        values=["filed March 15, 2021"],
        into="Complaint filed March 15, 2021",
    )
    assert reworded.ok and "reworded 1 value; the item now has 2" in reworded.text
    assert [v.value for v in ws.checklist.items["cause_of_action"]][1] == "Complaint filed March 15, 2021"


def test_a_support_refusal_shows_the_text_around_the_quote(ws):
    value = {
        "value": "March 15, 2021: plaintiff filed the complaint",
        "evidence": [{"document": "01-complaint", "quote": "Rights Project, filed this complaint"}],
    }
    refused = call(ws, "append_checklist", item="important_filings", values=[value])
    assert not refused.ok and "does not state March 15, 2021" in refused.text
    # the date the quote lacks is a few words on: the refusal shows it, so no re-read is needed to mend it
    assert '01-complaint around the quote: "' in refused.text
    assert "filed this complaint on March 15, 2021." in refused.text
    assert ws.checklist.items["important_filings"] == []


def test_append_merges_repeated_values(ws):
    v = {
        "value": "42 U.S.C. § 1983",
        "evidence": [{"document": "01-complaint", "quote": "brought under 42 U.S.C. § 1983"}],
    }
    first = call(ws, "append_checklist", item="cause_of_action", values=[v])
    assert "stored 1 value(s); the item now has 1." in first.text
    again = call(ws, "append_checklist", item="Cause of Action", values=[dict(v, value="42 u.s.c. § 1983")])
    assert len(ws.checklist.items["cause_of_action"]) == 1
    # the count says the value sent again was one already stored, not one more
    assert "stored 1 value(s) (1 already stored, given the new quotes); the item now has 1." in again.text


def test_unknown_item_and_malformed_arguments(ws):
    unknown = call(ws, "append_checklist", item="favourite_colour", values=[])
    assert not unknown.ok and "unknown item" in unknown.text
    spec = next(t for t in calls.tool_specs() if t.name == "read_document")
    assert calls.invoke(ws, spec, "{not json").summary == "malformed arguments"
    assert calls.invoke(ws, spec, '{"document": 5, "start_token": "x"}').summary == "invalid arguments"
    assert calls.invoke(ws, spec, "[1, 2]").summary == "malformed arguments"


def test_get_checklist_by_group(ws):
    text = call(ws, "get_checklist", items="judge_info").text
    assert "judge_name" in text and "EMPTY" in text and "filing_date" not in text
    assert "unknown item or group" in call(ws, "get_checklist", items="nope").text


@pytest.mark.parametrize("quote", ["the  Court\nGRANTS", "\u201cin part.\u201d", "Judge \u2014 signed"])
def test_quote_folding_finds_typographic_variants(quote):
    text = 'Then the Court GRANTS the motion "in part." Judge - signed.'
    assert quotes.locate(quote, text) is not None


def test_quotes_may_come_from_a_search_snippet_as_the_prompt_says(ws):
    from gavel_agent import prompts

    rule = "read_document output or a search snippet"
    assert rule in prompts.load("agent_system")
    assert "a snippet's words may be quoted" in next(t.description for t in calls.tool_specs() if t.name == "search")
    (hit,) = call(ws, "search", query="motion to dismiss GRANTED", top_k=1).data
    assert ws.reads.tokens_read(hit.document) == 0  # never read
    quote = "The motion to dismiss is GRANTED IN PART"
    assert quote in hit.snippet
    stored = call(
        ws,
        "append_checklist",
        item="court_rulings",
        values=[
            {"value": "Motion to dismiss granted in part", "evidence": [{"document": hit.document, "quote": quote}]}
        ],
    )
    assert stored.ok, stored.text


def test_the_new_write_tools_name_the_runs_items_and_take_one_item_alone():
    from gavel_agent.tools.schemas import tool_schema

    for args in (calls.RemoveValuesArgs, calls.SettleNoneArgs):
        schema = tool_schema(args, ["filing_date", "trials"])
        assert schema["properties"]["items"]["items"]["properties"]["item"]["enum"] == ["filing_date", "trials"]
        strict = tool_schema(args, ["filing_date"], strict=True)
        assert strict["additionalProperties"] is False
    one = calls.SettleNoneArgs.model_validate({"item": "trials", "reason": "no trial", "searches": ["trial"]})
    assert [e.item for e in one.items] == ["trials"]
