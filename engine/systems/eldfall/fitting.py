"""A model's card as its figure fits it, worked out from the catalogue alone: its upgrades and the options its player
chose for them (L2635-2913), the items they grant and those traded away (L1545), what its familiars give it (L2069),
and the stratagems in force on it (its own Leader's Authority ones, an allied Leader's, enemies' Subterfuge ones,
L372-382, L2935). ``fighters.Fighter`` reads the result (``Fitted``) once per figure and catalogue.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType

from engine.systems.eldfall.cards import Card
from engine.systems.eldfall.catalogue import EldfallCatalogue, fold
from engine.systems.eldfall.choices import Chosen, ItemChange, chosen_options, item_changes
from engine.systems.eldfall.equipment import granted_items
from engine.systems.eldfall.magic import knows_spell
from engine.systems.eldfall.modifiers import Source, card_effects
from engine.systems.eldfall.refs import ItemRef, Ref, parse_ref, slug
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.schema import Grant, SpellSpec, StratagemSpec, UpgradeSpec
from engine.systems.eldfall.state import EldfallState, Figure

__all__ = ["Fitted", "fit", "stratagems_on"]


@dataclasses.dataclass(frozen=True, slots=True)
class Fitted:
    """A model's card as fitted by what its figure records, and what follows from that card alone."""

    upgrades: tuple[UpgradeSpec, ...]
    chosen: tuple[Chosen, ...]
    grants: tuple[tuple[str, Grant, str], ...]
    item_changes: Mapping[str, ItemChange]
    inventory: tuple[tuple[ItemRef, bool], ...]
    card: Card
    effects: tuple[Source, ...]
    """The standing effects its card's classes, traits and skills carry."""
    spells: tuple[SpellSpec, ...]
    """Every spell it can cast: an Affinity for its element and a Spellcraft holding it (L317-321)."""


def fit(figure: Figure, catalogue: EldfallCatalogue, stratagems: tuple[StratagemSpec, ...],
         familiars: tuple[Card, ...]) -> Fitted:
    """The printed card with its upgrades' classes, abilities, levels and items, what its familiars give it (L2069),
    and the gains of its side's stratagem."""
    upgrades = tuple(catalogue.upgrade(u) for u in figure.upgrades)
    chosen = chosen_options(figure.choices, catalogue)
    grants = tuple([(u.name, u.grants, u.source) for u in upgrades]
                   + [(c.label, c.grants, c.upgrade.source) for c in chosen])
    inventory = _inventory(figure, catalogue, grants)
    base = catalogue.card(figure.unit)
    classes = [*base.classes, *(c for c in figure.classes if c not in base.classes)]
    refs: dict[str, list[Ref]] = {"trait": list(base.traits), "skill": list(base.skills), "art": list(base.arts),
                                  "spellcraft": list(base.spellcrafts)}
    for choice in chosen:
        if choice.option.replaces is not None and choice.replaced is not None:
            _lose(refs, choice.option.replaces, choice.replaced)
    for _, granted, _ in grants:
        classes += [c for c in granted.classes if c not in classes]
        for text in granted.abilities:
            _gain(catalogue, refs, text)
        if granted.next_level:
            _next_level(catalogue, refs, granted.next_level)
    for familiar in familiars:
        for kind, text in familiar.familiar_gains:
            if kind == "class":
                classes += [text] if text not in classes else []
            else:
                _gain(catalogue, refs, text)
    for stratagem in stratagems:
        if stratagem.effect is not None and (not stratagem.only_classes
                                             or any(c in classes for c in stratagem.only_classes)):
            for text in stratagem.effect.gains:
                _gain(catalogue, refs, text)
    card = dataclasses.replace(base, classes=tuple(classes), traits=tuple(refs["trait"]),
                               skills=tuple(refs["skill"]), arts=tuple(refs["art"]),
                               spellcrafts=tuple(refs["spellcraft"]), items=tuple(r for r, _ in inventory))
    spells = (tuple(s for s in catalogue.spells if knows_spell(card, s) is None)
              if card.params_of("Affinity") else ())
    return Fitted(upgrades, chosen, grants, MappingProxyType(item_changes(chosen)), inventory, card,
                  card_effects(card, catalogue), spells)


def _inventory(figure: Figure, catalogue: EldfallCatalogue,
               grants: tuple[tuple[str, Grant, str], ...]) -> tuple[tuple[ItemRef, bool], ...]:
    """Its items in card order, each marked whether it was acquired rather than printed on its profile; those it
    traded away are gone, the last acquired first (L1545)."""
    printed = catalogue.card(figure.unit).items

    def weapon(ref: ItemRef) -> bool:
        return catalogue.item(ref.name).category == "Weapon"

    granted = granted_items(printed, (g for _, g, _ in grants), weapon)
    marked = [(ref, i >= len(printed) or ref.key != printed[i].key) for i, ref in enumerate(granted)]
    marked += [(ItemRef(name), True) for name in figure.extra_items]
    given = dict(figure.given)
    kept: list[tuple[ItemRef, bool]] = []
    for ref, acquired in reversed(marked):
        item = catalogue.item(ref.name).id
        if acquired and given.get(item, 0) > 0:
            given[item] -= 1
            continue
        kept.append((ref, acquired))
    return tuple(reversed(kept))


def _gain(catalogue: EldfallCatalogue, refs: dict[str, list[Ref]], text: str) -> None:
    ref = parse_ref(text)
    ability = catalogue.ability(ref.name)
    bucket = refs.get(ability.kind)
    if bucket is None:
        return
    for i, held in enumerate(bucket):
        if held.key == ref.key and held.params == ref.params:
            bucket[i] = dataclasses.replace(held, level=max(held.level, ref.level))
            return
    bucket.append(ref)


def _lose(refs: dict[str, list[Ref]], name: str, param: str) -> None:
    """Take the printed ``name (param)`` off the card, for what an upgrade puts in its place (Mana Catalyst, L2881)."""
    for bucket in refs.values():
        for i, held in enumerate(bucket):
            kept = tuple(p for p in held.params if slug(p) != param)
            if held.key == fold(name) and kept != held.params:
                if kept:
                    bucket[i] = dataclasses.replace(held, params=kept)
                else:
                    del bucket[i]
                return


def _next_level(catalogue: EldfallCatalogue, refs: dict[str, list[Ref]], name: str) -> None:
    """One more level of an art or spellcraft (Bujutsu Expertise, Adept Shaper), or its first (L2708-2853)."""
    if fold(name) == "spellcraft":
        crafts = refs["spellcraft"]
        if crafts:
            crafts[0] = dataclasses.replace(crafts[0], level=min(crafts[0].level + 1, 5))
        return
    for bucket in refs.values():
        for i, held in enumerate(bucket):
            if held.key == fold(name):
                bucket[i] = dataclasses.replace(held, level=min(held.level + 1, 5))
                return
    ability = catalogue.ability(name)
    refs.setdefault(ability.kind, []).append(Ref(ability.name, 1))


def stratagems_on(state: EldfallState, figure: Figure, catalogue: EldfallCatalogue,
                  rulings: Rulings) -> tuple[StratagemSpec, ...]:
    """The stratagems in force on a model: its own Leader's Authority ones, an allied Leader's when the model is of
    that Leader's Affiliation (L2935, L1086, ruling ``alliance-authority``), enemies' Subterfuge ones (L372-378)."""
    found = []
    for side, record in state.records.items():
        if record.active_stratagem is None:
            continue
        stratagem = catalogue.stratagem(record.active_stratagem)
        own = side == figure.side
        if stratagem.kind == "authority":
            if own and not _same_affiliation(state, figure, record.faction, catalogue):
                continue
            if not own and not (state.allied(side, figure.side) and rulings.alliance_authority == "same-affiliation"
                                and _of_faction(state, figure, record.faction, catalogue)):
                continue
        elif own or not state.enemies(side, figure.side):
            continue
        found.append(stratagem)
    return tuple(found)


def _same_affiliation(state: EldfallState, figure: Figure, faction: str, catalogue: EldfallCatalogue) -> bool:
    """Authority stratagems reach the party's models of the Leader's affiliation, every model in Guildsworn, and
    models with Camaraderie (L378, L1086, L2695)."""
    party = state.record(figure.side).party
    if party is not None and party.format == "guildsworn":
        return True
    if "camaraderie" in figure.upgrades or not faction:
        return True
    return _of_faction(state, figure, faction, catalogue)


def _of_faction(state: EldfallState, figure: Figure, faction: str, catalogue: EldfallCatalogue) -> bool:
    """Whether the model is of the Affiliation ``faction`` (a summoned creature is of its party's)."""
    try:
        card = catalogue.card(figure.unit)
    except LookupError:
        return False
    party = state.record(figure.side).faction
    return bool(faction) and (faction in card.factions or (card.has_class("Creature") and party == faction))

