"""Scoring and winning (Shroudfall beta rulebook v1.4, L1186-1297): who controls a scenario element, the Crystal
Mines' crystals and VP, the scenario win by a VP lead, annihilation, the end of round 5 and its six tie-breakers."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import shapely

from engine.core import SideId
from engine.geometry import TOLERANCE
from engine.systems.shroudfall.rulings import Rulings
from engine.systems.shroudfall.schema import Colour
from engine.systems.shroudfall.state import Element, ShroudfallState
from engine.systems.shroudfall.terrain_schema import CrystalPlace, ScenarioCard
from engine.systems.shroudfall.world import World, level_of

__all__ = [
    "CONTROL_RANGE",
    "control_counts",
    "controller",
    "mine_crystal",
    "mine_place",
    "scenario_lead_winner",
    "scenario_threshold",
    "sole_survivor",
    "tie_breakers",
]

CONTROL_RANGE = 1.0
"""Models within 1" of a CONTROL element count for its control (L1223)."""


def control_counts(world: World, element: Element) -> dict[SideId, int]:
    """Each side's models within 1" of the element (any part of the base, ruling ``control-counting``); a model with
    Claim Ground (X) counts as X (L1305, L1321)."""
    counts = {side: 0 for side in world.state.sides}
    centre = shapely.Point(element.x, element.y)
    for model, placed in world.state.models.items():
        gap = float(centre.distance(shapely.Point(placed.x, placed.y))) - element.radius - placed.radius
        if gap > CONTROL_RANGE + TOLERANCE:
            continue
        if world.rulings.control_counting == "simple-minded-excluded" and world.has(model, "Simple Minded"):
            continue
        claim = level_of(world.passives(model), "Claim Ground")
        counts[placed.side] += claim if claim else 1
    return counts


def controller(world: World, element: Element) -> SideId | None:
    """Who controls the element: for a CONTROL element, the side with more models within 1" (L1223; equal numbers,
    nobody); else whoever's control token is on it (L1235)."""
    if "CONTROL" not in element.keywords:
        return element.control
    counts = control_counts(world, element)
    best = max(counts.values(), default=0)
    leaders = [side for side, n in counts.items() if n == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def mine_place(state: ShroudfallState, element: Element, active: SideId) -> CrystalPlace:
    """Where a mine lies for the active player: their half, on the middle line (its base crosses it), or the
    opponent's half (L1291-1293)."""
    middle = state.height / 2
    if abs(element.y - middle) < element.radius - TOLERANCE:
        return "middle"
    bottom = element.y < middle
    own_bottom = state.record(active).edge != "top"
    return "own-half" if bottom == own_bottom else "opponent-half"


def mine_crystal(state: ShroudfallState, element: Element, active: SideId, card: ScenarioCard,
                 rulings: Rulings) -> Colour:
    """The crystal a mine gives the active player (L1289-1293; ruling ``crystal-colours``)."""
    if rulings.crystal_colours == "all-yellow":
        return "yellow"
    return card.crystals[mine_place(state, element, active)]


def scenario_threshold(scenarios: Sequence[ScenarioCard]) -> int:
    """The lead that wins by scenario: the VP values of the scenarios played, added up (L1198; ruling
    ``scenario-win``)."""
    return sum(card.vp or 0 for card in scenarios)


def scenario_lead_winner(vp: Mapping[SideId, int], threshold: int, rulings: Rulings) -> SideId | None:
    """Who wins by scenario at a round's end: a lead of at least ``threshold`` (the larger lead if both could; equal
    leads play on), or under ``total-reached`` the one side that has reached it."""
    if threshold <= 0:
        return None
    sides = list(vp)
    if rulings.scenario_win == "total-reached":
        reached = [s for s in sides if vp[s] >= threshold]
        return reached[0] if len(reached) == 1 else None
    best = max(sides, key=lambda s: vp[s])
    others = [vp[s] for s in sides if s != best]
    lead = vp[best] - max(others, default=0)
    return best if lead >= threshold and others and vp[best] > max(others) else None


def sole_survivor(state: ShroudfallState) -> tuple[bool, SideId | None]:
    """Annihilation (L1254-1256): (ended, winner). The game ends once a side has no model left; the side with models
    wins; when both are gone at once the result is a draw (ruling ``simultaneous-annihilation``: winner None)."""
    standing = {side: any(m.side == side for m in state.models.values()) for side in state.sides}
    if all(standing.values()):
        return False, None
    alive = [s for s, up in standing.items() if up]
    return True, alive[0] if len(alive) == 1 else None


def _reserve(state: ShroudfallState, side: SideId, colour: Colour) -> int:
    return state.record(side).reserve.count(colour)


def tie_breakers(state: ShroudfallState, grey_roll_off: Callable[[], SideId]) -> tuple[SideId, tuple[str, ...]]:
    """Settle equal VP after round 5 (L1258-1267), with the reserves as they stand before they are emptied (ruling
    ``tie-breaker-reserve``): fewer essence weavers lost, fewer army points lost (whole units only), more red, then
    yellow, then grey crystals, then a roll-off with a grey die."""
    a, b = state.sides
    ra, rb = state.record(a), state.record(b)
    steps: tuple[tuple[str, int, int, bool], ...] = (
        ("fewer essence weavers destroyed (L1262)", ra.weavers_lost, rb.weavers_lost, False),
        ("fewer army points destroyed (L1263)", ra.points_lost, rb.points_lost, False),
        ("more red crystals in the reserve (L1264)", _reserve(state, a, "red"), _reserve(state, b, "red"), True),
        ("more yellow crystals (L1265)", _reserve(state, a, "yellow"), _reserve(state, b, "yellow"), True),
        ("more grey crystals (L1266)", _reserve(state, a, "grey"), _reserve(state, b, "grey"), True),
    )
    lines = []
    for what, va, vb, more in steps:
        lines.append(f"{what}: {a} {va}, {b} {vb}")
        if va != vb:
            return (a if (va > vb) == more else b), tuple(lines)
    winner = grey_roll_off()
    return winner, (*lines, f"still level: a roll-off with a grey die, won by {winner} (L1267)")
