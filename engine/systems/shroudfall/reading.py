"""What Shroudfall's menus and rule checks read: one state's table measured by the rules (``World``), the data, the
table's rulings, and the questions every menu asks (which units may act, what each may attack, where it may go),
each answered once per question (a ``Reading`` is built per menu or command and caches its answers).

Every generator here is also the check of a typed value: a menu offers exactly what the referee accepts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from engine.core import ModelId, SideId
from engine.systems.shroudfall.catalogue import ShroudfallCatalogue
from engine.systems.shroudfall.plans import reach_of
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rounds import eligible_units
from engine.systems.shroudfall.schema import ATTACK_TYPES, AttackType, Weapon
from engine.systems.shroudfall.state import ShroudfallState, UnitRecord
from engine.systems.shroudfall.targeting import beam_targets, target_refusal, weapon_refusal
from engine.systems.shroudfall.world import World

__all__ = ["Reach", "Reading", "anchors"]


@dataclass(frozen=True, slots=True)
class Reach:
    """An enemy a unit may attack: the attack types that reach it and the nearest gap."""

    enemy: ModelId
    types: tuple[AttackType, ...]
    gap: float
    idle_beam: float = 0.0
    """The length of the beam when a beam aimed at the enemy is all that takes it and hits no enemy model (it passes
    over no model, or only the attacker's friends, whom it targets too: L776, L797, ruling ``template-targets``): an
    aim the book allows (L785-793) that rolls nothing against an enemy, so menus put it last and say so; 0 otherwise."""


class Reading:
    """One state as the declarations read it (built once per question)."""

    def __init__(self, ref: Referee, state: ShroudfallState) -> None:
        self.ref = ref
        self.state = state
        self._reaches: dict[str, list[Reach]] = {}
        self._charges: dict[str, list[Reach]] = {}

    @cached_property
    def world(self) -> World:
        return self.ref.world_of(self.state)

    @property
    def catalogue(self) -> ShroudfallCatalogue:
        return self.ref.catalogue

    # -- units ---------------------------------------------------------------------------------------------

    def eligible(self, side: SideId) -> list[UnitRecord]:
        """The units ``side`` may activate now: its turn in the rounds, nothing activating (L537, L563)."""
        state = self.state
        if state.step != "rounds" or state.turn != side or state.activation is not None:
            return []
        return eligible_units(state, side)

    def activating(self, side: SideId) -> UnitRecord | None:
        """The side's unit activating now, while its activation is open."""
        activation = self.state.activation
        if activation is None or activation.side != side or activation.ended:
            return None
        return self.state.units[activation.unit]

    def actions_left(self, unit: UnitRecord) -> int:
        activation = self.state.activation
        return 2 - len(activation.actions) if activation is not None and activation.unit == unit.id else 2

    def weapons(self, model: ModelId) -> tuple[Weapon, ...]:
        return self.world.card(model).weapons

    # -- attacks -------------------------------------------------------------------------------------------

    def usable(self, model: ModelId, weapon: Weapon) -> bool:
        return weapon_refusal(self.world, model, weapon, (), ()) is None

    def reaches(self, unit: UnitRecord) -> list[Reach]:
        """The enemies some model of ``unit`` may attack now with a profile (in range and sight, L703-742), nearest
        first, with the types of attack that reach each (an idle beam's aims last, where the menus say so)."""
        found = self._reaches.get(unit.id)
        if found is not None:
            return found
        world = self.world
        types: dict[ModelId, set[AttackType]] = {}
        gaps: dict[ModelId, float] = {}
        idle: dict[ModelId, float] = {}
        for model in self.state.alive(unit):
            usable = [w for w in self.weapons(model) if self.usable(model, w)]
            for enemy in world.enemies(model):
                gap = world.gap(model, enemy)
                for weapon in usable:
                    known = weapon.type in types.get(enemy, set())
                    if (known and not idle[enemy]) or not self.takes(model, enemy, weapon, gap):
                        continue  # a type already known to roll against the enemy needs no second profile
                    if self.idle_beam(model, enemy, weapon, gap):
                        idle.setdefault(enemy, weapon.range)
                    else:
                        idle[enemy] = 0.0
                    if not known:
                        types.setdefault(enemy, set()).add(weapon.type)
                        gaps[enemy] = min(gaps.get(enemy, gap), gap)
        found = sorted((Reach(e, tuple(t for t in ATTACK_TYPES if t in kinds), gaps[e], idle[e])
                        for e, kinds in types.items()), key=lambda r: (r.idle_beam > 0, r.gap, r.enemy))
        self._reaches[unit.id] = found
        return found

    def takes(self, model: ModelId, enemy: ModelId, weapon: Weapon, gap: float) -> bool:
        """Whether one profile of ``model`` may attack ``enemy`` now: an area one reaches it unless OBSCURING terrain
        hides it completely (L803); a beam needs sight only (L785); any other range and sight (L729)."""
        if weapon.shape == "area":
            return gap <= weapon.range + 1e-9 and not self.world.obscured(model, enemy)
        if weapon.shape != "beam" and gap > weapon.range + 1e-9:
            return False
        return target_refusal(self.world, model, enemy, weapon) is None

    def idle_beam(self, model: ModelId, enemy: ModelId, weapon: Weapon, gap: float) -> bool:
        """Whether a beam of ``model`` aimed at ``enemy`` hits no enemy model (none, or only friends): it always reaches
        an aim within its length; beyond, what its strip overlaps (``beam_targets`` measures only the bases near it)."""
        if weapon.shape != "beam" or gap <= weapon.range + 1e-9:
            return False
        side = self.state.models[model].side
        return all(self.state.models[m].side == side for m in beam_targets(self.world, model, enemy, weapon))

    def aims(self, model: ModelId, weapon: Weapon) -> list[Reach]:
        """The enemies one profile of ``model`` may be aimed at now (in range and sight, L703-742; a beam at any it
        sees, L785), nearest first, an idle beam's aims last (``Reach.idle_beam``)."""
        world = self.world
        found = []
        for enemy in world.enemies(model):
            gap = world.gap(model, enemy)
            if self.takes(model, enemy, weapon, gap):
                idle = weapon.range if self.idle_beam(model, enemy, weapon, gap) else 0.0
                found.append(Reach(enemy, (weapon.type,), gap, idle))
        return sorted(found, key=lambda r: (r.idle_beam > 0, r.gap, r.enemy))

    def profiles_aimed(self, model: ModelId) -> list[tuple[Weapon, list[Reach]]]:
        """Each profile ``model`` may attack with now and the enemies it may be aimed at (``aims``), for an attack
        of one model with one profile (the Essence Attack, L911-917)."""
        found = []
        for weapon in self.weapons(model):
            aims = self.aims(model, weapon) if self.usable(model, weapon) else []
            if aims:
                found.append((weapon, aims))
        return found

    def useful(self, unit: UnitRecord) -> list[Reach]:
        """The enemies an attack of ``unit`` would roll against: its reaches without the idle beams' aims."""
        return [r for r in self.reaches(unit) if not r.idle_beam]

    def reach_of(self, unit: UnitRecord, enemy: str) -> Reach | None:
        return next((r for r in self.reaches(unit) if r.enemy == enemy), None)

    def charges(self, unit: UnitRecord) -> list[Reach]:
        """The enemies the unit could come to attack with one move first: some model's tool reach plus a profile's
        range covers the gap (sight is judged once it has moved), nearest first."""
        found = self._charges.get(unit.id)
        if found is not None:
            return found
        world = self.world
        if any(world.engaged(m) for m in self.state.alive(unit)):
            self._charges[unit.id] = []
            return []
        kinds: dict[ModelId, set[AttackType]] = {}
        gaps: dict[ModelId, float] = {}
        for model in self.state.alive(unit):
            reach = reach_of(world, model)
            for enemy in world.enemies(model):
                gap = world.gap(model, enemy)
                for weapon in self.weapons(model):
                    if weapon.shape != "area" and gap - reach <= weapon.range:
                        kinds.setdefault(enemy, set()).add(weapon.type)
                        gaps[enemy] = min(gaps.get(enemy, gap), gap)
        found = sorted((Reach(e, tuple(t for t in ATTACK_TYPES if t in k), gaps[e]) for e, k in kinds.items()),
                       key=lambda r: (r.gap, r.enemy))
        self._charges[unit.id] = found
        return found

    def plan_for(self, unit: UnitRecord) -> str:
        """The activation a menu puts first for ``unit``: attack twice when it may attack now, move and attack when a
        move brings an enemy within reach, else advance."""
        if self.useful(unit):
            return "attack"
        if self.charges(unit):
            return "charge"
        return "advance"

    # -- where to go ---------------------------------------------------------------------------------------

    def anchors(self, unit: UnitRecord, limit: int = 6) -> list[tuple[str, str, float]]:
        return anchors(self.world, unit, limit)


def anchors(world: World, unit: UnitRecord, limit: int = 6) -> list[tuple[str, str, float]]:
    """Where a unit may be sent by name: toward the nearest enemies and the scenario elements, and away from the
    nearest enemy; ``(value, label, gap)``, nearest first."""
    state = world.state
    alive = state.alive(unit)
    if not alive:
        return []

    def gap(ident: str) -> float:
        return min(world.gap(m, ident) for m in alive)

    enemies = sorted((m for m, p in state.models.items() if p.side != unit.side), key=lambda e: (gap(e), e))
    found = [(f"toward {e}", f"toward {e} ({state.models[e].name})", gap(e)) for e in enemies[:limit]]
    found += [(f"toward {e.id}", f"toward {e.id} ({e.name})", gap(e.id)) for e in state.elements.values()]
    found.sort(key=lambda f: f[2])
    if enemies:
        found.append((f"away {enemies[0]}", f"away from {enemies[0]}", gap(enemies[0])))
    return found


def labelled(state: ShroudfallState, models: Sequence[ModelId]) -> str:
    return ", ".join(f"{m} {state.models[m].name}" for m in models)
