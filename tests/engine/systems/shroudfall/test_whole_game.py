"""A short game from the lists to a winner through the handlers and the core's Context: two small armies, the
roll-off, the introductory scenario, the terrain in the book's order, leadership, deployment and five rounds played
by a plain policy (walk at the nearest enemy, strike what is in reach). It shows the pieces fit; the rules are tested
one by one elsewhere."""

from __future__ import annotations

import math
from typing import Any

from engine.core import Actor, Context, IllegalCommand, SideId, UserId
from engine.dice import Roller
from engine.systems.shroudfall import play
from engine.systems.shroudfall.movement import plan_model_move
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rounds import eligible_units
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


def _activate_plainly(ctx: Context[Any], ref: Referee, side: SideId) -> None:
    unit = eligible_units(ctx.state, side)[0]
    play.activate(ctx, side, unit.id)
    world = ref.world(ctx)
    steps: list[play.Step] = []
    for model in ctx.state.alive(unit):
        enemies = world.enemies(model)
        if not enemies or world.engaged(model):
            continue
        near = min(enemies, key=lambda e: world.gap(model, e))
        here, there = world.base(model).xy, world.base(near).xy
        span = math.dist(here, there) - world.base(model).radius - world.base(near).radius - 0.3
        reach = min(span, ref.rulings.tool_length(world.card(model).mov) + 2 * world.base(model).radius - 0.05)
        for share in (1.0, 0.75, 0.5, 0.25):
            t = reach * share / math.dist(here, there)
            end = (round(here[0] + (there[0] - here[0]) * t, 2), round(here[1] + (there[1] - here[1]) * t, 2))
            try:
                plan_model_move(world, model, end, moved={s.model: s.to for s in steps})
            except IllegalCommand:
                continue
            steps.append(play.Step(model, end))
            break
    if steps:
        play.move(ctx, ref, side, steps)
    if ctx.state.activation is None or ctx.state.outcome is not None:
        return
    play.start_attack_action(ctx, side)
    for model in ctx.state.alive(unit):
        world = ref.world(ctx)
        for weapon in world.card(model).weapons:
            targets = [e for e in world.enemies(model) if ctx.state.outcome is None]
            for target in targets:
                try:
                    play.attack(ctx, ref, side, model, weapon.name, target)
                    break
                except IllegalCommand:
                    continue
    if ctx.state.activation is not None and ctx.state.outcome is None:
        play.forfeit(ctx, ref, side)


def test_a_short_game_from_the_lists_to_a_winner() -> None:
    ref = _referee()
    state = Table([]).state
    ctx: Context[Any] = Context(None, state, Roller("a fixed seed"), Actor(UserId("u")),  # type: ignore[arg-type]
                                lambda events: state, lambda *args: None)
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
        assert state.turn is not None
        _activate_plainly(ctx, ref, state.turn)
    assert state.outcome is not None and guard < 200
    kinds = {event.kind for event in ctx.events}
    assert {"shroudfall.attack", "table.model-moved", "shroudfall.reserve", "shroudfall.round-ended"} <= kinds
