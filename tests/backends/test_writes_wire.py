"""Writes and a stop in one reply, per backend, mocked at the HTTP level (respx; never the network).

A reply that writes a value its quote does not state and stops: the stop is refused, with the
refusal and what the quote lacks sent back. A reply that writes a supported value and stops: the
write is applied and shown before the first-stop review, whose findings follow.
"""

from __future__ import annotations

import json

import pytest

from backends_wire import DOCUMENT, FILING_DATE, PROVIDERS, QUOTE, append_arguments, run_over_the_wire
from gavel_agent.checklists.record import ChecklistFile


def replies(provider):
    script = [
        [("append_checklist", append_arguments(quote="CLASS ACTION ALLEGATION COMPLAINT")), ("stop", "{}")],
        [("append_checklist", append_arguments()), ("stop", "{}")],
        [("stop", "{}")],
    ]
    return [provider.reply(step, calls, (1000, 0, 50, 0)) for step, calls in enumerate(script, start=1)]


@pytest.mark.parametrize("name", list(PROVIDERS))
async def test_a_stop_waits_for_its_replys_writes(name, tmp_path, monkeypatch):
    provider = PROVIDERS[name]
    _, outcome, route = await run_over_the_wire(provider, tmp_path / "run", monkeypatch, replies(provider))
    bodies = [json.dumps(json.loads(c.request.content), ensure_ascii=False) for c in route.calls]
    assert len(bodies) == 3
    assert "Stop refused: 1 write(s) in the same reply failed" in bodies[1]
    assert "the quote does not state March 15, 2021" in bodies[1]
    assert "Writes of this reply applied first: append_checklist: filing_date +1 stored" in bodies[2]
    assert "Items neither filled nor settled:" in bodies[2]
    assert outcome.stats.status == "finished" and outcome.stats.stop_attempts == 2
    saved = ChecklistFile.read(tmp_path / "run" / "checklist.json")
    assert saved.values_of("filing_date") == [FILING_DATE]
    assert saved.items["filing_date"][0].evidence[0].quote == QUOTE
    assert DOCUMENT in {e.document for e in saved.items["filing_date"][0].evidence}
