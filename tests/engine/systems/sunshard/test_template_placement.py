"""Where a Cone or Wall template is laid, declared with the attack (``at:``): the Cone's white line against the
attacker's base and some of it on the target (Sunshard core rules, L553; ruling cone-reach), the Wall completely
within X" of the attacker, over no friend and over a model the attacker sees (L559). The menu offers the usual
placement first, then others the check accepts; anything else is typed and judged by the same check."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.systems import SYSTEM_FACTORIES
from engine.core import RulesError, SideId, Viewer
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.state import SunshardState
from tests.engine.systems.sunshard import tables as t
from tests.engine.systems.sunshard.tables import DATA, A, B

SPIT = {"model": "B1", "weapon": "Blight Spit", "target": "A1"}
R40, R32 = 40 / 25.4 / 2, 32 / 25.4 / 2
FAR = 4 + R40 + 8  # where the placeholder Cone (8" long) laid from B1 at x=4 ends
THROWER = t.card("Captain", name="Thrower", weapons=(DATA.card("Captain").weapons[0].model_copy(
    update={"name": "Firewall", "RN": "*", "abilities": ("Wall(8)",)}),))
WALLS = DATA.with_imports([THROWER])


def _spitting(rulings: dict[str, str] | None = None) -> SunshardState:
    """The Aberration B1 (Blight Spit, a Cone) activating at (4, 12), facing A1 (a Captain) at (9, 12); A2, another
    Captain, stands off the straight Cone's line at (9, 14.6), and B2, B1's friend, at (8, 10.4)."""
    state = t.new_state(rulings=rulings) if rulings else t.new_state()
    t.put(state, "B1", "Aberration", B, 4, 12)
    t.put(state, "A1", "Captain", A, 9, 12)
    t.put(state, "A2", "Captain", A, 9, 14.6)
    t.put(state, "B2", "Pariah", B, 8, 10.4)
    t.activate(state, "B1")
    return state


def test_a_cone_touching_its_target_reaches_it_overlapping_only_under_the_ruling() -> None:
    # Sunshard core rules, L553 (ruling cone-reach): some of the Cone must touch the target. A1's base only touches
    # the Cone's far end here: in reach by default, out of it where the table asks the Cone to overlap the target.
    for option, reached in (("template-touches", True), ("template-overlaps", False)):
        state = t.new_state(rulings={"cone-reach": option})
        t.put(state, "B1", "Aberration", B, 4, 12)
        t.put(state, "A1", "Captain", A, FAR + R32 + 0.005, 12)
        t.activate(state, "B1")
        if reached:
            assert check_attack(t.world(state), B, SPIT).targets == ("A1",)
        else:
            with pytest.raises(RulesError, match=r"A1 is beyond the Cone template's reach.*overlaps.*L553"):
                check_attack(t.world(state), B, SPIT)


def test_a_cone_may_be_turned_about_the_attacker_or_laid_anywhere_its_white_line_touches() -> None:
    # Sunshard core rules, L553: the white line touches the attacker's base and some of the Cone the target; the rest
    # is the attacker's choice. Turned 10 degrees left the Cone catches A2 beside A1; 5 right, B1's friend B2.
    w = t.world(_spitting())
    assert check_attack(w, B, SPIT).targets == ("A1",)
    assert check_attack(w, B, {**SPIT, "at": "10"}).targets == ("A1", "A2")
    assert check_attack(w, B, {**SPIT, "at": "-5"}).targets == ("A1", "B2")
    # The white line's middle typed as a point: against B1's base (its rim at x = 4 + R40) it is accepted...
    assert check_attack(w, B, {**SPIT, "at": f"{4 + R40:.4f},12.3;0"}).targets == ("A1",)
    # ...an inch off it, or laid back over B1's own base, it is refused; turned away from A1, A1 is out of reach.
    with pytest.raises(RulesError, match=r"white line.*must touch B1's base.*L553"):
        check_attack(w, B, {**SPIT, "at": f"{5 + R40:.4f},12;0"})
    with pytest.raises(RulesError, match=r"white line.*must touch B1's base.*L553"):
        check_attack(w, B, {**SPIT, "at": f"{4 + R40:.4f},12;180"})
    with pytest.raises(RulesError, match=r"A1 is beyond the Cone template's reach.*L553"):
        check_attack(w, B, {**SPIT, "at": "90"})


def test_a_wall_attacks_the_target_named_first_and_only_where_it_lies_under_it() -> None:
    # Sunshard core rules, L559: every model under the Wall is attacked; the target named is one of them.
    state = t.new_state()
    t.put(state, "A1", "Thrower", A, 4, 12, data=WALLS)
    t.put(state, "B1", "Pariah", B, 9, 12, data=WALLS)
    t.put(state, "B2", "Pariah", B, 9, 10.8, data=WALLS)
    t.activate(state, "A1", data=WALLS)
    w = t.world(state, THROWER)
    wall = {"model": "A1", "weapon": "Firewall", "target": "B2", "at": "9,11.4;90"}
    assert check_attack(w, A, wall).targets == ("B2", "B1")
    with pytest.raises(RulesError, match=r"B2 is not under the Wall template laid at 9,12.6;0.*L559"):
        check_attack(w, A, {**wall, "at": "9,12.6;0"})


def _declared(state: SunshardState) -> tuple[Any, Any, Any]:
    system = SYSTEM_FACTORIES["sunshard"]()
    state.phase, state.step, state.active_side = "activation", "activation", B
    return system, system.declarations, system.declarations.find(("act",), "attack")


def test_the_placement_is_a_declared_parameter_first_the_usual_one_then_others_the_check_accepts() -> None:
    # Sunshard core rules, L553: the whole entry keeps the usual placement (no more picks); bare Attack asks where the
    # Cone goes, straight at the target first, and each entry is accepted by the referee.
    state = _spitting()
    system, declarations, attack = _declared(state)
    whole = [e for e in declarations.legal(system, state, B) if e.name == "attack" and e.options.get("model") == "B1"]
    assert [(e.label, e.options["at"]) for e in whole] == [("Attack A1 Captain with Blight Spit", "0"),
                                                           ("Attack A2 Captain with Blight Spit", "0")]
    answered = {"model": "B1", "target": "A1", "with": "Blight Spit"}
    question = declarations.question(system, state, attack, Viewer.of_side(B), B, answered)
    assert question is not None and question.option == "at"
    assert [(raw, choice.label) for raw, choice in question.everything] == [
        ("0", "Straight at A1 Captain: under it A1"), ("10", "Turned 10° left: under it A1, A2"),
        ("-5", "Turned 5° right: under it A1, B2 (a friend)")]
    for raw, _ in question.everything:
        assert declarations.resolve(system, state, attack, B, {**answered, "at": raw}).plan.targets[0] == "A1"
    # Typed: left out it is the usual placement; any other is judged by the same check, a refusal saying why.
    assert declarations.resolve(system, state, attack, B, answered).plan.targets == ("A1",)
    assert declarations.resolve(system, state, attack, B, {**answered, "at": "12"}).plan.targets == ("A1", "A2")
    with pytest.raises(RulesError, match=r"A1 is beyond the Cone template's reach.*L553"):
        declarations.resolve(system, state, attack, B, {**answered, "at": "90"})
    with pytest.raises(RulesError, match=r"at:north is not a template placement; write degrees"):
        declarations.resolve(system, state, attack, B, {**answered, "at": "north"})


def test_a_wall_over_a_friend_is_laid_first_where_the_check_accepts_it() -> None:
    # Sunshard core rules, L559: across B1 the Wall would lie over A2, A1's friend; the first placement offered (and
    # the one an attack typed without at: takes) turns it along A1's line instead.
    state = t.new_state()
    t.put(state, "A1", "Thrower", A, 4, 12, data=WALLS)
    t.put(state, "A2", "Conscripted", A, 9, 14.5, data=WALLS)
    t.put(state, "B1", "Pariah", B, 9, 12, data=WALLS)
    t.put(state, "B2", "Pariah", B, 11, 10.5, data=WALLS)
    t.activate(state, "A1", data=WALLS)
    system = SYSTEM_FACTORIES["sunshard"]()
    state.phase, state.step, state.active_side = "activation", "activation", A
    state.imported_cards = {"Thrower": THROWER}
    declarations = system.declarations
    attack = declarations.find(("act",), "attack")
    answered = {"model": "A1", "target": "B1", "with": "Firewall"}
    question = declarations.question(system, state, attack, Viewer.of_side(A), SideId("A"), answered)
    assert question is not None
    assert [raw for raw, _ in question.everything] == ["9,12;180", "9,12;135"]
    assert declarations.resolve(system, state, attack, A, answered).plan.targets == ("B1",)
