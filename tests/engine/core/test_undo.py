"""Undo by agreement: the opponent confirms, the dice are never rewound, secrets are never crossed."""

from __future__ import annotations

from engine.core import Actor, Answer, IllegalCommand, InvalidCommand, JoinSide, RequestUndo, RollDice, fold
from tests.engine.core.conftest import alice, bob, new_duel
from tests.refusals import refused, refusing


def _roll(game, actor) -> int:  # type: ignore[no-untyped-def]
    (event,) = game.apply(RollDice(expression="1d20", purpose="test"), actor)
    return int(event.body.total)


def test_an_agreed_undo_restores_the_state_but_not_the_dice() -> None:
    game = new_duel()
    mark = game.seq
    before = game.state.fingerprint()
    first = _roll(game, alice())
    game.apply(RequestUndo(to_seq=mark), alice())
    decision = game.pending[0]
    assert decision.kind == "undo" and decision.owner == "B"
    game.apply(Answer(decision_id=decision.id, answers={"agree": "yes"}), bob())
    assert game.log[-1].kind == "undo.applied"
    after_undo = game.state.model_copy(update={"seq": mark})
    assert after_undo.fingerprint() == before
    rolls = [e.body.rolls[0] for e in game.log if e.kind == "dice.rolled" and e.body.roller == "A"]
    assert rolls[-1].index == 0 and rolls[-1].value == first
    second = _roll(game, alice())
    public_indexes = [e.body.rolls[0].index for e in game.log if e.kind == "dice.rolled" and e.audience.everyone]
    assert public_indexes == [0, 1], "the undone roll keeps its place: the next roll is a new draw"
    assert isinstance(second, int)


def test_a_refused_undo_changes_nothing_but_the_log() -> None:
    game = new_duel()
    mark = game.seq
    _roll(game, alice())
    before = game.state.model_copy(update={"seq": 0}).fingerprint()
    game.apply(RequestUndo(to_seq=mark), alice())
    game.apply(Answer(decision_id=game.pending[0].id, answers={"agree": "no"}), bob())
    assert game.log[-1].kind == "undo.refused"
    assert game.state.model_copy(update={"seq": 0}).fingerprint() == before
    assert not game.pending


def test_undo_cannot_cross_a_secret() -> None:
    game = new_duel()
    with refusing(game, "showed secret information; undo cannot go back past it", error=IllegalCommand):
        game.apply(RequestUndo(to_seq=1), alice())
    refused(game, RequestUndo(to_seq=game.seq), alice(), "give a number from 1 to", error=InvalidCommand)


def test_replay_through_an_undo_equals_the_live_game() -> None:
    game = new_duel()
    mark = game.seq
    _roll(game, alice())
    _roll(game, bob())
    game.apply(RequestUndo(to_seq=mark), alice())
    game.apply(Answer(decision_id=game.pending[0].id, answers={"agree": "yes"}), bob())
    _roll(game, bob())
    replayed = fold(game.system, game.setup, game.log)
    assert replayed.fingerprint() == game.state.fingerprint()


def test_practice_undo_applies_at_once_when_one_player_holds_every_side() -> None:
    game = new_duel(practice=True, seated=False)
    game.apply(JoinSide(side="A"), Actor(user="alice"))  # type: ignore[arg-type]
    game.apply(JoinSide(side="B"), Actor(user="alice"))  # type: ignore[arg-type]
    mark = game.seq
    game.apply(RollDice(expression="2d6"), Actor(user="alice", side="A"))  # type: ignore[arg-type]
    events = game.apply(RequestUndo(to_seq=mark), Actor(user="alice", side="A"))  # type: ignore[arg-type]
    assert [e.kind for e in events] == ["undo.applied"]
