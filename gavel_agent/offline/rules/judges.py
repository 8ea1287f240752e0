"""GAVEL judge name: the judge who signs, is assigned, or writes the opinion."""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding, extractor, settles
from gavel_agent.offline.rules.docket_entries import DOCKET_SIGNED_CONFIDENCE, signing_entry
from gavel_agent.offline.rules.text import PERSON_RE, name_word, person_name, sentence_at, tables

# Judges who presided or ruled. The case summaries (and the human checklists drawn from them) name the
# district and magistrate judges who acted, rarely an appellate panel or a magistrate judge a case was
# merely referred to: those are kept as surely as a judge merely named (NAMED_ONLY), as a fallback.
_JUDGE_TITLE = r"(?i:(?:Chief\s+|Senior\s+)?(?:United\s+States\s+|U\.\s?S\.\s+)?(?:Chief\s+|Senior\s+)?(?:District|Magistrate)\s+Judge)"
_SIGNED_JUDGE = re.compile(rf"(?:/s/\s*)?({PERSON_RE.pattern})\s*,?\s*(?:\n\s*)?{_JUDGE_TITLE}")
_NAMED_JUDGE = re.compile(
    rf"(?:\bHon\.|\bHonorable|\bHONORABLE|\bHON\.|{_JUDGE_TITLE}|\bJudge|\bJUDGE)\s+({PERSON_RE.pattern})"
)
# Docket sheet headers: "Assigned to: Judge Carl J. Barbier", "Referred to: Magistrate Judge Michael North",
# "Assigned to: Honorable John A. Ross"; a docket entry's "(Signed by Judge Deborah A. Batts on 1/24/07)"; a
# Lexis header's "Opinion by: Douglas S. Lavine" and "Judges: ...".
_ASSIGNED = re.compile(
    rf"(?P<cue>(?i:Assigned\s+to|Referred\s+to|Presiding\s+Judge|Signed\s+by|Opinion\s+by|Judges)):?\s+"
    rf"(?:(?i:Chief\s+|Senior\s+|District\s+|Magistrate\s+|Honorable\s+|Hon\.\s+)*(?i:Judge\s+|Justice\s+)?)?({PERSON_RE.pattern})"
)
_WEAK_CUE = re.compile(r"(?i)Referred|Signed")  # a referral, or one order of many signed
# An opinion's author or panel in capitals: "MOTLEY, District Judge.", "GORDON, Chief Judge.",
# "MARTHA CRAIG DAUGHTREY, Circuit Judge.", "BEFORE: KENNEDY, GIBBONS, and ROGERS, Circuit Judges.".
_CAPS_NAME = r"(?:Mc|Mac|O['’])?[A-Z][A-Z'’-]+(?:[ \t]+(?:[A-Z]\.|(?:Mc|Mac|O['’])?[A-Z][A-Z'’-]+)){0,3}"
_OPINION_BY = re.compile(
    rf"(?m)^[ \t]*(?P<before>(?i:Before):?[ \t]+)?(?P<names>(?:{_CAPS_NAME},?[ \t]+(?:and[ \t]+)?)*{_CAPS_NAME}),[ \t]*"
    r"(?:Chief[ \t]+|Senior[ \t]+)?(?:(?:United[ \t]+States[ \t]+)?(?P<title>District|Magistrate|Circuit)[ \t]+)?Judges?\b"
)

# A reporter's synopsis names the judge whose ruling it digests: "The Court of Appeals, Birch, Circuit Judge,
# held that", "The District Court, Reade, J., held", "Bristol Division, Ernest Rotenberg, J., granted".
_SYNOPSIS = re.compile(
    r"\b(?P<name>(?:(?:[A-Z]\.\s?)+\s*|[A-Z][a-z]+\s+){0,3}(?:Mc|Mac|O['’]|De|Van\s|Von\s)?[A-Z][a-zA-Z'’-]+),\s+"
    r"(?:(?:Chief|Senior|Presiding)\s+)?(?:(?:Circuit|District|Magistrate|Bankruptcy)\s+)?(?:Judge|J\.)\s*,?\s+"
    r"(?:held|granted|denied|entered|sustained|declared|found|issued|certified|dismissed|ruled|concluded|approved"
    r"|ordered|enjoined|awarded|rendered|overruled|adopted)\b"
)
# A signature in capitals over the judge's title: "LESLIE J. ABRAMS, JUDGE", "MICHAEL W. MOSMAN\nJudge, United States ...".
_CAPS_SIGNATURE = re.compile(
    rf"(?m)^[ \t]*(?P<name>{_CAPS_NAME})[ \t]*(?:,[ \t]*JUDGE\b|\n[ \t]*Judge,[ \t]+United[ \t]+States\b)"
)

# The same signature over "Judge, United States ..." where OCR broke the given names ("1REG~  WALTON",
# "FREDFiUCK  . SCULLIN, JR.", as scanned orders of the Foreign Intelligence Surveillance Court read):
# the surname that ends the line, written alone (a fuller name read elsewhere replaces it), where the
# signature was not read whole.
_SIGNED_SURNAME = re.compile(
    r"(?m)\b(?P<surname>(?:Mc|Mac|O['’])?[A-Z][A-Z'’-]{2,})(?:,?[ \t]+(?:JR|SR|II|III)\.?)?,?[ \t]*"
    r"\n[ \t]*Judge,[ \t]+United[ \t]+States\b"
)


@extractor("gavel", "judge_name")
def judge_name(text: str, doc: DocInfo) -> list[Finding]:
    found = []
    for m in _SIGNED_JUDGE.finditer(text):
        name = person_name(m.group(1))
        if name:
            found.append(Finding(name, m.group(0).strip(), 1.0))
    for m in _ASSIGNED.finditer(text):
        name = person_name(m.group(2))
        if name and (entry := signing_entry(text, doc, m.start(), m.end())):
            found.append(Finding(name, entry, DOCKET_SIGNED_CONFIDENCE))
        elif name:
            found.append(Finding(name, m.group(0).strip(), NAMED_ONLY if _WEAK_CUE.match(m["cue"]) else 0.9))
    for m in _OPINION_BY.finditer(text):
        names = re.split(r",[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+", m["names"])
        sure = 0.9
        if m["before"] or m["title"] == "Circuit":
            sure = CIRCUIT_AUTHOR if m["title"] == "Circuit" and not m["before"] and len(names) == 1 else NAMED_ONLY
        for name in names:
            words = name.split()
            if name and not any(w.lower() in tables()["not_name_words"] for w in words):
                found.append(Finding(" ".join(w.capitalize() for w in words), m.group(0).strip(), sure))
    for m in _SYNOPSIS.finditer(text):
        name = person_name(m["name"]) or m["name"].split()[-1]
        if name.lower() not in tables()["not_name_words"]:
            found.append(Finding(name, m.group(0).strip(), 0.9))
    signed_whole = set()
    for m in _CAPS_SIGNATURE.finditer(text):
        if name := person_name(m["name"]):
            found.append(Finding(name, m.group(0).strip(), 1.0))
            signed_whole.add(m.end())
    for m in _SIGNED_SURNAME.finditer(text):
        if m.end() not in signed_whole and m["surname"].lower() not in tables()["not_name_words"]:
            found.append(Finding(name_word(m["surname"]), m.group(0).strip(), 1.0))
    for m in _NAMED_JUDGE.finditer(text):
        name = person_name(m.group(1))
        if name:
            found.append(Finding(name, sentence_at(text, m.start(), m.end()).of(text), NAMED_ONLY))
    return [Finding(name, f.quote, f.confidence) for f in found if (name := _judge_value(f.value))]


# A name read on past its end: a possessive and the word after it ("Judge Moses' April 6 Order"), or a
# particle that was the start of the next word ("Judge Goldstein determined" read as "Goldstein de").
_POSSESSIVE = re.compile(r"['’]s?(?=[\s,]|$).*")
_TRAILING_PARTICLE = re.compile(r"(?:\s+(?i:de|van|von))+$")


def _judge_value(name: str) -> str:
    """The name without what was read past its end; "" when no surname is left ("John W." of "John W. de\nGravelles")."""
    name = _TRAILING_PARTICLE.sub("", _POSSESSIVE.sub("", name)).strip()
    return "" if re.search(r"(?:^|\s)[A-Z]\.$", name) else name


NAMED_ONLY = 0.5  # a judge named in a sentence, not by a signature, a docket header or an opinion's heading
CIRCUIT_AUTHOR = 0.45  # an appellate opinion's author heading ("BERZON, Circuit Judge"), kept when named again


@settles("gavel", "judge_name")
def named_only_as_fallback(kept: list[int], rows: list[dict]) -> list[int]:
    """Judges merely named in a sentence only when nothing signed or headed names one: beside a signature or
    docket header, a named judge was mostly another case's (about one in fifteen was the case's own on
    the training folds; alone, about two in five). Beside them, a judge whose surname one passage only
    names (a reassigned case's docket header, a synopsis, a magistrate judge's one signature) is left
    unless a district judge signed it, and an appellate opinion's author is kept when another passage
    names the same surname (on the training folds about half of either was a judge the case summary
    names, against about four in five of those named twice)."""
    passages: dict[str, set[str]] = {}
    for i in kept:
        passages.setdefault(_surname_key(rows[i]["value"]), set()).add(rows[i]["quote"])

    def again(i: int) -> bool:
        return len(passages[_surname_key(rows[i]["value"])]) >= 2

    surer = [i for i in kept if rows[i]["confidence"] > NAMED_ONLY]
    if not surer:
        return _fullest_names(kept, rows)
    surer = [i for i in surer if _signed_by_the_judge(rows[i]) or again(i)] or surer
    authors = [i for i in kept if rows[i]["confidence"] == CIRCUIT_AUTHOR and again(i)]
    return _fullest_names(sorted(surer + authors), rows)


def _fullest_names(kept: list[int], rows: list[dict]) -> list[int]:
    """One judge, one name: a heading's bare surname ("CASTELLANO, District Judge.") gives way to the
    fullest name kept for the same surname ("Helen R. Castellano"), whose quotes all stay."""
    fullest: dict[str, int] = {}
    for i in kept:
        key = _surname_key(rows[i]["value"])
        fullest[key] = max(fullest.get(key, 0), len(rows[i]["value"].split()))
    return [i for i in kept if len(rows[i]["value"].split()) == fullest[_surname_key(rows[i]["value"])]]


def _signed_by_the_judge(row: dict) -> bool:
    """A district judge's signature: enough alone. A magistrate judge signing once (a discovery order, a
    report on a referral) was the summary's judge about as often as not on the training folds."""
    return row["confidence"] >= 1.0 and not re.search(r"(?i)magistrate", row["quote"])


def _surname_key(value: str) -> str:
    return value.split()[-1].lower() if value.split() else ""
