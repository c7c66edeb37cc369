"""Quest 2's Alliance of Necessity (Eldfall core rules v1.5, L2390, L2403-2404, L2935-2937): formed by agreement,
allied models friends for every friend-or-foe rule, VP pooled and halved, the breaker's 3 VP."""

from __future__ import annotations

import math
from collections.abc import Mapping

import pytest

from bot.core.queries import status_line
from engine.core import (
    BOT_USER,
    Answer,
    Game,
    IllegalCommand,
    InvalidCommand,
    ModelId,
    NotYourTurn,
    RigDice,
    SideId,
    Viewer,
)
from engine.systems.eldfall.action_checks import target_refusal
from engine.systems.eldfall.alliance import ALLIANCE_KIND
from engine.systems.eldfall.bot import party_reactions
from engine.systems.eldfall.scoring_end import capped_scores, vp_totals
from engine.systems.eldfall.state import EldfallState, SideRecord
from engine.systems.eldfall.views import EldfallView
from tests.engine.systems.eldfall.commands import Activate, BreakAlliance, ChooseParty, Declare, SettleSetup
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    new_game,
    place,
    play_bots,
    practice,
    settle,
    turn_of,
)
from tests.refusals import refused, refusing
from tests.table_commands import change_token

A, B = SideId("A"), SideId("B")
QUEST_2 = {"scenario": "unexpected-encounter"}
DECLARED = {"alliance": "declared-at-creation"}
HOSTILES = {"C1": (15.5, 18.0, 270.0), "C2": (20.5, 18.0, 90.0)}
"""Where Unexpected Encounter's two Earth Elementals start (mid-field, ruling quest-token-positions)."""


def _quest_2(seed: str, rulings: Mapping[str, str] | None = None) -> Game[EldfallState]:
    """Unexpected Encounter on a practice table (alice holds every side), both parties chosen: A the Helian
    Expedition (A2 a Flameshaper with Chain Attack), B the Guild Adventurers (B1 a Flameweaver Errant, a Soldier)."""
    game = new_game(seed, options=QUEST_2, sides=3, practice=True, seats={"A": ALICE, "B": ALICE, "C": ALICE},
                    rulings=rulings)
    game.apply(ChooseParty(name="Helian Expedition", side=A), HOST)
    game.apply(ChooseParty(name="Guild Adventurers", side=B), HOST)
    return game


def _keep_schemes(game: Game[EldfallState]) -> None:
    for decision in [d for d in game.state.pending.values() if d.kind == "scheme"]:
        game.apply(Answer(decision_id=decision.id, answers=decision.default_answers() or {}),
                   as_side(decision.owner, ALICE))


def _answer_offer(game: Game[EldfallState], **choices: str) -> None:
    offers = {d.owner: d for d in game.state.pending.values() if d.kind == ALLIANCE_KIND}
    assert set(offers) == {"A", "B"} and all(d.secret for d in offers.values()), "each player answers in secret"
    for side, choice in choices.items():
        game.apply(Answer(decision_id=offers[SideId(side)].id, answers={"choice": choice}), as_side(side, ALICE))


def _allied(seed: str, rulings: Mapping[str, str] | None = None) -> Game[EldfallState]:
    """Quest 2 in round 1's Tactical phase with the alliance formed (ruling alliance: declared-at-creation)."""
    game = _quest_2(seed, {**DECLARED, **(rulings or {})})
    game.apply(SettleSetup(), HOST)
    settle(game)
    assert game.state.allied_sides() == (A, B)
    return game


def _texts(game: Game[EldfallState], since: int = 0) -> list[str]:
    return [line.text for line in game.log_view(Viewer.of_side(A)).lines if line.seq > since]


def _touching(game: Game[EldfallState], model: str, of: str, direction: tuple[int, int] = (0, -1)) -> None:
    """Set ``model`` down in contact with ``of``'s hitbox on the side ``direction`` points to, facing it."""
    other, mine = game.state.models[ModelId(of)], game.state.models[ModelId(model)]
    dx, dy = direction
    away = other.radius + mine.radius
    facing = math.degrees(math.atan2(-dy, -dx)) % 360.0
    place(game, model, round(other.x + dx * away, 2), round(other.y + dy * away, 2), facing)
    gap = game.system.kit.world(game.state).gap(ModelId(model), ModelId(of))  # hitboxes may stand higher (heights)
    place(game, model, round(other.x + dx * (away - gap), 2), round(other.y + dy * (away - gap), 2), facing)


# -- forming and breaking ------------------------------------------------------------------------------------


def test_the_alliance_forms_when_every_player_joins_and_everyone_sees_it() -> None:
    # L2390: the players may form an Alliance of Necessity; ruling alliance: asked in secret, formed if all join.
    game = _quest_2("join")
    _keep_schemes(game)
    _answer_offer(game, A="join", B="join")
    assert game.state.allied_sides() == (A, B)
    assert any("Sides A and B form an Alliance of Necessity" in t for t in _texts(game))
    game.apply(SettleSetup(), HOST)
    view = game.view(Viewer.of_side(SideId("C")))
    assert isinstance(view, EldfallView) and view.allied == (A, B) and view.alliance.startswith("Allied: A and B")
    assert "Allied: A and B" in game.system.help(game.state, Viewer.of_side(B))[0]
    assert game.system.board(game.state, Viewer.of_side(SideId("C"))).title.endswith("A & B allied")
    assert status_line(game).count("Allied: A and B") == 1, "/status names the alliance for everyone"


def test_one_player_declining_leaves_every_player_on_its_own() -> None:
    game = _quest_2("decline")
    _keep_schemes(game)
    _answer_offer(game, A="join", B="decline")
    assert game.state.alliance == () and game.state.enemies(A, B)
    assert any("No Alliance of Necessity: side B did not join" in t for t in _texts(game))
    assert any(d.kind == "initiative" for d in game.state.pending.values()), "the Initiative Check follows"


def test_the_tables_rules_may_declare_the_alliance_or_leave_it_out() -> None:
    assert _allied("declared").state.alliance == (A, B)
    never = _quest_2("never", {"alliance": "never"})
    _keep_schemes(never)
    assert not any(d.kind == ALLIANCE_KIND for d in never.state.pending.values())
    assert never.state.alliance == ()


def test_quests_without_an_alliance_refuse_one_with_a_clear_error() -> None:
    with pytest.raises(InvalidCommand, match="Open Hostilities has no Alliance of Necessity; only Quest 2"):
        new_game("q1", options={"scenario": "open-hostilities"}, rulings=DECLARED)
    game = practice(("Helian Expedition", "Soga Vanguard"), "q1-break")
    side = game.state.active_side
    assert side is not None
    with refusing(game, "Open Hostilities has no Alliance of Necessity to break", error=IllegalCommand):
        game.apply(BreakAlliance(), as_side(side, ALICE))


def test_the_breaker_loses_three_vp_alone_and_the_sides_are_enemies_again() -> None:
    # L2403-2404: the player that broke the alliance loses 3 VP, not divided.
    game = _allied("break")
    active = game.state.active_side
    assert active in (A, B)
    other = B if active == A else A
    arrange(game, {**HOSTILES, "B1": (8, 12, 270.0), "A3": (8, 9, 90.0)})
    _touching(game, "A3", "B1")
    assert game.system.kit.world(game.state).engagers(ModelId("A3")) == (), "an ally in reach engages nobody"
    refused(game, BreakAlliance(), as_side(other, ALICE), "on its own turn", error=NotYourTurn)
    game.apply(BreakAlliance(), as_side(active, ALICE))
    assert all("engaged" in game.state.models[ModelId(m)].tokens for m in ("A3", "B1")), "enemies in reach (L1449)"
    assert game.state.alliance_broken_by == active and game.state.allied_sides() == ()
    assert game.state.enemies(A, B)
    assert game.state.record(active).vp == {"penalty": -3} and game.state.record(active).pooled == 0
    assert game.state.record(other).vp == {}
    assert any(f"Side {active} breaks the Alliance of Necessity" in t for t in _texts(game))
    assert "broken by side" in game.system.help(game.state, Viewer.of_side(A))[0]
    refused(game, BreakAlliance(), as_side(active, ALICE), "already broken", error=IllegalCommand)


# -- friends while allied ------------------------------------------------------------------------------------


def test_an_allied_model_is_no_target_unless_the_attack_breaks_the_alliance() -> None:
    game = _allied("target")
    world = game.system.kit.world(game.state)
    a3, b1 = world.fighter(ModelId("A3")), world.fighter(ModelId("B1"))
    refusal = target_refusal(world, a3, b1.id, a3.weapons[0])
    assert refusal is not None and "allied model" in refusal and "break-alliance" in refusal
    assert b1.id not in [e.id for e in world.enemies(a3)]
    assert {e.id for e in world.enemies(a3)} == {"C1", "C2"}, "the hostiles stay everyone's enemies"
    active = game.state.active_side
    assert active is not None
    leader = next(f.id for f in world.fighters(active) if f.figure.leader)
    game.apply(Activate(model=leader, how="idle"), as_side(active, ALICE))
    settle(game)
    ally = next(f.id for f in world.fighters() if f.side not in (active, "C"))
    with refusing(game, f"{ally} is an allied model while the Alliance of Necessity holds", error=IllegalCommand):
        game.apply(Declare(kind="attack", means="unarmed", targets=((ally, 0),)), as_side(active, ALICE))
    refused(game, Declare(kind="duel"), as_side(active, ALICE), "the other player is your ally", error=IllegalCommand)

    breaking = _allied("attack-breaks", {"alliance-attacks": "attack-breaks"})
    active = breaking.state.active_side
    assert active is not None
    mine, theirs = ("A3", "B1") if active == A else ("B1", "A3")
    arrange(breaking, {**HOSTILES, theirs: (8, 12, 270.0), mine: (8, 9, 90.0)})
    _touching(breaking, mine, theirs)
    breaking.apply(Activate(model=ModelId(mine), how="idle"), as_side(active, ALICE))
    settle(breaking)
    breaking.apply(Declare(kind="attack", means="unarmed", targets=((ModelId(theirs), 0),)), as_side(active, ALICE))
    assert breaking.state.alliance_broken_by == active
    assert breaking.state.record(active).vp.get("penalty") == -3


def test_chain_attack_joins_an_allied_players_hit() -> None:
    # L2935: allied models benefit from skills such as Chain Attack (L1898-1900): A2 joins B1's hit on C1.
    for rulings, joins in ((DECLARED, True), ({"alliance": "never"}, False)):
        game = _quest_2(f"chain-{joins}", rulings)
        game.apply(SettleSetup(), HOST)
        settle(game)
        turn_of(game, "B")
        arrange(game, {**HOSTILES, "C1": (10, 22, 270.0), "B1": (10, 19, 90.0), "A2": (7.5, 22, 0.0)})
        _touching(game, "B1", "C1")
        _touching(game, "A2", "C1", (-1, 0))
        since = game.log[-1].seq
        game.apply(Activate(model=ModelId("B1"), how="idle"), as_side("B", ALICE))
        settle(game)
        game.apply(RigDice(values=(1,) * 12), HOST)
        game.apply(Declare(kind="attack", means="mastercrafted-helrin-sword", targets=((ModelId("C1"), 0),)),
                   as_side("B", ALICE))
        settle(game)
        assert any("A2 joins in with a Chain Attack on C1" in t for t in _texts(game, since)) is joins


def test_a_soldier_counts_no_soldier_of_an_allied_player() -> None:
    # L1863: +1 for each other Soldier in its Awareness from the same Party, the models its player controls (L2957):
    # an allied player's Soldier is an allied model (L2935) but of another party; its own Citadel Guard counts.
    game = _quest_2("soldier", DECLARED)
    game.apply(SettleSetup(), HOST)
    settle(game)
    arrange(game, {**HOSTILES, "A2": (8, 10, 90.0), "B1": (8, 13, 270.0), "A3": (30, 30, 90.0)})
    mods = game.system.kit.world(game.state).fighter(ModelId("A2")).attribute("OFF").applied
    assert not any(m.source.startswith("Soldier") for m in mods)
    arrange(game, {**HOSTILES, "A2": (8, 10, 90.0), "B1": (8, 13, 270.0), "A3": (10, 10, 90.0)})
    mods = game.system.kit.world(game.state).fighter(ModelId("A2")).attribute("OFF").applied
    assert any(m.source.startswith("Soldier (1 Soldier") for m in mods)


def test_friendly_fire_on_an_allied_model_calls_for_a_morale_roll() -> None:
    # L1286-1289 and L1522: a stray shot into melee hits the ally touching the target, which rolls M or panics.
    game = _allied("friendly-fire")
    turn_of(game, "B")
    arrange(game, {**HOSTILES, "C1": (10, 22, 270.0), "A1": (10, 19, 90.0), "B1": (10, 14, 90.0)})
    _touching(game, "A1", "C1")
    since = game.log[-1].seq
    game.apply(Activate(model=ModelId("B1"), how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(17, 17, 20)), HOST)  # the throw strays onto A1; its damage; A1's M roll fails
    game.apply(Declare(kind="attack", means="thrown-dagger", targets=((ModelId("C1"), 0),)), as_side("B", ALICE))
    settle(game)
    texts = _texts(game, since)
    assert any("shoots into melee: 1 stray shot hits A1" in t for t in texts)
    assert any("friendly fire" in t and "A1" in t for t in texts)
    assert "panicked" in game.state.models[ModelId("A1")].tokens


def test_a_model_moves_through_an_allied_model_but_stops_at_an_enemy() -> None:
    # L637-639: a model moves through allied models, never ending on one, and not through enemies.
    for rulings, through in ((DECLARED, True), ({"alliance": "never"}, False)):
        game = _quest_2(f"through-{through}", rulings)
        game.apply(SettleSetup(), HOST)
        settle(game)
        turn_of(game, "B")
        arrange(game, {**HOSTILES, "B3": (8, 7, 90.0), "A2": (8, 9.5, 270.0)})
        game.apply(Activate(model=ModelId("B3"), how="walk", to="8,12"), as_side("B", ALICE))
        settle(game)
        b3 = game.state.models[ModelId("B3")]
        if through:
            assert (b3.x, b3.y) == (8.0, 12.0), "straight through its ally"
        else:
            assert b3.y < 12.0 and game.system.kit.world(game.state).touching(ModelId("B3"), ModelId("A2")), \
                "its move goes round the enemy in its way and ends in contact with it (L638)"


def test_an_allied_player_may_react_to_an_allys_activation_only_by_dodging() -> None:
    # L2937: allies may still react to each other's activations, e.g. Dodge to reposition (ruling alliance-reactions).
    game = _allied("dodge")
    turn_of(game, "A")
    arrange(game, {**HOSTILES, "A3": (8, 8, 90.0), "B1": (8, 12, 270.0)})
    game.apply(Activate(model=ModelId("A3"), how="walk", to="9,9"), as_side("A", ALICE))
    offer = next(d for d in game.state.pending.values() if d.owner == B)
    assert [o.key for o in offer.part("B1").options] == ["nothing", "dodge"]
    assert not any(p.key.endswith((".at", ".ward")) for p in offer.parts)
    game.apply(Answer(decision_id=offer.id, answers={"B1": "dodge", "B1.move": "10,13"}), as_side("B", ALICE))
    settle(game)
    game.apply(Declare(kind="nothing"), as_side("A", ALICE))
    settle(game)
    b1 = game.state.models[ModelId("B1")]
    assert (b1.x, b1.y) == (10.0, 13.0), "its dodge repositions it"
    assert game.state.figures[ModelId("B1")].ap == game.system.kit.world(game.state).fighter(ModelId("B1")).stamina - 1

    silent = _allied("no-reactions", {"alliance-reactions": "none"})
    turn_of(silent, "A")
    arrange(silent, {**HOSTILES, "A3": (8, 8, 90.0), "B1": (8, 12, 270.0)})
    silent.apply(Activate(model=ModelId("A3"), how="walk", to="9,9"), as_side("A", ALICE))
    assert not any(d.owner == B for d in silent.state.pending.values())


# -- scoring -------------------------------------------------------------------------------------------------


def test_vp_scored_while_allied_are_pooled_and_each_player_gets_half_rounded_down() -> None:
    # L2390: at the end each receives half of the combined VP, rounded down; L2398: 3 VP for a Tier III Hostile put
    # into Dead.
    game = _allied("pool")
    turn_of(game, "A")
    arrange(game, {**HOSTILES, "C1": (10, 22, 270.0), "A3": (10, 19, 90.0)})
    _touching(game, "A3", "C1")
    game.apply(change_token(model=ModelId("C1"), token="incapacitated"), HOST)
    game.apply(Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="deathblow", targets=((ModelId("C1"), 1),)), as_side("A", ALICE))
    settle(game)
    assert game.state.record(A).pooled == 3
    assert capped_scores(game.system.kit, game.state) == {A: 1, B: 1}, "a pool of 3 gives 1 each"


@pytest.mark.parametrize(("rulings", "broken", "expected"), [
    ({}, None, {"A": 3, "B": 3}),                                  # pool 7: 3 each
    ({}, "A", {"A": 0, "B": 3}),                                   # the breaker's -3 is its own (L2404)
    ({"alliance-broken-vp": "pool-returned"}, "A", {"A": 1, "B": 3}),
])
def test_the_pool_is_halved_at_the_end_and_the_penalty_is_not(rulings: dict[str, str], broken: str | None,
                                                                  expected: dict[str, int]) -> None:
    game = _quest_2("halves", {**DECLARED, **rulings})
    state = game.state.model_copy(deep=True)
    state.alliance, state.alliance_broken_by = (A, B), SideId(broken) if broken else None
    state.records[A] = SideRecord(vp={"reward": 4}, pooled=4)
    state.records[B] = SideRecord(vp={"reward": 3}, pooled=3)
    if broken:
        state.records[A].vp["penalty"] = -3
    assert vp_totals(game.system.kit, state) == expected


def test_the_cap_applies_after_halving_unless_the_table_caps_the_pool_first() -> None:
    # L1304: at most 10 VP a player; ruling alliance-vp decides whether the pool is capped before it is divided.
    for rulings, expected in (({}, 10), ({"alliance-vp": "cap-pool-first"}, 5)):
        game = _quest_2(f"cap-{expected}", {**DECLARED, **rulings})
        state = game.state.model_copy(deep=True)
        state.alliance = (A, B)
        state.records[A] = SideRecord(vp={"reward": 14}, pooled=14)
        state.records[B] = SideRecord(vp={"reward": 10}, pooled=10)
        assert capped_scores(game.system.kit, state) == {A: expected, B: expected}


def test_a_whole_quest_played_by_the_bot_with_an_alliance_ends_with_equal_shares() -> None:
    # L2390: every VP the allies scored is pooled (rewards, penalties, schemes at the end), so both get the same half.
    game = new_game("bot-allies", options=QUEST_2, sides=3, seats={s: BOT_USER for s in "ABC"}, rulings=DECLARED)
    play_bots(game)
    assert game.is_over()
    state = game.state
    assert state.alliance == (A, B) and state.alliance_broken_by is None
    pool = state.record(A).pooled + state.record(B).pooled
    assert sum(state.record(A).vp.values()) + sum(state.record(B).vp.values()) == pool, "all of it pooled"
    outcome = game.outcome()
    assert outcome is not None and outcome.scores[A] == outcome.scores[B] == max(0, min(pool // 2, 10))


def test_the_bot_lets_its_allys_activations_pass() -> None:
    game = _allied("bot-ally")
    turn_of(game, "A")
    arrange(game, {**HOSTILES, "A3": (8, 8, 90.0), "B1": (8, 12, 270.0)})
    game.apply(Activate(model=ModelId("A3"), how="walk", to="8,10"), as_side("A", ALICE))
    offer = next(d for d in game.state.pending.values() if d.owner == B)
    move = party_reactions(game.system.kit, game.state, offer)
    assert isinstance(move.command, Answer) and move.command.answers == {}, "no Dodge spent on an ally's move"
