"""The attack's re-roll declared with the attack (ruling ``standing-reroll``): Loot (L626) and Fortune (L757) re-roll
every die of a test after it is rolled, each die once (L153); an attack may carry the choice made in advance
(``choice:keep``, ``loot`` or ``fortune``), shown in its menu entry before it is committed, so the active player is
not asked after their own dice. Left out, the player is asked as before."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.core.systems import SYSTEM_FACTORIES
from engine.core import RulesError, SideId, Viewer
from engine.systems.sunshard.attack_flow import begin_attack
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.play_attacks import standing_rerolls
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import world_of
from tests.engine.systems.sunshard import tables as t
from tests.engine.systems.sunshard.tables import A1, B1, DATA, A

PISTOL = {"model": "A1", "weapon": "Officer's Pistol", "target": "B1"}


def _duel(*, fortune: int = 1, loot: bool = False, rulings: dict[str, str] | None = None) -> SunshardState:
    """The Captain (A1, activating) shoots the Aberration (B1) in the open: TN 12 (AA 6, +6 EVA), ST 6 against ARM
    14 (Armor TN 8)."""
    state = t.duel("Captain", "Aberration")
    if rulings:
        state.setup.rulings.update(rulings)
    state.records[A].fortune = fortune
    if loot:
        state.models[A1].tokens.append("Loot")
    return state


def _standing(state: SunshardState, choice: str, rig: list[int], **filled: str) -> tuple[SunshardState, list[str]]:
    """Begin A1's attack declared with the standing ``choice``; the tests made."""
    def work(ctx: object) -> None:
        plan = check_attack(world_of(ctx), SideId("A"), {**PISTOL, **filled})  # type: ignore[arg-type]
        begin_attack(ctx, replace(plan, reroll=choice))  # type: ignore[arg-type]
    after, events = t.run(state, work, rig=rig)
    return after, t.rolled(events)


def test_a_standing_fortune_rerolls_a_miss_without_asking() -> None:
    # L757: 1 Fortune re-rolls the attack test after it is rolled; declared with the attack, nobody is asked.
    after, tests = _standing(_duel(), "fortune", [15, 3, 12])
    assert not after.pending and after.records[A].fortune == 0
    assert tests[:2] == ["A1's attack test on B1: TN 12, rolled 15: miss.",
                         "A1's attack test on B1, re-rolled: TN 12, rolled 3: hit."]
    assert after.models[B1].wounds_left == 2


def test_a_standing_fortune_is_not_spent_on_a_hit() -> None:
    after, _ = _standing(_duel(), "fortune", [5, 12])
    assert not after.pending and after.records[A].fortune == 1


def test_keep_never_rerolls_nor_asks_and_leaving_it_out_asks_as_before() -> None:
    kept, tests = _standing(_duel(), "keep", [15])
    assert not kept.pending and kept.records[A].fortune == 1 and tests == ["A1's attack test on B1: TN 12, rolled "
                                                                          "15: miss."]
    asked, _ = t.attack(_duel(), "A", [15], **PISTOL)
    assert t.pending(asked).kind == "attack-reroll"


def test_a_standing_loot_spends_the_token_not_the_fortune() -> None:
    # L626: a Loot token re-rolls the attack test in the model's own activation.
    after, tests = _standing(_duel(loot=True), "loot", [15, 2, 12])
    assert "Loot" not in after.models[A1].tokens and after.records[A].fortune == 1 and not after.pending
    assert tests[1] == "A1's attack test on B1, re-rolled: TN 12, rolled 2: hit."


def test_the_menus_offer_keep_and_each_source_and_nothing_without_one() -> None:
    pistol = "Officer's Pistol"
    assert standing_rerolls(t.world(_duel(loot=True)), A, "A1", "action", pistol) == ["keep", "loot", "fortune"]
    assert standing_rerolls(t.world(_duel(fortune=0)), A, "A1", "action", pistol) == []
    after_roll = _duel(rulings={"standing-reroll": "after-roll"})
    assert standing_rerolls(t.world(after_roll), A, "A1", "action", pistol) == []


def _declared(state: SunshardState) -> tuple[Any, Any, Any]:
    """The registered game's declarations over ``state`` (A1 activating in the Activation Phase), and attack's."""
    system = SYSTEM_FACTORIES["sunshard"]()
    state.phase, state.step, state.active_side = "activation", "activation", A
    declarations = system.declarations
    return system, declarations, declarations.find(("act",), "attack")


def test_the_whole_entry_shows_its_standing_reroll_and_bare_attack_offers_every_one() -> None:
    """The whole entry names its re-roll, the bot's ("no re-roll": Fortune is kept for Armor tests); bare Attack
    asks it after the profile, "ask after the roll" first, then every standing choice."""
    state = _duel()
    system, declarations, attack = _declared(state)
    whole = [e for e in declarations.legal(system, state, A) if e.name == "attack" and e.options]
    assert [(e.label, e.options["choice"]) for e in whole] == [
        ("Attack B1 Aberration with Officer's Pistol, aimed; no re-roll", "keep")]
    question = declarations.question(system, state, attack, Viewer.of_side(A), A,
                                     {"model": "A1", "target": "B1", "with": "Officer's Pistol"})
    assert question is not None and question.option == "choice"
    assert [(raw, choice.label) for raw, choice in question.everything] == [
        ("-", "ask after the roll"), ("keep", "No re-roll"), ("fortune", "A miss re-rolled with Fortune")]


def test_a_typed_reroll_without_its_source_is_refused_naming_the_rule() -> None:
    state = _duel()
    system, declarations, attack = _declared(state)
    pistol = {"model": "A1", "target": "B1", "with": "Officer's Pistol"}
    with pytest.raises(RulesError, match=r"no Loot token.*L626"):
        declarations.resolve(system, state, attack, A, {**pistol, "choice": "loot"})
    checked = declarations.resolve(system, state, attack, A, {**pistol, "choice": "fortune"})
    assert checked.plan.reroll == "fortune"


def test_a_support_attack_leaves_no_fortune_to_declare_a_reroll_with() -> None:
    # L1526: the Support Attack's Fortune is paid first; with 1 Fortune none is left for the re-roll (L751).
    support = t.card("Captain", name="Supported", weapons=(DATA.card("Captain").weapons[0].model_copy(
        update={"abilities": ("Support Attack",)}),))
    state = t.new_state()
    t.put(state, "A1", "Supported", A, 2, 12, data=DATA.with_imports([support]))
    t.activate(state, "A1", data=DATA.with_imports([support]))
    state.records[A].fortune = 1
    profile = support.weapons[0].name
    assert standing_rerolls(t.world(state, support), A, "A1", "action", profile) == []
    state.records[A].fortune = 2
    assert standing_rerolls(t.world(state, support), A, "A1", "action", profile) == ["keep", "fortune"]
