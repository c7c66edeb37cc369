"""The table as Eldfall's rules measure it, for one state: hitboxes, sight, arcs, Awareness, reach, engagement.

Models are hitbox cylinders by size (Eldfall core rules v1.5, L237-251), flat when Crouched, Incapacitated or Dead,
standing at the height of the surface under them (ruling ``flat-table``: ``heights``). Sight is an unblocked line
between hitboxes from the 180-degree front arc (L651-676, L655-657, ruling ``line-of-sight-model``): while every model
stands on the table, past scenery and other models as tall as the taller of the two; once one stands higher, along
3D lines past terrain blocks and hitbox cylinders (``engine.geometry.sight_in_height``). Awareness is AG inches from
the base, height included (L683-685).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from functools import cached_property
from typing import TypeVar

import shapely

from engine.checks import Modifier
from engine.core import ModelId, SideId
from engine.geometry import TOLERANCE, Base, Battlefield, LineOfSight, Pose, Sight, Terrain, sight_in_height
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.engagement import Threat, engaged_by
from engine.systems.eldfall.fighters import Fighter, fighter
from engine.systems.eldfall.heights import AREA, ground_at, is_solid
from engine.systems.eldfall.hitbox import gap, hitbox
from engine.systems.eldfall.modifiers import front_arc
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.schema import Attribute
from engine.systems.eldfall.sight import SightCheck, in_awareness, in_front_arc
from engine.systems.eldfall.state import EldfallState
from engine.table import BLOCKING, Point
from engine.table.geometry import battlefield

__all__ = ["FLAT_STATES", "World"]

T = TypeVar("T")

_UNSET = object()
"""What ``World.kept`` finds under a key it keeps nothing under yet."""

FLAT_STATES = frozenset({"crouched", "incapacitated", "dead"})
"""States that shrink a hitbox to its base (L1706, L1712, L1754)."""
_SOLDIERLY: frozenset[str] = frozenset({"OFF", "DEF", "ACC", "INT", "M"})
"""The attributes the models around may change: the Soldier bonus reaches all five (L1863), auras only M."""


class World:
    """One state's models and scenery, measured by Eldfall's rules; build one per command or question."""

    def __init__(self, state: EldfallState, catalogue: EldfallCatalogue, rulings: Rulings) -> None:
        self.state = state
        self.catalogue = catalogue
        self.rulings = rulings
        self._fighters: dict[ModelId, Fighter] = {}
        self._sight: dict[frozenset[str], LineOfSight] = {}
        self._seen: dict[tuple[str, str, Point | None, Point | None, bool], SightCheck] = {}
        self._field: tuple[int, Battlefield] | None = None
        self._engagers: dict[tuple[ModelId, int], tuple[ModelId, ...]] = {}
        self._kept: dict[tuple[Hashable, ...], object] = {}
        self._bases: dict[tuple[ModelId, int], Base] = {}

    def kept(self, key: tuple[Hashable, ...], make: Callable[[], T]) -> T:
        """What ``make`` works out from this state alone, kept under ``key`` while the state stays at one event: a
        menu asks the same of every model it offers."""
        full = (self.state.seq, *key)
        found = self._kept.get(full, _UNSET)
        if found is _UNSET:
            found = self._kept[full] = make()
        return found  # type: ignore[return-value]  # what ``make`` made for this key

    # -- models --------------------------------------------------------------------------------------------

    def fighter(self, model: ModelId) -> Fighter:
        found = self._fighters.get(model)
        if found is None:
            found = fighter(self.state, model, self.catalogue, self.rulings, self._auras)
            self._fighters[model] = found
        return found

    def _auras(self, model: ModelId, attribute: Attribute) -> list[Modifier]:
        """What the models around add: the Soldier bonus to every roll of OFF, DEF, ACC, INT or M (L1863), not only
        attacks; M +6 from an Inspiring ally of its affiliation whose Awareness it is in, -6 while Panicked from an
        Intimidating enemy it sees (L2095-2101)."""
        if attribute not in _SOLDIERLY:
            return []
        f = self.fighter(model)
        mods = self._soldiers(f)
        if attribute != "M":
            return mods
        inspirer = next((a for a in self.allies(f) if a.has("Inspiring") and set(a.card.factions) & set(f.card.factions)
                         and self.aware(a.id, f.id)), None)
        if inspirer is not None:
            mods.append(Modifier.add(f"Inspiring ({inspirer.id})", 6, "L2097"))
        if f.is_("panicked"):
            bully = next((e for e in self.enemies(f) if e.has("Intimidating") and self.sees(f.id, e.id).visible), None)
            if bully is not None:
                mods.append(Modifier.add(f"Intimidating ({bully.id})", -6, "L2101"))
        return mods

    def _soldiers(self, f: Fighter) -> list[Modifier]:
        """+1 for each other standing Soldier of its own party (not an allied player's, L1863, L2957) in its
        Awareness (and itself with Companion of Hairon)."""
        if not f.has("Soldier"):
            return []
        mates = [a for a in self.allies(f) if a.side == f.side and a.has("Soldier") and self.aware(f.id, a.id)]
        count = len(mates) + (1 if "companion-of-hairon" in f.figure.upgrades else 0)
        if not count:
            return []
        return [Modifier.add(f"Soldier ({count} Soldier{'s' if count > 1 else ''} in its Awareness)", count, "L1863")]

    def fighters(self, side: SideId | None = None, *, standing: bool = False) -> list[Fighter]:
        """Models on the table (of ``side``), in id order; ``standing``: not Incapacitated or Dead."""
        everyone = self.kept(("fighters",), lambda: tuple(self.fighter(m) for m in sorted(self.state.models, key=_order)
                                                           if m in self.state.figures))
        return [f for f in everyone if (side is None or f.side == side) and not (standing and f.out)]

    def enemies(self, of: Fighter, *, standing: bool = True) -> list[Fighter]:
        return [f for f in self.fighters(standing=standing) if self.state.enemies(of.side, f.side)]

    def allies(self, of: Fighter, *, standing: bool = True) -> list[Fighter]:
        """Its allied models: its own side's and, while an alliance holds, its allies' (L2935)."""
        return [f for f in self.fighters(standing=standing) if f.id != of.id and self.state.friends(of.side, f.side)]

    def friends(self, a: Fighter, b: Fighter) -> bool:
        """Whether two models are allied models (the same side, or allied players'; L2935)."""
        return self.state.friends(a.side, b.side)

    # -- geometry ------------------------------------------------------------------------------------------

    def base(self, model: ModelId, at: Point | None = None, facing: float | None = None) -> Base:
        """The model's hitbox where it stands (or set down at ``at``, on the surface there, facing ``facing``); where
        it stands, kept while the state stays at one event (a menu measures each model from every other)."""
        if at is None and facing is None:
            key = (model, self.state.seq)
            found = self._bases.get(key)
            if found is None:
                found = self._bases[key] = self._placed(model, None, None)
            return found
        return self._placed(model, at, facing)

    def _placed(self, model: ModelId, at: Point | None, facing: float | None) -> Base:
        f = self.fighter(model)
        x, y = at if at is not None else (f.model.x, f.model.y)
        z = f.model.z if at is None else self.ground(at)
        pose = Pose(x, y, z, f.model.facing if facing is None else facing)
        return hitbox(model, f.card.size, pose, flat=bool(f.states & FLAT_STATES), rulings=self.rulings)

    @cached_property
    def terrain(self) -> tuple[Terrain, ...]:
        return battlefield(self.state).terrain

    def field(self) -> Battlefield:
        """The table as geometry, kept while the state stays at one event (a menu routes every model on it)."""
        if self._field is None or self._field[0] != self.state.seq:
            self._field = (self.state.seq, battlefield(self.state))
        return self._field[1]

    @property
    def heights(self) -> bool:
        """Whether models stand on raised surfaces here (ruling ``flat-table``)."""
        return self.rulings.flat_table == "surfaces"

    def ground(self, point: Point) -> float:
        """The height of the surface under ``point`` (0 on a flat table)."""
        return ground_at(self.terrain, point) if self.heights else 0.0

    def at_table_level(self, points: list[Point]) -> bool:
        """Whether every point lies on the table itself, no raised surface under any (``ground`` 0 at each; one test
        per piece for them all)."""
        if not self.heights:
            return True
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return not any(piece.height > TOLERANCE and shapely.contains_xy(piece.polygon, xs, ys).any()
                       for piece in self.terrain if is_solid(piece))

    @cached_property
    def sight_terrain(self) -> tuple[Terrain, ...]:
        """The pieces that stop 3D sight lines: every solid body, and area scenery marked blocking or obscuring."""
        return tuple(p for p in self.terrain if not p.has(AREA) or any(p.has(k) for k in BLOCKING))

    @cached_property
    def raised(self) -> bool:
        """Whether some model stands above the table, so sight runs along 3D lines."""
        return any(m.z > TOLERANCE for m in self.state.models.values())

    def sight_lines(self, without: Iterable[str] = ()) -> LineOfSight:
        """Sight past the scenery and every model but ``without`` (a model seen where it is not now)."""
        key = frozenset(without)
        found = self._sight.get(key)
        if found is None:
            bases = [self.base(f.id) for f in self.fighters() if f.id not in key]
            found = LineOfSight(self.terrain, bases)
            self._sight[key] = found
        return found

    def arc(self, f: Fighter) -> float:
        """Its front arc in degrees: 180, or 360 with Vigilance (L655, L2200)."""
        return front_arc(f.sources)

    def sees(self, viewer: ModelId, seen: ModelId, *, seen_at: Point | None = None, viewer_at: Point | None = None,
             moving: bool = False) -> SightCheck:
        """Line of sight from ``viewer`` to ``seen`` (placed at ``seen_at`` when given): the front arc, Blinded and
        Engaged first (L655-657, L1688, L1461), then sampled sight lines past scenery and models (L662-664)."""
        key = (viewer, seen, seen_at, viewer_at, moving)
        found = self._seen.get(key)
        if found is None:
            found = self._sees(viewer, seen, seen_at, viewer_at, moving)
            self._seen[key] = found
        return found

    def sees_each(self, viewer: ModelId, seen: Iterable[ModelId]) -> None:
        """Work out ``sees`` from ``viewer`` to each of ``seen`` where they stand, the sight lines of every pair that
        comes to them surveyed in one batch while every model stands on the table (a menu asks it of every target)."""
        todo = [m for m in dict.fromkeys(seen) if (viewer, m, None, None, False) not in self._seen]
        decided = {m: self._before_lines(viewer, m, None, None, False) for m in todo}
        lined = [m for m, found in decided.items() if found is None]
        observer = self.base(viewer)
        if len(lined) > 1 and not self.raised and observer.pose.z <= TOLERANCE:
            row = self.sight_lines().matrix([observer], [self.base(m) for m in lined])[0]
            decided.update((m, _lined(bool(clear), False)) for m, clear in zip(lined, row, strict=True))
        for m, found in decided.items():
            self._seen[(viewer, m, None, None, False)] = found or _lined(self.clear(observer, self.base(m)), False)

    def _sees(self, viewer: ModelId, seen: ModelId, seen_at: Point | None, viewer_at: Point | None,
              moving: bool) -> SightCheck:
        found = self._before_lines(viewer, seen, seen_at, viewer_at, moving)
        if found is not None:
            return found
        observer, target = self.base(viewer, viewer_at), self.base(seen, seen_at)
        without = [m for m, at in ((seen, seen_at), (viewer, viewer_at)) if at is not None]
        return _lined(self.clear(observer, target, without), moving)

    def _before_lines(self, viewer: ModelId, seen: ModelId, seen_at: Point | None, viewer_at: Point | None,
                      moving: bool) -> SightCheck | None:
        """What ``sees`` finds before any sight line is drawn (itself, Blinded, Engaged, the front arc), or None."""
        v = self.fighter(viewer)
        if viewer == seen:
            return SightCheck(True, "a model always sees itself (L674)")
        if v.is_("blinded") and not self._clairvoyant_sees(v, seen, seen_at):
            return SightCheck(False, "Blinded: it sees nothing but itself (L1688)", 1.0)
        if seen_at is None and seen in self.engagers(viewer):
            return SightCheck(True, "Engaged: it always sees the enemies engaging it (L1461)")
        observer, target = self.base(viewer, viewer_at), self.base(seen, seen_at)
        if not moving and not in_front_arc(observer, target, arc=self.arc(v)):
            return SightCheck(False, "outside its front arc (L655-657)", 1.0)
        return None

    def clear(self, observer: Base, target: Base, without: Iterable[str] = ()) -> bool:
        """Whether some sight line joins the two hitboxes past the scenery and the other models (``without`` some)."""
        if not self.raised and observer.pose.z <= TOLERANCE and target.pose.z <= TOLERANCE:
            return self.sight_lines(without).can_see(observer, target)
        return self.sight_in_height(observer, target, without).visible

    def sight_in_height(self, observer: Base, target: Base, without: Iterable[str] = ()) -> Sight:
        """The 3D sight lines between two hitboxes past the solid scenery and the other models' cylinders."""
        skip = {*without, observer.id, target.id}
        bases = [self.base(f.id) for f in self.fighters() if f.id not in skip]
        return sight_in_height(observer, target, self.sight_terrain, bases)

    def sees_along(self, viewer: ModelId, seen: ModelId, points: list[Point]) -> list[bool]:
        """Whether ``viewer`` sees ``seen`` placed at each point (one batched survey of the sight lines)."""
        v = self.fighter(viewer)
        if v.is_("blinded") or not points or self.raised or not self.at_table_level(points):
            return [self.sees(viewer, seen, seen_at=p).visible for p in points]
        observer = self.base(viewer)
        arc = self.arc(v)
        targets = [self.base(seen, p) for p in points]
        in_arc = [in_front_arc(observer, t, arc=arc) for t in targets]
        shown = [t for t, ok in zip(targets, in_arc, strict=True) if ok]
        if not shown:
            return [False] * len(points)
        row = iter(self.sight_lines([seen]).matrix([observer], shown)[0])
        return [bool(next(row)) if ok else False for ok in in_arc]

    def _clairvoyant_sees(self, v: Fighter, seen: ModelId, seen_at: Point | None) -> bool:
        """A Clairvoyant model may ignore its own Blinded state toward enemies in its Awareness (L359, L1914)."""
        return v.has("Clairvoyance") and self.aware(v.id, seen, other_at=seen_at)

    def gap(self, a: ModelId, b: ModelId, *, a_at: Point | None = None, b_at: Point | None = None) -> float:
        """Closest distance between two hitboxes, in inches (L597)."""
        return gap(self.base(a, a_at), self.base(b, b_at))

    def touching(self, a: ModelId, b: ModelId) -> bool:
        return self.gap(a, b) <= TOLERANCE

    def awareness(self, f: Fighter) -> float:
        """Its Awareness radius: AG inches (modified, by ruling awareness-measure), +3 with Acute Senses."""
        ag = f.value("AG") if self.rulings.awareness_measure == "modified-3d" else f.card["AG"]
        return float(ag + (3 if f.has("Acute Senses") else 0))

    def aware(self, owner: ModelId, other: ModelId, *, other_at: Point | None = None,
              owner_at: Point | None = None) -> bool:
        """Whether ``other``'s hitbox is in or touching ``owner``'s Awareness (L683-685)."""
        f = self.fighter(owner)
        ag = f.value("AG") if self.rulings.awareness_measure == "modified-3d" else f.card["AG"]
        return in_awareness(self.base(owner, owner_at), ag, self.base(other, other_at),
                            acute_senses=f.has("Acute Senses"), rulings=self.rulings)

    def mana_sharers(self, f: Fighter) -> list[Fighter]:
        """The models whose Mana Counters ``f`` may spend: itself, and for a Summoner the party's other Summoners
        (L1871)."""
        if not f.has("Summoner"):
            return [f]
        return [f, *(o for o in self.fighters(f.side, standing=True) if o.id != f.id and o.has("Summoner")
                     and o.figure.mana > 0)]

    def mana_pool(self, f: Fighter) -> int:
        """The Mana Counters ``f`` may spend now (its own, and the party's Summoners' for a Summoner, L1871); kept for
        this world's own models while the state stays at one event (an Action-step menu asks it of every spell)."""
        if self._fighters.get(f.id) is f:
            return self.kept(("mana pool", f.id), lambda: sum(o.figure.mana for o in self.mana_sharers(f)))
        return sum(o.figure.mana for o in self.mana_sharers(f))

    def melee_reach(self, f: Fighter) -> float | None:
        """The reach of its held melee weapon (ruling engagement-weapon), None when it holds none."""
        weapon = f.loadout.weapon
        if weapon is None or "Melee" not in weapon.types or weapon.reach is None:
            return None
        return weapon.reach.inches

    def engagers(self, model: ModelId) -> tuple[ModelId, ...]:
        """The enemies engaging ``model`` now: it stands in their held melee weapon's reach (L1447-1461); kept while
        the state stays at one event."""
        key = (model, self.state.seq)
        found = self._engagers.get(key)
        if found is None:
            f = self.fighter(model)
            threats = [] if f.out else self._threats_to(f.side)
            found = self._engagers[key] = tuple(ModelId(i) for i in engaged_by(self.base(model), threats,
                                                                                flying=f.is_("flying")))
        return found

    def _threats_to(self, side: SideId) -> tuple[Threat, ...]:
        """The threat each standing enemy of ``side`` makes (its hitbox, its held melee weapon's reach, its states),
        worked out once while the state stays at one event: a menu asks ``engagers`` of every model it offers, all of
        one side (an ally's weapon, which engages none of them, is not read)."""
        return self.kept(("threats to", side), lambda: tuple(self._threat(e) for e in self.fighters(standing=True)
                                                             if self.state.enemies(side, e.side)))

    def _threat(self, e: Fighter) -> Threat:
        return Threat(self.base(e.id), self.melee_reach(e), frozenset(e.states))


def _lined(clear: bool, moving: bool) -> SightCheck:
    """What ``sees`` finds once the sight lines are drawn: some clear, or every one blocked."""
    if not clear:
        return SightCheck(False, "every sight line is blocked (L662-664)", 1.0)
    return SightCheck(True, "seen while moving, all round (L670)" if moving else
                      "in its front arc and unblocked (L655-662)")


def _order(model: str) -> tuple[str, int]:
    """Sort ids side first, then by number (A2 before A10)."""
    head = model.rstrip("0123456789")
    tail = model[len(head):]
    return head, int(tail) if tail else 0
