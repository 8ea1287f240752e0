"""A value a person adds by selecting text in a document: the selection becomes its evidence, checked
by the same quote check as the agent's values (``ChecklistState.verified``) and kept at the offsets
the person selected."""

from __future__ import annotations

from gavel_agent.case import Case
from gavel_agent.checklists import load_spec
from gavel_agent.checklists.record import Value
from gavel_agent.tools import injection
from gavel_agent.tools.checklist import ChecklistState, EvidenceError


class SelectionError(ValueError):
    """A selection that cannot be evidence; nothing is stored."""


def code_point_offset(text: str, utf16_offset: int) -> int:
    """A browser's offset (UTF-16 code units) as a Python string offset (code points)."""
    if utf16_offset < 0:
        raise SelectionError("selection offsets must not be negative")
    units = text.encode("utf-16-le")
    if 2 * utf16_offset > len(units):
        raise SelectionError("the selection ends past the end of the document")
    return len(units[: 2 * utf16_offset].decode("utf-16-le", errors="ignore"))


def selected_value(case: Case, spec: str, value: str, document: str, start: int, end: int, selected_text: str) -> Value:
    """``value`` with the selected span of ``document`` as its verified evidence.

    ``start``/``end`` are the browser's offsets; ``selected_text`` is what the browser says was selected,
    which must be the document's own text there (a selection running into another document or the
    page around it is not).
    """
    doc = next((d for d in case.documents if d.name == document), None)
    if doc is None:
        raise SelectionError(f"no document named {document!r} in case {case.name!r}")
    lo, hi = code_point_offset(doc.text, start), code_point_offset(doc.text, end)
    if hi <= lo or doc.text[lo:hi] != selected_text:
        raise SelectionError("the selection is not one passage of one document: select text within a single document")
    # Whitespace at the edges of a selection is not part of the quote.
    lo += len(doc.text[lo:hi]) - len(doc.text[lo:hi].lstrip())
    hi -= len(doc.text[lo:hi]) - len(doc.text[lo:hi].rstrip())
    quote = doc.text[lo:hi]
    state = ChecklistState(load_spec(spec), [], case)
    try:
        checked = state.verified(value or quote, [{"document": doc.name, "quote": quote}])
    except EvidenceError as e:
        raise SelectionError(str(e)) from None
    # The check found the words; the evidence stays where the person selected them (the same words
    # may also occur earlier in the document).
    evidence = checked.evidence[0].model_copy(
        update={
            "document": doc.name,
            "quote": quote,
            "start_char": lo,
            "end_char": hi,
            "status": "exact",
            "page": doc.page_at(lo),
            "named_document": None,
            "injected": injection.touches(doc.text, lo, hi),
        }
    )
    return Value(value=checked.value, evidence=[evidence])
