"""Whom a Fortune ability may select, checked against the rulebook's wording (Sunshard:Embren core rules v1.0,
L749-803): every model the ability names is offered, not only those for which it seems worth it."""

from __future__ import annotations

import pytest

from engine.core import Answer, ModelId
from engine.systems.sunshard.fortune import fortune_options, offer_fortunes
from engine.systems.sunshard.system import Sunshard
from tests.engine.systems.sunshard.loader import shipped
from tests.engine.systems.sunshard.tables import B, activate, pending, put, quest_state, run, world

B1 = ModelId("B1")


def test_blood_price_may_select_a_friend_that_has_lost_no_hp() -> None:
    # L802: another model of the Leader's warband, without Solitary, within 8" heals 1 HP and gains 1 Blight; the book
    # asks no lost HP (the Blight alone may be wanted: Blightpowered, L1417; Wicked Ritual's count, L1267).
    state = quest_state("chance-encounter")
    state.records[B].alignment = "Ruin"
    state.records[B].fortune = 1
    put(state, "B1", "Pariah", B, 10, 20, leader=True)
    put(state, "B2", "Pariah", B, 14, 20)
    put(state, "B3", "Pariah", B, 20, 20)
    w = world(state)
    assert [o.key for o in fortune_options(w, B, "activation-start", w.model("B1"))
            if o.key.startswith("ruin-blood-price")] == ["ruin-blood-price:B2"]



@pytest.mark.parametrize(("hp_lost", "use"), [(0, "none"), (1, "ruin-blood-price:B2")])
def test_the_bot_buys_the_blood_price_only_for_a_friend_that_needs_the_heal(hp_lost: int, use: str) -> None:
    # The bot's policy, not the rules: an unhurt friend would gain the Blight for nothing.
    state = quest_state("chance-encounter")
    state.records[B].alignment = "Ruin"
    state.records[B].fortune = 1
    put(state, "B1", "Pariah", B, 10, 20, leader=True)
    put(state, "B2", "Pariah", B, 14, 20, hp_lost=hp_lost)
    activate(state, "B1")
    waiting, _ = run(state, lambda ctx: offer_fortunes(ctx, B, "activation-start", B1))
    assert [o.key for o in pending(waiting).parts[0].options] == ["none", "ruin-blood-price:B2"]
    move = Sunshard(shipped()).bot_move(waiting, B, lambda command: True)
    assert move is not None and isinstance(move.command, Answer) and move.command.answers == {"use": use}
