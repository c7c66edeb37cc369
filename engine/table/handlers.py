"""How the table answers its commands: checks that keep the table sane, then the events.

The table referees nothing but itself: models stay on it and off each other, ids exist, each side handles
its own models (the host may fix any, and says so in the log), moves are drawn and measured, terrain and
maps change only before the models need them. A game adds its own limits through ``may_move`` (freeplay's
turn order, say).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import (
    Command,
    Context,
    IllegalCommand,
    InvalidCommand,
    ModelId,
    NotYourTurn,
    SideId,
    TerrainMark,
)
from engine.geometry import bearing
from engine.schema import Catalogue, UnitProfile
from engine.table import geometry as geo
from engine.table.commands import (
    AddModel,
    AddTerrain,
    ChangeToken,
    DeployAuto,
    ImportMap,
    LoadForce,
    MoveModel,
    PlaceModel,
    RemoveModel,
    RemoveTerrain,
    WoundModel,
)
from engine.table.deploy import entry_spots, spread_layout
from engine.table.events import (
    MapImported,
    ModelAdded,
    ModelMoved,
    ModelPlaced,
    ModelRemoved,
    ModelWounded,
    Tally,
    TerrainAdded,
    TerrainRemoved,
    TokenChanged,
)
from engine.table.maps import preset_layout
from engine.table.rules import BLOCKING, TableRules
from engine.table.state import PlacedModel, Point, TableState

__all__ = ["MoveCheck", "TableHandlers", "default_facing"]

Ctx = Context[Any]
MoveCheck = Callable[[Ctx, SideId, str], None]
"""A game's extra check before a side's models are added, placed or moved (raise to refuse)."""


def _close(word: str, names: Sequence[str]) -> str:
    match = difflib.get_close_matches(word, names, n=1)
    return f" Did you mean {match[0]}?" if match else ""


def default_facing(state: TableState, at: Point) -> float:
    """Face the middle of the table unless told otherwise."""
    centre = (state.width / 2, state.height / 2)
    return round(bearing(at, centre), 2) if at != centre else 90.0


def _acted_by(ctx: Ctx, side: SideId) -> str | None:
    """Who is touching ``side``'s model, when that is not its own player: the host, or another side."""
    if ctx.state.holds(ctx.actor.user, side):
        return None
    held = ctx.state.sides_of(ctx.actor.user)
    return f"side {held[0]}" if held and not ctx.actor.host else "the host"


class TableHandlers:
    """Dispatches the table's commands for a game; the catalogue supplies unit profiles and forces."""

    def __init__(self, catalogue: Catalogue, rules: TableRules, may_move: MoveCheck | None = None) -> None:
        self._catalogue = catalogue
        self._rules = rules
        self._may_move = may_move or (lambda ctx, side, verb: None)
        self.handlers: dict[type[Command], Callable[[Ctx, Any], None]] = {
            AddModel: self._add_model, LoadForce: self._load_force, PlaceModel: self._place, MoveModel: self._move,
            WoundModel: self._wound, ChangeToken: self._token, RemoveModel: self._remove,
            AddTerrain: self._add_terrain, RemoveTerrain: self._remove_terrain, ImportMap: self._import_map,
            DeployAuto: self._deploy_auto,
        }

    def handle(self, ctx: Ctx, command: Command) -> None:
        self.handlers[type(command)](ctx, command)

    # -- whose models ----------------------------------------------------------------------------

    @staticmethod
    def model(ctx: Ctx, model_id: ModelId, verb: str, *, any_side: bool = False) -> PlacedModel:
        """The model, checked to exist and to belong to the actor (or the actor is the host).

        With ``any_side``, any seated player may touch it: the attacker marks the wounds and tokens they
        inflict when no rules engine does it for them.
        """
        models = ctx.state.models
        if model_id not in models:
            known = sorted(models)
            listed = ", ".join(known) or "none yet (add one with /model add)"
            raise InvalidCommand(f"there is no model {model_id}.{_close(model_id, known)} Models: {listed}",
                                 verb=verb)
        model: PlacedModel = models[model_id]
        if any_side and ctx.state.sides_of(ctx.actor.user):
            return model
        if ctx.state.controller(model.side) != ctx.actor.user and not ctx.actor.host:
            holder = ctx.state.controller(model.side) or "nobody yet"
            raise NotYourTurn(f"{model_id} belongs to side {model.side} ({holder})", verb=verb)
        return model

    @staticmethod
    def own_side(ctx: Ctx, wanted: SideId | None, verb: str) -> SideId:
        """The side named, checked to be the actor's (or the actor is the host), else the actor's side."""
        if wanted is None:
            return ctx.acting_side()
        if wanted not in ctx.state.sides:
            raise InvalidCommand(f"there is no side {wanted}; the sides are {', '.join(ctx.state.sides)}",
                                 verb=verb)
        if ctx.state.controller(wanted) != ctx.actor.user and not ctx.actor.host:
            raise NotYourTurn(f"side {wanted} is not yours", verb=verb)
        return wanted

    @staticmethod
    def _setting_up(ctx: Ctx, verb: str, what: str) -> None:
        """Terrain and maps change while no model stands on the table, or by the host's hand."""
        if ctx.actor.host or not ctx.state.models:
            if not ctx.actor.host:
                ctx.acting_side()
            return
        raise IllegalCommand(f"{what} only changes before models are on the table, or by the host (who fixes the "
                             "table for everyone)", verb=verb)

    # -- models --------------------------------------------------------------------------------

    def _unit(self, state: TableState, name: str, verb: str) -> UnitProfile:
        if name in state.imported_units:
            return state.imported_units[name]
        try:
            return self._catalogue.unit(name)
        except LookupError as error:
            units = ", ".join([*(unit.name for unit in self._catalogue.units), *state.imported_units])
            raise InvalidCommand(f"{error.args[0]}; units: {units}", verb=verb) from None

    def _new_model(self, ctx: Ctx, unit: UnitProfile, side: SideId, at: Point, facing: float | None,
                   name: str | None = None, *, tally: bool = True) -> None:
        """Add one model; with ``tally`` its line also gives the side's running points total."""
        number = ctx.state.models_added.get(side, 0) + 1
        model = PlacedModel(
            id=ModelId(f"{side}{number}"), name=name or unit.name, unit=unit.name, side=side, base_mm=unit.base_mm,
            x=at[0], y=at[1], z=round(self._rules.ground(ctx.state, at), 2) if self._rules.ground else 0.0,
            facing=default_facing(ctx.state, at) if facing is None else facing,
            wounds=unit.wounds, stats=dict(unit.stats), points=unit.points or 0,
        )
        geo.check_spot(ctx.state, model.id, at, model.radius)
        points, count = ctx.state.fielded(side)
        total = Tally(side=side, points=points + model.points, models=count + 1) if tally else None
        ctx.emit(ModelAdded(model=model, tally=total))

    def _add_model(self, ctx: Ctx, command: AddModel) -> None:
        side = self.own_side(ctx, command.side, command.verb)
        self._may_move(ctx, side, command.verb)
        unit = self._unit(ctx.state, command.unit, command.verb)
        at = command.at
        if at is None:
            (at,) = entry_spots(ctx.state, side, [unit.base_inches / 2])
        self._new_model(ctx, unit, side, at, command.facing)

    def _load_force(self, ctx: Ctx, command: LoadForce) -> None:
        side = self.own_side(ctx, command.side, command.verb)
        self._may_move(ctx, side, command.verb)
        try:
            force = self._catalogue.force(command.name)
        except LookupError as error:
            names = ", ".join(f.name for f in self._catalogue.forces)
            raise InvalidCommand(f"{error.args[0]}; forces: {names}", verb=command.verb) from None
        entries = [(entry, unit) for entry, unit in self._catalogue.force_units(force) for _ in range(entry.count)]
        spots = entry_spots(ctx.state, side, [unit.base_inches / 2 for _, unit in entries])
        for index, ((entry, unit), spot) in enumerate(zip(entries, spots, strict=True)):
            # One running total for the whole list, on its last model's line.
            self._new_model(ctx, unit, side, spot, None, entry.name, tally=index == len(entries) - 1)

    def _deploy_auto(self, ctx: Ctx, command: DeployAuto) -> None:
        """Each model's worked-out spot is logged as an ordinary placement: a replay reads the spots and never
        lays the zone out again."""
        side = self.own_side(ctx, command.side, command.verb)
        self._may_move(ctx, side, command.verb)
        moved = 0
        for model_id, (x, y) in spread_layout(ctx.state, side):
            model = ctx.state.models[model_id]
            facing = default_facing(ctx.state, (x, y))
            if (model.x, model.y, model.facing) != (x, y, facing):
                ctx.emit(ModelPlaced(model_id=model_id, x=x, y=y, facing=facing,
                                     z=self.height(ctx.state, model, (x, y)), acted_by=_acted_by(ctx, side)))
                moved += 1
        if not moved:
            raise IllegalCommand(f"side {side}'s models already stand where /deploy auto puts them",
                                 verb=command.verb)

    def height(self, state: TableState, model: PlacedModel, at: Point) -> float | None:
        """The height a model set down at ``at`` stands at, when the game has raised surfaces and it changes."""
        if self._rules.ground is None:
            return None
        z = round(self._rules.ground(state, at), 2)
        return z if z != model.z else None

    def _place(self, ctx: Ctx, command: PlaceModel) -> None:
        model = self.model(ctx, command.model, command.verb)
        self._may_move(ctx, model.side, command.verb)
        geo.check_spot(ctx.state, model.id, command.at, model.radius)
        facing = model.facing if command.facing is None else command.facing
        ctx.emit(ModelPlaced(model_id=model.id, x=command.at[0], y=command.at[1], facing=facing,
                             z=self.height(ctx.state, model, command.at), acted_by=_acted_by(ctx, model.side)))

    def _move(self, ctx: Ctx, command: MoveModel) -> None:
        model = self.model(ctx, command.model, command.verb)
        self._may_move(ctx, model.side, command.verb)
        route = geo.route_move(ctx.state, model, command.to, command.max_distance)
        ctx.emit(ModelMoved(model_id=model.id, path=route.path, distance=route.distance, facing=route.facing,
                            touches=route.touches, z=self.height(ctx.state, model, route.path[-1]),
                            acted_by=_acted_by(ctx, model.side)))

    def _wound(self, ctx: Ctx, command: WoundModel) -> None:
        model = self.model(ctx, command.model, command.verb, any_side=True)
        if command.amount == 0:
            raise InvalidCommand("give a number of wounds other than 0 (negative heals)", verb=command.verb)
        taken = min(model.wounds, max(0, model.wounds_taken + command.amount))
        ctx.emit(ModelWounded(model_id=model.id, amount=command.amount, wounds_taken=taken,
                              acted_by=_acted_by(ctx, model.side)))

    def _token(self, ctx: Ctx, command: ChangeToken) -> None:
        model = self.model(ctx, command.model, command.verb, any_side=True)
        token = command.token.lower()
        if not token:
            raise InvalidCommand("give the token a name, e.g. name:stunned", verb=command.verb)
        if command.remove and token not in model.tokens:
            held = ", ".join(model.tokens) or "none"
            raise InvalidCommand(f"{model.id} has no {token} token; its tokens: {held}", verb=command.verb)
        ctx.emit(TokenChanged(model_id=model.id, token=token, added=not command.remove,
                              acted_by=_acted_by(ctx, model.side)))

    def _remove(self, ctx: Ctx, command: RemoveModel) -> None:
        model = self.model(ctx, command.model, command.verb)
        points, count = ctx.state.fielded(model.side)
        ctx.emit(ModelRemoved(model_id=model.id, acted_by=_acted_by(ctx, model.side),
                              tally=Tally(side=model.side, points=points - model.points, models=count - 1)))

    # -- terrain and maps ------------------------------------------------------------------------

    def _height(self, command: AddTerrain) -> tuple[float, str]:
        """The piece's height and, when the table chose it, a note saying so."""
        blocking = any(keyword in command.keywords for keyword in BLOCKING)
        usual = self._rules.terrain_heights.get(command.kind, 0.0)
        if command.height is not None:
            if blocking and command.height <= 0:
                raise InvalidCommand(f"a {', '.join(k for k in command.keywords if k in BLOCKING)} piece 0\" high "
                                     "blocks nothing; give its height in inches, e.g. height:3", verb=command.verb)
            return command.height, ""
        if not blocking:
            return usual, ""
        if usual <= 0:
            raise InvalidCommand(f"a blocking {command.kind} needs a height: give height: in inches",
                                 verb=command.verb)
        return usual, f" (height {usual:g}\", the usual height of a {command.kind}; give height: to set another)"

    def _add_terrain(self, ctx: Ctx, command: AddTerrain) -> None:
        self._setting_up(ctx, command.verb, "terrain")
        kinds = self._rules.terrain_heights
        if command.kind not in kinds:
            raise InvalidCommand(f"unknown terrain kind {command.kind!r}.{_close(command.kind, list(kinds))} "
                                 f"Kinds: {', '.join(kinds)}", verb=command.verb)
        height, note = self._height(command)
        number = ctx.state.terrain_added + 1
        while f"T{number}" in ctx.state.terrain:  # an imported map may already use the next number
            number += 1
        terrain = TerrainMark(id=f"T{number}", kind=command.kind, polygon=command.polygon, height=height,
                              keywords=command.keywords)
        geo.check_terrain(ctx.state, terrain)
        ctx.emit(TerrainAdded(terrain=terrain, note=note))

    def _remove_terrain(self, ctx: Ctx, command: RemoveTerrain) -> None:
        self._setting_up(ctx, command.verb, "terrain")
        if command.terrain not in ctx.state.terrain:
            known = ", ".join(sorted(ctx.state.terrain)) or "none"
            raise InvalidCommand(f"there is no terrain {command.terrain}; terrain: {known}", verb=command.verb)
        ctx.emit(TerrainRemoved(terrain_id=command.terrain))

    def _import_map(self, ctx: Ctx, command: ImportMap) -> None:
        """Swap the whole table before deployment; once models stand on it, moving the ground under them
        would leave them inside walls or off the edge."""
        if not ctx.actor.host:
            ctx.acting_side()
        if ctx.state.models:
            placed = ", ".join(sorted(ctx.state.models))
            raise IllegalCommand(f"a map can only be laid before deployment, and models are on the table "
                                 f"({placed}); take them off with /model remove first, or start a new game",
                                 verb=command.verb)
        preset = command.preset
        stray = [zone for zone in preset.zones if zone.side is not None and zone.side not in ctx.state.sides]
        if stray:
            raise InvalidCommand(f"map {preset.id}: zone {stray[0].id} is for side {stray[0].side}, but this game's "
                                 f"sides are {', '.join(ctx.state.sides)}", verb=command.verb)
        terrain, zones = preset_layout(preset)
        ctx.emit(MapImported(map_name=preset.name, width=preset.table[0], height=preset.table[1], terrain=terrain,
                             zones=zones))
