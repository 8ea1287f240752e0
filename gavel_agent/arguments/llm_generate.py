"""3-ply argument generation with a language model, through an injected completer.

The completer is ``complete(system, user) -> text`` (see ``text.llm.Completer``);
the CLI builds one from ``--model`` with ``gavel_agent.backends.completer.make_completer``.
"""

from __future__ import annotations

from gavel_agent import prompts
from gavel_agent.arguments.scenarios import CaseFacts, Triple, factor_order, factors
from gavel_agent.text.llm import Completer

WINNERS = {"P": "plaintiff", "D": "defendant"}


def _factor_lines(case: CaseFacts) -> str:
    table = factors()
    return "\n".join(f"- {table[k].label} ({table[k].side})" for k in sorted(case.factors, key=factor_order))


def argument_prompt(triple: Triple) -> tuple[str, str]:
    """The (system, user) prompt pair for one triple."""
    cc, first, second = triple.cases
    user = prompts.load("argument_user").format(
        cc_name=cc.name,
        cc_factors=_factor_lines(cc),
        tsc1_name=first.name,
        tsc1_winner=WINNERS[first.outcome or "P"],
        tsc1_factors=_factor_lines(first),
        tsc2_name=second.name,
        tsc2_winner=WINNERS[second.outcome or "P"],
        tsc2_factors=_factor_lines(second),
    )
    return prompts.load("argument_system"), user


def llm_argument(triple: Triple, complete: Completer) -> str:
    system, user = argument_prompt(triple)
    return complete(system, user).strip()
