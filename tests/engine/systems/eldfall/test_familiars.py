"""Familiars (Eldfall core rules v1.5, L2069-2073): what a summoned familiar gives its caster, its Summoning Limit,
its removal instead of its caster's Wounds, and what "not a fully-fledged model" keeps it out of.

No published profile has the Familiar trait, so these tests give the shipped (assumed) Imp the trait and two
``familiar:`` grants: INT +2 and Acute Senses for its caster."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.core.data_loader import load_system_data
from engine.core import Answer, Game, IllegalCommand, ModelId, RigDice, SideId
from engine.schema import UnitProfile
from engine.systems.eldfall import Eldfall
from engine.systems.eldfall.cards import CardError, read_card
from engine.systems.eldfall.familiars import ORDER_KIND
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, ChannelMana, Declare
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    as_side,
    clear_table,
    place,
    practice,
    settle,
    turn_of,
    unit_id,
)
from tests.refusals import refused, refusing

FAMILIAR_GRANTS = ("trait:Familiar", "familiar:INT +2", "familiar:trait:Acute Senses")


def _imp(unit: UnitProfile) -> UnitProfile:
    return unit.model_copy(update={"keywords": (*unit.keywords, *FAMILIAR_GRANTS)})


def _tough(unit: UnitProfile, hp: int) -> UnitProfile:
    return unit.model_copy(update={"wounds": hp, "stats": {**unit.stats, "HP": hp}})


def _system(vizier_hp: int = 1) -> Eldfall:
    """The shipped data with the Imp a familiar (test only), and the Vizier's HP as asked."""
    data = load_system_data("eldfall")
    units = tuple(_imp(u) if u.name == "Imp" else _tough(u, vizier_hp) if u.name == "Vizier of Conjurations" else u
                  for u in data.units)
    return Eldfall(data.model_copy(update={"units": units}))


def _table(seed: str, rulings: dict[str, str] | None = None, vizier_hp: int = 1) -> tuple[Game[EldfallState], ModelId]:
    """The Sand Conclave (its Vizier of Conjurations casts Summon Imp) against the Soga Vanguard, side A's turn."""
    game = practice(("Sand Conclave", "Soga Vanguard"), seed, system=_system(vizier_hp), rulings=rulings)
    turn_of(game, "A")
    return game, ModelId(unit_id(game, "Vizier of Conjurations"))


def _ready_to_conjure(game: Game[EldfallState], vizier: ModelId) -> None:
    game.apply(ChannelMana(model=vizier, amount=1), as_side("A", ALICE))
    game.apply(Activate(model=vizier, how="idle"), as_side("A", ALICE))
    settle(game)


def _ritual(game: Game[EldfallState], vizier: ModelId, spell: str) -> None:
    _ready_to_conjure(game, vizier)
    game.apply(Declare(kind="ritual", means=spell), as_side("A", ALICE))


def _summon_imp(game: Game[EldfallState], vizier: ModelId, order: str = "downing") -> ModelId:
    """Summon the Imp and answer its standing order (ruling familiar-sacrifice)."""
    _ritual(game, vizier, "Summon Imp")
    decision = next(d for d in game.state.pending.values() if d.kind == ORDER_KIND)
    imp = ModelId(decision.parts[0].key)
    game.apply(Answer(decision_id=decision.id, answers={imp: order}), as_side("A", ALICE))
    assert game.state.figures[imp].sacrifice == order
    return imp


def test_a_summoned_familiar_gives_its_caster_its_abilities_and_stat_modifiers() -> None:
    # L2069, L2073: the caster gets what the familiar's profile lists, only while the familiar is summoned.
    game, vizier = _table("familiar-gains")
    before = game.system.kit.world(game.state).fighter(vizier)
    assert before.value("INT") == 16 and not before.has("Acute Senses")
    imp = _summon_imp(game, vizier)
    world = game.system.kit.world(game.state)
    caster = world.fighter(vizier)
    assert caster.value("INT") == 18 and caster.has("Acute Senses")
    assert any("Imp (Familiar)" in line for line in caster.attribute("INT").working)
    assert world.awareness(caster) == 13.0, "AG 10 and Acute Senses' +3 (L1999-2001)"
    assert not world.fighter(imp).has("Acute Senses"), "the familiar's grants are its caster's, not its own"


def test_a_familiar_has_no_summoning_limit_but_only_one_of_a_name() -> None:
    # L988-1000: the Vizier (STA 2) with two Tier I Gargoyles has reached its Summoning Limit; L2071: a familiar
    # has none, but a caster may not control two creatures of one name.
    game, vizier = _table("familiar-limit")
    _ritual(game, vizier, "Summon Gargoyle")
    settle(game)
    turn_of(game, "B")
    turn_of(game, "A")
    _summon_imp(game, vizier)
    assert sum(1 for f in game.state.figures.values() if f.summoner == vizier) == 3
    turn_of(game, "B")
    turn_of(game, "A")
    _ready_to_conjure(game, vizier)
    refused(game, Declare(kind="ritual", means="Summon Imp"), as_side("A", ALICE),
            r"already has a Imp under its control.*\(L2071\)", error=IllegalCommand)
    with refusing(game, r"Summoning Limits add up to 2, which reaches its STA 2 \(L990\)", error=IllegalCommand):
        game.apply(Declare(kind="ritual", means="Summon Gargoyle"), as_side("A", ALICE))


def _attacked(game: Game[EldfallState], vizier: ModelId, dice: tuple[int, ...] = (2, 20, 1, 1)) -> list[str]:
    """Side B's Bushi Attendant attacks the Vizier in base contact: one Hit, one Wound (rigged ``dice``)."""
    bushi = ModelId(unit_id(game, "Bushi Attendant"))
    turn_of(game, "B")
    place(game, vizier, 18, 10, 90.0)
    place(game, bushi, 18, 11.26, 270.0)
    game.apply(Activate(model=bushi, how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=dice), HOST)
    events = game.apply(Declare(kind="attack", means=_melee(game, bushi), targets=((vizier, 0),)),
                        as_side("B", ALICE))
    settle(game)
    return [line for e in events for line in (e.body.describe(), *e.body.working())]


def _melee(game: Game[EldfallState], model: ModelId) -> str:
    f = game.system.kit.world(game.state).fighter(model)
    return next(m.id for m in f.weapons if m.kind == "melee")


def test_the_familiar_is_removed_instead_of_the_wounds_that_would_bring_its_caster_down() -> None:
    # L2069: when the caster would suffer Wounds from damage, the familiar may be removed instead; by its standing
    # order "downing" (ruling familiar-sacrifice), when they would take the 1 HP Vizier to 0; one removal takes every
    # Wound of that damage (ruling familiar-wounds).
    game, vizier = _table("familiar-shield")
    clear_table(game, (vizier,))
    imp = _summon_imp(game, vizier)
    vp_before = dict(game.state.record(SideId("B")).vp)
    lines = _attacked(game, vizier, dice=(2, 2, 1, 1))  # two Hits, two Wounds: one removal takes both (familiar-wounds)
    assert any(f"{imp} Imp, {vizier}'s familiar, is removed instead of 2 Wounds (L2069)" in line for line in lines), \
        lines
    assert imp not in game.state.models and game.state.figures[imp].gone == "sacrificed"
    assert game.state.models[vizier].wounds_taken == 0 and "incapacitated" not in game.state.models[vizier].tokens
    assert game.system.kit.world(game.state).fighter(vizier).value("INT") == 16, "its gifts go with it (L2073)"
    assert dict(game.state.record(ModelId("B")).vp) == vp_before, "a familiar's loss scores nothing (L2073)"  # type: ignore[arg-type]


def test_a_familiar_ordered_downing_lets_its_caster_take_wounds_it_survives() -> None:
    # Ruling familiar-sacrifice: the order "downing" spares the familiar while its caster stays above 0 HP.
    game, vizier = _table("familiar-downing", vizier_hp=3)
    clear_table(game, (vizier,))
    imp = _summon_imp(game, vizier)
    _attacked(game, vizier)
    assert imp in game.state.models and game.state.models[vizier].wounds_taken == 1
    lines = _attacked(game, vizier, dice=(2, 2, 1, 1))  # two more would take its last 2 HP
    assert any(f"{imp} Imp, {vizier}'s familiar, is removed instead of 2 Wounds" in line for line in lines), lines
    assert game.state.models[vizier].wounds_taken == 1


def test_a_familiar_ordered_never_lets_its_caster_take_the_wounds() -> None:
    game, vizier = _table("familiar-never")
    clear_table(game, (vizier,))
    imp = _summon_imp(game, vizier, order="never")
    lines = _attacked(game, vizier)
    assert not any("removed instead" in line for line in lines)
    assert game.state.models[vizier].wounds_taken == 1 and "incapacitated" in game.state.models[vizier].tokens
    assert game.state.figures[imp].gone == "dismissed", \
        "an Incapacitated caster loses its creatures at the end of the sequence (L980)"


def test_ruling_any_wound_sets_the_order_without_asking() -> None:
    game, vizier = _table("familiar-auto", rulings={"familiar-sacrifice": "any-wound"})
    _ritual(game, vizier, "Summon Imp")
    assert not any(d.kind == ORDER_KIND for d in game.state.pending.values())
    imp = next(f.id for f in game.state.figures.values() if f.summoner == vizier and f.unit == "Imp")
    assert game.state.figures[imp].sacrifice == "any"


def test_familiar_keywords_are_checked() -> None:
    data = load_system_data("eldfall")
    guard = next(u for u in data.units if u.name == "Citadel Guard")
    with pytest.raises(CardError, match=r"familiar: keywords give a caster abilities only on a card with "
                                        r"trait:Familiar \(L2069\)"):
        read_card(guard.model_copy(update={"keywords": (*guard.keywords, "familiar:INT +2")}))
    with pytest.raises(CardError, match=r'familiar:"INT twice" must be <kind>:<ability>.*like "INT \+2"'):
        read_card(guard.model_copy(update={"keywords": (*guard.keywords, "trait:Familiar", "familiar:INT twice")}))
    misspelt = tuple(u.model_copy(update={"keywords": (*u.keywords, "trait:Familiar", "familiar:skill:Dahs")})
                     if u.name == "Imp" else u for u in data.units)
    with pytest.raises(ValidationError, match=r'keywords.2: unknown skill "Dahs"; did you mean "Dash"\?'):
        Eldfall(data.model_copy(update={"units": misspelt}))
    card = read_card(_imp(next(u for u in data.units if u.name == "Imp")))
    assert card.familiar and card.familiar_adds == {"INT": 2} and card.familiar_gains == (("trait", "Acute Senses"),)


def test_a_familiar_fights_alongside_its_caster_in_a_duel() -> None:
    # L1571: a familiar cannot issue a duel; L1574-1576: while the duel is on only the duellists act, but the
    # creatures and familiars of a duellist may fight alongside it (ruling duel-turns).
    game, vizier = _table("familiar-duel")
    imp = _summon_imp(game, vizier)
    settle(game)
    turn_of(game, "B")
    turn_of(game, "A")
    game.apply(Activate(model=imp, how="idle"), as_side("A", ALICE))
    settle(game)
    with refusing(game, r"only a member of the original party.*\(L1571\)", error=IllegalCommand):
        game.apply(Declare(kind="duel"), as_side("A", ALICE))
    game.apply(Declare(kind="nothing"), as_side("A", ALICE))
    settle(game)
    game.apply(Activate(model=vizier, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="duel"), as_side("A", ALICE))
    (challenge,) = game.state.pending.values()
    bushi = ModelId(unit_id(game, "Bushi Attendant"))
    game.apply(Answer(decision_id=challenge.id, choice=bushi), as_side("B", ALICE))
    assert game.state.duel == (vizier, bushi)
    game.apply(Activate(model=imp, how="idle"), as_side("A", ALICE))
    assert game.state.sequence is not None and game.state.sequence.model == imp
    settle(game)
    game.apply(Declare(kind="nothing"), as_side("A", ALICE))
    settle(game)
    taskmage = ModelId(unit_id(game, "Taskmage Explorer"))
    with refusing(game, r"a duel is on.*L1574-1576", error=IllegalCommand):
        game.apply(Activate(model=taskmage, how="idle"), as_side("A", ALICE))


def test_ruling_one_wound_lets_a_familiar_take_a_single_wound() -> None:
    # Ruling familiar-wounds, one-wound: each familiar removed takes one Wound; its caster takes the rest.
    game, vizier = _table("familiar-one", rulings={"familiar-wounds": "one-wound", "familiar-sacrifice": "any-wound"})
    clear_table(game, (vizier,))
    _ritual(game, vizier, "Summon Imp")
    settle(game)
    imp = next(f.id for f in game.state.figures.values() if f.unit == "Imp")
    lines = _attacked(game, vizier, dice=(2, 2, 1, 1))  # two Hits, two Wounds
    assert any(f"{imp} Imp, {vizier}'s familiar, is removed instead of 1 Wound (L2069)" in line for line in lines)
    assert game.state.figures[imp].gone == "sacrificed" and game.state.models[vizier].wounds_taken == 1
