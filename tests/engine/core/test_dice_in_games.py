"""Dice inside a game: the commitment, the reveal, recomputing every roll, rigging on practice tables."""

from __future__ import annotations

import hashlib

from hypothesis import given, settings

from engine.core import Actor, Game, IllegalCommand, JoinSide, RigDice, RollDice
from engine.dice import D6, D20, Die, verify_roll
from tests.budget import examples
from tests.engine.core.conftest import alice, new_duel
from tests.engine.core.strategies import DuelScript, scripts
from tests.refusals import refused

_DICE: dict[str, Die] = {die.name: die for die in (D6, D20)}


@settings(max_examples=examples(25), deadline=None)
@given(script=scripts)
def test_every_roll_of_a_finished_game_recomputes_from_the_revealed_seed(script: DuelScript) -> None:
    game = script.play()
    assert game.is_over()
    seed = game.state.revealed_seed
    assert seed is not None
    assert hashlib.sha256(seed.encode()).hexdigest() == game.setup.seed_commitment
    rolls = [roll for event in game.log if event.kind == "dice.rolled" for roll in event.body.rolls]
    assert len(rolls) >= 8
    assert all(verify_roll(seed, _DICE[roll.die], roll) for roll in rolls)


def test_secret_draws_do_not_shift_the_public_dice() -> None:
    game = new_duel()
    public_rolls = [e for e in game.log if e.kind == "dice.rolled" and e.audience.everyone]
    assert public_rolls == [], "the omens went to the secret streams"
    (event,) = game.apply(RollDice(expression="1d6"), alice())
    assert event.body.rolls[0].stream == "public" and event.body.rolls[0].index == 0


def test_rigged_dice_are_for_practice_tables_and_always_marked() -> None:
    refused(new_duel(), RigDice(values=(6,)), alice(), "only allowed on practice tables", error=IllegalCommand)
    game = new_duel(practice=True, seated=False)
    game.apply(JoinSide(side="A"), Actor(user="alice"))  # type: ignore[arg-type]
    actor = Actor(user="alice", side="A")  # type: ignore[arg-type]
    game.apply(RigDice(values=(6, 1)), actor)
    (event,) = game.apply(RollDice(expression="3d6"), actor)
    rolls = event.body.rolls
    assert [r.value for r in rolls[:2]] == [6, 1] and [r.rigged for r in rolls] == [True, True, False]
    assert event.body.describe().endswith("[rigged]")


def test_the_rigged_queue_survives_a_replay() -> None:
    game = new_duel(practice=True, seated=False)
    game.apply(JoinSide(side="A"), Actor(user="alice"))  # type: ignore[arg-type]
    actor = Actor(user="alice", side="A")  # type: ignore[arg-type]
    game.apply(RigDice(values=(2, 3, 4)), actor)
    game.apply(RollDice(expression="1d6"), actor)
    replayed = Game.from_records(game.system, game.setup, "5eed" * 16, game.records())
    (event,) = replayed.apply(RollDice(expression="2d6"), actor)
    assert [r.value for r in event.body.rolls] == [3, 4]
