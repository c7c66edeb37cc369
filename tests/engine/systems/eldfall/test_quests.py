"""Quests and hostiles: a third side of hostiles the bot plays by their cards, Treasure Hunt's tokens, barrels,
duels, schemes revealed and scored at the end, and every way a quest ends."""

from __future__ import annotations

import pytest

from engine.core import Answer, Game, IllegalCommand, InvalidCommand, ModelId, RigDice, SideId
from engine.systems.eldfall.by_hand import placed
from engine.systems.eldfall.events import ActionDeclared, SchemeRevealed, VpScored
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, ChooseParty, Declare, SettleSetup
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    bot_game,
    new_game,
    practice,
    settle,
    turn_of,
    unit_id,
)
from tests.refusals import refused, refusing
from tests.table_commands import wound_model


def _at(game: Game[EldfallState], model: str, x: float, y: float, facing: float = 90.0) -> None:
    game.apply(placed(ModelId(model), (x, y), facing), HOST)


def test_a_quest_with_hostiles_is_played_with_a_third_side_and_says_so_otherwise() -> None:
    with pytest.raises(InvalidCommand, match=r"third side: start it with players:3 and bot:C"):
        new_game("two", options={"scenario": "unexpected-encounter"})
    game = new_game("three", options={"scenario": "unexpected-encounter"}, sides=3)
    hostiles = [m for m in game.state.models.values() if m.side == "C"]
    assert [m.unit for m in hostiles] == ["Earth Elemental", "Earth Elemental"]  # two Tier III (L2380)
    assert game.state.hostile_side == "C" and game.state.players() == ("A", "B")


def test_the_bot_plays_the_hostiles_by_their_cards_to_the_end_of_the_quest() -> None:
    game = bot_game("hostiles", options={"scenario": "unexpected-encounter"}, sides=3)
    assert game.is_over()
    outcome = game.outcome()
    assert outcome is not None and set(outcome.scores) == {"A", "B"}, "the hostiles score nothing"
    reasons = [e.body for e in game.log if e.body.kind == "bot.reasoned" and getattr(e.body, "side", "") == "C"]
    assert reasons and any("line" in r.summary for r in reasons), "the hostiles cite their card's lines (L1616)"


def test_hostiles_react_after_the_active_player_declares_its_action() -> None:
    game = new_game("react", options={"scenario": "unexpected-encounter"}, sides=3, practice=True,
                    seats={"A": ALICE, "B": ALICE, "C": ALICE})
    from tests.engine.systems.eldfall.commands import ChooseParty, SettleSetup
    game.apply(ChooseParty(name="Soga Vanguard", side=SideId("A")), HOST)
    game.apply(ChooseParty(name="Thenion Shadows", side=SideId("B")), HOST)
    game.apply(SettleSetup(), HOST)
    active = game.state.active_side
    assert active in ("A", "B")
    attacker = next(m.id for m in game.state.models.values() if m.side == active)
    elemental = next(m.id for m in game.state.models.values() if m.side == "C")
    hostile = game.state.models[elemental]
    _at(game, attacker, hostile.x, hostile.y - 2.0, 90.0)
    game.apply(Activate(model=attacker, how="idle"), as_side(active, ALICE))
    settle_others = [d for d in game.state.pending.values() if d.owner != "C"]
    assert not any(d.owner == "C" for d in game.state.pending.values()), "no hostile decision before the action"
    for _ in settle_others:
        settle(game)
    events = game.apply(Declare(kind="attack", means="unarmed", targets=((elemental, 0),)), as_side(active, ALICE))
    declared = next(i for i, e in enumerate(events) if isinstance(e.body, ActionDeclared))
    opened = [i for i, e in enumerate(events) if e.body.kind == "decision.opened"]
    assert opened and opened[0] > declared, "hostiles react once they know the action (L1596)"
    assert next(iter(game.state.pending.values())).owner == "C"


def test_treasure_hunt_tokens_reveal_sigils_give_treasures_and_the_quest_ends_when_both_leave() -> None:
    game = practice(("Soga Vanguard", "Thenion Shadows"), "treasure", options={"scenario": "treasure-hunt"})
    tokens = game.state.tokens
    assert {t.kind for t in tokens.values()} == {"intrigue"} and len(tokens) == 2  # L2410
    assert {(t.x, t.y) for t in tokens.values()} == {(12.0, 18.0), (24.0, 18.0)}
    active = game.state.active_side
    assert active is not None
    runner = next(m.id for m in game.state.models.values() if m.side == active)
    _at(game, runner, 12, 16.5, 90.0)
    game.apply(Activate(model=runner, how="idle"), as_side(active, ALICE))
    settle(game)
    with refusing(game, r"round 1 \(L2414\)", error=IllegalCommand):
        game.apply(Declare(kind="perceive", targets=((ModelId("X1"), 1),)), as_side(active, ALICE))
    game.apply(Declare(kind="nothing"), as_side(active, ALICE))
    turn_of(game, "A" if active == "B" else "B")
    turn_of(game, active)
    assert game.state.round == 2
    _at(game, runner, 12, 15.5, 90.0)
    game.apply(RigDice(values=(20, 1, 1)), HOST)  # the Sigil: Smite (20); its victim's dodge: 1
    game.apply(Activate(model=runner, how="walk", to="contact X1"), as_side(active, ALICE))
    assert game.state.tokens["X1"].kind == "cache", "touched, revealed, set off: its Cache stays (L2412-2416)"
    settle(game)
    game.apply(RigDice(values=(1,)), HOST)
    game.apply(Declare(kind="interact", targets=((ModelId("X1"), 1),)), as_side(active, ALICE))
    assert "Treasure" in game.state.figures[runner].extra_items and "X1" not in game.state.tokens
    assert game.state.record(active).vp == {"reward": 1}, "1 VP for unlocking the Cache (L2447)"


def _champions_face_off(seed: str) -> tuple[Game[EldfallState], ModelId, ModelId]:
    """Side A's Clan Champion, activated and Idle 4" from B's Thenrin Swashbuckler, ready to declare a duel."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), seed)
    turn_of(game, "A")
    champion = ModelId(unit_id(game, "Clan Champion"))
    swash = ModelId(unit_id(game, "Thenrin Swashbuckler"))
    _at(game, champion, 18, 10, 90.0)
    _at(game, swash, 18, 14, 270.0)
    game.apply(Activate(model=champion, how="idle"), as_side("A", ALICE))
    settle(game)
    return game, champion, swash


def _challenge_accepted_by(game: Game[EldfallState], swash: ModelId) -> None:
    """Side A declares the duel and side B answers it with ``swash`` (L1554-1574)."""
    game.apply(Declare(kind="duel"), as_side("A", ALICE))
    (challenge,) = game.state.pending.values()
    assert challenge.owner == "B" and "accept" not in challenge.parts[0].option_keys()
    game.apply(Answer(decision_id=challenge.id, choice=swash), as_side("B", ALICE))


def test_a_duel_ends_the_game_and_scores_six_for_its_winner() -> None:
    game, champion, swash = _champions_face_off("duel")
    _challenge_accepted_by(game, swash)
    assert game.state.duel == (champion, swash)
    assert game.state.figures[champion].ap == 2 and game.state.figures[swash].ap == 2, "AP reset to STA (L1574)"
    other = ModelId(unit_id(game, "Onitaoshi"))
    refused(game, Activate(model=other, how="idle"), as_side("A", ALICE), r"a duel is on.*L1574", error=IllegalCommand)
    game.apply(Activate(model=champion, how="walk", to=f"contact {swash}"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(1, 1, 1, 1, 1, 1)), HOST)
    game.apply(Declare(kind="attack", means="Sword", targets=((swash, 0),)), as_side("A", ALICE))
    assert game.is_over() and any("duel is over" in str(e) for e in game.log)
    assert game.state.record(SideId("A")).vp.get("duel") == 6  # L1580


def test_a_second_duel_is_neither_offered_nor_accepted_while_one_is_fought() -> None:
    game, champion, swash = _champions_face_off("duel-twice")
    assert "duel" in {a.name for a in game.system.legal_actions(game.state, SideId("A"))}
    _challenge_accepted_by(game, swash)
    game.apply(Activate(model=champion, how="idle"), as_side("A", ALICE))
    settle(game)
    assert "duel" not in {a.name for a in game.system.legal_actions(game.state, SideId("A"))}  # the menu
    refused(game, Declare(kind="duel"), as_side("A", ALICE), r"already being fought.*L1574")


def test_schemes_are_revealed_and_scored_at_the_end_within_the_cap() -> None:
    game = bot_game("schemes-end")
    revealed = [e for e in game.log if isinstance(e.body, SchemeRevealed)]
    assert {e.body.side for e in revealed} == {"A", "B"} and all(e.audience.is_public for e in revealed)
    scored = [e.body for e in game.log if isinstance(e.body, VpScored)]
    assert all(e.source in ("reward", "scheme", "penalty", "duel") for e in scored)
    outcome = game.outcome()
    assert outcome is not None and all(score <= 10 for score in outcome.scores.values())


def _solo(unit: str, faction: str) -> PartySpec:
    return PartySpec(id=unit.lower().replace(" ", "-"), name=unit, faction=faction, game_size=25, leader=unit,
                     members=(PartyMember(unit=unit),))


def test_the_arena_pays_for_its_champion_once_whether_she_falls_or_dies_after() -> None:
    # L2483: 3 VP for putting the Amazon Gladiatrix into Incapacitated or Dead: once, to whoever first does it
    # (ruling gladiatrix-scoring); finishing her off with a Deathblow (L1536-1540) earns nothing more.
    game = new_game("arena-once", options={"scenario": "battle-royale-arena"}, sides=3, practice=True,
                    seats={"A": ALICE, "B": ALICE, "C": ALICE})
    game.apply(ChooseParty(spec=_solo("Onitaoshi", "Empire of Soga"), side=SideId("A")), HOST)
    game.apply(ChooseParty(spec=_solo("Thenrin Swashbuckler", "Coalition of Thenion"), side=SideId("B")), HOST)
    game.apply(SettleSetup(), HOST)
    settle(game)
    turn_of(game, "A")
    champion, onitaoshi = ModelId("C1"), ModelId("A1")
    assert game.state.figures[champion].unit == "Amazon Gladiatrix"
    game.apply(wound_model(model=champion, amount=2), HOST)
    gap = game.state.models[champion].radius + game.state.models[onitaoshi].radius
    arrange(game, {champion: (18, 22, 270.0), onitaoshi: (18, 22 - gap, 90.0)})
    game.apply(Activate(model=onitaoshi, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(1, 1, 1, 1, 20, 20)), HOST)  # two critical hits; her Berserker rolls both fail
    game.apply(Declare(kind="attack", means="greatsword", targets=((champion, 0),)), as_side("A", ALICE))
    settle(game)
    assert "incapacitated" in game.state.models[champion].tokens
    assert game.state.record(SideId("A")).vp == {"reward": 3}
    game.apply(Activate(model=onitaoshi, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="deathblow", targets=((champion, 1),)), as_side("A", ALICE))
    settle(game)
    assert "dead" in game.state.models[champion].tokens
    assert game.state.record(SideId("A")).vp == {"reward": 3}, "her death after pays nothing more"


def test_a_hostile_that_suffers_a_hit_turns_to_face_its_attacker() -> None:
    # L1598: a Hostile hit turns directly towards its attacker (a Construct or Undead one only when wounded). An Earth
    # Elemental facing away is shot in the back; the damage roll fails, yet it turns.
    from engine.geometry import bearing
    game = new_game("turn", options={"scenario": "unexpected-encounter"}, sides=3, practice=True,
                    seats={"A": ALICE, "B": ALICE, "C": ALICE})
    game.apply(ChooseParty(name="Soga Vanguard", side=SideId("A")), HOST)
    game.apply(ChooseParty(name="Thenion Shadows", side=SideId("B")), HOST)
    game.apply(SettleSetup(), HOST)
    turn_of(game, "A")
    archer = ModelId(unit_id(game, "Bushi Attendant"))
    elemental = next(m.id for m in game.state.models.values() if m.side == "C")
    x, y = game.state.models[elemental].x, game.state.models[elemental].y
    facing = round(bearing((x, y), (x, y - 6)) % 360.0, 2)
    _at(game, elemental, x, y, (facing + 180.0) % 360.0)  # its back to the archer
    _at(game, archer, x, y - 6, round(bearing((x, y - 6), (x, y)) % 360.0, 2))
    game.apply(Activate(model=archer, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20)), HOST)
    game.apply(Declare(kind="attack", means="short-bow", targets=((elemental, 0),)), as_side("A", ALICE))
    settle(game)
    assert game.state.models[elemental].wounds_taken == 0
    assert game.state.models[elemental].facing == facing


def test_a_crouched_hostile_stands_up_as_it_moves_in_its_turn() -> None:
    # L1602: a Hostile that became Crouched cancels the state in the Movement step of its next Activation.
    from engine.core import BOT_USER, Actor
    from tests.table_commands import change_token
    game = new_game("stand", options={"scenario": "unexpected-encounter"}, sides=3, practice=True,
                    seats={"A": ALICE, "B": ALICE, "C": BOT_USER})
    game.apply(ChooseParty(name="Soga Vanguard", side=SideId("A")), HOST)
    game.apply(ChooseParty(name="Thenion Shadows", side=SideId("B")), HOST)
    game.apply(SettleSetup(), HOST)
    turn_of(game, "C")
    elemental = next(m.id for m in sorted(game.state.models.values(), key=lambda m: m.id) if m.side == "C")
    game.apply(change_token(model=elemental, token="crouched"), HOST)
    move = game.system.bot_move(game.state, SideId("C"),
                                lambda c: game.allows(c, Actor(user=BOT_USER, side=SideId("C"))))
    assert move is not None
    game.apply_bot(SideId("C"), move)
    assert "crouched" not in game.state.models[elemental].tokens


def test_no_chain_attack_joins_a_duel_its_model_is_not_fighting() -> None:
    # L1575: a model outside the duel that would interfere (Chain Attack, L1898) loses the duel for its side, so the
    # referee never has the Flameshaper join its duelling Citadel Guard's Hit.
    game = practice(("Helian Expedition", "Thenion Shadows"), "duel-chain")
    turn_of(game, "A")
    guard, shaper = ModelId(unit_id(game, "Citadel Guard")), ModelId(unit_id(game, "Flameshaper"))
    swash = ModelId(unit_id(game, "Thenrin Swashbuckler"))
    _at(game, guard, 18, 10, 90.0)
    _at(game, swash, 18, 14, 270.0)
    _at(game, shaper, 19.26, 14, 180.0)  # in base contact with the Swashbuckler
    game.apply(Activate(model=guard, how="idle"), as_side("A", ALICE))
    settle(game)
    _challenge_accepted_by(game, swash)
    game.apply(Activate(model=guard, how="walk", to=f"contact {swash}"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 2, 20, 20, 20, 20)), HOST)
    events = game.apply(Declare(kind="attack", means="small-bludgeon", targets=((swash, 0),)), as_side("A", ALICE))
    texts = [e.body.describe() for e in events]
    assert any("Hit" in t for t in texts) and not any("Chain Attack" in t for t in texts), texts


def test_an_intrigue_token_is_perceived_only_in_line_of_sight() -> None:
    # L1530: Perceive needs Line of Sight towards the token as well as Awareness (L1532); the quest says nothing
    # otherwise (L2410-2414). The runner 1.5" from X1 turns its back on it: out of its front arc (L655-657; a model
    # with Vigilance, which sees all round, L2200, is not taken).
    game = practice(("Soga Vanguard", "Thenion Shadows"), "treasure", options={"scenario": "treasure-hunt"})
    active = game.state.active_side
    assert active is not None
    world = game.system.kit.world(game.state)
    runner = next(m.id for m in game.state.models.values()
                  if m.side == active and world.arc(world.fighter(m.id)) == 180)
    game.apply(Activate(model=runner, how="idle"), as_side(active, ALICE))
    settle(game)
    game.apply(Declare(kind="nothing"), as_side(active, ALICE))
    turn_of(game, "A" if active == "B" else "B")
    turn_of(game, active)
    for facing, seen in ((270.0, False), (90.0, True)):
        trial = game.clone()
        _at(trial, runner, 12, 16.5, facing)
        trial.apply(Activate(model=runner, how="idle"), as_side(active, ALICE))
        settle(trial)
        if seen:
            trial.apply(Declare(kind="perceive", targets=((ModelId("X1"), 1),)), as_side(active, ALICE))
        else:
            refused(trial, Declare(kind="perceive", targets=((ModelId("X1"), 1),)), as_side(active, ALICE),
                    r"no line of sight to X1 \(L1530\)", error=IllegalCommand)


def test_an_exploding_barrel_is_attacked_only_in_line_of_sight() -> None:
    # L2463: a barrel is targeted with attacks, so as any target it must be in the attacker's sight (L1418, front arc
    # L655-657): with its back to the barrel the Swashbuckler may not attack it, and the menu does not offer it.
    game = new_game("arena-barrel", options={"scenario": "battle-royale-arena"}, sides=3, practice=True,
                    seats={"A": ALICE, "B": ALICE, "C": ALICE})
    game.apply(ChooseParty(spec=_solo("Onitaoshi", "Empire of Soga"), side=SideId("A")), HOST)
    game.apply(ChooseParty(spec=_solo("Thenrin Swashbuckler", "Coalition of Thenion"), side=SideId("B")), HOST)
    game.apply(SettleSetup(), HOST)
    settle(game)
    turn_of(game, "B")
    barrel = next(t for t in game.state.tokens.values() if t.kind == "barrel")
    swash = ModelId("B1")
    assert game.system.kit.world(game.state).arc(game.system.kit.world(game.state).fighter(swash)) == 180
    for facing, seen in ((270.0, False), (90.0, True)):
        trial = game.clone()
        _at(trial, swash, barrel.x, barrel.y - 3, facing)
        trial.apply(Activate(model=swash, how="idle"), as_side("B", ALICE))
        settle(trial)
        attack = Declare(kind="attack", means="unarmed", targets=((ModelId(barrel.id), 0),))
        if seen:
            trial.apply(attack, as_side("B", ALICE))
        else:
            refused(trial, attack, as_side("B", ALICE), rf"no line of sight to {barrel.id} \(L1418\)",
                    error=IllegalCommand)
