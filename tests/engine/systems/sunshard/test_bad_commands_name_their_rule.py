"""Bad commands are refused with the rule they break named, and change nothing (issue 26: out of turn, not enough
AP, no line of sight, a party too spread out), as a player sends them to the game."""

from __future__ import annotations

import pytest

from engine.core import ActionCommand, Actor, RulesError, SideId, UserId, Viewer
from engine.systems.sunshard.activation import check_activate
from engine.systems.sunshard.attack_plan import check_attack
from tests.engine.systems.sunshard import tables as t
from tests.menu_walk import table
from tests.refusals import refused


def _act(name: str, **values: str) -> ActionCommand:
    return ActionCommand(path=("act",), name=name, values=tuple(values.items()))


async def test_out_of_turn_and_without_the_ap_are_refused_naming_the_rule_and_change_nothing() -> None:
    game = (await table("sunshard")).game
    active = game.state.active_side
    assert active is not None and game.state.first_pick is not None
    other = SideId("B" if active == "A" else "A")
    theirs = next(f.id for f in game.state.figures.values() if f.side == other)
    refused(game, _act("on-guard", model=theirs), Actor(user=UserId("alice"), side=other),
            r"turn, not side .*alternate.*L365")
    mine = game.state.figures[game.state.first_pick]
    card = t.DATA.card(mine.card)
    enemy = next(f.id for f in game.state.figures.values() if f.side == other)
    me = Actor(user=UserId("alice"), side=active)
    game.apply(_act("move", model=mine.id, to=f"toward {enemy} {card.SPD * (card.AP - 1)}"), me)
    assert game.state.activation is not None and game.state.activation.ap == 1
    refused(game, _act("on-guard", model=mine.id), me, r"costs 2 AP and .* has 1 .*L383")


def test_an_attack_without_line_of_sight_and_a_party_too_spread_out_are_refused_naming_the_rule() -> None:
    # L489: a HGT 3 wall taller than both across every line; L437: a party member beyond 4" of the selector.
    state = t.duel("Captain", "Pariah", x=10)
    t.lay(state, "T1", (5, 9, 1, 6), 3, ["impassable"])
    with pytest.raises(RulesError, match=r"no line of sight to B1.*L489"):
        check_attack(t.world(state), t.A, {"model": "A1", "weapon": "Officer's Pistol", "target": "B1"})
    spread = t.new_state()
    spread.phase, spread.step, spread.active_side = "activation", "activation", t.A
    t.put(spread, "A1", "Conscripted", t.A, 10, 10)
    t.put(spread, "A2", "Conscripted", t.A, 16, 10)
    with pytest.raises(RulesError, match=r"beyond 4.*L437"):
        check_activate(t.world(spread), t.A, {"model": "A1", "party": "A2"})


async def test_another_sides_model_typed_is_refused_saying_whose_it_is_and_which_are_yours() -> None:
    """Newcomer finding 30: side B typing side A's model is told it is side A's and which models B may move."""
    game = (await table("sunshard")).game
    active = game.state.active_side
    assert active is not None
    other = SideId("B" if active == "A" else "A")
    theirs = next(f.id for f in game.state.figures.values() if f.side == other)
    refused(game, _act("move", model=theirs, to="10,10"), Actor(user=UserId("alice"), side=active),
            rf"{theirs} is side {other}'s model; you \(side {active}\) may choose {active}\d")


async def test_a_point_off_the_table_is_refused_at_once_with_the_tables_size() -> None:
    """Newcomer finding 31: ``/act action:move to:99,99`` is refused before "Which model moves?" is asked, saying the
    table's size; a phrase (``toward A1``) is not judged so."""
    game = (await table("sunshard")).game
    active = game.state.active_side
    assert active is not None
    move = game.system.action(("act",), "move")
    assert move is not None and move.declaration is not None
    with pytest.raises(RulesError, match=r'99,99 is off the 24" x 24" table'):
        game.system.declarations.question(game.system, game.state, move.declaration, Viewer.of_side(active), active,
                                          {"to": "99,99"})
    refused(game, _act("move", to="99,99"), Actor(user=UserId("alice"), side=active), r'off the 24" x 24" table')


@pytest.mark.parametrize("kind", ["disengage", "translocate"])
async def test_a_vault_or_placement_off_the_table_is_refused_before_any_model_is_asked(kind: str) -> None:
    """As for a move (finding 31): a Disengage vault (L409) or a Translocate placement (L1443) to a point off the
    table is refused at once, with the table's size, whichever model would make it."""
    game = (await table("sunshard")).game
    active = game.state.active_side
    assert active is not None
    action = game.system.action(("act",), kind)
    assert action is not None and action.declaration is not None
    with pytest.raises(RulesError, match=r'-3,5 is off the 24" x 24" table'):
        game.system.declarations.question(game.system, game.state, action.declaration, Viewer.of_side(active), active,
                                          {"to": "-3,5"})
