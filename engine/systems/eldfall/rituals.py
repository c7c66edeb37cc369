"""The Ritual Special Action declared (Eldfall core rules v1.5, L1558-1561): one Ritual casts several Conjurations at
once, or one spell that only a Ritual casts (Warding Barrier, L2272).

``/act action:ritual with:summon-gargoyle,summon-imp`` (``summon-gargoyle x2`` casts one twice). Each Conjuration
needs no roll and pays its own Mana Cost (L986), and each must fit the Summoning Limit the creatures on the table and
those conjured before it in the same Ritual leave (L988-1000; a familiar has none but is one of a name, L2071). The
book puts no other bound on how many, nor forbids one spell twice. A ritual-only spell that is no Conjuration is cast
alone: the book offers the Ritual for several Conjurations "or" for such a spell (L1560). The whole Ritual is checked
when it is declared; the Resolution step casts its spells in order (``support``).

Its player places each creature in base contact with the caster (L1561): ``to:`` names a place round the caster for
each Conjuration in cast order (``with:summon-gargoyle x2 to:n,sw``; ``placing.COMPASS``), and the menu offers only
places where the creature's base fits (on the table, off impassable scenery, off other bases and off the creatures the
Ritual sets down before it). Left out, each stands where it fits nearest the table's middle.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from engine.core import LEFT_OUT, Ask, Choice, IllegalCommand, InvalidCommand, RulesError
from engine.systems.eldfall.action_menus import checked, request
from engine.systems.eldfall.declare import Request
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.magic import cast_refusal, mana_cost
from engine.systems.eldfall.placing import COMPASS, base_radius, contact_spot, spot_refusal
from engine.systems.eldfall.rules import Reading
from engine.systems.eldfall.schema import SpellSpec
from engine.systems.eldfall.state import Declared
from engine.systems.eldfall.support import spell_use, summoning_check, summons_of
from engine.systems.eldfall.world import World

__all__ = ["ritual_bounds", "ritual_check", "ritual_explained", "ritual_places", "ritual_refusal", "ritual_request",
           "ritual_spells", "ritual_spots", "spot_explained", "spots_refusal"]

_COUNTED = re.compile(r"(.+?)\s*[x×]\s*(\d+)")


def _named(f: Fighter, text: str, verb: str) -> list[SpellSpec]:
    """The spells of ``with:`` in order, one entry a cast (``summon-imp x2`` is two)."""
    found: list[SpellSpec] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        counted = _COUNTED.fullmatch(part)
        name, times = (counted[1].strip(), int(counted[2])) if counted else (part, 1)
        means = f.means(name)
        if means is None or means.spell is None:
            names = ", ".join(s.name for s in f.spells) or "none"
            raise InvalidCommand(f"{f.id} knows no spell {name!r}; its spells: {names}", verb=verb)
        found.extend([means.spell] * times)
    if not found:
        raise InvalidCommand("say which spell: with:<spell>, several Conjurations comma-separated", verb=verb)
    return found


def _nth(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def ritual_refusal(world: World, f: Fighter, spells: Sequence[SpellSpec]) -> str | None:
    """Why ``f`` may not cast ``spells`` (in order) in one Ritual now, or None."""
    several = len(spells) > 1
    for spell in spells:
        refusal = cast_refusal(f.card, spell, role="active", hands_full=f.loadout.hands_full, ritual=True,
                               mana=mana_cost(spell))
        if refusal is not None:
            return refusal
        if spell_use(spell) != "ritual":
            return f"{spell.name} is not cast by Ritual (L1558-1561)"
        if several and spell.spell_type != "Conjuration":
            return (f"{spell.name} is cast alone: a Ritual casts several Conjurations, or one spell only a Ritual "
                    "casts (L1560)")
    cost, pool = sum(mana_cost(s) for s in spells), world.mana_pool(f)
    if cost > pool:
        counters = "Counter" if cost == 1 else "Counters"
        return (f"the Ritual's spells cost {cost} Mana {counters} in all; the caster has {pool} (L986)" if several
                else f"{spells[0].name} costs {cost} Mana {counters}; the caster has {pool} (L986)")
    planned: list[str] = []
    for index, spell in enumerate(spells):
        refusal = summoning_check(world, f, spell, planned)
        if refusal is not None:
            return f"{f.id} cannot conjure the {_nth(index + 1)} ({spell.name}) of its Ritual: {refusal}" \
                if several else f"{f.id} cannot conjure now: {refusal}"
        if spell.summons is not None:
            planned.append(spell.summons)
    return None


def ritual_check(world: World, kit: Kit, f: Fighter, request: Request, allowed: tuple[str, ...]
                 ) -> tuple[Declared, str]:
    """The Ritual checked whole: what it declares (its spells in order) and the log's words."""
    verb = request.verb
    spells = _named(f, request.means or "", verb)
    refusal = ritual_refusal(world, f, spells)
    if refusal is not None:
        raise IllegalCommand(refusal, verb=verb)
    if request.spots:
        if len(request.spots) != len(spells):
            raise InvalidCommand(f"to: names {len(request.spots)} places for {len(spells)} spells; name one for each "
                                 "creature, in cast order", verb=verb)
        refusal = spots_refusal(world, kit, f, spells, request.spots)
        if refusal is not None:
            raise IllegalCommand(refusal, verb=verb)
    ids = tuple(s.id for s in spells)
    placed = [f" ({COMPASS[spot][1]} of {f.id})" for spot in request.spots] or [""] * len(spells)
    return Declared(kind="ritual", means=ids[0], spells=ids, spots=request.spots), \
        f"performs a Ritual: {', '.join(s.name + where for s, where in zip(spells, placed, strict=True))}"


def ritual_request(ask: Ask, kind: str) -> Request:
    """A Ritual's answers as its check reads them: the Action step's, and ``to:`` the places of its creatures."""
    typed = ask.text("to", "") if ask.has("to") else ""
    spots = tuple(w.strip().casefold() for w in typed.split(",") if w.strip() and w.strip() != LEFT_OUT)
    return dataclasses.replace(request(ask, kind), spots=spots)


def spots_refusal(world: World, kit: Kit, f: Fighter, spells: Sequence[SpellSpec], spots: Sequence[str]
                  ) -> str | None:
    """Why the creatures of ``spells`` may not stand at ``spots`` round their caster ``f`` (paired in order, as far
    as both go), or None: each base in contact with the caster (L1561), where it fits."""
    placed: list[tuple[tuple[float, float], float]] = []
    for spell, spot in zip(spells, spots, strict=False):
        if spell.summons is None:
            return f"to: places the creatures a Ritual summons; {spell.name} summons none"
        if spot not in COMPASS:
            return (f"to:{spot[:12]} is no place round the caster; name one of {', '.join(COMPASS)} (north is up the "
                    "table)")
        creature = kit.catalogue.card(spell.summons).name
        radius = base_radius(kit, creature)
        at = contact_spot(f.model, radius, COMPASS[spot][0])
        why = spot_refusal(world.state, at, radius, placed)
        if why is not None:
            return f"the {creature} cannot stand {COMPASS[spot][1]} of {f.id} in base contact (L1561): {why}"
        placed.append((at, radius))
    return None


def _cast(reading: Reading, ask: Ask) -> tuple[Fighter, list[SpellSpec]] | None:
    """The activated model and the spells its Ritual's ``with:`` names, or None (none, or not read yet)."""
    f = reading.active()
    if f is None or not ask.has("with"):
        return None
    try:
        return f, _named(f, ask.text("with"), ask.verb)
    except RulesError:
        return None


def ritual_places(reading: Reading, ask: Ask) -> bool:
    """Whether the Ritual asks where its creatures stand: every spell it casts summons one (L1561)."""
    cast = _cast(reading, ask)
    return cast is not None and all(s.summons is not None for s in cast[1])


def ritual_spots(reading: Reading, ask: Ask) -> list[Choice]:
    """The places round the caster where the next creature of the Ritual fits (``ask.item``: which, and the places
    of those before it)."""
    cast = _cast(reading, ask)
    if cast is None or ask.item is None:
        return []
    f, spells = cast
    before = ask.item.earlier
    return [Choice(spot, f"{words} of {f.id}") for spot, (_bearing, words) in COMPASS.items()
            if spots_refusal(reading.world, reading.kit, f, spells[:len(before) + 1], (*before, spot)) is None]


def spot_explained(reading: Reading, ask: Ask, typed: str) -> str | None:
    """Why a place typed for the next creature is refused: where it would stand and what is in the way."""
    cast = _cast(reading, ask)
    if cast is None or ask.item is None:
        return None
    f, spells = cast
    before = ask.item.earlier
    return spots_refusal(reading.world, reading.kit, f, spells[:len(before) + 1], (*before, typed.strip().casefold()))


def ritual_spells(reading: Reading, ask: Ask) -> list[Choice]:
    """The spells the Ritual may cast next after those already chosen (``ask.item.earlier``); a spell already chosen
    is not offered again (a menu does not see how many times it is chosen), though typed it may be cast twice. A spell
    not cast by Ritual, which the check refuses whatever comes with it (``ritual_refusal``), is not tried."""
    f = reading.active()
    if f is None:
        return []
    earlier = ask.item.earlier if ask.item is not None else ()
    return [Choice(s.id, s.name) for s in f.spells if s.id not in earlier and spell_use(s) == "ritual"
            and checked(reading, ask, ritual_check, "ritual", means=",".join((*earlier, s.id)))]


def ritual_explained(reading: Reading, ask: Ask, typed: str) -> str | None:
    """Why a spell typed after those already chosen is refused: the Ritual's check on them all."""
    f = reading.active()
    if f is None:
        return None
    earlier = ask.item.earlier if ask.item is not None else ()
    try:
        ritual_check(reading.world, reading.kit, f, Request(kind="ritual", verb=ask.verb,
                                                            means=",".join((*earlier, typed))), ())
    except RulesError as error:
        return error.reason
    return None


def ritual_bounds(reading: Reading, ask: Ask) -> tuple[int, int]:
    """How many spells one Ritual may cast at most: no more Conjurations than its Mana Counters pay for at the
    cheapest, nor than the Summoning Limit leaves room for (every creature's Tier is at least 1, L990); at least one
    (a lone ritual-only spell, or a refusal naming the rule)."""
    f = reading.active()
    if f is None:
        return (1, 1)
    world = reading.world
    conjurations = [s for s in f.spells if s.spell_type == "Conjuration"]
    if not conjurations:
        return (1, 1)
    cheapest = max(1, min(mana_cost(s) for s in conjurations))
    creatures = [world.catalogue.card(s.summons) for s in conjurations if s.summons is not None]
    familiars = len({c.name for c in creatures if c.familiar})
    tiers = sum(world.fighter(m).card.tier or 1 for m in summons_of(world.state, f.id)
                if not world.fighter(m).card.familiar)
    room = max(0, f.stamina - tiers) + familiars
    return (1, max(1, min(world.mana_pool(f) // cheapest, room)))
