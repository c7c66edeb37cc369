"""The rules' view of a game: the state with its data and rulings, and each model read through its card.

:class:`World` is what every rule function takes; :class:`Miniature` answers what a model is now (its
characteristics with their modifiers, its tokens and conditions, its abilities, card and gained). Nothing here
changes the state: rules emit events for that.
"""

from __future__ import annotations

import functools
import hashlib
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any, TypeVar

from engine.checks import Modifier, Target, target
from engine.core import Ask, Context, IllegalCommand, InvalidCommand, ModelId, RulesError, SideId, parse_point
from engine.geometry import Base, Pose
from engine.systems.sunshard.abilities import CONDITIONS, Ability, plus_n
from engine.systems.sunshard.catalogue import SunshardData
from engine.systems.sunshard.rulings import DEFAULT_RULINGS, Rulings
from engine.systems.sunshard.schema import ModelCard, SpellSpec, WeaponProfile
from engine.systems.sunshard.state import Figure, SideRecord, SunshardState
from engine.table import PlacedModel

__all__ = ["RULE", "Miniature", "World", "off_table", "refuse", "rulings_of", "world_of"]

RULE = "Sunshard:Embren core rules v1.0"
"""How a citation names the rulebook."""


def refuse(reason: str, line: str) -> IllegalCommand:
    """A refusal naming the rule broken: ``line`` is where the rulebook says so (``L547``)."""
    return IllegalCommand(reason, rule=f"{RULE}, {line}")


def off_table(world: World, ask: Ask, typed: str) -> str | None:
    """Why a typed point lies off the table, said before a menu asks which model (every other rule of a spot needs
    the model); None for a point on it, or for what is no point (a phrase such as ``toward A1``)."""
    try:
        x, y = parse_point(typed)
    except InvalidCommand:
        return None
    width, height = world.state.width, world.state.height
    if 0 <= x <= width and 0 <= y <= height:
        return None
    return f"{typed} is off the {width:g}\" x {height:g}\" table (x from 0 to {width:g}, y from 0 to {height:g})"


def rulings_of(chosen: dict[str, str]) -> Rulings:
    """The typed rulings of a game's setup (its defaults plus house rules, already checked at creation)."""
    return _rulings(tuple(sorted(chosen.items())))


@functools.lru_cache(maxsize=64)
def _rulings(chosen: tuple[tuple[str, str], ...]) -> Rulings:
    picked = dict(chosen)
    return Rulings(**{f.name: picked.get(f.name.replace("_", "-"), getattr(DEFAULT_RULINGS, f.name))
                      for f in fields(Rulings)})


def world_of(ctx: Context[SunshardState]) -> World:
    """The rules' view of a command's working state: the system carries the game's data (``data``)."""
    data = getattr(ctx.system, "data", None)
    if not isinstance(data, SunshardData):
        raise TypeError("a Sunshard context needs a system with its SunshardData as .data")
    return World(ctx.state, data, rulings_of(ctx.state.setup.rulings))


_T = TypeVar("_T")

_LASTING: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
"""What ``World.lasting`` keeps, the most recently used last."""
_LASTING_SIZE = 256


def _content(state: SunshardState) -> bytes:
    """A digest of everything in ``state`` but its sequence number and the activation in progress."""
    return hashlib.blake2b(state.model_dump_json(exclude={"seq", "activation"}).encode(), digest_size=16).digest()


@dataclass(frozen=True)
class World:
    """A game's state with its data and rulings; geometry worked out from it is kept while the state stays at the
    same point of its log (``memo``)."""

    state: SunshardState
    data: SunshardData
    rulings: Rulings = DEFAULT_RULINGS
    shared: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False, repr=False)
    """What ``memo`` keeps; a world seen as if another model were activating shares it (its keys name the model
    where the answer depends on it)."""
    _read: dict[tuple[str, int], Miniature] = field(default_factory=dict, compare=False, repr=False)
    """This world's models as read so far, by id and sequence number (``model``): a menu reads each model hundreds of
    times. Not shared with a world seen as if another model were activating: a model holds its world."""
    _keys: dict[int, tuple[Any, ...]] = field(default_factory=dict, compare=False, repr=False)
    """What ``lasting`` keys by besides the question, by sequence number (``_lasting_key``)."""

    def memo(self, key: Any, make: Callable[[], _T]) -> _T:
        """``make()``, kept for this state's sequence number (an event moves it on, and the value is made anew)."""
        slot = (key, self.state.seq)
        if slot not in self.shared:
            self.shared[slot] = make()
        found: _T = self.shared[slot]
        return found

    def lasting(self, key: Any, make: Callable[[], _T]) -> _T:
        """``make()``, kept for every state of the same content (this data, every figure, token and AP the same):
        a menu, the check of the command picked from it and its handler each read their own copy of one state, and
        the costliest answers (routed moves) are then worked out once. ``make`` must read nothing but this world."""
        slot = (key, *self._lasting_key())
        if slot in _LASTING:
            _LASTING.move_to_end(slot)
        else:
            _LASTING[slot] = make()
            if len(_LASTING) > _LASTING_SIZE:
                _LASTING.popitem(last=False)
        found: _T = _LASTING[slot]
        return found

    def _lasting_key(self) -> tuple[Any, ...]:
        """What ``lasting`` keys by besides the question, worked out once for this world's sequence number (a menu asks
        it hundreds of times): the data, the rulings, the content's digest and the activation in progress. The digest
        is kept for the sequence number too; worlds sharing what ``memo`` keeps differ only in which model is
        activating (see acting.activating), so the digest leaves the activation out (one digest for them all) and the
        key names it."""
        seq = self.state.seq
        found = self._keys.get(seq)
        if found is None:
            activation = self.state.activation
            active = () if activation is None else tuple(
                (name, value if value is None or isinstance(value, (str, int, float)) else repr(value))
                for name, value in activation)
            found = self._keys[seq] = (id(self.data), self.rulings, self.memo("content", lambda: _content(self.state)),
                                       active)
        return found

    def model(self, model_id: str) -> Miniature:
        """The model with that id, on the battlefield or not; :raises RulesError: for an unknown id."""
        slot = (model_id, self.state.seq)
        found = self._read.get(slot)
        if found is None:
            key = ModelId(model_id.upper())
            figure = self.state.figures.get(key)
            if figure is None:
                known = ", ".join(sorted(self.state.figures)) or "none yet"
                raise RulesError(f"there is no model {model_id}; the models are {known}")
            found = self._read[slot] = Miniature(self, figure)
        return found

    def on_table(self, side: SideId | None = None) -> list[Miniature]:
        """Every model on the battlefield (of ``side``, if given), in id order (which they are is kept for the state's
        sequence number: it reads the figures and the models' places, which a world seen as if another model were
        activating shares)."""
        state = self.state
        ids: tuple[str, ...] = self.memo("on-table", lambda: tuple(
            key for key, f in sorted(state.figures.items()) if f.status == "deployed" and key in state.models))
        found = [self.model(key) for key in ids]
        return found if side is None else [m for m in found if m.side == side]

    def record(self, side: SideId) -> SideRecord:
        return self.state.records.get(side, SideRecord())

    def opponent(self, side: SideId) -> SideId:
        """The other player (every rule is written for two, digest overview)."""
        others = [s for s in self.state.sides if s != side]
        return others[0] if others else side

    def battlefield_rule(self, rule: str) -> bool:
        """Whether a battlefield rule is in force (L735-747)."""
        return rule in self.state.battlefield


@dataclass(frozen=True)
class Miniature:
    """One model read through its card."""

    world: World
    figure: Figure

    @property
    def id(self) -> ModelId:
        return self.figure.id

    @property
    def side(self) -> SideId:
        return self.figure.side

    @cached_property
    def card(self) -> ModelCard:
        return self.world.data.card(self.figure.card)

    @property
    def placed(self) -> PlacedModel:
        """Its place on the table; :raises RulesError: when it is not on the battlefield."""
        model = self.world.state.models.get(self.id)
        if model is None:
            raise RulesError(f"{self.id} is not on the battlefield")
        return model

    @property
    def on_table(self) -> bool:
        return self.figure.status == "deployed" and self.id in self.world.state.models

    @property
    def name(self) -> str:
        return f"{self.id} {self.card.name}"

    # -- tokens and conditions ------------------------------------------------------------------------------------

    @property
    def tokens(self) -> Counter[str]:
        """Tokens and conditions it holds, by name (L589-632)."""
        model = self.world.state.models.get(self.id)
        return Counter(model.tokens) if model is not None else Counter()

    def holds(self, name: str) -> int:
        """How many ``name`` tokens it holds (counted in place: rules ask this of every model for every menu)."""
        model = self.world.state.models.get(self.id)
        return model.tokens.count(name) if model is not None else 0

    @property
    def conditions(self) -> tuple[str, ...]:
        return tuple(c for c in CONDITIONS if self.holds(c))

    @property
    def downed(self) -> bool:
        return self.holds("Downed") > 0

    @property
    def floored(self) -> bool:
        return self.holds("Floored") > 0

    @property
    def wavering(self) -> bool:
        return self.holds("Wavering") > 0

    @property
    def hp(self) -> int:
        """HP it has now."""
        model = self.world.state.models.get(self.id)
        return model.wounds_left if model is not None else 0

    # -- abilities ------------------------------------------------------------------------------------------------

    def has(self, ability: str) -> bool:
        """Whether it has the special ability ``ability``: on its card, gained (Commander as Leader, L339), or given
        by its Shard Focus now (L1475)."""
        if self.card.has(ability) or ability in self.figure.gained:
            return True
        if ability == "Shard Focus" or not self.card.has("Shard Focus"):
            return False
        from engine.systems.sunshard.shards import focus_grants  # shards reads terrain, which reads this module

        return focus_grants(self, ability)

    def ability(self, name: str) -> Ability | None:
        return self.card.ability(name)

    @property
    def leader(self) -> bool:
        return self.figure.leader

    def weapon(self, name: str) -> WeaponProfile:
        """Its weapon profile (or known curse's profile) of that name; :raises RulesError: naming its profiles."""
        for profile in self.profiles:
            if profile.name.casefold() == name.casefold():
                return profile
        names = ", ".join(p.name for p in self.profiles) or "none"
        raise RulesError(f"{self.name} has no weapon profile {name!r}; it has {names}")

    @property
    def profiles(self) -> tuple[WeaponProfile, ...]:
        """Its weapon profiles, then the profiles of the curses it knows (curses are weapon profiles, L674)."""
        curses = tuple(spell.profile for spell in self.spells if spell.profile is not None)
        return (*self.card.weapons, *curses)

    @property
    def spells(self) -> tuple[SpellSpec, ...]:
        """The spells it knows (chosen at deployment, L654-660)."""
        spells = self.world.data.spells
        return tuple(spells[spell_id] for spell_id in self.figure.spells if spell_id in spells)

    # -- characteristics ------------------------------------------------------------------------------------------

    def characteristic(self, name: str, extra: tuple[Modifier, ...] = ()) -> Target:
        """A characteristic with every modifier that applies now, never below 1 (L1303): SPD -2 when Floored (L608),
        AP -1 and SPD -1 carrying a Rescue marker (L872), Blightpowered(+N NAME) for each Blight token (ruling
        blightpowered), Shard Focus(+N NAME) while focused (L1475, ruling shard-focus)."""
        base = int(getattr(self.card, name))
        mods: list[Modifier] = list(extra)
        if name == "SPD" and self.floored:
            mods.append(Modifier.add("Floored", -2, f"{RULE}, L608"))
        if name in ("SPD", "AP") and self.holds("Rescue"):
            mods.append(Modifier.add("carrying the Rescue marker", -1, f"{RULE}, L872"))
        bonus = self.blightpowered(name)
        if bonus:
            mods.append(Modifier.add(f"Blightpowered ({self.holds('Blight')} Blight)", bonus, f"{RULE}, L1417"))
        if self.card.has("Shard Focus"):
            from engine.systems.sunshard.shards import focus_bonus  # shards reads terrain, which reads this module

            if focus := focus_bonus(self, name):
                mods.append(Modifier.add("Shard Focus", focus, f"{RULE}, L1475"))
        return target(base, mods, minimum=1, label=name)

    def blightpowered(self, name: str) -> int:
        """What Blightpowered(+N NAME) adds to ``name`` now: N for each Blight token (ruling blightpowered)."""
        power = self.ability("Blightpowered")
        if power is None or power.param is None:
            return 0
        return plus_n(power.param, name) * self.holds("Blight")

    def base(self, *, for_sight: bool = False) -> Base:
        """Its base as geometry: feet at the HGT of the terrain it stands completely within (``z``), height its HGT;
        for sight, Floored takes 1 HGT off, never below 1 (L608)."""
        world = self.world
        slot = (("base", self.figure.id, for_sight), world.state.seq)  # ``memo``'s own slot, read without a closure
        found: Base | None = world.shared.get(slot)
        if found is None:
            model = self.placed
            height = self.card.HGT
            if for_sight and self.floored:
                height = max(1, height - 1)
            found = world.shared[slot] = Base(self.id, Pose(model.x, model.y, model.z, model.facing), model.base_mm,
                                              float(height))
        return found

    def functional_hgt(self, *, for_sight: bool = True) -> float:
        """Its HGT plus that of the terrain it stands completely within (L280), Floored counted for sight."""
        return self.base(for_sight=for_sight).top

