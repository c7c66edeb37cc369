"""The questions of a Shroudfall attack order (Shroudfall beta rulebook v1.4, L545, L725-742, L929-931, L1323-1327):
which unit, at which enemy (``target_choices``: nearest first, with the chance of a hit and what a beam hits; then the
same enemies with essence spent, ``B2+yellow``), and with which type of profiles when more than one reaches it; typed
only, ``choice:each`` lets each model after the first declare its own target as its turn comes (L725-729). The order
they make is what ``declared_play``'s Attack, Attack twice and Move and attack carry out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core import Ask, Choice, IllegalCommand, Param, RulesError, SideId
from engine.core.params import FreeForm, Order
from engine.systems.shroudfall.plans import CLOSE
from engine.systems.shroudfall.reading import Reach, Reading
from engine.systems.shroudfall.schema import AttackType
from engine.systems.shroudfall.state import UnitRecord
from engine.systems.shroudfall.target_choices import target_choices
from engine.systems.shroudfall.targeting import target_refusal

__all__ = ["EACH", "AttackOrder", "attack_order", "attack_params"]

EACH = "each"
"""The typed ``choice:`` of an attack order whose models after the first each declare their own target (L729)."""

Values = Callable[[Reading, Ask], list[Choice]]
Refused = Callable[[Reading, Ask, str], RulesError | None]


@dataclass(frozen=True, slots=True)
class AttackOrder:
    """An attack as a player ordered it: the unit, the target, the type of profiles, the essence to spend."""

    side: SideId
    unit: str
    target: str
    kind: AttackType
    essence: str
    reach: float = 0.0
    each: bool = False
    """Whether each model after the first declares its own target as its turn comes (L725-729), not the named one."""


def _unit(world: Reading, ask: Ask) -> UnitRecord:
    return world.state.units[ask.text("model")]


def _reaches(world: Reading, ask: Ask, source: str) -> list[Reach]:
    unit = _unit(world, ask)
    return world.charges(unit) if source == "charge" else world.reaches(unit)


def _split(target: str) -> tuple[str, str]:
    enemy, _, essence = target.partition("+")
    return enemy, essence


def _types_for(reaches: list[Reach], target: str) -> tuple[AttackType, ...]:
    enemy, _ = _split(target)
    return next((r.types for r in reaches if r.enemy == enemy), ())


def _targets(source: str) -> Values:
    def values(world: Reading, ask: Ask) -> list[Choice]:
        return target_choices(world, ask.acting, _unit(world, ask), _reaches(world, ask, source),
                              here=source != "charge")
    return values


def _target_refused(world: Reading, ask: Ask, typed: str) -> RulesError | None:
    """Why an enemy typed as a target is refused, by the rule that keeps the unit's profiles from it: a profile in range
    that still cannot take it first (no line of sight, L681-688; Stealth, L1373; in melee, L716), else the longest
    range (L729)."""
    enemy, _ = _split(typed)
    unit = world.state.units.get(ask.text("model"))
    if unit is None or enemy not in world.state.models:
        return None
    found = [(w.range, why) for m in world.state.alive(unit) for w in world.weapons(m)
             if (why := target_refusal(world.world, m, enemy, w))]
    if not found:
        return None
    beyond = [why for _, why in sorted(found, reverse=True) if "(L729)" in why]
    other = [why for _, why in found if "(L729)" not in why]
    return IllegalCommand((other or beyond)[0])


def _kinds(source: str) -> Values:
    def values(world: Reading, ask: Ask) -> list[Choice]:
        return [Choice(t, f"{t} profiles") for t in _types_for(_reaches(world, ask, source), ask.text("target"))]
    return values


def _kind_asked(source: str) -> Callable[[Reading, Ask], bool]:
    def asked(world: Reading, ask: Ask) -> bool:
        return len(_types_for(_reaches(world, ask, source), ask.text("target"))) > 1
    return asked


def attack_order(source: str) -> Callable[[Reading, Ask], AttackOrder]:
    """The check of an attack order: the type of profiles named (or the first that reaches) and how near the unit
    must come to shoot (a move and attack stops just inside its shortest range of that type)."""
    def check(world: Reading, ask: Ask) -> AttackOrder:
        unit = _unit(world, ask)
        types = _types_for(_reaches(world, ask, source), ask.text("target"))
        kind = ask.text("with") if ask.has("with") else types[0]
        enemy, essence = _split(ask.text("target"))
        ranges = [w.range for m in world.state.alive(unit) for w in world.weapons(m) if w.type == kind]
        stop = max(CLOSE, min(ranges, default=CLOSE) - 0.3) if kind != "melee" else CLOSE
        each = ask.has("choice") and ask.text("choice").strip().casefold() == EACH
        if each and (why := _each_refusal(world, unit, essence)):
            raise IllegalCommand(why, verb=ask.verb)
        return AttackOrder(ask.acting, unit.id, enemy, kind, essence, stop, each)  # type: ignore[arg-type]
    return check


def _each_refusal(world: Reading, unit: UnitRecord, essence: str) -> str | None:
    """Why ``choice:each`` cannot stand: a Combined Shot or Strike is one model's attack (L1323-1327); a unit of one
    model has no other model to declare a target."""
    if "combined" in essence.split("+"):
        return (f"choice:each: {unit.id} makes a Combined Shot or Strike, one model's attack at the named target "
                "(L1323-1327); leave choice out, or choose the target without combining")
    if len(world.state.alive(unit)) < 2:
        return f"choice:each: {unit.id} has one model left, which attacks the named target; leave choice out"
    return None


def _each_typed(world: Reading, ask: Ask, typed: str) -> str | None:
    return None if typed.strip().casefold() == EACH else \
        f"choice: takes each (each model after the first declares its own target, L729), not {typed[:40]!r}"


def attack_params(units: Values, source: str, refused: Refused | None) -> tuple[Param[Reading], ...]:
    """An attack order's questions for ``source`` (``attack``: from where the unit stands; ``charge``: after a move)."""
    return (Param("model", "Which unit?", values=units, noun="units", refused=refused),
            Param("target", "At which enemy?", values=_targets(source), order=Order.GIVEN, noun="targets",
                  refused=_target_refused if source == "attack" else None),
            Param("with", "With which profiles?", values=_kinds(source), asked_when=_kind_asked(source), noun="types"),
            Param("choice", "Does each model after the first declare its own target?", accepts=_each_typed,
                  optional=True, free_form=FreeForm.TEXT, noun="answers"))
