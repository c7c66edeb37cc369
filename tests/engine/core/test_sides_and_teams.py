"""Two to four sides, several players on a side, outcomes with several winners or a draw among the tied, and
a concession that lets the others play on; who acts now."""

from __future__ import annotations

from engine.core import (
    SPECTATOR,
    ActKind,
    Actor,
    AssignSeat,
    Concede,
    EndReason,
    Game,
    GameSetup,
    IllegalCommand,
    NotYourTurn,
    Outcome,
    SideConceded,
    SideId,
    UserId,
    Viewer,
)
from engine.dice import commitment
from tests.refusals import refused, refusing
from tests.toys.tally import Tally, TallyState, score

A, B, C = SideId("A"), SideId("B"), SideId("C")
ALICE, BOB, CAROL, DAVE = UserId("alice"), UserId("bob"), UserId("carol"), UserId("dave")
SEED = "3c" * 32


def three_way(teams: dict[str, tuple[SideId, ...]] | None = None, mode: str = "long") -> Game[TallyState]:
    setup = GameSetup(system="tally", sides=(A, B, C), host=ALICE, seed_commitment=commitment(SEED),
                      options={"mode": mode}, teams=teams or {})
    return Game.start(Tally(), setup, SEED, seats={A: ALICE, B: BOB, C: CAROL})


def test_scores_give_one_winner_a_draw_among_the_tied_or_a_winning_team() -> None:
    alone = Outcome.from_scores(EndReason.SCORE, {A: 5, B: 3, C: 2})
    assert alone.winner == A and alone.winners == (A,) and not alone.draw
    tied = Outcome.from_scores(EndReason.SCORE, {A: 5, B: 5, C: 2})
    assert tied.winner is None and tied.winners == (A, B) and tied.draw and not tied.won(C)
    assert tied.result() == "A and B draw"
    team = Outcome.from_scores(EndReason.SCORE, {A: 2, B: 4, C: 3}, {"red": (A, C), "blue": (B,)})
    assert team.winners == (A, C) and team.team == "red" and not team.draw
    assert team.describe() == "Game over (score): team red (A, C) wins. Scores A: 2, B: 4, C: 3."
    level = Outcome.from_scores(EndReason.SCORE, {A: 1, B: 1})
    assert level.result() == "a draw"


def test_an_outcome_stored_with_one_winner_reads_back_the_same() -> None:
    stored = {"reason": "score", "scores": {"A": 3, "B": 1}, "winner": "A"}
    assert Outcome.model_validate(stored).winners == (A,)


def test_who_acts_now_follows_the_turn_and_skips_nobody_until_the_end() -> None:
    game = three_way()
    assert game.to_act().kind is ActKind.SIDE and game.to_act().sides == (A,)
    game.apply(score(3), Actor(user=ALICE, side=A))
    assert game.to_act().sides == (B,)
    refused(game, score(3), Actor(user=CAROL, side=C), "it is side B's turn", error=NotYourTurn)


def test_a_concession_among_three_lets_the_others_play_on_and_the_last_one_wins() -> None:
    game = three_way()
    game.apply(score(2), Actor(user=ALICE, side=A))
    events = game.apply(Concede(), Actor(user=BOB, side=B))
    assert isinstance(events[0].body, SideConceded) and not game.is_over()
    assert game.state.in_play == (A, C) and game.to_act().sides == (C,), "B's turn passes to C"
    game.apply(score(1), Actor(user=CAROL, side=C))
    assert game.to_act().sides == (A,), "B is skipped"
    with refusing(game, "side B has conceded and plays no more", error=IllegalCommand):
        game.apply(score(1), Actor(user=BOB, side=B))
    game.apply(Concede(), Actor(user=ALICE, side=A))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == C and outcome.reason is EndReason.CONCEDED


def test_with_two_teams_left_a_concession_ends_the_game_for_the_other_team() -> None:
    game = three_way({"red": (A, C), "blue": (B,)})
    game.apply(Concede(), Actor(user=BOB, side=B))
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (A, C) and outcome.team == "red"


def test_a_teammate_acts_for_the_side_and_reads_its_secrets() -> None:
    game = three_way()
    game.apply(AssignSeat(side=A, user=DAVE, teammate=True), Actor(user=ALICE, host=True))
    assert game.state.members(A) == (ALICE, DAVE) and game.state.sides_of(DAVE) == (A,)
    game.apply(score(1), Actor(user=DAVE, side=A))
    assert game.state.points[A] == 1
    view = game.view(Viewer.of_side(A))
    assert view.seats == {A: ALICE, B: BOB, C: CAROL}
    assert "dave joins side A as a teammate." in [line.text for line in game.log_view(SPECTATOR).lines]
