"""The players' own re-roll choices in play (Shroudfall beta rulebook v1.4, L809-813, L933-937, L1563-1571): each
source of re-rolls is a decision of its player, in the book's order (the attacker's, then the defender's), with the
sensible answer first (the attacker's blanks, the defender's highest dice; keeping the roll unless the re-roll is
forced, L1331); asked only when some answer could change the roll's result, else the first answer stands unasked.
The bot answers the same decision with its default."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core import Actor, Answer, Context, Decision, SideId, UserId
from engine.dice import Roller
from engine.systems.shroudfall.agenda import run
from engine.systems.shroudfall.events import AttackRolled
from engine.systems.shroudfall.rolling import REROLL
from engine.systems.shroudfall.state import Task
from engine.systems.shroudfall.system import Shroudfall

from .loader import load_shroudfall
from .tables import Put, Table, playing

A, B = SideId("A"), SideId("B")


@cache
def _system() -> Shroudfall:
    from bot.core.data_loader import load_system_data

    return Shroudfall(load_system_data("shroudfall"))


def _strike(target: str, *faces: int) -> tuple[Table, Context[Any]]:
    """Razhu (Accurate Strike (1), hit 3 yellow + 1 red) strikes ``target`` with Dragonclaw, the dice rigged."""
    table = playing(Put("A1", "razhu", 10, 10), Put("B1", target, 10, 11.8))
    state = table.state
    ctx = Context(_system(), state, Roller("seed", rigged=list(faces)), Actor(UserId("u")), lambda events: state,
                  lambda *args: None)
    ref = _system().referee(state)
    assert load_shroudfall().card("razhu").passives == ("Accurate Strike (1)",)
    run(ctx, ref, [Task(kind="strike", unit="A1", model="A1", weapon="Dragonclaw", target="B1", why="reaction")])
    return table, ctx


def _asked(table: Table) -> Decision:
    (decision,) = table.state.pending.values()
    assert decision.kind == REROLL
    return decision


def _attacks(ctx: Context[Any]) -> list[AttackRolled]:
    return [e.body for e in ctx.events if isinstance(e.body, AttackRolled)]


def test_the_attacker_chooses_to_reroll_its_blank_or_keep_the_roll() -> None:
    # L1313, L1566: Razhu rolls Y0 Y1 Y1 R2 = 4 against the Blade Wardens' DEF 7 (5, and Duellist's 2 against a
    # melee attack, L1329), a miss a re-rolled blank (up to 3) could turn into a hit: he is asked, re-rolling the
    # blank first, keeping the roll second.
    table, ctx = _strike("blade-wardens", 0, 1, 1, 2, 3)
    decision = _asked(table)
    assert decision.owner == A and "Accurate Strike (1) (L1313)" in decision.prompt
    part = decision.parts[0]
    assert [o.key for o in part.options] == ["1", "keep"] and part.default == "1"
    assert part.options[0].label == "re-roll the blanks: die 1 (yellow blank)"
    ctx.answer(decision, {"dice": "keep"}, "typed")
    (attack,) = _attacks(ctx)
    assert not attack.hit and attack.hit_total == 4 and not any("re-roll" in line for line in attack.lines)


def test_the_blank_rerolled_as_chosen_turns_the_miss_into_a_hit() -> None:
    # L813: the chosen blank is re-rolled once (a 3): 7 against DEF 7 hits, and the damage roll follows.
    table, ctx = _strike("blade-wardens", 0, 1, 1, 2, 3, 3, 3, 3, 4)
    ctx.answer(_asked(table), {"dice": "1"}, "typed")
    (attack,) = _attacks(ctx)
    assert attack.hit and "attacker re-roll (A): blank -> 3 (L813)" in attack.lines


def test_a_reroll_that_cannot_change_the_result_is_not_asked() -> None:
    # Y0 Y3 Y3 R4 = 10 hits DEF 7, and whatever the blank becomes it stays a hit short of critical (14, L750): no
    # question; the first answer (the blank re-rolled) stands, and the damage roll follows.
    table, ctx = _strike("blade-wardens", 0, 3, 3, 4, 1, 3, 3, 3, 4)
    assert not table.state.pending
    (attack,) = _attacks(ctx)
    assert attack.hit and not attack.critical and "attacker re-roll (A): blank -> 1 (L813)" in attack.lines


def test_the_defender_chooses_which_die_elusive_forces_after_the_attacker() -> None:
    # L1565-1570: the attacker's question first (his blank), then the defender's: the Sage's Elusive (1) forces one
    # die again (L1331), so no "keep"; her highest die first (the red 2), and she may name another.
    table, ctx = _strike("sages", 0, 1, 1, 2, 0)
    first = _asked(table)
    assert first.owner == A
    ctx.answer(first, {"dice": "keep"}, "typed")
    second = _asked(table)
    assert second.owner == B and "Elusive (1) (L1331)" in second.prompt
    keys = [o.key for o in second.parts[0].options]
    assert keys[0] == "4" and "keep" not in keys and set(keys) == {"1", "2", "3", "4"}
    ctx.answer(second, {"dice": "2"}, "typed")
    (attack,) = _attacks(ctx)
    assert "defender re-roll (B): 1 -> blank (L813)" in attack.lines and attack.hit_total == 3


def test_the_bot_answers_a_reroll_question_with_its_default() -> None:
    table, _ = _strike("blade-wardens", 0, 1, 1, 2)
    decision = _asked(table)
    move = _system().bot_move(table.state, A, lambda command: True)
    assert move is not None and move.command == Answer(decision_id=decision.id, answers={"dice": "1"})
