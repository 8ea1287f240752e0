"""Factor statements read back out of a text with the registered CATO rules.

This is the direct path (no agent loop): every CATO extractor reads the whole
text, which suits short texts such as a generated argument. Each mention keeps
its verified quote and offsets, so a metric's error can be traced to a sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gavel_agent.checklists import load_spec
from gavel_agent.offline.registry import DocInfo, get_extractor

VALUE = re.compile(r"^(F\d+) \S+(?: \[(\w+)\])?$")


@dataclass(frozen=True)
class Mention:
    factor: str
    case: str  # CC, TSC1, TSC2, or "" when the text does not say
    quote: str
    start_char: int
    end_char: int


def parse_value(value: str) -> tuple[str, str]:
    """``"F6 Security-measures [TSC1]"`` -> ``("F6", "TSC1")``; the label is "" when absent."""
    m = VALUE.match(value.strip())
    if not m:
        raise ValueError(f"not a CATO factor value: {value!r}")
    return m.group(1), m.group(2) or ""


def read_mentions(text: str, document: str = "argument") -> list[Mention]:
    doc = DocInfo(document, document)
    mentions = []
    for key in load_spec("cato").keys:
        extract = get_extractor("cato", key)
        for finding in extract(text, doc) if extract else []:
            start = text.find(finding.quote)
            if start < 0:  # extractors promise substrings; a broken promise is a bug, not data
                raise AssertionError(f"quote for {key} is not in the text: {finding.quote!r}")
            factor, case = parse_value(finding.value)
            mentions.append(Mention(factor, case, finding.quote, start, start + len(finding.quote)))
    return mentions


def factor_pairs(mentions: list[Mention]) -> set[tuple[str, str]]:
    return {(m.case, m.factor) for m in mentions}
