"""Role cues for the offline QA path: which sentences state an issue, a reason or an outcome.

The table is data. Roles are tried in the order listed, so a sentence that both
announces an outcome and justifies it ("granted ... because ...") counts as a
reason, and one that reports an outcome of a claim ("the court dismissed the
claims") counts as a conclusion, not an issue. Sentences with no cue are
background and yield no question.
"""

from __future__ import annotations

import re

from gavel_agent.evaluators.summaries.qa_report import Role

ROLE_CUES: dict[Role, list[str]] = {
    "reason": [
        r"because",
        r"reason(?:ed|ing|s)?",
        r"on the grounds? that",
        r"(?:found|finding|concluded|concluding) that",
        r"explain(?:ed|ing)",
        r"due to",
        r"in light of",
        r"given that",
        r"since",
        r"as a result",
        r"noting that",
        r"lack(?:ed|s)? (?:standing|jurisdiction)",
        r"likely to succeed",
        r"irreparable",
        r"failed to (?:state|show|demonstrate|establish)",
    ],
    "conclusion": [
        r"grant(?:ed|ing)",
        r"den(?:ied|ying)",
        r"dismiss(?:ed|al)",
        r"settle(?:d|ment)",
        r"consent decree",
        r"judgment",
        r"ruled",
        r"held",
        r"ordered",
        r"enjoin(?:ed)?",
        r"vacat(?:ed|ur)",
        r"affirm(?:ed)",
        r"revers(?:ed|al)",
        r"remand(?:ed)?",
        r"closed",
        r"approv(?:ed|al)",
        r"ongoing",
        r"verdict",
        r"injunction (?:was|is) (?:in place|entered)",
    ],
    "issue": [
        r"alleg(?:ed|ing|ation|ations)",
        r"claim(?:ed|ing|s)?",
        r"challeng(?:ed|ing|e)",
        r"s(?:ought|eeking|eeks)",
        r"argu(?:ed|ing|ment)",
        r"whether",
        r"contend(?:ed|ing)",
        r"assert(?:ed|ing)",
        r"violat(?:ed|ing|ion|ions|e)",
        r"filed",
        r"complaint",
        r"petition",
        r"sued",
        r"lawsuit",
    ],
}

# How the offline path words a question; {terms} is the sentence's most distinctive words.
QUESTION_TEMPLATES: dict[Role, str] = {
    "issue": "What did the case put in question about {terms}?",
    "reason": "What reason does the summary give concerning {terms}?",
    "conclusion": "What was decided, or how did matters end, regarding {terms}?",
}

_PATTERNS: dict[Role, re.Pattern] = {
    role: re.compile(r"\b(?:" + "|".join(cues) + r")\b", re.IGNORECASE) for role, cues in ROLE_CUES.items()
}


def role_of(sentence: str) -> Role | None:
    """The first role whose cue appears in the sentence, or None for background."""
    for role, pattern in _PATTERNS.items():
        if pattern.search(sentence):
            return role
    return None
