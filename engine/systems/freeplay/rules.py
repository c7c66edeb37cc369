"""How freeplay answers each command: checks that keep the table sane, then the events.

Freeplay referees nothing but the table itself: models stay on it and off each other, ids exist,
each side handles its own models (the host may handle any), and moves are drawn and measured.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import (
    Command,
    Context,
    InvalidCommand,
    ModelId,
    NotYourTurn,
    SideId,
    side_only,
)
from engine.schema import Catalogue, UnitProfile
from engine.systems.freeplay import table_geometry as geo
from engine.systems.freeplay.commands import (
    AddCard,
    AddModel,
    AddNote,
    AddTerrain,
    ChangeToken,
    LoadForce,
    MoveModel,
    NextRound,
    PassTurn,
    PlaceModel,
    PlayCard,
    RemoveModel,
    RemoveTerrain,
    WoundModel,
)
from engine.systems.freeplay.events import (
    CardAdded,
    CardPlayed,
    HandGrew,
    ModelAdded,
    ModelMoved,
    ModelPlaced,
    ModelRemoved,
    ModelWounded,
    NoteAdded,
    RoundStarted,
    TerrainAdded,
    TerrainRemoved,
    TokenChanged,
    TurnPassed,
)
from engine.systems.freeplay.state import FreeplayState, PlacedModel, PlacedTerrain, Point

__all__ = ["FreeplayRules"]

Ctx = Context[FreeplayState]


def _close(word: str, names: Sequence[str]) -> str:
    match = difflib.get_close_matches(word, names, n=1)
    return f" Did you mean {match[0]}?" if match else ""


def _model(ctx: Ctx, model_id: ModelId, verb: str, *, any_side: bool = False) -> PlacedModel:
    """The model, checked to exist and to belong to the actor (or the actor is the host).

    With ``any_side``, any seated player may touch it: in freeplay the attacker marks the wounds and
    tokens they inflict, since no rules engine does it for them.
    """
    models = ctx.state.models
    if model_id not in models:
        known = sorted(models)
        listed = ", ".join(known) or "none yet (add one with /model add)"
        raise InvalidCommand(f"there is no model {model_id}.{_close(model_id, known)} Models: {listed}", verb=verb)
    model = models[model_id]
    if any_side and ctx.state.sides_of(ctx.actor.user):
        return model
    if ctx.state.controller(model.side) != ctx.actor.user and not ctx.actor.host:
        holder = ctx.state.controller(model.side) or "nobody yet"
        raise NotYourTurn(f"{model_id} belongs to side {model.side} ({holder})", verb=verb)
    return model


def _own_side(ctx: Ctx, wanted: SideId | None, verb: str) -> SideId:
    if wanted is None:
        return ctx.acting_side()
    if wanted not in ctx.state.sides:
        raise InvalidCommand(f"there is no side {wanted}; the sides are {', '.join(ctx.state.sides)}", verb=verb)
    if ctx.state.controller(wanted) != ctx.actor.user and not ctx.actor.host:
        raise NotYourTurn(f"side {wanted} is not yours", verb=verb)
    return wanted


def _check_turn(ctx: Ctx, side: SideId, verb: str) -> None:
    """Once a turn order is set (``/round turn``), only the side whose turn it is moves its models."""
    active = ctx.state.active_side
    if active is not None and side != active:
        raise NotYourTurn(f"it is side {active}'s turn; side {active} hands it over with /round turn side:{side}",
                          verb=verb)


def _default_facing(state: FreeplayState, at: Point) -> float:
    """Face the middle of the table unless told otherwise."""
    centre = (state.width / 2, state.height / 2)
    return round(geo.bearing(at, centre), 2) if at != centre else 90.0


class FreeplayRules:
    """Dispatches freeplay commands; the catalogue supplies unit profiles and forces."""

    def __init__(self, catalogue: Catalogue) -> None:
        self._catalogue = catalogue
        self._handlers: dict[type[Command], Callable[[Ctx, Any], None]] = {
            AddModel: self._add_model, LoadForce: self._load_force, PlaceModel: self._place, MoveModel: self._move,
            WoundModel: self._wound, ChangeToken: self._token, RemoveModel: self._remove,
            AddTerrain: self._add_terrain, RemoveTerrain: self._remove_terrain, NextRound: self._next_round,
            PassTurn: self._pass_turn, AddNote: self._note, AddCard: self._add_card, PlayCard: self._play_card,
        }

    def handle(self, ctx: Ctx, command: Command) -> None:
        self._handlers[type(command)](ctx, command)

    # -- models --------------------------------------------------------------------------------

    def _unit(self, state: FreeplayState, name: str, verb: str) -> UnitProfile:
        if name in state.imported_units:
            return state.imported_units[name]
        try:
            return self._catalogue.unit(name)
        except LookupError as error:
            units = ", ".join([*(unit.name for unit in self._catalogue.units), *state.imported_units])
            raise InvalidCommand(f"{error.args[0]}; units: {units}", verb=verb) from None

    def _new_model(self, ctx: Ctx, unit: UnitProfile, side: SideId, at: Point, facing: float | None,
                   name: str | None = None) -> None:
        number = ctx.state.models_added.get(side, 0) + 1
        model = PlacedModel(
            id=ModelId(f"{side}{number}"), name=name or unit.name, unit=unit.name, side=side, base_mm=unit.base_mm,
            x=at[0], y=at[1], facing=_default_facing(ctx.state, at) if facing is None else facing,
            wounds=unit.wounds, stats=dict(unit.stats),
        )
        geo.check_spot(ctx.state, model.id, at, model.radius)
        ctx.emit(ModelAdded(model=model))

    def _add_model(self, ctx: Ctx, command: AddModel) -> None:
        side = _own_side(ctx, command.side, command.verb)
        _check_turn(ctx, side, command.verb)
        self._new_model(ctx, self._unit(ctx.state, command.unit, command.verb), side, command.at, command.facing)

    def _load_force(self, ctx: Ctx, command: LoadForce) -> None:
        side = _own_side(ctx, command.side, command.verb)
        _check_turn(ctx, side, command.verb)
        try:
            force = self._catalogue.force(command.name)
        except LookupError as error:
            names = ", ".join(f.name for f in self._catalogue.forces)
            raise InvalidCommand(f"{error.args[0]}; forces: {names}", verb=command.verb) from None
        entries = [(entry, unit) for entry, unit in self._catalogue.force_units(force) for _ in range(entry.count)]
        spots = geo.deployment_spots(ctx.state, side, [unit.base_inches / 2 for _, unit in entries])
        for (entry, unit), spot in zip(entries, spots, strict=True):
            self._new_model(ctx, unit, side, spot, None, entry.name)

    def _place(self, ctx: Ctx, command: PlaceModel) -> None:
        model = _model(ctx, command.model, command.verb)
        _check_turn(ctx, model.side, command.verb)
        geo.check_spot(ctx.state, model.id, command.at, model.radius)
        facing = model.facing if command.facing is None else command.facing
        ctx.emit(ModelPlaced(model_id=model.id, x=command.at[0], y=command.at[1], facing=facing))

    def _move(self, ctx: Ctx, command: MoveModel) -> None:
        model = _model(ctx, command.model, command.verb)
        _check_turn(ctx, model.side, command.verb)
        route = geo.route_move(ctx.state, model, command.to, command.max_distance)
        ctx.emit(ModelMoved(model_id=model.id, path=route.path, distance=route.distance, facing=route.facing,
                            touches=route.touches))

    def _wound(self, ctx: Ctx, command: WoundModel) -> None:
        model = _model(ctx, command.model, command.verb, any_side=True)
        if command.amount == 0:
            raise InvalidCommand("give a number of wounds other than 0 (negative heals)", verb=command.verb)
        taken = min(model.wounds, max(0, model.wounds_taken + command.amount))
        ctx.emit(ModelWounded(model_id=model.id, amount=command.amount, wounds_taken=taken))

    def _token(self, ctx: Ctx, command: ChangeToken) -> None:
        model = _model(ctx, command.model, command.verb, any_side=True)
        token = command.token.lower()
        if command.remove and token not in model.tokens:
            held = ", ".join(model.tokens) or "none"
            raise InvalidCommand(f"{model.id} has no {token} token; its tokens: {held}", verb=command.verb)
        ctx.emit(TokenChanged(model_id=model.id, token=token, added=not command.remove))

    def _remove(self, ctx: Ctx, command: RemoveModel) -> None:
        ctx.emit(ModelRemoved(model_id=_model(ctx, command.model, command.verb).id))

    # -- terrain, rounds, notes ----------------------------------------------------------------

    def _add_terrain(self, ctx: Ctx, command: AddTerrain) -> None:
        terrain = PlacedTerrain(id=f"T{ctx.state.terrain_added + 1}", kind=command.kind, polygon=command.polygon,
                                height=command.height, keywords=command.keywords)
        geo.check_terrain(ctx.state, terrain)
        ctx.emit(TerrainAdded(terrain=terrain))

    def _remove_terrain(self, ctx: Ctx, command: RemoveTerrain) -> None:
        if command.terrain not in ctx.state.terrain:
            known = ", ".join(sorted(ctx.state.terrain)) or "none"
            raise InvalidCommand(f"there is no terrain {command.terrain}; terrain: {known}", verb=command.verb)
        ctx.emit(TerrainRemoved(terrain_id=command.terrain))

    def _next_round(self, ctx: Ctx, command: NextRound) -> None:
        ctx.acting_side()
        ctx.emit(RoundStarted(round=ctx.state.round + 1))

    def _pass_turn(self, ctx: Ctx, command: PassTurn) -> None:
        side = ctx.acting_side()
        if ctx.state.active_side is not None and not ctx.actor.host:
            _check_turn(ctx, side, command.verb)
        if command.side not in ctx.state.sides:
            raise InvalidCommand(f"there is no side {command.side}; the sides are {', '.join(ctx.state.sides)}",
                                 verb=command.verb)
        ctx.emit(TurnPassed(side=command.side))

    def _note(self, ctx: Ctx, command: AddNote) -> None:
        side = None if ctx.actor.host and not ctx.state.sides_of(ctx.actor.user) else ctx.acting_side()
        ctx.emit(NoteAdded(side=side, text=command.text))

    # -- the secret hand -----------------------------------------------------------------------

    def _add_card(self, ctx: Ctx, command: AddCard) -> None:
        side = ctx.acting_side()
        ctx.emit(CardAdded(side=side, card=command.card), side_only(side))
        ctx.emit(HandGrew(side=side, size=len(ctx.state.hands[side])))

    def _play_card(self, ctx: Ctx, command: PlayCard) -> None:
        side = ctx.acting_side()
        hand = ctx.state.hands.get(side, [])
        match = next((card for card in hand if card.casefold() == command.card.casefold()), None)
        if match is None:
            raise InvalidCommand(f"{command.card!r} is not in your hand; see it with /hand show", verb=command.verb)
        ctx.emit(CardPlayed(side=side, card=match))
