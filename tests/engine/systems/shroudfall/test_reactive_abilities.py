"""Reactive abilities played at the table (Shroudfall beta rulebook v1.4, L885-889, L1541-1561): each offered as a
decision to the side that may use and pay for it when its trigger is met, paid, and resolved before the interrupted
play carries on. Anger Issues (L953-957) and No one is forgotten (L356-358)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Actor, Answer, Game, ModelId

from .staged import HOST, A, B, act, choose, rig, staged
from .tables import Put


def _offer(game: Game[Any]) -> tuple[str, list[str]]:
    (decision,) = game.pending
    return decision.id, [o.key for o in game.live(decision).parts[0].options]


def _bot_answer(game: Game[Any]) -> str:
    """The reaction the bot would play for B in the window pending (``pass`` when none): one of the menu's."""
    move = game.system.bot_move(game.state, B, lambda command: True)
    assert move is not None and isinstance(move.command, Answer)
    return move.command.answers.get("react", "pass")


def test_a_damaged_brawler_strikes_back_with_anger_issues_and_the_attack_carries_on() -> None:
    # T18, L953-957 (the book's example: Razhu damages the Bruiser, which strikes Razhu back in melee), paid from B's
    # reserve (1 yellow, the cost icon lost); L1557-1559: the defender is asked in the damaged window.
    game = staged(Put("A1", "razhu", 18, 10), Put("B1", "brawlers", 18, 11.6))
    game.state.record(B).reserve = ["yellow"]
    act(game, A, "activate", model="A1")
    rig(game, 3, 3, 3, 4, 3, 3, 3, 4, 3, 3, 3, 4, 3, 3, 3, 4)
    act(game, A, "attack", model="A1", target="B1")
    ident, keys = _offer(game)
    assert keys == ["pass", "B1/anger-issues"]
    # The bot's side would play it too (docs/shroudfall.md "The bot"): the Brawler's best roll hits Razhu and beats ARM.
    assert _bot_answer(game) == "B1/anger-issues"
    game.apply(Answer(decision_id=ident, choice="B1/anger-issues"), Actor(user=HOST, side=B))
    choose(game, B)  # the Brawler's Follow up after its hit
    assert game.state.record(B).reserve == []
    assert game.state.models[ModelId("A1")].wounds_taken == 2  # 13 // ARM 5
    assert game.state.models[ModelId("B1")].wounds_taken == 1  # 13 // ARM 6 = 2, Tough Hide 1 less


def test_anger_issues_strike_may_be_infused_with_a_crystal_left_once_paid_for() -> None:
    # L929-931: any attack's roll may be infused before rolling, a reaction's attack too (L953-957); the red left once
    # Anger Issues' yellow is paid is offered, and the strike's hit roll takes a red die.
    game = staged(Put("A1", "razhu", 18, 10), Put("B1", "brawlers", 18, 11.6))
    game.state.record(B).reserve = ["yellow", "red"]
    act(game, A, "activate", model="A1")
    rig(game, 3, 3, 3, 4, 3, 3, 3, 4, *([3] * 12))
    act(game, A, "attack", model="A1", target="B1")
    ident, keys = _offer(game)
    assert keys == ["pass", "B1/anger-issues", "B1/anger-issues+red"]
    game.apply(Answer(decision_id=ident, choice="B1/anger-issues+red"), Actor(user=HOST, side=B))
    assert game.state.record(B).reserve == []
    lines = [e.body.describe() for e in game.log]
    assert any(line.startswith("B1") and "+R [" in line for line in lines), lines[-8:]


def test_no_one_is_forgotten_places_stormridge_within_an_inch_when_a_friend_near_her_falls() -> None:
    # L356-358: a friendly model within 4" of Stormridge destroyed: she may be placed within 1" of herself (cost 1
    # grey, the icon lost). Before, the card named no effect and the window never opened.
    game = staged(Put("A1", "razhu", 18, 10), Put("B1", "riflemen", 18, 11.6), Put("B2", "stormridge", 21, 12))
    game.state.record(B).reserve = ["grey"]
    act(game, A, "activate", model="A1")
    rig(game, 3, 3, 3, 4, 3, 3, 3, 4)
    act(game, A, "attack", model="A1", target="B1")
    assert ModelId("B1") not in game.state.models
    ident, keys = _offer(game)
    assert keys == ["pass", "B2/no-one-is-forgotten/B2"]
    (decision,) = game.pending
    spot = game.live(decision, {"react": keys[1]}).parts[1].options[0].key
    game.apply(Answer(decision_id=ident, answers={"react": keys[1], "at": spot}), Actor(user=HOST, side=B))
    placed = game.state.models[ModelId("B2")]
    assert (placed.x, placed.y) == tuple(float(v) for v in spot.split(",")) != (21, 12)
    assert game.state.record(B).reserve == []


def test_no_one_is_forgotten_is_not_offered_beyond_four_inches_nor_without_a_grey_crystal() -> None:
    for stormridge, reserve in (((25, 12), ["grey"]), ((21, 12), [])):
        game = staged(Put("A1", "razhu", 18, 10), Put("B1", "riflemen", 18, 11.6), Put("B2", "stormridge", *stormridge))
        game.state.record(B).reserve = list(reserve)
        act(game, A, "activate", model="A1")
        rig(game, 3, 3, 3, 4, 3, 3, 3, 4)
        act(game, A, "attack", model="A1", target="B1")
        assert ModelId("B1") not in game.state.models and not game.pending


def test_no_one_is_forgotten_is_not_offered_while_stormridge_is_frostbitten() -> None:
    # Shroudfall rules, L1401: a Frostbitten unit cannot be placed by abilities of friendly models, its own No one is
    # forgotten (L356-358) among them: the window does not open. Before, she was offered the place and placed.
    game = staged(Put("A1", "razhu", 18, 10), Put("B1", "riflemen", 18, 11.6), Put("B2", "stormridge", 21, 12))
    game.state.units["B2"].conditions = ["frostbite"]
    game.state.record(B).reserve = ["grey"]
    act(game, A, "activate", model="A1")
    rig(game, 3, 3, 3, 4, 3, 3, 3, 4)
    act(game, A, "attack", model="A1", target="B1")
    assert ModelId("B1") not in game.state.models and not game.pending
    assert (game.state.models[ModelId("B2")].x, game.state.record(B).reserve) == (21, ["grey"])


def test_beloved_commander_passes_the_hit_to_a_friend_within_two_inches_once_per_activation() -> None:
    # L360-362: when Stormridge is hit by an enemy attack, another friendly model within 2" may be hit instead,
    # sight and range disregarded; the damage roll then goes against its ARM (ruling beloved-commander).
    game = staged(Put("A1", "razhu", 18, 10), Put("B2", "stormridge", 18, 11.6), Put("B1", "riflemen", 19.5, 12.6),
                  Put("B3", "riflemen", 16.2, 12.8), Put("B4", "riflemen", 18, 16))
    act(game, A, "activate", model="A1")
    rig(game, *([3, 3, 3, 4] * 4))
    act(game, A, "attack", model="A1", target="B2")
    ident, keys = _offer(game)
    assert keys == ["pass", "B2/beloved-commander/B1", "B2/beloved-commander/B3"]  # B4 is beyond 2"
    # The bot's side would pass it to a Rifleman (worth fewer points a model than Stormridge, L392), the one with
    # more wounds left: B3, unhurt, rather than B1, the nearest, with one wound taken.
    game.state.models[ModelId("B1")].wounds_taken = 1
    assert _bot_answer(game) == "B2/beloved-commander/B3"
    game.state.models[ModelId("B1")].wounds_taken = 0
    game.apply(Answer(decision_id=ident, choice=keys[1]), Actor(user=HOST, side=B))
    assert ModelId("B1") not in game.state.models  # 13 // ARM 5 = 2: the Rifleman's 2 HP
    assert game.state.models[ModelId("B2")].wounds_taken == 0
    act(game, A, "attack", model="A1", target="B2")
    assert not game.pending and game.state.models[ModelId("B2")].wounds_taken == 2  # once per activation


def test_follow_up_pushes_the_enemy_hit_an_inch_away_then_the_brawler_an_inch_after_it() -> None:
    # L957-959 (the book's example: the Bruiser's Follow up pushes Razhu 1" directly away), after the damage is marked
    # (ruling follow-up-timing). Each push is a "may": the attacking player is asked, both pushes first.
    game = staged(Put("A1", "brawlers", 18, 10), Put("B1", "razhu", 18, 11.8), Put("B9", "razhu", 30, 30))
    act(game, A, "activate", model="A1")
    rig(game, 3, 3, 3, 4, 3, 3, 3, 4)
    act(game, A, "attack", model="A1", target="B1")
    assert choose(game, A) == ["both-always", "both", "enemy", "none"]
    assert game.state.models[ModelId("B1")].wounds_taken == 2
    assert game.state.models[ModelId("B1")].y == pytest.approx(12.8)
    assert game.state.models[ModelId("A1")].y == pytest.approx(11.0)


def test_follow_up_is_the_players_choice_and_its_first_answer_may_stand_for_the_activation() -> None:
    # L959 "you may push the enemy model ... After the push, you may push this model": the enemy alone, or no push;
    # the first answer (both, after each hit of this activation) is not asked again at the second attack's hit.
    for answer, enemy_y, own_y in (("enemy", 12.8, 10.0), ("none", 11.8, 10.0)):
        game = staged(Put("A1", "brawlers", 18, 10), Put("B1", "razhu", 18, 11.8), Put("B9", "razhu", 30, 30))
        act(game, A, "activate", model="A1")
        rig(game, 3, 3, 3, 4, 3, 3, 3, 4)
        act(game, A, "attack", model="A1", target="B1")
        choose(game, A, answer)
        assert (game.state.models[ModelId("B1")].y, game.state.models[ModelId("A1")].y) == pytest.approx(
            (enemy_y, own_y))
    game = staged(Put("A1", "brawlers", 18, 10), Put("B1", "razhu", 18, 11.8), Put("B9", "razhu", 30, 30))
    act(game, A, "activate", model="A1")
    rig(game, *([3, 3, 3, 4] * 4))
    act(game, A, "attack", model="A1", target="B1")
    choose(game, A)
    act(game, A, "attack", model="A1", target="B1")
    assert not game.pending and game.state.models[ModelId("B1")].y == pytest.approx(13.8)


def test_follow_up_never_pushes_a_rooted_enemy() -> None:
    # L1365: Rooted: enemy effects cannot push the unit's models, so Follow up makes no push at all.
    game = staged(Put("A1", "brawlers", 18, 10), Put("B1", "phalanx", 18, 11.5), Put("B9", "razhu", 30, 30))
    act(game, A, "activate", model="A1")
    rig(game, 3, 3, 3, 4, 3, 3, 3, 4)
    act(game, A, "attack", model="A1", target="B1")
    assert not game.pending  # no push can be made: nothing is asked
    assert (game.state.models[ModelId("B1")].y, game.state.models[ModelId("A1")].y) == (11.5, 10)


def test_fall_back_is_never_offered_for_a_frostbitten_unit() -> None:
    # Shroudfall rules, L1401: friendly abilities cannot move a Frostbitten unit, so Adamant's Fall back! (L519-521)
    # is not offered for it. Razhu ends a move in melee with the Lawbringers, 8" from Adamant; without Frostbite B
    # is asked and the Lawbringers make their MOV S away. Before, the Frostbitten unit was moved too.
    for conditions, offered in (([], True), (["frostbite"], False)):
        game = staged(Put("A1", "razhu", 18, 4), Put("B1", "adamant", 24, 10), Put("B2", "lawbringers", 18, 10))
        game.state.units["B2"].conditions = list(conditions)
        game.state.record(B).reserve = ["yellow"]
        act(game, A, "activate", model="A1")
        act(game, A, "move", model="A1", to="A1@18,8.3")
        if not offered:
            assert not game.pending and game.state.models[ModelId("B2")].y == 10
            continue
        ident, keys = _offer(game)
        assert keys[:2] == ["pass", "B1/fall-back/B2/A1"]
        game.apply(Answer(decision_id=ident, choice=keys[1]), Actor(user=HOST, side=B))
        assert game.state.models[ModelId("B2")].y > 10 and game.state.record(B).reserve == []


def test_fall_back_answers_the_first_model_to_end_its_move_before_the_next_one_moves() -> None:
    # Shroudfall rules, L1528-1530: a move action moves its models one at a time, and "when a model ends a move"
    # resolves after each; L961-965: as soon as the enemy model ends its move, Fall back! may be used. A1 ends in
    # melee with the Lawbringers, 8" from Adamant: B is asked before A2 moves. Before, every model moved first.
    game = staged(Put("A1", "sentinels", 18, 4, unit="S"), Put("A2", "sentinels", 20, 4, unit="S"),
                  Put("B1", "adamant", 24, 10), Put("B2", "lawbringers", 18, 10))
    game.state.record(B).reserve = ["yellow"]
    act(game, A, "activate", model="S")
    act(game, A, "move", model="S", to="A1@18,8.3;A2@20,7")
    ident, keys = _offer(game)
    assert keys[:2] == ["pass", "B1/fall-back/B2/A1"]
    assert (game.state.models[ModelId("A2")].x, game.state.models[ModelId("A2")].y) == (20, 4)
    game.apply(Answer(decision_id=ident, choice="pass"), Actor(user=HOST, side=B))
    assert (game.state.models[ModelId("A2")].x, game.state.models[ModelId("A2")].y) == (20, 7)


def test_fall_back_moves_the_unit_away_the_way_its_player_chooses() -> None:
    # Shroudfall rules, L521 and L641: the unit makes a MOV S *away* from the enemy model, which need not be directly
    # away: its player picks the way, each an answer of its own (directly away first, or turned 45 degrees to either
    # side), and no model nor its tool comes nearer to the enemy at any point. Before, the referee always moved it
    # directly away.
    import math

    game = staged(Put("A1", "razhu", 18, 4), Put("B1", "adamant", 24, 10), Put("B2", "lawbringers", 18, 10))
    game.state.record(B).reserve = ["yellow"]
    act(game, A, "activate", model="A1")
    act(game, A, "move", model="A1", to="A1@18,8.3")
    (decision,) = game.pending
    ways = game.live(decision).parts[0].options[1:]
    assert [w.key for w in ways] == ["B1/fall-back/B2/A1", "B1/fall-back/B2/A1/45", "B1/fall-back/B2/A1/-45"]
    assert _bot_answer(game) == "B1/fall-back/B2/A1"  # Razhu has an action left: the bot falls back, directly away
    assert ways[0].label.startswith("Fall back!: B2 makes a MOV S directly away from A1")
    before = math.dist((18, 8.3), (18, 10))
    game.apply(Answer(decision_id=decision.id, choice="B1/fall-back/B2/A1/45"), Actor(user=HOST, side=B))
    moved = game.state.models[ModelId("B2")]
    assert moved.x < 18 and moved.y > 10 and math.dist((moved.x, moved.y), (18, 8.3)) > before


def test_no_one_is_forgotten_answers_a_friend_destroyed_by_terrain_or_burning_too() -> None:
    # Shroudfall rules, L356-358: the trigger is a friendly model within 4" destroyed, by whatever; here Dangerous
    # Terrain as a Rifleman moves into it (L1433), and Burning's roll at the end of its activation (L1383): each time
    # Stormridge's player is asked, the second before the activation closes (L1521). Before, only a model an attack
    # destroyed opened the window.
    from .tables import Scenery, square

    pit = Scenery("T1", "Pit", "area", ("Area Terrain", "Dangerous Terrain"), square(16, 13, 4, 4))
    game = staged(Put("A1", "riflemen", 18, 10), Put("A2", "stormridge", 21, 11), Put("B9", "razhu", 30, 30),
                  scenery=(pit,))
    game.state.models[ModelId("A1")].wounds_taken = 1
    game.state.record(A).reserve = ["grey"]
    act(game, A, "activate", model="A1")
    act(game, A, "move", model="A1", to="A1@18,14")
    assert ModelId("A1") not in game.state.models
    assert _offer(game)[1] == ["pass", "A2/no-one-is-forgotten/A2"]
    burnt = staged(Put("A1", "riflemen", 18, 10), Put("A2", "stormridge", 21, 11), Put("B9", "razhu", 30, 30))
    burnt.state.models[ModelId("A1")].wounds_taken = 1
    burnt.state.units["A1"].conditions = ["burning"]
    burnt.state.record(A).reserve = ["grey"]
    act(burnt, A, "activate", model="A1")
    rig(burnt, 3, 3)
    act(burnt, A, "end", model="A1")
    assert ModelId("A1") not in burnt.state.models
    ident, keys = _offer(burnt)
    assert keys == ["pass", "A2/no-one-is-forgotten/A2"]
    assert burnt.state.activation is not None  # asked before the activation closes
    burnt.apply(Answer(decision_id=ident, choice="pass"), Actor(user=HOST, side=A))
    assert burnt.state.activation is None and burnt.state.turn == B


def test_no_one_is_forgotten_answers_a_friend_placed_to_its_death() -> None:
    # Shroudfall rules, L356-358 and L1433 (being placed into Dangerous Terrain deals 1 damage; ruling
    # place-triggers): a Rifleman with one wound left placed by its Ethereal move into the pit is destroyed, and
    # Stormridge's player is asked. Before, a place into Dangerous Terrain dealt no damage (its 1 damage was kept for
    # actions other than moves), and a death in a place opened no window.
    from .tables import Scenery, square

    pit = Scenery("T1", "Pit", "area", ("Area Terrain", "Dangerous Terrain"), square(16, 13, 4, 4))
    game = staged(Put("A1", "riflemen", 18, 10), Put("A2", "stormridge", 21, 11), Put("B9", "razhu", 30, 30),
                  scenery=(pit,))
    game.state.models[ModelId("A1")].wounds_taken = 1
    game.state.units["A1"].effects = {'passive:Ethereal (5")': "game"}
    game.state.record(A).reserve = ["grey"]
    act(game, A, "activate", model="A1")
    act(game, A, "ethereal", model="A1", to="A1@18,14")
    assert ModelId("A1") not in game.state.models
    assert _offer(game)[1] == ["pass", "A2/no-one-is-forgotten/A2"]


def test_the_bot_falls_back_only_before_a_charge() -> None:
    # L519-521, L961-965: Fall back! answers an enemy ending a move in melee; the bot takes it when that enemy's unit
    # still has an action (its attack to come, as in the test above), not after its second action.
    game = staged(Put("A1", "razhu", 18, 2), Put("B1", "adamant", 24, 10), Put("B2", "lawbringers", 18, 10))
    game.state.record(B).reserve = ["yellow"]
    act(game, A, "activate", model="A1")
    act(game, A, "move", model="A1", to="A1@18,5")
    act(game, A, "move", model="A1", to="A1@18,8.3")
    assert game.pending and _bot_answer(game) == "pass"
