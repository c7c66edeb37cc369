"""map:random: a seeded, point-symmetric layout, clear of the zones, rolled in the open and stored as polygons."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from bot.core.data_loader import load_system_data
from engine.core import Actor, DiceRolled, Game, GameSetup, InvalidCommand, SideId, TerrainMark, UserId
from engine.dice import commitment
from engine.systems.freeplay import Freeplay
from engine.systems.freeplay import system as freeplay_system
from engine.systems.freeplay.state import FreeplayState
from engine.table.random_layout import (
    MAX_PIECES,
    MIN_PIECES,
    PIECE_GAP,
    ZONE_GAP,
    RandomLayout,
    layout_seed,
    mirror,
    random_layout,
)
from tests.budget import examples
from tests.table_commands import load_force

A, B = SideId("A"), SideId("B")
ALICE, BOB = UserId("alice"), UserId("bob")
ROUNDING = 0.02  # corners are stored to 0.01", so a gap may come out that much short

seeds = st.integers(min_value=0, max_value=99_999_999)
sizes = st.integers(min_value=24, max_value=72).map(float)


def _shape(piece: TerrainMark) -> Polygon:
    return Polygon(piece.polygon)


def _twin_of(piece: TerrainMark, layout: RandomLayout) -> Polygon:
    return Polygon([mirror(point, layout.width, layout.height) for point in piece.polygon])


@settings(max_examples=examples(60), deadline=None)
@given(seed=seeds, width=sizes, height=sizes)
def test_every_piece_has_a_twin_half_a_turn_about_the_centre(seed: int, width: float, height: float) -> None:
    layout = random_layout(seed, width, height)
    unmatched = list(layout.terrain)
    while unmatched:
        piece = unmatched.pop(0)
        twin_shape = _twin_of(piece, layout)
        if _shape(piece).symmetric_difference(twin_shape).area < 0.01:
            continue  # the centre piece is its own twin
        twins = [other for other in unmatched if (other.kind, other.height, other.keywords) ==
                 (piece.kind, piece.height, piece.keywords)
                 and _shape(other).symmetric_difference(twin_shape).area < 0.01]
        assert len(twins) == 1, f"{piece.id} has no twin"
        unmatched.remove(twins[0])
    zones = {zone.id: zone for zone in layout.zones}
    mirrored_a = Polygon([mirror(point, width, height) for point in zones["DA"].polygon])
    assert mirrored_a.symmetric_difference(Polygon(zones["DB"].polygon)).area < 0.01
    assert zones["DA"].side == A and zones["DB"].side == B


@settings(max_examples=examples(60), deadline=None)
@given(seed=seeds, width=sizes, height=sizes)
def test_pieces_stay_apart_on_the_table_and_out_of_the_zones(seed: int, width: float, height: float) -> None:
    layout = random_layout(seed, width, height)
    shapes = [_shape(piece) for piece in layout.terrain]
    assert MIN_PIECES <= len(shapes) <= MAX_PIECES
    assert all(shape.is_valid and shape.area > 0 for shape in shapes)
    assert all(Polygon([(0, 0), (width, 0), (width, height), (0, height)]).contains(shape) for shape in shapes)
    for first, second in itertools.combinations(shapes, 2):
        assert first.distance(second) >= PIECE_GAP - ROUNDING
    for zone in layout.zones:
        gap = ZONE_GAP if zone.kind == "deployment" else PIECE_GAP
        assert all(Polygon(zone.polygon).distance(shape) >= gap - ROUNDING for shape in shapes), zone.id
    assert len({piece.id for piece in layout.terrain}) == len(shapes)


@settings(max_examples=examples(30), deadline=None)
@given(seed=seeds, width=sizes, height=sizes)
def test_the_same_seed_gives_the_same_map(seed: int, width: float, height: float) -> None:
    assert random_layout(seed, width, height) == random_layout(seed, width, height)


def test_different_seeds_give_different_maps() -> None:
    layouts = {random_layout(seed).terrain for seed in range(20)}
    assert len(layouts) == 20


def test_the_layout_seed_reads_the_dice_as_digits() -> None:
    assert layout_seed([12, 87, 3, 100]) == 12_87_03_00
    assert layout_seed([100, 100, 100, 100]) == 0


def test_a_table_under_24_inches_is_refused() -> None:
    with pytest.raises(ValueError, match='at least 24" a side'):
        random_layout(1, 36, 20)


# --- in a game ------------------------------------------------------------------------------------------------


def random_game(seed: str = "ef" * 32, size: str | None = None) -> Game[FreeplayState]:
    options = {"map": "random", **({"size": size} if size else {})}
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, seed_commitment=commitment(seed), options=options)
    return Game.start(Freeplay(load_system_data("freeplay")), setup, seed, seats={A: ALICE, B: BOB})


def test_a_random_map_is_rolled_on_the_public_dice_and_laid_out_as_terrain() -> None:
    game = random_game()
    (roll,) = [event for event in game.log if isinstance(event.body, DiceRolled)]
    assert roll.audience.is_public and roll.body.purpose == "the random map"  # type: ignore[attr-defined]
    values = [die.value for die in roll.body.rolls]  # type: ignore[attr-defined]
    assert len(values) == 4 and all(1 <= value <= 100 for value in values)
    expected = random_layout(layout_seed(values))
    assert game.state.map_name == f"Random map {layout_seed(values):08d}"
    assert tuple(game.state.terrain.values()) == expected.terrain
    assert tuple(game.state.zones.values()) == expected.zones
    assert game.state.round == 1


def test_the_same_game_seed_gives_the_same_map_and_another_seed_another() -> None:
    assert random_game().state.terrain == random_game().state.terrain
    assert random_game().state.terrain != random_game("12" * 32).state.terrain


def test_a_stored_random_map_is_read_back_not_regenerated(monkeypatch: pytest.MonkeyPatch) -> None:
    game = random_game()

    def broken(*_: object) -> RandomLayout:
        raise AssertionError("a replay must not regenerate the map")

    monkeypatch.setattr(freeplay_system, "random_layout", broken)
    replayed = Game.from_records(game.system, game.setup, "ef" * 32, game.records())
    assert replayed.state.terrain == game.state.terrain and replayed.state.zones == game.state.zones


def test_a_random_map_honours_the_table_size_and_both_forces_deploy() -> None:
    game = random_game(size="48x30")
    assert (game.state.width, game.state.height) == (48.0, 30.0)
    assert all(x <= 48 and y <= 30 for piece in game.state.terrain.values() for x, y in piece.polygon)
    game.apply(load_force(name="Red Company"), Actor(user=ALICE, side=A))
    game.apply(load_force(name="Wild Hunt"), Actor(user=BOB, side=B))
    assert len(game.state.models) == 10
    with pytest.raises(InvalidCommand, match='map:random needs a table of at least 24" a side'):
        random_game(size="30x20")


def test_an_unknown_map_lists_random_among_the_maps() -> None:
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, seed_commitment=commitment("ab"),
                      options={"map": "randm"})
    with pytest.raises(InvalidCommand, match=r"maps: crossroads, ruined-village, forest-edge, random$"):
        Game.start(Freeplay(load_system_data("freeplay")), setup, "ab")
