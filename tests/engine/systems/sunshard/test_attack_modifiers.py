"""The attack test's and the Armor test's TN with the book's modifiers (Sunshard:Embren core rules v1.0, L483-583,
L741-745; digest section 13 examples EX-2 and D-11 to D-20)."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.sunshard.modifiers import AttackSpec, armor_target, attack_target
from engine.systems.sunshard.sight import cover
from engine.systems.sunshard.state import Activation, Party
from engine.systems.sunshard.world import World
from tests.engine.systems.sunshard.tables import DATA, A, B, card, lay, new_state, put, world


def spec(w: World, attacker: str, target: str, profile: str, **kwargs: object) -> AttackSpec:
    a, t = w.model(attacker), w.model(target)
    weapon = a.weapon(profile)
    return AttackSpec(ModelId(attacker), ModelId(target), weapon, cover=cover(w, a, t), **kwargs)  # type: ignore[arg-type]


def test_pistol_at_an_aberration_in_heavy_cover() -> None:
    # EX-2a and EX-2b, L217-223: AA 6 + EVA 6 - 2 heavy cover = 10; Armor 14 - ST 6 + 2 heavy cover = 10.
    state = new_state()
    put(state, "A1", "Captain", A, 2, 12)
    put(state, "B1", "Aberration", B, 12, 12)
    lay(state, "T1", (9.5, 10, 0.5, 4), 1, ["heavy-cover"])
    w = world(state)
    shot = spec(w, "A1", "B1", "Officer's Pistol")
    assert shot.cover is not None and shot.cover.kind == "heavy"
    assert attack_target(w, shot).value == 10
    assert armor_target(w, shot).value == 10


def test_charge_adds_one_to_hit_and_takes_one_off_the_armor_test() -> None:
    # D-11, L407, L543: AA 5 + EVA 5 + 1 = 11; Armor 12 - ST 4 - 1 = 7.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "B1", "Captain", B, 10 + 32 / 25.4, 10)
    w = world(state)
    charge = spec(w, "B1", "A1", "Sabre", kind="charge")
    assert (attack_target(w, charge).value, armor_target(w, charge).value) == (11, 7)


def test_torrential_rain_slows_a_charge() -> None:
    # D-12, L745: as D-11 under Torrential Rain, 9.
    state = new_state(battlefield=["torrential-rain"])
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "B1", "Captain", B, 10 + 32 / 25.4, 10)
    w = world(state)
    assert attack_target(w, spec(w, "B1", "A1", "Sabre", kind="charge")).value == 9
    assert attack_target(w, spec(w, "B1", "A1", "Sabre")).value == 10  # a plain melee attack is untouched


def test_swarming_counts_the_other_party_models_engaging_the_target() -> None:
    # D-13, L541: three party models engage the target; the third attacks with AA 4 against EVA 5: 4 + 5 + 2 = 11,
    # and its Armor test takes -2 (12 - ST 3 - 2 = 7).
    state = new_state()
    put(state, "B1", "Captain", B, 12, 12)
    gap = 32 / 25.4
    for i, (x, y) in enumerate([(12 - gap, 12), (12 + gap, 12), (12, 12 + gap)], start=1):
        put(state, f"A{i}", "Conscripted", A, x, y)
    state.party = Party(selector=ModelId("A1"), members=[ModelId("A1"), ModelId("A2"), ModelId("A3")])
    w = world(state)
    strike = spec(w, "A3", "B1", "Bayonet")
    assert (attack_target(w, strike).value, armor_target(w, strike).value) == (11, 7)


def test_floored_halves_speed_to_the_minimum_of_one() -> None:
    # D-14, L608, L1303: SPD 2 Floored is 1 (2 - 2 = 0, raised to 1), so 2 AP of movement give 2".
    slow = card(name="Crawler", SPD=2)
    state = new_state()
    put(state, "A1", "Crawler", A, 5, 5, tokens=["Floored"], data=DATA.with_imports([slow]))
    assert world(state, slow).model("A1").characteristic("SPD").value == 1


def test_floored_attacker_against_a_floored_target_nets_nothing() -> None:
    # D-15, L608: -2 for the Floored attacker and +2 against the Floored target.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10, tokens=["Floored"])
    put(state, "B1", "Captain", B, 10 + 32 / 25.4, 10, tokens=["Floored"])
    w = world(state)
    assert attack_target(w, spec(w, "A1", "B1", "Sabre")).value == 5 + 5


def _archery(marked: bool) -> int:
    state = new_state()
    target = card("Captain", name="Target", EVA=4)
    data = DATA.with_imports([target])
    put(state, "A1", "Harrier", A, 2, 12, data=data)
    put(state, "B1", "Target", B, 14, 12, data=data, tokens=["Hunter's Mark"] if marked else [])
    put(state, "A2", "Conscripted", A, 14 + 32 / 25.4, 12, data=data)  # engages the target: In the Fray
    lay(state, "T1", (9, 10, 1, 4), 1, ["light-cover"])
    w = world(state, target)
    shot = spec(w, "A1", "B1", "Longbow", aimed=True)
    assert shot.cover is not None and shot.cover.kind == "light"
    return attack_target(w, shot).value


def test_aimed_shot_into_light_cover_and_a_fray() -> None:
    # D-16, L565-577: 5 + 4 + 2 (Aiming) - 2 (light cover) - 2 (In the Fray) = 7.
    assert _archery(marked=False) == 7


def test_hunters_mark_adds_two_and_ignores_cover() -> None:
    # D-17, L624: as D-16 with Hunter's Mark on the target: 5 + 4 + 2 + 2 - 2 = 11.
    assert _archery(marked=True) == 11


def test_fortified_hold_doubles_heavy_cover_on_the_armor_test() -> None:
    # D-18, L741: ARM 12, ST 5, heavy cover, ranged: 12 - 5 + 2 + 2 = 11.
    state = new_state(battlefield=["fortified-hold"])
    gunner = card("Captain", name="Gunner", weapons=(DATA.card("Captain").weapons[0].model_copy(update={"ST": 5}),))
    data = DATA.with_imports([gunner])
    put(state, "B1", "Gunner", B, 2, 12, data=data)
    put(state, "A1", "Captain", A, 12, 12, data=data)
    lay(state, "T1", (9.5, 10, 0.5, 4), 1, ["heavy-cover"])
    w = world(state, gunner)
    assert armor_target(w, spec(w, "B1", "A1", "Officer's Pistol")).value == 11


def test_anticipate_attack_takes_two_off() -> None:
    # D-19, L423: an attack test that would be at TN 10 is at 8 against the model that anticipated it.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "B1", "Captain", B, 10 + 32 / 25.4, 10)
    state.activation = Activation(model=ModelId("B1"), side=B, ap=2, anticipating=[ModelId("A1")])
    w = world(state)
    assert attack_target(w, spec(w, "B1", "A1", "Sabre")).value == 8


def test_a_cone_ignores_cover_and_the_fray() -> None:
    # D-20, L555: a Cone attack at a target in heavy cover and engaged is just AA + EVA (4 + 5).
    state = new_state()
    put(state, "B1", "Aberration", B, 2, 12)
    put(state, "A1", "Captain", A, 7, 12)
    put(state, "B2", "Pariah", B, 7 + 32 / 25.4, 12)
    lay(state, "T1", (4.5, 10, 0.5, 4), 1, ["heavy-cover"])
    w = world(state)
    cone = spec(w, "B1", "A1", "Blight Spit")
    assert cone.cover is not None and cone.cover.kind == "heavy"
    assert attack_target(w, cone).value == 9
    assert armor_target(w, cone).value == 12 - 3 + 2  # heavy cover still counts on the Armor test (ruling)
