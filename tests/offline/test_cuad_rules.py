"""Offline rule extractors for CUAD clauses: right answers, exact quotes, vetoes."""

from __future__ import annotations

import pytest

from gavel_agent.checklists import load_spec
from gavel_agent.offline.registry import DocInfo, get_extractor

CONTRACT = """DISTRIBUTION AGREEMENT

This Distribution Agreement is made and entered into as of the 8th day of May, 2014 by and between Acme Corp., a Delaware corporation ("Supplier"), and Beta Trading LLC ("Distributor").

2.1 Term. This Agreement shall commence on June 1, 2014 and shall continue until May 31, 2017. Thereafter it shall automatically renew for successive one (1) year periods unless either party gives written notice of non-renewal at least ninety (90) days prior to the end of the then-current term.

3.1 Supplier hereby appoints Distributor as its exclusive distributor in the Territory.
3.2 Nothing in this Agreement grants Distributor any license to Supplier's trademarks.
4.1 In no event shall either party's aggregate liability exceed the fees paid in the twelve (12) months before the claim.
5.1 Distributor shall not assign this Agreement without the prior written consent of Supplier.
6.1 This Agreement shall be governed by the laws of the State of New York, without regard to its conflict of laws rules.
7.1 The parties submit to the exclusive jurisdiction of the courts of New York.
"""
DOC = DocInfo("contract")


def run(key):
    findings = get_extractor("cuad", key)(CONTRACT, DOC)
    assert all(f.quote in CONTRACT for f in findings), "every quote must be a span of the text"
    return [f.value for f in findings]


@pytest.mark.parametrize(
    "key, expected",
    [
        ("document_name", ["DISTRIBUTION AGREEMENT"]),
        ("governing_law", ["New York"]),
        ("agreement_date", ["May 8, 2014"]),
        ("effective_date", ["June 1, 2014"]),
        ("expiration_date", ["May 31, 2017"]),
        ("renewal_term", ["successive 1 year"]),
        ("notice_period_to_terminate_renewal", ["90 days"]),
    ],
)
def test_short_answers(key, expected):
    assert run(key)[: len(expected)] == expected


def test_parties_come_from_the_preamble_with_their_short_names():
    assert run("parties") == ['Acme Corp. ("Supplier")', 'Beta Trading LLC ("Distributor")']


def test_clause_items_quote_the_whole_sentence():
    (cap,) = run("cap_on_liability")
    assert cap.startswith("4.1 In no event") and cap.endswith("before the claim.")
    assert any("without the prior written consent" in v for v in run("anti_assignment"))


def test_vetoes_keep_denials_and_lookalikes_out():
    assert run("license_grant") == []  # "Nothing ... grants ... any license"
    exclusivity = run("exclusivity")
    assert any("exclusive distributor" in v for v in exclusivity)
    assert not any("exclusive jurisdiction" in v for v in exclusivity)


def test_every_cuad_item_has_an_extractor():
    assert all(get_extractor("cuad", i.key) for i in load_spec("cuad").items)
