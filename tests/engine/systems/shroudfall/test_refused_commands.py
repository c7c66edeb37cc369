"""Bad commands at the table are refused with the rule that forbids them, and change nothing (issue 25): out of turn,
out of range (L729), no line of sight (L681-688), a third action (L541), moving a model locked in melee (L654)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Game, RulesError, SideId

from .staged import A, B, act, staged
from .tables import Put, Scenery, square

WALL = Scenery("W1", "Wall", "area", ("Area Terrain", "Obscuring", "Impassable"), square(14, 14, 8, 2))


def _refused(game: Game[Any], side: SideId, name: str, match: str, **values: str) -> None:
    before = game.state.fingerprint()
    with pytest.raises(RulesError, match=match):
        act(game, side, name, **values)
    assert game.state.fingerprint() == before


def test_out_of_turn_out_of_range_and_out_of_sight_are_refused_by_their_rule() -> None:
    game = staged(Put("A1", "lawbringers", 18, 10), Put("B1", "riflemen", 18, 20), Put("B2", "razhu", 34, 34),
                  Put("B3", "razhu", 18, 4, unit="B3"), scenery=(WALL,))
    _refused(game, B, "activate", "it is side A's turn", model="B1")
    act(game, A, "activate", model="A1")
    _refused(game, A, "attack", r"A1 has no line of sight to B1 \(L681-688\)", model="A1", target="B1")
    _refused(game, A, "attack", r"B2 is .* away, beyond Repeater's .* \(L729\)", model="A1", target="B2")


def test_a_third_action_and_a_locked_models_move_are_refused_by_their_rule() -> None:
    # Nekari's activation stays open after two actions while its reserve pays an Essence Attack (L1519), so a third
    # action can be typed; the Lawbringers stand in melee with Razhu.
    game = staged(Put("A1", "nekari", 18, 10), Put("A2", "lawbringers", 6, 10), Put("B3", "razhu", 6, 11.5),
                  Put("B9", "razhu", 30, 30))
    game.state.record(A).reserve = ["yellow"]
    act(game, A, "activate", model="A1")
    act(game, A, "move", model="A1", to="A1@18,12")
    act(game, A, "disengage", model="A1")
    _refused(game, A, "move", r"has taken its two actions \(L541\)", model="A1", to="A1@18,14")
    act(game, A, "end", model="A1")
    act(game, B, "activate", model="B9")
    act(game, B, "end", model="B9")
    act(game, A, "activate", model="A2")
    _refused(game, A, "move", r"may not leave it without Parry .*L654", model="A2", to="A2@6,4")
