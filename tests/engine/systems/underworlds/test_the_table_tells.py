"""What an Underworlds table tells its players: the picture's header (round, phase, glory, activations left) and the
attack's line with its dice and result, a cross where a fighter fell, the odds of each target before an attack is
chosen, and where to find the hexes a fighter can reach when a Move is too long."""

from __future__ import annotations

from engine.core import SPECTATOR, OverlayKind, Viewer
from engine.systems.underworlds.events import Damaged
from tests.engine.systems.underworlds.table import A, act, actor, arrange, extend, ready, rig, turn_of
from tests.engine.systems.underworlds.typed import Attack, Move
from tests.refusals import refused

POSITIONS = {"A1": "D7", "A2": "F7", "A3": "B9", "B1": "D6", "B2": "G2", "B3": "A1", "B4": "H1", "B5": "C1"}


def test_after_a_take_out_the_picture_tells_the_round_glory_activations_and_the_attack_that_did_it() -> None:
    """L391 (four activations each), L559 (a take-out's glory), L509 (the attack)."""
    game = extend(arrange(ready(), **POSITIONS), Damaged(fighter="B1", amount=2, wounds=2))
    turn_of(game, A)
    rig(game, "crit", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    board = game.board(SPECTATOR)
    assert board is not None and board.header is not None
    header = board.header.line()
    assert header.startswith("Round 1 | action phase") and "glory A 1, B 0" in header
    assert "activations left" in header and "A 3" in header
    fallen = next(m for m in board.models if m.id == "B1")
    assert fallen.out and fallen.cell == "D6", "a cross stays where it fell"
    (line,) = [o for o in board.overlays if o.kind is OverlayKind.SIGHT]
    assert line.label == "A1 attacks B1: crit, hammer vs block: succeeds, critical hit"


def test_each_target_is_offered_with_its_chance_of_success() -> None:
    game = arrange(ready(), **POSITIONS)
    turn_of(game, A)
    attack = game.system.action(("act",), "attack")
    assert attack is not None
    (choice,) = attack.sources["target"](game.state, Viewer.of_side(A), {"model": "A1"})
    assert choice.value == "B1" and choice.shown.startswith("B1 Garrek Gorebeard (") \
        and choice.shown.endswith("% to succeed)")


def test_a_move_too_long_points_to_the_hexes_the_fighter_can_reach() -> None:
    game = arrange(ready(), **POSITIONS)
    turn_of(game, A)
    refused(game, Move(fighter="A3", to="B1"), actor(A), r"needs \d+ steps to reach B1 but its Move is \d+; "
                                                         r"/move model:A3 alone lists the hexes it can reach")
