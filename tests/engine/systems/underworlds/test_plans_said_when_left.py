"""A plan of placements is told its player only for what is still to place once their command is done (newcomer
finding 21): when both players queue their fighters, one command carries out both plans turn by turn (L385), and
"On your next turns you place ..." for fighters already placed in that very command was stale."""

from __future__ import annotations

from engine.core import Answer
from tests.engine.systems.underworlds.table import A, B, act, actor, decide, new_game
from tests.engine.systems.underworlds.test_setup_flow import _to_mulligan
from tests.engine.systems.underworlds.typed import PlaceFighter


def test_a_plan_carried_out_in_the_same_command_as_the_other_players_is_not_told_for_later() -> None:
    game = _to_mulligan(new_game())
    for decision in list(game.pending):
        game.apply(Answer(decision_id=decision.id, answers={"redo": "keep"}), actor(decision.owner))
    decide(game, side="A")
    board = game.system.lib.board(game.state)
    mine = sorted(board.id_of(h) for h in board.hexes_with("starting") if board.region_of(h) == B)
    theirs = sorted(board.id_of(h) for h in board.hexes_with("starting") if board.region_of(h) == A)
    first = act(game, A, PlaceFighter(fighter="A1,A2,A3", to=",".join(theirs[:3])))
    told = [e.body.describe() for e in first if "On your next turns" in e.body.describe()]
    assert told == [f"On your next turns you place A2 on hex {theirs[1]}, A3 on hex {theirs[2]}."], \
        "side B has placed nothing yet: A2 and A3 wait for A's next turns"
    events = act(game, B, PlaceFighter(fighter="B1,B2,B3,B4,B5", to=",".join(mine[:5])))
    assert [game.state.fighters[f"A{n}"].hex for n in (1, 2, 3)] == theirs[:3]
    assert [game.state.fighters[f"B{n}"].hex for n in range(1, 6)] == mine[:5] and not game.state.queued
    assert not [e for e in events if "On your next turns" in e.body.describe()], "both plans are done: none told"


def test_what_a_command_leaves_to_place_is_told_after_what_it_placed() -> None:
    game = _to_mulligan(new_game())
    for decision in list(game.pending):
        game.apply(Answer(decision_id=decision.id, answers={"redo": "keep"}), actor(decision.owner))
    decide(game, side="A")
    board = game.system.lib.board(game.state)
    mine = sorted(board.id_of(h) for h in board.hexes_with("starting") if board.region_of(h) == B)
    theirs = sorted(board.id_of(h) for h in board.hexes_with("starting") if board.region_of(h) == A)
    act(game, A, PlaceFighter(fighter="A1,A2", to=",".join(theirs[:2])))
    events = act(game, B, PlaceFighter(fighter="B1,B2,B3,B4", to=",".join(mine[:4])))
    lines = [e.body.describe() for e in events if e.body.describe()]
    assert lines[-1] == f"On your next turns you place B3 on hex {mine[2]}, B4 on hex {mine[3]}.", lines
    assert game.state.queued[B] == [("B3", mine[2]), ("B4", mine[3])] and game.state.active_side == A
