"""Maps from outside a game: a player's uploaded map, and pictures of the preset maps.

``import_map_command`` turns ``/map import file:`` into the engine's ``ImportMap``; ``map_preview`` answers
``/map preview name:``; ``write_map_pictures`` redraws ``docs/maps/<id>.png`` (a test keeps them current).
Run ``python -m bot.core.map_import`` to regenerate those pictures.
"""

from __future__ import annotations

from pathlib import Path

from bot.core.data_loader import load_player_import, load_system_data
from bot.core.outputs import Output, Picture
from engine.core import BoardView, InvalidCommand, UserId
from engine.schema import Catalogue, MapPreset
from engine.systems.freeplay.commands import ImportMap
from engine.systems.freeplay.maps import map_board, preset_layout
from engine.systems.freeplay.random_layout import RANDOM_MAP, random_layout
from renderers import describe_board, render_board

__all__ = [
    "EXAMPLE_RANDOM_SEED",
    "MAP_PICTURES",
    "import_map_command",
    "map_pictures",
    "map_preview",
    "preset_map_command",
    "preset_preview",
    "write_map_pictures",
]

MAP_PICTURES = Path(__file__).parents[2] / "docs" / "maps"
"""Where the preset maps' pictures live, one ``<id>.png`` each (and ``random.png``, one random example)."""

EXAMPLE_RANDOM_SEED = 20240659
"""The layout seed of the random map pictured in the docs: any seed would do, this one stays fixed."""


def import_map_command(filename: str, data: bytes | str, catalogue: Catalogue) -> ImportMap:
    """Check an uploaded map against the game's data and wrap it in the command that lays it out.

    :raises DataError: naming the file, the piece and the field of each problem.
    """
    return ImportMap(preset=load_player_import(filename, data, "map", catalogue=catalogue))


def preset_map_command(name: str, catalogue: Catalogue) -> ImportMap:
    """Lay one of the game's preset maps on the table, in place of the current one (before deployment).

    :raises InvalidCommand: for a name that is not a preset, listing the presets.
    """
    found = {preset.id: preset for preset in catalogue.maps}
    if name.casefold() not in found:
        raise InvalidCommand(f"there is no preset map {name!r}; the presets are {', '.join(found)}")
    return ImportMap(preset=found[name.casefold()])


def preset_preview(preset: MapPreset) -> BoardView:
    """The preset on an empty table, titled with its name, id and size."""
    terrain, zones = preset_layout(preset)
    width, height = preset.table
    return map_board(f"{preset.name} ({preset.id}), {width:g}\" x {height:g}\"", width, height, terrain, zones)


def _random_example() -> BoardView:
    layout = random_layout(EXAMPLE_RANDOM_SEED)
    return map_board(f"Random map {layout.seed:08d} (one example of map:random)", layout.width, layout.height,
                     layout.terrain, layout.zones)


def map_preview(map_id: str, catalogue: Catalogue, user: UserId | None = None) -> list[Output]:
    """``/map preview``: the preset drawn on an empty table with its description, for ``user`` alone.

    :raises InvalidCommand: for an unknown map (naming the known ones) or ``random``, which has no fixed look.
    """
    if map_id.casefold() == RANDOM_MAP:
        raise InvalidCommand("map:random is rolled from the game's dice when it starts, so each game differs; "
                             "it is always mirrored through the centre, 6 to 10 pieces, clear of both deployment "
                             "zones")
    try:
        preset = catalogue.map_preset(map_id)
    except LookupError as error:
        maps = ", ".join([*(m.id for m in catalogue.maps), RANDOM_MAP])
        raise InvalidCommand(f"{error.args[0]}; maps: {maps}") from None
    board = preset_preview(preset)
    picture = Picture(filename=f"{preset.id}.png", board=board, crop=None, alt=describe_board(board)[:1000])
    return [Output(text=f"{preset.name}: {preset.description}", to=user, pictures=(picture,))]


def map_pictures(catalogue: Catalogue) -> dict[str, bytes]:
    """Every preset map's picture (and one random example), keyed by file name."""
    boards = {f"{preset.id}.png": preset_preview(preset) for preset in catalogue.maps}
    boards[f"{RANDOM_MAP}.png"] = _random_example()
    return {name: render_board(board) for name, board in boards.items()}


def write_map_pictures(folder: Path = MAP_PICTURES, system: str = "freeplay") -> list[Path]:
    """Redraw the pictures of ``system``'s maps into ``folder``; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, png in map_pictures(load_system_data(system)).items():
        path = folder / name
        path.write_bytes(png)
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_map_pictures():
        print(path)
