"""Casting blessings (Sunshard:Embren core rules v1.0, L652-680): a Cast Magika action (ruling cast-magika-cost), then
an RSL test with perfect and botched casting (L668-672, L676-680); on success the blessing's effect lands on the
caster or a model of its warband within the spell's range. Curses are attacks with their own weapon profile
(:func:`engine.systems.sunshard.attack_plan.check_attack` with ``kind`` curse, L674); boons are never cast (L666).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pydantic import JsonValue

from engine.core import Choice, Context, InvalidCommand, ModelId, SideId
from engine.geometry import TOLERANCE
from engine.systems.sunshard.ap import spend_ap
from engine.systems.sunshard.d20 import roll_test
from engine.systems.sunshard.engagement import gap
from engine.systems.sunshard.harm import Cause, gain, heal, lose
from engine.systems.sunshard.quest_actions import rsl_goal
from engine.systems.sunshard.resume import continues, plan_of, plan_resume
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import RULE, World, refuse, world_of

__all__ = ["Casting", "apply_cast", "blessing_values", "cast_cost", "check_cast"]


@dataclass(frozen=True, slots=True)
class Casting:
    """A legal blessing: the caster, the spell, the model it blesses, its AP."""

    caster: ModelId
    side: SideId
    spell: str
    target: ModelId
    ap: int


def cast_cost(world: World) -> int:
    """AP of the Cast Magika action (ruling cast-magika-cost)."""
    return 1 if world.rulings.cast_magika_cost == "one" else 2


def blessing_values(world: World, side: SideId, filled: Mapping[str, str]) -> list[Choice]:
    """The blessings the caster knows."""
    caster = world.model(filled.get("model", ""))
    return [Choice(s.id, s.name) for s in caster.spells if s.type == "blessing"]


def check_cast(world: World, side: SideId, filled: Mapping[str, str]) -> Casting:
    """The one rule check of casting a blessing: ``model``, ``spell`` and ``target`` (the caster by default)."""
    caster = world.model(filled.get("model", ""))
    activation = world.state.activation
    if caster.side != side or activation is None or activation.model != caster.id:
        raise refuse(f"{caster.id} is not activating", "L379")
    spell = next((s for s in caster.spells if s.id == filled.get("spell") or s.name == filled.get("spell")), None)
    if spell is None:
        known = ", ".join(s.name for s in caster.spells) or "none"
        raise refuse(f"{caster.id} does not know {filled.get('spell')!r} (it knows {known})", "L654-660")
    if spell.type != "blessing":
        raise refuse(f"{spell.name} is a {spell.type}: {'attack with it' if spell.type == 'curse' else 'never cast'}",
                     "L666, L674")
    cost = cast_cost(world)
    if activation.ap < cost:
        raise refuse(f"casting costs {cost} AP and {caster.id} has {activation.ap}", "L383")
    target = world.model(filled.get("target") or caster.id)
    if target.side != caster.side or target.figure.warband != caster.figure.warband or not target.on_table:
        raise refuse(f"a blessing goes on the caster or a model of its warband, not {target.id}", "L668")
    if target.id != caster.id and gap(caster, target) > spell.range + TOLERANCE:
        raise refuse(f"{target.id} is beyond {spell.name}'s {spell.range}\"", "L668")
    if spell.effect == "rally" and not target.conditions:
        raise InvalidCommand(f"{target.id} has no condition for {spell.name} to take off")
    return Casting(caster.id, side, spell.id, target.id, cost)


def apply_cast(ctx: Context[SunshardState], plan: Casting) -> None:
    """Spend the AP, make the RSL test (perfect and botched casting), and on success the blessing's effect (after
    a Burning test's re-roll when one is asked)."""
    if spend_ap(ctx, plan.caster, plan.ap, f"casting {plan.spell}", then=lambda: plan_resume("paid-cast", plan)):
        _carry_out(ctx, plan)


@continues("paid-cast")
def _paid_cast(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    _carry_out(ctx, plan_of(resume, Casting))


def _carry_out(ctx: Context[SunshardState], plan: Casting) -> None:
    world = world_of(ctx)
    caster = world.model(plan.caster)
    if not caster.on_table or caster.downed:
        return
    spell = world.data.spells[plan.spell]
    result = roll_test(ctx, caster.id, caster.side, "casting", rsl_goal(world, caster, []),
                       f"{caster.id} casts {spell.name}")
    if not result.passed:
        return
    why = f"{spell.name} ({RULE}, L672)"
    if spell.effect == "heal-1":
        heal(ctx, plan.target, 1, why=why)
    elif spell.effect == "rally":
        lose(ctx, plan.target, world.model(plan.target).conditions[0], why=why)
    elif spell.effect == "on-guard":
        gain(ctx, plan.target, "On Guard", cause=Cause(why))
