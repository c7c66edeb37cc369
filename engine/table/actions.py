"""The table's actions on its models, declared once for every game on inches: moves, the manual fixes (add, place,
wound, token, remove), preset forces and a side's spread over its zone.

Each menu lists what its check accepts (the models a player may touch, the units that still fit, the sides
``/deploy auto`` would move), so what the menus offer and what the table accepts come from one piece of code; a
check returns the plan its handler applies (the route, the spots), so nothing is worked out twice. A player touches
their own side's models (the host any side's); any seated player marks wounds and tokens on any model. A game adds
its own limit through ``TableRules.may_move`` and, where a verb works its own way there (Eldfall's deployment),
declares that verb itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.core import (
    Ask,
    Choice,
    Context,
    FreeForm,
    IllegalCommand,
    InvalidCommand,
    ModelId,
    NotYourTurn,
    Order,
    Overlay,
    OverlayKind,
    Param,
    RulesError,
    SideId,
    flag,
    parse_point,
)
from engine.geometry import GeometryError, parse_position
from engine.schema import UnitProfile, did_you_mean
from engine.table import geometry as geo
from engine.table.deploy import default_facing, entry_spots, spread_layout
from engine.table.events import ModelAdded, ModelMoved, ModelPlaced, ModelRemoved, ModelWounded, Tally, TokenChanged
from engine.table.state import PlacedModel, Point, TableState
from engine.table.suggestions import move_candidates, named_destinations
from engine.table.world import TABLE, TableWorld, inches

__all__ = ["Newcomer", "acted_by", "new_model", "off_the_table", "on_the_table", "standing_height"]

Ctx = Context[TableState]


def acted_by(ctx: Ctx, side: SideId) -> str | None:
    """Who is touching ``side``'s model, when that is not its own player: the host, or another side."""
    if ctx.state.holds(ctx.actor.user, side):
        return None
    held = ctx.state.sides_of(ctx.actor.user)
    return f"side {held[0]}" if held and not ctx.actor.host else "the host"


def standing_height(world: TableWorld, model: PlacedModel, at: Point) -> float | None:
    """The height a model set down at ``at`` stands at, when the game has raised surfaces and it changes."""
    if world.rules.ground is None:
        return None
    z = round(world.rules.ground(world.state, at), 2)
    return z if z != model.z else None


def on_the_table(world: TableWorld, ask: Ask, typed: str) -> str | None:
    """A typed point in inches on this table (``x,y``), or why not."""
    return off_the_table(world.state, typed)


def off_the_table(state: TableState, typed: str) -> str | None:
    """Why a typed point (``x,y`` in inches) is not on ``state``'s table, or None when it is: one check for every
    game's typed places."""
    try:
        x, y = parse_point(typed)
    except InvalidCommand as error:
        return error.reason
    if not (0 <= x <= state.width and 0 <= y <= state.height):
        return (f"{typed} is off the {state.width:g}\" x {state.height:g}\" table; give x from 0 to the width, y "
                "from 0 to the height")
    return None


def _facing(world: TableWorld, ask: Ask, typed: str) -> str | None:
    try:
        value = float(typed)
    except ValueError:
        return f"facing:{typed[:20]} is not a number of degrees (0 = right, 90 = up)"
    return None if math.isfinite(value) else f"facing:{typed[:20]} is not a finite number"


def _faced(ask: Ask) -> float | None:
    return None if not ask.has("facing") else float(str(ask.options["facing"])) % 360


def _may_touch(world: TableWorld, ask: Ask) -> RulesError | None:
    """A player's own models wait on the game's own limit (a turn order); the host's fixes are judged per model."""
    why = None if ask.host or ask.asker is None else world.limit(ask.asker, ask.host)
    return NotYourTurn(why, verb=ask.verb) if why is not None else None


def _limited(world: TableWorld, side: SideId, ask: Ask) -> None:
    if (why := world.limit(side, ask.host)) is not None:
        raise NotYourTurn(why, verb=ask.verb)


# -- moving ------------------------------------------------------------------------------------------------------


def _movers(world: TableWorld, ask: Ask) -> list[Choice]:
    return world.named(ask.viewer, world.movable(ask))


def _not_movable(world: TableWorld, ask: Ask, typed: str) -> RulesError:
    """Why a typed model is none the asker may move or place now: no such model, another side's, or the game's own
    limit (a turn order)."""
    model = world.state.models.get(ModelId(typed.upper()))
    if model is None or world.rules.shown(world.state, ask.viewer, model) is None:
        return world.unknown(ask, typed)
    if model.side not in world.sides(ask):
        holder = world.state.controller(model.side) or "nobody yet"
        return NotYourTurn(f"{model.id} belongs to side {model.side} ({holder})", verb=ask.verb)
    why = world.limit(model.side, ask.host)
    return NotYourTurn(why, verb=ask.verb) if why else IllegalCommand(f"{model.id} cannot be moved now", verb=ask.verb)


def _ends(world: TableWorld, ask: Ask) -> list[Choice]:
    """Where a move may end, each routed as ``/move`` would route it: the suggested moves in reach, lettered and
    drawn, where the game lets a player measure before declaring; else (or when none is in reach) the places a
    move can name, with no distance (toward each objective, into contact with the enemies, nearest first only
    where measuring is free), and as a last resort the spot it stands on. Any other end is typed."""
    model = world.model(ask)
    state = world.state
    disclosure = world.disclosure(ask.viewer)
    if disclosure.candidates:
        found = [Choice(c.to, f"{c.letter}) {c.label}", overlay=Overlay(kind=OverlayKind.PATH, points=c.path,
                                                                         label=c.letter))
                 for c in move_candidates(state, model.id, world.rules)]
        if found:
            return found
    named = named_destinations(state, model.id, measured=disclosure.distances,
                               shown=lambda enemy: world.rules.shown(state, ask.viewer, enemy))
    routed = [c for c in named if _route_end(state, model, c.value) is not None]
    return routed or [Choice(f"{model.x:g},{model.y:g}", "stay where it stands")]


def _route_end(state: TableState, model: PlacedModel, text: str) -> Point | None:
    """Where ``/move`` would take the model for ``text``, or None when no route goes there."""
    try:
        return geo.route_move(state, model, text, None).path[-1]
    except (IllegalCommand, InvalidCommand):
        return None


def _said(world: TableWorld, ask: Ask, typed: str) -> str | None:
    """A destination a player can say (``x,y``, ``via:...``, ``toward B1 3``...); whether a route goes there is the
    move's own check."""
    try:
        parse_position(typed)
    except GeometryError as error:
        return str(error)
    return None


@dataclass(frozen=True, slots=True)
class _Move:
    model: PlacedModel
    route: geo.Route
    z: float | None


def _move_plan(world: TableWorld, ask: Ask) -> _Move:
    model = world.model(ask)
    _limited(world, model.side, ask)
    limit = float(str(ask.options["max"])) if ask.has("max") else None
    route = geo.route_move(world.state, model, ask.text("to"), limit)
    return _Move(model, route, standing_height(world, model, route.path[-1]))


@TABLE.action(None, "Move a model (x,y, via:..., toward/contact/behind/away <id>)", label="Move", verb=("move",),
              per="model", preview=True, host=True, available=_may_touch, check=_move_plan, params=(
                  Param("model", "Which model moves?", values=_movers, refused=_not_movable, noun="models"),
                  Param("to", "Where to?", values=_ends, accepts=_said, order=Order.GIVEN, costly=True,
                        noun="moves", free_form=FreeForm.POINT | FreeForm.PHRASE),
                  Param("max", "At most how far?", accepts=inches("max", "a distance"), optional=True,
                        free_form=FreeForm.NUMBER)))
def _move(ctx: Ctx, plan: _Move) -> None:
    route = plan.route
    ctx.emit(ModelMoved(model_id=plan.model.id, path=route.path, distance=route.distance, facing=route.facing,
                        touches=route.touches, z=plan.z, acted_by=acted_by(ctx, plan.model.side)))


# -- adding models -------------------------------------------------------------------------------------------------


def _own_sides(world: TableWorld, ask: Ask) -> list[Choice]:
    return [Choice(side) for side in world.sides(ask)]


def _not_yours(world: TableWorld, ask: Ask, typed: str) -> RulesError:
    side = SideId(typed.upper())
    if side not in world.state.sides:
        return InvalidCommand(f"there is no side {typed[:10]}; the sides are {', '.join(world.state.sides)}",
                              verb=ask.verb)
    if side not in world.sides(ask):
        return NotYourTurn(f"side {side} is not yours", verb=ask.verb)
    return IllegalCommand(world.limit(side, ask.host) or f"side {side} cannot take this now", verb=ask.verb)


def _mine(world: TableWorld, ask: Ask) -> bool:
    """Leaving ``side:`` out means the asker's own side: only a player holding one may."""
    return ask.asker is not None


def _profiles(world: TableWorld) -> dict[str, UnitProfile]:
    return {**{unit.name: unit for unit in world.data.units}, **world.state.imported_units}


def _fits(world: TableWorld, side: SideId, radii: list[float]) -> bool:
    try:
        entry_spots(world.state, side, radii)
    except IllegalCommand:
        return False
    return True


def _no_unit(world: TableWorld, ask: Ask, typed: str) -> RulesError:
    """A unit with no room left in its side's zone, or one the table does not know (with the close matches)."""
    units = _profiles(world)
    if any(name.casefold() == typed.casefold() for name in units):
        return IllegalCommand(f"no room is left for a {typed} in side {world.side_for(ask)}'s zone; give at:x,y",
                              verb=ask.verb)
    return InvalidCommand(f'unknown unit "{typed[:40]}"{did_you_mean(typed, list(units))}; units: '
                          f"{', '.join(units)}", verb=ask.verb)


def _units(world: TableWorld, ask: Ask) -> list[Choice]:
    """Every unit profile, or, where the model is to take the next free spot of its side's zone, those with room
    there."""
    units = list(_profiles(world).values())
    if not ask.has("at"):
        side = world.side_for(ask)
        units = [unit for unit in units if _fits(world, side, [unit.base_inches / 2])]
    return [Choice(unit.name) for unit in units]


@dataclass(frozen=True, slots=True)
class Newcomer:
    """A model about to join the table at a checked spot: its profile, side, spot, facing (None: toward the
    table's middle), the height it stands at and the name its force gives it."""

    unit: UnitProfile
    side: SideId
    at: Point
    facing: float | None = None
    z: float = 0.0
    name: str | None = None


def _ground(world: TableWorld, at: Point) -> float:
    return round(world.rules.ground(world.state, at), 2) if world.rules.ground is not None else 0.0


def _add_plan(world: TableWorld, ask: Ask) -> Newcomer:
    side = world.side_for(ask)
    _limited(world, side, ask)
    unit = _profiles(world)[ask.text("unit")]
    at = ask.point("at") if ask.has("at") else entry_spots(world.state, side, [unit.base_inches / 2])[0]
    geo.check_spot(world.state, f"{side}{world.state.models_added.get(side, 0) + 1}", at, unit.base_inches / 2)
    return Newcomer(unit, side, at, _faced(ask), _ground(world, at))


def new_model(ctx: Ctx, new: Newcomer, *, tally: bool = True) -> None:
    """Add one model; with ``tally`` its line also gives the side's running points total."""
    side, unit, at = new.side, new.unit, new.at
    model = PlacedModel(
        id=ModelId(f"{side}{ctx.state.models_added.get(side, 0) + 1}"), name=new.name or unit.name, unit=unit.name,
        side=side, base_mm=unit.base_mm, x=at[0], y=at[1], z=new.z,
        facing=default_facing(ctx.state, at) if new.facing is None else new.facing,
        wounds=unit.wounds, stats=dict(unit.stats), points=unit.points or 0,
    )
    points, count = ctx.state.fielded(side)
    total = Tally(side=side, points=points + model.points, models=count + 1) if tally else None
    ctx.emit(ModelAdded(model=model, tally=total))


@TABLE.action(None, "Add a model from a unit profile", label="Add a model", verb=("model", "add"), host=True,
              available=_may_touch, check=_add_plan, params=(
                  Param("side", "For which side?", values=_own_sides, optional=True, none_label="your own side",
                        none_when=_mine, refused=_not_yours, noun="sides"),
                  Param("at", "Where (x,y in inches)?", accepts=on_the_table, optional=True, free_form=FreeForm.POINT),
                  Param("unit", "Which unit?", values=_units, refused=_no_unit, noun="units"),
                  Param("facing", "Facing which way (degrees)?", accepts=_facing, optional=True,
                        free_form=FreeForm.NUMBER)))
def _add(ctx: Ctx, plan: Newcomer) -> None:
    new_model(ctx, plan)


def _forces(world: TableWorld, ask: Ask) -> list[Choice]:
    """The preset forces with room in the side's zone (each laid out as it would enter)."""
    side = world.side_for(ask)
    return [Choice(force.name) for force in world.data.forces if _fits(world, side, _radii(world, force.name))]


def _radii(world: TableWorld, name: str) -> list[float]:
    force = world.data.force(name)
    return [unit.base_inches / 2 for entry, unit in world.data.force_units(force) for _ in range(entry.count)]


def _a_force(world: TableWorld, ask: Ask, typed: str) -> str | None:
    try:
        world.data.force(typed)
    except LookupError as error:
        return f"{error.args[0]}; forces: {', '.join(f.name for f in world.data.forces)}"
    return None


def _force_plan(world: TableWorld, ask: Ask) -> list[Newcomer]:
    side = world.side_for(ask)
    _limited(world, side, ask)
    force = world.data.force(ask.text("name"))
    entries = [(entry, unit) for entry, unit in world.data.force_units(force) for _ in range(entry.count)]
    spots = entry_spots(world.state, side, [unit.base_inches / 2 for _, unit in entries])
    return [Newcomer(unit, side, spot, None, _ground(world, spot), entry.name)
            for (entry, unit), spot in zip(entries, spots, strict=True)]


@TABLE.action(None, "Load a preset force for a side", label="Load a force", verb=("force", "load"), host=True,
              available=_may_touch, check=_force_plan, params=(
                  Param("side", "For which side?", values=_own_sides, optional=True, none_label="your own side",
                        none_when=_mine, refused=_not_yours, noun="sides"),
                  Param("name", "Which force?", values=_forces, accepts=_a_force, costly=True, noun="forces")))
def _load_force(ctx: Ctx, plan: list[Newcomer]) -> None:
    for index, new in enumerate(plan):
        new_model(ctx, new, tally=index == len(plan) - 1)  # one running total for the whole list, on its last line


# -- deploying -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Placed:
    model: PlacedModel
    at: Point
    facing: float
    z: float | None


def _spread(world: TableWorld, side: SideId) -> list[_Placed]:
    """The side's models ``/deploy auto`` would move, each with its spot (none when it cannot lay them out, or they
    already stand so)."""
    try:
        layout = spread_layout(world.state, side)
    except IllegalCommand:
        return []
    moves = [(world.state.models[m], spot, default_facing(world.state, spot)) for m, spot in layout]
    return [_Placed(m, spot, facing, standing_height(world, m, spot)) for m, spot, facing in moves
            if (m.x, m.y, m.facing) != (*spot, facing)]


def _spreadable(world: TableWorld, ask: Ask) -> list[Choice]:
    return [Choice(side) for side in world.sides(ask) if world.limit(side, ask.host) is None and _spread(world, side)]


def _not_spreadable(world: TableWorld, ask: Ask, typed: str) -> RulesError:
    side = SideId(typed.upper())
    if side not in world.sides(ask) or world.limit(side, ask.host) is not None:
        return _not_yours(world, ask, typed)
    try:
        spread_layout(world.state, side)
    except IllegalCommand as refusal:
        return refusal
    return IllegalCommand(f"side {side}'s models already stand where /deploy auto puts them", verb=ask.verb)


def _own_spread(world: TableWorld, ask: Ask) -> bool:
    return ask.asker is not None and world.limit(ask.asker, ask.host) is None and bool(_spread(world, ask.asker))


def _spread_plan(world: TableWorld, ask: Ask) -> list[_Placed]:
    side = world.side_for(ask)
    _limited(world, side, ask)
    spread_layout(world.state, side)  # says why it cannot lay the side out
    moves = _spread(world, side)
    if not moves:
        raise IllegalCommand(f"side {side}'s models already stand where /deploy auto puts them", verb=ask.verb)
    return moves


@TABLE.action(None, "Spread a side's models over its deployment zone", label="Spread my models over my zone",
              verb=("deploy", "auto"), host=True, available=_may_touch, check=_spread_plan, params=(
                  Param("side", "Which side?", values=_spreadable, optional=True, none_label="your own side",
                        none_when=_own_spread, refused=_not_spreadable, noun="sides"),))
def _deploy_auto(ctx: Ctx, plan: list[_Placed]) -> None:
    """Each model's worked-out spot is logged as an ordinary placement: a replay reads the spots and never lays the
    zone out again."""
    for placed in plan:
        _set_down(ctx, placed)


def _set_down(ctx: Ctx, placed: _Placed) -> None:
    (x, y), model = placed.at, placed.model
    ctx.emit(ModelPlaced(model_id=model.id, x=x, y=y, facing=placed.facing, z=placed.z,
                         acted_by=acted_by(ctx, model.side)))


# -- fixes by hand -------------------------------------------------------------------------------------------------


def _spots(world: TableWorld, ask: Ask) -> list[Choice]:
    """Where a model may be set down from a menu: where it stands (to face it anew), and the next free spot of its
    side's zone; any other point is typed."""
    model = world.model(ask)
    found = [Choice(f"{model.x:g},{model.y:g}", f"where it stands ({model.x:g},{model.y:g})")]
    try:
        (x, y), = entry_spots(world.state, model.side, [model.radius])
    except IllegalCommand:
        return found
    return [*found, Choice(f"{x:g},{y:g}", f"the next free spot of side {model.side}'s zone ({x:g},{y:g})")]


def _place_plan(world: TableWorld, ask: Ask) -> _Placed:
    model = world.model(ask)
    _limited(world, model.side, ask)
    at = ask.point("at")
    geo.check_spot(world.state, model.id, at, model.radius)
    facing = _faced(ask)
    return _Placed(model, at, model.facing if facing is None else facing, standing_height(world, model, at))


@TABLE.action(None, "Place a model anywhere (a manual fix)", label="Place a model by hand", verb=("model", "place"),
              host=True, available=_may_touch, check=_place_plan, params=(
                  Param("model", "Which model?", values=_movers, refused=_not_movable, noun="models"),
                  Param("at", "Where (x,y in inches)?", values=_spots, accepts=on_the_table, costly=True,
                        noun="spots", free_form=FreeForm.POINT),
                  Param("facing", "Facing which way (degrees)?", accepts=_facing, optional=True,
                        free_form=FreeForm.NUMBER)))
def _place(ctx: Ctx, plan: _Placed) -> None:
    _set_down(ctx, plan)


def _seated(world: TableWorld, ask: Ask) -> str | None:
    return None if world.seated(ask) else "only a player holding a side (or the host) marks the table"


def _any_model(world: TableWorld, ask: Ask) -> list[Choice]:
    return world.named(ask.viewer, world.state.models.values())


def _amounts(world: TableWorld, ask: Ask) -> list[Choice]:
    model = world.model(ask)
    heal = [Choice("-1", "heal 1")] if model.wounds_taken > 0 else []
    return [Choice("2", "2 wounds"), Choice("3", "3 wounds"), *heal]


def _whole(world: TableWorld, ask: Ask, typed: str) -> str | None:
    try:
        value = int(typed)
    except ValueError:
        return f"amount:{typed[:20]} is not a whole number of wounds (negative heals)"
    return None if value != 0 else "give a number of wounds other than 0 (negative heals)"


def _wound_plan(world: TableWorld, ask: Ask) -> tuple[PlacedModel, int, int]:
    model = world.model(ask)
    amount = int(str(ask.options.get("amount", 1)))
    return model, amount, min(model.wounds, max(0, model.wounds_taken + amount))


@TABLE.action(None, "Add or heal wounds (a manual fix)", label="Wound or heal", verb=("model", "wound"),
              host=True, available=_seated, check=_wound_plan, params=(
                  Param("model", "Which model?", values=_any_model, refused=lambda w, a, t: w.unknown(a, t),
                        noun="models"),
                  Param("amount", "How many wounds?", values=_amounts, accepts=_whole, optional=True,
                        none_label="1 wound", order=Order.GIVEN, noun="amounts", free_form=FreeForm.NUMBER)))
def _wound(ctx: Ctx, plan: tuple[PlacedModel, int, int]) -> None:
    model, amount, taken = plan
    ctx.emit(ModelWounded(model_id=model.id, amount=amount, wounds_taken=taken, acted_by=acted_by(ctx, model.side)))


def _tokens(world: TableWorld, ask: Ask) -> list[Choice]:
    """Tokens the chosen model carries (to take one away), then the ones used elsewhere on the table, then the game's
    usual ones; any other is typed."""
    carried = list(world.model(ask).tokens)
    used = {t for m in world.state.models.values() for t in m.tokens}
    others = [*sorted(used - set(carried)), *(t for t in world.rules.tokens if t not in used)]
    return [Choice(token) for token in (*carried, *others)]


def _a_token(world: TableWorld, ask: Ask, typed: str) -> str | None:
    return None if typed.strip() else "give the token a name, e.g. name:stunned"


def _carried(world: TableWorld, ask: Ask) -> bool:
    return ask.text("name").lower() in world.model(ask).tokens


def _token_plan(world: TableWorld, ask: Ask) -> tuple[PlacedModel, str, bool]:
    model, token, remove = world.model(ask), ask.text("name").lower(), ask.yes("remove")
    if remove and token not in model.tokens:
        raise InvalidCommand(f"{model.id} has no {token} token; its tokens: {', '.join(model.tokens) or 'none'}",
                             verb=ask.verb)
    return model, token, remove


@TABLE.action(None, "Give or take a token (a manual fix)", label="Give or take a token", verb=("model", "token"),
              host=True, available=_seated, check=_token_plan, params=(
                  Param("model", "Which model?", values=_any_model, refused=lambda w, a, t: w.unknown(a, t),
                        noun="models"),
                  Param("name", "Which token?", values=_tokens, accepts=_a_token, order=Order.GIVEN, noun="tokens",
                        free_form=FreeForm.TEXT),
                  flag("remove", "Take it away?", "take it away", "give it", offered=_carried)))
def _token(ctx: Ctx, plan: tuple[PlacedModel, str, bool]) -> None:
    model, token, remove = plan
    ctx.emit(TokenChanged(model_id=model.id, token=token, added=not remove, acted_by=acted_by(ctx, model.side)))


def _removable(world: TableWorld, ask: Ask) -> list[Choice]:
    return world.named(ask.viewer, world.touchable(ask))


@TABLE.action(None, "Take a model off the table (a manual fix)", label="Take off the table",
              verb=("model", "remove"), host=True, params=(
                  Param("model", "Which model?", values=_removable, refused=_not_movable, noun="models"),))
def _remove(ctx: Ctx, ask: Ask) -> None:
    model = ctx.state.models[ModelId(ask.ident("model"))]
    points, count = ctx.state.fielded(model.side)
    ctx.emit(ModelRemoved(model_id=model.id, acted_by=acted_by(ctx, model.side),
                          tally=Tally(side=model.side, points=points - model.points, models=count - 1)))
