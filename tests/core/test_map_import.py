"""/map import lays a player's map on the table before deployment; /map preview and docs/maps show the presets."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.core.data_loader import load_player_import, load_system_data
from bot.core.map_pictures import MAP_PICTURES, map_pictures
from engine.core import (
    SPECTATOR,
    ActionCommand,
    Actor,
    Game,
    GameSetup,
    IllegalCommand,
    InvalidCommand,
    SideId,
    UserId,
    Viewer,
)
from engine.dice import commitment
from engine.schema import Catalogue, DataError
from engine.systems.freeplay import Freeplay
from engine.systems.freeplay.state import FreeplayState
from engine.table import MapImported
from tests.refusals import refused
from tests.table_commands import add_model, add_terrain, import_map

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "freeplay" / "my-map.yaml"
A, B = SideId("A"), SideId("B")
ALICE, BOB = UserId("alice"), UserId("bob")


@pytest.fixture(scope="module")
def freeplay() -> Catalogue:
    return load_system_data("freeplay")


def new_table(options: dict[str, str] | None = None) -> Game[FreeplayState]:
    seed = "9f" * 32
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, seed_commitment=commitment(seed),
                      options=options or {})
    return Game.start(Freeplay(load_system_data("freeplay")), setup, seed, seats={A: ALICE, B: BOB})


def import_map_command(filename: str, data: bytes | str, catalogue: Catalogue) -> ActionCommand:
    """What /map import file: makes of an upload: the loader checks it, the table lays it."""
    return import_map(preset=load_player_import(filename, data, "map", catalogue=catalogue))


def example_command(freeplay: Catalogue) -> ActionCommand:
    return import_map_command(EXAMPLE.name, EXAMPLE.read_bytes(), freeplay)


def test_the_example_map_replaces_the_table_terrain_and_zones(freeplay: Catalogue) -> None:
    game = new_table({"map": "crossroads"})
    (event,) = game.apply(example_command(freeplay), Actor(user=BOB, side=B))
    assert isinstance(event.body, MapImported)
    assert event.body.describe() == ('The table is now the map The Old Mill, 36" x 36": 6 terrain pieces, '
                                     "2 deployment zones, 3 objectives.")
    state = game.state
    assert state.map_name == "The Old Mill"
    assert {piece.id: piece.kind for piece in state.terrain.values()} == {
        "T1": "water", "T2": "building", "T3": "wall", "T4": "ruin", "T5": "forest", "T6": "hill"}
    assert state.terrain["T2"].polygon == ((5, 23), (11, 23), (11, 28), (5, 28))
    assert sorted(state.zones) == ["DA", "DB", "O1", "O2", "O3"]
    assert game.system.board_update((event,)) == (), "a fresh picture of the new table is posted"


def test_an_imported_map_is_read_back_from_the_log(freeplay: Catalogue) -> None:
    game = new_table()
    game.apply(example_command(freeplay), Actor(user=ALICE, side=A))
    replayed = Game.from_records(game.system, game.setup, "9f" * 32, game.records())
    assert replayed.state.fingerprint() == game.state.fingerprint()


def test_terrain_added_after_an_import_gets_a_fresh_id(freeplay: Catalogue) -> None:
    gappy = EXAMPLE.read_text(encoding="utf-8").replace("id: T6", "id: T7")
    game = new_table()
    game.apply(import_map_command("gappy.yaml", gappy, freeplay), Actor(user=ALICE, side=A))
    game.apply(add_terrain(kind="hill", polygon=((30, 30), (32, 30), (32, 32))), Actor(user=ALICE, side=A))
    game.apply(add_terrain(kind="hill", polygon=((33, 30), (35, 30), (35, 32))), Actor(user=ALICE, side=A))
    assert sorted(game.state.terrain) == ["T1", "T2", "T3", "T4", "T5", "T7", "T8", "T9"], "T7 is the map's"


def test_a_map_is_refused_once_a_model_is_on_the_table(freeplay: Catalogue) -> None:
    game = new_table({"map": "crossroads"})
    game.apply(add_model(unit="Knight", at=(18.0, 3.0)), Actor(user=ALICE, side=A))
    refused(game, example_command(freeplay), Actor(user=ALICE, side=A),
            r"only be laid before deployment, and models are on the table \(A1\); take them off with /model remove "
            "first",
            error=IllegalCommand)
    assert game.state.map_name == "Crossroads"


def test_a_map_for_sides_the_game_lacks_is_refused(freeplay: Catalogue) -> None:
    four_sides = EXAMPLE.read_text(encoding="utf-8").replace("{id: DB, kind: deployment, side: B",
                                                             "{id: DC, kind: deployment, side: C")
    refused(new_table(), import_map_command("four.yaml", four_sides, freeplay), Actor(user=ALICE, side=A),
            "zone DC is for side C, but this game's sides are A, B", error=InvalidCommand)


def test_a_spectator_cannot_import_a_map(freeplay: Catalogue) -> None:
    refused(new_table(), example_command(freeplay), Actor(user=UserId("carol")), "holds no side", error=IllegalCommand)


def test_a_broken_upload_is_refused_naming_the_file(freeplay: Catalogue) -> None:
    broken = EXAMPLE.read_text(encoding="utf-8").replace("circle: [9, 11, 3]", "circle: [9, 11, -3]")
    with pytest.raises(DataError, match=r'^mine\.yaml: entry "T6" \(terrain\[5\]\): field "circle": '):
        import_map_command("mine.yaml", broken, freeplay)


# --- previews ---------------------------------------------------------------------------------------------------


def test_a_preview_shows_the_preset_alone_to_the_asker(freeplay: Catalogue) -> None:
    game = new_table()
    system = game.system
    answer = system.ask(game.state, Viewer.of_side(B), ("map", "preview"), {"name": "forest-edge"})
    assert answer.private and answer.text.startswith("Forest Edge: A deep wood fills the west flank")
    assert answer.board is not None
    assert answer.board.title == 'Forest Edge (forest-edge), 36" x 36"'
    assert len(answer.board.terrain) == 7 and answer.board.models == ()
    with pytest.raises(InvalidCommand, match=r'unknown map "forest-egde"; did you mean "forest-edge"\?.*random'):
        system.ask(game.state, SPECTATOR, ("map", "preview"), {"name": "forest-egde"})
    with pytest.raises(InvalidCommand, match="rolled from the game's dice"):
        system.ask(game.state, SPECTATOR, ("map", "preview"), {"name": "random"})


def test_the_map_pictures_in_the_docs_are_current(freeplay: Catalogue) -> None:
    pictures = map_pictures([Freeplay(freeplay)])
    assert set(pictures) == {*(f"freeplay/{preset.id}.png" for preset in freeplay.maps), "freeplay/random.png"}
    if os.environ.get("UPDATE_GOLDEN"):
        for name, png in pictures.items():
            (MAP_PICTURES / name).parent.mkdir(parents=True, exist_ok=True)
            (MAP_PICTURES / name).write_bytes(png)
    stale = [name for name, png in pictures.items()
             if not (MAP_PICTURES / name).is_file() or (MAP_PICTURES / name).read_bytes() != png]
    assert not stale, "regenerate with UPDATE_GOLDEN=1 make test (or python -m bot.core.map_pictures)"
    drawn = {path.relative_to(MAP_PICTURES).as_posix() for path in MAP_PICTURES.glob("freeplay/*.png")}
    assert drawn == set(pictures), "a picture of a map that is gone"
    guide = (ROOT / "docs" / "freeplay.md").read_text(encoding="utf-8")
    assert all(f"maps/{name}" in guide for name in pictures)
