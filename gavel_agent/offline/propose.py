"""The offline ``--verify`` proposer: a value for an empty item, found by the item's rule extractor.

It searches the case independently (the item's plain BM25 queries only: regex and
``open:`` queries are the extraction's own route) and proposes a value only when the
extractor finds it at two separate places; the verify stage then challenges it like
any other value. The caller passes it to ``verify.verify_checklist`` for an offline run,
so an LLM verify never loads these rules.
"""

from __future__ import annotations

from gavel_agent.case import Case
from gavel_agent.checklists import ChecklistSpec, ItemSpec
from gavel_agent.checklists.record import Evidence, Value
from gavel_agent.offline.item_plan import item_plan
from gavel_agent.offline.policy import keyword_queries
from gavel_agent.offline.registry import DocInfo, get_extractor
from gavel_agent.tools import quotes
from gavel_agent.tools.injection import blank_injected
from gavel_agent.tools.search import SearchIndex
from gavel_agent.verification.stage import Proposer

PROPOSE_HITS = 4  # passages per item query when looking for a missing value
AGREEING_PLACES = 2  # separate places a new value must be found at


def rule_proposer(spec: ChecklistSpec, case: Case, index: SearchIndex) -> Proposer:
    def propose(item: ItemSpec) -> tuple[Value, str] | None:
        return propose_value(item, spec, case, index)

    return propose


def propose_value(item: ItemSpec, spec: ChecklistSpec, case: Case, index: SearchIndex) -> tuple[Value, str] | None:
    """A value for an empty item that the item's extractor finds at two separate places, with where."""
    extract = get_extractor(spec.name, item.key)
    if extract is None:
        return None
    places: dict[str, dict[tuple[str, int], Evidence]] = {}
    shown: dict[str, str] = {}
    for query in keyword_queries(item_plan(spec.name, item)):
        for hit in index.bm25(query, top_k=PROPOSE_HITS):
            doc = case.document(hit.document)
            window = blank_injected(doc.text, hit.start_char, hit.end_char)
            for finding in extract(window, DocInfo(doc.name, doc.title, doc.type, doc.date)):
                span = quotes.locate(finding.quote, doc.text)
                if span is None:
                    continue
                key = quotes.fold_quote(finding.value)
                shown.setdefault(key, finding.value)
                evidence = Evidence(
                    document=doc.name, quote=doc.text[span[0] : span[1]], start_char=span[0], end_char=span[1]
                )
                places.setdefault(key, {})[(doc.name, span[0])] = evidence
    agreed = [(k, list(p.values())) for k, p in places.items() if len(p) >= AGREEING_PLACES]
    if not agreed:
        return None
    key, found = max(agreed, key=lambda kv: len(kv[1]))
    where = "; ".join(f"{e.document} chars {e.start_char}-{e.end_char}" for e in found[:3])
    return Value(value=shown[key], evidence=found[:AGREEING_PLACES]), f"found at {len(found)} separate places ({where})"
