"""Line of sight and cover (Sunshard:Embren core rules v1.0, L276-321, L739).

A model sees another when some straight line between their bases crosses no model or terrain of functional HGT
equal to or greater than the models' (L282; ruling los-threshold: the taller of the two). Clear terrain never
blocks (L708), Blocking terrain always does (ruling blocking-terrain), terrain either model stands within never blocks
their lines, though terrain a model only touches does (ruling los-own-terrain, L700), and Deepest Darkness stops
sight beyond 6" (L739). A Floored model is 1 HGT lower for sight, never below 1 (L608).

A target has cover from a Light or Heavy Cover piece a clear sight line passes through (L302; ruling cover-lines),
or that it stands within or touches (ruling cover-inside), except a piece within 1" of the attacker when the target
is not within 1" of it (L304) and a piece the target's functional HGT tops by more than 2 (L305). Heavy wins over
light; cover does not add up (L307).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.geometry import TOLERANCE, Base, BlockRule, LineOfSight, Terrain, distance
from engine.systems.sunshard.terrain import pieces, relation, touches
from engine.systems.sunshard.world import RULE, Miniature, World

__all__ = ["DARKNESS_RANGE", "Cover", "CoverKind", "cover", "has_sight", "sight_of"]

DARKNESS_RANGE = 6.0
"""Deepest Darkness: no sight beyond 6" (L739)."""

CoverKind = Literal["none", "light", "heavy"]


@dataclass(frozen=True, slots=True)
class Cover:
    """The cover a target has against one ranged or curse attack: its kind, the pieces giving it, the working."""

    kind: CoverKind
    pieces: tuple[str, ...]
    working: tuple[str, ...]


def _stands_within(base: Base, terrain: Terrain) -> bool:
    """Within or completely within the piece (L696); a base that only touches it is in contact, not within (L700)."""
    return relation(base, terrain) in ("within", "completely")


def _rule(world: World) -> BlockRule:
    taller = world.rulings.los_threshold == "taller"
    blocking = world.rulings.blocking_terrain == "blocks-sight"

    def blocks(blocker: Terrain | Base, observer: Base, target: Base) -> bool:
        if isinstance(blocker, Terrain):
            if blocker.has("blocking") and blocking:
                return True
            if _stands_within(observer, blocker) or _stands_within(target, blocker):
                return False
            if blocker.has("clear"):
                return False
            top = blocker.height
        else:
            top = blocker.top
        need = max(observer.top, target.top) if taller else min(observer.top, target.top)
        return top + TOLERANCE >= need

    return blocks


def sight_of(world: World) -> LineOfSight:
    """The battlefield's sight: its terrain and every model on it as blockers (Downed models too, ruling
    downed-block-sight); a model never blocks sight to or from itself. Built once for a state's content (a menu, the
    bot, the check and the handler each read their own copy of one state)."""
    def build() -> LineOfSight:
        bases = [m.base(for_sight=True) for m in world.on_table()
                 if not (m.downed and world.rulings.downed_block_sight == "no")]
        return LineOfSight(pieces(world), bases, rule=_rule(world))
    return world.memo("sight", lambda: world.lasting(("sight",), build))


def has_sight(world: World, a: Miniature, b: Miniature) -> bool:
    """Whether ``a`` and ``b`` see each other (sight is always both ways, L282), kept per pair for this state (a
    menu, the bot and the check each ask it of every pair)."""
    def look() -> bool:
        sa, sb = a.base(for_sight=True), b.base(for_sight=True)
        if world.battlefield_rule("deepest-darkness") and distance(sa, sb) > DARKNESS_RANGE + TOLERANCE:
            return False
        return sight_of(world).can_see(sa, sb)
    return world.memo(("sees", *sorted((a.id, b.id))), look)


def _near(terrain: Terrain, a: Base, b: Base) -> bool:
    """Whether ``terrain`` reaches the box around both bases, where every sight line between them runs (a piece
    outside it can give neither cover nor stand under the target): most pieces are ruled out without geometry."""
    left, bottom, right, top = terrain.polygon.bounds
    margin = max(a.radius, b.radius) + TOLERANCE
    return not (right < min(a.xy[0], b.xy[0]) - margin or left > max(a.xy[0], b.xy[0]) + margin
                or top < min(a.xy[1], b.xy[1]) - margin or bottom > max(a.xy[1], b.xy[1]) + margin)


def cover(world: World, attacker: Miniature, target: Miniature) -> Cover:
    """The cover ``target`` has against a ranged or curse attack by ``attacker`` (L300-321)."""
    sa, st = attacker.base(for_sight=True), target.base(for_sight=True)
    shelters = [t for t in pieces(world) if (t.has("light-cover") or t.has("heavy-cover")) and _near(t, sa, st)]
    if not shelters:
        return Cover("none", (), ())
    through = set(sight_of(world).lines_through(
        sa, st, shelters, every=world.rulings.cover_lines == "every-line"))
    giving: list[Terrain] = []
    working: list[str] = []
    for shelter in shelters:
        inside = touches(st, shelter) and world.rulings.cover_inside == "yes"
        if shelter.id not in through and not inside:
            continue
        if distance(sa, shelter) <= 1 + TOLERANCE and distance(st, shelter) > 1 + TOLERANCE:
            working.append(f"{shelter.id} is within 1\" of {attacker.id} and {target.id} is not: no cover from it "
                           f"({RULE}, L304)")
            continue
        if st.top - shelter.height > 2 + TOLERANCE:
            working.append(f"{target.id} (functional HGT {st.top:g}) stands more than 2 above {shelter.id} (HGT "
                           f"{shelter.height:g}): no cover from it ({RULE}, L305)")
            continue
        giving.append(shelter)
        how = "stands within or touches it" if inside and shelter.id not in through else "a line of sight crosses it"
        working.append(f"{shelter.id} gives {'heavy' if shelter.has('heavy-cover') else 'light'} cover: {how} "
                       f"({RULE}, L302)")
    kind: CoverKind = "none"
    if any(t.has("heavy-cover") for t in giving):
        kind = "heavy"
        if any(not t.has("heavy-cover") for t in giving):
            working.append(f"light and heavy cover together count as heavy only ({RULE}, L307)")
    elif giving:
        kind = "light"
    return Cover(kind, tuple(t.id for t in giving), tuple(working))
