"""The CATO rule extractors: cue phrases, negation, case attribution, verbatim quotes."""

import pytest

from gavel_agent.arguments.mentions import factor_pairs, parse_value, read_mentions
from gavel_agent.offline.registry import DocInfo, get_extractor


def pairs(text, document="argument"):
    return factor_pairs(read_mentions(text, document))


@pytest.mark.parametrize(
    "sentence, factor",
    [
        ("The formulas were kept in a locked room and only two chemists had the password.", "F6"),
        ("Acme stored the blueprints in an unlocked drawer that anyone could open.", "F19"),
        ("Before resigning, Kim copied the source code files onto a USB drive and took them to Bolt.", "F7"),
        ("Bolt's engineers tore down a purchased unit to learn its design.", "F25"),
        ("A skilled machinist could have reverse engineered the part in a week.", "F16"),
        ("Bolt's representative posed as a potential buyer during the plant tour.", "F26"),
        ("Kim had agreed not to compete with Acme for three years.", "F13"),
        ("The design was described in detail in Acme's paper at a conference in Boston.", "F27"),
    ],
)
def test_cue_phrases_find_the_factor(sentence, factor):
    assert ("", factor) in pairs(sentence)


@pytest.mark.parametrize(
    "sentence, factor",
    [
        ("Bolt never signed a nondisclosure agreement with Acme.", "F4"),
        ("Kim did not take any documents or files from Acme when leaving.", "F7"),
        ("Bolt never took apart Acme's widget.", "F25"),
        ("There was no noncompetition agreement between the parties.", "F13"),
        ("Acme had no security measures at all.", "F6"),
        ("Anyone could take the widget apart and learn the design.", "F25"),  # possible, not done: that is F16
    ],
)
def test_negated_or_hypothetical_statements_are_not_findings(sentence, factor):
    assert ("", factor) not in pairs(sentence)


def test_attribution_follows_the_case_labels_of_each_clause():
    text = (
        "Ply 2 (defendant): TSC1 is distinguishable. TSC1 has F13 Noncompetition-agreement and "
        "F18 Identical-products, which CC does not have. Unlike TSC1, CC has F19 No-security-measures.\n"
        "CC and TSC2 share F10 Secrets-disclosed-outsiders, F20 Info-known-to-competitors and F24 Info-obtainable-elsewhere.\n\n"
        "F6 Security-measures is present in the current case. F4 Agreed-not-to-disclose is absent in TSC2."
    )
    assert pairs(text) == {
        ("TSC1", "F13"),
        ("TSC1", "F18"),
        ("CC", "F19"),
        ("CC", "F10"),
        ("CC", "F20"),
        ("CC", "F24"),
        ("TSC2", "F10"),
        ("TSC2", "F20"),
        ("TSC2", "F24"),
        ("CC", "F6"),
    }


def test_factor_names_do_not_trigger_other_factors_cues():
    # "No-security-measures" holds "security measures"; "Agreed-not-to-disclose" holds "not".
    assert pairs("CC has F19 No-security-measures and F4 Agreed-not-to-disclose.") == {("CC", "F19"), ("CC", "F4")}


def test_a_narrative_is_attributed_to_the_case_its_document_is_named_for():
    text = "Acme kept the drawings in a safe. Kim signed a nondisclosure agreement with Acme when hired."
    assert pairs(text, document="TSC2") == {("TSC2", "F6"), ("TSC2", "F4")}
    assert pairs(text, document="memo") == {("", "F6"), ("", "F4")}


def test_quotes_are_verbatim_and_values_parse():
    text = (
        "Plaintiff:  CC and TSC1 share F6 Security-measures.\r\nDefendant: TSC1 has F15 Unique-product, which CC lacks."
    )
    extractor = get_extractor("cato", "F15")
    (finding,) = extractor(text, DocInfo("argument"))
    assert finding.quote in text and parse_value(finding.value) == ("F15", "TSC1")
    for m in read_mentions(text):
        assert text[m.start_char : m.end_char] == m.quote
