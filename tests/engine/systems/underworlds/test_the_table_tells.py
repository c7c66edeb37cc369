"""What an Underworlds table tells its players: the picture's header (round, phase, glory, activations left) and the
attack's line with its dice and result, a cross where a fighter fell, the odds of each target before an attack is
chosen, and where to find the hexes a fighter can reach when a Move is too long."""

from __future__ import annotations

import re

from bot.core.queries import status_line
from engine.core import SPECTATOR, OverlayKind, Viewer
from engine.systems.underworlds.events import Damaged
from tests.engine.systems.underworlds.table import (
    A,
    act,
    act_turn,
    actor,
    arrange,
    extend,
    pass_power,
    ready,
    rig,
    turn_of,
)
from tests.engine.systems.underworlds.typed import Attack, Move, Pass
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


def test_the_move_menu_offers_hexes_nearest_first_each_named_as_a_hex_with_its_steps() -> None:
    """L403: a Move goes up to the fighter's Move in hexes; its menu lists where it may end nearest first, each
    entry saying it is a hex (hex ids and fighter ids share a form: B5 is a hex and a Reaver) and how many hexes
    away it is by the shortest route, with those hexes ringed on the picture that comes with the menu."""
    game = arrange(ready(), **POSITIONS)
    turn_of(game, A)
    move = game.system.action(("move",), None)
    assert move is not None and move.declaration is not None
    asked = game.system.declarations.question(game.system, game.state, move.declaration, Viewer.of_side(A), A,
                                              {"model": "A3"})
    assert asked is not None
    steps = []
    for raw, choice in asked.entries:
        found = re.fullmatch(rf"hex {raw} \((?:objective \d, )?(\d+) hex(es)? away\)", choice.shown)
        assert found is not None, choice.shown
        steps.append(int(found.group(1)))
        assert choice.overlay is not None and choice.overlay.kind is OverlayKind.RING
        assert choice.overlay.key == "a hex A3 can move to (its steps in the menu)", "the key says what is ringed"
    assert steps == sorted(steps) and steps[0] == 1 and steps[-1] == 3


def test_status_the_picture_and_its_header_agree_from_the_moment_round_two_is_announced() -> None:
    """L391: each round's action phase begins with the roll-off for its first activation; from "Round 2: the action
    phase" on, /status, the picture's header and its title all read round 2 from the core's one flow record."""
    game = ready()
    for _ in range(8):
        act_turn(game, Pass())
        pass_power(game)
    while game.state.step == "end":
        act_turn(game, Pass())
    announced = [line.text for line in game.log_view(SPECTATOR).lines if line.text.startswith("Round 2:")]
    assert announced == ["Round 2: the action phase."] and game.pending, "the first activation is being chosen"
    board = game.board(SPECTATOR)
    assert board is not None and board.header is not None
    assert board.header.line().startswith("Round 2 | action phase | first step | ")
    assert status_line(game).startswith("Warhammer Underworlds, round 2, action phase, first step, ")
    assert "round" not in board.title.lower() and "step" not in board.title.lower(), "the header says it, once"


def test_each_charge_target_and_end_hex_is_offered_with_its_chance_of_success() -> None:
    """L569: a Charge moves, then attacks from where it ends; the enemies it reaches are offered with their best
    chance over the hexes it may end on, and each of those hexes with the attack's chance from there."""
    game = arrange(ready(), **POSITIONS)
    turn_of(game, A)
    charge = game.system.action(("act",), "charge")
    assert charge is not None
    (target,) = charge.sources["target"](game.state, Viewer.of_side(A), {"model": "A2"})
    assert target.value == "B1" and re.fullmatch(r"B1 Garrek Gorebeard \(up to \d+% to succeed\)", target.shown)
    ends = charge.sources["to"](game.state, Viewer.of_side(A), {"model": "A2", "target": "B1"})
    assert ends and all(re.fullmatch(rf"hex {end.value} \(\d+% to succeed\)", end.shown) for end in ends)
    best = max(int(end.shown.split("(")[1].split("%")[0]) for end in ends)
    assert target.shown.endswith(f"(up to {best}% to succeed)")
    fighters = charge.sources["model"](game.state, Viewer.of_side(A), {})
    assert {f.value for f in fighters} <= {"A1", "A2", "A3"} and "A2" in {f.value for f in fighters}, \
        "the fighters that can charge, not those still to be placed"


def test_with_three_players_the_headers_counts_read_by_side_as_its_glory_does() -> None:
    """L391, L825: activations go round the table from whoever goes first, but the picture's header lists each side's
    glory and activations left in one order, by side, whoever took the first activation."""
    game = ready("s2", sides=3)
    assert game.state.order[0] == "C", "this seed gives side C the first activation"
    (counts,) = game.system.counts(game.state)
    assert counts == "activations left A 4, B 4, C 4"


def test_bare_board_draws_the_whole_board_while_a_zoom_and_the_announcements_crop() -> None:
    """Newcomer finding 19: after an attack the picture that announces it is cropped to the action; a player asking
    ``/board`` expects the whole battlefield, and ``/board zoom:A1`` the model's surroundings."""
    from bot.core.parsing import Invocation
    from bot.core.pictures import board_picture
    from bot.core.queries import answer_query
    from engine.core import UserId

    game = arrange(ready(), **POSITIONS)
    turn_of(game, A)
    rig(game, "crit", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    (announced,) = board_picture(game)
    assert announced.crop is not None, "the attack's line crops the announcement"
    (answer,) = answer_query(game, UserId("alice"), Invocation(path=("board",)), A)
    assert [p.crop for p in answer.pictures] == [None]
    (zoomed,) = answer_query(game, UserId("alice"), Invocation(path=("board",), options={"zoom": "A1"}), A)
    assert zoomed.pictures[0].crop is not None
