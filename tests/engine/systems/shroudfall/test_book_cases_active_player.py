"""The active player (Shroudfall rulebook v1.4, L298): the player whose unit is activating, except that the inactive
player using a reactive essence ability is the active player until it is resolved. What the book gives the active
player alone, the essence re-roll (L935, L1565), is then that player's."""

from __future__ import annotations

from engine.core import Actor, Answer, ModelId

from .staged import HOST, A, B, act, rig, staged
from .tables import Put


def test_anger_issues_strike_that_misses_offers_its_player_the_essence_reroll() -> None:
    # L298, L935, L1565: B's Brawler strikes back with Anger Issues (L953-957) in A's activation and misses (2 against
    # Razhu's DEF 4); B, the active player while its reaction resolves, may pay its grey to re-roll the whole roll.
    game = staged(Put("A1", "razhu", 18, 10), Put("B1", "brawlers", 18, 11.6))
    game.state.record(B).reserve = ["yellow", "grey"]
    act(game, A, "activate", model="A1")
    rig(game, 3, 3, 3, 4, 3, 3, 3, 4, 0, 0, 0, 2, 3, 3, 3, 4, 3, 3, 3, 4)
    act(game, A, "attack", model="A1", target="B1")
    (window,) = game.pending
    game.apply(Answer(decision_id=window.id, choice="B1/anger-issues"), Actor(user=HOST, side=B))
    (asked,) = game.pending
    assert (asked.kind, asked.owner) == ("essence-reroll", B)
    game.apply(Answer(decision_id=asked.id, choice="grey"), Actor(user=HOST, side=B))
    assert game.state.record(B).reserve == []
    assert game.state.models[ModelId("A1")].wounds_taken == 2  # the re-roll 13 hits; 13 // ARM 5
