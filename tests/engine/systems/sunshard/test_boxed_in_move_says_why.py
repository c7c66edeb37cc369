"""A model that may Move (not engaged) but has nowhere to go: boxed in by three enemies a hair out of base contact,
as seeded menu walk sunshard /game new rng=29 met it. Its Where to? menu is empty; the player reads why, in the
rule's words, not "nothing to choose for to: now; type the command" (typing cannot help)."""

from __future__ import annotations

import math

from bot.core.systems import SYSTEM_FACTORIES
from engine.core import Viewer
from tests.engine.systems.sunshard import tables as t
from tests.engine.systems.sunshard.tables import B


def test_a_boxed_in_model_s_empty_move_menu_names_the_rule() -> None:
    state = t.new_state()
    t.put(state, "B1", "Captain", B, 12, 12)
    apart = (t.DATA.card("Captain").base_mm + t.DATA.card("Conscripted").base_mm) / 2 / 25.4 + 0.02
    for i, angle in enumerate((0, 120, 240), start=1):  # no gap between them wide enough for the Captain's base
        a = math.radians(angle)
        t.put(state, f"A{i}", "Conscripted", t.A, 12 + apart * math.cos(a), 12 + apart * math.sin(a))
    t.activate(state, "B1")
    system = SYSTEM_FACTORIES["sunshard"]()
    state.phase, state.step, state.active_side = "activation", "activation", B
    declarations = system.declarations
    move = declarations.find(("act",), "move")
    assert move is not None
    asked = declarations.question(system, state, move, Viewer.of_side(B), B, {"model": "B1"})
    assert asked is not None and asked.option == "to" and not asked.everything
    assert asked.why_empty is not None
    assert asked.why_empty() == ("no moves to choose now: B1 cannot get any nearer that way "
                                  "(Sunshard:Embren core rules v1.0, L459)")
