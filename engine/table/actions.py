"""The table's actions on the shared verbs: moves, measuring, sight, templates, deployment, maps and the
manual overrides (place, wound, token, remove), declared once for every game on inches.

A game includes ``table_actions(...)`` in its own ``actions()``; what a player may be told before declaring
(distances, suggested moves) follows the game's ``Disclosure`` for that viewer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.core import (
    Action,
    Args,
    Choice,
    Disclosure,
    IllegalCommand,
    ImportUnits,
    InvalidCommand,
    ModelId,
    OptionValue,
    QueryAnswer,
    Viewer,
    ViewerKind,
)
from engine.schema import Catalogue, MapPreset, UnitProfile
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
    parse_shape,
)
from engine.table.maps import map_board, preset_layout
from engine.table.rules import TableRules
from engine.table.state import PlacedModel, TableState
from engine.table.suggestions import move_candidates_answer, named_destinations

__all__ = ["DisclosureFor", "ModelName", "map_preview_board", "table_actions"]

DisclosureFor = Callable[[Any, Viewer], Disclosure]
_Filled = Mapping[str, OptionValue]


ModelName = Callable[[Any, Viewer, PlacedModel], str | None]
"""How a viewer may know a model (its name, a game's stand-in such as a Shrouded token), or None for one it may not
see yet; by default every model by its name."""


def _by_name(state: Any, viewer: Viewer, model: PlacedModel) -> str | None:
    return model.name


def _named(state: TableState, viewer: Viewer, found: Iterable[PlacedModel], shown: ModelName) -> list[Choice]:
    """``found`` as choices, each named as ``viewer`` may know it, those it may not see left out."""
    named = ((m, shown(state, viewer, m)) for m in found)
    return [Choice(m.id, f"{m.id} {name}") for m, name in named if name is not None]


def _terrain(state: TableState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
    return [Choice(t.id, f"{t.id} {t.kind}") for t in state.terrain.values()]


def _sides(state: TableState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
    return [Choice(side) for side in state.sides]


def _tokens(state: TableState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
    """Tokens the chosen model carries (to take one away), then the ones used elsewhere on the table."""
    model = state.models.get(ModelId(str(filled.get("model", "")).upper()))
    carried = list(model.tokens) if model is not None else []
    others = sorted({t for m in state.models.values() for t in m.tokens} - set(carried))
    return [Choice(token) for token in (*carried, *others)]


def _amounts(state: TableState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
    return [Choice(str(n), f"{n} wound{'s' if abs(n) != 1 else ''}" if n > 0 else f"heal {-n}") for n in (1, 2, 3, -1)]


def map_preview_board(preset: MapPreset) -> QueryAnswer:
    """A preset map on an empty table, titled with its name, id and size."""
    terrain, zones = preset_layout(preset)
    width, height = preset.table
    board = map_board(f"{preset.name} ({preset.id}), {width:g}\" x {height:g}\"", width, height, terrain, zones)
    return QueryAnswer(f"{preset.name}: {preset.description}", private=True, board=board)


def table_actions(catalogue: Catalogue, rules: TableRules, disclosure: DisclosureFor,
                  extra_maps: Mapping[str, str] | None = None,
                  model_name: ModelName | None = None) -> tuple[Action[Any], ...]:
    """Every table action, for a game with this data, these table rules and this disclosure policy.

    ``extra_maps`` names maps laid out by the game rather than read from data (``random``), with the
    reason ``/map preview`` cannot show them; ``model_name`` says how a viewer may know each model in the
    options' suggestions (a game with secret identities).
    """
    generated = dict(extra_maps or {})
    shown = model_name or _by_name

    def models(state: TableState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        return _named(state, viewer, state.models.values(), shown)

    def own_models(state: TableState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        """The viewer's side's models; a host or spectator (no side) is offered every model."""
        mine = [m for m in state.models.values() if viewer.kind is not ViewerKind.SIDE or m.side == viewer.side]
        return _named(state, viewer, mine, shown)

    def things(state: TableState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        """Models, terrain and zones: anything a distance can be measured to."""
        return [*models(state, viewer, filled),
                *(Choice(t.id, f"{t.id} {t.kind}") for t in state.terrain.values()),
                *(Choice(z.id, f"{z.id} {z.kind}") for z in state.zones.values())]

    def units(state: TableState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        return [Choice(u.name) for u in catalogue.units] + [Choice(name) for name in state.imported_units]

    def forces(state: TableState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        return [Choice(f.name) for f in catalogue.forces]

    def maps(state: TableState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        return [Choice(m.id, m.name) for m in catalogue.maps]

    def kinds(state: TableState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        return [Choice(kind, f"{kind} ({height:g}\" usually)") for kind, height in rules.terrain_heights.items()]

    def destinations(state: TableState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
        """Objectives and the nearest enemies (``/move model:`` alone gives the routed, lettered suggestions)."""
        if not disclosure(state, viewer).candidates:
            return []
        return named_destinations(state, str(filled.get("model", "")), measured=True,
                                  shown=lambda enemy: shown(state, viewer, enemy))

    def suggest_moves(state: TableState, viewer: Viewer, args: Args) -> QueryAnswer:
        if not disclosure(state, viewer).candidates:
            raise IllegalCommand("this game's measuring rules give no suggested moves before you declare one; "
                                 "give to:", verb="move")
        return move_candidates_answer(state, str(args.model()), rules)

    def measure(state: TableState, viewer: Viewer, args: Args) -> QueryAnswer:
        if not disclosure(state, viewer).distances:
            raise IllegalCommand("this game's measuring rules allow measuring only after declaring an action",
                                 verb="measure")
        return geo.measure(state, args.ident("from"), args.ident("to"), rules.perceive, viewer)

    def preset(name: str, verb: str) -> MapPreset:
        if name.casefold() in generated:
            raise InvalidCommand(f"map:{name} {generated[name.casefold()]}", verb=verb)
        try:
            return catalogue.map_preset(name.casefold())
        except LookupError as error:
            rolled = f" ({', '.join(generated)} is laid only when a game starts)" if generated else ""
            raise InvalidCommand(f"{error.args[0]}; the preset maps: {', '.join(m.id for m in catalogue.maps)}{rolled}",
                                 verb=verb) from None

    def template(state: TableState, viewer: Viewer, args: Args) -> QueryAnswer:
        size = args.number("size")
        assert size is not None  # required by the verb
        return geo.lay_template(state, args.text("kind"), args.ident("at"), size,
                                args.ident("toward") if args.has("toward") else None, args.number("width"))

    return (
        Action(("move",), "Move a model (without to: suggested moves)", options=("model", "to", "max"),
               build=lambda a: MoveModel(model=a.model(), to=_destination(a), max_distance=a.number("max")),
               answer=suggest_moves, answer_without="to", sources={"model": own_models, "to": destinations},
               menu=("model", "to"), preview=True),
        Action(("model", "add"), "Add a model from a unit profile", options=("unit", "at", "side", "facing"),
               build=lambda a: AddModel(unit=a.text("unit"), at=a.point("at") if a.has("at") else None,
                                        side=a.side(), facing=_facing(a)),
               sources={"unit": units, "side": _sides}),
        Action(("model", "place"), "Place a model anywhere (a manual fix)", options=("model", "at", "facing"),
               build=lambda a: PlaceModel(model=a.model(), at=a.point("at"), facing=_facing(a)),
               sources={"model": own_models}),
        Action(("model", "wound"), "Add or heal wounds (a manual fix)", options=("model", "amount"),
               build=lambda a: WoundModel(model=a.model(), amount=a.integer("amount", 1)),
               sources={"model": models, "amount": _amounts}, menu=("model", "amount")),
        Action(("model", "token"), "Give or take a token (a manual fix)", options=("model", "name", "remove"),
               build=lambda a: ChangeToken(model=a.model(), token=a.text("name").lower(), remove=a.flag("remove")),
               sources={"model": models, "name": _tokens}),
        Action(("model", "remove"), "Take a model off the table (a manual fix)", options=("model",),
               build=lambda a: RemoveModel(model=a.model()), sources={"model": own_models}, menu=("model",)),
        Action(("deploy", "auto"), "Spread a side's models over its deployment zone", options=("side",),
               build=lambda a: DeployAuto(side=a.side()), sources={"side": _sides}),
        Action(("terrain", "add"), "Add a terrain piece", options=("kind", "shape", "height", "keywords"),
               build=lambda a: AddTerrain(kind=a.text("kind").lower(), polygon=parse_shape(a.text("shape")),
                                          height=a.number("height"),
                                          keywords=tuple(k.lower() for k in a.listed("keywords"))),
               sources={"kind": kinds}),
        Action(("terrain", "remove"), "Take a terrain piece away", options=("terrain",),
               build=lambda a: RemoveTerrain(terrain=a.ident("terrain")), sources={"terrain": _terrain}),
        Action(("map", "import"), "Lay your own map from a YAML file (before deployment)", options=("file",),
               build=lambda a: ImportMap(preset=_preset(a.upload("file"))), uploads={"file": "map"}),
        Action(("map", "use"), "Lay a preset map (before deployment)", options=("name",),
               build=lambda a: ImportMap(preset=preset(a.text("name"), "map use")), sources={"name": maps}),
        Action(("map", "preview"), "Show a preset map on an empty table", options=("name",),
               answer=lambda s, v, a: map_preview_board(preset(a.text("name"), "map preview")),
               sources={"name": maps}),
        Action(("force", "import"), "Import unit profiles from a YAML file", options=("file",),
               build=lambda a: ImportUnits(units=_units(a.upload("file"))), uploads={"file": "units"}),
        Action(("force", "load"), "Load a preset force for a side", options=("name", "side"),
               build=lambda a: LoadForce(name=a.text("name"), side=a.side()),
               sources={"name": forces, "side": _sides}),
        Action(("measure",), "Distance between two things, closest points", options=("from", "to"),
               answer=measure, sources={"from": things, "to": things}),
        Action(("los",), "Line of sight between two models", options=("from", "to"),
               answer=lambda s, v, a: geo.line_of_sight(s, a.ident("from"), a.ident("to"), rules, v),
               sources={"from": models, "to": models}),
        Action(("template",), "Which models a template touches and covers",
               options=("kind", "at", "size", "toward", "width"), answer=template,
               sources={"at": things, "toward": things}),
    )


def _destination(args: Args) -> str:
    if not args.has("to"):
        raise InvalidCommand("give to: to move (x,y or toward/contact/behind/away <id>); /move model:<id> alone "
                             "lists suggested moves", verb="move")
    return args.text("to")


def _facing(args: Args) -> float | None:
    value = args.number("facing")
    return None if value is None else value % 360


def _preset(upload: object) -> MapPreset:
    if not isinstance(upload, MapPreset):
        raise TypeError(f"/map import expects a validated map, got {type(upload).__name__}")
    return upload


def _units(upload: object) -> tuple[UnitProfile, ...]:
    if not isinstance(upload, tuple) or not all(isinstance(unit, UnitProfile) for unit in upload):
        raise TypeError(f"/force import expects validated unit profiles, got {type(upload).__name__}")
    return upload
