"""Seeded terrain and what works on it, checked against the rulebook itself (Sunshard:Embren core rules v1.0): Shard
Focus(X) (L1475) and Nucleus (L787, L1457), X read from the card's text (ruling shard-focus); the Shardborn's
shifting shards (L782); Phaseforming (L1463)."""

from __future__ import annotations

import pytest

from engine.core import ModelId, RulesError
from engine.systems.sunshard.fortune import fortune_options, use_fortune
from engine.systems.sunshard.harm import Cause, gain
from engine.systems.sunshard.modifiers import AttackSpec, armor_target, attack_target
from engine.systems.sunshard.state import Party, SunshardState
from engine.systems.sunshard.terrain import rules_of
from tests.engine.systems.sunshard import tables as t
from tests.engine.systems.sunshard.tables import A1, A2, DATA, A

FOCUSED = t.card("Conscripted", name="Shardling", type="Elemental", abilities=("Shard Focus(+2 EVA)",))
PHASED = t.card("Conscripted", name="Phaseling", type="Elemental", abilities=("Shard Focus(Immaterial)",))
HEART = t.card("Captain", name="Heart", abilities=("Nucleus",))
CARDS = DATA.with_imports([FOCUSED, PHASED, HEART])


def _grove(card: str, x: float) -> SunshardState:
    """A Seeded grove from (4, 4) to (8, 8) and A1 (a ``card``) at (``x``, 6)."""
    state = t.new_state()
    t.lay(state, "T1", (4, 4, 4, 4), 0, ["seeded", "clear"])
    t.put(state, "A1", card, A, x, 6, data=CARDS)
    return state


def test_shard_focus_adds_its_characteristic_within_or_touching_seeded_terrain_only() -> None:
    # L1475: "+2 EVA" while within or in contact with Seeded terrain; nothing a step away.
    within = t.world(_grove("Shardling", 6), FOCUSED).model("A1").characteristic("EVA")
    touching = t.world(_grove("Shardling", 8 + 32 / 25.4 / 2), FOCUSED).model("A1").characteristic("EVA")
    away = t.world(_grove("Shardling", 12), FOCUSED).model("A1").characteristic("EVA")
    printed = FOCUSED.EVA
    assert (within.value, touching.value, away.value) == (printed + 2, printed + 2, printed)
    assert [(m.source, m.amount, m.rule) for m in within.applied] == [
        ("Shard Focus", 2, "Sunshard:Embren core rules v1.0, L1475")]


def test_shard_focus_naming_an_ability_gives_it_while_focused() -> None:
    # L1475 with X a special ability's name: the model has Immaterial (L1447) while in the grove.
    assert t.world(_grove("Phaseling", 6), PHASED).model("A1").has("Immaterial")
    assert not t.world(_grove("Phaseling", 12), PHASED).model("A1").has("Immaterial")


def test_an_elemental_in_a_party_with_nucleus_is_focused_away_from_seeded_terrain() -> None:
    # L787, L1457: Elementals in a party with the Nucleus model count as within Seeded terrain for Shard Focus.
    state = _grove("Shardling", 16)
    t.put(state, "A2", "Heart", A, 18, 6, data=CARDS)
    alone = t.world(state, FOCUSED, HEART).model("A1").characteristic("EVA").value
    state.party = Party(selector=A2, members=[A2, A1])
    partied = t.world(state, FOCUSED, HEART).model("A1").characteristic("EVA").value
    assert (alone, partied) == (FOCUSED.EVA, FOCUSED.EVA + 2)
    not_elemental = FOCUSED.model_copy(update={"name": "Shardhand", "type": "Soldier"})
    state.figures[A1] = state.figures[A1].model_copy(update={"card": "Shardhand"})
    assert t.world(state, not_elemental, HEART).model(ModelId("A1")).characteristic("EVA").value == FOCUSED.EVA


def _shardborn(*rect: float) -> SunshardState:
    """Side A plays Shardborn with 1 Fortune; a Seeded grove ``rect`` and a ruin from (12, 4) to (16, 8)."""
    state = t.new_state()
    state.records[A].alignment = "Shardborn"
    state.records[A].fortune = 1
    t.lay(state, "T1", rect, 0, ["seeded", "rugged", "clear"])
    t.lay(state, "T2", (12, 4, 4, 4), 2, ["light-cover"])
    return state


def test_shifting_shards_place_a_seeded_piece_within_five_inches_off_other_terrain() -> None:
    # L782: at the Start Phase's beginning, a non-Objective Seeded piece no model is within moves completely within
    # 5"; never overlapping other terrain (T2 lies 4" east of T1: eastward it goes 2.5" at most).
    state = _shardborn(4, 4, 4, 4)
    spots = [o.key for o in fortune_options(t.world(state), A, "start-beginning")]
    assert "shardborn-shift:T1@5,0" not in spots and "shardborn-shift:T1@2.5,0" in spots
    assert "shardborn-shift:T1@0,5" in spots and len(spots) == 9 and spots[-1] == "shardborn-shift:T1@elsewhere"
    after, events = t.run(state, lambda ctx: use_fortune(ctx, A, "shardborn-shift:T1@0,5"))
    assert after.terrain["T1"].polygon == ((4, 9), (8, 9), (8, 13), (4, 13)) and after.records[A].fortune == 0
    assert "L782" in events[-1].body.describe() and "seeded" in after.terrain["T1"].keywords


def test_shifting_shards_place_a_piece_on_a_spot_its_player_names() -> None:
    # Sunshard core rules, L782, L692: any spot completely within 5" will do, not only the compass moves: T1 (centre
    # 6,6) goes 1" east and 1" north; a spot over T2 is refused, changing nothing; beyond 5" the question refuses it.
    # The compass moves are suggested, the first (2.5" east, T2 barring 5") the default.
    state = _shardborn(4, 4, 4, 4)
    asked, _ = t.run(state, lambda ctx: use_fortune(ctx, A, "shardborn-shift:T1@elsewhere"))
    question = t.pending(asked)
    assert question.kind == "shard-spot" and asked.records[A].fortune == 0
    assert question.parts[0].options[0].key == "8.5,6" and question.parts[0].default == "8.5,6"
    with pytest.raises(RulesError, match=r"T1 would overlap T2.*L692, L782"):
        t.answer(asked, {"to": "10.5,6"})
    with pytest.raises(RulesError, match=r"within 5"):
        t.answer(asked, {"to": "12,6"})
    after, events = t.answer(asked, {"to": "7,7"})
    assert after.terrain["T1"].polygon == ((5, 5), (9, 5), (9, 9), (5, 9)) and not after.pending
    assert any("Shifting shards placed it 1.4\" from where it was" in e.body.describe() for e in events)


def test_shifting_shards_place_no_piece_over_a_model() -> None:
    # L692: placed terrain overlaps no model; a Conscripted standing 5" north of T1 bars the northward 5" (2.5" goes).
    state = _shardborn(4, 4, 4, 4)
    t.put(state, "A1", "Conscripted", A, 6, 12)
    spots = [o.key for o in fortune_options(t.world(state), A, "start-beginning")]
    assert "shardborn-shift:T1@0,5" not in spots and "shardborn-shift:T1@0,2.5" in spots


def test_shifting_shards_leave_a_piece_with_a_model_within_and_objectives_alone() -> None:
    state = _shardborn(4, 4, 4, 4)
    t.put(state, "A1", "Conscripted", A, 6, 6)
    assert fortune_options(t.world(state), A, "start-beginning") == []
    state = _shardborn(4, 4, 4, 4)
    t.lay(state, "O1", (18, 18, 2, 2), 4, ["seeded"], kind="objective")
    assert {o.key.split("@")[0] for o in fortune_options(t.world(state), A, "start-beginning")} == {
        "shardborn-shift:T1"}


PHASER = t.card("Conscripted", name="Phaser", abilities=("Phaseforming",))


def test_phaseforming_gives_seeded_terrain_within_six_inches_the_chosen_rule_while_on_guard() -> None:
    # L1463: gaining an On Guard token, the model's player picks Light Cover, Hazardous or Rugged; Seeded pieces within
    # 6" of it have that rule while it keeps the token; a Seeded piece farther off and unseeded terrain do not.
    state = t.new_state()
    t.lay(state, "T1", (4, 4, 4, 4), 0, ["seeded", "clear"])
    t.lay(state, "T2", (4, 18, 4, 4), 0, ["seeded", "clear"])
    t.lay(state, "T3", (14, 4, 2, 2), 0, ["clear"])
    t.put(state, "A1", "Phaser", A, 12, 6, data=DATA.with_imports([PHASER]))
    data = DATA.with_imports([PHASER])
    asked, _ = t.run(state, lambda ctx: gain(ctx, A1, "On Guard", cause=Cause("a test")), data=data)
    decision = t.pending(asked)
    assert decision.kind == "phaseforming" and decision.owner == A
    assert [o.key for o in decision.parts[0].options] == ["light-cover", "hazardous", "rugged"]
    chosen, _ = t.answer(asked, {"rule": "hazardous"}, data=data)
    rules = {key: rules_of(t.world(chosen, PHASER), mark) for key, mark in chosen.terrain.items()}
    assert "hazardous" in rules["T1"] and "hazardous" not in rules["T2"] and "hazardous" not in rules["T3"]
    chosen.models[A1].tokens.remove("On Guard")
    assert "hazardous" not in rules_of(t.world(chosen, PHASER), chosen.terrain["T1"])


def test_shifting_shards_may_turn_the_piece_they_place() -> None:
    # L782, L459 (ruling placement-distance): the piece is placed anew, so it may lie another way, as long as no
    # point of it moves more than 5" and it lies off other terrain (L692). A 6" by 2" grove T1 (its long side
    # running east, 0 degrees) turned to run north about its centre (7,5): its corners move 4.5"; half an inch north
    # too, 4.9"; an inch north, 5.4".
    state = _shardborn(4, 4, 6, 2)
    asked, _ = t.run(state, lambda ctx: use_fortune(ctx, A, "shardborn-shift:T1@elsewhere"))
    question = t.pending(asked)
    assert [p.key for p in question.parts] == ["to", "facing"] and question.parts[1].default == "0.00"
    after, events = t.answer(asked, {"to": "7,5", "facing": "90"})
    assert sorted(after.terrain["T1"].polygon) == [(6, 2), (6, 8), (8, 2), (8, 8)]
    assert any("turned 90 degrees" in e.body.describe() for e in events)
    t.answer(asked, {"to": "7,5.5", "facing": "90"})
    with pytest.raises(RulesError, match=r"a corner of T1 would move 5.39\", more than 5\".*within 5"):
        t.answer(asked, {"to": "7,6", "facing": "90"})
    t.lay(state, "T3", (7.5, 7, 1, 1), 1, ["light-cover"])  # north of the grove: turned, it would lie over it
    asked, _ = t.run(state, lambda ctx: use_fortune(ctx, A, "shardborn-shift:T1@elsewhere"))
    with pytest.raises(RulesError, match=r"T1 would overlap T3.*L692, L782"):
        t.answer(asked, {"to": "7,5", "facing": "90"})


def test_shard_focus_gives_every_gain_its_text_lists_and_aa_to_every_profile() -> None:
    # L1475 (ruling shard-focus): X may list several gains, "+N NAME" or a special ability's name, joined by commas;
    # AA and ST are added to every weapon profile's. A1 stands in the Seeded grove, so it gains them all.
    many = t.card("Captain", name="Shardblade", type="Elemental",
                  abilities=("Shard Focus(+1 EVA, +2 AA, Immaterial)",))
    state = t.new_state()
    t.lay(state, "T1", (8, 8, 4, 4), 0, ["seeded", "clear"])
    t.put(state, "A1", "Captain", A, 10, 10)
    t.put(state, "B1", "Pariah", t.B, 14, 10)
    state.figures[A1] = state.figures[A1].model_copy(update={"card": "Shardblade"})
    seen = t.world(state, many)
    model = seen.model("A1")
    assert model.characteristic("EVA").value == many.EVA + 1 and model.has("Immaterial")
    pistol = AttackSpec(A1, ModelId("B1"), model.weapon("Officer's Pistol"))
    assert attack_target(seen, pistol).value == 6 + 2 + seen.model("B1").characteristic("EVA").value


def test_blightpowered_adds_each_gain_for_every_blight_token_st_to_every_profile() -> None:
    # L1417 (ruling blightpowered): "+1 ST, +1 SPD" with 2 Blight tokens: +2 SPD, and +2 ST on the pistol, so the
    # target's Armor test is 2 harder.
    powered = t.card("Captain", name="Blightblade", abilities=("Blightpowered(+1 ST, +1 SPD)",))
    state = t.new_state()
    t.put(state, "A1", "Captain", A, 10, 10, tokens=["Blight", "Blight"])
    t.put(state, "B1", "Pariah", t.B, 14, 10)
    plain = t.world(state)
    before = armor_target(plain, AttackSpec(A1, ModelId("B1"), plain.model("A1").weapon("Officer's Pistol"))).value
    state.figures[A1] = state.figures[A1].model_copy(update={"card": "Blightblade"})
    seen = t.world(state, powered)
    assert seen.model("A1").characteristic("SPD").value == powered.SPD + 2
    shot = AttackSpec(A1, ModelId("B1"), seen.model("A1").weapon("Officer's Pistol"))
    assert armor_target(seen, shot).value == before - 2
