"""Each model of an attacking unit declares its own target (Shroudfall rulebook v1.4, L725-729, L738-742): an attack
order names the first model's target; typed ``choice:each``, every later model is asked its own as its turn comes, even
while it could take the named one (its player may pick that one, another enemy, or no attack)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Game, IllegalCommand, ModelId

from .staged import A, act, choose, rig, staged
from .tables import Put

_KILL = (3, 3, 3, 2, 3, 3, 3, 2)
"""A hit of 11 against DEF 4 and a damage roll of 11 over ARM 5: 2 damage, a Rifleman's HP."""


def _game() -> Game[Any]:
    game = staged(Put("A1", "lawbringers", 10, 10, unit="law"), Put("A2", "lawbringers", 12, 10, unit="law"),
                  Put("A3", "lawbringers", 14, 10, unit="law"), Put("B1", "riflemen", 12, 16, unit="near"),
                  Put("B2", "riflemen", 16, 16, unit="far"))
    act(game, A, "activate", model="law")
    return game


def test_each_model_after_the_first_declares_its_own_target_while_it_could_take_the_named_one() -> None:
    game = _game()
    rig(game, *_KILL, *_KILL)
    act(game, A, "attack", model="law", target="B2", choice="each")
    assert ModelId("B2") not in game.state.models  # A1 shot the named target
    assert choose(game, A, "none") == ["B1-always", "B1", "none"]  # L727: A2 forfeits its attacks
    assert choose(game, A, "B1") == ["B1-always", "B1", "none"]  # A3 takes its own target
    assert ModelId("B1") not in game.state.models


def test_each_offers_the_named_target_too() -> None:
    game = _game()
    rig(game, *_KILL, 3, 3, 3, 2, 0, 0, 0, 0)  # A2's damage roll misses nothing, deals none
    act(game, A, "attack", model="law", target="B1", choice="each")
    assert ModelId("B1") not in game.state.models
    offered = choose(game, A, "B2")  # A2, asked its own target: B2 (B1 is gone)
    assert offered == ["B2-always", "B2", "none"]


def test_without_each_the_named_target_stands_for_every_model_that_can_take_it() -> None:
    game = _game()
    rig(game, 3, 3, 3, 2, 2, 2, 2, 0, 3, 3, 3, 2, 2, 2, 2, 0)  # 1 damage each (6 over ARM 5)
    act(game, A, "attack", model="law", target="B2")
    assert ModelId("B2") not in game.state.models  # A1 and A2 both shot B2, unasked
    assert game.pending[0].prompt.startswith("B2 is destroyed: which enemy does A3 attack")


def test_each_is_refused_for_a_combined_shot_and_a_typed_word_it_does_not_read() -> None:
    game = _game()
    with pytest.raises(IllegalCommand, match=r"choice: takes each"):
        act(game, A, "attack", model="law", target="B2", choice="maybe")
    shots = staged(Put("A1", "riflemen", 10, 10, unit="R"), Put("A2", "riflemen", 11, 10, unit="R"),
                   Put("B1", "adamant", 11, 22))
    shots.state.units["R"].effects = {"passive:Combined Shot": "game"}
    act(shots, A, "activate", model="R")
    with pytest.raises(IllegalCommand, match=r"choice:each: R makes a Combined Shot or Strike, one model's attack"):
        act(shots, A, "attack", model="R", target="B1+combined", choice="each")  # L1323: one model attacks
    assert shots.state.activation is not None and not shots.state.activation.actions
    assert game.state.models[ModelId("B2")].wounds_taken == 0
