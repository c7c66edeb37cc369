"""Independent rules cases written from the Eldfall core rules v1.5, on states and classes: each state's numbers and
how it ends, the Soldier and Berserker classes, Broken Morale in bigger parties, Deathblow, dodges, poison, daggers,
stratagems, Treasure Hunt and Open Hostilities, and the cover and range bands a shot rolls against."""

from __future__ import annotations

import pytest

from engine.checks import target
from engine.core import Answer, Game, ModelId, RigDice, SideId
from engine.systems.eldfall.attack import attack_roll, strike_value
from engine.systems.eldfall.confrontation import confront
from engine.systems.eldfall.morale import morale_broken
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, ChannelMana, Declare, EndTurn
from tests.engine.systems.eldfall.loader import shipped_rulings
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    eldfall,
    place,
    practice,
    settle,
    turn_of,
    unit_id,
)
from tests.refusals import refused, refusing
from tests.table_commands import change_token, wound_model

RULINGS = shipped_rulings()


def _soga(seed: str) -> Game[EldfallState]:
    """Soga Vanguard (A: Clan Champion A1, Onitaoshi A2, Bushi Attendant A3) against Thenion Shadows (B), A to act;
    the Champion's Advance! stratagem has given A's models +1 SPD (the Champion's SPD 5 is 6)."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), seed)
    turn_of(game, "A")
    return game


def _token(game: Game[EldfallState], model: str, token: str, remove: bool = False) -> None:
    game.apply(change_token(model=ModelId(model), token=token, remove=remove), HOST)


def _values(game: Game[EldfallState], model: str, *names: str) -> tuple[int, ...]:
    f = game.system.kit.world(game.state).fighter(ModelId(model))
    return tuple(f.value(n) for n in names)  # type: ignore[arg-type]


# --- States: their exact numbers ------------------------------------------------------------------------------


def test_confused_halves_six_attributes_rounding_up_and_leaves_the_rest() -> None:
    """Core rules v1.5, L1694: Confused halves OFF, DEF, ACC, INT, AG and M; L573: halving rounds up. The Clan
    Champion (OFF 16, DEF 12, ACC 12, INT 13, AG 10, M 17) keeps its SPD, T 13 and ARM 5."""
    game = _soga("confused")
    speed = _values(game, "A1", "SPD")
    _token(game, "A1", "confused")
    assert _values(game, "A1", "OFF", "DEF", "ACC", "INT", "AG", "M") == (8, 6, 6, 7, 5, 9)
    assert _values(game, "A1", "SPD", "T", "ARM") == (*speed, 13, 5)


def test_crippled_halves_speed_and_agility_only() -> None:
    """Core rules v1.5, L1700: Crippled halves SPD and AG (rounded up, L573): the Champion's SPD 5 and AG 10 become
    3 and 5 (its SPD 6 with Advance! halves to 3 as well); its OFF stays 16."""
    game = _soga("crippled")
    _token(game, "A1", "crippled")
    assert _values(game, "A1", "SPD", "AG", "OFF") == (3, 5, 16)


def test_crouched_halves_speed_and_armour() -> None:
    """Core rules v1.5, L1706: a Crouched model's SPD and ARM are halved (rounded up, L573): the Champion's SPD 5 and
    ARM 5 become 3 and 3 (SPD 6 with Advance!, halved, is 3 too)."""
    game = _soga("crouched")
    _token(game, "A1", "crouched")
    assert _values(game, "A1", "SPD", "ARM", "OFF") == (3, 3, 16)


def test_weakened_halves_toughness_and_takes_one_stamina_so_one_ap_at_upkeep() -> None:
    """Core rules v1.5, L1788: Weakened halves T and takes 1 STA; L1158: the Upkeep gives AP equal to STA, so the
    Weakened Champion (T 13, STA 2) has T 7 and gets a single AP."""
    game = _soga("weakened")
    _token(game, "A1", "weakened")
    assert _values(game, "A1", "T", "STA") == (7, 1)
    for _ in range(2):  # round over, A's next Upkeep
        active = game.state.active_side
        assert active is not None
        game.apply(EndTurn(), as_side(active, ALICE))
        settle(game)
    assert game.state.active_side == "A"
    assert (game.state.figures[ModelId("A1")].ap, game.state.figures[ModelId("A2")].ap) == (1, 2)


def test_flying_doubles_speed() -> None:
    """Core rules v1.5, L1732 and L573: a Flying model has doubled SPD, doubled after the additions (the Champion's
    5 + 1 for Advance! becomes 12)."""
    game = _soga("flying")
    _token(game, "A1", "flying")
    assert _values(game, "A1", "SPD") == (12,)


# --- Classes ----------------------------------------------------------------------------------------------------


def test_a_soldier_gains_one_for_each_other_standing_soldier_of_its_party_in_its_awareness() -> None:
    """Core rules v1.5, L1863: a Soldier gets +1 OFF, DEF, ACC, INT and M for each other Soldier of its party within
    its Awareness that is not Incapacitated or Dead, for any roll of those, not only attacks. The Flameshaper (INT 12
    and +1 from Gift of Longevity, M 12, OFF 8, AG 12) beside the Citadel Guard gets INT 14, M 13 and OFF 9 (not AG);
    with the Guard 25 inches off, or Incapacitated, it has none."""
    game = practice(("Helian Expedition", "Soga Vanguard"), "soldiers")
    shaper, guard = unit_id(game, "Flameshaper"), unit_id(game, "Citadel Guard")
    arrange(game, {shaper: (10, 10, 90.0), guard: (13, 10, 90.0)})
    assert _values(game, shaper, "INT", "M", "OFF", "AG") == (14, 13, 9, 12)
    arrange(game, {shaper: (5, 10, 90.0), guard: (30, 18, 90.0)})
    assert _values(game, shaper, "INT", "M") == (13, 12)
    arrange(game, {shaper: (10, 10, 90.0), guard: (13, 10, 90.0)})
    _token(game, guard, "incapacitated")
    assert _values(game, shaper, "INT", "M") == (13, 12)


# --- Broken Morale ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("original", "standing", "broken"),
                         [(5, 2, True), (5, 3, False), (6, 3, True), (6, 4, False), (10, 5, True), (10, 6, False)])
def test_broken_morale_in_bigger_parties(original: int, standing: int, broken: bool) -> None:
    """Core rules v1.5, L1280-1282: in a party of five, when three fall the two left are Panicked (so a party is
    broken once half or fewer of its models stand, as the four-model example shows); with more than half standing
    it is not."""
    assert morale_broken(original, standing, rulings=RULINGS) is broken


# --- Actions and states in play --------------------------------------------------------------------------------


def _incapacitated_b3(seed: str) -> Game[EldfallState]:
    """The Champion (A1) in base contact with the Swashbuckler (B3), which lies Incapacitated, A to act."""
    game = _soga(seed)
    arrange(game, {"A1": (12, 10, 90.0), "B3": (12, 11.26, 270.0)})
    game.apply(wound_model(model=ModelId("B3"), amount=2), HOST)
    _token(game, "B3", "incapacitated")
    return game


def test_a_deathblow_kills_an_incapacitated_enemy_in_base_contact_without_a_roll() -> None:
    """Core rules v1.5, L1536-1540: Deathblow needs base contact with the Incapacitated target and makes it Dead at
    once, with no roll: no dice are rigged, and the Swashbuckler is Dead."""
    game = _incapacitated_b3("deathblow")
    game.apply(Activate(model=ModelId("A1"), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="deathblow", targets=((ModelId("B3"), 1),)), as_side("A", ALICE))
    settle(game)
    assert "dead" in game.state.models[ModelId("B3")].tokens


def test_a_deathblow_out_of_base_contact_is_refused() -> None:
    """Core rules v1.5, L1538: the model must be in base contact with the Incapacitated target; half an inch off,
    the Deathblow is refused and the target stays only Incapacitated."""
    game = _incapacitated_b3("deathblow-far")
    place(game, "B3", 12, 11.8, 270.0)
    game.apply(Activate(model=ModelId("A1"), how="idle"), as_side("A", ALICE))
    settle(game)
    refused(game, Declare(kind="deathblow", targets=((ModelId("B3"), 1),)), as_side("A", ALICE), "base contact")
    assert "dead" not in game.state.models[ModelId("B3")].tokens


def test_an_incapacitated_model_with_hit_points_gets_up_in_its_next_strategic_phase() -> None:
    """Core rules v1.5, L1758: a model that is Incapacitated but has more than 0 HP stops being Incapacitated in its
    next Strategic phase, and then gets its AP at the Upkeep (L1158)."""
    game = _soga("back-up")
    _token(game, "B3", "incapacitated")
    assert game.state.models[ModelId("B3")].wounds_left > 0
    game.apply(EndTurn(), as_side("A", ALICE))
    settle(game)
    assert game.state.active_side == "B"
    assert "incapacitated" not in game.state.models[ModelId("B3")].tokens
    assert game.state.figures[ModelId("B3")].ap == 2


def test_after_a_run_the_model_may_only_declare_nothing() -> None:
    """Core rules v1.5, L1337 and L1357: Run is a Special Movement, after which the only action is Nothing; the
    Bushi Attendant that ran may not shoot."""
    game = _soga("ran")
    arrange(game, {"A3": (12, 4, 90.0), "B3": (12, 20, 270.0)})
    game.apply(Activate(model=ModelId("A3"), how="run", to="12,12"), as_side("A", ALICE))
    settle(game)
    assert any("the only action it may declare now, L1337" in str(e) for e in game.log), "Nothing declared for it"
    with refusing(game, r"Action step \(L1250\)"):
        game.apply(Declare(kind="attack", means="short-bow", targets=((ModelId("B3"), 0),)), as_side("A", ALICE))


def test_a_run_goes_up_to_twice_the_speed_and_no_further() -> None:
    """Core rules v1.5, L1357: Run moves up to double SPD. The Bushi Attendant (SPD 5, +1 from Advance!) sent 12.5
    inches runs 12 and stops there (the referee moves a model as far as its movement allows)."""
    game = _soga("run-far")
    arrange(game, {"A3": (12, 4, 90.0), "B3": (30, 30, 270.0)})
    game.apply(Activate(model=ModelId("A3"), how="run", to="12,16.5"), as_side("A", ALICE))
    settle(game)
    assert game.state.models[ModelId("A3")].y == 16.0


def test_a_blinded_model_may_not_attack() -> None:
    """Core rules v1.5, L1688: a Blinded model may only Assist, Dodge or do Nothing: the Bushi Attendant in base
    contact may not strike."""
    game = _soga("blinded")
    arrange(game, {"A3": (12, 4, 90.0), "B3": (12, 5.26, 270.0)})
    _token(game, "A3", "blinded")
    game.apply(Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))
    settle(game)
    refused(game, Declare(kind="attack", means="short-sword", targets=((ModelId("B3"), 0),)), as_side("A", ALICE))


def test_an_immobilized_model_may_not_walk() -> None:
    """Core rules v1.5, L1748: an Immobilized model cannot perform any Movement."""
    game = _soga("immobilized")
    arrange(game, {"A3": (12, 4, 90.0), "B3": (30, 30, 270.0)})
    _token(game, "A3", "immobilized")
    refused(game, Activate(model=ModelId("A3"), how="walk", to="12,6"), as_side("A", ALICE))
    assert game.state.models[ModelId("A3")].y == 4.0


@pytest.mark.parametrize(("face", "wounded"), [(6, False), (7, True)])
def test_poison_rolls_toughness_at_minus_six_each_strategic_phase(face: int, wounded: bool) -> None:
    """Core rules v1.5, L1770: a Poisoned model rolls T with a -6 modifier in each of its Strategic phases and a
    failure is a Wound: the Swashbuckler's T 12 becomes 6, so a 6 passes and a 7 wounds."""
    game = _soga(f"poison-{face}")
    _token(game, "B3", "poisoned")
    before = game.state.models[ModelId("B3")].wounds_left
    game.apply(RigDice(values=(face,)), HOST)
    game.apply(EndTurn(), as_side("A", ALICE))
    settle(game)
    assert game.state.models[ModelId("B3")].wounds_left == before - (1 if wounded else 0)


def test_weak_poison_weakens_until_the_wounded_models_next_strategic_phase_before_its_upkeep() -> None:
    """Core rules v1.5, L2121: a Wound with Poison I makes the model Weakened until its next Strategic phase (the
    Swashbuckler's Poisoned Weapons, L2782); L1788: meanwhile its STA is 1. The Strategic phase comes before the
    Upkeep (L1152-1158), so the Champion is whole again and gets its 2 AP."""
    game = _soga("weak-poison")
    turn_of(game, "B")
    arrange(game, {"B3": (12, 10, 90.0), "A1": (12, 11.26, 270.0)})
    game.apply(Activate(model=ModelId("B3"), how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 1)), HOST)  # one strike hits, no Rogue Knockdown (L1855), the damage wounds
    game.apply(Declare(kind="attack", means="short-sword", targets=((ModelId("A1"), 1),)), as_side("B", ALICE))
    settle(game)
    assert "weakened" in game.state.models[ModelId("A1")].tokens
    assert _values(game, "A1", "STA") == (1,)
    game.apply(EndTurn(), as_side("B", ALICE))
    settle(game)
    assert game.state.active_side == "A"
    assert "weakened" not in game.state.models[ModelId("A1")].tokens
    assert game.state.figures[ModelId("A1")].ap == 2


def test_a_party_whose_leader_is_incapacitated_uses_no_stratagem() -> None:
    """Core rules v1.5, L376 and L1758: once the Leader is Incapacitated, the party can no longer use Stratagems, so
    at Soga's next Strategic phase the Champion's Advance! (+1 SPD) is not applied again: the Attendant's SPD is its
    printed 5."""
    game = _soga("leader-down")
    assert _values(game, "A3", "SPD") == (6,)
    game.apply(wound_model(model=ModelId("A1"), amount=3), HOST)
    _token(game, "A1", "incapacitated")
    for side in ("A", "B"):
        game.apply(EndTurn(), as_side(side, ALICE))
        settle(game)
    assert game.state.active_side == "A"
    assert _values(game, "A3", "SPD") == (5,)


def test_an_incapacitated_model_keeps_its_ap_but_may_not_activate() -> None:
    """Core rules v1.5, L1756: an Incapacitated model keeps the AP it had until the End phase, but performs no
    Activation."""
    game = _soga("down-with-ap")
    arrange(game, {"A3": (12, 4, 90.0), "B3": (30, 30, 270.0)})
    game.apply(wound_model(model=ModelId("A3"), amount=2), HOST)
    _token(game, "A3", "incapacitated")
    assert game.state.figures[ModelId("A3")].ap == 2
    refused(game, Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))


def test_a_mage_makes_mana_counters_only_in_its_active_role() -> None:
    """Core rules v1.5, L922-926 and L1837: only in the Active role does a Mage turn AP into Mana Counters; the
    Vizier may not do it in the other player's turn, and may in its own."""
    game = practice(("Sand Conclave", "Soga Vanguard"), "mana")
    vizier = ModelId(unit_id(game, "Vizier of Conjurations"))
    turn_of(game, "B")
    refused(game, ChannelMana(model=vizier, amount=1), as_side("A", ALICE), "Active role")
    turn_of(game, "A")
    game.apply(ChannelMana(model=vizier, amount=1), as_side("A", ALICE))
    assert (game.state.figures[vizier].mana, game.state.figures[vizier].ap) == (1, 1)


# --- Confrontations and strikes ---------------------------------------------------------------------------------


def test_when_both_sides_score_a_critical_both_suffer_their_hits() -> None:
    """Core rules v1.5, L835: when both models attacking each other score a Critical Hit, both suffer the Hit; the
    attacker's other, ordinary success (a 9 against the defender's critical 1) is beaten (L833)."""
    a = attack_roll("A", "B", "OFF", target(13), [1, 9], rulings=RULINGS)
    b = attack_roll("B", "A", "DEF", target(12), [1], rulings=RULINGS)
    result = confront(a, b, rulings=RULINGS)
    assert sorted((h.attacker, h.face, h.critical) for h in result.hits) == [("A", 1, True), ("B", 1, True)]


def test_strike_is_never_modified_below_one() -> None:
    """Core rules v1.5, L805: Strike cannot be modified below 1; a printed STK 1 with a -2 leaves 1."""
    assert strike_value("1", 2, "active", bonuses=[("a penalty", -2)]).value == 1
    assert strike_value("STA", 3, "active", bonuses=[("a penalty", -1)]).value == 2


# --- Dodge, Crouched and Flying in play ---------------------------------------------------------------------------


def test_a_failed_dodge_still_moves_its_half_speed() -> None:
    """Core rules v1.5, L1386-1387: a model that declared Dodge may move its halved SPD at the end of the Resolution
    step even if its roll failed. The Swashbuckler's dodge roll of 20 fails against the Attendant's arrows, and it
    still steps 2 inches aside, to the point given with its Reaction step answer (ruling dodge-move-declared)."""
    game = _soga("failed-dodge")
    arrange(game, {"A3": (12, 4, 90.0), "B3": (12, 14, 270.0)})
    game.apply(Activate(model=ModelId("A3"), how="walk", to="12,6"), as_side("A", ALICE))
    (decision,) = game.state.pending.values()
    game.apply(Answer(decision_id=decision.id, answers={"B3": "dodge", "B3.move": "14,14"}), as_side("B", ALICE))
    game.apply(RigDice(values=(5, 5, 20, 20, 20)), HOST)  # two hits; the dodge fails; neither damage die wounds
    events = game.apply(Declare(kind="attack", means="short-bow", targets=((ModelId("B3"), 0),)),
                        as_side("A", ALICE))
    settle(game)
    assert any("20 > " in line for e in events for line in e.body.working())
    b3 = game.state.models[ModelId("B3")]
    assert (b3.x, b3.y) == (14.0, 14.0)


def test_a_crouched_model_may_only_walk_or_stay_idle() -> None:
    """Core rules v1.5, L1706: during its Movement step a Crouched model may only declare Walk or Idle, so the
    Crouched Attendant may not Run."""
    game = _soga("crouched-run")
    arrange(game, {"A3": (12, 4, 90.0), "B3": (30, 30, 270.0)})
    _token(game, "A3", "crouched")
    refused(game, Activate(model=ModelId("A3"), how="run", to="12,8"), as_side("A", ALICE))
    assert game.state.models[ModelId("A3")].y == 4.0


def test_a_flying_model_is_not_a_target_for_a_melee_attack_from_the_ground() -> None:
    """Core rules v1.5, L1738: a Flying model cannot be targeted by Melee Attacks except by Flying models; the
    Champion in base contact may not strike the Flying Swashbuckler with its spear."""
    game = _soga("flying-target")
    arrange(game, {"A1": (12, 10, 90.0), "B3": (12, 11.26, 270.0)})
    _token(game, "B3", "flying")
    game.apply(Activate(model=ModelId("A1"), how="idle"), as_side("A", ALICE))
    settle(game)
    refused(game, Declare(kind="attack", means="spear", targets=((ModelId("B3"), 0),)), as_side("A", ALICE), "L1738")


def test_a_dodge_against_two_attackers_rolls_agility_against_each_separately() -> None:
    """Core rules v1.5, L1400-1409: a model that Dodges two attacking enemies rolls AG once against each; the
    Attendant (AG 10) rolls 8 against the Nightshade's dagger and avoids it, and 14 against the Hunter's arrow, which
    lands."""
    game = _soga("multi-dodge")
    for shrouded in ("B1", "B2"):  # both deploy Shrouded (Stealth II, L1985): revealed by hand to be targeted
        _token(game, shrouded, "shrouded", remove=True)
    arrange(game, {"A3": (12, 4, 90.0), "B2": (8, 14, 270.0), "B1": (12, 7.26, 270.0)})
    game.apply(Activate(model=ModelId("A3"), how="walk", to="12,6"), as_side("A", ALICE))
    (decision,) = game.state.pending.values()
    game.apply(Answer(decision_id=decision.id, answers={"B1": "mastercrafted-piercing-dagger", "B2": "short-bow",
                                                        "B2.at": "12,6"}), as_side("B", ALICE))
    game.apply(RigDice(values=(5, 6, 8, 14, 3)), HOST)  # both strikes hit; dodges 8 and 14; the arrow wounds
    events = game.apply(Declare(kind="dodge"), as_side("A", ALICE))
    said = [e.body.describe() for e in events]
    assert any("A3 dodges B1: success" in s for s in said) and any("A3 dodges B2: failure" in s for s in said)
    assert game.state.models[ModelId("A3")].wounds_taken == 1


def test_a_model_with_two_daggers_is_offered_one_throw_of_them() -> None:
    """Core rules v1.5, L2177 and L2664-2669: the Hunter carries its own Dagger and the Utility Tool's; a Throwing
    item makes one ranged attack with it, so its weapons list one thrown Dagger, not the same choice twice."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), "two-daggers")
    ids = [m.id for m in game.system.kit.world(game.state).fighter(ModelId("B2")).weapons]
    assert ids.count("thrown-dagger") == 1 and len(ids) == len(set(ids))


def test_an_authority_stratagem_skips_a_neutral_recruit_of_another_affiliation() -> None:
    """Core rules v1.5, L378 and L382: models of the party without the Leader's Affiliation do not benefit from its
    Authority Stratagems. The Champion's Advance! gives the Bushi Attendant (Soga) +1 SPD but not the Shieldbearer, a
    Neutral recruit of the Sand Kingdoms."""
    party = PartySpec(id="mixed", name="Mixed", faction="Empire of Soga", game_size=60, leader="Clan Champion",
                      members=(PartyMember(unit="Clan Champion"), PartyMember(unit="Shieldbearer"),
                               PartyMember(unit="Bushi Attendant")))
    game = practice((party, "Thenion Shadows"), "neutral-recruit")
    turn_of(game, "A")
    world = game.system.kit.world(game.state)
    shieldbearer = world.fighter(ModelId(unit_id(game, "Shieldbearer")))
    attendant = world.fighter(ModelId(unit_id(game, "Bushi Attendant")))
    assert (attendant.speed, shieldbearer.speed) == (attendant.card["SPD"] + 1, shieldbearer.card["SPD"])


# --- Treasure Hunt (L2410-2447) -----------------------------------------------------------------------------------


def _nightshade_takes_a_treasure(seed: str) -> Game[EldfallState]:
    """Treasure Hunt, round 2, Thenion's turn: the Nightshade (B1, Stealth II, deployed Shrouded) walks onto the
    Intrigue token X1, dodges the Sigil's Smite and takes the Treasure."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), seed, options={"scenario": "treasure-hunt"})
    while not (game.state.round == 2 and game.state.active_side == "B"):
        active = game.state.active_side
        assert active is not None
        game.apply(EndTurn(), as_side(active, ALICE))
        settle(game)
    place(game, "B1", 12, 15.5, 90.0)
    game.apply(RigDice(values=(20, 1, 1)), HOST)  # the Sigil is Smite (20); the Nightshade's dodge passes
    game.apply(Activate(model=ModelId("B1"), how="walk", to="contact X1"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(1,)), HOST)  # its AG roll to take the Treasure
    game.apply(Declare(kind="interact", targets=((ModelId("X1"), 1),)), as_side("B", ALICE))
    assert game.state.figures[ModelId("B1")].extra_items == ["Treasure"]
    return game


def test_a_treasure_carrier_with_stealth_does_not_shroud_again() -> None:
    """Core rules v1.5, L2432: the model carrying a Treasure cannot be Shrouded, so the Nightshade's Stealth II
    (L1985: Shrouded again in its Strategic phase when no enemy sees it) does not hide it while it holds one."""
    game = _nightshade_takes_a_treasure("treasure-shroud")
    arrange(game, {"B1": (30, 32, 90.0), "A1": (3, 3, 270.0), "A2": (5, 3, 270.0), "A3": (7, 3, 270.0)})
    for side in ("B", "A"):
        game.apply(EndTurn(), as_side(side, ALICE))
        settle(game)
    assert (game.state.round, game.state.active_side) == (3, "B")
    assert "shrouded" not in game.state.models[ModelId("B1")].tokens


# --- Berserker against Cleave (L1815, L2025) ----------------------------------------------------------------------


def _cleave_on_a_berserker(seed: str) -> Game[EldfallState]:
    """No shipped party pits Cleave against a Berserker, so the test brings two profiles: a Clan Champion with the
    Heavy Polearm (Cleave) as side A, and a Bushi Attendant (T 13, HP 2) with the Berserker class as side B, in
    base contact; A to act."""
    data = eldfall().data
    champion = next(u for u in data.units if u.name == "Clan Champion")
    attendant = next(u for u in data.units if u.name == "Bushi Attendant")
    polearm = champion.model_copy(update={"name": "Polearm Champion",
                                          "keywords": (*champion.keywords, "item:Heavy Polearm")})
    berserker = attendant.model_copy(update={"name": "Berserk Attendant",
                                             "keywords": (*attendant.keywords, "class:Berserker")})
    system = eldfall(polearm, berserker)
    names = ("Polearm Champion", "Berserk Attendant")
    a, b = (PartySpec(id=name.lower().replace(" ", "-"), name=name, faction="Empire of Soga", game_size=60,
                      leader=name, members=(PartyMember(unit=name),)) for name in names)
    game = practice((a, b), seed, system=system)
    turn_of(game, "A")
    arrange(game, {"A1": (12, 10, 90.0), "B1": (12, 11.26, 270.0)})
    return game


@pytest.mark.parametrize(("second_roll", "wounds"), [(1, 1), (20, 2)])
def test_a_berserker_rolls_toughness_against_the_wound_cleave_adds(second_roll: int, wounds: int) -> None:
    """Core rules v1.5, L2025: a Wound with Cleave brings another Wound, and a Berserker may roll T for every Wound
    it would suffer, so for Cleave's too (L1815). One Hit wounds; the Berserker's first T roll (20) fails; against
    Cleave's Wound a 1 prevents it and a 20 does not."""
    game = _cleave_on_a_berserker(f"berserk-{second_roll}")
    game.apply(Activate(model=ModelId("A1"), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 1, 20, second_roll)), HOST)  # a hit and a miss, its damage, the two T rolls
    game.apply(Declare(kind="attack", means="heavy-polearm", targets=((ModelId("B1"), 0),)), as_side("A", ALICE))
    settle(game)
    assert game.state.models[ModelId("B1")].wounds_taken == wounds


def test_open_hostilities_pays_for_the_leader_once_however_it_falls() -> None:
    """Core rules v1.5, L2373-2374: in Open Hostilities, putting out an enemy of 22 points or more earns 3 VP and an
    enemy Leader 1 VP more: the Nightshade (22 points, Thenion's Leader) Incapacitated earns Soga 4 VP; killing it
    afterwards with a Deathblow earns nothing more (ruling open-hostilities-scoring: once per model)."""
    game = _soga("oh-leader")
    _token(game, "B1", "shrouded", remove=True)  # deployed Shrouded (Stealth II, L1985): revealed by hand
    arrange(game, {"A1": (30, 31.74, 90.0), "B1": (30, 33, 270.0)})
    game.apply(Activate(model=ModelId("A1"), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 2, 2, 1, 1, 1)), HOST)
    game.apply(Declare(kind="attack", means="spear", targets=((ModelId("B1"), 0),)), as_side("A", ALICE))
    settle(game)
    assert "incapacitated" in game.state.models[ModelId("B1")].tokens
    assert game.state.record(SideId("A")).vp == {"reward": 4}
    game.apply(Activate(model=ModelId("A1"), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="deathblow", targets=((ModelId("B1"), 1),)), as_side("A", ALICE))
    settle(game)
    assert "dead" in game.state.models[ModelId("B1")].tokens
    assert game.state.record(SideId("A")).vp == {"reward": 4}


@pytest.mark.parametrize(("crouched", "dice"), [(False, 2), (True, 3)])
def test_a_dagger_strikes_once_more_at_a_crouched_model(crouched: bool, dice: int) -> None:
    """Core rules v1.5, L2669: the Dagger (STK STA) gets +1 Strike used against a Crouched model: the Hunter (STA 2)
    rolls 2 dice at the standing Attendant and 3 at the Crouched one."""
    game = _soga(f"dagger-{crouched}")
    turn_of(game, "B")
    _token(game, "B2", "shrouded", remove=True)
    arrange(game, {"B2": (30, 31.74, 90.0), "A3": (30, 33, 270.0)})
    if crouched:
        _token(game, "A3", "crouched")
    game.apply(Activate(model=ModelId("B2"), how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(20, 20, 20)), HOST)
    events = game.apply(Declare(kind="attack", means="dagger", targets=((ModelId("A3"), 0),)), as_side("B", ALICE))
    rolled = next(e.body.describe() for e in events if "rolls for B2's attack with Dagger" in e.body.describe())
    assert len(rolled.split(": ", 1)[1].split(" = ")[0].split(", ")) == dice, rolled


# --- Upgrades in play ---------------------------------------------------------------------------------------------


def test_additional_protection_adds_two_armour_and_takes_two_agility_and_awareness() -> None:
    """Core rules v1.5, L2660-2662: Additional Protection gives +2 ARM and -2 AG; Awareness is as many inches as AG
    (L683). The Expeditionary Hierophant (ARM 4, AG 11) has ARM 6, AG 9 and 9 inches of Awareness."""
    game = practice(("Helian Expedition", "Soga Vanguard"), "protection")
    hierophant = ModelId(unit_id(game, "Expeditionary Hierophant"))
    world = game.system.kit.world(game.state)
    f = world.fighter(hierophant)
    assert (f.value("ARM"), f.value("AG"), world.awareness(f)) == (6, 9, 9)


@pytest.mark.parametrize(("face", "free"), [(12, True), (19, False)])
def test_an_immobilized_model_breaks_free_only_with_a_successful_dodge_roll(face: int, free: bool) -> None:
    """Core rules v1.5, L1748: Immobilized ends with a successful Dodge, rolled with AG or T, and the model moves
    only if the Dodge succeeds; with no attack to avoid it still rolls. The Attendant (AG 10, T 13) frees itself with
    a 12 (under its T) and steps 2 inches; with a 19 it stays Immobilized where it is."""
    game = _soga(f"immobilized-dodge-{face}")
    arrange(game, {"A3": (12, 4, 90.0), "B3": (30, 30, 270.0)})
    _token(game, "A3", "immobilized")
    game.apply(Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(face,)), HOST)
    game.apply(Declare(kind="dodge", move_to=(12, 6)), as_side("A", ALICE))
    settle(game)
    a3 = game.state.models[ModelId("A3")]
    assert ("immobilized" not in a3.tokens, a3.y) == (free, 6.0 if free else 4.0)


def test_a_flying_model_that_becomes_immobilized_stops_flying() -> None:
    """Core rules v1.5, L1740: the Flying state ends when the model becomes Immobilized (as it does when it becomes
    Incapacitated, Dead, Petrified or Crouched). A Vizier given Rooting Embrace (L2321: a hit in its Casting Aura
    Immobilizes; no shipped player model casts it) roots the Flying Clan Champion, which is Flying no more."""
    data = eldfall().data
    vizier = next(u for u in data.units if u.name == "Vizier of Conjurations")
    rooting = vizier.model_copy(update={"name": "Rooting Vizier",
                                        "keywords": (*vizier.keywords, "spell:Rooting Embrace")})
    party = PartySpec(id="rooting", name="Rooting", faction="Sand Kingdoms", game_size=60, leader="Rooting Vizier",
                      members=(PartyMember(unit="Rooting Vizier"),))
    game = practice((party, "Soga Vanguard"), "rooted-flyer", system=eldfall(rooting))
    turn_of(game, "A")
    caster = ModelId(unit_id(game, "Rooting Vizier"))
    champion = ModelId(unit_id(game, "Clan Champion"))
    arrange(game, {caster: (30, 28, 90.0), champion: (30, 32, 270.0)})
    _token(game, champion, "flying")
    game.apply(Activate(model=caster, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2,)), HOST)
    game.apply(Declare(kind="attack", means="rooting-embrace"), as_side("A", ALICE))
    settle(game)
    tokens = game.state.models[champion].tokens
    assert "immobilized" in tokens and "flying" not in tokens


# --- Reach bands in play (L742-762) -------------------------------------------------------------------------------


@pytest.mark.parametrize(("b3_x", "face", "hits"), [(31, 6, 1), (31, 7, 0), (22, 12, 1)],
                         ids=["far-6-hits", "far-7-misses", "near-12-hits"])
def test_a_short_bow_shoots_at_minus_six_in_its_second_band(b3_x: float, face: int, hits: int) -> None:
    """Core rules v1.5, L448 and L742-760: the Short Bow's bands are 0-20": 0 and 21-40": -6 to ACC. The Bushi
    Attendant (ACC 12) shooting the Swashbuckler 24.7 inches away rolls at ACC 6, so a 6 hits and a 7 misses; 15.7
    inches away it rolls at its full 12."""
    game = _soga(f"bands-{b3_x}-{face}")
    arrange(game, {"A3": (5, 33, 0.0), "B3": (b3_x, 33, 180.0)})
    game.apply(Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(face, 20, 20, 20)), HOST)  # the first arrow; the second misses; no wound
    events = game.apply(Declare(kind="attack", means="short-bow", targets=((ModelId("B3"), 0),)),
                        as_side("A", ALICE))
    said = [e.body.describe() for e in events]
    assert any(f"A3 attacks B3 with Short Bow: {hits} Hit" in s for s in said), said


def test_a_model_behind_a_low_wall_has_light_cover_against_a_shot() -> None:
    """Core rules v1.5, L1492-1500: a model within 1 inch of scenery that partly hides it from the shooter has cover;
    a piece lower than the model gives Light cover, -2 to the Ranged Attack. The Swashbuckler just behind the map's
    1-inch wall T5 makes the Attendant shoot at ACC 10."""
    game = _soga("light-cover")
    arrange(game, {"A3": (24.5, 4, 90.0), "B3": (24.5, 14, 270.0)})
    game.apply(Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(20, 20)), HOST)
    events = game.apply(Declare(kind="attack", means="short-bow", targets=((ModelId("B3"), 0),)),
                        as_side("A", ALICE))
    working = [line for e in events for line in e.body.working()]
    assert any("-2 light cover (L1498-1500) = 10" in line for line in working), working


def test_a_run_that_ends_engaged_leaves_nothing_but_nothing() -> None:
    """Core rules v1.5, L1337 and L1457: after a Run only Nothing, while an Engaged model may not declare Nothing;
    a model that ran into an enemy's reach has no action left, so it does Nothing and its sequence ends (it never
    waits for an action nobody may declare)."""
    game = _soga("ran-engaged")
    arrange(game, {"A3": (12, 4, 90.0), "B3": (12, 13.3, 270.0)})
    game.apply(Activate(model=ModelId("A3"), how="run", to="contact B3"), as_side("A", ALICE))
    settle(game)
    assert any("the only action it may declare now, L1337" in str(e) for e in game.log)
    assert game.state.sequence is None or game.state.sequence.model != "A3"
    assert "engaged" in game.state.models[ModelId("A3")].tokens
