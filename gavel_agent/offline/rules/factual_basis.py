"""GAVEL factual basis: the sentences that tell what happened, not the law."""

from __future__ import annotations

import re

from gavel_agent.offline.registry import DocInfo, Finding, extractor
from gavel_agent.offline.rules.text import flat, is_type, sentence_spans

_LEGAL_TALK = re.compile(
    r"U\.\s?S\.\s?C|§|\bv\.\s|Amendment|jurisdiction|venue|Rule\s+\d|\bCount\b|WHEREFORE|incorporate|PageID|Document\s+\d+|"
    r"Page\s+\d+\s+of|information\s+and\s+belief|personal\s+knowledge|hereby\s+alleges|undersigned",
    re.I,
)
_EVENT = re.compile(r"\b(?:was|were|had|has|have|did|is|are)\b|\w+ed\b")


@extractor("gavel", "factual_basis")
def factual_basis(text: str, doc: DocInfo) -> list[Finding]:
    if not is_type(doc, "complaint", "petition"):
        return []
    found = []
    for span in sentence_spans(text):
        sentence = span.of(text)
        if 12 <= len(sentence.split()) <= 90 and not _LEGAL_TALK.search(sentence) and _EVENT.search(sentence):
            found.append(Finding(flat(sentence, 240), sentence, 0.6))
    return found[:4]
