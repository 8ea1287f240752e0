"""CUAD master_clauses.csv as reference checklists, and the cuad spec."""

from __future__ import annotations

import csv

import pytest

from gavel_agent.checklists import load_spec
from gavel_agent.evaluators.checklist.cuad import (
    CuadError,
    as_values,
    contract_id,
    dev_split,
    locate_span,
    read_master_clauses,
)

SPEC = load_spec("cuad")


def _write_csv(path, rows):
    header = ["Filename"] + [c for item in SPEC.items for c in (item.name, item.name + "-Answer")]
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for filename, cells in rows:
            row = {"Filename": filename}
            for item in SPEC.items:
                spans, answer = cells.get(item.name, ([], "" if item.extra["answer"] == "text" else "No"))
                row[item.name], row[item.name + "-Answer"] = repr(spans), answer
            w.writerow([row[h] if h in row else "" for h in header])


@pytest.fixture
def tiny_cuad(tmp_path):
    txt = tmp_path / "full_contract_txt"
    txt.mkdir()
    (txt / "ACME_01-EX-10.1-SUPPLY AGREEMENT.txt").write_text(
        'SUPPLY AGREEMENT\nThis Agreement is made between Acme Corp. ("Acme") and Beta LLC ("Beta").\n'
        "Acme shall not assign this Agreement\n   without the prior written consent of Beta.\n"
        "This Agreement is governed by the laws of the State of Delaware.\nSome filler. Either party may terminate.\n",
        encoding="utf-8",
    )
    (txt / "Zeta Broker Agreement.txt").write_text("ZETA AGREEMENT\nNothing here.\n", encoding="utf-8")
    _write_csv(
        tmp_path / "master_clauses.csv",
        [
            (
                "ACME_01-EX-10.1-SUPPLY AGREEMENT.PDF",
                {
                    "Parties": (["Acme Corp.", "Beta LLC"], 'Acme Corp. ("Acme"); Beta LLC ("Beta")'),
                    "Governing Law": (["This Agreement is governed by the laws of the State of Delaware."], "Delaware"),
                    "Anti-Assignment": (
                        ["Acme shall not assign this Agreement without the prior written consent of Beta."],
                        "Yes",
                    ),
                    "Termination for Convenience": (
                        ["This Agreement is made between<omitted>Either party may terminate."],
                        "Yes",
                    ),
                    "Agreement Date": (["This Agreement is made between"], ""),
                },
            ),
            ("Zeta Broker Agreement .pdf", {}),
        ],
    )
    return tmp_path


def test_rows_become_reference_checklists_keyed_by_text_file(tiny_cuad):
    refs = read_master_clauses(tiny_cuad / "master_clauses.csv")
    assert set(refs) == {"ACME_01-EX-10.1-SUPPLY AGREEMENT", "Zeta Broker Agreement"}
    acme = refs["ACME_01-EX-10.1-SUPPLY AGREEMENT"]
    assert acme.values_of("parties") == ['Acme Corp. ("Acme")', 'Beta LLC ("Beta")']
    assert acme.values_of("governing_law") == ["Delaware"]
    # A clause item's values are its marked spans; "No" leaves it empty.
    assert acme.values_of("anti_assignment") == [
        "Acme shall not assign this Agreement without the prior written consent of Beta."
    ]
    assert acme.values_of("non_compete") == []
    # Spans without a derived answer stand for themselves.
    assert acme.values_of("agreement_date") == ["This Agreement is made between"]
    assert all(not v for v in as_values(refs)["Zeta Broker Agreement"].values())


def test_spans_are_located_across_whitespace_and_omitted_gaps(tiny_cuad):
    refs = read_master_clauses(tiny_cuad / "master_clauses.csv")
    text = (tiny_cuad / "full_contract_txt" / "ACME_01-EX-10.1-SUPPLY AGREEMENT.txt").read_text(encoding="utf-8")
    ev = refs["ACME_01-EX-10.1-SUPPLY AGREEMENT"].items["anti_assignment"][0].evidence[0]
    assert text[ev.start_char : ev.end_char].split() == ev.quote.split()
    gap = refs["ACME_01-EX-10.1-SUPPLY AGREEMENT"].items["termination_for_convenience"][0].evidence[0]
    assert text[gap.start_char : gap.end_char].startswith("This Agreement is made between")
    assert text[gap.start_char : gap.end_char].endswith("Either party may terminate.")
    assert locate_span("not in the contract", text) is None


def test_party_evidence_is_the_span_naming_that_party(tiny_cuad):
    acme = read_master_clauses(tiny_cuad / "master_clauses.csv")["ACME_01-EX-10.1-SUPPLY AGREEMENT"]
    assert [e.quote for e in acme.items["parties"][1].evidence] == ["Beta LLC"]


def test_bad_csv_is_a_one_line_error(tmp_path):
    (tmp_path / "x.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(CuadError, match="not a CUAD master_clauses.csv"):
        read_master_clauses(tmp_path / "x.csv")
    with pytest.raises(CuadError, match="no such file"):
        read_master_clauses(tmp_path / "missing.csv")


def test_contract_id_and_dev_split_are_stable():
    assert contract_id("Principal Life - Agreement .PDF") == "Principal Life - Agreement"
    ids = [f"contract-{i}" for i in range(500)]
    dev = dev_split(ids)
    assert 25 <= len(dev) <= 75 and dev == dev_split(list(reversed(ids)))[::-1]
    assert set(dev_split(ids[:250])) == set(dev) & set(ids[:250])  # membership does not depend on the rest


def test_spec_categories_follow_the_issue():
    by_cat = {c: sorted(i.name for i in SPEC.items if i.category == c) for c in ("numeric", "temporal", "factual")}
    assert by_cat["numeric"] == sorted(
        ["Cap on Liability", "Minimum Commitment", "Volume Restriction", "Price Restrictions", "Liquidated Damages"]
    )
    assert by_cat["temporal"] == sorted(
        [
            "Agreement Date",
            "Effective Date",
            "Expiration Date",
            "Renewal Term",
            "Notice Period to Terminate Renewal",
            "Warranty Duration",
        ]
    )
    assert by_cat["factual"] == sorted(["Document Name", "Parties", "Governing Law"])
    assert len(SPEC.items) == 41 and sum(i.category == "obligation" for i in SPEC.items) == 27
    assert {i.group for i in SPEC.items} == {g.key for g in SPEC.groups}


def test_real_master_clauses(shared):
    csv_path = shared / "cuad" / "master_clauses.csv"
    with csv_path.open(encoding="utf-8") as f:
        header = next(csv.reader(f))
    assert [i.name for i in SPEC.items] == [c for c in header[1:] if not c.endswith("-Answer")]
    refs = read_master_clauses(csv_path)
    assert refs and set(refs) == {p.stem for p in (shared / "cuad" / "full_contract_txt").glob("*.txt")}
    evidence = [e for c in refs.values() for vals in c.items.values() for v in vals for e in v.evidence]
    assert sum(e.start_char is not None for e in evidence) / len(evidence) > 0.99
