"""Setting up a game checked against the rulebook itself: the roll-offs, who places and deploys what and where,
Rangers, Leaders, and terrain placed at deployment (Sunshard:Embren core rules v1.0, L323-341, L692, L1439, L1473,
L1479)."""

from __future__ import annotations

import pytest

from engine.core import Context, Decision, Event, GameSetup, InvalidCommand, ModelId, RulesError, SideId, UserId
from engine.dice import commitment
from engine.systems.sunshard.setup import apply_deploy, begin_setup, check_deploy, on_leader
from engine.systems.sunshard.setup_declared import deploy_spots
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import world_of
from tests.engine.systems.sunshard.tables import DATA, A, B, answer, card, new_state, pending, put, run, world


def set_up(quest: str, rig: list[int], data=DATA) -> SunshardState:  # type: ignore[no-untyped-def]
    """The demo forces (A: Captain A1, Conscripted A2-A4, Harrier A5; B: Pariahs B1-B2, Evolved B3, Aberration B4)
    set up for ``quest`` with the roll-offs rigged."""
    return setting_up(quest, rig, data)[0]


def setting_up(quest: str, rig: list[int], data=DATA) -> tuple[SunshardState, list[Event]]:  # type: ignore[no-untyped-def]
    """:func:`set_up`, with the events it made."""
    setup = GameSetup(system="sunshard", sides=(A, B), host=UserId("alice"), seed_commitment=commitment("t"))
    forces = {A: [data.warbands["Greywater Delvers"]], B: [data.warbands["Ashen Remnant"]]}
    return run(SunshardState(setup=setup), lambda ctx: begin_setup(ctx, data, data.quest(quest), forces),
               rig=rig, data=data)


def deploy(state: SunshardState, side: SideId, model: str, at: str | None = None, data=DATA):  # type: ignore[no-untyped-def]
    def work(ctx: Context[SunshardState]) -> None:
        filled = {"model": model, **({"at": at} if at else {})}
        found = check_deploy(world_of(ctx), side, filled)
        apply_deploy(ctx, side, found[0], found[1])
    return run(state, work, data=data)


def test_the_lowest_roll_places_the_first_objective_and_ties_are_rerolled() -> None:
    # L335: 9 and 9 tie, then 14 and 6: side B places first.
    state, events = setting_up("on-the-hunt", [9, 9, 14, 6])
    assert (state.step, state.active_side) == ("objectives", B)
    assert ("Side B wins the roll-off for placing the first Objective (A 9, B 9: tied, rolled again; A 14, B 6; the "
            "lowest roll wins, L335): side B's turn.") in [line for e in events if (line := e.body.describe())]


def test_the_deployment_roll_off_winner_may_pick_an_enemy_model_but_not_a_ranger() -> None:
    # L337, L1473: side A won the roll-off; it may have side B deploy the Evolved now, and its owner places it; a
    # Ranger cannot be picked (nor can A deploy its own Harrier now).
    state = set_up("treasures-from-the-past", [3, 15])
    assert state.active_side == A
    picked, _ = deploy(state, A, "B3")
    assert (picked.active_side, picked.first_pick) == (B, ModelId("B3"))
    with pytest.raises(RulesError, match="B3 was picked by the opponent"):
        check_deploy(world(picked), B, {"model": "B1", "at": "4,22"})
    placed, _ = deploy(picked, B, "B3", "12,22")
    assert placed.active_side == B  # ruling deployment-pick-turn: the picker's opponent goes next
    with pytest.raises(RulesError, match="Ranger"):
        check_deploy(world(state), A, {"model": "A5", "at": "12,2"})


def test_a_model_deploys_completely_within_its_own_zone() -> None:
    # L337 (ruling deployment-fit): the 4" zone along side A's edge; a base crossing its line is refused.
    state = set_up("treasures-from-the-past", [3, 15])
    with pytest.raises(RulesError, match="deploys completely within"):
        check_deploy(world(state), A, {"model": "A1", "at": "12,3.8"})
    assert check_deploy(world(state), A, {"model": "A1", "at": "12,3.3"})[1] == (12, 3.3)


def test_a_ranger_deploys_last_within_six_inches_of_its_zone() -> None:
    # L1473 (ruling ranger-distance): after every other model, its whole base within 6" of the zone.
    state = set_up("treasures-from-the-past", [3, 15])
    state.step, state.active_side = "rangers", A
    for figure in state.figures.values():
        if figure.card != "Harrier":
            figure.status = "deployed"
    r30 = 30 / 25.4 / 2
    assert check_deploy(world(state), A, {"model": "A5", "at": f"12,{4 + 6 - r30 - 0.05}"})
    with pytest.raises(RulesError, match="within 6"):
        check_deploy(world(state), A, {"model": "A5", "at": f"12,{4 + 6 - r30 + 0.2}"})


def test_a_rangers_suggested_spots_start_in_its_zone_and_then_offer_the_band_ahead() -> None:
    """The suggestion (no rule) puts a Ranger in its zone's front row first, as every model, so "the rest as
    suggested" no longer leaves a lone shooter 6" ahead of its warband; the band L1473 allows is offered after."""
    state = set_up("treasures-from-the-past", [3, 15])
    state.step, state.active_side = "rangers", A
    seen = world(state)
    spots = deploy_spots(seen, seen.model("A5"))
    r30 = 30 / 25.4 / 2
    assert spots[0][1] == pytest.approx(4 - r30, abs=0.01), "the zone's front row first"
    ahead = [y for _, y in spots if y > 4]
    assert ahead and max(ahead) == pytest.approx(4 + 6 - r30, abs=0.01), "the band ahead is still offered"
    assert all(check_deploy(seen, A, {"model": "A5", "at": f"{x:g},{y:g}"}) for x, y in spots)


def test_the_fortunate_one_leads_without_gaining_commander() -> None:
    # L339, L1439: a Leader gains Commander, but not the Fortunate One.
    data = DATA.with_imports([card("Captain", name="Lucky", abilities=("Fortunate One",))])
    state = new_state()
    put(state, "A9", "Lucky", A, 4, 2, data=data)
    put(state, "A8", "Captain", A, 8, 2, data=data)
    put(state, "B1", "Pariah", B, 8, 22, data=data)
    decision = Decision(id="d", owner=A, kind="leader", prompt="", parts=(), optional=False)

    def choose(model: str) -> SunshardState:
        return run(state, lambda ctx: on_leader(ctx, decision, {"model": model}), data=data)[0]
    lucky = choose("A9").figures[ModelId("A9")]
    assert lucky.leader and "Commander" not in lucky.gained
    assert "Commander" in choose("A8").figures[ModelId("A8")].gained


def test_shardbringer_pieces_may_not_be_placed_over_a_model() -> None:
    # L692, L1479: new terrain is not placed overlapping models (or Impassable terrain).
    bringer = card("Captain", name="Bringer", abilities=("Shardbringer(1)",))
    data = DATA.with_imports([bringer])
    state = set_up("treasures-from-the-past", [3, 15])
    put(state, "A9", "Bringer", A, 6, 2, data=data)
    put(state, "B9", "Pariah", B, 9, 2, data=data)
    state.figures[ModelId("A9")].status = "reserve"
    del state.models[ModelId("A9")]
    waiting, _ = deploy(state, A, "A9", "6,2", data=data)
    assert pending(waiting).kind == "deploy-choices"
    with pytest.raises(RulesError, match="overlap"):
        answer(waiting, {"piece1": "9,2.5"}, data=data)
    after, _ = answer(waiting, {"piece1": "6,6.5"}, data=data)
    assert any(t.kind == "shard" for t in after.terrain.values())


def test_a_shardbringer_piece_is_within_6_inches_when_its_nearest_point_is() -> None:
    # L274, L1479: model to terrain is measured between their nearest points; the Captain's base reaches x 6.63 and a
    # 50 mm piece centred at x 13.5 comes to 12.52: 5.89" off, within 6"; centred at x 13.75, 6.14" off, beyond.
    bringer = card("Captain", name="Bringer", abilities=("Shardbringer(1)",))
    data = DATA.with_imports([bringer])
    state = set_up("treasures-from-the-past", [3, 15])
    put(state, "A9", "Bringer", A, 6, 2, data=data)
    state.figures[ModelId("A9")].status = "reserve"
    del state.models[ModelId("A9")]
    waiting, _ = deploy(state, A, "A9", "6,2", data=data)
    with pytest.raises(InvalidCommand, match="within"):
        answer(waiting, {"piece1": "13.75,2"}, data=data)
    after, _ = answer(waiting, {"piece1": "13.5,2"}, data=data)
    assert any(t.kind == "shard" for t in after.terrain.values())
