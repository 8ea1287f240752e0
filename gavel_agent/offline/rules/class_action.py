"""GAVEL class action: whether the plaintiffs sue for a class, and whether the court certified it."""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding, extractor, settles
from gavel_agent.offline.rules.candidates import category
from gavel_agent.offline.rules.text import Span, is_type, matching_sentences

_NO_CLASS = re.compile(
    r"\b(?:not|never)\s+(?:been\s+)?(?:seek|sought|brought|filed|pursued|request\w*)\s+(?:as\s+)?(?:class|a\s+class)"
    r"|\bno\s+class\s+(?:action\s+)?(?:was|has\s+been|is)\s+(?:sought|certified|requested|alleged)"
    r"|\bnot\s+a\s+class\s+action\b",
    re.I,
)
_ECF_NUMBER = (
    r"(?:\((?:ECF|Dkt\.?|Doc\.?|Docket)[^)]{0,20}\)\s+)?"  # "Motion for Class Certification (ECF 71) is GRANTED"
)
# A court's ruling on a motion to certify a class, as an order or a docket entry states it; {verb} is
# the ruling's word ("GRANTS", "denying").
_CERTIFICATION_RULING = (
    r"|\b(?:ORDER\s+)?{verb}\s+(?:in\s+part\s+)?(?:the\s+)?(?:\d+\s+)?(?:\w+['’]?\s+){{0,3}}"
    r"(?:motion\s+(?:for\s+class\s+certification|to\s+certify\s+(?:a\s+|the\s+)?class)|class\s+certification)\b"
)
_CERTIFIED = re.compile(
    r"\b(?:class|subclass)(?:es)?\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:hereby\s+)?certified"
    r"|\bcertif(?:ied|ies|ying)\s+(?:a|the|this|two|three)?\s*(?:following\s+)?(?:plaintiff\s+)?(?:sub)?class(?:es)?\b"
    rf"|\bmotion\s+for\s+class\s+certification\s+{_ECF_NUMBER}(?:is|was)\s+(?:hereby\s+)?GRANTED"
    # The ruling in an order or a docket entry: "ORDER granting 45 Motion to Certify Class", "GRANTS
    # Plaintiffs' motion for class certification", "this action is certified as a class action".
    + _CERTIFICATION_RULING.format(verb="GRANT(?:S|ED|ING)")
    + r"|\b(?:action|case|suit)\s+(?:is|was|shall\s+be)\s+(?:hereby\s+)?(?:maintained\s+and\s+)?certified\s+as\s+a\s+class\s+action"
    r"|\bcertif(?:ied|ies|ying)\s+(?:this|the)\s+(?:case|action|suit|matter)\s+as\s+a\s+class\s+action"
    r"|\bORDER\s+(?:for|granting|certifying)\s+class\s+(?:action\s+)?certification",
    re.I,
)
# "Plaintiffs' Motion for Class Certification is DENIED", "ORDER denying 12 Motion to Certify Class",
# "the Court declines to certify the class"; a motion denied as moot was never ruled on.
_CERTIFICATION_DENIED = re.compile(
    rf"\bmotion\s+(?:for\s+class\s+certification|to\s+certify\s+(?:a\s+|the\s+)?class)\s+{_ECF_NUMBER}(?:is|was|be|must\s+be)\s+(?:hereby\s+)?DENIED\b(?!\s+as\s+moot)"
    r"|\bclass\s+certification\s+(?:is|was)\s+(?:hereby\s+)?denied\b(?!\s+as\s+moot)"
    r"|\bdecline[sd]?\s+to\s+certify\s+(?:a|the|any|this)\s+(?:plaintiff\s+)?class\b"
    + _CERTIFICATION_RULING.format(verb="DEN(?:Y|IES|IED|YING)")
    + r"(?![^.\n]{0,40}\bas\s+moot)",
    re.I,
)
CERTIFIED = "Plaintiffs: Class action (class certified)"
CERTIFICATION_DENIED = "Plaintiffs: Class action (class certification denied)"
_SOUGHT = re.compile(
    r"\b(?:on|in)\s+behalf\s+of\s+(?:themselves|himself|herself|itself|all\s+others?|a\s+class|others?)[^.;]{0,120}?similar-?\s*ly\s+situated"
    r"|\bCLASS\s+ACTION\s+COMPLAINT\b|\bputative\s+class\b|\bproposed\s+class\b|\bplaintiff\s+class\b"
    r"|\b(?:brought|maintained|filed|proceed)\s+as\s+a\s+class\s+action\b|\bmotion\s+for\s+class\s+certification\b"
    # "Plaintiffs bring this action as a class action": the pleading's own words for its action.
    r"|\b(?:bring|brings|bringing|maintain|maintains|file|files)\s+(?:this|the\s+instant)\s+(?:action|suit|case|lawsuit)\s+as\s+a\s+class\s+action\b"
    r"|\bmotion\s+to\s+certify\s+(?:a\s+|the\s+)?(?:plaintiff\s+|petitioner\s+)?class\b"  # a docket's "MOTION to Certify Class"
    r"|(?<!if\s)\b(?:this|it)\s+is\s+a\s+class\s+action\b"  # not a civil cover sheet's "CHECK IF THIS IS A CLASS ACTION"
    r"|\bRule\s+23\s*\(\s*b\s*\)|\bseek(?:s|ing)?\s+to\s+represent\s+a\s+class\b",
    re.I,
)
# Weaker signs that a class is in the case ("brought a class action", "submitted as a class action",
# "class members", "class counsel", "on behalf of the class", a caption's "and others similarly situated"
# broken across lines, a complaint's "CLASS ALLEGATIONS" heading): each may also be said of other cases
# or in passing, so the selection weighs them.
_CLASS_MENTION = re.compile(
    r"\b(?:brought|bring|brings|filed|file)\s+(?:a|this|the)\s+class\s+action\b|\bas\s+a\s+class\s+action\b"
    r"|\bclass\s+(?:members?|counsel|representatives?|notice)\b|\bon\s+behalf\s+of\s+(?:the|a)\s+class\b"
    r"|\bclass\s+of\s+persons\s+similarly\b|\b(?-i:CLASS\s+ALLEGATIONS)\b"
    # An older opinion's words for the class a plaintiff sues for: "plaintiffs and the class they represent",
    # "the class represented by plaintiffs", a "spurious class" (the 1938 rule's kind).
    r"|\bclass\s+(?:they|he|she)\s+represents?\b|\bclass\s+represented\s+by\b|\bspurious\s+class\b"
    r"|\b(?:plaintiffs?|petitioners?)\s+and\s+(?:the|their|his|her)\s+class\b",
    re.I,
)
# "Others similarly situated" names a class only where someone sues for them: a caption's "on behalf of
# ... and others similarly situated" (its columns may fall between the words) or "..., and others
# similarly situated, Plaintiffs". In running text it is the reach of a harm or an order ("harm to
# Plaintiffs and others similarly situated", "others similarly situated who wish to speak").
_OTHERS_SIMILARLY = re.compile(r"\bothers\s+similarly\s+situated\b", re.I)
_SUED_FOR = re.compile(r"\bbehalf\s+of\b|\brepresent\w*\b", re.I)
_PARTY_LABEL = re.compile(r"[\s,;'’”\"]*(?:\(?\s*)?(?:Plaintiffs?|Petitioners?|Appellants?|Appellees?|v\.|vs\.?)", re.I)


def _sues_for_others(text: str, span: Span, m: re.Match) -> bool:
    return bool(_SUED_FOR.search(text, span.start, m.start()) or _PARTY_LABEL.match(text, m.end()))


# What a class action could have been or cannot be ("could have been readily maintained as a class
# action", "cannot be maintained as a class action") says nothing for a class in this case.
_NOT_AS_CLASS = re.compile(
    r"\bcould\s+have\s+been\s+(?:\w+\s+)?(?:maintained|brought)\s+as\s+a\s+class\s+action"
    r"|\b(?:cannot|could\s+not|may\s+not|should\s+not)\s+(?:properly\s+)?be\s+(?:maintained|brought|certified)\s+as\s+a\s+class"
    r"|\bnot\s+maintainable\s+as\s+a\s+class"
    # An equal-protection claim sets a party's treatment against "others similarly situated" (a "class
    # of one"): no class is named.
    r"|\bdifferently\s+(?:\w+\s+){0,3}?others\s+similarly\s+situated\b|\b(?:from|than|against)\s+others\s+similarly\s+situated\b"
    r"|\bclass[-\s]of[-\s]one\b",
    re.I,
)
_COVER_SHEET_BOX = re.compile(r"\bCHECK\b[^\n]{0,8}\bTHIS\s+IS\s+A\s+CLASS\s+ACTION\b")
# "precludes the Court from certifying a class", "has not certified a class": no class was certified.
_NOT_CERTIFYING = re.compile(r"\b(?:from|not|against|without)\s+$", re.I)
_INDIVIDUAL = re.compile(r"\bPlaintiff,?\s*\)?\s*\n?\s*(?:v\.|vs\.?)", re.I)


@extractor("gavel", "class_action")
def class_action(text: str, doc: DocInfo) -> list[Finding]:
    found = []
    # A sentence saying no class was sought ("not brought as a class action"), or a civil cover sheet's
    # box (OCR may garble its "CHECK IF"), says nothing for a class.
    refused = [span for span, _ in matching_sentences(text, _NO_CLASS)]
    unsaid = {
        *refused,
        *(span for pattern in (_COVER_SHEET_BOX, _NOT_AS_CLASS) for span, _ in matching_sentences(text, pattern)),
    }
    for span in refused:
        found.append(Finding("Plaintiffs: Individual (no class action sought)", span.of(text), 0.9))
    # A complaint asks for certification ("an order certifying this action as a class action"); the
    # court's papers rule on it.
    pleading = is_type(doc, "complaint", "petition")
    denied = [] if pleading else [span for span, _ in matching_sentences(text, _CERTIFICATION_DENIED)]
    found += [Finding(CERTIFICATION_DENIED, span.of(text), 1.0) for span in denied]
    for span, m in [] if pleading else matching_sentences(text, _CERTIFIED):
        if span not in denied and not _NOT_CERTIFYING.search(text, max(0, m.start() - 20), m.start()):
            found.append(Finding(CERTIFIED, span.of(text), 1.0))
    sought = [span for span, _ in matching_sentences(text, _SOUGHT) if span not in unsaid]
    for span in sought:
        found.append(Finding("Plaintiffs: Class action", span.of(text), 0.8))
    mentioned = [span for span, _ in matching_sentences(text, _CLASS_MENTION)]
    mentioned += [
        span
        for span, m in matching_sentences(text, _OTHERS_SIMILARLY)
        if span not in mentioned and _sues_for_others(text, span, m)
    ]
    for span in sorted(mentioned, key=lambda s: s.start):
        if span not in unsaid and span not in sought:
            found.append(Finding("Plaintiffs: Class action", span.of(text), 0.6))
    if not found and is_type(doc, "complaint", "petition"):
        for m in _INDIVIDUAL.finditer(text):
            found.append(Finding("Plaintiffs: Individual", m.group(0), 0.05))
    return found


def certification_ruling(rows: list[dict]) -> int | None:
    """Of an item's candidate rows, the one stating the court's last ruling on class certification (the
    latest-dated document's; on one day a grant outranks a denial, as a renewed motion's would): the
    outcome a class action's value should say, whichever candidate was chosen as the class's."""
    rulings = [i for i, row in enumerate(rows) if row["value"] in (CERTIFIED, CERTIFICATION_DENIED)]
    if not rulings:
        return None
    return max(rulings, key=lambda i: (rows[i]["doc_date"] or "", rows[i]["value"] == CERTIFIED, -i))


@settles("gavel", "class_action")
def certification_first(kept: list[int], rows: list[dict]) -> list[int]:
    """A class action's chosen rows with the court's last ruling on certification first: the model picks
    whether a class was sought; whether it was certified is the ruling's to say."""
    ruling = certification_ruling(rows)
    if not kept or ruling is None or not category(rows[kept[0]]["value"]).startswith("Class action"):
        return kept
    return [ruling] + [i for i in kept if i != ruling]
