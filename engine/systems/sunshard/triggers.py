"""What a model being Downed or Killed sets off: the quests that score kills (On The Hunt L897, Chance Encounter
L1004, Blood Meridian L1057) and the deeds met by a kill or a Downed Leader (Glory Kill L1177, Headhunter L1179,
Coordinated Assault L1199, Prey L1221, Pestilence L1255)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Context, ModelId, SideId
from engine.systems.sunshard.scoring import score_deed, score_quest
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import World, world_of

__all__ = ["Killing", "on_downed", "on_killed"]

ATTACKS = ("attack", "charge", "held", "curse", "magika")
"""Actions during which a kill is a Glory Kill: attacks of any kind and magika (L1177; ruling glory-kill-actions)."""

ACTIONS = ("attack", "curse", "magika")
"""The same read strictly: the attack action and the Cast Magika action only (ruling glory-kill-actions)."""


@dataclass(frozen=True, slots=True)
class Killing:
    """What the triggers need to know of a kill, taken before the model left the table."""

    victim: ModelId
    side: SideId
    leader: bool
    points: int
    marked: bool
    on_objective: bool
    credit: SideId | None
    by: ModelId | None = None
    action: str | None = None
    in_party: bool = False
    blight: bool = False


def _by_side(world: World, kill: Killing) -> SideId | None:
    figure = world.state.figures.get(kill.by) if kill.by is not None else None
    return figure.side if figure is not None else None


def on_downed(ctx: Context[SunshardState], model_id: ModelId) -> None:
    """A Leader gaining a Downed token meets its opponent's Headhunter (L1179)."""
    world = world_of(ctx)
    model = world.model(model_id)
    if model.leader:
        score_deed(ctx, world.opponent(model.side), "headhunter", f"{model.id} is Downed")


def on_killed(ctx: Context[SunshardState], kill: Killing) -> None:
    """Quest VP for the kill and the deeds it meets."""
    world = world_of(ctx)
    quest = ctx.state.quest
    scorer = kill.credit
    if scorer is not None and scorer != kill.side:
        if quest == "on-the-hunt":
            score_quest(ctx, scorer, 1 + (4 if kill.leader else 0),
                        f"Killing {kill.victim}{' , the enemy Leader' if kill.leader else ''}")
        elif quest == "chance-encounter":
            score_quest(ctx, scorer, 2, f"Killing {kill.victim}")
        elif quest == "blood-meridian" and ctx.state.round >= 2 and kill.on_objective and (
                world.rulings.blood_meridian_kill == "enemy-any-cause" or _by_side(world, kill) == scorer):
            score_quest(ctx, scorer, 1, f"Killing {kill.victim} at an Objective")
    opponent = world.opponent(kill.side)
    if kill.leader:
        score_deed(ctx, opponent, "headhunter", f"{kill.victim} is Killed")
    if kill.marked and world.rulings.mark_target == "hunters-mark":
        score_deed(ctx, opponent, "prey", f"{kill.victim} had Hunter's Mark")
    if kill.blight:
        score_deed(ctx, opponent, "pestilence", f"{kill.victim} died of its Blight")
    if kill.by is None:
        return
    attacker = world.state.figures.get(kill.by)
    if attacker is None or attacker.side == kill.side:
        return
    glorious = ATTACKS if world.rulings.glory_kill_actions == "every-attack" else ACTIONS
    if kill.action in glorious and kill.points > world.data.card(attacker.card).points:
        score_deed(ctx, attacker.side, "glory-kill", f"{kill.by} killed {kill.victim}")
    attack_action = kill.action == "attack" or (kill.action == "curse"
                                                 and world.rulings.curse_as_attack_action == "yes")
    if attack_action and kill.in_party:
        score_deed(ctx, attacker.side, "coordinated-assault", f"{kill.by} killed {kill.victim} in a party")
