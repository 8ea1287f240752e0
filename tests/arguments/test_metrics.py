"""AccH, RecU and abstention on the deterministic generator, and on arguments corrupted on purpose."""

import pytest

from gavel_agent.arguments.hypo import hypo_argument
from gavel_agent.arguments.mentions import factor_pairs, read_mentions
from gavel_agent.arguments.scenarios import CaseFacts, Triple, factors, generate_triples
from gavel_agent.evaluators.arguments import detect_abstention, score_argument, summarize

TRIPLES = generate_triples(90, seed=0)


def score(triple, text, model="hypo"):
    return score_argument(
        id=triple.id,
        test=triple.test,
        model=model,
        text=text,
        ground_truth=triple.ground_truth(),
        mentioned=factor_pairs(read_mentions(text)),
        arguable=triple.arguable,
    )


def truth_size(triple):
    return sum(len(c.factors) for c in triple.cases)


@pytest.fixture(scope="module")
def hypo_scores():
    return {t.id: (t, hypo_argument(t), score(t, hypo_argument(t).text)) for t in TRIPLES}


def test_deterministic_generator_scores_as_designed(hypo_scores):
    for triple, argument, s in hypo_scores.values():
        assert s.acc_h == 1.0 and not s.hallucinated, (triple.id, s.hallucinated)
        # RecU is exactly the share of (case, factor) pairs the generator's plies state.
        assert s.rec_u == pytest.approx(len(argument.stated) / truth_size(triple)), triple.id
        assert s.abstained == (not triple.arguable), triple.id
        # The plaintiff's precedent is chosen by outcome, not by position.
        expected = {"arguable": ("TSC1", "TSC2"), "reordered": ("TSC2", "TSC1"), "non_arguable": (None, None)}
        assert (argument.cited, argument.counterexample) == expected[triple.test], triple.id
    rows = {r.test: r for r in summarize([s for _, _, s in hypo_scores.values()])}
    assert rows["non_arguable"].abstention_ratio == 1.0 and rows["non_arguable"].abstained == 30
    assert rows["arguable"].abstained == rows["reordered"].abstained == 0
    assert all(r.acc_h == 1.0 for r in rows.values())


def case(label, keys, outcome=None):
    return CaseFacts(label, "Acme", "Bolt", "Kim", "widget", "the widget design", tuple(keys), outcome)


def test_recall_of_a_hand_checked_triple():
    triple = Triple(
        "hand",
        "arguable",
        (
            case("CC", ["F4", "F6", "F10", "F11"]),
            case("TSC1", ["F4", "F6", "F15", "F16"], "P"),
            case("TSC2", ["F11", "F21", "F24"], "D"),
        ),
    )
    s = score(triple, hypo_argument(triple).text)
    # Stated: CC F4 F6 F10 F11, TSC1 F4 F6 F15, TSC2 F11 F24; never stated: TSC1 F16, TSC2 F21.
    assert s.rec_u == pytest.approx(9 / 11) and s.acc_h == 1.0
    assert s.missed == {"TSC1": ["F16"], "TSC2": ["F21"]}


def test_an_added_factor_absent_from_its_case_costs_one_hallucination(hypo_scores):
    for triple, argument, clean in hypo_scores.values():
        if not triple.arguable:
            continue
        absent = next(k for k in factors() if k not in triple.case("TSC1").factors)
        text = argument.text + f"\nMoreover, TSC1 has {factors()[absent].label}."
        s = score(triple, text)
        assert s.hallucinated == {"TSC1": [absent]}
        assert s.acc_h == pytest.approx(1 - 1 / truth_size(triple))
        assert s.rec_u == clean.rec_u


def test_a_dropped_factor_lowers_recall_by_the_pairs_it_stated(hypo_scores):
    for triple, argument, clean in hypo_scores.values():
        if not triple.arguable:
            continue
        dropped = sorted({k for _, k in argument.stated})[0]
        lost = {(c, k) for c, k in argument.stated if k == dropped}
        s = score(triple, argument.text.replace(factors()[dropped].label, "another factor"))
        assert s.rec_u == pytest.approx(clean.rec_u - len(lost) / truth_size(triple)), triple.id
        assert s.acc_h == 1.0


def test_a_non_abstention_lowers_the_abstention_ratio_by_one_triple(hypo_scores):
    scores = [s for _, _, s in hypo_scores.values()]
    triple = next(t for t, _, _ in hypo_scores.values() if not t.arguable)
    argued = (
        "Ply 1 (plaintiff): The plaintiff should win CC, as in TSC1.\n\n"
        "Ply 2 (defendant): TSC1 is distinguishable.\n\nPly 3 (plaintiff rebuttal): It is not."
    )
    corrupted = [score(triple, argued) if s.id == triple.id else s for s in scores]
    row = next(r for r in summarize(corrupted) if r.test == "non_arguable")
    assert row.abstention_ratio == pytest.approx(29 / 30) and row.abstained == 29


def test_an_unattributed_factor_is_a_hallucination_only_when_no_case_has_it():
    triple = TRIPLES[0]
    present = triple.current.factors[0]
    absent = next(k for k in factors() if all(k not in c.factors for c in triple.cases))
    s = score(triple, f"Consider {factors()[present].label} and {factors()[absent].label}.")
    assert s.hallucinated == {"": [absent]} and s.used == {}


@pytest.mark.parametrize(
    "text",
    [
        "I abstain.",
        "ABSTAIN",
        "No argument can be made here.",
        "I cannot construct a 3-ply argument, because no precedent shares a factor with CC.",
        "Neither precedent shares any factors with the current case, so I will refrain from making an argument.",
        "There are no shared factors between CC and TSC1 or TSC2.",
        "Since the cases share no factors, I must decline to write an argument.",
        "I'm unable to formulate a valid argument: none of the precedents has any factor in common with CC.",
        "**Abstention.** The current case is not arguable on these precedents.",
    ],
)
def test_abstentions_are_recognised_in_many_phrasings(text):
    assert detect_abstention(text)


@pytest.mark.parametrize(
    "text",
    [
        "Ply 1 (plaintiff): CC and TSC1 share F6 Security-measures.\nPly 2 (defendant): TSC1 is distinguishable; "
        "TSC2 shares no factors with TSC1.\nPly 3 (plaintiff rebuttal): The analogy stands.",
        "I will not abstain: CC and TSC1 share F4 Agreed-not-to-disclose.",
        "The defendant cannot distinguish TSC1, which shares F6 Security-measures with CC.",
        "",
    ],
)
def test_arguments_are_not_mistaken_for_abstentions(text):
    assert not detect_abstention(text)
