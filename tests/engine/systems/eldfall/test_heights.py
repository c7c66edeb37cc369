"""Heights in play (ruling flat-table: surfaces): climbing onto scenery and hanging on its side, ladders at double
cost, falls and their damage, jumps that land or fall short, Flicker and Flight over scenery, sight and cover from
higher ground, and the flat table as an alternative. Each test cites the lines it plays (Eldfall core rules v1.5).

The Border Ruins field: T1 a 5" watchtower with a ladder (x 15-21, y 16-20), T2 a 3" ruin (x 4-9, y 12-15)."""

from __future__ import annotations

from engine.core import Game, IllegalCommand, ModelId, RigDice
from engine.geometry import Base, Pose
from engine.systems.eldfall.cover import cover
from engine.systems.eldfall.heights import ground_at, travel
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from engine.table import parse_shape
from tests.engine.systems.eldfall.commands import Activate, Declare
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
from tests.refusals import refusing
from tests.table_commands import add_terrain

RULINGS = shipped_rulings()


def _soga(seed: str, **rulings: str) -> tuple[Game[EldfallState], ModelId]:
    """Soga's turn, with the Clan Champion (SPD 5, 3 HP, no Climbing) alone in play."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), seed, rulings=rulings or None)
    turn_of(game, "A")
    champion = ModelId(unit_id(game, "Clan Champion"))
    clear_table(game, (champion,))
    return game, champion


def _move(game: Game[EldfallState], model: ModelId, how: str, to: str, skills: tuple[str, ...] = ()) -> list[str]:
    command = Activate(model=model, how=how, to=to or None, skills=skills)  # type: ignore[arg-type]
    events = game.apply(command, as_side("A", ALICE))
    settle(game)
    return [e.body.describe() for e in events]


def _tower(game: Game[EldfallState], shape: str, height: float) -> None:
    game.apply(add_terrain(kind="building", polygon=parse_shape(shape), height=height, keywords=("blocking",)), HOST)


def test_a_climb_hangs_on_the_side_when_half_spd_runs_out_then_goes_on_up() -> None:
    # L1341-1343: Climb at half SPD (5 -> 3); 1.1" to the ruin and 3" up leaves it 1.9" up its side; from there the
    # last 1.1" is a step no taller than its hitbox (L645) and it stands on top.
    game, champion = _soga("climb")
    place(game, champion, 6.5, 10.9)
    texts = _move(game, champion, "climb", "6.5,13.5")
    model, figure = game.state.models[champion], game.state.figures[champion]
    assert (model.x, model.y, model.z, figure.clinging) == (6.5, 12.0, 1.9, "T2")
    assert any("hangs on the side of T2, 1.9\" up (L1343)" in t for t in texts)
    _move(game, champion, "climb", "6.5,13.5")
    model = game.state.models[champion]
    assert (model.y, model.z, game.state.figures[champion].clinging) == (13.5, 3.0, None)


def test_a_walk_cannot_go_up_a_ruin_taller_than_its_hitbox() -> None:
    # L645: scenery taller than the hitbox (1.77" for Medium) needs Climb, Jump or a ladder.
    game, champion = _soga("wall")
    place(game, champion, 6.5, 10.9)
    with refusing(game, r'T2 rises 3" above .* only Climb, Jump or a ladder goes up it \(L645\)', error=IllegalCommand):
        game.apply(Activate(model=champion, how="walk", to="6.5,13.5"), as_side("A", ALICE))


def test_a_ladder_costs_double_and_needs_no_climb() -> None:
    # L642-644: 2" up a ladder costs 4 SPD. The Champion (SPD 6 under its Leader's Advance!) walks 1.1" to the
    # watchtower, then its other 4.9" of SPD take it 2.45" up the ladder; it hangs there, and in its next activation
    # the last 2.55" up cost 5.1" and it walks 0.9" onto the roof.
    game, champion = _soga("ladder")
    place(game, champion, 18, 14.9)
    _move(game, champion, "walk", "18,17.5")
    assert (game.state.models[champion].z, game.state.figures[champion].clinging) == (2.45, "T1")
    game.apply(Declare(kind="nothing"), as_side("A", ALICE))
    _move(game, champion, "walk", "18,17.5")
    model = game.state.models[champion]
    assert (model.y, model.z, game.state.figures[champion].clinging) == (16.9, 5.0, None)


def test_a_fall_longer_than_half_spd_rolls_ag_for_each_half_spd() -> None:
    # L883-889: SPD 6 falls in intervals of 3"; off a 7" roof that is 2 AG rolls, a Wound for each failure.
    game, champion = _soga("fall")
    _tower(game, "rect:20,26,4,1.5", 7.0)
    place(game, champion, 22, 26.8)
    assert game.state.models[champion].z == 7.0, "set down on the roof, it stands on it"
    game.apply(RigDice(values=(20, 20)), HOST)
    texts = _move(game, champion, "walk", "22,29.5")
    assert game.state.models[champion].z == 0.0
    assert any('falls 7" off the edge' in t and "2 AG rolls (one per 3\"), 2 failed: 2 Wounds" in t for t in texts)
    assert game.state.models[champion].wounds_left == 1


def test_a_jump_lands_across_a_gap_and_one_too_far_falls_where_it_runs_out() -> None:
    # L1345-1353: a Jump covers half SPD (3" for SPD 6) in a straight line; short, it falls where that runs out.
    game, champion = _soga("jump")
    _tower(game, "rect:20,26,3,2", 4.0)
    _tower(game, "rect:24.5,26,3,2", 4.0)
    place(game, champion, 22.5, 27)
    _move(game, champion, "jump", "25.5,27")
    assert (game.state.models[champion].x, game.state.models[champion].z) == (25.5, 4.0)
    texts = _move(game, champion, "jump", "33,27")
    model = game.state.models[champion]
    assert model.z == 0.0 and 27.5 < model.x < 28.6, "it came down beyond the platform, 3\" along its line"
    assert any("no more than half its SPD" in t for t in texts), "a 2.3\" fall from 4\" up is no more than 3\""


def test_acting_while_hanging_on_a_side_makes_the_model_fall() -> None:
    # L1342: a model on a vertical surface that declares anything but Nothing falls (then acts, ruling
    # clinging-action).
    game, champion = _soga("cling")
    place(game, champion, 6.5, 10.9)
    _move(game, champion, "climb", "6.5,13.5")
    _move(game, champion, "idle", "")
    game.apply(Declare(kind="dodge"), as_side("A", ALICE))
    model = game.state.models[champion]
    assert (model.z, game.state.figures[champion].clinging) == (0.0, None)


def test_flicker_goes_straight_up_onto_the_ruin() -> None:
    # L1934: Flicker ignores scenery, measured in a straight line: 3.5" across and 3" up is 4.61", within SPD 6.
    game = practice(("Thenion Shadows", "Soga Vanguard"), "flicker")
    turn_of(game, "A")
    shade = ModelId(unit_id(game, "Nightshade"))
    arrange(game, {shade: (6.5, 10.0, 90.0)})
    _move(game, shade, "walk", "6.5,13.5", ("flicker",))
    assert (game.state.models[shade].y, game.state.models[shade].z) == (13.5, 3.0)


def test_flight_passes_over_scenery_and_ends_with_a_landing() -> None:
    # L1728-1742, L1936-1940: taking flight doubles SPD and passes over scenery; landing on the ground after.
    party = PartySpec(id="carpet", name="Carpet", faction="Sand Kingdoms", game_size=60, leader="Taskmage Explorer",
                      members=(PartyMember(unit="Taskmage Explorer", upgrades=("flying-carpet",)),
                               PartyMember(unit="Academy Expeditioner")))
    game = practice((party, "Soga Vanguard"), "fly")
    turn_of(game, "A")
    mage = ModelId(unit_id(game, "Taskmage Explorer"))
    arrange(game, {mage: (6.5, 9.0, 90.0)})
    speed = game.system.kit.world(game.state).fighter(mage).speed
    texts = _move(game, mage, "walk", "6.5,17.5", ("fly", "land"))
    model = game.state.models[mage]
    assert (model.y, model.z) == (17.5, 0.0) and "flying" not in model.tokens
    assert any("taking flight" in t for t in texts) and 2 * speed >= 8.5, "8.5\" is within its doubled SPD"


def test_a_model_on_the_ruin_sees_over_it_what_ground_models_cannot() -> None:
    # L651-676 and L1508: from the ruin's top (3") lines pass over it; a model on it shot from below has light cover.
    game, champion = _soga("sight")
    bushi = ModelId(unit_id(game, "Bushi Attendant"))
    enemy = ModelId(unit_id(game, "Nightshade"))
    place(game, champion, 6.5, 10.0, 90.0)
    place(game, enemy, 6.5, 17.0, 270.0)
    world = game.system.kit.world(game.state)
    assert not world.sees(champion, enemy).visible, "the 3\" ruin hides each from the other"
    place(game, bushi, 6.5, 13.5, 90.0)
    world = game.system.kit.world(game.state)
    assert world.state.models[bushi].z == 3.0 and world.sees(bushi, enemy).visible
    found = cover(world.base(enemy), world.base(bushi), "Medium", world.terrain, rulings=RULINGS)
    assert found.kind == "light" and "higher ground" in " ".join(found.working)


def test_the_flat_table_keeps_every_model_at_height_zero() -> None:
    # Ruling flat-table: flat, the alternative: scenery is crossed freely and nothing stands higher.
    game, champion = _soga("flat", **{"flat-table": "flat"})
    place(game, champion, 6.5, 10.9)
    _move(game, champion, "walk", "6.5,13.5")
    assert (game.state.models[champion].y, game.state.models[champion].z) == (13.5, 0.0)


def test_the_ground_under_a_point_and_a_path_over_a_low_wall() -> None:
    # L645: a wall no taller than the hitbox is crossed at no extra cost.
    game, _ = _soga("ground")
    terrain = game.system.kit.world(game.state).terrain
    assert (ground_at(terrain, (18, 18)), ground_at(terrain, (6, 13)), ground_at(terrain, (1, 1))) == (5, 3, 0)
    trip = travel(((11, 22), (11, 25)), terrain, feet=0.0, hitbox=1.77, radius=0.63, kind="walk", allowance=5,
                  rulings=RULINGS)
    assert (trip.cost, trip.z, trip.clinging, trip.falls) == (3.0, 0.0, None, ())


def test_a_base_standing_above_the_table_has_its_height_in_its_hitbox() -> None:
    assert Base("A1", Pose(0, 0, 3.0), 32, 1.77).top == 4.77
