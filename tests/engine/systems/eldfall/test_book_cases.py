"""Independent rules cases written from the Eldfall core rules v1.5 (not from the digest's worked examples): the
edges of roll-under (exactly 20, above 20, a widened critical range, halving to one), confrontations where a
failed or equal die meets a success, dodges and criticals, damage at the threshold, and in play: Activation Points
each Upkeep, a reacting model's single strike, who may react, Broken Morale, and the end of the quest."""

from __future__ import annotations

import pytest

from engine.checks import Modifier, target
from engine.core import Answer, Game, ModelId, RigDice
from engine.systems.eldfall.attack import attack_roll
from engine.systems.eldfall.confrontation import confront
from engine.systems.eldfall.damage import damage_roll, wound
from engine.systems.eldfall.dodge import dodge
from engine.systems.eldfall.friendly_fire import shooting_into_melee
from engine.systems.eldfall.morale import morale_broken
from engine.systems.eldfall.rolls import attribute_roll, check_rules
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, Declare, EndTurn
from tests.engine.systems.eldfall.loader import shipped_rulings
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    clear_table,
    place,
    practice,
    settle,
    turn_of,
    unit_id,
)
from tests.refusals import refused, refusing
from tests.table_commands import change_token, wound_model

RULINGS = shipped_rulings()

# --- Roll-under and modifiers -------------------------------------------------------------------------------


def test_a_twenty_against_exactly_twenty_succeeds_but_is_no_critical() -> None:
    """Eldfall core rules v1.5, L572: only an attribute increased over 20 makes a 20 a critical."""
    at_twenty = attack_roll("A", "B", "OFF", target(16, [Modifier.add("bonus", 4)]), [20], rulings=RULINGS)
    assert at_twenty.verdicts[0].success and not at_twenty.verdicts[0].critical
    above = attack_roll("A", "B", "OFF", target(16, [Modifier.add("bonus", 5)]), [20], rulings=RULINGS)
    assert above.verdicts[0].critical


def test_a_widened_critical_range_and_above_twenty_add_up() -> None:
    """L572, L831, L1811: an Assassin crits on 1-3, and above 20 a 20 is a critical as well."""
    roll = attack_roll("A", "B", "OFF", target(22), [1, 2, 3, 4, 19, 20], critical_up_to=3, rulings=RULINGS)
    assert [v.critical for v in roll.verdicts] == [True, True, True, False, False, True]


def test_doubling_comes_after_the_additions_and_can_pass_twenty() -> None:
    """L573: add and subtract first, then double; 12 - 1 doubled is 22, so a 20 is a critical."""
    goal = target(12, [Modifier.double("doubling"), Modifier.add("penalty", -1)])
    assert goal.value == 22
    assert attribute_roll(goal, 20, rulings=RULINGS).criticals == 1


def test_halving_one_rounds_up_to_one_and_a_halved_zero_still_fails() -> None:
    """L573: halving rounds up, so 1 stays 1; L572: an attribute brought to 0 fails even on a 1."""
    assert target(1, [Modifier.halve("no sight")]).value == 1
    assert attribute_roll(target(1, [Modifier.halve("no sight")]), 1, rulings=RULINGS).passed
    zero = target(4, [Modifier.add("penalty", -6), Modifier.halve("no sight")])
    assert zero.value == 0 and not attribute_roll(zero, 1, rulings=RULINGS).passed


def test_a_modifier_cannot_drive_an_attribute_below_zero_before_it_is_raised() -> None:
    """L572: an attribute is never negative; additions are summed, so -5 and +4 on 3 leave 2."""
    assert target(3, [Modifier.add("penalty", -5), Modifier.add("bonus", 4)]).value == 2


def test_shooting_into_melee_stacks_minus_four_per_ally() -> None:
    """L1522: -4 for every allied model in base contact with the target."""
    penalty = shooting_into_melee(2)
    assert penalty is not None and target(14, [penalty]).value == 6


# --- Confrontations ----------------------------------------------------------------------------------------


def test_an_equal_die_is_cancelled_while_a_higher_one_lands() -> None:
    """L857: each successful roll negates enemy rolls equal or lower; A's 8 meets B's 8, A's 11 beats both."""
    a = attack_roll("A", "B", "OFF", target(13), [8, 11], rulings=RULINGS)
    b = attack_roll("B", "A", "DEF", target(12), [8], rulings=RULINGS)
    result = confront(a, b, rulings=RULINGS)
    assert (result.winner, [a.verdicts[i].face for i in result.a_lands], result.b_lands) == ("a", [11], ())


def test_a_failed_high_roll_cancels_nothing() -> None:
    """L857-858: a roll above its own attribute is no success, however high; B's 8 lands."""
    a = attack_roll("A", "B", "OFF", target(10), [15], rulings=RULINGS)
    b = attack_roll("B", "A", "DEF", target(12), [8], rulings=RULINGS)
    result = confront(a, b, rulings=RULINGS)
    assert (result.winner, result.a_lands, result.b_lands) == ("b", (), (0,))


def test_a_roll_exactly_at_the_attribute_succeeds_and_beats_a_lower_one() -> None:
    """L502, L857: equal to the modified attribute is a success."""
    a = attack_roll("A", "B", "OFF", target(13), [13], rulings=RULINGS)
    b = attack_roll("B", "A", "DEF", target(12), [12], rulings=RULINGS)
    assert confront(a, b, rulings=RULINGS).winner == "a"


def test_a_twenty_above_twenty_is_a_critical_that_wins_the_confrontation() -> None:
    """L572, L833: above 20 a 20 is a critical, and a critical beats every opposing roll, even a lower success."""
    a = attack_roll("A", "B", "OFF", target(22), [20], rulings=RULINGS)
    b = attack_roll("B", "A", "DEF", target(12), [12], rulings=RULINGS)
    assert confront(a, b, rulings=RULINGS).winner == "a"
    low = attack_roll("B", "A", "DEF", target(12), [19], rulings=RULINGS)
    assert confront(a, low, rulings=RULINGS).winner == "a"


def test_both_sides_failing_means_nobody_hits() -> None:
    """L855: only a model with a successful Confrontation roll wins; with none, nobody deals damage."""
    a = attack_roll("A", "B", "OFF", target(5), [9, 12], rulings=RULINGS)
    b = attack_roll("B", "A", "DEF", target(6), [7], rulings=RULINGS)
    result = confront(a, b, rulings=RULINGS)
    assert (result.winner, result.hits) == (None, ())


# --- Dodges, damage and wounds -----------------------------------------------------------------------------


def test_a_successful_dodge_avoids_every_non_critical_hit_of_that_attacker() -> None:
    """L1383: a successful Dodge avoids non-critical Hits; one Agility die for the attacker."""
    hits = attack_roll("A", "D", "OFF", target(15), [4, 9, 14], rulings=RULINGS).hits()
    result = dodge("D", "A", target(10), 10, hits, rulings=RULINGS)
    assert (len(result.avoided), result.suffered) == (3, ())
    failed = dodge("D", "A", target(10), 11, hits, rulings=RULINGS)
    assert (failed.avoided, len(failed.suffered)) == ((), 3)


def test_a_critical_hit_wounds_through_armour_above_its_power() -> None:
    """L831: a Critical Hit reduces ARM to 0 for that Hit, so PW 4 against ARM 6 wounds on 4 or less."""
    hits = attack_roll("A", "B", "OFF", target(13), [1, 2], rulings=RULINGS).hits()
    roll = damage_roll(hits, 4, 6, [4, 1])
    assert [d.wound for d in roll.dice] == [True, False]


def test_damage_at_exactly_power_minus_armour_wounds_and_one_more_does_not() -> None:
    """L541: a damage die wounds when equal to or lower than PW minus ARM."""
    hits = attack_roll("A", "B", "OFF", target(13), [5, 6], rulings=RULINGS).hits()
    assert [d.wound for d in damage_roll(hits, 10, 3, [7, 8]).dice] == [True, False]


def test_a_wound_short_of_zero_hp_incapacitates_nobody() -> None:
    """L872: only a model reduced to 0 HP becomes Incapacitated."""
    assert (wound(2, 1, rulings=RULINGS).hp, wound(2, 1, rulings=RULINGS).incapacitated) == (1, False)
    assert wound(2, 2, rulings=RULINGS).incapacitated and not wound(2, 2, rulings=RULINGS).dead


def test_morale_recovers_once_more_than_half_stand_again() -> None:
    """L1280-1282: the party is broken at half or fewer (the book's four-model example) and no longer above half."""
    assert morale_broken(4, 2, rulings=RULINGS) and not morale_broken(4, 3, rulings=RULINGS)
    assert not morale_broken(2, 2, rulings=RULINGS)
    assert morale_broken(2, 1, rulings=RULINGS) and morale_broken(1, 0, rulings=RULINGS)


def test_the_reactive_critical_range_is_not_widened_for_other_models() -> None:
    """L831: a 1 is the only critical for an ordinary model."""
    assert check_rules(rulings=RULINGS).critical_faces == frozenset({1})


# --- In play -----------------------------------------------------------------------------------------------


def _duel_table(seed: str) -> tuple[Game[EldfallState], str, str]:
    """Soga's Clan Champion (A) 4 inches in front of Thenion's Thenrin Swashbuckler (B), facing each other."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), seed)
    turn_of(game, "A")
    champion, swash = unit_id(game, "Clan Champion"), unit_id(game, "Thenrin Swashbuckler")
    arrange(game, {champion: (18, 10, 90.0), swash: (18, 14, 270.0)})
    return game, champion, swash


def test_every_model_of_both_players_gets_its_stamina_in_ap_each_upkeep() -> None:
    """L1155, L1170: unspent AP are discarded at the End phase and every player's models get AP equal to STA at
    the next Upkeep; the reactive player's spent AP come back too."""
    game, champion, swash = _duel_table("upkeep")
    game.apply(Activate(model=ModelId(champion), how="walk", to="18,12"), as_side("A", ALICE))
    (decision,) = game.state.pending.values()
    game.apply(Answer(decision_id=decision.id, answers={swash: "dodge"}), as_side("B", ALICE))
    game.apply(Declare(kind="nothing"), as_side("A", ALICE))
    settle(game)
    assert (game.state.figures[ModelId(champion)].ap, game.state.figures[ModelId(swash)].ap) == (1, 1)
    game.apply(EndTurn(), as_side("A", ALICE))
    settle(game)
    assert game.state.active_side == "B"
    assert all(f.ap == 2 for f in game.state.figures.values()), {m: f.ap for m, f in game.state.figures.items()}


def test_a_reacting_attack_rolls_one_die_with_defence_against_the_active_offence() -> None:
    """L1428 (Strike 1 when reacting), L1434-1435 (OFF when active, DEF when reacting), L845 (a confrontation)."""
    game, champion, swash = _duel_table("strike")
    turn_of(game, "B")
    game.apply(Activate(model=ModelId(swash), how="walk", to="18,11.26"), as_side("B", ALICE))
    (decision,) = game.state.pending.values()
    sword = "sword"
    game.apply(Answer(decision_id=decision.id, answers={champion: sword}), as_side("A", ALICE))
    game.apply(RigDice(values=(5, 6, 9, 3, 3, 3)), HOST)
    events = game.apply(Declare(kind="attack", means="short-sword", targets=((ModelId(champion), 0),)),
                        as_side("B", ALICE))
    working = [line for e in events for line in e.body.working()]
    assert any(line.startswith(f"{champion}'s attack on {swash}: DEF") for line in working)
    assert any(line.startswith(f"{swash}'s attack on {champion}: OFF") for line in working)
    rolls = [e.body.describe() for e in events if "rolls for" in e.body.describe() and "damage" not in
             e.body.describe()]
    reacting = next(r for r in rolls if f"for {champion}'s attack" in r)
    assert reacting.removesuffix(" [rigged]").endswith("DEF 12: 9 hit"), rolls  # one die, read against DEF


def test_a_model_behind_the_mover_and_out_of_awareness_cannot_react() -> None:
    """L1226-1228: a Reaction needs line of sight to the activated model (Dodge also within Awareness)."""
    game, champion, swash = _duel_table("behind")
    place(game, swash, 18, 30, 270.0)  # 20 inches away, facing away from the Champion
    game.apply(Activate(model=ModelId(champion), how="walk", to="18,12"), as_side("A", ALICE))
    offered = [p.option_keys() for d in game.state.pending.values() for p in d.parts if p.key == swash]
    assert offered in ([], [("nothing",)]), offered


def _take_out(game: Game[EldfallState], attacker: str, victim: str, weapon: str, x: float) -> None:
    """``attacker`` (side A) attacks ``victim`` in base contact in front of it; every die rolls low."""
    place(game, attacker, x, 10, 90.0)
    place(game, victim, x, 11.26, 270.0)  # two 32 mm bases touch 1.26 inches apart
    game.apply(Activate(model=ModelId(attacker), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 2, 2, 1, 1, 1)), HOST)
    game.apply(Declare(kind="attack", means=weapon, targets=((ModelId(victim), 0),)), as_side("A", ALICE))
    settle(game)


def _thenion_down_to_one() -> Game[EldfallState]:
    """Soga's Clan Champion incapacitates Thenion's Nightshade (B1) and Hunter (B2); the Swashbuckler (B3) stands."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), "morale")
    turn_of(game, "A")
    clear_table(game, ())
    for shrouded in ("B1", "B2"):  # both deploy Shrouded (Stealth II, L1985): revealed by hand to be targeted
        game.apply(change_token(model=ModelId(shrouded), token="shrouded", remove=True), HOST)
    _take_out(game, "A1", "B1", "sword", 10)
    _take_out(game, "A1", "B2", "sword", 20)
    return game


def test_a_party_of_three_with_two_fallen_is_panicked() -> None:
    """L1280-1282: in a party of three, when two fall the last one is Panicked for the rest of the game."""
    game = _thenion_down_to_one()
    assert "incapacitated" in game.state.models[ModelId("B2")].tokens
    assert "panicked" in game.state.models[ModelId("B3")].tokens


def test_the_quest_ends_at_the_start_of_a_turn_when_a_side_has_no_model_standing() -> None:
    """L1301: the quest ends if at the beginning of their turn a player has every model Incapacitated or Dead."""
    game = _thenion_down_to_one()
    _take_out(game, "A2", "B3", "greatsword", 15)
    assert "incapacitated" in game.state.models[ModelId("B3")].tokens and not game.is_over()
    game.apply(EndTurn(), as_side("A", ALICE))
    settle(game)
    outcome = game.outcome()
    assert game.is_over() and outcome is not None and outcome.winner == "A"


def test_the_game_ends_after_the_fifth_round_with_a_draw_on_equal_points() -> None:
    """L1302-1304: unless the quest says otherwise, the game ends after the last player's 5th turn; equal VP is a
    draw."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), "five")
    for _ in range(10):
        active = game.state.active_side
        assert active is not None and not game.is_over()
        game.apply(EndTurn(), as_side(active, ALICE))
        settle(game)
    outcome = game.outcome()
    assert game.is_over() and game.state.round == 5 and outcome is not None
    assert outcome.draw == (outcome.scores["A"] == outcome.scores["B"])


def test_a_dodge_by_a_model_that_never_saw_the_mover_is_made_with_halved_agility() -> None:
    """L1226-1228, L1385-1386: facing away but within Awareness, the Swashbuckler may only Dodge, with AG 13
    halved to 7, so a 9 fails."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), "blind-dodge")
    turn_of(game, "A")
    arrange(game, {
        "A3": (12, 4, 90.0),
        "B3": (12, 14, 90.0),  # its back to the Bushi Attendant, about 7 inches off
    })
    game.apply(Activate(model=ModelId("A3"), how="walk", to="12,6"), as_side("A", ALICE))
    (decision,) = game.state.pending.values()
    assert next(p for p in decision.parts if p.key == "B3").option_keys() == ("nothing", "dodge")
    game.apply(Answer(decision_id=decision.id, answers={"B3": "dodge"}), as_side("B", ALICE))
    game.apply(RigDice(values=(5, 5, 9, 20, 20)), HOST)
    events = game.apply(Declare(kind="attack", means="short-bow", targets=((ModelId("B3"), 0),)),
                        as_side("A", ALICE))
    working = [line for e in events for line in e.body.working()]
    assert "9 > 7: failure" in working, working


def test_a_dodge_moves_at_most_half_speed_rounded_up() -> None:
    """L1387: the Clan Champion (SPD 5) dodges up to 3 inches, not 3.4."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), "dodge-move")
    turn_of(game, "B")
    arrange(game, {"B3": (12, 4, 90.0), "A1": (12, 12, 270.0)})
    game.apply(Activate(model=ModelId("B3"), how="walk", to="12,6"), as_side("B", ALICE))
    (decision,) = game.state.pending.values()
    too_far = {"A1": "dodge", "A1.move": "15.4,12"}
    refused(game, Answer(decision_id=decision.id, answers=too_far), as_side("A", ALICE), r'3.40" .* within 3.0"')
    game.apply(Answer(decision_id=decision.id, answers={"A1": "dodge", "A1.move": "15,12"}), as_side("A", ALICE))
    game.apply(Declare(kind="nothing"), as_side("B", ALICE))
    settle(game)
    assert (game.state.models[ModelId("A1")].x, game.state.models[ModelId("A1")].y) == (15.0, 12.0)


def test_a_panicked_model_that_fails_its_morale_may_only_dodge_or_stay_idle_when_reacting() -> None:
    """L1764: a Panicked model rolls M at the beginning of a Reaction; failing, it may only Dodge or stay Idle (ruling
    panic-reaction-roll: rolled as the Reaction step is offered)."""
    game = _thenion_down_to_one()
    place(game, "A2", 12, 4, 90.0)
    place(game, "B3", 12, 8, 270.0)
    game.apply(RigDice(values=(15,)), HOST)  # above the Swashbuckler's M 10
    game.apply(Activate(model=ModelId("A2"), how="walk", to="12,6.5"), as_side("A", ALICE))
    (decision,) = game.state.pending.values()
    assert next(p for p in decision.parts if p.key == "B3").option_keys() == ("nothing", "dodge")


def test_an_engaged_model_may_not_shoot() -> None:
    """L1457: while Engaged a model may only make a Melee Attack, Assist itself or Dodge."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), "engaged")
    turn_of(game, "A")
    arrange(game, {"A3": (12, 4, 90.0), "B3": (12, 5.26, 270.0)})
    game.apply(Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))
    settle(game)
    with refusing(game, r"Engaged.*L1457"):
        game.apply(Declare(kind="attack", means="short-bow", targets=((ModelId("B3"), 0),)), as_side("A", ALICE))


# --- Wounds outside a sequence, and base contact (found by the independent check, fixed) ---------------------


def _bleeding_b3(seed: str) -> Game[EldfallState]:
    """B3 (T 12) left at 1 HP and Bleeding by A2's greatsword, A's turn still running."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), seed)
    turn_of(game, "A")
    clear_table(game, ())
    place(game, "A2", 12, 4, 90.0)
    place(game, "B3", 12, 5.26, 270.0)
    game.apply(Activate(model=ModelId("A2"), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 1, 20)), HOST)  # one Hit, one Wound with Bleed; Finishing Strike misses
    game.apply(Declare(kind="attack", means="greatsword", targets=((ModelId("B3"), 0),)), as_side("A", ALICE))
    settle(game)
    b3 = game.state.models[ModelId("B3")]
    assert b3.wounds_left == 1 and "bleeding" in b3.tokens
    return game


def test_a_model_bled_to_zero_hp_in_its_strategic_phase_is_incapacitated() -> None:
    """L1682 (Bleeding: a T roll each Strategic phase, a Wound on a failure), L1756 and L872 (0 HP: Incapacitated,
    no AP, no activation)."""
    game = _bleeding_b3("bleed")
    game.apply(RigDice(values=(15,)), HOST)  # over B3's T 12
    game.apply(EndTurn(), as_side("A", ALICE))
    settle(game)
    b3 = game.state.models[ModelId("B3")]
    assert b3.wounds_left == 0 and "incapacitated" in b3.tokens and "dead" not in b3.tokens
    assert game.state.figures[ModelId("B3")].ap == 0


def test_an_incapacitated_model_that_bleeds_again_dies() -> None:
    """L1758: a Wound on a model already Incapacitated kills it."""
    game = _bleeding_b3("bleed-twice")
    game.apply(wound_model(model=ModelId("B3"), amount=1), HOST)
    game.apply(change_token(model=ModelId("B3"), token="incapacitated"), HOST)
    game.apply(RigDice(values=(15,)), HOST)
    game.apply(EndTurn(), as_side("A", ALICE))
    settle(game)
    assert "dead" in game.state.models[ModelId("B3")].tokens


def _incapacitated_b3(seed: str, states: tuple[str, ...]) -> Game[EldfallState]:
    """B3 brought to 0 HP and Incapacitated during A's turn, with exactly ``states`` of Bleeding and Poisoned."""
    game = _bleeding_b3(seed)
    game.apply(wound_model(model=ModelId("B3"), amount=1), HOST)
    game.apply(change_token(model=ModelId("B3"), token="incapacitated"), HOST)
    if "bleeding" not in states:
        game.apply(change_token(model=ModelId("B3"), token="bleeding", remove=True), HOST)
    if "poisoned" in states:
        game.apply(change_token(model=ModelId("B3"), token="poisoned"), HOST)
    return game


@pytest.mark.parametrize(("states", "dice"), [((), ()), (("bleeding",), (5,)), (("poisoned",), (5,))],
                         ids=["no-state", "bleeding-passed", "poison-passed"])
def test_an_incapacitated_model_not_wounded_again_survives_its_strategic_phase(
        states: tuple[str, ...], dice: tuple[int, ...]) -> None:
    """L872, L1758: an Incapacitated model becomes Dead only when it would suffer another Wound (or by a Deathblow,
    L1536); its side's Strategic phase alone, or a T roll it passes against Bleeding or Poison, leaves it lying."""
    game = _incapacitated_b3("still-down", states)
    if dice:
        game.apply(RigDice(values=dice), HOST)
    game.apply(EndTurn(), as_side("A", ALICE))
    settle(game)
    b3 = game.state.models[ModelId("B3")]
    assert (game.state.phase, game.state.active_side) == ("tactical", "B")  # past B's Strategic phase
    assert "incapacitated" in b3.tokens and "dead" not in b3.tokens


def test_an_incapacitated_model_that_fails_its_poison_roll_dies() -> None:
    """L1770 (Poisoned: a T roll at -6 each Strategic phase, a Wound on a failure), L1758: that Wound kills."""
    game = _incapacitated_b3("poison-kills", ("poisoned",))
    game.apply(RigDice(values=(15,)), HOST)
    game.apply(EndTurn(), as_side("A", ALICE))
    settle(game)
    assert "dead" in game.state.models[ModelId("B3")].tokens


@pytest.mark.parametrize(("state", "ends"), [(None, 11.7), ("incapacitated", 13.0), ("dead", 13.0)])
def test_a_move_may_end_on_a_fallen_ally_but_not_on_a_standing_one(state: str | None, ends: float) -> None:
    """L637 (a move passes through allies), L639 (it never ends within another model's hitbox unless that model is
    Incapacitated or Dead): a walk aimed at an ally's spot backs off to touch a standing ally, ends on a fallen one."""
    game = practice(("Helian Expedition", "Soga Vanguard"), "onfallen")
    turn_of(game, "A")
    arrange(game, {"A1": (10, 18, 90.0), "A2": (13, 18, 90.0), "B2": (30, 30, 0.0)})
    if state is not None:
        game.apply(change_token("A2", state), HOST)
    game.apply(Activate(model=ModelId("A1"), how="walk", to="13,18"), as_side("A", ALICE))
    assert game.state.models["A1"].x == pytest.approx(ends, abs=0.05)


@pytest.mark.parametrize(("b3_at", "to"), [((12, 8), "12,10"), ((10.74, 5.84), "12,5.84")],
                         ids=["stopped-head-on", "walked-up-beside"])
def test_a_move_that_ends_touching_an_enemy_is_in_base_contact(b3_at: tuple[float, float], to: str) -> None:
    """L638 (a move ends as it enters Base Contact with an enemy), L742 (a reach-0" weapon strikes in base contact):
    the end point, kept to 0.01", still touches."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), "headon")
    turn_of(game, "A")
    clear_table(game, ("A1", "B3"))
    place(game, "A1", 12, 4, 90.0)
    place(game, "B3", *b3_at, 270.0)
    game.apply(Activate(model=ModelId("A1"), how="walk", to=to), as_side("A", ALICE))
    world = game.system.kit.world(game.state)
    assert world.touching(ModelId("A1"), ModelId("B3")), world.gap(ModelId("A1"), ModelId("B3"))
    assert world.gap(ModelId("A1"), ModelId("B3")) >= 0 and world.fighter(ModelId("B3")).hp > 0
