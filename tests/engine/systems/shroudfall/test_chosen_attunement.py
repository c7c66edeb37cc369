"""The Chosen's attunement (S4; the faction card is not public, ruling ``attunement``): a unit activated right after
its player's unit of the other keyword, DISCORD or HARMONY, is Attuned until the end of its activation, shown on the
table; what it unlocks is played by hand."""

from __future__ import annotations

from typing import Any

from engine.core import Game

from .staged import A, B, act, staged
from .tables import Put


def _after(first: str, then: str) -> Game[Any]:
    game = staged(Put("A1", first, 5, 5), Put("A2", then, 12, 5), Put("B9", "razhu", 30, 30))
    act(game, A, "activate", model="A1")
    assert "Attuned" not in game.state.units["A1"].effects  # the player's first activation of the round
    act(game, A, "end", model="A1")
    act(game, B, "activate", model="B9")
    act(game, B, "end", model="B9")
    act(game, A, "activate", model="A2")
    return game


def test_a_unit_activated_after_one_of_the_other_keyword_is_attuned_for_its_activation() -> None:
    game = _after("razhu", "sentinels")  # DISCORD, then HARMONY
    assert game.state.units["A2"].effects.get("Attuned") == "activation"
    act(game, A, "end", model="A2")
    assert "Attuned" not in game.state.units["A2"].effects


def test_a_unit_activated_after_one_of_its_own_keyword_is_not_attuned() -> None:
    game = _after("razhu", "stormcallers")  # DISCORD twice
    assert "Attuned" not in game.state.units["A2"].effects
