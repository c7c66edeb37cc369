"""A Shroudfall roll's re-roll window (Shroudfall beta rulebook v1.4, L809-813, L933-937, L1563-1571): the active
player's essence re-roll of the whole roll first (one crystal of any colour, once per roll, exempt from the per-die
limit), then the active player's other re-rolls, then the defending player's; each die re-rolled at most once by each
player. Then Hard to Hit drops the highest die (ruling ``hard-to-hit``: after every re-roll, before modifiers).

The sources of re-rolls on an attack are found here (Accurate Strike/Shot, Hexed, Vulnerable Position for the
attacker; Elusive, Hard to see, Shocked, Fortified Position for the defender); who picks which dice is the players'
choice, asked as a decision for each source in turn (``rolling``; the bot answers with the first choice offered).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.core import ModelId, SideId
from engine.dice import RerollOrder, RerollStep, RolledPool
from engine.systems.shroudfall.attack import drop_highest
from engine.systems.shroudfall.schema import Weapon
from engine.systems.shroudfall.world import World, level_of

__all__ = [
    "ATTACKER",
    "DEFENDER",
    "ESSENCE",
    "Allowance",
    "Stage",
    "attacker_allowances",
    "could_change",
    "default_pick",
    "defender_allowances",
    "eligible",
    "picked",
    "reroll_options",
    "reroll_order",
    "settled_values",
    "stages",
]

ESSENCE, ATTACKER, DEFENDER = "essence", "attacker", "defender"


def reroll_order(active: SideId, inactive: SideId) -> RerollOrder:
    """The window's steps in the book's order (L1565-1570), a die once per player (L813)."""
    return RerollOrder((
        RerollStep(ESSENCE, active, whole=True, counted=False, once=True, rule="L935, L1565"),
        RerollStep(ATTACKER, active, rule="L813, L1566"),
        RerollStep(DEFENDER, inactive, rule="L813, L1570"),
    ), scope="player", limit_rule="L813")


@dataclass(frozen=True, slots=True)
class Allowance:
    """One source of re-rolls: how many dice, whether only blanks, and whether exactly that many dice must be re-rolled
    (Elusive's, L1331) rather than up to that many."""

    source: str
    count: int
    rule: str
    blanks_only: bool = False
    forced: bool = False


def attacker_allowances(world: World, attacker: ModelId, target: ModelId, weapon: Weapon,
                        roll: str) -> list[Allowance]:
    """The attacker's re-rolls of a hit or damage roll: Accurate Strike (X) on melee hit rolls and Accurate Shot (X) on
    ranged or arcane ones, blanks only (L1313-1315); one die against a Hexed target (L1405); up to X damage dice
    against a model benefiting from Vulnerable Position (X) (L1467)."""
    found = []
    if roll == "hit":
        name = "Accurate Strike" if weapon.type == "melee" else "Accurate Shot"
        level = world.level(attacker, name)
        if level:
            found.append(Allowance(f"{name} ({level})", level, "L1313" if weapon.type == "melee" else "L1315", True))
    if "hexed" in world.unit(target).conditions:
        found.append(Allowance("target Hexed", 1, "L1405"))
    if roll == "damage":
        keywords = world.benefits(attacker, target, weapon.type, beam=weapon.shape == "beam").keywords
        level = level_of(keywords, "Vulnerable Position")
        if level:
            found.append(Allowance(f"Vulnerable Position ({level})", level, "L1467"))
    return found


def defender_allowances(world: World, attacker: ModelId, target: ModelId, weapon: Weapon,
                        roll: str) -> list[Allowance]:
    """The defender's forced re-rolls: Elusive (X) on hit rolls, Hard to see giving Elusive (1), which does not add to
    an Elusive (1) the model has (L1331, L1445, L286-290; ruling ``elusive-reroll``: the defender's re-roll), one die
    of a Shocked attacker's hit or damage roll (L1417), up to X damage dice with Fortified Position (X) (L1443)."""
    found = []
    benefit = world.benefits(attacker, target, weapon.type, beam=weapon.shape == "beam")
    if roll == "hit":
        texts = list(world.passives(target)) + (["Elusive (1)"] if level_of(benefit.keywords, "Hard to see")
                                                 is not None else [])
        level = level_of(texts, "Elusive")
        if level:
            found.append(Allowance(f"Elusive ({level})", level, "L1331", forced=True))
    if "shocked" in world.unit(attacker).conditions:
        found.append(Allowance("attacker Shocked", 1, "L1417"))
    if roll == "damage":
        level = level_of(benefit.keywords, "Fortified Position")
        if level:
            found.append(Allowance(f"Fortified Position ({level})", level, "L1443"))
    return found


Stage = tuple[str, Allowance]
"""One question of the window after the essence re-roll: the step (the attacker's or the defender's) and its source."""


def stages(attacker: Sequence[Allowance], defender: Sequence[Allowance]) -> list[Stage]:
    """The window's questions in the book's order: every attacker's source, then every defender's (L1566-1570)."""
    return [*((ATTACKER, a) for a in attacker), *((DEFENDER, d) for d in defender)]


def eligible(order: RerollOrder, pool: RolledPool, step: str, allowance: Allowance) -> tuple[int, ...]:
    """The dice ``allowance`` may take now: not yet re-rolled by its player (L813), blanks only for Accurate."""
    allowed = order.allowed(pool, step)
    if allowance.blanks_only:
        allowed = tuple(p for p in allowed if pool.rolls[p].value == 0)
    return allowed


def _highest(positions: Sequence[int], pool: RolledPool, count: int) -> list[int]:
    """The ``count`` highest dice among ``positions`` (the first of equals): the dice a forced re-roll takes when its
    chooser names too few (ruling ``elusive-count``)."""
    return sorted(positions, key=lambda p: (-pool.rolls[p].value, p))[:max(0, count)]


def picked(pool: RolledPool, allowance: Allowance, allowed: Sequence[int], named: Sequence[int]) -> list[int]:
    """The dice a choice re-rolls: those named that the allowance may take, at most its count (in the order named);
    a forced allowance naming too few takes its highest other dice as well (L1331; ruling ``elusive-count``)."""
    chosen = [p for p in dict.fromkeys(named) if p in allowed][:allowance.count]
    if allowance.forced:
        chosen += _highest([p for p in allowed if p not in chosen], pool, allowance.count - len(chosen))
    return chosen


def default_pick(pool: RolledPool, step: str, allowance: Allowance, allowed: Sequence[int]) -> list[int]:
    """The choice a menu offers first (and the bot takes): the attacker re-rolls its blanks, the defender the
    highest dice."""
    if step == ATTACKER:
        return [p for p in allowed if pool.rolls[p].value == 0][:allowance.count]
    return _highest(allowed, pool, allowance.count)


def _dice(pool: RolledPool, positions: Sequence[int]) -> str:
    return ", ".join(f"{p + 1} ({pool.rolls[p].die.removeprefix('essence-')} {pool.rolls[p].label})"
                     for p in positions)


def reroll_options(pool: RolledPool, step: str, allowance: Allowance,
                   allowed: Sequence[int]) -> list[tuple[tuple[int, ...], str]]:
    """The choices of one source, the sensible one first, each once: the attacker's blanks or the defender's highest
    dice, each die alone, and keeping the roll (not for a forced re-roll, L1331); ``(dice, label)``."""
    first = tuple(default_pick(pool, step, allowance, allowed))
    found: list[tuple[tuple[int, ...], str]] = []
    which = "the blanks" if step == ATTACKER else "the highest"
    if first:
        found.append((first, f"re-roll {which}: die {_dice(pool, first)}"))
    for position in allowed:
        if allowance.count >= 1 and (position,) != first:
            found.append(((position,), f"re-roll die {_dice(pool, (position,))}"))
    if not allowance.forced:
        keep = ((), "keep the roll")
        found.insert(1 if first else 0, keep)
    return found


def could_change(pool: RolledPool, options: Sequence[tuple[tuple[int, ...], str]],
                 judge: Callable[[tuple[int, ...]], object]) -> bool:
    """Whether some choice could change the roll's result (``judge`` of the dice's values: hit, critical or miss; the
    damage dealt): each die re-rolled may land on its lowest or its highest face, and the result only grows with the
    dice, so those two ends bound it."""
    now = judge(pool.values)
    for positions, _ in options:
        for end in (min, max):
            values = list(pool.values)
            for p in positions:
                values[p] = end(face.value for face in pool.dice[p].faces)
            if judge(tuple(values)) != now:
                return True
    return False


def settled_values(pool: RolledPool, *, hard_to_hit: bool) -> tuple[int, ...]:
    """The dice that count once the window closed: Hard to Hit drops the highest (L1343)."""
    return drop_highest(pool.values) if hard_to_hit else pool.values
