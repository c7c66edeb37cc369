"""Handlers of the setup steps (Shroudfall beta rulebook v1.4, L1084-1154, L1473-1485), each given what its players
decided: the armies shown, the roll-off, who holds the starting token and who sets the first terrain, the scenarios
after the vetoes (the random draw rolled in the open) or the introductory scenario alone, each terrain piece in the
book's order, the leadership abilities, and each unit's deployment; the last deployment starts round 1.

The decisions themselves (the winner's choice, the secret vetoes revealed together, where a piece goes) are asked by
the game through the core; these handlers check and record what was answered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from engine.checks import roll_off
from engine.core import IllegalCommand, ModelId, SideId, TerrainMark
from engine.dice import Die
from engine.geometry import XY, round_point
from engine.systems.shroudfall.essence import pool_dice
from engine.systems.shroudfall.events import (
    ArmyFielded,
    ElementPlaced,
    LeadershipDeclared,
    PieceNoted,
    ScenariosDrawn,
    SetupChosen,
    StepReached,
    UnitDeployed,
)
from engine.systems.shroudfall.flow import begin_round
from engine.systems.shroudfall.referee import Referee, Table
from engine.systems.shroudfall.setup import (
    Placing,
    any_legal_spot,
    deploy_refusal,
    deployment_turn,
    draw_scenarios,
    leadership_options,
    piece_outline,
    roll_off_pool,
    terrain_order,
    terrain_refusal,
    veto_refusal,
)
from engine.systems.shroudfall.state import Element, Piece, UnitRecord
from engine.systems.shroudfall.terrain_schema import TerrainPiece
from engine.table import PlacedModel, TerrainAdded

__all__ = [
    "INTRODUCTORY",
    "declare_leadership",
    "deploy",
    "field_armies",
    "next_terrain",
    "place_terrain",
    "play_scenarios",
    "roll_for_setup",
    "settle_setup",
    "skip_terrain",
    "terrain_spot",
]

INTRODUCTORY = "captivating-crystal-creations"
"""The introductory scenario, played alone in a first game (L1271)."""


def field_armies(ctx: Table, ref: Referee, armies: Mapping[SideId, str]) -> None:
    """Show both army lists (L1086): each must be legal; its units are recorded, not yet deployed."""
    for side in ctx.state.sides:
        army = ref.catalogue.army(armies[side])
        problems = ref.catalogue.army_problems(army)
        if problems:
            raise IllegalCommand(f"{side}'s list {army.name} breaks the list rules: "
                                 + "; ".join(message for _, message in problems), verb="army")
    for side in ctx.state.sides:
        army = ref.catalogue.army(armies[side])
        units: list[UnitRecord] = []
        number = 0
        for line in army.units:
            card = ref.catalogue.card(line.card)
            for copy in range(1, line.count + 1):
                unit_id = f"{side}-{card.id}" + (f"-{copy}" if line.count > 1 else "")
                models = [ModelId(f"{side}{number + i}") for i in range(1, card.models + 1)]
                number += card.models
                units.append(UnitRecord(id=unit_id, side=side, card=card.id, name=card.name, models=models,
                                        starting=card.models))
        ctx.emit(ArmyFielded(side=side, army=army.id, units=tuple(units), scenarios=army.scenarios,
                             army_name=army.name))
    ctx.emit(StepReached(step="roll-off"))


def roll_for_setup(ctx: Table, ref: Referee) -> SideId:
    """The roll-off (L1088, L1476): each player's pool added up, the higher total wins, ties roll again."""
    dice = pool_dice(roll_off_pool(ref.rulings))

    def roll(players: tuple[str, ...]) -> dict[str, int]:
        return {p: sum(r.value for r in ctx.roll(dice, f"roll-off ({p})", roller_side=SideId(p))) for p in players}

    result = roll_off(ctx.state.sides, roll, lowest_wins=False)
    assert result.winner is not None
    ctx.emit(StepReached(step="token"))
    return SideId(result.winner)


def settle_setup(ctx: Table, token: SideId, first_terrain: SideId) -> None:
    """Record the roll-off winner's choice and the other player's remaining option (L1088-1093): who holds the
    starting player token and who deploys the first terrain piece; edges by ruling ``deployment-edges``."""
    if token not in ctx.state.sides or first_terrain not in ctx.state.sides:
        raise IllegalCommand(f"choose among the sides {', '.join(ctx.state.sides)}", verb="setup")
    edges: dict[SideId, Literal["bottom", "top"]] = {token: "bottom", ctx.state.opponent(token): "top"}
    ctx.emit(SetupChosen(token=token, first_terrain=first_terrain, edges=edges))
    ctx.emit(StepReached(step="scenario"))


def _elements(ctx: Table, ref: Referee, played: tuple[str, ...]) -> None:
    number = len(ctx.state.elements)
    for scenario_id in played:
        card = ref.catalogue.scenario(scenario_id)
        for kind in card.elements:
            for x, y in kind.at:
                number += 1
                ctx.emit(ElementPlaced(element=Element(id=f"E{number}", name=kind.name, scenario=card.id, x=x, y=y,
                                                       base_mm=kind.base_mm, keywords=list(kind.keywords))))


def play_scenarios(ctx: Table, ref: Referee, vetoes: Mapping[SideId, str] | None) -> None:
    """The scenarios (L1102-1112): with ``vetoes`` (each player's, revealed together) each player's two left are
    drawn from at random, the duplicate rule applied; without, the introductory scenario alone (L1271). Then their
    elements are set up (L1112)."""
    state = ctx.state
    played: tuple[str, ...] = (INTRODUCTORY,)
    lines: tuple[str, ...] = ("the introductory scenario alone, as the book advises for first games (L1271)",)
    if vetoes is not None:
        for side, scenario in vetoes.items():
            why = veto_refusal(state, side, scenario)
            if why is not None:
                raise IllegalCommand(why, verb="veto")
        remaining = {side: [s for s in state.record(side).scenarios if s != vetoes[state.opponent(side)]]
                     for side in state.sides}
        drawn = {side: ctx.roll((Die.numeric(len(left)),), f"scenario draw ({side})", roller_side=side)[0].value - 1
                 for side, left in remaining.items()}
        played, lines = draw_scenarios(remaining, drawn, state.token or state.sides[0])
        lines = (*(f"{s} vetoes {v}" for s, v in vetoes.items()), *lines)
    names = tuple(ref.catalogue.scenario(s).name for s in played)
    ctx.emit(ScenariosDrawn(played=played, lines=lines, names=names))
    _elements(ctx, ref, played)
    ctx.emit(StepReached(step="terrain"))


def next_terrain(ctx: Table, ref: Referee) -> tuple[SideId, str | None, str | None] | None:
    """Who places what next (L1120-1128): ``(side, None, None)`` when a player picks a main piece, ``(side, card,
    main terrain id)`` when a player sets a side piece of that card; None when the terrain is done."""
    state = ctx.state
    first = state.first_terrain or state.sides[0]
    order = terrain_order(first, state.opponent(first), ref.rulings)
    mains = [t for t, p in state.pieces.items() if p.main]
    for index, main_id in enumerate(mains):
        piece = state.pieces[main_id]
        placed = sum(1 for p in state.pieces.values() if p.of == main_id)
        sides = len(ref.catalogue.terrain_card(piece.card).sides)
        if placed < sides:
            return order[2 * index + 1][0], piece.card, main_id
    step = 2 * len(mains)
    return (order[step][0], None, None) if step < len(order) else None


def _due_piece(ctx: Table, ref: Referee, side: SideId, card_id: str) -> tuple[TerrainPiece, bool, Literal[
        "bottom", "top"] | None, str | None]:
    """The piece ``side`` sets next from ``card_id``: the piece, whether main, the half it must lie in, its main's id.

    :raises IllegalCommand: when it is not ``side``'s turn or not that card's piece.
    """
    due = next_terrain(ctx, ref)
    if due is None:
        raise IllegalCommand("the terrain is set up", verb="terrain")
    who, side_card, main_id = due
    if side != who:
        raise IllegalCommand(f"{who} sets the next terrain piece (L1120-1126)", verb="terrain")
    state = ctx.state
    card = ref.catalogue.terrain_card(card_id)
    if side_card is None:
        army = ref.catalogue.army(state.record(side).army or "")
        used = [p.card for p in state.pieces.values() if p.main and p.owner == side]
        if card_id not in army.terrain or used.count(card_id) >= army.terrain.count(card_id):
            raise IllegalCommand(f"{card.name} is not an unused terrain card of {side}'s list", verb="terrain")
        first = state.first_terrain or state.sides[0]
        order = terrain_order(first, state.opponent(first), ref.rulings)
        half = order[2 * len([p for p in state.pieces.values() if p.main])][2]
        return card.main, True, state.record(side).edge if half == "own-half" else None, None
    if card_id != side_card or main_id is None:
        raise IllegalCommand(f"the next piece is a side piece of {side_card}", verb="terrain")
    return card.sides[sum(1 for p in state.pieces.values() if p.of == main_id)], False, None, main_id


def _noted(ctx: Table, ref: Referee, ident: str, side: SideId, card_id: str, piece: TerrainPiece, main: bool,
           of: str | None, used: bool) -> None:
    ctx.emit(PieceNoted(terrain_id=ident, piece=Piece(card=card_id, name=piece.name, main=main, type=piece.type,
                                                      defence=piece.defence, armour=piece.armour, owner=side, of=of,
                                                      used=used), card_name=ref.catalogue.terrain_card(card_id).name))
    if next_terrain(ctx, ref) is None:
        ctx.emit(StepReached(step="leadership"))


def place_terrain(ctx: Table, ref: Referee, side: SideId, card_id: str, at: XY, turn: float = 0.0) -> None:
    """Set down the next terrain piece (L1120-1137): a main piece of one of the side's own unused cards, or the next
    side piece of the card whose main was just set; every distance is checked on the table."""
    piece, main, half, main_id = _due_piece(ctx, ref, side, card_id)
    world = ref.world(ctx)
    main_outline = world.terrain(main_id).polygon if main_id is not None and main_id in ctx.state.terrain else None
    placing = Placing(piece_outline(piece, at, turn), main=main, half=half, main_outline=main_outline)
    why = terrain_refusal(world, placing)
    if why is not None:
        raise IllegalCommand(why, verb="terrain")
    ident = f"T{len(ctx.state.pieces) + 1}"
    points = tuple(round_point((float(x), float(y))) for x, y in placing.outline.exterior.coords[:-1])
    ctx.emit(TerrainAdded(terrain=TerrainMark(id=ident, kind=piece.name, polygon=points, height=piece.height,
                                              keywords=piece.keywords)))
    _noted(ctx, ref, ident, side, card_id, piece, main, main_id, True)


def terrain_spot(ctx: Table, ref: Referee, side: SideId, card_id: str) -> tuple[XY, float] | None:
    """A legal spot and turn for the piece ``side`` sets next from ``card_id`` (the first a search on a half-inch
    grid at four turns finds), or None when there is none: a suggestion for players and the bot."""
    piece, main, half, main_id = _due_piece(ctx, ref, side, card_id)
    if main_id is not None and main_id not in ctx.state.terrain:
        return None  # its main was left out: so is it
    world = ref.world(ctx)
    main_outline = world.terrain(main_id).polygon if main_id is not None else None
    return world.settled(("terrain-spot", card_id, piece.name, main, half, main_id),
                         lambda: any_legal_spot(world, piece, main=main, half=half, main_outline=main_outline))


def skip_terrain(ctx: Table, ref: Referee, side: SideId, card_id: str) -> None:
    """Leave out the next piece because no spot is legal for it (L1137), which the table checks; a side piece of a
    main that was left out is left out too.

    :raises IllegalCommand: naming a legal spot, when there is one.
    """
    found = terrain_spot(ctx, ref, side, card_id)
    piece, main, _, main_id = _due_piece(ctx, ref, side, card_id)
    if found is not None:
        (x, y), turn = found
        raise IllegalCommand(f"{piece.name} may still stand somewhere, for one at {x:g},{y:g} turned {turn:g} degrees; "
                             f"only a piece with no legal spot is left out (L1137)", verb="terrain")
    _noted(ctx, ref, f"unused-{len(ctx.state.pieces) + 1}", side, card_id, piece, main, main_id, False)


def declare_leadership(ctx: Table, ref: Referee, side: SideId, ability: str) -> None:
    """Declare the army's one leadership ability before deployment, the starting player first (L480-482)."""
    state = ctx.state
    token = state.token or state.sides[0]
    due = token if state.record(token).leadership is None else state.opponent(token)
    if side != due:
        raise IllegalCommand(f"{due} declares its leadership ability first (L480)", verb="leadership")
    options = dict(leadership_options(ref.world(ctx), side))
    if ability not in options:
        raise IllegalCommand(f"{ability!r} is not a leadership ability of {side}'s essence weavers (choose from "
                             f"{', '.join(options) or 'none'}) (L476-482)", verb="leadership")
    ctx.emit(LeadershipDeclared(side=side, ability=ability, shown=options[ability]))
    if all(state.record(s).leadership is not None or not leadership_options(ref.world(ctx), s) for s in state.sides):
        ctx.emit(StepReached(step="deployment"))


def deploy(ctx: Table, ref: Referee, side: SideId, unit_id: str, spots: Mapping[ModelId, XY]) -> None:
    """Deploy a whole unit (L1139-1154); the last one deployed begins round 1 (L1100)."""
    state = ctx.state
    if state.step != "deployment":
        raise IllegalCommand("units deploy after the terrain and the leadership abilities (L1099)", verb="deploy")
    due = deployment_turn(state)
    if side != due:
        raise IllegalCommand(f"{due} deploys the next unit (L1141)", verb="deploy")
    unit = state.units.get(unit_id)
    if unit is None:
        raise IllegalCommand(f"{side} has no unit {unit_id!r}", verb="deploy")
    why = deploy_refusal(ref.world(ctx), side, unit, spots)
    if why is not None:
        raise IllegalCommand(why, verb="deploy")
    card = ref.catalogue.card(unit.card)
    facing = 90.0 if state.record(side).edge != "top" else 270.0
    models = tuple(PlacedModel(id=m, name=card.name, unit=unit.id, side=side, base_mm=card.base_mm,
                               x=round(spots[m][0], 2), y=round(spots[m][1], 2), facing=facing, wounds=card.hp,
                               points=card.points) for m in unit.models)
    ctx.emit(UnitDeployed(unit=unit.id, models=models))
    if deployment_turn(ctx.state) is None:
        ctx.emit(StepReached(step="rounds"))
        begin_round(ctx, ref, 1)
