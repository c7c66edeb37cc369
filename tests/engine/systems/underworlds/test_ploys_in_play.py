"""Every core ploy played through the referee (Underworlds core rulebook, L599-L605): what it chooses, what it does,
and for reaction ploys when they are offered. Fighters stand where each test puts them; dice are rigged.

Default positions: Severin A1 on D7, Angharad A2 on F7, Obryn A3 on B9; Garrek B1 on D5, the other Reavers
far off (B2 G2, B3 A1, B4 H1, B5 C1). D6 lies between A1 and B1.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import PASS, REACTION, Answer, SideId, Viewer
from engine.systems.underworlds.events import AttackMade, Damaged
from tests.engine.systems.underworlds.table import (
    UW,
    A,
    B,
    act,
    act_turn,
    actor,
    arrange,
    by_default,
    decide,
    extend,
    give,
    hand,
    pass_power,
    ready,
    rig,
    turn_of,
)
from tests.engine.systems.underworlds.typed import Attack, Move, Pass, PlayCard
from tests.refusals import refused, refusing

POSITIONS = {"A1": "D7", "A2": "F7", "A3": "B9", "B1": "D5", "B2": "G2", "B3": "A1", "B4": "H1", "B5": "C1"}


def scene(**moved: str | None) -> UW:
    return arrange(ready(), **{**POSITIONS, **moved})


HOLD = ("champions-hold-the-line", "reavers-hold-the-ground")


def hold_scene(**moved: str | None) -> UW:
    """The default positions with the Hold decks, which carry the universal ploys."""
    return arrange(ready(decks=HOLD), **{**POSITIONS, **moved})


def other(side: SideId) -> SideId:
    return B if side == A else A


def my_power_turn(game: UW, side: SideId, *, after_own: bool = True) -> None:
    """Reach a power step with ``side`` to play: after its own activation (the next one is the opponent's), or
    after the opponent's (the next one is its own)."""
    turn_of(game, side if after_own else other(side))
    act_turn(game, Pass())
    by_default(game)  # a side that brought cards of its own is offered a reaction: it passes
    if not after_own:
        act(game, other(side), Pass())
        by_default(game)
    assert game.state.power is not None and game.state.power.turn == side


def play(game: UW, side: SideId, card: str, **options: str) -> None:
    act(game, side, PlayCard(card=card, fighter=options.get("model", ""), target=options.get("target", ""),
                             to=options.get("to", "")))


def offered(game: UW) -> tuple[str, SideId, tuple[str, ...]]:
    """The reaction offer pending now, passing over sides that have nothing to play."""
    for _ in range(4):
        decision = next(d for d in game.pending if d.core == REACTION)
        options = decision.parts[0].option_keys()
        if len(options) > 1:
            return decision.id, decision.owner, options
        game.apply(Answer(decision_id=decision.id, choice=PASS), actor(decision.owner))
    raise AssertionError("no reaction was offered")


def react(game: UW, key: str) -> None:
    decision, owner, options = offered(game)
    assert key in options, options
    game.apply(Answer(decision_id=decision, choice=key), actor(owner))


def attacks(game: UW) -> list[AttackMade]:
    return [e.body for e in game.log if isinstance(e.body, AttackMade)]


def dice_of_last_attack(game: UW) -> int:
    return len(attacks(game)[-1].attack_roll)


def settle(game: UW, **answers: Any) -> None:
    """Answer drive-back offers with no drive, and reaction offers with a pass, until the game waits for a
    command."""
    for _ in range(10):
        if not game.pending:
            return
        decision = game.pending[0]
        if decision.core == REACTION:
            game.apply(Answer(decision_id=decision.id, choice=PASS), actor(decision.owner))
        elif decision.kind == "drive-back":
            decide(game, **{"drive-back": answers.get("drive", "none")})
        else:
            return


# -- Garrek's Reavers ------------------------------------------------------------------------------


def test_blood_offering_wounds_a_friend_and_gives_it_two_more_attack_dice() -> None:
    game = give(scene(A1="D6"), B, "blood-offering")
    my_power_turn(game, B, after_own=False)
    play(game, B, "blood-offering", model="B1")
    assert game.state.fighters["B1"].wounds == 1
    pass_power(game)
    rig(game, "hammer", "hammer", "hammer", "hammer", "block")
    act(game, B, Attack(fighter="B1", targets=("A1",)))
    assert dice_of_last_attack(game) == 4


def test_blood_rain_makes_every_attack_of_the_next_activation_count_swords() -> None:
    game = give(scene(A1="D6"), B, "blood-rain")
    my_power_turn(game, B)
    play(game, B, "blood-rain")
    pass_power(game)
    rig(game, "swords", "swords", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert attacks(game)[-1].outcome == "success"


def test_boon_of_khorne_clears_a_friends_wounds_after_a_take_out() -> None:
    game = give(scene(B2="D6"), B, "boon-of-khorne")
    game = extend(game, Damaged(fighter="B1", amount=2, wounds=2), Damaged(fighter="A1", amount=3, wounds=3))
    turn_of(game, B)
    rig(game, "swords", "swords", "swords", "dodge")
    act(game, B, Attack(fighter="B2", targets=("A1",), attack="Brutal Chop"))
    assert game.state.fighters["A1"].out_of_action
    react(game, "ploy:boon-of-khorne")
    decide(game, pick="B1")
    assert game.state.fighters["B1"].wounds == 0


def test_desecrate_takes_a_held_objective_token_off_the_battlefield() -> None:
    game = give(hold_scene(B1="D6", A1="D8"), B, "desecrate")
    my_power_turn(game, B)
    with refusing(game, "objective token you hold"):
        play(game, B, "desecrate", target="5")
    number = next(t.number for t in game.state.tokens if t.hex == "D6")
    play(game, B, "desecrate", target=str(number))
    assert "D6" not in [t.hex for t in game.state.tokens]


def test_desecrate_takes_the_katophrane_artefact_off_the_battlefield_when_a_reaver_holds_it() -> None:
    """L741: the Katophrane Artefact is an objective token for every rule, so Desecrate (take an objective token you
    hold off the battlefield) may take it: the menu offers it by name and the referee accepts what it offers."""
    game = ready("artefact", decks=HOLD, mode="artefact")
    artefact = next(t for t in game.state.tokens if t.artefact)
    game = give(arrange(game, **{**POSITIONS, "B1": artefact.hex}), B, "desecrate")
    my_power_turn(game, B)
    desecrate = game.system.action(("hand", "play"), None)
    assert desecrate is not None
    offered = {c.value: c.shown for c in desecrate.sources["target"](game.state, Viewer.of_side(B),
                                                                   {"card": "desecrate"})}
    assert offered == {"A": "the Katophrane Artefact"}
    play(game, B, "desecrate", target="A")
    assert not any(t.artefact for t in game.state.tokens)


def test_fuelled_by_slaughter_lets_a_friend_attack_after_a_take_out() -> None:
    game = give(scene(B2="C6", A1="D6", B1="E5"), B, "fuelled-by-slaughter")
    game = extend(game, Damaged(fighter="B1", amount=3, wounds=3))
    turn_of(game, A)
    rig(game, "hammer", "hammer", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert game.state.fighters["B1"].out_of_action
    react(game, "ploy:fuelled-by-slaughter")
    decide(game, pick="B2")
    rig(game, "swords", "swords", "swords", "dodge")
    attack = game.pending[0]
    assert attack.kind == "attack"
    decide(game, attack=next(k for k in attack.parts[0].option_keys() if "Brutal Chop" in k))
    assert attacks(game)[-1].attacker == "B2" and game.state.fighters["A1"].wounds == 2


def test_insensate_makes_the_first_damage_to_a_friend_just_one() -> None:
    game = give(scene(A1="D6"), B, "insensate")
    my_power_turn(game, B)
    play(game, B, "insensate")
    pass_power(game)
    rig(game, "hammer", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert game.state.fighters["B1"].wounds == 1


def test_khorne_calls_adds_an_attack_die_to_the_first_friendly_attack() -> None:
    game = give(scene(A1="D6"), B, "khorne-calls")
    my_power_turn(game, B, after_own=False)
    play(game, B, "khorne-calls")
    pass_power(game)
    rig(game, "hammer", "hammer", "hammer", "block")
    act(game, B, Attack(fighter="B1", targets=("A1",)))
    assert dice_of_last_attack(game) == 3


def test_rebirth_in_blood_sets_the_last_fighter_up_again_on_a_block() -> None:
    game = give(scene(A1="D6", B2=None, B3=None, B4=None, B5=None), B, "rebirth-in-blood")
    game = extend(game, Damaged(fighter="B1", amount=3, wounds=3))
    turn_of(game, A)
    rig(game, "hammer", "hammer", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert game.state.fighters["B1"].out_of_action
    rig(game, "block")
    react(game, "ploy:rebirth-in-blood")
    setup = game.pending[0]
    assert setup.kind == "set-up"
    decide(game, **{"set-up": setup.parts[0].option_keys()[0]})
    fighter = game.state.fighters["B1"]
    assert fighter.hex is not None and not fighter.out_of_action and fighter.wounds == 0


@pytest.mark.parametrize("drawn", [2, 1, 0])
def test_skulls_for_the_skull_throne_draws_up_to_two_power_cards_as_its_player_chooses(drawn: int) -> None:
    """The card draws "up to" two: its player chooses none, one or two (the default, the most)."""
    game = give(scene(B1="E6", A2="F7"), B, "skulls-for-the-skull-throne")
    game = extend(game, Damaged(fighter="A2", amount=2, wounds=2))
    turn_of(game, B)
    before = len(hand(game, B))
    rig(game, "hammer", "hammer", "dodge")
    act(game, B, Attack(fighter="B1", targets=("A2",)))
    react(game, "ploy:skulls-for-the-skull-throne")
    (asked,) = game.pending
    assert asked.owner == B and [o.key for o in asked.parts[0].options] == ["2", "1", "0"]
    assert asked.parts[0].default == "2"
    decide(game, draw=str(drawn))
    assert len(hand(game, B)) == before - 1 + drawn


# -- Steelheart's Champions -------------------------------------------------------------------------


def test_heroic_guard_and_sigmarite_wall_put_friends_on_guard() -> None:
    game = give(scene(A2="E7"), A, "heroic-guard", "sigmarite-wall")
    my_power_turn(game, A)
    play(game, A, "heroic-guard", model="A3")
    act(game, B, Pass())
    with refusing(game, "cannot choose"):
        play(game, A, "sigmarite-wall", model="A1", target="A3")
    play(game, A, "sigmarite-wall", model="A1", target="A2")
    assert [f.guard for f in (game.state.fighters[x] for x in ("A1", "A2", "A3"))] == [True, True, True]


def test_peal_of_thunder_and_sidestep_push_one_hex() -> None:
    game = give(give(scene(), A, "peal-of-thunder"), B, "sidestep")
    my_power_turn(game, A)
    with refusing(game, "L413"):
        play(game, A, "peal-of-thunder", model="B1", to="D7")
    play(game, A, "peal-of-thunder", model="B1", to="C5")
    assert game.state.fighters["B1"].hex == "C5"
    play(game, B, "sidestep", model="B1", to="C4")
    assert game.state.fighters["B1"].hex == "C4"


def test_righteous_zeal_adds_one_damage_to_the_first_attack_of_range_one_or_two() -> None:
    game = give(scene(A1="D6"), A, "righteous-zeal")
    my_power_turn(game, A, after_own=False)
    play(game, A, "righteous-zeal")
    pass_power(game)
    rig(game, "hammer", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert game.state.fighters["B1"].out_of_action  # 3 + 1 damage against Wounds 4


def test_stormforged_resistance_stops_the_drive_back_of_the_first_attack() -> None:
    game = give(scene(B1="D6", A1="D7"), A, "stormforged-resistance")
    my_power_turn(game, A)
    play(game, A, "stormforged-resistance")
    pass_power(game)
    rig(game, "hammer", "hammer", "block")
    act(game, B, Attack(fighter="B1", targets=("A1",)))
    assert not any(d.kind == "drive-back" for d in game.pending)


def test_stormforged_tactics_gives_a_reaction_to_push_friends_after_a_failed_enemy_attack() -> None:
    game = give(scene(B1="D6", A1="D7"), A, "stormforged-tactics")
    my_power_turn(game, A)
    play(game, A, "stormforged-tactics")
    pass_power(game)
    rig(game, "swords", "swords", "block")
    act(game, B, Attack(fighter="B1", targets=("A1",)))
    react(game, "grant:0")
    decide(game, pick="A1+A2")
    decide(game, push="C8")
    decide(game, push="none")
    assert game.state.fighters["A1"].hex == "C8" and game.state.fighters["A2"].hex == "F7"


def test_tireless_assault_attacks_the_same_target_again_after_a_failure() -> None:
    """E19, L689: after a friendly fighter's failed Attack action, once the combat is resolved, it attacks the same
    target again."""
    game = give(scene(A1="D6"), A, "tireless-assault")
    turn_of(game, A)
    rig(game, "swords", "swords", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    rig(game, "hammer", "hammer", "block")
    react(game, "ploy:tireless-assault")  # one attack, one target: made at once (a single legal answer)
    assert len(attacks(game)) == 2 and game.state.fighters["B1"].wounds == 3


@pytest.mark.parametrize(("drive", "offered_again"), [("none", True), ("D4", False)])
def test_tireless_assault_comes_after_the_drive_back_and_only_while_the_target_is_in_reach(
        drive: str, offered_again: bool) -> None:
    """L689, L575: Tireless Assault is played after the combat sequence, so after the drive-back of a tie; once
    Severin has driven Garrek two hexes off, no Attack action of his can target Garrek again, so the card cannot
    be played (and side A is not asked); left where he stood, it can."""
    game = give(scene(A1="D6"), A, "tireless-assault")
    turn_of(game, A)
    rig(game, "hammer", "support", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert attacks(game)[-1].outcome == "fail, drive back" and game.pending[0].kind == "drive-back"
    decide(game, **{"drive-back": drive})
    assert any(d.core == REACTION for d in game.pending) == offered_again
    if offered_again:
        rig(game, "hammer", "hammer", "dodge")
        react(game, "ploy:tireless-assault")
        assert len(attacks(game)) == 2 and game.state.fighters["B1"].wounds == 3
    else:
        assert "tireless-assault" in hand(game, A) and game.state.step == "power"


def test_undaunted_heals_the_last_friend_standing() -> None:
    game = give(scene(A1="D6", A3=None), A, "undaunted")
    game = extend(game, Damaged(fighter="A1", amount=3, wounds=3), Damaged(fighter="A2", amount=2, wounds=2))
    turn_of(game, B)
    rig(game, "hammer", "hammer", "dodge")
    act(game, B, Attack(fighter="B1", targets=("A1",)))
    assert game.state.fighters["A1"].out_of_action
    react(game, "ploy:undaunted")
    assert game.state.fighters["A2"].wounds == 0


def test_unstoppable_strike_gives_the_first_attack_cleave() -> None:
    game = give(scene(B1="D6"), A, "unstoppable-strike")
    my_power_turn(game, A)
    play(game, A, "unstoppable-strike")
    pass_power(game)
    game = extend(game)
    rig(game, "hammer", "hammer", "block")
    act(game, B, Attack(fighter="B1", targets=("A1",)))
    assert attacks(game)[-1].outcome == "success"  # the block does not count against Cleave


def test_valiant_attack_takes_away_the_targets_support() -> None:
    game = give(scene(A1="D6", B2="C6", B3="E6"), A, "valiant-attack")
    my_power_turn(game, A, after_own=False)
    play(game, A, "valiant-attack")
    pass_power(game)
    rig(game, "hammer", "support", "support")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    made = attacks(game)[-1]
    assert made.outcome == "success" and any("0 for the target" in line for line in made.lines)


# -- universal ----------------------------------------------------------------------------------------


def test_confusion_swaps_two_adjacent_fighters() -> None:
    game = give(hold_scene(A1="D6"), A, "confusion")
    my_power_turn(game, A)
    with refusing(game, "cannot choose"):
        play(game, A, "confusion", model="A1", target="A2")
    play(game, A, "confusion", model="A1", target="B1")
    assert (game.state.fighters["A1"].hex, game.state.fighters["B1"].hex) == ("D5", "D6")


@pytest.mark.parametrize(("face", "healed"), [("block", 2), ("crit", 2), ("dodge", 1), ("support", 1)])
def test_healing_potion_heals_two_on_a_block_or_critical_and_one_otherwise(face: str, healed: int) -> None:
    game = give(extend(hold_scene(), Damaged(fighter="B1", amount=3, wounds=3)), B, "healing-potion")
    my_power_turn(game, B)
    rig(game, face)
    play(game, B, "healing-potion", model="B1")
    assert game.state.fighters["B1"].wounds == 3 - healed


def test_shardfall_blocks_an_empty_hex_until_the_end_of_the_phase() -> None:
    game = give(hold_scene(), A, "shardfall")
    my_power_turn(game, A)
    with refusing(game, "empty hex"):
        play(game, A, "shardfall", to="D5")
    play(game, A, "shardfall", to="E6")
    board = game.system.lib.board(game.state)
    assert board.is_blocked(board.hex_of("E6"))
    pass_power(game)
    refused(game, Move(fighter="B1", to="D5>E5>E6"), actor(B), "E6 is blocked")
    for _ in range(8):
        if game.state.step != "activation":
            break
        act_turn(game, Pass())
        pass_power(game)
    while game.state.step == "end":
        act_turn(game, Pass())
    assert game.state.shardfall == []


def test_sprint_doubles_the_first_move_then_the_fighter_is_spent() -> None:
    game = give(hold_scene(), A, "sprint")
    my_power_turn(game, A, after_own=False)
    play(game, A, "sprint")
    pass_power(game)
    act(game, A, Move(fighter="A3", to="B9>B10>B11>C11>D11>E11"))
    fighter = game.state.fighters["A3"]
    assert fighter.hex == "E11" and fighter.exhausted
