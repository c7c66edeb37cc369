"""Party building: every rule a party must keep, each broken one reported once with its rule.

- Recruitment Points: models and upgrades together at most the Game Size (Eldfall core rules v1.5, L1012-1018, L1050).
- Faction: the chosen faction's models and Neutral ones, at least one of the chosen faction; a Neutral party takes
  only Neutral models and upgrades (L1024-1030, L479).
- At most LIMIT models of one name (L1032) and at most 10 models (L1034); creatures are summoned, not recruited.
- A Leader from the party (L1038-1046); only its stratagems are used.
- Upgrades: Neutral or the party's faction (L1052), at most LIMIT of a name (L1054), one per model unless
  Resourceful (L2137-2139), Pouch (L2658) or the quest (L2477) allow more, and only for models that qualify; an
  upgrade that offers options needs one chosen per copy, from what the model carries where it names an item
  (Glyphscribe: Reduce Weight, L2855-2861).
- Guildsworn: any affiliation, every model LIMIT 1 (L1080-1086); its upgrades by ruling ``guildsworn-upgrades``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.core.errors import IllegalCommand
from engine.systems.eldfall.cards import Card, size_steps
from engine.systems.eldfall.catalogue import EldfallCatalogue, fold
from engine.systems.eldfall.choices import choice_problems, member_items
from engine.systems.eldfall.quest_schema import QuestSpec
from engine.systems.eldfall.refs import book_lines
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.schema import PartySpec, UpgradeSpec

__all__ = ["MAX_MODELS", "IllegalParty", "PartyCost", "PartyProblem", "check_party", "party_cost", "upgrade_names",
           "validate_party"]

MAX_MODELS = 10
"""A party holds at most 10 models (L1034)."""

_NORTHERN_WIND = frozenset({"imported-casting-amplifier", "imported-crossbow", "camaraderie",
                            "king-of-the-battlefield"})


@dataclass(frozen=True, slots=True)
class PartyProblem:
    """One broken rule: what is wrong, in a player's words, and the rule's citation."""

    message: str
    rule: str

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


class IllegalParty(IllegalCommand):
    """A party that breaks the party rules; ``problems`` lists every broken rule once."""

    def __init__(self, party: str, problems: tuple[PartyProblem, ...]) -> None:
        self.problems = problems
        listed = "; ".join(str(p) for p in problems)
        super().__init__(f'party "{party}" breaks {len(problems)} '
                         f'{"rule" if len(problems) == 1 else "rules"}: {listed}', verb="party")


@dataclass(frozen=True, slots=True)
class PartyCost:
    """What a party spends: its models, its upgrades (after discounts), and the total."""

    models: int
    upgrades: int

    @property
    def total(self) -> int:
        """Models and upgrades together."""
        return self.models + self.upgrades


def _primary_weapon(card: Card, catalogue: EldfallCatalogue) -> str | None:
    """The first weapon listed on the card: the one equipped by default (L432)."""
    for ref in card.items:
        item = catalogue.item(ref.name)
        if item.category == "Weapon":
            return item.name
    return None


def _upgrade_costs(spec: PartySpec, catalogue: EldfallCatalogue) -> list[tuple[str, UpgradeSpec, int]]:
    """(unit, upgrade, cost paid) for every upgrade bought, Paimon's discount included (L2821)."""
    bought = [(m.unit, catalogue.upgrade(u)) for m in spec.members for u in m.upgrades]
    discounters = [u for _, u in bought if u.discount_others]
    costs = []
    for unit, upgrade in bought:
        cost = upgrade.cost
        if upgrade.cheaper is not None and upgrade.cheaper_with is not None:
            primary = _primary_weapon(catalogue.card(unit), catalogue)
            if primary is not None and fold(primary) == fold(upgrade.cheaper_with):
                cost = upgrade.cheaper
        for other in discounters:
            if other is not upgrade:
                cost = max(1, cost - other.discount_others)
        costs.append((unit, upgrade, cost))
    return costs


def party_cost(spec: PartySpec, catalogue: EldfallCatalogue) -> PartyCost:
    """The Recruitment Points a party spends."""
    models = sum(catalogue.card(m.unit).cost for m in spec.members)
    return PartyCost(models, sum(cost for _, _, cost in _upgrade_costs(spec, catalogue)))


def _slots(card: Card, upgrades: list[UpgradeSpec], quest: QuestSpec | None) -> int:
    """How many upgrades a model may take: 1, +1 per Resourceful level, +1 for Pouch; a quest may set more."""
    if quest is not None and quest.upgrades_per_model is not None:
        base = quest.upgrades_per_model
    else:
        base = 1 + card.level_of("Resourceful")
    return base + sum(u.grants.upgrade_slots for u in upgrades)


def _upgrade_problems(spec: PartySpec, catalogue: EldfallCatalogue, quest: QuestSpec | None,
                      rulings: Rulings) -> list[PartyProblem]:
    problems: list[PartyProblem] = []
    allowed = {"Neutral"}
    if spec.format == "rivalry" or rulings.guildsworn_upgrades == "named-faction":
        allowed.add(spec.faction)
    counts: Counter[str] = Counter()
    for member in spec.members:
        card = catalogue.card(member.unit)
        upgrades = [catalogue.upgrade(u) for u in member.upgrades]
        counts.update(u.id for u in upgrades)
        slots = _slots(card, upgrades, quest)
        if len(upgrades) > slots:
            problems.append(PartyProblem(f"{card.name} has {len(upgrades)} upgrades but may take {slots}",
                                         "L1052, L2137-2139, L2658"))
        for upgrade in upgrades:
            if upgrade.faction not in allowed:
                where = "a Guildsworn party" if spec.format == "guildsworn" else f"{_a(spec.faction)} party"
                problems.append(PartyProblem(f"{upgrade.name} is {_a(upgrade.faction)} upgrade; {where} buys only "
                                             f"{' and '.join(sorted(allowed))} upgrades", "L1052"))
            if upgrade.id in _NORTHERN_WIND and rulings.northern_wind_upgrades == "expansion-only":
                problems.append(PartyProblem(f"{upgrade.name} needs the Northern Wind expansion (ruling "
                                             "northern-wind-upgrades)", "L2677"))
            problems += _requirement_problems(card, upgrade)
        problems += [PartyProblem(message, rule) for message, rule in
                     choice_problems(member, card.name, member_items(member, catalogue), catalogue)]
    for upgrade_id, count in counts.items():
        upgrade = catalogue.upgrade(upgrade_id)
        if upgrade.limit is not None and count > upgrade.limit:
            problems.append(PartyProblem(f"{count} copies of {upgrade.name}, limit {upgrade.limit}", "L1054"))
    return problems


def _a(name: str) -> str:
    """A name with its article: "an Empire of Soga", "a Helian League"."""
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def _requirement_problems(card: Card, upgrade: UpgradeSpec) -> list[PartyProblem]:
    needs = upgrade.requires
    problems = []
    if needs.classes and not any(card.has_class(c) for c in needs.classes):
        problems.append(PartyProblem(f"{upgrade.name} is only for a {' or '.join(needs.classes)}, and {card.name} "
                                     f"is a {' and '.join(card.classes)}", book_lines(upgrade.source)))
    if needs.max_size is not None and size_steps(needs.max_size, card.size) > 0:
        problems.append(PartyProblem(f"{upgrade.name} is for {needs.max_size} models or smaller, and {card.name} is "
                                     f"{card.size}", book_lines(upgrade.source)))
    for trait in needs.not_traits:
        if card.level_of(trait):
            problems.append(PartyProblem(f"{upgrade.name} cannot go to a model with {trait}, like {card.name}",
                                         book_lines(upgrade.source)))
    return problems


def _model_problems(spec: PartySpec, cards: list[Card]) -> list[PartyProblem]:
    problems: list[PartyProblem] = []
    if len(cards) > MAX_MODELS:
        problems.append(PartyProblem(f"{len(cards)} models; a party holds at most {MAX_MODELS}", "L1034"))
    creatures = sorted({c.name for c in cards if c.has_class("Creature")})
    if creatures:
        problems.append(PartyProblem(f"{', '.join(creatures)} cannot be recruited: creatures are summoned",
                                     "L974-978"))
    if spec.format == "rivalry":
        if spec.faction == "Neutral":
            wrong = sorted({c.name for c in cards if not c.neutral and not c.has_class("Creature")})
            if wrong:
                problems.append(PartyProblem(f"a Neutral party takes only Neutral models, not {', '.join(wrong)}",
                                             "L1030"))
        else:
            wrong = sorted({c.name for c in cards if spec.faction not in c.factions and not c.neutral
                            and not c.has_class("Creature")})
            if wrong:
                problems.append(PartyProblem(f"{', '.join(wrong)} cannot join {_a(spec.faction)} party: it is neither "
                                             f"{spec.faction} nor Neutral", "L1028, L479"))
            if not any(spec.faction in c.factions for c in cards):
                problems.append(PartyProblem(f"at least one model must be of the {spec.faction}", "L1030"))
    counts = Counter(c.name for c in cards)
    for card in {c.name: c for c in cards}.values():
        if card.has_class("Creature"):
            continue
        limit = 1 if spec.format == "guildsworn" else card.limit
        if counts[card.name] > limit:
            why = "every model is Limit 1 in Guildsworn (L1086)" if spec.format == "guildsworn" else "L1032"
            problems.append(PartyProblem(f"{counts[card.name]} {card.name}, limit {limit}", why))
    return problems


def check_party(spec: PartySpec, catalogue: EldfallCatalogue, *, quest: QuestSpec | None = None,
                rulings: Rulings | None = None) -> tuple[PartyProblem, ...]:
    """Every rule ``spec`` breaks (empty when it is a legal party); a quest may change the size and upgrades, a
    table's rulings how upgrades are bought (the catalogue's defaults when none are given)."""
    rulings = rulings if rulings is not None else Rulings.from_options(catalogue.rulings)
    cards = [catalogue.card(m.unit) for m in spec.members]
    problems = _model_problems(spec, cards)
    if fold(spec.leader) not in {fold(c.name) for c in cards}:
        problems.append(PartyProblem(f"the Leader {spec.leader} is not in the party", "L1042"))
    problems += _upgrade_problems(spec, catalogue, quest, rulings)
    size = quest.game_size if quest is not None and quest.game_size is not None else spec.game_size
    cost = party_cost(spec, catalogue)
    if cost.total > size:
        problems.append(PartyProblem(f"the party costs {cost.total} points ({cost.models} for models, "
                                     f"{cost.upgrades} for upgrades), over the game size of {size}",
                                     "L1050" if quest is None or quest.game_size is None else "L2477"))
    return tuple(problems)


def validate_party(spec: PartySpec, catalogue: EldfallCatalogue, *, quest: QuestSpec | None = None,
                   rulings: Rulings | None = None) -> PartyCost:
    """Return what a legal party costs; :raises IllegalParty: naming every broken rule."""
    problems = check_party(spec, catalogue, quest=quest, rulings=rulings)
    if problems:
        raise IllegalParty(spec.name, problems)
    return party_cost(spec, catalogue)


def upgrade_names(catalogue: EldfallCatalogue, *parties: PartySpec) -> dict[str, str]:
    """The names of the upgrades the parties' lists take, as their cards print them, for the lines that show them."""
    return {u: catalogue.upgrade(u).name for party in parties for m in party.members for u in m.upgrades}
