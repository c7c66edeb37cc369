"""Every core objective's condition, and both Inspire conditions, evaluated on small battles (met and not met).

The owner of every card here is side A; rows 1-5 are A's territory, rows 7-11 B's, row 6 nobody's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import pytest

from engine.systems.underworlds.battle import Battle, MoveRecord, ObjectiveToken, PhaseRecord, TakeOut
from engine.systems.underworlds.conditions import Context, evaluate
from engine.systems.underworlds.vocabulary import Condition
from tests.engine.systems.underworlds.conftest import A, B, C, battle, fighter, open_field
from tests.engine.systems.underworlds.loader import shipped

BOARD = open_field()
TEAM_A = (("a1", A, "B2"), ("a2", A, "D2"), ("a3", A, "F2"))
TEAM_B = (("b1", B, "B10"), ("b2", B, "D10"), ("boss", B, "F10"))


def field(*extra: Any, a: tuple[Any, ...] = TEAM_A, b: tuple[Any, ...] = TEAM_B, **fields: Any) -> Battle:
    """Team A and team B with ``boss`` as B's leader; ``extra`` fighters replace any of the same id."""
    given = {f[0] if isinstance(f, tuple) else f.id: f for f in (*a, *b, *extra)}
    made = [fighter(BOARD, *f, leader=f[0] == "boss") if isinstance(f, tuple) else f for f in given.values()]
    return battle(*made, board=BOARD, **fields)


def out(fighter_id: str, side: str, **fields: Any) -> Any:
    return fighter(BOARD, fighter_id, side, None, leader=fighter_id == "boss", **fields)


def token(number: int, cell: str) -> ObjectiveToken:
    return ObjectiveToken(number, BOARD.hex_of(cell))


def taken(*victims: str, by: str = A, using: Literal["attack", "charge"] = "attack") -> PhaseRecord:
    return PhaseRecord(taken_out=tuple(TakeOut(v, by, using=using) for v in victims))


Scenario = Callable[[], Battle]
CASES: dict[str, tuple[Scenario, Scenario]] = {
    "a-worthy-skull": (lambda: field(out("boss", B), phase=taken("boss")),
                       lambda: field(out("b1", B), phase=taken("b1"))),
    "slayers-of-tyrants": (lambda: field(out("boss", B), phase=taken("boss")),
                           lambda: field(out("boss", B), phase=taken("boss", by=C), sides=(A, B, C))),
    "blood-for-the-blood-god": (lambda: field(phase=PhaseRecord(charged=frozenset({"a1", "a2", "a3"}))),
                                lambda: field(phase=PhaseRecord(charged=frozenset({"a1", "a2", "b1"})))),
    "coward": (lambda: field(phase=PhaseRecord(moves=(MoveRecord("b1", frozenset({"a1"}), frozenset()),))),
               lambda: field(phase=PhaseRecord(moves=(MoveRecord("b1", frozenset({"a1"}), frozenset({"a2"})),)))),
    "draw-the-gaze-of-khorne": (lambda: field(out("b1", B), out("b2", B), phase=taken("b1", "b2")),
                                lambda: field(out("b1", B), out("a1", A), phase=taken("b1", "a1"))),
    "it-begins": (lambda: field(out("a1", A), out("b1", B)), lambda: field(out("b1", B), out("b2", B))),
    "khorne-cares-not": (lambda: field(out("a1", A), out("a2", A), out("b1", B), out("b2", B), out("boss", B)),
                         lambda: field(out("a1", A), out("a2", A), out("b1", B), out("b2", B))),
    "khornes-champion": (lambda: field(out("a2", A), out("a3", A), out("b1", B), out("b2", B), out("boss", B)),
                         lambda: field(out("a3", A), out("b1", B), out("b2", B), out("boss", B))),
    "let-the-blood-flow": (lambda: field(phase=PhaseRecord(attacked_successfully=frozenset({"a1", "a2", "a3"}))),
                           lambda: field(phase=PhaseRecord(attacked_successfully=frozenset({"a1", "a2"})))),
    "there-is-only-slaughter": (lambda: field(objectives=(token(1, "C6"),)),
                                lambda: field(objectives=(token(1, "B2"),))),
    "awe-inspiring": (lambda: field(out("b1", B), out("a1", A), phase=taken("b1", "a1")),
                      lambda: field(out("b1", B), phase=taken("b1"))),
    "cleanse": (lambda: field(("a1", A, "C8"), objectives=(token(1, "C8"), token(2, "B2"))),
                lambda: field(("a1", A, "C8"), objectives=(token(1, "C8"), token(2, "E9")))),
    "consecrated-area": (lambda: field(), lambda: field(("b1", B, "C2"))),
    "eternals": (lambda: field(out("b1", B)), lambda: field(out("a3", A))),
    "immovable-object": (lambda: field(held_at_phase_ends=(frozenset({(1, "a1")}), frozenset({(1, "a1")}))),
                         lambda: field(held_at_phase_ends=(frozenset({(1, "a1")}), frozenset({(1, "a2")})))),
    "lightning-strikes": (lambda: field(out("b1", B), phase=taken("b1", using="charge")),
                          lambda: field(out("b1", B), phase=taken("b1"))),
    "seize-ground": (lambda: field(("a1", A, "C8"), objectives=(token(3, "C8"),)),
                     lambda: field(("a1", A, "C6"), objectives=(token(3, "C6"),))),
    "sigmars-bulwark": (lambda: field(phase=PhaseRecord(took_damage=frozenset({"b1"}))),
                        lambda: field(out("a1", A), phase=PhaseRecord(took_damage=frozenset({"a1"})))),
    "annihilation": (lambda: field(out("b1", B), out("b2", B), out("boss", B)), lambda: field(out("b1", B))),
    "conquest": (lambda: field(("a1", A, "B8"), ("a2", A, "C9"), out("a3", A)), lambda: field(("a1", A, "B8"))),
    "denial": (lambda: field(("b1", B, "B6")), lambda: field(("b1", B, "B5"))),
    "supremacy": (lambda: field(objectives=(token(1, "B2"), token(2, "D2"), token(3, "F2"))),
                  lambda: field(objectives=(token(1, "B2"), token(2, "D2"), token(3, "G2")))),
    **{f"hold-objective-{n}": ((lambda n=n: field(objectives=(token(n, "B2"),))),
                               (lambda n=n: field(objectives=(token(n, "C2"), token(n % 5 + 1, "B2")))))
       for n in range(1, 6)},
}


def test_every_core_objective_has_a_case() -> None:
    assert sorted(CASES) == sorted(c.id for c in shipped().cards if c.type == "objective")


@pytest.mark.parametrize("card_id", sorted(CASES))
def test_objective_condition_is_met_and_not_met(card_id: str) -> None:
    condition = shipped().card(card_id).condition
    assert condition is not None
    met, unmet = CASES[card_id]
    yes, no = evaluate(condition, met(), Context(A)), evaluate(condition, unmet(), Context(A))
    assert yes.met, yes.working
    assert not no.met, no.working
    assert yes.working and no.working


def test_cleanse_needs_a_token_in_enemy_territory() -> None:
    """Reading of Cleanse (31/437): holding every token in enemy territory needs at least one there."""
    condition = shipped().card("cleanse").condition
    assert condition is not None
    assert not evaluate(condition, field(objectives=(token(1, "B2"),)), Context(A)).met


def test_annihilation_with_three_players_counts_wiped_out_warbands() -> None:
    """E22, L779, L785, L799: two or more warbands wholly out of action."""
    card = shipped().card("annihilation")
    assert card.multiplayer is not None
    three = field(out("b1", B), out("b2", B), out("boss", B), ("c1", C, "A6"), sides=(A, B, C))
    assert not evaluate(card.multiplayer, three, Context(A)).met
    gone = field(out("b1", B), out("b2", B), out("boss", B), out("c1", C), sides=(A, B, C))
    verdict = evaluate(card.multiplayer, gone, Context(A))
    assert verdict.met and "2 of 3 warbands wiped out (B, C)" in verdict.working[0]


def test_working_names_what_counted() -> None:
    condition = shipped().card("let-the-blood-flow").condition
    assert condition is not None
    verdict = evaluate(condition, field(phase=PhaseRecord(attacked_successfully=frozenset({"a1", "a2", "a3"}))),
                       Context(A))
    assert verdict.working == ("3 friendly fighters, attacked successfully this phase (a1, a2, a3): needs at least 3, "
                               "so met",)


def test_t82_reavers_inspire_when_three_fighters_of_any_warband_are_out() -> None:
    """T82, L45, L79, L449, L861: fighters of either warband count."""
    inspire: Condition = shipped().warband("garreks-reavers").inspire
    assert evaluate(inspire, field(out("a1", A), out("b1", B), out("b2", B)), Context(A)).met
    assert not evaluate(inspire, field(out("a1", A), out("b1", B)), Context(A)).met


def test_liberators_inspire_on_their_own_block_or_critical_when_targeted() -> None:
    inspire: Condition = shipped().warband("steelhearts-champions").inspire
    assert evaluate(inspire, field(), Context(A, fighter="a1", defence_roll=("dodge", "crit"))).met
    assert not evaluate(inspire, field(), Context(A, fighter="a1", defence_roll=("dodge", "support"))).met
