"""What a viewer may see of an Eldfall game: the table (without the models of a side still deploying behind its
screen, unless they are the viewer's), every model's HP, AP and states, the public Victory Points, and the
viewer's own party and scheme while they are secret (L1036, L2497).

Pictures carry each model's facing as a wedge over its front arc (L655-657, 360 degrees with Vigilance) and the
movement of the sequence in progress.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.core import (
    BoardView,
    ModelId,
    ModelMark,
    Overlay,
    OverlayKind,
    SideId,
    View,
    Viewer,
    ViewerKind,
    core_view_fields,
)
from engine.systems.eldfall.alliance import alliance_line
from engine.systems.eldfall.fighters import STATES
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.modifiers import front_arc
from engine.systems.eldfall.schema import PartySpec
from engine.systems.eldfall.scoring_end import capped_scores
from engine.systems.eldfall.state import EldfallState, Figure
from engine.systems.eldfall.world import World
from engine.table import PlacedModel, table_board

__all__ = ["SHROUDED", "EldfallView", "FigureView", "board_view", "concealed", "eldfall_view", "model_name",
           "model_names", "visible_models"]

SHROUDED = "Shrouded token"
"""What other players see of a Shrouded model (L1776)."""


class FigureView(BaseModel):
    """One model as anyone sees it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: ModelId
    name: str
    side: SideId
    hp: int
    max_hp: int
    ap: int
    states: tuple[str, ...]
    leader: bool
    x: float
    y: float
    facing: float
    z: float = 0.0
    """The height its feet stand at, on a raised surface (or hanging on a vertical one)."""
    guard_of: ModelId | None = None
    """The model whose Personal Guard it is (L2906), once its party is no secret to the viewer."""
    items: tuple[str, ...] = ()
    """What it carries, each with what its upgrades' options change (``Short Sword (Inscribed Item: WGT -1, STK
    +1)``): shown to its own side, and to everyone once its party list is revealed (L1096)."""
    upgrades: tuple[str, ...] = ()
    """Its upgrades with the options chosen (``Glyphscribe: Reduce Weight (Inscribed Armor)``), shown as ``items``."""


class EldfallView(View):
    quest: str
    mode: str
    phase: str
    order: tuple[SideId, ...]
    models: tuple[FigureView, ...]
    vp: dict[SideId, int]
    sequence: str | None
    my_party: PartySpec | None = None
    my_scheme: str | None = None
    revealed_schemes: dict[SideId, str] = {}
    parties: dict[SideId, PartySpec] = {}
    allied: tuple[SideId, ...] = ()
    """The players in an Alliance of Necessity that holds now (L2390)."""
    alliance: str = ""
    """The alliance in words: who is allied, or who broke it."""


def model_name(state: EldfallState, viewer: Viewer, model: PlacedModel) -> str | None:
    """How ``viewer`` may know a model in a menu: not at all while its side deploys behind a screen, as a token while
    it is Shrouded (its identity is its player's secret, L1776), else by name."""
    if model.id not in visible_models(state, viewer):
        return None
    return SHROUDED if concealed(state, viewer, model.id) else model.name


def model_names(state: EldfallState, viewer: Viewer) -> dict[ModelId, str]:
    """``model_name`` of every model ``viewer`` may know, worked out at once (a menu names each enemy for each model
    it offers)."""
    visible = visible_models(state, viewer)
    return {m.id: SHROUDED if concealed(state, viewer, m.id) else m.name for m in state.models.values()
            if m.id in visible}


def visible_models(state: EldfallState, viewer: Viewer) -> set[ModelId]:
    """The models ``viewer`` may see: all but those of a side still deploying behind its screen (its own, and
    those already placed one model after the other, excepted)."""
    hidden = {side for side in state.players() if not (state.record(side).revealed or state.record(side).on_view)}
    mine = viewer.side if viewer.kind is ViewerKind.SIDE else None
    return {m.id for m in state.models.values()
            if m.side not in hidden or m.side == mine or m.id in state.deployed_models}


def concealed(state: EldfallState, viewer: Viewer, model_id: ModelId) -> bool:
    """Whether ``viewer`` sees ``model_id`` only as a Shrouded token: its identity and profile are its player's secret
    (L1776)."""
    model = state.models[model_id]
    mine = viewer.side if viewer.kind is ViewerKind.SIDE else None
    return "shrouded" in model.tokens and model.side != mine


def eldfall_view(kit: Kit, state: EldfallState, viewer: Viewer) -> EldfallView:
    shown = visible_models(state, viewer)
    world = kit.world(state)
    models = []
    for model_id in sorted(shown):
        model = state.models[model_id]
        figure = state.figures.get(model_id)
        if concealed(state, viewer, model_id):
            models.append(FigureView(id=model.id, name=SHROUDED, side=model.side, hp=0, max_hp=0, ap=0,
                                     states=("shrouded",), leader=False, x=model.x, y=model.y, facing=0.0, z=model.z))
            continue
        leads = bool(figure and figure.leader and _list_known(state, viewer, figure))  # the list names the Leader
        models.append(FigureView(id=model.id, name=model.name, side=model.side, hp=model.wounds_left,
                                 max_hp=model.wounds, ap=figure.ap if figure else 0, states=tuple(model.tokens),
                                 leader=leads, x=model.x, y=model.y, facing=model.facing,
                                 z=model.z, guard_of=_guarding(state, viewer, model_id),
                                 **_kit_shown(world, state, viewer, model_id)))
    mine = viewer.side if viewer.kind is ViewerKind.SIDE else None
    record = state.record(mine) if mine is not None else None
    sequence = state.sequence
    quest = kit.quest(state)
    return EldfallView(
        **core_view_fields(state, viewer), quest=quest.name, mode=kit.mode(state), phase=state.phase,
        order=state.order, models=tuple(models), vp=capped_scores(kit, state),
        sequence=f"{sequence.model} ({state.step} step)" if sequence is not None else None,
        my_party=record.party if record is not None else None,
        my_scheme=record.scheme if record is not None else None,
        revealed_schemes={side: r.scheme for side, r in state.records.items()
                          if r.scheme_revealed and r.scheme is not None},
        parties={side: r.party for side, r in state.records.items() if r.revealed and r.party is not None},
        allied=state.allied_sides(), alliance=alliance_line(state),
    )


def _list_known(state: EldfallState, viewer: Viewer, figure: Figure) -> bool:
    """Whether ``viewer`` may know what a party list says of a model (its upgrades and their choices): its own side,
    everyone once the list is revealed (L1096), and anyone for a hostile, which has no list."""
    mine = viewer.kind is ViewerKind.SIDE and viewer.side == figure.side
    return mine or figure.hostile or state.record(figure.side).revealed


def _kit_shown(world: World, state: EldfallState, viewer: Viewer, model_id: ModelId) -> dict[str, tuple[str, ...]]:
    """A model's items and upgrades for ``viewer``, when its party list is no secret to it."""
    figure = state.figures.get(model_id)
    if figure is None or not _list_known(state, viewer, figure):
        return {}
    f = world.fighter(model_id)
    labels = {u.id: iter([c.label for c in f.chosen if c.upgrade.id == u.id]) for u in f.upgrades}
    return {"items": tuple(f.item_label(c.item) + (f" x{c.qty}" if c.qty > 1 else "") for c in f.carried),
            "upgrades": tuple(next(labels[u.id], u.name) for u in f.upgrades)}


def _guarding(state: EldfallState, viewer: Viewer, model_id: ModelId) -> ModelId | None:
    """Whose Personal Guard the model is, for a viewer who may know its party's upgrades (its own side, or once the
    party is revealed, L1096)."""
    figure = state.figures.get(model_id)
    if figure is None or figure.guard_of is None:
        return None
    return figure.guard_of if _list_known(state, viewer, figure) else None


def _guard_label(state: EldfallState, viewer: Viewer, model_id: ModelId) -> tuple[str, ...]:
    """A Personal Guard's label on its base (``guards A1``)."""
    guarded = _guarding(state, viewer, model_id)
    return (f"guards {guarded}",) if guarded is not None else ()


def _height(state: EldfallState, model_id: ModelId) -> tuple[str, ...]:
    """A raised model's height as a label on its base, lettered H by the picture (``height 5"``, ``height 2",
    hanging on a side``): a label that began with its number left the key reading ``3 3" up``."""
    z = state.models[model_id].z
    figure = state.figures.get(model_id)
    if z <= 0.005:
        return ()
    return (f"height {z:g}\"{', hanging on a side' if figure is not None and figure.clinging else ''}",)


def board_view(kit: Kit, state: EldfallState, viewer: Viewer, overlays: tuple[Overlay, ...], *,
               show_grid: bool) -> BoardView:
    """The battlefield with facing wedges; a side still deploying is seen by itself alone."""
    shown = visible_models(state, viewer)
    table = state.model_copy(update={"models": {k: v for k, v in state.models.items() if k in shown}})
    quest = kit.quest(state)
    title = quest.name  # the round, the phase and the VP are in the picture's header (engine.core.header)
    if state.allied_sides():
        title += f", {' & '.join(state.allied_sides())} allied"
    world = kit.world(state)
    wedges = []
    for model_id in sorted(shown):
        if model_id not in state.figures:
            continue
        model = state.models[model_id]
        if set(model.tokens) & {"dead", "incapacitated"} or concealed(state, viewer, model_id):
            continue
        arc = front_arc(world.fighter(model_id).sources)
        wedges.append(Overlay(kind=OverlayKind.ARC, center=(model.x, model.y), radius=round(model.radius + 0.35, 2),
                              start=round(model.facing - arc / 2, 2), end=round(model.facing + arc / 2, 2)))
    board = table_board(table, viewer, title, (*wedges, *overlays), show_grid=show_grid)
    marks = tuple(mark if mark.out else  # taken off the table: where it last stood
                  ModelMark(**{**mark.model_dump(), "states": tuple(t for t in mark.tokens if t in STATES),
                               "tokens": (*(t for t in mark.tokens if t not in STATES), *_height(state, mark.id),
                                          *_guard_label(state, viewer, mark.id)),
                               "out": "dead" in mark.tokens})
                  if not concealed(state, viewer, mark.id) else
                  ModelMark(id=mark.id, name=SHROUDED, side=mark.side, x=mark.x, y=mark.y, radius=mark.radius,
                            tokens=_height(state, mark.id), hidden=True)  # its name says Shrouded
                  for mark in board.models)
    return board.model_copy(update={"models": marks})
