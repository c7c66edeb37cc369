"""Independent rules cases from the Underworlds core rulebook (Shadespire) on activations, attacks and rounds, each a
precise rule no other test checks: what moving, guarding and charging leave a fighter free to do, where a Charge
may end, what Guard and Cleave leave counting, Knockback on a tie or against a fighter, who supports whom, the
power step that belongs to both players, each round's own roll-off and end-phase order, what a new round keeps and
clears, drawing from a deck that runs out, and glory and victory."""

from __future__ import annotations

import pytest

from engine.core import CardsMoved
from engine.systems.underworlds.attack import Outcome
from engine.systems.underworlds.commands import AutoSetup
from engine.systems.underworlds.events import Damaged, Inspired
from engine.systems.underworlds.scoring import game_result
from tests.engine.systems.underworlds.conftest import A, B, C, battle
from tests.engine.systems.underworlds.table import (
    HOST,
    UW,
    act,
    actor,
    arrange,
    decide,
    extend,
    give,
    glory,
    hand,
    new_game,
    pass_power,
    ready,
    rig,
    turn_of,
)
from tests.engine.systems.underworlds.test_attack import dice, hit
from tests.engine.systems.underworlds.test_book_cases import duel
from tests.engine.systems.underworlds.test_ploys_in_play import react
from tests.engine.systems.underworlds.test_upgrades_in_play import upgraded
from tests.engine.systems.underworlds.typed import (
    Attack,
    Charge,
    Discard,
    DrawPower,
    Guard,
    Move,
    Pass,
    PlaceArtefact,
    PlaceToken,
    PlayCard,
)
from tests.refusals import refused

UPGRADES = {A: ("blessed-by-sigmar", "A2"), B: ("ever-advancing", "B1")}
"""An upgrade each side may give in play, and the fighter it fits."""


def no_drive_back(game: UW) -> None:
    """Decline the drive-back the attacker is asked about, and any reaction offered, each at its default."""
    while game.pending:
        decision = game.pending[0]
        decide(game, **{p.key: p.default or p.options[0].key for p in decision.parts})


# --- What an activation leaves a fighter free to do ----------------------------------------------------------


def test_a_fighter_that_moved_may_still_attack_and_go_on_guard_later_in_the_phase() -> None:
    """Underworlds core rulebook, L399, L403: a Move action only forbids another Move or a Charge in
    that phase; the fighter may be activated again to attack and to go on Guard."""
    game = duel()
    turn_of(game, A)
    act(game, A, Move(fighter="A1", to="D6"))
    pass_power(game)
    act(game, B, Pass())
    pass_power(game)
    rig(game, "hammer", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    no_drive_back(game)
    assert game.state.fighters["B1"].wounds == 3
    pass_power(game)
    act(game, B, Pass())
    pass_power(game)
    act(game, A, Guard(fighter="A1"))
    assert game.state.fighters["A1"].guard and game.state.fighters["A1"].moved


def test_a_fighter_on_guard_stays_on_guard_when_it_attacks() -> None:
    """L573: Guard lasts to the end of the phase and only a Charge takes it away, so a guarding fighter that makes
    an Attack action (not a Charge) is still on Guard afterwards."""
    game = arrange(duel(), A1="D6")
    turn_of(game, A)
    act(game, A, Guard(fighter="A1"))
    pass_power(game)
    act(game, B, Pass())
    pass_power(game)
    rig(game, "hammer", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    no_drive_back(game)
    assert game.state.fighters["A1"].guard


# --- Charges --------------------------------------------------------------------------------------------------


def test_a_charge_must_leave_its_hex_even_when_the_target_is_already_adjacent() -> None:
    """L569: to charge, the fighter must end its move in a different hex from the one it started in; standing
    next to the target already is no Charge."""
    game = arrange(duel(), A1="D6")
    turn_of(game, A)
    refused(game, Charge(fighter="A1", to="D6", target="B1"), actor(A), r"different hex.*L(569|403)")


def test_a_charge_with_a_range_two_attack_may_end_two_hexes_from_its_target() -> None:
    """L569, L423: the charger needs a valid target in range and line of sight when its move ends; with Karsus's
    Range 2 Chained Axe that is two hexes away, not only adjacent."""
    game = duel()
    turn_of(game, B)
    rig(game, "swords", "swords", "swords", "block")
    act(game, B, Charge(fighter="B2", to="F5", target="A2", attack="Chained Axe"))
    no_drive_back(game)
    karsus = game.state.fighters["B2"]
    assert karsus.hex == "F5" and karsus.charged
    assert game.state.fighters["A2"].wounds == 1


def test_a_charge_whose_adjacent_hexes_are_out_of_reach_is_refused() -> None:
    """L569, L403: the Move of a Charge follows the Move rules, so a Range 1 charger needs a free hex next to the
    target that it can reach within its Move characteristic: from B10 every hex next to Garrek (D5) is four or more
    steps away for Obryn (Move 3), while from B9 the hex C6 is three steps away."""
    game = arrange(duel(), A3="B10")
    turn_of(game, A)
    for next_to_garrek in ("C6", "D6", "C5"):
        refused(game, Charge(fighter="A3", to=next_to_garrek, target="B1"), actor(A), r"Move is 3.*L403")
    game = arrange(game, A3="B9")
    rig(game, "hammer", "hammer", "block")
    act(game, A, Charge(fighter="A3", to="C6", target="B1"))
    assert game.state.fighters["A3"].hex == "C6" and game.state.fighters["B1"].wounds == 3


# --- Attack resolution -----------------------------------------------------------------------------------------


def test_guard_does_not_stop_a_drive_back() -> None:
    """L509, L573: Guard only changes which defence symbols count; a guarding target that ties, or is hit, can
    still be driven back (this book has no rule that Guard holds a fighter in place)."""
    tie = hit(["hammer", "support"], ["block"], symbol="dodge", guard=True)
    assert (tie.defence_total, tie.outcome, len(tie.drive_back)) == (1, Outcome.FAIL_DRIVE_BACK, 3)
    success = hit(["hammer", "hammer"], ["block"], guard=True)
    assert success.outcome is Outcome.SUCCESS and len(success.drive_back) == 3


def test_a_guarding_block_fighter_under_cleave_still_counts_dodge() -> None:
    """L573: on Guard both block and dodge count; Cleave takes away block only, even on Guard, so a block fighter
    on Guard still counts a dodge, and without Guard it counts neither block nor dodge against Cleave."""
    cleave = dice(2, cleave=True)
    guarded = hit(["hammer", "swords"], ["dodge"], guard=True, attack=cleave)
    assert (guarded.defence_total, guarded.outcome) == (1, Outcome.FAIL_DRIVE_BACK)
    bare = hit(["hammer", "swords"], ["dodge", "block"], attack=cleave)
    assert (bare.defence_total, bare.outcome) == (0, Outcome.SUCCESS)


def test_knockback_adds_nothing_to_a_tie() -> None:
    """L567: Knockback applies only to a successful Attack action; a tie drives the target back one hex at most."""
    tie = hit(["hammer", "support"], ["block"], attack=dice(2, knockback=1))
    assert tie.outcome is Outcome.FAIL_DRIVE_BACK and len(tie.drive_back) == 3
    assert all(further == () for _, further in tie.knockback)
    success = hit(["hammer", "hammer"], ["block"], attack=dice(2, knockback=1))
    assert dict(success.knockback)["F5"] == ("G5",)


def test_knockback_stops_at_an_occupied_hex_straight_on() -> None:
    """L413, L567: nothing pushes a fighter into an occupied hex; Knockback continues straight on and stops when
    the next hex that way is taken, here by a friend of the target on G5."""
    where = battle(("att", A, "D5"), ("tgt", B, "E5"), ("x", B, "G5"))
    result = hit(["hammer", "hammer"], ["block"], where=where, attack=dice(2, knockback=1))
    assert result.outcome is Outcome.SUCCESS and "F5" in result.drive_back
    assert dict(result.knockback)["F5"] == ()


def test_fighters_adjacent_to_their_own_side_only_support_nobody() -> None:
    """L521: the attacker is supported by its friends next to the target, the target by its friends next to the
    attacker; a friend standing next to its own fighter and not next to the enemy supports no one."""
    where = battle(("att", A, "D5"), ("tgt", B, "E5"), ("f", A, "C5"), ("g", B, "F5"))
    result = hit(["support", "hammer"], ["support"], where=where)
    assert (result.attacker_support, result.target_support) == (0, 0)
    assert (result.attack_total, result.defence_total, result.outcome) == (1, 0, Outcome.SUCCESS)



def test_a_reaction_that_moves_the_attacker_ends_its_remaining_attacks_unresolved() -> None:
    """L519, L701: each target of an attack on several is a separate Attack action, and an action a reaction has
    made impossible ends without being resolved. Targor's Deadly Spin fails against Angharad, whose Shield Bash
    pushes him to E5, away from Severin: the spin's action against Severin simply ends, and the game goes on."""
    game = upgraded(arrange(duel(), B4="D6", A1="D7", A2="E7", B1="A3"), B4="deadly-spin", A2="shield-bash")
    turn_of(game, B)
    rig(game, "swords", "hammer", "hammer", "block")
    act(game, B, Attack(fighter="B4", targets=("A2", "A1"), attack="Deadly Spin"))
    react(game, "upgrade:A2:shield-bash")
    decide(game, push="E5")
    assert game.state.fighters["B4"].hex == "E5"
    made = [e.body.target for e in game.log if e.kind == "uw.attack"]  # type: ignore[attr-defined]
    assert made == ["A2"] and game.state.fighters["A1"].wounds == 0
    assert any("ends unresolved" in e.body.describe() and "L701" in e.body.describe() for e in game.log[-6:])
    assert game.state.step == "power" and game.state.power is not None and game.state.power.turn == B


def test_an_attacker_taken_out_by_a_reaction_makes_no_more_of_its_attacks() -> None:
    """L519, L681, L701: Inspired Angharad's Furious Parry answers the failed first strike of Targor's Deadly Spin
    and takes him out of action; his action against Severin ends unresolved and Angharad's player gains the glory
    point (L559)."""
    game = upgraded(arrange(duel(), B4="D6", A1="D7", A2="E7", B1="A3"), B4="deadly-spin")
    game = extend(game, Inspired(fighters=["A2"], why="a test"), Damaged(fighter="B4", amount=1, wounds=1))
    turn_of(game, B)
    rig(game, "swords", "hammer", "hammer", "block")
    act(game, B, Attack(fighter="B4", targets=("A2", "A1"), attack="Deadly Spin"))
    rig(game, "hammer", "hammer", "block")
    react(game, "attack:A2")
    no_drive_back(game)
    assert game.state.fighters["B4"].out_of_action and game.state.fighters["A1"].wounds == 0
    made = [(e.body.attacker, e.body.target) for e in game.log if e.kind == "uw.attack"]  # type: ignore[attr-defined]
    assert made == [("B4", "A2"), ("A2", "B4")]
    assert game.state.players[A].glory == 1 and game.state.step == "power"

# --- Glory and victory -----------------------------------------------------------------------------------------


def test_more_glory_wins_even_when_the_winners_warband_was_wiped_out() -> None:
    """L713, L717: the most glory wins; a warband taken entirely out of action matters only when glory is tied."""
    result = game_result({"A": 5, "B": 4}, {"A": 0, "B": 3}, {"A": 0, "B": 2})
    assert (result.winners, result.draw) == (("A",), False)


# --- The power step --------------------------------------------------------------------------------------------


def test_the_other_player_may_play_an_upgrade_in_the_power_step_after_your_activation() -> None:
    """L577: after every activation both players may play power cards, the activating player first; the other
    player may give an upgrade in that step, and a card played starts the passing over."""
    game = glory(give(duel(), B, "ever-advancing"), B, 1)
    turn_of(game, A)
    act(game, A, Guard(fighter="A1"))
    act(game, A, Pass())
    act(game, B, PlayCard(card="ever-advancing", fighter="B1"))
    assert game.state.fighters["B1"].upgrades == ["ever-advancing"] and game.state.players[B].spent == 1
    assert game.state.step == "power" and game.state.power is not None and game.state.power.turn == A
    pass_power(game)
    assert game.state.step == "activation" and game.state.active_side == B


def test_after_the_last_activation_the_end_phase_waits_for_both_players_to_pass() -> None:
    """L579: the power step follows the final activation of the phase too; the player who did not take it may still
    play an upgrade, and the end phase begins only once both have passed in succession."""
    game = duel()
    last = None
    for _ in range(8):
        last = game.state.active_side
        assert last is not None
        act(game, last, Pass())
        if game.state.players[A].activations + game.state.players[B].activations < 8:
            pass_power(game)
    other = B if last == A else A
    card, fighter = UPGRADES[other]
    game = glory(give(game, other, card), other, 1)
    assert game.state.step == "power"
    act(game, last, Pass())
    act(game, other, PlayCard(card=card, fighter=fighter))
    assert game.state.step == "power"
    act(game, last, Pass())
    assert game.state.step == "power"
    act(game, other, Pass())
    assert game.state.step == "end"


# --- Rounds ----------------------------------------------------------------------------------------------------


def finish_round(game: UW) -> None:
    """Every player passes the rest of the action phase and the end phase."""
    round_ = game.state.round
    while game.state.round == round_ and not game.pending and not game.is_over():
        act(game, game.state.active_side or A, Pass())
        pass_power(game)


def test_each_round_has_its_own_roll_off_whose_winner_may_give_the_first_activation_away() -> None:
    """L391, L709: every action phase starts with a roll-off and the winner decides who takes the first activation;
    the end phase then starts with that round's first activator (L703)."""
    game = duel()
    for _ in range(8):
        act(game, game.state.active_side or A, Pass())
        pass_power(game)
    first_end = game.state.active_side
    act(game, first_end, Pass())
    rig(game, "crit", "crit", "hammer", "hammer", "hammer", "hammer", "hammer", "hammer")
    act(game, game.state.active_side, Pass())
    rolls = [e.body for e in game.log if e.kind == "uw.rolloff"]
    winner = rolls[-1].winner  # type: ignore[attr-defined]
    assert rolls[-1].purpose == "the first activation of round 2"  # type: ignore[attr-defined]
    decision = game.pending[0]
    assert (decision.kind, decision.owner) == ("first-activation", winner)
    loser = B if winner == A else A
    decide(game, side=loser)
    assert (game.state.round, game.state.step, game.state.active_side) == (2, "activation", loser)
    for _ in range(8):
        act(game, game.state.active_side or A, Pass())
        pass_power(game)
    assert game.state.step == "end" and game.state.active_side == loser


def test_a_new_round_keeps_wounds_and_inspiration_and_frees_fighters_that_moved_or_charged() -> None:
    """L559, L703, L863: wound tokens sit on the fighter card and Inspired lasts the game, so both carry into the
    next round; Move, Charge and Guard tokens leave the battlefield, so a fighter that moved may move again and
    one that charged may be activated again."""
    game = extend(duel(), Damaged(fighter="B1", amount=2, wounds=2), Inspired(fighters=["A2"], why="a test"))
    turn_of(game, A)
    act(game, A, Move(fighter="A1", to="C8"))
    pass_power(game)
    rig(game, "hammer", "swords", "dodge")
    act(game, B, Charge(fighter="B1", to="C6>C7", target="A1"))
    no_drive_back(game)
    pass_power(game)
    act(game, A, Pass())
    pass_power(game)
    act(game, B, Guard(fighter="B2"))
    pass_power(game)
    finish_round(game)
    while game.pending:
        decide(game, side=A)
    assert game.state.round == 2
    a1, b1, b2 = (game.state.fighters[f] for f in ("A1", "B1", "B2"))
    assert not a1.moved and not b2.guard and not b1.charged and not b1.exhausted
    assert b1.wounds == 2 and game.state.fighters["A2"].inspired
    turn_of(game, A)
    act(game, A, Move(fighter="A1", to="C9"))
    assert game.state.fighters["A1"].hex == "C9"
    pass_power(game)
    act(game, B, Guard(fighter="B1"))
    assert game.state.fighters["B1"].guard


def test_a_fighter_taken_out_of_action_keeps_its_upgrades_and_frees_its_hex() -> None:
    """L559, L605: the fighter and its tokens leave the battlefield, but it keeps the upgrades it was given; its
    hex is empty again, so another fighter may move into it."""
    game = glory(give(arrange(duel(), A1="D6"), B, "ever-advancing"), B, 1)
    turn_of(game, B)
    act(game, B, Guard(fighter="B3"))
    act(game, B, PlayCard(card="ever-advancing", fighter="B1"))
    pass_power(game)
    game = extend(game, Damaged(fighter="B1", amount=2, wounds=2))
    rig(game, "hammer", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    no_drive_back(game)
    garrek = game.state.fighters["B1"]
    assert garrek.out_of_action and garrek.upgrades == ["ever-advancing"]
    pass_power(game)
    act(game, B, Pass())
    pass_power(game)
    act(game, A, Move(fighter="A2", to="E6>E5>D5"))
    assert game.state.fighters["A2"].hex == "D5"


def test_a_ranged_charge_needs_line_of_sight_where_its_move_ends() -> None:
    """L569, L491: the target must be in range *and* line of sight at the end of the Charge's move. On the
    Shyishian Stardial side the line from D8 to D10 runs along the edge of the blocked hex D9, so Karsus cannot
    charge to D8 with his Range 2 Chained Axe, though he may charge to E9, next to the target."""
    game = new_game()
    decide(game, board="mirror-well")
    decide(game, board="shyishian-stardial", join="long", slide="+0", turned="none")
    game.apply(AutoSetup(), HOST)
    game = arrange(game, A1="D10")
    turn_of(game, B)
    refused(game, Charge(fighter="B2", to="D8", target="A1", attack="Chained Axe"), actor(B), r"line of sight.*L491")
    rig(game, "swords", "swords", "swords", "dodge")
    act(game, B, Charge(fighter="B2", to="E9", target="A1", attack="Chained Axe"))
    assert game.state.fighters["B2"].charged and game.state.fighters["A1"].wounds == 1


def test_support_counts_at_range_too() -> None:
    """L521: support is counted from fighters next to the target (for the attacker) and next to the attacker (for
    the target), whatever the attack's range; a Range 2 attack from D5 on F5 is supported by a friend on G5 and
    the target by a friend on C5."""
    where = battle(("att", A, "D5"), ("tgt", B, "F5"), ("f", A, "G5"))
    result = hit(["support", "swords"], ["dodge"], where=where, attack=dice(2, range=2))
    assert (result.attacker_support, result.target_support, result.attack_total) == (1, 0, 1)
    both = battle(("att", A, "D5"), ("tgt", B, "F5"), ("f", A, "G5"), ("g", B, "C5"))
    even = hit(["support", "swords"], ["dodge"], where=both, attack=dice(2, range=2))
    assert (even.attacker_support, even.target_support, even.attack_total) == (1, 1, 0)


def test_a_hit_that_cannot_push_the_target_does_no_extra_damage() -> None:
    """L509: when a successful attack's target cannot be pushed because every hex it could go to is blocked or
    occupied, it simply stays where it is and suffers no more than the attack's Damage."""
    where = battle(("att", A, "D5"), ("tgt", B, "E5"), ("x1", B, "F5"), ("x2", B, "E4"), blocked=("E6",))
    result = hit(["hammer", "hammer"], ["block"], where=where)
    assert (result.outcome, result.damage, result.wounds_after, result.drive_back) == (Outcome.SUCCESS, 2, 2, ())
    assert not result.trapped


# --- Objectives and the end phase ------------------------------------------------------------------------------


def test_an_immediate_objective_is_scored_after_the_opponents_action() -> None:
    """L707: an objective that scores immediately is scored after any action, whoever made it, once its condition
    is met; Coward! scores for the Reavers when Severin moves from next to Garrek to next to no Reaver."""
    game = give(arrange(duel(), A1="D6"), B, "coward")
    turn_of(game, A)
    act(game, A, Move(fighter="A1", to="D7>D8>D9"))
    no_drive_back(game)
    assert game.state.players[B].glory == 1
    assert "coward" in game.state.decks["objectives-B"].piles["scored"]


def to_end_phase(game: UW) -> None:
    """Every player passes the rest of the action phase (round 3's end phase asks nobody anything)."""
    while game.state.step != "end" and not game.is_over():
        act(game, game.state.active_side or A, Pass())
        pass_power(game)


def test_the_end_phase_may_discard_objectives_and_draws_back_to_three() -> None:
    """L703: after scoring, a player may discard any or all remaining objective cards, then draws objectives until
    three are in hand."""
    game = duel()
    to_end_phase(game)
    side = game.state.active_side
    assert side is not None
    held = hand(game, side, "objectives")
    for card in held[:2]:
        act(game, side, Discard(card=card))
    assert len(hand(game, side, "objectives")) == 1
    act(game, side, Pass())
    now = hand(game, side, "objectives")
    assert len(now) == 3 and held[0] not in now and held[1] not in now
    assert set(held[:2]) <= set(game.state.decks[f"objectives-{side}"].piles["discard"])


def test_drawing_up_in_the_end_phase_stops_when_the_power_deck_runs_out() -> None:
    """L703, L295: draw power cards until five are in hand or the deck is empty, whichever comes first; the
    discard pile is never shuffled back."""
    game = duel()
    to_end_phase(game)
    side = game.state.active_side
    assert side is not None
    deck = f"power-{side}"
    spare = game.state.decks[deck].piles["draw"]
    game = extend(game, CardsMoved(deck_id=deck, cards=list(spare[1:]), source="draw", target="discard"))
    for card in hand(game, side)[:3]:
        act(game, side, Discard(card=card))
    act(game, side, Pass())
    assert len(hand(game, side)) == 3 and game.state.decks[deck].piles["draw"] == []


def test_the_third_end_phase_only_scores_and_then_the_game_ends() -> None:
    """L711: in round 3's end phase players only score objectives; nobody draws back up to five power cards (nor
    discards or plays upgrades), and the game then ends."""
    game = duel()
    for _ in (1, 2):
        finish_round(game)
        while game.pending:
            decide(game, side=A)
    assert game.state.round == 3
    game = glory(game, B, 1)
    turn_of(game, B)
    act(game, B, Guard(fighter="B1"))
    act(game, B, PlayCard(card="ever-advancing", fighter="B1"))
    pass_power(game)
    assert len(hand(game, B)) == 4
    to_end_phase(game)
    assert game.is_over() and len(hand(game, B)) == 4


def test_glory_scored_in_the_end_phase_may_pay_for_an_upgrade_in_the_same_end_phase() -> None:
    """L703: a player scores objectives first and plays upgrades after, so a glory point just scored (Hold Objective
    1, its fighter on token 1) pays for an upgrade in the same end phase, and still counts for victory (L713)."""
    game = ready(decks=("champions-hold-the-line", "reavers-hold-the-ground"))
    token = next(t for t in game.state.tokens if t.number == 1)
    game = give(arrange(game, A1=token.hex), A, "hold-objective-1", "great-fortitude")
    assert game.state.players[A].glory == 0
    to_end_phase(game)
    if game.state.active_side != A:
        act(game, B, Pass())
    assert game.state.players[A].glory == 1
    act(game, A, PlayCard(card="great-fortitude", fighter="A3"))
    record = game.state.players[A]
    assert game.state.fighters["A3"].upgrades == ["great-fortitude"] and (record.glory, record.spent) == (1, 1)


def test_a_fighter_driven_back_may_still_charge() -> None:
    """L413: being driven back is a push, not a Move action, so it does not stop the fighter's Charge (a Move
    action and an Attack action) later in the phase."""
    game = arrange(duel(), A1="D6")
    turn_of(game, A)
    rig(game, "hammer", "swords", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    decide(game, **{"drive-back": "D4"})
    pass_power(game)
    rig(game, "hammer", "hammer", "dodge")
    act(game, B, Charge(fighter="B1", to="D5", target="A1"))
    no_drive_back(game)
    garrek = game.state.fighters["B1"]
    assert garrek.charged and garrek.hex == "D5" and game.state.fighters["A1"].wounds == 2


def test_a_reaction_comes_before_the_power_step() -> None:
    """L633: a reaction to an action happens straight after it, before the power step; here Final Blow is offered
    to the Reavers after Severin takes Garrek out, and the power step opens only once the reactions are done."""
    game = extend(give(arrange(duel(), A1="D6"), B, "final-blow"), Damaged(fighter="B1", amount=3, wounds=3))
    turn_of(game, A)
    rig(game, "hammer", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert game.state.fighters["B1"].out_of_action
    assert game.pending and game.pending[0].owner == B and game.state.power is None
    assert game.state.step != "power"
    no_drive_back(game)
    assert game.state.step == "power" and game.state.power is not None and game.state.power.turn == A


# --- Three players -------------------------------------------------------------------------------------------


def test_with_three_players_the_power_step_ends_only_when_all_three_pass_in_a_row() -> None:
    """L827: each player in turn from the one who took the activation plays a power card or passes; a card played
    starts the passing over, and the step ends once every player has passed in succession."""
    game = ready("power-three", sides=3)
    first = game.state.active_side
    assert first is not None
    order = list(game.state.order)
    second, third = order[1], order[2]
    card, fighter = {A: ("blessed-by-sigmar", "A2"), B: ("ever-advancing", "B1"), C: ("blessed-by-sigmar", "C2")
                     }[second]
    game = glory(give(game, second, card), second, 1)
    act(game, first, Pass())
    assert game.state.power is not None and game.state.power.turn == first
    act(game, first, Pass())
    act(game, second, PlayCard(card=card, fighter=fighter))
    for side in (third, first):
        act(game, side, Pass())
        assert game.state.step == "power"
    act(game, second, Pass())
    assert game.state.step == "activation" and game.state.active_side == second


def test_with_three_players_the_end_phase_goes_clockwise_from_the_first_activator() -> None:
    """L835: the players take the end phase in turn from the one who took the first activation, then clockwise."""
    game = ready("end-three", sides=3)
    first = game.state.active_side
    assert first is not None
    to_end_phase(game)
    seen = []
    while game.state.step == "end" and game.state.round == 1:
        seen.append(game.state.active_side)
        act(game, game.state.active_side or A, Pass())
    start = "ABC".index(first)
    assert seen == [*"ABC"[start:], *"ABC"[:start]]


@pytest.mark.parametrize("option", ["keep-four", "skip"])
def test_a_wiped_out_warband_plays_on_with_four_activations_a_phase(option: str) -> None:
    """L393, L401, L717 (ruling activations-without-fighters): a warband taken entirely out of action does not end
    the game; its player still has four activations each phase (drawing a power card needs no fighter), or under
    the ruling's other option they are passed for it."""
    game = arrange(ready(rulings={"activations-without-fighters": option}, practice=True),
                   B1=None, B2=None, B3=None, B4=None, B5=None)
    assert not game.is_over()
    if option == "keep-four":
        turn_of(game, B)
        before = len(hand(game, B))
        act(game, B, DrawPower())
        assert len(hand(game, B)) == before + 1 and game.state.players[B].activations == 1
    to_end_phase(game)
    assert (game.state.players[A].activations, game.state.players[B].activations) == (4, 4)
    assert not game.is_over() and game.state.round == 1


# --- Set-up -------------------------------------------------------------------------------------------------------


def test_the_artefact_goes_in_no_ones_territory_off_the_edge_and_tokens_may_go_next_to_it() -> None:
    """L737: before the objective tokens, the player who placed the last board puts the Katophrane Artefact on a
    hex of no one's territory that is not an edge hex; the objective tokens may then go within two hexes of it,
    though never in its hex. Here A picked the first board and B placed both, so B places the Artefact."""
    game = new_game("artefact-setup", mode="artefact")
    assert game.pending[0].owner == A
    decide(game, board="mirror-well")
    decide(game, board="shyishian-stardial", join="long", slide="+0", turned="none")
    assert (game.state.step, game.state.active_side) == ("artefact", B)
    refused(game, PlaceArtefact(to="A6"), actor(B), r"not an edge hex.*L737")  # no one's territory, but an edge hex
    refused(game, PlaceArtefact(to="D5"), actor(B), r"no one's territory.*L737")  # a player's territory
    act(game, B, PlaceArtefact(to="D6"))
    assert (game.state.step, game.state.active_side) == ("tokens", A)
    refused(game, PlaceToken(to="D6"), actor(A), r"L311")
    act(game, A, PlaceToken(to="E5"))  # next to the Artefact
    assert [t.hex for t in game.state.tokens] == ["D6", "E5"]
