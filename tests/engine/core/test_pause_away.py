"""Table controls: the host pauses and resumes, a side may be marked away, a decision may get more time."""

from __future__ import annotations

from bot.core.data_loader import load_system_data
from engine.core import (
    CORE_COMMANDS,
    CORE_EVENTS,
    HOST,
    Actor,
    Answer,
    AssignSeat,
    AwayChanged,
    Concede,
    DecisionExtended,
    ExpireDecision,
    ExtendDecision,
    ForceDecision,
    Game,
    GamePaused,
    GameResumed,
    GameSetup,
    IllegalCommand,
    InvalidCommand,
    JoinSide,
    PauseGame,
    RequestUndo,
    ResumeGame,
    RollDice,
    SetAway,
    SideId,
)
from engine.dice import commitment
from engine.systems.freeplay import Freeplay
from engine.systems.freeplay.state import FreeplayState
from tests.engine.core.conftest import ALICE, BOB, CAROL, A, B, alice, bob, choose_hands, new_duel
from tests.engine.core.toy_duel import SecretDuel
from tests.refusals import refused, refusing
from tests.table_commands import add_model, move_model

PAUSED = "the game is paused by the host; the host resumes it with /game resume"
HOST_ACTOR = Actor(user=ALICE, side=None, host=True)


def _freeplay(seed: str = "ab" * 32) -> Game[FreeplayState]:
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, seed_commitment=commitment(seed),
                      options={"map": "crossroads"})
    return Game.start(Freeplay(load_system_data("freeplay")), setup, seed, seats={A: ALICE, B: BOB})


def test_the_new_commands_and_events_are_registered_with_the_core() -> None:
    assert {PauseGame, ResumeGame, SetAway, ExtendDecision} <= set(CORE_COMMANDS)
    assert {GamePaused, GameResumed, AwayChanged, DecisionExtended} <= set(CORE_EVENTS)


def test_a_paused_game_refuses_moves_and_rolls_until_the_host_resumes_it() -> None:
    game = _freeplay()
    game.apply(add_model(unit="Knight", at=(18.0, 3.0)), Actor(user=ALICE, side=A))
    (paused,) = game.apply(PauseGame(reason="tea break"), HOST_ACTOR)
    assert game.state.paused and paused.audience.everyone
    assert paused.body.describe() == ("The host pauses the game (tea break). Nothing moves until the host resumes "
                                      "it with /game resume.")
    move = move_model(model="A1", to="18,9")  # type: ignore[arg-type]
    error = refused(game, move, Actor(user=ALICE, side=A), PAUSED, error=IllegalCommand)
    assert str(error).startswith("move refused: ")
    refused(game, RollDice(expression="2d6"), Actor(user=BOB, side=B), PAUSED, error=IllegalCommand)
    with refusing(game, PAUSED, error=IllegalCommand):
        game.preview(RollDice(expression="2d6"), Actor(user=BOB, side=B))
    assert not game.legal_commands(A)
    (resumed,) = game.apply(ResumeGame(), HOST_ACTOR)
    assert not game.state.paused and resumed.body.describe() == "The host resumes the game; play goes on."
    (moved,) = game.apply(move_model(model="A1", to="18,9"), Actor(user=ALICE, side=A))  # type: ignore[arg-type]
    assert moved.body.distance == 6.0  # type: ignore[attr-defined]


def test_only_the_host_pauses_and_resumes_and_never_twice() -> None:
    game = new_duel()
    refused(game, PauseGame(), bob(), "only the game's host", error=IllegalCommand)
    refused(game, ResumeGame(), alice(host=True), "the game is not paused", error=InvalidCommand)
    game.apply(PauseGame(), alice(host=True))
    with refusing(game, "already paused; resume it with /game resume", error=InvalidCommand):
        game.apply(PauseGame(reason="again"), alice(host=True))
    refused(game, ResumeGame(), bob(), "only the game's host", error=IllegalCommand)
    assert game.log[-1].body.describe() == "The host pauses the game. Nothing moves until the host resumes it " \
        "with /game resume."


def test_while_paused_the_host_can_still_seat_force_and_a_player_can_concede() -> None:
    game = new_duel()
    mark = game.seq
    game.apply(RollDice(expression="1d20"), alice())
    game.apply(RequestUndo(to_seq=mark), alice())
    decision = game.pending[0]
    game.apply(PauseGame(), alice(host=True))
    for command, actor in ((Answer(decision_id=decision.id, choice="yes"), bob()),
                           (RequestUndo(to_seq=mark), alice()),
                           (ExpireDecision(decision_id=decision.id), alice(host=True)),
                           (SetAway(side=B), bob()),
                           (ExtendDecision(decision_id=decision.id, minutes=5), alice(host=True)),
                           (JoinSide(side=A), Actor(user=CAROL))):
        refused(game, command, actor, PAUSED, error=IllegalCommand)
    game.apply(AssignSeat(side=B, user=CAROL), alice(host=True))
    assert game.state.controller(B) == CAROL
    game.apply(ForceDecision(decision_id=decision.id, answers={"agree": "no"}), alice(host=True))
    assert game.log[-1].kind == "undo.refused" and not game.pending
    game.apply(Concede(), alice())
    assert game.is_over() and game.outcome().winner == B  # type: ignore[union-attr]


def test_pause_away_and_extend_replay_from_records_to_the_same_state() -> None:
    game = new_duel()
    game.apply(PauseGame(reason="dinner"), alice(host=True))
    game.apply(ResumeGame(), alice(host=True))
    game.apply(SetAway(side=A, away=True), alice())
    choose_hands(game)
    decision = game.pending[0]
    game.apply(ExtendDecision(decision_id=decision.id, minutes=30), alice(host=True))
    game.apply(PauseGame(), alice(host=True))
    twin = Game.from_records(SecretDuel(), game.setup, "5eed" * 16, game.records())
    assert twin.state.fingerprint() == game.state.fingerprint()
    assert twin.state.paused and twin.state.away == (A,)
    assert twin.state.pending[decision.id].extensions_minutes == 30
    assert twin.log_view(HOST) == game.log_view(HOST)


def test_an_away_sides_optional_choice_passes_at_once_with_its_default() -> None:
    game = new_duel()
    (marked,) = game.apply(SetAway(side=B), bob())
    assert marked.body.describe().startswith("Side B is away") and game.state.away == (B,)
    mark = game.seq
    game.apply(RollDice(expression="1d20"), alice())
    events = game.apply(RequestUndo(to_seq=mark), alice())
    assert [event.kind for event in events] == ["decision.answered", "undo.refused"]
    assert events[0].body.how == "away"  # type: ignore[attr-defined]
    assert events[0].body.describe() == "Side B is away; their optional choice passes: Refuse."
    assert not game.pending


def test_a_required_choice_still_waits_for_an_away_side() -> None:
    game = new_duel()
    game.apply(SetAway(side=A), alice())
    choose_hands(game)
    (decision,) = game.pending
    assert decision.owner == A and not decision.optional and decision.kind == "play"
    assert not any(e.kind == "decision.answered" for e in game.log)


def test_going_away_passes_the_optional_choice_already_owed_and_coming_back_ends_it() -> None:
    game = new_duel()
    mark = game.seq
    game.apply(RollDice(expression="1d20"), alice())
    game.apply(RequestUndo(to_seq=mark), alice())
    refused(game, SetAway(side=B), alice(), "only the player holding side B or the host", error=IllegalCommand)
    events = game.apply(SetAway(side=B), alice(host=True))
    assert [e.kind for e in events] == ["seat.away", "decision.answered", "undo.refused"]
    refused(game, SetAway(side=B), bob(), "side B is already away", error=InvalidCommand)
    (back,) = game.apply(SetAway(side=B, away=False), bob())
    assert back.body.describe() == "Side B is back and makes their own choices again." and game.state.away == ()
    refused(game, SetAway(side=B, away=False), bob(), "side B is already here", error=InvalidCommand)
    refused(game, SetAway(side=SideId("C")), alice(host=True), "there is no side 'C'", error=InvalidCommand)


def test_extend_adds_up_and_refuses_unknown_ids_and_odd_amounts() -> None:
    game = new_duel()
    choose_hands(game)
    (decision,) = game.pending
    (extended,) = game.apply(ExtendDecision(decision_id=decision.id, minutes=30), alice(host=True))
    assert extended.body.describe() == f"The host allows 30 more minutes for {decision.id}."
    game.apply(ExtendDecision(decision_id=decision.id, minutes=15), alice(host=True))
    assert game.state.pending[decision.id].extensions_minutes == 45
    with refusing(game, fr"choice d999 is not waiting .*; waiting now: {decision.id} \(side", error=InvalidCommand):
        game.apply(ExtendDecision(decision_id="d999", minutes=5), alice(host=True))
    for minutes in (0, 1441):
        with refusing(game, "from 1 to 1440 minutes", error=InvalidCommand):
            game.apply(ExtendDecision(decision_id=decision.id, minutes=minutes), alice(host=True))
    with refusing(game, "only the game's host", error=IllegalCommand):
        game.apply(ExtendDecision(decision_id=decision.id, minutes=5), bob())
    game.apply(Answer(decision_id=decision.id, answers={"card": "2"}), alice())
    assert decision.id not in game.state.pending
