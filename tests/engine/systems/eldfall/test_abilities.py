"""Abilities and spells in play: Healing, Enchantments and Rituals, Mana, the Summoning Limit, a Summoner's first
creature, casters' re-rolls, Finishing Strike, Hurl and Hit and Retreat (each test cites the rule it plays)."""

from __future__ import annotations

from engine.core import Game, IllegalCommand, ModelId, RigDice, SideId
from engine.systems.eldfall.by_hand import placed
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, ChannelMana, ChooseParty, Declare, Ready
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    new_game,
    practice,
    settle,
    turn_of,
    unit_id,
)
from tests.refusals import refusing
from tests.table_commands import wound_model


def _activate(game: Game[EldfallState], model: str, side: str) -> None:
    game.apply(Activate(model=ModelId(model), how="idle"), as_side(side, ALICE))
    settle(game)


def test_a_vitalist_heals_an_ally_with_curative_touch_without_a_roll() -> None:
    game = practice(("Helian Expedition", "Soga Vanguard"), "heal")
    turn_of(game, "A")
    priest, guard = unit_id(game, "Expeditionary Hierophant"), unit_id(game, "Citadel Guard")
    arrange(game, {
        priest: (18, 10, 90.0),
        guard: (19.26, 10, 90.0),  # two 32 mm bases touch 1.26 inches apart
    })
    game.apply(wound_model(model=ModelId(guard), amount=1), HOST)
    assert game.state.models[ModelId(guard)].wounds_left == 1
    _activate(game, priest, "A")
    events = game.apply(Declare(kind="assist", means="Curative Touch", targets=((ModelId(guard), 0),)),
                        as_side("A", ALICE))
    assert any("without a roll (Vitalist, L1876)" in e.body.describe() for e in events)
    assert game.state.models[ModelId(guard)].wounds_left == 2, "Curative Touch restores every HP (L2269)"


def test_an_enchantment_lasts_until_the_casters_next_strategic_phase() -> None:
    game = practice(("Helian Expedition", "Soga Vanguard"), "enchant")
    turn_of(game, "A")
    priest, guard = unit_id(game, "Expeditionary Hierophant"), ModelId(unit_id(game, "Citadel Guard"))
    arrange(game, {priest: (18, 10, 90.0), guard: (20, 12, 90.0)})
    _activate(game, priest, "A")
    game.apply(RigDice(values=(3, 3)), HOST)
    game.apply(Declare(kind="assist", means="Protective Barrier", targets=((guard, 0),)), as_side("A", ALICE))
    assert game.state.figures[guard].enchantments == {"protective-barrier": "strategic:A"}  # L950
    turn_of(game, "B")
    assert "protective-barrier" in game.state.figures[guard].enchantments
    turn_of(game, "A")
    assert game.state.figures[guard].enchantments == {}, "it ends at the caster's next Strategic phase (L950)"


def test_a_mage_turns_ap_into_mana_and_a_ritual_summons_within_the_summoning_limit() -> None:
    game = practice(("Sand Conclave", "Soga Vanguard"), "ritual")
    turn_of(game, "A")
    vizier = ModelId(unit_id(game, "Vizier of Conjurations"))
    first = [f.id for f in game.state.figures.values() if f.summoner == vizier]
    assert len(first) == 1 and game.state.models[first[0]].unit == "Gargoyle", \
        "a Summoner starts with a Tier II or lower creature in contact (L1869-1871)"
    game.apply(ChannelMana(model=vizier, amount=1), as_side("A", ALICE))
    assert (game.state.figures[vizier].ap, game.state.figures[vizier].mana) == (1, 1)  # L926-928
    _activate(game, vizier, "A")
    game.apply(Declare(kind="ritual", means="Summon Gargoyle"), as_side("A", ALICE))
    summoned = [f.id for f in game.state.figures.values() if f.summoner == vizier]
    assert len(summoned) == 2 and game.state.figures[vizier].mana == 0, "Mana Cost 1 paid (L986)"
    new = summoned[-1]
    assert game.state.figures[new].ap == 2, "a summoned creature gets AP equal to its STA at once (L978)"
    world = game.system.kit.world(game.state)
    assert world.gap(vizier, new) <= 0.02, "placed in base contact with its caster (L978)"


def test_the_summoning_limit_refuses_a_ritual_once_the_creatures_reach_the_casters_sta() -> None:
    game = practice(("Sand Conclave", "Soga Vanguard"), "limit")
    turn_of(game, "A")
    vizier = ModelId(unit_id(game, "Vizier of Conjurations"))
    game.apply(ChannelMana(model=vizier, amount=1), as_side("A", ALICE))
    _activate(game, vizier, "A")
    game.apply(Declare(kind="ritual", means="Summon Gargoyle"), as_side("A", ALICE))
    turn_of(game, "B")
    turn_of(game, "A")
    game.apply(ChannelMana(model=vizier, amount=1), as_side("A", ALICE))
    _activate(game, vizier, "A")
    with refusing(game, r"Summoning Limits add up to 2, which reaches its STA 2 \(L990\)", error=IllegalCommand):
        game.apply(Declare(kind="ritual", means="Summon Gargoyle"), as_side("A", ALICE))


def test_a_sorcerer_re_rolls_a_failed_die_of_its_sorcery() -> None:
    # Ruling sorcerer-reroll (L1867): a Sorcery spell (Ignite) in the Active role.
    game = practice(("Helian Expedition", "Soga Vanguard"), "sorcerer")
    turn_of(game, "A")
    shaper = unit_id(game, "Flameshaper")
    target = unit_id(game, "Bushi Attendant")
    arrange(game, {shaper: (10, 10, 90.0), target: (10, 20, 270.0)})
    _activate(game, shaper, "A")
    game.apply(RigDice(values=(19, 20, 3, 20)), HOST)
    events = game.apply(Declare(kind="cast", means="Ignite", targets=((ModelId(target), 0),)), as_side("A", ALICE))
    texts = [e.body.describe() for e in events]
    assert any("re-roll of its 20 (Sorcerer, L1867)" in t for t in texts), texts


def test_finishing_strike_attacks_again_after_a_wound() -> None:
    game = practice(("Soga Vanguard", "Thenion Shadows"), "finish")
    turn_of(game, "A")
    oni = unit_id(game, "Onitaoshi")
    target = unit_id(game, "Thenrin Swashbuckler")
    arrange(game, {oni: (18, 10, 90.0), target: (18, 11.26, 270.0)})
    _activate(game, oni, "A")
    game.apply(RigDice(values=(2, 20, 1, 5, 1, 1)), HOST)  # 1 Hit, a Wound; the strike hits, wounds
    events = game.apply(Declare(kind="attack", means="Greatsword", targets=((ModelId(target), 0),)),
                        as_side("A", ALICE))
    working = [line for e in events for line in e.body.working()]
    assert any("Finishing Strike" in line and "L1930" in line for line in working), working


def test_hurl_is_an_earth_elementals_ranged_attack_of_its_toughness() -> None:
    game = practice(("Sand Conclave", "Soga Vanguard"), "hurl")
    from engine.systems.eldfall.means import HURL
    assert HURL.pw == "T" and HURL.reach is not None and HURL.reach.attribute == "T"
    card = game.system.kit.catalogue.card("Earth Elemental")
    assert card.level_of("Hurl") == 1


def test_a_warding_barrier_negates_ranged_spell_attacks_inside_its_casting_aura() -> None:
    # L2272: cast by Ritual, a Warding Barrier negates ranged attacks of the Spell type on models in the caster's
    # Casting Aura (its Awareness, L752) until the caster's next Strategic phase (L950).
    game = practice(("Helian Expedition", "Sand Conclave"), "barrier")
    turn_of(game, "A")
    priest = ModelId(unit_id(game, "Expeditionary Hierophant"))
    taskmage = ModelId(unit_id(game, "Taskmage Explorer"))
    arrange(game, {priest: (25, 12, 90.0), taskmage: (25, 20, 270.0)})
    _activate(game, priest, "A")
    game.apply(Declare(kind="ritual", means="Warding Barrier"), as_side("A", ALICE))
    assert game.state.figures[priest].enchantments == {"warding-barrier": "strategic:A"}
    turn_of(game, "B")
    _activate(game, taskmage, "B")
    game.apply(RigDice(values=(3, 3, 3, 3)), HOST)
    events = game.apply(Declare(kind="cast", means="mana-burst", targets=((priest, 0),)), as_side("B", ALICE))
    assert any("Warding Barrier negates Mana Burst" in line for e in events for line in e.body.working())
    assert game.state.models[priest].wounds_taken == 0


def test_conjured_retinue_makes_its_summoners_tier_i_and_ii_creatures_soldiers() -> None:
    # L2900-2902: Tier I and II creatures summoned by the upgraded model receive the Soldier class.
    party = PartySpec(id="retinue", name="Retinue", faction="Sand Kingdoms", game_size=60,
                      leader="Vizier of Conjurations",
                      members=(PartyMember(unit="Vizier of Conjurations", upgrades=("conjured-retinue",)),
                               PartyMember(unit="Taskmage Explorer")))
    game = practice((party, "Soga Vanguard"), "retinue")
    vizier = ModelId(unit_id(game, "Vizier of Conjurations"))
    creature = next(m for m, f in game.state.figures.items() if f.summoner == vizier)
    world = game.system.kit.world(game.state)
    assert world.fighter(creature).has("Soldier") and not world.fighter(vizier).has("Soldier")
    plain = practice(("Sand Conclave", "Soga Vanguard"), "retinue")
    summoned = next(m for m, f in plain.state.figures.items() if f.summoner is not None)
    assert not plain.system.kit.world(plain.state).fighter(summoned).has("Soldier")


def test_double_time_is_spent_at_the_initiative_check() -> None:
    # L2867-2869: removed at the Initiative Check for +6 to its result; the model plays on without it.
    party = PartySpec(id="haste", name="Haste", faction="Helian League", game_size=60,
                      leader="Expeditionary Hierophant",
                      members=(PartyMember(unit="Expeditionary Hierophant", upgrades=("double-time",)),
                               PartyMember(unit="Citadel Guard")))
    game = practice((party, "Soga Vanguard"), "double-time")
    priest = ModelId(unit_id(game, "Expeditionary Hierophant"))
    assert game.state.figures[priest].upgrades == [], "the +6 is counted (test_worked_examples), the card discarded"


def test_a_personal_guard_is_given_to_the_summoners_first_creature() -> None:
    # L2904-2906: assigned at deployment to a summoned creature, which receives the Sentinel class.
    party = PartySpec(id="guard", name="Guard", faction="Sand Kingdoms", game_size=60,
                      leader="Vizier of Conjurations",
                      members=(PartyMember(unit="Vizier of Conjurations", upgrades=("personal-guard",)),
                               PartyMember(unit="Taskmage Explorer")))
    game = practice((party, "Soga Vanguard"), "personal-guard")
    vizier = ModelId(unit_id(game, "Vizier of Conjurations"))
    creature = next(m for m, f in game.state.figures.items() if f.summoner == vizier)
    assert game.system.kit.world(game.state).fighter(creature).has("Sentinel")
    assert game.state.figures[vizier].upgrades == []


def test_a_summoners_starting_creature_deploys_anywhere_in_its_awareness_and_follows_it() -> None:
    # L1869: a Summoner may start with a Tier II or lower creature in its Awareness (not bound to the zone).
    game = new_game("start-creature")
    game.apply(ChooseParty(name="Sand Conclave"), as_side("A"))
    game.apply(ChooseParty(name="Soga Vanguard"), as_side("B"))
    settle(game)  # the schemes and the Initiative Check, by their defaults
    if game.state.order[0] != "A":
        game.apply(Ready(), as_side("B"))
    settle(game)  # side A's Summoner starts with its default creature when A's turn to deploy comes
    creature = next(f for f in game.state.figures.values() if f.side == "A" and f.summoner is not None)
    summoner = game.state.models[creature.summoner]  # type: ignore[index]
    bottom = game.state.record(SideId("A")).edge == "bottom"
    step = 1 if bottom else -1
    place_at = (summoner.x, summoner.y)
    game.apply(placed(ModelId(creature.summoner or ""), (18.0, 4.0 if bottom else 32.0)), as_side("A"))
    beyond_zone = (18.0, (4.0 if bottom else 32.0) + step * 7.0)  # past the 8-inch zone, within AG 10+ inches
    game.apply(placed(ModelId(creature.id), beyond_zone), as_side("A"))
    assert (game.state.models[creature.id].x, game.state.models[creature.id].y) == beyond_zone
    with refusing(game, r"starts in its Awareness \(L1869\)", error=IllegalCommand):
        game.apply(placed(ModelId(creature.id), (18.0, (4.0 if bottom else 32.0) + step * 20.0)),
                   as_side("A"))
    game.apply(placed(ModelId(creature.summoner or ""), (3.0, place_at[1])), as_side("A"))
    world = game.system.kit.world(game.state)
    assert world.aware(ModelId(creature.summoner or ""), ModelId(creature.id)), "it came back to its Summoner"
