"""The checklist being filled during a run, with every quote verified on entry."""

from __future__ import annotations

from gavel_agent.case import Case, Document
from gavel_agent.checklists import ChecklistSpec
from gavel_agent.checklists.record import ALIGNMENT_ORDER, ChecklistFile, Evidence, Value
from gavel_agent.tools import injection, quotes

# The nearest passage named in a rejection is found for the quote's start: the search grows with the square
# of the quote's length (a 3,000-character near miss took 0.24 s per document), and its start places it.
CLOSEST_QUOTE_CHARS = 400


class EvidenceError(ValueError):
    """A value whose evidence cannot be verified; nothing is stored."""


class ChecklistState:
    def __init__(self, spec: ChecklistSpec, item_keys: list[str], case: Case):
        self.spec = spec
        self.item_keys = list(item_keys)
        self.case = case
        self.items: dict[str, list[Value]] = {k: [] for k in self.item_keys}

    # -- reading -------------------------------------------------------------
    def resolve(self, item: str) -> str:
        key = self.spec.try_resolve(item)
        if key is None or key not in self.items:
            raise EvidenceError(f"unknown item {item!r}; items in this run: {', '.join(self.item_keys)}")
        return key

    def empty_items(self) -> list[str]:
        return [k for k in self.item_keys if not self.items[k]]

    def to_file(self) -> ChecklistFile:
        return ChecklistFile(spec=self.spec.name, case=self.case.name, items=self.items)

    def load(self, saved: ChecklistFile) -> None:
        """Restore values from a saved checklist (for --resume), re-verifying every quote.

        Evidence whose offsets still hold the stored quote is kept as saved, status included (the
        stored quote is the document's own text, so aligning it again would always say "exact").
        """
        for key, values in saved.items.items():
            if key in self.items:
                self.items[key] = [self._reloaded(v) for v in values]

    def _reloaded(self, saved: Value) -> Value:
        evidence = []
        for ev in saved.evidence:
            try:
                text = self.case.document(ev.document).text
            except KeyError:
                text = ""
            if ev.start_char is not None and text[ev.start_char : ev.end_char] == ev.quote:
                evidence.append(ev.model_copy())
            else:
                evidence += self.verified(saved.value, [ev.model_dump()]).evidence
        return Value(value=saved.value, evidence=evidence)

    # -- writing -------------------------------------------------------------
    def verified(self, value: str, evidence: list[dict]) -> Value:
        value = (value or "").strip()
        if not value:
            raise EvidenceError(
                "empty value: give the value as text (use 'Not applicable' with evidence if it does not apply)"
            )
        if not evidence:
            raise EvidenceError(f"value {value!r} has no evidence: quote the text that supports it")
        checked = []
        for ev in evidence:
            name, quote = ev.get("document", ""), ev.get("quote", "")
            try:
                doc = self.case.document(name)
            except KeyError as e:
                raise EvidenceError(e.args[0]) from None
            problem = quotes.quote_problem(quote)
            if problem:
                raise EvidenceError(f"evidence for {value!r}: {problem}")
            checked.append(self._aligned(doc, quote))
        return Value(value=value, evidence=checked)

    def _aligned(self, doc: Document, quote: str) -> Evidence:
        """Evidence for ``quote`` in ``doc``, or in the case's other document that holds it."""
        found = quotes.align(quote, doc.text)
        named = None
        if found is None:  # the right words with the wrong document named: store them where they are
            elsewhere = [(d, a) for d in self.case.documents if d is not doc and (a := quotes.align(quote, d.text))]
            if not elsewhere:
                raise EvidenceError(self._not_found(doc, quote))
            named, (doc, found) = doc.name, min(elsewhere, key=lambda da: ALIGNMENT_ORDER.index(da[1].status))
        return Evidence(
            document=doc.name,
            quote=doc.text[found.start : found.end],
            start_char=found.start,
            end_char=found.end,
            status=found.status,
            page=_page(doc, found.start),
            named_document=named,
            injected=injection.touches(doc.text, found.start, found.end),
        )

    def _not_found(self, doc: Document, quote: str) -> str:
        """The rejection, naming the passage of the case nearest to the quote."""
        message = f"quote not found in {doc.name!r} (nor in any other document): {quote[:80]!r}."
        nearest = [
            (d, p)
            for d in [doc] + [d for d in self.case.documents if d is not doc]
            if (p := quotes.closest(quote[:CLOSEST_QUOTE_CHARS], d.text)) is not None
        ]
        if nearest:
            near_doc, passage = max(nearest, key=lambda dp: (dp[1].similarity, dp[0] is doc))
            text = near_doc.text  # widen to whole words: the key match may start or end inside one
            start = max(text.rfind(" ", 0, passage.start), text.rfind("\n", 0, passage.start)) + 1
            end = min(
                (i for i in (text.find(" ", passage.end), text.find("\n", passage.end)) if i >= 0), default=len(text)
            )
            shown = " ".join(text[start:end].split())
            shown = shown if len(shown) <= 240 else shown[:240] + "..."
            message += (
                f" Closest passage: {near_doc.name!r} tokens {near_doc.token_at(passage.start)}-"
                f"{near_doc.token_at(passage.end - 1) + 1} ({passage.similarity:.0f}% alike): {shown!r}."
            )
        return message + (
            " Quote the words as read_document shows them; mark left-out words with '...' "
            "and changed words with [brackets]."
        )

    def append(self, item: str, values: list[Value]) -> str:
        key = self.resolve(item)
        existing = {quotes.fold_quote(v.value): v for v in self.items[key]}
        for v in values:
            twin = existing.get(quotes.fold_quote(v.value))
            if twin is None:
                self.items[key].append(v)
                existing[quotes.fold_quote(v.value)] = v
            else:  # same value again: keep one entry, gather its evidence
                twin.evidence += [e for e in v.evidence if e not in twin.evidence]
        return key

    def replace(self, item: str, values: list[Value]) -> str:
        key = self.resolve(item)
        self.items[key] = []
        return self.append(key, values)


def _page(doc: Document, char: int) -> int | None:
    return doc.page_at(char)


def correction_notes(values: list[Value]) -> list[str]:
    """One line per quote that was stored under another document than the one named."""
    return [
        f"note: the quote for {v.value!r} is in {e.document!r}, not {e.named_document!r}; stored under {e.document!r}"
        for v in values
        for e in v.evidence
        if e.named_document
    ]
