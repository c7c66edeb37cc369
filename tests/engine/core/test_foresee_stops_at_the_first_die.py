"""A preview never shows dice before they count: ``Game.foresee`` plays a command on a copy whose roller halts at its
first die (``WouldRoll``), giving the events before it and the roll that would come, and nothing is drawn."""

from __future__ import annotations

import pytest

from engine.core import Answer, DiceRolled, Foresight, InvalidCommand
from engine.dice import D6, Roller, WouldRoll, secret_stream
from tests.engine.core.conftest import alice, bob, choose_hands, new_duel


def test_a_halting_roller_stops_at_its_first_die_and_draws_nothing() -> None:
    roller = Roller("seed", {"public": 3}, rigged=(6,))
    halting = roller.halting()
    with pytest.raises(WouldRoll) as stop:
        halting.roll_pool([D6, D6])
    assert stop.value.dice == ("d6", "d6") and stop.value.stream == "public"
    with pytest.raises(WouldRoll):
        halting.copy().roll(D6)
    assert halting.counters() == {"public": 3} and halting.rigged_queue() == (6,)
    assert roller.roll(D6).value == 6, "the roller it came from is untouched"


def test_a_command_that_rolls_is_foreseen_up_to_its_first_die_and_names_the_roll() -> None:
    game = new_duel()
    choose_hands(game)
    game.apply(Answer(decision_id=game.pending[0].id, answers={"card": "5"}), alice())
    answer = Answer(decision_id=game.pending[0].id, answers={"card": "4"})
    seq, log = game.seq, game.log
    sight = game.foresee(answer, bob())
    assert [event.kind for event in sight.events] == ["decision.answered", "duel.card-played", "duel.revealed"]
    assert not any(isinstance(event.body, DiceRolled) for event in sight.events)
    assert sight.next_roll() == "Side A rolls 1 d6 for side A's total."
    assert sight.game.seq == sight.events[-1].seq and sight.game.state.played == {"A": 5, "B": 4}
    assert game.seq == seq and game.log == log, "the game itself does not move"
    rolled = [event for event in game.apply(answer, bob()) if isinstance(event.body, DiceRolled)]
    assert rolled[0].body.rolls[0].index == 0, "no die was drawn by the foresight"


def test_a_command_that_rolls_nothing_is_foreseen_whole() -> None:
    game = new_duel()
    choose_hands(game)
    answer = Answer(decision_id=game.pending[0].id, answers={"card": "5"})
    sight = game.foresee(answer, alice())
    assert sight.roll is None and sight.next_roll() is None
    assert [event.body for event in sight.events] == [event.body for event in game.preview(answer, alice())]


def test_a_refusal_before_the_first_die_is_raised_as_by_apply() -> None:
    game = new_duel()
    choose_hands(game)
    with pytest.raises(InvalidCommand, match="not waiting for an answer"):
        game.foresee(Answer(decision_id="d999", answers={"card": "5"}), bob())


def test_a_secret_draw_to_come_is_named_without_its_purpose() -> None:
    game = new_duel()
    sight = Foresight(events=(), game=game, roll=WouldRoll(("d6",), secret_stream("B"), "B's hidden omen", "B"))
    assert sight.next_roll() == "Dice are rolled in secret."
