"""The rulings' other options, refereed (``data/underworlds/rulings.yaml``): each test plays the same moment under
the default and under the alternative, citing the rulebook lines the ruling reads."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from engine.core import REACTION, SPECTATOR, Answer, DiceRolled, IllegalCommand, InvalidCommand, Viewer
from engine.systems.underworlds.commands import AutoSetup, ImportCards
from engine.systems.underworlds.events import Damaged, Inspired, ObjectiveScored, TakenOut, UpgradeGiven
from engine.systems.underworlds.game_state import TakeOutRecord
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.schema import Card, DieFaces
from engine.systems.underworlds.turns import reaction_order
from tests.engine.systems.underworlds.table import (
    HOST,
    UW,
    A,
    B,
    C,
    act,
    actor,
    arrange,
    by_default,
    decide,
    extend,
    give,
    hand,
    new_game,
    pass_power,
    pass_until,
    placement,
    ready,
    rig,
    turn_of,
)
from tests.engine.systems.underworlds.test_ploys_in_play import POSITIONS, attacks, my_power_turn, play, settle
from tests.engine.systems.underworlds.typed import AddCard, Attack, Charge, Discard, Guard, Move, Pass
from tests.refusals import refused, refusing


def scene(rulings: dict[str, str], seed: str = "uw-test", **moved: str | None) -> UW:
    """The ploy tests' positions, on a table with these rulings."""
    return arrange(ready(seed, rulings=rulings), **{**POSITIONS, **moved})


def _upgrade(game: UW, fighter: str, card: str) -> UW:
    return extend(game, UpgradeGiven(side=fighter[0], fighter=fighter, card=card, name=card))  # type: ignore[arg-type]


@pytest.mark.parametrize(("option", "outcome"), [("hammer-and-swords", "success"), ("swords-added", "fail")])
def test_berserk_charge_under_blood_rain_counts_hammers_only_by_the_default(option: str, outcome: str) -> None:
    """L339, L617 (symbols lost): Blooded Saek charges with Berserk Charge in an activation where Blood Rain makes
    every attack's symbol swords, and rolls two hammers. Read as "hammer and swords" both count; read as "swords as
    well as the attack's own symbol" (now swords) the hammers do not."""
    game = _upgrade(give(scene({"berserk-charge-symbols": option}, B3="D3", A1="D6"), B, "blood-rain"), "B3",
                    "berserk-charge")
    my_power_turn(game, B, after_own=False)
    play(game, B, "blood-rain")
    pass_power(game)
    rig(game, "hammer", "hammer", "dodge")
    act(game, B, Charge(fighter="B3", to="E5", target="A1"))
    assert attacks(game)[-1].outcome.startswith(outcome)


def _final_blow_takes_out_the_attacker(rulings: dict[str, Any]) -> UW:
    """Severin (one wound left, carrying Disengage) takes Garrek out; side B answers with Final Blow, whose damage
    takes Severin out: a ploy played as a reaction takes a fighter out of action. Karsus stands two hexes from
    Angharad, so Fuelled by Slaughter would have an Attack action to make (L575)."""
    game = scene(rulings, A1="D6", B1="D5", B2="F5")
    lib = game.system.lib
    wounds = lib.side_of_card(game.state.fighters["A1"]).wounds
    game = extend(give(game, B, "final-blow", "fuelled-by-slaughter"), Damaged(fighter="B1", amount=3, wounds=3),
                  Damaged(fighter="A1", amount=wounds - 1, wounds=wounds - 1))
    game = _upgrade(game, "A1", "disengage")
    turn_of(game, A)
    rig(game, "hammer", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",), attack="Disengage"))
    offer = next(d for d in game.pending if d.core == REACTION and d.owner == B)
    game.apply(Answer(decision_id=offer.id, choice="ploy:final-blow"), actor(B))
    assert game.state.fighters["A1"].out_of_action
    return game


@pytest.mark.parametrize(("option", "window"), [("yes", True), ("no", False)])
def test_a_ploy_played_as_a_reaction_is_a_ploy_for_reactions_by_the_default(option: str, window: bool) -> None:
    """L631-L633: Final Blow, a reaction ploy, takes Severin out. Under "yes" that is a ploy taking a fighter out,
    and reactions to it (Fuelled by Slaughter) are offered; under "no" only ploys played in a power step count."""
    game = _final_blow_takes_out_the_attacker({"ploy-reactions-are-ploys": option})
    opened = [w for w in game.state.windows if w.context.get("by") == "ploy"]
    assert bool(opened) is window
    if window:
        assert opened[0].shown == "side B's ploy taking A1 out of action"


@pytest.mark.parametrize("option", ["draw", "roll-off"])
def test_tied_glory_with_both_warbands_wiped_out_is_a_draw_or_a_roll_off(option: str) -> None:
    """L713: most glory wins, then a player with fighters left; with glory tied and no fighter left on either side
    the book says nothing more: a draw by default, a roll-off under the alternative."""
    game = ready("wiped", rulings={"both-wiped-out": option, "objective-evaluation": "claim-and-confirm"})
    pass_until(game, lambda g: g.state.round == 3 and g.state.step == "activation")
    game = arrange(game, **dict.fromkeys(game.state.fighters))
    pass_until(game, lambda g: False)
    outcome = game.outcome()
    assert outcome is not None and outcome.scores == {A: 0, B: 0}
    if option == "draw":
        assert outcome.draw and set(outcome.winners) == {A, B}
    else:
        assert not outcome.draw and outcome.winner in (A, B)
        assert any(e.kind == "uw.game.rolled" for e in game.log)


def _three_choosing(rulings: dict[str, str]) -> UW:
    """Three players choosing warbands in secret, so the dice can be rigged before the board roll-offs."""
    return new_game("fewest", sides=3, scenario="choose", rulings=rulings)


def _to_the_boards(game: UW) -> None:
    for kind in ("warband", "deck"):
        for decision in [d for d in game.pending if d.parts[0].key == kind]:
            game.apply(Answer(decision_id=decision.id, answers={kind: decision.parts[0].default or ""}),
                       actor(decision.owner))


@pytest.mark.parametrize(("option", "order"), [("ranking-lowest", [C, A, B]), ("most-criticals-last", [B, C, A])])
def test_the_fewest_successes_place_a_board_first(option: str, order: list[str]) -> None:
    """L755, L793: with three players the fewest successes place first, the rest roll again for each place.
    First roll: A two criticals; B one and two double supports; C one and a single support. Ranked as a roll-off
    (criticals, then the tie-break symbols) C is last and places; then A (a double support) against B (a
    critical): A places. Counting criticals alone B and C tie and roll again: B none, C one, so B places; then A
    (a critical) against C (none): C places."""
    game = _three_choosing({"roll-off-fewest": option})
    x = "hammer"
    rig(game, "crit", "crit", x, x, "crit", "double support", "double support", x, "crit", "support", x, x,
        "double support", x, x, x, "crit", x, x, x,
        "crit", x, x, x, x, x, x, x)
    _to_the_boards(game)
    assert game.state.order == order


def test_players_tied_for_the_fewest_successes_roll_again_to_see_who_places_first() -> None:
    """L755, L759: A rolls a critical, B and C nothing that counts, tied on every count for the fewest; the tie
    is no order of seats: B and C roll again, B a critical and C none, so C places first; then A (a critical)
    against B (nothing): B places, A last."""
    game = _three_choosing({})
    x = "hammer"
    rig(game, "crit", x, x, x, x, x, x, x, x, x, x, x,
        "crit", x, x, x, x, x, x, x,
        "crit", x, x, x, x, x, x, x)
    _to_the_boards(game)
    assert game.state.order == [C, B, A]


HEAVE = Card.model_validate({
    "id": "heave", "name": "Heave", "number": 902, "code": 9902, "type": "ploy", "warband": "universal",
    "summary": "Push an enemy fighter two hexes.", "source": "a house card", "choose": {"fighters": "enemy"},
    "effects": [{"kind": "push", "who": "chosen", "hexes": 2}]})


def _heave_on_b1(rulings: dict[str, str]) -> tuple[UW, str, str]:
    """Side A holds Heave (a player's own card: push an enemy two hexes); B1 stands in the open with fighters on
    five of its six sides, the sixth (the first hex of any push) open, and a fighter just beyond it. Returns the
    game, the open hex and the hex straight beyond it."""
    game = scene(rulings)
    board = game.system.lib.board(game.state)
    middle = next(h for h in sorted(board.hexes, key=lambda h: (abs(h.r - 5), abs(h.q + h.r // 2 - 4)))
                  if all(n in board and not board.is_blocked(n) for n in h.neighbours())
                  and all(board.passable(m) for n in h.neighbours() for m in n.neighbours() if m in board))
    first, *walls = middle.neighbours()
    beyond = first + (first - middle)
    blockers = ["A1", "A2", "A3", "B2", "B3", "B4"]
    spots = {f: board.id_of(h) for f, h in zip(blockers, [*walls, beyond], strict=True)}
    game = arrange(game, B1=board.id_of(middle), B5=None, **spots)
    act(game, A, ImportCards(cards=(HEAVE,)))
    act(game, A, AddCard(card="heave"))
    my_power_turn(game, A)
    play(game, A, "heave", model="B1")
    return game, board.id_of(first), board.id_of(beyond)


def test_a_push_of_two_hexes_goes_any_free_way_or_straight_on() -> None:
    """L413, L865 (ruling push-path): the first step has one open hex, so it is made at once; then a two-hex push
    may go into any free hex by default (back where it began included), but pushed straight only on in the first
    step's direction, here blocked, so it stops."""
    game, first, _ = _heave_on_b1({})
    assert game.state.fighters["B1"].hex == first
    assert len(game.pending[0].parts[0].options) == 3
    game, first, _ = _heave_on_b1({"push-path": "straight"})
    assert game.state.fighters["B1"].hex == first and not game.pending
    assert any("cannot be pushed further" in e.body.describe() for e in game.log)


@pytest.mark.parametrize(("option", "moved"), [("as-far-as-possible", True), ("all-or-nothing", False)])
def test_a_push_that_cannot_go_the_whole_way_goes_as_far_as_it_can_or_not_at_all(option: str, moved: bool) -> None:
    """L413 (ruling push-exact), with pushes straight on: B1 can be pushed one hex but not two."""
    game, first, _ = _heave_on_b1({"push-path": "straight", "push-exact": option})
    assert (game.state.fighters["B1"].hex == first) is moved and not game.pending
    assert any("cannot go the whole 2 hexes" in e.body.describe() for e in game.log) is not moved


def test_do_overs_may_be_decided_openly_one_player_after_another() -> None:
    """L317 (ruling do-over: once-each-in-turn): a roll-off orders the players; each in turn, in the open, keeps
    both hands or redraws one or both; then the fighters are placed."""
    game = new_game("in-turn", rulings={"do-over": "once-each-in-turn"})
    for _ in range(20):
        if game.state.step == "mulligan":
            break
        if game.pending:
            decide(game, **{p.key: p.default or p.options[0].key for p in game.pending[0].parts})
        else:
            side = game.state.active_side or A
            command = placement(game, side)
            assert command is not None
            act(game, side, command)
    first, second = game.state.order
    (asked,) = game.pending
    assert asked.owner == first and not asked.secret and asked.kind == "do-over"
    old = hand(game, first, "objectives")
    decide(game, redo="objectives")
    assert not set(hand(game, first, "objectives")) & set(old)
    said = [line.text for line in game.log_view(SPECTATOR).lines]
    assert f"Side {first} decides: Redraw the objective cards." in said
    (asked,) = game.pending
    assert asked.owner == second
    decide(game, redo="keep")
    assert game.state.step == "fighters"


def test_the_player_placing_the_boards_may_pick_which_side_of_each_faces_up() -> None:
    """L143 (ruling board-side-choice: placer-picks-sides): the roll-off loser chooses a board, the winner which
    side of it faces up, as well as their own board and the join."""
    game = new_game("sides", rulings={"board-side-choice": "placer-picks-sides"})
    (asked,) = game.pending
    assert [o.key for o in asked.parts[0].options][:2] == ["shadespire-board-1", "shadespire-board-2"]
    assert asked.parts[0].options[0].label == "Mirror Well / Shyishian Stardial"
    decide(game, board="shadespire-board-1")
    (asked,) = game.pending
    assert [o.key for o in asked.parts[0].options] == ["mirror-well", "shyishian-stardial"]
    decide(game, **{"first-side": "shyishian-stardial", "board": "katophranes-reliquary", "join": "long",
                    "slide": "+0", "turned": "none"})
    assert game.state.field.boards == ["shyishian-stardial", "katophranes-reliquary"]
    assert game.state.step == "tokens"


STUDY = Card.model_validate({
    "id": "study-the-field", "name": "Study the Field", "number": 903, "code": 9903, "type": "ploy",
    "warband": "universal", "summary": "Draw an objective card.", "source": "a house card",
    "effects": [{"kind": "draw", "deck": "objective", "count": 1}]})


@pytest.mark.parametrize("option", ["not-drawn", "draw-then-discard"])
def test_a_fourth_objective_is_not_drawn_or_drawn_and_one_discarded(option: str) -> None:
    """T63, L295, L861 (ruling objective-hand-limit): side A holds three objectives and plays a player's own ploy that
    draws one. Not drawn by default; under the alternative drawn, then A discards one in secret, down to three."""
    game = scene({"objective-hand-limit": option})
    act(game, A, ImportCards(cards=(STUDY,)))
    act(game, A, AddCard(card="study-the-field"))
    my_power_turn(game, A)
    held = hand(game, A, "objectives")
    left = len(game.state.decks["objectives-A"].piles["draw"])
    play(game, A, "study-the-field")
    if option == "not-drawn":
        assert hand(game, A, "objectives") == held and not game.pending
        return
    (asked,) = game.pending
    assert asked.secret and asked.owner == A and len(asked.parts[0].options) == 4
    decide(game, discard=held[0])
    assert len(hand(game, A, "objectives")) == 3 and held[0] not in hand(game, A, "objectives")
    assert game.state.decks["objectives-A"].piles["discard"] == [held[0]]
    assert len(game.state.decks["objectives-A"].piles["draw"]) == left - 1


@pytest.mark.parametrize(("option", "support", "outcome"), [("at-the-roll", 0, "success"),
                                                             ("at-declaration", 1, "fail")])
def test_support_for_a_later_target_is_counted_at_its_roll_or_when_the_targets_are_chosen(
        option: str, support: int, outcome: str) -> None:
    """L519-L529 (ruling support-timing): Severin (Inspired, so with Mighty Swing) targets both adjacent Reavers,
    B1 first, and takes B1 out. At B2's roll nobody supports B2 any more; counted when the targets were chosen, B1
    still does, so B2's single support counts and the 1-1 tie fails (B2 is not trapped)."""
    game = scene({"support-timing": option}, B1="D6", B2="C7")
    wounds = game.system.lib.side_of_card(game.state.fighters["B1"]).wounds
    game = extend(game, Damaged(fighter="B1", amount=wounds - 2, wounds=wounds - 2),
                  Inspired(fighters=["A1"], why="a test"))
    turn_of(game, A)
    rig(game, "crit", "crit", "block", "hammer", "swords", "support")
    act(game, A, Attack(fighter="A1", targets=("B1", "B2"), attack="Mighty Swing"))
    settle(game)
    first, second = attacks(game)[-2:]
    assert first.target == "B1" and game.state.fighters["B1"].out_of_action
    assert second.target == "B2" and second.outcome.startswith(outcome)
    assert f"Support: 0 for the attacker, {support} for the target" in " ".join(second.lines)


@pytest.mark.parametrize("option", ["player-by-player", "step-by-step"])
def test_the_end_phase_runs_player_by_player_or_part_by_part(option: str) -> None:
    """L703, L877 (ruling end-phase-order): the first player discards an objective card and passes. Player by
    player they draw up at once and the next player's end phase begins; part by part every player discards
    objectives first, nobody draws until the last part, and power cards wait for their own part. Nobody has glory
    to spend, so the upgrades part passes everybody over."""
    game = ready(rulings={"end-phase-order": option})
    for _ in range(8):
        act(game, game.state.active_side or A, Pass())
        pass_power(game)
    first = game.state.active_side
    assert game.state.step == "end" and first is not None
    second = B if first == A else A
    objective, power = hand(game, first, "objectives")[0], hand(game, first)[0]
    if option == "step-by-step":
        assert game.state.end_stage == "discard-objectives"
        refused(game, Discard(card=power), actor(first), "discarded in the part discard-power", error=IllegalCommand)
    act(game, first, Discard(card=objective))
    act(game, first, Pass())
    assert game.state.active_side == second
    if option == "player-by-player":
        assert len(hand(game, first, "objectives")) == 3
        return
    assert len(hand(game, first, "objectives")) == 2 and game.state.end_stage == "discard-objectives"
    said = " ".join(game.system.help(game.state, Viewer.of_side(second)))
    assert "Your turn in the end phase's part discard-objectives" in said
    assert "Wait for side" in " ".join(game.system.help(game.state, Viewer.of_side(first)))
    act(game, second, Pass())
    assert game.state.end_stage == "discard-power" and game.state.active_side == first
    act(game, first, Discard(card=power))
    act(game, first, Pass())
    act(game, second, Pass())
    assert game.state.step == "first"  # round 2's roll-off for the first activation
    assert len(hand(game, first, "objectives")) == 3 and len(hand(game, first)) == 5


def test_a_table_refusing_dead_end_layouts_still_joins_the_core_boards() -> None:
    """L307, L311 (ruling objective-placement-dead-end: refuse-layout): the battlefield is checked for a way of
    placing tokens that leaves one nowhere to go, even on an edge; the core boards have none, so they join and the
    tokens are placed (the search itself is tested in test_boards.py)."""
    game = new_game("dead-end", rulings={"objective-placement-dead-end": "refuse-layout"})
    for _ in range(3):
        if game.state.step == "tokens":
            break
        decide(game, **{p.key: p.default or p.options[0].key for p in game.pending[0].parts})
    assert game.state.step == "tokens" and game.state.field.layout


def _table_dice(attack: str, defence: str) -> tuple[DieFaces, ...]:
    """Dice showing one symbol on every face (the attack die one critical, so roll-offs end)."""
    return (DieFaces(id="attack", faces=(attack,) * 5 + ("crit",), source="the table's own dice"),
            DieFaces(id="defence", faces=(defence,) * 6, source="the table's own dice"))


def test_the_public_dice_are_rolled_and_a_tables_own_refused_by_default() -> None:
    """L453, L509, L841 (symbols lost; ruling dice-faces: public-lists)."""
    game = scene({})
    with refusing(game, "rules:dice-faces=table-entered", error=IllegalCommand):
        act(game, A, ImportCards(dice=_table_dice("hammer", "block")))


def test_a_table_that_rolls_its_own_dice_enters_them_before_the_first_roll() -> None:
    """L453, L509, L841 (ruling dice-faces: table-entered): the set-up waits for the table's dice (here an attack
    die of five hammers and a critical, a defence die of blocks); the boards' roll-off and every later roll show
    their faces."""
    game = new_game("own-dice", rulings={"dice-faces": "table-entered"})
    assert game.state.step == "dice" and not game.pending
    act(game, A, ImportCards(dice=_table_dice("hammer", "block")))
    assert game.state.dice == {"attack": ["hammer"] * 5 + ["crit"], "defence": ["block"] * 6}
    assert game.state.step == "boards"
    rolled = [roll.label for e in game.log if isinstance(e.body, DiceRolled) for roll in e.body.rolls]
    assert rolled and set(rolled) <= {"hammer", "crit"}
    game.apply(AutoSetup(), HOST)
    game = arrange(game, **{**POSITIONS, "A1": "D6"})
    turn_of(game, A)
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    made = attacks(game)[-1]
    assert set(made.attack_roll) <= {"hammer", "crit"} and set(made.defence_roll) == {"block"}


def test_a_die_face_the_die_cannot_show_or_an_attack_die_that_cannot_settle_a_roll_off_is_refused() -> None:
    with pytest.raises(ValidationError, match='"block" is not a face of the attack die'):
        DieFaces(id="attack", faces=("crit", "hammer", "hammer", "swords", "support", "block"), source="mine")
    with pytest.raises(ValidationError, match="would tie for ever"):
        DieFaces(id="attack", faces=("hammer",) * 6, source="mine")


@pytest.mark.parametrize(("option", "first"), [("sequencing-roll-off", B), ("active-player-first", A)])
def test_objectives_both_players_score_after_one_action_go_by_a_roll_off_or_the_active_player(
        option: str, first: str) -> None:
    """L149, L707 (ruling simultaneous-objectives): each warband has taken two enemy fighters out this phase, so
    after A's next activation (a pass) A's Awe-Inspiring and B's Draw the Gaze of Khorne both score. By the
    default the players roll off, as for abilities resolving at the same time, and B's critical wins it: B scores
    first; under the alternative the active player, A, does."""
    game = give(give(scene({"simultaneous-objectives": option}), A, "awe-inspiring"), B, "draw-the-gaze-of-khorne")
    turn_of(game, A)
    game = extend(game, *(TakenOut(record=TakeOutRecord(victim=victim, by=by, by_fighter=f"{by}1"))
                          for victim, by in (("B4", A), ("B5", A), ("A2", B), ("A3", B))))
    rig(game, "hammer", "hammer", "hammer", "hammer", "crit", "hammer", "hammer", "hammer")
    act(game, A, Pass())
    scored = [(e.body.side, e.body.card) for e in game.log if isinstance(e.body, ObjectiveScored)]
    assert set(scored) == {(A, "awe-inspiring"), (B, "draw-the-gaze-of-khorne")} and scored[0][0] == first


@pytest.mark.parametrize(("option", "dice"), [("either-player", 2), ("own-next", 3)])
def test_a_next_activation_ploy_played_after_ones_own_activation_lapses_or_waits_for_ones_own(
        option: str, dice: int) -> None:
    """L605 (ruling next-activation-scope): B plays Khorne Calls (its first Attack action in the next activation
    rolls one more die) after its own activation. By the default the next activation is A's, so the card lapses
    unused; under ``own-next`` it waits for B's next activation, where Garrek rolls three dice."""
    game = give(scene({"next-activation-scope": option}, A1="D6"), B, "khorne-calls")
    my_power_turn(game, B)
    play(game, B, "khorne-calls")
    pass_power(game)
    act(game, A, Pass())
    pass_power(game)
    rig(game, *["hammer"] * dice, "block")
    act(game, B, Attack(fighter="B1", targets=("A1",)))
    assert len(attacks(game)[-1].attack_roll) == dice


@pytest.mark.parametrize(("option", "guarding"), [("end-of-phase", True), ("lost-on-move", False)])
def test_guard_lasts_through_a_move_by_the_default_or_is_lost(option: str, guarding: bool) -> None:
    """L573, L851 (ruling guard-duration): only a Charge ends Guard in the book; the house rule ends it with a
    Move too."""
    game = scene({"guard-duration": option})
    turn_of(game, A)
    act(game, A, Guard(fighter="A3"))
    pass_power(game)
    act(game, B, Pass())
    pass_power(game)
    act(game, A, Move(fighter="A3", to="B10"))
    assert game.state.fighters["A3"].guard is guarding


@pytest.mark.parametrize(("option", "inspired"), [("any-warband", True), ("enemy-only", False)])
def test_the_reavers_are_inspired_by_three_of_their_own_out_of_action_unless_only_enemies_count(
        option: str, inspired: bool) -> None:
    """L79, L861 (ruling inspire-counts-any-fighters): three Reavers out of action are three fighters out of action
    for Garrek's Inspire condition by the default; under ``enemy-only`` they are not."""
    game = scene({"inspire-counts-any-fighters": option}, B3=None, B4=None, B5=None)
    turn_of(game, A)
    act(game, A, Pass())
    assert game.state.fighters["B1"].inspired is inspired


def test_in_round_two_of_a_multiplayer_game_only_activations_go_anticlockwise_under_the_house_rule() -> None:
    """L825, L831 (ruling multiplayer-round-two-direction): by the default everything that goes clockwise goes
    anticlockwise in round 2, reactions included; under ``activations-only`` reactions still go clockwise."""
    for option, order in (("everything", [C, B, A]), ("activations-only", [C, A, B])):
        game = ready(sides=3, rulings={"multiplayer-round-two-direction": option})
        state = game.state.model_copy(update={"round": 2, "order": [A, C, B], "activation": 1})
        assert reaction_order(state, Referee.reading(game.system.lib, state).rules, (A, B, C)) == order


@pytest.mark.parametrize(("option", "winner"), [("holding", A), ("no-tie-break", None)])
def test_tied_glory_goes_to_the_most_objective_tokens_held_unless_holding_is_no_tie_break(
        option: str, winner: str | None) -> None:
    """L291, L713 (ruling controlling-objectives): glory tied and both warbands standing, A holding two tokens
    and B one wins by the default; under ``no-tie-break`` holding decides nothing and the game is a draw."""
    game = scene({"controlling-objectives": option})
    tokens = [t.hex for t in game.state.tokens]
    state = arrange(game, A1=tokens[0], A2=tokens[1], B1=tokens[2]).state.model_copy(update={"step": "over"})
    outcome = game.system.outcome(state)
    assert outcome is not None and outcome.winner == winner and outcome.draw is (winner is None)


@pytest.mark.parametrize(("option", "chained"), [("new-trigger", True), ("no-chains", False)])
def test_an_attack_a_reaction_made_may_itself_be_reacted_to_unless_chains_are_off(option: str, chained: bool) -> None:
    """L631, L633 (ruling reaction-chains): Severin takes Garrek out; B answers with Fuelled by Slaughter and
    Karsus's Brutal Chop takes Severin out. By the default that Attack action is a new trigger, so B may answer it
    with Skulls for the Skull Throne; under ``no-chains`` nothing may react to it."""
    game = give(scene({"reaction-chains": option}, B2="C6", A1="D6", B1="E5"), B, "fuelled-by-slaughter",
                "skulls-for-the-skull-throne")
    game = extend(game, Damaged(fighter="B1", amount=3, wounds=3), Damaged(fighter="A1", amount=2, wounds=2))
    turn_of(game, A)
    rig(game, "hammer", "hammer", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    offer = next(d for d in game.pending if d.core == REACTION and d.owner == B)
    game.apply(Answer(decision_id=offer.id, choice="ploy:fuelled-by-slaughter"), actor(B))
    decide(game, pick="B2")
    rig(game, "swords", "swords", "swords", "block")
    asked = game.pending[0]
    decide(game, attack=next(k for k in asked.parts[0].option_keys() if "Brutal Chop" in k))
    assert game.state.fighters["A1"].out_of_action
    offers = [d for d in game.pending if d.core == REACTION and d.owner == B]
    assert bool(offers and "ploy:skulls-for-the-skull-throne" in offers[0].parts[0].option_keys()) is chained


@pytest.mark.parametrize(("option", "first"), [("inspire-then-reactions", True), ("reactions-then-inspire", False)])
def test_inspire_comes_before_the_reactions_after_an_attack_by_the_default(option: str, first: bool) -> None:
    """L45, L689 (ruling attack-aftermath-order): with two Reavers already out, Severin takes Garrek out, the third
    fighter out of action. The Reavers are Inspired once the action is over: by the default before B is offered
    a reaction to it (Fuelled by Slaughter), under the alternative only after."""
    game = give(scene({"attack-aftermath-order": option}, A1="D6", B3=None, B4=None), B, "fuelled-by-slaughter")
    game = extend(game, Damaged(fighter="B1", amount=3, wounds=3))
    turn_of(game, A)
    rig(game, "hammer", "hammer", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert any(d.core == REACTION and d.owner == B for d in game.pending)
    assert game.state.fighters["B2"].inspired is first
    by_default(game)
    assert game.state.fighters["B2"].inspired


@pytest.mark.parametrize(("option", "kept"), [("keep-objective-tokens", 7), ("clear-all", 0)])
def test_a_multiplayer_round_ends_keeping_the_objective_tokens_unless_all_are_cleared(option: str, kept: int) -> None:
    """L703, L835 (ruling multiplayer-cleanup): the multiplayer end phase clears "all tokens"; by the default the
    objective tokens stay as in the two-player game, under ``clear-all`` they leave too."""
    game = ready(sides=3, rulings={"multiplayer-cleanup": option})
    assert len(game.state.tokens) == 7
    pass_until(game, lambda g: g.state.round == 2)
    assert len(game.state.tokens) == kept


@pytest.mark.parametrize(("option", "slid"), [("public-board-lists", True), ("flush-only", False)])
def test_boards_may_be_slid_along_their_edges_unless_the_table_joins_them_flush_only(option: str, slid: bool) -> None:
    """L143, L147 (ruling board-layouts): by the default the winner may slide the boards along the long edges while
    at least three hexes are completed; under ``flush-only`` only long edge to long edge, flush, is accepted."""
    game = new_game(rulings={"board-layouts": option})
    decide(game, board="mirror-well")
    choice = {"board": "shyishian-stardial", "join": "long", "slide": "+4", "turned": "none"}
    if slid:
        decide(game, **choice)
        assert game.state.field.layout == "long+4"
        return
    with refusing(game, r"'\+4' is not an option for slide; choose one of \+0", error=InvalidCommand):
        decide(game, **choice)
    decide(game, **{**choice, "slide": "+0"})
    assert game.state.field.layout == "long+0"


@pytest.mark.parametrize(("option", "size"), [("stacked", (8, 17)), ("fanned", (16, 11))])
def test_three_boards_in_a_fixed_format_are_stacked_by_the_default_or_fanned(option: str,
                                                                             size: tuple[int, int]) -> None:
    """L787-L797 (ruling multiplayer-layouts, the diagrams lost): three boards in the fixed format stand one above
    the next by the default, three boards' rows tall; fanned, two side by side under the third."""
    game = ready(sides=3, rulings={"multiplayer-layouts": option})
    assert game.state.field.layout == option and game.system.lib.board(game.state).size() == size
