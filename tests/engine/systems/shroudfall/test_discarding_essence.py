"""Discarding essence (Shroudfall beta rulebook v1.4, L831): during their unit's activation a player may throw a
crystal out of their reserve, taking no action; never outside their own activation, never a colour they do not hold."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.data_loader import load_system_data
from engine.core import Actor, Game, GameSetup, IllegalCommand, SideId, UserId
from engine.core.declarations import ActionCommand
from engine.dice import commitment
from engine.systems.shroudfall import Shroudfall
from engine.systems.shroudfall.essence import discard

A, B, HOST = SideId("A"), SideId("B"), UserId("host")


def test_discarding_throws_out_one_crystal_of_the_colour_named() -> None:
    # L831: a reserve of 1R+2G, one grey discarded: 1R+1G left.
    assert discard(["grey", "red", "grey"], "grey") == (("red", "grey"), "grey")


def test_a_colour_the_reserve_does_not_hold_is_refused_with_what_it_holds() -> None:
    with pytest.raises(IllegalCommand, match=r"holds no yellow crystal to discard \(it holds 1R\+1G; L831\)"):
        discard(["grey", "red"], "yellow")


def _demo() -> tuple[Game[Any], Shroudfall]:
    """The demo table at the first activation, both sides held by one player."""
    system = Shroudfall(load_system_data("shroudfall"))
    setup = GameSetup(system="shroudfall", sides=(A, B), host=HOST, seed_commitment=commitment("discard"),
                      rulings=system.default_rulings(), options=dict(system.demo_settings()), practice=True)
    game = Game.start(system, setup, "discard", seats={A: HOST, B: HOST})
    for command in system.demo_commands(game.state):
        game.apply(command, Actor(user=HOST, host=True))
    return game, system


def _act(name: str, **values: str) -> ActionCommand:
    return ActionCommand(path=("act",), name=name, values=tuple(values.items()))


def test_a_player_discards_during_their_units_activation_taking_no_action() -> None:
    # L831 at the table: outside their own unit's activation a discard is refused, changing nothing; during it the
    # menu offers each colour held, and the discard takes no action.
    game, _ = _demo()
    side = game.state.turn
    assert side is not None and game.state.step == "rounds"
    actor = Actor(user=HOST, side=side)
    game.state.record(side).reserve = ["grey", "red"]
    before = game.state.fingerprint()
    with pytest.raises(IllegalCommand, match=r"during the activation of one of their own units \(L831\)"):
        game.apply(_act("discard", choice="grey"), actor)
    assert game.state.fingerprint() == before
    unit = next(u for u in game.state.units_of(side) if not u.activated)
    game.apply(_act("activate", model=unit.id), actor)
    assert any(getattr(c, "name", None) == "discard" for c in game.legal_commands(side, actor))
    events = game.apply(_act("discard", choice="red"), actor)
    assert game.state.record(side).reserve == ["grey"]
    assert game.state.activation is not None and game.state.activation.actions == []
    assert any("discarding it (L831)" in e.body.describe() for e in events)
    with pytest.raises(IllegalCommand, match="red"):
        game.apply(_act("discard", choice="red"), actor)
