"""The checklist being filled during a run, with every quote verified on entry."""

from __future__ import annotations

from rapidfuzz import fuzz

from gavel_agent.case import Case, Document
from gavel_agent.checklists import ChecklistSpec
from gavel_agent.checklists.record import ALIGNMENT_ORDER, ChecklistFile, Evidence, NoneInRecord, Value
from gavel_agent.tools import injection, quotes, support

# The nearest passage named in a rejection is found for the quote's start: the search grows with the square
# of the quote's length (a 3,000-character near miss took 0.24 s per document), and its start places it.
CLOSEST_QUOTE_CHARS = 400
# A refused value counts as mended once a value this alike (rapidfuzz token-set ratio of the folded
# texts) is stored in its item: a model usually sends it again reworded or with a date dropped.
MENDED_SIMILARITY = 70
# A support refusal shows this many characters either side of the first quotes it judged.
SURROUNDINGS_CHARS = 250
SURROUNDINGS_SHOWN = 2


class EvidenceError(ValueError):
    """A value whose evidence cannot be verified; nothing is stored."""


class ChecklistState:
    def __init__(self, spec: ChecklistSpec, item_keys: list[str], case: Case):
        self.spec = spec
        self.item_keys = list(item_keys)
        self.case = case
        self.items: dict[str, list[Value]] = {k: [] for k in self.item_keys}
        self.settled: dict[str, NoneInRecord] = {}  # items settled as having no value in the record
        # item -> refused value -> why, for values no later write mended: the first-stop review names them,
        # since a refusal the model never answered otherwise leaves no trace in what it sees.
        self.refused: dict[str, dict[str, str]] = {}

    # -- reading -------------------------------------------------------------
    def resolve(self, item: str) -> str:
        key = self.spec.try_resolve(item)
        if key is None or key not in self.items:
            raise EvidenceError(f"unknown item {item!r}; items in this run: {', '.join(self.item_keys)}")
        return key

    def empty_items(self) -> list[str]:
        return [k for k in self.item_keys if not self.items[k]]

    def open_items(self) -> list[str]:
        """Items neither filled nor settled as none in the record."""
        return [k for k in self.empty_items() if k not in self.settled]

    def to_file(self) -> ChecklistFile:
        settled = {k: self.settled[k] for k in self.item_keys if k in self.settled}
        return ChecklistFile(spec=self.spec.name, case=self.case.name, items=self.items, settled=settled or None)

    def load(self, saved: ChecklistFile) -> None:
        """Restore values from a saved checklist (for --resume), re-verifying every quote.

        Evidence whose offsets still hold the stored quote is kept as saved, status included (the
        stored quote is the document's own text, so aligning it again would always say "exact").
        """
        for key, values in saved.items.items():
            if key in self.items:
                self.items[key] = [self._reloaded(v) for v in values]
        self.settled = {k: s for k, s in (saved.settled or {}).items() if k in self.items and not self.items[k]}

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
        return saved.model_copy(update={"evidence": evidence})

    # -- writing -------------------------------------------------------------
    def verified(self, value: str, evidence: list[dict], item: str | None = None) -> Value:
        """``value`` with its quotes aligned to the case; with ``item``, also judged for support, and
        refused when its quotes together lack a date, figure, name or word it gives."""
        value = (value or "").strip()
        if not value:
            raise EvidenceError(
                "empty value: give the value as text (when the papers hold none, settle the item with settle_none)"
            )
        if not evidence:
            raise EvidenceError(f"value {value!r} has no evidence: quote the text that supports it")
        checked: list[Evidence] = []
        for ev in evidence:
            name, quote = ev.get("document", ""), ev.get("quote", "")
            problem = quotes.quote_problem(quote)
            if problem:  # name the quote: a value of several quotes fails on one of them (43966: "20-35881")
                which = f" (quote {quote!r}, {len(checked) + 1} of {len(evidence)})" if len(evidence) > 1 else ""
                raise EvidenceError(f"evidence for {value!r}{which}: {problem}")
            checked.append(self._aligned(name, quote, ev.get("near_char")))
        if item is None:
            return Value(value=value, evidence=checked)
        # A quote aligned in pieces spans the words between them too: judge the words the writer quoted.
        said = [ev.get("quote", "") if e.status == "pieces" else e.quote for ev, e in zip(evidence, checked)]
        try:
            return self.judged(item, Value(value=value, evidence=checked), said)
        except EvidenceError as e:
            raise EvidenceError(f"{e}. {self._surroundings(checked)}") from None

    def _surroundings(self, checked: list[Evidence]) -> str:
        """The text around a refused value's quotes: the date or figure it lacks is often a line away, and
        by the time a refusal comes back the history may no longer hold the passage (hand-played runs
        re-read or searched to mend most support refusals)."""
        shown = []
        for e in checked[:SURROUNDINGS_SHOWN]:
            if e.start_char is None or e.end_char is None:
                continue
            text = self.case.document(e.document).text
            start, end = max(0, e.start_char - SURROUNDINGS_CHARS), min(len(text), e.end_char + SURROUNDINGS_CHARS)
            around = " ".join(text[start:end].split())
            shown.append(f'{e.document} around the quote: "{"..." * (start > 0)}{around}{"..." * (end < len(text))}"')
        return "; ".join(shown)

    def judged(self, item: str, value: Value, said: list[str] | None = None) -> Value:
        """``value`` with its support judged (each quote alone, and all together); EvidenceError when
        its quotes do not support it. ``said``: the quotes as written, where they differ from the stored spans."""
        spec = self.spec.item(self.resolve(item))
        if spec.support == "none":
            return value
        said = said or [e.quote for e in value.evidence]
        together = support.judge(value.value, said, spec)
        if together.status == "unsupported" and support.REFUSING.get():
            raise EvidenceError(
                f"evidence for {value.value!r} refused: {together.reason}. Quote the words that state it "
                "(a second quote may carry the date, figure or name)"
            )
        evidence = [
            e.model_copy(update={"support": support.judge(value.value, [q], spec).status})
            for e, q in zip(value.evidence, said)
        ]
        note = together.reason or None
        return value.model_copy(update={"evidence": evidence, "support": together.status, "support_note": note})

    def _aligned(self, name: str, quote: str, near: int | None = None) -> Evidence:
        """Evidence for ``quote`` in the document named, or in the case's other document that holds it.

        A name that resolves to no document ("Docket", "search results", GAVEL's "Order (001)") is a
        model's label for where it read, not a reason to refuse words the case holds: every document
        is searched, as for a quote the named document lacks. ``near``: where in the named document
        the writer read the quote (a character offset), when it knows."""
        try:
            doc: Document | None = self.case.document(name)
        except KeyError:
            doc = None
        found = quotes.align(quote, doc.text, near) if doc is not None else None
        named = None
        if doc is None or found is None:  # the right words with the wrong document named: store them where they are
            elsewhere = [(d, a) for d in self.case.documents if d is not doc and (a := quotes.align(quote, d.text))]
            if not elsewhere:
                raise EvidenceError(self._not_found(doc, name, quote))
            named, (doc, found) = name, min(elsewhere, key=lambda da: ALIGNMENT_ORDER.index(da[1].status))
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

    def _not_found(self, doc: Document | None, name: str, quote: str) -> str:
        """The rejection, naming the passage of the case nearest to the quote."""
        if doc is None:
            message = f"no document named {name!r}, and the quote is in none of the case's documents: {quote[:80]!r}."
        else:
            message = f"quote not found in {doc.name!r} (nor in any other document): {quote[:80]!r}."
        ordered = ([doc] if doc else []) + [d for d in self.case.documents if d is not doc]
        nearest = [(d, p) for d in ordered if (p := quotes.closest(quote[:CLOSEST_QUOTE_CHARS], d.text)) is not None]
        reason = quotes.refusal_reason(quote, "", 0.0)
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
            reason = quotes.refusal_reason(quote, text[start:end], passage.similarity)
        return f"{message} {reason}" + (
            " Quote the words as a tool showed them (read_document or a search snippet); mark left-out words with '...' "
            "and changed words with [brackets]."
        )

    def stored_value(self, item: str, value: str) -> Value | None:
        """The value of ``item`` stored with the same text (spacing, case and quote marks aside), or None."""
        folded = quotes.fold_quote(value)
        return next((v for v in self.items[self.resolve(item)] if quotes.fold_quote(v.value) == folded), None)

    def with_quotes(self, item: str, stored: Value, written: Value, evidence: list[dict]) -> Value:
        """``stored`` with the quotes of ``written`` (the same value written again, its ``evidence`` aligned
        by ``verified`` without an item; spans it holds already are not added twice), its support judged
        again over all of them: a quote stating only what a weakly supported value left unsaid is welcome.
        Not stored yet: ``append`` stores it in the stored value's place."""
        added = written.evidence
        # A quote aligned in pieces spans the words between them too: judge the words the writer quoted.
        said = [ev.get("quote", "") if e.status == "pieces" else e.quote for ev, e in zip(evidence, added)]
        held = {_span(e) for e in stored.evidence}
        evidence_kept, said_kept = list(stored.evidence), [e.quote for e in stored.evidence]
        for e, q in zip(added, said):
            if _span(e) not in held:
                held.add(_span(e))
                evidence_kept.append(e)
                said_kept.append(q)
        return self.judged(item, stored.model_copy(update={"evidence": evidence_kept}), said_kept)

    def append(self, item: str, values: list[Value]) -> str:
        key = self.resolve(item)
        if values:  # a value found answers the item: it is no longer settled as having none
            self.settled.pop(key, None)
        existing = {quotes.fold_quote(v.value): v for v in self.items[key]}
        for v in values:
            twin = existing.get(quotes.fold_quote(v.value))
            if twin is None:
                self.items[key].append(v)
                existing[quotes.fold_quote(v.value)] = v
            elif {_span(e) for e in twin.evidence} <= {_span(e) for e in v.evidence}:  # gathered (with_quotes)
                at = self.items[key].index(twin)
                self.items[key][at] = existing[quotes.fold_quote(v.value)] = v
            else:  # same value again: keep one entry, gather its evidence and judge it again
                held = {_span(e) for e in twin.evidence}
                merged = twin.model_copy(
                    update={"evidence": twin.evidence + [e for e in v.evidence if _span(e) not in held]}
                )
                if twin.support is not None:
                    merged = self.judged(key, merged)
                at = self.items[key].index(twin)
                self.items[key][at] = existing[quotes.fold_quote(v.value)] = merged
        return key

    def replace(self, item: str, values: list[Value]) -> str:
        key = self.resolve(item)
        self.items[key] = []
        return self.append(key, values)

    def remove(self, item: str, values: list[str]) -> tuple[str, list[Value], list[str]]:
        """Drop the named values from an item: (key, the values removed, names not found); a value is named
        by its text."""
        key = self.resolve(item)
        wanted = {quotes.fold_quote(v): v for v in values}
        removed = [v for v in self.items[key] if quotes.fold_quote(v.value) in wanted]
        self.items[key] = [v for v in self.items[key] if quotes.fold_quote(v.value) not in wanted]
        found = {quotes.fold_quote(v.value) for v in removed}
        return key, removed, [v for f, v in wanted.items() if f not in found]

    def merge(self, item: str, values: list[str], into: str) -> tuple[str, Value]:
        """Put stored values of an item into one, written ``into``, carrying all their quotes, its support
        judged over them: a value merged, or one reworded (a single value), needs no quote the history has
        dropped, and is never lost as a removal beside a refused replacement is. The new value takes the
        place of the first of them; EvidenceError leaves the item unchanged."""
        key = self.resolve(item)
        folded = {quotes.fold_quote(v) for v in values}
        parts = [v for v in self.items[key] if quotes.fold_quote(v.value) in folded]
        missing = folded - {quotes.fold_quote(v.value) for v in parts}
        if missing or not parts:
            absent = [v for v in values if quotes.fold_quote(v) in missing]
            raise EvidenceError(
                f"{key}: nothing merged: "
                + (f"not stored: {'; '.join(repr(v) for v in absent)}" if absent else "name the stored values")
            )
        evidence, held = [], set()
        for e in (e for v in parts for e in v.evidence):
            if _span(e) not in held:
                held.add(_span(e))
                evidence.append(e)
        merged = self.judged(key, Value(value=into, evidence=evidence))
        at = self.items[key].index(parts[0])
        kept = [v for v in self.items[key] if v not in parts]
        self.items[key] = kept[:at] + [merged] + kept[at:]
        return key, merged

    def note_refused(self, item: str, value: str, why: str) -> None:
        key = self.spec.try_resolve(item)
        if key in self.items:
            self.refused.setdefault(key, {})[value] = why

    def note_stored(self, key: str, stored: list[Value]) -> None:
        """Forget the item's refusals that a stored value mends."""
        folded = [quotes.fold_quote(v.value) for v in stored]
        pending = self.refused.get(key, {})
        for value in list(pending):
            if any(fuzz.token_set_ratio(quotes.fold_quote(value), f) >= MENDED_SIMILARITY for f in folded):
                del pending[value]

    def settle(self, item: str, settlement: NoneInRecord) -> str:
        """Settle an empty item as having no value in the record."""
        key = self.resolve(item)
        if self.items[key]:
            raise EvidenceError(
                f"{key} has {len(self.items[key])} value(s): remove them with remove_values before settling it as none"
            )
        self.settled[key] = settlement
        self.refused.pop(key, None)  # settled as none: its refused values are answered
        return key


def _span(evidence: Evidence) -> tuple[str, int | None, int | None]:
    """Where a quote is stored: two quotes of one span are one quote, whatever their support notes."""
    return evidence.document, evidence.start_char, evidence.end_char


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
