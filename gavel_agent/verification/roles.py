"""Who challenges and who proposes in a ``--verify``, chosen from the run's model.

An offline run keeps the deterministic checks and lets the offline rules propose values for
empty items; an LLM run puts the challenges to its own model and proposes nothing, so it
never loads the offline rules. The CLI, the Python API and batch runs all choose here.
"""

from __future__ import annotations

from collections.abc import Callable

from gavel_agent.backends import ResolvedModel
from gavel_agent.case import Case
from gavel_agent.checklists import ChecklistSpec
from gavel_agent.loop import AgentRun
from gavel_agent.text.llm import Completer
from gavel_agent.tools.search import SearchIndex
from gavel_agent.verification.stage import Challenger, Decision, Proposer, VerifyResult, verify_run


def run_completer(model: ResolvedModel, base_url: str | None) -> Completer | None:
    """The run's own model as a completer; None for an offline run."""
    if model.is_offline:
        return None
    from gavel_agent.backends.completer import make_completer

    return make_completer(model.label, base_url, model.client)


def choose(
    complete: Completer | None, spec: ChecklistSpec, case: Case, index: SearchIndex
) -> tuple[Challenger | None, Proposer | None]:
    """The challenger (None: the offline checks) and the proposer; ``complete`` None means offline."""
    if complete is None:
        from gavel_agent.offline.propose import rule_proposer

        return None, rule_proposer(spec, case, index)
    from gavel_agent.verification.llm_challenger import LLMChallenger

    return LLMChallenger(complete, spec, case, index), None


def verify_agent_run(
    agent_run: AgentRun,
    complete: Completer | None,
    report: Callable[[str], object] | None = None,
    on_decision: Callable[[Decision], object] | None = None,
) -> VerifyResult:
    """``stage.verify_run`` on a finished run's folder, with the run's index and the verifiers ``complete`` implies."""
    challenger, proposer = choose(complete, agent_run.spec, agent_run.case, agent_run.ws.index)
    return verify_run(
        agent_run.run_dir,
        agent_run.spec,
        agent_run.case,
        report=report,
        challenger=challenger,
        proposer=proposer,
        index=agent_run.ws.index,
        on_decision=on_decision,
    )
