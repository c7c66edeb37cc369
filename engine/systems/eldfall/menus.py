"""What a side may do now, as ready-made menu entries (``/act`` with no action, the bot's fallback): its party,
its deployment, an activation for each model with AP, the activated model's allowed actions, the end of its
Tactical phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import LegalAction, SideId
from engine.systems.eldfall.declare import allowed_now
from engine.systems.eldfall.deploying import deploying_now
from engine.systems.eldfall.setting_up import DEPLOY, PARTIES
from engine.systems.eldfall.starting_creatures import owes_starting
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.trading import trade_partners

if TYPE_CHECKING:
    from engine.systems.eldfall.system import Eldfall

__all__ = ["legal_actions"]


def legal_actions(system: Eldfall, state: EldfallState, side: SideId) -> tuple[LegalAction, ...]:
    """The actions ``side`` may take now, in a stable order."""
    if state.finished is not None or side not in state.sides:
        return ()
    if state.phase == PARTIES:
        if side in state.players() and state.record(side).party is None:
            return (LegalAction(("force", "load"), "Choose your party"),)
        return ()
    if state.phase == DEPLOY:
        if side in state.players() and not state.record(side).ready and not owes_starting(state, side) and \
                deploying_now(system.kit, state) in (None, side):
            ready = LegalAction(("act",), "Finish deploying", name="ready")
            return (ready,) if state.one_at_a_time else (ready, LegalAction(("deploy", "auto"),
                                                                            "Spread my models over my zone"))
        return ()
    if state.phase != "tactical" or state.active_side != side:
        return ()
    world = system.kit.world(state)
    sequence = state.sequence
    if sequence is None:
        found: list[LegalAction] = []
        for f in world.fighters(side, standing=True):
            if f.figure.ap < 1 or (state.duel is not None and f.id not in state.duel):
                continue
            found.append(LegalAction(("move",), f"Move {f.id} {f.name}", options={"model": f.id}))
            found.append(LegalAction(("act",), f"{f.id} stays Idle", name="activate",
                                     options={"model": f.id, "choice": "idle"}))
        found.append(LegalAction(("act",), "End my Tactical phase", name="end"))
        if side in state.allied_sides():
            found.append(LegalAction(("act",), "Break the Alliance of Necessity (-3 VP)", name="break-alliance"))
        if any(f.side == side and f.summoner is not None and m in state.models for m, f in state.figures.items()):
            found.append(LegalAction(("act",), "Dismiss a summoned creature at your next Strategic phase (L992)",
                                     name="dismiss"))
        return tuple(found)
    if sequence.step != "action":
        return ()
    active = world.fighter(sequence.model)
    allowed = allowed_now(world, active)
    found = []
    if active.id not in sequence.equipped and sequence.action is None:
        found.append(LegalAction(("act",), f"{active.id} changes its equipment", name="equip"))
    if "attack" in allowed and world.enemies(active):
        found.append(LegalAction(("act",), f"{active.id} attacks", name="attack"))
        if any(m.spell is not None for m in active.spell_means()):
            found.append(LegalAction(("act",), f"{active.id} casts a spell", name="cast"))
    if "assist" in allowed and active.spells:
        found.append(LegalAction(("act",), f"{active.id} casts on an ally", name="assist"))
    if "ritual" in allowed and any(s.spell_type == "Conjuration" for s in active.spells):
        found.append(LegalAction(("act",), f"{active.id} performs a Ritual", name="ritual"))
    if "dodge" in allowed:
        found.append(LegalAction(("act",), f"{active.id} dodges", name="dodge"))
    if "nothing" in allowed:
        found.append(LegalAction(("act",), f"{active.id} does nothing", name="nothing"))
    if "trade" in allowed and any(active.tradeable or o.tradeable for o in trade_partners(world, active)):
        found.append(LegalAction(("act",), f"{active.id} trades items with an ally in base contact", name="trade"))
    return tuple(found)
