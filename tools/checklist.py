"""The checklist being filled during a run, with every quote verified on entry."""

from __future__ import annotations

from gavel_agent.checklists import ChecklistSpec
from gavel_agent.checklists.record import ChecklistFile, Evidence, Value
from gavel_agent.case import Case
from gavel_agent.tools import injection, quotes


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
        """Restore values from a saved checklist (for --resume), re-verifying every quote."""
        for key, values in saved.items.items():
            if key in self.items:
                self.items[key] = [self.verified(v.value, [e.model_dump() for e in v.evidence]) for v in values]

    # -- writing -------------------------------------------------------------
    def verified(self, value: str, evidence: list[dict]) -> Value:
        value = (value or "").strip()
        if not value:
            raise EvidenceError("empty value: give the value as text (use 'Not applicable' with evidence if it does not apply)")
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
            span = quotes.locate(quote, doc.text)
            if span is None:
                raise EvidenceError(
                    f"quote not found in {doc.name!r}: {quote[:80]!r}. Copy the words exactly as they appear "
                    f"in read_document output for that document (whitespace and quote marks may differ)."
                )
            checked.append(Evidence(document=doc.name, quote=doc.text[span[0]:span[1]], start_char=span[0], end_char=span[1],
                                    injected=injection.touches(doc.text, *span)))
        return Value(value=value, evidence=checked)

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
