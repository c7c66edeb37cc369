"""The set-up carried on after each of its steps (Shroudfall beta rulebook v1.4, L1084-1154, L1473-1485): the armies
shown, the roll-off and its winner's choice, the scenarios, whose turn it is to set terrain or deploy, the leadership
abilities, and the standing orders that set a side's pieces and units where the table suggests on its turns.

The rule checks and the events are the handlers' of :mod:`engine.systems.shroudfall.setting_up`; this module only says
what comes next and asks the player it is for.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Context, Decision, DecisionPart, Option, SideId
from engine.systems.shroudfall.events import StepReached
from engine.systems.shroudfall.events_flow import RollOffWon, SetupTurn
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.setting_up import (
    deploy,
    field_armies,
    next_terrain,
    place_terrain,
    roll_for_setup,
    skip_terrain,
    terrain_spot,
)
from engine.systems.shroudfall.setup import deployment_turn, leadership_options, terrain_order
from engine.systems.shroudfall.state import ShroudfallState
from engine.systems.shroudfall.suggest import deployment_spots, formation

__all__ = [
    "LEADERSHIP",
    "SETUP",
    "TOKEN",
    "begin_with_armies",
    "carry_on_setup",
    "deploy_suggested",
    "due_piece_cards",
    "leader_due",
    "place_suggested",
]

SETUP, TOKEN, LEADERSHIP = "setup", "token", "leadership"
"""The decision kinds of the set-up: the roll-off winner's choice, the other player's remaining option, and a
leadership ability declared."""


def begin_with_armies(ctx: Context[ShroudfallState], ref: Referee, armies: Mapping[SideId, str]) -> None:
    """Show both lists (L1086), roll off (L1088) and ask the winner to choose (L1089-1093)."""
    field_armies(ctx, ref, armies)
    winner = roll_for_setup(ctx, ref)
    ctx.emit(RollOffWon(side=winner))
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(), owner=winner, kind=SETUP, optional=False,
        prompt="You won the roll-off: give the starting player token to a player, or deploy the first terrain piece",
        parts=(DecisionPart(key="option", prompt="Which option do you take?", default="token",
                            options=(Option(key="token", label="give the starting player token"),
                                     Option(key="terrain", label="deploy the first terrain piece"))),
               DecisionPart(key="to", prompt="Who holds the starting player token?", default=winner,
                            options=tuple(Option(key=s, label=f"side {s}") for s in ctx.state.sides),
                            asked_when=("option", ("token",))))))


def due_piece_cards(ctx: Context[ShroudfallState], ref: Referee, side: SideId) -> list[str]:
    """The terrain cards ``side`` may take its next main piece from (its list's, not yet used), or the one card whose
    side piece is due."""
    due = next_terrain(ctx, ref)
    if due is None or due[0] != side:
        return []
    if due[1] is not None:
        return [due[1]]
    state = ctx.state
    army = ref.catalogue.army(state.record(side).army or "")
    used = [p.card for p in state.pieces.values() if p.main and p.owner == side]
    left = list(army.terrain)
    for card in used:
        if card in left:
            left.remove(card)
    return list(dict.fromkeys(left))


def place_suggested(ctx: Context[ShroudfallState], ref: Referee, side: SideId) -> None:
    """Set ``side``'s next piece where the table suggests: the first of its cards with a legal spot (a side piece, its
    main's card), or leave the piece out when none has one (L1137)."""
    cards = due_piece_cards(ctx, ref, side)
    for card in cards:
        spot = terrain_spot(ctx, ref, side, card)
        if spot is not None:
            place_terrain(ctx, ref, side, card, *spot)
            return
    skip_terrain(ctx, ref, side, cards[0])


def deploy_suggested(ctx: Context[ShroudfallState], ref: Referee, side: SideId) -> bool:
    """Deploy ``side``'s next unit (in list order) where the table suggests; False when it has no legal spot."""
    unit = next(u for u in ctx.state.units_of(side) if not u.deployed)
    world = ref.world(ctx)
    found = deployment_spots(world, side, unit, count=1)
    if not found:
        return False
    anchor, rows = found[0]
    deploy(ctx, ref, side, unit.id, formation(world, unit, anchor, rows))
    return True


def leader_due(ctx: Context[ShroudfallState], ref: Referee) -> SideId | None:
    """Who declares a leadership ability next: the starting player first, then the other (L480), each only if one of
    its essence weavers has one."""
    state = ctx.state
    token = state.token or state.sides[0]
    for side in (token, state.opponent(token)):
        if state.record(side).leadership is None and leadership_options(ref.world(ctx), side):
            return side
    return None


def _ask_leadership(ctx: Context[ShroudfallState], ref: Referee, side: SideId) -> None:
    options = leadership_options(ref.world(ctx), side)
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(), owner=side, kind=LEADERSHIP, optional=False,
        prompt="Declare your army's leadership ability (L480-482)",
        parts=(DecisionPart(key="ability", prompt="Which leadership ability?", default=options[0][0],
                            options=tuple(Option(key=key, label=label) for key, label in options)),)))


def _terrain_turn(ctx: Context[ShroudfallState], ref: Referee) -> bool:
    """Carry the terrain on one piece, or say whose turn it is; True to look again."""
    due = next_terrain(ctx, ref)
    if due is None:
        return ctx.state.step != "terrain"
    side, card, main_id = due
    if card is not None and (main_id not in ctx.state.terrain or terrain_spot(ctx, ref, side, card) is None):
        skip_terrain(ctx, ref, side, card)
        return True
    if "terrain" in ctx.state.auto.get(side, []):
        place_suggested(ctx, ref, side)
        return True
    if ctx.state.active_side != side:
        ctx.emit(SetupTurn(side=side, doing="terrain"))
    return False


def _deployment_turn(ctx: Context[ShroudfallState], ref: Referee) -> bool:
    side = deployment_turn(ctx.state)
    if side is None:
        return False
    if "deploy" in ctx.state.auto.get(side, []) and deploy_suggested(ctx, ref, side):
        return True
    if ctx.state.active_side != side:
        ctx.emit(SetupTurn(side=side, doing="deploy"))
    return False


def carry_on_setup(ctx: Context[ShroudfallState], ref: Referee) -> None:
    """After a step of the set-up: play the standing orders and the steps nobody chooses, and hand the turn to the
    player whose choice is next (or ask them)."""
    for _ in range(200):
        state = ctx.state
        if state.pending or state.outcome is not None:
            return
        if state.step == "terrain":
            if not _terrain_turn(ctx, ref):
                return
        elif state.step == "leadership":
            side = leader_due(ctx, ref)
            if side is None:
                ctx.emit(StepReached(step="deployment"))
                continue
            _ask_leadership(ctx, ref, side)
        elif state.step == "deployment":
            if not _deployment_turn(ctx, ref):
                return
        else:
            return


def first_terrain_half(ctx: Context[ShroudfallState], ref: Referee) -> str:
    """Where the next main piece goes (its step in the book's order, L1120-1128), for the menus."""
    state = ctx.state
    first = state.first_terrain or state.sides[0]
    order = terrain_order(first, state.opponent(first), ref.rulings)
    mains = sum(1 for p in state.pieces.values() if p.main)
    return order[2 * mains][2] or "anywhere" if 2 * mains < len(order) else ""
