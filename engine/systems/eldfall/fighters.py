"""A model as the rules see it now: its card with upgrades and stratagems applied (as ``fitting`` fits it), its
states, its modified attributes, what it carries and what it can attack or cast with (each a ``means.Means``).

Attributes are modified additive first, then halving or doubling rounded up (Eldfall core rules v1.5, L567-573),
from its upgrades (L2635-2913), its states (L1678-1790), its Leader's stratagem (L372-382) and its enchantments
(L950-960). A model may attack with any weapon it carries, unarmed (L1430-1435) or with a shield bash (L1437-1440),
or with any spell it knows (L317-321, L893-1000); whichever weapon it attacks with becomes the one it holds
(L428-432, ruling ``equip-on-attack``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property

from engine.checks import Halvings, Modifier, Target, target
from engine.core import ModelId, SideId
from engine.systems.eldfall.cards import Card
from engine.systems.eldfall.catalogue import EldfallCatalogue, fold
from engine.systems.eldfall.choices import Chosen, ItemChange
from engine.systems.eldfall.equipment import Carried, Loadout, encumbrance, equipped, without
from engine.systems.eldfall.familiars import serving
from engine.systems.eldfall.fitting import Fitted, fit, stratagems_on
from engine.systems.eldfall.means import HURL, Means, item_means, means_of_spell, thrown_means, unarmed_means
from engine.systems.eldfall.modifiers import Source
from engine.systems.eldfall.refs import ItemRef
from engine.systems.eldfall.rolls import effect_modifiers
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.schema import (
    AbilitySpec,
    Attribute,
    Effect,
    Grant,
    ItemSpec,
    SpellSpec,
    StratagemSpec,
    UpgradeSpec,
)
from engine.systems.eldfall.state import EldfallState, Figure
from engine.table import PlacedModel

__all__ = [
    "ENCHANTMENT_EFFECTS",
    "OUT_OF_ACTION",
    "STATES",
    "Aura",
    "Fighter",
    "fighter",
]

STATES = ("bleeding", "blinded", "confused", "crippled", "crouched", "dead", "engaged", "flying", "immobilized",
          "incapacitated", "panicked", "poisoned", "shrouded", "slowed", "weakened", "fatigued", "petrified", "hidden")
"""Every state a model may be in, as tokens on the table (L1678-1790; Fatigued from the older summary)."""

OUT_OF_ACTION = frozenset({"incapacitated", "dead"})
"""States in which a model gets no AP and neither activates nor reacts (L1712, L1756)."""

ENCHANTMENT_EFFECTS: dict[str, Effect] = {
    "fiery-fervor": Effect(adds={"OFF": 2, "DEF": 2}),
    "spectral-blade": Effect(gains=("Ignore Armor", "Stagger")),
    "burning-touch": Effect(gains=("Sweep I", "Burn (1)")),
}
"""The numbers of enchantments the engine reads from its own table (the spell data holds only their text):
Fiery Fervor L2280, Spectral Blade L2305, Burning Touch L2307."""

Aura = Callable[[ModelId, Attribute], list[Modifier]]
"""What the models around one model add to one of its attributes (Inspiring, Intimidating, L2095-2101)."""


class Fighter:
    """One model with everything the rules read about it, worked out once per query."""

    def __init__(self, model: PlacedModel, figure: Figure, catalogue: EldfallCatalogue, rulings: Rulings,
                 stratagems: tuple[StratagemSpec, ...], auras: Aura | None = None,
                 familiars: tuple[Card, ...] = ()) -> None:
        self.model = model
        self.figure = figure
        self.catalogue = catalogue
        self.rulings = rulings
        self._stratagems = stratagems
        self._auras = auras
        self.familiars = familiars
        """The cards of the familiars it has summoned, on the table now: it gains what they list (L2069)."""
        self._has: dict[str, bool] = {}

    # -- identity ------------------------------------------------------------------------------------------

    @property
    def id(self) -> ModelId:
        return self.model.id

    @property
    def side(self) -> SideId:
        return self.model.side

    @property
    def name(self) -> str:
        return self.model.name

    def __repr__(self) -> str:
        return f"Fighter({self.id} {self.name})"

    # -- the card ------------------------------------------------------------------------------------------

    @cached_property
    def fitted(self) -> Fitted:
        """Its card as its upgrades, familiars and stratagems fit it: worked out once per catalogue for each figure
        (the same unit, upgrades, options, classes and items), whichever state or query asks."""
        f = self.figure
        key = ("fitted", f.unit, tuple(f.upgrades), tuple((k, tuple(v)) for k, v in sorted(f.choices.items())),
               tuple(f.classes), tuple(f.extra_items), tuple(sorted(f.given.items())),
               tuple(c.name for c in self.familiars), tuple(s.id for s in self._stratagems))
        return self.catalogue.kept(key, lambda: fit(f, self.catalogue, self._stratagems, self.familiars))

    @property
    def upgrades(self) -> tuple[UpgradeSpec, ...]:
        return self.fitted.upgrades

    @property
    def chosen(self) -> tuple[Chosen, ...]:
        """The options its player chose for its upgrades in the party list (Glyphscribe: Reduce Weight, L2855-2861)."""
        return self.fitted.chosen

    @property
    def grants(self) -> tuple[tuple[str, Grant, str], ...]:
        """What its upgrades and their chosen options give: (name, grant, source)."""
        return self.fitted.grants

    @property
    def item_changes(self) -> Mapping[str, ItemChange]:
        """What its chosen options change of the items it carries, by item id (Inscribed Item, L2859)."""
        return self.fitted.item_changes

    def item_change(self, means: Means) -> ItemChange | None:
        """The change to the item ``means`` attacks with: its own, or its shield's for a Shield Bash (the bash's STK
        is the shield's, L462 and L1437-1440); none for a thrown item, whose STK is the quantity thrown (L2177)."""
        if means.id == "shield-bash":
            return self.item_changes.get(self.loadout.shield.id) if self.loadout.shield is not None else None
        if means.item is None or means.thrown:
            return None
        return self.item_changes.get(means.item.id)

    def item_label(self, item: ItemSpec) -> str:
        """An item's name with what its chosen options change: ``Short Sword (Inscribed Item: WGT -1, STK +1)``."""
        change = self.item_changes.get(item.id)
        return f"{item.name} ({change.label})" if change is not None else item.name

    @property
    def card(self) -> Card:
        """The printed card with its upgrades' classes, abilities, levels and items, what its familiars give it
        (L2069), and the gains of its side's stratagem."""
        return self.fitted.card

    @property
    def inventory(self) -> tuple[tuple[ItemRef, bool], ...]:
        """Its items in card order, each marked whether it was acquired (an upgrade's item, one picked up or traded
        to it) rather than printed on its profile; those it traded away are gone, the last acquired first (L1545)."""
        return self.fitted.inventory

    @cached_property
    def tradeable(self) -> dict[str, int]:
        """The acquired items it still carries, by item id and count: what it may exchange by Trade (L1542-1545);
        a printed item used or thrown goes first, so an acquired one of the same kind stays tradeable."""
        acquired: dict[str, int] = {}
        for ref, mine in self.inventory:
            if mine:
                item = self.catalogue.item(ref.name).id
                acquired[item] = acquired.get(item, 0) + ref.qty
        held = {c.item.id: 0 for c in self.carried}
        for c in self.carried:
            held[c.item.id] += c.qty
        return {item: min(n, held.get(item, 0)) for item, n in acquired.items() if held.get(item, 0) > 0}

    def has(self, ability: str) -> bool:
        """Whether its card (upgrades and stratagems included) lists the class, trait, skill or art (each asked once
        per fighter: the rules ask a model's skills again and again)."""
        found = self._has.get(ability)
        if found is None:
            found = self._has[ability] = self.card.has_class(ability) or self.card.level_of(ability) > 0
        return found

    def level(self, ability: str) -> int:
        return self.card.level_of(ability)

    def under(self, stratagem: str) -> bool:
        """Whether the stratagem of that id is in force on it (its Leader's, reaching it; an enemy's Subterfuge)."""
        return any(s.id == stratagem for s in self._stratagems)

    # -- states --------------------------------------------------------------------------------------------

    @cached_property
    def states(self) -> frozenset[str]:
        """Its states, lower case: the state tokens it carries."""
        return frozenset(t for t in self.model.tokens if t in STATES)

    def is_(self, state: str) -> bool:
        return state in self.states

    @property
    def out(self) -> bool:
        """Incapacitated or Dead: no AP, no activation, no reaction (L1712, L1756)."""
        return bool(self.states & OUT_OF_ACTION)

    @property
    def dead(self) -> bool:
        return "dead" in self.states

    @cached_property
    def state_specs(self) -> tuple[AbilitySpec, ...]:
        return tuple(self.catalogue.ability(name, "state") for name in sorted(self.states))

    # -- attributes ----------------------------------------------------------------------------------------

    @cached_property
    def sources(self) -> tuple[Source, ...]:
        """Every standing effect on it: card abilities, states, stratagems, enchantments."""
        found = list(self.fitted.effects)
        found += [Source(s.name, s.effect, s.source) for s in self.state_specs if s.effect is not None]
        for stratagem in self._stratagems:
            if stratagem.effect is not None:
                found.append(Source(stratagem.name, stratagem.effect, stratagem.source))
        if "surprised" in self.model.tokens:  # a Surprise Attack's target, for the sequence (L2159)
            surprise = self.catalogue.ability("Surprise Attack", "trait")
            if surprise.effect is not None:
                found.append(Source(surprise.name, surprise.effect, surprise.source))
        for spell_id in self.figure.enchantments:
            effect = ENCHANTMENT_EFFECTS.get(spell_id)
            if effect is not None:
                spell = self.catalogue.spell(spell_id)
                found.append(Source(spell.name, effect, spell.source))
        return tuple(found)

    def attribute(self, name: Attribute, extra: Iterable[Modifier] = ()) -> Target:
        """The modified attribute (L567-573); ``extra`` adds situational modifiers (cover, a shield...)."""
        mods: list[Modifier] = []
        for granted_by, grants, cited in self.grants:
            if grants.adds.get(name):
                mods.append(Modifier.add(granted_by, grants.adds[name], _lines(cited)))
            mods += [Modifier.add(f"{granted_by} ({' or '.join(extra.having)})", extra.adds[name], _lines(cited))
                     for extra in grants.adds_if if extra.adds.get(name) and any(map(self.has, extra.having))]
        for familiar in self.familiars:
            if familiar.familiar_adds.get(name):
                mods.append(Modifier.add(f"{familiar.name} (Familiar)", familiar.familiar_adds[name], "L2069"))
        for source in self.sources:
            if source.effect.role is None and source.effect.attack is None and not source.effect.after_idle:
                mods += effect_modifiers(name, source.effect, source.name, _lines(source.rule))
        if self._auras is not None:
            mods += self._auras(self.id, name)
        mods += list(extra)
        halvings: Halvings = "once" if self.rulings.stacked_halving == "once" else "each"
        return target(self.card[name], mods, halvings=halvings, label=name)

    def value(self, name: Attribute) -> int:
        return self.attribute(name).value

    @property
    def stamina(self) -> int:
        return self.value("STA")

    @property
    def speed(self) -> int:
        return self.value("SPD")

    @property
    def hp(self) -> int:
        return self.model.wounds_left

    # -- items ---------------------------------------------------------------------------------------------

    @cached_property
    def carried(self) -> tuple[Carried, ...]:
        """What it carries: its card's and upgrades' items, less those used up, thrown or dropped (L414, L2177,
        L394)."""
        found = []
        spent = dict(self.figure.spent)
        for dropped, count in self.figure.dropped.items():
            spent[dropped] = spent.get(dropped, 0) + count
        changes = {item: change.wgt for item, change in self.item_changes.items()}
        for ref in self.card.items:
            item = self.catalogue.item(ref.name)
            gone = min(spent.get(item.id, 0), ref.qty)
            spent[item.id] = spent.get(item.id, 0) - gone
            if ref.qty - gone > 0:
                found.append(Carried(item, ref.qty - gone, changes.pop(item.id, 0)))  # one item is inscribed
        return tuple(found)

    @property
    def capacity(self) -> int:
        """INVENTORY (X) with what its upgrades and chosen options add (Pouch, Inscribed Armor; L2658, L2861)."""
        return self.card.inventory + sum(g.inventory for _, g, _ in self.grants)

    @cached_property
    def over_encumbered(self) -> bool:
        """Over its INVENTORY (X): no Movement and no Special Action (L390); items it is ordered to drop as it
        activates burden it no more (L394)."""
        dropping = self.figure.dropping
        return encumbrance(without(self.carried, dropping) if dropping else self.carried, self.capacity).over

    @cached_property
    def loadout(self) -> Loadout:
        """What it holds: the weapon it last attacked with or equipped (else the first listed) and, when that leaves
        a hand free and it has not laid it down, its shield (L420-432)."""
        default = equipped(self.carried, dual_wield=self.has("Dual Wield"))
        held = self.figure.weapon
        item = next((c.item for c in self.carried if c.item.id == held and c.item.category == "Weapon"), None)
        if item is None or default.weapon is None or held == default.weapon.id:
            found = default
        else:
            two = "Two-Handed" in item.traits
            shield = None if two else next((c.item for c in self.carried if c.item.category == "Shield"), None)
            found = Loadout(item, None, shield, default.accessory)
        return dataclasses.replace(found, shield=None) if self.figure.shield_off else found

    def accessory(self, item_id: str) -> bool:
        """Whether it carries the accessory ``item_id`` (a staff, an amplifier)."""
        return any(c.item.id == item_id for c in self.carried)

    # -- means of attack and casting ---------------------------------------------------------------------

    @cached_property
    def weapons(self) -> tuple[Means, ...]:
        """Everything it can attack with that is not a spell: carried weapons and throwables, a shield bash
        with a shield, and its bare hands (L1430-1440)."""
        found: list[Means] = []
        for entry in self.carried:
            means = item_means(entry.item)
            if means is not None and entry.item.category != "Shield" and means.id not in {m.id for m in found}:
                found.append(means)
        for entry in self.carried:  # one throw per item, even when two entries carry it (a card's and an upgrade's)
            if "Throwing" in entry.item.traits and f"thrown-{entry.item.id}" not in {m.id for m in found}:
                found.append(thrown_means(entry))
        if self.loadout.shield is not None:
            found.append(item_means(self.catalogue.item("shield-bash")) or unarmed_means(self.catalogue))
        if self.has("Hurl"):
            found.append(HURL)
        found.append(unarmed_means(self.catalogue))
        return tuple(found)

    @property
    def spells(self) -> tuple[SpellSpec, ...]:
        """Every spell it can cast: an Affinity for its element and a Spellcraft holding it (L317-321)."""
        return self.fitted.spells

    def means(self, wanted: str) -> Means | None:
        """The weapon or spell it names (id or name, any case), if it has it."""
        return self._named_means.get(fold(wanted))

    @cached_property
    def _named_means(self) -> dict[str, Means]:
        """Its weapons, then its spells, by id and by name folded, the first listed under each (the checks of an
        Action-step menu look a means up by name for every spell they try)."""
        found: dict[str, Means] = {}
        for means in (*self.weapons, *self.spell_means()):
            found.setdefault(fold(means.id), means)
            found.setdefault(fold(means.name), means)
        return found

    def spell_means(self) -> tuple[Means, ...]:
        return self._spell_means

    @cached_property
    def _spell_means(self) -> tuple[Means, ...]:
        return tuple(means_of_spell(s) for s in self.spells)

    @property
    def is_caster(self) -> bool:
        return bool(self.spells)

    def casting_attribute(self) -> Attribute:
        """INT, or M for a Mystic (L1847); a Druid uses the better of the two (L1827)."""
        if self.has("Mystic"):
            return "M"
        if self.has("Druid") and self.value("M") > self.value("INT"):
            return "M"
        return "INT"

    def casting_modifiers(self, spell: SpellSpec) -> list[Modifier]:
        """What this caster adds to any casting of ``spell``, an attack or an Assist: a Druid's +4 on Earth
        spells (L1827)."""
        if spell.element == "Earth" and self.has("Druid"):
            return [Modifier.add("Druid casting an Earth spell", 4, "L1827")]
        return []


def _lines(source: str) -> str | None:
    """A citation's line part (``L1234``) for a modifier's working."""
    at = source.find("L")
    return source[at:].split(";")[0] if at >= 0 and source[at + 1:at + 2].isdigit() else None


def fighter(state: EldfallState, model_id: ModelId, catalogue: EldfallCatalogue, rulings: Rulings,
            auras: Aura | None = None) -> Fighter:
    """The model ``model_id`` as the rules see it (``auras``: what other models around it add to an attribute);
    :raises KeyError: for a model not on the table."""
    model = state.models[model_id]
    figure = state.figures[model_id]
    familiars = tuple(catalogue.card(f.unit) for f in serving(state, model_id, catalogue))
    return Fighter(model, figure, catalogue, rulings, stratagems_on(state, figure, catalogue, rulings), auras,
                   familiars)
