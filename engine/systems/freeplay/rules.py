"""How freeplay answers each command: checks that keep the table sane, then the events.

Freeplay referees nothing but the table itself: models stay on it and off each other, ids exist,
each side handles its own models (the host may handle any), and moves are drawn and measured.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import (
    Command,
    Context,
    Decision,
    DecisionPart,
    IllegalCommand,
    InvalidCommand,
    ModelId,
    NotYourTurn,
    Option,
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
    Ask,
    ChangeToken,
    DeployAuto,
    ImportMap,
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
from engine.systems.freeplay.deploy import spread_layout
from engine.systems.freeplay.events import (
    CardAdded,
    CardPlayed,
    HandGrew,
    MapImported,
    ModelAdded,
    ModelMoved,
    ModelPlaced,
    ModelRemoved,
    ModelWounded,
    NoteAdded,
    RoundStarted,
    Tally,
    TerrainAdded,
    TerrainRemoved,
    TokenChanged,
    TurnPassed,
)
from engine.systems.freeplay.maps import preset_layout
from engine.systems.freeplay.state import FreeplayState, PlacedModel, PlacedTerrain, Point

__all__ = ["FreeplayRules"]

Ctx = Context[FreeplayState]

ASK_KIND = "ask"
"""The kind of decision ``/ask`` opens; the core logs its answer and freeplay needs nothing more."""
MIN_ASK_OPTIONS, MAX_ASK_OPTIONS = 2, 25  # a choice needs two answers; Discord shows at most 25
MAX_OPTION_TEXT = 80
MAX_ASK_PARTS = 20
_KEY = re.compile(r"[^a-z0-9]+")


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


def _ask_options(texts: Sequence[str], verb: str) -> tuple[Option, ...]:
    """The answers offered, each keyed by a short form of its text (``hold``, ``fall-back``) that
    ``/decide`` accepts as well as the text itself; numbers when the short forms would clash."""
    if not MIN_ASK_OPTIONS <= len(texts) <= MAX_ASK_OPTIONS:
        raise InvalidCommand(f"give {MIN_ASK_OPTIONS} to {MAX_ASK_OPTIONS} options separated by commas, e.g. "
                             f"options:hold,flee (got {len(texts)})", verb=verb)
    for text in texts:
        if len(text) > MAX_OPTION_TEXT:
            raise InvalidCommand(f"option {text[:20]!r}... is {len(text)} characters long; at most "
                                 f"{MAX_OPTION_TEXT} are allowed", verb=verb)
    folded = [text.casefold() for text in texts]
    repeated = next((text for index, text in enumerate(texts) if folded.index(folded[index]) != index), None)
    if repeated is not None:
        raise InvalidCommand(f"the option {repeated!r} is given twice; each option must differ", verb=verb)
    keys = [_KEY.sub("-", text.casefold()).strip("-")[:32] for text in texts]
    if len(set(keys)) != len(keys) or not all(keys):
        keys = [str(number) for number in range(1, len(texts) + 1)]
    return tuple(Option(key=key, label=text) for key, text in zip(keys, texts, strict=True))


def _ask_parts(ctx: Ctx, side: SideId, models: Sequence[ModelId], question: str, options: tuple[Option, ...],
               verb: str) -> tuple[DecisionPart, ...]:
    """One part per listed model of ``side`` (or one in all), each defaulting to the first option."""
    default = options[0].key
    if not models:
        return (DecisionPart(key="answer", prompt=question, options=options, default=default),)
    if len(models) > MAX_ASK_PARTS:
        raise InvalidCommand(f"ask about at most {MAX_ASK_PARTS} models at once (got {len(models)})", verb=verb)
    if len(set(models)) != len(models):
        twice = next(model for model in models if models.count(model) > 1)
        raise InvalidCommand(f"{twice} is listed twice in models", verb=verb)
    parts = []
    for model_id in models:
        model = ctx.state.models.get(model_id)
        if model is None:
            known = sorted(m.id for m in ctx.state.models.values() if m.side == side)
            raise InvalidCommand(f"there is no model {model_id} on the table.{_close(model_id, known)} "
                                 f"Side {side}'s models: {', '.join(known) or 'none'}", verb=verb)
        if model.side != side:
            raise InvalidCommand(f"{model_id} belongs to side {model.side}, not side {side}: ask each side about "
                                 "its own models", verb=verb)
        parts.append(DecisionPart(key=model_id, prompt=f"{model_id} {model.name}: {question}", options=options,
                                  default=default))
    return tuple(parts)


class FreeplayRules:
    """Dispatches freeplay commands; the catalogue supplies unit profiles and forces."""

    def __init__(self, catalogue: Catalogue) -> None:
        self._catalogue = catalogue
        self._handlers: dict[type[Command], Callable[[Ctx, Any], None]] = {
            AddModel: self._add_model, LoadForce: self._load_force, PlaceModel: self._place, MoveModel: self._move,
            WoundModel: self._wound, ChangeToken: self._token, RemoveModel: self._remove,
            AddTerrain: self._add_terrain, RemoveTerrain: self._remove_terrain, NextRound: self._next_round,
            PassTurn: self._pass_turn, AddNote: self._note, AddCard: self._add_card, PlayCard: self._play_card,
            Ask: self._ask, ImportMap: self._import_map, DeployAuto: self._deploy_auto,
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
                   name: str | None = None, *, tally: bool = True) -> None:
        """Add one model; with ``tally`` its line also gives the side's running points total."""
        number = ctx.state.models_added.get(side, 0) + 1
        model = PlacedModel(
            id=ModelId(f"{side}{number}"), name=name or unit.name, unit=unit.name, side=side, base_mm=unit.base_mm,
            x=at[0], y=at[1], facing=_default_facing(ctx.state, at) if facing is None else facing,
            wounds=unit.wounds, stats=dict(unit.stats), points=unit.points or 0,
        )
        geo.check_spot(ctx.state, model.id, at, model.radius)
        points, count = ctx.state.fielded(side)
        total = Tally(side=side, points=points + model.points, models=count + 1) if tally else None
        ctx.emit(ModelAdded(model=model, tally=total))

    def _add_model(self, ctx: Ctx, command: AddModel) -> None:
        side = _own_side(ctx, command.side, command.verb)
        _check_turn(ctx, side, command.verb)
        unit = self._unit(ctx.state, command.unit, command.verb)
        at = command.at
        if at is None:  # the next free spot of the zone, found exactly as /force load finds its spots
            (at,) = geo.deployment_spots(ctx.state, side, [unit.base_inches / 2])
        self._new_model(ctx, unit, side, at, command.facing)

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
        for index, ((entry, unit), spot) in enumerate(zip(entries, spots, strict=True)):
            # One running total for the whole list, on its last model's line.
            self._new_model(ctx, unit, side, spot, None, entry.name, tally=index == len(entries) - 1)

    def _deploy_auto(self, ctx: Ctx, command: DeployAuto) -> None:
        """Each model's worked-out spot is logged as an ordinary placement: a replay reads the spots and never
        lays the zone out again."""
        side = _own_side(ctx, command.side, command.verb)
        _check_turn(ctx, side, command.verb)
        moved = 0
        for model_id, (x, y) in spread_layout(ctx.state, side):
            model = ctx.state.models[model_id]
            facing = _default_facing(ctx.state, (x, y))
            if (model.x, model.y, model.facing) != (x, y, facing):
                ctx.emit(ModelPlaced(model_id=model_id, x=x, y=y, facing=facing))
                moved += 1
        if not moved:
            raise IllegalCommand(f"side {side}'s models already stand where /deploy auto puts them",
                                 verb=command.verb)

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
        model = _model(ctx, command.model, command.verb)
        points, count = ctx.state.fielded(model.side)
        ctx.emit(ModelRemoved(model_id=model.id,
                              tally=Tally(side=model.side, points=points - model.points, models=count - 1)))

    # -- terrain, rounds, notes ----------------------------------------------------------------

    def _add_terrain(self, ctx: Ctx, command: AddTerrain) -> None:
        number = ctx.state.terrain_added + 1
        while f"T{number}" in ctx.state.terrain:  # an imported map may already use the next number
            number += 1
        terrain = PlacedTerrain(id=f"T{number}", kind=command.kind, polygon=command.polygon,
                                height=command.height, keywords=command.keywords)
        geo.check_terrain(ctx.state, terrain)
        ctx.emit(TerrainAdded(terrain=terrain))

    def _remove_terrain(self, ctx: Ctx, command: RemoveTerrain) -> None:
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
            raise IllegalCommand(f"a map can only be imported before deployment, and models are on the table "
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

    # -- asking the other side -----------------------------------------------------------------

    def _ask(self, ctx: Ctx, command: Ask) -> None:
        asker = None if ctx.actor.host and not ctx.state.sides_of(ctx.actor.user) else ctx.acting_side()
        side = command.side
        if side not in ctx.state.sides:
            raise InvalidCommand(f"there is no side {side}; the sides are {', '.join(ctx.state.sides)}",
                                 verb=command.verb)
        if side == asker:
            raise InvalidCommand(f"you act for side {side}; ask another side", verb=command.verb)
        holder = ctx.state.controller(side)
        if holder is None:
            raise IllegalCommand(f"side {side} has no player to answer yet; ask once someone holds it "
                                 "(/game join or the host's /game seat)", verb=command.verb)
        if holder == ctx.actor.user and not ctx.state.setup.practice:
            raise IllegalCommand(f"you hold side {side} yourself; only a practice table lets you ask yourself",
                                 verb=command.verb)
        question = command.question.strip()
        if not question:
            raise InvalidCommand('give the question, e.g. question:"Hold or flee?"', verb=command.verb)
        options = _ask_options(command.options, command.verb)
        parts = _ask_parts(ctx, side, command.models, question, options, command.verb)
        who = f"Side {asker}" if asker else "The host"
        ctx.open_decision(Decision(
            id=ctx.next_decision_id(), owner=side, kind=ASK_KIND, prompt=f"{who} asks: {question}", parts=parts,
            optional=command.optional, context={"asked_by": asker},
        ))

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
