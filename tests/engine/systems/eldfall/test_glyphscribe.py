"""Glyphscribe: Reduce Weight (Eldfall core rules v1.5, L2855-2861): the player chooses Inscribed Item (a weapon or
shield it carries: WGT -1, STK +1, L2859) or Inscribed Armor (+1 AG, +1 SPD, Inventory +1, L2861) in the party list;
the party checker refuses every broken choice, the choice travels to the model on the table and is applied there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.core.data_loader import load_player_import, shipped_data
from engine.core import Game, ModelId, RigDice, SideId, Viewer, fold
from engine.schema import DataError
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.equipment import Carried, encumbrance
from engine.systems.eldfall.events import FigureAdded, PartiesRevealed
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.party import IllegalParty, check_party
from engine.systems.eldfall.schema import PartySpec
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.strikes import active_strike, reactive_strike
from engine.systems.eldfall.views import eldfall_view
from tests.engine.systems.eldfall.commands import Activate, ChooseParty, Declare
from tests.engine.systems.eldfall.loader import parse_texts
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    as_side,
    clear_table,
    new_game,
    place,
    practice,
    settle,
    turn_of,
    unit_id,
)
from tests.engine.systems.eldfall.test_data import shipped_texts
from tests.refusals import refused
from tests.table_commands import change_token

GLYPH = "glyphscribe-reduce-weight"
EXAMPLE = Path(__file__).resolve().parents[4] / "examples" / "eldfall" / "glyphscribe-party.yaml"


def helian(*members: Any, size: int = 80) -> PartySpec:
    """A Helian League party led by a Citadel Guard, with ``members`` after it (dicts, or unit names)."""
    listed = [m if isinstance(m, dict) else {"unit": m} for m in members]
    return PartySpec.model_validate({"id": "glyph", "name": "Glyph", "faction": "Helian League", "game_size": size,
                                     "leader": "Citadel Guard", "members": [{"unit": "Citadel Guard"}, *listed]})


def guard(choice: str | list[str] | None = None, unit: str = "Citadel Guard", copies: int = 1) -> dict[str, Any]:
    member: dict[str, Any] = {"unit": unit, "upgrades": [GLYPH] * copies}
    if choice is not None:
        member["choices"] = {GLYPH: choice}
    return member


def problems(catalogue: EldfallCatalogue, spec: PartySpec) -> list[tuple[str, str]]:
    return [(p.message, p.rule) for p in check_party(spec, catalogue)]


# -- the party list ------------------------------------------------------------------------------------------------

ACCEPTED = ("inscribed-item:<item> (a Weapon or a Shield it carries: small-bludgeon, short-sword, shield) or "
            "inscribed-armor")


@pytest.mark.parametrize(("member", "message"), [
    (guard(), "Citadel Guard's Glyphscribe: Reduce Weight needs its choice: add choices: {glyphscribe-reduce-weight: "
              f"<choice>}} to the member, where <choice> is {ACCEPTED}"),
    ({"unit": "Citadel Guard", "choices": {GLYPH: "inscribed-armor"}},
     "Citadel Guard has a choice for glyphscribe-reduce-weight but not that upgrade (its upgrades: none)"),
    (guard("inscribed-shield"), "Citadel Guard's Glyphscribe: Reduce Weight: \"inscribed-shield\" is not an option "
                                f"of Glyphscribe: Reduce Weight; choose {ACCEPTED}"),
    (guard("inscribed-item"), "Citadel Guard's Glyphscribe: Reduce Weight: inscribed-item names the item it works "
                              "on, as inscribed-item:<item>, a Weapon or a Shield it carries: small-bludgeon, "
                              "short-sword, shield"),
    (guard("inscribed-item:short-bow"), "Citadel Guard's Glyphscribe: Reduce Weight: it carries no \"short-bow\"; "
                                        "Inscribed Item takes a Weapon or a Shield it carries: small-bludgeon, "
                                        "short-sword, shield"),
    (guard("inscribed-item:staff-of-light", unit="Expeditionary Hierophant"),
     "Expeditionary Hierophant's Glyphscribe: Reduce Weight: Staff of Light is no Weapon or Shield; Inscribed Item "
     "takes a Weapon or a Shield it carries: none"),
    (guard("inscribed-armor:shield"), "Citadel Guard's Glyphscribe: Reduce Weight: inscribed-armor takes no item: "
                                      'write "inscribed-armor" alone'),
    (guard("inscribed-armor", unit="Flameweaver Errant", copies=2),
     "Flameweaver Errant has 2 Glyphscribe: Reduce Weight and 1 choice for it: give one choice per copy, as a list"),
], ids=["missing", "not-taken", "unknown-option", "no-item", "not-carried", "not-a-weapon", "item-for-armor",
        "one-per-copy"])
def test_each_broken_choice_is_refused_saying_what_is_accepted(catalogue: EldfallCatalogue, member: dict[str, Any],
                                                              message: str) -> None:
    # L2857-2861: choose one of the two; Inscribed Item picks a Weapon or a Shield in the model's Inventory.
    assert problems(catalogue, helian(member)) == [(message, "L2855-2861")]


def test_a_choice_for_an_upgrade_without_options_or_an_unknown_one_is_refused(catalogue: EldfallCatalogue) -> None:
    pouch = helian({"unit": "Citadel Guard", "upgrades": ["pouch"], "choices": {"pouch": "inscribed-armor"}})
    assert problems(catalogue, pouch) == [("Pouch offers no choice; take pouch out of Citadel Guard's choices",
                                           "L2656-2658")]
    typo = helian({**guard("inscribed-armor"), "choices": {GLYPH: "inscribed-armor", "glyphscribe": "x"}})
    assert problems(catalogue, typo) == [("Citadel Guard's choices name an unknown upgrade \"glyphscribe\"", "L1052")]


def test_choices_take_names_in_any_spelling_and_one_per_copy(catalogue: EldfallCatalogue) -> None:
    # The Flameweaver Errant's Resourceful I lets it take the upgrade twice (L2137-2139): one choice per copy.
    spec = helian(guard(["Inscribed Armor", "inscribed item: Mastercrafted Helrin Sword"], unit="Flameweaver Errant",
                        copies=2), guard("INSCRIBED-ITEM:Short Sword"))
    assert problems(catalogue, spec) == []


def test_a_party_missing_its_choice_is_refused_when_chosen() -> None:
    game = new_game("glyph-missing")
    refused(game, ChooseParty(spec=helian(guard(), size=60), side=SideId("A")), HOST, "needs its choice",
            error=IllegalParty)


def test_the_example_party_file_imports_and_is_legal(catalogue: EldfallCatalogue) -> None:
    (spec,) = load_player_import(EXAMPLE.name, EXAMPLE.read_bytes(), "parties", catalogue=shipped_data("eldfall"))
    assert isinstance(spec, PartySpec)
    assert spec.members[0].choices == {GLYPH: ("inscribed-item:small-bludgeon",)}
    assert problems(catalogue, spec) == []


def test_the_data_refuses_an_option_granting_an_unknown_item() -> None:
    texts = shipped_texts()
    old = "{name: Inscribed Armor, grants: {adds: {AG: 1, SPD: 1}, inventory: 1}}"
    texts["upgrades"] = texts["upgrades"].replace(old, "{name: Inscribed Armor, grants: {items: [Glyph Plate]}}")
    with pytest.raises(DataError) as error:
        parse_texts(texts)
    assert error.value.problems == (
        'data/eldfall/upgrades.yaml: entry "glyphscribe-reduce-weight/Inscribed Armor" (upgrades[30].options[1]): '
        'field "grants.items[0]": unknown item "Glyph Plate"',)


# -- on the table ------------------------------------------------------------------------------------------------------


def _game(choice: str | None, seed: str = "glyph", rulings: dict[str, str] | None = None) -> Game[EldfallState]:
    """The Citadel Guard (and a Flameshaper) against the Soga Vanguard, the Guard inscribed as ``choice`` (or not)."""
    member = guard(choice) if choice is not None else {"unit": "Citadel Guard"}
    spec = PartySpec.model_validate({"id": "glyph", "name": "Glyph", "faction": "Helian League", "game_size": 60,
                                     "leader": "Citadel Guard", "members": [member, {"unit": "Flameshaper"}]})
    return practice((spec, "Soga Vanguard"), seed, rulings=rulings)


def _fighter(game: Game[EldfallState], unit: str = "Citadel Guard") -> Fighter:
    return game.system.kit.world(game.state).fighter(ModelId(unit_id(game, unit)))


def _strikes(game: Game[EldfallState], means: str, role: str = "active") -> int:
    f = _fighter(game)
    found = f.means(means)
    assert found is not None, means
    world = game.system.kit.world(game.state)
    if role == "active":
        return active_strike(world, f, found, idle=False, dash=False).value
    return reactive_strike(world, f, found).value


def test_the_choice_travels_with_the_model_onto_the_table() -> None:
    game = _game("inscribed-item:Small Bludgeon")
    figure = game.state.figures[ModelId(unit_id(game, "Citadel Guard"))]
    assert figure.upgrades == [GLYPH]
    assert figure.choices == {GLYPH: ["inscribed-item:small-bludgeon"]}, "kept in its canonical form"
    added = [e.body for e in game.log if isinstance(e.body, FigureAdded) and e.body.figure.id == figure.id]
    assert added[0].figure.choices == figure.choices, "the event that put it on the table records the choice"
    (revealed,) = [e.body for e in game.log if isinstance(e.body, PartiesRevealed)]
    assert "Citadel Guard (Glyphscribe: Reduce Weight: inscribed-item:Small Bludgeon)" in revealed.describe()


def test_an_inscribed_weapon_strikes_once_more_and_no_other_weapon_does() -> None:
    # L2859: Strike +1 on the inscribed weapon. The Small Bludgeon's STK is a formula, STA-1 (STA 2: 1 die); inscribed
    # it rolls 2. The Short Sword (STA: 2) and the Shield Bash (1) are unchanged.
    plain, inscribed = _game(None), _game("inscribed-item:small-bludgeon")
    assert [_strikes(plain, m) for m in ("small-bludgeon", "short-sword", "shield-bash")] == [1, 2, 1]
    assert [_strikes(inscribed, m) for m in ("small-bludgeon", "short-sword", "shield-bash")] == [2, 2, 1]


def test_an_inscribed_shield_adds_a_strike_to_its_shield_bash() -> None:
    # L2859 (a Shield may be chosen) and L1437-1440: the Shield Bash strikes with the shield's STK of 1.
    game = _game("inscribed-item:shield")
    assert [_strikes(game, m) for m in ("small-bludgeon", "short-sword", "shield-bash")] == [1, 2, 2]


def test_an_inscribed_weapon_rolls_one_more_die_in_play() -> None:
    game = _game("inscribed-item:small-bludgeon", "glyph-play")
    turn_of(game, "A")
    model = ModelId(unit_id(game, "Citadel Guard"))
    clear_table(game, (model, "B1"))
    place(game, model, 25, 20, 270.0)
    place(game, "B1", 25, 18.74, 90.0)
    game.apply(Activate(model=model, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(20,) * 6), HOST)
    events = game.apply(Declare(kind="attack", means="small-bludgeon", targets=((ModelId("B1"), 0),)),
                        as_side("A", ALICE))
    texts = [e.body.describe() for e in events]
    assert any(t.startswith(f"{model} declares: attacks B1 (2 strikes) with Small Bludgeon") for t in texts)
    assert any(t.startswith(f"Side A rolls for {model}'s attack with Small Bludgeon on B1: ") and
               t.endswith(": 20 miss, 20 miss [rigged]") for t in texts), texts
    replayed = fold(game.system, game.setup, game.log)
    assert replayed.fingerprint() == game.state.fingerprint(), "the log replays to the same game"
    assert replayed.figures[model].choices == {GLYPH: ["inscribed-item:small-bludgeon"]}


def test_a_plain_reaction_still_strikes_once_unless_the_ruling_says_every_attack() -> None:
    # L801: reacting, a model's STK is 1 by default; the Citadel Guard is a Sentinel, +1 when reacting (L1859).
    # Ruling inscribed-strike: the inscription raises the item's own STK, so a plain reaction gains nothing from it.
    assert _strikes(_game(None), "small-bludgeon", "reactive") == 2
    assert _strikes(_game("inscribed-item:small-bludgeon"), "small-bludgeon", "reactive") == 2
    every = _game("inscribed-item:small-bludgeon", rulings={"inscribed-strike": "every-attack"})
    assert _strikes(every, "small-bludgeon", "reactive") == 3
    assert _strikes(every, "small-bludgeon") == 2


def test_an_inscribed_item_weighs_one_less_never_below_nothing() -> None:
    # L2859 and L396-402: the Guard carries a Small Bludgeon (WGT 2), a Short Sword (1) and a Shield (2): weight 5.
    # Inscribing the Bludgeon makes it 4; inscribing the Short Sword makes its WGT 0, which still counts its
    # quantity, so the weight stays 5.
    def weight(choice: str | None) -> int:
        f = _fighter(_game(choice))
        return encumbrance(f.carried, f.capacity).weight
    assert (weight(None), weight("inscribed-item:small-bludgeon"), weight("inscribed-item:short-sword")) == (5, 4, 5)
    sword = next(c for c in _fighter(_game("inscribed-item:short-sword")).carried if c.item.id == "short-sword")
    assert (sword.wgt_change, sword.weight) == (-1, 1)


def test_one_of_several_carried_is_inscribed(catalogue: EldfallCatalogue) -> None:
    # L2859 inscribes one item: of two Short Swords (WGT 1) one weighs 0, still counting 1 (L402); of two Small
    # Bludgeons (WGT 2) one weighs 1, so 3 in all.
    assert encumbrance([Carried(catalogue.item("Short Sword"), 2, -1)], 7).weight == 2
    assert encumbrance([Carried(catalogue.item("Small Bludgeon"), 2, -1)], 7).weight == 3


def test_inscribed_armor_raises_ag_spd_and_inventory() -> None:
    # L2861: +1 AG, +1 SPD, Inventory +1 (the Citadel Guard: AG 10, SPD 4, Inventory 7).
    plain, armored = _fighter(_game(None)), _fighter(_game("inscribed-armor"))
    assert (plain.value("AG"), plain.speed, plain.capacity) == (10, 4, 7)
    assert (armored.value("AG"), armored.speed, armored.capacity) == (11, 5, 8)
    assert any("Glyphscribe: Reduce Weight (Inscribed Armor)" in line for line in armored.attribute("SPD").working)
    assert _strikes(_game("inscribed-armor"), "small-bludgeon") == 1, "no item is inscribed"


def test_inscribed_armor_speed_is_added_before_crouched_halves_it() -> None:
    # L573: additions first, then halving, rounded up; Crouched halves SPD (L1706). The Expeditionary Hierophant's SPD
    # 5 with Inscribed Armor, Crouched: (5 + 1) / 2 = 3, not 5 / 2 (rounded up) + 1 = 4.
    spec = helian(guard("inscribed-armor", unit="Expeditionary Hierophant"), size=60)
    game = practice((spec, "Soga Vanguard"), "glyph-crouched")
    hierophant = ModelId(unit_id(game, "Expeditionary Hierophant"))
    assert _fighter(game, "Expeditionary Hierophant").speed == 6
    game.apply(change_token(model=hierophant, token="crouched"), HOST)
    assert _fighter(game, "Expeditionary Hierophant").speed == 3


def test_the_model_view_shows_the_inscribed_item_to_its_side_and_after_the_reveal() -> None:
    game = _game("inscribed-item:small-bludgeon")
    model = ModelId(unit_id(game, "Citadel Guard"))
    kit = game.system.kit
    view = next(m for m in game.view(Viewer.of_side(SideId("B"))).models if m.id == model)
    assert view.items == ("Small Bludgeon (Inscribed Item: WGT -1, STK +1)", "Short Sword", "Shield")
    assert view.upgrades == ("Glyphscribe: Reduce Weight (Inscribed Item: Small Bludgeon)",)
    hidden = game.state.model_copy(deep=True)
    hidden.records[SideId("A")].revealed = False
    theirs = next(m for m in eldfall_view(kit, hidden, Viewer.of_side(SideId("B"))).models if m.id == model)
    mine = next(m for m in eldfall_view(kit, hidden, Viewer.of_side(SideId("A"))).models if m.id == model)
    assert (theirs.items, theirs.upgrades) == ((), ()), "the party list is still secret (L1036)"
    assert mine.items == view.items


def test_the_same_field_serves_elemental_lineage() -> None:
    # L2883-2885: Elemental Lineage gives one chosen Affinity. The Academy Expeditioner (Affinity Elder, Art of Sorcery
    # III) taking Affinity (Fire) casts the chart's Fire spells too.
    def spells(choice: str | None) -> list[str]:
        member: dict[str, Any] = {"unit": "Academy Expeditioner"}
        if choice is not None:
            member |= {"upgrades": ["elemental-lineage"], "choices": {"elemental-lineage": choice}}
        spec = PartySpec.model_validate({"id": "lineage", "name": "Lineage", "faction": "Sand Kingdoms",
                                         "game_size": 60, "leader": "Taskmage Explorer",
                                         "members": [{"unit": "Taskmage Explorer"}, member]})
        return [s.name for s in _fighter(practice((spec, "Soga Vanguard"), "lineage"), "Academy Expeditioner").spells]
    assert spells(None) == ["Arcane Bolt", "Telekinetic Blast", "Soul Crush"]
    assert spells("affinity-fire") == ["Ignite", "Flare", "Fireball", "Arcane Bolt", "Telekinetic Blast", "Soul Crush"]


def _member_spells(unit: str, leader: str, choices: list[str] | None) -> tuple[list[str], list[str]]:
    """The spells and the traits of ``unit`` in a Sand Kingdoms party, with Mana Catalyst's ``choices`` if any."""
    member: dict[str, Any] = {"unit": unit}
    if choices is not None:
        member |= {"upgrades": ["mana-catalyst"] * len(choices), "choices": {"mana-catalyst": choices}}
    spec = PartySpec.model_validate({"id": "catalyst", "name": "Catalyst", "faction": "Sand Kingdoms",
                                     "game_size": 60, "leader": leader, "members": [{"unit": leader}, member]})
    fighter = _fighter(practice((spec, "Soga Vanguard"), "catalyst"), unit)
    return [s.name for s in fighter.spells], [str(t) for t in fighter.card.traits]


def test_mana_catalyst_swaps_one_printed_affinity_for_the_chosen_element() -> None:
    # L2879-2881: one of the model's default Affinities becomes Fire, Water, Earth or Air. The Academy Expeditioner
    # prints Affinity (Elder) alone, so "fire" needs no more: it loses the Elder spells and casts the Fire ones.
    spells, traits = _member_spells("Academy Expeditioner", "Taskmage Explorer", ["fire"])
    assert "Affinity (Fire)" in traits and "Affinity (Elder)" not in traits
    assert spells == ["Ignite", "Flare", "Fireball"]


def test_mana_catalyst_on_a_card_with_two_affinities_names_the_one_it_replaces(catalogue: EldfallCatalogue) -> None:
    # The Vizier of Conjurations prints Affinity (Elder) and Affinity (Earth): the choice says which goes.
    _, traits = _member_spells("Vizier of Conjurations", "Taskmage Explorer", ["water:earth"])
    assert [t for t in traits if t.startswith("Affinity")] == ["Affinity (Elder)", "Affinity (Water)"]
    for choice, problem in (
            ("water", "Vizier of Conjurations has 2 Affinity traits: name the one water replaces, as "
                      "water:<elder or earth>"),
            ("water:fire", "Vizier of Conjurations has no Affinity (fire); it may replace elder or earth"),
            ("lightning", '"lightning" is not an option of Mana Catalyst; choose fire:<elder or earth> or '
                          "water:<elder or earth>")):
        spec = PartySpec.model_validate({
            "id": "catalyst", "name": "Catalyst", "faction": "Sand Kingdoms", "game_size": 60,
            "leader": "Taskmage Explorer", "members": [
                {"unit": "Taskmage Explorer"},
                {"unit": "Vizier of Conjurations", "upgrades": ["mana-catalyst"],
                 "choices": {"mana-catalyst": choice}}]})
        found = " / ".join(message for message, _ in problems(catalogue, spec))
        assert problem in found, (choice, found)
