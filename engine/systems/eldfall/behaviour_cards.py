"""Hostiles run by their behaviour cards: the order they activate in and which line of a card applies.

Hostiles activate lowest Tier first, then highest M; equal Tier and M may alternate (Eldfall core rules v1.5,
L1610). A card's lists are read top-down and the first line whose condition holds is carried out; with several
possible targets the card's Target Priority picks, else the nearest; in the Reactive role the target is always the
activated model (L1616-1630). This module decides from a :class:`Situation` the caller measured (distances, sight,
reach), so it stays free of geometry; phase 2 feeds it from the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Literal

from engine.geometry import TOLERANCE
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.schema import BehaviourCard, Condition, Conduct

__all__ = ["Choice", "Enemy", "Incoming", "Situation", "activation_order", "choose"]

Step = Literal["movement", "action", "reactive"]


@dataclass(frozen=True, slots=True)
class Enemy:
    """An enemy as the hostile sees it: gap between hitboxes (inches), sight, reach, Awareness, HP, AG."""

    id: str
    distance: float
    in_los: bool
    in_reach: bool = False
    in_awareness: bool = False
    hp: int = 1
    ag: int = 10
    immobilized: bool = False


@dataclass(frozen=True, slots=True)
class Incoming:
    """An attack declared against the hostile: by whom, melee or ranged, whether a spell, and how it stands."""

    attacker: str
    kind: Literal["melee", "ranged"]
    spell: bool
    distance: float
    los: bool
    in_reach: bool


@dataclass(frozen=True, slots=True)
class Situation:
    """What the behaviour card's conditions read: the hostile's state, its weapon reach, the enemies, the attacks
    declared on it and (reacting) the activated model."""

    engaged: bool
    reach: float
    enemies: tuple[Enemy, ...]
    incoming: tuple[Incoming, ...] = ()
    activated: Enemy | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """The line chosen (1-based, as printed), what to do, and at whom."""

    step: Step
    line: int
    conduct: Conduct
    target: str | None
    working: tuple[str, ...]


def activation_order(hostiles: Sequence[tuple[str, int, int]]) -> tuple[tuple[str, ...], ...]:
    """Group hostiles (id, Tier, M) in activation order; a group of several may alternate (L1610)."""
    ranked = sorted(hostiles, key=lambda h: (h[1], -h[2], h[0]))
    return tuple(tuple(h[0] for h in group) for _, group in groupby(ranked, key=lambda h: (h[1], h[2])))


def _enemy_filter(condition: Condition, situation: Situation, rulings: Rulings) -> list[Enemy] | None:
    """The enemies a condition is about, or None when the condition is not about enemies one by one."""
    inches = condition.inches or 0.0
    reach_plus = situation.reach + inches if rulings.within_reach_plus == "reach-plus" else inches
    tests = {
        "enemy-in-los": lambda e: e.in_los,
        "enemy-in-los-within": lambda e: e.in_los and e.distance <= inches + TOLERANCE,
        "enemy-in-los-beyond": lambda e: e.in_los and e.distance > inches + TOLERANCE,
        "enemy-within-reach-plus": lambda e: e.distance <= reach_plus + TOLERANCE,
        "enemy-beyond-reach-plus": lambda e: e.distance > reach_plus + TOLERANCE,
        "enemy-within": lambda e: e.distance <= inches + TOLERANCE,
        "in-base-contact": lambda e: e.distance <= TOLERANCE,
    }
    test = tests.get(condition.kind)
    return None if test is None else [e for e in situation.enemies if test(e)]


def _incoming(condition: Condition, attack: Incoming | None) -> bool:
    if attack is None:
        return False
    inches = condition.inches or 0.0
    results = {
        "los-to-attacker": attack.los,
        "no-los-to-attacker": not attack.los,
        "attacker-within": attack.distance <= inches + TOLERANCE,
        "attacker-beyond": attack.distance > inches + TOLERANCE,
        "attacker-in-reach": attack.in_reach,
        "attacker-out-of-reach": not attack.in_reach,
        "attacker-in-base-contact": attack.distance <= TOLERANCE,
        "attacker-not-in-base-contact": attack.distance > TOLERANCE,
    }
    return results[condition.kind]


def _matches(kind: str | None, attack: Incoming) -> bool:
    return (kind in (None, "any") or kind == attack.kind
            or (kind == "ranged-spell" and attack.kind == "ranged" and attack.spell))


def _holds(condition: Condition, situation: Situation, candidates: list[Enemy], attack: Incoming | None,
           rulings: Rulings) -> tuple[bool, list[Enemy], Incoming | None]:
    """Whether one clause holds; enemy clauses narrow the candidates, ``targeted`` picks the attack to read."""
    kind = condition.kind
    enemies = _enemy_filter(condition, situation, rulings)
    if enemies is not None:
        narrowed = [e for e in candidates if e in enemies]
        holds = bool(narrowed)
        return (not holds, candidates, attack) if condition.negate else (holds, narrowed, attack)
    if kind == "targeted":
        attack = next((a for a in situation.incoming if _matches(condition.attack, a)), None)
        holds = attack is not None
    elif kind in ("engaged", "not-engaged"):
        holds = situation.engaged == (kind == "engaged")
    elif kind == "no-enemy-in-los":
        holds = not any(e.in_los for e in situation.enemies)
    elif kind == "enemies-in-reach":
        holds = sum(1 for e in situation.enemies if e.in_reach) >= (condition.count or 1)
    elif kind == "enemies-in-awareness-over":
        holds = sum(1 for e in situation.enemies if e.in_awareness) > (condition.count or 0)
    elif kind == "enemy-in-awareness-immobilized":
        holds = any(e.in_awareness and e.immobilized for e in situation.enemies)
    elif kind == "activated-in-los-within":
        act = situation.activated
        holds = act is not None and act.in_los and act.distance <= (condition.inches or 0.0) + TOLERANCE
    elif kind == "reach-to-activated":
        act = situation.activated
        holds = act is not None and act.in_los and act.in_reach
    else:
        holds = _incoming(condition, attack)
    return (not holds if condition.negate else holds), candidates, attack


def _pick(card: BehaviourCard, conduct: Conduct, candidates: list[Enemy]) -> Enemy | None:
    if not candidates:
        return None
    if conduct.prefer == "lowest-ag":
        return min(candidates, key=lambda e: (e.ag, e.distance, e.id))
    if card.target_priority == "farthest":
        return max(candidates, key=lambda e: (e.distance, e.id))
    if card.target_priority == "lowest-hp":
        return min(candidates, key=lambda e: (e.hp, e.distance, e.id))
    return min(candidates, key=lambda e: (e.distance, e.id))


def choose(card: BehaviourCard, step: Step, situation: Situation, *,
           rulings: Rulings) -> Choice | None:
    """The first line of ``card``'s ``step`` list whose clauses all hold, with its target; None when none holds
    (the hostile then does not act or react, L1626)."""
    lines = {"movement": card.movement, "action": card.action, "reactive": card.reactive}[step]
    for number, line in enumerate(lines, start=1):
        candidates = list(situation.enemies)
        attack: Incoming | None = None
        ok = True
        for condition in line.when:
            ok, candidates, attack = _holds(condition, situation, candidates, attack, rulings)
            if not ok:
                break
        if not ok:
            continue
        if step == "reactive":
            target = situation.activated.id if situation.activated else (attack.attacker if attack else None)
        elif attack is not None:
            target = attack.attacker
        else:
            chosen = _pick(card, line.do, candidates)
            if chosen is None and line.do.toward in ("nearest-enemy", "closest-model") and situation.enemies:
                chosen = min(situation.enemies, key=lambda e: (e.distance, e.id))
            target = chosen.id if chosen else None
        working = (f"{card.unit}, {step} line {number}: {line.do.act}" + (f" at {target}" if target else "")
                   + f" (target priority: {card.target_priority}; L1616-1630)",)
        return Choice(step, number, line.do, target, working)
    return None
