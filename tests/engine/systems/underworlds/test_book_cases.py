"""Independent rules cases written from the Underworlds core rulebook (not from the project's digest examples):
edge cases of range, line of sight, drive-back at range, support on both sides, Guard and Cleave, the common
activations, Guard lasting the phase, pushes that are not Move actions, and what the end phase allows."""

from __future__ import annotations

import pytest

from engine.core import RulesError
from engine.systems.underworlds.attack import Outcome
from engine.systems.underworlds.events import Damaged
from tests.engine.systems.underworlds.conftest import A, B, battle, fighter, open_field
from tests.engine.systems.underworlds.table import (
    UW,
    act,
    act_turn,
    actor,
    arrange,
    decide,
    extend,
    give,
    glory,
    hand,
    pass_power,
    ready,
    rig,
    turn_of,
)
from tests.engine.systems.underworlds.test_attack import dice, hit
from tests.engine.systems.underworlds.typed import (
    Attack,
    Discard,
    DrawPower,
    Guard,
    Move,
    Pass,
    PlayCard,
    SwapObjective,
)
from tests.refusals import refused

POSITIONS = {"A1": "D7", "A2": "F7", "A3": "B9", "B1": "D5", "B2": "G2", "B3": "A1", "B4": "H1", "B5": "C1"}


def duel() -> UW:
    """Severin (A1, Move 3, Defence 1 block) on D7 and Garrek (B1, Defence 1 dodge) on D5; the rest far off."""
    return arrange(ready(), **POSITIONS)


def distances(cells: tuple[str, ...], origin: str) -> set[int]:
    board = open_field()
    return {board.hex_of(c).distance(board.hex_of(origin)) for c in cells}


# --- Range and line of sight -------------------------------------------------------------------------------


def test_a_range_three_attack_reaches_exactly_three_hexes_and_not_four() -> None:
    """Underworlds core rulebook, L423: Range 2 or more reaches fighters within that number of hexes."""
    three = battle(("att", A, "D5"), ("tgt", B, "G5"))
    assert hit(["hammer", "hammer"], ["dodge"], where=three, attack=dice(2, range=3)).succeeded
    four = battle(("att", A, "D5"), ("tgt", B, "H5"))
    with pytest.raises(RulesError, match="4 hexes away"):
        hit(["hammer", "hammer"], ["dodge"], where=four, attack=dice(2, range=3))


def test_fighters_in_between_do_not_block_line_of_sight() -> None:
    """L491: fighters do not block line of sight; a Range 2 attack passes a fighter of either side."""
    for side in (A, B):
        where = battle(("att", A, "D5"), ("tgt", B, "F5"), ("mid", side, "E5"))
        assert hit(["hammer", "hammer"], ["dodge"], where=where, attack=dice(2, range=2)).damage == 2


@pytest.mark.parametrize("wall", ["D4", "E5"])
def test_a_line_along_the_edge_of_a_blocked_hex_touches_it(wall: str) -> None:
    """L491: a line that touches a blocked hex gives no sight. D5 to E4 runs along the edge shared by D4 and
    E5, so either one blocked stops it."""
    where = battle(("att", A, "D5"), ("tgt", B, "E4"), blocked=(wall,))
    with pytest.raises(RulesError, match="no line of sight"):
        hit(["hammer", "hammer"], ["dodge"], where=where, attack=dice(2, range=2))


# --- Drive-back -------------------------------------------------------------------------------------------


def test_drive_back_from_range_on_an_axis_offers_three_hexes_further_away() -> None:
    """L511: any hex that leaves the target further from the attacker; at range 2 along a row there are three."""
    where = battle(("att", A, "D5"), ("tgt", B, "F5"))
    result = hit(["hammer", "hammer"], ["dodge"], where=where, attack=dice(2, range=2))
    assert len(result.drive_back) == 3 and distances(result.drive_back, "D5") == {3}


def test_drive_back_from_range_between_axes_offers_two_hexes() -> None:
    """L511: a target two hexes away between the axes has only two neighbours further away."""
    where = battle(("att", A, "D5"), ("tgt", B, "E4"))
    result = hit(["hammer", "hammer"], ["dodge"], where=where, attack=dice(2, range=2))
    assert len(result.drive_back) == 2 and distances(result.drive_back, "D5") == {3}


def test_a_tie_with_one_drive_back_hex_still_free_is_not_trapped() -> None:
    """L509: Trapped only when every hex further away is blocked or occupied."""
    where = battle(("att", A, "D5"), ("tgt", B, "E5"), ("x1", B, "F5"), blocked=("E4",))
    result = hit(["hammer", "support"], ["block"], where=where)
    assert (result.outcome, result.trapped, result.damage, result.drive_back) == (
        Outcome.FAIL_DRIVE_BACK, False, 0, ("E6",))


def test_a_trapped_target_can_be_trapped_by_the_attackers_own_friends() -> None:
    """L509: hexes occupied by any fighter count; here the attacker's two friends also give +2 support."""
    where = battle(("att", A, "D5"), ("tgt", B, "E5"), ("f1", A, "F5"), ("f2", A, "E4"), blocked=("E6",))
    result = hit(["hammer", "swords"], ["block", "block"], where=where)
    assert result.attacker_support == 2 and result.attack_total == 1
    assert result.outcome is Outcome.FAIL  # 1 against 2: a plain failure, so being trapped does not matter
    tie = hit(["hammer", "swords"], ["block"], where=where)
    assert (tie.outcome, tie.trapped, tie.damage) == (Outcome.SUCCESS, True, 2)


# --- Support, criticals, Guard and Cleave ------------------------------------------------------------------


def test_the_defender_with_two_more_supporters_counts_double_support() -> None:
    """L529: two or more supporting fighters more than the enemy count both support symbols, in defence too."""
    where = battle(("att", A, "D5"), ("tgt", B, "E5"), ("g1", B, "C4"), ("g2", B, "C5"))
    result = hit(["hammer", "hammer"], ["double support", "support"], where=where)
    assert (result.target_support, result.defence_total, result.outcome) == (2, 2, Outcome.FAIL_DRIVE_BACK)


def test_support_is_net_two_against_one_counts_single_support_only() -> None:
    """L529: with two supporters against one, the attacker has one more: single support counts, double does not."""
    where = battle(("att", A, "D5"), ("tgt", B, "E5"), ("f1", A, "F5"), ("f2", A, "E4"), ("g1", B, "C5"))
    result = hit(["support", "double support"], ["dodge"], where=where)
    assert (result.attacker_support, result.target_support) == (2, 1)
    assert [d.counts for d in result.attack_dice] == [True, False]


def test_two_criticals_beat_one_critical_whatever_the_totals() -> None:
    """L515: more criticals than the target wins the attack and is a critical hit."""
    result = hit(["crit", "crit"], ["crit", "block", "block"])
    assert (result.attack_total, result.defence_total) == (2, 3)
    assert result.outcome is Outcome.SUCCESS and result.critical_hit


def test_cleave_never_cancels_a_defence_critical() -> None:
    """L515, L573: Cleave removes block symbols only; a critical is always a success and wins on criticals."""
    result = hit(["hammer", "hammer"], ["crit"], attack=dice(2, cleave=True))
    assert result.outcome is Outcome.FAIL and result.drive_back == ()


def test_a_dodge_fighter_on_guard_counts_block_too_unless_cleaved() -> None:
    """L573: on Guard both block and dodge count; Cleave stops block counting even on Guard."""
    assert hit(["hammer", "swords"], ["block"], symbol="dodge", guard=True).outcome is Outcome.FAIL_DRIVE_BACK
    cleaved = hit(["hammer", "swords"], ["block"], symbol="dodge", guard=True, attack=dice(2, cleave=True))
    assert cleaved.outcome is Outcome.SUCCESS


def test_damage_one_short_of_wounds_leaves_the_fighter_standing_and_drivable() -> None:
    """L559: out of action only at damage equal to or greater than Wounds."""
    board = open_field()
    where = battle(fighter(board, "att", A, "D5"), fighter(board, "tgt", B, "E5", wounds=1), board=board)
    result = hit(["hammer", "hammer"], ["dodge"], where=where)
    assert (result.wounds_after, result.out_of_action, len(result.drive_back)) == (3, False, 3)
    exact = hit(["hammer", "hammer"], ["dodge"], where=where, attack=dice(2, damage=3))
    assert (exact.wounds_after, exact.out_of_action, exact.glory) == (4, True, ((A, 1),))


# --- Activations in play -----------------------------------------------------------------------------------


def test_drawing_a_power_card_is_an_activation() -> None:
    """L400 (activations common to all players): draw a power card from the top of the power deck."""
    game = duel()
    turn_of(game, A)
    before, top = hand(game, A), game.state.decks["power-A"].piles["draw"][0]
    act(game, A, DrawPower())
    assert sorted(hand(game, A)) == sorted([*before, top]) and game.state.players[A].activations == 1


def test_swapping_an_objective_is_an_activation_and_keeps_three_in_hand() -> None:
    """L400: discard an objective card and draw one from the top of the objective deck."""
    game = duel()
    turn_of(game, A)
    held = hand(game, A, "objectives")
    top = game.state.decks["objectives-A"].piles["draw"][0]
    act(game, A, SwapObjective(card=held[0]))
    now = hand(game, A, "objectives")
    assert len(now) == 3 and held[0] not in now and top in now
    assert held[0] in game.state.decks["objectives-A"].piles["discard"]
    assert game.state.players[A].activations == 1


def test_a_move_may_use_exactly_its_move_characteristic_but_not_pass_a_friend() -> None:
    """L403: up to Move steps (Severin: Move 3); no moving through any fighter's hex, friendly included."""
    game = arrange(duel(), A2="D8")
    turn_of(game, A)
    refused(game, Move(fighter="A1", to="D7>D8>D9"), actor(A), r"D8 is occupied")
    act(game, A, Move(fighter="A1", to="D7>C8>C9>C10"))
    assert game.state.fighters["A1"].hex == "C10"


def test_a_fighter_driven_back_may_still_make_its_move_action() -> None:
    """L413: a drive-back is a push, not a Move action, and does not stop a Move later in the phase."""
    game = arrange(duel(), A1="D6")
    turn_of(game, A)
    rig(game, "hammer", "swords", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    options = [o for o in game.pending[0].parts[0].option_keys() if o != "none"]
    decide(game, **{"drive-back": options[0]})
    pushed = game.state.fighters["B1"]
    assert pushed.hex == options[0] and not pushed.moved
    pass_power(game)
    act(game, B, Move(fighter="B1", to="D3"))
    assert game.state.fighters["B1"].hex == "D3"


def test_guard_lasts_the_phase_even_through_a_move_action() -> None:
    """L573: Guard lasts until the end of the phase; only a Charge takes it away."""
    game = duel()
    turn_of(game, A)
    act(game, A, Guard(fighter="A2"))
    pass_power(game)
    act(game, B, Pass())
    pass_power(game)
    act(game, A, Move(fighter="A2", to="G7"))
    assert game.state.fighters["A2"].guard and game.state.fighters["A2"].moved


def test_no_upgrade_on_a_fighter_out_of_action() -> None:
    """L605: a fighter cannot be given an upgrade while out of action."""
    game = glory(give(arrange(duel(), A2=None), A, "blessed-by-sigmar"), A, 1)
    turn_of(game, A)
    act(game, A, Guard(fighter="A1"))
    refused(game, PlayCard(card="blessed-by-sigmar", fighter="A2"), actor(A), r"out of action|not on the battlefield")


def test_a_ploy_cannot_be_played_in_the_end_phase() -> None:
    """L703: players cannot use ploys in the end phase."""
    game = duel()
    assert "heroic-guard" in hand(game, A)
    for _ in range(8):
        act_turn(game, Pass())
        pass_power(game)
    assert game.state.step == "end"
    refused(game, PlayCard(card="heroic-guard", fighter="A1"), actor(A),
            r"ploys cannot be played in the end phase.*L703")


def test_out_of_action_clears_the_fighters_tokens() -> None:
    """L559: remove the fighter and its tokens; Guard and Move are gone with it."""
    game = extend(arrange(duel(), A1="D6"), Damaged(fighter="B1", amount=3, wounds=3))
    turn_of(game, B)
    act(game, B, Guard(fighter="B1"))
    pass_power(game)
    rig(game, "hammer", "hammer", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    out = game.state.fighters["B1"]
    assert out.out_of_action and out.hex is None and not out.guard and out.wounds in (0, 4)


def test_an_upgrade_may_be_played_in_the_end_phase() -> None:
    """L703: in the end phase a player can reveal and play upgrade cards, spending a glory point each."""
    game = glory(give(duel(), A, "blessed-by-sigmar"), A, 1)
    for _ in range(8):
        act_turn(game, Pass())
        pass_power(game)
    assert game.state.step == "end"
    turn_of_end = game.state.active_side
    if turn_of_end != A:
        act_turn(game, Pass())
    assert game.state.step == "end" and game.state.active_side == A
    act(game, A, PlayCard(card="blessed-by-sigmar", fighter="A2"))
    assert game.state.fighters["A2"].upgrades == ["blessed-by-sigmar"] and game.state.players[A].spent == 1


def test_the_end_phase_draws_up_to_five_but_never_takes_cards_away() -> None:
    """L703: draw power cards only while fewer than five; a hand of six (after a draw activation) stays six."""
    game = duel()
    turn_of(game, A)
    act(game, A, DrawPower())
    pass_power(game)
    while game.state.step != "end":
        act_turn(game, Pass())
        pass_power(game)
    assert len(hand(game, A)) == 6
    while game.state.step == "end" and game.state.round == 1:
        act_turn(game, Pass())
    assert len(hand(game, A)) == 6 and len(hand(game, A, "objectives")) == 3


def test_the_end_phase_starts_with_the_first_activator_and_discards_wait_for_it() -> None:
    """L703: the end phase runs player by player from the one who took the first activation; discarding is an
    end-phase step, not something done in the action phase."""
    game = duel()
    first = game.state.active_side
    assert first is not None
    card = hand(game, first)[0]
    refused(game, Discard(card=card), actor(first), r"end phase.*L703")
    for _ in range(8):
        act_turn(game, Pass())
        pass_power(game)
    assert game.state.step == "end" and game.state.active_side == first
    act(game, first, Discard(card=card))
    assert card in game.state.decks[f"power-{first}"].piles["discard"]


def test_severin_is_inspired_by_a_block_once_the_attack_on_him_is_over() -> None:
    """L45: a fighter inspired by an action flips when that action is complete; Severin's condition is rolling
    a block or a critical as the target (his card)."""
    game = arrange(duel(), B1="D6")
    turn_of(game, B)
    rig(game, "hammer", "swords", "block")
    act(game, B, Attack(fighter="B1", targets=("A1",)))
    assert game.pending and game.pending[0].kind == "drive-back"
    assert not game.state.fighters["A1"].inspired  # the action is not over while the drive-back is chosen
    decide(game, **{"drive-back": "none"})
    assert game.state.fighters["A1"].inspired and game.state.fighters["A1"].wounds == 0


def test_only_round_one_gives_the_roll_off_bonus() -> None:
    """L391: the player who finished placing first adds a symbol in the first round only."""
    game = ready()
    for _ in range(8):
        act_turn(game, Pass())
        pass_power(game)
    while game.state.step == "end":
        act_turn(game, Pass())
    rolls = {e.body.purpose: " ".join(e.body.working()) for e in game.log if e.kind == "uw.rolloff"}
    assert "bonus" in rolls["the first activation of round 1"]
    assert "bonus" not in rolls["the first activation of round 2"]
