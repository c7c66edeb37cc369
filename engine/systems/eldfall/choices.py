"""Upgrade options: the "choose one" of an upgrade card, made in the party list and carried to the model.

A party member names one option per copy of each upgrade that offers options (``UpgradeSpec.options``):
``choices: {glyphscribe-reduce-weight: inscribed-item:short-sword}``, or a list for several copies. An option that
works on an item (``UpgradeOption.item``) names one the model carries, of the categories it accepts. The party
checker reports every broken choice with what is accepted; deployment writes each choice in a canonical form
(``inscribed-item:short-sword``, the option's key and the item's id) onto the model's record, so play and replay
read the same thing. Glyphscribe: Reduce Weight is the first such upgrade (Eldfall core rules v1.5, L2855-2861).
An option that swaps a printed ability (``UpgradeOption.replaces``: Mana Catalyst's Affinity, L2879-2881) names the
one it replaces after the colon (``fire:earth``), or nothing when the card prints just one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.systems.eldfall.cards import Card
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.equipment import granted_items
from engine.systems.eldfall.refs import book_lines, slug
from engine.systems.eldfall.schema import Grant, ItemSpec, PartyMember, UpgradeOption, UpgradeSpec

__all__ = [
    "Chosen",
    "ItemChange",
    "canonical_choices",
    "choice_problems",
    "chosen_options",
    "item_changes",
    "member_items",
]


@dataclass(frozen=True, slots=True)
class Chosen:
    """One option a model's player chose for one copy of an upgrade, and the item it works on."""

    upgrade: UpgradeSpec
    option: UpgradeOption
    item: ItemSpec | None = None
    replaced: str | None = None
    """The parameter of the printed ability it replaces (``Earth`` of ``Affinity (Earth)``)."""

    @property
    def text(self) -> str:
        """The canonical form kept on the model: the option's key, then ``:`` and the item's id or the replaced
        parameter when it has one."""
        if self.item is not None:
            return f"{slug(self.option.name)}:{self.item.id}"
        return slug(self.option.name) + (f":{self.replaced}" if self.replaced is not None else "")

    @property
    def label(self) -> str:
        """For people: ``Glyphscribe: Reduce Weight (Inscribed Item: Short Sword)``, ``Mana Catalyst (Fire in place
        of Affinity (Earth))``."""
        what = f"{self.option.name}: {self.item.name}" if self.item is not None else self.option.name
        if self.replaced is not None:
            what += f" in place of {self.option.replaces} ({self.replaced})"
        return f"{self.upgrade.name} ({what})"

    @property
    def grants(self) -> Grant:
        return self.option.grants


@dataclass(frozen=True, slots=True)
class ItemChange:
    """What chosen options do to one carried item: WGT and STK changes, and which options did it."""

    item: str
    wgt: int
    stk: int
    names: tuple[str, ...]
    rule: str

    @property
    def name(self) -> str:
        """The options that made it, each once: ``Inscribed Item``."""
        return ", ".join(dict.fromkeys(self.names))

    @property
    def label(self) -> str:
        """``Inscribed Item: WGT -1, STK +1``."""
        parts = [f"WGT {self.wgt:+d}" if self.wgt else "", f"STK {self.stk:+d}" if self.stk else ""]
        return f"{self.name}: {', '.join(p for p in parts if p)}"


def member_items(member: PartyMember, catalogue: EldfallCatalogue) -> list[ItemSpec]:
    """What a party member carries as recruited: its card's items and its upgrades', each once."""
    grants = [catalogue.upgrade(u).grants for u in member.upgrades]
    refs = granted_items(catalogue.card(member.unit).items, grants,
                         lambda ref: catalogue.item(ref.name).category == "Weapon")
    return list({item.id: item for item in (catalogue.item(ref.name) for ref in refs)}.values())


def _options_text(upgrade: UpgradeSpec, items: Sequence[ItemSpec], card: Card) -> str:
    """Every option of ``upgrade`` as a player writes it, each item-taking one with the items it would accept and
    each swapping one with what it may replace."""
    texts = []
    for option in upgrade.options:
        if option.item is not None:
            texts.append(f"{slug(option.name)}:<item> ({_kinds(option)} it carries: {_fitting(option, items)})")
        elif option.replaces is not None and len(card.params_of(option.replaces)) > 1:
            texts.append(f"{slug(option.name)}:<{_replaceable(option, card)}>")
        else:
            texts.append(slug(option.name))
    return " or ".join(texts)


def _replaceable(option: UpgradeOption, card: Card) -> str:
    """The printed parameters an option may replace: ``elder or earth``."""
    return " or ".join(slug(p) for p in card.params_of(option.replaces or "")) or "none"


def _kinds(option: UpgradeOption) -> str:
    """The categories an option's item may be: ``a Weapon or a Shield``."""
    categories = option.item.categories if option.item is not None else ()
    return " or ".join(f"{'an' if c[0] in 'AEIOU' else 'a'} {c}" for c in categories)


def _fitting(option: UpgradeOption, items: Sequence[ItemSpec]) -> str:
    """The ids of the carried items an option may pick, or ``none``."""
    categories = option.item.categories if option.item is not None else ()
    return ", ".join(i.id for i in items if i.category in categories) or "none"


def _read(upgrade: UpgradeSpec, text: str, items: Sequence[ItemSpec], card: Card) -> Chosen:
    """The option ``text`` names among ``upgrade``'s, with its item from ``items`` or the printed ability of
    ``card`` it replaces; :raises ValueError: saying what is wrong and what is accepted."""
    wanted, _, item_text = text.partition(":")
    option = next((o for o in upgrade.options if slug(o.name) == slug(wanted)), None)
    if option is None:
        raise ValueError(f'"{text}" is not an option of {upgrade.name}; choose {_options_text(upgrade, items, card)}')
    if option.replaces is not None:
        return Chosen(upgrade, option, replaced=_replaced(option, item_text, card))
    if option.item is None:
        if item_text.strip():
            raise ValueError(f'{slug(option.name)} takes no item: write "{slug(option.name)}" alone')
        return Chosen(upgrade, option)
    accepted = f"{_kinds(option)} it carries: {_fitting(option, items)}"
    if not item_text.strip():
        raise ValueError(f"{slug(option.name)} names the item it works on, as {slug(option.name)}:<item>, "
                         f"{accepted}")
    item = next((i for i in items if slug(item_text) in (slug(i.id), slug(i.name))), None)
    if item is None:
        raise ValueError(f'it carries no "{item_text.strip()}"; {option.name} takes {accepted}')
    if item.category not in option.item.categories:
        raise ValueError(f"{item.name} is no {' or '.join(option.item.categories)}; {option.name} takes {accepted}")
    return Chosen(upgrade, option, item)


def _replaced(option: UpgradeOption, named: str, card: Card) -> str:
    """Which printed ``option.replaces`` the choice swaps: the one named, or the card's only one."""
    printed = card.params_of(option.replaces or "")
    if not printed:
        raise ValueError(f"{card.name} has no {option.replaces} to replace")
    if not named.strip():
        if len(printed) > 1:
            raise ValueError(f"{card.name} has {len(printed)} {option.replaces} traits: name the one "
                             f"{slug(option.name)} replaces, as {slug(option.name)}:<{_replaceable(option, card)}>")
        return slug(printed[0])
    if slug(named) not in {slug(p) for p in printed}:
        raise ValueError(f'{card.name} has no {option.replaces} ({named.strip()}); it may replace '
                         f"{_replaceable(option, card)}")
    return slug(named)


def choice_problems(member: PartyMember, name: str, items: Sequence[ItemSpec],
                    catalogue: EldfallCatalogue) -> list[tuple[str, str]]:
    """Every broken choice of ``member`` (called ``name``, carrying ``items``), as (what is wrong, the book lines)."""
    problems: list[tuple[str, str]] = []
    chosen: set[str] = set()
    card = catalogue.card(member.unit)
    for upgrade_id, texts in member.choices.items():
        try:
            upgrade = catalogue.upgrade(upgrade_id)
        except LookupError as error:
            problems.append((f"{name}'s choices name an {error.args[0]}", "L1052"))
            continue
        chosen.add(upgrade.id)
        lines = book_lines(upgrade.source)
        copies = sum(1 for u in member.upgrades if catalogue.upgrade(u).id == upgrade.id)
        if not copies:
            problems.append((f"{name} has a choice for {upgrade.id} but not that upgrade (its upgrades: "
                             f"{', '.join(member.upgrades) or 'none'})", lines))
        elif not upgrade.options:
            problems.append((f"{upgrade.name} offers no choice; take {upgrade.id} out of {name}'s choices", lines))
        elif len(texts) != copies:
            problems.append((f"{name} has {copies} {upgrade.name} and {len(texts)} "
                             f"{'choice' if len(texts) == 1 else 'choices'} for it: give one choice per copy, "
                             "as a list", lines))
        if not copies or not upgrade.options:
            continue
        for text in texts:
            try:
                _read(upgrade, text, items, card)
            except ValueError as error:
                problems.append((f"{name}'s {upgrade.name}: {error}", lines))
    for upgrade in {u.id: u for u in (catalogue.upgrade(taken) for taken in member.upgrades)}.values():
        if upgrade.options and upgrade.id not in chosen:
            problems.append((f"{name}'s {upgrade.name} needs its choice: add choices: {{{upgrade.id}: <choice>}} "
                             f"to the member, where <choice> is {_options_text(upgrade, items, card)}",
                             book_lines(upgrade.source)))
    return problems


def canonical_choices(member: PartyMember, items: Sequence[ItemSpec],
                      catalogue: EldfallCatalogue) -> dict[str, list[str]]:
    """A checked member's choices in the form kept on its model: upgrade id -> each copy's canonical choice."""
    found: dict[str, list[str]] = {}
    card = catalogue.card(member.unit)
    for upgrade_id, texts in member.choices.items():
        upgrade = catalogue.upgrade(upgrade_id)
        found[upgrade.id] = [_read(upgrade, text, items, card).text for text in texts]
    return found


def chosen_options(choices: Mapping[str, Sequence[str]], catalogue: EldfallCatalogue) -> tuple[Chosen, ...]:
    """The options a model's record holds (canonical forms), read back without checking its inventory again: an
    item thrown or spent since keeps its choice."""
    found = []
    for upgrade_id, texts in choices.items():
        upgrade = catalogue.upgrade(upgrade_id)
        for text in texts:
            option_key, _, detail = text.partition(":")
            option = next(o for o in upgrade.options if slug(o.name) == option_key)
            if option.replaces is not None:
                found.append(Chosen(upgrade, option, replaced=detail or None))
            else:
                found.append(Chosen(upgrade, option, catalogue.item(detail) if detail else None))
    return tuple(found)


def item_changes(chosen: Iterable[Chosen]) -> dict[str, ItemChange]:
    """What the chosen options do to each item, by item id (several copies on one item add up)."""
    changes: dict[str, ItemChange] = {}
    for choice in chosen:
        pick = choice.option.item
        if pick is None or choice.item is None:
            continue
        held = changes.get(choice.item.id)
        rule = book_lines(choice.upgrade.source)
        if held is None:
            changes[choice.item.id] = ItemChange(choice.item.id, pick.wgt, pick.stk, (choice.option.name,), rule)
        else:
            changes[choice.item.id] = ItemChange(held.item, held.wgt + pick.wgt, held.stk + pick.stk,
                                                 (*held.names, choice.option.name), rule)
    return changes
