"""The table's setting, declared once for every game on inches: terrain added and taken away, maps laid (a preset,
or a player's own file) and shown, unit profiles imported; and its questions: distances, sight and templates.

Terrain and maps change while no model stands on the table (or by the host's hand, who fixes it for everyone), so
the ground never moves under a model. What a viewer may measure follows the game's disclosure; sight follows the
game's own rule where it has one (``TableRules.perceive``).
"""

from __future__ import annotations

import difflib
import math

from engine.core import (
    Args,
    Ask,
    Choice,
    Context,
    FreeForm,
    IllegalCommand,
    InvalidCommand,
    Order,
    Param,
    QueryAnswer,
    SideId,
    TerrainMark,
    UnitsImported,
    Viewer,
    parse_point,
)
from engine.schema import MapPreset, UnitProfile
from engine.table import geometry as geo
from engine.table.events import MapImported, TerrainAdded, TerrainRemoved
from engine.table.maps import map_board, preset_layout
from engine.table.rules import BLOCKING
from engine.table.state import Point, TableState
from engine.table.world import TABLE, TableWorld, inches

__all__ = ["map_preview_board", "parse_shape"]

Ctx = Context[TableState]
_SHAPES = "rect:x,y,w,h or circle:x,y,r or poly:x,y;x,y;x,y"


def _setting_up(world: TableWorld, ask: Ask) -> str | None:
    """Terrain and maps change while no model stands on the table, or by the host's hand."""
    if ask.host:
        return None
    if ask.asker is None:
        return "only a player holding a side (or the host) sets the table"
    if world.state.models:
        return "the table only changes before models are on it, or by the host (who fixes it for everyone)"
    return None


# -- terrain -------------------------------------------------------------------------------------------------------


def _numbers(text: str, count: int, form: str) -> list[float]:
    try:
        values = [float(v) for v in text.split(",")]
    except ValueError:
        values = []
    if len(values) != count or not all(math.isfinite(v) for v in values):
        raise InvalidCommand(f"{text!r} is not {form} (finite numbers in inches); shapes are {_SHAPES}")
    return values


def parse_shape(text: str) -> tuple[Point, ...]:
    """Turn ``rect:``, ``circle:`` or ``poly:`` into a polygon's corners (a circle as 24 of them)."""
    form, _, rest = text.strip().partition(":")
    if form == "rect":
        x, y, w, h = _numbers(rest, 4, "rect:x,y,w,h")
        if w <= 0 or h <= 0:
            raise InvalidCommand("a rect needs a positive width and height, e.g. rect:10,10,6,4")
        return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    if form == "circle":
        x, y, r = _numbers(rest, 3, "circle:x,y,r")
        if r <= 0:
            raise InvalidCommand("a circle needs a positive radius, e.g. circle:18,18,3")
        return tuple((round(x + r * math.cos(a * math.pi / 12), 2), round(y + r * math.sin(a * math.pi / 12), 2))
                     for a in range(24))
    if form == "poly":
        corners = tuple(parse_point(corner) for corner in rest.split(";") if corner.strip())
        if len(corners) < 3:
            raise InvalidCommand("a poly needs at least 3 corners, e.g. poly:10,10;14,10;12,14")
        return corners
    raise InvalidCommand(f"{text!r} is not a shape; shapes are {_SHAPES}")


def _a_shape(world: TableWorld, ask: Ask, typed: str) -> str | None:
    try:
        parse_shape(typed)
    except InvalidCommand as error:
        return error.reason
    return None


def _kinds(world: TableWorld, ask: Ask) -> list[Choice]:
    return [Choice(kind, f"{kind} ({height:g}\" usually)") for kind, height in world.rules.terrain_heights.items()]


def _no_kind(world: TableWorld, ask: Ask, typed: str) -> InvalidCommand:
    kinds = list(world.rules.terrain_heights)
    close = difflib.get_close_matches(typed.lower(), kinds, n=1)
    hint = f" Did you mean {close[0]}?" if close else ""
    return InvalidCommand(f"unknown terrain kind {typed.lower()[:40]!r}.{hint} Kinds: {', '.join(kinds)}",
                          verb=ask.verb)


_KEYWORDS = ("impassable", "blocking", "obscuring", "cover", "difficult")


def _keywords(world: TableWorld, ask: Ask) -> list[Choice]:
    return [Choice(keyword) for keyword in _KEYWORDS]


def _words(world: TableWorld, ask: Ask, typed: str) -> str | None:
    return None if all(word.strip() for word in typed.split(",")) else "give keywords separated by commas"


def _height(world: TableWorld, ask: Ask, kind: str, keywords: tuple[str, ...]) -> tuple[float, str]:
    """The piece's height and, when the table chose it, a note saying so."""
    blocking = [keyword for keyword in keywords if keyword in BLOCKING]
    usual = world.rules.terrain_heights.get(kind, 0.0)
    if ask.has("height"):
        height = float(str(ask.options["height"]))
        if blocking and height <= 0:
            raise InvalidCommand(f"a {', '.join(blocking)} piece 0\" high blocks nothing; give its height in inches, "
                                 "e.g. height:3", verb=ask.verb)
        return height, ""
    if not blocking:
        return usual, ""
    if usual <= 0:
        raise InvalidCommand(f"a blocking {kind} needs a height: give height: in inches", verb=ask.verb)
    return usual, f" (height {usual:g}\", the usual height of a {kind}; give height: to set another)"


def _terrain_plan(world: TableWorld, ask: Ask) -> TerrainAdded:
    kind = ask.text("kind").lower()
    keywords = tuple(word.lower() for word in ask.listed("keywords"))
    height, note = _height(world, ask, kind, keywords)
    number = world.state.terrain_added + 1
    while f"T{number}" in world.state.terrain:  # an imported map may already use the next number
        number += 1
    terrain = TerrainMark(id=f"T{number}", kind=kind, polygon=parse_shape(ask.text("shape")), height=height,
                          keywords=keywords)
    geo.check_terrain(world.state, terrain)
    return TerrainAdded(terrain=terrain, note=note)


@TABLE.action(None, "Add a terrain piece", label="Add terrain", verb=("terrain", "add"), host=True,
              available=_setting_up, check=_terrain_plan, params=(
                  Param("shape", "Its shape (rect:x,y,w,h, circle:x,y,r or poly:x,y;x,y;x,y)?", accepts=_a_shape,
                        free_form=FreeForm.TEXT),
                  Param("kind", "What kind of terrain?", values=_kinds, refused=_no_kind, noun="kinds"),
                  Param("height", "How high (inches)?", accepts=inches("height", "a height"), optional=True,
                        free_form=FreeForm.NUMBER),
                  Param("keywords", "Which keywords?", values=_keywords, accepts=_words, optional=True,
                        noun="keywords", free_form=FreeForm.TEXT)))
def _add_terrain(ctx: Ctx, plan: TerrainAdded) -> None:
    ctx.emit(plan)


def _pieces(world: TableWorld, ask: Ask) -> list[Choice]:
    return [Choice(t.id, f"{t.id} {t.kind}") for t in world.state.terrain.values()]


@TABLE.action(None, "Take a terrain piece away", label="Take terrain away", verb=("terrain", "remove"), host=True,
              available=_setting_up, params=(Param("terrain", "Which piece?", values=_pieces, noun="pieces"),))
def _remove_terrain(ctx: Ctx, ask: Ask) -> None:
    ctx.emit(TerrainRemoved(terrain_id=ask.ident("terrain")))


# -- maps ----------------------------------------------------------------------------------------------------------


def _maps(world: TableWorld, ask: Ask) -> list[Choice]:
    return [Choice(m.id, m.name) for m in world.data.maps]


def _no_map(world: TableWorld, ask: Ask, typed: str) -> InvalidCommand:
    """Why a typed map is none of the presets: one the game lays itself says so."""
    laid = world.rules.laid_maps
    if typed.casefold() in laid:
        return InvalidCommand(f"map:{typed} {laid[typed.casefold()]}", verb=ask.verb)
    try:
        world.data.map_preset(typed.casefold())
    except LookupError as error:
        unknown = error.args[0]  # names the close matches
    else:
        unknown = f"map {typed[:40]!r} cannot be laid now"
    rolled = f" ({', '.join(laid)} is laid only when a game starts)" if laid else ""
    return InvalidCommand(f"{unknown}; the preset maps: {', '.join(m.id for m in world.data.maps)}{rolled}",
                          verb=ask.verb)


def _laid(world: TableWorld, ask: Ask, preset: MapPreset) -> MapImported:
    """A map laid in place of the current one (``_seated_before_models`` said when), its zones for this game's
    sides."""
    stray = [zone for zone in preset.zones if zone.side is not None and SideId(zone.side) not in world.state.sides]
    if stray:
        raise InvalidCommand(f"map {preset.id}: zone {stray[0].id} is for side {stray[0].side}, but this game's sides "
                             f"are {', '.join(world.state.sides)}", verb=ask.verb)
    terrain, zones = preset_layout(preset)
    return MapImported(map_name=preset.name, width=preset.table[0], height=preset.table[1], terrain=terrain,
                       zones=zones)


def _seated_before_models(world: TableWorld, ask: Ask) -> str | None:
    """A seated player or the host lays a map, before deployment (moving the ground under models would leave them
    inside walls or off the edge)."""
    if not ask.host and ask.asker is None:
        return "only a player holding a side (or the host) lays a map"
    if not world.state.models:
        return None
    return (f"a map can only be laid before deployment, and models are on the table "
            f"({', '.join(sorted(world.state.models))}); take them off with /model remove first, or start a new game")


@TABLE.action(None, "Lay a preset map (before deployment)", label="Lay a preset map", verb=("map", "use"), host=True,
              available=_seated_before_models,
              check=lambda world, ask: _laid(world, ask, world.data.map_preset(ask.text("name").casefold())),
              params=(Param("name", "Which map?", values=_maps, order=Order.GIVEN, refused=_no_map, noun="maps"),))
def _use_map(ctx: Ctx, plan: MapImported) -> None:
    ctx.emit(plan)


def _map_file(world: TableWorld, ask: Ask) -> MapImported:
    maps = ask.entries("file", MapPreset)
    if len(maps) != 1:
        raise InvalidCommand(f"file: must hold one map; it holds {len(maps)}", verb=ask.verb)
    return _laid(world, ask, maps[0])


@TABLE.action(None, "Lay your own map from a YAML file (before deployment)", label="Lay your own map",
              verb=("map", "import"), host=True, available=_seated_before_models, check=_map_file,
              params=(Param("file", "The map's YAML file", upload="map"),))
def _import_map(ctx: Ctx, plan: MapImported) -> None:
    ctx.emit(plan)


def map_preview_board(preset: MapPreset) -> QueryAnswer:
    """A preset map on an empty table, titled with its name, id and size."""
    terrain, zones = preset_layout(preset)
    width, height = preset.table
    board = map_board(f"{preset.name} ({preset.id}), {width:g}\" x {height:g}\"", width, height, terrain, zones)
    return QueryAnswer(f"{preset.name}: {preset.description}", private=True, board=board)


@TABLE.query(("map", "preview"), "Show a preset map on an empty table", params=(
    Param("name", "Which map?", values=_maps, order=Order.GIVEN, noun="maps"),))
def _preview_map(world: TableWorld, viewer: Viewer, args: Args) -> QueryAnswer:
    name = args.text("name")
    try:
        return map_preview_board(world.data.map_preset(name.casefold()))
    except LookupError:
        raise _no_map(world, Ask("map preview", None, viewer, {}), name) from None


# -- unit profiles -------------------------------------------------------------------------------------------------


def _units_file(world: TableWorld, ask: Ask) -> tuple[UnitProfile, ...]:
    units = ask.entries("file", UnitProfile)
    if not units:
        raise InvalidCommand("the file holds no unit profiles; write them as units: [...]", verb=ask.verb)
    return units


@TABLE.action(None, "Import unit profiles from a YAML file", label="Import unit profiles", verb=("force", "import"),
              host=True, check=_units_file,
              params=(Param("file", "The YAML file of unit profiles", upload="units"),))
def _import_units(ctx: Ctx, plan: tuple[UnitProfile, ...]) -> None:
    side = None if ctx.actor.host and not ctx.state.sides_of(ctx.actor.user) else ctx.acting_side()
    ctx.emit(UnitsImported(side=side, units=plan))


# -- questions -----------------------------------------------------------------------------------------------------


def _models(world: TableWorld, ask: Ask) -> list[Choice]:
    return world.named(ask.viewer, world.state.models.values())


def _things(world: TableWorld, ask: Ask) -> list[Choice]:
    """Models, terrain and zones: anything a distance can be measured to."""
    return [*_models(world, ask), *(Choice(t.id, f"{t.id} {t.kind}") for t in world.state.terrain.values()),
            *(Choice(z.id, f"{z.id} {z.kind}") for z in world.state.zones.values())]


@TABLE.query(("measure",), "Distance between two things, closest points", params=(
    Param("from", "From what?", values=_things, noun="things"), Param("to", "To what?", values=_things, noun="things")))
def _measure(world: TableWorld, viewer: Viewer, args: Args) -> QueryAnswer:
    if not world.disclosure(viewer).distances:
        raise IllegalCommand("this game's measuring rules allow measuring only after declaring an action",
                             verb="measure")
    return geo.measure(world.state, args.ident("from"), args.ident("to"), world.rules.perceive, viewer)


@TABLE.query(("los",), "Line of sight between two models", params=(
    Param("from", "Which model looks?", values=_models, noun="models"),
    Param("to", "At which model?", values=_models, noun="models")))
def _sight(world: TableWorld, viewer: Viewer, args: Args) -> QueryAnswer:
    return geo.line_of_sight(world.state, args.ident("from"), args.ident("to"), world.rules, viewer)


@TABLE.query(("template",), "Which models a template touches and covers", params=(
    Param("at", "Centred where?", values=_things, noun="things"),
    Param("toward", "Pointing at what?", values=_things, optional=True, noun="things")),
              options=("kind", "size", "width"))
def _template(world: TableWorld, viewer: Viewer, args: Args) -> QueryAnswer:
    size = args.number("size")
    if size is None:
        raise InvalidCommand("template needs size: (its size in inches)", verb="template")
    return geo.lay_template(world.state, args.text("kind"), args.ident("at"), size,
                            args.ident("toward") if args.has("toward") else None, args.number("width"))
