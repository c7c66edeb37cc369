"""The game object: seats, refusals that change nothing, stale answers, the log and the end."""

from __future__ import annotations

import pytest

from engine.core import (
    HOST,
    SPECTATOR,
    Actor,
    Answer,
    DecisionPending,
    EndGame,
    IllegalCommand,
    InvalidCommand,
    JoinSide,
    LeaveSide,
    NotYourTurn,
    RollDice,
    StaleCommand,
    Viewer,
)
from engine.core.outcome import EndReason
from tests.engine.core.conftest import (
    ALICE,
    BOB,
    CAROL,
    A,
    B,
    alice,
    bob,
    choose_hands,
    new_duel,
    play_round,
)
from tests.engine.core.toy_duel import choose_hand
from tests.refusals import refused, refusing


def test_start_logs_creation_seats_and_secret_omens() -> None:
    game = new_duel()
    kinds = [event.kind for event in game.log]
    assert kinds[:3] == ["game.created", "seat.taken", "seat.taken"]
    assert kinds.count("duel.omen") == 2
    assert game.state.seats == {A: ALICE, B: BOB}
    assert game.log[0].body.seed_commitment == game.setup.seed_commitment  # type: ignore[attr-defined]


def test_joining_checks_the_side_and_the_seat() -> None:
    game = new_duel(seated=False)
    game.apply(JoinSide(side=A), Actor(user=ALICE))
    with refusing(game, "there is no side 'C'; the sides are A, B", error=InvalidCommand):
        game.apply(JoinSide(side="C"), Actor(user=BOB))  # type: ignore[arg-type]
    refused(game, JoinSide(side=A), Actor(user=BOB), "side A is held by alice; free sides: B", error=IllegalCommand)
    refused(game, JoinSide(side=B), Actor(user=ALICE), "only practice tables", error=IllegalCommand)
    game.apply(LeaveSide(side=A), Actor(user=ALICE))
    assert game.state.seats == {}


def test_practice_table_lets_one_user_hold_both_sides() -> None:
    game = new_duel(seated=False, practice=True)
    game.apply(JoinSide(side=A), Actor(user=ALICE))
    game.apply(JoinSide(side=B), Actor(user=ALICE))
    assert game.state.sides_of(ALICE) == (A, B)


@pytest.mark.parametrize(
    ("command", "actor", "error", "message"),
    [
        (choose_hand((1, 2)), Actor(user=ALICE, side=A), InvalidCommand, "choose 3 different cards"),
        (choose_hand((1, 2, 3)), Actor(user=BOB, side=A), NotYourTurn, "bob does not hold side A"),
        (choose_hand((1, 2, 3)), Actor(user=CAROL), NotYourTurn, "carol holds no side"),
        (RollDice(expression="3x7"), Actor(user=ALICE, side=A), InvalidCommand, "3x7"),
        (EndGame(), Actor(user=BOB, side=B), IllegalCommand, "only the game's host"),
    ],
)
def test_a_refused_command_changes_nothing(command, actor, error, message) -> None:  # type: ignore[no-untyped-def]
    refused(new_duel(), command, actor, message, error=error)


def test_nothing_else_moves_while_a_decision_is_pending() -> None:
    game = new_duel()
    choose_hands(game)
    assert game.pending[0].owner == A
    refused(game, choose_hand((1, 2, 3)), bob(), "side A must first decide", error=DecisionPending)
    with refusing(game, "belongs to side A", error=NotYourTurn):
        game.apply(Answer(decision_id=game.pending[0].id, answers={"card": "1"}), bob())


def test_a_stale_answer_is_refused_and_a_fresh_one_accepted() -> None:
    game = new_duel()
    choose_hands(game)
    decision = game.pending[0]
    built_at = game.seq
    game.apply(RollDice(expression="1d6", purpose="nerves"), bob())
    with refusing(game, f"built from state #{built_at}", error=StaleCommand):
        game.apply(Answer(decision_id=decision.id, answers={"card": "5"}, built_at_seq=built_at), alice())
    game.apply(Answer(decision_id=decision.id, answers={"card": "5"}, built_at_seq=game.seq), alice())
    assert game.state.played == {A: 5}


def test_a_whole_game_ends_with_the_seed_revealed() -> None:
    game = new_duel()
    choose_hands(game)
    for a_card, b_card in ((9, 1), (5, 4), (2, 7)):
        play_round(game, a_card, b_card)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason is EndReason.SCORE
    assert sum(outcome.scores.values()) <= 3
    assert game.log[-1].kind == "seed.revealed"
    assert game.view(SPECTATOR).revealed_seed == game.log[-1].body.seed  # type: ignore[attr-defined]
    refused(game, RollDice(expression="1d6"), alice(), "the game is over", error=IllegalCommand)


def test_the_host_may_end_a_game_early() -> None:
    game = new_duel()
    game.apply(EndGame(), alice(host=True))
    outcome = game.outcome()
    assert outcome is not None and outcome.reason is EndReason.HOST_ENDED and outcome.winner is None


def test_legal_commands_are_empty_for_a_side_that_cannot_act() -> None:
    game = new_duel()
    assert list(game.legal_commands(A)) == [choose_hand((1, 2, 3))]
    assert choose_hand((3, 4, 5)) in game.legal_commands(A)
    assert choose_hand((3, 4)) not in game.legal_commands(A)
    choose_hands(game)
    assert not game.legal_commands(A)
    assert len(game.legal_commands(B)) == 0


def test_views_hide_other_hands_and_secret_decision_options() -> None:
    game = new_duel()
    choose_hands(game)
    mine = game.view(Viewer.of_side(A))
    theirs = game.view(Viewer.of_side(B))
    public = game.view(SPECTATOR)
    assert mine.my_hand == (2, 5, 9)  # type: ignore[attr-defined]
    assert theirs.my_hand == (1, 4, 7)  # type: ignore[attr-defined]
    assert public.my_hand is None  # type: ignore[attr-defined]
    assert mine.pending[0].parts and not theirs.pending[0].parts and not public.pending[0].parts
    assert "2, 5, 9" not in str(public.public_json()) and "2, 5, 9" not in str(theirs.public_json())


def test_log_view_shows_secret_lines_only_to_their_side() -> None:
    game = new_duel()
    choose_hands(game)
    alice_lines = [line.text for line in game.log_view(Viewer.of_side(A)).lines]
    public_lines = [line.text for line in game.log_view(SPECTATOR).lines]
    assert "Side A keeps the hand 2, 5, 9." in alice_lines
    assert all("keeps the hand" not in text for text in public_lines)
    assert "Side A has chosen a hand." in public_lines


def test_rules_errors_are_value_errors_with_a_readable_reason() -> None:
    game = new_duel()
    error = refused(game, choose_hand((0, 0, 0)), alice())
    assert isinstance(error, ValueError)
    assert str(error).startswith("hand add refused: choose 3 different cards")


def test_the_host_audience_is_administrative_and_never_sees_a_sides_secrets() -> None:
    game = new_duel()
    choose_hands(game)
    host_lines = [line.text for line in game.log_view(HOST).lines]
    assert host_lines == [line.text for line in game.log_view(SPECTATOR).lines]
    assert game.view(HOST).my_hand is None  # type: ignore[attr-defined]
    assert all(not pending.parts for pending in game.view(HOST).pending)
