"""What a viewer sees of a Shroudfall game: the view (everything on the table is open information: army lists, the
reserves, the VP, L1086; the vetoes stay in the core's simultaneous choice until revealed), and the picture: the
terrain, the scenario elements with their control, every model with its wounds, conditions and Activated/Exhausted
tokens, the deployment depth while units deploy, and a title naming the unit activating (the header under it says
the round, whose turn, the VP and both essence reserves). After a command the picture adds the movement tool each
model laid, the sight line and range of each attack, and models placed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.core import (
    BoardView,
    Event,
    LineStyle,
    ModelMark,
    Overlay,
    OverlayKind,
    SideId,
    View,
    Viewer,
    ZoneMark,
    core_view_fields,
)
from engine.geometry import ToolPath, tool_polygon
from engine.systems.shroudfall.events import AttackRolled, ConditionsChanged, ElementPlaced, UnitDeployed
from engine.systems.shroudfall.events_flow import ElementTaken, ToolLaid
from engine.systems.shroudfall.setup import DEPLOY_DEPTH
from engine.systems.shroudfall.state import Activation, Element, Piece, ShroudfallState, SideRecord, UnitRecord
from engine.table import ModelMoved, ModelPlaced, PlacedModel, TerrainAdded
from engine.table.events import ModelRemoved, ModelWounded

__all__ = ["ShroudfallView", "board_update", "shroudfall_board", "shroudfall_view", "title"]

_BOARD_EVENTS = (ModelMoved, ModelPlaced, UnitDeployed, TerrainAdded, ElementPlaced, ElementTaken, ModelWounded,
                 ModelRemoved, ConditionsChanged, AttackRolled)


class ShroudfallView(View):
    """A Shroudfall game as one viewer sees it: all of it, but for choices still secret in the core."""

    width: float
    height: float
    models: tuple[PlacedModel, ...]
    units: tuple[UnitRecord, ...]
    records: dict[SideId, SideRecord]
    pieces: dict[str, Piece]
    elements: tuple[Element, ...]
    step: str
    token: SideId | None
    turn: SideId | None
    activation: Activation | None
    scenarios: tuple[str, ...]


def shroudfall_view(state: ShroudfallState, viewer: Viewer) -> ShroudfallView:
    return ShroudfallView(**core_view_fields(state, viewer), width=state.width, height=state.height,
                          models=tuple(state.models.values()), units=tuple(state.units.values()),
                          records=dict(state.records), pieces=dict(state.pieces),
                          elements=tuple(state.elements.values()), step=state.step, token=state.token,
                          turn=state.turn, activation=state.activation, scenarios=tuple(state.scenarios))


def title(state: ShroudfallState) -> str:
    """The picture's title: the game and the unit activating, if any. The header under it says the rest (the round
    or set-up step, whose turn, the VP and both essence reserves: ``Shroudfall.counts``), so the title repeats none."""
    acting = f": {state.activation.unit} activating" if state.activation and state.outcome is None else ""
    return f"Shroudfall{acting}"


def _circle(x: float, y: float, r: float, steps: int = 20) -> tuple[tuple[float, float], ...]:
    turns = (2 * math.pi * i / steps for i in range(steps))
    return tuple((round(x + r * math.cos(a), 2), round(y + r * math.sin(a), 2)) for a in turns)


def _what(element: Element) -> str:
    """A scenario element as the key names it: its name and what its keywords make it (L1223, L1229)."""
    does = [words for keyword, words in (("CONTROL", "held from within 1\""), ("ACTION INTERACT", "an action to use"))
            if keyword in element.keywords]
    return element.name + (f" ({', '.join(does)})" if does else "")


def _zones(state: ShroudfallState) -> list[ZoneMark]:
    zones = [ZoneMark(id=e.id, kind="objective", polygon=_circle(e.x, e.y, e.radius), side=e.control,
                      label=f"{e.id} {e.name}" + (f" ({e.control})" if e.control else ""), key=_what(e))
             for e in state.elements.values()]
    if state.step in ("terrain", "leadership", "deployment"):
        for side in state.sides:
            edge = state.record(side).edge
            if edge is None:
                continue
            low, high = (0.0, DEPLOY_DEPTH) if edge == "bottom" else (state.height - DEPLOY_DEPTH, state.height)
            zones.append(ZoneMark(id=f"D{side}", kind="deployment", side=side, label=f"side {side} deploys",
                                  polygon=((0.0, low), (state.width, low), (state.width, high), (0.0, high))))
    return zones


def _tokens(state: ShroudfallState, model: PlacedModel) -> tuple[str, ...]:
    unit = state.units.get(model.unit)
    if unit is None:
        return ()
    marks = [c for c in unit.conditions]
    if unit.activated:
        marks.append("activated")
    if unit.exhausted:
        marks.append("exhausted")
    if state.activation is not None and state.activation.unit == unit.id:
        marks.append("activating")
    return tuple(marks)


def shroudfall_board(state: ShroudfallState, viewer: Viewer, overlays: tuple[Overlay, ...] = ()) -> BoardView:
    """The battlefield as everyone sees it (nothing on it is secret)."""
    return BoardView(
        viewer=viewer, title=title(state), width=state.width, height=state.height, sides=state.sides,
        terrain=tuple(state.terrain.values()), zones=tuple(_zones(state)),
        models=tuple(ModelMark(id=m.id, name=m.name, side=m.side, x=m.x, y=m.y, radius=m.radius, facing=m.facing,
                               wounds=m.wounds_left, max_wounds=m.wounds, tokens=_tokens(state, m))
                     for m in state.models.values()),
        overlays=overlays)


def _tool(event: ToolLaid) -> Overlay:
    points = event.line
    path = ToolPath(points[0], points[1] if len(points) > 2 else points[0], points[-1])
    shape = tool_polygon(path)
    return Overlay(kind=OverlayKind.SHAPE, points=tuple((round(x, 2), round(y, 2)) for x, y in
                                                        shape.exterior.coords[:-1]),
                   label=f"{event.model} MOV {event.mov} {event.length:.1f}\"")


def board_update(events: Sequence[Event]) -> tuple[Overlay, ...] | None:
    """The movement tools laid, the models' paths, each attack's sight line and range; None when the events did not
    change the table."""
    if not any(isinstance(e.body, _BOARD_EVENTS) for e in events):
        return None
    found: list[Overlay] = []
    ringed: set[str] = set()
    for event in events:
        body = event.body
        if isinstance(body, ToolLaid) and body.line:
            found.append(_tool(body))
        elif isinstance(body, ModelMoved):
            found.append(Overlay(kind=OverlayKind.PATH, points=body.path, label=f"{body.distance:.1f}\""))
        elif isinstance(body, AttackRolled) and body.line:
            style = LineStyle.THREAT if body.hit else LineStyle.CLEAR
            found.append(Overlay(kind=OverlayKind.SIGHT, points=body.line, style=style,
                                 label=f"{body.attacker} > {body.target}"))
            if body.reach and body.attacker not in ringed:
                ringed.add(body.attacker)
                found.append(Overlay(kind=OverlayKind.RING, center=body.line[0], radius=body.reach + body.radius,
                                     label=f"{body.weapon} {body.reach:g}\""))
    return tuple(found)
