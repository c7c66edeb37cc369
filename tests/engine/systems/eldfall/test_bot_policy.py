"""The bot's party policy (ruling solo-bot-party, docs/eldfall.md) against a Shrouded model: it Perceives it, as the
reactive player and in its own Action step, since nothing may attack a Shrouded token (Eldfall core rules v1.5,
L1526-1532, L1776)."""

from __future__ import annotations

from engine.core import Actor, Answer, Command, Game, ModelId, RigDice
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, practice, turn_of, unit_id


def _bot(game: Game[EldfallState], side: str) -> Command:
    actor = as_side(side, ALICE)
    move = game.system.bot_move(game.state, side, lambda c: game.allows(c, Actor(user=actor.user, side=actor.side)))
    assert move is not None
    return move.command


def test_the_bot_perceives_a_shrouded_model_that_activates_near_it() -> None:
    game = practice(("Thenion Shadows", "Soga Vanguard"), "bot-perceive-reacting")
    turn_of(game, "A")
    shade = ModelId(unit_id(game, "Nightshade"))
    arrange(game, {shade: (25, 15, 90.0), "B3": (25, 17, 270.0)})
    assert "shrouded" in game.state.models[shade].tokens
    game.apply(Activate(model=shade, how="idle"), as_side("A", ALICE))
    answer = _bot(game, "B")
    assert isinstance(answer, Answer) and answer.answers.get("B3") == "perceive"
    game.apply(answer, as_side("B", ALICE))
    game.apply(RigDice(values=(1,)), HOST)
    game.apply(Declare(kind="nothing"), as_side("A", ALICE))  # the Perceive resolves with the action (L1250)
    assert "shrouded" not in game.state.models[shade].tokens


def test_the_bot_perceives_a_shrouded_enemy_in_its_action_step_when_it_has_nothing_to_attack() -> None:
    game = practice(("Thenion Shadows", "Soga Vanguard"), "bot-perceive-acting")
    turn_of(game, "B")
    shade = ModelId(unit_id(game, "Nightshade"))
    arrange(game, {shade: (25, 17, 270.0), "B1": (25, 15, 90.0)})
    game.apply(Activate(model=ModelId("B1"), how="idle"), as_side("B", ALICE))
    for decision in list(game.state.pending.values()):
        game.apply(Answer(decision_id=decision.id, answers={}), as_side(decision.owner, ALICE))
    declared = _bot(game, "B")
    assert declared == Declare(kind="perceive", targets=((shade, 1),))
