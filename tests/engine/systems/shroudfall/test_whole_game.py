"""A short game from the lists to a winner through the handlers and the core's Context: two small armies, the
roll-off, the introductory scenario, the terrain in the book's order, leadership and deployment by the setup
handlers, then the rounds played as the bot plays them, through the declared actions and their reaction windows (the
one path the referee and the bot use). It shows the pieces fit; the rules are tested one by one elsewhere."""

from __future__ import annotations

from typing import Any

from bot.core.data_loader import load_system_data
from engine.core import Actor, Context, IllegalCommand, SideId, UserId
from engine.core.core_rules import CORE_HANDLERS
from engine.dice import Roller
from engine.systems.shroudfall import Shroudfall
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS
from engine.systems.shroudfall.setting_up import (
    declare_leadership,
    deploy,
    field_armies,
    next_terrain,
    place_terrain,
    play_scenarios,
    roll_for_setup,
    settle_setup,
    skip_terrain,
    terrain_spot,
)
from engine.systems.shroudfall.setup import deployment_turn, leadership_options

from .loader import load_shroudfall
from .tables import Table

A, B = SideId("A"), SideId("B")


def _referee() -> Referee:
    """The shipped data with two small armies (two units each) taken from the demo lists."""
    data = load_shroudfall()
    silver, chosen = data.army("silver-line-vanguard"), data.army("chosen-stormhost")
    small = (silver.model_copy(update={"id": "small-a", "units": (silver.units[0], silver.units[7])}),
             chosen.model_copy(update={"id": "small-b", "units": chosen.units[:2]}))
    return Referee(data.model_copy(update={"armies": (*data.armies, *small)}), DEFAULT_RULINGS)


def _terrain(ctx: Context[Any], ref: Referee, side: SideId, card: str) -> None:
    spot = terrain_spot(ctx, ref, side, card)
    if spot is None:
        skip_terrain(ctx, ref, side, card)
    else:
        place_terrain(ctx, ref, side, card, *spot)


def _free_deploy(ctx: Context[Any], ref: Referee, side: SideId, unit_id: str) -> None:
    unit = ctx.state.units[unit_id]
    low = ctx.state.record(side).edge == "bottom"
    for x in [float(v) for v in range(3, 33)]:
        y = 3.0 if low else 33.0
        spots = {m: (x + 1.8 * i, y) for i, m in enumerate(unit.models)}
        try:
            deploy(ctx, ref, side, unit_id, spots)
            return
        except IllegalCommand:
            continue
    raise AssertionError(f"no spot for {unit_id}")


def _bot_acts(ctx: Context[Any], system: Shroudfall) -> None:
    """The side owing a decision, else the side on turn, does what the bot would: a declared action (or an answer)
    as the menus offer it, run through the game's declarations like any player's command."""
    state = ctx.state
    side = next((d.owner for d in state.pending.values()), state.turn)
    move = system.bot_move(state, side, lambda command: True)
    assert move is not None, f"the bot has nothing for {side}"
    ctx.actor = Actor(UserId("u"), side=side)
    handler = CORE_HANDLERS.get(type(move.command))
    if handler is not None:
        handler(ctx, move.command)
    else:
        system.handle(ctx, move.command)


def test_a_short_game_from_the_lists_to_a_winner() -> None:
    ref = _referee()
    system = Shroudfall(load_system_data("shroudfall"))  # plays the rounds; the small lists are only ref's
    state = Table([]).state
    state.seats = {A: UserId("u"), B: UserId("u")}  # one user at both seats: the bot's answers are theirs
    ctx: Context[Any] = Context(system, state, Roller("a fixed seed"), Actor(UserId("u")), lambda events: state,
                                lambda *args: None)
    field_armies(ctx, ref, {A: "small-a", B: "small-b"})
    winner = roll_for_setup(ctx, ref)
    settle_setup(ctx, token=winner, first_terrain=state.opponent(winner))
    play_scenarios(ctx, ref, None)
    assert len(state.elements) == 3
    while (due := next_terrain(ctx, ref)) is not None:
        side, card, _ = due
        if card is None:
            used = [p.card for p in state.pieces.values() if p.main and p.owner == side]
            card = next(c for c in ref.catalogue.army(state.record(side).army or "").terrain if c not in used)
        _terrain(ctx, ref, side, card)
    assert sum(p.main for p in state.pieces.values()) == 5 and state.step == "leadership"
    for side in (state.token, state.opponent(state.token or A)):
        assert side is not None
        declare_leadership(ctx, ref, side, leadership_options(ref.world(ctx), side)[0][0])
    while state.step == "deployment":
        side = deployment_turn(state)
        assert side is not None
        unit = next(u for u in state.units_of(side) if not u.deployed)
        _free_deploy(ctx, ref, side, unit.id)
    assert state.step == "rounds" and state.round == 1
    guard = 0
    while state.outcome is None and guard < 200:
        guard += 1
        _bot_acts(ctx, system)
    assert state.outcome is not None and guard < 200
    kinds = {event.kind for event in ctx.events}
    assert {"shroudfall.attack", "table.model-moved", "shroudfall.reserve", "shroudfall.round-ended"} <= kinds
