"""Freeplay: a table for any skirmish game, where players move, measure, roll and track by hand.

It is the shared table layer (``engine.table``) with freeplay's few choices: what blocks sight (terrain
marked blocking or obscuring, by height), measuring free or after declaring (a table option), a turn order
only once players use ``/round turn``, and its own commands for rounds, notes, the hand and ``/ask``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import (
    BoardView,
    Choice,
    Command,
    Context,
    Disclosure,
    Event,
    GameSetup,
    ImportUnits,
    InvalidCommand,
    Overlay,
    OverlayKind,
    Setting,
    System,
    SystemSpec,
    UnitsImported,
    Viewer,
    ViewerKind,
)
from engine.dice import Die
from engine.schema import Catalogue, RulingOption
from engine.systems.freeplay.events import FREEPLAY_EVENTS, RoundStarted
from engine.systems.freeplay.rules import RULES, turn_order
from engine.systems.freeplay.state import FreeplayState
from engine.systems.freeplay.views import FreeplayView, board_view, freeplay_view
from engine.table import (
    RANDOM_MAP,
    TABLE_EVENTS,
    MapImported,
    ModelAdded,
    ModelMoved,
    ModelPlaced,
    ModelRemoved,
    ModelWounded,
    TableRules,
    TableSet,
    TerrainAdded,
    TerrainRemoved,
    TokenChanged,
    ZoneAdded,
    map_board,
    preset_layout,
    random_layout,
)
from engine.table.random_layout import MIN_SIDE, layout_seed

__all__ = ["EXAMPLE_RANDOM_SEED", "Freeplay"]

_LARGEST_TABLE = 120.0  # inches; a size past this is a typo, not a table

EXAMPLE_RANDOM_SEED = 20240659
"""The layout seed of the random map pictured in the docs: any seed would do, this one stays fixed."""

_RANDOM_NOTE = ("is rolled from the game's dice when it starts, so each game differs; it is always mirrored "
                "through the centre, 6 to 10 pieces, clear of both deployment zones")


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
        summary="Any skirmish game: place, move, measure, roll and track by hand; the table keeps the log.",
    )
    events = (*TABLE_EVENTS, *FREEPLAY_EVENTS)
    declarations = RULES

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.table_data = catalogue
        self.table_rules = TableRules(may_move=turn_order, laid_maps={RANDOM_MAP: _RANDOM_NOTE})

    def data_fingerprint(self) -> str:
        return self.catalogue.fingerprint()

    def rulings(self) -> tuple[RulingOption, ...]:
        return self.catalogue.rulings

    def initial_state(self, setup: GameSetup) -> FreeplayState:
        return FreeplayState(setup=setup)

    # -- what the game offers --------------------------------------------------------------------

    def settings(self) -> tuple[Setting, ...]:
        maps = (*(Choice(m.id, m.name) for m in self.catalogue.maps), Choice(RANDOM_MAP, "random (rolled, mirrored)"))
        return (Setting("map", "A preset map, or random (rolled, mirrored for balance)", maps),
                Setting("size", "Table size in inches with no map or map:random, e.g. 48x48"),
                Setting("mode", "Measuring: free at any time, or only after declaring an action",
                        (Choice("free", "measure freely"), Choice("declare-first", "measure only after declaring"))))

    def disclosure(self, state: FreeplayState, viewer: Viewer) -> Disclosure:
        """The table's measuring mode (``mode:`` when the game was made, else the ``measuring`` ruling): free, or
        only after declaring (then no distances, suggestions, previews or grid before a declaration)."""
        if (state.setup.options.get("mode") or state.setup.rulings.get("measuring")) == "declare-first":
            return Disclosure(distances=False, candidates=False, grid=False)
        return Disclosure()

    def help(self, state: FreeplayState, viewer: Viewer) -> tuple[str, ...]:
        if viewer.kind is not ViewerKind.SIDE or viewer.side is None:
            return ()
        side = viewer.side
        models = [m.id for m in state.models.values() if m.side == side]
        if not models:
            forces = [force.name for force in self.catalogue.forces]
            example = f" (for example {forces[0]})" if forces else ""
            return (f"Your side has no models yet: /force load name:<force>{example} side:{side}, or /model add; "
                    f"then /deploy auto side:{side} spreads them in your zone.",)
        listed = ", ".join(models[:12]) + (" ..." if len(models) > 12 else "")
        turn = "" if state.active_side in (None, side) else f" It is side {state.active_side}'s turn."
        return (f"Your models: {listed}. Next: /move model:{models[0]} (leave to: out for suggested moves), "
                f"/measure, /los, /roll, /model wound; /round turn passes the turn.{turn}",
                *super().help(state, viewer))

    def demo_settings(self) -> Mapping[str, str]:
        return {"map": self.catalogue.maps[0].id} if self.catalogue.maps else {}

    def demo_commands(self, state: FreeplayState) -> list[Command]:
        return [self.command(("force", "load"), {"name": force.name, "side": side})
                for side, force in zip(state.sides, self.catalogue.forces, strict=False)]

    def previews(self) -> Mapping[str, BoardView]:
        boards = {}
        for preset in self.catalogue.maps:
            terrain, zones = preset_layout(preset)
            width, height = preset.table
            boards[f"{preset.id}.png"] = map_board(f"{preset.name} ({preset.id}), {width:g}\" x {height:g}\"",
                                                   width, height, terrain, zones)
        layout = random_layout(EXAMPLE_RANDOM_SEED)
        boards[f"{RANDOM_MAP}.png"] = map_board(f"Random map {layout.seed:08d} (one example of map:random)",
                                                layout.width, layout.height, layout.terrain, layout.zones)
        return boards

    # -- playing ---------------------------------------------------------------------------------

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
                commands.append(self.command(("model", "add"), {"unit": model.unit, "side": model.side,
                                                                "facing": model.facing}))
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
        return board_view(state, viewer, overlays, show_grid=self.disclosure(state, viewer).grid)

    def view(self, state: FreeplayState, viewer: Viewer) -> FreeplayView:
        return freeplay_view(state, viewer)



