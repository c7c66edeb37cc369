"""What a viewer sees of a Sunshard:Embren game. The core rules hide nothing (digest 11.5), so every viewer sees the
whole table: each model's HP, tokens and conditions, Fortune and VP, the quest, the activation and party in progress.

The picture shows the zones and Contested Ground, the Centerline, the Objectives with the markers they hold, the
terrain with its HGT, the party activating outlined, and after an attack its sight line with the cover it gave.
"""

from __future__ import annotations

from collections.abc import Sequence

import shapely
from pydantic import BaseModel, ConfigDict

from engine.core import (
    BoardView,
    Event,
    LineStyle,
    ModelId,
    Overlay,
    OverlayKind,
    SideId,
    View,
    Viewer,
    ZoneMark,
    core_view_fields,
)
from engine.systems.sunshard.events import AttackStaged
from engine.systems.sunshard.state import Activation, Party, SideRecord
from engine.systems.sunshard.world import World
from engine.table import ModelMoved, ModelPlaced, table_board

__all__ = ["FigureView", "SunshardView", "board_update", "board_view", "sunshard_view"]


class FigureView(BaseModel):
    """One model as everyone sees it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: ModelId
    card: str
    side: SideId
    status: str
    hp: int
    max_hp: int
    tokens: tuple[str, ...]
    leader: bool
    activated: bool


class SunshardView(View):
    quest: str
    phase: str
    step: str
    rounds: int
    records: dict[SideId, SideRecord]
    models: tuple[FigureView, ...]
    activation: Activation | None
    party: Party | None
    objective_markers: dict[str, list[str]]


def sunshard_view(world: World, viewer: Viewer) -> SunshardView:
    state = world.state
    models = []
    for key, figure in sorted(state.figures.items()):
        placed = state.models.get(key)
        card = world.data.cards.get(figure.card)
        max_hp = card.HP if card is not None else 0
        models.append(FigureView(id=key, card=figure.card, side=figure.side, status=figure.status,
                                 hp=placed.wounds_left if placed is not None else 0, max_hp=max_hp,
                                 tokens=tuple(placed.tokens) if placed is not None else (), leader=figure.leader,
                                 activated=figure.activated))
    return SunshardView(**core_view_fields(state, viewer), quest=state.quest, phase=state.phase, step=state.step,
                        rounds=state.rounds, records=dict(state.records), models=tuple(models),
                        activation=state.activation, party=state.party,
                        objective_markers={k: list(v) for k, v in state.objective_markers.items()})


def _party_outline(world: World) -> Overlay | None:
    """The party activating, outlined around its members' bases (L437-441)."""
    party = world.state.party
    if party is None:
        return None
    bases = [world.model(m).base() for m in party.members if world.model(m).on_table]
    if not bases:
        return None
    hull = shapely.union_all([shapely.Point(b.xy).buffer(b.radius + 0.4) for b in bases]).convex_hull
    points = tuple((round(x, 2), round(y, 2)) for x, y in list(hull.exterior.coords)[:-1])
    return Overlay(kind=OverlayKind.SHAPE, points=points, label=f"party of {party.selector}")


def board_view(world: World, viewer: Viewer, overlays: tuple[Overlay, ...] = ()) -> BoardView:
    """The battlefield: zones, Contested Ground and the Centerline, Objectives with their markers, terrain with its
    HGT, the models, the party outlined."""
    state = world.state
    quest = world.data.quests.get(state.quest)
    title = f"Sunshard:Embren: {quest.name}" if quest is not None else "Sunshard:Embren"
    extra: list[Overlay] = []
    outline = _party_outline(world)
    if outline is not None:
        extra.append(outline)
    board = table_board(state, viewer, title, (*extra, *overlays))
    marks = [t for t in board.terrain if t.kind != "objective"]
    zones = list(board.zones)
    if state.zones:  # the Centerline, a thin band across the middle (L818)
        line = state.height / 2
        zones.append(ZoneMark(id="CL", kind="centerline", label="Centerline", polygon=(
            (0.0, line - 0.04), (state.width, line - 0.04), (state.width, line + 0.04), (0.0, line + 0.04))))
    for mark in state.terrain.values():
        if mark.kind == "objective":
            held = state.objective_markers.get(mark.id, [])
            label = f"{mark.id}: {', '.join(held)}" if held else mark.id
            zones.append(ZoneMark(id=mark.id, kind="objective", polygon=mark.polygon, label=label))
    for marker in state.markers.values():
        zones.append(ZoneMark(id=marker.id, kind="objective", polygon=((marker.x, marker.y),),
                              label=f"{marker.kind} marker"))
    return board.model_copy(update={"terrain": tuple(marks), "zones": tuple(zones)})


def board_update(events: Sequence[Event]) -> tuple[Overlay, ...] | None:
    """After a command: the paths moved, the places set down, and each attack's sight lines with the cover they
    gave (L302); None when nothing on the table changed."""
    overlays: list[Overlay] = []
    changed = False
    for event in events:
        body = event.body
        if isinstance(body, ModelMoved):
            changed = True
            overlays.append(Overlay(kind=OverlayKind.PATH, points=body.path, label=f"{body.distance:.2f}\""))
        elif isinstance(body, ModelPlaced):
            changed = True
        elif isinstance(body, AttackStaged) and body.sight:
            changed = True
            for start, end, cover in body.sight:
                overlays.append(Overlay(kind=OverlayKind.SIGHT, points=(start, end), style=LineStyle.CLEAR,
                                        label=f"{cover} cover" if cover != "none" else None))
            if body.attack is not None and body.attack.template:
                overlays.append(Overlay(kind=OverlayKind.SHAPE, points=tuple(body.attack.template),
                                        style=LineStyle.THREAT, label=body.attack.profile))
    return tuple(overlays) if changed else None
