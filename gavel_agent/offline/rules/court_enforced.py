"""GAVEL court enforcement: whether the court keeps the power to enforce a settlement."""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding, extractor
from gavel_agent.offline.rules.text import matching_sentences

_RETAINED = re.compile(
    r"\bretain\w*\s+(?:continuing\s+|exclusive\s+)?jurisdiction\b|\b(?:court|judge)\s+(?:shall|will|may)\s+(?:have|retain)\s+"
    r"(?:continuing\s+)?jurisdiction|\benforceable\s+(?:by|in)\s+(?:the|this)\s+court\b",
    re.I,
)
_DECREE = re.compile(r"\bconsent\s+decree\b", re.I)
_APPROVED = re.compile(
    r"\bfinal\s+approval\s+of\s+the\s+(?:proposed\s+)?(?:class\s+)?settlement|\bapprov\w+\s+the\s+(?:proposed\s+)?(?:class\s+)?settlement"
    r"|\bsettlement\s+(?:agreement\s+)?(?:is|was)\s+(?:hereby\s+)?approved",
    re.I,
)
_PRIVATE = re.compile(
    r"\bprivate\s+settlement\b|\b(?:not|never)\s+(?:\w+\s+)?retain\w*\s+(?:continuing\s+|exclusive\s+)?jurisdiction\b"
    r"|\bnot\s+(?:be\s+)?enforceable\s+by\s+(?:the|this)\s+court\b",
    re.I,
)
# "the Court did not retain jurisdiction": a retention denied.
_DENIED_BEFORE = re.compile(r"\b(?:not|never)\s+(?:\w+\s+)?$", re.I)
# A case that simply ends by dismissal leaves nothing for the court to enforce (weak evidence).
_DISMISSED = re.compile(
    r"\bvoluntar(?:y|ily)\s+dismiss\w*|\bstipulat\w*\s+(?:of|for|to)\s+(?:voluntary\s+)?dismiss\w*", re.I
)


@extractor("gavel", "court_enforced")
def court_enforced(text: str, doc: DocInfo) -> list[Finding]:
    found = [
        Finding("Yes", s.of(text), 1.0)
        for s, m in matching_sentences(text, _RETAINED)
        if not _DENIED_BEFORE.search(text, s.start, m.start())
    ]
    found += [Finding("Yes", s.of(text), 0.6) for s, _ in matching_sentences(text, _DECREE)]
    found += [Finding("Yes", s.of(text), 0.8) for s, _ in matching_sentences(text, _APPROVED)]
    found += [Finding("No", s.of(text), 0.8) for s, _ in matching_sentences(text, _PRIVATE)]
    found += [Finding("No", s.of(text), 0.3) for s, _ in matching_sentences(text, _DISMISSED)]
    return found
