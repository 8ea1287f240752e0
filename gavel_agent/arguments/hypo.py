"""A deterministic HYPO-style 3-ply argument built from the triple's factor sets.

Ply 1, plaintiff: cite the precedent that shares factors with the current
case (preferring one the plaintiff won) and list the shared factors.
Ply 2, defendant: distinguish it (the precedent's pro-plaintiff factors CC
lacks, CC's pro-defendant factors the precedent lacks) and, when the other
precedent was won by the defendant and shares factors with CC, cite it as a
counterexample. Ply 3, plaintiff: distinguish the counterexample the same way
with the sides swapped. No precedent shares a factor: abstain.

Every factor is stated in a clause that names its case(s), in the label
convention the CATO rules read (CC, TSC1, TSC2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gavel_agent.arguments.scenarios import CaseFacts, Triple, factor_order, factors

ABSTENTION = (
    "I abstain: no 3-ply argument can be made, because neither {first} nor {second} shares "
    "a single factor with the current case CC, so there is no precedent to argue from."
)
SIDE_NAMES = {"P": "plaintiff", "D": "defendant"}


@dataclass
class Argument:
    text: str
    cited: str | None = None
    counterexample: str | None = None
    # (case label, factor) pairs the argument states as present: what RecU should count by design.
    stated: set[tuple[str, str]] = field(default_factory=set)


def _listing(keys: set[str]) -> str:
    labels = [factors()[k].label for k in sorted(keys, key=factor_order)]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def _favouring(case: CaseFacts, side: str) -> set[str]:
    return {k for k in case.factors if factors()[k].side == side}


class _Writer:
    def __init__(self) -> None:
        self.sentences: list[str] = []
        self.stated: set[tuple[str, str]] = set()

    def say(self, sentence: str) -> None:
        self.sentences.append(sentence)

    def state(self, template: str, keys: set[str], *labels: str) -> None:
        """A sentence stating ``keys`` for each case in ``labels``; nothing when ``keys`` is empty."""
        if keys:
            self.say(template.format(factors=_listing(keys)))
            self.stated |= {(label, k) for label in labels for k in keys}

    def distinguish(self, precedent: CaseFacts, current: CaseFacts, winner: str) -> None:
        """What makes ``precedent`` (won by ``winner``) stronger for its winner than CC is."""
        loser = "D" if winner == "P" else "P"
        p, cc = precedent.label, current.label
        self.state(
            f"{p} has {{factors}}, which {cc} does not have.", _favouring(precedent, winner) - set(current.factors), p
        )
        self.state(
            f"{cc} has {{factors}}, which {p} does not have.", _favouring(current, loser) - set(precedent.factors), cc
        )


def _shared(a: CaseFacts, b: CaseFacts) -> set[str]:
    return set(a.factors) & set(b.factors)


def hypo_argument(triple: Triple) -> Argument:
    cc = triple.current
    citable = [p for p in triple.precedents if _shared(cc, p)]
    if not citable:
        first, second = triple.precedents
        return Argument(ABSTENTION.format(first=first.label, second=second.label))
    # Prefer a precedent the plaintiff won, then the one sharing most; ties go to the earlier one.
    cited = max(citable, key=lambda p: (p.outcome == "P", len(_shared(cc, p)), -triple.cases.index(p)))
    other = next(p for p in triple.precedents if p is not cited)
    counter = other if other.outcome == "D" and _shared(cc, other) else None

    w = _Writer()
    w.say("Ply 1 (plaintiff):")
    w.say(
        f"The plaintiff should win the current case CC, as the {SIDE_NAMES[cited.outcome or 'P']} "
        f"won {cited.label} ({cited.name})."
    )
    w.state(f"CC and {cited.label} share {{factors}}.", _shared(cc, cited), "CC", cited.label)
    w.say("\nPly 2 (defendant):")
    w.say(f"{cited.label} is distinguishable.")
    w.distinguish(cited, cc, cited.outcome or "P")
    if counter:
        w.say(f"As a counterexample, the defendant won {counter.label} ({counter.name}).")
        w.state(f"CC and {counter.label} share {{factors}}.", _shared(cc, counter), "CC", counter.label)
    w.say("\nPly 3 (plaintiff rebuttal):")
    if counter:
        w.say(f"The counterexample {counter.label} is distinguishable.")
        w.distinguish(counter, cc, "D")
    else:
        w.say("The defendant cites no counterexample, so the analogy stands.")
    text = " ".join(w.sentences).replace(" \n", "\n\n")
    return Argument(text, cited.label, counter.label if counter else None, w.stated)
