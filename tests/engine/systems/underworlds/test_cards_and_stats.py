"""Upgrades and ploy picks (L371, L575, L605; cases T54-T56, E21), and modifiers (E9-E12; L531-L557)."""

from __future__ import annotations

from engine.systems.underworlds.cards import choices, upgrade_problem
from engine.systems.underworlds.schema import AttackProfile
from engine.systems.underworlds.stats import Situation, attack_stats, fighter_stats
from engine.systems.underworlds.vocabulary import Choose, Modifier
from tests.engine.systems.underworlds.conftest import A, B, battle, fighter, open_field
from tests.engine.systems.underworlds.loader import shipped

DATA = shipped()


def test_t54_t55_t56_upgrade_cost_fighter_and_restrictions() -> None:
    board = open_field()
    where = battle(fighter(board, "saek", A, "B2", profile="blooded-saek"),
                   fighter(board, "arnulf", A, None, profile="arnulf"), fighter(board, "b", B, "B10"), board=board)
    berserk = DATA.card("berserk-charge")
    assert upgrade_problem(berserk, where, A, "saek", 1) is None
    assert "costs one unspent glory point" in str(upgrade_problem(berserk, where, A, "saek", 0))
    assert "out of action" in str(upgrade_problem(DATA.card("frenzy"), where, A, "arnulf", 1))
    assert upgrade_problem(DATA.card("wicked-blade"), where, A, "saek", 1) == (
        "Wicked Blade may go only on arnulf (Underworlds core rulebook, L371)")
    assert "not A's fighter" in str(upgrade_problem(berserk, where, A, "b", 1))


def test_e21_a_card_needing_two_adjacent_friends_cannot_be_played_with_one() -> None:
    wall = DATA.card("sigmarite-wall").choose
    assert wall is not None
    alone = battle(("a1", A, "B2"), ("b1", B, "C2"))
    assert choices(wall, alone, A) == ()
    pair = battle(("a1", A, "B2"), ("a2", A, "C2"), ("a3", A, "F2"))
    assert choices(wall, pair, A) == (("a1", "a2"),)


def test_other_picks_hexes_tokens_and_up_to() -> None:
    where = battle(("a1", A, "B2"), ("b1", B, "C2"))
    empty = choices(Choose(hex="empty"), where, A)
    assert ("B2",) not in empty and ("A1",) in empty
    assert choices(Choose(objective="held_by_friendly"), where, A) == ()
    tactics = Choose(fighters="friendly", count=2, up_to=True)
    assert choices(tactics, where, A) == ((), ("a1",))


def test_e9_e10_wounds_modifiers_add_up() -> None:
    obryn = DATA.fighter("obryn-the-bold").normal
    fortitude = DATA.card("great-fortitude").modifiers
    blessed = DATA.card("blessed-by-sigmar").modifiers
    assert fighter_stats(obryn, fortitude).wounds == 5
    assert fighter_stats(obryn, (*fortitude, *blessed)).wounds == 6
    assert fighter_stats(obryn, DATA.card("great-speed").modifiers).move == 4


def test_e11_total_offence_adds_two_dice_only_outside_a_charge_and_when_used() -> None:
    axe = DATA.fighter("garrek-gorebeard").normal.attacks[0]
    offence = DATA.card("total-offence").modifiers
    assert attack_stats(axe, offence).dice == 2  # optional: not used
    used = attack_stats(axe, offence, Situation(use_optional=True))
    assert (used.dice, used.exhausts) == (4, True)
    assert attack_stats(axe, offence, Situation(charging=True, use_optional=True)).dice == 2


def test_e12_a_symbol_change_keeps_the_dice_count() -> None:
    axe = DATA.fighter("garrek-gorebeard").normal.attacks[0]
    rain = DATA.card("blood-rain").effects[0]
    assert rain.kind == "modify"
    changed = attack_stats(axe, [rain.modifier])
    assert (changed.dice, changed.symbol) == (axe.dice, "swords")


def test_range_and_adjacency_conditions_and_knockback_adds_up() -> None:
    chained = DATA.fighter("karsus-the-chained").normal.attacks[0]  # Range 2
    whirl = DATA.card("whirlwind-of-death").modifiers
    assert attack_stats(chained, whirl).damage == chained.damage + 1
    far = AttackProfile(name="Far", range=3, dice=2, symbol="hammer", damage=1)
    assert attack_stats(far, whirl).damage == 1
    brave = DATA.card("brave-strike").attack
    assert brave is not None
    assert attack_stats(brave, (), Situation(friend_adjacent=False)).dice == 3
    assert attack_stats(brave, (), Situation(friend_adjacent=True)).dice == 2
    grandhammer = DATA.fighter("obryn-the-bold").normal.attacks[0]
    assert attack_stats(grandhammer).knockback == 1
    assert attack_stats(grandhammer, [Modifier(knockback=1)]).knockback == 2  # T26, L567: they add up
