"""Size limits on what a model may ask of one tool call, checked before any work is done.

A model (or text injected into one) can send arguments of any size; the work a call does grows
with them: aligning a quote against a 2M-token case, scoring a query's words, compiling a pattern.
Arguments over these limits are refused with an error the model can act on. The figures leave
honest calls far inside them: a supporting quote is a sentence or two, a query a few words.
"""

from __future__ import annotations

MAX_ARGUMENTS_CHARS = 100_000  # the raw JSON of one call, before it is parsed
MAX_QUERY_WORDS = 20  # distinct words of a bm25 query: each is scored against every passage of the case
MAX_QUERY_CHARS = 2_000  # a bm25 query or a regular expression (the offline plans' longest is 840)
MAX_VALUE_CHARS = 5_000  # one checklist value
MAX_NAME_CHARS = 300  # a document name or an item key as the model writes it
MAX_EVIDENCE_PER_VALUE = 10
MAX_VALUES_PER_WRITE = 60  # over all items of one append or update
MAX_DOCUMENTS_PER_SEARCH = 100
MAX_READ_TOKENS = 10_000  # one read_document call; the context keeps a read this long whole (gavel_agent/context.py)
# The time one append or update spends checking quotes: values left when it runs out are not
# checked and the model is asked to send them again. 2 s ran out in a hand-played run on a loaded
# machine: the first write of a 431K-token case pays for its documents' lazy indexes (0.4 s) and a
# quote not found for its search of the closest passage (0.7 s), and ten values took 1.1 s unloaded.
WRITE_CALL_BUDGET_S = 6.0


def arguments_problem(raw_arguments: str | None) -> str | None:
    """Why raw call arguments are refused unread, or None."""
    size = len(raw_arguments or "")
    if size > MAX_ARGUMENTS_CHARS:
        return f"arguments too large ({size:,} characters; at most {MAX_ARGUMENTS_CHARS:,} per call)"
    return None
