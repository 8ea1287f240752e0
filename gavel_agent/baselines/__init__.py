"""Baselines without navigation: end-to-end (the whole case in one prompt per
group of items) and chunk-by-chunk (16K-token chunks in order, each updating a
running checklist). Both write the agent's run files and verify every quote
the same way the agent's checklist tools do.
"""

from gavel_agent.baselines.methods import METHODS, PROMPT_GROUPINGS, Baseline

__all__ = ["METHODS", "PROMPT_GROUPINGS", "Baseline"]
