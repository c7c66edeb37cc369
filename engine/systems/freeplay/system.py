"""Freeplay: a table for any skirmish game, where players move, measure, roll and track by hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import (
    BoardView,
    Command,
    Context,
    Event,
    GameSetup,
    ImportUnits,
    InvalidCommand,
    OptionValue,
    Overlay,
    OverlayKind,
    QueryAnswer,
    System,
    SystemSpec,
    UnitsImported,
    Viewer,
    ViewerKind,
)
from engine.dice import Die
from engine.schema import Catalogue
from engine.systems.freeplay import table_geometry as geo
from engine.systems.freeplay.candidates import move_candidates_answer
from engine.systems.freeplay.commands import FREEPLAY_COMMANDS, AddModel, parse_freeplay
from engine.systems.freeplay.events import (
    FREEPLAY_EVENTS,
    MapImported,
    ModelAdded,
    ModelMoved,
    ModelPlaced,
    ModelRemoved,
    ModelWounded,
    RoundStarted,
    TableSet,
    TerrainAdded,
    TerrainRemoved,
    TokenChanged,
    ZoneAdded,
)
from engine.systems.freeplay.maps import preset_layout
from engine.systems.freeplay.random_layout import MIN_SIDE, RANDOM_MAP, layout_seed, random_layout
from engine.systems.freeplay.rules import FreeplayRules
from engine.systems.freeplay.state import FreeplayState
from engine.systems.freeplay.views import FreeplayView, board_view, freeplay_view

__all__ = ["Freeplay"]

_LARGEST_TABLE = 120.0  # inches; a size past this is a typo, not a table


def _table_size(text: str) -> tuple[float, float]:
    """Read ``48x48`` (inches) as a table size, or explain what is accepted."""
    width, _, height = text.lower().partition("x")
    try:
        size = (float(width), float(height))
    except ValueError:
        size = (0.0, 0.0)
    if not all(0 < side <= _LARGEST_TABLE for side in size):
        raise InvalidCommand(f"size:{text} is not a table size; write width x height in inches, e.g. 36x36 or "
                             f"48x48 (at most {_LARGEST_TABLE:g}\" a side)")
    return size


_BOARD_EVENTS = (ModelAdded, ModelPlaced, ModelMoved, ModelWounded, TokenChanged, ModelRemoved, TerrainAdded,
                 TerrainRemoved, MapImported)

_D100 = Die.numeric(100)
_LAYOUT_DICE = 4  # 4d100: a hundred million maps, each named by its dice


class Freeplay(System[FreeplayState]):
    spec = SystemSpec(
        name="freeplay",
        title="Freeplay",
        min_sides=2,
        max_sides=4,
        hidden_information=True,
        dice=("any",),
        summary="Any skirmish game: place, move, measure, roll and track by hand; the table keeps the log.",
        generated_maps=(RANDOM_MAP,),
    )
    events = FREEPLAY_EVENTS
    commands = FREEPLAY_COMMANDS

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self._rules = FreeplayRules(catalogue)

    def data_fingerprint(self) -> str:
        return self.catalogue.fingerprint()

    def default_rulings(self) -> dict[str, str]:
        return self.catalogue.ruling_choices()

    def initial_state(self, setup: GameSetup) -> FreeplayState:
        return FreeplayState(setup=setup)

    def start(self, ctx: Context[FreeplayState]) -> None:
        """Lay out the chosen map (a preset, a random one, or an empty 36" x 36" table) and start round 1."""
        map_id = ctx.state.setup.options.get("map")
        if map_id and str(map_id).casefold() == RANDOM_MAP:
            self._random_map(ctx)
        elif map_id:
            try:
                preset = self.catalogue.map_preset(str(map_id))
            except LookupError as error:
                maps = ", ".join([*(m.id for m in self.catalogue.maps), RANDOM_MAP])
                raise InvalidCommand(f"{error.args[0]}; maps: {maps}") from None
            ctx.emit(TableSet(width=preset.table[0], height=preset.table[1], map_name=preset.name))
            terrain, zones = preset_layout(preset)
            for piece in terrain:
                ctx.emit(TerrainAdded(terrain=piece))
            for zone in zones:
                ctx.emit(ZoneAdded(zone=zone))
        else:
            width, height = _table_size(str(ctx.state.setup.options.get("size") or "36x36"))
            ctx.emit(TableSet(width=width, height=height))
        ctx.emit(RoundStarted(round=1))

    @staticmethod
    def _random_map(ctx: Context[FreeplayState]) -> None:
        """Roll the layout in the open (4d100 on the public dice, so the game's seed fixes the map) and store
        every generated piece as an ordinary terrain event: a replay reads the polygons, never regenerates."""
        width, height = _table_size(str(ctx.state.setup.options.get("size") or "36x36"))
        if min(width, height) < MIN_SIDE:
            raise InvalidCommand(f"map:random needs a table of at least {MIN_SIDE:g}\" a side; "
                                 f"size:{width:g}x{height:g} is too small")
        sides = ctx.state.sides
        rolls = ctx.roll([_D100] * _LAYOUT_DICE, "the random map")
        try:
            layout = random_layout(layout_seed([roll.value for roll in rolls]), width, height, (sides[0], sides[1]))
        except ValueError as error:
            raise InvalidCommand(f"map:random: {error}") from None
        ctx.emit(TableSet(width=width, height=height, map_name=f"Random map {layout.seed:08d}"))
        for piece in layout.terrain:
            ctx.emit(TerrainAdded(terrain=piece))
        for zone in layout.zones:
            ctx.emit(ZoneAdded(zone=zone))

    def handle(self, ctx: Context[FreeplayState], command: Command) -> None:
        self._rules.handle(ctx, command)

    def parse_command(self, path: tuple[str, ...], options: Mapping[str, OptionValue]) -> Command | None:
        return parse_freeplay(path, options)

    def query(self, state: FreeplayState, viewer: Viewer, path: tuple[str, ...],
              options: Mapping[str, OptionValue]) -> QueryAnswer | None:
        match path:
            case ("move",) if not str(options.get("to") or "").strip():
                # No destination: suggest moves, privately; the move itself needs a to: and is a command.
                return move_candidates_answer(state, str(options["model"]))
            case ("measure",):
                return geo.measure(state, str(options["from"]), str(options["to"]))
            case ("los",):
                return geo.line_of_sight(state, str(options["from"]), str(options["to"]))
            case ("template",):
                toward, width = options.get("toward"), options.get("width")
                return geo.lay_template(state, str(options["kind"]), str(options["at"]).upper(),
                                        float(options["size"]), str(toward).upper() if toward else None,
                                        float(width) if width is not None else None)
            case ("hand", "show"):
                if viewer.kind is not ViewerKind.SIDE or viewer.side is None:
                    return QueryAnswer("Only a player holding one side has a hand to show.", private=True)
                hand = state.hands.get(viewer.side, [])
                shown = ", ".join(hand) if hand else "empty"
                return QueryAnswer(f"Your hand (side {viewer.side}): {shown}.", private=True)
        return None

    def rematch_commands(self, log: Sequence[Event]) -> list[Command]:
        """The same forces again: the players' imported profiles, then every model that joined, each set at
        the next free spot of its side's zone (the map may differ: ``map:random`` rolls a new one; a map
        imported from a file is not carried over and must be imported again)."""
        commands: list[Command] = []
        for event in log:
            if isinstance(event.body, UnitsImported):
                commands.append(ImportUnits(units=event.body.units))
            elif isinstance(event.body, ModelAdded):
                model = event.body.model
                commands.append(AddModel(unit=model.unit, side=model.side, facing=model.facing))
        return commands

    def board_update(self, events: Sequence[Event]) -> tuple[Overlay, ...] | None:
        """A path for each move; a fresh picture whenever something on the board changed."""
        if not any(isinstance(event.body, _BOARD_EVENTS) for event in events):
            return None
        return tuple(
            Overlay(kind=OverlayKind.PATH, points=event.body.path, label=f"{event.body.distance:.2f}\"")
            for event in events
            if isinstance(event.body, ModelMoved)
        )

    def board(self, state: FreeplayState, viewer: Viewer, overlays: tuple[Overlay, ...] = ()) -> BoardView:
        return board_view(state, viewer, overlays)

    def view(self, state: FreeplayState, viewer: Viewer) -> FreeplayView:
        return freeplay_view(state, viewer)
