"""Each model of an attacking unit declares its own target (Shroudfall rulebook v1.4, L725-729, L1538-1541), and may
forfeit its attacks (L727, L1541). An attack order names one target for the unit; a model that cannot take it (here:
destroyed by the model before) is its player's choice: another enemy, or no attack. The first answer, the nearest
enemy each time for the rest of the activation, is the referee's pick before this was asked."""

from __future__ import annotations

from typing import Any

from engine.core import Game, ModelId

from .staged import A, act, choose, rig, staged
from .tables import Put

_KILL = (3, 3, 3, 2, 3, 3, 3, 2)
"""A hit of 11 against DEF 4 and a damage roll of 11 over ARM 5: 2 damage, a Rifleman's HP."""


def _game(*more: Put) -> Game[Any]:
    game = staged(Put("A1", "lawbringers", 10, 10, unit="law"), Put("A2", "lawbringers", 12, 10, unit="law"),
                  Put("A3", "lawbringers", 14, 10, unit="law"), Put("B1", "riflemen", 12, 16, unit="near"),
                  Put("B2", "riflemen", 20, 16, unit="far"), *more)
    act(game, A, "activate", model="law")
    rig(game, *_KILL, *_KILL, *_KILL)
    act(game, A, "attack", model="law", target="B1")
    assert ModelId("B1") not in game.state.models  # A1's shot destroyed it
    return game


def test_a_model_whose_named_target_fell_attacks_another_or_none_as_its_player_says() -> None:
    game = _game()
    offered = choose(game, A, "none")  # A2 makes no attack
    assert offered == ["B2-always", "B2", "none"]
    assert ModelId("B2") in game.state.models and game.state.models[ModelId("B2")].wounds_taken == 0
    choose(game, A, "B2")  # A3 is asked in its turn, and shoots B2
    assert ModelId("B2") not in game.state.models


def test_the_first_answer_takes_the_nearest_each_time_this_activation() -> None:
    game = _game(Put("B3", "riflemen", 19, 17.5, unit="farther"))
    assert choose(game, A) == ["B2-always", "B2", "B3", "none"]  # A2 at B2, the nearest
    assert ModelId("B2") not in game.state.models and not game.pending  # then A3 at B3, unasked
    assert ModelId("B3") not in game.state.models
