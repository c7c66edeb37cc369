"""Nursing Aura, the Helian Leader's stratagem: up to five models regain 1 HP each, an Incapacitated one only if the
Leader passes an INT roll (Eldfall core rules v1.5, L364; five in v1.5, three in the current cards: ruling
``profile-data``).

The player selects the models. When no more are hurt than the aura reaches there is nothing to choose and every one
is tended at once; otherwise the player picks them in the Strategic-phase decision (``strategic_choices``), one
part per model the aura reaches, the most hurt offered first.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Context, DecisionPart, InvalidCommand, ModelId, Option, SideId
from engine.systems.eldfall.checks import attribute_check
from engine.systems.eldfall.effects import heal
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.world import World

__all__ = ["AURA", "NURSING_AURA", "aura_parts", "nurse_chosen", "tend_all"]

Ctx = Context[EldfallState]
NURSING_AURA = "nursing-aura"
AURA = "nursing-aura."
"""The prefix of the decision's parts: ``nursing-aura.1`` to ``nursing-aura.5``."""
NOBODY = "none"


def _reach(kit: Kit) -> int:
    return kit.catalogue.stratagem(NURSING_AURA).chosen or 5


def _patients(world: World, side: SideId) -> list[Fighter]:
    """The side's hurt models, not Dead, the most hurt first."""
    return sorted((f for f in world.fighters(side) if not f.dead and f.model.wounds_taken > 0),
                  key=lambda f: (-f.model.wounds_taken, f.id))


def _leader(world: World, side: SideId) -> Fighter:
    return next(f for f in world.fighters(side) if f.figure.leader)


def _tend(ctx: Ctx, leader: Fighter, f: Fighter) -> None:
    if f.is_("incapacitated") and not attribute_check(ctx, leader, "INT", f"Nursing Aura on {f.id} (L364)").passed:
        return
    heal(ctx, f.id, 1)


def tend_all(ctx: Ctx, kit: Kit, side: SideId) -> None:
    """Tend every hurt model when the aura reaches them all; else leave the choice to the Strategic decision."""
    world = kit.world(ctx.state)
    patients = _patients(world, side)
    if len(patients) <= _reach(kit):
        leader = _leader(world, side)
        for f in patients:
            _tend(ctx, leader, f)


def aura_parts(kit: Kit, state: EldfallState, side: SideId, *, chosen_now: bool = False) -> list[DecisionPart]:
    """The parts asking which models the aura tends, when the side used it this phase (or, ``chosen_now``, may
    choose it in this decision: then they are asked only if it does) and more are hurt than it reaches (nothing
    to ask otherwise)."""
    if chosen_now and kit.catalogue.stratagem(NURSING_AURA).name not in _leader(kit.world(state), side).card.stratagems:
        return []
    if not chosen_now and state.record(side).active_stratagem != NURSING_AURA:
        return []
    patients, reach = _patients(kit.world(state), side), _reach(kit)
    if len(patients) <= reach:
        return []
    options = (Option(key=NOBODY, label="Nobody"),
               *(Option(key=f.id, label=f"{f.id} {f.name}, {f.hp}/{f.model.wounds} HP"
                                        f"{' (Incapacitated: the Leader rolls INT)' if f.is_('incapacitated') else ''}")
                 for f in patients))
    when = ("stratagem", (NURSING_AURA,)) if chosen_now else None
    return [DecisionPart(key=f"{AURA}{n}", prompt=f"Nursing Aura: model {n} of up to {reach} to regain 1 HP (L364)",
                         options=options, default=patients[n - 1].id, asked_when=when) for n in range(1, reach + 1)]


def nurse_chosen(ctx: Ctx, kit: Kit, side: SideId, answers: Mapping[str, str]) -> None:
    """Tend the models picked in the aura's parts. :raises InvalidCommand: for a model picked twice."""
    picked = [ModelId(v) for k, v in sorted(answers.items()) if k.startswith(AURA) and v != NOBODY]
    twice = sorted({m for m in picked if picked.count(m) > 1})
    if twice:
        raise InvalidCommand(f"Nursing Aura tends each model once; {', '.join(twice)} is picked twice (L364)",
                             verb="decide")
    world = kit.world(ctx.state)
    leader = _leader(world, side)
    for model in picked:
        _tend(ctx, leader, world.fighter(model))
