"""Seeded case triples for testing 3-ply argument generation.

A triple is a current case (CC, undecided) and two decided precedents (TSC1,
TSC2), each a set of CATO factors. Three tests:

- ``arguable``: TSC1 was won by the plaintiff and shares factors with CC, TSC2
  was won by the defendant and shares other factors with CC;
- ``reordered``: the same construction with the precedents swapped, so the
  plaintiff's precedent must be chosen by outcome, not by position;
- ``non_arguable``: neither precedent shares a factor with CC, so the only
  correct answer is to abstain.

Triple ``i`` of seed ``s`` depends only on ``(s, i)``, never on how many are made.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from functools import lru_cache

from gavel_agent.checklists import load_spec

TESTS = ("arguable", "reordered", "non_arguable")
LABELS = ("CC", "TSC1", "TSC2")

# Factor pairs that describe contradictory facts, so no case has both.
CONFLICTS = {frozenset(p) for p in [("F6", "F19"), ("F15", "F20"), ("F15", "F24")]}

PLAINTIFFS = [
    "Ardent Coatings",
    "Bellwether Instruments",
    "Corvid Robotics",
    "Dunmore Foods",
    "Elgin Hydraulics",
    "Fairhaven Software",
    "Granite Dental",
    "Halcyon Optics",
    "Ironbark Textiles",
    "Juniper Analytics",
    "Kestrel Labs",
    "Lumen Acoustics",
    "Meridian Valve",
    "Northfield Brewing",
    "Osprey Medical",
]
DEFENDANTS = [
    "Pell Industries",
    "Quarry Systems",
    "Redfern Corp.",
    "Sable Manufacturing",
    "Tamsin Tech",
    "Umber Works",
    "Vantage Supply",
    "Wexford Group",
    "Yarrow Devices",
    "Zephyr Holdings",
]
EMPLOYEES = ["Dana Ruiz", "Owen Brandt", "Priya Nair", "Tomas Keller", "Helen Wu", "Marcus Obi", "Lena Fischer"]
PRODUCTS = [
    ("industrial adhesive", "the adhesive formula"),
    ("pipeline inspection robot", "the robot's control software"),
    ("dental imaging sensor", "the sensor calibration process"),
    ("commercial coffee roaster", "the roaster's heating design"),
    ("hospital billing system", "the billing system's source code"),
    ("high-pressure valve", "the valve design drawings"),
    ("noise-cancelling headset", "the headset's filter design"),
    ("specialty yarn", "the dyeing process"),
]


@dataclass(frozen=True)
class Factor:
    key: str
    name: str
    side: str  # "P" or "D": the side the factor favours

    @property
    def label(self) -> str:
        return f"{self.key} {self.name}"


@lru_cache(maxsize=1)
def factors() -> dict[str, Factor]:
    spec = load_spec("cato")
    return {i.key: Factor(i.key, i.name, i.extra["side"]) for i in spec.items}


def factor_order(key: str) -> int:
    return int(key[1:])


@dataclass(frozen=True)
class CaseFacts:
    label: str  # CC, TSC1 or TSC2
    plaintiff: str
    defendant: str
    employee: str
    product: str
    information: str
    factors: tuple[str, ...]
    outcome: str | None = None  # "P" or "D" for a decided precedent, None for the current case

    @property
    def name(self) -> str:
        return f"{self.plaintiff} v. {self.defendant}"

    def to_dict(self) -> dict:
        return {**asdict(self), "factors": list(self.factors)}

    @classmethod
    def from_dict(cls, data: dict) -> CaseFacts:
        return cls(**{**data, "factors": tuple(data["factors"])})


@dataclass(frozen=True)
class Triple:
    id: str
    test: str
    cases: tuple[CaseFacts, CaseFacts, CaseFacts]  # CC, TSC1, TSC2

    def case(self, label: str) -> CaseFacts:
        return next(c for c in self.cases if c.label == label)

    @property
    def current(self) -> CaseFacts:
        return self.cases[0]

    @property
    def precedents(self) -> tuple[CaseFacts, CaseFacts]:
        return self.cases[1], self.cases[2]

    @property
    def arguable(self) -> bool:
        """A precedent shares at least one factor with the current case."""
        cc = set(self.current.factors)
        return any(cc & set(p.factors) for p in self.precedents)

    def ground_truth(self) -> dict[str, set[str]]:
        return {c.label: set(c.factors) for c in self.cases}

    def to_dict(self) -> dict:
        return {"id": self.id, "test": self.test, "cases": [c.to_dict() for c in self.cases]}

    @classmethod
    def from_dict(cls, data: dict) -> Triple:
        first, second, third = (CaseFacts.from_dict(c) for c in data["cases"])
        return cls(data["id"], data["test"], (first, second, third))


def _pick(rng: random.Random, pool: list[str], k: int, taken: set[str]) -> list[str]:
    """Up to ``k`` factors from ``pool`` that neither repeat nor contradict ``taken``."""
    chosen: list[str] = []
    for key in rng.sample(pool, len(pool)):
        if len(chosen) == k:
            break
        if key in taken or any(frozenset((key, t)) in CONFLICTS for t in taken):
            continue
        chosen.append(key)
        taken = taken | {key}
    return chosen


def _sides() -> tuple[list[str], list[str]]:
    table = factors()
    return [k for k, f in table.items() if f.side == "P"], [k for k, f in table.items() if f.side == "D"]


def _precedent(rng: random.Random, cc: set[str], winner: str) -> set[str]:
    """A precedent won by ``winner`` that shares 1-2 of CC's factors favouring the winner."""
    pro_p, pro_d = _sides()
    own, other = (pro_p, pro_d) if winner == "P" else (pro_d, pro_p)
    shared = _pick(rng, sorted(cc & set(own)), rng.randint(1, 2), set())
    shared += _pick(rng, sorted(cc & set(other)), rng.randint(0, 1), set(shared))
    outside_own = [k for k in own if k not in cc]
    outside_other = [k for k in other if k not in cc]
    extra = _pick(rng, outside_own, rng.randint(1, 2), set(shared))
    extra += _pick(rng, outside_other, rng.randint(0, 1), set(shared) | set(extra))
    return set(shared) | set(extra)


def _disjoint_precedent(rng: random.Random, cc: set[str]) -> set[str]:
    pro_p, pro_d = _sides()
    chosen = _pick(rng, [k for k in pro_p if k not in cc], rng.randint(1, 3), set())
    return set(chosen + _pick(rng, [k for k in pro_d if k not in cc], rng.randint(1, 2), set(chosen)))


def _case(rng: random.Random, label: str, keys: set[str], outcome: str | None) -> CaseFacts:
    product, information = rng.choice(PRODUCTS)
    return CaseFacts(
        label=label,
        plaintiff=rng.choice(PLAINTIFFS),
        defendant=rng.choice(DEFENDANTS),
        employee=rng.choice(EMPLOYEES),
        product=product,
        information=information,
        factors=tuple(sorted(keys, key=factor_order)),
        outcome=outcome,
    )


def make_triple(seed: int, index: int, test: str) -> Triple:
    rng = random.Random(f"cato-triple:{seed}:{index}")
    pro_p, pro_d = _sides()
    cc_keys = _pick(rng, pro_p, rng.randint(2, 3), set())
    cc_keys += _pick(rng, pro_d, rng.randint(2, 3), set(cc_keys))
    cc = set(cc_keys)
    if test == "non_arguable":
        first, second = _disjoint_precedent(rng, cc), _disjoint_precedent(rng, cc)
        outcomes = rng.sample(["P", "D"], 2)
    else:
        plaintiff_won, defendant_won = _precedent(rng, cc, "P"), _precedent(rng, cc, "D")
        first, second = (plaintiff_won, defendant_won) if test == "arguable" else (defendant_won, plaintiff_won)
        outcomes = ["P", "D"] if test == "arguable" else ["D", "P"]
    cases = (
        _case(rng, "CC", cc, None),
        _case(rng, "TSC1", first, outcomes[0]),
        _case(rng, "TSC2", second, outcomes[1]),
    )
    return Triple(id=f"{test}-{seed}-{index:03d}", test=test, cases=cases)


def generate_triples(n: int = 90, seed: int = 0) -> list[Triple]:
    """``n`` triples cycling through the three tests (90 gives 30 per test)."""
    if n < 1:
        raise ValueError(f"the number of triples must be at least 1 (got {n})")
    return [make_triple(seed, i, TESTS[i % len(TESTS)]) for i in range(n)]
