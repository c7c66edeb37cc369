"""The table as Shroudfall's rules measure it, for one state: bases, cards, passive abilities, sight, melee and
terrain (Shroudfall beta rulebook v1.4, L258-268, L647-701, L975-991).

- Distances are between the closest points of two bases; *within* needs part of a base, *completely within* all of
  it (L258-264).
- Sight runs from any point of one base to any point of the other, blocked by a model whose base is at least as
  large as the target's (not the two models themselves; a Stealth model more than 6" from the viewer may be
  ignored, L1373; Shrouded terrain gives Stealth to bases of 40 mm or less, L1461) and by a line passing completely
  through OBSCURING terrain: a piece either model is within never blocks their lines (L683-688, L1449-1451).
  Scenario elements block as models of their base size (ruling ``scenario-elements-block``).
- Two hostile models are in melee when either is within the range of one of the other's melee profiles and that
  other sees it (L649-652).
- A model within area terrain benefits from it; within 1" of linear terrain it benefits when a line from the
  attacker's base to its base passes through the piece (L979-987).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import Polygon

from engine.core import ModelId
from engine.geometry import (
    TOLERANCE,
    XY,
    Base,
    LineOfSight,
    Sight,
    Table,
    Terrain,
    distance,
    is_within,
    some_line_crosses,
)
from engine.geometry.clearance import segment_gap
from engine.systems.shroudfall.catalogue import ShroudfallCatalogue, fold, split_named
from engine.systems.shroudfall.measured import Measured
from engine.systems.shroudfall.rulings import Rulings
from engine.systems.shroudfall.schema import AttackType, UnitCard, Weapon
from engine.systems.shroudfall.state import Piece, ShroudfallState, UnitRecord

__all__ = ["STEALTH_RANGE", "Benefit", "Measured", "World", "keyword_of", "level_of"]

STEALTH_RANGE = 6.0
"""Stealth keeps a model from being targeted, or blocking sight, from more than 6" away (L1373)."""
SHROUDED_BASE_MM = 40.0
"""Shrouded terrain gives Stealth to models on bases of 40 mm or less (L1461)."""
_T = TypeVar("_T")
_LEVEL = re.compile(r"\+?(\d+(?:\.\d+)?)")


def keyword_of(text: str) -> str:
    """A terrain or passive keyword as matched: its name folded, the (Type) or (X) dropped."""
    return fold(split_named(text)[0])


def level_of(texts: Iterable[str], name: str) -> int | None:
    """The level of ``name`` among passive texts: (X) values take the best, (+X) values add to it (L284-290);
    None when absent, 0 for a passive without a level."""
    base: int | None = None
    extra = 0
    for text in texts:
        found, param = split_named(text)
        if fold(found) != fold(name):
            continue
        match = _LEVEL.fullmatch((param or "0").strip().rstrip('"'))
        value = int(float(match.group(1))) if match else 0
        if param is not None and param.strip().startswith("+"):
            extra += value
        else:
            base = max(base or 0, value)
    if base is None and not extra:
        return None
    return (base or 0) + extra


@dataclass(frozen=True, slots=True)
class Benefit:
    """What the terrain gives a target against one attack: DEF and ARM, keywords whose effects apply, and the
    pieces it comes from, for the working."""

    defence: int = 0
    armour: int = 0
    keywords: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()


class World:
    """One state's models and scenery, measured by Shroudfall's rules; build one per command or question."""

    def __init__(self, state: ShroudfallState, catalogue: ShroudfallCatalogue, rulings: Rulings,
                 shared: Measured | None = None) -> None:
        self.state = state
        self.catalogue = catalogue
        self.rulings = rulings
        self.shared = shared if shared is not None else Measured()
        self._layout: tuple[str, str, bytes] | None = None
        self._terrain_key: str | None = None
        self.table = Table(state.width, state.height)
        self._bases: dict[str, Base] = {}
        self._sight: LineOfSight | None = None
        self._plain: LineOfSight | None = None
        self._seen: dict[tuple[str, str], Sight] = {}
        self._arrays: tuple[list[str], NDArray[np.float64], NDArray[np.float64]] | None = None
        self._gaps: dict[tuple[str, str], float] = {}
        self._cards: dict[ModelId, UnitCard] = {}
        self._keyed: dict[tuple[str, str], bool] = {}
        self._inside: dict[tuple[str, str], bool] = {}
        self._memo: dict[Hashable, Any] = {}
        self._shapes: dict[str, tuple[Terrain, tuple[float, float, float, float]]] = {}
        self._table_key: Hashable | None = None

    # -- models ----------------------------------------------------------------------------------------------

    def base(self, ident: str) -> Base:
        """The base of a model or a scenario element, by id."""
        found = self._bases.get(ident)
        if found is None:
            if ModelId(ident) in self.state.models:
                m = self.state.models[ModelId(ident)]
                found = self.shared.base(m.id, m.x, m.y, m.z, m.facing, m.base_mm)
            else:
                e = self.state.elements[ident]
                found = self.shared.base(e.id, e.x, e.y, 0.0, 0.0, e.base_mm)
            self._bases[ident] = found
        return found

    def with_spots(self, spots: Mapping[ModelId, XY]) -> World:
        """The same table with some models standing elsewhere (a move being checked); the state is not touched."""
        other = World(self.state, self.catalogue, self.rulings, self.shared)
        other._bases = {i: self.base(i) for i in (*self.state.models, *self.state.elements)}
        other._cards, other._keyed, other._shapes = self._cards, self._keyed, self._shapes
        for model, (x, y) in spots.items():
            other._bases[model] = self.base(model).at(x, y)
        return other

    def bases(self) -> list[Base]:
        """Every model's and scenario element's base."""
        return [self.base(i) for i in (*self.state.models, *self.state.elements)]

    def bases_with(self, spots: Mapping[ModelId, XY]) -> list[Base]:
        """Every base, with some models standing elsewhere (a move being checked), without a World for it."""
        return [self.base(i).at(*spots[ModelId(i)]) if i in spots else self.base(i)
                for i in (*self.state.models, *self.state.elements)]

    def unit(self, model: ModelId) -> UnitRecord:
        return self.state.unit_of(model)

    def card(self, model: ModelId) -> UnitCard:
        found = self._cards.get(model)
        if found is None:
            found = self._cards[model] = self.catalogue.card(self.unit(model).card)
        return found

    def passives(self, model: ModelId) -> tuple[str, ...]:
        """The model's common passive abilities: its card's and those effects gave its unit (``passive:Parry``)."""
        granted = tuple(e.split(":", 1)[1] for e in self.unit(model).effects if e.startswith("passive:"))
        return (*self.card(model).passives, *granted)

    def level(self, model: ModelId, name: str) -> int | None:
        """The level of a passive ability the model has (0 for one without a level), or None."""
        return level_of(self.passives(model), name)

    def has(self, model: ModelId, name: str) -> bool:
        return self.level(model, name) is not None

    def enemies(self, model: ModelId) -> list[ModelId]:
        side = self.state.models[model].side
        return [m for m, placed in self.state.models.items() if placed.side != side]

    def gap(self, a: str, b: str) -> float:
        """The distance between two bases' closest points (L258), measured once per pair."""
        key = (a, b) if a <= b else (b, a)
        found = self._gaps.get(key)
        if found is None:
            found = self._gaps[key] = distance(self.base(a), self.base(b))
        return found

    def table_key(self) -> Hashable:
        """Everything the rules of moving, melee and sight read of the table: the layout, and each unit's side,
        card, models, starting strength, conditions and effects, and the manifestations (a question answered for one
        such table holds for every World of it)."""
        if self._table_key is None:
            units = ";".join(f"{u.id}:{u.side}:{u.card}:{u.models}:{u.starting}:{u.conditions}:"
                             f"{sorted(u.effects.items())}" for u in self.state.units.values())
            storms = ";".join(f"{m.id}@{m.x},{m.y}" for m in self.state.manifestations.values())
            self._table_key = (*self.layout(), units, storms)
        return self._table_key

    def settled(self, question: Hashable, make: Callable[[], _T]) -> _T:
        """An answer that depends on :meth:`table_key` alone, shared by every World of the same table (a move planned
        for the menu's check is the move the command makes)."""
        return self.shared.answer((self.table_key(), question), make)

    def remember(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """An answer another module measures of this table (the tool a model starts with, what a tool must keep
        clear of), made once per World."""
        if key not in self._memo:
            self._memo[key] = make()
        found: _T = self._memo[key]
        return found

    # -- terrain ---------------------------------------------------------------------------------------------

    def _shape(self, ident: str) -> tuple[Terrain, tuple[float, float, float, float]]:
        found = self._shapes.get(ident)
        if found is None:
            found = self._shapes[ident] = self.shared.terrain(self.state.terrain[ident])
        return found

    def terrain(self, ident: str) -> Terrain:
        return self._shape(ident)[0]

    def piece(self, ident: str) -> Piece:
        return self.state.pieces[ident]

    def keywords(self, ident: str) -> tuple[str, ...]:
        return self.state.terrain[ident].keywords

    def piece_has(self, ident: str, keyword: str) -> bool:
        found = self._keyed.get((ident, keyword))
        if found is None:
            wanted = fold(keyword)
            found = self._keyed[(ident, keyword)] = any(keyword_of(k) == wanted for k in self.keywords(ident))
        return found

    def pieces_with(self, keyword: str) -> list[str]:
        return [t for t in self.state.terrain if self.piece_has(t, keyword)]

    def pieces_near(self, box: tuple[float, float, float, float]) -> list[str]:
        """The terrain pieces whose bounding box meets ``box`` (min x, min y, max x, max y): the only ones a shape
        inside that box can touch."""
        x0, y0, x1, y1 = box
        found = []
        for t in self.state.terrain:
            a0, b0, a1, b1 = self._shape(t)[1]
            if a0 <= x1 and x0 <= a1 and b0 <= y1 and y0 <= b1:
                found.append(t)
        return found

    def polygons_with(self, *keywords: str) -> list[tuple[str, Polygon]]:
        """``(id, polygon)`` of the pieces carrying any of ``keywords``, for the movement and push geometry."""
        return [(t, self.terrain(t).polygon) for t in self.state.terrain
                if any(self.piece_has(t, k) for k in keywords)]

    def within(self, ident: str, piece: str) -> bool:
        """Whether a base is within a terrain piece: any overlap, or wholly inside (ruling ``within-terrain``)."""
        found = self._inside.get((ident, piece))
        if found is None:
            base = self.base(ident)
            shape, (x0, y0, x1, y1) = self._shape(piece)
            poly, (x, y), r = shape.polygon, base.xy, base.radius
            if x < x0 - r or x > x1 + r or y < y0 - r or y > y1 + r:  # clear of the piece's box: clear of it
                found = False
            elif self.rulings.within_terrain == "complete":
                found = bool(poly.buffer(TOLERANCE).contains(shapely.Point(x, y).buffer(r)))
            else:
                found = float(shapely.distance(poly, shapely.Point(x, y))) < r - TOLERANCE
            self._inside[(ident, piece)] = found
        return found

    # -- sight -------------------------------------------------------------------------------------------------

    def _blocks(self, blocker: Terrain | Base, observer: Base, target: Base) -> bool:
        if isinstance(blocker, Terrain):
            return (self.piece_has(blocker.id, "Obscuring") and not self.within(observer.id, blocker.id)
                    and not self.within(target.id, blocker.id))
        if blocker.diameter_mm + 1e-9 < target.diameter_mm:
            return False
        return not (ModelId(blocker.id) in self.state.models
                    and self.stealth_hides(ModelId(blocker.id), ModelId(observer.id)))

    def stealthy(self, model: ModelId, viewer: ModelId) -> bool:
        """Whether ``model`` has Stealth against ``viewer``: the passive, or Shrouded terrain it benefits from on a base
        of 40 mm or less (L1373, L1461; L1035)."""
        if self.has(model, "Stealth"):
            return True
        if self.base(model).diameter_mm > SHROUDED_BASE_MM + 1e-9 or not self.pieces_with("Shrouded"):
            return False
        # only a Shrouded piece the model benefits from gives it (as ``benefits`` reads them, the others unmeasured)
        return any(self._benefits_from(viewer, model, ident) for ident in self.pieces_with("Shrouded")
                   if ident in self.state.pieces)

    def stealth_hides(self, model: ModelId, viewer: ModelId) -> bool:
        """Stealth more than 6" from ``viewer``: ``model`` cannot be its target, nor block its sight (L1373)."""
        return self.gap(model, viewer) > STEALTH_RANGE + TOLERANCE and self.stealthy(model, viewer)

    def terrain_key(self) -> str:
        """The terrain as the rules read it (outline, height, keywords, type), as one string: a key made once per
        World, cheap to look up (a string keeps its hash)."""
        if self._terrain_key is None:
            pieces = self.state.pieces
            self._terrain_key = self.shared.terrain_key(tuple((m, pieces[t].type if t in pieces else None)
                                                              for t, m in self.state.terrain.items()))
        return self._terrain_key

    def layout(self) -> tuple[str, str, bytes]:
        """The table as sight reads it: its size and terrain, the bases' ids, and where each stands and how large
        it is (its facing aside), as a key of three parts that keep their hashes."""
        if self._layout is None:
            bases = self.bases()
            where = np.array([(b.pose.x, b.pose.y, b.pose.z, b.diameter_mm, b.height) for b in bases], dtype=float)
            self._layout = (f"{self.state.width!r}x{self.state.height!r}/{self.terrain_key()}",
                            ",".join(b.id for b in bases), where.tobytes())
        return self._layout

    def _lines(self, models_block: bool) -> LineOfSight:
        def build() -> LineOfSight:
            obscuring = [self.terrain(t) for t in self.pieces_with("Obscuring")]
            return LineOfSight(obscuring, self.bases() if models_block else ())

        if models_block:
            if self._sight is None:
                self._sight = self.shared.lines(self.layout(), build).ruled(self._blocks)
            return self._sight
        if self._plain is None:
            self._plain = self.shared.lines(self.terrain_key(), build).ruled(self._blocks)
        return self._plain

    def sight(self, observer: str, target: str) -> Sight:
        """Whether ``observer`` has line of sight to ``target`` (L681-701), with what cut some lines (asked once per
        pair and table: the answer is shared with every World where the two bases, the terrain and every base that
        could block between them stand the same)."""
        found = self._seen.get((observer, target))
        if found is None:
            found = self.shared.answer(("sight", *self._sight_key(observer, target)),
                                       lambda: self._lines(True).check(self.base(observer), self.base(target)))
            self._seen[(observer, target)] = found
        return found

    def _sight_key(self, observer: str, target: str) -> tuple[Hashable, ...]:
        """All a pair's sight depends on: the terrain, the two bases, and each base near enough the line between them
        to block it (its centre within its radius and the larger of the pair's of that line: the blockers the sight
        lines are tested against) with whether it has Stealth (L1373)."""
        a, b = self.base(observer), self.base(target)
        ids, centres, radii = self._base_arrays()
        reach = radii + max(a.radius, b.radius)
        start, end = np.array(a.xy, dtype=float), np.array(b.xy, dtype=float)
        near = segment_gap(start[None], end[None], centres) <= reach + TOLERANCE
        nearby = tuple((self.base(i), self._stealth(i)) for i, hit in zip(ids, near.tolist(), strict=True)
                       if hit and i not in (observer, target))
        return self.terrain_key(), a, b, nearby

    def _stealth(self, ident: str) -> bool:
        return ModelId(ident) in self.state.models and self.has(ModelId(ident), "Stealth")

    def _base_arrays(self) -> tuple[list[str], NDArray[np.float64], NDArray[np.float64]]:
        if self._arrays is None:
            ids = [*self.state.models, *self.state.elements]
            bases = [self.base(i) for i in ids]
            self._arrays = (ids, np.array([x.xy for x in bases], dtype=float).reshape(-1, 2),
                            np.array([x.radius for x in bases], dtype=float))
        return self._arrays

    def sees(self, observer: str, target: str) -> bool:
        return self.sight(observer, target).visible

    def obscured(self, attacker: str, target: str) -> bool:
        """Completely obscured by OBSCURING terrain, models ignored: a beam or area attack passes it by (L797, L803,
        ruling ``template-targets``)."""
        return self.settled(("obscured", attacker, target),
                            lambda: not self._lines(False).check(self.base(attacker), self.base(target)).visible)

    # -- melee -------------------------------------------------------------------------------------------------

    def melee_weapons(self, model: ModelId) -> list[Weapon]:
        return [w for w in self.card(model).weapons if w.type == "melee"]

    def melee_range(self, model: ModelId) -> float | None:
        """The longest range of the model's melee profiles, or None without one."""
        ranges = [w.range for w in self.melee_weapons(model)]
        return max(ranges) if ranges else None

    def threatens(self, model: ModelId, other: ModelId) -> bool:
        """``other`` is within the range of one of ``model``'s melee profiles and ``model`` sees it (L651-652)."""
        reach = self.melee_range(model)
        return reach is not None and self.gap(model, other) <= reach + TOLERANCE and self.sees(model, other)

    def in_melee_with(self, a: ModelId, b: ModelId) -> bool:
        """Two hostile models are in melee when either threatens the other (L649-652); scenario elements never are
        (L1208)."""
        if b not in self.state.models or self.state.models[a].side == self.state.models[b].side:
            return False
        return self.threatens(b, a) or self.threatens(a, b)

    def engaged(self, model: ModelId) -> list[ModelId]:
        """The enemy models ``model`` is in melee with (measured once per World)."""
        return list(self.settled(("engaged", model),
                                 lambda: tuple(e for e in self.enemies(model) if self.in_melee_with(model, e))))

    def in_melee(self, model: ModelId) -> bool:
        return bool(self.engaged(model))

    # -- terrain benefits --------------------------------------------------------------------------------------

    def benefits(self, attacker: ModelId, target: ModelId, kind: AttackType, beam: bool = False) -> Benefit:
        """What terrain gives ``target`` against ``attacker``'s attack of ``kind`` (L975-991, L1017): area terrain the
        target is within (its DEF/ARM only against ranged and arcane attacks from outside it), linear terrain within
        1" that a line from the attacker's base to the target's crosses; a beam's targets gain no DEF/ARM (L783)."""
        defence = armour = 0
        keywords: list[str] = []
        sources: list[str] = []
        for ident in self.state.terrain:
            piece = self.state.pieces.get(ident)
            if piece is None or not self._benefits_from(attacker, target, ident):
                continue
            if piece.type == "area":
                counts = kind != "melee" and not self.within(attacker, ident)
            else:
                counts = kind != "melee" or self.rulings.linear_vs_melee == "all-attacks"
            keywords += [k for k in self.keywords(ident) if keyword_of(k) not in ("area terrain", "linear terrain")]
            if counts and not beam:
                defence, armour = defence + piece.defence, armour + piece.armour
            sources.append(f"{ident} ({piece.name}, {piece.type})")
        return Benefit(defence, armour, tuple(dict.fromkeys(keywords)), tuple(sources))

    def _benefits_from(self, attacker: ModelId, target: ModelId, ident: str) -> bool:
        """Whether ``target`` benefits from the piece against ``attacker``: area terrain it is within, linear terrain
        within 1" that a line from the attacker's base to the target's crosses (L975-991)."""
        if self.state.pieces[ident].type == "area":
            return self.within(target, ident)
        return is_within(self.base(target), self.terrain(ident), 1.0) and some_line_crosses(
            self.base(attacker), self.base(target), self.terrain(ident).polygon)
