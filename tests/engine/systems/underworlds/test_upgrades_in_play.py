"""Every core upgrade on a fighter, through the referee (Underworlds core rulebook, L371, L417, L527-L573, L605,
L631-L701): characteristics, granted Attack actions and actions, reactions, and effects that always happen.
Upgrades are put on fighters directly (playing them is tested in ``test_action_phase``)."""

from __future__ import annotations

import pytest

from engine.core import SPECTATOR
from engine.systems.underworlds.events import Damaged, Inspired, UpgradeGiven
from tests.engine.systems.underworlds.table import UW, A, B, act, decide, extend, rig, turn_of
from tests.engine.systems.underworlds.test_ploys_in_play import attacks, dice_of_last_attack, react, scene, settle
from tests.engine.systems.underworlds.typed import Attack, Charge, Move, UseAction
from tests.refusals import refusing


def upgraded(game: UW, **upgrades: str) -> UW:
    """Put upgrades on fighters: ``A1="heroic-might"`` (several joined by commas)."""
    bodies = [UpgradeGiven(side=fighter[0], fighter=fighter, card=card, name=card)  # type: ignore[arg-type]
              for fighter, cards in upgrades.items() for card in cards.split(",")]
    return extend(game, *bodies)


def last(game: UW) -> str:
    return attacks(game)[-1].outcome


# -- Garrek's Reavers -------------------------------------------------------------------------------


def test_berserk_charge_counts_hammer_and_swords_on_a_charge_only() -> None:
    """T18, L339, L617."""
    game = upgraded(scene(B3="D3", A1="D6"), B3="berserk-charge")
    turn_of(game, B)
    rig(game, "swords", "swords", "dodge")
    act(game, B, Charge(fighter="B3", to="E5", target="A1"))
    assert last(game) == "success"


def test_bloodslick_adds_a_defence_die() -> None:
    game = upgraded(scene(A1="D6"), B1="bloodslick")
    turn_of(game, A)
    rig(game, "hammer", "hammer", "dodge", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert len(attacks(game)[-1].defence_roll) == 2 and last(game) == "fail, drive back"


def test_deadly_spin_attacks_every_adjacent_enemy_one_after_another() -> None:
    """T78, L519: each target is a separate Attack action, in the attacker's order."""
    game = upgraded(scene(B4="D6", A1="D7", A2="E7", B1="A3"), B4="deadly-spin")
    turn_of(game, B)
    rig(game, "swords", "swords", "swords", "dodge", "swords", "swords", "swords", "dodge")
    act(game, B, Attack(fighter="B4", targets=("A2", "A1"), attack="Deadly Spin"))
    settle(game)
    targets = [a.target for a in attacks(game)]
    assert targets == ["A2", "A1"]


def test_ever_advancing_pushes_garrek_instead_of_being_driven_back() -> None:
    """E18, L685."""
    game = upgraded(scene(A1="D6"), B1="ever-advancing")
    turn_of(game, A)
    rig(game, "hammer", "swords", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    react(game, "upgrade:B1:ever-advancing")
    push = game.pending[0]
    assert push.owner == B and push.kind == "push"
    decide(game, push="D4")
    assert game.state.fighters["B1"].hex == "D4" and not any(d.kind == "drive-back" for d in game.pending)


@pytest.mark.parametrize(("walls", "pushes"), [({}, ("C6", "E5")), ({"B5": "C6", "A2": "E5"}, ())])
def test_ever_advancing_when_garrek_is_trapped(walls: dict[str, str], pushes: tuple[str, ...]) -> None:
    """Ever-Advancing (23/437) answers "could be driven back", and a trapped target still could be (Underworlds core
    rulebook, L509): the tie becomes a hit and the damage is dealt first (L685), then Garrek may be pushed one hex
    any way (L413); with no free hex around him the card cannot be used (L575). Friends fill the three hexes away
    from Severin (D4, C4, C5)."""
    game = upgraded(scene(A1="D6", B2="D4", B3="C4", B4="C5", **walls), B1="ever-advancing")
    turn_of(game, A)
    rig(game, "hammer", "swords", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert attacks(game)[-1].trapped and game.state.fighters["B1"].wounds == attacks(game)[-1].damage > 0
    if not pushes:
        assert not any(d.kind == "push" for d in game.pending) and game.state.fighters["B1"].hex == "D5"
        settle(game)
        return
    react(game, "upgrade:B1:ever-advancing")
    push = game.pending[0]
    assert push.kind == "push" and set(push.parts[0].option_keys()) == set(pushes)
    decide(game, push="C6")
    assert game.state.fighters["B1"].hex == "C6"


def test_frenzy_adds_an_attack_die_on_a_charge() -> None:
    game = upgraded(scene(B2="D3", A1="D6"), B2="frenzy")
    turn_of(game, B)
    rig(game, "swords", "swords", "swords", "swords", "block")
    act(game, B, Charge(fighter="B2", to="E5", target="A1", attack="Brutal Chop"))
    assert dice_of_last_attack(game) == 4


def test_grisly_trophy_gives_one_more_glory_for_a_take_out() -> None:
    game = extend(upgraded(scene(B1="D6"), B1="grisly-trophy"), Damaged(fighter="A1", amount=3, wounds=3))
    turn_of(game, B)
    rig(game, "hammer", "hammer", "dodge")
    act(game, B, Attack(fighter="B1", targets=("A1",)))
    assert game.state.fighters["A1"].out_of_action and game.state.players[B].glory == 2


def test_terrifying_howl_pushes_every_adjacent_enemy() -> None:
    game = upgraded(scene(B2="D6", A2="E7"), B2="terrifying-howl")
    turn_of(game, B)
    act(game, B, UseAction(fighter="B2", card="terrifying-howl"))
    decide(game, push="C8")
    decide(game, push="E8")
    assert (game.state.fighters["A1"].hex, game.state.fighters["A2"].hex) == ("C8", "E8")


def test_unstoppable_charge_moves_through_fighters() -> None:
    game = upgraded(scene(B3="D4", B1="D5", A1="D7"), B3="unstoppable-charge")
    turn_of(game, B)
    rig(game, "hammer", "hammer", "dodge")
    with refusing(game, "D5 is occupied"):
        act(game, B, Move(fighter="B3", to="D4>D5>D6"))  # an ordinary move may not pass through
    act(game, B, Charge(fighter="B3", to="D4>D5>D6", target="A1"))
    assert game.state.fighters["B3"].hex == "D6"


def test_whirlwind_of_death_adds_damage_at_range_two() -> None:
    game = upgraded(scene(B2="D4", A1="D6"), B2="whirlwind-of-death")
    turn_of(game, B)
    rig(game, "swords", "swords", "swords", "block")
    act(game, B, Attack(fighter="B2", targets=("A1",), attack="Chained Axe"))
    assert game.state.fighters["A1"].wounds == 2


def test_wicked_blade_gains_cleave_when_a_critical_is_rolled() -> None:
    game = upgraded(scene(B5="D6", A1="D7"), B5="wicked-blade")
    turn_of(game, B)
    rig(game, "crit", "swords", "swords", "crit", "block")
    act(game, B, Attack(fighter="B5", targets=("A1",), attack="Wicked Blade"))
    assert last(game) == "success"  # 3 against 1: the block does not count against Cleave


# -- Steelheart's Champions --------------------------------------------------------------------------


def test_block_puts_angharad_and_her_neighbours_on_guard() -> None:
    game = upgraded(scene(A2="E7"), A2="block")
    turn_of(game, A)
    act(game, A, UseAction(fighter="A2", card="block"))
    assert game.state.fighters["A2"].guard and game.state.fighters["A1"].guard
    assert not game.state.fighters["A3"].guard


def test_brave_strike_rolls_one_more_die_with_no_friend_adjacent() -> None:
    game = upgraded(scene(A3="D6", A1="B9", B1="D5"), A3="brave-strike")
    turn_of(game, A)
    rig(game, "hammer", "hammer", "hammer", "dodge")
    act(game, A, Attack(fighter="A3", targets=("B1",), attack="Brave Strike"))
    assert dice_of_last_attack(game) == 3


def test_fatal_riposte_strikes_back_after_a_failed_attack_on_a_hammer() -> None:
    game = upgraded(scene(B1="D6"), A1="fatal-riposte")
    turn_of(game, B)
    rig(game, "swords", "support", "block")
    act(game, B, Attack(fighter="B1", targets=("A1",)))
    rig(game, "hammer", "hammer", "hammer", "block")
    react(game, "upgrade:A1:fatal-riposte")
    made = attacks(game)
    assert [m.attacker for m in made] == ["B1", "A1"] and game.state.fighters["B1"].wounds == 3


def test_heroic_might_gives_cleave() -> None:
    game = upgraded(scene(A1="D6"), A1="heroic-might")
    turn_of(game, A)
    game = extend(game, UpgradeGiven(side=B, fighter="B1", card="bloodslick", name="Bloodslick"))
    rig(game, "hammer", "support", "block", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert last(game) == "success"


def test_heroic_stride_pushes_severin_after_an_enemy_activation_nearby() -> None:
    game = upgraded(scene(), A1="heroic-stride")
    turn_of(game, B)
    act(game, B, Move(fighter="B1", to="E5"))
    react(game, "upgrade:A1:heroic-stride")
    decide(game, push="C8")
    assert game.state.fighters["A1"].hex == "C8"


def test_lightning_blade_reaches_two_hexes_and_crits_for_more() -> None:
    game = upgraded(scene(), A1="lightning-blade")
    turn_of(game, A)
    rig(game, "crit", "hammer", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",), attack="Lightning Blade"))
    assert game.state.fighters["B1"].wounds == 2


def test_lightning_blast_hurts_enemies_next_to_the_target_on_a_critical_hit() -> None:
    game = upgraded(scene(A3="D6", B2="C5", B3="E5"), A3="lightning-blast")
    turn_of(game, A)
    rig(game, "crit", "hammer", "block")
    act(game, A, Attack(fighter="A3", targets=("B1",)))
    assert game.state.fighters["B2"].wounds == 1 and game.state.fighters["B3"].wounds == 1


def test_righteous_strike_tries_again_after_failing_against_a_leader() -> None:
    game = upgraded(scene(A2="D6"), A2="righteous-strike")
    turn_of(game, A)
    rig(game, "support", "support", "support", "dodge")
    act(game, A, Attack(fighter="A2", targets=("B1",), attack="Righteous Strike"))
    rig(game, "hammer", "hammer", "hammer", "dodge")
    react(game, "follow:A2")
    assert [m.outcome for m in attacks(game)][-2:] == ["fail", "success"]


def test_shield_bash_stops_the_drive_back_and_pushes_the_attacker() -> None:
    game = upgraded(scene(A2="D6"), A2="shield-bash")
    turn_of(game, B)
    rig(game, "hammer", "support", "block")
    act(game, B, Attack(fighter="B1", targets=("A2",)))
    react(game, "upgrade:A2:shield-bash")
    decide(game, push="C4")
    assert game.state.fighters["B1"].hex == "C4" and game.state.fighters["A2"].hex == "D6"


def test_furious_parry_answers_a_failed_attack_on_inspired_angharad() -> None:
    """E17, L681."""
    game = extend(scene(A2="D6"), Inspired(fighters=["A2"], why="a test"))
    turn_of(game, B)
    rig(game, "support", "support", "block")
    act(game, B, Attack(fighter="B1", targets=("A2",)))
    rig(game, "hammer", "hammer", "dodge")
    react(game, "attack:A2")
    made = attacks(game)
    assert [m.attack for m in made][-2:] == ["Blooddrinker Axe", "Furious Parry"]
    assert game.state.fighters["A2"].hex == "D6"


def test_furious_parry_cannot_answer_an_attacker_out_of_its_reach() -> None:
    """L681, L575: Furious Parry is an Attack action made as a reaction and must target the attacker; Karsus's
    Chained Axe fails against inspired Angharad from two hexes off, where her Range 1 parry cannot reach him, so
    it is not offered and she may still be driven back."""
    game = extend(scene(B2="F5"), Inspired(fighters=["A2"], why="a test"))
    turn_of(game, B)
    rig(game, "swords", "support", "support", "block")
    act(game, B, Attack(fighter="B2", targets=("A2",), attack="Chained Axe"))
    assert last(game) == "fail, drive back"
    assert [d.kind for d in game.pending] == ["drive-back"]


# -- universal ----------------------------------------------------------------------------------------


def test_disengage_pushes_the_fighter_after_a_success() -> None:
    game = upgraded(scene(A1="D6"), A1="disengage")
    turn_of(game, A)
    rig(game, "hammer", "hammer", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",), attack="Disengage"))
    decide(game, **{"drive-back": "none"})
    react(game, "follow:A1")
    decide(game, push="D7")
    assert game.state.fighters["A1"].hex == "D7"


@pytest.mark.parametrize(("card", "wounds", "move"), [("great-fortitude", 5, 3), ("great-speed", 4, 4)])
def test_great_fortitude_and_great_speed_change_characteristics(card: str, wounds: int, move: int) -> None:
    game = upgraded(scene(), A1=card)
    view = next(f for f in game.system.view(game.state, SPECTATOR).fighters if f.id == "A1")
    assert (view.max_wounds, view.move) == (wounds, move)


def test_great_strength_adds_a_damage() -> None:
    game = upgraded(scene(A1="D6"), A1="great-strength")
    turn_of(game, A)
    rig(game, "hammer", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert game.state.fighters["B1"].out_of_action


def test_total_offence_rolls_two_more_dice_and_spends_the_fighter() -> None:
    """E11, L539: not on a Charge; using it means no more activations this phase."""
    game = upgraded(scene(A1="D6"), A1="total-offence")
    turn_of(game, A)
    rig(game, "hammer", "hammer", "hammer", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",), optional="total-offence"))
    assert dice_of_last_attack(game) == 4 and game.state.fighters["A1"].exhausted
