"""The bot's policy for a Shroudfall side (``bot:B``, and both sides of ``bench/shroudfall_fairness.py``), deterministic
(the same table gives the same move) and built only from what the menus offer: each command it makes is a whole
activation entry of ``declared_play`` (Attack twice, Move and attack, Advance, or Activate then End), checked by the
referee before it is played.

The plan, in the order the units are sent (docs/shroudfall.md, "The bot"):

1. a unit with an enemy in reach attacks it twice, an enemy essence weaver first (3 VP, L1248), then the enemy with
   the fewest wounds left, then the nearest;
2. a unit sent for a Crystal Mine its side does not hold (CONTROL within 1", L1223; 1 VP a round, L1297) advances
   toward it: each mine not held gets the nearest free unit that is not the essence weaver;
3. a unit that may move and attack charges, unless it is the essence weaver without a friend within 6" of the target;
4. any other unit advances toward the nearest mine it does not hold, else the nearest enemy;
5. a unit holding a mine (leaving it would lose it) and the essence weaver with nothing safe to do act last: they
   attack when an enemy is in reach, else activate and end, so they stay where they stand.

It spends its essence as ``bot_essence`` says (an ability of the unit activating first, then infusions of its
attacks; the essence re-roll question's first answer); a unit that opens with an ability is activated on its own, then
takes its actions one at a time. Decisions it owes (the set-up's, a re-roll, an ability's choice) are answered with
their defaults, as the simple policy does; a reaction offered, as ``bot_reactions`` says; in the set-up it takes the
first entry of every menu.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import ActionCommand, BotMove, Command, SideId, answer_by_default, simple_move
from engine.core.bots import offer_refused
from engine.systems.shroudfall.bot_combined import combines
from engine.systems.shroudfall.bot_essence import ability_move, attack_essence, opens_with_ability
from engine.systems.shroudfall.bot_reactions import reaction_move
from engine.systems.shroudfall.reading import Reach, Reading
from engine.systems.shroudfall.scoring import CONTROL_RANGE, control_counts
from engine.systems.shroudfall.state import Element, ShroudfallState, UnitRecord

if TYPE_CHECKING:
    from engine.systems.shroudfall.system import Shroudfall

__all__ = ["bot_move"]

@dataclass(frozen=True, slots=True)
class _Plan:
    """One unit's activation as the bot would take it: its rank (lower goes first), the command, and why."""

    rank: tuple[float, ...]
    command: ActionCommand
    why: str


def bot_move(system: Shroudfall, state: ShroudfallState, side: SideId, allowed: Callable[[Command], bool]
             ) -> BotMove | None:
    """What the bot does for ``side`` now; every command is one the menus offer, checked by ``allowed``."""
    reading = system.reading(state)
    owed = next((d for d in reading.state.pending.values() if d.owner == side), None)
    if owed is not None:
        return reaction_move(reading, owed) or answer_by_default(owed)
    if reading.state.step == "rounds" and reading.state.outcome is None:
        for plan in _Turn(system, reading, side).plans():
            if allowed(plan.command):
                return BotMove(plan.command, (plan.why,))
            offer_refused("shroudfall", side, plan.command, "the bot's plan, built from the menus' entries")
    return simple_move(system, reading.state, side, allowed)


def _act(name: str, **values: str) -> ActionCommand:
    return ActionCommand(path=("act",), name=name, values=tuple(values.items()))


class _Turn:
    """One turn of the bot's side: each unit it may activate, planned, best first."""

    def __init__(self, system: Shroudfall, reading: Reading, side: SideId) -> None:
        self.system, self.reading, self.side = system, reading, side
        self.state = reading.state
        self.world = reading.world
        self.mines = [e for e in self.state.elements.values()
                      if "CONTROL" in e.keywords and e.scenario in self.state.scenarios]
        self._counts = {m.id: control_counts(self.world, m) for m in self.mines}

    def plans(self) -> list[_Plan]:
        acting = self.reading.activating(self.side)
        if acting is not None:
            return self._going_on(acting)
        units = [u for u in self.reading.eligible(self.side) if "stunned" not in u.conditions]
        sent = self._sent(units)
        found = [self._plan(u, sent.get(u.id)) for u in units]
        return sorted((p for p in found if p is not None), key=lambda p: p.rank)

    def _going_on(self, unit: UnitRecord) -> list[_Plan]:
        """The next step of a unit activated one action at a time: an ability its essence pays for, then attack what it
        reaches, else end where it stands when it holds a mine (or is the essence weaver), else move toward its goal."""
        spend = ability_move(self.reading, self.side, unit)
        if spend is not None:
            return [_Plan((0,), *spend)]
        if self.reading.actions_left(unit) == 0:
            return [_Plan((0,), _act("end", model=unit.id), f"{unit.id} has taken its actions")]
        goal = self._goal(unit)
        move = _Plan((0,), _act("move", model=unit.id, to=f"toward {goal}"), f"{unit.id} moves toward {goal}")
        locked = any(self.world.engaged(m) for m in self.state.alive(unit))
        if goal in self.state.elements and not locked and not self._stays(unit):
            return [move]
        reaches = self.reading.useful(unit)
        if reaches:
            target = self._best(reaches)
            return [_Plan((0,), self._attack("attack", unit, target), f"{unit.id} attacks {target.enemy}")]
        if self._stays(unit) or goal is None or locked:
            return [_Plan((0,), _act("end", model=unit.id), f"{unit.id} holds where it stands")]
        return [move]

    # -- the mines -------------------------------------------------------------------------------------------

    def _near(self, unit: UnitRecord, element: Element) -> bool:
        return any(self.world.gap(m, element.id) <= CONTROL_RANGE for m in self.state.alive(unit))

    def _held(self, element: Element) -> bool:
        counts = self._counts[element.id]
        return counts[self.side] > max(n for s, n in counts.items() if s != self.side)

    def _holds(self, unit: UnitRecord) -> bool:
        """Whether ``unit`` stands on a mine its side would stop holding if it left."""
        for mine in self.mines:
            here = sum(1 for m in self.state.alive(unit) if self.world.gap(m, mine.id) <= CONTROL_RANGE)
            if not here:
                continue
            counts = self._counts[mine.id]
            others = max(n for s, n in counts.items() if s != self.side)
            if counts[self.side] - here <= others:
                return True
        return False

    def _weaver(self, unit: UnitRecord) -> bool:
        return self.reading.catalogue.card(unit.card).essence_weaver

    def _sent(self, units: list[UnitRecord]) -> dict[str, Element]:
        """Each mine not held, with the nearest free unit (not the weaver, not holding another mine) sent to it."""
        free = [u for u in units if not self._weaver(u) and not self._holds(u)]
        sent: dict[str, Element] = {}
        for mine in sorted(self.mines, key=lambda e: e.id):
            if self._held(mine) or self._covered(mine):
                continue
            choices = [u for u in free if u.id not in sent and not self.reading.useful(u)]
            if choices:
                unit = min(choices, key=lambda u: (self._gap(u, mine.id), u.id))
                sent[unit.id] = mine
        return sent

    def _covered(self, mine: Element) -> bool:
        """Whether a unit that has activated this round is already the side's nearest to ``mine`` (sent there on an
        earlier turn, or fighting beside it)."""
        units = [u for u in self.state.units_of(self.side) if self.state.alive(u) and not self._weaver(u)]
        nearest = min(units, key=lambda u: (self._gap(u, mine.id), u.id), default=None)
        return nearest is not None and nearest.activated

    def _gap(self, unit: UnitRecord, ident: str) -> float:
        return min((self.world.gap(m, ident) for m in self.state.alive(unit)), default=math.inf)

    # -- one unit --------------------------------------------------------------------------------------------

    def _stays(self, unit: UnitRecord) -> bool:
        return self._holds(unit) or self._weaver(unit)

    def _best(self, reaches: list[Reach]) -> Reach:
        def key(r: Reach) -> tuple[int, int, float, str]:
            target = self.world.unit(r.enemy)
            weaver = self.reading.catalogue.card(target.card).essence_weaver
            placed = self.state.models[r.enemy]
            left = placed.wounds_left
            return (0 if weaver else 1, left, r.gap, r.enemy)
        return min(reaches, key=key)

    def _plan(self, unit: UnitRecord, mine: Element | None) -> _Plan | None:
        weaver = self._weaver(unit)
        late = 3.0 if weaver else 4.0
        reaches = self.reading.useful(unit)
        if reaches:
            target = self._best(reaches)
            rank = (late if self._holds(unit) else 0.0, target.gap, 0.0)
            if opens_with_ability(self.reading, self.side, unit):
                return _Plan(rank, _act("activate", model=unit.id), f"{unit.id} activates to use an ability first")
            return _Plan(rank, self._attack("attack-twice", unit, target), f"{unit.id} attacks {target.enemy} twice")
        if self._holds(unit) or weaver:
            return _Plan((late, 0.0, 0.0), _act("activate", model=unit.id),
                         f"{unit.id} holds where it stands" + (" (the essence weaver stays back)" if weaver else ""))
        if mine is not None:
            return _Plan((1.0, self._gap(unit, mine.id), 0.0), self._advance(unit, mine.id),
                         f"{unit.id} goes for {mine.id}, a Crystal Mine its side does not hold (L1223, L1297)")
        charges = self.reading.charges(unit)
        if charges:
            target = self._best(charges)
            return _Plan((2.0, target.gap, 0.0), self._attack("charge", unit, target, moving=True),
                         f"{unit.id} moves toward {target.enemy} and attacks it")
        goal = self._goal(unit)
        if goal is None:
            return None
        return _Plan((2.5, self._gap(unit, goal), 0.0), self._advance(unit, goal), f"{unit.id} advances toward {goal}")

    def _attack(self, name: str, unit: UnitRecord, target: Reach, *, moving: bool = False) -> ActionCommand:
        """An attack order as its menu builds it: the target, and the type of profiles where the menu asks it (more
        than one type reaches: the first, which the check takes by default)."""
        kind = {"with": target.types[0]} if len(target.types) > 1 else {}
        return _act(name, model=unit.id, target=self._target(unit, target, moving=moving), **kind)

    def _target(self, unit: UnitRecord, reach: Reach, *, moving: bool = False) -> str:
        """The target entry with the essence the attack spends (``bot_essence``), or a Combined attack where it does
        more harm than the models one by one (``bot_combined``; judged from where they stand, so never on a charge)."""
        if not moving and reach.types and combines(self.world, unit, reach.types[0], reach.enemy):
            return f"{reach.enemy}+combined"
        return reach.enemy + attack_essence(self.reading, self.side, unit, reach.enemy)

    def _advance(self, unit: UnitRecord, goal: str) -> ActionCommand:
        """Two moves toward ``goal``: the Advance entry where the menu offers it (nothing to charge), else Activate,
        then one move at a time (``_going_on``)."""
        if self.reading.plan_for(unit) == "advance":
            return _act("advance", model=unit.id, to=f"toward {goal}")
        return _act("activate", model=unit.id)

    def _goal(self, unit: UnitRecord) -> str | None:
        """The nearest mine its side does not hold, else the nearest enemy."""
        open_mines = [m.id for m in self.mines if not self._held(m)]
        if open_mines:
            return min(open_mines, key=lambda e: (self._gap(unit, e), e))
        enemies = [m for u in self.state.units_of(self.state.opponent(self.side)) for m in self.state.alive(u)]
        return min(enemies, key=lambda e: (self._gap(unit, e), e)) if enemies else None
