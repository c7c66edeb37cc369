"""All of Eldfall's data in one checked object: every name one entry gives for another must exist.

``parse(EldfallCatalogue, {"units": [...], "items": [...], ...}, source={"units": "data/eldfall/units.yaml", ...})``
reports each broken reference on its own line, naming the file, the entry and the field, like every data
error in the project. Lookups are by id, or by name with case and spacing ignored (cards print names).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from pydantic import PrivateAttr, model_validator

from engine.schema import Problem, RulingOption, Spec, UnitProfile, bundle, did_you_mean, repeated_entries
from engine.systems.eldfall.cards import Card, card_problems, read_card
from engine.systems.eldfall.quest_schema import QuestSpec, SchemeSpec, SchemeTable
from engine.systems.eldfall.refs import parse_item_ref, parse_ref, slug, split_keyword
from engine.systems.eldfall.schema import (
    AbilitySpec,
    BehaviourCard,
    Effect,
    Grant,
    ItemSpec,
    PartySpec,
    SpellSpec,
    StratagemSpec,
    UpgradeSpec,
)

__all__ = ["EldfallCatalogue", "fold"]

_T = TypeVar("_T")


def fold(name: str) -> str:
    """A name as matched against data: spacing collapsed, case ignored."""
    return " ".join(name.split()).casefold()


@dataclass(frozen=True, slots=True)
class _Index:
    """Names and ids of one section, folded, for reference checks with spelling hints."""

    names: Mapping[str, str]

    def missing(self, name: str, what: str) -> str | None:
        if fold(name) in self.names:
            return None
        return f'unknown {what} "{name}"{did_you_mean(name, list(self.names.values()))}'


def _index(names: Iterable[str]) -> _Index:
    return _Index({fold(n): n for n in names})


_FOUND: dict[tuple[int, str, str], tuple[Any, Any]] = {}
"""Entries already looked up, by the section searched (its identity: a section never changes), what was asked
and the name: the rules look up the same few items and abilities at every state a menu is worked out for (a
tenth of an Eldfall game's time went on these searches). Module-level, as a model's private attribute is slow
to read."""
_FOUND_KEPT = 4096


def _find(name: str, entries: Iterable[_T], key: str, what: str) -> _T:
    wanted = fold(name)
    pool = list(entries)
    for entry in pool:
        if fold(getattr(entry, key)) == wanted:
            return entry
    names = [getattr(entry, key) for entry in pool]
    raise LookupError(f'unknown {what} "{name}"{did_you_mean(name, names)}')


class EldfallCatalogue(Spec):
    """Units, items, spells, abilities, upgrades, stratagems, behaviour cards, quests, schemes, scheme tables,
    parties and rulings, with every cross-reference resolved."""

    units: tuple[UnitProfile, ...] = ()
    items: tuple[ItemSpec, ...] = ()
    spells: tuple[SpellSpec, ...] = ()
    abilities: tuple[AbilitySpec, ...] = ()
    upgrades: tuple[UpgradeSpec, ...] = ()
    stratagems: tuple[StratagemSpec, ...] = ()
    behaviours: tuple[BehaviourCard, ...] = ()
    quests: tuple[QuestSpec, ...] = ()
    schemes: tuple[SchemeSpec, ...] = ()
    scheme_tables: tuple[SchemeTable, ...] = ()
    parties: tuple[PartySpec, ...] = ()
    rulings: tuple[RulingOption, ...] = ()
    _cards: dict[str, Card] = PrivateAttr(default_factory=dict)
    _kept: dict[tuple[object, ...], object] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _references_resolve(self) -> EldfallCatalogue:
        problems = self._unique() + self._unit_problems() + self._item_and_spell_problems()
        problems += self._upgrade_problems() + self._behaviour_problems() + self._quest_problems()
        problems += self._scheme_problems() + self._party_problems()
        if problems:
            raise bundle(problems)
        return self

    # -- lookups ---------------------------------------------------------------------------------------------

    def card(self, name: str) -> Card:
        """The profile card of unit ``name`` (read once); :raises LookupError: naming close matches."""
        found = self._cards.get(name)
        if found is None:
            found = read_card(_find(name, self.units, "name", "unit"))
            self._cards[name] = found
        return found

    def kept(self, key: tuple[object, ...], build: Callable[[], _T]) -> _T:
        """What ``build`` makes of this catalogue for ``key``, made once: a model's card as fitted by its upgrades is
        the same in every state where its figure is (``fighters.Fighter``), and the catalogue never changes."""
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = build()
        return cast(_T, found)

    def item(self, name: str) -> ItemSpec:
        """The item with that id or name; :raises LookupError: naming close matches."""
        return self._by_id_or_name(name, self.items, "item")

    def spell(self, name: str) -> SpellSpec:
        """The spell with that id or name; :raises LookupError: naming close matches."""
        return self._by_id_or_name(name, self.spells, "spell")

    def ability(self, name: str, kind: str | None = None) -> AbilitySpec:
        """The ability with that id or name (of ``kind`` when given); :raises LookupError: naming close matches."""
        return self._by_id_or_name(name, self.abilities, kind or "ability", lambda a: kind is None or a.kind == kind,
                                   key=f"ability:{kind or ''}")

    def upgrade(self, name: str) -> UpgradeSpec:
        """The upgrade with that id or name; :raises LookupError: naming close matches."""
        return self._by_id_or_name(name, self.upgrades, "upgrade")

    def stratagem(self, name: str) -> StratagemSpec:
        """The stratagem with that id or name; :raises LookupError: naming close matches."""
        return self._by_id_or_name(name, self.stratagems, "stratagem")

    def scheme(self, name: str) -> SchemeSpec:
        """The scheme with that id or name; :raises LookupError: naming close matches."""
        return self._by_id_or_name(name, self.schemes, "scheme")

    def scheme_table(self, faction: str) -> SchemeTable:
        """The scheme table of ``faction``; :raises LookupError: naming the factions that have one."""
        return _find(faction, self.scheme_tables, "faction", "scheme table for faction")

    def quest(self, name: str) -> QuestSpec:
        """The quest with that id or name; :raises LookupError: naming close matches."""
        return self._by_id_or_name(name, self.quests, "quest")

    def party(self, name: str) -> PartySpec:
        """The ready party with that id or name; :raises LookupError: naming close matches."""
        return self._by_id_or_name(name, self.parties, "party")

    def behaviour(self, unit: str) -> BehaviourCard:
        """The behaviour card of hostile ``unit``; :raises LookupError: naming the units that have one."""
        return _find(unit, self.behaviours, "unit", "behaviour card for unit")

    @staticmethod
    def _by_id_or_name(name: str, section: tuple[_T, ...], what: str, keep: Callable[[_T], bool] | None = None, *,
                       key: str | None = None) -> _T:
        """The first entry of ``section`` (those it ``keep``s) with that id, else with that name (kept, see
        ``_FOUND``, under ``key`` or else ``what``)."""
        key = key or what
        kept = _FOUND.get((id(section), key, name))
        if kept is not None and kept[0] is section:
            return cast(_T, kept[1])
        entries = [entry for entry in section if keep is None or keep(entry)]
        found = next((entry for entry in entries if getattr(entry, "id") == name), None)  # noqa: B009
        if found is None:
            found = _find(name, entries, "name", what)
        if len(_FOUND) >= _FOUND_KEPT:
            _FOUND.clear()
        _FOUND[(id(section), key, name)] = (section, found)
        return found

    # -- checks ----------------------------------------------------------------------------------------------

    def _unique(self) -> list[Problem]:
        problems: list[Problem] = []
        sections: tuple[tuple[str, Iterable[object], str], ...] = (
            ("units", self.units, "name"), ("items", self.items, "id"), ("items", self.items, "name"),
            ("spells", self.spells, "id"), ("spells", self.spells, "name"), ("abilities", self.abilities, "id"),
            ("upgrades", self.upgrades, "id"), ("stratagems", self.stratagems, "id"),
            ("stratagems", self.stratagems, "name"), ("behaviours", self.behaviours, "id"),
            ("quests", self.quests, "id"), ("schemes", self.schemes, "id"), ("scheme_tables", self.scheme_tables,
                                                                           "faction"),
            ("parties", self.parties, "id"), ("rulings", self.rulings, "id"),
        )
        problems += repeated_entries(sections, fold)
        named: dict[tuple[str, str], int] = {}
        for index, ability in enumerate(self.abilities):
            pair = (ability.kind, fold(ability.name))
            if pair in named:
                problems.append(Problem(("abilities", index, "name"), f'repeats {ability.kind} "{ability.name}" '
                                                                      f"(also abilities[{named[pair]}])"))
            named.setdefault(pair, index)
        return problems

    def _kind_index(self, kind: str) -> _Index:
        return _index(a.name for a in self.abilities if a.kind == kind)

    def _ref_problem(self, text: str, kind: str | None) -> str | None:
        """Check an ability reference (``Sweep I``) against abilities of ``kind`` (any kind: None), level included."""
        ref = parse_ref(text)
        pool = [a for a in self.abilities if kind is None or a.kind == kind]
        missing = _index(a.name for a in pool).missing(ref.name, kind or "ability")
        if missing:
            return missing
        ability = next(a for a in pool if fold(a.name) == ref.key)
        if ref.level > ability.levels:
            return f'{ability.name} goes up to level {ability.levels}, got level {ref.level}'
        if ability.parameter != "none" and not ref.params:
            return f"{ability.name} needs its (X) in brackets"
        return None

    def _unit_problems(self) -> list[Problem]:
        problems: list[Problem] = []
        items = _index(i.name for i in self.items)
        spells = _index(s.name for s in self.spells)
        stratagems = _index(s.name for s in self.stratagems)
        charts = _index(entry.chart for s in self.spells for entry in s.charts)
        for u, unit in enumerate(self.units):
            problems += [Problem(("units", u, *p.loc), p.message) for p in card_problems(unit)]
            for k, keyword in enumerate(unit.keywords):
                try:
                    kind, text = split_keyword(keyword)
                except ValueError:
                    continue  # reported by card_problems
                message: str | None = None
                if kind in ("class", "trait", "skill", "art"):
                    message = self._checked(text, kind)
                elif kind == "spellcraft":
                    message = charts.missing(parse_ref(text).name, "spellcraft")
                elif kind == "spell":
                    message = spells.missing(text, "spell")
                elif kind == "stratagem":
                    message = stratagems.missing(text, "stratagem")
                elif kind == "item":
                    message = self._item_problem(text, items)
                elif kind == "familiar":
                    inner, sep, rest = text.partition(":")
                    if sep and inner.strip().casefold() in ("class", "trait", "skill", "art"):
                        message = self._checked(rest.strip(), inner.strip().casefold())
                if message:
                    problems.append(Problem(("units", u, "keywords", k), message))
        return problems

    def _checked(self, text: str, kind: str | None) -> str | None:
        try:
            return self._ref_problem(text, kind)
        except ValueError as error:
            return str(error)

    @staticmethod
    def _item_problem(text: str, items: _Index) -> str | None:
        try:
            return items.missing(parse_item_ref(text).name, "item")
        except ValueError as error:
            return str(error)

    def _item_and_spell_problems(self) -> list[Problem]:
        problems: list[Problem] = []
        units = _index(u.name for u in self.units)
        traited = [("items", i, item.traits) for i, item in enumerate(self.items)]
        traited += [("spells", i, spell.traits) for i, spell in enumerate(self.spells)]
        for section, i, traits in traited:
            for t, trait in enumerate(traits):
                message = self._checked(trait, "trait")
                if message:
                    problems.append(Problem((section, i, "traits", t), message))
        for i, spell in enumerate(self.spells):
            if spell.summons and (missing := units.missing(spell.summons, "unit")):
                problems.append(Problem(("spells", i, "summons"), missing))
        for a, ability in enumerate(self.abilities):
            effects: list[tuple[tuple[str | int, ...], Effect | None]] = [(("effect",), ability.effect)]
            effects += [(("per_level", n, "effect"), level.effect) for n, level in enumerate(ability.per_level)]
            for where, effect in effects:
                problems += [Problem(("abilities", a, *where, "gains", g), message)
                             for g, gained in enumerate(effect.gains if effect else ())
                             if (message := self._checked(gained, None))]
        classes = self._kind_index("class")
        for s, stratagem in enumerate(self.stratagems):
            gains = stratagem.effect.gains if stratagem.effect else ()
            problems += [Problem(("stratagems", s, "effect", "gains", g), message)
                         for g, gained in enumerate(gains) if (message := self._checked(gained, None))]
            problems += [Problem(("stratagems", s, "only_classes", c), missing)
                         for c, name in enumerate(stratagem.only_classes)
                         if (missing := classes.missing(name, "class"))]
        return problems

    def _upgrade_problems(self) -> list[Problem]:
        problems: list[Problem] = []
        items = _index(i.name for i in self.items)
        classes = self._kind_index("class")
        traits = self._kind_index("trait")
        for u, upgrade in enumerate(self.upgrades):
            granted: list[tuple[tuple[str | int, ...], Grant]] = [(("grants",), upgrade.grants)]
            granted += [(("options", o, "grants"), option.grants) for o, option in enumerate(upgrade.options)]
            for where, grant in granted:
                problems += [Problem(("upgrades", u, *where, "items", i), missing)
                             for i, name in enumerate(grant.items) if (missing := items.missing(name, "item"))]
                problems += [Problem(("upgrades", u, *where, "abilities", i), message)
                             for i, text in enumerate(grant.abilities) if (message := self._checked(text, None))]
            keys = [slug(option.name) for option in upgrade.options]
            problems += [Problem(("upgrades", u, "options", o, "name"), f'repeats the option "{option.name}"')
                         for o, option in enumerate(upgrade.options) if keys.index(keys[o]) != o]
            for where, names, index, what in ((("grants", "classes"), upgrade.grants.classes, classes, "class"),
                                              (("requires", "classes"), upgrade.requires.classes, classes, "class"),
                                              (("requires", "not_traits"), upgrade.requires.not_traits, traits,
                                               "trait")):
                problems += [Problem(("upgrades", u, *where, i), missing)
                             for i, name in enumerate(names) if (missing := index.missing(name, what))]
            if upgrade.cheaper_with and (missing := items.missing(upgrade.cheaper_with, "item")):
                problems.append(Problem(("upgrades", u, "cheaper_with"), missing))
            if (upgrade.cheaper is None) != (upgrade.cheaper_with is None):
                problems.append(Problem(("upgrades", u, "cheaper"), "cheaper and cheaper_with go together"))
        return problems

    def _behaviour_problems(self) -> list[Problem]:
        problems: list[Problem] = []
        units = _index(u.name for u in self.units)
        items = _index(i.name for i in self.items)
        spells = _index(s.name for s in self.spells)
        for b, card in enumerate(self.behaviours):
            if missing := units.missing(card.unit, "unit"):
                problems.append(Problem(("behaviours", b, "unit"), missing))
            for part in ("movement", "action", "reactive"):
                for n, line in enumerate(getattr(card, part)):
                    do = line.do
                    checks = [("weapon", do.weapon and items.missing(do.weapon, "item")),
                              ("spell", do.spell and spells.missing(do.spell, "spell")),
                              ("art", do.art and self._checked(do.art, "art"))]
                    checks += [(f"skills[{s}]", self._checked(skill, "skill")) for s, skill in enumerate(do.skills)]
                    problems += [Problem(("behaviours", b, part, n, "do", field), message)
                                 for field, message in checks if message]
        return problems

    def _quest_problems(self) -> list[Problem]:
        problems: list[Problem] = []
        units = _index(u.name for u in self.units)
        spells = _index(s.name for s in self.spells)
        for q, quest in enumerate(self.quests):
            for h, hostile in enumerate(quest.hostiles):
                if hostile.unit and (missing := units.missing(hostile.unit, "unit")):
                    problems.append(Problem(("quests", q, "hostiles", h, "unit"), missing))
            for s, row in enumerate(quest.sigils):
                if missing := spells.missing(row.spell, "spell"):
                    problems.append(Problem(("quests", q, "sigils", s, "spell"), missing))
            faces = [f for row in quest.sigils for f in range(row.rolls[0], row.rolls[1] + 1)]
            if quest.sigils and sorted(faces) != list(range(1, 21)):
                problems.append(Problem(("quests", q, "sigils"), "rows must cover the faces 1 to 20 once each"))
        return problems

    def _scheme_problems(self) -> list[Problem]:
        ids = _index(s.id for s in self.schemes)
        return [Problem(("scheme_tables", t, "rows", r, "scheme"), missing)
                for t, table in enumerate(self.scheme_tables) for r, row in enumerate(table.rows)
                if (missing := ids.missing(row.scheme, "scheme"))]

    def _party_problems(self) -> list[Problem]:
        problems: list[Problem] = []
        units = _index(u.name for u in self.units)
        upgrades = _index(u.id for u in self.upgrades)
        for p, party in enumerate(self.parties):
            for m, member in enumerate(party.members):
                if missing := units.missing(member.unit, "unit"):
                    problems.append(Problem(("parties", p, "members", m, "unit"), missing))
                problems += [Problem(("parties", p, "members", m, "upgrades", i), missing)
                             for i, up in enumerate(member.upgrades) if (missing := upgrades.missing(up, "upgrade"))]
            if fold(party.leader) not in {fold(m.unit) for m in party.members}:
                problems.append(Problem(("parties", p, "leader"), f'"{party.leader}" is not one of the members'))
        return problems
