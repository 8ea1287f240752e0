"""Judges decide how a predicted value relates to a reference value.

``OfflineJudge`` uses normalisers and fuzzy matching (no model calls);
``LLMJudge`` asks a language model through an injected completer. Both return
the same ``Judgment`` records, which ``checklist_score`` turns into numbers.
"""

from gavel_agent.evaluators.checklist.judges.base import Judge, Judgment, Relation

__all__ = ["Judge", "Judgment", "Relation"]
