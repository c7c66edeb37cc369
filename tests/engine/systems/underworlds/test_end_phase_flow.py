"""The end phase and the end of the game (Underworlds core rulebook, L703-L717, L833; T66-T72): objectives scored
player by player, discards and drawing up, tokens cleared, round 3 scoring only, then the winner and the tie-breaks.
Whole games played by the bot replay to the same state."""

from __future__ import annotations

import pytest

from engine.core import BOT_USER, SPECTATOR, Actor, EndReason, Game, IllegalCommand, fold
from engine.systems.underworlds.events import GloryGained
from tests.engine.systems.underworlds.table import (
    UW,
    A,
    B,
    act,
    act_turn,
    actor,
    arrange,
    decide,
    extend,
    give,
    hand,
    new_game,
    pass_power,
    ready,
    system,
)
from tests.engine.systems.underworlds.typed import Discard, Guard, Pass
from tests.refusals import refused


def to_end_phase(game: UW) -> None:
    for _ in range(8):
        act_turn(game, Pass())
        pass_power(game)
    assert game.state.step == "end"


def hold_the_line() -> UW:
    """Each player chooses a warband and decks in secret (``scenario:choose``): the Hold decks, then set up."""
    return ready(decks=("champions-hold-the-line", "reavers-hold-the-ground"))


def test_the_end_phase_scores_held_objectives_then_draws_up_and_clears_tokens() -> None:
    """L703: step 1 scores a met objective (Hold Objective 1); the player draws back to three objectives and five
    power cards; once every player is done the Guard tokens leave the battlefield, objective tokens stay (T68)."""
    game = hold_the_line()
    assert game.state.players[A].deck == "champions-hold-the-line"
    token = next(t for t in game.state.tokens if t.number == 1)
    game = give(arrange(game, A1=token.hex), A, "hold-objective-1")
    act(game, game.state.active_side, Guard(fighter=f"{game.state.active_side}2"))
    pass_power(game)
    for _ in range(7):
        act_turn(game, Pass())
        pass_power(game)
    while game.state.step == "end":
        act_turn(game, Pass())
    scored = [e.body for e in game.log if e.kind == "uw.scored"]
    assert [(b.side, b.card, b.glory) for b in scored] == [(A, "hold-objective-1", 1)]  # type: ignore[attr-defined]
    assert game.state.players[A].glory == 1 and len(hand(game, A, "objectives")) == 3
    assert "hold-objective-1" in game.state.decks["objectives-A"].piles["scored"]
    assert not any(f.guard for f in game.state.fighters.values()) and len(game.state.tokens) == 5
    assert game.pending[0].kind == "first-activation" and game.pending[0].context["round"] == "2"


def test_round_three_is_scoring_only_and_then_the_game_ends() -> None:
    """T66, L711: no discards, upgrades or draws in round 3's end phase; then the winner by glory (L713)."""
    game = ready()
    for round_ in (1, 2):
        to_end_phase(game)
        while game.state.step == "end":
            act_turn(game, Pass())
        assert game.state.round == round_ + 1 or game.pending
        while game.pending:
            decide(game, side=game.pending[0].owner)
    game = extend(game, GloryGained(side=B, amount=2, source="test", why="a test"))
    for _ in range(8):
        act_turn(game, Pass())
        pass_power(game)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason is EndReason.SCORE and outcome.winner == B
    assert game.state.step == "over"


def test_discarding_and_passing_in_ones_end_phase() -> None:
    game = ready()
    to_end_phase(game)
    side = game.state.active_side
    other = B if side == A else A
    card = hand(game, side)[0]
    refused(game, Discard(card=card), actor(other), "L703", error=IllegalCommand)
    act(game, side, Discard(card=card))
    assert card in game.state.decks[f"power-{side}"].piles["discard"] and len(hand(game, side)) == 4
    act(game, side, Pass())
    assert len(hand(game, side)) == 5 and game.state.active_side == other


def test_glory_ties_are_broken_by_fighters_left_then_objective_tokens_held() -> None:
    """T69-T72, L713: most glory; then a warband with fighters left; then objective tokens held; else a draw."""
    game = ready()
    tokens = [t.hex for t in game.state.tokens]
    state = game.state.model_copy(update={"step": "over"}, deep=True)
    uw = system()
    assert uw.outcome(state).draw  # type: ignore[union-attr]
    holding = arrange(game, A1=tokens[0], A2=tokens[1], B1=tokens[2]).state.model_copy(update={"step": "over"})
    assert uw.outcome(holding).winner == A  # type: ignore[union-attr]
    wiped = arrange(game, B1=None, B2=None, B3=None, B4=None, B5=None).state.model_copy(update={"step": "over"})
    result = uw.outcome(wiped)
    assert result is not None and result.winner == A and not result.draw
    richer = extend(game, GloryGained(side=B, amount=1, source="t", why="t")).state.model_copy(update={"step": "over"})
    assert uw.outcome(richer).winner == B  # type: ignore[union-attr]


@pytest.mark.parametrize("seed", ["one", "two", "three"])
def test_whole_bot_games_end_with_a_winner_and_replay_to_the_same_state(seed: str) -> None:
    game = new_game(seed, bots=True)
    for _ in range(600):
        if game.is_over():
            break
        to_act = game.to_act()
        side = to_act.sides[0]
        move = game.system.bot_move(game.state, side, lambda c, s=side: game.allows(c, Actor(user=BOT_USER, side=s)))
        assert move is not None, (game.state.step, to_act)
        game.apply_bot(side, move)
    assert game.is_over() and game.state.round == 3
    replayed = fold(game.system, game.setup, game.log)
    assert replayed.fingerprint() == game.state.fingerprint()
    again = Game.from_records(game.system, game.setup, seed, game.records())
    assert again.state.fingerprint() == game.state.fingerprint()
    assert game.system.view(game.state, SPECTATOR).outcome is not None
