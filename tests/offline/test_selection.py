"""The offline model's learned selection: folds, the scorer's choice, fitting, and the shipped models."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from conftest import REPO, SAMPLE_CASE, offline_quality_bench
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import ChecklistFile
from gavel_agent.evaluators.checklist.crlc_reference import CodedCase
from gavel_agent.offline.item_plan import item_plan
from gavel_agent.offline.learned.corpus import FOLDS, Record, fold_of, read_candidates, run_record
from gavel_agent.offline.learned.selection import apply_model, found_from_rows, load_model, pick
from gavel_agent.offline.learned.train import FIELDS, fit
from gavel_agent.offline.policy import choose

SAMPLE = SAMPLE_CASE


def row(value: str, confidence: float = 0.9, quote: str = "Filed 01/02/2020", doc_type: str = "Complaint") -> dict:
    return {
        "value": value,
        "quote": quote,
        "confidence": confidence,
        "window_score": 1.0,
        "document": "d1",
        "doc_type": doc_type,
        "doc_title": doc_type,
        "doc_date": "2020-01-02",
        "doc_tokens": 900,
        "doc_order": 0,
        "doc_count": 3,
    }


def test_folds_are_fixed_by_the_case_id():
    assert fold_of("10002") == fold_of("10002")
    folds = [fold_of(str(case)) for case in range(10000, 10500)]
    assert set(folds) == set(range(FOLDS))
    assert min(folds.count(k) for k in range(FOLDS)) > 60  # a hash spreads cases evenly, not by their order


def _model(kind: str, threshold: float = 0.0) -> dict:
    # Scores by confidence alone: the more confident the rule, the more probable.
    return {
        "version": 1,
        "spec": "gavel",
        "item": "x",
        "kind": kind,
        "features": ["confidence"],
        "coef": [10.0],
        "intercept": -5.0,
        "threshold": threshold,
    }


def test_pick_single_category_and_list():
    rows = [
        row("Plaintiff: Private (Smith LLP)", 0.3),
        row("Plaintiff: Public interest nonprofit (ACLU)", 0.9),
        row("Plaintiff: Public interest nonprofit (NAACP LDF)", 0.6),
    ]
    assert pick(_model("single"), rows) == [1]
    # One value found twice: the rules' surest quote of it first, whatever the model's order.
    twice = [
        row("May 5, 2003", 0.85, "Date Filed: 05/05/2003", "Docket"),
        row("May 5, 2003", 0.8, "Document 1 Filed 05/05/03"),
    ]
    inverse = {**_model("single"), "coef": [-10.0], "intercept": 9.0}
    assert pick(inverse, twice) == [0, 1]
    assert pick(_model("single", threshold=0.99), rows) == []  # nothing clears the threshold: nothing kept
    # A kind of counsel is scored on all its candidates at once: here the surest candidate of each.
    by_kind = {
        **_model("category"),
        "features": ["Private|confidence", "Public interest|confidence"],
        "coef": [10.0, 10.0],
    }
    assert pick(by_kind, rows) == [1, 2]  # that kind's candidates only, surest first
    # ... and by the kinds beside it: a private firm beside a public-interest organisation is its co-counsel.
    beside = {**by_kind, "features": ["Private|candidates", "Public interest|with:Private"], "coef": [5.0, -5.0]}
    assert pick(beside, rows) == [0]
    assert pick(_model("list", threshold=0.5), rows) == [1, 2]
    assert pick(_model("list"), []) == []


def test_apply_model_makes_the_policy_follow_the_model():
    rows = [row("March 1, 2020", 1.0), row("January 2, 2020", 0.5)]
    model = {**_model("single"), "coef": [-10.0], "intercept": 8.0}  # here the less confident rule is the better one
    plan = item_plan("gavel", load_spec("gavel").item("filing_date"))
    chosen = choose(plan, apply_model(model, found_from_rows(rows), rows))
    assert [v["value"] for v in chosen] == ["January 2, 2020"]
    assert chosen[0]["evidence"] == [{"document": "d1", "quote": "Filed 01/02/2020"}]


def _records() -> list[Record]:
    """Cases whose right filing date is always the docket's stamp, which the rules rank below a cited date."""
    records = []
    for i in range(40):
        rows = [
            row("May 5, 2003", 0.9, "Document 1 Filed 05/05/03", "Docket"),
            row("March 8, 2001", 1.0, "as in Roe v. Doe, No. 01-123, filed March 8, 2001", "Complaint"),
        ]
        coded = CodedCase(case=str(i), filing_date=date(2003, 5, 5))
        records.append(Record(str(i), fold_of(str(i)), coded, {"filing_date": rows}))
    return records


def test_fit_learns_which_candidate_is_right_and_is_reproducible():
    field = next(f for f in FIELDS if f.item == "filing_date")
    records = _records()
    model = fit(field, records)
    assert model["trained_on"] == {"records": 40, "candidates": 80, "positives": 40}
    assert pick(model, records[0].rows("filing_date")) == [0]
    assert fit(field, records) == model  # same records, same file
    assert json.loads(json.dumps(model)) == model  # plain JSON: coefficients, no pickle


def test_every_learned_item_ships_a_model_that_matches_its_features():
    for field in FIELDS:
        model = load_model("gavel", field.item)
        assert model is not None, f"no shipped model for {field.item}: run python -m gavel_agent.offline.learned.train"
        assert model["kind"] == field.kind and len(model["features"]) == len(model["coef"]) > 10


def test_a_run_keeps_what_the_shipped_model_picks_from_its_recorded_candidates(tmp_path: Path):
    """The bench re-chooses values from recorded candidates; that must be what the run itself wrote,
    but for values the write tools refused because their quotes do not state them."""
    from gavel_agent.tools.support import judge

    run_dir = Path(run_record(str(SAMPLE), str(tmp_path), reuse=False))
    candidates = read_candidates(run_dir)
    checklist = ChecklistFile.read(run_dir / "checklist.json")
    spec = load_spec("gavel")
    assert candidates["filing_date"], "the sample's filing date has candidates"
    for field in FIELDS:
        rows = candidates.get(field.item, [])
        plan = item_plan("gavel", spec.item(field.item))
        chosen = choose(plan, apply_model(load_model("gavel", field.item), found_from_rows(rows), rows))
        stored = checklist.values_of(field.item)
        assert [v["value"] for v in chosen if v["value"] in stored] == stored
        for v in chosen:
            if v["value"] not in stored:
                quotes = [e["quote"] for e in v["evidence"]]
                assert judge(v["value"], quotes, spec.item(field.item)).status == "unsupported", v["value"]


@pytest.mark.parametrize("item", ["judge_name"])
def test_items_without_a_model_keep_the_rules_choice(item: str):
    assert load_model("gavel", item) is None


def test_a_statute_is_described_by_all_its_mentions():
    from gavel_agent.offline.learned.features import candidate_features

    rows = [
        row("42 U.S.C. § 1983", quote="COUNT I: Violation of 42 U.S.C. § 1983 (Eighth Amendment)"),
        row("42 U.S.C. § 1983", quote="Plaintiffs sue under 42 U.S.C. § 1983.", doc_type="Order/Opinion"),
        row(
            "Declaratory Judgment Act, 28 U.S.C. § 2201",
            quote="This Court has jurisdiction under 28 U.S.C. §§ 1331 and 2201.",
        ),
    ]
    heading, opinion, jurisdiction = candidate_features(rows)
    # Both mentions of § 1983 carry what the count heading and the complaint say of it: one statute, one choice.
    assert heading == opinion and heading["statute:heading"] == 1.0 and heading["doc:complaint"] == 1.0
    assert opinion["statute:complaint"] == 1.0 and opinion["statute:complaint_share"] == 0.5
    assert heading["statute:only_jurisdiction"] == 0.0 and jurisdiction["statute:only_jurisdiction"] == 1.0
    assert jurisdiction["statute:heading"] == 0.0
    assert heading["statute=42 U.S.C. § 1983"] == 1.0 and "statute=42 U.S.C. § 1983" not in jurisdiction
    # Values that are no statute (dates, names) get none of these.
    assert not any(k.startswith("statute") for k in candidate_features([row("January 2, 2020")])[0])


def test_who_names_a_statute_and_how():
    from gavel_agent.offline.learned.features import candidate_features

    def brief(value: str, quote: str, title: str, doc_type: str = "Pleading / Motion / Brief") -> dict:
        return {**row(value, quote=quote, doc_type=doc_type), "doc_title": title}

    rows = [
        brief("42 U.S.C. § 1983", "COUNT I: Violation of 42 U.S.C. § 1983", "Complaint", "Complaint"),
        brief(
            "Title VI of the Civil Rights Act of 1964, 42 U.S.C. § 2000d",
            "Title VI does not apply here, see Roe v. Doe, 512 F.3d 100 (2008).",
            "Defendants' Motion to Dismiss",
        ),
        brief(
            "Declaratory Judgment Act, 28 U.S.C. § 2201",
            "Declaratory relief is authorized by 28 U.S.C. § 2201.",
            "Plaintiffs' Motion for Summary Judgment",
        ),
    ]
    pleaded, defence, relief = candidate_features(rows)
    assert pleaded["statute:plaintiff_side"] == 1.0 and pleaded["statute:claimed"] == 1.0
    assert pleaded["statute:defendant_papers_only"] == 0.0 and pleaded["statute:relief_source_only"] == 0.0
    # Named only in the defendants' brief, beside another case: no pleaded claim.
    assert defence["statute:defendant_papers_only"] == 1.0 and defence["statute:cited_case_only"] == 1.0
    assert defence["statute:plaintiff_side"] == 0.0
    # Named only as the source of the court's power to declare: the remedy's statute.
    assert relief["statute:relief_source_only"] == 1.0 and relief["statute:plaintiff_side"] == 1.0
    assert relief["statute:cited_case_only"] == 0.0  # "28 U.S.C." is a code, not a reporter


def test_a_list_item_is_fitted_once_per_value_not_once_per_mention():
    field = next(f for f in FIELDS if f.item == "cause_of_action")
    records = []
    for i in range(30):
        rows = [row("42 U.S.C. § 1983", quote=f"COUNT {n}: 42 U.S.C. § 1983") for n in range(5)]
        rows.append(row("Bivens action", quote="Unlike a Bivens action, see Roe v. Doe.", doc_type="Order/Opinion"))
        coded = CodedCase(case=str(i), causes=["42 U.S.C. § 1983"])
        records.append(Record(str(i), fold_of(str(i)), coded, {"cause_of_action": rows}))
    model = fit(field, records)
    # Six candidates a record, two distinct values: one sample each.
    assert model["trained_on"] == {"records": 30, "candidates": 60, "positives": 30}
    assert pick(model, records[0].rows("cause_of_action")) == [0, 1, 2, 3, 4]


def _docket_row(
    value: str, quote: str, confidence: float, document: str = "docket", title: str = "Docket [PACER]"
) -> dict:
    return {
        **row(value, confidence, quote, "Docket"),
        "document": document,
        "doc_title": title,
        "doc_date": "2005-11-16",
    }


def test_the_cases_own_docket_settles_the_filing_date():
    from gavel_agent.offline.rules.filing_date import docket_over_listing

    listing = row("January 13, 1992", 0.95, "COMPLAINT")  # the case listing's date of the complaint, written nowhere
    header = _docket_row("January 28, 1992", "Date Filed: 01/28/1992", 0.85)
    entry = _docket_row("January 28, 1992", "01/28/1992 1 COMPLAINT", 0.9)
    rows = [listing, header, entry]
    assert docket_over_listing([0], rows) == [1, 2]
    assert docket_over_listing([1, 2], rows) == [1, 2]
    assert docket_over_listing([], rows) == []
    # The complaint's own stamp stands against a docket's header.
    stamped = [row("January 13, 1992", 1.0, "Document 1 Filed 01/13/92"), header]
    assert docket_over_listing([0], stamped) == [0]
    # A related case's docket, or one a transfer opened, records another court's opening.
    related = _docket_row("January 28, 1992", "Date Filed: 01/28/1992", 0.85, title="Docket [related case]")
    assert docket_over_listing([0], [listing, related]) == [0]
    moved = _docket_row("January 28, 1992", "Date Filed # Docket Text\n01/28/1992 1 Case transferred in", 0.7)
    assert docket_over_listing([0], [listing, header, moved]) == [0]
    # In one docket the first pleading's entry before the header; across dockets the earliest.
    late_header = _docket_row("January 27, 1992", "Date Filed: 01/27/1992", 0.85)
    assert docket_over_listing([0], [late_header, entry]) == [1]
    older = _docket_row("December 12, 1991", "Date Filed: 12/12/1991", 0.85, document="docket2")
    assert docket_over_listing([0], [header, older]) == [1]


def test_filing_date_features_place_a_date_against_the_cases_opening():
    from gavel_agent.offline.learned.features import candidate_features

    narrative = row("January 13, 1992", 0.5, "On January 13, 1992, plaintiffs filed", "Order/Opinion")
    entry = _docket_row("January 28, 1992", "01/28/1992 1 COMPLAINT", 0.9)
    later = row("March 2, 1993", 0.5, "On March 2, 1993, plaintiffs moved", "Order/Opinion")
    told, opened, after = candidate_features([narrative, entry, later])
    assert opened["docket_opening"] == 1.0 and told["docket_opening"] == after["docket_opening"] == 0.0
    assert told["vs_docket_opening"] < 0 < after["vs_docket_opening"]
    assert told["moved_in_earliest"] == 0.0  # nothing says the case came from another court
    # Transferred (or removed) in, this court's docket opens on the move: the earliest date told is the filing.
    moved = _docket_row("January 28, 1992", "01/28/1992 1 Case transferred in from the District of Oregon", 0.7)
    told, _, after, _ = candidate_features([narrative, entry, later, moved])
    assert told["moved_in_earliest"] == 1.0 and after["moved_in_earliest"] == 0.0
    # Without a docket of the case, no opening to compare with.
    assert "docket_opening" not in candidate_features([narrative, later])[0]


def test_a_fields_own_regularisation_shrinks_its_weights():
    from dataclasses import replace

    field = next(f for f in FIELDS if f.item == "filing_date")
    records = _records()
    loose, tight = fit(replace(field, c=1.0), records), fit(replace(field, c=0.01), records)
    assert sum(abs(w) for w in tight["coef"]) < sum(abs(w) for w in loose["coef"])
    assert next(f for f in FIELDS if f.item == "parties").c < field.c  # parties overfit at the default


def _pleaded_and_mentioned() -> list[Record]:
    """Cases pleading § 1983 in a count and naming the Declaratory Judgment Act beside the court's
    jurisdiction; the coding lists the Act in one case of four."""
    records = []
    for i in range(60):
        rows = [
            row("42 U.S.C. § 1983", 1.0, "COUNT I: violation of 42 U.S.C. § 1983"),
            row(
                "Declaratory Judgment Act, 28 U.S.C. § 2201",
                1.0,
                "This Court has jurisdiction under 28 U.S.C. §§ 1331 and 2201.",
            ),
        ]
        causes = ["42 U.S.C. § 1983"] + (["Declaratory Judgment Act, 28 U.S.C. § 2201"] if i % 4 == 0 else [])
        records.append(
            Record(str(i), fold_of(str(i)), CodedCase(case=str(i), causes=causes), {"cause_of_action": rows})
        )
    return records


def test_the_inner_cross_validation_chooses_the_regularisation_that_reaches_the_floor():
    from dataclasses import replace

    field = next(f for f in FIELDS if f.item == "cause_of_action")
    assert field.c in field.c_choices  # the default is among the choices
    records = _pleaded_and_mentioned()
    # Shrunk to nothing, every candidate scores near the base rate (7 in 10 right): no threshold keeps
    # 80% precision, so the inner cross-validation takes the other regularisation although listed first.
    chosen = fit(replace(field, c_choices=(1e-4, 1.0)), records)
    only = fit(replace(field, c_choices=(1.0,)), records)
    assert chosen["c"] == 1.0 and chosen == only
    assert pick(chosen, records[0].rows("cause_of_action")) == [0]  # the pleaded statute, not the mention


def test_the_causes_model_leaves_out_the_mention_level_quote_cues():
    from dataclasses import replace

    from gavel_agent.offline.learned.features import candidate_features
    from gavel_agent.offline.learned.selection import probability

    field = next(f for f in FIELDS if f.item == "cause_of_action")
    records = _pleaded_and_mentioned()
    for r in records[::3]:  # a cue word beside the Act in some windows, whatever the coding says
        mention = r.rows("cause_of_action")[1]
        mention["quote"] += " (preliminary)"
    with_cues = fit(replace(field, left_out=()), records)
    assert any(name.startswith("quote:") for name in with_cues["features"])
    model = fit(field, records)
    assert not any(name.startswith("quote:") for name in model["features"])
    assert "statute:claimed" in model["features"] and "statute:only_jurisdiction" in model["features"]
    # The Act scores the same whatever cue words its window holds (two quotes of one length).
    pleaded, mentioned = records[1].rows("cause_of_action")
    cued, plain = ({**mentioned, "quote": mentioned["quote"] + tail} for tail in (" (preliminary)", " (abcdefghijk)"))
    for fitted, same in ((model, True), (with_cues, False)):
        cued_score, plain_score = (probability(fitted, candidate_features([pleaded, r])[1]) for r in (cued, plain))
        assert (cued_score == pytest.approx(plain_score)) is same


def _cause_values_bench():
    import importlib.util

    spec = importlib.util.spec_from_file_location("cause_values", REPO / "bench" / "cause_values.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_the_per_value_bench_counts_causes_kept_left_and_absent():
    bench = _cause_values_bench()
    records = _pleaded_and_mentioned()
    for r in records[:3]:  # a coded cause no candidate names
        r.coded.causes.append("Fair Housing Act/Fair Housing Amendments Act (FHAA), 42 U.S.C. §§ 3601 et seq.")
    t = bench.held_out_tallies(records, unread=frozenset({records[4].case}))
    dja = "Declaratory Judgment Act, 28 U.S.C. § 2201"
    assert t["kept"]["42 U.S.C. § 1983"] == 59  # every pleaded § 1983 but the unread case's
    assert t["left"][dja] == 14 and t["kept"][dja] == 0  # coded in 15 cases, one of them unread
    assert t["absent"]["Fair Housing Act/Fair Housing Amendments Act (FHAA), 42 U.S.C. §§ 3601 et seq."] == 3
    assert t["right"]["42 U.S.C. § 1983"] == 59 and not t["wrong"]


FHA = "Fair Housing Act/Fair Housing Amendments Act (FHAA), 42 U.S.C. §§ 3601 et seq."


def test_the_ranking_ceiling_keeps_every_right_value_above_the_wrong_ones():
    from gavel_agent.offline.learned.selection import probability

    bench = _cause_values_bench()
    records = _pleaded_and_mentioned()
    for i, r in enumerate(records):  # § 1983 always coded, the Act never; three code a cause no candidate names
        r.coded.causes[:] = ["42 U.S.C. § 1983"] + ([FHA] if i < 3 else [])
        r.candidates["cause_of_action"].append(row("42 U.S.C. § 1983", 1.0, "Plaintiffs sue under 42 U.S.C. § 1983."))
    models = bench.held_out_models(records)
    top = bench.ranking_ceiling(records, models, unread=frozenset())
    # Every § 1983 (one value per case, though named twice) ranks above every Act: all kept, none wrong;
    # the three causes no candidate names still count against recall.
    assert top.recall == 60 / 63 and top.precision == 1.0 and top.average_precision == 1.0
    dja = [
        probability(models[r.fold], f)
        for r in records
        for candidate, f in zip(r.rows("cause_of_action"), r.features("cause_of_action"))
        if candidate["value"].startswith("Declaratory")
    ]
    assert top.threshold is not None and top.threshold > max(dja)
    # An unread case is fitted on but not scored.
    assert bench.ranking_ceiling(records, models, unread=frozenset({"0"})).recall == 59 / 61


def test_no_ranking_ceiling_when_no_threshold_reaches_the_floor():
    bench = _cause_values_bench()
    records = _pleaded_and_mentioned()
    for i, r in enumerate(records):  # § 1983 never coded, the Act in one case of three: at most 1/3 right
        r.coded.causes[:] = ["Declaratory Judgment Act, 28 U.S.C. § 2201"] if i % 3 == 0 else [FHA]
    models = bench.held_out_models(records)
    assert all(models.values())  # fitted: the Act is right in some cases
    top = bench.ranking_ceiling(records, models, unread=frozenset())
    assert top.threshold is None and top.recall == 0.0 and 0.0 < top.average_precision < 1.0


def test_a_list_fields_threshold_comes_from_its_own_grid():
    from dataclasses import replace

    from gavel_agent.offline.learned.train import THRESHOLDS

    field = replace(next(f for f in FIELDS if f.item == "cause_of_action"), precision_floor=None)
    records = _pleaded_and_mentioned()
    assert fit(replace(field, thresholds=(0.37,)), records)["threshold"] == 0.37
    # parties' held-out recall falls by points between neighbours of the default grid: a finer one
    parties = next(f for f in FIELDS if f.item == "parties")
    assert min(b - a for a, b in zip(parties.thresholds, parties.thresholds[1:])) < THRESHOLDS[1] - THRESHOLDS[0]


def test_a_papers_place_among_the_papers_leaves_out_the_docket_built_from_entries():
    """The docket built from a record's entries is dated by its first entry, so it would sort before the
    complaint; the fitted models learned papers' places from cases without it."""
    from gavel_agent.offline.learned.selection import candidate_rows
    from gavel_agent.offline.registry import DocInfo, Finding

    docs = {
        "docket": DocInfo("docket", "Docket (40 entries)", "docket", "2019-03-01"),
        "complaint": DocInfo("complaint", "Complaint", "Complaint", "2019-03-01"),
        "order": DocInfo("order", "Order", "Order/Opinion", "2020-01-05"),
        "pacer-docket": DocInfo("pacer-docket", "Docket [PACER]", "Docket", "2021-06-01"),
    }
    found = [(1.0, Finding("Private", "a quote"), name) for name in docs]
    rows = {r["document"]: r for r in candidate_rows(found, docs)}
    assert [rows[n]["doc_order"] for n in ("complaint", "order", "pacer-docket")] == [0, 1, 2]
    assert rows["docket"]["doc_order"] == 3  # a finding in the built docket ranks after every paper
    assert {r["doc_count"] for r in rows.values()} == {3}


def _counsel_records() -> list[Record]:
    """Cases naming a private firm and a public-interest organisation; the coding takes the kind the rules
    are surer of, but for one case in six."""
    records = []
    for i in range(120):
        private, public = 0.3 + (i % 5) / 10, 0.35 + (i % 7) / 10
        surer, other = ("Private", "Public interest") if private > public else ("Public interest", "Private")
        rows = [
            row("Plaintiff: Private (Smith LLP)", private, "Counsel for Plaintiffs: Smith LLP"),
            row("Plaintiff: Public interest nonprofit (ACLU)", public, "ACLU Foundation, attorneys for plaintiffs"),
        ]
        coded = CodedCase(case=str(i), counsel=surer if i % 6 else other)
        records.append(Record(str(i), fold_of(str(i)), coded, {"type_of_counsel": rows}))
    return records


def test_the_counsel_regularisation_is_chosen_by_inner_cross_validation_over_the_training_records():
    from dataclasses import replace

    from gavel_agent.offline.rules.candidates import category

    field = next(f for f in FIELDS if f.item == "type_of_counsel")
    assert field.c in field.c_choices and len(field.c_choices) > 1
    records = _counsel_records()
    model = fit(field, records)
    # Each choice's accuracy is what a model fitted on the other folds chooses right on each fold.
    for c in field.c_choices:
        right = 0
        for k in range(FOLDS):
            inner = fit(replace(field, c=c, c_choices=()), [r for r in records if r.fold != k])
            for r in (r for r in records if r.fold == k):
                chosen = pick(inner, r.rows("type_of_counsel"))
                right += category(r.rows("type_of_counsel")[chosen[0]]["value"]) == r.coded.counsel
        assert model["inner_cv"][str(c)] == round(right / len(records), 4)
    best = max(field.c_choices, key=lambda c: model["inner_cv"][str(c)])
    assert model["c"] == best
    assert {k: v for k, v in model.items() if k not in ("c", "inner_cv")} == fit(
        replace(field, c=best, c_choices=()), records
    )
    assert json.dumps(fit(field, records)) == json.dumps(model)  # the same records, the same file


def test_the_bench_chooses_counsel_capacity_without_the_held_out_fold(monkeypatch):
    """Each fold's counsel model, its regularisation choice included, is fitted on the other folds alone:
    altering the held-out fold's records changes none of it."""
    bench = offline_quality_bench(monkeypatch)
    fitted: list[tuple[set[int], dict | None]] = []

    def spy(field, inside):
        model = fit(field, inside)
        if field.item == "type_of_counsel":
            fitted.append(({r.fold for r in inside}, model))
        return model

    monkeypatch.setattr(bench, "fit", spy)

    def fold_models(records: list[Record]) -> list[tuple[set[int], dict | None]]:
        fitted.clear()
        coding = {r.case: r.coded for r in records}
        bench.fold_table(records, coding, dict.fromkeys(coding, False), {case: {} for case in coding})
        return list(fitted)

    records = _counsel_records()
    models = fold_models(records)
    assert [folds for folds, _ in models] == [set(range(FOLDS)) - {k} for k in range(FOLDS)]
    assert all(model and "inner_cv" in model for _, model in models)
    altered = _counsel_records()
    for r in altered:
        if r.fold == 0:  # the held-out fold of the first refit: every coding turned round
            r.coded.counsel = "Private" if r.coded.counsel == "Public interest" else "Public interest"
    again = fold_models(altered)
    assert again[0] == models[0]
    assert again[1][1] != models[1][1]  # a refit with fold 0 among its training folds sees the change
