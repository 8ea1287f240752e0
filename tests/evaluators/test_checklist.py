"""S_checklist scoring, the offline judge's normalisers, and the LLM judge with a fake model."""

from __future__ import annotations

import json

import pytest

from gavel_agent.evaluators.checklist.canonical_forms import normalize
from gavel_agent.evaluators.checklist.judges.llm import LLMJudge
from gavel_agent.evaluators.checklist.judges.offline import OfflineJudge
from gavel_agent.evaluators.checklist.score import score_case, score_cases


@pytest.fixture(scope="module")
def judge() -> OfflineJudge:
    return OfflineJudge()


@pytest.mark.parametrize(
    "a, b, key",
    [
        ("May 5, 2009", "2009-05-05", "2009-05-05"),
        ("05/05/09", "5 May 2009", "2009-05-05"),
        ("May 2018", "May of 2018", "2018-05"),
        ("42 U.S.C. § 1983", "Section 1983", "usc:42_1983"),
        ("42 USC 1983", "42 U.S.C.A. § 1983", "usc:42_1983"),
        ("Fourteenth Amendment", "14th Amendment", "amend:14"),
        ("Amendment XIV", "Fourteenth Amendment", "amend:14"),
        ("Nken v. Holder, 556 U.S. 418, 434 (2009)", "Nken v. Holder, 556 U.S. 418", "cite:556_us_418"),
    ],
)
def test_normalisers_give_one_canonical_key(a, b, key):
    assert key in normalize(a).keys and key in normalize(b).keys


def test_partial_date_does_not_equal_a_full_one():
    assert normalize("May 2018").keys == {"2018-05"}
    assert normalize("May 5, 2018").keys == {"2018-05-05"}


def test_names_lose_honorifics_and_initials(judge):
    assert judge.relation("Hon. Gregory K. Frizzell", "Gregory Frizzell", "judge_name") == "equal"
    assert judge.relation("Chief Judge Amy Berman Jackson", "Amy Berman Jackson", "judge_name") == "equal"
    assert judge.relation("Gregory Frizzell", "Nancy Torresen", "judge_name") == "different"


@pytest.mark.parametrize(
    "a, b, expected",
    [
        ("February 28, 2023", "02/28/23", "equal"),
        ("February 28, 2023", "March 1, 2023", "different"),
        ("Nken v. Holder, 556 U.S. 418, 434 (2009)", "Nken v. Holder, 556 U.S. 418", "equal"),
        ("Nken v. Holder, 556 U.S. 418", "Elrod v. Burns, 427 U.S. 347", "different"),
        ("Fourteenth Amendment", "Eighth Amendment", "different"),
        ("Fourteenth Amendment – Equal Protection Clause", "14th Amendment", "a_contains_b"),
        ("APA", "Administrative Procedure Act claim that the 2010 rule was arbitrary and capricious", "b_contains_a"),
    ],
)
def test_offline_relation(judge, a, b, expected):
    assert judge.relation(a, b) == expected


def test_match_lists_is_one_to_one(judge):
    pairs = judge.match_lists(
        ["42 U.S.C. § 1983", "Declaratory Judgment Act"],
        ["Section 1983", "42 U.S.C. § 1983 (again)", "Title VII"],
    )
    assert (0, 0) in pairs or (0, 1) in pairs
    assert len({p for p, _ in pairs}) == len(pairs) and len({r for _, r in pairs}) == len(pairs)


def test_item_rules_and_case_mean(judge):
    pred = {
        "filing_date": ["May 5, 2009"],
        "judge_name": ["Gregory Frizzell"],
        "statutory_basis": ["Fourteenth Amendment", "First Amendment", "Title VII"],
        "appeal": [],
        "trials": [],
    }
    ref = {
        "filing_date": ["05/05/2009"],  # equal -> 1
        "judge_name": [],  # only one side -> 0
        "statutory_basis": ["14th Amendment", "Eighth Amendment"],  # 1 match: P 1/3, R 1/2 -> F1 0.4
        "appeal": [],  # neither side -> not applicable
        "monitor_name": ["Jane Roe"],  # missing from prediction -> 0
    }
    case = score_case(pred, ref, judge)
    assert case.items["filing_date"].score == 1.0
    assert case.items["judge_name"].score == 0.0
    assert case.items["statutory_basis"].score == pytest.approx(0.4)
    assert case.items["appeal"].score is None and case.items["trials"].score is None
    assert case.items["monitor_name"].score == 0.0
    assert case.score == pytest.approx(100 * (1 + 0 + 0.4 + 0) / 4)


def test_contains_scores_half_and_report_aggregates(judge):
    preds = {"a": {"filing_date": ["filed on May 5, 2009 by the ACLU"]}, "b": {"filing_date": ["June 1, 2010"]}}
    refs = {"a": {"filing_date": ["May 5, 2009"]}, "b": {"filing_date": ["June 1, 2010"]}, "c": {}}
    report = score_cases({**preds, "z": {}}, refs, judge)
    assert report.per_case == {"a": 50.0, "b": 100.0}
    assert report.overall == pytest.approx(75.0)
    assert report.per_item[0].score == pytest.approx(75.0) and report.per_item[0].cases == 2
    assert report.unmatched_cases == ["z"]
    json.dumps(report.model_dump(mode="json"))


def test_llm_judge_batches_and_caches(tmp_path):
    calls = []

    def fake(system: str, user: str) -> str:
        calls.append(user)
        assert "MODEL values" in user and "REFERENCE values" in system + user
        return json.dumps(
            {
                "results": [
                    {"id": 1, "relation": "reference_contains_model"},
                    {"id": 2, "matches": [[1, 2], [2, 2], [9, 1]]},  # a reused and an out-of-range index are dropped
                ]
            }
        )

    judge = LLMJudge(fake, name="fake", cache_dir=tmp_path)
    preds = {"c": {"filing_date": ["2009"], "parties": ["Jane Roe", "City of X"]}}
    refs = {"c": {"filing_date": ["May 5, 2009"], "parties": ["John Doe", "Jane Roe (plaintiff)"]}}
    first = score_cases(preds, refs, judge)
    assert len(calls) == 1  # both items went out in one request
    assert first.cases[0].items["filing_date"].score == 0.5
    assert first.cases[0].items["parties"].score == pytest.approx(0.5)  # 1 match of 2 and 2
    again = score_cases(preds, refs, LLMJudge(fake, name="fake", cache_dir=tmp_path))
    assert len(calls) == 1 and again.overall == first.overall


def test_llm_judge_unreadable_verdict_is_not_credited():
    judge = LLMJudge(lambda s, u: '{"results": []}')
    assert judge.relation("May 5, 2009", "May 5, 2009") == "different"
    assert judge.match_lists(["a", "b"], ["a", "b"]) == []


def test_role_label_alone_does_not_match(judge):
    # "Plaintiff:" once counted as a shared word, pairing any two counsel values.
    assert judge.similarity("Plaintiff: Not stated.", "Plaintiff: government counsel") == 0.0
    assert judge.match_lists(["Plaintiff: Not stated."], ["Plaintiff: private counsel", "x"]) == []


def test_partial_and_nearby_dates_agree_in_lists(judge):
    late_june = judge.similarity(
        "Cross-motions for summary judgment (June 2019)", "Summary judgment motion filed June 26, 2019"
    )
    other_year = judge.similarity(
        "Cross-motions for summary judgment (June 2019)", "Summary judgment motion filed June 26, 2021"
    )
    assert late_june > other_year > 0.0
    assert judge.relation("Order entered June 2019", "Order entered June 26, 2019") != "different"
    assert judge.similarity("Order of May 1, 2020", "Order of May 3, 2020") > judge.similarity(
        "Order of May 1, 2020", "Order of May 30, 2020"
    )
